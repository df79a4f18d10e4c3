/**
 * The loaded search index of one snapshot: the symbol table, the keyword index and the vector matrix, and
 * the hybrid ranking over them (BM25 and cosine, fused by RRF; task context and goal re-rank).
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import { KeywordIndex, queryTerms } from './bm25.ts';
import { buildDocuments } from './documents.ts';
import { lexicalVector, LEXICAL_ID, LEXICAL_DIM, type EmbedderSpec } from './embedders/index.ts';
import { maxFusedScore, reciprocalRankFusion, type WeightedRanking } from './fusion.ts';
import { toColumns, VectorMatrix } from './vectors.ts';

/** How deep each ranking is read before fusion. */
export const CANDIDATE_DEPTH = 100;
/** Weight of the goal's rankings and of the task context's, relative to the query's (1). */
export const GOAL_WEIGHT = 0.7;
export const TASK_CONTEXT_WEIGHT = 0.4;
/** Weight of the vector ranking against the keyword ranking (1), tuned on bench/search-eval.ts; benches vary it. */
export const rankSettings = { vectorWeight: 0.7 };
/**
 * Lowest cosine similarity that counts as a vector match. Hashed lexical features of unrelated words still
 * collide now and then; below this a match is noise (a Cyrillic query would otherwise "match" at 0.05).
 */
export const MIN_SIMILARITY: Readonly<Record<EmbedderSpec['kind'], number>> = { lexical: 0.12, transformers: 0 };

/**
 * Fused scores are scaled by the symbol's kind: fields of interfaces and classes rarely answer a question
 * (they still win on an exact name, where BM25 and the vector agree).
 */
export const LABEL_PRIOR: Readonly<Record<string, number>> = { Property: 0.8 };

export type RankMode = 'hybrid' | 'keyword' | 'vector';

/** Query vectors for the texts of a request (absent when the embedder is unavailable). */
export interface QueryVectors { query?: Float32Array; goal?: Float32Array; taskContext?: Float32Array }

export interface RankRequest {
  query: string;
  goal?: string;
  taskContext?: string;
  mode?: RankMode;
  depth?: number;
}

/** One ranked symbol. */
export interface RankedSymbol {
  uid: string;
  /** Fused RRF score. */
  score: number;
  /** `score` divided by the best score possible for this request: 0..1, monotonic in `score`. */
  relevance: number;
}

export interface RankResult {
  symbols: RankedSymbol[];
  /** True when the query had no searchable words (only stop words, punctuation). */
  noTerms: boolean;
  /** The best fused score possible for this request (relevance = score / maxScore). */
  maxScore: number;
}

/** What a keyword index offers a ranking (our own, or format 1's wink index). */
export interface KeywordSearch {
  search(queryTerms: readonly string[], limit: number): Array<{ row: number; score: number }>;
}

/** The stored structures of a search index: rows (symbol uids), keyword index, vectors. */
export interface SearchParts {
  uids: readonly string[];
  keyword: KeywordSearch;
  vectors: VectorMatrix | undefined;
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
  /** Per-row prior (see LABEL_PRIOR), from the uid's label prefix. */
  private priors?: Float32Array;
  private count: number;

  constructor(uids: readonly string[], keyword: KeywordSearch, vectors: VectorMatrix | undefined, readonly embedder: EmbedderSpec) {
    this.parts = { uids, keyword, vectors };
    this.count = uids.length;
  }

  /** Number of rows (known before loading). */
  get size(): number { return this.count; }

  /** An index of `size` rows whose parts `load` reads when first needed (it throws when they cannot be read). */
  static lazy(size: number, embedder: EmbedderSpec, load: () => SearchParts): SearchIndex {
    const idx = new SearchIndex([], { search: () => [] }, undefined, embedder);
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
  get keyword(): KeywordSearch { return this.load().keyword; }
  get vectors(): VectorMatrix | undefined { return this.load().vectors; }

  private get prior(): Float32Array {
    return (this.priors ??= Float32Array.from(this.uids, (u) => LABEL_PRIOR[u.slice(0, u.indexOf(':'))] ?? 1));
  }

  /** Builds an index in memory from a graph with the built-in embedder (no snapshot files needed). */
  static inMemory(graph: CodeGraph, readSource: (p: string) => string | undefined): SearchIndex {
    const docs = buildDocuments(graph, readSource);
    const rows = new Float32Array(docs.length * LEXICAL_DIM);
    docs.forEach((d, i) => rows.set(lexicalVector(d.embedText), i * LEXICAL_DIM));
    const matrix = new VectorMatrix(toColumns(rows, docs.length, LEXICAL_DIM), docs.length, LEXICAL_DIM);
    return new SearchIndex(docs.map((d) => d.uid), KeywordIndex.build(docs), matrix, { id: LEXICAL_ID, kind: 'lexical', dim: LEXICAL_DIM });
  }

  /** Row of a symbol, if indexed. */
  row(uid: string): number | undefined {
    if (!this.rowOf) { const m = new Map<string, number>(); this.uids.forEach((u, i) => m.set(u, i)); this.rowOf = m; }
    return this.rowOf.get(uid);
  }

  /** True when query vectors are made in-process (the built-in embedder) rather than through the host. */
  get embedsLocally(): boolean { return this.embedder.kind === 'lexical'; }

  /** Query vectors for the built-in embedder (other embedders go through SnapshotHost.embed). */
  embedLocally(texts: string[]): Float32Array[] { return texts.map(lexicalVector); }

  /** Ranks symbols for a request: RRF of BM25 and cosine over the query, re-ranked by goal and task context. */
  rank(req: RankRequest, qv: QueryVectors): RankResult {
    const mode = req.mode ?? 'hybrid';
    const depth = req.depth ?? CANDIDATE_DEPTH;
    const useKeyword = mode !== 'vector';
    const useVector = mode !== 'keyword' && this.vectors !== undefined;
    const { uids } = this.load();
    const prior = this.prior;
    const qTerms = queryTerms(req.query);
    const candidates: WeightedRanking[] = [];
    const rerank: WeightedRanking[] = [];
    if (useKeyword) candidates.push({ rows: this.keyword.search(qTerms, depth).map((h) => h.row), weight: 1 });
    if (useVector && qv.query) candidates.push({ rows: this.vectorRows(qv.query, depth), weight: mode === 'vector' ? 1 : rankSettings.vectorWeight });
    for (const [text, vec, weight] of [[req.goal, qv.goal, GOAL_WEIGHT], [req.taskContext, qv.taskContext, TASK_CONTEXT_WEIGHT]] as const) {
      if (!text || !text.trim()) continue;
      if (useKeyword) rerank.push(scaled(this.keyword.search(queryTerms(text), this.size), weight));
      if (useVector && vec) rerank.push(scaled(this.vectorHits(vec, this.size), weight));
    }
    const fused = reciprocalRankFusion(candidates, rerank);
    const max = maxFusedScore([...candidates, ...rerank]) || 1;
    const symbols: RankedSymbol[] = [];
    for (const [row, raw] of fused) {
      const score = raw * prior[row];
      symbols.push({ uid: uids[row], score, relevance: Math.min(1, score / max) });
    }
    symbols.sort((a, b) => b.score - a.score || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    return { symbols, noTerms: qTerms.length === 0 && !(qv.query && hasWeight(qv.query)), maxScore: max };
  }

  private vectorRows(q: Float32Array, depth: number): number[] {
    return this.vectorHits(q, depth).map((h) => h.row);
  }

  private vectorHits(q: Float32Array, depth: number): Array<{ row: number; score: number }> {
    const min = MIN_SIMILARITY[this.embedder.kind];
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
