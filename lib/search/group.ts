/**
 * From ranked symbols to ranked execution flows: each matched symbol votes for the processes it is a step
 * of (STEP_IN_PROCESS edges); a process scores its best match plus a little for its next best ones. A matched
 * function in no process is a result of its own; other matched symbols in no process are the `definitions`.
 */
import { nodeOf, type CodeGraph, type GraphView } from '../graph/code-graph.ts';
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

const memberships = new WeakMap<GraphView, Membership>();

/** Reads STEP_IN_PROCESS edges (either direction: one end is the Process node). */
export function membershipOf(graph: GraphView): Membership {
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

/** One result of a query: an execution flow with its matching steps, or a matching symbol that is in no flow. */
export interface RankedResult {
  kind: 'process' | 'symbol';
  /** The process (kind `process`), or the symbol's node (kind `symbol`). */
  node: GraphNode;
  /** The flow's steps in order (kind `process`), or the symbol as its one step. */
  steps: Array<{ uid: string; step: number }>;
  /** Best match + 0.1 × (second + third), a match a better result lists counting 0.3 of its score. */
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
      const node = nodeOf(graph, s.uid);
      if (!node) continue;
      if (!CALLABLE.has(node.label)) { definitions.push(s); continue; }
      results.push({ kind: 'symbol', node, steps: [{ uid: s.uid, step: 1 }], score: s.score, relevance: 0, matched: [s], bestStep: 1 });
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
    const bestStep = m.bySymbol.get(matched[0].uid)!.find((p) => p.process === uid)?.step ?? 0;
    results.push({ kind: 'process', node: info.node, steps: info.steps, score: resultScore(matched, EMPTY), relevance: 0, matched, bestStep });
  }
  const ordered = byNovelty(results);
  for (const r of ordered) r.relevance = Math.min(1, r.score / scale);
  return { results: ordered, definitions };
}

const EMPTY: ReadonlySet<string> = new Set();
/** What a match already listed by a better result still counts for in another result. */
const REPEAT = 0.3;

/** Best match + 0.1 × (second + third), a match in `listed` counting REPEAT of its score. */
function resultScore(matched: readonly RankedSymbol[], listed: ReadonlySet<string>): number {
  let a = 0, b = 0, c = 0;
  for (const m of matched) {
    const s = listed.has(m.uid) ? REPEAT * m.score : m.score;
    if (s > a) { c = b; b = a; a = s; } else if (s > b) { c = b; b = s; } else if (s > c) c = s;
  }
  return a + SUPPORT * (b + c);
}

function before(a: RankedResult, b: RankedResult): boolean {
  if (a.score !== b.score) return a.score > b.score;
  // Ties (the same best match in several flows): the flow it starts first, then the shorter flow.
  if (a.bestStep !== b.bestStep) return a.bestStep < b.bestStep;
  if (a.steps.length !== b.steps.length) return a.steps.length < b.steps.length;
  return a.node.uid < b.node.uid;
}

/**
 * Results best first, each scored for what it adds: a match that a better result already lists counts REPEAT
 * of its score (greedily, so scores never rise down the list). Without it a function in twelve flows fills
 * every slot of `limit` with itself and pushes the next best match out of the answer.
 */
function byNovelty(results: RankedResult[]): RankedResult[] {
  const listed = new Set<string>();
  const left = [...results];
  const out: RankedResult[] = [];
  while (left.length > 0 && out.length < GREEDY_RESULTS) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (before(left[i], left[best])) best = i;
    const r = left[best];
    left[best] = left[left.length - 1];
    left.pop();
    out.push(r);
    let changed = false;
    for (const m of r.matched) if (!listed.has(m.uid)) { listed.add(m.uid); changed = true; }
    if (!changed) continue;
    for (const o of left) if (o.matched.some((m) => listed.has(m.uid))) o.score = resultScore(o.matched, listed);
  }
  // Past the first GREEDY_RESULTS (more than any `limit`), the rest as scored now: none above the last picked.
  return out.concat(left.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)));
}
const GREEDY_RESULTS = 100;
