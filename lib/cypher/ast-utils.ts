/** AST helpers: structural keys, variable references, aggregate detection. */
import type { Expr, PatternPart, Query } from './ast.ts';
import { AGGREGATE_NAMES } from './functions.ts';
import { CFloat } from './values.ts';

/** Structural key of an expression, ignoring positions (and parentheses): equal keys mean the same expression. */
export function exprKey(e: Expr): string {
  return JSON.stringify(e, (k, v) => {
    if (k === 'at' || k === 'end') return undefined;
    if (typeof v === 'bigint') return `${v}n`;
    if (v instanceof CFloat) return { float: v.v };
    if (v instanceof Map) return [...v];
    return v;
  });
}

/** Calls `f` on each direct sub-expression of `e`. */
export function children(e: Expr, f: (c: Expr) => void): void {
  switch (e.k) {
    case 'lit': case 'param': case 'var': return;
    case 'prop': f(e.obj); return;
    case 'index': f(e.obj); f(e.index); return;
    case 'slice': f(e.obj); if (e.from) f(e.from); if (e.to) f(e.to); return;
    case 'list': e.items.forEach(f); return;
    case 'map': for (const [, x] of e.entries) f(x); return;
    case 'mapProj': f(e.obj); for (const it of e.items) if (it.k === 'entry') f(it.e); return;
    case 'call': e.args.forEach(f); return;
    case 'bin': f(e.l); f(e.r); return;
    case 'not': case 'neg': case 'pos': case 'isNull': case 'labels': f(e.e); return;
    case 'case': if (e.test) f(e.test); for (const [w, t] of e.whens) { f(w); f(t); } if (e.else) f(e.else); return;
    case 'listComp': f(e.list); if (e.where) f(e.where); if (e.proj) f(e.proj); return;
    case 'quant': f(e.list); if (e.where) f(e.where); return;
    case 'reduce': f(e.init); f(e.list); f(e.expr); return;
    case 'patternComp': patternExprs(e.pattern, f); if (e.where) f(e.where); f(e.proj); return;
    case 'pattern': patternExprs(e.pattern, f); return;
    case 'exists': for (const p of e.patterns) patternExprs(p, f); if (e.where) f(e.where); if (e.query) queryExprs(e.query, f); return;
  }
}

function patternExprs(p: PatternPart, f: (c: Expr) => void): void {
  for (const n of p.nodes) if (n.props) f(n.props);
  for (const r of p.rels) if (r.props) f(r.props);
}

function queryExprs(q: Query, f: (c: Expr) => void): void {
  for (const part of q.parts) {
    for (const c of part.clauses) {
      switch (c.k) {
        case 'match': c.patterns.forEach((p) => patternExprs(p, f)); if (c.where) f(c.where); break;
        case 'unwind': f(c.expr); break;
        case 'with': case 'return':
          c.proj.items.forEach((i) => f(i.expr));
          c.proj.order?.forEach((o) => f(o.expr));
          if (c.k === 'with' && c.where) f(c.where);
          break;
      }
    }
  }
}

function queryPatterns(q: Query): PatternPart[] {
  const out: PatternPart[] = [];
  for (const part of q.parts) for (const c of part.clauses) if (c.k === 'match') out.push(...c.patterns);
  return out;
}

/** True when `e` contains an aggregate call outside nested subqueries' own projections. */
export function containsAggregate(e: Expr): boolean {
  if (e.k === 'call' && AGGREGATE_NAMES.has(e.name)) return true;
  if (e.k === 'exists' || e.k === 'patternComp' || e.k === 'pattern') return false;
  let found = false;
  children(e, (c) => { if (!found && containsAggregate(c)) found = true; });
  return found;
}

/**
 * Variable names `e` refers to (over-approximate: names bound inside comprehensions are removed, pattern
 * variables in nested patterns are included). Used for dependency analysis (WHERE pushdown, constant checks).
 */
export function referencedVars(e: Expr, out = new Set<string>()): Set<string> {
  switch (e.k) {
    case 'var': out.add(e.name); return out;
    case 'listComp': case 'quant': {
      referencedVars(e.list, out);
      const inner = new Set<string>();
      if (e.where) referencedVars(e.where, inner);
      if (e.k === 'listComp' && e.proj) referencedVars(e.proj, inner);
      inner.delete(e.v);
      for (const v of inner) out.add(v);
      return out;
    }
    case 'reduce': {
      referencedVars(e.init, out);
      referencedVars(e.list, out);
      const inner = referencedVars(e.expr);
      inner.delete(e.v);
      inner.delete(e.acc);
      for (const v of inner) out.add(v);
      return out;
    }
    case 'pattern': case 'patternComp': case 'exists': {
      const pats = e.k === 'exists' ? [...e.patterns, ...(e.query ? queryPatterns(e.query) : [])] : [e.pattern];
      for (const p of pats) {
        if (p.pathVar) out.add(p.pathVar);
        for (const n of p.nodes) if (n.v) out.add(n.v);
        for (const r of p.rels) if (r.v) out.add(r.v);
      }
      break;
    }
    case 'mapProj':
      for (const it of e.items) if (it.k === 'var') out.add(it.name);
      break;
  }
  children(e, (c) => referencedVars(c, out));
  return out;
}

/** Splits a predicate into its top-level AND conjuncts. */
export function conjuncts(e: Expr | undefined, out: Expr[] = []): Expr[] {
  if (!e) return out;
  if (e.k === 'bin' && e.op === 'and') { conjuncts(e.l, out); conjuncts(e.r, out); }
  else out.push(e);
  return out;
}
