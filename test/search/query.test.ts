import test from 'ava';
import { fileURLToPath } from 'node:url';
import { appFiles, appGraph } from './fixture-graph.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { query, type QueryResponse } from '../../handlers/query.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { KeywordBuilder, KeywordIndex } from '../../lib/search/keyword.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { SearchIndex } from '../../lib/search/load.ts';
import { rankSettings } from '../../lib/search/engine.ts';
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
  // withRetry is a step of no process: a query for it answers it as a one-symbol result.
  const d = await ask({ query: 'retry a task' });
  t.is(d.processes[0].name, 'withRetry');
  t.is(d.processes[0].kind, 'symbol');
  t.is(d.processes[0].steps, 1);
  t.is(d.process_symbols[0].name, 'withRetry');
  t.is(d.process_symbols[0].process, 'withRetry');
  t.is(r.processes[0].kind, 'process');
  // A matching type in no process is a definition.
  const u = await ask({ query: 'UserRecord' });
  t.is(u.definitions[0].name, 'UserRecord');
  t.deepEqual(Object.keys(u.definitions[0]).slice(0, 5).sort(), ['filePath', 'line', 'name', 'type', 'uid']);
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
  t.false('content' in without.process_symbols[0]);
  const withIt = await ask({ query: 'withRetry', include_content: true });
  t.is(withIt.truncated, undefined);
  const c = withIt.process_symbols[0].content!;
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
  t.is(r.process_symbols[0]?.name, 'of');
});

test('an imported keyword index survives inherited-member terms', (t) => {
  const docs = buildDocuments(graph, (p) => files[p]);
  const restored = KeywordIndex.fromBuffer(KeywordBuilder.build(docs).toBuffer());
  const q = (ts: string[]) => ts.map((term) => ({ term, weight: 1 }));
  t.deepEqual(restored.search(q(['constructor', 'tostring', '__proto__', 'valueof']), 10), []);
  t.true(restored.search(q(['verifypassword']), 10).length > 0);
});

test('tiny graphs (0, 1, 2 symbols) work', async (t) => {
  for (const count of [0, 1, 2]) {
    const g = appGraph(files, { processes: false });
    const keep = new Set(graphData(g).nodes.filter((n) => n.label === 'Function').slice(0, count).map((n) => n.uid));
    const small = createCodeGraph();
    for (const n of graphData(g).nodes) if (n.label === 'File' || keep.has(n.uid)) small.addNode(n.uid, n);
    const s = memorySnapshot({ graph: small, files });
    const r = await query({ query: 'verifyPassword' }, s);
    t.is(r.process_symbols.length > 0, count > 0, String(count));
    t.is(SearchIndex.inMemory(small, (p) => files[p]).size, count);
  }
});

test('nonsense matches nothing: empty lists, a message with what to try, exact zero totals', async (t) => {
  for (const q of ['zzzqqqxx', 'qwxzvbnm plokijuh']) {
    const r = await ask({ query: q });
    t.deepEqual([r.processes, r.process_symbols, r.definitions], [[], [], []], q);
    t.regex(r.message!, /nothing in this repository matches/);
    t.regex(r.message!, /context/);
    t.deepEqual(r.totals, { matches: 0, results: 0, definitions: 0 });
  }
  // A real query says nothing of the kind.
  const ok = await ask({ query: 'verify password' });
  t.is(ok.message, undefined);
  t.true(ok.totals.matches >= new Set(ok.process_symbols.filter((x) => x.matched).map((x) => x.uid)).size);
});

test('a word no symbol holds does not hide what the other words match', async (t) => {
  // `destruction` and `zzzqqqxx` are in no symbol of the fixture; `session` is
  const alone = await ask({ query: 'session' });
  t.true(alone.process_symbols.length > 0);
  // (a one-word query is a look-up by name, which the re-ranker leaves alone: the order may differ, not the symbols)
  for (const q of ['session zzzqqqxx', 'session destruction', 'session destruction teardown zzzqqqxx']) {
    const r = await ask({ query: q });
    t.is(r.message, undefined, q);
    t.deepEqual([...new Set(r.process_symbols.map((x) => x.uid))].sort(), [...new Set(alone.process_symbols.map((x) => x.uid))].sort(), q);
  }
});

test('process_symbols lists every matching symbol before the steps that only follow them', async (t) => {
  // In a fixture this small the call lane makes every step a match calls a match too, so the lane is also
  // turned off once: then some steps only follow, and the order must still put them after the matches.
  const saved = rankSettings.callWeight;
  let followed = 0;
  try {
    for (const callWeight of [saved, 0]) {
      rankSettings.callWeight = callWeight;
      for (const q of ['verify password', 'session token', 'handle login request', 'retry']) {
        const r = await ask({ query: q, limit: 10 });
        t.true(r.process_symbols.length > 0, q);
        // Each listed symbol names a returned result, and each result's symbol_count is what is listed for it.
        for (const p of r.processes) t.is(p.symbol_count, r.process_symbols.filter((x) => x.process === p.name).length, p.name);
        const firstFollower = r.process_symbols.findIndex((x) => !x.matched);
        const matches = firstFollower < 0 ? r.process_symbols.length : firstFollower;
        const rel = r.process_symbols.slice(0, matches).map((x) => x.relevance);
        for (let i = 1; i < rel.length; i++) t.true(rel[i] <= rel[i - 1], q);
        if (firstFollower < 0) continue;
        followed++;
        t.false(r.process_symbols.slice(firstFollower).some((x) => x.matched), q);
      }
    }
  } finally { rankSettings.callWeight = saved; }
  t.true(followed > 0);
});

test('include_content keeps to its budget: each source cut at 4,000 characters, 40,000 in all, cuts marked', async (t) => {
  // One file of sixty long functions, each matching the query.
  const body = (i: number) => `export function fetchRecord${i}(id: string) {\n${'  const recordValue = lookupRecord(id);\n'.repeat(60)}  return recordValue;\n}\n`;
  const text = Array.from({ length: 60 }, (_, i) => body(i)).join('');
  const g = appGraph(files, { processes: false });
  let line = 1;
  for (let i = 0; i < 60; i++) {
    const lines = body(i).split('\n').length - 1;
    g.addNode(`Function:src/big.ts:fetchRecord${i}`, { uid: `Function:src/big.ts:fetchRecord${i}`, label: 'Function', name: `fetchRecord${i}`, filePath: 'src/big.ts', line, endLine: line + lines - 1 });
    line += lines;
  }
  const s = memorySnapshot({ graph: g, files: { ...files, 'src/big.ts': text } });
  const r = await query({ query: 'fetch record lookup', include_content: true, limit: 20, max_symbols: 50 }, s);
  const items = [...r.process_symbols, ...r.definitions];
  t.true(items.length >= 20);
  t.true(r.truncated);
  let total = 0;
  for (const x of items) {
    total += x.content?.length ?? 0;
    t.true((x.content?.length ?? 0) <= 4_000);
    if (x.content_omitted) t.is(x.content, undefined);
  }
  t.true(total <= 40_000);
  t.true(items.some((x) => x.content_truncated));
  t.true(items.some((x) => x.content_omitted));
  // Totals are exact whatever was cut.
  t.true(r.totals.matches >= 60);
  t.true(JSON.stringify(r).length < 60_000);
});

test('change-description words are not searched for; identifiers written in the query are', async (t) => {
  const { queryTerms } = await import('../../lib/search/query-terms.ts');
  const ts = (q: string) => queryTerms(q).filter((x) => !x.joined).map((x) => x.term);
  t.deepEqual(ts('fix: add support for retries when the token expires'), ['retry', 'token', 'expir']);
  // In every form the stemmer leaves of them (`make` is searched as `mak`, `issues` and `cases` as `issu`, `cas`).
  t.deepEqual(ts('make the parser handle issues with edge cases'), ['parser', 'handl', 'edg']);
  t.deepEqual(ts('improved retries'), ['retry']);
  // `parseDate` and `res.send` are kept whole (and count double) as well as split.
  const q = queryTerms('handle parseDate errors in res.send');
  t.deepEqual(q.find((x) => x.term === 'parsedate'), { term: 'parsedate', weight: 2 });
  t.true(q.some((x) => x.term === 'send' && x.weight > 1));
  t.true(q.some((x) => x.term === 'pars'));
  // A lone identifier that is a change word is still a name: `fix`, `add`.
  t.deepEqual(ts('add'), ['add']);
  // Asked through the tool, the change words do not pull in symbols named after them.
  const r = await ask({ query: 'fix verify password' });
  t.is(r.process_symbols[0].name, 'verifyPassword');
});

test('words of string literals and comments inside a body find the function', async (t) => {
  // The error message and the comment of a function body, not its name or doc comment.
  const g = appGraph(files, { processes: false });
  const src = 'export function check(v: number) {\n  // clamp to the allowed quota window\n  if (v > 9) throw new Error("quota exceeded for tenant");\n  return v;\n}\n';
  g.addNode('Function:src/quota.ts:check', { uid: 'Function:src/quota.ts:check', label: 'Function', name: 'check', filePath: 'src/quota.ts', line: 1, endLine: 5 });
  const s = memorySnapshot({ graph: g, files: { ...files, 'src/quota.ts': src } });
  t.is((await query({ query: 'quota exceeded error' }, s)).process_symbols[0]?.name, 'check');
  t.is((await query({ query: 'allowed window' }, s)).process_symbols[0]?.name, 'check');
});

test('a match in several flows does not fill every result: the next flow or function brings a new match', async (t) => {
  // verifyPassword, hashPassword and handleLogin are steps of both flows of the fixture; withRetry of none.
  const r = await ask({ query: 'verify password retry', limit: 2 });
  t.deepEqual(r.processes.map((p) => p.kind), ['process', 'symbol']);
  t.is(r.processes[1].name, 'withRetry');
  t.true(r.processes[1].relevance <= r.processes[0].relevance);
  // Asked for more, the second flow through the same matches still comes, after them and scored lower.
  const more = await ask({ query: 'verify password retry', limit: 5 });
  t.true(more.processes.length >= 3);
  const rel = more.processes.map((p) => p.relevance);
  for (let i = 1; i < rel.length; i++) t.true(rel[i] <= rel[i - 1]);
});

test('results that share a name (two getters in no flow, in two files) keep their symbols apart by process_uid', async (t) => {
  const { buildSnapshotInMemory } = await import('../../lib/analyze/index.ts');
  const { tempDir, writeTree } = await import('../analyze/_helpers.ts');
  const root = tempDir();
  // each file has one matching function in no flow: two one-symbol results, both named `status`
  writeTree(root, {
    'response.js': [
      'module.exports = {',
      '  /** The response status code, as set by the handler. */',
      '  get status() {',
      '    return this.res.statusCode;',
      '  },',
      '};',
      '',
    ].join('\n'),
    'request.js': [
      'module.exports = {',
      '  /** The status code of the response this request received. */',
      '  get status() {',
      '    return this.response.statusCode;',
      '  },',
      '};',
      '',
    ].join('\n'),
  });
  const snapshot = await buildSnapshotInMemory(root);
  const r = await query({ query: 'response status code' }, snapshot);
  const statusResults = r.processes.filter((p) => p.name === 'status');
  t.is(statusResults.length, 2, JSON.stringify(r.processes));
  const uids = new Set(r.processes.map((p) => p.uid));
  for (const s of r.process_symbols) {
    t.true(uids.has(s.process_uid), s.uid);
    t.is(r.processes.find((p) => p.uid === s.process_uid)!.name, s.process);
  }
  for (const p of statusResults) t.deepEqual(r.process_symbols.filter((s) => s.process_uid === p.uid).map((s) => s.uid), [p.uid]);
});

test('the matching functions of a file in no flow are one result, so the next result brings another file', async (t) => {
  const { buildSnapshotInMemory } = await import('../../lib/analyze/index.ts');
  // an object's hooks and a helper in checkbox.js all match, one function in radio.js matches less; none is in a flow
  const snapshot = await buildSnapshotInMemory(fileURLToPath(new URL('../fixtures/search/directives/', import.meta.url)));
  const r = await query({ query: 'checkbox checked model value', limit: 2 }, snapshot);
  t.deepEqual(r.processes.map((p) => [p.kind, p.name]), [['file', 'src/checkbox.js'], ['symbol', 'radioChecked']]);
  const file = r.processes[0];
  t.is(file.uid, 'File:src/checkbox.js');
  t.is(file.steps, 4);
  t.is(file.symbol_count, 4);
  t.true(file.summary.includes('src/checkbox.js'));
  // the file's matches are its steps, numbered in the file's order, and listed best first with the other result's
  const mine = r.process_symbols.filter((s) => s.process_uid === file.uid);
  t.true(mine.every((s) => s.matched && s.process === 'src/checkbox.js'));
  t.deepEqual([...mine].sort((a, b) => a.step - b.step).map((s) => s.name), ['created', 'mounted', 'beforeUpdate', 'setChecked']);
  t.deepEqual(new Set(r.process_symbols.map((s) => s.filePath)), new Set(['src/checkbox.js', 'src/radio.js']));
  const rel = r.process_symbols.map((s) => s.relevance);
  for (let i = 1; i < rel.length; i++) t.true(rel[i] <= rel[i - 1]);
  // one matching function of a file stays a one-symbol result, named by the function
  t.is(r.processes[1].uid, r.process_symbols.find((s) => s.name === 'radioChecked')!.uid);
  t.is(r.totals.results, 3);
});
