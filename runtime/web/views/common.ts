/** Pieces every view uses: error boxes, loading states, symbol links, the slice notice, cached requests. */
import { ApiError, post } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { labelColor } from '../graph/palette.ts';

/** A readable error: the server's code and message (suggestions when it has them). */
export function errorBox(err: unknown): HTMLElement {
  const e = err instanceof ApiError ? err : new ApiError('INTERNAL', err instanceof Error ? err.message : String(err), 0);
  const suggestions = (e.details as { suggestions?: Array<{ qualifiedName?: string; name: string }> } | undefined)?.suggestions;
  return h('div', { class: 'error', role: 'alert', dataset: { code: e.code } },
    h('strong', null, e.code), ' ', e.message,
    suggestions?.length ? h('div', { class: 'muted' }, 'Did you mean: ', suggestions.map((s) => s.qualifiedName ?? s.name).join(', ')) : null);
}

/** A "loading…" line. */
export function loading(what: string): HTMLElement {
  return h('div', { class: 'loading', role: 'status' }, `Loading ${what}…`);
}

/** Runs `work` and draws its result into `root`; an error draws the error box instead. */
export async function load<T>(root: HTMLElement, what: string, work: () => Promise<T>, draw: (value: T) => void): Promise<void> {
  replace(root, loading(what));
  let value: T;
  try {
    value = await work();
  } catch (err) {
    replace(root, errorBox(err));
    return;
  }
  try {
    draw(value);
  } catch (err) {
    console.error(err);
    replace(root, errorBox(err));
  }
}

/** Anything that names a symbol. */
export interface SymbolRef {
  uid: string;
  name: string;
  type?: string;
  label?: string;
  filePath?: string;
  line?: number;
}

/** A button that opens the symbol panel, with kind and place. */
export function symbolLink(app: App, s: SymbolRef, extra?: string): HTMLElement {
  const kind = s.type ?? s.label ?? '';
  return h('button', { class: 'symbol-link', title: s.uid, dataset: { uid: s.uid }, onclick: () => app.openSymbol(s.uid) },
    h('span', { class: 'kind-dot', style: { background: labelColor(kind) } }),
    h('span', { class: 'name' }, s.name),
    h('span', { class: 'muted' }, ` ${kind}${s.filePath ? ` · ${s.filePath}${s.line ? `:${s.line}` : ''}` : ''}${extra ? ` · ${extra}` : ''}`));
}

/** The notice a bounded slice carries: what is shown out of what exists. */
export function sliceNotice(app: App, slice: { truncated: boolean; nodes: unknown[]; total: { nodes: number; edges: number }; edges: unknown[] }, what: string): void {
  if (!slice.truncated) { app.notice(undefined); return; }
  app.notice(`Showing a slice: ${fmt(slice.nodes.length)} of ${fmt(slice.total.nodes)} ${what} and ${fmt(slice.edges.length)} of ${fmt(slice.total.edges)} relations (the most connected first). Open a module or a symbol to see the rest.`);
}

export interface OverviewModule {
  uid: string;
  name: string;
  size: number;
  files: number;
  cohesion?: number;
  languages: Record<string, number>;
}

export interface Overview {
  nodes: OverviewModule[];
  edges: Array<{ source: string; target: string; count: number; types: Record<string, number>; confidence: number }>;
  total: { nodes: number; edges: number };
  truncated: boolean;
  unassigned: number;
  symbols: number;
  languages: Record<string, number>;
}

const overviews = new Map<string, Promise<Overview>>();

/** The module overview of a repository, asked once per page (the server caches it too). */
export function overviewOf(repo: string): Promise<Overview> {
  let p = overviews.get(repo);
  if (!p) {
    p = post<Overview>('/graph/overview', { repo });
    p.catch(() => overviews.delete(repo));
    overviews.set(repo, p);
  }
  return p;
}

/** A small legend of colours. */
export function legend(entries: Array<[string, string]>, extra?: HTMLElement): HTMLElement {
  return h('div', { class: 'legend', 'aria-hidden': 'true' },
    entries.map(([name, color]) => h('span', { class: 'legend-item' }, h('span', { class: 'swatch', style: { background: color } }), name)), extra);
}
