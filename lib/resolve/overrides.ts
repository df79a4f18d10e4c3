/**
 * OVERRIDES edges (DESIGN.md §4): a method to the method it overrides or implements, found once every resolver has
 * written its heritage (EXTENDS/IMPLEMENTS) and members (HAS_METHOD), so every language gets them from the same
 * facts. From each method's owners, the walk goes up the heritage edges in the order they were written (a
 * language's lookup order: the extends clause before the implements clauses); along each path the first type that
 * declares a method of that name ends the path, so an override of an override points at its direct parent and a
 * method reached through two bases (a base class and an interface) points at both. Whether a same-named method
 * really overrides is the language's rule (ResolveRules.overrides): a keyword it needs, virtual methods only,
 * overloads told apart by arity, parameter types or argument labels, statics.
 */
import { lastTypeName, type FileFacts, type SymbolFact, type Expr } from '../extract/facts.ts';
import { nominalOf } from '../extract/nominal/facts.ts';
import type { GraphBuilder } from '../graph/builder.ts';
import { passesMember, type GraphEdge } from '../graph/schema.ts';

/** A language's rules for overriding (ResolveRules.overrides); absent fields mean the permissive default. */
export interface OverrideRules {
  /** Static methods override static methods of the bases (JavaScript's class side, Python); otherwise never. */
  statics?: boolean;
  /** Overloads are told apart by their parameter count: a method overrides only one of the same arity. */
  arity?: boolean;
  /**
   * Overloads are told apart by their argument labels, which are part of the method's name (Swift's
   * `request(_:didCreateURLRequest:)` and `request(_:didResume:)` are two requirements).
   */
  labels?: boolean;
  /**
   * Overloads of one arity are told apart by their parameters' types (Java's `value(String)` and `value(long)`): a
   * method overrides only one whose every parameter names the same type, a type parameter on either side matching
   * any (`write(T)` is overridden by `write(Boolean)` in a subclass binding T).
   */
  paramTypes?: boolean;
  /**
   * The modifier an overriding method must carry (`override`), and whether implementing an interface's method needs
   * it too (Kotlin) or only overriding a class's (C#, Swift).
   */
  overrideWord?: { word: string; interfaces: boolean };
  /** Only a method declared with this word (or overriding one that is) is overridden (C++'s `virtual`). */
  virtualWord?: string;
  /** Kinds of method that are virtual without the word (C++'s `pure_virtual`). */
  virtualKinds?: ReadonlySet<string>;
  /** Modifiers that keep a method out of overriding either way (`private`, `static` where statics do not override). */
  excludeWords?: ReadonlySet<string>;
  /** Names that never override (Python's name-mangled `__x`). */
  excludeName?: RegExp;
  /**
   * A method declared in a block that adds to a type (Rust's `impl Trait for T`) overrides only through the bases
   * that block names; one of a block naming none (an inherent `impl T`) overrides nothing.
   */
  blockHeritage?: ReadonlySet<string>;
}

/** Confidence of an override found through a structural implementation (a Go type whose method set fits). */
const STRUCTURAL_CONFIDENCE = 0.7;

/** The reason of a heritage edge from a type's static side (Kotlin's companion object's supertypes). */
const STATIC_SIDE = 'static';

/** What the pass reads of the project: the builder, every file's facts, node positions, each file's rules. */
export interface OverrideInput {
  graph: GraphBuilder;
  files: readonly FileFacts[];
  /** Position of file f's symbol s is `symBase[f] + s`. */
  symBase: readonly number[];
  /** Rules by file index (undefined: the language describes none, the default applies). */
  rules: ReadonlyArray<OverrideRules | undefined>;
  /** Writes one OVERRIDES edge by positions. */
  edge(source: number, target: number, confidence: number, reason: string, line: number): void;
}

const DEFAULT_RULES: OverrideRules = {};

/** Writes the OVERRIDES edges of every method of the project, in node order (deterministic). */
export function writeOverrides(input: OverrideInput): void {
  new OverridePass(input).run();
}

class OverridePass {
  /** File and symbol of each symbol node position (-1 for others). */
  private readonly fileOf: Int32Array;
  private readonly symOf: Int32Array;
  private readonly virtualMemo = new Map<number, boolean>();
  private readonly membersMemo = new Map<number, Map<string, number[]>>();
  /** The owners (HAS_METHOD sources) with heritage of each method that has any. */
  private readonly owners = new Map<number, number[]>();
  /**
   * The heritage edges leaving each type, in the order they were written: every method's walk goes up its owner's,
   * and scanning a type's every edge for them (a class's HAS_METHOD edges among them) once per method was quadratic
   * in the class's size.
   */
  private readonly heritageMemo = new Map<number, readonly number[]>();

  constructor(private readonly input: OverrideInput) {
    const n = input.graph.nodeCount;
    this.fileOf = new Int32Array(n).fill(-1);
    this.symOf = new Int32Array(n).fill(-1);
    input.files.forEach((facts, f) => {
      for (let s = 0; s < facts.symbols.length; s++) { this.fileOf[input.symBase[f] + s] = f; this.symOf[input.symBase[f] + s] = s; }
    });
  }

  run(): void {
    const { files, symBase, graph: g } = this.input;
    // only the methods of types with heritage can override: found from the types (few edges), not from each
    // method's incoming edges (all its callers)
    const { dst } = g.edgeEndPositions();
    for (let f = 0; f < files.length; f++) {
      const syms = files[f].symbols;
      for (let s = 0; s < syms.length; s++) {
        if (!OWNER_LABELS.has(syms[s].label)) continue;
        if (!this.heritageOf(symBase[f] + s).length) continue;
        for (const id of g.outEdgeIdsAt(symBase[f] + s)) {
          if (g.edges[id].type !== 'HAS_METHOD') continue;
          const m = dst[id];
          const l = this.owners.get(m);
          if (l) { if (!l.includes(symBase[f] + s)) l.push(symBase[f] + s); } else this.owners.set(m, [symBase[f] + s]);
        }
      }
    }
    for (let f = 0; f < files.length; f++) {
      const syms = files[f].symbols;
      for (let s = 0; s < syms.length; s++) {
        if (syms[s].label !== 'Method' || !this.owners.has(symBase[f] + s)) continue;
        for (const o of this.overridden(symBase[f] + s)) this.input.edge(symBase[f] + s, o.pos, o.confidence, o.reason, syms[s].line);
      }
    }
  }

  private sym(pos: number): SymbolFact { return this.input.files[this.fileOf[pos]].symbols[this.symOf[pos]]; }
  private rulesOf(pos: number): OverrideRules { return this.input.rules[this.fileOf[pos]] ?? DEFAULT_RULES; }
  private mods(pos: number): readonly string[] { return nominalOf(this.input.files[this.fileOf[pos]]).sym[this.symOf[pos]]?.mods ?? NO_WORDS; }
  private arity(pos: number): readonly [number, number] | undefined { return nominalOf(this.input.files[this.fileOf[pos]]).sym[this.symOf[pos]]?.arity; }
  private labels(pos: number): readonly string[] | undefined { return nominalOf(this.input.files[this.fileOf[pos]]).sym[this.symOf[pos]]?.labels; }

  /** The methods the method at `pos` overrides or implements, nearest first along each heritage path. */
  private overridden(pos: number): Array<{ pos: number; confidence: number; reason: string }> {
    const sym = this.sym(pos);
    const rules = this.rulesOf(pos);
    if (!this.mayOverride(pos, sym, rules)) return NONE;
    const g = this.input.graph;
    const { dst } = g.edgeEndPositions();
    const owners = this.owners.get(pos);
    if (!owners) return NONE;
    // a block that adds to a type (Rust's impl) overrides only through the bases it names
    let through: Set<string> | undefined;
    if (rules.blockHeritage && sym.parent >= 0) {
      const block = this.input.files[this.fileOf[pos]].symbols[sym.parent];
      if (rules.blockHeritage.has(block.kind)) {
        through = new Set<string>();
        for (const e of [...(block.extends ?? []), ...(block.implements ?? [])]) { const n = lastTypeName(e); if (n) through.add(n); }
        if (!through.size) return NONE;
      }
    }
    const out: Array<{ pos: number; confidence: number; reason: string }> = [];
    const seen = new Set<number>(owners);
    // depth-first up the heritage, in the order the edges were written: nearest declaration on each path
    // (`instance`: the path went through the owner's static side, whose bases' instance methods its members implement;
    // `sides`: which of the owner's edges the walk takes, the instances' or the static side's)
    const walk = (type: number, confidence: number, structural: boolean, top: boolean, instance: boolean, sides: 'instance' | 'static' = 'instance'): void => {
      for (const id of this.heritageOf(type)) {
        const e = g.edges[id];
        if (!passesMember(e, sym.name)) continue;
        const staticSide = e.reason === STATIC_SIDE;
        if (top ? staticSide !== (sides === 'static') : staticSide) continue;
        const base = dst[id];
        if (seen.has(base)) continue;
        if (top && through && !through.has(g.nodes[base].name)) continue;
        seen.add(base);
        const c = Math.min(confidence, e.confidence);
        const viaStructure = structural || e.reason === 'structural';
        const asInstance = instance || staticSide;
        const hits = this.matches(pos, sym, rules, base, e, asInstance);
        if (hits.length) {
          for (const h of hits) if (!out.some((o) => o.pos === h)) out.push({ pos: h, confidence: viaStructure ? Math.min(c, STRUCTURAL_CONFIDENCE) : c, reason: viaStructure ? 'structural' : 'heritage' });
        } else walk(base, c, viaStructure, false, asInstance);
      }
    };
    for (const o of owners) walk(o, 1, false, true, false);
    // a member overriding nothing of the instances' bases may implement one of the static side's (Kotlin's companion
    // object's members are the class's symbols: which side declares them is not in the facts)
    if (!out.length) for (const o of owners) walk(o, 1, false, true, false, 'static');
    return out;
  }

  /** Whether a method may override anything at all. */
  private mayOverride(pos: number, sym: SymbolFact, rules: OverrideRules): boolean {
    if (sym.kind === 'constructor' || sym.name === 'constructor') return false;
    if (sym.isStatic && !rules.statics) return false;
    if (rules.excludeName?.test(sym.name)) return false;
    if (rules.excludeWords && this.mods(pos).some((w) => rules.excludeWords!.has(w))) return false;
    return true;
  }

  /** Methods of type `base` (by HAS_METHOD) that the method at `pos` overrides (empty: none, look further up); `asInstance`: the static method stands for an instance's. */
  private matches(pos: number, sym: SymbolFact, rules: OverrideRules, base: number, via: GraphEdge, asInstance: boolean): number[] {
    const named = this.methodsNamed(base, sym.name).filter((m) => m !== pos);
    if (!named.length) return NONE_POS;
    const iface = this.input.graph.nodes[base].label === 'Interface' || via.type === 'IMPLEMENTS';
    const out: number[] = [];
    for (const m of named) {
      const t = this.sym(m);
      if (t.kind === 'constructor' || !!t.isStatic !== (!!sym.isStatic && !asInstance)) continue;
      const tr = this.rulesOf(m);
      if (tr.excludeWords && this.mods(m).some((w) => tr.excludeWords!.has(w))) continue;
      if (rules.arity) {
        const a = this.arity(pos), b = this.arity(m);
        if (a && b && (a[0] !== b[0] || a[1] !== b[1])) continue;
      }
      if (rules.paramTypes && !sameParamTypes(sym.params, t.params)) continue;
      if (rules.labels) {
        const a = this.labels(pos), b = this.labels(m);
        if (a && b && (a.length !== b.length || a.some((l, i) => l !== b[i]))) continue;
      }
      if (rules.overrideWord && (!iface || rules.overrideWord.interfaces) && !this.mods(pos).includes(rules.overrideWord.word)) continue;
      if (rules.virtualWord && !iface && !this.isVirtual(m)) continue;
      out.push(m);
    }
    // none fits (another overload, a static): the walk goes on to the bases, where one may
    return out;
  }

  /** Ids of the heritage edges (isHeritage) leaving the node at `type`, in their order, listed once per type. */
  private heritageOf(type: number): readonly number[] {
    let ids = this.heritageMemo.get(type);
    if (!ids) {
      const g = this.input.graph;
      const out = g.outEdgeIdsAt(type);
      ids = NONE_POS;
      for (const id of out) if (isHeritage(g.edges[id])) { if (ids === NONE_POS) ids = []; (ids as number[]).push(id); }
      this.heritageMemo.set(type, ids);
    }
    return ids;
  }

  /** A type's methods (by HAS_METHOD) called `name`, from a map made once per type. */
  private methodsNamed(type: number, name: string): readonly number[] {
    let byName = this.membersMemo.get(type);
    if (!byName) {
      byName = new Map();
      const g = this.input.graph;
      const { dst } = g.edgeEndPositions();
      for (const id of g.outEdgeIdsAt(type)) {
        if (g.edges[id].type !== 'HAS_METHOD') continue;
        const m = dst[id];
        if (this.fileOf[m] < 0) continue;
        const t = this.sym(m);
        if (t.label !== 'Method') continue;
        const l = byName.get(t.name);
        if (l) { if (!l.includes(m)) l.push(m); } else byName.set(t.name, [m]);
      }
      this.membersMemo.set(type, byName);
    }
    return byName.get(name) ?? NONE_POS;
  }

  /** Whether a method is virtual: declared so, or overriding one that is. */
  private isVirtual(m: number): boolean {
    const hit = this.virtualMemo.get(m);
    if (hit !== undefined) return hit;
    this.virtualMemo.set(m, false);
    const rules = this.rulesOf(m);
    let v = rules.virtualWord ? this.mods(m).includes(rules.virtualWord) || !!rules.virtualKinds?.has(this.sym(m).kind) : true;
    if (!v) v = this.overridden(m).some((o) => this.isVirtual(o.pos));
    this.virtualMemo.set(m, v);
    return v;
  }
}

/** Labels of the symbols that hold methods (a typed object literal's const too). */
const OWNER_LABELS: ReadonlySet<string> = new Set(['Class', 'Interface', 'Enum', 'TypeAlias', 'Variable']);

/**
 * An edge the walk goes up. An embedded type's methods are promoted, not overridden: an outer method of the same
 * name shadows them (Go's embedding), so embedding is no heritage here.
 */
function isHeritage(e: GraphEdge): boolean {
  return (e.type === 'EXTENDS' || e.type === 'IMPLEMENTS') && e.reason !== 'embedding';
}

/**
 * Whether two parameter lists may be one signature: the same length and, at each place, types of the same name
 * (qualifiers and type arguments aside). A type parameter, or a type written in a form not read here, matches any.
 */
function sameParamTypes(a: ReadonlyArray<Expr | null> | undefined, b: ReadonlyArray<Expr | null> | undefined): boolean {
  if (!a || !b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = typeHead(a[i]), y = typeHead(b[i]);
    if (x !== undefined && y !== undefined && x !== y) return false;
  }
  return true;
}

/** The name a parameter's type is compared by (`java.util.List<String>` → List, `String[]` → String[]); undefined for a type parameter (an id bound to one) or another form. */
function typeHead(e: Expr | null): string | undefined {
  if (!e) return undefined;
  if (e.k === 'id') return e.b === undefined ? e.name : undefined;
  if (e.k === 'member') return e.name;
  if (e.k === 'generic') return typeHead(e.of);
  if (e.k === 'array') { const h = typeHead(e.of); return h === undefined ? undefined : `${h}[]`; }
  return undefined;
}

const NO_WORDS: readonly string[] = [];
const NONE: never[] = [];
const NONE_POS: number[] = [];
