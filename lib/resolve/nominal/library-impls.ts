/**
 * The project's impls on library types it only adds to (NominalRules.primitiveTraits): Rust's `impl OverflowOp for
 * u64` and `impl Buf for &[u8]`, which of their methods a call on a primitive or a slice value runs, and the values
 * a byte string and a range of a slice are.
 */
import type { Expr } from '../../extract/facts.ts';
import type { Members } from './members.ts';
import type { NominalRules } from './rules.ts';
import type { Lazy, Val } from './values.ts';
import type { SymRef, TypeEnt, World } from './world.ts';

/** Which project methods a call on a primitive or a slice value runs, for one world. */
export class LibraryImpls {
  private traitMethods: Map<string, SymRef[]> | undefined;
  private sliceTypes: TypeEnt[] | undefined;

  constructor(private readonly w: World, private readonly m: Members, private readonly rules: NominalRules) {}

  private methods(rs: readonly SymRef[]): SymRef[] {
    return rs.filter((r) => this.w.sym(r).label === 'Method' || this.w.sym(r).label === 'Function');
  }

  /** Whether a primitive the project only adds trait impls to answers `name` itself: its inherent method runs before any trait's. */
  answers(ent: TypeEnt, name: string): boolean {
    const p = this.rules.primitiveTraits;
    return !!p && p.types.has(ent.name) && p.skip(ent.name, name) && this.w.onlyParts(ent);
  }

  /**
   * A method of a project trait called on a library type the trait may be implemented for unseen: the trait's
   * methods of that name, where one project trait alone declares it (none otherwise).
   */
  traitCall(recv: Val, name: string): SymRef[] {
    const p = this.rules.primitiveTraits;
    if (!p || recv.t !== 'ext' || !recv.name || !p.types.has(recv.name) || p.skip(recv.name, name)) return [];
    if (!this.traitMethods) {
      this.traitMethods = new Map();
      for (const ent of this.w.types.values()) {
        if (!this.w.isInterface(ent)) continue;
        for (const [n, rs] of ent.members) for (const r of this.methods(rs)) { const l = this.traitMethods.get(n); if (l) l.push(r); else this.traitMethods.set(n, [r]); }
      }
    }
    const fns = this.traitMethods.get(name) ?? [];
    return new Set(fns.map((r) => this.m.ownerOf(r))).size === 1 ? fns : [];
  }

  /**
   * The methods named `name` of the project's impls on slices (primitiveTraits.slices) a call on a slice of `elem`
   * runs: the impl on the element's own slice type (`[u8]` for bytes), else those on a slice of any element (`[T]`;
   * `[u16]`'s are no `[u8]`'s); none where the slice answers the name itself.
   */
  sliceCall(elem: Val, name: string): SymRef[] {
    const p = this.rules.primitiveTraits;
    if (!p?.slices || p.skip('[]', name)) return [];
    if (!this.sliceTypes) {
      this.sliceTypes = [];
      for (const ent of this.w.types.values()) if (ent.name.startsWith('[') && this.w.onlyParts(ent)) this.sliceTypes.push(ent);
    }
    const found = this.sliceTypes.map((e) => ({ e, fns: this.methods(this.m.find(e, name)) })).filter((x) => x.fns.length);
    const elemName = elem.t === 'ext' ? elem.name : elem.t === 'inst' ? elem.e.name : undefined;
    const own = found.filter((x) => x.e.name === `[${elemName}]`);
    // (a slice of any element is one of a bare name, `[T]`: `[MaybeUninit<u8>]` is a slice of that type alone)
    return (own.length ? own : found.filter((x) => /^\[\w+\]$/.test(x.e.name) && !p.types.has(x.e.name.slice(1, -1)))).flatMap((x) => x.fns);
  }
}

/** The slice a library container derefs to (primitiveTraits.sliceDerefs: `Vec<u8>` to `[u8]`) for a call of `name` it does not answer, or undefined. */
export function sliceDeref(rules: NominalRules, name: string | undefined, args: readonly Lazy[] | undefined, member: string): Val | undefined {
  const p = rules.primitiveTraits;
  return name && args?.length === 1 && p?.slices && p.sliceDerefs?.has(name) && !p.skip(name, member) ? { t: 'arr', of: args[0] } : undefined;
}

/** A literal of a slice kind (`[u8]`: a byte string, primitiveTraits.slices) as an array of its element, or undefined. */
export function sliceLiteral(rules: NominalRules, type: string | undefined, f: number, from: number): Val | undefined {
  const slice = type && rules.primitiveTraits?.slices ? /^\[(\w+)\]$/.exec(type) : null;
  return slice ? { t: 'arr', of: { f, e: { k: 'id', name: slice[1] } as Expr, from } } : undefined;
}

/** A range of a library value's elements (`&v[1..]`): a slice of an array or of a one-element container, a string's part. */
export function sliceOf(rules: NominalRules, of: Val): Val | undefined {
  if (of.t === 'arr') return of;
  if (of.t !== 'ext' || !of.name) return undefined;
  if (rules.containers?.elements.get(of.name) === 0 && of.args?.length === 1) return { t: 'arr', of: of.args[0] };
  return of.args?.length ? undefined : of;
}
