/** The MCP server in-process (linked in-memory transports, the SDK client): tools, errors, resources. */
import test from 'ava';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../runtime/mcp/server.ts';
import { joiToJsonSchema } from '../../runtime/mcp/json-schema.ts';
import { toolEntries } from '../../runtime/tool-runner.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { VALID_BODIES, SNAPSHOT_TOOLS, direct, badBody } from './oracle.ts';

const shop = shopSnapshot('shop');
const store = shopSnapshot('store');

async function connect(source: SnapshotSource = staticSource([shop])) {
  const sink = logSink();
  const server = createMcpServer({ source, log: sink.log });
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, lines: sink.lines, close: () => client.close() };
}

type Text = { type: string; text: string };
/** The text of a resource content item (ours are all text). */
const textOf = (c: object) => String((c as { text?: unknown }).text);

test('lists the seven tools, in order, with schemas generated from their Joi schemas and their annotations', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const { tools } = await client.listTools();
  t.deepEqual(tools.map((x) => x.name), ['query', 'context', 'impact', 'detect_changes', 'rename', 'cypher', 'list_repos']);
  for (const entry of toolEntries()) {
    const tool = tools.find((x) => x.name === entry.name)!;
    t.is(tool.inputSchema.type, 'object');
    const { description: _d, ...generated } = joiToJsonSchema(entry.definition.schema);
    const { description: _e, ...listed } = tool.inputSchema as Record<string, unknown>;
    t.deepEqual(listed, { ...generated, type: 'object' }, entry.name);
    t.true(tool.description!.startsWith(entry.definition.description));
    t.is(tool.annotations?.readOnlyHint, entry.definition.annotations.readOnlyHint);
    t.is(tool.annotations?.destructiveHint, entry.definition.annotations.destructiveHint);
    t.true(JSON.stringify(tool.inputSchema).includes('"repo"'), `${entry.name} takes repo`);
  }
  t.is(tools.find((x) => x.name === 'rename')!.annotations?.destructiveHint, true);
  t.is(tools.find((x) => x.name === 'query')!.annotations?.readOnlyHint, true);
});

test('the server tells the agent how to use the tools (instructions)', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const instructions = client.getInstructions() ?? '';
  for (const word of ['query', 'context', 'impact', 'rename', 'detect_changes', 'repo', 'codegraph://repo/']) t.true(instructions.includes(word), word);
});

for (const tool of [...SNAPSHOT_TOOLS, 'list_repos']) {
  test(`calling ${tool}: structured JSON equal to a direct call plus readable text, or isError with CODE: message`, async (t) => {
    const { client, close } = await connect();
    t.teardown(close);
    const res = await client.callTool({ name: tool, arguments: VALID_BODIES[tool] });
    const want = await direct(tool, VALID_BODIES[tool], tool === 'list_repos' ? [shop.repo] : shop);
    const content = res.content as Text[];
    if (want.status === 200) {
      t.falsy(res.isError);
      t.deepEqual(res.structuredContent, want.body);
      t.is(content.length, 2);
      t.true(content[0].text.startsWith(`${tool}:`), content[0].text);
      t.false(content[0].text.includes('result below'), `a real summary: ${content[0].text}`);
      t.deepEqual(JSON.parse(content[1].text), want.body);
    } else {
      const { code, message } = (want.body as { error: { code: string; message: string } }).error;
      t.true(res.isError);
      t.true(content[0].text.startsWith(`${code}: ${message}`), content[0].text);
    }
  });
}

test('an invalid call is isError VALIDATION_ERROR naming every bad field, not a protocol error', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const { body, fields } = badBody('context');
  const res = await client.callTool({ name: 'context', arguments: { ...body, repo: 7 } });
  t.true(res.isError);
  const text = (res.content as Text[])[0].text;
  t.regex(text, /^VALIDATION_ERROR: /);
  const details = JSON.parse(text.split('\ndetails: ')[1]) as Array<{ field: string }>;
  for (const f of [...fields, 'repo']) t.true(details.some((d) => d.field === f || d.field.startsWith(`${f}.`)), f);
});

test('several repositories: a call without repo is isError REPO_REQUIRED naming them', async (t) => {
  const { client, close } = await connect(staticSource([shop, store]));
  t.teardown(close);
  const res = await client.callTool({ name: 'context', arguments: VALID_BODIES.context });
  t.true(res.isError);
  t.regex((res.content as Text[])[0].text, /^REPO_REQUIRED: .*shop.*store/);
  const named = await client.callTool({ name: 'context', arguments: { ...VALID_BODIES.context, repo: 'store' } });
  const want = await direct('context', { ...VALID_BODIES.context, repo: 'store' }, store);
  if (want.status === 200) t.deepEqual(named.structuredContent, want.body);
  else t.true(named.isError);
});

test('an unexpected failure is isError INTERNAL without the stack; the log (stderr) has it', async (t) => {
  const { client, lines, close } = await connect({ list: () => [shop.repo], get: async () => { throw new RangeError('kaboom in /private/thing.ts'); } });
  t.teardown(close);
  const res = await client.callTool({ name: 'context', arguments: VALID_BODIES.context });
  t.true(res.isError);
  const text = (res.content as Text[])[0].text;
  t.regex(text, /^INTERNAL: /);
  t.false(text.includes('private'));
  t.true(lines.some((l) => l.includes('RangeError: kaboom') && /:\d+:\d+/.test(l)));
});

test('an unknown tool is a protocol error (invalid params)', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const err = await t.throwsAsync(client.callTool({ name: 'drop_database', arguments: {} }));
  t.true(err instanceof McpError);
  t.is((err as McpError).code, -32602);
  t.regex(err!.message, /unknown tool 'drop_database'/);
});

test('resources: the repository list and each repository\'s processes; templates for both process URIs', async (t) => {
  const { client, close } = await connect(staticSource([shop, store]));
  t.teardown(close);
  const { resources } = await client.listResources();
  t.deepEqual(resources.map((r) => r.uri), ['codegraph://repos', 'codegraph://repo/shop/processes', 'codegraph://repo/store/processes']);
  const { resourceTemplates } = await client.listResourceTemplates();
  t.deepEqual(resourceTemplates.map((r) => r.uriTemplate), ['codegraph://repo/{name}/processes', 'codegraph://repo/{name}/process/{process}']);
});

test('reading codegraph://repo/{name}/processes lists every process with the URI of its trace', async (t) => {
  const { client, close } = await connect(staticSource([shop, store]));
  t.teardown(close);
  const res = await client.readResource({ uri: 'codegraph://repo/shop/processes' });
  t.is(res.contents[0].mimeType, 'application/json');
  const body = JSON.parse(textOf(res.contents[0]));
  t.deepEqual(body, {
    repo: 'shop', count: 1, offset: 0, truncated: false,
    processes: [{ name: 'checkout → total', uid: 'Process:checkout', steps: 3, entry: 'Function:src/checkout.ts:checkout',
      terminal: 'Method:src/cart.ts:Cart.total', modules: ['Cart'], uri: 'codegraph://repo/shop/process/checkout%20%E2%86%92%20total' }],
  });
});

test('reading codegraph://repo/{name}/process/{name} gives the step-by-step trace, as JSON and as text', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  for (const uri of ['codegraph://repo/shop/process/checkout%20%E2%86%92%20total', 'codegraph://repo/shop/process/Process%3Acheckout']) {
    const res = await client.readResource({ uri });
    const body = JSON.parse(textOf(res.contents[0]));
    t.is(body.process.name, 'checkout → total');
    t.deepEqual(body.trace.map((s: { step: number; name: string; filePath: string; line: number }) => [s.step, s.name, s.filePath, s.line]),
      [[1, 'checkout', 'src/checkout.ts', 3], [2, 'addItem', 'src/cart.ts', 6], [3, 'total', 'src/cart.ts', 3]]);
    t.is(res.contents[1].mimeType, 'text/plain');
    t.regex(textOf(res.contents[1]), /^checkout → total \(3 steps; modules: Cart\)\n1\. Function checkout — src\/checkout\.ts:3\n2\. Function addItem — src\/cart\.ts:6\n3\. Method total — src\/cart\.ts:3$/);
  }
});

test('reading codegraph://repos gives what list_repos gives', async (t) => {
  const { client, close } = await connect(staticSource([shop, store]));
  t.teardown(close);
  const want = await direct('list_repos', {}, [shop.repo, store.repo]);
  if (want.status === 200) {
    const res = await client.readResource({ uri: 'codegraph://repos' });
    t.deepEqual(JSON.parse(textOf(res.contents[0])), want.body);
  } else {
    const err = await t.throwsAsync(client.readResource({ uri: 'codegraph://repos' }));
    t.true(err!.message.includes((want.body as { error: { code: string } }).error.code));
  }
});

test('unknown process, unknown repository and malformed URIs are resource-not-found errors that say why', async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const cases: Array<[string, RegExp]> = [
    ['codegraph://repo/shop/process/nope', /NOT_FOUND: no process 'nope' in shop/],
    ['codegraph://repo/elsewhere/processes', /REPO_NOT_FOUND: .*elsewhere/],
    ['codegraph://repo/shop/modules/x', /unknown resource/],
    ['codegraph://repo/%E0%A4%A/processes', /unknown resource/],
    ['file:///etc/passwd', /unknown resource/],
  ];
  for (const [uri, message] of cases) {
    const err = await t.throwsAsync(client.readResource({ uri }));
    t.true(err instanceof McpError, uri);
    t.is((err as McpError).code, -32002, uri);
    t.regex(err!.message, message);
  }
});

test("a cypher answer's warnings are in its first line's text too (the line an agent reads first)", async (t) => {
  const { client, close } = await connect();
  t.teardown(close);
  const res = await client.callTool({ name: 'cypher', arguments: { query: 'MATCH (f:Function) RETURN f.name, f.nmae LIMIT 1' } });
  const [summary] = res.content as Text[];
  t.regex(summary.text, /^cypher: 1 rows; columns: f\.name, f\.nmae\nwarning: no node or relationship has a property 'nmae'.*did you mean 'name'/);
  const plain = await client.callTool({ name: 'cypher', arguments: { query: 'MATCH (f:Function) RETURN f.name LIMIT 1' } });
  t.is((plain.content as Text[])[0].text, 'cypher: 1 rows; columns: f.name');
});
