/** Cypher lexer: turns query text into tokens with 1-based line/column positions. */
import { syntaxError } from './errors.ts';

/** `badnum` is a malformed number (`12ab`); the parser reports it where a value was expected. */
export type TokenType = 'ident' | 'string' | 'int' | 'float' | 'param' | 'op' | 'badnum' | 'eof';

export interface Token {
  type: TokenType;
  /** Identifier name (unescaped), string contents, operator text, parameter name, or the number's source text. */
  value: string;
  /** True for a backtick-quoted identifier (never a keyword). */
  quoted?: boolean;
  /** Offset of the first character and one past the last. */
  start: number;
  end: number;
  line: number;
  column: number;
}

// Longest operators first.
const OPERATORS = ['..', '=~', '<>', '!=', '<=', '>=', '+=', '(', ')', '[', ']', '{', '}', ',', '.', ':', '|', ';',
  '+', '-', '*', '/', '%', '^', '=', '<', '>', '$'];

const ID_START = /[\p{L}\p{Nl}_]/u;
const ID_PART = /[\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}_]/u;

/** Tokenises `src`; throws CYPHER_SYNTAX-class errors with the position of the bad character. */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0, line = 1, lineStart = 0;
  const n = src.length;
  const pos = (at: number) => {
    // Column of `at` on the current line (at is on the current line in all callers).
    return { line, column: at - lineStart + 1 };
  };
  const newline = (at: number) => { line++; lineStart = at + 1; };

  while (i < n) {
    const c = src[i];
    // Whitespace (including the Unicode spaces Cypher allows).
    if (c === '\n') { newline(i); i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || /\s/u.test(c)) { i++; continue; }
    // Comments.
    if (c === '/' && src[i + 1] === '/') { while (i < n && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const p = pos(i);
      i += 2;
      while (i < n && !(src[i] === '*' && src[i + 1] === '/')) { if (src[i] === '\n') newline(i); i++; }
      if (i >= n) throw syntaxError('UnexpectedSyntax', 'unterminated comment', p, ['*/']);
      i += 2;
      continue;
    }
    const start = i;
    const p = pos(i);
    // Strings.
    if (c === "'" || c === '"') {
      const quote = c;
      let out = '';
      i++;
      for (;;) {
        if (i >= n) throw syntaxError('UnexpectedSyntax', 'unterminated string literal', p, [quote]);
        const d = src[i];
        if (d === quote) { i++; break; }
        if (d === '\n') newline(i);
        if (d === '\\') {
          const e = src[i + 1];
          switch (e) {
            case '\\': out += '\\'; i += 2; continue;
            case "'": out += "'"; i += 2; continue;
            case '"': out += '"'; i += 2; continue;
            case 'b': out += '\b'; i += 2; continue;
            case 'f': out += '\f'; i += 2; continue;
            case 'n': out += '\n'; i += 2; continue;
            case 'r': out += '\r'; i += 2; continue;
            case 't': out += '\t'; i += 2; continue;
            case 'u': case 'U': {
              const len = e === 'u' ? 4 : 8;
              const hex = src.slice(i + 2, i + 2 + len);
              if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) {
                throw syntaxError('InvalidUnicodeLiteral', `invalid unicode escape \\${e}${hex}`, pos(i), [`${len} hex digits`]);
              }
              const cp = parseInt(hex, 16);
              if (cp > 0x10ffff) throw syntaxError('InvalidUnicodeLiteral', `invalid code point \\${e}${hex}`, pos(i));
              out += String.fromCodePoint(cp);
              i += 2 + len;
              continue;
            }
            default:
              // Unknown escapes keep the backslash (lenient, like most implementations).
              out += '\\';
              i++;
              continue;
          }
        }
        out += d;
        i++;
      }
      tokens.push({ type: 'string', value: out, start, end: i, line: p.line, column: p.column });
      continue;
    }
    // Backtick identifiers (`` doubles as an escaped backtick).
    if (c === '`') {
      let out = '';
      i++;
      for (;;) {
        if (i >= n) throw syntaxError('UnexpectedSyntax', 'unterminated quoted identifier', p, ['`']);
        if (src[i] === '`') {
          if (src[i + 1] === '`') { out += '`'; i += 2; continue; }
          i++;
          break;
        }
        if (src[i] === '\n') newline(i);
        out += src[i++];
      }
      tokens.push({ type: 'ident', value: out, quoted: true, start, end: i, line: p.line, column: p.column });
      continue;
    }
    // Numbers.
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      let isFloat = false;
      if (c === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X' || src[i + 1] === 'o' || src[i + 1] === 'O')) {
        i += 2;
        while (i < n && /[0-9a-zA-Z_]/.test(src[i])) i++;
      } else {
        while (i < n && isDigit(src[i])) i++;
        if (src[i] === '.' && src[i + 1] !== '.' && isDigit(src[i + 1] ?? '')) {
          isFloat = true;
          i++;
          while (i < n && isDigit(src[i])) i++;
        }
        if ((src[i] === 'e' || src[i] === 'E') && (isDigit(src[i + 1] ?? '') || ((src[i + 1] === '-' || src[i + 1] === '+') && isDigit(src[i + 2] ?? '')))) {
          isFloat = true;
          i += 2;
          while (i < n && isDigit(src[i])) i++;
        }
        // Letters glued to a number (`9223372h54775808`) are a malformed literal, not two tokens.
        if (i < n && ID_PART.test(src[i])) {
          while (i < n && ID_PART.test(src[i])) i++;
          tokens.push({ type: 'badnum', value: src.slice(start, i), start, end: i, line: p.line, column: p.column });
          continue;
        }
      }
      tokens.push({ type: isFloat ? 'float' : 'int', value: src.slice(start, i), start, end: i, line: p.line, column: p.column });
      continue;
    }
    // Identifiers and keywords.
    if (ID_START.test(c) || (c >= '\ud800' && c <= '\udbff' && ID_START.test(src.slice(i, i + 2)))) {
      i += c >= '\ud800' && c <= '\udbff' ? 2 : 1;
      while (i < n) {
        const d = src[i];
        if (d >= '\ud800' && d <= '\udbff') { if (ID_PART.test(src.slice(i, i + 2))) { i += 2; continue; } break; }
        if (ID_PART.test(d)) { i++; continue; }
        break;
      }
      tokens.push({ type: 'ident', value: src.slice(start, i), start, end: i, line: p.line, column: p.column });
      continue;
    }
    // Parameters.
    if (c === '$') {
      i++;
      if (src[i] === '`') {
        const q = tokenize(src.slice(i)).find(() => true);
        if (!q || q.type !== 'ident' || !q.quoted) throw syntaxError('UnexpectedSyntax', 'invalid parameter name', p, ['parameter name']);
        i += q.end;
        tokens.push({ type: 'param', value: q.value, start, end: i, line: p.line, column: p.column });
        continue;
      }
      const s = i;
      while (i < n && (ID_PART.test(src[i]))) i++;
      if (i === s) throw syntaxError('UnexpectedSyntax', 'expected a parameter name after $', p, ['parameter name']);
      tokens.push({ type: 'param', value: src.slice(s, i), start, end: i, line: p.line, column: p.column });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      i += op.length;
      tokens.push({ type: 'op', value: op, start, end: i, line: p.line, column: p.column });
      continue;
    }
    // Look-alike dashes (en dash, em dash, minus sign …) are a common copy-paste accident.
    if (/\p{Pd}|\u2212/u.test(c)) throw syntaxError('InvalidUnicodeCharacter', `'${c}' (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) is not an operator; use '-'`, p);
    throw syntaxError('UnexpectedSyntax', `unexpected character '${c}'`, p);
  }
  const p = pos(n);
  tokens.push({ type: 'eof', value: '', start: n, end: n, line: p.line, column: p.column });
  return tokens;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
