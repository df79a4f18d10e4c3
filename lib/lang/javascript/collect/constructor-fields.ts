/** Class fields declared without a type or a value, typed by what their class's constructor assigns to them. */
import type { Collector } from '../../../extract/collector/collector.ts';
import { functionScope } from '../../../extract/collector/scope.ts';
import type { Node } from '../../../extract/collector/util.ts';
import type { Expr, SymbolFact } from '../../../extract/facts.ts';

/** Above this many assignments in one constructor a field's value is left unread (a union that large types nothing). */
const MAX_ASSIGNMENTS = 6;

/**
 * Instance fields declared with neither a type (JSDoc's included) nor a value (`#diagnostic;`, `port;`): the checker
 * types such a field by the values its class's own constructor assigns to it, `this.#diagnostic = new
 * CompileDiagnostic(…)` (in a JavaScript file; in TypeScript where `noImplicitAny` is on, else it is `any`: the
 * resolver asks, see `ctorAssigned`). Its `init` becomes that value, or the union of those values; an assignment in a
 * function inside the constructor (a callback, a nested method) is not the constructor's own and does not count.
 */
export function constructorFields(this: Collector, symbols: SymbolFact[]): void {
  let found: Map<number, Array<Node | null>> | undefined;
  const ctorOf = new Map<number, Node | null>();
  for (const target of this.assignTargets) {
    const written = this.expr(target);
    if (written.k !== 'member' || written.obj.k !== 'this' || written.obj.cls < 0) continue;
    const cls = written.obj.cls;
    const s = this.memberKeys.get(`${cls}\u0000${written.name}`);
    if (s === undefined) continue;
    const sym = symbols[s];
    if (sym.label !== 'Property' || sym.kind !== 'field' || sym.isStatic || sym.type || sym.init || sym.parent !== cls) continue;
    let ctor = ctorOf.get(cls);
    if (ctor === undefined) {
      const i = symbols.findIndex((x) => x.parent === cls && x.kind === 'constructor');
      ctor = i >= 0 ? this.work[i].defNode : null;
      ctorOf.set(cls, ctor);
    }
    if (!ctor) continue;
    // (the constructor's own body: its function scope lies inside the constructor, and the next one out does not)
    const fn = functionScope(this.scopeAt(target.start));
    const outer = fn.parent ? functionScope(fn.parent) : undefined;
    const inside = (x: { start: number; end: number }): boolean => x.start >= ctor!.start && x.end <= ctor!.end;
    if (fn.kind !== 'method' || !inside(fn) || (outer && outer.parent && inside(outer))) continue;
    found ??= new Map();
    const list = found.get(s) ?? [];
    list.push(this.assignValue.get(target) ?? null);
    found.set(s, list);
  }
  found?.forEach((nodes, s) => {
    if (nodes.length > MAX_ASSIGNMENTS || nodes.includes(null)) return;
    const values: Expr[] = (nodes as Node[]).map((n) => this.expr(n));
    symbols[s].init = values.length === 1 ? values[0] : { k: 'union', types: values };
    symbols[s].ctorAssigned = true;
  });
}
