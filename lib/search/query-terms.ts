/**
 * Query understanding: from a sentence (a change description, a question, a name) to weighted search terms.
 * - Words of change descriptions that say what to do rather than where (`fix`, `add`, `support`, `when`) are
 *   dropped with the English stop words, unless the query is one identifier (`of`, `from`, `fix` as names).
 * - Identifiers written in the query (`parseDate`, `res.send`, `max_retries`) are kept whole as well as split,
 *   and count double: the person named the code.
 * - Adjacent words are joined (`take until` → `takeuntil`, articles skipped): a joined term only matches a
 *   compound identifier, which is rare and so weighs a lot.
 */
import type { QueryTerm } from './keyword.ts';
import { runParts, stem, STOP_WORDS, terms } from './tokenize.ts';

/** Most terms a query contributes (a 10,000-character query is cut here). */
export const MAX_QUERY_TERMS = 64;

/**
 * Words of change descriptions and requests that name an action or a quality, not the code: they occur in
 * most commit subjects of the localization set and in no more of the changed code than elsewhere.
 */
export const CHANGE_WORDS: ReadonlySet<string> = new Set([
  'fix', 'fixes', 'fixed', 'fixing', 'add', 'adds', 'added', 'adding', 'support', 'supports', 'supported',
  'allow', 'allows', 'allowed', 'ensure', 'ensures', 'make', 'makes', 'made', 'properly', 'correctly', 'correct',
  'incorrect', 'issue', 'issues', 'bug', 'bugs', 'now', 'instead', 'able', 'unable', 'should', 'shouldn',
  'don', 'doesn', 'isn', 'aren', 'won', 'can', 'cannot', 'improve', 'improved', 'better', 'avoid', 'prevent',
  'properly', 'work', 'works', 'working', 'wrong', 'broken', 'case', 'cases', 'possible', 'unnecessary',
  'where', 'find', 'look', 'code', 'function', 'method', 'implement', 'implemented', 'implementation',
]);

/**
 * CHANGE_WORDS as query terms are written (stemmed: `make` is `mak`, `issues` is `issu`), which is what the
 * filter below compares; the joined words compare the words as written.
 */
const CHANGE_TERMS: ReadonlySet<string> = new Set([...CHANGE_WORDS].flatMap((w) => [w, ...terms(w, { stopWords: false })]));

const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
/** A written identifier: camelCase, snake_case, a dotted path, `$`, or letters and digits mixed. */
const WRITTEN_IDENTIFIER = /^(?:[\p{L}_$][\p{L}\p{N}_$]*)(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*$/u;
const IDENTIFIER_SHAPE = /[a-z][A-Z]|[A-Z]{2}[a-z]|_|\$|\.|[a-zA-Z]\d|\d[a-zA-Z]/;

/** True when a word of the query is written as code. */
export function isWrittenIdentifier(word: string): boolean {
  return WRITTEN_IDENTIFIER.test(word) && IDENTIFIER_SHAPE.test(word);
}

/** True when the whole query is one identifier (`SessionStore`, `of`): a look-up by name, not a description. */
export function isSingleIdentifier(text: string): boolean {
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(text.trim());
}

/** Weighted terms of a query (see the file comment). Empty when it has no searchable word. */
export function queryTerms(text: string): QueryTerm[] {
  const trimmed = text.trim();
  const single = isSingleIdentifier(trimmed);
  const weights = new Map<string, number>();
  const joined = new Set<string>();
  const push = (t: string, w: number, join = false): void => {
    if (!t) return;
    const cur = weights.get(t);
    if (cur === undefined && weights.size >= MAX_QUERY_TERMS) return;
    if (cur === undefined && join) joined.add(t);
    weights.set(t, Math.max(cur ?? 0, w));
  };
  if (single) {
    for (const t of terms(trimmed, { stopWords: false })) push(t, 1);
    return [...weights].map(([term, weight]) => ({ term, weight }));
  }
  // Identifiers written as code, with `` `quotes` `` and trailing punctuation around them taken off.
  for (const raw of trimmed.split(/\s+/)) {
    const word = raw.replace(/^[`'"(<[{]+|[`'")>\]},;:!?]+$|\(\)$/g, '').replace(/\(\)$/, '');
    if (!isWrittenIdentifier(word)) continue;
    for (const part of word.split('.')) {
      const { parts, whole } = runParts(part);
      if (parts.length > 1 && whole.length > 1) push(whole, 2);
      for (const p of parts) if (!STOP_WORDS.has(p)) push(stem(p), 1.5);
    }
  }
  for (const t of terms(trimmed, { stopWords: true })) if (!CHANGE_TERMS.has(t)) push(t, 1);
  // Joined words only add to real terms: a query of stop words alone stays empty.
  if (weights.size > 0) {
    const words = (trimmed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !ARTICLES.has(w)).slice(0, MAX_QUERY_TERMS);
    for (let i = 0; i + 1 < words.length; i++) {
      if (CHANGE_WORDS.has(words[i]) || CHANGE_WORDS.has(words[i + 1])) continue;
      push(words[i] + words[i + 1], 1, true);
      if (i + 2 < words.length && !CHANGE_WORDS.has(words[i + 2])) push(words[i] + words[i + 1] + words[i + 2], 1, true);
    }
  }
  return [...weights].map(([term, weight]) => (joined.has(term) ? { term, weight, joined: true } : { term, weight }));
}
