/** `codegraph list [--repo R]`: the indexed repositories as JSON — the list_repos tool's answer. */
import type { Command } from '../cli.ts';
import { listRepos } from '../../handlers/list_repos.ts';
import { readRegistry } from '../../index-store/registry.ts';
import { parseOptions } from '../server-options.ts';

export const listCommand: Command = {
  name: 'list',
  summary: 'List indexed repositories',
  usage: 'codegraph list [--repo R]',
  async run(args) {
    const { values } = parseOptions(args, { repo: { type: 'string' } });
    const res = await listRepos(values.repo !== undefined ? { repo: values.repo } : {}, readRegistry());
    process.stdout.write(JSON.stringify(res, null, 2) + '\n');
    return 0;
  },
};
