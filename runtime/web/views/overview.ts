/** Modules overview: communities as a graph sized by symbols, with the dependencies between them; click to open. */
import { MultiDirectedGraph } from 'graphology';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { GraphView, addStyledEdge, spiral, type EdgeAttributes, type NodeAttributes } from '../graph/view.ts';
import { moduleColor } from '../graph/palette.ts';
import { load, overviewOf, sliceNotice, type Overview } from './common.ts';
import { drawModuleSlice } from './module.ts';

/** How long the force layout runs on the overview. */
const LAYOUT_MS = 1500;

export function overviewView(app: App, root: HTMLElement): () => void {
  let view: GraphView | undefined;
  let left: (() => void) | undefined;
  void load(root, 'the modules', () => overviewOf(app.repo.name), (o) => {
    if (o.nodes.length === 0) {
      replace(root, h('p', { class: 'muted', id: 'no-modules' }, 'No modules (communities) were found in this repository; showing its most connected symbols instead.'), h('div', { class: 'fill' }));
      left = drawModuleSlice(app, root.lastElementChild as HTMLElement, undefined);
      return;
    }
    view = draw(app, root, o);
  });
  return () => { view?.kill(); left?.(); };
}

function draw(app: App, root: HTMLElement, o: Overview): GraphView {
  const graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();
  const max = Math.max(...o.nodes.map((n) => n.size), 1);
  for (const m of o.nodes) {
    graph.addNode(m.uid, {
      label: `${m.name} (${fmt(m.size)})`, x: 0, y: 0, size: 4 + 26 * Math.sqrt(m.size / max), color: moduleColor(m.name),
      detail: `${fmt(m.size)} symbols in ${fmt(m.files)} files · ${Object.keys(m.languages).join(', ')}`,
    });
  }
  for (const e of o.edges) addStyledEdge(graph, e.source, e.target, 'DEPENDS_ON', 1, e.count);
  spiral(graph);
  sliceNotice(app, o, 'modules');
  const canvas = h('div', { class: 'graph-canvas', id: 'overview-graph', dataset: { view: 'overview' } });
  const open = (uid: string) => app.navigate({ view: 'module', module: uid });
  const list = h('ol', { class: 'side-list', id: 'module-list', 'aria-label': 'Modules' },
    o.nodes.map((m) => h('li', null, h('button', { class: 'module-link', dataset: { uid: m.uid }, onclick: () => open(m.uid) },
      h('span', { class: 'swatch', style: { background: moduleColor(m.name) } }), h('span', { class: 'name' }, m.name),
      h('span', { class: 'muted' }, ` ${fmt(m.size)} symbols · ${fmt(m.files)} files${m.cohesion !== undefined ? ` · cohesion ${m.cohesion.toFixed(2)}` : ''}`)))));
  const summary = h('p', { class: 'muted' }, `${fmt(o.symbols)} symbols in ${fmt(o.total.nodes)} modules`,
    o.unassigned ? `, ${fmt(o.unassigned)} in none` : '', `; ${fmt(o.total.edges)} module dependencies. Click a module to open it.`);
  replace(root, h('div', { class: 'split' }, canvas, h('aside', { class: 'side' }, summary, list)));
  return new GraphView(canvas, graph, { layoutMs: LAYOUT_MS, onClickNode: open });
}
