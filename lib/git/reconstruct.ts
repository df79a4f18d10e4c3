/** Rebuilding the old side of a file from its new text and its diff, with a check that the two agree. */
import type { FileDiff } from './diff.ts';

/** Lines of a text without the final newline, and whether there was one. */
function splitLines(text: string): { lines: string[]; eol: boolean } {
  if (text === '') return { lines: [], eol: false };
  const eol = text.endsWith('\n');
  return { lines: (eol ? text.slice(0, -1) : text).split('\n'), eol };
}

/**
 * The text before the change, given the text after it. Undefined when `newText` does not match the diff's new
 * side (an added or context line differs, or the hunks run past the end): the file moved on since the diff.
 */
export function reverseApply(newText: string, diff: FileDiff): string | undefined {
  const { lines: nl, eol: newEol } = splitLines(newText);
  if (diff.newNoNewlineAtEnd === true && newEol) return undefined;
  const out: string[] = [];
  let next = 1; // next new line to copy
  const hunks = [...diff.hunks].sort((a, b) => a.newStart - b.newStart);
  for (const h of hunks) {
    const firstNew = h.newLines === 0 ? h.newStart + 1 : h.newStart;
    const firstOld = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart;
    if (firstNew < next) return undefined; // overlapping hunks
    while (next < firstNew) {
      if (next > nl.length) return undefined;
      out.push(nl[next - 1]);
      next++;
    }
    if (out.length + 1 !== firstOld) return undefined; // offsets disagree: not the diff of this text
    for (let k = 0; k < h.added.length; k++) if (nl[h.added[k] - 1] !== h.addedText[k]) return undefined;
    for (const [, n, text] of h.context) if (nl[n - 1] !== text) return undefined;
    // Old lines of the hunk, in order: context and removed lines merged by old line number.
    const old = new Array<string>(h.oldLines);
    for (const [o, , text] of h.context) old[o - firstOld] = text;
    for (let k = 0; k < h.removed.length; k++) old[h.removed[k] - firstOld] = h.removedText[k];
    for (let k = 0; k < old.length; k++) if (old[k] === undefined) return undefined;
    out.push(...old);
    next = firstNew + h.newLines;
  }
  if (next - 1 > nl.length) return undefined;
  while (next <= nl.length) { out.push(nl[next - 1]); next++; }
  // Newline at the end: a marker speaks for its side; without markers both sides share the new text's ending.
  const marked = diff.oldNoNewlineAtEnd !== undefined || diff.newNoNewlineAtEnd !== undefined;
  // An empty new side (a deleted file) says nothing about endings: the old text ended with one unless marked.
  const oldEol = marked ? diff.oldNoNewlineAtEnd !== true : nl.length === 0 ? true : newEol;
  if (out.length === 0) return '';
  return out.join('\n') + (oldEol ? '\n' : '');
}
