// PLACEHOLDER until the index-store work lands: same API, no repositories.
import type { RepoInfo, Snapshot } from './snapshot.ts';
import { CodegraphError } from '../lib/errors.ts';

export interface SnapshotLoaderOptions {
  /** Registry folder; default $CODEGRAPH_HOME or ~/.codegraph. */
  home?: string;
  /** Reload a repository's snapshot when its index changes on disk (servers). */
  watch?: boolean;
}

/** Keeps snapshots of registered repositories in memory and picks one by the `repo` selector. */
export class SnapshotLoader {
  constructor(readonly options: SnapshotLoaderOptions = {}) {}
  /** Registry entries (what list_repos returns). */
  list(): RepoInfo[] { return []; }
  /** Snapshot for a repo name or path; omitted → the only one. REPO_REQUIRED / REPO_NOT_FOUND otherwise. */
  async get(repo?: string): Promise<Snapshot> {
    throw new CodegraphError('REPO_NOT_FOUND', `no indexed repository${repo ? ` named '${repo}'` : ''}`);
  }
  /** Stops watching and drops cached snapshots. */
  close(): void {}
}
