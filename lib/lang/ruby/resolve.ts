/**
 * Ruby's resolver: the relations of a project's Ruby files from their facts (collect.ts), written through the shared
 * resolver's sink.
 *
 * Classes and modules are one global namespace of constants: a class reopened in several files is one entity with
 * several declarations (parts). A constant path is looked up as Ruby does: the lexical nesting (innermost first),
 * the ancestors of the innermost class, then the top level. Method lookup follows Ruby's ancestors: prepended
 * modules, the class, included modules (the last included first), then the superclass chain; a class object's
 * methods are its singleton methods, the modules it extends, and its superclass's. Receivers are known from `self`,
 * constants (`Foo.bar`, `Foo.new` → `initialize`), locals and instance variables assigned `Foo.new` (or a project
 * method returning one), literals (core classes). A receiver nothing types is counted unresolved, never guessed.
 */
import type { SymbolFact } from '../../extract/facts.ts';
import type { LanguageRelations, RelationSink } from '../../extract/relations.ts';
import type { RbCall, RbConst, RbFacts, RbVal } from './facts.ts';
import { RbModules, zeitwerkName, type RbSettings } from './modules.ts';
import { CORE_CONSTANTS, isCoreMethod, isDslName, isModuleMethod, isObjectMethod } from './builtins.ts';

interface Sym { f: number; s: number }

/** A class or module of the project: its declarations and members. */
interface Ent {
  fqn: string;
  module: boolean;
  parts: Sym[];
  /** Instance methods (attributes' readers and writers included) and singleton methods, by name. */
  imeth: Map<string, Sym[]>;
  smeth: Map<string, Sym[]>;
  /** Constants that are no class (by name). */
  consts: Map<string, Sym>;
  extendSelf: boolean;
  /** Memos. */
  primary?: Sym;
  /** The files Zeitwerk names for it (`lib/a/b.rb` for `A::B`). */
  zeitwerk?: number[];
  sup?: Ent | 'ext' | null;
  iAnc?: Anc[];
  sAnc?: Anc[];
}

/** One step of an ancestor list: a project entity's instance or singleton methods, or something outside the project. */
type Anc = { ent: Ent; side: 'i' | 's' } | 'ext';

/** A value: a class object, an instance (`duck`: typed by the methods called on it, not by a declaration), outside the project, unknown. */
type Val = { t: 'cls'; ent: Ent } | { t: 'inst'; ent: Ent; duck?: true } | { t: 'ext' } | { t: 'unknown' };
const UNKNOWN: Val = { t: 'unknown' };
const EXT: Val = { t: 'ext' };

/** What a constant path names: a class or module, a constant symbol, something outside the project. */
type ConstHit = { ent: Ent } | { sym: Sym } | 'ext';

/**
 * What a call reaches: its targets (with `dispatch`, the overrides in subclasses a receiver of the class may be),
 * outside the project, or nothing known (`guess`: the one project method of that name, a name-only edge).
 */
type Outcome = { targets: Sym[]; reason: string; dispatch?: Sym[] } | { guess: Sym } | 'ext' | undefined;

const CONFIDENCE: Record<string, number> = {
  'this-member': 0.95, 'typed-receiver': 0.9, constructor: 1, 'static-member': 1, 'super-member': 0.95, 'global-function': 0.9,
  'mixin-host': 0.6, 'block-method': 0.9, 'inferred-receiver': 0.85, dispatch: 0.5, 'name-only': 0.3, 'duck-typed': 0.45,
};
/** Overrides in subclasses followed for one call at most (past it the call keeps its declared target only). */
const MAX_DISPATCH = 8;
const MAX_DEPTH = 16;
/** A bare call in a module's method may be its includer's: at most this many includers' methods are linked. */
const MAX_HOSTS = 4;

/** Resolves the relations of a project's Ruby files (`rbFiles`: their file numbers). */
export class RubyResolver implements LanguageRelations {
  private readonly ents = new Map<string, Ent>();
  /** Constants outside classes (top level), by name. */
  private readonly rootConsts = new Map<string, Sym>();
  /** Top-level `def`s (private methods of Object: callable bare everywhere), by name. */
  private readonly topFns = new Map<string, Sym[]>();
  /** `def`s inside a block outside any class (RbMethodFacts.block), by file: callable bare inside that block only. */
  private readonly blockFns = new Map<number, Sym[]>();
  /** Each class symbol's entity, by file then symbol. */
  private readonly entOf = new Map<number, Map<number, Ent>>();
  private readonly modules: RbModules;
  private readonly fileOf = new Map<string, number>();
  /** Modules → the classes and modules that include or prepend them. */
  private readonly hosts = new Map<Ent, Ent[]>();
  /** Classes → their direct subclasses. */
  private readonly subclasses = new Map<Ent, Ent[]>();
  /** Every method and attribute of the project by name (instance and singleton): name-only candidates. */
  private readonly byName = new Map<string, Sym[]>();
  private readonly constMemo = new Map<string, ConstHit | undefined>();
  private readonly callMemo = new Map<string, Outcome>();
  private readonly ivarMemo = new Map<string, Val>();
  /** Per file: each local's names called on it (`x.a`, `x.b`), for duck typing. */
  private readonly usesMemo = new Map<number, Map<number, Set<string>>>();
  private readonly duckMemo = new Map<string, Val>();
  private readonly overrideMemo = new Map<string, Sym[]>();
  private depth = 0;

  constructor(private readonly sink: RelationSink, rbFiles: readonly number[], settings: RbSettings) {
    const files = sink.files;
    for (const f of rbFiles) this.fileOf.set(files[f].path, f);
    this.modules = new RbModules(rbFiles.map((f) => files[f].path), settings);
    for (const f of rbFiles) this.index(f);
    for (const ent of this.ents.values()) for (const p of ent.parts) {
      for (const m of this.rb(p.f).classes[p.s]?.mixins ?? []) {
        if (m.kind === 'extend') continue;
        const hit = this.constant(p.f, m.c);
        if (hit && hit !== 'ext' && 'ent' in hit) { const l = this.hosts.get(hit.ent); if (l) { if (!l.includes(ent)) l.push(ent); } else this.hosts.set(hit.ent, [ent]); }
      }
    }
    for (const ent of this.ents.values()) {
      const sup = this.superOf(ent);
      if (sup && sup !== 'ext') push(this.subclasses, sup, ent);
      for (const table of [ent.imeth, ent.smeth]) for (const [name, l] of table) for (const r of l) push(this.byName, name, r);
    }
    for (const l of this.topFns.values()) for (const r of l) push(this.byName, this.sym(r).name, r);
    for (const l of this.blockFns.values()) for (const r of l) push(this.byName, this.sym(r).name, r);
    this.entries();
  }

  private rb(f: number): RbFacts { return this.sink.files[f].rb as RbFacts; }
  private sym(r: Sym): SymbolFact { return this.sink.files[r.f].symbols[r.s]; }

  // ---------------------------------------------------------------- the world
  private index(f: number): void {
    const facts = this.sink.files[f];
    const rb = this.rb(f);
    const fqn: string[] = [];
    for (let s = 0; s < facts.symbols.length; s++) {
      const sym = facts.symbols[s];
      const cls = rb.classes[s];
      const parentEnt = sym.parent >= 0 ? this.entOf.get(f)?.get(sym.parent) : undefined;
      if (cls) {
        const name = (cls.top || !parentEnt ? '' : `${parentEnt.fqn}::`) + cls.path.join('::');
        fqn[s] = name;
        let ent = this.ents.get(name);
        if (!ent) {
          ent = { fqn: name, module: sym.kind === 'module', parts: [], imeth: new Map(), smeth: new Map(), consts: new Map(), extendSelf: false };
          this.ents.set(name, ent);
        }
        ent.parts.push({ f, s });
        if (cls.extendSelf) ent.extendSelf = true;
        let m = this.entOf.get(f);
        if (!m) this.entOf.set(f, (m = new Map()));
        m.set(s, ent);
        continue;
      }
      const r = { f, s };
      if (!parentEnt) {
        if (sym.label === 'Function' && sym.parent === -1) {
          if (rb.methods[s]?.block) push(this.blockFns, f, r);
          else push(this.topFns, sym.name, r);
        }
        else if (sym.kind === 'constant' && sym.parent === -1 && !this.rootConsts.has(sym.name)) this.rootConsts.set(sym.name, r);
        continue;
      }
      if (sym.kind === 'constant') { if (!parentEnt.consts.has(sym.name)) parentEnt.consts.set(sym.name, r); continue; }
      const extra = rb.methods[s];
      const table = sym.isStatic ? parentEnt.smeth : parentEnt.imeth;
      if (sym.label === 'Property') {
        if (extra?.reads) push(table, sym.name, r);
        if (extra?.writes) push(table, `${sym.name}=`, r);
        continue;
      }
      push(table, sym.name, r);
      if (extra?.moduleFunction) push(parentEnt.smeth, sym.name, r);
    }
  }

  /** The declaration that stands for an entity: the one in the file Zeitwerk names for it, else one with a superclass, else the first. */
  private primary(ent: Ent): Sym {
    if (ent.primary) return ent.primary;
    let best = ent.parts[0];
    const zw = this.zeitwerkFiles(ent);
    if (zw.length > 0) best = ent.parts.find((p) => p.f === zw[0])!;
    else {
      const withSup = ent.parts.find((p) => this.rb(p.f).classes[p.s]?.sup !== undefined);
      if (withSup) best = withSup;
    }
    return (ent.primary = best);
  }

  /** The files among an entity's declarations that Zeitwerk names for it (memoised). */
  private zeitwerkFiles(ent: Ent): number[] {
    if (!ent.zeitwerk) {
      const out: number[] = [];
      for (const p of ent.parts) if (!out.includes(p.f) && zeitwerkName(this.sink.files[p.f].path) === ent.fqn) out.push(p.f);
      ent.zeitwerk = out;
    }
    return ent.zeitwerk;
  }

  // ---------------------------------------------------------------- constants
  /** What constant c of file f names (memoised). */
  private constant(f: number, c: number): ConstHit | undefined {
    return this.constPrefix(f, c, this.rb(f).consts[c].path.length).hit;
  }

  /** What the first `n` segments of constant c name, and what each segment names. */
  private constPrefix(f: number, c: number, n: number): { hit: ConstHit | undefined; segs: Array<ConstHit | undefined> } {
    const rc = this.rb(f).consts[c];
    const segs: Array<ConstHit | undefined> = [];
    let cur = this.firstSegment(f, rc);
    segs.push(cur);
    for (let i = 1; i < n; i++) {
      if (!cur) break;
      if (cur === 'ext') {
        // a library's class or module the project reopens by its full name (`class Minitest::Test … end`)
        const reopened = this.ents.get(rc.path.slice(0, i + 1).join('::'));
        cur = reopened ? { ent: reopened } : 'ext';
        segs.push(cur);
        continue;
      }
      if (!('ent' in cur)) { cur = undefined; segs.push(undefined); break; }
      cur = this.member(cur.ent, rc.path[i]) ?? (CORE_CONSTANTS.has(cur.ent.fqn) ? 'ext' : undefined);
      segs.push(cur);
    }
    return { hit: segs.length === n ? segs[n - 1] : undefined, segs };
  }

  /** Constant `name` inside entity ent (or its ancestors'). */
  private member(ent: Ent, name: string): ConstHit | undefined {
    for (const a of this.ancestors(ent, 'i')) {
      if (a === 'ext') continue;
      const nested = this.ents.get(`${a.ent.fqn}::${name}`);
      if (nested) return { ent: nested };
      const k = a.ent.consts.get(name);
      if (k) return { sym: k };
    }
    return undefined;
  }

  private firstSegment(f: number, rc: RbConst): ConstHit | undefined {
    const name = rc.path[0];
    const key = `${f}\u0000${rc.nest}\u0000${rc.top ? '::' : ''}${name}`;
    if (this.constMemo.has(key)) return this.constMemo.get(key);
    let out: ConstHit | undefined;
    if (!rc.top) {
      // lexical nesting, innermost first
      const syms = this.sink.files[f].symbols;
      for (let s = rc.nest; s >= 0 && !out; s = syms[s].parent) {
        const ent = this.entOf.get(f)?.get(s);
        if (!ent) continue;
        const nested = this.ents.get(`${ent.fqn}::${name}`);
        if (nested) out = { ent: nested };
        else { const k = ent.consts.get(name); if (k) out = { sym: k }; }
      }
      // the ancestors of the innermost class
      if (!out && rc.nest >= 0) {
        const ent = this.entOf.get(f)?.get(rc.nest);
        if (ent) out = this.member(ent, name);
      }
    }
    if (!out) {
      const ent = this.ents.get(name);
      if (ent) out = { ent };
      else { const k = this.rootConsts.get(name); if (k) out = { sym: k }; }
    }
    // a constant no project file defines: a gem's, the standard library's, or core's
    if (!out) out = 'ext';
    this.constMemo.set(key, out);
    return out;
  }

  /** Whether a class's superclass chain reaches one of `names` (a project class's or a library class's as written). */
  private below(ent: Ent, names: ReadonlySet<string>): boolean {
    const seen = new Set<Ent>([ent]);
    for (let cur: Ent = ent; ;) {
      const sup = this.superOf(cur);
      if (sup === null) return false;
      if (sup === 'ext') {
        const part = cur.parts.find((p) => this.rb(p.f).classes[p.s]?.sup !== undefined);
        if (!part) return false;
        const written = this.rb(part.f).consts[this.rb(part.f).classes[part.s]!.sup!].path.join('::').replace(/^::/, '');
        return names.has(written);
      }
      if (names.has(sup.fqn)) return true;
      if (seen.has(sup)) return false;
      seen.add(sup);
      cur = sup;
    }
  }

  // ---------------------------------------------------------------- ancestors
  /** The superclass of a class: a project class, outside the project, or none (Object). */
  private superOf(ent: Ent): Ent | 'ext' | null {
    if (ent.sup !== undefined) return ent.sup;
    ent.sup = null; // cycle guard
    let out: Ent | 'ext' | null = null;
    let declared = false;
    for (const p of ent.parts) {
      const sup = this.rb(p.f).classes[p.s]?.sup;
      if (sup === undefined) continue;
      const hit = this.constant(p.f, sup);
      out = hit && hit !== 'ext' && 'ent' in hit && hit.ent !== ent ? hit.ent : 'ext';
      declared = true;
      break;
    }
    // a library's class the project only reopens (`class Minitest::Test`, its namespace no project module): its
    // superclass is the library's, unknown here
    if (!declared && !ent.module && ent.fqn.includes('::') && !this.ents.has(ent.fqn.slice(0, ent.fqn.indexOf('::')))) out = 'ext';
    return (ent.sup = out);
  }

  /** Mixins of one kind over every part of an entity, in source order. */
  private mixins(ent: Ent, kind: 'include' | 'extend' | 'prepend'): Array<Ent | 'ext'> {
    const out: Array<Ent | 'ext'> = [];
    for (const p of ent.parts) {
      for (const m of this.rb(p.f).classes[p.s]?.mixins ?? []) {
        if (m.kind !== kind) continue;
        const hit = this.constant(p.f, m.c);
        out.push(hit && hit !== 'ext' && 'ent' in hit ? hit.ent : 'ext');
      }
    }
    return out;
  }

  /**
   * Ruby's ancestors of an entity: for instances (`i`), prepends, the class, includes (last first), then the
   * superclass's; for the class object (`s`), the modules it extends (last first), its singleton methods, then the
   * superclass's class object.
   */
  private ancestors(ent: Ent, side: 'i' | 's'): Anc[] {
    const memo = side === 'i' ? ent.iAnc : ent.sAnc;
    if (memo) return memo;
    const out: Anc[] = [];
    if (side === 'i') ent.iAnc = out; else ent.sAnc = out; // cycle guard: a partial list
    const seen = new Set<string>();
    const add = (a: Anc): void => {
      const k = a === 'ext' ? 'ext' : `${a.side}${a.ent.fqn}`;
      if (a !== 'ext' && seen.has(k)) return;
      seen.add(k);
      out.push(a);
    };
    const moduleChain = (m: Ent | 'ext'): void => {
      if (m === 'ext') { add('ext'); return; }
      for (const a of this.ancestors(m, 'i')) add(a);
    };
    if (side === 'i') {
      for (const m of this.mixins(ent, 'prepend').reverse()) moduleChain(m);
      add({ ent, side: 'i' });
      for (const m of this.mixins(ent, 'include').reverse()) moduleChain(m);
      if (!ent.module) {
        const sup = this.superOf(ent);
        if (sup === 'ext') add('ext');
        else if (sup) for (const a of this.ancestors(sup, 'i')) add(a);
      }
    } else {
      for (const m of this.mixins(ent, 'extend').reverse()) moduleChain(m);
      add({ ent, side: 's' });
      if (ent.extendSelf) for (const a of this.ancestors(ent, 'i')) add(a);
      if (!ent.module) {
        const sup = this.superOf(ent);
        if (sup === 'ext') add('ext');
        else if (sup) for (const a of this.ancestors(sup, 's')) add(a);
      }
    }
    return out;
  }

  /** Methods named `name` first found up an ancestor list (after `after` when given), or 'ext' past an outside ancestor. */
  private lookup(ancs: Anc[], name: string, after?: Anc): Sym[] | 'ext' | undefined {
    let i = 0;
    if (after && after !== 'ext') {
      const at = ancs.findIndex((a) => a !== 'ext' && a.ent === after.ent && a.side === after.side);
      i = at < 0 ? ancs.length : at + 1;
    }
    let ext = false;
    for (; i < ancs.length; i++) {
      const a = ancs[i];
      if (a === 'ext') { ext = true; continue; }
      const hit = (a.side === 'i' ? a.ent.imeth : a.ent.smeth).get(name);
      if (hit) return hit;
    }
    return ext ? 'ext' : undefined;
  }

  // ---------------------------------------------------------------- values
  private selfOf(f: number, cls: number, single: boolean): Val {
    const ent = cls >= 0 ? this.entOf.get(f)?.get(cls) : undefined;
    if (!ent) return UNKNOWN;
    return single ? { t: 'cls', ent } : { t: 'inst', ent };
  }

  /** The value of v, read in file f where self is `self`. */
  private value(f: number, v: RbVal, self: Val, cls: number): Val {
    if (this.depth > MAX_DEPTH) return UNKNOWN;
    this.depth++;
    try {
      switch (v.k) {
        case 'self': return self;
        case 'lit': return EXT;
        case 'const': {
          const hit = this.constant(f, v.c);
          if (!hit) return UNKNOWN;
          if (hit === 'ext') return EXT;
          if ('ent' in hit) return { t: 'cls', ent: hit.ent };
          const ret = this.rb(hit.sym.f).methods[hit.sym.s]?.ret;
          return ret ? this.value(hit.sym.f, ret, UNKNOWN, this.sym(hit.sym).parent) : UNKNOWN;
        }
        case 'local': {
          const l = this.rb(f).locals[v.l];
          if (l.v) return l.n === 1 ? this.value(f, l.v, self, cls) : UNKNOWN;
          return this.duck(f, v.l);
        }
        case 'ivar': return self.t === 'inst' ? this.ivar(self.ent, v.name) : UNKNOWN;
        case 'call': return this.callValue(f, this.rb(f).calls[v.c]);
        case 'inst': {
          const hit = this.constant(f, v.c);
          return !hit ? UNKNOWN : hit === 'ext' ? EXT : 'ent' in hit ? { t: 'inst', ent: hit.ent } : UNKNOWN;
        }
        default: return UNKNOWN;
      }
    } finally { this.depth--; }
  }

  /**
   * A local nothing assigns a known value (a parameter, a block's parameter, a call's result we cannot follow), typed
   * by the methods called on it: the one project class (the most general, or the classes mixing in a module) whose
   * instances answer every project method name called on it, when at least two such names are called.
   */
  private duck(f: number, l: number): Val {
    const key = `${f}\u0000${l}`;
    let out = this.duckMemo.get(key);
    if (!out) this.duckMemo.set(key, (out = this.duckType(f, l)));
    return out;
  }

  private duckType(f: number, l: number): Val {
    let uses = this.usesMemo.get(f);
    if (!uses) {
      uses = new Map();
      for (const c of this.rb(f).calls) if (c.recv?.k === 'local' && !c.sup) push2(uses, c.recv.l, c.name);
      this.usesMemo.set(f, uses);
    }
    const names = [...(uses.get(l) ?? [])].filter((n) => !isObjectMethod(n) && this.byName.has(n));
    if (names.length < 2) return UNKNOWN;
    names.sort((a, b) => this.byName.get(a)!.length - this.byName.get(b)!.length || (a < b ? -1 : 1));
    const cands = new Set<Ent>();
    const addEnt = (e: Ent, depth: number): void => {
      if (cands.has(e) || depth > 4) return;
      cands.add(e);
      if (e.module) for (const h of this.hosts.get(e) ?? []) addEnt(h, depth + 1);
    };
    for (const r of this.byName.get(names[0])!) {
      const sym = this.sym(r);
      if (sym.isStatic || sym.parent < 0) continue;
      const ent = this.entOf.get(r.f)?.get(sym.parent);
      if (ent) addEnt(ent, 0);
    }
    const fits = [...cands].filter((e) => !e.module && names.every((n) => { const h = this.lookup(this.ancestors(e, 'i'), n); return h !== undefined && h !== 'ext'; }));
    const top = fits.filter((e) => !fits.some((o) => o !== e && this.ancestors(e, 'i').some((a) => a !== 'ext' && a.ent === o)));
    return top.length === 1 ? { t: 'inst', ent: top[0], duck: true } : UNKNOWN;
  }

  /** What an instance variable holds: the one value every assignment to it in the class (all parts) agrees on. */
  private ivar(ent: Ent, name: string): Val {
    const key = `${ent.fqn}\u0000${name}`;
    const hit = this.ivarMemo.get(key);
    if (hit) return hit;
    this.ivarMemo.set(key, UNKNOWN);
    let out: Val | undefined;
    for (const p of ent.parts) {
      for (const iv of this.rb(p.f).ivars) {
        if (iv.cls !== p.s || iv.name !== name) continue;
        const v = this.value(p.f, iv.v, { t: 'inst', ent }, p.s);
        if (v.t === 'unknown') continue;
        if (out && !sameVal(out, v)) { out = UNKNOWN; break; }
        out = v;
      }
      if (out?.t === 'unknown') break;
    }
    const res = out ?? UNKNOWN;
    this.ivarMemo.set(key, res);
    return res;
  }

  /** The value a call gives: an instance for `new`, what a project method returns (its last expression). */
  private callValue(f: number, call: RbCall): Val {
    if (call.sup) return UNKNOWN;
    const self = this.selfOf(f, call.cls, !!call.single);
    const recv = call.recv ? this.value(f, call.recv, self, call.cls) : self;
    if (recv.t === 'ext') return EXT;
    if (call.name === 'new' && recv.t === 'cls') return { t: 'inst', ent: recv.ent };
    if (call.name === 'class' && call.argc === 0 && recv.t === 'inst') return { t: 'cls', ent: recv.ent };
    if (call.name === 'new' && !call.recv && call.single && self.t === 'cls') return { t: 'inst', ent: self.ent };
    const out = this.resolve(f, call);
    if (!out || out === 'ext' || !('targets' in out) || out.targets.length !== 1) return out === 'ext' ? EXT : UNKNOWN;
    const t = out.targets[0];
    const ret = this.rb(t.f).methods[t.s]?.ret;
    if (!ret) return UNKNOWN;
    // the callee's self is the receiver
    return this.value(t.f, ret, recv.t === 'unknown' ? UNKNOWN : recv, this.sym(t).parent);
  }

  // ---------------------------------------------------------------- calls
  /** The methods a call reaches (memoised by file and call). */
  private resolve(f: number, call: RbCall): Outcome {
    const key = `${f}\u0000${call.line}\u0000${typeof call.at === 'number' ? call.at : call.at.join(',')}\u0000${call.name}`;
    if (this.callMemo.has(key)) return this.callMemo.get(key);
    this.callMemo.set(key, undefined);
    const out = this.resolveCall(f, call);
    this.callMemo.set(key, out);
    return out;
  }

  private resolveCall(f: number, call: RbCall): Outcome {
    const name = call.name;
    const ent = call.cls >= 0 ? this.entOf.get(f)?.get(call.cls) : undefined;
    if (call.sup) {
      if (!ent || call.from < 0) return undefined;
      const m = this.sym({ f, s: call.from });
      const side = m.isStatic ? 's' : 'i';
      const hit = this.lookup(this.ancestors(ent, side), name, { ent, side });
      if (hit === 'ext') return 'ext';
      if (hit) return { targets: hit, reason: 'super-member' };
      // a module's `super` goes on up the ancestors of the classes it is mixed into
      if (ent.module && side === 'i') {
        const targets = this.hostLookup(ent, name, true);
        if (targets.length > 0 && targets.length <= MAX_HOSTS) return { targets, reason: 'mixin-host' };
      }
      return (side === 'i' ? isObjectMethod(name) : isModuleMethod(name)) || this.superOf(ent) === null ? 'ext' : undefined;
    }
    if (!call.recv) {
      if (ent) {
        const side = call.single ? 's' : 'i';
        if (side === 's' && name === 'new') return this.construct(ent);
        const hit = this.lookup(this.ancestors(ent, side), name);
        if (hit && hit !== 'ext') return this.withDispatch(ent, side, name, hit, 'this-member');
        const top = this.topFns.get(name);
        if (top) return { targets: top, reason: 'global-function' };
        if (hit === 'ext' || (side === 'i' ? isObjectMethod(name) : isModuleMethod(name))) return 'ext';
        // a module's method calling what its includer defines
        if (ent.module && side === 'i') {
          const targets = this.hostLookup(ent, name, false);
          if (targets.length > 0 && targets.length <= MAX_HOSTS) return { targets, reason: 'mixin-host' };
        }
        // a template method: the class does not define it, its subclasses do
        const subs = this.overrides(ent, side, name);
        if (subs.length > 0 && subs.length <= MAX_DISPATCH) return { targets: [], reason: 'dispatch', dispatch: subs };
        return this.guess(name, false);
      }
      const local = this.blockFn(f, name, call.line);
      if (local) return { targets: [local], reason: 'block-method' };
      const top = this.topFns.get(name);
      if (top) return { targets: top, reason: 'global-function' };
      return isObjectMethod(name) || isDslName(name) ? 'ext' : this.guess(name, false);
    }
    const self = this.selfOf(f, call.cls, !!call.single);
    const recv = this.value(f, call.recv, self, call.cls);
    if (recv.t === 'ext') return 'ext';
    if (recv.t === 'unknown') return this.guess(name, true);
    const viaSelf = call.recv.k === 'self';
    if (recv.t === 'cls') {
      if (name === 'new') return this.construct(recv.ent);
      const hit = this.lookup(this.ancestors(recv.ent, 's'), name);
      if (hit && hit !== 'ext') return viaSelf ? this.withDispatch(recv.ent, 's', name, hit, 'this-member') : { targets: hit, reason: 'static-member' };
      return hit === 'ext' || isModuleMethod(name) ? 'ext' : undefined;
    }
    const hit = this.lookup(this.ancestors(recv.ent, 'i'), name);
    if (hit && hit !== 'ext') return this.withDispatch(recv.ent, 'i', name, hit, recv.duck ? 'duck-typed' : viaSelf ? 'this-member' : call.recv.k === 'call' ? 'inferred-receiver' : 'typed-receiver');
    if (hit === 'ext' || isObjectMethod(name)) return 'ext';
    const subs = this.overrides(recv.ent, 'i', name);
    if (subs.length > 0 && subs.length <= MAX_DISPATCH) return { targets: [], reason: 'dispatch', dispatch: subs };
    return undefined;
  }

  /** The innermost block-scoped `def` named `name` of file f whose block holds `line` (see blockFns). */
  private blockFn(f: number, name: string, line: number): Sym | undefined {
    let best: Sym | undefined;
    let span = Infinity;
    for (const r of this.blockFns.get(f) ?? []) {
      const b = this.rb(f).methods[r.s]!.block!;
      if (this.sym(r).name !== name || line < b[0] || line > b[1] || b[1] - b[0] >= span) continue;
      best = r;
      span = b[1] - b[0];
    }
    return best;
  }

  /** Methods named `name` up the ancestors of the classes a module is mixed into (past the module for `super`). */
  private hostLookup(mod: Ent, name: string, past: boolean): Sym[] {
    const targets: Sym[] = [];
    for (const h of this.hosts.get(mod) ?? []) {
      const t = this.lookup(this.ancestors(h, 'i'), name, past ? { ent: mod, side: 'i' } : undefined);
      if (t && t !== 'ext') for (const x of t) if (!targets.some((y) => y.f === x.f && y.s === x.s)) targets.push(x);
    }
    return targets;
  }

  /** A lookup's targets and the overrides of the same name in the class's subclasses (a receiver may be one of them). */
  private withDispatch(ent: Ent, side: 'i' | 's', name: string, targets: Sym[], reason: string): Outcome {
    const subs = this.overrides(ent, side, name);
    return subs.length > 0 && subs.length <= MAX_DISPATCH ? { targets, reason, dispatch: subs } : { targets, reason };
  }

  /** Methods named `name` that subclasses of a class (transitively, and includers of a module) define themselves. */
  private overrides(ent: Ent, side: 'i' | 's', name: string): Sym[] {
    const key = `${side}${ent.fqn}\u0000${name}`;
    const hit = this.overrideMemo.get(key);
    if (hit) return hit;
    const out: Sym[] = [];
    this.overrideMemo.set(key, out);
    const seen = new Set<Ent>([ent]);
    const queue = [...(this.subclasses.get(ent) ?? []), ...(ent.module ? this.hosts.get(ent) ?? [] : [])];
    while (queue.length > 0 && out.length <= MAX_DISPATCH) {
      const d = queue.shift()!;
      if (seen.has(d)) continue;
      seen.add(d);
      for (const r of (side === 'i' ? d.imeth : d.smeth).get(name) ?? []) out.push(r);
      queue.push(...(this.subclasses.get(d) ?? []));
    }
    return out;
  }

  /**
   * A call nothing types: outside the project when no project method has its name (nor Ruby's core), else the one
   * project method of that name as a name-only guess (counted unresolved), else unresolved.
   */
  private guess(name: string, member: boolean): Outcome {
    const cands = this.byName.get(name);
    if (!cands) return member || isObjectMethod(name) ? 'ext' : undefined;
    if (cands.length === 1 && !isCoreMethod(name)) return { guess: cands[0] };
    return undefined;
  }

  /**
   * `C.new`: C's own `initialize`, else the class itself — a C that inherits its `initialize` is what is created
   * (the class's own edge reaches the inherited one, see inheritedInit), so `context`/`impact` of C see it.
   */
  private construct(ent: Ent): Outcome {
    const init = this.lookup(this.ancestors(ent, 'i'), 'initialize');
    if (init && init !== 'ext' && init === ent.imeth.get('initialize')) return { targets: init, reason: 'constructor' };
    return { targets: [this.primary(ent)], reason: 'constructor' };
  }

  /** A class that runs an `initialize` it does not define: a CALLS edge from the class to it (from its primary declaration). */
  private inheritedInit(f: number, s: number, ent: Ent): void {
    const p = this.primary(ent);
    if (ent.module || p.f !== f || p.s !== s) return;
    const init = this.lookup(this.ancestors(ent, 'i'), 'initialize');
    if (!init || init === 'ext' || init === ent.imeth.get('initialize')) return;
    const from = this.sink.symbolPos(f, s);
    for (const m of init) this.sink.edge(from, this.sink.symbolPos(m.f, m.s), 'CALLS', CONFIDENCE['super-member'], 'super-member', this.sink.files[f].symbols[s].line);
  }

  // ---------------------------------------------------------------- relations
  /** Every relation of one Ruby file. */
  relations(f: number): void {
    this.requires(f);
    this.heritage(f);
    this.constants(f);
    const rb = this.rb(f);
    for (const call of rb.calls) this.call(f, call);
  }

  private fromPos(f: number, from: number): number {
    return from >= 0 ? this.sink.symbolPos(f, from) : this.sink.filePos(f);
  }

  private requires(f: number): void {
    const path = this.sink.files[f].path;
    for (const r of this.rb(f).requires) {
      const target = this.modules.resolve(path, r.kind, r.path);
      const t = target !== undefined ? this.fileOf.get(target) : undefined;
      if (t === undefined || t === f) continue;
      this.sink.edge(this.sink.filePos(f), this.sink.filePos(t), 'IMPORTS', 1, r.kind, r.line);
    }
  }

  private heritage(f: number): void {
    const rb = this.rb(f);
    for (const key of Object.keys(rb.classes)) {
      const s = Number(key);
      const cls = rb.classes[s];
      const from = this.sink.symbolPos(f, s);
      const line = this.sink.files[f].symbols[s].line;
      if (cls.sup !== undefined) {
        const hit = this.constant(f, cls.sup);
        if (hit && hit !== 'ext' && 'ent' in hit) {
          const t = this.primary(hit.ent);
          this.sink.edge(from, this.sink.symbolPos(t.f, t.s), 'EXTENDS', 1, 'heritage', line);
        }
      }
      for (const m of cls.mixins ?? []) {
        const hit = this.constant(f, m.c);
        if (hit && hit !== 'ext' && 'ent' in hit) {
          const t = this.primary(hit.ent);
          this.sink.edge(from, this.sink.symbolPos(t.f, t.s), 'IMPLEMENTS', 1, m.kind, m.line);
        }
      }
      // a reopened class's declaration names the class its primary declaration stands for
      const ent = this.entOf.get(f)?.get(s);
      if (ent) this.inheritedInit(f, s, ent);
      if (ent && ent.parts.length > 1) {
        const p = this.primary(ent);
        if (p.f !== f || p.s !== s) this.sink.occurrence(p.f, p.s, f, this.sink.files[f].symbols[s].at, 'type', from, 1, 'reopened');
      }
    }
  }

  private constants(f: number): void {
    const rb = this.rb(f);
    const path = this.sink.files[f].path;
    rb.consts.forEach((rc, c) => {
      const { segs } = this.constPrefix(f, c, rc.path.length);
      const from = this.fromPos(f, rc.from);
      const kind = rc.use === 'heritage' ? 'type' : 'value';
      segs.forEach((hit, i) => {
        if (!hit || hit === 'ext') return;
        const t = 'ent' in hit ? this.primary(hit.ent) : hit.sym;
        this.sink.occurrence(t.f, t.s, f, rc.at[i], kind, from, 1, 'constant');
        const tp = this.sink.symbolPos(t.f, t.s);
        if (i === rc.path.length - 1 && rc.use === 'value' && tp !== from) this.sink.refEdge(from, tp, 1, 'constant', rc.line, kind);
        // Zeitwerk: the file its path names defines the constant, loaded on first reference
        if ('ent' in hit && i === rc.path.length - 1) {
          for (const zf of this.zeitwerkFiles(hit.ent)) {
            if (zf !== f && path !== this.sink.files[zf].path) this.sink.edge(this.sink.filePos(f), this.sink.filePos(zf), 'IMPORTS', 0.9, 'autoload-path', rc.line);
          }
        }
      });
    });
  }

  private call(f: number, call: RbCall): void {
    const out = this.resolve(f, call);
    if (out === 'ext') { this.sink.countCall(f, 'external'); return; }
    const from = this.fromPos(f, call.from);
    if (out && 'guess' in out) {
      this.sink.countCall(f, 'unresolved');
      if (this.sink.symbolPos(out.guess.f, out.guess.s) !== from) this.link(f, call, from, [out.guess], 'name-only');
      return;
    }
    // (Ruby's bare call is a call on self: it may run a method, as one with a receiver may)
    if (!out || (out.targets.length === 0 && !out.dispatch)) { this.sink.countCall(f, 'unresolved', { name: call.name, member: true, line: call.line, from }); return; }
    this.sink.countCall(f, 'resolved');
    this.link(f, call, from, this.withAliases(out.targets), out.reason);
    if (out.dispatch) this.link(f, call, from, this.withAliases(out.dispatch), 'dispatch');
  }

  /** CALLS edges from a call to its targets, and the occurrences of their names at the call. */
  private link(f: number, call: RbCall, from: number, targets: Sym[], reason: string): void {
    const conf = CONFIDENCE[reason] ?? 0.9;
    for (const t of targets) {
      this.sink.edge(from, this.sink.symbolPos(t.f, t.s), 'CALLS', conf, reason, call.line);
      const tname = this.sym(t).name;
      if (!call.sup && (tname === call.name || `${tname}=` === call.name)) this.sink.occurrence(t.f, t.s, f, call.at, 'call', from, conf, reason);
    }
  }

  /** Targets with, for an alias, the method it names (what runs). */
  private withAliases(targets: Sym[]): Sym[] {
    const out = [...targets];
    for (const t of targets) {
      const of = this.rb(t.f).methods[t.s]?.aliasOf;
      const sym = this.sym(t);
      const ent = sym.parent >= 0 ? this.entOf.get(t.f)?.get(sym.parent) : undefined;
      if (!of || !ent) continue;
      const hit = this.lookup(this.ancestors(ent, sym.isStatic ? 's' : 'i'), of);
      if (hit && hit !== 'ext') for (const h of hit) if (!out.some((x) => x.f === h.f && x.s === h.s)) out.push(h);
    }
    return out;
  }

  // ---------------------------------------------------------------- entry points
  /**
   * Rails controllers' public actions (classes named `*Controller` under `app/controllers/`) are routes; a Thor CLI's
   * commands (the public instance methods of a class below `Thor` or `Thor::Group`) are commands.
   */
  private entries(): void {
    for (const ent of this.ents.values()) {
      if (ent.module || !this.below(ent, THOR_BASES)) continue;
      for (const p of ent.parts) {
        this.sink.files[p.f].symbols.forEach((sym, s) => {
          if (sym.parent === p.s && sym.label === 'Method' && sym.kind === 'method' && sym.exported && !sym.isStatic) this.sink.markEntry(p.f, s, 'command', 'thor-command');
        });
      }
    }
    for (const ent of this.ents.values()) {
      if (ent.module || !ent.fqn.endsWith('Controller')) continue;
      for (const p of ent.parts) {
        if (!/(?:^|\/)app\/controllers\//.test(this.sink.files[p.f].path)) continue;
        const syms = this.sink.files[p.f].symbols;
        syms.forEach((sym, s) => {
          if (sym.parent === p.s && sym.label === 'Method' && sym.kind === 'method' && sym.exported) this.sink.markEntry(p.f, s, 'route', 'rails-controller');
        });
      }
    }
  }
}

/** The classes a Thor CLI's command classes derive from. */
const THOR_BASES: ReadonlySet<string> = new Set(['Thor', 'Thor::Group']);

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

function push2<K, V>(m: Map<K, Set<V>>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.add(v); else m.set(k, new Set([v]));
}

function sameVal(a: Val, b: Val): boolean {
  if (a.t !== b.t) return false;
  return (a.t === 'cls' || a.t === 'inst') && (b.t === 'cls' || b.t === 'inst') ? a.ent === b.ent : true;
}
