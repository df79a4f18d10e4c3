/** Narrowed and either-values: `instanceof`, guards, discriminants, unions of receivers, object literal values. */
import { UNKNOWN, UNKNOWN_TAG, declOf, instancesValue, sameValue, weakenFrom, type Evaluator, type Subst, type SymRef, type Val } from './evaluate.ts';
import { ENUM_TAG, FALSY_TAGS, HAS_TAG, KEYWORD_TAG, NULLISH_TAGS, TRUE_TAG, bindingIndex, bindsLocal, bindsSymbol, mentionsLocal, type Binding, type Expr, type GuardSignature, type LocalFact, type SymbolFact } from '../extract/facts.ts';

/**
 * x inside `if (x instanceof C)`: as the checker narrows, the member types of x's type that are C or extend it
 * (`item: Item` stays an Item inside `if (item instanceof Base)`, so `item.clone()` is Item's override), else a C.
 */
export function narrowedByClass(this: Evaluator, f: number, e: Expr & { k: 'narrowed' }): Val {
  const to = this.narrowingType(f, e);
  if (e.not) return this.withoutClass(f, e.of, to);
  if (to.t !== 'inst') return to;
  const d = this.deref(this.value(f, e.of));
  if (d.t === 'inst' && d.s === to.s && d.f === to.f) return d;
  if (d.t !== 'inst' && d.t !== 'union') return to;
  const kept = (d.t === 'inst' ? [d] : d.of).filter((x) => this.extendsClass(x, to));
  return kept.length ? weakenFrom(instancesValue(kept), to, 'typed-receiver') : to;
}

/**
 * The type a `narrowed` value is tested against: C of `x instanceof C`; where a guard call failed, `type` is that call
 * and the guard's type is what the value is not; a method guard's call (`self`), its method's `this is T`, which may
 * be one of several member types, `nodeOfKind<BasisKind>`.
 */
export function narrowingType(this: Evaluator, f: number, e: Expr & { k: 'narrowed' }): Val {
  if (e.self) return (e.not && this.selfGuardType(f, e.type, true)) || UNKNOWN;
  return e.type.k === 'call' ? (e.not && this.guardType(f, e.type)) || UNKNOWN : this.typeValue(f, e.type, 0);
}

/**
 * `v` less what the tests that failed around `of` exclude (`of` a chain of `narrowed` values with `not`): the parts
 * a narrowing read after them (several guards' types joined, `if (!isA(x) && !isB(x)) return; if (isB(x)) return;`)
 * still takes away, as the checker narrows in the order of the flow.
 */
export function lessExclusions(this: Evaluator, f: number, of: Expr, v: Val): Val {
  for (let x = of, hops = 0; x.k === 'narrowed' && x.not && hops < 8; x = x.of, hops++) v = this.withoutParts(v, this.narrowingType(f, x));
  return v;
}

/**
 * x where `x instanceof C` failed (an `else`, after `if (x instanceof C) return`): as the checker narrows, the member
 * types of x's union that are not C nor extend it (`{ id: string } | StateNode` less StateNode: the object type,
 * whose `id` is no StateNode's), nothing where x was a C; what x was otherwise (a base of C stays itself).
 */
export function withoutClass(this: Evaluator, f: number, of: Expr, to: Val): Val {
  return this.withoutParts(this.value(f, of), to);
}

/** The value `v` less the parts that are `to`'s classes or extend them (see withoutClass). */
export function withoutParts(this: Evaluator, v: Val, to: Val): Val {
  // (several classes, a guard's `v is A | B` or `nodeOfKind<BasisKind>`: a part that is any of them goes)
  const tos = to.t === 'inst' ? [to] : (to.t === 'union' || to.t === 'anyof') && to.of.every((x) => x.t === 'inst') ? to.of as Array<Val & { t: 'inst' }> : undefined;
  if (!tos) return v;
  const isTo = (x: SymRef): boolean => tos.some((t) => this.extendsClass(x, t));
  const d = v.t === 'sym' ? this.deref(v) : v;
  // (a function type part beside the instance types, `Expression | ((b: Builder) => Builder)`, is no C: it stays)
  const fns = d.t === 'inst' || d.t === 'union' ? d.fns : undefined;
  if (d.t === 'inst') return isTo(d) ? fns?.length === 1 ? fns[0] : UNKNOWN : v;
  if (d.t !== 'union' && d.t !== 'anyof') return v;
  const kept = (d.of as Val[]).filter((x) => x.t !== 'inst' || !isTo(x));
  if (kept.length === d.of.length) return v;
  if (kept.length === 0) return fns?.length === 1 ? fns[0] : UNKNOWN;
  if (kept.length === 1) return fns?.length && kept[0].t === 'inst' ? { ...kept[0], fns } : kept[0];
  const insts = kept.filter((x): x is Val & { t: 'inst' } => x.t === 'inst');
  if (insts.length === kept.length) return fns?.length ? { t: 'union', of: insts, r: d.r, c: d.c, fns } : { t: 'union', of: insts, r: d.r, c: d.c };
  return { t: 'anyof', of: kept, r: d.r, c: d.c };
}

/** True when the class of `x` is `cls` or extends it (through project classes). */
export function extendsClass(this: Evaluator, x: SymRef, cls: SymRef): boolean {
  let c: SymRef | 'ext' | undefined = { f: x.f, s: x.s };
  for (let hops = 0; c && c !== 'ext' && hops < 16; hops++) {
    if (c.f === cls.f && c.s === cls.s) return true;
    c = this.sym(c).label === 'Class' ? this.superClass(c) : undefined;
  }
  return false;
}

/**
 * Whether class or interface x is y or inherits from it through its project bases (`extends`, `implements`), as far
 * as they are read.
 */
export function inheritsFrom(this: Evaluator, x: SymRef, y: SymRef): boolean {
  const seen = new Set<string>();
  const stack: SymRef[] = [x];
  while (stack.length && seen.size < 64) {
    const c = stack.pop()!;
    if (c.f === y.f && c.s === y.s) return true;
    const key = `${c.f}:${c.s}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sym = this.sym(c);
    for (const h of [...(sym.extends ?? []), ...(sym.implements ?? [])]) {
      const t = this.typeSymbol(c.f, h);
      if (t && t !== 'ext' && (this.sym(t).label === 'Class' || this.sym(t).label === 'Interface')) stack.push({ f: t.f, s: t.s });
    }
  }
  return false;
}

/**
 * The instances a value is where one of several guards held (`isA(x) || isB(x)`), less each one that is a subtype of
 * another: the checker joins the branches' types with subtype reduction where a guard brought in a type the value's
 * declared type does not hold as a part, so `isObservableValue(s) || isComputedValue(s)` leaves `s` an
 * `IObservableValue` where `ComputedValue` has every member of that interface and more. A subtype here: a class or
 * interface inheriting from the other, or one with every member name of an interface and more (a class's private
 * members make it nominal). Names only, not their types: a part dropped that is none loses its own members there.
 */
export function withoutSubtypes(this: Evaluator, insts: Array<Val & { t: 'inst' }>): Array<Val & { t: 'inst' }> {
  if (insts.length < 2 || insts.length > 8) return insts;
  const names = insts.map((x) => this.memberNames(x, 0, new Set()));
  return insts.filter((b, i) => !insts.some((a, j) => {
    if (i === j || (a.f === b.f && a.s === b.s)) return false;
    if (this.inheritsFrom(b, a)) return true;
    const na = names[j], nb = names[i];
    if (!na || !nb || nb.size <= na.size || this.sym(a).label !== 'Interface') return false;
    for (const n of na) if (!nb.has(n)) return false;
    return true;
  }));
}

/**
 * The instance member names of class or interface t, its merged declarations' and its `extends` bases' (a class's
 * `implements` adds none); undefined where they cannot all be listed (an outside base, an index signature).
 */
export function memberNames(this: Evaluator, t: SymRef, depth: number, out: Set<string>): Set<string> | undefined {
  if (depth > 8) return undefined;
  for (const part of [t, ...(this.mergedTypes(t, false) ?? [])]) {
    const sym = this.sym(part);
    if (sym.index || (sym.label !== 'Class' && sym.label !== 'Interface')) return undefined;
    this.childrenOf(part.f, part.s)?.forEach((idx, name) => {
      if (name !== 'constructor' && idx.some((i) => !this.files[part.f].symbols[i].isStatic)) out.add(name);
    });
    for (const h of sym.extends ?? []) {
      const base = this.typeSymbol(part.f, h.k === 'generic' ? h.of : h);
      if (!base || base === 'ext' || !this.memberNames(base, depth + 1, out)) return undefined;
    }
  }
  return out;
}

/**
 * What a type guard says its argument is where it held: the predicate of a function or method (`isFoo(v): v is
 * Foo`), or of the function type a value holds (`const isMap = make(Map) as (x: any) => x is Map`, or the
 * `(x: any) => x is T` a generic factory returns with T bound). A class or interface (or several); a structural
 * predicate (`v is { lift: … }`) only adds to what the value already was: undefined then.
 */
export function guardType(this: Evaluator, f: number, by: Expr, asserts?: boolean, anyKind?: boolean): Val | undefined {
  // (a guard called with more arguments, `is(value, Param)`: the call, whose arguments bind the guard's own type
  // parameters, `is<T>(value: any, type: T): value is InstanceType<T>` narrowing to a Param)
  const call = by.k === 'call' ? by : undefined;
  const g = this.value(f, call ? call.callee : by);
  let v: Val | undefined;
  if (g.t === 'sym') {
    const sym = this.sym(g);
    // (an assertion function's `asserts x is T`, after a call of it as a statement)
    let predicate = asserts ? sym.asserts : sym.predicate;
    if (asserts && !predicate) return undefined;
    // (an overloaded guard whose signatures say different things: the one the call's arguments pick, else nothing)
    if (!asserts && sym.guards) {
      const argc = call ? call.argc ?? call.args?.length ?? 0 : 1;
      predicate = this.pickedGuard(f, sym.guards, call?.args, argc)?.predicate;
      if (!predicate) return undefined;
    }
    if (predicate && call && (sym.label === 'Function' || sym.label === 'Method')) {
      const subst = sym.typeParams && sym.params && call.args ? this.inferTypeArgs(g, sym.typeParams, sym.params, call.args, f) : undefined;
      // (a type parameter of its own the arguments leave unbound: the checker infers it from what we cannot type)
      if (sym.typeParams?.some((l) => !subst?.has(`${g.f}:${l}`) && mentionsLocal(predicate, l, 0))) return undefined;
      v = weakenFrom(this.typeValue(g.f, predicate, 0, subst ?? g.subst), g, 'typed-receiver');
    } else if (predicate && (sym.label === 'Function' || sym.label === 'Method')) v = weakenFrom(this.typeValue(g.f, predicate, 0), g, 'typed-receiver');
    else if (sym.label === 'Variable' || sym.label === 'Property') {
      const d = this.deref(g);
      if (d.t === 'fnval' && d.predicate) v = weakenFrom(this.typeValue(d.f, d.predicate, 0, d.subst), d, 'typed-receiver');
    }
  }
  return v && (anyKind || v.t === 'inst' || v.t === 'union' || v.t === 'inter') ? v : undefined;
}

/**
 * Whether the callee `by` (file f) is a function or method asserting its first parameter's truth (`invariant(cond:
 * unknown, message?: string): asserts cond`), so that a call of it as a statement leaves its argument's tests held.
 */
export function assertsCondition(this: Evaluator, f: number, by: Expr): boolean {
  const g = this.value(f, by);
  if (g.t !== 'sym') return false;
  const sym = this.sym(g);
  return !!sym.assertsCond && (sym.label === 'Function' || sym.label === 'Method');
}

/**
 * The signature of an overloaded guard (`guards`) a call with `argc` arguments (`args`, file f) takes: the first whose
 * arity fits and whose parameters surely take the arguments, as the checker's overload resolution picks; undefined
 * where a signature before it may or may not take them. A parameter takes an argument surely where it has no type, is
 * `any` or `unknown`, is typed alike in every signature (no call picks by it), or names the enum member the argument
 * is, that member's enum or a union holding either; surely not where it names another member of that enum.
 */
export function pickedGuard(this: Evaluator, f: number, guards: readonly GuardSignature[], args: ReadonlyArray<Expr | null> | undefined, argc: number): GuardSignature | undefined {
  const fits = (i: number, text: string | null): boolean | undefined => {
    if (text === null || text === 'any' || text === 'unknown' || guards.every((g) => g.params[i] === text || i >= g.params.length)) return true;
    const a = args?.[i];
    if (!a || a.k !== 'member' || a.obj.k !== 'id') return undefined;
    const v = this.value(f, a);
    if (v.t !== 'sym' || this.sym(v).kind !== 'enum_member') return undefined;
    const parts = text.split('|').map((p) => p.trim());
    if (parts.some((p) => p === `${(a.obj as { name: string }).name}.${a.name}` || p === (a.obj as { name: string }).name)) return true;
    return parts.every((p) => p.startsWith(`${(a.obj as { name: string }).name}.`)) ? false : undefined;
  };
  for (const g of guards) {
    if (argc < g.min || argc > g.max) continue;
    let ok: boolean | undefined = true;
    for (let i = 0; i < argc && ok; i++) ok = fits(i, g.params[i] ?? null);
    if (ok === undefined) return undefined;
    if (ok) return g;
  }
  return undefined;
}

/**
 * What a method guard says its receiver is where it held (`if (node.isLeaf()) …` of `isLeaf(): this is Leaf`): the
 * method's `this is T`, its type parameters bound by the receiver's type arguments and by the call's arguments (a
 * string argument binds a parameter declared as the type parameter itself to that literal type: `hasKind<K>(k: K):
 * this is NodeOfKind<K>` called with `'leaf'`, as the checker infers K). Undefined where the method declares none, a
 * type parameter of its own in T stays unbound (the checker infers it from an argument we cannot type), or T is no
 * class or interface we know. (`parts`: also where T is one of several member types, `NodesByKind[BasisKind]`, what
 * a failed call excludes.)
 */
export function selfGuardType(this: Evaluator, f: number, call: Expr, parts?: boolean): Val | undefined {
  if (call.k !== 'call') return undefined;
  // (most such calls are of no guard, `if (map.has(k))`: a name no project method guard has answers before any
  // evaluation; the project's files only, which are all there from the start, so the answer does not depend on the
  // order packages' declarations are read in)
  if (call.callee.k === 'member') {
    if (!this.selfGuardNames) {
      const names = new Set<string>();
      for (let i = 0; i < this.projectCount; i++) for (const s of this.files[i].symbols) if (s.thisPredicate) names.add(s.name);
      this.selfGuardNames = names;
    }
    if (!this.selfGuardNames.has(call.callee.name)) return undefined;
  }
  const g = this.value(f, call.callee);
  if (g.t !== 'sym') return undefined;
  const sym = this.sym(g);
  if (sym.label !== 'Method' || !sym.thisPredicate) return undefined;
  let subst = g.subst;
  if (sym.typeParams) {
    const own = new Map(subst ?? []);
    const args = call.args ?? [];
    sym.params?.forEach((pt, i) => {
      const a = args[i];
      if (pt?.k === 'id' && bindsLocal(pt.b) && sym.typeParams!.includes(bindingIndex(pt.b)) && a?.k === 'lit' && a.v !== undefined) own.set(`${g.f}:${bindingIndex(pt.b)}`, { f, t: a });
    });
    const inferred = sym.params && call.args ? this.inferTypeArgs({ ...g, subst: own }, sym.typeParams, sym.params, call.args, f) : undefined;
    subst = inferred ?? (own.size ? own : subst);
    if (sym.typeParams.some((l) => !subst?.has(`${g.f}:${l}`) && mentionsLocal(sym.thisPredicate!, l, 0))) return undefined;
  }
  const v = weakenFrom(this.typeValue(g.f, sym.thisPredicate, 0, subst), g, 'typed-receiver');
  return v.t === 'inst' || v.t === 'union' || v.t === 'inter' || (parts && v.t === 'anyof' && v.of.every((x) => x.t === 'inst')) ? v : undefined;
}

/**
 * The receiver of a method guard where it held (`if (m.isJust()) m.extract()`): as the checker narrows a value that is
 * no union, the guard's type where that is the value's type or below it, the value's own where the value's type is
 * already below the guard's, and the intersection of both where neither inherits from the other (`isJust(): this is
 * AlwaysJust` on a `Maybe<T>`: `Maybe<T> & AlwaysJust`, whose `extract` is still Maybe's).
 */
export function selfNarrowed(this: Evaluator, f: number, of: Expr, by: Expr): Val {
  const g = this.selfGuardType(f, by, true);
  if (!g) return this.value(f, of);
  if (g.t === 'anyof') {
    // (one of several member types, `this is nodeOfKind<BasisKind>`: the checker's union of them, each a part a member
    // is read on; of a value that is a union, the parts that are one of them)
    const parts = g.of as Array<Val & { t: 'inst' }>;
    const was = this.deref(this.value(f, of));
    const kept = was.t === 'union' || was.t === 'anyof' ? was.of.filter((x): x is Val & { t: 'inst' } => x.t === 'inst' && parts.some((p) => this.extendsClass(x, p))) : [];
    return weakenFrom(instancesValue(kept.length ? kept : parts), g, 'typed-receiver');
  }
  if (g.t !== 'inst') return g;
  const was = this.value(f, of), d = this.deref(was);
  if (d.t !== 'inst' || (d.f === g.f && d.s === g.s) || this.inheritsFrom(g, d)) return g;
  if (this.inheritsFrom(d, g)) return was;
  return { t: 'inter', of: [d, g], hole: false, r: g.r, c: Math.min(d.c, g.c) };
}

/**
 * `Extract<U, X>` / `Exclude<U, X>` (`not`): the parts of the union U that X picks, as the checker's distributive
 * conditional keeps those assignable to X: by the discriminants of an object type or a union of them (`{ kind:
 * 'circle' }`: the parts whose `kind` is that string; every part's must be known), or by a class or interface (the
 * parts that are it or, a class, extend it). Unknown where X is neither or a part cannot be told, since U itself would
 * hold parts the checker leaves out.
 */
export function extracted(this: Evaluator, f: number, t: Expr & { k: 'extract' }, depth: number, subst: Subst | undefined): Val {
  const u = this.typeValue(f, t.of, depth + 1, subst);
  if (u.t !== 'union' && u.t !== 'anyof') return UNKNOWN;
  const parts: Val[] = [];
  const flatten = (x: Val): void => { if (x.t === 'anyof' && !x.either) x.of.forEach(flatten); else parts.push(x); };
  (u.of as Val[]).forEach(flatten);
  const objects = t.by.k === 'object' ? [t.by] : t.by.k === 'union' && t.by.types.every((x) => x.k === 'object') ? t.by.types as Array<Expr & { k: 'object' }> : undefined;
  let picks: (x: Val) => boolean | undefined;
  if (objects) {
    // (a discriminant may sit deeper, `{ extension: { name: K } }` with K bound to a string: a path to that string)
    const tests = objects.map((o) => this.discriminants(f, o, [], subst, depth));
    if (tests.some((x) => !x.length)) return UNKNOWN;
    picks = (x) => {
      let any = false;
      for (const test of tests) {
        let all = true;
        for (const { path, v } of test) { const tag = path.length === 1 && x.t !== 'sym' ? this.tagOf(x, path[0]) : this.tagAt(x, path); if (tag === undefined) return undefined; if (tag !== v) all = false; }
        any ||= all;
      }
      return any;
    };
  } else {
    const by = this.typeValue(f, t.by, depth + 1, subst);
    if (by.t !== 'inst') return UNKNOWN;
    picks = (x) => x.t !== 'inst' ? undefined : (x.f === by.f && x.s === by.s) || this.extendsClass(x, by);
  }
  const kept: Val[] = [];
  for (const x of parts) {
    const p = picks(x);
    if (p === undefined) return UNKNOWN;
    if (p !== !!t.not) kept.push(x);
  }
  if (kept.length === 0) return UNKNOWN;
  if (kept.length === 1) return kept[0];
  const insts = kept.filter((x): x is Val & { t: 'inst' } => x.t === 'inst');
  const c = Math.min(...kept.map((x) => (x as { c: number }).c));
  return insts.length === kept.length ? { t: 'union', of: insts, r: u.r, c } : { t: 'anyof', of: kept, r: u.r, c };
}

/**
 * The string discriminants an object type pattern of `Extract` tests (`{ kind: 'circle' }`, `{ extension: { name: K }
 * }` with K bound to one string), each with the path of keys to it; the pattern's other members are not read.
 */
export function discriminants(this: Evaluator, f: number, o: Expr & { k: 'object' }, at: readonly string[], subst: Subst | undefined, depth: number): Array<{ path: string[]; v: string }> {
  const out: Array<{ path: string[]; v: string }> = [];
  if (at.length > 4) return out;
  for (const p of o.props) {
    const path = [...at, p.name];
    if (p.type.k === 'object') { out.push(...this.discriminants(f, p.type, path, subst, depth)); continue; }
    if (p.type.k === 'lit' && p.type.v !== undefined) { out.push({ path, v: p.type.v }); continue; }
    const v = p.type.k === 'id' && subst ? this.typeValue(f, p.type, depth + 1, subst) : undefined;
    if (v?.t === 'ext' && v.lits?.length === 1) out.push({ path, v: v.lits[0] });
  }
  return out;
}

/**
 * The string a path of keys reaches from a class value's static member, or an instance's member, through the object
 * literal it holds or the object type it declares (`TextureSystem.extension.name` of `static extension = { name:
 * 'texture' } as const`); undefined where that is no string literal.
 */
export function tagAt(this: Evaluator, x: Val, path: readonly string[]): string | undefined {
  const cls = x.t === 'sym' && this.sym(x).label === 'Class' ? x : x.t === 'inst' ? x : undefined;
  if (!cls) return undefined;
  const m = this.findMember(cls, path[0], x.t === 'sym');
  if (!m || m === 'ext') return undefined;
  const s = this.sym(m);
  let e: Expr | undefined = s.type ?? s.init;
  for (const key of path.slice(1)) {
    if (e?.k === 'objval') { const en = e.entries.find((x) => 'name' in x && x.name === key); e = en && 'name' in en ? en.value : undefined; }
    else if (e?.k === 'object') e = e.props.find((p) => p.name === key)?.type;
    else return undefined;
  }
  return e?.k === 'lit' ? e.v : undefined;
}

/**
 * Whether a name called as `isArray(x)` tests for an array as `Array.isArray` does: `Array.isArray` itself held by a
 * const (`export const isArray: typeof Array.isArray = Array.isArray`, also through another such name), or a function
 * whose predicate is an array type (`(v: unknown): v is unknown[]`).
 */
export function arrayTest(this: Evaluator, f: number, by: Expr, depth = 0): boolean {
  const isArrayItself = (e: Expr | undefined): boolean => !!e && e.k === 'member' && e.name === 'isArray' && e.obj.k === 'id' && e.obj.name === 'Array' && !e.obj.b;
  if (isArrayItself(by)) return true;
  if (depth > 4) return false;
  const g = this.value(f, by);
  if (g.t !== 'sym') return false;
  const sym = this.sym(g);
  if (sym.predicate) return sym.predicate.k === 'array';
  if (sym.label !== 'Variable') return false;
  if (sym.type) return sym.type.k === 'typeof' && isArrayItself(sym.type.of);
  return !!sym.init && this.arrayTest(g.f, sym.init, depth + 1);
}

/**
 * `o.name` of an object literal value: the value of the last entry that can give it. A spread gives its own
 * member when it surely has one; a spread that surely lacks the name (a namespace that does not export it, an
 * object literal without the key) passes on to the entries before it; anything else leaves the answer unknown.
 */
export function objectMember(this: Evaluator, o: Val & { t: 'objv' }, name: string): Val {
  const v = this.objectEntry(o, name, 0);
  return v === 'absent' ? UNKNOWN : v;
}

export function objectEntry(this: Evaluator, o: Val & { t: 'objv' }, name: string, depth: number): Val | 'absent' {
  if (depth > 8) { this.cut++; return UNKNOWN; }
  for (let i = o.entries.length - 1; i >= 0; i--) {
    const en = o.entries[i];
    if ('open' in en) return UNKNOWN;
    if ('spread' in en) {
      const sp = this.deref(this.value(o.f, en.spread));
      if (sp.t === 'ns') {
        // `{ ..._schemas, ..._checks }`: a namespace's exports (a star re-export from a package may add any name)
        const m = this.exportOf(sp.f, name);
        if (m) return weakenFrom(weakenFrom(m, sp, 'namespace-import'), o, 'same-file');
        if (this.exportTable(sp.f).stars.some((st) => !('f' in this.module(sp.f, st)))) return UNKNOWN;
        continue;
      }
      if (sp.t === 'objv') {
        const m = this.objectEntry(sp, name, depth + 1);
        if (m === 'absent') continue;
        return m.t === 'unknown' || m.t === 'ext' ? m : weakenFrom(m, o, 'same-file');
      }
      const m = this.member(sp, name);
      return m.t === 'sym' ? weakenFrom(m, o, 'same-file') : UNKNOWN;
    }
    if (en.name === name) {
      const v = weakenFrom(this.value(o.f, en.value), o, 'same-file');
      return v.t === 'sym' ? { ...v, held: true } : v;
    }
  }
  return 'absent';
}

/**
 * The member types of a union (`u`: project types, or object types) whose discriminant `key` is one of `tags` (`not`:
 * none of them); a member type whose discriminant we cannot read stays. Undefined when nothing is narrowed; unknown
 * where `not` leaves none.
 */
export function narrowedByTag(this: Evaluator, u: Val, key: string, tags: readonly string[], not?: boolean): Val | undefined {
  // (an intersection with a union part, `Snapshot<T> & { input: I }`: the checker distributes it, `(A & C) | (B & C)`,
  // so the tag narrows the union part; one member type left joins the other parts)
  if (u.t === 'inter' && u.alts) return this.narrowedAlts(u, key, tags, not);
  // (one object type whose tag is none tested for, `case 'deep'` on `A | Deep` read as A where Deep was past the
  // nesting bound: code the checker accepts tests no tag its type cannot have, so a part is missing; no member there)
  if ((u.t === 'obj' || u.t === 'inst') && !not && plainTags(tags)) {
    const t = this.tagOf(u, key);
    return t !== undefined && !tags.includes(t) ? UNKNOWN : undefined;
  }
  if (u.t !== 'union' && u.t !== 'anyof') return undefined;
  // (a part that is itself a union of object types, `type Element = Leading | Postfix`: its parts, each by its tag)
  const parts: Val[] = [];
  const flatten = (x: Val): void => { if (x.t === 'anyof' && !x.either && u.t === 'anyof') x.of.forEach(flatten); else parts.push(x); };
  (u.of as Val[]).forEach(flatten);
  // (`'key' in x`: the member types that may have the member)
  const has = tags.length === 1 && tags[0] === HAS_TAG;
  // (where a truthiness test failed, `if (r.issues) throw …` then the rest: a member type whose `issues` is surely
  // truthy is ruled out too, as the checker narrows)
  const falsy = !has && (not ? tags.length === 1 && tags[0] === TRUE_TAG : tags.length === FALSY_TAGS.length && FALSY_TAGS.every((t) => tags.includes(t)));
  // (where `x.path == null` held, or `x.path != null` failed: a member type whose `path` is surely defined is ruled out)
  const nullish = !has && !not && tags.every((t) => NULLISH_TAGS.includes(t));
  const kept = parts.filter((x) => {
    // (where it failed: the member types that may lack the member, those declaring it without `?` dropped)
    if (has) return not ? !this.surelyHas(x, key) : !this.surelyWithout(x, key);
    const t = this.tagOf(x, key);
    return t === undefined ? !(falsy && this.surelyTruthy(x, key)) && !(nullish && this.surelyDefined(x, key)) : tags.includes(t) !== !!not;
  });
  // (every member type excluded, the `default:` of an exhaustive switch: the checker's never, which has no member)
  if (kept.length === 0 && not && !has) return UNKNOWN;
  // (no member type read declares a tag tested for, `case 'set_selection'` where that part was past the nesting bound:
  // never to the checker when the union is read whole, else a part not read; no member either way, not the union's)
  if (kept.length === 0 && plainTags(tags)) return UNKNOWN;
  if (kept.length === parts.length || kept.length === 0) return undefined;
  // (one type reached through several parts, `Msg<T>['result'] | Response<T>['result']` both holding `Result<T>`: that
  // type, as the checker's union holds it once)
  if (kept.length === 1 || kept.every((x) => sameValue(x, kept[0]))) return kept[0];
  const c = Math.min(...kept.map((x) => (x as { c: number }).c));
  return u.t === 'union' ? { t: 'union', of: kept as Array<Val & { t: 'inst' }>, r: u.r, c } : { t: 'anyof', of: kept, r: u.r, c };
}

/** Whether `tags` are values a discriminant is compared with, not `'key' in x`, truthiness, nullish or unread tests. */
function plainTags(tags: readonly string[]): boolean {
  return !tags.some((t) => t === HAS_TAG || t === TRUE_TAG || t === UNKNOWN_TAG || FALSY_TAGS.includes(t) || NULLISH_TAGS.includes(t));
}

/**
 * An intersection with union parts narrowed by a tag (see narrowedByTag): each union part by itself; a part left with
 * one object type joins the object type parts, one left with one class or interface the instance parts. Undefined when
 * no part is narrowed.
 */
export function narrowedAlts(this: Evaluator, u: Val & { t: 'inter' }, key: string, tags: readonly string[], not?: boolean): Val | undefined {
  let changed = false;
  const of = [...u.of], objs = [...(u.objs ?? [])], alts: Array<Val & { t: 'anyof' }> = [];
  for (const a of u.alts ?? []) {
    const n = this.narrowedByTag(a, key, tags, not);
    if (!n) { alts.push(a); continue; }
    changed = true;
    if (n.t === 'anyof') alts.push(n);
    else if (n.t === 'obj') objs.push(n);
    else if (n.t === 'inst' && !of.some((x) => x.f === n.f && x.s === n.s)) of.push(n);
    else if (n.t !== 'inst') return undefined;
  }
  if (!changed) return undefined;
  return { ...u, of, objs: objs.length ? objs : undefined, alts: alts.length ? alts : undefined };
}

/**
 * The enum member an expression of file f names (`NodeTypes.ELEMENT`), as a tag: ENUM_TAG and the member's place, so
 * that two names of one member are one tag; UNKNOWN_TAG where it is no member of a project enum.
 */
export function enumTag(this: Evaluator, f: number, e: Expr): string {
  if (e.k !== 'member') return UNKNOWN_TAG;
  const v = this.value(f, e);
  if (v.t !== 'sym' || this.sym(v).kind !== 'enum_member') return UNKNOWN_TAG;
  return `${ENUM_TAG}${v.f}:${v.s}`;
}

/**
 * The string a member type declares for its discriminant `key` (`readonly _tag = 'Objects'`, `kind: 'circle'`), or
 * the enum member it declares (`type: NodeTypes.ELEMENT`, see enumTag).
 */
export function tagOf(this: Evaluator, x: Val, key: string): string | undefined {
  const lit = (f: number, e: Expr | undefined): string | undefined => {
    if (e?.k === 'lit') return e.v;
    if (e?.k !== 'member') return undefined;
    const t = this.enumTag(f, e);
    return t === UNKNOWN_TAG ? undefined : t;
  };
  if (x.t === 'inst') {
    const m = this.findMember(x, key, false);
    if (!m || m === 'ext') return undefined;
    const sym = this.sym(m);
    const own = lit(m.f, sym.type) ?? (sym.type ? undefined : lit(m.f, sym.init));
    if (own !== undefined || !sym.type) return own;
    // (a type that is one string literal type once the class's type arguments bind it, `readonly kind: d["kind"]` of
    // `class DivisorNode extends BaseNode<Divisor.Declaration>`)
    const v = this.member(x, key);
    const d = v.t === 'sym' ? this.deref(v) : v;
    return d.t === 'ext' && d.lits?.length === 1 ? d.lits[0] : undefined;
  }
  if (x.t === 'obj') return lit(x.f, x.props.find((p) => p.name === key)?.type);
  if (x.t === 'inter') {
    for (const p of x.objs ?? []) { const t = lit(p.f, p.props.find((q) => q.name === key)?.type); if (t !== undefined) return t; }
    for (const p of x.of) { const t = this.tagOf(p, key); if (t !== undefined) return t; }
  }
  return undefined;
}


/**
 * True when member `key` of a class or interface `x` is surely neither null nor undefined: declared without `?` with a
 * primitive type other than those (`path: string`), or an object, array, tuple or function type.
 */
export function surelyDefined(this: Evaluator, x: Val, key: string): boolean {
  if (x.t !== 'inst') return false;
  const m = this.findMember(x, key, false);
  if (!m || m === 'ext') return false;
  const sym = this.sym(m);
  const t = sym.type;
  if (!t || sym.label !== 'Property') return false;
  if (t.k !== 'lit' && t.k !== 'list' && t.k !== 'array' && t.k !== 'object' && t.k !== 'fntype') return false;
  const sig = sym.signature ?? '';
  const at = sig.indexOf(sym.name);
  if (at < 0) return false;
  const rest = sig.slice(at + sym.name.length);
  // (the facts write every primitive type alike, `any` and `unknown` too: the declaration's text says which)
  return t.k === 'lit' ? /^\s*:\s*(?:string|number|boolean|bigint|symbol)\s*(?:[;,]|$)/.test(rest) : /^\s*:/.test(rest);
}

/**
 * True when member `key` of a class or interface `x` is surely truthy: declared without `?` with a type that is an
 * object (a tuple, an array, an object or function type), which no falsy value has.
 */
export function surelyTruthy(this: Evaluator, x: Val, key: string): boolean {
  if (x.t !== 'inst') return false;
  const m = this.findMember(x, key, false);
  if (!m || m === 'ext') return false;
  const sym = this.sym(m);
  const k = sym.type?.k;
  if (k !== 'list' && k !== 'array' && k !== 'object' && k !== 'fntype') return false;
  // (`issues?: Issue[]` may be undefined: the declaration's text says whether a `?` follows the name)
  const sig = sym.signature ?? '';
  const at = sig.indexOf(sym.name);
  return at >= 0 && /^\s*:/.test(sig.slice(at + sym.name.length));
}

/**
 * True when a member type of a union surely has no member `name`, whose `'name' in x` test the checker takes as
 * leaving it out: a TypeScript class or interface all in the project that declares none up its heritage, nor an index
 * signature (see lacks), or an object type literal without it; never an outside or unknown type.
 */
export function surelyWithout(this: Evaluator, x: Val, name: string): boolean {
  if (x.t === 'inst') {
    const sym = this.sym(x);
    if ((sym.label !== 'Class' && sym.label !== 'Interface') || sym.index || this.files[x.f].language === 'javascript') return false;
    return this.declaresNoMember(x, name, false) && !this.indexedAbove(x, 0);
  }
  if (x.t === 'obj') return !x.open && !x.index && x.key === undefined && !x.calls && !x.props.some((p) => p.name === name) && !x.others?.includes(name) && !(x.decls && declOf(x, name));
  // (an intersection, `Ident & Options & { type: 'query' }`: when every part we read whole lacks it; a part we cannot
  // read, an outside one or an array may have it)
  if (x.t === 'inter') {
    return !x.hole && !x.outside && !x.list && x.of.every((p) => this.surelyWithout(p, name))
      && (x.objs ?? []).every((p) => this.surelyWithout(p, name)) && (x.alts ?? []).every((a) => a.of.every((p) => this.surelyWithout(p, name)));
  }
  return false;
}

/**
 * True when member type `x` of a union surely has member `name`, so that a failed `'name' in x` test rules it out: a
 * class or interface declaring it (or inheriting it) as a property without `?` or a method, or an object type alias's
 * declaration of it without `?`; never a type we cannot read whole.
 */
export function surelyHas(this: Evaluator, x: Val, name: string): boolean {
  // (an intersection has what one of its parts surely has)
  if (x.t === 'inter') return !x.omits?.includes(name) && (x.of.some((p) => this.surelyHas(p, name)) || !!x.objs?.some((p) => this.surelyHas(p, name)));
  let m: SymRef | undefined;
  if (x.t === 'inst') {
    const found = this.findMember(x, name, false);
    if (found && found !== 'ext') m = found;
  } else if (x.t === 'obj' && x.decls) {
    const d = x.decls.find((y) => y.name === name);
    if (d) m = { f: x.f, s: d.s };
  }
  if (!m) return false;
  const sym = this.sym(m);
  if (sym.label !== 'Property' && sym.label !== 'Method') return false;
  // (`component?: never` may be missing: the declaration's text says whether a `?` follows the name)
  const sig = sym.signature ?? '';
  const at = sig.indexOf(sym.name);
  return at >= 0 && (sym.label === 'Property' ? /^\s*:/ : /^\s*[(<]/).test(sig.slice(at + sym.name.length));
}

/** True when a class or interface above `x` has an index signature or is no project type (it may answer any name). */
export function indexedAbove(this: Evaluator, x: SymRef, depth: number): boolean {
  if (depth > 8) return true;
  const sym = this.sym(x);
  if (sym.index) return true;
  for (const e of [...(sym.extends ?? []), ...(sym.implements ?? [])]) {
    const t = this.typeSymbol(x.f, e);
    if (!t || t === 'ext') return true;
    const label = this.sym(t).label;
    if (label !== 'Class' && label !== 'Interface') return true;
    if (this.indexedAbove(t, depth + 1)) return true;
  }
  return false;
}

/** True when a member type of a union surely has no member `name`: a class (see lacks) or a closed object type. */
export function lacksIn(this: Evaluator, x: Val, name: string): boolean {
  if (x.t === 'inst') return this.lacks(x, name);
  // (a mapped type's keys remapped to `debug${K}` are none of the names without that start)
  if (x.t === 'obj') return !x.open && (!x.index || (x.prefix !== undefined && !name.startsWith(x.prefix))) && !x.props.some((p) => p.name === name) && !x.others?.includes(name);
  if (x.t === 'anyof') return x.of.every((y) => this.lacksIn(y, name));
  return false;
}

/**
 * True when a conditional type's branch `x` cannot be the checker's pick where code reads `name` on it: it surely lacks
 * the member (lacksIn), reading it there is an error (readFails), or it is branches of its own that all cannot. Code
 * that type-checks reads the member of a branch that has it (`.atLeast` of `instantiateType<t>`'s `NumberType<t>`
 * beside `StringType<t>`, both interfaces, whichever branch an inference we cannot follow picks).
 */
export function branchLacks(this: Evaluator, x: Val, name: string): boolean {
  if (x.t === 'anyof' && x.either) return x.of.every((y) => this.branchLacks(y, name));
  return this.lacksIn(x, name) || this.readFails(x, name);
}

/**
 * True when the member `m` that the union member type `x` gives for `name` is a property declared with a literal or
 * primitive type (`undefined`, `null`, `true`; the facts write `string` alike; not a string literal type, which
 * discriminates): no project type's member.
 */
export function memberlessIn(this: Evaluator, x: Val, m: Val, name: string): boolean {
  const bare = (t: Expr | undefined): boolean => t?.k === 'lit' && (t.v === undefined || t.v.startsWith(KEYWORD_TAG));
  if (m.t === 'sym') { const sym = this.sym(m); return sym.label === 'Property' && bare(sym.type); }
  if (x.t === 'obj' && !x.decls) return bare(x.props.find((p) => p.name === name)?.type);
  return false;
}

/**
 * True when no type of a union part of an intersection declares `name`: each a class or interface whose heritage is all
 * in the project (an index signature does not count: beside a part that declares `name`, the intersection's property
 * is that part's), or a closed object type.
 */
export function declaresNone(this: Evaluator, x: Val, name: string): boolean {
  if (x.t === 'anyof') return x.of.every((y) => this.declaresNone(y, name));
  if (x.t === 'obj') return this.lacksIn(x, name);
  if (x.t !== 'inst') return false;
  const label = this.sym(x).label;
  return (label === 'Class' || label === 'Interface') && this.declaresNoMember(x, name, true);
}

/**
 * A TypeScript class (and every class or interface above it) that is all in the project and declares no member `name`, on
 * either side: code that type-checks reads `name` on a union holding it only where a narrowing (`'reset' in
 * handler`, a discriminant, `instanceof`) has left the other member types, so the member is theirs. Interfaces are
 * left out (an index signature there is not recorded, and would answer any name).
 */
export function lacks(this: Evaluator, x: { f: number; s: number }, name: string): boolean {
  // (TypeScript only: the checker does not hold JavaScript to its JSDoc types, so nothing there says it narrowed)
  if (this.sym(x).label !== 'Class' || this.files[x.f].language === 'javascript') return false;
  return this.declaresNoMember(x, name, true);
}

/**
 * True when reading `name` on a value of interface `x` is an error to the checker: no member of that name up its
 * heritage (all in the project) nor through a merged declaration, and no string index signature answering any name.
 * (Not a narrowing's test, unlike lacks: an interface may be augmented where code is not looking, so a narrowing by
 * it is not assumed; an error the code lets pass is read where the checker reads it.)
 */
export function readFails(this: Evaluator, x: Val, name: string): boolean {
  if (x.t !== 'inst' || this.sym(x).label !== 'Interface' || this.files[x.f].language === 'javascript') return false;
  return this.declaresNoMember(x, name, false) && !this.hasStringIndex(x, 0);
}

/**
 * True when the class or interface `x` declares no member `name` up its heritage (all in the project) nor through a
 * type merged with it, on its instance side (`statics`: on either side).
 */
export function declaresNoMember(this: Evaluator, x: SymRef, name: string, statics: boolean): boolean {
  return this.findMember(x, name, false) === undefined && (!statics || this.findMember(x, name, true) === undefined)
    && !this.mergedMember({ t: 'sym', f: x.f, s: x.s, r: 'same-file', c: 1 }, name);
}

/**
 * `o.name` on a receiver typed by a union of project types: each member type's symbol for `name` (distinct).
 * The call goes to one of them, so no CALLS edge is drawn unless they agree (see member), but the name is an
 * occurrence of each, as the TypeScript language service counts it (renaming one renames the access).
 */
export function unionMembers(this: Evaluator, f: number, e: Expr, typeLevel?: boolean): Array<Val & { t: 'sym' }> {
  if (e.k !== 'member') return [];
  // (a discriminant's read whose narrowing the collector knows whole: the property of the member types left)
  // (or of a value no test can narrow, a call's result or an element at a computed index, or a type's member named
  // by an indexed access type, `T['type']`: all the member types)
  const o = e.obj;
  const whole = typeLevel === true || e.whole === true || o.k === 'call' || (o.k === 'element' && o.key === undefined && o.at === undefined);
  return this.membersOfEach(this.deref(this.value(f, e.obj)), e.name, whole) ?? [];
}

/**
 * The declarations of member `name` in every member type of a union of project classes and interfaces (`o`), when each
 * declares or inherits it and all of them come down from one declaration above (`isPending` of `Idle | Loading |
 * Success`, each extending `BaseResult`): an object literal key typed by the union is the checker's property of it,
 * whose declarations these are, whichever member types the literal's values leave. With `declared` (a union the code
 * declares, not one read through a callee's type parameters, which the checker may infer from the literal itself), a
 * member type that surely has no member `name` (keyLacks) has no say: the checker takes the key's property from the
 * member types that have one (`useClass` of `Provider<T>`, a union of four interfaces of which `ClassProvider<T>` alone
 * declares it). Empty otherwise, and where no member type has it.
 */
export function familyMembers(this: Evaluator, o: Val, name: string, declared = false): Array<Val & { t: 'sym' }> {
  if (o.t !== 'union') return [];
  const out: Array<Val & { t: 'sym' }> = [];
  let root: SymRef | undefined;
  for (const x of o.of) {
    const m = this.member(x, name);
    if (declared && m.t === 'unknown' && this.keyLacks(x, name)) continue;
    if (m.t !== 'sym') return [];
    const top = this.topDeclaration(m);
    if (!top || (root && (root.f !== top.f || root.s !== top.s))) return [];
    root = top;
    if (!out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
  }
  return out;
}

/**
 * True when a value of class or interface `a` is surely no `b`: `a` requires a member (surelyHas) that `b`, all of it
 * in the project, surely lacks (keyLacks), so that neither is the other's subtype where `apart` holds both ways.
 */
export function apart(this: Evaluator, a: Val & { t: 'inst' }, b: Val & { t: 'inst' }): boolean {
  if (a.f === b.f && a.s === b.s) return false;
  const names = this.memberNames(a, 0, new Set());
  if (!names) return false;
  for (const n of names) if (this.surelyHas(a, n) && this.keyLacks(b, n)) return true;
  return false;
}

/**
 * True when a TypeScript class or interface `x`, all of it in the project, surely has no member `name` on its instance
 * side, nor an index signature that would answer it (see readFails; a class's, lacks).
 */
export function keyLacks(this: Evaluator, x: Val & { t: 'inst' }, name: string): boolean {
  if (x.up || x.drops || x.only || x.keyed || this.files[x.f].language === 'javascript') return false;
  const label = this.sym(x).label;
  if (label !== 'Interface' && label !== 'Class') return false;
  return !this.indexedAbove(x, 0) && this.declaresNoMember(x, name, false) && !this.hasStringIndex(x, 0);
}

/** The declaration an instance member `m` overrides at the top of its type's bases (itself when none), or undefined. */
export function topDeclaration(this: Evaluator, m: SymRef): SymRef | undefined {
  let at = m;
  for (let hops = 0; hops < 8; hops++) {
    const sym = this.sym(at);
    if (sym.isStatic || sym.parent < 0) return undefined;
    const owner = { f: at.f, s: sym.parent };
    const label = this.sym(owner).label;
    if (label !== 'Class' && label !== 'Interface') return undefined;
    const up = this.heritageMember(owner, sym.name, false);
    if (up === 'ext') return undefined;
    if (!up) return at;
    at = up;
  }
  return undefined;
}

/**
 * unionMembers of a receiver value `o`: each member type's symbol of a union; of a conditional type's branches (the
 * checker's pick) the symbols every branch that has the member gives alike (`BaseRoot | Disjoint` or `BaseNode |
 * Disjoint`: BaseNode's `equals` either way), nothing where they differ.
 */
export function membersOfEach(this: Evaluator, o: Val, name: string, whole = false): Array<Val & { t: 'sym' }> | undefined {
  if (o.t === 'anyof' && o.either) {
    let out: Array<Val & { t: 'sym' }> | undefined;
    for (const x of o.of) {
      const ms = x.t === 'union' || (x.t === 'anyof' && x.either) ? this.membersOfEach(x, name) : undefined;
      const one = ms ? undefined : this.member(x, name);
      const got = ms ?? (one && one.t === 'sym' ? [one] : undefined);
      if (!got || !got.length) { if (this.branchLacks(x, name)) continue; return undefined; }
      if (out && (out.length !== got.length || out.some((a) => !got.some((b) => a.f === b.f && a.s === b.s)))) return undefined;
      out ??= got;
    }
    return out;
  }
  if (o.t === 'anyof') return this.everyPartDeclares(o, name, whole);
  // (`(A | B) & { pipe?: never }`, a member only the union parts declare: the checker distributes the intersection,
  // `(A & P) | (B & P)`, whose property has each part's declaration)
  if (o.t === 'inter') return o.alts?.length ? this.altsDeclare(o, name, whole) : this.partsDeclare(o, name);
  if (o.t !== 'union') return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  for (const x of o.of) {
    const m = this.member(x, name);
    if (m.t === 'sym' && !out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
  }
  // (parts an initializer narrowed to, not known: see localValueUncached)
  return o.some && out.length > 1 ? [] : out;
}

/**
 * membersOfEach of an intersection without union parts whose parts declare `name` apart (`{ href?: string } &
 * NavigateOptions`, an interface in NavigateOptions declaring `href` too): each declaration, as the checker's
 * property of an intersection has every part's declaration among its own (a part we cannot read may add its own, which
 * takes none of these away); undefined where fewer than two declarations are known (member's answer, or none) or where
 * a part's keys are a `Pick`'s or an `Omit`'s. An object type literal part's property that is no symbol counts as a
 * declaration with none to record (`_defIn.type` of `AnyProcedureBuilderDef & { type: ProcedureType }`: the
 * interface's `type`).
 */
export function partsDeclare(this: Evaluator, o: Val & { t: 'inter' }, name: string): Array<Val & { t: 'sym' }> | undefined {
  if (o.keyed || o.omits?.includes(name)) return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  const add = (m: Val | undefined): void => { if (m?.t === 'sym' && !out.some((y) => y.f === m.f && y.s === m.s)) out.push(m); };
  for (const x of o.of) add(this.member(x, name));
  let unnamed = 0;
  for (const p of o.objs ?? []) {
    const d = p.decls && declOf(p, name);
    if (d?.t === 'sym') add(d);
    else if (!p.open && !p.index && p.key === undefined && p.props.some((q) => q.name === name)) unnamed++;
  }
  return out.length > 1 || (out.length === 1 && unnamed > 0) ? out : undefined;
}

/**
 * membersOfEach of an intersection with union parts (`alts`) where the other parts surely lack `name` (none an outside
 * or unknown type): each union part's members, all of them answering; undefined otherwise.
 */
export function altsDeclare(this: Evaluator, o: Val & { t: 'inter' }, name: string, whole: boolean): Array<Val & { t: 'sym' }> | undefined {
  if (!o.alts?.length || o.hole || o.outside) return undefined;
  if (o.of.some((x) => !this.surelyWithout(x, name))) return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  // an object type part declaring the name too (`context: TContext & { expects?: string }`, TContext constrained by a
  // union): each distributed part's property, `(A & P) | (B & P)`, has P's declaration beside the union part's, or
  // P's alone where that part lacks the name; a part that may hold any name leaves it unknown, and so does an `Omit` or
  // `Pick` part, read as the whole type (`Omit<T, 'async'> & { async: true }`: T's `async` is no part of it)
  let declared = false;
  for (const x of o.objs ?? []) {
    if (this.surelyWithout(x, name)) continue;
    if (o.keyed || o.omits?.includes(name) || x.open || x.index || x.key !== undefined || x.others?.includes(name)) return undefined;
    const d = x.decls && declOf(x, name);
    if (!d && !x.props.some((p) => p.name === name)) return undefined;
    declared = true;
    if (d?.t === 'sym' && !out.some((y) => y.f === d.f && y.s === d.s)) out.push(d);
  }
  for (const a of o.alts) {
    // (a union part every part of which surely lacks the name, `(A | B) & (F | G)` where only F and G declare it: each
    // distributed part's property, `A & F`, is F's, as the checker reads it)
    if (a.of.every((p) => this.surelyWithout(p, name))) continue;
    // (a union of classes and interfaces made a part, `(A | B) & P`, reads as that union does)
    const u = !a.either && a.of.every((x) => x.t === 'inst') ? { t: 'union' as const, of: a.of as Array<Val & { t: 'inst' }>, r: a.r, c: a.c } : a;
    const got = this.membersOfEach(u, name, whole);
    if (!got || (!got.length && !declared)) return undefined;
    for (const m of got) if (!out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
  }
  return out;
}

/**
 * A union of object types and classes (`{ kind: 'a'; node: N } | { kind: 'b'; node: N }`, nested unions flattened):
 * the declarations of `name` in the parts when every part declares it — the union's property, which has them all
 * (a part without it, or one we cannot read, leaves the checker's narrowing to say which remain: undefined).
 */
export function everyPartDeclares(this: Evaluator, o: Val & { t: 'anyof' }, name: string, whole = false): Array<Val & { t: 'sym' }> | undefined {
  const out: Array<Val & { t: 'sym' }> = [];
  let tags = true;
  const add = (x: Val): boolean => {
    if (x.t === 'anyof' && !x.either) return x.of.every(add);
    if (x.t === 'union') return x.of.every(add);
    if (x.t !== 'obj' && x.t !== 'inst' && x.t !== 'inter') return false;
    if (tags && this.tagOf(x, name) === undefined) tags = false;
    const m = this.member(x, name);
    if (m.t === 'sym') { if (!out.some((y) => y.f === m.f && y.s === m.s)) out.push(m); return true; }
    // (an intersection part whose parts both declare it, `A | B | (A & B)`: the checker's property of that part has
    // each declaration, as partsDeclare reads an intersection alone)
    // (an intersection with a union part whose parts disagree, `Q | (Q & { direction?: D })` of `Q = A | B`: the
    // checker distributes it, `(A & P) | (B & P)`, and flattens the union, whose property has each part's declarations)
    const both = x.t === 'inter' ? (x.alts?.length ? this.altsDeclare(x, name, whole) : this.partsDeclare(x, name)) : undefined;
    if (both) { for (const b of both) if (!out.some((y) => y.f === b.f && y.s === b.s)) out.push(b); return true; }
    // (a property of an object type literal that is no symbol: declared, but no occurrence to record; so in an
    // intersection of object type literals alone, `{ status: 'idle'; id?: undefined } & { direction?: D }`)
    if (x.t === 'inter' && !x.alts?.length && !x.hole && !x.outside && x.of.length === 0 && x.objs?.some((p) => p.props.some((q) => q.name === name))) return true;
    return x.t === 'obj' && x.props.some((p) => p.name === name);
  };
  // (a discriminant, `kind: 'a'` in every part, is what code tests to narrow the union, and the checker's property at
  // a read is that of the parts the tests before it leave — more ways than the narrowing read here: no answer, but
  // where the collector knows the read's narrowing whole, or where the parts are one type alias's object types, whose
  // declarations the language service renames as one wherever the narrowing leaves the read)
  return !o.either && o.of.every(add) && out.length && (!tags || whole || this.oneAliasParts(out)) ? out : undefined;
}

/** True when `ms`, two or more, are the declarations of one name in the object types of one type alias's union. */
export function oneAliasParts(this: Evaluator, ms: ReadonlyArray<Val & { t: 'sym' }>): boolean {
  return ms.length > 1 && ms.every((m) => this.sameAliasMember(ms[0], m));
}

/**
 * The members a union receiver's call may dispatch to: when every member type resolves `e.name` (to two or
 * more distinct symbols — one shared symbol is `member`'s answer), each of them; else undefined.
 */
export function unionCallees(this: Evaluator, f: number, e: Expr): Array<Val & { t: 'sym' }> | undefined {
  if (e.k !== 'member') return undefined;
  const o = this.deref(this.value(f, e.obj));
  // (also the static side of `typeof A | typeof B`: `Ctor.create()` runs A's or B's)
  if (o.t !== 'union' && !(o.t === 'anyof' && this.eitherClass(o))) return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  for (const x of o.of as Val[]) {
    const m = this.member(x, e.name);
    if (m.t === 'unknown' && (x.t === 'inst' || x.t === 'sym') && this.lacks(x, e.name)) continue;
    if (m.t !== 'sym') return undefined;
    if (!out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
  }
  return out.length > 1 ? out : undefined;
}

/**
 * Whether a value's type is no union a discriminant could narrow, as the checker reads it: one instance or object
 * type, an intersection of such, or a conditional type's branches each one of those (the checker's type is one
 * branch, or the deferred conditional itself, never a union of them: `Ex<T> & Private` of `T extends { client?: infer
 * C extends Client } ? C : Client` keeps `raw` after `c.state === State.JOINING`).
 */
export function undiscriminated(this: Evaluator, d: Val): boolean {
  const single = (x: Val): boolean => x.t === 'inst' || x.t === 'obj';
  const branches = (x: Val): boolean => x.t === 'anyof' && !!x.either && x.of.every(single);
  return single(d) || branches(d) || (d.t === 'inter' && (!d.alts || d.alts.every(branches)));
}

/** The classes a value typed `typeof A | typeof B` (a parameter, or a variable or property so declared) may be. */
export function eitherClass(this: Evaluator, v: Val): Array<Val & { t: 'sym' }> | undefined {
  const d = v.t === 'sym' && (this.sym(v).label === 'Variable' || this.sym(v).label === 'Property') ? this.deref(v) : v;
  if (d.t !== 'anyof' || !d.of.every((x) => x.t === 'sym' && this.sym(x).label === 'Class')) return undefined;
  return d.of as Array<Val & { t: 'sym' }>;
}

/**
 * The functions a callee holding one of several (`const addTo = previous ? addToStart : addToEnd; addTo(…)`,
 * `(opts.hashFn || hashKey)(key)`) may be: each branch that is a project function or method (two or more
 * distinct, or one beside branches we cannot see); undefined when the callee is no such choice.
 */
export function eitherCallees(this: Evaluator, f: number, e: Expr): Array<Val & { t: 'sym' }> | undefined {
  let choice: Expr | undefined = e;
  for (let hops = 0; choice && choice.k === 'id' && choice.b && hops < 4; hops++) {
    const b: Binding = choice.b;
    if (bindsLocal(b)) {
      const loc: LocalFact = this.files[f].locals[bindingIndex(b)];
      choice = loc.reassigned ? undefined : loc.init;
    } else if (bindsSymbol(b)) {
      const sym: SymbolFact = this.files[f].symbols[bindingIndex(b)];
      choice = sym.label === 'Variable' && !sym.reassigned && sym.kind === 'const' ? sym.init : undefined;
    } else {
      // an imported const choosing a function (`export const safeCancel: Fn = hasIdle ? (id) => … : polyfill`)
      const v = this.importValue(f, bindingIndex(b));
      const sym = v.t === 'sym' ? this.sym(v) : undefined;
      if (v.t === 'sym' && sym && sym.label === 'Variable' && !sym.reassigned && sym.kind === 'const' && sym.init) { f = v.f; choice = sym.init; } else choice = undefined;
    }
  }
  if (!choice || choice.k !== 'union') return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  for (const branch of choice.types) {
    const v = this.value(f, branch);
    if (v.t !== 'sym') continue;
    const label = this.sym(v).label;
    if ((label === 'Function' || label === 'Method') && !out.some((o) => o.f === v.f && o.s === v.s)) out.push(v);
  }
  return out.length ? out : undefined;
}

/**
 * Whether guard type `t` (object types, a union of them: `isOperation(value: any): value is Operation`) is what the
 * guarded value `of` (file f) becomes: a local declared `any`, which the checker narrows to the guard's type whole.
 */
export function narrowsAny(this: Evaluator, f: number, of: Expr, t: Val): boolean {
  if (t.t !== 'obj' && !(t.t === 'anyof' && !t.either)) return false;
  if (of.k !== 'id' || !bindsLocal(of.b)) return false;
  return this.files[f].locals[bindingIndex(of.b)]?.type?.k === 'any';
}
