/** `codegraph rename`: one-shot rename of a symbol; prints the handler's JSON. Preview unless --apply. */
import type { Command } from '../cli.ts';
import { rename } from '../../handlers/rename.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';

export const renameCommand: Command = {
  name: 'rename',
  summary: 'Coordinated multi-file rename (preview unless --apply)',
  usage: [
    'codegraph rename <symbol> <new_name> [--file F] [--kind K] [--apply [--preview-id ID]] [--text-search] [--repo R]',
    '       codegraph rename --uid U <new_name> [--apply [--preview-id ID]] [--text-search] [--repo R]',
    '  <symbol> is a name or Class.member; --file/--kind pick among symbols sharing it.',
    '  Prints the edits as JSON. --apply writes the graph edits (plus text_search edits with --text-search);',
    '  files changed since the last analyze are refused (STALE_INDEX) and nothing is written. --preview-id (the',
    '  preview_id a preview printed) writes only if the edits are still exactly those; needed to write files outside',
    '  the index.',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      uid: { type: 'string' }, file: { type: 'string' }, kind: { type: 'string' }, repo: { type: 'string' },
      apply: { type: 'boolean' }, 'text-search': { type: 'boolean' }, 'preview-id': { type: 'string' },
    }, true);
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
    };
    const loader = new SnapshotLoader();
    try {
      const snapshot = await loader.get(values.repo);
      const result = await rename(request, snapshot);
      process.stdout.write(JSON.stringify(result, null, 2) + '\n');
      return 0;
    } finally {
      loader.close();
    }
  },
};
