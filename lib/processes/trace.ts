/**
 * Tracing: from an entry, depth-first along confident resolved calls, source order first, with bounded
 * depth, branching and work, never revisiting a symbol already on the path (no cycles).
 */
import { denseGraph, type GraphView } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { isTestPath } from '../util/paths.ts';
import { isConfident } from '../graph/schema.ts';
import { isRegistrationCall } from './entries.ts';

export interface TraceOptions {
  /** Edges below this confidence, and `name-only` edges, are not followed (default 0.5). */
  minConfidence?: number;
  /** Longest flow, in steps (default 10). */
  maxDepth?: number;
  /** Callees followed from one step (default 4). */
  maxBranching?: number;
  /** Paths collected from one entry before choosing among them (default 24). */
  maxPathsPerEntry?: number;
  /** Steps expanded from one entry: bounds the work per entry whatever the graph's shape (default 400). */
  maxExpansionsPerEntry?: number;
  /**
   * A symbol called from at least this many places is shared machinery (a hub): a flow that reaches it ends
   * there, or every flow would run on into the same plumbing (default: the 95th percentile of fan-in among
   * called symbols, at least 6).
   */
  hubFanIn?: number;
}

/** Callees of each caller, as integer ids, ordered for tracing. */
export interface CallIndex {
  uids: string[];
  /** The graph node of each id. */
  nodes: GraphNode[];
  id: Map<string, number>;
  callees: number[][];
  /** Confident callers per node (non-test): a hub called from everywhere makes a poor terminal. */
  fanIn: Int32Array;
  /** 1 for hubs: reached, shown as the last step, never traced through. */
  hub: Uint8Array;
}

/**
 * Builds the call index once: confident CALLS between non-test symbols, callees ordered for tracing —
 * specific callees before hubs, then those that lead further (have callees of their own), then by the line
 * of the first call site, then by uid.
 */
export function buildCallIndex(graph: GraphView, minConfidence = 0.5, hubFanIn?: number): CallIndex {
  // Call-graph ids are handed out in edge order; node positions come from the graph's positional arrays.
  const { nodes, edges, src, dst } = denseGraph(graph);
  const uids: string[] = [];
  const nodeOf: GraphNode[] = [];
  const idAt = new Int32Array(nodes.length).fill(-1);
  const intern = (v: number): number => {
    let k = idAt[v];
    if (k < 0) { k = idAt[v] = uids.length; uids.push(nodes[v].uid); nodeOf.push(nodes[v]); }
    return k;
  };
  // Test-path checks per file, not per edge end (a regex each; thousands of edges share a few hundred files).
  const testFile = new Map<string | undefined, boolean>();
  const inTest = (filePath: string | undefined): boolean => {
    let t = testFile.get(filePath);
    if (t === undefined) testFile.set(filePath, (t = isTestPath(filePath)));
    return t;
  };
  const raw: { to: number; line: number }[][] = [];
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k];
    if (e.type !== 'CALLS' || e.source === e.target || !isConfident(e, minConfidence)) continue;
    // An inline route handler's calls run when a request comes, not when the route is registered.
    if (e.via !== undefined && isRegistrationCall(e)) continue;
    const x = src[k], y = dst[k];
    const s = nodes[x], t = nodes[y];
    if (s.label === 'File' || t.label === 'File' || inTest(s.filePath) || inTest(t.filePath)) continue;
    const a = intern(x), b = intern(y);
    (raw[a] ??= []).push({ to: b, line: e.line ?? Number.MAX_SAFE_INTEGER });
  }
  // A private helper that calls nothing (`private tableOf()`, an unexported `splitWords`) called from its
  // own file is a detail of its caller, not a step: leave it out of the caller's callees.
  for (let k = 0; k < uids.length; k++) {
    const list = raw[k];
    if (!list) continue;
    const from = nodeOf[k];
    let kept = 0;
    for (const c of list) {
      const t = nodeOf[c.to];
      if (raw[c.to] || t.exported !== false || t.filePath !== from.filePath || t.label === 'Class') list[kept++] = c;
    }
    list.length = kept;
  }
  // Edges are merged per (caller, callee), so counting them counts distinct callers.
  const fanIn = new Int32Array(uids.length);
  for (const list of raw) if (list) for (const c of list) fanIn[c.to]++;
  const threshold = hubFanIn ?? defaultHubFanIn(fanIn);
  const hub = new Uint8Array(uids.length);
  for (let k = 0; k < uids.length; k++) hub[k] = fanIn[k] >= threshold ? 1 : 0;
  const callees: number[][] = new Array(uids.length);
  const byOrder = (x: { to: number; line: number }, y: { to: number; line: number }): number => {
    const fx = raw[x.to] ? 0 : 1, fy = raw[y.to] ? 0 : 1;
    return hub[x.to] - hub[y.to] || fx - fy || x.line - y.line || (uids[x.to] < uids[y.to] ? -1 : uids[x.to] > uids[y.to] ? 1 : 0);
  };
  for (let k = 0; k < uids.length; k++) {
    const list = raw[k];
    if (!list) { callees[k] = []; continue; }
    if (list.length > 1) list.sort(byOrder);
    const out = new Array<number>(list.length);
    for (let i = 0; i < list.length; i++) out[i] = list[i].to;
    callees[k] = out;
  }
  const id = new Map<string, number>();
  for (let k = 0; k < uids.length; k++) id.set(uids[k], k);
  return { uids, nodes: nodeOf, id, callees, fanIn, hub };
}

/** Hub threshold: the fan-in of the top 5% most-called symbols, never below 6 (small apps have no hubs). */
export function defaultHubFanIn(fanIn: Int32Array): number {
  const called = Array.from(fanIn).filter((x) => x > 0).sort((a, b) => a - b);
  const p95 = called.length ? called[Math.min(called.length - 1, Math.floor(0.95 * called.length))] : 0;
  return Math.max(6, p95);
}

/** All bounded, cycle-free call paths from `entry`, in depth-first order; each path lists node ids. */
export function tracePaths(index: CallIndex, entry: number, options: TraceOptions = {}): number[][] {
  const maxDepth = options.maxDepth ?? 10;
  const maxBranching = options.maxBranching ?? 4;
  const maxPaths = options.maxPathsPerEntry ?? 24;
  let budget = options.maxExpansionsPerEntry ?? 400;
  const paths: number[][] = [];
  const path: number[] = [entry];
  const onPath = new Set<number>([entry]);

  const visit = (u: number): void => {
    budget--;
    const next: number[] = [];
    // A hub ends the flow (the entry itself may be traced even when many call it).
    if (path.length < maxDepth && (u === entry || !index.hub[u])) {
      for (const v of index.callees[u]) {
        if (!onPath.has(v)) next.push(v);
        if (next.length === maxBranching) break;
      }
    }
    // A leaf, the depth limit, or the work budget spent: the path ends here.
    if (next.length === 0 || budget <= 0) { paths.push(path.slice()); return; }
    for (const v of next) {
      if (paths.length >= maxPaths || budget <= 0) break;
      path.push(v); onPath.add(v);
      visit(v);
      path.pop(); onPath.delete(v);
    }
  };
  visit(entry);
  return paths;
}
