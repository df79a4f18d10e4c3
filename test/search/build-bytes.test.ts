/**
 * Every search file byte for byte against plain reference implementations (oracle.ts): the optimised
 * embedder, shard writer and keyword builder must write exactly what the documented formats say, on the
 * fixture app and on rxjs 7.8.1 through the real pipeline, cold and with a previous generation.
 */
import test from 'ava';
import { createHash } from 'node:crypto';
import fs, { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { digest64 } from '../../lib/search/digest.ts';
import { lexicalInto, lexicalVector, LEXICAL_DIM, LEXICAL_ID } from '../../lib/search/embedders/index.ts';
import { buildSearch } from '../../lib/search/index.ts';
import { vectraShard, writeVectors } from '../../lib/search/vectors.ts';
import { appFiles, appGraph, filesUnder } from './fixture-graph.ts';
import { referenceKeyword, referenceLexical, referenceShard } from './oracle.ts';

const RXJS_SRC = fileURLToPath(new URL('../../node_modules/rxjs/src/', import.meta.url));
// every folder a test makes is removed when the file's tests end (passed or not)
const made: string[] = [];
const tmp = (): string => { const d = mkdtempSync(path.join(os.tmpdir(), 'codegraph-bytes-')); made.push(d); return d; };
test.after.always(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });
const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

async function build(graph: CodeGraph, src: Record<string, string>, dir: string, previousDir?: string): Promise<void> {
  await buildSearch({ graph, readSource: (p) => src[p], fileHash: (p) => (p in src ? sha(src[p]) : undefined), dir, previousDir, embedder: 'builtin', log: () => {} });
}

const SEARCH_FILES = ['keyword.bin', 'rows.json', 'docs.json', 'meta.json', 'vectors/vectors.f32', 'vectors/vectra-0000/index.json'];
const read = (dir: string, f: string): Buffer => readFileSync(path.join(dir, 'search', f));

/** The generation's files equal what the reference implementations make from freshly built documents. */
function checkAgainstReference(t: import('ava').ExecutionContext, graph: CodeGraph, src: Record<string, string>, dir: string): void {
  const docs = buildDocuments(graph, (p) => src[p]);
  t.true(docs.length > 0);
  const rows = JSON.parse(read(dir, 'rows.json').toString('utf8')) as { uids: string[]; hashes: string[] };
  t.deepEqual(rows.uids, docs.map((d) => d.uid));
  t.deepEqual(rows.hashes, docs.map((d) => digest64(LEXICAL_ID + '\0' + d.embedText)));
  const packed = new Float32Array(docs.length * LEXICAL_DIM);
  docs.forEach((d, i) => packed.set(referenceLexical(d.embedText), i * LEXICAL_DIM));
  // The unrounded vectors (queries, in-memory indexes) too: rounding would hide a norm summed in another order.
  const unrounded = docs.filter((d) => !Buffer.from(lexicalVector(d.embedText).buffer).equals(Buffer.from(referenceLexical(d.embedText, false).buffer)));
  t.deepEqual(unrounded.map((d) => d.uid), [], 'unrounded lexical vectors');
  const f32 = read(dir, 'vectors/vectors.f32');
  t.true(f32.equals(Buffer.from(packed.buffer)), 'vectors.f32');
  t.true(read(dir, 'vectors/vectra-0000/index.json').equals(referenceShard(rows.uids, rows.hashes, packed, LEXICAL_DIM)), 'vectra shard');
  t.true(read(dir, 'keyword.bin').equals(referenceKeyword(graph, (p) => src[p])), 'keyword.bin');
}

function checkSameFiles(t: import('ava').ExecutionContext, a: string, b: string): void {
  for (const f of SEARCH_FILES) t.true(read(a, f).equals(read(b, f)), f);
}

test('lexical vectors equal the reference on edge texts (unicode, stop words, repeats, empty)', (t) => {
  const texts = ['', 'the of and', 'a', 'map map map mapTo', 'Ünïcödé naïve café 数据流 😀emoji_x', 'parseHTTPResponse2x $value _private __x__ a1b2',
    'x'.repeat(900), 'retry retrying retried — delay, wait; cancel/abort', 'sub\u{1D400}math 12 345 0x1F'];
  for (const text of texts) {
    const out = new Float32Array(3 * LEXICAL_DIM);
    lexicalInto(text, out, LEXICAL_DIM, true);
    t.deepEqual(Buffer.from(out.buffer, LEXICAL_DIM * 4, LEXICAL_DIM * 4), Buffer.from(referenceLexical(text).buffer), text);
    t.true(out.subarray(0, LEXICAL_DIM).every((v) => v === 0) && out.subarray(2 * LEXICAL_DIM).every((v) => v === 0), 'writes its row only');
  }
});

test('fixture app: every search file equals the reference, and a rebuild over it writes the same bytes', async (t) => {
  const src = appFiles();
  const graph = appGraph(src);
  const cold = tmp();
  await build(graph, src, cold);
  checkAgainstReference(t, graph, src, cold);
  const again = tmp();
  await build(graph, src, again, cold);
  checkSameFiles(t, cold, again);
});

test('rxjs: cold and one-file-changed generations equal the reference and each other', async (t) => {
  const corpus = path.join(tmp(), 'rxjs');
  cpSync(RXJS_SRC, corpus, { recursive: true });
  const src = filesUnder(corpus);
  const snapA = await buildSnapshotInMemory(corpus, { search: false, log: () => {} });
  const genA = tmp();
  await build(snapA.graph, src, genA);
  checkAgainstReference(t, snapA.graph, src, genA);

  appendFileSync(path.join(corpus, 'internal/operators/map.ts'), '\nexport function bytesAdded(x: number): number {\n  return x + 0;\n}\n');
  const srcB = filesUnder(corpus);
  const snapB = await buildSnapshotInMemory(corpus, { search: false, log: () => {} });
  const coldB = tmp();
  await build(snapB.graph, srcB, coldB);
  checkAgainstReference(t, snapB.graph, srcB, coldB);
  const incB = tmp();
  await build(snapB.graph, srcB, incB, genA);
  checkSameFiles(t, coldB, incB);
});

test('Vectra shard writer equals the reference on edge values (zeros, −0, ±1, exact thousandths, 10 and more)', (t) => {
  const dim = 8;
  const values = [
    [0, -0, 1, -1, 0.000001, -0.000001, 0.5, -0.123],
    [0.001, 0.1, 0.100001, 0.999999, -0.000999, 0.0000004, -0.0000004, 0.25],
    [12.5, -123.000001, 9.9999996, 0, 1e6, -0.5, 3.25, 0],
    [0, 0, 0, 0, 0, 0, 0, 0],
  ];
  const packed = new Float32Array(values.length * dim);
  values.forEach((row, r) => row.forEach((x, j) => { packed[r * dim + j] = x; }));
  const uids = values.map((_, r) => `Function:a.ts:f${r}`);
  const hashes = values.map((_, r) => `h${r}`);
  // The reference prints Math.round(x * 1e6) / 1e6 of each float32, as the writer must.
  t.true(vectraShard({ uids, hashes, packed, dim }, 0, values.length).equals(referenceShard(uids, hashes, packed, dim)));
});

test('Vectra shard writer: a shard far larger than one flush of its printing buffer, alone and with rows taken from a previous shard, equals the reference', (t) => {
  const dim = 384; // ~2.3 kB per row printed: 600 rows are several 256 kB flushes
  const rows = 600;
  const packed = new Float32Array(rows * dim);
  let seed = 7;
  for (let i = 0; i < packed.length; i++) { seed = (seed * 1103515245 + 12345) % 2147483648; packed[i] = (seed / 2147483648) * 2 - 1; }
  const uids = Array.from({ length: rows }, (_, r) => `Function:big.ts:f${r}`);
  const hashes = Array.from({ length: rows }, (_, r) => `h${r}`);
  const cold = vectraShard({ uids, hashes, packed, dim }, 0, rows);
  t.true(cold.length > 4 * 262144);
  t.true(cold.equals(referenceShard(uids, hashes, packed, dim)));
  // The previous generation: the same rows, but those of every other run of 50 had another text (hash) then.
  const prevDir = mkdtempSync(path.join(os.tmpdir(), 'cg-shard-'));
  const changed = (r: number): boolean => Math.floor(r / 50) % 2 === 1;
  const prevHashes = hashes.map((h, r) => (changed(r) ? `old-${h}` : h));
  writeVectors(prevDir, { uids, hashes: prevHashes, packed, dim });
  // Now: unchanged rows take their vector (and item) from there, changed ones are made again.
  const made = new Int32Array(rows).fill(-1);
  const source = new Int32Array(rows).fill(-1);
  const fresh: number[] = [];
  for (let r = 0; r < rows; r++) if (!changed(r)) source[r] = r; else { made[r] = fresh.length; fresh.push(r); }
  const part = new Float32Array(fresh.length * dim);
  fresh.forEach((r, k) => part.set(packed.subarray(r * dim, (r + 1) * dim), k * dim));
  const prevPacked = new Float32Array(new Uint8Array(readFileSync(path.join(prevDir, 'vectors.f32'))).buffer);
  const nextDir = mkdtempSync(path.join(os.tmpdir(), 'cg-shard-'));
  writeVectors(nextDir, { uids, hashes, packed: part, dim, source, previousPacked: prevPacked, made }, { folder: prevDir, uids, hashes: prevHashes });
  t.true(readFileSync(path.join(nextDir, 'vectra-0000', 'index.json')).equals(cold));
  t.true(readFileSync(path.join(nextDir, 'vectors.f32')).equals(readFileSync(path.join(prevDir, 'vectors.f32'))));
  // A row whose vector comes from another symbol's previous row (the same text under another name, as
  // lib/search/index.ts reuseVectors allows): its item must carry its own id, not the other symbol's.
  const renamed = uids.map((u, r) => (r === 10 ? 'Function:big.ts:renamed' : u));
  const thirdDir = mkdtempSync(path.join(os.tmpdir(), 'cg-shard-'));
  writeVectors(thirdDir, { uids: renamed, hashes, packed: part, dim, source, previousPacked: prevPacked, made }, { folder: prevDir, uids, hashes: prevHashes });
  t.true(readFileSync(path.join(thirdDir, 'vectra-0000', 'index.json')).equals(referenceShard(renamed, hashes, packed, dim)));
  for (const d of [prevDir, nextDir, thirdDir]) fs.rmSync(d, { recursive: true, force: true });
});
