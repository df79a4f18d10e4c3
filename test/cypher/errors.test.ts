import test from 'ava';
import { cypher } from '../../handlers/cypher.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { fixtureSnapshot } from './fixture.ts';

const snap = fixtureSnapshot();
const fingerprint = () => JSON.stringify(snap.graph.toJSON());
const before = fingerprint();

async function fails(t: import('ava').ExecutionContext, request: Record<string, unknown>, code: string): Promise<CodegraphError> {
  const err = await t.throwsAsync(() => cypher(request, snap)) as CodegraphError;
  t.is(err.code as string, code, `${JSON.stringify(request)} → ${err.message}`);
  return err;
}

test('every write clause is refused with READ_ONLY and the graph is untouched', async (t) => {
  const writes = [
    'CREATE (n:Function {name: "x"})',
    "MATCH (n:Function {name: 'log'}) SET n.name = 'y' RETURN n",
    "MATCH (n:Function {name: 'log'}) DELETE n",
    "MATCH (n:Function {name: 'log'}) DETACH DELETE n",
    "MATCH (n:Function {name: 'log'}) REMOVE n.exported RETURN n",
    "MERGE (n:Function {name: 'log'}) RETURN n",
    "MATCH (n) FOREACH (x IN [1] | SET n.x = x)",
    "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
    'CALL dbms.security.listUsers()',
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})",
    "MATCH (n) WITH n LIMIT 1 create (m) RETURN m",
    "RETURN 1 AS x UNION MATCH (n) SET n.x = 1 RETURN 1 AS x",
  ];
  for (const query of writes) {
    const err = await fails(t, { query }, 'READ_ONLY');
    t.is(err.status, 403);
  }
  t.is(fingerprint(), before);
});

test('a write clause is refused even when the rest of the query has a syntax error after it', async (t) => {
  const err = await fails(t, { query: 'MATCH (n)\nDELETE n RETURN (((' }, 'READ_ONLY');
  t.like(err.details as object, { line: 2, column: 1 });
});

test('syntax errors carry line, column and what was expected', async (t) => {
  const e1 = await fails(t, { query: 'MATCH (n:Function)\nRETURN n.name +' }, 'CYPHER_SYNTAX');
  t.like(e1.details as object, { line: 2, column: 16, expected: ['an expression'] });
  t.regex(e1.message, /line 2, column 16/);
  const e2 = await fails(t, { query: 'MATCH (n RETURN n' }, 'CYPHER_SYNTAX');
  t.like(e2.details as object, { line: 1, column: 10 });
  t.deepEqual((e2.details as { expected: string[] }).expected, ["')'"]);
  const e3 = await fails(t, { query: "RETURN 'unterminated" }, 'CYPHER_SYNTAX');
  t.like(e3.details as object, { line: 1, column: 8 });
  const e4 = await fails(t, { query: 'MATCH (n) RETURN m' }, 'CYPHER_SYNTAX');
  t.like(e4.details as object, { detail: 'UndefinedVariable', line: 1, column: 18 });
  const e5 = await fails(t, { query: 'MATCH (n) RETURN nosuch(n)' }, 'CYPHER_SYNTAX');
  t.like(e5.details as object, { detail: 'UnknownFunction' });
  const e6 = await fails(t, { query: 'MATCH (n) WHERE count(n) > 1 RETURN n' }, 'CYPHER_SYNTAX');
  t.like(e6.details as object, { detail: 'InvalidAggregation' });
  const e7 = await fails(t, { query: 'MATCH (n)' }, 'CYPHER_SYNTAX');
  t.like(e7.details as object, { detail: 'InvalidClauseComposition' });
  const e8 = await fails(t, { query: 'MATCH (n) RETURN n.name, count(*) + n.line' }, 'CYPHER_SYNTAX');
  t.like(e8.details as object, { detail: 'AmbiguousAggregationExpression' });
  const e9 = await fails(t, { query: 'MATCH (n) RETURN n.name AS a, n.line AS a' }, 'CYPHER_SYNTAX');
  t.like(e9.details as object, { detail: 'ColumnNameConflict' });
  await fails(t, { query: 'MATCH (n) RETURN $missing' }, 'CYPHER_SYNTAX');
  await fails(t, { query: 'CALL { MATCH (n) RETURN n } RETURN 1' }, 'CYPHER_SYNTAX');
  await fails(t, { query: 'MATCH p = shortestPath((a)-[*]-(b)) RETURN p' }, 'CYPHER_SYNTAX');
});

test('runtime type errors and division by zero are VALIDATION_ERROR on the query field', async (t) => {
  for (const query of ['RETURN 1 / 0', 'RETURN 1 + true', "MATCH (n:File) RETURN n.name + {a: 1}", 'RETURN toUpper(1)', 'RETURN [1, 2][\'a\']']) {
    const err = await fails(t, { query }, 'VALIDATION_ERROR');
    t.is((err.details as { field: string }[])[0].field, 'query');
  }
});

test('bad requests: missing query, both query and statement, wrong types, out-of-range max_rows, unknown keys', async (t) => {
  await fails(t, {}, 'VALIDATION_ERROR');
  await fails(t, { query: '' }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN 1', statement: 'RETURN 2' }, 'VALIDATION_ERROR');
  await fails(t, { query: 42 }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN $a', params: [1] }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN 1', max_rows: 0 }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN 1', max_rows: 1e9 }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN 1', limit: 5 }, 'VALIDATION_ERROR');
  await fails(t, { query: 'RETURN 1'.padEnd(200_000, ' ') }, 'VALIDATION_ERROR');
  t.is(fingerprint(), before);
});

test('parameters of every JSON type arrive as Cypher values', async (t) => {
  const r = await cypher({ query: 'RETURN $s AS s, $i AS i, $f AS f, $b AS b, $n AS n, $l AS l, $m.k AS mk, $i / 2 AS half, $f * 2 AS dbl', params: { s: 'x', i: 3, f: 1.5, b: true, n: null, l: [1, 'a'], m: { k: 'v' } } }, snap);
  t.deepEqual(r.rows, [{ s: 'x', i: 3, f: 1.5, b: true, n: null, l: [1, 'a'], mk: 'v', half: 1, dbl: 3 }]);
});
