/** Hand-built code graphs for the modules and flows tests: files, functions, classes, methods and relations. */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder as Builder } from '../../lib/graph/builder.ts';
import type { GraphEdge, GraphNode, NodeLabel, RelType } from '../../lib/graph/schema.ts';

export interface SymbolSpec {
  label?: NodeLabel;
  exported?: boolean;
  signature?: string;
}

/** Collects nodes and edges, then builds the graph in the given order (to test order-insensitivity). */
export class GraphBuilder {
  readonly nodes: GraphNode[] = [];
  readonly edges: GraphEdge[] = [];
  private readonly files = new Set<string>();

  /** A file node (added automatically by symbol helpers). */
  file(path: string): string {
    const uid = `File:${path}`;
    if (!this.files.has(path)) {
      this.files.add(path);
      this.nodes.push({ uid, label: 'File', name: path.split('/').pop()!, filePath: path });
    }
    return uid;
  }

  /** A top-level function; returns its uid. */
  fn(path: string, name: string, spec: SymbolSpec = {}): string {
    const file = this.file(path);
    const label = spec.label ?? 'Function';
    const uid = `${label}:${path}:${name}`;
    this.nodes.push({ uid, label, name, qualifiedName: name, filePath: path, line: this.nodes.length + 1, exported: spec.exported ?? false, ...(spec.signature ? { signature: spec.signature } : {}) });
    this.edges.push({ source: file, target: uid, type: 'DEFINES', confidence: 1, reason: 'structure' });
    return uid;
  }

  /** A class with methods; returns the class uid and a uid per method name. */
  cls(path: string, name: string, methods: string[], spec: SymbolSpec = {}): { uid: string; m: Record<string, string> } {
    const uid = this.fn(path, name, { ...spec, label: 'Class' });
    const m: Record<string, string> = {};
    for (const meth of methods) {
      const mu = `Method:${path}:${name}.${meth}`;
      this.nodes.push({ uid: mu, label: 'Method', name: meth, qualifiedName: `${name}.${meth}`, filePath: path, line: this.nodes.length + 1 });
      this.edges.push({ source: uid, target: mu, type: 'HAS_METHOD', confidence: 1, reason: 'structure' });
      m[meth] = mu;
    }
    return { uid, m };
  }

  /** A relation (default: a confident call). */
  rel(source: string, target: string, type: RelType = 'CALLS', extra: Partial<GraphEdge> = {}): this {
    this.edges.push({ source, target, type, confidence: 0.95, reason: 'import', line: this.edges.length + 1, ...extra });
    return this;
  }

  /** Calls `from → to[0]`, `from → to[1]`, … in source order. */
  calls(from: string, ...to: string[]): this {
    for (const t of to) this.rel(from, t);
    return this;
  }

  /** Builds a fresh graph; `shuffle` reverses or permutes insertion order to mimic another file walk. */
  build(order: 'as-written' | 'reversed' | 'interleaved' = 'as-written'): CodeGraph {
    const nodes = arrange(this.nodes, order);
    const edges = arrange(this.edges, order);
    const g = new Builder();
    for (const n of nodes) g.addNode(structuredClone(n));
    for (const e of edges) g.addEdge(structuredClone(e));
    return g.toGraph();
  }
}

function arrange<T>(list: T[], order: 'as-written' | 'reversed' | 'interleaved'): T[] {
  if (order === 'reversed') return list.slice().reverse();
  if (order === 'interleaved') return list.filter((_, i) => i % 2 === 1).concat(list.filter((_, i) => i % 2 === 0));
  return list.slice();
}
