/** `codegraph rename`: one-shot rename of a symbol, preview unless --apply; readable on a terminal, JSON otherwise. */
import type { Command } from '../cli.ts';
import { rename } from '../../handlers/rename.ts';
import { repositoryWriter } from '../repository-writer.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';
import { renderRename } from '../render/changes.ts';
import { CLI_MAX_CHARS, OUTPUT_FLAGS, outputMode, printToolResult } from './one-shot.ts';

/** Request field → CLI flag, for messages. */
export const RENAME_FLAGS = {
  symbol_name: '<symbol>', symbol_uid: '--uid', uid: '--uid', new_name: '<new_name>', file_path: '--file', kind: '--kind', repo: '--repo',
  dry_run: '--apply', include_text_search: '--text-search', max_chars: '--max-chars', preview_id: '--preview-id',
};

export const renameCommand: Command = {
  name: 'rename',
  summary: 'Coordinated multi-file rename (preview unless --apply)',
  usage: [
    'codegraph rename <symbol> <new_name> [--file F] [--kind K] [--apply [--preview-id ID]] [--text-search] [--max-chars N] [--repo R] [--json|--text]',
    '       codegraph rename --uid U <new_name> [--apply [--preview-id ID]] [--text-search] [--repo R]',
    '  <symbol> is a name or Class.member; --file/--kind pick among symbols sharing it.',
    '  Shows the edits. --apply writes the graph edits (plus text_search edits with --text-search);',
    '  files changed since the last analyze are refused (STALE_INDEX) and nothing is written. --preview-id (the',
    '  preview_id a preview printed) writes only if the edits are still exactly those; needed to write files outside',
    '  the index.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      uid: { type: 'string' }, file: { type: 'string' }, kind: { type: 'string' }, repo: { type: 'string' },
      apply: { type: 'boolean' }, 'text-search': { type: 'boolean' }, 'preview-id': { type: 'string' },
      'max-chars': { type: 'string' }, ...OUTPUT_FLAGS,
    }, true);
    const mode = outputMode(values);
    const want = values.uid !== undefined ? 1 : 2;
    if (positionals.length !== want) {
      throw new CodegraphError('VALIDATION_ERROR', values.uid !== undefined
        ? `with --uid, rename takes only <new_name> (got ${positionals.length} arguments)`
        : `rename takes <symbol> <new_name> (got ${positionals.length} argument${positionals.length === 1 ? '' : 's'})`);
    }
    const request = {
      ...(values.uid !== undefined ? { symbol_uid: values.uid } : { symbol_name: positionals[0] }),
      new_name: positionals[want - 1],
      ...(values.file !== undefined ? { file_path: values.file } : {}),
      ...(values.kind !== undefined ? { kind: values.kind } : {}),
      ...(values.repo !== undefined ? { repo: values.repo } : {}),
      dry_run: values.apply !== true,
      include_text_search: values['text-search'] === true,
      ...(values['preview-id'] !== undefined ? { preview_id: values['preview-id'] } : {}),
      max_chars: values['max-chars'] ?? CLI_MAX_CHARS,
    };
    return printToolResult(rename, request, { mode, render: renderRename, flags: RENAME_FLAGS, loader: { writer: repositoryWriter() } });
  },
};
