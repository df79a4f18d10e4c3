/**
 * The keyword ranking's call lane: a function that the best matches call (or that calls them) joins the ranking
 * even when it holds none of the query's words, below the match that lends it its score. On
 * test/fixtures/search/calls, analyzed by the real pipeline: `evictExpiredEntries` holds the words of
 * "evict expired cache entries" and calls `isPast`, which holds none of them; `timeLeft` (same file, not called)
 * and `formatBytes` hold none either.
 */
import test from 'ava';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { query } from '../../handlers/query.ts';
import { rankSettings, SearchIndex } from '../../lib/search/engine.ts';
import { nodeOf } from '../../lib/graph/code-graph.ts';

const ROOT = fileURLToPath(new URL('../fixtures/search/calls/', import.meta.url));
const QUESTION = 'evict expired cache entries';

test('a function the best match calls joins the keyword ranking without any of the words, and only through the call', async (t) => {
  const snap = await buildSnapshotInMemory(ROOT, { embedder: 'builtin' });
  const idx = snap.search as SearchIndex;
  const names = (uids: string[]): string[] => uids.map((u) => nodeOf(snap.graph, u)!.name);
  const keyword = (graph?: typeof snap.graph): string[] => names(idx.rank({ query: QUESTION, mode: 'keyword', graph }, {}).symbols.map((s) => s.uid));
  // isPast holds none of the question's words: the keyword index alone never finds it.
  const isPast = [...idx.uids].find((u) => nodeOf(snap.graph, u)?.name === 'isPast')!;
  t.deepEqual(idx.keyword.heldTerms(idx.keywordHits(QUESTION, 100).terms, idx.row(isPast)!), []);
  const without = keyword();
  t.is(without[0], 'evictExpiredEntries');
  t.false(without.includes('isPast'));
  const withCalls = keyword(snap.graph);
  t.is(withCalls[0], 'evictExpiredEntries');
  t.true(withCalls.includes('isPast'));
  // Only what the match calls: the other functions of the helper's file and the unrelated one stay out.
  t.false(withCalls.includes('timeLeft'));
  t.false(withCalls.includes('formatBytes'));
  // The lane's weight is what admits it.
  const saved = rankSettings.callWeight;
  rankSettings.callWeight = 0;
  try { t.false(keyword(snap.graph).includes('isPast')); } finally { rankSettings.callWeight = saved; }
});

test('the query tool answers with the called helper after the match', async (t) => {
  const snap = await buildSnapshotInMemory(ROOT, { embedder: 'builtin' });
  const r = await query({ query: QUESTION }, snap);
  const order = [...r.process_symbols, ...r.definitions].map((s) => s.name);
  t.true(order.includes('evictExpiredEntries'));
  t.true(order.includes('isPast'));
  t.true(order.indexOf('evictExpiredEntries') < order.indexOf('isPast'));
});
