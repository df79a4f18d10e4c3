/**
 * Members and heritage of the project's types: a type's bases (declared `extends`/`implements`, base lists whose
 * kind the target tells, Go's embedded types), member lookup up that heritage (nearest declaring type first, as
 * these languages' member lookup and Go's promotion by depth), and the reverse: each type's subtypes and, for
 * languages whose interfaces are satisfied structurally, each interface's implementations by method set.
 */
import type { Expr } from '../../extract/facts.ts';
import { add, type Base, type SymRef, type TypeEnt, type World } from './world.ts';

/** How a heritage clause's type is resolved (the Evaluator's type lookup in the clause's file). */
export type BaseResolver = (f: number, e: Expr, from: number) => { ent: TypeEnt; args?: unknown } | { ext: string } | undefined;

/** Member and heritage queries over a World. */
export class Members {
  resolveBase: BaseResolver = () => undefined;
  private readonly findMemo = new Map<TypeEnt, Map<string, SymRef[]>>();
  private readonly allMemo = new Map<TypeEnt, Map<string, SymRef[]>>();
  private subs: Map<TypeEnt, TypeEnt[]> | undefined;
  private readonly implMemo = new Map<TypeEnt, TypeEnt[]>();
  private readonly staticMemo = new Map<TypeEnt, TypeEnt[]>();

  constructor(private readonly w: World) {}

  /** A type's direct bases (resolved once). */
  bases(ent: TypeEnt): Base[] {
    if (ent.bases) return ent.bases;
    ent.bases = [];
    const out: Base[] = [];
    for (const p of ent.parts) {
      const sym = this.w.sym(p);
      const x = this.w.extra(p);
      const clauses: Array<[Expr, 'extends' | 'implements' | 'embeds' | 'mixin' | 'base']> = [];
      for (const e of sym.extends ?? []) clauses.push([e, 'extends']);
      for (const e of sym.implements ?? []) clauses.push([e, 'implements']);
      for (const e of x.bases ?? []) clauses.push([e, 'base']);
      for (const e of x.embeds ?? []) clauses.push([e, 'embeds']);
      for (const e of x.mixins ?? []) clauses.push([e, 'mixin']);
      for (const [e, via] of clauses) {
        const t = this.resolveBase(p.f, e, p.s);
        if (!t) continue;
        if ('ext' in t) {
          const written = writtenName(e);
          out.push({ ext: t.ext, via: via === 'base' ? 'extends' : via, methods: written === undefined ? undefined : this.w.rules.libraryInterfaceMethods?.(written) });
          continue;
        }
        if (t.ent === ent) continue;
        const kind = via === 'base' ? (this.w.isInterface(t.ent) && !this.w.isInterface(ent) ? 'implements' : 'extends') : via;
        out.push({ ent: t.ent, via: kind, from: p, args: t.args });
      }
    }
    ent.bases = out;
    return out;
  }

  /**
   * Members named `name` of a type or, nearest first, of its bases (the first type along the heritage that declares
   * any); an explicit interface implementation is none (NominalSymbol.explicit).
   */
  find(ent: TypeEnt, name: string): SymRef[] {
    let m = this.findMemo.get(ent);
    if (!m) this.findMemo.set(ent, (m = new Map()));
    const hit = m.get(name);
    if (hit) return hit;
    m.set(name, NONE);
    const seen = new Set<TypeEnt>([ent]);
    let level: TypeEnt[] = [ent];
    let found: SymRef[] = NONE;
    while (level.length && !found.length) {
      const next: TypeEnt[] = [];
      const here: SymRef[] = [];
      for (const t of level) {
        const own = t.members.get(name) ?? this.mixedIn(t, name);
        if (own) for (const r of own) if (!this.w.extra(r).explicit && !here.some((x) => x.f === r.f && x.s === r.s)) here.push(r);
        for (const b of this.bases(t)) if ('ent' in b && b.via !== 'mixin' && !seen.has(b.ent)) { seen.add(b.ent); next.push(b.ent); }
      }
      if (here.length) found = here;
      level = next;
    }
    m.set(name, found);
    return found;
  }

  /**
   * Members named `name` that a type's mixins (PHP's traits, and theirs) copy into it: those of the nearest mixins
   * that declare any. They stand before the members of its bases, as the type's own do.
   */
  private mixedIn(ent: TypeEnt, name: string): SymRef[] | undefined {
    const seen = new Set<TypeEnt>([ent]);
    let level = [ent];
    while (level.length) {
      const next: TypeEnt[] = [];
      const here: SymRef[] = [];
      for (const t of level) {
        for (const b of this.bases(t)) {
          if (!('ent' in b) || b.via !== 'mixin' || seen.has(b.ent)) continue;
          seen.add(b.ent);
          next.push(b.ent);
          for (const r of b.ent.members.get(name) ?? []) here.push(r);
        }
      }
      if (here.length) return here;
      level = next;
    }
    return undefined;
  }

  /**
   * What a call of an interface's member `name` may run in a type implementing it: find's members and the type's own
   * explicit implementations of the name (NominalSymbol.explicit), which only the interface's name reaches.
   */
  findImpl(ent: TypeEnt, name: string): SymRef[] {
    const explicit = (ent.members.get(name) ?? []).filter((r) => this.w.extra(r).explicit);
    const found = this.find(ent, name);
    return explicit.length ? [...explicit, ...found] : found;
  }

  /**
   * Every member named `name` of a type and of all its bases, nearest first: where methods are overloaded by their
   * parameters, a base's overload is callable beside a nearer one of another signature (explicit interface
   * implementations left out, as by find).
   */
  findAll(ent: TypeEnt, name: string): SymRef[] {
    let m = this.allMemo.get(ent);
    if (!m) this.allMemo.set(ent, (m = new Map()));
    const hit = m.get(name);
    if (hit) return hit;
    const out: SymRef[] = [];
    const seen = new Set<TypeEnt>([ent]);
    for (let level: TypeEnt[] = [ent]; level.length;) {
      const next: TypeEnt[] = [];
      for (const t of level) {
        for (const r of t.members.get(name) ?? []) if (!this.w.extra(r).explicit && !out.some((x) => x.f === r.f && x.s === r.s)) out.push(r);
        for (const b of this.bases(t)) if ('ent' in b && !seen.has(b.ent)) { seen.add(b.ent); next.push(b.ent); }
      }
      level = next;
    }
    m.set(name, out);
    return out;
  }

  /** The project types a type's static scope inherits from (NominalSymbol.statics: Kotlin's companion object's supertypes). */
  staticBases(ent: TypeEnt): TypeEnt[] {
    const hit = this.staticMemo.get(ent);
    if (hit) return hit;
    const out: TypeEnt[] = [];
    this.staticMemo.set(ent, out);
    for (const p of ent.parts) {
      for (const e of this.w.extra(p).statics ?? []) {
        const t = this.resolveBase(p.f, e, p.s);
        if (t && 'ent' in t && t.ent !== ent && !out.includes(t.ent)) out.push(t.ent);
      }
    }
    return out;
  }

  /**
   * Members named `name` that the type's name reaches: its own and its bases' (find, or findAll where methods
   * overload), else those its static bases declare or inherit.
   */
  findStatic(ent: TypeEnt, name: string, all: boolean): SymRef[] {
    const own = all ? this.findAll(ent, name) : this.find(ent, name);
    if (own.length) return own;
    for (const b of this.staticBases(ent)) {
      const rs = all ? this.findAll(b, name) : this.find(b, name);
      if (rs.length) return rs;
    }
    return own;
  }

  /** The type that declares a member: the first part's type of its parent. */
  ownerOf(r: SymRef): TypeEnt | undefined {
    const sym = this.w.sym(r);
    if (sym.parent >= 0) return this.w.typeOf({ f: r.f, s: sym.parent });
    const recv = this.w.extra(r).recv;
    if (!recv) return undefined;
    const name = sym.qualifiedName.slice(0, sym.qualifiedName.lastIndexOf('.'));
    return this.w.types.get(this.w.symPackage(r) ? `${this.w.symPackage(r)}.${name}` : name);
  }

  /** A type nested in a type or in one of its bases. */
  nestedType(ent: TypeEnt, name: string): TypeEnt | undefined {
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): TypeEnt | undefined => {
      if (seen.has(t)) return undefined;
      seen.add(t);
      const n = t.nested.get(name);
      if (n) return n;
      for (const b of this.bases(t)) if ('ent' in b) { const x = walk(b.ent); if (x) return x; }
      return undefined;
    };
    return walk(ent);
  }

  /** Whether a type has a base outside the project (members may come from there). */
  hasExternalBase(ent: TypeEnt): boolean {
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): boolean => {
      if (seen.has(t)) return false;
      seen.add(t);
      for (const b of this.bases(t)) if ('ext' in b ? b.via !== 'implements' : walk(b.ent)) return true;
      return false;
    };
    return walk(ent);
  }

  /** Whether a type has a base outside the project named `name` up its heritage (by the names' last segments). */
  hasExternalBaseNamed(ent: TypeEnt, name: string): boolean {
    const last = (n: string): string => n.slice(n.lastIndexOf('.') + 1);
    const want = last(name);
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): boolean => {
      if (seen.has(t)) return false;
      seen.add(t);
      for (const b of this.bases(t)) if ('ext' in b ? last(b.ext) === want : walk(b.ent)) return true;
      return false;
    };
    return walk(ent);
  }

  /** Whether `sub` is `sup` or has it up its heritage. */
  isSubtype(sub: TypeEnt, sup: TypeEnt): boolean {
    if (sub === sup) return true;
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): boolean => {
      if (t === sup) return true;
      if (seen.has(t)) return false;
      seen.add(t);
      for (const b of this.bases(t)) if ('ent' in b && walk(b.ent)) return true;
      return false;
    };
    return walk(sub);
  }

  /** Every type below `ent` in the declared heritage (and, structurally, its implementations), nearest first. */
  subtypes(ent: TypeEnt): TypeEnt[] {
    const hit = this.implMemo.get(ent);
    if (hit) return hit;
    if (!this.subs) {
      this.subs = new Map();
      for (const t of this.w.types.values()) for (const b of this.bases(t)) if ('ent' in b) add(this.subs, b.ent, t);
    }
    const out: TypeEnt[] = [];
    const seen = new Set<TypeEnt>([ent]);
    const queue = [ent];
    while (queue.length) {
      const t = queue.shift()!;
      const direct = [...(this.subs.get(t) ?? [])];
      if (this.w.rules.structural && this.w.isInterface(t)) for (const s of this.structural(t)) direct.push(s);
      for (const s of direct) if (!seen.has(s)) { seen.add(s); out.push(s); queue.push(s); }
    }
    this.implMemo.set(ent, out);
    return out;
  }

  private readonly structMemo = new Map<TypeEnt, TypeEnt[]>();
  /** The project's non-interface types whose method sets have every method of interface `iface` (Go). */
  structural(iface: TypeEnt): TypeEnt[] {
    const hit = this.structMemo.get(iface);
    if (hit) return hit;
    this.structMemo.set(iface, []);
    const names = this.methodNames(iface);
    const decls = this.methodDecls(iface);
    const out: TypeEnt[] = [];
    if (names.size) {
      for (const t of this.w.types.values()) {
        if (t === iface || this.w.isInterface(t)) continue;
        let all = true;
        for (const n of names) {
          const want = decls.get(n);
          if (!this.find(t, n).some((r) => this.w.sym(r).label === 'Method' && (want === undefined || this.signatureFits(want, r)))) { all = false; break; }
        }
        if (all) out.push(t);
      }
    }
    this.structMemo.set(iface, out);
    return out;
  }

  /** The project declarations of an interface's methods by name, its embedded interfaces' included (nearest first). */
  private methodDecls(iface: TypeEnt): Map<string, SymRef> {
    const out = new Map<string, SymRef>();
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): void => {
      if (seen.has(t)) return;
      seen.add(t);
      for (const [n, rs] of t.members) {
        const m = rs.find((r) => this.w.sym(r).label === 'Method');
        if (m && !out.has(n)) out.set(n, m);
      }
      for (const b of this.bases(t)) if ('ent' in b) walk(b.ent);
    };
    walk(iface);
    return out;
  }

  /**
   * Whether method `have` may satisfy interface method `want` (a method set satisfies an interface only with
   * identical signatures): the same number of parameters where both declare them by name, and no parameter or
   * result whose written type is a different known type (a project type or a builtin, by its last name; any other
   * name — a library type, a type parameter — may be anything).
   */
  private signatureFits(want: SymRef, have: SymRef): boolean {
    const a = this.w.sym(want), b = this.w.sym(have);
    if (a.params?.length && b.params?.length) {
      if (a.params.length !== b.params.length) return false;
      for (let i = 0; i < a.params.length; i++) if (this.typesDiffer(a.params[i], b.params[i])) return false;
    }
    // results by their set of types: a group of named results (`(x, y int)`) is written with one type
    const results = (e: Expr | undefined): Set<string | undefined> => new Set((e === undefined ? [] : e.k === 'list' ? e.items : [e]).map((x) => this.typeKey(x)));
    const ra = results(a.returns), rb = results(b.returns);
    if ((ra.size === 0) !== (rb.size === 0)) return false;
    if (ra.has(undefined) || rb.has(undefined)) return true;
    if (ra.size !== rb.size) return false;
    for (const k of ra) if (!rb.has(k)) return false;
    return true;
  }

  private typesDiffer(x: Expr | null, y: Expr | null): boolean {
    const kx = x ? this.typeKey(x) : undefined, ky = y ? this.typeKey(y) : undefined;
    return kx !== undefined && ky !== undefined && kx !== ky;
  }

  private typeNames: Set<string> | undefined;
  /** A written type's shape by its known names (`[]Article`, `map[string]int`), undefined when any name may be anything. */
  private typeKey(e: Expr): string | undefined {
    switch (e.k) {
      case 'id': case 'member': {
        if (!this.typeNames) { this.typeNames = new Set(); for (const t of this.w.types.values()) this.typeNames.add(t.name); }
        return this.typeNames.has(e.name) || this.w.rules.isBuiltin(e.name) ? e.name : undefined;
      }
      case 'array': { const of = this.typeKey(e.of); return of === undefined ? undefined : `[]${of}`; }
      case 'map': { const of = this.typeKey(e.of), key = e.key ? this.typeKey(e.key) : undefined; return of === undefined || key === undefined ? undefined : `map[${key}]${of}`; }
      case 'generic': return this.typeKey(e.of);
      default: return undefined;
    }
  }

  /**
   * The method names of an interface, its embedded interfaces' included (none when one is outside the project and
   * not a library interface the language knows).
   */
  methodNames(iface: TypeEnt): Set<string> {
    const names = new Set<string>();
    const seen = new Set<TypeEnt>();
    let open = false;
    const walk = (t: TypeEnt): void => {
      if (seen.has(t)) return;
      seen.add(t);
      for (const [n, rs] of t.members) if (rs.some((r) => this.w.sym(r).label === 'Method')) names.add(n);
      for (const b of this.bases(t)) {
        if ('ent' in b) walk(b.ent);
        else if (b.methods) for (const n of b.methods) names.add(n);
        else open = true;
      }
    };
    walk(iface);
    return open ? new Set() : names;
  }
}

const NONE: SymRef[] = [];

/** A type as written in a heritage clause, dotted (`http.Handler`, `error`); undefined for any other shape. */
function writtenName(e: Expr): string | undefined {
  if (e.k === 'id') return e.name;
  if (e.k !== 'member') return undefined;
  const obj = writtenName(e.obj);
  return obj === undefined ? undefined : `${obj}.${e.name}`;
}
