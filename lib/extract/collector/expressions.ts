import type { Collector } from './collector.ts';
import { byStart, startOf, type Node } from './util.ts';
import { functionScope, lookup, lookupNamespace, lookupType, lookupValue } from './scope.ts';
import { ENUM_TAG, KEYWORD_TAG, bindingIndex, bindsLocal, bindsSymbol, isKeysPart, symbolBinding, type CallSignature, type Expr } from '../facts.ts';
import { oneSpaced } from '../spaces.ts';

/** Expression shapes: what each recorded node is as a fact (`Expr`), computed once per node and memoised. */

export function exprUncached(this: Collector, node: Node): Expr {
  const operand = this.operandOf.get(node);
  if (operand) return this.expr(operand);
  const id = this.idOf(node);
  if (id) {
    const e = this.idExpr(node, id);
    // (narrowed by a test in an assertion call's argument: so only where its callee asserts it, see narrow)
    const via = this.assertVia.size ? this.assertVia.get(node) : undefined;
    return via ? { k: 'ifasserts', by: this.expr(via), then: e, of: unnarrowed(e) } : e;
  }
  const e = this.exprOfNode(node);
  // (a path of properties a test narrows, `this.scope` inside `if (this.scope instanceof C)`: as a name, see narrowedBy)
  if (!this.narrowsPaths || !this.members.has(node)) return e;
  const narrowed = this.narrowedBy(node, e);
  const via = this.assertVia.size ? this.assertVia.get(node) : undefined;
  return via ? { k: 'ifasserts', by: this.expr(via), then: narrowed, of: e } : narrowed;
}

/**
 * An occurrence's expression (see idExpr) without its `instanceof` and guard narrowings, the only ones an assertion
 * call makes (narrow keeps them from any other): discriminant and array tests stay.
 */
function unnarrowed(e: Expr): Expr {
  if (e.k === 'tagged' || e.k === 'isarray') return { ...e, of: unnarrowed(e.of) };
  return e.k === 'narrowed' || e.k === 'guarded' ? unnarrowed(e.of) : e;
}

/** An identifier's expression (`id` its record): the binding it names, narrowed where tests narrow it. */
export function idExpr(this: Collector, node: Node, id: NonNullable<ReturnType<Collector['idOf']>>): Expr {
  const name = this.ident(node);
  const b = this.namespacePlaces.has(node) ? lookupNamespace(id.scope ?? this.root, name)
    : id.kind !== 'value' && id.kind !== 'shorthand' && id.kind !== 'jsx' || this.kindOverride.size && this.kindOverride.has(node) ? (this.typeLocals.size ? lookupType(id.scope ?? this.root, name, (x) => this.typeLocals.has(bindingIndex(x))) : lookup(id.scope ?? this.root, name))
    : lookupValue(id.scope ?? this.root, name, this.typeOnlyBinding);
  const plain: Expr = b ? { k: 'id', name, b } : { k: 'id', name };
  // a `let` declared without a value, read in a closure: `any` there to the checker (its evolving type holds
  // in its own function only)
  const evolving = bindsLocal(b) ? this.evolvingScope(bindingIndex(b)) : undefined;
  if (evolving && id.scope && functionScope(id.scope) !== evolving) return { k: 'as', type: { k: 'any' }, of: plain };
  return this.narrowedBy(node, plain);
}

/**
 * An occurrence's value `plain` under the tests that narrow it there: `instanceof` and guards that held or failed,
 * method guards, assertions, array and discriminant tests (see narrow; a name's, or a path's of properties).
 */
export function narrowedBy(this: Collector, node: Node, plain: Expr): Expr {
  const narrowed = this.narrowedTo.get(node);
  if (narrowed) return { k: 'narrowed', of: plain, type: this.expr(narrowed) };
  let left: Expr = plain;
  const excluded = this.excludedFrom.size ? this.excludedFrom.get(node) : undefined;
  if (excluded) for (const t of excluded) left = exclusion(this, left, t);
  const outer = this.guardedOuter.size ? this.guardedOuter.get(node) : undefined;
  if (outer) for (const g of outer) left = Array.isArray(g) ? { k: 'guarded', by: { k: 'union', types: g.map((x) => this.expr(x)) }, of: left } : { k: 'guarded', by: narrowingCall(this.expr(g)), of: left };
  const guard = this.guardedBy.get(node);
  if (Array.isArray(guard)) return { k: 'guarded', by: { k: 'union', types: guard.map((g) => this.expr(g)) }, of: left };
  const self = !guard && this.selfGuardedBy.size ? this.selfGuardedBy.get(node) : undefined;
  const asserted = !guard && !self && this.assertedBy.size ? this.assertedBy.get(node) : undefined;
  const guarded: Expr = guard ? { k: 'guarded', by: narrowingCall(this.expr(guard)), of: left } : self ? { k: 'guarded', by: this.guardCall(self), of: left, self: true }
    : asserted ? { k: 'guarded', by: this.expr(asserted), of: left, asserts: true } : left;
  const tag = this.tagged.size ? this.tagged.get(node) : undefined;
  const part = this.arrayPart.size ? this.arrayPart.get(node) : undefined;
  const by = part === undefined ? undefined : this.arrayPartBy.get(node);
  let parted: Expr = part === undefined ? guarded : by ? { k: 'isarray', of: guarded, yes: part, by: this.expr(by) } : { k: 'isarray', of: guarded, yes: part };
  if (!tag) return parted;
  const also = this.taggedAlso.size ? this.taggedAlso.get(node) : undefined;
  if (also) for (const t of also) parted = this.taggedBy(parted, t);
  return this.taggedBy(parted, tag);
}

/**
 * The value of a path read after a test of its discriminant in the same function (`alt.nodes[0]` after
 * `alt.nodes[0].type === 'IfBlock'`), as a member's receiver or a local's initializer: narrowed by the tests of it that
 * hold there, where they are all its tests before it (see narrowPath), else `tested` (see markTestedPaths); any other
 * node's plain value.
 */
export function pathValue(this: Collector, node: Node): Expr {
  if (!this.testedPaths.size || !this.testedPaths.has(node)) return this.expr(node);
  const tests = this.pathTagged.size ? this.pathNarrowed(node) : undefined;
  if (!tests) return { k: 'tested', of: this.expr(node) };
  let e = this.expr(node);
  for (const t of tests) e = this.taggedBy(e, t);
  return e;
}

/** exprUncached of a node that names no binding: a member read, a call, a literal, … */
export function exprOfNode(this: Collector, node: Node): Expr {
  const m = this.members.get(node);
  if (m) {
    // (`A.B.C` in a namespace place: A is too)
    if (this.namespacePlaces.has(node)) this.namespacePlaces.set(m.object, true);
    // (a read whose narrowing by its member is all known: see markWholeReads)
    if (this.wholeReads.size && this.wholeReads.has(m.object)) return { k: 'member', obj: this.expr(m.object), name: this.ident(m.property), whole: true };
    return { k: 'member', obj: this.pathValue(m.object), name: this.ident(m.property) };
  }
  const dynamic = this.dynamicSource.get(node);
  if (dynamic !== undefined) return { k: 'import', source: dynamic };
  const c = this.calls.get(node);
  if (c) {
    // a call the language gives a meaning of its own (ECMAScript: `require('./x')` used in place, React's hooks)
    const own = this.plugin.callValue?.call(this, node, c);
    if (own) return own;
    if (c.callee !== node) return this.exprCall(node, c);
  }
  return this.exprType(node) ?? this.exprOther(node);
}

/** What a `this` is before any test narrows it: its declared `this:` type, its class's instance, a static method's class. */
export function thisValue(this: Collector, node: Node): Expr {
  const typed = this.thisType.get(node);
  if (typed) return { k: 'as', type: this.expr(typed) };
  const cls = this.thisCls.get(node) ?? -1;
  if (cls < 0 && this.thisCtx.size) { const fn = this.thisFnOf.get(node); const ctx = fn && this.thisCtx.get(fn); if (ctx) return ctx; }
  if (cls >= 0 && this.staticThis.has(node)) return { k: 'id', name: this.symbols[cls].name, b: symbolBinding(cls) };
  return { k: 'this', cls };
}

/** The value of a call (`c` its record): an IIFE's result, `new`, or the call itself. */
export function exprCall(this: Collector, node: Node, c: { callee: Node; isNew: boolean; args?: Node[] }): Expr {
  // an immediately invoked function (`(() => { …; return create })()`) is worth what it returns
  const iife = c.isNew ? undefined : this.iifeValue(c.callee);
  if (iife) return iife;
  if (c.isNew) {
    // `new Map<string, Loader>()`, `new Set<Sub>()` of the global collections: typed as `Map<…>`, `Set<…>` are
    const ta = this.newTypeArgs.get(node);
    const callee = this.expr(c.callee);
    if (ta && callee.k === 'id' && !callee.b) {
      const types = this.types;
      if (ta.arg && types.array.has(callee.name)) return { k: 'as', type: { k: 'array', of: this.expr(ta.arg) } };
      if (ta.arg2 && types.map.has(callee.name)) return { k: 'as', type: { k: 'map', of: this.expr(ta.arg2), key: this.expr(ta.arg!) } };
      if (ta.arg && types.promise.has(callee.name)) return { k: 'as', type: { k: 'promise', of: this.expr(ta.arg) } };
    }
    // `new Set(users)` (no type argument written): an array of the iterable's elements, as `[...users]` is
    if (!ta && callee.k === 'id' && !callee.b && c.args?.length && this.types.fromIterable?.has(callee.name)) {
      const slots = this.realSlots(c.args, true);
      if (slots.length === 1 && !this.text.startsWith('...', slots[0].start)) return { k: 'spread', of: this.expr(slots[0]) };
    }
    // `new Map(pairs)` (no type argument written): a map of the entries' values, keyed by their keys
    if (!ta && callee.k === 'id' && !callee.b && c.args?.length && this.types.fromEntries?.has(callee.name)) {
      const kv = entryTypes(this, c.args);
      if (kv) return { k: 'as', type: { k: 'map', of: kv[1], key: kv[0] } };
    }
    // `new Repo<User>()` of a project class: a `Repo<User>`, as the type arguments written bind its type parameters
    // (before anything its constructor's arguments would: written ones are what the checker takes)
    if (ta?.arg && callee.k === 'id' && callee.b) return { k: 'as', type: { k: 'generic', of: callee, args: this.typeArgList(ta as { arg: Node; arg2?: Node; more?: Node[] }) } };
    // (the arguments: what a generic class's constructor binds its type parameters to)
    const args = c.args && this.argValues(c.args);
    return args ? { k: 'new', callee, args } : { k: 'new', callee };
  }
  const out: Expr = { k: 'call', callee: this.expr(c.callee) };
  // `Object.fromEntries(pairs)`: an object whose every key gives an entry's value (`{ [k: string]: T }`)
  if (c.args?.length && out.callee.k === 'member' && out.callee.obj.k === 'id' && !out.callee.obj.b && this.types.entriesObject === `${out.callee.obj.name}.${out.callee.name}`) {
    const kv = entryTypes(this, c.args);
    if (kv) return { k: 'as', type: { k: 'object', props: [], index: kv[1] } };
  }
  const args = c.args && this.argValues(c.args);
  if (args) out.args = args;
  // the type arguments written at the call (`registry.get<typeof Image>('image')`, `pair<User, Post>(a, b)`)
  const targs = this.typeArgsOf(node);
  if (targs) out.targs = targs;
  // how many arguments (when `args` does not say it): what picks an overloaded call signature
  if (c.args && c.args.length) {
    const slots = this.realSlots(c.args, true);
    const n = slots.some((a) => this.text.startsWith('...', a.start)) ? -1 : slots.length;
    if (!args || args.length !== n) out.argc = n;
  }
  // a tagged template passes its strings and one argument per substitution
  const subs = !c.args && this.templateSubs.size ? this.templateSubs.get(node) : undefined;
  if (subs !== undefined) out.argc = 1 + subs;
  return out;
}

/**
 * The key and value types of the `[key, value]` entries of the one argument of `new Map(…)`, `Object.fromEntries(…)`,
 * as `typeof` types of values: a literal's pairs' items (`[['a', a], ['b', b]]`), the pair a `map` callback returns
 * (`users.map((u) => [u.id, u])`), else each entry's tuple positions (a typed iterable's, another map's entries).
 */
function entryTypes(c: Collector, args: Node[]): [Expr, Expr] | undefined {
  const slots = c.realSlots(args, true);
  if (slots.length !== 1 || c.text.startsWith('...', slots[0].start)) return undefined;
  const src = c.expr(slots[0]);
  const ret = src.k === 'call' && src.callee.k === 'member' && src.callee.name === 'map' && src.args?.length === 1 && src.args[0]?.k === 'fn' ? src.args[0].ret : undefined;
  const list = ret ? { k: 'list' as const, items: [ret] } : src;
  const pairs = list.k === 'list' && list.items.every((x) => x.k === 'list' && x.items.length === 2) ? list.items as Array<Expr & { k: 'list' }> : undefined;
  const at = (i: number): Expr => {
    if (!pairs) return { k: 'typeof', of: { k: 'element', of: { k: 'element', of: src }, at: i } };
    const items = pairs.map((p) => p.items[i]);
    return { k: 'typeof', of: items.length === 1 ? items[0] : { k: 'union', types: items } };
  };
  return [at(0), at(1)];
}

/** The shape of a type node (unions, intersections, object types, `typeof`, generics), or undefined for any other node. */
export function exprType(this: Collector, node: Node): Expr | undefined {
  const u = this.unions.get(node);
  if (u) {
    // (a test every type passes, binding the whole, whose true branch is what it binds: the checked type itself, as
    // the checker instantiates it, also distributed over a union's members)
    const whole = this.conditionalWholes.size ? this.conditionalWholes.get(node) : undefined;
    if (whole) return this.expr(whole);
    // (a test that infers what constructing or calling the checked type gives, and gives that: `InstanceType`,
    // `ReturnType` written by hand)
    const result = this.conditionalResults.size ? this.conditionalResults.get(node) : undefined;
    if (result) return { k: result.isNew ? 'new' : 'call', callee: { k: 'as', type: this.expr(result.check) } };
    if (this.conditionals.has(node)) {
      const out: Expr = { k: 'union', types: [...u].sort(byStart).filter((n) => !this.isComment(n)).map((n) => this.expr(n)), either: true };
      const test = this.conditionalTests.size ? this.conditionalTests.get(node) : undefined;
      if (test) { out.check = this.expr(test.check); out.ext = this.expr(test.ext); }
      return out;
    }
    // `Row | null | undefined`: the nullish parts have no members, and an object literal the type annotates is none of
    // them (the checker's contextual type drops them), so the union is its other parts — one type when one is left
    const parts = [...u].sort(byStart).filter((n) => !this.isNullish(n) && !this.isEmptyType(n) && !this.isComment(n));
    // (`A | B | C` nests to the left: one flat list of parts, so a long union, kysely's fifteen node types, is read
    // as deep as a short one)
    const types = (parts.length ? parts : [...u].sort(byStart).filter((n) => !this.isComment(n))).map((n) => this.expr(n))
      .flatMap((e) => (e.k === 'union' && !e.either ? e.types : [e]));
    return types.length === 1 ? types[0] : { k: 'union', types };
  }
  const both = this.intersections.get(node);
  if (both) {
    // `A & B & C` nests to the left: one flat list of parts
    const types: Expr[] = [];
    // (a comment between the parts, `A & // why` newline `B`, is no part)
    let keyed = false;
    const omits: string[] = [];
    for (const n of [...both].sort(byStart)) {
      if (this.isComment(n)) continue;
      const e = this.expr(n);
      // (an `Omit`/`Pick` with its keys, see keysOf, stays one part: the keys it drops are that part's alone)
      if (e.k === 'intersection' && !isKeysPart(e)) { types.push(...e.types); keyed ||= !!e.keyed; if (e.omits) omits.push(...e.omits); continue; }
      types.push(e);
      // (`Omit<T, 'async'>`, read as T: the resolver must know that part lacks some of T's members)
      if (!this.generics.has(n) || !this.dropsKeys(n)) continue;
      const h = this.heritageKeys(n);
      if (h && !h.pick && !h.type) omits.push(...h.keys); else keyed = true;
    }
    if (types.length === 1) return types[0];
    const out: Expr & { k: 'intersection' } = { k: 'intersection', types };
    if (omits.length) out.omits = omits;
    if (keyed) out.keyed = true;
    return out;
  }
  // (an object type that is another type's members, a homomorphic mapped type: that type)
  const same = this.sameMembers.size ? this.sameMembers.get(node) : undefined;
  if (same) return this.expr(same);
  const o = this.objectTypes.get(node);
  const index = this.objectIndex.get(node);
  const calls = this.objectCalls.get(node);
  const news = this.objectNews.size ? this.objectNews.get(node) : undefined;
  const decls = this.objectDecls.size ? this.objectDecls.get(node) : undefined;
  if (o || index || calls || news || decls) {
    const out: Expr = { k: 'object', props: [...(o ?? [])].sort((a, b) => a.name.start - b.name.start).map((p) => ({ name: this.ident(p.name), type: this.expr(p.type) })) };
    if (index) out.index = this.expr(index);
    if (calls) out.calls = [...calls].sort((a, b) => a.sig.start - b.sig.start).map((c) => this.signatureOf(c.sig, c.returns));
    if (news) out.news = [...news].sort((a, b) => a.sig.start - b.sig.start).map((c) => ({ ...this.arity(c.sig), returns: this.expr(c.returns) }));
    if (decls) out.decls = [...decls].sort((a, b) => a.s - b.s);
    const mapped = index && this.mappedKeys.size ? this.mappedKeys.get(node) : undefined;
    const key = mapped && this.typeParamLocal.get(mapped.key);
    if (mapped && key !== undefined) { out.key = key; out.keys = this.expr(mapped.keys); }
    const over = mapped && out.key !== undefined && this.mappedOver.size ? this.mappedOver.get(node) : undefined;
    if (over) out.over = this.expr(over.over);
    // (keys remapped to `debug${…}`: a name without that start is none of them)
    const prefix = index && this.mappedPrefix.size ? this.mappedPrefix.get(node) : undefined;
    if (prefix) out.prefix = prefix;
    const names = this.objectNames.get(node);
    if (names) {
      const others = names.map((n) => this.ident(n)).filter((n) => !out.props.some((p) => p.name === n));
      if (others.length) out.others = [...new Set(others)];
    }
    return out;
  }
  if (this.emptyObjects.size && this.emptyObjects.has(node)) return { k: 'object', props: [] };
  const query = this.typeQueries.get(node);
  if (query) return { k: 'typeof', of: this.expr(query) };
  // `["a", ...others] as const`: its strings; any other `as const` array literal is a tuple of its items (`[get, set] as
  // const`, a helper's getter and setter)
  const strs = this.constStrings.size ? this.constStrings.get(node) : undefined;
  if (strs) {
    const v = this.constStringsValue(strs);
    if (v.k !== 'other') return v;
    const list = this.listValue(strs);
    return list.k === 'list' ? { ...list, tuple: true } : list;
  }
  // (`[...xs]` is a wrap: an array of xs's elements)
  const items = this.listItems.size ? this.listItems.get(node) : undefined;
  if (items && !this.wraps.has(node)) return this.listValue(items);
  const tuple = this.tupleItems.size ? this.tupleItems.get(node) : undefined;
  // (`[...T]`: T, see the language's query)
  if (tuple && tuple.size === 1 && this.wraps.get(node)?.inner) return this.expr(this.wraps.get(node)!.inner!);
  // (a comment between the items is none)
  if (tuple) return { k: 'list', items: [...tuple.keys()].sort(byStart).map((at) => tuple.get(at)!).filter((n) => !this.isComment(n)).map((n) => this.expr(n)) };
  const and = this.ands.get(node);
  if (and) return { k: 'and', left: this.expr(and.left), right: this.expr(and.right) };
  const lookup = this.lookupTypes.get(node);
  if (lookup) {
    if (!lookup.any) return { k: 'index', of: this.expr(lookup.of), name: this.text.slice(lookup.key.start, lookup.key.end) };
    const keyText = this.text.slice(lookup.key.start, lookup.key.end);
    if (keyText === 'number') return { k: 'index', of: this.expr(lookup.of), name: '', any: true, elem: true };
    // (another predefined type, `string`, `symbol`: no key we can list)
    if (/^[a-z]+$/.test(keyText) && (keyText === 'string' || keyText === 'symbol' || keyText === 'any' || keyText === 'never')) return { k: 'index', of: this.expr(lookup.of), name: '', any: true };
    // (`Map[keyof Map]`: every property type of Map)
    const ofText = this.text.slice(lookup.of.start, lookup.of.end);
    if (keyText.replace(/\s+/g, ' ') === `keyof ${ofText.replace(/\s+/g, ' ')}`) return { k: 'index', of: this.expr(lookup.of), name: '', any: true, key: this.expr(lookup.key), all: true };
    return { k: 'index', of: this.expr(lookup.of), name: '', any: true, key: this.expr(lookup.key) };
  }
  const g = this.generics.get(node);
  if (g) {
    // a generic type reads as its name; the global `Partial<T>` (and its kin) has T's members
    const inner = this.expr(g.name);
    // a project type with type arguments (`Repo<User>`, `JSONRPC2.ErrorResponse<E>` of a namespace): its name and the
    // arguments, every one: a parameter no argument binds reads as its constraint, so one left unread would too
    if (((inner.k === 'id' && inner.b) || inner.k === 'member') && g.arg) return { k: 'generic', of: inner, args: this.typeArgList(g) };
    if (inner.k !== 'id' || inner.b) return inner;
    // the language's global generic types (TypeNames): `Partial<T>` has T's members, `Array<T>` is an array of T
    const types = this.types;
    if (types.same.has(inner.name)) return this.keysOf(node) ?? this.expr(g.arg);
    if (types.array.has(inner.name)) return types.mutableArray && !types.mutableArray.has(inner.name) ? { k: 'array', of: this.expr(g.arg), ro: true } : { k: 'array', of: this.expr(g.arg) };
    if (types.map.has(inner.name) && g.arg2) return { k: 'map', of: this.expr(g.arg2), key: this.expr(g.arg!) };
    // `Promise<T>`: awaiting gives a T
    if (types.promise.has(inner.name) && g.arg) return { k: 'promise', of: this.expr(g.arg) };
    // `Awaited<T>`: what awaiting a T gives (a type: see typeValueAt)
    if (inner.name === types.awaited && g.arg) return { k: 'await', inner: this.expr(g.arg) };
    // `Extract<Figure, { kind: 'circle' }>`, `Exclude<Figure, Circle>`: some parts of a union (see extracted)
    // `Exclude<Plugins[K], undefined>`: the union without its nullish parts, which is how NonNullable reads it
    if (inner.name === types.exclude && g.arg && g.arg2 && this.isNullishType(g.arg2)) return this.expr(g.arg);
    if ((inner.name === types.extract || inner.name === types.exclude) && g.arg && g.arg2) {
      const out: Expr = { k: 'extract', of: this.expr(g.arg), by: this.expr(g.arg2) };
      if (inner.name === types.exclude) out.not = true;
      return out;
    }
    // `ProxyHandler<T>`: an object type whose methods take a T first (what else they take or give is not read)
    const traps = g.arg ? types.handlers?.get(inner.name) : undefined;
    if (traps) {
      const target = this.expr(g.arg!);
      return { k: 'object', props: traps.map((name) => ({ name, type: { k: 'fntype', returns: { k: 'other' }, params: [target] } })) };
    }
    // `Record<K, T>`: any key gives a T
    if (types.record.has(inner.name) && g.arg2) return { k: 'object', props: [], index: this.expr(g.arg2) };
    // `ReturnType<typeof f>`: what calling f gives; `InstanceType<typeof C>`: an instance of C
    const query = g.arg && (inner.name === types.returnType || inner.name === types.instanceType) ? this.typeQueries.get(g.arg) : undefined;
    if (query) return inner.name === types.returnType ? { k: 'call', callee: this.expr(query) } : { k: 'new', callee: this.expr(query) };
    // `InstanceType<T>` of another type (a type parameter a class is passed for): an instance of what T is (see typeValueAt)
    if (g.arg && inner.name === types.instanceType) return { k: 'new', callee: { k: 'as', type: this.expr(g.arg) } };
    // `ReturnType<Driver['getConnection']>`: what calling that member of a Driver gives
    const lookup = g.arg && inner.name === types.returnType ? this.lookupTypes.get(g.arg) : undefined;
    if (lookup && !lookup.any) return { k: 'call', callee: { k: 'member', obj: { k: 'as', type: this.expr(lookup.of) }, name: this.text.slice(lookup.key.start, lookup.key.end) } };
    // `ReturnType<F>` of another type (a type parameter a function is passed for): what calling what F is gives
    if (g.arg && !lookup && inner.name === types.returnType) return { k: 'call', callee: { k: 'as', type: this.expr(g.arg) } };
    // `Parameters<typeof f>`, `Parameters<Handlers['open']>`: the tuple of that function's parameter types
    if (inner.name === types.parameters && g.arg) return { k: 'params', of: this.expr(g.arg) };
    // `ThisType<T>`: no members, but `this` in the methods of a literal it types (see 'litthis')
    if (inner.name === types.thisType && g.arg) return { k: 'thistype', of: this.expr(g.arg) };
    return inner;
  }
  return undefined;
}

/**
 * `Omit<T, 'a' | 'b'>`, `Pick<T, 'c'>` (also under `Partial<…>` and its kin) with keys written as string literals: T
 * as a one-part intersection that drops or keeps those keys, so that the members of an object type it names are
 * T's without them (`Omit<Props, 'className'> & { className?: string }`: `className` is the second part's alone);
 * with keys of another kind, T marked `keyed`; undefined for any other type.
 */
export function keysOf(this: Collector, node: Node): Expr | undefined {
  if (!this.dropsKeys(node)) return undefined;
  const h = this.heritageKeys(node);
  // (keys we cannot list, `Pick<T, Exclude<keyof T, K>>`: T, `keyed`, some of whose members may be left out)
  const known = h && !h.type && h.keys.length ? h : undefined;
  // (`Partial<Omit<T, 'a'>>`: the Omit's T, whose members the wrapper has)
  for (let depth = 0; depth < 4; depth++) {
    const g = this.generics.get(node);
    if (!g?.arg) return undefined;
    const name = this.expr(g.name);
    if (name.k === 'id' && !name.b && (name.name === this.types.omit || name.name === this.types.pick)) {
      const of = this.expr(g.arg);
      if (!known) return { k: 'intersection', types: [of], keyed: true };
      return known.pick ? { k: 'intersection', types: [of], picks: known.keys } : { k: 'intersection', types: [of], omits: known.keys };
    }
    node = g.arg;
  }
  return undefined;
}

/** How many arguments a call signature takes: its required parameters, and all (-1 with a rest parameter); `this:` is none. */
/**
 * A call signature's arity, declared result and, where one is written, each parameter's declared type by position:
 * what a callback passed to a value of its type receives (`EitherAsync(async (helpers) => …)` of an interface with
 * `(runPromise: (helpers: Helpers<L>) => PromiseLike<R>): EitherAsync<L, R>`).
 */
export function signatureOf(this: Collector, sig: Node, returns: Node): CallSignature {
  const out: CallSignature = { ...this.arity(sig), returns: this.expr(returns) };
  const params: Array<Expr | null> = [];
  for (const p of this.sigParams.get(sig) ?? []) {
    if (/^this\s*[:?]/.test(this.text.slice(p.start, Math.min(p.end, p.start + 16)))) continue;
    const t = this.slotType.get(p);
    params.push(t ? this.expr(t) : null);
  }
  if (params.some((x) => x)) out.params = params;
  return out;
}

export function arity(this: Collector, sig: Node): { min: number; max: number } {
  let min = 0, max = 0;
  for (const p of this.sigParams.get(sig) ?? []) {
    const t = this.text.slice(p.start, Math.min(p.end, p.start + 64));
    if (/^this\s*[:?]/.test(t)) continue;
    if (t.startsWith('...')) return { min, max: -1 };
    max++;
    // `name?: T`, `name = x` (optional_parameter, or a default)
    if (!/^[\w$]+\s*\?/.test(t) && !/^[\w$]+\s*(?::[^=]*)?=(?!>)/.test(t)) min = max;
  }
  return { min, max };
}

/** The shape of a node that is neither a name, a member, a call nor a type: wrappers, literals, `this`, functions. */
export function exprOther(this: Collector, node: Node): Expr {
  const w = this.wraps.get(node);
  if (w) {
    if (w.kind === 'as' && w.type) {
      // (a name asserted to a type, `toReadonlyArray_ as any`, keeps what it names: the function a const holds)
      // (through assertions one inside another, `devtoolsImpl as unknown as Devtools`: the name at the end)
      const inner = w.inner ? this.expr(w.inner) : undefined;
      const of = inner?.k === 'as' ? inner.of : inner;
      return of && ((of.k === 'id' && of.b) || of.k === 'member') ? { k: 'as', type: this.expr(w.type), of } : { k: 'as', type: this.expr(w.type) };
    }
    if (w.kind === 'await' && w.inner) return { k: 'await', inner: this.expr(w.inner) };
    if (w.kind === 'element' && w.inner) {
      const name = this.elementName.get(node);
      if (name) return { k: 'member', obj: this.expr(w.inner), name: this.text.slice(name.start, name.end) };
      const key = this.elementKey.get(node);
      // (`obj[Symbol.iterator]`: the member declared `[Symbol.iterator]`)
      const keyText = key && (this.idOf(key) !== undefined ? this.ident(key) : this.text.slice(key.start, key.end).replace(/\s+/g, ''));
      // (the key itself too: `stack[source]` with `source: 'undo' | 'redo'` reads the members those names pick)
      if (keyText) return { k: 'element', of: this.expr(w.inner), key: `[${keyText}]`, by: this.expr(key!) };
      const at = this.elementAt.size ? this.elementAt.get(node) : undefined;
      return at === undefined ? { k: 'element', of: this.expr(w.inner) } : { k: 'element', of: this.expr(w.inner), at };
    }
    if (w.kind === 'array' && w.inner) return { k: 'array', of: this.expr(w.inner) };
    if (w.kind === 'spread' && w.inner) return { k: 'spread', of: this.expr(w.inner) };
    // `/** @type {Foo} */ (x)`: a type a doc comment asserts (JSDoc)
    if (w.kind === 'wrap' && this.docComments.size && this.text.charCodeAt(node.start) === 40 && this.plugin.docCast) {
      const cast = this.plugin.docCast.call(this, node);
      if (cast) return { k: 'as', type: cast };
    }
    if (w.inner && this.readonlyTypes.has(node)) {
      // (the parse reads the operator over a union after it, `readonly T[] | undefined`: its array parts are read-only)
      const ro = (x: Expr): Expr => (x.k === 'array' && !x.ro ? { ...x, ro: true } : x);
      const inner = this.expr(w.inner);
      return inner.k === 'union' ? { ...inner, types: inner.types.map(ro) } : ro(inner);
    }
    if (w.inner) return this.expr(w.inner);
  }
  const s = this.simple.get(node);
  if (s === 'lit') return this.literal(node);
  if (s === 'any') return { k: 'any' };
  const entries = this.objectEntries.get(node);
  if (entries) return this.objectValue(entries);
  if (s === 'this') {
    const own = this.thisValue(node);
    // (`this instanceof Layer` narrows `this` as it narrows a name: see narrowByPlaces)
    if (!this.narrowsThis || own.k === 'id') return own;
    const narrowed = this.narrowedTo.get(node);
    if (narrowed) return { k: 'narrowed', of: own, type: this.expr(narrowed) };
    let left: Expr = own;
    const excluded = this.excludedFrom.get(node);
    if (excluded) for (const t of excluded) left = exclusion(this, left, t);
    return left;
  }
  if (s === 'super') return this.staticThis.has(node) ? { k: 'super', cls: this.thisCls.get(node) ?? -1, st: true } : { k: 'super', cls: this.thisCls.get(node) ?? -1 };
  // a class or function expression that became a symbol (`internals.X = class {…}`) stands for that symbol
  const named = this.classSymOf.get(node) ?? this.fnSymOf.get(node);
  if (named !== undefined) return { k: 'id', name: this.symbols[named].name, b: symbolBinding(named) };
  const sk = this.scopeKindOf.get(node);
  if (sk === 'arrow' || sk === 'function') {
    // what it returns: `users.map((u) => u.owner)` is an array of owners, `fns.make()` of `{ make: () => new A() }` an A;
    // by its declared result where it has one, as the checker reads it (`(input): Thenable<R> => { … return { then } }`
    // gives a Thenable, not the literal)
    const declared = this.returnsOf.size ? this.returnedType(node) : undefined;
    const ret = declared ? { k: 'as', type: this.expr(declared) } as Expr : this.functionResult(node, true);
    const out: Expr = ret && ret.k !== 'other' && ret.k !== 'lit' ? { k: 'fn', ret } : { k: 'fn' };
    // (`async (x) => …` gives a promise of what it returns)
    if (out.ret && this.functionHead(node) === 'async') out.async = true;
    // a type guard (`(x): x is Admin => …`): what `xs.filter(guard)` keeps
    const predicate = this.predicateOf.size ? this.predicateOf.get(node) : undefined;
    if (predicate) out.pred = this.expr(predicate);
    // (its parameters' declared types: what an argument literal's keys are where a value holding it is called)
    const slots = this.slotsOf.get(node);
    const real = slots ? this.realSlots(slots) : undefined;
    if (real?.length && !real.some((slot) => this.text.startsWith('...', slot.start))) {
      const params = real.map((slot) => { const t = this.slotType.get(slot); return t ? this.expr(t) : null; });
      if (params.some((p) => p)) out.params = params;
    }
    return out;
  }
  const ret = sk === 'type' ? this.fnTypeReturns.get(node) : undefined;
  if (ret) {
    const params = this.fnTypeParams.get(node);
    const out: Expr = { k: 'fntype', returns: this.expr(ret) };
    if (params) {
      out.params = this.paramTypes(params);
      // (a rest parameter, `...args: Parameters<F>`: its position, in paramTypes' order)
      const rest = params.filter((p) => !this.isThisParam(p.name)).sort((a, b) => a.name.start - b.name.start).findIndex((p) => this.text.startsWith('...', p.name.start));
      if (rest >= 0) out.rest = rest;
    }
    const self = params?.find((p) => this.isThisParam(p.name));
    if (self?.type) out.self = this.expr(self.type);
    const predicate = this.fnTypePredicate.get(node);
    if (predicate) out.predicate = this.expr(predicate);
    return out;
  }
  // an empty array literal (`xs ?? []`): a list of no items, which a union's array branches say the elements of
  const q = this.text.charCodeAt(node.start);
  if (q === 91 && /^\[\s*\]$/.test(this.text.slice(node.start, Math.min(node.end, node.start + 16)))) return { k: 'list', items: [] };
  // a string literal (an initialiser, `readonly _tag = 'Objects'`): its text, what a discriminant compares
  if (q === 34 || q === 39) return this.literal(node);
  return this.plugin.nodeValue?.call(this, node) ?? { k: 'other' };
}

/** The strings and spreads of an `as const` array literal (see the `strings` fact); other for any other item. */
export function constStringsValue(this: Collector, nodes: Node[]): Expr {
  const items: string[] = [];
  const spreads: Expr[] = [];
  for (const n of [...nodes].sort(byStart)) {
    if (this.isComment(n)) continue;
    const inner = this.constSpreads.size ? this.constSpreads.get(n) : undefined;
    if (inner) { spreads.push(this.expr(inner)); continue; }
    const v = this.literal(n);
    if (v.k !== 'lit' || v.v === undefined || v.v.startsWith(KEYWORD_TAG)) return { k: 'other' };
    items.push(v.v);
  }
  return spreads.length ? { k: 'strings', items, spreads } : { k: 'strings', items };
}

/** A literal; a short string literal without escapes (`'circle'`) keeps its text, a keyword literal its KEYWORD_TAG. */
export function literal(this: Collector, node: Node): Expr {
  const q = this.text.charCodeAt(node.start);
  const len = node.end - node.start;
  const keywords = this.syntax.keywordLiterals;
  if (keywords && len <= 9 && keywords.has(this.text.slice(node.start, node.end))) return { k: 'lit', v: KEYWORD_TAG + this.text.slice(node.start, node.end) };
  if ((q !== 34 && q !== 39) || len < 2 || len > 66 || this.text.charCodeAt(node.end - 1) !== q) return { k: 'lit' };
  const v = this.text.slice(node.start + 1, node.end - 1);
  return v.includes('\\') || v.includes(String.fromCharCode(q)) ? { k: 'lit' } : { k: 'lit', v };
}

/**
 * The arguments of a call as values (for the type parameters a generic function's result takes from them): names,
 * members, calls, `new`, `this`, assertions and awaits; null for anything else. Undefined when none is known.
 */
export function argValues(this: Collector, argNodes: Node[]): Array<Expr | null> | undefined {
  const ordered = this.realSlots(argNodes, true);
  let known = false;
  const isUseful = (e: Expr): boolean => e.k === 'id' ? !!e.b : e.k === 'member' || e.k === 'call' || e.k === 'new' || e.k === 'this' || e.k === 'as' || e.k === 'narrowed' || e.k === 'tagged' || e.k === 'await' || e.k === 'pkg' || e.k === 'element' || (e.k === 'fn' && !!(e.ret || e.pred));
  const out = ordered.slice(0, 4).map((a) => {
    const e = this.expr(a);
    const useful = isUseful(e)
      // (`new Set(xs)`, not a spread argument `...xs`, whose position is no parameter's)
      || (e.k === 'spread' && !this.text.startsWith('...', a.start))
      // (an array literal of such values, `first([a, b])`: what a generic callee's `T[]` binds T to)
      || (e.k === 'list' && e.items.some(isUseful));
    if (useful) known = true;
    // (an object literal: its keys, `Object.assign({}, a, { x })` gives a value with them, and the values that are
    // such values, `box({ user })`: what a generic callee's `T` binds T to, the literal's type)
    if (e.k !== 'objval' && /^\{\s*\}$/.test(this.text.slice(a.start, a.end))) return { k: 'objval', entries: [] } as Expr;
    if (e.k === 'objval') {
      let valued = false;
      const entries = e.entries.map((en): { name: string; value: Expr } | { open: true } => {
        if (!('name' in en)) return { open: true };
        if (!isUseful(en.value)) return { name: en.name, value: { k: 'other' } };
        valued = true;
        return { name: en.name, value: en.value };
      });
      if (valued) known = true;
      return { k: 'objval', entries } as Expr;
    }
    return useful ? e : null;
  });
  return known ? out : undefined;
}




/**
 * What an anonymous function (arrow or function expression) returns, when `fn` is one (not a generator; an async
 * one only with `async`: what its promise resolves to).
 */
export function functionResult(this: Collector, fn: Node, async = false): Expr | undefined {
  fn = this.unwrapped(fn);
  const kind = this.scopeKindOf.get(fn);
  if (kind !== 'arrow' && kind !== 'function') return undefined;
  const head = this.functionHead(fn);
  if (this.fnSymOf.has(fn) || (head !== 'plain' && !(async && head === 'async'))) return undefined;
  const exprs = this.returnedNodes(fn).map((n) => this.expr(n));
  if (exprs.length === 0) return undefined;
  return exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
}

/** The values an anonymous function returns (its return statements', an arrow's expression body), in source order. */
export function returnedNodes(this: Collector, fn: Node): Node[] {
  // (returnValues may have added an expression body to `returned` already: each node once)
  const values = new Set(this.returned.get(fn));
  for (const { fn: f, body } of this.arrowBodies) if (f === fn && this.scopeKindOf.get(body) !== 'block') values.add(body);
  return [...values].filter((n) => !this.isComment(n)).sort(byStart);
}

/**
 * The value an immediately invoked anonymous function gives: its only returned value, or the union of them
 * (an arrow's expression body counts as one). Not for async functions and generators (a promise, an iterator).
 */
export function iifeValue(this: Collector, callee: Node): Expr | undefined {
  let fn = callee;
  fn = this.unwrapped(fn);
  const kind = this.scopeKindOf.get(fn);
  if ((kind !== 'arrow' && kind !== 'function') || this.fnSymOf.has(fn) || this.functionHead(fn) !== 'plain') return undefined;
  // a function of this file returned under an assertion (`return createAsyncThunk as CreateAsyncThunk`) is itself
  const exprs = this.returnedNodes(fn).map((n) => {
    const held = this.returnedFunction([n]);
    return held !== undefined ? { k: 'id', name: this.symbols[held].name, b: symbolBinding(held) } as Expr : this.expr(n);
  });
  if (exprs.length === 0) return undefined;
  return exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
}

/**
 * The one function of this file every `return` of `fn` gives (through parentheses and `as`), declared return
 * type or not: `return _ as any` where `function _() {…}`.
 */
export function returnedFunction(this: Collector, values: Node[]): number | undefined {
  let out: number | undefined;
  for (const v of values) {
    if (this.isComment(v)) continue;
    const e = this.expr(this.unasserted(v).inner);
    if (e.k !== 'id' || !bindsSymbol(e.b) || this.symbols[bindingIndex(e.b)].label !== 'Function' || (out !== undefined && out !== bindingIndex(e.b))) return undefined;
    out = bindingIndex(e.b);
  }
  return out;
}

/**
 * An object literal value: its entries in source order. A getter or setter (`get x() {…}`) is no plain value
 * (`other`: what it gives is unknown here).
 */
export function objectValue(this: Collector, entries: Array<{ at: Node; key?: Node; value?: Node; spread?: boolean; open?: boolean }>): Expr {
  const out: Array<{ name: string; value: Expr } | { spread: Expr } | { open: true }> = [];
  for (const en of [...entries].sort((a, b) => a.at.start - b.at.start)) {
    if (en.open) out.push({ open: true });
    else if (en.spread) out.push({ spread: this.expr(en.value!) });
    else if (en.value !== en.key && this.scopeKindOf.get(en.value!) === 'function' && /^(?:async\s+)?[gs]et\s/.test(this.text.slice(en.value!.start, en.key!.start))) out.push({ name: this.ident(en.key!), value: { k: 'other' } });
    else out.push({ name: this.ident(en.key!), value: this.expr(en.value!) });
  }
  return { k: 'objval', entries: out };
}

/** A node that is a comment (the language's comment syntax). */
export function isComment(this: Collector, n: Node): boolean {
  const c = this.commentSyntax;
  for (const open of c.line) if (this.text.startsWith(open, n.start)) return true;
  return c.block !== undefined && this.text.startsWith(c.block[0], n.start);
}


/** The annotation of the variable an identifier names (a typed local, parameter or module variable). */
export function declaredType(this: Collector, id: Node): Node | undefined {
  const e = this.expr(id);
  if (e.k !== 'id' || !e.b) return undefined;
  if (bindsLocal(e.b)) return this.localNodes[bindingIndex(e.b)].type;
  if (bindsSymbol(e.b)) return this.symbols[bindingIndex(e.b)].label === 'Variable' ? this.work[bindingIndex(e.b)].typeNode : undefined;
  return undefined;
}

/**
 * The type an untyped local takes from its initialiser (`let inner = options`: `typeof options`, as the checker
 * declares it), where that is another value: not a literal (whose keys are its own), nor a function.
 */
export function initialiserType(this: Collector, id: Node): Expr | undefined {
  let e = this.expr(id);
  // (the name where a test narrowed it, `inner = { … }` inside `if (inner?.value)`: the same local)
  while (e.k === 'tagged' || e.k === 'narrowed' || e.k === 'guarded' || e.k === 'isarray' || e.k === 'tested') e = e.of;
  if (e.k !== 'id' || !e.b || !bindsLocal(e.b)) return undefined;
  const loc = this.localNodes[bindingIndex(e.b)];
  if (!loc || loc.type || !loc.init) return undefined;
  const init = this.unwrapped(loc.init);
  if (this.objectEntries.has(init) || (this.listItems.size && this.listItems.has(init)) || this.simple.get(init) === 'lit') return undefined;
  const v = this.expr(loc.init);
  return v.k === 'id' || v.k === 'member' || v.k === 'call' || v.k === 'element' ? { k: 'typeof', of: v } : undefined;
}

/** Argument or parameter nodes in source order, without comments and (parameters only) TypeScript `this` parameters. */
export function realSlots(this: Collector, nodes: Node[], args = false): readonly Node[] {
  // nearly always none to drop and in order: the list itself (callers only read it)
  // (a call's arguments keep `this` and `this.x`: only a parameter list has a `this` parameter to leave out)
  let i = 0;
  while (i < nodes.length && !this.comments.has(nodes[i]) && (args || !this.isThisParam(nodes[i])) && (i === 0 || nodes[i].start >= nodes[i - 1].start)) i++;
  if (i === nodes.length) return nodes;
  const out = nodes.filter((n) => !this.comments.has(n) && (args || !this.isThisParam(n)));
  // nearly always in source order already (matches come in preorder): a sort only when not
  for (let i = 1; i < out.length; i++) if (out[i].start < out[i - 1].start) return out.sort(byStart);
  return out;
}

/** A literal with no members (`null`, `undefined`: the language's nullish words). */
export function isNullish(this: Collector, n: Node): boolean {
  const len = n.end - n.start;
  for (const w of this.syntax.nullish) if (len === w.length && this.text.startsWith(w, n.start)) return true;
  return false;
}

/** A type that is nullish words only (`undefined`, `null | undefined`). */
export function isNullishType(this: Collector, n: Node): boolean {
  const u = this.unions.get(n);
  if (u?.length && !this.conditionals.has(n)) return u.every((p) => this.isComment(p) || this.isNullishType(p));
  return this.isNullish(n);
}

/** An empty object literal (`{}`, `{ }`) written as a value. */
export function isEmptyObject(this: Collector, n: Node): boolean {
  if (this.text.charCodeAt(n.start) !== 123 || this.text.charCodeAt(n.end - 1) !== 125) return false;
  for (let i = n.start + 1; i < n.end - 1; i++) { const ch = this.text.charCodeAt(i); if (ch !== 32 && ch !== 10 && ch !== 13 && ch !== 9) return false; }
  return true;
}

/** A type with no value that has members, besides the nullish ones (`void`, `never`: the language's emptyTypes). */
export function isEmptyType(this: Collector, n: Node): boolean {
  const words = this.syntax.emptyTypes;
  if (!words) return false;
  const len = n.end - n.start;
  for (const w of words) if (len === w.length && this.text.startsWith(w, n.start)) return true;
  return false;
}

/** A parameter that only declares `this`'s type (TypeScript's `this:`): no parameter position of its own. */
export function isThisParam(this: Collector, n: Node): boolean {
  const w = this.syntax.thisParam;
  return w !== undefined && this.text.startsWith(w, n.start) && !/[$\w]/.test(this.text[n.start + w.length] ?? '');
}

/**
 * Whether a function is async or a generator (the language's plugin reads its head; without one, plain): async
 * functions return promises of what their return statements give, generators iterators.
 */
export function functionHead(this: Collector, fn: Node): 'async' | 'generator' | 'plain' {
  return this.plugin.functionHead ? this.plugin.functionHead.call(this, fn) : 'plain';
}

/** The node a chain of wrapping expressions (parentheses, assertions, `!`) holds: `node` itself when none wraps it. */
export function unwrapped(this: Collector, node: Node): Node {
  for (let w = this.wraps.get(node); w && w.kind === 'wrap' && w.inner; w = this.wraps.get(node)) node = w.inner;
  return node;
}

/** The node holding the called/used name: the identifier itself or a member's property. */
export function nameNodeOf(this: Collector, node: Node): Node | undefined {
  if (this.idOf(node) !== undefined) return node;
  const m = this.members.get(node);
  if (m) return m.property;
  const named = this.elementName.get(node);
  if (named) return named;
  const w = this.wraps.get(node);
  if (w && w.kind === 'wrap' && w.inner) return this.nameNodeOf(w.inner);
  return undefined;
}

export function calleeText(this: Collector, node: Node): string {
  const t = oneSpaced(this.text.slice(startOf(node), this.end(node)));
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}


/**
 * The type arguments written at a call (`get<Db>(…)`, `pair<User, Post>(…)`: up to three, from the first, as far as
 * they are read in order): what bind a generic callee's type parameters by position.
 */
export function typeArgsOf(this: Collector, call: Node): Expr[] | undefined {
  const list = this.callTypeArg.size ? this.callTypeArg.get(call) : undefined;
  if (!list?.[0]) return undefined;
  const out: Expr[] = [];
  for (let i = 0; i < list.length && list[i]; i++) out.push(this.expr(list[i]));
  return out;
}

/** The type arguments written at `new C<A, B>(…)`, what bind the class's type parameters. */
export function newTypeArgsOf(this: Collector, node: Node): Expr[] | undefined {
  const ta = this.newTypeArgs.size ? this.newTypeArgs.get(node) : undefined;
  if (!ta?.arg) return undefined;
  return this.typeArgList(ta as { arg: Node; arg2?: Node; more?: Node[] });
}

/**
 * Every type argument of a generic type or a construction, in order (those after the second come from one match each,
 * in no set order): a type parameter no argument binds reads as its constraint or default, which an argument written
 * and left unread (`PgUpdateBase<any, any, any>`'s third `any`) is not.
 */
export function typeArgList(this: Collector, g: { arg: Node; arg2?: Node; more?: Node[] }): Expr[] {
  const out = [this.expr(g.arg)];
  if (!g.arg2) return out;
  out.push(this.expr(g.arg2));
  if (g.more) for (const n of [...g.more].sort(byStart)) if (!this.isComment(n)) out.push(this.expr(n));
  return out;
}

/**
 * A method guard's call (`x.hasKind('leaf')` of `if (x.hasKind('leaf')) …`) as a value to evaluate the guard with: its
 * callee, and its arguments as values where they are known, string literals kept (they bind the type parameters of
 * `hasKind<K>(k: K): this is NodeOfKind<K>`).
 */
export function guardCall(this: Collector, call: Node): Expr {
  const c = this.calls.get(call);
  if (!c) return { k: 'other' };
  const out: Expr & { k: 'call' } = { k: 'call', callee: this.expr(c.callee) };
  if (!c.args?.length) return out;
  const values = this.argValues(c.args);
  const ordered = this.realSlots(c.args, true).slice(0, 4);
  const args = ordered.map((a, i) => { const e = this.expr(a); return e.k === 'lit' && e.v !== undefined ? e : values?.[i] ?? null; });
  if (args.some((a) => a)) out.args = args;
  return out;
}

/**
 * A guard call as a narrowing records it (`is(x, Param)`, where it held or failed): without its first argument, the
 * name narrowed, whose own narrowings by the guards before it (`else if (is(x, B))` after `is(x, A)`) would nest in
 * every later one; the other arguments are what bind the guard's type parameters.
 */
function narrowingCall(e: Expr): Expr {
  return e.k === 'call' && e.args?.length ? { ...e, args: [null, ...e.args.slice(1)] } : e;
}

/**
 * `of` where a test failed: not a C (`x instanceof C`), not a guard call's type (`isC(x)`, the call), not a method
 * guard's `this is T` (`x.isLeaf()`, the call with its arguments, as for the held way: see guardCall).
 */
function exclusion(c: Collector, of: Expr, test: Node): Expr {
  if (c.selfTests.size && c.selfTests.has(test)) return { k: 'narrowed', of, type: c.guardCall(test), not: true, self: true };
  return { k: 'narrowed', of, type: narrowingCall(c.expr(test)), not: true };
}

/** `of` narrowed by a discriminant test (`tag`: the member, the tags it may hold there, or not). */
export function taggedBy(this: Collector, of: Expr, tag: { key: string; tags: string[]; not?: boolean }): Expr {
  const out: Expr & { k: 'tagged' } = tag.not ? { k: 'tagged', of, key: tag.key, tags: tag.tags, not: true } : { k: 'tagged', of, key: tag.key, tags: tag.tags };
  if (this.enumTags.size && tag.tags.some((t) => t.startsWith(ENUM_TAG))) out.refs = tag.tags.map((t) => { const n = this.enumTags.get(t); return n ? this.expr(n) : null; });
  return out;
}
