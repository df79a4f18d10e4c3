/** Breadth-first blast-radius traversal shared by `impact` and `detect_changes`. */
import type { CodeGraph } from '../graph/code-graph.ts';
import { REL_TYPES, type GraphEdge, type GraphNode, type RelType } from '../graph/schema.ts';
import { isTestFile } from './test-files.ts';

export type Direction = 'upstream' | 'downstream';

export interface TraverseOptions {
  /** upstream: who depends on the seeds (follow edges backwards); downstream: what the seeds depend on. */
  direction: Direction;
  maxDepth: number;
  relationTypes: readonly RelType[];
  /** Edges below this confidence are not followed. */
  minConfidence: number;
  /** When false, symbols in test files are neither reported nor traversed through. */
  includeTests: boolean;
}

/** A symbol reached by the traversal, at its shortest depth, with the edge that first reached it. */
export interface Reached {
  node: GraphNode;
  depth: number;
  relationType: RelType;
  confidence: number;
  /** The symbol it was reached from (one depth closer to the seeds). */
  via: string;
}

/** Relation types that mean "depends on" — the default for impact. */
export const DEPENDENCY_TYPES: readonly RelType[] = ['CALLS', 'IMPORTS', 'EXTENDS', 'IMPLEMENTS', 'REFERENCES'];

// Flows and communities are summaries, not code: they are reported separately, never walked into.
const NOT_CODE = new Set(['Community', 'Process']);
const TYPE_ORDER = new Map<string, number>(REL_TYPES.map((t, i) => [t, i]));

/**
 * Every node reachable from `seeds` within `maxDepth` hops over the allowed edges, each once at its shortest
 * depth. When several edges reach a node at that depth, the one with the highest confidence wins (then the
 * relation type in schema order, then the smaller `via` uid), so the result does not depend on edge order.
 * Work is linear in the edges of the visited nodes. (graphology-traversal's bfs follows every neighbour and
 * marks nodes, not edges: this walk filters edges by type and confidence and keeps each node's best edge, so it
 * reads graphology's edge iterators itself.)
 */
export function traverse(graph: CodeGraph, seeds: Iterable<string>, opts: TraverseOptions): Reached[] {
  const upstream = opts.direction === 'upstream';
  const types = new Set<string>(opts.relationTypes);
  const seen = new Set<string>(seeds);
  const excluded = new Set<string>();
  const out: Reached[] = [];
  let frontier = [...seen].filter((uid) => graph.hasNode(uid));
  let layer = new Map<string, Reached>();
  let depth = 0;
  let u = '';
  // One callback for every edge looked at; `u` is the frontier node whose edges are being read.
  const visit = (_key: string, e: GraphEdge, source: string, target: string, sourceNode: GraphNode, targetNode: GraphNode): void => {
    if (!types.has(e.type) || e.confidence < opts.minConfidence) return;
    const v = upstream ? source : target;
    if (seen.has(v) || excluded.has(v)) return;
    const best = layer.get(v);
    if (best) {
      if (better(e.confidence, e.type, u, best)) { best.relationType = e.type; best.confidence = e.confidence; best.via = u; }
      return;
    }
    const node = upstream ? sourceNode : targetNode;
    if (NOT_CODE.has(node.label) || (!opts.includeTests && isTestFile(node.filePath))) { excluded.add(v); return; }
    layer.set(v, { node, depth, relationType: e.type, confidence: e.confidence, via: u });
  };
  for (depth = 1; depth <= opts.maxDepth && frontier.length > 0; depth++) {
    layer = new Map<string, Reached>();
    for (u of frontier) {
      if (upstream) graph.forEachInEdge(u, visit); else graph.forEachOutEdge(u, visit);
    }
    frontier = [];
    for (const [uid, r] of layer) { seen.add(uid); out.push(r); frontier.push(uid); }
  }
  return out;
}

function better(confidence: number, type: RelType, via: string, cur: Reached): boolean {
  if (confidence !== cur.confidence) return confidence > cur.confidence;
  const a = TYPE_ORDER.get(type)!, b = TYPE_ORDER.get(cur.relationType)!;
  if (a !== b) return a < b;
  return via < cur.via;
}
