/** Builds an in-memory Snapshot for handler tests: a graph, references and file texts, no disk. */
import { createHash } from 'node:crypto';
import { nodesWithLabel, type CodeGraph } from '../../lib/graph/code-graph.ts';
import { ReferenceIndex, type Reference } from '../../lib/refs/reference-index.ts';
import type { DiffScope, IndexedFile, Snapshot } from '../../index-store/snapshot.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { writeFilesAtomically } from '../../lib/rename/apply.ts';

export interface MemorySnapshotInput {
  name?: string;
  graph: CodeGraph;
  refs?: Reference[];
  /** Current file texts by relative path (what host.readFile returns). */
  files?: Record<string, string>;
  /** Texts at index time, when they differ from `files` (to simulate edits since indexing). */
  indexedFiles?: Record<string, string>;
  /** Diff text returned by host.gitDiff, or a function of the scope. */
  diff?: string | ((scope: DiffScope, baseRef?: string) => string);
  search?: unknown;
  embed?: (texts: string[]) => Promise<Float32Array[]>;
  /**
   * A real folder holding the same files: when given, host.writeFiles writes there through the rename
   * writer (all-or-nothing, confined, hash-checked) and the in-memory texts follow (no re-index).
   */
  root?: string;
}

/** Creates a Snapshot whose host serves the given texts and diff from memory. */
export function memorySnapshot(input: MemorySnapshotInput): Snapshot {
  const files = { ...(input.files ?? {}) };
  const indexed = input.indexedFiles ?? files;
  const fileMap = new Map<string, IndexedFile>();
  for (const [p, text] of Object.entries(indexed)) {
    fileMap.set(p, { path: p, hash: createHash('sha256').update(text).digest('hex'), language: p.endsWith('.ts') || p.endsWith('.tsx') ? 'typescript' : 'javascript', lines: text.split('\n').length });
  }
  return {
    repo: {
      name: input.name ?? 'memory', path: input.root ?? '/nonexistent/memory', indexedAt: new Date(0).toISOString(), lastCommit: null,
      stats: { files: fileMap.size, nodes: input.graph.order, edges: input.graph.size, communities: nodesWithLabel(input.graph, 'Community').length, processes: nodesWithLabel(input.graph, 'Process').length, embeddings: 0 },
    },
    graph: input.graph,
    refs: new ReferenceIndex([...(input.refs ?? [])]),
    files: fileMap,
    search: input.search,
    host: {
      // Own keys only, like a disk: a diff naming a file `constructor` must not read Object's member.
      readFile: (p) => (Object.hasOwn(files, p) ? files[p] : undefined),
      listFiles: () => Object.keys(files).sort(),
      gitDiff: async (scope, baseRef) => {
        if (input.diff === undefined) throw new CodegraphError('GIT_ERROR', 'not a git repository');
        return typeof input.diff === 'function' ? input.diff(scope, baseRef) : input.diff;
      },
      embed: input.embed ?? (async (texts) => texts.map(() => new Float32Array(0))),
      ...(input.root !== undefined ? {
        writeFiles: async (changes) => {
          await writeFilesAtomically(input.root!, changes);
          for (const c of changes) files[c.path] = c.text;
        },
      } : {}),
    },
  };
}
