/**
 * The abstract property graph the engine runs over. Nodes and relationships are dense integer ids; the
 * engine never sees the storage. Two implementations: the CodeGraph adapter (production) and MemoryGraph
 * (a generic multi-label graph with arbitrary relationship types, used by the openCypher TCK runner).
 */
import { CFloat, jsonValue, keyOf, type Value } from './values.ts';

/** A list of ids (plain array or typed-array view). */
export type IdList = ArrayLike<number>;

export interface AdjacencyRange { ids: IdList; start: number; end: number }

export interface PropertyGraph {
  /** Node ids are 0 .. nodeCount-1. */
  readonly nodeCount: number;
  /** Relationship ids are 0 .. relCount-1. */
  readonly relCount: number;
  /** False for ids of deleted nodes (test graphs only). */
  nodeExists(id: number): boolean;
  nodeLabels(id: number): readonly string[];
  hasLabel(id: number, label: string): boolean;
  /** Nodes carrying `label`, ascending. */
  nodesWithLabel(label: string): IdList;
  /** Property value, or null when absent. */
  nodeProperty(id: number, key: string): Value;
  nodeKeys(id: number): string[];
  /** The relationship's type as `type(r)` reports it. */
  relType(id: number): string;
  /** Whether `[:T]` matches the relationship (a graph may treat some names as shorthands). */
  relHasType(id: number, type: string): boolean;
  relSource(id: number): number;
  relTarget(id: number): number;
  relProperty(id: number, key: string): Value;
  relKeys(id: number): string[];
  /** Relationships leaving `node`, optionally only those `[:type]` matches. */
  outRels(node: number, type?: string): IdList;
  /** Relationships entering `node`, optionally only those `[:type]` matches. */
  inRels(node: number, type?: string): IdList;
  /**
   * Allocation-free form of outRels/inRels for hot loops: the relationships are ids[start..end). The returned
   * object is reused by the next call, so read its fields at once.
   */
  adjacencyRange?(node: number, outgoing: boolean, type?: string): AdjacencyRange;
  /** All relationships `[:type]` matches (all when type is undefined). */
  relsOfType(type?: string): IdList;
  /**
   * Nodes whose property `key` equals `value` (Cypher equality), from a lazily built index; undefined when the
   * value is not indexable (only strings, numbers and booleans are).
   */
  nodesByProperty(key: string, value: Value): IdList | undefined;
  /**
   * Given that a relationship must have property `key` equal to `value`, the relationship types to expand
   * instead of `types` (CodeGraph: `{type: 'CALLS'}` narrows CodeRelation to CALLS); undefined = no narrowing.
   */
  narrowRelTypes?(types: readonly string[], key: string, value: Value): string[] | undefined;
  /**
   * Optional fast readers for one property key (hot loops read `n.name` for every row): the result must equal
   * nodeProperty(id, key) / relProperty(id, key). CodeGraphView serves them from lazily built columns.
   */
  nodeReader?(key: string): (id: number) => Value;
  relReader?(key: string): (id: number) => Value;
  /**
   * Whether some node or relationship has property `key` (own, or virtual such as `n.id`): false means `x.key`
   * reads null on every one of them, so a query that reads it can be told (a misspelt or foreign key).
   */
  hasPropertyKey?(key: string): boolean;
  /** Schema listings for db.labels(), db.relationshipTypes(), db.propertyKeys(). */
  labelNames(): string[];
  relTypeNames(): string[];
  propertyKeyNames(): string[];
  /** JSON shape of a node / relationship in responses. */
  nodeOutput(id: number): Record<string, unknown>;
  relOutput(id: number): Record<string, unknown>;
  /** Node-property name aliases for output-facing functions such as label(n). */
  primaryLabel?(id: number): string | null;
}

/** A property graph that can grow (the TCK's CREATE loader). */
export interface MutableGraph extends PropertyGraph {
  createNode(labels: readonly string[], props: ReadonlyMap<string, Value>): number;
  createRel(type: string, source: number, target: number, props: ReadonlyMap<string, Value>): number;
  deleteRel(id: number): void;
  deleteNode(id: number): void;
}

interface MNode { labels: string[]; props: Map<string, Value>; out: number[]; in: number[]; live: boolean }
interface MRel { type: string; source: number; target: number; props: Map<string, Value>; live: boolean }

/** A generic in-memory property graph (multi-label nodes, any relationship types). */
export class MemoryGraph implements MutableGraph {
  private readonly nodes: MNode[] = [];
  private readonly rels: MRel[] = [];

  get nodeCount(): number { return this.nodes.length; }
  get relCount(): number { return this.rels.length; }

  createNode(labels: readonly string[], props: ReadonlyMap<string, Value>): number {
    const clean = new Map<string, Value>();
    for (const [k, v] of props) if (v !== null) clean.set(k, v);
    this.nodes.push({ labels: [...new Set(labels)], props: clean, out: [], in: [], live: true });
    return this.nodes.length - 1;
  }
  createRel(type: string, source: number, target: number, props: ReadonlyMap<string, Value>): number {
    const clean = new Map<string, Value>();
    for (const [k, v] of props) if (v !== null) clean.set(k, v);
    const id = this.rels.length;
    this.rels.push({ type, source, target, props: clean, live: true });
    this.nodes[source].out.push(id);
    this.nodes[target].in.push(id);
    return id;
  }
  deleteRel(id: number): void {
    const r = this.rels[id];
    if (!r.live) return;
    r.live = false;
    const s = this.nodes[r.source], t = this.nodes[r.target];
    s.out = s.out.filter((x) => x !== id);
    t.in = t.in.filter((x) => x !== id);
  }
  deleteNode(id: number): void {
    const n = this.nodes[id];
    for (const r of [...n.out, ...n.in]) this.deleteRel(r);
    n.live = false;
  }

  nodeExists(id: number): boolean { return this.nodes[id]?.live === true; }
  nodeLabels(id: number): readonly string[] { return this.nodes[id].labels; }
  hasLabel(id: number, label: string): boolean { return this.nodes[id].labels.includes(label); }
  nodesWithLabel(label: string): IdList {
    const out: number[] = [];
    for (let i = 0; i < this.nodes.length; i++) if (this.nodes[i].live && this.nodes[i].labels.includes(label)) out.push(i);
    return out;
  }
  nodeProperty(id: number, key: string): Value { return this.nodes[id].props.get(key) ?? null; }
  nodeKeys(id: number): string[] { return [...this.nodes[id].props.keys()]; }
  relType(id: number): string { return this.rels[id].type; }
  relHasType(id: number, type: string): boolean { return this.rels[id].type === type; }
  relSource(id: number): number { return this.rels[id].source; }
  relTarget(id: number): number { return this.rels[id].target; }
  relProperty(id: number, key: string): Value { return this.rels[id].props.get(key) ?? null; }
  relKeys(id: number): string[] { return [...this.rels[id].props.keys()]; }
  outRels(node: number, type?: string): IdList {
    const l = this.nodes[node].out;
    return type === undefined ? l : l.filter((r) => this.rels[r].type === type);
  }
  inRels(node: number, type?: string): IdList {
    const l = this.nodes[node].in;
    return type === undefined ? l : l.filter((r) => this.rels[r].type === type);
  }
  relsOfType(type?: string): IdList {
    const out: number[] = [];
    for (let i = 0; i < this.rels.length; i++) if (this.rels[i].live && (type === undefined || this.rels[i].type === type)) out.push(i);
    return out;
  }
  nodesByProperty(key: string, value: Value): IdList | undefined {
    if (!isIndexable(value)) return undefined;
    const k = keyOf(value);
    const out: number[] = [];
    for (let i = 0; i < this.nodes.length; i++) {
      const v = this.nodes[i].live ? this.nodes[i].props.get(key) : undefined;
      if (v !== undefined && isIndexable(v) && keyOf(v) === k) out.push(i);
    }
    return out;
  }
  labelNames(): string[] { return [...new Set(this.nodes.filter((n) => n.live).flatMap((n) => n.labels))].sort(); }
  relTypeNames(): string[] { return [...new Set(this.rels.filter((r) => r.live).map((r) => r.type))].sort(); }
  propertyKeyNames(): string[] {
    const s = new Set<string>();
    for (const n of this.nodes) if (n.live) for (const k of n.props.keys()) s.add(k);
    for (const r of this.rels) if (r.live) for (const k of r.props.keys()) s.add(k);
    return [...s].sort();
  }
  nodeOutput(id: number): Record<string, unknown> {
    const n = this.nodes[id];
    return { _id: id, _labels: [...n.labels], ...(jsonValue(n.props) as Record<string, unknown>) };
  }
  relOutput(id: number): Record<string, unknown> {
    const r = this.rels[id];
    return { _id: id, type: r.type, source: r.source, target: r.target, ...(jsonValue(r.props) as Record<string, unknown>) };
  }
}

/** Values a property index can hold: strings, numbers and booleans. */
export function isIndexable(v: Value): boolean {
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint' || v instanceof CFloat;
}
