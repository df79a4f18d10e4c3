/**
 * The tables the nominal resolver looks names up in, built once per project from every file's facts: packages and
 * their top-level symbols, types by qualified name (a type may have several parts: C#'s partial classes, Go's
 * methods declared in other files of its package), each type's members, and symbol positions.
 */
import type { FileFacts, SymbolFact } from '../../extract/facts.ts';
import { nominalOf, type NominalFacts, type NominalImport, type NominalSymbol } from '../../extract/nominal/facts.ts';
import type { NominalRules } from './rules.ts';

/** A symbol: file index and symbol index in that file's facts. */
export interface SymRef { f: number; s: number }

/** A type of the project: its parts (declarations) and members. */
export interface TypeEnt {
  /** Package-qualified name (`com.x.User`, `example.com/m/pkg.Server`). */
  fqn: string;
  pkg: string;
  /** The type's name as declared (`Inner` of `Outer.Inner`). */
  name: string;
  parts: SymRef[];
  /** Members by name, in declaration order (overloads side by side). */
  members: Map<string, SymRef[]>;
  /** Types declared inside it, by name. */
  nested: Map<string, TypeEnt>;
  /** The class it is declared in (nested types), if any. */
  outer?: TypeEnt;
  /** Resolved direct bases (set by the resolver, lazily). */
  bases?: Base[];
  /**
   * Where a generic type and others of its name with other type-parameter counts are distinct types
   * (NominalRules.genericArity): its count, and every type of its name and place by count (shared by all of them).
   */
  arity?: number;
  arities?: Map<number, TypeEnt>;
}

/** A direct base of a type: a project type, or a library type named as written. */
export type Base =
  | { ent: TypeEnt; via: 'extends' | 'implements' | 'embeds' | 'mixin'; from: SymRef; args?: unknown }
  /** (`methods`: the method names of a library interface the language knows, as `NominalRules.libraryInterfaceMethods` gives them) */
  | { ext: string; via: 'extends' | 'implements' | 'embeds' | 'mixin'; methods?: readonly string[] };

const TYPE_LABELS = new Set(['Class', 'Interface', 'Enum', 'TypeAlias']);
const CLASS_LIKE = new Set(['Class', 'Interface', 'Enum']);

/** Every package, type and member of a project's files of one nominal family. */
export class World {
  /** Top-level symbols (types, functions, variables) by package and name. */
  readonly packages = new Map<string, Map<string, SymRef[]>>();
  /** Files by package. */
  readonly packageFiles = new Map<string, number[]>();
  /** Types by package-qualified name. */
  readonly types = new Map<string, TypeEnt>();
  /** The type each type symbol is a part of. */
  private readonly typeOfSym = new Map<number, TypeEnt>();
  /** Each file's package. */
  readonly filePkg: string[] = [];
  /** Extension functions and methods by name (called as members of their receiver's type). */
  readonly extensions = new Map<string, SymRef[]>();
  /** C#'s `global using`s, with the folder whose files they apply to. */
  private readonly globalImports: Array<{ dir: string; imp: NominalImport }> = [];
  /** Every package name with its prefixes (`a.b.c` → `a`, `a.b`, `a.b.c`): what a dotted import may start with. */
  readonly packagePrefixes = new Set<string>();
  /** Methods whose receiver is declared outside a class body (Go), for the types their receivers name. */
  private readonly receivers: Array<{ r: SymRef; pkg: string; name: string }> = [];
  private readonly symKeyBase: number[] = [];
  /** The files of this family by relative path (for textual includes). */
  readonly fileByPath = new Map<string, number>();

  constructor(readonly files: readonly FileFacts[], readonly fileIds: readonly number[], readonly rules: NominalRules, readonly settings: unknown) {
    let base = 0;
    for (let f = 0; f < files.length; f++) { this.symKeyBase.push(base); base += files[f].symbols.length; }
    for (const f of fileIds) { this.fileByPath.set(files[f].path, f); this.index(f); }
    for (const f of fileIds) {
      const imps = nominalOf(files[f]).imports;
      if (!imps.some((i) => i.global)) continue;
      const p = files[f].path, dir = p.slice(0, p.lastIndexOf('/') + 1);
      for (const imp of imps) if (imp.global) this.globalImports.push({ dir, imp });
    }
    for (const u of rules.projectImports?.(this.settings) ?? []) {
      this.globalImports.push({ dir: u.dir, imp: { path: u.path, global: true, at: 0, line: 0, ...(u.alias ? { alias: u.alias } : {}), ...(u.isStatic ? { static: true, all: true } : {}) } });
    }
    for (const { r, pkg, name } of this.receivers) {
      const ent = this.types.get(qualify(pkg, name));
      if (ent) add(ent.members, this.sym(r).name, r);
    }
    for (const p of this.packages.keys()) for (let i = p.indexOf('.'); ; i = p.indexOf('.', i + 1)) { this.packagePrefixes.add(i < 0 ? p : p.slice(0, i)); if (i < 0) break; }
    if (rules.fileRank || rules.macroKinds) this.rankLists(fileIds);
    // a type's own declaration is its primary part, before the blocks that add to it (Rust's `impl`)
    const partKinds = rules.partKinds;
    if (partKinds) for (const ent of this.types.values()) if (ent.parts.length > 1) ent.parts.sort((a, b) => Number(partKinds.has(this.sym(a).kind)) - Number(partKinds.has(this.sym(b).kind)));
  }

  /**
   * How a declaration weighs among declarations of one name, 0 by default: more for one in a file the default build
   * leaves out (NominalRules.fileRank) or under a conditional it does not compile (NominalRules.macroKinds).
   */
  rank(r: SymRef): number { return (this.ranks?.[r.f] ?? 0) + (this.offRank?.has(this.key(r)) ? 1 : 0); }
  /**
   * Of overloads, those the default build compiles where there are any: one under an `#ifdef` it does not compile is
   * no candidate beside them, as the compiler never sees both (cxxopts' `toLocalString(std::string)` of its Unicode
   * build; NominalRules.macroKinds).
   */
  compiledFirst(rs: SymRef[]): SymRef[] {
    const on = this.offRank ? rs.filter((r) => !this.offRank!.has(this.key(r))) : rs;
    return on.length ? on : rs;
  }
  private ranks: number[] | undefined;
  /** Declarations under a conditional the default build does not compile. */
  private offRank: Set<number> | undefined;

  /** Declarations of one name in rank order (those the default build compiles first), sorted in place. */
  ranked(list: SymRef[]): SymRef[] {
    if ((this.ranks || this.offRank) && list.length > 1) list.sort((a, b) => this.rank(a) - this.rank(b));
    return list;
  }

  /** Lists declarations of one name from those the default build compiles first (stable otherwise). */
  private rankLists(fileIds: readonly number[]): void {
    let any = false;
    if (this.rules.fileRank) {
      const ranks: number[] = [];
      for (const f of fileIds) { ranks[f] = this.rules.fileRank(this.files[f], this.settings); if (ranks[f]) any = true; }
      this.ranks = ranks;
    }
    if (this.rules.macroKinds) {
      const kinds = this.rules.macroKinds;
      const defined = new Set<string>(this.rules.predefinedMacros);
      for (const f of fileIds) for (const s of this.files[f].symbols) if (kinds.has(s.kind)) defined.add(s.name);
      const off = new Set<number>();
      // a number holds when it is not 0, a name when it is defined; another condition's text as the rules decide it
      const holds = (macro: string): boolean | undefined => (/^\d+$/.test(macro) ? Number(macro) !== 0 : /^[A-Za-z_]\w*$/.test(macro) ? defined.has(macro) : this.rules.macroCondition?.(macro, defined));
      for (const f of fileIds) {
        const extras = nominalOf(this.files[f]).sym;
        for (const k in extras) {
          const cs = extras[k].conds;
          if (cs?.some((c) => { const h = holds(c.macro); return h !== undefined && h !== c.defined; })) off.add(this.key({ f, s: Number(k) }));
        }
      }
      if (off.size) { this.offRank = off; any = true; }
    }
    if (!any) return;
    const byRank = (a: SymRef, b: SymRef): number => this.rank(a) - this.rank(b);
    for (const m of this.packages.values()) for (const l of m.values()) if (l.length > 1) l.sort(byRank);
    for (const ent of this.types.values()) {
      if (ent.parts.length > 1) ent.parts.sort(byRank);
      for (const l of ent.members.values()) if (l.length > 1) l.sort(byRank);
    }
  }

  /** A symbol's fact. */
  sym(r: SymRef): SymbolFact { return this.files[r.f].symbols[r.s]; }
  /** A symbol's nominal extras. */
  extra(r: SymRef): NominalSymbol { return nominalOf(this.files[r.f]).sym[r.s] ?? NONE; }
  nominal(f: number): NominalFacts { return nominalOf(this.files[f]); }
  /** A number unique to a symbol in the project (memo keys). */
  key(r: SymRef): number { return this.symKeyBase[r.f] + r.s; }
  /** The type a type symbol is a part of. */
  typeOf(r: SymRef): TypeEnt | undefined { return this.typeOfSym.get(this.key(r)); }

  private readonly testMemo = new Map<number, boolean>();

  /** Whether file f is a test source (the language's rule): compiled apart from the code it tests. */
  isTest(f: number): boolean {
    let t = this.testMemo.get(f);
    if (t === undefined) this.testMemo.set(f, (t = this.rules.isTestFile?.(this.files[f].path) ?? false));
    return t;
  }

  /** A file's imports: its own, then the global ones of its project that it does not write itself. */
  importsOf(f: number): readonly NominalImport[] {
    const own = nominalOf(this.files[f]).imports;
    if (!this.globalImports.length) return own;
    const path = this.files[f].path;
    const extra = this.globalImports.filter((g) => path.startsWith(g.dir) && !own.includes(g.imp)).map((g) => g.imp);
    return extra.length ? [...own, ...extra] : own;
  }

  /** The package of a top-level symbol (its namespace where the file declares them). */
  symPackage(r: SymRef): string {
    return this.nsPackage(this.extra(r).ns, this.filePkg[r.f]);
  }

  /** The package a namespace of a file names (within the file's package where namespaces nest in it). */
  private nsPackage(ns: string | undefined, pkg: string): string {
    if (ns === undefined) return pkg;
    return this.rules.nestedNamespaces ? qualify(pkg, ns) : ns;
  }

  private index(f: number): void {
    const facts = this.files[f];
    const pkg = this.rules.filePackage(facts, this.settings);
    this.filePkg[f] = pkg;
    add(this.packageFiles, pkg, f);
    const syms = facts.symbols;
    const nominal = nominalOf(facts);
    for (let s = 0; s < syms.length; s++) {
      const sym = syms[s];
      const r = { f, s };
      const x = nominal.sym[s];
      if (sym.kind === 'namespace') {
        const key = this.nsPackage(sym.qualifiedName, pkg);
        if (!this.packages.has(key)) this.packages.set(key, new Map());
        if (this.rules.nestedNamespaces) add(this.packageFiles, key, f);
        continue;
      }
      if (sym.parent < 0) {
        const p = this.nsPackage(x?.ns, pkg);
        let m = this.packages.get(p);
        if (!m) this.packages.set(p, (m = new Map()));
        if (x?.recv && sym.label === 'Method') this.receivers.push({ r, pkg: p, name: sym.qualifiedName.slice(0, sym.qualifiedName.lastIndexOf('.')) });
        else if (!this.rules.fileLocal || (sym.exported && !this.rules.keptInFile?.(sym, facts.path))) add(m, sym.name, r);
      } else if (this.rules.unscopedEnumKind && sym.kind === 'enum_member') {
        // a plain enum's members are names of the scope around it (the enum at file or namespace level)
        const e = syms[sym.parent];
        if (e.label === 'Enum' && e.kind === this.rules.unscopedEnumKind && e.parent < 0 && (!this.rules.fileLocal || e.exported)) {
          const p = this.nsPackage(nominal.sym[sym.parent]?.ns, pkg);
          let m = this.packages.get(p);
          if (!m) this.packages.set(p, (m = new Map()));
          add(m, sym.name, r);
        }
      }
      if (x?.ext) add(this.extensions, sym.name, r);
      else if (x?.recv && sym.label === 'Function') add(this.extensions, sym.name, r);
      if (TYPE_LABELS.has(sym.label)) this.typeSymbol(r, sym, this.nsPackage(x?.ns, pkg));
      else if (sym.parent >= 0) {
        const owner = this.typeOfSym.get(this.key({ f, s: sym.parent }));
        if (owner) add(owner.members, sym.name, r);
      }
    }
  }

  private typeSymbol(r: SymRef, sym: SymbolFact, pkg: string): void {
    const parentSym = sym.parent >= 0 ? this.files[r.f].symbols[sym.parent] : undefined;
    // a type declared in a function is local to it: its own entry, named by its place
    const outer = parentSym && CLASS_LIKE.has(parentSym.label) ? this.typeOfSym.get(this.key({ f: r.f, s: sym.parent })) : undefined;
    const fqn = outer ? `${outer.fqn}.${sym.name}` : parentSym ? `${qualify(pkg, sym.qualifiedName)}@${r.f}` : qualify(pkg, sym.name);
    let ent = this.types.get(fqn);
    if (this.rules.genericArity) ent = this.ofArity(ent, fqn, pkg, sym, outer);
    else if (!ent) {
      ent = { fqn, pkg, name: sym.name, parts: [], members: new Map(), nested: new Map(), outer };
      this.types.set(fqn, ent);
      if (outer) outer.nested.set(sym.name, ent);
    }
    ent.parts.push(r);
    this.typeOfSym.set(this.key(r), ent);
    if (outer) add(outer.members, sym.name, r);
  }

  /**
   * The type of a declaration's type-parameter count among the types of its name and place (`first`: the one the
   * plain name is keyed by, made here when there is none). The plain name keys the type without parameters where
   * there is one (a name written without type arguments means it), else the first declared; the others are keyed
   * `name`n`.
   */
  private ofArity(first: TypeEnt | undefined, fqn: string, pkg: string, sym: SymbolFact, outer: TypeEnt | undefined): TypeEnt {
    const n = sym.typeParams?.length ?? 0;
    const hit = first?.arities?.get(n);
    if (hit) return hit;
    const arities = first?.arities ?? new Map<number, TypeEnt>();
    const ent: TypeEnt = { fqn, pkg, name: sym.name, parts: [], members: new Map(), nested: new Map(), outer, arity: n, arities };
    arities.set(n, ent);
    if (first && n !== 0) ent.fqn = `${fqn}\`${n}`;
    else if (first) {
      // a plain type after a generic one of its name: the plain name is its
      first.fqn = `${fqn}\`${first.arity}`;
      this.types.set(first.fqn, first);
    }
    this.types.set(ent.fqn, ent);
    if (outer && ent.fqn === fqn) outer.nested.set(sym.name, ent);
    return ent;
  }

  /** The type of `n` type parameters among those of a type's name and place (the type itself when there is none). */
  withArity(ent: TypeEnt, n: number): TypeEnt {
    return ent.arities?.get(n) ?? ent;
  }

  /**
   * Joins the types made only of blocks that add to a type (Rust's `impl Display for Version` in another module, Swift's
   * `extension Item` of an imported module's type) to the type their name means where they are written (`target`):
   * their members, bases and symbols become that type's. Called once, before any lookup.
   */
  joinParts(target: (ent: TypeEnt) => TypeEnt | undefined): void {
    if (!this.rules.partKinds) return;
    const joins: Array<[TypeEnt, TypeEnt]> = [];
    for (const ent of this.types.values()) {
      if (ent.outer || !this.onlyParts(ent)) continue;
      const into = target(ent);
      if (into && into !== ent && !this.onlyParts(into)) joins.push([ent, into]);
    }
    for (const [from, into] of joins) {
      for (const r of from.parts) { into.parts.push(r); this.typeOfSym.set(this.key(r), into); }
      for (const [name, rs] of from.members) for (const r of rs) add(into.members, name, r);
      for (const [name, n] of from.nested) if (!into.nested.has(name)) into.nested.set(name, n);
      this.types.delete(from.fqn);
    }
  }

  /** Whether a symbol is a type. */
  isType(r: SymRef): boolean { return TYPE_LABELS.has(this.sym(r).label); }

  /** The first part of a type (its node in the graph for references that name the type). */
  primary(ent: TypeEnt): SymRef { return ent.parts[0]; }
  /** Whether every part of a type is one that adds to a type (NominalRules.partKinds): the type itself is declared outside the project. */
  onlyParts(ent: TypeEnt): boolean {
    const kinds = this.rules.partKinds;
    return kinds !== undefined && ent.parts.every((r) => kinds.has(this.sym(r).kind));
  }

  /** A type's label: an interface when its (first) part is one. */
  isInterface(ent: TypeEnt): boolean { return this.sym(ent.parts[0]).label === 'Interface'; }
}

const NONE: NominalSymbol = {};

/** `pkg.name`, or `name` in the unnamed package. */
export function qualify(pkg: string, name: string): string {
  return pkg ? `${pkg}.${name}` : name;
}

export function add<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}
