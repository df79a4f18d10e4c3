/**
 * Experiment: query expansion from the repository's own co-occurrence model (the `learned` embedder's term
 * vectors): each query word also searches for its nearest terms, weighted, never counting towards coverage.
 *   node --import tsx bench/search-history/exp-cooc.ts [--half tune|validation] [--grid k:w:floor:share,...]
 */
import { buildDocuments } from '../../lib/search/documents.ts';
import { learnCooccurrence } from '../../lib/search/embedders/cooccurrence.ts';
import { rankSettings } from '../../lib/search/engine.ts';
import type { QueryTerm } from '../../lib/search/keyword.ts';
import type { SearchIndex } from '../../lib/search/index.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Scores } from './eval.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const half = arg('--half', 'tune');
const grid = arg('--grid', '0:0:0:0,3:0.3:0.5:0.02,5:0.3:0.4:0.02,3:0.5:0.5:0.02').split(',').map((g) => g.split(':').map(Number));
const set = loadSet(DEFAULT_SET);
const totals = new Map<string, Scores>();
for (const r of HISTORY_REPOS.filter((x) => x.half === half && !x.language)) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const idx = s.search as SearchIndex;
  const docs = buildDocuments(s.graph, (p) => s.host.readFile(p));
  const model = learnCooccurrence(docs);
  const rowOf = new Map(model.terms.map((t, i) => [t, i] as const));
  const D = 128;
  const T = model.terms.length;
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  for (const [k, w, floor, share] of grid) {
    const cache = new Map<string, Array<[string, number]>>();
    const near = (term: string): Array<[string, number]> => {
      let got = cache.get(term);
      if (got) return got;
      got = [];
      const i = rowOf.get(term);
      if (i !== undefined) {
        const best: Array<[number, number]> = [];
        for (let j = 0; j < T; j++) {
          if (j === i) continue;
          let c = 0;
          for (let d = 0; d < D; d++) c += model.vectors[i * D + d] * model.vectors[j * D + d];
          if (c < floor) continue;
          if (idx.keyword.documentFrequency(model.terms[j]) > share * idx.size) continue;
          best.push([j, c]);
        }
        best.sort((a, b) => b[1] - a[1]);
        got = best.slice(0, k).map(([j, c]) => [model.terms[j], c]);
      }
      cache.set(term, got);
      return got;
    };
    rankSettings.expand = k === 0 ? undefined : (terms: QueryTerm[]): QueryTerm[] => {
      const out = [...terms];
      const have = new Set(terms.map((t) => t.term));
      for (const t of terms) {
        if (t.joined) continue;
        for (const [n, c] of near(t.term)) if (!have.has(n)) { have.add(n); out.push({ term: n, weight: t.weight * w * c, joined: true }); }
      }
      return out;
    };
    for (const [label, sys] of [['rank', rankSystem(s)], ['query', querySystem(s)]] as const) {
      const key = `${k}:${w}:${floor}:${share} ${label}`;
      let t = totals.get(key);
      if (!t) totals.set(key, (t = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } }));
      await scoreSystem(s, sys, qs, t);
    }
    rankSettings.expand = undefined;
  }
}
console.log(`-- ${half} half\n${HEADER}`);
for (const [k, v] of totals) console.log(formatRow(k, v));
