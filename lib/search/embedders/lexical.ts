/**
 * The built-in lexical embedder: used when no sentence model can be had (offline, nothing cached). It hashes
 * identifier words and character trigrams into a fixed number of dimensions (signed feature hashing) and
 * normalises, so cosine similarity rewards shared words and shared word pieces (`debounce` ~ `debouncing`,
 * `subscribe` ~ `subscription`) — the fuzzy half that BM25's exact terms miss. No meaning beyond spelling.
 */
import { splitIdentifier, stem, STOP_WORDS } from '../tokenize.ts';
import type { Embedder } from './types.ts';
import { conceptOf } from './thesaurus.ts';

/** Dimensions of the built-in vectors. 512 keeps collisions rare for the ~50 features of one symbol text. */
export const LEXICAL_DIM = 512;
export const LEXICAL_ID = `builtin:lexical-v1-${LEXICAL_DIM}`;

const WORD_WEIGHT = 1;
const TRIGRAM_WEIGHT = 0.3;
const CONCEPT_WEIGHT = 0.5;

/** FNV-1a state after `prefix`, so a feature `prefix + text` hashes without building the string. */
function fnvState(prefix: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) h = Math.imul(h ^ prefix.charCodeAt(i), 0x01000193);
  return h;
}
const W_STATE = fnvState('w:');
const G_STATE = fnvState('g:');
const C_STATE = fnvState('c:');

/** FNV-1a 32-bit (fast, stable across platforms and versions: the vectors are stored) of s[from, to) from a prefix's state. */
function fnvFrom(state: number, s: string, from: number, to: number): number {
  let h = state;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The hashed features of one word, computed once per process: the slot (dimension) and sign of each feature,
 * the word's own feature first, then its concept (when it has one), then its trigrams. Words recur across
 * symbol texts, so the stemming, concept lookup and hashing are not redone per text.
 */
interface WordFeatures { dims: Int32Array; signs: Int8Array; concept: boolean; grams: number }

/** Words by number (process-wide), their features, and the word numbers of each word run. */
const wordIds = new Map<string, number>();
const features: WordFeatures[] = [];
const runWords = new Map<string, Int32Array>();
const MAX_CACHED_WORDS = 100_000;

function featuresOf(word: string): WordFeatures {
  const stemmed = stem(word);
  const concept = conceptOf(word);
  const grams = word.length >= 3 ? word.length : 0; // `^word$` has length + 2 characters, so length trigrams
  const n = 1 + (concept === undefined ? 0 : 1) + grams;
  const dims = new Int32Array(n);
  const signs = new Int8Array(n);
  const put = (k: number, h: number): void => { dims[k] = h % LEXICAL_DIM; signs[k] = h & 0x80000000 ? -1 : 1; };
  put(0, fnvFrom(W_STATE, stemmed, 0, stemmed.length));
  let k = 1;
  if (concept !== undefined) { const c = String(concept); put(k++, fnvFrom(C_STATE, c, 0, c.length)); }
  if (grams > 0) {
    const padded = `^${word}$`;
    for (let i = 0; i < grams; i++) put(k++, fnvFrom(G_STATE, padded, i, i + 3));
  }
  return { dims, signs, concept: concept !== undefined, grams };
}

/** The numbers of a run's words (identifier parts, stop words dropped), numbering new words. */
function wordsOfRun(run: string): Int32Array {
  let ids = runWords.get(run);
  if (ids !== undefined) return ids;
  const parts = splitIdentifier(run);
  let kept = 0;
  for (let i = 0; i < parts.length; i++) if (!STOP_WORDS.has(parts[i])) kept++;
  ids = new Int32Array(kept);
  kept = 0;
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i];
    if (STOP_WORDS.has(word)) continue;
    let id = wordIds.get(word);
    if (id === undefined) {
      id = features.length;
      wordIds.set(word, id);
      features.push(featuresOf(word));
    }
    ids[kept++] = id;
  }
  runWords.set(run, ids);
  return ids;
}

/**
 * Scratch state reused between texts (analyze embeds thousands of texts in a fresh process: a Map and an entry
 * per word per text was garbage, and the loops run mostly unoptimised). The dimensions the current text
 * touched (~50–150 of 512) are listed once each: `touchedStamp[i] === stamp`. A text's distinct words are
 * counted by word number: `wordStamp[id] === stamp` marks a word seen, `wordSlot[id]` its place in `order`.
 * Held in one object read into locals per text: module-level `let` bindings cost a check per access while
 * the code is not optimised, which a cold analyze mostly is.
 */
const scratch = {
  stamp: 0,
  touched: new Int32Array(LEXICAL_DIM),
  touchedStamp: new Int32Array(LEXICAL_DIM),
  touchedCount: 0,
  wordStamp: new Int32Array(0),
  wordSlot: new Int32Array(0),
  order: new Int32Array(0),
  tfs: new Int32Array(0),
};

/** Embeds one text (pure, synchronous). */
export function lexicalVector(text: string): Float32Array {
  const vec = new Float32Array(LEXICAL_DIM);
  lexicalInto(text, vec, 0);
  return vec;
}

/**
 * Embeds one text into `out[at .. at + LEXICAL_DIM)`, which must hold zeros (analyze writes straight into its
 * packed matrix: no vector per symbol). With `round`, each value is then rounded to 6 decimals, as stored.
 * Returns how many dimensions the text touched.
 */
export function lexicalInto(text: string, out: Float32Array, at: number, round = false): number {
  const sc = scratch;
  // A new stamp per text; on wrap-around, forget the old marks.
  if (sc.stamp === 0x7fffffff) { sc.stamp = 0; sc.touchedStamp.fill(0); sc.wordStamp.fill(0); }
  const s = ++sc.stamp;
  // Bounded memory in a long-lived process; only between texts (`order` holds word numbers during one).
  if (wordIds.size > MAX_CACHED_WORDS) forgetWords();
  // Room for every word of this text: a word has a character at least, and new words are numbered from here.
  if (sc.order.length < text.length) { sc.order = new Int32Array(text.length); sc.tfs = new Int32Array(text.length); }
  if (sc.wordStamp.length < features.length + text.length) growWords(features.length + text.length);
  const { wordStamp, wordSlot, order, tfs } = sc;
  // Distinct words in first-seen order (the order features are added in fixes the float32 sums) and their counts.
  let n = 0;
  const runs = text.match(RUNS);
  if (runs !== null) {
    for (let r = 0; r < runs.length; r++) {
      const ids = wordsOfRun(runs[r]);
      for (let p = 0; p < ids.length; p++) {
        const id = ids[p];
        if (wordStamp[id] === s) { tfs[wordSlot[id]]++; continue; }
        wordStamp[id] = s;
        wordSlot[id] = n;
        order[n] = id;
        tfs[n] = 1;
        n++;
      }
    }
  }
  sc.touchedCount = 0;
  for (let k = 0; k < n; k++) addWord(out, at, features[order[k]], 1 + Math.log(tfs[k]), s);
  const count = sc.touchedCount;
  // The norm sums the touched dimensions in ascending order: the same additions, in the same order, as a
  // sum over all dimensions (an untouched one adds an exact 0), hence the same double.
  const dims = sc.touched.subarray(0, count).sort();
  let norm = 0;
  for (let k = 0; k < count; k++) { const v = out[at + dims[k]]; norm += v * v; }
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let k = 0; k < count; k++) out[at + dims[k]] *= inv;
  }
  if (round) for (let k = 0; k < count; k++) { const i = at + dims[k]; if (out[i] !== 0) out[i] = Math.round(out[i] * 1e6) / 1e6; }
  return count;
}

/**
 * Adds one word's features with term weight `w` (a small function on purpose: V8 optimises a small hot function
 * much sooner than the loop of a large one, and a cold analyze runs this for every word of every text).
 */
function addWord(out: Float32Array, at: number, f: WordFeatures, w: number, s: number): void {
  const sc = scratch;
  const { touched, touchedStamp } = sc;
  const dims = f.dims, signs = f.signs;
  let count = sc.touchedCount;
  // In the documented order: the word, its concept, its trigrams; each ±weight exactly (a sign of ±1).
  let i = dims[0];
  if (touchedStamp[i] !== s) { touchedStamp[i] = s; touched[count++] = i; }
  out[at + i] += signs[0] * (WORD_WEIGHT * w);
  let j = 1;
  if (f.concept) {
    i = dims[1];
    if (touchedStamp[i] !== s) { touchedStamp[i] = s; touched[count++] = i; }
    out[at + i] += signs[1] * (CONCEPT_WEIGHT * w);
    j = 2;
  }
  if (f.grams > 0) {
    // Trigram mass per word is constant, so long words do not drown short ones.
    const gw = (TRIGRAM_WEIGHT * w * 3) / Math.sqrt(f.grams * 3);
    for (; j < dims.length; j++) {
      i = dims[j];
      if (touchedStamp[i] !== s) { touchedStamp[i] = s; touched[count++] = i; }
      out[at + i] += signs[j] * gw;
    }
  }
  sc.touchedCount = count;
}

/** Drops the process-wide word numbering of the JavaScript path. */
function forgetWords(): void {
  wordIds.clear(); features.length = 0; runWords.clear();
}

function growWords(size: number): void {
  const sc = scratch;
  const capacity = Math.max(size, sc.wordStamp.length * 2, 4096);
  const st = new Int32Array(capacity); st.set(sc.wordStamp); sc.wordStamp = st;
  const sl = new Int32Array(capacity); sl.set(sc.wordSlot); sc.wordSlot = sl;
}
const RUNS = /[\p{L}\p{N}_$]+/gu;

/** The built-in embedder as an Embedder. */
export const lexicalEmbedder: Embedder = {
  id: LEXICAL_ID,
  dim: LEXICAL_DIM,
  kind: 'lexical',
  async embed(texts) { return texts.map(lexicalVector); },
};
