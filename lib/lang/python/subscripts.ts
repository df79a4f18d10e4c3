/**
 * What subscribing or iterating over an instance of a project class gives, as a checker reads it:
 * - an `@overload`ed `__getitem__` gives what the signature the key picks declares (`xs[0]` the one taking an `int`
 *   or `SupportsIndex`, `xs[1:]` the one taking a `slice`), with the instance's type arguments; a key of unknown type
 *   decides nothing (pyright's result is unknown when an unknown argument matches several overloads);
 * - a class deriving from a builtin container written with type arguments (`class Nodes(list[N])`, `Dict[str, V]`)
 *   has that container's elements where no project class of its linearisation defines `__getitem__` or `__iter__`
 *   (`for x in self` is an N, with N's bound inside the class itself, where it is still the TypeVar);
 * - a `TypedDict` subscribed with a string literal (`entry["node"]`) gives the declared type of that key, its field;
 * - a `typing.NamedTuple` subscribed with an integer literal (`pair[0]`) or unpacked (`left, right = pair`) gives the
 *   declared type of the field at that position.
 * The collector records each `__getitem__` signature's key type (`indexKindOf`), each class's container base
 * (`containerBase`) and each subscript's key (`indexKey`); the resolver asks `Subscripts`.
 */
import type { Expr, SymbolFact } from '../../extract/facts.ts';
import type { ConditionReader } from './conditions.ts';
import { annotationNames, typingAnnotation } from './typing.ts';
import { EXT, UNKNOWN, type Env, type Sym, type Val } from './values.ts';

/** `TypedDict` as imported: a class deriving from it declares its keys' types as fields. */
const TYPED_DICTS: ReadonlySet<string> = new Set(['typing.TypedDict', 'typing_extensions.TypedDict']);

/** True for a base (its canonical dotted name) that makes a class a `TypedDict`. */
export function isTypedDictBase(canonical: string | undefined): boolean {
  return canonical !== undefined && TYPED_DICTS.has(canonical);
}

/** The key type an `@overload` signature of `__getitem__` declares: a slice, an integer, a string, anything else. */
export type IndexKind = 'slice' | 'int' | 'str' | 'other';

const PARAMETERS = new Set(['identifier', 'typed_parameter', 'default_parameter', 'typed_default_parameter']);

/** The key type of the `__getitem__` signature with parameter list `params` (node index), from its second parameter. */
export function indexKindOf(r: ConditionReader, params: number): IndexKind {
  const key = r.namedKids(params).filter((p) => PARAMETERS.has(r.type(p)))[1];
  const t = key === undefined ? -1 : r.child(key, 'type');
  if (t < 0) return 'other';
  const text = r.txt(t).replace(/\s+/g, '').replace(/^(['"])(.*)\1$/, '$2');
  if (/^(builtins\.)?slice(\[.*\])?$/.test(text)) return 'slice';
  if (/^(builtins\.)?int$/.test(text) || /^((typing|typing_extensions|t)\.)?SupportsIndex$/.test(text)) return 'int';
  return /^(builtins\.)?str$/.test(text) ? 'str' : 'other';
}

/**
 * The container a class's bases make it (`list[N]`: an array of N, `Mapping[K, V]`: a map), as an annotation: the
 * first base written with type arguments whose head `typingName` names a sequence or mapping of typing or the builtins.
 */
export function containerBase(heads: readonly number[], args: ReadonlyArray<Expr[] | null>, typingName: (head: number) => string | undefined): Expr | undefined {
  for (let k = 0; k < heads.length; k++) {
    const a = args[k];
    const name = a ? typingName(heads[k]) : undefined;
    const kind = name === undefined ? undefined : annotationNames[name];
    if (a && (kind === 'array' || kind === 'map')) return typingAnnotation(kind, a, a.length, false);
  }
  return undefined;
}

/**
 * The key of a subscript (node i, whose value the collector made `value`): an integer literal (`-1` too) and a string
 * literal as literals with their type and text, anything else as its value.
 */
export function indexKey(r: ConditionReader, i: number, value: Expr, stringText: (i: number) => string | undefined): Expr {
  const ty = r.type(i);
  if (ty === 'integer') return { k: 'lit', type: 'int', v: r.txt(i) };
  if (ty === 'unary_operator' && r.type(r.child(i, 'argument')) === 'integer') return { k: 'lit', type: 'int', v: r.txt(i).replace(/\s+/g, '') };
  const s = ty === 'string' ? stringText(i) : undefined;
  return s === undefined ? value : { k: 'lit', type: 'str', v: s };
}

/** What the resolver answers for the subscripts of its instances. */
export interface SubscriptHost {
  sym(f: number, s: number): SymbolFact;
  value(f: number, e: Expr, depth: number): Val;
  typeValue(f: number, t: Expr, depth: number, env?: Env, bounds?: boolean): Val;
  returnValue(f: number, s: number, depth: number, env?: Env): Val;
  mro(f: number, s: number): Array<Sym | 'ext'>;
  envAt(f: number, s: number, env: Env | undefined, k: Sym): Env | undefined;
  overloadsOf(f: number, s: number): number[] | undefined;
  /** The key types of a file's `__getitem__` signatures (PyFacts.indexers). */
  indexKinds(f: number): Record<number, IndexKind> | undefined;
  /** A class's container base (PyFacts.generics' `container`). */
  container(f: number, s: number): Expr | undefined;
  /** True for a class a `TypedDict` base makes one (PyFacts.typedDicts). */
  typedDict(f: number, s: number): boolean;
  /** What attribute `name` of a value is (a field's declared type). */
  member(v: Val, name: string, depth: number): Val;
  /** A `typing.NamedTuple` class's fields in the order written (its tuple's items), undefined for another class. */
  namedFields(f: number, s: number): string[] | undefined;
}

/** A subscript as written: the file it is in, whether it is a slice, its key (`by`). */
export interface Subscript { f: number; slice?: true; by?: Expr }

/** The subscripts and iterations of instances of project classes. */
export class Subscripts {
  constructor(private readonly host: SubscriptHost) {}

  /** What `of[key]` gives where the project's `__getitem__` m is what a subscript of instance `of` runs. */
  indexed(of: Val & { t: 'inst' }, m: Sym, sub: Subscript | undefined, depth: number): Val {
    const owner = this.host.sym(m.f, m.s).parent;
    const env = owner >= 0 ? this.host.envAt(of.f, of.s, of.env, { f: m.f, s: owner }) : undefined;
    let sig = m.s;
    const sigs = this.host.overloadsOf(m.f, m.s);
    if (sigs?.length) {
      const picked = this.signatureFor(m.f, sigs, sub, depth);
      if (picked === null) return UNKNOWN;
      if (picked !== undefined) sig = picked;
    }
    // (inside the class, read through its own `self`, a TypeVar of it is still the TypeVar: its bound's members)
    const declared = this.host.sym(m.f, sig).returns;
    if (declared && this.ownSelf(of)) return this.host.typeValue(m.f, declared, depth + 1, env, true);
    return this.host.returnValue(m.f, sig, depth, env);
  }

  /**
   * What subscribing (`index`) or iterating over instance `of` gives where its `__getitem__` or `__iter__` is outside
   * code: its container base's elements (a mapping's values for a subscript, its keys for an iteration), a
   * `TypedDict`'s field for a string key; outside values without one.
   */
  inherited(of: Val & { t: 'inst' }, index: boolean, sub: Subscript | undefined, depth: number, at?: number): Val {
    for (const c of this.host.mro(of.f, of.s)) {
      if (c === 'ext') continue;
      if (this.host.typedDict(c.f, c.s)) return index && sub?.by?.k === 'lit' && sub.by.type === 'str' && sub.by.v ? this.host.member(of, sub.by.v, depth + 1) : EXT;
      // a named tuple subscripted with an integer literal, or unpacked: the field at that position (`at`)
      const named = this.host.namedFields(c.f, c.s);
      if (named) return at !== undefined && at < named.length ? this.host.member(of, named[at], depth + 1) : EXT;
      const t = this.host.container(c.f, c.s);
      if (!t) continue;
      const held = this.host.typeValue(c.f, t, depth + 1, this.host.envAt(of.f, of.s, of.env, c), this.ownSelf(of));
      if (held.t === 'array') return index && sub?.slice ? held : held.of;
      if (held.t === 'map') return index ? held.of : held.key ?? UNKNOWN;
      return UNKNOWN;
    }
    return EXT;
  }

  /** True for the instance `self` is in its own class (no type arguments bound: its TypeVars are still TypeVars). */
  private ownSelf(of: Val & { t: 'inst' }): boolean {
    return of.via === 'this-member' && !of.env;
  }

  /**
   * The `__getitem__` signature (of `sigs`, in file f) a subscript's key picks, as a checker picks the first
   * overload taking it: null when nothing is decided (a key of unknown type, a signature that may take anything
   * before the one matching); undefined when a signature's key type is not recorded.
   */
  private signatureFor(f: number, sigs: readonly number[], sub: Subscript | undefined, depth: number): number | null | undefined {
    const kinds = this.host.indexKinds(f);
    if (!kinds || sigs.some((s) => kinds[s] === undefined)) return undefined;
    const key = this.keyKind(sub, depth);
    if (key === 'unknown') return null;
    if (key === 'outside') {
      // (a value of an outside type, an `int` or a `str`: decided only where one signature takes no slice)
      const keyed = sigs.filter((s) => kinds[s] !== 'slice');
      return keyed.length === 1 ? keyed[0] : null;
    }
    for (const s of sigs) {
      if (kinds[s] === key) return s;
      if (kinds[s] === 'other') return null;
    }
    return null;
  }

  /** What kind of key a subscript has: a slice, an integer or string literal, another outside value, or unknown. */
  private keyKind(sub: Subscript | undefined, depth: number): IndexKind | 'outside' | 'unknown' {
    if (!sub) return 'unknown';
    if (sub.slice) return 'slice';
    const by = sub.by;
    if (!by) return 'unknown';
    if (by.k === 'lit') return by.type === 'int' ? 'int' : by.type === 'str' ? 'str' : 'outside';
    return this.host.value(sub.f, by, depth + 1).t === 'ext' ? 'outside' : 'unknown';
  }
}
