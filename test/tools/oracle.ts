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

/** uid → shortest depth of every node reachable from `seeds` (the seeds themselves excluded). */
export function bruteForceImpact(graph: CodeGraph, seeds: string[], o: OracleOptions): Map<string, number> {
  const dist = new Map<string, number>(seeds.map((s) => [s, 0]));
  const allowed = (uid: string) => {
    const n = nodeOf(graph, uid)!;
    if (n.label === 'Community' || n.label === 'Process') return false;
    return o.includeTests || !TEST.test(n.filePath ?? '');
  };
  for (let round = 1; round <= o.maxDepth; round++) {
    const updates: [string, number][] = [];
    for (const e of graphData(graph).edges) {
      if (!o.types.includes(e.type) || e.confidence < o.minConfidence) continue;
      const [from, to] = o.upstream ? [e.target, e.source] : [e.source, e.target];
      const d = dist.get(from);
      if (d === undefined || d !== round - 1 || dist.has(to) || !allowed(to)) continue;
      updates.push([to, round]);
    }
    for (const [uid, d] of updates) if (!dist.has(uid)) dist.set(uid, d);
  }
  for (const s of seeds) dist.delete(s);
  return dist;
}
