/**
 * The `impact` answer cut to its size budget: the impacted symbols nearest first (depth 1, the ones that will
 * break, before depth 2 and 3), then the unresolved call sites, the affected flows and modules, and the target's own
 * members (a class's methods, a file's symbols: a large class or file lists hundreds); `impactedCount`, `summary`,
 * `unresolved.count` and `targetMemberCount` always count everything. `more` names each cut list with the `section` and `offset` that read on; `byDepth` is
 * paged in its nearest-first order.
 */
import type { ImpactResult, ImpactedSymbol } from '../lib/symbols/impact.ts';
import type { SymbolCandidate } from '../lib/symbols/lookup.ts';
import { fitCount, fitSections, jsonSize, type SectionCut } from './budget.ts';

export const IMPACT_SECTIONS = ['byDepth', 'unresolved', 'affected_processes', 'affected_modules', 'targetMembers'] as const;
export type ImpactSection = typeof IMPACT_SECTIONS[number];
const WEIGHTS: Record<ImpactSection, number> = { byDepth: 4, unresolved: 1.5, affected_processes: 1.5, affected_modules: 0.5, targetMembers: 0.5 };

export type BudgetedImpact = ImpactResult & { more?: SectionCut[]; targetMemberCount?: number };

/** The impacted symbols in nearest-first order, each with its depth. */
function flatten(byDepth: Record<string, ImpactedSymbol[]>): Array<{ depth: string; item: ImpactedSymbol }> {
  return Object.keys(byDepth).sort((a, b) => Number(a) - Number(b)).flatMap((depth) => byDepth[depth].map((item) => ({ depth, item })));
}

/**
 * Fits an impact answer into `maxChars`, or pages one list. `full` lists the impacted symbols from the first
 * (its `limit` counted from 0); `offset` is where this answer's listing starts.
 */
export function fitImpact(full: ImpactResult, maxChars: number, section?: ImpactSection, offset = 0): BudgetedImpact {
  const listed = flatten(full.byDepth);
  if (section === undefined && offset === 0 && jsonSize(full) <= maxChars) return full;
  const sections = [
    { name: 'byDepth', items: listed, weight: WEIGHTS.byDepth },
    { name: 'unresolved', items: full.unresolved?.sites ?? [], weight: WEIGHTS.unresolved },
    { name: 'affected_processes', items: full.affected_processes, weight: WEIGHTS.affected_processes },
    { name: 'affected_modules', items: full.affected_modules, weight: WEIGHTS.affected_modules },
    { name: 'targetMembers', items: full.targetMembers, weight: WEIGHTS.targetMembers },
  ];
  const empty = {
    ...full, byDepth: {}, affected_processes: [], affected_modules: [], targetMembers: [], targetMemberCount: full.targetMembers.length,
    ...(full.unresolved ? { unresolved: { ...full.unresolved, sites: [] } } : {}),
  };
  const { kept, cuts } = fitSections(sections, maxChars, jsonSize(empty) + 20, section, offset);
  const byDepth: Record<string, ImpactedSymbol[]> = {};
  for (const { depth, item } of kept.get('byDepth') as typeof listed) (byDepth[depth] ??= []).push(item);
  const out: BudgetedImpact = {
    ...full, byDepth,
    affected_processes: kept.get('affected_processes') as ImpactResult['affected_processes'],
    affected_modules: kept.get('affected_modules') as ImpactResult['affected_modules'],
    targetMembers: kept.get('targetMembers') as string[],
    truncated: full.truncated || cuts.length > 0,
  };
  // The members' count is exact whenever their listing is not whole.
  if (out.targetMembers.length < full.targetMembers.length) out.targetMemberCount = full.targetMembers.length;
  if (full.unresolved) out.unresolved = { count: full.unresolved.count, sites: kept.get('unresolved') as NonNullable<ImpactResult['unresolved']>['sites'] };
  if (cuts.length) out.more = cuts;
  return out;
}

/** An ambiguous lookup's answer, its candidates cut to the budget (best first); `candidate_count` is exact. */
export function fitAmbiguous<T extends { status: 'ambiguous'; message: string; candidates: SymbolCandidate[] }>(r: T, maxChars: number): T & { candidate_count: number; truncated: boolean } {
  const head = jsonSize({ ...r, candidates: [], candidate_count: r.candidates.length, truncated: true });
  const n = fitCount(r.candidates, maxChars - head);
  return { ...r, candidates: r.candidates.slice(0, n), candidate_count: r.candidates.length, truncated: n < r.candidates.length };
}
