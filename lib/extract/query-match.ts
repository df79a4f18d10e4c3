/**
 * The query engine: matches the parsed `.scm` patterns (lib/lang/query-parse.ts) against a FlatTree with
 * tree-sitter's semantics, so nothing is compiled natively. Patterns are indexed by the type of their root
 * node, so each node only tries the patterns that can start there.
 *
 * Semantics reproduced from tree-sitter's query cursor (vendor/tree-sitter/lib/src/query.c):
 * - children are the visible children; a child pattern matches any later child, in order; extras (comments)
 *   are ordinary named children; `(_)` matches any named node but ERROR, `_` any node but ERROR;
 * - a field step only matches a node in that field; `!f` refuses nodes having a child in field f;
 * - `. (x)` needs x to be the first named child (or the next named sibling of the previous match), anonymous
 *   nodes in between are skipped; `(x) .` needs x to have no later named sibling;
 * - every combination of children is its own match, except that a step with neither captures nor child
 *   steps takes its first matching node only (tree-sitter does not split its state there);
 * - among the matches of one pattern at one root node, identical capture sets are yielded once, and a match
 *   whose captures are a strict subset of another's is dropped (tree-sitter's longest-match rule, which
 *   is what makes `x: (_)? @x` capture x when it exists).
 * Matches come out by root node (preorder), then pattern index; captures in pattern order.
 */
import type { QNode, QPattern } from './query-parse.ts';
import type { LanguageNames } from './language.ts';
import { ERROR_TYPE, type FlatTree, type NodeRef, type WalkPlan } from './flat-tree.ts';
import { compilePredicate, type MatchTest } from './query-predicates.ts';

export interface Capture { name: string; node: NodeRef }
export interface Match { pattern: number; captures: Capture[] }

/** Matches as one buffer (what the collector reads: collector/util.ts `matchSourceOf`): capture names by id, nodes by index. */
export interface MatchSource {
  /** Per match: the pattern, the capture count, then a capture id and a node index per capture. */
  buffer: Int32Array;
  names: readonly string[];
  /** The node record of every node index the buffer holds. */
  refs: ReadonlyArray<NodeRef | undefined>;
}

/** Calls `f` with each capture of a match list or of a native match buffer (pattern, capture name, node index). */
export function forEachCapture(matches: Match[] | MatchSource, f: (pattern: number, capture: string, node: number) => void): void {
  if (Array.isArray(matches)) {
    for (const m of matches) for (const c of m.captures) f(m.pattern, c.name, c.node.key);
    return;
  }
  const { buffer, names } = matches;
  for (let k = 0; k < buffer.length;) {
    const pattern = buffer[k], n = buffer[k + 1];
    for (let c = 0; c < n; c++) f(pattern, names[buffer[k + 2 + c * 2]], buffer[k + 3 + c * 2]);
    k += 2 + n * 2;
  }
}

/** One compiled pattern element. */
export interface Step {
  alt: boolean;
  /** Interned (named, type) code; -1 for a wildcard. */
  code: number;
  /** Type name to match; undefined for a wildcard. */
  type: string | undefined;
  named: boolean;
  field: number;
  negated: number[];
  captures: number[];
  optional: boolean;
  immediate: boolean;
  last: boolean;
  children: Step[];
  alts: Step[];
  /** This step or one below it captures something. */
  capturing: boolean;
}

/** Where a sibling sequence resumes once a node's child steps are matched. */
interface Frame { steps: Step[]; k: number; j: number; up: Frame | null }

/** A pattern's root step (or one alternative of a root alternation) with its longest-match flags. */
export interface Root {
  pattern: number;
  step: Step;
  /** Can matches at one root repeat a capture set (then: distinct sets only)? */
  dedupe: boolean;
  /** Can one be a strict subset of another (then: maximal sets only)? */
  subsets: boolean;
  /** A single node test with no children: each root node is one match. */
  simple: boolean;
}

/** A language's patterns, ready to run over FlatTrees. */
export class QueryEngine {
  readonly captureNames: string[] = [];
  /** How many patterns there are (pattern indexes are 0..patternCount-1). */
  readonly patternCount: number;
  /** Root entries by root type name; wildcard roots apart. */
  private readonly byType = new Map<string, Root[]>();
  private readonly wildcardRoots: Root[] = [];
  /** Root entries by type id, filled on first sight of each id. */
  private readonly byId: Array<Root[] | undefined> = [];
  /** Interned (named, type name) codes, and each type id's code (-2: not looked up yet). */
  private readonly codes = new Map<string, number>();
  private readonly codeById = new Int32Array(65536).fill(-2);

  private planMemo: WalkPlan | undefined;
  private readonly steps: Step[];
  /** By pattern: its text predicates, compiled (undefined: none). */
  private readonly tests: Array<MatchTest[] | undefined> = [];

  constructor(patterns: readonly QPattern[], private readonly names: LanguageNames) {
    const captureIds = new Map<string, number>();
    const steps: Step[] = [];
    patterns.forEach((p, index) => {
      const step = this.compile(p.root, captureIds, p);
      steps.push(step);
      const subsets = hasChoice(p.root);
      const dedupe = subsets || hasBlindSplit(step, true);
      for (const r of step.alt ? step.alts.map((a) => withOuter(a, step)) : [step]) {
        const simple = r.children.length === 0 && r.negated.length === 0 && r.field === 0 && !step.alt;
        const root: Root = { pattern: index, step: r, dedupe, subsets, simple };
        if (r.type === undefined) this.wildcardRoots.push(root);
        else {
          const list = this.byType.get(r.type) ?? [];
          list.push(root);
          this.byType.set(r.type, list);
        }
      }
    });
    this.steps = steps;
    this.patternCount = patterns.length;
    const id = (c: string): number => {
      const k = captureIds.get(c);
      if (k === undefined) throw new Error(`query predicate: no capture @${c} in its pattern`);
      return k;
    };
    patterns.forEach((p, index) => { if (p.predicates) this.tests[index] = p.predicates.map((q) => compilePredicate(q, id)); });
  }

  /** Whether a match (its capture ids and nodes: `caps[1 + 2k]`, `caps[2 + 2k]`) passes its pattern's predicates. */
  private passes(tree: FlatTree, tests: MatchTest[], caps: number[], from: number): boolean {
    const count = (caps.length - from) >> 1;
    const ids: number[] = new Array(count);
    for (let k = 0; k < count; k++) ids[k] = caps[from + 2 * k];
    const text = (k: number): string => { const n = caps[from + 2 * k + 1]; return tree.text.slice(tree.start[n], tree.end[n]); };
    for (const test of tests) if (!test(ids, text, count)) return false;
    return true;
  }

  /** What the tree walk must read for these patterns (made on first use: the native parse copies whole trees without it). */
  get plan(): WalkPlan {
    return (this.planMemo ??= walkPlan(this.steps, this.names));
  }

  private compile(q: QNode, captureIds: Map<string, number>, p: QPattern): Step {
    const names = this.names;
    const fail = (msg: string): never => { throw new Error(`query pattern ${JSON.stringify(p.source.slice(0, 80))}: ${msg}`); };
    if (q.kind === 'node' && q.type !== undefined) {
      if (q.named ? !names.namedTypes.has(q.type) : !names.anonymousTypes.has(q.type)) fail(`invalid node type ${q.named ? q.type : JSON.stringify(q.type)}`);
    }
    const fieldId = (f: string): number => names.fieldIds.get(f) ?? fail(`invalid field name ${f}`);
    const captures = q.captures.map((c) => {
      let id = captureIds.get(c);
      if (id === undefined) { id = this.captureNames.length; this.captureNames.push(c); captureIds.set(c, id); }
      return id;
    });
    const children = q.children.map((c) => this.compile(c, captureIds, p));
    const alts = q.alts.map((a) => this.compile(a, captureIds, p));
    return {
      alt: q.kind === 'alt', code: q.type === undefined ? -1 : this.codeOf(q.named, q.type), type: q.type, named: q.named,
      field: q.field ? fieldId(q.field) : 0, negated: q.negated.map(fieldId), captures,
      optional: q.optional, immediate: q.immediate, last: q.last, children, alts,
      capturing: captures.length > 0 || children.some((c) => c.capturing) || alts.some((a) => a.capturing),
    };
  }

  private codeOf(named: boolean, name: string): number {
    const key = (named ? 'n:' : 'a:') + name;
    let c = this.codes.get(key);
    if (c === undefined) { c = this.codes.size; this.codes.set(key, c); }
    return c;
  }

  /** Code of a type id (anonymous token texts are known once the walker met them). */
  private learnCode(t: number): number {
    const name = this.names.typeName(t);
    const c = name === undefined ? -3 : this.codeOf(this.names.namedById[t] === 1, name);
    if (name !== undefined) this.codeById[t] = c;
    return c;
  }

  /** Every match of every pattern in the tree, in tree-sitter's order (see `finishOrder`). */
  run(tree: FlatTree): Match[] {
    const out: Match[] = [];
    const fin: number[] = [];
    const n = tree.count;
    const type = tree.type;
    const found: number[][] = [];
    const names = this.captureNames;
    let sorted = true;
    for (let i = 0; i < n; i++) {
      const t = type[i];
      let roots = this.byId[t];
      if (roots === undefined) roots = this.rootsFor(t);
      for (let r = 0; r < roots.length; r++) {
        const root = roots[r];
        if (root.simple) {
          const ids = root.step.captures;
          const tests = this.tests[root.pattern];
          if (tests !== undefined && !this.passes(tree, tests, simpleCaps(ids, i), 0)) continue;
          const captures: Capture[] = new Array(ids.length);
          const node = tree.ref(i);
          for (let k = 0; k < ids.length; k++) captures[k] = { name: names[ids[k]], node };
          out.push({ pattern: root.pattern, captures });
          if (fin.length && fin[fin.length - 1] > i) sorted = false;
          fin.push(i);
          continue;
        }
        this.matchRoot(tree, root.step, i, found);
        // alternatives of one root alternation share the longest-match rule
        if (found.length === 0 || (r + 1 < roots.length && roots[r + 1].pattern === root.pattern)) continue;
        const kept = found.length === 1 || !root.dedupe ? found : longest(found, root.subsets);
        const tests = this.tests[root.pattern];
        for (const caps of kept) {
          if (tests !== undefined && !this.passes(tree, tests, caps, 1)) continue;
          out.push(this.toMatch(tree, root.pattern, caps));
          if (fin.length && fin[fin.length - 1] > caps[0]) sorted = false;
          fin.push(caps[0]);
        }
        found.length = 0;
      }
    }
    return sorted ? out : finishOrder(out, fin, n);
  }

  private rootsFor(t: number): Root[] {
    const name = this.names.typeName(t);
    const typed = name === undefined ? [] : this.byType.get(name) ?? [];
    const named = this.names.namedById[t] === 1;
    const wild = t === ERROR_TYPE ? [] : this.wildcardRoots.filter((r) => !r.step.named || named);
    // keep pattern order (tree-sitter starts states in pattern order)
    const roots = [...typed.filter((r) => r.step.named === named), ...wild].sort((a, b) => a.pattern - b.pattern);
    this.byId[t] = roots;
    return roots;
  }

  private toMatch(tree: FlatTree, pattern: number, caps: number[]): Match {
    const captures: Capture[] = new Array((caps.length - 1) >> 1);
    for (let k = 1; k < caps.length; k += 2) captures[k >> 1] = { name: this.captureNames[caps[k]], node: tree.ref(caps[k + 1]) };
    return { pattern, captures };
  }

  /** Whether node `i` satisfies the step's own tests (type, field, negated fields), not its children. */
  private nodeOk(tree: FlatTree, s: Step, i: number): boolean {
    const t = tree.type[i];
    if (s.field !== 0 && tree.field[i] !== s.field) return false;
    if (s.code < 0) {
      if (t === ERROR_TYPE || (s.named && tree.namedById[t] !== 1)) return false;
    } else {
      let c = this.codeById[t];
      if (c === -2) c = this.learnCode(t);
      if (c !== s.code) return false;
    }
    if (s.negated.length) {
      for (let c = tree.firstChild(i); c >= 0; c = tree.next[c]) if (s.negated.includes(tree.field[c])) return false;
    }
    return true;
  }

  /**
   * The search: backtracking over one shared capture stack (`cs`), so nothing is allocated for attempts that
   * fail; a completed match is copied into `out` as [finishing node, capture id, node, capture id, node, …].
   * `up` continues the enclosing sibling sequence once a node's own child steps are matched.
   */
  private cs: number[] = [];
  private csLen = 0;
  private out: number[][] = [];

  /** Matches root step `s` at node `i`; appends every capture list to `out`. */
  private matchRoot(tree: FlatTree, s: Step, i: number, out: number[][]): void {
    if (!this.nodeOk(tree, s, i)) return;
    this.out = out;
    this.csLen = 0;
    for (const id of s.captures) { this.cs[this.csLen++] = id; this.cs[this.csLen++] = i; }
    if (s.children.length === 0) this.emit(i);
    else this.seq(tree, s.children, 0, tree.firstChild(i), null, i);
  }

  private emit(fin: number): void {
    const n = this.csLen;
    const r: number[] = new Array(n + 1);
    r[0] = fin;
    for (let k = 0; k < n; k++) r[k + 1] = this.cs[k];
    this.out.push(r);
  }

  /** Matches `steps[k..]` against the siblings from `j` on, then continues with `up`. */
  private seq(tree: FlatTree, steps: Step[], k: number, j: number, up: Frame | null, fin: number): void {
    if (k === steps.length) {
      if (up === null) this.emit(fin);
      else this.seq(tree, up.steps, up.k, up.j, up.up, fin);
      return;
    }
    const s = steps[k];
    if (s.optional) this.seq(tree, steps, k + 1, j, up, fin);
    const next = tree.next;
    const splits = s.capturing || s.children.length > 0 || s.alt;
    for (let x = j; x >= 0; x = next[x]) {
      if (!(s.last && laterNamed(tree, x))) {
        if (s.alt) {
          if (s.field === 0 || tree.field[x] === s.field) {
            for (const a of s.alts) {
              const a2 = withOuter(a, s);
              if (this.nodeOk(tree, a2, x)) this.matchNode(tree, a2, x, steps, k, up, fin);
            }
          }
        } else if (this.nodeOk(tree, s, x)) {
          this.matchNode(tree, s, x, steps, k, up, fin);
          // tree-sitter does not split its state on a step without captures or children: first node only
          if (!splits) break;
        }
      }
      if (s.immediate && tree.namedById[tree.type[x]] === 1) break;
    }
  }

  /** Node `x` passed step `s`'s own tests: capture it, match its child steps, then the rest of `steps`. */
  private matchNode(tree: FlatTree, s: Step, x: number, steps: Step[], k: number, up: Frame | null, fin: number): void {
    const save = this.csLen;
    for (const id of s.captures) { this.cs[this.csLen++] = id; this.cs[this.csLen++] = x; }
    if (x > fin) fin = x;
    if (s.children.length === 0) this.seq(tree, steps, k + 1, tree.next[x], up, fin);
    else this.seq(tree, s.children, 0, tree.firstChild(x), { steps, k: k + 1, j: tree.next[x], up }, fin);
    this.csLen = save;
  }


}

/** A single-node match's captures as [id, node, id, node, …]. */
function simpleCaps(ids: readonly number[], node: number): number[] {
  const out: number[] = [];
  for (const id of ids) out.push(id, node);
  return out;
}

/** An alternative carrying its alternation's field and captures (captured after its own). */
const outerCache = new WeakMap<Step, WeakMap<Step, Step>>();
export function withOuter(a: Step, outer: Step): Step {
  if (outer.field === 0 && outer.captures.length === 0) return a;
  let m = outerCache.get(outer);
  if (!m) { m = new WeakMap(); outerCache.set(outer, m); }
  let s = m.get(a);
  if (!s) {
    s = { ...a, field: outer.field || a.field, captures: [...a.captures, ...outer.captures], capturing: a.capturing || outer.captures.length > 0 };
    m.set(a, s);
  }
  return s;
}

/** A step below the root that splits (has child steps) but captures nothing: two paths, same captures. */
function hasBlindSplit(s: Step, root: boolean): boolean {
  if (!root && !s.capturing && (s.children.length > 0 || s.alt)) return true;
  return s.children.some((c) => hasBlindSplit(c, false)) || s.alts.some((a) => hasBlindSplit(a, false));
}

function hasChoice(q: QNode): boolean {
  return q.optional || q.kind === 'alt' || q.children.some(hasChoice) || q.alts.some(hasChoice);
}

function laterNamed(tree: FlatTree, x: number): boolean {
  for (let y = tree.next[x]; y >= 0; y = tree.next[y]) if (tree.namedById[tree.type[y]] === 1) return true;
  return false;
}

/** Tree-sitter's longest-match rule over the matches of one pattern at one root: distinct, maximal sets. */
function longest(found: number[][], subsets: boolean): number[][] {
  // each match as its sorted (capture, node) pairs, one number per pair
  const keys = found.map((f) => {
    const k: number[] = [];
    for (let i = 1; i < f.length; i += 2) k.push(f[i] * 16777216 + f[i + 1]);
    return k.sort((x, y) => x - y);
  });
  const keep: number[][] = [];
  outer: for (let a = 0; a < found.length; a++) {
    for (let b = 0; b < found.length; b++) {
      if (a === b) continue;
      const ka = keys[a], kb = keys[b];
      if (ka.length === kb.length) {
        // identical sets: keep the first one only
        if (b < a && sameKeys(ka, kb)) continue outer;
      } else if (subsets && ka.length < kb.length && containsKeys(kb, ka)) continue outer;
    }
    keep.push(found[a]);
  }
  return keep;
}

function sameKeys(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether sorted `big` contains every element of sorted `small`. */
function containsKeys(big: number[], small: number[]): boolean {
  let j = 0;
  for (let i = 0; i < big.length && j < small.length; i++) if (big[i] === small[j]) j++;
  return j === small.length;
}

/**
 * Tree-sitter yields a match when it finishes: on entering the node of the pattern's last step, and within
 * one node by the depth of the match's root, then pattern index. Matches finishing at one node have their
 * roots on one ancestor chain, so they were found in exactly that order: a stable counting sort by the
 * finishing node gives tree-sitter's order. The collector files some facts in match order, so this order is
 * part of what FileFacts look like.
 */
function finishOrder(out: Match[], fin: number[], n: number): Match[] {
  const at = new Int32Array(n + 1);
  for (let k = 0; k < fin.length; k++) at[fin[k] + 1]++;
  for (let i = 1; i <= n; i++) at[i] += at[i - 1];
  const res: Match[] = new Array(out.length);
  for (let k = 0; k < out.length; k++) res[at[fin[k]]++] = out[k];
  return res;
}

/**
 * The reads a walk needs for these patterns: fields only under parents whose patterns test fields, ends only
 * of node types a pattern can capture (or any child of a parent with a wildcard capture step).
 */
function walkPlan(steps: Step[], names: LanguageNames): WalkPlan {
  const fieldParents = new Uint8Array(65536);
  const wildCaptureParents = new Uint8Array(65536);
  const endById = new Uint8Array(65536);
  const capturedNamed = new Set<string>(), capturedAnon = new Set<string>();
  let allFields = false, allEnds = false;
  const idsOf = new Map<string, number[]>();
  names.namedNames.forEach((n, id) => { if (n != null) { const l = idsOf.get(n) ?? []; l.push(id); idsOf.set(n, l); } });
  /** Marks a parent step's type ids; false when the parent is not a named type (then: everything). */
  const mark = (arr: Uint8Array, parent: Step, value: number): boolean => {
    if (parent.type === undefined || !parent.named) return false;
    for (const id of idsOf.get(parent.type) ?? []) arr[id] = Math.max(arr[id], value);
    return true;
  };
  const visit = (s: Step, inherited: boolean, parent: Step | null): void => {
    if (s.alt) {
      for (const a of s.alts) visit({ ...a, field: a.field || s.field }, inherited || s.captures.length > 0, parent);
      return;
    }
    if ((s.field || s.negated.length) && parent && !mark(fieldParents, parent, 1)) allFields = true;
    if (s.negated.length && !mark(fieldParents, s, 1)) allFields = true;
    if (s.captures.length || inherited) {
      if (s.type !== undefined) (s.named ? capturedNamed : capturedAnon).add(s.type);
      else if (!parent || !mark(wildCaptureParents, parent, s.named ? 1 : 2)) allEnds = true;
    }
    for (const c of s.children) visit(c, false, s);
  };
  for (const s of steps) visit(s, false, null);
  if (allFields) fieldParents.fill(1);
  return {
    fieldParents, allEnds, endById, wildCaptureParents,
    learnEnd(t: number): number {
      const name = names.typeName(t);
      const v = name !== undefined && (names.namedById[t] === 1 ? capturedNamed : capturedAnon).has(name) ? 2 : 1;
      endById[t] = v;
      return v;
    },
  };
}
