/**
 * What an incremental resolve could save: over the facts an analyze stored (`<dir>/.codegraph`'s current generation,
 * loaded as bench/resolve-modules.ts does), resolves the project with dependency recording on
 * (ResolveOptions.recordDeps) and prints, per file f, how many other files f's relations read (deps(f)), and the
 * reverse view — what an edit of file X makes stale: affected(X) = {X} ∪ {f : X ∈ deps(f)}, as a count, a share of the
 * files and a share of the resolve time (each file's relation time measured in a run without recording). With
 * `+names`, f is also affected by X when f looked up, in a project-wide name table (name-only guesses, the project's
 * type names), a name X declares (what an edit adding, removing or renaming a symbol of X needs). It also checks that
 * recording changes nothing (digests of the graph and references with it and without), and times re-resolving the
 * affected set of a few files alone (ResolveOptions.onlyFiles) against a full resolve, both warm.
 *
 *   node --import tsx bench/resolve-deps.ts <analyzed dir> [--json out.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { loadProjectConfig, resolveProject, type DepRecord } from '../lib/resolve/index.ts';
import type { FileFacts } from '../lib/extract/index.ts';
import { openAnalyzed } from './analyzed-generation.ts';

const root = path.resolve(process.argv[2] ?? '');
const jsonOut = process.argv.indexOf('--json') > 0 ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
const { factsJson, allPaths, readText } = openAnalyzed(root);
const load = (): FileFacts[] => (JSON.parse(factsJson) as FileFacts[]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
const config = loadProjectConfig(allPaths, readText);
const hash = (text: string): string => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

// 1. plain (cold, then warm), with per-file relation times
const times: number[] = [];
let t0 = performance.now();
const plain = resolveProject(load(), config, { fileTimes: times });
const coldMs = performance.now() - t0;
const plainDigest = `graph ${hash(JSON.stringify(plain.graph.toJSON()))} refs ${hash(JSON.stringify(plain.refs.all))}`;
const warmTimes: number[] = [];
t0 = performance.now();
resolveProject(load(), config, { fileTimes: warmTimes });
const warmMs = performance.now() - t0;

// 2. recorded
const record: DepRecord = { paths: [], deps: [], names: [] };
t0 = performance.now();
const rec = resolveProject(load(), config, { recordDeps: record });
const recMs = performance.now() - t0;
const recDigest = `graph ${hash(JSON.stringify(rec.graph.toJSON()))} refs ${hash(JSON.stringify(rec.refs.all))}`;

const facts = load();
const n = facts.length;
const pct = (x: number): string => `${((100 * x) / n).toFixed(1)}%`;
function quant(xs: number[], q: number): number { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]; }
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

console.log(`${root}: ${n} files; resolve cold ${coldMs.toFixed(0)} ms, warm ${warmMs.toFixed(0)} ms, recording ${recMs.toFixed(0)} ms`);
console.log(`digests: plain ${plainDigest}; recorded ${recDigest}: ${plainDigest === recDigest ? 'EQUAL' : 'DIFFERENT'}`);

const depSizes = record.deps.map((d) => d.length);
console.log(`|deps(f)|: mean ${mean(depSizes).toFixed(1)}, median ${quant(depSizes, 0.5)}, p90 ${quant(depSizes, 0.9)}, max ${Math.max(...depSizes)}`);

// reverse view
const users: number[][] = Array.from({ length: n }, () => []);
for (let f = 0; f < n; f++) for (const x of record.deps[f]) users[x].push(f);
// the names each file declares into the project-wide tables, and who looked each up
const declared: Set<string>[] = facts.map((ff) => {
  const out = new Set<string>();
  for (const s of ff.symbols) {
    if (s.label === 'Function' && s.parent === -1) out.add(`F:${s.name}`);
    if (s.label === 'Method') out.add(`M:${s.name}`);
    if (s.parent === -1 && (s.label === 'Class' || s.label === 'Interface' || s.label === 'TypeAlias')) out.add(`T:${s.name}`);
  }
  return out;
});
const lookers = new Map<string, number[]>();
for (let f = 0; f < n; f++) for (const name of record.names[f]) { const l = lookers.get(name); if (l) l.push(f); else lookers.set(name, [f]); }
const total = times.reduce((a, b) => a + b, 0);
const warmTotal = warmTimes.reduce((a, b) => a + b, 0);
const affected: number[][] = [], affectedNames: number[][] = [];
for (let x = 0; x < n; x++) {
  const a = new Set<number>([x, ...users[x]]);
  affected.push([...a]);
  for (const name of declared[x]) for (const f of lookers.get(name) ?? []) a.add(f);
  affectedNames.push([...a]);
}
function report(label: string, sets: number[][]): void {
  const sizes = sets.map((s) => s.length);
  const share = sets.map((s) => s.reduce((a, f) => a + times[f], 0) / total);
  const warmShare = sets.map((s) => s.reduce((a, f) => a + warmTimes[f], 0) / warmTotal);
  const q = (p: number): string => `${quant(sizes, p)} (${pct(quant(sizes, p))})`;
  const qs = (xs: number[], p: number): string => `${(100 * quant(xs, p)).toFixed(1)}%`;
  console.log(`affected(X) ${label}: median ${q(0.5)}, p75 ${q(0.75)}, p90 ${q(0.9)}, max ${q(1)}, mean ${mean(sizes).toFixed(1)}`);
  console.log(`  share of relation time (cold per-file times): median ${qs(share, 0.5)}, p75 ${qs(share, 0.75)}, p90 ${qs(share, 0.9)}, max ${qs(share, 1)}, mean ${(100 * mean(share)).toFixed(1)}%`);
  console.log(`  share of relation time (warm per-file times): median ${qs(warmShare, 0.5)}, p75 ${qs(warmShare, 0.75)}, p90 ${qs(warmShare, 0.9)}, max ${qs(warmShare, 1)}, mean ${(100 * mean(warmShare)).toFixed(1)}%`);
}
report('(deps only)', affected);
report('(+names X declares)', affectedNames);
console.log(`relation time: cold sum of per-file ${total.toFixed(0)} ms of ${coldMs.toFixed(0)} ms; warm ${warmTotal.toFixed(0)} ms of ${warmMs.toFixed(0)} ms`);

const namers = record.names.filter((l) => l.length > 0).length;
const byKind = (k: string): [number, number] => {
  const files = record.names.filter((l) => l.some((x) => x.startsWith(k))).length;
  const names = new Set(record.names.flat().filter((x) => x.startsWith(k))).size;
  return [files, names];
};
const [ff, fnN] = byKind('F:'), [mf, mN] = byKind('M:'), [tf, tN] = byKind('T:');
console.log(`name lookups: ${namers} files (${pct(namers)}) look up ${lookers.size} distinct names; name-only functions: ${ff} files, ${fnN} names; methods: ${mf} files, ${mN} names; project type names: ${tf} files, ${tN} names`);

// the most widely read files
const top = users.map((u, x) => [u.length, x]).sort((a, b) => b[0] - a[0]).slice(0, 5);
console.log(`most read: ${top.map(([c, x]) => `${record.paths[x]} (${c})`).join(', ')}`);

// re-resolving an affected set alone, warm, against a full warm resolve
const bySize = affected.map((a, x) => [a.length, x]).sort((a, b) => a[0] - b[0]);
const picks: Array<[string, number]> = [['median', bySize[Math.floor(0.5 * (n - 1))][1]], ['p90', bySize[Math.floor(0.9 * (n - 1))][1]], ['max', bySize[n - 1][1]]];
const timeOnly = (only: readonly number[]): number => {
  let best = Infinity;
  for (let i = 0; i < 3; i++) { const input = load(); const s = performance.now(); resolveProject(input, config, { onlyFiles: only }); best = Math.min(best, performance.now() - s); }
  return best;
};
const full = timeOnly([...Array(n).keys()]);
const none = timeOnly([]);
console.log(`warm, best of 3: full resolve ${full.toFixed(0)} ms; nodes only (no relations) ${none.toFixed(0)} ms`);
for (const [label, x] of picks) {
  const ms = timeOnly(affectedNames[x]);
  const deps = timeOnly(affected[x]);
  console.log(`  edit of ${record.paths[x]} (${label}: ${affected[x].length} affected, ${affectedNames[x].length} with names): ${deps.toFixed(0)} ms (with names ${ms.toFixed(0)} ms) = ${((100 * deps) / full).toFixed(0)}% (${((100 * ms) / full).toFixed(0)}%) of full; relations alone ${(((deps - none) * 100) / (full - none)).toFixed(0)}% (${(((ms - none) * 100) / (full - none)).toFixed(0)}%)`);
}

if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ paths: record.paths, deps: record.deps, names: record.names, times }));
