/** React's hooks whose result is (part of) their argument: `useState`, `useMemo`, `useCallback`, `useRef`, `useContext`. */
import type { Collector } from '../../../extract/collector/collector.ts';
import { type Node } from '../../../extract/collector/util.ts';
import { bindingIndex, bindsImport, type Binding, type Expr } from '../../../extract/facts.ts';
import { CONTEXT_VALUE, REACT_HOOKS, REACT_SOURCES } from './constants.ts';

/**
 * A React hook whose result is (part of) its argument, called by its name from 'react' (or Preact's hooks):
 * `useState`, `useMemo`, `useCallback`, `useRef`, `useContext` (with `createContext`), imported by name or
 * through `import * as React` / `import React`. The checker types their results from their arguments' types (the hooks are generic).
 */
export function reactHook(this: Collector, callee: Node): { hook: string; source: string } | undefined {
  const e = this.expr(callee);
  const imp = (b: Binding | undefined) => (bindsImport(b) ? this.imports[bindingIndex(b)] : undefined);
  if (e.k === 'id') {
    const i = imp(e.b);
    return i && i.kind === 'named' && REACT_SOURCES.has(i.source) && REACT_HOOKS.has(i.imported!) ? { hook: i.imported!, source: i.source } : undefined;
  }
  if (e.k === 'member' && e.obj.k === 'id') {
    const i = imp(e.obj.b);
    return i && (i.kind === 'namespace' || i.kind === 'default') && REACT_SOURCES.has(i.source) && REACT_HOOKS.has(e.name) ? { hook: e.name, source: i.source } : undefined;
  }
  return undefined;
}

/** A hook's modelled value, which holds where the hook's package has declarations the checker reads (see the `pkg` fact). */
export function hooked(source: string, of: Expr): Expr {
  return { k: 'pkg', source, of };
}

/**
 * What a hook call gives: `useMemo(() => v)` v, `useCallback(fn)` fn, `useRef(v)` an object whose `current` is v
 * (`useState`'s state is the first element of its result: see `stateOf` in declare).
 */
export function hookValue(this: Collector, hook: string, args: Node[], typeArg: Node | undefined): Expr | undefined {
  const arg = this.realSlots(args, true)[0];
  // `createContext<T>(dflt)`: a context whose value is a T (or what the default is); `useContext(ctx)` reads it
  if (hook === 'createContext') {
    const value = typeArg ? { k: 'as', type: this.expr(typeArg) } as Expr : arg ? this.expr(arg) : undefined;
    return value && { k: 'objval', entries: [{ name: CONTEXT_VALUE, value }] };
  }
  if (!arg) return undefined;
  switch (hook) {
    case 'useContext': return { k: 'member', obj: this.expr(arg), name: CONTEXT_VALUE };
    case 'useMemo': return this.functionResult(arg) ?? { k: 'call', callee: this.expr(arg) };
    case 'useCallback': return this.expr(arg);
    case 'useRef': return { k: 'objval', entries: [{ name: 'current', value: this.expr(arg) }] };
    default: return undefined;
  }
}

/** `useState(init)` / `useState(() => init)`: the state, what the first element of the result holds. */
export function stateValue(this: Collector, call: Node): Expr | undefined {
  const c = this.calls.get(call);
  const hook = c && !c.isNew && c.args ? reactHook.call(this, c.callee) : undefined;
  if (!hook || hook.hook !== 'useState') return undefined;
  const arg = this.realSlots(c!.args!, true)[0];
  const state = arg && (this.functionResult(arg) ?? this.expr(arg));
  return state && hooked(hook.source, state);
}
