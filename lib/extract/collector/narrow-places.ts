import type { Collector } from './collector.ts';
import type { Node } from './util.ts';
import { lookup } from './scope.ts';
import { bindingIndex, bindsLocal } from '../facts.ts';

/** Where a test narrows: `instanceof` and type-guard calls anywhere in a condition, followed up to what they decide. */

type Span = { start: number; end: number };
/** A flow construct, or an assertion call as a statement (`invariant(cond)`: see Collector.assertCalls). */
type Construct = Collector['flowConstructs'][number] | (Collector['assertCalls'][number] & { kind: 'assert' });

/**
 * What a test decides on the way up from it (`span`, the test or its negation) through `&&`, `||` and parentheses:
 * `decide` is called with the operators passed (`ops`), the expression holding the test that decides (`decider`),
 * the value it has there (`value`), the place that value holds (`region`; with `exit`, the rest of the block after
 * that early exit's `if` or assertion call), the expressions the walk had reached once past each operator (`spans`),
 * and, for an assertion call's argument, its callee (`via`: the value holds only where it asserts). `stack` is the
 * flow constructs around the test, outermost first.
 */
export function walkDecisions(
  this: Collector, span: Span, stack: readonly Construct[],
  decide: (ops: string[], decider: Span, value: boolean, region: Span, exit?: Node, spans?: readonly Span[], via?: Node) => void,
): void {
  const ops: string[] = [];
  const spans: Span[] = [];
  for (let k = stack.length - 1; k >= 0; k--) {
    const c = stack[k];
    if (c.end < span.end || (c.start === span.start && c.end === span.end)) continue;
    if (c.kind === 'expr' && c.op && (c.op.text === '&&' || c.op.text === '||') && c.cond) {
      const right = { start: c.op.end, end: c.end };
      if (wraps(this, c.cond, span)) decide(ops, c.cond, c.op.text === '&&', right, undefined, spans);
      else if (!wraps(this, right, span)) break;
      ops.push(c.op.text);
      span = c;
      spans.push(c);
      continue;
    }
    // (an assertion's argument: the rest of the block after its statement held it, where the callee asserts it, `via`)
    if (c.kind === 'assert') {
      if (wraps(this, c.cond, span)) decide(ops, c.cond, true, this.exitSpan(c.stmt), c.stmt, spans, c.fn);
      break;
    }
    // (the condition of an `if` or a conditional: its consequence, and what follows it, the alternative)
    if ((c.kind === 'stmt' || c.kind === 'expr') && c.cond && c.branch && wraps(this, c.cond, span)) {
      decide(ops, c.cond, true, c.branch, undefined, spans);
      decide(ops, c.cond, false, { start: c.branch.end, end: c.end }, undefined, spans);
      // (an `if` whose consequence ends in an exit: the rest of the block, where the condition failed)
      const exit = c.kind === 'stmt' ? this.exitIfs.get(c.start) : undefined;
      if (exit) decide(ops, c.cond, false, this.exitSpan(exit), exit, spans);
    }
    break;
  }
}

/** Whether `outer` is `inner` itself, in parentheses or not (comments between them, `a ||\n // why\n b`, are none). */
function wraps(c: Collector, outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end
    && OPENING.test(c.text.slice(outer.start, inner.start)) && CLOSING.test(c.text.slice(inner.end, outer.end));
}

/** Text that is only opening (closing) parentheses, white space and comments. */
const OPENING = /^(?:[\s(]|\/\/[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*$/;
const CLOSING = /^(?:[\s)]|\/\/[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*$/;
/** The opening parentheses, white space and comments at a place (sticky: set lastIndex first). */
const LEADING = /(?:[\s(]|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/y;

/**
 * `x instanceof C` and a guard call `isFoo(x)` wherever they sit in a condition (`ok && x instanceof C && x.m()`,
 * `if (a || !isFoo(x)) return;`): x is narrowed where the way up to the decider takes only `&&` and the decider held
 * (the test held), or only `||` and the decider failed (the test failed) — a negated test the other way round. A
 * failed `instanceof` leaves what x's type holds without C; a failed guard call, without the guard's type (the call
 * kept). Recorded as the narrowings `narrow` applies, ordered so that a nearer test comes after the one around it.
 */
export function narrowByPlaces(this: Collector): void {
  if (!this.placedTests.length) return;
  const constructs: Construct[] = this.flowConstructs.filter((c) => c.kind !== 'test');
  for (const a of this.assertCalls) constructs.push({ ...a, kind: 'assert' });
  constructs.sort((a, b) => a.start - b.start || b.end - a.end);
  const enclosing = sweepEnclosing(constructs);
  const tests = [...this.placedTests].sort((a, b) => a.test.start - b.test.start);
  const found: Array<{ at: number; rec: Collector['narrowings'][number] }> = [];
  for (const t of tests) {
    let span: Span = { start: t.test.start, end: this.end(t.test) };
    const negation = this.negationOf(span);
    if (negation) span = negation;
    this.walkDecisions(span, enclosing(t.test.start), (ops, _decider, value, region, exit, _spans, via) => {
      if (!exit && region.end <= region.start) return;
      if (!ops.every((o) => o === (value ? '&&' : '||'))) return;
      const held = value !== !!negation;
      // (a method call: where it held the name is what the method's `this is T` says, `a.hasKind("x") && b ? a.m() : …`;
      // where it failed, what its type leaves without T — both read by the resolver only where the method declares one)
      if (t.self && !held) this.selfTests.set(t.test, true);
      const where = exit ? { exit } : { body: region };
      const rec: Collector['narrowings'][number] = held
        ? (t.type ? { name: t.name, type: t.type, ...where } : t.self ? { name: t.name, guard: t.test, ...where, self: true as const } : { name: t.name, guard: t.guard!, ...where })
        : { name: t.name, type: t.type ?? t.test, ...where, not: true as const };
      if (via) rec.via = via;
      found.push({ at: t.test.start, rec });
    });
  }
  if (this.conditionAliases.length) found.push(...aliasedNarrowings(this, constructs, tests));
  // (either of two guards on one name, `(isA(x) || isB(x)) && x.m()`, `if (isA(x) || isB(x)) …`, `invariant(isA(x) ||
  // isB(x))`, or neither failed, `if (!isA(x) && !isB(x)) return;`: x is one of both guards' types where the pair held)
  const enclosingPair = sweepEnclosing(constructs);
  for (const pair of guardPairs(this, constructs, tests)) {
    let span: Span = pair.span;
    const negation = this.negationOf(span);
    if (negation) span = negation;
    this.walkDecisions(span, enclosingPair(pair.span.start), (ops, _decider, value, region, exit, _spans, via) => {
      if ((!exit && region.end <= region.start) || !ops.every((o) => o === (value ? '&&' : '||'))) return;
      if ((value !== !!negation) === pair.neither) return;
      const rec: Collector['narrowings'][number] = { name: pair.name, guard: pair.guard, guard2: pair.guard2, ...(exit ? { exit } : { body: region }) };
      if (via) rec.via = via;
      found.push({ at: pair.span.start, rec });
    });
  }
  if (!found.length) return;
  // (the patterns' own narrowings first, by where they hold; each test after the ones around it: narrow lets a later
  // narrowing of the same occurrence win)
  const keyed = this.narrowings.map((rec) => ({ at: (rec.body ?? rec.exit)!.start, rec }));
  keyed.push(...found);
  keyed.sort((a, b) => a.at - b.at);
  this.narrowings.length = 0;
  for (const k of keyed) this.narrowings.push(k.rec);
}

type PlacedTest = Collector['placedTests'][number];

/**
 * Aliased conditions, as the checker reads them: where `const ok = isA(x) && ready` (a const without a type) is tested,
 * `if (ok) …`, `if (!ok) return;`, the tests inside its value narrow as if written there — where the way up from the
 * test to the value and the way up from the const's test agree (only `&&` to a value that held, only `||` to one that
 * failed), and only a name no assignment changes (a const, or a parameter or `let` never assigned: the checker's
 * constant references), one level deep. Method guards' exclusions are left out (see narrowByPlaces).
 */
function aliasedNarrowings(c: Collector, constructs: readonly Construct[], tests: readonly PlacedTest[]): Array<{ at: number; rec: Collector['narrowings'][number] }> {
  const out: Array<{ at: number; rec: Collector['narrowings'][number] }> = [];
  const aliases = [...c.conditionAliases].sort((a, b) => a.value.start - b.value.start);
  // (the names some assignment writes, by binding: no constant reference)
  let assigned: Set<number> | undefined;
  const constant = (name: Node): boolean => {
    if (!assigned) {
      assigned = new Set();
      for (const t of c.assignTargets) { const b = bindingOfName(c, t); if (b !== undefined) assigned.add(b); }
    }
    const b = bindingOfName(c, name);
    return b !== undefined && !assigned.has(b);
  };
  // each test inside an alias's value, with the operators on its way up to the value
  const uses: Array<{ use: Node; test: PlacedTest; negated: boolean; ops: string[] }> = [];
  const enclosing = sweepEnclosing(constructs);
  for (const t of tests) {
    if (t.self) continue;
    const a = aliases.find((x) => x.value.start <= t.test.start && c.end(t.test) <= c.end(x.value));
    if (!a || !constant(t.name)) continue;
    let span: Span = { start: t.test.start, end: c.end(t.test) };
    const negation = c.negationOf(span);
    if (negation) span = negation;
    const value = { start: a.value.start, end: c.end(a.value) };
    const ops = opsUpTo(c, span, enclosing(t.test.start), value);
    if (!ops) continue;
    c.forEachOccurrence(a.name, { start: value.end, end: c.text.length }, (use) => uses.push({ use, test: t, negated: !!negation, ops }));
  }
  uses.sort((a, b) => a.use.start - b.use.start);
  const enclosingUse = sweepEnclosing(constructs);
  for (const { use, test: t, negated, ops } of uses) {
    let span: Span = { start: use.start, end: c.end(use) };
    const negation = c.negationOf(span);
    if (negation) span = negation;
    c.walkDecisions(span, enclosingUse(use.start), (outer, _decider, value, region, exit, _spans, via) => {
      if (!exit && region.end <= region.start) return;
      if (!outer.every((o) => o === (value ? '&&' : '||'))) return;
      // (the const's value there, and the test's, which the way up inside the value must carry)
      const held = value !== !!negation;
      if (!ops.every((o) => o === (held ? '&&' : '||'))) return;
      const testHeld = held !== negated;
      const where = exit ? { exit } : { body: region };
      const rec: Collector['narrowings'][number] = testHeld
        ? (t.type ? { name: t.name, type: t.type, ...where } : { name: t.name, guard: t.guard!, ...where })
        : { name: t.name, type: t.type ?? t.test, ...where, not: true as const };
      if (via) rec.via = via;
      out.push({ at: use.start, rec });
    });
  }
  return out;
}

/** The `&&` and `||` passed on the way up from `span` to `top` (parentheses aside); undefined where anything else is. */
function opsUpTo(c: Collector, span: Span, stack: readonly Construct[], top: Span): string[] | undefined {
  const ops: string[] = [];
  for (let k = stack.length - 1; k >= 0 && !wraps(c, top, span); k--) {
    const x = stack[k];
    if (x.end < span.end || (x.start === span.start && x.end === span.end)) continue;
    if (x.kind !== 'expr' || !x.op || (x.op.text !== '&&' && x.op.text !== '||') || !x.cond) return undefined;
    if (!wraps(c, x.cond, span) && !wraps(c, { start: x.op.end, end: x.end }, span)) return undefined;
    ops.push(x.op.text);
    span = x;
  }
  return wraps(c, top, span) ? ops : undefined;
}

/** The local binding an identifier names (a parameter or local), undefined for anything else. */
function bindingOfName(c: Collector, name: Node): number | undefined {
  const rec = c.idOf(name);
  if (!rec?.scope) return undefined;
  const b = lookup(rec.scope, c.ident(name));
  return bindsLocal(b) ? bindingIndex(b) : undefined;
}

/**
 * The `||` expressions whose two sides are guard calls taking the same name alone (`isA(x) || isB(x)`, either side in
 * parentheses), and the `&&` expressions whose two sides are such calls negated (`!isA(x) && !isB(x)`, `neither`: the
 * pair held where it failed), in the order of `constructs` (by start): the expression, the name and both guards.
 */
function guardPairs(c: Collector, constructs: readonly Construct[], tests: readonly PlacedTest[]): Array<{ span: Span; name: Node; guard: Node; guard2: Node; neither: boolean }> {
  const byStart = new Map<number, PlacedTest>();
  for (const t of tests) if (t.guard && t.guard !== t.test) byStart.set(t.test.start, t);
  if (byStart.size < 2) return [];
  const testIn = (span: Span, negated: boolean): PlacedTest | undefined => {
    LEADING.lastIndex = span.start;
    const at = span.start + LEADING.exec(c.text)![0].length;
    if (!negated) {
      const t = byStart.get(at);
      return t && wraps(c, span, { start: t.test.start, end: c.end(t.test) }) && !c.negationOf({ start: t.test.start, end: c.end(t.test) }) ? t : undefined;
    }
    // (`!isA(x)`: the call after the `!` and any parentheses, the whole side its negation)
    if (c.text[at] !== '!') return undefined;
    LEADING.lastIndex = at + 1;
    const t = byStart.get(at + 1 + LEADING.exec(c.text)![0].length);
    const neg = t && c.negationOf({ start: t.test.start, end: c.end(t.test) });
    return t && neg && neg.start === at && wraps(c, span, neg) ? t : undefined;
  };
  const out: Array<{ span: Span; name: Node; guard: Node; guard2: Node; neither: boolean }> = [];
  for (const k of constructs) {
    if (k.kind !== 'expr' || (k.op?.text !== '||' && k.op?.text !== '&&') || !k.cond) continue;
    const neither = k.op.text === '&&';
    const a = testIn(k.cond, neither), b = a && testIn({ start: k.op.end, end: k.end }, neither);
    if (a && b && sameSubject(c, a.name, b.name)) out.push({ span: { start: k.start, end: k.end }, name: a.name, guard: a.guard!, guard2: b.guard!, neither });
  }
  return out;
}

/** Whether two tests' subjects are the same name or path (`isA(x.a) || isB(x.a)`, not `isA(x.a) || isB(x.b)`). */
function sameSubject(c: Collector, a: Node, b: Node): boolean {
  return c.ident(a) === c.ident(b) && c.text.slice(a.start, c.end(a)).replace(/\s+/g, '') === c.text.slice(b.start, c.end(b)).replace(/\s+/g, '');
}

/**
 * A sweep over spans sorted by start (outer first where two start together): called with non-decreasing positions,
 * it gives the spans holding each, outermost first. The array is the sweep's own and changes with the next call.
 */
export function sweepEnclosing<T extends { start: number; end: number }>(spans: readonly T[]): (at: number) => readonly T[] {
  const stack: T[] = [];
  let next = 0;
  return (at) => {
    while (next < spans.length && spans[next].start <= at) {
      const c = spans[next++];
      while (stack.length && stack[stack.length - 1].end <= c.start) stack.pop();
      stack.push(c);
    }
    while (stack.length && stack[stack.length - 1].end <= at) stack.pop();
    return stack;
  };
}
