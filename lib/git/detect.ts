/** From diff text to the `detect_changes` answer: changed symbols, what depends on them, flows, risk. */
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { GraphNode } from '../graph/schema.ts';
import { nodeOf } from '../graph/code-graph.ts';
import { parseUnifiedDiff } from './diff.ts';
import { mapChanges, type ChangedFile, type ChangedSymbol, type ChangeType } from './changes.ts';
import { traverse, DEPENDENCY_TYPES, type Reached } from '../symbols/traverse.ts';
import { moduleOf, processesOf } from '../symbols/membership.ts';
import { assessRisk } from '../symbols/risk.ts';

/** How far callers of changed symbols are followed. */
export const AFFECTED_DEPTH = 3;

export type RiskLevelLower = 'none' | 'low' | 'medium' | 'high' | 'critical';

export interface ChangedStep { uid: string; name: string; step: number; change_type: ChangeType }
export interface AffectedStep { uid: string; name: string; step: number; depth: number }

export interface ChangedProcess {
  uid: string;
  name: string;
  steps: number;
  /** Steps whose symbol changed. */
  changed_steps: ChangedStep[];
  /** Steps whose symbol depends (within AFFECTED_DEPTH) on a changed symbol. */
  affected_steps: AffectedStep[];
}

export interface AffectedSymbol {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  depth: number;
  relationType: string;
  /** The changed or affected symbol it depends on. */
  via: string;
}

export interface DetectChangesResult {
  summary: {
    changed_files: number;
    changed_count: number;
    affected_count: number;
    risk_level: RiskLevelLower;
    risk_reason: string;
    added: number;
    modified: number;
    deleted: number;
    processes_affected: number;
    modules_affected: number;
  };
  changed_symbols: ChangedSymbol[];
  affected_processes: ChangedProcess[];
  /** Symbols that depend on the changes (upstream, tests excluded), nearest first. */
  affected_symbols: AffectedSymbol[];
  affected_modules: string[];
  files: ChangedFile[];
  /** True when `affected_symbols` lists fewer than `affected_count`. */
  truncated: boolean;
}

/** Answers detect_changes for a diff text, with the symbols of the snapshot's per-file symbol table. */
export function detectFromDiff(snapshot: Pick<Snapshot, 'graph' | 'files' | 'host'>, diffText: string, limit: number): DetectChangesResult {
  const { graph } = snapshot;
  const mapped = mapChanges(snapshot, parseUnifiedDiff(diffText));
  const seeds = mapped.symbols.filter((s) => s.indexed).map((s) => s.uid);
  const reached = traverse(graph, seeds, {
    direction: 'upstream', maxDepth: AFFECTED_DEPTH, relationTypes: DEPENDENCY_TYPES, minConfidence: 0, includeTests: false,
  });
  reached.sort((a, b) => a.depth - b.depth || cmp(a.node.filePath ?? '', b.node.filePath ?? '') || (a.node.line ?? 0) - (b.node.line ?? 0) || cmp(a.node.uid, b.node.uid));

  const processes = changedProcesses(snapshot.graph, mapped.symbols, reached);
  const modules = new Set<string>();
  for (const s of mapped.symbols) { const n = nodeOf(graph, s.uid); const m = n && moduleOf(graph, n); if (m) modules.add(m); }
  for (const r of reached) { const m = moduleOf(graph, r.node); if (m) modules.add(m); }

  const count = (t: ChangeType) => mapped.symbols.filter((s) => s.change_type === t).length;
  const direct = reached.filter((r) => r.depth === 1).length;
  let risk: { level: RiskLevelLower; reason: string };
  if (mapped.symbols.length === 0) risk = { level: 'none', reason: mapped.files.length === 0 ? 'no changes' : 'no code symbol changed' };
  else {
    const a = assessRisk({ direct, total: reached.length + mapped.symbols.length, processes: processes.length, modules: modules.size });
    risk = { level: a.level.toLowerCase() as RiskLevelLower, reason: a.reason };
    const stranded = strandedUsers(mapped.symbols, mapped.files, reached);
    if (stranded.length && LEVELS.indexOf(risk.level) < LEVELS.indexOf('high')) risk = { level: 'high', reason: strandedReason(stranded) };
  }
  return {
    summary: {
      changed_files: mapped.files.length, changed_count: mapped.symbols.length, affected_count: reached.length,
      risk_level: risk.level, risk_reason: risk.reason,
      added: count('added'), modified: count('modified'), deleted: count('deleted'),
      processes_affected: processes.length, modules_affected: modules.size,
    },
    changed_symbols: mapped.symbols,
    affected_processes: processes,
    affected_symbols: reached.slice(0, limit).map((r) => ({
      uid: r.node.uid, name: r.node.name, type: r.node.label, filePath: r.node.filePath ?? '', line: r.node.line ?? 1,
      depth: r.depth, relationType: r.relationType, via: r.via,
    })),
    affected_modules: [...modules].sort(),
    files: mapped.files,
    truncated: reached.length > limit,
  };
}

const LEVELS: readonly RiskLevelLower[] = ['none', 'low', 'medium', 'high', 'critical'];

/**
 * The direct dependents of a deleted symbol in files the diff does not touch: they still name what is gone, so the
 * change breaks them (a missing import or name at build or run time) however few they are. A dependent in a changed
 * file may have been updated with it (its import moved to where the symbol went), so it is not counted.
 */
function strandedUsers(changed: readonly ChangedSymbol[], files: readonly ChangedFile[], reached: readonly Reached[]): Reached[] {
  const deleted = new Set(changed.filter((s) => s.indexed && s.change_type === 'deleted').map((s) => s.uid));
  if (!deleted.size) return [];
  const touched = new Set(files.flatMap((f) => (f.old_path ? [f.path, f.old_path] : [f.path])));
  return reached.filter((r) => r.depth === 1 && deleted.has(r.via) && !touched.has(r.node.filePath ?? ''));
}

function strandedReason(stranded: readonly Reached[]): string {
  const name = (uid: string): string => uid.slice(uid.lastIndexOf(':') + 1);
  const first = stranded[0];
  const example = `${first.node.name} in ${first.node.filePath} uses ${name(first.via)}`;
  return stranded.length === 1
    ? `a deleted symbol is still used by code the diff leaves unchanged (${example})`
    : `deleted symbols are still used by ${stranded.length} dependents the diff leaves unchanged (${example}, …)`;
}

/** Flows with a changed step first (by earliest changed step), then flows only reached through callers. */
function changedProcesses(graph: Snapshot['graph'], changed: readonly ChangedSymbol[], reached: readonly Reached[]): ChangedProcess[] {
  const byUid = new Map<string, ChangedProcess>();
  const get = (p: { uid: string; name: string; steps: number }) => {
    let cur = byUid.get(p.uid);
    if (!cur) byUid.set(p.uid, (cur = { uid: p.uid, name: p.name, steps: p.steps, changed_steps: [], affected_steps: [] }));
    return cur;
  };
  for (const s of changed) {
    if (!s.indexed) continue;
    for (const p of processesOf(graph, s.uid)) get(p).changed_steps.push({ uid: s.uid, name: s.name, step: p.step, change_type: s.change_type });
  }
  for (const r of reached) {
    const n: GraphNode = r.node;
    for (const p of processesOf(graph, n.uid)) get(p).affected_steps.push({ uid: n.uid, name: n.name, step: p.step, depth: r.depth });
  }
  const first = (p: ChangedProcess) => Math.min(...p.changed_steps.map((s) => s.step), Infinity);
  for (const p of byUid.values()) { p.changed_steps.sort((a, b) => a.step - b.step); p.affected_steps.sort((a, b) => a.step - b.step); }
  return [...byUid.values()].sort((a, b) => {
    const ca = a.changed_steps.length > 0 ? 0 : 1, cb = b.changed_steps.length > 0 ? 0 : 1;
    return ca - cb || first(a) - first(b) || cmp(a.name, b.name) || cmp(a.uid, b.uid);
  });
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
