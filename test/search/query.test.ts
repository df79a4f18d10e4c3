import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { query, type QueryResponse } from '../../handlers/query.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { KeywordIndex } from '../../lib/search/bm25.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { SearchIndex } from '../../lib/search/index.ts';
import { createCodeGraph, graphData, nodeOf } from '../../lib/graph/code-graph.ts';

const files = appFiles();
const graph = appGraph(files);
const snap = memorySnapshot({ graph, files });
const ask = (req: Record<string, unknown>): Promise<QueryResponse> => query(req, snap);

/** Every matched symbol of an answer (process symbols and definitions), by relevance. */
const names = (r: QueryResponse): string[] => {
  const all = [...r.process_symbols.filter((s) => s.matched), ...r.definitions].sort((a, b) => b.relevance - a.relevance);
  return [...new Set(all.map((s) => s.name))];
};
/** The best-ranked symbol: the top matched symbol of the top process, or the top definition if it scores higher. */
function best(r: QueryResponse): string | undefined {
  const top = [...r.process_symbols.filter((s) => s.matched), ...r.definitions].sort((a, b) => b.relevance - a.relevance);
  return top[0]?.name;
}

test('an exact symbol name ranks that symbol first', async (t) => {
  for (const name of ['verifyPassword', 'withRetry', 'SessionStore', 'startServer', 'UserRecord', 'hashPassword']) {
    t.is(best(await ask({ query: name })), name, name);
  }
});

test('words only in a doc comment find the function', async (t) => {
  // "exponential backoff" appears only in withRetry's doc comment, nowhere in code.
  t.false(/exponential|backoff/.test(files['src/util/retry.ts'].split('*/')[1]));
  const r = await ask({ query: 'exponential backoff' });
  t.is(best(r), 'withRetry');
  t.is(best(await ask({ query: 'bcrypt' })), 'verifyPassword');
  t.is(best(await ask({ query: 'active memory keyed' })), 'SessionStore');
});

test('symbols in flows are grouped into processes; others are definitions', async (t) => {
  const r = await ask({ query: 'verify password' });
  t.true(r.processes.length >= 1);
  const p = r.processes[0];
  t.is(typeof p.name, 'string');
  t.is(typeof p.module, 'string');
  t.is(p.module, 'auth');
  t.true(p.steps >= 3);
  // The evaluation-server field set is there too, on the same items.
  t.is(p.priority, p.relevance);
  t.is(p.symbol_count, r.process_symbols.filter((s) => s.process === p.name).length);
  t.true(p.summary.includes(p.name));
  for (const s of r.process_symbols) {
    t.truthy(nodeOf(graph, s.uid));
    t.deepEqual(Object.keys(s).filter((k) => ['uid', 'name', 'type', 'filePath', 'line', 'module', 'process'].includes(k)).length, 7);
  }
  // The matched symbol comes first within its process, then the remaining steps.
  const first = r.process_symbols.filter((s) => s.process === p.name);
  t.true(first[0].matched);
  t.is(first[0].name, 'verifyPassword');
  // withRetry is part of no process: a query for it lands in definitions.
  const d = await ask({ query: 'retry a task' });
  t.is(d.definitions[0].name, 'withRetry');
  t.deepEqual(Object.keys(d.definitions[0]).slice(0, 5).sort(), ['filePath', 'line', 'name', 'type', 'uid']);
});

test('relevance is in 0..1 and never increases down the list', async (t) => {
  for (const q of ['session token', 'login password', 'handle login request', 'route']) {
    const r = await ask({ query: q, limit: 10 });
    const rel = r.processes.map((p) => p.relevance);
    for (const x of rel) t.true(x >= 0 && x <= 1, q);
    for (let i = 1; i < rel.length; i++) t.true(rel[i] <= rel[i - 1], q);
    const dr = r.definitions.map((d) => d.relevance);
    for (let i = 1; i < dr.length; i++) t.true(dr[i] <= dr[i - 1], q);
    for (const x of dr) t.true(x > 0 && x <= 1, q);
  }
});

test('include_content adds each symbol\'s source, and only then', async (t) => {
  const without = await ask({ query: 'withRetry' });
  t.false('content' in without.definitions[0]);
  const withIt = await ask({ query: 'withRetry', include_content: true });
  const c = withIt.definitions[0].content!;
  t.true(c.startsWith('export async function withRetry'));
  t.true(c.trimEnd().endsWith('}'));
  t.true(c.includes('throw lastError'));
  for (const s of (await ask({ query: 'verifyPassword', include_content: true })).process_symbols) t.is(typeof s.content, 'string');
});

test('limit and max_symbols hold, defaults are 5 and 10', async (t) => {
  const r = await ask({ query: 'password login session', limit: 1, max_symbols: 2 });
  t.true(r.processes.length <= 1);
  t.true(r.process_symbols.length <= 2);
  t.true(r.definitions.length <= 2);
  const wide = await ask({ query: 'password login session token user' });
  t.true(wide.processes.length <= 5);
  for (const p of wide.processes) t.true(wide.process_symbols.filter((s) => s.process === p.name).length <= 10);
  t.true(wide.definitions.length <= 10);
  t.true(wide.definitions.length > 2, 'the default max_symbols lets more than two definitions through');
});

test('task_context and goal change the ranking', async (t) => {
  const plain = await ask({ query: 'session' });
  const rank = (r: QueryResponse, name: string): number => names(r).indexOf(name);
  t.not(names(plain)[0], 'destroy');
  const goal = await ask({ query: 'session', goal: 'close it on logout' });
  t.is(names(goal)[0], 'destroy');
  const ctx = await ask({ query: 'session', task_context: 'I am fixing logout: closing a session does not delete it' });
  t.true(rank(ctx, 'destroy') < rank(plain, 'destroy'));
  // They re-rank the query's matches and never add symbols the query did not match.
  const pool = new Set(names(await ask({ query: 'session', max_symbols: 200, limit: 100 })));
  for (const n of names(await ask({ query: 'session', goal: 'exponential backoff retry', max_symbols: 200, limit: 100 }))) t.true(pool.has(n), n);
});

test('same request, same answer', async (t) => {
  t.deepEqual(await ask({ query: 'login session token' }), await ask({ query: 'login session token' }));
});

async function rejects(t: import('ava').ExecutionContext, req: unknown, field: string): Promise<void> {
  const err = await t.throwsAsync(query(req, snap));
  t.true(err instanceof CodegraphError, JSON.stringify(req).slice(0, 60));
  t.is((err as CodegraphError).code, 'VALIDATION_ERROR');
  t.true(((err as CodegraphError).details as Array<{ field: string }>).some((d) => d.field === field), `${field} named`);
}

test('bad requests are validation errors naming the field', async (t) => {
  await rejects(t, {}, 'query');
  await rejects(t, { query: '' }, 'query');
  await rejects(t, { query: '   \n\t ' }, 'query');
  await rejects(t, { query: 42 }, 'query');
  await rejects(t, { query: 'x'.repeat(10_001) }, 'query');
  await rejects(t, { query: 'a', limit: 0 }, 'limit');
  await rejects(t, { query: 'a', limit: -3 }, 'limit');
  await rejects(t, { query: 'a', limit: 101 }, 'limit');
  await rejects(t, { query: 'a', limit: 2.5 }, 'limit');
  await rejects(t, { query: 'a', limit: 'many' }, 'limit');
  await rejects(t, { query: 'a', max_symbols: 0 }, 'max_symbols');
  await rejects(t, { query: 'a', max_symbols: 1e9 }, 'max_symbols');
  await rejects(t, { query: 'a', include_content: 'yes please' }, 'include_content');
  await rejects(t, { query: 'a', goal: 'g'.repeat(10_001) }, 'goal');
  await rejects(t, { query: 'a', bogus: 1 }, 'bogus');
});

test('odd but valid queries give sensible answers, never a crash', async (t) => {
  const empty = (r: QueryResponse): boolean => r.processes.length === 0 && r.process_symbols.length === 0 && r.definitions.length === 0;
  const stop = await ask({ query: 'the of and to is it' });
  t.true(empty(stop));
  t.true(stop.warnings!.some((w) => w.includes('no searchable words')));
  t.true(empty(await ask({ query: '?!.,;:()[]{} -- // ** ...' })));
  t.true(empty(await ask({ query: 'поиск сессии пользователя' })));
  t.true(empty(await ask({ query: '検索 ログイン' })));
  t.true(empty(await ask({ query: '🔥🔥🔥' })));
  // A 10,000-character paste: accepted, cut to its first terms, answered.
  const long = 'session token password '.repeat(420).slice(0, 10_000);
  const r = await ask({ query: long });
  t.true(r.definitions.length + r.processes.length > 0);
  // Inherited object member names as terms (wink's imported index would trip on these).
  t.notThrows(() => JSON.stringify(ask({ query: 'constructor toString __proto__ hasOwnProperty valueOf' })));
  t.true(Array.isArray((await ask({ query: 'constructor toString __proto__ hasOwnProperty valueOf' })).processes));
  // Numbers are strings over HTTP query parameters: converted, not refused.
  t.is((await ask({ query: 'session', limit: '1' })).processes.length <= 1, true);
});

test('a stop word that is a real name is still found when it is the whole query', async (t) => {
  // rxjs has `of` and `from`: a single-identifier query keeps its stop word.
  const g = appGraph(files);
  g.addNode('Function:src/util/retry.ts:of', { uid: 'Function:src/util/retry.ts:of', label: 'Function', name: 'of', filePath: 'src/util/retry.ts', line: 4, endLine: 4 });
  const s = memorySnapshot({ graph: g, files });
  const r = await query({ query: 'of' }, s);
  t.is(r.definitions[0]?.name, 'of');
});

test('an imported keyword index survives inherited-member terms', (t) => {
  const docs = buildDocuments(graph, (p) => files[p]);
  const restored = KeywordIndex.fromBuffer(KeywordIndex.build(docs).toBuffer());
  t.deepEqual(restored.search(['constructor', 'tostring', '__proto__', 'valueof'], 10), []);
  t.true(restored.search(['verifypassword'], 10).length > 0);
});

test('tiny graphs (0, 1, 2 symbols) work', async (t) => {
  for (const count of [0, 1, 2]) {
    const g = appGraph(files, { processes: false });
    const keep = new Set(graphData(g).nodes.filter((n) => n.label === 'Function').slice(0, count).map((n) => n.uid));
    const small = createCodeGraph();
    for (const n of graphData(g).nodes) if (n.label === 'File' || keep.has(n.uid)) small.addNode(n.uid, n);
    const s = memorySnapshot({ graph: small, files });
    const r = await query({ query: 'verifyPassword' }, s);
    t.is(r.definitions.length > 0, count > 0, String(count));
    t.is(SearchIndex.inMemory(small, (p) => files[p]).size, count);
  }
});
