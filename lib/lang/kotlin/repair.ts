/**
 * Same-length repairs of Kotlin that @tree-sitter-grammars/tree-sitter-kotlin 1.1.0 cannot parse, though the
 * compiler does. Only characters are replaced, never inserted or removed, so offsets, rows and columns stay those of
 * the original text, from which the facts are read; the repaired text is parsed only when the file's own parse has
 * errors and kept only when it has fewer (`parseFlat`, lib/extract/halves.ts). Each gap below made the grammar give
 * up on the rest of the file or of the class, so every function after it was lost.
 *
 * - Multi-dollar strings (Kotlin 2.2: `$$"${spring.exposed.show-sql:false}"`, `$$"""{ "$ref": "$$name" }"""`): the
 *   prefix of n `$` becomes spaces; inside, a run of n or more `$` before a name or `{` is an interpolation and keeps
 *   one `$` (the others become spaces), and a shorter run is text, so its `$` become spaces.
 * - A raw string ending in more than three quotes (`"""a "quoted" word""""`: the last three close it, the others are
 *   text): the extra quotes become spaces.
 * - A `when` branch's guard (Kotlin 2.2: `is Text if text.isBlank() ->`): `if` becomes `, `, a second condition of
 *   the branch, so the guard's calls stay in the tree.
 * - `dynamic` as a name (`val dynamic = …`, `f(name, dynamic)`): the grammar knows it only as Kotlin/JS's type, so
 *   outside a type's place (after `:`, `<`, `as`, `is`, or before `>` or `?`) its first letter becomes `_`; the facts
 *   keep the name, read from the original text.
 * - `get` and `set` called infix (`table.insert { … } get table.id`, Exposed's DSL): the grammar reads a property's
 *   accessor there; between an expression's end and an operand on the same line, not after a modifier, the first
 *   letter becomes `_`.
 * - A call of a function named `get` or `set` at a line's start after a property (`val messages = Channel<String>()`
 *   then `get("/stream") { … }`, Ktor's routing): the grammar reads it as the property's accessor, though a getter's
 *   parentheses are empty and a setter's hold a name; with an argument or a lambda, its first letter becomes `_`.
 * - `suspend { … }` (the standard library's function, called with a lambda): the grammar reads a modifier, so its first
 *   letter becomes `_`; and `suspend` before a parenthesised function type (`suspend ((Header) -> Verifier?)`), which it
 *   cannot read, becomes spaces (what the type calls is the same).
 * - Context parameters and receivers on a declaration's first line (`context(_: Scope)` then `fun …`): the grammar
 *   takes neither the named form nor either form inside a class body, and the error took the class with it; the
 *   `context(…)` becomes spaces, so the declaration after it parses (its context is not read).
 * - A primary constructor with modifiers on the line after its class's name (`class Builder` then `internal
 *   constructor(…) : Base {`): inside a class body the grammar ends the class at the line's end and cannot read the
 *   rest, which took the enclosing class with it. The first modifier becomes an annotation (`@nternal`), the only
 *   form it continues a header with, and the words after it up to `constructor` spaces.
 * - A body on one line whose last member ends at the closing brace (`class A { val x = 1 }`, `object O { fun f() = 1
 *   }`): the grammar wants a `;` or a line's end there; two such bodies in a file made the rest of it one error. The
 *   space before the `}` becomes `;`.
 */

/** What starts a string template's name (`$name`) or block (`${`). */
const TEMPLATE_START = /[A-Za-z_{`]/;

/** A `when` branch with a guard: a type or value condition, then `if`, before the branch's `->` on the same line. */
const WHEN_GUARD = /^([ \t]*(?:!?(?:is|in)[ \t]+)?[^\n]*?[\w)\]>"'`?])([ \t]+)if(?=[ \t]+[^\n]*?->)/gm;
/** Words that may stand before an `if` expression (`return if (…)`, `else if`), which is no guard. */
const BEFORE_IF_EXPRESSION = /(?:^|[^\w])(?:return|else|throw|to|in|is|as|and|or|xor|shl|shr|until|downTo|step)$/;

/** `dynamic` where a name stands, not a type: not after `:`, `<`, `as`, `is` or `.`, nor before `>` or `?`. */
const DYNAMIC_NAME = /(?<![:<]\s*|\b(?:as|is)\s+|\.)\bdynamic\b(?!\s*[>?])/g;

/** `get(x…` or `get {` at a line's start (a call: a getter is `get()`), `set("…"` (a setter's parameter is a name). */
const LEADING_ACCESSOR_CALL = /^([ \t]*)(?:get(?=[ \t]*(?:\([ \t]*[^)\s]|\{))|set(?=\([ \t]*[^\sA-Za-z_)]))/gm;

/** `suspend` called with a lambda (`val block = suspend { … }`). */
const SUSPEND_CALL = /\bsuspend(?=[ \t]*\{)/g;
/** `suspend` before a parenthesised function type (`: suspend ((A) -> B)`). */
const SUSPEND_PARENTHESISED_TYPE = /\bsuspend(?=[ \t]*\(\()/g;

/** `get`/`set` between an expression's end and an operand on one line (an infix call, not an accessor). */
const INFIX_ACCESSOR_WORD = /(?<=([\w)\]}"'`])[ \t]+)(?:get|set)(?=[ \t]+[\w("'`\[])/g;
/** The word before an accessor that makes it one (`private set`, `override get`); a line opening with an annotation is one too. */
const ACCESSOR_MODIFIER = /(?:^|[^\w])(?:private|protected|internal|public|override|open|final|inline|external|abstract|lateinit)$/;

/** `context(…)` alone before a declaration, at the start of its line (one level of nested parentheses). */
const CONTEXT_CLAUSE = /^([ \t]*)(context[ \t]*\((?:[^()\n]|\([^()\n]*\))*\))(?=\s*(?:@|(?:(?:public|private|protected|internal|override|open|final|abstract|suspend|inline|operator|infix)\s+)*(?:fun|val|var|class|object|interface)\b))/gm;

/**
 * A class's name (and type parameters) ending its line, then the next line's modifiers and annotations before a
 * primary `constructor(`: group 1 up to those words, group 2 the words.
 */
const CONSTRUCTOR_NEXT_LINE = /^([ \t]*(?:[a-z]+[ \t]+)*(?:class|object)[ \t]+[A-Za-z_]\w*(?:<[^\n]*>)?[ \t]*\r?\n[ \t]*)((?:@?[A-Za-z_][\w.]*[ \t]+)+)(?=constructor[ \t]*\()/gm;

/**
 * A class, object or interface body on one line whose last member has no `;` before the closing brace (`class A {
 * val x = 1 }`): group 1 up to the space before the `}`.
 */
const ONE_LINE_BODY = /^([^\n]*\b(?:class|object|interface)\b[^{\n]*\{[^{}\n]*[^;\s{])[ \t]\}/gm;

/** A word the grammar takes for a keyword, written as a name of the same length (its first letter `_`). */
const asName = (word: string): string => `_${word.slice(1)}`;

/** The repaired text of a Kotlin file, or the text itself when nothing needed repair. */
export function kotlinRepair(text: string): string {
  let out = text.includes('"') ? repairStrings(text) : text;
  if (out.includes('if')) out = repairWhenGuards(out);
  if (out.includes('dynamic')) out = out.replace(DYNAMIC_NAME, asName);
  if (out.includes(' get ') || out.includes(' set ')) out = repairInfixAccessorWords(out);
  if (out.includes('get') || out.includes('set')) out = out.replace(LEADING_ACCESSOR_CALL, (all: string, lead: string) => lead + asName(all.slice(lead.length)));
  if (out.includes('suspend')) out = out.replace(SUSPEND_CALL, asName).replace(SUSPEND_PARENTHESISED_TYPE, '       ');
  if (out.includes('context')) out = out.replace(CONTEXT_CLAUSE, (_all, lead: string, clause: string) => lead + ' '.repeat(clause.length));
  if (out.includes('constructor')) out = out.replace(CONSTRUCTOR_NEXT_LINE, (_all, head: string, words: string) => head + asAnnotation(words));
  if (out.includes('class') || out.includes('object') || out.includes('interface')) out = out.replace(ONE_LINE_BODY, (_all, head: string) => `${head};}`);
  return out;
}

/** Modifiers and annotations before a constructor as one annotation of the same length (`internal actual ` → `@nternal        `). */
function asAnnotation(words: string): string {
  const first = /^\S+/.exec(words)![0];
  return (first.startsWith('@') ? first : `@${first.slice(1)}`) + ' '.repeat(words.length - first.length);
}

/**
 * Multi-dollar strings and raw strings with extra closing quotes, found by a lexer that knows comments (nested block
 * comments), character literals, strings and their `${…}` templates (which hold code, and so strings).
 */
function repairStrings(text: string): string {
  const chars = text.split('');
  let changed = false;
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (chars[k] !== '\n' && chars[k] !== '\r') chars[k] = ' ';
    changed = true;
  };
  /** Lexes code from `i` until an unmatched `}` (when `inTemplate`) or the end; returns the index after it. */
  const code = (start: number, inTemplate: boolean): number => {
    let depth = 0;
    let i = start;
    while (i < text.length) {
      const c = text[i];
      if (c === '/' && text[i + 1] === '/') { const end = text.indexOf('\n', i); i = end < 0 ? text.length : end; continue; }
      if (c === '/' && text[i + 1] === '*') { i = blockComment(text, i); continue; }
      if (c === '\'') { i = charLiteral(text, i); continue; }
      if (c === '{') { depth++; i++; continue; }
      if (c === '}') { if (inTemplate && depth === 0) return i + 1; depth--; i++; continue; }
      if (c === '$' || c === '"') {
        let dollars = 0;
        while (text[i + dollars] === '$') dollars++;
        if (text[i + dollars] === '"') {
          if (dollars > 0) blank(i, i + dollars);
          i = string(i + dollars, Math.max(1, dollars));
          continue;
        }
        i += Math.max(1, dollars);
        continue;
      }
      i++;
    }
    return i;
  };
  /** Lexes a string whose opening quote is at `open` with `n` dollars to interpolate; returns the index after it. */
  const string = (open: number, n: number): number => {
    const raw = text.startsWith('"""', open);
    let i = open + (raw ? 3 : 1);
    while (i < text.length) {
      const c = text[i];
      if (!raw && c === '\\') { i += 2; continue; }
      if (!raw && c === '\n') return i; // an unclosed string ends at its line, as the grammar's does
      if (c === '"') {
        if (!raw) return i + 1;
        let quotes = 0;
        while (text[i + quotes] === '"') quotes++;
        if (quotes >= 3) {
          if (quotes > 3) blank(i, i + quotes - 3);
          return i + quotes;
        }
        i += quotes;
        continue;
      }
      if (c === '$') {
        let run = 0;
        while (text[i + run] === '$') run++;
        const next = text[i + run];
        if (next !== undefined && TEMPLATE_START.test(next)) {
          if (run >= n) {
            if (n > 1) blank(i, i + run - 1);
            i += run;
            if (next === '{') i = code(i + 1, true);
            continue;
          }
          if (n > 1) blank(i, i + run);
        }
        i += run;
        continue;
      }
      i++;
    }
    return i;
  };
  code(0, false);
  return changed ? chars.join('') : text;
}

/** The index after the block comment opening at `i` (Kotlin's block comments nest). */
function blockComment(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') { depth++; i += 2; continue; }
    if (text[i] === '*' && text[i + 1] === '/') { i += 2; if (--depth === 0) return i; continue; }
    i++;
  }
  return i;
}

/** The index after the character literal opening at `i` (`'a'`, `'\''`, `'\u0041'`). */
function charLiteral(text: string, i: number): number {
  let j = i + 1;
  if (text[j] === '\\') j += 2;
  else j++;
  while (j < text.length && j < i + 10 && text[j] !== '\'' && text[j] !== '\n') j++;
  return text[j] === '\'' ? j + 1 : i + 1;
}

/** `when` branches' guards written as a second condition of the branch (`if` becomes `, `). */
function repairWhenGuards(text: string): string {
  return text.replace(WHEN_GUARD, (all: string, head: string, ws: string) => {
    if (BEFORE_IF_EXPRESSION.test(head.trimEnd())) return all;
    return `${head}${ws}, `;
  });
}

/** Infix calls of functions named `get` or `set` (INFIX_ACCESSOR_WORD), their first letter written as `_`. */
function repairInfixAccessorWords(text: string): string {
  return text.replace(INFIX_ACCESSOR_WORD, (word: string, _end: string, offset: number) => {
    const lineStart = text.lastIndexOf('\n', offset) + 1;
    const before = text.slice(lineStart, offset).trimEnd();
    return ACCESSOR_MODIFIER.test(before) || /^\s*@/.test(before) ? word : asName(word);
  });
}
