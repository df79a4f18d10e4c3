/** A small hand-indexed app used by the rename tests: its references are what an indexer would record. */
import { Fixture } from './helpers.ts';

export const APP_FILES: Record<string, string> = {
  'src/format.ts': [
    '/** formatDate turns a Date into text. */',
    'export function formatDate(d: When): string {',
    '  return d.toISOString();',
    '}',
    'export { formatDate as publicFormat };',
    'export const registry = { formatDate };',
    'export interface When extends Date {}',
    '',
  ].join('\n'),
  'src/view.tsx': [
    "import { formatDate } from './format';",
    "import { formatDate as fd } from './format';",
    "import type { When } from './format';",
    'export function View(props: { when: When }) {',
    '  const label = formatDate(props.when);',
    "  log('formatDate called', label);",
    '  return <Stamp value={fd(props.when)}></Stamp>;',
    '}',
    'export function Stamp(p: { value: string }) { return p.value; }',
    '',
  ].join('\n'),
  'src/other.ts': [
    '// a different formatDate, same name',
    'export function formatDate(x: number) { return String(x); }',
    '',
  ].join('\r\n'),
  'README.md': 'Call `formatDate` to format.\nformatDates is another word; so is $formatDate and formatDate_.\n',
  'config/app.json': '{ "formatter": "formatDate" }\n',
};

export const FORMAT = 'Function:src/format.ts:formatDate';
export const OTHER = 'Function:src/other.ts:formatDate';
export const WHEN = 'Interface:src/format.ts:When';
export const STAMP = 'Function:src/view.tsx:Stamp';
export const VIEW = 'Function:src/view.tsx:View';
export const REGISTRY = 'Variable:src/format.ts:registry';

/** Builds the app fixture (optionally over other file texts, for edits-since-indexing). */
export function appFixture(files: Record<string, string> = APP_FILES): Fixture {
  const f = new Fixture({ ...files });
  f.symbol({ label: 'Function', file: 'src/format.ts', qn: 'formatDate', line: 2, endLine: 4, exported: true });
  f.symbol({ label: 'Variable', file: 'src/format.ts', qn: 'registry', line: 6, exported: true });
  f.symbol({ label: 'Interface', file: 'src/format.ts', qn: 'When', line: 7, exported: true });
  f.symbol({ label: 'Function', file: 'src/view.tsx', qn: 'View', line: 4, endLine: 8, exported: true });
  f.symbol({ label: 'Function', file: 'src/view.tsx', qn: 'Stamp', line: 9, exported: true });
  f.symbol({ label: 'Function', file: 'src/other.ts', qn: 'formatDate', line: 2, exported: true });
  // src/format.ts — occurrence 0 of formatDate is in the doc comment: no reference there.
  f.ref(FORMAT, 'src/format.ts', 'formatDate', 1, 'definition');
  f.ref(WHEN, 'src/format.ts', 'When', 0, 'type');
  f.ref(FORMAT, 'src/format.ts', 'formatDate', 2, 'export');
  f.ref(FORMAT, 'src/format.ts', 'publicFormat', 0, 'export'); // the public alias refers to it but keeps its name
  f.ref(REGISTRY, 'src/format.ts', 'registry', 0, 'definition');
  f.ref(FORMAT, 'src/format.ts', 'formatDate', 3, 'shorthand');
  f.ref(WHEN, 'src/format.ts', 'When', 1, 'definition');
  // src/view.tsx
  f.ref(FORMAT, 'src/view.tsx', 'formatDate', 0, 'import');
  f.ref(FORMAT, 'src/view.tsx', 'formatDate', 1, 'import');
  f.ref(FORMAT, 'src/view.tsx', 'fd', 0, 'import'); // local alias: stays `fd`
  f.ref(WHEN, 'src/view.tsx', 'When', 0, 'import');
  f.ref(VIEW, 'src/view.tsx', 'View', 0, 'definition');
  f.ref(WHEN, 'src/view.tsx', 'When', 1, 'type');
  f.ref(FORMAT, 'src/view.tsx', 'formatDate', 2, 'call');
  // occurrence 3 of formatDate is inside a string: no reference there.
  f.ref(STAMP, 'src/view.tsx', 'Stamp', 0, 'jsx');
  f.ref(FORMAT, 'src/view.tsx', 'fd', 1, 'call');
  f.ref(STAMP, 'src/view.tsx', 'Stamp', 1, 'jsx');
  f.ref(STAMP, 'src/view.tsx', 'Stamp', 2, 'definition');
  // src/other.ts: a different symbol of the same name.
  f.ref(OTHER, 'src/other.ts', 'formatDate', 1, 'definition');
  return f;
}
