/**
 * Reading tree-sitter-python's flat tree (lib/extract/flat-tree.ts) for the collector (collect.ts): node types,
 * fields, children, text and positions; and the facts' last step, `unshared`.
 */
import type { FlatTree } from '../../extract/flat-tree.ts';
import { toPos, type Pos } from '../../extract/facts.ts';

/** What the collector needs of the language runtime: type and field names. */
export interface PyNames {
  typeName(id: number): string | undefined;
  fieldIds: ReadonlyMap<string, number>;
  namedById: Uint8Array;
}

/** A file's flat tree with Python's node and field names: the tree access the collector builds on. */
export class PyTree {
  protected readonly fieldName: Array<string | undefined> = [];
  protected readonly lines: Uint32Array;

  constructor(protected readonly t: FlatTree, protected readonly names: PyNames, protected readonly text: string) {
    for (const [n, id] of names.fieldIds) this.fieldName[id] = n;
    this.lines = t.lineStartList();
  }

  protected type(i: number): string { return this.names.typeName(this.t.type[i]) ?? ''; }
  protected named(i: number): boolean { return this.names.namedById[this.t.type[i]] === 1; }
  protected fieldOf(i: number): string | undefined { const f = this.t.field[i]; return f ? this.fieldName[f] : undefined; }
  // The children of a node by plain loops over the flat tree's links (a generator per call, and an iterator result
  // per child, made this collector allocate several times the size of its input).
  protected kids(i: number): number[] { const out: number[] = []; for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) out.push(c); return out; }
  protected namedKids(i: number): number[] {
    const out: number[] = [];
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.named(c) && this.type(c) !== 'comment') out.push(c);
    return out;
  }
  protected child(i: number, field: string): number {
    const id = this.names.fieldIds.get(field);
    if (id === undefined) return -1;
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.t.field[c] === id) return c;
    return -1;
  }
  protected children(i: number, field: string): number[] {
    const out: number[] = [];
    const id = this.names.fieldIds.get(field);
    if (id === undefined) return out;
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.t.field[c] === id) out.push(c);
    return out;
  }
  protected txt(i: number): string { return this.text.slice(this.t.start[i], this.t.end[i]); }
  protected lineOf(i: number): number { return this.rowOf(this.t.start[i]) + 1; }
  protected endLineOf(i: number): number { return this.rowOf(Math.max(this.t.start[i], this.t.end[i] - 1)) + 1; }
  protected rowOf(offset: number): number {
    const ls = this.lines;
    let lo = 0, hi = ls.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ls[mid] <= offset) lo = mid; else hi = mid - 1; }
    return lo;
  }
  protected pos(i: number): Pos {
    const start = this.t.start[i];
    const row = this.rowOf(start);
    return toPos(row + 1, start - this.lines[row] + 1, this.t.end[i] - start);
  }
  /** Position of a string's content (inside the quotes). */
  protected stringContent(i: number): { text: string; at: Pos } | undefined {
    const parts = this.namedKids(i);
    if (parts.some((p) => this.type(p) === 'interpolation')) return undefined;
    const c = parts.find((p) => this.type(p) === 'string_content');
    if (!c) {
      // an empty string: no content node
      return parts.length <= 2 ? { text: '', at: toPos(this.lineOf(i), 1, 0) } : undefined;
    }
    if (parts.filter((p) => this.type(p) === 'string_content').length > 1) return undefined;
    return { text: this.txt(c), at: this.pos(c) };
  }
}

/**
 * The facts with every object in one place only: one met a second time (an expression that is both a call's callee
 * and a reference's value) is replaced by a copy. Facts read back from the cache (facts.json) are such trees, and
 * the resolver memoises values by expression object, its cycle guard included (resolve.ts `value`): sharing would
 * make a fresh analyze resolve otherwise than an incremental one reading the same facts from the cache.
 */
export function unshared<T>(v: T, seen: Set<object>): T {
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return copy(v);
  seen.add(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { const x = v[i]; if (x !== null && typeof x === 'object') v[i] = unshared(x, seen); }
  } else {
    const o = v as Record<string, unknown>;
    for (const k in o) { const x = o[k]; if (x !== null && typeof x === 'object') o[k] = unshared(x, seen); }
  }
  return v;
}

/** A deep copy of a plain JSON value (facts hold no other kind). */
function copy<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(copy) as T;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in o) out[k] = copy(o[k]);
  return out as T;
}
