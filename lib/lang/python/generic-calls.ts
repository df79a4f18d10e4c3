/**
 * A call of a function generic in a TypeVar gives what its arguments bind, as a type checker solves it: `def
 * first(xs: Sequence[T]) -> T` called with a `list[Item]` gives an Item, `def wrap(x: T) -> Box[T]` a Box of the
 * argument's class, `def make(kind: type[T]) -> T` an instance of the class passed. The collector keeps a generic
 * function's parameter types (`genericParams`); the resolver matches the call's arguments against them
 * (`solveTypeVars`) and reads the declared result with the TypeVars so bound.
 */
import type { Expr } from '../../extract/facts.ts';

/** The names an annotation reads (`Sequence[T]`: Sequence, T), into `out`. */
function annotationIds(e: Expr, out: Set<string>): void {
  switch (e.k) {
    case 'id': out.add(e.name); return;
    case 'union': for (const t of e.types) annotationIds(t, out); return;
    case 'array': annotationIds(e.of, out); return;
    case 'map': annotationIds(e.of, out); if (e.key) annotationIds(e.key, out); return;
    case 'list': for (const t of e.items) annotationIds(t, out); return;
    case 'generic': annotationIds(e.of, out); for (const t of e.args) annotationIds(t, out); return;
    case 'typeof': annotationIds(e.of, out); return;
    case 'fntype': annotationIds(e.returns, out); return;
    default: return;
  }
}

/**
 * The declared types of a function's parameters, by position (null where none), when its declared result reads a
 * name one of them also reads and `isTypeVar` says may be a TypeVar; undefined otherwise (nothing to solve).
 */
export function genericParams(returns: Expr, params: Array<Expr | null>, isTypeVar: (name: string) => boolean): Array<Expr | null> | undefined {
  const inResult = new Set<string>();
  annotationIds(returns, inResult);
  const names = new Set<string>();
  for (const p of params) if (p) annotationIds(p, names);
  for (const n of names) if (inResult.has(n) && isTypeVar(n)) return params.slice(0, 8);
  return undefined;
}

type Sym = { f: number; s: number };

/** The values the resolver evaluates, as far as solving reads them (resolve.ts's `Val`). */
export type SolveVal =
  | { t: 'sym'; f: number; s: number }
  | { t: 'inst'; f: number; s: number; env?: ReadonlyMap<string, unknown> }
  | { t: 'union'; vals: SolveVal[] }
  | { t: 'array'; of: SolveVal }
  | { t: 'map'; of: SolveVal; key?: SolveVal }
  | { t: 'list'; items: SolveVal[] }
  | { t: 'ext' }
  | { t: 'unknown' }
  | { t: string };

/** What solving asks the resolver. */
export interface SolveHost<V> {
  /** The key of the TypeVar name `e` names in file f, if it names one. */
  typeVarKey(f: number, e: Expr & { k: 'id' }): string | undefined;
  /** The class an annotation's base names (`Box` of `Box[T]`). */
  classNamed(f: number, e: Expr): Sym | undefined;
  /** The keys of class k's TypeVars, in order, and what each stands for in instance v (through its bases). */
  typeArgs(v: V, k: Sym): Array<[string, V | undefined]>;
  /** What calling function value v gives. */
  resultOf(v: V): V;
  /** True when class a is class b or derives from it. */
  derives(a: Sym, b: Sym): boolean;
  isClass(f: number, s: number): boolean;
}

/**
 * The TypeVars of the annotations `params` (file f) that the argument values `args` bind, by TypeVar key: several
 * bindings of one TypeVar (`pick(a: T, b: T)`) give the widest of them, else their union.
 */
export function solveTypeVars<V extends SolveVal>(host: SolveHost<V>, f: number, params: ReadonlyArray<Expr | null>, args: ReadonlyArray<V | undefined>): Map<string, V[]> {
  const out = new Map<string, V[]>();
  const bind = (t: Expr, v: V, depth: number): void => {
    if (depth > 8 || v.t === 'unknown') return;
    switch (t.k) {
      case 'id': {
        const key = host.typeVarKey(f, t);
        if (key === undefined) return;
        const l = out.get(key);
        if (l) l.push(v);
        else out.set(key, [v]);
        return;
      }
      case 'typeof': {
        // `type[T]` given a class: T is its instance
        if (v.t === 'sym') {
          const c = v as V & { f: number; s: number };
          if (host.isClass(c.f, c.s)) bind(t.of, { t: 'inst', f: c.f, s: c.s, via: 'inferred-receiver' } as unknown as V, depth + 1);
        } else if (v.t === 'union') for (const x of (v as V & { vals: V[] }).vals) bind(t, x, depth + 1);
        return;
      }
      case 'union': {
        // `Optional[T]`, `T | None`: the one type that is not None
        const real = t.types.filter((x) => x.k !== 'lit');
        if (real.length === 1) bind(real[0], v, depth + 1);
        return;
      }
      case 'array':
        if (v.t === 'array') bind(t.of, (v as V & { of: V }).of, depth + 1);
        else if (v.t === 'map') { const key = (v as V & { key?: V }).key; if (key) bind(t.of, key, depth + 1); }
        return;
      case 'map':
        if (v.t === 'map') {
          const m = v as V & { of: V; key?: V };
          bind(t.of, m.of, depth + 1);
          if (t.key && m.key) bind(t.key, m.key, depth + 1);
        }
        return;
      case 'list':
        if (v.t === 'list') {
          const items = (v as V & { items: V[] }).items;
          if (items.length === t.items.length) t.items.forEach((x, i) => bind(x, items[i], depth + 1));
        }
        return;
      case 'generic': {
        // `Box[T]` given a Box[Item] (or an instance of a class deriving from Box[Item])
        if (v.t !== 'inst') return;
        const k = host.classNamed(f, t.of);
        if (!k) return;
        const args = host.typeArgs(v, k);
        args.forEach(([, a], i) => { if (a && t.args[i]) bind(t.args[i], a, depth + 1); });
        return;
      }
      case 'fntype':
        // `Callable[…, T]` given a function: T is what it returns
        if (v.t === 'sym') bind(t.returns, host.resultOf(v), depth + 1);
        return;
      default: return;
    }
  };
  params.forEach((p, i) => { const a = args[i]; if (p && a) bind(p, a, 0); });
  for (const [key, vals] of out) out.set(key, widest(host, vals));
  return out;
}

/** The values a TypeVar is bound to, without those another derives from (`pick(Base(), Derived())`: a Base). */
function widest<V extends SolveVal>(host: SolveHost<V>, vals: V[]): V[] {
  const insts = vals.filter((v): v is V & { f: number; s: number } => v.t === 'inst');
  return vals.filter((v, i) => {
    if (vals.indexOf(v) !== i) return false;
    if (v.t !== 'inst') return true;
    const c = v as V & { f: number; s: number };
    const first = insts.findIndex((o) => o.f === c.f && o.s === c.s);
    if (insts[first] !== v) return false;
    return !insts.some((o) => (o.f !== c.f || o.s !== c.s) && host.derives(c, o));
  });
}

/**
 * A generic class's own TypeVars as `self` reads them in the class's own methods, by key: each bounded one its bound
 * (a checker's `T@Builder`, whose members are the bound's: `self.config.build()` of a property `-> ConfigT`, `ConfigT`
 * bound to `Config`); undefined when none has a bound. `typeVar` reads a type parameter as written, `bound` a bound.
 */
export function ownBounds<V>(params: readonly Expr[] | undefined, typeVar: (p: Expr & { k: 'id' }) => { key: string; f: number; bound: Expr | null } | undefined, bound: (f: number, t: Expr) => V): Map<string, V> | undefined {
  let env: Map<string, V> | undefined;
  for (const p of params ?? []) {
    const tv = p.k === 'id' ? typeVar(p) : undefined;
    if (tv?.bound) (env ??= new Map()).set(tv.key, bound(tv.f, tv.bound));
  }
  return env;
}
