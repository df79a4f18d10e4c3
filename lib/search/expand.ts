/**
 * Query expansion with English related words (lib/search/lexicon.ts): a query word the repository holds in
 * few symbols or none also searches for its synonyms, derived forms and broader words that the repository
 * does hold, at a fraction of its weight. Expanded terms add to a symbol's keyword score only: they never
 * count towards what a symbol must cover or the re-ranker's term shares, so a guess cannot make a match.
 */
import type { QueryTerm } from './keyword.ts';
import type { Related } from './lexicon.ts';

/** How expansion weighs and when it applies (benches tune them on the tuning half; nothing else should). */
export interface ExpandSettings {
  /** An expanded term's weight: this × the relation's weight × the query word's (0: no expansion). */
  weight: number;
  /** A query word held by more than this share of the symbols is not expanded (the code uses it). */
  maxShare: number;
  /** Most related terms per query word (the heaviest first). */
  perWord: number;
}

/** Query terms plus the related terms of its rare words (see the file comment). */
export function expandTerms(q: readonly QueryTerm[], related: (term: string) => Related | undefined, docFreq: (term: string) => number, size: number, st: ExpandSettings): QueryTerm[] {
  if (st.weight <= 0 || size === 0) return q as QueryTerm[];
  const have = new Set(q.map((t) => t.term));
  const added = new Map<string, number>();
  for (const t of q) {
    if (t.joined || t.expanded || docFreq(t.term) > st.maxShare * size) continue;
    const rel = related(t.term);
    if (!rel) continue;
    let n = 0;
    for (const r of rel) {
      if (n >= st.perWord) break;
      if (have.has(r.term) || docFreq(r.term) === 0) continue;
      n++;
      const w = st.weight * r.weight * t.weight;
      if ((added.get(r.term) ?? 0) < w) added.set(r.term, w);
    }
  }
  if (added.size === 0) return q as QueryTerm[];
  return [...q, ...[...added].map(([term, weight]) => ({ term, weight, expanded: true }))];
}
