/** Reciprocal Rank Fusion: each ranking votes 1/(k + rank) for its items, scaled by the ranking's weight. */

/** A ranking of rows, best first, with how much its votes count. */
export interface WeightedRanking {
  rows: readonly number[];
  weight: number;
  /**
   * Scores of `rows` scaled to 0..1 (best = 1), for re-ranking lists: they vote weight × score / (k + 1),
   * so a row that matches the goal far better than the next one gains far more than one rank's worth.
   */
  scores?: readonly number[];
}

/**
 * RRF's k. Small enough that the top of a list matters (the usual 60 flattens a 100-deep list), tuned on
 * bench/search-eval.ts.
 */
export const RRF_K = 10;
/** The k in use (benches vary it; nothing else should). */
export const fusionSettings = { k: RRF_K };

/**
 * Fuses rankings into one score per row (rankings without scores vote by rank, the RRF way). Only rows in a `candidate` ranking can score: rankings marked
 * rerank-only (task context, goal) reorder the query's matches but never add unrelated symbols.
 */
export function reciprocalRankFusion(candidates: readonly WeightedRanking[], rerank: readonly WeightedRanking[] = [], k = fusionSettings.k): Map<number, number> {
  const fused = new Map<number, number>();
  for (const r of candidates) {
    r.rows.forEach((row, i) => fused.set(row, (fused.get(row) ?? 0) + r.weight / (k + i + 1)));
  }
  return addRerankVotes(fused, rerank, k);
}

/** Adds the votes of rerank-only rankings (task context, goal) to rows already scored; `scale` multiplies a row's votes. */
export function addRerankVotes(fused: Map<number, number>, rerank: readonly WeightedRanking[], k = fusionSettings.k, scale?: (row: number) => number): Map<number, number> {
  for (const r of rerank) {
    r.rows.forEach((row, i) => {
      const cur = fused.get(row);
      if (cur === undefined) return;
      const vote = r.scores ? (r.weight * r.scores[i]) / (k + 1) : r.weight / (k + i + 1);
      fused.set(row, cur + vote * (scale ? scale(row) : 1));
    });
  }
  return fused;
}

/** The largest score a row can reach: first in every ranking. Dividing by it maps scores into 0..1. */
export function maxFusedScore(rankings: readonly WeightedRanking[], k = fusionSettings.k): number {
  let s = 0;
  for (const r of rankings) s += r.weight / (k + 1);
  return s;
}
