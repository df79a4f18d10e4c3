/** What every view gets: the repository in use, navigation, the symbol panel, and the routes as data. */
import type { RepoInfo } from './api.ts';

export type Route =
  | { view: 'overview' }
  | { view: 'module'; module: string }
  | { view: 'focus'; uid: string }
  | { view: 'files'; path?: string }
  | { view: 'impact'; uid: string }
  | { view: 'processes'; process?: string }
  | { view: 'changes' }
  | { view: 'rename'; uid: string }
  | { view: 'cypher' };

export type ViewName = Route['view'];

export interface App {
  /** The repository every request names. */
  readonly repo: RepoInfo;
  /** Goes to a view of the current repository (pushes a history entry). */
  navigate(route: Route): void;
  /** Opens the symbol panel on a symbol (the view stays). */
  openSymbol(uid: string): void;
  /** Shows or clears the notice under the view's title (used for "showing a slice"). */
  notice(text: string | undefined): void;
}

/** A view draws into `root`; what it returns is called when the view is left. */
export type View = (app: App, root: HTMLElement, route: any) => void | (() => void);

/** `#/<repo>/<view>/<arg>?symbol=<uid>` → parts; unknown views fall back to the overview. */
export function parseHash(hash: string): { repo?: string; route: Route; symbol?: string } {
  const [path, query] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').map((p) => { try { return decodeURIComponent(p); } catch { return p; } });
  const [repo, view, arg] = [parts[0] || undefined, parts[1], parts.slice(2).join('/') || undefined];
  const symbol = new URLSearchParams(query ?? '').get('symbol') ?? undefined;
  let route: Route = { view: 'overview' };
  switch (view) {
    case 'module': if (arg) route = { view, module: arg }; break;
    case 'focus': case 'impact': case 'rename': if (arg) route = { view, uid: arg }; break;
    case 'files': route = { view, path: arg }; break;
    case 'processes': route = { view, process: arg }; break;
    case 'changes': case 'cypher': route = { view }; break;
  }
  return { repo, route, symbol };
}

/** The hash of a route (inverse of parseHash). */
export function formatHash(repo: string, route: Route, symbol?: string): string {
  const arg = 'module' in route ? route.module : 'uid' in route ? route.uid : 'path' in route ? route.path : 'process' in route ? route.process : undefined;
  return `#/${encodeURIComponent(repo)}/${route.view}${arg ? `/${encodeURIComponent(arg)}` : ''}${symbol ? `?symbol=${encodeURIComponent(symbol)}` : ''}`;
}
