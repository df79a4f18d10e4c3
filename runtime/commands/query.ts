/** `codegraph query`: one-shot hybrid search; prints the query tool's JSON. */
import type { Command } from '../cli.ts';
import { query } from '../../handlers/query.ts';
import { parseOptions } from '../server-options.ts';
import { given, printToolResult } from './one-shot.ts';

export const queryCommand: Command = {
  name: 'query',
  summary: 'Hybrid search ranked by execution flow, as JSON',
  usage: [
    'codegraph query <text…> [--limit N] [--max-symbols N] [--goal G] [--context C] [--content] [--repo R]',
    '  <text…> is joined into one query; --goal says what you want to find, --context what you are working on.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      limit: { type: 'string' }, 'max-symbols': { type: 'string' }, goal: { type: 'string' }, context: { type: 'string' },
      content: { type: 'boolean' }, repo: { type: 'string' },
    }, true);
    // Numbers stay strings here: the tool's schema converts them and names the field when they are not numbers.
    const request = given({
      query: positionals.join(' '), limit: values.limit, max_symbols: values['max-symbols'], goal: values.goal,
      task_context: values.context, include_content: values.content, repo: values.repo,
    });
    return printToolResult(query, request);
  },
};
