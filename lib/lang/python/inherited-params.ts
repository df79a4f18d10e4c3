/**
 * An override's unannotated parameter, typed as pyright infers it: `def from_text(cls, rdclass, rdtype, tok)` in a
 * subclass of a class whose `from_text` declares `tok: Tokenizer` reads `tok` as a Tokenizer. The overridden method is
 * the first class after the method's own in its linearisation that declares the name; it must be declared once, by a
 * `def`, and its parameter list must be the override's but for annotations (the same names, `*args`/`**kw` and
 * separators at the same positions), else the positions would not correspond and nothing is inherited.
 */
import type { Expr, LocalFact, SymbolFact } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';
import type { Sym } from './values.ts';

/** What the inference reads of the resolver. */
export interface InheritHost {
  py(f: number): PyFacts;
  symbols(f: number): readonly SymbolFact[];
  locals(f: number): readonly LocalFact[];
  /** A class's C3 linearisation (itself first; 'ext' for a class outside the project). */
  mro(f: number, s: number): ReadonlyArray<Sym | 'ext'>;
  /** The members a class body declares, by name. */
  membersOf(f: number, s: number): Map<string, number[]>;
}

/** The symbol kinds of a member declared by one `def` (a property getter too: pyright's one function declaration). */
const DEF_KINDS: ReadonlySet<string> = new Set(['method', 'constructor', 'staticmethod', 'classmethod', 'property']);

/** The annotations overrides' unannotated parameters inherit (memoised per file: local → method and position). */
export class InheritedParams {
  private readonly slots = new Map<number, Map<number, [number, number]>>();
  constructor(private readonly h: InheritHost) {}

  /**
   * The annotation, and the file it is written in, that unannotated parameter local `l` of file `f` takes from the
   * method its method overrides; undefined when it takes none (an outside class comes first in the order: what it
   * declares is not read here, so the parameter stays unknown).
   */
  /**
   * (`own`: the override's class, `base`: the class declaring the annotation, whose TypeVars the type arguments `own`'s
   * bases write stand for: `class Child(Visitor[Token])` reads the base's `node: T` as a Token)
   */
  annotationOf(f: number, l: number): { f: number; type: Expr; own: Sym; base: Sym } | undefined {
    const slot = this.slotsOf(f).get(l);
    if (!slot) return undefined;
    const [s, i] = slot;
    const sym = this.h.symbols(f)[s];
    const sig = this.h.py(f).sigs![s];
    // the receiver (`self`, `cls`) is the class's own; `*args` and `**kw` keep their tuple and dict
    if (sig.p[i].startsWith('*') || (i === 0 && sym.kind !== 'staticmethod') || sym.parent < 0) return undefined;
    const order = this.h.mro(f, sym.parent);
    for (let k = 1; k < order.length; k++) {
      const c = order[k];
      if (c === 'ext') return undefined;
      const decls = this.h.membersOf(c.f, c.s).get(sym.name);
      if (!decls) continue;
      if (decls.length !== 1) return undefined;
      const base = this.h.symbols(c.f)[decls[0]];
      const bsig = this.h.py(c.f).sigs?.[decls[0]];
      if (base.label !== 'Method' || !DEF_KINDS.has(base.kind) || !bsig) return undefined;
      if (bsig.p.length !== sig.p.length || bsig.p.some((x, j) => x !== sig.p[j])) return undefined;
      if (i === 0 && base.kind !== 'staticmethod') return undefined;
      const type = bsig.l[i] >= 0 ? this.h.locals(c.f)[bsig.l[i]]?.type : undefined;
      // (`Self` in the base's annotation is the base's own TypeVar, which pyright leaves unsolved in the override)
      return type && !mentionsSelf(type) ? { f: c.f, type, own: { f, s: sym.parent }, base: c } : undefined;
    }
    return undefined;
  }

  private slotsOf(f: number): Map<number, [number, number]> {
    let m = this.slots.get(f);
    if (m) return m;
    m = new Map();
    for (const [s, sig] of Object.entries(this.h.py(f).sigs ?? {})) sig.l.forEach((l, i) => { if (l >= 0) m!.set(l, [Number(s), i]); });
    this.slots.set(f, m);
    return m;
  }
}

/** True when a type mentions the enclosing class's `Self` (`this`). */
function mentionsSelf(t: unknown): boolean {
  if (!t || typeof t !== 'object') return false;
  if ((t as { k?: string }).k === 'this') return true;
  return Object.values(t as Record<string, unknown>).some((v) => (Array.isArray(v) ? v.some(mentionsSelf) : typeof v === 'object' && mentionsSelf(v)));
}
