/**
 * Indexer cost beside the bare parse: query compilation (once per process), extraction (parse + query +
 * facts) and project resolution, in CPU time of this process (wall time is printed too, but on a shared
 * machine it mostly measures the neighbours).
 *
 *   node --import tsx bench/parse-extract.ts [folder]     (default: node_modules/rxjs/src)
 */
import { bareParse, readCorpus } from './parse-baseline.ts';
import { languageOf, languageRuntime } from '../lib/lang/index.ts';
import { extractFile, type FileFacts } from '../lib/extract/index.ts';
import { loadProjectConfig, resolveProject } from '../lib/resolve/index.ts';

const root = process.argv[2] ?? 'node_modules/rxjs/src';
const files = readCorpus(root);
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

let c0 = cpu();
const langs = new Set(files.map((f) => languageOf(f.path)!));
for (const l of langs) languageRuntime(l);
const compile = cpu() - c0;

const rows: Array<{ parse: number; extract: number; resolve: number; wall: number }> = [];
for (let rep = 0; rep < 4; rep++) {
  const parse = bareParse(files).cpuMs;
  c0 = cpu();
  const w0 = performance.now();
  const facts: FileFacts[] = files.map((f) => extractFile(f.path, f.text, languageOf(f.path)!));
  const extract = cpu() - c0;
  c0 = cpu();
  const config = loadProjectConfig(files.map((f) => f.path), () => undefined);
  const r = resolveProject(facts, config);
  const resolve = cpu() - c0;
  rows.push({ parse, extract, resolve, wall: performance.now() - w0 });
  if (rep === 0) console.log(`${files.length} files: ${r.graph.nodeCount} nodes, ${r.graph.edgeCount} edges, ${r.refs.size} references`);
}
const best = rows.slice(1).reduce((a, b) => (b.extract + b.resolve < a.extract + a.resolve ? b : a));
console.log(`query compile (once per process): ${compile.toFixed(0)} ms CPU`);
console.log(`bare parse ${best.parse.toFixed(0)} ms | extract ${best.extract.toFixed(0)} ms (${(best.extract / best.parse).toFixed(2)}x parse) | resolve ${best.resolve.toFixed(0)} ms (${(best.resolve / best.parse).toFixed(2)}x) | extract+resolve ${(best.extract + best.resolve).toFixed(0)} ms = ${((best.extract + best.resolve) / best.parse).toFixed(2)}x bare parse (CPU, best of 3 warm runs)`);
