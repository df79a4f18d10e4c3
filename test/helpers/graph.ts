/** Edge lists of a code graph for assertions: a node's outgoing or incoming edges, optionally of some types, in key order. */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import type { GraphEdge, RelType } from '../../lib/graph/schema.ts';

function edgesAt(graph: CodeGraph, uid: string, out: boolean, types?: RelType | readonly RelType[]): GraphEdge[] {
  if (!graph.hasNode(uid)) return [];
  const keep = types === undefined ? undefined : typeof types === 'string' ? [types] : types;
  const found: [number, GraphEdge][] = [];
  const visit = (key: string, e: GraphEdge): void => { if (!keep || keep.includes(e.type)) found.push([Number(key), e]); };
  if (out) graph.forEachOutEdge(uid, visit); else graph.forEachInEdge(uid, visit);
  return found.sort((a, b) => a[0] - b[0]).map(([, e]) => e);
}

/** Edges leaving `uid` (of `types` when given), in the order they were added. */
export function outEdgesOf(graph: CodeGraph, uid: string, types?: RelType | readonly RelType[]): GraphEdge[] { return edgesAt(graph, uid, true, types); }
/** Edges entering `uid` (of `types` when given), in the order they were added. */
export function inEdgesOf(graph: CodeGraph, uid: string, types?: RelType | readonly RelType[]): GraphEdge[] { return edgesAt(graph, uid, false, types); }
