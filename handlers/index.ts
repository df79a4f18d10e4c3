/** The tool set: one definition per tool, shared by direct calls, both HTTP servers and MCP. */
import { query } from './query.ts';
import { context } from './context.ts';
import { impact } from './impact.ts';
import { detectChanges } from './detect_changes.ts';
import { rename } from './rename.ts';
import { cypher } from './cypher.ts';
import { listRepos } from './list_repos.ts';

export { query, context, impact, detectChanges, rename, cypher, listRepos };
export { defineTool, validate } from './define-tool.ts';
export type { Tool, ToolDefinition, ToolAnnotations } from './define-tool.ts';
export { CodegraphError } from '../lib/errors.ts';

/** Tools that work on one repository's snapshot, by wire name. */
export const snapshotTools = { query, context, impact, detect_changes: detectChanges, rename, cypher } as const;
export type SnapshotToolName = keyof typeof snapshotTools;
