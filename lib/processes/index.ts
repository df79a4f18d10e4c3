/**
 * Processes (execution flows): entry points scored from the code, bounded call traces from each, deduplicated
 * and budgeted, written back as `Process` nodes and `STEP_IN_PROCESS` edges. Runs after detectModules so
 * each flow knows its modules. See docs/flows.md.
 */
import { addCodeEdge, type GraphView } from '../graph/code-graph.ts';
import { CodegraphError } from '../errors.ts';
import type { GraphNode } from '../graph/schema.ts';
import { findEntries, inlineLabel, type Entry, type EntryKind, type EntryOptions } from './entries.ts';
import { buildCallIndex, tracePaths, type TraceOptions } from './trace.ts';
import { budget, defaultMaxProcesses, dropContained, pickPerEntry, type Candidate, type SelectOptions } from './select.ts';
import { nameFlows } from './naming.ts';

export interface ProcessesOptions extends EntryOptions, TraceOptions, SelectOptions {
  /** Flows kept for the repository (default 10 + 3·√callables, at most 500). */
  maxProcesses?: number;
}

export interface ProcessSummary {
  uid: string;
  name: string;
  steps: number;
  entry: string;
  terminal: string;
  entryKind: EntryKind;
  modules: string[];
}

export interface ProcessesResult {
  /** Number of Process nodes added. */
  processes: number;
  /** Symbols that scored as entry points. */
  entries: number;
  /** Flows found before containment dedup and the budget. */
  candidates: number;
  /** The flows, in graph order. */
  flows: ProcessSummary[];
}

/** Entry kinds registered by a framework or run by a script: a two-step flow from them is still a flow. */
const REGISTERED: ReadonlySet<EntryKind> = new Set(['route', 'command', 'listener', 'middleware', 'script']);

/** Traces execution flows: adds Process nodes and STEP_IN_PROCESS edges (runs after detectModules). */
export function traceProcesses(graph: GraphView, options: ProcessesOptions = {}): ProcessesResult {
  if (graph.someNode((_uid, n) => n.label === 'Process')) throw new CodegraphError('INTERNAL', 'traceProcesses: the graph already has Process nodes');
  const minConfidence = options.minConfidence ?? 0.5;
  const minSteps = options.minSteps ?? 3;
  const maxPerEntry = options.maxPerEntry ?? 3;
  const index = buildCallIndex(graph, minConfidence, options.hubFanIn);
  const callers: GraphNode[] = [];
  for (let k = 0; k < index.uids.length; k++) if (index.callees[k].length > 0) callers.push(index.nodes[k]);
  const entries = findEntries(graph, callers, options);

  const candidates: Candidate[] = [];
  entries.forEach((entry, entryRank) => {
    const paths = tracePaths(index, index.id.get(entry.uid)!, options);
    const floor = REGISTERED.has(entry.kind) ? Math.min(2, minSteps) : minSteps;
    pickPerEntry(paths, index.fanIn, floor, maxPerEntry)
      .forEach((steps, pathRank) => candidates.push({ entryRank, pathRank, steps }));
  });

  let callables = 0;
  graph.forEachNode((_uid, n) => { if (n.label === 'Function' || n.label === 'Method') callables++; });
  const limit = options.maxProcesses ?? defaultMaxProcesses(callables);
  const chosen = budget(dropContained(candidates), limit);

  const nodesOf = (c: Candidate): GraphNode[] => c.steps.map((k) => index.nodes[k]);
  const stepNodes = chosen.map(nodesOf);
  const labelOf = (e: Entry): string | undefined => (e.inline && e.registeredBy ? inlineLabel(e.registeredBy, e.inline.path) : undefined);
  const names = nameFlows(stepNodes.map((s, i) => {
    const label = labelOf(entries[chosen[i].entryRank]);
    return { entry: s[0], terminal: s[s.length - 1], ...(label ? { label } : {}) };
  }));
  const flows: ProcessSummary[] = [];
  chosen.forEach((c, i) => {
    const steps = stepNodes[i];
    const entry: Entry = entries[c.entryRank];
    const modules = distinctModules(steps);
    const uid = `Process:${names[i]}`;
    graph.addNode(uid, {
      uid, label: 'Process', name: names[i], kind: 'process',
      steps: steps.length, entry: steps[0].uid, terminal: steps[steps.length - 1].uid,
      modules, module: dominantModule(steps) ?? '',
      entryKind: entry.kind, entryScore: entry.score,
      ...(entry.registeredBy ? { registeredBy: entry.registeredBy } : {}),
      ...(entry.inline ? { inlineHandler: true, ...(entry.inline.path ? { routePath: entry.inline.path } : {}) } : {}),
      processType: modules.length > 1 ? 'cross_community' : 'intra_community',
    });
    steps.forEach((s, k) => addCodeEdge(graph, { source: s.uid, target: uid, type: 'STEP_IN_PROCESS', confidence: 1, reason: 'process', step: k + 1 }));
    flows.push({ uid, name: names[i], steps: steps.length, entry: steps[0].uid, terminal: steps[steps.length - 1].uid, entryKind: entry.kind, modules });
  });
  return { processes: flows.length, entries: entries.length, candidates: candidates.length, flows };
}

/** Modules of the steps, in order of first appearance. */
function distinctModules(steps: readonly GraphNode[]): string[] {
  const out: string[] = [];
  for (const s of steps) if (s.module && !out.includes(s.module)) out.push(s.module);
  return out;
}

/** The module most steps belong to; ties go to the one met first (the entry's side). */
function dominantModule(steps: readonly GraphNode[]): string | undefined {
  const count = new Map<string, number>();
  for (const s of steps) if (s.module) count.set(s.module, (count.get(s.module) ?? 0) + 1);
  let best: string | undefined, bestC = 0;
  for (const [m, c] of count) if (c > bestC) { best = m; bestC = c; }
  return best;
}
