/**
 * The fields a record's keyword arguments name (records.ts reads the class statements): a construction of a class
 * whose `__init__` a dataclass, attrs, NamedTuple, pydantic or `dataclass_transform` makes from fields takes them as
 * keywords (`Point(x=1)`), as does a copy with changes (`dataclasses.replace(p, x=1)`, a named tuple's `_replace`).
 */
import type { SymbolFact } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';
import type { RecordKind } from './records.ts';

interface Sym { f: number; s: number }

/** What the lookup reads of the resolver (resolve.ts). */
export interface RecordHost {
  py(f: number): PyFacts;
  sym(f: number, s: number): SymbolFact;
  /** The C3 linearisation of a class, itself first ('ext': a class outside the project). */
  mro(f: number, s: number): Array<Sym | 'ext'>;
  /** The `__init__` a class's body defines, if any. */
  ownInit(f: number, s: number): Sym | undefined;
  /** The project functions and classes a class's decorators name (written with or without arguments). */
  decoratorSymbols(f: number, s: number): Sym[];
  /** Every file's path, by file index. */
  paths(): readonly string[];
}

/** A class's record kind, with whether it makes an `__init__` (false: `@dataclass(init=False)`). */
interface Kind { kind: RecordKind; init: boolean }

/** Records and their fields, memoised per class. */
export class RecordFields {
  private readonly kinds = new Map<number, Kind | null>();
  private readonly fields = new Map<number, Map<string, Sym> | null>();
  private stubIndex: Map<string, number> | undefined;
  private pathList: readonly string[] | undefined;
  constructor(private readonly h: RecordHost) {}

  /**
   * The fields a construction of class (f, s) takes as keywords, by name: those of the first class of its order that
   * makes an `__init__` from fields; undefined when a class before it defines `__init__`, or an outside class comes
   * first (its keywords are parameters, or unknown).
   */
  ofConstruction(f: number, s: number): Map<string, Sym> | undefined {
    const key = f * 0x100000 + s;
    const hit = this.fields.get(key);
    if (hit !== undefined) return hit ?? undefined;
    this.fields.set(key, null); // cycle guard
    let out: Map<string, Sym> | undefined;
    for (const c of this.h.mro(f, s)) {
      if (c === 'ext' || this.h.ownInit(c.f, c.s)) break;
      const k = this.kindOf(c.f, c.s);
      if (k?.init) { out = this.fieldsOf(c.f, c.s); break; }
    }
    this.fields.set(key, out ?? null);
    return out;
  }

  /** True for a `typing.NamedTuple` class (its `_replace` takes its fields as keywords). */
  isNamedTuple(f: number, s: number): boolean {
    return this.kindOf(f, s)?.kind === 'namedtuple';
  }

  /**
   * A class's record kind: its decorator's or base's as written, a decorator that `dataclass_transform` marks, else
   * what a base makes of every class deriving from it (a pydantic model, a class `dataclass_transform` marks).
   */
  private kindOf(f: number, s: number): Kind | undefined {
    const key = f * 0x100000 + s;
    const hit = this.kinds.get(key);
    if (hit !== undefined) return hit ?? undefined;
    this.kinds.set(key, null); // cycle guard
    const py = this.h.py(f);
    const own = py.records?.[s];
    let k: Kind | undefined = own ? { kind: own.kind, init: own.init !== false } : undefined;
    if (!k && this.h.decoratorSymbols(f, s).some((d) => this.isTransform(d))) k = { kind: 'dataclass', init: true };
    if (!k) {
      for (const c of this.h.mro(f, s).slice(1)) {
        if (c === 'ext') continue;
        if (this.isTransform(c)) { k = { kind: 'dataclass', init: true }; break; }
        const b = this.kindOf(c.f, c.s);
        if (b?.kind === 'model') { k = { kind: 'model', init: true }; break; }
      }
    }
    this.kinds.set(key, k ?? null);
    return k;
  }

  /**
   * True for a function or class `dataclass_transform` marks, in its module or in the stub beside it (`m.pyi` of an
   * `m.py`): an import names the module's declaration, which runs, while a checker reads the stub's, whose marker is
   * often the only one (a module-level name of the same name there).
   */
  private isTransform(d: Sym): boolean {
    if (this.h.py(d.f).transforms?.includes(d.s)) return true;
    const sym = this.h.sym(d.f, d.s);
    const stubs = this.stubs();
    const stub = sym.parent < 0 ? stubs.get(this.pathList![d.f]) : undefined;
    if (stub === undefined) return false;
    const marked = this.h.py(stub).transforms ?? [];
    return marked.some((s) => this.h.sym(stub, s).name === sym.name && this.h.sym(stub, s).parent < 0);
  }

  /** Stub files by the path of the module they sit beside (`m.py` → the index of `m.pyi`). */
  private stubs(): Map<string, number> {
    if (this.stubIndex) return this.stubIndex;
    this.stubIndex = new Map();
    this.pathList = this.h.paths();
    this.pathList.forEach((p, f) => { if (p.endsWith('.pyi')) this.stubIndex!.set(p.slice(0, -1), f); });
    return this.stubIndex;
  }

  /** The fields of record class (f, s): its own and its record bases' (a class nearer it declares a name again). */
  private fieldsOf(f: number, s: number): Map<string, Sym> {
    const out = new Map<string, Sym>();
    const order = this.h.mro(f, s).filter((c): c is Sym => c !== 'ext').reverse();
    for (const c of order) {
      const k = this.kindOf(c.f, c.s);
      if (!k) continue;
      for (const field of this.h.py(c.f).fields?.[c.s] ?? []) {
        const name = this.h.sym(c.f, field).name;
        // attrs takes a private `_x` as the keyword `x`; a pydantic model's private attributes are no fields
        if ((k.kind === 'attrs' || k.kind === 'model') && name.startsWith('_')) continue;
        out.set(name, { f: c.f, s: field });
      }
    }
    return out;
  }
}
