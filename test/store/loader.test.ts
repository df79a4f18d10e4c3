import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/files/source.ts';
import { SMALL_PROJECT, tempDir, writeTree } from '../analyze/_helpers.ts';

async function twoRepos() {
  const base = tempDir();
  const home = path.join(base, 'home');
  const one = path.join(base, 'one');
  const two = path.join(base, 'two');
  writeTree(one, SMALL_PROJECT);
  writeTree(two, { 'index.js': 'module.exports = function two() { return 2; };\n' });
  await analyzeRepository(one, { home });
  await analyzeRepository(two, { home });
  return { base, home, one, two };
}

async function until<T>(f: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('no repositories: list is empty and get says how to index one', async (t) => {
  const loader = new SnapshotLoader({ home: tempDir() });
  t.deepEqual(loader.list(), []);
  const err = await t.throwsAsync(loader.get(), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'REPO_NOT_FOUND');
  t.regex(err!.message, /codegraph analyze/);
});

test('selection by name or path; REPO_REQUIRED and REPO_NOT_FOUND list the known repositories', async (t) => {
  const { home, one, two } = await twoRepos();
  const loader = new SnapshotLoader({ home });
  t.deepEqual(loader.list().map((r) => r.name), ['one', 'two']);
  const required = await t.throwsAsync(loader.get(), { instanceOf: CodegraphError });
  t.is((required as CodegraphError).code, 'REPO_REQUIRED');
  t.regex(required!.message, /one, two/);
  const missing = await t.throwsAsync(loader.get('three'), { instanceOf: CodegraphError });
  t.is((missing as CodegraphError).code, 'REPO_NOT_FOUND');
  t.regex(missing!.message, /known: one, two/);
  const byName = await loader.get('one');
  t.is(byName.repo.path, one);
  t.is(await loader.get(one), byName);               // same object: kept in memory
  t.is(await loader.get(one + '/'), byName);
  t.is((await loader.get(two)).repo.name, 'two');
  t.deepEqual([...byName.files.keys()], ['src/main.ts', 'src/math.ts', 'src/util/strings.ts']);
  t.is(byName.files.get('src/math.ts')!.hash, sha256(SMALL_PROJECT['src/math.ts']));
  t.is(byName.host.readFile('src/math.ts'), SMALL_PROJECT['src/math.ts']);
  t.true(byName.graph.hasNode('File:src/main.ts'));
  loader.close();
});

test('the loaded snapshot matches what analyze built (graph, references, stats)', async (t) => {
  const { home, one } = await twoRepos();
  const result = await analyzeRepository(one, { home, force: true });
  const snap = await new SnapshotLoader({ home }).get('one');
  t.deepEqual(snap.repo, result.repo);
  t.is(snap.graph.order, result.repo.stats.nodes);
  t.is(snap.graph.size, result.repo.stats.edges);
  t.is(snap.refs.size, result.summary.references);
  // The search structures and the embedder that made them come with the snapshot.
  t.truthy(snap.search);
  const [vector] = await snap.host.embed(['add two numbers']);
  t.true(vector instanceof Float32Array && vector.length > 0);
});

test('a single repository is served without a selector', async (t) => {
  const base = tempDir();
  const home = path.join(base, 'home');
  writeTree(path.join(base, 'solo'), SMALL_PROJECT);
  await analyzeRepository(path.join(base, 'solo'), { home });
  const snap = await new SnapshotLoader({ home }).get();
  t.is(snap.repo.name, 'solo');
});

test('a registered repository whose index is gone is INDEX_MISSING with the fix', async (t) => {
  const { home, one } = await twoRepos();
  fs.rmSync(path.join(one, '.codegraph'), { recursive: true });
  const err = await t.throwsAsync(new SnapshotLoader({ home }).get('one'), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'INDEX_MISSING');
  t.regex(err!.message, /codegraph analyze/);
});

test('without watch, get() notices a re-analyze and serves the new snapshot', async (t) => {
  const { home, one } = await twoRepos();
  const loader = new SnapshotLoader({ home });
  const first = await loader.get('one');
  writeTree(one, { 'src/extra.ts': 'export const extra = 1;\n' });
  await analyzeRepository(one, { home });
  const second = await loader.get('one');
  t.not(second, first);
  t.true(second.files.has('src/extra.ts'));
  t.false(first.files.has('src/extra.ts')); // the old snapshot object is never mutated
});

test('with watch, a re-analyze is picked up in the background; get() never fails meanwhile', async (t) => {
  const { home, one } = await twoRepos();
  const loader = new SnapshotLoader({ home, watch: true });
  const first = await loader.get('one');
  writeTree(one, { 'src/extra.ts': 'export const extra = 1;\n' });
  const analyzing = analyzeRepository(one, { home });
  // While analyze and the reload run, every get() answers at once with a complete snapshot.
  const seen = new Set<unknown>();
  while (!(await Promise.race([analyzing.then(() => true), new Promise((r) => setTimeout(() => r(false), 5))]))) {
    const s = await loader.get('one');
    t.true(s === first || s.files.has('src/extra.ts'));
    seen.add(s);
  }
  const next = await until(async () => { const s = await loader.get('one'); return s !== first ? s : undefined; });
  t.true(next.files.has('src/extra.ts'));
  loader.close();
});

test('with watch, a broken new generation keeps the old snapshot serving', async (t) => {
  const { home, one } = await twoRepos();
  const logs: string[] = [];
  const loader = new SnapshotLoader({ home, watch: true, log: (m) => logs.push(m) });
  const first = await loader.get('one');
  const indexDir = path.join(one, '.codegraph');
  fs.mkdirSync(path.join(indexDir, 'g-broken'));
  fs.writeFileSync(path.join(indexDir, 'g-broken', 'meta.json'), '{"schema": 1');
  fs.writeFileSync(path.join(indexDir, 'CURRENT'), 'g-broken\n');
  await until(() => (logs.length ? true : undefined));
  t.is(await loader.get('one'), first);
  t.regex(logs[0], /keeping the previous snapshot of 'one'/);
  loader.close();
});

test('writeFiles through a loaded snapshot writes, re-indexes, and the loader serves the new snapshot; without a writer the host is read-only', async (t) => {
  const { home, one } = await twoRepos();
  t.is((await new SnapshotLoader({ home }).get('one')).host.writeFiles, undefined);
  const loader = new SnapshotLoader({ home, writer: repositoryWriter() });
  const snap = await loader.get('one');
  t.truthy(snap.host.writeFiles);
  const text = 'export function add(a: number, b: number): number {\n  return a + b + 0;\n}\n';
  await snap.host.writeFiles!([{ path: 'src/math.ts', expectedHash: snap.files.get('src/math.ts')!.hash, text }]);
  t.is(fs.readFileSync(path.join(one, 'src/math.ts'), 'utf8'), text);
  const after = await loader.get('one');
  t.not(after, snap);
  t.is(after.files.get('src/math.ts')!.hash, sha256(text));
  // A write against a stale hash is refused and writes nothing.
  const err = await t.throwsAsync(after.host.writeFiles!([{ path: 'src/main.ts', expectedHash: 'f'.repeat(64), text: 'x' }]), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'STALE_INDEX');
  t.is(fs.readFileSync(path.join(one, 'src/main.ts'), 'utf8'), SMALL_PROJECT['src/main.ts']);
});

test('a repository removed from the registry is no longer served', async (t) => {
  const { home, one } = await twoRepos();
  const loader = new SnapshotLoader({ home });
  await loader.get('one');
  const { cleanRepository } = await import('../../lib/analyze/clean.ts');
  await cleanRepository(one, { home });
  t.deepEqual(loader.list().map((r) => r.name), ['two']);
  await t.throwsAsync(loader.get('one'), { instanceOf: CodegraphError });
  t.is((await loader.get()).repo.name, 'two');
});
