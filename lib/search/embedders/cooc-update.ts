/**
 * The learned model of an incremental analyze, made from the previous one instead of learned from every
 * document again. learnCooccurrence's model is a function of the documents' weighted terms: a term's idf reads
 * its document frequency, a document's context vector reads its own terms' idf and index vectors, and a term's
 * vector is the unit vector of the fixed-point sum of the context vectors of the documents holding it. Integer
 * sums do not depend on their order, so when the rows are the same symbols (same count) and only some documents
 * changed, the previous sums (`cooc-sums.bin`) are corrected by what changed:
 *   - the idf (and whether it is kept) of a term whose document frequency changed;
 *   - the context vector of a changed document, or of one holding such a term: its old contribution is taken
 *     from the sums of its old terms and its new one added to those of its new terms;
 * and only the vectors of the terms so touched are made again. The model, its sums and the vectors are then
 * those a cold run learns, bit for bit (test/search/cooc-update.test.ts), and a document none of whose terms
 * changed keeps its previous vector (`same`).
 */
import { contextVector, COOC_DIM, coocModelId, embedPairs, INDEX_NONZEROS, indexVector, keptFrequency, MAX_TERMS, sumScale, unitRow, type CoocModel } from './cooccurrence.ts';

/** Weighted terms stored by row: row r's entries are [offsets[r], offsets[r + 1]), each a term number in `dict`. */
export interface StoredBags {
  offsets: Uint32Array;
  terms: Uint32Array;
  weights: Float64Array;
  dict: readonly string[];
}

/** What updateCooccurrence gives: the model, and per row 1 where the document's vector is its previous row's. */
export interface CoocUpdate {
  model: CoocModel;
  same: Uint8Array;
  /** Row r's document vector under the model (embedTerms of its weighted terms, without making them a map). */
  embed(r: number): Float32Array;
}

/**
 * The model learnCooccurrence would learn from the new documents, made from `previous` (learned from the
 * documents whose weighted terms `old` holds, row for row). `changed[r]` is row r's new weighted terms where
 * they may differ from its stored ones, undefined where the row is the stored one. Undefined when the update
 * does not apply (another number of rows, a model that does not match the stored terms, more candidate terms
 * than the model keeps): then learn.
 */
export function updateCooccurrence(previous: CoocModel, old: StoredBags, changed: ReadonlyArray<ReadonlyMap<string, number> | undefined>): CoocUpdate | undefined {
  const N = changed.length;
  const sumsOld = previous.sums;
  const T0 = previous.terms.length;
  if (old.offsets.length !== N + 1 || !sumsOld || sumsOld.length !== T0 * COOC_DIM) return undefined;
  const n = Math.max(1, N);
  const D = old.dict.length;
  const dfOld = new Uint32Array(D);
  for (let e = 0, B = old.offsets[N]; e < B; e++) dfOld[old.terms[e]]++;
  let oldCount = 0;
  for (let t = 0; t < D; t++) if (keptFrequency(dfOld[t], n)) oldCount++;
  if (oldCount !== T0 || oldCount > MAX_TERMS) return undefined;

  // Document frequencies the changed rows move, by term.
  const oldId = new Map<string, number>();
  old.dict.forEach((t, i) => oldId.set(t, i));
  const delta = new Map<string, number>();
  const changedRows: number[] = [];
  for (let r = 0; r < N; r++) {
    const bag = changed[r];
    if (!bag) continue;
    changedRows.push(r);
    for (let e = old.offsets[r]; e < old.offsets[r + 1]; e++) { const t = old.dict[old.terms[e]]; delta.set(t, (delta.get(t) ?? 0) - 1); }
    for (const t of bag.keys()) delta.set(t, (delta.get(t) ?? 0) + 1);
  }
  const dfNew = new Map<string, number>();
  const added: string[] = [];
  const removed = new Set<string>();
  let newCount = oldCount;
  for (const [t, d] of delta) {
    if (d === 0) continue;
    const id = oldId.get(t);
    const before = id === undefined ? 0 : dfOld[id];
    dfNew.set(t, before + d);
    const was = keptFrequency(before, n), is = keptFrequency(before + d, n);
    if (was && !is) { removed.add(t); newCount--; }
    if (!was && is) { added.push(t); newCount++; }
  }
  if (newCount > MAX_TERMS) return undefined;

  // The new terms (sorted, as learnCooccurrence keeps them when they are at most MAX_TERMS), their old rows and
  // their idf; the sums of the terms kept in both carried over.
  added.sort();
  const terms: string[] = [];
  const oldRowOf: number[] = [];
  for (let i = 0, a = 0; i < T0 || a < added.length;) {
    if (i < T0 && removed.has(previous.terms[i])) { i++; continue; }
    if (a < added.length && (i >= T0 || added[a] < previous.terms[i])) { terms.push(added[a++]); oldRowOf.push(-1); } else { terms.push(previous.terms[i]); oldRowOf.push(i++); }
  }
  const T = terms.length;
  const row = new Map<string, number>();
  terms.forEach((t, k) => row.set(t, k));
  const idf = new Float32Array(T);
  const sums = new Int32Array(T * COOC_DIM);
  const newRowOfOld = new Int32Array(T0).fill(-1);
  for (let k = 0; k < T; k++) {
    const o = oldRowOf[k];
    const df = dfNew.get(terms[k]);
    idf[k] = df === undefined ? previous.idf[o] : Math.log(1 + n / df);
    if (o >= 0) { newRowOfOld[o] = k; sums.set(sumsOld.subarray(o * COOC_DIM, (o + 1) * COOC_DIM), k * COOC_DIM); }
  }
  // Old dictionary numbers as old and new model rows (-1: not kept), and whether the term's weight changed.
  const oldRow = new Map<string, number>();
  previous.terms.forEach((t, i) => oldRow.set(t, i));
  const oldRowOfId = new Int32Array(D);
  const newRowOfId = new Int32Array(D);
  const reweighted = new Uint8Array(D);
  for (let t = 0; t < D; t++) {
    oldRowOfId[t] = oldRow.get(old.dict[t]) ?? -1;
    newRowOfId[t] = row.get(old.dict[t]) ?? -1;
    if (dfNew.has(old.dict[t])) reweighted[t] = 1;
  }

  // Index vectors, made for the terms of the rows recontributed only.
  const index = (list: readonly string[]) => {
    const dim = new Int32Array(list.length * INDEX_NONZEROS), sign = new Int8Array(list.length * INDEX_NONZEROS), made = new Uint8Array(list.length);
    return {
      dim, sign,
      make(k: number): void {
        if (made[k]) return;
        made[k] = 1;
        let z = 0;
        indexVector(list[k], (d, s) => { dim[k * INDEX_NONZEROS + z] = d; sign[k * INDEX_NONZEROS + z] = s; z++; });
      },
    };
  };
  const oldIndex = index(previous.terms), newIndex = index(terms);
  const scale = sumScale(n);
  const ctx = new Float32Array(COOC_DIM);
  const q = new Int32Array(COOC_DIM);
  const affected = new Uint8Array(T);
  let rows = new Int32Array(64), weights = new Float64Array(64);
  let m = 0;
  const push = (k: number, s: number): void => {
    if (m === rows.length) { const r2 = new Int32Array(m * 2); r2.set(rows); rows = r2; const w2 = new Float64Array(m * 2); w2.set(weights); weights = w2; }
    rows[m] = k; weights[m] = s; m++;
  };
  // Adds (sign 1) or takes away (-1) the contribution of the m pairs gathered, whose rows are in `ix`'s list;
  // `toNew` maps those rows to the new model's (-1: not kept, nothing to correct).
  const contribute = (ix: ReturnType<typeof index>, toNew: (k: number) => number, sign: 1 | -1): void => {
    for (let i = 0; i < m; i++) ix.make(rows[i]);
    if (!contextVector(ctx, rows, weights, m, ix.dim, ix.sign)) return;
    for (let j = 0; j < COOC_DIM; j++) q[j] = sign * Math.round(ctx[j] * scale);
    for (let i = 0; i < m; i++) {
      const k = toNew(rows[i]);
      if (k < 0) continue;
      affected[k] = 1;
      const base = k * COOC_DIM;
      for (let j = 0; j < COOC_DIM; j++) sums[base + j] += q[j];
    }
  };
  // Row r's new (row, weight) pairs, in its bag's order.
  const gatherNew = (r: number): void => {
    m = 0;
    const bag = changed[r];
    if (bag) {
      for (const [t, w] of bag) { const k = row.get(t); if (k !== undefined) push(k, idf[k] * Math.log1p(w)); }
    } else {
      for (let e = old.offsets[r]; e < old.offsets[r + 1]; e++) { const k = newRowOfId[old.terms[e]]; if (k >= 0) push(k, idf[k] * Math.log1p(old.weights[e])); }
    }
  };
  const fromOld = (k: number): number => newRowOfOld[k];
  const same = (k: number): number => k;
  const isChanged = new Uint8Array(N);
  for (const r of changedRows) isChanged[r] = 1;
  for (let r = 0; r < N; r++) {
    if (!isChanged[r]) {
      let touched = false;
      for (let e = old.offsets[r]; e < old.offsets[r + 1] && !touched; e++) touched = reweighted[old.terms[e]] === 1;
      if (!touched) continue;
    }
    // The old contribution, with the old model's rows and idf.
    m = 0;
    for (let e = old.offsets[r]; e < old.offsets[r + 1]; e++) { const o = oldRowOfId[old.terms[e]]; if (o >= 0) push(o, previous.idf[o] * Math.log1p(old.weights[e])); }
    contribute(oldIndex, fromOld, -1);
    // The new one.
    gatherNew(r);
    contribute(newIndex, same, 1);
  }
  const vectors = new Float32Array(T * COOC_DIM);
  for (let k = 0; k < T; k++) {
    if (affected[k] || oldRowOf[k] < 0) unitRow(sums, vectors, k);
    else vectors.set(previous.vectors.subarray(oldRowOf[k] * COOC_DIM, (oldRowOf[k] + 1) * COOC_DIM), k * COOC_DIM);
  }
  // A row keeps its vector when it did not change and holds no term whose vector or weight did.
  const keeps = new Uint8Array(N);
  for (let r = 0; r < N; r++) {
    if (isChanged[r]) continue;
    let ok = 1;
    for (let e = old.offsets[r]; e < old.offsets[r + 1] && ok; e++) {
      const k = newRowOfId[old.terms[e]];
      if (reweighted[old.terms[e]] || (k >= 0 && affected[k])) ok = 0;
    }
    keeps[r] = ok;
  }
  const embed = (r: number): Float32Array => { gatherNew(r); return embedPairs(vectors, rows, weights, m); };
  return { model: { id: coocModelId(terms, vectors), terms, idf, vectors, sums }, same: keeps, embed };
}

const SUMS_MAGIC = 0x31534f43; // "COS1"

/** A model's fixed-point sums as `cooc-sums.bin`'s bytes: magic, term count, then the sums (i32 × T × COOC_DIM). */
export function coocSumsToBuffer(model: CoocModel): Buffer | undefined {
  if (!model.sums) return undefined;
  const head = Buffer.alloc(8);
  head.writeUInt32LE(SUMS_MAGIC, 0);
  head.writeUInt32LE(model.terms.length, 4);
  return Buffer.concat([head, Buffer.from(model.sums.buffer, model.sums.byteOffset, model.sums.byteLength)]);
}

/** `model` with the sums `coocSumsToBuffer` wrote for it, or undefined when they are not its. */
export function withSums(model: CoocModel, buf: Buffer): CoocModel | undefined {
  const T = model.terms.length;
  if (buf.length !== 8 + 4 * T * COOC_DIM || buf.readUInt32LE(0) !== SUMS_MAGIC || buf.readUInt32LE(4) !== T) return undefined;
  const sums = new Int32Array(T * COOC_DIM);
  new Uint8Array(sums.buffer).set(buf.subarray(8));
  return { ...model, sums };
}
