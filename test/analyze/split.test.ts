import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectParts, parseToParts } from '../../lib/extract/split.ts';
import { ParseAhead, SPLIT_MIN_FILES, splitMode } from '../../lib/analyze/split.ts';
import { walkRepository } from '../../lib/analyze/walk.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import type { ExtractItem } from '../../lib/analyze/pool.ts';
import { readPointer } from '../../index-store/format.ts';
import { failureCase, generationFiles, listAll, SMALL_PROJECT, tempRepo, writeTree } from './_helpers.ts';
import { extractFile, languageOf, languageRuntime } from '../../lib/lang/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rxjs = path.join(repoRoot, 'node_modules/rxjs/src');
const fixtures = path.join(repoRoot, 'test/fixtures');

/** Every file the indexer has a language for under `dir` (walk rules: nothing ignored by .gitignore). */
function items(dir: string): ExtractItem[] {
  return walkRepository(dir).files.flatMap((f) => {
    const language = languageOf(f.path);
    return language ? [{ path: f.path, text: fs.readFileSync(path.join(dir, f.path), 'utf8'), language }] : [];
  });
}

/** rxjs/src plus every fixture source (JavaScript, TSX, syntax errors, CommonJS). */
function corpus(): ExtractItem[] {
  const all = [...items(rxjs), ...items(fixtures).map((it) => ({ ...it, path: `fixtures/${it.path}` }))];
  return all;
}

const json = (x: unknown): string => JSON.stringify(x);

test('the two halves give exactly extractFile\'s facts on every rxjs and fixture file (one thread)', (t) => {
  const all = corpus();
  t.true(all.length > 300);
  t.true(all.some((it) => it.language === 'javascript') && all.some((it) => it.language === 'tsx'));
  let withErrors = 0;
  for (const it of all) {
    const parts = parseToParts(languageRuntime(it.language), it.text);
    const facts = collectParts(languageRuntime(it.language), it.path, it.text, parts);
    if (facts.parseErrors) withErrors++;
    t.is(json(facts), json(extractFile(it.path, it.text, it.language)), it.path);
  }
  t.true(withErrors > 0, 'some fixture has syntax errors');
});

// Serial tests run first: this thread has extracted nothing yet, so it knows no anonymous token text the
// worker's walk learned (what collectParts must be told).
test.serial('every file parsed in the worker, matched and collected here: the in-thread facts, in order (rxjs and fixtures)', async (t) => {
  const all = corpus();
  const ahead = ParseAhead.start();
  t.truthy(ahead);
  ahead!.warm(['typescript', 'tsx', 'javascript']);
  const ticks: number[] = [];
  const { results, inWorkers } = await ahead!.run(all, (n) => ticks.push(n), false);
  ahead!.close();
  t.is(inWorkers, all.length);
  t.deepEqual(ticks, all.map((_, i) => i + 1));
  t.is(results.length, all.length);
  results.forEach((r, i) => t.is('facts' in r ? json(r.facts) : r.error, json(extractFile(all[i].path, all[i].text, all[i].language)), all[i].path));
});

test('this thread extracts files from the back while the worker starts; results in order, the in-thread ones', async (t) => {
  const all = items(rxjs);
  const ahead = ParseAhead.start()!; // not warmed: this thread starts on the last files at once
  const ticks: number[] = [];
  const { results, inWorkers } = await ahead.run(all, (n) => ticks.push(n));
  ahead.close();
  t.true(inWorkers > 0 && inWorkers < all.length, `worker parsed ${inWorkers} of ${all.length}`);
  t.deepEqual(ticks, all.map((_, i) => i + 1));
  results.forEach((r, i) => t.is('facts' in r ? json(r.facts) : r.error, json(extractFile(all[i].path, all[i].text, all[i].language)), all[i].path));
});

test('a parse failure in the worker is the in-thread failure of that file; the other files are extracted', async (t) => {
  const ahead = ParseAhead.start()!;
  try {
    const { got, want } = await failureCase((items) => ahead.run(items, () => {}));
    t.deepEqual(got, want);
  } finally {
    ahead.close();
  }
});

test('a worker that goes away mid-run: the files it never answered are extracted here, results unchanged', async (t) => {
  const all = items(rxjs).slice(0, 80);
  const ahead = ParseAhead.start()!;
  // Stopped as it would be between files (terminate() mid-parse would abort the process): the files queued
  // after the stop are never answered.
  const worker = (ahead as unknown as { worker: { postMessage(m: unknown): void } }).worker;
  let stopped = false;
  const { results, inWorkers } = await ahead.run(all, (n) => { if (n === 3 && !stopped) { stopped = true; worker.postMessage({ stop: true }); } });
  t.true(stopped);
  t.true(inWorkers < all.length, `worker parsed ${inWorkers} of ${all.length}`);
  results.forEach((r, i) => t.is('facts' in r ? json(r.facts) : r.error, json(extractFile(all[i].path, all[i].text, all[i].language)), all[i].path));
  const again = await ahead.run(all.slice(0, 3), () => {}); // a dead worker: everything here
  t.is(again.inWorkers, 0);
  ahead.close();
});

test('split mode: the caller decides, else CODEGRAPH_SPLIT, else by size from two cores', (t) => {
  const saved = process.env.CODEGRAPH_SPLIT;
  try {
    delete process.env.CODEGRAPH_SPLIT;
    t.is(splitMode(true), 'on');
    t.is(splitMode(false), 'off');
    t.is(splitMode(undefined), 'auto'); // this machine has two cores or more
    process.env.CODEGRAPH_SPLIT = '1';
    t.is(splitMode(undefined), 'on');
    t.is(splitMode(false), 'off');
    process.env.CODEGRAPH_SPLIT = '0';
    t.is(splitMode(undefined), 'off');
  } finally {
    if (saved === undefined) delete process.env.CODEGRAPH_SPLIT; else process.env.CODEGRAPH_SPLIT = saved;
  }
  t.true(SPLIT_MIN_FILES > 252, 'rxjs-sized runs stay in one thread by default (measured: the split loses there)');
});

// serial: ParseAhead.parsedInWorkers is process-wide, and the concurrent tests above parse in workers too
test.serial('analyze with the split forced on writes the same generation, byte for byte, as in one thread (rxjs + fixtures)', async (t) => {
  const { root, home } = tempRepo({});
  fs.cpSync(rxjs, path.join(root, 'rxjs'), { recursive: true });
  fs.cpSync(fixtures, path.join(root, 'fixtures'), { recursive: true });
  await analyzeRepository(root, { home, split: false }); // so that both measured runs rebuild over a previous one
  const n0 = ParseAhead.parsedInWorkers;
  const split = await analyzeRepository(root, { home, split: true, force: true });
  const n1 = ParseAhead.parsedInWorkers;
  const alone = await analyzeRepository(root, { home, split: false, force: true });
  t.true(n1 - n0 > 0, `the worker parsed ${n1 - n0} files`); // how many depends on its start-up (slow under tsx)
  t.is(ParseAhead.parsedInWorkers, n1);
  t.true(split.summary.files.parsed > 300);
  t.is(split.summary.files.parsed, alone.summary.files.parsed);
  t.not(split.dir, alone.dir);
  const a = generationFiles(split.dir);
  const b = generationFiles(alone.dir);
  t.deepEqual(Object.keys(a), Object.keys(b));
  t.true(Object.keys(a).some((f) => f.startsWith('search/')));
  for (const f of Object.keys(a)) t.true(a[f] === b[f], `${f} differs`);
});

for (const phase of ['parse', 'resolve', 'search'] as const) {
  test(`split forced on: a failure during '${phase}' leaves the previous snapshot untouched, and the next run recovers`, async (t) => {
    const { root, home } = tempRepo(SMALL_PROJECT);
    await analyzeRepository(root, { home, split: true });
    writeTree(root, { 'src/more.ts': 'export const more = 1;\n' });
    const state = () => ({ files: listAll(path.join(root, '.codegraph')), pointer: readPointer(path.join(root, '.codegraph')) });
    const before = state();
    const err = await t.throwsAsync(analyzeRepository(root, { home, split: true, force: true, onPhase: (p) => { if (p === phase) throw new Error(`injected in ${p}`); } }));
    t.is(err?.message, `injected in ${phase}`);
    t.deepEqual(state(), before);
    const r = await analyzeRepository(root, { home, split: true, force: true });
    t.is(r.summary.files.parsed, 4);
  });
}
