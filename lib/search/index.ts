// PLACEHOLDER until the search work lands: same signatures, no index.
import type { CodeGraph } from '../graph/code-graph.ts';

export interface BuildSearchOptions {
  graph: CodeGraph;
  /** Text of an indexed file by relative path (for symbol bodies). */
  readSource(filePath: string): string | undefined;
  /** The new snapshot generation folder to write search files into. */
  dir: string;
  /** The previous generation folder, when one exists, to reuse unchanged embeddings. */
  previousDir?: string;
  /** Embedder choice, e.g. from CLI/env; undefined = default resolution (local model, else built-in lexical). */
  embedder?: string;
  /** One-line messages for the user (e.g. "no model found, using the built-in lexical embedder"). */
  log(message: string): void;
  /** Progress of embedding, when a terminal shows it. */
  progress?(done: number, total: number): void;
}

export interface BuildSearchResult { embeddings: number; embedder: string }

/** Builds the keyword and vector indexes into `opts.dir`. */
export async function buildSearch(_opts: BuildSearchOptions): Promise<BuildSearchResult> {
  return { embeddings: 0, embedder: 'none' };
}

/** Loads what buildSearch wrote; the result goes into `snapshot.search`. */
export async function loadSearch(_dir: string): Promise<unknown> {
  return undefined;
}

/** Embeds texts with the embedder recorded in `dir` (for SnapshotHost.embed). */
export async function embedWith(_dir: string, texts: string[]): Promise<Float32Array[]> {
  return texts.map(() => new Float32Array(0));
}
