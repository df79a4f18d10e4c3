/** `codegraph context`: one-shot 360-degree view of a symbol; readable on a terminal, the tool's JSON otherwise. */
import type { Command } from '../cli.ts';
import { context } from '../../handlers/context.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderContext } from '../render/context.ts';
import { CLI_MAX_CHARS, OUTPUT_FLAGS, given, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const CONTEXT_FLAGS = { max_chars: '--max-chars', name: '<name>', uid: '--uid', file_path: '--file', kind: '--kind', include_content: '--content', repo: '--repo' };

export const contextCommand: Command = {
  name: 'context',
  summary: 'Everything about one symbol: callers, callees, members, flows',
  usage: [
    'codegraph context <name> [--file F] [--kind K] [--content] [--max-chars N] [--repo R] [--json|--text]',
    '       codegraph context --uid U [--content] [--repo R] [--json|--text]',
    '  <name> is a symbol name or Class.member; --file/--kind pick among symbols sharing it.',
    '  Readable on a terminal, JSON when piped (--json / --text choose). The whole answer unless --max-chars N',
    '  asks for the size budget agents get (docs/tools.md).',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      uid: { type: 'string' }, file: { type: 'string' }, kind: { type: 'string' }, repo: { type: 'string' }, content: { type: 'boolean' }, 'max-chars': { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `context takes one symbol name (got ${positionals.length} arguments); quote a name with spaces`);
    if (positionals.length === 0 && values.uid === undefined) throw new CodegraphError('VALIDATION_ERROR', 'context needs a symbol name or --uid');
    const request = given({
      name: positionals[0], uid: values.uid, file_path: values.file, kind: values.kind, include_content: values.content, repo: values.repo, max_chars: values['max-chars'] ?? CLI_MAX_CHARS,
    });
    return printToolResult(context, request, { mode, render: renderContext, flags: CONTEXT_FLAGS });
  },
};
