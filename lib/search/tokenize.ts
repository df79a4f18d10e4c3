/**
 * Turning code and prose into search terms. The same functions serve documents and queries, so a term
 * written in a doc comment, an identifier or a question always lands on the same token.
 */

/** Words that carry no meaning for retrieval (English function words and question scaffolding). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // Only function words: `all`, `until`, `while`, `first`, `once`, `find`, `using` name operators and APIs.
  'a', 'am', 'an', 'and', 'are', 'as', 'at', 'be', 'because', 'been', 'being', 'but', 'by', 'can', 'could',
  'did', 'do', 'does', 'doing', 'for', 'from', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers',
  'him', 'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'me', 'my', 'of', 'on', 'or',
  'our', 'ours', 'she', 'should', 'so', 'such', 'than', 'that', 'the', 'their', 'them', 'then', 'there',
  'these', 'they', 'this', 'those', 'to', 'too', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which',
  'who', 'whom', 'why', 'will', 'with', 'would', 'you', 'your', 'yours', 'etc', 'eg', 'ie', 'via', 'please',
  'something', 'thing', 'things', 'some', 'just', 'also',
]);

/** Keywords and ubiquitous names of JS/TS that say nothing about what a body does. */
export const CODE_NOISE: ReadonlySet<string> = new Set([
  'abstract', 'any', 'as', 'async', 'await', 'boolean', 'break', 'case', 'catch', 'class', 'const', 'continue',
  'debugger', 'declare', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally',
  'for', 'from', 'function', 'get', 'if', 'implements', 'import', 'in', 'instanceof', 'interface', 'is',
  'keyof', 'let', 'module', 'namespace', 'never', 'new', 'null', 'number', 'object', 'of', 'private',
  'protected', 'public', 'readonly', 'require', 'return', 'set', 'static', 'string', 'super', 'switch',
  'symbol', 'this', 'throw', 'true', 'try', 'type', 'typeof', 'undefined', 'unknown', 'var', 'void', 'while',
  'with', 'yield', 'arguments', 'prototype', 'length', 'exports', 'i', 'j', 'k', 'x', 'y', 't', 'r', 'e',
]);

const IDENT_PARTS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^\x00-\x7f]+/g;
/** Word runs: what `terms` splits a text into before splitting each run like an identifier. */
export const WORD_RUNS = /[\p{L}\p{N}_$]+/gu;

/** Splits an identifier into lower-case words: `parseHTTPResponse2x` → parse, http, response, 2, x. */
export function splitIdentifier(name: string): string[] {
  // Most runs of prose and many names are one plain word: one test instead of a split and a match.
  if (SIMPLE_WORD.test(name)) return [name.toLowerCase()];
  const out: string[] = [];
  for (const chunk of name.split(/[_$\s\-./:]+/)) {
    if (!chunk) continue;
    const parts = chunk.match(IDENT_PARTS);
    if (parts) for (const p of parts) out.push(p.toLowerCase());
  }
  return out;
}
/** A word splitIdentifier leaves whole (IDENT_PARTS matches it at once): `map`, `Observable`. */
const SIMPLE_WORD = /^[A-Z]?[a-z]+$/;
/** A word of lower-case ASCII letters: its own only part, and what `stem` works on. */
const LOWER_WORD = /^[a-z]+$/;

/** A word run as the keyword index reads it, split once per process. */
export interface RunParts {
  /** splitIdentifier of the run. */
  readonly parts: readonly string[];
  /** stem of each part. */
  readonly stems: readonly string[];
  /** Per part: 1 when a stop word, 2 when code noise (a keyword or one letter), both or none. */
  readonly kinds: readonly number[];
  /** The run lower-cased without `_` and `$`: a compound's extra term, and what keywords are checked on. */
  readonly whole: string;
}

const PARTS_CACHE = new Map<string, RunParts>();

/**
 * The parts of a word run, memoised per process (documents and bodies repeat their words). A first-seen run
 * costs a few builtin calls: a cold analyze meets thousands of them, running in V8's interpreter, where each
 * call to a builtin (a regular expression test, a Set lookup) costs about as much as the rest of the loop.
 */
export function runParts(run: string): RunParts {
  let got = PARTS_CACHE.get(run);
  if (got !== undefined) return got;
  if (PARTS_CACHE.size > MAX_CACHED_RUNS) PARTS_CACHE.clear();
  if (LOWER_WORD.test(run)) {
    // The common case (prose, most names' words): the run is its only part and its whole form.
    got = { parts: [run], stems: [run.length <= 3 ? run : stemLower(run)], kinds: [kindOf(run)], whole: run };
  } else {
    const parts = splitIdentifier(run);
    const stems: string[] = [];
    const kinds: number[] = [];
    for (const p of parts) { stems.push(stem(p)); kinds.push(kindOf(p)); }
    const whole = parts.length === 1 && parts[0].length === run.length ? parts[0] : run.replace(/[_$]+/g, '').toLowerCase();
    got = { parts, stems, kinds, whole };
  }
  PARTS_CACHE.set(run, got);
  return got;
}

const STOP = 1;
const NOISE = 2;

function kindOf(part: string): number {
  return (STOP_WORDS.has(part) ? STOP : 0) | (part.length < 2 || CODE_NOISE.has(part) ? NOISE : 0);
}

/**
 * A light English stemmer: plural and verb endings only. It deliberately keeps `observer` and `observable`
 * apart (Porter would merge them); fuzzier matching is the lexical embedder's job (character n-grams).
 */
export function stem(word: string): string {
  if (word.length <= 3 || !LOWER_WORD.test(word)) return word;
  return stemLower(word);
}

const S = 115, I = 105, E = 101, U = 117, G = 103, D = 100;

/**
 * `stem` of a word of four or more lower-case letters. The rules, in order: -ies (longer than four letters) →
 * -y, -sses → -ss, -xes/-ches/-shes → drop -es, else a final s not after s, u or i is dropped; then -ing (six
 * letters or more) or -ed (five or more) is dropped and a doubled final consonant undone (not l, s, z); then
 * a final e not after e (four letters or more) is dropped. Dispatched on the last letter: most words end in
 * none of s, g, d, e and cost two character reads.
 */
function stemLower(word: string): string {
  let w = word;
  let n = w.length;
  let last = w.charCodeAt(n - 1);
  if (last === S) {
    const before = w.charCodeAt(n - 2);
    if (before === E && w.charCodeAt(n - 3) === I && n > 4) w = w.slice(0, -3) + 'y';
    else if (w.endsWith('sses') || w.endsWith('xes') || w.endsWith('ches') || w.endsWith('shes')) w = w.slice(0, -2);
    else if (before !== S && before !== U && before !== I) w = w.slice(0, -1);
    n = w.length;
    last = w.charCodeAt(n - 1);
  }
  if (last === G && n >= 6 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (last === D && n >= 5 && w.charCodeAt(n - 2) === E) w = undouble(w.slice(0, -2));
  n = w.length;
  if (n >= 4 && w.charCodeAt(n - 1) === E && w.charCodeAt(n - 2) !== E) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  const n = w.length;
  if (n >= 3 && w[n - 1] === w[n - 2] && !'lsz'.includes(w[n - 1]) && !'aeiou'.includes(w[n - 1])) return w.slice(0, -1);
  return w;
}

/** Options of `terms`. */
export interface TermOptions {
  /** Drop English stop words (queries, prose). Default true. */
  stopWords?: boolean;
  /** Drop language keywords and one-letter names (bodies). Default false. */
  codeNoise?: boolean;
}

/**
 * Search terms of a text: every word run is split like an identifier and stemmed; a compound identifier also
 * yields its whole lower-cased form, so an exact name (`switchMap` → `switchmap`) is a rare, strong term.
 */
export function terms(text: string, opts: TermOptions = {}): string[] {
  const stop = opts.stopWords !== false;
  const noise = opts.codeNoise === true;
  const out: string[] = [];
  const runs = text.match(WORD_RUNS);
  if (!runs) return out;
  for (const run of runs) {
    const got = runTermsCached(run, stop, noise);
    for (let i = 0; i < got.length; i++) out.push(got[i]);
  }
  return out;
}

/** The terms of one word run (as `terms` gives them for a text that is just this run), memoised. */
export function runTermsCached(run: string, stop: boolean, noise: boolean): readonly string[] {
  const cache = RUN_CACHES[(stop ? 1 : 0) + (noise ? 2 : 0)];
  let got = cache.get(run);
  if (got === undefined) {
    if (cache.size > MAX_CACHED_RUNS) cache.clear();
    cache.set(run, (got = runTerms(run, stop, noise)));
  }
  return got;
}

/**
 * Terms of one word run, memoised per option set: the same identifiers recur across thousands of symbol
 * bodies, and splitting, lower-casing and stemming them again was most of the keyword index's build time.
 */
const RUN_CACHES: Array<Map<string, readonly string[]>> = [new Map(), new Map(), new Map(), new Map()];
const MAX_CACHED_RUNS = 200_000;

/** Terms of one word run (as `terms` gives them for a text that is just this run), not memoised itself. */
export function runTerms(run: string, stop: boolean, noise: boolean): readonly string[] {
  const out: string[] = [];
  const { parts, stems, kinds, whole } = runParts(run);
  if (parts.length === 0) return out;
  // A one-part run that is its whole form is a keyword exactly when its part is, which the filter drops below.
  if (noise && (parts.length > 1 || whole !== parts[0]) && CODE_NOISE.has(whole)) return out;
  if (parts.length > 1 && whole.length > 1) out.push(whole);
  const drop = (stop ? STOP : 0) | (noise ? NOISE : 0);
  for (let i = 0; i < parts.length; i++) if ((kinds[i] & drop) === 0) out.push(stems[i]);
  return out;
}

