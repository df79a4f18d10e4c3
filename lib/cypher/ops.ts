/** Operators with Cypher semantics: arithmetic (integer/float), three-valued logic, string and list predicates, indexing. */
import { RE2JS } from 're2js';
import { runtimeError } from './errors.ts';
import type { ExecCtx } from './runtime.ts';
import { CFloat, NodeVal, RelVal, equals, formatFloat, intFromBig, isInt, isNumber, num, typeName, type Value } from './values.ts';

function typeErr(op: string, a: Value, b?: Value): Error {
  return runtimeError('TypeError', 'InvalidArgumentType', b === undefined
    ? `cannot apply ${op} to ${typeName(a)}`
    : `cannot apply ${op} to ${typeName(a)} and ${typeName(b)}`);
}

function intOp(a: number | bigint, b: number | bigint, f: (x: number, y: number) => number, g: (x: bigint, y: bigint) => bigint): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = f(a, b);
    if (Number.isSafeInteger(r)) return r;
  }
  return intFromBig(g(BigInt(a), BigInt(b)));
}

/** Text of a value when concatenated to a string. */
export function stringOf(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof CFloat) return formatFloat(v.v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  throw typeErr('+', v);
}

/** `+`: numbers, string concatenation, list concatenation/append/prepend. */
export function add(a: Value, b: Value, ctx: ExecCtx): Value {
  if (a === null || b === null) {
    // null + list appends null to / prepends null to the list? No: any null operand yields null.
    return null;
  }
  if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x + y, (x, y) => x + y);
  if (isNumber(a) && isNumber(b)) return new CFloat(num(a) + num(b));
  if (Array.isArray(a)) {
    const n = a.length + (Array.isArray(b) ? b.length : 1);
    ctx.budget.checkList(n);
    ctx.budget.allocate(n);
    return Array.isArray(b) ? a.concat(b) : [...a, b];
  }
  if (Array.isArray(b)) {
    ctx.budget.checkList(b.length + 1);
    ctx.budget.allocate(b.length + 1);
    return [a, ...b];
  }
  if (typeof a === 'string' && (typeof b === 'string' || isNumber(b))) { const s = a + stringOf(b); ctx.budget.checkString(s.length); return s; }
  if (typeof b === 'string' && isNumber(a)) { const s = stringOf(a) + b; ctx.budget.checkString(s.length); return s; }
  throw typeErr('+', a, b);
}

export function sub(a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x - y, (x, y) => x - y);
  if (isNumber(a) && isNumber(b)) return new CFloat(num(a) - num(b));
  throw typeErr('-', a, b);
}

export function mul(a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (isInt(a) && isInt(b)) return intOp(a, b, (x, y) => x * y, (x, y) => x * y);
  if (isNumber(a) && isNumber(b)) return new CFloat(num(a) * num(b));
  throw typeErr('*', a, b);
}

export function div(a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (isInt(a) && isInt(b)) {
    if (b == 0) throw runtimeError('ArithmeticError', 'DivisionByZero', '/ by zero'); // eslint-disable-line eqeqeq
    if (typeof a === 'number' && typeof b === 'number') return Math.trunc(a / b) + 0;
    return intFromBig(BigInt(a) / BigInt(b));
  }
  if (isNumber(a) && isNumber(b)) return new CFloat(num(a) / num(b));
  throw typeErr('/', a, b);
}

export function mod(a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (isInt(a) && isInt(b)) {
    if (b == 0) throw runtimeError('ArithmeticError', 'DivisionByZero', '% by zero'); // eslint-disable-line eqeqeq
    if (typeof a === 'number' && typeof b === 'number') return (a % b) + 0;
    return intFromBig(BigInt(a) % BigInt(b));
  }
  if (isNumber(a) && isNumber(b)) return new CFloat(num(a) % num(b));
  throw typeErr('%', a, b);
}

export function pow(a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (isNumber(a) && isNumber(b)) return new CFloat(Math.pow(num(a), num(b)));
  throw typeErr('^', a, b);
}

export function neg(a: Value): Value {
  if (a === null) return null;
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  if (typeof a === 'bigint') return intFromBig(-a);
  if (a instanceof CFloat) return new CFloat(-a.v);
  throw typeErr('unary -', a);
}

function bool(v: Value, op: string): boolean | null {
  if (v === null || typeof v === 'boolean') return v;
  throw typeErr(op, v);
}

export function and(a: Value, b: Value): Value {
  const x = bool(a, 'AND'), y = bool(b, 'AND');
  if (x === false || y === false) return false;
  if (x === null || y === null) return null;
  return true;
}
export function or(a: Value, b: Value): Value {
  const x = bool(a, 'OR'), y = bool(b, 'OR');
  if (x === true || y === true) return true;
  if (x === null || y === null) return null;
  return false;
}
export function xor(a: Value, b: Value): Value {
  const x = bool(a, 'XOR'), y = bool(b, 'XOR');
  if (x === null || y === null) return null;
  return x !== y;
}
export function not(a: Value): Value {
  const x = bool(a, 'NOT');
  return x === null ? null : !x;
}

/** `x IN list`: true if some element equals x; null if none does but some comparison was null. */
export function inList(x: Value, list: Value): Value {
  if (list === null) return null;
  if (!Array.isArray(list)) throw typeErr('IN', x, list);
  let sawNull = false;
  for (const el of list) {
    const r = equals(x, el);
    if (r === true) return true;
    if (r === null) sawNull = true;
  }
  return sawNull ? null : false;
}

export function stringPredicate(op: 'startsWith' | 'endsWith' | 'contains', a: Value, b: Value): Value {
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  switch (op) {
    case 'startsWith': return a.startsWith(b);
    case 'endsWith': return a.endsWith(b);
    case 'contains': return a.includes(b);
  }
}

const regexCache = new Map<string, RE2JS>();

/**
 * `=~`: whole-string match with RE2 (re2js), whose matching time is linear in the text: no pattern can
 * backtrack for minutes on a short string (JavaScript's and Java's engines can, and neither can be interrupted).
 * The syntax is Java's where RE2 has it; RE2 refuses back-references, look-around, possessive quantifiers and
 * atomic groups with a clear error (docs/cypher.md). Leading inline flags (?i) (?s) (?m) work; (?u) and (?x)
 * are accepted and ignored, as before.
 */
export function regexMatch(a: Value, b: Value, ctx?: ExecCtx): Value {
  if (a === null || b === null) return null;
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  let re = regexCache.get(b);
  if (!re) {
    re = compileRegex(b);
    if (regexCache.size >= 1000) regexCache.clear();
    regexCache.set(b, re);
  }
  // Linear, but one call is not interruptible: count the text against the clock's work units first.
  ctx?.budget.tickMany(a.length >>> 6);
  return re.matches(a);
}

function compileRegex(b: string): RE2JS {
  let src = b, flags = 0;
  const m = /^\(\?([imsux]+)\)/.exec(src);
  if (m) {
    src = src.slice(m[0].length);
    for (const f of m[1]) {
      if (f === 'i') flags |= RE2JS.CASE_INSENSITIVE;
      else if (f === 's') flags |= RE2JS.DOTALL;
      else if (f === 'm') flags |= RE2JS.MULTILINE;
    }
  }
  try {
    return RE2JS.compile(src, flags);
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    throw runtimeError('ArgumentError', 'InvalidArgumentValue', `invalid regular expression '${b}': ${why} (the RE2 syntax: no back-references, look-around or possessive quantifiers)`);
  }
}

/** Integer value of an index argument, or a TypeError. */
function indexInt(v: Value, what: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  throw runtimeError('TypeError', 'InvalidArgumentType', `${what} must be an INTEGER, not ${typeName(v)}`);
}

/** `x[i]` on lists, and `x['key']` on maps, nodes and relationships. */
export function index(obj: Value, idx: Value, ctx: ExecCtx): Value {
  if (obj === null || idx === null) return null;
  if (Array.isArray(obj)) {
    if (!isInt(idx)) throw runtimeError('TypeError', 'ListElementAccessByNonInteger', `list index must be an INTEGER, not ${typeName(idx)}`);
    let i = indexInt(idx, 'list index');
    if (i < 0) i += obj.length;
    return i >= 0 && i < obj.length ? obj[i] : null;
  }
  if (obj instanceof Map || obj instanceof NodeVal || obj instanceof RelVal) {
    if (typeof idx !== 'string') throw runtimeError('TypeError', 'MapElementAccessByNonString', `map key must be a STRING, not ${typeName(idx)}`);
    return property(obj, idx, ctx);
  }
  throw runtimeError('TypeError', 'InvalidArgumentType', `cannot index into ${typeName(obj)}`);
}

/** `x[a..b]` on lists; missing bounds mean start/end, negative bounds count from the end. */
export function slice(obj: Value, from: Value | undefined, to: Value | undefined, ctx?: ExecCtx): Value {
  if (obj === null || from === null || to === null) return null;
  if (!Array.isArray(obj)) throw runtimeError('TypeError', 'InvalidArgumentType', `cannot slice ${typeName(obj)}`);
  const n = obj.length;
  let a = from === undefined ? 0 : indexInt(from, 'slice bound');
  let b = to === undefined ? n : indexInt(to, 'slice bound');
  if (a < 0) a = Math.max(0, n + a);
  if (b < 0) b = Math.max(0, n + b);
  const out = obj.slice(Math.min(a, n), Math.min(b, n));
  ctx?.budget.allocate(out.length);
  return out;
}

/** `x.key` on nodes, relationships and maps; null on null. */
export function property(obj: Value, key: string, ctx: ExecCtx): Value {
  if (obj === null) return null;
  if (obj instanceof NodeVal) return ctx.graph.nodeExists(obj.id) ? ctx.graph.nodeProperty(obj.id, key) : deleted();
  if (obj instanceof RelVal) return ctx.graph.relProperty(obj.id, key);
  if (obj instanceof Map) { const v = obj.get(key); return v === undefined ? null : v; }
  throw runtimeError('TypeError', 'InvalidArgumentType', `cannot read property '${key}' of ${typeName(obj)}`);
}

function deleted(): never {
  throw runtimeError('EntityNotFound', 'DeletedEntityAccess', 'the node has been deleted');
}
