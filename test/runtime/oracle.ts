/**
 * The oracle for channel tests: what a direct call of the tool returns (the handler's own function, given the
 * snapshot explicitly), turned into the status and body every channel must produce for it.
 */
import { snapshotTools, listRepos } from '../../handlers/index.ts';
import { isCodegraphError, type CodegraphError } from '../../lib/errors.ts';
import type { RepoInfo, Snapshot } from '../../index-store/snapshot.ts';
import { joiToJsonSchema } from '../../runtime/mcp/json-schema.ts';
import { findTool } from '../../runtime/tool-runner.ts';

export interface Outcome { status: number; body: unknown }

/** A valid request for each tool on the shop fixture (placeholders accept them too). */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  query: { query: 'cart total' },
  context: { name: 'addItem' },
  impact: { target: 'addItem' },
  detect_changes: { scope: 'unstaged' },
  rename: { symbol_name: 'addItem', new_name: 'addProduct' },
  cypher: { query: 'MATCH (n:Function) RETURN n.name AS name ORDER BY name' },
  list_repos: {},
};

export const SNAPSHOT_TOOLS = Object.keys(snapshotTools);

/** What a direct call returns for `tool` on `target` (a snapshot, or the registry listing for list_repos). */
export async function direct(tool: string, body: unknown, target: Snapshot | RepoInfo[]): Promise<Outcome> {
  try {
    const result = tool === 'list_repos'
      ? await listRepos(body, target as RepoInfo[])
      : await (snapshotTools as Record<string, (b: unknown, s: Snapshot) => Promise<unknown>>)[tool](body, target as Snapshot);
    return { status: 200, body: JSON.parse(JSON.stringify(result)) };
  } catch (err) {
    if (isCodegraphError(err)) return { status: (err as CodegraphError).status, body: (err as CodegraphError).toBody() };
    return { status: 500, body: { error: { code: 'INTERNAL', message: 'internal error; the server log has the details' } } };
  }
}

/**
 * A request with a wrong-typed value for every field the tool's schema types (string → object, number →
 * text, …), plus the names of those fields: a server must name each of them in its error details.
 */
export function badBody(tool: string): { body: Record<string, unknown>; fields: string[] } {
  const schema = joiToJsonSchema(findTool(tool)!.definition.schema) as { properties?: Record<string, { type?: unknown; enum?: unknown[]; anyOf?: unknown[]; description?: string }> };
  const body: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.description?.startsWith('Alias of')) continue;
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    if (prop.enum) body[key] = '__not_one_of_them__';
    else if (type === 'string') body[key] = { not: 'a string' };
    else if (type === 'number' || type === 'integer') body[key] = 'not a number';
    else if (type === 'boolean') body[key] = 'maybe';
    else if (type === 'array') body[key] = { not: 'an array' };
    else if (type === 'object') body[key] = 'not an object';
    else if (prop.anyOf) body[key] = { not: 'any of them' };
  }
  return { body, fields: Object.keys(body) };
}

/** Field names in a VALIDATION_ERROR body's details. */
export function detailFields(body: unknown): string[] {
  const details = (body as { error?: { details?: Array<{ field?: string }> } }).error?.details ?? [];
  return details.map((d) => String(d.field));
}

/** True when the details name `field` itself or an element of it (`relationTypes.0`). */
export function namesField(named: string[], field: string): boolean {
  return named.some((n) => n === field || n.startsWith(`${field}.`));
}
