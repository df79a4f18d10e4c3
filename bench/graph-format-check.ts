/**
 * Checks that two generations of the same analyze load into equal graphs, whatever the graph.json format of each
 * (format 1: edges as objects; format 2: edges column-wise): the same nodes and edges, in the same order, each with
 * the same properties in the same order and of the same values, the same edges in and out of every node, and the
 * same JSON-lines export. Then times the load of each (readGraph, as the servers load, `runs` times alternating, in
 * this process).
 *
 *   node --import tsx bench/graph-format-check.ts <generation dir A> <generation dir B> [runs=5]
 *
 * Exits 1 at the first difference. A generation dir is `<repo>/.codegraph/g-…` (copy the old one away before
 * analyzing again with the other build).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { graphData, type CodeGraph } from '../lib/graph/code-graph.ts';
import { exportLines } from '../lib/analyze/export.ts';
import { readGraph, readGraphData } from '../index-store/format.ts';

const [dirA, dirB] = process.argv.slice(2, 4).map((d) => path.resolve(d ?? ''));
const runs = Number(process.argv[4] ?? 5);
const load = (dir: string): CodeGraph => readGraph(dir);

const a = load(dirA), b = load(dirB);
const fail = (what: string): never => { console.error(`DIFFERENT: ${what}`); process.exit(1); };
const da = graphData(a), db = graphData(b);
if (da.nodes.length !== db.nodes.length) fail(`node count ${da.nodes.length} vs ${db.nodes.length}`);
if (da.edges.length !== db.edges.length) fail(`edge count ${da.edges.length} vs ${db.edges.length}`);
// JSON.stringify of one record compares keys in order and values (a JSON round trip is what format 1 gave).
for (let i = 0; i < da.nodes.length; i++) {
  if (JSON.stringify(da.nodes[i]) !== JSON.stringify(db.nodes[i])) fail(`node ${i}: ${JSON.stringify(da.nodes[i])} vs ${JSON.stringify(db.nodes[i])}`);
}
for (let i = 0; i < da.edges.length; i++) {
  if (JSON.stringify(da.edges[i]) !== JSON.stringify(db.edges[i])) fail(`edge ${i}: ${JSON.stringify(da.edges[i])} vs ${JSON.stringify(db.edges[i])}`);
}
for (const n of da.nodes) {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  if (!same(a.outEdges(n.uid), b.outEdges(n.uid)) || !same(a.inEdges(n.uid), b.inEdges(n.uid))) fail(`edges of ${n.uid}`);
}
const exportDigest = (dir: string): string => {
  const h = crypto.createHash('sha256');
  for (const line of exportLines(readGraphData(dir))) h.update(line + '\n');
  return h.digest('hex').slice(0, 16);
};
const [ea, eb] = [exportDigest(dirA), exportDigest(dirB)];
if (ea !== eb) fail(`export ${ea} vs ${eb}`);
console.log(`equal: ${a.nodes.length} nodes, ${a.edges.length} edges, export ${ea}`);

const size = (dir: string): string => (fs.statSync(path.join(dir, 'graph.json')).size / 1e6).toFixed(2) + ' MB';
const times: Record<string, number[]> = { A: [], B: [] };
for (let r = 0; r < runs; r++) {
  for (const [k, dir] of [['A', dirA], ['B', dirB]] as const) {
    const t0 = performance.now();
    load(dir);
    times[k].push(performance.now() - t0);
  }
}
const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const [k, dir] of [['A', dirA], ['B', dirB]] as const) {
  console.log(`${k} ${size(dir)} load median ${median(times[k]).toFixed(1)} ms, min ${Math.min(...times[k]).toFixed(1)} (${times[k].map((x) => x.toFixed(0)).join(' ')})`);
}
