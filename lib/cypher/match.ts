/**
 * Pattern matching: plans a MATCH (start from the most selective element, expand outwards, push WHERE
 * conjuncts and inline property maps down to the first step where their variables are bound) and runs the
 * plan as an iterative depth-first search over step cursors, one output row at a time.
 */
import type { Direction, Expr, PatternPart } from './ast.ts';
import { conjuncts, referencedVars } from './ast-utils.ts';
import { compileExpr, compilePredicate } from './eval.ts';
import type { IdList, PropertyGraph } from './graph.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import type { CompileEnv, MatchPlan, Scope, VarInfo } from './scope.ts';
import { NodeVal, PathVal, RelVal, equals, type Value } from './values.ts';

interface PNode { name: string; slot: number; labels: string[]; prebound: boolean; at: number }
interface PRel {
  name: string; slot: number; types: string[]; dir: Direction; left: number; right: number;
  varLen?: { min: number; max: number; unbounded: boolean };
  /** Inline properties of a variable-length relationship (checked on every relationship of the path). */
  props: [string, Expr][];
  prebound: boolean; at: number;
}
interface PPart { nodes: number[]; rels: number[]; pathVar?: { name: string; slot: number } }
interface Conj { expr: Expr; ev: Ev; deps: Set<string>; attached: boolean }

/** A cursor advances to the next binding (writing its slots into the row) or returns false when exhausted. */
type Cursor = () => boolean;
type Step = (row: Row, ctx: ExecCtx) => Cursor;

const NO_MORE: Cursor = () => false;

/** Compiles a pattern (list of parts) with an optional WHERE into a match plan. */
export function compileMatchPlan(
  env: CompileEnv, parts: PatternPart[], where: Expr | undefined, scope: Scope, opts: { allowNewVars: boolean },
): MatchPlan {
  const nodes: PNode[] = [];
  const rels: PRel[] = [];
  const pparts: PPart[] = [];
  const inner = new Map<string, VarInfo>(scope);
  const newNames = new Set<string>();
  const newSlots: number[] = [];
  const nodeByName = new Map<string, number>();
  const relNames = new Set<string>();
  const conjExprs: Expr[] = [];
  let anon = 0;

  const declare = (name: string | undefined, kind: VarInfo['kind'], at: number): { name: string; slot: number; prebound: boolean } => {
    if (name === undefined) {
      const hidden = `  ${kind}${anon++}`;
      const slot = env.newSlot();
      inner.set(hidden, { slot, kind, hidden: true });
      newNames.add(hidden);
      newSlots.push(slot);
      return { name: hidden, slot, prebound: false };
    }
    const existing = inner.get(name);
    if (existing) {
      const k = existing.kind;
      const st = existing.stype;
      const compatible = k === kind || (k === 'value' && (st === undefined || st === 'null' || st === (kind === 'node' ? 'node' : kind === 'rel' ? 'rel' : 'list')));
      if (!compatible) throw env.error(at, 'VariableTypeConflict', `variable '${name}' is a ${st ?? describeKind(k)}, not a ${describeKind(kind)}`);
      return { name, slot: existing.slot, prebound: !newNames.has(name) };
    }
    if (!opts.allowNewVars) throw env.error(at, 'UndefinedVariable', `variable '${name}' is not defined (patterns in expressions cannot introduce variables)`);
    const slot = env.newSlot();
    inner.set(name, { slot, kind });
    newNames.add(name);
    newSlots.push(slot);
    return { name, slot, prebound: false };
  };

  for (const part of parts) {
    if (part.shortest) throw env.error(part.at, 'UnsupportedFeature', `${part.shortest}() is not supported`);
    const pp: PPart = { nodes: [], rels: [] };
    for (let i = 0; i < part.nodes.length; i++) {
      const np = part.nodes[i];
      let idx = np.v !== undefined ? nodeByName.get(np.v) : undefined;
      if (np.v !== undefined && relNames.has(np.v)) throw env.error(np.at, 'VariableTypeConflict', `variable '${np.v}' is a relationship, not a node`);
      if (idx === undefined) {
        const d = declare(np.v, 'node', np.at);
        idx = nodes.length;
        nodes.push({ name: d.name, slot: d.slot, labels: [], prebound: d.prebound, at: np.at });
        if (np.v !== undefined) nodeByName.set(np.v, idx);
      }
      const node = nodes[idx];
      for (const l of np.labels) if (!node.labels.includes(l)) node.labels.push(l);
      if (np.props) {
        if (np.props.k !== 'map') throw env.error(np.props.at, 'InvalidParameterUse', 'a parameter cannot be used as a node property map in MATCH; use WHERE n.key = $param');
        for (const [key, value] of np.props.entries) conjExprs.push(propEq(node.name, key, value));
      }
      pp.nodes.push(idx);
    }
    for (let i = 0; i < part.rels.length; i++) {
      const rp = part.rels[i];
      if (rp.v !== undefined) {
        if (relNames.has(rp.v)) throw env.error(rp.at, 'RelationshipUniquenessViolation', `relationship variable '${rp.v}' is used twice in one pattern`);
        if (nodeByName.has(rp.v)) throw env.error(rp.at, 'VariableTypeConflict', `variable '${rp.v}' is a node, not a relationship`);
      }
      const kind = rp.range ? 'relList' : 'rel';
      const d = declare(rp.v, kind, rp.at);
      if (rp.v !== undefined) relNames.add(rp.v);
      const rel: PRel = {
        name: d.name, slot: d.slot, types: [...rp.types], dir: rp.dir, left: pp.nodes[i], right: pp.nodes[i + 1],
        props: [], prebound: d.prebound, at: rp.at,
      };
      if (rp.range) {
        const min = rp.range.min ?? 1;
        const unbounded = rp.range.max === undefined;
        rel.varLen = { min, max: rp.range.max ?? Infinity, unbounded };
      }
      if (rp.props) {
        if (rp.props.k !== 'map') throw env.error(rp.props.at, 'InvalidParameterUse', 'a parameter cannot be used as a relationship property map in MATCH');
        if (rel.varLen) rel.props = rp.props.entries;
        else for (const [key, value] of rp.props.entries) conjExprs.push(propEq(rel.name, key, value));
      }
      pp.rels.push(rels.length);
      rels.push(rel);
    }
    if (part.pathVar !== undefined) {
      if (inner.has(part.pathVar)) throw env.error(part.at, 'VariableAlreadyBound', `variable '${part.pathVar}' is already defined`);
      const slot = env.newSlot();
      inner.set(part.pathVar, { slot, kind: 'path' });
      newNames.add(part.pathVar);
      newSlots.push(slot);
      pp.pathVar = { name: part.pathVar, slot };
    }
    pparts.push(pp);
  }

  // WHERE conjuncts and inline properties, each with the new variables it depends on.
  conjuncts(where, conjExprs);
  const conj: Conj[] = conjExprs.map((expr) => {
    const deps = new Set([...referencedVars(expr)].filter((v) => newNames.has(v)));
    return { expr, ev: compilePredicate(env, expr, inner, { where: 'in WHERE' }), deps, attached: false };
  });

  // Constant relationship property equalities narrow the relationship types to expand (CodeGraph: type).
  for (const rel of rels) {
    const eqs: [string, Expr][] = rel.varLen ? rel.props : [];
    if (!rel.varLen) for (const c of conj) { const m = matchPropEq(c.expr, rel.name); if (m) eqs.push(m); }
    for (const [key, valueExpr] of eqs) {
      const v = constValue(env, valueExpr);
      if (v === undefined) continue;
      const narrowed = env.graph.narrowRelTypes?.(rel.types, key, v);
      if (narrowed) rel.types = narrowed;
    }
  }

  // Anonymous nodes that nothing reads (no other relationship, path, or predicate) are never materialised.
  const needed = new Set<number>();
  const relsPerNode = new Map<number, number>();
  for (const r of rels) for (const n of [r.left, r.right]) relsPerNode.set(n, (relsPerNode.get(n) ?? 0) + 1);
  nodes.forEach((n, i) => {
    const hidden = inner.get(n.name)?.hidden === true;
    if (!hidden || n.prebound || (relsPerNode.get(i) ?? 0) !== 1 || conj.some((c) => c.deps.has(n.name))) needed.add(i);
  });
  for (const pp of pparts) if (pp.pathVar) for (const i of pp.nodes) needed.add(i);

  const planner = new Planner(env, nodes, rels, conj, newNames, inner, needed);
  const steps = planner.plan(pparts);
  const describe = planner.describe;

  return {
    scope: inner,
    newSlots,
    describe,
    run: (input, ctx) => runSteps(steps, input, ctx),
    each: (input, ctx, cb) => pushSteps(steps, input, ctx, cb),
  };
}

function describeKind(k: VarInfo['kind']): string {
  return k === 'relList' ? 'relationship list' : k === 'rel' ? 'relationship' : k;
}

function propEq(name: string, key: string, value: Expr): Expr {
  const v: Expr = { k: 'var', name, at: value.at, end: value.at };
  return { k: 'bin', op: '=', l: { k: 'prop', obj: v, key, at: value.at, end: value.at }, r: value, at: value.at, end: value.end };
}

/** `name.key = expr` or `expr = name.key` → [key, expr]. */
function matchPropEq(e: Expr, name: string): [string, Expr] | undefined {
  if (e.k !== 'bin' || e.op !== '=') return undefined;
  if (e.l.k === 'prop' && e.l.obj.k === 'var' && e.l.obj.name === name) return [e.l.key, e.r];
  if (e.r.k === 'prop' && e.r.obj.k === 'var' && e.r.obj.name === name) return [e.r.key, e.l];
  return undefined;
}

/** `name.key IN expr` → [key, expr]. */
function matchPropIn(e: Expr, name: string): [string, Expr] | undefined {
  if (e.k !== 'bin' || e.op !== 'in') return undefined;
  if (e.l.k === 'prop' && e.l.obj.k === 'var' && e.l.obj.name === name) return [e.l.key, e.r];
  return undefined;
}

/** Value of a literal or parameter expression at plan time; undefined for anything else. */
function constValue(env: CompileEnv, e: Expr): Value | undefined {
  if (e.k === 'lit') return e.value;
  if (e.k === 'param') return env.params.get(e.name) ?? null;
  return undefined;
}

interface StartChoice {
  kind: 'node' | 'rel';
  /** Position in the part's nodes/rels. */
  pos: number;
  est: number;
  index?: { key: string; value: Expr; isIn: boolean };
}

class Planner {
  readonly describe: string[] = [];
  private readonly bound = new Set<string>();
  private readonly steps: Step[] = [];
  private readonly stepFilters: Ev[][] = [];
  /** Relationship slots bound so far (relationship uniqueness). */
  private readonly relSlots: number[] = [];
  private readonly relListSlots: number[] = [];
  private readonly boundNodes = new Set<number>();

  constructor(
    private readonly env: CompileEnv,
    private readonly nodes: PNode[],
    private readonly rels: PRel[],
    private readonly conj: Conj[],
    private readonly newNames: Set<string>,
    private readonly innerScope: Scope,
    private readonly needed: Set<number>,
  ) {
    nodes.forEach((n, i) => { if (n.prebound) { this.boundNodes.add(i); } });
  }

  private get graph(): PropertyGraph { return this.env.graph; }

  plan(parts: PPart[]): Step[] {
    // Conjuncts that need no new variable are checked once, before any scanning.
    const guard = this.take();
    if (guard.length) { this.describe.push(`Filter(${guard.length})`); this.push(guardStep(guard), []); }
    const remaining = [...parts];
    while (remaining.length) {
      let best: { part: PPart; choice: StartChoice } | undefined;
      for (const part of remaining) {
        const choice = this.bestStart(part);
        if (!best || choice.est < best.choice.est) best = { part, choice };
      }
      remaining.splice(remaining.indexOf(best!.part), 1);
      this.planPart(best!.part, best!.choice);
    }
    const rest = this.conj.filter((c) => !c.attached);
    if (rest.length) {
      // Only conjuncts over variables this match cannot bind would be left; they are evaluated last.
      for (const c of rest) c.attached = true;
      this.push(guardStep(rest.map((c) => c.ev)), []);
    }
    if (this.steps.length === 0) this.push(guardStep([]), []);
    return this.steps.map((s, i) => withFilters(s, this.stepFilters[i]));
  }

  /** Takes the unattached conjuncts whose variables are all bound now. */
  private take(): Ev[] {
    const out: Ev[] = [];
    for (const c of this.conj) {
      if (c.attached) continue;
      let ok = true;
      for (const d of c.deps) if (!this.bound.has(d)) { ok = false; break; }
      if (ok) { c.attached = true; out.push(c.ev); }
    }
    return out;
  }

  private push(step: Step, names: string[]): void {
    for (const n of names) this.bound.add(n);
    this.steps.push(step);
    this.stepFilters.push(this.take());
  }

  private isBound(nodeIdx: number): boolean { return this.boundNodes.has(nodeIdx); }

  private nodeEstimate(nodeIdx: number): { est: number; index?: StartChoice['index'] } {
    if (this.isBound(nodeIdx)) return { est: 1 };
    const n = this.nodes[nodeIdx];
    let best: { est: number; index?: StartChoice['index'] } = { est: this.graph.nodeCount };
    for (const l of n.labels) {
      const c = this.graph.nodesWithLabel(l).length;
      if (c < best.est) best = { est: c };
    }
    for (const c of this.conj) {
      if (c.attached) continue;
      const eq = matchPropEq(c.expr, n.name);
      const inn = eq ? undefined : matchPropIn(c.expr, n.name);
      const m = eq ?? inn;
      if (!m) continue;
      const [key, valueExpr] = m;
      if (![...referencedVars(valueExpr)].every((v) => !this.newNames.has(v) || this.bound.has(v))) continue;
      const v = constValue(this.env, valueExpr);
      let est: number;
      if (v === undefined) est = 2;
      else if (inn) {
        if (!Array.isArray(v)) continue;
        est = 0;
        let ok = true;
        for (const x of v) { const ids = this.graph.nodesByProperty(key, x); if (ids === undefined && x !== null) { ok = false; break; } est += ids?.length ?? 0; }
        if (!ok) continue;
      } else {
        const ids = this.graph.nodesByProperty(key, v);
        if (ids === undefined && v !== null) continue;
        est = ids?.length ?? 0;
      }
      if (est < best.est) best = { est, index: { key, value: valueExpr, isIn: inn !== undefined } };
    }
    return best;
  }

  private relCount(rel: PRel): number {
    if (rel.types.length === 0) return this.graph.relCount;
    let n = 0;
    for (const t of rel.types) n += this.graph.relsOfType(t).length;
    return n;
  }

  /**
   * Cost of a start: for a node, the nodes scanned plus the rows its cheapest first expansion produces
   * (estimate × average fan-out); for a relationship scan, the relationships of its types. So an unconstrained
   * `()-[r]->()` scans relationships in storage order instead of visiting every node's adjacency.
   */
  private bestStart(part: PPart): StartChoice {
    let best: StartChoice | undefined;
    const n = Math.max(1, this.graph.nodeCount);
    part.nodes.forEach((nodeIdx, pos) => {
      const e = this.nodeEstimate(nodeIdx);
      let fanout = part.rels.length ? Infinity : 0;
      for (const ri of [pos - 1, pos]) {
        const rel = part.rels[ri];
        if (!rel && rel !== 0) continue;
        const r = this.rels[rel];
        fanout = Math.min(fanout, (this.relCount(r) / n) * (r.dir === 'both' ? 2 : 1));
      }
      const est = e.est + e.est * fanout;
      if (!best || est < best.est) best = { kind: 'node', pos, est, index: e.index };
    });
    part.rels.forEach((relIdx, pos) => {
      const rel = this.rels[relIdx];
      if (rel.varLen || rel.prebound) return;
      if (this.isBound(rel.left) || this.isBound(rel.right)) return;
      const est = this.relCount(rel) * (rel.dir === 'both' ? 2 : 1);
      if (!best || est < best.est) best = { kind: 'rel', pos, est };
    });
    return best!;
  }

  private planPart(part: PPart, choice: StartChoice): void {
    let leftPos: number, rightPos: number;
    if (choice.kind === 'node') {
      this.planNodeStart(part.nodes[choice.pos], choice.index);
      leftPos = rightPos = choice.pos;
    } else {
      this.planRelScan(part.rels[choice.pos]);
      leftPos = choice.pos;
      rightPos = choice.pos + 1;
    }
    for (let i = rightPos; i < part.rels.length; i++) this.planExpand(part.rels[i], false);
    for (let i = leftPos - 1; i >= 0; i--) this.planExpand(part.rels[i], true);
    if (part.pathVar) {
      this.describe.push(`BuildPath(${part.pathVar.name})`);
      this.push(pathStep(part, this.nodes, this.rels, part.pathVar.slot), [part.pathVar.name]);
    }
  }

  private planNodeStart(nodeIdx: number, index: StartChoice['index']): void {
    const n = this.nodes[nodeIdx];
    const slot = n.slot;
    const labels = n.labels;
    if (this.isBound(nodeIdx)) {
      this.describe.push(`Argument(${n.name})`);
      this.push((row, ctx) => {
        let done = false;
        return () => {
          if (done) return false;
          done = true;
          const v = row[slot];
          return v instanceof NodeVal && ctx.graph.nodeExists(v.id) && hasLabels(ctx.graph, v.id, labels);
        };
      }, [n.name]);
      return;
    }
    this.boundNodes.add(nodeIdx);
    let source: (row: Row, ctx: ExecCtx) => IdList | null;
    if (index) {
      const valueEv = compileExpr(this.env, index.value, this.innerScope, {});
      const key = index.key;
      const isIn = index.isIn;
      this.describe.push(`NodeIndexSeek(${n.name}${labels.map((l) => ':' + l).join('')} ${key}${isIn ? ' IN' : ' ='})`);
      source = (row, ctx) => {
        const v = valueEv(row, ctx);
        if (!isIn) return v === null ? [] : ctx.graph.nodesByProperty(key, v) ?? null;
        if (!Array.isArray(v)) return null;
        const set = new Set<number>();
        for (const x of v) {
          if (x === null) continue;
          const ids = ctx.graph.nodesByProperty(key, x);
          if (ids === undefined) return null;
          for (let i = 0; i < ids.length; i++) set.add(ids[i]);
        }
        return [...set].sort((a, b) => a - b);
      };
    } else if (labels.length) {
      let best = labels[0];
      for (const l of labels) if (this.graph.nodesWithLabel(l).length < this.graph.nodesWithLabel(best).length) best = l;
      this.describe.push(`NodeByLabelScan(${n.name}:${best})`);
      source = (_row, ctx) => ctx.graph.nodesWithLabel(best);
    } else {
      this.describe.push(`AllNodesScan(${n.name})`);
      source = () => null;
    }
    this.push((row, ctx) => {
      const g = ctx.graph;
      let ids = source(row, ctx);
      let all = false;
      if (ids === null) { all = true; ids = EMPTY_IDS; }
      const count = all ? g.nodeCount : ids.length;
      let k = 0;
      return () => {
        while (k < count) {
          const id = all ? k : ids![k];
          k++;
          ctx.budget.tick();
          if (all && !g.nodeExists(id)) continue;
          if (labels.length && !hasLabels(g, id, labels)) continue;
          row[slot] = new NodeVal(id);
          return true;
        }
        return false;
      };
    }, [n.name]);
  }

  private planRelScan(relIdx: number): void {
    const rel = this.rels[relIdx];
    const a = this.nodes[rel.left], b = this.nodes[rel.right];
    const same = rel.left === rel.right;
    this.boundNodes.add(rel.left);
    this.boundNodes.add(rel.right);
    const types = rel.types;
    const multi = types.length > 1;
    const dir = rel.dir;
    const uniqRels = [...this.relSlots], uniqLists = [...this.relListSlots];
    this.relSlots.push(rel.slot);
    this.describe.push(`RelationshipScan(${a.name})-[${rel.name}${types.length ? ':' + types.join('|') : ''}]-(${b.name})`);
    const aSlot = a.slot, bSlot = b.slot, rSlot = rel.slot, aLabels = a.labels, bLabels = b.labels;
    const bindA = this.needed.has(rel.left), bindB = this.needed.has(rel.right);
    this.push((row, ctx) => {
      const g = ctx.graph;
      const ids = types.length === 1 ? g.relsOfType(types[0]) : g.relsOfType();
      let k = 0, flip = false;
      return () => {
        for (;;) {
          let r: number, s: number, t: number;
          if (flip) {
            flip = false;
            r = ids[k - 1];
            s = g.relTarget(r); t = g.relSource(r);
          } else {
            if (k >= ids.length) return false;
            r = ids[k++];
            ctx.budget.tick();
            if (multi && !hasAnyType(g, r, types)) continue;
            const src = g.relSource(r), tgt = g.relTarget(r);
            if (dir === 'in') { s = tgt; t = src; } else { s = src; t = tgt; }
            if (dir === 'both' && src !== tgt) flip = true;
          }
          if (same && s !== t) continue;
          if (aLabels.length && !hasLabels(g, s, aLabels)) continue;
          if (bLabels.length && !hasLabels(g, t, bLabels)) continue;
          if (!unique(row, r, uniqRels, uniqLists)) continue;
          row[rSlot] = new RelVal(r);
          if (bindA) row[aSlot] = new NodeVal(s);
          if (bindB) row[bSlot] = new NodeVal(t);
          return true;
        }
      };
    }, [rel.name, a.name, b.name]);
  }

  private planExpand(relIdx: number, leftward: boolean): void {
    const rel = this.rels[relIdx];
    const fromIdx = leftward ? rel.right : rel.left;
    const toIdx = leftward ? rel.left : rel.right;
    const from = this.nodes[fromIdx], to = this.nodes[toIdx];
    const dir: Direction = !leftward || rel.dir === 'both' ? rel.dir : rel.dir === 'out' ? 'in' : 'out';
    const toBound = this.isBound(toIdx);
    this.boundNodes.add(toIdx);
    const uniqRels = [...this.relSlots], uniqLists = [...this.relListSlots];
    const cfg: ExpandCfg = {
      from: from.slot, to: to.slot, rel: rel.slot, dir, types: rel.types, toLabels: to.labels, toBound,
      relBound: rel.prebound, uniqRels, uniqLists, bindTo: this.needed.has(toIdx),
    };
    const arrow = `${dir === 'in' ? '<' : ''}-[${rel.name}${rel.types.length ? ':' + rel.types.join('|') : ''}${rel.varLen ? `*${rel.varLen.min}..${rel.varLen.unbounded ? '' : rel.varLen.max}` : ''}]-${dir === 'out' ? '>' : ''}`;
    if (rel.varLen && rel.prebound) {
      // A relationship list bound earlier (`WITH [r1, r2] AS rs MATCH (a)-[rs*]->(b)`): follow exactly those.
      this.relListSlots.push(rel.slot);
      this.describe.push(`FollowBoundList(${from.name})${arrow}(${to.name})`);
      this.push(boundListStep(cfg, leftward), [rel.name, to.name]);
    } else if (rel.varLen) {
      this.relListSlots.push(rel.slot);
      this.describe.push(`VarLengthExpand(${from.name})${arrow}(${to.name})`);
      const props = rel.props.map(([k, e]) => [k, compileExpr(this.env, e, this.innerScope, {})] as [string, Ev]);
      this.push(varExpandStep(cfg, rel.varLen, props, leftward), [rel.name, to.name]);
    } else {
      this.relSlots.push(rel.slot);
      this.describe.push(`${toBound ? 'ExpandInto' : 'Expand'}(${from.name})${arrow}(${to.name})`);
      this.push(expandStep(cfg), [rel.name, to.name]);
    }
  }
}

const EMPTY_IDS: IdList = [];

interface ExpandCfg {
  from: number; to: number; rel: number; dir: Direction; types: string[]; toLabels: string[]; toBound: boolean;
  relBound: boolean; uniqRels: number[]; uniqLists: number[];
  /** False when nothing reads the target node (an anonymous end of the pattern). */
  bindTo: boolean;
}

function hasLabels(g: PropertyGraph, id: number, labels: string[]): boolean {
  for (const l of labels) if (!g.hasLabel(id, l)) return false;
  return true;
}
function hasAnyType(g: PropertyGraph, r: number, types: string[]): boolean {
  for (const t of types) if (g.relHasType(r, t)) return true;
  return false;
}
function unique(row: Row, r: number, uniqRels: number[], uniqLists: number[]): boolean {
  for (const s of uniqRels) { const v = row[s]; if (v instanceof RelVal && v.id === r) return false; }
  for (const s of uniqLists) { const l = row[s]; if (Array.isArray(l)) for (const x of l) if ((x as RelVal).id === r) return false; }
  return true;
}

/** Adjacency lists to walk from `node` in direction `dir` (an `in` list marks the relationships walked backwards). */
function adjacency(g: PropertyGraph, node: number, dir: Direction, types: string[]): { lists: IdList[]; forward: boolean[] } {
  const lists: IdList[] = [], forward: boolean[] = [];
  const t = types.length === 1 ? types[0] : undefined;
  if (dir !== 'in') { lists.push(g.outRels(node, t)); forward.push(true); }
  if (dir !== 'out') { lists.push(g.inRels(node, t)); forward.push(false); }
  return { lists, forward };
}

function expandStep(cfg: ExpandCfg): Step {
  const { from, to, rel, dir, types, toLabels, toBound, relBound, uniqRels, uniqLists, bindTo } = cfg;
  const multi = types.length > 1;
  return (row, ctx) => {
    const fv = row[from];
    if (!(fv instanceof NodeVal)) return NO_MORE;
    const f = fv.id;
    const g = ctx.graph;
    if (relBound) {
      let done = false;
      return () => {
        if (done) return false;
        done = true;
        const rv = row[rel];
        if (!(rv instanceof RelVal)) return false;
        const r = rv.id;
        if (types.length && !hasAnyType(g, r, types)) return false;
        const s = g.relSource(r), t = g.relTarget(r);
        let other: number;
        if (dir === 'out') { if (s !== f) return false; other = t; }
        else if (dir === 'in') { if (t !== f) return false; other = s; }
        else if (s === f) other = t;
        else if (t === f) other = s;
        else return false;
        if (!unique(row, r, uniqRels, uniqLists)) return false;
        if (toLabels.length && !hasLabels(g, other, toLabels)) return false;
        if (toBound) { const tv = row[to]; return tv instanceof NodeVal && tv.id === other; }
        row[to] = new NodeVal(other);
        return true;
      };
    }
    // Phase 0 walks the outgoing list, phase 1 the incoming one (allocation-free when the graph offers ranges).
    const t = types.length === 1 ? types[0] : undefined;
    let phase = dir === 'in' ? 1 : 0;
    const lastPhase = dir === 'out' ? 0 : 1;
    let ids: IdList = EMPTY_IDS, k = 0, end = 0;
    const load = () => {
      if (g.adjacencyRange) { const r = g.adjacencyRange(f, phase === 0, t); ids = r.ids; k = r.start; end = r.end; }
      else { ids = phase === 0 ? g.outRels(f, t) : g.inRels(f, t); k = 0; end = ids.length; }
    };
    load();
    return () => {
      for (;;) {
        if (k >= end) {
          if (phase >= lastPhase) return false;
          phase++;
          load();
          continue;
        }
        const r = ids[k++];
        ctx.budget.tick();
        if (multi && !hasAnyType(g, r, types)) continue;
        const fw = phase === 0;
        const other = fw ? g.relTarget(r) : g.relSource(r);
        // An undirected pattern sees a self-loop in both lists; count it once.
        if (!fw && dir === 'both' && other === f) continue;
        if (toBound) {
          const tv = row[to];
          if (!(tv instanceof NodeVal) || tv.id !== other) continue;
        }
        if (toLabels.length && !hasLabels(g, other, toLabels)) continue;
        if (!unique(row, r, uniqRels, uniqLists)) continue;
        row[rel] = new RelVal(r);
        if (!toBound && bindTo) row[to] = new NodeVal(other);
        return true;
      }
    };
  };
}

function varExpandStep(cfg: ExpandCfg, range: { min: number; max: number; unbounded: boolean }, props: [string, Ev][], leftward: boolean): Step {
  const { from, to, rel, dir, types, toLabels, toBound, uniqRels, uniqLists } = cfg;
  const multi = types.length > 1;
  return (row, ctx) => {
    const fv = row[from];
    if (!(fv instanceof NodeVal)) return NO_MORE;
    const g = ctx.graph;
    const start = fv.id;
    const min = range.min;
    const max = range.unbounded ? Math.max(min, ctx.budget.opts.maxVarLengthHops) : range.max;
    const propVals = props.map(([k, ev]) => [k, ev(row, ctx)] as [string, Value]);
    const frames: { lists: IdList[]; forward: boolean[]; li: number; k: number; node: number }[] = [];
    const pathRels: number[] = [];
    const open = (node: number) => { const a = adjacency(g, node, dir, types); frames.push({ ...a, li: 0, k: 0, node }); };
    if (max >= 1) open(start);
    let zeroPending = min === 0;

    const endOk = (node: number): boolean => {
      if (toBound) { const tv = row[to]; if (!(tv instanceof NodeVal) || tv.id !== node) return false; }
      return !toLabels.length || hasLabels(g, node, toLabels);
    };
    const bind = (node: number) => {
      const list: Value[] = pathRels.map((r) => new RelVal(r));
      if (leftward) list.reverse();
      row[rel] = list;
      if (!toBound) row[to] = new NodeVal(node);
    };
    const relOk = (r: number): boolean => {
      for (const [k, v] of propVals) if (equals(g.relProperty(r, k), v) !== true) return false;
      return true;
    };

    return () => {
      if (zeroPending) {
        zeroPending = false;
        if (endOk(start)) { bind(start); return true; }
      }
      while (frames.length) {
        while (pathRels.length > frames.length - 1) pathRels.pop();
        const fr = frames[frames.length - 1];
        if (fr.li >= fr.lists.length) { frames.pop(); continue; }
        const list = fr.lists[fr.li];
        if (fr.k >= list.length) { fr.li++; fr.k = 0; continue; }
        const r = list[fr.k++];
        ctx.budget.tick();
        if (multi && !hasAnyType(g, r, types)) continue;
        const fw = fr.forward[fr.li];
        const other = fw ? g.relTarget(r) : g.relSource(r);
        if (!fw && dir === 'both' && other === fr.node) continue;
        if (pathRels.includes(r)) continue;
        if (!unique(row, r, uniqRels, uniqLists)) continue;
        if (propVals.length && !relOk(r)) continue;
        pathRels.push(r);
        const depth = pathRels.length;
        if (depth < max) open(other);
        else if (range.unbounded && ctx.warnings && canExtend(g, other, dir, types, pathRels)) ctx.warnings.add(`an unbounded variable-length relationship stopped at ${max} hops; give an explicit upper bound (e.g. *1..20) to go further`);
        if (depth >= min && endOk(other)) { bind(other); return true; }
      }
      return false;
    };
  };
}

function boundListStep(cfg: ExpandCfg, leftward: boolean): Step {
  const { from, to, rel, dir, types, toLabels, toBound } = cfg;
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      const fv = row[from], lv = row[rel];
      if (!(fv instanceof NodeVal) || !Array.isArray(lv)) return false;
      const g = ctx.graph;
      const list = leftward ? [...lv].reverse() : lv;
      let cur = fv.id;
      for (const x of list) {
        if (!(x instanceof RelVal)) return false;
        if (types.length && !hasAnyType(g, x.id, types)) return false;
        const s = g.relSource(x.id), t = g.relTarget(x.id);
        if (dir !== 'in' && s === cur) cur = t;
        else if (dir !== 'out' && t === cur) cur = s;
        else return false;
      }
      if (toLabels.length && !hasLabels(g, cur, toLabels)) return false;
      if (toBound) { const tv = row[to]; return tv instanceof NodeVal && tv.id === cur; }
      row[to] = new NodeVal(cur);
      return true;
    };
  };
}

/** Whether a path ending at `node` has a relationship it could still follow (for the capped-`*` warning). */
function canExtend(g: PropertyGraph, node: number, dir: Direction, types: string[], used: number[]): boolean {
  const { lists } = adjacency(g, node, dir, types);
  for (const l of lists) for (let i = 0; i < l.length; i++) if (!used.includes(l[i]) && (types.length <= 1 || hasAnyType(g, l[i], types))) return true;
  return false;
}

function pathStep(part: PPart, nodes: PNode[], rels: PRel[], slot: number): Step {
  const nodeSlots = part.nodes.map((i) => nodes[i].slot);
  const relInfo = part.rels.map((i) => ({ slot: rels[i].slot, varLen: rels[i].varLen !== undefined }));
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      const g = ctx.graph;
      const first = row[nodeSlots[0]] as NodeVal;
      const pn: number[] = [first.id];
      const pr: number[] = [];
      let cur = first.id;
      for (let i = 0; i < relInfo.length; i++) {
        const v = row[relInfo[i].slot];
        const list = relInfo[i].varLen ? (v as RelVal[]) : [v as RelVal];
        for (const r of list) {
          const s = g.relSource(r.id), t = g.relTarget(r.id);
          cur = s === cur ? t : s;
          pr.push(r.id);
          pn.push(cur);
        }
        cur = (row[nodeSlots[i + 1]] as NodeVal).id;
      }
      row[slot] = new PathVal(pn, pr);
      return true;
    };
  };
}

function guardStep(preds: Ev[]): Step {
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      for (const p of preds) if (p(row, ctx) !== true) return false;
      return true;
    };
  };
}

function withFilters(step: Step, filters: Ev[]): Step {
  if (filters.length === 0) return step;
  return (row, ctx) => {
    const c = step(row, ctx);
    return () => {
      while (c()) {
        let ok = true;
        for (const f of filters) if (f(row, ctx) !== true) { ok = false; break; }
        if (ok) return true;
      }
      return false;
    };
  };
}

/**
 * Push-mode execution: calls `cb` with the working row for each complete match. The row is only valid during
 * the call (it is overwritten by the next match); a consumer that keeps it must copy it.
 */
function pushSteps(steps: Step[], input: Row, ctx: ExecCtx, cb: (row: Row) => void): void {
  const row = input.slice();
  const n = steps.length;
  const cur: Cursor[] = new Array(n);
  let i = 0;
  cur[0] = steps[0](row, ctx);
  while (i >= 0) {
    if (cur[i]()) {
      if (i === n - 1) cb(row);
      else { i++; cur[i] = steps[i](row, ctx); }
    } else {
      i--;
    }
  }
}

/** Depth-first execution of the step cursors over one input row; yields a copy per complete match. */
function* runSteps(steps: Step[], input: Row, ctx: ExecCtx): Generator<Row> {
  const row = input.slice();
  const n = steps.length;
  const cur: Cursor[] = new Array(n);
  let i = 0;
  cur[0] = steps[0](row, ctx);
  while (i >= 0) {
    if (cur[i]()) {
      if (i === n - 1) yield row.slice();
      else { i++; cur[i] = steps[i](row, ctx); }
    } else {
      i--;
    }
  }
}
