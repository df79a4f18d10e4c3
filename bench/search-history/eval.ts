/**
 * Localization evaluation on real history (the set mine.ts makes): each commit subject is a query, the files
 * and functions the commit changed are the answer. Each pinned repository is analyzed as a user would (the
 * real pipeline), its search index built by today's code, and every question asked through the `query` tool.
 *   node --import tsx bench/search-history/eval.ts [--half test|tune|all] [--set FILE] [--mirror DIR]
 *     [--systems bm25,query,rank,vector] [--ablate] [--paraphrases] [--repo owner/name] [--embedder builtin|lexical|learned|DIR]
 *     [--weights FILE]
 * `--weights` reads the re-ranker's weights from a JSON file (fit-rerank.ts `--out`) instead of rerank-weights.ts.
 * Metrics (per question, averaged): Acc@k = every changed function (file) is among the first k; MRR = 1 / rank
 * of the first changed function (file). Functions are read in the answer's order (process_symbols, then
 * definitions), counting Function and Method symbols; files in the order their first symbol appears.
 * `bm25` is the baseline: plain BM25 (wink-bm25-text-search) over the source text of every function and method.
 * The half's totals count JavaScript and TypeScript repositories; Python repositories have their own rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { graphData, nodeOf } from '../../lib/graph/code-graph.ts';
import { buildSearch } from '../../lib/search/index.ts';
import { loadSearch, SearchIndex } from '../../lib/search/load.ts';
import { runQuery, type QueryResponse } from '../../handlers/query.ts';
import { splitIdentifier, STOP_WORDS } from '../../lib/search/tokenize.ts';
import { rankSettings } from '../../lib/search/engine.ts';
import type { KeywordParams } from '../../lib/search/keyword.ts';
import { HISTORY_REPOS, type HistoryRepo } from './repos.ts';
import { checkout, DEFAULT_MIRROR, DEFAULT_SET, type HistoryQuery } from './mine.ts';
import { PARAPHRASES } from './paraphrases.ts';

const require = createRequire(import.meta.url);
const FUNCTION_LABELS = new Set(['Function', 'Method']);
const WORK = path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-history');

export interface Metrics { n: number; acc1: number; acc5: number; acc10: number; mrr: number }
export interface Scores { functions: Metrics; files: Metrics }

/** A question with its answer as uids of the indexed snapshot. */
export interface Question { q: HistoryQuery; text: string; goldFunctions: Set<string>; goldFiles: Set<string> }

/** A system under test: question → symbols in the order a reader meets them. */
export type System = (text: string) => Promise<string[]> | string[];

/** The pinned snapshot of a repository, analyzed (incrementally: a second run reuses the facts). */
export async function snapshotOf(r: HistoryRepo, mirror: string): Promise<Snapshot> {
  const root = path.join(WORK, 'repos', r.repo.replace('/', '+'));
  checkout(r, mirror, root);
  const home = path.join(WORK, 'home');
  await analyzeRepository(root, { home, name: r.repo.replace('/', '+'), embedder: 'builtin' });
  const loader = new SnapshotLoader({ home });
  const s = await loader.get(r.repo.replace('/', '+'));
  loader.close();
  return s;
}

const searchDirs: string[] = [];

/** The snapshot with a search index built by this checkout's lib/search (what analyze would write now). */
export async function withFreshSearch(s: Snapshot, embedder = 'builtin'): Promise<Snapshot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-history-search-'));
  // the loaded index may read its files lazily, so the folder lives as long as the process
  if (searchDirs.length === 0) process.once('exit', () => { for (const d of searchDirs) fs.rmSync(d, { recursive: true, force: true }); });
  searchDirs.push(dir);
  await buildSearch({ graph: s.graph, readSource: (p) => s.host.readFile(p), dir, embedder, log: () => {} });
  const search = await loadSearch(dir);
  return { ...s, search };
}

/** Questions of one repository whose answer exists in the snapshot (by file, qualified name and kind). */
export function questionsFor(s: Snapshot, qs: readonly HistoryQuery[]): Question[] {
  const byKey = new Map<string, string>();
  for (const n of graphData(s.graph).nodes) {
    if (!FUNCTION_LABELS.has(n.label) || !n.filePath) continue;
    byKey.set(`${n.filePath}\0${n.qualifiedName ?? n.name}\0${n.label}`, n.uid);
  }
  const out: Question[] = [];
  for (const q of qs) {
    const goldFunctions = new Set<string>();
    for (const f of q.functions) {
      const uid = byKey.get(`${f.file}\0${f.qualifiedName}\0${f.label}`);
      if (uid) goldFunctions.add(uid);
    }
    if (goldFunctions.size === 0) continue;
    const goldFiles = new Set(q.files.filter((f) => s.files.has(f)));
    if (goldFiles.size === 0) continue;
    out.push({ q, text: q.query, goldFunctions, goldFiles });
  }
  return out;
}

/** Symbols of a `query` answer in reading order: process_symbols, then definitions (each once). */
export function readingOrder(res: QueryResponse): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const x of [...res.process_symbols, ...res.definitions]) if (!seen.has(x.uid)) { seen.add(x.uid); out.push(x.uid); }
  return out;
}

/** The `query` tool with default limits, read top-down. */
export function querySystem(s: Snapshot, extra: { limit?: number; max_symbols?: number } = {}): System {
  return async (text) => readingOrder(await runQuery({ query: text, limit: extra.limit ?? 5, max_symbols: extra.max_symbols ?? 10, include_content: false }, s));
}

/** The fused ranking itself (what `query` groups into flows). */
export function rankSystem(s: Snapshot): System {
  const idx = s.search as SearchIndex;
  return (text) => {
    const qv = idx.embedsLocally ? { query: idx.embedLocally([text])[0] } : {};
    return idx.rank({ query: text, graph: s.graph }, qv).symbols.slice(0, 100).map((r) => r.uid);
  };
}

/** The vector lane's ranking alone. */
export function vectorSystem(s: Snapshot): System {
  const idx = s.search as SearchIndex;
  return (text) => {
    const qv = idx.embedsLocally ? { query: idx.embedLocally([text])[0] } : {};
    return idx.rank({ query: text, mode: 'vector' }, qv).symbols.slice(0, 100).map((r) => r.uid);
  };
}

type Settings = typeof rankSettings;
/** Ranking settings changed for one ablation (restored after each question). */
const zeroFields = (...fields: Array<keyof KeywordParams['weights']>) => (st: Settings): void => {
  st.keyword = { ...st.keyword, weights: { ...st.keyword.weights, ...Object.fromEntries(fields.map((f) => [f, 0])) } };
};
export const ABLATIONS: ReadonlyArray<[string, (st: Settings) => void]> = [
  ['without the re-ranker', (st) => { st.rerank = undefined; }],
  ['without the vector lane', (st) => { st.vectorWeight = 0; }],
  ['without the file lane', (st) => { st.fileWeight = 0; }],
  ['without the call lane', (st) => { st.callWeight = 0; }],
  ['without comments', zeroFields('comments')],
  ['without strings', zeroFields('strings')],
  ['without body identifiers', zeroFields('body')],
  ['without doc', zeroFields('doc')],
  ['without path and owner', zeroFields('path', 'owner')],
  ['names, signatures and docs only', zeroFields('comments', 'strings', 'body', 'path', 'owner')],
];

function withSettings(sys: System, change: (st: Settings) => void): System {
  return async (text) => {
    const saved = { ...rankSettings };
    change(rankSettings);
    try { return await sys(text); } finally { Object.assign(rankSettings, saved); }
  };
}

/** Plain BM25 over function and method bodies (wink-bm25-text-search; identifiers split, stop words out). */
export function bm25System(s: Snapshot): System {
  const BM25 = require('wink-bm25-text-search');
  const engine = BM25();
  const prep = (t: string): string[] => {
    const out: string[] = [];
    for (const run of t.match(/[\p{L}\p{N}_$]+/gu) ?? []) for (const w of splitIdentifier(run)) if (!STOP_WORDS.has(w)) out.push(w);
    return out;
  };
  engine.defineConfig({ fldWeights: { body: 1 } });
  engine.definePrepTasks([prep]);
  const lines = new Map<string, string[] | undefined>();
  let count = 0;
  for (const n of graphData(s.graph).nodes) {
    if (!FUNCTION_LABELS.has(n.label) || !n.filePath || typeof n.line !== 'number') continue;
    if (!lines.has(n.filePath)) lines.set(n.filePath, s.host.readFile(n.filePath)?.split('\n'));
    const text = lines.get(n.filePath)?.slice(n.line - 1, n.endLine ?? n.line).join('\n') ?? '';
    engine.addDoc({ body: text }, n.uid);
    count++;
  }
  for (; count < 3; count++) engine.addDoc({ body: 'x' }, `pad${count}`);
  engine.consolidate();
  return (text) => (engine.search(text, 50) as Array<[string, number]>).map((r) => r[0]);
}

function empty(): Metrics { return { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }; }

function add(m: Metrics, ranked: readonly string[], gold: ReadonlySet<string>): void {
  let found = 0;
  let first = 0;
  let all = 0;
  for (let i = 0; i < ranked.length && found < gold.size; i++) {
    if (!gold.has(ranked[i])) continue;
    found++;
    if (!first) first = i + 1;
    if (found === gold.size) all = i + 1;
  }
  m.n++;
  if (all && all <= 1) m.acc1++;
  if (all && all <= 5) m.acc5++;
  if (all && all <= 10) m.acc10++;
  if (first) m.mrr += 1 / first;
}

function finish(m: Metrics): Metrics {
  return m.n ? { n: m.n, acc1: m.acc1 / m.n, acc5: m.acc5 / m.n, acc10: m.acc10 / m.n, mrr: m.mrr / m.n } : m;
}

/** Scores a system over questions of one snapshot; adds into `into` (raw sums) when given. */
export async function scoreSystem(s: Snapshot, sys: System, qs: readonly Question[], into?: { functions: Metrics; files: Metrics }, texts?: (q: Question) => string): Promise<Scores> {
  const acc = into ?? { functions: empty(), files: empty() };
  for (const q of qs) {
    const ranked = await sys(texts ? texts(q) : q.text);
    const fns: string[] = [];
    const files: string[] = [];
    const seenFiles = new Set<string>();
    for (const uid of ranked) {
      const n = nodeOf(s.graph, uid);
      if (!n) continue;
      if (FUNCTION_LABELS.has(n.label)) fns.push(uid);
      if (n.filePath && !seenFiles.has(n.filePath)) { seenFiles.add(n.filePath); files.push(n.filePath); }
    }
    add(acc.functions, fns, q.goldFunctions);
    add(acc.files, files, q.goldFiles);
  }
  return acc;
}

export function finished(s: Scores): Scores { return { functions: finish({ ...s.functions }), files: finish({ ...s.files }) }; }

export function formatRow(label: string, s: Scores): string {
  const f = (x: number): string => x.toFixed(3);
  const { functions: fn, files: fi } = finished(s);
  return `${label.padEnd(28)} ${f(fn.acc1)}  ${f(fn.acc5)}  ${f(fn.acc10)}  ${f(fn.mrr)} | ${f(fi.acc1)}  ${f(fi.acc5)}  ${f(fi.acc10)}  ${f(fi.mrr)}   n=${fn.n}`;
}

export const HEADER = `${'system'.padEnd(28)} fn@1   fn@5   fn@10  fnMRR | file@1 file@5 file@10 fileMRR`;

export function loadSet(file: string): HistoryQuery[] {
  if (!fs.existsSync(file)) throw new Error(`no localization set at ${file}: run node --import tsx bench/search-history/mine.ts first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as HistoryQuery[];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
  const half = arg('--half', 'test');
  const mirror = arg('--mirror', DEFAULT_MIRROR);
  const only = arg('--repo', '');
  const systems = arg('--systems', 'bm25,query').split(',');
  const set = loadSet(arg('--set', DEFAULT_SET));
  const repos = HISTORY_REPOS.filter((r) => (half === 'all' || r.half === half) && (!only || r.repo === only));
  const totals = new Map<string, Scores>();
  const total = (k: string): Scores => { let t = totals.get(k); if (!t) totals.set(k, (t = { functions: empty(), files: empty() })); return t; };
  const para = process.argv.includes('--paraphrases') ? PARAPHRASES : [];
  const weightsFile = arg('--weights', '');
  if (weightsFile) rankSettings.rerank = JSON.parse(fs.readFileSync(weightsFile, 'utf8')) as Record<string, number>;
  console.log(HEADER);
  for (const r of repos) {
    const base = await snapshotOf(r, mirror);
    const s = await withFreshSearch(base, arg('--embedder', 'builtin'));
    const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
    const runs: Array<[string, System]> = [];
    if (systems.includes('bm25')) runs.push(['bm25 function bodies', bm25System(s)]);
    if (systems.includes('query')) runs.push(['query', querySystem(s)]);
    if (systems.includes('rank')) runs.push(['rank', rankSystem(s)]);
    if (systems.includes('vector')) runs.push(['vector lane alone', vectorSystem(s)]);
    if (process.argv.includes('--ablate')) for (const [label, change] of ABLATIONS) runs.push([`rank ${label}`, withSettings(rankSystem(s), change)]);
    // Python repositories are totalled apart: the aims were set on JavaScript and TypeScript.
    const group = r.language === 'python' ? 'python: ' : '';
    for (const [label, sys] of runs) {
      const one = await scoreSystem(s, sys, qs);
      console.log(formatRow(`${r.repo.split('/')[1]}: ${label}`, one));
      await scoreSystem(s, sys, qs, total(group + label));
      const paraQs = qs.filter((q) => para.some((p) => p.commit === q.q.commit));
      if (paraQs.length) {
        await scoreSystem(s, sys, paraQs, total(`${group}${label} (originals of paraphrases)`));
        await scoreSystem(s, sys, paraQs, total(`${group}${label} (paraphrased)`), (q) => para.find((p) => p.commit === q.q.commit)!.text);
      }
    }
  }
  console.log(`-- ${half} half: ${repos.map((r) => r.repo).join(', ')}`);
  for (const [label, t] of totals) console.log(formatRow(label, t));
}
