/**
 * Query matches as light node records. node-tree-sitter's public `matches()` wraps every captured node in a
 * SyntaxNode object (a property definition, a BigInt id and a cache entry each), which costs more than the
 * query itself. Here the native matcher's output is decoded directly: a node is its id, type id and start
 * position, read from the binding's transfer buffer. The decoding is checked once against the public API on a
 * probe file; if a binding version disagrees, the public API is used instead (same records, slower).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type Parser from 'tree-sitter';

const require = createRequire(import.meta.url);

/** A captured syntax node: identity, type and start; the end is read on demand (`endOf`). */
export interface NodeRef {
  /** Unique within one tree (the native node id). */
  key: number;
  typeId: number;
  /** Start offset in UTF-16 code units. */
  start: number;
  /** 0-based row and UTF-16 column of the start. */
  row: number;
  col: number;
  /** The six marshalled words node-tree-sitter uses to find the node again. */
  w0: number; w1: number; w2: number; w3: number; w4: number; w5: number;
  /** The public node, when the public API produced this record. */
  node?: Parser.SyntaxNode;
}

export interface Capture { name: string; node: NodeRef }
export interface Match { pattern: number; captures: Capture[] }

interface Binding {
  nodeTransferArray: Uint32Array;
  pointTransferArray: Uint32Array;
  NodeMethods: { endIndex(tree: unknown): number; endPosition(tree: unknown): void };
}

let binding: Binding | undefined;
let rawWorks: boolean | undefined;

function nativeBinding(): Binding {
  binding ??= require('node-gyp-build')(path.dirname(require.resolve('tree-sitter'))) as Binding;
  return binding;
}

/** A snippet touching most of the queries' patterns, used to check the native decoding once. */
const PROBE = `import a, { b as c } from './m';
export class K<T> extends a.B implements c { #p = 1; static s(x: T): K<T> { return new K(); } get g() { return this.#p; } }
export const f = async (y = [1, 'é😀']) => { const { z } = require('z'); for (const q of y) c(q, f); return (await z)!.w?.(); };
module.exports = { f }; exports.h = function () {};
`;

/**
 * Runs a query over a tree and returns its matches as NodeRef records. `probeTree` parses the probe snippet
 * with the same language: the first call checks the native decoding on it.
 */
export function queryMatches(query: Parser.Query, tree: Parser.Tree, probeTree: (text: string) => Parser.Tree): Match[] {
  if (rawWorks === undefined) rawWorks = probe(query, probeTree(PROBE));
  return rawWorks ? rawMatches(query, tree) : publicMatches(query, tree);
}

/** Whether the fast native decoding is in use (false: the public API). */
export function usingNativeDecoding(): boolean | undefined { return rawWorks; }

/** Forces the public-API path (true) or re-enables probing (false): for tests of the fallback. */
export function forcePublicMatches(force: boolean): void { rawWorks = force ? false : undefined; }

/** End offset (UTF-16 units) of a node. */
export function endOf(tree: Parser.Tree, n: NodeRef): number {
  if (n.node) return n.node.endIndex;
  const b = nativeBinding();
  marshal(b, n);
  return b.NodeMethods.endIndex(tree);
}

/** 0-based end row of a node. */
export function endRowOf(tree: Parser.Tree, n: NodeRef): number {
  if (n.node) return n.node.endPosition.row;
  const b = nativeBinding();
  marshal(b, n);
  b.NodeMethods.endPosition(tree);
  return b.pointTransferArray[0];
}

function marshal(b: Binding, n: NodeRef): void {
  const t = b.nodeTransferArray;
  t[0] = n.w0; t[1] = n.w1; t[2] = n.w2; t[3] = n.w3; t[4] = n.w4; t[5] = n.w5;
}

function rawMatches(query: Parser.Query, tree: Parser.Tree): Match[] {
  const b = nativeBinding();
  const root = tree.rootNode as unknown as ArrayLike<number>;
  const t0 = b.nodeTransferArray;
  for (let i = 0; i < 6; i++) t0[i] = root[i];
  const [flat, nodes] = (query as unknown as { _matches: (...a: unknown[]) => [Array<number | string>, Array<number | ArrayLike<number> | null>] })
    ._matches(tree, 0, 0, 0, 0, 0, 0, 0xffffffff, 0xffffffff, 0);
  const buf = b.nodeTransferArray;
  const byKey = new Map<number, NodeRef>();
  const refs: NodeRef[] = new Array(nodes.length);
  let off = 0;
  for (let i = 0; i < nodes.length; i++) {
    const v = nodes[i];
    let w0, w1, w2, w3, w4, w5, typeId;
    if (typeof v === 'number') {
      w0 = buf[off]; w1 = buf[off + 1]; w2 = buf[off + 2]; w3 = buf[off + 3]; w4 = buf[off + 4]; w5 = buf[off + 5];
      off += 6;
      typeId = v;
    } else if (v) {
      w0 = v[0]; w1 = v[1]; w2 = v[2]; w3 = v[3]; w4 = v[4]; w5 = v[5];
      typeId = -1;
    } else continue;
    const key = w0 + w1 * 4294967296;
    let ref = byKey.get(key);
    if (!ref) {
      ref = { key, typeId, start: w2 >>> 1, row: w3, col: w4 >>> 1, w0, w1, w2, w3, w4, w5 };
      byKey.set(key, ref);
    }
    refs[i] = ref;
  }
  const out: Match[] = [];
  let ni = 0;
  for (let i = 0; i < flat.length;) {
    const pattern = flat[i++] as number;
    const captures: Capture[] = [];
    while (i < flat.length && typeof flat[i] === 'string') captures.push({ name: flat[i++] as string, node: refs[ni++] });
    out.push({ pattern, captures });
  }
  return out;
}

function publicMatches(query: Parser.Query, tree: Parser.Tree): Match[] {
  const byNode = new Map<Parser.SyntaxNode, NodeRef>();
  let key = 0;
  const ref = (n: Parser.SyntaxNode): NodeRef => {
    let r = byNode.get(n);
    if (!r) {
      r = { key: ++key, typeId: n.typeId, start: n.startIndex, row: n.startPosition.row, col: n.startPosition.column, w0: 0, w1: 0, w2: 0, w3: 0, w4: 0, w5: 0, node: n };
      byNode.set(n, r);
    }
    return r;
  };
  return query.matches(tree.rootNode).map((m) => ({ pattern: m.pattern, captures: m.captures.map((c) => ({ name: c.name, node: ref(c.node) })) }));
}

/** True when decoding the native output gives exactly what the public API gives, on this tree. */
function probe(query: Parser.Query, tree: Parser.Tree): boolean {
  try {
    const a = rawMatches(query, tree);
    const b = publicMatches(query, tree);
    if (a.length !== b.length || a.length < 20) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i], y = b[i];
      if (x.pattern !== y.pattern || x.captures.length !== y.captures.length) return false;
      for (let j = 0; j < x.captures.length; j++) {
        const p = x.captures[j], q = y.captures[j];
        if (p.name !== q.name || p.node.start !== q.node.start || p.node.row !== q.node.row || p.node.col !== q.node.col) return false;
        if (endOf(tree, p.node) !== q.node.node!.endIndex) return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}
