import type { Collector } from './collector.ts';
import type { Node } from './util.ts';
import { lookup } from './scope.ts';
import { bindsLocal } from '../facts.ts';

/** Flow narrowing the collector records: `instanceof` and type guards, discriminants, early exits. */

/**
 * `if (x instanceof C) …`: inside the guarded statement, occurrences of the same binding of x (a parameter or
 * local; symbols keep their own references) are C instances, as the checker narrows them.
 */
export function narrow(this: Collector): void {
  for (const { name, type, guard, guard2, body, exit } of this.narrowings) {
    this.forEachOccurrence(name, body ?? this.exitSpan(exit!), (node) => {
      // (an early exit's narrowing holds in the rest of the block, where an `if` of its own may narrow further)
      if (type) { if (!exit || !this.narrowedTo.has(node)) this.narrowedTo.set(node, type); } else if (guard && !this.narrowedTo.has(node) && (!exit || !this.guardedBy.has(node))) this.guardedBy.set(node, guard2 ? [guard, guard2] : guard);
    });
  }
}

/**
 * Calls `fn` for each occurrence inside `body` (offsets) of the binding `name` names, when that is a parameter or
 * local (symbols keep their own references), `name` itself aside.
 */
export function forEachOccurrence(this: Collector, name: Node, body: { start: number; end: number }, fn: (node: Node) => void): void {
  const rec = this.idOf(name);
  if (!rec?.scope) return;
  const text = this.ident(name);
  const b = lookup(rec.scope, text);
  if (!bindsLocal(b)) return;
  const recs = this.sortedIds;
  let lo = 0, hi = recs.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (recs[mid].node.start < body.start) lo = mid + 1; else hi = mid; }
  for (let i = lo; i < recs.length && recs[i].node.start < body.end; i++) {
    const r = recs[i];
    if (r.scope && r.node !== name && this.ident(r.node) === text && lookup(r.scope, text) === b) fn(r.node);
  }
}

/**
 * `switch (x.kind) { case 'a': case 'b': … }` and `if (x.kind === 'a') …`: inside the case (with the empty cases
 * that fall into it) or the guarded statement, occurrences of the same binding of x (a parameter or local) are the
 * member types whose `kind` is one of those strings, as the checker narrows a discriminated union.
 */
export function narrowByTags(this: Collector): void {
  // (an `else` branch's exclusion first: a test inside it, `else if (x.kind === 'b')`, says more and wins)
  const all: Collector['tagNarrowings'] = [...this.tagNarrowings.filter((x) => x.not), ...this.tagNarrowings.filter((x) => !x.not)];
  // (the block after an early exit: from the `if`'s end to the end of the innermost scope around it)
  for (const x of this.tagExits) all.push({ name: x.name, key: x.key, tags: x.tags, body: this.exitSpan(x.exit), ...(x.not ? { not: true } : {}) });
  this.tagCases.forEach((cases) => {
    const ordered = [...cases].sort((a, b) => a.node.start - b.node.start);
    let pending: string[] = [];
    for (const c of ordered) {
      pending.push(this.text.slice(c.tag.start, c.tag.end));
      // a case with no statements falls into the next one: its tag joins that one's
      const rest = this.text.slice(c.tag.end + 1, c.node.end).replace(/^\s*:\s*/, '');
      if (rest === '') continue;
      all.push({ name: c.name, key: c.key, tags: pending, body: c.node });
      pending = [];
    }
  });
  for (const { name, key, tags, body, not } of all) {
    const k = this.ident(key);
    this.forEachOccurrence(name, body, (node) => {
      if (this.narrowedTo.has(node)) return;
      // (two exclusions of one discriminant hold together: the `else` of an `else if`, the rest after two early exits)
      const prev = this.tagged.get(node);
      if (not && prev?.not && prev.key === k) this.tagged.set(node, { key: k, tags: [...new Set([...prev.tags, ...tags])], not });
      else this.tagged.set(node, not ? { key: k, tags, not } : { key: k, tags });
    });
  }
}

/** Where an early exit's narrowing holds: from the end of its `if` to the end of the innermost scope around it. */
export function exitSpan(this: Collector, exit: Node): { start: number; end: number } {
  return { start: exit.end, end: this.scopeAt(exit.start).end };
}

/** The operator written between two nodes of a comparison (`===` in `x.kind === 'a'`; quotes and spaces left out). */
export function operatorBetween(this: Collector, left: Node, right: Node): string {
  return this.text.slice(left.end, right.start).replace(/[\s'"`]/g, '');
}
