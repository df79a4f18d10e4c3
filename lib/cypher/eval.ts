/** Expression compiler: AST → closures over rows, with variables resolved to slots at compile time. */
import type { Expr, MapProjItem } from './ast.ts';
import { children, exprKey } from './ast-utils.ts';
import { ARG_TYPES, couldBe, elementType, staticType, type SType } from './types.ts';
import { runtimeError } from './errors.ts';
import { AGGREGATE_NAMES, FUNCTIONS } from './functions.ts';
import * as ops from './ops.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import type { PropertyGraph } from './graph.ts';
import type { CompileEnv, ExprOpts, Scope } from './scope.ts';
import { CFloat, NodeVal, PathVal, RelVal, compare, equals, isNumber, typeName, type CMap, type Value } from './values.ts';
import { boundedLevenshtein } from '../util/edit-distance.ts';

/** Compiles `e` in `scope`. Throws compile-time CypherErrors (UndefinedVariable, UnknownFunction, …). */
export function compileExpr(env: CompileEnv, e: Expr, scope: Scope, opts: ExprOpts = {}): Ev {
  if (opts.subst && opts.subst.size > 0) {
    const slot = opts.subst.get(exprKey(e));
    if (slot !== undefined) return (row) => row[slot];
  }
  const c = (x: Expr, o: ExprOpts = opts) => compileExpr(env, x, scope, o);
  switch (e.k) {
    case 'lit': {
      const v = e.value;
      return () => v;
    }
    case 'param': {
      if (!env.params.has(e.name)) throw env.error(e.at, 'MissingParameter', `missing parameter $${e.name}`);
      const name = e.name;
      return (_row, ctx) => ctx.params.get(name) ?? null;
    }
    case 'var': {
      const info = scope.get(e.name);
      if (!info) throw env.error(e.at, 'UndefinedVariable', `variable '${e.name}' is not defined`);
      const slot = info.slot;
      return (row) => row[slot];
    }
    case 'prop': {
      const t = staticType(e.obj, scope);
      if (t === 'path') throw env.error(e.at, 'InvalidArgumentType', `a path has no properties ('.${e.key}')`);
      if (!couldBe(t, ['map', 'node', 'rel'])) throw env.error(e.at, 'InvalidArgumentType', `cannot read property '${e.key}' of a ${t.toUpperCase()}`, 'TypeError');
      const obj = c(e.obj);
      const key = e.key;
      // Readers are fetched once per graph (the compiled query may run on one graph at a time).
      let graph: PropertyGraph | undefined;
      let nodeRead: ((id: number) => Value) | undefined, relRead: ((id: number) => Value) | undefined;
      // A key no node or relationship has reads null everywhere: say so (with the close keys) rather than answer
      // rows of nulls, or an ORDER BY on nothing, without a word.
      let missing: string | undefined;
      return (row, ctx) => {
        const o = obj(row, ctx);
        if (ctx.graph !== graph) {
          graph = ctx.graph; nodeRead = graph.nodeReader?.(key); relRead = graph.relReader?.(key);
          missing = graph.hasPropertyKey?.(key) === false ? missingKeyWarning(key, graph) : undefined;
        }
        if (missing !== undefined && (o instanceof NodeVal || o instanceof RelVal)) ctx.warnings?.add(missing);
        if (nodeRead !== undefined && o instanceof NodeVal) return nodeRead(o.id);
        if (relRead !== undefined && o instanceof RelVal) return relRead(o.id);
        return ops.property(o, key, ctx);
      };
    }
    case 'index': {
      const obj = c(e.obj), idx = c(e.index);
      return (row, ctx) => ops.index(obj(row, ctx), idx(row, ctx), ctx);
    }
    case 'slice': {
      const obj = c(e.obj);
      const from = e.from ? c(e.from) : undefined, to = e.to ? c(e.to) : undefined;
      return (row, ctx) => ops.slice(obj(row, ctx), from?.(row, ctx), to?.(row, ctx), ctx);
    }
    case 'list': {
      const items = e.items.map((x) => c(x));
      const n = items.length;
      return (row, ctx) => { ctx.budget.allocate(n); return items.map((f) => f(row, ctx)); };
    }
    case 'map': {
      const seen = new Set<string>();
      const entries: [string, Ev][] = [];
      for (const [k, x] of e.entries) {
        if (seen.has(k)) { const i = entries.findIndex(([kk]) => kk === k); entries.splice(i, 1); }
        seen.add(k);
        entries.push([k, c(x)]);
      }
      const n = entries.length;
      return (row, ctx) => {
        ctx.budget.allocate(n);
        const m: CMap = new Map();
        for (const [k, f] of entries) m.set(k, f(row, ctx));
        return m;
      };
    }
    case 'mapProj': return compileMapProjection(env, e.obj, e.items, scope, opts);
    case 'call': return compileCall(env, e, scope, opts);
    case 'bin': return compileBinary(env, e, scope, opts);
    case 'not': {
      const x = compilePredicate(env, e.e, scope, opts);
      return (row, ctx) => ops.not(x(row, ctx));
    }
    case 'neg': {
      const x = c(e.e);
      return (row, ctx) => ops.neg(x(row, ctx));
    }
    case 'pos': {
      const x = c(e.e);
      return (row, ctx) => {
        const v = x(row, ctx);
        if (v !== null && !isNumber(v)) throw runtimeError('TypeError', 'InvalidArgumentType', `cannot apply unary + to ${typeName(v)}`);
        return v;
      };
    }
    case 'isNull': {
      const x = c(e.e);
      return e.negated ? (row, ctx) => x(row, ctx) !== null : (row, ctx) => x(row, ctx) === null;
    }
    case 'labels': {
      const x = c(e.e);
      const labels = e.labels;
      return (row, ctx) => {
        const v = x(row, ctx);
        if (v === null) return null;
        if (v instanceof RelVal) {
          // On a relationship, `r:T` tests its type.
          for (const l of labels) if (!ctx.graph.relHasType(v.id, l)) return false;
          return true;
        }
        if (!(v instanceof NodeVal)) throw runtimeError('TypeError', 'InvalidArgumentType', `label predicate on ${typeName(v)}`);
        for (const l of labels) if (!ctx.graph.hasLabel(v.id, l)) return false;
        return true;
      };
    }
    case 'case': {
      const whens = e.whens.map(([w, t]) => [c(w), c(t)] as const);
      const els = e.else ? c(e.else) : () => null;
      if (e.test) {
        const test = c(e.test);
        return (row, ctx) => {
          const v = test(row, ctx);
          for (const [w, t] of whens) if (equals(v, w(row, ctx)) === true) return t(row, ctx);
          return els(row, ctx);
        };
      }
      return (row, ctx) => {
        for (const [w, t] of whens) if (w(row, ctx) === true) return t(row, ctx);
        return els(row, ctx);
      };
    }
    case 'listComp': {
      const list = c(e.list);
      const slot = env.newSlot();
      const inner = new Map(scope).set(e.v, { slot, kind: 'value', ...stypeOf(elementType(e.list, scope)) });
      const bodyOpts: ExprOpts = { inAgg: opts.inAgg, where: 'inside a list comprehension' };
      const where = e.where ? compilePredicate(env, e.where, inner, bodyOpts) : undefined;
      const proj = e.proj ? compileExpr(env, e.proj, inner, bodyOpts) : undefined;
      return (row, ctx) => {
        const l = list(row, ctx);
        if (l === null) return null;
        const items = asList(l, 'list comprehension');
        const out: Value[] = [];
        for (const it of items) {
          ctx.budget.tick();
          row[slot] = it;
          if (where && where(row, ctx) !== true) continue;
          out.push(proj ? proj(row, ctx) : it);
        }
        ctx.budget.allocate(out.length);
        return out;
      };
    }
    case 'quant': {
      const list = c(e.list);
      const slot = env.newSlot();
      const inner = new Map(scope).set(e.v, { slot, kind: 'value', ...stypeOf(elementType(e.list, scope)) });
      const where = e.where ? compilePredicate(env, e.where, inner, { inAgg: opts.inAgg, where: `inside ${e.q}()` }) : () => true;
      const q = e.q;
      return (row, ctx) => {
        const l = list(row, ctx);
        if (l === null) return null;
        const items = asList(l, q);
        let trues = 0, nulls = 0;
        for (const it of items) {
          ctx.budget.tick();
          row[slot] = it;
          const r = where(row, ctx);
          if (r === true) { trues++; if (q === 'any') return true; if (q === 'none') return false; if (q === 'single' && trues > 1) return false; }
          else if (r === null) nulls++;
          else if (r !== false) throw runtimeError('TypeError', 'InvalidArgumentType', `${q}() predicate must be a BOOLEAN, not ${typeName(r)}`);
          else if (q === 'all') return false;
        }
        switch (q) {
          case 'all': return nulls > 0 ? null : true;
          case 'any': return nulls > 0 ? null : false;
          case 'none': return nulls > 0 ? null : true;
          case 'single': return nulls > 0 ? null : trues === 1;
        }
      };
    }
    case 'reduce': {
      const init = c(e.init);
      const list = c(e.list);
      const accSlot = env.newSlot(), vSlot = env.newSlot();
      const inner = new Map(scope).set(e.acc, { slot: accSlot, kind: 'value' }).set(e.v, { slot: vSlot, kind: 'value' });
      const body = compileExpr(env, e.expr, inner, { inAgg: opts.inAgg, where: 'inside reduce()' });
      return (row, ctx) => {
        let acc = init(row, ctx);
        const l = list(row, ctx);
        if (l === null) return null;
        for (const it of asList(l, 'reduce')) {
          ctx.budget.tick();
          row[accSlot] = acc;
          row[vSlot] = it;
          acc = body(row, ctx);
        }
        return acc;
      };
    }
    case 'pattern':
      // Patterns are predicates (WHERE, NOT, AND/OR, exists()); their matches as a list are a pattern comprehension.
      throw env.error(e.at, 'UnexpectedSyntax', 'a pattern can only be used as a predicate here; use EXISTS { … } or a pattern comprehension [(a)-->(b) | b]');
    case 'patternComp': {
      const plan = env.compileMatch([e.pattern], e.where, scope, { allowNewVars: true });
      const proj = compileExpr(env, e.proj, plan.scope, { inAgg: opts.inAgg, where: 'inside a pattern comprehension' });
      return (row, ctx) => {
        const out: Value[] = [];
        for (const r of plan.run(row, ctx)) { out.push(proj(r, ctx)); if ((out.length & 0xfff) === 0) ctx.budget.checkList(out.length); }
        ctx.budget.allocate(out.length);
        return out;
      };
    }
    case 'exists': {
      const run = e.query ? env.compileSubquery(e.query, scope) : env.compileMatch(e.patterns, e.where, scope, { allowNewVars: true }).run;
      if (e.count) {
        return (row, ctx) => {
          let n = 0;
          for (const _ of run(row, ctx)) { n++; ctx.budget.tick(); }
          return n;
        };
      }
      return (row, ctx) => { for (const _ of run(row, ctx)) return true; return false; };
    }
  }
}

/** Compiles a predicate: like compileExpr, but a bare pattern means "some match exists". */
export function compilePredicate(env: CompileEnv, e: Expr, scope: Scope, opts: ExprOpts = {}): Ev {
  const t = staticType(e, scope);
  if (!couldBe(t, ['bool'])) throw env.error(e.at, 'InvalidArgumentType', `expected a BOOLEAN here, not a ${t.toUpperCase()}`);
  if (e.k === 'pattern') {
    const plan = env.compileMatch([e.pattern], undefined, scope, { allowNewVars: false });
    return (row, ctx) => { for (const _ of plan.run(row, ctx)) return true; return false; };
  }
  if (e.k === 'not' && e.e.k === 'pattern') {
    const inner = compilePredicate(env, e.e, scope, opts);
    return (row, ctx) => !inner(row, ctx);
  }
  if (e.k === 'bin' && (e.op === 'and' || e.op === 'or' || e.op === 'xor')) {
    const l = compilePredicate(env, e.l, scope, opts), r = compilePredicate(env, e.r, scope, opts);
    return binaryLogic(e.op, l, r);
  }
  if (e.k === 'not') {
    const x = compilePredicate(env, e.e, scope, opts);
    return (row, ctx) => ops.not(x(row, ctx));
  }
  return compileExpr(env, e, scope, opts);
}

function binaryLogic(op: 'and' | 'or' | 'xor', l: Ev, r: Ev): Ev {
  switch (op) {
    case 'and': return (row, ctx) => { const a = l(row, ctx); if (a === false) return false; return ops.and(a, r(row, ctx)); };
    case 'or': return (row, ctx) => { const a = l(row, ctx); if (a === true) return true; return ops.or(a, r(row, ctx)); };
    case 'xor': return (row, ctx) => ops.xor(l(row, ctx), r(row, ctx));
  }
}

function stypeOf(t: SType): { stype?: SType } {
  return t === 'any' ? {} : { stype: t };
}

function callsRand(e: Expr): boolean {
  if (e.k === 'call' && e.name === 'rand') return true;
  let found = false;
  children(e, (c) => { if (!found && callsRand(c)) found = true; });
  return found;
}

function asList(v: Value, what: string): Value[] {
  if (Array.isArray(v)) return v;
  throw runtimeError('TypeError', 'InvalidArgumentType', `${what} expects a LIST, not ${typeName(v)}`);
}

function compileBinary(env: CompileEnv, e: Extract<Expr, { k: 'bin' }>, scope: Scope, opts: ExprOpts): Ev {
  if (e.op === 'and' || e.op === 'or' || e.op === 'xor') {
    return binaryLogic(e.op, compilePredicate(env, e.l, scope, opts), compilePredicate(env, e.r, scope, opts));
  }
  if (e.op === '-' || e.op === '*' || e.op === '/' || e.op === '%' || e.op === '^') {
    for (const side of [e.l, e.r]) {
      const t = staticType(side, scope);
      if (!couldBe(t, ['int', 'float'])) throw env.error(side.at, 'InvalidArgumentType', `arithmetic ${e.op} needs numbers, not a ${t.toUpperCase()}`);
    }
  }
  if (e.op === 'in') {
    const t = staticType(e.r, scope);
    if (!couldBe(t, ['list'])) throw env.error(e.r.at, 'InvalidArgumentType', `IN expects a LIST on its right, not a ${t.toUpperCase()}`);
  }
  const l = compileExpr(env, e.l, scope, opts), r = compileExpr(env, e.r, scope, opts);
  switch (e.op) {
    case '=': return (row, ctx) => equals(l(row, ctx), r(row, ctx));
    case '<>': return (row, ctx) => { const x = equals(l(row, ctx), r(row, ctx)); return x === null ? null : !x; };
    case '<': return (row, ctx) => { const x = compare(l(row, ctx), r(row, ctx)); return x === null ? null : x < 0; };
    case '>': return (row, ctx) => { const x = compare(l(row, ctx), r(row, ctx)); return x === null ? null : x > 0; };
    case '<=': return (row, ctx) => { const x = compare(l(row, ctx), r(row, ctx)); return x === null ? null : x <= 0; };
    case '>=': return (row, ctx) => { const x = compare(l(row, ctx), r(row, ctx)); return x === null ? null : x >= 0; };
    case '=~': return (row, ctx) => ops.regexMatch(l(row, ctx), r(row, ctx), ctx);
    case 'in': return (row, ctx) => ops.inList(l(row, ctx), r(row, ctx));
    case 'startsWith': case 'endsWith': case 'contains': {
      const op = e.op;
      return (row, ctx) => ops.stringPredicate(op, l(row, ctx), r(row, ctx));
    }
    case '+': return (row, ctx) => ops.add(l(row, ctx), r(row, ctx), ctx);
    case '-': return (row, ctx) => ops.sub(l(row, ctx), r(row, ctx));
    case '*': return (row, ctx) => ops.mul(l(row, ctx), r(row, ctx));
    case '/': return (row, ctx) => ops.div(l(row, ctx), r(row, ctx));
    case '%': return (row, ctx) => ops.mod(l(row, ctx), r(row, ctx));
    case '^': return (row, ctx) => ops.pow(l(row, ctx), r(row, ctx));
  }
}

function compileCall(env: CompileEnv, e: Extract<Expr, { k: 'call' }>, scope: Scope, opts: ExprOpts): Ev {
  const name = e.name;
  if (AGGREGATE_NAMES.has(name)) {
    if (opts.inAgg) throw env.error(e.at, 'NestedAggregation', `aggregate ${name}() cannot be nested inside another aggregate`);
    if (!opts.agg) throw env.error(e.at, 'InvalidAggregation', `aggregate ${name}() is not allowed ${opts.where ?? 'here'}`);
    const want = name === 'percentilecont' || name === 'percentiledisc' ? 2 : e.star ? 0 : 1;
    if (e.args.length !== want) throw env.error(e.at, 'InvalidNumberOfArguments', `${name}() takes ${want} argument(s), not ${e.args.length}`);
    if (e.args.some(callsRand)) throw env.error(e.at, 'NonConstantExpression', `${name}() cannot aggregate a non-deterministic expression such as rand()`);
    const key = exprKey(e);
    const existing = opts.agg.find((s) => s.key === key);
    if (existing) { const slot = existing.slot; return (row) => row[slot]; }
    const argOpts: ExprOpts = { inAgg: true, where: opts.where };
    const arg = e.args[0] ? compileExpr(env, e.args[0], scope, argOpts) : undefined;
    const extra = e.args[1] ? compileExpr(env, e.args[1], scope, argOpts) : undefined;
    const slot = env.newSlot();
    opts.agg.push({ name, distinct: e.distinct, star: e.star === true, arg, extra, slot, key });
    return (row) => row[slot];
  }
  if (name === 'exists') {
    if (e.args.length !== 1) throw env.error(e.at, 'InvalidNumberOfArguments', `exists() takes 1 argument, not ${e.args.length}`);
    const a = e.args[0];
    if (a.k === 'pattern') return compilePredicate(env, a, scope, opts);
    if (a.k !== 'prop' && a.k !== 'index') throw env.error(a.at, 'InvalidArgumentType', 'exists() takes a property access or a pattern');
    const x = compileExpr(env, a, scope, opts);
    return (row, ctx) => x(row, ctx) !== null;
  }
  const def = FUNCTIONS[name];
  if (!def) throw env.error(e.at, 'UnknownFunction', `unknown function '${name}'`);
  if (e.args.length < def.min || e.args.length > def.max) {
    throw env.error(e.at, 'InvalidNumberOfArguments', `${name}() takes ${def.min === def.max ? def.min : `${def.min} to ${def.max}`} argument(s), not ${e.args.length}`);
  }
  for (const a of e.args) if (a.k === 'pattern') throw env.error(a.at, 'UnexpectedSyntax', `a pattern cannot be an argument of ${name}(); count matches with COUNT { ${'…'} } or use a pattern comprehension [(a)-->(b) | b]`);
  const accepted = ARG_TYPES[name];
  if (accepted && e.args[0]) {
    const t = staticType(e.args[0], scope);
    if (!couldBe(t, accepted)) throw env.error(e.args[0].at, 'InvalidArgumentType', `${name}() cannot take a ${t.toUpperCase()}`);
  }
  const args = e.args.map((a) => compileExpr(env, a, scope, opts));
  const fn = def.fn;
  switch (args.length) {
    case 0: return (_row, ctx) => fn([], ctx);
    case 1: { const [a] = args; return (row, ctx) => fn([a(row, ctx)], ctx); }
    case 2: { const [a, b] = args; return (row, ctx) => fn([a(row, ctx), b(row, ctx)], ctx); }
    default: return (row, ctx) => fn(args.map((f) => f(row, ctx)), ctx);
  }
}

function compileMapProjection(env: CompileEnv, objExpr: Expr, items: MapProjItem[], scope: Scope, opts: ExprOpts): Ev {
  const obj = compileExpr(env, objExpr, scope, opts);
  const parts = items.map((it): ((m: CMap, o: Value, row: Row, ctx: ExecCtx) => void) => {
    switch (it.k) {
      case 'prop': return (m, o, _row, ctx) => { m.set(it.key, ops.property(o, it.key, ctx)); };
      case 'all': return (m, o, _row, ctx) => {
        if (o instanceof NodeVal) for (const k of ctx.graph.nodeKeys(o.id)) m.set(k, ctx.graph.nodeProperty(o.id, k));
        else if (o instanceof RelVal) for (const k of ctx.graph.relKeys(o.id)) m.set(k, ctx.graph.relProperty(o.id, k));
        else if (o instanceof Map) for (const [k, v] of o) m.set(k, v);
      };
      case 'var': {
        const f = compileExpr(env, { k: 'var', name: it.name, at: objExpr.at, end: objExpr.end }, scope, opts);
        return (m, _o, row, ctx) => { m.set(it.name, f(row, ctx)); };
      }
      case 'entry': {
        const f = compileExpr(env, it.e, scope, opts);
        return (m, _o, row, ctx) => { m.set(it.key, f(row, ctx)); };
      }
    }
  });
  return (row, ctx) => {
    const o = obj(row, ctx);
    if (o === null) return null;
    if (!(o instanceof NodeVal || o instanceof RelVal || o instanceof Map)) {
      throw runtimeError('TypeError', 'InvalidArgumentType', `map projection on ${typeName(o)}`);
    }
    const m: CMap = new Map();
    for (const p of parts) p(m, o, row, ctx);
    ctx.budget.allocate(m.size);
    return m;
  };
}

export { CFloat, PathVal };

/** Keys of the graph close to `key`: the same in another case, a prefix of 4+ shared, or 2 edits (a swap of neighbours one) away at most. */
function closeKeys(key: string, keys: readonly string[]): string[] {
  const q = key.toLowerCase();
  const near = (k: string): boolean => {
    const c = k.toLowerCase();
    if (c === q) return true;
    if (Math.min(c.length, q.length) >= 4 && c.slice(0, 4) === q.slice(0, 4)) return true;
    return Math.abs(c.length - q.length) <= 2 && boundedLevenshtein(q, c, 2) <= 2;
  };
  return keys.filter(near).slice(0, 5);
}

/** The warning for reading a property no node or relationship of the graph has. */
function missingKeyWarning(key: string, graph: PropertyGraph): string {
  const close = closeKeys(key, graph.propertyKeyNames());
  const hint = close.length ? ` (did you mean ${close.map((k) => `'${k}'`).join(', ')}?)` : '';
  return `no node or relationship has a property '${key}', so it reads as null${hint}; CALL db.propertyKeys() lists them`;
}
