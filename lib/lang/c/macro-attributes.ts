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
import { C_KEYWORDS } from './rules.ts';

const CLASS_HEAD = /\b(class|struct|union)([ \t]+)((?:[A-Z][A-Z0-9_]*[A-Z0-9][ \t]+)*[A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \t]+[A-Za-z_]\w*[ \t]*(?:final\b[ \t]*)?(?:[:{]|\r?$))/gm;
const SPECIFIERS = '(?:(?:static|inline|extern|virtual|explicit|constexpr|friend)[ \\t]+)*';
// (a type and a name, also an operator's, `T& T::operator=(`; or a constructor or destructor defined outside its class,
// `Logger::Logger(`, `Box<T>::~Box(`)
const DECLARATION_START = '(?:(?:static|inline|const|extern|virtual|explicit|constexpr|friend|void|bool|char|int|unsigned|signed|long|short|float|double|auto|struct|class|enum|union|typename)\\b|std::|[A-Za-z_][\\w:]*(?:<[^;(){}\\n]*>)?[ \\t*&]+[A-Za-z_~][\\w:]*(?:(?<=operator)[^\\w\\s(]{1,3})?[ \\t]*\\('
  + '|(?<cls>[A-Za-z_]\\w*)(?:<[^;(){}\\n]*>)?::~?\\k<cls>[ \\t]*\\()';
const BEFORE_DECLARATION = new RegExp(`^([ \\t]*${SPECIFIERS})([A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \\t]+${DECLARATION_START})`, 'gm');
// a macro between a declaration's type and its declarator (`int ZEXPORT inflate(`, `struct state FAR *s;`, a cast's
// `(struct state FAR *)`, `z_crc_t FAR table[256]`): two names in a row are a type and a declarator, so a third in
// capitals between them is the macro; the word before it is a type, not a qualifier or a statement's keyword
const BETWEEN_TYPE_AND_NAME = /\b([A-Za-z_]\w*)([ \t]+)([A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \t]*\*+[ \t]*(?:[A-Za-z_]\w*|[),])|[ \t]+[A-Za-z_]\w*[ \t]*[(\[;,=)])/g;
// the same after a pointer's `*` (`const char * ZEXPORT zError(`): after `*` only a name's `(`, `[`, `;`, `,`, `=` or
// `)` marks a declarator (`a * B * c` is a product)
const AFTER_POINTER = /(\*[ \t]*)([A-Z][A-Z0-9_]*[A-Z0-9])(?=[ \t]+[A-Za-z_]\w*[ \t]*[(\[;,=)])/g;
const NOT_A_TYPE = /^(?:const|volatile|static|extern|register|inline|struct|union|enum|class|typename|signed|unsigned|long|short|return|case|goto|sizeof|typedef|else|do|new|delete|throw|virtual|explicit|friend|constexpr|mutable|operator|using|namespace|template|co_return|co_yield|co_await|public|private|protected)$/;
const OWN_LINE = /^([ \t]*)([A-Z][A-Z0-9_]*[A-Z0-9])([ \t]*)(?=\r?\n[ \t]*[A-Za-z_~])/gm;

// a macro call alone on its line with no `;` (`FMT_PRAGMA_GCC(push_options)`, `FMT_BEGIN_NAMESPACE`, a
// `DECLARE_X(Foo)` in a class body): its expansion is a pragma, a brace the grammar cannot match, or declarations
const OWN_LINE_CALL = /^([ \t]*)([A-Z][A-Z0-9_]*[A-Z0-9](?:\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\))*\))?)([ \t]*)(?=\r?\n)/gm;

// an annotation macro after a declarator's parameter list (`void lock() ABSL_EXCLUSIVE_LOCK_FUNCTION();`, `int size()
// const LOCKS_EXCLUDED(mu_) {`): Clang's thread-safety attributes and their kin, written before `;`, a body, `= 0`, a
// constructor's `:` or another qualifier; the `)` must not close an `if`/`while`/`for` head nor a cast (afterParameterList)
const ARGS = '\\((?:[^()\\n]|\\((?:[^()\\n]|\\([^()\\n]*\\))*\\))*\\)';
const AFTER_PARAMETERS = new RegExp(
  `\\)((?:\\s*(?:(?:const|volatile|noexcept|override|final)\\b|&&|&))*)((?:\\s*[A-Z][A-Z0-9_]*[A-Z0-9]\\b(?:${ARGS})?)+)`
  + `(?=\\s*(?:[;{]|=\\s*(?:0|default|delete)\\b|->|:(?!:)|(?:const|volatile|noexcept|override|final)\\b))`, 'g');
// a member's thread-safety annotation after its name (`Table* mem_ GUARDED_BY(mutex_);`, `ABSL_PT_GUARDED_BY(mu_)`):
// Clang's documented names, with or without a project's prefix
const MEMBER_ANNOTATION = /GUARDED_BY|ACQUIRED_(?:AFTER|BEFORE)/;
const AFTER_MEMBER = new RegExp(`(?<=[A-Za-z_]\\w*[ \\t]+)((?:[A-Z][A-Z0-9]*_)*(?:PT_)?(?:GUARDED_BY|ACQUIRED_AFTER|ACQUIRED_BEFORE))(${ARGS})(?=\\s*[;=,{])`, 'g');
// an annotation macro after a parameter's name (`MutexLock(Mutex& mu ABSL_INTERNAL_ATTRIBUTE_CAPTURED_BY_THIS)`,
// `f(const T& v ABSL_ATTRIBUTE_LIFETIME_BOUND, int n)`): after a name that is no keyword, before `,` or `)`
const AFTER_PARAMETER_NAME = /\b([A-Za-z_]\w*)([ \t]+)([A-Z][A-Z0-9_]*[A-Z0-9])\b(?=[ \t]*[,)])/g;
const KEYWORD = /^(?:struct|class|union|enum|const|volatile|unsigned|signed|long|short|int|char|bool|float|double|void|auto|typename|return|case|sizeof|new|delete|throw|goto|else|do)$/;
/** Words whose `(…)` head is a statement's, never a parameter list: a macro after it is a statement. */
const NOT_PARAMETERS = /(?:^|[^\w])(?:if|while|for|switch|catch|return|sizeof|decltype|alignof|typeof|__attribute__)\s*$/;
/** What a parameter list's `(` follows: a name, a template's `>`, a function pointer's `)`, an operator's `()` or its symbol (`operator=`). */
const BEFORE_PARAMETERS = /(?:[\w>)\]]|\boperator[ \t]*[^\w\s(]{1,3})[ \t]*$/;

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
 * C's repairs: macroRepairs' with loop macros ended as call statements in both (LOOP_MACRO's shape is no C statement;
 * in C++ it is a constructor of a lower-case class, so C++ keeps macroRepairs).
 */
export function cMacroRepairs(text: string): readonly string[] {
  const loops = loopMacros(text);
  const repairs = macroRepairs(text).map((t) => loopMacros(storageMacros(conditionalsInStatements(t))));
  // the loop macros alone first: the other repairs blank macros, whose calls a file that needs none of them keeps
  return loops === text ? repairs : [loops, ...repairs];
}

// an indented call of a lower-case name whose `(…)` is followed by a body (`for_each_string_list_item(item, &list) {`,
// `list_for_each_entry(pos, head, member)` then `{` on the next line): no C statement has that shape but a loop macro's
const LOOP_MACRO = /^([ \t]+)([a-z_][a-z0-9_]*)([ \t]*\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\))*\))([ \t]*\r?\n?[ \t]*)(?=\{)/gm;
const STATEMENT_WORDS = /^(?:if|for|while|switch|return|sizeof|alignof|typeof|decltype|catch|defined)$/;

/**
 * The text with loop macros (LOOP_MACRO: `hash_for_each(ht, bkt, obj, node) {`) ended as a call statement: a `;` takes
 * the place of the last blank before the body, which is then a block of its own. The macro keeps its call (its
 * `impact` reaches every loop), the body its calls; a macro written right against its `{` is left as it is.
 */
export function loopMacros(text: string): string {
  return text.replace(LOOP_MACRO, (all: string, lead: string, name: string, args: string, gap: string, offset: number) => {
    if (STATEMENT_WORDS.test(name) || continuesLine(text, offset)) return all;
    const last = gap.length - 1;
    if (last >= 0 && (gap[last] === ' ' || gap[last] === '\t')) return `${lead}${name}${args}${gap.slice(0, last)};`;
    if (gap.length > 0 && (gap[0] === ' ' || gap[0] === '\t')) return `${lead}${name}${args};${gap.slice(1)}`;
    return all;
  });
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
  const out = text
    .replace(CLASS_HEAD, (_all, kw: string, ws: string, macro: string) => kw + ws + blank(macro))
    .replace(BETWEEN_TYPE_AND_NAME, (all: string, type: string, ws: string, macro: string) => (NOT_A_TYPE.test(type) ? all : type + ws + blank(macro)))
    .replace(AFTER_POINTER, (_all, star: string, macro: string) => star + blank(macro))
    .replace(BEFORE_DECLARATION, (_all, lead: string, macro: string) => lead + blank(macro))
    .replace(OWN_LINE, (all: string, lead: string, macro: string, tail: string, offset: number) => {
      // a macro body's continuation line, or a directive's, is not a declaration's attribute
      return continuesLine(text, offset) ? all : lead + blank(macro) + tail;
    })
    .replace(AFTER_PARAMETERS, (all: string, qualifiers: string, macros: string, offset: number, whole: string) =>
      (afterParameterList(whole, offset) ? `)${qualifiers}${macros.replace(/[^\r\n]/g, ' ')}` : all))
    .replace(AFTER_PARAMETER_NAME, (all: string, name: string, ws: string, macro: string) =>
      (KEYWORD.test(name) ? all : name + ws + blank(macro)));
  // most files name no member annotation: the look-behind is not run over them
  return MEMBER_ANNOTATION.test(out) ? out.replace(AFTER_MEMBER, blank) : out;
}

/**
 * Whether the `)` at `close` closes a parameter list: its `(` is not the head of
 * `if (…)`, `while (…)`, `for (…)`, `switch (…)` or `catch (…)` (`if (x) LOG(INFO) << y;` keeps its macro call), nor
 * a cast's (`(size_t) MAX_SIZE`).
 * The `(` is looked for within the 4 KiB before, which no parameter list exceeds.
 */
function afterParameterList(text: string, close: number): boolean {
  let i = close;
  let depth = 0;
  const stop = Math.max(0, i - 4096);
  for (; i >= stop; i--) {
    const c = text[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) break;
    else if ((c === ';' || c === '{' || c === '}') && depth > 0) return false;
  }
  if (i < stop || depth !== 0) return false;
  // a cast's `(size_t) MAX_SIZE` follows `=` or `(`, a statement's head follows its keyword
  const head = text.slice(Math.max(0, i - 32), i);
  return BEFORE_PARAMETERS.test(head) && !NOT_PARAMETERS.test(head);
}

// a line's first word and what follows it up to a declarator's `(`, `[`, `=`, `;` or `,`
const LEAD_WORDS = /^([ \t]*)([A-Za-z_]\w*)([ \t]+)([A-Za-z_][\w \t*]*?)(?=[ \t]*[(\[=;,])/gm;
const C_WORDS = new Set(C_KEYWORDS);
/** The keywords that name a type themselves (`struct`, `union` and `enum` with the tag after them). */
const TYPE_KEYWORDS = /^(?:void|char|short|int|long|float|double|signed|unsigned|_Bool|bool|struct|union|enum)$/;
/** The keywords a declaration's words may hold beside its type and name. */
const DECLARATION_KEYWORDS = /^(?:const|volatile|static|extern|register|inline|restrict|_Atomic|_Thread_local|thread_local|_Noreturn)$/;

/**
 * The text with a lower-case storage-class macro written as spaces (zlib's `#define local static`: `local int f(…)`,
 * `local gzFile gz_open(…)`, `local char buf[N];`): a declaration holds one type and one declarator name, so a line
 * whose first word is followed by both is led by a macro. A first word that is a keyword, a line continuing a macro's
 * body, and words holding a statement's keyword are left.
 */
export function storageMacros(text: string): string {
  if (hasLongLine(text)) return text;
  // twice: a storage macro may lead another (`local TCONST tree_desc d = …`)
  return storageMacro(storageMacro(text)).replace(CAST_WORDS, (all: string, open: string, first: string, ws: string, rest: string) =>
    (!C_WORDS.has(first) && declarationNames(rest) >= 1 ? open + ' '.repeat(first.length) + ws + rest : all));
}

// a cast's words before its `*)`: `(z_const Bytef *)`, `(z_const char *)` (a cast holds a type alone, so a word before it is a macro)
const CAST_WORDS = /(\([ \t]*)([A-Za-z_]\w*)([ \t]+)([A-Za-z_][\w \t]*?)(?=[ \t]*\*+[ \t]*\))/g;

/**
 * What a declaration's words after its first hold: the names that are no keyword, and one for a type keyword
 * (`struct tag` counting once); -1 where a word is a statement's keyword.
 */
function declarationNames(rest: string): number {
  const words = rest.split(/[\s*]+/).filter(Boolean);
  let names = 0, typeWord = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (TYPE_KEYWORDS.test(w)) { typeWord = true; if (/^(?:struct|union|enum)$/.test(w)) i++; }
    else if (C_WORDS.has(w) && !DECLARATION_KEYWORDS.test(w)) return -1;
    else if (!C_WORDS.has(w)) names++;
  }
  return names + (typeWord ? 1 : 0);
}

/** One pass of storageMacros: the first word of each line. */
function storageMacro(text: string): string {
  return text.replace(LEAD_WORDS, (all: string, lead: string, first: string, ws: string, rest: string, offset: number) => {
    if (C_WORDS.has(first) || continuesLine(text, offset)) return all;
    // (`z_crc_t FAR *table`: a type, a capitals macro and the name, BETWEEN_TYPE_AND_NAME's)
    if (/^[A-Z][A-Z0-9_]*[A-Z0-9][\s*]+[A-Za-z_]\w*$/.test(rest)) return all;
    return declarationNames(rest) >= 2 ? lead + ' '.repeat(first.length) + ws + rest : all;
  });
}

const CONDITIONAL = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b/;
/** A code line's last character that leaves its expression open: an operator, `(`, `[`, `,` or `?` (not a label's `:`). */
const OPEN_END = /[(\[=|&+\-*\/%^!<>?,~]$/;

/**
 * The text with each conditional that splits a statement (`x =` then `#ifdef GZIP` … `#endif`, `if (a ||` then
 * `#else` `if (` `#endif`, an `else` branch under `#ifdef`) read as its first branch alone: its directives and its
 * other branches written as spaces. The grammar takes a conditional only between statements and declarations, and
 * one inside an expression breaks the rest of its function (the functions after it become nested in it). A boundary
 * splits a statement when the code before it leaves an expression open (OPEN_END) or the code after it is an
 * `else`. A conditional nested in one read so is read as text of that branch.
 */
export function conditionalsInStatements(text: string): string {
  if (!/^[ \t]*#[ \t]*if/m.test(text)) return text;
  const lines = text.split('\n');
  // which lines are directives (with their continuation lines), and each conditional's boundaries
  interface Cond { lines: number[] }
  const stack: Cond[] = [];
  const all: Cond[] = [];
  const directive: boolean[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = CONDITIONAL.exec(lines[i]);
    const first = i;
    if (/^[ \t]*#/.test(lines[i])) { directive[i] = true; while (/\\\r?$/.test(lines[i]) && i + 1 < lines.length) directive[++i] = true; }
    if (!m) continue;
    const kind = m[1];
    if (kind.startsWith('if')) { stack.push({ lines: [first] }); continue; }
    const c = stack[stack.length - 1];
    if (!c) continue;
    c.lines.push(first);
    if (kind === 'endif') { stack.pop(); all.push(c); }
  }
  if (!all.length) return text;
  all.sort((a, b) => a.lines[0] - b.lines[0]);
  // the code before a line: the 200 lines above it without their directives, their comments taken off its end
  const codeBefore = (line: number): string => {
    const above: string[] = [];
    for (let i = Math.max(0, line - 200); i < line; i++) above.push(directive[i] ? '' : lines[i]);
    return withoutTrailingComments(above.join('\n')).slice(-1);
  };
  const codeAfter = (line: number): string => {
    for (let i = line + 1; i < lines.length; i++) { if (directive[i]) continue; const t = lines[i].trim(); if (t && !t.startsWith('//') && !t.startsWith('/*')) return t; }
    return '';
  };
  // (a directive's continuation lines with it)
  const blankLine = (i: number): void => { lines[i] = lines[i].replace(/[^\r]/g, ' '); };
  const blankDirective = (i: number): void => { for (let j = i; j < lines.length; j++) { const more = /\\\r?$/.test(lines[j]); blankLine(j); if (!more) break; } };
  let changed = false;
  // (a conditional inside one read as its first branch is text of that branch already)
  let done = -1;
  for (const c of all) {
    if (c.lines[0] <= done) continue;
    const splits = c.lines.some((l) => OPEN_END.test(codeBefore(l))) || c.lines.some((l) => /^else\b/.test(codeAfter(l)));
    if (!splits) continue;
    changed = true;
    const end = c.lines[c.lines.length - 1];
    done = end;
    // the first branch stays (with the conditionals nested in it, as text); the directives and the rest go
    const rest = c.lines.length > 2 ? c.lines[1] : end;
    blankDirective(c.lines[0]);
    for (let i = rest; i <= end; i++) blankLine(i);
    blankDirective(end);
    for (let i = c.lines[0] + 1; i < rest; i++) if (directive[i] && CONDITIONAL.test(lines[i])) blankDirective(i);
  }
  return changed ? lines.join('\n') : text;
}
