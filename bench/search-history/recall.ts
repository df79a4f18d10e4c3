/**
 * Why the tuning half's changed functions are missing from the ranking's candidates (neither lane's first
 * 100): for each such function, each query word it lacks is sorted by what kept it out — the repository holds
 * no symbol with it (`absent`), the function's source span shows a form of it the tokens miss (`form`: shares
 * its first five letters, `parsing`/`parser`), an abbreviation of it (`abbrev`: a word of the span that begins
 * the query word, `req`/`request`), or other symbols hold it and this one does not (`elsewhere`) — and the
 * share of the question's idf-weighted words the function holds is printed. `in span, not indexed` is a word
 * of the span the tokens drop (a language keyword, a number). The tuning half only: the test half's misses stay unread.
 *   node --import tsx bench/search-history/recall.ts [--depth N] [--list] [--repo owner/name]
 */
import { nodeOf } from '../../lib/graph/code-graph.ts';
import type { SearchIndex } from '../../lib/search/load.ts';
import { queryTerms } from '../../lib/search/query-terms.ts';
import { splitIdentifier, stem, WORD_RUNS } from '../../lib/search/tokenize.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { loadSet, questionsFor, snapshotOf, withFreshSearch } from './eval.ts';

const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const depth = Number(arg('--depth') ?? 100);
const set = loadSet(DEFAULT_SET);
const causes = new Map<string, number>();
const count = (k: string, n = 1): void => { causes.set(k, (causes.get(k) ?? 0) + n); };
const lines: string[] = [];
let questions = 0;
let missedQuestions = 0;
let missedFunctions = 0;
let goldFunctions = 0;
for (const r of HISTORY_REPOS.filter((x) => x.half === 'tune' && !x.language && (!arg('--repo') || x.repo === arg('--repo')))) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const idx = s.search as SearchIndex;
  for (const q of questionsFor(s, set.filter((x) => x.repo === r.repo))) {
    questions++;
    const qv = idx.embedsLocally ? { query: idx.embedLocally([q.text])[0] } : {};
    const top = new Set(idx.rank({ query: q.text, depth, graph: s.graph }, qv).symbols.slice(0, depth).map((x) => x.uid));
    const terms = queryTerms(q.text).filter((t) => !t.joined);
    let missedHere = 0;
    for (const g of q.goldFunctions) {
      goldFunctions++;
      if (top.has(g)) continue;
      missedHere++;
      missedFunctions++;
      const n = nodeOf(s.graph, g)!;
      const src = (s.host.readFile(n.filePath!) ?? '').split('\n').slice((n.line ?? 1) - 1, n.endLine ?? n.line).join('\n');
      const words = new Set<string>();
      for (const run of src.match(WORD_RUNS) ?? []) for (const w of splitIdentifier(run)) words.add(w);
      for (const w of splitIdentifier(n.filePath!)) words.add(w);
      const stems = new Set([...words].map(stem));
      const held = new Set(idx.keyword.heldTerms(terms, idx.row(g)!).map((h) => h.term));
      let total = 0;
      let have = 0;
      const why: string[] = [];
      for (const t of terms) {
        const df = idx.keyword.documentFrequency(t.term);
        const idf = Math.log(1 + (idx.size - df + 0.5) / (df + 0.5));
        if (df > 0) total += idf * t.weight;
        if (held.has(t.term)) { have += idf * t.weight; continue; }
        let cause = 'elsewhere';
        if (stems.has(t.term)) cause = 'in span, not indexed';
        else if (t.weight < 2 && t.term.length >= 5 && [...words].some((w) => w.length >= 5 && w.slice(0, 5) === t.term.slice(0, 5))) cause = 'form';
        else if (t.weight < 2 && t.term.length >= 6 && [...words].some((w) => w.length >= 3 && w.length <= 4 && t.term.startsWith(w))) cause = 'abbrev';
        else if (df === 0) cause = 'absent';
        count(cause);
        why.push(`${t.term}:${cause}${df === 0 ? '(df0)' : ''}`);
      }
      count('functions holding none of the words', have === 0 ? 1 : 0);
      count('functions holding under a fifth of the words', total > 0 && have / total < 0.2 ? 1 : 0);
      lines.push(`${r.repo} ${(total ? have / total : 0).toFixed(2)} ${q.text} => ${n.qualifiedName ?? n.name} (${n.filePath})  lacks ${why.join(' ')}`);
    }
    if (missedHere) missedQuestions++;
  }
}
console.log(`${questions} questions (JavaScript/TypeScript, tuning half), ${goldFunctions} changed functions; ${missedQuestions} questions and ${missedFunctions} functions outside the first ${depth}`);
console.log([...causes].map(([k, v]) => `${k}: ${v}`).join('\n'));
if (process.argv.includes('--list')) console.log(lines.join('\n'));
