/**
 * A module and its stub file (a language's `stubOf`: Python's `m.pyi` beside `m.py`) declare one module: a qualified
 * name declared in both is one symbol, whose declarations the tools take together (rename renames both, `context`
 * and `impact` of either reach the other's callers). Which files pair up is the language's rule; this only applies it.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { rulesOf } from '../lang/index.ts';
import { byFileLine, qualifiedNameOf, symbolsNamed } from './lookup.ts';

/** The module file a declaration's file stands for: the stubbed module of a stub file, else the file itself. */
function moduleFileOf(n: GraphNode): string | undefined {
  const file = n.filePath;
  if (!file) return undefined;
  return rulesOf(n.language)?.stubOf?.(file) ?? file;
}

/** True when the declaration is in a stub file (its language's `stubOf` names a module for its file). */
export function isStubFile(n: GraphNode): boolean {
  return n.filePath !== undefined && moduleFileOf(n) !== n.filePath;
}

/** Every declaration of `node`'s qualified name (and staticness) in its module and the module's stub, itself included. */
function moduleDeclarations(graph: CodeGraph, node: GraphNode): GraphNode[] {
  const module = moduleFileOf(node);
  const q = qualifiedNameOf(node);
  const isStatic = node.static === true;
  return symbolsNamed(graph, node.name).filter((n) => n.language === node.language && moduleFileOf(n) === module
    && qualifiedNameOf(n) === q && (n.static === true) === isStatic);
}

/**
 * The declarations of `node`'s qualified name (and staticness) in the other file of its module/stub pair, in file/line
 * order; empty when its language has no stub files or the other file declares no such name.
 */
export function stubCounterparts(graph: CodeGraph, node: GraphNode): GraphNode[] {
  if (!rulesOf(node.language)?.stubOf || !node.filePath) return [];
  return moduleDeclarations(graph, node).filter((n) => n.filePath !== node.filePath).sort(byFileLine);
}

/**
 * The declarations a tool answers about together with `node`, when its module's stub (or the module of its stub)
 * declares it too: `node` first, then the others of both files in file/line order; undefined when it stands alone.
 */
export function stubSetOf(graph: CodeGraph, node: GraphNode): GraphNode[] | undefined {
  if (!stubCounterparts(graph, node).length) return undefined;
  return [node, ...moduleDeclarations(graph, node).filter((n) => n.uid !== node.uid).sort(byFileLine)];
}

/**
 * The candidates of an ambiguous lookup as one symbol declared in a module and its stub (see stubSetOf), the
 * module's first declaration first; undefined when they are not one.
 */
export function stubSetAmong(graph: CodeGraph, candidates: readonly GraphNode[]): GraphNode[] | undefined {
  const sorted = [...candidates].sort(byFileLine);
  const first = sorted.find((n) => !isStubFile(n)) ?? sorted[0];
  if (!first) return undefined;
  const set = stubSetOf(graph, first);
  return set && candidates.every((c) => set.some((n) => n.uid === c.uid)) ? set : undefined;
}
