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
import type { Value } from './values.ts';
import {
  argumentStep, boundListStep, expandStep, guardStep, nodeScanStep, pathStep, pushSteps, relScanStep, runSteps, varExpandStep, withFilters,
  type ExpandCfg, type Step,
} from './steps.ts';

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

  // GitNexus keeps a community's or process's name in `label`; here `label` is the node label. Say so when a
  // query compares it with something that is no label, instead of silently matching nothing.
  const knownLabels = new Set(env.graph.labelNames());
  for (const c of conj) {
    for (const n of nodes) {
      const m = matchPropEq(c.expr, n.name);
      if (!m || m[0] !== 'label') continue;
      const v = constValue(env, m[1]);
      if (typeof v === 'string' && !knownLabels.has(v)) {
        env.warn(`'${v}' is not a node label: n.label is the node's label (${[...knownLabels].join(', ')}); a community's or process's name is n.name`);
      }
    }
  }

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
      this.push(pathStep(part.nodes.map((i) => this.nodes[i].slot), part.rels.map((i) => ({ slot: this.rels[i].slot, varLen: this.rels[i].varLen !== undefined })), part.pathVar.slot), [part.pathVar.name]);
    }
  }

  private planNodeStart(nodeIdx: number, index: StartChoice['index']): void {
    const n = this.nodes[nodeIdx];
    const slot = n.slot;
    const labels = n.labels;
    if (this.isBound(nodeIdx)) {
      this.describe.push(`Argument(${n.name})`);
      this.push(argumentStep(slot, labels), [n.name]);
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
    this.push(nodeScanStep(slot, labels, source), [n.name]);
  }

  private planRelScan(relIdx: number): void {
    const rel = this.rels[relIdx];
    const a = this.nodes[rel.left], b = this.nodes[rel.right];
    const same = rel.left === rel.right;
    this.boundNodes.add(rel.left);
    this.boundNodes.add(rel.right);
    const types = rel.types;
    const dir = rel.dir;
    const uniqRels = [...this.relSlots], uniqLists = [...this.relListSlots];
    this.relSlots.push(rel.slot);
    this.describe.push(`RelationshipScan(${a.name})-[${rel.name}${types.length ? ':' + types.join('|') : ''}]-(${b.name})`);
    const aSlot = a.slot, bSlot = b.slot, rSlot = rel.slot, aLabels = a.labels, bLabels = b.labels;
    const bindA = this.needed.has(rel.left), bindB = this.needed.has(rel.right);
    this.push(relScanStep({ aSlot, bSlot, rSlot, aLabels, bLabels, bindA, bindB, same, types, dir, uniqRels, uniqLists }), [rel.name, a.name, b.name]);
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

