/**
 * Which repository a call means when it names none: the indexed one whose folder contains the working folder
 * (the CLI's current folder, the MCP server's start folder or one of its client's workspace roots), else the
 * only one indexed. Otherwise the error lists the names and says how to pass one on this channel.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RepoInfo, Snapshot } from '../index-store/snapshot.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { SnapshotSource } from './snapshot-source.ts';

export interface DefaultRepoOptions {
  /** Folders the caller works in, best first (the working folder, then workspace roots). */
  folders: () => readonly string[];
  /** How a caller names a repository on this channel, for the error: `--repo NAME` or `'repo'`. */
  how: string;
}

/** The real path of a folder (symbolic links resolved); the path itself when it does not exist. */
function real(p: string): string {
  const abs = path.resolve(p);
  try { return fs.realpathSync(abs); } catch { return abs; }
}

/** True when `inner` is `outer` or inside it. */
function contains(outer: string, inner: string): boolean {
  if (inner === outer) return true;
  const rel = path.relative(outer, inner);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The registered repository whose folder contains `folder` (the innermost when repositories nest), or
 * undefined.
 */
export function repoContaining(repos: readonly RepoInfo[], folder: string): RepoInfo | undefined {
  const f = real(folder);
  let best: RepoInfo | undefined;
  for (const r of repos) {
    const root = real(r.path);
    if (contains(root, f) && (!best || root.length > real(best.path).length)) best = r;
  }
  return best;
}

/** The repository a call without `repo` means, or undefined when the folders say nothing and several are indexed. */
export function defaultRepo(repos: readonly RepoInfo[], folders: readonly string[]): RepoInfo | undefined {
  for (const folder of folders) {
    const hit = repoContaining(repos, folder);
    if (hit) return hit;
  }
  return repos.length === 1 ? repos[0] : undefined;
}

/** Wraps a source so `get()` without a repository picks the default one; explicit selectors pass through. */
export function withDefaultRepo(source: SnapshotSource, options: DefaultRepoOptions): SnapshotSource {
  return {
    list: () => source.list(),
    close: () => source.close?.(),
    async get(repo?: string): Promise<Snapshot> {
      if (repo !== undefined && repo !== '') return source.get(repo);
      const repos = source.list();
      if (repos.length === 0) return source.get(); // the source's own "nothing indexed" error
      const folders = options.folders();
      const hit = defaultRepo(repos, folders);
      if (hit) return source.get(hit.path);
      const names = repos.map((r) => r.name);
      const where = folders.length ? `${folders.length === 1 ? 'the folder' : 'the folders'} ${folders.join(', ')} ${folders.length === 1 ? 'is' : 'are'} in none of them` : 'no working folder is known';
      throw new CodegraphError('REPO_REQUIRED',
        `${repos.length} repositories are indexed and ${where}; pick one with ${options.how}: ${names.join(', ')}`, { repos: names });
    },
  };
}
