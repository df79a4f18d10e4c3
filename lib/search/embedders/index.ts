/**
 * Choosing the embedder: an explicit choice (analyze option, CODEGRAPH_EMBEDDER), a model folder
 * (CODEGRAPH_MODEL_DIR), the default sentence model when it is on this machine (or downloadable), else the
 * built-in lexical embedder — announced once through `log`.
 */
import { lexicalEmbedder, LEXICAL_ID } from './lexical.ts';
import { canDownload, DEFAULT_MODEL, findLocalModel, loadTransformersEmbedder, modelFolderInfo } from './transformers.ts';
import type { Embedder, EmbedderSpec } from './types.ts';

export type { Embedder, EmbedderSpec } from './types.ts';
export { lexicalEmbedder, lexicalInto, lexicalIntoAll, lexicalVector, LEXICAL_ID, LEXICAL_DIM } from './lexical.ts';

const LEXICAL_NAMES = new Set(['builtin', 'lexical', 'builtin:lexical', LEXICAL_ID]);

/** The spec recorded for an embedder. */
export function specOf(e: Embedder & { spec?: EmbedderSpec }): EmbedderSpec {
  return e.spec ?? { id: e.id, kind: e.kind, dim: e.dim };
}

/**
 * Resolves the embedder for an analyze run. Never throws for a missing model: it falls back to the lexical
 * embedder and says why once.
 */
export async function resolveEmbedder(choice: string | undefined, log: (m: string) => void): Promise<Embedder & { spec: EmbedderSpec }> {
  const wanted = (choice ?? process.env.CODEGRAPH_EMBEDDER ?? '').trim() || 'auto';
  const lexical = { ...lexicalEmbedder, spec: { id: LEXICAL_ID, kind: 'lexical' as const, dim: lexicalEmbedder.dim } };
  if (LEXICAL_NAMES.has(wanted)) return lexical;
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
    log(`search: no embedding model '${target}' on this machine (set CODEGRAPH_MODEL_DIR, or CODEGRAPH_ALLOW_DOWNLOAD=1 when online); using the built-in lexical embedder`);
  } catch (err) {
    log(`search: embedding model '${target}' failed to load (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); using the built-in lexical embedder`);
  }
  return lexical;
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
