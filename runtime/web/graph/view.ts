/**
 * Draws a graphology graph with sigma.js: edges coloured by relation, low-confidence edges dashed, the hovered
 * node's neighbourhood highlighted, click to open. A force layout (ForceAtlas2) runs in a web worker for a
 * bounded time when the view asks for it; fixed layouts (the focus view's columns) are drawn as given.
 * The container's data-* attributes say what is drawn (nodes, edges, dashed, layout state) for tests and for
 * assistive tools.
 */
import type { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import { EdgeArrowHeadProgram, EdgeArrowProgram, createEdgeCompoundProgram } from 'sigma/rendering';
import FA2Worker from 'graphology-layout-forceatlas2/worker.js';
import { inferSettings } from 'graphology-layout-forceatlas2';
import { DashedEdgeProgram } from './dashed-edge.ts';
import { LOW_CONFIDENCE, relationColor, themeColors } from './palette.ts';
import { h } from '../dom.ts';

/** The layout supervisor of graphology-layout-forceatlas2/worker (a CommonJS class, typed here for NodeNext). */
interface LayoutSupervisor { start(): void; stop(): void; kill(): void }
const FA2Layout = FA2Worker as unknown as new (graph: unknown, params: Record<string, unknown>) => LayoutSupervisor;

/** The graphs the views draw. */
export type ViewGraph = MultiDirectedGraph<NodeAttributes, EdgeAttributes>;

/** Nodes away from the hovered one. */
const DIMMED = 'rgba(148, 163, 184, 0.25)';

export interface NodeAttributes {
  label: string;
  x: number;
  y: number;
  size: number;
  color: string;
  /** Shown on hover below the label (kind, file). */
  detail?: string;
  [key: string]: unknown;
}

export interface EdgeAttributes {
  relation: string;
  confidence: number;
  size: number;
  color: string;
  type: 'arrow' | 'dashed';
  [key: string]: unknown;
}

export interface GraphViewOptions {
  /** Run ForceAtlas2 in a worker for this long (ms); 0 or absent: the positions are final. */
  layoutMs?: number;
  onClickNode?: (key: string) => void;
  /** Draw arrows (directed relations); the overview's folded edges have them too. */
  arrows?: boolean;
}

/** Adds an edge with the styling of its relation and confidence. */
export function addStyledEdge(graph: ViewGraph, source: string, target: string, relation: string, confidence: number, weight = 1): void {
  if (!graph.hasNode(source) || !graph.hasNode(target) || source === target) return;
  const key = `${relation}\u0000${source}\u0000${target}`;
  if (graph.hasEdge(key)) return;
  graph.addDirectedEdgeWithKey(key, source, target, {
    relation, confidence, size: Math.min(6, 1 + Math.log2(weight)), color: relationColor(relation),
    type: confidence < LOW_CONFIDENCE ? 'dashed' : 'arrow',
  });
}

/** Initial positions on a golden-angle spiral (deterministic, no overlap), largest nodes in the middle. */
export function spiral(graph: ViewGraph): void {
  const order = graph.nodes().sort((a, b) => (graph.getNodeAttribute(b, 'size') as number) - (graph.getNodeAttribute(a, 'size') as number) || (a < b ? -1 : 1));
  order.forEach((key, i) => {
    const r = Math.sqrt(i + 1) * 10;
    const t = i * 2.399963;
    graph.mergeNodeAttributes(key, { x: r * Math.cos(t), y: r * Math.sin(t) });
  });
}

/** A mounted graph drawing; `kill()` frees the WebGL context and stops the worker. */
export class GraphView {
  readonly sigma: Sigma<NodeAttributes, EdgeAttributes> | undefined;
  private layout: LayoutSupervisor | undefined;
  private timer: number | undefined;
  private hovered: string | undefined;
  private readonly onTheme = () => this.applyTheme();

  constructor(readonly container: HTMLElement, readonly graph: ViewGraph, options: GraphViewOptions = {}) {
    container.classList.add('graph');
    const dashed = graph.filterEdges((_e, a) => a.type === 'dashed').length;
    Object.assign(container.dataset, { nodes: String(graph.order), edges: String(graph.size), dashed: String(dashed), layout: 'none' });
    const colors = themeColors();
    try {
      this.sigma = new Sigma<NodeAttributes, EdgeAttributes>(graph as any, container, {
        renderEdgeLabels: false,
        labelColor: { color: colors.fg },
        labelSize: 12,
        labelDensity: 0.9,
        labelRenderedSizeThreshold: 6,
        stagePadding: 50,
        defaultEdgeType: 'arrow',
        edgeProgramClasses: {
          arrow: EdgeArrowProgram,
          dashed: createEdgeCompoundProgram([DashedEdgeProgram, EdgeArrowHeadProgram]) as any,
        },
        zIndex: true,
        defaultDrawNodeHover: (ctx, data, settings) => drawHover(ctx, data as any, settings),
        nodeReducer: (node, data) => this.reduceNode(node, data),
        edgeReducer: (edge, data) => this.reduceEdge(edge, data),
      });
    } catch (err) {
      container.replaceChildren(h('div', { class: 'graph-unavailable', role: 'note' },
        'This browser cannot draw the graph (WebGL is unavailable); the lists beside it show the same data.'));
      container.dataset.layout = 'unavailable';
      return;
    }
    const sigma = this.sigma;
    // The graph on screen, for the browser console and the browser tests (which click nodes where sigma draws them).
    (window as unknown as { codegraphView?: GraphView }).codegraphView = this;
    sigma.once('afterRender', () => { container.dataset.drawn = String(Math.round(performance.now())); });
    sigma.on('enterNode', ({ node }) => { this.hovered = node; sigma.refresh({ skipIndexation: true }); });
    sigma.on('leaveNode', () => { this.hovered = undefined; sigma.refresh({ skipIndexation: true }); });
    if (options.onClickNode) {
      const click = options.onClickNode;
      sigma.on('clickNode', ({ node }) => click(node));
    }
    document.addEventListener('codegraph-theme', this.onTheme);
    if (options.layoutMs && graph.order > 1) this.runLayout(options.layoutMs);
    else container.dataset.layout = 'done';
  }

  /** ForceAtlas2 in a web worker for `ms`, then stopped (the drawing follows as positions arrive). */
  private runLayout(ms: number): void {
    const settings = { ...inferSettings(this.graph.order), barnesHutOptimize: this.graph.order > 300, adjustSizes: false, slowDown: 5 };
    try {
      this.layout = new FA2Layout(this.graph, { settings, getEdgeWeight: 'size' });
    } catch {
      this.container.dataset.layout = 'done';
      return;
    }
    this.container.dataset.layout = 'running';
    this.layout.start();
    this.timer = window.setTimeout(() => {
      this.layout?.stop();
      this.container.dataset.layout = 'done';
    }, ms);
  }

  /** Centres the camera on a node. */
  focus(key: string): void {
    if (!this.sigma || !this.graph.hasNode(key)) return;
    const pos = this.sigma.getNodeDisplayData(key);
    if (pos) void this.sigma.getCamera().animate({ x: pos.x, y: pos.y, ratio: 0.6 }, { duration: 300 });
  }

  /** Where a node is drawn, in the container's pixels (tests click there). */
  viewportPosition(key: string): { x: number; y: number } | undefined {
    if (!this.sigma || !this.graph.hasNode(key)) return undefined;
    const a = this.graph.getNodeAttributes(key);
    return this.sigma.graphToViewport({ x: a.x, y: a.y });
  }

  kill(): void {
    window.clearTimeout(this.timer);
    this.layout?.kill();
    this.sigma?.kill();
    document.removeEventListener('codegraph-theme', this.onTheme);
  }

  private applyTheme(): void {
    if (!this.sigma) return;
    this.sigma.setSetting('labelColor', { color: themeColors().fg });
    this.sigma.refresh();
  }

  private reduceNode(node: string, data: NodeAttributes): Partial<NodeAttributes> & Record<string, unknown> {
    const hovered = this.hovered;
    if (!hovered || node === hovered) return node === hovered ? { ...data, highlighted: true, zIndex: 2 } : data;
    if (this.graph.areNeighbors(node, hovered)) return { ...data, zIndex: 1 };
    return { ...data, color: DIMMED, label: '', zIndex: 0 };
  }

  private reduceEdge(edge: string, data: EdgeAttributes): Partial<EdgeAttributes> & Record<string, unknown> {
    const hovered = this.hovered;
    if (!hovered) return data;
    if (this.graph.hasExtremity(edge, hovered)) return { ...data, size: data.size + 1, zIndex: 1 };
    return { ...data, hidden: true };
  }
}

/** The hover box in the theme's colours: label, then the node's detail line. */
function drawHover(ctx: CanvasRenderingContext2D, data: { x: number; y: number; size: number; label?: string; detail?: string }, settings: { labelSize: number; labelFont: string }): void {
  const colors = themeColors();
  const size = settings.labelSize;
  const lines = [data.label ?? '', data.detail ?? ''].filter(Boolean);
  ctx.font = `${size}px ${settings.labelFont}`;
  const width = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 10;
  const x = data.x + data.size + 4;
  const y = data.y - size;
  ctx.fillStyle = colors.panel;
  ctx.strokeStyle = colors.muted;
  ctx.beginPath();
  ctx.rect(x - 4, y - 4, width, lines.length * (size + 4) + 6);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = colors.fg;
  lines.forEach((l, i) => ctx.fillText(l, x, y + size + i * (size + 4)));
  ctx.beginPath();
  ctx.arc(data.x, data.y, data.size + 2, 0, Math.PI * 2);
  ctx.strokeStyle = colors.accent;
  ctx.lineWidth = 2;
  ctx.stroke();
}
