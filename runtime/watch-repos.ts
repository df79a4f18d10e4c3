/**
 * `--watch` of the server commands and of `analyze`: each watched repository is re-indexed when its files change
 * (lib/analyze/watch.ts), every re-index in one shared analyze thread, one after another.
 */
import fs from 'node:fs';
import type { RepoInfo } from '../index-store/snapshot.ts';
import { AnalyzeThread } from '../lib/analyze/in-worker.ts';
import { RepositoryWatcher, type WatchEvent } from '../lib/analyze/watch.ts';

/** What a command watches: stop it with `close`. */
export interface WatchedRepositories {
  readonly thread: AnalyzeThread;
  /** The repositories' watchers, by registry name. */
  readonly watchers: ReadonlyMap<string, RepositoryWatcher>;
  close(): Promise<void>;
}

export interface WatchReposOptions {
  /** The thread the re-indexes run in (the server's rename re-index shares it); closed with the watchers. */
  thread?: AnalyzeThread;
  home?: string;
  log: (line: string) => void;
  /** Re-index each one at start, for changes made while nothing watched (default true). */
  initial?: boolean;
  /** A line per re-index (default true). */
  report?: boolean;
}

/** Watches each repository whose folder exists; one that cannot be watched is reported and left out. */
export function watchRepositories(repos: readonly RepoInfo[], options: WatchReposOptions): WatchedRepositories {
  const thread = options.thread ?? new AnalyzeThread();
  const watchers = new Map<string, RepositoryWatcher>();
  for (const repo of repos) {
    if (!fs.existsSync(repo.path)) { options.log(`watch: '${repo.name}' is not watched: its folder ${repo.path} is gone`); continue; }
    try {
      watchers.set(repo.name, RepositoryWatcher.start(repo.path, {
        name: repo.name, home: options.home, thread, initial: options.initial, log: options.log,
        onIndexed: options.report === false ? undefined : (e) => { if (!e.summary.upToDate) options.log(reindexLine(e)); },
      }));
    } catch (err) {
      options.log(`watch: '${repo.name}' is not watched: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return {
    thread,
    watchers,
    close: async () => {
      await Promise.all([...watchers.values()].map((w) => w.close()));
      await thread.close();
    },
  };
}

/** One line saying what a re-index took: `re-indexed app: 1 changed (src/a.ts), 1 file resolved, 840 ms`. */
export function reindexLine(e: WatchEvent): string {
  const f = e.summary.files;
  const what: string[] = [];
  if (f.added) what.push(`${f.added} added`);
  if (f.changed) what.push(`${f.changed} changed`);
  if (f.deleted) what.push(`${f.deleted} deleted`);
  const shown = e.changed.slice(0, 3).join(', ') + (e.changed.length > 3 ? ', …' : '');
  const files = what.length ? what.join(', ') : 'configuration changed';
  const resolved = f.resolved === undefined ? 'every file resolved' : `${f.resolved} file${f.resolved === 1 ? '' : 's'} resolved`;
  return `re-indexed ${e.summary.name}: ${files}${shown ? ` (${shown})` : ''}, ${resolved}, ${Math.round(e.latencyMs)} ms`;
}
