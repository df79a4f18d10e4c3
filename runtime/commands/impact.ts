/** `codegraph impact`: one-shot blast radius of a symbol; readable on a terminal, the tool's JSON otherwise. */
import type { Command } from '../cli.ts';
import { impact } from '../../handlers/impact.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderImpact } from '../render/impact.ts';
import { CLI_MAX_CHARS, OUTPUT_FLAGS, given, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const IMPACT_FLAGS = { max_chars: '--max-chars',
  target: '<target>', target_uid: '--uid', direction: '--direction', maxDepth: '--depth', relationTypes: '--relations',
  minConfidence: '--min-confidence', includeTests: '--include-tests', limit: '--limit', file_path: '--file', kind: '--kind', repo: '--repo',
};

export const impactCommand: Command = {
  name: 'impact',
  summary: 'Blast radius of a symbol: what breaks if it changes, and the risk',
  usage: [
    'codegraph impact <target> [--direction upstream|downstream] [--depth N] [--relations CALLS,IMPORTS,...]',
    '                 [--min-confidence X] [--include-tests] [--limit N] [--file F] [--kind K] [--max-chars N] [--repo R] [--json|--text]',
    '       codegraph impact --uid U [same options]',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      uid: { type: 'string' }, direction: { type: 'string' }, depth: { type: 'string' }, relations: { type: 'string' },
      'min-confidence': { type: 'string' }, 'include-tests': { type: 'boolean' }, limit: { type: 'string' },
      file: { type: 'string' }, kind: { type: 'string' }, repo: { type: 'string' }, 'max-chars': { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `impact takes one target (got ${positionals.length} arguments)`);
    if (positionals.length === 0 && values.uid === undefined) throw new CodegraphError('VALIDATION_ERROR', 'impact needs a target name or --uid');
    const request = given({
      target: positionals[0], target_uid: values.uid, direction: values.direction, maxDepth: values.depth,
      relationTypes: values.relations?.split(',').map((s) => s.trim()).filter(Boolean), minConfidence: values['min-confidence'],
      includeTests: values['include-tests'], limit: values.limit, file_path: values.file, kind: values.kind, repo: values.repo, max_chars: values['max-chars'] ?? CLI_MAX_CHARS,
    });
    return printToolResult(impact, request, { mode, render: renderImpact, flags: IMPACT_FLAGS });
  },
};
