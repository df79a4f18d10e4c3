/**
 * The values Python's resolver reads (lib/lang/python/resolve.ts): what a name, an attribute or a call stands for,
 * and how several alternatives combine.
 */
import type { PyModule } from './modules.ts';

export type Sym = { f: number; s: number };
/** The type arguments of a generic class's instance: TypeVar (its symbol, `file:index`) → what it stands for there. */
export type Env = ReadonlyMap<string, Val>;
/** The Env key of `Self` in a method's declared result: the instance the method is called on (`-> Nodes[Self]`). */
export const SELF_KEY = 'Self';
/**
 * A value: a module; a project symbol (a function, a class object, a method); an instance of a project class; a
 * `super()` proxy; several (union); a container of values; something outside the project; unknown.
 */
export type Val =
  | { t: 'mod'; m: PyModule }
  /** (`env`: a method read on an instance of a generic class, with the class's type arguments) */
  | { t: 'sym'; f: number; s: number; via: Via; env?: Env }
  | { t: 'inst'; f: number; s: number; via: Via; env?: Env }
  | { t: 'super'; f: number; s: number; inst: boolean; after?: Sym }
  | { t: 'union'; vals: Val[] }
  /** (`ret`: what a generator returns when done, `Generator[Y, S, R]`'s R) */
  | { t: 'array'; of: Val; ret?: Val }
  /** (`key`: the keys' type, where an annotation declares it) */
  | { t: 'map'; of: Val; key?: Val }
  | { t: 'list'; items: Val[] }
  /** A method of a builtin container value (`xs.pop`, `d.get`), bound to it: calling it is external, its result known. */
  | { t: 'method'; recv: Val; name: string }
  /** A value declared `Callable[…, R]`: calling it gives `returns` (what it runs is not known). */
  /** (`held`: the function it was given where it is declared, `cb: Callable[[], R] = default`: what a call runs) */
  | { t: 'callable'; returns: Val; held?: Val }
  /** What a `@contextmanager` function's call gives: a context manager whose `__enter__()` is `of`. */
  | { t: 'ctx'; of: Val }
  | { t: 'ext' }
  | { t: 'unknown' };

/** How a value was found: the edge reason and its confidence. */
export type Via = 'same-file' | 'import' | 'module-member' | 'this-member' | 'super-member' | 'typed-receiver' | 'inferred-receiver';


export const UNKNOWN: Val = { t: 'unknown' };
export const EXT: Val = { t: 'ext' };

/** How the class of an instance read through `__class__` or `type(…)` was found: as the instance was. */
export function classVia(via: Via): Via {
  return via === 'this-member' || via === 'typed-receiver' ? via : 'inferred-receiver';
}

/**
 * The class of an instance value (`type[X]`'s X read): each member's class for a union, as `type[A | B]` is
 * `type[A] | type[B]`. `via` replaces the instance's reason when given; `classes` keeps a value that is a class already.
 */
export function classOf(v: Val, via: Via | undefined, classes: boolean): Val {
  if (v.t === 'inst') return { t: 'sym', f: v.f, s: v.s, via: via ?? v.via };
  if (v.t === 'union') return union(v.vals.map((x) => classOf(x, via, classes)));
  return classes && v.t === 'sym' ? v : v.t === 'ext' ? EXT : UNKNOWN;
}

export function withVia(v: Val, via: Via): Val {
  return v.t === 'sym' && v.via === 'module-member' ? { ...v, via } : v;
}

/** Values of several alternatives: one when they agree, else a union (unknown and outside parts dropped when others are known). */
export function union(vals: Val[]): Val {
  const flat: Val[] = [];
  for (const v of vals) {
    if (v.t === 'union') flat.push(...v.vals); else flat.push(v);
  }
  const known = flat.filter((v) => v.t !== 'unknown' && v.t !== 'ext');
  if (known.length === 0) return flat.some((v) => v.t === 'ext') ? EXT : UNKNOWN;
  const out: Val[] = [];
  for (const v of known) {
    if (!out.some((o) => sameVal(o, v))) out.push(v);
  }
  return out.length === 1 ? out[0] : { t: 'union', vals: out };
}

/**
 * What a name narrowed to `v` holds, where its declaration (or what it held before) reads `d` (`declared`, asked only
 * when v may need it): a checker narrows to v's type, but keeps the declared type where v's is the same kind of
 * container or the same generic class with a type argument unknown (`x: list[R] = untyped_list`, `b: Box[R] = Box()`,
 * `isinstance(x, list)` of an `x: list[R] | None`), as it keeps it for an unknown v; each part of a union alike.
 */
export function narrowedTo(v: Val, declared: () => Val): Val {
  if (v.t === 'union') return union(v.vals.map((x) => narrowedTo(x, declared)));
  if (!partlyUnknown(v)) return v;
  const d = declared();
  return (d.t === 'union' ? d.vals : [d]).find((x) => sameKind(v, x)) ?? v;
}

/** Whether a value is, or holds, something of the project (a symbol, an instance, a container of them). */
export function holdsProject(v: Val): boolean {
  switch (v.t) {
    case 'sym': case 'inst': return true;
    case 'union': return v.vals.some(holdsProject);
    case 'array': case 'map': return holdsProject(v.of);
    case 'list': return v.items.some(holdsProject);
    default: return false;
  }
}

/**
 * Whether a container or instance has an element or type argument that is unknown; an instance without type arguments
 * counts as such only itself (`Box()`), not as an element (`list[Sub]` is known: a checker narrows a `Sequence[Base]`
 * to it).
 */
function partlyUnknown(v: Val, element = false): boolean {
  const unknown = (x: Val): boolean => x.t === 'unknown' || partlyUnknown(x, true);
  if (v.t === 'array') return unknown(v.of);
  if (v.t === 'map') return unknown(v.of) || (!!v.key && unknown(v.key));
  if (v.t === 'inst') return v.env ? [...v.env.values()].some(unknown) : !element;
  return false;
}

/** Whether `d` is the same kind of container as `v`, or an instance of the same class with its type arguments. */
function sameKind(v: Val, d: Val): boolean {
  if (v.t === 'inst') return d.t === 'inst' && d.f === v.f && d.s === v.s && !!d.env;
  // (a tuple of known parts is what `isinstance(x, tuple)` narrows an `x: tuple[A, B] | None` to)
  return (v.t === 'array' && d.t === 'list') || ((v.t === 'array' || v.t === 'map') && d.t === v.t);
}

export function sameVal(a: Val, b: Val): boolean {
  if (a.t !== b.t) return false;
  if ((a.t === 'sym' || a.t === 'inst') && (b.t === 'sym' || b.t === 'inst')) return a.f === b.f && a.s === b.s;
  if (a.t === 'mod' && b.t === 'mod') return a.m.file === b.m.file && a.m.dir === b.m.dir;
  return false;
}
