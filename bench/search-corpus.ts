/**
 * The rxjs 7.8.1 corpus (node_modules/rxjs/src) as a graph for the search benches and the retrieval-floor
 * test. It uses the real pipeline (buildSnapshotInMemory) when the indexer yields symbols; until the
 * indexer lands it falls back to a stand-in built with the TypeScript compiler API — symbols (functions,
 * classes, methods, properties, interfaces, type aliases, enums, module-level variables) with lines,
 * qualified names, signatures and doc first lines, the node shape of DESIGN.md §4. Search only reads those.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { CodeGraph } from '../lib/graph/code-graph.ts';
import { GraphBuilder } from '../lib/graph/builder.ts';
import { makeUid, UidAllocator, type NodeLabel } from '../lib/graph/schema.ts';
import { graphData } from '../lib/graph/code-graph.ts';

export const RXJS_SRC = fileURLToPath(new URL('../node_modules/rxjs/src/', import.meta.url));

export interface Corpus {
  graph: CodeGraph;
  readSource(p: string): string | undefined;
  /** 'indexer' (the real pipeline) or 'stand-in' (TypeScript compiler API, until the indexer lands). */
  source: 'indexer' | 'stand-in';
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.ts$/.test(name)) out.push(full);
  }
  return out;
}

/** The corpus graph, from the real indexer when it produces symbols. */
export async function rxjsCorpus(opts: { forceStandIn?: boolean } = {}): Promise<Corpus> {
  const readSource = (p: string): string | undefined => { try { return readFileSync(path.join(RXJS_SRC, p), 'utf8'); } catch { return undefined; } };
  if (!opts.forceStandIn) {
    try {
      const { buildSnapshotInMemory } = await import('../lib/analyze/index.ts');
      const snap = await buildSnapshotInMemory(RXJS_SRC, { search: false, log: () => {} });
      const symbols = graphData(snap.graph).nodes.filter((n) => ['Function', 'Class', 'Method', 'Interface'].includes(n.label)).length;
      if (symbols > 500) return { graph: snap.graph, readSource, source: 'indexer' };
    } catch { /* the pipeline is not usable yet: stand-in below */ }
  }
  return { graph: standInGraph(), readSource, source: 'stand-in' };
}

/** Symbols of rxjs/src via the TypeScript compiler API (one symbol per name per scope; overloads merged). */
export function standInGraph(): CodeGraph {
  const g = new GraphBuilder();
  const uids = new UidAllocator();
  for (const full of walk(RXJS_SRC)) {
    const rel = path.relative(RXJS_SRC, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
    const fileUid = `File:${rel}`;
    g.addNode({ uid: fileUid, label: 'File', name: path.posix.basename(rel), filePath: rel });
    const seen = new Map<string, string>();
    const add = (label: NodeLabel, name: string, qualified: string, node: ts.Node, parent: string, exported: boolean): string => {
      const key = `${label}:${qualified}`;
      const prior = seen.get(key);
      if (prior) {
        // Overloads: one symbol spanning all declarations.
        const n = g.node(prior)!;
        n.endLine = Math.max(n.endLine ?? 0, sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1);
        return prior;
      }
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const endLine = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const declText = node.getText(sf);
      const brace = declText.indexOf('{');
      const signature = (brace > 0 ? declText.slice(0, brace) : declText.split('\n')[0]).replace(/\s+/g, ' ').trim().slice(0, 200);
      const docs = (node as unknown as { jsDoc?: Array<{ comment?: unknown }> }).jsDoc;
      const comment = docs?.length ? ts.getTextOfJSDocComment(docs[0].comment as never) : undefined;
      const uid = uids.allocate(makeUid(label, rel, qualified));
      g.addNode({ uid, label, name, qualifiedName: qualified, filePath: rel, line, endLine, exported, signature, language: 'typescript', ...(comment ? { doc: comment.split('\n')[0] } : {}) });
      g.addEdge({ source: parent, target: uid, type: parent === fileUid ? 'DEFINES' : 'HAS_METHOD', confidence: 1, reason: 'structure' });
      seen.set(key, uid);
      return uid;
    };
    const isExported = (n: ts.Node): boolean => !!ts.getCombinedModifierFlags(n as ts.Declaration) && (ts.getCombinedModifierFlags(n as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
    for (const st of sf.statements) {
      const exp = isExported(st);
      if (ts.isFunctionDeclaration(st) && st.name) add('Function', st.name.text, st.name.text, st, fileUid, exp);
      else if (ts.isClassDeclaration(st) && st.name) {
        const cls = add('Class', st.name.text, st.name.text, st, fileUid, exp);
        for (const m of st.members) {
          if (!m.name || !(ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name))) continue;
          const mn = m.name.text;
          if (ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) add('Method', mn, `${st.name.text}.${mn}`, m, cls, true);
          else if (ts.isPropertyDeclaration(m)) add('Property', mn, `${st.name.text}.${mn}`, m, cls, true);
        }
      } else if (ts.isInterfaceDeclaration(st)) add('Interface', st.name.text, st.name.text, st, fileUid, exp);
      else if (ts.isTypeAliasDeclaration(st)) add('TypeAlias', st.name.text, st.name.text, st, fileUid, exp);
      else if (ts.isEnumDeclaration(st)) add('Enum', st.name.text, st.name.text, st, fileUid, exp);
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name)) continue;
          const fn = d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer));
          add(fn ? 'Function' : 'Variable', d.name.text, d.name.text, st, fileUid, exp);
        }
      }
    }
  }
  return g.toGraph();
}
