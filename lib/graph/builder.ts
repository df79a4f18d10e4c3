/**
 * GraphBuilder: what the resolver adds nodes and edges to while it works, one edge per relation (a site of an
 * existing relation is merged into it). `toGraph()` turns the result into the snapshot's graphology graph
 * (code-graph.ts). The builder stays because resolution merges every call, import and reference site into its
 * edge by (source, target, type) — a lookup per site on positions here, against graphology's string-keyed
 * adjacency objects (docs/architecture.md, "Decisions").
 */
import type { GraphEdge, GraphNode, NodeLabel, RelType } from './schema.ts';
import { createCodeGraph, type CodeGraph, type CodeGraphData } from './code-graph.ts';
import { ArrayGraph } from './array-graph.ts';

const EMPTY: readonly number[] = Object.freeze([]);

/**
 * Edges are made as `{ source, target, type, confidence, reason }` literals, which V8 gives one shared hidden
 * class. Its `confidence` must hold fractions (0.9) as well as 1: when the first edges of a run all carry 1
 * (containment), V8 stores the field as a small integer, deprecates that class at the first fraction, and
 * every edge made before is migrated one by one the next time it is read (openai's SDK: 29k migrations, half
 * of them in module detection's first pass over the edges, ~4k instructions each). One such literal with a
 * fraction, made before any edge, settles the field as a number from the start. Output is unchanged (JSON
 * writes 1 for 1 either way).
 */
let edgeShapeSeed: GraphEdge | undefined;

/**
 * An edge merged with `count` more sites of the same relation: counts add up, the more confident site's reason
 * wins, the earliest line is kept.
 */
function mergeInto(e: GraphEdge, count: number, confidence: number, reason: string, line: number | undefined): GraphEdge {
  e.count = (e.count ?? 1) + count;
  if (confidence > e.confidence) { e.confidence = confidence; e.reason = reason; }
  if (line !== undefined && (e.line === undefined || line < e.line)) e.line = line;
  return e;
}

/**
 * A graph under construction: plain arrays of nodes and edges plus lookup indexes.
 * Edge ids are positions in `edges`; adding an edge that already exists (same source, target, type)
 * merges it (count summed, max confidence kept, earliest line kept) so the graph has one edge per relation.
 */
export class GraphBuilder {
  readonly nodes: GraphNode[] = [];
  readonly edges: GraphEdge[] = [];
  private readonly nodeIndex = new Map<string, number>();
  // The edge indexes are kept by node position (looked up once per addEdge), not by uid: an addEdge costs two
  // uid lookups and no key string (a `type\0source\0target` key cost an allocation, its hashing and ~100
  // bytes per edge).
  /**
   * Existing edges by their ends: source position → target position → the first edge id between them;
   * further edges between the same ends (other types) follow through `sameEnds`. The target of a source's
   * first edge (`outIdx[s][0]`) is not in the map, which is made only when a source gets a second distinct
   * target: most nodes have one (a symbol's MEMBER_OF, a type's single reference), and a Map each costs an
   * allocation the collector then keeps tracing (~15k on openai's SDK).
   */
  private readonly pairIndex: (Map<number, number> | undefined)[] = [];
  /** Edge id → the next edge id with the same source and target (−1: none). */
  private readonly sameEnds: number[] = [];
  /** Source and target node position of each edge, by edge id. */
  private readonly edgeSrc: number[] = [];
  private readonly edgeDst: number[] = [];
  /** Edge ids leaving / entering each node, by node position. */
  private readonly outIdx: (number[] | undefined)[] = [];
  private readonly inIdx: (number[] | undefined)[] = [];
  private labelIdx: Map<NodeLabel, GraphNode[]> | undefined;

  constructor() {
    edgeShapeSeed ??= { source: '', target: '', type: 'CALLS', confidence: 0.5, reason: '' };
  }

  /** A builder holding `data`'s nodes and edges, edges between the same ends and of one type merged. */
  static fromJSON(data: CodeGraphData): GraphBuilder {
    const g = new GraphBuilder();
    for (const n of data.nodes) g.addNode(n);
    for (const e of data.edges) g.addEdge(e);
    return g;
  }

  /** Serialisable view (shares the node and edge objects). */
  toJSON(): CodeGraphData {
    return { nodes: this.nodes, edges: this.edges };
  }

  /**
   * The graphology graph of what was built: the same node and edge objects (not copies), nodes in insertion
   * order keyed by uid, edges keyed by their position.
   */
  toGraph(): CodeGraph {
    const g = createCodeGraph();
    const { nodes, edges, edgeSrc, edgeDst } = this;
    for (let i = 0; i < nodes.length; i++) g.addNode(nodes[i].uid, nodes[i]);
    for (let i = 0; i < edges.length; i++) g.addDirectedEdgeWithKey(String(i), nodes[edgeSrc[i]].uid, nodes[edgeDst[i]].uid, edges[i]);
    return g;
  }

  /**
   * The graph of what was built as arrays (array-graph.ts), holding this builder's very arrays: the builder must
   * not be used afterwards.
   */
  toArrayGraph(): ArrayGraph {
    return new ArrayGraph(this.nodes, this.edges, this.edgeSrc, this.edgeDst, this.nodeIndex);
  }

  get nodeCount(): number { return this.nodes.length; }
  get edgeCount(): number { return this.edges.length; }

  /** Adds a node; throws if its uid is taken (uids must be allocated with UidAllocator). */
  addNode(node: GraphNode): GraphNode {
    if (this.nodeIndex.has(node.uid)) throw new Error(`GraphBuilder.addNode: duplicate uid ${node.uid}`);
    this.nodeIndex.set(node.uid, this.nodes.length);
    this.nodes.push(node);
    this.pairIndex.push(undefined);
    this.outIdx.push(undefined);
    this.inIdx.push(undefined);
    this.labelIdx = undefined;
    return node;
  }

  /** Adds or merges an edge; both ends must exist. Returns the stored edge. */
  addEdge(edge: GraphEdge): GraphEdge {
    const s = this.nodeIndex.get(edge.source);
    if (s === undefined) throw new Error(`GraphBuilder.addEdge: unknown source ${edge.source}`);
    const t = this.nodeIndex.get(edge.target);
    if (t === undefined) throw new Error(`GraphBuilder.addEdge: unknown target ${edge.target}`);
    return this.addEdgeAt(s, t, edge);
  }

  /**
   * addEdge for a caller that knows the positions (in `nodes`) of the edge's ends: no uid lookups. `edge.source` and
   * `edge.target` must be the uids of the nodes at `s` and `t`.
   */
  addEdgeAt(s: number, t: number, edge: GraphEdge): GraphEdge {
    const k = this.find(s, t, edge.type);
    if (k >= 0) return mergeInto(this.edges[k], edge.count ?? 1, edge.confidence, edge.reason, edge.line);
    const id = this.edges.length;
    this.edges.push(edge);
    this.edgeSrc.push(s);
    this.edgeDst.push(t);
    this.sameEnds.push(-1);
    // find() left the last edge between s and t (of other types) in `this.lastSameEnds`
    const last = this.lastSameEnds;
    const out = this.outIdx[s];
    if (last >= 0) this.sameEnds[last] = id;
    else if (out) { // a second distinct target (the first one is found through outIdx)
      let targets = this.pairIndex[s];
      if (!targets) this.pairIndex[s] = targets = new Map();
      targets.set(t, id);
    }
    if (out) out.push(id); else this.outIdx[s] = [id];
    const inn = this.inIdx[t];
    if (inn) inn.push(id); else this.inIdx[t] = [id];
    return edge;
  }

  /**
   * Merges one more site into the edge of `type` from position `s` to `t`, as addEdgeAt merges an edge with count 1,
   * that confidence, reason and line; returns that edge, or undefined (and changes nothing) when there is none — so a
   * caller builds an edge object only for a new edge.
   */
  mergeSiteAt(s: number, t: number, type: RelType, confidence: number, reason: string, line: number | undefined): GraphEdge | undefined {
    const k = this.find(s, t, type);
    return k < 0 ? undefined : mergeInto(this.edges[k], 1, confidence, reason, line);
  }

  /** The edge of `type` from position `s` to `t`, if any. */
  edgeAt(s: number, t: number, type: RelType): GraphEdge | undefined {
    const k = this.find(s, t, type);
    return k < 0 ? undefined : this.edges[k];
  }

  /** Id of the edge of `type` from position s to t, or −1 (then `lastSameEnds` is the last edge between them, or −1). */
  private find(s: number, t: number, type: RelType): number {
    const out = this.outIdx[s];
    const first = out === undefined ? undefined : this.edgeDst[out[0]] === t ? out[0] : this.pairIndex[s]?.get(t);
    let last = -1;
    for (let k = first ?? -1; k >= 0; k = this.sameEnds[k]) {
      if (this.edges[k].type === type) return k;
      last = k;
    }
    this.lastSameEnds = last;
    return -1;
  }

  /** See find. */
  private lastSameEnds = -1;

  /** Node by uid. */
  node(uid: string): GraphNode | undefined {
    const i = this.nodeIndex.get(uid);
    return i === undefined ? undefined : this.nodes[i];
  }

  hasNode(uid: string): boolean { return this.nodeIndex.has(uid); }

  /** Position of a node in `nodes` (a stable integer id for Cypher's `id()`). */
  nodeId(uid: string): number | undefined { return this.nodeIndex.get(uid); }

  /**
   * Positions (in `nodes`) of edge `id`'s source and target, for every edge: what a pass over all edges needs
   * instead of two uid lookups per edge. Read-only views, valid until the next addEdge.
   */
  edgeEndPositions(): { src: readonly number[]; dst: readonly number[] } {
    return { src: this.edgeSrc, dst: this.edgeDst };
  }

  /** Edge ids leaving `uid`. */
  outEdgeIds(uid: string): readonly number[] {
    const i = this.nodeIndex.get(uid);
    return (i === undefined ? undefined : this.outIdx[i]) ?? EMPTY;
  }
  /** Edge ids entering `uid`. */
  inEdgeIds(uid: string): readonly number[] {
    const i = this.nodeIndex.get(uid);
    return (i === undefined ? undefined : this.inIdx[i]) ?? EMPTY;
  }

  /** Edge ids leaving the node at position `pos`. */
  outEdgeIdsAt(pos: number): readonly number[] { return this.outIdx[pos] ?? EMPTY; }

  /** Edges leaving `uid`, optionally of one or several types. */
  outEdges(uid: string, types?: RelType | readonly RelType[]): GraphEdge[] {
    return this.pick(this.outEdgeIds(uid), types);
  }
  /** Edges entering `uid`, optionally of one or several types. */
  inEdges(uid: string, types?: RelType | readonly RelType[]): GraphEdge[] {
    return this.pick(this.inEdgeIds(uid), types);
  }

  /** All nodes with a label, in insertion order. */
  byLabel(label: NodeLabel): readonly GraphNode[] {
    if (!this.labelIdx) {
      this.labelIdx = new Map();
      for (const n of this.nodes) {
        let list = this.labelIdx.get(n.label);
        if (!list) this.labelIdx.set(n.label, (list = []));
        list.push(n);
      }
    }
    return this.labelIdx.get(label) ?? [];
  }

  private pick(ids: readonly number[], types?: RelType | readonly RelType[]): GraphEdge[] {
    const out: GraphEdge[] = [];
    if (types === undefined) { for (const id of ids) out.push(this.edges[id]); return out; }
    if (typeof types === 'string') {
      for (const id of ids) { const e = this.edges[id]; if (e.type === types) out.push(e); }
      return out;
    }
    for (const id of ids) { const e = this.edges[id]; if (types.includes(e.type)) out.push(e); }
    return out;
  }
}
