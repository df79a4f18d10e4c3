/**
 * The search stage of analyze on rxjs 7.8.1, as analyze runs it: `buildSearch` once per fresh process
 * (cold memo caches, cold JIT), cold (no previous generation) and one-file-changed (the previous generation
 * beside it, `operators/map.ts` with one function appended, as bench/analyze.ts does), then `loadSearch` and
 * the first query in a fresh process (what a server pays at start-up and on its first `query`).
 *
 *   node --import tsx bench/search-build.ts [--runs N] [--keep DIR] [--corpus DIR]
 *
 * `--corpus` measures another source folder instead of rxjs (the edited file is then the first `.ts` (else `.js`, `.py`) file in
 * sorted order). The build's own step timings (documents, keyword, vectors, write: wall ms) are printed too.
 *
 * The graphs come from the real pipeline (buildSnapshotInMemory without search), built once in this process
 * and handed to the children as JSON, so the children time the search stage alone. Each child prints its CPU
 * time (user + system of the whole process, all threads, over the measured call: on a shared machine wall
 * time also measures the neighbours), its wall time and the GC pause time inside the call. Medians of N runs.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphData } from '../lib/graph/code-graph.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

interface Measure { cpuMs: number; wallMs: number; gcMs: number; extra?: Record<string, number | string> }

function sourcesOf(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out;
}

/** Child: runs one measured step and prints `BENCH {json}`. */
async function child(mode: string, args: { graph: string; corpus: string; dir: string; previous?: string }): Promise<void> {
  const { GraphBuilder } = await import('../lib/graph/builder.ts');
  const search = await import('../lib/search/index.ts');
  const { loadSearch } = await import('../lib/search/load.ts');
  const { query } = await import('../handlers/query.ts');
  const { memorySnapshot } = await import('../test/helpers/memory-snapshot.ts');
  const { PerformanceObserver } = await import('node:perf_hooks');
  const graph = GraphBuilder.fromJSON(JSON.parse(fs.readFileSync(args.graph, 'utf8'))).toGraph();
  // Analyze hands over the texts it read (held in memory) and the file table's hashes.
  const hashes = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const f of sourcesOf(args.corpus)) {
    const text = fs.readFileSync(path.join(args.corpus, f), 'utf8');
    texts.set(f, text);
    hashes.set(f, createHash('sha256').update(text).digest('hex'));
  }
  const readSource = (p: string): string | undefined => texts.get(p);
  let gcMs = 0;
  const obs = new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; });
  obs.observe({ entryTypes: ['gc'] });
  const extra: Record<string, number | string> = {};
  const timed = async (f: () => Promise<void>): Promise<Measure> => {
    await new Promise((r) => setTimeout(r, 20));
    gcMs = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f();
    const wallMs = performance.now() - t0;
    const c = process.cpuUsage(c0);
    await new Promise((r) => setTimeout(r, 20)); // let the observer deliver
    return { cpuMs: (c.user + c.system) / 1000, wallMs, gcMs, extra };
  };
  let m: Measure;
  if (mode === 'load') {
    let idx: unknown;
    m = await timed(async () => { idx = await loadSearch(args.dir); });
    const snap = memorySnapshot({ graph, files: {}, search: idx, embed: (x) => search.embedWith(args.dir, x) });
    const q = await timed(async () => { await query({ query: 'retry a failed subscription with a delay' }, snap); });
    extra.firstQueryCpuMs = q.cpuMs;
    extra.firstQueryWallMs = q.wallMs;
  } else {
    m = await timed(async () => {
      const res = await search.buildSearch({
        graph, dir: args.dir, previousDir: args.previous, embedder: 'builtin', log: () => {},
        readSource,
      });
      extra.embeddings = res.embeddings;
      extra.reused = res.reused ?? 0;
      extra.reusedRows = res.reusedRows ?? 0;
      for (const [k, v] of Object.entries(res.steps ?? {})) extra[`step:${k}`] = v;
    });
  }
  obs.disconnect();
  process.stdout.write(`BENCH ${JSON.stringify(m)}\n`);
}

function run(mode: string, args: Record<string, string | undefined>): Measure {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, JSON.stringify(args)], { cwd: repoRoot, encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.startsWith('BENCH '));
  if (!line) throw new Error(`child ${mode} failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(line.slice(6)) as Measure;
}

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const f1 = (x: number): string => x.toFixed(1);

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
  const keepArg = process.argv.indexOf('--keep');
  const tmp = keepArg > 0 ? process.argv[keepArg + 1] : fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-search-'));
  fs.mkdirSync(tmp, { recursive: true });
  const { RXJS_SRC } = await import('./search-corpus.ts');
  const corpusArg = process.argv.indexOf('--corpus');
  const source = corpusArg > 0 ? path.resolve(process.argv[corpusArg + 1]) : RXJS_SRC;
  const { buildSnapshotInMemory } = await import('../lib/analyze/index.ts');
  try {
    // The corpus and its one-file-changed copy (as bench/analyze.ts edits it), each indexed once.
    const corpusA = path.join(tmp, 'corpus-a');
    const corpusB = path.join(tmp, 'corpus-b');
    for (const c of [corpusA, corpusB]) { fs.rmSync(c, { recursive: true, force: true }); fs.cpSync(source, c, { recursive: true, filter: (f) => !f.includes(`${path.sep}.codegraph`) }); }
    // The first .ts file in sorted order, else (a JavaScript corpus) the first .js file, else the first .py file.
    const files = sourcesOf(corpusB);
    const edited = corpusArg > 0 ? files.find((f) => f.endsWith('.ts')) ?? files.find((f) => f.endsWith('.js')) ?? files.find((f) => f.endsWith('.py')) : 'internal/operators/map.ts';
    if (!edited) throw new Error(`no .ts, .js or .py file in ${source}`);
    const target = path.join(corpusB, edited);
    fs.appendFileSync(target, edited.endsWith('.ts') ? '\nexport function benchAdded0(x: number): number {\n  return x + 0;\n}\n'
      : edited.endsWith('.py') ? '\n\ndef bench_added_0(x):\n    return x + 0\n' : '\nfunction benchAdded0(x) {\n  return x + 0;\n}\n');
    const graphA = path.join(tmp, 'graph-a.json');
    const graphB = path.join(tmp, 'graph-b.json');
    for (const [c, g] of [[corpusA, graphA], [corpusB, graphB]] as const) {
      const snap = await buildSnapshotInMemory(c, { search: false, log: () => {} });
      fs.writeFileSync(g, JSON.stringify(graphData(snap.graph)));
    }
    const cold: Measure[] = [];
    const one: Measure[] = [];
    const load: Measure[] = [];
    for (let i = 0; i < runs; i++) {
      const genA = path.join(tmp, `gen-a-${i}`);
      const genB = path.join(tmp, `gen-b-${i}`);
      fs.rmSync(genA, { recursive: true, force: true });
      fs.rmSync(genB, { recursive: true, force: true });
      cold.push(run('build', { graph: graphA, corpus: corpusA, dir: genA }));
      one.push(run('build', { graph: graphB, corpus: corpusB, dir: genB, previous: genA }));
      load.push(run('load', { graph: graphB, corpus: corpusB, dir: genB }));
    }
    const line = (name: string, ms: Measure[]): void => {
      console.log(`  ${name.padEnd(18)} cpu ${f1(median(ms.map((m) => m.cpuMs))).padStart(6)} ms   wall ${f1(median(ms.map((m) => m.wallMs))).padStart(6)} ms   gc ${f1(median(ms.map((m) => m.gcMs))).padStart(5)} ms   (cpu runs: ${ms.map((m) => f1(m.cpuMs)).join(', ')})`);
      const steps = Object.keys(ms[0].extra ?? {}).filter((k) => k.startsWith('step:'));
      if (steps.length) console.log(`  ${''.padEnd(18)} steps (wall): ${steps.map((k) => `${k.slice(5)} ${f1(median(ms.map((m) => Number(m.extra?.[k] ?? 0))))}`).join(', ')}`);
    };
    const e = cold[0].extra ?? {};
    console.log(`${corpusArg > 0 ? source : 'rxjs 7.8.1 src'}: ${e.embeddings} symbols, built-in embedder, ${runs} runs, medians (node ${process.version}, load ${os.loadavg()[0].toFixed(2)})`);
    line('buildSearch cold', cold);
    line('buildSearch 1-file', one);
    console.log(`  ${''.padEnd(18)} reused ${one[0].extra?.reused} vectors, ${one[0].extra?.reusedRows} of ${one[0].extra?.embeddings} documents`);
    line('loadSearch', load);
    const fq = load.map((m) => Number(m.extra?.firstQueryCpuMs ?? 0));
    console.log(`  ${'first query'.padEnd(18)} cpu ${f1(median(fq)).padStart(6)} ms   wall ${f1(median(load.map((m) => Number(m.extra?.firstQueryWallMs ?? 0)))).padStart(6)} ms`);
    const size = (d: string): number => { let s = 0; for (const f of sourcesOf(d)) s += fs.statSync(path.join(d, f)).size; return s; };
    console.log(`  search files: ${(size(path.join(tmp, 'gen-a-0', 'search')) / 1e6).toFixed(2)} MB (${sourcesOf(path.join(tmp, 'gen-a-0', 'search')).join(', ')})`);
  } finally {
    if (keepArg < 0) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], JSON.parse(process.argv[4]));
else await main();

