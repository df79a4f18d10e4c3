/**
 * Presents a CodeGraph (a graphology graph) as a property graph (DESIGN.md §4-5): node labels are the node's
 * `label`; every edge is a `CodeRelation` whose `type` property is the relation type, and `[:CALLS]` is a
 * shorthand for CodeRelation edges of that type. GitNexus-style virtual properties: `n.id` = uid,
 * `n.startLine` = line. Node and relationship ids are positions in graphology's insertion order (denseGraph).
 * Indexes (CSR adjacency, per-type adjacency, label lists, property columns and indexes) are built lazily, once
 * per graph, and only for what the graph holds: a property name or relation type no node or edge has costs
 * nothing (no column over every node for `n.zzz`), and the caches of columns and indexes are bounded.
 */
import { denseGraph, type CodeGraph } from '../graph/code-graph.ts';
import { RELATIONSHIP_NAME, type GraphEdge, type GraphNode } from '../graph/schema.ts';
import { isIndexable, type AdjacencyRange, type IdList, type PropertyGraph } from './graph.ts';
import { fromHost, keyOf, type Value } from './values.ts';

interface Csr { off: Int32Array; ids: Int32Array }
interface Typed { out: Csr; in: Csr; rels: Int32Array }

const EMPTY = new Int32Array(0);

/** Node properties computed from others, for queries written against GitNexus's schema. */
const VIRTUAL_NODE_PROPS = new Map<string, (n: GraphNode) => unknown>([
  ['id', (n) => n.uid],
  ['startLine', (n) => n.line],
]);

/**
 * Most property columns (and, separately, property indexes) kept per graph. A graph has a few dozen property
 * names; columns are made only for names it has, and past this many the least recently used one is dropped.
 */
export const MAX_CACHED_COLUMNS = 48;

const cache = new WeakMap<CodeGraph, CodeGraphView>();

/** The property-graph view of a CodeGraph, cached per graph (rebuilt if the graph grew since). */
export function codeGraphView(graph: CodeGraph): CodeGraphView {
  let v = cache.get(graph);
  if (!v || v.nodeCount !== graph.order || v.relCount !== graph.size) {
    v = new CodeGraphView(graph);
    cache.set(graph, v);
  }
  return v;
}

/** A Map that keeps its `limit` most recently used entries. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly limit: number) {}
  get size(): number { return this.map.size; }
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) { this.map.delete(key); this.map.set(key, v); }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
  }
}

export class CodeGraphView implements PropertyGraph {
  readonly nodeCount: number;
  readonly relCount: number;
  private readonly nodes: readonly GraphNode[];
  private readonly edges: readonly GraphEdge[];
  private readonly position: ReadonlyMap<string, number>;
  private readonly src: Int32Array;
  private readonly tgt: Int32Array;
  private readonly allOut: Csr;
  private readonly allIn: Csr;
  private readonly allRels: Int32Array;
  private readonly byType = new Map<string, Typed>();
  private labelIdx?: Map<string, Int32Array>;
  private readonly propIdx = new Lru<string, Map<string, number[]>>(MAX_CACHED_COLUMNS);
  private readonly nodeCols = new Lru<string, Value[]>(MAX_CACHED_COLUMNS);
  private readonly relCols = new Lru<string, Value[]>(MAX_CACHED_COLUMNS);
  private nodeKeySet?: Set<string>;
  private relKeySet?: Set<string>;
  private relTypes?: Set<string>;

  constructor(graph: CodeGraph) {
    const d = denseGraph(graph);
    this.nodes = d.nodes;
    this.edges = d.edges;
    this.position = d.position;
    this.nodeCount = d.nodes.length;
    this.relCount = d.edges.length;
    this.src = d.src;
    this.tgt = d.dst;
    const m = this.relCount;
    this.allRels = new Int32Array(m);
    for (let i = 0; i < m; i++) this.allRels[i] = i;
    this.allOut = csr(this.nodeCount, this.allRels, this.src);
    this.allIn = csr(this.nodeCount, this.allRels, this.tgt);
  }

  /** Graph position of a uid (Cypher's id(n)), or undefined. */
  nodeId(uid: string): number | undefined { return this.position.get(uid); }

  private typed(type: string): Typed {
    let t = this.byType.get(type);
    if (t) return t;
    if (!this.relTypes) {
      this.relTypes = new Set();
      for (let i = 0; i < this.relCount; i++) this.relTypes.add(this.edges[i].type);
    }
    // A type no edge has gets no adjacency of its own (one per name asked for would grow without bound).
    if (!this.relTypes.has(type)) return this.noRels();
    let count = 0;
    for (let i = 0; i < this.relCount; i++) if (this.edges[i].type === type) count++;
    const rels = new Int32Array(count);
    for (let i = 0, k = 0; i < this.relCount; i++) if (this.edges[i].type === type) rels[k++] = i;
    t = { rels, out: csr(this.nodeCount, rels, this.src), in: csr(this.nodeCount, rels, this.tgt) };
    this.byType.set(type, t);
    return t;
  }

  private none?: Typed;
  private noRels(): Typed {
    if (!this.none) {
      const empty: Csr = { off: new Int32Array(this.nodeCount + 1), ids: EMPTY };
      this.none = { rels: EMPTY, out: empty, in: empty };
    }
    return this.none;
  }

  nodeExists(id: number): boolean { return id >= 0 && id < this.nodeCount; }
  nodeLabels(id: number): readonly string[] { return [this.nodes[id].label]; }
  hasLabel(id: number, label: string): boolean { return this.nodes[id].label === label; }
  primaryLabel(id: number): string { return this.nodes[id].label; }

  nodesWithLabel(label: string): IdList {
    if (!this.labelIdx) {
      const lists = new Map<string, number[]>();
      for (let i = 0; i < this.nodeCount; i++) {
        const l = this.nodes[i].label;
        let list = lists.get(l);
        if (!list) lists.set(l, (list = []));
        list.push(i);
      }
      this.labelIdx = new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)]));
    }
    return this.labelIdx.get(label) ?? EMPTY;
  }

  nodeProperty(id: number, key: string): Value {
    const n = this.nodes[id];
    // Own properties only: a key such as __proto__, constructor or toString names no property of a node.
    let v: unknown = Object.hasOwn(n, key) ? n[key] : undefined;
    if (v === undefined) { const f = VIRTUAL_NODE_PROPS.get(key); if (f) v = f(n); }
    return hostValue(v);
  }

  /** Whether some node has `key` (own or virtual): false means every node reads null. */
  private nodeHasKey(key: string): boolean {
    if (VIRTUAL_NODE_PROPS.has(key)) return true;
    if (!this.nodeKeySet) {
      const keys = new Set<string>();
      for (const n of this.nodes) for (const k in n) keys.add(k);
      this.nodeKeySet = keys;
    }
    return this.nodeKeySet.has(key);
  }

  hasPropertyKey(key: string): boolean { return this.nodeHasKey(key) || this.relHasKey(key); }

  /** Whether some edge has `key`: false means every relationship reads null. */
  private relHasKey(key: string): boolean {
    if (!this.relKeySet) {
      const keys = new Set<string>();
      for (const e of this.edges) for (const k in e) keys.add(k);
      this.relKeySet = keys;
    }
    return this.relKeySet.has(key);
  }

  /** Column of one node property (built once per key the graph has): sequential, monomorphic reads for hot loops. */
  nodeReader(key: string): (id: number) => Value {
    if (!this.nodeHasKey(key)) return readNull;
    let col = this.nodeCols.get(key);
    if (!col) {
      col = new Array<Value>(this.nodeCount);
      for (let i = 0; i < this.nodeCount; i++) col[i] = this.nodeProperty(i, key);
      this.nodeCols.set(key, col);
    }
    const c = col;
    return (id) => c[id];
  }
  relReader(key: string): (id: number) => Value {
    if (key === 'type') { const edges = this.edges; return (id) => edges[id].type; }
    if (!this.relHasKey(key)) return readNull;
    let col = this.relCols.get(key);
    if (!col) {
      col = new Array<Value>(this.relCount);
      for (let i = 0; i < this.relCount; i++) col[i] = this.relProperty(i, key);
      this.relCols.set(key, col);
    }
    const c = col;
    return (id) => c[id];
  }

  nodeKeys(id: number): string[] {
    const n = this.nodes[id];
    return Object.keys(n).filter((k) => n[k] !== undefined);
  }

  relType(): string { return RELATIONSHIP_NAME; }
  relHasType(id: number, type: string): boolean { return type === RELATIONSHIP_NAME || this.edges[id].type === type; }
  relSource(id: number): number { return this.src[id]; }
  relTarget(id: number): number { return this.tgt[id]; }
  relProperty(id: number, key: string): Value {
    const e = this.edges[id];
    if (key === 'type') return e.type;
    return hostValue(Object.hasOwn(e, key) ? e[key] : undefined);
  }
  relKeys(id: number): string[] {
    const e = this.edges[id];
    return Object.keys(e).filter((k) => e[k] !== undefined);
  }

  outRels(node: number, type?: string): IdList {
    const c = type === undefined || type === RELATIONSHIP_NAME ? this.allOut : this.typed(type).out;
    return c.ids.subarray(c.off[node], c.off[node + 1]);
  }
  inRels(node: number, type?: string): IdList {
    const c = type === undefined || type === RELATIONSHIP_NAME ? this.allIn : this.typed(type).in;
    return c.ids.subarray(c.off[node], c.off[node + 1]);
  }
  private readonly scratch: AdjacencyRange = { ids: EMPTY, start: 0, end: 0 };
  adjacencyRange(node: number, outgoing: boolean, type?: string): AdjacencyRange {
    const t = type === undefined || type === RELATIONSHIP_NAME ? undefined : this.typed(type);
    const c = outgoing ? (t ? t.out : this.allOut) : (t ? t.in : this.allIn);
    const r = this.scratch;
    r.ids = c.ids; r.start = c.off[node]; r.end = c.off[node + 1];
    return r;
  }
  relsOfType(type?: string): IdList {
    return type === undefined || type === RELATIONSHIP_NAME ? this.allRels : this.typed(type).rels;
  }

  nodesByProperty(key: string, value: Value): IdList | undefined {
    if (!isIndexable(value)) return undefined;
    if ((key === 'uid' || (key === 'id' && !this.hasOwnId())) && typeof value === 'string') {
      const id = this.position.get(value);
      return id === undefined ? EMPTY : [id];
    }
    if (!this.nodeHasKey(key)) return EMPTY;
    let idx = this.propIdx.get(key);
    if (!idx) {
      idx = new Map();
      for (let i = 0; i < this.nodeCount; i++) {
        const v = this.nodeProperty(i, key);
        if (v === null || !isIndexable(v)) continue;
        const k = keyOf(v);
        const list = idx.get(k);
        if (list) list.push(i); else idx.set(k, [i]);
      }
      this.propIdx.set(key, idx);
    }
    return idx.get(keyOf(value)) ?? EMPTY;
  }

  private ownId?: boolean;
  /** Whether some node carries its own `id` property (then n.id is not simply the uid). */
  private hasOwnId(): boolean {
    if (this.ownId === undefined) this.ownId = this.nodes.some((n) => n.id !== undefined);
    return this.ownId;
  }

  narrowRelTypes(types: readonly string[], key: string, value: Value): string[] | undefined {
    if (key !== 'type' || typeof value !== 'string') return undefined;
    if (types.length === 0 || types.includes(RELATIONSHIP_NAME)) return [value];
    return types.includes(value) ? [value] : [];
  }

  labelNames(): string[] {
    const s = new Set<string>();
    for (const n of this.nodes) s.add(n.label);
    return [...s].sort();
  }
  relTypeNames(): string[] { return this.relCount > 0 ? [RELATIONSHIP_NAME] : []; }
  propertyKeyNames(): string[] {
    const s = new Set<string>();
    for (const n of this.nodes) for (const k of Object.keys(n)) if (n[k] !== undefined) s.add(k);
    for (const e of this.edges) for (const k of Object.keys(e)) if (e[k] !== undefined) s.add(k);
    return [...s].sort();
  }

  nodeOutput(id: number): Record<string, unknown> { return { ...this.nodes[id] }; }
  relOutput(id: number): Record<string, unknown> { return { ...this.edges[id] }; }
}

/** The reader of a property no node (or edge) has. */
function readNull(): Value { return null; }

/** Host property value → Cypher value, with fast paths for the common primitive cases. */
function hostValue(v: unknown): Value {
  switch (typeof v) {
    case 'string': case 'boolean': return v;
    case 'undefined': case 'function': case 'symbol': return null;
  }
  return fromHost(v);
}

/** Compressed adjacency of `rels` grouped by `key[rel]` (source or target node), ids ascending per node. */
function csr(nodeCount: number, rels: Int32Array, key: Int32Array): Csr {
  const off = new Int32Array(nodeCount + 1);
  for (let i = 0; i < rels.length; i++) off[key[rels[i]] + 1]++;
  for (let i = 0; i < nodeCount; i++) off[i + 1] += off[i];
  const fill = off.slice(0, nodeCount);
  const ids = new Int32Array(rels.length);
  for (let i = 0; i < rels.length; i++) { const r = rels[i]; ids[fill[key[r]]++] = r; }
  return { off, ids };
}
