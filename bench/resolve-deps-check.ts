/**
 * Soundness of the dependency recording (bench/resolve-deps.ts) against a real edit: resolves two analyzed copies of
 * one project (the same files, one of them edited in `edited` files), compares each file's relation edges and
 * references, and checks that every file whose output changed is predicted by the OLD run's recording: an edited file
 * itself, a file that read an edited file (deps), or one that looked up a name an edited file declares before or
 * after the edit. A changed file not predicted is a hole in the recording.
 *
 *   node --import tsx bench/resolve-deps-check.ts <old analyzed dir> <new analyzed dir> <edited path>…
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadProjectConfig, resolveProject, type DepRecord } from '../lib/resolve/index.ts';
import type { FileFacts } from '../lib/extract/index.ts';

function resolveDir(dir: string, record?: DepRecord) {
  const root = path.resolve(dir);
  const index = path.join(root, '.codegraph');
  const gen = path.join(index, fs.readFileSync(path.join(index, 'CURRENT'), 'utf8').trim());
  const facts = (JSON.parse(fs.readFileSync(path.join(gen, 'facts.json'), 'utf8')) as FileFacts[]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const table = JSON.parse(fs.readFileSync(path.join(gen, 'files.json'), 'utf8')) as { files: { path: string }[]; skipped?: { path: string }[] };
  const allPaths = [...table.files, ...(table.skipped ?? [])].map((f) => f.path).sort();
  const readText = (rel: string): string | undefined => { try { return fs.readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } };
  const { graph, refs } = resolveProject(facts, loadProjectConfig(allPaths, readText), record ? { recordDeps: record } : {});
  const json = graph.toJSON();
  const fileOf = new Map<string, string>();
  for (const node of json.nodes) fileOf.set(node.uid, node.filePath ?? '');
  // each file's relation edges (structure edges are the nodes' business) and references, as sorted text
  const out = new Map<string, string[]>();
  const add = (p: string, x: string): void => { const l = out.get(p); if (l) l.push(x); else out.set(p, [x]); };
  for (const e of json.edges) if (e.reason !== 'structure') add(fileOf.get(e.source)!, JSON.stringify(e));
  for (const r of refs.all) if (r.kind !== 'definition') add(r.filePath, JSON.stringify(r));
  for (const l of out.values()) l.sort();
  return { facts, out };
}

const [oldDir, newDir, ...edited] = process.argv.slice(2);
const record: DepRecord = { paths: [], deps: [], names: [] };
const before = resolveDir(oldDir, record);
const after = resolveDir(newDir);
const paths = before.facts.map((f) => f.path);
if (paths.join('\n') !== after.facts.map((f) => f.path).join('\n')) throw new Error('not the same files');
const idx = new Map(paths.map((p, i) => [p, i]));
const declared = (ff: FileFacts): string[] => ff.symbols.flatMap((s) => [
  ...(s.label === 'Function' && s.parent === -1 ? [`F:${s.name}`] : []),
  ...(s.label === 'Method' ? [`M:${s.name}`] : []),
  ...(s.parent === -1 && (s.label === 'Class' || s.label === 'Interface' || s.label === 'TypeAlias') ? [`T:${s.name}`] : []),
]);
const xs = edited.map((p) => { const i = idx.get(p); if (i === undefined) throw new Error(`no file ${p}`); return i; });
const byDeps = new Set<number>(xs), byNames = new Set<number>();
const names = new Set<string>();
for (const x of xs) for (const nm of [...declared(before.facts[x]), ...declared(after.facts[x])]) names.add(nm);
for (let f = 0; f < paths.length; f++) {
  if (xs.some((x) => record.deps[f].includes(x))) byDeps.add(f);
  if (record.names[f].some((nm) => names.has(nm))) byNames.add(f);
}
const changed: number[] = [];
for (let f = 0; f < paths.length; f++) {
  const a = (before.out.get(paths[f]) ?? []).join('\n'), b = (after.out.get(paths[f]) ?? []).join('\n');
  if (a !== b) changed.push(f);
}
const holes = changed.filter((f) => !byDeps.has(f) && !byNames.has(f));
const viaNames = changed.filter((f) => !byDeps.has(f) && byNames.has(f));
console.log(`edit of ${edited.join(', ')}: ${changed.length} files changed; predicted ${byDeps.size} by deps, ${[...byNames].filter((f) => !byDeps.has(f)).length} more by names; changed only by the name rule ${viaNames.length}; holes ${holes.length}`);
for (const f of holes) {
  console.log(`  HOLE ${paths[f]} (deps: ${record.deps[f].map((d) => paths[d]).join(' ')}; names: ${record.names[f].join(' ')})`);
  const a = new Set(before.out.get(paths[f]) ?? []), b = new Set(after.out.get(paths[f]) ?? []);
  for (const x of a) if (!b.has(x)) console.log(`    - ${x}`);
  for (const x of b) if (!a.has(x)) console.log(`    + ${x}`);
}
