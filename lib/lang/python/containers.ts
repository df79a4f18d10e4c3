/** What the methods of Python's builtin containers give, from what they hold (typeshed's list, deque, set and dict). */
import { EXT, UNKNOWN, classVia, sameVal, union, type Val } from './values.ts';

/** The methods of builtin containers whose result is known from the elements (containerResult). */
export const CONTAINER_METHODS: ReadonlySet<string> = new Set(['pop', 'popleft', 'copy', 'get', 'setdefault', 'keys', 'values', 'items', 'popitem', '__getitem__']);

/** What method `name` of a builtin container value gives (an outside value where the elements say nothing). */
export function containerResult(recv: Val, name: string): Val {
  switch (recv.t) {
    case 'array': return name === 'copy' ? recv : name === 'pop' || name === 'popleft' || name === '__getitem__' ? recv.of : EXT;
    case 'map':
      switch (name) {
        case 'get': case 'pop': case 'setdefault': case '__getitem__': return recv.of;
        case 'values': return { t: 'array', of: recv.of };
        case 'keys': return { t: 'array', of: recv.key ?? EXT };
        case 'items': return { t: 'array', of: { t: 'list', items: [recv.key ?? EXT, recv.of] } };
        case 'popitem': return { t: 'list', items: [recv.key ?? EXT, recv.of] };
        case 'copy': return recv;
        default: return EXT;
      }
    case 'union': return union(recv.vals.map((v) => containerResult(v, name)));
    default: return EXT;
  }
}

/** Builtins that make an empty container when called without arguments: a checker's `list[Unknown]`, `dict[Unknown, Unknown]`. */
const EMPTY_CONTAINERS: Readonly<Record<string, Val>> = {
  list: { t: 'array', of: UNKNOWN }, set: { t: 'array', of: UNKNOWN }, frozenset: { t: 'array', of: UNKNOWN },
  tuple: { t: 'array', of: UNKNOWN }, dict: { t: 'map', of: UNKNOWN },
};

/** Builtins that make a container of an iterable's elements (`sorted` a list), whatever those are. */
const MADE_CONTAINERS: ReadonlySet<string> = new Set(['list', 'tuple', 'set', 'frozenset', 'sorted']);

/**
 * What a call of builtin `name` makes of its arguments' values (`null`: a splat): a builtin over an iterable (`next(it)`,
 * `sorted(xs)`, `enumerate(xs)`, `zip(xs, ys)`) of the elements (`elementOf`), `dict(m)` a copy of a dict, `type(x)` the
 * class of an instance, an empty container; undefined where the call says nothing of that kind.
 */
export function builtinResult(name: string, args: ReadonlyArray<Val | null>, elementOf: (v: Val) => Val): Val | undefined {
  if (args.length === 0) return EMPTY_CONTAINERS[name];
  // `filter(f, xs)`: the elements of xs that f keeps
  if (name === 'filter') return args[1] ? { t: 'array', of: elementOf(args[1]) } : undefined;
  const arg = args[0];
  if (!arg) return undefined;
  // `zip(xs, ys)`: tuples of their elements, by position (a literal's, or after a splat: unknown)
  if (name === 'zip') return { t: 'array', of: { t: 'list', items: args.map((a) => (a ? elementOf(a) : EXT)) } };
  if (name === 'dict') return dictOf(arg);
  return overIterable(name, arg, elementOf);
}

/**
 * `dict(x)`: a copy of a dict; a dict of the (key, value) pairs an iterable holds; an outside mapping's copy holds
 * outside values; unknown values from anything else.
 */
function dictOf(arg: Val): Val {
  if (arg.t === 'map') return arg;
  if (arg.t === 'ext') return { t: 'map', of: EXT };
  const pairs = arg.t === 'array' ? (arg.of.t === 'union' ? arg.of.vals : [arg.of]) : arg.t === 'list' ? arg.items : [];
  if (!pairs.length || !pairs.every((p) => p.t === 'list' && p.items.length === 2)) return { t: 'map', of: UNKNOWN };
  const items = pairs as Array<Val & { t: 'list' }>;
  return { t: 'map', key: union(items.map((p) => p.items[0])), of: union(items.map((p) => p.items[1])) };
}

function overIterable(name: string, arg: Val, elementOf: (v: Val) => Val): Val {
  // `type(x)`: the class of an instance (`type(self)(…)` makes another instance of it)
  if (name === 'type') return arg.t === 'inst' ? { t: 'sym', f: arg.f, s: arg.s, via: classVia(arg.via) } : arg.t === 'union' ? union(arg.vals.map((v) => overIterable(name, v, elementOf))) : EXT;
  // (a dict iterates over its keys: a library value where its annotation names none)
  const el = arg.t === 'map' ? arg.key ?? EXT : elementOf(arg);
  switch (name) {
    case 'next': case 'min': case 'max': case 'anext': return el;
    case 'enumerate': return { t: 'array', of: { t: 'list', items: [EXT, el] } };
    // (a list, tuple or set is made whatever it holds, `list[Unknown]` to a checker: its own methods are the builtin's)
    default: return el.t === 'unknown' && !MADE_CONTAINERS.has(name) ? UNKNOWN : { t: 'array', of: el };
  }
}

/**
 * `xs[a:b]`: a list's or a string's slice is of its own type; a tuple's, a sequence of its parts where they agree; a
 * project class's, what its `__getitem__` gives (`index`).
 */
export function sliceOf(of: Val, index: (v: Val) => Val): Val {
  switch (of.t) {
    case 'array': case 'ext': return of;
    case 'list': return of.items.length && of.items.every((v) => sameVal(v, of.items[0]) || (v.t === 'ext' && of.items[0].t === 'ext')) ? { t: 'array', of: of.items[0] } : UNKNOWN;
    case 'union': return union(of.vals.map((v) => sliceOf(v, index)));
    case 'inst': return index(of);
    default: return UNKNOWN;
  }
}

/**
 * `a + b` of two sequences (list or tuple displays, values of sequence types): a tuple display's parts after the
 * other's, else a sequence of either's elements (`list[A] + list[B]` is `list[A | B]` to a checker); undefined when
 * either is no sequence.
 */
export function concatenated(left: Val, right: Val): Val | undefined {
  const seq = (v: Val): boolean => (v.t === 'array' && !v.ret) || v.t === 'list';
  if (!seq(left) || !seq(right)) return undefined;
  // (an empty display takes the other's type: `xs + []`)
  if (left.t === 'list' && !left.items.length) return right;
  if (right.t === 'list' && !right.items.length) return left;
  if (left.t === 'list' && right.t === 'list') return { t: 'list', items: [...left.items, ...right.items] };
  const parts = (v: Val): Val[] => (v.t === 'list' ? v.items : v.t === 'array' ? [v.of] : []);
  const known = (xs: Val[]): boolean => !xs.some((v) => v.t === 'unknown');
  // (the left's elements unknown: nothing known; the right's: the left's type, as a checker picks `list.__add__`'s
  // first overload, `(list[T]) -> list[T]`, which takes a `list[Unknown]`)
  if (!known(parts(left))) return undefined;
  return { t: 'array', of: union(known(parts(right)) ? [...parts(left), ...parts(right)] : parts(left)) };
}

/** `yield from g`: what the generator g returns (`Generator[Y, S, R]`'s R); unknown for anything else. */
export function generatorResult(v: Val): Val {
  if (v.t === 'union') return union(v.vals.map((x) => generatorResult(x)));
  return v.t === 'array' && v.ret ? v.ret : UNKNOWN;
}
