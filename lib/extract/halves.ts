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
import { hasGeneratedHeader } from '../files/skip-rules.ts';

/**
 * Parses `text` and copies its tree into a FlatTree: natively when the native parser takes the language
 * (native.ts), else through node-tree-sitter, freeing the native tree after the walk. A node-tree-sitter
 * FlatTree's arrays are reused by the next walk in this thread: use (or copy, `parts()`) it before parsing
 * another file.
 */
export function parseFlat(rt: LanguageRuntime, text: string): { flat: FlatTree; parseErrors: number } {
  const first = textToParse(rt, text);
  if (rt.native) {
    let { buffer, count, errors } = nativeParser()!.parse(rt.grammar, first);
    // with errors, the other texts the parser may be given (fallbackTexts), the tree with the fewest kept
    for (const other of errors ? fallbackTexts(rt, text, first) : []) {
      const again = nativeParser()!.parse(rt.grammar, other);
      if (again.errors < errors) ({ buffer, count, errors } = again);
    }
    return { flat: FlatTree.of(partsOf(buffer, count), rt.names.namedById, text), parseErrors: errors };
  }
  let tree = rt.parser.parse(first);
  let parseErrors = tree.rootNode.hasError ? countErrors(tree) : 0;
  for (const other of parseErrors ? fallbackTexts(rt, text, first) : []) {
    const again = rt.parser.parse(other);
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

/** The text the parser is given first for `text`: the language's `parseText` rewrite, or `text` itself. */
export function textToParse(rt: LanguageRuntime, text: string): string {
  return rt.spec.parseText ? rt.spec.parseText(text) : text;
}

/**
 * The texts to parse when the parse of `first` (textToParse's) has errors, in order: the text as written (when
 * `parseText` rewrote it) and the same-length repair of text the grammar cannot take (lib/lang/javascript/repair.ts).
 */
export function fallbackTexts(rt: LanguageRuntime, text: string, first: string): string[] {
  const out: string[] = [];
  if (first !== text) out.push(text);
  const fixed = rt.spec.repair ? rt.spec.repair(text) : text;
  for (const t of typeof fixed === 'string' ? [fixed] : fixed) if (t !== text && t !== first && !out.includes(t)) out.push(t);
  return out;
}

/**
 * What a node-tree-sitter walk of a language's tree reads: what its query's patterns need, or everything for a
 * language with its own collector (which may read the fields and offsets of any node, as the native walk gives them).
 */
export function walkPlan(rt: LanguageRuntime): WalkPlan {
  return rt.spec.collect ? FULL_WALK : rt.engine.plan;
}

/**
 * How deep a file's syntax tree is read. Real code nests a few dozen levels (about a hundred at most in typeorm,
 * three.js, Django and rxjs); generated code can nest thousands (a union type of every icon name, a long call chain,
 * a concatenation of hundreds of strings), which the recursive collectors and resolvers cannot follow on a thread's
 * stack: such a file lost all its facts, or its relations.
 */
export const MAX_TREE_DEPTH = 256;

/** Matches the language's queries over a file's flat tree and collects the file's facts (by its own collector, if any). */
export function collectFlat(rt: LanguageRuntime, whole: FlatTree, filePath: string, text: string, parseErrors: number): FileFacts {
  // What lies past MAX_TREE_DEPTH is left out, whatever the thread's stack could take (so every thread and every
  // run reads the same facts): the rest of the file is indexed, and the facts say how many subtrees were cut.
  const { tree, cut } = whole.withinDepth(MAX_TREE_DEPTH);
  const facts = collectTree(rt, tree, filePath, text, parseErrors);
  if (cut) facts.deepCut = cut;
  return withFileMarks(facts, text);
}

/** What the facts say of the file as a whole beside its contents: that a tool generated it. */
export function withFileMarks(facts: FileFacts, text: string): FileFacts {
  if (hasGeneratedHeader(text)) facts.generated = true;
  return facts;
}

function collectTree(rt: LanguageRuntime, flat: FlatTree, filePath: string, text: string, parseErrors: number): FileFacts {
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
