/** Experiment: the re-ranker's scores mixed with their file's log-sum-exp (rankSettings.fileMass). */
import { rankSettings } from '../../lib/search/engine.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Scores } from './eval.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const half = arg('--half', 'tune');
const grid = arg('--grid', '0,0.1,0.2,0.35,0.5').split(',').map(Number);
const set = loadSet(DEFAULT_SET);
const totals = new Map<string, Scores>();
for (const r of HISTORY_REPOS.filter((x) => x.half === half)) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  for (const g of grid) {
    rankSettings.fileMass = g;
    for (const [label, sys] of [['rank', rankSystem(s)], ['query', querySystem(s)]] as const) {
      const key = `${r.language ? 'py ' : ''}${g} ${label}`;
      let t = totals.get(key);
      if (!t) totals.set(key, (t = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } }));
      await scoreSystem(s, sys, qs, t);
    }
  }
  rankSettings.fileMass = 0;
}
console.log(`-- ${half} half\n${HEADER}`);
for (const [k, v] of totals) console.log(formatRow(k, v));
