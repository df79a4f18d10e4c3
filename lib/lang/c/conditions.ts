/**
 * The value of a C preprocessor condition that is more than one name (`#if defined(A) && !defined(B)`, `#elif
 * defined(X) || Y`), as far as the macros the build defines decide it: `defined(X)` and a bare name hold when X is
 * defined (a bare name's value is not read: defined is taken as non-zero, as the simple conditions take it), a
 * number when it is not 0; `!`, `&&`, `||` and parentheses combine them in three values, so a comparison (`W == 8`)
 * or any other operator is unknown, and `unknown && false` is still false.
 */

type Value = boolean | undefined;

const TOKEN = /\s*(defined\b|[A-Za-z_]\w*|0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|&&|\|\||[!=<>]=|<<|>>|[-+*/%<>!()~^&|?:,])/y;

/** Whether a condition's text holds with `defined` the macros defined; undefined where the macros cannot decide it. */
export function macroCondition(text: string, defined: ReadonlySet<string>): Value {
  const tokens: string[] = [];
  // (comments and line continuations are no part of the expression)
  const src = text.replace(/\/\*[^]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ').replace(/\\\r?\n/g, ' ');
  TOKEN.lastIndex = 0;
  for (;;) {
    const at = TOKEN.lastIndex;
    if (/^\s*$/.test(src.slice(at))) break;
    const m = TOKEN.exec(src);
    if (!m) return undefined;
    tokens.push(m[1]);
  }
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  // or := and ('||' and)*; and := unary ('&&' unary)*; unary := '!' unary | primary; primary := defined | name | number | '(' or ')'
  // a primary followed by any other operator makes its operand unknown (the rest of that operand is skipped)
  const or = (): Value => {
    let v = and();
    while (peek() === '||') { i++; const r = and(); v = v === true || r === true ? true : v === false && r === false ? false : undefined; }
    return v;
  };
  const and = (): Value => {
    let v = unary();
    while (peek() === '&&') { i++; const r = unary(); v = v === false || r === false ? false : v === true && r === true ? true : undefined; }
    return v;
  };
  const unary = (): Value => {
    if (peek() === '!') { i++; const v = unary(); return v === undefined ? undefined : !v; }
    const v = primary();
    if (i < tokens.length && peek() !== '&&' && peek() !== '||' && peek() !== ')') { skipOperand(); return undefined; }
    return v;
  };
  const primary = (): Value => {
    const t = tokens[i++];
    if (t === undefined) return undefined;
    if (t === '(') { const v = or(); if (peek() === ')') i++; return v; }
    if (t === 'defined') {
      const paren = peek() === '(';
      if (paren) i++;
      const name = tokens[i++];
      if (paren && peek() === ')') i++;
      return name !== undefined && /^[A-Za-z_]/.test(name) ? defined.has(name) : undefined;
    }
    if (/^\d/.test(t)) return Number.parseInt(t, /^0[xX]/.test(t) ? 16 : 10) !== 0;
    if (/^[A-Za-z_]/.test(t)) return defined.has(t);
    return undefined;
  };
  // the rest of an operand holding another operator: up to the `&&`, `||` or `)` at its depth
  const skipOperand = (): void => {
    let depth = 0;
    while (i < tokens.length) {
      const t = tokens[i];
      if (depth === 0 && (t === '&&' || t === '||' || t === ')')) return;
      if (t === '(') depth++;
      else if (t === ')') depth--;
      i++;
    }
  };
  const v = or();
  return i === tokens.length ? v : undefined;
}
