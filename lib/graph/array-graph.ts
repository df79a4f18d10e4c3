/**
 * The code graph as the analyze pipeline holds it between resolution and the write: the builder's arrays (nodes
 * and edges in insertion order, each edge's end positions, each node's entering edges), with the few reads and
 * additions of graphology's API that modules, processes, search and the writer use (GraphView, code-graph.ts).
 *
 * Why not the graphology graph itself: adding an edge to a `MultiDirectedGraph` stores it in two objects keyed
 * by uid (the source's `out`, the target's `in`), so every edge costs hidden-class transitions and property
 * dictionary growth; on a 300k-line repository building that graph, and adding the modules' MEMBER_OF edges to
 * it, was the largest single cost of a one-file analyze, for a graph the command never queries. A caller that
 * wants the graphology graph (an in-memory snapshot) makes it once at the end (toCodeGraph).
 *
 * Every iteration visits what graphology's would, in the same order, so what the passes read is the same.
 */
import type { GraphEdge, GraphNode } from './schema.ts';

/** A graph of arrays, read and extended as graphology's code graph is (see the module comment). */
export class ArrayGraph {
  /** Entering edge ids per node position, in insertion order (made on first use, kept up to date after). */
  private inIdx: (number[] | undefined)[] | undefined;
  private ends: { src: Int32Array; dst: Int32Array } | undefined;

  /**
   * Takes the arrays over (they are not copied: the caller gives them up). `src[i]` and `dst[i]` are the
   * positions in `nodes` of edge i's ends; `position` maps each node's uid to its position.
   */
  constructor(readonly nodes: GraphNode[], readonly edges: GraphEdge[], private readonly src: number[],
    private readonly dst: number[], readonly position: Map<string, number>) {}

  /** Number of nodes. */
  get order(): number { return this.nodes.length; }
  /** Number of edges. */
  get size(): number { return this.edges.length; }

  /** True when a node has this uid. */
  hasNode(uid: string): boolean { return this.position.has(uid); }

  /** The node of a uid; throws for an absent one, as graphology does. */
  getNodeAttributes(uid: string): GraphNode {
    const i = this.position.get(uid);
    if (i === undefined) throw new Error(`ArrayGraph.getNodeAttributes: could not find the "${uid}" node in the graph.`);
    return this.nodes[i];
  }

  /** Adds a node; throws if its uid is taken. */
  addNode(uid: string, attributes: GraphNode): string {
    if (this.position.has(uid)) throw new Error(`ArrayGraph.addNode: the node "${uid}" already exists in the graph.`);
    this.position.set(uid, this.nodes.length);
    this.nodes.push(attributes);
    this.inIdx?.push(undefined);
    return uid;
  }

  /** Adds an edge keyed by its position (the only keys code graphs use); its ends must be nodes of the graph. */
  addDirectedEdgeWithKey(key: string, source: string, target: string, attributes: GraphEdge): string {
    if (key !== String(this.edges.length)) throw new Error(`ArrayGraph.addDirectedEdgeWithKey: key ${key} is not the next position ${this.edges.length}`);
    const s = this.position.get(source);
    const t = this.position.get(target);
    if (s === undefined || t === undefined) throw new Error(`ArrayGraph.addDirectedEdgeWithKey: could not find the "${s === undefined ? source : target}" node in the graph.`);
    const id = this.edges.length;
    this.edges.push(attributes);
    this.src.push(s);
    this.dst.push(t);
    if (this.inIdx) { const list = this.inIdx[t]; if (list) list.push(id); else this.inIdx[t] = [id]; }
    return key;
  }

  /** Calls back with every node, in insertion order. */
  forEachNode(callback: (uid: string, attributes: GraphNode) => void): void {
    const { nodes } = this;
    for (let i = 0; i < nodes.length; i++) callback(nodes[i].uid, nodes[i]);
  }

  /** True as soon as the callback is for some node (insertion order). */
  someNode(callback: (uid: string, attributes: GraphNode) => unknown): boolean {
    const { nodes } = this;
    for (let i = 0; i < nodes.length; i++) if (callback(nodes[i].uid, nodes[i])) return true;
    return false;
  }

  /** Calls back with every edge, in insertion order. */
  forEachEdge(callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => void): void {
    const { nodes, edges, src, dst } = this;
    for (let i = 0; i < edges.length; i++) {
      const s = nodes[src[i]], t = nodes[dst[i]];
      callback(String(i), edges[i], s.uid, t.uid, s, t);
    }
  }

  /** Calls back with every edge entering `uid`, in graphology's order (inOrder). */
  forEachInEdge(uid: string, callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => void): void {
    this.someInEdge(uid, (k, e, s, t, sa, ta) => { callback(k, e, s, t, sa, ta); return false; });
  }

  /** True as soon as the callback is for some edge entering `uid` (graphology's order: inOrder). */
  someInEdge(uid: string, callback: (key: string, attributes: GraphEdge, source: string, target: string, sourceAttributes: GraphNode, targetAttributes: GraphNode) => unknown): boolean {
    const t = this.position.get(uid);
    if (t === undefined) throw new Error(`ArrayGraph.someInEdge: could not find the "${uid}" node in the graph.`);
    const ids = this.inOrder(t);
    const { nodes, edges, src } = this;
    const target = nodes[t];
    for (const id of ids) {
      const s = nodes[src[id]];
      if (callback(String(id), edges[id], s.uid, uid, s, target)) return true;
    }
    return false;
  }

  /**
   * Edge ids entering node `t` as graphology visits them: its `in` object holds one list per source, in the
   * order the sources first sent an edge, each list newest edge first (an edge is put at the head of its pair's list).
   */
  private inOrder(t: number): readonly number[] {
    const ids = this.entering()[t];
    if (!ids || ids.length < 2) return ids ?? [];
    const { src } = this;
    let repeated = false;
    const seen = new Set<number>();
    for (const id of ids) { if (seen.has(src[id])) { repeated = true; break; } seen.add(src[id]); }
    if (!repeated) return ids;
    const groups = new Map<number, number[]>();
    for (const id of ids) { const g = groups.get(src[id]); if (g) g.unshift(id); else groups.set(src[id], [id]); }
    return [...groups.values()].flat();
  }

  private entering(): (number[] | undefined)[] {
    if (this.inIdx) return this.inIdx;
    const inIdx: (number[] | undefined)[] = new Array(this.nodes.length);
    const { dst } = this;
    for (let id = 0; id < dst.length; id++) { const list = inIdx[dst[id]]; if (list) list.push(id); else inIdx[dst[id]] = [id]; }
    this.inIdx = inIdx;
    return inIdx;
  }

  /** Source and target positions of every edge as typed arrays (what graph.json stores), made once per size. */
  endPositions(): { src: Int32Array; dst: Int32Array } {
    if (this.ends?.src.length !== this.edges.length) this.ends = { src: Int32Array.from(this.src), dst: Int32Array.from(this.dst) };
    return this.ends;
  }
}
