/**
 * Reading tree-sitter-python's flat tree (lib/extract/flat-tree.ts) for the collector (collect.ts): node types,
 * fields, children, text and positions, definitions' headers, docstrings and comments; and the facts' last step,
 * `unshared`.
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

  type(i: number): string { return this.names.typeName(this.t.type[i]) ?? ''; }
  named(i: number): boolean { return this.names.namedById[this.t.type[i]] === 1; }
  fieldOf(i: number): string | undefined { const f = this.t.field[i]; return f ? this.fieldName[f] : undefined; }
  // The children of a node by plain loops over the flat tree's links (a generator per call, and an iterator result
  // per child, made this collector allocate several times the size of its input).
  kids(i: number): number[] { const out: number[] = []; for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) out.push(c); return out; }
  namedKids(i: number): number[] {
    const out: number[] = [];
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.named(c) && this.type(c) !== 'comment') out.push(c);
    return out;
  }
  child(i: number, field: string): number {
    const id = this.names.fieldIds.get(field);
    if (id === undefined) return -1;
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.t.field[c] === id) return c;
    return -1;
  }
  children(i: number, field: string): number[] {
    const out: number[] = [];
    const id = this.names.fieldIds.get(field);
    if (id === undefined) return out;
    for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.t.field[c] === id) out.push(c);
    return out;
  }
  txt(i: number): string { return this.text.slice(this.t.start[i], this.t.end[i]); }
  lineOf(i: number): number { return this.rowOf(this.t.start[i]) + 1; }
  endLineOf(i: number): number { return this.rowOf(Math.max(this.t.start[i], this.t.end[i] - 1)) + 1; }
  rowOf(offset: number): number {
    const ls = this.lines;
    let lo = 0, hi = ls.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ls[mid] <= offset) lo = mid; else hi = mid - 1; }
    return lo;
  }
  pos(i: number): Pos {
    const start = this.t.start[i];
    const row = this.rowOf(start);
    return toPos(row + 1, start - this.lines[row] + 1, this.t.end[i] - start);
  }
  /** The members (dotted, `self.item`) assignment statements below node i assign (nested functions and classes apart). */
  assignedMembers(i: number, out: string[] = []): string[] {
    for (const c of this.namedKids(i)) {
      const ty = this.type(c);
      if (ty === 'function_definition' || ty === 'class_definition' || ty === 'lambda') continue;
      if (ty === 'assignment' || ty === 'augmented_assignment') {
        const left = this.child(c, 'left');
        const targets = left >= 0 && this.type(left) === 'attribute' ? [left] : left >= 0 ? this.namedKids(left) : [];
        for (const t of targets) { const d = this.type(t) === 'attribute' ? this.dotted(t) : undefined; if (d) out.push(d); }
      }
      this.assignedMembers(c, out);
    }
    return out;
  }

  /**
   * The type a PEP 484 type comment after node i on its last line declares (`x = {}  # type: Dict[str, int]`), with its
   * position; undefined without one, and for `# type: ignore`.
   */
  typeComment(i: number): { text: string; at: Pos } | undefined {
    const end = this.t.end[i];
    const nl = this.text.indexOf('\n', end);
    const rest = this.text.slice(end, nl < 0 ? this.text.length : nl);
    const m = /^[ \t]*#[ \t]*type:[ \t]*([^#]*?)[ \t]*(?:#.*)?\r?$/.exec(rest);
    if (!m || !m[1] || /^ignore\b/.test(m[1])) return undefined;
    const off = end + m[0].indexOf(m[1], m[0].indexOf('type:') + 5);
    const row = this.rowOf(off);
    return { text: m[1], at: toPos(row + 1, off - this.lines[row] + 1, m[1].length) };
  }

  /** Position of a string's content (inside the quotes). */
  stringContent(i: number): { text: string; at: Pos } | undefined {
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

  /** The dotted text of a name or attribute chain (`app.route`), else undefined. */
  dotted(i: number): string | undefined {
    if (i < 0) return undefined;
    const ty = this.type(i);
    if (ty === 'identifier') return this.txt(i);
    if (ty === 'attribute') {
      const o = this.dotted(this.child(i, 'object'));
      const a = this.child(i, 'attribute');
      return o !== undefined && a >= 0 ? `${o}.${this.txt(a)}` : undefined;
    }
    return undefined;
  }

  // ------------------------------------------------------------------ definitions and their text
  /** `__name__ == "__main__"` (either way round). */
  protected isMainGuard(cond: number): boolean {
    if (this.type(cond) !== 'comparison_operator') return false;
    const parts = this.namedKids(cond);
    if (parts.length !== 2) return false;
    const names = parts.map((p) => (this.type(p) === 'identifier' ? this.txt(p) : this.type(p) === 'string' ? this.stringContent(p)?.text : undefined));
    return (names[0] === '__name__' && names[1] === '__main__') || (names[1] === '__name__' && names[0] === '__main__');
  }

  /** True for an `async def`. */
  protected isAsync(i: number): boolean {
    for (const c of this.kids(i)) { if (this.type(c) === 'async') return true; if (this.named(c)) return false; }
    return false;
  }

  /** True when a function body yields (a generator: its calls give an iterator, not the returned value). */
  protected isGenerator(body: number): boolean {
    const walk = (i: number): boolean => {
      for (const c of this.kids(i)) {
        const ty = this.type(c);
        if (ty === 'yield') return true;
        if (ty === 'function_definition' || ty === 'class_definition' || ty === 'lambda') continue;
        if (walk(c)) return true;
      }
      return false;
    };
    return walk(body);
  }

  /** A definition's header up to its colon, whitespace folded (at most 200 characters). */
  protected signature(def: number, body: number): string {
    // up to the header's last part (parameters, return type, bases): a comment after the colon is not in it
    let end = body >= 0 ? this.t.start[body] : this.t.end[def];
    for (const field of ['return_type', 'parameters', 'superclasses', 'type_parameters', 'name']) {
      const c = this.child(def, field);
      if (c >= 0 && this.t.end[c] <= end) { end = this.t.end[c]; break; }
    }
    let s = this.text.slice(this.t.start[def], end).replace(/\s+/g, ' ').trim();
    if (s.endsWith(':')) s = s.slice(0, -1).trim();
    return s.length > 200 ? `${s.slice(0, 199)}…` : s;
  }

  /** First line of a body's docstring (its first statement, a string). */
  protected docOf(body: number): string | undefined {
    if (body < 0) return undefined;
    const first = this.namedKids(body)[0];
    if (first === undefined || this.type(first) !== 'expression_statement') return undefined;
    const s = this.namedKids(first)[0];
    if (s === undefined || this.type(s) !== 'string') return undefined;
    const content = this.namedKids(s).filter((p) => this.type(p) === 'string_content').map((p) => this.txt(p)).join('');
    const line = content.split('\n').map((l) => l.trim()).find((l) => l.length > 0);
    return line ? (line.length > 200 ? `${line.slice(0, 199)}…` : line) : undefined;
  }

  /** First line of the `#` comment block right above a node's line. */
  protected commentAbove(i: number): string | undefined {
    const row = this.rowOf(this.t.start[i]);
    let r = row - 1;
    let first: string | undefined;
    while (r >= 0) {
      const line = this.text.slice(this.lines[r], r + 1 < this.lines.length ? this.lines[r + 1] - 1 : this.text.length).trim();
      if (!line.startsWith('#')) break;
      first = line.replace(/^#+\s?/, '').trim() || first;
      r--;
    }
    return first;
  }

  /** The first identifier in a node, depth first (-1: none). */
  protected findIdentifier(i: number): number {
    if (this.type(i) === 'identifier') return i;
    for (const c of this.namedKids(i)) { const r = this.findIdentifier(c); if (r >= 0) return r; }
    return -1;
  }
}

/**
 * The facts with every object in one place only: one met a second time (an expression that is both a call's callee
 * and a reference's value) is replaced by a copy. Facts read back from the cache (the facts buckets) are such trees, and
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

/** What reading a call's arguments needs of a tree (PyTree, or a reader over one). */
export interface ArgumentReader {
  type(i: number): string;
  txt(i: number): string;
  namedKids(i: number): number[];
  child(i: number, field: string): number;
}

/** The `keyword_argument` node named `name` in argument list `args` (-1: no list, or no such keyword). */
export function keywordArgument(r: ArgumentReader, args: number, name: string): number {
  if (args < 0) return -1;
  for (const a of r.namedKids(args)) if (r.type(a) === 'keyword_argument' && r.txt(r.child(a, 'name')) === name) return a;
  return -1;
}
