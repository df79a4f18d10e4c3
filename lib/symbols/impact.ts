/** Blast-radius analysis behind the `impact` tool (DESIGN.md §5), rules in docs/tools.md. */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode, RelType } from '../graph/schema.ts';
import { isContainer, moduleOf, processesOf } from './membership.ts';
import { traverse, type Direction, type Reached } from './traverse.ts';
import { assessRisk, type RiskLevel } from './risk.ts';
import { symbolsInFile } from './lookup.ts';
import { reopenedDeclarations, typeMembersOf } from './type-parts.ts';
import type { UnresolvedCall, UnresolvedCalls } from '../refs/unresolved-calls.ts';
import { unresolvedCallsTo, type UnresolvedReach, type UnresolvedSiteView } from './unresolved.ts';
import { outsideOverridesOf, unknownBasesAbove } from './outside.ts';

export interface ImpactOptions {
  direction: Direction;
  maxDepth: number;
  relationTypes: readonly RelType[];
  minConfidence: number;
  includeTests: boolean;
  /** Most symbols listed in `byDepth`; counts always cover everything. */
  limit: number;
}

export interface ImpactedSymbol {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  /** The relation that first reached the symbol (at its shortest depth). */
  relationType: RelType;
  /** Confidence of that edge. */
  confidence: number;
  /** The symbol one step closer to the target through which it was reached. */
  via: string;
  module?: string;
}

export interface AffectedProcess {
  uid: string;
  name: string;
  steps: number;
  /** Earliest step of the flow hit by the target or an impacted symbol. */
  step: number;
  /** Name of the symbol at that step. */
  symbol: string;
  /** Smallest depth at which the flow is hit (0: the target itself takes part). */
  depth: number;
  /** Steps of the flow hit. */
  hits: number;
}

export interface AffectedModule {
  name: string;
  /** Impacted symbols in the module. */
  impacted: number;
  /** Of which at depth 1. */
  direct: number;
}

export interface ImpactResult {
  /** `overridesOutside`: a method's outside member it overrides (docs/tools.md, impact), which has no node. */
  target: { uid: string; name: string; type: string; filePath: string; line: number; module?: string; overridesOutside?: string };
  direction: Direction;
  maxDepth: number;
  relationTypes: RelType[];
  minConfidence: number;
  includeTests: boolean;
  impactedCount: number;
  risk: RiskLevel;
  /** Which threshold decided the risk. */
  riskReason: string;
  summary: { direct: number; processes_affected: number; modules_affected: number; by_depth: Record<string, number> };
  byDepth: Record<string, ImpactedSymbol[]>;
  affected_processes: AffectedProcess[];
  affected_modules: AffectedModule[];
  /** Members (methods, properties, constructor) of a class/interface target, the symbols of a file target, or the other overloads of an overload set, counted as part of it. */
  targetMembers: string[];
  /**
   * Calls the graph has no edge for (docs/tools.md § Unresolved calls): upstream, the unresolved call sites whose
   * name may run the target (or a member or overload of it); downstream, the unresolved calls made inside it.
   * Present when the snapshot records them and CALLS is followed; not counted in `impactedCount` nor in the risk level.
   */
  unresolved?: UnresolvedReach;
  /** True when `byDepth` lists fewer symbols than `impactedCount` because of `limit`. */
  truncated: boolean;
}

/**
 * The symbols an impact analysis starts from: the target, plus a container's members (and, where types reopen, its
 * other declarations and theirs) or a file's symbols, and the other declarations of an overload set (`overloads`),
 * each with its members when it is a container.
 */
export function impactSeeds(graph: CodeGraph, target: GraphNode, overloads: readonly GraphNode[] = []): GraphNode[] {
  if (target.label === 'File' && target.filePath) return [target, ...symbolsInFile(graph, target.filePath)];
  // (a set's declarations may be classes: a module's and its stub's, each with its members)
  const seeds = new Map<string, GraphNode>();
  for (const n of [target, ...overloads]) {
    for (const s of isContainer(n) ? [...reopenedDeclarations(graph, n), ...typeMembersOf(graph, n)] : [n]) seeds.set(s.uid, s);
  }
  return [...seeds.values()];
}

/**
 * Runs the analysis for one target node (with the rest of its overload set, when it is one); `unresolved`, the
 * snapshot's unresolved call sites, adds the calls that may reach the target without an edge.
 */
export function analyzeImpact(graph: CodeGraph, target: GraphNode, opts: ImpactOptions, overloads: readonly GraphNode[] = [], unresolved?: UnresolvedCalls): ImpactResult {
  const seeds = impactSeeds(graph, target, overloads);
  const reached = traverse(graph, seeds.map((s) => s.uid), opts);
  reached.sort(byDepthThenPlace);

  const byDepth: Record<string, ImpactedSymbol[]> = {};
  const depthCounts: Record<string, number> = {};
  const modules = new Map<string, AffectedModule>();
  for (const r of reached) depthCounts[r.depth] = (depthCounts[r.depth] ?? 0) + 1;
  let listed = 0;
  for (const r of reached) {
    const module = moduleOf(graph, r.node);
    if (module) {
      let m = modules.get(module);
      if (!m) modules.set(module, (m = { name: module, impacted: 0, direct: 0 }));
      m.impacted++;
      if (r.depth === 1) m.direct++;
    }
    if (listed >= opts.limit) continue;
    listed++;
    (byDepth[r.depth] ??= []).push(impactedView(r, module));
  }

  const processes = affectedProcesses(graph, seeds, reached);
  const affectedModules = [...modules.values()].sort((a, b) => b.impacted - a.impacted || b.direct - a.direct || cmp(a.name, b.name));
  const direct = depthCounts[1] ?? 0;
  const risk = assessRisk({ direct, total: reached.length, processes: processes.length, modules: affectedModules.length });
  const targetModule = moduleOf(graph, target);
  const unreached = unresolved && opts.relationTypes.includes('CALLS') ? unresolvedOf(graph, unresolved, seeds, opts) : undefined;
  // (the level stays the graph's: a name is no proof of a call; the reason says what the graph cannot see)
  if (unreached?.count) risk.reason += `; ${unresolvedNote(unreached, opts.direction)}`;
  const outside = opts.direction === 'upstream' ? outsideNote(graph, seeds) : undefined;
  if (outside) risk.reason += `; ${outside}`;
  return {
    target: {
      uid: target.uid, name: target.name, type: target.label, filePath: target.filePath ?? '', line: target.line ?? 1, ...(targetModule ? { module: targetModule } : {}),
      ...(typeof target.overridesOutside === 'string' ? { overridesOutside: target.overridesOutside } : {}),
    },
    direction: opts.direction, maxDepth: opts.maxDepth, relationTypes: [...opts.relationTypes], minConfidence: opts.minConfidence,
    includeTests: opts.includeTests,
    impactedCount: reached.length,
    risk: risk.level, riskReason: risk.reason,
    summary: { direct, processes_affected: processes.length, modules_affected: affectedModules.length, by_depth: depthCounts },
    byDepth, affected_processes: processes, affected_modules: affectedModules,
    targetMembers: seeds.slice(1).map((s) => s.uid),
    ...(unreached ? { unresolved: unreached } : {}),
    truncated: listed < reached.length,
  };
}

/** Upstream: the unresolved sites that may run a seed; downstream: those made inside a seed (by file, line). */
function unresolvedOf(graph: CodeGraph, unresolved: UnresolvedCalls, seeds: readonly GraphNode[], opts: ImpactOptions): UnresolvedReach {
  let sites: UnresolvedSiteView[];
  if (opts.direction === 'upstream') sites = unresolvedCallsTo(graph, unresolved, seeds, opts.includeTests);
  else {
    const inside = new Set(seeds.map((s) => s.uid));
    sites = unresolved.all.filter((u: UnresolvedCall) => inside.has(u.from)).map((u) => ({ filePath: u.filePath, line: u.line, name: u.name, from: u.from }));
  }
  return { count: sites.length, sites };
}

/**
 * The sentence riskReason gains when a seed method overrides a member declared outside the repository, or its class has
 * an outside base whose members are not known: calls through that outside type may reach it, and the graph has no edge
 * for them (no node stands for the outside member).
 */
function outsideNote(graph: CodeGraph, seeds: readonly GraphNode[]): string | undefined {
  const members = new Set<string>();
  const bases = new Set<string>();
  for (const s of seeds) {
    if (s.label !== 'Method') continue;
    const over = outsideOverridesOf(graph, s);
    for (const m of over) members.add(m);
    if (!over.length) for (const b of unknownBasesAbove(graph, s)) bases.add(b.base);
  }
  const list = (xs: Set<string>): string => [...xs].sort().slice(0, 3).join(', ') + (xs.size > 3 ? ` and ${xs.size - 3} more` : '');
  const notes: string[] = [];
  if (members.size) notes.push(`it overrides ${list(members)}, declared outside the repository: calls made through that type (by code holding it as one, or by its runtime) may also reach it and are not in the graph (outside)`);
  if (bases.size) notes.push(`its class extends ${list(bases)}, outside the repository, whose members are not known here: calls made through that type may also reach it and are not in the graph (outside)`);
  return notes.length ? notes.join('; ') : undefined;
}

/** The sentence riskReason gains when some calls could not be resolved (the names they call, three at most). */
export function unresolvedNote(reach: UnresolvedReach, direction: Direction): string {
  const names = [...new Set(reach.sites.map((s) => s.name))].sort();
  const named = names.slice(0, 3).map((n) => `'${n}'`).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more names` : '');
  const calls = reach.count === 1 ? '1 call' : `${reach.count} calls`;
  return direction === 'upstream'
    ? `${calls} of ${named} could not be resolved and may also reach it (unresolved)`
    : `${calls} it makes (${named}) could not be resolved: what they run is not followed (unresolved)`;
}

function impactedView(r: Reached, module: string | undefined): ImpactedSymbol {
  const n = r.node;
  const v: ImpactedSymbol = {
    uid: n.uid, name: n.name, type: n.label, filePath: n.filePath ?? '', line: n.line ?? 1,
    relationType: r.relationType, confidence: r.confidence, via: r.via,
  };
  if (module) v.module = module;
  return v;
}

/** Flows hit by the seeds (depth 0) or the reached symbols, each with its earliest step hit. */
export function affectedProcesses(graph: CodeGraph, seeds: readonly GraphNode[], reached: readonly Reached[]): AffectedProcess[] {
  const byUid = new Map<string, AffectedProcess>();
  const hit = (uid: string, name: string, depth: number) => {
    for (const p of processesOf(graph, uid)) {
      const cur = byUid.get(p.uid);
      if (!cur) { byUid.set(p.uid, { uid: p.uid, name: p.name, steps: p.steps, step: p.step, symbol: name, depth, hits: 1 }); continue; }
      cur.hits++;
      if (p.step < cur.step) { cur.step = p.step; cur.symbol = name; }
      if (depth < cur.depth) cur.depth = depth;
    }
  };
  for (const s of seeds) hit(s.uid, s.name, 0);
  for (const r of reached) hit(r.node.uid, r.node.name, r.depth);
  return [...byUid.values()].sort((a, b) => a.depth - b.depth || a.step - b.step || cmp(a.name, b.name) || cmp(a.uid, b.uid));
}

function byDepthThenPlace(a: Reached, b: Reached): number {
  return a.depth - b.depth || cmp(a.node.filePath ?? '', b.node.filePath ?? '') || (a.node.line ?? 0) - (b.node.line ?? 0) || cmp(a.node.uid, b.node.uid);
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
