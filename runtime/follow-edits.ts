/**
 * Read-your-edits for a server that watches its repositories (`serve --watch`, `mcp --watch`): an agent that saves
 * a file and asks about it at once must not get the graph from before its save. A request for a watched repository
 * waits until the changes its watcher saw before the request are re-indexed and that generation is loaded, then
 * answers from it; a repository with nothing waiting answers at once. The wait is bounded: past it (a cold
 * re-index of a large repository), the request gets the snapshot served now.
 */
import type { Snapshot } from '../index-store/snapshot.ts';
import type { SnapshotLoader } from '../index-store/loader.ts';
import type { RepositoryWatcher } from '../lib/analyze/watch.ts';
import type { SnapshotSource } from './snapshot-source.ts';

/** How long a request waits for the re-index of the changes seen before it (then it is answered from what is loaded). */
export const FOLLOW_EDITS_MAX_WAIT_MS = 20_000;

/** `loader` as a source whose snapshots follow the edits `watchers()` (by registry name) have seen; undefined: none yet. */
export function followingEdits(loader: SnapshotLoader, watchers: () => ReadonlyMap<string, RepositoryWatcher> | undefined,
  maxWaitMs = FOLLOW_EDITS_MAX_WAIT_MS): SnapshotSource {
  return {
    list: () => loader.list(),
    get: async (repo?: string): Promise<Snapshot> => {
      const served = await loader.get(repo);
      const watcher = watchers()?.get(served.repo.name);
      if (!watcher || !(await watcher.caughtUp(maxWaitMs))) return served;
      return loader.get(repo, { current: true });
    },
    close: () => loader.close(),
    reported: (err) => loader.reported(err),
  };
}
