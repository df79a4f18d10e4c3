/**
 * The re-ranker: the fused ranking's first candidates are ordered again by a linear model over what is known
 * of each (its lanes' scores and ranks, which fields hold the query's words, how much of its name the query
 * names, how its file matches, its size, whether it is test code). The weights are fit on the tuning half of
 * the localization set by `bench/search-history/fit-rerank.ts` (pairwise logistic regression: a changed
 * function should score above a candidate that is not), which writes `rerank-weights.ts`. The symbol's kind is
 * deliberately no feature: the set's answers are functions by construction, so it would learn that, not
 * what answers a question (a class is the right answer to many).
 */
import { FIELDS } from './keyword.ts';

/** Names of the features, in the order of a feature vector and of the weights. */
export const FEATURES = [
  'fused', 'keyword', 'file', 'fileSum', 'fileShare', 'cosine', 'cover',
  ...FIELDS.map((f) => `field.${f}`), 'nameShare',
  'keywordRank', 'vectorRank', 'bodyLength', 'bodyEmpty', 'isTest',
] as const;
export type Feature = (typeof FEATURES)[number];
export const FEATURE_COUNT = FEATURES.length;

/** How many of the fused ranking's first candidates are re-ordered (the rest follow in fused order). */
export const RERANK_DEPTH = 50;

/** What the engine knows of one candidate, the raw material of its features. */
export interface CandidateFacts {
  /** Fused score / the best possible fused score. */
  fused: number;
  /** Own BM25F score, and the best in its file, each / the best own score of the request (0 when absent). */
  keyword: number;
  file: number;
  /**
   * The file as a lane of its own: the summed own scores of the candidates in its file (/ the best own score),
   * and how many of the candidates share its file (/ 10, at most 1). A change often touches several functions
   * of one file.
   */
  fileSum: number;
  fileShare: number;
  /** Cosine similarity of its vector to the query's (0 without vectors). */
  cosine: number;
  /** Share of the idf-weighted query terms it holds in any field. */
  cover: number;
  /** Per field (FIELDS order), the share of idf-weighted query terms the field holds; then the name share. */
  fields: ArrayLike<number>;
  /** 0-based ranks in the keyword and vector lanes (-1: absent). */
  keywordRank: number;
  vectorRank: number;
  /** Body identifier count. */
  bodyLength: number;
  test: boolean;
}

/** The feature vector of a candidate (FEATURES order). */
export function featuresOf(c: CandidateFacts, out: Float64Array = new Float64Array(FEATURE_COUNT)): Float64Array {
  let i = 0;
  out[i++] = c.fused;
  out[i++] = c.keyword;
  out[i++] = c.file;
  out[i++] = Math.min(3, c.fileSum);
  out[i++] = Math.min(1, c.fileShare / 10);
  out[i++] = c.cosine;
  out[i++] = c.cover;
  for (let f = 0; f <= FIELDS.length; f++) out[i++] = c.fields[f];
  out[i++] = c.keywordRank < 0 ? 0 : 1 / (1 + c.keywordRank);
  out[i++] = c.vectorRank < 0 ? 0 : 1 / (1 + c.vectorRank);
  out[i++] = Math.log1p(c.bodyLength) / Math.log1p(1500);
  out[i++] = c.bodyLength === 0 ? 1 : 0;
  out[i++] = c.test ? 1 : 0;
  return out;
}

/** The model's score of a feature vector: w · x. */
export function rerankScore(x: ArrayLike<number>, weights: Readonly<Record<string, number>>): number {
  let z = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) z += (weights[FEATURES[i]] ?? 0) * x[i];
  return z;
}
