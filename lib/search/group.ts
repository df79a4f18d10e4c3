/**
 * From ranked symbols to ranked execution flows: each matched symbol votes for the processes it is a step
 * of (STEP_IN_PROCESS edges); a process scores its best match plus a little for its next best ones. A matched
 * function in no process is a result of its own; other matched symbols in no process are the `definitions`.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import type { RankedSymbol } from './engine.ts';

/** A process and its steps in order. */
export interface ProcessInfo {
  node: GraphNode;
  /** Step uids in step order (ties by uid). */
  steps: Array<{ uid: string; step: number }>;
}

/** Process membership of a graph, computed once per graph. */
export interface Membership {
  /** Processes a symbol is a step of, with its step number. */
  bySymbol: Map<string, Array<{ process: string; step: number }>>;
  processes: Map<string, ProcessInfo>;
}

const memberships = new WeakMap<CodeGraph, Membership>();

/** Reads STEP_IN_PROCESS edges (either direction: one end is the Process node). */
export function membershipOf(graph: CodeGraph): Membership {
  const cached = memberships.get(graph);
  if (cached) return cached;
  const bySymbol = new Map<string, Array<{ process: string; step: number }>>();
  const processes = new Map<string, ProcessInfo>();
  for (const p of graph.byLabel('Process')) processes.set(p.uid, { node: p, steps: [] });
  for (const e of graph.edges) {
    if (e.type !== 'STEP_IN_PROCESS') continue;
    const [proc, sym] = processes.has(e.target) ? [e.target, e.source] : processes.has(e.source) ? [e.source, e.target] : [undefined, undefined];
    if (!proc || !sym) continue;
    const step = typeof e.step === 'number' ? e.step : 0;
    processes.get(proc)!.steps.push({ uid: sym, step });
    let list = bySymbol.get(sym);
    if (!list) bySymbol.set(sym, (list = []));
    list.push({ process: proc, step });
  }
  for (const info of processes.values()) info.steps.sort((a, b) => a.step - b.step || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const m = { bySymbol, processes };
  memberships.set(graph, m);
  return m;
}

/** One result of a query: an execution flow with its matching steps, or a matching symbol that is in no flow. */
export interface RankedResult {
  kind: 'process' | 'symbol';
  /** The process (kind `process`), or the symbol's node (kind `symbol`). */
  node: GraphNode;
  /** The flow's steps in order (kind `process`), or the symbol as its one step. */
  steps: Array<{ uid: string; step: number }>;
  /** Fused score: best match + 0.1 × (second + third). */
  score: number;
  /** score / (1.2 × best possible symbol score): 0..1, monotonic in score. */
  relevance: number;
  /** The matching steps, best first. */
  matched: RankedSymbol[];
  /** Step number of the best match. */
  bestStep: number;
}

/** Weight of a process's second and third best matches: enough to order ties, never to outvote a better best. */
const SUPPORT = 0.1;
/** Labels a match in no flow is answered as a one-symbol result for (callable code); other labels are definitions. */
const CALLABLE = new Set(['Function', 'Method']);

/**
 * Ranks the results of a query: the processes the matched symbols take part in, and each matched function or
 * method that is a step of no process as a one-symbol result, by their best match. Matched types, classes,
 * variables and properties in no process are the definitions.
 */
export function rankResults(graph: CodeGraph, ranked: readonly RankedSymbol[], maxScore: number): { results: RankedResult[]; definitions: RankedSymbol[] } {
  const m = membershipOf(graph);
  const byProcess = new Map<string, RankedSymbol[]>();
  const results: RankedResult[] = [];
  const definitions: RankedSymbol[] = [];
  const scale = (1 + 2 * SUPPORT) * (maxScore || 1);
  for (const s of ranked) {
    const procs = m.bySymbol.get(s.uid);
    if (!procs || procs.length === 0) {
      const node = graph.node(s.uid);
      if (!node) continue;
      if (!CALLABLE.has(node.label)) { definitions.push(s); continue; }
      results.push({ kind: 'symbol', node, steps: [{ uid: s.uid, step: 1 }], score: s.score, relevance: Math.min(1, s.score / scale), matched: [s], bestStep: 1 });
      continue;
    }
    for (const p of procs) {
      let list = byProcess.get(p.process);
      if (!list) byProcess.set(p.process, (list = []));
      if (list[list.length - 1] !== s) list.push(s); // ranked order is kept: list is best first
    }
  }
  for (const [uid, matched] of byProcess) {
    const info = m.processes.get(uid)!;
    const score = matched[0].score + SUPPORT * ((matched[1]?.score ?? 0) + (matched[2]?.score ?? 0));
    const bestStep = m.bySymbol.get(matched[0].uid)!.find((p) => p.process === uid)?.step ?? 0;
    results.push({ kind: 'process', node: info.node, steps: info.steps, score, relevance: Math.min(1, score / scale), matched, bestStep });
  }
  results.sort((a, b) => b.score - a.score
    // Ties (the same best match in several flows): the flow it starts first, then the shorter flow.
    || a.bestStep - b.bestStep
    || a.steps.length - b.steps.length
    || (a.node.uid < b.node.uid ? -1 : a.node.uid > b.node.uid ? 1 : 0));
  return { results, definitions };
}
