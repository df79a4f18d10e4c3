import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractAll, defaultWorkers, type ExtractItem } from '../../lib/analyze/pool.ts';
import { walkRepository } from '../../lib/analyze/walk.ts';
import { languageOf } from '../../lib/extract/index.ts';

const rxjs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/rxjs/src');

function corpus(): ExtractItem[] {
  return walkRepository(rxjs).files.flatMap((f) => {
    const language = languageOf(f.path);
    return language ? [{ path: f.path, text: fs.readFileSync(path.join(rxjs, f.path), 'utf8'), language }] : [];
  });
}

test('the worker pool gives exactly the in-thread results, in order (rxjs/src)', async (t) => {
  const items = corpus();
  t.true(items.length > 200);
  const ticks: number[] = [];
  const { results: pooled, inWorkers } = await extractAll(items, 2, (n) => ticks.push(n));
  const { results: here, inWorkers: none } = await extractAll(items, 0, () => {});
  t.is(inWorkers, items.length); // the workers really did the work
  t.is(none, 0);
  t.deepEqual(pooled, here);
  t.is(Math.max(...ticks), items.length);
  t.true(pooled.every((r, i) => 'facts' in r && r.facts.path === items[i].path));
});

test('an extractor failure is reported per file, in a worker and in-thread alike', async (t) => {
  // No text at all: every extractor throws on it.
  const bad = { path: 'x.ts', text: undefined as unknown as string, language: 'typescript' as const };
  const ok = { path: 'y.ts', text: 'export const b = 1;\n', language: 'typescript' as const };
  const pooled = await extractAll([ok, bad, ok], 2, () => {});
  const here = await extractAll([ok, bad, ok], 0, () => {});
  t.is(pooled.inWorkers, 3);
  t.deepEqual(pooled.results.map((r) => 'error' in r), [false, true, false]);
  t.deepEqual(pooled.results, here.results);
});

test('by default no pool is started (it did not pay off in the benchmark)', (t) => {
  t.is(defaultWorkers(corpus()), 0);
});
