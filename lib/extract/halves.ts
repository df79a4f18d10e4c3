/**
 * The two halves of extracting one file, shared by `extractFile` (both in one call) and the native parse thread
 * (lib/extract/split.ts: the first half in C on the addon's thread, the second here):
 * - `parseFlat` (native-call heavy): tree-sitter parse, syntax-error count, the FlatTree walk;
 * - `collectFlat` (JavaScript heavy): the query engine's match and the collector.
 */
import type Parser from 'tree-sitter';
import type { LanguageRuntime } from './language.ts';
import { Collector } from './collector/collector.ts';
import type { FileFacts } from './facts.ts';
import { FlatTree, FULL_WALK, partsOf, type WalkPlan } from './flat-tree.ts';
import { nativeParser } from './native.ts';

/**
 * Parses `text` and copies its tree into a FlatTree: natively when the native parser takes the language
 * (native.ts), else through node-tree-sitter, freeing the native tree after the walk. A node-tree-sitter
 * FlatTree's arrays are reused by the next walk in this thread: use (or copy, `parts()`) it before parsing
 * another file.
 */
export function parseFlat(rt: LanguageRuntime, text: string): { flat: FlatTree; parseErrors: number } {
  if (rt.native) {
    let { buffer, count, errors } = nativeParser()!.parse(rt.grammar, text);
    // a file the grammar cannot take: parse the same-length repair (lib/extract/repair.ts), keep the better tree
    const fixed = errors && rt.spec.repair ? rt.spec.repair(text) : text;
    if (fixed !== text) {
      const again = nativeParser()!.parse(rt.grammar, fixed);
      if (again.errors < errors) ({ buffer, count, errors } = again);
    }
    return { flat: FlatTree.of(partsOf(buffer, count), rt.names.namedById, text), parseErrors: errors };
  }
  let tree = rt.parser.parse(text);
  let parseErrors = tree.rootNode.hasError ? countErrors(tree) : 0;
  const fixed = parseErrors && rt.spec.repair ? rt.spec.repair(text) : text;
  if (fixed !== text) {
    const again = rt.parser.parse(fixed);
    const errors = again.rootNode.hasError ? countErrors(again) : 0;
    const [keep, drop] = errors < parseErrors ? [again, tree] : [tree, again];
    (drop as unknown as { delete?: () => void }).delete?.();
    tree = keep;
    parseErrors = Math.min(errors, parseErrors);
  }
  try {
    return { flat: FlatTree.from(tree, text, rt.names, walkPlan(rt)), parseErrors };
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
}

/**
 * What a node-tree-sitter walk of a language's tree reads: what its query's patterns need, or everything for a
 * language with its own collector (which may read the fields and offsets of any node, as the native walk gives them).
 */
export function walkPlan(rt: LanguageRuntime): WalkPlan {
  return rt.spec.collect ? FULL_WALK : rt.engine.plan;
}

/** Matches the language's queries over a file's flat tree and collects the file's facts (by its own collector, if any). */
export function collectFlat(rt: LanguageRuntime, flat: FlatTree, filePath: string, text: string, parseErrors: number): FileFacts {
  const matches = rt.engine.run(flat);
  if (rt.spec.collect) return rt.spec.collect(flat, rt.names, text, filePath, matches, parseErrors, rt.roles);
  const collector = new Collector(text, filePath, rt.id, rt.spec.collector, rt.spec.comments);
  collector.roles = rt.roles;
  collector.nodeCount = flat.count;
  collector.lineStarts = flat.lineStartList();
  return collector.collect(matches, flat.lineCount(), parseErrors); // the tree's line table: one scan of the text less
}

/** Counts ERROR and MISSING nodes (only called when the tree has errors). */
function countErrors(tree: Parser.Tree): number {
  let n = 0;
  const c = tree.walk();
  for (;;) {
    const type = c.nodeType;
    if (type === 'ERROR' || c.nodeIsMissing) n++;
    if (c.gotoFirstChild()) continue;
    while (!c.gotoNextSibling()) {
      if (!c.gotoParent()) return n;
    }
  }
}
