/** The two per-file counts every extraction path records (extractFile and the two-thread halves share them). */
import type Parser from 'tree-sitter';

/** Lines as the pipeline has always counted them: newline-separated pieces (a final newline opens one more). */
export function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Counts ERROR and MISSING nodes (only called when the tree has errors). */
export function countErrors(tree: Parser.Tree): number {
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
