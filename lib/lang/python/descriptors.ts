/**
 * Which reads of a descriptor an `@overload` signature of its `__get__` takes. A checker reads `x.attr` of a class
 * attribute holding a descriptor as the call `__get__(x, type(x))`, and `C.attr` as `__get__(None, C)`, and picks the
 * first overload whose parameters take those arguments (pyright's descriptor access), so the signature's declared
 * parameters decide: an `obj` declared `None` takes only the class's read, one declared a class only an instance's,
 * an owner declared `None` neither.
 */
import type { ConditionReader } from './conditions.ts';

/** The reads a signature takes (bits): from an instance, from the class. */
export const FROM_INSTANCE = 1;
export const FROM_CLASS = 2;

/** What a parameter's declared type takes, as far as a descriptor read is concerned. */
type Takes = 'none' | 'both' | 'type' | 'instance';

/** The reads (FROM_INSTANCE | FROM_CLASS bits) the `__get__` signature with parameter list `params` takes. */
export function getterAccess(r: ConditionReader, params: number): number {
  const ps = r.namedKids(params).filter((p) => PARAMETER.has(r.type(p)));
  // (ps[0] is `self`)
  const obj = ps.length > 1 ? paramTakes(r, ps[1]) : 'both';
  const owner = ps.length > 2 ? paramTakes(r, ps[2]) : 'both';
  if (owner === 'none') return 0;
  switch (obj) {
    case 'none': return FROM_CLASS;
    case 'both': return FROM_INSTANCE | FROM_CLASS;
    case 'instance': return FROM_INSTANCE;
    default: return 0;
  }
}

const PARAMETER = new Set(['identifier', 'typed_parameter', 'default_parameter', 'typed_default_parameter', 'list_splat_pattern', 'dictionary_splat_pattern']);

function paramTakes(r: ConditionReader, p: number): Takes {
  const ty = r.type(p);
  if (ty !== 'typed_parameter' && ty !== 'typed_default_parameter') return 'both';
  // a splat takes whatever is passed
  if (ty === 'typed_parameter' && r.type(r.namedKids(p)[0] ?? -1) !== 'identifier') return 'both';
  const t = r.child(p, 'type');
  return t < 0 ? 'both' : annotationTakes(r.txt(t));
}

/**
 * What an annotation as written takes: `None` alone; `object`, `Any`, an unknown type and anything optional (`Optional[X]`,
 * `X | None`, `Union[X, None]`) both None and an instance; `type`/`type[X]`/`Type[X]` a class; any other type an instance.
 */
export function annotationTakes(text: string): Takes {
  const t = text.replace(/\s+/g, '').replace(/^(['"])(.*)\1$/, '$2');
  if (t === 'None') return 'none';
  if (/^((typing|t)\.)?(Any|object)$/.test(t) || /^((typing|t)\.)?Optional\[/.test(t) || /(^|[|,[])None([|,\]]|$)/.test(t)) return 'both';
  if (/^((typing|t)\.)?([Tt]ype)(\[|$)/.test(t)) return 'type';
  return 'instance';
}

/**
 * The `@overload` signature (of `sigs`) of a descriptor's `__get__` that a read from an instance (`onInstance`) or from
 * the class calls: the first that takes it (`takes`: PyFacts.getters), null when none does; undefined when not overloaded.
 */
export function getterSignature(sigs: readonly number[] | undefined, takes: Record<number, number> | undefined, onInstance: boolean): number | null | undefined {
  if (!sigs || !takes || sigs.some((s) => takes[s] === undefined)) return undefined;
  return sigs.find((s) => (takes[s] & (onInstance ? FROM_INSTANCE : FROM_CLASS)) !== 0) ?? null;
}
