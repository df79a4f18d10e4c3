/**
 * Modules (functional areas): community detection over the symbol graph, written back into the graph as
 * `Community` nodes, `MEMBER_OF` edges and each member's `module` property. See docs/flows.md.
 */
import { addCodeEdge, denseGraph, type GraphView } from '../graph/code-graph.ts';
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
export function detectModules(graph: GraphView, options: ModulesOptions = {}): ModulesResult {
  if (graph.someNode((_uid, n) => n.label === 'Community')) throw new CodegraphError('INTERNAL', 'detectModules: the graph already has Community nodes');
  const ties = buildTies(graph, options);
  const { group, count } = partition(ties, options);

  // Members grouped by module, as positions in `graph.nodes` (tie nodes in order within a group), laid out
  // group after group: the symbols naming counts over, each group a range of them.
  const { nodes } = denseGraph(graph);
  const start = new Int32Array(count + 1);
  for (let i = 0; i < ties.uids.length; i++) start[group[i] + 1] += ties.memberIds[i].length;
  for (let g = 0; g < count; g++) start[g + 1] += start[g];
  const pos = new Int32Array(start[count]);
  {
    const at = start.slice(0, count);
    for (let i = 0; i < ties.uids.length; i++) { const ids = ties.memberIds[i]; pos.set(ids, at[group[i]]); at[group[i]] += ids.length; }
  }
  const symbols: GraphNode[] = new Array(pos.length);
  // How much the code leans on each symbol (confident relations pointing at it, counted by buildTies): names a module's anchor.
  const importance = new Int32Array(pos.length);
  for (let x = 0; x < pos.length; x++) { symbols[x] = nodes[pos[x]]; importance[x] = ties.importance[pos[x]]; }
  const groups: number[] = []; // modules with members, by group number
  const bounds: number[] = [0];
  for (let g = 0; g < count; g++) if (start[g + 1] > start[g]) { groups.push(g); bounds.push(start[g + 1]); }

  const cohesion = cohesionByGroup(ties, group, count);
  const names = nameModules(wordFrequencies(symbols), bounds, importance);

  const modules = groups.map((g, k) => ({ name: names[k], from: bounds[k], to: bounds[k + 1], cohesion: cohesion[g] }))
    .sort((x, y) => (y.to - y.from) - (x.to - x.from) || compareStrings(x.name, y.name));
  const summaries: ModuleSummary[] = [];
  for (const m of modules) {
    const uid = `Community:${m.name}`;
    const size = m.to - m.from;
    graph.addNode(uid, { uid, label: 'Community', name: m.name, kind: 'community', size, cohesion: m.cohesion });
    for (let x = m.from; x < m.to; x++) {
      const s = symbols[x];
      s.module = m.name;
      addCodeEdge(graph, { source: s.uid, target: uid, type: 'MEMBER_OF', confidence: 1, reason: 'community' });
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
