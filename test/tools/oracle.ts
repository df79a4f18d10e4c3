/**
 * Brute-force oracle for impact: reachability by relaxing every edge of the graph, maxDepth times.
 * Deliberately shares no code with lib/symbols/traverse.ts.
 */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import type { RelType } from '../../lib/graph/schema.ts';
import { graphData, nodeOf } from '../../lib/graph/code-graph.ts';

export interface OracleOptions {
  upstream: boolean;
  maxDepth: number;
  types: readonly RelType[];
  minConfidence: number;
  includeTests: boolean;
}

const TEST = /\.(test|spec)\.|(^|\/)(test|tests|spec|__tests__|__mocks__)\//;

/**
 * uid → shortest depth of every node reachable from `seeds` (the seeds themselves excluded). OVERRIDES edges are
 * relaxed over (node, how it was reached) states, as docs/tools.md states the rule: a node reached by another
 * relation (or a seed) goes up an OVERRIDES edge to what it overrides and down one to what overrides it; a node
 * reached going up goes only further up, one reached going down only further down. Every other relation leads to a
 * node reached by another relation.
 */
export function bruteForceImpact(graph: CodeGraph, seeds: string[], o: OracleOptions): Map<string, number> {
  const modes = ['other', 'up', 'down'] as const;
  const dist = new Map<string, number>(seeds.map((s) => [`other ${s}`, 0]));
  const allowed = (uid: string) => {
    const n = nodeOf(graph, uid)!;
    if (n.label === 'Community' || n.label === 'Process') return false;
    return o.includeTests || !TEST.test(n.filePath ?? '');
  };
  for (let round = 1; round <= o.maxDepth; round++) {
    const updates: string[] = [];
    const relax = (fromState: string, toState: string, to: string) => {
      if (dist.get(fromState) !== round - 1 || dist.has(toState) || !allowed(to)) return;
      updates.push(toState);
    };
    for (const e of graphData(graph).edges) {
      if (!o.types.includes(e.type) || e.confidence < o.minConfidence) continue;
      if (e.type === 'OVERRIDES') {
        for (const m of ['other', 'up']) relax(`${m} ${e.source}`, `up ${e.target}`, e.target);
        for (const m of ['other', 'down']) relax(`${m} ${e.target}`, `down ${e.source}`, e.source);
        continue;
      }
      const [from, to] = o.upstream ? [e.target, e.source] : [e.source, e.target];
      for (const m of modes) relax(`${m} ${from}`, `other ${to}`, to);
    }
    for (const st of updates) if (!dist.has(st)) dist.set(st, round);
  }
  const out = new Map<string, number>();
  for (const [st, d] of dist) {
    const uid = st.slice(st.indexOf(' ') + 1);
    if (seeds.includes(uid)) continue;
    if (!out.has(uid) || d < out.get(uid)!) out.set(uid, d);
  }
  return out;
}
