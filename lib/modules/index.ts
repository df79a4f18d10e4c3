// PLACEHOLDER until the modules work lands: same signature, no modules.
import type { CodeGraph } from '../graph/code-graph.ts';

export interface ModulesResult { communities: number }

/** Detects functional areas: adds Community nodes and MEMBER_OF edges, sets `module` on member symbols. */
export function detectModules(_graph: CodeGraph): ModulesResult {
  return { communities: 0 };
}
