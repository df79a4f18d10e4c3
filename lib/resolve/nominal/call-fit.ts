/** How a call's argument labels and count fit a function, before the arguments' types are weighed (values.ts). */
import type { Arity } from './values.ts';
import type { SymRef, World } from './world.ts';

/**
 * Whether a call's argument labels name a function's parameters in order, those left out having defaults (true
 * where the function's labels are not known). Parameters after the last label are not checked: a trailing closure
 * may give the last one.
 */
export function labelsFit(w: World, r: SymRef, labels: readonly string[]): boolean {
  const x = w.extra(r);
  if (!x.labels) return true;
  let i = 0;
  for (const l of labels) {
    while (i < x.labels.length && x.labels[i] !== l) { if (!x.optional?.[i]) return false; i++; }
    if (i >= x.labels.length) return false;
    i++;
  }
  return true;
}

/** Whether a call fits a function exactly: its labels, and its argument count when known. */
export function fitsExactly(w: World, r: SymRef, argc: Arity): boolean {
  if (argc === undefined) return true;
  if (typeof argc === 'object' && argc.labels && !labelsFit(w, r, argc.labels)) return false;
  const a = w.extra(r).arity;
  const n = typeof argc === 'number' ? argc : argc.n;
  return !a || (n >= a[0] && (a[1] < 0 || n <= a[1]));
}
