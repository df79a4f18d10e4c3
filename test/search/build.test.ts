import test from 'ava';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { appFiles, appGraph } from './fixture-graph.ts';
import { tinyModelDir } from './tiny-model.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { query, type QueryResponse } from '../../handlers/query.ts';
import { buildSearch, embedWith, loadSearch, SearchIndex, type BuildSearchOptions } from '../../lib/search/index.ts';
import { LEXICAL_ID } from '../../lib/search/embedders/index.ts';
import { DOCS_REVISION, readDocCache } from '../../lib/search/doc-cache.ts';
import { createCodeGraph, graphData } from '../../lib/graph/code-graph.ts';

const files = appFiles();
// every folder a test makes is removed when the file's tests end (passed or not)
const made: string[] = [];
const tmp = (): string => { const d = mkdtempSync(path.join(os.tmpdir(), 'codegraph-search-')); made.push(d); return d; };
test.after.always(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });

function opts(dir: string, extra: Partial<BuildSearchOptions> = {}, src = files): BuildSearchOptions & { logs: string[] } {
  const logs: string[] = [];
  return { graph: appGraph(src), readSource: (p) => src[p], dir, log: (m) => logs.push(m), logs, embedder: 'builtin', ...extra };
}

async function loadedSnapshot(dir: string, src = files) {
  const search = await loadSearch(dir);
  return memorySnapshot({ graph: appGraph(src), files: src, search, embed: (texts) => embedWith(dir, texts) });
}

const strip = (r: QueryResponse): unknown => JSON.parse(JSON.stringify(r));

test('build, load, query: the loaded index answers like the in-memory one', async (t) => {
  const dir = tmp();
  const o = opts(dir);
  const res = await buildSearch(o);
  t.is(res.embedder, LEXICAL_ID);
  t.is(res.embeddings, graphData(appGraph()).nodes.filter((n) => !['File', 'Community', 'Process', 'Folder'].includes(n.label)).length);
  t.deepEqual(o.logs, []);
  for (const f of ['meta.json', 'rows.json', 'keyword.bin', 'vectors/vectors.f32', 'vectors/vectra-0000/index.json']) t.true(existsSync(path.join(dir, 'search', f)), f);
  const loaded = await loadedSnapshot(dir);
  t.true(loaded.search instanceof SearchIndex);
  // Loading reads meta.json only; the index itself is read by the first query.
  t.false((loaded.search as SearchIndex).loaded);
  t.is((loaded.search as SearchIndex).size, res.embeddings);
  const mem = memorySnapshot({ graph: appGraph(), files });
  for (const q of ['verifyPassword', 'exponential backoff', 'session token logout', 'constructor toString __proto__']) {
    t.deepEqual(strip(await query({ query: q, include_content: true }, loaded)), strip(await query({ query: q, include_content: true }, mem)), q);
  }
});

test('the vector files are a real Vectra index', async (t) => {
  const dir = tmp();
  await buildSearch(opts(dir));
  const { LocalIndex } = await import('vectra');
  const index = new LocalIndex(path.join(dir, 'search', 'vectors', 'vectra-0000'));
  t.true(await index.isIndexCreated());
  const [q] = await embedWith(dir, ['retry with exponential backoff']);
  const hits = await index.queryItems(Array.from(q), '', 3);
  t.is(hits[0].item.id, 'Function:src/util/retry.ts:withRetry');
  t.is(typeof hits[0].item.metadata.hash, 'string');
});

test('the shards hold what Vectra itself would write: ids, hash metadata, the packed vectors, their norms', async (t) => {
  const dir = tmp();
  await buildSearch(opts(dir));
  const { LocalIndex } = await import('vectra');
  const items = await new LocalIndex(path.join(dir, 'search', 'vectors', 'vectra-0000')).listItems();
  const meta = JSON.parse(readFileSync(path.join(dir, 'search', 'rows.json'), 'utf8')) as { uids: string[]; hashes: string[] };
  const dim = (JSON.parse(readFileSync(path.join(dir, 'search', 'meta.json'), 'utf8')) as { embedder: { dim: number } }).embedder.dim;
  const buf = readFileSync(path.join(dir, 'search', 'vectors', 'vectors.f32'));
  const packed = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  t.deepEqual(items.map((it) => it.id), meta.uids);
  t.deepEqual(items.map((it) => (it.metadata as { hash: string }).hash), meta.hashes);
  items.forEach((it, i) => {
    // Equal as float32 numbers (JSON has no -0, as with Vectra's own JSON.stringify).
    const plain = (a: ArrayLike<number>): number[] => Array.from(a, (v) => v + 0);
    t.deepEqual(plain(Float32Array.from(it.vector)), plain(packed.slice(i * dim, (i + 1) * dim)), it.id);
    t.true(Math.abs(it.norm - Math.hypot(...it.vector)) < 1e-9, it.id);
  });
});

test('unchanged vector files are hard-linked from the previous generation, changed ones rewritten', async (t) => {
  const first = tmp();
  await buildSearch(opts(first));
  const second = tmp();
  await buildSearch(opts(second, { previousDir: first }));
  const ino = (d: string, f: string): number => statSync(path.join(d, 'search', 'vectors', f)).ino;
  for (const f of ['vectra-0000/index.json', 'vectors.f32']) t.is(ino(second, f), ino(first, f), f);
  const edited = { ...files, 'src/util/retry.ts': files['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const third = tmp();
  await buildSearch(opts(third, { previousDir: second }, edited));
  for (const f of ['vectra-0000/index.json', 'vectors.f32']) t.not(ino(third, f), ino(second, f), f);
  // Removing the old generation leaves the linked files of the new one intact and loadable.
  rmSync(first, { recursive: true, force: true });
  t.true((await loadSearch(second)) instanceof SearchIndex);
  t.is((await query({ query: 'exponential backoff' }, await loadedSnapshot(second))).definitions[0]?.name, 'withRetry');
});

test('documents cache: unchanged files are not read again and the indexes come out identical to a fresh build', async (t) => {
  const hashOf = (src: Record<string, string>) => (p: string): string | undefined => (src[p] === undefined ? undefined : createHash('sha256').update(src[p]).digest('hex'));
  const counted = (src: Record<string, string>, reads: string[]) => (p: string): string | undefined => { reads.push(p); return src[p]; };
  const searchFile = (d: string, f: string): Buffer => readFileSync(path.join(d, 'search', f));
  const FILES = ['keyword.bin', 'rows.json', 'meta.json', 'docs.json', 'vectors/vectors.f32', 'vectors/vectra-0000/index.json'];
  const first = tmp();
  const firstReads: string[] = [];
  const r1 = await buildSearch(opts(first, { fileHash: hashOf(files), readSource: counted(files, firstReads) }));
  t.is(r1.reusedFiles, 0);
  t.true(existsSync(path.join(first, 'search', 'docs.json')));
  // Nothing changed: every file's documents are taken over, no source is read, the files are byte-identical.
  const second = tmp();
  const secondReads: string[] = [];
  const r2 = await buildSearch(opts(second, { previousDir: first, fileHash: hashOf(files), readSource: counted(files, secondReads) }));
  t.is(r2.reusedFiles, new Set(firstReads).size);
  t.deepEqual(secondReads, []);
  for (const f of FILES) t.true(searchFile(second, f).equals(searchFile(first, f)), f);
  // One file edited: only it is read; the result equals a build from scratch of the edited sources.
  const edited = { ...files, 'src/util/retry.ts': files['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const third = tmp();
  const thirdReads: string[] = [];
  await buildSearch(opts(third, { previousDir: second, fileHash: hashOf(edited), readSource: counted(edited, thirdReads) }, edited));
  t.deepEqual([...new Set(thirdReads)], ['src/util/retry.ts']);
  const scratch = tmp();
  await buildSearch(opts(scratch, { fileHash: hashOf(edited) }, edited));
  for (const f of FILES) t.true(searchFile(third, f).equals(searchFile(scratch, f)), f);
  // fresh (analyze --force) ignores the cache; a cache of another revision or a damaged one is ignored too.
  const fourthReads: string[] = [];
  await buildSearch(opts(tmp(), { previousDir: third, fileHash: hashOf(edited), readSource: counted(edited, fourthReads), fresh: true }, edited));
  t.true(fourthReads.length > 0);
  const goodCache = searchFile(third, 'docs.json');
  writeFileSync(path.join(third, 'search', 'docs.json'), `{"revision": ${DOCS_REVISION - 1}, "files": {}, "docs": []}`);
  const fifthReads: string[] = [];
  await buildSearch(opts(tmp(), { previousDir: third, fileHash: hashOf(edited), readSource: counted(edited, fifthReads) }, edited));
  t.true(fifthReads.length > 0);
  writeFileSync(path.join(third, 'search', 'docs.json'), `{"revision": ${DOCS_REVISION}, "files": `);
  const sixth = tmp();
  await buildSearch(opts(sixth, { previousDir: third, fileHash: hashOf(edited) }, edited));
  for (const f of FILES) t.true(searchFile(sixth, f).equals(searchFile(scratch, f)), f);
  // The counts of taken-over documents come from the previous keyword.bin: without it (or damaged), every
  // document is made again, with the same result.
  writeFileSync(path.join(third, 'search', 'docs.json'), goodCache);
  for (const damage of [(): void => unlinkSync(path.join(third, 'search', 'keyword.bin')), (): void => writeFileSync(path.join(third, 'search', 'keyword.bin'), 'CGKW garbage')]) {
    damage();
    const reads: string[] = [];
    const d = tmp();
    const r = await buildSearch(opts(d, { previousDir: third, fileHash: hashOf(edited), readSource: counted(edited, reads) }, edited));
    t.is(r.reusedFiles, 0);
    t.true(reads.length > 0);
    for (const f of FILES) t.true(searchFile(d, f).equals(searchFile(scratch, f)), f);
  }
});

test('documents cache: rows taken over as the previous docs.json bytes equal a fresh build, whatever the texts hold', async (t) => {
  const hashOf = (src: Record<string, string>) => (p: string): string | undefined => (src[p] === undefined ? undefined : createHash('sha256').update(src[p]).digest('hex'));
  // Doc text that JSON escapes or that looks like the file's own structure: quotes, `"]`, `"],["`, backslashes,
  // a control character, non-ASCII and a lone surrogate.
  const hostile = '/** Splits "a"],["b" at \\"] and \\\\; tab\there, caf\u00e9 数据 \ud800 end. */\n';
  const src: Record<string, string> = { ...files, 'src/auth/login.ts': files['src/auth/login.ts'].replace('export function verifyPassword', `${hostile}export function verifyPassword`) };
  const first = tmp();
  await buildSearch(opts(first, { fileHash: hashOf(src) }, src));
  const cache = readDocCache(path.join(first, 'search', 'docs.json'), JSON.parse(readFileSync(path.join(first, 'search', 'meta.json'), 'utf8')).count);
  t.truthy(cache?.raw, 'the rows were located in the bytes');
  t.true(cache!.texts.some((x) => x.includes('"],["')));
  const edited = { ...src, 'src/util/retry.ts': src['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const second = tmp();
  const r = await buildSearch(opts(second, { previousDir: first, fileHash: hashOf(edited) }, edited));
  t.true((r.reusedFiles ?? 0) > 0);
  const scratch = tmp();
  await buildSearch(opts(scratch, { fileHash: hashOf(edited) }, edited));
  const docs = (d: string): Buffer => readFileSync(path.join(d, 'search', 'docs.json'));
  t.true(docs(second).equals(docs(scratch)));
  // A docs.json laid out otherwise (same content, other spacing) is still read, its rows serialised again.
  writeFileSync(path.join(first, 'search', 'docs.json'), JSON.stringify(JSON.parse(docs(first).toString('utf8')), null, 1));
  const spaced = readDocCache(path.join(first, 'search', 'docs.json'), cache!.uids.length);
  t.truthy(spaced);
  t.is(spaced!.raw, undefined);
  const third = tmp();
  const r3 = await buildSearch(opts(third, { previousDir: first, fileHash: hashOf(edited) }, edited));
  t.true((r3.reusedFiles ?? 0) > 0);
  t.true(docs(third).equals(docs(scratch)));
});

test('documents cache: a symbol whose properties changed in an unchanged file is described again', async (t) => {
  const hash = (): string => 'same';
  const first = tmp();
  await buildSearch(opts(first, { fileHash: hash }));
  // The graph moves a symbol (as a changed extractor would) while the file hash stays: that file is redone.
  const graph = appGraph(files);
  const target = graphData(graph).nodes.find((n) => n.name === 'withRetry')!;
  (target as { line?: number }).line = (target.line as number) + 1;
  const reads: string[] = [];
  const second = tmp();
  const r = await buildSearch({ ...opts(second, { previousDir: first, fileHash: hash }), graph, readSource: (p) => { reads.push(p); return files[p]; } });
  t.deepEqual([...new Set(reads)], [target.filePath]);
  t.true((r.reusedFiles ?? 0) > 0);
});

test('without the packed copy the index is read back from the Vectra shards', async (t) => {
  const dir = tmp();
  await buildSearch(opts(dir));
  const before = strip(await query({ query: 'session token logout' }, await loadedSnapshot(dir)));
  unlinkSync(path.join(dir, 'search', 'vectors', 'vectors.f32'));
  const after = await loadedSnapshot(dir);
  t.truthy((after.search as SearchIndex).vectors);
  t.deepEqual(strip(await query({ query: 'session token logout' }, after)), before);
});

test('re-index: unchanged symbols keep their vectors, the keyword index is rebuilt', async (t) => {
  const first = tmp();
  const r1 = await buildSearch(opts(first));
  t.is(r1.reused, 0);
  // Same sources: everything is reused.
  const second = tmp();
  const r2 = await buildSearch(opts(second, { previousDir: first }));
  t.is(r2.reused, r2.embeddings);
  // One doc comment changes: only that symbol is embedded again; the new word is found, the old one is not.
  const edited = { ...files, 'src/util/retry.ts': files['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const third = tmp();
  const r3 = await buildSearch(opts(third, { previousDir: second }, edited));
  t.is(r3.reused, r3.embeddings - 1);
  const snap = await loadedSnapshot(third, edited);
  t.is((await query({ query: 'jittered' }, snap)).definitions[0]?.name, 'withRetry');
  t.deepEqual((await query({ query: 'exponential' }, snap)).definitions, []);
  // Another embedder: nothing is reused.
  const fourth = tmp();
  const r4 = await buildSearch(opts(fourth, { previousDir: third, embedder: tinyModelDir() }, edited));
  t.is(r4.reused, 0);
});

test.serial('no model: said once, built-in embedder used, nothing hangs', async (t) => {
  const dir = tmp();
  const o = opts(dir, { embedder: '/nonexistent/models/all-MiniLM-L6-v2' });
  const res = await buildSearch(o);
  t.is(res.embedder, LEXICAL_ID);
  t.is(o.logs.length, 1);
  t.regex(o.logs[0], /built-in lexical embedder/);
  // The default (a hub model id, offline, downloads not allowed) falls back the same way.
  const saved = process.env.CODEGRAPH_ALLOW_DOWNLOAD;
  delete process.env.CODEGRAPH_ALLOW_DOWNLOAD;
  const o2 = opts(tmp(), { embedder: undefined });
  const prevEnv = process.env.CODEGRAPH_EMBEDDER;
  delete process.env.CODEGRAPH_EMBEDDER;
  try {
    const r2 = await buildSearch(o2);
    t.is(r2.embedder, LEXICAL_ID);
    t.is(o2.logs.length, 1);
    t.regex(o2.logs[0], /Xenova\/all-MiniLM-L6-v2/);
  } finally {
    if (saved !== undefined) process.env.CODEGRAPH_ALLOW_DOWNLOAD = saved;
    if (prevEnv !== undefined) process.env.CODEGRAPH_EMBEDDER = prevEnv;
  }
});

test('a broken model folder falls back with one message', async (t) => {
  const broken = path.join(tmp(), 'broken-model');
  const src = tinyModelDir();
  // Copy the tiny model, then corrupt its weights.
  const { cpSync } = await import('node:fs');
  cpSync(src, broken, { recursive: true });
  writeFileSync(path.join(broken, 'onnx', 'model_quantized.onnx'), 'not an onnx file');
  const o = opts(tmp(), { embedder: broken });
  const res = await buildSearch(o);
  t.is(res.embedder, LEXICAL_ID);
  t.is(o.logs.length, 1);
  t.regex(o.logs[0], /failed to load/);
});

test('the real transformers.js path: a (tiny, random) model folder makes the vectors and embeds queries', async (t) => {
  const model = tinyModelDir();
  const dir = tmp();
  const progress: Array<[number, number]> = [];
  const o = opts(dir, { embedder: model, progress: (d, n) => progress.push([d, n]) });
  const res = await buildSearch(o);
  t.is(res.embedder, `transformers:${model}`);
  t.deepEqual(o.logs, []);
  t.deepEqual(progress[progress.length - 1], [res.embeddings, res.embeddings]);
  const idx = (await loadSearch(dir))!;
  t.is(idx.embedder.dim, 32);
  t.is(idx.embedder.kind, 'transformers');
  const [v] = await embedWith(dir, ['session token']);
  t.is(v.length, 32);
  let norm = 0;
  for (const x of v) norm += x * x;
  t.true(Math.abs(norm - 1) < 1e-3, 'unit length');
  // Queries go through host.embed (the model), keyword matches still rank exact names first.
  const snap = await loadedSnapshot(dir);
  const r = await query({ query: 'withRetry' }, snap);
  t.is(r.definitions[0].name, 'withRetry');
  t.is(r.warnings, undefined);
  // A host whose embedder fails degrades to keyword results with a warning, never an error.
  const failing = memorySnapshot({ graph: appGraph(), files, search: idx, embed: async () => { throw new Error('model gone'); } });
  const d = await query({ query: 'withRetry' }, failing);
  t.is(d.definitions[0].name, 'withRetry');
  t.regex(d.warnings![0], /keyword results only/);
});

test.serial('CODEGRAPH_MODEL_DIR pointing at a model folder is picked by default', async (t) => {
  const model = tinyModelDir();
  const saved = process.env.CODEGRAPH_MODEL_DIR;
  const savedEmb = process.env.CODEGRAPH_EMBEDDER;
  process.env.CODEGRAPH_MODEL_DIR = model;
  delete process.env.CODEGRAPH_EMBEDDER;
  try {
    const res = await buildSearch(opts(tmp(), { embedder: undefined }));
    t.is(res.embedder, `transformers:${model}`);
  } finally {
    if (saved === undefined) delete process.env.CODEGRAPH_MODEL_DIR; else process.env.CODEGRAPH_MODEL_DIR = saved;
    if (savedEmb !== undefined) process.env.CODEGRAPH_EMBEDDER = savedEmb;
  }
});

test('tiny and empty graphs build and load', async (t) => {
  for (const keep of [0, 1, 2]) {
    const dir = tmp();
    const g = appGraph(files, { processes: false });
    const fns = graphData(g).nodes.filter((n) => n.label === 'Function').slice(0, keep).map((n) => n.uid);
    const small = createCodeGraph();
    for (const n of graphData(g).nodes) if (n.label === 'File' || fns.includes(n.uid)) small.addNode(n.uid, n);
    const res = await buildSearch({ graph: small, readSource: (p) => files[p], dir, log: () => {}, embedder: 'builtin' });
    t.is(res.embeddings, keep);
    const idx = (await loadSearch(dir))!;
    t.is(idx.size, keep);
    const snap = memorySnapshot({ graph: small, files, search: idx, embed: (x) => embedWith(dir, x) });
    t.is((await query({ query: 'verifyPassword' }, snap)).definitions.length > 0, keep > 0);
  }
});

test('a folder without search files loads as undefined and the handler builds in memory', async (t) => {
  const dir = tmp();
  t.is(await loadSearch(dir), undefined);
  t.deepEqual(await embedWith(dir, ['x']), [new Float32Array(0)]);
  const snap = memorySnapshot({ graph: appGraph(), files, search: await loadSearch(dir) });
  t.is((await query({ query: 'withRetry' }, snap)).definitions[0].name, 'withRetry');
  // A corrupt meta.json is treated as absent, not as a crash.
  const bad = tmp();
  await buildSearch(opts(bad));
  writeFileSync(path.join(bad, 'search', 'meta.json'), '{"format": 2, "count": ');
  t.is(await loadSearch(bad), undefined);
  t.true(readdirSync(path.join(bad, 'search')).includes('keyword.bin'));
  rmSync(bad, { recursive: true, force: true });
});
