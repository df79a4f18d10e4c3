/**
 * Same-length repairs of TypeScript that tree-sitter-typescript 0.23.2 cannot parse, though the compiler does.
 * The parser is given the repaired text; offsets, rows and columns are unchanged (only characters are replaced,
 * never inserted or removed), so the facts are collected from the original text as usual. A file is re-parsed
 * with the repair only when its own parse has errors, and the repaired tree is kept only when it has fewer
 * (`parseFlat`, lib/extract/halves.ts): a file the grammar takes is never touched.
 *
 * - Variance annotations on type parameters (`interface Api<in out Defs extends X>`, `<out T>`): the grammar
 *   knows no `in`/`out` there, and the error swallows the declaration (RTK's `Api`, `CoreModule`). The modifier
 *   words become spaces: they change assignability, not what the names mean.
 * - A call or construct signature on its own line after a member that ends without `;` or `,` (the
 *   semicolon-free style of mobx, RTK, immer):
 *       fn: T): T
 *       <T extends Function>(name: string, fn: T): T
 *   The grammar reads the `<` as type arguments (or the `(` as a call) of the previous member's type and then
 *   fails, often for the rest of the file. The compiler ends a type member at a line break (and never continues
 *   type arguments over one), so a `;` takes the place of the first indentation character (or of a space after
 *   the previous member). Only inside an interface body or a type alias's object type (or a type nested in
 *   them), only where the previous line ends in a name (not a keyword such as `return`), `)`, `]`, `}` or `>`
 *   (not `=>`), and only before a signature's shape: `(name: T` or `():`, or a type parameter list followed by
 *   `(`. A `<` line is left alone in .tsx (JSX).
 * - The same signatures in the object type annotating a variable (`export const partition: { <A>(…): X` then
 *   `<A>(…): Y } = internal.partition`, Effect's overloaded functions), a function's declared result (`): {`) or a
 *   type argument (`dual<{ … }>`); and a property or method named `in` on its own line (`in: "query"`,
 *   `in<const T>(def: T): P`), which the grammar reads as the operator.
 *   (`cond ? (x) : {…}` also reads as a type body: an object literal has no member lines of those shapes.)
 * - Escape sequences in template literals (TypeScript only: a template literal type with any escape fails): both
 *   characters become spaces.
 * - `export type * from './x'` and `export type * as ns from './x'` (TypeScript 5.0): `type` becomes spaces, an
 *   `export *` re-exports the same declarations (index files of fabric and other TS 5 code bases use it).
 * - `export { ifBuilder as if }` (JavaScript too): a reserved word as an exported name gets `_` for its first letter
 *   in the parser's text; the export keeps its name (facts read the original text). So does a name `type` in the
 *   clause (`export { type, type Ark }`), which the grammar takes for the type-only modifier.
 * - `<div class="x">`, `<Collapse in={open}>` (JavaScript only: a reserved word as a JSX attribute's name, which
 *   tree-sitter-javascript refuses and Preact, Solid and MUI code writes): its first letter becomes `_`.
 * - `static accessor x` (an auto-accessor after a modifier, in a class body): `accessor` becomes spaces, leaving
 *   the field of the same name (a bare `accessor x` parses as it is).
 */
/** The ECMAScript dialects a repair knows (their grammars' gaps differ). */
export type EcmaDialect = 'typescript' | 'tsx' | 'javascript';

/** The text tree-sitter is better given for `language`, or `text` itself when nothing applies. */
export function parseableText(language: EcmaDialect, text: string): string {
  // JavaScript has none of TypeScript's gaps: only the export clause's keyword names (below) are repaired there
  const js = language === 'javascript';
  if (js && !/\bexport\s*\{/.test(text) && !RESERVED_ATTRIBUTE_HINT.test(text)) return text;
  let out: string[] | undefined;
  // inside `export { … }` (a clause, not a type body): `a as var` names an export with a reserved word
  let exportClause = false;
  const put = (at: number, ch: string): void => {
    out ??= text.split('');
    out[at] = ch;
  };
  const s = new Scanner(text);
  // open `{` `(` `[` (and template holes), each with whether it is inside a type: an interface body, the object
  // type of a type alias, or anything opened within one
  const stack: Array<{ open: string; type: boolean }> = [];
  let prevTok = ''; // previous significant token
  let prev2 = '', prev3 = ''; // the two before it
  let closedType = -1; // the depth a type body just closed at (`}`), else -1
  let prevEnd = -1; // offset just after it
  // the header of an `interface X<…> extends Y<…>` or `type X<…> =` being read: its body's `{` is a type
  let header: 'interface' | 'alias' | 'alias=' | undefined;
  let angle = 0;
  let headerDepth = 0;
  for (let tok = s.next(); tok !== undefined; tok = s.next()) {
    const start = s.tokStart;
    const top = stack[stack.length - 1];
    // `export { varBuilder as var, ifBuilder as if }` (svelte's builders): the grammar takes no reserved word as an
    // exported name; its first letter becomes `_` for the parser (the facts read the name from the original text)
    if (tok === '{' && prevTok === 'export') exportClause = true;
    else if (tok === '}' && exportClause) exportClause = false;
    else if (exportClause && prevTok === 'as' && RESERVED_EXPORT_NAMES.has(tok)) put(start, '_');
    // `export { match, type, type Ark } from './keywords'` (TypeScript): `type` before `,` or `}` is the name `type`
    // (arktype's `type`), as the compiler reads it, where the grammar takes it for the type-only modifier of a name
    // it then misses; its first letter becomes `_` for the parser (the facts read the name from the original text)
    else if (!js && exportClause && tok === 'type' && prevTok !== 'as' && /^[,}]$/.test(s.peekWord(s.pos)?.word ?? '')) put(start, '_');
    // `<div class="x">`, `<Collapse in={open}>` (JavaScript's grammar only; tsx takes them): a reserved word as a JSX
    // attribute's name is a syntax error to tree-sitter-javascript, valid JSX to the compiler. A reserved word before
    // `=` (not `==`, `=>`) that is no property (`a.class = 1`) can only be that; its first letter becomes `_`
    if (js && RESERVED_EXPORT_NAMES.has(tok) && prevTok !== '.' && prevTok !== '?.' && /^[ \t]*=(?![=>])/.test(text.slice(s.pos, s.pos + 8))) put(start, '_');
    if (js) { prev3 = prev2; prev2 = prevTok; prevTok = tok; prevEnd = s.pos; continue; }
    // escapes in a template literal type (`\`Missing \\\`Self\\\`\``, Effect's Schema): the grammar fails on any; a
    // template's escape sequences become spaces (their text is no fact; a value template parses the same either way)
    if (tok === '`' || tok === '${') {
      for (let i = start; i < s.pos; i++) {
        if (text.charCodeAt(i) !== 92 /* \\ */ || i + 1 >= s.pos) continue;
        put(i, ' ');
        // (a line continuation keeps its line break: rows stay where they were)
        const next = text.charCodeAt(i + 1);
        if (next !== 10 && next !== 13) put(i + 1, ' ');
        i++;
      }
    }
    if (!header && prevTok !== '.' && !top?.type) {
      if (tok === 'interface' && /^[A-Za-z_$]/.test(s.peekWord(s.pos)?.word ?? '')) { header = 'interface'; angle = 0; headerDepth = stack.length; }
      else if (tok === 'type' && /^[A-Za-z_$]/.test(s.peekWord(s.pos)?.word ?? '') && (prevTok === '' || prevTok === ';' || prevTok === '}' || prevTok === '{' || prevTok === 'export' || prevTok === 'declare' || lineBreakBetween(text, prevEnd, start))) { header = 'alias'; angle = 0; headerDepth = stack.length; }
    } else if (header && stack.length === headerDepth) {
      if (tok === '<') angle++;
      else if (tok === '>') angle--;
      else if (tok === '=' && header === 'alias' && angle === 0) header = 'alias=';
      else if (tok === ';') header = undefined;
    }
    // `export type * from './types'` (and `export type * as ns from …`, TypeScript 5.0): the grammar knows only
    // `export *`; the word `type` becomes spaces (a type-only re-export names the same declarations)
    if (tok === 'type' && prevTok === 'export' && s.peekWord(s.pos)?.word === '*') {
      for (let i = start; i < s.pos; i++) put(i, ' ');
      continue;
    }
    // `static accessor x = 1` (an auto-accessor after a modifier; a bare `accessor x` parses): the word
    // `accessor` becomes spaces, which leaves a field of the same name
    if (tok === 'accessor' && ACCESSOR_MODIFIERS.has(prevTok) && top?.open === '{' && !top.type) {
      const look = s.peekWord(s.pos);
      if (look && (/^[A-Za-z_$]/.test(look.word) || look.word === '#' || look.word === '[')) {
        for (let i = start; i < s.pos; i++) put(i, ' ');
        continue;
      }
    }
    // a contextual keyword the grammar takes for its construct where the compiler reads a plain name: `using` as a
    // value (`${using}`, `f(using)`: the grammar wants a `using res = …` declaration), `abstract` and `accessor` as a
    // member's name (`abstract?: boolean`, `accessor(…) {}`). The first letter becomes `_` for the parser (the facts
    // read the original text). Not where the word is the construct's, a name following it (`using res`, `abstract
    // m()`, `accessor x`, also `#x`, `[k]`, a quoted name), nor after `.` or a declaring keyword (`x.using`, `const
    // using` parse); after a spread's `...` it is a value (`{ ...using }`, kysely's UsingNode factory)
    if ((tok === 'using' || tok === 'abstract' || tok === 'accessor') && (prevTok !== '.' || text.startsWith('...', start - 3)) && !DECLARING_WORDS.has(prevTok)) {
      const look = s.peekWord(s.pos);
      if (!look || !/^[A-Za-z_$#['"]/.test(look.word) || (tok === 'using' && OPERATOR_WORDS.has(look.word))) put(start, '_');
    }
    // variance modifiers: `<` or `,` then `in`/`out`/`in out` then a name then extends / = / , / >
    if ((tok === 'in' || tok === 'out') && (prevTok === '<' || prevTok === ',')) {
      const words: Array<[number, number]> = [[start, s.pos]];
      let look = s.peekWord(s.pos);
      if (tok === 'in' && look && look.word === 'out') { words.push([look.start, look.end]); look = s.peekWord(look.end); }
      if (look && /^[A-Za-z_$][\w$]*$/.test(look.word) && look.word !== 'extends') {
        const after = s.peekWord(look.end);
        if (after && (after.word === 'extends' || after.word === '=' || after.word === ',' || after.word === '>')) {
          for (const [a, b] of words) for (let i = a; i < b; i++) put(i, ' ');
          // the modifiers are gone: the parameter name is the next token, `<`/`,` stays the previous one
          continue;
        }
      }
    }
    if ((tok === '<' || tok === '(' || tok === 'in') && top?.open === '{' && top.type && prevEnd >= 0 && lineBreakBetween(text, prevEnd, start)
      && (endsMember(prevTok) || prevTok === 'void') && (tok === '<' ? language === 'typescript' && isTypeParams(text, start) : tok === 'in' ? /^in\s*(?:\??[:(]|<)/.test(text.slice(start, start + 12)) : isSignature(text, start))) {
      const at = separatorSpot(text, prevEnd, start);
      if (at >= 0) put(at, ';');
    }
    // type arguments written against their name (`Context.Service<Self, {`): a `<` with a name right before it opens a
    // list whose `{` are type bodies (a comparison is written with spaces, and a bracket closing past it drops it)
    if (tok === '<' && /^[A-Za-z_$][\w$]*$/.test(prevTok) && !EXPRESSION_KEYWORDS.has(prevTok) && prevEnd === start) stack.push({ open: '<', type: true });
    else if (tok === '>' && top?.open === '<') stack.pop();
    if (tok === '{' && top?.open === '<') {
      stack.push({ open: '{', type: true });
    } else if (tok === '{' || tok === '(' || tok === '[' || tok === '${') {
      let type = !!top?.type && tok !== '${';
      if (tok === '{' && header && stack.length === headerDepth) {
        if (header === 'interface' && angle === 0) { type = true; header = undefined; }
        else if (header === 'alias=') { type = true; header = undefined; }
        else type = true; // a type literal in the header's type arguments or constraints
      }
      // the object type annotating a variable (`export const partition: { <A>(…): X \n <A>(…): Y } = …`, Effect's
      // overloaded `dual` functions): a type body as an interface's is
      // (also a function's declared result, `): {`, and a type argument, `dual<{ … }>`)
      // (and the next type argument after one: `dual<{ … }, { … }>`)
      if (tok === '{' && prevTok === ',' && prev2 === '}' && closedType === stack.length) type = true;
      if (tok === '{' && ((prevTok === ':' && (prev2 === ')' || (/^[A-Za-z_$][\w$]*$/.test(prev2) && (prev3 === 'const' || prev3 === 'let' || prev3 === 'var')))) || prevTok === '<')) type = true;
      stack.push({ open: tok === '${' ? '{' : tok, type });
    } else if (tok === '}' || tok === ')' || tok === ']') {
      while (stack.length && stack[stack.length - 1].open === '<') stack.pop();
      const closed = stack.pop();
      closedType = closed?.open === '{' && closed.type ? stack.length : -1;
      // (a header whose bracket closed was none: `type ArkErrors,` on its own line of an import's `{ … }`)
      if (header && stack.length < headerDepth) header = undefined;
    }
    prev3 = prev2;
    prev2 = prevTok;
    prevTok = tok;
    prevEnd = s.pos;
  }
  return out ? out.join('') : text;
}

/** Reserved words the grammar refuses as a name after `as` in an export clause (`default` it takes). */
const RESERVED_EXPORT_NAMES: ReadonlySet<string> = new Set(['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'delete',
  'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with']);

/** Whether a text may hold a reserved word as a JSX attribute's name (the JavaScript pass runs only then): the same words. */
const RESERVED_ATTRIBUTE_HINT = new RegExp(`[\\s{}"']\\b(?:${[...RESERVED_EXPORT_NAMES].join('|')})[ \\t]*=(?![=>])`);

/** Modifiers after which the grammar fails on `accessor`. */
const ACCESSOR_MODIFIERS: ReadonlySet<string> = new Set(['static', 'public', 'private', 'protected', 'readonly', 'override', 'declare', 'abstract']);

/** Words a declared name follows (`const using = …` parses as it is). */
const DECLARING_WORDS: ReadonlySet<string> = new Set(['const', 'let', 'var', 'function', 'class', 'interface', 'type', 'enum', 'namespace']);

/** Words that go on an expression (`for (const x of using)`, `using as T`): after `using`, no declaration's name. */
const OPERATOR_WORDS: ReadonlySet<string> = new Set(['in', 'of', 'instanceof', 'as', 'satisfies']);

const EXPRESSION_KEYWORDS = new Set(['return', 'typeof', 'await', 'yield', 'in', 'of', 'new', 'delete', 'void', 'instanceof', 'else', 'case', 'throw', 'extends', 'keyof']);

/** A token that can end a type member: a name, a literal's end, a closing bracket, `>` of a type (not `=>`). */
function endsMember(tok: string): boolean {
  if (tok === ')' || tok === ']' || tok === '}' || tok === '>' || tok === '?') return tok !== '?';
  if (/^[A-Za-z_$][\w$]*$/.test(tok)) return !EXPRESSION_KEYWORDS.has(tok);
  return /^['"`\d]/.test(tok);
}

function lineBreakBetween(text: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (text.charCodeAt(i) === 10) return true;
  return false;
}

/** `<` starts a type parameter list followed by `(`: `<T>(`, `<T extends X, U = Y>(`, or `<` alone on its line. */
function isTypeParams(text: string, at: number): boolean {
  const m = /^<\s*(?:const\s+)?[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>\s*\()/.exec(text.slice(at, at + 200));
  if (m) return true;
  return /^<[ \t]*\r?\n/.test(text.slice(at, at + 4));
}

/** `(` starts a call signature: `()` or `(name:`, `(name?:`, `(...name:`, `(this:` and then `)` `:` on the same line or later. */
function isSignature(text: string, at: number): boolean {
  return /^\(\s*(?:\)\s*:|(?:\.\.\.)?[A-Za-z_$][\w$]*\??\s*:)/.test(text.slice(at, at + 200));
}

/** Where a `;` can replace a space between the previous member's end and the signature: the signature line's
 *  first indentation character, else a space or tab right after the previous token. -1 when there is none. */
function separatorSpot(text: string, prevEnd: number, sigStart: number): number {
  let lineStart = sigStart;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  if (lineStart < sigStart) {
    const c = text.charCodeAt(lineStart);
    if (c === 32 || c === 9) return lineStart;
  }
  const c = text.charCodeAt(prevEnd);
  return c === 32 || c === 9 ? prevEnd : -1;
}

/**
 * A small TypeScript tokenizer: skips whitespace, comments, strings, template literals (their `${ }` holes are
 * scanned as code and reported as the token `${`), and regular expression literals (a `/` where an operand can
 * start). Tokens are names, numbers, and single punctuation characters (`=>` as one).
 */
class Scanner {
  pos = 0;
  tokStart = 0;
  private last = '';
  /** Template nesting: brace depth at each open `${`. */
  private templates: number[] = [];
  private depth = 0;
  private inTemplate = false;
  constructor(private readonly text: string) {}

  next(): string | undefined {
    const t = this.text;
    if (this.inTemplate) {
      // after a hole's `}`: the template text goes on, to its end or to the next hole
      this.inTemplate = false;
      this.tokStart = this.pos;
      return this.emit(this.skipTemplate() ? '${' : '`');
    }
    for (;;) {
      this.skipTrivia();
      if (this.pos >= t.length) return undefined;
      const start = this.pos;
      this.tokStart = start;
      const c = t[start];
      if (c === '"' || c === "'") { this.skipString(c); return this.emit(c); }
      if (c === '`') { this.pos++; if (this.skipTemplate()) return this.emit('${'); return this.emit('`'); }
      if (c === '}' && this.templates.length && this.templates[this.templates.length - 1] === this.depth) {
        // end of a `${ }` hole: the template continues with the next token
        this.templates.pop();
        this.depth--;
        this.pos++;
        this.inTemplate = true;
        return this.emit('}');
      }
      if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
        let e = start + 1;
        while (e < t.length && /[\w$\u0080-\uffff]/.test(t[e])) e++;
        this.pos = e;
        return this.emit(t.slice(start, e));
      }
      if (/\d/.test(c)) {
        let e = start + 1;
        while (e < t.length && /[\w.]/.test(t[e])) e++;
        this.pos = e;
        return this.emit('0');
      }
      if (c === '/' && this.regexAllowed()) { this.skipRegex(); return this.emit('/re'); }
      if (c === '=' && t[start + 1] === '>') { this.pos += 2; return this.emit('=>'); }
      this.pos++;
      if (c === '{') this.depth++;
      else if (c === '}') this.depth--;
      return this.emit(c);
    }
  }

  /** The next name or punctuation character from `at` (trivia skipped), without moving. */
  peekWord(at: number): { word: string; start: number; end: number } | undefined {
    const save = this.pos;
    this.pos = at;
    this.skipTrivia();
    const start = this.pos;
    const t = this.text;
    let end = start;
    if (start < t.length && /[A-Za-z_$]/.test(t[start])) { end = start + 1; while (end < t.length && /[\w$]/.test(t[end])) end++; }
    else if (start < t.length) end = start + 1;
    this.pos = save;
    return end > start ? { word: t.slice(start, end), start, end } : undefined;
  }

  private emit(tok: string): string {
    this.last = tok;
    return tok;
  }

  private regexAllowed(): boolean {
    const l = this.last;
    if (l === '') return true;
    if (l === ')' || l === ']' || l === '}' || l === '0' || l === '"' || l === "'" || l === '`' || l === '/re') return false;
    if (/^[A-Za-z_$]/.test(l)) return EXPRESSION_KEYWORDS.has(l);
    return true;
  }

  private skipTrivia(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff || c === 0xa0) { this.pos++; continue; }
      if (c === 47 /* / */) {
        const d = t.charCodeAt(this.pos + 1);
        if (d === 47) { const e = t.indexOf('\n', this.pos); this.pos = e < 0 ? t.length : e; continue; }
        if (d === 42) { const e = t.indexOf('*/', this.pos + 2); this.pos = e < 0 ? t.length : e + 2; continue; }
      }
      return;
    }
  }

  private skipString(q: string): void {
    const t = this.text;
    let i = this.pos + 1;
    while (i < t.length && t[i] !== q && t[i] !== '\n') i += t[i] === '\\' ? 2 : 1;
    this.pos = Math.min(i + 1, t.length);
  }

  /** Skips template text after a `` ` `` or a hole's `}`; true when it stopped at a `${` (a hole opens). */
  private skipTemplate(): boolean {
    const t = this.text;
    let i = this.pos;
    while (i < t.length) {
      const c = t[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '`') { this.pos = i + 1; return false; }
      if (c === '$' && t[i + 1] === '{') {
        this.pos = i + 2;
        this.depth++;
        this.templates.push(this.depth);
        return true;
      }
      i++;
    }
    this.pos = t.length;
    return false;
  }

  private skipRegex(): void {
    const t = this.text;
    let i = this.pos + 1;
    let inClass = false;
    while (i < t.length && t[i] !== '\n') {
      const c = t[i];
      if (c === '\\') { i += 2; continue; }
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) { i++; break; }
      i++;
    }
    while (i < t.length && /[a-z]/i.test(t[i])) i++;
    this.pos = i;
  }
}
