/**
 * Modules and flows bench: what detectModules + traceProcesses add to a cold analyze of a real corpus
 * (rxjs 7.8.1 sources through the whole pipeline), and how they scale on a graph 10x larger (the real graph
 * replicated) and on synthetic graphs of growing size. Prints times, counts and a sample of names.
 *
 *   node --import tsx bench/flows.ts [--root node_modules/rxjs/src] [--scale 10] [--runs 3] [--no-search]
 *   node --import tsx bench/flows.ts --cold 9 [--root DIR]
 *   node --import tsx bench/flows.ts --seeds 16
 *
 * `--cold N` measures only what a real analyze pays: N cold pipelines, each in a fresh child
 * process, printing the median CPU (process-wide: JIT compilation and GC threads included) and wall time of
 * the modules and processes phases, and the CPU of the whole pipeline up to search (search runs, so that the
 * processes phase ends where it starts, but is not counted). Node flags given to the bench
 * (`node --max-opt=1 --import tsx bench/flows.ts --cold 3`) are passed on to the children. This is the
 * figure to compare before/after a change: the in-process
 * tables below run warm code, which hides the cost of interpreting and compiling it.
 *
 * `--seeds N` measures how much the module split of a small repository depends on Louvain's seed: the
 * flows-app fixture (as indexed, files walked in reverse, and without the indexer's `via`/callback hints),
 * each with N seeds; it counts the runs giving the feature split the fixture test expects and the distinct
 * partitions seen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CodeGraph, GraphView } from '../lib/graph/code-graph.ts';
import { GraphBuilder } from '../lib/graph/builder.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { detectModules, type ModulesResult } from '../lib/modules/index.ts';
import { traceProcesses, type ProcessesResult } from '../lib/processes/index.ts';
import { runPipeline } from '../lib/analyze/pipeline.ts';
import { syntheticGraph } from '../test/flows/synthetic.ts';
import { fixtureGraph } from '../test/flows/fixture-graph.ts';
import { codeGraphFromData, graphData, nodeOf, nodesWithLabel } from '../lib/graph/code-graph.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const root = path.resolve(opt('root', 'node_modules/rxjs/src'));
const scale = Number(opt('scale', '10'));
const runs = Number(opt('runs', '3'));
const withSearch = !args.includes('--no-search');

/** The graph as the resolver left it: no Community/Process nodes, no MEMBER_OF/STEP edges, no `module`. */
function strip(g: GraphView): CodeGraph {
  const out = new GraphBuilder();
  for (const n of graphData(g).nodes) {
    if (n.label === 'Community' || n.label === 'Process') continue;
    const { module: _m, ...rest } = n;
    out.addNode(rest as GraphNode);
  }
  for (const e of graphData(g).edges) if (e.type !== 'MEMBER_OF' && e.type !== 'STEP_IN_PROCESS') out.addEdge({ ...e });
  return out.toGraph();
}

/** A deep copy of a graph (what the resolver would hand over again). */
function copyOf(g: CodeGraph): CodeGraph {
  return codeGraphFromData(structuredClone(graphData(g)));
}

/** `copies` disjoint copies of a graph under pkg0/, pkg1/, … (same shape, `copies` times the size). */
function replicate(g: CodeGraph, copies: number): CodeGraph {
  const out = new GraphBuilder();
  const re = (uid: string, k: number): string => `${uid.slice(0, uid.indexOf(':') + 1)}pkg${k}/${uid.slice(uid.indexOf(':') + 1)}`;
  for (let k = 0; k < copies; k++) {
    for (const n of graphData(g).nodes) out.addNode({ ...n, uid: re(n.uid, k), ...(n.filePath !== undefined ? { filePath: `pkg${k}/${n.filePath}` } : {}) });
    for (const e of graphData(g).edges) out.addEdge({ ...e, source: re(e.source, k), target: re(e.target, k) });
  }
  return out.toGraph();
}

interface Timed {
  modulesMs: number; processesMs: number;
  /** CPU milliseconds of the process (all threads) during each step: less disturbed by a busy machine. */
  modulesCpu: number; processesCpu: number;
  modules: ModulesResult; processes: ProcessesResult; graph: CodeGraph;
}

const cpuNow = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Runs both steps `runs` times on fresh copies; returns median times and the last results. */
function measure(base: CodeGraph): Timed {
  const mt: number[] = [], pt: number[] = [], mc: number[] = [], pc: number[] = [];
  let last: Timed | undefined;
  let signature: string | undefined;
  for (let r = 0; r < runs; r++) {
    const g = copyOf(base);
    const c0 = cpuNow(), t0 = performance.now();
    const modules = detectModules(g);
    const c1 = cpuNow(), t1 = performance.now();
    const processes = traceProcesses(g);
    const c2 = cpuNow(), t2 = performance.now();
    mt.push(t1 - t0); pt.push(t2 - t1); mc.push(c1 - c0); pc.push(c2 - c1);
    const sig = JSON.stringify([modules, processes]);
    if (signature !== undefined && sig !== signature) throw new Error('bench/flows: two runs gave different modules or flows');
    signature = sig;
    last = { modulesMs: 0, processesMs: 0, modulesCpu: 0, processesCpu: 0, modules, processes, graph: g };
  }
  return { ...last!, modulesMs: median(mt), processesMs: median(pt), modulesCpu: median(mc), processesCpu: median(pc) };
}

function median(xs: number[]): number { const s = xs.slice().sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; }
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const size = (g: CodeGraph): string => `${g.order} nodes, ${g.size} edges`;

function report(label: string, base: CodeGraph, t: Timed): void {
  const symbols = graphData(base).nodes.filter((n) => !['File', 'Folder'].includes(n.label)).length;
  console.log(`${label}: ${size(base)} (${symbols} symbols)`);
  console.log(`  modules   wall ${ms(t.modulesMs)}, cpu ${ms(t.modulesCpu)}  → ${t.modules.communities} modules`);
  console.log(`  processes wall ${ms(t.processesMs)}, cpu ${ms(t.processesCpu)}  → ${t.processes.processes} flows (${t.processes.entries} entries, ${t.processes.candidates} candidates)`);
  console.log(`  cpu per 1k edges: ${((t.modulesCpu + t.processesCpu) / (base.size / 1000)).toFixed(2)} ms`);
}

function sample(t: Timed): void {
  const mods = t.modules.modules;
  console.log(`  largest modules: ${mods.slice(0, 12).map((m) => `${m.name} (${m.size}, cohesion ${m.cohesion})`).join(', ')}`);
  const sizes = mods.map((m) => m.size);
  console.log(`  module sizes: min ${Math.min(...sizes)}, median ${median(sizes)}, max ${Math.max(...sizes)}`);
  const byKind = new Map<string, number>();
  for (const f of t.processes.flows) byKind.set(f.entryKind, (byKind.get(f.entryKind) ?? 0) + 1);
  console.log(`  flows by entry kind: ${[...byKind].map(([k, c]) => `${k} ${c}`).join(', ')}`);
  const steps = t.processes.flows.map((f) => f.steps);
  if (steps.length) console.log(`  flow steps: min ${Math.min(...steps)}, median ${median(steps)}, max ${Math.max(...steps)}; cross-module ${t.processes.flows.filter((f) => f.modules.length > 1).length}`);
  const picks = t.processes.flows.filter((_, i) => i % Math.max(1, Math.floor(t.processes.flows.length / 10)) === 0).slice(0, 10);
  for (const f of picks) console.log(`    ${f.name}  [${f.steps} steps, ${f.entryKind}, ${f.modules.join(' → ')}]`);
}

/** Child of `--cold`: one cold pipeline without search; prints CPU and wall ms of the modules and processes phases. */
async function coldChild(): Promise<void> {
  const cpu: Record<string, number> = {}, wall: Record<string, number> = {};
  let phase = 'start', mark = cpuNow(), wmark = performance.now();
  const onPhase = (p: string): void => {
    const c = cpuNow(), w = performance.now();
    cpu[phase] = (cpu[phase] ?? 0) + c - mark; wall[phase] = (wall[phase] ?? 0) + w - wmark;
    phase = p; mark = c; wmark = w;
  };
  // With search on, the processes phase ends where search starts; without it, the pipeline's own tail
  // (summary, graph counts) would be billed to processes. The search phase itself is not reported.
  const searchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-flows-cold-'));
  try {
    await runPipeline({ root, name: path.basename(root), log: () => {}, workers: 0, onPhase, searchDir: () => searchDir });
  } finally {
    fs.rmSync(searchDir, { recursive: true, force: true });
  }
  onPhase('end');
  delete cpu.search; delete wall.search; delete cpu.end;
  const pipelineCpu = Object.entries(cpu).filter(([k]) => k !== 'start').reduce((t, [, v]) => t + v, 0);
  console.log(JSON.stringify({ modulesCpu: cpu.modules, processesCpu: cpu.processes, modulesWall: wall.modules, processesWall: wall.processes, pipelineCpu }));
}

/** `--cold N`: N fresh processes, medians (and the spread) of the modules and processes phases. */
function cold(count: number): void {
  const self = fileURLToPath(import.meta.url);
  const rows: Record<string, number>[] = [];
  for (let i = 0; i < count; i++) {
    // Node flags given to the bench (e.g. --max-opt=1) are passed on to the children.
    const flags = process.execArgv.filter((a) => a !== '--import' && a !== 'tsx');
    const r = spawnSync(process.execPath, [...flags, '--import', 'tsx', self, '--cold-child', '--root', root], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench/flows: cold child failed: ${r.stderr}`);
    rows.push(JSON.parse(r.stdout.trim().split('\n').pop()!));
  }
  console.log(`cold pipeline of ${path.relative(process.cwd(), root) || root}, ${count} fresh processes (pipeline CPU without search): median [min–max] ms`);
  for (const k of ['modulesCpu', 'modulesWall', 'processesCpu', 'processesWall', 'pipelineCpu']) {
    const xs = rows.map((r) => r[k]);
    console.log(`  ${k.padEnd(14)} ${ms(median(xs))}  [${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}]`);
  }
}

/** `--seeds N`: seed sensitivity of the module split on the flows-app fixture (see the header). */
function seeds(count: number): void {
  const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/flows-app');
  const u = (label: string, file: string, name: string): string => `${label}:src/${file}:${name}`;
  const order = [u('Function', 'routes/order-routes.ts', 'registerOrderRoutes'), u('Function', 'controllers/order-controller.ts', 'listOrders'),
    u('Function', 'controllers/order-controller.ts', 'placeOrder'), u('Function', 'controllers/order-controller.ts', 'orderStats'),
    u('Function', 'routes/admin-routes.ts', 'registerAdminRoutes'), u('Class', 'services/order-service.ts', 'OrderService'),
    u('Function', 'services/pricing.ts', 'computeTotal'), u('Class', 'data/order-repository.ts', 'OrderRepository')];
  const user = [u('Class', 'services/user-service.ts', 'UserService'), u('Class', 'services/password-hasher.ts', 'PasswordHasher'),
    u('Class', 'data/user-repository.ts', 'UserRepository'), u('Function', 'cli/seed.ts', 'seedDatabase')];
  // The fixture test also expects the user controller (an adapter, see docs/flows.md) in the user module: `*`.
  const controller = u('Class', 'controllers/user-controller.ts', 'UserController');
  const indexed = fixtureGraph(fixture);
  const bare = copyOf(indexed);
  for (const e of graphData(bare).edges) { delete e.via; if (e.type === 'REFERENCES') { delete e.role; delete e.callee; } }
  const variants: [string, CodeGraph][] = [['as indexed', indexed], ['reversed walk', fixtureGraph(fixture, (f) => f.slice().reverse())], ['no hints', bare]];
  const partitions = new Map<string, number>();
  let good = 0, whole = 0;
  console.log(`flows-app fixture, ${count} seeds per variant (+ order and user features split as the fixture test expects, * the user controller in the user module too, - other):`);
  for (const [name, base] of variants) {
    let line = '';
    for (let k = 0; k < count; k++) {
      const g = copyOf(base);
      detectModules(g, { seed: 1000 + k * 7919 });
      const ok = order.every((x) => nodeOf(g, x)?.module === 'order') && user.every((x) => nodeOf(g, x)?.module === 'user');
      const key = nodesWithLabel(g, 'Community').map((c) => `${c.name}:${c.size}`).sort().join(' ');
      partitions.set(key, (partitions.get(key) ?? 0) + 1);
      const all = ok && nodeOf(g, controller)?.module === 'user';
      line += all ? '*' : ok ? '+' : '-';
      if (ok) good++;
      if (all) whole++;
    }
    console.log(`  ${name.padEnd(14)} ${line}`);
  }
  console.log(`  feature split in ${good} of ${count * variants.length} runs (${whole} with the user controller); ${partitions.size} distinct partitions; most frequent:`);
  for (const [k, c] of [...partitions].sort((x, y) => y[1] - x[1]).slice(0, 3)) console.log(`    ${c}× ${k}`);
}

async function main(): Promise<void> {
  let real: CodeGraph | undefined;
  if (fs.existsSync(root)) {
    const searchDir = withSearch ? fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-flows-')) : undefined;
    try {
      // CPU per phase through the pipeline's phase hook (wall times come from its own summary).
      const cpu: Record<string, number> = {};
      let phase = 'start', mark = cpuNow();
      const onPhase = (p: string): void => { const c = cpuNow(); cpu[phase] = (cpu[phase] ?? 0) + c - mark; phase = p; mark = c; };
      const cpu0 = cpuNow();
      const out = await runPipeline({ root, name: path.basename(root), log: () => {}, workers: 0, onPhase, ...(searchDir ? { searchDir: () => searchDir } : {}) });
      onPhase('end');
      const cpuTotal = cpuNow() - cpu0;
      const tm = out.summary.timings;
      const mine = (tm.modules ?? 0) + (tm.processes ?? 0);
      const mineCpu = (cpu.modules ?? 0) + (cpu.processes ?? 0);
      console.log(`cold analyze of ${path.relative(process.cwd(), root)} (${out.table.files.length} files${withSearch ? '' : ', no search'}, in-process): wall ${ms(tm.total)}, cpu ${ms(cpuTotal)}`);
      console.log(`  phases wall: ${Object.entries(tm).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${Math.round(v as number)}`).join(', ')} (ms)`);
      console.log(`  phases cpu:  ${Object.entries(cpu).filter(([k]) => k !== 'start').map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')} (ms)`);
      console.log(`  modules + processes inside analyze: wall ${ms(mine)} = ${((100 * mine) / tm.total).toFixed(1)}%, cpu ${ms(mineCpu)} = ${((100 * mineCpu) / cpuTotal).toFixed(1)}% of cold analyze`);
      if (out.graph) real = strip(out.graph);
    } finally {
      if (searchDir) fs.rmSync(searchDir, { recursive: true, force: true });
    }
  }
  if (real && graphData(real).nodes.some((n) => n.label === 'Function' || n.label === 'Method')) {
    const t = measure(real);
    report('\nreal graph', real, t);
    sample(t);
    const big = replicate(real, scale);
    const tb = measure(big);
    report(`\nreal graph x${scale} (replicated)`, big, tb);
    const per = (x: Timed, g: CodeGraph) => (x.modulesCpu + x.processesCpu) / g.size;
    console.log(`  cpu per edge, x${scale} vs x1: ${(per(tb, big) / per(t, real)).toFixed(2)} (1.00 = linear)`);
  } else {
    console.log('(no resolved symbols from the pipeline yet: synthetic graphs only)');
  }
  console.log('');
  let prev: { g: CodeGraph; t: Timed } | undefined;
  for (const areas of [40, 120, 400, 1200]) {
    const g = syntheticGraph({ areas });
    const t = measure(g);
    report(`synthetic, ${areas} areas`, g, t);
    if (prev) console.log(`  cpu per edge vs previous: ${(((t.modulesCpu + t.processesCpu) / g.size) / ((prev.t.modulesCpu + prev.t.processesCpu) / prev.g.size)).toFixed(2)}`);
    if (areas === 40) sample(t);
    prev = { g, t };
  }
}

if (args.includes('--cold-child')) await coldChild();
else if (args.includes('--cold')) cold(Number(opt('cold', '9')));
else if (args.includes('--seeds')) seeds(Number(opt('seeds', '16')));
else await main();
