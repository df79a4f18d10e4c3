/**
 * Finds the symbol a rename request names, through the shared lookup (lib/symbols/lookup.ts). Rename adds one
 * rule: declarations the language merges (overloads, an interface and a const of the same name in one file, a
 * module's and its stub file's) are one symbol to rename, so a name matching only them is not ambiguous.
 */
import { CodegraphError } from '../errors.ts';
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { lookupSymbol, qualifiedNameOf } from '../symbols/lookup.ts';
import { isStubFile, stubCounterparts } from '../symbols/stubs.ts';

export interface TargetQuery {
  uid?: string;
  name?: string;
  filePath?: string;
  kind?: string;
}

/**
 * Key of a declaration site: declarations merged by the language share it. A static and an instance member of
 * the same name are two symbols (`static now` and `now` in one class), so staticness is part of the key.
 */
export function declarationKey(n: GraphNode): string {
  return `${n.filePath ?? ''}\u0000${qualifiedNameOf(n)}${n.static === true ? '\u0000static' : ''}`;
}

/**
 * Resolves a query to one symbol node. Throws SYMBOL_NOT_FOUND (with close names), or VALIDATION_ERROR when the
 * name is ambiguous (details.candidates) or contradicts the uid.
 */
export function findTarget(graph: CodeGraph, q: TargetQuery): GraphNode {
  if (q.uid !== undefined) {
    const r = lookupSymbol(graph, { uid: q.uid });
    const n = (r as { node: GraphNode }).node;
    if (q.name !== undefined && q.name !== n.name && q.name !== qualifiedNameOf(n)) {
      throw new CodegraphError('VALIDATION_ERROR', `symbol_uid '${q.uid}' names '${n.name}', not '${q.name}'`,
        [{ field: 'symbol_name', message: `does not match symbol_uid (${n.name})` }]);
    }
    return n;
  }
  const r = lookupSymbol(graph, { name: q.name, filePath: q.filePath, kind: q.kind });
  if (r.status === 'found') return r.node;
  // a module's declaration and its stub's are one site too, answered by the module's (the one that runs)
  const nodes = r.candidates.map((c) => graph.getNodeAttributes(c.uid));
  const siteOf = (n: GraphNode) => [n, ...stubCounterparts(graph, n)].map(declarationKey).sort()[0];
  const sites = new Set(nodes.map(siteOf));
  if (sites.size === 1) return nodes.find((n) => !isStubFile(n)) ?? nodes[0];
  throw new CodegraphError('VALIDATION_ERROR',
    `symbol_name '${q.name}' is ambiguous: ${r.candidates.length} symbols match (${r.candidates.slice(0, 5).map((c) => `${c.type} ${c.qualifiedName} in ${c.filePath}:${c.line}`).join(', ')}${r.candidates.length > 5 ? ', …' : ''}); pass symbol_uid, or file_path/kind`,
    { field: 'symbol_name', candidates: r.candidates });
}
