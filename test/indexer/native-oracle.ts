/**
 * Test-only oracle: tree-sitter's own query engine (the native `Parser.Query`, compiled from the same .scm
 * text) run through the public node-tree-sitter API, producing the same Match records our engine produces.
 * The differential tests compare the two engines' matches and the FileFacts built from them.
 */
import { createRequire } from 'node:module';
import type ParserT from 'tree-sitter';
import { languageRuntime, languageSource, type LanguageId } from '../../lib/lang/index.ts';
import { Collector } from '../../lib/extract/collector/collector.ts';
import { FlatTree, FULL_WALK, type NodeRef } from '../../lib/extract/flat-tree.ts';
import type { Match } from '../../lib/extract/query-match.ts';
import type { FileFacts } from '../../lib/extract/facts.ts';
import { fallbackTexts, textToParse, withFileMarks } from '../../lib/extract/halves.ts';

const require = createRequire(import.meta.url);
const Parser = require('tree-sitter') as typeof ParserT;
const queries = new Map<LanguageId, ParserT.Query>();

/** The native compiled query of a language (slow: ~50–170 ms, once per test process). */
export function nativeQuery(id: LanguageId): ParserT.Query {
  let q = queries.get(id);
  if (!q) {
    const { grammar, query } = languageSource(id);
    q = new Parser.Query(grammar as ParserT.Language, query);
    queries.set(id, q);
  }
  return q;
}

/** Both engines' matches over one text, plus the parsed tree (deleted by the caller). */
/**
 * The text the extractor hands the parser (lib/extract/halves.ts parseFlat): the language's parseText rewrite, or
 * when that parses with syntax errors, the first of the fallback texts (the text as written, the same-length
 * repairs) that parses with fewer.
 */
export function parsedText(text: string, id: LanguageId): string {
  const rt = languageRuntime(id);
  const errors = (t: string): number => {
    const tree = rt.parser.parse(t);
    let n = 0;
    const walk = (x: ParserT.SyntaxNode): void => { if (x.type === 'ERROR' || x.isMissing) n++; for (const c of x.children) walk(c); };
    try { walk(tree.rootNode); } finally { (tree as unknown as { delete?: () => void }).delete?.(); }
    return n;
  };
  const first = textToParse(rt, text);
  let best = first;
  let fewest = errors(first);
  for (const t of fewest > 0 ? fallbackTexts(rt, text, first) : []) {
    const e = errors(t);
    if (e < fewest) { best = t; fewest = e; }
  }
  return best;
}

export function bothMatches(text: string, id: LanguageId): { ours: Match[]; native: Match[] } {
  const rt = languageRuntime(id);
  const tree = rt.parser.parse(text);
  try {
    const flat = FlatTree.from(tree, text, rt.names, rt.engine.plan);
    const ours = rt.engine.run(flat);
    const refs = new Map<string, NodeRef>();
    const ref = (n: ParserT.SyntaxNode): NodeRef => {
      const k = `${n.startIndex}:${n.endIndex}:${n.typeId}:${n.parent?.startIndex ?? -1}:${n.parent?.typeId ?? -1}`;
      let r = refs.get(k);
      if (!r) {
        // same node = same object, as the collector expects; several nodes can share extent and type (a
        // parent and its only child of the same type are told apart by the parent key above)
        r = { key: refs.size, typeId: n.typeId, start: n.startIndex, end: n.endIndex, row: n.startPosition.row, col: n.startPosition.column, endRow: n.endPosition.row };
        refs.set(k, r);
      }
      return r;
    };
    const native = nativeQuery(id).matches(tree.rootNode).map((m) => ({ pattern: m.pattern, captures: m.captures.map((c) => ({ name: c.name, node: ref(c.node) })) }));
    return { ours, native };
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
}

/** A match as a comparable string: pattern, then each capture's name, extent and type, in capture order. */
export function matchKey(m: Match): string {
  return `${m.pattern}|${m.captures.map((c) => `${c.name}@${c.node.start}-${c.node.end}:${c.node.typeId}:${c.node.row}.${c.node.col}-${c.node.endRow}`).join(',')}`;
}

/** FileFacts built from a given match list (as extractFile would, with those matches). */
export function factsFrom(filePath: string, text: string, id: LanguageId, matches: Match[], parseErrors: number): FileFacts {
  const rt = languageRuntime(id);
  if (rt.spec.collect) {
    // a language's own collector reads the flat tree too: the matches' nodes are taken to its nodes of the same type
    // and extent (in tree order where several share them), in the tree of the text the extractor parses
    const tree = rt.parser.parse(parsedText(text, id));
    try {
      const flat = FlatTree.from(tree, text, rt.names, FULL_WALK);
      const byExtent = new Map<string, number[]>();
      for (let i = 0; i < flat.count; i++) {
        const k = `${flat.type[i]}:${flat.start[i]}:${flat.end[i]}`;
        const l = byExtent.get(k);
        if (l) l.push(i); else byExtent.set(k, [i]);
      }
      const taken = new Map<NodeRef, NodeRef>();
      const used = new Map<string, number>();
      const mapped = matches.map((m) => ({
        pattern: m.pattern,
        captures: m.captures.map((c) => {
          let r = taken.get(c.node);
          if (!r) {
            const k = `${c.node.typeId}:${c.node.start}:${c.node.end}`;
            const n = used.get(k) ?? 0;
            used.set(k, n + 1);
            r = flat.ref(byExtent.get(k)![Math.min(n, byExtent.get(k)!.length - 1)]);
            taken.set(c.node, r);
          }
          return { name: c.name, node: r };
        }),
      }));
      return withFileMarks(rt.spec.collect(flat, rt.names, text, filePath, mapped, parseErrors, rt.roles), text);
    } finally {
      (tree as unknown as { delete?: () => void }).delete?.();
    }
  }
  const c = new Collector(text, filePath, id, rt.spec.collector, rt.spec.comments);
  c.roles = rt.roles;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return withFileMarks(c.collect(matches, lines, parseErrors), text);
}
