/**
 * Experiment (not kept, see docs/search.md): the repository's own documentation as English the code lacks.
 * Markdown paragraphs (README, docs/; change logs, release notes and contributor guides left out) are read as
 * of the parent of the oldest commit the set mined from the repository, so no question's own commit wrote them;
 * each paragraph's words (and its heading's) are indexed with BM25, and the names its code spans, heading and
 * following code block mention become extra query terms (`joined`: they add to a score, never to coverage) for
 * the paragraphs that best match the query.
 *   node --import tsx bench/search-history/exp-docs.ts [--half tune|validation] [--configs 'W,TOP,SHARE,FLOOR;...']
 * A config of weight 0 is today's ranking.
 */
import { execFileSync } from 'node:child_process';
import { terms, CODE_NOISE } from '../../lib/search/tokenize.ts';
import type { QueryTerm, KeywordIndex } from '../../lib/search/keyword.ts';
import { rankSettings } from '../../lib/search/engine.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET, gitDirOf } from './mine.ts';
import { PARAPHRASES } from './paraphrases.ts';
import { formatRow, HEADER, loadSet, querySystem, questionsFor, rankSystem, scoreSystem, snapshotOf, withFreshSearch, type Scores } from './eval.ts';
const SKIP = /(changelog|history|release|code_of_conduct|license|security|contributing|collaborator|node_modules)/i;
interface Unit { terms: Map<string, number>; len: number; names: string[] }
interface DocIndex { units: Unit[]; df: Map<string, number>; avg: number }

const git = (gd: string, args: string[]) => execFileSync('git', ['--git-dir', gd, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** Docs of a repository as of the parent of the oldest commit among `commits` (nothing a question's own commit wrote). */
function docsBefore(gd: string, commits: string[]): Array<[string, string]> {
  let oldest = commits[0]; let t0 = Infinity;
  for (const c of commits) { const t = Number(git(gd, ['show', '-s', '--format=%ct', c]).trim()); if (t < t0) { t0 = t; oldest = c; } }
  const at = `${oldest}^`;
  const files = git(gd, ['ls-tree', '-r', '--name-only', at]).split('\n').filter((f) => /\.mdx?$/i.test(f) && !SKIP.test(f));
  return files.map((f) => [f, git(gd, ['show', `${at}:${f}`])]);
}

const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*/g;
function buildDocIndex(files: Array<[string, string]>): DocIndex {
  const units: Unit[] = [];
  for (const [, text] of files) {
    const lines = text.split('\n');
    let heading = '';
    let prose: string[] = [];
    let code: string[] = [];
    let inFence = false;
    const flush = () => {
      if (prose.length === 0) { code = []; return; }
      const p = prose.join(' ');
      const names = new Set<string>();
      for (const src of [...(p.match(/`[^`]+`/g) ?? []), ...(heading.match(/`[^`]+`/g) ?? []), heading.startsWith('#') ? heading : '', code.join('\n')]) {
        for (const id of src.match(IDENT) ?? []) if (id.length >= 3 && !CODE_NOISE.has(id.toLowerCase())) names.add(id);
      }
      const tf = new Map<string, number>();
      let len = 0;
      for (const t of terms(`${heading} ${p.replace(/`[^`]+`/g, ' ')}`, { stopWords: true })) { tf.set(t, (tf.get(t) ?? 0) + 1); len++; }
      if (len > 0) units.push({ terms: tf, len, names: [...names] });
      prose = []; code = [];
    };
    for (const line of lines) {
      if (/^\s*(```|~~~)/.test(line)) { if (inFence) { inFence = false; flush(); } else inFence = true; continue; }
      if (inFence) { code.push(line); continue; }
      if (/^#{1,6}\s/.test(line)) { flush(); heading = line.replace(/^#+\s*/, ''); continue; }
      if (!line.trim()) { if (prose.length && !/:\s*$/.test(prose[prose.length - 1])) flush(); continue; }
      prose.push(line);
    }
    flush();
  }
  const df = new Map<string, number>();
  let total = 0;
  for (const u of units) { total += u.len; for (const t of u.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1); }
  return { units, df, avg: total / Math.max(1, units.length) };
}

interface ExpandOpts { weight: number; top: number; maxShare: number; floor: number }
/** Names mentioned in the doc paragraphs that best match the query, as extra (joined: no coverage) terms. */
function docExpander(d: DocIndex, o: ExpandOpts) {
  return (text: string, q: QueryTerm[], kw: KeywordIndex): QueryTerm[] => {
    const N = d.units.length;
    const scores = new Float64Array(N);
    for (const t of q) {
      if (t.joined) continue;
      const df = d.df.get(t.term);
      if (!df) continue;
      const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
      d.units.forEach((u, i) => {
        const tf = u.terms.get(t.term);
        if (!tf) return;
        const n = tf / (1 - 0.75 + 0.75 * u.len / d.avg);
        scores[i] += t.weight * idf * n * 2.2 / (1.2 + n);
      });
    }
    const order = [...scores.keys()].filter((i) => scores[i] > 0).sort((a, b) => scores[b] - scores[a] || a - b).slice(0, o.top);
    if (!order.length) return [];
    const best = scores[order[0]];
    const have = new Set(q.map((t) => t.term));
    const out = new Map<string, number>();
    const cap = Math.max(3, o.maxShare * kw.size);
    for (const i of order) {
      if (scores[i] < o.floor * best) continue;
      for (const name of d.units[i].names) {
        const ts = terms(name, { stopWords: false });
        const term = ts[0];
        if (!term || have.has(term)) continue;
        const df = kw.documentFrequency(term);
        if (df === 0 || df > cap) continue;
        out.set(term, Math.min(o.weight, (out.get(term) ?? 0) + o.weight * scores[i] / best));
      }
    }
    return [...out].map(([term, weight]) => ({ term, weight, joined: true }));
  };
}
const arg = (n: string, d: string) => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
const half = arg('--half', 'tune');
const configs = arg('--configs', '0;0.5,3,0.01,0.5').split(';').map((c) => c.split(',').map(Number));
const set = loadSet(DEFAULT_SET);
const totals = new Map<string, Scores>();
const tot = (k: string) => { let t = totals.get(k); if (!t) totals.set(k, (t = { functions: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 }, files: { n: 0, acc1: 0, acc5: 0, acc10: 0, mrr: 0 } })); return t; };
for (const r of HISTORY_REPOS.filter((x) => x.half === half)) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const qs = questionsFor(s, set.filter((q) => q.repo === r.repo));
  const allCommits = set.filter((q) => q.repo === r.repo).map((q) => q.commit);
  const d = buildDocIndex(docsBefore(gitDirOf(DEFAULT_MIRROR, r.repo), allCommits));
  console.error(r.repo, 'units', d.units.length);
  const para = qs.flatMap((q) => PARAPHRASES.filter((p) => p.commit === q.q.commit).map((p) => ({ ...q, text: p.text })));
  const g = r.language === 'python' ? 'python: ' : '';
  for (const c of configs) {
    rankSettings.expand = c[0] > 0 ? docExpander(d, { weight: c[0], top: c[1], maxShare: c[2], floor: c[3] }) : undefined;
    for (const [label, sys] of [['query', querySystem(s)], ['rank', rankSystem(s)]] as const) {
      const k = `${g}${label} ${c.join(',')}`;
      await scoreSystem(s, sys, qs, tot(k));
      if (para.length) {
        await scoreSystem(s, sys, para.map((p) => qs.find((o) => o.q.commit === p.q.commit)!), tot(k + ' orig'));
        await scoreSystem(s, sys, para, tot(k + ' para'));
      }
    }
  }
  rankSettings.expand = undefined;
}
console.log(HEADER);
for (const [k, v] of totals) console.log(formatRow(k, v));
