/**
 * How an array argument fits a parameter, where the language says which library types an array is
 * (NominalRules.arraySupertypes: Java's Object, Cloneable, Serializable): at an array parameter by its element type
 * (arrays of references are covariant, arrays of NominalRules.invariantElements are of that element alone), at a
 * variadic one passed whole, its elements against the parameter's type.
 */
import { bindsLocal, type Expr } from '../../extract/facts.ts';
import type { Members } from './members.ts';
import type { NominalRules } from './rules.ts';
import type { Lazy, Val } from './values.ts';
import type { SymRef } from './world.ts';

/** What the fits read of the value evaluator. */
export interface FitContext {
  rules: NominalRules;
  members: Members;
  /** A lazy type's value, aliases seen through. */
  valueOf(l: Lazy): Val;
  /** The type of r's parameter p, aliases seen through. */
  typeOf(r: SymRef, p: Expr): Val;
  /** The index of r's variadic parameter, if it has one. */
  restIndex(r: SymRef): number | undefined;
  sameShape(a: Val, b: Val): boolean;
  /** Whether two known library types are neither the other's supertype. */
  notSupertype(a: string, b: string): boolean;
  /** Whether library type `sub` is known to have `sup` among its supertypes. */
  librarySubtype(sub: string, sup: string): boolean;
}

/**
 * How an array argument fits r's `i`th parameter p under NominalRules.arraySupertypes: -1 not at all, else a score;
 * at the variadic one it is passed whole, its elements against p's type (or bound: `<T extends P> f(T... xs)`).
 */
export function arrayFit(cx: FitContext, r: SymRef, p: Expr, got: Val & { t: 'arr' }, i: number): number {
  const want = cx.typeOf(r, p);
  const el = cx.valueOf(got.of);
  // (a library parameter type by its simple name, as arraySupertypes lists them)
  const wantName = want.t === 'ext' && want.name ? want.name.slice(want.name.lastIndexOf('.') + 1) : undefined;
  if (cx.restIndex(r) !== i) {
    if (want.t === 'arr') return cx.sameShape(got, want) ? elementFit(cx, got.of, want.of, 0) : -1;
    return want.t === 'inst' || (wantName !== undefined && !cx.rules.arraySupertypes!.has(wantName)) ? -1 : 0;
  }
  if (el.t === 'inst' && want.t === 'inst') return el.e === want.e ? 2 : cx.members.isSubtype(el.e, want.e) ? 1 : -1;
  if (el.t === 'inst' && want.t === 'ext' && want.name) return cx.members.hasExternalBaseNamed(el.e, want.name) ? 1 : 0;
  if (el.t === 'ext' && want.t === 'ext' && !!el.name && el.name === want.name) return 2;
  // an array of primitives passed at another element type's variadic parameter is one element of it: only a
  // supertype of arrays takes it (`f(Object... xs)`), not `f(boolean... xs)` for a `byte[]`
  return invariantMismatch(cx, el, want, isTypeParam(got.of), isTypeParam({ f: r.f, e: p, from: r.s })) && !(wantName && cx.rules.arraySupertypes!.has(wantName)) ? -1 : 0;
}

/**
 * How an array of element type `a` fits an array parameter of element type `b` (arrays of references are
 * covariant): 2 the same type or unknown, 1 to 1.5 a supertype's (the nearer of a library type's known supertypes
 * the more: a `String[]` takes `CharSequence[]` before `Object[]`), -1 not at all.
 */
function elementFit(cx: FitContext, aL: Lazy, bL: Lazy, depth: number): number {
  const a = cx.valueOf(aL), b = cx.valueOf(bL);
  if (invariantMismatch(cx, a, b, isTypeParam(aL), isTypeParam(bL))) return -1;
  if (a.t === 'ext' && b.t === 'ext' && a.name && b.name) {
    if (a.name === b.name) return 2;
    if (cx.notSupertype(a.name, b.name) || cx.librarySubtype(b.name, a.name)) return -1;
    const supers = cx.rules.librarySupertypes?.get(a.name);
    const at = supers ? supers.indexOf(b.name) : -1;
    return at < 0 ? 1 : 1 + 0.5 * (1 - at / supers!.length);
  }
  if (a.t === 'inst' && b.t === 'inst') return a.e === b.e ? 2 : cx.members.isSubtype(a.e, b.e) ? 1 : -1;
  // a library type is no project type's subtype; a project type may have a library base
  if (a.t === 'ext' && a.name && b.t === 'inst') return -1;
  if (a.t === 'inst' && b.t === 'ext' && b.name) return 1;
  if (a.t === 'arr' && b.t === 'arr' && depth < 4) return elementFit(cx, a.of, b.of, depth + 1);
  return 2;
}

/**
 * Whether an array of element type `a` is surely no array of element type `b` by NominalRules.invariantElements
 * (either is such a type and the two differ: a `byte[]` is no `boolean[]`, no `Integer[]` and no `T[]`; `aRef`, `bRef`:
 * the element is a type parameter, which stands for references only).
 */
function invariantMismatch(cx: FitContext, a: Val, b: Val, aRef: boolean, bRef: boolean): boolean {
  const invariant = cx.rules.invariantElements;
  if (!invariant) return false;
  const prim = (v: Val): string | undefined => (v.t === 'ext' && v.name && invariant.has(v.name) ? v.name : undefined);
  const pa = prim(a), pb = prim(b);
  if (pa === undefined && pb === undefined) return false;
  if (pa !== undefined && pb !== undefined) return pa !== pb;
  // a primitive against a known other type (a project class, a named library type); an unknown or a type
  // parameter decides nothing
  const other = pa !== undefined ? b : a;
  return (pa !== undefined ? bRef : aRef) || other.t === 'inst' || other.t === 'arr' || (other.t === 'ext' && !!other.name);
}

/** Whether a type expression names a type parameter (a reference type wherever a language has primitives apart). */
function isTypeParam(l: Lazy): boolean {
  return l.e.k === 'id' && bindsLocal(l.e.b);
}
