/**
 * Keeping an index current while its repository is edited: every folder the analyze walk enters is watched, and
 * a change in one runs an incremental analyze in a long-lived worker thread (in-worker.ts AnalyzeThread), whose
 * warm code makes a one-file change a fraction of a fresh process's run. A server's snapshot loader sees the new
 * generation by its pointer and serves it. Changes that arrive while an analyze runs are taken by one more run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CodegraphError } from '../errors.ts';
import { INDEX_DIR } from '../../index-store/format.ts';
import { walkRepository } from '../files/walk.ts';
import { VCS_DIRS } from '../files/skip-rules.ts';
import { PACKAGE_MARKERS } from '../lang/index.ts';
import { AnalyzeThread } from './in-worker.ts';
import type { AnalyzeSummary } from './summary.ts';

export interface WatchOptions {
  /** Registry name (default: the existing entry's, else the folder's base name). */
  name?: string;
  /** Registry folder (default $CODEGRAPH_HOME, else ~/.codegraph). */
  home?: string;
  /** Quiet time after the last change before a re-index starts (default 100 ms): a save of many files is one run. */
  debounceMs?: number;
  /** Re-index once at start, for changes made while nothing watched (default true). */
  initial?: boolean;
  /** The thread the analyzes run in; shared by several watchers, they run one after another (default: a thread of its own). */
  thread?: AnalyzeThread;
  /** One-line messages: a failed re-index, folders that cannot be watched. */
  log?: (message: string) => void;
  /** Called after each re-index that finished. */
  onIndexed?: (event: WatchEvent) => void;
}

/** One finished re-index. */
export interface WatchEvent {
  summary: AnalyzeSummary;
  /** From the first change seen to the new snapshot published, in ms (from the start for the initial run). */
  latencyMs: number;
  /** Paths (relative, '/'-separated) whose changes this run took, sorted; at most 20. */
  changed: string[];
}

/** The longest a change waits for its re-index while more changes keep coming (each one restarts the quiet time). */
const MAX_DELAY_MS = 1000;

/** A watched repository; `close` stops it. */
export class RepositoryWatcher {
  private readonly folders = new Map<string, fs.FSWatcher>(); // by relative path, '' the root
  private readonly pending = new Set<string>();
  /** When the oldest change not yet taken by a run was seen. */
  private pendingSince = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rescan = false;
  /** New folders were watched after a run: one more run takes what was written in them before. */
  private recheck = false;
  private closed = false;
  private limitReported = false;
  private readonly ownThread: boolean;
  private readonly thread: AnalyzeThread;
  private readonly idleWaiters: (() => void)[] = [];
  /** Changes seen so far (the initial run counts as one), and how many of them a finished run has taken. */
  private seen = 0;
  private taken = 0;
  private readonly catchUpWaiters: { upTo: number; wake: () => void }[] = [];

  private constructor(readonly root: string, private readonly options: WatchOptions) {
    this.ownThread = options.thread === undefined;
    this.thread = options.thread ?? new AnalyzeThread();
  }

  /** Starts watching `root` (an existing folder, INVALID_PATH otherwise), and re-indexes it once unless `initial` is false. */
  static start(root: string, options: WatchOptions = {}): RepositoryWatcher {
    let real: string;
    try {
      real = fs.realpathSync(root);
      if (!fs.statSync(real).isDirectory()) throw new Error('not a folder');
    } catch (err) {
      throw new CodegraphError('INVALID_PATH', `cannot watch ${root}: ${(err as Error).message}`);
    }
    const watcher = new RepositoryWatcher(real, options);
    watcher.syncFolders();
    if (options.initial !== false) {
      watcher.pendingSince = performance.now();
      watcher.seen++;
      watcher.schedule(0);
    }
    return watcher;
  }

  /** Folders watched now (relative, '' the root), sorted. */
  watchedFolders(): string[] {
    return [...this.folders.keys()].sort();
  }

  /** Resolves when no change waits and no re-index runs (tests, benchmarks). */
  idle(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Resolves to true once every change seen before the call has been taken by a finished re-index (published,
   * or failed and logged), at once when none waits; to false after `maxWaitMs`, or when the watcher is closed
   * first. Changes that come later are not waited for, so a repository that keeps changing delays a caller by
   * one run at most.
   */
  caughtUp(maxWaitMs: number): Promise<boolean> {
    const upTo = this.seen;
    if (this.taken >= upTo) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = { upTo, wake: () => { clearTimeout(timer); resolve(this.taken >= upTo); } };
      const timer = setTimeout(() => {
        const i = this.catchUpWaiters.indexOf(waiter);
        if (i >= 0) this.catchUpWaiters.splice(i, 1);
        resolve(false);
      }, maxWaitMs);
      this.catchUpWaiters.push(waiter);
    });
  }

  /** Stops watching; a re-index in flight finishes first. The thread is closed when the watcher made it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.folders.values()) w.close();
    this.folders.clear();
    await this.running;
    if (this.ownThread) await this.thread.close();
    this.wakeIdle();
    for (const w of this.catchUpWaiters.splice(0)) w.wake();
  }

  private busy(): boolean {
    return !this.closed && (this.timer !== undefined || this.running !== undefined);
  }

  /** Watches every folder the analyze walk enters and drops watchers of folders it no longer enters; returns how many it added. */
  private syncFolders(): number {
    const seen = new Set<string>();
    // Files are refused unread (no stat): only the folders and the ignore rules matter here.
    walkRepository(this.root, { packageMarkers: PACKAGE_MARKERS, accept: () => false, onFolder: (rel) => { seen.add(rel); } });
    for (const [rel, w] of this.folders) if (!seen.has(rel)) { w.close(); this.folders.delete(rel); }
    let added = 0;
    for (const rel of seen) if (!this.folders.has(rel) && this.watchFolder(rel)) added++;
    return added;
  }

  private watchFolder(rel: string): boolean {
    const abs = rel === '' ? this.root : path.join(this.root, rel);
    let w: fs.FSWatcher;
    try {
      w = fs.watch(abs, { persistent: true }, (event, name) => this.changed(rel, event, name === null ? undefined : String(name)));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EMFILE') {
        if (!this.limitReported) {
          this.limitReported = true;
          this.options.log?.(`watch: cannot watch more folders of ${this.root} (the system's limit on watches, e.g. fs.inotify.max_user_watches, is reached); changes in the folders left out are indexed by the next change elsewhere or \`codegraph analyze\``);
        }
      }
      return false; // else a folder removed since the walk: nothing to watch
    }
    w.on('error', () => { w.close(); if (this.folders.get(rel) === w) this.folders.delete(rel); });
    this.folders.set(rel, w);
    return true;
  }

  private changed(folder: string, event: string, name: string | undefined): void {
    if (this.closed) return;
    if (name !== undefined && (name === INDEX_DIR || VCS_DIRS.has(name))) return;
    const rel = name === undefined ? folder : folder === '' ? name : `${folder}/${name}`;
    // Which folders the walk enters changes when a folder appears or leaves, or a .gitignore changes; a file's
    // 'rename' (an editor's atomic save) changes none, so it does not cost a walk of every folder.
    if (name === undefined || name === '.gitignore' || (event === 'rename' && this.isFolderChange(rel))) this.rescan = true;
    if (this.pending.size === 0) this.pendingSince = performance.now();
    this.pending.add(rel);
    this.seen++;
    // (a folder that never stops changing — a log written every few ms — still gets a run every MAX_DELAY_MS)
    this.schedule(performance.now() - this.pendingSince >= MAX_DELAY_MS ? 0 : this.options.debounceMs ?? 100);
  }

  /** True when `rel` is a folder watched now (gone or renamed) or a folder now (new). */
  private isFolderChange(rel: string): boolean {
    if (this.folders.has(rel)) return true;
    try { return fs.statSync(path.join(this.root, rel)).isDirectory(); } catch { return false; }
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running === undefined) this.running = this.runOnce();
      // else: the run in flight starts another when it ends
    }, delayMs);
  }

  private async runOnce(): Promise<void> {
    const changed = [...this.pending].sort().slice(0, 20);
    this.pending.clear();
    this.recheck = false;
    const startedAt = this.pendingSince;
    // (the run reads the files after this point: it takes every change seen until now)
    const upTo = this.seen;
    try {
      const summary = await this.thread.run(this.root, { name: this.options.name, home: this.options.home, log: this.options.log });
      if (!this.closed) this.options.onIndexed?.({ summary, latencyMs: performance.now() - startedAt, changed });
    } catch (err) {
      if (!this.closed) this.options.log?.(`watch: re-indexing ${this.root} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.took(upTo);
    if (this.rescan && !this.closed) {
      this.rescan = false;
      try {
        // Files written in a new folder before its watcher existed were seen by no one: one more run takes them.
        if (this.syncFolders() > 0) {
          if (this.pending.size === 0) this.pendingSince = performance.now();
          this.recheck = true;
          this.seen++;
        }
      } catch (err) {
        this.options.log?.(`watch: cannot list the folders of ${this.root}: ${(err as Error).message}`);
      }
    }
    this.running = undefined;
    if (this.closed) return;
    if ((this.pending.size > 0 || this.recheck) && this.timer === undefined) {
      this.running = this.runOnce();
      return;
    }
    this.wakeIdle();
  }

  /** Records that a finished run took the first `upTo` changes, and wakes who waited for them. */
  private took(upTo: number): void {
    if (upTo <= this.taken) return;
    this.taken = upTo;
    const waiting = this.catchUpWaiters.splice(0);
    for (const w of waiting) {
      if (w.upTo <= upTo) w.wake();
      else this.catchUpWaiters.push(w);
    }
  }

  private wakeIdle(): void {
    if (this.busy()) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }
}
