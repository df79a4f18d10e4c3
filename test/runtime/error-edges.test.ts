/**
 * Issue 27 item 9, at the servers' edge: prototype member names in a Cypher query are a normal answer over
 * HTTP and MCP, and an answer too large for one JavaScript string is a coded JSON error, not a raw 500.
 */
import test from 'ava';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { createMcpServer } from '../../runtime/mcp/server.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import type { RepoInfo } from '../../index-store/snapshot.ts';
import { shopSnapshot } from './fixtures.ts';

const shop = shopSnapshot('shop');
const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

test("the issue's n.__proto__ query (and the other prototype names) is a 200 answer over HTTP and MCP", async (t) => {
  const server = createEvalServer({ source: staticSource([shop]), quiet: true, port: 0, log: () => {} });
  t.teardown(() => server.stop());
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/cypher', ...json({ query: `MATCH (n:Class) RETURN n.${key} LIMIT 1` }) });
    t.is(res.statusCode, 200, res.payload);
    t.deepEqual(JSON.parse(res.payload).rows, [{ [`n.${key}`]: null }]);
  }
  const mcp = createMcpServer({ source: staticSource([shop]), log: () => {} });
  const client = new Client({ name: 't', version: '1' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([mcp.connect(a), client.connect(b)]);
  t.teardown(() => client.close());
  const r = await client.callTool({ name: 'cypher', arguments: { query: 'MATCH (n:Class) RETURN n.__proto__ AS p LIMIT 1' } });
  t.falsy(r.isError);
  t.deepEqual((r.structuredContent as { rows: unknown[] }).rows, [{ p: null }]);
});

test('prototype member names as functions, procedures, columns and map keys: a coded error or the exact answer, never 500', async (t) => {
  const server = createEvalServer({ source: staticSource([shop]), quiet: true, port: 0, log: () => {} });
  t.teardown(() => server.stop());
  const ask = async (query: string, params: unknown = {}) => {
    const res = await server.hapi.inject({ method: 'POST', url: '/cypher', ...json({ query, params }) });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };
  // Function names are matched lower-cased: `__proto__` and `constructor` are the Object members they could reach.
  for (const name of ['__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
    const fn = await ask(`RETURN ${name}(1) AS v`);
    t.is(fn.status, 400, JSON.stringify(fn.body));
    t.is(fn.body.error.code, 'CYPHER_SYNTAX');
    t.regex(fn.body.error.message, new RegExp(`unknown function '${name}'`, 'i'));
    const proc = await ask(`CALL ${name}()`);
    t.is(proc.status, 403, JSON.stringify(proc.body));
    t.is(proc.body.error.code, 'READ_ONLY');
  }
  // Keys named like Object's members are ordinary keys: none is lost, none changes an object's prototype.
  const cols = await ask('MATCH (n:Class) RETURN n.name AS name, 1 AS __proto__, 2 AS constructor ORDER BY name LIMIT 1');
  t.deepEqual(cols.body.columns, ['name', '__proto__', 'constructor']);
  t.is(JSON.stringify(cols.body.rows), '[{"name":"Cart","__proto__":1,"constructor":2}]');
  const map = await ask('WITH {__proto__: {a: 1}, toString: 2} AS m RETURN m AS m, keys(m) AS k, m.__proto__.a AS a, $constructor AS p', { constructor: 7 });
  t.is(map.status, 200, JSON.stringify(map.body));
  t.is(JSON.stringify(map.body.rows), '[{"m":{"__proto__":{"a":1},"toString":2},"k":["__proto__","toString"],"a":1,"p":7}]');
  // A request body with a __proto__ key is refused before any handler sees it.
  const proto = await ask('RETURN $x AS x', JSON.parse('{"__proto__": {"x": 1}}'));
  t.is(proto.status, 400);
  t.is(proto.body.error.code, 'INVALID_JSON');
});

test('an answer over the JavaScript string limit is 413 PAYLOAD_TOO_LARGE as a JSON error body; the server carries on', async (t) => {
  // A registry listing of ~600 M characters (one 1 M character name shared by 600 entries): more than one string holds.
  const name = 'r'.repeat(1_000_000);
  const huge: RepoInfo[] = Array.from({ length: 600 }, (_, i) => ({ name, path: `/r/${i}`, indexedAt: '', lastCommit: null, stats: { files: 0, nodes: 0, edges: 0, communities: 0, processes: 0, embeddings: 0 } }));
  let big = true;
  const source: SnapshotSource = { list: () => (big ? huge : [shop.repo]), get: async () => shop };
  const logged: string[] = [];
  const server = createEvalServer({ source, quiet: true, port: 0, log: (l) => logged.push(l) });
  t.teardown(() => server.stop());
  const res = await server.hapi.inject({ method: 'GET', url: '/list_repos' });
  t.is(res.statusCode, 413);
  t.regex(String(res.headers['content-type']), /application\/json/);
  const body = JSON.parse(res.payload);
  t.is(body.error.code, 'PAYLOAD_TOO_LARGE');
  t.regex(body.error.message, /too large to send/);
  big = false;
  const ok = await server.hapi.inject({ method: 'GET', url: '/list_repos' });
  t.is(ok.statusCode, 200);
  t.deepEqual(logged.filter((l) => /internal error/.test(l)), []);
});
