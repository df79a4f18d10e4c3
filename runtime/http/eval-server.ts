/**
 * The evaluation server (`codegraph eval-server`): the tools at POST /{tool}, GET /list_repos, POST /shutdown,
 * bound to 127.0.0.1 only, no browser origin allowed. Snapshots stay in memory between calls (the source
 * swaps them on re-index); an idle time-out and /shutdown stop it gracefully.
 */
import { createApiServer, toolGetRoute, toolRoute, type ApiServer } from './api-server.ts';
import { toolEntries } from '../tool-runner.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import type { QueryPool } from '../query-pool.ts';

export const EVAL_DEFAULT_PORT = 4848;
/** The evaluation server never binds anything but loopback (spec: must not be exposed). */
export const EVAL_HOST = '127.0.0.1';

export interface EvalServerOptions {
  source: SnapshotSource;
  /** Port (default 4848; 0 picks a free one). */
  port?: number;
  /** Seconds without requests after which the server stops itself; 0 (default) never. */
  idleTimeout?: number;
  maxBytes?: number;
  /** Query threads (default: a pool of its own; see ApiServerOptions.queries). */
  queries?: QueryPool | false;
  quiet?: boolean;
  log?: (line: string) => void;
}

/** Builds the evaluation server with its routes; `start()` listens and arms the idle time-out. */
export function createEvalServer(options: EvalServerOptions): ApiServer {
  const { source, log } = options;
  const server = createApiServer({
    source, host: EVAL_HOST, port: options.port ?? EVAL_DEFAULT_PORT, allowLocalhostOrigins: false,
    maxBytes: options.maxBytes, quiet: options.quiet, log, queries: options.queries,
  });
  for (const tool of toolEntries()) {
    if (tool.scope === 'snapshot') toolRoute(server, source, `/${tool.name}`, tool.name, log);
  }
  toolGetRoute(server, source, '/list_repos', 'list_repos', log);
  server.hapi.route({
    method: 'POST',
    path: '/shutdown',
    handler: (request, h) => {
      // Stop once this answer is on the wire; requests still in flight on other connections finish first.
      request.raw.res.once('finish', () => { void server.stop('shutdown'); });
      return h.response({ status: 'stopping' });
    },
  });

  const idleMs = Math.max(0, options.idleTimeout ?? 0) * 1000;
  if (idleMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => { clearTimeout(timer); timer = setTimeout(() => { void server.stop('idle'); }, idleMs); };
    server.onActivity((busy) => { if (busy) clearTimeout(timer); else arm(); });
    void server.stopped.then(() => clearTimeout(timer));
    const start = server.start.bind(server);
    return Object.assign(server, { start: async () => { const url = await start(); arm(); return url; } });
  }
  return server;
}
