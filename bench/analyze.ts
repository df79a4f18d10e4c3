/**
 * Analyze benchmark on rxjs/src (251 TS files, ~21k lines): cold, no-op and one-file-changed analyze, each in
 * its own child process (wall time and peak RSS), beside the bare tree-sitter parse of the same files.
 *
 *   node --import tsx bench/analyze.ts [--corpus DIR] [--runs N] [--workers N]
 *
 * The children run an esbuild bundle of this file (as the shipped CLI runs a bundle), so tsx's transpiling
 * is not measured. Targets: cold ≤ 3x bare parse, no-op < 0.5 s, one changed file < 1 s, peak RSS < 400 MB
 * per 100k lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface ChildResult { ms: number; rssMB: number; files: number; lines: number; parsed?: number; upToDate?: boolean; phases?: Record<string, number> }

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

async function child(mode: string, dir: string, home: string, workers: number | undefined): Promise<void> {
  let result: ChildResult;
  if (mode === 'bare') {
    const files = listSources(dir).map((f) => ({ path: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const bare = await bareParse(files);
    result = { ms: bare.ms, rssMB: 0, files: files.length, lines: bare.lines };
  } else if (mode === 'load') {
    // What a server does at start-up: read the registry, load the snapshot (graph, references, files, search).
    const { SnapshotLoader } = await import('../index-store/loader.ts');
    const t0 = performance.now();
    const snap = await new SnapshotLoader({ home }).get();
    result = { ms: performance.now() - t0, rssMB: 0, files: snap.files.size, lines: [...snap.files.values()].reduce((n, f) => n + f.lines, 0) };
  } else {
    const { analyzeRepository } = await import('../lib/analyze/index.ts');
    const t0 = performance.now();
    const r = await analyzeRepository(dir, { home, workers });
    result = {
      ms: performance.now() - t0, rssMB: 0, files: r.summary.files.indexed, lines: r.summary.lines,
      parsed: r.summary.files.parsed, upToDate: r.summary.upToDate, phases: r.summary.timings as Record<string, number>,
    };
  }
  result.rssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify(result));
}

/**
 * The bare parse: the indexer's baseline (bench/parse-baseline.ts: parsers built outside the timing, then one
 * parse per file), else a plain tree-sitter loop timed the same way.
 */
async function bareParse(files: { path: string; text: string }[]): Promise<{ ms: number; lines: number }> {
  const lines = files.reduce((n, f) => n + f.text.split('\n').length, 0);
  if (!process.env.BENCH_OWN_PARSE) {
    try {
      const mod = (await import('./parse-baseline.ts')) as { bareParse?: (f: { path: string; text: string }[]) => { ms: number } };
      if (mod.bareParse) return { ms: mod.bareParse(files).ms, lines };
    } catch { /* no baseline yet: our own loop below */ }
  }
  const { default: Parser } = await import('tree-sitter');
  const { default: TS } = await import('tree-sitter-typescript');
  const ts = new Parser();
  ts.setLanguage(TS.typescript);
  const tsx = new Parser();
  tsx.setLanguage(TS.tsx);
  const t0 = performance.now();
  for (const f of files) (f.path.endsWith('.tsx') ? tsx : ts).parse(f.text, undefined, { bufferSize: f.text.length * 2 + 1024 });
  return { ms: performance.now() - t0, lines };
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) { if (e.name !== '.codegraph') visit(path.join(d, e.name), r); }
      else if (/\.(ts|tsx)$/.test(e.name)) out.push(r);
    }
  };
  visit(dir, '');
  return out;
}

function bundle(tmp: string): string {
  // Laid out like the repository (bundle one level down, lib/ and node_modules/ beside it), so code that finds
  // data files relative to the bundle (tree-sitter queries in lib/lang) finds them as it does from dist/.
  const out = path.join(tmp, 'dist');
  fs.mkdirSync(out);
  fs.symlinkSync(path.join(repoRoot, 'lib'), path.join(tmp, 'lib'));
  const file = path.join(out, 'analyze-bench.mjs');
  const script = `
    import { build } from 'esbuild';
    const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } };
    await build({ ...common, entryPoints: [${JSON.stringify(fileURLToPath(import.meta.url))}], outfile: ${JSON.stringify(file)} });
    // The extraction pool's worker, next to the bundle as in dist/.
    await build({ ...common, entryPoints: [${JSON.stringify(path.join(repoRoot, 'lib/analyze/extract-worker.ts'))}], outfile: ${JSON.stringify(path.join(out, 'extract-worker.mjs'))} });`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bundle failed: ${r.stderr}`);
  // External packages resolve from the repository's node_modules.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tmp, 'node_modules'));
  return file;
}

function run(bundleFile: string, mode: string, dir: string, home: string, workers?: number): ChildResult & { wallMs: number } {
  const t0 = performance.now();
  const args = [bundleFile, '--child', mode, dir, home, ...(workers !== undefined ? ['--workers', String(workers)] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home } });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${mode} failed: ${r.stderr}`);
  return { ...(JSON.parse(r.stdout) as ChildResult), wallMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  if (argv[0] === '--child') {
    await child(argv[1], argv[2], argv[3], opt('--workers') !== undefined ? Number(opt('--workers')) : undefined);
    return;
  }
  const corpus = path.resolve(opt('--corpus') ?? path.join(repoRoot, 'node_modules/rxjs/src'));
  const runs = Number(opt('--runs') ?? 3);
  const workers = opt('--workers') !== undefined ? Number(opt('--workers')) : undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-bench-analyze-'));
  try {
    const bundleFile = bundle(tmp);
    const cold: ReturnType<typeof run>[] = [];
    const noop: ReturnType<typeof run>[] = [];
    const one: ReturnType<typeof run>[] = [];
    const bare: ReturnType<typeof run>[] = [];
    const load: ReturnType<typeof run>[] = [];
    const load2: ReturnType<typeof run>[] = [];
    for (let i = 0; i < runs; i++) {
      const dir = path.join(tmp, `corpus-${i}`);
      const home = path.join(tmp, `home-${i}`);
      fs.cpSync(corpus, dir, { recursive: true });
      bare.push(run(bundleFile, 'bare', dir, home));
      cold.push(run(bundleFile, 'cold', dir, home, workers));
      noop.push(run(bundleFile, 'noop', dir, home, workers));
      const target = path.join(dir, listSources(dir).find((f) => f.includes('operators/map.ts')) ?? listSources(dir)[0]);
      fs.appendFileSync(target, `\nexport function benchAdded${i}(x: number): number {\n  return x + ${i};\n}\n`);
      one.push(run(bundleFile, 'one', dir, home, workers));
      load.push(run(bundleFile, 'load', dir, home));
    }
    // Server start-up on a ~500-file repository: two copies of the corpus side by side.
    {
      const dir = path.join(tmp, 'double');
      const home = path.join(tmp, 'home-double');
      fs.cpSync(corpus, path.join(dir, 'a'), { recursive: true });
      fs.cpSync(corpus, path.join(dir, 'b'), { recursive: true });
      run(bundleFile, 'cold', dir, home, workers);
      for (let i = 0; i < runs; i++) load2.push(run(bundleFile, 'load', dir, home));
    }
    const lines = cold[0].lines;
    const m = (xs: ReturnType<typeof run>[], k: 'ms' | 'wallMs' | 'rssMB') => median(xs.map((x) => x[k]));
    const bareMs = m(bare, 'ms');
    const row = (name: string, xs: ReturnType<typeof run>[], target: string) =>
      `${name.padEnd(18)} ${m(xs, 'ms').toFixed(0).padStart(7)} ms  ${m(xs, 'wallMs').toFixed(0).padStart(7)} ms  ${m(xs, 'rssMB').toFixed(0).padStart(5)} MB  ${(m(xs, 'ms') / bareMs).toFixed(2).padStart(6)}x  ${target}`;
    console.log(`corpus: ${corpus} (${cold[0].files} files, ${lines} lines), median of ${runs} runs, workers ${workers ?? 'default'}`);
    console.log(`${''.padEnd(18)} ${'analyze'.padStart(10)}  ${'process'.padStart(10)}  ${'peakRSS'.padStart(8)}  ${'/bare'.padStart(7)}  target`);
    console.log(row('bare parse', bare, ''));
    console.log(row('cold analyze', cold, `≤ 3x bare (${(3 * bareMs).toFixed(0)} ms)`));
    console.log(row('no-op analyze', noop, '< 500 ms'));
    console.log(row('one file changed', one, '< 1000 ms'));
    console.log(row('snapshot load', load, '(server start-up share)'));
    console.log(row(`load ${load2[0].files} files`, load2, '< 500 ms'));
    const rss100k = (m(cold, 'rssMB') / lines) * 100_000;
    console.log(`peak RSS per 100k lines (cold): ${rss100k.toFixed(0)} MB (target < 400 MB; includes Node's own ~45 MB)`);
    console.log(`cold phases (ms): ${JSON.stringify(cold[0].phases)}`);
    console.log(`one-file phases (ms): ${JSON.stringify(one[0].phases)}  parsed ${one[0].parsed}`);
    console.log(`no-op: upToDate ${noop[0].upToDate}, parsed ${noop[0].parsed}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
