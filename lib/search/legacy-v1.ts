/**
 * Reading search format 1 (before our own posting lists): `bm25.json` is a wink-bm25-text-search export and
 * `meta.json` carries the uids and text hashes. An index written by an older codegraph keeps answering as it
 * did until the next analyze rewrites it (analyze keeps an unchanged repository's snapshot as it is, search
 * files included). Nothing here is written any more.
 */
import winkBm25 from 'wink-bm25-text-search';

interface WinkEngine {
  definePrepTasks(tasks: Array<(x: unknown) => unknown>, field?: string): number;
  search(text: string, limit?: number): Array<[string, number]>;
  importJSON(json: string): boolean;
  getTokens(): Record<string, number>;
  getDocs(): Record<string, unknown>;
}

/** wink consolidated at least 3 documents: format 1 padded smaller repositories with empty ones. */
const MIN_DOCS = 3;

/** Format 1's keyword index (search only). */
export class LegacyKeywordIndex {
  private constructor(private readonly engine: WinkEngine | undefined, readonly size: number) {}

  /** Restores wink's export; '' (or no documents) is the empty index. */
  static fromJSON(json: string, size: number): LegacyKeywordIndex {
    if (size === 0 || !json) return new LegacyKeywordIndex(undefined, 0);
    const engine = (winkBm25 as () => WinkEngine)();
    engine.importJSON(json);
    // importJSON leaves JSON.parse objects with Object.prototype: a query term like `constructor` or
    // `toString` would then hit an inherited member and crash the search. Strip the prototypes.
    Object.setPrototypeOf(engine.getTokens(), null);
    Object.setPrototypeOf(engine.getDocs(), null);
    // The stored documents are already tokenised; queries arrive as space-joined terms (queryTerms).
    engine.definePrepTasks([(s: unknown): string[] => String(s).split(' ').filter(Boolean)]);
    return new LegacyKeywordIndex(engine, size);
  }

  /** Rows ranked by BM25, best first, at most `limit` (equal scores by row). */
  search(queryTerms: readonly string[], limit: number): Array<{ row: number; score: number }> {
    if (!this.engine || queryTerms.length === 0) return [];
    const hits = this.engine.search(queryTerms.join(' '), limit + MIN_DOCS);
    const out: Array<{ row: number; score: number }> = [];
    for (const [id, score] of hits) {
      const row = Number(id);
      if (row < this.size && score > 0) out.push({ row, score });
      if (out.length >= limit) break;
    }
    out.sort((a, b) => b.score - a.score || a.row - b.row);
    return out;
  }
}
