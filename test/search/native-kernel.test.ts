/**
 * The native search kernels (native/search_kernel.c via lib/search/native.ts) against the JavaScript they stand
 * in for: the same bytes in every search file, on the fixture app and on rxjs 7.8.1 through the real pipeline,
 * and the same float32 values on edge texts and every line of rxjs. The JavaScript path is forced in-process
 * with useSearchKernel(false).
 */
import test from 'ava';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, statSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { lexicalInto, lexicalIntoAll, LEXICAL_DIM } from '../../lib/search/embedders/index.ts';
import { buildSearch } from '../../lib/search/index.ts';
import { KeywordIndex } from '../../lib/search/bm25.ts';
import { RunNumbers, searchKernel, useSearchKernel } from '../../lib/search/native.ts';
import { CODE_NOISE_LINES, identifiersIn, WORD_RUNS } from '../../lib/search/tokenize.ts';
import { vectraShard } from '../../lib/search/vectors.ts';
import { digest64, digestAll } from '../../lib/search/digest.ts';
import { appFiles, appGraph, filesUnder } from './fixture-graph.ts';

const RXJS_SRC = fileURLToPath(new URL('../../node_modules/rxjs/src/', import.meta.url));
// every folder a test makes is removed when the file's tests end (passed or not)
const made: string[] = [];
const tmp = (): string => { const d = mkdtempSync(path.join(os.tmpdir(), 'codegraph-kernel-')); made.push(d); return d; };
test.after.always(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });
const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const expectKernel = process.env.CODEGRAPH_NATIVE !== '0' && process.env.CODEGRAPH_SEARCH_NATIVE !== '0';

/** Runs `f` on the JavaScript path (the kernels switched off for its duration). */
function withoutKernel<T>(f: () => T): T {
  useSearchKernel(false);
  try { return f(); } finally { useSearchKernel(undefined); }
}

/** Every file under `dir`, by relative path. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(path.relative(dir, full), readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

async function build(graph: CodeGraph, src: Record<string, string>, dir: string, previousDir?: string): Promise<void> {
  await buildSearch({ graph, readSource: (p) => src[p], fileHash: (p) => (p in src ? sha(src[p]) : undefined), dir, previousDir, embedder: 'builtin', log: () => {} });
}

/** Builds with the kernels and without, cold and over `previous` when given; asserts the search folders are equal. */
async function sameBothWays(t: import('ava').ExecutionContext, graph: CodeGraph, src: Record<string, string>, previous?: string): Promise<string> {
  const native = tmp();
  await build(graph, src, native, previous);
  const js = tmp();
  useSearchKernel(false);
  try { await build(graph, src, js, previous); } finally { useSearchKernel(undefined); }
  const a = filesOf(path.join(native, 'search'));
  const b = filesOf(path.join(js, 'search'));
  t.deepEqual([...a.keys()], [...b.keys()]);
  t.true(a.size >= 6);
  for (const [name, bytes] of a) t.true(bytes.equals(b.get(name)!), name);
  return native;
}

/** Embeds `texts` in one batch (with the kernel when there is one) and one by one in JavaScript; returns both. */
function embedBothWays(texts: string[]): [Buffer, Buffer] {
  // Rows in a scrambled order with a gap row, so offsets are exercised and nothing is written outside a row.
  const rows = texts.length * 2 + 1;
  const at = Int32Array.from(texts, (_, i) => ((i * 7919) % texts.length) * 2 * LEXICAL_DIM);
  const viaBatch = new Float32Array(rows * LEXICAL_DIM);
  lexicalIntoAll(texts, viaBatch, at, true);
  const viaJs = new Float32Array(rows * LEXICAL_DIM);
  withoutKernel(() => texts.forEach((text, i) => lexicalInto(text, viaJs, at[i], true)));
  return [Buffer.from(viaBatch.buffer), Buffer.from(viaJs.buffer)];
}

test('the kernels are there when the addon was built (else every test below compares JavaScript with itself)', (t) => {
  if (!expectKernel) { t.is(searchKernel(), undefined); return; }
  t.truthy(searchKernel(), 'native/build/tree_flat.node carries the search kernels');
  t.is(withoutKernel(() => searchKernel()), undefined);
});

test('a kernel called with too few arguments throws a TypeError naming it and the count', (t) => {
  const kernel = searchKernel();
  if (!kernel) { t.pass('no kernels in this build'); return; }
  t.throws(() => (kernel.postingsCount as unknown as (a: Uint32Array) => void)(new Uint32Array([1, 2])), { instanceOf: TypeError, message: 'postingsCount: 2 arguments expected' });
  t.throws(() => (kernel.lexicalEmbed as unknown as () => void)(), { instanceOf: TypeError, message: 'lexicalEmbed: 12 arguments expected' });
  t.throws(() => (kernel.runClassify as unknown as () => void)(), { instanceOf: TypeError, message: 'runClassify: 3 arguments expected' });
});

/** Asserts the native run numbering gives each text's WORD_RUNS matches, in order. */
function sameRuns(t: import('ava').ExecutionContext, runs: RunNumbers, texts: string[]): void {
  const { seq, ends } = runs.of(texts);
  t.is(ends.length, texts.length);
  let bad = 0;
  for (let i = 0, from = 0; i < texts.length; from = ends[i], i++) {
    const got = Array.from(seq.subarray(from, ends[i]), (r) => runs.strings[r]);
    const want = texts[i].match(WORD_RUNS) ?? [];
    if (got.length !== want.length || got.some((r, k) => r !== want[k])) { bad++; t.log(JSON.stringify(texts[i].slice(0, 80))); }
  }
  t.is(bad, 0);
}

const EDGE_TEXTS = ['', '   ', '—;,.()', 'the of and', 'a', 'map map map mapTo', 'Ünïcödé naïve café 数据流 😀emoji_x',
  'parseHTTPResponse2x $value _private __x__ a1b2', 'x'.repeat(900), `${'y'.repeat(5000)} ${'z'.repeat(3)}`,
  'retry retrying retried — delay, wait; cancel/abort', 'sub\u{1D400}math 12 345 0x1F \u{1F600}\u{1F601}\u{20000}',
  'a '.repeat(3000), 'word '.repeat(2000) + 'other', 'İstanbul ǅ ß ﬁ ΣΊΣΥΦΟΣ', '\uD800 lone \uDC00 surrogates \uDBFF', '$ _ $$ __',
  '٣٤ ① Ⅻ ²³ x\u0301y \u200Bzero\u00A0nbsp', '\u{10400}\u{10428} \u{1D7CE}\u{1D7CF}'];

test('native digests equal digest64: edge texts (empty, astral, lone surrogates), seeds, every line of rxjs; bad ends throw', (t) => {
  const lines = Object.values(filesUnder(RXJS_SRC)).flatMap((text) => text.split('\n'));
  for (const texts of [EDGE_TEXTS, lines, [''], ['', '', 'x']]) {
    for (const seed of [0, 7, 0x7fffffff]) {
      const want = texts.map((s) => digest64(s, seed));
      t.deepEqual(digestAll(texts, seed), want);
      t.deepEqual(withoutKernel(() => digestAll(texts, seed)), want);
    }
  }
  t.deepEqual(digestAll([]), []);
  const kernel = searchKernel();
  if (!kernel?.digests) { t.false(expectKernel, 'the addon should carry the digests kernel'); return; }
  t.throws(() => kernel.digests!('abc', new Int32Array([2, 1]), 0, new Uint32Array(4)), { instanceOf: RangeError, message: 'digests: ends must rise within the text' });
  t.throws(() => kernel.digests!('abc', new Int32Array([4]), 0, new Uint32Array(2)), { instanceOf: RangeError });
  t.throws(() => kernel.digests!('abc', new Int32Array([3]), 0, new Uint32Array(1)), { instanceOf: RangeError, message: 'digests: out is shorter than two values per piece' });
});

test('native word runs equal WORD_RUNS matches: edge texts, every line of rxjs, and runs handed over whole', (t) => {
  const kernel = searchKernel();
  if (!kernel) { t.false(expectKernel); return; }
  const runs = new RunNumbers(kernel);
  sameRuns(t, runs, EDGE_TEXTS);
  const lines = Object.values(filesUnder(RXJS_SRC)).flatMap((f) => f.split('\n'));
  sameRuns(t, runs, lines);
  // The same run always has the same number, across calls.
  const again = runs.of(['map map', 'map']);
  t.is(new Set(again.seq).size, 1);
  // An array item is its strings, each one run as it is.
  const { seq, ends } = runs.of([['a-b', 'map', ''], 'x y']);
  t.deepEqual(Array.from(ends), [3, 5]);
  t.deepEqual(Array.from(seq, (r) => runs.strings[r]), ['a-b', 'map', '', 'x', 'y']);
  t.throws(() => runs.of([3 as never]));
});

/** Asserts identifierSpans gives identifiersIn's identifiers for every span of `text`. */
function sameIdentifiers(t: import('ava').ExecutionContext, text: string, spans: number[], max: number): number {
  const kernel = searchKernel()!;
  const got = kernel.identifierSpans(text, Int32Array.from(spans), max, CODE_NOISE_LINES);
  let bad = 0;
  for (let k = 0; k < spans.length / 2; k++) {
    const want = identifiersIn(text, spans[2 * k], spans[2 * k + 1], max).join(' ');
    if (got[k] !== want) { bad++; if (bad < 4) t.log(JSON.stringify(text.slice(spans[2 * k], spans[2 * k + 1]).slice(0, 120)), got[k], '≠', want); }
  }
  return bad;
}

test('native body identifiers equal identifiersIn: edge spans, every line, whole files and pseudo-random spans of rxjs', (t) => {
  if (!searchKernel()) { t.false(expectKernel); return; }
  const edge = 'a /* x */ bb /* open\ncc // dd\nee 0x1F $ab _c a$1 ff/gg/*hh*/ii //tail';
  const spans: number[] = [];
  for (let from = 0; from <= edge.length; from++) for (let to = from; to <= edge.length; to++) spans.push(from, to);
  t.is(sameIdentifiers(t, edge, spans, 160), 0, 'every span of an edge text');
  t.is(sameIdentifiers(t, edge, spans, 2), 0, 'with a small max');
  t.is(sameIdentifiers(t, 'é ü x\u{1F600}yy zz', [0, 10, 2, 9], 160), 0, 'non-ASCII between identifiers');
  let seed = 12345;
  const next = (n: number): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % Math.max(1, n); };
  let bad = 0;
  for (const text of Object.values(filesUnder(RXJS_SRC))) {
    const sp: number[] = [0, text.length];
    for (let i = text.indexOf('\n'), from = 0; i >= 0; from = i + 1, i = text.indexOf('\n', i + 1)) sp.push(from, i);
    for (let k = 0; k < 20; k++) { const a = next(text.length + 1); sp.push(a, a + next(text.length + 1 - a)); }
    bad += sameIdentifiers(t, text, sp, 160);
  }
  t.is(bad, 0, 'rxjs spans');
});

test('lexical batch equals lexicalInto on edge texts: empty, no runs, stop words only, long words, non-ASCII, astral', (t) => {
  const texts = EDGE_TEXTS;
  const [batch, js] = embedBothWays(texts);
  t.true(batch.equals(js));
  // One by one too (batches of one text, each its own call).
  for (const text of texts) {
    const [b, j] = embedBothWays([text]);
    t.true(b.equals(j), JSON.stringify(text.slice(0, 40)));
  }
  // Unrounded: the norm and scaling alone.
  const at = new Int32Array([0]);
  const a = new Float32Array(LEXICAL_DIM);
  lexicalIntoAll(['switchMap mergeMap concatMap exhaustMap'], a, at, false);
  const b = new Float32Array(LEXICAL_DIM);
  withoutKernel(() => lexicalInto('switchMap mergeMap concatMap exhaustMap', b, 0, false));
  t.true(Buffer.from(a.buffer).equals(Buffer.from(b.buffer)));
});

test('lexical batch equals lexicalInto on every line and every file of rxjs', (t) => {
  const files = Object.values(filesUnder(RXJS_SRC));
  const lines = files.flatMap((f) => f.split('\n'));
  t.true(lines.length > 10_000);
  const [b1, j1] = embedBothWays(lines);
  t.true(b1.equals(j1), 'lines');
  const [b2, j2] = embedBothWays(files);
  t.true(b2.equals(j2), 'files');
});

test('native postings forward equals the JavaScript: the rxjs documents\' index turned back into rows; bad postings throw', (t) => {
  const docs = buildDocuments(appGraph(appFiles()), (p) => appFiles()[p]);
  const rx = filesUnder(RXJS_SRC);
  const lines = Object.values(rx).flatMap((text) => text.split('\n')).slice(0, 3000);
  // The fixture app's documents and, as more rows, rxjs lines as bodies (many terms, many postings per term).
  const all = [...docs, ...lines.map((line) => ({ fields: { name: '', qualified: '', path: '', signature: '', doc: line, body: '' } }))];
  const index = KeywordIndex.build(all);
  const native = index.forward();
  const js = withoutKernel(() => index.forward());
  t.true(native.start.length > 1000 && native.term.length > 10_000);
  t.deepEqual([...native.start], [...js.start]);
  t.deepEqual([...native.term], [...js.term]);
  t.deepEqual([...native.freq], [...js.freq]);
  const kernel = searchKernel();
  if (!expectKernel) return;
  const bad = (): void => kernel!.postingsForward!(Uint32Array.of(0, 1), Uint32Array.of(5), Float32Array.of(1), new Uint32Array(3), new Uint32Array(1), new Float32Array(1));
  t.throws(bad, { instanceOf: RangeError, message: /row outside/ });
});

test('vectra shard: the native row printer writes the JavaScript bytes on edge values', (t) => {
  const dim = 12;
  const values = [0, -0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 4e-7, -4e-7, 5e-7, -5e-7, 0.0000015, 9.9999994, 9.9999996, -9.9999996,
    10, -10, 123.456, 0.1, 0.123, 0.123456, -0.000001, 0.999999, 0.9999995, 0.001, 0.01, 0.100001, 1 / 3, -2 / 3, NaN, Infinity,
    -Infinity, 3.4e38, 1.17549435e-38, 0.000999, 0.0009995, 0.120000, 0.1200005];
  const rowsOf: number[][] = [];
  for (let i = 0; i < values.length; i++) rowsOf.push(Array.from({ length: dim }, (_, j) => values[(i + j * 5) % values.length]));
  rowsOf.push(new Array(dim).fill(0));
  const packed = Float32Array.from(rowsOf.flat());
  const uids = rowsOf.map((_, i) => `u${i} "quoted" \u00e9`);
  const hashes = rowsOf.map((_, i) => `h${i}`);
  const rows = { uids, hashes, packed, dim };
  const native = vectraShard(rows, 0, rowsOf.length);
  const js = withoutKernel(() => vectraShard(rows, 0, rowsOf.length));
  t.is(native.toString('latin1'), js.toString('latin1'));
  // The zero row, and a −0 printed as 0 (JSON has no −0).
  t.true(native.toString('latin1').includes(`"vector":[${new Array(dim).fill(0).join(',')}],"norm":0}`));
  t.true(native.toString('latin1').includes('"vector":[-0.5,'));
});

test('fixture app: every search file is byte-identical with the kernels and without, cold and over a previous generation', async (t) => {
  const src = appFiles();
  const graph = appGraph(src);
  const cold = await sameBothWays(t, graph, src);
  await sameBothWays(t, graph, src, cold);
});

test('rxjs: every search file is byte-identical with the kernels and without, cold and one file changed', async (t) => {
  const corpus = path.join(tmp(), 'rxjs');
  cpSync(RXJS_SRC, corpus, { recursive: true });
  const src = filesUnder(corpus);
  const graph = (await buildSnapshotInMemory(corpus, { search: false, log: () => {} })).graph;
  t.true(buildDocuments(graph, (p) => src[p]).length > 900);
  const cold = await sameBothWays(t, graph, src);
  appendFileSync(path.join(corpus, 'internal/operators/map.ts'), '\nexport function mapTwice<T>(x: T): T[] {\n  return [x, x];\n}\n');
  const edited = filesUnder(corpus);
  const graph2 = (await buildSnapshotInMemory(corpus, { search: false, log: () => {} })).graph;
  await sameBothWays(t, graph2, edited, cold);
});
