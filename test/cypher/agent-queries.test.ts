import test from 'ava';
import { cypher } from '../../handlers/cypher.ts';
import { fixtureSnapshot } from './fixture.ts';

const snap = fixtureSnapshot();
const run = (query: string, params?: Record<string, unknown>) => cypher(params ? { query, params } : { query }, snap);
const col = async (query: string, column: string, params?: Record<string, unknown>) => (await run(query, params)).rows.map((r) => r[column]);

test('callers of a function: GitNexus form, shorthand, WHERE on r.type and a parameter agree', async (t) => {
  const expected = [['handleLogout', 'Function'], ['signToken', 'Function'], ['validate', 'Method']];
  const forms = [
    "MATCH (caller)-[:CodeRelation {type: 'CALLS'}]->(f:Function {name: 'log'}) RETURN caller.name AS name, label(caller) AS type ORDER BY name",
    "MATCH (caller)-[:CALLS]->(f:Function {name: 'log'}) RETURN caller.name AS name, label(caller) AS type ORDER BY name",
    "MATCH (caller)-[r:CodeRelation]->(f:Function) WHERE r.type = 'CALLS' AND f.name = 'log' RETURN caller.name AS name, labels(caller)[0] AS type ORDER BY name",
    'MATCH (f:Function {name: $fn})<-[:CALLS]-(caller) RETURN caller.name AS name, caller.label AS type ORDER BY name',
  ];
  for (const q of forms) {
    const r = await run(q, { fn: 'log' });
    t.deepEqual(r.columns, ['name', 'type'], q);
    t.deepEqual(r.rows.map((x) => [x.name, x.type]), expected, q);
    t.is(r.row_count, 3);
    t.false(r.truncated);
  }
});

test('unused functions: no incoming CALLS or REFERENCES, optionally only unexported ones', async (t) => {
  t.deepEqual(await col('MATCH (f:Function) WHERE NOT ()-[:CALLS|REFERENCES]->(f) RETURN f.name AS name ORDER BY name', 'name'),
    ['handleLogin', 'handleLogout', 'unusedHelper']);
  t.deepEqual(await col('MATCH (f:Function) WHERE NOT exists { ()-[:CALLS]->(f) } AND NOT f.exported RETURN f.name AS name', 'name'), ['unusedHelper']);
  // The OPTIONAL MATCH formulation agents also write.
  t.deepEqual(await col('MATCH (f:Function) OPTIONAL MATCH (c)-[:CALLS]->(f) WITH f, count(c) AS callers WHERE callers = 0 RETURN f.name AS name ORDER BY name', 'name'),
    ['handleLogin', 'handleLogout', 'unusedHelper']);
});

test('members of a module, and module sizes', async (t) => {
  t.deepEqual(await col("MATCH (m)-[:MEMBER_OF]->(c:Community {name: 'Auth'}) RETURN m.name AS name ORDER BY name", 'name'),
    ['Token', 'UserService', 'save', 'signToken', 'validate', 'verifyToken']);
  const r = await run('MATCH (m)-[:MEMBER_OF]->(c:Community) RETURN c.name AS module, count(m) AS members ORDER BY members DESC, module');
  t.deepEqual(r.rows, [{ module: 'Auth', members: 6 }, { module: 'Api', members: 2 }, { module: 'Util', members: 2 }]);
});

test('flows through a file, and a process trace in step order', async (t) => {
  const r = await run("MATCH (s)-[r:STEP_IN_PROCESS]->(p:Process) WHERE s.filePath = 'src/auth/service.ts' RETURN p.name AS process, s.name AS symbol, r.step AS step");
  t.deepEqual(r.rows, [{ process: 'LoginFlow', symbol: 'validate', step: 2 }]);
  t.deepEqual(await col("MATCH (s)-[r:CodeRelation {type: 'STEP_IN_PROCESS'}]->(p:Process {name: 'LoginFlow'}) RETURN s.name AS s ORDER BY r.step", 's'),
    ['handleLogin', 'validate', 'signToken']);
  // Files a flow passes through.
  t.deepEqual(await col("MATCH (f:File)-[:DEFINES]->()-[:HAS_METHOD*0..1]->(s)-[:STEP_IN_PROCESS]->(:Process {name: 'LoginFlow'}) RETURN DISTINCT f.filePath AS file ORDER BY file", 'file'),
    ['src/api/routes.ts', 'src/auth/service.ts', 'src/auth/token.ts']);
});

test('import cycles up to length 3, every rotation and one per cycle', async (t) => {
  const r = await run('MATCH p = (f:File)-[:IMPORTS*1..3]->(f) RETURN [n IN nodes(p) | n.name] AS cycle, length(p) AS len ORDER BY len, cycle');
  t.deepEqual(r.rows, [
    { cycle: ['db.ts', 'routes.ts', 'db.ts'], len: 2 },
    { cycle: ['routes.ts', 'db.ts', 'routes.ts'], len: 2 },
    { cycle: ['log.ts', 'service.ts', 'token.ts', 'log.ts'], len: 3 },
    { cycle: ['service.ts', 'token.ts', 'log.ts', 'service.ts'], len: 3 },
    { cycle: ['token.ts', 'log.ts', 'service.ts', 'token.ts'], len: 3 },
  ]);
  const canonical = await run(`MATCH p = (f:File)-[:IMPORTS*1..3]->(f)
    WHERE all(n IN nodes(p) WHERE f.filePath <= n.filePath)
    RETURN [n IN nodes(p) | n.filePath] AS cycle ORDER BY size(cycle), cycle`);
  t.deepEqual(canonical.rows.map((x) => x.cycle), [
    ['src/api/routes.ts', 'src/db/db.ts', 'src/api/routes.ts'],
    ['src/auth/service.ts', 'src/auth/token.ts', 'src/util/log.ts', 'src/auth/service.ts'],
  ]);
});

test('GitNexus-style: label(n) counts, n.id and n.startLine, var-length with a type property, low-confidence edges', async (t) => {
  const counts = await run('MATCH (n) RETURN label(n) AS type, COUNT(*) AS count ORDER BY type');
  t.deepEqual(counts.rows, [
    { type: 'Class', count: 1 }, { type: 'Community', count: 3 }, { type: 'File', count: 5 }, { type: 'Function', count: 7 },
    { type: 'Interface', count: 1 }, { type: 'Method', count: 2 }, { type: 'Process', count: 1 },
  ]);
  const one = await run("MATCH (n:Function) WHERE n.id = 'Function:src/util/log.ts:log' RETURN n.name, n.startLine, n.endLine, labels(n), n.label, n.uid = n.id AS same");
  t.deepEqual(one.rows, [{ 'n.name': 'log', 'n.startLine': 1, 'n.endLine': 5, 'labels(n)': ['Function'], 'n.label': 'Function', same: true }]);
  const chains = await run("MATCH path = (a:Function)-[:CodeRelation*2 {type: 'CALLS'}]->(b:Function) RETURN a.name, b.name, length(path) ORDER BY a.name, b.name");
  t.deepEqual(chains.rows.map((x) => [x['a.name'], x['b.name'], x['length(path)']]), [['handleLogin', 'log', 2], ['handleLogin', 'log', 2], ['handleLogin', 'verifyToken', 2]]);
  const low = await run('MATCH (a)-[r:CodeRelation]->(b) WHERE r.confidence IS NOT NULL AND r.confidence < 0.8 RETURN a.name, r.type, b.name, r.confidence, r.reason');
  t.deepEqual(low.rows, [{ 'a.name': 'save', 'r.type': 'CALLS', 'b.name': 'query', 'r.confidence': 0.3, 'r.reason': 'name-only' }]);
  const both = await run(`MATCH (n:Function {name: 'signToken'})
    OPTIONAL MATCH (n)-[r1:CodeRelation]->(dst)
    WITH n, collect(DISTINCT {name: dst.name, type: r1.type}) AS outgoing
    OPTIONAL MATCH (src)-[r2:CodeRelation]->(n)
    RETURN outgoing, collect(DISTINCT {name: src.name, type: r2.type}) AS incoming LIMIT 1`);
  t.deepEqual(both.rows[0].outgoing, [{ name: 'log', type: 'CALLS' }, { name: 'Auth', type: 'MEMBER_OF' }, { name: 'LoginFlow', type: 'STEP_IN_PROCESS' }]);
  t.deepEqual(both.rows[0].incoming, [{ name: 'token.ts', type: 'DEFINES' }, { name: 'handleLogin', type: 'CALLS' }]);
});

test('type(r) is CodeRelation and r.type the relation; nodes and relationships come back as property maps', async (t) => {
  const r = await run("MATCH (a {name: 'save'})-[r:CALLS]->(b) RETURN type(r) AS t, r.type AS rt, r, b");
  t.deepEqual(r.columns, ['t', 'rt', 'r', 'b']);
  t.is(r.rows[0].t, 'CodeRelation');
  t.is(r.rows[0].rt, 'CALLS');
  t.deepEqual(r.rows[0].r, { source: 'Method:src/auth/service.ts:UserService.save', target: 'Function:src/db/db.ts:query', type: 'CALLS', confidence: 0.3, reason: 'name-only', line: 16 });
  t.like(r.rows[0].b as object, { uid: 'Function:src/db/db.ts:query', name: 'query', label: 'Function', filePath: 'src/db/db.ts', line: 2, endLine: 10 });
  const p = await run("MATCH p = (:Function {name: 'handleLogin'})-[:CALLS]->(:Function {name: 'signToken'}) RETURN p");
  const path = p.rows[0].p as { nodes: { name: string }[]; relationships: { type: string }[] };
  t.deepEqual(path.nodes.map((n) => n.name), ['handleLogin', 'signToken']);
  t.deepEqual(path.relationships.map((x) => x.type), ['CALLS']);
  t.deepEqual((await run('MATCH ()-[r]->() RETURN DISTINCT type(r) AS t')).rows, [{ t: 'CodeRelation' }]);
  t.deepEqual((await run('CALL db.relationshipTypes()')).rows, [{ relationshipType: 'CodeRelation' }]);
  t.true((await col('CALL db.labels() YIELD label RETURN label', 'label')).includes('Function'));
});

test('count(*) by relation type, and UNION / UNWIND / CASE in one query', async (t) => {
  const r = await run('MATCH ()-[r]->() RETURN r.type AS type, count(*) AS n ORDER BY type');
  t.deepEqual(r.rows, [
    { type: 'CALLS', n: 7 }, { type: 'DEFINES', n: 9 }, { type: 'HAS_METHOD', n: 2 }, { type: 'IMPORTS', n: 6 },
    { type: 'MEMBER_OF', n: 10 }, { type: 'REFERENCES', n: 1 }, { type: 'STEP_IN_PROCESS', n: 3 },
  ]);
  const u = await run(`MATCH (f:Function) WHERE f.name STARTS WITH 'handle' RETURN f.name AS name
    UNION MATCH (m:Method) RETURN m.name AS name
    UNION UNWIND ['x', 'save'] AS name RETURN CASE name WHEN 'x' THEN 'handleLogin' ELSE name END AS name`);
  t.deepEqual(u.rows.map((x) => x.name).sort(), ['handleLogin', 'handleLogout', 'save', 'validate']);
});

test('a string literal mentioning write keywords is data, not a clause', async (t) => {
  const r = await run("MATCH (n) WHERE n.name = 'DELETE n; CREATE (x)' OR n.doc CONTAINS 'SET' RETURN count(*) AS c");
  t.deepEqual(r.rows, [{ c: 0 }]);
  t.deepEqual((await run("RETURN 'MERGE (a)' AS `SET`, \"REMOVE\" AS x // DELETE in a comment\n")).rows, [{ SET: 'MERGE (a)', x: 'REMOVE' }]);
});

test('statement is an alias of query; max_rows caps rows and sets truncated', async (t) => {
  const a = await cypher({ statement: 'MATCH (n:File) RETURN n.name AS f ORDER BY f' }, snap);
  t.is(a.row_count, 5);
  const b = await cypher({ query: 'MATCH (n:File) RETURN n.name AS f ORDER BY f', max_rows: 2 }, snap);
  t.deepEqual(b.rows, [{ f: 'db.ts' }, { f: 'log.ts' }]);
  t.is(b.row_count, 2);
  t.true(b.truncated);
  const c = await cypher({ query: 'MATCH (n:File) RETURN n.name AS f', max_rows: 5 }, snap);
  t.false(c.truncated);
});

test('COUNT { } subqueries count matches per row (Neo4j 5 style degree queries)', async (t) => {
  const r = await run("MATCH (f:Function) WHERE f.name IN ['log', 'unusedHelper', 'signToken'] RETURN f.name AS name, COUNT { (f)<-[:CALLS]-() } AS callers ORDER BY callers DESC, name");
  t.deepEqual(r.rows, [{ name: 'log', callers: 3 }, { name: 'signToken', callers: 1 }, { name: 'unusedHelper', callers: 0 }]);
  t.deepEqual(await col('MATCH (f:Function) WHERE COUNT { MATCH (f)-[:CALLS]->(g) WHERE g.exported RETURN g } >= 1 RETURN f.name AS n ORDER BY n', 'n'),
    ['handleLogin', 'handleLogout', 'signToken']);
});

test('comparing n.label with something that is no label warns (GitNexus keeps community names in label)', async (t) => {
  const r = await run("MATCH (m)-[:MEMBER_OF]->(c:Community {label: 'Auth'}) RETURN m.name");
  t.is(r.row_count, 0);
  t.is(r.warnings?.length, 1);
  t.regex(r.warnings![0], /'Auth' is not a node label.*n\.name/);
  const ok = await run("MATCH (c {label: 'Community'}) WHERE c.name = 'Auth' RETURN c.name AS n");
  t.deepEqual(ok.rows, [{ n: 'Auth' }]);
  t.is(ok.warnings, undefined);
});

test('a property no node or relationship has reads null, with a warning naming the close keys', async (t) => {
  const r = await run('MATCH (p:Function) RETURN p.name AS name, p.filepath AS path ORDER BY p.nmae LIMIT 1');
  t.is(r.rows[0].path, null);
  t.deepEqual(r.warnings, [
    "no node or relationship has a property 'filepath', so it reads as null (did you mean 'filePath'?); CALL db.propertyKeys() lists them",
    "no node or relationship has a property 'nmae', so it reads as null (did you mean 'name'?); CALL db.propertyKeys() lists them",
  ]);
  const rel = await run("MATCH ()-[r:CALLS]->() RETURN r.confidense AS c LIMIT 1");
  t.deepEqual(rel.warnings, ["no node or relationship has a property 'confidense', so it reads as null (did you mean 'confidence'?); CALL db.propertyKeys() lists them"]);
  // Keys the graph has (virtual ones included), a key some nodes lack, and a map's own keys: no warning.
  for (const q of ['MATCH (n) RETURN n.id, n.startLine, n.exported', 'WITH {zzz: 1} AS m RETURN m.zzz, m.yyy']) {
    t.is((await run(q)).warnings, undefined, q);
  }
});
