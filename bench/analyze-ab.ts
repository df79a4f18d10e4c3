/**
 * A/B of cold analyze variants: each round runs every variant once (order alternating), each run in its own
 * process through a build's shipped CLI (`node <root>/bin/codegraph.mjs analyze <copy> --json`), started only
 * when both cores have been mostly idle (≥ 90% over 1 s, up to --max-wait seconds of waiting). A variant is a
 * set of environment settings; before the rounds each variant runs once unmeasured (disk cache, and a build
 * that keeps a code cache makes its cache for the bench's flags).
 *
 *   node --import tsx bench/analyze-ab.ts [--rounds N] [--corpus DIR] [--files N] [--no-build] [--one-file]
 *     [--edit append|body] [--target FILE] [--parallel-gate | --show-parallel] [--max-wait S]
 *     [--variant NAME=ENV=VALUE[,ENV=VALUE…]]…   (default: native=CODEGRAPH_NATIVE=1 and js=CODEGRAPH_NATIVE=0)
 *
 * The setting `AB_ROOT=<folder>` is not passed to the child: that variant runs `<folder>/bin/codegraph.mjs`
 * instead of this tree's, to compare two builds. `<folder>` is a checkout of the other commit with its own
 * `node build.mjs` run (dist/ and native/build/) and a node_modules (a copy, or a link to this tree's):
 *
 *   git -C . archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && node build.mjs)
 *   node --import tsx bench/analyze-ab.ts --variant base=AB_ROOT=/tmp/base --variant head=X=1
 *
 * `--files N` keeps the first N source files (sorted) of the corpus, to find where a variant starts paying.
 * `--parallel-gate`: also waits until two threads really run in parallel (this VM's two cores sometimes give one
 * core's worth of time: two spinning threads then each run at half speed); `--show-parallel` only prints that
 * efficiency per run. `--one-file`: measures a one-file-changed run after the cold one instead (a function
 * appended to rxjs's operators/map.ts, else the first `.ts` file, or on a JavaScript corpus the first `.js` one;
 * `--target` names another, in any language, by its path in the corpus or its end; `--edit body` instead adds a
 * statement to the file's first function body, keeping its outward shape — without --target, in the first such
 * file that has one: see bench/analyze.ts bodyEdit). Prints per variant the medians
 * of process wall, child CPU (all threads), the main thread's CPU (Linux, 10 ms ticks), `v8`: the CPU of the threads
 * alive at exit besides it (V8's helpers compiling optimised code and collecting garbage, libuv's pool), `ended`:
 * the rest (threads that ended first: the native parse thread, the search and extraction workers), peak RSS,
 * pipeline total and each phase from read to write. Every copy is aged by a minute first (as bench/analyze.ts does), so a
 * one-file run does not re-hash every "racily clean" file.
 * `--shared-cold` (with --one-file, variants of this one build: environment settings only, no AB_ROOT): one cold
 * analyze, before the rounds, makes the snapshot every one-file run starts from (its index and registry folders
 * put back before each run, the target's text restored then edited again), instead of a cold run per round and
 * variant — about a fifth of the time on a large corpus (typeorm, three variants, four rounds: 4.5 minutes, where
 * each cold analyze alone took over a minute), and every variant edits the very same snapshot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addedFunction, bodyEdit, pickTarget } from './analyze.ts';
import { languageOf, type LanguageId } from '../lib/lang/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const rounds = Number(opt('--rounds') ?? 5);
const corpus = path.resolve(opt('--corpus') ?? path.join(repoRoot, 'node_modules/rxjs/src'));
const maxFiles = opt('--files') ? Number(opt('--files')) : undefined;
const oneFile = argv.includes('--one-file');
/** The one-file edit: `append` (a function appended: an export added) or `body` (a statement added to the first body). */
const edit = opt('--edit') ?? 'append';
const editTarget = opt('--target');
const parallelGate = argv.includes('--parallel-gate');
const showParallel = argv.includes('--show-parallel');
const maxWaitMs = Number(opt('--max-wait') ?? 30) * 1000;
const sharedCold = argv.includes('--shared-cold');
const variants: Array<{ name: string; env: Record<string, string> }> = [];
argv.forEach((a, i) => {
  if (a !== '--variant') return;
  const [name, ...rest] = argv[i + 1].split('=');
  const env: Record<string, string> = {};
  // split at the first '=' only: a value may hold one (NODE_OPTIONS=--max-semi-space-size=4)
  for (const kv of rest.join('=').split(',')) { const at = kv.indexOf('='); env[kv.slice(0, at)] = kv.slice(at + 1); }
  variants.push({ name, env });
});
if (!variants.length) variants.push({ name: 'native', env: { CODEGRAPH_NATIVE: '1' } }, { name: 'js', env: { CODEGRAPH_NATIVE: '0' } });
if (sharedCold && (!oneFile || variants.some((v) => v.env.AB_ROOT !== undefined))) {
  console.error('--shared-cold needs --one-file and variants of this build (no AB_ROOT: another build would not take the snapshot over)');
  process.exit(2);
}

// Loaded with --import into each analyze process: reports its resource usage at exit (the summary is stdout). Worker
// threads load it too (they inherit --import): only the main thread reports, or a worker's line (the CPU used until
// it ended) would be read as the process's.
const HOOK = `
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
const require = createRequire(import.meta.url);
if (isMainThread) process.on('exit', () => {
  const ru = process.resourceUsage();
  // The main thread's own CPU (Linux: utime + stime of its task, in clock ticks of 10 ms): less disturbed by a busy
  // machine than wall time, and what the pipeline's critical path spends.
  // The threads still there at exit besides it are V8's helpers (compiling optimised code, collecting garbage beside
  // the main thread) and libuv's pool; those that ended before (the native parse thread, the search and extraction
  // workers) are the rest of the process's CPU.
  const fs = require('node:fs');
  const ticks = (tid) => {
    const f = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10;
  };
  let mainMs = NaN, v8Ms = NaN;
  try {
    mainMs = ticks(process.pid);
    v8Ms = 0;
    for (const tid of fs.readdirSync('/proc/self/task')) if (Number(tid) !== process.pid) { try { v8Ms += ticks(tid); } catch {} }
  } catch {}
  process.stderr.write('\\nAB ' + JSON.stringify({ cpuMs: (ru.userCPUTime + ru.systemCPUTime) / 1000, mainMs, v8Ms, rssMB: ru.maxRSS / 1024 }) + '\\n');
});
`;

function cpuTimes(): { idle: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: line[3] + line[4], total: line.reduce((a, b) => a + b, 0) };
}

// Two threads spinning at once vs one alone: 1.0 when the two cores really run in parallel, 0.5 when the
// virtual machine gets one core's worth of time (measured: it changes from minute to minute on the shared host).
const PROBE = `
const { Worker } = require('node:worker_threads');
const code = "let x = 0; const t = performance.now(); for (let i = 0; i < 2e7; i++) x = (x * 1103515245 + 12345) | 0; require('node:worker_threads').parentPort.postMessage(performance.now() - t);";
const one = () => new Promise((r) => { const w = new Worker(code, { eval: true }); w.on('message', r); });
(async () => { const a = await one(); const b = await Promise.all([one(), one()]); console.log(a / Math.max(...b)); })();
`;
function parallelism(): number {
  const r = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

/**
 * Waits until the machine was ≥ 90% idle over one second and, with --parallel-gate, until two threads run
 * side by side at ≥ 85% of their speed alone (at most --max-wait seconds); returns [idle share, parallel efficiency].
 */
function quiet(): [number, number] {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const a = cpuTimes();
    spawnSync('sleep', ['1']);
    const b = cpuTimes();
    const idle = (b.idle - a.idle) / Math.max(1, b.total - a.total);
    if (idle < 0.9 && Date.now() <= until) continue;
    const par = parallelGate || showParallel ? parallelism() : NaN;
    if (!parallelGate || par >= 0.85 || Date.now() > until) return [idle, par];
  }
}

interface Result {
  wall: number; cpu: number; main: number; v8: number; ended: number; rss: number; total: number; read: number; parse: number; resolve: number; modules: number; processes: number; search: number; write: number;
  idle: number; par: number;
}

/** One analyze of `dir` by the variant's build (AB_ROOT, else this tree), with its extra arguments (AB_ARGS). */
function run(hook: string, dir: string, home: string, variantEnv: Record<string, string>, measured = true): Result {
  const { AB_ROOT: root, AB_ARGS: args, ...env } = variantEnv;
  const bin = path.join(root ? path.resolve(root) : repoRoot, 'bin', 'codegraph.mjs');
  const [idle, par] = measured ? quiet() : [NaN, NaN];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, bin, 'analyze', dir, '--json', ...(args ? args.split(' ') : [])], {
    encoding: 'utf8', env: { ...process.env, ...env, CODEGRAPH_HOME: home }, maxBuffer: 64 << 20,
  });
  const wall = performance.now() - t0;
  const ab = r.stderr.split('\n').find((l) => l.startsWith('AB '));
  if (r.status !== 0 || !ab) throw new Error(`analyze failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const { cpuMs, mainMs, v8Ms, rssMB } = JSON.parse(ab.slice(3));
  const t = JSON.parse(r.stdout).timings;
  return {
    wall, cpu: cpuMs, main: mainMs, v8: v8Ms, ended: Math.max(0, cpuMs - mainMs - v8Ms), rss: rssMB, total: t.total, read: t.read ?? 0, parse: t.parse ?? 0, resolve: t.resolve ?? 0, modules: t.modules ?? 0,
    processes: t.processes ?? 0, search: t.search ?? 0, write: t.write ?? 0, idle, par,
  };
}

function copyCorpus(dest: string): void {
  fs.cpSync(corpus, dest, { recursive: true, filter: (src) => !src.includes(`${path.sep}.codegraph`) });
  if (maxFiles === undefined) return;
  const files: string[] = [];
  const visit = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) visit(p); else files.push(p);
    }
  };
  visit(dest);
  for (const f of files.filter((f) => /\.[cm]?[jt]sx?$/.test(f)).slice(maxFiles)) fs.rmSync(f);
}

/**
 * Ages every file of a fresh copy by a minute, as bench/analyze.ts does: files copied this instant are "racily
 * clean" (mtime within 2 s of the scan), so the run after the cold one would read and hash all of them again —
 * which a real repository's old files never cost.
 */
function ageCopy(dest: string): void {
  const old = new Date(Date.now() - 60_000);
  for (const f of fs.readdirSync(dest, { recursive: true }).map(String)) {
    if (f.includes('.codegraph')) continue;
    const p = path.join(dest, f);
    if (fs.lstatSync(p).isFile()) fs.utimesSync(p, old, old); // (a symbolic link left as it is: Debian's packages hold dangling ones)
  }
}

if (!argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`node build.mjs failed: ${b.stderr}`);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-ab-'));
const hook = path.join(tmp, 'hook.mjs');
fs.writeFileSync(hook, HOOK);
const results = new Map<string, Result[]>(variants.map((v) => [v.name, []]));
try {
  // (with --shared-cold, its cold analyze is the warm-up: the variants run the same build)
  for (const v of sharedCold ? [] : variants) {
    const dir = path.join(tmp, `warm-${v.name}`);
    copyCorpus(dir);
    run(hook, dir, path.join(tmp, `hw-${v.name}`), v.env, false);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // --shared-cold: the one cold snapshot (index and registry folders) every one-file run starts from
  const shared = sharedCold ? { dir: path.join(tmp, 'shared'), home: path.join(tmp, 'shared-home'), index: path.join(tmp, 'shared-index'), registry: path.join(tmp, 'shared-registry') } : undefined;
  const texts = new Map<string, string>();
  if (shared) {
    copyCorpus(shared.dir);
    ageCopy(shared.dir);
    run(hook, shared.dir, shared.home, {}, false);
    fs.cpSync(path.join(shared.dir, '.codegraph'), shared.index, { recursive: true, preserveTimestamps: true });
    fs.cpSync(shared.home, shared.registry, { recursive: true, preserveTimestamps: true });
  }
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      let dir = path.join(tmp, `c-${r}-${v.name}`);
      let home = path.join(tmp, `h-${r}-${v.name}`);
      let res: Result | undefined;
      if (shared) {
        ({ dir, home } = shared);
        for (const [from, to] of [[shared.index, path.join(dir, '.codegraph')], [shared.registry, home]]) {
          fs.rmSync(to, { recursive: true, force: true });
          fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
        }
        for (const [f, text] of texts) fs.writeFileSync(path.join(dir, f), text);
      } else {
        copyCorpus(dir);
        ageCopy(dir);
        res = run(hook, dir, home, v.env);
      }
      if (oneFile) {
        // --target (or rxjs's operators/map.ts), else the first TypeScript file, else the first JavaScript one — for a
        // body edit the first of those with a body the edit can open; the edit in the file's language
        const sources = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.includes('.codegraph')).sort();
        const langOf = (f: string): LanguageId => languageOf(f) ?? 'typescript';
        const editOf = (f: string): string | undefined => bodyEdit(fs.readFileSync(path.join(dir, f), 'utf8'), langOf(f), r);
        const candidates = [...sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')), ...sources.filter((f) => /\.[cm]?js$/.test(f))];
        const target = pickTarget(sources, editTarget) ?? (edit === 'body' ? candidates.find((f) => editOf(f) !== undefined) : candidates[0]);
        if (!target) throw new Error(`no .ts or .js file to change in ${dir}${edit === 'body' ? ' with a function body on a line of its own' : ''}`);
        const file = path.join(dir, target);
        if (shared && !texts.has(target)) texts.set(target, fs.readFileSync(file, 'utf8'));
        if (edit === 'body') {
          const edited = editOf(target);
          if (edited === undefined) throw new Error(`${target}: no function body opens on a line of its own`);
          fs.writeFileSync(file, edited);
        } else {
          fs.appendFileSync(file, addedFunction(langOf(target), r));
        }
        res = run(hook, dir, home, v.env);
      }
      if (!res) throw new Error('internal: no run measured');
      results.get(v.name)!.push(res);
      console.log(`round ${r} ${v.name.padEnd(8)} wall ${res.wall.toFixed(0)} cpu ${res.cpu.toFixed(0)} main ${res.main} v8 ${res.v8} ended ${res.ended.toFixed(0)} rss ${res.rss.toFixed(0)} total ${res.total} read ${res.read} parse ${res.parse} resolve ${res.resolve} modules ${res.modules} processes ${res.processes} search ${res.search} write ${res.write} (idle before ${(res.idle * 100).toFixed(0)}%${Number.isNaN(res.par) ? '' : `, parallel efficiency ${res.par.toFixed(2)}`})`);
      if (!shared) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`corpus ${corpus}${maxFiles !== undefined ? ` (first ${maxFiles} files)` : ''}, ${oneFile ? `one file changed (${edit})` : 'cold'}, medians of ${rounds}:`);
const columns: (keyof Result)[] = ['wall', 'cpu', 'main', 'v8', 'ended', 'rss', 'total', 'read', 'parse', 'resolve', 'modules', 'processes', 'search', 'write'];
console.log(`${'variant'.padEnd(10)}${columns.map((c) => c.padStart(10)).join('')}`);
for (const [name, rs] of results) {
  const m = (k: keyof Result): string => median(rs.map((x) => x[k])).toFixed(0);
  console.log(`${name.padEnd(10)}${columns.map((c) => m(c).padStart(10)).join('')}`);
}
// Each round ran every variant back to back: the ratio within a round cancels the machine's slower minutes.
const [first, ...others] = [...results.entries()];
for (const [name, rs] of others) {
  const paired = (k: keyof Result): string => median(rs.map((x, i) => x[k] / first[1][i][k])).toFixed(3);
  console.log(`${name} / ${first[0]}, median of the rounds' ratios: wall ${paired('wall')}, cpu ${paired('cpu')}, main ${paired('main')}, v8 ${paired('v8')}, pipeline ${paired('total')}, peak RSS ${paired('rss')}`);
}
