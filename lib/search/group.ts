/**
 * From ranked symbols to ranked execution flows: each matched symbol votes for the processes it is a step
 * of (STEP_IN_PROCESS edges); a process scores its best match plus a little for its next best ones. The matched
 * functions of a file that are in no process are one result (one function: a one-symbol result); other matched
 * symbols in no process are the `definitions`.
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

/** One result of a query: an execution flow with its matching steps, or the matching functions of a file that are in no flow. */
export interface RankedResult {
  kind: 'process' | 'symbol' | 'file';
  /** The process (kind `process`), the symbol's node (kind `symbol`), or its file's (kind `file`). */
  node: GraphNode;
  /** The flow's steps in order (kind `process`), the symbol as its one step, or the file's matches by line. */
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
 * Ranks the results of a query: the processes the matched symbols take part in, and the matched functions and
 * methods that are steps of no process, one result per file (a file result, or a one-symbol result when the
 * file has one), by their best match. Matched types, classes, variables and properties in no process are the
 * definitions.
 */
export function rankResults(graph: CodeGraph, ranked: readonly RankedSymbol[], maxScore: number): { results: RankedResult[]; definitions: RankedSymbol[] } {
  const m = membershipOf(graph);
  const byProcess = new Map<string, RankedSymbol[]>();
  const results: RankedResult[] = [];
  const definitions: RankedSymbol[] = [];
  const scale = (1 + 2 * SUPPORT) * (maxScore || 1);
  // A file's functions in no flow answer together: as results of their own, a file's many small functions (an
  // object's hooks, a class's methods) took the `limit` places and the answer reached fewer of the ranking's files.
  const loose = new Map<string, Array<{ match: RankedSymbol; node: GraphNode }>>();
  for (const s of ranked) {
    const procs = m.bySymbol.get(s.uid);
    if (!procs || procs.length === 0) {
      const node = nodeOf(graph, s.uid);
      if (!node) continue;
      if (!CALLABLE.has(node.label)) { definitions.push(s); continue; }
      const key = node.filePath ?? node.uid;
      const list = loose.get(key);
      if (list) list.push({ match: s, node }); else loose.set(key, [{ match: s, node }]);
      continue;
    }
    for (const p of procs) {
      let list = byProcess.get(p.process);
      if (!list) byProcess.set(p.process, (list = []));
      if (list[list.length - 1] !== s) list.push(s); // ranked order is kept: list is best first
    }
  }
  for (const [file, list] of loose) results.push(looseResult(graph, file, list));
  for (const [uid, matched] of byProcess) {
    const info = m.processes.get(uid)!;
    const bestStep = m.bySymbol.get(matched[0].uid)!.find((p) => p.process === uid)?.step ?? 0;
    results.push({ kind: 'process', node: info.node, steps: info.steps, score: resultScore(matched, EMPTY), relevance: 0, matched, bestStep });
  }
  const ordered = byNovelty(results);
  for (const r of ordered) r.relevance = Math.min(1, r.score / scale);
  return { results: ordered, definitions };
}

/** The matched functions of one file in no flow (best first): a one-symbol result, or a file result of them all. */
function looseResult(graph: CodeGraph, file: string, list: ReadonlyArray<{ match: RankedSymbol; node: GraphNode }>): RankedResult {
  const matched = list.map((x) => x.match);
  if (list.length === 1) return { kind: 'symbol', node: list[0].node, steps: [{ uid: matched[0].uid, step: 1 }], score: matched[0].score, relevance: 0, matched, bestStep: 1 };
  const node = nodeOf(graph, `File:${file}`) ?? { uid: `File:${file}`, label: 'File', name: file.slice(file.lastIndexOf('/') + 1), filePath: file };
  // steps in the file's order, numbered from 1; the best match's number breaks ties between results
  const byLine = [...list].sort((a, b) => (a.node.line ?? 0) - (b.node.line ?? 0) || (a.match.uid < b.match.uid ? -1 : a.match.uid > b.match.uid ? 1 : 0));
  const steps = byLine.map((x, i) => ({ uid: x.match.uid, step: i + 1 }));
  const bestStep = steps.find((st) => st.uid === matched[0].uid)!.step;
  return { kind: 'file', node, steps, score: resultScore(matched, EMPTY), relevance: 0, matched, bestStep };
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
