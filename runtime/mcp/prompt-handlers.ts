/** Wires the prompts and their argument completion into an MCP server. */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isCodegraphError } from '../../lib/errors.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { completePromptArgument, getPrompt, listPrompts } from './prompts.ts';

/** Serves prompts/list, prompts/get and completion/complete (prompt arguments) for `source`. */
export function servePrompts(server: Server, source: SnapshotSource, log: (line: string) => void): void {
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    try {
      return getPrompt(request.params.name, request.params.arguments ?? {});
    } catch (err) {
      if (isCodegraphError(err)) throw new McpError(ErrorCode.InvalidParams, `${err.code}: ${err.message}`, err.details);
      throw err;
    }
  });
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument, context } = request.params;
    if (ref.type !== 'ref/prompt') return { completion: { values: [], total: 0, hasMore: false } };
    try {
      const completion = await completePromptArgument(source, ref.name, argument.name, argument.value, context?.arguments?.repo);
      return { completion };
    } catch (err) {
      log(`completion failed: ${err instanceof Error ? err.message : String(err)}`);
      return { completion: { values: [], total: 0, hasMore: false } };
    }
  });
}
