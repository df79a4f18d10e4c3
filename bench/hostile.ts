/**
 * Hostile read-only requests against the real evaluation server (issue 27's reproductions): for each, the
 * status and error code it gets and how long it took, while a second client asks `context` every 50 ms —
 * the slowest and median `context` answer during it say whether the server stayed responsive — and the
 * server's resident memory before and after. The corpus is rxjs 7.8.1's `src` (the devDependency), analyzed
 * into a temporary folder; the server is the built CLI (`node build.mjs` first) in its own process.
 *
 *   node --import tsx bench/hostile.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../lib/analyze/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'codegraph.mjs');
const a = (n: number) => 'a'.repeat(n);
const unknownKeys = (from: number) => `MATCH (n) RETURN ${Array.from({ length: 100 }, (_, i) => `n.zz${from + i}`).join(', ')} LIMIT 1`;

/** The reproductions: a name and the request bodies sent at once. */
const CASES: Array<{ name: string; bodies: object[] }> = [
  { name: 'nothing else (baseline)', bodies: [] },
  { name: '1 replace() growth', bodies: [{ query: "WITH reduce(s = '', i IN range(1, 20000) | s + 'a') AS s RETURN size(replace(s, 'a', s)) AS c" }] },
  { name: '2 100 unknown keys ×4', bodies: [0, 100, 200, 300].map((k) => ({ query: unknownKeys(k) })) },
  { name: "3 'a'×40 =~ '(a|a)*b'", bodies: [{ query: `RETURN '${a(40)}' =~ '(a|a)*b' AS m` }] },
  { name: "3 'a'×32 =~ '(\\w|\\d)*!'", bodies: [{ query: `RETURN '${a(32)}' =~ '(\\\\w|\\\\d)*!' AS m` }] },
  { name: "3 'a'×64 =~ '.*'×8 'b'", bodies: [{ query: `RETURN '${a(64)}' =~ '.*.*.*.*.*.*.*.*b' AS m` }] },
  { name: '4 slow query', bodies: [{ query: 'MATCH (a), (b), (c) RETURN count(*) AS n' }] },
  { name: '4 four slow queries', bodies: Array.from({ length: 4 }, () => ({ query: 'MATCH (a), (b), (c) RETURN count(*) AS n' })) },
  { name: '9 n.__proto__', bodies: [{ query: 'MATCH (n:Class) RETURN n.__proto__ LIMIT 1' }] },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function post(url: string, body: object): Promise<{ status: number; code?: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json() as { error?: { code: string; details?: { budget?: string } } };
  const code = json.error ? `${json.error.code}${json.error.details?.budget ? ` (${json.error.details.budget})` : ''}` : undefined;
  return { status: res.status, code, ms: performance.now() - t0 };
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-hostile-'));
try {
  const home = path.join(base, 'home');
  const repo = path.join(base, 'rxjs');
  fs.cpSync(path.join(root, 'node_modules', 'rxjs', 'src'), path.join(repo, 'src'), { recursive: true });
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  const child = spawn(process.execPath, [bin, 'eval-server', '--port', '0', '--quiet'], { env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => { out += d; const m = /listening on (\S+)/.exec(out); if (m) resolve(m[1]); });
      child.on('exit', (code) => reject(new Error(`eval-server exited ${code}`)));
    });
    const context = () => post(`${url}/context`, { name: 'Observable' });
    for (let i = 0; i < 20; i++) await context();
    await post(`${url}/cypher`, { query: 'MATCH (n) RETURN count(n) AS n' });
    const rssStart = rssMb(child.pid!);
    console.log(`rxjs/src on ${url}; server ${rssStart.toFixed(0)} MB after warm-up`);
    console.log('| request | answers (status code) | slowest answer | context p50 / max meanwhile | server RSS after |');
    console.log('|---|---|---|---|---|');
    for (const c of CASES) {
      const times: number[] = [];
      let done = false;
      const poll = (async () => {
        while (!done) {
          times.push((await context()).ms);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const answers = c.bodies.length ? await Promise.all(c.bodies.map((b) => post(`${url}/cypher`, b))) : [];
      if (!answers.length) await new Promise((r) => setTimeout(r, 2000));
      done = true;
      await poll;
      times.sort((x, y) => x - y);
      const kinds = [...new Set(answers.map((r) => `${r.status}${r.code ? ` ${r.code}` : ''}`))].join(', ') || '–';
      const slowest = answers.length ? `${Math.max(...answers.map((r) => r.ms)).toFixed(0)} ms` : '–';
      console.log(`| ${c.name} | ${kinds} | ${slowest} | ${pct(times, 50).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms (${times.length}) | ${rssMb(child.pid!).toFixed(0)} MB |`);
    }
  } finally {
    child.kill('SIGTERM');
  }
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
