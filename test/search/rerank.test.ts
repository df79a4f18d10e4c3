import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { FIELDS, KeywordBuilder } from '../../lib/search/keyword.ts';
import type { SearchFields } from '../../lib/search/documents.ts';
import { FEATURE_COUNT, FEATURES, featuresOf, RERANK_DEPTH, type CandidateFacts } from '../../lib/search/rerank.ts';
import { RERANK_WEIGHTS } from '../../lib/search/rerank-weights.ts';
import { rankSettings, SearchIndex } from '../../lib/search/engine.ts';
import { queryTerms } from '../../lib/search/query-terms.ts';

const doc = (over: Partial<SearchFields>): SearchFields => ({ name: '', owner: '', path: '', signature: '', doc: '', comments: '', strings: '', body: '', ...over });

test('fieldMatches gives each field\'s share of the idf-weighted query terms, the name share and the share in any field', (t) => {
  const docs = [
    doc({ name: 'parseDate', doc: 'reads a date string', body: 'value split' }),
    doc({ name: 'formatDate', strings: 'invalid date', body: 'parse' }),
    doc({ name: 'unrelated', body: 'other words' }),
    doc({ name: 'another', body: 'nothing here' }),
  ];
  const idx = new KeywordBuilder();
  for (const d of docs) idx.add(d);
  const kw = idx.finish();
  const q = queryTerms('parse date string');
  const got = kw.fieldMatches(q, [0, 1, 2]);
  const W = FIELDS.length + 2;
  // The idf of each query term, computed as the index does; the shares are sums of them over the total.
  const n = docs.length;
  const df: Record<string, number> = { parse: 2, date: 2, string: 1 };
  const idf = (term: string): number => Math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5));
  const total = idf('parse') + idf('date') + idf('string');
  const at = (row: number, field: string): number => got[row * W + FIELDS.indexOf(field as (typeof FIELDS)[number])];
  t.is(q.filter((x) => !x.joined).length, 3);
  t.true(Math.abs(at(0, 'name') - (idf('parse') + idf('date')) / total) < 1e-9);
  t.true(Math.abs(at(0, 'doc') - (idf('date') + idf('string')) / total) < 1e-9);
  t.is(at(0, 'body'), 0);
  // Every query term is somewhere in row 0; row 1 lacks `string`; row 2 holds none.
  t.true(Math.abs(got[0 * W + W - 1] - 1) < 1e-9);
  t.true(Math.abs(got[1 * W + W - 1] - (idf('parse') + idf('date')) / total) < 1e-9);
  t.is(got[2 * W + W - 1], 0);
  // Name share: parseDate's name field is `parsedate parse date` (3 terms), two of them query terms.
  t.true(Math.abs(got[0 * W + W - 2] - 2 / 3) < 1e-9);
  t.is(got[2 * W + W - 2], 0);
});

const facts = (over: Partial<CandidateFacts>): CandidateFacts => ({
  fused: 0.5, keyword: 0.5, file: 0.5, fileSum: 1, fileShare: 2, cosine: 0.3, cover: 0.6, fields: new Float64Array(FIELDS.length + 1),
  keywordRank: 0, vectorRank: -1, bodyLength: 0, test: false, ...over,
});

test('a candidate\'s feature vector follows FEATURES', (t) => {
  const x = featuresOf(facts({ keywordRank: 3, vectorRank: -1, bodyLength: 1500, test: true }));
  t.is(x.length, FEATURE_COUNT);
  const at = (f: (typeof FEATURES)[number]): number => x[FEATURES.indexOf(f)];
  t.is(at('isTest'), 1);
  t.is(at('keywordRank'), 1 / 4);
  t.is(at('vectorRank'), 0);
  t.true(Math.abs(at('bodyLength') - 1) < 1e-12);
  t.is(at('bodyEmpty'), 0);
  t.is(at('fileShare'), 0.2);
  for (const w of Object.keys(RERANK_WEIGHTS ?? {})) t.true((FEATURES as readonly string[]).includes(w), `weight of unknown feature ${w}`);
});

test('the re-ranker re-orders the first candidates by its weights and keeps the fused scores in place', (t) => {
  const files = appFiles();
  const graph = appGraph(files);
  const idx = SearchIndex.inMemory(graph, (p) => files[p]);
  const qv = { query: idx.embedLocally(['session password store'])[0] };
  const saved = rankSettings.rerank;
  try {
    rankSettings.rerank = undefined;
    const fused = idx.rank({ query: 'session password store' }, qv).symbols;
    // A model that reads only the fused score keeps the order; one that prefers short bodies puts the shortest first.
    rankSettings.rerank = { fused: 1 };
    t.deepEqual(idx.rank({ query: 'session password store' }, qv).symbols, fused);
    rankSettings.rerank = { bodyLength: -10, fused: 1 };
    const reordered = idx.rank({ query: 'session password store' }, qv).symbols;
    const body = (uid: string): number => idx.keyword.fieldLength(idx.row(uid)!, 'body');
    const shortest = fused.slice(0, RERANK_DEPTH).reduce((a, b) => (body(b.uid) < body(a.uid) ? b : a));
    t.true(fused.length > 1);
    t.is(reordered[0].uid, shortest.uid);
    t.notDeepEqual(reordered.map((s) => s.uid), fused.map((s) => s.uid));
    t.deepEqual(reordered.map((s) => s.score), fused.map((s) => s.score));
    t.deepEqual(reordered.map((s) => s.uid).sort(), fused.map((s) => s.uid).sort());
    // Past the re-ranked depth the fused order stands.
    t.deepEqual(reordered.slice(RERANK_DEPTH).map((s) => s.uid), fused.slice(RERANK_DEPTH).map((s) => s.uid));
  } finally { rankSettings.rerank = saved; }
});
