/**
 * Overrides of outside members: a project method that overrides or implements a member a type outside the repository
 * declares (`class DraftMap extends Map { set(…) }` overrides the lib's `Map.set`; `class Encoder(json.JSONEncoder):
 * def default(…)` overrides the standard library's). The outside member has no node, so no OVERRIDES edge can point at
 * it; the fact goes on the method's node instead (`overridesOutside`: `Map.set`), and a class with a base outside the
 * repository whose members nobody here knows (an untyped package's class) names it (`unknownBases`). Rename refuses the
 * first (the method would silently stop overriding) and warns of the second; context and impact show both.
 *
 * From each method's class the walk goes up its heritage clauses in order (extends, then implements); a project base
 * declaring a member of that name ends the path (an ordinary override: its own walk decides what it overrides), one
 * without passes the walk on, and an outside base is asked: its member when a dependency's declarations type it, else
 * what the language knows of it (`OutsideTypes`: its runtime's lib, its standard library).
 */
import { lastTypeName, type Expr, type FileFacts } from '../extract/facts.ts';
import type { GraphBuilder } from '../graph/builder.ts';

/** What a language knows of the types outside the repository that a project type may extend or implement. */
export interface OutsideTypes {
  /**
   * The outside type a heritage clause names, as the language qualifies it (`Map`, `json.JSONEncoder`); null when it
   * names no outside type (a type parameter, a mixin's parameter); undefined when it cannot say.
   */
  baseName(facts: FileFacts, e: Expr): string | null | undefined;
  /**
   * The member `member` that outside type `type` declares or inherits, as `Type.member` (the type declaring it);
   * null when the type is known and has none; undefined when the type is not known.
   */
  member(type: string, member: string): string | null | undefined;
  /** The outside type every class extends without naming it (ECMAScript's `Object`). */
  implicitBase?: string;
  /** Static methods override the outside types' members too (Python's classmethods: `setUpClass`); else only instance methods. */
  statics?: boolean;
  /**
   * Instance properties override the outside types' members too (ECMAScript: a field `name` of a class extending
   * `Error` is what the runtime and every `error.name` read); else only methods.
   */
  properties?: boolean;
}

/** What the pass reads: the project's facts, node positions, each file's outside types, the resolver's answers. */
export interface OutsideInput {
  graph: GraphBuilder;
  files: readonly FileFacts[];
  /** Position of file f's symbol s is `symBase[f] + s`. */
  symBase: readonly number[];
  /** Outside types by file index (undefined: the language describes none, the pass skips the file). */
  rules: ReadonlyArray<OutsideTypes | undefined>;
  /**
   * The project type heritage clause `e` of file f's symbol s names, as file and symbol; 'outside' when it names none
   * of the project's. Absent or undefined, a clause names the project type its symbol's EXTENDS/IMPLEMENTS edge leads
   * to by name (a family with a resolver of its own).
   */
  projectBase?(f: number, s: number, e: Expr): { f: number; s: number } | 'outside' | undefined;
  /**
   * The member of name `member` an outside clause's type has where a dependency's declarations type it (`Component.render
   * (react)`); null when they type it and it has none; undefined when the clause names no type of a dependency.
   */
  dependencyMember?(f: number, e: Expr, member: string): string | null | undefined;
}

/** Writes `overridesOutside` on the project's methods (and properties, where the language says) and `unknownBases` on its types (deterministic: facts order). */
export function markOutsideOverrides(input: OutsideInput): void {
  new OutsidePass(input).run();
}

const OWNER_LABELS: ReadonlySet<string> = new Set(['Class', 'Interface']);

class OutsidePass {
  /** Per type (`f:s`): member names it declares (instance side), made once. */
  private readonly declared = new Map<string, Set<string>>();
  /** Per file: each symbol's children, made once. */
  private readonly children = new Map<number, number[][]>();
  /** Per type: its clauses' project bases or outside answers, made once. */
  private readonly clauses = new Map<string, Array<{ e: Expr; base: { f: number; s: number } | 'outside' }>>();

  constructor(private readonly input: OutsideInput) {}

  run(): void {
    const { files, rules, symBase, graph } = this.input;
    for (let f = 0; f < files.length; f++) {
      const lang = rules[f];
      if (!lang) continue;
      const syms = files[f].symbols;
      for (let s = 0; s < syms.length; s++) {
        const sym = syms[s];
        if (!OWNER_LABELS.has(sym.label)) continue;
        const implicit = sym.label === 'Class' && lang.implicitBase !== undefined;
        if (!sym.extends?.length && !sym.implements?.length && !implicit) continue;
        // the outside bases nothing here knows the members of, named on the type
        const unknown: string[] = [];
        for (const c of this.clausesOf(f, s)) {
          if (c.base !== 'outside') continue;
          if (this.input.dependencyMember?.(f, c.e, '') !== undefined) continue;
          const name = lang.baseName(files[f], c.e);
          if (name === null) continue;
          if (name === undefined || lang.member(name, '') === undefined) unknown.push(name ?? exprText(c.e));
        }
        if (unknown.length) graph.nodes[symBase[f] + s].unknownBases = [...new Set(unknown)];
        for (const m of this.childrenOf(f)[s]) {
          const ms = syms[m];
          if ((ms.label !== 'Method' && !(ms.label === 'Property' && lang.properties)) || (ms.isStatic && !lang.statics) || ms.kind === 'constructor' || ms.name === 'constructor') continue;
          const found = this.lookup(f, s, ms.name, new Set());
          if (found) graph.nodes[symBase[f] + m].overridesOutside = found;
        }
      }
    }
  }

  /** The outside member `name` that type (f, s) inherits through its bases (not its own), nearest first; undefined when none is known. */
  private lookup(f: number, s: number, name: string, seen: Set<string>): string | undefined {
    const key = `${f}:${s}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const lang = this.input.rules[f];
    for (const c of this.clausesOf(f, s)) {
      if (c.base !== 'outside') {
        const { f: bf, s: bs } = c.base;
        if (this.declares(bf, bs, name)) continue; // an ordinary override of a project member
        const up = this.lookup(bf, bs, name, seen);
        if (up) return up;
        continue;
      }
      const dep = this.input.dependencyMember?.(f, c.e, name);
      if (dep) return dep;
      if (dep === null || !lang) continue;
      const type = lang.baseName(this.input.files[f], c.e);
      const member = type === undefined || type === null ? undefined : lang.member(type, name);
      if (member) return member;
    }
    // (every class's chain ends in the implicit base, whatever outside class its bases extend: an Error is an Object)
    const sym = this.input.files[f].symbols[s];
    if (lang?.implicitBase && sym.label === 'Class') return lang.member(lang.implicitBase, name) ?? undefined;
    return undefined;
  }

  /** Each heritage clause of type (f, s) with the project type it names, or 'outside'. */
  private clausesOf(f: number, s: number): Array<{ e: Expr; base: { f: number; s: number } | 'outside' }> {
    const key = `${f}:${s}`;
    let out = this.clauses.get(key);
    if (out) return out;
    out = [];
    const sym = this.input.files[f].symbols[s];
    for (const e of [...(sym.extends ?? []), ...(sym.implements ?? [])]) out.push({ e, base: this.input.projectBase?.(f, s, e) ?? this.baseByEdge(f, s, e) });
    this.clauses.set(key, out);
    return out;
  }

  /** The project type an EXTENDS/IMPLEMENTS edge of (f, s) leads to under the clause's last name, or 'outside'. */
  private baseByEdge(f: number, s: number, e: Expr): { f: number; s: number } | 'outside' {
    const name = lastTypeName(e);
    if (name === undefined) return 'outside';
    const g = this.input.graph;
    const { dst } = g.edgeEndPositions();
    for (const id of g.outEdgeIdsAt(this.input.symBase[f] + s)) {
      const edge = g.edges[id];
      if ((edge.type !== 'EXTENDS' && edge.type !== 'IMPLEMENTS') || g.nodes[dst[id]].name !== name) continue;
      const at = this.symbolAt(dst[id]);
      if (at) return at;
    }
    return 'outside';
  }

  /** File and symbol of a node position among the project's symbols. */
  private symbolAt(pos: number): { f: number; s: number } | undefined {
    const { symBase, files } = this.input;
    // (symBase ascends: the last file starting at or before pos)
    let lo = 0, hi = files.length - 1, at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (symBase[mid] <= pos) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    if (at < 0 || pos - symBase[at] >= files[at].symbols.length) return undefined;
    return { f: at, s: pos - symBase[at] };
  }

  /** The children of each symbol of file f. */
  private childrenOf(f: number): number[][] {
    let out = this.children.get(f);
    if (!out) {
      const syms = this.input.files[f].symbols;
      out = syms.map(() => []);
      for (let m = 0; m < syms.length; m++) if (syms[m].parent >= 0) out[syms[m].parent].push(m);
      this.children.set(f, out);
    }
    return out;
  }

  /** Whether project type (f, s) declares an instance member `name` itself. */
  private declares(f: number, s: number, name: string): boolean {
    const key = `${f}:${s}`;
    let names = this.declared.get(key);
    if (!names) {
      names = new Set();
      const syms = this.input.files[f].symbols;
      for (const m of this.childrenOf(f)[s]) if (!syms[m].isStatic) names.add(syms[m].name);
      this.declared.set(key, names);
    }
    return names.has(name);
  }
}

/** A heritage clause as written, for messages (`React.Component`, `M(…)`). */
export function exprText(e: Expr): string {
  if (e.k === 'id') return e.name;
  if (e.k === 'member') return `${exprText(e.obj)}.${e.name}`;
  if (e.k === 'generic') return exprText(e.of);
  if (e.k === 'call') return `${exprText(e.callee)}(…)`;
  if (e.k === 'this') return 'this';
  return '?';
}

/**
 * Outside types as a language's generated table lists them (rows `Name:Base,Base:member,member` separated by `;`, see
 * bench/outside-members.ts), parsed on first use; `extra` adds members a type's declarations do not list but its
 * runtime calls by name (a custom element's `connectedCallback`).
 */
export class OutsideTable {
  private types?: Map<string, { bases: string[]; members: Set<string> }>;

  constructor(private readonly rows: () => string, private readonly extra: Readonly<Record<string, readonly string[]>> = {}) {}

  /** What OutsideTypes.member answers for the table's types: the nearest declaring type's member, breadth first up the bases. */
  member(type: string, member: string): string | null | undefined {
    const types = this.table();
    if (!types.has(type)) return undefined;
    const seen = new Set([type]);
    const queue = [type];
    for (let i = 0; i < queue.length; i++) {
      const t = types.get(queue[i]);
      if (!t) continue;
      if (member !== '' && t.members.has(member)) return `${queue[i]}.${member}`;
      for (const b of t.bases) if (!seen.has(b)) { seen.add(b); queue.push(b); }
    }
    return null;
  }

  private table(): Map<string, { bases: string[]; members: Set<string> }> {
    if (this.types) return this.types;
    const types = new Map<string, { bases: string[]; members: Set<string> }>();
    for (const row of this.rows().split(';')) {
      const [name, bases, members] = row.split(':');
      types.set(name, { bases: bases ? bases.split(',') : [], members: new Set(members ? members.split(',') : []) });
    }
    for (const [name, members] of Object.entries(this.extra)) {
      const t = types.get(name);
      if (t) for (const m of members) t.members.add(m);
    }
    this.types = types;
    return types;
  }
}
