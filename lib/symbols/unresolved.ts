/**
 * The unresolved call sites that may reach a symbol (docs/tools.md § impact, "Unresolved calls"): calls whose callee
 * the resolver could not find, kept with the name they call (lib/refs/unresolved-calls.ts). The graph has no edge
 * for them, so without this a symbol such calls run looks safer to change than it is.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import type { UnresolvedCall, UnresolvedCalls } from '../refs/unresolved-calls.ts';
import { rulesOf } from '../lang/index.ts';
import { symbolsInFile } from './lookup.ts';
import { isTestFile } from './test-files.ts';

/** One unresolved call site as the tools show it. */
export interface UnresolvedSiteView {
  filePath: string;
  line: number;
  /** The called name as written (the member's name for `a.b.m()`). */
  name: string;
  /** Uid of the symbol the call is made in (the file's uid for top-level code). */
  from: string;
}

/** What `impact` and `context` report: every matching site counted, the sites in file, line order. */
export interface UnresolvedReach {
  count: number;
  sites: UnresolvedSiteView[];
}

/**
 * The unresolved call sites that may run one of `seeds` (a target and the members or overloads that are part of
 * it), in file, line order. A site matches a seed by the name it calls and how it calls it: a method by a call on a
 * receiver (`x.save()`, or a bare call the language reads as one on `this`/`self`), a top-level function by any
 * call of its name (`render()`, `utils.render()`), a class by a call of its name (a construction). Only sites in
 * files of the seed's language family count, none made inside the seeds themselves (a method calling `save` on a
 * child is no caller of itself to worry about), and none in test files unless `includeTests`. Other symbols
 * (properties, variables, types) have no match: a call does not name them.
 */
export function unresolvedCallsTo(graph: CodeGraph, unresolved: UnresolvedCalls, seeds: readonly GraphNode[], includeTests: boolean): UnresolvedSiteView[] {
  if (unresolved.size === 0) return [];
  const inside = new Set(seeds.map((s) => s.uid));
  const found = new Map<UnresolvedCall, true>();
  const families = new Map<string, string | undefined>();
  const familyOf = (uid: string): string | undefined => {
    if (families.has(uid)) return families.get(uid);
    const lang = graph.hasNode(uid) ? graph.getNodeAttributes(uid).language : undefined;
    const fam = familyOfLanguage(lang);
    families.set(uid, fam);
    return fam;
  };
  for (const seed of seeds) {
    const how = callableBy(graph, seed);
    if (!how) continue;
    const family = familyOfLanguage(seed.language);
    for (const site of unresolved.named(seed.name)) {
      if (how === 'member' && !site.member) continue;
      if (inside.has(site.from) || found.has(site)) continue;
      if (!includeTests && isTestFile(site.filePath)) continue;
      if (familyOf(site.from) !== family) continue;
      found.set(site, true);
    }
  }
  const sites = [...found.keys()].sort(bySite);
  return sites.map((s) => ({ filePath: s.filePath, line: s.line, name: s.name, from: s.from }));
}

/** How a call may run `node` by its name: only as a method ('member'), by any call ('any'), or not at all. */
function callableBy(graph: CodeGraph, node: GraphNode): 'member' | 'any' | undefined {
  switch (node.label) {
    case 'Method':
      // a constructor runs by its class's name (the class is a seed of its own), not by its own
      return node.kind === 'constructor' || node.name === 'constructor' ? undefined : 'member';
    case 'Class':
      return 'any';
    case 'Function':
      return nested(graph, node) ? undefined : 'any';
    default:
      return undefined;
  }
}

/** True for a function declared inside another function or method: no call elsewhere reaches it by its name. */
function nested(graph: CodeGraph, fn: GraphNode): boolean {
  if (!fn.filePath) return false;
  const line = fn.line ?? 0, end = fn.endLine ?? line;
  for (const s of symbolsInFile(graph, fn.filePath)) {
    if (s === fn || (s.label !== 'Function' && s.label !== 'Method')) continue;
    const sl = s.line ?? 0, se = s.endLine ?? sl;
    if (sl <= line && end <= se && (sl < line || end < se)) return true;
  }
  return false;
}

function familyOfLanguage(language: string | undefined): string | undefined {
  return language === undefined ? undefined : rulesOf(language)?.family ?? language;
}

function bySite(a: UnresolvedCall, b: UnresolvedCall): number {
  return cmp(a.filePath, b.filePath) || a.line - b.line || cmp(a.name, b.name) || cmp(a.from, b.from);
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
