/** `codegraph list`: the indexed repositories as JSON (the list_repos tool's answer). */
import type { Command } from '../cli.ts';
import { readRegistry } from '../../index-store/registry.ts';
import { parseOptions } from '../server-options.ts';

export const listCommand: Command = {
  name: 'list',
  summary: 'List indexed repositories',
  usage: 'codegraph list',
  async run(args) {
    parseOptions(args, {});
    process.stdout.write(JSON.stringify({ repos: readRegistry() }, null, 2) + '\n');
    return 0;
  },
};
