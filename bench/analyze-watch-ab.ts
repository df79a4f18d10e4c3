/**
 * Two builds' `--watch` re-indexes of one changed file, paired: each variant watches a copy of the corpus in its
 * own analyze worker (the variant's bundle, dist/analyze-worker.mjs, as `codegraph serve --watch` runs it), and
 * the edits alternate between the variants (A then B, then B then A), so both see the same load. On a shared
 * machine the wall time measures the neighbours too: compare the CPU and the per-round ratios.
 *
 *   node --import tsx bench/analyze-watch-ab.ts --corpus DIR --target FILE [--edits 8] [--edit body|append] --variant base=ROOT --variant head=ROOT
 *
 * ROOT is a built checkout (`node build.mjs`): its CLI makes the copy's cold snapshot (so the re-indexes take that
 * build's own snapshot over) and its bundle's analyze worker re-indexes. The first edit of each variant runs cold
 * code and is left out of the medians. Prints per edit the latency (save → published) and the CPU of this process
 * (every thread) over it, then the medians and the median of the per-round ratios to the first variant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { AnalyzeThread } from '../lib/analyze/in-worker.ts';
import { RepositoryWatcher, type WatchEvent } from '../lib/analyze/watch.ts';
import { languageOf } from '../lib/lang/index.ts';
import { addedFunction, bodyEdit, median } from './analyze.ts';

const { values } = parseArgs({ options: { corpus: { type: 'string' }, target: { type: 'string' }, edits: { type: 'string', default: '8' }, edit: { type: 'string', default: 'body' }, variant: { type: 'string', multiple: true } } });
const variants = (values.variant ?? []).map((v) => { const at = v.indexOf('='); return { name: v.slice(0, at), root: path.resolve(v.slice(at + 1)) }; });
if (!values.corpus || !values.target || variants.length < 2 || variants.some((v) => !v.name || !fs.existsSync(path.join(v.root, 'dist', 'analyze-worker.mjs')))) {
  console.error('usage: bench/analyze-watch-ab.ts --corpus DIR --target FILE [--edits N] [--edit body|append] --variant NAME=BUILT_ROOT --variant NAME=BUILT_ROOT');
  process.exit(2);
}
const lang = languageOf(values.target);
if (!lang || (values.edit !== 'body' && values.edit !== 'append')) { console.error('--target must be a source file, --edit body or append'); process.exit(2); }
const edits = Number(values.edits);
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-watch-ab-'));
process.on('exit', () => fs.rmSync(base, { recursive: true, force: true }));

interface Side {
  name: string; copy: string; target: string; thread: AnalyzeThread; watcher: RepositoryWatcher;
  wake?: (e: WatchEvent) => void; walls: number[]; cpus: number[];
}
const sides: Side[] = [];
for (const v of variants) {
  const copy = path.join(base, v.name, 'repo');
  const home = path.join(base, v.name, 'home');
  fs.cpSync(path.resolve(values.corpus), copy, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
  const t = performance.now();
  execFileSync(process.execPath, [path.join(v.root, 'bin/codegraph.mjs'), 'analyze', copy, '--json'], { env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  console.log(`${v.name}: cold analyze (its CLI) ${Math.round(performance.now() - t)} ms`);
  const thread = new AnalyzeThread({ script: pathToFileURL(path.join(v.root, 'dist', 'analyze-worker.mjs')) });
  const side: Side = { name: v.name, copy, target: path.join(copy, values.target), thread, watcher: undefined as never, walls: [], cpus: [] };
  side.watcher = RepositoryWatcher.start(copy, { home, thread, onIndexed: (e) => side.wake?.(e) });
  await side.watcher.idle(); // the catch-up run: nothing changed
  sides.push(side);
}

const ratios = new Map<string, { wall: number[]; cpu: number[] }>(sides.slice(1).map((s) => [s.name, { wall: [], cpu: [] }]));
for (let i = 1; i <= edits; i++) {
  const order = i % 2 ? sides : [...sides].reverse();
  for (const s of order) {
    const text = fs.readFileSync(s.target, 'utf8');
    const edited = values.edit === 'body' ? bodyEdit(text, lang, i) : text + addedFunction(lang, i);
    if (edited === undefined) { console.error('the target has no body to edit'); process.exit(2); }
    const done = new Promise<WatchEvent>((resolve) => { s.wake = resolve; });
    const cpu0 = process.cpuUsage();
    fs.writeFileSync(s.target, edited);
    const e = await done;
    const used = process.cpuUsage(cpu0);
    await s.watcher.idle();
    s.walls.push(e.latencyMs);
    s.cpus.push((used.user + used.system) / 1000);
    const t = e.summary.timings;
    console.log(`${i} ${s.name}: ${Math.round(e.latencyMs)} ms, CPU ${Math.round(s.cpus[s.cpus.length - 1])} ms  (${Object.entries(t).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v}`).join(', ')}; resolved ${e.summary.files.resolved ?? 'all'})`);
    await new Promise((r) => setTimeout(r, 300));
  }
  if (i > 1) for (const s of sides.slice(1)) {
    ratios.get(s.name)!.wall.push(s.walls[i - 1] / sides[0].walls[i - 1]);
    ratios.get(s.name)!.cpu.push(s.cpus[i - 1] / sides[0].cpus[i - 1]);
  }
}
const med = (xs: number[]): number => median([...xs].sort((a, b) => a - b));
for (const s of sides) {
  const r = ratios.get(s.name);
  console.log(`${s.name}: median of edits 2..${edits}: ${Math.round(med(s.walls.slice(1)))} ms, CPU ${Math.round(med(s.cpus.slice(1)))} ms${r ? `; per-round ratio to ${sides[0].name}: wall ${med(r.wall).toFixed(3)}, CPU ${med(r.cpu).toFixed(3)}` : ''}`);
}
for (const s of sides) { await s.watcher.close(); await s.thread.close(); }
