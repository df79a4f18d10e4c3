/**
 * Python classes as a lookup reads them: the members a class body declares, its bases, its C3 linearisation, a
 * member found through that order (`super()` starting after a class), and its metaclass. Memoised per class; the
 * values of base and metaclass expressions come from the resolver (resolve.ts).
 */
import type { Expr, SymbolFact } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';
import { isObjectMember } from './builtins.ts';
import { c3Merge } from './c3.ts';
import type { Sym, Val } from './values.ts';

/** What the class lookup reads of the resolver. */
export interface ClassHost {
  py(f: number): PyFacts;
  symbols(f: number): readonly SymbolFact[];
  /** The symbols of file f defined in a branch a version check rules out (no members). */
  unreachedOf(f: number): Set<number> | undefined;
  /** The value of an expression of file f (a base or a metaclass as written). */
  value(f: number, e: Expr, depth: number): Val;
  /** The module-qualified name of an outside base expression of file f (`typing.Generic`), when it reads as one. */
  baseName(f: number, e: Expr): string | undefined;
}

/**
 * Outside bases that add no member to a class beyond `object`'s: `object` itself and the typing special forms a class
 * derives from to be generic or structural (`Generic[T]`, `Protocol`).
 */
const MEMBERLESS_BASES = new Set(['builtins.object', 'typing.Generic', 'typing.Protocol', 'typing_extensions.Generic', 'typing_extensions.Protocol']);

/** Class members, bases, linearisations and metaclasses of a project's Python classes. */
export class ClassOrder {
  private readonly members = new Map<number, Map<string, number[]>>();
  private readonly mroMemo = new Map<number, Array<Sym | 'ext'>>();
  constructor(private readonly h: ClassHost) {}

  /** True for a class, a `Protocol` (Interface) or an `Enum`. */
  isClass(f: number, s: number): boolean {
    const l = this.h.symbols(f)[s].label;
    return l === 'Class' || l === 'Interface' || l === 'Enum';
  }

  /** The members a class body declares, by name (methods, attributes, nested classes; first declaration first). */
  membersOf(f: number, s: number): Map<string, number[]> {
    const key = f * 0x100000 + s;
    let m = this.members.get(key);
    if (m) return m;
    m = new Map();
    const syms = this.h.symbols(f);
    const unreached = this.h.unreachedOf(f);
    for (let i = s + 1; i < syms.length; i++) {
      if (syms[i].parent !== s || unreached?.has(i)) continue;
      const l = m.get(syms[i].name);
      if (l) l.push(i); else m.set(syms[i].name, [i]);
    }
    this.members.set(key, m);
    return m;
  }

  /** The base classes of a class (project classes, or 'ext' for one outside the project or unknown). */
  bases(f: number, s: number): Array<Sym | 'ext'> {
    const out: Array<Sym | 'ext'> = [];
    for (const e of this.h.symbols(f)[s].extends ?? []) {
      const v = this.h.value(f, e, 1);
      const label = v.t === 'sym' ? this.h.symbols(v.f)[v.s].label : undefined;
      if (v.t === 'sym' && label !== 'Function' && label !== 'Method' && this.isClass(v.f, v.s)) out.push({ f: v.f, s: v.s });
      else out.push('ext');
    }
    return out;
  }

  /** The C3 linearisation of a class (itself first); an inconsistent hierarchy falls back to depth-first order. */
  mro(f: number, s: number): Array<Sym | 'ext'> {
    const key = f * 0x100000 + s;
    const hit = this.mroMemo.get(key);
    if (hit) return hit;
    this.mroMemo.set(key, [{ f, s }]); // cycle guard
    const bases = this.bases(f, s);
    const seqs: Array<Array<Sym | 'ext'>> = bases.map((b) => (b === 'ext' ? ['ext'] : this.mro(b.f, b.s)));
    seqs.push([...bases]);
    const same = (a: Sym | 'ext', b: Sym | 'ext'): boolean => a !== 'ext' && b !== 'ext' && a.f === b.f && a.s === b.s;
    const merged = c3Merge(seqs, same, (x) => x === 'ext');
    if (merged === undefined) {
      // no consistent order (a TypeError at run time): depth-first, duplicates dropped
      const seen: Array<Sym | 'ext'> = [{ f, s }];
      for (const b of seqs.flat()) if (b === 'ext' || !seen.some((x) => same(x, b))) seen.push(b);
      this.mroMemo.set(key, seen);
      return seen;
    }
    const out: Array<Sym | 'ext'> = [{ f, s }, ...merged];
    this.mroMemo.set(key, out);
    return out;
  }

  /**
   * Member `name` looked up through a class's linearisation (`after`: start after that class, as `super()` does):
   * the project symbol, 'ext' when only outside classes may have it (`object`'s members, which every class has),
   * undefined when nothing has it.
   */
  findMember(f: number, s: number, name: string, after?: Sym): Sym | 'ext' | undefined {
    const order = this.mro(f, s);
    let start = 0;
    if (after) {
      start = order.findIndex((x) => x !== 'ext' && x.f === after.f && x.s === after.s) + 1;
      if (start === 0) return undefined; // `super(C, self)` with C not in the order: no lookup to make
    }
    let ext = false;
    for (let k = start; k < order.length; k++) {
      const c = order[k];
      if (c === 'ext') { ext = true; continue; }
      const l = this.membersOf(c.f, c.s).get(name);
      if (l) return { f: c.f, s: pickMember(this.h.symbols(c.f), l) };
    }
    return ext || isObjectMember(name) ? 'ext' : undefined;
  }

  /**
   * Member `name` as the data model looks up an operator method: findMember's answer, but undefined (no such method)
   * when it is no member of `object` and the only outside classes the linearisation reaches add none
   * (`class Resource(Generic[D])` has no `__matmul__`, so `resource @ registry` runs the registry's `__rmatmul__`).
   */
  operatorMember(f: number, s: number, name: string): Sym | 'ext' | undefined {
    const m = this.findMember(f, s, name);
    if (m !== 'ext' || isObjectMember(name)) return m;
    return this.mro(f, s).every((c) => c === 'ext' || this.outsideBasesMemberless(c.f, c.s)) ? undefined : m;
  }

  /** True when every base of a class that is not a project class is `object` or a typing special form. */
  private outsideBasesMemberless(f: number, s: number): boolean {
    const exprs = this.h.symbols(f)[s].extends ?? [];
    const bases = this.bases(f, s);
    return bases.every((b, i) => b !== 'ext' || MEMBERLESS_BASES.has(this.h.baseName(f, exprs[i]) ?? ''));
  }

  /**
   * The metaclass of a class: the first `metaclass=` its linearisation declares, a project class or 'ext' (one outside
   * the project); undefined when none declares one (`type`, whose members are `object`'s).
   */
  metaclassOf(f: number, s: number, depth: number): Sym | 'ext' | undefined {
    for (const c of this.mro(f, s)) {
      const e = c === 'ext' ? undefined : this.h.py(c.f).metaclasses?.[c.s];
      if (!e || c === 'ext') continue;
      const v = this.h.value(c.f, e, depth + 1);
      return v.t === 'sym' && this.isClass(v.f, v.s) ? { f: v.f, s: v.s } : v.t === 'ext' ? 'ext' : undefined;
    }
    return undefined;
  }
}

/** Of several declarations of one member name, the one a lookup finds (a property's getter before its setter). */
export function pickMember(symbols: readonly SymbolFact[], list: number[]): number {
  if (list.length === 1) return list[0];
  const getter = list.find((i) => symbols[i].kind === 'property');
  if (getter !== undefined) return getter;
  // a method the class defines, later replaced on an instance (`self.bind = finalized_bind`, no annotation): the
  // `def` is the member's declared type, which a type checker keeps for every access, not the assigned value
  const declared = list.filter((i) => !(symbols[i].kind === 'attribute' && !symbols[i].type));
  if (declared.length && declared.length < list.length && declared.every((i) => symbols[i].label === 'Method')) return declared[declared.length - 1];
  // redefinitions: the last one wins at run time
  return list[list.length - 1];
}
