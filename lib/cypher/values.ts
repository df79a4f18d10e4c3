/**
 * The Cypher value model. Integers are JS numbers while they are safe integers and bigints beyond (64-bit range
 * checked); floats are boxed in `CFloat` so `1` and `1.0` stay distinct (division, toString, results).
 * Maps are JS `Map`s (ordered, no prototype pitfalls); nodes, relationships and paths are ids into the graph.
 */
import { runtimeError } from './errors.ts';

/** A float value (boxed so integral floats like 1.0 stay floats). */
export class CFloat {
  constructor(readonly v: number) {}
}
/** A node, by graph id. */
export class NodeVal {
  constructor(readonly id: number) {}
}
/** A relationship, by graph id. */
export class RelVal {
  constructor(readonly id: number) {}
}
/** A path: n+1 node ids and n relationship ids, in traversal order. */
export class PathVal {
  constructor(readonly nodes: readonly number[], readonly rels: readonly number[]) {}
}

export type CMap = Map<string, Value>;
export type Value = null | boolean | number | bigint | CFloat | string | Value[] | CMap | NodeVal | RelVal | PathVal;

const MAX_I64 = 9223372036854775807n;
const MIN_I64 = -9223372036854775808n;

/** Normalises a bigint into the integer representation (number when safe); overflow is an ArithmeticError. */
export function intFromBig(b: bigint): number | bigint {
  if (b > MAX_I64 || b < MIN_I64) throw runtimeError('ArithmeticError', 'IntegerOverflow', 'integer overflow');
  if (b >= -9007199254740991n && b <= 9007199254740991n) return Number(b);
  return b;
}

export function isInt(v: Value): v is number | bigint {
  return typeof v === 'number' || typeof v === 'bigint';
}
export function isNumber(v: Value): v is number | bigint | CFloat {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof CFloat;
}
export function isMap(v: Value): v is CMap {
  return v instanceof Map;
}
/** JS number of a numeric value (floats unboxed, bigints rounded). */
export function num(v: number | bigint | CFloat): number {
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : v.v;
}

/** Cypher type name of a value, for error messages and `valueType`. */
export function typeName(v: Value): string {
  if (v === null) return 'NULL';
  switch (typeof v) {
    case 'boolean': return 'BOOLEAN';
    case 'number': case 'bigint': return 'INTEGER';
    case 'string': return 'STRING';
  }
  if (v instanceof CFloat) return 'FLOAT';
  if (Array.isArray(v)) return 'LIST';
  if (v instanceof Map) return 'MAP';
  if (v instanceof NodeVal) return 'NODE';
  if (v instanceof RelVal) return 'RELATIONSHIP';
  if (v instanceof PathVal) return 'PATH';
  return 'ANY';
}

/** Converts a host (JSON-ish) value to a Cypher value: integral numbers are integers, others floats. */
export function fromHost(x: unknown): Value {
  if (x === null || x === undefined) return null;
  switch (typeof x) {
    case 'number': return Number.isInteger(x) && Number.isSafeInteger(x) ? x : new CFloat(x);
    case 'string': case 'boolean': return x;
    case 'bigint': return intFromBig(x);
  }
  if (Array.isArray(x)) return x.map(fromHost);
  if (x instanceof Map || x instanceof CFloat || x instanceof NodeVal || x instanceof RelVal || x instanceof PathVal) return x as Value;
  if (typeof x === 'object') {
    const m: CMap = new Map();
    for (const k of Object.keys(x as object)) m.set(k, fromHost((x as Record<string, unknown>)[k]));
    return m;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Equality, comparison, orderability, equivalence
// ---------------------------------------------------------------------------------------------------------

/** Ternary equality (`=`): null when either side (or a nested element that decides) is null. */
export function equals(a: Value, b: Value): boolean | null {
  if (a === null || b === null) return null;
  if (isNumber(a)) {
    if (!isNumber(b)) return false;
    if (typeof a === 'number' && typeof b === 'number') return a === b;
    if (isInt(a) && isInt(b)) return a == b; // eslint-disable-line eqeqeq
    return num(a) === num(b);
  }
  if (typeof a === 'string' || typeof a === 'boolean') return a === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return false;
    if (a.length !== b.length) return false;
    let sawNull = false;
    for (let i = 0; i < a.length; i++) {
      const r = equals(a[i], b[i]);
      if (r === false) return false;
      if (r === null) sawNull = true;
    }
    return sawNull ? null : true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map)) return false;
    if (a.size !== b.size) return false;
    let sawNull = false;
    for (const [k, v] of a) {
      if (!b.has(k)) return false;
      const r = equals(v, b.get(k)!);
      if (r === false) return false;
      if (r === null) sawNull = true;
    }
    return sawNull ? null : true;
  }
  if (a instanceof NodeVal) return b instanceof NodeVal && a.id === b.id;
  if (a instanceof RelVal) return b instanceof RelVal && a.id === b.id;
  if (a instanceof PathVal) {
    if (!(b instanceof PathVal)) return false;
    return a.nodes.length === b.nodes.length && a.nodes.every((n, i) => n === b.nodes[i]) && a.rels.every((r, i) => r === b.rels[i]);
  }
  return false;
}

/**
 * Ternary comparison for `<`, `<=`, `>`, `>=`: a negative/zero/positive number, or null when the values are
 * not comparable (different types, nulls, NaN).
 */
export function compare(a: Value, b: Value): number | null {
  if (a === null || b === null) return null;
  if (isNumber(a)) {
    if (!isNumber(b)) return null;
    if (isInt(a) && isInt(b)) return a < b ? -1 : a > b ? 1 : 0;
    const x = num(a), y = num(b);
    // NaN compares false with everything: a NaN result makes <, <=, >, >= all false.
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string') return typeof b === 'string' ? (a < b ? -1 : a > b ? 1 : 0) : null;
  if (typeof a === 'boolean') return typeof b === 'boolean' ? (a === b ? 0 : a ? 1 : -1) : null;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return null;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compare(a[i], b[i]);
      if (c === null) return null;
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return null;
}

function orderRank(v: Value): number {
  if (v === null) return 9;
  switch (typeof v) {
    case 'number': case 'bigint': return 8;
    case 'boolean': return 7;
    case 'string': return 6;
  }
  if (v instanceof CFloat) return 8;
  if (v instanceof Map) return 0;
  if (v instanceof NodeVal) return 1;
  if (v instanceof RelVal) return 2;
  if (Array.isArray(v)) return 3;
  if (v instanceof PathVal) return 4;
  return 5;
}

/** Total order used by ORDER BY, min and max: maps < nodes < rels < lists < paths < strings < booleans < numbers < null. */
export function orderCompare(a: Value, b: Value): number {
  const ra = orderRank(a), rb = orderRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 9: return 0;
    case 8: {
      if (isInt(a as Value) && isInt(b as Value)) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
      const x = num(a as number), y = num(b as number);
      const nx = Number.isNaN(x), ny = Number.isNaN(y);
      if (nx || ny) return nx && ny ? 0 : nx ? 1 : -1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 7: return a === b ? 0 : a ? 1 : -1;
    case 6: return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case 3: {
      const x = a as Value[], y = b as Value[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) { const c = orderCompare(x[i], y[i]); if (c !== 0) return c; }
      return x.length - y.length;
    }
    case 1: return (a as NodeVal).id - (b as NodeVal).id;
    case 2: return (a as RelVal).id - (b as RelVal).id;
    case 4: {
      const x = a as PathVal, y = b as PathVal;
      const c = orderCompare(x.nodes.map((n) => new NodeVal(n)), y.nodes.map((n) => new NodeVal(n)));
      return c !== 0 ? c : orderCompare(x.rels.map((r) => new RelVal(r)), y.rels.map((r) => new RelVal(r)));
    }
    case 0: {
      const x = a as CMap, y = b as CMap;
      const kx = [...x.keys()].sort(), ky = [...y.keys()].sort();
      const c = orderCompare(kx, ky);
      if (c !== 0) return c;
      for (const k of kx) { const d = orderCompare(x.get(k)!, y.get(k)!); if (d !== 0) return d; }
      return 0;
    }
  }
  return 0;
}

/**
 * A string key such that two values have the same key exactly when they are equivalent (DISTINCT, grouping,
 * UNION): like equality, but null ≡ null and NaN ≡ NaN; 1 ≡ 1.0.
 */
export function keyOf(v: Value): string {
  if (v === null) return '~';
  switch (typeof v) {
    case 'number': return Object.is(v, -0) ? '#0' : '#' + v;
    case 'bigint': return '#' + v;
    case 'string': return '"' + v;
    case 'boolean': return v ? 'T' : 'F';
  }
  if (v instanceof CFloat) {
    const x = v.v;
    if (Number.isInteger(x) && Number.isSafeInteger(x)) return '#' + (x === 0 ? 0 : x);
    if (Number.isInteger(x) && Number.isFinite(x)) return '#' + BigInt(x).toString();
    return '#' + x;
  }
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) { if (i) s += ','; const k = keyOf(v[i]); s += k.length + ':' + k; }
    return s + ']';
  }
  if (v instanceof Map) {
    const keys = [...v.keys()].sort();
    let s = '{';
    for (const k of keys) { const kv = keyOf(v.get(k)!); s += k.length + ':' + k + kv.length + ':' + kv; }
    return s + '}';
  }
  if (v instanceof NodeVal) return 'N' + v.id;
  if (v instanceof RelVal) return 'R' + v.id;
  if (v instanceof PathVal) return 'P' + v.nodes.join(',') + '|' + v.rels.join(',');
  return '?';
}

/** Combined key of several values (grouping keys, DISTINCT rows). */
export function keyOfAll(vs: readonly Value[]): string {
  if (vs.length === 1) return keyOf(vs[0]);
  let s = '';
  for (const v of vs) { const k = keyOf(v); s += k.length + ':' + k; }
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------------

/** Formats a float the way Cypher (Java) does: `1.0`, `0.5`, `1.0E20`, `NaN`, `Infinity`. */
export function formatFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const ax = Math.abs(x);
  if (ax >= 1e-3 && ax < 1e7) {
    const s = String(x);
    return s.includes('.') ? s : s + '.0';
  }
  // Scientific: shortest round-trip digits, mantissa with at least one decimal.
  const [mant, exp] = x.toExponential().split('e');
  const m = mant.includes('.') ? mant : mant + '.0';
  return `${m}E${exp.startsWith('+') ? exp.slice(1) : exp}`;
}

/**
 * JSON form of a value without graph entities (those need the graph; see output.ts): floats become numbers
 * (non-finite ones the strings "NaN", "Infinity", "-Infinity"), big integers numbers, maps plain objects.
 */
export function jsonValue(v: Value): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CFloat) return Number.isFinite(v.v) ? v.v : formatFloat(v.v);
  if (Array.isArray(v)) return v.map(jsonValue);
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) setKey(o, k, jsonValue(x));
    return o;
  }
  return null;
}

/** Sets a key on a plain object even when it is `__proto__`. */
export function setKey(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}
