/**
 * Which overloads a call may take: those its argument count (and, in Swift, labels) fits; where the arguments' values
 * are known, those whose parameters their types fit best; then the language's tie-breaks (normal form before an
 * expanded `params` array, the most specific, inferable generics) and the nearest declaring type's.
 */
import { bindingIndex, bindsLocal, type Expr } from '../../extract/facts.ts';
import { arrayFit, type FitContext } from './array-fit.ts';
import { labelsFit } from './call-fit.ts';
import type { Members } from './members.ts';
import type { NominalRules } from './rules.ts';
import type { Arity, Lazy, Val } from './values.ts';
import type { SymRef, TypeEnt, World } from './world.ts';

/** A value of no known type (values.ts's NONE; a type-only import keeps the two modules out of a load cycle). */
const NONE: Val = { t: 'none' };

/** What overload choice reads of the value evaluator. */
export interface OverloadContext {
  value(f: number, e: Expr, from: number): Val;
  type(f: number, e: Expr, from: number): Val;
  lazy(l: Lazy, depth?: number): Val;
  aliasTarget(ent: TypeEnt): Val | undefined;
  dealias(v: Val): Val;
}

/** Chooses among the functions a call may run by its arguments (count, labels, known types). */
export class Overloads {
  /** What the array fits (array-fit.ts) read. */
  private readonly fitContext: FitContext;

  constructor(private readonly w: World, private readonly m: Members, private readonly rules: NominalRules, private readonly ev: OverloadContext) {
    this.fitContext = {
      rules, members: m,
      valueOf: (l) => this.seenThrough(ev.lazy(l)),
      typeOf: (r, p) => this.seenThrough(ev.type(r.f, p, r.s)),
      restIndex: (r) => w.extra(r).rest,
      sameShape: (a, b) => this.sameShape(a, b, 0),
      notSupertype: (a, b) => this.notSupertype(a, b),
      librarySubtype: (sub, sup) => this.librarySubtype(sub, sup),
    };
  }

  /** Whether library type `sub` is known to have `sup` among its supertypes (NominalRules.librarySupertypes). */
  librarySubtype(sub: string | undefined, sup: string): boolean {
    return sub !== undefined && this.rules.librarySupertypes?.get(sub)?.includes(sup) === true;
  }

  /** Whether no function of rs can take a call's arguments, their count or a known type (false when none is known). */
  fitsNone(rs: SymRef[], argc: Arity, ext = false): boolean {
    if (typeof argc !== 'object' || !rs.length) return false;
    return rs.every((r) => !this.takes(r, argc, ext) || (argc.argv !== undefined && this.argFit(r, { argv: argc.argv, f: argc.f, from: argc.from }, ext && this.w.extra(r).ext ? 1 : 0) < 0));
  }

  /** Whether function r can take a call's argument count (true when either is unknown). */
  takes(r: SymRef, argc: Arity, ext: boolean): boolean {
    const a = this.w.extra(r).arity;
    if (!a || argc === undefined) return true;
    const n = (typeof argc === 'number' ? argc : argc.n) + (ext && this.w.extra(r).ext ? 1 : 0);
    return n >= a[0] && (a[1] < 0 || n <= a[1]);
  }

  /**
   * The overloads a call may take: those its argument count fits (all of them when none fits: the count may be
   * unknown); where the arguments' values are known, those whose parameters their types fit best; of equals, the
   * nearest declaring type's (an override hides what it overrides).
   */
  byArity(rs: SymRef[], argc: Arity, ext: boolean): SymRef[] {
    // where labels are part of a function's name (Swift), a call whose labels cannot name the parameters is not its
    if (typeof argc === 'object' && argc.labels) rs = rs.filter((r) => labelsFit(this.w, r, argc.labels!));
    if (rs.length < 2 || argc === undefined) return rs;
    const fit = rs.filter((r) => this.takes(r, argc, ext));
    if (!fit.length) return rs;
    if (fit.length < 2 || !this.rules.overloads) return fit;
    let best = this.w.compiledFirst(fit);
    // where a type's count of type parameters tells types apart, a method's tells overloads apart: the explicit type
    // arguments written choose those with as many type parameters
    const targs = typeof argc === 'object' ? argc.targs : undefined;
    if (this.rules.genericArity && targs) { const g = best.filter((r) => (this.w.extra(r).tparams ?? 0) === targs); if (g.length) best = g; }
    if (typeof argc === 'object' && argc.argv) {
      const site = { argv: argc.argv, f: argc.f, from: argc.from };
      let top = -Infinity;
      const among = best;
      best = [];
      for (const r of among) {
        const s = this.argFit(r, site, ext && this.w.extra(r).ext ? 1 : 0);
        if (s > top) { top = s; best = [r]; } else if (s === top) best.push(r);
      }
      if (top < 0) return among;
    }
    // of overloads that fit alike, C#'s better function: one taken in its normal form before one whose `params` array
    // the arguments expand (as many arguments as parameters may be either); without type arguments written, a generic method whose parameters name no type parameter
    // (`Outcome<T> From<T>(Exception e)`) cannot have them inferred: it does not apply
    if ((this.rules.genericArity || this.rules.varargLast) && best.length > 1) {
      const given = typeof argc === 'number' ? argc : argc.n;
      const expanded = (r: SymRef): boolean => this.w.extra(r).arity?.[1] === -1 && (this.w.sym(r).params?.length ?? 0) !== given + (ext && this.w.extra(r).ext ? 1 : 0);
      const normal = best.filter((r) => !expanded(r));
      if (normal.length) best = normal;
    }
    // the most specific of overloads that fit alike: one whose parameters, where the arguments are, are subtypes of
    // another's (`f(o: GroupableOption)` before `f(o: Option)` for a value that is both)
    if (this.rules.mostSpecificOverload && best.length > 1 && typeof argc === 'object' && argc.argv) {
      const n = argc.argv.length;
      const types = new Map(best.map((r) => [r, Array.from({ length: n }, (_, i) => { const p = this.w.sym(r).params?.[i + (ext && this.w.extra(r).ext ? 1 : 0)]; return p ? this.seenThrough(this.ev.type(r.f, p, r.s)) : NONE; })]));
      const under = (a: Val, b: Val): boolean => a.t === 'inst' && b.t === 'inst' ? this.m.isSubtype(a.e, b.e) : a.t === b.t && (a.t !== 'ext' || (a as { name?: string }).name === (b as { name?: string }).name);
      const beats = (r: SymRef, o: SymRef): boolean => { const a = types.get(r)!, b = types.get(o)!; return a.every((x, i) => under(x, b[i])) && !b.every((x, i) => under(x, a[i])); };
      const top = best.filter((r) => !best.some((o) => o !== r && beats(o, r)));
      if (top.length) best = top;
    }
    if (this.rules.genericArity && best.length > 1) {
      const inferable = targs ? [] : best.filter((r) => !this.w.extra(r).tparams || this.w.sym(r).params?.some((p) => p && this.namesTypeParam(r.f, p, 0)));
      if (inferable.length) best = inferable;
    }
    const owner = this.m.ownerOf(best[0]);
    return best.filter((r) => this.m.ownerOf(r) === owner);
  }

  /**
   * Whether the language knows library types `a` and `b` and neither is the other's supertype
   * (NominalRules.librarySupertypes): no value of the one is the other (a smart cast may narrow to a subtype).
   */
  notSupertype(a: string, b: string): boolean {
    const known = this.rules.librarySupertypes;
    return !!known && a !== b && known.has(a) && known.has(b) && !known.get(a)!.includes(b) && !known.get(b)!.includes(a)
      && !this.rules.libraryConversions?.get(a)?.includes(b) && !this.rules.libraryConversions?.get(b)?.includes(a);
  }

  /** A value's type with aliases seen through, to a library type too (`typealias Name = String` is a String). */
  seenThrough(v: Val): Val {
    const d = this.ev.dealias(v);
    return d.t === 'inst' ? this.ev.aliasTarget(d.e) ?? d : d;
  }

  /** Whether a type expression of file f names a type parameter (as itself or inside its arguments). */
  private namesTypeParam(f: number, e: Expr, depth: number): boolean {
    if (depth > 6) return false;
    switch (e.k) {
      case 'id': return bindsLocal(e.b) && (this.w.nominal(f).tparams?.includes(bindingIndex(e.b)) ?? false);
      case 'generic': return e.args.some((a) => this.namesTypeParam(f, a, depth + 1));
      case 'array': case 'map': return this.namesTypeParam(f, e.of, depth + 1);
      case 'list': return e.items.some((a) => this.namesTypeParam(f, a, depth + 1));
      case 'fntype': return (e.params ?? []).some((a) => a !== null && this.namesTypeParam(f, a, depth + 1));
      default: return false;
    }
  }

  /**
   * How well a call's arguments fit a method's parameters: -1 when one cannot, else the count of exact fits. `skip`:
   * parameters the arguments do not fill (an extension method's receiver, 1).
   */
  private argFit(r: SymRef, site: { argv: readonly Expr[]; f: number; from: number }, skip = 0): number {
    const all = this.w.sym(r).params;
    if (!all) return 0;
    const params = skip ? all.slice(skip) : all;
    let score = 0;
    for (let i = 0; i < site.argv.length && i < params.length; i++) {
      const a = site.argv[i];
      // a trailing lambda fills the last parameter
      const p = a.k === 'fn' && a.trailing ? params[params.length - 1] : params[i];
      if (!p) continue;
      if (a.k === 'fn') {
        // a function literal fits a parameter of a function type (or of an alias of one) exactly; a library delegate
        // type (C#'s Func, Action) only with as many parameters as the lambda takes
        const want = this.ev.type(r.f, p, r.s);
        if (want.t === 'fnval' || (want.t === 'inst' && this.ev.aliasTarget(want.e)?.t === 'fnval')) score += 2;
        else if (want.t === 'ext' && want.name && this.rules.finalTypes?.has(want.name)) return -1;
        else if (a.n !== undefined && want.t === 'ext' && want.name && this.rules.delegateParams) {
          const n = this.rules.delegateParams(want.name, want.args?.length ?? 0);
          if (n !== undefined) { if (n !== a.n) return -1; score += 2; }
        }
        continue;
      }
      if (a.k === 'lit' && a.type !== undefined && a.type === this.rules.nullLiteral?.type) {
        const want = this.ev.type(r.f, p, r.s);
        if (want.t === 'ext' && want.name && this.rules.nullLiteral.notOf.has(want.name)) return -1;
        continue;
      }
      const got = a.k === 'lit' ? (a.type ? { t: 'ext', name: a.type } as Val : NONE) : this.ev.value(site.f, a, site.from);
      const ownTypeParam = p.k === 'id' && bindsLocal(p.b) && this.w.nominal(r.f).tparams?.includes(bindingIndex(p.b));
      if (a.k === 'lit' && a.coll) {
        // a collection literal has no type a type parameter could be inferred from; it converts to an array (the
        // better fit), a library collection, or a project type only where that has a library base (a collection)
        if (ownTypeParam) return -1;
        const want = this.ev.type(r.f, p, r.s);
        if (want.t === 'arr') score += 2; else if (want.t === 'ext') score += 1; else if (want.t === 'inst' && !this.m.hasExternalBase(want.e)) return -1;
        continue;
      }
      if (this.rules.arraySupertypes && got.t === 'arr') { const fit = arrayFit(this.fitContext, r, p, got, i + skip); if (fit < 0) return -1; score += fit; continue; }
      // a method's own type parameter takes any argument as it is: better than a conversion, worse than an exact fit
      if (ownTypeParam) { if (got.t !== 'none') score += 1; continue; }
      // (where library types are known, an alias of one is that type: `typealias Message = String`)
      const want = this.rules.finalTypes ? this.seenThrough(this.ev.type(r.f, p, r.s)) : this.ev.type(r.f, p, r.s);
      if (this.rules.finalTypes && a.k !== 'lit') {
        // an array at the variadic parameter is spread into it (`f(*xs)`): its elements are the arguments (a literal
        // may convert: `1` to a Long parameter)
        const spread = got.t === 'arr' && this.w.extra(r).rest === i + skip;
        const value = this.seenThrough(spread ? this.ev.lazy((got as Val & { t: 'arr' }).of, 0) : got);
        // (a value of one of its supertypes may be smart-cast to it: `if (x is String)`)
        if (want.t === 'ext' && want.name && this.rules.finalTypes.has(want.name) && value.t !== 'none' &&
          !(value.t === 'ext' && (!value.name || value.name === want.name || value.name === 'Any' || this.rules.librarySupertypes?.get(want.name)?.includes(value.name)))) return -1;
        if (spread) { if (value.t === 'ext' && want.t === 'ext' && value.name === want.name) score += 2; continue; }
      }
      if (want.t !== 'inst' && want.t !== 'ext' && want.t !== 'arr') continue;
      // (NominalRules.arraySupertypes) a value of a class is no array: at an array parameter that is not variadic, an
      // instance of a project type or of a library type the language knows does not fit
      if (this.rules.arraySupertypes && want.t === 'arr' && got.t !== 'arr' && this.fitContext.restIndex(r) !== i + skip
        && (got.t === 'inst' || (got.t === 'ext' && !!got.name && !!this.rules.librarySupertypes?.has(got.name)))) return -1;
      // an array for an array parameter fits exactly; anything else goes through a params array's expanded form
      if (want.t === 'arr') { if (got.t === 'arr') { if (!this.sameShape(got, want, 0)) return -1; score += 2; } continue; }
      if (got.t === 'inst') {
        if (want.t === 'inst') { if (got.e === want.e) score += 2; else if (this.m.isSubtype(got.e, want.e)) score += 1; else return -1; }
      } else if (got.t === 'ext' && got.name) {
        // a library type is no project type's subtype; two library names agree or are left open, unless the
        // language knows both and the one is no supertype of the other (a Kotlin Iterable is no Map)
        if (want.t === 'inst') return -1;
        if (want.name === got.name) { if (!this.sameShape(got, want, 0)) return -1; score += 2; }
        else if (want.name && this.notSupertype(got.name, want.name)) return -1;
        // one of the argument's known supertypes fits as a project subtype does: before a parameter of a type the
        // language does not know (`update(d, InputStream)` before `update(d, FileChannel)` for a BufferedInputStream)
        else if (want.name && this.rules.librarySupertypes?.get(got.name)?.includes(want.name)) score += 1;
      } else if (got.t === 'arr' && want.t === 'ext' && want.name && this.notSupertype('Array', want.name)) return -1;
    }
    return score;
  }

  /**
   * Whether two library types (or arrays of them) of one name may be one type: where a type's count of type
   * arguments is part of its name (NominalRules.genericArity: `Func<A, bool>` against `Func<A, B, bool>`, `Action`
   * against `Action<T>`), their counts agree, and so do those of their arguments of one name.
   */
  sameShape(a: Val, b: Val, depth: number): boolean {
    if (!this.rules.genericArity || depth > 4) return true;
    if (a.t === 'arr' && b.t === 'arr') return this.sameShape(this.ev.lazy(a.of, depth + 1), this.ev.lazy(b.of, depth + 1), depth + 1);
    if (a.t !== 'ext' || b.t !== 'ext' || !a.name || a.name !== b.name) return true;
    const n = a.args?.length ?? 0;
    if (n !== (b.args?.length ?? 0)) return false;
    for (let i = 0; i < n; i++) if (!this.sameShape(this.ev.lazy(a.args![i], depth + 1), this.ev.lazy(b.args![i], depth + 1), depth + 1)) return false;
    return true;
  }
}
