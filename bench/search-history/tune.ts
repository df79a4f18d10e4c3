/**
 * Learns the ranking's weights on the tuning half of the localization set: coordinate ascent over the BM25F
 * field weights, k1, the file lane's and the vector lane's weights, maximising function Acc@5 + file Acc@5 +
 * function MRR of the fused ranking. Prints each improvement and the final settings (copied by hand into
 * lib/search/keyword.ts KEYWORD_PARAMS and lib/search/engine.ts rankSettings). Never run on the test half.
 *   node --import tsx bench/search-history/tune.ts [--rounds N] [--only knob,knob] [--embedder builtin|lexical|learned|trained|both]
 *     [--paraphrases]   (the tuning half's paraphrased questions count too, at half weight)
 */
import { rankSettings } from '../../lib/search/engine.ts';
import { FIELDS, type KeywordParams } from '../../lib/search/keyword.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { PARAPHRASES } from './paraphrases.ts';
import { finished, loadSet, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Question, type Scores } from './eval.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 2;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
const embedder = process.argv.includes('--embedder') ? process.argv[process.argv.indexOf('--embedder') + 1] : 'builtin';
const set = loadSet(DEFAULT_SET);
/** With --paraphrases the tuning half's paraphrased questions count too, at half the weight of the originals. */
const withParaphrases = process.argv.includes('--paraphrases');
const corpora: Array<{ s: Snapshot; qs: Question[]; para: Question[] }> = [];
for (const r of HISTORY_REPOS.filter((x) => x.half === 'tune')) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR), embedder);
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  const para = withParaphrases ? qs.flatMap((q) => PARAPHRASES.filter((p) => p.commit === q.q.commit).map((p) => ({ ...q, text: p.text }))) : [];
  corpora.push({ s, qs, para });
}

async function objective(): Promise<{ value: number; scores: Scores }> {
  const empty = (): Scores => ({ functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } });
  const acc = empty(), para = empty();
  for (const c of corpora) {
    await scoreSystem(c.s, rankSystem(c.s), c.qs, acc);
    if (c.para.length) await scoreSystem(c.s, rankSystem(c.s), c.para, para);
  }
  const f = finished(acc);
  let value = f.functions.acc5 + f.files.acc5 + f.functions.mrr;
  if (para.functions.n) { const p = finished(para); value += 0.5 * (p.functions.acc5 + p.files.acc5 + p.functions.mrr); }
  return { value, scores: f };
}

type Knob = { name: string; values: number[]; get(): number; set(v: number): void };
const params = (): KeywordParams => rankSettings.keyword;
const withWeight = (field: (typeof FIELDS)[number], v: number): void => {
  rankSettings.keyword = { ...params(), weights: { ...params().weights, [field]: v } };
};
const withB = (field: (typeof FIELDS)[number], v: number): void => {
  rankSettings.keyword = { ...params(), b: { ...params().b, [field]: v } };
};
const knobs: Knob[] = [
  ...FIELDS.map((f): Knob => ({ name: `weight.${f}`, values: [0, 0.25, 0.5, 1, 2, 3, 5, 8], get: () => params().weights[f], set: (v) => withWeight(f, v) })),
  ...FIELDS.map((f): Knob => ({ name: `b.${f}`, values: [0, 0.3, 0.6, 0.9], get: () => params().b[f], set: (v) => withB(f, v) })),
  { name: 'k1', values: [0.6, 0.9, 1.2, 1.6, 2.2, 3], get: () => params().k1, set: (v) => { rankSettings.keyword = { ...params(), k1: v }; } },
  { name: 'fileWeight', values: [0, 0.25, 0.5, 0.75, 1, 1.5], get: () => rankSettings.fileWeight, set: (v) => { rankSettings.fileWeight = v; } },
  { name: 'vectorWeight', values: [0, 0.15, 0.3, 0.5, 0.7, 1], get: () => rankSettings.vectorWeight, set: (v) => { rankSettings.vectorWeight = v; } },
];

let best = await objective();
console.log(`start ${best.value.toFixed(4)} fn@5 ${best.scores.functions.acc5.toFixed(3)} file@5 ${best.scores.files.acc5.toFixed(3)}`);
for (let round = 0; round < rounds; round++) {
  let improved = false;
  for (const k of knobs.filter((x) => !only || only.includes(x.name))) {
    const start = k.get();
    let bestV = start;
    for (const v of k.values) {
      if (v === start) continue;
      k.set(v);
      const got = await objective();
      if (got.value > best.value + 1e-9) { best = got; bestV = v; improved = true; console.log(`${k.name} = ${v}: ${got.value.toFixed(4)} fn@5 ${got.scores.functions.acc5.toFixed(3)} file@5 ${got.scores.files.acc5.toFixed(3)} fnMRR ${got.scores.functions.mrr.toFixed(3)}`); }
    }
    k.set(bestV);
  }
  if (!improved) break;
}
console.log(JSON.stringify({ keyword: rankSettings.keyword, fileWeight: rankSettings.fileWeight, vectorWeight: rankSettings.vectorWeight }));
