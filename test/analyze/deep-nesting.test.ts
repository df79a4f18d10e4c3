/**
 * Generated code can nest thousands of levels deep (a union type of every icon name, a chain of calls, a long
 * concatenation), past what the recursive collectors and resolvers can follow on a thread's stack. Such a file is
 * indexed but for what lies past MAX_TREE_DEPTH, and the summary names it; it is never dropped whole.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { MAX_TREE_DEPTH } from '../../lib/extract/halves.ts';
import { tempRepo } from './_helpers.ts';

const N = 3000;
const DEEP: Record<string, string> = {
  // a union of N members is a left-deep tree of N levels
  'src/icons.ts': `export type IconName =\n${Array.from({ length: N }, (_, i) => `  | 'icon-${i}'`).join('\n')};\n`
    + 'export function icon(name: IconName): string { return name; }\n',
  'src/use.ts': "import { icon } from './icons';\nexport function toolbar(): string { return icon('icon-1'); }\n",
  // a chain of N calls
  'src/chain.ts': `export class Q { where(): Q { return this; } run(): number { return 1; } }\nexport function query(q: Q): number {\n  return q${'\n    .where()'.repeat(N)}\n    .run();\n}\nexport function after(q: Q): number { return q.run(); }\n`,
  // Python: a concatenation of N terms, then the module goes on
  'app/report.py': `def header(a):\n    return (${Array.from({ length: N }, () => 'a').join(' +\n        ')})\n\n\ndef footer():\n    return header(1)\n`,
  // Go: a chain of N calls
  'go/chain.go': `package p\n\ntype T struct{}\n\nfunc (t T) A() T { return t }\n\nfunc C() T {\n\treturn T{}${'.\n\t\tA()'.repeat(N)}\n}\n\nfunc D() T { return C().A() }\n`,
  // nested as deep as real code gets: read whole
  'src/shallow.ts': `export function leaf(): number { return 1; }\nexport function wide(): number {\n  return ${Array.from({ length: 80 }, () => '(').join('')}leaf()${Array.from({ length: 80 }, () => ')').join('')};\n}\n`,
};

const edge = (edges: { source: string; target: string; type: string }[], source: string, target: string): boolean =>
  edges.some((e) => e.type === 'CALLS' && e.source === source && e.target === target);

test('a file nested past the depth read is indexed but for its deep part, and named in the summary', async (t) => {
  const { root, home } = tempRepo(DEEP);
  const r = await analyzeRepository(root, { home });
  t.is(r.summary.files.indexed, Object.keys(DEEP).length);
  t.is(r.summary.skips['extract-failed'], undefined);
  const failures = new Map(r.summary.failures.map((f) => [f.path, f.error]));
  for (const p of ['src/icons.ts', 'src/chain.ts', 'app/report.py', 'go/chain.go']) {
    t.regex(failures.get(p) ?? '', new RegExp(`^nested deeper than ${MAX_TREE_DEPTH} levels: \\d+ syntax subtrees? below that not read$`), p);
  }
  t.false(failures.has('src/shallow.ts'));
  t.false(failures.has('src/use.ts'));
  t.is(r.summary.failures.length, 4);
  t.is(r.summary.parseErrors.total, 0);
  const { nodes, edges } = readGraphData(r.dir);
  const uids = new Set(nodes.map((n) => n.uid));
  for (const uid of ['Function:src/icons.ts:icon', 'TypeAlias:src/icons.ts:IconName', 'Function:src/chain.ts:query', 'Function:src/chain.ts:after',
    'Function:app/report.py:header', 'Function:app/report.py:footer', 'Function:go/chain.go:C', 'Function:go/chain.go:D']) t.true(uids.has(uid), uid);
  // what follows the deep part, and the files that use the deep one, keep their relations
  t.true(edge(edges, 'Function:src/use.ts:toolbar', 'Function:src/icons.ts:icon'));
  t.true(edge(edges, 'Function:src/chain.ts:after', 'Method:src/chain.ts:Q.run'));
  t.true(edge(edges, 'Function:app/report.py:footer', 'Function:app/report.py:header'));
  t.true(edge(edges, 'Function:go/chain.go:D', 'Function:go/chain.go:C'));
  t.true(edge(edges, 'Function:src/shallow.ts:wide', 'Function:src/shallow.ts:leaf'), 'eighty levels of parentheses are read whole');
});

test('a run that takes the deep file\'s facts over names it again, and the same input gives the same graph', async (t) => {
  const { root, home } = tempRepo(DEEP);
  const first = await analyzeRepository(root, { home });
  fs.appendFileSync(path.join(root, 'src/use.ts'), 'export function more(): string { return toolbar(); }\n');
  const again = await analyzeRepository(root, { home });
  t.is(again.summary.files.parsed, 1);
  t.deepEqual(again.summary.failures.map((f) => f.path).sort(), first.summary.failures.map((f) => f.path).sort());
  const cold = await analyzeRepository(root, { home, force: true });
  const text = (dir: string): string[] => { const { nodes, edges } = readGraphData(dir); return [...nodes, ...edges].map((x) => JSON.stringify(x)); };
  const a = text(again.dir), c = text(cold.dir);
  t.deepEqual(a.filter((x) => !c.includes(x)), []);
  t.deepEqual(c.filter((x) => !a.includes(x)), []);
  t.deepEqual(a, c);
});

test('a file an older extractor failed on is parsed again by this one, not kept skipped', async (t) => {
  const { root, home } = tempRepo({ 'src/icons.ts': DEEP['src/icons.ts'], 'src/use.ts': DEEP['src/use.ts'] });
  const old = new Date(Date.now() - 60_000);
  for (const rel of ['src/icons.ts', 'src/use.ts']) fs.utimesSync(path.join(root, rel), old, old);
  const first = await analyzeRepository(root, { home });
  // the index as an older extractor left it: icons.ts skipped as extract-failed
  const table = JSON.parse(fs.readFileSync(path.join(first.dir, 'files.json'), 'utf8')) as { files: { path: string; size: number; mtimeMs: number; hash: string }[]; skipped: unknown[] };
  const icons = table.files.find((f) => f.path === 'src/icons.ts')!;
  table.files = table.files.filter((f) => f !== icons);
  table.skipped.push({ path: icons.path, reason: 'extract-failed', size: icons.size, mtimeMs: icons.mtimeMs, hash: icons.hash });
  fs.writeFileSync(path.join(first.dir, 'files.json'), JSON.stringify(table));
  const metaFile = path.join(first.dir, 'meta.json');
  fs.writeFileSync(metaFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(metaFile, 'utf8')), extractVersion: 'an-older-extractor' }));
  const again = await analyzeRepository(root, { home });
  t.is(again.summary.skips['extract-failed'], undefined);
  t.true(readGraphData(again.dir).nodes.some((n) => n.uid === 'Function:src/icons.ts:icon'));
  // with the same extractor, a skip it decided is kept (the file is not tried again on every run)
  const table2 = JSON.parse(fs.readFileSync(path.join(again.dir, 'files.json'), 'utf8')) as typeof table;
  const icons2 = table2.files.find((f) => f.path === 'src/icons.ts')!;
  table2.files = table2.files.filter((f) => f !== icons2);
  table2.skipped.push({ path: icons2.path, reason: 'extract-failed', size: icons2.size, mtimeMs: icons2.mtimeMs, hash: icons2.hash });
  fs.writeFileSync(path.join(again.dir, 'files.json'), JSON.stringify(table2));
  fs.appendFileSync(path.join(root, 'src/use.ts'), '// touched\n');
  const third = await analyzeRepository(root, { home });
  t.is(third.summary.skips['extract-failed'], 1);
});
