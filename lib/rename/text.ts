/** Text helpers shared by the rename planner: line index, identifier boundaries, hashes, review context. */
import { createHash } from 'node:crypto';

/** sha256 hex of a text's UTF-8 bytes (what the snapshot records per file). */
export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Maps 1-based line / 1-based UTF-16 column to string offsets and back. Lines end at '\n' only, as in
 * tree-sitter's rows (a '\r' before '\n' stays part of the line's text).
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  get lineCount(): number { return this.starts.length; }
  /** String offset of (line, column), or -1 when the position lies outside the text or past its line. */
  offset(line: number, column: number): number {
    if (line < 1 || line > this.starts.length || column < 1) return -1;
    const off = this.starts[line - 1] + column - 1;
    return off <= this.lineEnd(line) ? off : -1;
  }
  /** 1-based line and column of a string offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
  /** Text of a 1-based line without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.starts[line - 1], this.lineEnd(line)).replace(/\r$/, '');
  }
  private lineEnd(line: number): number {
    return line < this.starts.length ? this.starts[line] - 1 : this.text.length;
  }
}

const ID_PART = /[\p{ID_Continue}$\u200C\u200D]/u;

/** True when the code point at or before a boundary continues an identifier (so the match is not a whole word). */
function isIdPartAt(text: string, offset: number, before: boolean): boolean {
  if (before) {
    if (offset <= 0) return false;
    // Step back over a surrogate pair so astral identifier characters are judged whole.
    const lo = text.charCodeAt(offset - 1);
    const start = lo >= 0xdc00 && lo <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
    return ID_PART.test(String.fromCodePoint(text.codePointAt(start)!));
  }
  if (offset >= text.length) return false;
  return ID_PART.test(String.fromCodePoint(text.codePointAt(offset)!));
}

/** True when `word` occurs at `offset` as a whole identifier (no identifier character touches either end). */
export function isWholeWordAt(text: string, offset: number, word: string): boolean {
  if (!text.startsWith(word, offset)) return false;
  // A private name '#x' starts with a non-identifier character; only its end and start still need checking.
  return !isIdPartAt(text, offset, true) && !isIdPartAt(text, offset + word.length, false);
}

/** Offsets of every whole-word occurrence of `word` in `text`, ascending. Plain scanning, no regular expression. */
export function wholeWordOffsets(text: string, word: string): number[] {
  const out: number[] = [];
  if (!word) return out;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) {
    if (isWholeWordAt(text, i, word)) out.push(i);
  }
  return out;
}

const CONTEXT_MAX = 200;

/** The line around an occurrence, trimmed for review; long lines (minified code) are cut around the match. */
export function contextLine(lines: LineIndex, line: number, column: number, length: number): string {
  const raw = lines.lineText(line);
  if (raw.length <= CONTEXT_MAX) return raw.trim();
  const start = Math.max(0, column - 1 - Math.floor((CONTEXT_MAX - length) / 2));
  const end = Math.min(raw.length, start + CONTEXT_MAX);
  return `${start > 0 ? '…' : ''}${raw.slice(start, end).trim()}${end < raw.length ? '…' : ''}`;
}
