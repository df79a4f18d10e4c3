/**
 * OVERRIDES edges vs the TypeScript checker on the pinned TypeScript corpora (bench/callgraph-corpora.ts). For every
 * method (or accessor) of a class or interface, the checker's answer in two readings (see `property` and `paths`
 * below), each pair a project method. Those pairs against ours (OVERRIDES edges whose source is a class's or interface's method; object literals typed by an
 * interface are contextual typing, no heritage clause, and are counted apart) give precision and recall.
 *
 *   node --import tsx bench/overrides-diff.ts [corpus ...] [--folder <path>] [--verbose]
 *
 * `--folder` measures a folder of TypeScript sources instead (the default compiler settings).
 */
import path from 'node:path';
import ts from 'typescript';
import { readCorpus } from './parse-baseline.ts';
import { CORPORA, corpus } from './callgraph-corpora.ts';
import { graphData, nodeOf } from '../lib/graph/code-graph.ts';
import { resolveProject } from '../lib/resolve/index.ts';
import { extractFile, languageOf, loadProjectConfig } from '../lib/lang/index.ts';

interface OverridesDiff {
  files: number;
  methods: number;
  checker: number;
  ours: number;
  common: number;
  literals: number;
  unmapped: number;
  missed: string[];
  extra: string[];
}

function overridesDiff(root: string, compilerOptions: ts.CompilerOptions, mode: 'property' | 'paths'): OverridesDiff {
  const files = readCorpus(root).filter((f) => /\.(ts|tsx|mts|cts)$/.test(f.path) && !f.path.endsWith('.d.ts'));
  const facts = files.map((f) => extractFile(f.path, f.text, languageOf(f.path)!));
  const texts = new Map(files.map((f) => [f.path, f.text]));
  const result = resolveProject(facts, loadProjectConfig(files.map((f) => f.path), (rel) => texts.get(rel)));
  const graph = result.graph;

  const ours = new Set<string>();
  let literals = 0;
  for (const e of graphData(graph).edges) {
    if (e.type !== 'OVERRIDES') continue;
    let owner: string | undefined;
    graph.forEachInEdge(e.source, (_k, x, s) => { if (x.type === 'HAS_METHOD') owner ??= s; });
    const label = owner ? nodeOf(graph, owner)?.label : undefined;
    if (label !== 'Class' && label !== 'Interface') { literals++; continue; }
    ours.add(`${e.source} -> ${e.target}`);
  }

  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts'], strict: true, noEmit: true, skipLibCheck: true, types: [], ...compilerOptions,
  };
  const program = ts.createProgram(files.map((f) => path.resolve(root, f.path)), options);
  const checker = program.getTypeChecker();
  const fileSet = new Set(files.map((f) => f.path));
  const rel = (sf: ts.SourceFile): string | undefined => {
    const p = path.relative(root, sf.fileName).split(path.sep).join('/');
    return p.startsWith('..') || !fileSet.has(p) ? undefined : p;
  };
  // our symbols by the position of their declaring name
  const defs = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'definition') defs.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  const uidOf = (d: ts.Declaration): string | undefined => {
    const name = ts.getNameOfDeclaration(d);
    const sf = d.getSourceFile();
    const p = rel(sf);
    if (!name || !p) return undefined;
    const lc = sf.getLineAndCharacterOfPosition(name.getStart(sf));
    return defs.get(`${p}:${lc.line + 1}:${lc.character + 1}`);
  };
  // a class field holding a function is a method to the graph (`field_function`), as to a reader
  // (accessors too: the graph's getters and setters are methods, kind `getter`/`setter`)
  const isMethod = (d: ts.Declaration): boolean => ts.isMethodDeclaration(d) || ts.isMethodSignature(d) || ts.isGetAccessor(d) || ts.isSetAccessor(d)
    || (ts.isPropertyDeclaration(d) && !!d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)));
  const isStatic = (d: ts.Declaration): boolean => !!ts.getCombinedModifierFlags(d) && (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Static) !== 0;

  // Two readings of "the methods it overrides": `property`, the member each base type has by the checker's own lookup
  // (getPropertyOfType: a class's members come from its class chain, so an interface a base class implements is
  // not reached past a base-class method); `paths`, the nearest declaration on every heritage path, interfaces a
  // base class implements included (what the graph's walk does, each step resolved by the checker here).
  const property = new Set<string>();
  const paths = new Set<string>();
  let methods = 0;
  let unmapped = 0;
  type Decl = ts.ClassLikeDeclaration | ts.InterfaceDeclaration;
  const heritageOf = (n: Decl): Array<{ t: ts.ExpressionWithTypeArguments; extendsClass: boolean }> =>
    (n.heritageClauses ?? []).flatMap((c) => c.types.map((t) => ({ t, extendsClass: c.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(n) })));
  const declsOf = (t: ts.ExpressionWithTypeArguments): Decl[] => {
    let sym = checker.getSymbolAtLocation(t.expression);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return (sym?.declarations ?? []).filter((d): d is Decl => ts.isClassLike(d) || ts.isInterfaceDeclaration(d));
  };
  const own = (d: Decl, name: string, st: boolean): ts.Declaration[] =>
    (d.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>).filter((m) => isMethod(m) && !!m.name && !ts.isComputedPropertyName(m.name) && m.name.getText(m.getSourceFile()) === name && isStatic(m) === st);
  const walkPaths = (n: Decl, name: string, st: boolean, seen: Set<Decl>, out: ts.Declaration[]): void => {
    for (const { t, extendsClass } of heritageOf(n)) {
      if (st && !extendsClass) continue;
      for (const d of declsOf(t)) {
        if (seen.has(d)) continue;
        seen.add(d);
        const hits = own(d, name, st);
        if (hits.length) out.push(...hits); else walkPaths(d, name, st, seen, out);
      }
    }
  };
  for (const sf of program.getSourceFiles()) {
    if (!rel(sf)) continue;
    const visit = (n: ts.Node): void => {
      if ((ts.isClassLike(n) || ts.isInterfaceDeclaration(n)) && n.heritageClauses) {
        const bases = heritageOf(n);
        for (const m of n.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>) {
          if (!isMethod(m) || !m.name || ts.isPrivateIdentifier(m.name) || ts.isComputedPropertyName(m.name)) continue;
          const name = m.name.getText(sf);
          const source = uidOf(m);
          methods++;
          if (!source) { unmapped++; continue; }
          const st = isStatic(m);
          for (const { t, extendsClass } of bases) {
            if (st && !extendsClass) continue;
            const type = st ? checker.getTypeAtLocation(t.expression) : checker.getTypeAtLocation(t);
            const prop = type.getProperty(name);
            for (const d of prop?.declarations ?? []) {
              if (!isMethod(d) || isStatic(d) !== st) continue;
              const target = uidOf(d);
              if (target && target !== source) property.add(`${source} -> ${target}`);
            }
          }
          const found: ts.Declaration[] = [];
          walkPaths(n, name, st, new Set([n]), found);
          for (const d of found) {
            const target = uidOf(d);
            if (target && target !== source) paths.add(`${source} -> ${target}`);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  const theirs = mode === 'property' ? property : paths;
  let common = 0;
  for (const k of ours) if (theirs.has(k)) common++;
  return {
    files: files.length, methods, checker: theirs.size, ours: ours.size, common, literals, unmapped,
    missed: [...theirs].filter((k) => !ours.has(k)).sort(), extra: [...ours].filter((k) => !theirs.has(k)).sort(),
  };
}

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const folderAt = args.indexOf('--folder');
const folder = folderAt >= 0 ? path.resolve(args[folderAt + 1]) : undefined;
const names = args.filter((a, i) => !a.startsWith('--') && i !== folderAt + 1);
const chosen = folder ? [folder] : names.length ? names : Object.keys(CORPORA).filter((n) => n !== 'three');
let tc = 0, to = 0, tm = 0;
for (const name of chosen) {
  const c = folder ? { root: folder, compilerOptions: {} } : corpus(name);
  for (const mode of ['paths', 'property'] as const) {
  const d = overridesDiff(c.root, c.compilerOptions, mode);
  if (mode === 'paths') { tc += d.common; to += d.ours; tm += d.checker; }
  const p = d.ours ? d.common / d.ours : 1, r = d.checker ? d.common / d.checker : 1;
  console.log(`${path.basename(name).padEnd(18)} ${mode.padEnd(8)} files ${String(d.files).padStart(4)}  methods ${String(d.methods).padStart(5)}  checker ${String(d.checker).padStart(4)}  ours ${String(d.ours).padStart(4)}  common ${String(d.common).padStart(4)}  precision ${p.toFixed(4)}  recall ${r.toFixed(4)}  (object-literal edges ${d.literals}, unmapped methods ${d.unmapped})`);
  if (verbose || d.missed.length + d.extra.length <= 20) {
    for (const m of d.missed.slice(0, 30)) console.log(`   - ${m}`);
    for (const e of d.extra.slice(0, 30)) console.log(`   + ${e}`);
  }
  }
}
console.log(`all (paths): precision ${(to ? tc / to : 1).toFixed(4)}  recall ${(tm ? tc / tm : 1).toFixed(4)}  (${tc} common of ours ${to}, checker ${tm})`);
