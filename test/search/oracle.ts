/**
 * Plain reference forms of the text functions search uses (doc cleaning, identifier splitting, terms,
 * stemming), as docs/search.md states them: documents.test.ts compares the real ones against these.
 */
import { CODE_NOISE, STOP_WORDS } from '../../lib/search/tokenize.ts';

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
