/**
 * Extraction with the native parser's background thread (lib/extract/native-ahead.ts): the facts extractFile
 * gives, in order, for every rxjs and fixture file; a lone file extracted in this thread; failures as
 * extractFile's; the pipeline takes this path by default; and an analyze without the native parser
 * (CODEGRAPH_NATIVE=0: node-tree-sitter parses and walks) writes the same generation, byte for byte.
 * Tests that need the addon skip, saying why, without it.
 */
import { nativeTest } from '../helpers/native.ts';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NativeAhead } from '../../lib/analyze/native-ahead.ts';
import { nativeParser } from '../../lib/extract/native.ts';
import { languageRuntime, extractFile, languageOf } from '../../lib/lang/index.ts';
import { walkRepository } from '../../lib/files/walk.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import type { ExtractItem } from '../../lib/analyze/pool.ts';
import { readPointer } from '../../index-store/format.ts';
import { failureCase, generationFiles, SMALL_PROJECT, tempRepo } from './_helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rxjs = path.join(repoRoot, 'node_modules/rxjs/src');
const fixtures = path.join(repoRoot, 'test/fixtures');
const json = (x: unknown): string => JSON.stringify(x);

function items(dir: string, prefix = ''): ExtractItem[] {
  return walkRepository(dir).files.flatMap((f) => {
    const language = languageOf(f.path);
    return language ? [{ path: prefix + f.path, text: fs.readFileSync(path.join(dir, f.path), 'utf8'), language }] : [];
  });
}

nativeTest.serial('every rxjs and fixture file parsed on the native thread, collected here: extractFile\'s facts, in order', async (t) => {
  const all = [...items(rxjs), ...items(fixtures, 'fixtures/')];
  t.true(all.length > 300);
  const ahead = NativeAhead.start();
  t.truthy(ahead);
  const before = NativeAhead.parsedAhead;
  const ticks: number[] = [];
  try {
    const { results } = await ahead!.run(all, (n) => ticks.push(n));
    t.is(NativeAhead.parsedAhead - before, all.length);
    t.deepEqual(ticks, all.map((_, i) => i + 1));
    results.forEach((r, i) => t.is('facts' in r ? json(r.facts) : r.error, json(extractFile(all[i].path, all[i].text, all[i].language)), all[i].path));
    // among them a file the grammar takes only repaired (lib/lang/javascript/repair.ts): its repaired parse, made natively here
    const k = all.findIndex((it) => it.path === 'fixtures/indexer/grammar-gaps/src/factory.ts');
    const raw = nativeParser()!.parse(languageRuntime('typescript').grammar, all[k].text);
    const r = results[k];
    t.true(raw.errors > 0 && 'facts' in r && r.facts.parseErrors < raw.errors, 'the repaired parse was kept');
  } finally {
    ahead!.close();
  }
});

nativeTest.serial('a single file is extracted in this thread, not sent to the native thread: extractFile\'s facts (every fixture file, failures too)', async (t) => {
  const all = items(fixtures, 'fixtures/');
  const ahead = NativeAhead.start()!;
  const before = NativeAhead.parsedAhead;
  try {
    for (const it of all) {
      const ticks: number[] = [];
      const { results } = await ahead.run([it], (n) => ticks.push(n));
      t.deepEqual(ticks, [1]);
      t.is('facts' in results[0] ? json(results[0].facts) : results[0].error, json(extractFile(it.path, it.text, it.language)), it.path);
    }
    t.is(NativeAhead.parsedAhead - before, 0);
    const { got, want } = await failureCase(async (items) => ({ results: (await Promise.all(items.map((i) => ahead.run([i], () => {})))).map((r) => r.results[0]), inWorkers: 0 }));
    t.deepEqual(got, want);
  } finally {
    ahead.close();
  }
});

nativeTest('a file the native thread cannot take fails as extractFile fails; the files around it are extracted', async (t) => {
  const ahead = NativeAhead.start()!;
  try {
    const { got, want } = await failureCase((items) => ahead.run(items, () => {}));
    t.deepEqual(got, want);
  } finally {
    ahead.close();
  }
});

nativeTest.serial('analyze parses on the native thread by default', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const before = NativeAhead.parsedAhead;
  const r = await analyzeRepository(root, { home });
  t.is(r.summary.files.parsed, 3);
  t.is(NativeAhead.parsedAhead - before, 3);
  // one changed file: extracted in this thread
  fs.appendFileSync(path.join(root, 'src/math.ts'), '\nexport function addedLater(x: number): number { return x + 1; }\n');
  const again = await analyzeRepository(root, { home });
  t.is(again.summary.files.parsed, 1);
  t.is(NativeAhead.parsedAhead - before, 3);
});

nativeTest('analyze without the native parser (CODEGRAPH_NATIVE=0) writes the same generation, byte for byte (rxjs + fixtures, CLI)', (t) => {
  const { root, home } = tempRepo({});
  fs.cpSync(rxjs, path.join(root, 'rxjs'), { recursive: true });
  fs.cpSync(fixtures, path.join(root, 'fixtures'), { recursive: true });
  const run = (env: Record<string, string>, ...args: string[]): string => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/codegraph.mjs'), 'analyze', root, '--json', ...args], {
      encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home, ...env },
    });
    t.is(r.status, 0, r.stderr);
    return path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);
  };
  run({});
  const native = generationFiles(run({}, '--force'));
  const plain = generationFiles(run({ CODEGRAPH_NATIVE: '0' }, '--force'));
  t.true(Object.keys(native).some((f) => f.startsWith('search/')));
  t.deepEqual(Object.keys(native), Object.keys(plain));
  for (const f of Object.keys(native)) t.true(native[f] === plain[f], `${f} differs`);
});
