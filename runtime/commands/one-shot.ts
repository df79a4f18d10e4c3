/** Shared by the one-shot tool commands (context, impact, detect-changes, query, cypher): run a tool, print JSON. */
import { SnapshotLoader } from '../../index-store/loader.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { validate, type Tool } from '../../handlers/define-tool.ts';

/**
 * Validates `request` with the tool's schema (bad input fails before any repository is loaded), loads the
 * snapshot named by `repo` (or the only one), runs the tool and prints its JSON; returns the exit code.
 */
export async function printToolResult(tool: Tool<any, Snapshot, unknown>, request: Record<string, unknown>): Promise<number> {
  validate(tool.definition.schema, request);
  const loader = new SnapshotLoader();
  try {
    const result = await tool(request, await loader.get(typeof request.repo === 'string' ? request.repo : undefined));
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return 0;
  } finally {
    loader.close();
  }
}

/** Keeps only the options that were given, so the tool's schema applies its own defaults. */
export function given(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}
