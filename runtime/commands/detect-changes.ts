/** `codegraph detect-changes`: one-shot impact of a git diff; readable on a terminal, the tool's JSON otherwise. */
import fs from 'node:fs';
import type { Command } from '../cli.ts';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderChanges } from '../render/changes.ts';
import { CLI_MAX_CHARS, OUTPUT_FLAGS, given, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const CHANGES_FLAGS = { max_chars: '--max-chars', scope: '--scope', base_ref: '--base-ref', diff: '--diff-file', limit: '--limit', repo: '--repo' };

export const detectChangesCommand: Command = {
  name: 'detect-changes',
  summary: 'Symbols and flows a git diff touches, and the risk',
  usage: [
    'codegraph detect-changes [--scope unstaged|staged|all|compare] [--base-ref REF] [--diff-file F|-] [--limit N] [--max-chars N] [--repo R] [--json|--text]',
    '  --diff-file reads a unified diff from a file (or stdin with -) instead of asking git.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      scope: { type: 'string' }, 'base-ref': { type: 'string' }, 'diff-file': { type: 'string' }, limit: { type: 'string' }, repo: { type: 'string' },
      'max-chars': { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    if (positionals.length > 0) throw new CodegraphError('VALIDATION_ERROR', `detect-changes takes no arguments (got '${positionals[0]}')`);
    let diff: string | undefined;
    const file = values['diff-file'];
    if (file !== undefined) {
      try { diff = fs.readFileSync(file === '-' ? 0 : file, 'utf8'); } catch (err) {
        throw new CodegraphError('INVALID_PATH', `cannot read --diff-file '${file}': ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
    }
    const request = given({ scope: values.scope, base_ref: values['base-ref'], diff, limit: values.limit, repo: values.repo, max_chars: values['max-chars'] ?? CLI_MAX_CHARS });
    return printToolResult(detectChanges, request, { mode, render: renderChanges, flags: CHANGES_FLAGS });
  },
};
