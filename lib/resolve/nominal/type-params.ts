/** Type parameters: the argument that binds one for a receiver, and the one a name in a part of a generic type means. */
import type { Lazy, Subst } from './values.ts';
import type { World } from './world.ts';

/** The type argument `subst` gives type parameter `l` (a local of file f) of the type it instantiates, if any. */
export function boundArgument(w: World, f: number, l: number, subst: Subst): Lazy | undefined {
  for (const p of subst.ent.parts) {
    if (p.f !== f) continue;
    const i = w.sym(p).typeParams?.indexOf(l) ?? -1;
    if (i >= 0 && subst.args[i]) return subst.args[i];
  }
  return undefined;
}

/**
 * A name no declaration gives, inside a part of a generic type that does not declare the type's parameters itself
 * (Swift's `extension Matcher { … T … }` of `struct Matcher<T>`): that type parameter of the type (its file and
 * local), not a library type of the name, so it is unknown unless the receiver's type arguments bind it.
 */
export function partTypeParam(w: World, f: number, from: number, name: string): { f: number; l: number } | undefined {
  const syms = w.files[f].symbols;
  let s = from;
  while (s >= 0 && syms[s].label !== 'Class' && syms[s].label !== 'Interface' && syms[s].label !== 'Enum') s = syms[s].parent;
  const ent = s >= 0 ? w.typeOf({ f, s }) : undefined;
  if (!ent || ent.parts.length < 2) return undefined;
  for (const p of ent.parts) {
    const l = w.sym(p).typeParams?.find((x) => w.files[p.f].locals[x]?.name === name);
    if (l !== undefined) return { f: p.f, l };
  }
  return undefined;
}
