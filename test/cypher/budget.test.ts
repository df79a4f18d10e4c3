import test from 'ava';
import { cypher } from '../../handlers/cypher.ts';
import { codeGraphView } from '../../lib/cypher/code-graph-adapter.ts';
import { runCypher } from '../../lib/cypher/index.ts';
import { toCodegraphCypherError } from '../../lib/cypher/errors.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { syntheticGraph } from './synthetic.ts';

const graph = syntheticGraph({ nodes: 20_000, edges: 80_000 });
const snap = memorySnapshot({ name: 'synthetic', graph });
const view = codeGraphView(graph);

/** Runs with a custom budget and returns the codegraph error it must throw. */
function budgetError(t: import('ava').ExecutionContext, query: string, options: Parameters<typeof runCypher>[3]): CodegraphError {
  const err = t.throws(() => { try { runCypher(view, query, {}, options); } catch (e) { throw toCodegraphCypherError(e); } }) as CodegraphError;
  return err;
}

test('a cartesian explosion stops at the default 5 s budget with TIMEOUT, and the next query still works', async (t) => {
  const started = Date.now();
  const err = await t.throwsAsync(() => cypher({ query: 'MATCH (a), (b), (c) RETURN count(*)' }, snap)) as CodegraphError;
  t.is(err.code, 'TIMEOUT');
  t.is(err.status, 504);
  t.like(err.details as object, { budget: 'time' });
  t.true(Date.now() - started < 30_000);
  const ok = await cypher({ query: 'MATCH (f:File) RETURN count(*) AS n' }, snap);
  t.deepEqual(ok.rows, [{ n: 1000 }]);
});

test('an unbounded * over a dense graph is stopped by the time budget', (t) => {
  const err = budgetError(t, 'MATCH p = (a)-[*]-(b) RETURN count(p)', { timeoutMs: 300 });
  t.is(err.code, 'TIMEOUT');
});

test('huge lists are refused before they are built: range, doubling by reduce, collect', async (t) => {
  for (const query of ['RETURN range(1, 100000000000) AS r', 'RETURN size(range(0, 5000000)) AS n', 'RETURN reduce(l = [1], i IN range(1, 40) | l + l) AS l']) {
    const err = await t.throwsAsync(() => cypher({ query }, snap)) as CodegraphError;
    t.is(err.code, 'TIMEOUT', query);
    t.like(err.details as object, { budget: 'list' }, query);
  }
  // collect grows row by row, so on a loaded machine the default wall-clock budget can stop it first: a long time
  // budget leaves the list budget the only one that can
  const collect = 'UNWIND range(1, 999999) AS x UNWIND [1, 2] AS y RETURN size(collect(x)) AS n';
  const err = budgetError(t, collect, { timeoutMs: 600_000 });
  t.is(err.code, 'TIMEOUT', collect);
  t.like(err.details as object, { budget: 'list' }, collect);
});

test('a string doubled past the engine limit is a budget error, not a crash', async (t) => {
  const err = await t.throwsAsync(() => cypher({ query: "RETURN size(reduce(s = 'x', i IN range(1, 40) | s + s)) AS n" }, snap)) as CodegraphError;
  t.is(err.code, 'TIMEOUT');
});

test('buffering operators refuse more rows than the materialisation budget', (t) => {
  for (const q of ['MATCH (a)-[r]->(b) RETURN a.name ORDER BY b.name', 'MATCH (a)-[r]->(b) WITH DISTINCT r RETURN count(*)', 'MATCH (a)-[r]->(b) RETURN count(DISTINCT r)', 'MATCH (a)-[r]->(b) RETURN r, count(*)']) {
    const err = budgetError(t, q, { maxMaterializedRows: 10_000 });
    t.is(err.code, 'TIMEOUT', q);
    t.like(err.details as object, { budget: 'rows' }, q);
  }
  // ORDER BY with a small LIMIT keeps only the best rows, so it fits the same budget.
  const r = runCypher(view, 'MATCH (a)-[r]->(b) RETURN a.name AS n ORDER BY n LIMIT 3', {}, { maxMaterializedRows: 10_000 });
  t.is(r.row_count, 3);
});

test('deeply nested input is a clean error, not a stack overflow escaping', async (t) => {
  const deep = 'RETURN ' + '['.repeat(20_000) + ']'.repeat(20_000);
  const err = await t.throwsAsync(() => cypher({ query: deep }, snap)) as CodegraphError;
  t.true(['TIMEOUT', 'CYPHER_SYNTAX'].includes(err.code), err.code);
  const parens = 'RETURN ' + '('.repeat(30_000) + '1' + ')'.repeat(30_000);
  const err2 = await t.throwsAsync(() => cypher({ query: parens }, snap)) as CodegraphError;
  t.true(['TIMEOUT', 'CYPHER_SYNTAX'].includes(err2.code), err2.code);
});

test('unbounded * stops at the hop cap with a warning; an explicit bound is honoured', async (t) => {
  const chain = new GraphBuilder();
  for (let i = 0; i < 30; i++) chain.addNode({ uid: `Function:a.ts:f${i}`, label: 'Function', name: `f${i}` });
  for (let i = 0; i < 29; i++) chain.addEdge({ source: `Function:a.ts:f${i}`, target: `Function:a.ts:f${i + 1}`, type: 'CALLS', confidence: 1, reason: 'same-file' });
  const s = memorySnapshot({ graph: chain.toGraph() });
  const capped = await cypher({ query: "MATCH p = (:Function {name: 'f0'})-[:CALLS*]->() RETURN max(length(p)) AS d" }, s);
  t.deepEqual(capped.rows, [{ d: 10 }]);
  t.is(capped.warnings?.length, 1);
  const explicit = await cypher({ query: "MATCH p = (:Function {name: 'f0'})-[:CALLS*1..40]->() RETURN max(length(p)) AS d" }, s);
  t.deepEqual(explicit.rows, [{ d: 29 }]);
  t.is(explicit.warnings, undefined);
  const short = await cypher({ query: "MATCH p = (:Function {name: 'f25'})-[:CALLS*]->() RETURN max(length(p)) AS d" }, s);
  t.deepEqual(short.rows, [{ d: 4 }]);
  t.is(short.warnings, undefined);
});

test('LIMIT stops a huge match early instead of enumerating it', async (t) => {
  const r = await cypher({ query: 'MATCH (a), (b), (c) RETURN a.name, b.name, c.name LIMIT 5' }, snap);
  t.is(r.row_count, 5);
  const capped = await cypher({ query: 'MATCH (a), (b) RETURN a.name, b.name', max_chars: 64_000_000 }, snap);
  t.is(capped.row_count, 1000);
  t.true(capped.truncated);
});

test('many lists that are each within budget still stop at the total list budget (memory stays bounded)', async (t) => {
  const err = await t.throwsAsync(() => cypher({ query: 'RETURN size([x IN range(1, 100000) | range(1, 1000000)]) AS n' }, snap)) as CodegraphError;
  t.is(err.code, 'TIMEOUT');
  t.like(err.details as object, { budget: 'list' });
  const s = await t.throwsAsync(() => cypher({ query: "RETURN size(reduce(s = 'abcdefghij', i IN range(1, 30) | s + s)) AS n" }, snap)) as CodegraphError;
  t.is(s.code, 'TIMEOUT');
  t.like(s.details as object, { budget: 'string' });
});

