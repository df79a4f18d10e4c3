/**
 * Analyze benchmark on rxjs/src (251 TS files + 1 JS file, ~21.7k lines): cold, no-op and one-file-changed analyze through
 * the shipped CLI (`node bin/codegraph.mjs analyze <dir> --json`), each in its own process, beside a bare
 * tree-sitter parse of the same files (the ones analyze parses, each with its language's grammar) in a process of
 * its own.
 *
 *   node --import tsx bench/analyze.ts [--corpus DIR] [--runs N] [--workers N] [--target FILE] [--no-load] [--no-build]
 *
 * A Python corpus: `--corpus node_modules/node-gyp/gyp` (gyp, 58 files), or a folder bench/python-corpora.ts makes.
 *
 * The one-file-changed runs edit `--target` (a path in the corpus; default rxjs's operators/map.ts, else the first
 * file): first a function appended (an export added: every file resolves again), then a statement added to the
 * first body (its outward shape kept: only that file resolves). `--no-load` skips the warm pipeline and the
 * snapshot loads. Runs `node build.mjs` first (skip with --no-build when dist/ is current). For each run it prints:
 *   process  wall time of the whole child process, from spawn to exit (what a user waits for)
 *   boot     Node's own start-up until the first line of the entry script (performance.now() there)
 *   import   loading tree-sitter (bare parse) or the handlers bundle (snapshot load)
 *   pipeline analyze's in-process time (the summary's timings.total, write included)
 *   cpu      the child's CPU time, user + system (on a loaded machine wall time also measures the neighbours)
 *   peak RSS the child's maxRSS
 * and, separately, the warm pipeline (a second `analyze --force` in the same process: what a long-lived
 * server pays) and the snapshot load of dist/handlers.mjs's SnapshotLoader. Targets: cold ≤ 3x bare
 * parse, no-op < 0.5 s, one changed file < 1 s, peak RSS < 400 MB per 100k lines. `--workers N` is passed to analyze
 * (the extraction pool: N worker threads beside the main one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classifySource } from '../lib/files/skip-rules.ts';
import { readSource } from '../lib/files/source.ts';
import { walkRepository } from '../lib/files/walk.ts';
import { languageOf, type LanguageId } from '../lib/lang/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

/** What one child reports (stderr line `BENCH {...}`) plus the parent's wall clock. */
export interface Run {
  wallMs: number;
  bootMs: number;
  importMs: number;
  rssMB: number;
  /** CPU time (user + system, all threads) of the child: on a shared machine, wall time measures the neighbours too. */
  cpuMs: number;
  /** Analyze runs: the summary's timings of each analyze the child ran (first = the measured one). */
  summaries: Array<{ timings: Record<string, number>; files: { indexed: number; parsed: number }; lines: number; upToDate: boolean }>;
  /** Bare parse and load runs. */
  ms?: number;
  files?: number;
  lines?: number;
}

// Loaded with --import into an analyze process (bin/codegraph.mjs, the shipped path): boot, CPU and peak RSS at exit.
// Worker threads load it too (they inherit the process's --import): only the main thread reports, at the process's
// exit, or a worker's line (its start time, the CPU used until it ended) would be read as the process's.
const HOOK = `
import { isMainThread } from 'node:worker_threads';
const boot = performance.now();
if (isMainThread) process.on('exit', () => {
  const ru = process.resourceUsage();
  process.stderr.write('\\nBENCH ' + JSON.stringify({ bootMs: boot, rssMB: ru.maxRSS / 1024, cpuMs: (ru.userCPUTime + ru.systemCPUTime) / 1000 }) + '\\n');
});
`;

// The child entry of the other runs (`node <entry> <mode> <json args>`); the exit hook adds boot, CPU and peak RSS.
const ENTRY = `
const boot = performance.now();
const [mode, raw] = process.argv.slice(2);
// (the arguments come in a file: a large corpus' file list exceeds what a command line may hold)
const a = JSON.parse((await import('node:fs')).readFileSync(raw, 'utf8'));
const report = {};
process.on('exit', () => {
  report.bootMs = boot;
  const ru = process.resourceUsage();
  report.rssMB = ru.maxRSS / 1024;
  report.cpuMs = (ru.userCPUTime + ru.systemCPUTime) / 1000;
  process.stderr.write('\\nBENCH ' + JSON.stringify(report) + '\\n');
});
if (mode === 'bare') {
  // The yardstick: tree-sitter and the grammars loaded, one parser per language built outside the timing,
  // then one parse per file (as bench/parse-baseline.ts's bareParse).
  const { createRequire } = await import('node:module');
  const fs = await import('node:fs');
  const req = createRequire(a.repo + '/package.json');
  const t0 = performance.now();
  const Parser = req('tree-sitter');
  // One parser per language present (a.files: [path, LanguageId] pairs, the files analyze parses), its grammar
  // loaded as analyze loads it (lib/extract/runtime.ts grammarBinding: node-gyp-build from the package folder).
  const path = await import('node:path');
  const grammar = (lang) => {
    const [pkg, member] = a.grammars[lang];
    const manifest = req.resolve(pkg + '/package.json');
    const binding = createRequire(manifest)('node-gyp-build')(path.dirname(manifest));
    return member ? binding[member] : binding;
  };
  const parsers = {};
  for (const [, lang] of a.files) if (!parsers[lang]) { parsers[lang] = new Parser(); parsers[lang].setLanguage(grammar(lang)); }
  report.importMs = performance.now() - t0;
  const texts = a.files.map(([f, lang]) => [lang, fs.readFileSync(a.dir + '/' + f, 'utf8')]);
  const t1 = performance.now();
  for (const [lang, text] of texts) parsers[lang].parse(text);
  report.ms = performance.now() - t1;
  report.files = texts.length;
  report.lines = texts.reduce((n, [, t]) => n + t.split('\\n').length, 0);
} else if (mode === 'load') {
  const t0 = performance.now();
  const { SnapshotLoader } = await import(a.handlers);
  report.importMs = performance.now() - t0;
  const t1 = performance.now();
  const snap = await new SnapshotLoader({ home: a.home }).get();
  report.ms = performance.now() - t1;
  report.files = snap.files.size;
} else {
  // warm: the CLI's main() twice in one process, the second time with --force (what a long-lived process pays)
  const { main } = await import(a.cli);
  report.summaries = [];
  const once = async (extra) => {
    const out = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk, ...rest) => { out.push(String(chunk)); return true; };
    try { process.exitCode = await main(['analyze', a.dir, '--json', ...a.args, ...extra]); } finally { process.stdout.write = write; }
    report.summaries.push(JSON.parse(out.join('')));
  };
  await once([]);
  await once(['--force']);
}
`;

function child(entry: string, mode: string, args: Record<string, unknown>, home: string): Run {
  const argsFile = path.join(path.dirname(entry), `args-${mode}.json`);
  fs.writeFileSync(argsFile, JSON.stringify(args));
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [entry, mode, argsFile], {
    encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home }, maxBuffer: 64 << 20,
  });
  const wallMs = performance.now() - t0;
  const line = r.stderr?.split('\n').find((l) => l.startsWith('BENCH '));
  if (r.status !== 0 || !line) throw new Error(`${mode} failed (${r.status}${r.error ? `, ${r.error.message}` : ''}): ${r.stderr?.slice(-2000)}`);
  const got = JSON.parse(line.slice(6)) as Partial<Run>;
  return { ...got, summaries: got.summaries ?? [], wallMs } as Run;
}

/** One `codegraph analyze <dir> --json` through bin/codegraph.mjs, in a process of its own. */
function analyze(hook: string, dir: string, args: string[], home: string): Run {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, path.join(repoRoot, 'bin', 'codegraph.mjs'), 'analyze', dir, '--json', ...args], {
    encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home }, maxBuffer: 64 << 20,
  });
  const wallMs = performance.now() - t0;
  const line = r.stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (r.status !== 0 || !line) throw new Error(`analyze failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return { ...JSON.parse(line.slice(6)), importMs: NaN, summaries: [JSON.parse(r.stdout)], wallMs } as Run;
}

/**
 * The files analyze parses, with their languages: its own walk (.gitignore, skipped folders, size limit) and
 * its read-time skips (binary, non-UTF-8, minified, generated), so the bare parse takes exactly the same files.
 */
function listSources(dir: string): Array<[string, LanguageId]> {
  const out: Array<[string, LanguageId]> = [];
  for (const e of walkRepository(dir).files) {
    const lang = languageOf(e.path);
    if (!lang) continue;
    const read = readSource(path.join(dir, e.path));
    if (read.ok && !classifySource(e.path, read.text)) out.push([e.path, lang]);
  }
  return out;
}

/**
 * The grammar package of each language (and the member of its binding, for packages holding two grammars): the
 * bare parse loads exactly what analyze loads. A language missing here stops the bench with its name.
 */
const GRAMMARS: Record<LanguageId, [pkg: string, member?: string]> = {
  typescript: ['tree-sitter-typescript', 'typescript'], tsx: ['tree-sitter-typescript', 'tsx'],
  javascript: ['tree-sitter-javascript'], python: ['tree-sitter-python'], c: ['tree-sitter-c'], cpp: ['tree-sitter-cpp'],
  rust: ['tree-sitter-rust'], go: ['tree-sitter-go'], java: ['tree-sitter-java'],
  kotlin: ['@tree-sitter-grammars/tree-sitter-kotlin'], csharp: ['tree-sitter-c-sharp'], swift: ['tree-sitter-swift'],
  php: ['tree-sitter-php', 'php'], ruby: ['tree-sitter-ruby'],
};

/**
 * The edit made to the one-file-changed target, in its language: a function appended where the language has
 * top-level functions, else (Java, C#) a comment line (the file is parsed and indexed again either way).
 */
export function addedFunction(lang: LanguageId, i: number): string {
  switch (lang) {
    case 'python': return `\n\ndef bench_added_${i}(x):\n    return x + ${i}\n`;
    case 'javascript': return `\nfunction benchAdded${i}(x) {\n  return x + ${i};\n}\n`;
    case 'typescript': case 'tsx': return `\nexport function benchAdded${i}(x: number): number {\n  return x + ${i};\n}\n`;
    case 'go': return `\nfunc benchAdded${i}(x int) int {\n\treturn x + ${i}\n}\n`;
    case 'c': case 'cpp': return `\nint bench_added_${i}(int x) {\n  return x + ${i};\n}\n`;
    case 'rust': return `\nfn bench_added_${i}(x: i32) -> i32 {\n    x + ${i}\n}\n`;
    case 'swift': return `\nfunc benchAdded${i}(_ x: Int) -> Int {\n    return x + ${i}\n}\n`;
    case 'kotlin': return `\nfun benchAdded${i}(x: Int): Int = x + ${i}\n`;
    case 'ruby': return `\ndef bench_added_${i}(x)\n  x + ${i}\nend\n`;
    default: return `\n// bench edit ${i}\n`;
  }
}

/**
 * A body-only edit of `text` (the one-file-changed target, in its language): a statement inserted at the start of
 * the first function or method body — other lines, another local, no declaration or signature changed, so an
 * incremental analyze resolves this file alone (lib/resolve/shape.ts). Undefined when no body opens on a line of
 * its own (`{` ending a line, or `:` for Python).
 */
export function bodyEdit(text: string, lang: LanguageId, i: number): string | undefined {
  const lines = text.split('\n');
  const opens = lang === 'python' ? /^\s*(async\s+)?def .*\):\s*$/ : /^\s*(export\s+)?(async\s+)?(function\b.*|(public |private |protected |static |async )*[A-Za-z_$][\w$]*\s*\(.*\)(\s*:\s*[^={}]+)?)\s*\{\s*$/;
  const at = lines.findIndex((l) => opens.test(l) && !/^\s*(if|for|while|switch|catch|else)\b/.test(l));
  if (at < 0) return undefined;
  const indent = `${/^\s*/.exec(lines[at + 1] ?? '')![0] || '    '}`;
  const statement = lang === 'python' ? `bench_local_${i} = ${i}` : lang === 'typescript' || lang === 'tsx' || lang === 'javascript' ? `const benchLocal${i} = ${i};` : undefined;
  if (!statement) return undefined;
  lines.splice(at + 1, 0, `${indent}${statement}`);
  return lines.join('\n');
}

/**
 * The one-file-changed target among `files` (corpus-relative paths): `target` itself or the one path ending in
 * `/<target>`, else (none asked for) rxjs's operators/map.ts; undefined when none was asked for and there is no
 * such file. Throws when `target` names no file or several.
 */
export function pickTarget(files: readonly string[], target: string | undefined): string | undefined {
  if (target === undefined) return files.find((f) => f.endsWith('operators/map.ts'));
  if (files.includes(target)) return target;
  const ends = files.filter((f) => f.endsWith(`/${target}`));
  if (ends.length !== 1) throw new Error(`--target ${target}: ${ends.length ? `matches ${ends.length} files` : 'no such file in the corpus'}`);
  return ends[0];
}

/** The median of some figures. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** What `measureAnalyze` measured: every run of each kind, and the corpus' size. */
export interface AnalyzeFigures {
  corpus: string;
  runs: number;
  workers?: string;
  all: Record<'bare' | 'cold' | 'noop' | 'one' | 'body' | 'warm' | 'load' | 'load2', Run[]>;
  load0: number;
  load1: number;
}

/**
 * Measures a corpus folder (dist/ must be built): per round a bare parse, a cold, a no-op and a one-file-changed
 * analyze, each in its own process; with `full`, also the warm pipeline and the snapshot loads.
 */
export async function measureAnalyze(corpus: string, runs: number, opts: { workers?: string; full?: boolean; target?: string } = {}): Promise<AnalyzeFigures> {
  const { workers, full = true } = opts;
  const cli = pathToFileURL(path.join(repoRoot, 'dist', 'cli.mjs')).href;
  const handlers = pathToFileURL(path.join(repoRoot, 'dist', 'handlers.mjs')).href;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-analyze-'));
  // A corpus someone analyzed in place carries its own .codegraph: copying it would make the cold run a no-op.
  const copy = (to: string): void => fs.cpSync(corpus, to, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
  const entry = path.join(tmp, 'entry.mjs');
  fs.writeFileSync(entry, ENTRY);
  const hook = path.join(tmp, 'hook.mjs');
  fs.writeFileSync(hook, HOOK);
  const extra = workers !== undefined ? ['--workers', workers] : [];
  const all: Record<'bare' | 'cold' | 'noop' | 'one' | 'body' | 'warm' | 'load' | 'load2', Run[]> = { bare: [], cold: [], noop: [], one: [], body: [], warm: [], load: [], load2: [] };
  const load0 = os.loadavg()[0];
  try {
    for (let i = 0; i < runs; i++) {
      const dir = path.join(tmp, `corpus-${i}`);
      const home = path.join(tmp, `home-${i}`);
      copy(dir);
      const files = listSources(dir);
      // analyze refuses such a folder (INVALID_PATH): say so rather than fail on its empty output
      if (!files.length) throw new Error(`${corpus}: no file analyze would index (a package that ships only build output or declarations?)`);
      // Files copied this instant are "racily clean" for the no-op check (mtime within 2 s of the scan): age them.
      const old = new Date(Date.now() - 60_000);
      for (const [f] of files) fs.utimesSync(path.join(dir, f), old, old);
      const missing = [...new Set(files.map(([, l]) => l))].filter((l) => !GRAMMARS[l]);
      if (missing.length) throw new Error(`bench/analyze.ts: no grammar package listed for ${missing.join(', ')} (GRAMMARS)`);
      all.bare.push(child(entry, 'bare', { repo: repoRoot, dir, files, grammars: GRAMMARS }, home));
      all.cold.push(analyze(hook, dir, extra, home));
      all.noop.push(analyze(hook, dir, extra, home));
      const langs = new Map(files);
      const targetFile = pickTarget(files.map(([f]) => f), opts.target) ?? files[0][0];
      const targetLang = langs.get(targetFile)!;
      const target = path.join(dir, targetFile);
      fs.appendFileSync(target, addedFunction(targetLang, i));
      fs.utimesSync(target, old, new Date(Date.now() - 10_000));
      all.one.push(analyze(hook, dir, extra, home));
      // then a body-only edit of the same file (an export added above changes the file's shape: every file resolves)
      const edited = bodyEdit(fs.readFileSync(target, 'utf8'), targetLang, i);
      if (edited !== undefined) {
        fs.writeFileSync(target, edited);
        fs.utimesSync(target, old, new Date(Date.now() - 5_000));
        all.body.push(analyze(hook, dir, extra, home));
      }
      if (!full) continue;
      all.load.push(child(entry, 'load', { handlers, home }, home));
      const warmDir = path.join(tmp, `warm-${i}`);
      copy(warmDir);
      all.warm.push(child(entry, 'warm', { cli, dir: warmDir, args: extra }, path.join(tmp, `home-warm-${i}`)));
    }
    // Server start-up on a ~500-file repository: two copies of the corpus side by side.
    if (full) {
      const dir = path.join(tmp, 'double');
      const home = path.join(tmp, 'home-double');
      copy(path.join(dir, 'a'));
      copy(path.join(dir, 'b'));
      analyze(hook, dir, extra, home);
      for (let i = 0; i < runs; i++) all.load2.push(child(entry, 'load', { handlers, home }, home));
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const load1 = os.loadavg()[0];
  return { corpus, runs, workers, all, load0, load1 };
}

/** Prints `measureAnalyze`'s figures (the report described at the top). */
function printReport(m: AnalyzeFigures): void {
  const { corpus, runs, workers, all, load0, load1 } = m;

  const bare = all.bare;
  const lines = bare[0].lines!;
  const bareMs = median(bare.map((r) => r.ms!));
  const bareWall = median(bare.map((r) => r.wallMs));
  const pipe = (r: Run, k = 0): number => r.summaries[k].timings.total;
  const f0 = (n: number): string => n.toFixed(0);
  const cell = (n: number, w = 8): string => (Number.isNaN(n) ? '-' : f0(n)).padStart(w);
  console.log(`corpus: ${corpus} (${bare[0].files} files, ${lines} lines); median of ${runs} runs; workers ${workers ?? 'default'}; `
    + `load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (${os.cpus().length} cores)`);
  console.log(`${''.padEnd(18)}${'process'.padStart(8)}${'boot'.padStart(8)}${'import'.padStart(8)}${'pipeline'.padStart(10)}${'cpu'.padStart(8)}${'peakRSS'.padStart(9)}   ratios and targets`);
  console.log(`${'bare parse'.padEnd(18)}${cell(bareWall)}${cell(median(bare.map((r) => r.bootMs)))}${cell(median(bare.map((r) => r.importMs)))}${cell(bareMs, 10)}${cell(median(bare.map((r) => r.cpuMs)))}${cell(median(bare.map((r) => r.rssMB)), 6)} MB   (pipeline column = the parses alone)`);
  const row = (name: string, xs: Run[], note: string): void => {
    console.log(`${name.padEnd(18)}${cell(median(xs.map((r) => r.wallMs)))}${cell(median(xs.map((r) => r.bootMs)))}${cell(median(xs.map((r) => r.importMs)))}${cell(median(xs.map((r) => pipe(r))), 10)}${cell(median(xs.map((r) => r.cpuMs)))}${cell(median(xs.map((r) => r.rssMB)), 6)} MB   ${note}`);
  };
  const coldWall = median(all.cold.map((r) => r.wallMs));
  const coldPipe = median(all.cold.map((r) => pipe(r)));
  const coldCpu = median(all.cold.map((r) => r.cpuMs));
  const bareCpu = median(bare.map((r) => r.cpuMs));
  row('cold analyze', all.cold, `process ${(coldWall / bareWall).toFixed(2)}x bare process (cpu ${(coldCpu / bareCpu).toFixed(2)}x), pipeline ${(coldPipe / bareMs).toFixed(2)}x bare parses (target ≤ 3x)`);
  // Each round measures its bare parse and its cold analyze back to back: the ratio of each pair cancels the
  // machine's slower and faster minutes, which the ratio of the two medians above does not.
  const paired = all.cold.map((r, i) => r.wallMs / bare[i].wallMs).sort((a, b) => a - b);
  console.log(`${''.padEnd(18)}paired: cold / bare of the same round, median ${median(paired).toFixed(2)}x (${paired.map((x) => x.toFixed(2)).join(' ')})`);
  row('no-op analyze', all.noop, `process ${f0(median(all.noop.map((r) => r.wallMs)))} ms (target < 500 ms)`);
  row('one file changed', all.one, `process ${f0(median(all.one.map((r) => r.wallMs)))} ms (target < 1000 ms): a function appended (an export added)`);
  if (all.body.length) row('one body edited', all.body, `process ${f0(median(all.body.map((r) => r.wallMs)))} ms (target < 1000 ms): a statement added to a body`);
  const warmPipe = all.warm.length ? median(all.warm.map((r) => pipe(r, 1))) : NaN;
  if (all.warm.length) console.log(`${'warm pipeline'.padEnd(18)}${''.padStart(24)}${cell(warmPipe, 10)}${''.padStart(17)}   second analyze --force in one process: ${(warmPipe / bareMs).toFixed(2)}x bare parses`);
  const loadRow = (name: string, xs: Run[], note: string): void => {
    console.log(`${name.padEnd(18)}${cell(median(xs.map((r) => r.wallMs)))}${cell(median(xs.map((r) => r.bootMs)))}${cell(median(xs.map((r) => r.importMs)))}${cell(median(xs.map((r) => r.ms!)), 10)}${cell(median(xs.map((r) => r.cpuMs)))}${cell(median(xs.map((r) => r.rssMB)), 6)} MB   ${note}`);
  };
  if (all.load.length) loadRow('snapshot load', all.load, '(server start-up share; pipeline column = SnapshotLoader.get)');
  if (all.load2.length) loadRow(`load ${all.load2[0].files} files`, all.load2, '(target < 500 ms)');
  const rss = median(all.cold.map((r) => r.rssMB));
  const bareRss = median(bare.map((r) => r.rssMB));
  console.log(`peak RSS per 100k lines (cold): ${f0((rss / lines) * 100_000)} MB as measured (target < 400 MB); above the bare-parse process `
    + `(${f0(bareRss)} MB: Node + tree-sitter): ${f0(((rss - bareRss) / lines) * 100_000)} MB per 100k lines`);
  console.log(`floor: a process that only loads tree-sitter and parses takes ${f0(bareWall)} ms; 3x that is ${f0(3 * bareWall)} ms`);
  const phases = (r: Run, k = 0): string => Object.entries(r.summaries[k].timings).map(([p, ms]) => `${p} ${ms}`).join(', ');
  const pick = (xs: Run[], k = 0): Run => [...xs].sort((a, b) => pipe(a, k) - pipe(b, k))[Math.floor(xs.length / 2)];
  console.log(`cold phases (ms): ${phases(pick(all.cold))}`);
  console.log(`one-file phases (ms): ${phases(pick(all.one))}; parsed ${pick(all.one).summaries[0].files.parsed}`);
  if (all.body.length) {
    const b = pick(all.body).summaries[0] as Run['summaries'][0] & { files: { resolved?: number }; modulesReused?: boolean };
    console.log(`body-edit phases (ms): ${phases(pick(all.body))}; parsed ${b.files.parsed}, resolved ${b.files.resolved ?? 'all'}, modules ${b.modulesReused ? 'taken over' : 'detected'}`);
  }
  if (all.warm.length) console.log(`warm phases (ms): ${phases(pick(all.warm, 1), 1)}`);
  console.log(`no-op: upToDate ${all.noop[0].summaries[0].upToDate}, parsed ${all.noop[0].summaries[0].files.parsed}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const corpus = path.resolve(opt('--corpus') ?? path.join(repoRoot, 'node_modules/rxjs/src'));
  if (!argv.includes('--no-build')) buildDist();
  printReport(await measureAnalyze(corpus, Number(opt('--runs') ?? 3), { workers: opt('--workers'), target: opt('--target'), full: !argv.includes('--no-load') }));
}

/** Runs `node build.mjs` (dist/ is what analyze runs). */
export function buildDist(): void {
  const b = spawnSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`node build.mjs failed: ${b.stderr}`);
}


if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
