/** Risk level of a change from the size of its blast radius (rules documented in docs/tools.md). */

export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface RiskInput {
  /** Symbols that depend on the target directly (depth 1). */
  direct: number;
  /** All impacted symbols. */
  total: number;
  /** Execution flows touched. */
  processes: number;
  /** Functional areas touched. */
  modules: number;
}

export interface RiskAssessment { level: RiskLevel; reason: string }

/** Thresholds per level, checked from the top; the first rule a number reaches decides. */
export const RISK_RULES: readonly { level: Exclude<RiskLevel, 'LOW'>; direct: number; total: number; processes: number; modules: number }[] = [
  { level: 'CRITICAL', direct: 30, total: 100, processes: 10, modules: 8 },
  { level: 'HIGH', direct: 10, total: 30, processes: 4, modules: 4 },
  { level: 'MEDIUM', direct: 3, total: 8, processes: 1, modules: 2 },
];

const WHAT: Record<keyof RiskInput, string> = {
  direct: 'direct dependents', total: 'impacted symbols', processes: 'affected processes', modules: 'affected modules',
};

/** The highest level any number reaches, with the rule that decided it. */
export function assessRisk(input: RiskInput): RiskAssessment {
  for (const rule of RISK_RULES) {
    for (const k of ['direct', 'total', 'processes', 'modules'] as const) {
      if (input[k] >= rule[k]) return { level: rule.level, reason: `${input[k]} ${WHAT[k]} (>= ${rule[k]})` };
    }
  }
  return { level: 'LOW', reason: `${input.direct} direct dependents, ${input.total} impacted symbols, ${input.processes} processes, ${input.modules} modules: below every MEDIUM threshold` };
}
