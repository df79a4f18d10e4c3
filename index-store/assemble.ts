/** Puts the parts of a snapshot together (shared by the loader and the in-memory build). */
import type { CodeGraph } from '../lib/graph/code-graph.ts';
import type { ReferenceIndex } from '../lib/refs/reference-index.ts';
import type { UnresolvedCalls } from '../lib/refs/unresolved-calls.ts';
import type { IndexedFile, RepoInfo, Snapshot, SnapshotHost } from './snapshot.ts';

export interface SnapshotParts {
  repo: RepoInfo;
  graph: CodeGraph;
  refs: ReferenceIndex;
  unresolved?: UnresolvedCalls;
  files: readonly IndexedFile[];
  search?: unknown;
  host: SnapshotHost;
}

/** A Snapshot from its parts; `files` becomes a map by relative path. */
export function assembleSnapshot(parts: SnapshotParts): Snapshot {
  const files = new Map<string, IndexedFile>();
  for (const f of parts.files) files.set(f.path, f);
  const snapshot: Snapshot = { repo: parts.repo, graph: parts.graph, refs: parts.refs, files, search: parts.search, host: parts.host };
  if (parts.unresolved) snapshot.unresolved = parts.unresolved;
  return snapshot;
}
