/**
 * The AI chat panel against a scripted OpenAI-compatible endpoint on 127.0.0.1 (started here): the seven tools
 * are offered as functions, the model's tool calls run through codegraph's API and their results go back, the
 * key goes to the endpoint only (never to codegraph's server), and endpoint failures are shown.
 */
import test from 'ava';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { ROOT, browserMissing, hash, launch, newPage, serve, tempDir, type Served } from './harness.ts';

const missing = browserMissing();
const run = missing ? test.skip : test.serial;
if (missing) test(`browser tests skipped: ${missing}`, (t) => { t.pass(); });

const KEY = 'sk-test-secret-key-4242';

interface Seen { authorization?: string; body: any }

/** A fake /v1/chat/completions: the script decides each answer from the conversation so far. */
function fakeEndpoint(script: (body: any, round: number) => { status?: number; message?: unknown; raw?: string }): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    // The page is on another origin (codegraph's server): answer CORS like a real endpoint would.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') { res.writeHead(204).end(); return; }
    let text = '';
    req.on('data', (d) => { text += d; });
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') { res.writeHead(404).end(); return; }
      const body = JSON.parse(text);
      seen.push({ authorization: req.headers.authorization, body });
      const out = script(body, seen.length);
      if (out.raw !== undefined) { res.writeHead(out.status ?? 200, { 'content-type': 'text/plain' }).end(out.raw); return; }
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `r${seen.length}`, object: 'chat.completion', choices: [{ index: 0, message: out.message, finish_reason: 'stop' }] }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const port = (server.address() as AddressInfo).port;
    resolve({ url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise((r) => server.close(() => r())) });
  }));
}

let base = '';
let loader: SnapshotLoader;
let served: Served;
let browser: Awaited<ReturnType<typeof launch>>;

test.before(async () => {
  if (missing) return;
  base = tempDir('cg-web-chat-');
  const repo = path.join(base, 'flows-app');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'flows-app'), repo, { recursive: true });
  await analyzeRepository(repo, { home: path.join(base, 'home'), embedder: 'lexical' });
  loader = new SnapshotLoader({ home: path.join(base, 'home') });
  served = await serve(loader);
  browser = await launch();
});

test.after.always(async () => {
  await browser?.close();
  await served?.server.stop();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

async function openChat(endpoint: string) {
  const { page, errors } = await newPage(browser.context);
  const toCodegraph: string[] = [];
  page.on('request', (r) => { if (r.url().startsWith(served.url)) toCodegraph.push(JSON.stringify({ url: r.url(), headers: r.headers(), body: r.postData() })); });
  await page.goto(`${served.url}/${hash('flows-app', 'overview')}`);
  await page.waitForSelector('#module-list');
  await page.keyboard.press('a');
  await page.waitForSelector('#chat');
  // Settings saved by an earlier test (one browser profile) leave the endpoint box closed.
  if (!(await page.$eval('#chat-settings', (d) => (d as HTMLDetailsElement).open))) await page.click('#chat-settings summary');
  await page.waitForSelector('#chat-base-url');
  await page.fill('#chat-base-url', endpoint);
  await page.fill('#chat-model', 'fake-model');
  await page.fill('#chat-key', KEY);
  await page.click('#chat-save');
  await page.waitForSelector('#chat-settings-status:has-text("Saved")', { state: 'attached' });
  return { page, errors, toCodegraph };
}

run('the chat offers the seven tools, runs the model\'s tool calls through the local API and answers with their results', async (t) => {
  const endpoint = await fakeEndpoint((body, round) => {
    const last = body.messages[body.messages.length - 1];
    if (round === 1) {
      return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'query', arguments: JSON.stringify({ query: 'register user', limit: 3 }) } }] } };
    }
    if (round === 2) {
      const result = JSON.parse(last.content);
      const uid = result.process_symbols.find((s: { name: string }) => s.name === 'register')?.uid ?? result.process_symbols[0].uid;
      return { message: { role: 'assistant', content: 'Looking closer.', tool_calls: [{ id: 'c2', type: 'function', function: { name: 'context', arguments: JSON.stringify({ uid }) } }] } };
    }
    const ctx = JSON.parse(last.content);
    return { message: { role: 'assistant', content: `${ctx.symbol.name} is defined in ${ctx.symbol.filePath} at line ${ctx.symbol.line}.` } };
  });
  t.teardown(() => endpoint.close());
  const { page, errors, toCodegraph } = await openChat(endpoint.url);
  await page.fill('#chat-input', 'Where is user registration?');
  await page.press('#chat-input', 'Enter');
  await page.waitForSelector('#chat-log .msg.assistant:has-text("is defined in")');
  t.is(await page.textContent('#chat-log .msg.assistant >> nth=-1'), 'register is defined in src/services/user-service.ts at line 17.');
  t.deepEqual(await page.$$eval('#chat-log .msg.tool', (l) => l.map((x) => (x as HTMLElement).dataset.tool)), ['query', 'context']);
  // What the model was offered and sent.
  const first = endpoint.seen[0].body;
  t.is(first.model, 'fake-model');
  t.deepEqual(first.tools.map((x: { function: { name: string } }) => x.function.name), ['query', 'context', 'impact', 'detect_changes', 'rename', 'cypher', 'list_repos']);
  t.is(first.tools[0].function.parameters.type, 'object');
  t.is(first.messages[0].role, 'system');
  t.is(endpoint.seen[2].body.messages.filter((m: { role: string }) => m.role === 'tool').length, 2);
  for (const s of endpoint.seen) t.is(s.authorization, `Bearer ${KEY}`);
  // The key stays in the browser: stored locally, never in a request to codegraph's server.
  t.true((await page.evaluate(() => localStorage.getItem('codegraph.chat')))!.includes(KEY));
  t.true(toCodegraph.some((r) => r.includes('/tools/query')), 'tool calls went through the local API');
  for (const r of toCodegraph) t.false(r.includes(KEY), r);
  t.deepEqual(errors, []);
  await page.close();
});

run('a tool error goes back to the model as a result; a rename apply asked by the model is refused (no token)', async (t) => {
  const endpoint = await fakeEndpoint((body, round) => {
    if (round === 1) {
      return { message: { role: 'assistant', content: null, tool_calls: [
        { id: 'a', type: 'function', function: { name: 'context', arguments: JSON.stringify({ uid: 'Function:nowhere.ts:ghost' }) } },
        { id: 'b', type: 'function', function: { name: 'rename', arguments: JSON.stringify({ symbol_name: 'slugify', new_name: 'slug', dry_run: false }) } },
        { id: 'c', type: 'function', function: { name: 'cypher', arguments: '{not json' } },
      ] } };
    }
    const results = body.messages.filter((m: { role: string }) => m.role === 'tool').map((m: { content: string }) => JSON.parse(m.content).error?.code);
    return { message: { role: 'assistant', content: `codes: ${results.join(', ')}` } };
  });
  t.teardown(() => endpoint.close());
  const { page, errors } = await openChat(endpoint.url);
  await page.fill('#chat-input', 'Try things');
  await page.press('#chat-input', 'Enter');
  await page.waitForSelector('#chat-log .msg.assistant:has-text("codes:")');
  t.is(await page.textContent('#chat-log .msg.assistant >> nth=-1'), 'codes: SYMBOL_NOT_FOUND, FORBIDDEN, INVALID_JSON');
  t.is(await page.locator('#chat-log .msg.tool.failed').count(), 3);
  const slugify = fs.readFileSync(path.join(base, 'flows-app', 'src', 'utils', 'strings.ts'), 'utf8');
  t.regex(slugify, /slugify/, 'nothing renamed');
  t.deepEqual(errors, []);
  await page.close();
});

run('endpoint failures are shown; the endpoint cannot be codegraph\'s own server', async (t) => {
  const endpoint = await fakeEndpoint(() => ({ status: 401, raw: 'invalid api key' }));
  t.teardown(() => endpoint.close());
  const { page, errors } = await openChat(endpoint.url);
  await page.fill('#chat-input', 'Hello');
  await page.press('#chat-input', 'Enter');
  await page.waitForSelector('#chat-log .error[data-code="CHAT_ENDPOINT"]');
  t.regex((await page.textContent('#chat-log .error'))!, /401: invalid api key/);
  await page.click('#chat-settings summary');
  await page.fill('#chat-base-url', `${served.url}/v1`);
  await page.click('#chat-save');
  await page.waitForSelector('#chat-settings-status .error');
  t.regex((await page.textContent('#chat-settings-status'))!, /cannot be this codegraph server/);
  t.false((await page.evaluate(() => localStorage.getItem('codegraph.chat')))!.includes(served.url));
  await endpoint.close();
  await page.fill('#chat-input', 'Anyone?');
  await page.press('#chat-input', 'Enter');
  await page.waitForSelector('#chat-log .error[data-code="NETWORK"]');
  t.deepEqual(errors, []);
  await page.close();
});
