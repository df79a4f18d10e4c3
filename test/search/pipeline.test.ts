/** The search stage inside the real pipeline: buildSnapshotInMemory on the fixture app (built-in embedder). */
import test from 'ava';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { query } from '../../handlers/query.ts';
import { SearchIndex } from '../../lib/search/load.ts';
import { APP_DIR } from './fixture-graph.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

test('the pipeline builds and loads the search index; query answers from it', async (t) => {
  const logs: string[] = [];
  const snap = await buildSnapshotInMemory(APP_DIR, { embedder: 'builtin', log: (m) => logs.push(m) });
  t.true(snap.search instanceof SearchIndex);
  const idx = snap.search as SearchIndex;
  const symbols = graphData(snap.graph).nodes.filter((n) => ['Function', 'Class', 'Method', 'Interface', 'TypeAlias', 'Enum', 'Variable', 'Property'].includes(n.label));
  t.is(idx.size, symbols.length);
  t.is(snap.repo.stats.embeddings, symbols.length);
  t.false(logs.some((l) => /embedding model/.test(l)), 'the built-in embedder was asked for: no fallback message');
  const r = await query({ query: 'exponential backoff', include_content: true }, snap);
  t.true(Array.isArray(r.processes) && Array.isArray(r.definitions));
  if (!graphData(snap.graph).nodes.some((n) => n.name === 'withRetry')) { t.log('the indexer found no symbols (placeholder indexer?)'); return; }
  const all = [...r.process_symbols.filter((s) => s.matched), ...r.definitions].sort((a, b) => b.relevance - a.relevance);
  t.is(all[0].name, 'withRetry');
  t.true(all[0].content!.includes('throw lastError'));
  for (const name of ['verifyPassword', 'SessionStore', 'startServer']) {
    const e = await query({ query: name }, snap);
    const top = [...e.process_symbols.filter((s) => s.matched), ...e.definitions].sort((a, b) => b.relevance - a.relevance);
    t.is(top[0].name, name);
  }
});
