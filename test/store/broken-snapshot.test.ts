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
import { warmUp } from '../../runtime/snapshot-source.ts';
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

test('a server warming up a broken generation writes one warning, not the loader\'s and its own', async (t) => {
  const { home, generation } = await indexed();
  truncate(path.join(generation(), 'graph.json'));
  const log: string[] = [];
  const loader = new SnapshotLoader({ home, log: (l) => log.push(l) });
  t.teardown(() => loader.close());
  await warmUp(loader, (l) => log.push(l));
  t.is(log.length, 1, log.join('\n'));
  t.regex(log[0], /^cannot load '[^']+': /);
  // a failure the loader did not write (it has no log) is still the warm-up's to say
  const bare = new SnapshotLoader({ home });
  t.teardown(() => bare.close());
  const lines: string[] = [];
  await warmUp(bare, (l) => lines.push(l));
  t.is(lines.length, 1, lines.join('\n'));
  t.regex(lines[0], /^warning: cannot load /);
});

test('a broken new generation is not reloaded per request: the previous snapshot serves, one warning', async (t) => {
  const { home, root, generation } = await indexed();
  const log: string[] = [];
  const loader = new SnapshotLoader({ home, log: (l) => log.push(l) });
  t.teardown(() => loader.close());
  const good = await loader.get();
  // Publish a copy of the generation whose references (one bucket of them) are cut short.
  const broken = path.join(indexDirOf(root), 'g-broken');
  fs.cpSync(generation(), broken, { recursive: true });
  truncate(path.join(broken, 'refs', '0.json'));
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

for (const file of ['graph.json', 'refs/0.json', 'unresolved/0.json', 'files.json', 'search/meta.json']) {
  test(`a truncated ${file}: status says broken, a plain analyze writes the snapshot again and tools load it`, async (t) => {
    const { home, root, generation } = await indexed();
    const before = generation();
    t.true(indexStatus(root).upToDate);
    truncate(path.join(before, file));
    const status = indexStatus(root);
    t.false(status.upToDate);
    t.regex(status.broken ?? '', new RegExp(`${file.replace('.', '\\.')} is \\d+ bytes, \\d+ were written`));
    const log: string[] = [];
    const result = await analyzeRepository(root, { home, embedder: 'lexical', log: (l) => log.push(l) });
    t.false(result.summary.upToDate);
    t.regex(log.join('\n'), /published index is damaged|existing index could not be read/);
    t.not(generation(), before);
    t.true(indexStatus(root).upToDate);
    t.is(indexStatus(root).broken, undefined);
    const loader = new SnapshotLoader({ home });
    t.teardown(() => loader.close());
    const snapshot = await loader.get();
    t.true(snapshot.graph.order > 0);
    // And the next analyze finds it current again.
    t.true((await analyzeRepository(root, { home, embedder: 'lexical' })).summary.upToDate);
  });
}

test('damage that keeps the size: the reader that fails leaves a note, and analyze repairs', async (t) => {
  const { home, root, generation } = await indexed();
  const before = generation();
  const graphFile = path.join(before, 'graph.json');
  const bytes = fs.readFileSync(graphFile);
  bytes.fill(0x20, 0, 40); // same length, no longer JSON
  fs.writeFileSync(graphFile, bytes);
  t.true(indexStatus(root).upToDate, 'the sizes alone cannot tell');
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  t.is((await t.throwsAsync(loader.get()) as CodegraphError).code, 'INDEX_MISSING');
  t.regex(indexStatus(root).broken ?? '', /a reader could not load it/);
  t.false((await analyzeRepository(root, { home, embedder: 'lexical' })).summary.upToDate);
  t.not(generation(), before);
  t.true((await loader.get()).graph.order > 0);
});

test('a generation written before sizes were recorded is checked by reading its JSON', async (t) => {
  const { home, root, generation } = await indexed();
  const metaFile = path.join(generation(), 'meta.json');
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  t.truthy(meta.sizes['graph.json']);
  delete meta.sizes;
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  t.true(indexStatus(root).upToDate);
  t.true((await analyzeRepository(root, { home, embedder: 'lexical' })).summary.upToDate);
  truncate(path.join(generation(), 'files.json'));
  t.regex(indexStatus(root).broken ?? '', /files\.json cannot be read/);
  t.false((await analyzeRepository(root, { home, embedder: 'lexical' })).summary.upToDate);
  t.true(indexStatus(root).upToDate);
});
