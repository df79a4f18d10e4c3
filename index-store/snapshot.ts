/** The snapshot as tools see it: everything a pure handler needs, with all I/O behind `host`. */
import type { CodeGraph } from '../lib/graph/code-graph.ts';
import type { ReferenceIndex } from '../lib/refs/reference-index.ts';
import type { UnresolvedCalls } from '../lib/refs/unresolved-calls.ts';

export interface RepoStats {
  files: number;
  nodes: number;
  edges: number;
  communities: number;
  processes: number;
  embeddings: number;
}

/** One registry entry (DESIGN.md §3) — also what `list_repos` returns per repository. */
export interface RepoInfo {
  name: string;
  /** Absolute path of the repository root. */
  path: string;
  /** ISO-8601 time of the last successful analyze. */
  indexedAt: string;
  /** HEAD commit at index time, or null outside git. */
  lastCommit: string | null;
  stats: RepoStats;
}

/** What the snapshot records of each indexed file. */
export interface IndexedFile {
  /** Relative, '/'-separated. */
  path: string;
  /** sha256 hex of the file's bytes at index time. */
  hash: string;
  language: string;
  lines: number;
  /** Syntax errors the parser recovered from. */
  parseErrors?: number;
  /** Call sites in this file that could not be resolved. */
  unresolvedCalls?: number;
}

export type DiffScope = 'unstaged' | 'staged' | 'all' | 'compare';

/** All I/O a handler may do, so tests and other runtimes can hand in their own. */
export interface SnapshotHost {
  /** Current text of a file inside the repository (relative path), or undefined if absent/unreadable/outside. */
  readFile(relPath: string): string | undefined;
  /** Relative paths of all text files under the repository root honouring .gitignore (for rename's text search). */
  listFiles(): string[];
  /** Unified diff (git diff -U0 style or fuller) for a scope; rejects with CodegraphError('GIT_ERROR') on failure. */
  gitDiff(scope: DiffScope, baseRef?: string): Promise<string>;
  /** Embeds query texts with the snapshot's embedder (same model that made the stored vectors). */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Writes whole-file replacements inside the repository, all or nothing: refuses with STALE_INDEX (writing
   * nothing) when a file's current sha256 differs from `expectedHash`, never writes outside the root (symlinks
   * included), restores what it wrote if a later write fails, then re-indexes the touched files so the next
   * snapshot sees the change. Absent on read-only hosts (rename apply then fails with a clear error).
   * Once the files are written it never rejects: a re-index that fails is reported in `warnings`.
   */
  writeFiles?(changes: FileWrite[]): Promise<WriteReport | void>;
}

/** What SnapshotHost.writeFiles did besides writing: what the caller should tell the user. */
export interface WriteReport {
  /** False when the files were written but the index could not be refreshed (it needs `analyze`). */
  reindexed: boolean;
  warnings: string[];
}

/** One whole-file replacement for SnapshotHost.writeFiles. */
export interface FileWrite {
  /** Relative, '/'-separated path inside the repository. */
  path: string;
  /** sha256 hex of the file as indexed (what the edits were computed against). */
  expectedHash: string;
  /** The complete new text. */
  text: string;
}

/** An indexed repository loaded in memory. Immutable for the tools; the loader swaps whole snapshots. */
export interface Snapshot {
  repo: RepoInfo;
  graph: CodeGraph;
  refs: ReferenceIndex;
  /**
   * The call sites the resolver found no callee for, by name (what `impact` and `context` report as calls that may
   * reach a symbol); absent from a snapshot made without them (a test's hand-made one).
   */
  unresolved?: UnresolvedCalls;
  /** Indexed files by relative path. */
  files: ReadonlyMap<string, IndexedFile>;
  /** Search structures built at analyze time (owned by lib/search); absent when not built. */
  search?: unknown;
  host: SnapshotHost;
}
