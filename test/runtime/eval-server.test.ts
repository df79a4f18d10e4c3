/** The evaluation server: routes in-process, then real sockets for shutdown, idle time-out and port conflicts. */
import test from 'ava';
import net from 'node:net';
import http from 'node:http';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { ListenError } from '../../runtime/http/api-server.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { VALID_BODIES, SNAPSHOT_TOOLS, direct, badBody, detailFields, namesField } from './oracle.ts';

const shop = shopSnapshot('shop');
const store = shopSnapshot('store');
const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

function evalServer(source: SnapshotSource = staticSource([shop]), extra: Partial<Parameters<typeof createEvalServer>[0]> = {}) {
  const sink = logSink();
  return { server: createEvalServer({ source, log: sink.log, quiet: true, port: 0, ...extra }), lines: sink.lines };
}

for (const tool of SNAPSHOT_TOOLS) {
  test(`POST /${tool} runs the tool: same status and body as a direct call; bad fields are all named`, async (t) => {
    const { server } = evalServer();
    const res = await server.hapi.inject({ method: 'POST', url: `/${tool}`, ...json(VALID_BODIES[tool]) });
    const want = await direct(tool, VALID_BODIES[tool], shop);
    t.is(res.statusCode, want.status, res.payload);
    t.deepEqual(JSON.parse(res.payload), want.body);
    const { body, fields } = badBody(tool);
    const bad = await server.hapi.inject({ method: 'POST', url: `/${tool}`, ...json(body) });
    t.is(bad.statusCode, 400);
    const named = detailFields(JSON.parse(bad.payload));
    for (const f of fields) t.true(namesField(named, f), f);
  });
}

test('GET /list_repos answers what list_repos answers; several repositories need repo', async (t) => {
  const { server } = evalServer(staticSource([shop, store]));
  const res = await server.hapi.inject({ method: 'GET', url: '/list_repos' });
  const want = await direct('list_repos', {}, [shop.repo, store.repo]);
  t.is(res.statusCode, want.status);
  t.deepEqual(JSON.parse(res.payload), want.body);
  const ctx = await server.hapi.inject({ method: 'POST', url: '/context', ...json(VALID_BODIES.context) });
  t.is(ctx.statusCode, 400);
  t.is(JSON.parse(ctx.payload).error.code, 'REPO_REQUIRED');
});

test('the eval server has only its own routes: web-UI paths are 404 NOT_FOUND', async (t) => {
  const { server } = evalServer();
  for (const [method, url] of [['GET', '/repos'], ['POST', '/tools/context'], ['POST', '/list_repos'], ['GET', '/shutdown'], ['POST', '/list']]) {
    const res = await server.hapi.inject({ method, url, ...(method === 'POST' ? json({}) : {}) });
    t.is(res.statusCode, 404, `${method} ${url}`);
    t.is(JSON.parse(res.payload).error.code, 'NOT_FOUND');
  }
});

test('the eval server allows no browser origin at all, not even localhost; foreign Host is refused', async (t) => {
  const { server } = evalServer();
  for (const origin of ['http://localhost:3000', 'http://127.0.0.1:4848', 'https://evil.example']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/context', ...json(VALID_BODIES.context), headers: { 'content-type': 'application/json', origin } });
    t.is(res.statusCode, 403, origin);
    t.is(JSON.parse(res.payload).error.code, 'FORBIDDEN');
    const pre = await server.hapi.inject({ method: 'OPTIONS', url: '/context', headers: { origin, 'access-control-request-method': 'POST' } });
    t.is(pre.statusCode, 403);
  }
  const rebound = await server.hapi.inject({ method: 'GET', url: '/list_repos', headers: { host: 'attacker.example:4848' } });
  t.is(rebound.statusCode, 403);
});

test('JSON only, size-limited, and malformed JSON is INVALID_JSON on the eval server too', async (t) => {
  const { server } = evalServer(staticSource([shop]), { maxBytes: 512 });
  const text = await server.hapi.inject({ method: 'POST', url: '/query', payload: 'cart', headers: { 'content-type': 'text/plain' } });
  t.is(text.statusCode, 415);
  const big = await server.hapi.inject({ method: 'POST', url: '/query', ...json({ query: 'x'.repeat(600) }) });
  t.is(big.statusCode, 413);
  t.is(JSON.parse(big.payload).error.code, 'PAYLOAD_TOO_LARGE');
  const broken = await server.hapi.inject({ method: 'POST', url: '/query', payload: '{"query":', headers: { 'content-type': 'application/json' } });
  t.is(broken.statusCode, 400);
  t.is(JSON.parse(broken.payload).error.code, 'INVALID_JSON');
});

// ---- real sockets -------------------------------------------------------------------------------------

test('over a real socket on 127.0.0.1: results match, connections are kept alive and reused', async (t) => {
  const { server } = evalServer();
  const base = await server.start();
  t.teardown(() => server.stop());
  t.regex(base, /^http:\/\/127\.0\.0\.1:\d+$/);
  const sockets = new Set<unknown>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.teardown(() => agent.destroy());
  const call = (method: string, path: string, body?: unknown) => new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      sockets.add(res.socket);
      let data = '';
      res.on('data', (c) => { data += c; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
  const want = await direct('context', VALID_BODIES.context, shop);
  for (let i = 0; i < 3; i++) {
    const res = await call('POST', '/context', VALID_BODIES.context);
    t.is(res.status, want.status);
    t.deepEqual(JSON.parse(res.body), want.body);
    t.is(res.headers.connection, 'keep-alive');
  }
  const viaFetch = await fetch(`${base}/list_repos`);
  const wantRepos = await direct('list_repos', {}, [shop.repo]);
  t.is(viaFetch.status, wantRepos.status);
  t.deepEqual(await viaFetch.json(), wantRepos.body);
  t.is(sockets.size, 1, 'three requests on one persistent connection');
});

test('a chunked body over the limit is cut off with 413 (no Content-Length to trust)', async (t) => {
  const { server } = evalServer(staticSource([shop]), { maxBytes: 4096 });
  const base = await server.start();
  t.teardown(() => server.stop());
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}/query`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      let data = '';
      res.on('data', (c) => { data += c; });
      res.on('end', () => resolve({ status: res.statusCode!, body: data }));
    });
    req.on('error', reject);
    req.write('{"query":"');
    for (let i = 0; i < 20; i++) req.write('x'.repeat(1000));
    req.end('"}');
  });
  t.is(status, 413);
  t.is(JSON.parse(body).error.code, 'PAYLOAD_TOO_LARGE');
});

test('a port already in use is a ListenError saying so', async (t) => {
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  t.teardown(() => blocker.close());
  const port = (blocker.address() as net.AddressInfo).port;
  const { server } = evalServer(staticSource([shop]), { port });
  const err = await t.throwsAsync(server.start(), { instanceOf: ListenError });
  t.is(err!.code, 'EADDRINUSE');
  t.regex(err!.message, new RegExp(`port ${port} .*already in use.*--port`));
});

