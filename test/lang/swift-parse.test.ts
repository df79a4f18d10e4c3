/**
 * One Swift text gives one tree and one set of facts, whatever the process parsed before. tree-sitter-swift aliases a
 * rule to `?` (an optional type's `T?`), which shares its type id with the `?` token of `a ? b : c`: one is a leaf,
 * the other has a child, so a walker that remembers a token type as a leaf after first sight (as FlatTree.from once
 * did) read a file differently after another file. Checked here against a plain cursor walk, and by extracting every
 * Swift fixture file before and after every other fixture file.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ParserT from 'tree-sitter';
import { extractFile, languageOf, languageRuntime, LANGUAGE_IDS } from '../../lib/lang/index.ts';
import { FlatTree, FULL_WALK } from '../../lib/extract/flat-tree.ts';
import { sourceFiles } from '../indexer/corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const swift = LANGUAGE_IDS.includes('swift');

/** Every node of `tree` in document order as `type start-end ^parent`, read with a cursor and nothing remembered. */
function plainWalk(tree: ParserT.Tree): string[] {
  const out: string[] = [];
  const parents: number[] = [-1];
  const c = tree.walk();
  for (;;) {
    out.push(`${c.nodeTypeId} ${c.startIndex}-${c.endIndex} ^${parents[parents.length - 1]}`);
    if (c.gotoFirstChild()) { parents.push(out.length - 1); continue; }
    while (!c.gotoNextSibling()) {
      if (!c.gotoParent()) return out;
      parents.pop();
    }
  }
}

/** The same listing from the flat tree the extractor's node-tree-sitter walk builds. */
function flatWalk(tree: ParserT.Tree, text: string): string[] {
  const rt = languageRuntime('swift');
  const f = FlatTree.from(tree, text, rt.names, FULL_WALK);
  return Array.from({ length: f.count }, (_, i) => `${f.type[i]} ${f.start[i]}-${f.end[i]} ^${f.parent[i]}`);
}

(swift ? test : test.skip)('the walk reads an aliased `?` with its child after a `?` token was read as a leaf', (t) => {
  const rt = languageRuntime('swift');
  const first = 'func pick(a: Bool, b: Int, c: Int) -> Int { return a ? b : c }\n';
  const then = 'public final class Box<T> {\n    public func value(forKey key: String) -> T? { return nil }\n}\n';
  for (const text of [first, then]) {
    const tree = rt.parser.parse(text);
    t.deepEqual(flatWalk(tree, text), plainWalk(tree), text);
  }
});

(swift ? test : test.skip)('every Swift fixture file: the same facts parsed first and after every other fixture file', (t) => {
  const all = sourceFiles(path.join(root, 'test/fixtures'));
  const swiftFiles = all.filter((f) => languageOf(f) === 'swift');
  t.true(swiftFiles.length > 20);
  const facts = (f: string) => JSON.stringify(extractFile(path.relative(root, f), readFileSync(f, 'utf8'), 'swift'));
  const before = swiftFiles.map(facts);
  for (const f of [...all].reverse()) extractFile(path.relative(root, f), readFileSync(f, 'utf8'), languageOf(f)!);
  t.deepEqual(swiftFiles.map(facts), before);
});
