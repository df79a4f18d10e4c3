/**
 * What makes the MCP server usable by an agent in a real client: the `query` alias for clients that drop an
 * argument named `query`, output schemas every answer meets, prompts, argument completion, the default
 * repository (start folder, client roots), and paged resources. In-process, over the SDK's in-memory transports.
 */
import test from 'ava';
import { Ajv } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../runtime/mcp/server.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { createCodeGraph } from '../../lib/graph/code-graph.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { VALID_BODIES, direct } from './oracle.ts';

const at = (s: Snapshot, path: string): Snapshot => ({ ...s, repo: { ...s.repo, path } });
const shop = at(shopSnapshot('shop'), '/work/shop');
const store = at(shopSnapshot('store'), '/work/store');

type Text = { type: string; text: string };

async function connect(source: SnapshotSource = staticSource([shop]), opts: { workingFolder?: string; roots?: string[] } = {}) {
  const sink = logSink();
  const server = createMcpServer({ source, log: sink.log, workingFolder: opts.workingFolder });
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: opts.roots ? { roots: { listChanged: true } } : {} });
  if (opts.roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: opts.roots!.map((p) => ({ uri: `file://${p}` })) }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, lines: sink.lines, close: () => client.close() };
}

test('query takes its text as `search_query` too (a client that drops `query`), named in the schema and the description', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const { tools } = await client.listTools();
  const q = tools.find((x) => x.name === 'query')!;
  const props = q.inputSchema.properties as Record<string, { description?: string }>;
  t.truthy(props.query);
  t.regex(props.search_query.description ?? '', /Alias of 'query'/);
  t.false((q.inputSchema.required ?? []).includes('query'), 'query is not strictly required on the wire: the alias can fill it');
  t.regex(q.description ?? '', /search_query/);
  const viaQuery = await client.callTool({ name: 'query', arguments: { query: 'cart total' } });
  const viaAlias = await client.callTool({ name: 'query', arguments: { search_query: 'cart total' } });
  t.falsy(viaAlias.isError);
  t.deepEqual(viaAlias.structuredContent, viaQuery.structuredContent);
  t.deepEqual(viaAlias.structuredContent, (await direct('query', { query: 'cart total' }, shop)).body);
  // What such a client sends when the model filled `query`: nothing. The error says what to do.
  const dropped = await client.callTool({ name: 'query', arguments: { limit: 3 } });
  t.true(dropped.isError);
  t.regex((dropped.content as Text[])[0].text, /^VALIDATION_ERROR: .*pass the text as 'search_query'/);
  // cypher's alias is `statement`.
  const cy = tools.find((x) => x.name === 'cypher')!;
  t.truthy((cy.inputSchema.properties as Record<string, unknown>).statement);
  const viaStatement = await client.callTool({ name: 'cypher', arguments: { statement: VALID_BODIES.cypher.query } });
  t.deepEqual(viaStatement.structuredContent, (await direct('cypher', VALID_BODIES.cypher, shop)).body);
});

test('every tool declares an output schema, and real answers (found, ambiguous, empty) meet it', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const { tools } = await client.listTools();
  const ajv = new Ajv({ strict: false, allErrors: true });
  const requests: Record<string, Array<Record<string, unknown>>> = {
    query: [{ query: 'cart total' }, { query: 'zzzqqqxx' }, { query: 'cart', include_content: true }],
    context: [{ name: 'addItem' }, { name: 'Cart', include_content: true }, { name: 'total' }],
    impact: [{ target: 'addItem' }, { target: 'Cart', direction: 'downstream' }],
    detect_changes: [{ diff: '' }],
    rename: [{ symbol_name: 'addItem', new_name: 'addProduct' }],
    cypher: [{ query: 'MATCH (n) RETURN n LIMIT 3' }, { query: 'MATCH (n:Function) RETURN n.name, n.line' }],
    list_repos: [{}],
  };
  for (const tool of tools) {
    t.is(tool.outputSchema?.type, 'object', tool.name);
    const check = ajv.compile(tool.outputSchema!);
    for (const args of requests[tool.name]) {
      // The SDK client itself validates structuredContent against the declared schema and throws when it fails.
      const res = await client.callTool({ name: tool.name, arguments: args });
      t.falsy(res.isError, `${tool.name} ${JSON.stringify(args)}: ${JSON.stringify(res.content)}`);
      t.true(check(res.structuredContent), `${tool.name} ${JSON.stringify(args)}: ${ajv.errorsText(check.errors)}`);
    }
  }
  // An answer missing a required field does not meet the schema (the schemas are not vacuous).
  const ctx = ajv.compile(tools.find((x) => x.name === 'context')!.outputSchema!);
  t.false(ctx({ symbol: { name: 'x' } }));
  const list = ajv.compile(tools.find((x) => x.name === 'list_repos')!.outputSchema!);
  t.false(list({ repos: [{ name: 'x' }] }));
});

test('prompts are listed with their arguments and render with the arguments filled in', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const { prompts } = await client.listPrompts();
  t.deepEqual(prompts.map((p) => p.name), ['explore', 'impact_check', 'rename_safely', 'review_changes', 'explain_flow']);
  for (const p of prompts) {
    t.truthy(p.description, p.name);
    t.true((p.arguments ?? []).some((a) => a.name === 'repo'), `${p.name} takes repo`);
  }
  const explore = await client.getPrompt({ name: 'explore', arguments: { topic: 'checkout totals' } });
  const text = (explore.messages[0].content as Text).text;
  t.is(explore.messages[0].role, 'user');
  t.regex(text, /`query` with search_query: "checkout totals"/);
  t.regex(text, /`context`/);
  const rename = await client.getPrompt({ name: 'rename_safely', arguments: { symbol: 'Cart.total', new_name: 'sum', repo: 'shop' } });
  const r = (rename.messages[0].content as Text).text;
  t.regex(r, /new_name: "sum", dry_run: true, repo: "shop"/);
  t.regex(r, /dry_run: false/);
  t.regex(r, /`detect_changes`/);
  const impact = await client.getPrompt({ name: 'impact_check', arguments: { symbol: 'addItem', change: 'add a quantity parameter' } });
  t.regex((impact.messages[0].content as Text).text, /`impact` with target: "addItem", direction: "upstream"/);
  const review = await client.getPrompt({ name: 'review_changes', arguments: { base_ref: 'main' } });
  t.regex((review.messages[0].content as Text).text, /`detect_changes` with base_ref: "main"/);
  const flow = await client.getPrompt({ name: 'explain_flow', arguments: { flow: 'checkout → total', repo: 'shop' } });
  t.regex((flow.messages[0].content as Text).text, /codegraph:\/\/repo\/shop\/process\/checkout%20%E2%86%92%20total/);
  // Bad prompt requests are protocol errors that say why.
  const missing = await t.throwsAsync(client.getPrompt({ name: 'rename_safely', arguments: { symbol: 'x' } }));
  t.true(missing instanceof McpError);
  t.regex(missing!.message, /needs 'new_name'/);
  const unknown = await t.throwsAsync(client.getPrompt({ name: 'drop_tables', arguments: {} }));
  t.regex(unknown!.message, /unknown prompt 'drop_tables'; prompts: explore, impact_check/);
  const extra = await t.throwsAsync(client.getPrompt({ name: 'explore', arguments: { topic: 'x', colour: 'red' } }));
  t.regex(extra!.message, /no argument 'colour'/);
});

test('prompt arguments complete from the index: symbols, flows and repositories', async (t) => {
  const { client, close } = await connect(staticSource([shop, store]), { workingFolder: '/work/shop/src' });
  t.teardown(close);
  const sym = await client.complete({ ref: { type: 'ref/prompt', name: 'impact_check' }, argument: { name: 'symbol', value: 'ad' } });
  t.deepEqual(sym.completion.values, ['addItem']);
  const all = await client.complete({ ref: { type: 'ref/prompt', name: 'impact_check' }, argument: { name: 'symbol', value: '' } });
  t.deepEqual([...all.completion.values].sort(), ['Cart', 'addItem', 'checkout', 'total']);
  const flow = await client.complete({ ref: { type: 'ref/prompt', name: 'explain_flow' }, argument: { name: 'flow', value: 'CHECK' } });
  t.deepEqual(flow.completion.values, ['checkout → total']);
  const repo = await client.complete({ ref: { type: 'ref/prompt', name: 'explore' }, argument: { name: 'repo', value: 's' } });
  t.deepEqual(repo.completion.values, ['shop', 'store']);
});

test('default repository: the one containing the start folder, else one containing a client root, else the error names the argument', async (t) => {
  const source = staticSource([shop, store]);
  const inStore = await connect(source, { workingFolder: '/work/store/src/deep' });
  t.teardown(inStore.close);
  const res = await inStore.client.callTool({ name: 'list_repos', arguments: {} });
  t.falsy(res.isError);
  const ctx = await inStore.client.callTool({ name: 'context', arguments: VALID_BODIES.context });
  t.falsy(ctx.isError);
  t.deepEqual(ctx.structuredContent, (await direct('context', VALID_BODIES.context, store)).body);
  t.regex(inStore.client.getInstructions() ?? '', /Calls without `repo` use the repository 'store'/);
  // An explicit repo still wins.
  const named = await inStore.client.callTool({ name: 'cypher', arguments: { query: 'MATCH (n:Function) RETURN count(n) AS n', repo: 'shop' } });
  t.falsy(named.isError);

  const viaRoots = await connect(source, { workingFolder: '/elsewhere', roots: ['/work/shop'] });
  t.teardown(viaRoots.close);
  // The roots are asked for once the client is initialized.
  let answer;
  for (let i = 0; i < 50; i++) {
    answer = await viaRoots.client.callTool({ name: 'impact', arguments: VALID_BODIES.impact });
    if (!answer.isError) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  t.falsy(answer!.isError);
  t.deepEqual(answer!.structuredContent, (await direct('impact', VALID_BODIES.impact, shop)).body);

  const nowhere = await connect(source, { workingFolder: '/elsewhere' });
  t.teardown(nowhere.close);
  const err = await nowhere.client.callTool({ name: 'context', arguments: VALID_BODIES.context });
  t.true(err.isError);
  t.regex((err.content as Text[])[0].text, /^REPO_REQUIRED: 2 repositories are indexed and the folder \/elsewhere is in none of them; pick one with the 'repo' argument: shop, store/);
  // One repository: it is the default wherever the server started.
  const single = await connect(staticSource([shop]), { workingFolder: '/elsewhere' });
  t.teardown(single.close);
  t.falsy((await single.client.callTool({ name: 'context', arguments: VALID_BODIES.context })).isError);
});

test('the processes resource comes in pages under the budget; next pages read on; the count is exact', async (t) => {
  const g = createCodeGraph();
  const total = 700;
  for (let i = 0; i < total; i++) {
    const name = `handleRequestNumber${i}ForTheLongNamedControllerAction → persistEverythingIntoTheDatabase${i}`;
    g.addNode(`Process:p${i}`, { uid: `Process:p${i}`, label: 'Process', name, steps: 5, entry: `Function:src/controllers/very/long/path/controller${i}.ts:handle${i}`, terminal: `Method:src/db/very/long/path/store${i}.ts:Store.persist${i}`, modules: ['controllers', 'db'] });
  }
  const big = at(memorySnapshot({ name: 'big', graph: g }), '/work/big');
  const { client, close } = await connect(staticSource([big]));
  t.teardown(close);
  const seen: string[] = [];
  let uri: string | undefined = 'codegraph://repo/big/processes';
  let pages = 0;
  while (uri) {
    const res = await client.readResource({ uri });
    const text = String((res.contents[0] as { text: string }).text);
    t.true(text.length <= 24_000, `page ${pages}: ${text.length} chars`);
    const body = JSON.parse(text);
    t.is(body.count, total);
    t.is(body.offset, seen.length);
    seen.push(...body.processes.map((p: { uid: string }) => p.uid));
    t.is(body.truncated, body.next !== undefined);
    uri = body.next;
    pages++;
  }
  t.true(pages > 3, `${pages} pages`);
  t.deepEqual(seen, Array.from({ length: total }, (_, i) => `Process:p${i}`));
  const beyondRes = await client.readResource({ uri: `codegraph://repo/big/processes?offset=${total + 5}` });
  const beyond = JSON.parse((beyondRes.contents[0] as { text: string }).text);
  t.deepEqual([beyond.count, beyond.processes.length, beyond.truncated], [total, 0, false]);
});

test('an ambiguous context or impact says so in its summary line and names the field to pass, never "risk ?"', async (t) => {
  const g = createCodeGraph();
  for (const f of ['src/a.ts', 'src/b.ts']) g.addNode(`Function:${f}:run`, { uid: `Function:${f}:run`, label: 'Function', name: 'run', qualifiedName: 'run', filePath: f, line: 3, endLine: 5 });
  const twice = at(memorySnapshot({ name: 'twice', graph: g }), '/work/twice');
  const { client, close } = await connect(staticSource([twice]));
  t.teardown(close);
  const imp = await client.callTool({ name: 'impact', arguments: { target: 'run' } });
  const line = (imp.content as Text[])[0].text;
  t.is(line, "impact: not run — 2 symbols match; call again with 'target_uid' set to one candidate's uid: run (src/a.ts:3), run (src/b.ts:3)");
  t.false(line.includes('?'));
  const ctx = await client.callTool({ name: 'context', arguments: { name: 'run' } });
  t.regex((ctx.content as Text[])[0].text, /^context: ambiguous — 2 symbols match; call again with 'uid' set to one candidate's uid: run \(src\/a\.ts:3\)/);
});
