/**
 * Server benchmark: start-to-ready time, and over HTTP the p50/p95 latency and requests per second of
 * `context` (and `query`) with 8 concurrent keep-alive clients, on the real corpus (rxjs 7.8.1's `src`,
 * analyzed into a temporary copy). The server runs as the real CLI (`codegraph eval-server`) in its own
 * process; this process only generates load.
 *
 *   node --import tsx bench/server.ts [--seconds 5] [--clients 8] [--starts 9]
 *
 * Start-up is timed from spawning the command to its first answered request (wall clock), and, on Linux, by
 * the CPU time the server process used until then (user + system, all threads, from /proc): on a shared
 * machine the wall clock mostly measures the neighbours, the CPU time what the command itself costs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { SnapshotLoader } from '../index-store/loader.ts';
import { createEvalServer } from '../runtime/http/eval-server.ts';
import { warmUp } from '../runtime/snapshot-source.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, clients: { type: 'string', default: '8' }, starts: { type: 'string', default: '9' } } });
const STARTS = Math.max(1, Number(values.starts));
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rxjs = path.join(root, 'node_modules', 'rxjs', 'src');

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
  return { dir, repo: res.repo, analyzeMs: performance.now() - t0 };
}

/** In-process: loader + warm-up + listen, as the eval-server command does after Node has started. */
async function readyInProcess(home: string): Promise<number> {
  const t0 = performance.now();
  const loader = new SnapshotLoader({ home });
  await warmUp(loader, () => {});
  const server = createEvalServer({ source: loader, port: 0, quiet: true, log: () => {} });
  await server.start();
  const t = performance.now() - t0;
  await server.stop();
  return t;
}

/** The real command: from spawning `node bin/codegraph.mjs eval-server` to the first answered request. */
async function readyCli(home: string): Promise<{ ms: number; cpuMs: number | undefined; child: ChildProcess; url: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin', 'codegraph.mjs'), 'eval-server', '--port', '0', '--quiet'], {
    env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => { out += d; const m = /listening on (\S+)/.exec(out); if (m) resolve(m[1]); });
    child.on('exit', (code) => reject(new Error(`eval-server exited ${code}`)));
  });
  await (await fetch(`${url}/list_repos`)).arrayBuffer();
  return { ms: performance.now() - t0, cpuMs: cpuTime(child.pid), child, url };
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

/** `clients` keep-alive connections posting `bodies` round-robin for `seconds`; latency per request. */
async function load(url: string, route: string, bodies: object[], seconds: number, clients: number) {
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
  // Warm-up: every body once (first calls build lazy indexes), then a second of unmeasured load (JIT, GC).
  for (const p of payloads) await call(p);
  const warmEnd = performance.now() + 1000;
  let w = 0;
  await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < warmEnd) await call(payloads[w++ % payloads.length]); }));
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
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), statuses: Object.fromEntries(statuses) };
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-bench-server-')));
  try {
    const small = await corpus(base, path.join(base, 'home-251'), 'rxjs', 1);
    const large = await corpus(base, path.join(base, 'home-502'), 'rxjs2', 2);
    console.log(`corpus: rxjs ${small.repo.stats.files} files, ${small.repo.stats.nodes} nodes, ${small.repo.stats.edges} edges (analyze ${ms(small.analyzeMs)}); ` +
      `rxjs×2 ${large.repo.stats.files} files, ${large.repo.stats.nodes} nodes (analyze ${ms(large.analyzeMs)})`);

    for (const [label, home] of [['251 files', path.join(base, 'home-251')], ['502 files', path.join(base, 'home-502')]] as const) {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) runs.push(await readyInProcess(home));
      runs.sort((a, b) => a - b);
      console.log(`ready in process (load snapshot + listen), ${label}: median ${ms(runs[2])} (min ${ms(runs[0])}, max ${ms(runs[4])})`);
      const cli: number[] = [], cpu: number[] = [];
      for (let i = 0; i < STARTS; i++) {
        const r = await readyCli(home);
        cli.push(r.ms);
        if (r.cpuMs !== undefined) cpu.push(r.cpuMs);
        await fetch(`${r.url}/shutdown`, { method: 'POST' });
        await new Promise((res) => r.child.once('exit', res));
      }
      console.log(`ready as the CLI (node start → first answer), ${label}, ${STARTS} starts: ${spread(cli)}`);
      if (cpu.length) console.log(`  CPU time of the server process until then: ${spread(cpu)}`);
    }

    const loader = new SnapshotLoader({ home: path.join(base, 'home-251') });
    const snap = await loader.get('rxjs');
    loader.close();
    const rxjsFiles = snap.files.size;
    const symbols = snap.graph.nodes.filter((n) => ['Function', 'Class', 'Method', 'Interface'].includes(n.label));
    const step = Math.max(1, Math.floor(symbols.length / 200));
    const picked = symbols.filter((_, i) => i % step === 0).slice(0, 200);
    const byUid = picked.map((n) => ({ uid: n.uid }));
    const byName = picked.map((n) => ({ name: n.name, file_path: n.filePath }));
    const queries = ['subscribe to an observable', 'merge several streams', 'retry on error', 'debounce user input', 'share a subscription', 'schedule work asynchronously', 'convert a promise', 'buffer values over time'].map((q) => ({ query: q }));

    const { child, url } = await readyCli(path.join(base, 'home-251'));
    try {
      // A fresh server process compiles its hot paths during the first seconds: warm every route up first.
      await load(url, '/context', [...byName, ...byUid], 2, CLIENTS);
      await load(url, '/query', queries, 1, CLIENTS);
      for (const [what, route, bodies] of [
        ['context by name + file_path', '/context', byName], ['context by uid', '/context', byUid], ['query', '/query', queries],
      ] as const) {
        const r = await load(url, route, bodies as object[], SECONDS, CLIENTS);
        console.log(`${what}, ${CLIENTS} clients, ${SECONDS} s: ${r.requests} requests, ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, statuses ${JSON.stringify(r.statuses)}`);
      }
    } finally {
      await fetch(`${url}/shutdown`, { method: 'POST' }).catch(() => {});
      await new Promise((res) => child.once('exit', res));
    }
    console.log(`(${picked.length} symbols of ${rxjsFiles} files, picked evenly)`);
    console.log(`load average: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; cores: ${os.cpus().length}`);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

await main();
