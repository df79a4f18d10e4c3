/**
 * A namespace or module whose `{` opens on the next line (`namespace PixiMixins\n{`, the Allman brace style):
 * tree-sitter-typescript ends the declaration at the line break (an `internal_module` without a body, then a block
 * of its own), so what the block declares lost its namespace. The compiler reads the block as the body. The parser
 * is given a same-length rewrite (lib/extract/language.ts `parseText`): the `{` moves up to the end of the name's
 * line and the line break takes its place, so every later row and column is unchanged; the facts read the text as
 * written.
 */

const NEXT_LINE_BRACE = /\b((?:namespace|module)[ \t]+(?:[A-Za-z_$][\w$.]*|'[^'\n]*'|"[^"\n]*")[ \t]*)(\r?\n[ \t]*)\{/g;

/** The text with each namespace's or module's next-line `{` moved up beside its name (see the module doc). */
export function namespaceBraces(text: string): string {
  if (!text.includes('namespace') && !text.includes('module')) return text;
  // (the head, then the brace, then the line break and indentation that stood before it: the same characters)
  return text.replace(NEXT_LINE_BRACE, '$1{$2');
}
