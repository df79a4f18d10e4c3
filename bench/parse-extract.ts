/**
 * Indexer cost beside the bare parse, in CPU time of this process (wall time on a shared machine mostly
 * measures the neighbours): the bare parse (bench/parse-baseline.ts), the language setup (query files parsed
 * by our engine: no tree-sitter query compilation), the first file (cold latency), extraction (parse + walk +
 * match + collect) and project resolution. Each step runs 5 times in a row: the first run is the cold one
 * (JIT, first allocations), the best of the others the warm one. A last instrumented pass splits warm
 * extraction into its phases.
 *
 *   node --import tsx bench/parse-extract.ts [folder]     (default: node_modules/rxjs/src)
 */
import { bareParse, readCorpus } from './parse-baseline.ts';
import { languageOf, languageRuntime, extractFile, loadProjectConfig } from '../lib/lang/index.ts';
import { type FileFacts } from '../lib/extract/index.ts';
import { FlatTree } from '../lib/extract/flat-tree.ts';
import { Collector } from '../lib/extract/collector/collector.ts';
import { resolveProject, type ResolveResult } from '../lib/resolve/index.ts';

const root = process.argv[2] ?? 'node_modules/rxjs/src';
const files = readCorpus(root);
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Runs `fn` 5 times: [cold, best warm] CPU milliseconds. */
function measure(fn: () => void): [number, number] {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { const c0 = cpu(); fn(); times.push(cpu() - c0); }
  return [times[0], Math.min(...times.slice(1))];
}

const [bareCold, bare] = measure(() => bareParse(files));
let c0 = cpu();
for (const l of new Set(files.map((f) => languageOf(f.path)!))) languageRuntime(l);
const setup = cpu() - c0;
c0 = cpu();
extractFile(files[0].path, files[0].text, languageOf(files[0].path)!);
const first = cpu() - c0;
let facts: FileFacts[] = [];
const [extractCold, extract] = measure(() => { facts = files.map((f) => extractFile(f.path, f.text, languageOf(f.path)!)); });
let result: ResolveResult | undefined;
const config = loadProjectConfig(files.map((f) => f.path), () => undefined);
const [resolveCold, resolve] = measure(() => { result = resolveProject(facts, config); });

// phases of a warm extraction (per-file timing adds a little)
const phase = { parse: 0, walk: 0, match: 0, collect: 0 };
for (const f of files) {
  const lang = languageOf(f.path)!;
  const rt = languageRuntime(lang);
  let c = cpu();
  const tree = rt.parser.parse(f.text);
  phase.parse += cpu() - c; c = cpu();
  const flat = FlatTree.from(tree, f.text, rt.names, rt.engine.plan);
  phase.walk += cpu() - c; c = cpu();
  const matches = rt.engine.run(flat);
  phase.match += cpu() - c; c = cpu();
  const col = new Collector(f.text, f.path, lang, rt.spec.collector, rt.spec.comments);
  col.roles = rt.roles;
  col.collect(matches, 1, 0);
  phase.collect += cpu() - c;
  (tree as unknown as { delete?: () => void }).delete?.();
}

const x = (ms: number): string => `${(ms / bare).toFixed(2)}x`;
console.log(`${root}: ${files.length} files → ${result!.graph.order} nodes, ${result!.graph.size} edges, ${result!.refs.size} references`);
console.log(`CPU ms            cold    warm   warm/bare parse`);
console.log(`bare parse     ${bareCold.toFixed(0).padStart(7)} ${bare.toFixed(0).padStart(7)}   1.00x`);
console.log(`language setup ${setup.toFixed(0).padStart(7)}       -   (once per process or worker: query files parsed, grammar names; no query compile)`);
console.log(`first file     ${first.toFixed(1).padStart(7)}       -   (${files[0].path}, cold)`);
console.log(`extract        ${extractCold.toFixed(0).padStart(7)} ${extract.toFixed(0).padStart(7)}   ${x(extract)} (includes the parse)`);
console.log(`  phases (warm, instrumented): parse ${phase.parse.toFixed(0)}, walk ${phase.walk.toFixed(0)}, match ${phase.match.toFixed(0)}, collect ${phase.collect.toFixed(0)}`);
console.log(`resolve        ${resolveCold.toFixed(0).padStart(7)} ${resolve.toFixed(0).padStart(7)}   ${x(resolve)}`);
console.log(`extract+resolve ${(extractCold + resolveCold + setup).toFixed(0).padStart(6)} ${(extract + resolve).toFixed(0).padStart(7)}   ${x(extract + resolve)}   (cold column includes the setup)`);
