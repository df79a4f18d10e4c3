/**
 * Vectors learned from the indexed repository itself (random indexing, a cheap stand-in for latent semantic
 * analysis). Every term of the symbol documents (name, comments, strings, identifier parts, path words) gets a
 * fixed sparse random "index" vector; a symbol's context vector is the idf-weighted sum of its terms' index
 * vectors; a term's learned vector is the sum of the context vectors of the symbols it occurs in. Two terms
 * that occur with the same other terms get close vectors even when they never occur together (`cookie` and
 * `header` in an HTTP library), which is what a change description needs when its words are not the code's.
 * A text's vector (a symbol's document, a query) is the idf-weighted sum of its terms' learned vectors.
 *
 * The model (terms, idf, vectors) is written beside the index (`embedder.bin`) so a query is embedded with the
 * vectors its snapshot was made with; its id carries a digest of the model, so a re-analyze re-embeds.
 */
import { digest64 } from '../digest.ts';
import type { SearchFields } from '../documents.ts';
import { runTermsCached, WORD_RUNS } from '../tokenize.ts';
import { CHANGE_WORDS } from '../query-terms.ts';

export const COOC_DIM = 128;
/** Non-zero entries of a term's index vector. */
export const INDEX_NONZEROS = 8;
/** Terms kept: those in at least two symbols and at most this share of them, the most frequent first. */
export const MAX_TERMS = 30_000;
const MAX_DF_SHARE = 0.25;

/** Whether a term in `df` of `n` documents is a candidate for the model (the most frequent MAX_TERMS are kept). */
export function keptFrequency(df: number, n: number): boolean {
  return df >= 2 && df <= Math.max(2, MAX_DF_SHARE * n);
}
/** How much each field's terms count in a symbol's vector. */
const FIELD_WEIGHT: Readonly<Record<keyof SearchFields, number>> = {
  name: 3, owner: 1, path: 1, signature: 1, doc: 2, comments: 2, strings: 1, body: 1,
};
const FIELDS = Object.keys(FIELD_WEIGHT) as Array<keyof SearchFields>;
const MAGIC = 0x31434f43; // "COC1"

/** A learned model: sorted terms, their idf and unit vectors (row-major, COOC_DIM each). */
export interface CoocModel {
  id: string;
  terms: readonly string[];
  idf: Float32Array;
  vectors: Float32Array;
  /**
   * The sums the vectors are the unit vectors of, in fixed point (sumScale): integer sums do not depend on
   * their order, so an analyze updates them by the changed documents' contributions alone (cooc-update.ts).
   * Absent in a model read from embedder.bin.
   */
  sums?: Int32Array;
}

/**
 * The fixed-point scale of a model's sums over `n` documents: a power of two (so rounding is the only loss,
 * ~1e-6 of a unit context vector) small enough that a term in the most documents a kept term may be in cannot
 * overflow 32 bits.
 */
export function sumScale(n: number): number {
  const most = Math.max(2, MAX_DF_SHARE * n);
  return 2 ** Math.min(20, Math.floor(Math.log2(0x7fffffff / most)));
}

/**
 * A document's context vector into `ctx`: the sum of its first `m` terms' index vectors (rows, weights), made unit
 * length; false (ctx unspecified) when it has fewer than two terms, which teach no co-occurrence.
 */
export function contextVector(ctx: Float32Array, rows: Int32Array, weights: Float64Array, m: number, idxDim: Int32Array, idxSign: Int8Array): boolean {
  if (m < 2) return false;
  ctx.fill(0);
  for (let k = 0; k < m; k++) {
    const at = rows[k] * INDEX_NONZEROS, s = weights[k];
    for (let z = 0; z < INDEX_NONZEROS; z++) ctx[idxDim[at + z]] += s * idxSign[at + z];
  }
  normalise(ctx);
  return true;
}

/** Row `i` of `vectors`: row `i` of the fixed-point `sums` made unit length. */
export function unitRow(sums: Int32Array, vectors: Float32Array, i: number): void {
  const base = i * COOC_DIM;
  for (let j = 0; j < COOC_DIM; j++) vectors[base + j] = sums[base + j];
  normalise(vectors, base, COOC_DIM);
}

function termsOf(text: string, out: Map<string, number>, weight: number): void {
  if (!text) return;
  for (const run of text.match(WORD_RUNS) ?? []) {
    for (const t of runTermsCached(run, true, true)) if (t.length > 1 && !CHANGE_WORDS.has(t)) out.set(t, (out.get(t) ?? 0) + weight);
  }
}

/** Bags already made, by fields object: analyze learns the model from every document, then embeds each. */
const bags = new WeakMap<SearchFields, ReadonlyMap<string, number>>();
/** Bags stored by a previous generation, made into maps only when read (lib/search/reuse.ts). */
const storedBags = new WeakMap<SearchFields, () => ReadonlyMap<string, number>>();

/**
 * A document's weighted terms (field weights × occurrences), made once per fields object (learning and
 * embedding read the same document; the fields of a search document are not changed once built). Shared:
 * never modify the map returned.
 */
export function documentTerms(fields: SearchFields): ReadonlyMap<string, number> {
  let out = bags.get(fields);
  if (out) return out;
  const stored = storedBags.get(fields);
  if (stored) { out = stored(); bags.set(fields, out); return out; }
  const bag = new Map<string, number>();
  for (const f of FIELDS) termsOf(fields[f], bag, FIELD_WEIGHT[f]);
  bags.set(fields, bag);
  return bag;
}

/**
 * Records `bag` (made when first read) as the weighted terms of `fields` (a document taken over from the previous
 * generation, whose terms were stored: lib/search/reuse.ts), so that documentTerms does not read the fields.
 */
export function primeDocumentTerms(fields: SearchFields, bag: () => ReadonlyMap<string, number>): void {
  storedBags.set(fields, bag);
}

/** A deterministic PRNG seeded from a term (xorshift32 of its digest). */
export function indexVector(term: string, into: (dim: number, sign: number) => void): void {
  let x = parseInt(digest64(term).slice(0, 8), 16) | 1;
  for (let k = 0; k < INDEX_NONZEROS; k++) {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    into(x % COOC_DIM, x & 0x10000 ? 1 : -1);
  }
}

/** Scales `dim` entries of `v` from `at` to unit length (left as they are when all zero). */
export function normalise(v: Float32Array, at = 0, dim = v.length - at): void {
  let s = 0;
  for (let i = 0; i < dim; i++) s += v[at + i] * v[at + i];
  if (s > 0) { const inv = 1 / Math.sqrt(s); for (let i = 0; i < dim; i++) v[at + i] *= inv; }
}

/**
 * Each bag's known terms as model rows and weights (idf × log(1 + w)), in the bag's order, made while learning:
 * embedding the same documents right after reads the same pairs (embedTerms), without a term look-up each.
 */
const pairsOf = new WeakMap<ReadonlyMap<string, number>, { model: CoocModel; rows: Int32Array; weights: Float64Array }>();

/** Learns the model from the repository's documents. */
export function learnCooccurrence(docs: ReadonlyArray<{ fields: SearchFields }>): CoocModel {
  const docBags = docs.map((d) => documentTerms(d.fields));
  const df = new Map<string, number>();
  for (const b of docBags) for (const t of b.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, docs.length);
  const kept = [...df].filter(([, c]) => keptFrequency(c, n))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_TERMS).map(([t]) => t).sort();
  const id = new Map(kept.map((t, i) => [t, i] as const));
  const T = kept.length;
  const idf = Float32Array.from(kept, (t) => Math.log(1 + n / df.get(t)!));
  // Index vectors, sparse: INDEX_NONZEROS (dim, sign) pairs per term.
  const idxDim = new Int32Array(T * INDEX_NONZEROS);
  const idxSign = new Int8Array(T * INDEX_NONZEROS);
  kept.forEach((t, i) => { let k = 0; indexVector(t, (d, s) => { idxDim[i * INDEX_NONZEROS + k] = d; idxSign[i * INDEX_NONZEROS + k] = s; k++; }); });
  const model: CoocModel = { id: '', terms: kept, idf, vectors: new Float32Array(T * COOC_DIM) };
  rowMaps.set(model, id);
  // Every bag's known terms as (row, weight) pairs, in bag order: the loops below run on typed arrays.
  const bagPairs = docBags.map((bag) => {
    let m = 0;
    for (const t of bag.keys()) if (id.has(t)) m++;
    const rows = new Int32Array(m);
    const weights = new Float64Array(m);
    let k = 0;
    for (const [t, w] of bag) {
      const i = id.get(t);
      if (i === undefined) continue;
      rows[k] = i; weights[k] = idf[i] * Math.log1p(w); k++;
    }
    const pairs = { model, rows, weights };
    pairsOf.set(bag, pairs);
    return pairs;
  });
  const vectors = model.vectors;
  const sums = new Int32Array(T * COOC_DIM);
  const ctx = new Float32Array(COOC_DIM);
  const q = new Int32Array(COOC_DIM);
  const scale = sumScale(n);
  for (const { rows, weights } of bagPairs) {
    if (!contextVector(ctx, rows, weights, rows.length, idxDim, idxSign)) continue;
    for (let j = 0; j < COOC_DIM; j++) q[j] = Math.round(ctx[j] * scale);
    for (let k = 0; k < rows.length; k++) { const base = rows[k] * COOC_DIM; for (let j = 0; j < COOC_DIM; j++) sums[base + j] += q[j]; }
  }
  model.sums = sums;
  for (let i = 0; i < T; i++) unitRow(sums, vectors, i);
  model.id = coocModelId(kept, vectors);
  return model;
}

/** A model's id: a digest of its size, first terms and first vectors. */
export function coocModelId(terms: readonly string[], vectors: Float32Array): string {
  return `builtin:cooc-v1-${COOC_DIM}-${digest64(`${terms.length}:${terms.slice(0, 64).join(',')}:${Array.from(vectors.subarray(0, 256), (x) => x.toFixed(4)).join(',')}`)}`;
}

/** Term rows of a model, made once per model: analyze embeds every symbol's terms right after learning. */
const rowMaps = new WeakMap<CoocModel, ReadonlyMap<string, number>>();

/** Looks up a term's row, -1 when absent. */
function rowOf(model: CoocModel, term: string): number {
  let rows = rowMaps.get(model);
  if (!rows) { rows = new Map(model.terms.map((t, i) => [t, i] as const)); rowMaps.set(model, rows); }
  return rows.get(term) ?? -1;
}

/** The unit vector of the first `m` (row, weight) pairs: the weighted sum of those rows of `vectors`. */
export function embedPairs(vectors: Float32Array, rows: Int32Array, weights: Float64Array, m: number): Float32Array {
  const v = new Float32Array(COOC_DIM);
  for (let k = 0; k < m; k++) {
    const s = weights[k], base = rows[k] * COOC_DIM;
    for (let j = 0; j < COOC_DIM; j++) v[j] += s * vectors[base + j];
  }
  normalise(v);
  return v;
}

/** The unit vector of weighted terms (all zeros when none is known). */
export function embedTerms(model: CoocModel, terms: ReadonlyMap<string, number>): Float32Array {
  const v = new Float32Array(COOC_DIM);
  const pairs = pairsOf.get(terms);
  // The same sums as below, in the same order, from the pairs learning made.
  if (pairs && pairs.model === model) return embedPairs(model.vectors, pairs.rows, pairs.weights, pairs.rows.length);
  for (const [t, w] of terms) {
    const i = rowOf(model, t);
    if (i < 0) continue;
    const s = model.idf[i] * Math.log1p(w);
    const base = i * COOC_DIM;
    for (let j = 0; j < COOC_DIM; j++) v[j] += s * model.vectors[base + j];
  }
  normalise(v);
  return v;
}

/** A free text's terms with their counts (a query's, a doc comment's). */
export function textTerms(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  termsOf(text, terms, 1);
  return terms;
}

/** The vector of a free text (a query). */
export function embedText(model: CoocModel, text: string): Float32Array {
  return embedTerms(model, textTerms(text));
}

/** The model's file bytes: header, '\n'-joined terms, idf (f32 × T), vectors (f32 × T × COOC_DIM). */
export function coocToBuffer(model: CoocModel): Buffer {
  const idBytes = Buffer.from(model.id);
  const dict = Buffer.from(model.terms.join('\n'));
  const header = Buffer.alloc(16);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(idBytes.length, 4);
  header.writeUInt32LE(dict.length, 8);
  header.writeUInt32LE(model.terms.length, 12);
  const view = (a: Float32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([header, idBytes, dict, view(model.idf), view(model.vectors)]);
}

/** Reads `coocToBuffer`'s bytes; throws on a damaged file. */
export function coocFromBuffer(buf: Buffer): CoocModel {
  if (buf.length < 16 || buf.readUInt32LE(0) !== MAGIC) throw new Error('embedder.bin: not a co-occurrence model');
  const idLen = buf.readUInt32LE(4), dictLen = buf.readUInt32LE(8), T = buf.readUInt32LE(12);
  let at = 16;
  const id = buf.toString('utf8', at, at + idLen); at += idLen;
  const terms = dictLen ? buf.toString('utf8', at, at + dictLen).split('\n') : [];
  at += dictLen;
  if (terms.length !== T || buf.length !== at + 4 * T * (1 + COOC_DIM)) throw new Error('embedder.bin: damaged');
  const floats = new Float32Array(T * (1 + COOC_DIM));
  new Uint8Array(floats.buffer).set(buf.subarray(at));
  return { id, terms, idf: floats.slice(0, T), vectors: floats.slice(T) };
}
