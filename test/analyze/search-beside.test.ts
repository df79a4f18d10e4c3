import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SEARCH_WORKER_MIN_SYMBOLS, SearchBeside, searchWorkerMode, wantsSearchWorker } from '../../lib/analyze/search-beside.ts';
import { buildSearch } from '../../lib/search/index.ts';
import { codeGraphFromData } from '../../lib/graph/code-graph.ts';
import { readPointer } from '../../index-store/format.ts';
import { listAll, SMALL_PROJECT, tempDir, tempRepo, writeTree } from './_helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(repoRoot, 'test/fixtures');

/** Every file of a generation folder, meta.json without what differs by run, `root` written as <root>. */
function generationFiles(dir: string, root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of listAll(dir).sort()) {
    let text = fs.readFileSync(path.join(dir, rel)).toString('latin1');
    if (rel === 'meta.json') {
      const meta = JSON.parse(text);
      delete meta.generation;
      delete meta.indexedAt;
      delete meta.summary.timings;
      text = JSON.stringify(meta);
    }
    out[rel] = text.split(root).join('<root>');
  }
  return out;
}

test.serial('search in a worker writes the same generations, byte for byte, cold and after one file changed', async (t) => {
  const a = tempRepo({}, 'repo');
  const b = tempRepo({}, 'repo');
  const when = new Date(Date.now() - 60_000);
  for (const r of [a, b]) {
    fs.cpSync(fixtures, path.join(r.root, 'fx'), { recursive: true });
    for (const f of listAll(r.root)) fs.utimesSync(path.join(r.root, f), when, when);
  }
  const jobs0 = SearchBeside.jobs;
  const coldA = await analyzeRepository(a.root, { home: a.home, searchWorker: true });
  t.is(SearchBeside.jobs, jobs0 + 1); // the worker really built it
  const coldB = await analyzeRepository(b.root, { home: b.home, searchWorker: false });
  t.is(SearchBeside.jobs, jobs0 + 1);
  t.true(coldA.summary.embeddings > 50);
  const ga = generationFiles(coldA.dir, a.root);
  const gb = generationFiles(coldB.dir, b.root);
  t.deepEqual(Object.keys(ga), Object.keys(gb));
  t.true(Object.keys(ga).some((f) => f.startsWith('search/')));
  for (const f of Object.keys(ga)) t.true(ga[f] === gb[f], `cold: ${f} differs`);

  // One file changed: the previous generation's documents and vectors are reused (previousDir, hashes).
  const changed = new Date(Date.now() - 30_000);
  for (const r of [a, b]) {
    const file = path.join(r.root, listAll(r.root).filter((f) => f.endsWith('.ts') && !f.includes('.codegraph')).sort()[0]);
    fs.appendFileSync(file, '\nexport function addedForSearch(x: number): number {\n  return x * 2;\n}\n');
    fs.utimesSync(file, changed, changed);
  }
  const oneA = await analyzeRepository(a.root, { home: a.home, searchWorker: true });
  const oneB = await analyzeRepository(b.root, { home: b.home, searchWorker: false });
  t.is(oneA.summary.files.parsed, 1);
  const ha = generationFiles(oneA.dir, a.root);
  const hb = generationFiles(oneB.dir, b.root);
  t.deepEqual(Object.keys(ha), Object.keys(hb));
  for (const f of Object.keys(ha)) t.true(ha[f] === hb[f], `one file changed: ${f} differs`);
});

test('an error in the worker\'s buildSearch is the error buildSearch throws in this thread', async (t) => {
  const base = tempDir();
  const notDir = path.join(base, 'file');
  fs.writeFileSync(notDir, 'x');
  const node = { uid: 'Function:a.ts:f', label: 'Function', name: 'f', filePath: 'a.ts', line: 1, endLine: 1 } as never;
  const job = { root: base, nodes: [node], texts: [['a.ts', 'function f() {}\n']] as Array<[string, string]>, hashes: [] as Array<[string, string]>, dir: path.join(notDir, 'gen'), fresh: true };
  const here = await t.throwsAsync(buildSearch({
    graph: codeGraphFromData({ nodes: [node], edges: [] }), dir: job.dir, log: () => {}, readSource: () => 'function f() {}\n', fresh: true,
  }));
  const beside = SearchBeside.start()!;
  const logs: string[] = [];
  beside.send(job, (m) => logs.push(m), () => {});
  const there = await t.throwsAsync(beside.result());
  await beside.settle();
  t.is(there?.message, here?.message);
  t.regex(there!.message, /ENOTDIR|not a directory/i);
});

for (const phase of ['modules', 'processes', 'search', 'write'] as const) {
  test(`search worker on: a failure during '${phase}' leaves the previous snapshot untouched (the worker is waited for)`, async (t) => {
    const { root, home } = tempRepo(SMALL_PROJECT);
    await analyzeRepository(root, { home });
    writeTree(root, { 'src/more.ts': 'export const more = 1;\n' });
    const state = () => ({ files: listAll(path.join(root, '.codegraph')), pointer: readPointer(path.join(root, '.codegraph')) });
    const before = state();
    const err = await t.throwsAsync(analyzeRepository(root, { home, searchWorker: true, onPhase: (p) => { if (p === phase) throw new Error(`injected in ${p}`); } }));
    t.is(err?.message, `injected in ${phase}`);
    await new Promise((r) => setTimeout(r, 300)); // a worker still writing would show up now
    t.deepEqual(state(), before);
    const r = await analyzeRepository(root, { home, searchWorker: true });
    t.is(r.repo.stats.files, 4);
    t.true(r.summary.embeddings > 0);
  });
}

test('search worker: on by default for large projects only; the caller can force it on or off', (t) => {
  t.is(searchWorkerMode(undefined), 'auto');
  t.false(wantsSearchWorker('auto', SEARCH_WORKER_MIN_SYMBOLS - 1));
  t.true(wantsSearchWorker('auto', SEARCH_WORKER_MIN_SYMBOLS));
  t.is(searchWorkerMode(true), 'on');
  t.true(wantsSearchWorker('on', 0));
  t.is(searchWorkerMode(false), 'off');
  t.false(wantsSearchWorker('off', 1e9));
});
