/**
 * The Hapi shell both HTTP servers share: JSON-only bodies with a size limit, the error body of DESIGN.md §6
 * for every failure (ours and the framework's), Host/Origin checks with CORS, request logging, keep-alive,
 * graceful stop. Routes are added by the web-UI and eval servers; tools run through the shared tool runner.
 */
import Hapi from '@hapi/hapi';
import type { Boom } from '@hapi/boom';
import { CodegraphError, isCodegraphError, toCodegraphError, type ErrorCode } from '../../lib/errors.ts';
import { runTool, type Offload } from '../tool-runner.ts';
import { QueryPool } from '../query-pool.ts';
import { jsonText } from '../json-text.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { accessPolicy, type AccessPolicy } from './security.ts';
import { readJsonBody } from './body.ts';
import type { Readable } from 'node:stream';

/** Default request body limit: large enough for a big unified diff in `detect_changes`. */
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
/** How long a persistent connection may sit idle before Node closes it. */
const KEEP_ALIVE_MS = 65_000;
/** How long a graceful stop waits for requests in flight before cutting connections. */
const STOP_TIMEOUT_MS = 30_000;

export interface ApiServerOptions {
  source: SnapshotSource;
  host: string;
  port: number;
  /** Whether browser pages on localhost origins may call. */
  allowLocalhostOrigins: boolean;
  /** Further allowed browser origins. */
  origins?: string[];
  /** Request body limit in bytes (default 8 MiB). */
  maxBytes?: number;
  /** Turns off the one-line-per-request log (errors are still logged). */
  quiet?: boolean;
  /** Where log lines go (default: stderr). */
  log?: (line: string) => void;
  /**
   * Threads for budgeted queries (cypher), so one query running to its budget never holds up other requests
   * (default: a new QueryPool, closed when the server stops); false runs them on the event loop.
   */
  queries?: QueryPool | false;
}

/** Why a server stopped. */
export type StopReason = 'stop' | 'shutdown' | 'idle';

/** Thrown by `start()` when the port cannot be bound; the message says what to do. */
export class ListenError extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
    this.name = 'ListenError';
  }
}

/** A running (or ready to run) API server. `hapi.inject` drives it in-process. */
export interface ApiServer {
  readonly hapi: Hapi.Server;
  /** Starts listening; resolves to the base URL (`http://127.0.0.1:4848`). Throws ListenError. */
  start(): Promise<string>;
  /** Stops gracefully: no new connections, requests in flight finish, then the source is closed. */
  stop(reason?: StopReason): Promise<void>;
  /** Resolves once the server has stopped, with the reason. */
  readonly stopped: Promise<StopReason>;
  /** Requests currently being handled. */
  inFlight(): number;
  /** Calls `listener` whenever the server becomes idle (no request in flight) and on each new request. */
  onActivity(listener: (busy: boolean) => void): void;
  /** Where budgeted tools run (the query pool), for the routes. */
  readonly offload?: Offload;
}

/** Creates the Hapi server with the shared edge behaviour; routes are added by the caller. */
export function createApiServer(options: ApiServerOptions): ApiServer {
  const log = options.log ?? ((line: string) => { process.stderr.write(line + '\n'); });
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const policy = accessPolicy({ bindHost: options.host, allowLocalhostOrigins: options.allowLocalhostOrigins, origins: options.origins });
  const queries = options.queries === false ? undefined : options.queries ?? new QueryPool({ log });
  const hapi = Hapi.server({
    host: options.host,
    port: options.port,
    debug: false, // Hapi would print request errors itself; we log them once, our way.
    router: { stripTrailingSlash: true },
    routes: {
      // Hapi checks the content type and a declared Content-Length and decompresses; readJsonBody reads with the limit.
      payload: { parse: 'gunzip', output: 'stream', allow: ['application/json'], maxBytes, defaultContentType: 'application/json' },
    },
  });
  hapi.listener.keepAliveTimeout = KEEP_ALIVE_MS;
  hapi.listener.headersTimeout = KEEP_ALIVE_MS + 1_000;

  // Tracked by request id: a request the framework answers before onRequest (a parse error) never counts.
  const active = new Set<string>();
  const activity: Array<(busy: boolean) => void> = [];
  hapi.ext('onRequest', (request, h) => {
    active.add(request.info.id);
    for (const l of activity) l(true);
    return guard(policy, request, h);
  });
  hapi.events.on('response', (request) => {
    if (active.delete(request.info.id) && active.size === 0) for (const l of activity) l(false);
    if (!options.quiet) {
      const status = request.response && 'statusCode' in request.response ? request.response.statusCode : 0;
      const ms = (request.info.responded || Date.now()) - request.info.received;
      log(`${new Date().toISOString()} ${request.method.toUpperCase()} ${request.path} ${status} ${ms}ms`);
    }
  });
  hapi.ext('onPreResponse', (request, h) => {
    const response = request.response;
    let out: Hapi.ResponseObject | undefined;
    if (response && 'isBoom' in response && response.isBoom) out = boomResponse(response, request, h, log);
    const origin = header(request, 'origin');
    if (origin !== undefined && policy.originAllowed(origin)) {
      const target = out ?? (response as Hapi.ResponseObject);
      target.header('access-control-allow-origin', origin).header('vary', 'origin');
    }
    return out ? out.takeover() : h.continue;
  });

  let resolveStopped!: (r: StopReason) => void;
  const stopped = new Promise<StopReason>((resolve) => { resolveStopped = resolve; });
  let stopping: Promise<void> | undefined;

  return {
    hapi,
    stopped,
    inFlight: () => active.size,
    onActivity: (l) => { activity.push(l); },
    offload: queries?.offload,
    async start() {
      try {
        await hapi.start();
      } catch (err) {
        throw listenError(err, options.host, options.port);
      }
      return baseUrl(options.host, hapi.info.port as number);
    },
    stop(reason: StopReason = 'stop') {
      stopping ??= (async () => {
        try {
          await hapi.stop({ timeout: STOP_TIMEOUT_MS });
        } finally {
          await queries?.close();
          options.source.close?.();
          resolveStopped(reason);
        }
      })();
      return stopping;
    },
  };
}

/** Adds a POST route that runs tool `tool` on the JSON body. */
export function toolRoute(server: ApiServer, source: SnapshotSource, path: string, tool: string, log?: (line: string) => void): void {
  server.hapi.route({
    method: 'POST', path,
    handler: async (request, h) => {
      let body: unknown;
      try {
        body = await readJsonBody(request.payload as Readable, maxBytesOf(request));
      } catch (err) {
        return errorResponse(h, err, log);
      }
      return runToolResponse(source, tool, body, h, log, server.offload);
    },
  });
}

/** Adds a GET route that runs tool `tool` with the query string as its request. */
export function toolGetRoute(server: ApiServer, source: SnapshotSource, path: string, tool: string, log?: (line: string) => void): void {
  server.hapi.route({ method: 'GET', path, handler: (request, h) => runToolResponse(source, tool, { ...request.query }, h, log, server.offload) });
}

/** Runs a tool and turns the outcome into a response: the result as JSON, or the error body. */
export async function runToolResponse(source: SnapshotSource, tool: string, body: unknown, h: Hapi.ResponseToolkit, log?: (line: string) => void, offload?: Offload): Promise<Hapi.ResponseObject> {
  try {
    const result = await runTool(source, tool, body ?? {}, offload);
    return h.response(jsonText(result)).type('application/json');
  } catch (err) {
    return errorResponse(h, err, log);
  }
}


/** The error body for anything thrown; unexpected errors are logged with their stack and leave as INTERNAL. */
export function errorResponse(h: Hapi.ResponseToolkit, err: unknown, log: (line: string) => void = (l) => { process.stderr.write(l + '\n'); }): Hapi.ResponseObject {
  if (!isCodegraphError(err)) {
    log(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    err = new CodegraphError('INTERNAL', 'internal error; the server log has the details');
  }
  const e = toCodegraphError(err);
  return h.response(e.toBody()).code(e.status).type('application/json');
}

/** Shorthand for an error response with a code and message. */
export function codedResponse(h: Hapi.ResponseToolkit, code: ErrorCode, message: string, details?: unknown): Hapi.ResponseObject {
  return errorResponse(h, new CodegraphError(code, message, details));
}

/** Refuses requests whose Host or Origin is not allowed, and answers CORS preflights of allowed origins. */
function guard(policy: AccessPolicy, request: Hapi.Request, h: Hapi.ResponseToolkit): Hapi.Lifecycle.ReturnValue {
  const host = header(request, 'host');
  if (!policy.hostAllowed(host)) {
    return codedResponse(h, 'FORBIDDEN', `Host '${host}' is not allowed: this server answers only to localhost names or its own address (DNS-rebinding protection)`).takeover();
  }
  const origin = header(request, 'origin');
  if (origin !== undefined && !policy.originAllowed(origin)) {
    return codedResponse(h, 'FORBIDDEN', `cross-origin requests from '${origin}' are not allowed`).takeover();
  }
  if (request.method === 'options' && origin !== undefined && request.headers['access-control-request-method']) {
    const res = h.response().code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600');
    // Chrome's Private Network Access: a public web UI calling this local server needs this opt-in.
    if (request.headers['access-control-request-private-network'] === 'true') res.header('access-control-allow-private-network', 'true');
    return res.takeover();
  }
  return h.continue;
}

/** Maps the framework's own errors (routing, content type, declared length, decoding) onto our codes. */
function boomResponse(boom: Boom, request: Hapi.Request, h: Hapi.ResponseToolkit, log: (line: string) => void): Hapi.ResponseObject {
  const status = boom.output.statusCode;
  const method = request.method.toUpperCase();
  switch (status) {
    case 404:
      return codedResponse(h, 'NOT_FOUND', `no route ${method} ${request.path}`);
    case 413:
      return codedResponse(h, 'PAYLOAD_TOO_LARGE', `request body is larger than the limit of ${maxBytesOf(request)} bytes`);
    case 415:
      return codedResponse(h, 'UNSUPPORTED_MEDIA_TYPE', mediaTypeMessage(String(request.headers['content-type'] ?? '')));
    case 400:
      return codedResponse(h, 'INVALID_JSON', /JSON/.test(boom.message) ? `request body is not valid JSON: ${boom.data instanceof Error ? boom.data.message : boom.message}` : `could not read the request body: ${boom.message}`);
    default:
      if (status >= 500) {
        log(`internal error on ${method} ${request.path}: ${boom.stack ?? boom.message}`);
        return codedResponse(h, 'INTERNAL', 'internal error; the server log has the details');
      }
      return h.response({ error: { code: 'VALIDATION_ERROR', message: boom.message } }).code(status).type('application/json');
  }
}

/** A request header as a string (Hapi types headers loosely). */
function header(request: Hapi.Request, name: string): string | undefined {
  const v: unknown = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The body limit of the route that took the request. */
export function maxBytesOf(request: Hapi.Request): number {
  return (request.route.settings.payload?.maxBytes as number | undefined) ?? DEFAULT_MAX_BYTES;
}

function listenError(err: unknown, host: string, port: number): ListenError {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return new ListenError(`port ${port} on ${host} is already in use (another codegraph server?); stop it or choose another port with --port`, code);
  if (code === 'EACCES') return new ListenError(`no permission to listen on ${host}:${port}; choose a port above 1023 with --port`, code);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new ListenError(`cannot bind ${host}: no such local address`, code);
  return new ListenError(`cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`, code);
}

/** `http://host:port`, with IPv6 literals bracketed. */
export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The 415 message; a form type gets the fix for `curl -d`, which sends one unless told otherwise. */
function mediaTypeMessage(type: string): string {
  const base = `request body must be JSON sent with 'Content-Type: application/json' (got '${type}')`;
  return /^application\/x-www-form-urlencoded/i.test(type)
    ? `${base}; curl -d sends that type: add -H 'Content-Type: application/json', or use curl --json '{...}'`
    : base;
}
