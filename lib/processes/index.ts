// PLACEHOLDER until the processes work lands: same signature, no processes.
import type { CodeGraph } from '../graph/code-graph.ts';

export interface ProcessesResult { processes: number }

/** Traces execution flows: adds Process nodes and STEP_IN_PROCESS edges (runs after detectModules). */
export function traceProcesses(_graph: CodeGraph): ProcessesResult {
  return { processes: 0 };
}
