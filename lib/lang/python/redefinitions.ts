/**
 * Names a module or a class body defines more than once (`if WIN: def lock…` / `else: def lock…`, `try: … except
 * ImportError: def f…`, a plain redefinition): a checker names every declaration of the name at a call of it, so
 * such a call reaches each definition (what the call gives stays the one picked first).
 */
import type { SymbolFact } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';
import { isSignatureKind } from './typing.ts';
import { union, type Val, type Via } from './values.ts';

/** What the redefinitions read of the resolver. */
export interface RedefinitionHost {
  py(f: number): PyFacts;
  symbols(f: number): readonly SymbolFact[];
  /** The symbols of file f a version check rules out. */
  unreachedOf(f: number): Set<number> | undefined;
  /** The members a class body declares, by name. */
  membersOf(f: number, s: number): Map<string, number[]>;
  /** What symbol s of file f is, read by `via`. */
  symbolValue(f: number, s: number, via: Via): Val;
}

const PLAIN_METHOD_KINDS: ReadonlySet<string> = new Set(['method', 'constructor', 'staticmethod', 'classmethod']);

/** Every definition of a name defined more than once, for the targets of a call of it. */
export class Redefinitions {
  constructor(private readonly h: RedefinitionHost) {}

  private sym(f: number, s: number): SymbolFact { return this.h.symbols(f)[s]; }

  /**
   * Every function and class of the name that definition s has, at module level or in the body of the function s is
   * in, when the name is defined again there (`def f…` then `if PYPY: def f…`, or a plain redefinition): a checker
   * names each declaration of the name at a call of it; undefined when that is s alone, or the name is also assigned. (Only the call's targets: what the call
   * gives stays the first definition's.)
   */
  redefinitions(f: number, s: number): number[] | undefined {
    const sym = this.sym(f, s);
    if (!sym.reassigned || (sym.label !== 'Function' && sym.label !== 'Class')) return undefined;
    // a function's own nested definitions of one name (`if …: def append…` / `else: def append…`) too
    if (sym.parent !== -1 && this.sym(f, sym.parent).label !== 'Function' && this.sym(f, sym.parent).label !== 'Method') return undefined;
    const syms = this.h.symbols(f);
    const unreached = this.h.unreachedOf(f);
    const out: number[] = [];
    for (let i = 0; i < syms.length; i++) {
      const o = syms[i];
      if (o.parent !== sym.parent || o.name !== sym.name || unreached?.has(i) || isSignatureKind(o.kind)) continue;
      if (o.label !== 'Function' && o.label !== 'Class') return undefined; // also assigned: as before
      out.push(i);
    }
    // nested under a platform test (`if os.name == "posix": def strip…`), a checker names its own platform's: as before
    if (sym.parent !== -1 && out.some((i) => this.h.py(f).platformed?.includes(i))) return undefined;
    return out.length > 1 ? out : undefined;
  }

  /**
   * A module-level function or class read as another module's attribute (`locks.lock`) whose name that module defines
   * again (`if WIN: def lock…` / `else: def lock…`, `try: … except ImportError: def f…`): each definition, as a checker
   * names every declaration of the attribute; otherwise `v` as it is (an import names the last one: topNames).
   */
  withRedefinitions(f: number, v: Val): Val {
    if (v.t === 'sym' && this.sym(v.f, v.s).parent !== -1) return this.withMemberRedefinitions(v);
    if (v.t !== 'sym' || v.f === f || v.via !== 'module-member') return v;
    const defs = this.redefinitions(v.f, v.s);
    return defs ? union(defs.map((d) => this.h.symbolValue(v.f, d, v.via))) : v;
  }

  /**
   * A method its class body defines more than once by `def` (`if PY310: def build_class…` / `else: def
   * build_class…`, or a plain redefinition), called: each definition, as a checker names every declaration of the
   * member (what the call gives stays the one findMember picked); otherwise `v` as it is. Not when the name is also
   * an attribute or a property's parts (findMember's pick is what a checker names then), nor under a platform test.
   */
  private withMemberRedefinitions(v: Val & { t: 'sym' }): Val {
    const sym = this.sym(v.f, v.s);
    if (sym.label !== 'Method' || !sym.reassigned) return v;
    const list = this.h.membersOf(v.f, sym.parent).get(sym.name) ?? [];
    const defs = list.filter((i) => !isSignatureKind(this.sym(v.f, i).kind));
    if (defs.length < 2 || defs.some((i) => this.sym(v.f, i).label !== 'Method' || !PLAIN_METHOD_KINDS.has(this.sym(v.f, i).kind))) return v;
    // under a platform test a checker names the definition for its own platform only: the one picked stays
    if (defs.some((i) => this.h.py(v.f).platformed?.includes(i))) return v;
    return union(defs.map((d) => ({ ...v, s: d })));
  }
}
