/** Text helpers of the nominal collector: modifier words, signatures and doc lines read from the source text. */
import { oneSpaced } from '../spaces.ts';

/**
 * The words written between a declaration's start and its name (`public static final`, `override fun`), without
 * annotations and attributes (`@GetMapping("/x")`, `[HttpGet]`) and what their parentheses hold.
 */
export function wordsBefore(text: string, from: number, to: number): string[] {
  const out: string[] = [];
  let depth = 0;
  for (let i = from; i < to;) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 60 /* < */) { depth++; i++; continue; }
    if (c === 41 || c === 93 || c === 62) { if (depth > 0) depth--; i++; continue; }
    if (c === 34 || c === 39) { // a string: skip to its closing quote
      const close = text.indexOf(String.fromCharCode(c), i + 1);
      i = close < 0 || close >= to ? to : close + 1;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) { const e = text.indexOf('*/', i + 2); i = e < 0 ? to : e + 2; continue; }
    if (c === 47 && text.charCodeAt(i + 1) === 47) { const e = text.indexOf('\n', i); i = e < 0 ? to : e; continue; }
    if (isWord(c)) {
      let j = i + 1;
      while (j < to && isWord(text.charCodeAt(j))) j++;
      const annotated = i > from && text.charCodeAt(i - 1) === 64; // @Name
      if (depth === 0 && !annotated) out.push(text.slice(i, j));
      i = j;
      continue;
    }
    i++;
  }
  return out;
}

function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** A declaration's text up to its body (or its first line), whitespace collapsed, leading annotations left out, ≤ 200 characters. */
export function signatureOf(text: string, start: number, bodyStart: number, end: number): string | undefined {
  let stop = bodyStart >= 0 ? bodyStart : text.indexOf('\n', start);
  if (stop < 0 || stop > end) stop = end;
  let i = start;
  // annotations and attributes before the modifiers: `@X`, `@X(...)`, `[X(...)]`
  for (;;) {
    while (i < stop && /\s/.test(text[i])) i++;
    // PHP's and Rust's `#[Attr]` as one
    if (text[i] === '#' && text[i + 1] === '[') i++;
    if (text[i] === '@' || text[i] === '[') {
      let j = i + 1;
      if (text[i] === '@') { while (j < stop && /[\w.]/.test(text[j])) j++; if (text[j] !== '(') { i = j; continue; } }
      let depth = 0;
      for (; j < stop; j++) {
        const ch = text[j];
        if (ch === '(' || ch === '[') depth++;
        else if (ch === ')' || ch === ']') { depth--; if (depth <= 0) { j++; break; } }
      }
      if (depth > 0) break;
      i = j;
      continue;
    }
    break;
  }
  let sig = oneSpaced(text.slice(i, stop)).trim();
  if (sig.endsWith('=') || sig.endsWith('=>')) sig = sig.replace(/=>?$/, '').trim();
  if (sig.length > 200) sig = `${sig.slice(0, 197)}...`;
  return sig || undefined;
}

/**
 * The first line of the comment right before a declaration (a block comment ending there, or the run of line
 * comments above it): comment markers, `*` leads and XML doc tags (`<summary>`) left out; `@tags` skipped.
 */
export function docBefore(text: string, start: number, comments: { line: readonly string[]; block?: readonly [string, string] }, leadWords?: ReadonlySet<string>): string | undefined {
  let i = start;
  for (;;) {
    while (i > 0 && /\s/.test(text[i - 1])) i--;
    let j = i;
    while (j > 0 && /\w/.test(text[j - 1])) j--;
    if (j < i && leadWords?.has(text.slice(j, i))) { i = j; continue; }
    break;
  }
  const block = comments.block;
  let body: string[] | undefined;
  if (block && text.startsWith(block[1], i - block[1].length)) {
    const open = text.lastIndexOf(block[0], i - block[1].length - 1);
    if (open < 0) return undefined;
    body = text.slice(open + block[0].length, i - block[1].length).split('\n').map((l) => l.replace(/^\s*\*+/, ''));
  } else {
    const lines: string[] = [];
    let end = i;
    for (;;) {
      const ls = text.lastIndexOf('\n', end - 1) + 1;
      const line = text.slice(ls, end).trim();
      const lead = comments.line.find((l) => line.startsWith(l));
      if (!lead) break;
      lines.unshift(line.slice(lead.length).replace(/^\/+/, ''));
      if (ls === 0) break;
      end = ls - 1;
    }
    if (!lines.length) return undefined;
    body = lines;
  }
  for (const raw of body) {
    const s = raw.replace(/<\/?[A-Za-z][^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    if (s && !s.startsWith('@')) return s.length > 200 ? `${s.slice(0, 197)}...` : s;
  }
  return undefined;
}

/** The text of the block comment that ends right before `start` (only whitespace between), or undefined. */
export function blockCommentBefore(text: string, start: number, block: readonly [string, string]): string | undefined {
  let i = start;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  if (!text.startsWith(block[1], i - block[1].length)) return undefined;
  const open = text.lastIndexOf(block[0], i - block[1].length - 1);
  return open < 0 ? undefined : text.slice(open, i);
}
