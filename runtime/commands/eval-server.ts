/** `codegraph eval-server`: the evaluation HTTP server on 127.0.0.1, snapshots kept in memory. */
import type { Command } from '../cli.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../repository-writer.ts';
import { warmUp } from '../snapshot-source.ts';
import { onStopSignal, parseOptions, portOption, quietFrom, secondsOption, stderrLine } from '../server-options.ts';

/** Same as EVAL_DEFAULT_PORT in runtime/http/eval-server.ts (kept here so the help needs no server code). */
const EVAL_DEFAULT_PORT = 4848;

export const evalServerCommand: Command = {
  name: 'eval-server',
  summary: 'Evaluation HTTP server (localhost only)',
  usage: 'codegraph eval-server [--port 4848] [--idle-timeout 0] [--quiet]',
  async run(args) {
    const { values } = parseOptions(args, {
      port: { type: 'string' }, 'idle-timeout': { type: 'string' }, quiet: { type: 'boolean' },
    });
    const port = portOption(values.port, EVAL_DEFAULT_PORT);
    // Loaded here, not at the top: other commands should not pay for Hapi at start.
    const { createEvalServer } = await import('../http/eval-server.ts');
    const { ListenError } = await import('../http/api-server.ts');
    const idleTimeout = secondsOption(values['idle-timeout'], 0, '--idle-timeout');
    const source = new SnapshotLoader({ watch: true, log: stderrLine, writer: repositoryWriter(stderrLine) });
    await warmUp(source, stderrLine);
    const server = createEvalServer({ source, port, idleTimeout, quiet: quietFrom(values.quiet), log: stderrLine });
    let url: string;
    try {
      url = await server.start();
    } catch (err) {
      source.close();
      if (err instanceof ListenError) { stderrLine(`codegraph eval-server: ${err.message}`); return 1; }
      throw err;
    }
    const repos = source.list().map((r) => r.name);
    // Stop signals are taken before the announcement: a supervisor may signal as soon as it reads it.
    const unhook = onStopSignal(() => { void server.stop('stop'); });
    // One write, so a reader of the announcement never sees half of it.
    process.stdout.write([
      `codegraph eval-server listening on ${url}`,
      `repositories: ${repos.length ? repos.join(', ') : '(none indexed; run `codegraph analyze <path>`)'}`,
      ...(idleTimeout > 0 ? [`stops after ${idleTimeout} s without requests`] : []),
    ].join('\n') + '\n');
    const reason = await server.stopped;
    unhook();
    stderrLine(`codegraph eval-server stopped (${reason === 'idle' ? 'idle time-out' : reason === 'shutdown' ? '/shutdown' : 'signal'})`);
    return 0;
  },
};
