/**
 * In-process latency of context, impact and detect_changes on the rxjs 7.8.1 sources (the shared corpus).
 * Symbols are picked deterministically across the graph; detect_changes runs real `git diff` in a temporary
 * committed copy of the corpus with a few files edited. Prints p50/p95/max per tool.
 *   node --import tsx bench/tools-latency.ts [--calls N]
 * Targets: context < 1 ms, impact depth 3 < 5 ms, detect_changes < 50 ms including git.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../lib/analyze/index.ts';
import { context } from '../handlers/context.ts';
import { impact } from '../handlers/impact.ts';
import { detectChanges } from '../handlers/detect_changes.ts';
import { SYMBOL_LABELS } from '../lib/graph/schema.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { graphData } from '../lib/graph/code-graph.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.join(root, 'node_modules/rxjs/src');
const callsArg = process.argv.indexOf('--calls');
const CALLS = callsArg > 0 ? Number(process.argv[callsArg + 1]) : 400;

function stats(label: string, times: number[], target: number): void {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const ok = q(0.95) < target ? 'ok' : 'OVER';
  console.log(`${label.padEnd(34)} n=${String(s.length).padStart(4)}  p50 ${q(0.5).toFixed(3)} ms  p95 ${q(0.95).toFixed(3)} ms  max ${s[s.length - 1].toFixed(3)} ms  (target < ${target} ms: ${ok})`);
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

/** Every k-th code symbol, so the sample spans files, labels and sizes. */
/**
 * CPU time (ms) of this process plus its finished children (the git processes), from /proc on Linux; -1
 * elsewhere. On a shared machine the wall clock mostly measures the neighbours; this measures the call.
 */
function cpuMs(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // utime stime cutime cstime = fields 12..15
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / CLK_TCK;
  } catch {
    return -Infinity;
  }
}
const CLK_TCK = (() => { try { return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100; } catch { return 100; } })();

function pick(nodes: readonly GraphNode[], n: number): GraphNode[] {
  const symbols = nodes.filter((x) => (SYMBOL_LABELS as readonly string[]).includes(x.label));
  const step = Math.max(1, Math.floor(symbols.length / n));
  const out: GraphNode[] = [];
  for (let i = 0; i < symbols.length && out.length < n; i += step) out.push(symbols[i]);
  return out;
}

const t0 = performance.now();
const snapshot = await buildSnapshotInMemory(corpus, { search: false });
console.log(`rxjs snapshot: ${snapshot.graph.order} nodes, ${snapshot.graph.size} edges, built in ${Math.round(performance.now() - t0)} ms`);
const sample = pick(graphData(snapshot.graph).nodes, CALLS);

// Cold: the first lookup builds the per-graph name index.
const [cold] = await time(() => context({ uid: sample[0].uid }, snapshot).catch(() => undefined));
console.log(`context first call (builds lookup index): ${cold.toFixed(2)} ms`);

for (let round = 0; round < 2; round++) { // round 0 warms the JIT
  const byUid: number[] = [], byName: number[] = [], imp: number[] = [], impClass: number[] = [];
  let impacted = 0;
  for (const n of sample) {
    byUid.push((await time(() => context({ uid: n.uid }, snapshot)))[0]);
    byName.push((await time(() => context({ name: n.qualifiedName ?? n.name, file_path: n.filePath }, snapshot)))[0]);
    const [ms, r] = await time(() => impact({ target_uid: n.uid, maxDepth: 3 }, snapshot));
    imp.push(ms);
    if ('impactedCount' in r) impacted += r.impactedCount;
    if (n.label === 'Class') impClass.push(ms);
  }
  if (round === 0) continue;
  stats('context (uid)', byUid, 1);
  stats('context (name + file_path)', byName, 1);
  stats('impact upstream depth 3', imp, 5);
  stats('impact depth 3, class targets', impClass, 5);
  console.log(`  mean impacted symbols per impact call: ${(impacted / sample.length).toFixed(1)}`);
}

// detect_changes with real git on a committed copy of the corpus.
const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-tools-')));
try {
  fs.cpSync(corpus, tmp, { recursive: true });
  // No optional locks (as the host runs git): a setup command must not refresh the index either.
  const git = (...args: string[]) => execFileSync('git', ['-C', tmp, ...args], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' } });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@codegraph.invalid', 'add', '-A');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@codegraph.invalid', 'commit', '-q', '--no-gpg-sign', '-m', 'corpus');
  const repoSnap = await buildSnapshotInMemory(tmp, { search: false });
  // Edit three files: a body change, a deleted function, an added one.
  const edit = (rel: string, f: (s: string) => string) => fs.writeFileSync(path.join(tmp, rel), f(fs.readFileSync(path.join(tmp, rel), 'utf8')));
  edit('internal/util/pipe.ts', (s) => s.replace('return fns.reduce(', 'return /* changed */ fns.reduce('));
  edit('internal/operators/map.ts', (s) => s + '\nexport function mapTwice(x: number): number {\n  return x * 2;\n}\n');
  edit('internal/util/isFunction.ts', (s) => s.replace(/\/\*\*[\s\S]*?export function isFunction[\s\S]*?\n}\n/, ''));
  const diffText = git('diff');
  const withText: number[] = [];
  for (let round = 0; round < 2; round++) { // round 0 warms the JIT
    withText.length = 0;
    for (let i = 0; i < 60; i++) withText.push((await time(() => detectChanges({ diff: diffText }, repoSnap)))[0]);
  }
  stats('detect_changes (diff text, 3 files)', withText, 50);

  // As the host runs git: without optional locks, so no measured call refreshes the index behind the others' back.
  const quietGit = { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
  /** detect_changes through git, the host's git processes alone, and one bare `git diff` for comparison. */
  const withGit = async (label: string, scope: 'unstaged' | 'compare', baseRef?: string) => {
    const full: number[] = [], gitOnly: number[] = [], oneSpawn: number[] = [];
    const cpu = { full: 0, gitOnly: 0, oneSpawn: 0 };
    const timed = async <T>(key: keyof typeof cpu, f: () => Promise<T>): Promise<[number, T]> => {
      const c0 = cpuMs();
      const out = await time(f);
      cpu[key] += cpuMs() - c0;
      return out;
    };
    let last: Awaited<ReturnType<typeof detectChanges>> | undefined;
    for (let round = 0; round < 2; round++) {
      full.length = 0; gitOnly.length = 0; oneSpawn.length = 0;
      cpu.full = cpu.gitOnly = cpu.oneSpawn = 0;
      for (let i = 0; i < 60; i++) {
        const [ms, r] = await timed('full', () => detectChanges({ scope, base_ref: baseRef }, repoSnap));
        full.push(ms);
        last = r;
        gitOnly.push((await timed('gitOnly', () => repoSnap.host.gitDiff(scope, baseRef)))[0]);
        oneSpawn.push((await timed('oneSpawn', () => new Promise((res) => execFile('git', ['-C', tmp, 'diff'], { env: quietGit }, res))))[0]);
      }
    }
    const perCall = (total: number) => (total < 0 ? '' : `  CPU ${(total / 60).toFixed(1)} ms/call`);
    stats(`detect_changes ${label}`, full, 50);
    console.log(`    ${perCall(cpu.full)}`);
    stats('  host.gitDiff alone (git processes)', gitOnly, 50);
    console.log(`    ${perCall(cpu.gitOnly)}`);
    stats('  one bare `git diff` process', oneSpawn, 50);
    console.log(`    ${perCall(cpu.oneSpawn)}`);
    console.log(`  changed ${last!.summary.changed_count}, affected ${last!.summary.affected_count}, risk ${last!.summary.risk_level}`);
  };
  // Just committed: the copy was written in the same second as the index, so every file is "racily clean" and
  // git re-hashes all of them on each diff, until something rewrites the index (the host never does: it runs
  // git with GIT_OPTIONAL_LOCKS=0). A fresh clone is in this state until the user's next `git status`.
  await withGit('(git, unstaged, racy index)', 'unstaged');
  // In use: the index was refreshed after the files were written (what `git status` does), so only the edited
  // files are read.
  await new Promise((r) => setTimeout(r, 1100));
  try { git('update-index', '-q', '--refresh'); } catch { /* exits 1 when files differ: that is the point */ }
  await withGit('(git, unstaged)', 'unstaged');
  await withGit('(git, compare HEAD)', 'compare', 'HEAD');
  git('stash', '-q');
  const clean: number[] = [];
  for (let i = 0; i < 80; i++) clean.push((await time(() => detectChanges({ scope: 'unstaged' }, repoSnap)))[0]);
  stats('detect_changes (clean tree, git)', clean.slice(20), 50);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
