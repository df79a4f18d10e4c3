/**
 * Differential check of the call graph against the TypeScript compiler.
 *
 * The same files are indexed by codegraph and compiled into a ts.Program. For every call (and `new`, and
 * `super(…)`) the type checker resolves the callee to its declaration; a declaration inside the project is
 * mapped to our symbol through the reference index's definition occurrences (same file, line and UTF-16
 * column of the declaring name), the caller to the innermost enclosing declaration that is one of our symbols
 * (else the file). That gives the compiler's edge set (caller → callee); ours is the set of CALLS edges.
 *
 *   precision = |ours ∩ compiler| / |ours|          recall = |ours ∩ compiler| / |compiler|
 *
 * Where the checker's signature is not the code that runs, the oracle says what runs, by rules that do not
 * look at our graph: a signature known only as a type (a function type, a call or method signature, a type
 * declared outside the project) called through a const binding that fixes the function (`const f: Fn = () => …`,
 * `const p: Provider = { m() {…} }` then `p.m()`) is that function; `new E()` of a project class without a
 * constructor of its own that extends an outside class (`class E extends Error {}`) is the class (so is `super()`
 * of a subclass of E: E's implicit constructor runs). A `let`
 * binding fixes nothing (it may be reassigned), so calls through it stay type-only.
 *
 * Calls the compiler resolves outside the project (lib.d.ts, packages) are not edges on either side.
 *
 * Corpora (bench/callgraph-corpora.ts) are named with --corpus; a bare folder is checked with the default
 * compiler options; --all prints one summary line per corpus. For a bare folder, --include and --exclude take
 * comma-separated path prefixes relative to it (`--include lib,fastify.js`, `--exclude test,types`), and
 * --options (alias --compiler-options) compiler options as tsconfig JSON (`'{"jsx":"react-jsx","lib":["es2022","dom"]}'`,
 * read by the compiler's own tsconfig reader, so names and values are spelled as in a tsconfig), which codegraph
 * also reads as the folder's tsconfig.json (so `paths` resolve alike on both sides).
 *
 *   node --import tsx bench/callgraph-diff.ts [--corpus rxjs|query-core|…|request|superagent|router|find-my-way | folder] [--samples N]
 *     [--include a,b] [--exclude c,d] [--options JSON] [--unmapped N] [--unmodelled] [--no-dependency-types]
 *   node --import tsx bench/callgraph-diff.ts --all
 *
 * Installed dependencies under the folder (`node_modules`) are read for their types on both sides; with
 * `--no-dependency-types` codegraph leaves them unread (their effect, against the same checker).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { readCorpus } from './parse-baseline.ts';
import { CORPORA, corpus } from './callgraph-corpora.ts';
import { graphData, nodeOf } from '../lib/graph/code-graph.ts';
import { resolveProject, type ResolveResult } from '../lib/resolve/index.ts';
import { extractFile, languageOf, loadDependencyTypes, loadProjectConfig } from '../lib/lang/index.ts';

export interface Pair { source: string; target: string; site?: string; reason?: string; confidence?: number }

export interface DiffResult {
  files: number;
  /** Call sites the compiler resolved into the project (mapped to our symbols). */
  compilerSites: number;
  /** Compiler-resolved project callees we have no symbol for (not counted in recall). */
  unmappedTargets: number;
  /** Those callees: declaration kind, where it is declared, and the first call site (`--unmapped N` prints them). */
  unmapped: Array<{ decl: string; site: string }>;
  /** Those sites: target is the callee declaration's kind and position (`ArrowFunction at file:line`). */
  unmappedSites: Pair[];
  compilerEdges: number;
  ourEdges: number;
  truePositives: number;
  precision: number;
  recall: number;
  /** The same, leaving out our low-confidence (name-only) edges. */
  confident: { ourEdges: number; truePositives: number; precision: number; recall: number };
  misses: Pair[];
  falsePositives: Pair[];
  /** Our name-only guesses the compiler agrees with (what a rule against guessing would lose). */
  agreedGuesses: Pair[];
  /** Every compiler edge (caller → callee, first site). */
  compilerPairs: Pair[];
  byReason: Record<string, { edges: number; correct: number }>;
  /**
   * The same comparison with every caller reduced to its file (`File:path → callee`), so that which enclosing
   * declaration a call is attributed to (a callback, a field initialiser, an object literal's method) does not count.
   */
  byFile: { ourEdges: number; compilerEdges: number; truePositives: number; precision: number; recall: number };
}

/** How callgraphDiff reads the folder: the files it keeps and where its configuration files come from. */
export interface DiffOptions {
  /** Keeps a file (path relative to the root); all files by default. */
  keep?: (rel: string) => boolean;
  /** A tsconfig given beside the folder: codegraph reads it as the folder's tsconfig.json (when it has none). */
  tsconfig?: string;
  /** Read every tsconfig/jsconfig (not only package.json) from the folder as `analyze` does (a real repository). */
  diskConfigs?: boolean;
  /** Leave installed dependencies' declarations unread on our side (the checker still reads them): their effect. */
  noDependencyTypes?: boolean;
}

/**
 * Indexes `root` with codegraph and with the TypeScript compiler and compares the CALLS edges; `keep` (when
 * given) picks the files of the folder both sides see (paths relative to `root`); `tsconfig` (when given and the
 * folder has none) is read by codegraph as the folder's tsconfig.json.
 */
export function callgraphDiff(root: string, compilerOptions: ts.CompilerOptions = {}, keep?: (rel: string) => boolean, tsconfig?: string, options: DiffOptions = {}): DiffResult {
  const corpus = keep ? readCorpus(root).filter((f) => keep(f.path)) : readCorpus(root);
  const texts = new Map(corpus.map((f) => [f.path, f.text]));
  // a tsconfig given beside the folder (`--options`): codegraph reads it as the folder's own tsconfig.json, so both
  // sides resolve `paths` and `baseUrl` alike
  if (tsconfig !== undefined && !texts.has('tsconfig.json')) texts.set('tsconfig.json', tsconfig);
  const facts = corpus.map((f) => extractFile(f.path, f.text, languageOf(f.path)!));
  // package.json files are read from the folder as analyze reads them (`imports` such as `#compiler/builders`, workspace
  // names); tsconfigs only as given (--options), so that both sides resolve `paths` alike
  const readText = (rel: string): string | undefined => {
    const t = texts.get(rel);
    const config = rel === 'package.json' || rel.endsWith('/package.json') || (options.diskConfigs && /(^|\/)[tj]sconfig[^/]*\.json$/.test(rel));
    if (t !== undefined || !config) return t;
    try { return readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; }
  };
  // installed dependencies' declarations (node_modules under the root), read for types as analyze reads them
  const readDependency = (rel: string): string | undefined => { if (options.noDependencyTypes) return undefined; try { return readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } };
  const result = resolveProject(facts, loadDependencyTypes(loadProjectConfig(corpus.map((f) => f.path), readText), facts, readDependency));
  const compiler = compilerEdges(root, corpus.map((f) => f.path), result, compilerOptions);

  const ours = new Map<string, Pair>();
  for (const e of graphData(result.graph).edges) {
    if (e.type !== 'CALLS') continue;
    ours.set(`${e.source}\u0000${e.target}`, { source: e.source, target: e.target, site: `${nodeOf(result.graph, e.source)?.filePath}:${e.line}`, reason: e.reason, confidence: e.confidence });
  }
  let tp = 0;
  let tpConfident = 0;
  let oursConfident = 0;
  const falsePositives: Pair[] = [];
  const agreedGuesses: Pair[] = [];
  const byReason: Record<string, { edges: number; correct: number }> = {};
  for (const [k, p] of ours) {
    const ok = compiler.edges.has(k);
    const r = (byReason[p.reason!] ??= { edges: 0, correct: 0 });
    r.edges++;
    if (ok) r.correct++;
    if (ok) tp++; else falsePositives.push(p);
    if (ok && p.reason === 'name-only') agreedGuesses.push(p);
    if (p.confidence! >= 0.5) { oursConfident++; if (ok) tpConfident++; }
  }
  const misses: Pair[] = [];
  for (const [k, p] of compiler.edges) if (!ours.has(k)) misses.push(p);
  const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b);
  // callers reduced to their file (both sides name callers by our symbols' uids, or by `File:path`)
  const fileOf = (uid: string): string => (uid.startsWith('File:') ? uid : `File:${nodeOf(result.graph, uid)?.filePath ?? uid}`);
  const oursByFile = new Set<string>();
  for (const p of ours.values()) oursByFile.add(`${fileOf(p.source)}\u0000${p.target}`);
  const compilerByFile = new Set<string>();
  for (const p of compiler.edges.values()) compilerByFile.add(`${fileOf(p.source)}\u0000${p.target}`);
  let tpFile = 0;
  for (const k of oursByFile) if (compilerByFile.has(k)) tpFile++;
  const byFile = { ourEdges: oursByFile.size, compilerEdges: compilerByFile.size, truePositives: tpFile, precision: ratio(tpFile, oursByFile.size), recall: ratio(tpFile, compilerByFile.size) };
  return {
    byFile,
    files: corpus.length, compilerSites: compiler.sites, unmappedTargets: compiler.unmapped, unmapped: compiler.unmappedSamples, unmappedSites: compiler.unmappedSites,
    compilerEdges: compiler.edges.size, ourEdges: ours.size, truePositives: tp,
    precision: ratio(tp, ours.size), recall: ratio(tp, compiler.edges.size),
    confident: { ourEdges: oursConfident, truePositives: tpConfident, precision: ratio(tpConfident, oursConfident), recall: ratio(tpConfident, compiler.edges.size) },
    misses, falsePositives, agreedGuesses, byReason, compilerPairs: [...compiler.edges.values()],
  };
}

interface CompilerEdges { edges: Map<string, Pair>; sites: number; unmapped: number; unmappedSamples: Array<{ decl: string; site: string }>; unmappedSites: Pair[] }

function compilerEdges(root: string, files: string[], result: ResolveResult, extra: ts.CompilerOptions): CompilerEdges {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts'], strict: true, noEmit: true, skipLibCheck: true, allowJs: true, jsx: ts.JsxEmit.Preserve,
    types: [],
    ...extra,
  };
  const absolute = files.map((f) => path.resolve(root, f));
  const program = ts.createProgram(absolute, options);
  const checker = program.getTypeChecker();

  // definition occurrences: "file:line:column" of a declaring name → our symbol
  const fileSet = new Set(files);
  const defs = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'definition') defs.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  const rel = (sf: ts.SourceFile): string | undefined => {
    const p = path.relative(root, sf.fileName).split(path.sep).join('/');
    return p.startsWith('..') ? undefined : p;
  };
  // an anonymous default export (`export default function () {}`, `export default () => …`) has no declaring
  // name to map by; it is the symbol named `default` that starts on the declaration's line
  const defaults = new Map<string, string>();
  for (const n of graphData(result.graph).nodes) if (n.name === 'default' && n.filePath && typeof n.line === 'number') defaults.set(`${n.filePath}:${n.line}`, n.uid);
  const uidAt = (node: ts.Node): string | undefined => {
    const sf = node.getSourceFile();
    const p = rel(sf);
    if (!p) return undefined;
    if (isAnonymousDefault(node)) return defaults.get(`${p}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return defs.get(`${p}:${lc.line + 1}:${lc.character + 1}`);
  };

  const inProject = (n: ts.Node): boolean => { const p = rel(n.getSourceFile()); return !!p && fileSet.has(p); };
  // class properties the project assigns (`this.handler = …`, `obj.handler = …`): the function they were
  // initialised with is not fixed
  let assignedProps: Set<ts.Symbol> | undefined;
  const assigned = (sym: ts.Symbol): boolean => {
    if (!assignedProps) {
      assignedProps = new Set();
      for (const sf of program.getSourceFiles()) {
        const p = rel(sf);
        if (!p || !fileSet.has(p)) continue;
        const walk = (n: ts.Node): void => {
          if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
            const left = skipOuter(n.left);
            const name = ts.isPropertyAccessExpression(left) ? left.name : ts.isElementAccessExpression(left) ? left.argumentExpression : undefined;
            const target = name && checker.getSymbolAtLocation(name);
            if (target) assignedProps!.add(target);
          }
          ts.forEachChild(n, walk);
        };
        walk(sf);
      }
    }
    return assignedProps.has(sym);
  };
  const edges = new Map<string, Pair>();
  let sites = 0;
  let unmapped = 0;
  const unmappedSamples: Array<{ decl: string; site: string }> = [];
  const unmappedSites: Pair[] = [];
  for (const sf of program.getSourceFiles()) {
    const p = rel(sf);
    if (!p || sf.isDeclarationFile && !fileSet.has(p)) continue;
    if (!fileSet.has(p)) continue;
    const fileUid = `File:${p}`;
    const visit = (node: ts.Node): void => {
      // a tagged template (`str\`…\``) calls its tag at run time, as a call expression does
      if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
        let target = calleeDeclaration(checker, node);
        // `new E()` of a project class with no constructor of its own, extending an outside class (`class E
        // extends Error {}`): the signature is the outside constructor, but what is instantiated (and whose
        // field initialisers run) is the project class
        // (likewise when the signature is only a type: `class E extends Data.TaggedError("E")<{…}> {}`, whose base is
        // what a function returns, typed by a construct signature)
        if (target && ts.isNewExpression(node) && (!inProject(target) || isTypeOnly(target))) {
          const cls = constructedClass(checker, node);
          if (cls && inProject(cls)) target = cls;
        }
        // `new C()` of a project class that inherits its constructor: the signature is the base's constructor, but
        // what is created is a C (its implicit constructor runs the base's: an edge of C, added below)
        if (target && ts.isNewExpression(node) && ts.isConstructorDeclaration(target)) {
          const cls = constructedClass(checker, node);
          if (cls && inProject(cls) && cls !== target.parent && !cls.members.some((m) => ts.isConstructorDeclaration(m) && !!m.body)) target = cls;
        }
        // `super(…)` in a subclass of such a class (`class APIError extends OpenAIError`, `class OpenAIError extends
        // Error {}`): the base's implicit constructor runs (its field initialisers, then the outside one), as for `new`
        if (target && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && !inProject(target)) {
          const cls = checker.getTypeAtLocation(node.expression).getSymbol()?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassLike(d));
          if (cls && inProject(cls)) target = cls;
        }
        // a callee the checker knows only by its type (`const f: Fn = g`, `const p: Provider = { m() {…} }`):
        // when a const binding fixes the function, that function is what runs
        // (or by a type declared outside the project: `requestAnimationFrame: typeof requestAnimationFrame`)
        if (target && (isTypeOnly(target) || !inProject(target))) target = constImplementation(checker, node, assigned) ?? target;
        // `this[kClose]()` with symbol keys made by `Symbol('…')` in JavaScript: to the checker every such key is one
        // `symbol`, so it names the first symbol-keyed member; what runs is the member declared with that key
        // (also when the checker finds no signature there: `this[kResume]()` of `this[kResume] = (sync) => …`)
        target = symbolKeyedMember(checker, node, target) ?? target;
        // `state.viewport(…)` where state is the object a function returns (`return { viewport, … }`): the checker
        // names the shorthand entry; the function it names is what runs
        if (target && ts.isShorthandPropertyAssignment(target)) {
          const fn = checker.getShorthandAssignmentValueSymbol(target)?.valueDeclaration;
          if (fn && ts.isFunctionDeclaration(fn)) target = fn;
        }
        // a callee the checker cannot type at all (`any`: its type comes from a package it cannot see, or an `as
        // any`) but that a const binding fixes (`const f: typeof outsideFn = (…) => …`): that function runs
        if (!target && ts.isCallExpression(node)) target = constImplementation(checker, node, assigned);
        // `this._castRef()` where the receiver's constructor function inherits through its prototype
        // (`SchemaNumber.prototype = Object.create(SchemaType.prototype)`, which the checker does not read): the
        // base's method runs
        if (!target && ts.isCallExpression(node)) target = prototypeChainMember(checker, node);
        // `GameObjectFactory.register(…)` where `var GameObjectFactory = new Class({…})` is given `register = function
        // …` at its file's top level, an expando the checker does not read on such a value: that function
        if (!target && ts.isCallExpression(node) && ts.isPropertyAccessExpression(skipOuter(node.expression))) {
          target = expandoFunction(checker, skipOuter(node.expression) as ts.PropertyAccessExpression, (e) => (e && (ts.isFunctionExpression(e) || ts.isArrowFunction(e)) ? e : undefined));
        }
        // `s.draw()` with `s: Circle | Square`: the checker names one declaration, but each member type's own
        // method may run (TypeScript's call hierarchy lists the call under each)
        // (`new Ctor()` of `Ctor: typeof A | typeof B`: likewise each class's constructor)
        const targets = (target && (unionTargets(checker, node) ?? unionConstructors(checker, node))) ?? (target ? [target] : []);
        // `const addTo = previous ? addToStart : addToEnd; addTo(…)`: either function may run
        for (const t of eitherTargets(checker, node) ?? []) if (!targets.includes(t)) targets.push(t);
        let counted = false;
        for (target of targets) {
          const declFile = target.getSourceFile();
          if (rel(declFile) && fileSet.has(rel(declFile)!)) {
            const tUid = declarationUid(target, uidAt);
            if (!tUid) {
              if (!counted) {
                unmapped++;
                const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
                const dl = declFile.getLineAndCharacterOfPosition(target.getStart(declFile));
                unmappedSamples.push({ decl: `${ts.SyntaxKind[target.kind]} ${rel(declFile)}:${dl.line + 1}  ${target.getText(declFile).split('\n')[0].slice(0, 60)}`, site: `${p}:${lc.line + 1}  ${node.getText(sf).split('\n')[0].slice(0, 60)}` });
                const tsf = target.getSourceFile();
                unmappedSites.push({ source: enclosingUid(node, uidAt) ?? fileUid, target: `${ts.SyntaxKind[target.kind]} at ${rel(tsf)}:${tsf.getLineAndCharacterOfPosition(target.getStart(tsf)).line + 1}`, site: `${p}:${lc.line + 1}  ${node.getText(sf).split('\n')[0].slice(0, 70)}` });
              }
            }
            else {
              if (!counted) sites++;
              counted = true;
              const sUid = enclosingUid(node, uidAt) ?? fileUid;
              const k = `${sUid}\u0000${tUid}`;
              if (!edges.has(k)) {
                const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
                edges.set(k, { source: sUid, target: tUid, site: `${p}:${lc.line + 1}  ${node.getText(sf).split('\n')[0].slice(0, 70)}` });
              }
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    // a class without a constructor of its own extending a project class runs the base's constructor when created
    // (the implicit `constructor(...args) { super(...args) }`): class → the constructor it inherits
    const implicit = (node: ts.Node): void => {
      if (ts.isClassLike(node) && !node.members.some((m) => ts.isConstructorDeclaration(m) && !!m.body)) {
        const base = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
        const decl = base && checker.getTypeAtLocation(base).getConstructSignatures().map((c) => c.declaration).find((d) => d && ts.isConstructorDeclaration(d) && !!d.body);
        const cUid = decl && inProject(decl) ? declarationUid(decl, uidAt) : undefined;
        const sUid = node.name ? uidAt(node.name) : undefined;
        if (cUid && sUid && !edges.has(`${sUid}\u0000${cUid}`)) {
          const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          edges.set(`${sUid}\u0000${cUid}`, { source: sUid, target: cUid, site: `${p}:${lc.line + 1}  implicit constructor of ${node.name!.text}` });
        }
      }
      ts.forEachChild(node, implicit);
    };
    implicit(sf);
  }
  return { edges, sites, unmapped, unmappedSamples, unmappedSites };
}

/**
 * The methods a call on a union-typed receiver may run: each member type's declaration of the called name,
 * when there are two or more distinct ones (all methods or functions); undefined otherwise.
 */
function unionTargets(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): ts.Node[] | undefined {
  if (!ts.isCallExpression(call)) return undefined;
  const callee = skipOuter(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const type = checker.getNonNullableType(checker.getTypeAtLocation(callee.expression));
  if (!type.isUnion()) return undefined;
  const out: ts.Node[] = [];
  for (const member of type.types) {
    // (a class merged with an interface of its name declares the method twice: the class's body is what runs)
    const decls = checker.getPropertyOfType(member, callee.name.text)?.declarations;
    const first = decls?.find((d) => ts.isMethodDeclaration(d) && !!d.body) ?? decls?.[0];
    const decl = first && ts.isMethodSignature(first) ? implementingMethod(checker, first) ?? first : first;
    if (!decl || !(ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl) || ts.isFunctionLike(decl))) return undefined;
    if (!out.includes(decl)) out.push(decl);
  }
  return out.length > 1 ? out : undefined;
}

/**
 * The method a call `recv.m(…)` the checker leaves unresolved runs when recv is an instance of a JavaScript constructor
 * function whose prototype inherits from another's: `X.prototype = Object.create(Y.prototype)`,
 * `Object.setPrototypeOf(X.prototype, Y.prototype)` or `util.inherits(X, Y)` at the top level of X's file, followed up
 * the chain.
 */
function prototypeChainMember(checker: ts.TypeChecker, call: ts.CallExpression): ts.Node | undefined {
  const callee = skipOuter(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.name.text;
  const resolve = (n: ts.Node): ts.Symbol | undefined => symbolOf(checker, n);
  const isProto = (n: ts.Expression): ts.Expression | undefined => (ts.isPropertyAccessExpression(n) && n.name.text === 'prototype' ? n.expression : undefined);
  const baseOf = (owner: ts.Symbol): ts.Symbol | undefined => {
    const file = owner.valueDeclaration?.getSourceFile();
    for (const st of file?.statements ?? []) {
      if (!ts.isExpressionStatement(st)) continue;
      const e = st.expression;
      let own: ts.Expression | undefined, base: ts.Expression | undefined;
      if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isCallExpression(e.right)
        && e.right.expression.getText() === 'Object.create' && e.right.arguments.length === 1) {
        own = isProto(e.left); base = isProto(e.right.arguments[0]);
      } else if (ts.isCallExpression(e) && e.expression.getText() === 'Object.setPrototypeOf' && e.arguments.length === 2) {
        own = isProto(e.arguments[0]); base = isProto(e.arguments[1]);
      } else if (ts.isCallExpression(e) && /(^|\.)inherits$/.test(e.expression.getText()) && e.arguments.length === 2) {
        own = e.arguments[0]; base = e.arguments[1];
      }
      if (own && base && resolve(own) === owner) return resolve(base);
    }
    return undefined;
  };
  let owner = checker.getTypeAtLocation(callee.expression).getSymbol();
  if (!owner || owner.flags & ts.SymbolFlags.Class && !(owner.valueDeclaration && ts.isFunctionDeclaration(owner.valueDeclaration))) return undefined;
  for (let hops = 0; owner && hops < 8; hops++) {
    const base = baseOf(owner);
    if (!base) return undefined;
    const instance = checker.getTypeOfSymbol(base).getConstructSignatures()[0]?.getReturnType();
    const decl = instance && checker.getPropertyOfType(instance, name)?.valueDeclaration;
    if (decl) {
      const fn = ts.isBinaryExpression(decl.parent) ? skipOuter(decl.parent.right) : decl;
      return ts.isFunctionExpression(fn) || ts.isArrowFunction(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionDeclaration(fn) ? fn : undefined;
    }
    owner = base;
  }
  return undefined;
}

/**
 * The member a call `recv[key](…)` runs when the checker's declaration has another computed key (see the caller):
 * the method whose computed name is the same binding as `key`, in the receiver's class or a project class above it.
 */
function symbolKeyedMember(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression, target: ts.Node | undefined): ts.Node | undefined {
  if (!ts.isCallExpression(call)) return undefined;
  const callee = skipOuter(call.expression);
  if (!ts.isElementAccessExpression(callee) || !ts.isIdentifier(callee.argumentExpression)) return undefined;
  const name = (target as ts.NamedDeclaration | undefined)?.name;
  if (name && ts.isComputedPropertyName(name) && ts.isIdentifier(name.expression) && name.expression.text === callee.argumentExpression.text) return undefined;
  const resolve = (n: ts.Node): ts.Symbol | undefined => symbolOf(checker, n);
  const key = resolve(callee.argumentExpression);
  if (!key) return undefined;
  let cls = checker.getTypeAtLocation(callee.expression).getSymbol()?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassLike(d));
  // (or a function the class assigns to `this[key]`, `this[kResume] = (sync) => resume(this, sync)` in JavaScript)
  const assignedThere = (c: ts.ClassLikeDeclaration): ts.Node | undefined => {
    let out: ts.Node | undefined;
    const visit = (n: ts.Node): void => {
      if (out) return;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(n.left)
        && n.left.expression.kind === ts.SyntaxKind.ThisKeyword && ts.isIdentifier(n.left.argumentExpression) && resolve(n.left.argumentExpression) === key) {
        const right = skipOuter(n.right);
        if (ts.isArrowFunction(right) || ts.isFunctionExpression(right)) { out = right; return; }
      }
      ts.forEachChild(n, visit);
    };
    for (const m of c.members) if ((ts.isConstructorDeclaration(m) || ts.isMethodDeclaration(m)) && m.body) visit(m.body);
    return out;
  };
  for (let hops = 0; cls && hops < 16; hops++) {
    for (const m of cls.members) {
      const n = m.name;
      if (n && ts.isComputedPropertyName(n) && ts.isIdentifier(n.expression) && resolve(n.expression) === key && (ts.isMethodDeclaration(m) || ts.isPropertyDeclaration(m))) return m === target ? undefined : m;
    }
    const assigned = assignedThere(cls);
    if (assigned) return assigned === target ? undefined : assigned;
    const base = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    cls = base ? resolve(base)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassLike(d)) : undefined;
  }
  return undefined;
}

/**
 * `new Ctor()` of `Ctor: typeof A | typeof B`: the checker names one construct signature, but either class is
 * constructed: each member type's constructor (its construct signature's declaration, inherited ones included), or
 * the class itself where none is declared.
 */
function unionConstructors(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): ts.Node[] | undefined {
  if (!ts.isNewExpression(call)) return undefined;
  const type = checker.getNonNullableType(checker.getTypeAtLocation(call.expression));
  if (!type.isUnion()) return undefined;
  const out: ts.Node[] = [];
  for (const member of type.types) {
    // (a class that inherits its constructor: the class itself, as for `new C()`)
    const cls = member.getSymbol()?.declarations?.find((d) => ts.isClassLike(d));
    const sig = member.getConstructSignatures()[0]?.declaration;
    const decl = sig && (!cls || sig.parent === cls) ? sig : cls;
    if (!decl || !(ts.isConstructorDeclaration(decl) || ts.isClassLike(decl))) return undefined;
    if (!out.includes(decl)) out.push(decl);
  }
  return out.length > 1 ? out : undefined;
}

/**
 * The project functions a call through a choice may run: the callee (or the variable it names, through its
 * initializer) is `c ? f : g`, `f || g` or `f ?? g`; each branch naming a function declaration, a method or a
 * variable initialised with a function counts. Undefined when the callee is no such choice.
 */
function eitherTargets(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): ts.Node[] | undefined {
  if (!ts.isCallExpression(call)) return undefined;
  const resolve = (n: ts.Node): ts.Symbol | undefined => symbolOf(checker, n);
  let callee = skipOuter(call.expression);
  for (let hops = 0; ts.isIdentifier(callee) && hops < 4; hops++) {
    const d = resolve(callee)?.valueDeclaration;
    if (!d || !ts.isVariableDeclaration(d) || !d.initializer) return undefined;
    callee = skipOuter(d.initializer);
  }
  const branches: ts.Expression[] = [];
  const split = (e: ts.Expression): void => {
    e = skipOuter(e);
    if (ts.isConditionalExpression(e)) { split(e.whenTrue); split(e.whenFalse); return; }
    if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.BarBarToken || e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) { split(e.left); split(e.right); return; }
    branches.push(e);
  };
  if (!ts.isConditionalExpression(callee) && !ts.isBinaryExpression(callee)) return undefined;
  split(callee);
  const out: ts.Node[] = [];
  for (const b of branches) {
    const d = ts.isIdentifier(b) || ts.isPropertyAccessExpression(b) ? resolve(b)?.valueDeclaration : undefined;
    if (!d) continue;
    const fn = ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(skipOuter(d.initializer)) || ts.isFunctionExpression(skipOuter(d.initializer))) ? skipOuter(d.initializer) : d;
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !out.includes(fn)) out.push(fn);
  }
  return out.length ? out : undefined;
}

/**
 * The method that runs for a method signature of an interface merged with a class of its name (`interface Objects
 * { recur(…): Objects }` beside `class Objects { recur(…) {…} }`), or whose name a const holding a class expression
 * also has (`export const Objects: new (…) => Objects = class extends Base { recur(…) {…} }`, Effect's SchemaAST).
 */
function implementingMethod(checker: ts.TypeChecker, decl: ts.MethodSignature): ts.Node | undefined {
  if (!ts.isInterfaceDeclaration(decl.parent)) return undefined;
  const impl = checker.getSymbolAtLocation(decl.name)?.declarations?.find((d) => ts.isMethodDeclaration(d) && !!d.body);
  if (impl) return impl;
  const value = checker.getSymbolAtLocation(decl.parent.name)?.valueDeclaration;
  const init = value && ts.isVariableDeclaration(value) && value.initializer ? skipOuter(value.initializer) : undefined;
  const name = decl.name.getText();
  return init && ts.isClassExpression(init) ? init.members.find((m) => ts.isMethodDeclaration(m) && !!m.body && m.name.getText() === name) : undefined;
}

/** The declaration a call resolves to: its signature's declaration, or the class for an implicit constructor. */
function calleeDeclaration(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression): ts.Node | undefined {
  const sig = checker.getResolvedSignature(call);
  const decl = sig?.declaration;
  if (decl && ts.isMethodSignature(decl)) { const impl = implementingMethod(checker, decl); if (impl) return impl; }
  if (decl && !ts.isJSDocSignature(decl)) return decl;
  // a JSDoc `@overload` of a method or function (webpack's Hash.update): the signature lives in the comment; what
  // runs is the declaration the comment documents
  if (decl && ts.isJSDocOverloadTag(decl.parent)) {
    const host = decl.parent.parent?.parent;
    if (host && (ts.isMethodDeclaration(host) || ts.isFunctionDeclaration(host) || ts.isConstructorDeclaration(host))) return host;
  }
  if (ts.isTaggedTemplateExpression(call)) return undefined;
  if (ts.isNewExpression(call) || call.expression.kind === ts.SyntaxKind.SuperKeyword) {
    let sym = checker.getSymbolAtLocation(call.expression);
    if (call.expression.kind === ts.SyntaxKind.SuperKeyword) {
      const t = checker.getTypeAtLocation(call.expression);
      sym = t.getSymbol();
    }
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    const named = sym?.declarations?.find((d) => ts.isClassLike(d)) ?? assignedClass(sym);
    // (no signature although the class declares a constructor: a call the checker rejects, `new Duration(conf)` of a
    // constructor documented `@private`, outside the class: that constructor runs)
    const ctor = named && ts.isClassLike(named) ? named.members.find((m) => ts.isConstructorDeclaration(m) && !!m.body) : undefined;
    if (ctor) return ctor;
    if (named || call.expression.kind === ts.SyntaxKind.SuperKeyword) return named;
    // `new C()` of a value typed `typeof Foo` (a parameter, a property) when Foo declares no constructor: the class
    // its type names (Foo's implicit constructor runs, as for `new Foo()`)
    return checker.getTypeAtLocation(call.expression).getSymbol()?.declarations?.find((d) => ts.isClassLike(d));
  }
  return undefined;
}

/** `new Dep.Template()` where `Dep.Template = class {…}` (a JavaScript expando property): that class expression. */
function assignedClass(sym: ts.Symbol | undefined): ts.Node | undefined {
  for (const d of sym?.declarations ?? []) {
    if (ts.isPropertyAccessExpression(d) && ts.isBinaryExpression(d.parent) && d.parent.left === d) {
      const right = skipOuter(d.parent.right);
      if (ts.isClassExpression(right)) return right;
    }
  }
  return undefined;
}

/** A signature written in a type (function type, call, construct or method signature): no code of its own runs. */
function isTypeOnly(decl: ts.Node): boolean {
  return ts.isFunctionTypeNode(decl) || ts.isCallSignatureDeclaration(decl) || ts.isConstructSignatureDeclaration(decl)
    || ts.isConstructorTypeNode(decl) || ts.isMethodSignature(decl);
}

/**
 * The function a const binding fixes for a call the checker resolves only to a type: `f()` where
 * `const f: Fn = () => …` (or `= g`, a function declaration), and `o.m()` where `const o: T = { m() {…} }`;
 * likewise `o.m()` of a class property initialised with a function (`produce: IProduce = (…) => …`) that the
 * project never assigns (`assigned`), and `g()` of `const g = o.m.bind(o, …)` (the function bound). A `let` (or
 * anything reassignable) gives nothing: its value is not fixed.
 */
function constImplementation(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression, assigned: (sym: ts.Symbol) => boolean): ts.Node | undefined {
  const callee = skipOuter(ts.isTaggedTemplateExpression(call) ? call.tag : call.expression);
  const resolve = (n: ts.Node): ts.Symbol | undefined => symbolOf(checker, n);
  const constInit = (sym: ts.Symbol | undefined): ts.Expression | undefined => {
    const d = sym?.valueDeclaration;
    if (!d || !ts.isVariableDeclaration(d) || !d.initializer || !(ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const)) return undefined;
    return skipOuter(d.initializer);
  };
  const functionOf = (e: ts.Expression | undefined, depth = 0): ts.Node | undefined => {
    if (!e || depth > 4) return undefined;
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return e;
    // `const Middleware: new <T>(…) => Middleware<T> = class<T> … { constructor(…) {…} }`: `new` runs that class's
    // constructor (the class itself when it has none)
    if (ts.isClassExpression(e)) return e.members.find((m) => ts.isConstructorDeclaration(m) && !!m.body) ?? e;
    // a name, or a member of a namespace (`= internalArray.isArrayNonEmpty`, Effect's public consts aliasing their
    // internal implementations)
    if (ts.isIdentifier(e) || (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name))) {
      const sym = resolve(e);
      const d = sym?.valueDeclaration;
      if (d && ts.isFunctionDeclaration(d)) return d;
      // a class property initialised with a function and never assigned (`const rootSchema: BaseScope['schema'] =
      // rootSchemaScope.schema` of `schema: Parser = (def) => …`): that function
      if (sym && d && ts.isPropertyDeclaration(d) && d.initializer && !assigned(sym)) return functionOf(skipOuter(d.initializer), depth + 1);
      // a const bound to a function (`const handler = (…) => …`), or to another such const
      return functionOf(constInit(sym), depth + 1);
    }
    return undefined;
  };
  if (ts.isIdentifier(callee)) {
    const init = constInit(resolve(callee));
    // `const send = client.send.bind(client, 'log')`: the function bound runs (the checker types a partial
    // application as a new signature declared by lib.d.ts's `bind`)
    if (init && ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && init.expression.name.text === 'bind') {
      const target = skipOuter(init.expression.expression);
      const d = resolve(target)?.valueDeclaration;
      if (d && (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) && d.body) return d;
      const fn = functionOf(target);
      if (fn) return fn;
    }
    // `const handler = buildHandler(args)` where every return of buildHandler gives one fixed function: that one
    if (init && ts.isCallExpression(init)) return returnedFunction(checker, init, functionOf, assigned);
    return functionOf(init);
  }
  if (ts.isPropertyAccessExpression(callee)) {
    // `ns.f()` of a namespace import (`import * as ns`), where the module's `const f: Fn = (…) => …`
    const prop = resolve(callee);
    const ownInit = constInit(prop);
    // `ns.parse(…)` of a module's `const parse = makeParse(…)`: the fixed function makeParse returns
    if (ownInit && ts.isCallExpression(ownInit)) { const held = returnedFunction(checker, ownInit, functionOf, assigned); if (held) return held; }
    const own = functionOf(ownInit);
    if (own) return own;
    const d = prop?.valueDeclaration;
    if (prop && d && ts.isPropertyDeclaration(d) && d.initializer && !assigned(prop)) {
      const fn = functionOf(skipOuter(d.initializer));
      if (fn) return fn;
    }
    const obj = constInit(resolve(skipOuter(callee.expression)));
    if (!obj || !ts.isObjectLiteralExpression(obj)) return undefined;
    const name = callee.name.text;
    let found: ts.Node | undefined;
    for (const p of obj.properties) {
      // a spread after the key may replace it (`{ retryCondition: dflt, ...options }`): nothing is fixed then
      if (ts.isSpreadAssignment(p)) { found = undefined; continue; }
      if (!p.name || !ts.isIdentifier(p.name) || p.name.text !== name) continue;
      if (ts.isMethodDeclaration(p)) found = p;
      else if (ts.isPropertyAssignment(p)) found = functionOf(skipOuter(p.initializer));
      else if (ts.isShorthandPropertyAssignment(p)) found = functionOf(p.name);
    }
    if (found) return found;
    // `webidl.brandCheck = function (…) {…}` at the top level of the const's file (undici's `const webidl: Webidl =
    // { converters: {} }`, filled in by assignments): that function, when it is the key's one assignment
    return expandoFunction(checker, callee, functionOf);
  }
  return undefined;
}

/**
 * `obj.name(…)` where the file that binds obj (a const, or a `var`/`let` never assigned again at its top level)
 * assigns `obj.name = function (…) {…}` once at its top level: that function.
 */
function expandoFunction(checker: ts.TypeChecker, callee: ts.PropertyAccessExpression, functionOf: (e: ts.Expression | undefined) => ts.Node | undefined): ts.Node | undefined {
  const resolve = (n: ts.Node): ts.Symbol | undefined => symbolOf(checker, n);
  const name = callee.name.text;
  const objSym = resolve(skipOuter(callee.expression));
  const decl = objSym?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return undefined;
  const fixed = !!(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const);
  let expando: ts.Node | undefined;
  let count = 0;
  for (const st of decl.getSourceFile().statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression) || st.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const left = st.expression.left;
    if (!fixed && ts.isIdentifier(left) && resolve(left) === objSym) return undefined;
    if (!ts.isPropertyAccessExpression(left) || left.name.text !== name || !ts.isIdentifier(left.expression) || resolve(left.expression) !== objSym) continue;
    count++;
    expando = functionOf(skipOuter(st.expression.right));
  }
  return count === 1 ? expando : undefined;
}

/**
 * The function a call gives back when the called function (a declaration, or what a const binding fixes) returns
 * one and the same fixed function from every `return` (`return handler` with `const handler = (…) => …`).
 */
function returnedFunction(checker: ts.TypeChecker, call: ts.CallExpression, functionOf: (e: ts.Expression | undefined) => ts.Node | undefined, assigned: (sym: ts.Symbol) => boolean): ts.Node | undefined {
  let fn: ts.Node | undefined = checker.getResolvedSignature(call)?.declaration;
  if (!fn || ts.isJSDocSignature(fn) || isTypeOnly(fn)) fn = constImplementation(checker, call, assigned);
  // an overload signature: the implementation's body is what runs
  if (fn && ts.isFunctionDeclaration(fn) && !fn.body && fn.name) {
    const impl = checker.getSymbolAtLocation(fn.name)?.declarations?.find((d) => ts.isFunctionDeclaration(d) && !!d.body);
    if (impl) fn = impl;
  }
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn)) || !fn.body) return undefined;
  const returned: ts.Expression[] = [];
  if (!ts.isBlock(fn.body)) returned.push(fn.body);
  else {
    const walk = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) || ts.isClassLike(n)) return; // their returns are their own
      if (ts.isReturnStatement(n) && n.expression) returned.push(n.expression);
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(fn.body, walk);
  }
  let out: ts.Node | undefined;
  for (const r of returned) {
    const f = functionOf(skipOuter(r));
    if (!f || (out && out !== f)) return undefined;
    out = f;
  }
  return out;
}

/** An expression without parentheses, `as`/`!`/`satisfies` wrappers. */
function skipOuter(e: ts.Expression): ts.Expression {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else return e;
  }
}

/** The class declaration a `new` expression names (through aliases), if it is one. */
function constructedClass(checker: ts.TypeChecker, call: ts.NewExpression): ts.ClassLikeDeclaration | undefined {
  const sym = symbolOf(checker, call.expression);
  // (or the class its type is: `require('./error')` of `module.exports = exports = MongooseError` aliases the
  // assignment, whose type is `typeof MongooseError`)
  return sym?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassLike(d))
    ?? checker.getTypeAtLocation(call.expression).getSymbol()?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassLike(d));
}

/** Our symbol for a callee declaration: by the position of its declaring name. */
/** A nameless function or class that is a module's default export or CommonJS value (the declaration itself stands for its name). */
function isAnonymousDefault(n: ts.Node): boolean {
  if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && !n.name) {
    return !!n.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  }
  // `module.exports = { m() {} }`: codegraph's Variable `default` (calls in the object's values outside its methods
  // belong to it, as those of `const o = {…}` belong to o); only where that symbol exists (uidAt finds it)
  if (ts.isObjectLiteralExpression(n) && n.parent && ts.isBinaryExpression(n.parent)) {
    return n.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && n.parent.right === n && n.parent.left.getText() === 'module.exports'
      && ts.isExpressionStatement(n.parent.parent) && ts.isSourceFile(n.parent.parent.parent);
  }
  if (!(ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isClassExpression(n)) || (n as ts.FunctionExpression).name || !n.parent) return false;
  // `export default () => …`, and CommonJS `module.exports = function () {…}` (the module's value)
  return ts.isExportAssignment(n.parent) || (ts.isBinaryExpression(n.parent) && n.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
    && n.parent.right === n && n.parent.left.getText() === 'module.exports' && ts.isExpressionStatement(n.parent.parent) && ts.isSourceFile(n.parent.parent.parent));
}

function declarationUid(decl: ts.Node, uidAt: (n: ts.Node) => string | undefined): string | undefined {
  if (isAnonymousDefault(decl)) return uidAt(decl);
  if (ts.isConstructorDeclaration(decl)) {
    const kw = decl.getChildren().find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
    return kw ? uidAt(kw) : undefined;
  }
  if ((ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) && decl.parent) {
    let p = decl.parent;
    // `const f = (<T>(x: T) => …)`, `const create = ((s) => …) as Create`: the const names the function
    while ((ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isNonNullExpression(p) || ts.isTypeAssertionExpression(p)) && p.parent) p = p.parent;
    if ((ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) return uidAt(p.name);
    // `const kindOf = (cache => thing => {…})(…)`: the function an immediately invoked one returns is what the
    // const holds for good (our Variable kindOf stands for it)
    const held = iifeConst(p, decl);
    if (held) return uidAt(held.name);
    // `var proto = module.exports = function (options) {…}`: the variable at the head of the chain of assignments
    const head = chainHead(decl);
    const byVariable = head ? uidAt(head.name) : undefined;
    if (byVariable) return byVariable;
    // `app.set = function set() {}`, `View.prototype.lookup = function lookup() {}`: our symbol is named by the
    // property; the function's own name only when nothing else names it
    const key = ts.isBinaryExpression(p) ? thisKey(p.left) : undefined;
    const byProperty = ts.isBinaryExpression(p) && ts.isPropertyAccessExpression(p.left) ? uidAt(p.left.name) : key ? uidAt(key) : undefined;
    if (byProperty) return byProperty;
    if (ts.isFunctionExpression(decl) && decl.name) return uidAt(decl.name);
    return undefined;
  }
  // `Dep.Template = class DepTemplate {}`: our symbol is named by the property
  if (ts.isClassExpression(decl) && decl.parent && ts.isBinaryExpression(decl.parent) && ts.isPropertyAccessExpression(decl.parent.left)) {
    const byProperty = uidAt(decl.parent.left.name);
    if (byProperty) return byProperty;
  }
  const name = (decl as ts.NamedDeclaration).name;
  return name ? uidAt(name) : undefined;
}

/** The variable declared by `var x = a.b = value` for the value `value` (a chain of one or more assignments). */
function chainHead(value: ts.Node): ts.VariableDeclaration | undefined {
  let n: ts.Node = value;
  while (n.parent && ts.isBinaryExpression(n.parent) && n.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && n.parent.right === n) n = n.parent;
  return n !== value && n.parent && ts.isVariableDeclaration(n.parent) && n.parent.initializer === n && ts.isIdentifier(n.parent.name) ? n.parent as ts.VariableDeclaration & { name: ts.Identifier } : undefined;
}

/** The symbol a name or expression stands for, through import and require aliases. */
function symbolOf(checker: ts.TypeChecker, n: ts.Node): ts.Symbol | undefined {
  const sym = checker.getSymbolAtLocation(n);
  return sym && sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

/**
 * The `[key]` of `this[key]` when the key is a name (a symbol key in JavaScript: our member `[key]` is named by it, from
 * the opening bracket).
 */
function thisKey(n: ts.Node): ts.Node | undefined {
  if (!ts.isElementAccessExpression(n) || n.expression.kind !== ts.SyntaxKind.ThisKeyword || !ts.isIdentifier(n.argumentExpression)) return undefined;
  return n.getChildren().find((c) => c.kind === ts.SyntaxKind.OpenBracketToken);
}

/** The const an immediately invoked function initialises, when `fn` is what it returns (its expression body or a top-level `return`). */
function iifeConst(p: ts.Node, fn: ts.Node): ts.VariableDeclaration | undefined {
  let iife: ts.Node | undefined;
  if (ts.isArrowFunction(p) && p.body !== undefined && skipParens(p.body) === fn) iife = p;
  else if (ts.isReturnStatement(p) && p.parent && ts.isBlock(p.parent) && p.parent.parent && (ts.isArrowFunction(p.parent.parent) || ts.isFunctionExpression(p.parent.parent))) iife = p.parent.parent;
  if (!iife) return undefined;
  let callee: ts.Node = iife;
  while (callee.parent && ts.isParenthesizedExpression(callee.parent)) callee = callee.parent;
  const call = callee.parent;
  if (!call || !ts.isCallExpression(call) || call.expression !== callee) return undefined;
  let top: ts.Node = call;
  while (top.parent && ts.isParenthesizedExpression(top.parent)) top = top.parent;
  const d = top.parent;
  return d && ts.isVariableDeclaration(d) && d.initializer === top && ts.isIdentifier(d.name) && (ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const) ? d : undefined;
}

function skipParens(n: ts.Node): ts.Node {
  while (ts.isParenthesizedExpression(n)) n = n.expression;
  return n;
}

/** The innermost enclosing declaration that is one of our symbols (anonymous callbacks are skipped). */
function enclosingUid(node: ts.Node, uidAt: (n: ts.Node) => string | undefined): string | undefined {
  for (let n = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    let nameNode: ts.Node | undefined;
    if (isAnonymousDefault(n)) nameNode = n;
    else if (ts.isConstructorDeclaration(n)) nameNode = n.getChildren().find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
    else if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isClassDeclaration(n) || ts.isClassExpression(n)
      || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n) || ts.isPropertyDeclaration(n) || ts.isVariableDeclaration(n)
      || ts.isPropertyAssignment(n) || ts.isFunctionExpression(n) || ts.isModuleDeclaration(n)) nameNode = n.name;
    // `exports.f = function () {}`, `internals.X = class {}`: named by the assigned property
    // (`this[kResume] = (sync) => …`: named by the key, our `[kResume]`)
    const assignedTo = (ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isClassExpression(n)) && ts.isBinaryExpression(n.parent)
      ? (ts.isPropertyAccessExpression(n.parent.left) ? n.parent.left.name : thisKey(n.parent.left)) : undefined;
    if (!nameNode) nameNode = assignedTo;
    // `var proto = module.exports = function (options) {…}`: named by the variable at the head of the chain
    const head = (ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isClassExpression(n)) ? chainHead(n) : undefined;
    if (head) { const uid = uidAt(head.name); if (uid) return uid; }
    if (!nameNode) continue;
    // a named function expression assigned to a property (`app.set = function set() {}`) is our symbol of the property
    const uid = uidAt(nameNode) ?? (assignedTo && assignedTo !== nameNode ? uidAt(assignedTo) : undefined);
    if (uid) return uid;
  }
  return undefined;
}

/** Keeps paths under one of the `include` prefixes (all when none) and under none of the `exclude` ones. */
function pathFilter(include: string | undefined, exclude: string | undefined): ((rel: string) => boolean) | undefined {
  const list = (s: string | undefined): string[] => (s ?? '').split(',').map((x) => x.trim().replace(/\/+$/, '')).filter(Boolean);
  const inc = list(include);
  const exc = list(exclude);
  if (!inc.length && !exc.length) return undefined;
  const under = (rel: string, prefix: string): boolean => rel === prefix || rel.startsWith(`${prefix}/`);
  return (rel) => (!inc.length || inc.some((p) => under(rel, p))) && !exc.some((p) => under(rel, p));
}

/** Compiler options for a bare folder from a tsconfig-style JSON object (exits with the compiler's message on error). */
function folderOptions(folder: string, json: string | undefined): ts.CompilerOptions {
  if (!json) return {};
  try { return parseCompilerOptions(json, path.resolve(folder)); } catch (e) { console.error((e as Error).message); process.exit(2); }
}

/** Compiler options written as a tsconfig's `compilerOptions` JSON (`{"jsx":"react-jsx","lib":["es2022"]}`). */
export function parseCompilerOptions(json: string, root: string): ts.CompilerOptions {
  const { options, errors } = ts.convertCompilerOptionsFromJson(JSON.parse(json), root);
  if (errors.length) throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('; '));
  // `paths` without `baseUrl` are relative to the tsconfig's folder, which the compiler takes from the config
  // file's location (pathsBasePath); the JSON here stands for a tsconfig.json in `root`, as codegraph reads it
  if (options.paths && options.baseUrl === undefined) options.pathsBasePath = root;
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const reasons = (d: DiffResult): string => Object.entries(d.byReason).sort(([a], [b]) => (a < b ? -1 : 1)).map(([r, v]) => `${r} ${v.correct}/${v.edges}`).join(', ');
  if (args.includes('--all')) {
    for (const name of Object.keys(CORPORA)) {
      const c = corpus(name);
      const cpu0 = process.cpuUsage();
      const d = callgraphDiff(c.root, c.compilerOptions, c.keep);
      const cpu = process.cpuUsage(cpu0);
      console.log(`${name}: ${d.files} files, compiler ${d.compilerEdges} edges (${d.compilerSites} sites, ${d.unmappedTargets} unmodelled), ours ${d.ourEdges}, precision ${pct(d.precision)} recall ${pct(d.recall)}; without name-only: precision ${pct(d.confident.precision)} recall ${pct(d.confident.recall)}  [${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU]`);
      console.log(`  by reason: ${reasons(d)}`);
    }
    process.exit(0);
  }
  const named = opt('--corpus');
  const valued = ['--samples', '--corpus', '--include', '--exclude', '--compiler-options', '--options', '--unmapped'];
  const folder = args.find((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1]));
  const given = opt('--options') ?? opt('--compiler-options');
  const { root, compilerOptions, keep } = named || !folder ? corpus(named ?? 'rxjs') : { root: folder, compilerOptions: folderOptions(folder, given), keep: undefined };
  if (given !== undefined && (named || !folder)) Object.assign(compilerOptions, folderOptions(root, given));
  const tsconfig = given !== undefined ? JSON.stringify({ compilerOptions: JSON.parse(given) }) : undefined;
  const samples = opt('--samples') !== undefined ? Number(opt('--samples')) : 15;
  const t0 = performance.now();
  const d = callgraphDiff(root, compilerOptions, pathFilter(opt('--include'), opt('--exclude')) ?? keep, tsconfig, { noDependencyTypes: args.includes('--no-dependency-types') });
  console.log(`call graph vs TypeScript ${ts.version} on ${path.relative(process.cwd(), root) || root} (${d.files} files, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log(`  compiler: ${d.compilerSites} call sites into the project → ${d.compilerEdges} caller→callee edges (${d.unmappedTargets} sites whose callee we do not model)`);
  console.log(`  codegraph: ${d.ourEdges} CALLS edges, ${d.truePositives} agree`);
  console.log(`  precision ${pct(d.precision)}  recall ${pct(d.recall)}`);
  console.log(`  without name-only guesses: ${d.confident.ourEdges} edges, precision ${pct(d.confident.precision)}  recall ${pct(d.confident.recall)}`);
  console.log(`  by reason: ${reasons(d)}`);
  if (samples > 0) {
    console.log(`\nmissed (compiler has, we do not) — ${d.misses.length}:`);
    for (const m of d.misses.slice(0, samples)) console.log(`  ${m.source} → ${m.target}\n      at ${m.site}`);
    console.log(`\nfalse positives (we have, compiler does not) — ${d.falsePositives.length}:`);
    for (const m of d.falsePositives.slice(0, samples)) console.log(`  ${m.source} → ${m.target}  (${m.reason} ${m.confidence}) at ${m.site}`);
    if (args.includes('--unmodelled')) {
      console.log(`\ncallees we have no symbol for — ${d.unmappedSites.length} sites:`);
      for (const m of d.unmappedSites.slice(0, samples)) console.log(`  ${m.source} → ${m.target}\n      at ${m.site}`);
    }
  }
  const unmappedCount = opt('--unmapped') !== undefined ? Number(opt('--unmapped')) : 0;
  if (unmappedCount > 0) {
    console.log(`\ncallees we have no symbol for — ${d.unmapped.length}:`);
    for (const u of d.unmapped.slice(0, unmappedCount)) console.log(`  ${u.decl}\n      at ${u.site}`);
  }
}
