/**
 * Does the resolver's output depend on the order in which files' relations are evaluated? Over the facts an analyze
 * stored (like bench/resolve-modules.ts), resolves once in file order and then in other orders (reverse, seeded
 * shuffles; ResolveOptions.relationOrder), and counts what differs: edges by type (added, removed, changed
 * confidence/reason/line/count), references, unresolved calls per file.
 *
 *   node --import tsx bench/resolve-order.ts <analyzed dir> [shuffles=3]
 */
import path from 'node:path';
import { loadProjectConfig, resolveProject, type ResolveResult } from '../lib/resolve/index.ts';
import type { FileFacts } from '../lib/extract/index.ts';
import { openAnalyzed } from './analyzed-generation.ts';

const root = path.resolve(process.argv[2] ?? '');
const shuffles = Number(process.argv[3] ?? 3);
const { factsJson, allPaths, readText } = openAnalyzed(root);

function run(order?: number[]): ResolveResult {
  const facts = JSON.parse(factsJson) as FileFacts[];
  return resolveProject(facts, loadProjectConfig(allPaths, readText), { relationOrder: order });
}

/** A seeded permutation (mulberry32). */
export function shuffled(n: number, seed: number): number[] {
  let a = seed >>> 0;
  const rnd = (): number => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [out[i], out[j]] = [out[j], out[i]]; }
  return out;
}

const base = run();
const n = new Set(base.graph.nodes.filter((x) => x.label === 'File')).size;
const baseJson = JSON.stringify(base.graph.toJSON()), baseRefs = JSON.stringify(base.refs.all), baseUnres = JSON.stringify(base.unresolvedCalls);
const edgeKey = (e: { source: string; target: string; type: string }): string => `${e.type}\u0000${e.source}\u0000${e.target}`;
const baseEdges = new Map(base.graph.edges.map((e) => [edgeKey(e), e]));
const orders: Array<[string, number[]]> = [['reverse', Array.from({ length: n }, (_, i) => n - 1 - i)]];
for (let k = 1; k <= shuffles; k++) orders.push([`shuffle${k}`, shuffled(n, k)]);
console.log(`${root}: ${n} files, ${base.graph.edges.length} edges, ${base.refs.all.length} refs, unresolved ${base.unresolvedCalls.total}`);
for (const [name, order] of orders) {
  const r = run(order);
  const same = JSON.stringify(r.graph.toJSON()) === baseJson && JSON.stringify(r.refs.all) === baseRefs && JSON.stringify(r.unresolvedCalls) === baseUnres;
  if (same) { console.log(`${name}: identical`); continue; }
  const byType: Record<string, { added: number; removed: number; changed: number }> = {};
  const t = (type: string): { added: number; removed: number; changed: number } => (byType[type] ??= { added: 0, removed: 0, changed: 0 });
  const seen = new Set<string>();
  for (const e of r.graph.edges) {
    const k = edgeKey(e); seen.add(k);
    const b = baseEdges.get(k);
    if (!b) t(e.type).added++; else if (JSON.stringify(b) !== JSON.stringify(e)) t(e.type).changed++;
  }
  for (const [k, e] of baseEdges) if (!seen.has(k)) t(e.type).removed++;
  const refKey = (x: object): string => JSON.stringify(x);
  const a = new Set(base.refs.all.map(refKey)), b = new Set(r.refs.all.map(refKey));
  let refsAdded = 0, refsRemoved = 0;
  for (const x of b) if (!a.has(x)) refsAdded++;
  for (const x of a) if (!b.has(x)) refsRemoved++;
  let filesDiffer = 0;
  const ub = base.unresolvedCalls.byFile, ur = r.unresolvedCalls.byFile;
  for (const p of new Set([...Object.keys(ub), ...Object.keys(ur)])) if (ub[p] !== ur[p]) filesDiffer++;
  console.log(`${name}: edges ${JSON.stringify(byType)}; refs +${refsAdded} -${refsRemoved}; unresolved ${r.unresolvedCalls.total} (vs ${base.unresolvedCalls.total}), ${filesDiffer} files' counts differ; resolved ${r.unresolvedCalls.resolved} vs ${base.unresolvedCalls.resolved}; edges total ${r.graph.edges.length}`);
}
