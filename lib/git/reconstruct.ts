/** Rebuilding one side of a file from the other side's text and its diff, with a check that the two agree. */
import type { DiffHunk, FileDiff } from './diff.ts';

/** Lines of a text without the final newline, and whether there was one. */
function splitLines(text: string): { lines: string[]; eol: boolean } {
  if (text === '') return { lines: [], eol: false };
  const eol = text.endsWith('\n');
  return { lines: (eol ? text.slice(0, -1) : text).split('\n'), eol };
}

/** How applying the diff treats a hunk that reaches the end of the file. */
export interface ApplyOptions {
  /**
   * A hunk whose trailing context is shorter than its leading one ends the file (git writes the same number of
   * context lines on both sides unless the file ends): the text must end with it. Without this a deletion at the
   * end of a file reverses cleanly on the old text too (its removed lines just follow the hunk), so the check
   * tells the two sides apart; it is optional because `git diff -W` (whole functions as context) breaks the rule.
   */
  endsAtShortContext?: boolean;
}

/** Context lines before the first and after the last changed line of a hunk. */
function contextAround(h: DiffHunk): { leading: number; trailing: number } {
  const firstOld = h.removed.length ? h.removed[0] : Infinity, firstNew = h.added.length ? h.added[0] : Infinity;
  const lastOld = h.removed.length ? h.removed[h.removed.length - 1] : -Infinity;
  const lastNew = h.added.length ? h.added[h.added.length - 1] : -Infinity;
  let leading = 0, trailing = 0;
  for (const [o, n] of h.context) {
    if (o < firstOld && n < firstNew) leading++;
    else if (o > lastOld && n > lastNew) trailing++;
  }
  return { leading, trailing };
}

/**
 * The other side of a file, given the text of side `from` (`new`: the text after the change, giving the one before;
 * `old`: the text before, giving the one after). Undefined when `text` does not match the diff's `from` side (a line
 * of that side differs, or the hunks run past the end): the file is not at that side of this diff.
 */
function applySide(text: string, diff: FileDiff, from: 'old' | 'new', options: ApplyOptions): string | undefined {
  const fromNew = from === 'new';
  const { lines: src, eol: srcEol } = splitLines(text);
  const srcNoNewline = fromNew ? diff.newNoNewlineAtEnd : diff.oldNoNewlineAtEnd;
  const dstNoNewline = fromNew ? diff.oldNoNewlineAtEnd : diff.newNoNewlineAtEnd;
  if (srcNoNewline === true && srcEol) return undefined;
  const out: string[] = [];
  let next = 1; // next source line to copy
  const start = (h: DiffHunk) => (fromNew ? [h.newStart, h.newLines] : [h.oldStart, h.oldLines]);
  const hunks = [...diff.hunks].sort((a, b) => start(a)[0] - start(b)[0]);
  for (const [i, h] of hunks.entries()) {
    const [srcStart, srcCount] = start(h);
    const [dstStart, dstCount] = fromNew ? [h.oldStart, h.oldLines] : [h.newStart, h.newLines];
    const firstSrc = srcCount === 0 ? srcStart + 1 : srcStart;
    const firstDst = dstCount === 0 ? dstStart + 1 : dstStart;
    if (firstSrc < next) return undefined; // overlapping hunks
    while (next < firstSrc) {
      if (next > src.length) return undefined;
      out.push(src[next - 1]);
      next++;
    }
    if (out.length + 1 !== firstDst) return undefined; // offsets disagree: not the diff of this text
    const [own, ownText, other, otherText] = fromNew
      ? [h.added, h.addedText, h.removed, h.removedText]
      : [h.removed, h.removedText, h.added, h.addedText];
    for (let k = 0; k < own.length; k++) if (src[own[k] - 1] !== ownText[k]) return undefined;
    for (const c of h.context) if (src[c[fromNew ? 1 : 0] - 1] !== c[2]) return undefined;
    // Lines of the hunk on the other side, in order: context and that side's own lines merged by line number.
    const lines = new Array<string>(dstCount);
    for (const c of h.context) lines[c[fromNew ? 0 : 1] - firstDst] = c[2];
    for (let k = 0; k < other.length; k++) lines[other[k] - firstDst] = otherText[k];
    for (let k = 0; k < lines.length; k++) if (lines[k] === undefined) return undefined;
    out.push(...lines);
    next = firstSrc + srcCount;
    if (options.endsAtShortContext && (h.removed.length || h.added.length)) {
      const { leading, trailing } = contextAround(h);
      if (trailing < leading && (next <= src.length || i < hunks.length - 1)) return undefined;
    }
  }
  if (next - 1 > src.length) return undefined;
  while (next <= src.length) { out.push(src[next - 1]); next++; }
  // Newline at the end: a marker speaks for its side; without markers both sides share the given text's ending.
  const marked = diff.oldNoNewlineAtEnd !== undefined || diff.newNoNewlineAtEnd !== undefined;
  // An empty given side (a deleted or added file) says nothing about endings: the other ended with one unless marked.
  const dstEol = marked ? dstNoNewline !== true : src.length === 0 ? true : srcEol;
  if (out.length === 0) return '';
  return out.join('\n') + (dstEol ? '\n' : '');
}

/**
 * The text before the change, given the text after it. Undefined when `newText` does not match the diff's new
 * side (an added or context line differs, or the hunks run past the end): the file moved on since the diff.
 */
export function reverseApply(newText: string, diff: FileDiff, options: ApplyOptions = {}): string | undefined {
  return applySide(newText, diff, 'new', options);
}

/**
 * The text after the change, given the text before it (a diff not applied yet). Undefined when `oldText` does not
 * match the diff's old side.
 */
export function forwardApply(oldText: string, diff: FileDiff, options: ApplyOptions = {}): string | undefined {
  return applySide(oldText, diff, 'old', options);
}
