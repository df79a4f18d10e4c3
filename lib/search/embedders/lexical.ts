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

/** FNV-1a 32-bit (fast, stable across platforms and versions: the vectors are stored), from a prefix's state. */
/** FNV-1a state after `prefix`, so a feature `prefix + text` hashes without building the string. */
function fnvState(prefix: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) h = Math.imul(h ^ prefix.charCodeAt(i), 0x01000193);
  return h;
}
const W_STATE = fnvState('w:');
const G_STATE = fnvState('g:');
const C_STATE = fnvState('c:');

function fnvFrom(state: number, s: string, from: number, to: number): number {
  let h = state;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The hashed features of one word, computed once per process: a slot index per feature (sign in the top
 * bit of the hash), the word's own feature first, then its concept (or -1), then its trigrams. Words recur
 * across symbol texts, so the stemming, concept lookup and hashing are not redone per text.
 */
interface WordFeatures { word: number; concept: number; grams: Int32Array }
const featureCache = new Map<string, WordFeatures>();
const MAX_CACHED_WORDS = 100_000;

function featuresOf(word: string): WordFeatures {
  let f = featureCache.get(word);
  if (f) return f;
  const stemmed = stem(word);
  const concept = conceptOf(word);
  const conceptText = concept === undefined ? '' : String(concept);
  let grams = EMPTY;
  if (word.length >= 3) {
    const padded = `^${word}$`;
    grams = new Int32Array(padded.length - 2);
    for (let i = 0; i < grams.length; i++) grams[i] = fnvFrom(G_STATE, padded, i, i + 3) | 0;
  }
  f = {
    word: fnvFrom(W_STATE, stemmed, 0, stemmed.length) | 0,
    concept: concept === undefined ? 0 : fnvFrom(C_STATE, conceptText, 0, conceptText.length) | 0,
    grams,
  };
  if (concept === undefined) f.concept = NO_CONCEPT;
  if (featureCache.size > MAX_CACHED_WORDS) featureCache.clear();
  featureCache.set(word, f);
  return f;
}
const EMPTY = new Int32Array(0);
/** Words of a run (identifier split, stop words dropped), also once per process. */
const runCache = new Map<string, readonly string[]>();
/** Marks "no concept": a real hash may be any 32-bit value, so the flag lives outside the hash range. */
const NO_CONCEPT = 2 ** 33;

/**
 * Scratch state reused between texts (analyze embeds ~1000 texts in a fresh process: a Map and an entry array
 * per word per text was garbage, and 512-long loops ran unoptimised for the first few hundred texts). The
 * dimensions the current text touched (~50–150 of 512) are listed once each: `touchedStamp[i] === stamp`.
 */
const touched = new Int32Array(LEXICAL_DIM);
const touchedStamp = new Int32Array(LEXICAL_DIM);
const scratch = { stamp: 0, count: 0 };
/** The text's distinct words (first-seen order), their counts, and each word's slot (reused between texts). */
const words: string[] = [];
const tfs: number[] = [];
const slotOf = new Map<string, number>();

function add(vec: Float32Array, hash: number, weight: number): void {
  const h = hash >>> 0;
  const i = h % LEXICAL_DIM;
  if (touchedStamp[i] !== scratch.stamp) { touchedStamp[i] = scratch.stamp; touched[scratch.count++] = i; }
  vec[i] += (h & 0x80000000) ? -weight : weight;
}

/** Embeds one text (pure, synchronous). */
export function lexicalVector(text: string): Float32Array {
  const vec = new Float32Array(LEXICAL_DIM);
  lexicalInto(text, vec, 0);
  return vec;
}

/**
 * Embeds one text into `out[at .. at + LEXICAL_DIM)`, which must hold zeros (analyze writes straight into its
 * packed matrix: no vector per symbol). With `round`, each value is then rounded to 6 decimals, as stored.
 */
export function lexicalInto(text: string, out: Float32Array, at: number, round = false): void {
  const vec = at === 0 && out.length === LEXICAL_DIM ? out : out.subarray(at, at + LEXICAL_DIM);
  // A new stamp per text; on wrap-around, forget the old marks.
  if (scratch.stamp === 0x7fffffff) { scratch.stamp = 0; touchedStamp.fill(0); }
  scratch.stamp++;
  scratch.count = 0;
  // Distinct words in first-seen order (the order features are added in fixes the float32 sums) and their
  // counts, in reused arrays: no Map, iterator or [word, tf] entry per text.
  slotOf.clear();
  let n = 0;
  const runs = text.match(RUNS);
  if (runs !== null) {
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r];
      let parts = runCache.get(run);
      if (parts === undefined) {
        parts = splitIdentifier(run).filter((p) => !STOP_WORDS.has(p));
        if (runCache.size > MAX_CACHED_WORDS) runCache.clear();
        runCache.set(run, parts);
      }
      for (let p = 0; p < parts.length; p++) {
        const word = parts[p];
        const slot = slotOf.get(word);
        if (slot === undefined) { slotOf.set(word, n); words[n] = word; tfs[n] = 1; n++; } else tfs[slot]++;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const w = 1 + Math.log(tfs[k]);
    const f = featuresOf(words[k]);
    add(vec, f.word, WORD_WEIGHT * w);
    if (f.concept !== NO_CONCEPT) add(vec, f.concept, CONCEPT_WEIGHT * w);
    const grams = f.grams.length;
    if (grams > 0) {
      // Trigram mass per word is constant, so long words do not drown short ones.
      const gw = (TRIGRAM_WEIGHT * w * 3) / Math.sqrt(grams * 3);
      for (let i = 0; i < grams; i++) add(vec, f.grams[i], gw);
    }
  }
  // The norm sums the touched dimensions in ascending order: the same additions, in the same order, as a
  // sum over all dimensions (an untouched one adds an exact 0), hence the same double.
  const dims = touched.subarray(0, scratch.count).sort();
  let norm = 0;
  for (let k = 0; k < dims.length; k++) { const v = vec[dims[k]]; norm += v * v; }
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let k = 0; k < dims.length; k++) vec[dims[k]] *= inv;
  }
  if (round) for (let k = 0; k < dims.length; k++) { const i = dims[k]; if (vec[i] !== 0) vec[i] = Math.round(vec[i] * 1e6) / 1e6; }
}
const RUNS = /[\p{L}\p{N}_$]+/gu;

/** The built-in embedder as an Embedder. */
export const lexicalEmbedder: Embedder = {
  id: LEXICAL_ID,
  dim: LEXICAL_DIM,
  kind: 'lexical',
  async embed(texts) { return texts.map(lexicalVector); },
};
