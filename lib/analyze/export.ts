/**
 * The JSON-lines export of a snapshot: every node, then every edge, each with all its properties, one JSON
 * object per line. Deterministic: nodes by uid, edges by (type, source, target), keys sorted, with the record
 * kind first (`"element": "node"` or `"edge"`).
 */
import type { CodeGraphData } from '../graph/code-graph.ts';

/** The export lines of a graph (no trailing newlines). */
export function* exportLines(graph: CodeGraphData): Generator<string> {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const nodes = [...graph.nodes].sort((a, b) => cmp(a.uid, b.uid));
  for (const n of nodes) yield JSON.stringify(sorted('node', n));
  const edges = [...graph.edges].sort((a, b) => cmp(a.type, b.type) || cmp(a.source, b.source) || cmp(a.target, b.target));
  for (const e of edges) yield JSON.stringify(sorted('edge', e));
}

function sorted(element: 'node' | 'edge', o: object): Record<string, unknown> {
  const out: Record<string, unknown> = { element };
  for (const k of Object.keys(o).sort()) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined && k !== 'element') out[k] = v;
  }
  return out;
}
