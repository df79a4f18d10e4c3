/**
 * The `context` answer cut to its size budget. Counts per list are exact and always present; over the budget,
 * each member keeps its first callers (its `callerCount` stays exact), the source text gets at most a share of
 * the budget, and the lists share the rest — callers and callees first, then heritage, the unresolved call sites,
 * members, flows, imports and references — each from its start (lists keep their order: by file, line, uid). `more` names every cut
 * list with the `section` and `offset` that read on; `section: "content"` pages the source text by lines.
 */
import type { ContextResult, MemberView, Relations } from '../lib/symbols/context.ts';
import { fitCount, fitSections, jsonSize, type SectionCut } from './budget.ts';

const CATEGORIES = ['calls', 'imports', 'extends', 'implements', 'overrides', 'references'] as const;
type Category = typeof CATEGORIES[number];

/** The cuttable lists of a context answer, in the order they share the budget. */
export const CONTEXT_SECTIONS = [
  'incoming.calls', 'outgoing.calls', 'incoming.extends', 'incoming.implements', 'outgoing.extends', 'outgoing.implements',
  'outgoing.overrides', 'incoming.overrides', 'unresolved',
  'members', 'processes', 'incoming.imports', 'incoming.references', 'outgoing.imports', 'outgoing.references', 'content',
] as const;
export type ContextSection = typeof CONTEXT_SECTIONS[number];

const WEIGHTS: Partial<Record<ContextSection, number>> = { 'incoming.calls': 3, 'outgoing.calls': 2, members: 2 };
/** Callers each member keeps when the answer is over its budget. */
const MEMBER_CALLERS = 5;
/** Largest share of the budget the source text may take. */
const CONTENT_SHARE = 0.5;

/** Exact sizes of every list, whatever the answer shows. */
export interface ContextCounts {
  incoming: Record<Category, number>;
  outgoing: Record<Category, number>;
  members: number;
  processes: number;
  /** Unresolved call sites that may run the symbol (present when the snapshot records them). */
  unresolved?: number;
}

export type MemberWithCount = MemberView & { callerCount: number };

/** The found answer as tools return it: the view plus counts, `truncated` and, when cut, `more`. */
export type BudgetedContext = Omit<ContextResult, 'members'> & {
  members?: MemberWithCount[];
  counts: ContextCounts;
  truncated: boolean;
  more?: SectionCut[];
};

function countsOf(r: ContextResult): ContextCounts {
  const side = (rel: Relations) => Object.fromEntries(CATEGORIES.map((c) => [c, rel[c].length])) as Record<Category, number>;
  return {
    incoming: side(r.incoming), outgoing: side(r.outgoing), members: r.members?.length ?? 0, processes: r.processes.length,
    ...(r.unresolved ? { unresolved: r.unresolved.count } : {}),
  };
}

function listOf(r: BudgetedContext, section: ContextSection): readonly unknown[] {
  if (section === 'members') return r.members ?? [];
  if (section === 'processes') return r.processes;
  if (section === 'unresolved') return r.unresolved?.sites ?? [];
  if (section === 'content') return [];
  const [side, cat] = section.split('.') as ['incoming' | 'outgoing', Category];
  return r[side][cat];
}

function setList(r: BudgetedContext, section: ContextSection, items: readonly unknown[]): void {
  if (section === 'members') { if (r.members) r.members = items as MemberWithCount[]; return; }
  if (section === 'processes') { r.processes = items as ContextResult['processes']; return; }
  if (section === 'unresolved') { if (r.unresolved) r.unresolved = { count: r.unresolved.count, sites: items as NonNullable<ContextResult['unresolved']>['sites'] }; return; }
  if (section === 'content') return;
  const [side, cat] = section.split('.') as ['incoming' | 'outgoing', Category];
  r[side] = { ...r[side], [cat]: items };
}

/** Lines of `text` from `offset`, as many as fit in `budget` characters (at least one). */
function linesWithin(text: string, offset: number, budget: number): { text: string; shown: number; total: number } {
  const lines = text.split('\n');
  const rest = lines.slice(offset);
  const n = fitCount(rest, budget, 1, (l) => JSON.stringify(l).length - 1);
  return { text: rest.slice(0, n).join('\n'), shown: n, total: lines.length };
}

/** Fits a found context answer into `maxChars`, or pages one list (`section`, `offset`). */
export function fitContext(full: ContextResult, maxChars: number, section?: ContextSection, offset = 0): BudgetedContext {
  const counts = countsOf(full);
  const { members, ...rest } = full;
  const withCounts: BudgetedContext = {
    ...rest, counts, truncated: false,
    ...(members ? { members: members.map((m) => ({ ...m, callerCount: m.callers.length })) } : {}),
  };
  if (section === undefined && jsonSize(withCounts) <= maxChars) return withCounts;

  const out: BudgetedContext = { ...withCounts, symbol: { ...withCounts.symbol }, incoming: { ...full.incoming }, outgoing: { ...full.outgoing } };
  if (out.members) out.members = out.members.map((m) => (m.callers.length > MEMBER_CALLERS ? { ...m, callers: m.callers.slice(0, MEMBER_CALLERS) } : m));
  const cuts: SectionCut[] = [];
  const content = full.symbol.content;
  if (content !== undefined) {
    if (section === undefined || section === 'content') {
      const start = section === 'content' ? offset : 0;
      const share = section === 'content' ? maxChars - 2_000 : Math.max(1_000, Math.min(jsonSize(content), maxChars * CONTENT_SHARE));
      const page = linesWithin(content, start, share);
      out.symbol.content = page.text;
      if (start + page.shown < page.total) cuts.push({ section: 'content', shown: page.shown, total: page.total, next_offset: start + page.shown });
    } else {
      delete out.symbol.content;
    }
  }
  const sections = CONTEXT_SECTIONS.filter((s) => s !== 'content').map((name) => ({ name, items: listOf(out, name), weight: WEIGHTS[name] ?? 1 }));
  const empty: BudgetedContext = { ...out, incoming: { calls: [], imports: [], extends: [], implements: [], overrides: [], references: [] }, outgoing: { calls: [], imports: [], extends: [], implements: [], overrides: [], references: [] }, processes: [], ...(out.members ? { members: [] } : {}), ...(out.unresolved ? { unresolved: { count: out.unresolved.count, sites: [] } } : {}) };
  const listsOnly = section === 'content' ? '' : section;
  const { kept, cuts: listCuts } = fitSections(sections, maxChars, jsonSize(empty) + 20, listsOnly, offset);
  for (const s of sections) setList(out, s.name, kept.get(s.name) ?? []);
  cuts.push(...listCuts);
  out.truncated = cuts.length > 0 || (out.members?.some((m) => m.callers.length < m.callerCount) ?? false);
  if (cuts.length) out.more = cuts;
  return out;
}
