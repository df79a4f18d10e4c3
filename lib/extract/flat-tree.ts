/**
 * A syntax tree copied once into typed arrays, so matching and fact collection read plain memory instead of
 * calling into the native binding per question. One TreeCursor pass visits the visible nodes in preorder (the
 * same nodes, in the same order, as tree-sitter's own query cursor) and records each node's type id, field
 * id, parent and next sibling, and the start and end offsets (UTF-16 units, as node-tree-sitter reports them)
 * of the nodes a pattern can capture.
 * Rows and columns come from a line-start table of the text, not from native calls.
 */
import type Parser from 'tree-sitter';
import type { LanguageNames } from './language.ts';

/** Type id tree-sitter gives ERROR nodes. */
export const ERROR_TYPE = 65535;
/** End offset of a node whose end was not read (no pattern can capture it). */
const NO_END = 0xffffffff;

/** Which native reads the walk needs (built by the query engine from its patterns). */
export interface WalkPlan {
  /** By parent type id: 1 when some pattern tests the fields of its children. */
  fieldParents: Uint8Array;
  /** Read every end offset (a pattern captures a root wildcard). */
  allEnds: boolean;
  /** By type id: 2 when some pattern can capture such a node, 1 when none can, 0 not known yet. */
  endById: Uint8Array;
  /** Fills endById for a type id and returns it. */
  learnEnd(typeId: number): number;
  /** By parent type id: 1 when a `(_)` capture can take its named children, 2 when `_` can take any. */
  wildCaptureParents: Uint8Array;
}

/** A plan that reads everything. */
export const FULL_WALK: WalkPlan = {
  fieldParents: new Uint8Array(65536).fill(1), allEnds: true, endById: new Uint8Array(65536).fill(2),
  learnEnd: () => 2, wildCaptureParents: new Uint8Array(65536),
};

const allFields = (fieldParents: Uint8Array, t: number): boolean => fieldParents[t] === 1;

/** A FlatTree's arrays, all views of `buffer` (see FlatTree.parts / FlatTree.of). */
export interface FlatParts {
  count: number;
  buffer: ArrayBuffer;
  type: Uint16Array;
  field: Uint16Array;
  start: Uint32Array;
  end: Uint32Array;
  parent: Int32Array;
  next: Int32Array;
}

/** Views of a transferred `parts` buffer holding `count` nodes (the layout `parts` writes). */
export function partsOf(buffer: ArrayBuffer, count: number): FlatParts {
  const n = count;
  return {
    count: n, buffer,
    start: new Uint32Array(buffer, 0, n), end: new Uint32Array(buffer, n * 4, n),
    parent: new Int32Array(buffer, n * 8, n), next: new Int32Array(buffer, n * 12, n),
    type: new Uint16Array(buffer, n * 16, n), field: new Uint16Array(buffer, n * 18, n),
  };
}

/** A captured syntax node: identity (one object per node and file), type and extent. */
export interface NodeRef {
  /** Index of the node in its FlatTree (preorder position). */
  key: number;
  typeId: number;
  /** Start and end offsets in UTF-16 code units. */
  start: number;
  end: number;
  /** 0-based row and UTF-16 column of the start; 0-based row of the end. */
  row: number;
  col: number;
  endRow: number;
  /**
   * Working slots of the one Collector (lib/extract/collect.ts) that last wrote them (`owner`): per node data it
   * would otherwise keep in Maps keyed by node (the node's expression, its identifier record). Undefined until then;
   * every NodeRef made here or by the collector has all three from the start (one hidden class).
   */
  owner?: object;
  memo?: unknown;
  id?: unknown;
}

let cap = 0;
let typeBuf = new Uint16Array(0);
let fieldBuf = new Uint16Array(0);
let startBuf = new Uint32Array(0);
let endBuf = new Uint32Array(0);
let parentBuf = new Int32Array(0);
let nextBuf = new Int32Array(0);
/** Scratch for withinDepth: each node's depth. */
let depthBuf = new Int32Array(0);

function grow(min: number): void {
  let c = Math.max(1024, cap);
  while (c < min) c *= 2;
  const t = new Uint16Array(c); t.set(typeBuf); typeBuf = t;
  const f = new Uint16Array(c); f.set(fieldBuf); fieldBuf = f;
  const s = new Uint32Array(c); s.set(startBuf); startBuf = s;
  const e = new Uint32Array(c); e.set(endBuf); endBuf = e;
  const p = new Int32Array(c); p.set(parentBuf); parentBuf = p;
  const n = new Int32Array(c); n.set(nextBuf); nextBuf = n;
  cap = c;
}

/**
 * The flat copy of one parsed file. Its arrays are views of buffers reused by the next `FlatTree.from`
 * (extraction handles one file at a time per thread), so a FlatTree is valid until the next one is built.
 */
export class FlatTree {
  /** Line start offsets (UTF-16), for rows and columns. */
  private lineStarts: Uint32Array | undefined;
  private readonly refs: Array<NodeRef | undefined>;

  private constructor(
    readonly count: number,
    readonly type: Uint16Array,
    readonly field: Uint16Array,
    /** Start and end offsets; only of nodes a pattern can capture (others: end = NO_END). */
    readonly start: Uint32Array,
    readonly end: Uint32Array,
    /** Parent index, -1 for the root. */
    readonly parent: Int32Array,
    /** Next sibling index, -1 for the last child. */
    readonly next: Int32Array,
    /** Named-ness by type id (1 = named). */
    readonly namedById: Uint8Array,
    /** The parsed text. */
    readonly text: string,
  ) {
    this.refs = new Array(count);
  }

  /**
   * Copies `tree` (parsed from `text`) in one cursor pass. `plan` says which native reads can be skipped:
   * field ids under parents no pattern asks fields of and end offsets of nodes no pattern captures, each a native
   * call saved per node.
   */
  static from(tree: Parser.Tree, text: string, names: LanguageNames, plan: WalkPlan = FULL_WALK): FlatTree {
    const c = tree.walk();
    const anon = names.anonymous;
    const named = names.namedById;
    const fieldParents = plan.fieldParents;
    const allEnds = plan.allEnds;
    const endById = plan.endById;
    const wildParents = plan.wildCaptureParents;
    let n = 0;
    const lastAt: number[] = [-1];
    const stack: number[] = [-1];
    let depth = 0;
    let parentType = -1;
    let fields = true;
    for (;;) {
      if (n === cap) grow(n + 1);
      const i = n++;
      const t = c.nodeTypeId;
      typeBuf[i] = t;
      const isNamed = named[t] === 1;
      // anonymous tokens are matched by text: learn each token id's text once per process
      if (!isNamed && anon[t] === undefined) anon[t] = c.nodeType;
      fieldBuf[i] = fields ? (c.currentFieldId as number | undefined) ?? 0 : 0;
      // offsets only of nodes a pattern can capture (nothing else reads them)
      let e = endById[t];
      if (e === 0) e = plan.learnEnd(t);
      const w = parentType >= 0 ? wildParents[parentType] : 0;
      if (allEnds || e === 2 || w === 2 || (w === 1 && isNamed)) {
        startBuf[i] = c.startIndex;
        endBuf[i] = c.endIndex;
      } else endBuf[i] = NO_END;
      parentBuf[i] = stack[depth];
      nextBuf[i] = -1;
      const prev = lastAt[depth];
      if (prev >= 0) nextBuf[prev] = i;
      lastAt[depth] = i;
      // every node is asked for children, anonymous ones too: a grammar may alias a rule to the text of one of its
      // tokens (Swift's `?`), and the two share a type id, one a leaf and the other not
      if (c.gotoFirstChild()) {
        depth++;
        stack[depth] = i;
        lastAt[depth] = -1;
        parentType = t;
        fields = allFields(fieldParents, t);
        continue;
      }
      let done = false;
      while (!c.gotoNextSibling()) {
        if (depth === 0 || !c.gotoParent()) { done = true; break; }
        depth--;
      }
      if (done) break;
      const p = stack[depth];
      parentType = p >= 0 ? typeBuf[p] : -1;
      fields = p < 0 || allFields(fieldParents, parentType);
    }
    return new FlatTree(n, typeBuf, fieldBuf, startBuf, endBuf, parentBuf, nextBuf, named, text);
  }

  /**
   * A FlatTree over arrays built elsewhere (another thread's `from`, copied out with `parts`): the same
   * tree, node for node. `namedById` is the language's named-ness table, `text` the parsed source.
   */
  static of(parts: FlatParts, namedById: Uint8Array, text: string): FlatTree {
    return new FlatTree(parts.count, parts.type, parts.field, parts.start, parts.end, parts.parent, parts.next, namedById, text);
  }

  /**
   * This tree's arrays copied into one fresh ArrayBuffer (transferable to another thread; `of` rebuilds the
   * tree there). The copy is needed because `from` reuses its buffers for the next file.
   */
  parts(): FlatParts {
    const n = this.count;
    // 4-byte arrays first, then the two 2-byte ones, so every view is aligned
    const buffer = new ArrayBuffer(n * 20);
    const start = new Uint32Array(buffer, 0, n); start.set(this.start.subarray(0, n));
    const end = new Uint32Array(buffer, n * 4, n); end.set(this.end.subarray(0, n));
    const parent = new Int32Array(buffer, n * 8, n); parent.set(this.parent.subarray(0, n));
    const next = new Int32Array(buffer, n * 12, n); next.set(this.next.subarray(0, n));
    const type = new Uint16Array(buffer, n * 16, n); type.set(this.type.subarray(0, n));
    const field = new Uint16Array(buffer, n * 18, n); field.set(this.field.subarray(0, n));
    return { count: n, buffer, type, field, start, end, parent, next };
  }

  /**
   * This tree without what lies deeper than `max` levels below the root: a node at depth `max` keeps its extent
   * but no children. The collectors and the resolver walk expressions recursively, so a file of generated code
   * nested thousands of levels deep (a 5,000-term concatenation, a chain of 1,000 calls) would overflow the stack
   * and lose the whole file; cut there, it keeps everything but the inside of those subtrees. `cut` counts the
   * subtrees left out; the tree itself is returned when none is that deep.
   */
  withinDepth(max: number): { tree: FlatTree; cut: number } {
    const n = this.count;
    const parent = this.parent;
    if (depthBuf.length < n) depthBuf = new Int32Array(Math.max(n, depthBuf.length * 2));
    const depth = depthBuf;
    let deepest = 0;
    for (let i = 0; i < n; i++) {
      const p = parent[i];
      const d = p < 0 ? 0 : depth[p] + 1;
      depth[i] = d;
      if (d > deepest) deepest = d;
    }
    if (deepest <= max) return { tree: this, cut: 0 };
    // preorder survives the cut: kept nodes are renumbered in order, a kept node's parent and next sibling are kept
    const index = new Int32Array(n);
    let m = 0, cut = 0;
    for (let i = 0; i < n; i++) {
      if (depth[i] <= max) index[i] = m++;
      else { index[i] = -1; if (depth[i] === max + 1) cut++; }
    }
    const type = new Uint16Array(m), field = new Uint16Array(m), start = new Uint32Array(m), end = new Uint32Array(m);
    const par = new Int32Array(m), next = new Int32Array(m);
    for (let i = 0; i < n; i++) {
      const k = index[i];
      if (k < 0) continue;
      type[k] = this.type[i]; field[k] = this.field[i]; start[k] = this.start[i]; end[k] = this.end[i];
      par[k] = parent[i] < 0 ? -1 : index[parent[i]];
      next[k] = this.next[i] < 0 ? -1 : index[this.next[i]];
    }
    return { tree: new FlatTree(m, type, field, start, end, par, next, this.namedById, this.text), cut };
  }

  /** First child of node `i`, or -1. */
  firstChild(i: number): number {
    return i + 1 < this.count && this.parent[i + 1] === i ? i + 1 : -1;
  }

  /** The node records made so far, by node index (`ref` makes them). */
  refList(): ReadonlyArray<NodeRef | undefined> {
    return this.refs;
  }

  /** The node record of index `i` (the same object on every call: node identity). */
  ref(i: number): NodeRef {
    let r = this.refs[i];
    if (r) return r;
    const start = this.start[i], end = this.end[i];
    if (end === NO_END) throw new Error(`internal: node ${i} was captured but its offsets were not read (WalkPlan)`);
    const row = this.rowOf(start);
    r = { key: i, typeId: this.type[i], start, end, row, col: start - this.lineStarts![row], endRow: end === start ? row : this.rowOf(end), owner: undefined, memo: undefined, id: undefined };
    this.refs[i] = r;
    return r;
  }

  /** The offset where each row starts (row 0 at 0; a row after every newline). */
  lineStartList(): Uint32Array {
    return (this.lineStarts ??= lineStartsOf(this.text));
  }

  /** Lines of the text as newline-separated pieces (a final newline opens one more): the rows `rowOf` counts. */
  lineCount(): number {
    return (this.lineStarts ??= lineStartsOf(this.text)).length;
  }

  /** The row `rowOf` found last: node records are mostly made in text order, so the next offset is often on it. */
  private lastRow = 0;

  /** 0-based row of a UTF-16 offset (tree-sitter counts rows by '\n' only). */
  rowOf(offset: number): number {
    const ls = this.lineStarts ??= lineStartsOf(this.text);
    const r = this.lastRow;
    if (ls[r] <= offset && (r + 1 === ls.length || offset < ls[r + 1])) return r;
    let lo = 0, hi = ls.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ls[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    this.lastRow = lo;
    return lo;
  }
}

/** The offset where each row of `text` starts (row 0 at 0; a row after every newline, as tree-sitter counts them). */
export function lineStartsOf(text: string): Uint32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const out = new Uint32Array(count);
  let k = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out[k++] = i + 1;
  return out;
}
