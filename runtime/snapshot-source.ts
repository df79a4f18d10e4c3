/**
 * Where the runtimes get snapshots from. The CLI hands in the real `SnapshotLoader` (registry on disk,
 * reloads on re-index); tests and embedders hand in `staticSource` over in-memory snapshots.
 */
import type { RepoInfo, Snapshot } from '../index-store/snapshot.ts';
import { CodegraphError, repoNotFound } from '../lib/errors.ts';

/** What a server needs from a snapshot store: the registry listing and a snapshot by `repo` selector. */
export interface SnapshotSource {
  /** Registry entries (what `list_repos` returns). */
  list(): RepoInfo[];
  /** Snapshot for a repository name or path; omitted → the only one; REPO_REQUIRED / REPO_NOT_FOUND otherwise. */
  get(repo?: string): Promise<Snapshot>;
  /** Releases watchers and caches (called when a server stops). */
  close?(): void;
  /** True when this failure of `get` was already written to the source's own log. */
  reported?(err: unknown): boolean;
}

/** A fixed set of in-memory snapshots, selected by name or path with the loader's rules. */
export function staticSource(snapshots: Snapshot[]): SnapshotSource {
  const all = [...snapshots];
  return {
    list: () => all.map((s) => s.repo),
    get: async (repo) => selectSnapshot(all, repo),
  };
}

/** Picks a snapshot by `repo` (name, then path); throws REPO_REQUIRED / REPO_NOT_FOUND listing the known ones. */
export function selectSnapshot(all: readonly Snapshot[], repo?: string): Snapshot {
  const names = all.map((s) => s.repo.name);
  if (repo === undefined || repo === '') {
    if (all.length === 1) return all[0];
    if (all.length === 0) throw new CodegraphError('REPO_NOT_FOUND', 'no repository is indexed; run `codegraph analyze <path>` first');
    throw new CodegraphError('REPO_REQUIRED', `several repositories are indexed; name one with 'repo': ${names.join(', ')}`, { repos: names });
  }
  const hit = all.find((s) => s.repo.name === repo) ?? all.find((s) => s.repo.path === repo || s.repo.path === repo.replace(/[\\/]+$/, ''));
  if (hit) return hit;
  throw repoNotFound(repo, names);
}

/**
 * Loads every listed repository's snapshot, most recently indexed first, so later requests pay nothing; failures
 * are reported, not fatal. `stopped` ends it between repositories (a server shutting down).
 */
export async function warmUp(source: SnapshotSource, log: (line: string) => void, stopped: () => boolean = () => false): Promise<void> {
  // ISO times and names compared by code unit: the order depends on no locale (a hand-edited registry may lack a time)
  const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  const repos = source.list().sort((a, b) => cmp(b.indexedAt ?? '', a.indexedAt ?? '') || cmp(a.name, b.name));
  for (const repo of repos) {
    if (stopped()) return;
    try {
      await source.get(repo.name);
    } catch (err) {
      if (stopped()) return;
      if (!source.reported?.(err)) log(`warning: cannot load '${repo.name}' (${repo.path}): ${err instanceof Error ? err.message : String(err)}`);
    }
    // a request waiting on the event loop goes before the next repository's load
    await new Promise((resolve) => setImmediate(resolve));
  }
}
