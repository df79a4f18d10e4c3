/**
 * The real commands as child processes (`node bin/codegraph.mjs …` after `node build.mjs`): eval-server,
 * serve and mcp over a registry in a temporary CODEGRAPH_HOME holding an analyzed fixture repository.
 */
import test from 'ava';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { writeShopRepo } from './fixtures.ts';
import { VALID_BODIES, SNAPSHOT_TOOLS, direct, badBody } from './oracle.ts';
import { nodesWithLabel } from '../../lib/graph/code-graph.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'codegraph.mjs');

let base = '';
let home = '';
let shopPath = '';
let snapshot: Snapshot;
let loader: SnapshotLoader;

test.before(async () => {
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-cli-')));
  home = path.join(base, 'home');
  shopPath = writeShopRepo(path.join(base, 'shop'));
  await analyzeRepository(shopPath, { home, embedder: 'lexical' });
  loader = new SnapshotLoader({ home });
  snapshot = await loader.get('shop');
});

test.after.always(() => {
  loader?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

interface Run { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> }

/** Starts `codegraph <args>` with the temporary registry. */
/** Every command started here: one a failed (timed-out) test left running is killed when the file ends. */
const started = new Set<ChildProcess>();
test.after.always(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, CODEGRAPH_HOME: home, CODEGRAPH_QUIET: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  // 'close', not 'exit': only then has all of the child's output been read (under load 'exit' can come first)
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Waits for the server's whole announcement (through its last line, `last`) and returns its base URL. */
async function listening(run: Run, ms = 120000, last = /\n(repositories|web UI|stops after)[^\n]*\n$/): Promise<string> {
  const end = Date.now() + ms;
  const announced = (): string | undefined => {
    const m = /listening on (http:\/\/\S+)/.exec(run.stdout());
    return m && last.test(run.stdout()) ? m[1] : undefined;
  };
  for (;;) {
    const url = announced();
    if (url) return url;
    if (run.child.exitCode !== null) {
      // (a server that stops by itself, --idle-timeout, can exit before its announcement is read: read to the end)
      await run.exit;
      const late = announced();
      if (late) return late;
      throw new Error(`exited ${run.child.exitCode}: ${run.stderr()}`);
    }
    if (Date.now() > end) throw new Error(`no announcement; stdout: ${run.stdout()} stderr: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The text of a resource content item (ours are all text). */
const textOf = (c: object) => String((c as { text?: unknown }).text);

/** A hang guard, not a timing check: generous, since a loaded machine starts a process slowly. */
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test('eval-server: announces itself, serves the registry from memory, and /shutdown exits 0', async (t) => {
  const run = start(['eval-server', '--port', '0']);
  t.teardown(() => run.child.kill());
  const url = await listening(run);
  t.regex(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.regex(run.stdout(), /repositories: shop\n/);
  const repos = await fetch(`${url}/list_repos`);
  const wantRepos = await direct('list_repos', {}, loader.list());
  t.is(repos.status, wantRepos.status);
  t.deepEqual(await repos.json(), wantRepos.body);
  for (const tool of SNAPSHOT_TOOLS) {
    if (tool === 'rename' || tool === 'detect_changes') continue; // need a git work tree / write; covered in-process
    const res = await post(`${url}/${tool}`, VALID_BODIES[tool]);
    const want = await direct(tool, VALID_BODIES[tool], snapshot);
    t.is(res.status, want.status, tool);
    t.deepEqual(await res.json(), want.body, tool);
  }
  // Native code is loaded only when used: answering from a saved snapshot (query with the lexical embedder
  // included) maps no tree-sitter grammar and no model runtime into the server.
  const maps = `/proc/${run.child.pid}/maps`;
  if (fs.existsSync(maps)) {
    const natives = [...new Set(fs.readFileSync(maps, 'utf8').split('\n').map((l) => l.split(/\s+/)[5] ?? '').filter((f) => /\.node$|onnxruntime|sharp/.test(f)))];
    t.deepEqual(natives, [], 'no native addon loaded');
  }
  const bye = await post(`${url}/shutdown`, {});
  t.is(bye.status, 200);
  t.is(await within(run.exit, 60000, 'exit after /shutdown'), 0);
  t.regex(run.stderr(), /stopped \(\/shutdown\)/);
});

test('eval-server --idle-timeout: exits 0 by itself after that long without requests', async (t) => {
  const run = start(['eval-server', '--port', '0', '--idle-timeout', '1']);
  t.teardown(() => run.child.kill());
  await listening(run, 30000, /\nstops after [^\n]*\n$/);
  t.regex(run.stdout(), /stops after 1 s without requests/);
  t.is(await within(run.exit, 60000, 'idle exit'), 0);
  t.regex(run.stderr(), /stopped \(idle time-out\)/);
});

test('eval-server on a port in use: a clear message and a non-zero exit', async (t) => {
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  t.teardown(() => blocker.close());
  const port = (blocker.address() as net.AddressInfo).port;
  const run = start(['eval-server', '--port', String(port)]);
  t.is(await within(run.exit, 60000, 'exit'), 1);
  t.regex(run.stderr(), new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
  t.notRegex(run.stdout(), /listening/);
});

test('server commands refuse bad options with a message and a non-zero exit', async (t) => {
  for (const [args, message] of [
    [['eval-server', '--idle-timeout=-1'], /--idle-timeout must be a number of seconds >= 0/],
    [['eval-server', '--idle-timeout', 'soon'], /--idle-timeout must be a number of seconds >= 0, got 'soon'/],
    [['eval-server', '--port', 'http'], /--port must be a port number/],
    [['eval-server', '--host', '0.0.0.0'], /Unknown option '--host'/],
    [['serve', '--port', '70000'], /--port must be a port number/],
    [['serve', '--web-ui-url', 'javascript:alert(1)'], /--web-ui-url must be an http\(s\) URL/],
    [['mcp', '--port', '1'], /Unknown option '--port'/],
  ] as Array<[string[], RegExp]>) {
    const run = start(args);
    t.not(await within(run.exit, 60000, args.join(' ')), 0, args.join(' '));
    t.regex(run.stderr(), message, args.join(' '));
  }
});

test('serve: prints address, repositories and web UI; CORS for the web UI origin only; SIGTERM exits 0', async (t) => {
  const run = start(['serve', '--port', '0', '--web-ui-url', 'https://ui.codegraph.example/app']);
  t.teardown(() => run.child.kill());
  const url = await listening(run, 30000, /\nweb UI: [^\n]*\n$/);
  t.regex(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.true(run.stdout().includes(`  shop  ${shopPath}\n`), run.stdout());
  t.regex(run.stdout(), /web UI: https:\/\/ui\.codegraph\.example\/app \(it calls this server at http:\/\/127\.0\.0\.1:\d+;/);
  t.notRegex(run.stderr(), /warning/);
  const repos = await fetch(`${url}/repos`, { headers: { origin: 'https://ui.codegraph.example' } });
  t.is(repos.headers.get('access-control-allow-origin'), 'https://ui.codegraph.example');
  t.deepEqual(await repos.json(), (await direct('list_repos', {}, loader.list())).body);
  const ctx = await post(`${url}/tools/context`, VALID_BODIES.context, { origin: 'http://localhost:5173' });
  const want = await direct('context', VALID_BODIES.context, snapshot);
  t.is(ctx.status, want.status);
  t.deepEqual(await ctx.json(), want.body);
  const evil = await post(`${url}/tools/context`, VALID_BODIES.context, { origin: 'https://evil.example' });
  t.is(evil.status, 403);
  // The built web UI is served at / by the bundled CLI, its assets beside it.
  const page = await fetch(`${url}/`);
  t.is(page.status, 200);
  const html = await page.text();
  const script = /src="(\/assets\/app-[^"]+\.js)"/.exec(html);
  t.truthy(script, html);
  const js = await fetch(`${url}${script![1]}`);
  t.is(js.status, 200);
  t.regex(js.headers.get('content-type') ?? '', /^text\/javascript/);
  t.true((await js.text()).length > 1000, 'the script is read whole (an unread body keeps its request in flight)');
  run.child.kill('SIGTERM');
  t.is(await within(run.exit, 60000, 'exit after SIGTERM'), 0);
});

test('serve without --web-ui-url points to its own page', async (t) => {
  const run = start(['serve', '--port', '0']);
  t.teardown(() => run.child.kill());
  const url = await listening(run, 30000, /\nweb UI: [^\n]*\n$/);
  t.true(run.stdout().includes(`web UI: open ${url}/ in a browser`), run.stdout());
  run.child.kill('SIGTERM');
  t.is(await within(run.exit, 60000, 'exit after SIGTERM'), 0);
});

test('serve started by an npm script stops when the script\'s shell dies (npm passes SIGTERM to the shell only)', async (t) => {
  if (process.platform !== 'linux') { t.pass('reads /proc'); return; }
  // `sh -c` as npm runs a script; the `; :` keeps a shell that would exec a lone command from doing so
  const shell = spawn('sh', ['-c', `"${process.execPath}" "${bin}" serve --port 0; :`], {
    env: { ...process.env, CODEGRAPH_HOME: home, CODEGRAPH_QUIET: '1', npm_lifecycle_event: 'start' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(shell);
  let out = '';
  shell.stdout!.on('data', (d) => { out += d; });
  shell.stderr!.on('data', () => {});
  // 'close' comes once every holder of the pipes has exited: the server too, not only its shell
  const closed = new Promise<void>((resolve) => shell.on('close', () => resolve()));
  const deadline = Date.now() + 120000;
  while (!/listening on http/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  t.regex(out, /listening on http/);
  const server = Number(fs.readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  t.teardown(() => { try { process.kill(server, 'SIGKILL'); } catch { /* already gone */ } });
  shell.kill('SIGTERM');
  await within(closed, 20000, 'the server to exit after its shell');
  // (gone, or a zombie its new parent has not reaped yet)
  const state = fs.existsSync(`/proc/${server}/stat`) ? fs.readFileSync(`/proc/${server}/stat`, 'utf8').replace(/^.*\) /s, '')[0] : 'gone';
  t.true(state === 'gone' || state === 'Z', `server state ${state}`);
});

test('serve --analyze <path>: analyzes the folder first, then serves it with the rest of the registry', async (t) => {
  const extra = writeShopRepo(path.join(base, 'market'));
  // Its own registry (a copy of the shared one): the tests run concurrently, and a second repository in the
  // shared home would make every other test's call without `repo` a REPO_REQUIRED.
  const ownHome = path.join(base, 'home-market');
  fs.cpSync(home, ownHome, { recursive: true });
  const run = start(['serve', '--analyze', extra, '--port', '0'], { CODEGRAPH_EMBEDDER: 'lexical', CODEGRAPH_HOME: ownHome });
  t.teardown(() => run.child.kill());
  const url = await listening(run, 120000, /\nweb UI: [^\n]*\n$/);
  t.regex(run.stderr(), /indexed market: 3 files/);
  t.regex(run.stdout(), /repositories \(2\):\n {2}market .*\n {2}shop /);
  const res = await post(`${url}/tools/context`, { ...VALID_BODIES.context, repo: 'market' });
  t.is(res.status, 200);
  t.is((await res.json()).symbol.filePath, 'src/cart.ts');
  const needsRepo = await post(`${url}/tools/context`, VALID_BODIES.context);
  t.is(needsRepo.status, 400);
  t.is((await needsRepo.json()).error.code, 'REPO_REQUIRED');
  run.child.kill('SIGTERM');
  t.is(await within(run.exit, 60000, 'exit'), 0);
});

test('serve --watch --analyze <path> (npm start -- <path>): an edit is served without another command', async (t) => {
  const extra = writeShopRepo(path.join(base, 'watched'));
  const run = start(['serve', '--watch', '--analyze', extra, '--port', '0'], { CODEGRAPH_EMBEDDER: 'lexical', CODEGRAPH_HOME: path.join(base, 'home-watched') });
  t.teardown(() => run.child.kill());
  const url = await listening(run, 120000, /\nweb UI: [^\n]*\n$/);
  fs.writeFileSync(path.join(extra, 'src/refund.ts'), 'export function refundOrder(id: string): string {\n  return id;\n}\n');
  const end = Date.now() + 60000;
  for (;;) {
    const res = await post(`${url}/tools/context`, { name: 'refundOrder', repo: 'watched' });
    if (res.status === 200) { t.is((await res.json()).symbol.filePath, 'src/refund.ts'); break; }
    if (Date.now() > end) { t.fail(`never served: ${res.status} ${await res.text()}\n${run.stderr()}`); break; }
    await new Promise((r) => setTimeout(r, 250));
  }
  t.regex(run.stderr(), /watching 1 repository for changes/);
  // The new snapshot can be served before the server hears that the re-index ended: wait for its line.
  // (the start's catch-up run may be the one that finds it: then no changed path is named)
  const reindexed = /re-indexed watched: 1 added( \(src\/refund\.ts\))?, 4 files resolved/;
  for (const until = Date.now() + 120000; !reindexed.test(run.stderr()) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
  t.regex(run.stderr(), reindexed);
  run.child.kill('SIGTERM');
  t.is(await within(run.exit, 60000, 'exit'), 0);
});

test('serve --analyze with no path (npm start): analyzes the codegraph package itself, then serves it', async (t) => {
  // Its own registry: the other tests in this file run concurrently and expect exactly their repositories.
  const run = start(['serve', '--analyze', '--port', '0'], { CODEGRAPH_EMBEDDER: 'lexical', CODEGRAPH_HOME: path.join(base, 'home-self') });
  t.teardown(() => run.child.kill());
  const url = await listening(run, 240000, /\nweb UI: [^\n]*\n$/);
  t.regex(run.stderr(), new RegExp(`analyzing ${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const repos = (await (await fetch(`${url}/repos`)).json()) as { repos: Array<{ name: string; path: string }> };
  const self = repos.repos.find((r) => r.path === root);
  t.truthy(self, JSON.stringify(repos));
  const res = await post(`${url}/tools/context`, { name: 'createApiServer', repo: self!.name });
  t.is(res.status, 200);
  const body = await res.json() as { symbol: { filePath: string } };
  t.is(body.symbol.filePath, 'runtime/http/api-server.ts');
  run.child.kill('SIGTERM');
  t.is(await within(run.exit, 60000, 'exit'), 0);
});

test('mcp: the real command driven by the SDK client — tools, calls, both resources, an invalid call; stdout is protocol only', async (t) => {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [bin, 'mcp'], env: { ...process.env, CODEGRAPH_HOME: home } as Record<string, string>, stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => { stderr += d; });
  const protocolErrors: Error[] = [];
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  client.onerror = (e) => { protocolErrors.push(e); };
  await client.connect(transport);
  t.teardown(() => client.close());

  const { tools } = await client.listTools();
  t.deepEqual(tools.map((x) => x.name), ['query', 'context', 'impact', 'detect_changes', 'rename', 'cypher', 'list_repos']);

  for (const tool of [...SNAPSHOT_TOOLS, 'list_repos']) {
    const res = await client.callTool({ name: tool, arguments: VALID_BODIES[tool] });
    const want = await direct(tool, VALID_BODIES[tool], tool === 'list_repos' ? loader.list() : snapshot);
    if (want.status === 200) {
      t.falsy(res.isError, `${tool}: ${JSON.stringify(res.content).slice(0, 300)}`);
      t.deepEqual(res.structuredContent, want.body, tool);
    } else {
      const { code } = (want.body as { error: { code: string } }).error;
      t.true(res.isError, tool);
      t.regex((res.content as Array<{ text: string }>)[0].text, new RegExp(`^${code}: `), tool);
    }
  }

  const bad = await client.callTool({ name: 'query', arguments: badBody('query').body });
  t.true(bad.isError);
  t.regex((bad.content as Array<{ text: string }>)[0].text, /^VALIDATION_ERROR: /);

  const { resources } = await client.listResources();
  t.deepEqual(resources.map((r) => r.uri), ['codegraph://repos', 'codegraph://repo/shop/processes']);
  const list = JSON.parse(textOf((await client.readResource({ uri: 'codegraph://repo/shop/processes' })).contents[0]));
  t.is(list.repo, 'shop');
  t.is(list.count, nodesWithLabel(snapshot.graph, 'Process').length);
  t.true(list.count >= 1, 'the fixture has an execution flow');
  const first = list.processes[0];
  const trace = JSON.parse(textOf((await client.readResource({ uri: first.uri })).contents[0]));
  t.is(trace.process.uid, first.uid);
  t.is(trace.trace.length, first.steps);
  t.deepEqual(trace.trace.map((s: { step: number }) => s.step), Array.from({ length: first.steps }, (_, i) => i + 1));
  t.is(trace.trace[0].uid, first.entry);
  t.is(trace.trace.at(-1).uid, first.terminal);
  const missing = await t.throwsAsync(client.readResource({ uri: 'codegraph://repo/shop/process/none' }));
  t.true(missing instanceof McpError);

  t.deepEqual(protocolErrors, [], 'nothing but JSON-RPC on stdout');
  t.notRegex(stderr, /internal error/);
});
