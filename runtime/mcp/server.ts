/**
 * The MCP server: the seven tools (input schemas generated from their Joi schemas, annotations from their
 * definitions) and the process resources, over any transport. A thin shell: tools run through the shared
 * tool runner, errors leave as `isError: true` with `CODE: message`.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type CallToolResult, type ReadResourceResult, type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { OUTPUT_SCHEMAS } from '../../handlers/output-schemas.ts';
import { servePrompts } from './prompt-handlers.ts';
import { clientFolders, defaultRepoNote } from './working-folders.ts';
import { withDefaultRepo } from '../default-repo.ts';
import { isCodegraphError, toCodegraphError, CodegraphError } from '../../lib/errors.ts';
import { findTool, runTool, toolEntries, type ToolEntry } from '../tool-runner.ts';
import { QueryPool } from '../query-pool.ts';
import { jsonText } from '../json-text.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { joiToJsonSchema, objectRules } from './json-schema.ts';
import { summarize } from './summary.ts';
import {
  PROCESSES_TEMPLATE, PROCESS_TEMPLATE, REPOS_URI, parseResourceUri, processPage, processesUri, traceProcess, traceText,
} from './resources.ts';

/** JSON-RPC code the MCP specification gives to "resource not found". */
const RESOURCE_NOT_FOUND = -32002;

export interface McpServerOptions {
  source: SnapshotSource;
  version?: string;
  /** Where log lines go (default stderr; stdout belongs to the protocol). */
  log?: (line: string) => void;
  /** Threads for budgeted queries (default: a new QueryPool, closed with the connection); false runs them in-line. */
  queries?: QueryPool | false;
  /**
   * The folder the server was started in: a call without `repo` uses the indexed repository containing it,
   * else one containing a workspace root the client reports, else the only one indexed.
   */
  workingFolder?: string;
}

const INSTRUCTIONS = [
  'codegraph answers questions about indexed code repositories from a knowledge graph (symbols, calls, imports, heritage, modules, execution flows).',
  'Usual order: `query` to find the execution flows and symbols behind a concept; `context` on a chosen symbol (pass its `uid` from an earlier result for an exact lookup);',
  '`impact` before changing a widely used symbol; `rename` (previews by default; `dry_run: false` writes); `detect_changes` to check what a diff affects; `cypher` for anything else.',
  'Answers fit a budget (about 7k tokens for context and impact): lists are cut most useful first, counts stay exact, and `truncated: true` comes with where to read on.',
  'When several repositories are indexed, pass `repo` (see `list_repos`). Resources: codegraph://repo/{name}/processes and codegraph://repo/{name}/process/{name}.',
].join(' ');

/** The MCP tool listing entry for one tool. */
export function mcpTool(entry: ToolEntry): McpTool {
  const def = entry.definition;
  const rules = objectRules(def.schema);
  const inputSchema = joiToJsonSchema(def.schema) as McpTool['inputSchema'];
  const output = OUTPUT_SCHEMAS[entry.name];
  return {
    name: entry.name,
    description: [def.description, ...rules].join(rules.length ? '\n' : ''),
    inputSchema: { ...inputSchema, type: 'object' },
    ...(output ? { outputSchema: { ...(joiToJsonSchema(output) as McpTool['inputSchema']), type: 'object' } } : {}),
    annotations: {
      readOnlyHint: def.annotations.readOnlyHint,
      destructiveHint: def.annotations.destructiveHint,
      ...(def.annotations.idempotentHint !== undefined ? { idempotentHint: def.annotations.idempotentHint } : {}),
      // The tools look only at local indexes and repositories: a closed world.
      openWorldHint: def.annotations.openWorldHint ?? false,
    },
  };
}

/** Builds the MCP server for a snapshot source; connect it to a transport to serve. */
export function createMcpServer(options: McpServerOptions): Server {
  const log = options.log ?? ((line: string) => { process.stderr.write(line + '\n'); });
  const note = defaultRepoNote(options.source, options.workingFolder);
  const server = new Server(
    { name: 'codegraph', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} }, instructions: note ? `${INSTRUCTIONS} ${note}` : INSTRUCTIONS },
  );
  const folders = clientFolders(server, options.workingFolder, log);
  const source = withDefaultRepo(options.source, { folders, how: "the 'repo' argument" });
  servePrompts(server, source, log);

  const queries = options.queries === false ? undefined : options.queries ?? new QueryPool({ log });
  if (queries && options.queries === undefined) {
    // The pool is this server's own: it ends with the connection.
    const connect = server.connect.bind(server);
    server.connect = async (transport) => {
      await connect(transport);
      const closed = transport.onclose;
      transport.onclose = () => { closed?.(); void queries.close(); };
    };
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolEntries().map(mcpTool) }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (!findTool(name)) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool '${name}'; tools: ${toolEntries().map((t) => t.name).join(', ')}`);
    }
    try {
      const result = await runTool(source, name, args ?? {}, queries?.offload);
      const structured = (typeof result === 'object' && result !== null && !Array.isArray(result) ? result : { result }) as Record<string, unknown>;
      return {
        content: [{ type: 'text', text: summarize(name, result) }, { type: 'text', text: jsonText(result) }],
        structuredContent: structured,
      };
    } catch (err) {
      return errorResult(err, log);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      { uri: REPOS_URI, name: 'repositories', title: 'Indexed repositories', description: 'Every indexed repository with its statistics (same as list_repos).', mimeType: 'application/json' },
      ...source.list().map((r) => ({
        uri: processesUri(r.name), name: `${r.name} processes`, title: `Execution flows of ${r.name}`,
        description: `All execution flows (processes) of ${r.name}, each with the URI of its step-by-step trace; long lists come in pages (\`next\` is the following page).`, mimeType: 'application/json',
      })),
    ],
  }));

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      { uriTemplate: PROCESSES_TEMPLATE, name: 'processes', title: 'Execution flows of a repository', description: 'All execution flows (processes) of the repository {name}.', mimeType: 'application/json' },
      { uriTemplate: PROCESS_TEMPLATE, name: 'process', title: 'Trace of one execution flow', description: 'Step-by-step trace of the process {process} (its name, or its uid) in repository {name}.', mimeType: 'application/json' },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request): Promise<ReadResourceResult> => {
    const uri = request.params.uri;
    const address = parseResourceUri(uri);
    if (!address) throw new McpError(RESOURCE_NOT_FOUND, `unknown resource '${uri}'; known shapes: ${REPOS_URI}, ${PROCESSES_TEMPLATE}, ${PROCESS_TEMPLATE}`);
    try {
      if (address.kind === 'repos') return json(uri, await runTool(source, 'list_repos', {}));
      const snapshot = await source.get(address.repo);
      if (address.kind === 'processes') return json(uri, processPage(snapshot, address.offset));
      const trace = traceProcess(snapshot, address.process);
      if (!trace) throw new CodegraphError('NOT_FOUND', `no process '${address.process}' in ${snapshot.repo.name}; list them at ${processesUri(snapshot.repo.name)}`);
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(trace) }, { uri, mimeType: 'text/plain', text: traceText(trace) }] };
    } catch (err) {
      const e = internal(err, log);
      throw new McpError(e.status === 404 ? RESOURCE_NOT_FOUND : e.status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidParams, `${e.code}: ${e.message}`, e.toBody().error);
    }
  });

  return server;
}

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}

/** A tool error as MCP wants it: `CODE: message`, with details (field errors, candidates) on the next line. */
function errorResult(err: unknown, log: (line: string) => void): CallToolResult {
  const e = internal(err, log);
  const text = `${e.code}: ${e.message}${e.details !== undefined ? `\ndetails: ${JSON.stringify(e.details)}` : ''}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Normalises an error; an unexpected one is logged with its stack and reported without it. */
function internal(err: unknown, log: (line: string) => void): CodegraphError {
  if (isCodegraphError(err)) return toCodegraphError(err);
  log(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  return new CodegraphError('INTERNAL', 'internal error; the server log has the details');
}
