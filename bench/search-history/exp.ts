/**
 * Variants of the ranking's settings on one half, in one process: `query` read top-down and the ranking, function
 * and file Acc@5 per variant, with the questions each gains and loses against the first variant (sign test).
 *   node --import tsx bench/search-history/exp.ts [--half tune|validation] [--weights FILE] --variants 'base;key=v,key=v;…'
 * A key names a field of engine.ts `rankSettings` (numbers only).
 */
import fs from 'node:fs';
import { rankSettings } from '../../lib/search/engine.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { PARAPHRASES } from './paraphrases.ts';
import { loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Question } from './eval.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const half = arg('--half', 'tune');
const variants = arg('--variants', 'base').split(';').map((v) => v.trim()).filter(Boolean);
if (arg('--weights', '')) rankSettings.rerank = JSON.parse(fs.readFileSync(arg('--weights', ''), 'utf8')) as Record<string, number>;
const set = loadSet(DEFAULT_SET);

interface Corpus { repo: string; python: boolean; s: Snapshot; qs: Question[]; para: Question[] }
const corpora: Corpus[] = [];
for (const r of HISTORY_REPOS.filter((x) => x.half === half)) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  const para = qs.flatMap((q) => PARAPHRASES.filter((p) => p.commit === q.q.commit).map((p) => ({ ...q, text: p.text })));
  corpora.push({ repo: r.repo, python: r.language === 'python', s, qs, para });
}

function sign(g: number, l: number): number {
  const n = g + l;
  if (n === 0) return 1;
  let c = 1, sum = 0;
  const k = Math.min(g, l);
  for (let i = 0; i <= k; i++) { sum += c; c = (c * (n - i)) / (i + 1); }
  return Math.min(1, (2 * sum) / 2 ** n);
}

const saved = { ...rankSettings };
type Hits = Map<string, boolean[]>;
const results: Array<{ hits: Hits }> = [];
for (const v of variants) {
  Object.assign(rankSettings, saved);
  if (v !== 'base') for (const kv of v.split(',')) { const [k, val] = kv.split('='); if (!(k in rankSettings)) throw new Error(`unknown setting ${k}`); (rankSettings as Record<string, unknown>)[k] = Number(val); }
  const hits: Hits = new Map();
  const push = (k: string, x: boolean): void => { let a = hits.get(k); if (!a) hits.set(k, (a = [])); a.push(x); };
  for (const c of corpora) {
    const g = c.python ? 'py ' : '';
    for (const [label, sys] of [['query', querySystem(c.s)], ['rank', rankSystem(c.s)]] as const) {
      for (const [suffix, qs] of [['', c.qs], [' para', c.para], [' para-orig', c.para.map((p) => c.qs.find((o) => o.q.commit === p.q.commit)!)]] as const) {
        for (const q of qs) {
          const sc = await scoreSystem(c.s, sys, [q]);
          push(`${g}${label}${suffix} fn`, sc.functions.acc5 > 0);
          push(`${g}${label}${suffix} file`, sc.files.acc5 > 0);
        }
      }
    }
  }
  results.push({ hits });
}
Object.assign(rankSettings, saved);
const base = results[0].hits;
for (const key of base.keys()) {
  const rows = results.map(({ hits }) => {
    const a = hits.get(key)!, b = base.get(key)!;
    let gain = 0, loss = 0;
    a.forEach((x, i) => { if (x && !b[i]) gain++; if (!x && b[i]) loss++; });
    const acc = a.filter(Boolean).length / a.length;
    return `${acc.toFixed(3)} (+${gain}/-${loss}${gain + loss ? ` p=${sign(gain, loss).toFixed(2)}` : ''})`;
  });
  console.log(`${key.padEnd(22)} n=${String(base.get(key)!.length).padEnd(4)} ${rows.join('  ')}`);
}
console.log(`variants: ${variants.join(' | ')}`);
