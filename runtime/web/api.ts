/** The page's only door to data: the codegraph server it was served by (same origin), JSON in and out. */

/** An error the server answered with (DESIGN.md §6 body), or a network failure (code NETWORK). */
export class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly status: number, readonly details?: unknown) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One indexed repository as GET /repos lists it. */
export interface RepoInfo {
  name: string;
  path: string;
  indexedAt: string;
  lastCommit: string | null;
  stats: { files: number; nodes: number; edges: number; communities: number; processes: number; embeddings: number };
}

let sessionToken: Promise<{ token: string; header: string }> | undefined;

async function parse(res: Response): Promise<any> {
  const text = await res.text();
  let body: any;
  try { body = text ? JSON.parse(text) : {}; } catch { throw new ApiError('INTERNAL', `the server answered ${res.status} with something that is not JSON`, res.status); }
  if (!res.ok) {
    const e = body?.error ?? {};
    throw new ApiError(String(e.code ?? 'INTERNAL'), String(e.message ?? `HTTP ${res.status}`), res.status, e.details);
  }
  return body;
}

async function request(path: string, init: RequestInit): Promise<any> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError('NETWORK', 'cannot reach the codegraph server (is `codegraph serve` still running?)', 0);
  }
  return parse(res);
}

/** POST a JSON body to a route of the server. */
export function post<T = any>(path: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
  return request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** GET a route of the server. */
export function get<T = any>(path: string): Promise<T> {
  return request(path, { method: 'GET' });
}

/** Runs a tool (`query`, `context`, …) through POST /tools/{name}. */
export function tool<T = any>(name: string, body: Record<string, unknown>): Promise<T> {
  return post<T>(`/tools/${encodeURIComponent(name)}`, body);
}

/** The indexed repositories. */
export async function repos(): Promise<RepoInfo[]> {
  return (await get<{ repos: RepoInfo[] }>('/repos')).repos;
}

/** Applies a rename (dry_run false) with this page's session token, which only this server's own page can read. */
export async function applyRename(body: Record<string, unknown>): Promise<any> {
  sessionToken ??= get('/session');
  const { token, header } = await sessionToken;
  return post('/tools/rename', { ...body, dry_run: false }, { [header]: token });
}
