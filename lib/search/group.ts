/**
 * From ranked symbols to ranked execution flows: each matched symbol votes for the processes it is a step
 * of (STEP_IN_PROCESS edges); a process scores its best match plus a little for its next best ones.
 * Matched symbols that are steps of no process are the `definitions`.
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
  graph.forEachNode((uid, p) => { if (p.label === 'Process') processes.set(uid, { node: p, steps: [] }); });
  graph.forEachEdge((_key, e, source, target) => {
    if (e.type !== 'STEP_IN_PROCESS') return;
    const [proc, sym] = processes.has(target) ? [target, source] : processes.has(source) ? [source, target] : [undefined, undefined];
    if (!proc || !sym) return;
    const step = typeof e.step === 'number' ? e.step : 0;
    processes.get(proc)!.steps.push({ uid: sym, step });
    let list = bySymbol.get(sym);
    if (!list) bySymbol.set(sym, (list = []));
    list.push({ process: proc, step });
  });
  for (const info of processes.values()) info.steps.sort((a, b) => a.step - b.step || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const m = { bySymbol, processes };
  memberships.set(graph, m);
  return m;
}

/** A process selected for the answer, with its matched steps best first. */
export interface RankedProcess {
  info: ProcessInfo;
  /** Fused score: best match + 0.1 × (second + third). */
  score: number;
  /** score / (1.2 × best possible symbol score): 0..1, monotonic in score. */
  relevance: number;
  matched: RankedSymbol[];
  /** Step number of the best match in this process. */
  bestStep: number;
}

/** Weight of a process's second and third best matches: enough to order ties, never to outvote a better best. */
const SUPPORT = 0.1;

/** Ranks the processes the matched symbols take part in; returns them and the matched symbols in no process. */
export function groupByProcess(graph: CodeGraph, ranked: readonly RankedSymbol[], maxScore: number): { processes: RankedProcess[]; loose: RankedSymbol[] } {
  const m = membershipOf(graph);
  const byProcess = new Map<string, RankedSymbol[]>();
  const loose: RankedSymbol[] = [];
  for (const s of ranked) {
    const procs = m.bySymbol.get(s.uid);
    if (!procs || procs.length === 0) { loose.push(s); continue; }
    for (const p of procs) {
      let list = byProcess.get(p.process);
      if (!list) byProcess.set(p.process, (list = []));
      if (list[list.length - 1] !== s) list.push(s); // ranked order is kept: list is best first
    }
  }
  const out: RankedProcess[] = [];
  for (const [uid, matched] of byProcess) {
    const info = m.processes.get(uid)!;
    const score = matched[0].score + SUPPORT * ((matched[1]?.score ?? 0) + (matched[2]?.score ?? 0));
    const bestStep = m.bySymbol.get(matched[0].uid)!.find((p) => p.process === uid)?.step ?? 0;
    out.push({ info, score, relevance: Math.min(1, score / ((1 + 2 * SUPPORT) * (maxScore || 1))), matched, bestStep });
  }
  out.sort((a, b) => b.score - a.score
    // Ties (the same best match in several flows): the flow it starts first, then the shorter flow.
    || a.bestStep - b.bestStep
    || a.info.steps.length - b.info.steps.length
    || (a.info.node.uid < b.info.node.uid ? -1 : a.info.node.uid > b.info.node.uid ? 1 : 0));
  return { processes: out, loose };
}
