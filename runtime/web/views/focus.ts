/**
 * Focus: the N-hop neighbourhood of a symbol. Callers on the left, callees on the right, one column per hop;
 * edges coloured by relation, low-confidence ones dashed.
 */
import { MultiDirectedGraph } from 'graphology';
import { post } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { GraphView, addStyledEdge, type EdgeAttributes, type NodeAttributes } from '../graph/view.ts';
import { LOW_CONFIDENCE, RELATION_COLORS, labelColor } from '../graph/palette.ts';
import { legend, load, sliceNotice, symbolLink } from './common.ts';
import type { SliceEdge, SliceNode } from './module.ts';

interface Neighbourhood {
  center: SliceNode; nodes: SliceNode[]; edges: SliceEdge[]; total: { nodes: number; edges: number }; truncated: boolean; depth: number;
  relationTypes: string[]; available: string[];
}

const COLUMN = 220;
const ROW = 34;

/**
 * Settings kept while the page lives (depth and relations stay as the user set them). Relations are kept as
 * the ones turned off: the server says which exist (`available`), the page assumes none.
 */
const settings = { depth: 2, off: new Set(['IMPORTS']), minConfidence: 0 };
let available: string[] | undefined;

export function focusView(app: App, root: HTMLElement, route: { uid: string }): () => void {
  let view: GraphView | undefined;
  const controls = h('form', { class: 'controls', id: 'focus-controls', onsubmit: (e: Event) => { e.preventDefault(); redraw(); } });
  const area = h('div', { class: 'fill' });
  replace(root, controls, area);
  const redraw = () => {
    view?.kill();
    view = undefined;
    const relationTypes = available?.filter((r) => !settings.off.has(r));
    void load(area, 'the neighbourhood', () => post<Neighbourhood>('/graph/neighbourhood', {
      repo: app.repo.name, uid: route.uid, depth: settings.depth, minConfidence: settings.minConfidence,
      ...(relationTypes?.length ? { relationTypes } : {}),
    }), (n) => {
      if (!available) { available = n.available; drawControls(); if (settings.off.size) { redraw(); return; } }
      view = draw(app, area, n);
    });
  };
  const depth = h('select', { 'aria-label': 'Hops', id: 'focus-depth', onchange: () => { settings.depth = Number(depth.value); redraw(); } },
    [1, 2, 3, 4, 5].map((d) => h('option', { value: String(d), selected: d === settings.depth }, `${d} hop${d > 1 ? 's' : ''}`)));
  const boxes = () => (available ?? []).map((r) => h('label', { class: 'check' },
    h('input', { type: 'checkbox', checked: !settings.off.has(r), dataset: { relation: r }, onchange: (e: Event) => {
      if ((e.target as HTMLInputElement).checked) settings.off.delete(r); else settings.off.add(r);
      if (available!.every((x) => settings.off.has(x))) { settings.off.delete(r); (e.target as HTMLInputElement).checked = true; return; }
      redraw();
    } }), h('span', { class: 'swatch', style: { background: RELATION_COLORS[r] ?? '#94a3b8' } }), r.toLowerCase().replace('_', ' ')));
  const confidence = h('select', { 'aria-label': 'Minimum confidence', onchange: () => { settings.minConfidence = Number(confidence.value); redraw(); } },
    [0, 0.5, 0.8, 0.9].map((c) => h('option', { value: String(c), selected: c === settings.minConfidence }, c === 0 ? 'all edges' : `confidence ≥ ${c}`)));
  const drawControls = () => replace(controls, depth, confidence, boxes());
  drawControls();
  app.openSymbol(route.uid);
  redraw();
  return () => view?.kill();
}

function draw(app: App, root: HTMLElement, n: Neighbourhood): GraphView {
  const graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();
  // Columns: callers at negative x by hop, callees at positive x; reached both ways: the middle column.
  const columns = new Map<number, SliceNode[]>();
  for (const node of n.nodes) {
    const col = node.side === 'caller' ? -(node.hop ?? 0) : node.side === 'callee' ? node.hop ?? 0 : 0;
    if (!columns.has(col)) columns.set(col, []);
    columns.get(col)!.push(node);
  }
  for (const [col, list] of columns) {
    list.sort((a, b) => (a.side === 'center' ? -1 : b.side === 'center' ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    list.forEach((node, i) => {
      const y = col === 0 ? (i === 0 ? 0 : (Math.ceil(i / 2) * (i % 2 ? 1 : -1)) * ROW * 1.5) : (i - (list.length - 1) / 2) * ROW;
      graph.addNode(node.uid, {
        label: node.name, x: col * COLUMN, y: -y, size: node.side === 'center' ? 14 : 7, color: labelColor(node.label),
        detail: `${node.kind ?? node.label} · ${node.filePath ?? ''}${node.line ? `:${node.line}` : ''}${node.side === 'both' ? ' · caller and callee' : ''}`,
      });
    });
  }
  for (const e of n.edges) addStyledEdge(graph, e.source, e.target, e.type, e.confidence, e.count);
  sliceNotice(app, n, 'symbols');
  const canvas = h('div', { class: 'graph-canvas', id: 'focus-graph', dataset: { view: 'focus', center: n.center.uid } });
  const side = (which: 'caller' | 'callee', title: string) => {
    const list = n.nodes.filter((x) => x.side === which || x.side === 'both').sort((a, b) => (a.hop ?? 0) - (b.hop ?? 0) || (a.name < b.name ? -1 : 1));
    return h('div', null, h('h3', null, `${title} (${fmt(list.length)})`), h('ul', { class: 'side-list', id: `focus-${which}s` },
      list.slice(0, 200).map((x) => h('li', null, symbolLink(app, x, `hop ${x.hop}`)))));
  };
  const low = n.edges.filter((e) => e.confidence < LOW_CONFIDENCE).length;
  replace(root, h('div', { class: 'split' },
    h('div', { class: 'graph-wrap' }, canvas, legend(Object.entries(RELATION_COLORS).filter(([k]) => n.relationTypes.includes(k)),
      h('span', { class: 'legend-item' }, h('span', { class: 'dash' }), `confidence < ${LOW_CONFIDENCE} (${low})`))),
    h('aside', { class: 'side' },
      h('p', null, h('span', { class: 'muted' }, '← callers · '), h('strong', null, n.center.name), h('span', { class: 'muted' }, ' · callees →')),
      side('caller', 'Callers'), side('callee', 'Callees'))));
  return new GraphView(canvas, graph, { onClickNode: (uid) => app.openSymbol(uid) });
}
