/**
 * Macro arguments as expressions. tree-sitter-rust keeps a macro invocation's arguments as a flat token tree, so
 * the calls written in `assert!(x > Self::capacity())`, `println!("{}", p.name())` or `vec![f(), g()]` were no
 * calls at all, though rustc compiles every one of them. The parser is given a same-length rewrite (lib/extract/
 * language.ts `parseText`): `name!(args)` becomes `name (args)`, a call whose arguments parse as expressions, and
 * `vec![items]` becomes `    [items]`, an array; offsets, rows and columns do not move, so the facts read the
 * text as written.
 *
 * `select! { pat = future => handler, … }` (tokio's and futures', also behind a path: `tokio::select!`) becomes a block of
 * statements: `{ pat = future;  handler; … }`, its `=>` and top-level `,` made `;` (a precondition's `, if c` a
 * statement `; c`, `else =>` a `;`), so the futures it awaits and the handlers' calls are calls; the patterns read
 * as destructuring assignments, binding nothing.
 *
 * Only invocations that are expressions are rewritten: inside a function body (any block below an `fn` header)
 * or right after `=` (a `const`/`static` initializer). An invocation at item level (`impl_traits!(u8, u16);`) is an
 * item, and `macro_rules!` bodies are patterns and transcribers: both are left as they are. So is an invocation
 * whose tokens cannot be expressions (`$`, `=>`, a `;` between its arguments, an item or `let` keyword), and any
 * `name!{…}`. When a rewritten file parses with more errors than the text as written, the parser keeps the text
 * as written (lib/extract/halves.ts).
 */

/** Keywords that start items or statements: arguments holding one are no expression list. */
const NOT_EXPRESSION = new Set(['fn', 'struct', 'enum', 'impl', 'trait', 'mod', 'use', 'pub', 'type', 'let', 'static', 'const', 'extern', 'macro_rules']);

/** Macros that await the first of several futures, written as arms `pattern = future => handler`. */
const SELECT_MACROS = new Set(['select', 'select_biased']);

/** Macros whose arguments hold patterns or definitions (`matches!(x, Some(_) | None)`), never rewritten. */
const PATTERN_MACROS = new Set(['macro_rules', 'matches', 'assert_matches', 'debug_assert_matches']);

/** `text` with its expression macro invocations rewritten as calls and arrays (same length), or `text` itself. */
export function macroArgsAsExpressions(text: string): string {
  if (!text.includes('!')) return text;
  const s = new RustScanner(text);
  let out: string[] | undefined;
  const blank = (from: number, to: number, keep?: number): void => {
    out ??= text.split('');
    for (let i = from; i < to; i++) if (i !== keep) out[i] = ' ';
  };
  const put = (at: number, c: string): void => { out ??= text.split(''); out[at] = c; };
  // open brackets: whether their contents are code (expressions and statements)
  const code: boolean[] = [];
  let headerFn = false; // an `fn` since the last `;`, `{` or `}` at this level: the next `{` is its body
  let prev = ''; // previous significant token
  let argsOpen = -1; // the bracket of a rewritten invocation: its contents are expressions wherever it stands
  let pathStart = 0; // where the path the current token ends began (`tokio` of `tokio::select`)
  for (;;) {
    const tok = s.next();
    if (tok === undefined) break;
    const at = s.start;
    if ((isIdent(tok) && prev !== '::') || (tok === '::' && !isIdent(prev))) pathStart = at;
    if (tok === '{' || tok === '(' || tok === '[') {
      const inCode = (code.length > 0 && code[code.length - 1]) || at === argsOpen;
      code.push(tok === '{' ? inCode || headerFn : inCode);
      if (tok === '{') headerFn = false;
    } else if (tok === '}' || tok === ')' || tok === ']') {
      code.pop();
      if (tok === '}') headerFn = false;
    } else if (tok === ';') {
      headerFn = false;
    } else if (tok === 'fn') {
      headerFn = true;
    } else if (isIdent(tok) && s.peekChar() === '!' && text[s.pos + 1] !== '=') {
      const bang = s.pos;
      s.pos++; // the `!`
      if (tok === 'macro_rules') {
        // `macro_rules! name { rules }`: patterns and transcribers, skipped whole
        s.next();
        const body = s.skipSpaceTo();
        const end = '({['.includes(text[body]) ? s.matching(body) : -1;
        if (end < 0) break;
        s.pos = end + 1;
        prev = '}';
        continue;
      }
      const open = s.skipSpaceTo();
      const ch = text[open];
      if (ch !== '(' && ch !== '[' && ch !== '{') { s.pos = bang + 1; prev = '!'; continue; }
      const close = s.matching(open);
      if (close < 0) break;
      const inCode = (code.length > 0 && code[code.length - 1]) || prev === '=';
      const vec = ch === '[' && tok === 'vec' && prev !== '::';
      const arms = SELECT_MACROS.has(tok) && ch === '{' && inCode ? selectArms(text, open, close) : undefined;
      if (arms) {
        // `tokio::select! {` → a block; its arms' separators → `;`
        blank(pathStart, bang + 1);
        for (const [i, c] of arms) put(i, c);
        s.pos = argsOpen = open;
        prev = tok;
        continue;
      }
      if (!PATTERN_MACROS.has(tok) && inCode && (ch === '(' || vec) && expressionList(text, open, close, vec)) {
        // `name!(…)` → `name (…)`; `vec![…]` → `    […]`: scan on inside, where nested invocations are code too
        if (vec) blank(at, bang + 1); else blank(bang, bang + 1);
        s.pos = argsOpen = open;
        prev = tok;
        continue;
      }
      s.pos = close + 1; // left as written: its tokens stay a token tree
      prev = ')';
      continue;
    }
    prev = tok;
  }
  return out ? out.join('') : text;
}

/**
 * The characters to change in a `select!` body between `open` and `close` for its arms to read as statements: each
 * top-level `=>` and `,` made `;`, a precondition's `if` and an `else` arm's `else` blanked; undefined for a body
 * that is a macro's transcriber (`$`).
 */
function selectArms(text: string, open: number, close: number): Array<[number, string]> | undefined {
  const s = new RustScanner(text, open + 1, close);
  const out: Array<[number, string]> = [];
  let depth = 0;
  let prev = '';
  let elseAt = -1;
  for (;;) {
    const tok = s.next();
    if (tok === undefined) return out;
    if (tok === '$') return undefined;
    if (tok === '{' || tok === '(' || tok === '[') depth++;
    else if (tok === '}' || tok === ')' || tok === ']') depth--;
    else if (depth === 0) {
      if (tok === '=>') {
        out.push([s.start, ';'], [s.start + 1, ' ']);
        if (elseAt >= 0 && prev === 'else') for (let i = elseAt; i < elseAt + 4; i++) out.push([i, ' ']);
      } else if (tok === ',') out.push([s.start, ';']);
      else if (tok === 'if' && prev === ',') out.push([s.start, ' '], [s.start + 1, ' ']);
      else if (tok === 'else') elseAt = s.start;
    }
    prev = tok;
  }
}

/** Whether the tokens between `open` and `close` can be an argument list (or, for `vec!`, an array's items). */
function expressionList(text: string, open: number, close: number, vec: boolean): boolean {
  const s = new RustScanner(text, open + 1, close);
  let depth = 0;
  for (;;) {
    const tok = s.next();
    if (tok === undefined) return true;
    if (tok === '$' || tok === '=>') return false;
    if (tok === '{' || tok === '(' || tok === '[') depth++;
    else if (tok === '}' || tok === ')' || tok === ']') depth--;
    else if (depth === 0 && tok === ';' && !vec) return false;
    else if (depth === 0 && NOT_EXPRESSION.has(tok)) return false;
  }
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;

function isIdent(tok: string): boolean {
  return tok.length > 0 && IDENT_START.test(tok[0]) && tok !== '_';
}

/** Rust's tokens as far as the rewrite needs them: comments, strings and chars skipped whole, `::` and `=>` kept. */
class RustScanner {
  /** Offset of the last token's first character. */
  start = 0;

  constructor(private readonly text: string, public pos = 0, private readonly end = text.length) {}

  /** The character at the scanner's position. */
  peekChar(): string {
    return this.text[this.pos];
  }

  /** Skips white space and comments; returns the offset of the next character. */
  skipSpaceTo(): number {
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      if (c === ' ' || c === '\n' || c === '\t' || c === '\r') this.pos++;
      else if (c === '/' && t[this.pos + 1] === '/') { const nl = t.indexOf('\n', this.pos); this.pos = nl < 0 ? this.end : nl; }
      else if (c === '/' && t[this.pos + 1] === '*') this.skipBlockComment();
      else return this.pos;
    }
  }

  /** The offset of the bracket closing the one at `open`, or -1. */
  matching(open: number): number {
    const save = this.pos;
    this.pos = open + 1;
    let depth = 1;
    for (;;) {
      const tok = this.next();
      if (tok === undefined) { this.pos = save; return -1; }
      if (tok === '(' || tok === '[' || tok === '{') depth++;
      else if ((tok === ')' || tok === ']' || tok === '}') && --depth === 0) { const at = this.start; this.pos = save; return at; }
    }
  }

  /** The next token (an identifier, a literal's first character, or punctuation), or undefined at the end. */
  next(): string | undefined {
    const t = this.text;
    if (this.skipSpaceTo() >= this.end) return undefined;
    const i = (this.start = this.pos);
    const c = t[i];
    if (c === '"') { this.skipString(i + 1); return '"'; }
    if ((c === 'b' || c === 'c') && t[i + 1] === '"') { this.skipString(i + 2); return '"'; }
    if (c === 'r' || ((c === 'b' || c === 'c') && t[i + 1] === 'r')) {
      const q = c === 'r' ? i + 1 : i + 2;
      let h = q;
      while (t[h] === '#') h++;
      if (t[h] === '"' && (h > q || t[q] === '"')) { this.skipRaw(h + 1, h - q); return '"'; }
    }
    if (c === "'") return this.charOrLifetime(i);
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < this.end && IDENT_PART.test(t[j])) j++;
      this.pos = j;
      return t.slice(i, j);
    }
    if (c >= '0' && c <= '9') {
      let j = i + 1;
      while (j < this.end && IDENT_PART.test(t[j])) j++;
      this.pos = j;
      return '0';
    }
    if ((c === ':' && t[i + 1] === ':') || (c === '=' && t[i + 1] === '>')) { this.pos = i + 2; return c === ':' ? '::' : '=>'; }
    this.pos = i + 1;
    return c;
  }

  private skipBlockComment(): void {
    const t = this.text;
    let depth = 0;
    while (this.pos < this.end) {
      if (t[this.pos] === '/' && t[this.pos + 1] === '*') { depth++; this.pos += 2; }
      else if (t[this.pos] === '*' && t[this.pos + 1] === '/') { this.pos += 2; if (--depth === 0) return; }
      else this.pos++;
    }
  }

  private skipString(from: number): void {
    const t = this.text;
    let j = from;
    while (j < this.end && t[j] !== '"') j += t[j] === '\\' ? 2 : 1;
    this.pos = Math.min(j + 1, this.end);
  }

  private skipRaw(from: number, hashes: number): void {
    const close = '"' + '#'.repeat(hashes);
    const j = this.text.indexOf(close, from);
    this.pos = j < 0 ? this.end : j + close.length;
  }

  /** `'a'`, `'\n'`, `'\u{1F600}'` (a char literal) or `'a` (a lifetime or label). */
  private charOrLifetime(i: number): string {
    const t = this.text;
    if (t[i + 1] === '\\') {
      const j = t.indexOf("'", i + 3);
      this.pos = j < 0 ? this.end : j + 1;
      return '"';
    }
    // one character (a surrogate pair counts as one) then a quote: a char literal
    const width = t.codePointAt(i + 1)! > 0xffff ? 2 : 1;
    if (t[i + 1 + width] === "'") { this.pos = i + 2 + width; return '"'; }
    let j = i + 1;
    while (j < this.end && IDENT_PART.test(t[j])) j++;
    this.pos = j;
    return "'";
  }
}
