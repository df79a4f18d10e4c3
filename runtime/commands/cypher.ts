/** `codegraph cypher`: one-shot read-only Cypher query; a table on a terminal, the tool's JSON otherwise. */
import type { Command } from '../cli.ts';
import { cypher } from '../../handlers/cypher.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderCypher } from '../render/changes.ts';
import { CLI_MAX_CHARS, OUTPUT_FLAGS, given, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const CYPHER_FLAGS = { max_chars: '--max-chars', query: '<statement>', statement: '<statement>', params: '--params', max_rows: '--max-rows', repo: '--repo' };

export const cypherCommand: Command = {
  name: 'cypher',
  summary: 'Run a read-only Cypher query over the graph',
  usage: [
    'codegraph cypher <statement> [--params JSON] [--max-rows N] [--max-chars N] [--repo R] [--json|--text]',
    "  e.g. codegraph cypher \"MATCH (c)-[:CALLS]->(f:Function {name: \\$name}) RETURN c.name\" --params '{\"name\":\"run\"}'",
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      params: { type: 'string' }, 'max-rows': { type: 'string' }, repo: { type: 'string' }, 'max-chars': { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    if (positionals.length !== 1) throw new CodegraphError('VALIDATION_ERROR', `cypher takes one statement (got ${positionals.length}); quote the query`);
    let params: unknown;
    if (values.params !== undefined) {
      try { params = JSON.parse(values.params); } catch {
        throw new CodegraphError('VALIDATION_ERROR', '--params must be a JSON object');
      }
    }
    const maxRows = values['max-rows'];
    if (maxRows !== undefined && !/^\d+$/.test(maxRows)) throw new CodegraphError('VALIDATION_ERROR', `--max-rows must be a positive integer, got '${maxRows}'`);
    return printToolResult(cypher, given({
      query: positionals[0], params, max_rows: maxRows === undefined ? undefined : Number(maxRows), repo: values.repo, max_chars: values['max-chars'] ?? CLI_MAX_CHARS,
    }), { mode, render: renderCypher, flags: CYPHER_FLAGS });
  },
};
