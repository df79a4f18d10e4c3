/** Cypher console: read-only queries, results as a table, and as a graph when rows hold nodes. */
import { MultiDirectedGraph } from 'graphology';
import { tool } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { GraphView, addStyledEdge, spiral, type EdgeAttributes, type NodeAttributes } from '../graph/view.ts';
import { labelColor } from '../graph/palette.ts';
import { load } from './common.ts';

interface CypherResult { columns: string[]; rows: Array<Record<string, unknown>>; row_count: number; truncated: boolean }
interface CNode { uid: string; name?: string; label: string; filePath?: string; line?: number }
interface CEdge { source: string; target: string; type: string; confidence?: number }

/** Most nodes drawn from one result (the page never holds more than a bounded slice). */
const MAX_GRAPH_NODES = 2000;
const EXAMPLES = [
  "MATCH (c)-[:CALLS]->(f:Function) RETURN c, f LIMIT 50",
  "MATCH (n) WHERE n.label IN ['Class', 'Interface'] RETURN n.name, n.label, n.filePath ORDER BY n.name LIMIT 100",
  "MATCH (m:Community) RETURN m.name, m.size ORDER BY m.size DESC",
  "MATCH (a)-[r:CodeRelation]->(b) WHERE r.confidence < 0.5 RETURN a, r, b LIMIT 100",
];
let lastQuery = EXAMPLES[0];

export function cypherView(app: App, root: HTMLElement): () => void {
  let view: GraphView | undefined;
  const out = h('div', { id: 'cypher-result', class: 'fill' });
  const text = h('textarea', { id: 'cypher-query', 'aria-label': 'Cypher query', rows: 4, spellcheck: 'false', value: lastQuery });
  const run = () => {
    lastQuery = text.value;
    view?.kill();
    view = undefined;
    void load(out, 'the result', () => tool<CypherResult>('cypher', { repo: app.repo.name, query: text.value }), (r) => { view = draw(app, out, r); });
  };
  text.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); } });
  const examples = h('select', { 'aria-label': 'Examples', onchange: () => { if (examples.value) { text.value = examples.value; run(); } } },
    h('option', { value: '' }, 'Examples…'), EXAMPLES.map((q) => h('option', { value: q }, q)));
  replace(root, h('form', { class: 'cypher-form', onsubmit: (e: Event) => { e.preventDefault(); run(); } }, text,
    h('div', { class: 'controls' }, h('button', { type: 'submit', id: 'cypher-run' }, 'Run (Ctrl+Enter)'), examples,
      h('span', { class: 'muted' }, 'Read-only: MATCH … RETURN. Relations: [:CALLS], [:CodeRelation {type: \'IMPORTS\'}], r.confidence.'))), out);
  return () => view?.kill();
}

function draw(app: App, root: HTMLElement, r: CypherResult): GraphView | undefined {
  const nodes = new Map<string, CNode>();
  const edges: CEdge[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) { v.forEach(visit); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.uid === 'string' && typeof o.label === 'string') { if (!nodes.has(o.uid)) nodes.set(o.uid, o as unknown as CNode); return; }
    if (typeof o.source === 'string' && typeof o.target === 'string' && typeof o.type === 'string') { edges.push(o as unknown as CEdge); return; }
    Object.values(o).forEach(visit);
  };
  r.rows.forEach(visit);
  const table = h('div', { class: 'table-wrap' }, h('table', { id: 'cypher-table' },
    h('thead', null, h('tr', null, r.columns.map((c) => h('th', null, c)))),
    h('tbody', null, r.rows.map((row) => h('tr', null, r.columns.map((c) => h('td', null, cell(app, row[c]))))))));
  const head = h('p', { class: 'muted', id: 'cypher-count' }, `${fmt(r.row_count)} rows${r.truncated ? ' (cut: more exist; add LIMIT or narrow the query)' : ''}`);
  if (nodes.size === 0) { replace(root, head, table); return undefined; }
  const graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();
  for (const n of [...nodes.values()].slice(0, MAX_GRAPH_NODES)) {
    graph.addNode(n.uid, { label: n.name ?? n.uid, x: 0, y: 0, size: 6, color: labelColor(n.label), detail: `${n.label}${n.filePath ? ` · ${n.filePath}${n.line ? `:${n.line}` : ''}` : ''}` });
  }
  for (const e of edges) addStyledEdge(graph, e.source, e.target, e.type, e.confidence ?? 1);
  spiral(graph);
  const canvas = h('div', { class: 'graph-canvas small', id: 'cypher-graph', dataset: { view: 'cypher' } });
  const tabs = h('div', { class: 'tabs', role: 'tablist' });
  const showGraph = (graphShown: boolean) => {
    canvas.parentElement!.hidden = !graphShown;
    table.hidden = graphShown;
    for (const b of tabs.querySelectorAll('button')) b.setAttribute('aria-selected', String((b.dataset.tab === 'graph') === graphShown));
  };
  replace(tabs, h('button', { role: 'tab', dataset: { tab: 'table' }, id: 'cypher-tab-table', onclick: () => showGraph(false) }, 'Table'),
    h('button', { role: 'tab', dataset: { tab: 'graph' }, id: 'cypher-tab-graph', onclick: () => showGraph(true) }, `Graph (${fmt(graph.order)} nodes)`));
  replace(root, head, nodes.size > MAX_GRAPH_NODES ? h('p', { class: 'notice' }, `Showing a slice: ${fmt(MAX_GRAPH_NODES)} of ${fmt(nodes.size)} nodes.`) : null,
    tabs, h('div', { class: 'graph-wrap' }, canvas), table);
  const view = new GraphView(canvas, graph, { layoutMs: 1000, onClickNode: (uid) => app.openSymbol(uid) });
  showGraph(true);
  return view;
}

function cell(app: App, v: unknown): Node | string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && typeof (v as CNode).uid === 'string' && typeof (v as CNode).label === 'string') {
    const n = v as CNode;
    return h('button', { class: 'symbol-link', onclick: () => app.openSymbol(n.uid), title: n.uid }, `(${n.label} ${n.name ?? n.uid})`);
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
