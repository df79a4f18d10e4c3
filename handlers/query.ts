/** The `query` tool: hybrid keyword + semantic search, answered as ranked execution flows and their symbols. */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { nodeOf } from '../lib/graph/code-graph.ts';
import { SearchIndex } from '../lib/search/load.ts';
import type { QueryVectors } from '../lib/search/index.ts';
import { rankResults } from '../lib/search/group.ts';
import { onePerType } from '../lib/symbols/type-parts.ts';

/** Hard bounds (the spec recommends 1-20 and 1-50; beyond these a request is a mistake, not a wish). */
export const QUERY_LIMITS = { maxLimit: 100, maxSymbols: 200, maxTextChars: 10_000 } as const;

/**
 * The answer's size budget with `include_content`: each symbol's source is cut after `perSymbol` characters
 * and the answer carries at most `total` characters of source (about 10k tokens); what was cut or left out is
 * marked (`content_truncated`, `content_omitted`, `truncated`). Totals stay exact.
 */
export const CONTENT_BUDGET = { perSymbol: 4_000, total: 40_000 } as const;

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
  /** The uid of the result the symbol is listed under (`processes[].uid`): names of results can repeat. */
  process_uid: string;
  /** Step number of the symbol in the process. */
  step: number;
  /** Whether the symbol itself matched the query (false: shown as part of the flow). */
  matched: boolean;
  /** The symbol's hybrid relevance, 0 when it did not match. */
  relevance: number;
  content?: string;
  /** The source was longer than the per-symbol budget and `content` holds its start. */
  content_truncated?: boolean;
  /** The answer's source budget was spent before this symbol: no `content`. */
  content_omitted?: boolean;
}

export interface QueryProcess {
  name: string;
  relevance: number;
  steps: number;
  module: string;
  summary: string;
  priority: number;
  symbol_count: number;
  /** The process uid, the symbol's uid for a one-symbol result, or the file's (`File:<path>`) for a file result. */
  uid: string;
  /**
   * `process`: an execution flow; `symbol`: a matching function or method that is a step of no flow; `file`: the
   * matching functions and methods of one file (`name`: its path) that are steps of no flow, its `steps`.
   */
  kind: 'process' | 'symbol' | 'file';
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
  content_truncated?: boolean;
  content_omitted?: boolean;
}

export interface QueryResponse {
  processes: QueryProcess[];
  process_symbols: QuerySymbol[];
  definitions: QueryDefinition[];
  /** Exact counts before `limit` and `max_symbols`: matched symbols, results (flows, file and one-symbol results), definitions. */
  totals: { matches: number; results: number; definitions: number };
  /** Present (true) when `include_content` sources were cut or left out by the size budget. */
  truncated?: boolean;
  /** Present when nothing matched: what was searched and what to try. */
  message?: string;
  /** Present when the answer is degraded or empty for a reason the caller should know. */
  warnings?: string[];
}

const text = (what: string) => Joi.string().max(QUERY_LIMITS.maxTextChars).description(what);

const schema = Joi.object({
  query: text('Natural-language or keyword text (alias: search_query)').trim().min(1).required()
    .messages({ 'any.required': "'query' (or its alias 'search_query') is required; some MCP clients drop an argument named 'query': pass the text as 'search_query'" }),
  task_context: text('What you are working on; improves ranking').allow(''),
  goal: text('What you want to find; narrows the ranking').allow(''),
  limit: Joi.number().integer().min(1).max(QUERY_LIMITS.maxLimit).default(5).description('Maximum processes (recommended 1-20)'),
  max_symbols: Joi.number().integer().min(1).max(QUERY_LIMITS.maxSymbols).default(10).description('Maximum symbols per process and definitions (recommended 1-50)'),
  include_content: Joi.boolean().default(false).description('Add each symbol\'s full source as `content`'),
  repo: repoField,
// One widely used MCP client drops a tool argument named exactly `query`; the same text is accepted as `search_query`.
}).rename('search_query', 'query', { override: true });

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

/** Source within the budget: cut per symbol, left out once the answer's total is spent. */
class ContentBudget {
  private left: number = CONTENT_BUDGET.total;
  cut = false;
  private readonly files = new Map<string, string[] | undefined>();
  constructor(private readonly s: Snapshot) {}

  add<T extends object>(item: T, n: GraphNode): T & { content?: string; content_truncated?: boolean; content_omitted?: boolean } {
    const full = sourceOf(this.s, n, this.files) ?? '';
    if (this.left <= 0 && full.length > 0) { this.cut = true; return { ...item, content_omitted: true }; }
    const room = Math.min(CONTENT_BUDGET.perSymbol, this.left);
    if (full.length <= room) { this.left -= full.length; return { ...item, content: full }; }
    this.cut = true;
    this.left -= room;
    return { ...item, content: full.slice(0, room), content_truncated: true };
  }
}

/** What to say when nothing matched. */
function noMatchMessage(q: string): string {
  return `nothing in this repository matches "${q.length > 80 ? `${q.slice(0, 77)}...` : q}". Try the words the code uses `
    + '(a function, class or file name, an error message), fewer or more general words, or `context` with a symbol name you know.';
}

/** Runs a query against a snapshot (the validated request). */
export async function runQuery(req: QueryRequest, s: Snapshot): Promise<QueryResponse> {
  const warnings: string[] = [];
  const idx = searchIndexOf(s, warnings);
  const qv = await queryVectors(idx, s, req, warnings);
  const ranked = idx.rank({ query: req.query, goal: req.goal, taskContext: req.task_context, graph: s.graph }, qv);
  if (ranked.noTerms) warnings.push('the query has no searchable words (only stop words or punctuation)');
  const present = ranked.symbols.filter((r) => s.graph.hasNode(r.uid));
  const { results, definitions: matchedDefinitions } = rankResults(s.graph, present, ranked.maxScore);
  // a type declared in parts (Rust's impl blocks, Ruby's reopened classes) is one definition, named by its own declaration
  const loose = onePerType(s.graph, matchedDefinitions, (r) => nodeOf(s.graph, r.uid), (r, n) => ({ ...r, uid: n.uid }));
  const budget = new ContentBudget(s);
  const withContent = <T extends object>(item: T, n: GraphNode): T => (req.include_content ? budget.add(item, n) : item);

  const chosen = results.slice(0, req.limit);
  const outProcesses: QueryProcess[] = [];
  // Symbols are listed best first: every result's matching steps by relevance, then the steps that only follow them.
  const matchedItems: Array<{ uid: string; process: string; processUid: string; step: number; relevance: number }> = [];
  const followerItems: Array<{ uid: string; process: string; processUid: string; step: number }> = [];
  for (const p of chosen) {
    const name = p.kind === 'file' ? p.node.filePath ?? p.node.name : p.node.name;
    const steps = p.kind === 'process' && typeof p.node.steps === 'number' ? p.node.steps : p.steps.length;
    const stepOf = new Map(p.steps.map((st) => [st.uid, st.step] as const));
    const matched = p.matched.slice(0, req.max_symbols);
    const seen = new Set(matched.map((m) => m.uid));
    for (const m of matched) matchedItems.push({ uid: m.uid, process: name, processUid: p.node.uid, step: stepOf.get(m.uid) ?? 0, relevance: m.relevance });
    let count = matched.length;
    for (const st of p.steps) {
      if (count >= req.max_symbols) break;
      if (seen.has(st.uid) || !s.graph.hasNode(st.uid)) continue;
      seen.add(st.uid);
      followerItems.push({ uid: st.uid, process: name, processUid: p.node.uid, step: st.step });
      count++;
    }
    const relevance = round(p.relevance);
    const entry = p.steps[0] ? nodeOf(s.graph, p.steps[0].uid)?.name : undefined;
    const last = p.steps.length ? nodeOf(s.graph, p.steps[p.steps.length - 1].uid)?.name : undefined;
    outProcesses.push({
      name, relevance, steps, module: p.kind === 'process' ? processModule(s, p.node, p.steps) : moduleOf(p.kind === 'file' ? nodeOf(s.graph, p.matched[0].uid) ?? p.node : p.node),
      summary: p.kind === 'process'
        ? summarize(name, steps, entry, last, p.matched.slice(0, 3).map((m) => nodeOf(s.graph, m.uid)?.name ?? ''))
        : p.kind === 'file'
          ? `${steps} matching functions in ${name} (in no execution flow): ${p.matched.slice(0, 3).map((m) => nodeOf(s.graph, m.uid)?.name ?? '').filter(Boolean).join(', ')}`
          : `${p.node.label} ${name} in ${p.node.filePath ?? '?'} (in no execution flow)`,
      priority: relevance, symbol_count: count, uid: p.node.uid, kind: p.kind,
    });
  }
  matchedItems.sort((a, b) => b.relevance - a.relevance);
  const outSymbols: QuerySymbol[] = [];
  for (const it of [...matchedItems, ...followerItems.map((f) => ({ ...f, relevance: 0 }))]) {
    const n = s.graph.getNodeAttributes(it.uid);
    const isMatch = it.relevance > 0;
    outSymbols.push(withContent({
      uid: n.uid, name: n.name, type: n.label, filePath: n.filePath ?? '', line: n.line ?? 0, module: moduleOf(n),
      process: it.process, process_uid: it.processUid, step: it.step, matched: isMatch, relevance: round(it.relevance),
    }, n));
  }
  const definitions: QueryDefinition[] = [];
  for (const r of loose.slice(0, req.max_symbols)) {
    const n = s.graph.getNodeAttributes(r.uid);
    definitions.push(withContent({
      uid: n.uid, name: n.name, type: n.label, filePath: n.filePath ?? '', line: n.line ?? 0, module: moduleOf(n), relevance: round(r.relevance),
    }, n));
  }
  return {
    processes: outProcesses, process_symbols: outSymbols, definitions,
    totals: { matches: present.length, results: results.length, definitions: loose.length },
    ...(budget.cut ? { truncated: true } : {}),
    ...(ranked.noMatch ? { message: noMatchMessage(req.query.trim()) } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

function moduleOf(n: GraphNode): string { return typeof n.module === 'string' ? n.module : ''; }

/** One line for the evaluation-server field set: the flow, its length and what in it matched. */
function summarize(name: string, steps: number, entry: string | undefined, last: string | undefined, matched: string[]): string {
  const ends = entry && last && !name.includes('→') ? ` from ${entry} to ${last}` : '';
  return `${name} (${steps} steps${ends}); matches ${matched.filter(Boolean).join(', ')}`;
}

function round(x: number): number { return Math.round(x * 1e4) / 1e4; }

export const query = defineTool<QueryRequest, Snapshot, QueryResponse>({
  name: 'query',
  description: [
    'Find where to start in a codebase: hybrid search (BM25F keywords over names, comments, strings and bodies +',
    'semantic vectors, fused by reciprocal rank) over every function, class, method, interface and type, answered as',
    'the execution flows (processes) the matches take part in, best first; the matching functions of a file that are',
    'in no flow are one result (`kind: "file"`, named by the path; `"symbol"` when it is one). `process_symbols`',
    'lists the matching symbols best first, then the other steps of those flows; matching types and variables in no',
    'flow come back in `definitions`. Nothing relevant: empty lists and a `message`. Give `task_context` (what you',
    'are working on) and `goal` (what you want to find) to sharpen the ranking; `include_content` adds each symbol\'s',
    'source (at most 4,000 characters each and 40,000 in all; cuts are marked). Follow up with `context` on a symbol',
    'uid. The text goes in `query` or in its alias `search_query` (the same field; use it when your client drops an',
    'argument named `query`).',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: runQuery,
});
