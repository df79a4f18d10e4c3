/**
 * Experiment, reverted with the re-ranker features it measured: for each configuration, the re-ranker is refit
 * leave-one-repository-out on the tuning half (as fit-rerank.ts does) and fit on the whole tuning half to score
 * the validation half (as eval.ts --half validation --weights does), in one process. Never the test half.
 *   node --import tsx bench/search-history/sweep.ts [--configs 'base;softCover;nameCosine,pathCosine'] [--set vectorWeight=0.3,fileWeight=0.25] [--alpha 0.3]
 */
import { FEATURE_COUNT, FEATURES, featuresOf } from '../../lib/search/rerank.ts';
import { rankSettings } from '../../lib/search/engine.ts';
import type { SearchIndex } from '../../lib/search/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { HISTORY_REPOS } from './repos.ts';
import { PARAPHRASES } from './paraphrases.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Question, type Scores } from './eval.ts';

const LAMBDA = 1e-4;
interface Group { repo: string; pos: Float64Array[]; neg: Float64Array[]; fpos: Float64Array[]; fneg: Float64Array[] }
interface Corpus { repo: string; python: boolean; half: string; s: Snapshot; qs: Question[]; para: Question[] }
export interface Config { name: string; apply(): void; restore(): void; drop?: string[] }

const set = loadSet(DEFAULT_SET);
const halves = ['tune', 'validation'];
const corpora: Corpus[] = [];
for (const r of HISTORY_REPOS.filter((x) => halves.includes(x.half))) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR), 'builtin');
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  const para = r.half === 'tune' ? qs.flatMap((q) => PARAPHRASES.filter((p) => p.commit === q.q.commit).map((p) => ({ ...q, text: p.text }))) : [];
  corpora.push({ repo: r.repo, python: r.language === 'python', half: r.half, s, qs, para });
}

function collect(c: Corpus, drop: Set<string>): Group[] {
  const idx = c.s.search as SearchIndex;
  const saved = rankSettings.rerank;
  rankSettings.rerank = undefined;
  const out: Group[] = [];
  try {
    for (const q of c.qs) {
      const qv = idx.embedsLocally ? { query: idx.embedLocally([q.text])[0] } : {};
      const g: Group = { repo: c.repo, pos: [], neg: [], fpos: [], fneg: [] };
      const files = idx.load().files;
      idx.rank({ query: q.text, onCandidates: (rows, facts) => {
        rows.forEach((row, i) => {
          const x = featuresOf(facts[i]);
          for (let k = 0; k < FEATURE_COUNT; k++) if (drop.has(FEATURES[k])) x[k] = 0;
          (q.goldFunctions.has(idx.uids[row]) ? g.pos : g.neg).push(x);
          (q.goldFiles.has(files[row]) ? g.fpos : g.fneg).push(x);
        });
      } }, qv);
      if (g.pos.length && g.neg.length) out.push(g);
    }
  } finally { rankSettings.rerank = saved; }
  return out;
}

export const fitSettings = { alpha: 0 };
function fit(groups: readonly Group[]): Float64Array {
  const K = FEATURE_COUNT;
  const pairs: Array<{ d: Float64Array; weight: number }> = [];
  for (const g of groups) {
    const weight = 1 / (g.pos.length * g.neg.length * groups.length);
    for (const p of g.pos) for (const n of g.neg) { const d = new Float64Array(K); for (let k = 0; k < K; k++) d[k] = p[k] - n[k]; pairs.push({ d, weight }); }
    if (fitSettings.alpha > 0 && g.fpos.length && g.fneg.length) {
      const fw = fitSettings.alpha / (g.fpos.length * g.fneg.length * groups.length);
      for (const p of g.fpos) for (const n of g.fneg) { const d = new Float64Array(K); for (let k = 0; k < K; k++) d[k] = p[k] - n[k]; pairs.push({ d, weight: fw }); }
    }
  }
  const w = new Float64Array(K);
  for (let it = 0; it < 25; it++) {
    const grad = new Float64Array(K); const hess = new Float64Array(K * K);
    for (let k = 0; k < K; k++) { grad[k] = LAMBDA * w[k]; hess[k * K + k] = LAMBDA; }
    for (const { d, weight } of pairs) {
      let z = 0; for (let k = 0; k < K; k++) z += w[k] * d[k];
      const p = 1 / (1 + Math.exp(-z)); const g = -weight * (1 - p); const h = weight * p * (1 - p);
      for (let a = 0; a < K; a++) { if (d[a] === 0) continue; grad[a] += g * d[a]; for (let b = 0; b < K; b++) hess[a * K + b] += h * d[a] * d[b]; }
    }
    const step = solve(hess, grad, K); let size = 0;
    for (let k = 0; k < K; k++) { w[k] -= step[k]; size = Math.max(size, Math.abs(step[k])); }
    if (size < 1e-6) break;
  }
  return w;
}
function solve(A: Float64Array, b: Float64Array, K: number): Float64Array {
  const m = Float64Array.from(A); const x = Float64Array.from(b);
  for (let c = 0; c < K; c++) {
    let piv = c; for (let r = c + 1; r < K; r++) if (Math.abs(m[r * K + c]) > Math.abs(m[piv * K + c])) piv = r;
    if (piv !== c) { for (let k = 0; k < K; k++) { const t = m[c * K + k]; m[c * K + k] = m[piv * K + k]; m[piv * K + k] = t; } const t = x[c]; x[c] = x[piv]; x[piv] = t; }
    for (let r = c + 1; r < K; r++) { const f = m[r * K + c] / m[c * K + c]; if (f === 0) continue; for (let k = c; k < K; k++) m[r * K + k] -= f * m[c * K + k]; x[r] -= f * x[c]; }
  }
  for (let r = K - 1; r >= 0; r--) { let v = x[r]; for (let k = r + 1; k < K; k++) v -= m[r * K + k] * x[k]; x[r] = v / m[r * K + r]; }
  return x;
}
const asRecord = (w: Float64Array, drop: Set<string>): Record<string, number> => Object.fromEntries(FEATURES.map((f, k) => [f, Math.round(w[k] * 1e4) / 1e4]).filter(([f, v]) => v !== 0 && !drop.has(f as string)));
const empty = (): Scores => ({ functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } });

export async function run(cfg: Config): Promise<void> {
  cfg.apply();
  const drop = new Set(cfg.drop ?? []);
  const saved = rankSettings.rerank;
  try {
    const tune = corpora.filter((c) => c.half === 'tune');
    const groups = new Map(tune.map((c) => [c.repo, collect(c, drop)]));
    const totals = new Map<string, Scores>();
    const tot = (k: string): Scores => { let t = totals.get(k); if (!t) totals.set(k, (t = empty())); return t; };
    for (const c of tune) {
      rankSettings.rerank = asRecord(fit([...groups].filter(([r]) => r !== c.repo).flatMap(([, g]) => g)), drop);
      const p = c.python ? 'attrs ' : 'tune ';
      await scoreSystem(c.s, querySystem(c.s), c.qs, tot(p + 'query'));
      await scoreSystem(c.s, rankSystem(c.s), c.qs, tot(p + 'rank'));
      if (c.para.length) {
        await scoreSystem(c.s, querySystem(c.s), c.para.map((q) => c.qs.find((o) => o.q.commit === q.q.commit)!), tot('tune query originals14'));
        await scoreSystem(c.s, querySystem(c.s), c.para, tot('tune query paraphrased14'));
      }
    }
    const all = asRecord(fit([...groups.values()].flat()), drop);
    rankSettings.rerank = all;
    for (const c of corpora.filter((x) => x.half === 'validation')) {
      await scoreSystem(c.s, querySystem(c.s), c.qs, tot('valid query'));
      await scoreSystem(c.s, rankSystem(c.s), c.qs, tot('valid rank'));
    }
    console.log(`== ${cfg.name}`);
    for (const [k, v] of totals) console.log(formatRow(k, v));
    console.log(`weights ${JSON.stringify(all)}`);
  } finally { rankSettings.rerank = saved; cfg.restore(); }
}

// CLI: --configs 'base;softCover;nameCosine,pathCosine' (experimental features kept per config, the others
// dropped), --set vectorWeight=0.3,fileWeight=0.25 (ranking settings), --alpha A (file pairs in the fit).
const EXPERIMENTAL = ['softCover', 'gapCosine', 'nameCosine', 'pathCosine', 'cosineGap', 'fileSize', 'nameDepth'];
const argOf = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const sets = Object.fromEntries((argOf('--set') ?? '').split(',').filter(Boolean).map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
const base = { ...rankSettings };
for (const spec of (argOf('--configs') ?? 'base').split(';')) {
  const keep = spec === 'base' ? [] : spec.split(',');
  await run({
    name: `${spec} ${JSON.stringify(sets)} alpha ${argOf('--alpha') ?? 0}`,
    apply() { Object.assign(rankSettings, sets); fitSettings.alpha = Number(argOf('--alpha') ?? 0); },
    restore() { Object.assign(rankSettings, base); fitSettings.alpha = 0; },
    drop: EXPERIMENTAL.filter((f) => !keep.includes(f)),
  });
}
console.log(HEADER);
