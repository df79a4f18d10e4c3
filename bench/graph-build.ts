/**
 * What building the snapshot's graphology graph costs, against the resolver's GraphBuilder, on an analyzed
 * repository: the graph as the resolver leaves it (no Community/Process nodes, no MEMBER_OF/STEP_IN_PROCESS
 * edges) built by GraphBuilder (merging included), then turned into graphology (`toGraph()`), and the whole
 * graph.json loaded as a server loads it (`readGraph`). CPU milliseconds of this process, each in a fresh
 * process (`--runs` of them), since a real analyze or server start runs this code cold.
 *
 *   node --import tsx bench/graph-build.ts <generation dir, e.g. repo/.codegraph/g-…> [--runs 4]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GraphBuilder } from '../lib/graph/builder.ts';
import { readGraph, readGraphData } from '../index-store/format.ts';

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '4' }, child: { type: 'boolean' } }, allowPositionals: true });
const dir = positionals[0];
if (!dir) throw new Error('usage: bench/graph-build.ts <generation dir> [--runs N]');
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

if (values.child) {
  const data = readGraphData(dir);
  const nodes = data.nodes.filter((n) => n.label !== 'Community' && n.label !== 'Process');
  const edges = data.edges.filter((e) => e.type !== 'MEMBER_OF' && e.type !== 'STEP_IN_PROCESS');
  const c0 = cpu();
  const builder = GraphBuilder.fromJSON({ nodes, edges });
  const c1 = cpu();
  const graph = builder.toGraph();
  const c2 = cpu();
  const loaded = readGraph(dir);
  const c3 = cpu();
  console.log(JSON.stringify({ nodes: nodes.length, edges: edges.length, builder: c1 - c0, toGraph: c2 - c1, load: c3 - c2, all: loaded.size, sizes: graph.size }));
} else {
  const runs = Array.from({ length: Number(values.runs) }, () => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dir, '--child'], { encoding: 'utf8' })));
  const med = (k: string): number => { const xs = runs.map((r) => r[k] as number).sort((a, b) => a - b); return xs[Math.floor((xs.length - 1) / 2)]; };
  console.log(`${runs[0].nodes} nodes, ${runs[0].edges} edges after resolution (${runs[0].all} with modules and flows)`);
  console.log(`GraphBuilder (merging included): median ${med('builder').toFixed(0)} ms CPU; toGraph(): ${med('toGraph').toFixed(0)} ms; readGraph of the whole graph.json: ${med('load').toFixed(0)} ms (${runs.length} fresh processes)`);
}
