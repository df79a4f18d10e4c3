/** `codegraph query`: one-shot hybrid search; readable on a terminal, the tool's JSON otherwise. */
import type { Command } from '../cli.ts';
import { query } from '../../handlers/query.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderQuery } from '../render/query.ts';
import { OUTPUT_FLAGS, given, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const QUERY_FLAGS = {
  query: '<text>', search_query: '<text>', limit: '--limit', max_symbols: '--max-symbols', goal: '--goal', task_context: '--context',
  include_content: '--content', repo: '--repo',
};

export const queryCommand: Command = {
  name: 'query',
  summary: 'Hybrid search ranked by execution flow: where to start',
  usage: [
    'codegraph query <text…> [--limit N] [--max-symbols N] [--goal G] [--context C] [--content] [--repo R] [--json|--text]',
    '  <text…> is joined into one query; --goal says what you want to find, --context what you are working on.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      limit: { type: 'string' }, 'max-symbols': { type: 'string' }, goal: { type: 'string' }, context: { type: 'string' },
      content: { type: 'boolean' }, repo: { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    const text = positionals.join(' ');
    if (text.trim() === '') throw new CodegraphError('VALIDATION_ERROR', 'query needs words to search for: codegraph query <text…>');
    // Numbers stay strings here: the tool's schema converts them and names the field when they are not numbers.
    const request = given({
      query: text, limit: values.limit, max_symbols: values['max-symbols'], goal: values.goal,
      task_context: values.context, include_content: values.content, repo: values.repo,
    });
    return printToolResult(query, request, { mode, render: (r, o) => renderQuery(r, o, text), flags: QUERY_FLAGS });
  },
};
