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

/** FNV-1a 32-bit: fast, stable across platforms and versions (the vectors are stored). */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function add(vec: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  const i = h % LEXICAL_DIM;
  vec[i] += (h & 0x80000000) ? -weight : weight;
}

/** Embeds one text (pure, synchronous). */
export function lexicalVector(text: string): Float32Array {
  const vec = new Float32Array(LEXICAL_DIM);
  const counts = new Map<string, number>();
  const runs = text.match(/[\p{L}\p{N}_$]+/gu) ?? [];
  for (const run of runs) {
    for (const part of splitIdentifier(run)) {
      if (STOP_WORDS.has(part)) continue;
      counts.set(part, (counts.get(part) ?? 0) + 1);
    }
  }
  for (const [word, tf] of counts) {
    const w = 1 + Math.log(tf);
    add(vec, 'w:' + stem(word), WORD_WEIGHT * w);
    const concept = conceptOf(word);
    if (concept !== undefined) add(vec, 'c:' + concept, CONCEPT_WEIGHT * w);
    if (word.length >= 3) {
      const padded = `^${word}$`;
      const grams = padded.length - 2;
      // Trigram mass per word is constant, so long words do not drown short ones.
      const gw = (TRIGRAM_WEIGHT * w * 3) / Math.sqrt(grams * 3);
      for (let i = 0; i < grams; i++) add(vec, 'g:' + padded.slice(i, i + 3), gw);
    }
  }
  let norm = 0;
  for (let i = 0; i < LEXICAL_DIM; i++) norm += vec[i] * vec[i];
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < LEXICAL_DIM; i++) vec[i] *= inv;
  }
  return vec;
}

/** The built-in embedder as an Embedder. */
export const lexicalEmbedder: Embedder = {
  id: LEXICAL_ID,
  dim: LEXICAL_DIM,
  kind: 'lexical',
  async embed(texts) { return texts.map(lexicalVector); },
};
