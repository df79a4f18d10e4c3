/**
 * What the graph records of members outside the repository (lib/resolve/outside.ts): the outside member a method
 * overrides (`overridesOutside`, which has no node and so no OVERRIDES edge) and the outside bases whose members are
 * not known (`unknownBases`). Read by rename (refusal, warning), context and impact.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { containerOf } from './membership.ts';

/** The outside members a method overrides: its own, and those of the project methods it overrides (transitively), sorted. */
export function outsideOverridesOf(graph: CodeGraph, method: GraphNode): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const stack = [method];
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m.uid) || !graph.hasNode(m.uid)) continue;
    seen.add(m.uid);
    if (typeof m.overridesOutside === 'string') out.add(m.overridesOutside);
    graph.forEachOutEdge(m.uid, (_k, e, _s, _t, _sa, target) => { if (e.type === 'OVERRIDES') stack.push(target); });
  }
  return [...out].sort();
}

/** The outside bases of unknown members above a member: its class's and its project ancestors' (`unknownBases`), sorted. */
export function unknownBasesAbove(graph: CodeGraph, member: GraphNode): Array<{ type: GraphNode; base: string }> {
  const owner = containerOf(graph, member);
  if (!owner) return [];
  const out: Array<{ type: GraphNode; base: string }> = [];
  const seen = new Set<string>();
  const stack = [owner];
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t.uid)) continue;
    seen.add(t.uid);
    if (Array.isArray(t.unknownBases)) for (const b of t.unknownBases) out.push({ type: t, base: String(b) });
    graph.forEachOutEdge(t.uid, (_k, e, _s, _t, _sa, target) => { if (e.type === 'EXTENDS' || e.type === 'IMPLEMENTS') stack.push(target); });
  }
  return out.sort((a, b) => (a.type.uid < b.type.uid ? -1 : a.type.uid > b.type.uid ? 1 : a.base < b.base ? -1 : a.base > b.base ? 1 : 0));
}
