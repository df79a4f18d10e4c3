/**
 * Learns how much each word of a change description says about where the change is, from real history of
 * repositories no search figure is measured on (the pairs commits.ts mines: commit subject, changed function).
 * For every word a subject uses, the share of the commits using it whose changed code holds the word (in any
 * field) against that share over all words: `crash`, `regression` or `edge` seldom name the code they are about,
 * `header` or `timeout` usually do. A rare word of the first kind gets a high idf in the repository being
 * searched and drags in whatever symbol happens to hold it; its learned weight damps it. Writes
 * lib/search/query-term-weights.ts (read by lib/search/query-terms.ts); deterministic.
 *   node --import tsx bench/search-model/term-weights.ts [--commits FILE] [--min N] [--prior A] [--floor F] [--cap C] [--write]
 */
import fs from 'node:fs';
import path from 'node:path';
import { terms } from '../../lib/search/tokenize.ts';
import { queryTerms } from '../../lib/search/query-terms.ts';
import type { Pair } from './pairs.ts';

const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
const file = arg('--commits', path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-commit-pairs.json'));
/** Fewest commits a word must appear in to get a weight of its own. */
const MIN = Number(arg('--min', '5'));
/** Pseudo-commits of the average hit rate every word starts with (shrinks rare words' rates towards it). */
const PRIOR = Number(arg('--prior', '5'));
const FLOOR = Number(arg('--floor', '0.3'));
const CAP = Number(arg('--cap', '1'));

const pairs = JSON.parse(fs.readFileSync(file, 'utf8')) as Pair[];
// One commit = one subject with the union of its changed functions' words.
const commits = new Map<string, { text: string; code: Set<string> }>();
for (const p of pairs) {
  const key = `${p.source}\0${p.text}`;
  let c = commits.get(key);
  if (!c) commits.set(key, (c = { text: p.text, code: new Set() }));
  for (const v of Object.values(p.code)) for (const t of terms(String(v), { stopWords: false })) c.code.add(t);
}
const asked = new Map<string, number>();
const found = new Map<string, number>();
let allAsked = 0, allFound = 0;
for (const { text, code } of commits.values()) {
  for (const q of queryTerms(text)) {
    if (q.joined) continue;
    asked.set(q.term, (asked.get(q.term) ?? 0) + 1);
    allAsked++;
    if (code.has(q.term)) { found.set(q.term, (found.get(q.term) ?? 0) + 1); allFound++; }
  }
}
const p0 = allFound / Math.max(1, allAsked);
const weights: Array<[string, number]> = [];
for (const [t, n] of asked) {
  if (n < MIN) continue;
  const rate = ((found.get(t) ?? 0) + PRIOR * p0) / (n + PRIOR);
  const w = Math.round(Math.min(CAP, Math.max(FLOOR, rate / p0)) * 100) / 100;
  if (w !== 1) weights.push([t, w]);
}
weights.sort((a, b) => (a[0] < b[0] ? -1 : 1));
console.log(`${commits.size} commits, ${asked.size} words, mean hit rate ${p0.toFixed(3)}; ${weights.length} weighted (min ${MIN}, prior ${PRIOR}, floor ${FLOOR}, cap ${CAP})`);
console.log(weights.slice().sort((a, b) => a[1] - b[1]).slice(0, 40).map(([t, w]) => `${t}:${w}`).join(' '));
if (process.argv.includes('--write')) {
  const out = path.join(path.dirname(new URL(import.meta.url).pathname), '../../lib/search/query-term-weights.ts');
  const rows: string[] = [];
  let line = '';
  for (const [t, w] of weights) {
    const item = `${JSON.stringify(t)}:${w},`;
    if (line.length + item.length > 110) { rows.push(line); line = ''; }
    line += item;
  }
  if (line) rows.push(line);
  fs.writeFileSync(out, `/**\n * Written by bench/search-model/term-weights.ts (min ${MIN}, prior ${PRIOR}, floor ${FLOOR}, cap ${CAP}) from ${commits.size} commits of the\n * repositories commits.ts pins: how often the changed code holds a word of the change's description, against\n * the average word (a weight below 1: the word seldom names the code it is about).\n */\nexport const QUERY_TERM_WEIGHTS: ReadonlyMap<string, number> = new Map(Object.entries({\n${rows.map((r) => `  ${r}`).join('\n')}\n}));\n`);
  console.log(`-> ${out}`);
}
