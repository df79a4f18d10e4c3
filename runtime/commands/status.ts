/** `codegraph status [path]`: is the index current, and which files changed, were added or deleted since. */
import type { Command } from '../cli.ts';
import { indexStatus, locateIndex } from '../../lib/analyze/status.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';

export const statusCommand: Command = {
  name: 'status',
  summary: 'Is the index current? Which files changed since?',
  usage: 'codegraph status [path] [--json]\n  path: the repository or any folder inside it (default: the current folder)',
  async run(args) {
    const { values, positionals } = parseOptions(args, { json: { type: 'boolean' } }, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `status takes one path, got ${positionals.length}`);
    const { root } = locateIndex(positionals[0] ?? process.cwd());
    const s = indexStatus(root);
    if (values.json) { process.stdout.write(JSON.stringify(s, null, 2) + '\n'); return 0; }
    const out: string[] = [];
    out.push(`${s.name}: ${s.broken ? 'broken' : s.upToDate ? 'up to date' : 'out of date'}  [${s.path}]`);
    if (s.broken) out.push(`  the published snapshot is damaged: ${s.broken}`);
    out.push(`  indexed ${s.indexedAt}${s.indexedCommit ? ` at ${s.indexedCommit.slice(0, 12)}` : ''}${s.currentCommit && s.currentCommit !== s.indexedCommit ? `; HEAD is now ${s.currentCommit.slice(0, 12)}` : ''}`);
    if (s.rebuild) out.push(`  full rebuild due: ${s.rebuild}`);
    for (const [label, list] of [['changed', s.changed], ['added', s.added], ['deleted', s.deleted], ['config changed', s.configChanged]] as const) {
      if (list.length) out.push(`  ${label} (${list.length}):`, ...list.slice(0, 50).map((p) => `    ${p}`), ...(list.length > 50 ? [`    … ${list.length - 50} more`] : []));
    }
    if (s.configFilesAddedOrRemoved) out.push('  a .json file (tsconfig, package.json, …) was added or removed');
    if (!s.upToDate) out.push('  run `codegraph analyze` to update');
    process.stdout.write(out.join('\n') + '\n');
    return 0;
  },
};
