/**
 * Choosing the embedder: an explicit choice (analyze option, CODEGRAPH_EMBEDDER), a model folder
 * (CODEGRAPH_MODEL_DIR), the default sentence model when it is on this machine (or downloadable), else the
 * built-in embedder — announced once through `log`. Built in: `trained` (the code-search model shipped with
 * codegraph, trained.ts; the default), `learned` (vectors learned from the repository, cooccurrence.ts), `both`
 * and `lexical` (hashed spelling, lexical.ts).
 */
import { lexicalEmbedder, LEXICAL_ID } from './lexical.ts';
import { coocFromBuffer, coocToBuffer, COOC_DIM, embedTerms, documentTerms, embedText, learnCooccurrence, type CoocModel } from './cooccurrence.ts';
import type { SearchFields } from '../documents.ts';
import { canDownload, DEFAULT_MODEL, findLocalModel, loadTransformersEmbedder, modelFolderInfo } from './transformers.ts';
import type { Embedder, EmbedderSpec } from './types.ts';
import { embedFields, embedQuery } from './trained.ts';
import { shippedModel } from './trained-file.ts';

export type { Embedder, EmbedderSpec } from './types.ts';
export { lexicalEmbedder, lexicalVector, LEXICAL_ID, LEXICAL_DIM } from './lexical.ts';

const LEXICAL_NAMES = new Set(['lexical', 'builtin:lexical', LEXICAL_ID]);
const LEARNED_NAMES = new Set(['learned', 'builtin:learned', 'cooc']);
const TRAINED_NAMES = new Set(['trained', 'builtin:trained', 'nbow']);
const BOTH_NAMES = new Set(['both', 'builtin:both']);
/** Id prefix of the embedder that joins the learned model and the shipped one. */
const BOTH_PREFIX = 'builtin:both-';
/**
 * What `builtin` means, and what analyze falls back to without a sentence model. The shipped model rather than
 * the learned one: its vectors depend on each document alone, so an edit embeds only the changed documents and
 * a cold run learns nothing, at the same retrieval (docs/search.md, Vectors and embedders).
 */
export const DEFAULT_BUILTIN: 'trained' | 'learned' | 'lexical' = 'trained';

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

/** The shipped code-search model (trained.ts); throws when its file is missing or damaged. */
export function trainedEmbedder(): Embedder & { spec: EmbedderSpec; embedText: (t: string) => Float32Array } {
  const model = shippedModel();
  const embedText = (t: string): Float32Array => embedQuery(model, t);
  return {
    id: model.id, dim: model.dim, kind: 'trained', spec: { id: model.id, kind: 'trained', dim: model.dim },
    embed: async (texts) => texts.map(embedText),
    embedText,
    embedDocuments: (docs) => docs.map((d) => embedFields(model, d.fields)),
    local: true,
  };
}

/**
 * The learned model and the shipped one side by side: each half of the vector is one model's unit vector
 * scaled by 1/√2, so a cosine is the mean of the two models' cosines. The stored model is the learned one;
 * the shipped one must be the one the id names.
 */
export function bothEmbedder(cooc: CoocModel): Embedder & { spec: EmbedderSpec; embedText: (t: string) => Float32Array } {
  const nbow = shippedModel();
  const dim = COOC_DIM + nbow.dim;
  const id = `${BOTH_PREFIX}${cooc.id.slice(cooc.id.lastIndexOf('-') + 1)}-${nbow.id.slice(nbow.id.lastIndexOf('-') + 1)}`;
  const join = (a: Float32Array, b: Float32Array): Float32Array => {
    const v = new Float32Array(dim);
    // Unit length whatever the halves: a half with no known word is zero, the other then counts alone.
    const s = a.some((x) => x !== 0) && b.some((x) => x !== 0) ? Math.SQRT1_2 : 1;
    for (let i = 0; i < a.length; i++) v[i] = a[i] * s;
    for (let i = 0; i < b.length; i++) v[COOC_DIM + i] = b[i] * s;
    return v;
  };
  const embedOne = (t: string): Float32Array => join(embedText(cooc, t), embedQuery(nbow, t));
  return {
    id, dim, kind: 'learned', spec: { id, kind: 'learned', dim },
    embed: async (texts) => texts.map(embedOne),
    embedText: embedOne,
    embedDocuments: (docs) => docs.map((d) => join(embedTerms(cooc, documentTerms(d.fields)), embedFields(nbow, d.fields))),
    modelBytes: () => coocToBuffer(cooc),
  };
}

/** The learned embedder stored beside an index (`embedder.bin`'s bytes). */
export function storedLearnedEmbedder(bytes: Buffer, id = ''): Embedder & { spec: EmbedderSpec; embedText?: (t: string) => Float32Array } {
  return id.startsWith(BOTH_PREFIX) ? bothEmbedder(coocFromBuffer(bytes)) : learnedEmbedder(coocFromBuffer(bytes));
}

/** How a learned model is made from the documents: learnCooccurrence, or an analyze's update of the previous model. */
export type Learn = (docs: ReadonlyArray<{ fields: SearchFields }>) => CoocModel;

/**
 * Whether two learned embedders' ids differ at most in their learned model's digest (the same kind, the same
 * shipped half): a document whose learned vector is unchanged then has the same vector under both.
 */
export function sameLearnedFamily(a: string, b: string): boolean {
  const family = (id: string): string => (id.startsWith(BOTH_PREFIX) ? `${BOTH_PREFIX}${id.slice(id.lastIndexOf('-') + 1)}` : id.slice(0, id.lastIndexOf('-')));
  return family(a) === family(b);
}

/**
 * The built-in embedder of a kind, learning from the documents when it is the learned one. The shipped model
 * missing or damaged (a broken install) falls back to the learned embedder and says so through `log`.
 */
export function builtinEmbedder(kind: 'trained' | 'learned' | 'lexical', docs: ReadonlyArray<{ fields: SearchFields }>, learn: Learn = learnCooccurrence, log?: (m: string) => void): Embedder & { spec: EmbedderSpec; embedText?: (t: string) => Float32Array } {
  if (kind === 'trained') {
    try { return trainedEmbedder(); } catch (err) {
      log?.(`search: ${err instanceof Error ? err.message : String(err)}; using the learned embedder`);
      return learnedEmbedder(learn(docs));
    }
  }
  if (kind === 'learned') return learnedEmbedder(learn(docs));
  return { ...lexicalEmbedder, spec: { id: LEXICAL_ID, kind: 'lexical' as const, dim: lexicalEmbedder.dim } };
}

/** Models already said to be missing in this process. */
const toldMissing = new Set<string>();

/**
 * Resolves the embedder for an analyze run. Never throws for a missing model: it falls back to the built-in
 * embedder, and says why once when that model was asked for.
 */
export async function resolveEmbedder(choice: string | undefined, log: (m: string) => void, docs: ReadonlyArray<{ fields: SearchFields }> = [], learn: Learn = learnCooccurrence): Promise<Embedder & { spec: EmbedderSpec }> {
  const wanted = (choice ?? process.env.CODEGRAPH_EMBEDDER ?? '').trim() || 'auto';
  if (LEXICAL_NAMES.has(wanted)) return builtinEmbedder('lexical', docs);
  if (LEARNED_NAMES.has(wanted)) return builtinEmbedder('learned', docs, learn);
  if (BOTH_NAMES.has(wanted)) {
    try { return bothEmbedder(learn(docs)); } catch (err) {
      log(`search: ${err instanceof Error ? err.message : String(err)}; using the learned embedder`);
      return builtinEmbedder('learned', docs, learn);
    }
  }
  if (TRAINED_NAMES.has(wanted)) return builtinEmbedder('trained', docs, learn, log);
  if (wanted === 'builtin') return builtinEmbedder(DEFAULT_BUILTIN, docs, learn, log);
  const builtin = (): Embedder & { spec: EmbedderSpec } => builtinEmbedder(DEFAULT_BUILTIN, docs, learn, log);
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
    // Said only when a model was asked for (by name, folder or CODEGRAPH_MODEL_DIR): without one, the built-in
    // embedder is the default, not a fallback. Once per process: a watcher's every re-index would say it again.
    const asked = wanted !== 'auto' || Boolean(envDir);
    if (asked && !toldMissing.has(target)) {
      toldMissing.add(target);
      log(`search: no embedding model '${target}' on this machine (set CODEGRAPH_MODEL_DIR, or CODEGRAPH_ALLOW_DOWNLOAD=1 when online); using the built-in embedder`);
    }
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
