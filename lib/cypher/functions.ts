/** Scalar functions, by lower-case name. Aggregates live in aggregates.ts; `exists` is compiled specially. */
import { runtimeError } from './errors.ts';
import type { ExecCtx } from './runtime.ts';
import { stringOf } from './ops.ts';
import { CFloat, NodeVal, PathVal, RelVal, intFromBig, isInt, isNumber, num, typeName, type CMap, type Value } from './values.ts';

export interface FunctionDef {
  min: number;
  max: number;
  fn: (args: Value[], ctx: ExecCtx) => Value;
}

function bad(fname: string, v: Value, detail = 'InvalidArgumentValue'): Error {
  return runtimeError('TypeError', detail, `${fname}() cannot take an argument of type ${typeName(v)}`);
}

function str(fname: string, v: Value): string {
  if (typeof v !== 'string') throw bad(fname, v);
  return v;
}
function int(fname: string, v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  throw bad(fname, v);
}
function float(fname: string, v: Value): number {
  if (isNumber(v)) return num(v);
  throw bad(fname, v);
}

/** Unary numeric function returning a float, null on null. */
function math(name: string, f: (x: number) => number): FunctionDef {
  return { min: 1, max: 1, fn: ([x]) => (x === null ? null : new CFloat(f(float(name, x)))) };
}

function toIntegerValue(x: Value, fname: string, orNull: boolean): Value {
  if (x === null) return null;
  if (isInt(x)) return x;
  if (x instanceof CFloat) {
    if (!Number.isFinite(x.v)) return orNull ? null : null;
    const t = Math.trunc(x.v);
    if (Number.isSafeInteger(t)) return t + 0;
    try { return intFromBig(BigInt(t)); } catch { return null; }
  }
  if (typeof x === 'string') {
    const s = x.trim();
    if (/^[+-]?\d+$/.test(s)) {
      try { return intFromBig(BigInt(s)); } catch { return null; }
    }
    if (/^[+-]?0x[0-9a-f]+$/i.test(s)) return intFromBig(BigInt(s.replace(/^([+-]?)0x/i, '$10x')));
    const f = Number(s);
    if (s !== '' && Number.isFinite(f) && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return toIntegerValue(new CFloat(f), fname, orNull);
    return null;
  }
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (orNull) return null;
  throw bad(fname, x);
}

function toFloatValue(x: Value, fname: string, orNull: boolean): Value {
  if (x === null) return null;
  if (x instanceof CFloat) return x;
  if (isInt(x)) return new CFloat(Number(x));
  if (typeof x === 'string') {
    const s = x.trim();
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return new CFloat(Number(s));
    if (/^[+-]?(NaN|Infinity)$/.test(s)) return new CFloat(Number(s));
    return null;
  }
  if (orNull) return null;
  throw bad(fname, x);
}

function toBooleanValue(x: Value, fname: string, orNull: boolean): Value {
  if (x === null) return null;
  if (typeof x === 'boolean') return x;
  if (typeof x === 'string') {
    const s = x.trim().toLowerCase();
    return s === 'true' ? true : s === 'false' ? false : null;
  }
  if (isInt(x)) return x != 0; // eslint-disable-line eqeqeq
  if (orNull) return null;
  throw bad(fname, x);
}

function toStringValue(x: Value, fname: string, orNull: boolean): Value {
  if (x === null) return null;
  if (typeof x === 'string') return x;
  if (isNumber(x) || typeof x === 'boolean') return stringOf(x);
  if (orNull) return null;
  throw bad(fname, x);
}

/** Java's Math.round: halves go towards positive infinity (round(-1.5) = -1.0). */
function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}

function roundWith(x: number, precision: number, mode: string): number {
  const f = Math.pow(10, precision);
  const v = x * f;
  let r: number;
  switch (mode.toUpperCase()) {
    case 'UP': r = v < 0 ? Math.floor(v) : Math.ceil(v); break;
    case 'DOWN': r = Math.trunc(v); break;
    case 'CEILING': r = Math.ceil(v); break;
    case 'FLOOR': r = Math.floor(v); break;
    case 'HALF_DOWN': r = Math.abs(v - Math.trunc(v)) === 0.5 ? Math.trunc(v) : Math.round(v); break;
    case 'HALF_EVEN': {
      const fl = Math.floor(v);
      const d = v - fl;
      r = d > 0.5 ? fl + 1 : d < 0.5 ? fl : (fl % 2 === 0 ? fl : fl + 1);
      break;
    }
    default: r = v < 0 ? -Math.round(-v) : Math.round(v); // HALF_UP: away from zero
  }
  return r / f;
}

/** Length of a string in code points (as Cypher counts it), without making an array of them. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

/** Non-overlapping occurrences of a non-empty `sub` in `s`. */
function occurrences(s: string, sub: string): number {
  let n = 0;
  for (let i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + sub.length)) n++;
  return n;
}

/** toUpper / toLower, the result (which can be longer: 'ß' → 'SS') counted against the string budgets. */
function changeCase(s: string, upper: boolean, ctx: ExecCtx): string {
  const out = upper ? s.toUpperCase() : s.toLowerCase();
  ctx.budget.allocateString(out.length);
  return out;
}

function listOf(fname: string, v: Value): Value[] {
  if (!Array.isArray(v)) throw bad(fname, v);
  return v;
}

/** range(start, end[, step]) with the list budget checked before allocating. */
function range(args: Value[], ctx: ExecCtx): Value {
  for (const a of args) if (a === null) return null;
  const argInt = (v: Value): number => {
    if (typeof v === 'number') return v;
    if (typeof v === 'bigint') return Number(v);
    throw runtimeError('ArgumentError', 'InvalidArgumentType', `range() takes INTEGER arguments, not ${typeName(v)}`);
  };
  const start = argInt(args[0]), end = argInt(args[1]);
  const step = args.length > 2 ? argInt(args[2]) : 1;
  if (step === 0) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'range() step must not be zero');
  const count = step > 0 ? (end >= start ? Math.floor((end - start) / step) + 1 : 0) : (end <= start ? Math.floor((start - end) / -step) + 1 : 0);
  ctx.budget.checkList(count);
  ctx.budget.allocate(count);
  ctx.budget.tickMany(count);
  const out: Value[] = new Array(count);
  for (let i = 0, v = start; i < count; i++, v += step) out[i] = v;
  return out;
}

function nodeOrRelProps(x: Value, ctx: ExecCtx, fname: string): CMap {
  const g = ctx.graph;
  const m: CMap = new Map();
  if (x instanceof NodeVal) for (const k of g.nodeKeys(x.id)) m.set(k, g.nodeProperty(x.id, k));
  else if (x instanceof RelVal) for (const k of g.relKeys(x.id)) m.set(k, g.relProperty(x.id, k));
  else throw bad(fname, x);
  ctx.budget.allocate(m.size);
  return m;
}

function substring(args: Value[]): Value {
  if (args[0] === null) return null;
  const s = str('substring', args[0]);
  const start = int('substring', args[1]);
  if (start < 0) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'substring() start must not be negative');
  if (args.length > 2) {
    if (args[2] === null) return null;
    const len = int('substring', args[2]);
    if (len < 0) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'substring() length must not be negative');
    return s.substr(start, len);
  }
  return s.substring(start);
}

// No prototype: a name from the query (`constructor`, `__proto__`) must not find an Object member.
export const FUNCTIONS: Record<string, FunctionDef> = Object.setPrototypeOf({
  // ---- graph ----
  id: { min: 1, max: 1, fn: ([x]) => {
    if (x === null) return null;
    if (x instanceof NodeVal || x instanceof RelVal) return x.id;
    throw bad('id', x);
  } },
  labels: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof NodeVal) return [...ctx.graph.nodeLabels(x.id)];
    throw bad('labels', x);
  } },
  // Kuzu/GitNexus style: the single label of a node, the type name of a relationship.
  label: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof NodeVal) return ctx.graph.primaryLabel?.(x.id) ?? ctx.graph.nodeLabels(x.id)[0] ?? null;
    if (x instanceof RelVal) return ctx.graph.relType(x.id);
    throw bad('label', x);
  } },
  type: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof RelVal) return ctx.graph.relType(x.id);
    throw bad('type', x);
  } },
  keys: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    const out = x instanceof Map ? [...x.keys()] : x instanceof NodeVal ? ctx.graph.nodeKeys(x.id) : x instanceof RelVal ? ctx.graph.relKeys(x.id) : undefined;
    if (!out) throw bad('keys', x);
    ctx.budget.allocate(out.length);
    return out;
  } },
  properties: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof Map) return x;
    return nodeOrRelProps(x, ctx, 'properties');
  } },
  startnode: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof RelVal) return new NodeVal(ctx.graph.relSource(x.id));
    throw bad('startNode', x);
  } },
  endnode: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof RelVal) return new NodeVal(ctx.graph.relTarget(x.id));
    throw bad('endNode', x);
  } },
  nodes: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof PathVal) { ctx.budget.allocate(x.nodes.length); return x.nodes.map((n) => new NodeVal(n)); }
    throw bad('nodes', x);
  } },
  relationships: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (x instanceof PathVal) { ctx.budget.allocate(x.rels.length); return x.rels.map((r) => new RelVal(r)); }
    throw bad('relationships', x);
  } },
  length: { min: 1, max: 1, fn: ([x]) => {
    if (x === null) return null;
    if (x instanceof PathVal) return x.rels.length;
    if (typeof x === 'string') return codePoints(x);
    if (Array.isArray(x)) return x.length;
    throw bad('length', x);
  } },
  // ---- lists ----
  size: { min: 1, max: 1, fn: ([x]) => {
    if (x === null) return null;
    if (Array.isArray(x)) return x.length;
    if (typeof x === 'string') return codePoints(x);
    throw bad('size', x);
  } },
  head: { min: 1, max: 1, fn: ([x]) => (x === null ? null : listOf('head', x)[0] ?? null) },
  last: { min: 1, max: 1, fn: ([x]) => { if (x === null) return null; const l = listOf('last', x); return l.length ? l[l.length - 1] : null; } },
  tail: { min: 1, max: 1, fn: ([x], ctx) => { if (x === null) return null; const l = listOf('tail', x); ctx.budget.allocate(l.length); return l.slice(1); } },
  reverse: { min: 1, max: 1, fn: ([x], ctx) => {
    if (x === null) return null;
    if (typeof x === 'string') { ctx.budget.allocateString(x.length); return [...x].reverse().join(''); }
    const l = listOf('reverse', x);
    ctx.budget.allocate(l.length);
    return [...l].reverse();
  } },
  range: { min: 2, max: 3, fn: range },
  coalesce: { min: 1, max: Infinity, fn: (args) => { for (const a of args) if (a !== null) return a; return null; } },
  isempty: { min: 1, max: 1, fn: ([x]) => {
    if (x === null) return null;
    if (Array.isArray(x)) return x.length === 0;
    if (typeof x === 'string') return x.length === 0;
    if (x instanceof Map) return x.size === 0;
    throw bad('isEmpty', x);
  } },
  // ---- strings ----
  tolower: { min: 1, max: 1, fn: ([x], ctx) => (x === null ? null : changeCase(str('toLower', x), false, ctx)) },
  toupper: { min: 1, max: 1, fn: ([x], ctx) => (x === null ? null : changeCase(str('toUpper', x), true, ctx)) },
  lower: { min: 1, max: 1, fn: ([x], ctx) => (x === null ? null : changeCase(str('lower', x), false, ctx)) },
  upper: { min: 1, max: 1, fn: ([x], ctx) => (x === null ? null : changeCase(str('upper', x), true, ctx)) },
  trim: { min: 1, max: 1, fn: ([x]) => (x === null ? null : str('trim', x).trim()) },
  ltrim: { min: 1, max: 1, fn: ([x]) => (x === null ? null : str('lTrim', x).trimStart()) },
  rtrim: { min: 1, max: 1, fn: ([x]) => (x === null ? null : str('rTrim', x).trimEnd()) },
  split: { min: 2, max: 2, fn: ([x, sep], ctx) => {
    if (x === null || sep === null) return null;
    const s = str('split', x), by = str('split', sep);
    // Counted before splitting: a long string split into characters would be a huge list.
    const n = by === '' ? s.length : occurrences(s, by) + 1;
    ctx.budget.checkList(n);
    ctx.budget.allocate(n);
    ctx.budget.tickMany(n);
    return s.split(by);
  } },
  substring: { min: 2, max: 3, fn: substring },
  left: { min: 2, max: 2, fn: ([x, n]) => {
    if (x === null) return null;
    if (n === null) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'left() length must not be null');
    const k = int('left', n);
    if (k < 0) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'left() length must not be negative');
    return str('left', x).slice(0, k);
  } },
  right: { min: 2, max: 2, fn: ([x, n]) => {
    if (x === null) return null;
    if (n === null) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'right() length must not be null');
    const k = int('right', n);
    if (k < 0) throw runtimeError('ArgumentError', 'NumberOutOfRange', 'right() length must not be negative');
    const s = str('right', x);
    return k === 0 ? '' : s.slice(Math.max(0, s.length - k));
  } },
  replace: { min: 3, max: 3, fn: ([x, a, b], ctx) => {
    if (x === null || a === null || b === null) return null;
    const s = str('replace', x), from = str('replace', a), to = str('replace', b);
    // The result's length is known before it is built: refuse it then, not after V8 ran out of memory.
    const n = from === '' ? s.length + 1 : occurrences(s, from);
    if (n === 0) return s;
    ctx.budget.allocateString(s.length + n * (to.length - from.length));
    // As Java's String.replace (which Cypher follows): an empty search string matches between every character.
    return s.replaceAll(from, () => to);
  } },
  tostring: { min: 1, max: 1, fn: ([x]) => toStringValue(x, 'toString', false) },
  tostringornull: { min: 1, max: 1, fn: ([x]) => toStringValue(x, 'toStringOrNull', true) },
  // ---- conversion ----
  tointeger: { min: 1, max: 1, fn: ([x]) => toIntegerValue(x, 'toInteger', false) },
  tointegerornull: { min: 1, max: 1, fn: ([x]) => toIntegerValue(x, 'toIntegerOrNull', true) },
  tofloat: { min: 1, max: 1, fn: ([x]) => toFloatValue(x, 'toFloat', false) },
  tofloatornull: { min: 1, max: 1, fn: ([x]) => toFloatValue(x, 'toFloatOrNull', true) },
  toboolean: { min: 1, max: 1, fn: ([x]) => toBooleanValue(x, 'toBoolean', false) },
  tobooleanornull: { min: 1, max: 1, fn: ([x]) => toBooleanValue(x, 'toBooleanOrNull', true) },
  // ---- numbers ----
  abs: { min: 1, max: 1, fn: ([x]) => {
    if (x === null) return null;
    if (typeof x === 'number') return Math.abs(x);
    if (typeof x === 'bigint') return intFromBig(x < 0n ? -x : x);
    if (x instanceof CFloat) return new CFloat(Math.abs(x.v));
    throw bad('abs', x);
  } },
  sign: { min: 1, max: 1, fn: ([x]) => (x === null ? null : Math.sign(float('sign', x)) + 0) },
  ceil: math('ceil', Math.ceil),
  floor: math('floor', Math.floor),
  round: { min: 1, max: 3, fn: (args) => {
    if (args.some((a) => a === null)) return null;
    const x = float('round', args[0]);
    if (args.length === 1) return new CFloat(roundHalfUp(x));
    const precision = int('round', args[1]);
    const mode = args.length > 2 ? str('round', args[2]) : 'HALF_UP';
    return new CFloat(roundWith(x, precision, mode));
  } },
  sqrt: math('sqrt', Math.sqrt),
  exp: math('exp', Math.exp),
  log: math('log', Math.log),
  log10: math('log10', Math.log10),
  sin: math('sin', Math.sin),
  cos: math('cos', Math.cos),
  tan: math('tan', Math.tan),
  cot: math('cot', (x) => 1 / Math.tan(x)),
  asin: math('asin', Math.asin),
  acos: math('acos', Math.acos),
  atan: math('atan', Math.atan),
  atan2: { min: 2, max: 2, fn: ([y, x]) => (y === null || x === null ? null : new CFloat(Math.atan2(float('atan2', y), float('atan2', x)))) },
  degrees: math('degrees', (x) => (x * 180) / Math.PI),
  radians: math('radians', (x) => (x * Math.PI) / 180),
  haversin: math('haversin', (x) => (1 - Math.cos(x)) / 2),
  pi: { min: 0, max: 0, fn: () => new CFloat(Math.PI) },
  e: { min: 0, max: 0, fn: () => new CFloat(Math.E) },
  rand: { min: 0, max: 0, fn: () => new CFloat(Math.random()) },
  // ---- introspection ----
  valuetype: { min: 1, max: 1, fn: ([x]) => {
    const t = typeName(x);
    return t === 'NULL' ? 'NULL' : `${t} NOT NULL`;
  } },
} satisfies Record<string, FunctionDef>, null);

/** Names of aggregate functions (compiled by the projection, not here). */
export const AGGREGATE_NAMES = new Set(['count', 'collect', 'sum', 'avg', 'min', 'max', 'stdev', 'stdevp', 'percentilecont', 'percentiledisc']);

/** Names with special compilation (argument is a pattern or a property that may be absent). */
export const SPECIAL_FUNCTIONS = new Set(['exists']);

