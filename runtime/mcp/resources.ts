/**
 * MCP resources over a snapshot: the execution flows of a repository and the step-by-step trace of one.
 * Pure functions of the graph (Process nodes and their STEP_IN_PROCESS edges), so any runtime can serve them.
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { GraphEdge, GraphNode } from '../../lib/graph/schema.ts';
import { nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { DEFAULT_MAX_CHARS, fitCount } from '../../handlers/budget.ts';

export const REPOS_URI = 'codegraph://repos';
export const PROCESSES_TEMPLATE = 'codegraph://repo/{name}/processes';
export const PROCESS_TEMPLATE = 'codegraph://repo/{name}/process/{process}';

/** A parsed resource address. */
export type ResourceAddress =
  | { kind: 'repos' }
  | { kind: 'processes'; repo: string; offset: number }
  | { kind: 'process'; repo: string; process: string };

/** Size budget of one page of the process list, in characters of JSON (about 7k tokens). */
export const PROCESSES_PAGE_CHARS = DEFAULT_MAX_CHARS;

/** URI of a repository's process list (from `offset` on, when given). */
export function processesUri(repo: string, offset = 0): string {
  return `codegraph://repo/${encodeURIComponent(repo)}/processes${offset > 0 ? `?offset=${offset}` : ''}`;
}
/** URI of one process's trace (by name, or by uid when the name is shared). */
export function processUri(repo: string, process: string): string {
  return `codegraph://repo/${encodeURIComponent(repo)}/process/${encodeURIComponent(process)}`;
}

/** Parses a codegraph:// URI; undefined when it names no resource of ours. */
export function parseResourceUri(uri: string): ResourceAddress | undefined {
  if (uri === REPOS_URI) return { kind: 'repos' };
  const m = /^codegraph:\/\/repo\/([^/]+)\/(processes(?:\?offset=(\d{1,9}))?|process\/(.+))$/.exec(uri);
  if (!m) return undefined;
  try {
    const repo = decodeURIComponent(m[1]);
    if (m[2].startsWith('processes')) return { kind: 'processes', repo, offset: m[3] ? Number(m[3]) : 0 };
    return { kind: 'process', repo, process: decodeURIComponent(m[4]) };
  } catch {
    return undefined; // malformed percent-encoding
  }
}

export interface ProcessSummary {
  name: string;
  uid: string;
  steps: number;
  entry?: string;
  terminal?: string;
  modules: string[];
  /** Where the full trace is read. */
  uri: string;
}

export interface ProcessStep {
  step: number;
  uid: string;
  name: string;
  type: string;
  filePath?: string;
  line?: number;
  module?: string;
}

/** One page of a repository's process list. */
export interface ProcessPage {
  repo: string;
  /** Every flow of the repository (exact, whatever the page holds). */
  count: number;
  /** Position of this page's first flow. */
  offset: number;
  processes: ProcessSummary[];
  /** More flows follow this page. */
  truncated: boolean;
  /** Where the next page is read (present when truncated). */
  next?: string;
}

/**
 * One page of the execution flows, in graph order (most important entry points first), from `offset`, as many
 * as fit in `maxChars` of JSON; `next` is the URI of the page after it.
 */
export function processPage(snapshot: Snapshot, offset = 0, maxChars = PROCESSES_PAGE_CHARS): ProcessPage {
  const all = listProcesses(snapshot).processes;
  const rest = all.slice(offset);
  const n = fitCount(rest, maxChars - 200);
  const end = offset + n;
  const page: ProcessPage = { repo: snapshot.repo.name, count: all.length, offset, processes: rest.slice(0, n), truncated: end < all.length };
  if (page.truncated) page.next = processesUri(snapshot.repo.name, end);
  return page;
}

/** All execution flows of a snapshot, in graph order. A name shared by several flows is addressed by uid. */
export function listProcesses(snapshot: Snapshot): { repo: string; count: number; processes: ProcessSummary[] } {
  const seen = new Set<string>();
  const processes = nodesWithLabel(snapshot.graph, 'Process').map((p) => {
    const key = seen.has(p.name) ? p.uid : p.name;
    seen.add(p.name);
    return {
      name: p.name, uid: p.uid, steps: p.steps ?? stepEdges(snapshot, p).length,
      ...(p.entry ? { entry: p.entry } : {}), ...(p.terminal ? { terminal: p.terminal } : {}),
      modules: Array.isArray(p.modules) ? p.modules : [],
      uri: processUri(snapshot.repo.name, key),
    };
  });
  return { repo: snapshot.repo.name, count: processes.length, processes };
}

/** The trace of one process (by name, else uid), steps in order; undefined when there is none. */
export function traceProcess(snapshot: Snapshot, process: string): { repo: string; process: ProcessSummary; trace: ProcessStep[] } | undefined {
  const all = nodesWithLabel(snapshot.graph, 'Process');
  const p = all.find((n) => n.name === process) ?? all.find((n) => n.uid === process);
  if (!p) return undefined;
  const trace: ProcessStep[] = [];
  for (const e of stepEdges(snapshot, p)) {
    const uid = e.source === p.uid ? e.target : e.source;
    const n = nodeOf(snapshot.graph, uid);
    if (!n) continue;
    trace.push({ step: e.step ?? 0, uid, name: n.name, type: n.label, ...(n.filePath ? { filePath: n.filePath } : {}),
      ...(n.line !== undefined ? { line: n.line } : {}), ...(n.module ? { module: n.module } : {}) });
  }
  trace.sort((a, b) => a.step - b.step || a.uid.localeCompare(b.uid));
  const summary = listProcesses(snapshot).processes.find((s) => s.uid === p.uid)!;
  return { repo: snapshot.repo.name, process: summary, trace };
}

/** A readable one-line-per-step rendering of a trace, for agents that read text. */
export function traceText(t: NonNullable<ReturnType<typeof traceProcess>>): string {
  const head = `${t.process.name} (${t.trace.length} steps${t.process.modules.length ? `; modules: ${t.process.modules.join(', ')}` : ''})`;
  const lines = t.trace.map((s) => `${s.step}. ${s.type} ${s.name}${s.filePath ? ` — ${s.filePath}${s.line !== undefined ? `:${s.line}` : ''}` : ''}`);
  return [head, ...lines].join('\n');
}

// STEP_IN_PROCESS edges touch the Process node; the symbol is the other end whichever way they point.
function stepEdges(snapshot: Snapshot, p: GraphNode): GraphEdge[] {
  const out: GraphEdge[] = [];
  const g = snapshot.graph;
  if (!g.hasNode(p.uid)) return out;
  g.forEachInEdge(p.uid, (_k, e) => { if (e.type === 'STEP_IN_PROCESS') out.push(e); });
  g.forEachOutEdge(p.uid, (_k, e) => { if (e.type === 'STEP_IN_PROCESS') out.push(e); });
  return out;
}
