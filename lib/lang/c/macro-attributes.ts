/**
 * Attribute-like macros, which tree-sitter's C and C++ grammars cannot parse without their definitions: an export
 * or visibility macro in a class head (`class Q_CORE_EXPORT QObject : public Base`: the class becomes a function
 * named QObject), before a declaration (`SQLITE_API int sqlite3_open(…)`, `static FORCE_INLINE int f()`), or alone
 * on the line above one (`NODISCARD` then `const std::string& name() const`: the method loses its name). The
 * same-length repair (lib/extract/language.ts `repair`, tried only on a file whose own parse has errors and kept only
 * when it parses with fewer) writes such a macro as spaces. A macro is an all-capitals name of three or more
 * characters in one of those places; a type named in capitals (`UINT32 count;`, `HANDLE h = f();`) is not one,
 * since what follows it is no declaration.
 */

const CLASS_HEAD = /\b(class|struct|union)([ \t]+)([A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \t]+[A-Za-z_]\w*[ \t]*(?:final\b[ \t]*)?(?:[:{]|\r?$))/gm;
const SPECIFIERS = '(?:(?:static|inline|extern|virtual|explicit|constexpr|friend)[ \\t]+)*';
const DECLARATION_START = '(?:(?:static|inline|const|extern|virtual|explicit|constexpr|friend|void|bool|char|int|unsigned|signed|long|short|float|double|auto|struct|class|enum|union|typename)\\b|std::|[A-Za-z_][\\w:]*(?:<[^;(){}\\n]*>)?[ \\t*&]+[A-Za-z_~][\\w:]*[ \\t]*\\()';
const BEFORE_DECLARATION = new RegExp(`^([ \\t]*${SPECIFIERS})([A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \\t]+${DECLARATION_START})`, 'gm');
const OWN_LINE = /^([ \t]*)([A-Z][A-Z0-9_]*[A-Z0-9])([ \t]*)(?=\r?\n[ \t]*[A-Za-z_~])/gm;

// a macro call alone on its line with no `;` (`FMT_PRAGMA_GCC(push_options)`, `FMT_BEGIN_NAMESPACE`, a
// `DECLARE_X(Foo)` in a class body): its expansion is a pragma, a brace the grammar cannot match, or declarations
const OWN_LINE_CALL = /^([ \t]*)([A-Z][A-Z0-9_]*[A-Z0-9](?:\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\))*\))?)([ \t]*)(?=\r?\n)/gm;

/** A last line that is a directive or another macro alone on its line (what ends the code before an own-line call). */
const DIRECTIVE_OR_MACRO_LINE = /^[ \t]*(?:#|[A-Z][A-Z0-9_]*[A-Z0-9][ \t]*$)/;

/** Lines longer than this (generated tables, minified code) make the repair pass the text by. */
const MAX_LINE = 4096;

/**
 * The repairs tried on a C or C++ file whose parse has errors: attribute-like macros written as spaces, then also
 * every macro call alone on its line whose next line that is not blank or a comment does not open a body (a
 * `TEST(Suite, Name)` above its `{` is a function to the grammar, and stays).
 */
export function macroRepairs(text: string): readonly string[] {
  if (hasLongLine(text)) return [text];
  const attributes = macroAttributes(text);
  return [attributes, ownLineCalls(attributes)];
}

/**
 * Whether the line starting at `offset` continues the one before it (that line ends in a backslash): a macro
 * body's or a directive's line, where no repair applies.
 */
function continuesLine(text: string, offset: number): boolean {
  return /\\\r?\n$/.test(text.slice(Math.max(0, offset - 3), offset));
}

/**
 * `code` without the whitespace and comments it ends with (a line comment runs from the first `//` of its line).
 * Read backwards, once per comment: a pattern anchored at the end with comments repeated and `//` allowed inside a
 * comment backtracks through every way of splitting the comment lines (a banner of `//` lines with URLs in them took
 * minutes).
 */
function withoutTrailingComments(code: string): string {
  let s = code;
  for (;;) {
    let end = s.length;
    while (end > 0 && /\s/.test(s[end - 1])) end--;
    s = s.slice(0, end);
    if (s.endsWith('*/')) {
      const open = s.lastIndexOf('/*', s.length - 3);
      if (open < 0) return s;
      s = s.slice(0, open);
      continue;
    }
    const comment = s.indexOf('//', s.lastIndexOf('\n') + 1);
    if (comment < 0) return s;
    s = s.slice(0, comment);
  }
}

/**
 * Whether code (its trailing comments taken off) ends a statement, a block, an access specifier (`public:`, not a
 * `::`), a directive's line or a line that is another such macro alone.
 */
function endsCode(code: string): boolean {
  const last = code[code.length - 1];
  if (last === ';' || last === '{' || last === '}' || last === ')') return true;
  if (last === ':') return code[code.length - 2] !== ':';
  return DIRECTIVE_OR_MACRO_LINE.test(code.slice(code.lastIndexOf('\n') + 1));
}

/** Whether a line is longer than MAX_LINE. */
function hasLongLine(text: string): boolean {
  for (let i = 0, next = 0; i < text.length; i = next + 1) {
    next = text.indexOf('\n', i);
    if (next < 0) next = text.length;
    if (next - i > MAX_LINE) return true;
  }
  return false;
}

/** The text with the macro calls alone on their lines (OWN_LINE_CALL) written as spaces, where no body follows. */
export function ownLineCalls(text: string): string {
  return text.replace(OWN_LINE_CALL, (all: string, lead: string, macro: string, tail: string, offset: number) => {
    if (continuesLine(text, offset)) return all;
    // what ends the code before it: a statement, a block, an access specifier, a directive or another such macro
    // (after `,` or an operator it is an enumerator, an element or an operand)
    const start = Math.max(0, offset - 512), code = text.slice(start, offset);
    const before = withoutTrailingComments(code);
    if (!endsCode(before) && !(start === 0 && before === '')) return all;
    if (/^\s*(?:\/\/[^\n]*\n\s*|\/\*[^]*?\*\/\s*)*\{/.test(text.slice(offset + all.length, offset + all.length + 512))) return all;
    return lead + ' '.repeat(macro.length) + tail;
  });
}

/** The text with attribute-like macros written as spaces (the text itself when it has none). */
export function macroAttributes(text: string): string {
  if (hasLongLine(text)) return text;
  const blank = (s: string): string => ' '.repeat(s.length);
  return text
    .replace(CLASS_HEAD, (_all, kw: string, ws: string, macro: string) => kw + ws + blank(macro))
    .replace(BEFORE_DECLARATION, (_all, lead: string, macro: string) => lead + blank(macro))
    .replace(OWN_LINE, (all: string, lead: string, macro: string, tail: string, offset: number) => {
      // a macro body's continuation line, or a directive's, is not a declaration's attribute
      return continuesLine(text, offset) ? all : lead + blank(macro) + tail;
    });
}
