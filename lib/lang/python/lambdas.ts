/**
 * The lambda layer of a Python file's collector: a lambda's own scope and parameters, and what the call it is handed
 * to makes of them (an iterable's elements for `sorted`'s key, the callee's declared `Callable[[A, B], R]`'s A and B).
 */
import type { Expr } from '../../extract/facts.ts';
import type { Scope } from './scopes.ts';
import { PyNarrowing } from './narrowing.ts';
import { callableOf } from './typing.ts';

/** The collector's lambdas (above its narrowings, below its walk, whose `expr` they evaluate their bodies with). */
export abstract class PyLambdas extends PyNarrowing {
  /** Each lambda's body's calls and references (their index spans), by the lambda's node. */
  protected readonly lambdaBodies = new Map<number, [number, number, number, number]>();
  /** Each lambda's parameters (their locals, -1 for a splat or a default), by the lambda's node: what a call it is handed to types. */
  private readonly lambdaParams = new Map<number, number[]>();

  /** The value of expression node `i` in `scope` (the collector's walk). */
  protected abstract expr(i: number, scope: Scope, written?: boolean): Expr;

  /**
   * A lambda handed to a builtin that calls it with the elements of an iterable — `sorted(xs, key=…)`, `min`/`max`'s
   * `key`, `xs.sort(key=…)`, `map(…, xs)`, `filter(…, xs)` — takes an element as its parameter, as a checker infers.
   */
  protected keyedLambdas(canonical: string, callee: Expr, argsNode: number, positional: ReadonlyArray<Expr | null>): void {
    const sort = callee.k === 'member' && callee.name === 'sort' ? callee.obj : undefined;
    const keyed = canonical === 'sorted' || canonical === 'min' || canonical === 'max' || sort !== undefined;
    const mapped = canonical === 'map' || canonical === 'filter';
    if ((!keyed && !mapped) || argsNode < 0) return;
    const iterable = keyed ? sort ?? positional[0] : positional[1];
    // (`max(a, b, key=…)` compares its arguments, not an iterable's elements)
    if (!iterable || ((canonical === 'min' || canonical === 'max') && positional.length > 1)) return;
    const kids = this.namedKids(argsNode);
    const lambda = keyed
      ? kids.map((a) => (this.type(a) === 'keyword_argument' && this.txt(this.child(a, 'name')) === 'key' ? this.child(a, 'value') : -1)).find((v) => v >= 0)
      : kids[0];
    const l = lambda !== undefined && lambda >= 0 && this.type(lambda) === 'lambda' ? this.lambdaParams.get(lambda)?.[0] : undefined;
    if (l !== undefined && l >= 0) this.locals[l].init = { k: 'element', of: iterable };
  }

  /**
   * A lambda passed as argument `arg` of call `call` (the index its fact takes; a keyword argument: -1, its keyword in
   * `lambdaKeys`): each parameter is typed by the callee's declaration of that argument, `Callable[[A, B], R]`
   * (SymbolFact.callbackParams), at resolution.
   */
  protected lambdaContext(argsNode: number, call: number): void {
    if (argsNode < 0 || this.type(argsNode) !== 'argument_list') return;
    let arg = 0;
    for (const a of this.namedKids(argsNode)) {
      const ty = this.type(a);
      if (ty === 'keyword_argument') {
        // (`each(xs, visit=lambda i: …)`: the parameter the keyword names, found at resolution)
        const v = this.child(a, 'value'), k = this.child(a, 'name');
        if (v >= 0 && k >= 0 && this.type(v) === 'lambda') this.passedLambda(v, call, -1, this.txt(k));
        continue;
      }
      if (ty === 'comment') continue;
      if (ty === 'list_splat' || ty === 'dictionary_splat') return;
      if (ty === 'lambda') this.passedLambda(a, call, arg);
      arg++;
    }
  }

  /** Lambda node `i`'s parameters passed as argument `arg` of call `call` (-1 with `keyword`: passed by that keyword). */
  private passedLambda(i: number, call: number, arg: number, keyword?: string): void {
    (this.lambdaParams.get(i) ?? []).forEach((l, param) => {
      if (l < 0 || this.locals[l].init) return;
      this.locals[l].ctx = { call, arg, param };
      if (keyword !== undefined) (this.py.lambdaKeys ??= {})[l] = keyword;
    });
  }

  /**
   * Lambdas written where a declared type gives their parameters — `f: Callable[[A], R] = lambda a: …`, the values of
   * `handlers: dict[K, Callable[[A, B], R]] = {k: lambda a, b: …}`, a list's or set's items — take the Callable's
   * parameter types, as a checker infers them from the expected type (node `i`: the value, `type`: its declared type).
   */
  protected declaredLambdas(i: number, type: Expr): void {
    const ty = this.type(i);
    if (ty === 'parenthesized_expression') { const inner = this.namedKids(i)[0]; if (inner !== undefined) this.declaredLambdas(inner, type); return; }
    if (type.k === 'union') { for (const t of type.types) if (t.k !== 'lit') this.declaredLambdas(i, t); return; }
    if (ty === 'lambda') {
      const params = callableOf(type)?.params;
      if (!params) return;
      (this.lambdaParams.get(i) ?? []).forEach((l, p) => {
        const t = params[p];
        if (l >= 0 && t && !this.locals[l].type && !this.locals[l].init) this.locals[l].type = t;
      });
    } else if (ty === 'dictionary' && type.k === 'map') {
      for (const pair of this.namedKids(i)) if (this.type(pair) === 'pair' && this.child(pair, 'value') >= 0) this.declaredLambdas(this.child(pair, 'value'), type.of);
    } else if ((ty === 'list' || ty === 'set') && type.k === 'array') {
      for (const item of this.namedKids(i)) this.declaredLambdas(item, type.of);
    }
  }

  /** A lambda: a function scope of its parameters, its body's value the result (`{ k: 'fn', ret }`). */
  protected lambda(i: number, scope: Scope): Expr {
    const ls: Scope = { kind: 'function', parent: scope, names: new Map(), sym: this.owner(scope) };
    const params = this.child(i, 'parameters');
    const own: number[] = [];
    this.lambdaParams.set(i, own);
    if (params >= 0) {
      for (const p of this.namedKids(params)) {
        const n = this.type(p) === 'identifier' ? p : this.child(p, 'name') >= 0 ? this.child(p, 'name') : this.namedKids(p)[0] ?? -1;
        if (n >= 0 && this.type(n) === 'identifier') {
          const l = this.newLocal(this.txt(n));
          own.push(this.type(p) === 'identifier' ? l : -1);
          ls.names.set(this.txt(n), { k: 'local', l });
        }
        const v = this.child(p, 'value');
        if (v >= 0) this.expr(v, scope);
      }
    }
    const body = this.child(i, 'body');
    const c0 = this.calls.length, r0 = this.refs.length;
    const ret = body >= 0 ? this.expr(body, ls) : undefined;
    this.lambdaBodies.set(i, [c0, this.calls.length, r0, this.refs.length]);
    return ret ? { k: 'fn', ret } : { k: 'fn' };
  }
}
