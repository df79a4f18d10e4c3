/**
 * The keyword index: BM25F over the weighted fields of each symbol, on our own posting lists. Documents are
 * numbered by their position in the symbol table (rows), so results map back without a lookup.
 *
 * Scoring is exactly wink-bm25-text-search's (which format 1 used): a term's weighted frequency in a document
 * is the sum of its fields' weights per occurrence, a document's length the sum of its fields' token counts
 * times their weights, idf = ln((N − n + 0.5)/(n + 0.5) + 1), and each (document, term) score
 * `f·(k1+1)/(k1·(1 − b + b·len/avg) + f) · idf` is rounded to 4 decimals (wink's consolidation) before a
 * document's scores are summed over the query terms. Unlike wink, scores are computed at query time from the
 * frequencies: the build only tokenises and counts, in one pass, and the stored file is a few typed arrays.
 *
 * On disk (`keyword.bin`, little-endian), see `toBuffer`: a 32-byte header, a JSON block (field weights and
 * BM25 parameters), the sorted term dictionary ('\n'-joined UTF-8), then document lengths (f64 × N), posting
 * offsets (u32 × T+1), posting rows (u32 × P) and weighted frequencies (f32 × P). Terms are sorted and
 * postings are in row order, so equal documents give a byte-identical file however they were built.
 */
import type { SearchDoc, SearchFields } from './documents.ts';
import { runTerms, terms, WORD_RUNS } from './tokenize.ts';
import { topK } from './top.ts';

/** Field weights: a name hit outweighs a doc hit, which outweighs a body hit. Tuned on bench/search-eval.ts. */
export const FIELD_WEIGHTS: Readonly<Record<keyof SearchFields, number>> = {
  name: 6, qualified: 2, path: 1, signature: 1, doc: 2, body: 0.5,
};
/** BM25 parameters (k: the constant inside idf's logarithm, as wink). */
export const BM25_PARAMS: Readonly<{ k1: number; b: number; k: number }> = { k1: 1.2, b: 0.6, k: 1 };

/** Fields in the order their lengths are summed (wink's: the weights' key order). */
export const FIELDS = ['name', 'qualified', 'path', 'signature', 'doc', 'body'] as const satisfies ReadonlyArray<keyof SearchFields>;
/**
 * How each field is tokenised: names keep stop words (`of`, `from` and `using` are real APIs), prose drops
 * them, bodies also drop language keywords and one-letter names.
 */
const FIELD_TOKENS: ReadonlyArray<{ stop: boolean; noise: boolean }> = [
  { stop: false, noise: false }, { stop: false, noise: false }, { stop: false, noise: false },
  { stop: true, noise: false }, { stop: true, noise: false },
  { stop: true, noise: true },
];
/** Memo slot per field: fields tokenised alike share one. */
const FIELD_MEMO = [0, 0, 0, 1, 1, 2];
const WEIGHTS = FIELDS.map((f) => FIELD_WEIGHTS[f]);
const BODY = FIELDS.indexOf('body');

/** The terms of every field of a document, as the keyword index computes them from its text. */
export function fieldTerms(fields: SearchFields): Record<keyof SearchFields, string[]> {
  const out = {} as Record<keyof SearchFields, string[]>;
  FIELDS.forEach((f, i) => { out[f] = terms(fields[f], { stopWords: FIELD_TOKENS[i].stop, codeNoise: FIELD_TOKENS[i].noise }); });
  return out;
}

/** A document's (term, weighted frequency) pairs by row, in some index's term numbering. */
export interface ForwardIndex {
  /** Entries of row d are `start[d] .. start[d+1]`. */
  start: Uint32Array;
  term: Uint32Array;
  freq: Float32Array;
  /** Document lengths by row. */
  length: Float64Array;
  /** Term strings by number. */
  terms: readonly string[];
}

/**
 * Builds a keyword index in one pass: documents are added in row order, from their field texts or taken over
 * from a previous index (their counts unchanged), and `finish` lays out the sorted dictionary and postings.
 */
export class KeywordBuilder {
  private readonly ids = new Map<string, number>();
  private readonly termList: string[] = [];
  private readonly runIds: Array<Map<string, Int32Array>> = [new Map(), new Map(), new Map()];
  private scratch = new Float64Array(1 << 12);
  private readonly touched: number[] = [];
  private entryTerm = new Uint32Array(1 << 14);
  private entryFreq = new Float32Array(1 << 14);
  private entries = 0;
  private readonly starts: number[] = [0];
  private readonly lengths: number[] = [];
  /** Term numbers of a previous index mapped to ours, filled as they are used (see addFrom). */
  private prevMap?: { source: ForwardIndex; map: Int32Array };
  /** Terms 0 .. sorted-1 are the seed's dictionary, already in order (see finish). */
  private sorted = 0;

  /**
   * A builder that will take documents over from `seed` (a previous index): its dictionary is interned
   * first, in its (sorted) order, so taken-over counts need no mapping and only new terms are sorted.
   */
  constructor(private readonly seed?: ForwardIndex) {
    if (seed) {
      for (const t of seed.terms) this.intern(t);
      this.sorted = seed.terms.length;
    }
  }

  get size(): number { return this.lengths.length; }

  private intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.termList.length;
      this.ids.set(term, id);
      this.termList.push(term);
      if (id >= this.scratch.length) {
        const s = new Float64Array(this.scratch.length * 2);
        s.set(this.scratch);
        this.scratch = s;
      }
    }
    return id;
  }

  /** Term numbers of a word run first seen in field `f` (memoised in `memo`: identifiers recur across thousands of bodies). */
  private newRun(run: string, f: number, memo: Map<string, Int32Array>): Int32Array {
    // Not runTermsCached: this memo is the cache, and the split itself is memoised per process (runParts).
    const ts = runTerms(run, FIELD_TOKENS[f].stop, FIELD_TOKENS[f].noise);
    const ids = new Int32Array(ts.length);
    for (let i = 0; i < ts.length; i++) ids[i] = this.intern(ts[i]);
    memo.set(run, ids);
    return ids;
  }

  private push(term: number, freq: number): void {
    if (this.entries === this.entryTerm.length) this.grow(this.entries + 1);
    this.entryTerm[this.entries] = term;
    this.entryFreq[this.entries] = freq;
    this.entries++;
  }

  /** Room for `size` entries at least. */
  private grow(size: number): void {
    const capacity = Math.max(size, this.entryTerm.length * 2);
    const t = new Uint32Array(capacity); t.set(this.entryTerm.subarray(0, this.entries)); this.entryTerm = t;
    const f = new Float32Array(capacity); f.set(this.entryFreq.subarray(0, this.entries)); this.entryFreq = f;
  }

  private endDoc(length: number): void {
    this.endDocAt(this.entries, length);
  }

  /**
   * Adds the next row from its field texts. `bodyWords`, when given, are the body's word runs (what matching
   * WORD_RUNS in `fields.body` gives, e.g. identifiers joined by spaces), used as they are.
   */
  addFields(fields: SearchFields, bodyWords?: readonly string[]): void {
    // Field by field in FIELDS order (the order the length's terms are summed in).
    let length = this.addText(fields.name, 0);
    length += this.addText(fields.qualified, 1);
    length += this.addText(fields.path, 2);
    length += this.addText(fields.signature, 3);
    length += this.addText(fields.doc, 4);
    if (fields.body) length += bodyWords ? this.addRuns(bodyWords, BODY) : this.addText(fields.body, BODY);
    const s = this.scratch;
    for (const t of this.touched) { this.push(t, s[t]); s[t] = 0; }
    this.touched.length = 0;
    this.endDoc(length);
  }

  /** Adds the next rows from their field texts, as addFields each. */
  addAllFields(docs: ReadonlyArray<Pick<SearchDoc, 'fields' | 'bodyWords'>>): void {
    for (const d of docs) this.addFields(d.fields, d.bodyWords);
  }

  private endDocAt(end: number, length: number): void {
    this.starts.push(end);
    this.lengths.push(length);
  }

  /** Counts the terms of a field's text; returns its share of the document length (tokens × weight). */
  private addText(text: string, f: number): number {
    if (!text) return 0;
    const runs = text.match(WORD_RUNS);
    return runs === null ? 0 : this.addRuns(runs, f);
  }

  /**
   * Counts the terms of a field's word runs into the scratch frequencies (a small function of its own: V8
   * optimises it early, and a cold analyze runs its loop for every word of every document).
   */
  private addRuns(runs: readonly string[], f: number): number {
    const memo = this.runIds[FIELD_MEMO[f]];
    const w = WEIGHTS[f];
    const touched = this.touched;
    let count = 0;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r];
      let ids = memo.get(run);
      if (ids === undefined) ids = this.newRun(run, f, memo);
      const s = this.scratch; // newRun may have grown it
      count += ids.length;
      for (let i = 0; i < ids.length; i++) {
        const t = ids[i];
        if (s[t] === 0) touched.push(t);
        s[t] += w;
      }
    }
    return count * w;
  }

  /** Adds the next row as a copy of row `row` of a previous index (see KeywordIndex.forward). */
  addFrom(source: ForwardIndex, row: number): void {
    if (source === this.seed) {
      // The seed's term numbers are ours: the row's entries are copied as they are, two native copies.
      const from = source.start[row], to = source.start[row + 1];
      if (this.entries + (to - from) > this.entryTerm.length) this.grow(this.entries + (to - from));
      this.entryTerm.set(source.term.subarray(from, to), this.entries);
      this.entryFreq.set(source.freq.subarray(from, to), this.entries);
      this.entries += to - from;
      this.endDoc(source.length[row]);
      return;
    }
    if (this.prevMap?.source !== source) this.prevMap = { source, map: new Int32Array(source.terms.length).fill(-1) };
    const map = this.prevMap.map;
    for (let i = source.start[row]; i < source.start[row + 1]; i++) {
      const pt = source.term[i];
      let t = map[pt];
      if (t < 0) map[pt] = t = this.intern(source.terms[pt]);
      this.push(t, source.freq[i]);
    }
    this.endDoc(source.length[row]);
  }

  /** The index over the rows added so far. */
  finish(): KeywordIndex {
    const n = this.lengths.length;
    const p = this.entries;
    const df = new Uint32Array(this.termList.length);
    for (let i = 0; i < p; i++) df[this.entryTerm[i]]++;
    const names = this.termList;
    // The seed's terms are in order already: sort the new ones and merge. The strings are sorted by the
    // native comparison (UTF-16 code units, as `<`), not a comparator function: several times cheaper.
    const kept: number[] = [];
    const addedNames: string[] = [];
    for (let t = 0; t < df.length; t++) if (df[t] > 0) { if (t < this.sorted) kept.push(t); else addedNames.push(names[t]); }
    addedNames.sort();
    const added = addedNames.map((name) => this.ids.get(name)!);
    const used: number[] = kept.length === 0 ? added : [];
    if (kept.length > 0) {
      let i = 0, j = 0;
      while (i < kept.length || j < added.length) {
        if (j >= added.length || (i < kept.length && names[kept[i]] < names[added[j]])) used.push(kept[i++]);
        else used.push(added[j++]);
      }
    }
    const rank = new Int32Array(df.length);
    const offsets = new Uint32Array(used.length + 1);
    for (let r = 0; r < used.length; r++) { rank[used[r]] = r; offsets[r + 1] = offsets[r] + df[used[r]]; }
    const cursor = offsets.slice(0, used.length);
    const rows = new Uint32Array(p);
    const freqs = new Float32Array(p);
    for (let d = 0; d < n; d++) {
      for (let i = this.starts[d], end = this.starts[d + 1]; i < end; i++) {
        const at = cursor[rank[this.entryTerm[i]]]++;
        rows[at] = d;
        freqs[at] = this.entryFreq[i];
      }
    }
    return new KeywordIndex(used.map((t) => names[t]), offsets, rows, freqs, Float64Array.from(this.lengths), { weights: { ...FIELD_WEIGHTS }, ...BM25_PARAMS });
  }
}

/** What a stored index was built with: frequencies are only comparable under the same weights. */
export interface KeywordParams { weights: Record<string, number>; k1: number; b: number; k: number }

const MAGIC = 0x574b4743; // 'CGKW' little-endian
const LAYOUT = 1;
const HEADER_BYTES = 32;

/** The keyword index over N rows; `search` returns row numbers. */
export class KeywordIndex {
  private norm?: Float64Array;
  private scores?: Float64Array;
  private marks?: Uint8Array;

  constructor(
    /** Sorted (UTF-16 code unit order), distinct. */
    readonly terms: readonly string[],
    private readonly offsets: Uint32Array,
    private readonly rows: Uint32Array,
    private readonly freqs: Float32Array,
    private readonly lengths: Float64Array,
    readonly params: KeywordParams,
  ) {}

  /** Builds the index over `docs` (row i = docs[i]) from their field texts. */
  static build(docs: ReadonlyArray<Pick<SearchDoc, 'fields' | 'bodyWords'>>): KeywordIndex {
    const b = new KeywordBuilder();
    for (const d of docs) b.addFields(d.fields, d.bodyWords);
    return b.finish();
  }

  get size(): number { return this.lengths.length; }

  /** True when frequencies of this index can be taken over by a build with the current weights. */
  get current(): boolean {
    const p = this.params;
    return p.k1 === BM25_PARAMS.k1 && p.b === BM25_PARAMS.b && p.k === BM25_PARAMS.k
      && FIELDS.every((f) => p.weights[f] === FIELD_WEIGHTS[f]) && Object.keys(p.weights).length === FIELDS.length;
  }

  /** Number of a term, or -1 (binary search of the sorted dictionary). */
  lookup(term: string): number {
    const ts = this.terms;
    let lo = 0, hi = ts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = ts[mid];
      if (m === term) return mid;
      if (m < term) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }

  /** Rows ranked by BM25 for query terms (see queryTerms; distinct), best first, at most `limit`. */
  search(queryTerms: readonly string[], limit: number): Array<{ row: number; score: number }> {
    const n = this.size;
    if (n === 0 || queryTerms.length === 0 || limit <= 0) return [];
    const { k1, k } = this.params;
    const norm = this.normalisers();
    const scores = (this.scores ??= new Float64Array(n));
    const marks = (this.marks ??= new Uint8Array(n));
    const touched: number[] = [];
    for (const term of queryTerms) {
      const t = this.lookup(term);
      if (t < 0) continue;
      const from = this.offsets[t], to = this.offsets[t + 1];
      const df = to - from;
      const idf = Math.log(((n - df + 0.5) / (df + 0.5)) + k);
      for (let p = from; p < to; p++) {
        const d = this.rows[p];
        const f = this.freqs[p];
        // wink's consolidated score, rounded to 4 decimals (ties then go to the earlier row).
        const s = Math.sign(f) * Number((Math.abs((f * (k1 + 1)) / ((k1 * norm[d]) + f)) * idf).toFixed(4));
        if (marks[d] === 0) { marks[d] = 1; touched.push(d); }
        scores[d] = s + scores[d];
      }
    }
    const out = topK(scores, limit, 0, touched);
    for (const d of touched) { scores[d] = 0; marks[d] = 0; }
    return out;
  }

  /** Per row: 1 − b + b·len/avg. */
  private normalisers(): Float64Array {
    if (this.norm) return this.norm;
    const n = this.size;
    let total = 0;
    for (let d = 0; d < n; d++) total += this.lengths[d];
    const avg = total / n || 1;
    const b = this.params.b;
    const norm = new Float64Array(n);
    for (let d = 0; d < n; d++) norm[d] = (1 - b) + (b * (this.lengths[d] / avg));
    return (this.norm = norm);
  }

  /** The same counts by row (a previous generation's documents, for KeywordBuilder.addFrom). */
  forward(): ForwardIndex {
    const n = this.size;
    const start = new Uint32Array(n + 1);
    for (let p = 0; p < this.rows.length; p++) start[this.rows[p] + 1]++;
    for (let d = 0; d < n; d++) start[d + 1] += start[d];
    const cursor = start.slice(0, n);
    const term = new Uint32Array(this.rows.length);
    const freq = new Float32Array(this.rows.length);
    for (let t = 0; t + 1 < this.offsets.length; t++) {
      for (let p = this.offsets[t]; p < this.offsets[t + 1]; p++) {
        const at = cursor[this.rows[p]]++;
        term[at] = t;
        freq[at] = this.freqs[p];
      }
    }
    return { start, term, freq, length: this.lengths, terms: this.terms };
  }

  /** The stored form (see the module comment). */
  toBuffer(): Buffer {
    const head = Buffer.from(JSON.stringify(this.params));
    const dict = Buffer.from(this.terms.join('\n'));
    const n = this.size, t = this.terms.length, p = this.rows.length;
    const text = align8(HEADER_BYTES + head.length + dict.length);
    const total = text + 8 * n + 4 * (t + 1) + 8 * p;
    const buf = Buffer.alloc(total);
    const u32 = new Uint32Array(buf.buffer, buf.byteOffset, HEADER_BYTES / 4);
    u32.set([MAGIC, LAYOUT, n, t, p, head.length, dict.length, 0]);
    head.copy(buf, HEADER_BYTES);
    dict.copy(buf, HEADER_BYTES + head.length);
    let at = text;
    const put = (a: Float64Array | Uint32Array | Float32Array): void => {
      buf.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at += a.byteLength;
    };
    put(this.lengths); put(this.offsets); put(this.rows); put(this.freqs);
    return buf;
  }

  /** Reads `toBuffer`'s form; throws on anything malformed (the caller treats the index as unreadable). */
  static fromBuffer(raw: Uint8Array): KeywordIndex {
    if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('keyword index: big-endian platforms are not supported');
    // Typed-array views need an aligned start: a Node Buffer may sit at any offset of a shared pool.
    const buf = raw.byteOffset % 8 === 0 ? raw : new Uint8Array(raw);
    if (buf.byteLength < HEADER_BYTES) throw new Error('keyword index: truncated');
    const [magic, layout, n, t, p, headLen, dictLen] = new Uint32Array(buf.buffer, buf.byteOffset, HEADER_BYTES / 4);
    if (magic !== MAGIC || layout !== LAYOUT) throw new Error('keyword index: not a keyword index of this layout');
    const text = align8(HEADER_BYTES + headLen + dictLen);
    if (buf.byteLength !== text + 8 * n + 4 * (t + 1) + 8 * p) throw new Error('keyword index: wrong size');
    const dec = new TextDecoder();
    const params = JSON.parse(dec.decode(buf.subarray(HEADER_BYTES, HEADER_BYTES + headLen))) as KeywordParams;
    const dict = dec.decode(buf.subarray(HEADER_BYTES + headLen, HEADER_BYTES + headLen + dictLen));
    const terms = t === 0 ? [] : dict.split('\n');
    if (terms.length !== t) throw new Error('keyword index: dictionary size');
    let at = buf.byteOffset + text;
    const lengths = new Float64Array(buf.buffer, at, n); at += 8 * n;
    const offsets = new Uint32Array(buf.buffer, at, t + 1); at += 4 * (t + 1);
    const rows = new Uint32Array(buf.buffer, at, p); at += 4 * p;
    const freqs = new Float32Array(buf.buffer, at, p);
    if (offsets[0] !== 0 || offsets[t] !== p) throw new Error('keyword index: postings size');
    for (let i = 0; i < t; i++) if (offsets[i] > offsets[i + 1]) throw new Error('keyword index: posting offsets out of order');
    // Lookups (binary search) and a re-index (which merges new terms into this order) rely on the order.
    for (let i = 1; i < t; i++) if (!(terms[i - 1] < terms[i])) throw new Error('keyword index: dictionary out of order');
    for (let i = 0; i < p; i++) if (rows[i] >= n) throw new Error('keyword index: row out of range');
    return new KeywordIndex(terms, offsets, rows, freqs, lengths, params);
  }
}

function align8(x: number): number {
  return (x + 7) & ~7;
}

/** Most distinct terms a query contributes (a 10,000-character paste is cut here, not rejected). */
export const MAX_QUERY_TERMS = 64;
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/**
 * Terms of a query. Stop words are dropped unless the query is a single identifier (`of`, `from`), which
 * is looked up as a name. Adjacent words are also joined (`take until` → `takeuntil`, articles skipped:
 * `is an observable` → `isobservable`): a joined term only matches a compound identifier, which is rare and
 * so weighs a lot — the way a question names `takeUntil` or `isObservable` without camel case.
 */
export function queryTerms(text: string): string[] {
  const trimmed = text.trim();
  const single = /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(trimmed);
  const seen = new Set<string>();
  const out: string[] = [];
  const push = (t: string): void => {
    if (out.length >= MAX_QUERY_TERMS || seen.has(t)) return;
    seen.add(t);
    out.push(t);
  };
  for (const t of terms(trimmed, { stopWords: !single })) push(t);
  // Joined words only add to real terms: a query of stop words alone stays empty.
  if (!single && out.length > 0) {
    // Articles never sit inside identifiers: "is an observable" → isobservable.
    const words = (trimmed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !ARTICLES.has(w)).slice(0, MAX_QUERY_TERMS);
    for (let i = 0; i + 1 < words.length; i++) {
      push(words[i] + words[i + 1]);
      if (i + 2 < words.length) push(words[i] + words[i + 1] + words[i + 2]);
    }
  }
  return out;
}
