/**
 * The in-memory code graph of a snapshot: a graphology `MultiDirectedGraph` (DESIGN.md §2) whose node keys are
 * uids and whose node and edge attributes are the records of the schema (`GraphNode`, `GraphEdge`, DESIGN.md §4).
 * Edge keys are the edges' positions in insertion order, as strings: deterministic, the order graph.json stores
 * them in, and what Cypher's `id(r)` reports. Everything that reads a snapshot goes through graphology's API
 * (or through `denseGraph`, positional arrays built through it once per graph), so a user of the bundled handlers
 * can run graphology's own algorithms on `snapshot.graph` and hand slices of it to sigma.js.
 */
import { MultiDirectedGraph } from 'graphology';
import type { GraphEdge, GraphNode } from './schema.ts';
import { ArrayGraph } from './array-graph.ts';

/**
 * The code graph: multi (a CALLS and a REFERENCES edge may join the same two symbols), directed, typed. Its
 * `addNode` is typed to take the uid first: graphology turns any key into a string, and a node record passed
 * alone would become the node `[object Object]`.
 */
export type CodeGraph = Omit<MultiDirectedGraph<GraphNode, GraphEdge>, 'addNode'> & {
  addNode(uid: string, attributes: GraphNode): string;
};

/**
 * What the analyze passes (modules, processes, search, the writer) read and add of a code graph: a subset of
 * graphology's API that both the graphology graph and the pipeline's ArrayGraph (array-graph.ts) answer, in the
 * same order.
 */
export interface GraphView {
  readonly order: number;
  readonly size: number;
  hasNode(uid: string): boolean;
  getNodeAttributes(uid: string): GraphNode;
  addNode(uid: string, attributes: GraphNode): string;
  addDirectedEdgeWithKey(key: string, source: string, target: string, attributes: GraphEdge): string;
  forEachNode(callback: (uid: string, attributes: GraphNode) => void): void;
  someNode(callback: (uid: string, attributes: GraphNode) => boolean): boolean;
  forEachEdge(callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => void): void;
  forEachInEdge(uid: string, callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => void): void;
  someInEdge(uid: string, callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => boolean): boolean;
}

/** The graphology code graph of a view: the view itself when it is one, else one made from its arrays. */
export function toCodeGraph(view: GraphView): CodeGraph {
  if (!(view instanceof ArrayGraph)) return view as CodeGraph;
  return codeGraphFromData({ nodes: view.nodes, edges: view.edges }, view.endPositions());
}

/** Serialised form of a code graph: nodes and edges in insertion order. */
export interface CodeGraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Edge end positions (in `CodeGraphData.nodes`) of every edge, as graph.json stores them. */
export interface EdgeEndPositions {
  src: ArrayLike<number>;
  dst: ArrayLike<number>;
}

/** An empty code graph. */
export function createCodeGraph(): CodeGraph {
  return new MultiDirectedGraph<GraphNode, GraphEdge>({ allowSelfLoops: true }) as CodeGraph;
}

/**
 * The graph of serialised data, holding its very node and edge objects. `ends`, when given, are the positions
 * of each edge's source and target in `data.nodes` (what graph.json stores): no uid is read from the edges.
 * Edges are taken as they are (one per relation, as the builder made them).
 */
export function codeGraphFromData(data: CodeGraphData, ends?: EdgeEndPositions): CodeGraph {
  const g = createCodeGraph();
  const { nodes, edges } = data;
  for (let i = 0; i < nodes.length; i++) g.addNode(nodes[i].uid, nodes[i]);
  if (ends) for (let i = 0; i < edges.length; i++) g.addDirectedEdgeWithKey(String(i), nodes[ends.src[i]].uid, nodes[ends.dst[i]].uid, edges[i]);
  else for (let i = 0; i < edges.length; i++) g.addDirectedEdgeWithKey(String(i), edges[i].source, edges[i].target, edges[i]);
  return g;
}

/** The node of a uid, or undefined (graphology's getNodeAttributes throws for an absent node). */
export function nodeOf(graph: CodeGraph, uid: string): GraphNode | undefined {
  return graph.hasNode(uid) ? graph.getNodeAttributes(uid) : undefined;
}

/** Adds an edge (its ends must be nodes of the graph), keyed by its position; returns the key. */
export function addCodeEdge(graph: GraphView, edge: GraphEdge): string {
  return graph.addDirectedEdgeWithKey(String(graph.size), edge.source, edge.target, edge);
}

/**
 * Positional arrays of a graph, for the passes that want integers and typed arrays (Cypher's adjacency,
 * community detection's ties): nodes and edges in insertion order, each node's position by uid, and the
 * source and target position of every edge. Built through graphology's iteration once per graph and extended
 * when nodes or edges were added since (code graphs only grow); read-only for callers.
 */
export interface DenseGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly position: ReadonlyMap<string, number>;
  readonly src: Int32Array;
  readonly dst: Int32Array;
}

interface DenseState {
  nodes: GraphNode[];
  edges: GraphEdge[];
  position: Map<string, number>;
  src: Int32Array;
  dst: Int32Array;
}

const dense = new WeakMap<GraphView, DenseState>();

/** The positional arrays of `graph` (see DenseGraph). */
export function denseGraph(graph: GraphView): DenseGraph {
  if (graph instanceof ArrayGraph) return { nodes: graph.nodes, edges: graph.edges, position: graph.position, ...graph.endPositions() };
  let d = dense.get(graph);
  if (d && d.nodes.length === graph.order && d.edges.length === graph.size) return d;
  // Something was dropped (a user's graph, never a snapshot's): start over.
  if (d && (d.nodes.length > graph.order || d.edges.length > graph.size)) d = undefined;
  if (!d) {
    d = { nodes: [], edges: [], position: new Map(), src: new Int32Array(0), dst: new Int32Array(0) };
    dense.set(graph, d);
  }
  const state = d;
  const { nodes, edges, position } = state;
  if (nodes.length !== graph.order) {
    // Graphology iterates in insertion order: the nodes already listed come first and are skipped.
    let i = 0;
    const known = nodes.length;
    graph.forEachNode((uid, n) => {
      if (i++ < known) return;
      position.set(uid, nodes.length);
      nodes.push(n);
    });
  }
  if (edges.length !== graph.size) {
    const known = edges.length;
    const src = new Int32Array(graph.size), dst = new Int32Array(graph.size);
    src.set(state.src.subarray(0, known));
    dst.set(state.dst.subarray(0, known));
    let i = 0;
    graph.forEachEdge((_key, e, source, target) => {
      if (i < known) { i++; return; }
      src[i] = position.get(source)!;
      dst[i] = position.get(target)!;
      edges.push(e);
      i++;
    });
    state.src = src;
    state.dst = dst;
  }
  return state;
}

/** The graph's nodes and edges as arrays in insertion order (the records themselves, not copies). */
export function graphData(graph: GraphView): CodeGraphData {
  const d = denseGraph(graph);
  return { nodes: d.nodes as GraphNode[], edges: d.edges as GraphEdge[] };
}

/** Nodes with one label, in insertion order. */
export function nodesWithLabel(graph: GraphView, label: GraphNode['label']): GraphNode[] {
  const out: GraphNode[] = [];
  graph.forEachNode((_uid, n) => { if (n.label === label) out.push(n); });
  return out;
}
