/**
 * Finds the symbol a rename request names. TEMPORARY: stands in for engineer F's shared lib/symbols/lookup.ts
 * until it lands (same intent: uid, or name narrowed by file path; ambiguity answered with candidates; a miss
 * with close names). Rename-specific rules (merged declarations count once) stay here.
 */
import { CodegraphError } from '../errors.ts';
import type { CodeGraph } from '../graph/code-graph.ts';
import { SYMBOL_LABELS, type GraphNode } from '../graph/schema.ts';

export interface SymbolQuery {
  uid?: string;
  name?: string;
  filePath?: string;
}

export interface Candidate {
  uid: string;
  name: string;
  type: string;
  filePath?: string;
  line?: number;
}

const SYMBOLS = new Set<string>(SYMBOL_LABELS);
const byNameCache = new WeakMap<CodeGraph, Map<string, GraphNode[]>>();

/** Symbol nodes by simple name and by qualified name, built once per (immutable) graph. */
function nameIndex(graph: CodeGraph): Map<string, GraphNode[]> {
  let idx = byNameCache.get(graph);
  if (idx) return idx;
  idx = new Map();
  const add = (k: string, n: GraphNode) => { let l = idx!.get(k); if (!l) idx!.set(k, (l = [])); if (!l.includes(n)) l.push(n); };
  for (const n of graph.nodes) {
    if (!SYMBOLS.has(n.label)) continue;
    add(n.name, n);
    if (n.qualifiedName && n.qualifiedName !== n.name) add(n.qualifiedName, n);
  }
  byNameCache.set(graph, idx);
  return idx;
}

/** A symbol as candidates and errors show it. */
export function candidateOf(n: GraphNode): Candidate {
  return { uid: n.uid, name: n.name, type: n.label, filePath: n.filePath, line: n.line };
}

function matchesPath(n: GraphNode, filePath: string): boolean {
  const want = filePath.replace(/\\/g, '/').replace(/^\.\//, '');
  const have = n.filePath ?? '';
  return have === want || have.endsWith('/' + want);
}

/** Key of a declaration site: declarations merged by the language (overloads, interface + const) share it. */
export function declarationKey(n: GraphNode): string {
  return `${n.filePath ?? ''}\u0000${n.qualifiedName ?? n.name}`;
}

/**
 * Resolves a query to one symbol node. Throws SYMBOL_NOT_FOUND (with close names) or VALIDATION_ERROR for an
 * ambiguous name (with candidates, ordered by file and line).
 */
export function lookupSymbol(graph: CodeGraph, q: SymbolQuery): GraphNode {
  if (q.uid !== undefined) {
    const n = graph.node(q.uid);
    if (!n) throw new CodegraphError('SYMBOL_NOT_FOUND', `no symbol with uid '${q.uid}'`, { uid: q.uid });
    if (q.name !== undefined && q.name !== n.name && q.name !== n.qualifiedName) {
      throw new CodegraphError('VALIDATION_ERROR', `symbol_uid '${q.uid}' names '${n.name}', not '${q.name}'`, [{ field: 'symbol_name', message: `does not match symbol_uid (${n.name})` }]);
    }
    return n;
  }
  const name = q.name ?? '';
  let found = nameIndex(graph).get(name) ?? [];
  if (q.filePath !== undefined) found = found.filter((n) => matchesPath(n, q.filePath!));
  if (found.length === 0) {
    const where = q.filePath !== undefined ? ` in '${q.filePath}'` : '';
    const suggestions = closeNames(graph, name);
    throw new CodegraphError('SYMBOL_NOT_FOUND', `no symbol named '${name}'${where}${suggestions.length ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : ''}`, { name, suggestions });
  }
  const sites = new Map<string, GraphNode>();
  for (const n of found) if (!sites.has(declarationKey(n))) sites.set(declarationKey(n), n);
  if (sites.size === 1) return [...sites.values()][0];
  const candidates = [...sites.values()].sort(byFileLine).map(candidateOf);
  throw new CodegraphError('VALIDATION_ERROR',
    `symbol_name '${name}' is ambiguous: ${candidates.length} symbols match (${candidates.slice(0, 5).map((c) => `${c.type} ${c.filePath}:${c.line}`).join(', ')}${candidates.length > 5 ? ', …' : ''}); pass symbol_uid or file_path`,
    { field: 'symbol_name', candidates });
}

/** Orders nodes by file, then line, then uid (deterministic). */
export function byFileLine(a: GraphNode, b: GraphNode): number {
  const fa = a.filePath ?? '', fb = b.filePath ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  if ((a.line ?? 0) !== (b.line ?? 0)) return (a.line ?? 0) - (b.line ?? 0);
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/** Up to five symbol names close to `name` (case-insensitive containment, then small edit distance). */
function closeNames(graph: CodeGraph, name: string): string[] {
  const lower = name.toLowerCase();
  const scored: Array<[number, string]> = [];
  for (const k of nameIndex(graph).keys()) {
    const kl = k.toLowerCase();
    let score: number;
    if (kl === lower) score = 0;
    else if (lower.length >= 3 && (kl.includes(lower) || lower.includes(kl))) score = 1;
    else if (Math.abs(kl.length - lower.length) <= 2) {
      const d = editDistance(kl, lower, 3);
      if (d > 2) continue;
      score = 1 + d;
    } else continue;
    scored.push([score, k]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, 5).map((s) => s[1]);
}

/** Levenshtein distance, giving up (returning `cap`) once every path exceeds `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return prev[b.length];
}
