/**
 * Positions (in `graph.nodes`) of every edge's two ends, as typed arrays shared by module detection and flow
 * tracing, which both walk every edge; copied from what CodeGraph recorded when each edge was added (no uid lookup).
 * CodeGraph only appends nodes and edges and never changes an edge's ends (a merged duplicate keeps its
 * ends), so positions stay valid; edges added since the last call are indexed on the next one.
 */
import type { CodeGraph } from '../graph/code-graph.ts';

export interface EdgeEnds {
  /** Source and target position of edge k (−1 if a uid were unknown, which addEdge forbids). */
  src: Int32Array;
  dst: Int32Array;
}

const cache = new WeakMap<CodeGraph, EdgeEnds>();

/** The ends of every edge of `graph` as node positions, extended to edges added since the last call. */
export function edgeEnds(graph: CodeGraph): EdgeEnds {
  const edges = graph.edges;
  const m = edges.length;
  const known = cache.get(graph);
  const from = known ? known.src.length : 0;
  if (known && from === m) return known;
  const src = new Int32Array(m), dst = new Int32Array(m);
  if (known) { src.set(known.src); dst.set(known.dst); }
  // The graph records them as edges are added (the same positions nodeId gives, without the uid lookups).
  const ends = graph.edgeEndPositions();
  for (let k = from; k < m; k++) {
    src[k] = ends.src[k];
    dst[k] = ends.dst[k];
  }
  const out = { src, dst };
  cache.set(graph, out);
  return out;
}

/**
 * The ends indexed so far, without extending them to edges added since (undefined if none): for a reader
 * that needs few of the newer edges (the call index: modules append MEMBER_OF edges, never CALLS) and
 * looks those up itself.
 */
export function knownEdgeEnds(graph: CodeGraph): EdgeEnds | undefined {
  return cache.get(graph);
}
