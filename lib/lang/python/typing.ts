/**
 * The generic names of `typing`, `collections.abc` and the builtins that an annotation reads through: what each
 * makes of its arguments (lib/lang/python/collect.ts turns `Optional[X]` into a union, `list[X]` into an array, …).
 */

import type { Expr } from '../../extract/facts.ts';
import type { ConditionReader } from './conditions.ts';
import { keywordArgument } from './tree.ts';

export type AnnotationKind = 'optional' | 'union' | 'array' | 'generator' | 'tuple' | 'map' | 'class' | 'inner' | 'coroutine' | 'callable' | 'any';

export const annotationNames: Readonly<Record<string, AnnotationKind>> = {
  Optional: 'optional',
  Union: 'union',
  // sequences and iterables: their elements
  list: 'array', List: 'array', Sequence: 'array', MutableSequence: 'array', Iterable: 'array', Iterator: 'array',
  Collection: 'array', set: 'array', Set: 'array', frozenset: 'array', FrozenSet: 'array', AbstractSet: 'array',
  MutableSet: 'array', AsyncIterator: 'array', AsyncIterable: 'array', AsyncGenerator: 'array',
  Deque: 'array', deque: 'array', KeysView: 'array', ValuesView: 'array', Reversible: 'array',
  // a generator: its elements, and what it returns (`yield from` it)
  Generator: 'generator',
  tuple: 'tuple', Tuple: 'tuple',
  // mappings: their values
  dict: 'map', Dict: 'map', Mapping: 'map', MutableMapping: 'map', DefaultDict: 'map', defaultdict: 'map',
  OrderedDict: 'map', ChainMap: 'map', Counter: 'map',
  type: 'class', Type: 'class',
  ClassVar: 'inner', Final: 'inner', Annotated: 'inner', Required: 'inner', NotRequired: 'inner', ReadOnly: 'inner',
  // what awaiting one gives: `Awaitable[R]`'s argument, `Coroutine[Y, S, R]`'s last (its first two are what it
  // yields and is sent, as a generator's)
  Awaitable: 'inner', Coroutine: 'coroutine',
  Callable: 'callable',
  Any: 'any',
};

/**
 * The modules whose names an annotation reads through (`typing.Optional`, `t.List`, `collections.abc.Iterable`), as
 * imported: `_t.Iterator` after `import typing as _t` is typing's (collect.ts `canonical`).
 */
export const TYPING_MODULES: ReadonlySet<string> = new Set(['typing', 't', 'typing_extensions', 'collections.abc', 'abc', 'collections']);

/** True for a name annotationNames knows. */
export function isTypingName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(annotationNames, name);
}

/** `@overload` as imported (collect.ts `canonical`): typing's (also through the common `t` alias) or typing_extensions'. */
const OVERLOAD_DECORATORS: ReadonlySet<string> = new Set(['overload', 'typing.overload', 't.overload', 'typing_extensions.overload']);

/** True for a decorator's text that makes a def an `@overload` signature. */
export function isOverloadDecorator(text: string): boolean {
  return OVERLOAD_DECORATORS.has(text);
}

/** True for the symbol kind collect gives an `@overload` signature (the checker's view only; the next def runs). */
export function isSignatureKind(kind: string): boolean {
  return kind === 'function_signature' || kind === 'method_signature';
}

/** Base classes that make a class an Enum. */
export const ENUM_BASES: ReadonlySet<string> = new Set(['Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag']);

/**
 * Annotation e with every name `name` in it (a TypeVar) replaced by `by`: `list[T]` of a method whose `self` is a T
 * is a list of the receiver's instances. Only the type shapes an annotation makes are followed.
 */
export function replaceName(e: Expr, name: string, by: Expr): Expr {
  switch (e.k) {
    case 'id': return e.name === name ? by : e;
    case 'union': return { ...e, types: e.types.map((t) => replaceName(t, name, by)) };
    case 'array': return e.returns ? { ...e, of: replaceName(e.of, name, by), returns: replaceName(e.returns, name, by) } : { ...e, of: replaceName(e.of, name, by) };
    case 'map': return e.key ? { ...e, of: replaceName(e.of, name, by), key: replaceName(e.key, name, by) } : { ...e, of: replaceName(e.of, name, by) };
    case 'list': return { ...e, items: e.items.map((t) => replaceName(t, name, by)) };
    case 'generic': return { ...e, args: e.args.map((t) => replaceName(t, name, by)) };
    case 'typeof': return { ...e, of: replaceName(e.of, name, by) };
    case 'fntype': return { ...e, returns: replaceName(e.returns, name, by) };
    default: return e;
  }
}

/** True when annotation e reads `Self` (or a method's self TypeVar, which the collector made `Self`) anywhere in it. */
export function readsSelf(e: Expr): boolean {
  switch (e.k) {
    case 'this': return true;
    case 'union': return e.types.some(readsSelf);
    case 'array': case 'map': return readsSelf(e.of) || (e.k === 'map' && !!e.key && readsSelf(e.key));
    case 'list': return e.items.some(readsSelf);
    case 'generic': return e.args.some(readsSelf);
    case 'fntype': return readsSelf(e.returns);
    default: return false;
  }
}

/**
 * What a typing generic makes of its argument types `ts` (the written arguments but parameter lists, `count` of them
 * in all; `variadic`: the second is `...`, `tuple[X, ...]`).
 */
export function typingAnnotation(kind: AnnotationKind, ts: Expr[], count: number, variadic: boolean): Expr {
  const other: Expr = { k: 'other' };
  switch (kind) {
    case 'optional': return { k: 'union', types: [ts[0] ?? other, { k: 'lit' }] };
    case 'union': return { k: 'union', types: ts };
    case 'array': return { k: 'array', of: ts[0] ?? other };
    case 'generator': return ts[2] ? { k: 'array', of: ts[0] ?? other, returns: ts[2] } : { k: 'array', of: ts[0] ?? other };
    case 'tuple': return ts.length === 2 && count === 2 && variadic ? { k: 'array', of: ts[0] } : { k: 'list', items: ts };
    case 'map': return { k: 'map', of: ts[1] ?? other, key: ts[0] };
    case 'class': return { k: 'typeof', of: ts[0] ?? other };
    case 'inner': return ts[0] ?? other;
    case 'coroutine': return ts[2] ?? other;
    case 'callable': return { k: 'fntype', returns: ts[ts.length - 1] ?? other };
    case 'any': return { k: 'any' };
    default: return other;
  }
}

/**
 * A generic class's type parameters as written: `Generic[T, U]`'s (or `Protocol[T]`'s) arguments, else every name in
 * its bases' type arguments, in order (the resolver keeps those that name TypeVars).
 */
export function typeParamsOf(baseTexts: readonly string[], baseArgs: ReadonlyArray<Expr[] | null>): Expr[] {
  const last = (t: string): string => t.slice(t.lastIndexOf('.') + 1);
  const k = baseTexts.findIndex((t, i) => (last(t) === 'Generic' || last(t) === 'Protocol') && baseArgs[i]);
  if (k >= 0) return baseArgs[k]!.filter((a) => a.k === 'id');
  const out: Expr[] = [];
  const walk = (e: Expr): void => {
    if (e.k === 'id') { if (!out.some((o) => o.k === 'id' && o.name === e.name)) out.push(e); }
    else if (e.k === 'generic') e.args.forEach(walk);
    else if (e.k === 'union') e.types.forEach(walk);
    else if (e.k === 'array' || e.k === 'map') walk(e.of);
  };
  for (const a of baseArgs) a?.forEach(walk);
  return out;
}

/** `TypeVar` as imported. */
const TYPE_VARS: ReadonlySet<string> = new Set(['typing.TypeVar', 'typing_extensions.TypeVar']);

/**
 * The bound of `TypeVar("T", bound=B)` (call node `call`): B as written (a dotted name, or one in a string) read
 * through `name` where the TypeVar is made, null without one; undefined when the call makes no TypeVar.
 */
export function typeVarBound(r: ConditionReader & { stringText(i: number): string | undefined }, call: number, name: (n: string) => Expr): Expr | null | undefined {
  if (!TYPE_VARS.has(r.canonical(r.child(call, 'function')) ?? '')) return undefined;
  const args = r.child(call, 'arguments');
  const kw = keywordArgument(r, args, 'bound');
  const v = kw < 0 ? -1 : r.child(kw, 'value');
  const text = v < 0 ? undefined : r.type(v) === 'string' ? r.stringText(v)?.trim() : r.type(v) === 'identifier' || r.type(v) === 'attribute' ? r.txt(v) : undefined;
  if (!text || !/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(text)) return null;
  const parts = text.split('.');
  let e: Expr = name(parts[0]);
  for (const p of parts.slice(1)) e = { k: 'member', obj: e, name: p };
  return e;
}

/** The callable type an annotation declares: `Callable[…]` itself, or its one callable part (`Callable[…] | None`). */
export function callableOf(t: Expr): (Expr & { k: 'fntype' }) | undefined {
  if (t.k === 'fntype') return t;
  if (t.k !== 'union') return undefined;
  const fns = t.types.filter((x): x is Expr & { k: 'fntype' } => x.k === 'fntype');
  return fns.length === 1 ? fns[0] : undefined;
}
