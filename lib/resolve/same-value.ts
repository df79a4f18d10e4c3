/** When two of the evaluator's values stand for one type: the symbol, instance, object, tuple or array type read twice. */
import { mentionsLocal } from '../extract/facts.ts';
import type { Subst, Val } from './evaluate.ts';

/**
 * Two values standing for the same thing (the same symbol or instance type; any two outside values — a function
 * expression's is one too; otherwise the same object).
 */
export function sameValue(a: Val, b: Val): boolean {
  if (a === b) return true;
  // (two string literal types are the same type only with the same strings)
  if (a.t === 'ext' && b.t === 'ext') return a.lits === b.lits || (!a.lits && !b.lits) || (!!a.lits && !!b.lits && a.lits.length === b.lits.length && a.lits.every((x) => b.lits!.includes(x)));
  if ((a.t === 'sym' || a.t === 'inst') && a.t === b.t) return a.f === (b as typeof a).f && a.s === (b as typeof a).s;
  // (one object type read twice, a type alias's named by two declarations: the same members, nothing bound apart)
  if (a.t === 'obj' && b.t === 'obj') return a.f === b.f && a.props === b.props && a.decls === b.decls && a.index === b.index && a.subst === b.subst && a.key === b.key && !a.open === !b.open;
  // (one array type written twice in a file, `undo: Item[]; redo: Item[]`: the same elements)
  if (a.t === 'arr' && b.t === 'arr') {
    if (a.f !== b.f || a.subst !== b.subst || !a.ro !== !b.ro || !a.el !== !b.el) return false;
    return a.el ? sameValue(a.el, b.el!) : sameWritten(a.of, b.of, 0);
  }
  // (one tuple type read twice, `C extends true ? Required<T> : T` of a tuple T: the same items)
  if (a.t === 'tup' && b.t === 'tup') return a.items.length === b.items.length && a.items.every((x, i) => sameValue(x, b.items[i]));
  // (and an intersection, `Opts & { [k in K]: unknown }`: the same parts)
  if (a.t === 'inter' && b.t === 'inter') {
    return a.hole === b.hole && !a.outside === !b.outside && !a.alts && !b.alts && a.of.length === b.of.length && a.of.every((x, i) => sameValue(x, b.of[i]))
      && (a.objs?.length ?? 0) === (b.objs?.length ?? 0) && (a.objs ?? []).every((x, i) => sameValue(x, b.objs![i]));
  }
  return false;
}

/** Two type expressions written alike (the same kinds, names and bindings, a few levels deep). */
function sameWritten(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 6) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!sameWritten((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

/**
 * Two readings of one object type (the same written type, its members, index and keys) whose type parameters in force
 * bind nothing it mentions: the same type, whatever else was in force where each was read.
 */
export function sameObjectType(a: Val & { t: 'obj' }, b: Val & { t: 'obj' }): boolean {
  if (a.f !== b.f || a.props !== b.props || a.decls !== b.decls || a.index !== b.index || a.key !== b.key || !a.open !== !b.open) return false;
  const bindsOwn = (x: Val & { t: 'obj' }): boolean => {
    if (!x.subst) return false;
    for (const k of x.subst.keys()) {
      const at = k.indexOf(':');
      if (Number(k.slice(0, at)) !== x.f) continue;
      const l = Number(k.slice(at + 1));
      if (x.props.some((p) => mentionsLocal(p.type, l, 0)) || (x.index && mentionsLocal(x.index, l, 0))) return true;
    }
    return false;
  };
  return a.subst === b.subst || (!bindsOwn(a) && !bindsOwn(b));
}


/**
 * Two substitutions binding the same type parameters to the same arguments (each written at one place, with the same
 * substitution in force there, or given the same value): one reading, whichever maps carry it.
 */
export function sameSubst(a: Subst | undefined, b: Subst | undefined, depth = 0): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size || depth > 4) return false;
  for (const [k, x] of a) {
    const y = b.get(k);
    if (!y || x.f !== y.f || x.t !== y.t || !sameSubst(x.subst, y.subst, depth + 1)) return false;
    if (x.v !== y.v && !(x.v && y.v && sameValue(x.v, y.v))) return false;
  }
  return true;
}

/** Two readings of one object type under the same bindings (see sameObjectType and sameSubst). */
export function sameObjectReading(a: Val & { t: 'obj' }, b: Val & { t: 'obj' }): boolean {
  return sameObjectType(a, b) || (sameObjectType({ ...a, subst: undefined }, { ...b, subst: undefined }) && sameSubst(a.subst, b.subst));
}
