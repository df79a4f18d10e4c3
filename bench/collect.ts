/**
 * The query match and the collector alone, in instructions (callgrind).
 *
 * The harness reads every file of a corpus, parses each natively, as analyze's parse thread does
 * (`nativeParser().parse(grammar, text)`), then runs `collectParts` (lib/extract/split.ts: the query match and
 * the collector) over all of them in order. `parse` mode stops before collecting; the difference is the cost of
 * matching and collecting.
 * It must run bundled as build.mjs bundles (esbuild, `target: node20`, query files inlined): run through tsx,
 * tsx's own parsing and compiling of the larger source distorts the counts.
 *
 *   node --import tsx bench/collect.ts bundle                  writes tmp/bench-collect.mjs, prints how to run it
 *   node tmp/bench-collect.mjs CORPUS collect|parse|digest     one harness run (digest: collect, then print a hash
 *                                                              of all facts, to check that a change keeps them;
 *                                                              collect prints the collector's CPU time (all threads,
 *                                                              then the main thread's alone),
 *                                                              and the heap's growth: what it allocated when run
 *                                                              with --min-semi-space-size=1024 --max-semi-space-size=1024)
 *   node --import tsx bench/collect.ts callgrind CORPUS...     bundle, then both modes under callgrind per corpus:
 *                                                              the collector's instructions (difference), whole
 *                                                              and by kind
 *
 * Under callgrind the harness runs as `valgrind --tool=callgrind --smc-check=all-non-file node
 * --single-threaded --predictable --hash-seed=1 --random-seed=1 tmp/bench-collect.mjs CORPUS MODE`:
 * `--predictable` with fixed seeds so that V8's
 * tiering and GC repeat exactly (two runs of one build differ by < 1M instructions). Across builds they do not:
 * a change anywhere moves TurboFan's and the GC's schedule by up to ±150M on rx4 (other seeds do not show that spread:
 * under --predictable, --random-seed and --hash-seed 1-3 gave the same counts), so compare the kinds (builtins, JIT
 * code), not one total.
 */
import { readdirSync, readFileSync, existsSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { languageOf, languageRuntime } from '../lib/lang/index.ts';
import { nativeParser } from '../lib/extract/native.ts';
import { collectParts, type ParsedParts } from '../lib/extract/split.ts';

const NODE_FLAGS = ['--single-threaded', '--predictable', '--hash-seed=1', '--random-seed=1'];
const VALGRIND = ['--tool=callgrind', '--smc-check=all-non-file'];

/** Every file of `root` that codegraph indexes, in a fixed order (node_modules skipped). */
function readCorpus(root: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (e.name !== 'node_modules' && e.name !== '.codegraph') walk(rel); } else if (languageOf(rel)) out.push({ path: rel, text: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  walk('');
  return out;
}

/**
 * CPU time of this thread so far, in ns (Linux's /proc/thread-self/schedstat; -1 elsewhere): the main thread's
 * share, without V8's compiler and GC helper threads, which a cold analyze runs beside the parse thread.
 */
function threadNs(): number {
  try { return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]); } catch { return -1; }
}

/** One harness run: parse every file natively, then match and collect them unless `mode` is `parse`. */
function harness(root: string, mode: string): void {
  const native = nativeParser();
  if (!native) throw new Error('bench/collect: the native parser is not built (node build.mjs)');
  const files = readCorpus(root);
  const parsed: ParsedParts[] = [];
  let lines = 0;
  for (const f of files) {
    const rt = languageRuntime(languageOf(f.path)!);
    const { buffer, count, errors } = native.parse(rt.grammar, f.text);
    parsed.push({ language: rt.id, buffer, count, parseErrors: errors, anonymous: [] });
    for (let i = 0; i < f.text.length; i++) if (f.text.charCodeAt(i) === 10) lines++;
  }
  let digest = '-', took = '';
  if (mode === 'collect' || mode === 'digest') {
    const heap = process.memoryUsage().heapUsed, cpu = process.cpuUsage(), main = threadNs();
    const facts = files.map((f, i) => collectParts(languageRuntime(parsed[i].language), f.path, f.text, parsed[i]));
    const used = process.cpuUsage(cpu), mainMs = (threadNs() - main) / 1e6;
    // the heap's growth is what the collector allocated only when no collection ran meanwhile (a young generation
    // larger than that: node --min-semi-space-size=1024 --max-semi-space-size=1024)
    took = `, collector ${((used.user + used.system) / 1000).toFixed(0)} ms CPU (main thread ${mainMs >= 0 ? mainMs.toFixed(0) : '?'}), heap +${((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(1)} MB`;
    // the digest costs a JSON.stringify of every file's facts: only in `digest` mode (a check, not a measurement)
    if (mode === 'digest') digest = createHash('sha1').update(JSON.stringify(facts)).digest('hex').slice(0, 16);
  } else if (mode !== 'parse') throw new Error(`bench/collect: mode ${mode}? (collect, parse or digest)`);
  console.log(`${root}: ${files.length} files, ${lines} lines, ${mode}${mode === 'digest' ? ` ${digest}` : took}`);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here); // the harness is bench/collect.ts or, bundled, tmp/bench-collect.mjs
let bundled = path.join(repo, 'tmp', 'bench-collect.mjs');

/** Bundles this file as build.mjs bundles the CLI (query files inlined), into tmp/ (so the addon is found). */
async function bundle(): Promise<void> {
  const { build } = await import('esbuild');
  const langDir = path.join(repo, 'lib', 'lang');
  const inlineQueries = {
    name: 'inline-queries',
    setup(b: { onLoad: (o: { filter: RegExp }, f: () => unknown) => void }) {
      b.onLoad({ filter: /[\\/]lib[\\/]lang[\\/]query-text\.ts$/ }, () => {
        const files = readdirSync(langDir, { recursive: true }).map((f) => String(f).split(path.sep).join('/')).filter((f) => f.endsWith('.scm')).sort();
        const lines = files.map((f, i) => `import q${i} from ${JSON.stringify(`./${f}`)};`);
        lines.push(`const TEXTS = new Map([${files.map((f, i) => `[${JSON.stringify(f)}, q${i}]`).join(', ')}]);`);
        lines.push('export function queryText(rel) { return TEXTS.get(rel); }');
        return { contents: lines.join('\n'), loader: 'js', resolveDir: langDir };
      });
    },
  };
  mkdirSync(path.dirname(bundled), { recursive: true });
  await build({
    entryPoints: [path.join(repo, 'bench', 'collect.ts')], outfile: bundled,
    bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning', absWorkingDir: repo,
    loader: { '.scm': 'text' }, plugins: [inlineQueries as never],
    external: ['tree-sitter', 'tree-sitter-*', 'esbuild', 'onnxruntime-node', 'onnxruntime-web', 'sharp', '@xenova/transformers', 'vectra'],
    banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
  });
}

/** Instructions of one callgrind run of the bundled harness (all threads), whole and by kind (see `kindOf`). */
function callgrind(corpus: string, mode: string): Map<string, number> {
  const out = path.join('/tmp', `bench-collect.${process.pid}.${mode}.out`);
  const r = spawnSync('valgrind', [...VALGRIND, `--callgrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, bundled, corpus, mode], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench/collect: callgrind failed: ${r.stderr.slice(-2000)}`);
  const a = spawnSync('callgrind_annotate', ['--threshold=100', out], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const kinds = new Map<string, number>([['all', 0]]);
  for (const line of a.stdout.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!m || m[2].includes('PROGRAM TOTALS')) continue;
    const n = Number(m[1].replace(/,/g, '')), k = kindOf(m[2]);
    kinds.set(k, (kinds.get(k) ?? 0) + n);
    kinds.set('all', kinds.get('all')! + n);
  }
  return kinds;
}

/**
 * The kind of a callgrind function name: V8's optimising compiler, its garbage collector (incremental steps are
 * scheduled by allocation and differ between builds far more than the work they do), builtins (inline-cache
 * handlers, Map and Array methods, the interpreter's), JIT code (no symbol), or the rest (native parse, V8 runtime).
 */
function kindOf(fn: string): string {
  if (fn.includes('Builtins_')) return 'builtins';
  if (fn.includes('compiler::') || /maglev|turboshaft/i.test(fn)) return 'turbofan';
  if (/Scaveng|Marking|Sweep|heap::|Heap|GC|Evacuat|RecordWrite|Mark(Compact|Bit)|LiveObject|SizeFromMap|Pretenuring|BodyDescriptor/.test(fn)) return 'gc';
  if (/^\?\?\?:0x[0-9a-f]+ \[\?\?\?\]/.test(fn)) return 'jit';
  return 'other';
}

const [cmd, ...args] = process.argv.slice(2);
const M = (n: number): string => `${(n / 1e6).toFixed(0)}M`;
if (cmd === 'bundle') {
  await bundle();
  console.log(`wrote ${path.relative(process.cwd(), bundled)}; run it as:\n  valgrind ${VALGRIND.join(' ')} node ${NODE_FLAGS.join(' ')} ${path.relative(process.cwd(), bundled)} CORPUS collect|parse`);
} else if (cmd === 'callgrind') {
  bundled = path.join(repo, 'tmp', `bench-collect-${process.pid}.mjs`); // a bundle of its own: edits meanwhile do not reach it
  await bundle();
  for (const corpus of args) {
    if (!existsSync(corpus)) throw new Error(`bench/collect: no corpus ${corpus}`);
    const parse = callgrind(corpus, 'parse'), collect = callgrind(corpus, 'collect');
    const d = (k: string): number => (collect.get(k) ?? 0) - (parse.get(k) ?? 0);
    const kinds = ['turbofan', 'builtins', 'jit', 'gc', 'other'];
    console.log(`${corpus}: collector (collect run - parse run) ${M(d('all'))}, non-GC ${M(d('all') - d('gc'))}; ${kinds.map((k) => `${k} ${M(d(k))}`).join(', ')}`);
  }
  unlinkSync(bundled); unlinkSync(`${bundled}.map`);
} else if (cmd && args.length === 1) {
  harness(cmd, args[0]);
} else {
  console.error('usage: node --import tsx bench/collect.ts bundle | callgrind CORPUS... ; node tmp/bench-collect.mjs CORPUS collect|parse|digest');
  process.exit(2);
}
