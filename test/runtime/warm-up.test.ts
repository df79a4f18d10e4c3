import test from 'ava';
import { warmUp, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { CodegraphError } from '../../lib/errors.ts';
import type { RepoInfo, Snapshot } from '../../index-store/snapshot.ts';

/** A source of named repositories indexed at the given times; `get` records the order and fails for `broken`. */
function source(repos: Array<[string, string]>, asked: string[]): SnapshotSource {
  const infos: RepoInfo[] = repos.map(([name, indexedAt]) => ({ name, path: `/r/${name}`, indexedAt, lastCommit: null, stats: { files: 1, nodes: 1, edges: 0, communities: 0, processes: 0, embeddings: 0 } }));
  return {
    list: () => infos.map((r) => ({ ...r })),
    get: async (name?: string) => {
      asked.push(name!);
      if (name === 'broken') throw new CodegraphError('STALE_INDEX', 'the index of broken is unreadable');
      return {} as Snapshot;
    },
  };
}

test('warm-up loads the most recently indexed repositories first, and reports a failure without stopping', async (t) => {
  const asked: string[] = [], lines: string[] = [];
  await warmUp(source([['old', '2026-01-01T00:00:00Z'], ['broken', '2026-06-01T00:00:00Z'], ['new', '2026-11-01T00:00:00Z']], asked), (l) => lines.push(l));
  t.deepEqual(asked, ['new', 'broken', 'old']);
  t.is(lines.length, 1);
  t.regex(lines[0], /^warning: cannot load 'broken' \(\/r\/broken\): the index of broken is unreadable$/);
});

test('warm-up stops between repositories once the server stops', async (t) => {
  const asked: string[] = [];
  let stopping = false;
  const src = source([['a', '2026-03-01T00:00:00Z'], ['b', '2026-02-01T00:00:00Z'], ['c', '2026-01-01T00:00:00Z']], asked);
  const get = src.get.bind(src);
  src.get = async (name?: string) => { const s = await get(name); stopping = true; return s; };
  await warmUp(src, () => t.fail('no warning expected'), () => stopping);
  t.deepEqual(asked, ['a']);
});
