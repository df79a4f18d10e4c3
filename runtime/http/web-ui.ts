/**
 * The web UI's page and assets (built by build.mjs into dist/web), its per-session token, and the rule that
 * a browser may apply a rename only from the page's own origin with that token. The page is a fixed set of
 * files read once at start: no request names a path on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type Hapi from '@hapi/hapi';
import type { ApiServer } from './api-server.ts';
import { codedResponse } from './api-server.ts';
import { originOf } from './security.ts';

/** Header carrying the session token on a rename apply from the page. */
export const SESSION_HEADER = 'x-codegraph-session';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json; charset=utf-8',
};

// The page loads only its own files; the chat may call any http(s) endpoint the user configures (connect-src);
// the layout runs in a worker made from a blob; no page may frame it (a rename apply could be clickjacked).
const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "worker-src 'self' blob:", "connect-src 'self' http: https:", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'",
].join('; ');

interface Asset { body: Buffer; type: string; etag: string }

/** Where the built page is: dist/web beside the bundle, or from the sources, the repository's dist/web. */
export function defaultWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [path.join(here, 'web'), path.join(here, '..', '..', 'dist', 'web')]) {
    if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

/** Reads every file of the built page into memory (a few hundred kilobytes). */
function loadAssets(root: string | undefined): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!root || !fs.existsSync(root)) return assets;
  for (const name of fs.readdirSync(root)) {
    const file = path.join(root, name);
    if (!fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    assets.set(name, { body, type, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` });
  }
  return assets;
}

/** Options of the page's routes. */
export interface WebUiOptions {
  /** Folder of the built page (default: defaultWebRoot()). */
  webRoot?: string;
  /** The session token (default: 32 random bytes); tests pass their own. */
  token?: string;
}

/** Adds `GET /`, `GET /assets/{file}` and `GET /session`; returns the session token. */
export function addWebUiRoutes(server: ApiServer, options: WebUiOptions = {}): string {
  const token = options.token ?? crypto.randomBytes(32).toString('base64url');
  const assets = loadAssets(options.webRoot ?? defaultWebRoot());
  const send = (h: Hapi.ResponseToolkit, request: Hapi.Request, asset: Asset) => {
    if (request.headers['if-none-match'] === asset.etag) return pageHeaders(h.response().code(304)).header('etag', asset.etag);
    return pageHeaders(h.response(asset.body).type(asset.type)).header('etag', asset.etag).header('cache-control', 'no-cache');
  };
  server.hapi.route({
    method: 'GET', path: '/',
    handler: (request, h) => {
      const page = assets.get('index.html');
      if (page) return send(h, request, page);
      return pageHeaders(h.response(NOT_BUILT).type('text/html; charset=utf-8').code(503));
    },
  });
  server.hapi.route({
    method: 'GET', path: '/assets/{file}',
    handler: (request, h) => {
      const name = String(request.params.file);
      const asset = name === 'index.html' ? undefined : assets.get(name);
      if (!asset) return codedResponse(h, 'NOT_FOUND', `no asset '${name}'`);
      return send(h, request, asset);
    },
  });
  server.hapi.route({
    method: 'GET', path: '/session',
    handler: (request, h) => {
      if (!fromOwnPage(request)) return codedResponse(h, 'FORBIDDEN', 'the session token is given only to the web UI served by this server');
      return h.response({ token, header: SESSION_HEADER }).header('cache-control', 'no-store');
    },
  });
  return token;
}

/**
 * True when a request comes from this server's own page, or from no browser at all. A browser marks its
 * requests (Origin on cross-origin reads and every POST, Sec-Fetch-Site everywhere modern): a request that
 * carries either must name this server's own origin.
 */
export function fromOwnPage(request: Hapi.Request): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = header(request, 'origin');
  if (origin === undefined) return true;
  const host = header(request, 'host');
  return host !== undefined && originOf(origin) === originOf(`http://${host}`);
}

/** True when a request is made by a browser (it carries Origin or Sec-Fetch-* headers). */
export function fromBrowser(request: Hapi.Request): boolean {
  return header(request, 'origin') !== undefined || header(request, 'sec-fetch-site') !== undefined || header(request, 'sec-fetch-mode') !== undefined;
}

/** A browser may write (rename apply) only from the page's own origin with the session token. */
export function browserWriteAllowed(request: Hapi.Request, token: string): boolean {
  if (!fromBrowser(request)) return true;
  if (!fromOwnPage(request)) return false;
  const given = header(request, SESSION_HEADER);
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function pageHeaders(r: Hapi.ResponseObject): Hapi.ResponseObject {
  return r.header('content-security-policy', CSP).header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
}

function header(request: Hapi.Request, name: string): string | undefined {
  const v: unknown = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>codegraph</title>
<p>The web UI is not built. Run <code>node build.mjs</code> (or <code>npm run build</code>) in the codegraph folder, then reload.</p>
<p>The API is here all the same: <code>GET /repos</code>, <code>POST /tools/{tool}</code>.</p>`;
