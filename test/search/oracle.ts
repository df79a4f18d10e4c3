/**
 * Reference implementations of what the search stage writes, kept deliberately plain (no caches, no
 * touched-dimension tracking, no byte-level writers): the byte-identity tests compare the optimised build
 * against them. They follow the documented formats, not the optimised code.
 */
import { buildDocuments } from '../../lib/search/documents.ts';
import { KeywordIndex } from '../../lib/search/bm25.ts';
import { CODE_NOISE, STOP_WORDS } from '../../lib/search/tokenize.ts';
import { conceptOf } from '../../lib/search/embedders/thesaurus.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';

const DIM = 512;

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function addFeature(vec: Float32Array, feature: string, weight: number): void {
  const h = fnv(feature);
  vec[h % DIM] += (h & 0x80000000) ? -weight : weight;
}

/** The built-in lexical vector of a text as the embedder's documentation states it; with `round`, rounded to 6 decimals as stored. */
export function referenceLexical(text: string, round = true): Float32Array {
  const vec = new Float32Array(DIM);
  const tf = new Map<string, number>();
  for (const run of text.match(/[\p{L}\p{N}_$]+/gu) ?? []) {
    for (const w of referenceSplit(run)) if (!STOP_WORDS.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
  }
  for (const [word, n] of tf) {
    const w = 1 + Math.log(n);
    addFeature(vec, 'w:' + referenceStem(word), w);
    const concept = conceptOf(word);
    if (concept !== undefined) addFeature(vec, 'c:' + String(concept), 0.5 * w);
    if (word.length >= 3) {
      const padded = `^${word}$`;
      const grams = padded.length - 2;
      const gw = (0.3 * w * 3) / Math.sqrt(grams * 3);
      for (let i = 0; i < grams; i++) addFeature(vec, 'g:' + padded.slice(i, i + 3), gw);
    }
  }
  let norm = 0;
  for (let i = 0; i < DIM; i++) norm += vec[i] * vec[i];
  if (norm > 0) { const inv = 1 / Math.sqrt(norm); for (let i = 0; i < DIM; i++) vec[i] *= inv; }
  if (round) for (let i = 0; i < DIM; i++) if (vec[i] !== 0) vec[i] = Math.round(vec[i] * 1e6) / 1e6;
  return vec;
}

/** A Vectra shard as JSON.stringify writes it (values as their 6-decimal numbers, norm over those numbers). */
export function referenceShard(uids: readonly string[], hashes: readonly string[], packed: Float32Array, dim: number): Buffer {
  const items = uids.map((id, r) => {
    const vector = Array.from(packed.subarray(r * dim, (r + 1) * dim), (x) => Math.round(x * 1e6) / 1e6);
    const norm = Math.sqrt(vector.reduce((s, v) => s + v * v, 0));
    return { id, metadata: { hash: hashes[r] }, vector, norm };
  });
  return Buffer.from(JSON.stringify({ version: 1, metadata_config: {}, items }));
}

/** keyword.bin of a graph as the one-shot KeywordIndex.build makes it from freshly built documents. */
export function referenceKeyword(graph: CodeGraph, readSource: (p: string) => string | undefined): Buffer {
  return KeywordIndex.build(buildDocuments(graph, readSource)).toBuffer();
}

/** A JSDoc body cleaned line by line, as docs/search.md states it (the plain form of documents.ts cleanDoc). */
export function referenceCleanDoc(raw: string): string {
  const kept: string[] = [];
  let inFence = false;
  for (const line of raw.split('\n')) {
    const l = line.replace(/^\s*\*\s?/, '');
    const body = l.trimStart();
    if (body.startsWith('```')) { inFence = !inFence; continue; }
    if (inFence) continue;
    if (/^@(?:see|example|internal|nocollapse|owner|ignore)\b/.test(body)) continue;
    kept.push(l);
  }
  return kept.join(' ')
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:[|\s][^}]*)?\}/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)|<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ').trim();
}

/**
 * Distinct identifiers of `text[from, to)` as tokenize.ts identifiersIn documents them: the span cut out, its
 * block comments (closed inside the span) and line comments removed, identifiers of two characters or more that
 * are not keywords, in first-seen order, at most `max`.
 */
export function referenceIdentifiers(text: string, from: number, to: number, max: number): string[] {
  const span = text.slice(from, to).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
  const out: string[] = [];
  for (const id of span.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    if (out.length >= max) break;
    if (id.length >= 2 && !CODE_NOISE.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

/** An identifier split into lower-case words as docs/search.md states it (tokenize.ts splitIdentifier, plainly). */
export function referenceSplit(name: string): string[] {
  const out: string[] = [];
  for (const chunk of name.split(/[_$\s\-./:]+/)) {
    for (const p of chunk.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^\x00-\x7f]+/g) ?? []) out.push(p.toLowerCase());
  }
  return out;
}

/**
 * The search terms of a text (tokenize.ts terms, plainly): each word run split like an identifier, a compound's
 * whole lower-cased form (without `_` and `$`) first, stop words (and with `noise`, keywords and one-letter
 * words, or a run that is a keyword as a whole) dropped, the rest stemmed.
 */
export function referenceTerms(text: string, stop: boolean, noise: boolean): string[] {
  const out: string[] = [];
  for (const run of text.match(/[\p{L}\p{N}_$]+/gu) ?? []) {
    const parts = referenceSplit(run);
    if (parts.length === 0) continue;
    const whole = run.replace(/[_$]+/g, '').toLowerCase();
    if (noise && CODE_NOISE.has(whole)) continue;
    if (parts.length > 1 && whole.length > 1) out.push(whole);
    for (const p of parts) {
      if (stop && STOP_WORDS.has(p)) continue;
      if (noise && (CODE_NOISE.has(p) || p.length < 2)) continue;
      out.push(referenceStem(p));
    }
  }
  return out;
}

/** The light stemmer as docs/search.md states it (tokenize.ts stem, plainly). */
export function referenceStem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  const undouble = (x: string): string => (/([^aeioulsz])\1$/.test(x) && x.length >= 3 ? x.slice(0, -1) : x);
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('xes') || w.endsWith('ches') || w.endsWith('shes')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length >= 5) w = undouble(w.slice(0, -2));
  if (w.endsWith('e') && w.length >= 4 && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}
