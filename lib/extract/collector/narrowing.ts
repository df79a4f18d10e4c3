import type { Collector } from './collector.ts';
import { pushTo, type Node } from './util.ts';
import { functionScope, lookup } from './scope.ts';
import { sweepEnclosing } from './narrow-places.ts';
import { ENUM_TAG, FALSY_TAGS, HAS_TAG, KEYWORD_TAG, NULLISH_TAGS, TRUE_TAG, bindingIndex, bindsLocal } from '../facts.ts';

/** Flow narrowing the collector records: `instanceof` and type guards, discriminants, early exits. */

/**
 * `if (x instanceof C) …`: inside the guarded statement, occurrences of the same binding of x (a parameter or
 * local; symbols keep their own references) are C instances, as the checker narrows them.
 */
export function narrow(this: Collector): void {
  for (const { name, type, guard, guard2, body, exit, not, self, asserts, via } of this.narrowings) {
    this.forEachOccurrence(name, body ?? this.exitSpan(exit!), (node) => {
      // (after an assertion call whose argument tested x, `invariant(x instanceof A);`: x is narrowed by the test where
      // nothing else narrows it, and only where the callee asserts its argument — the resolver decides, see assertVia)
      if (via) {
        if (this.narrowedTo.has(node) || this.guardedBy.has(node) || this.excludedFrom.has(node) || this.assertedBy.has(node) || this.selfGuardedBy.has(node)) return;
        if (not) this.excludedFrom.set(node, [type!]); else if (type) this.narrowedTo.set(node, type); else this.guardedBy.set(node, guard2 ? [guard!, guard2] : guard!);
        this.assertVia.set(node, via);
        return;
      }
      // (any other narrowing of the occurrence drops the one an assertion call made: it held only where the callee
      // asserts, which one occurrence cannot say beside another narrowing; but for a test that failed, which only takes
      // parts away from either, `invariant(isText(x)); … if (isToken(x)) return;`, and for a method call, which narrows
      // only where its method declares `this is T`, `invariant(isText(x)); if (x.isSegmented() && a) x.setMode()`)
      if (this.assertVia.size && !not && !self && this.assertVia.has(node)) {
        this.assertVia.delete(node);
        this.narrowedTo.delete(node);
        this.guardedBy.delete(node);
        this.excludedFrom.delete(node);
      }
      // (after an assertion, `assertAdmin(u);`: u is what the callee asserts, where nothing else narrows it)
      if (asserts) { if (!this.narrowedTo.has(node) && !this.guardedBy.has(node) && !this.assertedBy.has(node)) this.assertedBy.set(node, guard!); return; }
      // (a method guard, `if (x.isLeaf())`: x is what the method's `this is T` says, where nothing else narrows it)
      if (self) { if (!this.narrowedTo.has(node) && !this.guardedBy.has(node) && (!exit || !this.selfGuardedBy.has(node))) this.selfGuardedBy.set(node, guard!); return; }
      // (where the test failed: x is what its type leaves without C, under any narrowing of its own)
      if (not) { const list = this.excludedFrom.get(node); if (list) list.push(type!); else this.excludedFrom.set(node, [type!]); return; }
      // (an early exit's narrowing holds in the rest of the block, where an `if` of its own may narrow further)
      if (type) { if (!exit || !this.narrowedTo.has(node)) this.narrowedTo.set(node, type); } else if (guard && !this.narrowedTo.has(node) && (!exit || !this.guardedBy.has(node))) {
        // (a call inside the region of a guard around it, `if (isRange(s)) { if (shouldInsert(s, data)) s.m() }`: the
        // nearer call wins where it is a guard, else the outer one still holds, which the collector cannot tell apart)
        const outer = this.guardedBy.get(node);
        if (outer) pushTo(this.guardedOuter, node, outer);
        this.guardedBy.set(node, guard2 ? [guard, guard2] : guard);
      }
    });
  }
}

/**
 * Calls `fn` for each occurrence inside `body` (offsets) of the binding `name` names, when that is a parameter or
 * local (symbols keep their own references), `name` itself aside.
 */
export function forEachOccurrence(this: Collector, name: Node, body: { start: number; end: number }, fn: (node: Node) => void): void {
  if (this.isThis(name)) { forEachThis(this, name, body, fn); return; }
  const rec = this.idOf(name);
  if (!rec?.scope) { if (this.narrowsPaths && this.members.has(name)) forEachPathOccurrence(this, name, body, fn); return; }
  const text = this.ident(name);
  const b = lookup(rec.scope, text);
  if (!bindsLocal(b)) return;
  const recs = this.sortedIds;
  let lo = 0, hi = recs.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (recs[mid].node.start < body.start) lo = mid + 1; else hi = mid; }
  for (let i = lo; i < recs.length && recs[i].node.start < body.end; i++) {
    const r = recs[i];
    // (the left of a qualified type name, `s.error<…>`, names a namespace, never the binding: see namespacePlaces)
    if (r.scope && r.node !== name && this.ident(r.node) === text && !this.namespacePlaces.has(r.node) && lookup(r.scope, text) === b) fn(r.node);
  }
}

/** A reference the checker narrows as it narrows a name: a name or `this`, then properties (`this.scope`, `l.node.kind`). */
const PATH = /^(?:this|[A-Za-z_$][\w$]*)(?:\.#?[A-Za-z_$][\w$]*)+$/;

/**
 * Whether a test's subject may be narrowed: a name, `this`, or a path of properties on one (see forEachPathOccurrence;
 * `a[i].b`, `a?.b`, `f().b` are not followed). A path marks the file as narrowing paths.
 */
export function narrowable(this: Collector, name: Node): boolean {
  if (!this.isPath(name)) return true;
  if (!PATH.test(compactText(this, name))) return false;
  this.narrowsPaths = true;
  return true;
}

/** Whether a test's subject is more than a name or `this` (a member read, `a.b`). */
export function isPath(this: Collector, name: Node): boolean {
  const end = this.end(name);
  for (let i = name.start; i < end; i++) if (this.text.charCodeAt(i) === 46) return true;
  return false;
}

/**
 * forEachOccurrence for a path of properties (`this.scope`, `l.node`): each read of the same path inside `body`, in the
 * function the test is in (the checker narrows a property reference in its own function's flow only, not in the
 * arrows inside it), whose first name is the same binding, before anything assigns the path or a part of it
 * (`this.scope = …`, `l = …`). A call between them keeps the narrowing, as the checker keeps it.
 */
function forEachPathOccurrence(c: Collector, name: Node, body: { start: number; end: number }, fn: (node: Node) => void): void {
  const text = compactText(c, name);
  const rootText = /^[\w$]+/.exec(text)![0];
  const home = functionScope(c.scopeAt(name.start));
  const rootBinding = (path: Node): ReturnType<typeof lookup> | null => {
    let r = path;
    for (let m = c.members.get(r); m; m = c.members.get(r)) r = m.object;
    if (rootText === 'this') return c.isThis(r) ? undefined : null;
    const rec = c.idOf(r);
    return rec?.scope ? lookup(rec.scope, rootText) ?? null : null;
  };
  const b = rootBinding(name);
  if (b === null) return;
  // (only a path read as another read's receiver, `this.scope.m()`: the path read itself, a callee or a property
  // referred to, `this.scope` in `f(this.scope)`, `this.fn()` after `isFunction(this.fn)`, keeps naming its member)
  const list = (c.memberList ??= [...c.members.values()].map((m) => m.object).filter((o) => c.members.has(o)).sort((x, y) => x.start - y.start));
  let lo = 0, hi = list.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid].start < body.start) lo = mid + 1; else hi = mid; }
  let stop: number | undefined;
  for (let i = lo; i < list.length && list[i].start < body.end; i++) {
    const o = list[i];
    if (o === name || c.end(o) - o.start < text.length || !c.text.startsWith(rootText, o.start) || compactText(c, o) !== text) continue;
    // (the first write of the path or a part of it after the test: the narrowing ends there)
    stop ??= firstWrite(c, text, c.end(name), body.end);
    if (o.start >= stop) break;
    if (functionScope(c.scopeAt(o.start)) === home && rootBinding(o) === b) fn(o);
  }
}

/** Where the first assignment (or `++`, `--`) to a path or any part of it is, between two offsets (`to` if none). */
function firstWrite(c: Collector, path: string, from: number, to: number): number {
  const parts = path.split('.');
  const alternatives: string[] = [];
  for (let i = parts[0] === 'this' ? 2 : 1; i <= parts.length; i++) alternatives.push(parts.slice(0, i).map((p) => p.replace(/\$/g, '\\$')).join('\\s*\\.\\s*'));
  const write = new RegExp(`(?<![\\w$.#])(?:${alternatives.join('|')})\\s*(?:=(?![=>])|\\+\\+|--|(?:[-+*/%&|^]|\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?)=)`, 'g');
  write.lastIndex = from;
  const m = write.exec(c.text);
  return m && m.index < to ? m.index : to;
}

/** True when `node` is the keyword `this` (no identifier is spelled so). */
export function isThis(this: Collector, node: Node): boolean {
  return this.end(node) - node.start === 4 && this.text.startsWith('this', node.start);
}

/** forEachOccurrence for `this`: each `this` inside `body` whose function is `name`'s (arrows see through). */
function forEachThis(c: Collector, name: Node, body: { start: number; end: number }, fn: (node: Node) => void): void {
  const owner = c.thisOwners.get(name);
  if (!owner) return;
  for (const [node, o] of c.thisOwners) if (o === owner && node !== name && node.start >= body.start && node.start < body.end) fn(node);
}

/**
 * Reads through a path whose discriminant a test before them in the same function compares (`node.tuple[0].node` after
 * `node.tuple[0].kind === "variadic"`): the checker may have narrowed that reference there, which is not followed for
 * paths (only for names), so their receiver is marked: a union there answers no member (see Expr `tested`).
 */
export function markTestedPaths(this: Collector): void {
  // (where each test may have narrowed: from it to the end of the function it is in — the checker narrows a reference
  // in its own function's flow, so a test in one method says nothing of the same path read in another)
  const held = new Map<string, Array<{ start: number; end: number; fn: ReturnType<typeof functionScope> }>>();
  for (const t of this.pathTests) {
    const fn = functionScope(this.scopeAt(t.recv.start));
    t.end = fn.parent ? fn.end : this.text.length;
    pushTo(held, t.text, { start: t.recv.start, end: t.end, fn });
  }
  const lengths = new Set([...held.keys()].map((k) => k.length));
  const shortest = Math.min(...lengths);
  for (const o of pathReads(this)) {
    // (cheap tests first: the path's text is at least as long as its compact form)
    if (o.end - o.start < shortest) continue;
    const text = this.text.slice(o.start, this.end(o)).replace(/\s+/g, '');
    if (!lengths.has(text.length)) continue;
    // (nor in the arrows inside that function, where the checker reads the path's declared type again)
    const tests = held.get(text)?.filter((s) => s.start < o.start && o.start < s.end);
    if (!tests?.length) continue;
    const fn = functionScope(this.scopeAt(o.start));
    if (tests.some((s) => s.fn === fn)) this.testedPaths.add(o);
  }
}

/**
 * `'tokens' in item.tokens[0]`: where the test held, the receivers of member reads through the same path (its text) are
 * narrowed by it, as the checker narrows a reference made of names and literal indexes; such a read takes it only where
 * every test of the path before it is one of these that holds there (see pathNarrowed), and nothing between the test and
 * the read assigns the path, a part of it, or declares its first name again.
 */
export function narrowPath(this: Collector, recv: Node, key: string, tags: string[], body: { start: number; end: number }, not?: boolean): void {
  const text = compactText(this, recv);
  // (a path of names, `.name` and literal indexes only: `x[i]` is no reference the checker narrows)
  if (!/^(?:this|[\w$]+)(?:\.[\w$]+|\[(?:\d+|'[^']*'|"[^"]*")\])+$/.test(text)) return;
  const root = /^[\w$]+/.exec(text)![0];
  const prefixes: string[] = [];
  for (const m of text.matchAll(/\.[\w$]+|\[[^\]]*\]/g)) prefixes.push(text.slice(0, m.index! + m[0].length));
  const escape = (p: string): string => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const assigned = new RegExp(`(?<![\\w$.])(?:${[root, ...prefixes].map(escape).join('|')})(?:=(?!=)|\\+\\+|--|[-+*/%&|^]=)`);
  const redeclared = new RegExp(`\\b(?:const|let|var)\\s+${escape(root)}\\b|[(,]\\s*${escape(root)}\\s*[),=:]|\\b${escape(root)}\\s*=>`);
  const home = functionScope(this.scopeAt(recv.start));
  for (const o of pathReads(this)) {
    if (o.start < body.start || o.start >= body.end || this.end(o) - o.start < text.length) continue;
    if (compactText(this, o) !== text) continue;
    const between = this.text.slice(this.end(recv), o.start);
    if (assigned.test(between.replace(/\s+/g, '')) || redeclared.test(between)) continue;
    // (the checker narrows a property reference in its own function only, not in the arrows inside it)
    if (functionScope(this.scopeAt(o.start)) !== home) continue;
    const rec = not ? { key, tags, test: recv, not } : { key, tags, test: recv };
    const list = this.pathTagged.get(o);
    if (list) { if (!list.some((x) => x.test === recv)) list.push(rec); } else this.pathTagged.set(o, [rec]);
  }
}

/**
 * The reads a test of a path may narrow: the receivers of member reads, and the initializers of locals (`const elseif =
 * alt.nodes[0]`, which the checker types by the narrowed path).
 */
function* pathReads(c: Collector): Iterable<Node> {
  for (const m of c.members.values()) yield m.object;
  for (const l of c.localNodes) if (l.init) yield l.init;
}

/** A node's text without white space. */
function compactText(c: Collector, n: Node): string {
  return c.text.slice(n.start, c.end(n)).replace(/\s+/g, '');
}

/**
 * The `in` tests of a path a read's receiver `o` takes (see narrowPath): those holding there, when every test of the
 * path before it in its function is one of them; undefined otherwise (the receiver stays `tested`).
 */
export function pathNarrowed(this: Collector, o: Node): Array<{ key: string; tags: string[]; test: Node }> | undefined {
  const list = this.pathTagged.get(o);
  if (!list) return undefined;
  const text = compactText(this, o);
  const held = new Set(list.map((x) => x.test.start));
  for (const t of this.pathTests) if (t.recv.start < o.start && o.start < (t.end ?? Infinity) && t.text === text && !held.has(t.recv.start)) return undefined;
  return list;
}

/** Whether a tag is a string's fragment (a quote before it), not an enum member. */
function isQuoted(c: Collector, tag: Node): boolean {
  const q = c.text.charCodeAt(tag.start - 1);
  return q === 39 || q === 34 || q === 96;
}

/**
 * A tag's text: a string's fragment, or ENUM_TAG and the enum member's name as written (`NodeTypes.ELEMENT`), whose
 * node is kept so that the facts say which member it is (the resolver compares members, not names).
 */
/**
 * Whether a node may be a discriminant's tag: a string's fragment, or a name written as an enum member is by
 * convention (`NodeTypes.ELEMENT`, `ast.NodeTypes.TEXT`: a capitalised name before the member) — not another value's
 * member (`a.default !== b.default`), which is no test of a discriminant.
 */
export function isTag(this: Collector, tag: Node): boolean {
  return isQuoted(this, tag) || this.isNullish(tag) || /(?:^|\.)[A-Z][\w$]*\.[\w$]+$/.test(this.text.slice(tag.start, this.end(tag)).replace(/\s+/g, ''));
}

export function tagText(this: Collector, tag: Node): string {
  if (isQuoted(this, tag)) return this.text.slice(tag.start, this.end(tag));
  if (this.isNullish(tag)) return KEYWORD_TAG + this.text.slice(tag.start, this.end(tag));
  const text = ENUM_TAG + this.text.slice(tag.start, this.end(tag)).replace(/\s+/g, '');
  if (!this.enumTags.has(text)) this.enumTags.set(text, tag);
  return text;
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
  for (const x of this.tagExits) all.push({ name: x.name, key: x.key, tags: x.tags, body: this.exitSpan(x.exit), ...(x.not ? { not: true } : {}), ...(x.path ? { path: true as const } : {}) });
  this.tagCases.forEach((cases, body) => {
    const ordered = [...cases].sort((a, b) => a.node.start - b.node.start);
    let pending: string[] = [];
    const empty = new Set<number>();
    for (const c of ordered) {
      pending.push(this.tagText(c.tag));
      // a case with no statements falls into the next one: its tag joins that one's (a string's: after its quote)
      const rest = this.text.slice(isQuoted(this, c.tag) ? c.tag.end + 1 : c.tag.end, c.node.end).replace(/^\s*:\s*/, '');
      if (rest === '') { empty.add(c.node.start); continue; }
      all.push({ name: c.name, key: c.key, tags: pending, body: c.node, ...(this.isPath(c.name) ? { path: true as const } : {}) });
      this.tagTest(c.name, c.key, c.node);
      pending = [];
    }
    const d = this.tagDefaults.get(body);
    if (d) {
      const tags = defaultExclusions(this, body, ordered, empty, d.node);
      if (tags) { all.push({ name: d.name, key: d.key, tags, body: d.node, not: true, ...(this.isPath(d.name) ? { path: true as const } : {}) }); this.tagTest(d.name, d.key, d.node); }
    }
  });
  for (const { name, key, tags, body, not, path } of all) {
    const k = this.ident(key);
    if (path) { this.narrowPath(name, k, tags, body, not); continue; }
    this.forEachOccurrence(name, body, (node) => {
      if (this.narrowedTo.has(node)) return;
      // (two exclusions of one discriminant hold together: the `else` of an `else if`, the rest after two early exits)
      const prev = this.tagged.get(node);
      // (a narrowing by another member holds there too: kept, to apply before this one)
      if (prev && prev.key !== k) { const also = this.taggedAlso.get(node); if (also) also.push(prev); else this.taggedAlso.set(node, [prev]); }
      if (not && prev?.not && prev.key === k) this.tagged.set(node, { key: k, tags: [...new Set([...prev.tags, ...tags])], not });
      else if (not && prev && !prev.not && prev.key === k) {
        // (an exclusion around a test that held, `if (x.kind !== 'a') return; if (x.kind === 'b') …`: both hold, the
        // tags the test names less the excluded ones; where none is left the test's say)
        const left = prev.tags.filter((t) => !tags.includes(t));
        if (left.length) this.tagged.set(node, { key: k, tags: left });
      } else this.tagged.set(node, not ? { key: k, tags, not } : { key: k, tags });
    });
  }
}

/**
 * The tags `default:` of a `switch (x.kind)` excludes: every case's, but those of the empty cases that fall into it —
 * when every clause of the switch compares a tag, and the clause before those (if any) ends in an exit (else what it
 * leaves falls in too: undefined). The checker's x there is the member types whose `kind` is none of them.
 */
function defaultExclusions(c: Collector, body: Node, cases: ReadonlyArray<{ tag: Node; node: Node }>, empty: ReadonlySet<number>, dflt: Node): string[] | undefined {
  // (the switch's own clauses: those inside the body that no other clause inside it holds)
  const own: Array<{ start: number; end: number }> = [];
  for (const k of c.caseClauses) {
    if (k.start < body.start || k.start >= body.end) continue;
    if (own.length && k.start < own[own.length - 1].end) continue;
    own.push(k);
  }
  if (own.length !== cases.length + 1) return undefined;
  const at = own.findIndex((k) => k.start === dflt.start);
  // (a `default:` with no statements of its own falls into the next clause)
  if (at < 0 || c.text.slice(dflt.start, c.end(dflt)).replace(/^default\s*:/, '').trim() === '') return undefined;
  let i = at - 1;
  while (i >= 0 && empty.has(own[i].start)) i--;
  if (i >= 0 && !c.exitClauses.has(own[i].start)) return undefined;
  const fallIn = new Set(own.slice(i + 1, at).map((k) => k.start));
  return cases.filter((k) => !fallIn.has(k.node.start)).map((k) => c.tagText(k.tag));
}

/**
 * A discriminant test anywhere in a condition (`a && x.kind === 'b'`, `(x.kind === 'a' || y) && z`), followed up
 * through `&&`, `||` and parentheses to what it decides: the right operand of each `&&`/`||` it is on the left of,
 * and the branches of the `if` or conditional whose condition holds it. There x is narrowed by the test where the way
 * up takes only `&&` (a consequence, the right of `&&`: the test held) or only `||` (an alternative, the right of
 * `||`: it failed); elsewhere either outcome may reach the branch, so x is every member type again — known so only
 * where the test is the one occurrence of the name in the deciding expression (two tests of x there join otherwise).
 */
export function narrowByConditions(this: Collector): void {
  type Span = { start: number; end: number };
  const constructs = this.flowConstructs.filter((c) => c.kind !== 'test').sort((a, b) => a.start - b.start || b.end - a.end);
  const tests = [...this.tagCompares].sort((a, b) => a.test.start - b.test.start);
  type Test = (typeof tests)[number] & { tagText: string };
  const groups = new Map<string, { decider: Span; region: Span; exit?: Node; op: string; tests: Test[]; fits: boolean }>();
  const enclosing = sweepEnclosing(constructs);
  for (const t of tests) {
    // (a truthiness test, `if (r.success)`, is `r.success` not being a falsy keyword literal; `!r.success` not `true`)
    const op = t.has ? '===' : t.truthy ? '!==' : this.operatorBetween(t.key, t.tag);
    const negated = op === '!==' || op === '!=';
    if (op !== '===' && op !== '==' && !negated) continue;
    const at = t.test.start;
    const stack = enclosing(at);
    // (`x.path != null` is loose: it compares with undefined too, as `== undefined` does with null)
    const loose = !t.has && !t.truthy && (op === '==' || op === '!=') && this.isNullish(t.tag);
    const tags = t.has ? [HAS_TAG] : t.truthy === 'truthy' ? FALSY_TAGS : t.truthy === 'falsy' ? [TRUE_TAG] : loose ? NULLISH_TAGS : [this.tagText(t.tag)];
    const tag = tags[0];
    // what the test decides in `region` (or, given `exit`, the rest of the block after that `if`) when `decider` (the
    // expression holding it) is `value`, `ops` the operators on the way up from the test to the decider
    // (`spans[i]`: the expression the walk up from the test had reached once it passed `ops[i]`)
    const decide = (ops: string[], decider: Span, value: boolean, region: Span, exit?: Node, spans: readonly Span[] = []): void => {
      if (region.end <= region.start) return;
      // (a `'key' in x` test narrows where it held; where it failed (the `else`, the rest after an early exit, the right
      // of `||`) the checker drops the member types that declare the member without `?`; no discriminant's reads are
      // filed by it)
      // (`!('key' in x)`: the decider's value says the opposite of the test's)
      if (t.has) {
        if (!ops.every((o) => o === (value ? '&&' : '||'))) return;
        const held = value !== negatedHas;
        if (held && exit && !t.path) this.tagExits.push({ name: t.name, key: t.key, tags: [tag], exit });
        else if (held && !exit) this.tagNarrowings.push(t.path ? { name: t.name, key: t.key, tags: [tag], body: region, path: true } : { name: t.name, key: t.key, tags: [tag], body: region });
        else if (!held && !t.path) {
          if (exit) this.tagExits.push({ name: t.name, key: t.key, tags: [tag], exit, not: true });
          else this.tagNarrowings.push({ name: t.name, key: t.key, tags: [tag], body: region, not: true });
        }
        return;
      }
      // (a path, `this.state.kind === 'a'`: narrowed where the test decides alone, see narrowPath; a chain of tests of it
      // is not followed)
      if (t.path) {
        if (!ops.every((o) => o === (value ? '&&' : '||'))) return;
        const not = value === negated;
        if (exit) this.tagExits.push({ name: t.name, key: t.key, tags, exit, path: true, ...(not ? { not } : {}) });
        else this.tagNarrowings.push({ name: t.name, key: t.key, tags, body: region, path: true, ...(not ? { not } : {}) });
        return;
      }
      if (ops.every((o) => o === (value ? '&&' : '||'))) {
        // (`!==` the other way round)
        const not = value === negated;
        if (exit) this.tagExits.push(not ? { name: t.name, key: t.key, tags, exit, not } : { name: t.name, key: t.key, tags, exit });
        else this.tagNarrowings.push(not ? { name: t.name, key: t.key, tags, body: region, not } : { name: t.name, key: t.key, tags, body: region });
        this.tagTest(t.name, t.key, exit ?? region, exit ? 'exit' : undefined);
      } else if (this.occurrencesIn(this.ident(t.name), decider) === 1) this.tagTest(t.name, t.key, exit ?? region, exit ? 'exit' : undefined);
      else if (!t.truthy && !loose) {
        // (maybe one of a chain of tests of one name, `x.kind === 'a' || x.kind === 'b'`: see below; the chain may be
        // an operand of conditions that must hold with it, `ready && (x.kind === 'a' || x.kind === 'b')`, or fail
        // with it: then the chain is the decider)
        const op = value ? '||' : '&&';
        let n = 0;
        while (n < ops.length && ops[n] === op) n++;
        const chain = n > 0 && n < ops.length && spans.length === ops.length && ops.slice(n).every((o) => o === (value ? '&&' : '||')) ? spans[n - 1] : decider;
        const id = `${chain.start}:${chain.end}:${value}:${region.start}`;
        let g = groups.get(id);
        if (!g) groups.set(id, (g = { decider: chain, region, exit, op, tests: [], fits: true }));
        g.tests.push({ ...t, tagText: tag });
        if ((chain === decider && !ops.every((o) => o === g!.op)) || negated === value) g.fits = false;
      }
    };
    let span: Span = { start: at, end: this.end(t.test) };
    const negation = t.has ? this.negationOf(span) : undefined;
    const negatedHas = negation !== undefined;
    if (negation) span = negation;
    this.walkDecisions(span, stack, decide);
  }
  // A decider that is a chain of tests of one name and key alone, `x.kind === 'a' || x.kind === 'b'` where it held
  // (`x.kind !== 'a' && x.kind !== 'b'` where it failed): x is the member types of any of those tags there
  for (const g of groups.values()) {
    if (!g.fits) continue;
    const [first] = g.tests, name = this.ident(first.name), key = this.ident(first.key);
    if (g.tests.some((t) => this.ident(t.name) !== name || this.ident(t.key) !== key) || this.occurrencesIn(name, g.decider) !== g.tests.length) continue;
    // (nothing but the tests, parentheses and the operator between them)
    const join = g.op === '||' ? /^[\s()]*\|\|[\s()]*$/ : /^[\s()]*&&[\s()]*$/;
    let at = g.decider.start, ok = true;
    for (let i = 0; i < g.tests.length && ok; i++) {
      const between = this.text.slice(at, g.tests[i].test.start);
      ok = i === 0 ? /^[\s(]*$/.test(between) : join.test(between);
      at = this.end(g.tests[i].test);
    }
    if (!ok || !/^[\s)]*$/.test(this.text.slice(at, g.decider.end))) continue;
    const tags = [...new Set(g.tests.map((t) => t.tagText))];
    if (g.exit) this.tagExits.push({ name: first.name, key: first.key, tags, exit: g.exit });
    else this.tagNarrowings.push({ name: first.name, key: first.key, tags, body: g.region });
    for (const t of g.tests) this.tagTest(t.name, t.key, g.exit ?? g.region, g.exit ? 'exit' : undefined);
  }
}

/**
 * The span of `!(test)` (`!test`, any parentheses matched around the test) when `!` negates the test span, else
 * undefined (`!!`, or `!(a && test)` where the `!` takes more than the test).
 */
export function negationOf(this: Collector, test: { start: number; end: number }): { start: number; end: number } | undefined {
  let i = test.start - 1, open = 0;
  for (; i >= 0; i--) {
    const ch = this.text[i];
    if (ch === '(') open++;
    else if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') break;
  }
  if (i < 0 || this.text[i] !== '!' || this.text[i - 1] === '!' || this.text[i + 1] === '=') return undefined;
  let j = test.end;
  for (let closed = 0; closed < open && j < this.text.length; j++) {
    const ch = this.text[j];
    if (ch === ')') closed++;
    else if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') return undefined;
  }
  return { start: i, end: j };
}

/** How many identifiers named `text` there are in `span`. */
export function occurrencesIn(this: Collector, text: string, span: { start: number; end: number }): number {
  const recs = this.sortedIds;
  let lo = 0, hi = recs.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (recs[mid].node.start < span.start) lo = mid + 1; else hi = mid; }
  let n = 0;
  for (let i = lo; i < recs.length && recs[i].node.start < span.end; i++) {
    const r = recs[i].node;
    if (r.end - r.start === text.length && this.ident(r) === text) n++;
  }
  return n;
}

/**
 * Where an early exit's narrowing holds: from the end of its `if` to the end of the statement list it is in, the
 * innermost scope around it or, directly in a `switch` clause, that clause (the checker enters every other clause
 * from the switch itself, where the test has not run, or falls into it from this one).
 */
export function exitSpan(this: Collector, exit: Node): { start: number; end: number } {
  const scope = this.scopeAt(exit.start);
  const clauses = this.caseClauses;
  if (clauses.length) {
    // (the innermost clause holding the `if` that starts inside that scope: a switch's body is a scope of its own,
    // so a clause of an enclosing switch starts before it, and one of an earlier nested switch ends before the `if`)
    let lo = 0, hi = clauses.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (clauses[mid].start <= exit.start) lo = mid + 1; else hi = mid; }
    for (let i = lo - 1; i >= 0 && clauses[i].start >= scope.start; i--) {
      if (clauses[i].end >= exit.end) return { start: exit.end, end: clauses[i].end };
    }
  }
  return { start: exit.end, end: scope.end };
}

/** The operator written between two nodes of a comparison (`===` in `x.kind === 'a'`; quotes and spaces left out). */
export function operatorBetween(this: Collector, left: Node, right: Node): string {
  return this.text.slice(left.end, right.start).replace(/[\s'"`]/g, '');
}

/** Files a discriminant test of `name` (the `x` of `x.kind === 'a'`) by `key` and the span where it narrows. */
export function tagTest(this: Collector, name: Node, key: Node, span: { start: number; end: number }, how?: 'exit' | 'switch'): void {
  const k = this.ident(key);
  const l = this.tagTests.get(name);
  const rec = how ? { key: k, span, how } : { key: k, span };
  if (l) l.push(rec); else this.tagTests.set(name, [rec]);
}

/** How many steps of a path from a name markWholeReads follows (`x.a.b.c.kind`). */
const MAX_PATH_STEPS = 4;

/**
 * Reads `x.key` of a parameter or local never assigned again whose narrowing by `key` is all known: every earlier
 * occurrence of x in its function is a discriminant test of `key` that either narrows where the read is (a body,
 * an alternative, an early exit: the narrowing read above holds there) or sits in conditions and statements that
 * end before the read without an exit (so both ways join again), or a member read (`x.node`) in no condition around
 * the read, or sits in a function that does not hold the read. The checker's property at such a read is that of
 * the member types the narrowing leaves (all of them where nothing narrows), which the resolver may then name. Reads
 * through a path from such a name, `x.result.type`, where nothing before them may have narrowed the name or the path,
 * are whole too (the checker's property there is that of every member type of the path's declared type).
 */
export function markWholeReads(this: Collector): void {
  // (every key, tested in the file or not: a discriminant read where nothing tests it, `return flags.isSuccess`, is
  // the checker's property of every member type, as much as one after tests that leave them all)
  if (!this.members.size) return;
  // (outer first where two start together, so the sweep below nests them)
  const constructs = [...this.flowConstructs].sort((a, b) => a.start - b.start || b.end - a.end);
  const exits = [...this.flowExits].sort((a, b) => a - b);
  const exitIn = (s: number, e: number): boolean => {
    let lo = 0, hi = exits.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (exits[mid] < s) lo = mid + 1; else hi = mid; }
    return lo < exits.length && exits[lo] < e;
  };
  // (an exit in c after `from` that some path from there may reach: none in an alternative of a construct of `inner`
  // whose consequence holds `from`)
  const exitAfter = (from: number, c: { start: number; end: number }, inner: Array<{ start: number; end: number; branch?: { start: number; end: number } }>): boolean => {
    let lo = 0, hi = exits.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (exits[mid] < from) lo = mid + 1; else hi = mid; }
    for (let i = lo; i < exits.length && exits[i] < c.end; i++) {
      const e = exits[i];
      if (!inner.some((d) => d.branch && from > d.branch.start && from <= d.branch.end && e >= d.branch.end && e < d.end)) return true;
    }
    return false;
  };
  // (the object of each member read, and the member read of each object)
  const memberOf = new Map<Node, { m: Node; property: Node }>();
  // (the member read whose object is another member read, `x.result` → `x.result.type`: a path's next step)
  const stepOf = new Map<Node, Node>();
  for (const [m, rec] of this.members) if (this.members.has(rec.object)) stepOf.set(rec.object, m);
  const wanted = new Set<string>();
  // (names compared by length first: most identifiers are no such object, and slicing each would cost a string apiece)
  const wantedLengths = new Set<number>();
  for (const [m, rec] of this.members) {
    if (!this.idOf(rec.object)) continue;
    memberOf.set(rec.object, { m, property: rec.property });
    const name = this.ident(rec.object);
    wanted.add(name);
    wantedLengths.add(name.length);
  }
  if (!wanted.size) return;
  // (a method called on x may be a guard of x, `x.isLeaf()` with `this is Leaf`)
  const callees = new Set<Node>();
  for (const c of this.calls.values()) callees.add(c.callee);
  // occurrences by name, in source order
  const byName = new Map<string, Array<{ node: Node; scope: NonNullable<ReturnType<Collector['idOf']>>['scope'] }>>();
  // (and the conditions, tests and statements around each: one sweep, as they nest)
  type Construct = (typeof constructs)[number];
  const around = new Map<Node, Construct[]>();
  const enclosing = sweepEnclosing(constructs);
  for (const r of this.sortedIds) {
    if (!r.scope || !wantedLengths.has(r.node.end - r.node.start)) continue;
    const text = this.ident(r.node);
    if (!wanted.has(text)) continue;
    const l = byName.get(text);
    if (l) l.push({ node: r.node, scope: r.scope }); else byName.set(text, [{ node: r.node, scope: r.scope }]);
    around.set(r.node, enclosing(r.node.start).slice());
  }
  const inside = (p: number, s: { start: number; end: number }): boolean => p >= s.start && p < s.end;
  for (const [text, occ] of byName) {
    const bindings = occ.map((o) => lookup(o.scope, text));
    /**
     * Whether every earlier occurrence of occurrence i's name that a path from it may see is plain: its declaration, a
     * truthiness test (which leaves every object type), or the start of a member read that is no callee, sits in no
     * condition or test, is no operand a guard or an assertion may take (after `(`, `,` or `!`) and is not assigned to
     * (`x.result = …` narrows the path); the checker's type of `x.result` is then the declared one. (An occurrence in
     * a function that does not hold the read narrows nothing there.)
     */
    const plainBefore = (i: number): boolean => {
      const p = occ[i].node.start, b = bindings[i];
      for (let j = i - 1; j >= 0; j--) {
        if (bindings[j] !== b) continue;
        const O = occ[j].node;
        const fn = functionScope(occ[j].scope!);
        if (fn !== this.root && !inside(p, fn)) continue;
        if (this.localNames.has(O) || this.truthyNames.has(O)) continue;
        const mem = memberOf.get(O);
        if (!mem || callees.has(mem.m) || this.tagged.has(O)) return false;
        if (around.get(O)!.some((c) => c.kind === 'test' || (c.cond && inside(O.start, c.cond)))) return false;
        if (/[(,!]\s*$/.test(this.text.slice(Math.max(0, O.start - 16), O.start))) return false;
        let top = mem.m;
        for (let d = 0, up = stepOf.get(top); up && d < MAX_PATH_STEPS; d++, up = stepOf.get(top)) top = up;
        if (/^\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])/.test(this.text.slice(this.end(top), this.end(top) + 8))) return false;
      }
      return true;
    };
    for (let i = 0; i < occ.length; i++) {
      const R = occ[i].node;
      const rm = memberOf.get(R);
      const b = bindings[i];
      if (!rm || !bindsLocal(b) || this.reassignedLocals.has(bindingIndex(b))) continue;
      const read = { prop: this.ident(rm.property) };
      if (this.narrowedTo.has(R) || this.guardedBy.has(R) || this.selfGuardedBy.has(R) || this.assertedBy.has(R) || this.arrayPart.has(R)) continue;
      // (a read through a path from the name, `x.result.type`: each step's receiver, where nothing before it may have
      // narrowed the name or the path: see plainBefore)
      const next = stepOf.get(rm.m);
      if (next && !this.tagged.has(R) && plainBefore(i)) {
        let recv = rm.m, m: Node | undefined = next;
        for (let d = 0; m && d < MAX_PATH_STEPS; d++) { this.wholeReads.set(recv, this.ident(this.members.get(m)!.property)); recv = m; m = stepOf.get(m); }
      }
      const tag = this.tagged.get(R);
      if (tag && tag.key !== read.prop) continue;
      const p = R.start;
      let whole = true;
      for (let j = i - 1; j >= 0 && whole; j--) {
        if (bindings[j] !== b) continue;
        const O = occ[j].node;
        // (in a function that does not hold the read: its narrowing stays there)
        const fn = functionScope(occ[j].scope!);
        if (fn !== this.root && !inside(p, fn)) continue;
        // (its declaration, a test of its truthiness, which leaves every object type, or a predicate's name)
        if (this.localNames.has(O) || this.truthyNames.has(O) || this.inertNames.has(O)) continue;
        const tests = this.tagTests.get(O);
        const mem = memberOf.get(O);
        const chain = around.get(O)!;
        if (tests) {
          // a test of the key: it narrows where the read is (read above), or the read is none of its ways
          if (tests.some((t) => t.key !== read.prop)) { whole = false; break; }
          if (tests.some((t) => t.how === 'exit' ? p >= t.span.end && p < this.exitSpan(t.span as Node).end : t.how !== 'switch' && inside(p, t.span))) continue;
        } else if (mem && !callees.has(mem.m) && !chain.some((c) => c.kind === 'test' || c.start === mem.m.start || c.end === mem.m.end)) {
          // a member read that is no test nor condition of its own (`x.node`): it narrows nothing
          continue;
        }
        // (on a branch the read is not on, `if (…) { O } else { R }`: no path from it to the read)
        if (chain.some((c) => c.branch && inside(p, c) && inside(O.start, c.branch) && !inside(p, c.branch))) continue;
        // a test, a call's argument or a name no statement's or conditional's condition takes in may be kept (`const isA
        // = x.kind === 'a'`, `const ok = x.kind === 'a' && ready`), and the checker narrows by such a const too
        if (!chain.some((c) => c.cond && (c.kind === 'stmt' || c.kind === 'loop' || c.branch) && inside(O.start, c.cond))) { whole = false; break; }
        // the conditions and statements around it: one around the read too narrows the read by its condition,
        // where the name is in that condition; one that ended before the read with an exit in it narrows what follows
        // — an exit a path through O may take: in a loop any, else one after O but for those in an alternative of
        // an `if` or conditional whose consequence holds O (no path from O goes there)
        let loop = false;
        for (let k = chain.length - 1; k >= 0; k--) {
          const c = chain[k];
          if (c.kind === 'test') continue;
          if (inside(p, c)) {
            if (c.cond && inside(O.start, c.cond)) { whole = false; break; }
            continue;
          }
          if (c.kind === 'loop') loop = true;
          if ((c.kind === 'stmt' || c.kind === 'loop') && (loop ? exitIn(c.start, c.end) : exitAfter(O.end, c, chain.slice(k)))) { whole = false; break; }
        }
      }
      if (whole) this.wholeReads.set(R, read.prop);
    }
  }
}
