/**
 * Overload sets: the methods (or functions) of one qualified name in one owner (Java's, C#'s, C++'s, Kotlin's and
 * Swift's overloads; a property's getter and setter), and a symbol declared in a module and its stub file (stubs.ts).
 * Asked for by that name, `context` and `impact` answer about the whole set rather than calling the name ambiguous:
 * changing "ParseArguments" concerns every overload's callers.
 */
import { nodeOf, type CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { symbolContext, unresolvedReach, type ContextResult, type ContextSource, type ContextProcess, type RelatedSymbol, type Relations } from './context.ts';
import { containerOf } from './membership.ts';
import { byFileLine, qualifiedNameOf, type SymbolCandidate } from './lookup.ts';
import { stubSetAmong } from './stubs.ts';

/** One overload in a set's context: where it is, its signature and how many callers it has. */
export interface OverloadView {
  uid: string;
  line: number;
  endLine: number;
  signature?: string;
  /** Symbols calling this overload (every one, listed in `incoming.calls` with `via` = this uid). */
  callers: number;
}

/** The owner a set's members share: their container, else their file. */
function ownerKey(graph: CodeGraph, n: GraphNode): string {
  return containerOf(graph, n)?.uid ?? `file:${n.filePath ?? ''}`;
}

/**
 * The candidates of an ambiguous lookup as one overload set, in source order, or undefined when they are not one:
 * all of them Methods (or all Functions) of one language, one qualified name and one owner, or one symbol's
 * declarations in a module and its stub (the module's first).
 */
export function overloadSetOf(graph: CodeGraph, candidates: readonly SymbolCandidate[]): GraphNode[] | undefined {
  const nodes = candidates.map((c) => nodeOf(graph, c.uid));
  if (nodes.length < 2 || nodes.some((n) => !n)) return undefined;
  const stubbed = stubSetAmong(graph, nodes as GraphNode[]);
  if (stubbed) return stubbed;
  const first = nodes[0]!;
  if (first.label !== 'Method' && first.label !== 'Function') return undefined;
  const q = qualifiedNameOf(first), owner = ownerKey(graph, first);
  for (const n of nodes) {
    if (n!.label !== first.label || n!.language !== first.language || qualifiedNameOf(n!) !== q || ownerKey(graph, n!) !== owner) return undefined;
  }
  return (nodes as GraphNode[]).sort(byFileLine);
}

/**
 * The context of an overload set: `symbol` is its first overload, `overloads` lists every one, and each relation
 * list joins the overloads' own (each item's `via` is the overload it belongs to; relations among the overloads
 * themselves, one delegating to another, are left out: they are inside the set).
 */
export function overloadSetContext(src: ContextSource, set: readonly GraphNode[], includeContent: boolean): ContextResult & { overloads: OverloadView[] } {
  const inSet = new Set(set.map((n) => n.uid));
  const views = set.map((n, i) => symbolContext(src, n, includeContent && i === 0));
  const join = (side: 'incoming' | 'outgoing'): Relations => {
    const out = {} as Relations;
    for (const cat of Object.keys(views[0][side]) as Array<keyof Relations>) {
      const list: RelatedSymbol[] = [];
      views.forEach((v, i) => { for (const r of v[side][cat]) if (!inSet.has(r.uid)) list.push({ ...r, via: set[i].uid }); });
      list.sort((a, b) => cmp(a.filePath, b.filePath) || a.line - b.line || cmp(a.uid, b.uid) || cmp(a.via!, b.via!));
      out[cat] = list;
    }
    return out;
  };
  const processes = new Map<string, ContextProcess>();
  views.forEach((v, i) => {
    for (const p of v.processes) {
      const cur = processes.get(p.uid);
      if (!cur || p.step < cur.step) processes.set(p.uid, { ...p, via: set[i].uid });
    }
  });
  const overloads = set.map((n, i): OverloadView => ({
    uid: n.uid, line: n.line ?? 1, endLine: n.endLine ?? n.line ?? 1,
    ...(typeof n.signature === 'string' ? { signature: n.signature } : {}),
    callers: views[i].incoming.calls.filter((r) => !inSet.has(r.uid)).length,
  }));
  // (one name: the set's sites, none made inside an overload of it)
  const unresolved = unresolvedReach(src, set);
  return {
    ...views[0], incoming: join('incoming'), outgoing: join('outgoing'),
    processes: [...processes.values()].sort((a, b) => cmp(a.name, b.name) || cmp(a.uid, b.uid)), overloads,
    ...(unresolved ? { unresolved } : {}),
  };
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
