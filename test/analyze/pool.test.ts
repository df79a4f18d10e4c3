import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExtractPool, extractAll, defaultWorkers, POOL_MIN_FILES, type ExtractItem, type ExtractResult } from '../../lib/analyze/pool.ts';
import { walkRepository } from '../../lib/files/walk.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { tempRepo } from './_helpers.ts';
import { languageOf } from '../../lib/lang/index.ts';
import { splitFacts } from '../../index-store/parts.ts';

const rxjs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/rxjs/src');

function corpus(): ExtractItem[] {
  return walkRepository(rxjs).files.flatMap((f) => {
    const language = languageOf(f.path);
    return language ? [{ path: f.path, text: fs.readFileSync(path.join(rxjs, f.path), 'utf8'), language }] : [];
  });
}

/** Results without the workers' JSON text, after checking that text is exactly the facts' two stored lines. */
function plain(t: { deepEqual: (a: unknown, b: unknown, m?: string) => void }, results: ExtractResult[]): ExtractResult[] {
  return results.map((r) => {
    if (!('facts' in r) || r.text === undefined) return r;
    const { head, body } = splitFacts(r.facts);
    t.deepEqual(r.text, { head: JSON.stringify(head), body: JSON.stringify(body) }, r.facts.path);
    return { facts: r.facts };
  });
}

test('workers alone give exactly the in-thread results, in order (rxjs/src)', async (t) => {
  const items = corpus();
  t.true(items.length > 200);
  const ticks: number[] = [];
  const { results: pooled, inWorkers } = await extractAll(items, 2, (n) => ticks.push(n));
  const { results: here, inWorkers: none } = await extractAll(items, 0, () => {});
  t.is(inWorkers, items.length); // the workers really did the work
  t.is(none, 0);
  t.deepEqual(plain(t, pooled), here);
  t.is(Math.max(...ticks), items.length);
  t.true(pooled.every((r, i) => 'facts' in r && r.facts.path === items[i].path));
});

test('this thread and a warmed worker share the files; the results are the in-thread ones, in order', async (t) => {
  const items = corpus();
  const pool = ExtractPool.start(1);
  t.is(pool.size, 1);
  pool.warm(['typescript', 'javascript']);
  const ticks: number[] = [];
  const { results, inWorkers } = await pool.run(items, (n) => ticks.push(n));
  pool.close();
  t.true(inWorkers > 0 && inWorkers < items.length, `worker did ${inWorkers} of ${items.length}`);
  t.deepEqual(ticks, items.map((_, i) => i + 1));
  const { results: here } = await extractAll(items, 0, () => {});
  t.deepEqual(plain(t, results), here);
});

test('a pool whose worker is gone extracts everything in this thread', async (t) => {
  const items = corpus().slice(0, 20);
  const pool = ExtractPool.start(1);
  await (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots[0].worker.terminate();
  await new Promise((r) => setImmediate(r)); // the exit event
  t.is(pool.size, 0);
  const { results, inWorkers } = await pool.run(items, () => {});
  t.is(inWorkers, 0);
  t.deepEqual(results, (await extractAll(items, 0, () => {})).results);
});

test('an extractor failure is reported per file, in a worker and in-thread alike', async (t) => {
  // No text at all: every extractor throws on it.
  const bad = { path: 'x.ts', text: undefined as unknown as string, language: 'typescript' as const };
  const ok = { path: 'y.ts', text: 'export const b = 1;\n', language: 'typescript' as const };
  const pooled = await extractAll([ok, bad, ok], 2, () => {});
  const here = await extractAll([ok, bad, ok], 0, () => {});
  t.is(pooled.inWorkers, 3);
  t.deepEqual(pooled.results.map((r) => 'error' in r), [false, true, false]);
  t.deepEqual(plain(t, pooled.results), here.results);
});

test('by default no worker below four cores (it did not pay off on two), one from four up', (t) => {
  t.is(defaultWorkers(), os.availableParallelism() >= 4 ? 1 : 0);
});

test('analyze with a worker writes the same snapshot files as analyze in this thread alone', async (t) => {
  const files: Record<string, string> = {};
  const n = POOL_MIN_FILES + 6;
  for (let i = 0; i < n; i++) {
    files[`src/m${String(i).padStart(3, '0')}.ts`] = i === 0
      ? 'export function base(x: number): number {\n  return x + 1;\n}\n'
      : `import { ${i === 1 ? 'base' : `f${i - 1}`} } from './m${String(i - 1).padStart(3, '0')}';\n`
        + `/** Step ${i}. */\nexport function f${i}(x: number): number {\n  return ${i === 1 ? 'base' : `f${i - 1}`}(x) * ${i};\n}\n`
        + `export class C${i} { run(): number { return f${i}(${i}); } }\n`;
  }
  files['src/legacy.js'] = "const { f3 } = require('./m003');\nmodule.exports = { legacy: () => f3(1) };\n";
  const read = (dir: string) => ['graph.json', 'refs/0.json', 'unresolved/0.json', 'files.json', 'facts/0.json'].map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const a = tempRepo(files);
  const b = tempRepo(files);
  const when = new Date(Date.now() - 60_000); // same mtimes in both (files.json records them)
  for (const root of [a.root, b.root]) for (const f of Object.keys(files)) fs.utimesSync(path.join(root, f), when, when);
  const pooled = await analyzeRepository(a.root, { home: a.home, workers: 1 });
  const alone = await analyzeRepository(b.root, { home: b.home, workers: 0 });
  t.is(pooled.summary.files.parsed, n + 1);
  t.deepEqual(read(pooled.dir).map((s) => s.split(a.root).join('<root>')), read(alone.dir).map((s) => s.split(b.root).join('<root>')));
});
