import test from 'ava';
import fs from 'node:fs';
import { isAscii } from 'node:buffer';
import path from 'node:path';
import type { Reference } from '../../lib/refs/reference-index.ts';
import {
  GenerationWriter, cleanupGenerations, createGeneration, publishGeneration, readFactsFile, readGraph, readGraphData, readMeta, readPointer, readRefs,
  SNAPSHOT_SCHEMA, sweepGenerations, type FactsText, type SnapshotMeta,
} from '../../index-store/format.ts';
import { escapeNonAscii } from '../../index-store/ascii-json.ts';
import { writeFileFlushing } from '../../index-store/atomic.ts';
import { tempDir } from '../analyze/_helpers.ts';
import type { GraphEdge, GraphNode } from '../../lib/graph/schema.ts';
import { encodeEdges } from '../../index-store/graph-edges.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { outEdgesOf } from '../helpers/graph.ts';

const ascii = (file: string): boolean => isAscii(fs.readFileSync(file));

const refs: Reference[] = [
  { target: 'Function:src/a.ts:f', filePath: 'src/a.ts', line: 1, column: 17, length: 1, kind: 'definition', confidence: 1, reason: 'definition' },
  { target: 'Function:src/a.ts:f', filePath: 'src/b.ts', line: 3, column: 5, length: 1, kind: 'call', from: 'Function:src/b.ts:g', confidence: 0.95, reason: 'import' },
  { target: 'Class:src/c.ts:C', filePath: 'src/b.ts', line: 9, column: 12, length: 1, kind: 'shorthand', confidence: 0.3, reason: 'name-only' },
  { target: 'Class:src/c.ts:C', filePath: 'src/c.ts', line: 2, column: 1, length: 1, kind: 'future-kind' as Reference['kind'], confidence: 0.5, reason: 'x' },
];

const metaOf = (dir: string): SnapshotMeta => ({
  schema: SNAPSHOT_SCHEMA, generation: path.basename(dir), name: 'n', root: '/r', indexedAt: new Date().toISOString(), commit: null, embedder: 'none',
  extractVersion: '1', stats: { files: 0, nodes: 0, edges: 0, communities: 0, processes: 0, embeddings: 0 }, configFiles: {}, summary: {},
});

const refFacts = [{ path: 'src/a.ts' }, { path: 'src/b.ts' }, { path: 'src/c.ts' }];

/** A generation of `facts` (one bucket: under 64 files) with the references of their files. */
async function generation(dir: string, facts: { path: string }[] = refFacts) {
  const w = new GenerationWriter(dir);
  w.files({ files: [], skipped: [] });
  const paths = facts.map((f) => f.path);
  w.parts({ paths, facts, refs: refs.filter((r) => paths.includes(r.filePath)), sites: [] });
  w.graphData({ nodes: [], edges: [] });
  await w.finish(metaOf(dir));
}

/** The facts of a generation of fewer than 64 files: its one bucket. */
const factsFile = (dir: string): string => path.join(dir, 'facts', '0.json');

/** The facts part of `facts` (a one-bucket generation) with `cachedText`. */
function factsPart(w: GenerationWriter, facts: { path: string }[], cachedText?: (f: unknown) => FactsText | undefined): void {
  w.parts({ paths: facts.map((f) => f.path), facts, cachedText, refs: [], sites: [] });
}

test('references survive the column-wise encoding exactly, unknown kinds included', async (t) => {
  const index = tempDir();
  const g = createGeneration(path.join(index, '.codegraph'));
  await generation(g.dir);
  t.deepEqual(readRefs(g.dir), refs);
  t.true(fs.readFileSync(path.join(g.dir, 'refs', '0.json'), 'utf8').length < JSON.stringify(refs).length);
});

test('facts of many files go to 64 buckets by path, each one file per line, and read back whole', async (t) => {
  const facts = Array.from({ length: 2600 }, (_, i) => ({ path: `f${i}.ts`, s: i % 3 ? 'x'.repeat(i % 50) : 'é…' }));
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const w = new GenerationWriter(g.dir);
  factsPart(w, facts);
  await w.settle(true);
  const buckets = fs.readdirSync(path.join(g.dir, 'facts'));
  t.is(buckets.length, 64);
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const parts = buckets.map((b) => readFactsFile(path.join(g.dir, 'facts', b)).facts as typeof facts);
  t.deepEqual(parts.flat().sort(byPath), [...facts].sort(byPath));
  for (const [k, part] of parts.entries()) {
    t.is(fs.readFileSync(path.join(g.dir, 'facts', buckets[k]), 'utf8'), part.length ? `[\n${part.map((f) => escapeNonAscii(JSON.stringify(f))).join(',\n')}\n]` : '[]');
  }
});

test('writeFileFlushing: more parts than one writev takes (IOV_MAX) are written whole and in order', async (t) => {
  const parts = Array.from({ length: 2600 }, (_, i) => Buffer.from(`${i},`));
  const file = path.join(tempDir(), 'many');
  await writeFileFlushing(file, parts);
  t.is(fs.readFileSync(file, 'utf8'), parts.map((p) => p.toString()).join(''));
});

/** What a format 1 graph.json gave: the graph through JSON.stringify and JSON.parse, as one string (key order kept). */
const viaJson = (data: unknown): string => JSON.stringify(JSON.parse(JSON.stringify(data)));

test('graph.json: nodes as JSON.stringify writes them, edges column-wise; in ASCII, however many records, and read back equal', async (t) => {
  const node = (i: number) => ({ uid: `Function:a.ts:f${i}`, label: 'Function', name: `f${i}`, doc: i % 7 ? 'plain' : 'ünï … 𝒳', line: i, skip: undefined });
  const edge = (i: number) => ({ source: `Function:a.ts:f${i}`, target: 'Function:a.ts:f0', type: 'CALLS', confidence: 0.5, reason: i % 5 ? 'same-file' : 'ïmport →', line: i });
  for (const n of [0, 1, 255, 256, 257, 700]) {
    const data = { nodes: Array.from({ length: n }, (_, i) => node(i)), edges: Array.from({ length: Math.max(0, n - 1) }, (_, i) => edge(i + 1)) };
    const g = createGeneration(path.join(tempDir(), '.codegraph'));
    const w = new GenerationWriter(g.dir);
    w.graphData(data as unknown as Parameters<GenerationWriter['graphData']>[0]);
    await w.settle(true);
    const text = fs.readFileSync(path.join(g.dir, 'graph.json'), 'utf8');
    t.true(text.startsWith(`{"nodes":${escapeNonAscii(JSON.stringify(data.nodes))},"edges":{"count":${data.edges.length},`), `${n} nodes`);
    const edges = encodeEdges(data.edges as unknown as GraphEdge[], data.nodes as unknown as GraphNode[]);
    t.is(text, escapeNonAscii(JSON.stringify({ nodes: data.nodes, edges })), 'the text of one JSON.stringify');
    t.true(ascii(path.join(g.dir, 'graph.json')));
    const read = readGraphData(g.dir);
    t.deepEqual(read, JSON.parse(JSON.stringify(data)));
    t.is(JSON.stringify(read), viaJson(data), 'same key order');
    if (n > 256) t.true(text.length < JSON.stringify(data).length);
  }
});

test('every edge property survives the column-wise edges: optional ones, unknown keys, any key order, values of any kind', async (t) => {
  const nodes = ['a', 'b', 'c', 'd'].map((x) => ({ uid: `Function:x.ts:${x}`, label: 'Function', name: x }));
  const [a, b, c, d] = nodes.map((n) => n.uid);
  const edges: Record<string, unknown>[] = [
    { source: a, target: b, type: 'CALLS', confidence: 1, reason: 'same-file' },
    { source: a, target: c, type: 'CALLS', confidence: 0.95, reason: 'import', line: 3, count: 2 },
    { source: b, target: c, type: 'CALLS', confidence: 0.9, reason: 'import', line: 4, count: 1, refKind: 'value', via: 'x.map' },
    { source: b, target: d, type: 'CALLS', confidence: 0.5, reason: 'name-only', count: 3, line: 7 }, // count before line
    { source: c, target: d, type: 'STEP_IN_PROCESS', confidence: 1, reason: 'process', step: 2 },
    { source: c, target: a, type: 'CALLS', confidence: 0.8, reason: 'x', line: 1, count: 1, role: 'handler', callee: 'on', key: 'click' },
    { source: d, target: a, type: 'CALLS', confidence: 0.8, reason: 'x', future: 'ünï → 𝒳', weight: 0.25, flag: true, none: null, list: [1, 'two', { k: 3 }], obj: { deep: [null] } },
    { source: d, target: b, type: 'CALLS', confidence: 0.8, reason: 'x', future: 7 }, // `future` now of two kinds: a JSON column
    { type: 'CALLS', source: d, target: c, reason: 'reordered', confidence: 0.1 }, // another order of the base properties
    { source: a, target: d, type: 'CALLS', confidence: 0.7, reason: 'x', line: undefined, gone: () => 1, count: 4 }, // left out as JSON.stringify does
    { source: a, target: 'Function:elsewhere.ts:z', type: 'CALLS', confidence: 0.6, reason: 'dangling' }, // not a node: uids as strings
    { source: b, target: a, type: 'CALLS', confidence: Number.NaN, reason: 7, line: -0, count: 1e21 }, // odd kinds in the base columns
    JSON.parse('{"source":"Function:x.ts:c","target":"Function:x.ts:b","type":"CALLS","confidence":1,"reason":"x","__proto__":"own"}'),
    { source: a, target: b, type: 'EXTENDS', confidence: 1, reason: 'same-file' },
  ];
  const data = { nodes, edges } as unknown as Parameters<GenerationWriter['graphData']>[0];
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const w = new GenerationWriter(g.dir);
  w.graphData(data);
  await w.settle(true);
  t.true(ascii(path.join(g.dir, 'graph.json')));
  const read = readGraphData(g.dir);
  t.is(JSON.stringify(read), viaJson(data));
  t.deepEqual(read, JSON.parse(JSON.stringify(data)));
  t.deepEqual(Object.keys(read.edges[12]), ['source', 'target', 'type', 'confidence', 'reason', '__proto__']);
  t.is(Object.getPrototypeOf(read.edges[12]), Object.prototype);
  // The common edges alone (encoded in one pass), with and without the end positions denseGraph gives the writer.
  const common = { nodes, edges: edges.filter((e, i) => i < 8 && i !== 6) } as unknown as Parameters<GenerationWriter['graphData']>[0];
  const pos = (uid: unknown) => nodes.findIndex((n) => n.uid === uid);
  const ends = { src: common.edges.map((e) => pos(e.source)), dst: common.edges.map((e) => pos(e.target)) };
  const texts = await Promise.all([undefined, ends].map(async (given) => {
    const g2 = createGeneration(path.join(tempDir(), '.codegraph'));
    const w2 = new GenerationWriter(g2.dir);
    w2.graphData(common, given);
    await w2.settle(true);
    t.is(JSON.stringify(readGraphData(g2.dir)), viaJson(common));
    return fs.readFileSync(path.join(g2.dir, 'graph.json'), 'utf8');
  }));
  t.is(texts[0], texts[1]);
});

test('readGraph (stored end positions, no uid read per edge) loads the graph the builder makes of readGraphData; a format 1 file merges its duplicates', async (t) => {
  const nodes = ['a', 'b', 'c'].map((x) => ({ uid: `Function:x.ts:${x}`, label: 'Function', name: x }));
  const [a, b, c] = nodes.map((n) => n.uid);
  const edges = [
    { source: a, target: b, type: 'CALLS', confidence: 0.5, reason: 'name-only', line: 9, count: 3 },
    { source: b, target: c, type: 'CALLS', confidence: 1, reason: 'same-file' },
    { source: a, target: b, type: 'IMPORTS', confidence: 1, reason: 'x' },
    { source: c, target: a, type: 'CALLS', confidence: 1, reason: 'x', flag: true }, // a JSON column
  ];
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const w = new GenerationWriter(g.dir);
  w.graphData(structuredClone({ nodes, edges }) as unknown as Parameters<GenerationWriter['graphData']>[0]);
  await w.settle(true);
  const loaded = readGraph(g.dir), expected = GraphBuilder.fromJSON(readGraphData(g.dir)).toGraph();
  t.deepEqual(loaded.export(), expected.export());
  t.deepEqual(graphData(loaded), JSON.parse(JSON.stringify({ nodes, edges })));
  t.deepEqual(outEdgesOf(loaded, a).map((e) => [e.type, e.count, e.confidence, e.reason, e.line]), [['CALLS', 3, 0.5, 'name-only', 9], ['IMPORTS', undefined, 1, 'x', undefined]]);
  // Format 1 (edges as objects) as an older codegraph or a person may have written it: a relation twice is one edge.
  const old = createGeneration(path.join(tempDir(), '.codegraph'));
  fs.writeFileSync(path.join(old.dir, 'graph.json'), JSON.stringify({ nodes, edges: [...edges, { source: a, target: b, type: 'CALLS', confidence: 0.9, reason: 'import', line: 3, count: 2 }] }));
  const merged = readGraph(old.dir);
  t.is(merged.size, 4);
  t.deepEqual(outEdgesOf(merged, a).map((e) => [e.type, e.count, e.confidence, e.reason, e.line]), [['CALLS', 5, 0.9, 'import', 3], ['IMPORTS', undefined, 1, 'x', undefined]]);
});

test('a format 1 graph.json (edges as objects) still reads', (t) => {
  const dir = tempDir();
  const data = { nodes: [{ uid: 'File:a.ts', label: 'File', name: 'a.ts' }], edges: [{ source: 'File:a.ts', target: 'File:a.ts', type: 'IMPORTS', confidence: 1, reason: 'x' }] };
  fs.writeFileSync(path.join(dir, 'graph.json'), JSON.stringify(data));
  t.deepEqual(readGraphData(dir), data);
});

test('the index folder gets a .gitignore of *, and CURRENT names the published generation', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const a = createGeneration(indexDir);
  t.is(fs.readFileSync(path.join(indexDir, '.gitignore'), 'utf8'), '*\n');
  t.is(readPointer(indexDir), undefined);
  await generation(a.dir);
  publishGeneration(indexDir, a.name);
  t.is(readPointer(indexDir), a.name);
  const b = createGeneration(indexDir);
  t.not(a.name, b.name);
  await generation(b.dir);
  publishGeneration(indexDir, b.name);
  const c = createGeneration(indexDir);
  cleanupGenerations(indexDir, [b.name, a.name]);
  t.deepEqual(fs.readdirSync(indexDir).filter((n) => n.startsWith('g-')).sort(), [a.name, b.name].sort());
  t.false(fs.existsSync(c.dir));
  // No temporary files are left beside CURRENT.
  t.deepEqual(fs.readdirSync(indexDir).filter((n) => n.endsWith('.tmp')), []);
});

test('a pointer that is garbage or points outside is ignored', (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  fs.mkdirSync(indexDir);
  for (const bad of ['', 'nonsense', '../g-x', 'g-a/../../etc', 'g-a\\b']) {
    fs.writeFileSync(path.join(indexDir, 'CURRENT'), bad);
    t.is(readPointer(indexDir), undefined, bad);
  }
});

test('a facts bucket: one file per line, read back with each line; a file in the one-line layout still reads', async (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const facts = [{ path: 'a.ts', s: 'line\nbreak, "quoted" \u2028', n: [1, 2] }, { path: 'b.ts', s: '' }, { path: 'c.ts', nested: { x: [{}] } }];
  await generation(g.dir, facts);
  const text = fs.readFileSync(factsFile(g.dir), 'utf8');
  t.deepEqual(JSON.parse(text), facts); // still one JSON array
  t.is(text.split('\n').length, facts.length + 2);
  const read = readFactsFile(factsFile(g.dir));
  t.deepEqual(read.facts, facts);
  t.deepEqual(read.lines?.map((l) => Buffer.from(l.head).toString('utf8')), facts.map((f) => escapeNonAscii(JSON.stringify(f))));
  t.true(ascii(factsFile(g.dir)));

  fs.writeFileSync(factsFile(g.dir), JSON.stringify(facts));
  t.deepEqual(readFactsFile(factsFile(g.dir)), { facts });
  // raw UTF-8, one file per line
  fs.writeFileSync(factsFile(g.dir), `[\n${facts.map((f) => JSON.stringify(f)).join(',\n')}\n]`);
  t.deepEqual(readFactsFile(factsFile(g.dir)).facts, facts);
  fs.writeFileSync(factsFile(g.dir), '[\n{"path":"a.ts"},\n{"path":');
  t.throws(() => readFactsFile(factsFile(g.dir)));
});

test('a facts bucket: a cached line is written as given, other facts are serialised; none and one file are valid JSON', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const kept = { path: 'a.ts', v: 1 };
  const fresh = { path: 'b.ts', v: 2 };
  const g = createGeneration(indexDir);
  const w = new GenerationWriter(g.dir);
  factsPart(w, [kept, fresh], (f) => (f === kept ? { head: '{"path":"a.ts","v":1,"from":"cache"}', body: '{}' } : undefined));
  await w.finish(metaOf(g.dir));
  t.deepEqual(readFactsFile(factsFile(g.dir)).facts, [{ path: 'a.ts', v: 1, from: 'cache' }, fresh]);
  // A line as bytes (read from the previous generation) is copied as is, non-ASCII included.
  const bytes = readFactsFile(factsFile(g.dir)).lines!;
  const copy = createGeneration(indexDir);
  const c = new GenerationWriter(copy.dir);
  const third = { path: 'c.ts', s: 'é…𝒳' };
  factsPart(c, [kept, fresh, third], (f) => (f === kept ? bytes[0] : f === fresh ? bytes[1] : undefined));
  await c.finish(metaOf(copy.dir));
  t.deepEqual(readFactsFile(factsFile(copy.dir)).facts, [{ path: 'a.ts', v: 1, from: 'cache' }, fresh, third]);
  t.deepEqual(readFactsFile(factsFile(copy.dir)).lines!.slice(0, 2).map((l) => Buffer.from(l.head)), bytes.map((l) => Buffer.from(l.head)));
  t.true(ascii(factsFile(copy.dir)));
  // Cached text with non-ASCII characters (a line of an older generation's raw UTF-8, a worker's string) is
  // written escaped: the same facts, an ASCII file.
  const older = createGeneration(indexDir);
  const o = new GenerationWriter(older.dir);
  factsPart(o, [kept, fresh], (f) => (f === kept ? { head: Buffer.from('{"path":"a.ts","s":"é…𝒳"}'), body: '{}' } : { head: '{"path":"b.ts","s":"\u2028ü"}', body: '{}' }));
  await o.finish(metaOf(older.dir));
  t.deepEqual(readFactsFile(factsFile(older.dir)).facts, [{ path: 'a.ts', s: 'é…𝒳' }, { path: 'b.ts', s: '\u2028ü' }]);
  t.true(ascii(factsFile(older.dir)));
  for (const list of [[], [fresh]]) {
    const h = createGeneration(indexDir);
    const v = new GenerationWriter(h.dir);
    factsPart(v, list);
    await v.finish(metaOf(h.dir));
    t.deepEqual(readFactsFile(factsFile(h.dir)).facts, list);
  }
});

test('GenerationWriter: meta.json comes last; a failed write is reported by finish, and settle waits without throwing', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const g = createGeneration(indexDir);
  await generation(g.dir);
  t.deepEqual(fs.readdirSync(g.dir).sort(), ['bodies', 'facts', 'files.json', 'graph.json', 'meta.json', 'refs', 'unresolved']);
  t.is(readMeta(g.dir).generation, g.name);

  const bad = createGeneration(indexDir);
  fs.mkdirSync(path.join(bad.dir, 'graph.json')); // cannot be opened for writing
  const w = new GenerationWriter(bad.dir);
  w.files({ files: [], skipped: [] });
  w.graphData({ nodes: [], edges: [] });
  await t.notThrowsAsync(w.settle());
  await t.throwsAsync(w.finish(metaOf(bad.dir)), { message: /EISDIR/ });
  t.false(fs.existsSync(path.join(bad.dir, 'meta.json')));
});

test('sweepGenerations: all but the published generation go once the pointer is older than the grace, none before', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const gens = [createGeneration(indexDir), createGeneration(indexDir), createGeneration(indexDir)];
  for (const g of gens) await generation(g.dir);
  publishGeneration(indexDir, gens[1].name);
  const present = () => fs.readdirSync(indexDir).filter((n) => n.startsWith('g-')).sort();
  const all = gens.map((g) => g.name).sort();
  await sweepGenerations(indexDir, gens[1].name, 10_000);
  t.deepEqual(present(), all); // the pointer just moved: a reader may still be loading the one it replaced
  await sweepGenerations(indexDir, undefined, 0);
  t.deepEqual(present(), all);
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(indexDir, 'CURRENT'), old, old);
  await sweepGenerations(indexDir, gens[1].name, 10_000);
  t.deepEqual(present(), [gens[1].name]);
  t.is(readPointer(indexDir), gens[1].name);
  t.true(fs.existsSync(path.join(indexDir, '.gitignore')));
  await t.notThrowsAsync(sweepGenerations(path.join(indexDir, 'missing'), 'g-x', 0));

  // A generation created after the sweep started (the running analyze's own) is never removed by it.
  fs.utimesSync(path.join(indexDir, 'CURRENT'), old, old);
  const stale = createGeneration(indexDir);
  const sweeping = sweepGenerations(indexDir, gens[1].name, 10_000);
  const mine = createGeneration(indexDir);
  await generation(mine.dir);
  await sweeping;
  t.deepEqual(present(), [gens[1].name, mine.name].sort());
  t.false(fs.existsSync(stale.dir));
});
