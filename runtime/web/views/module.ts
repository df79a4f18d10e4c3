/** One module: its symbols with the dependencies among them, and the modules it talks to. */
import { MultiDirectedGraph } from 'graphology';
import { post } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { GraphView, addStyledEdge, spiral, type EdgeAttributes, type NodeAttributes } from '../graph/view.ts';
import { RELATION_COLORS, labelColor } from '../graph/palette.ts';
import { legend, load, sliceNotice, symbolLink } from './common.ts';

export interface SliceNode { uid: string; name: string; label: string; kind?: string; filePath?: string; line?: number; size: number; module?: string; hop?: number; side?: string; language?: string }
export interface SliceEdge { source: string; target: string; type: string; confidence: number; count: number }
interface ModuleSlice {
  nodes: SliceNode[]; edges: SliceEdge[]; total: { nodes: number; edges: number }; truncated: boolean;
  module?: { uid: string; name: string; size: number; cohesion?: number };
  neighbours: Array<{ uid: string; name: string; outgoing: number; incoming: number }>;
}

const LAYOUT_MS = 2000;

export function moduleView(app: App, root: HTMLElement, route: { module: string }): () => void {
  return drawModuleSlice(app, root, route.module);
}

/** Draws a module's slice (the whole repository's when `module` is undefined) into `root`. */
export function drawModuleSlice(app: App, root: HTMLElement, module: string | undefined): () => void {
  let view: GraphView | undefined;
  let gone = false;
  void load(root, 'the module', () => post<ModuleSlice>('/graph/module', { repo: app.repo.name, ...(module ? { module } : {}) }), (slice) => {
    if (gone) return;
    const graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();
    const max = Math.max(...slice.nodes.map((n) => n.size), 1);
    for (const n of slice.nodes) {
      graph.addNode(n.uid, { label: n.name, x: 0, y: 0, size: 3 + 12 * Math.sqrt(n.size / max), color: labelColor(n.label), detail: `${n.kind ?? n.label} · ${n.filePath ?? ''}${n.line ? `:${n.line}` : ''}` });
    }
    for (const e of slice.edges) addStyledEdge(graph, e.source, e.target, e.type, e.confidence, e.count);
    spiral(graph);
    sliceNotice(app, slice, 'symbols');
    const canvas = h('div', { class: 'graph-canvas', id: 'module-graph', dataset: { view: 'module' } });
    const heading = slice.module
      ? h('p', null, h('strong', null, slice.module.name), ` — ${fmt(slice.module.size)} symbols${slice.module.cohesion !== undefined ? `, cohesion ${slice.module.cohesion.toFixed(2)}` : ''}. `,
        h('a', { href: '#', onclick: (e: Event) => { e.preventDefault(); app.navigate({ view: 'overview' }); } }, '← all modules'))
      : h('p', null, `${fmt(slice.total.nodes)} symbols.`);
    const neighbours = slice.neighbours.length ? h('div', null, h('h3', null, 'Talks to'), h('ul', { class: 'side-list' },
      slice.neighbours.slice(0, 30).map((m) => h('li', null, h('button', { class: 'module-link', onclick: () => app.navigate({ view: 'module', module: m.uid }) },
        m.name, h('span', { class: 'muted' }, ` → ${fmt(m.outgoing)} · ← ${fmt(m.incoming)}`)))))) : null;
    const symbols = [...slice.nodes].sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1));
    const list = h('div', null, h('h3', null, 'Symbols'), h('ul', { class: 'side-list', id: 'module-symbols' },
      symbols.slice(0, 300).map((n) => h('li', null, symbolLink(app, n, `${n.size} deps`)))),
      symbols.length > 300 ? h('p', { class: 'muted' }, `… ${fmt(symbols.length - 300)} more in the graph`) : null);
    replace(root, h('div', { class: 'split' }, h('div', { class: 'graph-wrap' }, canvas, legend(Object.entries(RELATION_COLORS).filter(([k]) => k !== 'DEPENDS_ON'))),
      h('aside', { class: 'side' }, heading, neighbours, list)));
    view = new GraphView(canvas, graph, { layoutMs: LAYOUT_MS, onClickNode: (uid) => app.openSymbol(uid) });
  });
  return () => { gone = true; view?.kill(); };
}
