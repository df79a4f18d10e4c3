/**
 * Rename vs the TypeScript language service: for a seeded sample of symbols, precision and recall of codegraph's
 * `graph` edits against findRenameLocations, plus preview latency. On rxjs 7.8.1 (node_modules/rxjs/src) by
 * default, or on a pinned monorepo of bench/monorepo-diff.ts (`--monorepo`): its commit exported, workspace packages
 * linked into node_modules as a package manager links them, the files neither side indexes removed (so both see the
 * same project), the language service run with the root tsconfig's options.
 *
 *   node --import tsx bench/rename-diff.ts [--count 150] [--seed 42] [--verbose] [--families] [--root <folder> [--js]]
 *   node --import tsx bench/rename-diff.ts --monorepo vue --git /path/to/vuejs-core.git [--dir /tmp/rename-vue] [--count 300]
 *
 * `--save-sample FILE` writes the uids sampled; `--uids FILE` compares exactly those symbols instead of drawing a
 * sample (the ones a file lists that this index has), so two builds whose graphs hold different symbols (a change
 * that adds symbols) are compared on the same ones: save the sample with the older build, measure both on it.
 *
 * `--families` samples only methods of a family: instance methods with a method of the same name in a type up or
 * down their type's EXTENDS/IMPLEMENTS chains (read from heritage edges, not from OVERRIDES, so the sample is the
 * same before and after overrides were indexed). `--root` measures another folder of TypeScript sources; with `--js`,
 * its JavaScript files join the language service's program too (CommonJS or ES modules, read with `allowJs`);
 * `--tsconfig <file>` (relative to the root) runs the language service with that tsconfig's options instead of the
 * oracle's defaults (`paths` aliases such as `@/*`; codegraph reads a tsconfig.json at the root itself).
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSnapshotInMemory } from '../lib/analyze/index.ts';
import { languageOf } from '../lib/lang/index.ts';
import { planRename } from '../lib/rename/plan.ts';
import { diffRenames, eligibleSymbols, sampleSymbols } from '../test/rename/rename-diff.ts';
import { seededRandom } from '../lib/util/seeded-random.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { TsRenameOracle, listTsFiles } from '../test/rename/ts-oracle.ts';
import { MONOREPOS, keeps, prepareMonorepo, rootOptions } from './monorepo-diff.ts';

const { values } = parseArgs({ options: { count: { type: 'string' }, seed: { type: 'string', default: '42' }, verbose: { type: 'boolean' }, families: { type: 'boolean' }, root: { type: 'string' }, js: { type: 'boolean' }, monorepo: { type: 'string' }, git: { type: 'string' }, dir: { type: 'string' }, 'no-prepare': { type: 'boolean' }, tsconfig: { type: 'string' }, 'save-sample': { type: 'string' }, uids: { type: 'string' } } });
const count = Number(values.count ?? (values.monorepo ? '300' : '150'));

let root: string;
let label: string;
let oracleFor: (files: string[]) => TsRenameOracle;
if (values.monorepo) {
  const m = MONOREPOS[values.monorepo];
  if (!m) { console.error(`unknown monorepo ${values.monorepo}; known: ${Object.keys(MONOREPOS).join(', ')}`); process.exit(2); }
  root = path.resolve(values.dir ?? `/tmp/rename-${values.monorepo}`);
  if (!values['no-prepare']) {
    if (!values.git) { console.error('--git <git directory holding the pinned commit> is required (or --no-prepare with --dir)'); process.exit(2); }
    prepareMonorepo(m, values.git, root);
    pruneTo(root, keeps(m));
  }
  label = `${m.repo}@${m.commit.slice(0, 12)}`;
  const options = rootOptions(root, m.tsconfig);
  oracleFor = (files) => new TsRenameOracle(root, files, { ...options, noEmit: true, composite: false, incremental: false });
} else {
  root = values.root ? path.resolve(values.root) : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'rxjs', 'src');
  label = values.root ?? 'rxjs 7.8.1 src';
  const options = values.tsconfig ? { ...rootOptions(root, values.tsconfig), noEmit: true, composite: false, incremental: false, skipLibCheck: true } : undefined;
  oracleFor = (files) => new TsRenameOracle(root, files, options);
}

let t0 = performance.now();
const snapshot = await buildSnapshotInMemory(root, { search: false });
const indexMs = performance.now() - t0;
t0 = performance.now();
const oracle = oracleFor(listTsFiles(root, values.js));
const sample = values.uids ? listedSymbols(snapshot, values.uids)
  : values.families ? familySample(snapshot, count, Number(values.seed)) : sampleSymbols(snapshot, count, Number(values.seed));
if (values['save-sample']) writeFileSync(values['save-sample'], sample.map((n) => n.uid).join('\n') + '\n');
const report = diffRenames(snapshot, oracle, sample);
const diffMs = performance.now() - t0;

// Preview latency (graph + text search over the whole corpus), per symbol of the sample.
const times: number[] = [];
for (const n of sample) {
  const s = performance.now();
  try { planRename(snapshot, { symbol_uid: n.uid, new_name: `${n.name}Renamed`, dry_run: true, include_text_search: false }); } catch { /* refusals are timed too */ }
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];

const f = (x: number) => x.toFixed(4);
console.log(`corpus: ${label}${values.families ? ' (methods of heritage families)' : ''} (${snapshot.files.size} indexed files, ${snapshot.refs.size} references), seed ${values.seed}`);
console.log(`sampled ${report.sampled} symbols: ${report.compared} compared, ${report.refused} refused by codegraph, ${report.tsRefused} refused by TypeScript`);
console.log(`graph edits: ours ${report.ours}, TypeScript ${report.theirs} (+${report.inComments} inside JSDoc comments, left out), common ${report.common}`);
console.log(`precision ${f(report.precision)}  recall ${f(report.recall)}  exact symbols ${report.exact}/${report.compared}`);
console.log(`preview latency (graph + text search): p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
console.log(`in-memory index ${(indexMs / 1000).toFixed(1)} s; differential run ${(diffMs / 1000).toFixed(1)} s`);
console.log('missed TypeScript locations by syntactic place (what the reference index does not resolve):');
for (const [syn, n] of Object.entries(report.missedBySyntax).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${syn}`);
const byReason = new Map<string, number>();
for (const s of report.symbols) if (s.status !== 'compared') byReason.set(`${s.status}: ${(s.reason ?? '').replace(/'[^']*'|\([^)]*\)/g, '…').slice(0, 100)}`, (byReason.get(`${s.status}: ${(s.reason ?? '').replace(/'[^']*'|\([^)]*\)/g, '…').slice(0, 100)}`) ?? 0) + 1);
for (const [r, n] of [...byReason].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${r}`);
for (const s of report.symbols) {
  if (s.status !== 'compared' || (s.extra.length === 0 && s.missed.length === 0)) continue;
  if (!values.verbose && s.extra.length === 0 && s.missed.length <= 1) continue;
  console.log(`${s.uid}: ours ${s.ours}, ts ${s.theirs}, common ${s.common}`);
  for (const e of s.extra) console.log(`   + ${e}`);
  for (const m of s.missed) console.log(`   - ${m}`);
}
if (values.verbose) for (const s of report.symbols) if (s.status !== 'compared') console.log(`${s.uid}: ${s.status} ${s.reason}`);

/** The eligible symbols whose uids a file lists (one a line), in the file's order; a uid this index lacks is reported. */
function listedSymbols(snap: typeof snapshot, file: string): GraphNode[] {
  const byUid = new Map(eligibleSymbols(snap).map((n) => [n.uid, n]));
  const uids = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const missing = uids.filter((u) => !byUid.has(u));
  if (missing.length) console.log(`${missing.length} listed symbols not in this index: ${missing.slice(0, 5).join(', ')}`);
  return uids.flatMap((u) => byUid.get(u) ?? []);
}

/** Removes the source files `keep` rejects (outside node_modules), so that the index and the checker see one project. */
function pruneTo(dir: string, keep: (rel: string) => boolean): void {
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) { if (e.name !== 'node_modules' && e.name !== '.git') walk(r); } else if (languageOf(r) && !keep(r)) rmSync(path.join(dir, r));
    }
  };
  walk('');
}

/** A seeded sample of instance methods that share their name with a method up or down their type's heritage. */
function familySample(snap: typeof snapshot, count: number, seed: number): GraphNode[] {
  const g = snap.graph;
  const heritage = (uid: string, up: boolean): string[] => {
    const out: string[] = [];
    if (up) g.forEachOutEdge(uid, (_k, e, _s, t) => { if (e.type === 'EXTENDS' || e.type === 'IMPLEMENTS') out.push(t); });
    else g.forEachInEdge(uid, (_k, e, s) => { if (e.type === 'EXTENDS' || e.type === 'IMPLEMENTS') out.push(s); });
    return out;
  };
  const methodNames = (uid: string): Set<string> => {
    const names = new Set<string>();
    g.forEachOutEdge(uid, (_k, e, _s, _t, _sa, ta) => { if (e.type === 'HAS_METHOD' && ta.label === 'Method' && ta.static !== true) names.add(ta.name); });
    return names;
  };
  const related = (start: string, up: boolean): Set<string> => {
    const seen = new Set<string>();
    const stack = heritage(start, up);
    while (stack.length) { const t = stack.pop()!; if (seen.has(t)) continue; seen.add(t); stack.push(...heritage(t, up)); }
    return seen;
  };
  const pool = eligibleSymbols(snap).filter((n) => {
    if (n.label !== 'Method' || n.static === true || n.name === 'constructor') return false;
    let owner: string | undefined;
    g.forEachInEdge(n.uid, (_k, e, s) => { if (e.type === 'HAS_METHOD') owner ??= s; });
    if (!owner) return false;
    for (const t of [...related(owner, true), ...related(owner, false)]) if (methodNames(t).has(n.name)) return true;
    return false;
  });
  const rnd = seededRandom(seed);
  for (let i = pool.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [pool[i], pool[j]] = [pool[j], pool[i]]; }
  return pool.slice(0, count);
}
