/**
 * FastAPI's dependency injection, read from a function's parameter defaults and decorators (collect.ts): the
 * dependencies the framework runs each time the function runs as a route.
 */
import type { CallFact, Pos, RefFact } from '../../extract/facts.ts';
import { keywordArgument, type PyTree } from './tree.ts';

/**
 * FastAPI's dependency injection: a parameter declared `= Depends(dep)` or `Annotated[T, Depends(dep)]` (and
 * `Security(dep)`), or a decorator's `dependencies=[Depends(dep)]`, has `dep` called by the framework each time the function runs as a route, so `dep` is referenced
 * by the function, not only by the definition-time code that evaluates the default (the file): impact of a
 * dependency reaches the routes that use it. `Depends(factory(…))` makes the function depend on what the factory
 * returns, so it references the factory. The uses the default's evaluation recorded since `refs0`/`calls0` at the
 * dependency's name are repeated with the function as their source.
 */
export function injectedDependencies(t: PyTree, nodes: number[], refs: RefFact[], calls: CallFact[], refs0: number, calls0: number, fn: number): void {
  const at: Pos[] = [];
  const visit = (i: number): void => {
    if (i < 0) return;
    if (t.type(i) === 'call') {
      const callee = t.child(i, 'function');
      const text = callee >= 0 ? t.dotted(callee) : undefined;
      const last = text?.slice(text.lastIndexOf('.') + 1);
      if (last === 'Depends' || last === 'Security') {
        const args = t.child(i, 'arguments');
        const kids = args >= 0 ? t.namedKids(args) : [];
        let dep = kids.find((a) => t.type(a) !== 'keyword_argument' && t.type(a) !== 'comment');
        if (dep === undefined) {
          const kw = keywordArgument(t, args, 'dependency');
          dep = kw < 0 ? undefined : t.child(kw, 'value');
        }
        const named = dep === undefined ? -1 : dependencyName(t, dep);
        if (named >= 0) at.push(t.pos(named));
        return;
      }
    }
    for (const c of t.namedKids(i)) visit(c);
  };
  for (const n of nodes) visit(n);
  if (!at.length) return;
  const same = (a: Pos, b: Pos): boolean => (typeof a === 'number' || typeof b === 'number' ? a === b : a[0] === b[0] && a[1] === b[1] && a[2] === b[2]);
  const hit = (p: Pos): boolean => at.some((q) => same(p, q));
  const end = refs.length;
  for (let k = refs0; k < end; k++) if (hit(refs[k].at)) refs.push({ ...refs[k], from: fn });
  for (let k = calls0; k < calls.length; k++) if (hit(calls[k].at)) refs.push({ value: calls[k].callee, kind: 'value', at: calls[k].at, from: fn });
}

/** The name a dependency expression uses: `dep`, `mod.dep`'s `dep`, a factory call's callee name; -1 for others. */
function dependencyName(t: PyTree, i: number): number {
  const ty = t.type(i);
  if (ty === 'identifier') return i;
  if (ty === 'attribute') return t.child(i, 'attribute');
  if (ty === 'call') { const fn = t.child(i, 'function'); return fn >= 0 && t.type(fn) !== 'call' ? dependencyName(t, fn) : -1; }
  return -1;
}
