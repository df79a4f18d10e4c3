/**
 * A code-search model trained once, offline, on (doc comment, code) pairs from the sources npm packages ship
 * (bench/search-model/train.ts), shipped with codegraph as a data file: a neural bag of words. Every term has
 * one learned vector, shared by prose and code; a text's vector (a query, a symbol's fields) is the
 * idf-weighted sum of its terms' vectors, normalised. Training pulls a doc comment's words towards the words of
 * the code it documents, so `quit` lands near `exit` and `retry` near `attempt` in code nobody trained on.
 * Embedding is a few hundred multiply-adds per term: far under a millisecond per symbol.
 *
 * File (`code-search-nbow.bin`): magic, dim, term count, id, '\n'-joined sorted terms, idf (f32 × T), row
 * scales (f32 × T), vectors (int8 × T × dim, each row scaled so its largest entry is ±127).
 */
import type { SearchFields } from '../documents.ts';
import { documentTerms, textTerms } from './cooccurrence.ts';

const MAGIC = 0x3157424e; // "NBW1"
/** Most terms of one symbol embedded (the heaviest first): a whole-file class is described by its top terms. */
export const MAX_CODE_TERMS = 200;

/** A trained model: sorted terms, their idf and unit-free vectors (row-major, `dim` each). */
export interface NbowModel {
  id: string;
  dim: number;
  terms: readonly string[];
  idf: Float32Array;
  vectors: Float32Array;
}

/** Term rows of a model, for look-ups. */
const rowMaps = new WeakMap<NbowModel, Map<string, number>>();
function rowsOf(model: NbowModel): Map<string, number> {
  let m = rowMaps.get(model);
  if (!m) { m = new Map(model.terms.map((t, i) => [t, i] as const)); rowMaps.set(model, m); }
  return m;
}

/** Weighted term rows of a bag (idf × log(1 + count)), the heaviest `max` first; unknown terms dropped. */
export function weightedRows(model: NbowModel, bag: ReadonlyMap<string, number>, max = MAX_CODE_TERMS): Array<[number, number]> {
  const rows = rowsOf(model);
  const out: Array<[number, number]> = [];
  for (const [t, c] of bag) {
    const i = rows.get(t);
    if (i !== undefined) out.push([i, model.idf[i] * Math.log1p(c)]);
  }
  if (out.length > max) { out.sort((a, b) => b[1] - a[1] || a[0] - b[0]); out.length = max; }
  return out;
}

/** The unit vector of weighted rows (zeros when there are none). */
export function embedRows(model: NbowModel, rows: ReadonlyArray<[number, number]>): Float32Array {
  const { dim } = model;
  const lazy = quantised.get(model);
  const vectors = lazy ? lazy.vectors : model.vectors;
  const v = new Float32Array(dim);
  for (const [i, w] of rows) {
    if (lazy && !lazy.ready[i]) makeRow(lazy, i, dim);
    const base = i * dim;
    for (let j = 0; j < dim; j++) v[j] += w * vectors[base + j];
  }
  let s = 0;
  for (let j = 0; j < dim; j++) s += v[j] * v[j];
  if (s > 0) { const inv = 1 / Math.sqrt(s); for (let j = 0; j < dim; j++) v[j] *= inv; }
  return v;
}

/** A symbol's vector from its search fields. */
export function embedFields(model: NbowModel, fields: SearchFields): Float32Array {
  return embedRows(model, weightedRows(model, documentTerms(fields)));
}

/** A free text's vector (a query). */
export function embedQuery(model: NbowModel, text: string): Float32Array {
  return embedRows(model, weightedRows(model, textTerms(text)));
}

/** The model's file bytes (see the module comment); vectors are quantised to int8 per row. */
export function nbowToBuffer(model: NbowModel): Buffer {
  const T = model.terms.length, dim = model.dim;
  const idBytes = Buffer.from(model.id);
  const dict = Buffer.from(model.terms.join('\n'));
  const header = Buffer.alloc(20);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(dim, 4);
  header.writeUInt32LE(T, 8);
  header.writeUInt32LE(idBytes.length, 12);
  header.writeUInt32LE(dict.length, 16);
  const scales = new Float32Array(T);
  const q = new Int8Array(T * dim);
  for (let i = 0; i < T; i++) {
    let m = 0;
    for (let j = 0; j < dim; j++) m = Math.max(m, Math.abs(model.vectors[i * dim + j]));
    const s = m > 0 ? m / 127 : 1;
    scales[i] = s;
    for (let j = 0; j < dim; j++) q[i * dim + j] = Math.round(model.vectors[i * dim + j] / s);
  }
  const view = (a: Float32Array | Int8Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([header, idBytes, dict, view(model.idf), view(scales), view(q)]);
}

/** Reads `nbowToBuffer`'s bytes; throws on a damaged file. */
export function nbowFromBuffer(buf: Buffer): NbowModel {
  if (buf.length < 20 || buf.readUInt32LE(0) !== MAGIC) throw new Error('not a code-search model file');
  const dim = buf.readUInt32LE(4), T = buf.readUInt32LE(8), idLen = buf.readUInt32LE(12), dictLen = buf.readUInt32LE(16);
  let at = 20;
  const id = buf.toString('utf8', at, at + idLen); at += idLen;
  const terms = dictLen ? buf.toString('utf8', at, at + dictLen).split('\n') : [];
  at += dictLen;
  if (terms.length !== T || buf.length !== at + 8 * T + T * dim) throw new Error('code-search model file damaged');
  const floats = new Float32Array(2 * T);
  new Uint8Array(floats.buffer).set(buf.subarray(at, at + 8 * T));
  at += 8 * T;
  const lazy: QuantisedRows = { q: new Int8Array(buf.buffer, buf.byteOffset + at, T * dim), scales: floats.slice(T), ready: new Uint8Array(T), vectors: new Float32Array(T * dim) };
  const model: NbowModel = {
    id, dim, terms, idf: floats.slice(0, T),
    // every row made, for a reader of the whole matrix (embedRows makes only the rows it reads); then a plain
    // property, so that reading it entry by entry costs no call
    get vectors() {
      for (let i = 0; i < T; i++) if (!lazy.ready[i]) makeRow(lazy, i, dim);
      Object.defineProperty(model, 'vectors', { value: lazy.vectors, writable: true, enumerable: true });
      return lazy.vectors;
    },
  };
  quantised.set(model, lazy);
  return model;
}

/**
 * A read model's int8 rows and the float rows made of them so far. A row is made when first embedded with: a
 * repository's documents and queries use a fraction of the model's terms, and making all of them was most of
 * reading the model.
 */
interface QuantisedRows { q: Int8Array; scales: Float32Array; ready: Uint8Array; vectors: Float32Array }
const quantised = new WeakMap<NbowModel, QuantisedRows>();

/** Makes row `i` of `lazy.vectors` from its int8 row and scale. */
function makeRow(lazy: QuantisedRows, i: number, dim: number): void {
  const s = lazy.scales[i], q = lazy.q, vectors = lazy.vectors, base = i * dim;
  for (let j = 0; j < dim; j++) vectors[base + j] = q[base + j] * s;
  lazy.ready[i] = 1;
}
