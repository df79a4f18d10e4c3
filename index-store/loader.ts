/**
 * Keeps the snapshots of registered repositories in memory for servers and one-shot commands, and picks one
 * by the `repo` selector. With `watch`, a repository whose CURRENT pointer changes (re-analyzed by another
 * process, or after a rename apply) is loaded again in the background; requests keep getting the old snapshot
 * until the new one is complete, so there is never a pause or a half-loaded state.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FileWrite, RepoInfo, Snapshot } from './snapshot.ts';
import { CodegraphError, repoNotFound } from '../lib/errors.ts';
import { ReferenceIndex } from '../lib/refs/reference-index.ts';
import { UnresolvedCalls } from '../lib/refs/unresolved-calls.ts';
import { loadSearch } from '../lib/search/load.ts';
import { INDEX_DIR, POINTER_FILE, SNAPSHOT_SCHEMA, indexDirOf, readFileTable, readGraph, readMeta, readPointer, readRefs, readUnresolved } from './format.ts';
import { readRegistry, registryPath } from './registry.ts';
import { assembleSnapshot } from './assemble.ts';
import { createRepoHost } from './host.ts';
import { markBroken } from './verify.ts';

export interface SnapshotLoaderOptions {
  /** Registry folder; default $CODEGRAPH_HOME or ~/.codegraph. */
  home?: string;
  /** Reload a repository's snapshot when its index changes on disk (servers). */
  watch?: boolean;
  /** Messages about background reloads (failures keep the old snapshot). */
  log?: (message: string) => void;
  /**
   * How the snapshots' hosts write files (a rename apply) and re-index afterwards; the runtime composes it
   * (runtime/repository-writer.ts). Without it every host is read-only: storage knows nothing of the indexer.
   */
  writer?: RepositoryWriter;
}

/** Writing into a repository and indexing it again: what a host's writeFiles needs beyond storage. */
export interface RepositoryWriter {
  /** Writes whole-file replacements inside `root`: all or nothing, each checked against its expected hash. */
  write(root: string, changes: FileWrite[]): Promise<void>;
  /** Re-indexes the repository registered as `name` at `root` after a write (the loader then reloads it). */
  reindex(root: string, name: string, home: string | undefined): Promise<void>;
}

interface Entry {
  root: string;
  /** Generation the served snapshot came from. */
  generation: string;
  snapshot: Snapshot;
}

interface Slot {
  current?: Entry;
  /** A load in flight (first load, or a background reload), shared by concurrent callers. */
  loading?: Promise<Entry>;
  watcher?: fs.FSWatcher;
  /** Set when a change arrived during a load: load once more afterwards. */
  again?: boolean;
  /**
   * The published generation that could not be read, and why: not read again (nor reported again) until the
   * pointer names another one, so a broken index costs each request one small read, not a reload.
   */
  failed?: { generation: string; error: unknown };
}

const generationDirs = new WeakMap<Snapshot, string>();

/** The generation folder a snapshot was read from (undefined for one built in memory): a worker can read it again. */
export function generationDirOf(snapshot: Snapshot): string | undefined {
  return generationDirs.get(snapshot);
}

/** Keeps snapshots of registered repositories in memory and picks one by the `repo` selector. */
export class SnapshotLoader {
  private readonly slots = new Map<string, Slot>(); // by real root path
  private registryCache?: { mtimeMs: number; size: number; repos: RepoInfo[] };
  private closed = false;
  /** Load failures already written to this loader's log (a warm-up does not write them again). */
  private readonly reportedFailures = new WeakSet<object>();

  constructor(readonly options: SnapshotLoaderOptions = {}) {}

  /** Registry entries (what list_repos returns), sorted by name; re-read when the registry file changes. */
  list(): RepoInfo[] {
    const file = registryPath(this.options.home);
    let st: fs.Stats | undefined;
    try { st = fs.statSync(file); } catch { st = undefined; }
    if (!st) { this.registryCache = undefined; return []; }
    const c = this.registryCache;
    if (c && c.mtimeMs === st.mtimeMs && c.size === st.size) return c.repos.map((r) => ({ ...r }));
    const repos = readRegistry(this.options.home);
    this.registryCache = { mtimeMs: st.mtimeMs, size: st.size, repos };
    return repos.map((r) => ({ ...r }));
  }

  /**
   * Snapshot for a repo name or path; omitted → the only one. REPO_REQUIRED / REPO_NOT_FOUND otherwise. With
   * `current`, a watching loader too waits for the generation the pointer names (as one without `watch` does).
   */
  async get(repo?: string, options: { current?: boolean } = {}): Promise<Snapshot> {
    if (this.closed) throw new CodegraphError('INTERNAL', 'the snapshot loader is closed');
    const info = this.select(repo);
    const slot = this.slotFor(info.path);
    // Cheap freshness check (one small read) in case a watch event was missed or watching is off.
    const pointer = readPointer(indexDirOf(info.path));
    if (slot.current) {
      if (pointer && pointer !== slot.current.generation && pointer !== slot.failed?.generation) {
        const reload = this.load(info, slot);
        // Without a watcher the caller waits for the new snapshot; a broken one leaves the old serving (reported by load()).
        if (!this.options.watch || options.current) return reload.then((e) => e.snapshot, () => slot.current!.snapshot);
      }
      return slot.current.snapshot;
    }
    if (pointer && pointer === slot.failed?.generation) throw slot.failed.error;
    // A first load in flight (a server's warm-up) is waited for, not asked to run again: `again` is for changes.
    if (slot.loading) return (await slot.loading).snapshot;
    return (await this.load(info, slot)).snapshot;
  }

  /** Loads (or reloads) a repository now and serves the result; used after a write through the host. */
  async reload(repo: string): Promise<Snapshot> {
    const info = this.select(repo);
    return (await this.load(info, this.slotFor(info.path))).snapshot;
  }

  /** True when this load failure was already written to the loader's log. */
  reported(err: unknown): boolean {
    return typeof err === 'object' && err !== null && this.reportedFailures.has(err);
  }

  /** Stops watching and drops cached snapshots. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) slot.watcher?.close();
    this.slots.clear();
  }

  private select(repo?: string): RepoInfo {
    const all = this.list();
    const names = all.map((r) => r.name);
    if (repo === undefined || repo === '') {
      if (all.length === 1) return all[0];
      if (all.length === 0) throw new CodegraphError('REPO_NOT_FOUND', 'no repository is indexed; run `codegraph analyze <path>` first', { repos: [] });
      throw new CodegraphError('REPO_REQUIRED', `several repositories are indexed; name one with 'repo': ${names.join(', ')}`, { repos: names });
    }
    const byName = all.find((r) => r.name === repo);
    if (byName) return byName;
    const wanted = normalisePath(repo);
    const byPath = all.find((r) => r.path === wanted || r.path === repo);
    if (byPath) return byPath;
    throw repoNotFound(repo, names);
  }

  private slotFor(root: string): Slot {
    let slot = this.slots.get(root);
    if (!slot) {
      slot = {};
      this.slots.set(root, slot);
      if (this.options.watch) this.watch(root, slot);
    }
    return slot;
  }

  /** One load at a time per repository; a change during a load triggers one more. */
  private load(info: RepoInfo, slot: Slot): Promise<Entry> {
    if (slot.loading) { slot.again = true; return slot.loading; }
    const attempt: { generation?: string } = {};
    const run = async (): Promise<Entry> => {
      try {
        for (;;) {
          slot.again = false;
          const entry = await this.loadFromDisk(info, attempt);
          if (!this.closed) { slot.current = entry; slot.failed = undefined; }
          if (!slot.again) return entry;
        }
      } catch (err) {
        // Reported once per broken generation; requests meanwhile get the old snapshot or this error at once.
        if (attempt.generation !== undefined && attempt.generation !== slot.failed?.generation) {
          slot.failed = { generation: attempt.generation, error: err };
          const why = err instanceof Error ? err.message : String(err);
          this.options.log?.(slot.current ? `keeping the previous snapshot of '${info.name}': ${why}` : `cannot load '${info.name}': ${why}`);
          if (this.options.log && typeof err === 'object' && err !== null) this.reportedFailures.add(err);
        }
        throw err;
      } finally {
        slot.loading = undefined;
      }
    };
    slot.loading = run();
    slot.loading.catch(() => {}); // reported above; callers that await it get the error themselves
    return slot.loading;
  }

  /** Reads the published generation; `attempt.generation` names the one tried last (for failure memory). */
  private async loadFromDisk(info: RepoInfo, tried: { generation?: string } = {}): Promise<Entry> {
    const indexDir = indexDirOf(info.path);
    // A generation can be removed by a newer analyze while we read it: read the pointer again and retry.
    for (let attempt = 0; ; attempt++) {
      const generation = readPointer(indexDir);
      tried.generation = generation;
      if (!generation) {
        throw new CodegraphError('INDEX_MISSING', `repository '${info.name}' is registered but has no index at ${indexDir}; run \`codegraph analyze ${info.path}\``);
      }
      const dir = path.join(indexDir, generation);
      try {
        return { root: info.path, generation, snapshot: await this.readGeneration(info, dir) };
      } catch (err) {
        if (err instanceof CodegraphError) throw err;
        if (attempt < 2 && readPointer(indexDir) !== generation) continue;
        // The next analyze must not take this generation for current (index-store/verify.ts).
        markBroken(dir, (err as Error).message);
        throw new CodegraphError('INDEX_MISSING', `the index of '${info.name}' at ${dir} cannot be read (${(err as Error).message}); run \`codegraph analyze ${info.path}\``);
      }
    }
  }

  private async readGeneration(info: RepoInfo, dir: string): Promise<Snapshot> {
    const meta = readMeta(dir);
    if (meta.schema !== SNAPSHOT_SCHEMA) {
      throw new CodegraphError('INDEX_MISSING', `the index of '${info.name}' uses snapshot format ${meta.schema}, this codegraph reads ${SNAPSHOT_SCHEMA}; run \`codegraph analyze ${info.path}\``);
    }
    const graph = readGraph(dir);
    const refs = new ReferenceIndex(readRefs(dir));
    const unresolved = new UnresolvedCalls(readUnresolved(dir));
    const table = readFileTable(dir);
    const search = await loadSearch(dir);
    // The registry entry may lag behind or lead a background reload: describe what this generation holds.
    const repo: RepoInfo = { name: info.name, path: info.path, indexedAt: meta.indexedAt, lastCommit: meta.commit, stats: meta.stats };
    const writer = this.options.writer;
    const host = createRepoHost({
      root: info.path, searchDir: dir,
      ...(writer ? {
        write: (root: string, changes: FileWrite[]) => writer.write(root, changes),
        afterWrite: async () => {
          await writer.reindex(info.path, info.name, this.options.home);
          if (!this.closed) await this.reload(info.name);
        },
      } : {}),
    });
    const snapshot = assembleSnapshot({ repo, graph, refs, unresolved, files: table.files, search, host });
    generationDirs.set(snapshot, dir);
    return snapshot;
  }

  /** Watches `<root>/.codegraph` for the pointer switch; reloads in the background. */
  private watch(root: string, slot: Slot): void {
    const dir = path.join(root, INDEX_DIR);
    try {
      slot.watcher = fs.watch(dir, { persistent: false }, (_event, file) => {
        if (file && String(file) !== POINTER_FILE) return;
        const info = this.list().find((r) => r.path === root);
        if (!info || this.closed) return;
        const pointer = readPointer(dir);
        if (!pointer || pointer === slot.current?.generation || pointer === slot.failed?.generation) return;
        this.load(info, slot).catch(() => {});
      });
      slot.watcher.on('error', () => { slot.watcher?.close(); slot.watcher = undefined; });
    } catch {
      // No index folder yet or no watch support: get() still notices a new pointer on each call.
    }
  }
}

function normalisePath(p: string): string {
  const abs = path.resolve(p.replace(/[\\/]+$/, '') || '/');
  try { return fs.realpathSync(abs); } catch { return abs; }
}
