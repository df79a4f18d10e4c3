/**
 * The web-UI server (`codegraph serve`): GET /repos and POST /tools/{tool} over every registered repository,
 * for a browser web UI on localhost or at `--web-ui-url` (the only cross-origin callers allowed).
 */
import { createApiServer, toolGetRoute, toolRoute, type ApiServer } from './api-server.ts';
import { toolEntries } from '../tool-runner.ts';
import type { SnapshotSource } from '../snapshot-source.ts';

export const WEB_DEFAULT_PORT = 4747;
export const WEB_DEFAULT_HOST = '127.0.0.1';

export interface WebServerOptions {
  source: SnapshotSource;
  /** Bind address (default 127.0.0.1); anything beyond loopback exposes the indexes to the network. */
  host?: string;
  /** Port (default 4747; 0 picks a free one). */
  port?: number;
  /** The web UI's address; its origin may call this server from a browser. */
  webUiUrl?: string;
  maxBytes?: number;
  quiet?: boolean;
  log?: (line: string) => void;
}

/** Builds the web-UI server with its routes; call `start()` to listen. */
export function createWebServer(options: WebServerOptions): ApiServer {
  const { source, log } = options;
  const server = createApiServer({
    source,
    host: options.host ?? WEB_DEFAULT_HOST,
    port: options.port ?? WEB_DEFAULT_PORT,
    allowLocalhostOrigins: true,
    origins: options.webUiUrl ? [options.webUiUrl] : [],
    maxBytes: options.maxBytes,
    quiet: options.quiet,
    log,
  });
  toolGetRoute(server, source, '/repos', 'list_repos', log);
  // Every tool under /tools/ (list_repos too, so a chat in the web UI can reach all seven uniformly).
  for (const tool of toolEntries()) toolRoute(server, source, `/tools/${tool.name}`, tool.name, log);
  return server;
}
