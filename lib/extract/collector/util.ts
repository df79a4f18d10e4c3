/** Small helpers of the collector: node fields, lazily made maps and node sets, match captures, event order, text scanning. */
import { EV_NODE, EV_POINT } from './roles.ts';
import type { Expr } from '../facts.ts';
import type { NodeRef } from '../flat-tree.ts';
import type { Match, MatchSource } from '../query-match.ts';

export type Node = NodeRef;

export const startOf = (n: Node): number => n.start;
export const rowOf = (n: Node): number => n.row;
export const colOf = (n: Node): number => n.col;

export const IDENT = /#?[$_\p{ID_Start}\\][$\u200c\u200d\p{ID_Continue}\\]*/uy;

export function pushTo<K, V>(m: Map<K, V[]> | LazyMap<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

export const byStart = (a: Node, b: Node): number => a.start - b.start;

/**
 * The root scope's end: past any offset, and a small integer (Infinity made every Scope's `end`, and every span's,
 * a double field: a heap number per scope, and float compares).
 */
export const NO_END = 0x3fffffff;

/** Sorts `a` by `cmp` unless it is in order already (the usual case here): the same result, as sort is stable. */
export function sortIfNeeded<T>(a: T[], cmp: (x: T, y: T) => number): void {
  for (let i = 1; i < a.length; i++) {
    if (cmp(a[i - 1], a[i]) > 0) { a.sort(cmp); return; }
  }
}

/**
 * The order in which replay takes its events (indexes into `evP`/`evT`): by position, then type (EV_NODE as
 * EV_POINT), then as filed; undefined when they are in that order already. Each event becomes one number
 * (position, type, index) that a Float64Array sorts natively, where a comparator sort of event objects called
 * back into JavaScript ~n log n times (a file has thousands of events).
 */
export function eventOrder(evP: number[], evT: number[]): ArrayLike<number> | undefined {
  const n = evP.length;
  const rank = (k: number): number => (evT[k] === EV_NODE ? EV_POINT : evT[k]);
  let i = 1;
  while (i < n && (evP[i - 1] < evP[i] || (evP[i - 1] === evP[i] && rank(i - 1) <= rank(i)))) i++;
  if (i >= n) return undefined;
  // (p * 8 + type) * 2^21 + index stays below 2^53 while p < 2^28 and n <= 2^21; past that, a comparator
  let fits = n <= 0x200000;
  for (let k = 0; fits && k < n; k++) if (evP[k] >= 0x10000000) fits = false;
  if (!fits) {
    const order = Array.from({ length: n }, (_, k) => k);
    return order.sort((a, b) => evP[a] - evP[b] || rank(a) - rank(b) || a - b);
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (evP[k] * 8 + rank(k)) * 0x200000 + k;
  keys.sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = keys[k] % 0x200000;
  return order;
}

/**
 * The captures of the match being filed, read in place from its match buffer (see MatchSource): one object per
 * file, moved from match to match, where each match had a captures array and a Capture object per capture.
 */
export interface Caps { buf: Int32Array; at: number; n: number; names: readonly string[]; refs: MatchSource['refs'] }

/** The node of the capture named `name` (the first such), if the match has one. */
export function get(c: Caps, name: string): Node | undefined {
  for (let k = 0, p = c.at + 2; k < c.n; k++, p += 2) if (c.names[c.buf[p]] === name) return c.refs[c.buf[p + 1]];
  return undefined;
}

/** The flags of a NodeFlags before its first `add` (length 0: never written). */
export const NO_FLAGS = new Uint16Array(0);

/** The empty Map behind every LazyMap not written yet (never written itself). */
export const NO_MAP: ReadonlyMap<unknown, unknown> = new Map();

/**
 * A Map made on its first `set`: most of the collector's ~60 per-file maps stay empty in most files (a Map is
 * allocated with its table, ~200 bytes, where this is one small object), and a read of an unset one hashes nothing.
 */
/** The JSDoc template names in force: a class's (`cls`), with a member's own (`own`) over them. */
export function inForce(cls: Map<string, Expr> | undefined, own: Map<string, Expr> | undefined): Map<string, Expr> | undefined {
  return cls ? new Map([...cls, ...(own ?? [])]) : own;
}

export class LazyMap<K, V> {
  private m: Map<K, V> | undefined = undefined;

  get size(): number { return this.m === undefined ? 0 : this.m.size; }
  get(k: K): V | undefined { return this.m === undefined ? undefined : this.m.get(k); }
  has(k: K): boolean { return this.m !== undefined && this.m.has(k); }
  set(k: K, v: V): this { (this.m ??= new Map()).set(k, v); return this; }
  delete(k: K): boolean { return this.m !== undefined && this.m.delete(k); }
  forEach(f: (v: V, k: K) => void): void { if (this.m !== undefined) this.m.forEach((v, k) => f(v, k)); }
  keys(): IterableIterator<K> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).keys(); }
  values(): IterableIterator<V> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).values(); }
  entries(): IterableIterator<[K, V]> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).entries(); }
  [Symbol.iterator](): IterableIterator<[K, V]> { return this.entries(); }
}

/**
 * A flag word per node of one file, by node index, shared by a collector's NodeSets (one bit each): one array
 * per file, made at the tree's size, where each set grew a byte array of its own by doubling.
 */
export class NodeFlags {
  bits = NO_FLAGS;
  /** The file's node count, if known (the first write makes the array that long). */
  hint = 0;

  /** The flag words, long enough to hold node key `k`. */
  reach(k: number): Uint16Array {
    if (k < this.bits.length) return this.bits;
    const bits = new Uint16Array(Math.max(k + 1, this.hint, 256, 2 * this.bits.length));
    bits.set(this.bits);
    return (this.bits = bits);
  }
}

/**
 * A set of one file's nodes (one bit of the collector's NodeFlags), for the collector's many membership tests;
 * nodes made by the collector (key -1) go to a Set.
 */
export class NodeSet {
  private made: Set<Node> | undefined = undefined;

  constructor(private readonly flags: NodeFlags, private readonly bit: number) {}

  add(n: Node): void {
    const k = n.key;
    if (k < 0) { (this.made ??= new Set()).add(n); return; }
    this.flags.reach(k)[k] |= this.bit;
  }

  /** Takes `n` out of the set. */
  delete(n: Node): void {
    const k = n.key;
    if (k < 0) { this.made?.delete(n); return; }
    const bits = this.flags.bits;
    if (k < bits.length) bits[k] &= ~this.bit;
  }

  has(n: Node): boolean {
    const k = n.key;
    if (k < 0) return this.made !== undefined && this.made.has(n);
    const bits = this.flags.bits;
    return k < bits.length && (bits[k] & this.bit) !== 0;
  }
}

/** The node of the match's first capture. */
export function first(c: Caps): Node {
  return c.refs[c.buf[c.at + 3]]!;
}

/** A list of matches (the JavaScript matcher's) as a match buffer of its own. */
export function matchSourceOf(matches: Match[]): MatchSource {
  let size = 0;
  for (const m of matches) size += 2 + 2 * m.captures.length;
  const buffer = new Int32Array(size), names: string[] = [], ids = new Map<string, number>(), nodes: Node[] = [];
  let p = 0;
  for (const m of matches) {
    buffer[p++] = m.pattern;
    buffer[p++] = m.captures.length;
    for (const x of m.captures) {
      let id = ids.get(x.name);
      if (id === undefined) { id = names.length; names.push(x.name); ids.set(x.name, id); }
      buffer[p++] = id;
      buffer[p++] = nodes.length;
      nodes.push(x.node);
    }
  }
  return { buffer, names, refs: nodes };
}

/** A character that starts a name (and continues one): ASCII letters, `$`, `_`, and `\` of a Unicode escape. */
export function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 36 || c === 95 || c === 92;
}

/** The memo of an expression being computed (see `Collector.expr`). */
export const CYCLE = Symbol('cycle');

/** What an expression that reaches itself is worth: nothing known, and no guess by name on it. */
export const CYCLE_VALUE: Expr = { k: 'any' };

export function isSpace(c: number): boolean { return c === 32 || c === 9 || c === 10 || c === 13; }

export function isWordChar(c: number): boolean { return (c >= 97 && c <= 122) || (c >= 65 && c <= 90); }

export function skipSpaces(t: string, i: number): number { while (i < t.length && (t.charCodeAt(i) === 32 || t.charCodeAt(i) === 9)) i++; return i; }

/** What starts a line of a block comment (` * `) and of a line comment (`// `), removed before reading it. */
export const BLOCK_LINE_LEAD = /^\s*\*+/;

export const LINE_COMMENT_LEAD = /^\s*\/\/+/;

/**
 * The first line of `t[from, to)` that, without its `lead`, is neither blank nor a tag (`@param …`), trimmed and
 * cut at 200 characters. Lines are read one at a time up to that one: doc comments run to dozens of lines of
 * examples, and only their first line of prose is wanted.
 */
export function firstDocLine(t: string, from: number, to: number, lead: RegExp): string | undefined {
  for (let at = from; at <= to;) {
    let nl = t.indexOf('\n', at);
    if (nl < 0 || nl > to) nl = to;
    const s = t.slice(at, nl).replace(lead, '').trim();
    if (s && !s.startsWith('@')) return s.length > 200 ? `${s.slice(0, 197)}...` : s;
    at = nl + 1;
  }
  return undefined;
}
