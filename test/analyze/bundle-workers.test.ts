/**
 * The bundled CLI (dist/cli.mjs) finds dist/search-worker.mjs beside its chunks: with the search worker forced on
 * it writes the generation the one-thread run writes, byte for byte; without the worker script it says so and
 * still writes the same generation.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readPointer } from '../../index-store/format.ts';
import { listAll, tempDir } from './_helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test.before(() => {
  execFileSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
});

/** Runs `analyze --force --json` with the bundle in `dist`; returns stderr and the published generation's files. */
function analyze(dist: string, root: string, home: string, env: Record<string, string>): { err: string; files: Record<string, string> } {
  const runner = path.join(path.dirname(root), 'runner.mjs');
  fs.writeFileSync(runner, `const { main } = await import(process.argv[2]); process.exitCode = await main(['analyze', process.argv[3], '--force', '--json']);\n`);
  const r = spawnSync(process.execPath, [runner, `file://${path.join(dist, 'cli.mjs')}`, root], { encoding: 'utf8', env: { ...process.env, ...env, CODEGRAPH_HOME: home } });
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
  return { err: r.stderr, files };
}

test('bundled: the search worker forced on gives the one-thread generation; a missing worker script is reported', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  fs.cpSync(path.join(repoRoot, 'test/fixtures'), root, { recursive: true });
  const home = path.join(base, 'home');
  const dist = path.join(repoRoot, 'dist');
  analyze(dist, root, home, { CODEGRAPH_SEARCH_WORKER: '0' }); // the measured runs all rebuild over one
  const alone = analyze(dist, root, home, { CODEGRAPH_SEARCH_WORKER: '0' });
  const both = analyze(dist, root, home, { CODEGRAPH_SEARCH_WORKER: '1' });
  t.notRegex(both.err, /unavailable/);
  t.deepEqual(Object.keys(both.files).sort(), Object.keys(alone.files).sort());
  for (const f of Object.keys(alone.files)) t.true(both.files[f] === alone.files[f], `${f} differs`);

  // The same bundle without the worker script: one thread, said so, same files.
  const bare = path.join(base, 'dist');
  fs.mkdirSync(bare);
  for (const f of fs.readdirSync(dist)) if (f.endsWith('.mjs') && f !== 'search-worker.mjs') fs.copyFileSync(path.join(dist, f), path.join(bare, f));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(base, 'node_modules'), 'dir'); // tree-sitter's native code
  const without = analyze(bare, root, home, { CODEGRAPH_SEARCH_WORKER: '1' });
  t.regex(without.err, /search worker unavailable/);
  for (const f of Object.keys(alone.files)) t.true(without.files[f] === alone.files[f], `${f} differs without the workers`);
});
