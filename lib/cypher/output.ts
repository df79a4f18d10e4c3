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

/**
 * Characters `v` (a value toJSONValue made) takes as JSON, roughly (escapes not counted), or Infinity as soon as
 * the count passes `limit`, so an enormous value is not walked to its end.
 */
export function jsonSize(v: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') n += x.length + 2;
    else if (x === null || typeof x !== 'object') n += 8;
    else if (Array.isArray(x)) { n += 1 + x.length; for (const y of x) stack.push(y); }
    else { const o = x as Record<string, unknown>; for (const k in o) { n += k.length + 4; stack.push(o[k]); } n += 2; }
    if (n > limit) return Infinity;
  }
  return n;
}
