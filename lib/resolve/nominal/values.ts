/**
 * What expressions and types are, in the nominal resolver: a value's static type (an instance of a project type, a
 * library type, an array or map of something, several results), a type named as a value (static access), a package,
 * functions. Receivers are typed by declarations — parameters, locals, fields, properties, declared results — and by
 * initialisers where the declaration says `var`/`:=`/`val`; type arguments of project generics are carried to the
 * members typed by their parameters; library containers give their elements (the language's ContainerRules).
 */
import { bindingIndex, bindsLocal, lastTypeName, type Expr } from '../../extract/facts.ts';
import type { NominalOp } from '../../extract/nominal/facts.ts';
import type { Members } from './members.ts';
import { Overloads } from './overloads.ts';
import { boundArgument, memberSubst, partTypeParam } from './type-params.ts';
import { aliasCall } from './call-alias.ts';
import { fitsExactly } from './call-fit.ts';
import { LibraryImpls, sliceDeref, sliceLiteral, sliceOf } from './library-impls.ts';
import type { Found, Names } from './lookup.ts';
import type { NominalRules } from './rules.ts';
import { qualify, type Base, type SymRef, type TypeEnt, type World } from './world.ts';

/** How a value's type was learnt, and how sure an edge through it is. */
export const CONFIDENCE = {
  'same-file': 1,
  'same-package': 0.95,
  import: 0.95,
  local: 1,
  'this-member': 0.9,
  'super-member': 0.95,
  'static-member': 0.95,
  constructor: 0.95,
  'typed-receiver': 0.85,
  'return-type': 0.8,
  extension: 0.85,
  nested: 0.95,
  // a call through an interface (or an overridden method) to a method that may run instead
  dispatch: 0.5,
  // a method the language runs to make the call (Rust's `deref` before a member of the deref target)
  implicit: 0.8,
} as const;
export type Reason = keyof typeof CONFIDENCE;

/** A type expression to evaluate later, where it was written (file, enclosing symbol, type-parameter bindings). */
export interface Lazy { f: number; e: Expr; from: number; subst?: Subst }
/** What the type parameters of `ent`'s declarations stand for (the arguments of `Box<User>`, where written). */
export interface Subst { ent: TypeEnt; args: Lazy[] }

export type Val =
  | { t: 'inst'; e: TypeEnt; args?: Lazy[]; c: number }
  | { t: 'type'; e: TypeEnt }
  | { t: 'pkg'; key: string }
  | { t: 'fn'; rs: SymRef[]; c: number; reason: Reason }
  | { t: 'arr'; of: Lazy }
  | { t: 'map'; key?: Lazy; of: Lazy }
  | { t: 'tuple'; items: Lazy[] }
  /** A value of a function type: calling it gives a `returns`. */
  | { t: 'fnval'; returns: Lazy }
  /** A library type (what its name is written as, and its type arguments). */
  | { t: 'ext'; name?: string; args?: Lazy[] }
  /** A value of an anonymous structure type (Go's `struct{ x *Foo }`): its fields' types by name. */
  | { t: 'shape'; props: ReadonlyArray<{ name: string; type: Lazy }> }
  | { t: 'none' };

export const NONE: Val = { t: 'none' };
/** A builder receiver being worked out (builderMemo): NONE to whoever meets it meanwhile. */
const PENDING: Val = { t: 'none' };
const EXT: Val = { t: 'ext' };
/**
 * How deep one evaluation may go. A method chain costs two levels a link, so this bounds the chains whose end is known
 * (49 links); values are kept per depth (the memos below), so the limit bounds work and stack, not paths.
 */
const MAX_DEPTH = 100;
const TYPE_LABELS = new Set(['Class', 'Interface', 'Enum', 'TypeAlias']);

/** A value read through a declared result (or bound): an instance no surer than `return-type`. */
function atReturnConfidence(v: Val): Val {
  return v.t === 'inst' ? { ...v, c: Math.min(v.c, CONFIDENCE['return-type']) } : v;
}

/** A call's argument count, or the site itself where the call keeps its arguments' values (`argv`) or labels. */
export type Arity = number | undefined | { n: number; argv?: readonly Expr[]; labels?: readonly string[]; targs?: number; f: number; from: number };

/** The resolution of a call's callee. */
export type CallRes =
  | { targets: SymRef[]; reason: Reason; c: number; recv?: Val; ctor?: TypeEnt; implicit?: SymRef[]; written?: SymRef }
  /** (`implicit`: methods run first unnamed, a receiver's `deref`; `written`: the symbol named, NominalRules.callAlias) */
  | { ext: true; implicit?: SymRef[] }
  | { conversion: TypeEnt }
  /**
   * A field or variable of a function type called (Go's `s.handler(x)`, a `var load = sync.OnceValue(…)` then
   * `load()`): what runs is the value it holds, no function the call names; `held` is the field or variable read.
   */
  | { held: SymRef; reason: Reason; c: number }
  | { unresolved: true };

/** Evaluates expressions and types of one project's nominal files. */
export class Evaluator {
  private readonly localMemo = new Map<string, Val | null>();
  /** Values of calls and member accesses by depth (value()); no `v` while one is being worked out. */
  private readonly valueMemo = new WeakMap<Expr, Map<number, { f: number; from: number; v?: Val }>>();
  /** How often an evaluation met a value still being worked out (value() keeps no result that did). */
  private unfinished = 0;

  /** Overload choice by a call's arguments (overloads.ts). */
  readonly fit: Overloads;

  constructor(private readonly w: World, private readonly m: Members, private readonly names: Names, private readonly rules: NominalRules) {
    this.fit = new Overloads(w, m, rules, this);
  }
  private libImpls: LibraryImpls | undefined;
  private get libs(): LibraryImpls { return (this.libImpls ??= new LibraryImpls(this.w, this.m, this.rules)); }

  // ---------------------------------------------------------------- types
  /** What a type expression written in file f (inside symbol `from`) names. */
  type(f: number, e: Expr, from: number, subst?: Subst, depth = 0): Val {
    if (depth > MAX_DEPTH) return NONE;
    switch (e.k) {
      case 'id': {
        if (bindsLocal(e.b)) return this.typeParam(f, bindingIndex(e.b), subst, depth);
        // a name written without type arguments is the type of its name that has none, where there is one
        const found = this.names.type(f, from, e.name), tp = found ? undefined : partTypeParam(this.w, f, from, e.name);
        return tp ? this.typeParam(tp.f, tp.l, subst, depth) : this.ofArity(this.namedType(found, e.name), 0);
      }
      case 'member': {
        const obj = e.obj.k === 'id' && !e.obj.b && this.w.packages.has(e.obj.name) && !this.names.type(f, from, e.obj.name) ? { t: 'pkg', key: e.obj.name } as Val : this.type(f, e.obj, from, subst, depth + 1);
        if (obj.t === 'pkg') {
          const ent = this.w.types.get(qualify(obj.key, e.name));
          if (ent) return this.inst(ent);
          // a module or namespace on the way (`crate::buf::Buf`, C++'s `outer::inner::Node`)
          const sub = qualify(obj.key, e.name);
          if (this.w.packages.has(sub) || this.w.packageFiles.has(sub) || this.w.packagePrefixes.has(sub)) return { t: 'pkg', key: sub };
          // a type a module re-exports (`pub use inner::Buf;`; languages whose paths start at a root: Rust's)
          if (this.rules.pathRoot) for (const t of this.names.reexported(obj.key, e.name)) if ('ent' in t) return this.inst(t.ent);
          return { t: 'ext', name: e.name };
        }
        if (obj.t === 'inst' || obj.t === 'type') {
          const nested = this.m.nestedType(obj.e, e.name);
          if (nested) return this.inst(nested);
        }
        for (const pkg of this.relativePackages(f, e.obj, from)) {
          const ent = this.w.types.get(qualify(pkg, e.name));
          if (ent) return this.inst(ent);
        }
        return obj.t === 'inst' || obj.t === 'type' ? NONE : { t: 'ext', name: e.name };
      }
      case 'generic': {
        const base = this.ofArity(this.type(f, e.of, from, subst, depth + 1), e.args.length);
        const args = e.args.map((a) => ({ f, e: a, from, subst }));
        if (base.t === 'inst') return { ...base, args };
        if (base.t === 'ext') return { t: 'ext', name: base.name, args };
        return base;
      }
      case 'array': return { t: 'arr', of: { f, e: e.of, from, subst } };
      case 'map': return { t: 'map', key: e.key ? { f, e: e.key, from, subst } : undefined, of: { f, e: e.of, from, subst } };
      case 'list': return { t: 'tuple', items: e.items.map((x) => ({ f, e: x, from, subst })) };
      case 'fntype': return { t: 'fnval', returns: { f, e: e.returns, from, subst } };
      case 'object': return { t: 'shape', props: e.props.map((p) => ({ name: p.name, type: { f, e: p.type, from, subst } })) };
      default: return NONE;
    }
  }

  /** A lazily written type, evaluated. */
  lazy(l: Lazy, depth = 0): Val {
    return this.type(l.f, l.e, l.from, l.subst, depth + 1);
  }

  private typeParam(f: number, l: number, subst: Subst | undefined, depth: number): Val {
    const arg = subst ? boundArgument(this.w, f, l, subst) : undefined;
    if (arg) return this.lazy(arg, depth);
    // unbound: what its bound says (`K extends Task<K>`), less surely
    const local = this.w.files[f].locals[l];
    return local?.type ? this.bound(f, local.type, -1, depth) : NONE;
  }

  /** A type parameter's bound, at the confidence of a value read through it. */
  private bound(f: number, e: Expr, from: number, depth: number): Val {
    return atReturnConfidence(this.type(f, e, from, undefined, depth + 1));
  }

  /** A type (named as a type or as a value) as the type of its name and place with `n` type parameters, where they differ by that. */
  private ofArity(v: Val, n: number): Val {
    if ((v.t !== 'inst' && v.t !== 'type') || !v.e.arities) return v;
    const e = this.w.withArity(v.e, n);
    return e === v.e ? v : { ...v, e };
  }

  private namedType(found: Found | undefined, name: string): Val {
    if (!found) return { t: 'ext', name };
    if ('ent' in found) return this.inst(found.ent);
    if ('ext' in found) return { t: 'ext', name };
    if ('pkg' in found) return { t: 'pkg', key: found.pkg };
    return NONE;
  }

  private inst(ent: TypeEnt, c: number = CONFIDENCE['typed-receiver']): Val {
    return { t: 'inst', e: ent, c };
  }

  /** A heritage clause's type (for Members). */
  base(f: number, e: Expr, from: number): { ent: TypeEnt; args?: unknown } | { ext: string } | undefined {
    const v = this.type(f, e, from);
    if (v.t === 'inst') return { ent: v.e, args: v.args };
    if (v.t === 'ext') return { ext: v.name ?? '?' };
    return undefined;
  }

  // ---------------------------------------------------------------- values
  /**
   * What an expression of file f (inside symbol `from`) evaluates to. A call or member access is worked out once
   * per depth: a chain `a.b().c()…` asks for its receivers from several places (the call's target, its result, a
   * library container's element), which without the memo costs 2^length (a builder chain of fifty `.arg(…)`
   * calls). Kept by depth, since the depth limit cuts what lies below; not kept when the evaluation met a value
   * still being worked out (a local's, a builder's or its own), which a later ask would see finished.
   */
  value(f: number, e: Expr, from: number, depth = 0): Val {
    if (depth > MAX_DEPTH) return NONE;
    if (e.k !== 'call' && e.k !== 'member') return this.evaluate(f, e, from, depth);
    let byDepth = this.valueMemo.get(e);
    const hit = byDepth?.get(depth);
    if (hit && hit.f === f && hit.from === from) {
      if (hit.v) return hit.v;
      this.unfinished++;
      return NONE;
    }
    if (!byDepth) this.valueMemo.set(e, (byDepth = new Map()));
    const before = this.unfinished;
    byDepth.set(depth, { f, from });
    const v = this.evaluate(f, e, from, depth);
    if (this.unfinished === before) byDepth.set(depth, { f, from, v });
    else byDepth.delete(depth);
    return v;
  }

  private evaluate(f: number, e: Expr, from: number, depth: number): Val {
    switch (e.k) {
      case 'id': {
        if (bindsLocal(e.b)) return this.local(f, bindingIndex(e.b), from, depth);
        const via = this.implicitMember(f, e, from, depth);
        if (via) return this.value(f, via, from, depth + 1);
        const found = this.names.value(f, from, e.name);
        // a primitive type named as a value (`u8::bits()`): the library type
        if (!found) return this.rules.isBuiltin(e.name) ? EXT : this.rules.primitiveTraits?.types.has(e.name) ? { t: 'ext', name: e.name } : NONE;
        return this.ofArity(this.foundValue(found, depth), 0);
      }
      case 'this': {
        const recv = this.extensionThis(f, from, depth);
        if (recv) return recv;
        if (e.cls < 0) return NONE;
        const ent = this.w.typeOf({ f, s: e.cls });
        if (!ent) return NONE;
        // inside `impl<T: Buf> Buf for Chain<T>`, `this` is a Chain of the block's T (a field of type T is a Buf)
        const self = this.w.extra({ f, s: e.cls }).self;
        if (self?.k === 'generic') return { t: 'inst', e: ent, c: CONFIDENCE['this-member'], args: self.args.map((a) => ({ f, e: a, from: e.cls })) };
        return this.inst(ent, CONFIDENCE['this-member']);
      }
      case 'super': {
        const base = this.superOf(f, e.cls);
        return base ? this.inst(base, CONFIDENCE['super-member']) : NONE;
      }
      case 'member': {
        const v = this.memberValue(f, this.value(f, e.obj, from, depth + 1), e.name, from, depth);
        if (v.t !== 'none' && v.t !== 'ext') return v;
        for (const pkg of this.relativePackages(f, e.obj, from)) {
          const p = this.memberValue(f, { t: 'pkg', key: pkg }, e.name, from, depth);
          if (p.t !== 'none' && p.t !== 'ext') return p;
        }
        return v;
      }
      case 'call': return this.callValue(f, e.callee, from, e.argc, depth, e.args);
      case 'new': {
        const t = this.type(f, e.callee, from, undefined, depth + 1);
        return t.t === 'inst' ? { ...t, c: CONFIDENCE.constructor } : t;
      }
      case 'as': return e.recv ? this.fnReceiver(f, e.type, from, depth) : this.type(f, e.type, from, undefined, depth + 1);
      // a type with arguments named as a value (Rust's `Data::<A>::new()`): the type
      case 'generic': return this.ofArity(this.value(f, e.of, from, depth + 1), e.args.length);
      case 'element': {
        const payload = e.at !== undefined ? this.payload(f, e.of, from, e.at, depth) : undefined;
        if (payload) return payload;
        const of = this.value(f, e.of, from, depth + 1);
        // what a callback is handed by a map's methods is an entry (or a key and a value), not an element
        if (e.key === '(each)' && (of.t === 'map' || of.t === 'ext' && of.name && this.rules.containers?.elements.get(of.name) !== 0)) return this.entryOf(of);
        // a subscription of a project type's value: what its index method returns (Kotlin's `buffer[0]`, `operator fun get`)
        if (e.index && of.t === 'inst' && this.rules.indexMethod) {
          const got = this.indexValue(of, depth);
          if (got) return got;
        }
        if (e.key === '(slice)') { const s = sliceOf(this.rules, of); if (s) return s; }
        if (e.key === '(some)' && of.t === 'inst') return of; // (a `Some(x)` pattern's name: the value a container's `get` gave)
        const el = this.element(of, e.key === '(key)', e.at, depth);
        // a project type's value dereferenced is read through a reference to it (references are not typed apart)
        if (e.key === '(deref)' && el.t === 'none' && of.t === 'inst') {
          // a type without a Deref impl is reached through a reference to it; one with it is too where a variable or
          // a field holds it (`*other` of `other: &Bytes`, `*self.vec` of a pointer field), while an element
          // (`*self.lits[0]`) and the inner `*` of `**x` are the value itself, whose `*` runs the impl
          // a library smart pointer the project adds impls to (`impl<T> Named for Box<T>`) derefs to its element, as std's
          if (this.w.onlyParts(of.e) && this.rules.containers?.derefs?.has(of.e.name)) return of.args?.length ? this.lazy(of.args[0], depth + 1) : NONE;
          if (!this.hasDerefTarget(of.e)) return of;
          const owned = e.of.k === 'element' && (e.of.key === undefined || e.of.key === '(deref)');
          return owned ? this.derefOf(of, depth) ?? NONE : of;
        }
        return el;
      }
      case 'union': return this.eitherValue(f, e.types, from, depth);
      case 'builder': return this.builderReceiver(f, e, from, depth);
      case 'out': return this.outArgument(f, e, from, depth);
      // a literal is a value of the library type its kind names (or of the project's extension of that type)
      // (`null`: a value of no type known, as an untyped literal is)
      case 'lit':
        if (e.type !== undefined && e.type === this.rules.nullLiteral?.type) return EXT;
        return sliceLiteral(this.rules, e.type, f, from) ?? (e.type ? this.namedType(this.names.type(f, from, e.type), e.type) : EXT);
      default: return NONE;
    }
  }

  /**
   * A conditional's value (Kotlin's `if (c) a else b`): its branches' value where the branches known agree (a branch
   * whose value is not known, a `with(x) { … }` result, leaves the others'); none where they differ.
   */
  private eitherValue(f: number, branches: Expr[], from: number, depth: number): Val {
    let out: Val = NONE;
    for (const b of branches) {
      const v = this.value(f, b, from, depth + 1);
      if (v.t === 'none') continue;
      if (out.t === 'none') { out = v; continue; }
      if (!sameType(out, v)) return NONE;
    }
    return out;
  }

  /**
   * The payload at position `at` of the enum member a pattern's path names (`Ast::Literal(x)`, `Self::Group(g)`, a
   * member imported by name): what the pattern binds there. Undefined where the path names no such member.
   */
  private payload(f: number, path: Expr, from: number, at: number, depth: number): Val | undefined {
    let rs: SymRef[] = [];
    if (path.k === 'member') {
      const owner = this.value(f, path.obj, from, depth + 1);
      if (owner.t === 'type') rs = this.m.find(owner.e, path.name);
    } else if (path.k === 'id' && !bindsLocal(path.b)) {
      const found = this.names.value(f, from, path.name);
      if (found && 'r' in found) rs = found.r;
    }
    const r = rs.find((x) => this.w.sym(x).kind === 'enum_member');
    const p = r ? this.w.extra(r).payload?.[at] : undefined;
    return r && p ? this.type(r.f, p, r.s, undefined, depth + 1) : undefined;
  }

  private readonly builderMemo = new WeakMap<Expr, Val>();

  /**
   * The receiver of a lambda handed to a call: the receiver type of the called project function's parameter it
   * fills (the last for a trailing lambda), when that is a function type with one (`init: HTML.() -> Unit`).
   */
  private builderReceiver(f: number, b: Expr & { k: 'builder' }, from: number, depth: number): Val {
    const hit = this.builderMemo.get(b);
    if (hit === PENDING) { this.unfinished++; return NONE; }
    if (hit) return hit;
    let v: Val = NONE;
    this.builderMemo.set(b, PENDING);
    const call = b.call;
    if (call.k === 'call' || call.k === 'new') {
      // the arguments known pick among overloads (a constructor's too, C#'s `new Foo(x => x.Bar())`) as at the call site
      const argc: Arity = call.argc !== undefined && call.args?.length ? { n: call.argc, argv: call.args.map((a) => a ?? OTHER_EXPR), f, from } : call.argc;
      const res = call.k === 'new' ? this.newCall(f, call.callee, from, argc) : this.call(f, call.callee, from, argc, depth + 1);
      const t = 'targets' in res ? res.targets[0] : undefined;
      const params = t ? this.w.sym(t).params : undefined;
      // (an extension method called on its receiver: the receiver is its first parameter, where the parameters list it)
      const x = t ? this.w.extra(t) : undefined;
      const shift = b.arg !== undefined && x?.ext && !x.recv && call.callee.k === 'member' ? 1 : 0;
      const p = params?.[b.arg === undefined ? params.length - 1 : b.arg + shift];
      const recv = t && 'targets' in res ? res.recv : undefined;
      const subst = t && recv?.t === 'inst' ? this.memberSubst(t, recv) : undefined;
      // the lambda's parameter (the function type's parameter there, or a library delegate type's: C#'s `Action<Foo>`,
      // `Func<Foo, T>`), else the receiver the type declares
      const given = p?.k === 'fntype' ? (b.param !== undefined ? p.params?.[b.param] : p.recv) : b.param !== undefined ? this.delegateParam(p, b.param) : undefined;
      // (the extension's own type parameter that is its receiver, `fun <T : Closeable?> T.use(block: (T) -> R)`: the receiver's value)
      if (t && given?.k === 'id' && bindsLocal(given.b) && x?.recv?.k === 'id' && x.recv.b === given.b && recv && recv.t !== 'none') v = atReturnConfidence(recv);
      else if (t && given) {
        v = atReturnConfidence(this.type(t.f, given, t.s, subst, depth + 1));
      } else if (t && p && b.param === undefined) {
        // a parameter typed by an alias of a function type with a receiver (`transform: ValuesTransformer<V, E>`)
        const fn = this.fnType(t.f, p, t.s);
        if (fn?.te.recv) v = atReturnConfidence(this.type(fn.f, fn.te.recv, fn.from, undefined, depth + 1));
      }
    }
    this.builderMemo.set(b, v);
    return v;
  }

  /** Parameter `i` of a library delegate type written with its type arguments (NominalRules.delegateParams: `Func<Foo, T>`'s 0 is Foo). */
  private delegateParam(p: Expr | null | undefined, i: number): Expr | undefined {
    if (p?.k !== 'generic' || p.of.k !== 'id' || !this.rules.delegateParams) return undefined;
    const n = this.rules.delegateParams(p.of.name, p.args.length);
    return n !== undefined && i < n ? p.args[i] : undefined;
  }

  /** What a call leaves in an argument that declares its variable (`out var x`): the type of the project callee's parameter there. */
  private outArgument(f: number, e: Expr & { k: 'out' }, from: number, depth: number): Val {
    const c = e.call;
    if (c.k !== 'call') return NONE;
    const res = this.call(f, c.callee, from, c.argc, depth + 1);
    const t = 'targets' in res ? res.targets[0] : undefined;
    if (!t) return NONE;
    // an extension method called on its receiver: the receiver is its first parameter
    const p = this.w.sym(t).params?.[e.at + (this.w.extra(t).ext && c.callee.k === 'member' ? 1 : 0)];
    if (!p) return NONE;
    const recv = 'targets' in res ? res.recv : undefined;
    const subst = recv?.t === 'inst' ? this.memberSubst(t, recv) : undefined;
    return this.type(t.f, p, t.s, subst, depth + 1);
  }

  /** The class `super` names in class `cls` of file f: its (first) base class. */
  superOf(f: number, cls: number): TypeEnt | undefined {
    if (cls < 0) return undefined;
    const ent = this.w.typeOf({ f, s: cls });
    if (!ent) return undefined;
    const bases = this.m.bases(ent);
    for (const b of bases) if ('ent' in b && b.via === 'extends' && !this.w.isInterface(b.ent)) return b.ent;
    return undefined;
  }

  private local(f: number, l: number, from: number, depth: number): Val {
    const key = `${f}:${l}`;
    const hit = this.localMemo.get(key);
    if (hit === null) { this.unfinished++; return NONE; }
    if (hit !== undefined) return hit;
    this.localMemo.set(key, null);
    const local = this.w.files[f].locals[l];
    let v: Val = NONE;
    if (this.w.nominal(f).tparams?.includes(l)) v = local.type ? this.bound(f, local.type, from, depth) : NONE;
    else if (local.type) v = this.type(f, local.type, from, undefined, depth + 1);
    if (v.t === 'none' && local.init) v = this.value(f, local.init, from, depth + 1);
    this.localMemo.set(key, v);
    return v;
  }

  /** The value of a name lookup's answer. */
  foundValue(found: Found, depth: number, subst?: Subst): Val {
    if ('pkg' in found) return { t: 'pkg', key: found.pkg };
    if ('ext' in found) return EXT;
    if ('ent' in found) return { t: 'type', e: found.ent };
    return this.symsValue(found.r, found.reason === 'this-member' ? 'this-member' : found.reason === 'local' ? 'local' : found.reason, depth, subst);
  }

  /** What a symbol (or several of one name: overloads) is as a value. */
  private symsValue(rs: SymRef[], reason: Reason, depth: number, subst?: Subst): Val {
    const first = this.w.sym(rs[0]);
    if (first.label === 'Function' || first.label === 'Method') return { t: 'fn', rs, c: CONFIDENCE[reason], reason };
    if (TYPE_LABELS.has(first.label)) { const ent = this.w.typeOf(rs[0]); return ent ? { t: 'type', e: ent } : NONE; }
    return this.symType(rs[0], depth, subst);
  }

  /** What binds the type parameters of member t's declaring type for a value of `recv`'s type (type-params.ts memberSubst). */
  private memberSubst(t: SymRef, recv: { e: TypeEnt; args?: Lazy[] }): Subst | undefined {
    return memberSubst(this.m, this.m.ownerOf(t), recv.e, recv.args);
  }

  /** The type of a variable, field, property or enum member. */
  symType(r: SymRef, depth: number, subst?: Subst): Val {
    const sym = this.w.sym(r);
    if (sym.kind === 'enum_member') {
      const owner = this.m.ownerOf(r);
      return owner ? this.inst(owner) : NONE;
    }
    if (sym.type) {
      const v = this.type(r.f, sym.type, r.s, subst, depth + 1);
      if (v.t !== 'none') return v;
    }
    if (sym.init) return this.value(r.f, sym.init, r.s, depth + 1);
    return NONE;
  }

  /** The field at position `at` of a tuple struct's value (its payload), with the value's type arguments; undefined for another type. */
  private positional(obj: Val & { t: 'inst' }, at: number, depth: number): Val | undefined {
    for (const part of obj.e.parts) {
      const p = this.w.extra(part).payload?.[at];
      if (p) return this.type(part.f, p, part.s, obj.args ? { ent: obj.e, args: obj.args } : undefined, depth + 1);
    }
    return undefined;
  }

  /** Member `name` of a value. */
  memberValue(f: number, obj: Val, name: string, from: number, depth: number): Val {
    switch (obj.t) {
      case 'shape': { const p = obj.props.find((x) => x.name === name); return p ? this.lazy(p.type, depth) : NONE; }
      case 'pkg': {
        const rs = this.w.packages.get(obj.key)?.get(name);
        if (!rs) {
          if (obj.key && this.w.packagePrefixes.has(`${obj.key}.${name}`)) return { t: 'pkg', key: `${obj.key}.${name}` };
          const re = this.rules.pathRoot ? this.names.reexported(obj.key, name) : [];
          for (const t of re) {
            if ('ent' in t) return { t: 'type', e: t.ent };
            if ('pkg' in t) return { t: 'pkg', key: t.pkg };
          }
          const rr = re.filter((t): t is { r: SymRef } => 'r' in t).map((t) => t.r);
          return rr.length ? this.symsValue(rr, 'import', depth) : EXT;
        }
        return this.symsValue(rs, 'import', depth);
      }
      case 'type': {
        const nested = this.m.nestedType(obj.e, name);
        if (nested) return { t: 'type', e: nested };
        const rs = this.m.findStatic(obj.e, name, false);
        return rs.length ? this.symsValue(rs, 'static-member', depth) : this.m.hasExternalBase(obj.e) ? EXT : NONE;
      }
      case 'inst': {
        const rs = this.m.find(obj.e, name);
        if (!rs.length) {
          // a tuple struct's field by its position (Rust's `self.0` of `struct Map(Table)`)
          if (/^\d+$/.test(name)) { const p = this.positional(obj, Number(name), depth); if (p) return p; }
          const conf = this.conformance(f, obj, name);
          if (conf.length) return this.symsValue(conf, 'extension', depth);
          const u = this.aliasTarget(obj.e, depth) ?? this.derefOf(obj, depth);
          if (u) { const v = this.memberValue(f, u, name, from, depth + 1); if (v.t !== 'none') return v; }
          // a library type the project only adds to (Swift's `extension String`): its library members' results
          if (this.w.onlyParts(obj.e)) { const lib = this.libraryValue(f, from, obj.e.name, name); if (lib) return lib; }
          return this.m.hasExternalBase(obj.e) ? EXT : NONE;
        }
        const v = this.symsValue(rs, 'typed-receiver', depth, this.memberSubst(rs[0], obj));
        return v.t === 'inst' ? { ...v, c: Math.min(v.c, obj.c) } : v;
      }
      case 'ext': {
        // a library container's property that gives an element or the same container (Kotlin's `map.values`)
        const c = this.rules.containers;
        const en = this.entryMember(obj, name);
        if (en) return 't' in en ? en : this.lazy(en, depth);
        if (c?.sameMethods.has(name) || c?.sameMethodsOf?.get(obj.name ?? '')?.has(name)) return obj;
        if (c?.elementMethods.has(name)) { const el = this.containerElement(obj, false); if (el) return this.lazy(el, depth); }
        const conf = this.conformance(f, obj, name);
        if (conf.length) return this.symsValue(conf, 'extension', depth);
        const d = this.derefOf(obj, depth);
        if (d) { const v = this.memberValue(f, d, name, from, depth + 1); if (v.t !== 'none') return v; }
        return this.libraryValue(f, from, obj.name, name) ?? EXT;
      }
      case 'arr': case 'map': {
        const conf = this.conformance(f, obj, name);
        return conf.length ? this.symsValue(conf, 'extension', depth) : this.libraryValue(f, from, obj.t === 'arr' ? '[]' : '[:]', name) ?? EXT;
      }
      // a tuple's element by its position (Rust's and Swift's `pair.0`)
      case 'tuple': return /^\d+$/.test(name) ? this.element(obj, false, Number(name), depth) : NONE;
      default: return NONE;
    }
  }

  /**
   * The type a type alias (or a Go defined type, `type Path []Step`) stands for: what indexing, iterating and, for an
   * alias, member lookup see through it. Undefined for other types.
   */
  underlying(ent: TypeEnt, depth: number): Val | undefined {
    const p = ent.parts[0];
    const sym = this.w.sym(p);
    if (sym.label !== 'TypeAlias' || !sym.type || depth > MAX_DEPTH) return undefined;
    const v = this.type(p.f, sym.type, p.s, undefined, depth + 1);
    return v.t === 'none' || (v.t === 'inst' && v.e === ent) ? undefined : v;
  }

  /**
   * The receiver type of a function type written directly or through type aliases (`typealias Conv<T> =
   * Ctx.(String) -> T`, `typealias Trans = Conv<Int>`): what `this` is in a lambda declared with it.
   */
  private fnReceiver(f: number, te: Expr, from: number, depth: number): Val {
    const fn = this.fnType(f, te, from);
    return fn?.te.recv ? this.type(fn.f, fn.te.recv, fn.from, undefined, depth + 1) : NONE;
  }

  /** A function type written directly or named by type aliases (of aliases), with the file and place it is written in. */
  private fnType(f: number, te: Expr, from: number): { f: number; te: Expr & { k: 'fntype' }; from: number } | undefined {
    let cur = { f, te, from };
    for (let i = 0; i < 8; i++) {
      if (cur.te.k === 'fntype') return { f: cur.f, te: cur.te, from: cur.from };
      const head = cur.te.k === 'generic' ? cur.te.of : cur.te;
      if (head.k !== 'id' || head.b !== undefined) return undefined;
      const found = this.names.type(cur.f, cur.from, head.name);
      if (!found || !('ent' in found)) return undefined;
      const p = found.ent.parts[0];
      const sym = this.w.sym(p);
      if (sym.label !== 'TypeAlias' || !sym.type) return undefined;
      cur = { f: p.f, te: sym.type, from: p.s };
    }
    return undefined;
  }

  /** What an alias (a TypeAlias of one of the rules' alias kinds) stands for, whose members are its target's. */
  aliasTarget(ent: TypeEnt, depth = 0): Val | undefined {
    return (this.rules.aliasKinds ?? ALIAS_KINDS).has(this.w.sym(ent.parts[0]).kind) ? this.underlying(ent, depth) : undefined;
  }

  /**
   * What a value's missing members are looked up on: a library wrapper's element (ContainerRules.derefs), or the type
   * a project type's deref alias names (NominalRules.derefTarget), less surely.
   */
  private derefOf(v: Val, depth: number): Val | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (v.t === 'ext') {
      const el = v.name && this.rules.containers?.derefs?.has(v.name) ? this.containerElement(v, false) : undefined;
      return el ? this.lazy(el, depth) : undefined;
    }
    if (v.t !== 'inst' || !this.rules.derefTarget) return undefined;
    const alias = this.m.find(v.e, this.rules.derefTarget).find((r) => this.w.sym(r).label === 'TypeAlias');
    const type = alias ? this.w.sym(alias).type : undefined;
    if (!alias || !type) return undefined;
    const t = this.type(alias.f, type, alias.s, v.args ? { ent: this.m.ownerOf(alias) ?? v.e, args: v.args } : undefined, depth + 1);
    if (t.t === 'inst') return t.e === v.e ? undefined : { ...t, c: Math.min(t.c, v.c, CONFIDENCE['return-type']) };
    return t.t === 'none' ? undefined : t;
  }

  /** Whether a project type names a deref target (NominalRules.derefTarget: Rust's `type Target` of its Deref impl). */
  private hasDerefTarget(ent: TypeEnt): boolean {
    const name = this.rules.derefTarget;
    return !!name && this.m.find(ent, name).some((r) => this.w.sym(r).label === 'TypeAlias');
  }

  /** A value with aliases seen through: an instance of an alias is one of the type it stands for. */
  dealias(v: Val): Val {
    for (let depth = 0; v.t === 'inst' && depth < MAX_DEPTH; depth++) {
      const u = this.aliasTarget(v.e, depth);
      if (!u || u.t !== 'inst') return v;
      v = { ...u, c: Math.min(u.c, v.c) };
    }
    return v;
  }

  /** An element of a value (`xs[i]`, `for x in xs`); `key`: a map's key (Go's `for k := range m`), `at`: one of several results. */
  element(v: Val, key: boolean, at: number | undefined, depth: number): Val {
    if (at !== undefined) {
      if (v.t === 'tuple') return v.items[at] ? this.lazy(v.items[at], depth) : NONE;
      return at === 0 ? v : NONE;
    }
    if (v.t === 'inst') {
      const u = this.underlying(v.e, depth);
      return u ? this.element(u, key, undefined, depth + 1) : NONE;
    }
    switch (v.t) {
      case 'arr': return key ? EXT : this.lazy(v.of, depth);
      case 'map': return key ? (v.key ? this.lazy(v.key, depth) : NONE) : this.lazy(v.of, depth);
      case 'ext': {
        const el = this.containerElement(v, key);
        if (el) return this.lazy(el, depth);
        const fixed = !key && v.name ? this.rules.containers?.fixedElements?.get(v.name) : undefined;
        return fixed ? { t: 'ext', name: fixed } : key ? EXT : NONE;
      }
      default: return NONE;
    }
  }

  /** The result of a project type's index method (NominalRules.indexMethod), its first declaration's, with the value's type arguments. */
  private indexValue(v: Val & { t: 'inst' }, depth: number): Val | undefined {
    const t = this.methods(this.m.find(v.e, this.rules.indexMethod!))[0];
    const returns = t ? this.w.sym(t).returns : undefined;
    if (!t || !returns) return undefined;
    const subst = this.memberSubst(t, v);
    const r = this.type(t.f, returns, t.s, subst, depth + 1);
    return r.t === 'none' ? undefined : atReturnConfidence(r);
  }

  /** What iterating a map gives where its entries are values of a library type (C#'s `KeyValuePair<K, V>`), else nothing known. */
  private entryOf(map: Val): Val {
    const en = this.rules.containers?.entries;
    if (!en) return NONE;
    const key = map.t === 'map' ? map.key : map.t === 'ext' ? this.containerElement(map, true) : undefined;
    const value = map.t === 'map' ? map.of : map.t === 'ext' ? this.containerElement(map, false) : undefined;
    return key && value ? { t: 'ext', name: en.type, args: [key, value] } : NONE;
  }

  /**
   * A member of a library map or of its entry that the language's entry rule types: an entry's key or value, a
   * map's keys or values (a collection of them); undefined for any other member.
   */
  private entryMember(obj: Val & { t: 'ext' }, name: string): Lazy | Val | undefined {
    const en = this.rules.containers?.entries;
    if (!en || !obj.name || !obj.args) return undefined;
    if (obj.name === en.type && obj.args.length === 2) return name === en.key ? obj.args[0] : name === en.value ? obj.args[1] : undefined;
    if (name !== en.keys && name !== en.values) return undefined;
    if (this.rules.containers!.elements.get(obj.name) !== 1) return undefined;
    const el = this.containerElement(obj, name === en.keys);
    return el ? { t: 'ext', name: en.collection, args: [el] } : undefined;
  }

  /** The library type's name of a value whose members are the library's: a library value, an array, a map, a type the project only adds to. */
  private libraryTypeName(v: Val): string | undefined {
    if (v.t === 'ext') return v.name;
    if (v.t === 'arr') return '[]';
    if (v.t === 'map') return '[:]';
    return v.t === 'inst' && this.w.onlyParts(v.e) ? v.e.name : undefined;
  }

  /**
   * What library type `type`'s member `member` gives (NominalRules.libraryResult), as a value seen from file f: of the
   * project's type of that name where the project only adds to it (Swift's `extension String`), else the library's.
   */
  private libraryValue(f: number, from: number, type: string | undefined, member: string, arg?: string): Val | undefined {
    const result = this.rules.libraryResult?.(type, member, arg);
    if (!result) return undefined;
    // a slice of an element type (Rust's `as_bytes()`, a `[u8]`): an array, whose calls run the project's slice impls
    const slice = /^\[(\w+)\]$/.exec(result);
    if (slice) return { t: 'arr', of: { f, e: { k: 'id', name: slice[1] }, from } };
    const t = this.names.type(f, from, result);
    return t && 'ent' in t && this.w.onlyParts(t.ent) ? this.inst(t.ent, CONFIDENCE['typed-receiver']) : { t: 'ext', name: result };
  }

  /** The element type of a library container value (`List<User>`: User; `Map<K, V>`: V, or K for its keys). */
  private containerElement(v: Val & { t: 'ext' }, key: boolean): Lazy | undefined {
    const c = this.rules.containers;
    if (!c || !v.name || !v.args) return undefined;
    const i = c.elements.get(v.name);
    if (i === undefined) return undefined;
    return key ? v.args[0] : v.args[i];
  }

  /** The object a library call that gives back its receiver is made on (rules.selfResults): `x.apply {}` is x; a bare `apply {}` is `this`. */
  private selfResult(f: number, callee: Expr & { k: 'member' | 'id' }, from: number, depth: number): Val | undefined {
    if (callee.k === 'member') return this.value(f, callee.obj, from, depth + 1);
    if (callee.b !== undefined) return undefined;
    const recv = this.extensionThis(f, from, depth);
    if (recv) return recv;
    const ent = this.names.enclosingTypes(f, from)[0];
    return ent ? this.inst(ent, CONFIDENCE['this-member']) : undefined;
  }

  private callValue(f: number, callee: Expr, from: number, argc: Arity, depth: number, args?: Array<Expr | null>): Val {
    if (callee.k === 'id' && callee.b === undefined && this.rules.builtinResult && this.rules.isBuiltin(callee.name) && !this.names.value(f, from, callee.name)) {
      const b = this.rules.builtinResult(callee.name);
      if (b && 'library' in b) return { t: 'ext', name: b.library };
      const a = b && args ? args['type' in b ? b.type : 'value' in b ? b.value : b.arrayOf] : undefined;
      // an array of literals (Kotlin's `arrayOf("a", "b")`): of the literal's type
      if (b && 'arrayOf' in b) return a?.k === 'lit' && a.type && !a.coll ? { t: 'arr', of: { f, e: { k: 'id', name: a.type }, from } } : NONE;
      if (b && a) return 'type' in b ? this.type(f, a, from, undefined, depth + 1) : this.value(f, a, from, depth + 1);
    }
    const res = this.call(f, callee, from, argc, depth + 1);
    if (('ext' in res || 'unresolved' in res) && (callee.k === 'member' || callee.k === 'id') && this.rules.selfResults?.has(callee.name)) {
      const self = this.selfResult(f, callee, from, depth);
      if (self) return self;
    }
    if ('conversion' in res) return this.inst(res.conversion);
    // a library member called on the receiver of an extension of a library type (`fun Float.f() = toDouble().g()`)
    if (('ext' in res || 'unresolved' in res) && callee.k === 'id' && callee.b === undefined && this.rules.libraryResult) {
      const self = this.extensionThis(f, from, depth);
      const lib = self?.t === 'ext' ? this.libraryValue(f, from, this.libraryTypeName(self), callee.name) : undefined;
      if (lib) return lib;
    }
    if ('unresolved' in res || 'held' in res) {
      // a library member of a type the project only adds to (Swift's `name.lowercased()` with an `extension String`)
      if (callee.k === 'member') {
        const lib = this.libraryValue(f, from, this.libraryTypeName(this.value(f, callee.obj, from, depth + 1)), callee.name);
        if (lib) return lib;
      }
      // a call of a value of a function type (`f EqualFunc` then `f(x, y)`): its declared result
      let v = this.value(f, callee, from, depth + 1);
      if (v.t === 'inst') v = this.underlying(v.e, depth) ?? v;
      return v.t === 'fnval' ? this.lazy(v.returns, depth) : NONE;
    }
    if ('ext' in res) {
      // a library type's initialiser (`String(describing: x)`): a value of that type, with what the project adds to it
      if (callee.k === 'id' && callee.b === undefined && this.rules.typeCall === 'constructor') {
        const t = this.names.type(f, from, callee.name);
        if (t && 'ent' in t && this.w.onlyParts(t.ent)) return this.inst(t.ent, CONFIDENCE.constructor);
        if ((!t || 'ext' in t) && this.rules.libraryConformances?.(callee.name)) return { t: 'ext', name: callee.name };
      }
      if (callee.k === 'member') {
        let recv = this.value(f, callee.obj, from, depth + 1);
        // a static member of a library class named there, no project type (`String.valueOf(x)`): the class's member
        const named = (recv.t === 'none' || (recv.t === 'ext' && !recv.name)) && callee.obj.k === 'id' && !bindsLocal(callee.obj.b) ? callee.obj.name : undefined;
        if (named !== undefined && ((t) => !t || 'ext' in t)(this.names.type(f, from, named))) recv = { t: 'ext', name: named };
        // an operator's result by both operands' library types, where the operand written is one (Kotlin's
        // `count - total`: Int's `minus(Long)`, a Long)
        const arg = args?.length === 1 && args[0] ? this.libraryTypeName(this.value(f, args[0], from, depth + 1)) : undefined;
        const byArg = arg === undefined ? undefined : this.libraryValue(f, from, this.libraryTypeName(recv), callee.name, arg);
        if (byArg) return byArg;
        // a library container's method that gives an element (`users.get(0)`) or the same container
        const c = this.rules.containers;
        if (recv.t === 'ext' && c) {
          if (c.sameMethodsOf?.get(recv.name ?? '')?.has(callee.name)) return recv;
          if (c.elementMethods.has(callee.name)) { const el = this.containerElement(recv, false); if (el) return this.lazy(el, depth); }
          if (c.sameMethods.has(callee.name)) return recv;
        }
        // a library member whose result is one library type (`name.trim()`: a String)
        const lib = this.libraryValue(f, from, this.libraryTypeName(recv), callee.name);
        if (lib) return lib;
      }
      return EXT;
    }
    if (!('targets' in res)) return NONE;
    if (res.ctor) return this.inst(res.ctor, CONFIDENCE.constructor);
    if (!res.targets.length) return NONE;
    const t = res.targets[0];
    const sym = this.w.sym(t);
    if (sym.kind === 'constructor') { const owner = this.m.ownerOf(t); return owner ? this.inst(owner, CONFIDENCE.constructor) : NONE; }
    if (TYPE_LABELS.has(sym.label)) { const ent = this.w.typeOf(t); return ent ? this.inst(ent, CONFIDENCE.constructor) : NONE; }
    // an accessor a symbol declares (a record component): its type
    if (this.rules.accessorKinds?.has(sym.kind)) {
      const subst = res.recv?.t === 'inst' ? this.memberSubst(t, res.recv) : undefined;
      return atReturnConfidence(this.symType(t, depth + 1, subst));
    }
    if (!sym.returns) {
      // no declared result: an expression body's value (Kotlin's `fun dns(x: Dns) = apply { … }`)
      if (!sym.init || (sym.label !== 'Function' && sym.label !== 'Method')) return NONE;
      return atReturnConfidence(this.value(t.f, sym.init, t.s, depth + 1));
    }
    // a result declared as the receiver's own type (PHP's `static`): the type the call is made on
    const r = sym.returns;
    // a result of the function's own type parameter (`<T> T checkNotNull(T ref, …)`): the argument at the first
    // parameter declared as that type (a free name's call keeps its first arguments)
    if (args && r.k === 'id' && bindsLocal(r.b) && !this.w.extra(t).ext && this.w.nominal(t.f).tparams?.includes(bindingIndex(r.b))) {
      const i = sym.params?.findIndex((p) => p?.k === 'id' && p.b === r.b) ?? -1;
      const a = i >= 0 ? args[i] : undefined;
      if (a) return atReturnConfidence(this.value(f, a, from, depth + 1));
    }
    if (r.k === 'id' && r.b === undefined && callee.k === 'member' && callee.obj.k !== 'super' && this.rules.receiverTypeNames?.includes(r.name)) {
      const recv = this.value(f, callee.obj, from, depth + 1);
      if (recv.t === 'type') return this.inst(recv.e, CONFIDENCE['return-type']);
      if (recv.t === 'inst') return atReturnConfidence(recv);
    }
    const subst = res.recv?.t === 'inst' ? this.memberSubst(t, res.recv) : undefined;
    return atReturnConfidence(this.type(t.f, sym.returns, t.s, subst, depth + 1));
  }

  // ---------------------------------------------------------------- calls
  /** What a call's callee runs: the project functions, methods or constructors; outside the project; unknown. */
  call(f: number, callee: Expr, from: number, argc: Arity, depth = 0): CallRes {
    if (depth > MAX_DEPTH) return UNRESOLVED;
    switch (callee.k) {
      // a function named with explicit type arguments (C#'s `Get<T>(x)`): the function of that name
      // (or through a package: Go's `pkg.F[T](x)`)
      case 'generic': return callee.of.k === 'id' || (callee.of.k === 'member' && callee.of.obj.k === 'id' && !bindsLocal(callee.of.obj.b)) ? this.call(f, callee.of, from, argc, depth + 1) : UNRESOLVED;
      // a function named with type arguments that a grammar reads as an element of it (Go's `F[T](x, y)`): the
      // function the name declares; an element of any other value (a slice of functions, a type) stays unresolved
      case 'element': {
        const of = callee.of;
        const named = (of.k === 'id' && !bindsLocal(of.b)) || (of.k === 'member' && of.obj.k === 'id' && !bindsLocal(of.obj.b));
        if (!callee.index || !named) return UNRESOLVED;
        const res = this.call(f, of, from, argc, depth + 1);
        const fns = 'targets' in res && res.targets.length > 0 && !res.ctor && res.targets.every((r) => { const l = this.w.sym(r).label; return l === 'Function' || l === 'Method'; });
        return fns ? res : UNRESOLVED;
      }
      case 'id': {
        if (bindsLocal(callee.b)) {
          const v = this.local(f, bindingIndex(callee.b), from, depth);
          // (Kotlin: a value of a project type with no `invoke` is no callee; `x(…)` is a function named x)
          const yields = this.rules.valuesYieldToFunctions && v.t === 'inst' && !this.m.find(v.e, 'invoke').length;
          if (!yields) return v.t === 'fn' ? { targets: this.fit.byArity(v.rs, argc, false), reason: 'local', c: v.c } : v.t === 'ext' ? EXTERNAL : UNRESOLVED;
        }
        const via = this.implicitMember(f, callee, from, depth);
        if (via) {
          const res = this.call(f, via, from, argc, depth + 1);
          // a receiver lambda's member that cannot take the arguments yields to the enclosing scopes' function that can
          // (Kotlin: `buildCodeString { emit(this) }` in a class with its own `emit(out: CodeWriter)`)
          if (!this.rules.inapplicableMembersYield || !('targets' in res) || !res.targets.length || !this.fit.fitsNone(res.targets, argc)) return res;
          const outer = this.call(f, { ...callee, recv: undefined }, from, argc, depth + 1);
          return 'targets' in outer && outer.targets.length && !this.fit.fitsNone(outer.targets, argc) ? outer : res;
        }
        // inside an extension function a free name is first a member, then an extension, of its receiver
        const self = callee.b === undefined ? this.extensionThis(f, from, depth) : undefined;
        if (self) {
          const res = this.memberCall(f, self, callee.name, argc, 'this-member', depth);
          if ('targets' in res && res.targets.length) return res;
        }
        const found = this.names.callee(f, from, callee.name);
        // (in an extension of a library type, a free name no project scope declares is that type's member)
        if (!found) return this.rules.isBuiltin(callee.name) || self?.t === 'ext' || this.openContext(f, from) || this.rules.rootMembers?.instance.has(callee.name) ? EXTERNAL : UNRESOLVED;
        if ('ext' in found) return EXTERNAL;
        if ('pkg' in found) return UNRESOLVED;
        if ('ent' in found) return this.typeCall(found.ent, argc, found.reason === 'nested' ? 'same-file' : found.reason);
        const fns = found.r.filter((r) => { const l = this.w.sym(r).label; return l === 'Function' || l === 'Method'; });
        if (!fns.length && this.isAccessorCall(found.r, argc)) return { targets: found.r, reason: found.reason, c: CONFIDENCE[found.reason] };
        const aliased = fns.length ? undefined : aliasCall(this.w, found.r, callee.name, (to) => this.call(f, { k: 'id', name: to }, from, argc, depth + 1));
        if (aliased) return aliased;
        if (!fns.length) return this.rules.fieldCalls ? this.heldCall(found.r, found.reason, CONFIDENCE[found.reason], depth) : UNRESOLVED;
        // members that cannot take the call's arguments do not hide a function outside the class that can (Kotlin
        // looks further out for an applicable candidate; where such code compiles elsewhere, no member was meant)
        // overloads: the type's own and inherited ones are chosen among; the inherited when none of its own is picked
        const all = found.reason === 'this-member' && argc !== undefined ? this.names.inheritedOverloads(f, from, callee.name) : [];
        const picked = all.length > fns.length ? this.fit.byArity(all, argc, false).filter((r) => this.fit.takes(r, argc, false)) : [];
        if (picked.length && !picked.some((r) => fns.some((x) => x.f === r.f && x.s === r.s))) return { targets: picked, reason: 'this-member', c: CONFIDENCE['this-member'] };
        if (found.reason === 'this-member' && argc !== undefined && !fns.some((r) => this.fit.takes(r, argc, false))) {
          const outer = this.names.outerValue(f, from, callee.name);
          const ofns = outer && 'r' in outer ? outer.r.filter((r) => { const l = this.w.sym(r).label; return (l === 'Function' || l === 'Method') && this.fit.takes(r, argc, false); }) : [];
          if (outer && 'r' in outer && ofns.length) return { targets: this.fit.byArity(ofns, argc, false), reason: outer.reason, c: CONFIDENCE[outer.reason] };
        }
        // project functions none of which can take the arguments (no literal among them that may convert: `1` may be a Long,
        // `1L` not) yield to the library function of that name (Kotlin's `minOf(a, b)` of two Ints beside a project `minOf(a: Long, b: Int)`)
        if (this.rules.inapplicableMembersYield && this.rules.isBuiltin(callee.name) && typeof argc === 'object'
          && argc.argv?.every((a) => a.k !== 'lit' || (a.type !== undefined && this.rules.exactLiterals?.has(a.type))) && this.fit.fitsNone(fns, argc)) return EXTERNAL;
        const reason: Reason = found.reason;
        return { targets: this.fit.byArity(fns, argc, false), reason, c: CONFIDENCE[reason] };
      }
      case 'this': case 'super': {
        // a constructor's call of another constructor (`this(…)`, `super(…)`)
        const ent = callee.k === 'this' ? (callee.cls >= 0 ? this.w.typeOf({ f, s: callee.cls }) : undefined) : this.superOf(f, callee.cls);
        if (!ent) return callee.k === 'super' && callee.cls >= 0 ? EXTERNAL : UNRESOLVED;
        const ctors = this.constructors(ent);
        return ctors.length ? { targets: this.fit.byArity(ctors, argc, false), reason: callee.k === 'super' ? 'super-member' : 'this-member', c: CONFIDENCE.constructor } : EXTERNAL;
      }
      case 'member': {
        const obj = callee.obj;
        const recv = obj.k === 'super' ? this.superInst(f, obj, callee.name, depth) : this.value(f, obj, from, depth + 1);
        const res = this.memberCall(f, recv, callee.name, argc, obj.k === 'this' ? 'this-member' : obj.k === 'super' ? 'super-member' : undefined, depth);
        if ('targets' in res && res.targets.length) return res;
        const ufcs = this.traitPathCall(f, recv, obj, callee.name, argc, depth);
        if (ufcs) return ufcs;
        for (const pkg of this.relativePackages(f, obj, from)) {
          const p = this.memberCall(f, { t: 'pkg', key: pkg }, callee.name, argc, undefined, depth);
          if ('targets' in p && p.targets.length) return p;
        }
        // a free name the project declares nowhere naming an outside type (NominalRules.outsideReceiver: C#'s \`Assert.Equal(…)\`)
        const outside = 'unresolved' in res && recv.t === 'none' && obj.k === 'id' && obj.b === undefined && !obj.recv && this.rules.outsideReceiver?.(obj.name);
        return outside && !this.names.value(f, from, obj.name) && !this.names.type(f, from, obj.name) ? EXTERNAL : res;
      }
      default: return UNRESOLVED;
    }
  }

  /**
   * The project methods an operator runs (NominalOp): step by step, the first `Trait.method` alternative the value's
   * project type has in a block implementing that trait; the next step is taken on that method's result.
   */
  operatorTargets(f: number, op: NominalOp): SymRef[] {
    const out: SymRef[] = [];
    let v = this.dealias(op.type ? this.type(f, op.obj, op.from) : this.value(f, op.obj, op.from));
    for (const step of op.steps.split('>')) {
      if (v.t !== 'inst') break;
      let hit: SymRef[] = [];
      for (const alt of step.split('|')) {
        const dot = alt.indexOf('.');
        const trait = alt.slice(0, dot), name = alt.slice(dot + 1);
        hit = this.methods(this.m.find(v.e, name)).filter((t) => {
          const parent = this.w.sym(t).parent;
          return parent >= 0 && (this.w.files[t.f].symbols[parent].implements ?? []).some((e) => lastTypeName(e) === trait);
        });
        if (hit.length) break;
      }
      if (!hit.length) continue;
      out.push(...hit);
      const t = hit[0], sym = this.w.sym(t);
      if (!sym.returns) break;
      const r = this.type(t.f, sym.returns, t.s, this.memberSubst(t, v));
      v = this.dealias(r);
    }
    return out;
  }

  /**
   * A library trait's method called by its path with the receiver as first argument (`Ord::cmp(&a, &b)`,
   * `fmt::Display::fmt(&self.0, f)`): the method of that name of the argument's project type, when it has one.
   */
  private traitPathCall(f: number, trait: Val, path: Expr, name: string, argc: Arity, depth: number): CallRes | undefined {
    if (typeof argc !== 'object' || !argc.argv?.length || (trait.t !== 'ext' && trait.t !== 'none')) return undefined;
    const traitName = lastTypeName(path);
    if (!traitName) return undefined;
    const self = this.dealias(this.value(argc.f, argc.argv[0], argc.from, depth + 1));
    if (self.t !== 'inst') return undefined;
    const rest: Arity = { ...argc, n: argc.n - 1, argv: argc.argv.slice(1) };
    const res = this.memberCall(f, self, name, rest, undefined, depth + 1);
    if (!('targets' in res)) return undefined;
    // only the methods of a block implementing that trait (`String::from(x)` is no call of x's own `from`)
    const targets = res.targets.filter((t) => {
      const parent = this.w.sym(t).parent;
      return parent >= 0 && (this.w.files[t.f].symbols[parent].implements ?? []).some((e) => lastTypeName(e) === traitName);
    });
    return targets.length ? { ...res, targets } : undefined;
  }

  /**
   * The packages a qualified name's first segment may stand for where the language reads such names relative to the
   * file's imports and namespace (NominalRules.relativeQualifiedNames): `Stmt\Expr` with `use A\Node\Stmt;`, or
   * `Sub\f()` in namespace A meaning A\Sub\f — also where a class of that name exists beside the namespace.
   */
  private relativePackages(f: number, obj: Expr, from: number): string[] {
    if (!this.rules.relativeQualifiedNames || obj.k !== 'id' || bindsLocal(obj.b)) return [];
    return this.names.relativePackages(f, from, obj.name);
  }

  private superInst(f: number, obj: Expr & { k: 'super' }, member: string, depth: number): Val {
    const cls = obj.cls;
    // `super<Base>.m()`: the supertype named
    if (obj.named) { const t = this.type(f, obj.named, cls, undefined, depth + 1); if (t.t === 'inst' || t.t === 'ext') return t; }
    const b = this.superOf(f, cls);
    if (this.rules.superInterfaces && cls >= 0 && !(b && this.m.find(b, member).length)) {
      // the one direct supertype that has the member (with several, Kotlin needs `super<T>.m()`, read above)
      const ent = this.w.typeOf({ f, s: cls });
      const having = ent ? this.m.bases(ent).filter((x): x is Base & { ent: TypeEnt } => 'ent' in x && this.m.find(x.ent, member).length > 0) : [];
      if (having.length === 1) return this.inst(having[0].ent, CONFIDENCE['super-member']);
    }
    if (b) return this.inst(b, CONFIDENCE['super-member']);
    const ent = cls >= 0 ? this.w.typeOf({ f, s: cls }) : undefined;
    return ent && this.m.hasExternalBase(ent) ? EXT : NONE;
  }

  /**
   * A free name inside receiver lambdas (`x.apply { name }`) as the member of the innermost receiver whose project
   * type has a member (or an extension) of that name (`x.name`); undefined when none has, and the name is looked up as usual.
   */
  implicitMember(f: number, e: Expr & { k: 'id' }, from: number, depth = 0): Expr | undefined {
    if (!e.recv || e.b !== undefined) return undefined;
    for (const r of e.recv) {
      const v = this.dealias(this.value(f, r, from, depth + 1));
      if (v.t === 'inst' && (this.m.find(v.e, e.name).length || this.extension(f, v, e.name, undefined))) return { k: 'member', obj: r, name: e.name };
    }
    return undefined;
  }

  /**
   * `this` inside an extension function (Kotlin's `fun T.f()`), or a lambda in one: a value of the receiver type,
   * aliases seen through and a type parameter read by its bound. Undefined outside one, or inside a class first.
   */
  private extensionThis(f: number, from: number, depth: number): Val | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const syms = this.w.files[f].symbols;
    for (let s = from; s >= 0; s = syms[s].parent) {
      const sym = syms[s];
      if (TYPE_LABELS.has(sym.label)) return undefined;
      const recv = sym.label === 'Function' ? this.w.extra({ f, s }).recv : undefined;
      if (!recv) continue;
      // the receiver is declared: as sure as a class's own `this`
      const v = this.dealias(this.type(f, recv, s, undefined, depth + 1));
      return v.t === 'none' ? undefined : v.t === 'inst' ? { ...v, c: CONFIDENCE['this-member'] } : v;
    }
    return undefined;
  }

  /** A method call on a receiver value. */
  private memberCall(f: number, recv: Val, name: string, argc: Arity, how: Reason | undefined, depth: number): CallRes {
    switch (recv.t) {
      case 'pkg': {
        let rs = this.w.packages.get(recv.key)?.get(name);
        if (!rs && this.rules.pathRoot) {
          const re = this.names.reexported(recv.key, name);
          for (const t of re) if ('ent' in t) return this.typeCall(t.ent, argc, 'import');
          const rr = re.filter((t): t is { r: SymRef } => 'r' in t).map((t) => t.r);
          if (rr.length) rs = rr;
        }
        if (!rs) return EXTERNAL;
        const type = rs.find((r) => TYPE_LABELS.has(this.w.sym(r).label));
        if (type) { const ent = this.w.typeOf(type); if (ent) return this.typeCall(ent, argc, 'import'); }
        const fns = rs.filter((r) => { const l = this.w.sym(r).label; return l === 'Function' || l === 'Method'; });
        if (fns.length) return { targets: this.fit.byArity(fns, argc, false), reason: 'import', c: CONFIDENCE.import };
        return this.rules.fieldCalls ? this.heldCall(rs, 'import', CONFIDENCE.import, depth) : UNRESOLVED;
      }
      case 'type': {
        if (this.libs.answers(recv.e, name)) return EXTERNAL;
        const nested = this.m.nestedType(recv.e, name);
        if (nested) return this.typeCall(nested, argc, 'static-member');
        const fns = this.methods(this.m.findStatic(recv.e, name, !!this.rules.overloads));
        if (fns.length) return { targets: this.fit.byArity(fns, argc, false), reason: 'static-member', c: CONFIDENCE['static-member'] };
        // an alias of a library type (`type B = u32;` then `B::zero()`): the library type's
        const u = this.aliasTarget(recv.e, depth);
        if (u?.t === 'ext' && this.rules.primitiveTraits) return this.memberCall(f, u, name, argc, how, depth + 1);
        // (an alias of a primitive the project adds trait impls to, `type Block = u32;` then `Block::bits()`)
        if (u?.t === 'inst' && u.e !== recv.e && this.rules.primitiveTraits && this.w.onlyParts(u.e)) return this.memberCall(f, { t: 'type', e: u.e }, name, argc, how, depth + 1);
        return this.m.hasExternalBase(recv.e) || this.w.onlyParts(recv.e) || this.rootMember(recv.e, name, true) ? EXTERNAL : UNRESOLVED;
      }
      case 'inst': {
        if (this.libs.answers(recv.e, name)) return EXTERNAL;
        const found = this.m.find(recv.e, name);
        const fns = this.methods(this.rules.overloads ? this.m.findAll(recv.e, name) : found);
        const reason: Reason = how ?? (recv.c <= CONFIDENCE['return-type'] ? 'return-type' : 'typed-receiver');
        if (fns.length && !(this.rules.inapplicableMembersYield && this.fit.fitsNone(fns, argc))) return { targets: this.fit.byArity(fns, argc, false), reason, c: Math.min(recv.c, CONFIDENCE[reason]), recv };
        if (fns.length) {
          // no member takes the arguments: an extension that does is what runs (else the members, as written)
          const ext = this.extension(f, recv, name, argc);
          if (ext && 'targets' in ext && !this.fit.fitsNone(ext.targets, argc, true)) return ext;
          return { targets: this.fit.byArity(fns, argc, false), reason, c: Math.min(recv.c, CONFIDENCE[reason]), recv };
        }
        if (found.length && this.isAccessorCall(found, argc)) return { targets: found, reason, c: Math.min(recv.c, CONFIDENCE[reason]), recv };
        if (found.length) return this.rules.fieldCalls ? this.heldCall(found, reason, Math.min(recv.c, CONFIDENCE[reason]), depth) : UNRESOLVED;
        const ext = this.extension(f, recv, name, argc) ?? this.conformanceCall(f, recv, name, argc);
        if (ext) return ext;
        // an alias's members are its target's
        const u = this.aliasTarget(recv.e, depth);
        if (u) return this.memberCall(f, u, name, argc, how, depth + 1);
        const d = this.derefOf(recv, depth);
        if (d) {
          // the member is the deref target's: the receiver's own `deref` runs first (Rust's auto-deref)
          const r = this.memberCall(f, d, name, argc, how, depth + 1);
          const mut = this.rules.derefMut?.members.has(name) ? this.methods(this.m.find(recv.e, this.rules.derefMut.method)) : [];
          const deref = mut.length ? mut : this.rules.derefMethod ? this.methods(this.m.find(recv.e, this.rules.derefMethod)) : [];
          const implicit = deref.length ? deref : undefined;
          if ('targets' in r && r.targets.length) return implicit ? { ...r, implicit: [...(r.implicit ?? []), ...implicit] } : r;
          if ('ext' in r && implicit) return { ext: true, implicit: [...(r.implicit ?? []), ...implicit] };
        }
        // (a library vector the project adds impls to, `impl BufMut for Vec<u8>`, still derefs to its slice)
        const sd = this.w.onlyParts(recv.e) ? sliceDeref(this.rules, recv.e.name, recv.args, name) : undefined;
        if (sd) { const r = this.memberCall(f, sd, name, argc, how, depth + 1); if ('targets' in r && r.targets.length) return r; }
        // (a type the project only adds to, Rust's `impl Trait for str`, has the members it is declared with outside;
        // an enum's root statics are reached from within it too, PHP's `self::from($v)`)
        return this.m.hasExternalBase(recv.e) || this.w.onlyParts(recv.e) || this.underlying(recv.e, depth)?.t === 'ext' || this.rootMember(recv.e, name, false) || this.rootMember(recv.e, name, true) ? EXTERNAL : UNRESOLVED;
      }
      case 'ext': case 'arr': case 'map': {
        const fns = recv.t === 'arr' ? this.libs.sliceCall(this.lazy(recv.of, depth + 1), name) : this.libs.traitCall(recv, name);
        const own: CallRes | undefined = fns.length ? { targets: this.fit.byArity(fns, argc, false), reason: 'typed-receiver', c: CONFIDENCE.extension, recv: recv.t === 'arr' ? recv : undefined } : undefined;
        const ext = recv.t === 'arr' && own ? own : this.libraryMemberRuns(recv, name, argc) ? EXTERNAL : this.extension(f, recv, name, argc) ?? this.conformanceCall(f, recv, name, argc) ?? own;
        if (ext) return ext;
        const d = this.derefOf(recv, depth) ?? (recv.t === 'ext' ? sliceDeref(this.rules, recv.name, recv.args, name) : undefined);
        if (d) { const r = this.memberCall(f, d, name, argc, how, depth + 1); if ('targets' in r && r.targets.length) return r; }
        return EXTERNAL;
      }
      case 'fn': return EXTERNAL;
      // a field of an anonymous structure holding a function (`tt.fn()`): no project method of that name runs
      case 'shape': return this.holdsFunction(this.memberValue(f, recv, name, -1, depth), depth) ? EXTERNAL : UNRESOLVED;
      default: return UNRESOLVED;
    }
  }

  /** Whether the library type's own member takes the call's one argument (NominalRules.libraryMemberTakes): it runs, no extension. */
  private libraryMemberRuns(recv: Val, name: string, argc: Arity): boolean {
    const takes = this.rules.libraryMemberTakes, a = typeof argc === 'object' && argc.n === 1 ? argc.argv?.[0] : undefined;
    if (!takes || recv.t !== 'ext' || !recv.name || !a || typeof argc !== 'object') return false;
    if (a.k === 'lit') return a.type !== undefined && takes(recv.name, name, a.type, true);
    const v = this.dealias(this.value(argc.f, a, argc.from));
    return v.t === 'ext' && v.name !== undefined && takes(recv.name, name, v.name, false);
  }

  /** Whether a call without arguments names symbols that declare their accessor (NominalRules.accessorKinds). */
  private isAccessorCall(rs: readonly SymRef[], argc: Arity): boolean {
    const kinds = this.rules.accessorKinds;
    const n = typeof argc === 'object' ? argc.n : argc;
    return !!kinds && (n === undefined || n === 0) && rs.every((r) => kinds.has(this.w.sym(r).kind));
  }

  /**
   * A call of fields or variables (no function among them): the first, read, where its declared type is a function
   * type (one written, or a named type or alias of one) or an outside type (a library's function type, Go's
   * `http.HandlerFunc`), or it is set to a function (`var Show = DefaultShow`, which may be set again); unresolved
   * otherwise. No edge to what the value may hold is guessed.
   */
  private heldCall(rs: readonly SymRef[], reason: Reason, c: number, depth: number): CallRes {
    const r = rs[0];
    if (!r || rs.some((x) => { const sym = this.w.sym(x); return sym.label !== 'Property' && sym.label !== 'Variable'; })) return UNRESOLVED;
    return this.holdsFunction(this.symType(r, depth + 1), depth) ? { held: r, reason, c } : UNRESOLVED;
  }

  /** Whether a value's declared type is a function type (one written, a named type or alias of one) or an outside type. */
  private holdsFunction(t: Val, depth: number): boolean {
    let v = this.dealias(t);
    if (v.t === 'inst') v = this.aliasTarget(v.e, depth) ?? this.underlying(v.e, depth) ?? v;
    return v.t === 'fnval' || v.t === 'fn' || v.t === 'ext';
  }

  /** Whether `name` is a member the language's root type (or, for an enum, the enum base) gives type `ent` (NominalRules.rootMembers). */
  private rootMember(ent: TypeEnt, name: string, statics: boolean): boolean {
    const root = this.rules.rootMembers;
    if (!root) return false;
    const isEnum = this.w.sym(ent.parts[0]).label === 'Enum';
    if (statics) return isEnum && root.enumStatic?.has(name) === true;
    return root.instance.has(name) || (isEnum && root.enumInstance?.has(name) === true);
  }

  private methods(rs: SymRef[]): SymRef[] {
    return rs.filter((r) => this.w.sym(r).label === 'Method' || this.w.sym(r).label === 'Function');
  }

  /**
   * An extension function or method named `name` whose receiver type the value has (or a base of it), seen from
   * file f: where top-level names are file-local unless exported (NominalRules.fileLocal), another file's private
   * extension is not seen, and of extensions on one receiver type the file's own hides the others (two seen alike
   * would not compile: the others are of another module).
   */
  private extension(f: number, recv: Val, name: string, argc: Arity): CallRes | undefined {
    const cands = this.w.extensions.get(name);
    if (!cands) return undefined;
    let ok: Array<{ r: SymRef; key: string }> = [];
    for (const r of cands) {
      if (this.rules.fileLocal && r.f !== f && !this.w.sym(r).exported) continue;
      const x = this.w.extra(r);
      const recvType = x.recv ?? this.w.sym(r).params?.[0];
      if (!recvType) continue;
      // an extension declared on an alias applies to what the alias stands for
      const t = this.dealias(this.type(r.f, recvType, r.s));
      const v = this.dealias(recv);
      if (t.t === 'inst' && v.t === 'inst' && this.m.isSubtype(v.e, t.e)) ok.push({ r, key: t.e.fqn });
      else if (t.t === 'ext' && recv.t === 'ext' && t.name && (t.name === recv.name || this.fit.librarySubtype(recv.name, t.name))) ok.push({ r, key: t.name });
    }
    // an extension that cannot take the call's argument count is not what runs (a library method of that name is)
    if (argc !== undefined) ok = ok.filter((c) => this.fit.takes(c.r, argc, true));
    if (!ok.length) return undefined;
    // of extensions on a library type and on its supertypes, the most specific receiver's is what runs
    if (ok.length > 1 && recv.t === 'ext') ok = ok.filter((c) => !ok.some((d) => d.key !== c.key && this.fit.librarySubtype(d.key, c.key)));
    if (this.rules.fileLocal) {
      const own = new Set(ok.filter((c) => c.r.f === f).map((c) => c.key));
      if (own.size) ok = ok.filter((c) => c.r.f === f || !own.has(c.key));
    }
    return { targets: this.fit.byArity(ok.map((c) => c.r), argc, true), reason: 'extension', c: CONFIDENCE.extension, recv };
  }

  /**
   * Members named `name` that the project adds to the library protocols a library type conforms to
   * (NominalRules.libraryConformances): `extension StringProtocol { func f() }` for a String, seen from file f.
   */
  private conformance(f: number, v: Val, name: string): SymRef[] {
    const conforms = this.rules.libraryConformances;
    if (!conforms) return [];
    const typeName = v.t === 'ext' ? v.name : v.t === 'arr' ? '[]' : v.t === 'map' ? '[:]' : v.t === 'inst' && this.w.onlyParts(v.e) ? v.e.name : undefined;
    const protocols = typeName ? conforms(typeName) : undefined;
    if (!protocols) return [];
    for (const p of protocols) {
      const found = this.names.type(f, -1, p);
      if (!found || !('ent' in found) || !this.w.onlyParts(found.ent)) continue;
      const rs = this.m.find(found.ent, name);
      if (rs.length) return rs;
    }
    return [];
  }

  /** A call of a member the project adds to a library protocol the receiver's library type conforms to. */
  private conformanceCall(f: number, recv: Val, name: string, argc: Arity): CallRes | undefined {
    const fns = this.methods(this.conformance(f, recv, name));
    return fns.length ? { targets: this.fit.byArity(fns, argc, false), reason: 'extension', c: CONFIDENCE.extension, recv } : undefined;
  }

  /** A call of a type's name: its constructor (or the type itself), a conversion, or nothing. */
  private typeCall(ent: TypeEnt, argc: Arity, reason: Reason): CallRes {
    if (this.rules.typeCall === 'conversion') return { conversion: ent };
    if (this.rules.typeCall === 'none') return UNRESOLVED;
    // an interface has no constructor: `Comparator { … }` makes a lambda one (Kotlin's SAM constructor), no call
    if (this.w.isInterface(ent)) return { targets: [], reason: 'constructor', c: CONFIDENCE.constructor, ctor: ent };
    const ctors = this.ownConstructors(ent);
    // a type the project only adds to (Swift's `extension String`) is declared outside it: unless one of the
    // project's initialisers fits the call, the outside type's own runs
    if (this.w.onlyParts(ent) && !ctors.some((r) => fitsExactly(this.w, r, argc))) return EXTERNAL;
    const fit = ctors.length ? this.fit.byArity(ctors, argc, false) : [];
    if (fit.length) return { targets: fit, reason: 'constructor', c: Math.min(CONFIDENCE.constructor, CONFIDENCE[reason]), ctor: ent };
    // none declared, or none the call's labels fit (Swift's memberwise initialiser): the type itself
    return { targets: [this.w.primary(ent)], reason: 'constructor', c: CONFIDENCE.constructor, ctor: ent };
  }

  /** The constructors a type declares itself. */
  ownConstructors(ent: TypeEnt): SymRef[] {
    const out: SymRef[] = [];
    for (const rs of ent.members.values()) for (const r of rs) if (this.w.sym(r).kind === 'constructor') out.push(r);
    return out;
  }

  /** The constructors a type declares for its instances (C#'s `static C()` runs once for the type, never for `base()`). */
  instanceConstructors(ent: TypeEnt): SymRef[] {
    return this.ownConstructors(ent).filter((r) => !this.w.sym(r).isStatic);
  }

  /** The constructors that run when a type is created: its own, else (inheritedConstructors) those it inherits. */
  constructors(ent: TypeEnt, depth = 0): SymRef[] {
    const own = this.ownConstructors(ent);
    return own.length ? own : this.inheritedConstructors(ent, depth);
  }

  /**
   * What the default constructor of a class declaring none runs (defaultConstructors): the constructor of no argument
   * of the nearest class up its bases that declares constructors (a base declaring none has a default one too, which
   * passes the call on); nothing where no project class up there declares one (only compilers' code runs).
   */
  defaultConstructorCalls(ent: TypeEnt): SymRef[] {
    let cur = ent;
    for (let depth = 0; depth <= MAX_DEPTH; depth++) {
      const base = this.m.bases(cur).find((b): b is Base & { ent: TypeEnt } => 'ent' in b && b.via === 'extends' && !this.w.isInterface(b.ent));
      if (!base || base.ent === ent) return [];
      // a base whose header declares its constructor runs what that header passes on, which is no symbol here
      if (this.rules.primaryConstructor?.(this.w.sym(this.w.primary(base.ent)))) return [];
      const ctors = this.instanceConstructors(base.ent);
      if (ctors.length) return ctors.filter((r) => this.fit.takes(r, 0, false));
      cur = base.ent;
    }
    return [];
  }

  /** The constructors a type that declares none inherits (inheritedConstructors): its mixins' (PHP's traits), else its parent's. */
  inheritedConstructors(ent: TypeEnt, depth = 0): SymRef[] {
    if (!this.rules.inheritedConstructors || depth > MAX_DEPTH) return [];
    const bases = this.m.bases(ent).filter((b): b is Base & { ent: TypeEnt } => 'ent' in b && (b.via === 'mixin' || b.via === 'extends') && !this.w.isInterface(b.ent));
    for (const b of [...bases.filter((x) => x.via === 'mixin'), ...bases.filter((x) => x.via !== 'mixin')]) {
      const inherited = this.constructors(b.ent, depth + 1);
      if (inherited.length) return inherited;
    }
    return [];
  }

  /**
   * What `new T(…)` runs: T's own constructor for that many arguments, or T itself when it declares none (a T that
   * inherits its constructor is what is created; the class's own edge reaches the inherited one, see index.ts).
   */
  newCall(f: number, type: Expr, from: number, argc: Arity): CallRes {
    const t = this.type(f, type, from);
    if (t.t !== 'inst') return t.t === 'ext' ? EXTERNAL : UNRESOLVED;
    const ctors = this.ownConstructors(t.e);
    if (ctors.length) return { targets: this.fit.byArity(ctors, argc, false), reason: 'constructor', c: CONFIDENCE.constructor, ctor: t.e };
    return { targets: [this.w.primary(t.e)], reason: 'constructor', c: CONFIDENCE.constructor, ctor: t.e };
  }

  /**
   * What declaring a variable of a type with constructor arguments runs (NominalCall.declared, C++'s `A a(1);`): the
   * constructors T declares that take that many arguments; undefined when none does (an aggregate, a library type, a
   * constructor the compiler makes), for such a declaration calls no code of the project.
   */
  declaredCall(f: number, type: Expr, from: number, argc: Arity): CallRes | undefined {
    const t = this.type(f, type, from);
    if (t.t !== 'inst') return undefined;
    let ctors = this.ownConstructors(t.e).filter((r) => this.fit.takes(r, argc, false));
    // a copy or a move (`A b(a);`, `A b(*this);`): the constructor taking an A, the compiler's where T declares none
    if (typeof argc === 'object' && argc.n === 1 && argc.argv?.length === 1) {
      const v = this.value(argc.f, argc.argv[0], argc.from);
      if (v.t === 'inst' && this.m.isSubtype(v.e, t.e)) {
        ctors = ctors.filter((r) => { const p = this.w.sym(r).params?.[0]; const pt = p ? this.type(r.f, p, r.s) : NONE; return pt.t === 'inst' && pt.e === t.e; });
      }
    }
    return ctors.length ? { targets: this.fit.byArity(ctors, argc, false), reason: 'constructor', c: CONFIDENCE.constructor, ctor: t.e } : undefined;
  }

  /** Whether an unknown free name may come from outside the project here (a class with a library base, a wholesale import). */
  private openContext(f: number, from: number): boolean {
    if (this.names.openExternal(f)) return true;
    for (const ent of this.names.enclosingTypes(f, from)) if (this.m.hasExternalBase(ent)) return true;
    return false;
  }
}

const ALIAS_KINDS: ReadonlySet<string> = new Set(['alias']);

const OTHER_EXPR: Expr = { k: 'other' };
const EXTERNAL: CallRes = { ext: true };
const UNRESOLVED: CallRes = { unresolved: true };

/** Whether two values are of one type (the same project type, or the same named library type). */
function sameType(a: Val, b: Val): boolean {
  if (a.t === 'inst' && b.t === 'inst') return a.e === b.e;
  if (a.t === 'ext' && b.t === 'ext') return a.name !== undefined && a.name === b.name;
  return false;
}
