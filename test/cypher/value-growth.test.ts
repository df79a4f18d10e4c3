/**
 * Every function and expression that can grow a value (strings, lists, maps) is
 * checked against the budgets before (or as) it builds, and property names that happen to be JavaScript
 * prototype members are ordinary absent properties. One test per family.
 */
import test from 'ava';
import { cypher } from '../../handlers/cypher.ts';
import { codeGraphView } from '../../lib/cypher/code-graph-adapter.ts';
import { runCypher, type RunOptions } from '../../lib/cypher/index.ts';
import { toCodegraphCypherError } from '../../lib/cypher/errors.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';

const built = new GraphBuilder();
built.addNode({ uid: 'File:src/a.ts', label: 'File', name: 'a.ts', filePath: 'src/a.ts', line: 1 });
built.addNode({ uid: 'Class:src/a.ts:A', label: 'Class', name: 'A', filePath: 'src/a.ts', line: 2, endLine: 9 });
built.addNode({ uid: 'Method:src/a.ts:A.run', label: 'Method', name: 'run', filePath: 'src/a.ts', line: 3, endLine: 5 });
built.addEdge({ source: 'File:src/a.ts', target: 'Class:src/a.ts:A', type: 'DEFINES', confidence: 1, reason: 'definition' });
built.addEdge({ source: 'Class:src/a.ts:A', target: 'Method:src/a.ts:A.run', type: 'HAS_METHOD', confidence: 1, reason: 'definition' });
const graph = built.toGraph();
const snap = memorySnapshot({ graph });
const view = codeGraphView(graph);

/** A string of 2^k characters built by doubling (cheap: V8 keeps it as a rope until it is read). */
const doubled = (k: number) => `reduce(s = 'a', i IN range(1, ${k}) | s + s)`;

function budgetError(t: import('ava').ExecutionContext, query: string, options: RunOptions = {}): CodegraphError {
  return t.throws(() => { try { runCypher(view, query, {}, options); } catch (e) { throw toCodegraphCypherError(e); } }) as CodegraphError;
}

test("the issue's replace() query is refused by the string budget before it is built", async (t) => {
  const query = "WITH reduce(s = '', i IN range(1, 20000) | s + 'a') AS s RETURN size(replace(s, 'a', s)) AS c";
  const err = await t.throwsAsync(() => cypher({ query }, snap)) as CodegraphError;
  t.is(err.code, 'TIMEOUT');
  t.like(err.details as object, { budget: 'string' });
  t.regex(err.message, /400000000 characters/);
});

test('replace() keeps Cypher (Java) semantics and its budget counts every copy', async (t) => {
  const r = await cypher({ query: "RETURN replace('abcabc', 'b', 'XY') AS a, replace('abc', '', '-') AS b, replace('aaa', 'aa', 'b') AS c, replace('x$&y', '$&', '$1') AS d, replace('abc', 'z', 'q') AS e" }, snap);
  t.deepEqual(r.rows, [{ a: 'aXYcaXYc', b: '-a-b-c-', c: 'ba', d: 'x$1y', e: 'abc' }]);
  // Each replace copies: the total of new characters is bounded even when each result fits.
  const err = budgetError(t, `WITH ${doubled(10)} AS s UNWIND range(1, 100) AS i RETURN size(replace(s, 'a', 'b')) AS n`, { maxTotalStringChars: 50_000 });
  t.like(err.details as object, { budget: 'string' });
});

test('toUpper / toLower / reverse count the strings they make', (t) => {
  for (const f of ['toUpper', 'toLower', 'upper', 'lower', 'reverse']) {
    const one = budgetError(t, `RETURN size(${f}(${doubled(12)})) AS n`, { maxStringLength: 4000 });
    t.like(one.details as object, { budget: 'string' }, f);
    const total = budgetError(t, `WITH ${doubled(10)} AS s UNWIND range(1, 100) AS i RETURN size(${f}(s)) AS n`, { maxTotalStringChars: 50_000 });
    t.like(total.details as object, { budget: 'string' }, f);
  }
  // Upper case can be longer than the text ('ß' → 'SS'): the result is what is counted.
  t.deepEqual(runCypher(view, "RETURN toUpper('straße') AS u, size('straße') AS n").rows, [{ u: 'STRASSE', n: 6 }]);
});

test('split() is counted before splitting: a long string split into characters is refused', async (t) => {
  const err = await t.throwsAsync(() => cypher({ query: `RETURN size(split(${doubled(21)}, '')) AS n` }, snap)) as CodegraphError;
  t.like(err.details as object, { budget: 'list' });
  const err2 = await t.throwsAsync(() => cypher({ query: `RETURN size(split(${doubled(21)}, 'a')) AS n` }, snap)) as CodegraphError;
  t.like(err2.details as object, { budget: 'list' });
  t.deepEqual((await cypher({ query: "RETURN split('a,b,,c', ',') AS p, split('', ',') AS q" }, snap)).rows, [{ p: ['a', 'b', '', 'c'], q: [''] }]);
});

test('size() and length() of a long string count code points without building an array', async (t) => {
  const r = await cypher({ query: `RETURN size(${doubled(22)}) AS n, length('a😀b') AS m` }, snap);
  t.deepEqual(r.rows, [{ n: 4_194_304, m: 3 }]);
});

test('list and map literals count their elements against the total list budget', (t) => {
  const list = budgetError(t, 'RETURN size([x IN range(1, 10000) | [x, x, x, x, x, x, x, x, x, x]]) AS n', { maxTotalListElements: 50_000 });
  t.like(list.details as object, { budget: 'list' });
  const map = budgetError(t, 'RETURN size([x IN range(1, 10000) | {a: x, b: x, c: x, d: x, e: x, f: x, g: x, h: x}]) AS n', { maxTotalListElements: 50_000 });
  t.like(map.details as object, { budget: 'list' });
  const proj = budgetError(t, 'UNWIND range(1, 10000) AS i MATCH (n:Class) WITH n {.*, i: i} AS m RETURN count(m) AS c', { maxTotalListElements: 50_000 });
  t.like(proj.details as object, { budget: 'list' });
});

test('graph functions that make lists or maps count them: keys, properties, nodes, relationships', (t) => {
  for (const f of ['keys(n)', 'properties(n)', 'nodes(p)', 'relationships(p)']) {
    const err = budgetError(t, `UNWIND range(1, 10000) AS i MATCH p = (n:File)-[:DEFINES]->() RETURN count(${f}) AS c`, { maxTotalListElements: 15_000 });
    t.like(err.details as object, { budget: 'list' }, f);
  }
});

test('an answer over the output budget stops its rows with a warning; one row over it is a budget error', async (t) => {
  // 2^23 characters a row: the 64 M character answer budget holds 7 of them.
  const r = await cypher({ query: `WITH ${doubled(23)} AS s UNWIND range(1, 100) AS i RETURN s`, max_rows: 1000, max_chars: 64_000_000 }, snap);
  t.is(r.row_count, 7);
  t.true(r.truncated);
  t.regex(r.warnings?.join('\n') ?? '', /answer reached its budget of 64000000 characters/);
  const err = await t.throwsAsync(() => cypher({ query: `WITH ${doubled(23)} AS s RETURN [s, s, s, s, s, s, s, s, s] AS l`, max_chars: 64_000_000 }, snap)) as CodegraphError;
  t.is(err.code, 'TIMEOUT');
  t.like(err.details as object, { budget: 'output' });
});

test('prototype member names are ordinary absent properties (not 500)', async (t) => {
  const names = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'toLocaleString'];
  const ret = names.map((k, i) => `n.${k} AS p${i}, n['${k}'] AS q${i}, r.${k} AS r${i}`).join(', ');
  const r = await cypher({ query: `MATCH (n:Class)-[r]->() RETURN ${ret} LIMIT 1` }, snap);
  t.is(r.row_count, 1);
  for (const v of Object.values(r.rows[0])) t.is(v, null);
  const issue = await cypher({ query: 'MATCH (n:Class) RETURN n.__proto__ LIMIT 1' }, snap);
  t.deepEqual(issue.rows, [{ 'n.__proto__': null }]);
  // In patterns, projections and exists(): no match, no key, false.
  t.is((await cypher({ query: 'MATCH (n {constructor: 1}) RETURN n' }, snap)).row_count, 0);
  t.is((await cypher({ query: "MATCH (n) WHERE n.toString = 'x' OR exists(n.constructor) RETURN n" }, snap)).row_count, 0);
  const proj = await cypher({ query: 'MATCH (n:Class) RETURN n {.name, .constructor, .__proto__} AS m, properties(n) AS p' }, snap);
  t.deepEqual(Object.keys(proj.rows[0].m as object), ['name', 'constructor', '__proto__']);
  t.is(Object.getOwnPropertyDescriptor(proj.rows[0].m, 'constructor')?.value, null);
  t.false(Object.keys(proj.rows[0].p as object).includes('constructor'));
  // Parameters and map keys with those names are plain keys.
  const params = await cypher({ query: 'RETURN $m.constructor AS a, $m.toString AS b, {__proto__: 1}.__proto__ AS c', params: JSON.parse('{"m": {"constructor": 5}}') }, snap);
  t.deepEqual(params.rows, [{ a: 5, b: null, c: 1 }]);
});

test("the issue's catastrophic regular expressions answer at once (RE2: linear time)", async (t) => {
  const a = (n: number) => 'a'.repeat(n);
  const cases: [string, string, boolean][] = [
    [a(32), '(a|a)*b', false], [a(40), '(a|a)*b', false], [a(32), '(\\\\w|\\\\d)*!', false], [a(64), '.*.*.*.*.*.*.*.*b', false],
    [a(38) + '!', '(a+)+$', false], [a(5000), '(a*)*a{1000}', true], [a(20) + 'b', '(a|a)*b', true],
  ];
  for (const [text, pattern, expected] of cases) {
    const started = process.cpuUsage();
    const r = await cypher({ query: `RETURN '${text}' =~ '${pattern}' AS m` }, snap);
    const cpu = process.cpuUsage(started);
    t.deepEqual(r.rows, [{ m: expected }], pattern);
    // Milliseconds of CPU, not the minutes a backtracking engine spends: far inside the 5 s budget.
    t.true((cpu.user + cpu.system) / 1000 < 2000, `${pattern}: ${(cpu.user + cpu.system) / 1000} ms CPU`);
  }
  // Over a whole column as well, and a long text.
  const col = await cypher({ query: "MATCH (n) WHERE n.name =~ '(.*)*(.*)*x' RETURN count(*) AS c" }, snap);
  t.deepEqual(col.rows, [{ c: 0 }]);
  const long = await cypher({ query: `RETURN ${doubled(20)} =~ '(a|aa)*c' AS m` }, snap);
  t.deepEqual(long.rows, [{ m: false }]);
});

test('regular expressions keep their Java-style meaning; what RE2 cannot do is a clear error', async (t) => {
  const r = await cypher({
    query: "RETURN 'UserService' =~ '(?i).*user.*' AS a, 'x-1' =~ '(\\\\w+)-(\\\\d+)' AS b, 'a\\nb' =~ 'a.b' AS c, 'a\\nb' =~ '(?s)a.b' AS d, 'abc' =~ 'b' AS e, 'a.b' =~ '\\\\Qa.b\\\\E' AS f, 'Àb' =~ '\\\\p{Lu}\\\\p{Ll}' AS g, null =~ 'x' AS h",
  }, snap);
  t.deepEqual(r.rows, [{ a: true, b: true, c: false, d: true, e: false, f: true, g: true, h: null }]);
  for (const [pattern, why] of [['(a)\\\\1', /invalid escape/], ['a(?=b)', /Perl syntax/], ['a*+', /repetition/], ['(', /missing/]] as const) {
    const err = await t.throwsAsync(() => cypher({ query: `RETURN 'aa' =~ '${pattern}' AS m` }, snap)) as CodegraphError;
    t.is(err.code, 'VALIDATION_ERROR', pattern);
    t.regex(err.message, why, pattern);
    t.regex(err.message, /RE2 syntax/, pattern);
  }
});
