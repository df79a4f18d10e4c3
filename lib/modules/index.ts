/**
 * Modules (functional areas): community detection over the symbol graph, written back into the graph as
 * `Community` nodes, `MEMBER_OF` edges and each member's `module` property. See docs/flows.md.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import { CodegraphError } from '../errors.ts';
import type { GraphNode } from '../graph/schema.ts';
import { buildTies, compareStrings, type TieOptions } from './ties.ts';
import { partition, type ClusterOptions } from './cluster.ts';
import { nameModules, wordFrequencies } from './naming.ts';

export interface ModulesOptions extends TieOptions, ClusterOptions {}

export interface ModuleSummary {
  uid: string;
  name: string;
  size: number;
  cohesion: number;
}

export interface ModulesResult {
  /** Number of Community nodes added. */
  communities: number;
  /** Symbols that received a module (every symbol of the graph). */
  members: number;
  /** The modules, largest first (ties by name). */
  modules: ModuleSummary[];
}

/** Detects functional areas: adds Community nodes and MEMBER_OF edges, sets `module` on member symbols. */
export function detectModules(graph: CodeGraph, options: ModulesOptions = {}): ModulesResult {
  if (graph.byLabel('Community').length) throw new CodegraphError('INTERNAL', 'detectModules: the graph already has Community nodes');
  const ties = buildTies(graph, options);
  const { group, count } = partition(ties, options);

  const nodes = graph.nodes;
  const membersOf: GraphNode[][] = [];
  for (let g = 0; g < count; g++) membersOf.push([]);
  for (let i = 0; i < ties.uids.length; i++) { const list = membersOf[group[i]]; for (const v of ties.memberIds[i]) list.push(nodes[v]); }
  const groups: { g: number; members: GraphNode[] }[] = [];
  for (let g = 0; g < count; g++) if (membersOf[g].length) groups.push({ g, members: membersOf[g] });

  const cohesion = cohesionByGroup(ties, group, count);
  // How much the code leans on each symbol (confident relations pointing at it, counted by buildTies): names a module's anchor.
  const importance = ties.importance;
  const symbols: GraphNode[] = [];
  for (const x of groups) for (const m of x.members) symbols.push(m);
  const names = nameModules(groups.map((x) => x.members), wordFrequencies(symbols), (n) => importance[graph.nodeId(n.uid)!]);

  const modules = groups.map((x, k) => ({ name: names[k], members: x.members, cohesion: cohesion[x.g] }))
    .sort((x, y) => y.members.length - x.members.length || compareStrings(x.name, y.name));
  const summaries: ModuleSummary[] = [];
  for (const m of modules) {
    const uid = `Community:${m.name}`;
    const size = m.members.length;
    graph.addNode({ uid, label: 'Community', name: m.name, kind: 'community', size, cohesion: m.cohesion });
    for (const s of m.members) {
      s.module = m.name;
      graph.addEdge({ source: s.uid, target: uid, type: 'MEMBER_OF', confidence: 1, reason: 'community' });
    }
    summaries.push({ uid, name: m.name, size, cohesion: m.cohesion });
  }
  return { communities: summaries.length, members: symbols.length, modules: summaries };
}

/**
 * Cohesion of each group: the share of its members' code-relation weight (calls, heritage, references;
 * containment, file and folder ties excluded) that stays inside the group. 0 when the group has no such ties.
 */
function cohesionByGroup(ties: ReturnType<typeof buildTies>, group: Int32Array, count: number): number[] {
  const inside = new Float64Array(count);
  const all = new Float64Array(count);
  for (let i = 0; i < ties.uids.length; i++) { inside[group[i]] += 2 * ties.inner[i]; all[group[i]] += 2 * ties.inner[i]; }
  for (let k = 0; k < ties.a.length; k++) {
    if (!ties.code[k]) continue;
    const ga = group[ties.a[k]], gb = group[ties.b[k]], w = ties.w[k];
    if (ga === gb) { inside[ga] += 2 * w; all[ga] += 2 * w; } else { all[ga] += w; all[gb] += w; }
  }
  return Array.from(all, (t, g) => (t > 0 ? Math.round((inside[g] / t) * 1000) / 1000 : 0));
}
