/**
 * The keyword index: BM25F (wink-bm25-text-search) over the fields of each symbol, weighted. Documents are
 * numbered by their position in the symbol table, so results map back without a lookup.
 */
import winkBm25 from 'wink-bm25-text-search';
import type { SearchDoc, SearchFields } from './documents.ts';
import { terms } from './tokenize.ts';

/** Field weights: a name hit outweighs a doc hit, which outweighs a body hit. Tuned on bench/search-eval.ts. */
export const FIELD_WEIGHTS: Readonly<Record<keyof SearchFields, number>> = {
  name: 6, qualified: 2, path: 1, signature: 1, doc: 2, body: 0.5,
};
const BM25_PARAMS = { k1: 1.2, b: 0.6, k: 1 };

/** wink needs at least 3 documents to consolidate; tiny repositories are padded with empty ones. */
const MIN_DOCS = 3;

interface WinkEngine {
  defineConfig(cfg: unknown): boolean;
  definePrepTasks(tasks: Array<(x: unknown) => unknown>, field?: string): number;
  addDoc(doc: Record<string, string>, id: number): number;
  consolidate(fp?: number): boolean;
  search(text: string, limit?: number): Array<[string, number]>;
  exportJSON(): string;
  importJSON(json: string): boolean;
  getTokens(): Record<string, number>;
  getDocs(): Record<string, unknown>;
  getTotalDocs(): number;
}

// A static import (not createRequire) so the self-contained handlers bundle carries wink along.
function newEngine(): WinkEngine {
  return (winkBm25 as () => WinkEngine)();
}

// Names are indexed without stop-word removal so `of`, `from` and `using` (real APIs) stay findable.
const nameTerms = (s: string): string[] => terms(s, { stopWords: false });
const proseTerms = (s: string): string[] => terms(s);
const bodyTerms = (s: string): string[] => terms(s, { codeNoise: true });

/** Terms each field is indexed by (what the BM25 prep tasks compute); `fieldTerms` gives them ahead of time. */
const FIELD_TERMS: Readonly<Record<keyof SearchFields, (s: string) => string[]>> = {
  name: nameTerms, qualified: nameTerms, path: nameTerms, signature: proseTerms, doc: proseTerms, body: bodyTerms,
};

/** The terms of every field of a document, as the keyword index would compute them from its text. */
export function fieldTerms(fields: SearchFields): Record<keyof SearchFields, string[]> {
  return {
    name: FIELD_TERMS.name(fields.name), qualified: FIELD_TERMS.qualified(fields.qualified), path: FIELD_TERMS.path(fields.path),
    signature: FIELD_TERMS.signature(fields.signature), doc: FIELD_TERMS.doc(fields.doc), body: FIELD_TERMS.body(fields.body),
  };
}

// A field given as an array is already tokenised (fieldTerms, possibly from the previous generation's cache).
const task = (f: (s: string) => string[]) => (s: unknown): string[] => (Array.isArray(s) ? (s as string[]) : f(String(s)));
const nameTask = task(nameTerms);
const proseTask = task(proseTerms);
const bodyTask = task(bodyTerms);
// Queries arrive as pre-tokenised, space-joined terms (see queryTerms) so they are not re-stemmed. wink
// applies the default tasks to queries and only allows per-field tasks for weighted fields, so the default
// is the query splitter and every field names its own.
const searchTask = (s: unknown): string[] => String(s).split(' ').filter(Boolean);

function definePrep(engine: WinkEngine): void {
  engine.definePrepTasks([searchTask]);
  engine.definePrepTasks([proseTask], 'signature');
  engine.definePrepTasks([proseTask], 'doc');
  engine.definePrepTasks([nameTask], 'name');
  engine.definePrepTasks([nameTask], 'qualified');
  engine.definePrepTasks([nameTask], 'path');
  engine.definePrepTasks([bodyTask], 'body');
}

/** The keyword index over N symbols; `search` returns row numbers. */
export class KeywordIndex {
  private constructor(private readonly engine: WinkEngine | undefined, readonly size: number) {}

  /**
   * Builds the index over `docs` (row i = docs[i]): their field texts, or their terms already computed with
   * `fieldTerms` (same index either way).
   */
  static build(docs: ReadonlyArray<SearchDoc | { terms: Record<keyof SearchFields, string[]> }>): KeywordIndex {
    if (docs.length === 0) return new KeywordIndex(undefined, 0);
    const engine = newEngine();
    engine.defineConfig({ fldWeights: FIELD_WEIGHTS, bm25Params: BM25_PARAMS });
    definePrep(engine);
    docs.forEach((d, i) => engine.addDoc(('terms' in d ? { ...d.terms } : { ...d.fields }) as unknown as Record<string, string>, i));
    const empty: Record<string, string> = { name: '', qualified: '', path: '', signature: '', doc: '', body: '' };
    for (let i = docs.length; i < MIN_DOCS; i++) engine.addDoc(empty, i);
    engine.consolidate(4);
    return new KeywordIndex(engine, docs.length);
  }

  /** Restores an exported index. */
  static fromJSON(json: string, size: number): KeywordIndex {
    if (size === 0 || !json) return new KeywordIndex(undefined, 0);
    const engine = newEngine();
    engine.importJSON(json);
    // importJSON leaves JSON.parse objects with Object.prototype: a query term like `constructor` or
    // `toString` would then hit an inherited member and crash the search. Strip the prototypes.
    Object.setPrototypeOf(engine.getTokens(), null);
    Object.setPrototypeOf(engine.getDocs(), null);
    definePrep(engine);
    return new KeywordIndex(engine, size);
  }

  /** Serialised form (wink's exportJSON), or '' for an empty index. */
  toJSON(): string {
    return this.engine ? this.engine.exportJSON() : '';
  }

  /** Rows ranked by BM25 for query terms (see queryTerms), best first, at most `limit`. */
  search(queryTerms: readonly string[], limit: number): Array<{ row: number; score: number }> {
    if (!this.engine || queryTerms.length === 0) return [];
    const hits = this.engine.search(queryTerms.join(' '), limit + MIN_DOCS);
    const out: Array<{ row: number; score: number }> = [];
    for (const [id, score] of hits) {
      const row = Number(id);
      if (row < this.size && score > 0) out.push({ row, score });
      if (out.length >= limit) break;
    }
    // wink sorts by score only; equal scores are ordered by row so results are deterministic.
    out.sort((a, b) => b.score - a.score || a.row - b.row);
    return out;
  }
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
