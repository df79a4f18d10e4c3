/**
 * The web-UI server (`codegraph serve`): the web UI's page at `/`, GET /repos and POST /tools/{tool} over every
 * registered repository, and the read routes the page needs (runtime/http/web-routes.ts), for a browser on
 * localhost or at `--web-ui-url` (the only cross-origin callers allowed). A browser may apply a rename only
 * from the page's own origin with the session token (runtime/http/web-ui.ts).
 */
import type { Readable } from 'node:stream';
import { codedResponse, createApiServer, errorResponse, maxBytesOf, runToolResponse, toolGetRoute, toolRoute, type ApiServer } from './api-server.ts';
import { findTool, toolEntries } from '../tool-runner.ts';
import { validate } from '../../handlers/define-tool.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { readJsonBody } from './body.ts';
import { addViewRoutes } from './web-routes.ts';
import { SESSION_HEADER, addWebUiRoutes, browserWriteAllowed } from './web-ui.ts';

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
  /** Folder of the built page (default: dist/web). */
  webRoot?: string;
  /** Session token for rename apply from the page (default: random per server). */
  sessionToken?: string;
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
  const token = addWebUiRoutes(server, { webRoot: options.webRoot, token: options.sessionToken });
  toolGetRoute(server, source, '/repos', 'list_repos', log);
  // Every tool under /tools/ (list_repos too, so a chat in the web UI can reach all seven uniformly).
  for (const tool of toolEntries()) {
    if (tool.name === 'rename') renameRoute(server, source, token, log);
    else toolRoute(server, source, `/tools/${tool.name}`, tool.name, log);
  }
  addViewRoutes(server, source, log);
  return server;
}

/** POST /tools/rename: a preview for anyone allowed; an apply from a browser only from the page with the token. */
function renameRoute(server: ApiServer, source: SnapshotSource, token: string, log?: (line: string) => void): void {
  const schema = findTool('rename')!.definition.schema;
  server.hapi.route({
    method: 'POST', path: '/tools/rename',
    handler: async (request, h) => {
      let body: unknown;
      try {
        body = await readJsonBody(request.payload as Readable, maxBytesOf(request));
      } catch (err) {
        return errorResponse(h, err, log);
      }
      if (appliesRename(schema, body) && !browserWriteAllowed(request, token)) {
        return codedResponse(h, 'FORBIDDEN', `rename with dry_run false from a browser needs this server's own web UI page and its session token (header ${SESSION_HEADER}); preview with dry_run true, or apply from the CLI`);
      }
      return runToolResponse(source, 'rename', body, h, log);
    },
  });
}

/** True when a valid rename request asks to write (dry_run false); an invalid one is left to the tool to refuse. */
function appliesRename(schema: Parameters<typeof validate>[0], body: unknown): boolean {
  try {
    return validate<{ dry_run?: boolean }>(schema, body ?? {}).dry_run === false;
  } catch {
    return false;
  }
}
