/**
 * Cypher engine benchmark: a synthetic code graph (100k nodes / 400k edges by default) and, when the indexer
 * can build it, the real rxjs 7.8.1 source (node_modules/rxjs/src). Prints figures; asserts nothing.
 *   node --import tsx bench/cypher.ts [--nodes N] [--edges M] [--no-real]
 * Targets: one-hop typed match from an indexed name < 10 ms; count(*) by relation type < 100 ms.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { codeGraphView } from '../lib/cypher/code-graph-adapter.ts';
import { runCypher } from '../lib/cypher/index.ts';
import type { CodeGraph } from '../lib/graph/code-graph.ts';
import { syntheticGraph } from '../test/cypher/synthetic.ts';
import { graphData, nodesWithLabel } from '../lib/graph/code-graph.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : dflt; };
const NODES = opt('--nodes', 100_000), EDGES = opt('--edges', 400_000);

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

/** Wall and CPU milliseconds of one call (CPU time is steadier than wall time on a shared, loaded machine). */
function timeBoth<T>(f: () => T): [T, number, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [r, wall, (c.user + c.system) / 1000];
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `p50 ${q(0.5).toFixed(2)} ms  p95 ${q(0.95).toFixed(2)} ms  max ${s[s.length - 1].toFixed(2)} ms  (n=${s.length})`;
}

interface Case { name: string; query: string; params?: (i: number) => Record<string, unknown>; runs?: number }

function bench(label: string, graph: CodeGraph, cases: Case[]): void {
  console.log(`\n== ${label}: ${graph.order} nodes, ${graph.size} edges`);
  const [view, buildMs] = time(() => codeGraphView(graph));
  console.log(`adapter (CSR adjacency) build: ${buildMs.toFixed(1)} ms`);
  for (const c of cases) {
    const runs = c.runs ?? 20;
    const [first, firstMs] = time(() => runCypher(view, c.query, c.params?.(0) ?? {}, { maxRows: 100_000 }));
    const ms: number[] = [], cpu: number[] = [];
    let rows = first.row_count;
    for (let i = 1; i <= runs; i++) {
      const [r, t, c2] = timeBoth(() => runCypher(view, c.query, c.params?.(i) ?? {}, { maxRows: 100_000 }));
      ms.push(t);
      cpu.push(c2);
      rows = r.row_count;
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`${c.name.padEnd(44)} first ${firstMs.toFixed(1).padStart(7)} ms | wall ${stats(ms)} | cpu p50 ${med(cpu).toFixed(2)} ms | rows ${rows}`);
  }
}

const synthetic = (() => {
  const [g, ms] = time(() => syntheticGraph({ nodes: NODES, edges: EDGES }));
  console.log(`synthetic graph generated in ${ms.toFixed(0)} ms`);
  return g;
})();
const fnNames = nodesWithLabel(synthetic, 'Function').map((n) => n.name);

// Machine calibration: a plain JS loop over the same edges (count by type in a Map). On an idle laptop this
// takes a few ms; on a loaded shared machine several times more. Read the figures below relative to it.
{
  const runs: number[] = [];
  for (let k = 0; k < 5; k++) {
    const [, wall] = time(() => { const m = new Map<string, number>(); for (const e of graphData(synthetic).edges) m.set(e.type, (m.get(e.type) ?? 0) + 1); return m; });
    runs.push(wall);
  }
  console.log(`calibration: plain JS count-by-type loop over ${synthetic.size} edges: ${stats(runs)}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}
const pick = (names: string[]) => (i: number) => ({ name: names[(i * 7919) % names.length] });

bench('synthetic', synthetic, [
  { name: 'one-hop callers of an indexed name', query: 'MATCH (f:Function {name: $name})<-[:CALLS]-(c) RETURN c.name, c.filePath', params: pick(fnNames), runs: 200 },
  { name: 'one-hop, GitNexus form', query: "MATCH (c)-[:CodeRelation {type: 'CALLS'}]->(f:Function {name: $name}) RETURN c.name", params: pick(fnNames), runs: 200 },
  { name: 'one-hop by uid (n.id)', query: 'MATCH (f {id: $id})-[:CALLS]->(g) RETURN g.name', params: (i) => ({ id: graphData(synthetic).nodes[1000 + (i * 31) % 50_000].uid }), runs: 200 },
  { name: 'count(*) by relation type (all edges)', query: 'MATCH ()-[r]->() RETURN r.type AS type, count(*) AS n' },
  { name: 'count(*) of one relation type', query: 'MATCH ()-[r:CALLS]->() RETURN count(*) AS n' },
  { name: 'label counts', query: 'MATCH (n) RETURN label(n) AS type, count(*) AS n' },
  { name: 'unused functions (NOT pattern)', query: 'MATCH (f:Function) WHERE NOT ()-[:CALLS]->(f) RETURN count(f) AS n', runs: 5 },
  { name: 'two hops from a name', query: 'MATCH (f:Function {name: $name})<-[:CALLS]-()<-[:CALLS]-(c) RETURN count(DISTINCT c) AS n', params: pick(fnNames), runs: 50 },
  { name: 'callees *1..3 from a name', query: 'MATCH (f:Function {name: $name})-[:CALLS*1..3]->(g) RETURN count(DISTINCT g) AS n', params: pick(fnNames), runs: 50 },
  { name: 'top-10 most called (ORDER BY … LIMIT)', query: 'MATCH (f)<-[:CALLS]-() RETURN f.name AS name, count(*) AS n ORDER BY n DESC LIMIT 10', runs: 5 },
  { name: 'file import fan-out, LIMIT 20', query: 'MATCH (a:File)-[:IMPORTS]->(b:File) RETURN a.filePath, count(b) AS n ORDER BY n DESC LIMIT 20', runs: 10 },
]);

if (!args.includes('--no-real')) {
  const root = path.resolve('node_modules/rxjs/src');
  try {
    const { buildSnapshotInMemory } = await import('../lib/analyze/index.ts');
    const [snap, ms] = await (async () => { const t0 = performance.now(); const s = await buildSnapshotInMemory(root, { search: false }); return [s, performance.now() - t0] as const; })();
    console.log(`\nrxjs snapshot built in ${(ms / 1000).toFixed(1)} s`);
    const g = snap.graph;
    const names = nodesWithLabel(g, 'Function').map((n) => n.name);
    bench('rxjs 7.8.1 (node_modules/rxjs/src)', g, [
      { name: 'one-hop callers of an indexed name', query: 'MATCH (f:Function {name: $name})<-[:CALLS]-(c) RETURN c.name, c.filePath', params: pick(names), runs: 200 },
      { name: 'callers of operate (GitNexus form)', query: "MATCH (c)-[:CodeRelation {type: 'CALLS'}]->(f:Function {name: 'operate'}) RETURN c.name, c.filePath", runs: 100 },
      { name: 'count(*) by relation type', query: 'MATCH ()-[r]->() RETURN r.type AS type, count(*) AS n' },
      { name: 'unused functions', query: 'MATCH (f:Function) WHERE NOT ()-[:CALLS|REFERENCES]->(f) RETURN count(f) AS n' },
      { name: 'import cycles up to length 3', query: 'MATCH p = (f:File)-[:IMPORTS*1..3]->(f) RETURN count(p) AS n', runs: 5 },
      { name: 'members per module', query: 'MATCH (m)-[:MEMBER_OF]->(c:Community) RETURN c.name, count(m) AS n ORDER BY n DESC LIMIT 10' },
    ]);
  } catch (err) {
    console.log(`\nrxjs snapshot unavailable: ${(err as Error).message}`);
  }
}
