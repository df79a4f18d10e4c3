/**
 * Where the tuning half's answers sit in the ranking: for every question, the rank of its worst-placed changed
 * function among the ranking's functions and methods, counted in buckets (1-5 is function Acc@5; past 100 no
 * lane's candidates reach it; `none` is not ranked at all). `--list` prints each question past the first five
 * with its functions' ranks and names: what to read before changing the ranking. `--explain` prints every N-th
 * such question (`--every N`, default 8) in full: the query's terms with how many symbols hold each (`+`: a
 * joined term), each changed function and the first six functions of the ranking with the terms they hold per
 * field (`bo3`: three times in the body). The tuning half only: the test half's misses stay unread, or it would
 * stop being held out.
 *   node --import tsx bench/search-history/misses.ts [--list] [--explain [--every N]] [--repo owner/name]
 */
import { nodeOf } from '../../lib/graph/code-graph.ts';
import type { SearchIndex } from '../../lib/search/load.ts';
import { queryTerms } from '../../lib/search/query-terms.ts';
import { HISTORY_REPOS } from './repos.ts';
import { DEFAULT_MIRROR, DEFAULT_SET } from './mine.ts';
import { loadSet, questionsFor, snapshotOf, withFreshSearch } from './eval.ts';

const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const BUCKETS: ReadonlyArray<[string, number]> = [['1-5', 5], ['6-10', 10], ['11-20', 20], ['21-50', 50], ['51-100', 100], ['>100', Infinity]];
const set = loadSet(DEFAULT_SET);
const counts = new Map<string, number>([...BUCKETS.map(([b]) => [b, 0] as [string, number]), ['none', 0]]);
const listed: string[] = [];
const explained: string[] = [];
const every = Number(arg('--every') ?? 8);
let total = 0;
let missed = 0;
for (const r of HISTORY_REPOS.filter((x) => x.half === 'tune' && !x.language && (!arg('--repo') || x.repo === arg('--repo')))) {
  const s = await withFreshSearch(await snapshotOf(r, DEFAULT_MIRROR));
  const idx = s.search as SearchIndex;
  for (const q of questionsFor(s, set.filter((x) => x.repo === r.repo))) {
    const qv = idx.embedsLocally ? { query: idx.embedLocally([q.text])[0] } : {};
    const functions = idx.rank({ query: q.text, depth: idx.size, graph: s.graph }, qv).symbols.map((x) => x.uid)
      .filter((u) => { const n = nodeOf(s.graph, u); return n?.label === 'Function' || n?.label === 'Method'; });
    const ranks = [...q.goldFunctions].map((g) => functions.indexOf(g) + 1 || Infinity);
    const worst = Math.max(...ranks);
    const bucket = worst === Infinity ? 'none' : BUCKETS.find(([, max]) => worst <= max)![0];
    counts.set(bucket, counts.get(bucket)! + 1);
    total++;
    if (worst > 5) listed.push(`${r.repo} [${ranks.join(',')}] ${q.text} => ${[...q.goldFunctions].map((g) => nodeOf(s.graph, g)?.name).join(', ')}`);
    if (worst > 5 && process.argv.includes('--explain') && missed++ % every === 0) {
      const terms = queryTerms(q.text);
      const held = (uid: string): string => idx.keyword.heldTerms(terms, idx.row(uid)!)
        .map((h) => `${h.term}[${h.fields.map(([f, tf]) => f.slice(0, 2) + (tf > 1 ? tf : '')).join(',')}]`).join(' ');
      const line = (mark: string, uid: string): string => {
        const n = nodeOf(s.graph, uid)!;
        return `  ${mark} ${n.qualifiedName ?? n.name} ${n.filePath}  ${held(uid)}`;
      };
      explained.push(`\n=== ${r.repo} ${q.q.commit.slice(0, 8)}: ${q.text}`,
        `terms: ${terms.map((t) => `${t.term}${t.joined ? '+' : ''}(${idx.keyword.documentFrequency(t.term)})`).join(' ')}`,
        ...[...q.goldFunctions].map((g) => line(`changed #${functions.indexOf(g) + 1 || '-'}`, g)),
        ...functions.slice(0, 6).map((u, i) => line(`${q.goldFunctions.has(u) ? '*' : ' '}${i + 1}`, u)));
    }
  }
}
console.log(`${total} questions (JavaScript/TypeScript, tuning half); worst changed function's rank: ${[...counts].map(([b, n]) => `${b} ${n}`).join(', ')}`);
if (process.argv.includes('--list')) console.log(listed.join('\n'));
if (explained.length) console.log(explained.join('\n'));
