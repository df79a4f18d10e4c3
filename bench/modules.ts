/**
 * Module detection on real repositories: for each, the number of modules, the largest module's share of the
 * symbols, and the largest modules with the folders their symbols live in — what a maintainer reads to judge
 * whether the modules are areas of the code base. The graph is analyzed once (kept under the repository's
 * `.codegraph`, reused on the next run when nothing changed); modules are detected again on the graph as the
 * resolver leaves it, with `--options` (a JSON ModulesOptions) when given.
 *
 *   node --import tsx bench/modules.ts <repo dir>… [--options '{"resolution":1.2}'] [--top 12]
 *   node --import tsx bench/modules.ts --pinned [--set tune|check|all] [--mirror /work/.mirror] [--work /tmp/cg-modules]
 *
 * `--pinned` checks out the repositories of docs/flows.md at the commits pinned below, from bare mirrors
 * (`<mirror>/<owner>+<name>/repo`, what the search tool's fetch leaves) or, without one, by `git clone`. The
 * `tune` set is what the defaults were chosen on; the `check` set was measured only after, with them fixed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { readGraph } from '../index-store/format.ts';
import { codeGraphFromData, graphData, type CodeGraph } from '../lib/graph/code-graph.ts';
import { detectModules, type ModulesOptions } from '../lib/modules/index.ts';
import { SYMBOL_LABELS } from '../lib/graph/schema.ts';

/** The repositories docs/flows.md shows, pinned. */
export const PINNED = [
  { repo: 'eslint/eslint', commit: 'c27bc926e496985eb7911c09eb60914b2e4b5d0f', set: 'tune' },
  { repo: 'webpack/webpack', commit: 'bc3e930f75e3f6ecbdf193a0dedf6067ea3a286b', set: 'tune' },
  { repo: 'typeorm/typeorm', commit: '281bfba42a5813b106bcf5ba79bc7f7251bd1e73', set: 'tune' },
  { repo: 'jestjs/jest', commit: '52db46e50404c993d3f10dd1481e861cc04ae22e', set: 'check' },
  { repo: 'prisma/prisma', commit: '9b75b95503c2f8fdfc75319e5b158912e11aae81', set: 'check' },
];

const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  options: { type: 'string' }, top: { type: 'string', default: '12' }, pinned: { type: 'boolean' }, set: { type: 'string', default: 'all' },
  mirror: { type: 'string', default: '/work/.mirror' }, work: { type: 'string', default: path.join(os.tmpdir(), 'cg-modules') },
} });
const options = values.options ? JSON.parse(values.options) as ModulesOptions : {};
const TOP = Number(values.top);
const SYMBOLS = new Set<string>(SYMBOL_LABELS);

function checkout(repo: string, commit: string): string {
  const dir = path.join(values.work!, repo.replace('/', '+'));
  if (fs.existsSync(path.join(dir, '.pinned')) && fs.readFileSync(path.join(dir, '.pinned'), 'utf8') === commit) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const mirror = path.join(values.mirror!, repo.replace('/', '+'), 'repo');
  const gitDir = fs.existsSync(mirror) ? mirror : (() => {
    const clone = path.join(values.work!, `${repo.replace('/', '+')}.git`);
    if (!fs.existsSync(clone)) execFileSync('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${repo}.git`, clone], { stdio: 'inherit' });
    return clone;
  })();
  // A fetched mirror may lack a few large blobs (webpack's source-map fixtures): those files are left out,
  // by name, so the checkout is the same on every run.
  const tree = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', commit], { maxBuffer: 1 << 28 }).toString().split('\0').filter(Boolean)
    .map((line) => { const [meta, file] = line.split('\t'); return { oid: meta.split(' ')[2], file }; });
  const check = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], { input: tree.map((e) => e.oid).join('\n') + '\n', maxBuffer: 1 << 28 }).toString().split('\n');
  const missing = tree.filter((_e, i) => check[i]?.endsWith(' missing')).map((e) => e.file);
  if (missing.length) console.log(`${repo}: ${missing.length} files absent from the mirror, left out`);
  // Through a throw-away index: read the commit's tree, drop the absent files, write out the rest.
  const env = { ...process.env, GIT_INDEX_FILE: path.join(values.work!, `${repo.replace('/', '+')}.index`) };
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, '--work-tree', dir, ...args], { env, stdio: 'inherit' });
  git('read-tree', commit);
  if (missing.length) execFileSync('git', ['--git-dir', gitDir, '--work-tree', dir, 'update-index', '--force-remove', '-z', '--stdin'], { env, input: missing.join('\0') + '\0' });
  git('checkout-index', '-a', '-f', `--prefix=${dir}/`);
  fs.rmSync(env.GIT_INDEX_FILE, { force: true });
  fs.writeFileSync(path.join(dir, '.pinned'), commit);
  return dir;
}

/** The graph as the resolver leaves it: no Community/Process nodes, no MEMBER_OF/STEP_IN_PROCESS edges, no `module`. */
function resolved(g: CodeGraph): CodeGraph {
  const { nodes, edges } = graphData(g);
  return codeGraphFromData({
    nodes: nodes.filter((n) => n.label !== 'Community' && n.label !== 'Process').map(({ module: _m, ...rest }) => rest as typeof nodes[number]),
    edges: edges.filter((e) => e.type !== 'MEMBER_OF' && e.type !== 'STEP_IN_PROCESS').map((e) => ({ ...e })),
  });
}

async function measure(dir: string): Promise<void> {
  const home = path.join(values.work!, 'home');
  const res = await analyzeRepository(dir, { home, name: path.basename(dir), embedder: 'lexical' });
  const g = resolved(readGraph(res.dir));
  const t0 = performance.now();
  const summary = detectModules(g, options);
  const ms = performance.now() - t0;
  const symbols = graphData(g).nodes.filter((n) => SYMBOLS.has(n.label));
  const byModule = new Map<string, typeof symbols>();
  for (const s of symbols) { const m = String(s.module); const l = byModule.get(m); if (l) l.push(s); else byModule.set(m, [s]); }
  const largest = summary.modules[0];
  console.log(`\n${path.basename(dir)}: ${res.repo.stats.files} files, ${symbols.length} symbols, ${summary.communities} modules; ` +
    `largest ${largest.name} ${largest.size} (${(100 * largest.size / symbols.length).toFixed(1)}%); detectModules ${ms.toFixed(0)} ms`);
  for (const m of summary.modules.slice(0, TOP)) {
    const folders = new Map<string, number>();
    for (const s of byModule.get(m.name) ?? []) { const f = path.posix.dirname(s.filePath ?? ''); folders.set(f, (folders.get(f) ?? 0) + 1); }
    const top = [...folders].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, c]) => `${f} ${Math.round(100 * c / m.size)}%`).join(', ');
    console.log(`  ${m.name.padEnd(28)} ${String(m.size).padStart(6)} ${(100 * m.size / symbols.length).toFixed(1).padStart(5)}%  cohesion ${m.cohesion.toFixed(2)}  ${top}`);
  }
}

const dirs = values.pinned ? PINNED.filter((p) => values.set === 'all' || p.set === values.set).map((p) => checkout(p.repo, p.commit)) : positionals;
for (const d of dirs) await measure(path.resolve(d));
