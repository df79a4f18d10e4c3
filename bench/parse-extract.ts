/**
 * Indexer cost beside the bare parse, in CPU time of this process (wall time on a shared machine mostly
 * measures the neighbours): the bare parse (bench/parse-baseline.ts), query compilation (once per process or
 * worker), extraction (parse + query + facts) and project resolution. Each step runs 5 times in a row: the
 * first run is the cold one (JIT, first allocations), the best of the others the warm one.
 *
 *   node --import tsx bench/parse-extract.ts [folder]     (default: node_modules/rxjs/src)
 */
import { bareParse, readCorpus } from './parse-baseline.ts';
import { languageOf, languageRuntime } from '../lib/lang/index.ts';
import { extractFile, type FileFacts } from '../lib/extract/index.ts';
import { loadProjectConfig, resolveProject, type ResolveResult } from '../lib/resolve/index.ts';

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
const compile = cpu() - c0;
let facts: FileFacts[] = [];
const [extractCold, extract] = measure(() => { facts = files.map((f) => extractFile(f.path, f.text, languageOf(f.path)!)); });
let result: ResolveResult | undefined;
const config = loadProjectConfig(files.map((f) => f.path), () => undefined);
const [resolveCold, resolve] = measure(() => { result = resolveProject(facts, config); });

const x = (ms: number): string => `${(ms / bare).toFixed(2)}x`;
console.log(`${root}: ${files.length} files → ${result!.graph.nodeCount} nodes, ${result!.graph.edgeCount} edges, ${result!.refs.size} references`);
console.log(`CPU ms            cold    warm   warm/bare parse`);
console.log(`bare parse     ${bareCold.toFixed(0).padStart(7)} ${bare.toFixed(0).padStart(7)}   1.00x`);
console.log(`query compile  ${compile.toFixed(0).padStart(7)}       -   (once per process or worker)`);
console.log(`extract        ${extractCold.toFixed(0).padStart(7)} ${extract.toFixed(0).padStart(7)}   ${x(extract)} (includes the parse)`);
console.log(`resolve        ${resolveCold.toFixed(0).padStart(7)} ${resolve.toFixed(0).padStart(7)}   ${x(resolve)}`);
console.log(`extract+resolve ${(extractCold + resolveCold + compile).toFixed(0).padStart(6)} ${(extract + resolve).toFixed(0).padStart(7)}   ${x(extract + resolve)}   (cold column includes the query compile)`);
