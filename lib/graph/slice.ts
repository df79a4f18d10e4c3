/**
 * Bounded views of a snapshot's graph for the web UI: the module overview (communities and the dependencies
 * between them), one module's symbols, the neighbourhood of a symbol, a process as a sequence of calls, and
 * the files with their symbols. Every view is capped (SLICE_LIMIT nodes by default) and says when it was cut,
 * so a browser never holds a large graph whole. This is the web UI's only reader of the graph's structure:
 * when the in-memory graph changes, this module is the one to follow it.
 */
import { graphData, nodeOf, nodesWithLabel, type CodeGraph } from './code-graph.ts';
import { REL_TYPES, SYMBOL_LABELS, type GraphEdge, type GraphNode, type NodeLabel, type RelType } from './schema.ts';

/** The most nodes one slice may hold. */
export const SLICE_LIMIT = 2000;
/** The most edges one slice may hold (the heaviest are kept). */
export const SLICE_EDGE_LIMIT = 20_000;
/** Relations that make one symbol depend on another (what the overview aggregates and slices draw). */
export const DEPENDENCY_RELATIONS: readonly RelType[] = REL_TYPES.filter((t) => ['CALLS', 'IMPORTS', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'REFERENCES'].includes(t));
/** Relations a neighbourhood follows unless told otherwise: dependencies plus a type's methods. */
export const NEIGHBOURHOOD_RELATIONS: readonly RelType[] = [...DEPENDENCY_RELATIONS, 'HAS_METHOD'];

const SYMBOL = new Set<NodeLabel>(SYMBOL_LABELS);

/** A node as a slice carries it: what the page draws and links, nothing more. */
export interface SliceNode {
  uid: string;
  name: string;
  label: string;
  kind?: string;
  filePath?: string;
  line?: number;
  language?: string;
  module?: string;
  /** Overview: symbols in the module. Other slices: dependency edges at the node in the whole graph. */
  size: number;
  /** Neighbourhood: hops from the centre (0 = the centre). */
  hop?: number;
  /** Neighbourhood: which way the node was reached (callers upstream, callees downstream). */
  side?: 'center' | 'caller' | 'callee' | 'both';
}

/** An edge as a slice carries it. Overview edges aggregate every symbol-level dependency between two modules. */
export interface SliceEdge {
  source: string;
  target: string;
  type: string;
  confidence: number;
  reason?: string;
  /** Sites (symbol edges) or, in the overview, symbol-level dependencies folded into this edge. */
  count: number;
  /** Overview: the folded dependencies by relation type. */
  types?: Record<string, number>;
}

/** A bounded view of the graph. `total` counts what the full view would hold; `truncated` says it was cut. */
export interface GraphSlice {
  view: 'overview' | 'module' | 'neighbourhood';
  nodes: SliceNode[];
  edges: SliceEdge[];
  total: { nodes: number; edges: number };
  truncated: boolean;
  limit: number;
}

export interface OverviewModule extends SliceNode {
  cohesion?: number;
  /** Files the module's symbols are defined in. */
  files: number;
  /** Symbols by language. */
  languages: Record<string, number>;
}

export interface Overview extends GraphSlice {
  view: 'overview';
  nodes: OverviewModule[];
  /** Symbols that belong to no module. */
  unassigned: number;
  /** Symbols in the repository. */
  symbols: number;
  /** Symbols in the repository by language. */
  languages: Record<string, number>;
}

export interface ModuleSlice extends GraphSlice {
  view: 'module';
  /** The module (community) shown, or undefined for the whole repository. */
  module?: { uid: string; name: string; size: number; cohesion?: number };
  /** Dependencies leaving or entering the module, by the other module (most first). */
  neighbours: Array<{ uid: string; name: string; outgoing: number; incoming: number }>;
}

export interface NeighbourhoodSlice extends GraphSlice {
  view: 'neighbourhood';
  center: SliceNode;
  depth: number;
  relationTypes: RelType[];
  /** Every relation a neighbourhood can follow (what the page offers to toggle). */
  available: RelType[];
}

// ---------------------------------------------------------------------------------------------- graph access

/** Per-graph indexes, built once on first use (a snapshot's graph never changes; a new one is a new object). */
interface GraphIndex {
  /** Symbol uid → Community uid (MEMBER_OF). */
  moduleOf: Map<string, string>;
  /** Community uid → its members, in graph order. */
  members: Map<string, GraphNode[]>;
  /** File path → the symbols defined in it, by line. */
  byFile: Map<string, GraphNode[]>;
  /** Dependency edges at each symbol (in + out). */
  degree: Map<string, number>;
  symbols: number;
}

const INDEX = new WeakMap<CodeGraph, GraphIndex>();
const OVERVIEW = new WeakMap<CodeGraph, Overview>();

function isSymbol(n: GraphNode): boolean { return SYMBOL.has(n.label); }

function indexOf(graph: CodeGraph): GraphIndex {
  let ix = INDEX.get(graph);
  if (ix) return ix;
  ix = { moduleOf: new Map(), members: new Map(), byFile: new Map(), degree: new Map(), symbols: 0 };
  const dependency = new Set<string>(DEPENDENCY_RELATIONS);
  const { nodes, edges } = graphData(graph);
  for (const n of nodes) {
    if (!isSymbol(n)) continue;
    ix.symbols++;
    if (n.filePath) {
      let list = ix.byFile.get(n.filePath);
      if (!list) ix.byFile.set(n.filePath, (list = []));
      list.push(n);
    }
  }
  for (const list of ix.byFile.values()) list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || cmp(a.uid, b.uid));
  for (const e of edges) {
    if (e.type === 'MEMBER_OF') {
      const member = nodeOf(graph, e.source);
      if (!member || !isSymbol(member)) continue;
      ix.moduleOf.set(e.source, e.target);
      let list = ix.members.get(e.target);
      if (!list) ix.members.set(e.target, (list = []));
      list.push(member);
    } else if (dependency.has(e.type)) {
      ix.degree.set(e.source, (ix.degree.get(e.source) ?? 0) + 1);
      ix.degree.set(e.target, (ix.degree.get(e.target) ?? 0) + 1);
    }
  }
  INDEX.set(graph, ix);
  return ix;
}

function sliceNode(ix: GraphIndex, n: GraphNode): SliceNode {
  const out: SliceNode = { uid: n.uid, name: n.name, label: n.label, size: ix.degree.get(n.uid) ?? 0 };
  if (typeof n.kind === 'string') out.kind = n.kind;
  if (n.filePath) out.filePath = n.filePath;
  if (typeof n.line === 'number') out.line = n.line;
  if (typeof n.language === 'string') out.language = n.language;
  if (typeof n.module === 'string') out.module = n.module;
  return out;
}

function sliceEdge(e: GraphEdge): SliceEdge {
  return { source: e.source, target: e.target, type: e.type, confidence: e.confidence, reason: e.reason, count: e.count ?? 1 };
}

// --------------------------------------------------------------------------------------------------- overview

/** Modules (communities) as a graph: sized by symbols, with the symbol dependencies between them folded. */
export function moduleOverview(graph: CodeGraph, limit = SLICE_LIMIT): Overview {
  let full = OVERVIEW.get(graph);
  if (!full) {
    full = buildOverview(graph);
    OVERVIEW.set(graph, full);
  }
  if (full.nodes.length <= limit && full.edges.length <= SLICE_EDGE_LIMIT) return { ...full, limit };
  const nodes = full.nodes.slice(0, limit);
  const keep = new Set(nodes.map((n) => n.uid));
  const edges = full.edges.filter((e) => keep.has(e.source) && keep.has(e.target)).slice(0, SLICE_EDGE_LIMIT);
  return { ...full, nodes, edges, truncated: true, limit };
}

function buildOverview(graph: CodeGraph): Overview {
  const ix = indexOf(graph);
  const nodes: OverviewModule[] = [];
  for (const c of nodesWithLabel(graph, 'Community')) {
    const members = ix.members.get(c.uid) ?? [];
    const files = new Set<string>();
    const languages: Record<string, number> = {};
    for (const m of members) {
      if (m.filePath) files.add(m.filePath);
      const lang = typeof m.language === 'string' ? m.language : 'unknown';
      languages[lang] = (languages[lang] ?? 0) + 1;
    }
    const node: OverviewModule = { uid: c.uid, name: c.name, label: 'Community', size: members.length, files: files.size, languages };
    if (typeof c.cohesion === 'number') node.cohesion = c.cohesion;
    nodes.push(node);
  }
  nodes.sort((a, b) => b.size - a.size || cmp(a.name, b.name) || cmp(a.uid, b.uid));

  const folded = new Map<string, SliceEdge>();
  const dependency = new Set<string>(DEPENDENCY_RELATIONS);
  for (const e of graphData(graph).edges) {
    if (!dependency.has(e.type)) continue;
    const from = ix.moduleOf.get(e.source);
    const to = ix.moduleOf.get(e.target);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}\u0000${to}`;
    let edge = folded.get(key);
    if (!edge) folded.set(key, (edge = { source: from, target: to, type: 'DEPENDS_ON', confidence: 0, count: 0, types: {} }));
    edge.count++;
    edge.types![e.type] = (edge.types![e.type] ?? 0) + 1;
    edge.confidence = Math.max(edge.confidence, e.confidence);
  }
  const edges = [...folded.values()].sort((a, b) => b.count - a.count || cmp(a.source, b.source) || cmp(a.target, b.target));
  let assigned = 0;
  for (const list of ix.members.values()) assigned += list.length;
  const languages: Record<string, number> = {};
  for (const list of ix.byFile.values()) for (const n of list) {
    const lang = typeof n.language === 'string' ? n.language : 'unknown';
    languages[lang] = (languages[lang] ?? 0) + 1;
  }
  return {
    view: 'overview', nodes, edges, total: { nodes: nodes.length, edges: edges.length }, truncated: false, limit: SLICE_LIMIT,
    unassigned: ix.symbols - assigned, symbols: ix.symbols, languages,
  };
}

// ----------------------------------------------------------------------------------------------------- module

/**
 * The symbols of one module (community uid or name) with the dependencies among them; without a module, the
 * whole repository's symbols. Over `limit`, the most connected symbols are kept.
 */
export function moduleSlice(graph: CodeGraph, module: string | undefined, limit = SLICE_LIMIT): ModuleSlice | undefined {
  const ix = indexOf(graph);
  let community: GraphNode | undefined;
  let members: GraphNode[];
  if (module !== undefined) {
    community = findCommunity(graph, module);
    if (!community) return undefined;
    members = ix.members.get(community.uid) ?? [];
  } else {
    members = graphData(graph).nodes.filter(isSymbol);
  }
  const ranked = members.length <= limit ? members
    : [...members].sort((a, b) => (ix.degree.get(b.uid) ?? 0) - (ix.degree.get(a.uid) ?? 0) || cmp(a.uid, b.uid)).slice(0, limit);
  const inModule = new Set(members.map((m) => m.uid));
  const kept = new Set(ranked.map((m) => m.uid));
  const types = new Set<string>([...DEPENDENCY_RELATIONS, 'HAS_METHOD']);
  const edges: SliceEdge[] = [];
  let totalEdges = 0;
  const neighbours = new Map<string, { outgoing: number; incoming: number }>();
  for (const m of members) {
    for (const e of edgesAt(graph, m.uid, 'out')) {
      if (!types.has(e.type)) continue;
      if (inModule.has(e.target)) {
        totalEdges++;
        if (kept.has(e.source) && kept.has(e.target)) edges.push(sliceEdge(e));
      } else if (community && e.type !== 'HAS_METHOD') {
        const other = ix.moduleOf.get(e.target);
        if (other) bump(neighbours, other, 'outgoing');
      }
    }
    if (community) {
      for (const e of edgesAt(graph, m.uid, 'in')) {
        if (!types.has(e.type) || e.type === 'HAS_METHOD' || inModule.has(e.source)) continue;
        const other = ix.moduleOf.get(e.source);
        if (other) bump(neighbours, other, 'incoming');
      }
    }
  }
  const edgeCut = edges.length > SLICE_EDGE_LIMIT;
  if (edgeCut) edges.sort((a, b) => b.count - a.count || b.confidence - a.confidence).splice(SLICE_EDGE_LIMIT);
  const slice: ModuleSlice = {
    view: 'module', nodes: ranked.map((n) => sliceNode(ix, n)), edges,
    total: { nodes: members.length, edges: totalEdges }, truncated: ranked.length < members.length || edgeCut, limit,
    neighbours: [...neighbours].map(([uid, c]) => ({ uid, name: nodeOf(graph, uid)?.name ?? uid, ...c }))
      .sort((a, b) => b.outgoing + b.incoming - a.outgoing - a.incoming || cmp(a.uid, b.uid)),
  };
  if (community) {
    slice.module = { uid: community.uid, name: community.name, size: members.length };
    if (typeof community.cohesion === 'number') slice.module.cohesion = community.cohesion;
  }
  return slice;
}

function bump(map: Map<string, { outgoing: number; incoming: number }>, key: string, side: 'outgoing' | 'incoming'): void {
  let c = map.get(key);
  if (!c) map.set(key, (c = { outgoing: 0, incoming: 0 }));
  c[side]++;
}

/** A community by uid, else by name. */
export function findCommunity(graph: CodeGraph, module: string): GraphNode | undefined {
  const byUid = nodeOf(graph, module);
  if (byUid?.label === 'Community') return byUid;
  return nodesWithLabel(graph, 'Community').find((c) => c.name === module);
}

// ---------------------------------------------------------------------------------------------- neighbourhood

export interface NeighbourhoodOptions {
  depth: number;
  relationTypes: readonly RelType[];
  minConfidence: number;
  limit: number;
}

/**
 * The symbols within `depth` hops of `center`: callers (reached against the edges) on one side, callees
 * (along them) on the other, nearest first; over `limit`, the farthest are dropped. Edges: every followed
 * relation among the kept nodes.
 */
export function neighbourhood(graph: CodeGraph, center: GraphNode, options: NeighbourhoodOptions): NeighbourhoodSlice {
  const ix = indexOf(graph);
  const types = new Set<string>(options.relationTypes);
  const follows = (e: GraphEdge) => types.has(e.type) && e.confidence >= options.minConfidence;
  const up = walk(graph, center.uid, options.depth, (uid) => edgesAt(graph, uid, 'in').filter(follows).map((e) => e.source));
  const down = walk(graph, center.uid, options.depth, (uid) => edgesAt(graph, uid, 'out').filter(follows).map((e) => e.target));
  // Nearest first, callers and callees interleaved by hop, so a cut keeps both sides.
  const all = new Map<string, { hop: number; side: SliceNode['side'] }>();
  all.set(center.uid, { hop: 0, side: 'center' });
  const order: string[] = [center.uid];
  for (let hop = 1; hop <= options.depth; hop++) {
    for (const [map, side] of [[up, 'caller'], [down, 'callee']] as const) {
      for (const [uid, h] of map) {
        if (h !== hop) continue;
        const seen = all.get(uid);
        if (seen) { if (seen.side !== side && seen.side !== 'center') seen.side = 'both'; continue; }
        all.set(uid, { hop, side });
        order.push(uid);
      }
    }
  }
  const kept = order.slice(0, options.limit);
  const keep = new Set(kept);
  const nodes: SliceNode[] = [];
  for (const uid of kept) {
    const n = nodeOf(graph, uid);
    if (!n) continue;
    const at = all.get(uid)!;
    nodes.push({ ...sliceNode(ix, n), hop: at.hop, side: at.side });
  }
  const edges: SliceEdge[] = [];
  let totalEdges = 0;
  for (const uid of order) {
    for (const e of edgesAt(graph, uid, 'out')) {
      if (!follows(e) || !all.has(e.target)) continue;
      totalEdges++;
      if (keep.has(uid) && keep.has(e.target)) edges.push(sliceEdge(e));
    }
  }
  if (edges.length > SLICE_EDGE_LIMIT) edges.sort((a, b) => b.count - a.count || b.confidence - a.confidence).splice(SLICE_EDGE_LIMIT);
  return {
    view: 'neighbourhood', center: nodes[0], depth: options.depth, relationTypes: [...options.relationTypes], available: [...NEIGHBOURHOOD_RELATIONS],
    nodes, edges, total: { nodes: order.length, edges: totalEdges }, truncated: kept.length < order.length || edges.length < totalEdges,
    limit: options.limit,
  };
}

/** Breadth-first hops from `start` through `next`, up to `depth` (start excluded). */
function walk(graph: CodeGraph, start: string, depth: number, next: (uid: string) => string[]): Map<string, number> {
  const hops = new Map<string, number>();
  let frontier = [start];
  const seen = new Set([start]);
  for (let hop = 1; hop <= depth && frontier.length > 0; hop++) {
    const following: string[] = [];
    for (const uid of frontier) {
      for (const other of next(uid)) {
        if (seen.has(other) || !graph.hasNode(other)) continue;
        seen.add(other);
        hops.set(other, hop);
        following.push(other);
      }
    }
    frontier = following;
  }
  return hops;
}

// ---------------------------------------------------------------------------------------------------- process

export interface ProcessListItem {
  uid: string;
  name: string;
  steps: number;
  entry?: string;
  terminal?: string;
  modules: string[];
}

/** Execution flows, longest first (then by name); `total` counts them all. */
export function processList(graph: CodeGraph, limit: number): { processes: ProcessListItem[]; total: number; truncated: boolean } {
  const all = nodesWithLabel(graph, 'Process').map((p) => {
    const item: ProcessListItem = { uid: p.uid, name: p.name, steps: p.steps ?? stepEdges(graph, p).length, modules: Array.isArray(p.modules) ? p.modules.map(String) : [] };
    if (typeof p.entry === 'string') item.entry = p.entry;
    if (typeof p.terminal === 'string') item.terminal = p.terminal;
    return item;
  });
  all.sort((a, b) => b.steps - a.steps || cmp(a.name, b.name) || cmp(a.uid, b.uid));
  return { processes: all.slice(0, limit), total: all.length, truncated: all.length > limit };
}

/** A lifeline of the sequence diagram: the type that owns a step's symbol, else its file. */
export interface Participant {
  uid: string;
  name: string;
  label: string;
  filePath?: string;
}

export interface SequenceStep {
  step: number;
  uid: string;
  name: string;
  label: string;
  filePath?: string;
  line?: number;
  module?: string;
  language?: string;
  /** Index in `participants` of this step's lifeline. */
  participant: number;
  /** The step (number) whose symbol calls this one: the nearest earlier step with a CALLS edge to it. */
  from?: number;
  /** Confidence of that call; absent when no earlier step calls this one (the flow continues another way). */
  confidence?: number;
  /** Line of the call site, in the caller's file. */
  callLine?: number;
}

export interface ProcessSequence {
  process: ProcessListItem;
  participants: Participant[];
  steps: SequenceStep[];
}

/** A process (uid, else name) as a sequence: steps in order, lifelines, and which earlier step calls each. */
export function processSequence(graph: CodeGraph, process: string): ProcessSequence | undefined {
  const byUid = nodeOf(graph, process);
  const p = byUid?.label === 'Process' ? byUid : nodesWithLabel(graph, 'Process').find((n) => n.name === process);
  if (!p) return undefined;
  const raw = stepEdges(graph, p).map((e) => ({ step: e.step ?? 0, uid: e.source === p.uid ? e.target : e.source }))
    .filter((s) => graph.hasNode(s.uid))
    .sort((a, b) => a.step - b.step || cmp(a.uid, b.uid));
  const participants: Participant[] = [];
  const lane = new Map<string, number>();
  const steps: SequenceStep[] = [];
  for (let i = 0; i < raw.length; i++) {
    const n = graph.getNodeAttributes(raw[i].uid);
    const owner = ownerOf(graph, n);
    let index = lane.get(owner.uid);
    if (index === undefined) { lane.set(owner.uid, (index = participants.length)); participants.push(owner); }
    const step: SequenceStep = { step: raw[i].step, uid: n.uid, name: n.name, label: n.label, participant: index };
    if (n.filePath) step.filePath = n.filePath;
    if (typeof n.line === 'number') step.line = n.line;
    if (typeof n.module === 'string') step.module = n.module;
    if (typeof n.language === 'string') step.language = n.language;
    for (let j = i - 1; j >= 0; j--) {
      const call = edgesAt(graph, raw[j].uid, 'out', 'CALLS').find((e) => e.target === n.uid);
      if (call) {
        step.from = raw[j].step;
        step.confidence = call.confidence;
        if (typeof call.line === 'number') step.callLine = call.line;
        break;
      }
    }
    steps.push(step);
  }
  const item = processList(graph, Number.MAX_SAFE_INTEGER).processes.find((x) => x.uid === p.uid)!;
  return { process: item, participants, steps };
}

/** The class (or other type) that has `n` as a member, else `n`'s file, as a lifeline. */
function ownerOf(graph: CodeGraph, n: GraphNode): Participant {
  for (const e of edgesAt(graph, n.uid, 'in', 'HAS_METHOD')) {
    const owner = graph.getNodeAttributes(e.source);
    if (owner) return { uid: owner.uid, name: owner.name, label: owner.label, ...(owner.filePath ? { filePath: owner.filePath } : {}) };
  }
  const file = n.filePath ?? '(unknown file)';
  return { uid: `File:${file}`, name: file.slice(file.lastIndexOf('/') + 1), label: 'File', filePath: file };
}

// STEP_IN_PROCESS edges touch the Process node; the symbol is the other end whichever way they point.
function stepEdges(graph: CodeGraph, p: GraphNode): GraphEdge[] {
  return [...edgesAt(graph, p.uid, 'in', 'STEP_IN_PROCESS'), ...edgesAt(graph, p.uid, 'out', 'STEP_IN_PROCESS')];
}

// ------------------------------------------------------------------------------------------------------ files

export interface FileSymbol {
  uid: string;
  name: string;
  label: string;
  kind?: string;
  line?: number;
  endLine?: number;
  exported?: boolean;
  /** The symbol's container in the file (a method's class), when it has one. */
  parent?: string;
}

/** The symbols defined in a file, by line, each with its container when it has one. */
export function fileSymbols(graph: CodeGraph, filePath: string): FileSymbol[] {
  const list = indexOf(graph).byFile.get(filePath) ?? [];
  return list.map((n) => {
    const s: FileSymbol = { uid: n.uid, name: n.name, label: n.label };
    if (typeof n.kind === 'string') s.kind = n.kind;
    if (typeof n.line === 'number') s.line = n.line;
    if (typeof n.endLine === 'number') s.endLine = n.endLine;
    if (typeof n.exported === 'boolean') s.exported = n.exported;
    const owner = edgesAt(graph, n.uid, 'in', 'HAS_METHOD')[0];
    if (owner) s.parent = owner.source;
    return s;
  });
}

/** Symbols per file path (for the file tree's counts). */
export function symbolCounts(graph: CodeGraph): Map<string, number> {
  const out = new Map<string, number>();
  for (const [file, list] of indexOf(graph).byFile) out.set(file, list.length);
  return out;
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }

/** The edges leaving or entering `uid` (of one type, when given), in the order they were added. */
function edgesAt(graph: CodeGraph, uid: string, direction: 'in' | 'out', type?: RelType): GraphEdge[] {
  const found: [number, GraphEdge][] = [];
  if (!graph.hasNode(uid)) return [];
  const visit = (key: string, e: GraphEdge): void => { if (type === undefined || e.type === type) found.push([Number(key), e]); };
  if (direction === 'out') graph.forEachOutEdge(uid, visit); else graph.forEachInEdge(uid, visit);
  // Graphology groups a node's edges by neighbour; the slices list them as they were added, like graph.json.
  return found.sort((a, b) => a[0] - b[0]).map(([, e]) => e);
}
