/**
 * Search cost on a real repository of about 100k lines (a pinned repository of bench/search-history): a cold
 * analyze with the search stage in this thread (its share of the whole), then `query` latency over HTTP on the
 * real evaluation server (`codegraph eval-server`, one client, keep-alive), asked the repository's commit
 * subjects from the localization set, with the server's CPU time per query (on a shared machine the wall clock
 * mostly measures the neighbours).
 *   node --import tsx bench/search-server.ts [--repo knex/knex] [--queries 200]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { HISTORY_REPOS } from './search-history/repos.ts';
import { checkout, DEFAULT_MIRROR, DEFAULT_SET } from './search-history/mine.ts';
import { loadSet } from './search-history/eval.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const repo = HISTORY_REPOS.find((r) => r.repo === arg('--repo', 'knex/knex'))!;
const count = Number(arg('--queries', '200'));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pct = (s: number[], p: number): number => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];

/** CPU time (user + system, ms) a process has used so far, from /proc; undefined elsewhere. */
function cpuTime(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / hz;
  } catch { return undefined; }
}

execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-bench-search-')));
const dir = path.join(base, 'repo');
checkout(repo, DEFAULT_MIRROR, dir);
const home = path.join(base, 'home');
try {
  const res = await analyzeRepository(dir, { home, name: 'bench', force: true, searchWorker: false });
  const t = res.summary.timings as Record<string, number>;
  console.log(`${repo.repo}: ${res.summary.lines} lines, ${res.summary.symbols} symbols; cold analyze ${t.total} ms, search phase ${t.search} ms (${((100 * t.search) / t.total).toFixed(1)}%), embedder ${res.repo.stats.embeddings} vectors`);

  const child = spawn(process.execPath, [path.join(root, 'bin', 'codegraph.mjs'), 'eval-server', '--port', '0', '--quiet'], {
    env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => { out += d; const m = /listening on (\S+)/.exec(out); if (m) resolve(m[1]); });
    child.on('exit', (code) => reject(new Error(`eval-server exited ${code}`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL('/query', url);
  const ask = (body: object): Promise<number> => new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const s = performance.now();
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': payload.length } }, (r) => {
      r.resume();
      r.on('end', () => (r.statusCode === 200 ? resolve(performance.now() - s) : reject(new Error(`status ${r.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
  const questions = loadSet(DEFAULT_SET).filter((q) => q.repo === repo.repo).slice(0, count).map((q) => q.query);
  const first = await ask({ query: questions[0] });
  for (const q of questions.slice(0, 20)) await ask({ query: q }); // warm-up
  const times: number[] = [];
  const cpu0 = cpuTime(child.pid);
  for (const q of questions) times.push(await ask({ query: q }));
  const cpuPerQuery = cpu0 === undefined ? undefined : (cpuTime(child.pid)! - cpu0) / questions.length;
  times.sort((a, b) => a - b);
  console.log(`query over HTTP (eval-server, 1 client): first ${first.toFixed(1)} ms (reads the index), then ${times.length} queries p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms wall; server CPU ${cpuPerQuery?.toFixed(2) ?? '?'} ms per query`);
  agent.destroy();
  child.kill();
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
