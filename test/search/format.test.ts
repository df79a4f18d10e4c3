/** Search files: the format-2 keyword index, lazy loading, and reading what an older codegraph wrote. */
import test from 'ava';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import winkBm25 from 'wink-bm25-text-search';
import { appFiles, appGraph } from './fixture-graph.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { query, type QueryResponse } from '../../handlers/query.ts';
import { buildSearch, embedWith, loadSearch, SearchIndex, SEARCH_FORMAT } from '../../lib/search/index.ts';
import { FIELD_WEIGHTS, BM25_PARAMS, fieldTerms, KeywordIndex, queryTerms } from '../../lib/search/bm25.ts';
import { LegacyKeywordIndex } from '../../lib/search/legacy-v1.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { createCodeGraph, graphData } from '../../lib/graph/code-graph.ts';

const files = appFiles();
// every folder a test makes is removed when the file's tests end (passed or not)
const made: string[] = [];
const tmp = (): string => { const d = mkdtempSync(path.join(os.tmpdir(), 'codegraph-search-format-')); made.push(d); return d; };
test.after.always(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });
const strip = (r: QueryResponse): unknown => JSON.parse(JSON.stringify(r));
/** A generation folder written by codegraph's search format 1 (wink bm25.json, uids in meta.json) over the app fixture. */
const FORMAT_1 = fileURLToPath(new URL('../fixtures/search/format-1/', import.meta.url));
const QUERIES = ['verifyPassword', 'exponential backoff', 'session token logout', 'constructor toString __proto__', 'store', 'route the request', 'of', 'role'];

async function snapshotOf(dir: string) {
  return memorySnapshot({ graph: appGraph(files), files, search: await loadSearch(dir), embed: (t) => embedWith(dir, t) });
}

test('format 1 (what an older codegraph wrote) is still read, and answers as the current build does', async (t) => {
  const meta = JSON.parse(readFileSync(path.join(FORMAT_1, 'search', 'meta.json'), 'utf8')) as { format: number };
  t.is(meta.format, 1);
  const old = await snapshotOf(FORMAT_1);
  t.true(old.search instanceof SearchIndex);
  const dir = tmp();
  await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir, log: () => {}, embedder: 'builtin' });
  const current = await snapshotOf(dir);
  for (const q of QUERIES) {
    const a = await query({ query: q, goal: 'login', task_context: 'auth' }, old);
    t.is(a.warnings, undefined, q);
    t.deepEqual(strip(a), strip(await query({ query: q, goal: 'login', task_context: 'auth' }, current)), q);
  }
});

test('analyze over a format-1 generation takes nothing over and writes the current format', async (t) => {
  const hash = (): string => 'h';
  const scratch = tmp();
  await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir: scratch, log: () => {}, embedder: 'builtin', fileHash: hash });
  const dir = tmp();
  const reads: string[] = [];
  const res = await buildSearch({ graph: appGraph(files), readSource: (p) => { reads.push(p); return files[p]; }, dir, previousDir: FORMAT_1, log: () => {}, embedder: 'builtin', fileHash: hash });
  t.is(res.reused, 0);
  t.is(res.reusedFiles, 0);
  t.true(reads.length > 0);
  t.is((JSON.parse(readFileSync(path.join(dir, 'search', 'meta.json'), 'utf8')) as { format: number }).format, SEARCH_FORMAT);
  for (const f of ['keyword.bin', 'rows.json', 'docs.json', 'vectors/vectors.f32']) t.true(readFileSync(path.join(dir, 'search', f)).equals(readFileSync(path.join(scratch, f === 'docs.json' ? 'search/docs.json' : `search/${f}`))), f);
});

test('an unknown format is not read, and not taken over from', async (t) => {
  const dir = tmp();
  await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir, log: () => {}, embedder: 'builtin' });
  const metaFile = path.join(dir, 'search', 'meta.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { format: number };
  writeFileSync(metaFile, JSON.stringify({ ...meta, format: 99 }));
  t.is(await loadSearch(dir), undefined);
  const res = await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir: tmp(), previousDir: dir, log: () => {}, embedder: 'builtin' });
  t.is(res.reused, 0);
});

test('the index is read on the first query; files gone or damaged by then degrade to an in-memory index with a warning', async (t) => {
  const built = tmp();
  await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir: built, log: () => {}, embedder: 'builtin' });
  const expected = strip(await query({ query: 'exponential backoff' }, await snapshotOf(built)));
  for (const damage of [
    (d: string): void => unlinkSync(path.join(d, 'search', 'keyword.bin')),
    (d: string): void => writeFileSync(path.join(d, 'search', 'keyword.bin'), readFileSync(path.join(d, 'search', 'keyword.bin')).subarray(0, 100)),
    (d: string): void => writeFileSync(path.join(d, 'search', 'rows.json'), '{"uids": ["x"], "hashes": ["y"]}'),
    (d: string): void => rmSync(path.join(d, 'search'), { recursive: true }),
  ]) {
    const dir = tmp();
    cpSync(built, dir, { recursive: true });
    const snap = await snapshotOf(dir);
    t.false((snap.search as SearchIndex).loaded);
    damage(dir);
    const r = await query({ query: 'exponential backoff' }, snap);
    t.regex(r.warnings?.[0] ?? '', /stored search index cannot be read/);
    t.is(r.definitions[0]?.name, 'withRetry');
    // Later queries answer the same way (the failure is remembered, not retried per query).
    t.deepEqual(strip(await query({ query: 'exponential backoff' }, snap)), strip(r));
  }
  // Undamaged: loaded once, no warning.
  const snap = await snapshotOf(built);
  t.deepEqual(strip(await query({ query: 'exponential backoff' }, snap)), expected);
  t.true((snap.search as SearchIndex).loaded);
});

/** wink-bm25-text-search, configured as search format 1 built it, over the same documents. */
function winkIndex(docs: ReturnType<typeof buildDocuments>): LegacyKeywordIndex {
  type Wink = { defineConfig(c: unknown): void; definePrepTasks(t: unknown[], f?: string): void; addDoc(d: unknown, id: number): void; consolidate(fp: number): void; exportJSON(): string };
  const engine = (winkBm25 as () => Wink)();
  engine.defineConfig({ fldWeights: FIELD_WEIGHTS, bm25Params: BM25_PARAMS });
  const asIs = (x: unknown): unknown => x;
  engine.definePrepTasks([asIs]);
  for (const f of Object.keys(FIELD_WEIGHTS)) engine.definePrepTasks([asIs], f);
  docs.forEach((d, i) => engine.addDoc(fieldTerms(d.fields), i));
  engine.consolidate(4);
  return LegacyKeywordIndex.fromJSON(engine.exportJSON(), docs.length);
}

test('our BM25F scores exactly as wink-bm25-text-search did (same rows, same scores, same ties)', (t) => {
  const docs = buildDocuments(appGraph(files), (p) => files[p]);
  const ours = KeywordIndex.build(docs);
  const wink = winkIndex(docs);
  // Every word of the fixture, alone and in pairs, plus the query set.
  const words = [...new Set(Object.values(files).join(' ').match(/[A-Za-z]+/g) ?? [])].sort();
  const asks = [...QUERIES, ...words, ...words.slice(0, -1).map((w, i) => `${w} ${words[i + 1]}`)];
  t.true(asks.length > 100);
  for (const q of asks) {
    const terms = queryTerms(q);
    for (const limit of [1, 3, 100]) t.deepEqual(ours.search(terms, limit), wink.search(terms, limit), `${q} @${limit}`);
  }
});

test('the keyword file round-trips and refuses what is not one', (t) => {
  const docs = buildDocuments(appGraph(files), (p) => files[p]);
  const idx = KeywordIndex.build(docs);
  const buf = idx.toBuffer();
  const back = KeywordIndex.fromBuffer(buf);
  t.deepEqual(back.terms, idx.terms);
  t.true(back.toBuffer().equals(buf));
  for (const q of QUERIES) t.deepEqual(back.search(queryTerms(q), 10), idx.search(queryTerms(q), 10), q);
  // At an odd offset (a Node Buffer inside a pool) it still reads.
  const odd = Buffer.alloc(buf.length + 1);
  buf.copy(odd, 1);
  t.deepEqual(KeywordIndex.fromBuffer(odd.subarray(1)).terms, idx.terms);
  t.throws(() => KeywordIndex.fromBuffer(Buffer.from('not an index at all, not at all, no')));
  t.throws(() => KeywordIndex.fromBuffer(buf.subarray(0, buf.length - 4)));
  const badRow = Buffer.from(buf);
  // The last posting row (just before the frequencies) pointing past the last document.
  const p = badRow.readUInt32LE(16);
  badRow.writeUInt32LE(docs.length + 5, badRow.length - 4 * p - 4);
  t.throws(() => KeywordIndex.fromBuffer(badRow), { message: /row out of range/ });
  // Terms that are Object.prototype members are ordinary misses.
  t.deepEqual(back.search(['constructor', 'tostring', '__proto__', 'valueof', 'hasownproperty'], 10), []);
  // Empty index.
  const empty = KeywordIndex.fromBuffer(KeywordIndex.build([]).toBuffer());
  t.is(empty.size, 0);
  t.deepEqual(empty.search(['x'], 5), []);
});

test('a rewritten Vectra shard copies unchanged items from the previous one, byte-identical to a fresh write', async (t) => {
  const shard = (d: string): Buffer => readFileSync(path.join(d, 'search', 'vectors', 'vectra-0000', 'index.json'));
  const first = tmp();
  await buildSearch({ graph: appGraph(files), readSource: (p) => files[p], dir: first, log: () => {}, embedder: 'builtin' });
  // A new symbol early in the graph shifts every later row.
  const grown = (): ReturnType<typeof appGraph> => {
    const g = appGraph(files);
    const out = createCodeGraph();
    let added = false;
    for (const n of graphData(g).nodes) {
      if (!added && n.label === 'Function') { out.addNode('Function:src/auth/login.ts:rotateKeys', { uid: 'Function:src/auth/login.ts:rotateKeys', label: 'Function', name: 'rotateKeys', filePath: 'src/auth/login.ts', line: 1, endLine: 2 }); added = true; }
      out.addNode(n.uid, n);
    }
    return out;
  };
  const scratch = tmp();
  await buildSearch({ graph: grown(), readSource: (p) => files[p], dir: scratch, log: () => {}, embedder: 'builtin' });
  const next = tmp();
  const r = await buildSearch({ graph: grown(), readSource: (p) => files[p], dir: next, previousDir: first, log: () => {}, embedder: 'builtin' });
  t.is(r.reused, r.embeddings - 1);
  t.true(shard(next).equals(shard(scratch)));
  t.false(shard(next).equals(shard(first)));
  // A previous shard that is not what its rows say (edited by hand, another writer) is not copied from.
  const items = JSON.parse(shard(first).toString()) as { items: Array<{ id: string; vector: number[] }> };
  items.items.reverse();
  writeFileSync(path.join(first, 'search', 'vectors', 'vectra-0000', 'index.json'), JSON.stringify(items));
  const again = tmp();
  await buildSearch({ graph: grown(), readSource: (p) => files[p], dir: again, previousDir: first, log: () => {}, embedder: 'builtin' });
  t.true(shard(again).equals(shard(scratch)));
});

test('a keyword file whose dictionary or offsets are out of order is refused', (t) => {
  const idx = KeywordIndex.build(buildDocuments(appGraph(files), (p) => files[p]));
  const buf = idx.toBuffer();
  const headLen = buf.readUInt32LE(20);
  // The first term overwritten (same size) by one that sorts after the second.
  const dictAt = 32 + headLen;
  const swapped = Buffer.from(buf);
  const nl = swapped.indexOf('\n', dictAt);
  const first = swapped.subarray(dictAt, nl).toString();
  const second = swapped.subarray(nl + 1, swapped.indexOf('\n', nl + 1)).toString();
  t.true(first < second);
  const later = 'z'.repeat(Buffer.byteLength(first));
  t.true(later > second);
  swapped.write(later, dictAt);
  t.throws(() => KeywordIndex.fromBuffer(swapped), { message: /dictionary out of order/ });
  // Offsets: the second offset made larger than the third.
  const n = buf.readUInt32LE(8);
  const tCount = buf.readUInt32LE(12);
  const offsetsAt = ((32 + headLen + buf.readUInt32LE(24) + 7) & ~7) + 8 * n;
  const bad = Buffer.from(buf);
  bad.writeUInt32LE(buf.readUInt32LE(offsetsAt + 8) + 1, offsetsAt + 4);
  t.true(tCount > 2);
  t.throws(() => KeywordIndex.fromBuffer(bad), { message: /out of order/ });
});
