import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { tempDir, tempRepo, writeTree } from './_helpers.ts';

// the pipeline says how many files' relations it evaluated when this is set
process.env.CODEGRAPH_RESOLVE_LOG = '1';

const PROJECT: Record<string, string> = {
  'src/shapes.ts': [
    'export class Shape {',
    '  area(): number { return 0; }',
    '  name(): string { return "shape"; }',
    '}',
    'export class Square extends Shape {',
    '  constructor(private side: number) { super(); }',
    '  area(): number { return this.side * this.side; }',
    '}',
    'export function makeSquare(n: number): Square { return new Square(n); }',
    '',
  ].join('\n'),
  'src/use.ts': [
    'import { makeSquare, Shape } from "./shapes";',
    'export function total(shapes: Shape[]): number {',
    '  let t = 0;',
    '  for (const s of shapes) t += s.area();',
    '  return t + makeSquare(2).area();',
    '}',
    '',
  ].join('\n'),
  'src/loose.js': [
    'export function run(x) {',
    '  x.describe();',
    '  return x.area();',
    '}',
    '',
  ].join('\n'),
  'src/other.ts': [
    'export function unrelated(a: number): number { return a + 1; }',
    'export const two = unrelated(1);',
    '',
  ].join('\n'),
};

function generation(root: string): string {
  return path.join(root, '.codegraph', fs.readFileSync(path.join(root, '.codegraph', 'CURRENT'), 'utf8').trim());
}

/** The generation's files that must equal a cold run's (files.json without times), and the summary's counts. */
function contents(root: string): Record<string, unknown> {
  const g = generation(root);
  const read = (f: string): string => fs.readFileSync(path.join(g, f), 'utf8');
  const table = JSON.parse(read('files.json'));
  for (const f of [...table.files, ...(table.skipped ?? [])]) delete f.mtimeMs;
  const s = JSON.parse(read('meta.json')).summary;
  return {
    graph: read('graph.json'), refs: read('refs.json'), facts: read('facts.json'), resolve: read('resolve.json'), files: table,
    counts: { nodes: s.nodes, symbols: s.symbols, edges: s.edges, references: s.references, unresolvedCalls: s.unresolvedCalls, communities: s.communities, processes: s.processes },
  };
}

/** Analyzes PROJECT, applies `edit`, analyzes again (incrementally), and compares with a cold analyze of the edited tree. */
async function check(t: import('ava').ExecutionContext, edit: Record<string, string>, expectPartial: boolean, tamper?: (generation: string) => void): Promise<string[]> {
  const { root, home } = tempRepo(PROJECT);
  await analyzeRepository(root, { home });
  tamper?.(generation(root));
  writeTree(root, edit);
  const logs: string[] = [];
  await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  const line = logs.find((m) => m.startsWith('resolve: '));
  t.truthy(line, 'the resolve says how many files it evaluated');
  const [, evaluated, total] = /resolve: (\d+) of (\d+)/.exec(line!)!;
  if (expectPartial) t.true(Number(evaluated) < Number(total), line);
  else t.is(evaluated, total, line);
  const cold = path.join(tempDir(), 'repo');
  fs.cpSync(root, cold, { recursive: true, filter: (src) => !src.includes('.codegraph') });
  await analyzeRepository(cold, { home: path.join(path.dirname(cold), 'home') });
  t.deepEqual(contents(root), contents(cold));
  return logs;
}

test('incremental resolve: an edit that changes the edges of a file importing the edited one', async (t) => {
  // makeSquare now returns a Shape: use.ts's `makeSquare(2).area()` calls Shape.area, no longer Square.area
  await check(t, { 'src/shapes.ts': PROJECT['src/shapes.ts'].replace('makeSquare(n: number): Square', 'makeSquare(n: number): Shape') }, true);
});

test('incremental resolve: an added method changes a name-only guess in a file that does not read the edited one', async (t) => {
  // loose.js's `x.describe()` had no project method of that name; now other.ts declares one
  await check(t, { 'src/other.ts': PROJECT['src/other.ts'] + 'export class Thing {\n  describe(): string { return "t"; }\n}\n' }, true);
});

test('incremental resolve: a renamed method', async (t) => {
  await check(t, { 'src/shapes.ts': PROJECT['src/shapes.ts'].replace('  area(): number { return 0; }', '  areaX(): number { return 0; }') }, true);
});

test('incremental resolve: a body-only edit evaluates only the edited file', async (t) => {
  const logs = await check(t, { 'src/other.ts': PROJECT['src/other.ts'].replace('return a + 1;', 'return a + Math.abs(1);') }, true);
  t.true(logs.some((m) => m.startsWith('resolve: 1 of 4')), logs.join('\n'));
});

test('incremental resolve: an edit that leaves the facts as they were evaluates nothing', async (t) => {
  const logs = await check(t, { 'src/other.ts': PROJECT['src/other.ts'].replace('return a + 1;', 'return 1 + a;') }, true);
  t.true(logs.some((m) => m.startsWith('resolve: 0 of 4')), logs.join('\n'));
});

test('incremental resolve: an added file resolves every file', async (t) => {
  await check(t, { 'src/added.ts': 'import { two } from "./other";\nexport const three = two + 1;\n' }, false);
});

test('incremental resolve: a deleted file resolves every file', async (t) => {
  const { root, home } = tempRepo(PROJECT);
  await analyzeRepository(root, { home });
  fs.rmSync(path.join(root, 'src/loose.js'));
  const logs: string[] = [];
  await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.true(logs.some((m) => m.startsWith('resolve: 3 of 3')), logs.join('\n'));
  const cold = path.join(tempDir(), 'repo');
  fs.cpSync(root, cold, { recursive: true, filter: (src) => !src.includes('.codegraph') });
  await analyzeRepository(cold, { home: path.join(path.dirname(cold), 'home') });
  t.deepEqual(contents(root), contents(cold));
});

test('incremental resolve: a previous generation without resolve.json resolves every file', async (t) => {
  const { root, home } = tempRepo(PROJECT);
  await analyzeRepository(root, { home });
  fs.rmSync(path.join(generation(root), 'resolve.json'));
  writeTree(root, { 'src/other.ts': PROJECT['src/other.ts'].replace('return a + 1;', 'return 1 + a;') });
  const logs: string[] = [];
  await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.true(logs.some((m) => m.startsWith('resolve: 4 of 4')), logs.join('\n'));
  t.true(fs.existsSync(path.join(generation(root), 'resolve.json')));
});

// resolve.json's edge ranges point into graph.json: a pair that does not belong together must not be taken over
const BODY_EDIT = { 'src/other.ts': PROJECT['src/other.ts'].replace('return a + 1;', 'return a + Math.abs(1);') };

test('incremental resolve: edge ranges that do not fit the previous graph.json resolve every file', async (t) => {
  const logs = await check(t, BODY_EDIT, false, (g) => {
    const file = path.join(g, 'resolve.json');
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    t.true(record.files.some((f: { edges: number[] }) => f.edges[1] > f.edges[0]), 'some file has relation edges');
    for (const f of record.files) { f.edges[0]++; f.edges[1]++; } // every range one edge later: still adjacent
    fs.writeFileSync(file, JSON.stringify(record));
  });
  t.true(logs.some((m) => m.startsWith('resolve: 4 of 4')), logs.join('\n'));
});

test('incremental resolve: a previous graph.json with fewer edges resolves every file', async (t) => {
  const logs = await check(t, BODY_EDIT, false, (g) => {
    const file = path.join(g, 'graph.json');
    const graph = JSON.parse(fs.readFileSync(file, 'utf8'));
    graph.edges = { count: 0, keys: [], shapes: [], shape: [], strings: [], columns: [] };
    fs.writeFileSync(file, JSON.stringify(graph));
  });
  t.true(logs.some((m) => m.startsWith('resolve: 4 of 4')), logs.join('\n'));
});

test('incremental resolve: a previous generation without graph.json resolves every file', async (t) => {
  const logs = await check(t, BODY_EDIT, false, (g) => fs.rmSync(path.join(g, 'graph.json')));
  t.true(logs.some((m) => m.startsWith('resolve: 4 of 4')), logs.join('\n'));
});
