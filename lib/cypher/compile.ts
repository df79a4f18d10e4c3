/**
 * Query compiler: semantic checks (scopes, variable kinds, aggregation rules, clause composition) and
 * translation of clauses into lazy row operators. Planning uses the actual graph and parameter values.
 */
import type { Clause, Expr, PatternPart, Projection, Query, SingleQuery } from './ast.ts';
import { children, containsAggregate, exprKey, referencedVars } from './ast-utils.ts';
import { CypherError, runtimeError, syntaxError, type CypherErrorKind } from './errors.ts';
import { compileExpr, compilePredicate } from './eval.ts';
import type { MutableGraph, PropertyGraph } from './graph.ts';
import { compileMatchPlan } from './match.ts';
import { staticType } from './types.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import type { AggSpec, CompileEnv, MatchPlan, Scope, VarInfo } from './scope.ts';
import { CFloat, NodeVal, PathVal, RelVal, keyOfAll, typeName, type Value } from './values.ts';
import {
  aggregate, concat, deleteOp, distinctRows, filterRows, matchOp, optionalMatchOp, project, skipLimit, sortRows, unwindOp, type Op,
} from './operators.ts';


export interface CompiledQuery {
  columns: string[];
  /** Runs the query; each row holds the column values at `colSlots`. */
  run(ctx: ExecCtx): Iterable<Row>;
  colSlots: number[];
  /** Plan summary of every MATCH (for tests and debugging). */
  plan: string[];
  /** Compile-time notes (e.g. a label property compared with something that is no label). */
  warnings: string[];
}

export interface CompileOptions {
  /** Test-only: execute CREATE / DELETE against a MutableGraph. */
  allowWrites?: boolean;
}

/** Compiles a parsed query against a graph and parameters. */
export function compileQuery(ast: Query, src: string, graph: PropertyGraph, params: ReadonlyMap<string, Value>, options: CompileOptions = {}): CompiledQuery {
  return new Compiler(src, graph, params, options).query(ast);
}

class Compiler implements CompileEnv {
  private nslots = 0;
  readonly plan: string[] = [];
  private lineStarts?: number[];

  constructor(
    readonly src: string,
    readonly graph: PropertyGraph,
    readonly params: ReadonlyMap<string, Value>,
    private readonly options: CompileOptions,
  ) {}

  readonly warnings: string[] = [];
  newSlot(): number { return this.nslots++; }
  warn(message: string): void { if (!this.warnings.includes(message)) this.warnings.push(message); }

  error(at: number, detail: string, message: string, kind: CypherErrorKind = 'SyntaxError'): CypherError {
    if (kind === 'SyntaxError') return syntaxError(detail, message, this.pos(at));
    const p = this.pos(at);
    return new CypherError(kind, 'compile', `${message} (line ${p.line}, column ${p.column})`, { detail, ...p });
  }

  private pos(at: number): { line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let k = 0; k < this.src.length; k++) if (this.src[k] === '\n') this.lineStarts.push(k + 1);
    }
    const ls = this.lineStarts;
    let lo = 0, hi = ls.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ls[mid] <= at) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: at - ls[lo] + 1 };
  }

  compileMatch(parts: PatternPart[], where: Expr | undefined, scope: Scope, opts: { allowNewVars: boolean }): MatchPlan {
    const plan = compileMatchPlan(this, parts, where, scope, opts);
    this.plan.push(...plan.describe);
    return plan;
  }

  compileSubquery(q: Query, scope: Scope): (row: Row, ctx: ExecCtx) => Iterable<Row> {
    const ops = q.parts.map((p) => this.single(p, scope, false).op);
    return (row, ctx) => concat(ops.map((op) => () => op([row], ctx)));
  }

  query(ast: Query): CompiledQuery {
    for (let i = 1; i < ast.unionAll.length; i++) {
      if (ast.unionAll[i] !== ast.unionAll[0]) {
        throw this.error(ast.parts[i + 1].clauses[0].at, 'InvalidClauseComposition', 'UNION and UNION ALL cannot be mixed in one query');
      }
    }
    const compiled = ast.parts.map((p) => this.single(p, new Map(), true));
    const columns = compiled[0].columns!;
    for (let i = 1; i < compiled.length; i++) {
      const c = compiled[i].columns!;
      if (c.length !== columns.length || c.some((x, k) => x !== columns[k])) {
        throw this.error(ast.parts[i].clauses[0].at, 'DifferentColumnsInUnion', `all parts of a UNION must return the same columns (${columns.join(', ')} vs ${c.join(', ')})`);
      }
    }
    const nslotsRef = () => this.nslots;
    if (compiled.length === 1) {
      const { op, colSlots } = compiled[0];
      return {
        columns, colSlots: colSlots!, plan: this.plan, warnings: this.warnings,
        run: (ctx) => op([new Array(nslotsRef()).fill(null)], ctx),
      };
    }
    // UNION: re-map every part's columns onto the first part's slots.
    const target = compiled[0].colSlots!;
    const distinct = !ast.unionAll[0];
    return {
      columns, colSlots: target, plan: this.plan, warnings: this.warnings,
      run: function* (ctx) {
        const seen = new Set<string>();
        for (const part of compiled) {
          for (const row of part.op([new Array(nslotsRef()).fill(null)], ctx)) {
            const out: Row = new Array(row.length);
            for (let k = 0; k < target.length; k++) out[target[k]] = row[part.colSlots![k]];
            if (distinct) {
              const key = keyOfAll(target.map((s) => out[s]));
              if (seen.has(key)) continue;
              seen.add(key);
              ctx.budget.checkRows(seen.size);
            }
            yield out;
          }
        }
      },
    };
  }

  /** Compiles one single query (no UNION); `top` requires it to end with RETURN. */
  private single(q: SingleQuery, initial: Scope, top: boolean): { op: Op; scope: Scope; columns?: string[]; colSlots?: number[] } {
    let scope = initial;
    const ops: Op[] = [];
    let columns: string[] | undefined, colSlots: number[] | undefined;
    const clauses = q.clauses;
    for (let i = 0; i < clauses.length; i++) {
      const c = clauses[i];
      const last = i === clauses.length - 1;
      if (c.k === 'return' && !last) throw this.error(clauses[i + 1].at, 'InvalidClauseComposition', 'RETURN must be the last clause');
      const r = this.clause(c, scope, clauses.length === 1);
      ops.push(r.op);
      scope = r.scope;
      if (c.k === 'return' || (c.k === 'call' && last)) { columns = r.columns; colSlots = r.colSlots; }
    }
    const lastClause = clauses[clauses.length - 1];
    if (top && lastClause.k !== 'return' && !(lastClause.k === 'call' && columns)) {
      if (!(this.options.allowWrites && (lastClause.k === 'create' || lastClause.k === 'delete'))) {
        throw this.error(lastClause.at, 'InvalidClauseComposition', `a query cannot end with ${lastClause.k.toUpperCase()}; finish it with RETURN`);
      }
      columns = [];
      colSlots = [];
    }
    const op: Op = ops.length === 1 ? ops[0] : (input, ctx) => ops.reduce<Iterable<Row>>((rows, o) => o(rows, ctx), input);
    return { op, scope, columns, colSlots };
  }

  private clause(c: Clause, scope: Scope, standalone: boolean): { op: Op; scope: Scope; columns?: string[]; colSlots?: number[] } {
    switch (c.k) {
      case 'match': {
        const plan = this.compileMatch(c.patterns, c.where, scope, { allowNewVars: true });
        return { op: c.optional ? optionalMatchOp(plan) : matchOp(plan), scope: plan.scope };
      }
      case 'unwind': {
        if (scope.has(c.alias)) throw this.error(c.at, 'VariableAlreadyBound', `variable '${c.alias}' is already defined`);
        const ev = compileExpr(this, c.expr, scope, { where: 'in UNWIND' });
        const slot = this.newSlot();
        const next = new Map(scope).set(c.alias, { slot, kind: 'value' });
        return { op: unwindOp(ev, slot), scope: next };
      }
      case 'with': return this.projection(c.proj, scope, true, c.where, c.at);
      case 'return': return this.projection(c.proj, scope, false, undefined, c.at);
      case 'call': return this.call(c, scope, standalone);
      case 'create': return this.create(c.patterns, scope, c.at);
      case 'delete': {
        const evs = c.exprs.map((e) => compileExpr(this, e, scope));
        return { op: deleteOp(evs, c.detach), scope };
      }
    }
  }

  // ---- projections ------------------------------------------------------------------------------------------
  private projection(proj: Projection, scope: Scope, isWith: boolean, where: Expr | undefined, at: number) {
    interface Item { expr: Expr; name: string }
    const items: Item[] = [];
    if (proj.star) {
      const names = [...scope].filter(([, v]) => !v.hidden).map(([k]) => k).sort();
      if (names.length === 0 && proj.items.length === 0) throw this.error(at, 'NoVariablesInScope', `${isWith ? 'WITH' : 'RETURN'} * has no variables in scope`);
      for (const n of names) items.push({ expr: { k: 'var', name: n, at, end: at }, name: n });
    }
    for (const it of proj.items) {
      items.push({ expr: it.expr, name: it.alias ?? (it.expr.k === 'var' ? it.expr.name : it.text) });
    }
    const seenNames = new Set<string>();
    for (const it of items) {
      if (seenNames.has(it.name)) throw this.error(it.expr.at, 'ColumnNameConflict', `column name '${it.name}' is used more than once`);
      seenNames.add(it.name);
    }

    const aggregating = items.some((it) => containsAggregate(it.expr));
    const newScope = new Map<string, VarInfo>();
    const slots: number[] = [];
    for (const it of items) {
      const kind = it.expr.k === 'var' ? scope.get(it.expr.name)?.kind ?? 'value' : 'value';
      const slot = this.newSlot();
      slots.push(slot);
      const stype = kind === 'value' ? staticType(it.expr, scope) : undefined;
      newScope.set(it.name, { slot, kind, ...(stype && stype !== 'any' ? { stype } : {}) });
    }

    const aggSpecs: AggSpec[] = [];
    const keyIdx: number[] = [], aggIdx: number[] = [];
    const itemEvs: Ev[] = new Array(items.length);
    const subst = new Map<string, number>();
    if (!aggregating) {
      items.forEach((it, i) => { itemEvs[i] = compileExpr(this, it.expr, scope, { where: 'here' }); });
    } else {
      items.forEach((it, i) => { if (containsAggregate(it.expr)) aggIdx.push(i); else keyIdx.push(i); });
      for (const i of keyIdx) { itemEvs[i] = compileExpr(this, items[i].expr, scope, {}); subst.set(exprKey(items[i].expr), slots[i]); }
      // Only variables and property lookups can be reused next to an aggregate (openCypher).
      const keyKeys = new Set(keyIdx.filter((i) => isSimpleKey(items[i].expr)).map((i) => exprKey(items[i].expr)));
      for (const i of aggIdx) {
        this.checkAmbiguous(items[i].expr, keyKeys, new Set());
        itemEvs[i] = compileExpr(this, items[i].expr, scope, { agg: aggSpecs, subst });
      }
    }
    if (aggregating || proj.distinct) items.forEach((it, i) => { if (!subst.has(exprKey(it.expr))) subst.set(exprKey(it.expr), slots[i]); });

    // ORDER BY sees the projected names, and (without aggregation or DISTINCT) the variables before them.
    let orderEvs: Ev[] | undefined, orderDesc: boolean[] | undefined;
    if (proj.order) {
      const orderScope: Map<string, VarInfo> = aggregating || proj.distinct ? new Map(newScope) : new Map([...scope, ...newScope]);
      orderEvs = proj.order.map((o) => {
        if (aggregating && containsAggregate(o.expr)) {
          const keyKeys = new Set(items.filter((it) => isSimpleKey(it.expr) && !containsAggregate(it.expr)).map((it) => exprKey(it.expr)));
          this.checkAmbiguousOrder(o.expr, keyKeys, orderScope);
        }
        return compileExpr(this, o.expr, orderScope, aggregating ? { agg: aggSpecs, subst } : { subst: proj.distinct ? subst : undefined, where: 'in ORDER BY after a projection without aggregation' });
      });
      orderDesc = proj.order.map((o) => o.desc);
    }
    const skip = proj.skip ? this.constantInt(proj.skip, 'SKIP') : undefined;
    const limit = proj.limit ? this.constantInt(proj.limit, 'LIMIT') : undefined;
    // WITH … WHERE also sees the variables from before the WITH when rows were not grouped or deduplicated.
    const whereScope = aggregating ? newScope : new Map([...scope, ...newScope]);
    const whereEv = where ? compilePredicate(this, where, whereScope, { where: 'in WHERE' }) : undefined;

    // Checked last so that errors about the expressions themselves take precedence.
    if (isWith) for (const it of proj.items) {
      if (it.alias === undefined && it.expr.k !== 'var') throw this.error(it.expr.at, 'NoExpressionAlias', `expression '${it.text}' in WITH must be aliased (use AS)`);
    }
    const distinct = proj.distinct;
    const blank = () => new Array<Value>(this.nslots).fill(null);
    const op: Op = (input, ctx) => {
      let rows: Iterable<Row> = aggregating
        ? aggregate(input, ctx, blank, keyIdx.map((i) => itemEvs[i]), keyIdx.map((i) => slots[i]), aggIdx.map((i) => itemEvs[i]), aggIdx.map((i) => slots[i]), aggSpecs)
        : project(input, ctx, itemEvs, slots);
      if (distinct) rows = distinctRows(rows, ctx, slots);
      const skipN = skip ? skip(ctx) : 0;
      const limitN = limit ? limit(ctx) : Infinity;
      if (orderEvs) rows = sortRows(rows, ctx, orderEvs, orderDesc!, skipN + limitN);
      if (skip || limit) rows = skipLimit(rows, skipN, limitN);
      if (whereEv) rows = filterRows(rows, ctx, whereEv);
      return rows;
    };
    return { op, scope: newScope, columns: isWith ? undefined : items.map((it) => it.name), colSlots: isWith ? undefined : slots };
  }

  /** Variables used outside aggregates in an aggregating item must be grouping keys. */
  private checkAmbiguous(e: Expr, keyKeys: Set<string>, local: Set<string>): void {
    if (keyKeys.has(exprKey(e))) return;
    switch (e.k) {
      case 'call': if (containsAggregate(e) && e.args.every((a) => !containsAggregate(a))) return; break;
      case 'var':
        if (local.has(e.name)) return;
        throw this.error(e.at, 'AmbiguousAggregationExpression', `'${e.name}' must be a grouping key to be used next to an aggregate`);
      case 'listComp': case 'quant': {
        this.checkAmbiguous(e.list, keyKeys, local);
        const inner = new Set(local).add(e.v);
        if (e.where) this.checkAmbiguous(e.where, keyKeys, inner);
        if (e.k === 'listComp' && e.proj) this.checkAmbiguous(e.proj, keyKeys, inner);
        return;
      }
      case 'reduce': {
        this.checkAmbiguous(e.init, keyKeys, local);
        this.checkAmbiguous(e.list, keyKeys, local);
        this.checkAmbiguous(e.expr, keyKeys, new Set(local).add(e.v).add(e.acc));
        return;
      }
      case 'pattern': case 'patternComp': case 'exists':
        // Pattern variables may be local to the pattern; these are checked when the pattern compiles.
        return;
    }
    forEachChild(e, (c) => this.checkAmbiguous(c, keyKeys, local));
  }

  /** ORDER BY with an aggregate: outside the aggregate only projected names and simple projected keys may appear. */
  private checkAmbiguousOrder(e: Expr, keyKeys: Set<string>, orderScope: Map<string, VarInfo>): void {
    if (keyKeys.has(exprKey(e))) return;
    if (e.k === 'call' && containsAggregate(e) && e.args.every((a) => !containsAggregate(a))) return;
    if (e.k === 'var') {
      if (orderScope.has(e.name)) return;
      throw this.error(e.at, 'UndefinedVariable', `variable '${e.name}' is not defined`);
    }
    if (e.k === 'prop' && e.obj.k === 'var' && !orderScope.has(e.obj.name)) {
      throw this.error(e.at, 'UndefinedVariable', `variable '${e.obj.name}' is not defined`);
    }
    if (e.k !== 'lit' && e.k !== 'param' && e.k !== 'prop' && !containsAggregate(e) && [...referencedVars(e)].some((v) => !orderScope.has(v))) {
      throw this.error(e.at, 'AmbiguousAggregationExpression', 'expressions next to an aggregate in ORDER BY must be projected variables or property lookups');
    }
    forEachChild(e, (c) => this.checkAmbiguousOrder(c, keyKeys, orderScope));
  }

  /** SKIP/LIMIT: a non-negative integer that does not depend on rows. */
  private constantInt(e: Expr, what: string): (ctx: ExecCtx) => number {
    if (referencedVars(e).size > 0) throw this.error(e.at, 'NonConstantExpression', `${what} must be a constant expression`);
    if (e.k === 'lit') checkCount(e.value, what, 'compile', (d, m) => this.error(e.at, d, m));
    const ev = compileExpr(this, e, new Map(), { where: `in ${what}` });
    return (ctx) => {
      const v = ev([], ctx);
      checkCount(v, what, 'runtime', (d, m) => new CypherError('SyntaxError', 'runtime', m, { detail: d }));
      return Number(v);
    };
  }

  // ---- CALL -------------------------------------------------------------------------------------------------
  private call(c: Extract<Clause, { k: 'call' }>, scope: Scope, standalone: boolean) {
    const fields: Record<string, string> = { 'db.labels': 'label', 'db.relationshiptypes': 'relationshipType', 'db.propertykeys': 'propertyKey' };
    const field = fields[c.proc];
    if (c.args && c.args.length > 0) throw this.error(c.at, 'InvalidNumberOfArguments', `${c.proc}() takes no arguments`);
    if (!c.yields && !c.yieldStar && !standalone) throw this.error(c.at, 'UnexpectedSyntax', `CALL ${c.proc}() inside a query needs YIELD`);
    const yields = c.yields ?? [{ name: field }];
    for (const y of yields) if (y.name !== field) throw this.error(c.at, 'UndefinedVariable', `${c.proc}() yields '${field}', not '${y.name}'`);
    const next = new Map(scope);
    const slots: number[] = [];
    const names: string[] = [];
    for (const y of yields) {
      const name = y.alias ?? y.name;
      if (next.has(name)) throw this.error(c.at, 'VariableAlreadyBound', `variable '${name}' is already defined`);
      const slot = this.newSlot();
      next.set(name, { slot, kind: 'value' });
      slots.push(slot);
      names.push(name);
    }
    const whereEv = c.where ? compilePredicate(this, c.where, next) : undefined;
    const proc = c.proc;
    const op: Op = function* (input, ctx) {
      const g = ctx.graph;
      const values = proc === 'db.labels' ? g.labelNames() : proc === 'db.relationshiptypes' ? g.relTypeNames() : g.propertyKeyNames();
      for (const row of input) {
        for (const v of values) {
          const out = row.slice();
          for (const s of slots) out[s] = v;
          if (whereEv && whereEv(out, ctx) !== true) continue;
          yield out;
        }
      }
    };
    return { op, scope: next, columns: names, colSlots: slots };
  }

  // ---- CREATE (test-only) -------------------------------------------------------------------------------------
  private create(patterns: PatternPart[], scope: Scope, at: number) {
    if (!this.options.allowWrites) throw new CypherError('ReadOnly', 'compile', 'CREATE is not allowed: cypher queries are read-only');
    const next = new Map(scope);
    type NodeSpec = { slot: number; create: boolean; labels: string[]; props?: Ev };
    type RelSpec = { slot: number; type: string; from: number; to: number; props?: Ev };
    const plan: { nodes: NodeSpec[]; rels: RelSpec[]; path?: number }[] = [];
    for (const part of patterns) {
      const nodes: NodeSpec[] = [];
      const rels: RelSpec[] = [];
      for (const np of part.nodes) {
        const existing = np.v !== undefined ? next.get(np.v) : undefined;
        if (existing) {
          if (existing.kind !== 'node' && existing.kind !== 'value') throw this.error(np.at, 'VariableTypeConflict', `variable '${np.v}' is not a node`);
          if (np.labels.length || np.props) throw this.error(np.at, 'VariableAlreadyBound', `variable '${np.v}' is already bound`);
          nodes.push({ slot: existing.slot, create: false, labels: [] });
          continue;
        }
        const slot = this.newSlot();
        if (np.v !== undefined) next.set(np.v, { slot, kind: 'node' });
        nodes.push({ slot, create: true, labels: np.labels, props: np.props ? compileExpr(this, np.props, next) : undefined });
      }
      part.rels.forEach((rp, i) => {
        if (rp.types.length !== 1) throw this.error(rp.at, 'NoSingleRelationshipType', 'CREATE needs exactly one relationship type');
        if (rp.dir === 'both') throw this.error(rp.at, 'RequiresDirectedRelationship', 'CREATE needs a directed relationship');
        if (rp.range) throw this.error(rp.at, 'CreatingVarLength', 'CREATE cannot create variable-length relationships');
        if (rp.v !== undefined && next.has(rp.v)) throw this.error(rp.at, 'VariableAlreadyBound', `variable '${rp.v}' is already bound`);
        const slot = this.newSlot();
        if (rp.v !== undefined) next.set(rp.v, { slot, kind: 'rel' });
        const a = nodes[i].slot, b = nodes[i + 1].slot;
        rels.push({ slot, type: rp.types[0], from: rp.dir === 'out' ? a : b, to: rp.dir === 'out' ? b : a, props: rp.props ? compileExpr(this, rp.props, next) : undefined });
      });
      let path: number | undefined;
      if (part.pathVar) { path = this.newSlot(); next.set(part.pathVar, { slot: path, kind: 'path' }); }
      plan.push({ nodes, rels, path });
    }
    void at;
    const op: Op = function* (input, ctx) {
      const g = ctx.graph as MutableGraph;
      const rows = [...input];
      for (const row of rows) {
        const out = row.slice();
        for (const p of plan) {
          for (const n of p.nodes) {
            if (!n.create) continue;
            const props = n.props ? (n.props(out, ctx) as Map<string, Value>) : new Map<string, Value>();
            out[n.slot] = new NodeVal(g.createNode(n.labels, props));
          }
          for (const r of p.rels) {
            const props = r.props ? (r.props(out, ctx) as Map<string, Value>) : new Map<string, Value>();
            const a = out[r.from], b = out[r.to];
            if (!(a instanceof NodeVal) || !(b instanceof NodeVal)) throw runtimeError('TypeError', 'InvalidArgumentType', 'CREATE needs nodes at both ends');
            out[r.slot] = new RelVal(g.createRel(r.type, a.id, b.id, props));
          }
          if (p.path !== undefined) {
            out[p.path] = new PathVal(p.nodes.map((n) => (out[n.slot] as NodeVal).id), p.rels.map((r) => (out[r.slot] as RelVal).id));
          }
        }
        yield out;
      }
    };
    return { op, scope: next };
  }
}

/** A grouping key that may be referenced next to an aggregate: a variable or a property lookup on one. */
function isSimpleKey(e: Expr): boolean {
  return e.k === 'var' || (e.k === 'prop' && e.obj.k === 'var');
}

function checkCount(v: Value, what: string, _phase: string, err: (detail: string, msg: string) => Error): void {
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (v < 0) throw err('NegativeIntegerArgument', `${what} must not be negative (got ${v})`);
    return;
  }
  if (v instanceof CFloat) throw err('InvalidArgumentType', `${what} must be an INTEGER, not a FLOAT`);
  throw err('InvalidArgumentType', `${what} must be an INTEGER, not ${typeName(v)}`);
}

function forEachChild(e: Expr, f: (c: Expr) => void): void {
  children(e, f);
}
