/** `codegraph analyze [path] [--name N] [--force]`: index a repository (incremental), print the summary. */
import type { Command } from '../cli.ts';
import { analyzeRepository, formatSummary } from '../../lib/analyze/index.ts';
import { TerminalProgress } from '../../lib/analyze/progress.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { onStopSignal, parseOptions, stderrLine } from '../server-options.ts';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';
import { RepositoryWatcher } from '../../lib/analyze/watch.ts';
import { reindexLine } from '../watch-repos.ts';

export const analyzeCommand: Command = {
  name: 'analyze',
  summary: 'Index a repository (incremental)',
  usage: [
    'codegraph analyze [path] [--name N] [--force] [--json] [--workers N] [--module-resolution R] [--watch]',
    '  path defaults to the current folder; --json prints the summary as JSON',
    '  --watch: then keep the index current, re-indexing when files change, until stopped (Ctrl-C); with --json',
    '  each re-index prints its summary as one line of JSON',
    '  --workers: extraction threads beside the main one, 0-16 (default: 1 from four cores, else 0)',
    '  --module-resolution: Louvain resolution of module detection (default 1; higher gives more, smaller',
    '  modules); with --force on an index that is already current',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      name: { type: 'string' }, force: { type: 'boolean' }, json: { type: 'boolean' }, workers: { type: 'string' },
      'module-resolution': { type: 'string' }, watch: { type: 'boolean' },
    }, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `analyze takes one path, got ${positionals.length}: ${positionals.join(' ')}`);
    let workers: number | undefined;
    if (values.workers !== undefined) {
      if (!/^\d+$/.test(values.workers) || Number(values.workers) > 16) throw new CodegraphError('VALIDATION_ERROR', `--workers must be a number 0-16, got '${values.workers}'`);
      workers = Number(values.workers);
    }
    let modules: { resolution: number } | undefined;
    if (values['module-resolution'] !== undefined) {
      const r = Number(values['module-resolution']);
      if (!/^\d+(\.\d+)?$/.test(values['module-resolution']) || !(r > 0) || r > 100) throw new CodegraphError('VALIDATION_ERROR', `--module-resolution must be a number above 0 (at most 100), got '${values['module-resolution']}'`);
      modules = { resolution: r };
    }
    // On a terminal: a progress line on stderr, messages printed above it. Otherwise only the summary.
    const progress = process.stderr.isTTY === true ? new TerminalProgress(process.stderr) : undefined;
    const result = await analyzeRepository(positionals[0] ?? process.cwd(), {
      name: values.name, force: values.force, workers, progress, modules,
      log: (m) => (progress ? progress.message(m) : process.stderr.write(`${m}\n`)),
    });
    if (!values.watch) {
      process.stdout.write((values.json ? JSON.stringify(result.summary, null, 2) : formatSummary(result.summary)) + '\n');
      return 0;
    }
    process.stdout.write((values.json ? JSON.stringify(result.summary) : formatSummary(result.summary)) + '\n');
    return watchUntilStopped(result.repo.path, result.repo.name, values.json === true);
  },
};

/** `--watch`: re-indexes on every change until SIGINT/SIGTERM; a line per re-index (its JSON summary with --json). */
async function watchUntilStopped(root: string, name: string, json: boolean): Promise<number> {
  // This thread serves nothing else and its code is warm from the first analyze.
  const thread = new AnalyzeThread({ here: true });
  const watcher = RepositoryWatcher.start(root, {
    name, thread, initial: false, log: stderrLine,
    onIndexed: (e) => {
      if (e.summary.upToDate) return;
      if (json) process.stdout.write(JSON.stringify({ ...e.summary, latencyMs: Math.round(e.latencyMs), changedPaths: e.changed }) + '\n');
      else stderrLine(reindexLine(e));
    },
  });
  stderrLine(`watching ${root} (${watcher.watchedFolders().length} folders); Ctrl-C stops`);
  await new Promise<void>((resolve) => { onStopSignal(resolve); });
  await watcher.close();
  await thread.close();
  return 0;
}
