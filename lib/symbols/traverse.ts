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
export const DEPENDENCY_TYPES: readonly RelType[] = ['CALLS', 'IMPORTS', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'REFERENCES'];

// Flows and communities are summaries, not code: they are reported separately, never walked into.
const NOT_CODE = new Set(['Community', 'Process']);
const TYPE_ORDER = new Map<string, number>(REL_TYPES.map((t, i) => [t, i]));

/**
 * How a node was reached, which decides the OVERRIDES edges it may follow on (docs/tools.md, "impact"):
 * NORMAL (a seed, or reached by any other relation) follows them both ways; UP (a method reached from one that
 * overrides it: a call to it may run the override) only on up to what it overrides; DOWN (an override reached from
 * the method it overrides: it must keep that method's contract) only on down to its own overrides. So the impact of
 * an override reaches the callers of what it overrides, and that of an abstract method reaches its implementations
 * and their own callers, never the sibling implementations of a base or the other bases of an implementation.
 */
const NORMAL = 0, UP = 1, DOWN = 2;

/**
 * Every node reachable from `seeds` within `maxDepth` hops over the allowed edges, each once at its shortest
 * depth. When several edges reach a node at that depth, the one with the highest confidence wins (then the
 * relation type in schema order, then the smaller `via` uid), so the result does not depend on edge order.
 * OVERRIDES edges are walked by the rule above (a node may be walked on in more than one way; it is reported once).
 * Work is linear in the edges of the visited nodes. (graphology-traversal's bfs follows every neighbour and
 * marks nodes, not edges: this walk filters edges by type and confidence and keeps each node's best edge, so it
 * reads graphology's edge iterators itself.)
 */
export function traverse(graph: CodeGraph, seeds: Iterable<string>, opts: TraverseOptions): Reached[] {
  const upstream = opts.direction === 'upstream';
  const types = new Set<string>(opts.relationTypes);
  const overrides = types.has('OVERRIDES');
  types.delete('OVERRIDES');
  const reported = new Set<string>(seeds);
  // walked states: uid + mode (a node reached as UP may be walked again when reached as NORMAL)
  const walked = [new Set<string>(reported), new Set<string>(), new Set<string>()];
  const excluded = new Set<string>();
  const out: Reached[] = [];
  let frontier: Array<[string, number]> = [...reported].filter((uid) => graph.hasNode(uid)).map((uid) => [uid, NORMAL]);
  let layer = new Map<string, Reached>();
  let next: Array<[string, number]> = [];
  let depth = 0;
  let u = '';
  const reach = (v: string, node: GraphNode, mode: number, type: RelType, confidence: number): void => {
    if (excluded.has(v)) return;
    if (!reported.has(v)) {
      const best = layer.get(v);
      if (best) {
        if (better(confidence, type, u, best)) { best.relationType = type; best.confidence = confidence; best.via = u; }
      } else {
        if (NOT_CODE.has(node.label) || (!opts.includeTests && isTestFile(node.filePath))) { excluded.add(v); return; }
        layer.set(v, { node, depth, relationType: type, confidence, via: u });
      }
    }
    if (walked[mode].has(v)) return;
    walked[mode].add(v);
    next.push([v, mode]);
  };
  // One callback for every edge looked at; `u` is the frontier node whose edges are being read.
  const visit = (_key: string, e: GraphEdge, source: string, target: string, sourceNode: GraphNode, targetNode: GraphNode): void => {
    if (!types.has(e.type) || e.confidence < opts.minConfidence) return;
    if (upstream) reach(source, sourceNode, NORMAL, e.type, e.confidence); else reach(target, targetNode, NORMAL, e.type, e.confidence);
  };
  let mode = NORMAL;
  const overrideOut = (_key: string, e: GraphEdge, _s: string, target: string, _sn: GraphNode, targetNode: GraphNode): void => {
    if (e.type === 'OVERRIDES' && e.confidence >= opts.minConfidence && mode !== DOWN) reach(target, targetNode, UP, e.type, e.confidence);
  };
  const overrideIn = (_key: string, e: GraphEdge, source: string, _t: string, sourceNode: GraphNode): void => {
    if (e.type === 'OVERRIDES' && e.confidence >= opts.minConfidence && mode !== UP) reach(source, sourceNode, DOWN, e.type, e.confidence);
  };
  for (depth = 1; depth <= opts.maxDepth && frontier.length > 0; depth++) {
    layer = new Map<string, Reached>();
    next = [];
    for ([u, mode] of frontier) {
      if (upstream) graph.forEachInEdge(u, visit); else graph.forEachOutEdge(u, visit);
      if (overrides) { graph.forEachOutEdge(u, overrideOut); graph.forEachInEdge(u, overrideIn); }
    }
    frontier = next;
    for (const [uid, r] of layer) { reported.add(uid); out.push(r); }
  }
  return out;
}

function better(confidence: number, type: RelType, via: string, cur: Reached): boolean {
  if (confidence !== cur.confidence) return confidence > cur.confidence;
  const a = TYPE_ORDER.get(type)!, b = TYPE_ORDER.get(cur.relationType)!;
  if (a !== b) return a < b;
  return via < cur.via;
}
