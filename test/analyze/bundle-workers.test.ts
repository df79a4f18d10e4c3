/**
 * The bundled CLI (dist/cli.mjs) finds dist/search-worker.mjs beside its chunks: on a project large enough for
 * the search worker (SEARCH_WORKER_MIN_SYMBOLS) it searches there and writes the generation that the same bundle
 * without the worker script writes in one thread (saying so), byte for byte. Without the shipped code-search model
 * beside its chunks (a broken install) it searches with the learned embedder, saying so.
 */import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readPointer } from '../../index-store/format.ts';
import { SEARCH_WORKER_MIN_SYMBOLS } from '../../lib/analyze/search-beside.ts';
import { listAll, tempDir, writeTree } from './_helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test.before(() => {
  execFileSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
});

/** Runs `analyze --force --json` with the bundle in `dist`; returns stderr and the published generation's files. */
function analyze(dist: string, root: string, home: string): { err: string; files: Record<string, string>; symbols: number } {
  const runner = path.join(path.dirname(root), 'runner.mjs');
  fs.writeFileSync(runner, `const { main } = await import(process.argv[2]); process.exitCode = await main(['analyze', process.argv[3], '--force', '--json']);\n`);
  const r = spawnSync(process.execPath, [runner, `file://${path.join(dist, 'cli.mjs')}`, root], { encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home } });
  if (r.status !== 0) throw new Error(`analyze exited with ${r.status}: ${r.stderr}`);
  const dir = path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);
  const files: Record<string, string> = {};
  for (const rel of listAll(dir)) {
    let text = fs.readFileSync(path.join(dir, rel), 'latin1');
    if (rel === 'meta.json') {
      const meta = JSON.parse(text);
      delete meta.generation; delete meta.indexedAt; delete meta.summary.timings;
      text = JSON.stringify(meta);
    }
    files[rel] = text;
  }
  return { err: r.stderr, files, symbols: (JSON.parse(r.stdout) as { symbols: number }).symbols };
}

/**
 * A project of a few thousand symbols: modules of small classes and functions calling each other, as
 * application code is, so every search field has something in it.
 */
function largeProject(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let m = 0; m < 60; m++) {
    const lines = [`import { helper${(m + 1) % 60}_0 } from './module${(m + 1) % 60}';`, ''];
    for (let f = 0; f < 40; f++) {
      lines.push(`/** Computes the ${f}th value of area ${m}. */`, `export function helper${m}_${f}(x: number): number {`, `  return ${f === 0 ? `x + ${m}` : `helper${m}_${f - 1}(x) * 2`};`, '}', '');
    }
    for (let c = 0; c < 6; c++) {
      lines.push(`export class Service${m}_${c} {`, '  private count = 0;', `  run(x: number): number { this.count++; return helper${(m + 1) % 60}_0(x) + this.count; }`,
        `  reset(): void { this.count = 0; }`, `  get total(): number { return this.count; }`, '}', '');
    }
    files[`src/module${m}.ts`] = lines.join('\n');
  }
  return files;
}

test('bundled: a large project searches in dist/search-worker.mjs; without the script, in one thread, said so, the same files', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  writeTree(root, largeProject());
  const home = path.join(base, 'home');
  const dist = path.join(repoRoot, 'dist');
  analyze(dist, root, home); // the measured runs all rebuild over one
  const worker = analyze(dist, root, home);
  t.true(worker.symbols >= SEARCH_WORKER_MIN_SYMBOLS, `${worker.symbols} symbols: the worker's default threshold is reached`);
  t.notRegex(worker.err, /unavailable/);

  // The same bundle without the worker script: one thread, said so, same files.
  const bare = path.join(base, 'dist');
  fs.mkdirSync(bare);
  // (the bundles and the shipped code-search model beside them)
  for (const f of fs.readdirSync(dist)) if ((f.endsWith('.mjs') && f !== 'search-worker.mjs') || f.endsWith('.bin')) fs.copyFileSync(path.join(dist, f), path.join(bare, f));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(base, 'node_modules'), 'dir'); // tree-sitter's native code
  const alone = analyze(bare, root, home);
  t.regex(alone.err, /search worker unavailable/);
  t.true(Object.keys(worker.files).some((f) => f.startsWith('search/')));
  t.deepEqual(Object.keys(alone.files).sort(), Object.keys(worker.files).sort());
  for (const f of Object.keys(worker.files)) t.true(alone.files[f] === worker.files[f], `${f} differs`);
});

test('bundled: without the shipped code-search model beside it, analyze says so and uses the learned embedder', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  writeTree(root, Object.fromEntries(Object.entries(largeProject()).slice(0, 3)));
  const bare = path.join(base, 'dist');
  fs.mkdirSync(bare);
  const dist = path.join(repoRoot, 'dist');
  for (const f of fs.readdirSync(dist)) if (f.endsWith('.mjs')) fs.copyFileSync(path.join(dist, f), path.join(bare, f));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(base, 'node_modules'), 'dir'); // tree-sitter's native code
  const r = analyze(bare, root, path.join(base, 'home'));
  t.is(r.err.match(/code-search-nbow\.bin is not installed; using the learned embedder/g)?.length, 1, r.err);
  t.regex(JSON.parse(r.files['search/meta.json']).embedder.id, /^builtin:cooc-v1-128-[0-9a-f]{16}$/);
  t.true('search/embedder.bin' in r.files);
});
