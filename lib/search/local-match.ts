/**
 * Where in a symbol the query's words meet. BM25F counts words anywhere in a field; a person describing a change
 * names words that sit together in the code that changed: on one line (`warn(`props override native
 * properties`)`), in one comment, in neighbouring identifiers. For each of the re-ranker's candidates this reads
 * its source span in order and measures how closely the query's words occur there:
 * - `pair`: the idf-weighted share of the query's neighbouring word pairs that occur within PAIR_REACH words;
 * - `window`: the idf-weighted share of the query's words in its densest WINDOW words;
 * - `line`: the same over its best two consecutive lines.
 * A span is the symbol's doc and its lines, read through the caller (the host's files); their words are kept per
 * row in a bounded cache, so a candidate met again costs no tokenising.
 */
import type { GraphView } from '../graph/code-graph.ts';
import { docCommentsByName, docOfNode, type DocComment } from './documents.ts';
import type { QueryTerm } from './keyword.ts';
import { runTermsCached, terms, WORD_RUNS } from './tokenize.ts';

/** How far apart (in words) two neighbouring query words may be and still count as a pair. */
export const PAIR_REACH = 3;
/** Words in the window of `window`. */
export const WINDOW = 8;
/** Lines of a span read at most (a class or a renderer closure can span thousands). */
export const MAX_SPAN_LINES = 600;
/** Rows whose words are cached per index. */
const CACHE_ROWS = 4096;

/** The words of a span in order, as numbers of a LocalMatcher's dictionary, and the line (0-based) of each. */
interface SpanWords { ids: Int32Array; lines: Uint32Array }

const EMPTY: SpanWords = { ids: new Int32Array(0), lines: new Uint32Array(0) };

/** What local matching reports of one candidate, each 0..1. */
export interface LocalScores { pair: number; window: number; line: number }

/**
 * Local matching over one index: the words of the candidates' spans (by row, in a bounded cache, least recently
 * used out first), numbered in a dictionary of its own so that a span is scanned with integer comparisons.
 */
export class LocalMatcher {
  private readonly dict = new Map<string, number>();
  private readonly rows = new Map<number, SpanWords>();
  /** Per word number, the query word it is (1-based slot) during `scores`, else 0. */
  private mark = new Int32Array(1024);
  /** Scratch of `scoreSpan`: each hit's position, query slot and line; a count per slot. */
  private at = new Int32Array(1024);
  private slot = new Int32Array(1024);
  private lineOf = new Int32Array(1024);
  private count = new Int32Array(64);

  /**
   * The local scores of candidate `rows` for a query (`text` as written, `query` its terms; joined terms are left
   * out), `idfOf` giving a term's idf in the index and `read` a row's span text when it is not cached.
   */
  scores(text: string, query: readonly QueryTerm[], idfOf: (term: string) => number, rows: readonly number[], read: (row: number) => string | undefined): LocalScores[] {
    const want = new Set(query.filter((t) => !t.joined).map((t) => t.term));
    const order = terms(text, { stopWords: true }).filter((t) => want.has(t));
    // Slots: the query's distinct words in order of first use; `seq` is the query as slots.
    const slotOf = new Map<string, number>();
    const seq: number[] = [];
    for (const t of order) { let k = slotOf.get(t); if (k === undefined) slotOf.set(t, (k = slotOf.size)); seq.push(k); }
    const n = slotOf.size;
    const idf = new Float64Array(n);
    let total = 0;
    for (const [t, k] of slotOf) { idf[k] = idfOf(t); total += idf[k]; }
    const pairs: Array<[number, number, number]> = [];
    let pairWeight = 0;
    for (let i = 0; i + 1 < seq.length; i++) {
      if (seq[i] === seq[i + 1]) continue;
      const w = Math.min(idf[seq[i]], idf[seq[i + 1]]);
      pairs.push([seq[i], seq[i + 1], w]);
      pairWeight += w;
    }
    const spans = rows.map((row) => this.span(row, read));
    // A word the dictionary lacks is in no span read so far, these included.
    const ids: number[] = [];
    for (const [t, k] of slotOf) { const id = this.dict.get(t); if (id !== undefined) ids.push(id, k + 1); }
    if (this.mark.length < this.dict.size) this.mark = new Int32Array(Math.max(this.dict.size, this.mark.length * 2));
    for (let i = 0; i < ids.length; i += 2) this.mark[ids[i]] = ids[i + 1];
    try {
      return spans.map((span) => (total > 0 ? this.scoreSpan(span, n, idf, total, pairs, pairWeight) : { pair: 0, window: 0, line: 0 }));
    } finally {
      for (let i = 0; i < ids.length; i += 2) this.mark[ids[i]] = 0;
    }
  }

  private scoreSpan(span: SpanWords, n: number, idf: Float64Array, total: number, pairs: ReadonlyArray<[number, number, number]>, pairWeight: number): LocalScores {
    const mark = this.mark;
    const { ids, lines } = span;
    if (this.at.length < ids.length) { this.at = new Int32Array(ids.length); this.slot = new Int32Array(ids.length); this.lineOf = new Int32Array(ids.length); }
    if (this.count.length < n) this.count = new Int32Array(n);
    const { at, slot, count } = this;
    // The span's hits: position and slot of each occurrence of a query word.
    let hits = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const k = id < mark.length ? mark[id] : 0;
      if (k === 0) continue;
      at[hits] = i;
      slot[hits++] = k - 1;
    }
    let pair = 0;
    for (const [a, b, w] of pairs) {
      // The closest occurrences of a and b, by one pass over the hits (positions ascend).
      let lastA = -Infinity, lastB = -Infinity;
      for (let h = 0; h < hits; h++) {
        const s = slot[h];
        if (s === a) lastA = at[h]; else if (s === b) lastB = at[h]; else continue;
        if (Math.abs(lastA - lastB) <= PAIR_REACH) { pair += w; break; }
      }
    }
    count.fill(0, 0, n);
    const window = densest(hits, at, slot, idf, count, at, WINDOW);
    count.fill(0, 0, n);
    for (let h = 0; h < hits; h++) this.lineOf[h] = lines[at[h]];
    const line = densest(hits, at, slot, idf, count, this.lineOf, 2);
    return { pair: pairWeight > 0 ? pair / pairWeight : 0, window: window / total, line: line / total };
  }

  /** The words of a row's span, read and numbered when not cached. */
  private span(row: number, read: (row: number) => string | undefined): SpanWords {
    let got = this.rows.get(row);
    if (got !== undefined) {
      this.rows.delete(row);
      this.rows.set(row, got);
      return got;
    }
    got = this.spanWords(read(row));
    if (this.rows.size >= CACHE_ROWS) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(row, got);
    return got;
  }

  private idOf(term: string): number {
    let id = this.dict.get(term);
    if (id === undefined) this.dict.set(term, (id = this.dict.size));
    return id;
  }

  /** Words of a span's text in order (as the index tokenises prose: stop words out, identifiers split and whole). */
  private spanWords(text: string | undefined): SpanWords {
    if (!text) return EMPTY;
    const ids: number[] = [];
    const lines: number[] = [];
    let line = 0;
    let lineEnd = text.indexOf('\n');
    for (const m of text.matchAll(WORD_RUNS)) {
      while (lineEnd >= 0 && m.index > lineEnd) { line++; lineEnd = text.indexOf('\n', lineEnd + 1); }
      if (line >= MAX_SPAN_LINES) break;
      const got = runTermsCached(m[0], true, false);
      for (let i = 0; i < got.length; i++) { ids.push(this.idOf(got[i])); lines.push(line); }
    }
    return { ids: Int32Array.from(ids), lines: Uint32Array.from(lines) };
  }
}

/** The largest summed idf of distinct query words among the first `hits` hits whose `place` lies within `reach`. */
function densest(hits: number, at: Int32Array, slot: Int32Array, idf: Float64Array, count: Int32Array, place: Int32Array, reach: number): number {
  let cur = 0, best = 0, lo = 0;
  for (let hi = 0; hi < hits; hi++) {
    if (count[slot[hi]]++ === 0) cur += idf[slot[hi]];
    while (place[hi] - place[lo] >= reach) {
      if (--count[slot[lo]] === 0) cur -= idf[slot[lo]];
      lo++;
    }
    if (cur > best) best = cur;
  }
  return best;
}

/**
 * A `RankRequest.source` over a graph and a file reader: a symbol's doc (as its search document holds it, one
 * sentence a line) and the lines of its span (at most MAX_SPAN_LINES); undefined when the symbol, its lines or its
 * file are unknown. The last READER_FILES files read are kept, so a reader kept per snapshot reads a file once
 * for the candidates of many requests.
 */
export function spanReader(graph: GraphView, readFile: (filePath: string) => string | undefined): (uid: string) => string | undefined {
  const files = new Map<string, { text: string; lines: string[]; comments?: Map<string, DocComment[]> } | undefined>();
  return (uid) => {
    const n = graph.hasNode(uid) ? graph.getNodeAttributes(uid) : undefined;
    if (!n?.filePath || typeof n.line !== 'number') return undefined;
    let file = files.get(n.filePath);
    if (file !== undefined || files.has(n.filePath)) {
      files.delete(n.filePath);
      files.set(n.filePath, file);
    } else {
      let text: string | undefined;
      try { text = readFile(n.filePath); } catch { text = undefined; }
      file = text === undefined ? undefined : { text, lines: text.split('\n') };
      if (files.size >= READER_FILES) files.delete(files.keys().next().value!);
      files.set(n.filePath, file);
    }
    if (!file) return undefined;
    const f = file;
    // The file's doc comments are read only for a symbol whose doc the extractor did not record.
    const doc = docOfNode(n, () => (f.comments ??= docCommentsByName(f.text)));
    const end = Math.min(typeof n.endLine === 'number' ? n.endLine : n.line, n.line - 1 + MAX_SPAN_LINES);
    const span = f.lines.slice(n.line - 1, end).join('\n');
    return doc ? `${doc.split(SENTENCE_BREAK).join('\n')}\n${span}` : span;
  };
}
const SENTENCE_BREAK = /(?<=[.!?])\s+/;
/** Files a span reader keeps (least recently read out first). */
const READER_FILES = 256;
