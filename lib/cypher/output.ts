/** Converts engine values to the JSON the tools return: nodes and relationships as the graph presents them. */
import type { PropertyGraph } from './graph.ts';
import { CFloat, NodeVal, PathVal, RelVal, formatFloat, setKey, type Value } from './values.ts';

/** JSON form of a value: nodes → property maps (with label), relationships → {type, source, target, …}, paths → {nodes, relationships}. */
export function toJSONValue(v: Value, graph: PropertyGraph): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CFloat) return Number.isFinite(v.v) ? v.v : formatFloat(v.v);
  if (Array.isArray(v)) return v.map((x) => toJSONValue(x, graph));
  if (v instanceof NodeVal) return graph.nodeOutput(v.id);
  if (v instanceof RelVal) return graph.relOutput(v.id);
  if (v instanceof PathVal) {
    return { nodes: v.nodes.map((n) => graph.nodeOutput(n)), relationships: v.rels.map((r) => graph.relOutput(r)) };
  }
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) setKey(o, k, toJSONValue(x, graph));
    return o;
  }
  return null;
}
