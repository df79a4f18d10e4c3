/** `codegraph clean [path]`: remove a repository's index (.codegraph) and its registry entry. */
import type { Command } from '../cli.ts';
import { cleanRepository } from '../../lib/analyze/clean.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';

export const cleanCommand: Command = {
  name: 'clean',
  summary: 'Remove a repository\'s index and registry entry',
  usage: 'codegraph clean [path]\n  path: the repository or any folder inside it (default: the current folder)',
  async run(args) {
    const { positionals } = parseOptions(args, {}, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `clean takes one path, got ${positionals.length}`);
    const r = await cleanRepository(positionals[0] ?? process.cwd());
    const what = [r.removedIndex ? 'index removed' : 'no index folder', r.removedEntry ? 'registry entry removed' : 'not in the registry'];
    process.stdout.write(`${r.name ?? r.root}: ${what.join(', ')}  [${r.root}]\n`);
    return 0;
  },
};
