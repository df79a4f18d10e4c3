/**
 * Freestanding macros written without arguments (`#_sourceLocation`, `#isolation`, a package's own `#myMacro`), which
 * tree-sitter-swift 0.7.1 cannot parse: it knows `#name(…)` as a macro invocation and the fixed special literals
 * (`#file`, `#line`, …), and anything else turns the declaration around it into an ERROR node (a function whose
 * default argument is `#_sourceLocation` loses its name and every call in its body). The same-length repair
 * (lib/extract/language.ts `repair`, tried only on a file whose own parse has errors) writes such a macro as `#line`
 * padded with spaces: an expression of a library type, which is what the macro expands to as far as calls go.
 */

const SPECIAL = new Set(['file', 'fileID', 'filePath', 'line', 'column', 'function', 'dsohandle']);
// `#name` not followed by `(`, `<` or another name character; `#if`-style directives are at a line's start
const BARE_MACRO = /#([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_(<])/g;
const DIRECTIVES = new Set(['if', 'elseif', 'else', 'endif', 'available', 'unavailable', 'selector', 'keyPath', 'colorLiteral', 'imageLiteral', 'fileLiteral', 'sourceLocation', 'warning', 'error']);

/** The text with every bare freestanding macro the grammar does not know written as `#line` (none: the text). */
export function bareMacros(text: string): string {
  if (!text.includes('#')) return text;
  return text.replace(BARE_MACRO, (all: string, name: string) => {
    if (SPECIAL.has(name) || DIRECTIVES.has(name) || name.length < 4) return all;
    return '#line' + ' '.repeat(all.length - 5);
  });
}
