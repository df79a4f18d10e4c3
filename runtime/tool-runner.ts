/**
 * Runs a tool by wire name against a snapshot source: validate the request with the tool's own Joi schema
 * (the edge check every channel shares), pick the snapshot by `repo`, run the pure handler.
 * HTTP, MCP and CLI one-shots all go through here, so they accept and refuse exactly the same requests.
 */
import { snapshotTools, listRepos, validate } from '../handlers/index.ts';
import type { ToolDefinition } from '../handlers/index.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { RepoInfo, Snapshot } from '../index-store/snapshot.ts';
import type { SnapshotSource } from './snapshot-source.ts';

/** A tool as the runtimes see it: wire name, its single definition, and what it runs on. */
export interface ToolEntry {
  name: string;
  // Request and response types differ per tool; the runtimes treat them as JSON.
  definition: ToolDefinition<any, any, unknown>;
  /** `snapshot`: runs on one repository's snapshot; `registry`: runs on the registry listing. */
  scope: 'snapshot' | 'registry';
}

const ENTRIES: readonly ToolEntry[] = [
  ...Object.entries(snapshotTools).map(([name, tool]) => ({ name, definition: tool.definition as ToolDefinition<any, Snapshot, unknown>, scope: 'snapshot' as const })),
  { name: 'list_repos', definition: listRepos.definition as ToolDefinition<any, RepoInfo[], unknown>, scope: 'registry' },
];
const BY_NAME = new Map(ENTRIES.map((e) => [e.name, e]));

/** Every tool, in the order agents should meet them (query first, list_repos last). */
export function toolEntries(): readonly ToolEntry[] { return ENTRIES; }

/** The tool with this wire name, or undefined. */
export function findTool(name: string): ToolEntry | undefined { return BY_NAME.get(name); }

/**
 * Runs a validated request somewhere other than this thread (runtime/query-pool.ts), or returns undefined
 * to have it run here.
 */
export type Offload = (tool: string, request: Record<string, unknown>, snapshot: Snapshot) => Promise<unknown> | undefined;

/** Validates `input` for tool `name`, selects the snapshot and runs the handler; throws CodegraphError. */
export async function runTool(source: SnapshotSource, name: string, input: unknown, offload?: Offload): Promise<unknown> {
  const entry = BY_NAME.get(name);
  if (!entry) throw new CodegraphError('NOT_FOUND', `unknown tool '${name}'; tools: ${ENTRIES.map((e) => e.name).join(', ')}`);
  const req = validate<Record<string, unknown>>(entry.definition.schema, input ?? {});
  if (entry.scope === 'registry') return entry.definition.run(req, source.list());
  const snapshot = await source.get(typeof req.repo === 'string' ? req.repo : undefined);
  return offload?.(name, req, snapshot) ?? entry.definition.run(req, snapshot);
}
