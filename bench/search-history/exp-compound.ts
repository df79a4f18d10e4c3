/**
 * Experiment: a compound written in the query (`TransitionGroup` → `transitiongroup`) also searches for the
 * index's longer compounds that contain it (`ssrtransformtransitiongroup`), at weight W, never counting towards
 * coverage.   node --import tsx bench/search-history/exp-compound.ts [--half tune|validation] [--grid W,W]
 */
import { rankSettings } from '../../lib/search/engine.ts';
import type { QueryTerm } from '../../lib/search/keyword.ts';
import type { SearchIndex } from '../../lib/search/index.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Scores } from './eval.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const half = arg('--half', 'tune');
const grid = arg('--grid', '0,0.5,1,1.5').split(',').map(Number);
const set = loadSet(DEFAULT_SET);
const totals = new Map<string, Scores>();
let used = 0;
for (const r of HISTORY_REPOS.filter((x) => x.half === half)) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const idx = s.search as SearchIndex;
  const vocab = idx.keyword.terms;
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  const cache = new Map<string, string[]>();
  for (const w of grid) {
    rankSettings.expand = w === 0 ? undefined : (terms: QueryTerm[]): QueryTerm[] => {
      const out = [...terms];
      const have = new Set(terms.map((t) => t.term));
      for (const t of terms) {
        if (t.joined || t.weight < 2 || t.term.length < 5) continue;
        let got = cache.get(t.term);
        if (!got) cache.set(t.term, (got = vocab.filter((v) => v.length >= t.term.length + 3 && v.includes(t.term) && idx.keyword.documentFrequency(v) <= 0.01 * idx.size)));
        if (got.length) used++;
        for (const v of got.slice(0, 20)) if (!have.has(v)) { have.add(v); out.push({ term: v, weight: w, joined: true }); }
      }
      return out;
    };
    for (const [label, sys] of [['rank', rankSystem(s)], ['query', querySystem(s)]] as const) {
      const key = `${r.language ? 'py ' : ''}${w} ${label}`;
      let t = totals.get(key);
      if (!t) totals.set(key, (t = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } }));
      await scoreSystem(s, sys, qs, t);
    }
    rankSettings.expand = undefined;
  }
}
console.log(`-- ${half} half (${used} expansions)\n${HEADER}`);
for (const [k, v] of totals) console.log(formatRow(k, v));
