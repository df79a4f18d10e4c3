/** Members of classes and interfaces: own members, heritage (extends, implements, mixins), declaration merging. */
import { EXT, FUNCTION_MEMBER_KINDS, LACKING, MERGING_LABELS, PENDING_MEMBER, REASON_CONFIDENCE, UNKNOWN, VALUE_LABELS, declOf, newableFunction, sameValue, weakenFrom, type Evaluator, type PartAnswer, type Reason, type SymRef, type TypeArg, type Val, typeArgOf } from './evaluate.ts';
import { bindingIndex, bindsLocal, type Expr } from '../extract/facts.ts';

/** The class a class extends (its first heritage), or 'ext' when that is outside the project. */
export function superClass(this: Evaluator, cls: SymRef): SymRef | 'ext' | undefined {
  const ext = this.sym(cls).extends?.[0];
  if (!ext) return undefined;
  const t = this.typeSymbol(cls.f, ext);
  if (t === 'ext') return 'ext';
  return t && (this.sym(t).label === 'Class' || this.sym(t).label === 'Interface') ? { f: t.f, s: t.s } : undefined;
}

/** A member of a class/interface, searched up its heritage. 'ext' when an ancestor is outside the project. */
export function findMember(this: Evaluator, cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
  const byFile = (this.memberMemo[cls.f] ??= []);
  const sides = (byFile[cls.s] ??= [new Map(), new Map()]);
  const table = sides[wantStatic ? 1 : 0];
  const memo = table.get(name);
  if (memo !== undefined) {
    if (memo === PENDING_MEMBER) { this.cut++; return undefined; }
    return memo ?? undefined;
  }
  table.set(name, PENDING_MEMBER); // cycle guard
  let found = this.findMemberUncached(cls, name, wantStatic);
  // (a member the runtime's declaration of an augmented global interface has: outside, not missing)
  if (found === undefined && !wantStatic && this.runtimeMember(cls, name)) found = 'ext';
  table.set(name, found ?? null);
  return found;
}

export function findMemberUncached(this: Evaluator, cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
  const own = this.ownMember(cls, name, wantStatic);
  if (own) return own;
  // a class or interface merged with interfaces of its name in its scope (`interface FabricObject extends
  // SvgExport {}` beside `class FabricObject extends Base {}`): their members and heritage are its own too
  const merged = this.mergedTypes(cls, wantStatic);
  if (!merged) return this.heritageMember(cls, name, wantStatic);
  for (const t of merged) { const m = this.ownMember(t, name, wantStatic); if (m) return m; }
  let sawExternal = false;
  for (const t of [cls, ...merged]) {
    const m = this.heritageMember(t, name, wantStatic);
    if (m === 'ext') sawExternal = true; else if (m) return m;
  }
  return sawExternal ? 'ext' : undefined;
}

/** A member `cls` declares itself (for `wantStatic`, on its static side), not inherited. */
export function ownMember(this: Evaluator, cls: SymRef, name: string, wantStatic: boolean): SymRef | undefined {
  const own = this.childrenOf(cls.f, cls.s)?.get(name);
  if (!own) return undefined;
  const files = this.files[cls.f].symbols;
  // (of an accessor pair, the getter: a setter gives nothing to a read or a call)
  const pick = own.find((i) => !!files[i].isStatic === wantStatic && files[i].kind !== 'setter') ?? own.find((i) => !!files[i].isStatic === wantStatic);
  if (pick !== undefined) return { f: cls.f, s: pick };
  // a class's static `deserialize` is no answer for an instance's `deserialize` (inherited from its base), and
  // the other way round (so is a constructor function's `F.create` for an F); other owners (objects, interfaces)
  // have no static side
  const label = files[cls.s].label;
  return label !== 'Class' && label !== 'Function' ? { f: cls.f, s: own[0] } : undefined;
}

/**
 * The other declarations TypeScript merges into class or interface `cls` (interfaces, or the class, of the same
 * name in the same scope); interfaces have no static side. Undefined when there are none.
 */
export function mergedTypes(this: Evaluator, cls: SymRef, wantStatic: boolean): SymRef[] | undefined {
  const syms = this.files[cls.f].symbols;
  const label = syms[cls.s].label;
  if (label !== 'Class' && label !== 'Interface') return undefined;
  const group = this.twins(cls.f, cls.s);
  let out: SymRef[] | undefined;
  for (const i of group ?? []) {
    if (i === cls.s) continue;
    const l = syms[i].label;
    if (l === 'Interface' ? wantStatic : l !== 'Class' || label === 'Class') continue;
    (out ??= []).push({ f: cls.f, s: i });
  }
  // a global interface augmented in other files (`declare global { interface ArkEnv { … } }` in each package)
  if (label === 'Interface' && !wantStatic) for (const r of this.globalNamesakes(cls.f, cls.s)) if (this.sym(r).label === 'Interface') (out ??= []).push(r);
  // … or in a `declare module './x' { … }` block of another file (both ways: the module's own declaration reads the
  // augmentation's members, and the augmentation the module's)
  if (!wantStatic) for (const r of this.augmentPartners(cls.f, cls.s)) if (!out?.some((o) => o.f === r.f && o.s === r.s)) (out ??= []).push(r);
  return out;
}

/** A member of a class/interface's heritage (not its own), searched up it; 'ext' when an ancestor is outside the project. */
export function heritageMember(this: Evaluator, cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
  const sym = this.sym(cls);
  let sawExternal = false;
  // extends, then implements (indexed: no joined copy per question)
  const ext = sym.extends, nExt = ext ? ext.length : 0, n = nExt + (sym.implements ? sym.implements.length : 0);
  for (let k = 0; k < n; k++) {
    // (a class's `implements` gives it no member: one it does not declare comes from its base, which, outside the
    // project, may declare any, `class Request extends Duplex implements Events`: `this.on` is Duplex's)
    if (k === nExt && sawExternal && sym.label === 'Class') return 'ext';
    const h = k < nExt ? ext![k] : sym.implements![k - nExt];
    const t = this.typeSymbol(cls.f, h);
    if (t === 'ext') { sawExternal = true; continue; }
    // (`extends Omit<Bag, 'size'>` of a type with a string index signature passes on its index signatures alone, see
    // hasStringIndex: no member by name)
    const omitted = t ? sym.heritageKeys?.find((x) => x.at === k) : undefined;
    if (omitted && !omitted.pick && this.hasStringIndex(t!, 0)) { sawExternal = true; continue; }
    // (an intersection of project types, `interface All extends Partial<A & B> {}`: the member its parts agree on)
    const both = !t && !wantStatic && h.k === 'intersection' ? this.typeValue(cls.f, h, 0) : undefined;
    if (both && both.t === 'inter' && !both.hole) {
      const m = this.member(both, name);
      if (m.t === 'sym') return { f: m.f, s: m.s };
      if (m.t !== 'unknown' || !both.of.every((x) => this.lacks(x, name))) sawExternal = true;
      continue;
    }
    if (!t) { sawExternal = true; continue; } // an unresolvable base: whatever it has, we cannot see it
    const base = this.sym(t);
    // a type alias whose object types declare members (`interface C extends Options`, `implements Omit<P, 'name'>`):
    // what its value answers, the alias's own member where it declares one
    // … or whose value is made of other types (`type MethodsType = typeof Attributes & typeof Traversing`: the
    // exports of those modules, cheerio's `interface Cheerio<T> extends MethodsType`)
    if (base.label === 'TypeAlias' && !wantStatic) {
      const m = this.member(this.typeValue(cls.f, h, 0), name);
      if (m.t === 'sym') return { f: m.f, s: m.s };
      if (m.t === 'ext') sawExternal = true;
      continue;
    }
    // (a JavaScript constructor function is a base too: `util.inherits(Model, Document)`)
    if (base.label !== 'Class' && base.label !== 'Interface' && !newableFunction(base)) continue;
    const m = this.findMember(t, name, wantStatic);
    if (m && m !== 'ext') return m;
    // `extends Callable<Fn, Attachments>` where `interface Callable<fn, attachments> extends fn, attachments`: the
    // base's heritage that is its own type parameter is the type argument written here
    if (h.k === 'generic' && !wantStatic) {
      const pm = this.parameterHeritageMember(cls.f, h, t, name);
      if (pm) return pm;
    }
    // `extends M(Y)`: what M's class lacks (its own base is M's parameter) is Y's, the argument
    const mixed = h.k === 'call' ? this.mixinArgument(cls.f, h, t) : undefined;
    if (mixed && mixed !== 'ext') {
      const mm = this.findMember(mixed, name, wantStatic);
      if (mm === 'ext') sawExternal = true; else if (mm) return mm;
    } else if (m === 'ext' || mixed === 'ext') sawExternal = true;
  }
  return sawExternal ? 'ext' : undefined;
}

/** The value of `obj` (file f), dereferenced, and read as its array type where it is an instance of a class extending one (see arrayBase). */
export function arrayReceiver(this: Evaluator, f: number, obj: Expr): Val {
  const v = this.deref(this.value(f, obj));
  return v.t === 'inst' ? this.arrayBase(v) ?? v : v;
}

/**
 * The array an instance of a class extending the global `Array<T>` is (`class Disjoint extends Array<DisjointEntry>`,
 * also through project classes above it, their type arguments bound): its elements, what for-of, an index, `push`'s
 * argument and the built-in array methods' callbacks take, are T's, as the checker reads them. Undefined otherwise.
 */
export function arrayBase(this: Evaluator, o: Val & { t: 'inst' }): (Val & { t: 'arr' }) | undefined {
  let cls: SymRef = o;
  let args = o.args;
  for (let hops = 0; hops < 8; hops++) {
    const sym = this.sym(cls);
    if (sym.label !== 'Class' || !sym.extends?.length) return undefined;
    const own = args && sym.typeParams ? this.boundParams(cls.f, sym.typeParams, args) : undefined;
    const h = sym.extends[0];
    if (h.k === 'array') return { t: 'arr', f: cls.f, of: h.of, r: o.r, c: o.c, subst: own };
    const base = this.typeSymbol(cls.f, h.k === 'generic' ? h.of : h);
    if (!base || base === 'ext') return undefined;
    args = h.k === 'generic' ? h.args.map((a) => typeArgOf(cls.f, a, own)) : undefined;
    cls = base;
  }
  return undefined;
}

/**
 * Member `name` that only the instantiated heritage of class or interface `cs` (file `cf`, written with `args`) has:
 * a base merged with an interface extending its own type parameter (`interface Callable<fn, attachments> extends fn,
 * attachments`), whose argument names the subclass's type parameter (`extends Callable<Fn, attachmentsOf<d>>` with d
 * bound by `class StructureNode extends BaseNode<StructureDecl>`), and a type alias in heritage (`interface Decl
 * extends declareNode<{ inner: Inner }> {}`), read with the bindings in force. findMember, which knows no
 * bindings, answers first; this runs where it found nothing.
 */
export function boundHeritageMember(this: Evaluator, cf: number, cs: number, args: TypeArg[] | undefined, name: string, depth: number): Val | undefined {
  if (depth > 8) { this.cut++; return undefined; }
  if (depth > 0) return heritageMemberOf.call(this, cf, cs, args, name, depth);
  // A member access from outside starts again at depth 0, and a base can itself be such an access (`class extends
  // this.Base` where `this` reads as the class being declared): the same question asked while it is being
  // answered is a cycle, not an answer.
  const key = `${cf}:${cs}:${name}`;
  if (this.heritageAsked.has(key)) { this.cut++; return undefined; }
  this.heritageAsked.add(key);
  try { return heritageMemberOf.call(this, cf, cs, args, name, 0); } finally { this.heritageAsked.delete(key); }
}

function heritageMemberOf(this: Evaluator, cf: number, cs: number, args: TypeArg[] | undefined, name: string, depth: number): Val | undefined {
  const cls: SymRef = { f: cf, s: cs };
  for (const t of [cls, ...(this.mergedTypes(cls, false) ?? [])]) {
    const ts = this.sym(t);
    // (a class and the interfaces merged with it take the same arguments, each by its own type parameters)
    const own = args && ts.typeParams ? this.boundParams(t.f, ts.typeParams, args) : undefined;
    for (const h of [...(ts.extends ?? []), ...(ts.implements ?? [])]) {
      let v: Val | undefined;
      if (h.k === 'id' && bindsLocal(h.b)) {
        const arg = own?.get(`${t.f}:${bindingIndex(h.b)}`);
        if (arg) v = arg.v ?? this.typeValue(arg.f, arg.t, 0, arg.subst);
      } else if (h.k === 'generic' || h.k === 'id' || h.k === 'member') {
        const base = this.typeSymbol(t.f, h.k === 'generic' ? h.of : h);
        // (an outside base may declare any member: no answer)
        if (base === 'ext') return undefined;
        if (!base) continue;
        const bs = this.sym(base);
        if (bs.label === 'TypeAlias') v = this.typeValue(t.f, h, 0, own);
        else if ((bs.label === 'Class' || bs.label === 'Interface') && h.k === 'generic') {
          const m = this.boundHeritageMember(base.f, base.s, h.args.map((a) => typeArgOf(t.f, a, own)), name, depth + 1);
          if (m) return m;
        }
      }
      if (!v) continue;
      const m = this.member(v, name);
      // (a string literal type, `kind: "index"` of `declareNode<{ kind: "index" }>`: what decides conditional types)
      if (m.t !== 'unknown' && (m.t !== 'ext' || m.lits)) return m;
    }
  }
  return undefined;
}

/**
 * What calling an instance of class or interface `cs` (file `cf`, written with `args`) calls when it declares no call
 * signature of its own: the first base that has some, read with the bindings in force — a base interface declaring
 * them, or a type argument a base extends as its own type parameter (`interface Callable<fn, attachments> extends
 * fn, attachments`, so `interface Type<t> extends Callable<(data: unknown) => t | Errors>` is called as that
 * function type). The checker's instance type inherits its bases' call signatures so.
 */
export function heritageCallee(this: Evaluator, cf: number, cs: number, args: TypeArg[] | undefined, depth: number): Val | undefined {
  if (depth > 8) { this.cut++; return undefined; }
  const key = `${cf}:${cs}:()`;
  if (this.heritageAsked.has(key)) { this.cut++; return undefined; }
  this.heritageAsked.add(key);
  try { return heritageCalleeOf.call(this, cf, cs, args, depth); } finally { this.heritageAsked.delete(key); }
}

function heritageCalleeOf(this: Evaluator, cf: number, cs: number, args: TypeArg[] | undefined, depth: number): Val | undefined {
  const cls: SymRef = { f: cf, s: cs };
  for (const t of [cls, ...(this.mergedTypes(cls, false) ?? [])]) {
    const ts = this.sym(t);
    const own = args && ts.typeParams ? this.boundParams(t.f, ts.typeParams, args) : undefined;
    // (`extends` only: a class implementing an interface with call signatures is no function)
    for (const h of ts.extends ?? []) {
      if (h.k === 'id' && bindsLocal(h.b)) {
        const arg = own?.get(`${t.f}:${bindingIndex(h.b)}`);
        const v = arg && this.deref(arg.v ?? this.typeValue(arg.f, arg.t, 0, arg.subst));
        if (v && (v.t === 'fnval' || (v.t === 'obj' && v.calls))) return v;
        if (v && v.t === 'inst' && (this.sym(v).calls || (depth < 8 && this.heritageCallee(v.f, v.s, v.args, depth + 1)))) return v;
        continue;
      }
      if (h.k !== 'generic' && h.k !== 'id' && h.k !== 'member') continue;
      const base = this.typeSymbol(t.f, h.k === 'generic' ? h.of : h);
      // (an outside base may declare call signatures we cannot read: no answer)
      if (base === 'ext') return undefined;
      if (!base) continue;
      const bs = this.sym(base);
      if (bs.label !== 'Class' && bs.label !== 'Interface') continue;
      const bargs = h.k === 'generic' ? h.args.map((a) => typeArgOf(t.f, a, own)) : undefined;
      if (bs.label === 'Interface' && bs.calls) return { t: 'inst', f: base.f, s: base.s, args: bargs, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
      const v = this.heritageCallee(base.f, base.s, bargs, depth + 1);
      if (v) return v;
    }
  }
  return undefined;
}

/**
 * Member `name` of the types a generic base (`Callable<Fn, A>`, written in file f) inherits through its own type
 * parameters (`interface Callable<fn, attachments> extends fn, attachments`): the type arguments written at `h`,
 * each a class or interface, or an intersection of them (`A = NarrowedAttachments<d> & attachedInner<d>`).
 */
export function parameterHeritageMember(this: Evaluator, f: number, h: Expr & { k: 'generic' }, base: SymRef, name: string): SymRef | undefined {
  for (const b of [base, ...(this.mergedTypes(base, false) ?? [])]) {
    const bs = this.sym(b);
    if (!bs.typeParams) continue;
    for (const x of [...(bs.extends ?? []), ...(bs.implements ?? [])]) {
      if (x.k !== 'id' || !bindsLocal(x.b)) continue;
      const at = bs.typeParams.indexOf(bindingIndex(x.b));
      const arg = at < 0 ? undefined : h.args[at];
      if (!arg) continue;
      const v = this.typeValue(f, arg, 0);
      const parts = v.t === 'inst' ? [v] : v.t === 'inter' ? v.of : [];
      for (const p of parts) {
        const m = this.findMember(p, name, false);
        if (m && m !== 'ext') return m;
      }
    }
  }
  return undefined;
}

/**
 * The class or interface a mixin call passes as its class's base (`M(Y)` of `function M(Base) { return class C
 * extends Base {…} }`: Y), for C = `returned`; undefined when `h` is no such call.
 */
export function mixinArgument(this: Evaluator, f: number, h: Expr & { k: 'call' }, returned: SymRef): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
  const at = this.sym(returned).baseParam;
  const arg = at === undefined ? undefined : h.args?.[at];
  if (!arg) return undefined;
  const t = this.typeSymbol(f, arg);
  if (t === 'ext' || !t) return t;
  const label = this.sym(t).label;
  return label === 'Class' || label === 'Interface' ? t : undefined;
}

/** The constructor `super(…)` runs in class `cls` whose base is `base`: the base's, or a mixin argument's when M's class has none. */
export function superConstructor(this: Evaluator, cls: SymRef, base: SymRef): SymRef | 'ext' | undefined {
  return this.sym(cls).extends?.[0]?.k === 'call' ? this.heritageMember(cls, 'constructor', false) : this.findMember(base, 'constructor', false);
}

// ---------------------------------------------------------------- declaration merging
/**
 * Same-file, same-scope declarations sharing a name that TypeScript merges: a namespace with a class, function
 * or enum of that name (`class Point {}` + `namespace Point { export function origin() }`), or an interface.
 */
export function merged(this: Evaluator, f: number, s: number): number[] | undefined {
  // asked for the same symbols over and over (every member access on them): kept per symbol, null for none
  const byFile = (this.mergedMemo[f] ??= []);
  const memo = byFile[s];
  if (memo !== undefined) return memo ?? undefined;
  const syms = this.files[f].symbols;
  const sym = syms[s];
  let out: number[] | undefined;
  if (sym.label === 'Class' || sym.label === 'Function' || sym.label === 'Enum' || sym.label === 'Interface' || sym.kind === 'namespace') {
    const group = this.twins(f, s)?.filter((i) => MERGING_LABELS.has(syms[i].label) || syms[i].kind === 'namespace');
    if (group && group.length > 1 && group.some((i) => syms[i].kind === 'namespace')) out = group;
  }
  byFile[s] = out ?? null;
  return out;
}

/**
 * What a name stands for as a value: a namespace merged with a class, function or enum stands for that
 * declaration; an interface or type alias sharing its name with a value declared beside it
 * (`export interface X {…}` + `export function X() {…}` or `export const X = …`) stands for that value.
 */
export function mergedValue(this: Evaluator, f: number, s: number): number {
  const syms = this.files[f].symbols;
  const sym = syms[s];
  // (a namespace beside a const of its name declares types only, or the two could not share it: the const is the value)
  if (sym.kind === 'namespace') return this.merged(f, s)?.find((i) => syms[i].label === 'Class' || syms[i].label === 'Function' || syms[i].label === 'Enum') ?? this.twins(f, s)?.find((i) => syms[i].label === 'Variable' && syms[i].kind !== 'namespace') ?? s;
  if (sym.label !== 'Interface' && sym.label !== 'TypeAlias') return s;
  return this.twins(f, s)?.find((i) => VALUE_LABELS.has(syms[i].label) && syms[i].kind !== 'namespace') ?? s;
}

/** A resolved name in a type position: its type meaning (see mergedType); anything else as it is. */
export function asType(this: Evaluator, v: Val): Val {
  if (v.t !== 'sym') return v;
  const s = this.mergedType(v.f, v.s);
  return s === v.s ? v : { ...v, s };
}

/** What a name stands for as a type: a function or variable sharing its name with an interface, type alias or class beside it stands for that type. */
export function mergedType(this: Evaluator, f: number, s: number): number {
  const syms = this.files[f].symbols;
  if (syms[s].label !== 'Function' && syms[s].label !== 'Variable') return s;
  return this.twins(f, s)?.find((i) => syms[i].label === 'Interface' || syms[i].label === 'TypeAlias' || syms[i].label === 'Class') ?? s;
}

/** The declarations of one scope sharing symbol `s`'s name (two or more), by TypeScript's value and type meanings. */
export function twins(this: Evaluator, f: number, s: number): number[] | undefined {
  let bySym = this.twinIndex[f];
  if (!bySym) {
    // each symbol's group looked up once per file (mergedValue and mergedType ask for most names a file
    // resolves: a `parent\0name` key string per question cost its building and hashing)
    const idx = new Map<string, number[]>();
    const syms = this.files[f].symbols;
    for (let i = 0; i < syms.length; i++) {
      const x = syms[i];
      if (!VALUE_LABELS.has(x.label) && x.label !== 'Interface' && x.label !== 'TypeAlias') continue;
      // (declarations merge within one scope only: two tests' callbacks each declaring `interface Ninja`, see localScope)
      const k = `${x.parent}\u0000${x.localScope ?? ''}\u0000${x.name}`;
      const l = idx.get(k);
      if (l) l.push(i); else idx.set(k, [i]);
    }
    bySym = new Array<number[] | undefined>(syms.length);
    let groups = 0;
    for (const l of idx.values()) if (l.length > 1) groups++;
    // (a symbol of another kind sharing a group's scope and name gets that group too, as the key lookup gave it)
    if (groups) for (let i = 0; i < syms.length; i++) { const l = idx.get(`${syms[i].parent}\u0000${syms[i].localScope ?? ''}\u0000${syms[i].name}`); if (l && l.length > 1) bySym[i] = l; }
    this.twinIndex[f] = bySym;
  }
  return bySym[s];
}

/** `X.name` where X is a class, function or enum merged with a namespace that declares `name`. */
export function mergedMember(this: Evaluator, o: Val & { t: 'sym' }, name: string): Val | undefined {
  const syms = this.files[o.f].symbols;
  for (const i of this.merged(o.f, o.s) ?? []) {
    if (syms[i].kind !== 'namespace') continue;
    const kids = this.childrenOf(o.f, i)?.get(name);
    if (kids) return weakenFrom({ t: 'sym', f: o.f, s: kids[0], r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
  }
  return undefined;
}

/** Member `name` of a namespace that shares symbol `s`'s name and scope (undefined: no such namespace or member). */
export function namespaceTwinMember(this: Evaluator, f: number, s: number, name: string): Val | undefined {
  const syms = this.files[f].symbols;
  const ns = this.twins(f, s)?.find((i) => i !== s && syms[i].kind === 'namespace');
  const kid = ns === undefined ? undefined : this.childrenOf(f, ns)?.get(name);
  return kid ? { t: 'sym', f, s: kid[0], r: 'static-member', c: REASON_CONFIDENCE['static-member'] } : undefined;
}

/** Labels of the declarations a qualified name in a type may name. */
const TYPE_LABELS: ReadonlySet<string> = new Set(['Interface', 'TypeAlias', 'Class', 'Enum']);

/** The type `name` a namespace declares that is `v` or shares its name and scope (`ArkEnv.meta` of `namespace ArkEnv`). */
export function namespaceType(this: Evaluator, v: Val & { t: 'sym' }, name: string): (SymRef & { c: number; r: Reason }) | undefined {
  // (a global namespace merges with those of its name in other files: `ArkEnv.meta` declared in another package)
  for (const at of [{ f: v.f, s: v.s }, ...this.globalNamesakes(v.f, v.s)]) {
    const syms = this.files[at.f].symbols;
    for (const i of [at.s, ...(this.twins(at.f, at.s) ?? [])]) {
      if (syms[i].kind !== 'namespace') continue;
      const k = this.childrenOf(at.f, i)?.get(name)?.find((j) => TYPE_LABELS.has(syms[j].label));
      if (k !== undefined) return { f: at.f, s: k, c: Math.min(v.c, REASON_CONFIDENCE['static-member']), r: v.r === 'same-file' ? 'static-member' : v.r };
    }
  }
  return undefined;
}

/** Members (methods, properties) of a symbol by name. */
export function childrenOf(this: Evaluator, f: number, s: number): Map<string, number[]> | undefined {
  let idx = this.children[f];
  if (!idx) {
    idx = new Map();
    const syms = this.files[f].symbols;
    for (let i = 0; i < syms.length; i++) {
      const p = syms[i].parent;
      if (p < 0) continue;
      const pl = syms[p].label;
      // nested functions are not members; functions assigned to a constructor function (`F.create = …`,
      // `F.prototype.m = …`) are
      // (and `F.Template = class {…}`, a static class member, and `F.build = build`, a property; and `this.x = …`
      // in its body, an instance property or method)
      if (pl === 'Method' || (pl === 'Function' && !FUNCTION_MEMBER_KINDS.has(syms[i].kind) && !(syms[i].label === 'Class' && syms[i].isStatic))) continue;
      let m = idx.get(p);
      if (!m) idx.set(p, (m = new Map()));
      const list = m.get(syms[i].name);
      if (list) list.push(i); else m.set(syms[i].name, [i]);
    }
    this.children[f] = idx;
  }
  return idx.get(s);
}

/**
 * The member `name` of an intersection with a part we cannot type (see the `inter` case of member): the one symbol
 * its project type parts declaring it agree on, else unknown.
 */
export function declaredByOnePart(this: Evaluator, o: Val & { t: 'inter' }, name: string): Val {
  let out: Val | undefined;
  for (const x of o.of) {
    const m = this.member(x, name);
    if (m.t === 'unknown') continue;
    if (m.t !== 'sym' || (out && !sameValue(out, m))) return UNKNOWN;
    out ??= m;
  }
  return out ?? UNKNOWN;
}

/**
 * The member `name` that an object type literal part of an intersection declares beside parts we cannot read
 * (`Promise<T> & { status: S }`, `Response & { options: O }`, `T & { id: string }`): that declaration, since the
 * checker's property of an intersection has every part's declaration of the name among its own, whatever the other
 * parts declare. Undefined where no such part declares it, where the object parts or a project type part declare it
 * apart, or where a union part may declare it.
 */
export function declaredByObjectPart(this: Evaluator, o: Val & { t: 'inter' }, name: string): Val | undefined {
  let out: Val | undefined;
  for (const p of o.objs ?? []) {
    const d = p.decls && declOf(p, name);
    if (!d) { if (p.others?.includes(name)) return undefined; continue; }
    if (out && !sameValue(out, d)) return undefined;
    out ??= d;
  }
  if (!out) return undefined;
  for (const x of o.of) { const m = this.member(x, name); if (m.t === 'sym' && !sameValue(out, m)) return undefined; }
  for (const a of o.alts ?? []) if (!this.declaresNone(a, name)) return undefined;
  return out;
}

/**
 * The member `name` of a union whose parts declare it with types of their own (`args` of each interaction a tuple
 * of its own, `value: Entity` beside `value: Spread`): the checker's property of the union has the union of those
 * types, so a member they agree on, or an element every one holds, is known through it (see joinedValues).
 * Undefined where a part's type is not read. (Not for a conditional type's branches, one of which is the type, nor
 * for parts an initializer narrowed to: member does not ask.)
 */
export function joinedMember(this: Evaluator, parts: readonly Val[], name: string, answers: PartAnswer[]): Val | undefined {
  const types: Val[] = [];
  for (let i = 0; i < parts.length; i++) {
    const a = this.partAnswer(parts, i, name, answers);
    if (a === LACKING) continue;
    const m = a.m;
    if (m.t !== 'sym' && m.t !== 'inst') return undefined;
    types.push(m.t === 'sym' ? this.deref(m) : m);
  }
  return types.length > 1 ? joinedValues(types) : undefined;
}

/**
 * The element at `at` (any element where undefined) of each array or tuple type of a joined member (joinedMember),
 * joined again: `interaction.args[0]` where every interaction's tuple starts with an `Entity | null`.
 */
export function joinedElement(this: Evaluator, lists: readonly Val[], at: number | undefined): Val | undefined {
  const types: Val[] = [];
  for (const l of lists) {
    const el = l.t === 'tup' ? (at !== undefined ? l.items[at] : this.tupleArray(l)?.el) : l.t === 'arr' ? this.elementOf(l, 'typed-receiver') : undefined;
    if (!el) return undefined;
    types.push(this.deref(el));
  }
  return joinedValues(types);
}

/**
 * Several types one value may have, as a value: instances of project types (a union's own parts among them) make a
 * union (a member they agree on is that member, a call dispatches to each one's); arrays and tuples stand together
 * for their elements (joinedElement). Undefined for anything else: an outside or unread type among them leaves the
 * value unknown.
 */
function joinedValues(types: readonly Val[]): Val | undefined {
  const insts: Array<Val & { t: 'inst' }> = [];
  const lists: Val[] = [];
  for (const v of types) {
    if (v.t === 'inst') { if (!insts.some((x) => sameValue(x, v))) insts.push(v); }
    else if (v.t === 'union' && !v.some && !v.fns) { for (const x of v.of) if (!insts.some((y) => sameValue(y, x))) insts.push(x); }
    else if (v.t === 'tup' || v.t === 'arr') lists.push(v);
    else return undefined;
  }
  if (insts.length && lists.length) return undefined;
  if (lists.length) return { t: 'anyof', of: lists, joined: true, r: 'typed-receiver', c: Math.min(...lists.map((l) => (l as { c: number }).c)) };
  return insts.length === 1 ? insts[0] : { t: 'union', of: insts, r: 'typed-receiver', c: Math.min(...insts.map((x) => x.c)) };
}

/**
 * A runtime global (`Symbol`, `console`): an instance of the runtime's interface it is declared with where the
 * project augments that interface globally (`declare global { interface SymbolConstructor { observable: symbol } }`:
 * `Symbol.observable` is the project's member), else an outside value.
 */
export function runtimeGlobal(this: Evaluator, f: number, name: string): Val {
  const type = this.rulesOf[f].globalValueType?.(name);
  const r = type === undefined ? undefined : this.globalTable().get(type)?.[0];
  if (!r || this.sym(r).label !== 'Interface') return EXT;
  return { t: 'inst', f: r.f, s: this.mergedType(r.f, r.s), r: 'import', c: REASON_CONFIDENCE.import };
}

/**
 * True where class or interface `cls` is a global interface augmenting the runtime's of its name, which declares
 * member `name` (`Symbol.for` of an augmented `SymbolConstructor`): a member the project cannot see.
 */
export function runtimeMember(this: Evaluator, cls: SymRef, name: string): boolean {
  const sym = this.sym(cls);
  if (sym.parent !== -1 || sym.label !== 'Interface' || !this.globalTable().get(sym.name)?.some((r) => r.f === cls.f && r.s === cls.s)) return false;
  return typeof this.rulesOf[cls.f].outsideTypes?.member(sym.name, name) === 'string';
}

/**
 * The project file declaring `name` that `declare module 'source' { interface name … }` in file f augments: the
 * module's own declaration, or the one it re-exports under that name (a package's entry, a barrel); undefined when the
 * module is no project file.
 */
export function augmentedFile(this: Evaluator, f: number, source: string, name: string): number | undefined {
  const a = this.module(f, source);
  if (!('f' in a)) return undefined;
  const e = this.exportOf(a.f, name);
  return e && e.t === 'sym' && e.f < this.projectCount ? e.f : a.f;
}

/**
 * What interface or class `s` of file f merges with through module augmentation: the augmented module's top-level
 * interfaces and class of its name and the other augmentations (itself left out); none when nothing augments it.
 */
export function augmentPartners(this: Evaluator, f: number, s: number): SymRef[] {
  const sym = this.files[f].symbols[s];
  if (sym.parent !== -1 || (sym.label !== 'Interface' && sym.label !== 'Class')) return [];
  const table = this.augmentTable();
  if (!table.size) return [];
  let target = f;
  if (sym.augments) { const t = this.augmentedFile(f, sym.augments, sym.name); if (t === undefined) return []; target = t; }
  const augs = table.get(`${target}\u0000${sym.name}`);
  if (!augs) return [];
  const out: SymRef[] = [];
  this.files[target].symbols.forEach((t, i) => { if (t.parent === -1 && t.name === sym.name && !t.augments && (t.label === 'Interface' || t.label === 'Class')) out.push({ f: target, s: i }); });
  out.push(...augs);
  return out.filter((r) => r.f !== f || r.s !== s);
}

/** The global declarations of other files that merge with global declaration `s` of file f (none when it is no global). */
export function globalNamesakes(this: Evaluator, f: number, s: number): SymRef[] {
  const sym = this.files[f].symbols[s];
  // (a member of a global namespace declared in several files, `declare global { namespace PixiMixins { interface
  // Container extends … } }` in each: the namesakes of that namespace's members of its name merge with it too)
  if (sym.parent !== -1) {
    if (this.files[f].symbols[sym.parent].kind !== 'namespace') return [];
    const out: SymRef[] = [];
    for (const r of this.globalNamesakes(f, sym.parent)) for (const i of this.childrenOf(r.f, r.s)?.get(sym.name) ?? []) out.push({ f: r.f, s: i });
    return out;
  }
  const all = this.globalTable().get(sym.name);
  if (!all || all.length < 2 || !all.some((r) => r.f === f && r.s === s)) return [];
  return all.filter((r) => r.f !== f);
}
