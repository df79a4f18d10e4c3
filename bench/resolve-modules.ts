/**
 * Project resolution and module detection alone, over the facts an analyze stored: reads `<dir>/.codegraph`'s
 * current generation (its facts buckets, files.json), then runs resolveProject + detectModules `runs` times in this
 * process and prints each run's CPU milliseconds per stage (the first run is the cold one) and a digest of the
 * resulting graph and references, so a change to lib/resolve or lib/modules can be timed and checked for
 * identical output without parsing anything.
 *
 *   node --import tsx bench/resolve-modules.ts <analyzed dir> [runs=5] [stop]
 *   node --cpu-prof … bench/resolve-modules.ts <dir> 1    (a profile of the cold run)
 *
 * `stop` ends each run early, for instruction counts by difference (callgrind of a bundle of this file, one run
 * each): `load` after reading the facts and the project config, `resolve` after resolveProject, `ties` after
 * resolveProject and buildTies, `partition` after those and partition, `modules` (the default) after
 * resolveProject and detectModules (which builds ties and partitions again, then names and writes the modules).
 */
import path from 'node:path';
import crypto from 'node:crypto';
import { resolveProject } from '../lib/resolve/index.ts';
import { detectModules } from '../lib/modules/index.ts';
import { buildTies } from '../lib/modules/ties.ts';
import { partition } from '../lib/modules/cluster.ts';
import type { FileFacts } from '../lib/extract/index.ts';
import { openAnalyzed } from './analyzed-generation.ts';
import { loadProjectConfig } from '../lib/lang/index.ts';

const root = path.resolve(process.argv[2] ?? '');
const runs = Number(process.argv[3] ?? 5);
const stop = process.argv[4] ?? 'modules';
const { factsJson, allPaths, readText } = openAnalyzed(root);
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

for (let run = 0; run < runs; run++) {
  const facts = (JSON.parse(factsJson) as FileFacts[]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const config = loadProjectConfig(allPaths, readText);
  if (stop === 'load') break;
  const c0 = cpu();
  const { graph, refs } = resolveProject(facts, config);
  const c1 = cpu();
  if (stop === 'ties') buildTies(graph);
  else if (stop === 'partition') partition(buildTies(graph));
  else if (stop !== 'resolve') detectModules(graph);
  const c2 = cpu();
  const digest = run === 0 || run === runs - 1
    ? ` graph ${hash(JSON.stringify(graph.toJSON()))} refs ${hash(JSON.stringify(refs.all))}` : '';
  console.log(`run ${run}: resolve ${(c1 - c0).toFixed(0)} ms, modules ${(c2 - c1).toFixed(0)} ms${digest}`);
}

function hash(text: string): string { return crypto.createHash('sha256').update(text).digest('hex').slice(0, 16); }
