/**
 * Server benchmark: start-to-ready time, memory, and over HTTP the p50/p95 latency and requests per second of
 * `context` (and `query`) with 8 concurrent keep-alive clients. The load corpus is `--copies` copies of rxjs
 * 7.8.1's `src` (21k lines each; 5 copies ≈ 107k lines), analyzed into a temporary copy; `--repo DIR` adds a
 * start-up measurement on another folder (three.js's src + examples/jsm, ~417k lines, for the 300k-line target).
 * The server runs as the real CLI (`codegraph eval-server`) in its own process; this process only generates load.
 * With `--baseline DIR` (another checkout, built) every measurement runs for both builds, interleaved, on the
 * same snapshots (both must read the same snapshot format).
 *
 *   node --import tsx bench/server.ts [--seconds 5] [--clients 8] [--starts 9] [--copies 5] [--repo DIR] [--baseline DIR]
 *     [--heap-snapshots DIR]
 *
 * Start-up is timed from spawning the command to its first answered request (wall clock), and, on Linux, by
 * the CPU time the server process used until then (user + system, all threads, from /proc): on a shared
 * machine the wall clock mostly measures the neighbours, the CPU time what the command itself costs. Memory
 * is the server's resident set when ready and after the load (from /proc), and both again after a full GC
 * with the V8 heap in use (bench/memory-probe.mjs, preloaded into every server started here, any build);
 * `--heap-snapshots DIR` also writes a heap snapshot at each of those points, to compare builds by constructor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { SnapshotLoader } from '../index-store/loader.ts';
import { graphData } from '../lib/graph/code-graph.ts';

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '5' }, clients: { type: 'string', default: '8' }, starts: { type: 'string', default: '9' },
  copies: { type: 'string', default: '5' }, repo: { type: 'string' }, baseline: { type: 'string' }, 'heap-snapshots': { type: 'string' },
} });
const STARTS = Math.max(1, Number(values.starts));
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const COPIES = Math.max(1, Number(values.copies));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rxjs = path.join(root, 'node_modules', 'rxjs', 'src');
/** The builds compared: this checkout, and the baseline when given. */
const builds: { label: string; bin: string }[] = [{ label: 'this build', bin: path.join(root, 'bin', 'codegraph.mjs') }];
if (values.baseline) builds.unshift({ label: 'baseline', bin: path.join(path.resolve(values.baseline), 'bin', 'codegraph.mjs') });

const MB = 1024 * 1024;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A repository made of `copies` copies of rxjs/src (251 files each), analyzed into `home`. */
async function corpus(base: string, home: string, name: string, copies: number) {
  const dir = path.join(base, name);
  for (let i = 0; i < copies; i++) fs.cpSync(rxjs, path.join(dir, copies === 1 ? 'src' : `src${i + 1}`), { recursive: true });
  const t0 = performance.now();
  const res = await analyzeRepository(dir, { home, name, embedder: process.env.CODEGRAPH_EMBEDDER ?? 'lexical' });
  // Guard against measuring a truncated corpus (a stray .gitignore or git work tree above the temp folder).
  if (res.repo.stats.files < 251 * copies) throw new Error(`corpus ${name}: only ${res.repo.stats.files} files indexed, expected ${251 * copies}+`);
  return { dir, repo: res.repo, lines: res.summary.lines, analyzeMs: performance.now() - t0 };
}

/** A copy of `src` (its `.codegraph` left out) analyzed into `home`. */
async function copyOf(src: string, base: string, home: string, name: string) {
  const dir = path.join(base, name);
  fs.cpSync(src, dir, { recursive: true, filter: (p) => path.basename(p) !== '.codegraph' });
  const res = await analyzeRepository(dir, { home, name, embedder: process.env.CODEGRAPH_EMBEDDER ?? 'lexical' });
  return { dir, repo: res.repo, lines: res.summary.lines };
}

/** The server's memory after two full collections (bench/memory-probe.mjs), in bytes. */
interface Memory { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; gc: boolean; snapshot?: string }

/** Preloaded into every server started here: answers SIGUSR2 with its memory after a GC (and a heap snapshot on request). */
const PROBE = path.join(root, 'bench', 'memory-probe.mjs');

/** The real command: from spawning `node <bin> eval-server` to the first answered request. */
async function readyCli(bin: string, home: string) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', pathToFileURL(PROBE).href, bin, 'eval-server', '--port', '0', '--quiet'], {
    env: { ...process.env, CODEGRAPH_HOME: home, ...(values['heap-snapshots'] ? { BENCH_HEAP_SNAPSHOT_DIR: path.resolve(values['heap-snapshots']) } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const waiting: ((m: Memory) => void)[] = [];
  child.stdout!.on('data', (d) => {
    out += d;
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (line.startsWith('memory-probe ')) waiting.shift()?.(JSON.parse(line.slice('memory-probe '.length)) as Memory);
    }
  });
  let announced = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => { announced += d; const m = /listening on (\S+)/.exec(announced); if (m) resolve(m[1]); });
    child.on('exit', (code) => reject(new Error(`eval-server exited ${code}`)));
  });
  await (await fetch(`${url}/list_repos`)).arrayBuffer();
  const ready = { ms: performance.now() - t0, cpuMs: cpuTime(child.pid) };
  /** The server's memory after a full GC (RSS read by the server itself, right after the collection). */
  const memory = () => new Promise<Memory>((resolve) => { waiting.push(resolve); child.kill('SIGUSR2'); });
  return { ...ready, child, url, memory };
}

/** Resident memory (MB) of a process; undefined where /proc is not available. */
function rssMb(pid: number | undefined): number | undefined {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process has used so far; undefined where /proc is not available. */
function cpuTime(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after "pid (comm) "; utime, stime = fields 12, 13
    const ticks = Number(fields[11]) + Number(fields[12]);
    const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return Number.isFinite(ticks) ? (ticks * 1000) / hz : undefined;
  } catch {
    return undefined;
  }
}

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${ms(s[Math.floor((s.length - 1) / 2)])} (min ${ms(s[0])}, max ${ms(s[s.length - 1])})`;
};
const spreadMb = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor((s.length - 1) / 2)].toFixed(0)} MB (min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)})`;
};

/** `clients` keep-alive connections posting `bodies` round-robin for `seconds`; latency per request. */
async function load(url: string, route: string, bodies: object[], seconds: number, clients: number, warm = true) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(route, url);
  const payloads = bodies.map((b) => Buffer.from(JSON.stringify(b)));
  const call = (payload: Buffer) => new Promise<number>((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': payload.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(payload);
  });
  if (warm) {
    // Warm-up: every body once (first calls build lazy indexes), then a second of unmeasured load (JIT, GC).
    for (const p of payloads) await call(p);
    const warmEnd = performance.now() + 1000;
    let w = 0;
    await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < warmEnd) await call(payloads[w++ % payloads.length]); }));
  }
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const p = payloads[next++ % payloads.length];
      const s = performance.now();
      const status = await call(p);
      latencies.push(performance.now() - s);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  return { requests: latencies.length, seconds: elapsed, latencies, statuses: Object.fromEntries(statuses) };
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-bench-server-')));
  try {
    const homes: [string, string][] = [];
    const loadHome = path.join(base, 'home-load');
    const load1 = await corpus(base, loadHome, 'rxjs', COPIES);
    console.log(`load corpus: rxjs×${COPIES}, ${load1.repo.stats.files} files, ${load1.lines} lines, ${load1.repo.stats.nodes} nodes, ${load1.repo.stats.edges} edges (analyze ${ms(load1.analyzeMs)})`);
    homes.push([`rxjs×${COPIES} (${load1.lines} lines)`, loadHome]);
    if (values.repo) {
      const home = path.join(base, 'home-repo');
      const r = await copyOf(path.resolve(values.repo), base, home, path.basename(values.repo));
      console.log(`start-up corpus: ${values.repo}, ${r.repo.stats.files} files, ${r.lines} lines, ${r.repo.stats.nodes} nodes, ${r.repo.stats.edges} edges`);
      homes.push([`${path.basename(values.repo)} (${r.lines} lines)`, home]);
    }

    for (const [label, home] of homes) {
      const cli = new Map<string, number[]>(), cpu = new Map<string, number[]>(), rss = new Map<string, number[]>();
      const gcRss = new Map<string, number[]>(), gcHeap = new Map<string, number[]>();
      const add = (m: Map<string, number[]>, k: string, v: number) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
      for (let i = 0; i < STARTS; i++) {
        for (const b of builds) { // interleaved: the neighbours' load falls on both alike
          const r = await readyCli(b.bin, home);
          add(cli, b.label, r.ms);
          if (r.cpuMs !== undefined) add(cpu, b.label, r.cpuMs);
          const m = rssMb(r.child.pid);
          if (m !== undefined) add(rss, b.label, m);
          const g = await r.memory();
          add(gcRss, b.label, g.rss / MB);
          add(gcHeap, b.label, g.heapUsed / MB);
          await fetch(`${r.url}/shutdown`, { method: 'POST' });
          await new Promise((res) => r.child.once('exit', res));
        }
      }
      for (const b of builds) {
        console.log(`[${b.label}] ready as the CLI (node start → first answer), ${label}, ${STARTS} starts: ${spread(cli.get(b.label)!)}`);
        if (cpu.get(b.label)?.length) console.log(`[${b.label}]   CPU time of the server process until then: ${spread(cpu.get(b.label)!)}`);
        if (rss.get(b.label)?.length) console.log(`[${b.label}]   resident memory when ready: ${spreadMb(rss.get(b.label)!)}`);
        console.log(`[${b.label}]   after a full GC: resident ${spreadMb(gcRss.get(b.label)!)}, V8 heap used ${spreadMb(gcHeap.get(b.label)!)}`);
      }
    }

    const loader = new SnapshotLoader({ home: loadHome });
    const snap = await loader.get('rxjs');
    loader.close();
    const symbols = graphData(snap.graph).nodes.filter((n) => ['Function', 'Class', 'Method', 'Interface'].includes(n.label));
    const step = Math.max(1, Math.floor(symbols.length / 200));
    const picked = symbols.filter((_, i) => i % step === 0).slice(0, 200);
    const byUid = picked.map((n) => ({ uid: n.uid }));
    const byName = picked.map((n) => ({ name: n.name, file_path: n.filePath }));
    const queries = ['subscribe to an observable', 'merge several streams', 'retry on error', 'debounce user input', 'share a subscription', 'schedule work asynchronously', 'convert a promise', 'buffer values over time'].map((q) => ({ query: q }));

    // Both servers run at once and take turns, ROUNDS short rounds each per route, so a change in the neighbours'
    // load falls on both alike; the server's own CPU time per request is the figure least disturbed by them.
    const ROUNDS = 5;
    const servers = await Promise.all(builds.map(async (b) => ({ b, ...(await readyCli(b.bin, loadHome)) })));
    try {
      for (const s of servers) { await load(s.url, '/context', [...byName, ...byUid], 2, CLIENTS); await load(s.url, '/query', queries, 1, CLIENTS); }
      for (const [what, route, bodies] of [
        ['context by name + file_path', '/context', byName], ['context by uid', '/context', byUid], ['query', '/query', queries],
      ] as const) {
        const acc = new Map<string, { requests: number; seconds: number; latencies: number[]; cpu: number; statuses: Record<string, number> }>();
        for (let r = 0; r < ROUNDS; r++) {
          for (const s of servers) {
            const c0 = cpuTime(s.child.pid) ?? 0;
            const res = await load(s.url, route, bodies as object[], SECONDS / ROUNDS, CLIENTS, false);
            const a = acc.get(s.b.label) ?? acc.set(s.b.label, { requests: 0, seconds: 0, latencies: [], cpu: 0, statuses: {} }).get(s.b.label)!;
            a.requests += res.requests; a.seconds += res.seconds; a.latencies.push(...res.latencies); a.cpu += (cpuTime(s.child.pid) ?? 0) - c0;
            for (const [k, v] of Object.entries(res.statuses)) a.statuses[k] = (a.statuses[k] ?? 0) + v;
          }
        }
        for (const s of servers) {
          const a = acc.get(s.b.label)!;
          a.latencies.sort((x, y) => x - y);
          console.log(`[${s.b.label}] ${what}, ${CLIENTS} clients, ${SECONDS} s: ${a.requests} requests, ${(a.requests / a.seconds).toFixed(0)} req/s, ` +
            `p50 ${ms(pct(a.latencies, 50))}, p95 ${ms(pct(a.latencies, 95))}, server CPU ${(a.cpu / a.requests).toFixed(2)} ms/request, statuses ${JSON.stringify(a.statuses)}`);
        }
      }
      for (const s of servers) {
        const m = rssMb(s.child.pid);
        const g = await s.memory();
        console.log(`[${s.b.label}] after the load: resident ${m === undefined ? '?' : m.toFixed(0)} MB; after a full GC: resident ${(g.rss / MB).toFixed(0)} MB, ` +
          `V8 heap used ${(g.heapUsed / MB).toFixed(0)} MB, external ${(g.external / MB).toFixed(0)} MB${g.snapshot ? `, heap snapshot ${g.snapshot}` : ''}`);
      }
    } finally {
      for (const s of servers) {
        await fetch(`${s.url}/shutdown`, { method: 'POST' }).catch(() => {});
        await new Promise((res) => s.child.once('exit', res));
      }
    }
    console.log(`(${picked.length} symbols of ${snap.files.size} files, picked evenly)`);
    console.log(`load average: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; cores: ${os.cpus().length}`);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

await main();
