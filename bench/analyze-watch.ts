/**
 * One changed file under `--watch`: the time from a save to the new snapshot published, as a watching server
 * (`codegraph serve --watch`, `codegraph mcp --watch`) or `codegraph analyze --watch` sees it.
 *
 *   node --import tsx bench/analyze-watch.ts --corpus DIR --target FILE [--edits 8] [--edit body|append|both] [--here] [--dist] [--cli N]
 *
 * The corpus is copied to a temp folder and indexed cold by the CLI (its own process); then a RepositoryWatcher
 * (lib/analyze/watch.ts) watches the copy and the target is edited `--edits` times, each edit written after the
 * previous re-index and a pause. A body edit adds a statement to the first body (only that file resolves); an
 * append adds an exported function (the files that mention its name resolve, modules are detected again).
 * Re-indexes run in the watcher's worker thread as a server runs them; `--here` runs them in this thread, as
 * `analyze --watch` does after its own first analyze (here the first one is the watcher's). Prints each edit's
 * `--dist` runs the re-indexes in the bundle's analyze worker (dist/analyze-worker.mjs, built by `node build.mjs`), as
 * `codegraph serve --watch` does, rather than the sources' (whose helper threads, the search worker among them, load
 * lib/ through tsx's loader on every start); the CLI's cold snapshot is then the same code's, so the watcher's catch-up
 * run takes it over.
 * latency (save → published) and phases, and the median of the edits after the first (the first runs cold
 * code: a freshly started server's first change). `--cli N` then stops the watcher and makes N more edits of each
 * kind, each indexed by `codegraph analyze` in a process of its own (the one-file run of bench/analyze.ts), for a
 * figure under the same load. Beside each latency, the CPU this process (every thread: the watcher's, the analyze
 * worker, its search and parse helpers) used from the save to the snapshot published: on a shared machine the
 * wall time also measures the neighbours. Target: one changed file < 1 s. After the edits, the process's resident
 * size (what the threads keep between re-indexes included).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AnalyzeThread } from '../lib/analyze/in-worker.ts';
import { RepositoryWatcher, type WatchEvent } from '../lib/analyze/watch.ts';
import { languageOf } from '../lib/lang/index.ts';
import { addedFunction, bodyEdit, median } from './analyze.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { corpus: { type: 'string' }, target: { type: 'string' }, edits: { type: 'string', default: '8' }, edit: { type: 'string', default: 'both' }, here: { type: 'boolean' }, dist: { type: 'boolean' }, cli: { type: 'string', default: '0' } } });
if (!values.corpus || !values.target) { console.error('usage: bench/analyze-watch.ts --corpus DIR --target FILE [--edits N] [--edit body|append|both] [--here]'); process.exit(2); }
const kinds = values.edit === 'both' ? ['body', 'append'] : [values.edit!];
if (!kinds.every((k) => k === 'body' || k === 'append')) { console.error(`--edit must be body, append or both, got ${values.edit}`); process.exit(2); }
const edits = Number(values.edits);

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-watch-bench-'));
const copy = path.join(base, 'repo');
const home = path.join(base, 'home');
process.on('exit', () => fs.rmSync(base, { recursive: true, force: true }));
fs.cpSync(path.resolve(values.corpus), copy, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
const target = path.join(copy, values.target);
const lang = languageOf(values.target);
if (!fs.existsSync(target) || !lang) { console.error(`--target ${values.target}: no such source file in the corpus`); process.exit(2); }

/** `codegraph analyze` of the copy in a process of its own; its wall time in ms (a failure throws with its stderr). */
const analyzeCli = (): number => {
  const t = performance.now();
  execFileSync(process.execPath, [path.join(repoRoot, 'bin/codegraph.mjs'), 'analyze', copy, '--json'], { env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  return performance.now() - t;
};
const editOf = (kind: string, i: number): string | undefined => {
  const text = fs.readFileSync(target, 'utf8');
  return kind === 'body' ? bodyEdit(text, lang, i) : text + addedFunction(lang, i);
};

console.log(`cold analyze of ${values.corpus} (CLI): ${Math.round(analyzeCli())} ms; edits of ${values.target}, ${values.here ? 'in this thread' : `in the watcher's worker thread${values.dist ? ' (the bundle\'s)' : ''}`}`);

let wake: ((e: WatchEvent) => void) | undefined;
const distWorker = path.join(repoRoot, 'dist', 'analyze-worker.mjs');
if (values.dist && (values.here || !fs.existsSync(distWorker))) { console.error(values.here ? '--dist and --here exclude each other' : `--dist: no ${distWorker} (run node build.mjs)`); process.exit(2); }
const thread = new AnalyzeThread({ here: values.here, script: values.dist ? pathToFileURL(distWorker) : undefined });
const watcher = RepositoryWatcher.start(copy, { home, thread, onIndexed: (e) => wake?.(e), log: (l) => console.log(`  ${l}`) });
await watcher.idle(); // the initial catch-up run: nothing changed

for (const kind of kinds) {
  const latencies: number[] = [];
  const cpus: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const edited = editOf(kind, i);
    if (edited === undefined) { console.log(`${kind}: the target has no body to edit`); break; }
    const done = new Promise<WatchEvent>((resolve) => { wake = resolve; });
    const cpu0 = process.cpuUsage();
    fs.writeFileSync(target, edited);
    const e = await done;
    const used = process.cpuUsage(cpu0);
    await watcher.idle();
    latencies.push(e.latencyMs);
    cpus.push((used.user + used.system) / 1000);
    const t = e.summary.timings;
    console.log(`${kind} ${i}: ${Math.round(e.latencyMs)} ms, CPU ${Math.round(cpus[cpus.length - 1])} ms  (pipeline ${t.total}: ${Object.entries(t).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v}`).join(', ')}; resolved ${e.summary.files.resolved ?? 'all'}, modules ${e.summary.modulesReused ? 'taken over' : 'detected'})`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const rest = latencies.slice(1).sort((a, b) => a - b);
  const restCpu = cpus.slice(1).sort((a, b) => a - b);
  if (rest.length) console.log(`${kind}: first ${Math.round(latencies[0])} ms, median of the rest ${Math.round(median(rest))} ms (min ${Math.round(rest[0])}, max ${Math.round(rest[rest.length - 1])}), CPU ${Math.round(median(restCpu))} ms (min ${Math.round(restCpu[0])}); target < 1000 ms`);
}
// (every thread's: the watcher's, the analyze worker's and its search worker's, with what they keep between re-indexes)
console.log(`resident size after the edits: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB (peak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`);
await watcher.close();
await thread.close();

for (const kind of Number(values.cli) > 0 ? kinds : []) {
  const walls: number[] = [];
  for (let i = 1; i <= Number(values.cli); i++) {
    const edited = editOf(kind, 1000 + i);
    if (edited === undefined) break;
    fs.writeFileSync(target, edited);
    walls.push(analyzeCli());
  }
  if (walls.length) console.log(`${kind}, codegraph analyze in its own process: median ${Math.round(median(walls))} ms of ${walls.map(Math.round).join(', ')}`);
}
