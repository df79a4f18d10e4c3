/**
 * The positional implicit parameters a lambda uses (Swift's `$1`, `$2` after `$0`): one pass over the file's text
 * finds where each name occurs, and a lambda asks which of them fall inside it (a binary search each), so nested
 * lambdas do not read their text again.
 */

/** Finds, for a lambda's text range, which of `names` (in order: the parameters at positions 1, 2, …) it uses. */
export class ImplicitParams {
  private at?: number[][];
  constructor(private readonly text: string, private readonly names: readonly string[]) {}

  /** The positions (1-based after the first implicit parameter) of the names used in [start, end). */
  used(start: number, end: number): number[] {
    this.at ??= this.names.map((n) => occurrences(this.text, n));
    const out: number[] = [];
    this.at.forEach((list, i) => { if (anyIn(list, start, end)) out.push(i + 1); });
    return out;
  }
}

/** Where `name` occurs in `text`, not followed by a digit (`$1` is not `$10`), in order. */
function occurrences(text: string, name: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + name.length)) if (!/[0-9A-Za-z_]/.test(text[i + name.length] ?? '')) out.push(i);
  return out;
}

/** Whether a sorted list holds a value in [start, end). */
function anyIn(list: readonly number[], start: number, end: number): boolean {
  let lo = 0, hi = list.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < start) lo = mid + 1; else hi = mid; }
  return lo < list.length && list[lo] < end;
}
