/** Type parameters: the argument that binds one for a receiver (through the heritage for an inherited member), and the one a name in a part of a generic type means. */
import type { Lazy, Subst } from './values.ts';
import type { Members } from './members.ts';
import type { TypeEnt, World } from './world.ts';

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
 * (Swift's `extension Matcher { … T … }` of `struct Matcher<T>`), or in a generic type's heritage clause, which the
 * collector reads before the type's parameters are in scope (Java's `class Mid<T, B> extends Base<T, B>`): that
 * type parameter of the type (its file and local), not a library type of the name, so it is unknown unless the
 * receiver's type arguments bind it.
 */
export function partTypeParam(w: World, f: number, from: number, name: string): { f: number; l: number } | undefined {
  const syms = w.files[f].symbols;
  let s = from;
  while (s >= 0 && syms[s].label !== 'Class' && syms[s].label !== 'Interface' && syms[s].label !== 'Enum') s = syms[s].parent;
  const ent = s >= 0 ? w.typeOf({ f, s }) : undefined;
  if (!ent || (ent.parts.length < 2 && s !== from)) return undefined;
  for (const p of ent.parts) {
    const l = w.sym(p).typeParams?.find((x) => w.files[p.f].locals[x]?.name === name);
    if (l !== undefined) return { f: p.f, l };
  }
  return undefined;
}

/**
 * What binds the type parameters of `owner`, the type declaring a member, for a value of type `ent` with type
 * arguments `args`: those arguments where the member is the type's own; where it is inherited, the arguments the
 * heritage gives the declaring type (`class Builder extends AbstractBuilder<Base64, Builder>`: AbstractBuilder's
 * `B` is Builder, so its `B setPadding(…)` gives a Builder), each read with the arguments of the type naming it
 * (`class Mine<T> extends Base<List<T>>`). Where the heritage names the owner without arguments, or does not reach
 * it, the value's own arguments as before.
 */
export function memberSubst(m: Members, owner: TypeEnt | undefined, ent: TypeEnt, args: Lazy[] | undefined): Subst | undefined {
  const own = args ? { ent: owner ?? ent, args } : undefined;
  if (!owner || owner === ent) return own;
  const seen = new Set<TypeEnt>([ent]);
  let level: Array<{ ent: TypeEnt; args?: Lazy[] }> = [{ ent, args }];
  // (breadth first: the nearest declaration of the owner among the bases; a bounded depth against long chains)
  for (let d = 0; d < 16 && level.length; d++) {
    const next: typeof level = [];
    for (const cur of level) {
      for (const b of m.bases(cur.ent)) {
        if (!('ent' in b) || seen.has(b.ent)) continue;
        seen.add(b.ent);
        const written = b.args as Lazy[] | undefined;
        const bargs = written?.length ? written.map((a) => (cur.args && !a.subst ? { ...a, subst: { ent: cur.ent, args: cur.args } } : a)) : undefined;
        if (b.ent === owner) return bargs ? { ent: owner, args: bargs } : own;
        next.push({ ent: b.ent, args: bargs });
      }
    }
    level = next;
  }
  return own;
}
