/** The analyze summary: a JSON-safe record of what one run did, and its text form for the terminal. */
import { graphData, type GraphView } from '../graph/code-graph.ts';
import { SYMBOL_LABELS } from '../graph/schema.ts';
import type { SkipCounts } from '../files/skip-rules.ts';

export const PHASES = ['walk', 'read', 'parse', 'resolve', 'modules', 'processes', 'search', 'write'] as const;
export type Phase = (typeof PHASES)[number];

export interface FileCount { path: string; count: number }

export interface AnalyzeSummary {
  name: string;
  root: string;
  /** True when nothing changed since the last snapshot (nothing was rebuilt or written). */
  upToDate: boolean;
  files: {
    /** Files in the snapshot. */
    indexed: number;
    /** Files parsed in this run (the rest came from the cache). */
    parsed: number;
    reused: number;
    added: number;
    changed: number;
    deleted: number;
    /** Files whose relations were resolved in this run (the others' were taken over from the previous snapshot). */
    resolved?: number;
  };
  lines: number;
  /** Nodes by label (symbols, Folder, File, Community, Process). */
  nodes: Record<string, number>;
  /** Symbol nodes (labels of SYMBOL_LABELS) in total. */
  symbols: number;
  edges: Record<string, number>;
  references: number;
  unresolvedCalls: { total: number; worstFiles: FileCount[] };
  parseErrors: { total: number; files: FileCount[] };
  skips: SkipCounts;
  /**
   * Files the extractor threw on (indexed as nothing) or the resolver did (`resolve: …`: its symbols are indexed,
   * its relations only up to the failure): a bug to report.
   */
  failures: { path: string; error: string }[];
  communities: number;
  /** The communities were taken over from the previous snapshot (module detection would have read the same graph). */
  modulesReused?: true;
  processes: number;
  /** The flows were taken over from the previous snapshot (processes would have read the same graph: incremental.ts processesKey). */
  processesReused?: true;
  embeddings: number;
  embedder: string;
  /** Milliseconds per phase, and in total. */
  timings: Partial<Record<Phase, number>> & { total: number };
}

/** Nodes by label and edges by type, in schema order. */
export function countGraph(graph: GraphView): { nodes: Record<string, number>; edges: Record<string, number>; symbols: number } {
  // Maps and indexed loops: this runs once per process over every edge, mostly unoptimised (a for-of allocates
  // an iterator result per step there, and keyed stores on a plain object go through its dictionary)
  const { nodes: allNodes, edges: allEdges } = graphData(graph);
  const nodes = countBy(allNodes, (n) => n.label);
  const edges = countBy(allEdges, (e) => e.type);
  let symbols = 0;
  for (const l of SYMBOL_LABELS) symbols += nodes[l] ?? 0;
  return { nodes: sortKeys(nodes), edges: sortKeys(edges), symbols };
}

/** The `limit` entries with the highest counts (ties by path). */
export function worst(byFile: Record<string, number>, limit: number): FileCount[] {
  return Object.entries(byFile)
    .filter(([, c]) => c > 0)
    .map(([path, count]) => ({ path, count }))
    .sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : 1))
    .slice(0, limit);
}

/** Counts of `key(item)` over `items`, as a plain object. */
function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < items.length; i++) { const k = key(items[i]); counts.set(k, (counts.get(k) ?? 0) + 1); }
  return Object.fromEntries(counts);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Multi-line human summary (what the CLI prints at the end). */
export function formatSummary(s: AnalyzeSummary): string {
  const out: string[] = [];
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)}s`;
  if (s.upToDate) {
    out.push(`${s.name}: up to date (${s.files.indexed} files, checked in ${secs(s.timings.total)})`);
    return out.join('\n');
  }
  out.push(`${s.name}: indexed ${s.files.indexed} files (${s.lines} lines) in ${secs(s.timings.total)}  [${s.root}]`);
  const resolved = s.files.resolved !== undefined && s.files.resolved < s.files.indexed ? `; relations resolved for ${s.files.resolved}, the rest's kept` : '';
  out.push(`  files      parsed ${s.files.parsed}, reused ${s.files.reused}; added ${s.files.added}, changed ${s.files.changed}, deleted ${s.files.deleted}${resolved}`);
  const symbolLabels = new Set<string>(SYMBOL_LABELS);
  const pick = (keep: boolean) => Object.fromEntries(Object.entries(s.nodes).filter(([k]) => symbolLabels.has(k) === keep));
  out.push(`  symbols    ${s.symbols}  ${pairs(pick(true))}`);
  out.push(`  structure  ${pairs(pick(false))}`);
  out.push(`  edges      ${Object.values(s.edges).reduce((a, b) => a + b, 0)}  ${pairs(s.edges)}`);
  out.push(`  references ${s.references}`);
  out.push(`  unresolved ${s.unresolvedCalls.total} call sites${s.unresolvedCalls.worstFiles.length ? `; most in ${s.unresolvedCalls.worstFiles.map((f) => `${f.path} (${f.count})`).join(', ')}` : ''}`);
  if (s.parseErrors.total) out.push(`  syntax     ${s.parseErrors.total} recovered errors in ${s.parseErrors.files.length} files: ${s.parseErrors.files.slice(0, 5).map((f) => `${f.path} (${f.count})`).join(', ')}`);
  const skipTotal = Object.values(s.skips).reduce((a, b) => a + (b ?? 0), 0);
  out.push(`  skipped    ${skipTotal}${skipTotal ? `  ${pairs(s.skips as Record<string, number>)}` : ''}`);
  if (s.failures.length) out.push(`  failed     ${s.failures.length} files could not be indexed fully: ${s.failures.slice(0, 5).map((f) => `${f.path} (${f.error})`).join(', ')}`);
  out.push(`  modules    ${s.communities}${s.modulesReused ? ' (unchanged)' : ''}, processes ${s.processes}${s.processesReused ? ' (unchanged)' : ''}, embeddings ${s.embeddings} (${s.embedder})`);
  const phases = Object.entries(s.timings).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${secs(v as number)}`);
  out.push(`  time       ${phases.join(', ')}`);
  return out.join('\n');
}

function pairs(o: Record<string, number>): string {
  return Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
}
