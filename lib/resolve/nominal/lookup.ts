/**
 * Name lookup of the nominal resolver: what a free name (one the file's scopes do not declare) means at a point of
 * a file — a member of an enclosing class (implicit `this`), a symbol of the file, an imported one, one of its
 * package or of a package it imports wholesale — and what a type name means, in the order a compiler of these
 * languages looks (nearest first). Each file's imports are read once.
 */
import type { Expr } from '../../extract/facts.ts';
import type { NominalImport } from '../../extract/nominal/facts.ts';
import { add, qualify, type SymRef, type TypeEnt, type World } from './world.ts';
import type { Members } from './members.ts';

/** What an import binds. */
export type Target = { r: SymRef } | { ent: TypeEnt } | { pkg: string } | { ext: string };

interface FileScope {
  /** Names bound by single imports (and aliases). */
  single: Map<string, Target[]>;
  /** Packages imported wholesale (wildcards, C#'s `using N;`, Go's dot imports). */
  wildcards: string[];
  /** Types whose nested types (and, for static imports, static members) are imported wholesale. */
  typeWildcards: Array<{ ent: TypeEnt; statics: boolean }>;
  /** The file imports something wholesale from outside the project: an unknown free name may be from there. */
  openExternal: boolean;
  /** Project files each import reaches, with the import's line (IMPORTS edges). */
  importFiles: Array<{ f: number; line: number }>;
  /** Top-level symbols of this file by name. */
  own: Map<string, SymRef[]>;
}

/** A free name's meaning. */
export type Found =
  | { r: SymRef[]; reason: 'this-member' | 'same-file' | 'same-package' | 'import' | 'local' }
  | { ent: TypeEnt; reason: 'same-file' | 'same-package' | 'import' | 'nested' }
  | { pkg: string }
  | { ext: string };

const TYPE_LABELS = new Set(['Class', 'Interface', 'Enum', 'TypeAlias']);

/** Name lookup over a World. */
export class Names {
  private readonly scopes = new Map<number, FileScope>();
  private readonly valueMemo = new Map<string, Found | null>();
  private readonly typeMemo = new Map<string, Found | null>();

  constructor(private readonly w: World, private readonly members: Members) {}

  /** The file's imports and own names (read once). */
  scope(f: number): FileScope {
    let sc = this.scopes.get(f);
    if (!sc) this.scopes.set(f, (sc = this.readScope(f)));
    return sc;
  }

  /**
   * The files a file includes, directly or through the files it includes (C's `#include`), nearest first: their
   * top-level names are the file's. Empty unless the language includes textually.
   */
  private included(f: number): number[] {
    let l = this.includeClosure.get(f);
    if (l) return l;
    l = [];
    if (this.w.rules.includeFile) {
      const seen = new Set<number>([f]);
      let level = [f];
      while (level.length) {
        const next: number[] = [];
        for (const g of level) for (const { f: h } of this.scope(g).importFiles) if (!seen.has(h)) { seen.add(h); l.push(h); next.push(h); }
        level = next;
      }
    }
    this.includeClosure.set(f, l);
    return l;
  }
  private readonly includeClosure = new Map<number, number[]>();

  /** A top-level name of the files file f includes (the nearest that declares it), as an import. */
  private includedName(f: number, name: string): Found | undefined {
    for (const g of this.included(f)) {
      const rs = this.scope(g).own.get(name);
      if (rs) return this.asFound(rs, 'import');
    }
    return undefined;
  }

  /** Project files a file's imports reach (with the import's line). */
  importFiles(f: number): Array<{ f: number; line: number }> {
    return this.scope(f).importFiles;
  }

  private readScope(f: number): FileScope {
    const w = this.w;
    const sc: FileScope = { single: new Map(), wildcards: [], typeWildcards: [], openExternal: false, importFiles: [], own: new Map() };
    const syms = w.files[f].symbols;
    for (let s = 0; s < syms.length; s++) {
      if (syms[s].parent >= 0 || syms[s].kind === 'namespace') continue;
      if (w.extra({ f, s }).recv && syms[s].label === 'Method') continue;
      add(sc.own, syms[s].name, { f, s });
    }
    for (const l of sc.own.values()) w.ranked(l);
    for (const imp of w.importsOf(f)) {
      if (imp.file) {
        const rel = w.rules.fileImport?.(imp.path, w.files[f].path, w.settings);
        const g = rel === undefined ? undefined : w.fileByPath.get(rel);
        if (g !== undefined) this.reach(sc, g, imp.line);
        continue;
      }
      if (w.rules.includeFile && !imp.all) {
        const rel = w.rules.includeFile(imp.path, w.files[f].path, w.settings);
        const g = rel === undefined ? undefined : w.fileByPath.get(rel);
        if (g === undefined) { if (!w.rules.functionlessHeader?.(imp.path)) sc.openExternal = true; continue; }
        this.reach(sc, g, imp.line);
        continue;
      }
      if (w.rules.importPackage) {
        const key = w.rules.importPackage(imp.path, w.files[f].path, w.settings);
        if (imp.alias === '_') continue;
        if (key === undefined || !w.packageFiles.has(key)) {
          if (imp.alias === '.') sc.openExternal = true;
          else add(sc.single, imp.alias ?? w.rules.externalImportName?.(imp.path) ?? lastSegment(imp.path, '/'), { ext: imp.path });
          continue;
        }
        for (const g of w.packageFiles.get(key) ?? []) { sc.importFiles.push({ f: g, line: imp.line }); break; }
        if (imp.alias === '.') sc.wildcards.push(key);
        else add(sc.single, imp.alias ?? this.packageName(key) ?? lastSegment(imp.path, '/'), { pkg: key });
        continue;
      }
      const path = this.relativeImport(this.rooted(imp.path, f), f, imp);
      if (imp.all) {
        const ent = w.types.get(path);
        if (ent) { sc.typeWildcards.push({ ent, statics: !!imp.static }); this.reach(sc, ent.parts[0].f, imp.line); }
        else if (w.packages.has(path) || (w.rules.importsAreItems === true && w.packageFiles.has(path))) sc.wildcards.push(path);
        else sc.openExternal = true;
        continue;
      }
      const targets = this.importTargets(path, !!imp.static);
      const name = imp.alias ?? lastSegment(path, '.');
      if (!targets.length) {
        // C#'s `using A.B;` names a namespace: its types are imported wholesale
        if (w.packages.has(path) && !imp.alias && !w.rules.packageImportBindsName) { sc.wildcards.push(path); continue; }
        if (w.packages.has(path)) { add(sc.single, name, { pkg: path }); continue; }
        add(sc.single, name, { ext: path });
        continue;
      }
      for (const t of targets) {
        add(sc.single, name, t);
        if ('r' in t) this.reach(sc, t.r.f, imp.line);
        else if ('ent' in t) this.reach(sc, t.ent.parts[0].f, imp.line);
      }
    }
    return sc;
  }

  private reach(sc: FileScope, g: number, line: number): void {
    if (!sc.importFiles.some((x) => x.f === g)) sc.importFiles.push({ f: g, line });
  }

  /**
   * Where namespaces nest (`outerNamespaces`), an import written inside namespace A.B is looked up from there, as
   * other names are: `using N;` names A.B.N, else A.N, before a top-level N. A file-scoped namespace (one line, the
   * import below it) holds the rest of its file.
   */
  private relativeImport(path: string, f: number, imp: NominalImport): string {
    const w = this.w;
    if (w.rules.outerNamespaces !== true || imp.global) return path;
    let ns: string | undefined;
    let start = -1;
    for (const s of w.files[f].symbols) {
      if (s.kind !== 'namespace' || s.line <= start) continue;
      if (s.line <= imp.line && imp.line <= s.endLine || s.line === s.endLine && s.line < imp.line) { ns = s.qualifiedName ?? s.name; start = s.line; }
    }
    for (let p = ns; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : undefined) {
      const cand = `${p}.${path}`;
      if (w.packages.has(cand) || w.types.has(cand)) return cand;
    }
    return path;
  }

  /** An import path with its first segment read as the language's roots say (Rust's `crate.a.B` → `mycrate.a.B`). */
  private rooted(path: string, f: number): string {
    const w = this.w;
    if (!w.rules.pathRoot) return path;
    const dot = path.indexOf('.');
    const first = dot < 0 ? path : path.slice(0, dot);
    let root = w.rules.pathRoot(first, w.files[f].path, w.settings);
    if (root === undefined) {
      // a path from a module declared in this one (`use model::Item;` beside `mod model;`)
      const here = w.rules.pathRoot('self', w.files[f].path, w.settings);
      return here && !w.packages.has(first) && w.packagePrefixes.has(`${here}.${first}`) ? `${here}.${path}` : path;
    }
    let rest = dot < 0 ? '' : path.slice(dot + 1);
    // `super::super::x`
    while (rest === 'super' || rest.startsWith('super.')) {
      root = root.includes('.') ? root.slice(0, root.lastIndexOf('.')) : root;
      rest = rest === 'super' ? '' : rest.slice(6);
    }
    return rest ? (root ? `${root}.${rest}` : rest) : root;
  }

  /**
   * What a package re-exports under `name` (Rust's `pub use inner::Thing;` in module m makes `m::Thing`): the targets
   * of the import of that name in the package's files.
   */
  reexported(pkg: string, name: string, seen: Set<string> = new Set()): Target[] {
    // each package once per lookup: modules' wildcards reach each other (`use super::*` below `pub use child::*`)
    if (seen.has(pkg)) return [];
    seen.add(pkg);
    const globs = this.w.rules.importsAreItems === true;
    for (const g of this.w.packageFiles.get(pkg) ?? []) {
      for (const imp of this.w.nominal(g).imports) {
        if (imp.all || (imp.alias ?? lastSegment(imp.path, '.')) !== name) continue;
        const path = this.rooted(imp.path, g);
        const t = this.importTargets(path, !!imp.static, seen);
        if (t.length) return t;
        if (this.w.packages.has(path)) return [{ pkg: path }];
      }
    }
    if (!globs) return [];
    // what the package's wildcards bring in (`pub use array::*;`), after the names it imports one by one
    for (const g of this.w.packageFiles.get(pkg) ?? []) {
      for (const imp of this.w.nominal(g).imports) {
        if (!imp.all) continue;
        const t = this.importTargets(`${this.rooted(imp.path, g)}.${name}`, !!imp.static, seen);
        if (t.length) return t;
      }
    }
    return [];
  }

  /**
   * The type a type made only of blocks that add to one (NominalRules.partKinds) adds to, when that type is declared in
   * another package: what its name means by the imports of the file of its first block.
   */
  partTarget(ent: TypeEnt): TypeEnt | undefined {
    const sc = this.scope(ent.parts[0].f);
    for (const t of sc.single.get(ent.name) ?? []) if ('ent' in t && t.ent !== ent) return t.ent;
    for (const pkg of sc.wildcards) {
      const other = this.w.types.get(qualify(pkg, ent.name));
      if (other && other !== ent) return other;
    }
    for (const t of this.throughWildcards(sc, ent.name)) if ('ent' in t && t.ent !== ent) return t.ent;
    return undefined;
  }

  /**
   * What the packages a file imports wholesale import under `name`, where imports are items of their module
   * (NominalRules.importsAreItems: `use super::*` sees the parent's `use` lines and `pub use array::*` globs).
   */
  private throughWildcards(sc: FileScope, name: string): Target[] {
    if (this.w.rules.importsAreItems !== true) return [];
    for (const pkg of sc.wildcards) {
      const t = this.reexported(pkg, name);
      if (t.length) return t;
    }
    return [];
  }

  /** The name a package's files declare (`package util`), for Go's imports without an alias. */
  private packageName(key: string): string | undefined {
    const files = this.w.packageFiles.get(key);
    if (!files) return undefined;
    for (const g of files) {
      const p = this.w.nominal(g).pkg;
      if (p && !p.endsWith('_test')) return p;
    }
    return undefined;
  }

  /** What a dotted import path names: a type, top-level symbols of a package, or members of a type. */
  private importTargets(path: string, isStatic: boolean, seen?: Set<string>): Target[] {
    const w = this.w;
    if (!isStatic) {
      const ent = w.types.get(path);
      if (ent) return [{ ent }];
    }
    const dot = path.lastIndexOf('.');
    if (dot < 0) return [];
    const owner = path.slice(0, dot), name = path.slice(dot + 1);
    const top = w.packages.get(owner)?.get(name);
    if (top?.length && !isStatic) return top.filter((r) => !TYPE_LABELS.has(w.sym(r).label)).map((r) => ({ r }));
    const companion = w.rules.companionName;
    const ent = w.types.get(owner) ?? (companion && owner.endsWith(`.${companion}`) ? w.types.get(owner.slice(0, -companion.length - 1)) : undefined);
    if (ent) return (ent.members.get(name) ?? []).map((r) => ({ r }));
    // (a module whose files declare nothing, a `mod.rs` of `mod` and `pub use` lines, re-exports all the same)
    if (w.rules.pathRoot && (w.packages.has(owner) || w.packageFiles.has(owner))) return this.reexported(owner, name, seen);
    return [];
  }

  /**
   * The type classes enclosing symbol `from` of file f, innermost first (the symbol itself when it is one): where an
   * implicit `this` and nested type names are looked up.
   */
  enclosingTypes(f: number, from: number, receivers = false): TypeEnt[] {
    const out: TypeEnt[] = [];
    const syms = this.w.files[f].symbols;
    for (let s = from; s >= 0; s = syms[s].parent) {
      // an extension function's body has its receiver as `this` (Kotlin's `fun User.label() = name`)
      if (receivers && syms[s].label === 'Function') {
        const recv = this.w.extra({ f, s }).recv;
        const name = recv ? baseName(recv) : undefined;
        const found = name ? this.type(f, syms[s].parent, name) : undefined;
        if (found && 'ent' in found && !out.includes(found.ent)) out.push(found.ent);
        continue;
      }
      if (!TYPE_LABELS.has(syms[s].label)) {
        // a method defined outside its class's body (C++'s `void A::f() {}`) is inside its class
        if (this.w.rules.implicitThis && syms[s].label === 'Method' && syms[s].parent < 0 && this.w.extra({ f, s }).recv) {
          const owner = this.members.ownerOf({ f, s });
          if (owner) out.push(owner);
        }
        continue;
      }
      const ent = this.w.typeOf({ f, s });
      if (ent) out.push(ent);
    }
    return out;
  }

  /** What a free value name means inside symbol `from` of file f (undefined: nothing the project or its imports declare). */
  value(f: number, from: number, name: string): Found | undefined {
    const key = `${f}:${from}:${name}`;
    const m = this.valueMemo.get(key);
    if (m !== undefined) return m ?? undefined;
    const found = this.valueUncached(f, from, name);
    this.valueMemo.set(key, found ?? null);
    return found;
  }

  /** What a free name means inside symbol `from` of file f past the members an implicit `this` reaches. */
  outerValue(f: number, from: number, name: string): Found | undefined {
    return this.valueUncached(f, from, name, false);
  }

  /** Whether a declaration of `name` the build compiles is in file f's packages (another file's, outside f). */
  private compiledElsewhere(f: number, from: number, name: string): boolean {
    for (const pkg of this.packagesOf(f, from)) if (this.visible(f, this.w.packages.get(pkg)?.get(name))?.some((r) => r.f !== f && this.w.rank(r) === 0)) return true;
    return false;
  }

  private valueUncached(f: number, from: number, name: string, members = true): Found | undefined {
    const w = this.w;
    const root = name === w.rules.globalRoot ? '' : w.rules.pathRoot?.(name, w.files[f].path, w.settings);
    if (root !== undefined) return { pkg: root };
    if (isSelfName(w.rules.selfTypeName, name)) { const t = this.enclosingTypes(f, from)[0]; if (t) return { ent: t, reason: 'same-file' }; }
    const syms = w.files[f].symbols;
    // symbols declared in the enclosing functions (local functions and classes)
    for (let s = from; s >= 0; s = syms[s].parent) {
      const sym = syms[s];
      if (sym.label !== 'Function' && sym.label !== 'Method') continue;
      const local: SymRef[] = [];
      for (let t = s + 1; t < syms.length && syms[t].line <= sym.endLine; t++) if (syms[t].parent === s && syms[t].name === name) local.push({ f, s: t });
      if (local.length) return local.some((r) => TYPE_LABELS.has(w.sym(r).label)) ? { ent: w.typeOf(local.find((r) => TYPE_LABELS.has(w.sym(r).label))!)!, reason: 'same-file' } : { r: local, reason: 'local' };
    }
    if (w.rules.implicitThis && members) {
      for (const ent of this.enclosingTypes(f, from, true)) {
        // a constructor is named after its class but is no member a name reaches
        const found = this.members.findStatic(ent, name, false).filter((r) => w.sym(r).kind !== 'constructor');
        if (found.length) {
          const types = found.filter((r) => TYPE_LABELS.has(w.sym(r).label));
          if (types.length) return { ent: w.typeOf(types[0])!, reason: 'nested' };
          return { r: found, reason: 'this-member' };
        }
      }
    }
    const sc = this.scope(f);
    const own = sc.own.get(name);
    // (a file's own declaration the build does not compile, minigzip's `gzopen` under `#ifdef Z_SOLO`, yields to one
    // of the program it compiles, as an included one does below; a caller left out with it keeps it)
    const ownOff = own !== undefined && own.every((r) => w.rank(r) > 0) && (from < 0 || w.rank({ f, s: from }) === 0) && this.compiledElsewhere(f, from, name);
    if (own && !ownOff) return this.asFound(own, 'same-file');
    const single = sc.single.get(name);
    if (single) return this.fromTargets(single);
    const inc = this.includedName(f, name);
    // (an included declaration the build does not compile, `#define f(x) 0` under `#ifdef __linux__`'s `#else`, yields
    // to one of the program it compiles: the function `f` that linux.c defines)
    const off = inc && 'r' in inc && inc.r.every((r) => w.rank(r) > 0);
    if (inc && !off) return inc;
    for (const pkg of this.packagesOf(f, from)) {
      const inPkg = this.visible(f, w.packages.get(pkg)?.get(name));
      // (beside a file's own declaration the build leaves out, only the compiled ones)
      if (inPkg && (!off || inPkg.some((r) => w.rank(r) === 0))) return this.asFound(ownOff ? w.compiledFirst(inPkg) : inPkg, 'same-package');
    }
    if (inc) return inc;
    if (own) return this.asFound(own, 'same-file');
    for (const pkg of sc.wildcards) {
      const inPkg = this.visible(f, w.packages.get(pkg)?.get(name));
      if (inPkg) return this.asFound(inPkg, 'import');
    }
    const imported = this.throughWildcards(sc, name);
    if (imported.length) return this.fromTargets(imported);
    for (const { ent, statics } of sc.typeWildcards) {
      const nested = ent.nested.get(name);
      if (nested) return { ent: nested, reason: 'import' };
      if (statics) {
        const ms = (ent.members.get(name) ?? []).filter((r) => w.sym(r).isStatic);
        if (ms.length) return { r: ms, reason: 'import' };
      }
    }
    // a package of the project named by its full dotted name (`com.acme.util.Strings.join()`)
    if (w.packagePrefixes.has(name)) return { pkg: name };
    // a namespace nested in the one the code is in (`util::twice()` inside `namespace shop`)
    for (const pkg of this.packagesOf(f, from)) if (pkg && w.packagePrefixes.has(`${pkg}.${name}`)) return { pkg: `${pkg}.${name}` };
    return undefined;
  }

  /**
   * The packages a qualified name's first segment `first` may stand for in symbol `from` of file f: a package an
   * import binds under that name (also where the imported path is a type as well), then one nested in the file's
   * package or its enclosing ones (PHP's relative names).
   */
  relativePackages(f: number, from: number, name: string): string[] {
    // a dotted name (`Expr.AssignOp` of `Expr\AssignOp\Plus`): its first segment looked up, the rest below it
    const dot = name.indexOf('.');
    if (dot > 0) return this.relativePackages(f, from, name.slice(0, dot)).map((p) => `${p}${name.slice(dot)}`).filter((p) => this.w.packagePrefixes.has(p));
    const first = name;
    const out: string[] = [];
    for (const t of this.scope(f).single.get(first) ?? []) {
      const key = 'pkg' in t ? t.pkg : 'ent' in t ? t.ent.fqn : undefined;
      if (key !== undefined && this.w.packagePrefixes.has(key) && !out.includes(key)) out.push(key);
    }
    for (const pkg of this.packagesOf(f, from)) {
      const key = pkg ? `${pkg}.${first}` : first;
      if (this.w.packagePrefixes.has(key) && !out.includes(key)) out.push(key);
    }
    return out;
  }

  /**
   * Where methods overload, the methods named `name` of the nearest enclosing type that has any, with those it
   * inherits (an unqualified call chooses among them all when the type's own cannot take its arguments).
   */
  inheritedOverloads(f: number, from: number, name: string): SymRef[] {
    if (!this.w.rules.overloads) return [];
    for (const ent of this.enclosingTypes(f, from, true)) {
      if (!this.members.find(ent, name).length) continue;
      return this.members.findAll(ent, name).filter((r) => { const s = this.w.sym(r); return (s.label === 'Method' || s.label === 'Function') && s.kind !== 'constructor'; });
    }
    return [];
  }

  /**
   * What a free name called (`name(…)`) means inside symbol `from` of file f: where the language keeps methods apart
   * from fields (Java), the nearest enclosing class with a method of that name, else what the name means as a value.
   */
  callee(f: number, from: number, name: string): Found | undefined {
    if (!this.w.rules.methodNamespace) return this.callable(f, from, name);
    for (const ent of this.enclosingTypes(f, from, true)) {
      const fns = (this.w.rules.overloads ? this.members.findAll(ent, name) : this.members.find(ent, name)).filter((r) => { const s = this.w.sym(r); return (s.label === 'Method' || s.label === 'Function') && s.kind !== 'constructor'; });
      if (fns.length) return { r: fns, reason: 'this-member' };
    }
    return this.callable(f, from, name);
  }

  /**
   * A free name called: what it means as a value, except that an interface, which nothing constructs, gives way to
   * a function of its name the same scopes see (Kotlin's `fun XYZColorSpace(…)` beside `interface XYZColorSpace`).
   */
  private callable(f: number, from: number, name: string): Found | undefined {
    const found = this.value(f, from, name);
    if (!found || !('ent' in found) || !this.w.isInterface(found.ent)) return found;
    const w = this.w;
    const fns = (rs: SymRef[] | undefined): SymRef[] => (rs ?? []).filter((r) => { const l = w.sym(r).label; return l === 'Function' || l === 'Method'; });
    const sc = this.scope(f);
    const own = fns(sc.own.get(name));
    if (own.length) return { r: own, reason: 'same-file' };
    const single = fns((sc.single.get(name) ?? []).filter((t): t is { r: SymRef } => 'r' in t).map((t) => t.r));
    if (single.length) return { r: single, reason: 'import' };
    for (const pkg of this.packagesOf(f, from)) {
      const inPkg = fns(this.visible(f, w.packages.get(pkg)?.get(name)));
      if (inPkg.length) return { r: inPkg, reason: 'same-package' };
    }
    for (const pkg of sc.wildcards) {
      const inPkg = fns(this.visible(f, w.packages.get(pkg)?.get(name)));
      if (inPkg.length) return { r: inPkg, reason: 'import' };
    }
    return found;
  }

  /** What a free type name means inside symbol `from` of file f. */
  type(f: number, from: number, name: string): Found | undefined {
    const key = `${f}:${from}:${name}`;
    const m = this.typeMemo.get(key);
    if (m !== undefined) return m ?? undefined;
    const found = this.typeUncached(f, from, name);
    this.typeMemo.set(key, found ?? null);
    return found;
  }

  private typeUncached(f: number, from: number, name: string): Found | undefined {
    const w = this.w;
    const root = name === w.rules.globalRoot ? '' : w.rules.pathRoot?.(name, w.files[f].path, w.settings);
    if (root !== undefined) return { pkg: root };
    if (isSelfName(w.rules.selfTypeName, name)) { const t = this.enclosingTypes(f, from)[0]; if (t) return { ent: t, reason: 'same-file' }; }
    for (const ent of this.enclosingTypes(f, from)) {
      if (ent.name === name && !ent.outer) return { ent, reason: 'same-file' };
      const nested = this.members.nestedType(ent, name);
      if (nested) return { ent: nested, reason: 'nested' };
    }
    const syms = w.files[f].symbols;
    for (let s = from; s >= 0; s = syms[s].parent) {
      const sym = syms[s];
      if (sym.label !== 'Function' && sym.label !== 'Method') continue;
      for (let t = s + 1; t < syms.length && syms[t].line <= sym.endLine; t++) {
        if (syms[t].parent === s && syms[t].name === name && TYPE_LABELS.has(syms[t].label)) { const ent = w.typeOf({ f, s: t }); if (ent) return { ent, reason: 'same-file' }; }
      }
    }
    const sc = this.scope(f);
    const own = sc.own.get(name)?.find((r) => TYPE_LABELS.has(w.sym(r).label));
    if (own) { const ent = w.typeOf(own); if (ent) return { ent, reason: 'same-file' }; }
    const single = sc.single.get(name);
    if (single) {
      for (const t of single) if ('ent' in t) return { ent: t.ent, reason: 'import' };
      for (const t of single) if ('ext' in t) return { ext: t.ext };
      for (const t of single) if ('pkg' in t) return { pkg: t.pkg };
    }
    const inc = this.includedName(f, name);
    if (inc && 'ent' in inc) return inc;
    for (const pkg of this.packagesOf(f, from)) {
      const ent = w.types.get(qualify(pkg, name));
      if (ent && this.visible(f, ent.parts)) return { ent, reason: 'same-package' };
    }
    for (const pkg of sc.wildcards) {
      const ent = w.types.get(qualify(pkg, name));
      if (ent && this.visible(f, ent.parts)) return { ent, reason: 'import' };
    }
    for (const t of this.throughWildcards(sc, name)) if ('ent' in t) return { ent: t.ent, reason: 'import' };
    for (const { ent } of sc.typeWildcards) {
      const nested = ent.nested.get(name);
      if (nested) return { ent: nested, reason: 'import' };
    }
    if (w.packagePrefixes.has(name)) return { pkg: name };
    // a namespace nested in the one the code is in (`inner::Node` inside `namespace outer`), as for values
    for (const pkg of this.packagesOf(f, from)) if (pkg && w.packagePrefixes.has(`${pkg}.${name}`)) return { pkg: `${pkg}.${name}` };
    return undefined;
  }

  /** The package symbol `from` of file f is in, and the enclosing namespaces when the language looks there too. */
  private packagesOf(f: number, from: number): string[] {
    const w = this.w;
    let top = from;
    const syms = w.files[f].symbols;
    while (top >= 0 && syms[top].parent >= 0) top = syms[top].parent;
    const pkg = top >= 0 ? w.symPackage({ f, s: top }) : w.filePkg[f];
    if (!w.rules.outerNamespaces) return [pkg];
    if (w.rules.outerNamespaces === 'global') return pkg ? [pkg, ''] : [pkg];
    const out = [pkg];
    for (let i = pkg.lastIndexOf('.'); i > 0; i = pkg.lastIndexOf('.', i - 1)) out.push(pkg.slice(0, i));
    if (pkg) out.push('');
    return out;
  }

  /** The declarations file f can see: test sources are compiled apart, so code outside them sees none of theirs. */
  private visible(f: number, refs: SymRef[] | undefined): SymRef[] | undefined {
    if (!refs || this.w.isTest(f)) return refs;
    const out = refs.filter((r) => !this.w.isTest(r.f));
    return out.length === refs.length ? refs : out.length ? out : undefined;
  }

  private asFound(refs: SymRef[], reason: 'same-file' | 'same-package' | 'import'): Found {
    const type = refs.find((r) => TYPE_LABELS.has(this.w.sym(r).label));
    if (type) { const ent = this.w.typeOf(type); if (ent) return { ent, reason }; }
    return { r: refs, reason };
  }

  private fromTargets(ts: Target[]): Found {
    for (const t of ts) if ('ent' in t) return { ent: t.ent, reason: 'import' };
    const rs = ts.filter((t): t is { r: SymRef } => 'r' in t).map((t) => t.r);
    if (rs.length) return { r: rs, reason: 'import' };
    for (const t of ts) if ('pkg' in t) return { pkg: t.pkg };
    return { ext: (ts[0] as { ext: string }).ext };
  }

  /**
   * Whether a file imports something wholesale from outside the project (an unknown name may come from there); where
   * inclusion is textual, a system header any file of its include closure includes is the file's too (`<stdio.h>`
   * reached through the project's own header).
   */
  openExternal(f: number): boolean {
    if (this.scope(f).openExternal) return true;
    let open = this.openThrough.get(f);
    if (open === undefined) this.openThrough.set(f, (open = this.included(f).some((g) => this.scope(g).openExternal)));
    return open;
  }
  private readonly openThrough = new Map<number, boolean>();
}

/** The name a receiver type is written with (`User`, `Box<T>`: Box; `a.B`: B), unless it is a type parameter. */
function baseName(e: Expr): string | undefined {
  if (e.k === 'id') return e.b === undefined ? e.name : undefined;
  if (e.k === 'generic') return baseName(e.of);
  if (e.k === 'member') return e.name;
  return undefined;
}

/** Whether `name` is the language's name of the enclosing type (`Self`; PHP's `self` and `static`). */
function isSelfName(self: string | readonly string[] | undefined, name: string): boolean {
  return self !== undefined && (typeof self === 'string' ? self === name : self.includes(name));
}

function lastSegment(path: string, sep: string): string {
  return path.slice(path.lastIndexOf(sep) + 1);
}
