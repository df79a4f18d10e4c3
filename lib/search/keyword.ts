/**
 * The keyword index: BM25F over the fields of each symbol (name, owner, path, signature, doc, comments,
 * strings, body identifiers). Term frequencies are stored per field, so field weights and length
 * normalisation apply at query time (Robertson's BM25F: a term's frequency is the weighted sum of its fields'
 * length-normalised frequencies, then saturated once). The weights were learned on the tuning half of the
 * localization set (bench/search-history); benches pass others to `search`.
 *
 * On disk (`keyword.bin`, little-endian), see `toBuffer`: a header, a JSON block (fields, document count), the
 * sorted term dictionary ('\n'-joined UTF-8), document frequencies (u32 × T), field lengths (u32 × F·N),
 * posting offsets (u32 × T·F+1), posting rows (u32 × P) and frequencies (u16 × P). Postings are grouped by
 * (term, field) and in row order, so equal documents give a byte-identical file.
 */
import type { SearchFields } from './documents.ts';
import { runTermsCached, WORD_RUNS } from './tokenize.ts';
import { topK } from './top.ts';

export const FIELDS = ['name', 'owner', 'path', 'signature', 'doc', 'comments', 'strings', 'body'] as const satisfies ReadonlyArray<keyof SearchFields>;
export type Field = (typeof FIELDS)[number];
const F = FIELDS.length;

/**
 * How each field is tokenised: names keep stop words (`of`, `from` and `using` are real APIs), prose drops
 * them, code also drops language keywords and one-letter names.
 */
const FIELD_TOKENS: ReadonlyArray<{ stop: boolean; noise: boolean }> = [
  { stop: false, noise: false }, { stop: false, noise: false }, { stop: true, noise: false },
  { stop: true, noise: true }, { stop: true, noise: false }, { stop: true, noise: false }, { stop: true, noise: false },
  { stop: true, noise: true },
];

/** BM25F parameters: per-field weight and length normalisation, and the saturation k1. */
export interface KeywordParams {
  weights: Readonly<Record<Field, number>>;
  b: Readonly<Record<Field, number>>;
  k1: number;
}

/** Learned on the tuning half of bench/search-history (bench/search-history/tune.ts). */
export const KEYWORD_PARAMS: KeywordParams = {
  weights: { name: 3, owner: 2, path: 3, signature: 1, doc: 8, comments: 5, strings: 3, body: 3 },
  b: { name: 0.9, owner: 0.5, path: 0, signature: 0.75, doc: 0.75, comments: 0.3, strings: 0.6, body: 0.3 },
  k1: 1.2,
};

function textTerms(text: string, stop: boolean, noise: boolean): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (const run of text.match(WORD_RUNS) ?? []) {
    const got = runTermsCached(run, stop, noise);
    for (let i = 0; i < got.length; i++) out.push(got[i]);
  }
  return out;
}

/**
 * A query term and how much it counts (identifiers written in the query count more). A `joined` term (two query
 * words written together, matching only a compound identifier) adds to a score but not to what the query
 * must cover: most of them match nothing.
 */
export interface QueryTerm { term: string; weight: number; joined?: boolean }

/** What `KeywordIndex.scores` gives: shared scratch arrays, valid until the next call. */
export interface KeywordScores {
  /** BM25F score by row. */
  score: Float64Array;
  /** Rows with a score, in the order first met. */
  touched: number[];
  /**
   * Per row, the idf-weighted query terms it contains; `total` is that sum over the query terms some row holds (a
   * word no symbol holds — a typo, English the code never uses — is no part of what a match must cover).
   */
  cover: Float64Array;
  total: number;
}

/** Builds a keyword index: documents are added in row order. */
export class KeywordBuilder {
  private readonly ids = new Map<string, number>();
  private readonly termList: string[] = [];
  // Entries (term, field, row, frequency) in typed arrays grown by doubling: an analyze taking rows over from the
  // previous index copies ~100k of them, which plain arrays pushed one by one made a tenth of a one-file run.
  private entTerm = new Uint32Array(1024);
  private entField = new Uint8Array(1024);
  private entRow = new Uint32Array(1024);
  private entTf = new Uint16Array(1024);
  private P = 0;
  private readonly lengths: number[] = [];
  private rows = 0;

  get size(): number { return this.rows; }

  /** Room for `extra` more entries. */
  private reserve(extra: number): void {
    const need = this.P + extra;
    if (need <= this.entTerm.length) return;
    let cap = this.entTerm.length * 2;
    while (cap < need) cap *= 2;
    const grow = <A extends Uint32Array | Uint8Array | Uint16Array>(a: A, make: (n: number) => A): A => { const b = make(cap); b.set(a.subarray(0, this.P)); return b; };
    this.entTerm = grow(this.entTerm, (n) => new Uint32Array(n));
    this.entField = grow(this.entField, (n) => new Uint8Array(n));
    this.entRow = grow(this.entRow, (n) => new Uint32Array(n));
    this.entTf = grow(this.entTf, (n) => new Uint16Array(n));
  }

  /** Adds the next document. */
  add(fields: SearchFields): void {
    const row = this.rows++;
    const counts = new Map<number, number>();
    for (let f = 0; f < F; f++) {
      const ts = textTerms(fields[FIELDS[f]], FIELD_TOKENS[f].stop, FIELD_TOKENS[f].noise);
      this.lengths.push(ts.length);
      counts.clear();
      for (const t of ts) {
        let id = this.ids.get(t);
        if (id === undefined) { id = this.termList.length; this.ids.set(t, id); this.termList.push(t); }
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      this.reserve(counts.size);
      for (const [id, tf] of counts) {
        const p = this.P++;
        this.entTerm[p] = id; this.entField[p] = f; this.entRow[p] = row; this.entTf[p] = Math.min(tf, 0xffff);
      }
    }
  }

  /** The index of the documents added. */
  finish(): KeywordIndex {
    const order = this.termList.map((_, i) => i).sort((a, b) => (this.termList[a] < this.termList[b] ? -1 : this.termList[a] > this.termList[b] ? 1 : 0));
    const rank = new Uint32Array(order.length);
    order.forEach((id, r) => { rank[id] = r; });
    const T = order.length;
    const offsets = new Uint32Array(T * F + 1);
    const P = this.P;
    for (let e = 0; e < P; e++) offsets[rank[this.entTerm[e]] * F + this.entField[e] + 1]++;
    for (let i = 0; i < T * F; i++) offsets[i + 1] += offsets[i];
    const fill = offsets.slice(0, T * F);
    const rows = new Uint32Array(P);
    const tfs = new Uint16Array(P);
    const df = new Uint32Array(T);
    const lastRow = new Int32Array(T).fill(-1);
    // Entries were pushed in row order, so each (term, field) list fills in row order.
    for (let e = 0; e < P; e++) {
      const t = rank[this.entTerm[e]];
      const at = fill[t * F + this.entField[e]]++;
      rows[at] = this.entRow[e];
      tfs[at] = this.entTf[e];
      if (lastRow[t] !== this.entRow[e]) { lastRow[t] = this.entRow[e]; df[t]++; }
    }
    return new KeywordIndex(order.map((id) => this.termList[id]), df, Uint32Array.from(this.lengths), offsets, rows, tfs, this.rows);
  }

  /** Builds an index over documents in one call. */
  static build(docs: ReadonlyArray<{ fields: SearchFields }>): KeywordIndex {
    const b = new KeywordBuilder();
    for (const d of docs) b.add(d.fields);
    return b.finish();
  }
}

const MAGIC = 0x3346424b; // "KBF3"
const HEADER_BYTES = 16;

/** A loaded keyword index (typed arrays; see the file comment for the layout). */
export class KeywordIndex {
  private readonly avg: Float64Array;
  private normCache?: { params: KeywordParams; inv: Float32Array };
  private acc?: Float64Array;
  private score?: Float64Array;
  private cover?: Float64Array;

  constructor(
    readonly terms: readonly string[],
    private readonly df: Uint32Array,
    /** Field lengths, row-major: lengths[row * F + f]. */
    private readonly lengths: Uint32Array,
    private readonly offsets: Uint32Array,
    private readonly rows: Uint32Array,
    private readonly tfs: Uint16Array,
    readonly size: number,
  ) {
    this.avg = new Float64Array(F);
    for (let r = 0; r < size; r++) for (let f = 0; f < F; f++) this.avg[f] += lengths[r * F + f];
    for (let f = 0; f < F; f++) this.avg[f] = size ? this.avg[f] / size || 1 : 1;
  }

  /** Number of a term in the sorted dictionary, or -1. */
  termId(term: string): number {
    let lo = 0, hi = this.terms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.terms[mid];
      if (t === term) return mid;
      if (t < term) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }

  /** 1 / (1 − b + b·len/avg) per row and field, for a parameter set (cached for the last one used). */
  private norms(params: KeywordParams): Float32Array {
    if (this.normCache?.params === params) return this.normCache.inv;
    const inv = new Float32Array(this.size * F);
    for (let f = 0; f < F; f++) {
      const b = params.b[FIELDS[f]];
      for (let r = 0; r < this.size; r++) inv[r * F + f] = 1 / (1 - b + (b * this.lengths[r * F + f]) / this.avg[f]);
    }
    this.normCache = { params, inv };
    return inv;
  }

  /** BM25F scores of every row for the query terms (a shared scratch array: copy what you keep). */
  scores(query: readonly QueryTerm[], params: KeywordParams = KEYWORD_PARAMS): KeywordScores {
    const n = this.size;
    if (!this.acc || this.acc.length !== n) { this.acc = new Float64Array(n); this.score = new Float64Array(n); this.cover = new Float64Array(n); }
    const acc = this.acc, score = this.score!, cover = this.cover!;
    score.fill(0);
    cover.fill(0);
    let total = 0;
    const inv = this.norms(params);
    const w = FIELDS.map((f) => params.weights[f]);
    const touched: number[] = [];
    const seenRow = new Uint8Array(n);
    const rowsOfTerm: number[] = [];
    for (const q of query) {
      if (q.weight <= 0) continue;
      const id = this.termId(q.term);
      const df = id < 0 ? 0 : this.df[id];
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      if (id < 0) continue;
      if (!q.joined) total += q.weight * idf;
      rowsOfTerm.length = 0;
      for (let f = 0; f < F; f++) {
        if (w[f] === 0) continue;
        for (let p = this.offsets[id * F + f], end = this.offsets[id * F + f + 1]; p < end; p++) {
          const r = this.rows[p];
          if (acc[r] === 0) rowsOfTerm.push(r);
          acc[r] += (w[f] * this.tfs[p]) * inv[r * F + f];
        }
      }
      for (const r of rowsOfTerm) {
        const tf = acc[r];
        acc[r] = 0;
        score[r] += q.weight * idf * (tf * (params.k1 + 1)) / (params.k1 + tf);
        cover[r] += q.weight * idf;
        if (!seenRow[r]) { seenRow[r] = 1; touched.push(r); }
      }
    }
    return { score, touched, cover, total };
  }

  /**
   * Per row of `rows`: per field (FIELDS order) the idf-weighted share of the query's terms (joined ones left
   * out) that the field holds, then the share of its name's terms that are query terms, then the share held in
   * any field: what the re-ranker reads (`rows.length × (F + 2)` numbers, row-major). Postings are row-sorted,
   * so each lookup is a binary search.
   */
  fieldMatches(query: readonly QueryTerm[], rows: readonly number[]): Float64Array {
    const W = F + 2;
    const out = new Float64Array(rows.length * W);
    const n = this.size;
    let total = 0;
    const nameHits = new Float64Array(rows.length);
    for (const q of query) {
      if (q.weight <= 0 || q.joined) continue;
      const id = this.termId(q.term);
      const df = id < 0 ? 0 : this.df[id];
      const idf = q.weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      total += idf;
      if (id < 0) continue;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        let any = false;
        for (let f = 0; f < F; f++) {
          let lo = this.offsets[id * F + f], hi = this.offsets[id * F + f + 1] - 1;
          while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            const v = this.rows[mid];
            if (v === r) { out[i * W + f] += idf; any = true; if (f === 0) nameHits[i] += this.tfs[mid]; break; }
            if (v < r) lo = mid + 1; else hi = mid - 1;
          }
        }
        if (any) out[i * W + F + 1] += idf;
      }
    }
    for (let i = 0; i < rows.length; i++) {
      if (total > 0) {
        for (let f = 0; f < F; f++) out[i * W + f] /= total;
        out[i * W + F + 1] /= total;
      }
      const len = this.lengths[rows[i] * F];
      out[i * W + F] = len > 0 ? Math.min(1, nameHits[i] / len) : 0;
    }
    return out;
  }

  /** Which of the query's terms a row holds, and in which fields how often (what a reader of a miss wants to see). */
  heldTerms(query: readonly QueryTerm[], row: number): Array<{ term: string; df: number; fields: Array<[Field, number]> }> {
    const out: Array<{ term: string; df: number; fields: Array<[Field, number]> }> = [];
    for (const q of query) {
      const id = this.termId(q.term);
      if (id < 0) continue;
      const fields: Array<[Field, number]> = [];
      for (let f = 0; f < F; f++) {
        for (let p = this.offsets[id * F + f], end = this.offsets[id * F + f + 1]; p < end; p++) {
          if (this.rows[p] === row) { fields.push([FIELDS[f], this.tfs[p]]); break; }
        }
      }
      if (fields.length) out.push({ term: q.term, df: this.df[id], fields });
    }
    return out;
  }

  /** Number of rows holding a term (0 when the index has none). */
  documentFrequency(term: string): number {
    const id = this.termId(term);
    return id < 0 ? 0 : this.df[id];
  }

  /** Length in terms of one field of a row. */
  fieldLength(row: number, field: Field): number { return this.lengths[row * F + FIELDS.indexOf(field)]; }

  /** The best `limit` rows for the query terms, best first (equal scores by row). */
  search(query: readonly QueryTerm[], limit: number, params: KeywordParams = KEYWORD_PARAMS): Array<{ row: number; score: number }> {
    const { score, touched } = this.scores(query, params);
    return topK(score, limit, 0, touched);
  }

  /** The file bytes (see the file comment). */
  toBuffer(): Buffer {
    const json = Buffer.from(JSON.stringify({ fields: FIELDS, size: this.size }));
    const dict = Buffer.from(this.terms.join('\n'));
    const parts: Buffer[] = [];
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(json.length, 4);
    header.writeUInt32LE(dict.length, 8);
    header.writeUInt32LE(this.terms.length, 12);
    const view = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    parts.push(header, json, dict);
    const pad = (len: number): void => { const k = (4 - (len % 4)) % 4; if (k) parts.push(Buffer.alloc(k)); };
    pad(json.length + dict.length);
    const rowsCount = Buffer.alloc(4);
    rowsCount.writeUInt32LE(this.rows.length, 0);
    parts.push(rowsCount, view(this.df), view(this.lengths), view(this.offsets), view(this.rows), view(this.tfs));
    return Buffer.concat(parts);
  }

  /**
   * The index KeywordBuilder makes of documents whose row i is this index's row `prevOf[i]` (an unchanged
   * document) or, where `prevOf[i]` is -1, `fieldsOf(i)`: the kept rows' postings are merged as they are,
   * renumbered, without regrouping them by row or interning their terms again, and only the other rows are
   * tokenised. So an analyze after an edit tokenises only the changed files' documents whether or not it added or
   * removed symbols (the index rebuilt from every previous row's entries was most of search in a one-file run
   * that appended a function). A row whose previous row does not come after the last kept one (rows taken over
   * out of their order, or one previous row twice) is tokenised too: the kept postings stay in row order.
   */
  remapped(prevOf: Int32Array, fieldsOf: (row: number) => SearchFields): KeywordIndex {
    const N = prevOf.length, N0 = this.size, T0 = this.terms.length;
    const newOf = new Int32Array(N0).fill(-1);
    const at: number[] = [];
    for (let i = 0, last = -1; i < N; i++) {
      const r = prevOf[i];
      if (r <= last || r >= N0) { at.push(i); continue; }
      newOf[r] = i;
      last = r;
    }
    const part = KeywordBuilder.build(at.map((i) => ({ fields: fieldsOf(i) })));
    // Per old term: its postings in kept rows, and the dropped rows that held it (each once).
    const kept = new Uint32Array(T0);
    const lost = new Uint32Array(T0);
    const seen = new Int32Array(N0).fill(-1);
    for (let t = 0; t < T0; t++) {
      for (let p = this.offsets[t * F], end = this.offsets[t * F + F]; p < end; p++) {
        const r = this.rows[p];
        if (newOf[r] >= 0) kept[t]++;
        else if (seen[r] !== t) { seen[r] = t; lost[t]++; }
      }
    }
    const T1 = part.terms.length;
    let P = part.rows.length;
    for (let t = 0; t < T0; t++) P += kept[t];
    const terms: string[] = [];
    const df = new Uint32Array(T0 + T1);
    const offsets = new Uint32Array((T0 + T1) * F + 1);
    const rows = new Uint32Array(P);
    const tfs = new Uint16Array(P);
    let n = 0;
    // One term's postings, field by field: the old list's kept rows (renumbered, still ascending) merged with the
    // fresh documents'.
    const emit = (t: number, u: number): void => {
      const k = terms.length;
      terms.push(t >= 0 ? this.terms[t] : part.terms[u]);
      df[k] = (t >= 0 ? this.df[t] - lost[t] : 0) + (u >= 0 ? part.df[u] : 0);
      for (let f = 0; f < F; f++) {
        let p = t >= 0 ? this.offsets[t * F + f] : 0;
        const pEnd = t >= 0 ? this.offsets[t * F + f + 1] : 0;
        let q = u >= 0 ? part.offsets[u * F + f] : 0;
        const qEnd = u >= 0 ? part.offsets[u * F + f + 1] : 0;
        while (p < pEnd || q < qEnd) {
          const r = p < pEnd ? newOf[this.rows[p]] : -1;
          if (p < pEnd && r < 0) { p++; continue; }
          if (q < qEnd && (p >= pEnd || at[part.rows[q]] < r)) { rows[n] = at[part.rows[q]]; tfs[n++] = part.tfs[q++]; } else { rows[n] = r; tfs[n++] = this.tfs[p++]; }
        }
        offsets[k * F + f + 1] = n;
      }
    };
    for (let t = 0, u = 0; t < T0 || u < T1;) {
      if (t < T0 && kept[t] === 0 && (u >= T1 || this.terms[t] !== part.terms[u])) { t++; continue; }
      if (u >= T1 || (t < T0 && this.terms[t] < part.terms[u])) emit(t++, -1);
      else if (t >= T0 || part.terms[u] < this.terms[t]) emit(-1, u++);
      else emit(t++, u++);
    }
    const lengths = new Uint32Array(N * F);
    for (let i = 0; i < N; i++) if (prevOf[i] >= 0) lengths.set(this.lengths.subarray(prevOf[i] * F, prevOf[i] * F + F), i * F);
    at.forEach((r, i) => { for (let f = 0; f < F; f++) lengths[r * F + f] = part.lengths[i * F + f]; });
    const T = terms.length;
    return new KeywordIndex(terms, df.slice(0, T), lengths, offsets.slice(0, T * F + 1), rows, tfs, N);
  }

  /** Reads `toBuffer`'s bytes; throws on a damaged or foreign file. */
  static fromBuffer(buf: Buffer): KeywordIndex {
    if (buf.length < HEADER_BYTES || buf.readUInt32LE(0) !== MAGIC) throw new Error('keyword index: not a keyword index file');
    const jsonLen = buf.readUInt32LE(4), dictLen = buf.readUInt32LE(8), T = buf.readUInt32LE(12);
    let at = HEADER_BYTES;
    const meta = JSON.parse(buf.toString('utf8', at, at + jsonLen)) as { fields: string[]; size: number };
    if (JSON.stringify(meta.fields) !== JSON.stringify(FIELDS)) throw new Error('keyword index: made with other fields');
    at += jsonLen;
    const terms = dictLen ? buf.toString('utf8', at, at + dictLen).split('\n') : [];
    if (terms.length !== T) throw new Error('keyword index: damaged dictionary');
    at += dictLen;
    at += (4 - ((jsonLen + dictLen) % 4)) % 4;
    const P = buf.readUInt32LE(at); at += 4;
    // Copied into fresh arrays: the buffer's offset need not be aligned for a typed-array view.
    const take = <A>(make: (b: ArrayBuffer) => A, count: number, bytes: number): A => {
      const end = at + count * bytes;
      if (end > buf.length) throw new Error('keyword index: truncated');
      const copy = new ArrayBuffer(count * bytes);
      new Uint8Array(copy).set(buf.subarray(at, end));
      at = end;
      return make(copy);
    };
    const N = meta.size;
    const df = take((b) => new Uint32Array(b), T, 4);
    const lengths = take((b) => new Uint32Array(b), N * F, 4);
    const offsets = take((b) => new Uint32Array(b), T * F + 1, 4);
    const rows = take((b) => new Uint32Array(b), P, 4);
    const tfs = take((b) => new Uint16Array(b), P, 2);
    if (offsets[T * F] !== P) throw new Error('keyword index: damaged postings');
    return new KeywordIndex(terms, df, lengths, offsets, rows, tfs, N);
  }
}
