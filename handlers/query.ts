/** The `query` tool: hybrid keyword + semantic search, answered as ranked execution flows and their symbols. */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { nodeOf } from '../lib/graph/code-graph.ts';
import { SearchIndex, type QueryVectors } from '../lib/search/index.ts';
import { groupByProcess } from '../lib/search/group.ts';

/** Hard bounds (the spec recommends 1-20 and 1-50; beyond these a request is a mistake, not a wish). */
export const QUERY_LIMITS = { maxLimit: 100, maxSymbols: 200, maxTextChars: 10_000 } as const;

export interface QueryRequest {
  query: string;
  task_context?: string;
  goal?: string;
  limit: number;
  max_symbols: number;
  include_content: boolean;
  repo?: string;
}

export interface QuerySymbol {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  module: string;
  process: string;
  /** Step number of the symbol in the process. */
  step: number;
  /** Whether the symbol itself matched the query (false: shown as part of the flow). */
  matched: boolean;
  /** The symbol's hybrid relevance, 0 when it did not match. */
  relevance: number;
  content?: string;
}

export interface QueryProcess {
  name: string;
  relevance: number;
  steps: number;
  module: string;
  summary: string;
  priority: number;
  symbol_count: number;
  uid: string;
}

export interface QueryDefinition {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  module: string;
  relevance: number;
  content?: string;
}

export interface QueryResponse {
  processes: QueryProcess[];
  process_symbols: QuerySymbol[];
  definitions: QueryDefinition[];
  /** Present when the answer is degraded or empty for a reason the caller should know. */
  warnings?: string[];
}

const text = (what: string) => Joi.string().max(QUERY_LIMITS.maxTextChars).description(what);

const schema = Joi.object({
  query: text('Natural-language or keyword text').trim().min(1).required(),
  task_context: text('What you are working on; improves ranking').allow(''),
  goal: text('What you want to find; narrows the ranking').allow(''),
  limit: Joi.number().integer().min(1).max(QUERY_LIMITS.maxLimit).default(5).description('Maximum processes (recommended 1-20)'),
  max_symbols: Joi.number().integer().min(1).max(QUERY_LIMITS.maxSymbols).default(10).description('Maximum symbols per process and definitions (recommended 1-50)'),
  include_content: Joi.boolean().default(false).description('Add each symbol\'s full source as `content`'),
  repo: repoField,
});

/**
 * Search structures of a snapshot: the stored index (read on its first query), or — when the snapshot has
 * none, or its files cannot be read any more — one built in memory once per graph.
 */
const built = new WeakMap<object, SearchIndex>();
function searchIndexOf(s: Snapshot, warnings: string[]): SearchIndex {
  if (s.search instanceof SearchIndex) {
    try {
      s.search.load();
      return s.search;
    } catch (err) {
      warnings.push(`the stored search index cannot be read (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); searching an index built from the graph (built-in embedder)`);
    }
  }
  let idx = built.get(s.graph);
  if (!idx) { idx = SearchIndex.inMemory(s.graph, (p) => s.host.readFile(p)); built.set(s.graph, idx); }
  return idx;
}

async function queryVectors(idx: SearchIndex, s: Snapshot, req: QueryRequest, warnings: string[]): Promise<QueryVectors> {
  const texts: Array<[keyof QueryVectors, string]> = [['query', req.query]];
  if (req.goal?.trim()) texts.push(['goal', req.goal]);
  if (req.task_context?.trim()) texts.push(['taskContext', req.task_context]);
  let vecs: Float32Array[];
  if (idx.embedsLocally) vecs = idx.embedLocally(texts.map((t) => t[1]));
  else {
    try { vecs = await s.host.embed(texts.map((t) => t[1])); } catch (err) {
      warnings.push(`semantic search unavailable (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); keyword results only`);
      return {};
    }
  }
  const out: QueryVectors = {};
  texts.forEach(([k], i) => { const v = vecs[i]; if (v && v.length === idx.embedder.dim) out[k] = v; });
  if (!out.query && idx.vectors) warnings.push('semantic search unavailable (the embedder returned no vector); keyword results only');
  return out;
}

/** Lines [line, endLine] of a file, through the host (no I/O of our own). */
function sourceOf(s: Snapshot, n: GraphNode, cache: Map<string, string[] | undefined>): string | undefined {
  if (!n.filePath || typeof n.line !== 'number') return undefined;
  if (!cache.has(n.filePath)) cache.set(n.filePath, s.host.readFile(n.filePath)?.split('\n'));
  const lines = cache.get(n.filePath);
  if (!lines) return undefined;
  return lines.slice(n.line - 1, typeof n.endLine === 'number' ? n.endLine : n.line).join('\n');
}

function processModule(s: Snapshot, p: GraphNode, steps: Array<{ uid: string }>): string {
  if (typeof p.module === 'string' && p.module) return p.module;
  if (Array.isArray(p.modules) && typeof p.modules[0] === 'string') return p.modules[0];
  const entry = steps[0] ? nodeOf(s.graph, steps[0].uid) : undefined;
  return typeof entry?.module === 'string' ? entry.module : '';
}

/** Runs a query against a snapshot (the validated request). */
export async function runQuery(req: QueryRequest, s: Snapshot): Promise<QueryResponse> {
  const warnings: string[] = [];
  const idx = searchIndexOf(s, warnings);
  const qv = await queryVectors(idx, s, req, warnings);
  const ranked = idx.rank({ query: req.query, goal: req.goal, taskContext: req.task_context }, qv);
  if (ranked.noTerms) warnings.push('the query has no searchable words (only stop words or punctuation)');
  const present = ranked.symbols.filter((r) => s.graph.hasNode(r.uid));
  const { processes, loose } = groupByProcess(s.graph, present, ranked.maxScore);
  const files = new Map<string, string[] | undefined>();
  const withContent = <T extends object>(item: T, n: GraphNode): T & { content?: string } =>
    req.include_content ? { ...item, content: sourceOf(s, n, files) ?? '' } : item;

  const outProcesses: QueryProcess[] = [];
  const outSymbols: QuerySymbol[] = [];
  for (const p of processes.slice(0, req.limit)) {
    const name = p.info.node.name;
    const steps = typeof p.info.node.steps === 'number' ? p.info.node.steps : p.info.steps.length;
    const stepOf = new Map(p.info.steps.map((st) => [st.uid, st.step] as const));
    const chosen: Array<{ uid: string; relevance: number; matched: boolean }> = p.matched.map((m) => ({ uid: m.uid, relevance: m.relevance, matched: true }));
    const seen = new Set(chosen.map((c) => c.uid));
    for (const st of p.info.steps) if (!seen.has(st.uid)) { seen.add(st.uid); chosen.push({ uid: st.uid, relevance: 0, matched: false }); }
    let count = 0;
    for (const c of chosen.slice(0, req.max_symbols)) {
      const n = nodeOf(s.graph, c.uid);
      if (!n) continue;
      count++;
      outSymbols.push(withContent({
        uid: n.uid, name: n.name, type: n.label, filePath: n.filePath ?? '', line: n.line ?? 0,
        module: typeof n.module === 'string' ? n.module : '', process: name, step: stepOf.get(n.uid) ?? 0,
        matched: c.matched, relevance: round(c.relevance),
      }, n));
    }
    const relevance = round(p.relevance);
    const entry = p.info.steps[0] ? nodeOf(s.graph, p.info.steps[0].uid)?.name : undefined;
    const last = p.info.steps.length ? nodeOf(s.graph, p.info.steps[p.info.steps.length - 1].uid)?.name : undefined;
    outProcesses.push({
      name, relevance, steps, module: processModule(s, p.info.node, p.info.steps),
      summary: summarize(name, steps, entry, last, p.matched.slice(0, 3).map((m) => nodeOf(s.graph, m.uid)?.name ?? '')),
      priority: relevance, symbol_count: count, uid: p.info.node.uid,
    });
  }
  const definitions: QueryDefinition[] = [];
  for (const r of loose.slice(0, req.max_symbols)) {
    const n = s.graph.getNodeAttributes(r.uid);
    definitions.push(withContent({
      uid: n.uid, name: n.name, type: n.label, filePath: n.filePath ?? '', line: n.line ?? 0,
      module: typeof n.module === 'string' ? n.module : '', relevance: round(r.relevance),
    }, n));
  }
  return { processes: outProcesses, process_symbols: outSymbols, definitions, ...(warnings.length ? { warnings } : {}) };
}

/** One line for the evaluation-server field set: the flow, its length and what in it matched. */
function summarize(name: string, steps: number, entry: string | undefined, last: string | undefined, matched: string[]): string {
  const ends = entry && last && !name.includes('→') ? ` from ${entry} to ${last}` : '';
  return `${name} (${steps} steps${ends}); matches ${matched.filter(Boolean).join(', ')}`;
}

function round(x: number): number { return Math.round(x * 1e4) / 1e4; }

export const query = defineTool<QueryRequest, Snapshot, QueryResponse>({
  name: 'query',
  description: [
    'Find where to start in a codebase: hybrid search (BM25 keywords + semantic vectors, fused by reciprocal rank)',
    'over every function, class, method, interface and type, answered as the execution flows (processes) the',
    'matches take part in, best first. Each process lists its symbols (matched ones first, then the other steps)',
    'in `process_symbols`; matches that are part of no flow come back in `definitions`. Give `task_context`',
    '(what you are working on) and `goal` (what you want to find) to sharpen the ranking; `include_content`',
    'adds each symbol\'s source. Follow up with `context` on a symbol uid.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: runQuery,
});
