/** The web-UI server in-process (server.inject): every route, defaults, error codes and browser rules. */
import test from 'ava';
import zlib from 'node:zlib';
import { createWebServer } from '../../runtime/http/web-server.ts';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { joiToJsonSchema } from '../../runtime/mcp/json-schema.ts';
import { findTool } from '../../runtime/tool-runner.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { VALID_BODIES, SNAPSHOT_TOOLS, direct, badBody, detailFields, namesField } from './oracle.ts';

const shop = shopSnapshot('shop');
const store = shopSnapshot('store');

function web(source: SnapshotSource = staticSource([shop]), extra: Partial<Parameters<typeof createWebServer>[0]> = {}) {
  const sink = logSink();
  return { server: createWebServer({ source, log: sink.log, ...extra }), lines: sink.lines };
}

const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

test('GET /repos answers exactly what list_repos answers on the registry listing', async (t) => {
  const { server } = web(staticSource([shop, store]));
  const res = await server.hapi.inject({ method: 'GET', url: '/repos' });
  const want = await direct('list_repos', {}, [shop.repo, store.repo]);
  t.is(res.statusCode, want.status);
  t.deepEqual(res.result === null ? null : JSON.parse(res.payload), want.body);
  t.regex(String(res.headers['content-type']), /^application\/json/);
});

for (const tool of [...SNAPSHOT_TOOLS, 'list_repos']) {
  test(`POST /tools/${tool} runs the tool: same status and body as a direct call`, async (t) => {
    const { server } = web();
    const res = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json(VALID_BODIES[tool]) });
    const want = await direct(tool, VALID_BODIES[tool], tool === 'list_repos' ? [shop.repo] : shop);
    t.is(res.statusCode, want.status, res.payload);
    t.deepEqual(JSON.parse(res.payload), want.body);
  });

  test(`POST /tools/${tool} with wrong-typed fields: 400 VALIDATION_ERROR naming every field`, async (t) => {
    const { server } = web();
    const { body, fields } = badBody(tool);
    body.repo = 12; // every tool takes the repo selector, a string
    const res = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json(body) });
    t.is(res.statusCode, 400);
    const out = JSON.parse(res.payload);
    t.is(out.error.code, 'VALIDATION_ERROR');
    const named = detailFields(out);
    for (const f of [...fields, 'repo']) t.true(namesField(named, f), `details name '${f}': ${JSON.stringify(named)}`);
    t.deepEqual(out, (await direct(tool, body, tool === 'list_repos' ? [shop.repo] : shop)).body);
  });
}

for (const tool of [...SNAPSHOT_TOOLS, 'list_repos']) {
  test(`POST /tools/${tool}: omitted fields take the schema's defaults (same answer as spelling them out)`, async (t) => {
    const { server } = web();
    const props = (joiToJsonSchema(findTool(tool)!.definition.schema) as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
    const defaults = Object.fromEntries(Object.entries(props).filter(([, p]) => p.default !== undefined).map(([k, p]) => [k, p.default]));
    const bare = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json(VALID_BODIES[tool]) });
    const spelled = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json({ ...defaults, ...VALID_BODIES[tool] }) });
    t.is(bare.statusCode, spelled.statusCode);
    t.deepEqual(JSON.parse(bare.payload), JSON.parse(spelled.payload));
    if (tool === 'rename' && bare.statusCode === 200) t.false(JSON.parse(bare.payload).applied, 'dry_run defaults to true: nothing written');
  });
}

test('default bind address and port: 127.0.0.1:4747 (eval server: 127.0.0.1:4848)', async (t) => {
  const { server } = web();
  t.is(server.hapi.settings.host, '127.0.0.1');
  t.is(server.hapi.settings.port, 4747);
  const evalServer = createEvalServer({ source: staticSource([shop]) });
  t.is(evalServer.hapi.settings.host, '127.0.0.1');
  t.is(evalServer.hapi.settings.port, 4848);
});

test('the only repository is used when repo is omitted, and can be named by name or path', async (t) => {
  const { server } = web();
  const want = await direct('context', VALID_BODIES.context, shop);
  for (const repo of [undefined, 'shop', shop.repo.path]) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json({ ...VALID_BODIES.context, ...(repo ? { repo } : {}) }) });
    t.is(res.statusCode, want.status);
    t.deepEqual(JSON.parse(res.payload), want.body);
  }
});

for (const tool of SNAPSHOT_TOOLS) {
  test(`several repositories: /tools/${tool} without repo is 400 REPO_REQUIRED listing them; with repo it runs there`, async (t) => {
    const { server } = web(staticSource([shop, store]));
    const res = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json(VALID_BODIES[tool]) });
    t.is(res.statusCode, 400);
    const out = JSON.parse(res.payload);
    t.is(out.error.code, 'REPO_REQUIRED');
    t.regex(out.error.message, /shop/);
    t.regex(out.error.message, /store/);
    const named = await server.hapi.inject({ method: 'POST', url: `/tools/${tool}`, ...json({ ...VALID_BODIES[tool], repo: 'store' }) });
    const want = await direct(tool, { ...VALID_BODIES[tool], repo: 'store' }, store);
    t.is(named.statusCode, want.status);
    t.deepEqual(JSON.parse(named.payload), want.body);
  });
}

test('an unknown repository is 404 REPO_NOT_FOUND listing the known ones', async (t) => {
  const { server } = web(staticSource([shop, store]));
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json({ ...VALID_BODIES.context, repo: 'nope' }) });
  t.is(res.statusCode, 404);
  const out = JSON.parse(res.payload);
  t.is(out.error.code, 'REPO_NOT_FOUND');
  t.regex(out.error.message, /nope/);
  t.regex(out.error.message, /shop, store/);
});

test('a repo selector naming a path outside the registry reaches nothing: REPO_NOT_FOUND', async (t) => {
  let asked = 0;
  const { server } = web({ list: () => [shop.repo], get: async (repo) => { asked++; return staticSource([shop]).get(repo); } });
  for (const repo of ['/etc', '../..', '/nonexistent/memory/../../etc', `${shop.repo.path}/..`]) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json({ ...VALID_BODIES.context, repo }) });
    t.is(res.statusCode, 404, repo);
    t.is(JSON.parse(res.payload).error.code, 'REPO_NOT_FOUND');
  }
  t.is(asked, 4);
});

test('an empty body without a content type is an empty request (same as a direct call with {})', async (t) => {
  const { server } = web();
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/detect_changes' });
  const want = await direct('detect_changes', {}, shop);
  t.is(res.statusCode, want.status);
  t.deepEqual(JSON.parse(res.payload), want.body);
});

test('malformed JSON is 400 INVALID_JSON, and nothing reaches the tool', async (t) => {
  let asked = 0;
  const source: SnapshotSource = { list: () => [shop.repo], get: async () => { asked++; return shop; } };
  const { server } = web(source);
  for (const payload of ['{"name": "addItem"', '{name: addItem}', 'nul', '{"a":1}garbage']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload, headers: { 'content-type': 'application/json' } });
    t.is(res.statusCode, 400, payload);
    const out = JSON.parse(res.payload);
    t.is(out.error.code, 'INVALID_JSON');
    t.regex(out.error.message, /not valid JSON/);
  }
  t.is(asked, 0);
});

test('a __proto__ key is refused as INVALID_JSON (prototype poisoning)', async (t) => {
  const { server } = web();
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload: '{"name":"addItem","__proto__":{"polluted":true}}', headers: { 'content-type': 'application/json' } });
  t.is(res.statusCode, 400);
  t.is(JSON.parse(res.payload).error.code, 'INVALID_JSON');
  t.is(({} as Record<string, unknown>).polluted, undefined);
});

test('a JSON body that is not an object is 400 VALIDATION_ERROR', async (t) => {
  const { server } = web();
  for (const payload of ['[1,2]', '"addItem"', '42']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload, headers: { 'content-type': 'application/json' } });
    t.is(res.statusCode, 400, payload);
    t.is(JSON.parse(res.payload).error.code, 'VALIDATION_ERROR');
  }
});

test('bodies that are not JSON are 415 UNSUPPORTED_MEDIA_TYPE naming the content type', async (t) => {
  const { server } = web();
  const cases: Array<[string, string]> = [
    ['text/plain', 'name=addItem'],
    ['application/x-www-form-urlencoded', 'name=addItem'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\naddItem\r\n--x--'],
    ['application/octet-stream', 'abc'],
    ['application/xml', '<name>addItem</name>'],
  ];
  for (const [type, payload] of cases) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload, headers: { 'content-type': type } });
    t.is(res.statusCode, 415, type);
    const out = JSON.parse(res.payload);
    t.is(out.error.code, 'UNSUPPORTED_MEDIA_TYPE');
    t.true(out.error.message.includes(type), out.error.message);
  }
  const withCharset = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload: JSON.stringify(VALID_BODIES.context), headers: { 'content-type': 'application/json; charset=utf-8' } });
  t.is(withCharset.statusCode, (await direct('context', VALID_BODIES.context, shop)).status);
});

test('a body over the limit is 413 PAYLOAD_TOO_LARGE, and nothing reaches the tool', async (t) => {
  let asked = 0;
  const source: SnapshotSource = { list: () => [shop.repo], get: async () => { asked++; return shop; } };
  const { server } = web(source, { maxBytes: 1024 });
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json({ name: 'x'.repeat(2000) }) });
  t.is(res.statusCode, 413);
  const out = JSON.parse(res.payload);
  t.is(out.error.code, 'PAYLOAD_TOO_LARGE');
  t.regex(out.error.message, /1024 bytes/);
  const fits = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json({ name: 'x'.repeat(900) }) });
  t.not(fits.statusCode, 413);
  t.is(asked, 1);
});

test('a small gzip body that inflates past the limit is 413 too (the limit applies after decoding)', async (t) => {
  const { server } = web(staticSource([shop]), { maxBytes: 64 * 1024 });
  const big = zlib.gzipSync(JSON.stringify({ name: '0'.repeat(2 * 1024 * 1024) }));
  t.true(big.length < 64 * 1024);
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', payload: big, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
  t.is(res.statusCode, 413);
  t.is(JSON.parse(res.payload).error.code, 'PAYLOAD_TOO_LARGE');
});

test('unknown routes and wrong methods are 404 NOT_FOUND in the error shape', async (t) => {
  const { server } = web();
  for (const [method, url] of [['POST', '/'], ['GET', '/nope'], ['POST', '/tools/nope'], ['GET', '/tools/context'], ['POST', '/repos'], ['POST', '/context'], ['GET', '/list_repos'], ['POST', '/shutdown'], ['DELETE', '/repos']]) {
    const res = await server.hapi.inject({ method, url });
    t.is(res.statusCode, 404, `${method} ${url}`);
    const out = JSON.parse(res.payload);
    t.deepEqual(Object.keys(out), ['error']);
    t.is(out.error.code, 'NOT_FOUND');
    t.true(out.error.message.includes(`${method} ${url}`));
  }
});

test('a trailing slash reaches the same route', async (t) => {
  const { server } = web();
  const a = await server.hapi.inject({ method: 'GET', url: '/repos/' });
  const b = await server.hapi.inject({ method: 'GET', url: '/repos' });
  t.is(a.statusCode, b.statusCode);
  t.is(a.payload, b.payload);
});

test('an unexpected failure is 500 INTERNAL with no stack trace in the body; the log has it', async (t) => {
  const source: SnapshotSource = { list: () => [shop.repo], get: async () => { throw new TypeError('boom at /secret/path.ts'); } };
  const { server, lines } = web(source);
  const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json(VALID_BODIES.context) });
  t.is(res.statusCode, 500);
  const out = JSON.parse(res.payload);
  t.is(out.error.code, 'INTERNAL');
  t.false(res.payload.includes('secret'));
  t.false(/\bat .*:\d+:\d+/.test(res.payload));
  t.true(lines.some((l) => l.includes('TypeError: boom') && /:\d+:\d+/.test(l)));
});

test('a Host header naming another site is refused with 403 FORBIDDEN before the body is read (DNS rebinding)', async (t) => {
  let asked = 0;
  const source: SnapshotSource = { list: () => [shop.repo], get: async () => { asked++; return shop; } };
  const { server } = web(source);
  for (const host of ['evil.example:4747', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io:4747', '192.168.1.10:4747', 'bad host']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json(VALID_BODIES.context), headers: { 'content-type': 'application/json', host } });
    t.is(res.statusCode, 403, host);
    t.is(JSON.parse(res.payload).error.code, 'FORBIDDEN');
  }
  for (const host of ['localhost:4747', '127.0.0.1:4747', '[::1]:4747', 'LOCALHOST', 'app.localhost:4747']) {
    const res = await server.hapi.inject({ method: 'GET', url: '/repos', headers: { host } });
    t.not(res.statusCode, 403, host);
  }
  t.is(asked, 0);
});

test('browser origins: localhost ones and the --web-ui-url one are allowed with CORS headers, others get 403', async (t) => {
  const { server } = web(staticSource([shop]), { webUiUrl: 'https://ui.codegraph.example/app?x=1' });
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'https://localhost', 'http://[::1]:8080', 'https://ui.codegraph.example']) {
    const res = await server.hapi.inject({ method: 'GET', url: '/repos', headers: { origin } });
    t.not(res.statusCode, 403, origin);
    t.is(res.headers['access-control-allow-origin'], origin);
    t.regex(String(res.headers.vary), /origin/i);
  }
  for (const origin of ['https://evil.example', 'http://ui.codegraph.example', 'https://ui.codegraph.example:8443', 'null', 'file://', 'chrome-extension://abc', 'http://localhost.evil.example']) {
    const res = await server.hapi.inject({ method: 'POST', url: '/tools/context', ...json(VALID_BODIES.context), headers: { 'content-type': 'application/json', origin } });
    t.is(res.statusCode, 403, origin);
    t.is(JSON.parse(res.payload).error.code, 'FORBIDDEN');
    t.is(res.headers['access-control-allow-origin'], undefined);
  }
});

test('CORS preflight: allowed origins get 204 with methods, headers and private-network opt-in; others 403', async (t) => {
  const { server } = web(staticSource([shop]), { webUiUrl: 'https://ui.codegraph.example' });
  const ok = await server.hapi.inject({ method: 'OPTIONS', url: '/tools/query', headers: {
    origin: 'https://ui.codegraph.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type',
    'access-control-request-private-network': 'true' } });
  t.is(ok.statusCode, 204);
  t.is(ok.headers['access-control-allow-origin'], 'https://ui.codegraph.example');
  t.regex(String(ok.headers['access-control-allow-methods']), /POST/);
  t.regex(String(ok.headers['access-control-allow-headers']), /content-type/);
  t.is(ok.headers['access-control-allow-private-network'], 'true');
  const bad = await server.hapi.inject({ method: 'OPTIONS', url: '/tools/query', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  t.is(bad.statusCode, 403);
  t.is(bad.headers['access-control-allow-origin'], undefined);
});

test('requests are logged one line each; quiet turns it off', async (t) => {
  const loud = web();
  await loud.server.hapi.inject({ method: 'GET', url: '/repos' });
  await loud.server.hapi.inject({ method: 'POST', url: '/tools/nope' });
  t.is(loud.lines.length, 2);
  t.regex(loud.lines[0], /GET \/repos \d{3} \d+ms$/);
  t.regex(loud.lines[1], /POST \/tools\/nope 404 \d+ms$/);
  const quiet = web(staticSource([shop]), { quiet: true });
  await quiet.server.hapi.inject({ method: 'GET', url: '/repos' });
  t.deepEqual(quiet.lines, []);
});
