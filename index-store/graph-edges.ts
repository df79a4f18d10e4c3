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

/** Edge end positions the caller already knows (CodeGraph.edgeEndPositions): saves a uid lookup per end. */
export interface EdgeEnds {
  src: readonly number[];
  dst: readonly number[];
}

/**
 * Edges in the column layout. `ends`, when given, are the positions in `nodes` of each edge's source and target;
 * they are checked against the uids, and the uids looked up where they do not match.
 */
export function encodeEdges(edges: readonly GraphEdge[], nodes: readonly GraphNode[], ends?: EdgeEnds): EncodedEdges {
  const n = edges.length;
  const keys: string[] = [];
  const keyIds = new Map<string, number>();
  const raw: unknown[][] = []; // values by key id, as found
  const shapes: number[][] = [];
  const shapeNames: string[][] = []; // each shape's names, to compare with an edge's
  const based: boolean[] = []; // whether a shape starts with BASE_KEYS
  const shape: number[] = new Array(n);
  const keyId = (k: string): number => {
    let id = keyIds.get(k);
    if (id === undefined) { id = keys.length; keys.push(k); keyIds.set(k, id); raw.push([]); }
    return id;
  };
  const shapeOf = (names: readonly string[]): number => {
    let s = shapeNames.findIndex((k) => sameNames(names, k));
    if (s < 0) {
      s = shapes.length;
      shapeNames.push([...names]);
      shapes.push(names.map(keyId));
      based.push(names.length >= BASE_KEYS.length && BASE_KEYS.every((k, j) => names[j] === k));
    }
    return s;
  };
  // The five properties every edge is made with get ids 0-4, so their columns are known below.
  const [cSource, cTarget, cType, cConfidence, cReason] = BASE_KEYS.map(keyId).map((k) => raw[k]);
  let lastNames: string[] = [], lastShape = -1;
  for (let i = 0; i < n; i++) {
    const e = edges[i];
    const names = Object.keys(e);
    if (!sameNames(names, lastNames)) {
      // Most edges have the shape of the one before: the shape list is searched only when it changes.
      lastShape = shapeOf(names);
      lastNames = shapeNames[lastShape];
    }
    // The common case: the five properties first, of their usual kinds, read by name.
    if (based[lastShape]) {
      const { source, target, type, confidence, reason } = e;
      if (typeof source === 'string' && typeof target === 'string' && typeof type === 'string' && typeof confidence === 'number'
        && typeof reason === 'string' && extrasWritten(e, names)) {
        cSource.push(source); cTarget.push(target); cType.push(type); cConfidence.push(confidence); cReason.push(reason);
        const ids = shapes[lastShape];
        for (let j = BASE_KEYS.length; j < names.length; j++) raw[ids[j]].push(e[names[j]]);
        shape[i] = lastShape;
        continue;
      }
    }
    // Any other edge: by name, without the properties JSON.stringify leaves out.
    const kept = names.filter((k) => written(e[k]));
    const s = shapeOf(kept);
    for (let j = 0; j < kept.length; j++) raw[shapes[s][j]].push(e[kept[j]]);
    shape[i] = s;
    lastNames = []; // the next edge looks its shape up again
  }

  const strings: string[] = [];
  const stringIds = new Map<string, number>();
  let uidPositions: Map<string, number> | undefined;
  const columns = raw.map((values, k): [ColumnKind, unknown[]] => {
    const kind = kindOf(values);
    if (kind !== COLUMN_STRING) return [kind, values];
    const strs = values as string[];
    const name = keys[k];
    if (name === 'source' || name === 'target') {
      const known = ends && strs.length === n ? (name === 'source' ? ends.src : ends.dst) : undefined;
      const positions = nodePositions(strs, nodes, known, () => (uidPositions ??= positionsOf(nodes)));
      if (positions) return [COLUMN_NODE, positions];
    }
    const ids: number[] = new Array(strs.length);
    let last: string | undefined, lastId = -1;
    for (let i = 0; i < strs.length; i++) {
      const s = strs[i];
      if (s !== last) {
        // Runs of one value are common (types, reasons): the previous id saves the lookup.
        let id = stringIds.get(s);
        if (id === undefined) { id = strings.length; strings.push(s); stringIds.set(s, id); }
        last = s;
        lastId = id;
      }
      ids[i] = lastId;
    }
    return [COLUMN_STRING, ids];
  });
  // Keys no edge kept (all its values left out) stay listed, with an empty column.
  return { count: n, keys, shapes, shape, strings, columns };
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

/** Whether every property of `e` after the first five is written (see written). */
function extrasWritten(e: GraphEdge, names: readonly string[]): boolean {
  for (let j = BASE_KEYS.length; j < names.length; j++) if (!written(e[names[j]])) return false;
  return true;
}

/** The kind of column `values` fit (an empty column counts as numbers). */
function kindOf(values: readonly unknown[]): ColumnKind {
  const first = typeof values[0];
  if (first !== 'string' && first !== 'number') return values.length ? COLUMN_JSON : COLUMN_NUMBER;
  for (let i = 1; i < values.length; i++) if (typeof values[i] !== first) return COLUMN_JSON;
  return first === 'string' ? COLUMN_STRING : COLUMN_NUMBER;
}

/**
 * Node positions of `uids`, or undefined when one is not a node's uid. `known` are positions to check first
 * (the caller's); `lookup` gives the uid → position map, built only when a check fails.
 */
function nodePositions(
  uids: readonly string[], nodes: readonly GraphNode[], known: readonly number[] | undefined, lookup: () => Map<string, number>,
): number[] | undefined {
  const out: number[] = new Array(uids.length);
  for (let i = 0; i < uids.length; i++) {
    const k = known?.[i];
    if (k !== undefined && nodes[k]?.uid === uids[i]) { out[i] = k; continue; }
    const p = lookup().get(uids[i]);
    if (p === undefined) return undefined;
    out[i] = p;
  }
  return out;
}

function positionsOf(nodes: readonly GraphNode[]): Map<string, number> {
  const m = new Map<string, number>();
  // The first node of a uid, as CodeGraph keeps it (a uid is never repeated there).
  for (let i = nodes.length - 1; i >= 0; i--) m.set(nodes[i].uid, i);
  return m;
}
