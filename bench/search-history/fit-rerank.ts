/**
 * Fits the re-ranker (lib/search/rerank.ts) on the tuning half of the localization set: for every question the
 * fused ranking's first candidates and their features are collected (lib/search/engine.ts `onCandidates`),
 * and a pairwise logistic regression learns weights under which each changed function scores above each
 * candidate that is not one (every question weighs the same; L2-regularised; fit from
 * zero by Newton's method, so the result is deterministic). Before the final fit, leave-one-repository-out cross-validation over
 * the tuning half says whether re-ranking pays on code the weights did not see. Never run on the test half.
 *   node --import tsx bench/search-history/fit-rerank.ts [--drop feature,feature] [--lambda L] [--embedder NAME] [--write] [--out FILE] [--no-cv]
 * `--write` writes the weights fit on the whole tuning half to lib/search/rerank-weights.ts, `--out FILE` to a JSON
 * file that eval.ts `--weights FILE` reads (to check them on the validation half before writing them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_COUNT, FEATURES, featuresOf } from '../../lib/search/rerank.ts';
import { rankSettings } from '../../lib/search/engine.ts';
import type { SearchIndex } from '../../lib/search/load.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { HISTORY_REPOS } from './repos.ts';
import { PARAPHRASES } from './paraphrases.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { finished, formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Question, type Scores } from './eval.ts';

const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const drop = new Set((arg('--drop') ?? '').split(',').filter(Boolean));
for (const d of drop) if (!(FEATURES as readonly string[]).includes(d)) throw new Error(`unknown feature ${d}`);
/** L2 strength (on a loss averaged over questions) and the most Newton steps. */
const LAMBDA = Number(arg('--lambda') ?? 1e-4);
const NEWTON_STEPS = 25;

interface Group { repo: string; pos: Float64Array[]; neg: Float64Array[] }
interface Corpus { repo: string; python: boolean; s: Snapshot; qs: Question[]; para: Question[] }

const set = loadSet(DEFAULT_SET);
const corpora: Corpus[] = [];
for (const r of HISTORY_REPOS.filter((x) => x.half === 'tune')) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR), arg('--embedder') ?? 'builtin');
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  // The tuning half's paraphrased questions, scored apart (never fit on): how the weights hold on other wording.
  const para = qs.flatMap((q) => PARAPHRASES.filter((p) => p.commit === q.q.commit).map((p) => ({ ...q, text: p.text })));
  corpora.push({ repo: r.repo, python: r.language === 'python', s, qs, para });
}

/** Candidates of every question with their features, split into changed functions and the rest. */
function collect(c: Corpus): Group[] {
  const idx = c.s.search as SearchIndex;
  const saved = rankSettings.rerank;
  rankSettings.rerank = undefined;
  const out: Group[] = [];
  try {
    for (const q of c.qs) {
      const qv = idx.embedsLocally ? { query: idx.embedLocally([q.text])[0] } : {};
      const g: Group = { repo: c.repo, pos: [], neg: [] };
      idx.rank({ query: q.text, graph: c.s.graph, onCandidates: (rows, facts) => {
        rows.forEach((row, i) => {
          const x = featuresOf(facts[i]);
          for (let k = 0; k < FEATURE_COUNT; k++) if (drop.has(FEATURES[k])) x[k] = 0;
          (q.goldFunctions.has(idx.uids[row]) ? g.pos : g.neg).push(x);
        });
      } }, qv);
      if (g.pos.length && g.neg.length) out.push(g);
    }
  } finally { rankSettings.rerank = saved; }
  return out;
}

/**
 * Pairwise logistic regression: minimises the mean over questions of the mean over (changed, other) pairs of
 * log(1 + e^−w·(p − n)), plus LAMBDA/2 · |w|², by Newton's method (a few steps converge; no step size to tune).
 */
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
  for (let it = 0; it < NEWTON_STEPS; it++) {
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

/** Solves A x = b (A symmetric positive definite, K × K) by Gaussian elimination with partial pivoting. */
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

const asRecord = (w: Float64Array): Record<string, number> => Object.fromEntries(FEATURES.map((f, k) => [f, Math.round(w[k] * 1e4) / 1e4]).filter(([f, v]) => v !== 0 && !drop.has(f as string)));

async function score(c: Corpus, weights: Record<string, number> | undefined, into: Map<string, Scores>): Promise<void> {
  const saved = rankSettings.rerank;
  rankSettings.rerank = weights;
  try {
    for (const [label, sys] of [['rank', rankSystem(c.s)], ['query', querySystem(c.s)]] as const) {
      const key = `${weights ? 're-ranked' : 'fused'} ${label}`;
      let acc = into.get(key);
      if (!acc) into.set(key, (acc = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } }));
      await scoreSystem(c.s, sys, c.qs, acc);
      if (!c.para.length) continue;
      for (const [suffix, qs] of [['originals of paraphrases', c.para.map((q) => c.qs.find((o) => o.q.commit === q.q.commit)!)], ['paraphrased', c.para]] as const) {
        const k = `${key} (${suffix})`;
        let a = into.get(k);
        if (!a) into.set(k, (a = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } }));
        await scoreSystem(c.s, sys, qs, a);
      }
    }
  } finally { rankSettings.rerank = saved; }
}

const groups = new Map(corpora.map((c) => [c.repo, collect(c)]));
if (!process.argv.includes('--no-cv')) {
  const totals = new Map<string, Scores>();
  for (const c of corpora) {
    const w = fit([...groups].filter(([repo]) => repo !== c.repo).flatMap(([, g]) => g));
    const one = new Map<string, Scores>();
    await score(c, undefined, one);
    await score(c, asRecord(w), one);
    for (const [label, v] of one) {
      console.log(formatRow(`${c.repo.split('/')[1]}: ${label}`, v));
      const k = (c.python ? 'python: ' : '') + label;
      const t = totals.get(k);
      if (!t) totals.set(k, structuredClone(v));
      else for (const part of ['functions', 'files'] as const) for (const m of ['n', 'acc1', 'acc5', 'acc10', 'mrr'] as const) t[part][m] += v[part][m];
    }
  }
  console.log(`-- leave-one-repository-out over the tuning half${drop.size ? ` (without ${[...drop].join(', ')})` : ''}`);
  console.log(HEADER);
  for (const [k, v] of totals) console.log(formatRow(k, v));
  void finished;
}
const all = fit([...groups.values()].flat());
const weights = asRecord(all);
console.log(JSON.stringify(weights));
if (arg('--out')) fs.writeFileSync(arg('--out')!, `${JSON.stringify(weights)}\n`);
if (process.argv.includes('--write')) {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), '../../lib/search/rerank-weights.ts');
  const body = Object.entries(weights).map(([k, v]) => `  '${k}': ${v},`).join('\n');
  fs.writeFileSync(file, `/**\n * Written by bench/search-history/fit-rerank.ts${drop.size ? ` --drop ${[...drop].join(',')}` : ''} (pairwise logistic regression on the tuning half of\n * the localization set); the features are lib/search/rerank.ts FEATURES.\n */\nexport const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {\n${body}\n};\n`);
  console.log(`weights -> ${file}`);
}
