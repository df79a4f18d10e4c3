/** Structural facts about a symbol that several tools need: its processes, module, members and container. */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { qualifiedNameOf, symbolsInFile } from './lookup.ts';

/** One process a symbol takes part in. */
export interface ProcessStep {
  uid: string;
  name: string;
  /** 1-based step of the symbol in the flow. */
  step: number;
  /** Number of steps in the flow. */
  steps: number;
}

/**
 * Processes a symbol takes part in, by name then step. STEP_IN_PROCESS edges are read in either direction
 * (symbol → Process or Process → symbol), so the tools do not depend on which way the flow tracer draws them.
 */
export function processesOf(graph: CodeGraph, uid: string): ProcessStep[] {
  const out: ProcessStep[] = [];
  if (!graph.hasNode(uid)) return out;
  const visit = (p: GraphNode, step: number | undefined) => {
    if (p.label !== 'Process') return;
    out.push({ uid: p.uid, name: p.name, step: step ?? 0, steps: typeof p.steps === 'number' ? p.steps : 0 });
  };
  graph.forEachOutEdge(uid, (_k, e, _s, _t, _sa, target) => { if (e.type === 'STEP_IN_PROCESS') visit(target, e.step); });
  graph.forEachInEdge(uid, (_k, e, _s, _t, source) => { if (e.type === 'STEP_IN_PROCESS') visit(source, e.step); });
  out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.step - b.step || (a.uid < b.uid ? -1 : 1));
  return out;
}

/** The module (community) name of a symbol: its `module` property, else its MEMBER_OF community. */
export function moduleOf(graph: CodeGraph, node: GraphNode): string | undefined {
  if (typeof node.module === 'string' && node.module) return node.module;
  if (!graph.hasNode(node.uid)) return undefined;
  let name: string | undefined;
  graph.someOutEdge(node.uid, (_k, e, _s, _t, _sa, c) => e.type === 'MEMBER_OF' && c.label === 'Community' && ((name = c.name), true));
  return name;
}

const MEMBER_LABELS = new Set(['Method', 'Property']);
const CONTAINER_LABELS = new Set(['Class', 'Interface', 'Enum']);

/** True for labels whose members (methods, properties, constructor) belong to the symbol for impact. */
export function isContainer(node: GraphNode): boolean { return CONTAINER_LABELS.has(node.label); }

/**
 * Methods and properties of a class, interface or enum (constructor included): HAS_METHOD targets,
 * Method/Property nodes the container DEFINES or CONTAINS, and Method/Property nodes of the same file whose
 * qualified name is `<container>.<name>` (properties are often defined by the file, not the class).
 * Sorted by line, then uid.
 */
export function membersOf(graph: CodeGraph, node: GraphNode): GraphNode[] {
  if (!isContainer(node)) return [];
  const seen = new Set<string>();
  const out: GraphNode[] = [];
  const add = (m: GraphNode) => { if (!seen.has(m.uid)) { seen.add(m.uid); out.push(m); } };
  if (graph.hasNode(node.uid)) {
    graph.forEachOutEdge(node.uid, (_k, e, _s, _t, _sa, m) => {
      if (e.type === 'HAS_METHOD' || ((e.type === 'DEFINES' || e.type === 'CONTAINS') && MEMBER_LABELS.has(m.label))) add(m);
    });
  }
  if (node.filePath) {
    const prefix = qualifiedNameOf(node) + '.';
    for (const m of symbolsInFile(graph, node.filePath)) {
      if (!MEMBER_LABELS.has(m.label)) continue;
      const q = qualifiedNameOf(m);
      if (q.startsWith(prefix) && !q.slice(prefix.length).includes('.')) add(m);
    }
  }
  out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.uid < b.uid ? -1 : 1));
  return out;
}

/** The class/interface that owns a method or property (incoming HAS_METHOD, else DEFINES/CONTAINS from a container). */
export function containerOf(graph: CodeGraph, node: GraphNode): GraphNode | undefined {
  if (!graph.hasNode(node.uid)) return undefined;
  let owner: GraphNode | undefined, fallback: GraphNode | undefined;
  graph.forEachInEdge(node.uid, (_k, e, _s, _t, s) => {
    if (e.type === 'HAS_METHOD') { owner ??= s; return; }
    if ((e.type === 'DEFINES' || e.type === 'CONTAINS') && !fallback && isContainer(s)) fallback = s;
  });
  return owner ?? fallback;
}
