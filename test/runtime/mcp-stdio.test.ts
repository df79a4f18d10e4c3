/**
 * Issue 27 item 6: MCP over stdio keeps serving after bad input. A line over the limit (the 10 MiB
 * line), garbage, JSON that is no JSON-RPC message: each gets its JSON-RPC error, and the next request is
 * answered. In-process over streams, and the real `codegraph mcp` command.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMcpServer } from '../../runtime/mcp/server.ts';
import { LineTransport } from '../../runtime/mcp/stdio-transport.ts';
import { staticSource } from '../../runtime/snapshot-source.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { shopSnapshot, writeShopRepo } from './fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'codegraph.mjs');

interface Reply { id: unknown; result?: { tools?: unknown[]; content?: Array<{ text: string }> }; error?: { code: number; message: string } }

/** Collects the JSON lines a stream writes, and waits for the n-th. */
function replies(out: NodeJS.ReadableStream) {
  const got: Reply[] = [];
  let buf = '';
  const waiters: Array<() => void> = [];
  out.on('data', (d) => {
    buf += d;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      got.push(JSON.parse(buf.slice(0, nl)) as Reply);
      buf = buf.slice(nl + 1);
      for (const w of waiters.splice(0)) w();
    }
  });
  return {
    got,
    async count(n: number, ms = 120000): Promise<Reply[]> {
      const end = Date.now() + ms;
      while (got.length < n) {
        if (Date.now() > end) throw new Error(`only ${got.length} of ${n} replies: ${JSON.stringify(got).slice(0, 500)}`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
      }
      return got;
    },
  };
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
const line = (m: unknown) => JSON.stringify(m) + '\n';

test('in-process: oversized, garbage and non-JSON-RPC lines get their errors and the server keeps answering', async (t) => {
  const input = new PassThrough(), output = new PassThrough();
  const logged: string[] = [];
  const server = createMcpServer({ source: staticSource([shopSnapshot('shop')]), log: (l) => logged.push(l) });
  await server.connect(new LineTransport(input, output, { maxLineBytes: 64 * 1024, log: (l) => logged.push(l) }));
  t.teardown(() => server.close());
  const r = replies(output);
  input.write(line(INIT));
  input.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  // Over the limit, written in pieces as a pipe delivers it; then the next request on the same write.
  const big = line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'cypher', arguments: { query: 'x'.repeat(200 * 1024) } } });
  for (let i = 0; i < big.length; i += 10_000) input.write(big.slice(i, i + 10_000));
  input.write('this is not json\n');
  input.write('{"jsonrpc": "2.0", "id": 7, "method": 12}\n[1, 2]\n42\n\n   \n');
  input.write(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
  input.write(line({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'cypher', arguments: { query: 'MATCH (f:Function) RETURN count(*) AS n' } } }));
  // Refusals are written at once, answers when their handler is done: compare each kind in its own order.
  const got = await r.count(8);
  const byId = (id: number) => got.find((g) => g.id === id && !g.error)!;
  const errors = got.filter((g) => g.error);
  t.truthy(byId(1).result);
  t.is(errors.length, 5);
  t.like(errors[0], { id: null, error: { code: -32600 } });
  t.regex(errors[0].error!.message, /larger than the limit of 65536 bytes/);
  t.like(errors[1], { id: null, error: { code: -32700 } });
  t.like(errors[2], { id: 7, error: { code: -32600 } });
  t.like(errors[3], { id: null, error: { code: -32600 } });
  t.regex(errors[3].error!.message, /batches/);
  t.like(errors[4], { id: null, error: { code: -32600 } });
  t.is(byId(3).result!.tools!.length, 7);
  t.regex(byId(4).result!.content![1].text, /"n":2/);
  t.is(logged.filter((l) => /refused a message/.test(l)).length, 5);
});

test("the real `codegraph mcp`: the issue's 10 MiB line is answered with an error, then the next call works; end of input exits 0", async (t) => {
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-mcp-line-')));
  t.teardown(() => fs.rmSync(base, { recursive: true, force: true }));
  const home = path.join(base, 'home');
  await analyzeRepository(writeShopRepo(path.join(base, 'shop')), { home, embedder: 'lexical' });
  const child = spawn(process.execPath, [bin, 'mcp'], { env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  const r = replies(child.stdout);
  child.stdin.write(line(INIT));
  child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'cypher', arguments: { query: 'y'.repeat(10 * 1024 * 1024) } } }));
  child.stdin.write('{"broken\n');
  child.stdin.write(line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'context', arguments: { name: 'addItem' } } }));
  const got = await r.count(4, 60000);
  const errors = got.filter((g) => g.error);
  t.like(errors[0], { id: null, error: { code: -32600 } });
  t.regex(errors[0].error!.message, /larger than the limit/);
  t.like(errors[1], { id: null, error: { code: -32700 } });
  t.regex(got.find((g) => g.id === 3)!.result!.content![0].text, /addItem/);
  t.is(child.exitCode, null, 'still serving');
  child.stdin.end();
  t.is(await exit, 0, stderr);
  t.regex(stderr, /refused a message/);
});
