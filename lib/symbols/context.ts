/** The 360-degree view of one symbol behind the `context` tool (DESIGN.md §5). */
import { createHash } from 'node:crypto';
import { nodeOf, type CodeGraph } from '../graph/code-graph.ts';
import type { GraphEdge, GraphNode, RelType } from '../graph/schema.ts';
import type { Reference, ReferenceIndex } from '../refs/reference-index.ts';
import type { IndexedFile, SnapshotHost } from '../../index-store/snapshot.ts';
import { containerOf, moduleOf, processesOf } from './membership.ts';
import { fileNode, qualifiedNameOf } from './lookup.ts';
import { typeMembersOf } from './type-parts.ts';
import type { UnresolvedCalls } from '../refs/unresolved-calls.ts';
import { unresolvedCallsTo, type UnresolvedReach } from './unresolved.ts';

/** One related symbol. `line` is where that symbol is defined; `siteLine` where the relation occurs. */
export interface RelatedSymbol {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  confidence: number;
  reason: string;
  /** First line of the site (the call, the import, the type use), in the file that contains it. */
  siteLine?: number;
  /** Number of sites merged into this relation. */
  count: number;
  /** For a class: the member the relation goes through (`constructor` for `new C()` resolved to the constructor). */
  via?: string;
}

export interface Relations {
  calls: RelatedSymbol[];
  imports: RelatedSymbol[];
  extends: RelatedSymbol[];
  implements: RelatedSymbol[];
  /** Outgoing: the methods this method overrides or implements; incoming: the methods that override or implement it. */
  overrides: RelatedSymbol[];
  references: RelatedSymbol[];
}

export interface ContextSymbol {
  uid: string;
  name: string;
  type: string;
  kind?: string;
  qualifiedName: string;
  filePath: string;
  line: number;
  endLine: number;
  module?: string;
  exported: boolean;
  signature?: string;
  doc?: string;
  content?: string;
  /** True when the file changed since it was indexed, so `content` may not match the indexed lines. */
  contentStale?: boolean;
  /** True when its file says a tool generated it (an edit belongs in the generator's input). */
  generated?: boolean;
  /** A method: the member declared outside the repository it overrides or implements (`Map.set`), which has no node. */
  overridesOutside?: string;
  /** A class or interface: its bases outside the repository whose members the index does not know. */
  unknownBases?: string[];
}

export interface MemberView {
  uid: string;
  name: string;
  type: string;
  line: number;
  /** Who calls this member (CALLS edges into it). */
  callers: RelatedSymbol[];
}

export interface ContextProcess {
  uid: string;
  name: string;
  step: number;
  steps: number;
  /** For a class: the member that takes part in the flow. */
  via?: string;
}

export interface ContextResult {
  status: 'found';
  symbol: ContextSymbol;
  /** The class or interface that owns a method or property. */
  container?: { uid: string; name: string; type: string };
  incoming: Relations;
  outgoing: Relations;
  /** Methods and properties of a class, interface or enum, each with its callers. */
  members?: MemberView[];
  processes: ContextProcess[];
  /**
   * The unresolved call sites whose name may run the symbol (docs/tools.md § Unresolved calls): calls the graph has
   * no edge for, so no `incoming.calls` item. Present when the snapshot records them.
   */
  unresolved?: UnresolvedReach;
}

/** What the context view reads from a snapshot. */
export interface ContextSource {
  graph: CodeGraph;
  refs: ReferenceIndex;
  /** The snapshot's unresolved call sites (absent: not recorded, and the answer has no `unresolved`). */
  unresolved?: UnresolvedCalls;
  files: ReadonlyMap<string, IndexedFile>;
  host: Pick<SnapshotHost, 'readFile'>;
}

const CATEGORY: Partial<Record<RelType, keyof Relations>> = {
  CALLS: 'calls', IMPORTS: 'imports', EXTENDS: 'extends', IMPLEMENTS: 'implements', OVERRIDES: 'overrides', REFERENCES: 'references',
};
// Reference-index occurrences that add sites the graph may have folded away (e.g. a file importing a symbol
// when IMPORTS edges join files). Definitions are the symbol itself; calls are CALLS edges already.
const REF_CATEGORY: Partial<Record<Reference['kind'], keyof Relations>> = {
  import: 'imports', export: 'imports', type: 'references', value: 'references', jsx: 'references', shorthand: 'references',
};

/** Builds the context view of `node`. */
export function symbolContext(src: ContextSource, node: GraphNode, includeContent: boolean): ContextResult {
  const { graph } = src;
  const incoming = relations(graph, node.uid, 'in');
  addReferenceSites(src, node, incoming);
  const outgoing = relations(graph, node.uid, 'out');
  for (const list of [...Object.values(incoming), ...Object.values(outgoing)] as RelatedSymbol[][]) list.sort(byPlace);

  const result: ContextResult = {
    status: 'found', symbol: symbolView(src, node, includeContent), incoming, outgoing,
    processes: processesOf(graph, node.uid).map((p) => ({ uid: p.uid, name: p.name, step: p.step, steps: p.steps })),
  };
  const owner = containerOf(graph, node);
  if (owner) result.container = { uid: owner.uid, name: owner.name, type: owner.label };
  const members = typeMembersOf(graph, node);
  if (members.length > 0) {
    // `new C()` is a call of the class as far as a reader is concerned, whether the indexer points it at the
    // class or at its constructor.
    const ctor = members.find((m) => m.name === 'constructor' || m.kind === 'constructor');
    if (ctor) {
      const listed = new Set(incoming.calls.map((r) => r.uid));
      for (const r of relations(graph, ctor.uid, 'in', 'CALLS').calls) {
        if (!listed.has(r.uid) && r.uid !== node.uid) incoming.calls.push({ ...r, via: ctor.name });
      }
      incoming.calls.sort(byPlace);
    }
    result.members = members.map((m) => ({
      uid: m.uid, name: m.name, type: m.label, line: m.line ?? 0,
      callers: relations(graph, m.uid, 'in', 'CALLS').calls.sort(byPlace),
    }));
    // A class takes part in the flows its methods take part in.
    const seen = new Set(result.processes.map((p) => `${p.uid}\u0000${p.step}`));
    for (const m of members) {
      for (const p of processesOf(graph, m.uid)) {
        const key = `${p.uid}\u0000${p.step}`;
        if (seen.has(key)) continue;
        seen.add(key);
        result.processes.push({ uid: p.uid, name: p.name, step: p.step, steps: p.steps, via: m.name });
      }
    }
    result.processes.sort((a, b) => cmp(a.name, b.name) || a.step - b.step || cmp(a.uid, b.uid));
  }
  const unresolved = unresolvedReach(src, [node]);
  if (unresolved) result.unresolved = unresolved;
  return result;
}

/** The unresolved call sites that may run one of `nodes` (test files included, as callers are), when recorded. */
export function unresolvedReach(src: ContextSource, nodes: readonly GraphNode[]): UnresolvedReach | undefined {
  if (!src.unresolved) return undefined;
  const sites = unresolvedCallsTo(src.graph, src.unresolved, nodes, true);
  return { count: sites.length, sites };
}

function symbolView(src: ContextSource, node: GraphNode, includeContent: boolean): ContextSymbol {
  const view: ContextSymbol = {
    uid: node.uid, name: node.name, type: node.label, qualifiedName: qualifiedNameOf(node),
    filePath: node.filePath ?? '', line: node.line ?? 1, endLine: node.endLine ?? node.line ?? 1,
    exported: node.exported === true,
  };
  if (typeof node.kind === 'string') view.kind = node.kind;
  const module = moduleOf(src.graph, node);
  if (module) view.module = module;
  if (typeof node.signature === 'string') view.signature = node.signature;
  if (typeof node.doc === 'string') view.doc = node.doc;
  if (node.filePath && (node.label === 'File' ? node : nodeOf(src.graph, `File:${node.filePath}`))?.generated) view.generated = true;
  if (typeof node.overridesOutside === 'string') view.overridesOutside = node.overridesOutside;
  if (Array.isArray(node.unknownBases)) view.unknownBases = node.unknownBases.map(String);
  if (includeContent && node.filePath) {
    const text = src.host.readFile(node.filePath);
    if (text !== undefined) {
      const lines = text.split('\n');
      view.content = node.label === 'File' ? text : lines.slice((node.line ?? 1) - 1, node.endLine ?? node.line ?? 1).join('\n');
      const indexed = src.files.get(node.filePath);
      if (indexed && createHash('sha256').update(text).digest('hex') !== indexed.hash) view.contentStale = true;
    }
  }
  return view;
}

function emptyRelations(): Relations {
  return { calls: [], imports: [], extends: [], implements: [], overrides: [], references: [] };
}

/** The edges entering or leaving `uid` (only those of type `only`, when given) by category, each naming the node at its other end. */
function relations(graph: CodeGraph, uid: string, direction: 'in' | 'out', only?: RelType): Relations {
  const out = emptyRelations();
  if (!graph.hasNode(uid)) return out;
  const visit = (_key: string, e: GraphEdge, _s: string, _t: string, source: GraphNode, target: GraphNode): void => {
    if (only !== undefined && e.type !== only) return;
    const cat = CATEGORY[e.type];
    if (cat) out[cat].push(related(direction === 'in' ? source : target, e.confidence, e.reason, e.line, e.count ?? 1));
  };
  if (direction === 'in') graph.forEachInEdge(uid, visit); else graph.forEachOutEdge(uid, visit);
  return out;
}

/** Adds reference-index occurrences whose enclosing symbol the graph edges do not already list. */
function addReferenceSites(src: ContextSource, node: GraphNode, incoming: Relations): void {
  const sites = src.refs.byTarget(node.uid);
  if (sites.length === 0) return;
  const listed = new Set<string>();
  for (const [cat, list] of Object.entries(incoming) as [string, RelatedSymbol[]][]) for (const r of list) listed.add(`${cat}\u0000${r.uid}`);
  const added = new Map<string, RelatedSymbol>();
  for (const ref of sites) {
    const cat = REF_CATEGORY[ref.kind];
    if (!cat) continue;
    // The file's own `export { x }` clause is part of the definition, not a use.
    if (ref.kind === 'export' && ref.filePath === node.filePath) continue;
    const fromUid = ref.from ?? fileNode(src.graph, ref.filePath)?.uid;
    const key = `${cat}\u0000${fromUid}`;
    if (!fromUid || fromUid === node.uid || listed.has(key)) continue;
    const hit = added.get(key);
    if (hit) { hit.count++; if (ref.confidence > hit.confidence) { hit.confidence = ref.confidence; hit.reason = ref.reason; } continue; }
    const from = nodeOf(src.graph, fromUid);
    if (!from) continue;
    const r = related(from, ref.confidence, ref.reason, ref.line, 1);
    added.set(key, r);
    incoming[cat].push(r);
  }
}

function related(other: GraphNode, confidence: number, reason: string, siteLine: number | undefined, count: number): RelatedSymbol {
  const r: RelatedSymbol = {
    uid: other.uid, name: other.name, type: other.label, filePath: other.filePath ?? '', line: other.line ?? 1,
    confidence, reason, count,
  };
  if (siteLine !== undefined) r.siteLine = siteLine;
  return r;
}

function byPlace(a: RelatedSymbol, b: RelatedSymbol): number {
  return cmp(a.filePath, b.filePath) || a.line - b.line || cmp(a.uid, b.uid);
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
