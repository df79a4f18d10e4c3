/** `codegraph context`: one-shot 360-degree view of a symbol; prints the context tool's JSON. */
import type { Command } from '../cli.ts';
import { context } from '../../handlers/context.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { validate, type Tool } from '../../handlers/define-tool.ts';
import { parseOptions } from '../server-options.ts';

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

export const contextCommand: Command = {
  name: 'context',
  summary: 'Everything about one symbol, as JSON',
  usage: [
    'codegraph context <name> [--file F] [--kind K] [--content] [--repo R]',
    '       codegraph context --uid U [--content] [--repo R]',
    '  <name> is a symbol name or Class.member; --file/--kind pick among symbols sharing it.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      uid: { type: 'string' }, file: { type: 'string' }, kind: { type: 'string' }, repo: { type: 'string' }, content: { type: 'boolean' },
    }, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `context takes one symbol name (got ${positionals.length} arguments)`);
    if (positionals.length === 0 && values.uid === undefined) throw new CodegraphError('VALIDATION_ERROR', 'context needs a symbol name or --uid');
    const request = given({
      name: positionals[0], uid: values.uid, file_path: values.file, kind: values.kind, include_content: values.content, repo: values.repo,
    });
    return printToolResult(context, request);
  },
};
