/**
 * Experiment on the tuning half only (kept in history, not on main): leave-one-repository-out with the re-ranker
 * refit per fold (as fit-rerank.ts), and in one process several rankings (`--rank`: the file lane's weight, each
 * refit), votes of a candidate's file after the re-ranker (`--posts`) and ways of grouping the answer (`--answers`:
 * the weight of a result's second and third matches, what a repeated match counts, the following steps read after
 * the definitions). The first combination also prints where each changed function and file sits (ranking against
 * answer). `--check` scores the real `query` tool beside the copy of its grouping here.
 *   node --import tsx bench/search-history/exp-answer.ts [--rank base,fw0,fw025,fw1] [--posts none,fs10-0.02,...]
 *     [--answers base,followersLast,repeat0,support0,support03] [--repos owner/name,...] [--check]
 */
import { FEATURE_COUNT, FEATURES, featuresOf } from '../../lib/search/rerank.ts';
import { rankSettings, type RankedSymbol, type RankResult } from '../../lib/search/engine.ts';
import type { SearchIndex } from '../../lib/search/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { nodeOf, type CodeGraph } from '../../lib/graph/code-graph.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';
import { membershipOf } from '../../lib/search/group.ts';
import { runQuery } from '../../handlers/query.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { formatRow, HEADER, loadSet, questionsFor, readingOrder, scoreSystem, snapshotOf, withFreshSearch, type Question, type Scores } from './eval.ts';

const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const LAMBDA = 1e-4;

interface Group { repo: string; pos: Float64Array[]; neg: Float64Array[] }
interface Corpus { repo: string; python: boolean; s: Snapshot; qs: Question[] }

const set = loadSet(DEFAULT_SET);
const corpora: Corpus[] = [];
for (const r of HISTORY_REPOS.filter((x) => x.half === 'tune' && (!arg('--repos') || arg('--repos')!.split(',').includes(x.repo)))) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR), 'builtin');
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  corpora.push({ repo: r.repo, python: r.language === 'python', s, qs });
  console.error(`loaded ${r.repo}: ${qs.length} questions`);
}

function collect(c: Corpus): Group[] {
  const idx = c.s.search as SearchIndex;
  const saved = rankSettings.rerank;
  rankSettings.rerank = undefined;
  const out: Group[] = [];
  try {
    for (const q of c.qs) {
      const qv = idx.embedsLocally ? { query: idx.embedLocally([q.text])[0] } : {};
      const g: Group = { repo: c.repo, pos: [], neg: [] };
      idx.rank({ query: q.text, onCandidates: (rows, facts) => {
        rows.forEach((row, i) => { (q.goldFunctions.has(idx.uids[row]) ? g.pos : g.neg).push(featuresOf(facts[i])); });
      } }, qv);
      if (g.pos.length && g.neg.length) out.push(g);
    }
  } finally { rankSettings.rerank = saved; }
  return out;
}

function fit(groups: readonly Group[]): Float64Array {
  const K = FEATURE_COUNT;
  const pairs: Array<{ d: Float64Array; weight: number }> = [];
  for (const g of groups) {
    const weight = 1 / (g.pos.length * g.neg.length * groups.length);
    for (const p of g.pos) for (const n of g.neg) {
      const d = new Float64Array(K);
      for (let k = 0; k < K; k++) d[k] = p[k] - n[k];
      pairs.push({ d, weight });
    }
  }
  const w = new Float64Array(K);
  for (let it = 0; it < 25; it++) {
    const grad = new Float64Array(K);
    const hess = new Float64Array(K * K);
    for (let k = 0; k < K; k++) { grad[k] = LAMBDA * w[k]; hess[k * K + k] = LAMBDA; }
    for (const { d, weight } of pairs) {
      let z = 0;
      for (let k = 0; k < K; k++) z += w[k] * d[k];
      const p = 1 / (1 + Math.exp(-z));
      const g = -weight * (1 - p);
      const h = weight * p * (1 - p);
      for (let a = 0; a < K; a++) {
        if (d[a] === 0) continue;
        grad[a] += g * d[a];
        for (let b = 0; b < K; b++) hess[a * K + b] += h * d[a] * d[b];
      }
    }
    const step = solve(hess, grad, K);
    let size = 0;
    for (let k = 0; k < K; k++) { w[k] -= step[k]; size = Math.max(size, Math.abs(step[k])); }
    if (size < 1e-6) break;
  }
  return w;
}

function solve(A: Float64Array, b: Float64Array, K: number): Float64Array {
  const m = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < K; c++) {
    let piv = c;
    for (let r = c + 1; r < K; r++) if (Math.abs(m[r * K + c]) > Math.abs(m[piv * K + c])) piv = r;
    if (piv !== c) {
      for (let k = 0; k < K; k++) { const t = m[c * K + k]; m[c * K + k] = m[piv * K + k]; m[piv * K + k] = t; }
      const t = x[c]; x[c] = x[piv]; x[piv] = t;
    }
    for (let r = c + 1; r < K; r++) {
      const f = m[r * K + c] / m[c * K + c];
      if (f === 0) continue;
      for (let k = c; k < K; k++) m[r * K + k] -= f * m[c * K + k];
      x[r] -= f * x[c];
    }
  }
  for (let r = K - 1; r >= 0; r--) {
    let v = x[r];
    for (let k = r + 1; k < K; k++) v -= m[r * K + k] * x[k];
    x[r] = v / m[r * K + r];
  }
  return x;
}

const asRecord = (w: Float64Array): Record<string, number> => Object.fromEntries(FEATURES.map((f, k) => [f, Math.round(w[k] * 1e4) / 1e4]).filter(([, v]) => v !== 0));

// ---- the answer, parameterised (a copy of lib/search/group.ts and handlers/query.ts) ----
interface GroupOpts { support: number; repeat: number; followersLast: boolean; limit: number; maxSymbols: number; fileMode?: string }
interface Res { kind: 'process' | 'symbol'; node: GraphNode; steps: Array<{ uid: string; step: number }>; score: number; matched: RankedSymbol[]; bestStep: number }
const CALLABLE = new Set(['Function', 'Method']);

function rankResultsX(graph: CodeGraph, ranked: readonly RankedSymbol[], o: GroupOpts): { results: Res[]; definitions: RankedSymbol[] } {
  const m = membershipOf(graph);
  const byProcess = new Map<string, RankedSymbol[]>();
  const results: Res[] = [];
  const definitions: RankedSymbol[] = [];
  for (const s of ranked) {
    const procs = m.bySymbol.get(s.uid);
    if (!procs || procs.length === 0) {
      const node = nodeOf(graph, s.uid);
      if (!node) continue;
      if (!CALLABLE.has(node.label)) { definitions.push(s); continue; }
      results.push({ kind: 'symbol', node, steps: [{ uid: s.uid, step: 1 }], score: s.score, matched: [s], bestStep: 1 });
      continue;
    }
    for (const p of procs) {
      let list = byProcess.get(p.process);
      if (!list) byProcess.set(p.process, (list = []));
      if (list[list.length - 1] !== s) list.push(s);
    }
  }
  for (const [uid, matched] of byProcess) {
    const info = m.processes.get(uid)!;
    const bestStep = m.bySymbol.get(matched[0].uid)!.find((p) => p.process === uid)?.step ?? 0;
    results.push({ kind: 'process', node: info.node, steps: info.steps, score: resultScore(matched, new Set(), o), matched, bestStep });
  }
  return { results: byNovelty(results, o), definitions };
}
function resultScore(matched: readonly RankedSymbol[], listed: ReadonlySet<string>, o: GroupOpts): number {
  let a = 0, b = 0, c = 0;
  for (const m of matched) {
    const s = listed.has(m.uid) ? o.repeat * m.score : m.score;
    if (s > a) { c = b; b = a; a = s; } else if (s > b) { c = b; b = s; } else if (s > c) c = s;
  }
  return a + o.support * (b + c);
}
function before(a: Res, b: Res): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.bestStep !== b.bestStep) return a.bestStep < b.bestStep;
  if (a.steps.length !== b.steps.length) return a.steps.length < b.steps.length;
  return a.node.uid < b.node.uid;
}
function byNovelty(results: Res[], o: GroupOpts): Res[] {
  const listed = new Set<string>();
  const left = [...results];
  const out: Res[] = [];
  while (left.length > 0 && out.length < 100) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (before(left[i], left[best])) best = i;
    const r = left[best];
    left[best] = left[left.length - 1];
    left.pop();
    out.push(r);
    let changed = false;
    for (const m of r.matched) if (!listed.has(m.uid)) { listed.add(m.uid); changed = true; }
    if (!changed) continue;
    for (const x of left) if (x.matched.some((m) => listed.has(m.uid))) x.score = resultScore(x.matched, listed, o);
  }
  return out.concat(left.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)));
}

const diag = new Map<string, number>();
const bump = (k: string): void => { diag.set(k, (diag.get(k) ?? 0) + 1); };
let diagQ: Question | undefined;
function answerOrder(s: Snapshot, ranked: RankResult, o: GroupOpts): string[] {
  const present = ranked.symbols.filter((r) => s.graph.hasNode(r.uid));
  const { results, definitions } = rankResultsX(s.graph, present, o);
  const chosen = results.slice(0, o.limit);
  const matchedItems: Array<{ uid: string; relevance: number }> = [];
  const followers: string[] = [];
  for (const p of chosen) {
    const matched = p.matched.slice(0, o.maxSymbols);
    const seen = new Set(matched.map((m) => m.uid));
    for (const m of matched) matchedItems.push({ uid: m.uid, relevance: m.relevance });
    let count = matched.length;
    for (const st of p.steps) {
      if (count >= o.maxSymbols) break;
      if (seen.has(st.uid) || !s.graph.hasNode(st.uid)) continue;
      seen.add(st.uid);
      followers.push(st.uid);
      count++;
    }
  }
  matchedItems.sort((a, b) => b.relevance - a.relevance);
  const defs = definitions.slice(0, o.maxSymbols).map((d) => d.uid);
  const seq = o.followersLast ? [...matchedItems.map((m) => m.uid), ...defs, ...followers] : [...matchedItems.map((m) => m.uid), ...followers, ...defs];
  const seen = new Set<string>();
  const out = seq.filter((u) => (seen.has(u) ? false : (seen.add(u), true)));
  if (diagQ && o === BASE) {
    const q = diagQ;
    const fileOf = (u: string): string | undefined => nodeOf(s.graph, u)?.filePath;
    const mFiles = new Set(matchedItems.map((m) => fileOf(m.uid)));
    bump(`matched distinct files ${Math.min(mFiles.size, 6)}`);
    bump(`matched distinct symbols ${Math.min(new Set(matchedItems.map((m) => m.uid)).size, 12)}`);
    for (const g of q.goldFiles) {
      const where = mFiles.has(g) ? 'matched' : followers.some((u) => fileOf(u) === g) ? 'follower' : defs.some((u) => fileOf(u) === g) ? 'definition' : present.slice(0, 100).some((x) => fileOf(x.uid) === g) ? 'ranking-only' : 'absent';
      bump(`gold file in ${where}`);
    }
    for (const g of q.goldFunctions) {
      const ri = present.findIndex((x) => x.uid === g);
      const inAns = matchedItems.some((m) => m.uid === g);
      bump(`gold fn rank ${ri < 0 ? 'none' : ri < 5 ? '1-5' : ri < 10 ? '6-10' : ri < 20 ? '11-20' : '>20'} ${inAns ? 'in answer' : 'not in answer'}`);
    }
  }
  return out;
}

const BASE: GroupOpts = { support: 0.1, repeat: 0.3, followersLast: false, limit: 5, maxSymbols: 10 };
const ANSWERS: Record<string, GroupOpts> = {
  base: BASE,
  followersLast: { ...BASE, followersLast: true },
  repeat0: { ...BASE, repeat: 0 },
  repeat0fl: { ...BASE, repeat: 0, followersLast: true },
  support0: { ...BASE, support: 0 },
  support03: { ...BASE, support: 0.3 },
};

const RANKS: Record<string, () => void> = {
  base: () => {},
  fw0: () => { rankSettings.fileWeight = 0; },
  fw025: () => { rankSettings.fileWeight = 0.25; },
  fw1: () => { rankSettings.fileWeight = 1; },
};

/** Post-re-ranker file support: each of the first 50 gains beta × the position votes of the other candidates of its file. */
function fileSupport(s: Snapshot, r: RankResult, k0: number, beta: number, depth = 50): RankResult {
  const top = r.symbols.slice(0, depth);
  const fileOf = (u: string): string => nodeOf(s.graph, u)?.filePath ?? u;
  const vote = top.map((_, i) => 1 / (k0 + i + 1));
  const mass = new Map<string, number>();
  top.forEach((x, i) => mass.set(fileOf(x.uid), (mass.get(fileOf(x.uid)) ?? 0) + vote[i]));
  const z = top.map((x, i) => ({ x, i, z: vote[i] + beta * (mass.get(fileOf(x.uid))! - vote[i]) }));
  z.sort((a, b) => b.z - a.z || a.i - b.i);
  const symbols = [...z.map((e, i) => ({ ...e.x, score: top[i].score, relevance: top[i].relevance })), ...r.symbols.slice(depth)];
  return { ...r, symbols };
}
const POSTS: Record<string, (s: Snapshot, r: RankResult) => RankResult> = {
  none: (_s, r) => r,
  'fs10-0.02': (s, r) => fileSupport(s, r, 10, 0.02),
  'fs10-0.04': (s, r) => fileSupport(s, r, 10, 0.04),
  'fs10-0.1': (s, r) => fileSupport(s, r, 10, 0.1),
  'fs10-0.2': (s, r) => fileSupport(s, r, 10, 0.2),
  'fs10-0.4': (s, r) => fileSupport(s, r, 10, 0.4),
  'fs3-0.1': (s, r) => fileSupport(s, r, 3, 0.1),
  'fs3-0.3': (s, r) => fileSupport(s, r, 3, 0.3),
};

const empty = (): Scores => ({ functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } });
const rankVariants = (arg('--rank') ?? 'base').split(',');
const answerVariants = (arg('--answers') ?? Object.keys(ANSWERS).join(',')).split(',');
const postVariants = (arg('--posts') ?? 'none').split(',');
const checkQuery = process.argv.includes('--check');
for (const rv of rankVariants) {
  const saved = { ...rankSettings };
  RANKS[rv]();
  const groups = new Map(corpora.map((c) => [c.repo, collect(c)]));
  const totals = new Map<string, Scores>();
  const tot = (k: string): Scores => { let t = totals.get(k); if (!t) totals.set(k, (t = empty())); return t; };
  for (const c of corpora) {
    const w = asRecord(fit([...groups].filter(([repo]) => repo !== c.repo).flatMap(([, g]) => g)));
    rankSettings.rerank = w;
    const idx = c.s.search as SearchIndex;
    const cache = new Map<string, RankResult>();
    const rankOf0 = (text: string): RankResult => {
      let r = cache.get(text);
      if (!r) { const qv = idx.embedsLocally ? { query: idx.embedLocally([text])[0] } : {}; r = idx.rank({ query: text }, qv); cache.set(text, r); }
      return r;
    };
    const prefix = c.python ? 'python: ' : '';
    if (checkQuery) await scoreSystem(c.s, async (t) => readingOrder(await runQuery({ query: t, limit: 5, max_symbols: 10, include_content: false }, c.s)), c.qs, tot(`${prefix}${rv} runQuery`));
    for (const pv of postVariants) {
      const rankOf = (t: string): RankResult => POSTS[pv](c.s, rankOf0(t));
      await scoreSystem(c.s, (t) => rankOf(t).symbols.slice(0, 100).map((x) => x.uid), c.qs, tot(`${prefix}${rv}/${pv} rank`));
      for (const av of answerVariants) {
        if (av === 'base' && pv === 'none' && rv === 'base') {
          for (const q of c.qs) { diagQ = q; answerOrder(c.s, rankOf(q.text), BASE); }
          diagQ = undefined;
        }
        await scoreSystem(c.s, (t) => answerOrder(c.s, rankOf(t), ANSWERS[av]), c.qs, tot(`${prefix}${rv}/${pv} q:${av}`));
      }
    }
    console.error(`  ${rv} ${c.repo} done`);
  }
  Object.assign(rankSettings, saved);
  console.log(`-- LOO tuning half, rank variant ${rv}`);
  console.log(HEADER);
  for (const [k, v] of totals) console.log(formatRow(k, v));
  if (diag.size) { console.log([...diag].sort().map(([k, v]) => `${k}: ${v}`).join('\n')); diag.clear(); }
}
