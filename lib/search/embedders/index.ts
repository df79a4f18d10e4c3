/**
 * Choosing the embedder: an explicit choice (analyze option, CODEGRAPH_EMBEDDER), a model folder
 * (CODEGRAPH_MODEL_DIR), the default sentence model when it is on this machine (or downloadable), else the
 * built-in embedder — announced once through `log`. Built in: `learned` (vectors learned from the repository,
 * cooccurrence.ts; the default) and `lexical` (hashed spelling, lexical.ts).
 */
import { lexicalEmbedder, LEXICAL_ID } from './lexical.ts';
import { coocFromBuffer, coocToBuffer, COOC_DIM, embedTerms, documentTerms, embedText, learnCooccurrence, type CoocModel } from './cooccurrence.ts';
import type { SearchFields } from '../documents.ts';
import { canDownload, DEFAULT_MODEL, findLocalModel, loadTransformersEmbedder, modelFolderInfo } from './transformers.ts';
import type { Embedder, EmbedderSpec } from './types.ts';

export type { Embedder, EmbedderSpec } from './types.ts';
export { lexicalEmbedder, lexicalVector, LEXICAL_ID, LEXICAL_DIM } from './lexical.ts';

const LEXICAL_NAMES = new Set(['lexical', 'builtin:lexical', LEXICAL_ID]);
const LEARNED_NAMES = new Set(['learned', 'builtin:learned', 'cooc']);
/** What `builtin` means, and what analyze falls back to without a sentence model. */
export const DEFAULT_BUILTIN: 'learned' | 'lexical' = 'learned';

/** An embedder over a learned co-occurrence model. */
export function learnedEmbedder(model: CoocModel): Embedder & { spec: EmbedderSpec; embedText?: (t: string) => Float32Array } {
  return {
    id: model.id, dim: COOC_DIM, kind: 'learned', spec: { id: model.id, kind: 'learned', dim: COOC_DIM },
    embed: async (texts) => texts.map((t) => embedText(model, t)),
    embedText: (t) => embedText(model, t),
    embedDocuments: (docs) => docs.map((d) => embedTerms(model, documentTerms(d.fields))),
    modelBytes: () => coocToBuffer(model),
  };
}

/** The learned embedder stored beside an index (`embedder.bin`'s bytes). */
export function storedLearnedEmbedder(bytes: Buffer): Embedder & { spec: EmbedderSpec; embedText?: (t: string) => Float32Array } {
  return learnedEmbedder(coocFromBuffer(bytes));
}

/** The built-in embedder of a kind, learning from the documents when it is the learned one. */
export function builtinEmbedder(kind: 'learned' | 'lexical', docs: ReadonlyArray<{ fields: SearchFields }>): Embedder & { spec: EmbedderSpec; embedText?: (t: string) => Float32Array } {
  if (kind === 'learned') return learnedEmbedder(learnCooccurrence(docs));
  return { ...lexicalEmbedder, spec: { id: LEXICAL_ID, kind: 'lexical' as const, dim: lexicalEmbedder.dim } };
}

/**
 * Resolves the embedder for an analyze run. Never throws for a missing model: it falls back to the lexical
 * embedder and says why once.
 */
export async function resolveEmbedder(choice: string | undefined, log: (m: string) => void, docs: ReadonlyArray<{ fields: SearchFields }> = []): Promise<Embedder & { spec: EmbedderSpec }> {
  const wanted = (choice ?? process.env.CODEGRAPH_EMBEDDER ?? '').trim() || 'auto';
  if (LEXICAL_NAMES.has(wanted)) return builtinEmbedder('lexical', docs);
  if (LEARNED_NAMES.has(wanted)) return builtinEmbedder('learned', docs);
  if (wanted === 'builtin') return builtinEmbedder(DEFAULT_BUILTIN, docs);
  const builtin = (): Embedder & { spec: EmbedderSpec } => builtinEmbedder(DEFAULT_BUILTIN, docs);
  const envDir = process.env.CODEGRAPH_MODEL_DIR;
  const target = wanted === 'auto' ? (envDir && modelFolderInfo(envDir) ? envDir : DEFAULT_MODEL) : wanted;
  try {
    const local = await findLocalModel(target);
    if (local) {
      const e = await loadTransformersEmbedder(local);
      return { ...e, spec: { ...local, dim: e.dim } };
    }
    const isPath = target.startsWith('/') || target.startsWith('.');
    if (!isPath && (await canDownload())) {
      const spec: EmbedderSpec = { id: `transformers:${target}`, kind: 'transformers', dim: 0, model: target, quantized: true };
      const e = await loadTransformersEmbedder(spec, true);
      return { ...e, spec: { ...spec, dim: e.dim } };
    }
    log(`search: no embedding model '${target}' on this machine (set CODEGRAPH_MODEL_DIR, or CODEGRAPH_ALLOW_DOWNLOAD=1 when online); using the built-in embedder`);
  } catch (err) {
    log(`search: embedding model '${target}' failed to load (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); using the built-in embedder`);
  }
  return builtin();
}

const loaded = new Map<string, Promise<Embedder>>();

/** The embedder a snapshot recorded, loaded once per process (queries must use the model that made the vectors). */
export function embedderFor(spec: EmbedderSpec): Promise<Embedder> {
  if (spec.kind === 'lexical') return Promise.resolve(lexicalEmbedder);
  let p = loaded.get(spec.id);
  if (!p) {
    p = loadTransformersEmbedder(spec, false);
    // A failed load is not cached: the model folder may appear later.
    p.catch(() => loaded.delete(spec.id));
    loaded.set(spec.id, p);
  }
  return p;
}
