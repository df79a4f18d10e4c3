/**
 * The loaded search index of one snapshot (symbol table, keyword index, vector matrix) and the hybrid ranking
 * over them: BM25F with a file lane (a symbol in a file that matches the query as a whole rises) and a call lane
 * (a symbol that the best matches call or are called by rises), cosine similarity of the embedder's vectors,
 * fused by reciprocal rank; task context and goal re-rank.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import { buildDocuments } from './documents.ts';
import { builtinEmbedder, DEFAULT_BUILTIN, lexicalVector, type EmbedderSpec } from './embedders/index.ts';
import { addRerankVotes, maxFusedScore, reciprocalRankFusion, type WeightedRanking } from './fusion.ts';
import { FIELDS, KEYWORD_PARAMS, KeywordBuilder, type KeywordIndex, type KeywordParams, type QueryTerm } from './keyword.ts';
import { FEATURE_COUNT, featuresOf, RERANK_DEPTH, rerankScore, type CandidateFacts } from './rerank.ts';
import { RERANK_WEIGHTS } from './rerank-weights.ts';
import { isTestFile } from '../lang/index.ts';
import { isSingleIdentifier, queryTerms } from './query-terms.ts';
import { topK } from './top.ts';
import { VectorMatrix } from './vectors.ts';

/** How deep each ranking is read before fusion. */
export const CANDIDATE_DEPTH = 100;
/** How many of the best keyword rows lend the call lane their score. */
export const CALL_LEADERS = 10;
/** Weight of the goal's rankings and of the task context's, relative to the query's (1). */
export const GOAL_WEIGHT = 0.7;
export const TASK_CONTEXT_WEIGHT = 0.4;

/** Settings of the ranking; benches vary them (ablations, tuning), nothing else should. */
export const rankSettings = {
  /** Weight of the vector ranking against the keyword ranking (1). */
  vectorWeight: 0.15,
  /** How much of its file's best keyword score a symbol gains (0: no file lane). */
  fileWeight: 0.5,
  /**
   * How much of the best keyword score among the CALL_LEADERS rows that call it or that it calls a symbol gains
   * (0: no call lane). A change description names the feature, and the change often lands in the helper the
   * feature's code calls (or in the caller of a helper it names), which holds few of its words.
   */
  callWeight: 0.2,
  keyword: KEYWORD_PARAMS as KeywordParams,
  /** The re-ranker's weights (lib/search/rerank.ts; undefined: the fused order stands). */
  rerank: RERANK_WEIGHTS as Readonly<Record<string, number>> | undefined,
};

/**
 * A query "matches nothing" when no symbol holds at least this share of its idf-weighted terms (those some symbol
 * holds: `session destruction` in a repository without the word `destruction` is a question about sessions) and no
 * vector is at least `MIN_SIMILARITY` of its embedder close: the answer is then empty, with a hint.
 */
export const MIN_COVERAGE = 0.2;
/** Cosine similarity at which a vector counts as a match, per embedder kind; half of it admits a candidate. */
export const MIN_SIMILARITY: Readonly<Record<string, number>> = { lexical: 0.3, learned: 0.5, trained: 0.5, transformers: 0.35 };

/**
 * Fused scores are scaled by the symbol's kind: fields of interfaces and classes rarely answer a question
 * (they still win on an exact name, where the lanes agree).
 */
export const LABEL_PRIOR: Readonly<Record<string, number>> = { Property: 0.8 };

export type RankMode = 'hybrid' | 'keyword' | 'vector';

/** Query vectors for the texts of a request (absent when the embedder is unavailable). */
export interface QueryVectors { query?: Float32Array; goal?: Float32Array; taskContext?: Float32Array }

export interface RankRequest {
  query: string;
  /** The snapshot's graph: the call lane follows its CALLS edges (absent: no call lane). */
  graph?: CodeGraph;
  goal?: string;
  taskContext?: string;
  mode?: RankMode;
  depth?: number;
  /** Receives the re-ranker's candidates (rows in fused order) and their facts before re-ordering (fit-rerank.ts). */
  onCandidates?: (rows: number[], facts: CandidateFacts[]) => void;
}

/** The keyword lane of one text: its hits (BM25F plus the file lane), each hit's own and file score, the best own score. */
export interface KeywordHits {
  hits: Array<{ row: number; score: number }>;
  covered: boolean;
  terms: QueryTerm[];
  own: number[];
  file: number[];
  top: number;
}

/** One ranked symbol. */
export interface RankedSymbol {
  uid: string;
  /** Fused score. */
  score: number;
  /** `score` divided by the best score possible for this request: 0..1, monotonic in `score`. */
  relevance: number;
}

export interface RankResult {
  symbols: RankedSymbol[];
  /** True when the query had no searchable words (only stop words, punctuation). */
  noTerms: boolean;
  /** True when nothing reached the match floor (MIN_COVERAGE, the embedder's similarity floor). */
  noMatch: boolean;
  /** The best fused score possible for this request (relevance = score / maxScore). */
  maxScore: number;
}

/** The stored structures of a search index: rows (symbol uids and files), keyword index, vectors. */
export interface SearchParts {
  uids: readonly string[];
  files: readonly string[];
  keyword: KeywordIndex;
  vectors: VectorMatrix | undefined;
  /** Embeds query texts in-process, for the built-in embedders (others go through SnapshotHost.embed). */
  embed?: (texts: string[]) => Float32Array[];
}

/**
 * The search structures of one snapshot (what `snapshot.search` holds). A loaded snapshot's index is read
 * from disk on first use (`load`): a server holds many snapshots and only `query` needs them.
 */
export class SearchIndex {
  private parts?: SearchParts;
  private loader?: () => SearchParts;
  private failure?: Error;
  private rowOf?: Map<string, number>;
  private fileRows?: { fileOf: Int32Array; count: number };
  /** Per-row prior (see LABEL_PRIOR), from the uid's label prefix. */
  private priors?: Float32Array;
  private count: number;

  constructor(parts: SearchParts, readonly embedder: EmbedderSpec) {
    this.parts = parts;
    this.count = parts.uids.length;
  }

  /** Number of rows (known before loading). */
  get size(): number { return this.count; }

  /** An index of `size` rows whose parts `load` reads when first needed (it throws when they cannot be read). */
  static lazy(size: number, embedder: EmbedderSpec, load: () => SearchParts): SearchIndex {
    const idx = new SearchIndex({ uids: [], files: [], keyword: new KeywordBuilder().finish(), vectors: undefined }, embedder);
    idx.parts = undefined;
    idx.loader = load;
    idx.count = size;
    return idx;
  }

  /** The parts, read now if not yet; throws (every time) when they cannot be read or do not match. */
  load(): SearchParts {
    if (this.parts) return this.parts;
    if (this.failure) throw this.failure;
    try {
      const parts = this.loader!();
      if (parts.uids.length !== this.count) throw new Error(`${parts.uids.length} rows where ${this.count} were recorded`);
      this.parts = parts;
      this.loader = undefined;
      return parts;
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error(String(err));
      throw this.failure;
    }
  }

  /** True once the parts are in memory. */
  get loaded(): boolean { return this.parts !== undefined; }

  get uids(): readonly string[] { return this.load().uids; }
  get keyword(): KeywordIndex { return this.load().keyword; }
  get vectors(): VectorMatrix | undefined { return this.load().vectors; }

  private get prior(): Float32Array {
    return (this.priors ??= Float32Array.from(this.uids, (u) => LABEL_PRIOR[u.slice(0, u.indexOf(':'))] ?? 1));
  }

  /** Builds an index in memory from a graph with the default built-in embedder (no snapshot files needed). */
  static inMemory(graph: CodeGraph, readSource: (p: string) => string | undefined): SearchIndex {
    const docs = buildDocuments(graph, readSource);
    const keyword = KeywordBuilder.build(docs);
    const embedder = builtinEmbedder(DEFAULT_BUILTIN, docs);
    const vectors = embedder.embedDocuments ? embedder.embedDocuments(docs) : docs.map((d) => lexicalVector(d.embedText));
    const rows = new Float32Array(docs.length * embedder.dim);
    vectors.forEach((v, i) => rows.set(v, i * embedder.dim));
    const matrix = VectorMatrix.fromRows(rows, docs.length, embedder.dim);
    const embed = embedder.embedText ? (texts: string[]) => texts.map(embedder.embedText!) : undefined;
    return new SearchIndex({ uids: docs.map((d) => d.uid), files: docs.map((d) => d.file), keyword, vectors: matrix, embed }, embedder.spec);
  }

  /** Row of a symbol, if indexed. */
  row(uid: string): number | undefined {
    if (!this.rowOf) { const m = new Map<string, number>(); this.uids.forEach((u, i) => m.set(u, i)); this.rowOf = m; }
    return this.rowOf.get(uid);
  }

  /** Each row's file number. */
  private filesOfRows(): { fileOf: Int32Array; count: number } {
    if (this.fileRows) return this.fileRows;
    const { files } = this.load();
    const ids = new Map<string, number>();
    const fileOf = new Int32Array(files.length);
    files.forEach((f, i) => { let id = ids.get(f); if (id === undefined) ids.set(f, (id = ids.size)); fileOf[i] = f ? id : -1; });
    return (this.fileRows = { fileOf, count: ids.size });
  }

  /**
   * The keyword ranking: BM25F, plus `fileWeight` × the best score in the symbol's file (a change description
   * names the area as often as the function) and, given the graph, `callWeight` × the best score of the
   * CALL_LEADERS best rows it calls or is called by (such a row joins the ranking when it holds none of the
   * words); and whether the best row reaches the coverage floor.
   */
  keywordHits(text: string, depth: number, graph?: CodeGraph): KeywordHits {
    const q = queryTerms(text);
    if (q.length === 0) return { hits: [], covered: false, terms: q, own: [], file: [], top: 0 };
    const ks = this.keyword.scores(q, rankSettings.keyword);
    let covered = false;
    for (const r of ks.touched) if (ks.cover[r] >= MIN_COVERAGE * ks.total) { covered = true; break; }
    let topOwn = 0;
    for (const r of ks.touched) if (ks.score[r] > topOwn) topOwn = ks.score[r];
    const { fileOf, count } = this.filesOfRows();
    const best = new Float64Array(count);
    for (const r of ks.touched) { const f = fileOf[r]; if (f >= 0 && ks.score[r] > best[f]) best[f] = ks.score[r]; }
    const fw = rankSettings.fileWeight;
    const calls = graph && rankSettings.callWeight > 0 && ks.touched.length > 0 ? this.callGains(ks.score, ks.touched, graph) : undefined;
    let hits: Array<{ row: number; score: number }>;
    if ((fw > 0 || calls) && ks.touched.length > 0) {
      const combined = new Float64Array(this.size);
      for (const r of ks.touched) { const f = fileOf[r]; combined[r] = ks.score[r] + (f >= 0 ? fw * best[f] : 0); }
      const joined: number[] = [];
      if (calls) {
        for (const [r, gain] of calls) {
          // A row that holds none of the words still gains its file's share.
          if (ks.score[r] === 0) { const f = fileOf[r]; combined[r] = f >= 0 ? fw * best[f] : 0; joined.push(r); }
          combined[r] += gain;
        }
      }
      hits = topK(combined, depth, 0, joined.length ? ks.touched.concat(joined) : ks.touched);
    } else hits = topK(ks.score, depth, 0, ks.touched);
    const own = hits.map((h) => ks.score[h.row]);
    const file = hits.map((h) => (fileOf[h.row] >= 0 ? best[fileOf[h.row]] : ks.score[h.row]));
    return { hits, covered, terms: q, own, file, top: topOwn };
  }

  /**
   * The call lane's gains: for each row that one of the CALL_LEADERS best-scoring rows calls or is called by
   * (CALLS edges either way, itself left out), `callWeight` × the best such leader's score; in the order first met
   * (leaders best first, each one's edges in graph order), so equal inputs give equal outputs.
   */
  private callGains(score: Float64Array, touched: readonly number[], graph: CodeGraph): Map<number, number> {
    const { uids } = this.load();
    const gains = new Map<number, number>();
    const cw = rankSettings.callWeight;
    for (const lead of topK(score, CALL_LEADERS, 0, touched)) {
      const uid = uids[lead.row];
      if (!graph.hasNode(uid)) continue;
      const gain = cw * lead.score;
      const add = (other: string): void => {
        const r = this.row(other);
        if (r === undefined || r === lead.row) return;
        if (gain > (gains.get(r) ?? 0)) gains.set(r, gain);
      };
      graph.forEachOutEdge(uid, (_key, e, _source, target) => { if (e.type === 'CALLS') add(target); });
      graph.forEachInEdge(uid, (_key, e, source) => { if (e.type === 'CALLS') add(source); });
    }
    return gains;
  }

  /** Ranks symbols for a request: RRF of the keyword and vector rankings, re-ranked by goal and task context. */
  rank(req: RankRequest, qv: QueryVectors): RankResult {
    const mode = req.mode ?? 'hybrid';
    const depth = req.depth ?? CANDIDATE_DEPTH;
    const useKeyword = mode !== 'vector';
    const useVector = mode !== 'keyword' && this.vectors !== undefined && rankSettings.vectorWeight > 0;
    const { uids } = this.load();
    const prior = this.prior;
    const candidates: WeightedRanking[] = [];
    const rerank: WeightedRanking[] = [];
    const kw = this.keywordHits(req.query, depth, req.graph);
    let matched = kw.covered;
    if (useKeyword) candidates.push({ rows: kw.hits.map((h) => h.row), weight: 1 });
    let vecRows: number[] = [];
    if (useVector && qv.query) {
      const hits = this.vectorHits(qv.query, depth);
      if (hits.length > 0 && hits[0].score >= this.minSimilarity) matched = true;
      vecRows = hits.map((h) => h.row);
      candidates.push({ rows: vecRows, weight: mode === 'vector' ? 1 : rankSettings.vectorWeight });
    }
    for (const [text, vec, weight] of [[req.goal, qv.goal, GOAL_WEIGHT], [req.taskContext, qv.taskContext, TASK_CONTEXT_WEIGHT]] as const) {
      if (!text || !text.trim()) continue;
      if (useKeyword) rerank.push(scaled(this.keywordHits(text, this.size).hits, weight));
      if (useVector && vec) rerank.push(scaled(this.vectorHits(vec, this.size), weight));
    }
    const noTerms = kw.terms.length === 0 && !(qv.query && hasWeight(qv.query));
    const max = maxFusedScore([...candidates, ...rerank]) || 1;
    if (!matched) return { symbols: [], noTerms, noMatch: !noTerms, maxScore: max };
    // The query's own ranking first (fused, then re-ordered by the re-ranker), then the goal's and the task
    // context's votes on top: the re-ranker judges how well a symbol answers the query, they say what matters.
    const byUid = (a: { row: number; score: number }, b: { row: number; score: number }): number =>
      b.score - a.score || (uids[a.row] < uids[b.row] ? -1 : uids[a.row] > uids[b.row] ? 1 : 0);
    const order: Array<{ row: number; score: number }> = [];
    for (const [row, raw] of reciprocalRankFusion(candidates)) order.push({ row, score: raw * prior[row] });
    order.sort(byUid);
    const reorder = mode === 'hybrid' && kw.terms.length > 0 && !isSingleIdentifier(req.query);
    if (req.onCandidates && reorder) {
      req.onCandidates(order.slice(0, RERANK_DEPTH).map((o) => o.row), this.candidateFacts(order, max, kw, vecRows, qv.query));
    }
    const weights = rankSettings.rerank;
    if (weights && reorder) this.rerank(order, max, kw, vecRows, qv.query, weights);
    if (rerank.length > 0) {
      const scores = addRerankVotes(new Map(order.map((o) => [o.row, o.score])), rerank, undefined, (row) => prior[row]);
      for (const o of order) o.score = scores.get(o.row)!;
      order.sort(byUid);
    }
    const symbols = order.map(({ row, score }) => ({ uid: uids[row], score, relevance: Math.min(1, score / max) }));
    return { symbols, noTerms, noMatch: false, maxScore: max };
  }

  /** The re-ranker's facts about the first `RERANK_DEPTH` rows of a fused order (what fit-rerank.ts learns from). */
  candidateFacts(order: ReadonlyArray<{ row: number; score: number }>, max: number, kw: KeywordHits, vecRows: readonly number[], qvec: Float32Array | undefined): CandidateFacts[] {
    const rows = order.slice(0, RERANK_DEPTH).map((o) => o.row);
    const kwAt = new Map<number, number>();
    kw.hits.forEach((h, i) => kwAt.set(h.row, i));
    const vecAt = new Map<number, number>();
    vecRows.forEach((r, i) => vecAt.set(r, i));
    const fields = this.keyword.fieldMatches(kw.terms, rows);
    const W = FIELDS.length + 2;
    const { files, vectors } = this.load();
    const top = kw.top || 1;
    const own = rows.map((row) => { const k = kwAt.get(row); return k === undefined ? 0 : kw.own[k] / top; });
    const perFile = new Map<string, { sum: number; count: number }>();
    rows.forEach((row, i) => {
      const f = files[row];
      const cur = perFile.get(f);
      if (cur) { cur.sum += own[i]; cur.count++; } else perFile.set(f, { sum: own[i], count: 1 });
    });
    return rows.map((row, i) => {
      const k = kwAt.get(row);
      const inFile = perFile.get(files[row])!;
      return {
        fused: order[i].score / max,
        keyword: own[i],
        file: k === undefined ? 0 : kw.file[k] / top,
        fileSum: files[row] ? inFile.sum : own[i],
        fileShare: files[row] ? inFile.count : 1,
        cosine: qvec && vectors ? vectors.similarity(qvec, row) : 0,
        cover: fields[i * W + W - 1],
        fields: fields.subarray(i * W, i * W + W - 1),
        keywordRank: k ?? -1,
        vectorRank: vecAt.get(row) ?? -1,
        bodyLength: this.keyword.fieldLength(row, 'body'),
        test: isTestFile(files[row]),
      };
    });
  }

  /**
   * Re-orders the first RERANK_DEPTH rows of `order` by the re-ranker's score; they keep the fused scores
   * their places had, so relevance, the match floors and the grouping read the same scale.
   */
  private rerank(order: Array<{ row: number; score: number }>, max: number, kw: KeywordHits, vecRows: readonly number[], qvec: Float32Array | undefined, weights: Readonly<Record<string, number>>): void {
    const facts = this.candidateFacts(order, max, kw, vecRows, qvec);
    const x = new Float64Array(FEATURE_COUNT);
    const scored = facts.map((f, i) => ({ row: order[i].row, z: rerankScore(featuresOf(f, x), weights), at: i }));
    scored.sort((a, b) => b.z - a.z || a.at - b.at);
    scored.forEach((s, i) => { order[i] = { row: s.row, score: order[i].score }; });
  }

  /** Lowest cosine similarity that counts as a match for this index's embedder. */
  get minSimilarity(): number { return MIN_SIMILARITY[this.embedder.kind] ?? 0.3; }

  /** True when query vectors are made in-process (the built-in embedders) rather than through the host. */
  get embedsLocally(): boolean { return this.embedder.kind === 'lexical' || this.load().embed !== undefined; }

  /** Query vectors of the built-in embedders (others go through SnapshotHost.embed). */
  embedLocally(texts: string[]): Float32Array[] {
    const own = this.load().embed;
    return own ? own(texts) : texts.map(lexicalVector);
  }

  private vectorHits(q: Float32Array, depth: number): Array<{ row: number; score: number }> {
    const min = this.minSimilarity / 2;
    return this.vectors!.search(q, depth).filter((h) => h.score >= min);
  }
}

/** A re-ranking list: rows with their scores scaled so the best is 1. */
function scaled(hits: Array<{ row: number; score: number }>, weight: number): WeightedRanking {
  const top = hits[0]?.score || 1;
  return { rows: hits.map((h) => h.row), scores: hits.map((h) => h.score / top), weight };
}

function hasWeight(v: Float32Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return true;
  return false;
}
