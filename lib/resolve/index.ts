/**
 * Project-wide resolution: from every file's facts to the whole code graph (Folder/File structure, symbols,
 * imports, calls, heritage, references) and the reference index. Linear in the size of the project: lookups
 * are maps keyed by file and name, evaluations are memoised.
 */
import path from 'node:path';
import { GraphBuilder } from '../graph/builder.ts';
import { toCodeGraph, type CodeGraph } from '../graph/code-graph.ts';
import type { ArrayGraph } from '../graph/array-graph.ts';
import { ALIASED_EXPORT, ReferenceIndex, type Reference, type ReferenceKind } from '../refs/reference-index.ts';
import { UnresolvedCalls, compareUnresolved, type UnresolvedCall } from '../refs/unresolved-calls.ts';
import { makeUid, UidAllocator, type GraphEdge, type GraphNode, type RelType } from '../graph/schema.ts';
import { bindingIndex, bindsImport, bindsLocal, bindsSymbol, posColumn, posLength, posLine, type CallFact, type Expr, type FileFacts, type Pos, type RefFact, type SymbolFact } from '../extract/facts.ts';
import { FileRules, type ProjectConfig } from './rules.ts';
import { writeOverrides } from './overrides.ts';
import { markOutsideOverrides } from './outside.ts';
import { changedNames, mentions, outwardShape } from './shape.ts';
import type { LanguageRelations, RelationSink } from '../extract/relations.ts';
import { Evaluator, newableFunction, REASON_CONFIDENCE, type Reason, type SymRef, type Val } from './evaluate.ts';

/** The expressions that read a name where a test narrowed it (see lib/extract/collector/narrowing.ts). */
const NARROWINGS = new Set<Expr['k']>(['tagged', 'narrowed', 'guarded', 'isarray', 'tested', 'ifasserts']);

export type { ProjectConfig };

export interface ResolveResult {
  /** The graphology graph of `arrays`, made on first read (analyze never reads it). */
  readonly graph: CodeGraph;
  /** The graph as arrays (lib/graph/array-graph.ts): what the analyze pipeline extends and writes. */
  arrays: ArrayGraph;
  refs: ReferenceIndex;
  /**
   * Call sites that could not be resolved, in total and per file (a name-only guess counts as unresolved).
   * `external`: calls into packages, runtime globals and built-in methods (not project calls); `nameOnly`:
   * unresolved calls that got a low-confidence name-only edge; `resolved`: calls with a real edge.
   */
  unresolvedCalls: { total: number; byFile: Record<string, number>; external?: number; nameOnly?: number; resolved?: number; calls?: number };
  /**
   * The unresolved call sites that name what they call and got no name-only edge (a guess is an edge, so `impact`
   * walks it): in file, line, name order. Fewer than `unresolvedCalls.total` by the guesses and the nameless callees.
   */
  unresolvedSites: UnresolvedCalls;
  /** Project files whose relations were resolved in this run (the others' were taken from `ResolveOptions.reuse`). */
  resolvedFiles: number;
  /**
   * The files whose relations were taken over (ResolveReuse): their references and unresolved sites are not in
   * `refs` and `unresolvedSites`, which hold those of the files resolved; the caller keeps the previous ones.
   */
  kept: ReadonlySet<string>;
  /**
   * Every relation edge was made while resolving the file its source belongs to (none by a resolver's set-up, none
   * leaving another file): the graph's relation edges split by source file, which a later run's `reuse` relies on.
   */
  partitioned: boolean;
  /**
   * Files whose resolution threw (a resolver bug, or a stack overflow on some construction): the relations found
   * before the throw are kept, the rest of the file is not resolved, and the run goes on. Empty in a sound run.
   */
  failures: Array<{ path: string; error: string }>;
}

/**
 * A previous resolution's results for the files whose facts did not change (incremental analyze; see
 * lib/analyze/incremental.ts for when a run may use it): their relation edges, references and unresolved-call
 * counts are taken as they were rather than resolved again. Valid only when no other file's outward facts
 * (outwardShape) changed, the file set and the project configuration are the same, and the previous run was
 * `partitioned`.
 */
export interface ResolveReuse {
  /** Paths of the project files to take over (the others are resolved). */
  clean: ReadonlySet<string>;
  /** The previous relation edges whose source lies in a clean file, in the previous graph's order. */
  edges(path: string): readonly GraphEdge[];
  /** The previous unresolved-call count of a clean file. (Its references and sites stay with the caller: ResolveResult.kept.) */
  unresolved(path: string): number;
  /** The previous facts of a project file that is not clean (undefined: none, the file is new or was not cached). */
  previousFacts(path: string): FileFacts | undefined;
  /** Entry marks (entryKind, registeredBy) the previous run's own-relation resolvers put on nodes, by uid. */
  marks: ReadonlyMap<string, { entryKind: unknown; registeredBy: unknown }>;
  /**
   * The JSON texts a clean file's facts are stored as (strings or their ASCII bytes, together all of its facts;
   * undefined: not at hand), searched for the names a changed file's shape change concerns (shape.ts changedNames).
   * Without them such a change resolves every file.
   */
  factsText?(path: string): readonly (string | Uint8Array)[] | undefined;
}

const posix = path.posix;

/** Options of resolveProject. */
export interface ResolveOptions {
  /**
   * Called once every node is in the graph (Folder, File and symbol nodes, with all their properties), before
   * any relation is resolved: relations add edges only, so a reader of nodes alone (search) may start here.
   */
  onNodes?: (graph: GraphBuilder) => void;
  /** Results of unchanged files to take over instead of resolving them (ignored when a changed file has its own relations resolver). */
  reuse?: ResolveReuse;
}

/** Builds the whole graph (Folder/File structure, symbols, relations) and the reference index from all files' facts. */
export function resolveProject(files: readonly FileFacts[], config: ProjectConfig, options: ResolveOptions = {}): ResolveResult {
  return new ProjectBuilder(files, config).build(options.onNodes, options.reuse);
}

/** Edge types made by structure, symbols, overrides, modules and processes: never a file's relations. */
const NOT_RELATIONS: ReadonlySet<string> = new Set(['CONTAINS', 'DEFINES', 'HAS_METHOD', 'OVERRIDES', 'MEMBER_OF', 'STEP_IN_PROCESS']);

/**
 * True for an edge that a file's relations make: IMPORTS, CALLS, REFERENCES, EXTENDS, IMPLEMENTS, …, and the
 * HAS_METHOD edges of a relation pass — a method declared outside its type's body (Go's receivers, Rust's `impl`
 * blocks, Swift's extensions, lib/resolve/nominal), which carry the method's line; symbols() makes a member's
 * HAS_METHOD from its enclosing symbol without one, again on every run.
 */
export function isRelationEdge(e: { type: string; line?: number }): boolean {
  return !NOT_RELATIONS.has(e.type) || (e.type === 'HAS_METHOD' && e.line !== undefined);
}

/**
 * The result object, made outside ProjectBuilder.build: a getter defined there would close over the builder's
 * context (which holds `this`), keeping every file's facts and the evaluator's memos alive as long as the result.
 */
function resolveResult(arrays: ArrayGraph, refs: ReferenceIndex, unresolvedCalls: ResolveResult['unresolvedCalls'], unresolvedSites: UnresolvedCalls,
  resolvedFiles: number, kept: ReadonlySet<string>, partitioned: boolean, failures: ResolveResult['failures']): ResolveResult {
  let graph: CodeGraph | undefined;
  return { get graph(): CodeGraph { return (graph ??= toCodeGraph(arrays)); }, arrays, refs, unresolvedCalls, unresolvedSites, resolvedFiles, kept, partitioned, failures };
}

class ProjectBuilder {
  private readonly graph = new GraphBuilder();
  /**
   * References by file index: a file's references are all made while that file is handled, so sorting each
   * file's list and concatenating them in file (path) order gives the order of one sort of all of them by path,
   * line, column, target (sorts are stable), for less work than sorting everything at once.
   */
  private readonly refs: Reference[][] = [];
  /** The project's files (sorted by path), then the dependencies' type declarations (ProjectConfig.typeFiles). */
  private readonly files: FileFacts[];
  /** How many of `files` are the project's: the others are types only, and nothing of them enters the graph. */
  private readonly projectCount: number;
  // Nodes are named by their position in the graph's `nodes` (edges are added by position: no uid lookups):
  // Folder nodes first, then File f at `fileBase + f`, then file f's symbol s at `symBase[f] + s`.
  /** Uid of each node, by position. */
  private readonly uids: string[] = [];
  private fileBase = 0;
  private readonly symBase: number[] = [];
  private readonly ev: Evaluator;
  private readonly rules: FileRules;
  private readonly topFunctions = new Map<string, SymRef[]>();
  private readonly methods = new Map<string, SymRef[]>();
  /** Names of the project's properties that may hold a function (a declared type that is no primitive, or a function value). */
  private readonly callableProps = new Set<string>();
  private readonly unresolvedByFile: Record<string, number> = {};
  /** Unresolved call sites by file index (see ResolveResult.unresolvedSites), sorted per file at the end. */
  private readonly sites: UnresolvedCall[][] = [];
  /** Positions (siteKey: line and column) of the current file's callback arguments that got a REFERENCES edge. */
  private readonly callbackSites = new Set<number>();
  /** The answer of the call being resolved (see call). */
  private readonly answer = new CallAnswer();
  private unresolved = 0;
  private readonly failures: ResolveResult['failures'] = [];
  private external = 0;
  private nameOnly = 0;
  private resolved = 0;
  /** Resolvers of the families that resolve their own relations (ResolveRules.relations), by file index. */
  private readonly own: Array<LanguageRelations | undefined> = [];
  /** The file whose relations are being resolved (-1: none; -2: a resolver's set-up), and its node positions. */
  private current = -1;
  private currentLo = 0;
  private currentHi = 0;
  /** See ResolveResult.partitioned. */
  private partitioned = true;

  constructor(input: readonly FileFacts[], config: ProjectConfig) {
    const project = [...input].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.projectCount = project.length;
    const fileIndex = new Map<string, number>();
    project.forEach((f, i) => { fileIndex.set(f.path, i); this.refs.push([]); this.sites.push([]); });
    // a dependency's declarations: their symbols have no node (position NaN, which every edge and reference skips)
    this.files = project;
    for (const t of config.typeFiles ?? []) {
      if (fileIndex.has(t.path)) continue;
      fileIndex.set(t.path, this.files.length);
      this.files.push(t);
      this.refs.push([]);
    }
    this.rules = new FileRules(this.files, config);
    this.ev = new Evaluator(this.files, this.rules, fileIndex, this.projectCount);
  }

  build(onNodes?: (graph: GraphBuilder) => void, reuse?: ResolveReuse): ResolveResult {
    this.structure();
    this.symbols();
    onNodes?.(this.graph);
    const again = reuse && this.toResolve(reuse);
    if (!again) reuse = undefined;
    let resolvedFiles = 0;
    const kept = new Set<string>();
    if (reuse) {
      // the previous run's entry marks of own-relation resolvers' set-ups; a set-up runs again only when a file of
      // its family is resolved (no mark lies in a file whose shape changed: toResolve, so its marks are these again)
      for (const [uid, m] of reuse.marks) {
        const node = this.graph.node(uid);
        if (node) { node.entryKind = m.entryKind as string; node.registeredBy = m.registeredBy as string; }
      }
      if ([...again!].some((f) => this.rules.of[f].relations)) {
        this.current = -2;
        this.ownResolvers();
      }
      for (let f = 0; f < this.projectCount; f++) {
        if (!again!.has(f)) { this.takeOver(f, reuse); kept.add(this.files[f].path); continue; }
        this.relationsOf(f);
        resolvedFiles++;
      }
    } else {
      this.current = -2;
      this.ownResolvers();
      for (let f = 0; f < this.projectCount; f++) this.relationsOf(f);
      resolvedFiles = this.projectCount;
    }
    this.current = -1;
    // (the project's files only: a dependency's declarations have no nodes)
    writeOverrides({
      graph: this.graph, files: this.files.slice(0, this.projectCount), symBase: this.symBase.slice(0, this.projectCount),
      rules: this.rules.of.slice(0, this.projectCount).map((r) => r.overrides),
      edge: (source, target, confidence, reason, line) => this.edge(source, target, 'OVERRIDES', confidence, reason, line),
    });
    this.outsideOverrides();
    let total = 0;
    for (const list of this.refs) total += list.length;
    const refs: Reference[] = new Array(total);
    let k = 0;
    for (const list of this.refs) {
      list.sort(compareRefsInFile);
      for (let i = 0; i < list.length; i++) refs[k++] = list[i];
    }
    // (each file's sites sorted on their own and joined in file order: the order of one sort by file first)
    const sites: UnresolvedCall[] = [];
    for (const list of this.sites) {
      list.sort(compareUnresolved);
      for (let i = 0; i < list.length; i++) sites.push(list[i]);
    }
    return resolveResult(this.graph.toArrayGraph(), new ReferenceIndex(refs), {
      total: this.unresolved, byFile: this.unresolvedByFile,
      external: this.external, nameOnly: this.nameOnly, resolved: this.resolved,
      calls: this.unresolved + this.external + this.resolved,
    }, new UnresolvedCalls(sites), resolvedFiles, kept, this.partitioned, this.failures);
  }

  /**
   * The files to resolve when the others may keep their previous relations, else undefined (resolve everything).
   * Every changed file is resolved. When each keeps its outward shape (shape.ts), no other file's resolution can
   * differ. When a changed file's shape changes only by whole top-level symbols (shape.ts changedNames), another
   * file can see the change only through those names: a clean file whose facts mention none of them keeps its
   * relations, one that mentions one is resolved too — unless the name is in its own outward shape (what others
   * read of it may then change as well: everything is resolved). A file of a family that resolves its own
   * relations has a shape only when the family says what its resolver reads of other files
   * (ResolveRules.outwardFacts); otherwise a change there resolves everything.
   */
  private toResolve(reuse: ResolveReuse): Set<number> | undefined {
    const again = new Set<number>();
    const names = new Set<string>();
    const reshaped = new Set<string>();
    // what other files may read of each changed file and keeps its meaning only if it names no changed symbol
    const kept: string[] = [];
    for (let f = 0; f < this.projectCount; f++) {
      const facts = this.files[f];
      if (reuse.clean.has(facts.path)) continue;
      again.add(f);
      const rules = this.rules.of[f];
      if (rules.relations && !rules.outwardFacts) return undefined;
      const before = reuse.previousFacts(facts.path);
      if (!before) return undefined;
      const outward = rules.relations ? rules.outwardFacts! : (x: FileFacts): FileFacts => x;
      const was = outwardShape(outward(before)), is = outwardShape(outward(facts));
      if (was === is) { kept.push(is); continue; }
      const change = changedNames(was, is);
      if (!change) return undefined;
      for (const n of change.names) names.add(n);
      kept.push(change.kept);
      reshaped.add(facts.path);
    }
    if (names.size === 0) return again;
    const list = [...names];
    if (kept.some((k) => mentions(k, list))) return undefined;
    // an entry mark a set-up put in a reshaped file (a console script's function) may move with the change (marks
    // of nodes this graph lacks, a removed symbol's or a flow's, are put nowhere)
    for (const uid of reuse.marks.keys()) {
      const node = this.graph.node(uid);
      if (node && reshaped.has(node.filePath!)) return undefined;
    }
    for (let f = 0; f < this.projectCount; f++) {
      if (again.has(f)) continue;
      const facts = this.files[f];
      const texts = reuse.factsText?.(facts.path);
      if (texts === undefined) return undefined;
      if (!texts.some((text) => mentions(text, list))) continue;
      const rules = this.rules.of[f];
      if (rules.relations && !rules.outwardFacts) return undefined;
      if (mentions(outwardShape(rules.relations ? rules.outwardFacts!(facts) : facts), list)) return undefined;
      again.add(f);
    }
    return again;
  }

  /** fileRelations of file f, noting the node positions its edges must leave from (see partitioned). */
  private relationsOf(f: number): void {
    this.current = f;
    this.currentLo = this.symBase[f];
    this.currentHi = f + 1 < this.projectCount ? this.symBase[f + 1] : this.uids.length;
    // One file the resolver cannot finish must not cost the repository its index: the failure is counted and
    // named in the summary (a bug to report), and the other files are resolved as if it were not there.
    try {
      this.fileRelations(f);
    } catch (e) {
      this.failures.push({ path: this.files[f].path, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
      this.ev.recover();
    }
  }

  /** A clean file's previous relation edges and unresolved-call count (see ResolveReuse; its references and sites stay with the caller). */
  private takeOver(f: number, reuse: ResolveReuse): void {
    const p = this.files[f].path;
    for (const e of reuse.edges(p)) this.graph.addEdge({ ...e });
    // (the definitions symbols() made are among the kept references)
    this.refs[f] = [];
    this.sites[f] = [];
    const u = reuse.unresolved(p);
    if (u) { this.unresolvedByFile[p] = u; this.unresolved += u; }
  }

  /** Records an unresolved call site of file f (its name as written) made from the node at position `from`. */
  private unresolvedSite(f: number, name: string, member: boolean, line: number, from: number): void {
    this.sites[f].push({ name, filePath: this.files[f].path, line, from: this.uids[from], member });
  }

  // ---------------------------------------------------------------- nodes
  private structure(): void {
    const folders = new Set<string>();
    for (let f0 = 0; f0 < this.projectCount; f0++) {
      const f = this.files[f0];
      for (let d = posix.dirname(f.path); d !== '.' && d !== '' && !folders.has(d); d = posix.dirname(d)) folders.add(d);
    }
    const folderPos = new Map<string, number>();
    for (const d of [...folders].sort()) {
      const pos = this.node({ uid: `Folder:${d}`, label: 'Folder', name: posix.basename(d), filePath: d });
      folderPos.set(d, pos);
      const parent = posix.dirname(d);
      if (parent !== '.') this.edge(folderPos.get(parent)!, pos, 'CONTAINS', 1, 'structure');
    }
    this.fileBase = this.uids.length;
    for (let f0 = 0; f0 < this.projectCount; f0++) {
      const f = this.files[f0];
      const uid = `File:${f.path}`;
      const node: GraphNode = { uid, label: 'File', name: posix.basename(f.path), filePath: f.path, line: 1, endLine: Math.max(1, f.lines), language: f.language };
      if (f.parseErrors) node.parseErrors = f.parseErrors;
      if (f.generated) node.generated = true;
      const pos = this.node(node);
      const dir = posix.dirname(f.path);
      if (dir !== '.') this.edge(folderPos.get(dir)!, pos, 'CONTAINS', 1, 'structure');
    }
  }

  /** Adds a node; returns its position. */
  private node(node: GraphNode): number {
    this.graph.addNode(node);
    return this.uids.push(node.uid) - 1;
  }

  private symbols(): void {
    const alloc = new UidAllocator();
    for (let f = 0; f < this.projectCount; f++) {
      const facts = this.files[f];
      const base = this.uids.length;
      this.symBase.push(base);
      // declared globally (a `declare global` block, a declaration file that is no module), members included:
      // the declarations of one name there merge across files (rename takes them together)
      const script = facts.path.endsWith('.d.ts') && !facts.imports.length && !facts.exports.length && !facts.symbols.some((x) => x.exported);
      const global: boolean[] = [];
      for (let s = 0; s < facts.symbols.length; s++) {
        const sym = facts.symbols[s];
        global.push(sym.parent < 0 ? script || sym.global === true : global[sym.parent] === true);
        const uid = alloc.allocate(makeUid(sym.label, facts.path, sym.qualifiedName));
        const node: GraphNode = {
          uid, label: sym.label, name: sym.name, kind: sym.kind, filePath: facts.path, line: sym.line, endLine: sym.endLine,
          language: facts.language, exported: sym.exported, qualifiedName: sym.qualifiedName,
        };
        if (sym.signature) node.signature = sym.signature;
        if (sym.doc) node.doc = sym.doc;
        if (sym.isStatic) node.static = true;
        if (sym.isDefault) node.isDefault = true;
        if (global[s]) node.global = true;
        // (an interface of `declare module './x' { … }`: the file it augments, whose declaration of its name it merges
        // with; the name of one a module re-exports is no declaration of it, `declare module './index'` of a barrel:
        // the language service renames the two apart, their members merge all the same, see augmentedFile)
        if (sym.augments && sym.parent < 0) { const a = this.ev.module(f, sym.augments); if ('f' in a) node.augments = this.files[a.f].path; }
        if (sym.unionShared) node.unionShared = true;
        if (sym.localScope !== undefined) node.localScope = sym.localScope;
        const pos = this.node(node);
        if (sym.label === 'Method' && sym.parent >= 0) {
          // (a parent is listed before its members; a later one would name no node yet, as its uid would not)
          if (sym.parent >= s) throw new Error('CodeGraph.addEdge: unknown source undefined');
          this.edge(base + sym.parent, pos, 'HAS_METHOD', 1, 'structure');
        } else this.edge(this.fileBase + f, pos, 'DEFINES', 1, 'structure');
        if (sym.label === 'Function' && sym.parent === -1) push(this.topFunctions, sym.name, { f, s });
        if (sym.label === 'Method') push(this.methods, sym.name, { f, s });
        if (sym.label === 'Property' && this.rules.of[f].propertiesFitNames && mayHoldFunction(sym)) this.callableProps.add(sym.name);
        this.ref(pos, f, sym.at, 'definition', pos, 1, 'definition');
        if (sym.more) for (const p of sym.more) this.ref(pos, f, p, 'definition', pos, 1, 'definition');
      }
    }
    for (let f = this.projectCount; f < this.files.length; f++) this.symBase.push(NaN);
  }

  /** Position of a symbol's node. */
  private posOf(r: SymRef): number { return this.symBase[r.f] + r.s; }
  /** Position of the node a fact's `from` names: the enclosing symbol, or the file. */
  private fromPos(f: number, from: number): number { return from >= 0 ? this.symBase[f] + from : this.fileBase + f; }

  // ---------------------------------------------------------------- relations
  // Each kind of fact is handled by a method of its own, over an indexed loop: in a cold run the hot methods are
  // compiled by TurboFan on a background thread, and one large method with every loop (for-of loops carry an
  // iterator-closing try/finally each) cost more to compile than the smaller ones together (wall CPU, not the
  // main thread's).
  private fileRelations(f: number): void {
    const own = this.own[f];
    if (own) { own.relations(f); return; }
    const facts = this.files[f];
    this.imports(f, facts);
    this.heritage(f, facts);
    // calls (before references, so a callback's REFERENCES edge keeps its role)
    this.callbackSites.clear();
    const calls = facts.calls;
    for (let i = 0; i < calls.length; i++) this.call(f, calls[i]);
    // other references (a callback argument already has its REFERENCES edge, with its role)
    const refs = facts.refs;
    for (let i = 0; i < refs.length; i++) this.reference(f, refs[i]);
  }

  /** A resolver for each family of the project that resolves its own relations (lib/extract/relations.ts). */
  private ownResolvers(): void {
    const byFamily = new Map<string, number[]>();
    for (let f = 0; f < this.projectCount; f++) {
      const rules = this.rules.of[f];
      if (!rules.relations) continue;
      const l = byFamily.get(rules.family);
      if (l) l.push(f); else byFamily.set(rules.family, [f]);
    }
    if (byFamily.size === 0) return;
    const sink: RelationSink = {
      files: this.files,
      filePos: (f) => this.fileBase + f,
      symbolPos: (f, s) => this.symBase[f] + s,
      edge: (source, target, type, confidence, reason, line) => this.edge(source, target, type, confidence, reason, line),
      refEdge: (source, target, confidence, reason, line, kind) => this.refEdge(source, target, confidence, reason, line, kind),
      occurrence: (tf, ts, f, at, kind, from, confidence, reason) => this.ref(this.symBase[tf] + ts, f, at, kind, from, confidence, reason),
      callbackEdge: (source, target, confidence, reason, line, callee) => this.callbackEdge(source, target, confidence, reason, line, callee, undefined),
      markEntry: (f, s, kind, by) => {
        const node = this.graph.node(this.uids[this.symBase[f] + s]);
        if (node) { node.entryKind = kind; node.registeredBy = by; }
      },
      countCall: (f, outcome, site) => {
        if (outcome === 'resolved') this.resolved++;
        else if (outcome === 'external') this.external++;
        else {
          this.unresolved++;
          const p = this.files[f].path;
          this.unresolvedByFile[p] = (this.unresolvedByFile[p] ?? 0) + 1;
          if (site?.name && f < this.projectCount) this.unresolvedSite(f, site.name, site.member, site.line, site.from);
        }
      },
    };
    for (const [family, files] of byFamily) {
      const resolver = this.rules.of[files[0]].relations!(sink, files, this.rules.settings(family));
      for (const f of files) this.own[f] = resolver;
    }
  }

  /** Imports between files, and the names imports and re-exports bring in. */
  private imports(f: number, facts: FileFacts): void {
    const ev = this.ev;
    // imports between files
    const modules = facts.modules;
    for (let i = 0; i < modules.length; i++) {
      const m = modules[i];
      const t = ev.module(f, m.source);
      // (a dependency's declarations are read for types only: no node of the graph stands for them)
      if (!('f' in t) || t.f === f || t.f >= this.projectCount) continue;
      const reason = m.kind === 'require' ? 'commonjs' : m.kind === 're-export' ? 're-export' : m.kind === 'dynamic' ? 'dynamic-import' : 'import';
      this.edge(this.fileBase + f, this.fileBase + t.f, 'IMPORTS', 1, reason, m.line);
    }
    // import and re-export name occurrences
    for (let i = 0; i < facts.imports.length; i++) {
      const imp = facts.imports[i];
      // (a default import whose local name is the declaration's own, `import Logger from './logger'` of `export
      // default class Logger` or of `export default Logger`: an occurrence of it, renamed with it as the language
      // service does)
      if (imp.kind === 'default') {
        const v = ev.importValue(f, i);
        if (v.t === 'sym' && this.declaredDefault(f, imp.source, this.files[v.f].symbols[v.s].name)) this.occurrence(v, f, imp.at, imp.local, 'import', this.fileBase + f, v.r, v.c);
        continue;
      }
      if (imp.kind !== 'named' && imp.kind !== 'require-named') continue;
      const v = ev.importValue(f, i);
      // (a name a re-export gave the declaration, `export { default as Logger }`: an occurrence rename leaves)
      if (v.t === 'sym') this.bothMeanings(v, f, imp.at, imp.imported!, 'import', this.fileBase + f, this.aliasedImport(f, imp.source, imp.imported!) ? ALIASED_EXPORT : v.r, v.c);
    }
    const exports = facts.exports;
    for (let i = 0; i < exports.length; i++) {
      const e = exports[i];
      if (e.kind !== 'from') continue;
      const m = ev.module(f, e.source);
      if (!('f' in m)) continue;
      const v = ev.exportOf(m.f, e.imported);
      if (v && v.t === 'sym') this.bothMeanings(v, f, e.at, e.imported, 'export', this.fileBase + f, ev.exportAliased(m.f, e.imported) ? ALIASED_EXPORT : 're-export', Math.min(v.c, REASON_CONFIDENCE['re-export']));
    }
  }

  /** Whether a callee `ns.name` (`new lib.Logger()`) names a declaration by a name a re-export gave it. */
  private calleeAliased(f: number, callee: Expr): boolean {
    if (callee.k !== 'member' || callee.obj.k !== 'id' || !bindsImport(callee.obj.b)) return false;
    const o = this.ev.deref(this.ev.value(f, callee.obj));
    return o.t === 'ns' && this.ev.exportAliased(o.f, callee.name);
  }

  /** Whether `ns.name` (a member of a module namespace) names the declaration by a name a re-export gave it. */
  private throughAliasedExport(f: number, r: RefFact, v: Val & { t: 'sym' }): boolean {
    if (r.value.k !== 'member' || v.r !== 'namespace-import') return false;
    const o = this.ev.deref(this.ev.value(f, r.value.obj));
    return o.t === 'ns' && this.ev.exportAliased(o.f, r.value.name);
  }

  /**
   * Whether the module `source` of file f exports `name`'s declaration as its default under that name: declared
   * there (`export default class Logger`) or named by the statement (`export default Logger`, also of an import of
   * that name, which the language service follows on). `export { Logger as default }` is not: the language service's
   * rename stops at the specifier, and so does a name the statement gives another binding (`export default log`).
   */
  private declaredDefault(f: number, source: string, name: string): boolean {
    const m = this.ev.module(f, source);
    if (!('f' in m)) return false;
    const d = this.ev.exportTable(m.f).names.get('default');
    return d?.k === 'sym' || (d?.k === 'value' && d.statement === true && d.e.k === 'id' && d.e.name === name);
  }

  /** Whether the module `source` of file f exports `name` under a name it gave the declaration (see exportAliased). */
  private aliasedImport(f: number, source: string, name: string): boolean {
    const m = this.ev.module(f, source);
    return 'f' in m && this.ev.exportAliased(m.f, name);
  }

  /**
   * The classes and interfaces an alias without members of its own stands for as a heritage clause's base, as the
   * checker's type there has a symbol leading to theirs: an instance of one (`type Q = Repo<User>`, `Partial<Options>`
   * read as Options), an `Omit` of one (`Omit<Socket, 'send'>`, less those keys, `omits`), or what a generic mapped
   * type copies (`Prettify<A & { x: X }>`, `Id<A>`: the project types its value's parts are, where every other part
   * declares no symbol). None for anything else (an alias of an intersection, a mapped type that renames or picks keys,
   * a conditional type).
   */
  private mappedAliasParts(alias: SymRef): { parts: SymRef[]; omits?: readonly string[] } {
    const ev = this.ev;
    const none = { parts: [] };
    const isType = (x: SymRef): boolean => { const l = ev.sym(x).label; return l === 'Class' || l === 'Interface'; };
    const decl = ev.sym(alias).type;
    if (decl?.k === 'intersection' && decl.types.length === 1 && decl.omits) {
      const t = ev.typeSymbol(alias.f, decl.types[0]);
      return t && t !== 'ext' && isType(t) ? { parts: [t], omits: decl.omits } : none;
    }
    if (decl?.k === 'id') {
      const t = ev.typeSymbol(alias.f, decl);
      return t && t !== 'ext' && isType(t) ? { parts: [t] } : none;
    }
    if (decl?.k !== 'generic') return none;
    const g = ev.typeSymbol(alias.f, decl.of);
    if (!g || g === 'ext') return none;
    if (isType(g)) return { parts: [g] };
    if (ev.sym(g).label !== 'TypeAlias' || !ev.sym(g).copies) return none;
    const v = ev.typeValue(alias.f, decl, 0);
    if (v.t === 'inst') return isType(v) ? { parts: [v] } : none;
    if (v.t !== 'inter' || v.hole || v.alts || v.outside || v.omits || v.list || !v.of.every(isType)) return none;
    return v.objs?.some((o) => o.decls?.length) ? none : { parts: v.of };
  }

  /** EXTENDS and IMPLEMENTS edges of a file's classes, interfaces and typed object literals. */
  private heritage(f: number, facts: FileFacts): void {
    const ev = this.ev;
    const symbols = facts.symbols;
    for (let s = 0; s < symbols.length; s++) {
      const sym = symbols[s];
      // a class merged with interfaces of its name (`interface Clock extends Timer {}` beside `class Clock`, the
      // mixin pattern): its instance type is theirs too, so their bases are its bases, as the checker reads them (a
      // method of the class implements the bases' method of its name); an edge to each, the walk goes on from there
      const twins = sym.label === 'Class' ? ev.mergedTypes({ f, s }, false)?.filter((t) => ev.sym(t).label === 'Interface') : undefined;
      if (twins) for (const t of twins) this.edge(this.symBase[f] + s, this.posOf(t), 'IMPLEMENTS', REASON_CONFIDENCE['same-file'], 'heritage', sym.line);
      if (!sym.extends && !sym.implements) continue;
      const pos = this.symBase[f] + s;
      const heritage: Array<[Expr, RelType]> = [];
      for (const e of sym.extends ?? []) heritage.push([e, 'EXTENDS']);
      for (const e of sym.implements ?? []) heritage.push([e, 'IMPLEMENTS']);
      for (let at = 0; at < heritage.length; at++) {
        const [e, type] = heritage[at];
        const t = ev.typeSymbol(f, e);
        // (`class Clock implements Clock` names its own merged interface: the edges above)
        if (!t || t === 'ext' || (t.f === f && t.s === s)) continue;
        const label = ev.sym(t).label;
        // (a type alias is a base where its object types declare members: `interface C extends Options`)
        // (an alias of a mapped type copying project types, `type Cookie = Prettify<Options & { value?: unknown }>` of
        // `Prettify<T> = { [K in keyof T]: T[K] } & {}`: the checker's mapped type has a symbol whose properties lead
        // back to the declarations they copy, so the language service ties the class's members to those; an edge to
        // each class or interface copied, and the walk goes on from there)
        if (label === 'TypeAlias' && !ev.childrenOf(t.f, t.s)) {
          const { parts, omits } = this.mappedAliasParts(t);
          for (const p of parts) {
            const to = this.posOf(p), fresh = !!omits && !this.graph.edgeAt(pos, to, type);
            this.edge(pos, to, type, t.c, 'heritage', sym.line);
            if (fresh) this.markHeritageKeys(pos, to, type, { keys: [...omits!] });
          }
          continue;
        }
        if (label !== 'Class' && label !== 'Interface' && label !== 'TypeAlias') continue;
        const target = this.posOf(t);
        // `extends Omit<Base, 'a'>`: the edge passes on no `a` (a member of that name below is no override of Base's);
        // recorded on a new edge only (a second clause naming the same base passes on what it passes)
        // (an alias of an intersection, `type Both = Runner & { stop(): void }`: the checker's type there has no symbol of
        // its own, so the language service ties no member of the class or interface to the intersection's parts; the
        // edge passes on none, `picks` empty)
        const keys = label === 'TypeAlias' && intersectionAlias(ev.sym(t).type) ? { keys: [], pick: true as const } : this.heritageKeysOf(f, sym.heritageKeys?.find((h) => h.at === at));
        const fresh = keys !== undefined && !this.graph.edgeAt(pos, target, type);
        this.edge(pos, target, type, t.c, t.r === 'same-file' ? 'heritage' : t.r, sym.line);
        if (fresh) this.markHeritageKeys(pos, target, type, keys);
        // `extends M(Y)`: the class also extends Y, the base M's class is made on
        const y = e.k === 'call' ? ev.mixinArgument(f, e, t) : undefined;
        if (y && y !== 'ext') this.edge(pos, this.posOf(y), type, y.c, y.r === 'same-file' ? 'heritage' : y.r, sym.line);
        if (type === 'EXTENDS' && sym.label === 'Class' && label === 'Class') this.implicitConstructor(f, s, t);
      }
    }
    // an object literal with methods bound to a typed const implements that type (`const p: Provider = { now() {…} }`):
    // its methods implement the type's members, so renaming one renames the other
    for (let s = 0; s < symbols.length; s++) {
      const sym = symbols[s];
      if (sym.label !== 'Variable' || !sym.type || sym.parent !== -1 || !ev.childrenOf(f, s) || this.throughUnion(f, sym.type, 0)) continue;
      const t = ev.typeValue(f, sym.type, 0);
      // (a type alias declaring members: the alias, `const p: Provider = { … }` of `type Provider = { … }`)
      const alias = t.t === 'obj' && t.decls ? ev.typeSymbol(f, sym.type) : undefined;
      const to = t.t === 'inst' ? t : alias && alias !== 'ext' && ev.sym(alias).label === 'TypeAlias' ? alias : undefined;
      // (an intersection of project types, `const p: Provider & Disposable = { … }`: each part, where no member of the
      // literal is declared by two of them, whose declarations the language service would not rename together)
      const parts = to ? [to] : t.t === 'inter' && !t.hole && !t.objs && !t.alts ? this.distinctParts(f, s, t.of) : [];
      for (const p of parts) this.edge(this.symBase[f] + s, this.posOf(p), 'IMPLEMENTS', p.c, p.r === 'same-file' || p.r === 'typed-receiver' ? 'heritage' : p.r, sym.line);
    }
  }

  /**
   * Marks the methods overriding a member declared outside the repository (lib/resolve/outside.ts). A file the shared
   * evaluator resolves names its bases as the checker does (a dependency's declarations type some); a family with its
   * own resolver is read from the heritage edges it wrote.
   */
  private outsideOverrides(): void {
    const ev = this.ev;
    const shared = (f: number): boolean => !this.rules.of[f].relations;
    markOutsideOverrides({
      graph: this.graph, files: this.files.slice(0, this.projectCount), symBase: this.symBase.slice(0, this.projectCount),
      rules: this.rules.of.slice(0, this.projectCount).map((r) => r.outsideTypes),
      projectBase: (f, s, e) => {
        if (!shared(f)) return undefined;
        const t = ev.typeSymbol(f, e);
        // (`class Clock implements Clock` names its own merged interface: a project type)
        return t && t !== 'ext' && t.f < this.projectCount ? { f: t.f, s: t.s } : 'outside';
      },
      dependencyMember: (f, e, name) => {
        if (!shared(f)) return undefined;
        const t = ev.typeSymbol(f, e);
        if (!t || t === 'ext' || t.f < this.projectCount) return undefined;
        const label = ev.sym(t).label;
        if (label !== 'Class' && label !== 'Interface') return undefined;
        if (name === '') return null;
        const m = ev.findMember({ f: t.f, s: t.s }, name, false);
        if (m === 'ext') return undefined;
        return m ? `${ev.sym(m).qualifiedName} (${packageOfPath(this.files[m.f].path)})` : null;
      },
    });
  }

  /**
   * A class without a constructor of its own runs its base's when created (its implicit constructor calls
   * `super(...args)`): a CALLS edge from the class to the project constructor it inherits, beside the edges of
   * `new C()` to C, so `impact` of a base constructor still reaches every subclass's instantiations through C.
   */
  private implicitConstructor(f: number, s: number, base: SymRef): void {
    // (a declaration file's classes run nothing: `export class Int8Vector extends TypedVector {}` there only types
    // the JavaScript beside it)
    if (/\.d\.[cm]?ts$/.test(this.files[f].path)) return;
    const ev = this.ev;
    const cls = { f, s };
    if (ev.ownMember(cls, 'constructor', false)) return;
    const ctor = ev.superConstructor(cls, base);
    if (!ctor || ctor === 'ext' || ev.sym(ctor).label !== 'Method') return;
    this.edge(this.symBase[f] + s, this.posOf(ctor), 'CALLS', REASON_CONFIDENCE['super-member'], 'super-member', this.files[f].symbols[s].line);
  }

  /** Records on the heritage edge just written which member names it passes on (`picks`) or not (`omits`). */
  /**
   * A heritage clause's keys as strings: those written, or those of the type named in their place when it reads as
   * string literals (`Omit<Base, Keys>` of `type Keys = 'a' | 'b'`); undefined when that type is anything else.
   */
  private heritageKeysOf(f: number, h: { keys: string[]; pick?: true; type?: Expr } | undefined): { keys: string[]; pick?: true } | undefined {
    if (!h?.type) return h;
    const v = this.ev.typeValue(f, h.type, 0);
    return v.t === 'ext' && v.lits?.length ? { keys: [...v.lits], ...(h.pick ? { pick: true as const } : {}) } : undefined;
  }

  private markHeritageKeys(source: number, target: number, type: RelType, keys: { keys: string[]; pick?: true }): void {
    const e = this.graph.edgeAt(source, target, type);
    if (e) e[keys.pick ? 'picks' : 'omits'] = keys.keys;
  }

  /**
   * True when a part of the union `e`'s receiver is surely without member `e.name` (see lacksIn), the receiver read
   * where no test narrowed it (a guard, a discriminant, … may have left the parts that have it, where we read less)
   * but for tests that failed, which only take parts away: a part left that lacks it is still the error let pass.
   */
  private partLacks(f: number, e: Expr & { k: 'member' }): boolean {
    if (NARROWINGS.has(e.obj.k) && !(e.obj.k === 'narrowed' && e.obj.not)) return false;
    const o = this.ev.deref(this.ev.value(f, e.obj));
    return (o.t === 'union' || o.t === 'anyof') && (o.of as Val[]).some((x) => this.ev.lacksIn(x, e.name) || this.ev.readFails(x, e.name));
  }

  /** A non-call occurrence of a name: a reference to what it resolves to, and a REFERENCES edge from where it sits. */
  private reference(f: number, r: RefFact): void {
    const ev = this.ev;
    if (r.bases) { this.inheritedParam(f, r); return; }
    // a member read on a line the checker is told not to check (`// @ts-expect-error` above it): where a part of the
    // receiver's union lacks the member, the read is the error let pass, and the checker names no member there
    if (r.value.k === 'member' && !r.key && this.files[f].unchecked?.includes(posLine(r.at)) && this.partLacks(f, r.value)) return;
    // a typed object literal's key: only when its type names one class or interface (a union's member is a guess)
    // (but for the declarations of one family, below)
    if (r.key && !r.lookup && r.value.k === 'member' && r.value.obj.k === 'as' && this.throughUnion(f, r.value.obj.type, 0)) { this.familyKey(f, r); return; }
    // … and so is one whose contextual type (an argument's parameter type, a member type of a typed object) is a union:
    // the checker discriminates the union by the literal's own values, which is not modelled
    if (r.key && !r.lookup && r.value.k === 'member' && contextualKey(r.value.obj)) {
      const o = ev.deref(ev.value(f, r.value.obj));
      if (o.t === 'union' || o.t === 'anyof') { this.familyKey(f, r, o); return; }
    }
    // (the string key of an indexed access type, `T['name']`, is a type's occurrence: the language service's rename
    // finds it only in a file it searches for other reasons, see lib/rename/graph-edits.ts dropUnnamedKeys)
    const recorded: ReferenceKind = r.lookup ? 'type' : r.kind;
    // a name in a type annotation means the type where a value shares its name (`interface X` + `const X`)
    const v = r.kind === 'type' ? (r.value.k === 'member' ? this.qualifiedType(f, r.value) : ev.asType(ev.value(f, r.value))) : ev.value(f, r.value);
    // a plain name in a type that finds only a value (a function, a variable: no type of that name beside it)
    // names a type the index does not hold, such as the lib's `Record` where a module declares `const Record`
    if (r.kind === 'type' && r.value.k === 'id' && v.t === 'sym' && this.valueOnly(v)) return;
    if (v.t !== 'sym' || v.held) {
      if (v.t === 'sym' && v.held && r.kind !== 'export' && !this.isCallbackSite(r.at)) {
        // a key of an object literal value holding a symbol (`summary.formatPrice`): a reference, but the name is
        // the key's
        const from = this.fromPos(f, r.from), target = this.posOf(v);
        if (target !== from) this.refEdge(from, target, v.c, v.r, posLine(r.at), r.kind);
        // … or the property of a union every part of one alias declares (`e.type` of `{ type: 'a' } | { type: 'b' }`):
        // an occurrence of each part's declaration, as the checker's property of the union has them all
        if (r.value.k === 'member') for (const m of ev.unionMembers(f, r.value, r.lookup)) this.occurrence(m, f, r.at, r.value.name, recorded, from, m.r, m.c);
        return;
      }
      // a member of a union receiver whose member types disagree: an occurrence of each, no edge
      if (r.value.k === 'member' && r.kind !== 'export') {
        for (const m of ev.unionMembers(f, r.value, r.lookup)) this.occurrence(m, f, r.at, r.value.name, recorded, this.fromPos(f, r.from), m.r, m.c);
      }
      return;
    }
    const name = r.value.k === 'id' ? r.value.name : r.value.k === 'member' ? r.value.name : '';
    const from = this.fromPos(f, r.from);
    const kind: ReferenceKind = r.kind;
    if (kind === 'export') this.bothMeanings(v, f, r.at, name, kind, from, v.r, v.c);
    else this.occurrence(v, f, r.at, name, recorded, from, this.throughAliasedExport(f, r, v) ? ALIASED_EXPORT : v.r, v.c);
    if (kind === 'export' || r.bare || this.isCallbackSite(r.at)) return;
    const target = this.posOf(v);
    if (target === from) return;
    this.refEdge(from, target, v.c, v.r, posLine(r.at), r.kind);
  }

  /**
   * A type parameter of a class or interface named like a member it inherits (none of its own: see the collector's
   * inheritableParams): an occurrence of that member at its declaration and its uses, no edge. Only an instance member
   * a base declares counts, read plainly (no union, no value a member holds).
   */
  private inheritedParam(f: number, r: RefFact): void {
    if (r.value.k !== 'member' || r.value.obj.k !== 'as' || r.value.obj.type.k !== 'id' || !r.value.obj.type.b || !bindsSymbol(r.value.obj.type.b)) return;
    const v = this.ev.value(f, r.value);
    if (v.t !== 'sym' || v.held || v.as) return;
    const sym = this.ev.sym(v);
    if ((sym.label !== 'Property' && sym.label !== 'Method') || sym.isStatic || (v.f === f && sym.parent === bindingIndex(r.value.obj.type.b))) return;
    const from = this.fromPos(f, r.from), name = r.value.name;
    this.occurrence(v, f, r.at, name, 'type', from, v.r, v.c);
    if (r.uses) for (const at of r.uses) this.occurrence(v, f, at, name, 'type', from, v.r, v.c);
  }

  /**
   * A key of an object literal whose contextual type is a union of classes or interfaces that each declare it, all
   * from one declaration above (`{ ...state, isPending: … } as Idle | Loading | Success`): the checker's property of
   * the union, or of the member types the literal's values leave, has some of those declarations, and renaming any of
   * them renames the others with it (up to the one above, then down): an occurrence of each, no edge.
   */
  private familyKey(f: number, r: RefFact, o?: Val): void {
    if (r.value.k !== 'member' || r.kind === 'export') return;
    const ev = this.ev;
    const members = ev.familyMembers(o ?? ev.deref(ev.value(f, r.value.obj)), r.value.name, declaredKey(r.value.obj));
    if (!members.length) return;
    const from = this.fromPos(f, r.from);
    for (const m of members) this.occurrence(m, f, r.at, r.value.name, r.kind, from, m.r, m.c);
  }

  /** True for a function or a variable (not a namespace): a declaration with a value meaning only. */
  private valueOnly(v: Val & { t: 'sym' }): boolean {
    const sym = this.files[v.f].symbols[v.s];
    return (sym.label === 'Function' || sym.label === 'Variable') && sym.kind !== 'namespace';
  }

  /** What a qualified name in a type (`Divisor.Declaration`) names: the type symbol, else what the member gives. */
  private qualifiedType(f: number, e: Expr): Val {
    const t = this.ev.typeSymbol(f, e);
    if (t && t !== 'ext') return { t: 'sym', f: t.f, s: t.s, r: t.r, c: t.c };
    return this.ev.asType(this.ev.value(f, e));
  }

  /** A callback argument of one of the current file's calls that got its REFERENCES edge there (most files have none). */
  private isCallbackSite(at: Pos): boolean {
    return this.callbackSites.size !== 0 && this.callbackSites.has(siteKey(at));
  }

  // A call site is resolved by several methods writing one answer object (`this.answer`, rewritten per call) rather
  // than one large method: TurboFan compiles the hot ones in a cold run, and a method with every case costs more to
  // compile than the cases each do; the answer object is no allocation per call.
  private call(f: number, call: CallFact): void {
    const ev = this.ev;
    const from = this.fromPos(f, call.from);
    const callee = call.callee;
    const a = this.answer;
    a.status = UNKNOWN; a.tf = -1; a.ts = -1; a.of = -1; a.os = -1; a.reason = 'same-file'; a.conf = 1; a.indirect = false;
    let keyName = false;
    // the symbol the called name itself stands for (a function, a class, a variable holding a function; -1: none)
    let nf = -1, ns = -1, nr: Reason = 'same-file', nc = 1;
    if (callee.k === 'super') this.superCall(f, callee.cls, a);
    else {
      const v = ev.value(f, callee);
      if (v.t === 'sym') {
        // `summary.formatPrice()` of `const summary = { formatPrice }`: the name is the object's key, no occurrence
        if (v.held) keyName = true;
        const sym = ev.sym(v);
        // a local (`const { f } = config; f()`) is its own binding: its name is no occurrence of what it holds
        const bound = !keyName && (callee.k === 'member' || (callee.k === 'id' && !!callee.b && !bindsLocal(callee.b)));
        if (bound && CALLABLE_NAMES.has(sym.label)) { nf = v.f; ns = v.s; nr = v.r; nc = v.c; }
        // a member read through a mapped type (`mapped(v).len()` of `{ [K in keyof T]: () => T[K] }`): its name is the
        // member's, the call calls what the mapped type holds there, no symbol of ours
        if (v.as) { if (bound) { nf = v.f; ns = v.s; nr = v.r; nc = v.c; } a.indirect = true; }
        else if (call.isNew) this.newCall(v, sym, a);
        else this.symCall(f, callee, v, sym, a);
      } else if (v.t === 'ext' || v.t === 'elemfn' || v.t === 'arrfn' || v.t === 'arr') a.status = EXTERNAL; // built-in (array) methods
      // a member or binding of a declared function type that is no symbol (`{ throws: (m: string) => void }`, a part of
      // an intersection or a conditional's branch): the checker's callee is that signature, known and not guessable
      else if (v.t === 'fnval') a.indirect = true;
      if (a.status !== RESOLVED) {
        // a callee holding the function a call returned (`const ZodObject = $constructor(…)`, `f()()`): that function,
        // whatever the call's declared result type says (`createAction(…): Function`)
        const held = ev.heldFunction(f, callee);
        const hs = held && ev.sym(held);
        if (held && hs && (!call.isNew || newableFunction(hs))) {
          a.tf = held.f; a.ts = held.s;
          a.status = RESOLVED; a.reason = held.r; a.conf = held.c; a.indirect = false;
        }
      }
    }
    const name = calleeName(callee);
    // a callee declared by a dependency (its `.d.ts`): outside code, as an unread package's is
    if (a.status === RESOLVED && a.tf >= this.projectCount) a.status = EXTERNAL;
    const status = a.status;
    if (status === RESOLVED && a.tf >= 0) {
      this.resolved++;
      this.edge(from, this.symBase[a.tf] + a.ts, 'CALLS', a.conf, a.reason, posLine(call.at), call.via);
      const of = a.of >= 0 ? a.of : a.tf, os = a.of >= 0 ? a.os : a.ts;
      // (a local's name is its own binding, whatever it holds: `const { parentNode } = ops; parentNode(n)` calls
      // Ops.parentNode, but renaming that member leaves the local's name as it is)
      if (name && !keyName && (nf < 0 || (nf === of && ns === os)) && !(callee.k === 'id' && bindsLocal(callee.b))) this.occurrenceOf(of, os, f, call.at, name, 'call', from, this.calleeAliased(f, callee) ? ALIASED_EXPORT : a.reason, a.conf);
    } else if (status === EXTERNAL) {
      this.external++;
    } else this.unresolvedCall(f, call, from, name, a.indirect);
    if (name && nf >= 0) {
      // the called name is an occurrence of what it names (`f()` of an alias `const f = g` names f, not g;
      // `new EmptyError()` names the const of the error class), whether or not the call itself resolved
      const of = a.of >= 0 ? a.of : a.tf, os = a.of >= 0 ? a.os : a.ts;
      if (!(status === RESOLVED && of >= 0 && of === nf && os === ns)) this.occurrenceOf(nf, ns, f, call.at, name, 'call', from, this.calleeAliased(f, callee) ? ALIASED_EXPORT : nr, nc);
      // a method of a typed object literal also implements the type's member: its calls are occurrences of both
      const tied = this.tiedMember(nf, ns);
      if (tied) this.occurrenceOf(tied.f, tied.s, f, call.at, name, 'call', from, nr, nc);
    }
    if (call.args) this.callbacks(f, call, from);
  }

  /** The constructor a `super(…)` call runs (or its class, without one). */
  private superCall(f: number, cls: number, a: CallAnswer): void {
    const ev = this.ev;
    const base = cls >= 0 ? ev.superClass({ f, s: cls }) : undefined;
    if (base === 'ext') a.status = EXTERNAL;
    else if (base) {
      const ctor = ev.superConstructor({ f, s: cls }, base);
      const t = ctor && ctor !== 'ext' ? ctor : base;
      a.tf = t.f; a.ts = t.s;
      a.status = RESOLVED; a.reason = 'super-member'; a.conf = REASON_CONFIDENCE['super-member'];
    }
  }

  /** What `new X(…)` runs when X is a project symbol: a class's constructor, a constructor function, a const holding either. */
  private newCall(v: Val & { t: 'sym' }, sym: SymbolFact, a: CallAnswer): void {
    const ev = this.ev;
    if (sym.label === 'Class') {
      // the class's own constructor; a class that inherits its constructor is itself what `new` makes (its
      // implicit constructor runs the base's: an edge of the class, see implicitConstructor), so `context`/`impact`
      // of the class see every place that creates one and the base constructor does not collect them
      const ctor = ev.ownMember(v, 'constructor', false);
      if (ctor) { a.tf = ctor.f; a.ts = ctor.s; } else { a.tf = v.f; a.ts = v.s; }
      a.of = v.f; a.os = v.s;
      a.status = RESOLVED; a.reason = v.r === 'same-file' || v.r === 'import' ? 'constructor' : v.r; a.conf = Math.min(v.c, REASON_CONFIDENCE.constructor);
    } else if (newableFunction(sym)) {
      // `new Counter(1)` of a JavaScript constructor function: the function runs (as the constructor)
      a.tf = v.f; a.ts = v.s;
      a.status = RESOLVED; a.reason = v.r === 'same-file' || v.r === 'import' ? 'constructor' : v.r; a.conf = Math.min(v.c, REASON_CONFIDENCE.constructor);
    } else if (((sym.label === 'Variable' && sym.kind === 'const') || (sym.label === 'Property' && sym.kind === 'assigned_value' && !sym.reassigned)) && sym.init) {
      // `new AjaxTimeoutError()` of `const AjaxTimeoutError = (() => { function Impl() {…} … return Impl })()`:
      // the class or constructor function the const holds (or a property assigned once, `new request.Request()` of
      // `request.Request = require('./request')`)
      const alias = ev.value(v.f, sym.init);
      const as = alias.t === 'sym' ? ev.sym(alias) : undefined;
      if (alias.t === 'sym' && as && (as.label === 'Class' || newableFunction(as))) {
        const ctor = as.label === 'Class' ? ev.ownMember(alias, 'constructor', false) : undefined;
        if (ctor) { a.tf = ctor.f; a.ts = ctor.s; } else { a.tf = alias.f; a.ts = alias.s; }
        a.status = RESOLVED; a.reason = alias.c < v.c ? alias.r : v.r; a.conf = Math.min(v.c, alias.c, REASON_CONFIDENCE.constructor);
      }
    }
    // a variable or property declared `typeof C` of a project class (`static Root: typeof Root`, `Ctor: typeof Base`):
    // the checker's construct signature is C's, whatever subclass the binding may hold when it runs
    if ((sym.label === 'Variable' || sym.label === 'Property') && sym.type?.k === 'typeof' && a.status !== RESOLVED) {
      const declared = ev.typeValue(v.f, sym.type, 0, v.subst);
      if (declared.t === 'sym' && ev.sym(declared).label === 'Class') {
        const ctor = ev.ownMember(declared, 'constructor', false);
        if (ctor) { a.tf = ctor.f; a.ts = ctor.s; } else { a.tf = declared.f; a.ts = declared.s; }
        a.of = declared.f; a.os = declared.s;
        a.status = RESOLVED; a.reason = 'typed-receiver'; a.conf = Math.min(v.c, REASON_CONFIDENCE['typed-receiver']);
      }
    }
  }

  /** What a call (not `new`) of a project symbol runs: a function or method, or the function a binding holds. */
  private symCall(f: number, callee: Expr, v: Val & { t: 'sym' }, sym: SymbolFact, a: CallAnswer): void {
    const ev = this.ev;
    if ((sym.reassigned && (sym.type || (sym.label !== 'Function' && sym.label !== 'Method'))) || (callee.k === 'id' && bindsLocal(callee.b) && this.files[f].locals[bindingIndex(callee.b)]?.reassigned)) {
      // a function binding assigned again in its file (`let notify: Notify = …; notify = fn`, a local `let run =
      // dflt` replaced by a setter): which function it holds at the call is not fixed, and the checker names only
      // its type's signature. A function bound without a declared type (`let isArray = (v) => …` replacing itself
      // by `Array.isArray` on its first call) gives the binding that function's type, which the checker names: so
      // do we
      a.indirect = true;
    } else if (sym.label === 'Method' && sym.kind === 'getter') {
      // `o.chain()` of `get chain(): () => Chain`: the getter runs on the read, and the call calls what it
      // returns — a project function it surely gives (declared `typeof f`, or its one returned function), else
      // nothing we can name (no guess either: the checker's callee is the returned function type)
      const held = ev.getterResult(v);
      const hs = held && ev.sym(held);
      if (held && hs && (hs.label === 'Function' || hs.label === 'Method') && hs.kind !== 'getter' && !hs.reassigned) {
        a.tf = held.f; a.ts = held.s;
        a.status = RESOLVED; a.reason = held.r; a.conf = held.c;
      } else a.indirect = true;
    } else if (sym.label === 'Function' || sym.label === 'Method') {
      a.tf = v.f; a.ts = v.s;
      a.status = RESOLVED; a.reason = v.r; a.conf = v.c;
    } else if (sym.label === 'Variable' || sym.label === 'Property') {
      // a variable holding a function alias (`const f = g`)
      const alias = sym.init ? ev.value(v.f, sym.init) : undefined;
      if (alias && alias.t === 'sym' && (ev.sym(alias).label === 'Function' || ev.sym(alias).label === 'Method')) {
        a.tf = alias.f; a.ts = alias.s;
        a.status = RESOLVED; a.reason = alias.c < v.c ? alias.r : v.r; a.conf = Math.min(v.c, alias.c);
      } else if (sym.label === 'Variable' && sym.kind === 'const' && sym.init?.k === 'fn') {
        // a const holding a function the extractor kept as a value (`const f = (<T>(x: T) => …)`): it runs that function
        a.tf = v.f; a.ts = v.s;
        a.status = RESOLVED; a.reason = v.r; a.conf = v.c;
      } else if (alias && alias.t === 'ext' && !sym.reassigned && !this.handsFunction(v.f, sym.init!)) {
        // a variable holding an outside value (`const join = path.join`, `const debug = createDebug("app")`): the
        // call runs outside code, as a call of the value itself would; not where a call made it from a function of
        // ours, which it may hand back (`const run = once(handler)`)
        a.status = EXTERNAL;
      } else {
        // a property or variable declared with the type of a project function (`link: typeof createLinkHandler`,
        // `go: Router['go']`) and no value of its own: the checker calls that function's signature
        const declared = sym.type && !sym.init ? ev.typeValue(v.f, sym.type, 0, v.subst) : undefined;
        if (declared && declared.t === 'sym' && !ev.sym(declared).reassigned && (ev.sym(declared).label === 'Function' || ev.sym(declared).label === 'Method')) {
          a.tf = declared.f; a.ts = declared.s;
          a.status = RESOLVED; a.reason = declared.c < v.c ? declared.r : v.r; a.conf = Math.min(v.c, declared.c);
        } else a.indirect = true; // a call through a property or variable holding some function: known, not guessable
      }
    }
  }

  /**
   * True when expression e (of file f) may hand back a function of ours: a call (or a member of one) given a function
   * literal, a project function or class, or any argument not known to be outside code; or a function literal called.
   */
  private handsFunction(f: number, e: Expr): boolean {
    for (let x: Expr | undefined = e, depth = 0; x && depth < 8; depth++) {
      if (x.k === 'member') { x = x.obj; continue; }
      // (an outside value reached: a function literal called in place may return anything)
      if (x.k !== 'call' && x.k !== 'new') return x.k === 'fn';
      for (const arg of x.args ?? []) {
        if (!arg) continue;
        if (arg.k === 'fn') return true;
        const v = this.ev.value(f, arg);
        if (v.t === 'sym' && CALLABLE_NAMES.has(this.ev.sym(v).label)) return true;
        if (v.t !== 'ext' && arg.k !== 'lit') return true;
      }
      x = x.callee;
    }
    return false;
  }

  /** A call no single project callee was found for: a union's or a choice's callees, else a guess (see guess). */
  private unresolvedCall(f: number, call: CallFact, from: number, name: string | undefined, indirect: boolean): void {
    const ev = this.ev;
    const callee = call.callee;
    // a method of a union receiver whose member types each declare their own (`s: Circle | Square; s.draw()`):
    // one of them runs, so the call is an edge to each (as TypeScript's call hierarchy counts it), less
    // certain than a single callee; otherwise a guess. Either way the name is an occurrence of each.
    // likewise a callee holding one of several functions (`const addTo = previous ? addToStart : addToEnd`)
    // (`new Ctor()` of `Ctor: typeof A | typeof B`: the constructor of each, the class itself where it has none)
    const dispatch = call.isNew ? this.eitherConstructor(f, callee) : callee.k === 'member' && !indirect ? ev.unionCallees(f, callee) : ev.eitherCallees(f, callee);
    if (dispatch && dispatch.every((m) => CALLABLE_MEMBERS.has(ev.sym(m).label) || (call.isNew && ev.sym(m).label === 'Class'))) {
      // (callees all declared by dependencies: outside code; some of them: the project's are the edges)
      if (dispatch.every((m) => m.f >= this.projectCount)) { this.external++; return; }
      this.resolved++;
      for (const m of dispatch) this.edge(from, this.posOf(m), 'CALLS', Math.min(m.c, REASON_CONFIDENCE['union-member']), 'union-member', posLine(call.at), call.via);
    } else {
      // a receiver whose shape is known — an object type literal (`this: { extend_(…): … }`: its method signatures
      // are no symbols; not a type parameter's constraint, which a value may exceed) or an object literal value —
      // without that member: no other type's method runs, no guess
      if (!indirect && callee.k === 'member') {
        const recv = ev.deref(ev.value(f, callee.obj));
        if ((recv.t === 'obj' && !recv.open) || recv.t === 'objv') indirect = true;
      }
      this.guess(f, call, from, indirect);
    }
    if (name && callee.k === 'member') for (const m of ev.unionMembers(f, callee)) this.occurrence(m, f, call.at, name, 'call', from, m.r, m.c);
  }

  /** What `new Ctor()` of a value typed `typeof A | typeof B` may run: each class's constructor (or the class). */
  private eitherConstructor(f: number, callee: Expr): Array<Val & { t: 'sym' }> | undefined {
    const ev = this.ev;
    const classes = ev.eitherClass(ev.value(f, callee));
    return classes?.map((k) => {
      const ctor = ev.ownMember(k, 'constructor', false);
      return ctor ? { t: 'sym', f: ctor.f, s: ctor.s, r: k.r, c: k.c } : k;
    });
  }

  /** A project function or method passed as an argument: a REFERENCES edge with its role (a callback of the callee). */
  private callbacks(f: number, call: CallFact, from: number): void {
    const ev = this.ev;
    const args = call.args!;
    const calleeText = args[0].callee;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const v = ev.value(f, a.value);
      if (v.t !== 'sym') continue;
      const label = ev.sym(v).label;
      if (label !== 'Function' && label !== 'Method') continue;
      const t = this.posOf(v);
      if (t === from) continue;
      this.callbackEdge(from, t, v.c, v.r, posLine(a.at), calleeText, a.key);
      this.callbackSites.add(siteKey(a.at));
    }
  }

  /** An unresolved call: counted, and guessed by name only when exactly one project definition fits. */
  private guess(f: number, call: CallFact, from: number, indirect: boolean): void {
    const callee = call.callee;
    const name = calleeName(callee);
    const free = callee.k === 'id' && !callee.b;
    if (free && this.rules.of[f].isGlobalName(name!)) { this.external++; return; }
    // a name bound in scope (a parameter, a local) is never guessed: it is not the same-named global function
    const candidates = !name || call.isNew || indirect || (callee.k === 'id' && callee.b) ? undefined : callee.k === 'id' ? this.topFunctions.get(name) : this.methods.get(name);
    if (!candidates && (free || callee.k === 'member')) {
      // no project definition carries that name: whatever it calls lies outside the project
      this.external++;
      return;
    }
    this.unresolved++;
    const p = this.files[f].path;
    this.unresolvedByFile[p] = (this.unresolvedByFile[p] ?? 0) + 1;
    // (a property of that name that may hold a function, `assert: (data: unknown) => T` of an interface, is another
    // definition that fits: the checker names its signature where the receiver has that type)
    if (!indirect && candidates && candidates.length === 1 && !(callee.k === 'member' && this.rules.of[f].isCommonMethodName(name!)) && this.posOf(candidates[0]) !== from
      && !(callee.k === 'member' && this.rules.of[f].propertiesFitNames && this.callableProps.has(name!))
      && !(callee.k === 'member' && this.files[f].language === 'javascript' && this.untypedRoot(f, callee.obj, 0))
      && !(callee.k === 'member' && this.anyRoot(f, callee.obj, 0))) {
      this.nameOnly++;
      this.edge(from, this.posOf(candidates[0]), 'CALLS', REASON_CONFIDENCE['name-only'], 'name-only', posLine(call.at));
    } else if (name && !(callee.k === 'id' && bindsLocal(callee.b))) {
      // (a parameter's or a local's name says nothing of the function it holds: no site of that name)
      this.unresolvedSite(f, name, callee.k === 'member', posLine(call.at), from);
    }
  }

  /**
   * `this.ctx` inside a method of an untyped object literal (koa's `module.exports = {…}`) that has no key `ctx`:
   * the checker reads the member as `any`, so nothing called on it can be confirmed (no guess).
   */
  private lacksKey(f: number, obj: Expr, name: string): boolean {
    if (obj.k !== 'this' || obj.cls < 0) return false;
    const sym = this.files[f].symbols[obj.cls];
    if (!sym || sym.label !== 'Variable' || sym.type || !sym.init) return false;
    const init = sym.init;
    if (init.k !== 'objval') return false;
    return !init.entries.some((x) => !('name' in x) || x.name === name);
  }

  /**
   * `this.options` of a constructor function's `this.options = options` (an untyped parameter), on any receiver
   * (`dt.loc` of `this.loc = config.loc || Locale.create()`): a JavaScript property without a declared type whose
   * initialiser is itself rooted at an untyped value is `any` to the checker too.
   */
  private untypedProperty(f: number, e: Expr & { k: 'member' }, depth: number): boolean {
    const v = this.ev.value(f, e);
    if (v.t !== 'sym') return false;
    const sym = this.files[v.f].symbols[v.s];
    // (likewise a JavaScript getter without a declared type returning such a value: `get channel() { return
    // this.client.channels.resolve(this.channelId) }`, whatever the receiver)
    if (sym.label === 'Method' && sym.kind === 'getter') return this.untypedResultOf(v, depth);
    return sym.label === 'Property' && sym.kind === 'field' && !sym.type && !!sym.init && this.files[v.f].language === 'javascript' && this.untypedRoot(v.f, sym.init, depth + 1);
  }

  /**
   * A receiver whose chain starts at a parameter (or a local holding one) that nothing types: no annotation, no
   * JSDoc, no contextual type (`create(context) { context.sourceCode.getText() }`), or at the `this` of a plain
   * function that belongs to no class or object literal. The checker reads it as `any`
   * and answers nothing there, so a name-only guess on it could never be confirmed: it is not drawn. JavaScript only:
   * in TypeScript an unannotated parameter is contextually typed (`const def: Keyword = { code(cxt) {…} }`), so
   * the checker does know it, and the guess is often its answer.
   */
  private untypedRoot(f: number, e: Expr, depth: number): boolean {
    if (depth > 8) return false;
    switch (e.k) {
      case 'member': return this.lacksKey(f, e.obj, e.name) || this.untypedProperty(f, e, depth) || this.undeclaredOnThis(f, e) || this.untypedRoot(f, e.obj, depth + 1);
      case 'element': return this.untypedRoot(f, e.of, depth + 1);
      // what a call of an untyped value or of a method of one gives (`client.channels.cache.get(id)` of an untyped
      // `client`), and awaiting it: `any` as well
      case 'call': return this.untypedRoot(f, e.callee, depth + 1) || this.untypedResult(f, e.callee, depth);
      case 'await': return this.untypedRoot(f, e.inner, depth + 1);
      case 'pkg': return this.untypedRoot(f, e.of, depth + 1);
      // a discriminant test (`builder.kind === 'a' && builder.m()`) leaves an untyped value untyped
      case 'tagged': return this.untypedRoot(f, e.of, depth + 1);
      // a choice one of whose values is untyped (`config.loc || Locale.create()`): `any` absorbs the union
      case 'union': return e.types.some((x) => this.untypedRoot(f, x, depth + 1));
      // `this` in a plain function that belongs to no class or object literal: `any` to the checker
      case 'this': return e.cls < 0;
      case 'id': {
        if (!bindsLocal(e.b)) return false;
        const loc = this.files[f].locals[bindingIndex(e.b)];
        // (one declared `any`, JSDoc's `{*}` and `{object}` included, is as untyped)
        if (!loc || (loc.ctxType && !loc.ctxType.key)) return false;
        if (loc.type) return loc.type.k === 'any';
        // a callback's parameter is typed by the function it is passed to; when that gives it no type (a package's
        // `hooks.compilation.tap(name, (compilation) => …)`, an untyped `each(fn)`), the checker has `any` there too
        if (loc.ctx || loc.ctxType) return !loc.init && this.ev.value(f, e).t === 'unknown';
        // (a `let` declared without a value: any of its assignments may be `any`, which absorbs the rest; nothing
        // read from it is guessed, as before it took its assignments' values)
        if (loc.evolving) return true;
        return loc.init ? this.untypedRoot(f, loc.init, depth + 1) : true;
      }
      default: return false;
    }
  }

  /**
   * `this.client` in a JavaScript class (or constructor function) none of whose classes (all in the project) declares
   * `client`, neither as a member nor by an assignment to `this` (`Object.defineProperty(this, 'client', …)` declares
   * nothing to the checker): the checker types it `any`.
   */
  private undeclaredOnThis(f: number, e: Expr & { k: 'member' }): boolean {
    if (e.obj.k !== 'this' || e.obj.cls < 0) return false;
    const cls = { f, s: e.obj.cls };
    const owner = this.files[f].symbols[e.obj.cls];
    // (a constructor function's `this` in its prototype methods likewise: `Document.prototype.$__schema;` declares nothing)
    if (owner.label !== 'Class' && !newableFunction(owner)) return false;
    return this.ev.findMember(cls, e.name, false) === undefined && this.ev.findMember(cls, e.name, true) === undefined;
  }

  /**
   * A JavaScript function or method without a declared result one of whose returned values is rooted at an untyped
   * value (`getMember(data, guild) { return this.getPayload(…) }`, where getPayload returns what its untyped parameters
   * give): the checker infers `any` for its calls (`any` absorbs the other returns).
   */
  private untypedResult(f: number, callee: Expr, depth: number): boolean {
    return this.untypedResultOf(this.ev.value(f, callee), depth);
  }

  /** untypedResult of the callee's value. */
  private untypedResultOf(v: Val, depth: number): boolean {
    if (v.t !== 'sym' || this.files[v.f].language !== 'javascript') return false;
    const sym = this.ev.sym(v);
    if ((sym.label !== 'Function' && sym.label !== 'Method') || sym.returns || sym.returnsAsync || !sym.returnsValue) return false;
    return this.untypedRoot(v.f, sym.returnsValue, depth + 1);
  }

  /**
   * A receiver whose chain starts at (or passes through) a value declared `any` (`ctrl: any`, `x as any`, a property
   * or a function result declared `any`) or a parameter nothing types (LocalFact.implicitAny): the checker types
   * nothing read from it and answers no call on it, so a name-only guess there could never be confirmed: it is not
   * drawn.
   */
  private anyRoot(f: number, e: Expr, depth: number): boolean {
    if (depth > 8) return false;
    switch (e.k) {
      case 'as': return e.type.k === 'any';
      case 'and': return this.anyRoot(f, e.left, depth + 1) || this.anyRoot(f, e.right, depth + 1);
      case 'await': return this.anyRoot(f, e.inner, depth + 1);
      case 'pkg': return this.ev.untypedPackage(f, e.source) || this.anyRoot(f, e.of, depth + 1);
      case 'element': return this.anyRoot(f, e.of, depth + 1);
      // (a discriminant test, `value && value.isColor && value.getHex()`, leaves an `any` value `any`)
      case 'tagged': return this.anyRoot(f, e.of, depth + 1);
      case 'call': {
        const v = this.ev.value(f, e.callee);
        if (v.t === 'sym' && this.ev.sym(v).returns?.k === 'any') return true;
        return e.callee.k === 'member' && this.anyRoot(f, e.callee.obj, depth + 1);
      }
      case 'member': {
        const v = this.ev.value(f, e);
        if (v.t === 'sym' && this.ev.sym(v).type?.k === 'any') return true;
        return this.anyRoot(f, e.obj, depth + 1);
      }
      case 'id': {
        if (!e.b) return false;
        if (bindsLocal(e.b)) {
          const loc = this.files[f].locals[bindingIndex(e.b)];
          if (!loc) return false;
          if (loc.type) return loc.type.k === 'any';
          if (loc.implicitAny) return true;
          return !!loc.init && this.anyRoot(f, loc.init, depth + 1);
        }
        if (bindsSymbol(e.b)) return this.files[f].symbols[bindingIndex(e.b)]?.type?.k === 'any';
        return false;
      }
      default: return false;
    }
  }

  /**
   * The member of the declared type that a method of a typed object literal implements
   * (`const p: Provider = { now() {…} }` → `Provider.now`), when that type is one class or interface.
   */
  private tiedMember(rf: number, rs: number): SymRef | undefined {
    const sym = this.files[rf].symbols[rs];
    if (sym.parent < 0 || (sym.kind !== 'object_method' && ((sym.kind !== 'getter' && sym.kind !== 'setter') || this.files[rf].symbols[sym.parent].label !== 'Variable'))) return undefined;
    const key = rf * 0x100000000 + rs;
    if (this.tiedMemo.has(key)) return this.tiedMemo.get(key);
    let out: SymRef | undefined;
    const owner = this.ev.files[rf].symbols[sym.parent];
    if (owner.type && !this.throughUnion(rf, owner.type, 0)) {
      const t = this.ev.typeValue(rf, owner.type, 0);
      if (t.t === 'inst') {
        const m = this.ev.findMember(t, sym.name, false);
        if (m && m !== 'ext') out = m;
      }
    }
    this.tiedMemo.set(key, out);
    return out;
  }

  private readonly tiedMemo = new Map<number, SymRef | undefined>();

  /** True when a type expression is (or aliases) a union: which member a key belongs to is the checker's call. */
  /**
   * The parts of an intersection a typed const's literal implements (see heritage), or none where two parts declare
   * a member of the literal's name apart (one declaration they both inherit is one).
   */
  private distinctParts<T extends { f: number; s: number }>(f: number, s: number, parts: readonly T[]): readonly T[] {
    for (const name of this.ev.childrenOf(f, s)?.keys() ?? []) {
      let one: Val | undefined;
      for (const p of parts) {
        const m = this.ev.member({ t: 'inst', f: p.f, s: p.s, r: 'typed-receiver', c: 1 }, name);
        if (m.t !== 'sym') continue;
        if (one && (one.t !== 'sym' || one.f !== m.f || one.s !== m.s)) return [];
        one = m;
      }
    }
    return parts;
  }

  private throughUnion(f: number, t: Expr, depth: number): boolean {
    if (t.k === 'union') return true;
    if (depth > 8 || t.k !== 'id') return false;
    const target = this.ev.typeSymbol(f, t);
    if (!target || target === 'ext') return false;
    const sym = this.ev.sym(target);
    return sym.label === 'TypeAlias' && !!sym.type && this.throughUnion(target.f, sym.type, depth + 1);
  }

  // ---------------------------------------------------------------- output helpers
  /**
   * An import or export specifier names both declarations of a name that is a type and a value (`interface X`
   * beside `const X`): the occurrence belongs to each, so renaming either one renames the specifier.
   */
  private bothMeanings(v: Val & { t: 'sym' }, f: number, at: Pos, name: string, kind: ReferenceKind, from: number, reason: string, conf: number): void {
    this.occurrence(v, f, at, name, kind, from, reason, conf);
    const t = this.ev.asType(v);
    if (t !== v) this.occurrence(t, f, at, name, kind, from, reason, conf);
  }

  private occurrence(v: Val, f: number, at: Pos, name: string, kind: ReferenceKind, from: number, reason: string, conf: number): void {
    if (v.t !== 'sym' || posLength(at) === 0) return;
    const sym = this.ev.sym(v);
    if (sym.name !== name) return; // aliased: the text here is not the symbol's name
    this.ref(this.symBase[v.f] + v.s, f, at, kind, from, conf, reason);
  }

  /** occurrence() of symbol `ts` of file `tf` (no value object to build). */
  private occurrenceOf(tf: number, ts: number, f: number, at: Pos, name: string, kind: ReferenceKind, from: number, reason: string, conf: number): void {
    if (posLength(at) === 0) return;
    if (this.files[tf].symbols[ts].name !== name) return; // aliased: the text here is not the symbol's name
    this.ref(this.symBase[tf] + ts, f, at, kind, from, conf, reason);
  }

  /** A reference to the node at position `target` from the one at `from`. */
  private ref(target: number, f: number, at: Pos, kind: ReferenceKind, from: number, confidence: number, reason: string): void {
    if (posLength(at) === 0 || Number.isNaN(target)) return;
    this.refs[f].push({ target: this.uids[target], filePath: this.files[f].path, line: posLine(at), column: posColumn(at), length: posLength(at), kind, from: this.uids[from], confidence, reason });
  }

  // Edges between node positions. A site merged into an existing edge builds no edge object (most CALLS and
  // REFERENCES sites repeat an edge); a new edge's keys are written in a fixed order (source, target, type,
  // confidence, reason, line, count, then its extra keys), which is the order the stored graph shows them in.
  /** An edge (`via`: the callee text of the callback a call sits in; the first one seen is kept). */
  private edge(source: number, target: number, type: RelType, confidence: number, reason: string, line?: number, via?: string): void {
    if (Number.isNaN(target) || Number.isNaN(source)) return; // a dependency's declaration (see constructor)
    if (this.current !== -1) this.owned(source);
    const stored = this.graph.mergeSiteAt(source, target, type, confidence, reason, line);
    if (stored) {
      // merged edges keep the first `via` seen (a later site inside a callback gives it when the first had none)
      if (via && stored.via === undefined) stored.via = via;
      return;
    }
    const e = this.newEdge(source, target, type, confidence, reason, line);
    if (via) e.via = via;
    this.graph.addEdgeAt(source, target, e);
  }

  /** A REFERENCES edge of a non-call occurrence (its kind kept on the edge unless a plain value read). */
  private refEdge(source: number, target: number, confidence: number, reason: string, line: number, kind: ReferenceKind): void {
    if (Number.isNaN(target) || Number.isNaN(source)) return;
    if (this.current !== -1) this.owned(source);
    if (this.graph.mergeSiteAt(source, target, 'REFERENCES', confidence, reason, line)) return;
    const e = this.newEdge(source, target, 'REFERENCES', confidence, reason, line);
    if (kind !== 'value') e.refKind = kind;
    this.graph.addEdgeAt(source, target, e);
  }

  /** The REFERENCES edge of a function passed to `callee` (as the value of option `key` when given). */
  private callbackEdge(source: number, target: number, confidence: number, reason: string, line: number, callee: string, key: string | undefined): void {
    if (Number.isNaN(target) || Number.isNaN(source)) return;
    if (this.current !== -1) this.owned(source);
    if (this.graph.mergeSiteAt(source, target, 'REFERENCES', confidence, reason, line)) return;
    const e = this.newEdge(source, target, 'REFERENCES', confidence, reason, line);
    e.role = 'callback';
    e.callee = callee;
    if (key) e.key = key;
    this.graph.addEdgeAt(source, target, e);
  }

  /** A relation edge leaves the file being resolved (its File node or one of its symbols), else the run is not partitioned. */
  private owned(source: number): void {
    if (this.current < 0 || (source !== this.fileBase + this.current && (source < this.currentLo || source >= this.currentHi))) this.partitioned = false;
  }

  private newEdge(source: number, target: number, type: RelType, confidence: number, reason: string, line: number | undefined): GraphEdge {
    const e: GraphEdge = { source: this.uids[source], target: this.uids[target], type, confidence, reason };
    if (line !== undefined) e.line = line;
    if (type !== 'CONTAINS' && type !== 'DEFINES' && type !== 'HAS_METHOD') e.count = 1;
    return e;
  }
}

/** Symbols a called name may stand for (an interface or type alias in callee position is no value). */
const CALLABLE_NAMES = new Set(['Function', 'Method', 'Class', 'Variable', 'Property']);
/** Symbols a union receiver's call may dispatch to (a property holding some function is not followed). */
const CALLABLE_MEMBERS: ReadonlySet<string> = new Set(['Method', 'Function']);

/** CallAnswer.status: no callee known yet, a project callee, a callee outside the project. */
const UNKNOWN = 0, RESOLVED = 1, EXTERNAL = 2;

/** What one call site resolved to (see ProjectBuilder.call). */
class CallAnswer {
  status = UNKNOWN;
  /** The callee that runs: file and symbol (-1: none). */
  tf = -1;
  ts = -1;
  /** The symbol the call's name is an occurrence of when not the callee (`new C()`: C, not its constructor; -1: the callee). */
  of = -1;
  os = -1;
  reason: Reason = 'same-file';
  conf = 1;
  /** A call through a binding holding some function: known, not guessable. */
  indirect = false;
}

function calleeName(e: Expr): string | undefined {
  return e.k === 'id' || e.k === 'member' ? e.name : undefined;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

/** Order of one file's references: line, column, target (the file is the same). */
function compareRefsInFile(a: Reference, b: Reference): number {
  return a.line - b.line || a.column - b.column || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0);
}

/** A number naming a position's line and column (exact for lines below 2^21), cheaper to hash than a string. */
function siteKey(at: Pos): number {
  return posLine(at) * 0x100000000 + posColumn(at);
}

/**
 * Whether an object literal key's contextual type (`e`, see contextualKey) comes down from a type the code declares (a
 * typed declaration, an assignment's target, `as`/`satisfies`, a declared result), not from a called function's
 * parameter, whose type parameters the checker may infer from the literal itself.
 */
function declaredKey(e: Expr): boolean {
  while (e.k === 'member' || e.k === 'element' || e.k === 'tagged') e = e.k === 'member' ? e.obj : e.of;
  return e.k === 'as';
}

/** Whether an object literal key's value reads a contextual type: a parameter's, or a member or element type of one. */
function contextualKey(e: Expr): boolean {
  // (a literal's discriminant, `tagged`, narrows that type: still a contextual type)
  while (e.k === 'member' || e.k === 'element' || e.k === 'tagged') e = e.k === 'member' ? e.obj : e.of;
  return e.k === 'param' || e.k === 'as';
}

/** The package a dependency's declaration file belongs to (`node_modules/@types/react/index.d.ts` → `@types/react`). */
function packageOfPath(p: string): string {
  const at = p.lastIndexOf('node_modules/');
  if (at < 0) return p;
  const parts = p.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * Whether a type alias's declared type is an intersection of two or more parts, an empty object type aside (`T & {}`
 * is T to the checker).
 */
function intersectionAlias(t: Expr | undefined): boolean {
  if (!t || t.k !== 'intersection') return false;
  return t.types.filter((p) => !(p.k === 'object' && !p.props.length && !p.index)).length > 1;
}


/** True when a property may hold a function: declared with a type that is no primitive, array or map, or given a function. */
function mayHoldFunction(sym: SymbolFact): boolean {
  if (sym.type) return !NOT_CALLABLE_TYPES.has(sym.type.k);
  return sym.init?.k === 'fn';
}

const NOT_CALLABLE_TYPES: ReadonlySet<string> = new Set(['lit', 'array', 'map', 'promise', 'strings']);
