import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { codegraphHome, readRegistry, removeRepo, upsertRepo } from '../../index-store/registry.ts';
import type { RepoInfo } from '../../index-store/snapshot.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { tempDir } from '../analyze/_helpers.ts';

const info = (name: string, p: string): RepoInfo => ({
  name, path: p, indexedAt: '2026-01-01T00:00:00.000Z', lastCommit: null,
  stats: { files: 1, nodes: 1, edges: 0, communities: 0, processes: 0, embeddings: 0 },
});

test('home: explicit, else $CODEGRAPH_HOME, else ~/.codegraph', (t) => {
  t.is(codegraphHome('/x/y'), '/x/y');
  const saved = process.env.CODEGRAPH_HOME;
  try {
    process.env.CODEGRAPH_HOME = '/from/env';
    t.is(codegraphHome(), '/from/env');
    delete process.env.CODEGRAPH_HOME;
    t.true(codegraphHome().endsWith('.codegraph'));
  } finally {
    if (saved === undefined) delete process.env.CODEGRAPH_HOME; else process.env.CODEGRAPH_HOME = saved;
  }
});

test('an absent registry is empty; entries are sorted by name; same path replaces its entry', async (t) => {
  const home = tempDir();
  t.deepEqual(readRegistry(home), []);
  await upsertRepo(info('zeta', '/r/z'), home);
  await upsertRepo(info('alpha', '/r/a'), home);
  await upsertRepo(info('alpha2', '/r/a'), home);
  t.deepEqual(readRegistry(home).map((e) => [e.name, e.path]), [['alpha2', '/r/a'], ['zeta', '/r/z']]);
  const data = JSON.parse(fs.readFileSync(path.join(home, 'registry.json'), 'utf8'));
  t.is(data.version, 1);
  t.true(await removeRepo('/r/a', home));
  t.false(await removeRepo('/r/a', home));
  t.deepEqual(readRegistry(home).map((e) => e.name), ['zeta']);
});

test('a name taken by another path is refused and the registry is unchanged', async (t) => {
  const home = tempDir();
  await upsertRepo(info('app', '/r/one'), home);
  const before = fs.readFileSync(path.join(home, 'registry.json'), 'utf8');
  const err = await t.throwsAsync(upsertRepo(info('app', '/r/two'), home), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'VALIDATION_ERROR');
  t.regex(err!.message, /\/r\/one/);
  t.is(fs.readFileSync(path.join(home, 'registry.json'), 'utf8'), before);
});

test('concurrent updates lose no entry (lock), and leave no temporary or lock files', async (t) => {
  const home = tempDir();
  await Promise.all(Array.from({ length: 20 }, (_, i) => upsertRepo(info(`r${String(i).padStart(2, '0')}`, `/r/${i}`), home)));
  t.is(readRegistry(home).length, 20);
  t.deepEqual(fs.readdirSync(home), ['registry.json']);
});

test('a lock left by a dead process is taken over', async (t) => {
  const home = tempDir();
  fs.writeFileSync(path.join(home, 'registry.json.lock'), '999999999');
  await upsertRepo(info('a', '/r/a'), home);
  t.is(readRegistry(home).length, 1);
});

test('a corrupt registry is a clear error, not an empty list', (t) => {
  const home = tempDir();
  fs.writeFileSync(path.join(home, 'registry.json'), '{not json');
  const err = t.throws(() => readRegistry(home), { instanceOf: CodegraphError });
  t.regex(err!.message, /not valid JSON/);
});
