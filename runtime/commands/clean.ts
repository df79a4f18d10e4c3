/** `codegraph clean [path] [--repo NAME]`: remove a repository's index (.codegraph) and its registry entry. */
import type { Command } from '../cli.ts';
import { cleanRepository, registeredPath } from '../../lib/analyze/clean.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';

export const cleanCommand: Command = {
  name: 'clean',
  summary: 'Remove a repository\'s index and registry entry',
  usage: 'codegraph clean [path] [--repo NAME]\n  path: the repository or any folder inside it (default: the current folder)\n  --repo: the repository by its registered name (as `codegraph list` shows it) instead of a path',
  async run(args) {
    const { values, positionals } = parseOptions(args, { repo: { type: 'string' } }, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `clean takes one path, got ${positionals.length}`);
    if (values.repo !== undefined && positionals.length) throw new CodegraphError('VALIDATION_ERROR', 'clean takes a path or --repo, not both');
    const target = values.repo !== undefined ? registeredPath(String(values.repo)) : positionals[0] ?? process.cwd();
    const r = await cleanRepository(target);
    const what = [r.removedIndex ? 'index removed' : 'no index folder', r.removedEntry ? 'registry entry removed' : 'not in the registry'];
    process.stdout.write(`${r.name ?? r.root}: ${what.join(', ')}  [${r.root}]\n`);
    return 0;
  },
};
