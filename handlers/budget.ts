/**
 * Response size budgets. An answer an agent cannot read whole is no answer: every tool and resource keeps its
 * JSON under a number of characters (`max_chars`), lists the most useful items first, keeps its totals exact
 * and says what it cut (`truncated`, with where to read on). Sizes are counted in characters of JSON because a
 * handler can count them exactly; tokens are about 1/3.5 of that for this JSON (measured with an
 * o200k tokenizer in bench/tools-size.ts).
 */
import Joi from 'joi';

/** Characters of JSON per o200k token in these answers, as bench/tools-size.ts measures it (3.5 on three.js). */
export const CHARS_PER_TOKEN = 3.5;
/** Default budget of every tool's answer: about 7k tokens at the measured 3.5 characters per token. */
export const DEFAULT_MAX_CHARS = 24_000;
/** Smallest budget a caller may ask for (the fixed parts of an answer must fit). */
export const MIN_MAX_CHARS = 2_000;
/** Largest budget a caller may ask for. */
export const MAX_MAX_CHARS = 5_000_000;

/** The `max_chars` request field with a default (and, for a tool that can answer more, a higher ceiling). */
export function maxCharsField(defaultChars: number = DEFAULT_MAX_CHARS, ceiling: number = MAX_MAX_CHARS): Joi.NumberSchema {
  return Joi.number().integer().min(MIN_MAX_CHARS).max(ceiling).default(defaultChars)
    .description(`Size budget of the answer in characters of JSON (default ${defaultChars.toLocaleString('en-US')}, about ${Math.round(defaultChars / CHARS_PER_TOKEN / 1000)}k tokens); lists are cut to fit, most useful items first, with exact counts and truncated: true`);
}

/** The `offset` request field: items to skip, to read on after a cut answer. */
export const offsetField = Joi.number().integer().min(0).max(10_000_000)
  .description('Items to skip in the listing, to read on after an answer with truncated: true (use its next_offset)');

/** Characters of `value` as compact JSON. */
export function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * How many of `items`, taken in order, fit in `budget` characters of JSON (each item costs its size plus a
 * comma). Never fewer than `min` (when there are that many), so an answer always shows something.
 */
export function fitCount<T>(items: readonly T[], budget: number, min = 1, size: (item: T) => number = jsonSize): number {
  let used = 0;
  let n = 0;
  for (const item of items) {
    const s = size(item) + 1;
    if (used + s > budget && n >= min) break;
    used += s;
    n++;
  }
  return n;
}

/**
 * Shares `budget` between lists so that short lists are shown whole and long ones split what is left evenly
 * (water-filling); `weights` favours some lists (a list with weight 2 gets twice the share of one with 1).
 * Returns how many items of each list to keep, in order. Every non-empty list keeps at least `min` items.
 */
export function shareBudget<T>(lists: ReadonlyArray<readonly T[]>, budget: number, weights: readonly number[] = [], min = 1, size: (item: T) => number = jsonSize): number[] {
  const sizes = lists.map((l) => l.map((x) => size(x) + 1));
  const totals = sizes.map((s) => s.reduce((a, b) => a + b, 0));
  const keep = lists.map(() => 0);
  let open = lists.map((_, i) => i).filter((i) => lists[i].length > 0);
  let left = budget;
  // Lists that fit in their share are kept whole and give back the rest; repeat until none does.
  for (;;) {
    const weightSum = open.reduce((a, i) => a + (weights[i] ?? 1), 0);
    if (open.length === 0 || weightSum <= 0) break;
    const whole = open.filter((i) => totals[i] <= (left * (weights[i] ?? 1)) / weightSum);
    if (whole.length === 0) break;
    for (const i of whole) { keep[i] = lists[i].length; left -= totals[i]; }
    open = open.filter((i) => !whole.includes(i));
  }
  const weightSum = open.reduce((a, i) => a + (weights[i] ?? 1), 0);
  for (const i of open) {
    const share = weightSum > 0 ? (left * (weights[i] ?? 1)) / weightSum : 0;
    let used = 0;
    let n = 0;
    for (const s of sizes[i]) {
      if (used + s > share && n >= min) break;
      used += s;
      n++;
    }
    keep[i] = n;
  }
  return keep;
}

/** A list of an answer that a budget may cut, in the order lists are shown. */
export interface Section<T = unknown> {
  name: string;
  items: readonly T[];
  /** Share of the budget relative to the others (default 1). */
  weight?: number;
}

/** What a cut list says: how many of how many are shown and where to read on (`section` + `offset`). */
export interface SectionCut {
  section: string;
  shown: number;
  total: number;
  /** Pass as `offset` (with `section`) to read the next items. */
  next_offset: number;
}

/** Characters kept back for the `more` listing and `truncated` of a cut answer. */
const CUT_NOTE_CHARS = 120;

/**
 * Fits an answer's lists into `budget` characters, `fixedChars` being what the rest of the answer takes.
 * Without `only`, every list gets a share (short lists whole, long ones split the rest by weight), from its
 * start. With `only` (a section name), that list alone is read from `offset` and the others are left empty.
 * Returns the items kept per section and the cuts, in section order.
 */
export function fitSections(sections: readonly Section[], budget: number, fixedChars: number, only?: string, offset = 0): { kept: Map<string, readonly unknown[]>; cuts: SectionCut[] } {
  const kept = new Map<string, readonly unknown[]>();
  const cuts: SectionCut[] = [];
  const room = budget - fixedChars - CUT_NOTE_CHARS * sections.length;
  if (only !== undefined) {
    for (const s of sections) kept.set(s.name, []);
    const s = sections.find((x) => x.name === only);
    if (!s) return { kept, cuts };
    const rest = s.items.slice(offset);
    const n = fitCount(rest, room);
    kept.set(s.name, rest.slice(0, n));
    if (offset + n < s.items.length) cuts.push({ section: s.name, shown: n, total: s.items.length, next_offset: offset + n });
    return { kept, cuts };
  }
  const counts = shareBudget(sections.map((s) => s.items), room, sections.map((s) => s.weight ?? 1));
  sections.forEach((s, i) => {
    kept.set(s.name, s.items.slice(0, counts[i]));
    if (counts[i] < s.items.length) cuts.push({ section: s.name, shown: counts[i], total: s.items.length, next_offset: counts[i] });
  });
  return { kept, cuts };
}
