/** `codegraph context`: one-shot 360-degree view of a symbol; prints the context tool's JSON. */
import type { Command } from '../cli.ts';
import { context } from '../../handlers/context.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { given, printToolResult } from './one-shot.ts';

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
