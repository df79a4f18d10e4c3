/** `codegraph serve`: the web-UI HTTP server over every registered repository (optionally analyzing one first). */
import path from 'node:path';
import type { Command } from '../cli.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { warmUp } from '../snapshot-source.ts';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';
import { watchRepositories, type WatchedRepositories } from '../watch-repos.ts';
import { followingEdits } from '../follow-edits.ts';
import { packageRoot } from '../package-root.ts';
import { onStopSignal, parseOptions, portOption, quietFrom, stderrLine, urlOption } from '../server-options.ts';

/** Same as WEB_DEFAULT_PORT / WEB_DEFAULT_HOST in runtime/http/web-server.ts (the help needs no server code). */
const WEB_DEFAULT_PORT = 4747;
const WEB_DEFAULT_HOST = '127.0.0.1';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Web-UI HTTP server over all indexed repositories',
  usage: [
    'codegraph serve [--port 4747] [--host 127.0.0.1] [--web-ui-url URL] [--analyze [path]] [--watch] [--quiet]',
    '  --watch: re-index each served repository when its files change (and once at start)',
  ].join('\n'),
  async run(args) {
    const { analyze, rest } = takeAnalyze(args);
    const { values } = parseOptions(rest, {
      port: { type: 'string' }, host: { type: 'string' }, 'web-ui-url': { type: 'string' }, quiet: { type: 'boolean' }, watch: { type: 'boolean' },
    });
    const port = portOption(values.port, WEB_DEFAULT_PORT);
    // Loaded here, not at the top: other commands should not pay for Hapi at start.
    const { createWebServer } = await import('../http/web-server.ts');
    const { ListenError } = await import('../http/api-server.ts');
    const { exposureWarning } = await import('../http/security.ts');
    const host = values.host && values.host.trim() !== '' ? values.host.trim() : WEB_DEFAULT_HOST;
    const webUiUrl = urlOption(values['web-ui-url'] ?? process.env.CODEGRAPH_WEB_UI_URL, '--web-ui-url');

    if (analyze !== undefined) {
      const root = analyze === true ? packageRoot() ?? process.cwd() : analyze;
      stderrLine(`analyzing ${path.resolve(root)} …`);
      const result = await analyzeRepository(root, { log: stderrLine, progress: process.stderr.isTTY === true });
      stderrLine(`indexed ${result.repo.name}: ${result.repo.stats.files} files, ${result.repo.stats.nodes} nodes, ${result.repo.stats.edges} edges`);
    }

    const thread = values.watch ? new AnalyzeThread() : undefined;
    const loader = new SnapshotLoader({ watch: true, log: stderrLine, writer: repositoryWriter(stderrLine, thread) });
    let watched: WatchedRepositories | undefined;
    // (watching: a request answers from the index of the edits saved before it: follow-edits.ts)
    const source = thread ? followingEdits(loader, () => watched?.watchers) : loader;
    const server = createWebServer({ source, host, port, webUiUrl, quiet: quietFrom(values.quiet), log: stderrLine });
    let url: string;
    try {
      url = await server.start();
    } catch (err) {
      loader.close();
      await thread?.close();
      if (err instanceof ListenError) { stderrLine(`codegraph serve: ${err.message}`); return 1; }
      throw err;
    }
    const repos = loader.list();
    const lines = [`codegraph serve listening on ${url}`];
    if (repos.length === 0) lines.push('repositories: none indexed yet (run `codegraph analyze <path>`, or `codegraph serve --analyze <path>`)');
    else lines.push(`repositories (${repos.length}):`, ...repos.map((r) => `  ${r.name}  ${r.path}`));
    lines.push(webUiUrl ? `web UI: ${webUiUrl} (it calls this server at ${url}; this server's own page is ${url}/)` : `web UI: open ${url}/ in a browser`);
    // Stop signals are taken before the announcement: a supervisor may signal as soon as it reads it.
    const unhook = onStopSignal(() => { void server.stop('stop'); });
    // One write, so a reader of the announcement never sees half of it.
    process.stdout.write(lines.join('\n') + '\n');
    const warning = exposureWarning(host);
    if (warning) stderrLine(warning);
    // Listening first: with many repositories indexed, loading them all took a minute before the page answered.
    // They load in the background now (a request for one not yet loaded loads it, or waits for its load).
    let stopping = false;
    const warming = warmUp(loader, stderrLine, () => stopping);
    watched = thread ? watchRepositories(repos, { thread, log: stderrLine }) : undefined;
    if (watched) stderrLine(`watching ${watched.watchers.size} repositor${watched.watchers.size === 1 ? 'y' : 'ies'} for changes`);
    await server.stopped;
    stopping = true;
    await Promise.all([warming, watched?.close()]);
    unhook();
    return 0;
  },
};

/** Takes `--analyze [path]` out of the arguments (its value is optional, which parseArgs cannot express). */
function takeAnalyze(args: string[]): { analyze: string | true | undefined; rest: string[] } {
  const rest: string[] = [];
  let analyze: string | true | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--analyze') {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('-')) { analyze = next; i++; } else analyze = true;
    } else if (a.startsWith('--analyze=')) {
      analyze = a.slice('--analyze='.length) || true;
    } else rest.push(a);
  }
  return { analyze, rest };
}
