/**
 * Issue 27 items 7 and 8: a published snapshot that cannot be read. The loader remembers the broken generation
 * (one warning, no reload per request) until the pointer moves; `analyze` verifies the snapshot before it
 * calls it current, so a plain analyze repairs it and `status` says it is broken.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { indexDirOf, readPointer } from '../../index-store/format.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { indexStatus } from '../../lib/analyze/status.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { SMALL_PROJECT, tempDir, writeTree } from '../analyze/_helpers.ts';

async function indexed() {
  const base = tempDir();
  const home = path.join(base, 'home');
  const root = path.join(base, 'repo');
  writeTree(root, SMALL_PROJECT);
  await analyzeRepository(root, { home, embedder: 'lexical' });
  const generation = () => path.join(indexDirOf(root), readPointer(indexDirOf(root))!);
  return { home, root, generation };
}

/** Cuts a file of the published generation to half its length, as a full disk or a killed copy would. */
function truncate(file: string): Buffer {
  const whole = fs.readFileSync(file);
  fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
  return whole;
}

test('a broken published generation is read once: every later request gets the same error at once, with one warning', async (t) => {
  const { home, generation } = await indexed();
  const graphFile = path.join(generation(), 'graph.json');
  const whole = truncate(graphFile);
  const log: string[] = [];
  const loader = new SnapshotLoader({ home, log: (l) => log.push(l) });
  t.teardown(() => loader.close());
  const first = await t.throwsAsync(loader.get()) as CodegraphError;
  t.is(first.code, 'INDEX_MISSING');
  t.regex(first.message, /run `codegraph analyze/);
  for (let i = 0; i < 275; i++) {
    const again = await t.throwsAsync(loader.get()) as CodegraphError;
    t.is(again, first);
  }
  t.is(log.length, 1, log.join('\n'));
  // Proof that nothing was read again: the file is whole once more, the generation the same, still refused.
  fs.writeFileSync(graphFile, whole);
  t.is(await t.throwsAsync(loader.get()), first);
});

test('a broken new generation is not reloaded per request: the previous snapshot serves, one warning', async (t) => {
  const { home, root, generation } = await indexed();
  const log: string[] = [];
  const loader = new SnapshotLoader({ home, log: (l) => log.push(l) });
  t.teardown(() => loader.close());
  const good = await loader.get();
  // Publish a copy of the generation whose refs.json is cut short.
  const broken = path.join(indexDirOf(root), 'g-broken');
  fs.cpSync(generation(), broken, { recursive: true });
  truncate(path.join(broken, 'refs.json'));
  fs.writeFileSync(path.join(indexDirOf(root), 'CURRENT'), 'g-broken\n');
  for (let i = 0; i < 100; i++) t.is(await loader.get(), good);
  await new Promise((r) => setTimeout(r, 100));
  t.is(await loader.get(), good);
  t.is(log.length, 1, log.join('\n'));
  t.regex(log[0], /keeping the previous snapshot/);
  // A new generation (the pointer moves) is loaded.
  await analyzeRepository(root, { home, embedder: 'lexical', force: true });
  const fresh = await loader.get();
  t.not(fresh, good);
});
