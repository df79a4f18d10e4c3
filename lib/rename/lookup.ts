/**
 * Finds the symbol a rename request names, through the shared lookup (lib/symbols/lookup.ts). Rename adds one
 * rule: declarations the language merges (overloads, an interface and a const of the same name in one file)
 * are one symbol to rename, so a name matching only them is not ambiguous.
 */
import { CodegraphError } from '../errors.ts';
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { lookupSymbol, qualifiedNameOf } from '../symbols/lookup.ts';

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
  const sites = new Set(r.candidates.map((c) => declarationKey(graph.getNodeAttributes(c.uid))));
  if (sites.size === 1) return graph.getNodeAttributes(r.candidates[0].uid);
  throw new CodegraphError('VALIDATION_ERROR',
    `symbol_name '${q.name}' is ambiguous: ${r.candidates.length} symbols match (${r.candidates.slice(0, 5).map((c) => `${c.type} ${c.qualifiedName} in ${c.filePath}:${c.line}`).join(', ')}${r.candidates.length > 5 ? ', …' : ''}); pass symbol_uid, or file_path/kind`,
    { field: 'symbol_name', candidates: r.candidates });
}
