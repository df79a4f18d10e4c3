/** `codegraph mcp`: the MCP server on stdio. stdout carries only the protocol; every log goes to stderr. */
import type { Command } from '../cli.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../repository-writer.ts';
import { parseOptions, stderrLine } from '../server-options.ts';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';
import { repoContaining } from '../default-repo.ts';
import { watchRepositories, type WatchedRepositories } from '../watch-repos.ts';
import { followingEdits } from '../follow-edits.ts';

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'MCP stdio server',
  usage: [
    'codegraph mcp [--watch]',
    '  MCP over stdio, for editors and agents (`codegraph setup` writes their configuration).',
    '  Calls without `repo` use the indexed repository containing the folder it was started in, else one',
    '  containing a workspace root the client reports, else the only one indexed.',
    '  --watch: re-index the indexed repository containing the start folder when its files change, and once at',
    '  start (none contains it: nothing is watched)',
  ].join('\n'),
  async run(args) {
    const { values } = parseOptions(args, { watch: { type: 'boolean' } });
    // Whatever a library prints must not corrupt the JSON-RPC stream.
    console.log = console.error;
    console.info = console.error;
    console.debug = console.error;
    // Loaded here, not at the top: other commands should not pay for the MCP SDK at start.
    const { createMcpServer } = await import('../mcp/server.ts');
    const { LineTransport } = await import('../mcp/stdio-transport.ts');
    const thread = values.watch ? new AnalyzeThread() : undefined;
    const loader = new SnapshotLoader({ watch: true, log: stderrLine, writer: repositoryWriter(stderrLine, thread) });
    let watched: WatchedRepositories | undefined;
    // (watching: a tool call answers from the index of the edits saved before it: follow-edits.ts)
    const source = thread ? followingEdits(loader, () => watched?.watchers) : loader;
    const server = createMcpServer({ source, log: stderrLine, workingFolder: process.cwd() });
    // Bad lines (not JSON, over 8 MiB, not JSON-RPC) are answered with JSON-RPC errors; end of stdin closes.
    const transport = new LineTransport(process.stdin, process.stdout, { log: stderrLine });
    const closed = new Promise<void>((resolve) => { server.onclose = resolve; });
    process.once('SIGTERM', () => { void server.close(); });
    await server.connect(transport);
    if (thread) {
      const repos = loader.list();
      // Only the start folder's repository: an editor starts a server per workspace, and one started elsewhere
      // would otherwise re-index every registered repository.
      const own = repoContaining(repos, process.cwd());
      if (!own) stderrLine(`watch: no indexed repository contains ${process.cwd()}; nothing is watched`);
      watched = watchRepositories(own ? [own] : [], { thread, log: stderrLine });
    }
    await closed;
    await watched?.close();
    loader.close();
    return 0;
  },
};
