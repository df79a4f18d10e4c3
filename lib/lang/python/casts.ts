/**
 * `x = cast(T, x)` of a name with a declared type: a type checker narrows the declared type to what is assigned, so
 * below such an assignment x is a T (`arg: SupportsKeys | SupportsIKeys` cast to `SupportsKeys`, then `arg.keys()`
 * is SupportsKeys's alone). A T that is no subtype of the declared type is a type error, which leaves the declared
 * type; a name declared `Any` stays `Any` whatever is assigned (the collector leaves those reads alone).
 */
import { bindingIndex, bindsLocal, type Expr, type LocalFact } from '../../extract/facts.ts';
import { holdsProject, union, type Sym, type Val } from './values.ts';

/** True when an assigned value read at a declared name is, or has as one alternative, a `cast(T, …)`. */
export function holdsCast(e: Expr): boolean {
  return e.k === 'as' || (e.k === 'union' && e.types.some((t) => t.k === 'as'));
}

/**
 * What a declared name holds where the values `assigned` reach it (a `cast(T, …)` among them: `value` reads each):
 * each cast's T where it may be assigned to the declared type `declared`, else the declared type.
 */
export function castNarrowed(read: Expr & { k: 'narrowed' }, locals: readonly LocalFact[], declared: () => Val, value: (e: Expr) => Val, derives: (a: Sym, b: Sym) => boolean): Val {
  const assigned = read.type;
  const parts = assigned.k === 'union' ? assigned.types : [assigned];
  // (declared `object`: anything may be assigned; another outside type takes no project instance)
  const of = read.of;
  const type = of.k === 'id' && bindsLocal(of.b) ? locals[bindingIndex(of.b)]?.type : undefined;
  const anything = type?.k === 'id' && type.name === 'object';
  return union(parts.map((p) => {
    const v = value(p);
    if (v.t === 'unknown') return declared();
    // (another value assigned: an outside one keeps the project types declared, as resolve.ts reads it alone)
    if (p.k !== 'as') return v.t === 'ext' && holdsProject(declared()) ? declared() : v;
    const d = declared();
    return anything || assignable(v, d, derives) ? v : d;
  }));
}

/**
 * Whether v may be assigned to a name declared d, as far as the project's classes tell: an instance of a project
 * class only where d has a part that is one of its classes, or that is unknown; anything else is taken as assignable.
 */
function assignable(v: Val, d: Val, derives: (a: Sym, b: Sym) => boolean): boolean {
  if (v.t === 'union') return v.vals.every((x) => assignable(x, d, derives));
  if (v.t !== 'inst') return true;
  const parts = d.t === 'union' ? d.vals : [d];
  return parts.some((x) => x.t === 'unknown' || (x.t === 'inst' && derives(v, x)));
}

/**
 * What a declared name assigned values that give `v` holds: each instance of a project class among them that is no
 * subtype of the declared type (`m: Message` assigned `Reply()`, a type error) is the declared type, as a checker
 * keeps a declared type where the value is not assignable to it. A part of the declared type that is an outside class
 * takes only an instance of a class with an outside base (`data: Mapping` assigned an `Item` takes none); one that is
 * neither (unknown, a container) or a `Protocol` (`interface`) may take any instance, as far as the project's classes
 * tell.
 */
export function assignableOrDeclared(v: Val, declared: () => Val, derives: (a: Sym, b: Sym) => boolean, interface_: (s: Sym) => boolean, outsideBase: (s: Sym) => boolean): Val {
  const parts = v.t === 'union' ? v.vals : [v];
  if (!parts.some((p) => p.t === 'inst')) return v;
  const d = declared();
  const ds = d.t === 'union' ? d.vals : [d];
  if (ds.some((x) => (x.t !== 'inst' && x.t !== 'ext') || (x.t === 'inst' && interface_(x)))) return v;
  const takes = (p: Sym): boolean => ds.some((x) => (x.t === 'ext' ? outsideBase(p) : x.t === 'inst' && derives(p, x)));
  return union(parts.map((p) => (p.t === 'inst' && !takes(p) ? d : p)));
}
