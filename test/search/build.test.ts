import test from 'ava';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync,  writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appFiles, appGraph } from './fixture-graph.ts';
import { tinyModelDir } from './tiny-model.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { query, type QueryResponse } from '../../handlers/query.ts';
import { buildSearch, embedWith, type BuildSearchOptions } from '../../lib/search/index.ts';
import { loadSearch, SearchIndex } from '../../lib/search/load.ts';
import { LEXICAL_ID } from '../../lib/search/embedders/index.ts';
import { createCodeGraph, graphData } from '../../lib/graph/code-graph.ts';

/** The default built-in embedder: the code-search model shipped with codegraph (its id carries the model's digest). */
const TRAINED = /^builtin:nbow-v1-128-[0-9a-f]{16}$/;
/** The embedder learned from the repository (its id carries the learned model's digest). */
const LEARNED = /^builtin:cooc-v1-128-[0-9a-f]{16}$/;

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
  t.regex(res.embedder, TRAINED);
  t.is(res.embeddings, graphData(appGraph()).nodes.filter((n) => !['File', 'Community', 'Process', 'Folder'].includes(n.label)).length);
  t.deepEqual(o.logs, []);
  for (const f of ['meta.json', 'rows.json', 'keyword.bin', 'vectors.f32']) t.true(existsSync(path.join(dir, 'search', f)), f);
  // the shipped model is not stored with the index, and its vectors need no stored terms to be kept
  for (const f of ['embedder.bin', 'cooc-sums.bin', 'bags.bin']) t.false(existsSync(path.join(dir, 'search', f)), f);
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

test('re-index: unchanged symbols keep their vectors, the keyword index is rebuilt', async (t) => {
  const first = tmp();
  const r1 = await buildSearch(opts(first, { embedder: 'lexical' }));
  t.is(r1.reused, 0);
  // Same sources: everything is reused.
  const second = tmp();
  const r2 = await buildSearch(opts(second, { previousDir: first, embedder: 'lexical' }));
  t.is(r2.reused, r2.embeddings);
  // One doc comment changes: only that symbol is embedded again; the new word is found, the old one is not.
  const edited = { ...files, 'src/util/retry.ts': files['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const third = tmp();
  const r3 = await buildSearch(opts(third, { previousDir: second, embedder: 'lexical' }, edited));
  t.is(r3.reused, r3.embeddings - 1);
  const snap = await loadedSnapshot(third, edited);
  t.is((await query({ query: 'jittered' }, snap)).process_symbols[0]?.name, 'withRetry');
  t.false((await query({ query: 'exponential' }, snap)).process_symbols.some((x) => x.name === 'withRetry'));
  // Another embedder: nothing is reused.
  const fourth = tmp();
  const r4 = await buildSearch(opts(fourth, { previousDir: third, embedder: tinyModelDir() }, edited));
  t.is(r4.reused, 0);
  // The learned embedder reads every field and is learned anew: its vectors are made again.
  const fifth = tmp();
  const r5 = await buildSearch(opts(fifth, { previousDir: fourth, embedder: 'learned' }, edited));
  t.regex(r5.embedder, LEARNED);
  t.is(r5.reused, 0);
  // The shipped model (the default) after another embedder: every vector is made.
  const sixth = tmp();
  const r6 = await buildSearch(opts(sixth, { previousDir: fifth }, edited));
  t.regex(r6.embedder, TRAINED);
  t.is(r6.reused, 0);
  // After itself, a symbol's vector depends on its document alone: only the edited file's symbols are embedded.
  const inRetry = graphData(appGraph()).nodes.filter((n) => n.filePath === 'src/util/retry.ts' && !['File', 'Folder'].includes(n.label)).length;
  const again = { ...edited, 'src/util/retry.ts': edited['src/util/retry.ts'].replace('jittered linear delay', 'capped random delay') };
  const seventh = tmp();
  const r7 = await buildSearch(opts(seventh, { previousDir: sixth }, again));
  t.is(r7.reused, r7.embeddings - inRetry);
  const cold = tmp();
  await buildSearch(opts(cold, {}, again));
  t.deepEqual(searchFiles(seventh), searchFiles(cold));
});

/** Every search file of a build, by name. */
function searchFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(path.join(dir, 'search')).sort()) out[f] = readFileSync(path.join(dir, 'search', f)).toString('base64');
  return out;
}

test('re-index: documents of unchanged files are taken over, and the files equal a fresh build (even without bags.bin)', async (t) => {
  const edited = { ...files, 'src/util/retry.ts': files['src/util/retry.ts'].replace('exponential backoff', 'jittered linear delay') };
  const inRetry = graphData(appGraph()).nodes.filter((n) => n.filePath === 'src/util/retry.ts' && !['File', 'Folder'].includes(n.label)).length;
  t.true(inRetry > 0);
  for (const embedder of ['builtin', 'learned', 'lexical', 'both']) {
    const first = tmp();
    const r1 = await buildSearch(opts(first, { embedder }));
    t.is(r1.reusedRows, 0);
    // only a model learned from every document reads the stored terms of the documents taken over
    t.is(existsSync(path.join(first, 'search', 'bags.bin')), embedder === 'learned' || embedder === 'both', embedder);
    const second = tmp();
    const r2 = await buildSearch(opts(second, { previousDir: first, embedder }, edited));
    // every symbol of the edited file is described again (its text changed), every other one is taken over
    t.is(r2.reusedRows, r2.embeddings - inRetry, embedder);
    const cold = tmp();
    await buildSearch(opts(cold, { embedder }, edited));
    t.deepEqual(searchFiles(second), searchFiles(cold), embedder);
    // without the stored terms, a taken-over document is described again where its terms are read: same files
    rmSync(path.join(first, 'search', 'bags.bin'), { force: true });
    const third = tmp();
    const r3 = await buildSearch(opts(third, { previousDir: first, embedder }, edited));
    t.is(r3.reusedRows, r2.reusedRows);
    t.deepEqual(searchFiles(third), searchFiles(cold), `${embedder} without bags.bin`);
    // a damaged one is not read
    writeFileSync(path.join(first, 'search', 'bags.bin'), Buffer.from('BAG1 damaged'));
    const fourth = tmp();
    await buildSearch(opts(fourth, { previousDir: first, embedder }, edited));
    t.deepEqual(searchFiles(fourth), searchFiles(cold), `${embedder} with a damaged bags.bin`);
    // rows made by other code (another tokeniser, other fields) are never taken over
    const rowsFile = path.join(second, 'search', 'rows.json');
    writeFileSync(rowsFile, JSON.stringify({ ...JSON.parse(readFileSync(rowsFile, 'utf8')), stamp: 'other code' }));
    const fifth = tmp();
    const r5 = await buildSearch(opts(fifth, { previousDir: second, embedder }, edited));
    t.is(r5.reusedRows, 0, embedder);
    t.deepEqual(searchFiles(fifth), searchFiles(cold), `${embedder} after other code`);
  }
});

test.serial('no model: said once, built-in embedder used, nothing hangs', async (t) => {
  const dir = tmp();
  const o = opts(dir, { embedder: '/nonexistent/models/all-MiniLM-L6-v2' });
  const res = await buildSearch(o);
  t.regex(res.embedder, TRAINED);
  t.is(o.logs.length, 1);
  t.regex(o.logs[0], /built-in embedder/);
  // Said once per process: a watcher's or a server's next re-index does not say it again.
  const again = opts(tmp(), { embedder: '/nonexistent/models/all-MiniLM-L6-v2' });
  t.regex((await buildSearch(again)).embedder, TRAINED);
  t.deepEqual(again.logs, []);
  // The default (a hub model id, offline, downloads not allowed) falls back to the built-in embedder, which is then
  // the default, not a fallback: nothing is said.
  const saved = process.env.CODEGRAPH_ALLOW_DOWNLOAD;
  delete process.env.CODEGRAPH_ALLOW_DOWNLOAD;
  const o2 = opts(tmp(), { embedder: undefined });
  const prevEnv = process.env.CODEGRAPH_EMBEDDER;
  delete process.env.CODEGRAPH_EMBEDDER;
  try {
    const r2 = await buildSearch(o2);
    t.regex(r2.embedder, TRAINED);
    t.deepEqual(o2.logs, []);
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
  t.regex(res.embedder, TRAINED);
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
  t.is(r.process_symbols[0].name, 'withRetry');
  t.is(r.warnings, undefined);
  // A host whose embedder fails degrades to keyword results with a warning, never an error.
  const failing = memorySnapshot({ graph: appGraph(), files, search: idx, embed: async () => { throw new Error('model gone'); } });
  const d = await query({ query: 'withRetry' }, failing);
  t.is(d.process_symbols[0].name, 'withRetry');
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
    t.is((await query({ query: 'verifyPassword' }, snap)).process_symbols.length > 0, keep > 0);
  }
});

test('a folder without search files loads as undefined and the handler builds in memory', async (t) => {
  const dir = tmp();
  t.is(await loadSearch(dir), undefined);
  t.deepEqual(await embedWith(dir, ['x']), [new Float32Array(0)]);
  const snap = memorySnapshot({ graph: appGraph(), files, search: await loadSearch(dir) });
  t.is((await query({ query: 'withRetry' }, snap)).process_symbols[0].name, 'withRetry');
  // An index of an older format is not read (the handler builds in memory until the next analyze).
  const old = tmp();
  await buildSearch(opts(old));
  const meta = JSON.parse(readFileSync(path.join(old, 'search', 'meta.json'), 'utf8'));
  writeFileSync(path.join(old, 'search', 'meta.json'), JSON.stringify({ ...meta, format: 2 }));
  t.is(await loadSearch(old), undefined);
  // A corrupt meta.json is treated as absent, not as a crash.
  const bad = tmp();
  await buildSearch(opts(bad));
  writeFileSync(path.join(bad, 'search', 'meta.json'), '{"format": 3, "count": ');
  t.is(await loadSearch(bad), undefined);
  t.true(readdirSync(path.join(bad, 'search')).includes('keyword.bin'));
  rmSync(bad, { recursive: true, force: true });
});

test('each built-in embedder by name: lexical and learned, recorded and used for queries', async (t) => {
  const lex = tmp();
  t.is((await buildSearch(opts(lex, { embedder: 'lexical' }))).embedder, LEXICAL_ID);
  const learned = tmp();
  const res = await buildSearch(opts(learned, { embedder: 'learned' }));
  t.regex(res.embedder, LEARNED);
  const idx = (await loadSearch(learned))!;
  t.is(idx.embedder.kind, 'learned');
  t.true(idx.embedsLocally);
  // Query vectors come from the stored model, in-process and through the host alike.
  const [local] = idx.embedLocally(['session token']);
  const [viaHost] = await embedWith(learned, ['session token']);
  t.deepEqual(Array.from(local), Array.from(viaHost));
  t.is(local.length, 128);
  // A model file that does not match the recorded embedder is an unreadable index, never a wrong answer.
  writeFileSync(path.join(learned, 'search', 'embedder.bin'), readFileSync(path.join(lex, 'search', 'keyword.bin')));
  const broken = memorySnapshot({ graph: appGraph(), files, search: await loadSearch(learned) });
  const r = await query({ query: 'withRetry' }, broken);
  t.is(r.process_symbols[0].name, 'withRetry');
  t.regex(r.warnings![0], /stored search index cannot be read/);
});

test('the shipped model (trained) and both models (both): recorded, used for queries, refused when the shipped model changed', async (t) => {
  for (const [name, kind, dim, id] of [['trained', 'trained', 128, /^builtin:nbow-v1-128-[0-9a-f]{16}$/], ['both', 'learned', 256, /^builtin:both-[0-9a-f]{16}-[0-9a-f]{16}$/]] as const) {
    const dir = tmp();
    const res = await buildSearch(opts(dir, { embedder: name }));
    t.regex(res.embedder, id, name);
    const idx = (await loadSearch(dir))!;
    t.is(idx.embedder.kind, kind);
    t.is(idx.embedder.dim, dim);
    t.true(idx.embedsLocally);
    const [local] = idx.embedLocally(['try the request again later']);
    const [viaHost] = await embedWith(dir, ['try the request again later']);
    t.deepEqual(Array.from(local), Array.from(viaHost));
    t.true(Math.abs(Math.hypot(...local) - 1) < 1e-4);
    const r = await query({ query: 'run the task again after it failed' }, await loadedSnapshot(dir));
    t.is(r.process_symbols[0]?.name ?? r.definitions[0]?.name, 'withRetry', name);
    // Vectors made by another version of the shipped model are never compared with this one's.
    const meta = JSON.parse(readFileSync(path.join(dir, 'search', 'meta.json'), 'utf8'));
    meta.embedder.id = meta.embedder.id.replace(/[0-9a-f]{16}$/, '0000000000000000');
    writeFileSync(path.join(dir, 'search', 'meta.json'), JSON.stringify(meta));
    const stale = await query({ query: 'withRetry' }, await loadedSnapshot(dir));
    t.is(stale.process_symbols[0].name, 'withRetry');
    t.regex(stale.warnings![0], /stored search index cannot be read/);
  }
});

test('collectGarbage is called once, after the keyword index is written, and changes no file', async (t) => {
  const plain = tmp();
  const collected = tmp();
  await buildSearch(opts(plain));
  const seen: string[][] = [];
  await buildSearch(opts(collected, { collectGarbage: async () => { seen.push(readdirSync(path.join(collected, 'search')).sort()); } }));
  // called once, when keyword.bin exists and before the learned model's files are written
  t.deepEqual(seen, [['keyword.bin']]);
  const names = readdirSync(path.join(plain, 'search')).sort();
  t.deepEqual(readdirSync(path.join(collected, 'search')).sort(), names);
  for (const f of names) t.true(readFileSync(path.join(plain, 'search', f)).equals(readFileSync(path.join(collected, 'search', f))), f);
});
