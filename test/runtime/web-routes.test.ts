/**
 * The web UI's routes on the web-UI server, in-process: the read routes (graph slices, processes, files) against
 * the library functions they serve, their validation and errors, the bounds, the page and its assets, GET
 * /tools, the Host/Origin rules on every new route, and the rename-apply rule for browsers (own origin plus the
 * session token; nothing written otherwise).
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createWebServer } from '../../runtime/http/web-server.ts';
import { VIEW_ROUTES } from '../../runtime/http/web-routes.ts';
import { staticSource } from '../../runtime/snapshot-source.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { moduleOverview, moduleSlice, neighbourhood, processSequence, SLICE_LIMIT, NEIGHBOURHOOD_RELATIONS } from '../../lib/graph/slice.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { nodeOf } from '../../lib/graph/code-graph.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { shopSnapshot, logSink, tempDir, writeShopRepo, CART } from './fixtures.ts';

const shop = shopSnapshot('shop');
const TOKEN = 'test-session-token-0123456789';

function web(source = staticSource([shop]), extra: Partial<Parameters<typeof createWebServer>[0]> = {}) {
  const sink = logSink();
  return createWebServer({ source, log: sink.log, quiet: true, sessionToken: TOKEN, ...extra });
}

async function post(server: ReturnType<typeof web>, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await server.hapi.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, body: JSON.parse(res.payload), headers: res.headers };
}

test('POST /graph/overview: the modules with sizes, files, languages, and the folded dependencies', async (t) => {
  const res = await post(web(), '/graph/overview', {});
  t.is(res.status, 200);
  t.deepEqual(res.body, JSON.parse(JSON.stringify(moduleOverview(shop.graph))));
  t.deepEqual(res.body.nodes.map((n: { uid: string; size: number; files: number }) => [n.uid, n.size, n.files]), [['Community:Cart', 4, 2]]);
  t.deepEqual(res.body.languages, { typescript: 4 });
  t.false(res.body.truncated);
});

test('the overview folds symbol dependencies between modules into one edge per pair, counted by relation', (t) => {
  const b = new GraphBuilder();
  const sym = (uid: string, module: string) => {
    b.addNode({ uid, label: 'Function', name: uid.split(':').pop()!, filePath: `${module}.py`, line: 1, language: 'python', module });
  };
  for (const m of ['a', 'b']) b.addNode({ uid: `Community:${m}`, label: 'Community', name: m, size: 2 });
  sym('Function:a.py:f', 'a'); sym('Function:a.py:g', 'a'); sym('Function:b.py:h', 'b'); sym('Function:b.py:i', 'b');
  for (const [s, c] of [['Function:a.py:f', 'a'], ['Function:a.py:g', 'a'], ['Function:b.py:h', 'b'], ['Function:b.py:i', 'b']]) {
    b.addEdge({ source: s, target: `Community:${c}`, type: 'MEMBER_OF', confidence: 1, reason: 'community' });
  }
  b.addEdge({ source: 'Function:a.py:f', target: 'Function:b.py:h', type: 'CALLS', confidence: 0.9, reason: 'import' });
  b.addEdge({ source: 'Function:a.py:g', target: 'Function:b.py:h', type: 'CALLS', confidence: 0.3, reason: 'name-only' });
  b.addEdge({ source: 'Function:a.py:g', target: 'Function:b.py:i', type: 'REFERENCES', confidence: 1, reason: 'import' });
  b.addEdge({ source: 'Function:a.py:f', target: 'Function:a.py:g', type: 'CALLS', confidence: 1, reason: 'same-file' });
  const g = b.toGraph();
  const o = moduleOverview(g);
  t.deepEqual(o.edges, [{ source: 'Community:a', target: 'Community:b', type: 'DEPENDS_ON', confidence: 1, count: 3, types: { CALLS: 2, REFERENCES: 1 } }]);
  t.deepEqual(o.languages, { python: 4 });
  const slice = moduleSlice(g, 'a')!;
  t.deepEqual(slice.nodes.map((n) => n.uid).sort(), ['Function:a.py:f', 'Function:a.py:g']);
  t.deepEqual(slice.edges.map((e) => [e.source, e.target, e.type]), [['Function:a.py:f', 'Function:a.py:g', 'CALLS']]);
  t.deepEqual(slice.neighbours, [{ uid: 'Community:b', name: 'b', outgoing: 3, incoming: 0 }]);
  t.is(moduleSlice(g, 'no such module'), undefined);
});

test('POST /graph/module: a module by uid or name, with its symbols and the relations among them', async (t) => {
  for (const module of ['Community:Cart', 'Cart']) {
    const res = await post(web(), '/graph/module', { module });
    t.is(res.status, 200);
    t.is(res.body.module.uid, 'Community:Cart');
    t.deepEqual(res.body.nodes.map((n: { uid: string }) => n.uid).sort(), ['Class:src/cart.ts:Cart', 'Function:src/cart.ts:addItem', 'Function:src/checkout.ts:checkout', 'Method:src/cart.ts:Cart.total']);
    t.true(res.body.edges.some((e: { source: string; target: string; type: string }) => e.source === 'Function:src/checkout.ts:checkout' && e.target === 'Function:src/cart.ts:addItem' && e.type === 'CALLS'));
  }
  const all = await post(web(), '/graph/module', {});
  t.is(all.status, 200);
  t.is(all.body.module, undefined);
  t.is(all.body.total.nodes, 4);
  const missing = await post(web(), '/graph/module', { module: 'Nope' });
  t.is(missing.status, 404);
  t.is(missing.body.error.code, 'NOT_FOUND');
});

test('slices are bounded: over the limit the most connected nodes are kept, and the slice says it was cut', async (t) => {
  const res = await post(web(), '/graph/module', { module: 'Cart', limit: 2 });
  t.is(res.status, 200);
  t.is(res.body.nodes.length, 2);
  t.true(res.body.truncated);
  t.is(res.body.total.nodes, 4);
  // checkout has three outgoing dependencies: the most connected symbol is kept.
  t.true(res.body.nodes.some((n: { uid: string }) => n.uid === 'Function:src/checkout.ts:checkout'));
  for (const e of res.body.edges) t.true(res.body.nodes.some((n: { uid: string }) => n.uid === e.source) && res.body.nodes.some((n: { uid: string }) => n.uid === e.target));
  const over = await post(web(), '/graph/module', { limit: SLICE_LIMIT + 1 });
  t.is(over.status, 400);
  t.is(over.body.error.code, 'VALIDATION_ERROR');
  t.deepEqual(over.body.error.details.map((d: { field: string }) => d.field), ['limit']);
});

test('POST /graph/neighbourhood: callers on one side, callees on the other, by hop', async (t) => {
  const res = await post(web(), '/graph/neighbourhood', { uid: 'Function:src/cart.ts:addItem', depth: 2 });
  t.is(res.status, 200);
  const side = Object.fromEntries(res.body.nodes.map((n: { uid: string; side: string; hop: number }) => [n.uid, `${n.side}:${n.hop}`]));
  t.is(side['Function:src/cart.ts:addItem'], 'center:0');
  t.is(side['Function:src/checkout.ts:checkout'], 'caller:1');
  t.is(res.body.center.uid, 'Function:src/cart.ts:addItem');
  t.deepEqual(res.body.available, [...NEIGHBOURHOOD_RELATIONS]);
  const down = neighbourhood(shop.graph, nodeOf(shop.graph, 'Function:src/checkout.ts:checkout')!, { depth: 1, relationTypes: ['CALLS'], minConfidence: 0, limit: 10 });
  t.deepEqual(down.nodes.filter((n) => n.side === 'callee').map((n) => n.uid).sort(), ['Class:src/cart.ts:Cart', 'Function:src/cart.ts:addItem', 'Method:src/cart.ts:Cart.total']);
  const confident = neighbourhood(shop.graph, nodeOf(shop.graph, 'Function:src/checkout.ts:checkout')!, { depth: 1, relationTypes: ['CALLS'], minConfidence: 0.9, limit: 10 });
  t.false(confident.nodes.some((n) => n.uid === 'Method:src/cart.ts:Cart.total'), 'the 0.85 edge is below minConfidence');
  const cut = neighbourhood(shop.graph, nodeOf(shop.graph, 'Function:src/checkout.ts:checkout')!, { depth: 1, relationTypes: ['CALLS'], minConfidence: 0, limit: 2 });
  t.is(cut.nodes.length, 2);
  t.true(cut.truncated);
  t.is(cut.total.nodes, 4);
});

test('POST /graph/neighbourhood refuses bad fields (naming each) and an unknown uid (SYMBOL_NOT_FOUND)', async (t) => {
  const bad = await post(web(), '/graph/neighbourhood', { uid: 'x', depth: 9, relationTypes: ['CALLZ'], limit: 0, extra: true });
  t.is(bad.status, 400);
  t.deepEqual(bad.body.error.details.map((d: { field: string }) => d.field).sort(), ['depth', 'extra', 'limit', 'relationTypes.0']);
  const missing = await post(web(), '/graph/neighbourhood', {});
  t.is(missing.status, 400);
  t.deepEqual(missing.body.error.details.map((d: { field: string }) => d.field), ['uid']);
  const unknown = await post(web(), '/graph/neighbourhood', { uid: 'Function:src/cart.ts:addItemz' });
  t.is(unknown.status, 404);
  t.is(unknown.body.error.code, 'SYMBOL_NOT_FOUND');
});

test('POST /graph/processes and /graph/process: flows longest first, one flow as a sequence with its callers', async (t) => {
  const list = await post(web(), '/graph/processes', {});
  t.is(list.status, 200);
  t.deepEqual(list.body.processes.map((p: { uid: string; steps: number }) => [p.uid, p.steps]), [['Process:checkout', 3]]);
  for (const process of ['Process:checkout', 'checkout → total']) {
    const res = await post(web(), '/graph/process', { process });
    t.is(res.status, 200);
    t.deepEqual(res.body, JSON.parse(JSON.stringify(processSequence(shop.graph, 'Process:checkout'))));
  }
  const seq = processSequence(shop.graph, 'Process:checkout')!;
  t.deepEqual(seq.steps.map((s) => [s.step, s.name, s.from]), [[1, 'checkout', undefined], [2, 'addItem', 1], [3, 'total', 1]]);
  // A method's lifeline is its class; a function's is its file.
  t.deepEqual(seq.steps.map((s) => seq.participants[s.participant].name), ['checkout.ts', 'cart.ts', 'Cart']);
  const missing = await post(web(), '/graph/process', { process: 'nope' });
  t.is(missing.status, 404);
  t.is(missing.body.error.code, 'NOT_FOUND');
});

test('POST /files and /files/read: indexed files with symbol counts; one file with its symbols and text', async (t) => {
  const list = await post(web(), '/files', {});
  t.is(list.status, 200);
  t.deepEqual(list.body.files.map((f: { path: string; symbols: number }) => [f.path, f.symbols]), [['src/cart.ts', 3], ['src/checkout.ts', 1]]);
  const read = await post(web(), '/files/read', { path: 'src/cart.ts' });
  t.is(read.status, 200);
  t.is(read.body.text, CART);
  t.false(read.body.stale);
  t.deepEqual(read.body.symbols.map((s: { name: string; parent?: string }) => [s.name, s.parent]), [['Cart', undefined], ['total', 'Class:src/cart.ts:Cart'], ['addItem', undefined]]);
  const noText = await post(web(), '/files/read', { path: 'src/cart.ts', include_text: false });
  t.is(noText.body.text, undefined);
});

test('/files/read reads only files the index holds: no path can reach outside the repository', async (t) => {
  const server = web();
  for (const p of ['../../etc/passwd', '/etc/passwd', 'src/../../secret', 'src/missing.ts', 'package.json', 'src\0cart.ts']) {
    const res = await post(server, '/files/read', { path: p });
    t.is(res.status, 404, p);
    t.is(res.body.error.code, 'NOT_FOUND', p);
  }
  const long = await post(server, '/files/read', { path: 'a'.repeat(5000) });
  t.is(long.status, 400);
});

test('a file that changed since indexing is marked stale', async (t) => {
  const snap = memorySnapshot({ name: 'edited', graph: shop.graph, files: { 'src/cart.ts': CART + '// edited\n' }, indexedFiles: { 'src/cart.ts': CART } });
  const res = await post(web(staticSource([snap])), '/files/read', { path: 'src/cart.ts' });
  t.true(res.body.stale);
  t.true(res.body.text.endsWith('// edited\n'));
});

test('every read route selects the repository like the tools: REPO_REQUIRED with several, REPO_NOT_FOUND for a stranger', async (t) => {
  const two = web(staticSource([shopSnapshot('shop'), shopSnapshot('store')]));
  const bodies: Record<string, Record<string, unknown>> = {
    '/graph/neighbourhood': { uid: 'Function:src/cart.ts:addItem' }, '/graph/process': { process: 'Process:checkout' }, '/files/read': { path: 'src/cart.ts' },
  };
  for (const route of VIEW_ROUTES) {
    const body = bodies[route.path] ?? {};
    const none = await post(two, route.path, body);
    t.is(none.status, 400, route.path);
    t.is(none.body.error.code, 'REPO_REQUIRED', route.path);
    const named = await post(two, route.path, { ...body, repo: 'store' });
    t.is(named.status, 200, route.path);
    const stranger = await post(two, route.path, { ...body, repo: '/etc' });
    t.is(stranger.status, 404, route.path);
    t.is(stranger.body.error.code, 'REPO_NOT_FOUND', route.path);
    const wrong = await post(two, route.path, { ...body, repo: 12 });
    t.is(wrong.body.error.code, 'VALIDATION_ERROR', route.path);
  }
});

test('the read routes keep the server rules: Host, Origin, JSON only, body limit', async (t) => {
  const server = web();
  for (const route of VIEW_ROUTES) {
    const rebinding = await server.hapi.inject({ method: 'POST', url: route.path, payload: '{}', headers: { host: 'evil.example:4747', 'content-type': 'application/json' } });
    t.is(rebinding.statusCode, 403, route.path);
    t.is(JSON.parse(rebinding.payload).error.code, 'FORBIDDEN');
    const foreign = await server.hapi.inject({ method: 'POST', url: route.path, payload: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } });
    t.is(foreign.statusCode, 403, route.path);
    const form = await server.hapi.inject({ method: 'POST', url: route.path, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    t.is(form.statusCode, 415, route.path);
    const notJson = await server.hapi.inject({ method: 'POST', url: route.path, payload: '{', headers: { 'content-type': 'application/json' } });
    t.is(JSON.parse(notJson.payload).error.code, 'INVALID_JSON', route.path);
  }
  const small = web(staticSource([shop]), { maxBytes: 64 });
  const big = await small.hapi.inject({ method: 'POST', url: '/graph/module', payload: JSON.stringify({ module: 'x'.repeat(200) }), headers: { 'content-type': 'application/json' } });
  t.is(big.statusCode, 413);
  const get = await server.hapi.inject({ method: 'GET', url: '/graph/overview' });
  t.is(get.statusCode, 404);
  t.is(JSON.parse(get.payload).error.code, 'NOT_FOUND');
});

test('GET / serves the page with a strict content security policy; assets by name only', async (t) => {
  const root = tempDir(t, 'cg-webroot-');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>codegraph</title><script type="module" src="/assets/app-X.js"></script>');
  fs.writeFileSync(path.join(root, 'app-X.js'), 'console.log(1)');
  const server = web(staticSource([shop]), { webRoot: root });
  const page = await server.hapi.inject({ method: 'GET', url: '/' });
  t.is(page.statusCode, 200);
  t.regex(String(page.headers['content-type']), /^text\/html/);
  t.regex(String(page.headers['content-security-policy']), /default-src 'self'/);
  t.regex(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
  t.is(page.headers['x-frame-options'], 'DENY');
  const js = await server.hapi.inject({ method: 'GET', url: '/assets/app-X.js' });
  t.is(js.statusCode, 200);
  t.regex(String(js.headers['content-type']), /^text\/javascript/);
  const again = await server.hapi.inject({ method: 'GET', url: '/assets/app-X.js', headers: { 'if-none-match': String(js.headers.etag) } });
  t.is(again.statusCode, 304);
  for (const url of ['/assets/..%2Fpackage.json', '/assets/../index.html', '/assets/nope.js', '/assets/%2Fetc%2Fpasswd']) {
    const res = await server.hapi.inject({ method: 'GET', url });
    t.is(res.statusCode, 404, url);
  }
  const rebinding = await server.hapi.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
  t.is(rebinding.statusCode, 403);
  const unbuilt = web(staticSource([shop]), { webRoot: path.join(root, 'missing') });
  const none = await unbuilt.hapi.inject({ method: 'GET', url: '/' });
  t.is(none.statusCode, 503);
  t.regex(none.payload, /node build\.mjs/);
});

test('GET /tools lists the seven tools with JSON Schemas of their parameters (for the chat)', async (t) => {
  const res = await web().hapi.inject({ method: 'GET', url: '/tools' });
  t.is(res.statusCode, 200);
  const tools = JSON.parse(res.payload).tools as Array<{ name: string; parameters: { type: string; properties: Record<string, unknown> }; readOnly: boolean }>;
  t.deepEqual(tools.map((x) => x.name), ['query', 'context', 'impact', 'detect_changes', 'rename', 'cypher', 'list_repos']);
  for (const x of tools) { t.is(x.parameters.type, 'object'); t.truthy(x.parameters.properties.repo, x.name); }
  t.false(tools.find((x) => x.name === 'rename')!.readOnly);
});

test('GET /session gives the token to the page itself only', async (t) => {
  const server = web();
  const own = await server.hapi.inject({ method: 'GET', url: '/session', headers: { host: '127.0.0.1:4747', 'sec-fetch-site': 'same-origin' } });
  t.is(own.statusCode, 200);
  t.is(JSON.parse(own.payload).token, TOKEN);
  t.is(own.headers['cache-control'], 'no-store');
  const cases: Array<Record<string, string>> = [
    { host: '127.0.0.1:4747', origin: 'http://localhost:5173' }, // another local page (its origin is allowed for reads)
    { host: '127.0.0.1:4747', 'sec-fetch-site': 'same-site' },
    { host: '127.0.0.1:4747', 'sec-fetch-site': 'cross-site' },
    { host: '127.0.0.1:4747', origin: 'http://127.0.0.1:4748' },
  ];
  for (const headers of cases) {
    const res = await server.hapi.inject({ method: 'GET', url: '/session', headers });
    t.is(res.statusCode, 403, JSON.stringify(headers));
    t.false(res.payload.includes(TOKEN));
  }
});

test('rename apply from a browser needs the page\'s own origin and the session token; nothing is written otherwise', async (t) => {
  const base = tempDir(t, 'cg-web-rename-');
  const home = path.join(base, 'home');
  const repo = writeShopRepo(path.join(base, 'shop'));
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  const loader = new SnapshotLoader({ home, watch: false, writer: repositoryWriter() });
  t.teardown(() => loader.close());
  const server = web(loader);
  const before = fs.readFileSync(path.join(repo, 'src', 'cart.ts'), 'utf8');
  const body = { symbol_name: 'addItem', new_name: 'putItem', dry_run: false };
  const own = { host: '127.0.0.1:4747', origin: 'http://127.0.0.1:4747' };
  const refused: Array<Record<string, string>> = [
    own, // no token
    { ...own, 'x-codegraph-session': 'wrong' },
    { host: '127.0.0.1:4747', origin: 'http://localhost:5173', 'x-codegraph-session': TOKEN }, // allowed origin, not the page's
    { host: '127.0.0.1:4747', origin: 'http://127.0.0.1:4747', 'sec-fetch-site': 'same-site', 'x-codegraph-session': TOKEN },
    { host: '127.0.0.1:4747', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, // browser, no token
  ];
  for (const headers of refused) {
    const res = await post(server, '/tools/rename', body, headers);
    t.is(res.status, 403, JSON.stringify(headers));
    t.is(res.body.error.code, 'FORBIDDEN');
    t.is(fs.readFileSync(path.join(repo, 'src', 'cart.ts'), 'utf8'), before, 'nothing written');
  }
  // A preview from any allowed page is fine, and a string 'false' counts as an apply (Joi converts it).
  const preview = await post(server, '/tools/rename', { ...body, dry_run: true }, { host: '127.0.0.1:4747', origin: 'http://localhost:5173' });
  t.is(preview.status, 200);
  t.false(preview.body.applied);
  const sneaky = await post(server, '/tools/rename', { ...body, dry_run: 'false' }, own);
  t.is(sneaky.status, 403);
  const applied = await post(server, '/tools/rename', body, { ...own, 'x-codegraph-session': TOKEN });
  t.is(applied.status, 200, JSON.stringify(applied.body));
  t.true(applied.body.applied);
  t.regex(fs.readFileSync(path.join(repo, 'src', 'cart.ts'), 'utf8'), /export function putItem/);
});

test('a client that is no browser (no Origin, no Sec-Fetch-*) may still apply, as before', async (t) => {
  const base = tempDir(t, 'cg-web-rename-cli-');
  const home = path.join(base, 'home');
  const repo = writeShopRepo(path.join(base, 'shop'));
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  const loader = new SnapshotLoader({ home, watch: false, writer: repositoryWriter() });
  t.teardown(() => loader.close());
  const res = await post(web(loader), '/tools/rename', { symbol_name: 'checkPrice', new_name: 'validPrice', dry_run: false });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.true(res.body.applied);
});
