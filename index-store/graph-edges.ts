/**
 * graph.json's edges, column-wise (snapshot format 2; docs/storage.md "Edges"). Edges were the larger half of
 * graph.json as objects — every edge repeats its keys, its type and reason, and the two end uids in full — and
 * the slower half to serialise and parse: on openai's SDK 41.7k edges were 8.4 of 15 MB, stringified in 25–29 ms
 * and parsed in 31–40 ms, against 2 and 5–6 ms as rows of numbers.
 *
 * Layout: every edge has a shape — its property names in order (edges are made as `{source, target, type,
 * confidence, reason}` with the optional properties added after, so a handful of shapes covers a graph) — and
 * each property name has one column: the values of the edges that have it, in edge order. A column is stored by
 * what it holds: node positions (source and target: every value a uid of a node), string ids into the string
 * table, plain numbers, or, for anything else (mixed kinds, booleans, objects), the JSON values themselves. So
 * every property of every edge survives, in its order, whatever its name or value; a property whose value
 * JSON.stringify leaves out (undefined, a function) is left out here too, so the load equals the old format's.
 */
import type { GraphEdge, GraphNode } from '../lib/graph/schema.ts';

/** How a column's values are stored: positions in `nodes` (a uid each), ids into `strings`, numbers as they are,
 * or JSON values as they are (anything the other kinds do not cover). */
export const COLUMN_NODE = 0, COLUMN_STRING = 1, COLUMN_NUMBER = 2, COLUMN_JSON = 3;
export type ColumnKind = typeof COLUMN_NODE | typeof COLUMN_STRING | typeof COLUMN_NUMBER | typeof COLUMN_JSON;

/** graph.json's `edges` in format 2. */
export interface EncodedEdges {
  count: number;
  /** Property names; a shape and a column refer to one by its position. */
  keys: string[];
  /** Each shape's property names (key ids) in property order. */
  shapes: number[][];
  /** Shape id of each edge. */
  shape: number[];
  strings: string[];
  /** By key id: [kind, values of the edges having that property, in edge order]. */
  columns: [ColumnKind, unknown[]][];
}

/** Edge end positions the caller already knows (denseGraph's): saves a uid lookup per end. */
export interface EdgeEnds {
  src: ArrayLike<number>;
  dst: ArrayLike<number>;
}

/**
 * Edges in the column layout. `ends`, when given, must be the positions in `nodes` of each edge's source and target
 * (denseGraph's src and dst for its nodes and edges); otherwise the uids are looked up.
 */
export function encodeEdges(edges: readonly GraphEdge[], nodes: readonly GraphNode[], ends?: EdgeEnds): EncodedEdges {
  return encodeCommon(edges, nodes, ends) ?? encodeAny(edges, nodes);
}

/**
 * Property names, shapes and strings as an encoding finds them. Each key id has a column of raw values, except
 * where the fast path fills the columns itself.
 */
class Tables {
  readonly keys: string[] = [];
  private readonly keyIds = new Map<string, number>();
  readonly raw: unknown[][] = [];
  readonly shapes: number[][] = [];
  /** Each shape's names, to compare with an edge's. */
  readonly shapeNames: string[][] = [];
  readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();

  keyId(k: string): number {
    let id = this.keyIds.get(k);
    if (id === undefined) { id = this.keys.length; this.keys.push(k); this.keyIds.set(k, id); this.raw.push([]); }
    return id;
  }

  shapeOf(names: readonly string[]): number {
    let s = this.shapeNames.findIndex((k) => sameNames(names, k));
    if (s < 0) {
      s = this.shapes.length;
      this.shapeNames.push([...names]);
      this.shapes.push(names.map((k) => this.keyId(k)));
    }
    return s;
  }

  stringId(s: string): number {
    let id = this.stringIds.get(s);
    if (id === undefined) { id = this.strings.length; this.strings.push(s); this.stringIds.set(s, id); }
    return id;
  }

  /** A column of raw values as stored: numbers as they are, strings as ids, anything else as JSON values. */
  column(values: unknown[]): [ColumnKind, unknown[]] {
    const kind = kindOf(values);
    if (kind !== COLUMN_STRING) return [kind, values];
    const ids: number[] = new Array(values.length);
    let last: unknown, lastId = -1;
    for (let i = 0; i < values.length; i++) {
      const s = values[i];
      // Runs of one value are common: the previous id saves the lookup.
      if (s !== last) { lastId = this.stringId(s as string); last = s; }
      ids[i] = lastId;
    }
    return [COLUMN_STRING, ids];
  }

  encoded(count: number, shape: number[], columns: [ColumnKind, unknown[]][]): EncodedEdges {
    return { count, keys: this.keys, shapes: this.shapes, shape, strings: this.strings, columns };
  }
}

/**
 * The common case, in one pass with as little work per edge as possible (the write runs without TurboFan:
 * every operation per edge counts): every edge starts with BASE_KEYS, its source and target are node uids, type
 * and reason strings, confidence a number, and every other property is written by JSON.stringify. Undefined (the
 * caller encodes with encodeAny) when an edge is not like that.
 */
function encodeCommon(edges: readonly GraphEdge[], nodes: readonly GraphNode[], ends?: EdgeEnds): EncodedEdges | undefined {
  const n = edges.length;
  const t = new Tables();
  for (const k of BASE_KEYS) t.keyId(k); // ids 0-4: their columns are made here
  const { raw, shapes, shapeNames } = t;
  const shape: number[] = new Array(n);
  const types: number[] = new Array(n), reasons: number[] = new Array(n), confidences: number[] = new Array(n);
  let src = ends?.src, dst = ends?.dst;
  const lookup = !src || !dst || src.length !== n || dst.length !== n ? positionsOf(nodes) : undefined;
  const srcOut: number[] = lookup ? new Array(n) : [], dstOut: number[] = lookup ? new Array(n) : [];
  // Per extra column: whether all values so far are numbers / strings.
  const numeric: boolean[] = [], textual: boolean[] = [];
  let lastNames: readonly string[] = [], lastIds: readonly number[] = [], lastShape = -1;
  let lastType: string | undefined, lastTypeId = -1, lastReason: string | undefined, lastReasonId = -1;
  for (let i = 0; i < n; i++) {
    const e = edges[i];
    const names = Object.keys(e);
    const len = names.length;
    let same = len === lastNames.length;
    for (let j = 0; same && j < len; j++) same = names[j] === lastNames[j];
    if (!same) {
      // Most edges have the shape of the one before: the shape list is searched only when it changes.
      if (len < BASE_KEYS.length || names[0] !== 'source' || names[1] !== 'target' || names[2] !== 'type' || names[3] !== 'confidence' || names[4] !== 'reason') return undefined;
      lastShape = t.shapeOf(names);
      lastNames = shapeNames[lastShape];
      lastIds = shapes[lastShape];
    }
    const type = e.type, reason = e.reason, confidence = e.confidence;
    if (typeof type !== 'string' || typeof reason !== 'string' || typeof confidence !== 'number') return undefined;
    if (lookup) {
      const s = lookup.get(e.source), d = lookup.get(e.target);
      if (s === undefined || d === undefined) return undefined;
      srcOut[i] = s;
      dstOut[i] = d;
    }
    if (type !== lastType) { lastTypeId = t.stringId(type); lastType = type; }
    types[i] = lastTypeId;
    if (reason !== lastReason) { lastReasonId = t.stringId(reason); lastReason = reason; }
    reasons[i] = lastReasonId;
    confidences[i] = confidence;
    for (let j = BASE_KEYS.length; j < len; j++) {
      const v = e[names[j]];
      const k = lastIds[j];
      const kind = typeof v;
      if (kind === 'number') textual[k] = false;
      else if (kind === 'string') numeric[k] = false;
      else if (v === undefined || kind === 'function' || kind === 'symbol') return undefined;
      else numeric[k] = textual[k] = false;
      raw[k].push(v);
    }
    shape[i] = lastShape;
  }
  if (lookup) { src = srcOut; dst = dstOut; }
  // Written with JSON.stringify: typed arrays (denseGraph's) become plain arrays first.
  if (!Array.isArray(src)) src = Array.from(src!);
  if (!Array.isArray(dst)) dst = Array.from(dst!);
  const columns = raw.map((values, k): [ColumnKind, unknown[]] => {
    if (k < BASE_KEYS.length) return [k === 3 ? COLUMN_NUMBER : k < 2 ? COLUMN_NODE : COLUMN_STRING, [src, dst, types, confidences, reasons][k] as unknown[]];
    if (numeric[k] !== false) return [COLUMN_NUMBER, values];
    return textual[k] !== false ? t.column(values) : [COLUMN_JSON, values];
  });
  return t.encoded(n, shape, columns);
}

/** Any edges: each property by name, without those JSON.stringify leaves out; uids not of a node stay strings. */
function encodeAny(edges: readonly GraphEdge[], nodes: readonly GraphNode[]): EncodedEdges {
  const t = new Tables();
  const shape: number[] = new Array(edges.length);
  edges.forEach((e, i) => {
    const names = Object.keys(e).filter((k) => written(e[k]));
    const s = t.shapeOf(names);
    names.forEach((k, j) => t.raw[t.shapes[s][j]].push(e[k]));
    shape[i] = s;
  });
  let lookup: Map<string, number> | undefined;
  const columns = t.raw.map((values, k): [ColumnKind, unknown[]] => {
    const name = t.keys[k];
    if ((name === 'source' || name === 'target') && kindOf(values) === COLUMN_STRING) {
      lookup ??= positionsOf(nodes);
      const positions = values.map((uid) => lookup!.get(uid as string) ?? -1);
      if (!positions.includes(-1)) return [COLUMN_NODE, positions];
    }
    return t.column(values);
  });
  return t.encoded(edges.length, shape, columns);
}

/** The edges of an EncodedEdges, each with its properties in their order; `nodes` are the graph's nodes. */
export function decodeEdges(enc: EncodedEdges, nodes: readonly GraphNode[]): GraphEdge[] {
  const { count, keys, shapes, shape, strings, columns } = enc;
  const values: unknown[][] = columns.map(([kind, col]) => {
    if (kind === COLUMN_NODE) return (col as number[]).map((p) => nodes[p].uid);
    if (kind === COLUMN_STRING) return (col as number[]).map((id) => strings[id]);
    return col;
  });
  const next = new Array<number>(keys.length).fill(0); // read position in each column
  // Shapes starting with the five properties every edge is made with take the literal below, so their edges
  // share the hidden classes the indexer's own edges have.
  const base = shapes.map((ids) => ids.length >= 5 && BASE_KEYS.every((k, j) => keys[ids[j]] === k));
  const [cs, ct, cy, cc, cr] = BASE_KEYS.map((k) => keys.indexOf(k));
  const out: GraphEdge[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const ids = shapes[shape[i]];
    let e: Record<string, unknown>;
    let j = 0;
    if (base[shape[i]]) {
      e = {
        source: values[cs][next[cs]++], target: values[ct][next[ct]++], type: values[cy][next[cy]++],
        confidence: values[cc][next[cc]++], reason: values[cr][next[cr]++],
      };
      j = 5;
    } else {
      e = {};
    }
    for (; j < ids.length; j++) {
      const k = ids[j];
      const name = keys[k];
      // An own `__proto__` (JSON.parse makes one) cannot be made by assignment, which sets the prototype.
      if (name === '__proto__') Object.defineProperty(e, name, { value: values[k][next[k]++], writable: true, enumerable: true, configurable: true });
      else e[name] = values[k][next[k]++];
    }
    out[i] = e as GraphEdge;
  }
  return out;
}

/** Each edge's source and target as node positions, when the file stores them so for every edge (what CodeGraph.fromJSON can take). */
export function storedEnds(enc: EncodedEdges): EdgeEnds | undefined {
  const column = (name: string): number[] | undefined => {
    const c = enc.columns[enc.keys.indexOf(name)];
    return c && c[0] === COLUMN_NODE && c[1].length === enc.count ? c[1] as number[] : undefined;
  };
  const src = column('source'), dst = column('target');
  return src && dst ? { src, dst } : undefined;
}

const BASE_KEYS = ['source', 'target', 'type', 'confidence', 'reason'] as const;

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return false;
  return true;
}

/** Whether JSON.stringify writes a property with this value (it leaves out undefined, functions and symbols). */
function written(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

/** The kind of column `values` fit (an empty column counts as numbers). */
function kindOf(values: readonly unknown[]): ColumnKind {
  const first = typeof values[0];
  if (first !== 'string' && first !== 'number') return values.length ? COLUMN_JSON : COLUMN_NUMBER;
  for (let i = 1; i < values.length; i++) if (typeof values[i] !== first) return COLUMN_JSON;
  return first === 'string' ? COLUMN_STRING : COLUMN_NUMBER;
}

function positionsOf(nodes: readonly GraphNode[]): Map<string, number> {
  const m = new Map<string, number>();
  // The first node of a uid, as CodeGraph keeps it (a uid is never repeated there).
  for (let i = nodes.length - 1; i >= 0; i--) m.set(nodes[i].uid, i);
  return m;
}
