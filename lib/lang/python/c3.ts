/**
 * Python's C3 merge, the step of a class's method resolution order: the resolver (resolve.ts) and the differential
 * against a type checker (bench/python-callgraph-diff.ts) linearise the same way through this one function.
 */

/**
 * Merges the bases' linearisations and the list of direct bases (`seqs`, in that order) into the class's order
 * after itself: repeatedly the first head that is in no other list's tail. `opaque` entries (bases outside the
 * project, whose own order is unknown) are always taken when they come first and are never matched. Undefined when
 * no consistent order exists (Python raises a TypeError for such a class).
 */
export function c3Merge<T>(seqs: ReadonlyArray<readonly T[]>, same: (a: T, b: T) => boolean, opaque: (x: T) => boolean): T[] | undefined {
  const out: T[] = [];
  const lists = seqs.map((l) => [...l]);
  for (;;) {
    const live = lists.filter((l) => l.length > 0);
    if (live.length === 0) return out;
    const head = live.find((l) => opaque(l[0]) || !live.some((o) => o.slice(1).some((x) => !opaque(x) && same(x, l[0]))))?.[0];
    if (head === undefined) return undefined;
    out.push(head);
    for (const l of live) if (l[0] === head || (!opaque(l[0]) && !opaque(head) && same(l[0], head))) l.shift();
  }
}
