/** `codegraph list [--repo R]`: the indexed repositories — a table on a terminal, the list_repos JSON otherwise. */
import type { Command } from '../cli.ts';
import { listRepos } from '../../handlers/list_repos.ts';
import { readRegistry } from '../../index-store/registry.ts';
import { parseOptions } from '../server-options.ts';
import { defaultRepo } from '../default-repo.ts';
import { renderRepos } from '../render/changes.ts';
import { OUTPUT_FLAGS, inFlags, outputMode, printResult } from './one-shot.ts';

export const listCommand: Command = {
  name: 'list',
  summary: 'List indexed repositories',
  usage: 'codegraph list [--repo R] [--json|--text]\n  * marks the repository other commands use here when --repo is not given',
  async run(args) {
    const { values } = parseOptions(args, { repo: { type: 'string' }, ...OUTPUT_FLAGS });
    const mode = outputMode(values);
    const registry = readRegistry();
    let res;
    try {
      res = await listRepos(values.repo !== undefined ? { repo: values.repo } : {}, registry);
    } catch (err) {
      throw inFlags(err, { repo: '--repo' });
    }
    const current = defaultRepo(registry, [process.cwd()])?.path;
    printResult(res, { mode, render: (r, o) => renderRepos(r, o, current) });
    return 0;
  },
};
