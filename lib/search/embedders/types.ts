import type { SearchFields } from '../documents.ts';

/**
 * The kinds of embedder: hashed spelling, vectors learned from the repository, the code-search model shipped
 * with codegraph, a sentence model.
 */
export type EmbedderKind = 'lexical' | 'learned' | 'trained' | 'transformers';

/** What every embedder offers: a stable id (recorded in the snapshot), a dimension and batch embedding. */
export interface Embedder {
  /** Recorded in the snapshot; vectors are re-made when it changes. */
  id: string;
  dim: number;
  kind: EmbedderKind;
  /** Unit-length vectors, one per text. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Symbol vectors from all of a document's fields, when the embedder reads more than its text. */
  embedDocuments?(docs: ReadonlyArray<{ fields: SearchFields }>): Float32Array[];
  /** The model's bytes to store beside the index (`embedder.bin`), for embedders learned at analyze time. */
  modelBytes?(): Buffer;
  /**
   * True when a document's vector depends on that document alone (a fixed model, not one learned from every
   * document): an analyze keeps the vector of every document it takes over, so an edit embeds only what changed.
   */
  local?: boolean;
}

/** How an embedder was chosen, as recorded in the snapshot so queries load the same one. */
export interface EmbedderSpec {
  id: string;
  kind: EmbedderKind;
  dim: number;
  /** transformers: the model folder (absolute) or hub id. */
  model?: string;
  /** transformers: the folder models are resolved under (localModelPath or cache). */
  root?: string;
  quantized?: boolean;
}
