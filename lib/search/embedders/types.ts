/** What every embedder offers: a stable id (recorded in the snapshot), a dimension and batch embedding. */
export interface Embedder {
  /** Recorded in the snapshot; vectors are re-made when it changes. */
  id: string;
  dim: number;
  kind: 'lexical' | 'transformers';
  /** Unit-length vectors, one per text. */
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** How an embedder was chosen, as recorded in the snapshot so queries load the same one. */
export interface EmbedderSpec {
  id: string;
  kind: 'lexical' | 'transformers';
  dim: number;
  /** transformers: the model folder (absolute) or hub id. */
  model?: string;
  /** transformers: the folder models are resolved under (localModelPath or cache). */
  root?: string;
  quantized?: boolean;
}
