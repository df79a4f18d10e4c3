/**
 * Python's scopes and the facts a file's collector gathers into them: the symbols, locals, calls and references
 * found so far, each scope's name bindings, and the LEGB look-up that binds every name read once all scopes are
 * complete. The walk that fills them is collect.ts.
 */
import {
  importBinding, localBinding, symbolBinding,
  type CallFact, type Expr, type LocalFact, type RefFact, type SymbolFact,
} from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';
import { isSignatureKind } from './typing.ts';
import { PyTree } from './tree.ts';

/** What a name is bound to in a scope: a symbol, an import or a function's local (by index). */
export type Binding = { k: 'sym'; s: number } | { k: 'imp'; i: number } | { k: 'local'; l: number };

/** A module, class, function or comprehension scope and the names bound in it. */
export interface Scope {
  kind: 'module' | 'class' | 'function' | 'comprehension';
  parent: Scope | undefined;
  names: Map<string, Binding>;
  globals?: Set<string>;
  nonlocals?: Set<string>;
  /** The symbol the scope belongs to (function, method, class), -1 for the module. */
  sym: number;
  /** For a method's scope: the class symbol, and how its first parameter is bound. */
  cls?: number;
}

/**
 * A name read somewhere, resolved once every scope is complete. `beforeBinding`: read by module-level code (or a class
 * body run by it) outside any loop, before the module's code binds the name.
 */
export interface PendingName { expr: Expr & { k: 'id' }; scope: Scope; beforeBinding?: true }

/** At most this many values make a union (a reassigned local's, a function's returns); more is `other`. */
export const MAX_UNION = 6;
/** A Python file's collected facts and its scopes' bindings (the base of the collector's walk). */
export class PyScopes extends PyTree {
  protected readonly symbols: SymbolFact[] = [];
  protected readonly locals: LocalFact[] = [];
  protected readonly calls: CallFact[] = [];
  protected readonly refs: RefFact[] = [];
  protected readonly py: PyFacts = { imports: [] };
  protected readonly pending: PendingName[] = [];
  /** Local index → values assigned (for the union of a reassigned local). */
  protected readonly localValues = new Map<number, Expr[]>();
  /** Scopes whose bindings are being read in a branch a version check rules out (they bind no names there). */
  protected readonly unreachedIn = new Set<Scope>();
  /** Locals a nested `def` or `class` of the same name is bound to as well (local → those symbols). */
  protected readonly sharedLocals = new Map<number, number[]>();
  /** How many `for`/`while` bodies the walk is in (a read there may come round after a binding below it). */
  protected loops = 0;
  /** Module names a function binds through `global`: bound whenever the function runs, not at a place of the module's code. */
  private readonly boundByFunctions = new Set<string>();

  protected newLocal(name: string): number {
    return this.locals.push({ name }) - 1;
  }

  protected addSymbol(sym: SymbolFact): number {
    return this.symbols.push(sym) - 1;
  }

  /**
   * `exported`: a module-level name without a leading `_`, or one `__all__` lists; a class member when its class is
   * exported and its name has no leading `_` (dunder methods are public); nested functions are not.
   */
  protected exported(): void {
    const all = this.py.all ? new Set(this.py.all.map((a) => a.name)) : undefined;
    for (const sym of this.symbols) {
      const publicName = !sym.name.startsWith('_') || (sym.name.startsWith('__') && sym.name.endsWith('__') && sym.name.length > 4);
      if (sym.parent === -1) sym.exported = !sym.name.startsWith('_') || !!all?.has(sym.name);
      else {
        const owner = this.symbols[sym.parent];
        const inClass = owner.label === 'Class' || owner.label === 'Interface' || owner.label === 'Enum';
        sym.exported = inClass && owner.exported && publicName;
      }
    }
  }

  protected qualified(scope: Scope, name: string): string {
    const owner = this.owner(scope);
    return owner >= 0 ? `${this.symbols[owner].qualifiedName}.${name}` : name;
  }

  /** The symbol whose body a scope is (through comprehensions), -1 at module level. */
  protected owner(scope: Scope): number {
    let s: Scope | undefined = scope;
    while (s && s.kind === 'comprehension') s = s.parent;
    return s ? s.sym : -1;
  }

  /** Binds a definition's name in its scope (a module or class symbol; a function's local names the symbol). */
  protected bindName(scope: Scope, name: string, b: Binding): void {
    let target = scope;
    if (scope.kind === 'function' && scope.globals?.has(name)) { target = moduleOf(scope); this.boundByFunctions.add(name); }
    if (this.unreachedIn.has(target)) return;
    const prev = target.names.get(name);
    // an `@overload` signature is for the checker only: the next def of the name is what runs (no rebinding)
    if (prev && prev.k === 'sym' && b.k === 'sym' && prev.s !== b.s && isSignatureKind(this.symbols[prev.s].kind)) { target.names.set(name, b); return; }
    if (prev && prev.k === 'sym' && b.k === 'sym' && prev.s !== b.s) {
      // bound again (`try: from x import f` / `except: def f()`, redefinitions): the last one made is not fixed
      this.symbols[prev.s].reassigned = true;
      this.symbols[b.s].reassigned = true;
    }
    if (prev && prev.k === 'local' && target.kind === 'function') {
      // a nested def or class bound to a name the function also assigns: the local stays (its values include this)
      const s = (b as { s: number }).s;
      this.addValue(prev.l, { k: 'id', name, b: symbolBinding(s) });
      const shared = this.sharedLocals.get(prev.l);
      if (shared) shared.push(s); else this.sharedLocals.set(prev.l, [s]);
      return;
    }
    if (!prev || prev.k !== 'sym' || b.k === 'sym') {
      if (!prev) target.names.set(name, b);
      else if (prev.k === 'imp' && b.k === 'sym') { target.names.set(name, b); this.symbols[b.s].reassigned = true; }
    }
  }

  protected addValue(l: number, value: Expr): void {
    let list = this.localValues.get(l);
    if (!list) this.localValues.set(l, list = []);
    list.push(value);
  }

  protected finishLocals(): void {
    for (const [l, values] of this.localValues) {
      const loc = this.locals[l];
      if (values.length === 1) loc.init = values[0];
      else {
        loc.reassigned = true;
        loc.init = values.length <= MAX_UNION ? { k: 'union', types: values } : { k: 'other' };
      }
    }
  }

  /** LEGB: the binding of `name` seen from `scope` (class scopes are skipped from inside their functions). */
  protected lookup(name: string, scope: Scope | undefined, fromInner: boolean): Binding | undefined {
    let s = scope;
    let inner = fromInner;
    while (s) {
      if (!(inner && s.kind === 'class')) {
        if (s.kind === 'function' && s.globals?.has(name)) return moduleOf(s).names.get(name);
        const b = s.names.get(name);
        if (b) return b;
      }
      if (s.kind === 'function' || s.kind === 'comprehension' && s.parent?.kind !== 'class') inner = true;
      if (s.kind === 'comprehension' && s.parent?.kind === 'class') {
        // a comprehension in a class body sees the class's names only in its first iterable (rare); not its body
        inner = true;
      }
      s = s.parent;
    }
    return undefined;
  }

  protected bind(p: PendingName): void {
    const b = this.lookup(p.expr.name, p.scope, false);
    if (!b) return;
    // module code reading a name before the module's own definition of it reads the builtin (`filter = filter`), as a
    // checker's flow analysis has it; an import binds wherever it is (a checker does not order those)
    if (p.beforeBinding && b.k === 'sym' && !this.boundByFunctions.has(p.expr.name)) return;
    p.expr.b = b.k === 'sym' ? symbolBinding(b.s) : b.k === 'imp' ? importBinding(b.i) : localBinding(b.l);
  }

  /**
   * A name read in a scope, looked up once every scope is complete. `inOrder`: a read the class body runs as it is
   * made (not an annotation), which sees only the class names bound above it (`_tokens: Set[T] = set()` before the
   * class's own `def set`: the builtin).
   */
  protected nameExpr(name: string, scope: Scope, inOrder = false): Expr & { k: 'id' } {
    const e: Expr & { k: 'id' } = { k: 'id', name };
    const at = inOrder && scope.kind === 'class' && !scope.names.has(name) && scope.parent ? scope.parent : scope;
    const p: PendingName = { expr: e, scope: at };
    if (inOrder && at.kind === 'module' && this.loops === 0 && !at.names.has(name)) p.beforeBinding = true;
    this.pending.push(p);
    return e;
  }
}

/** The module scope a scope is in. */
export function moduleOf(scope: Scope): Scope {
  let s = scope;
  while (s.parent) s = s.parent;
  return s;
}

/** The nearest scope around `scope` that is no comprehension. */
export function scopeOutsideComprehension(scope: Scope): Scope {
  let s = scope;
  while (s.kind === 'comprehension' && s.parent) s = s.parent;
  return s;
}

/**
 * True when a name read in comprehension `scope` is the one of `outer` that the comprehensions around the read do not
 * bind: a comprehension runs where it stands, so a test that narrowed the name there holds in it (`if
 * isinstance(v, SetEnv): {k: v.load(k) for k in v}`), as a checker narrows it.
 */
export function narrowedThrough(scope: Scope, name: string, outer: Scope): boolean {
  let s = scope;
  while (s.kind === 'comprehension' && s.parent) {
    if (s.names.has(name)) return false;
    s = s.parent;
  }
  return s === outer && s !== scope;
}

/** The class a method's scope belongs to (for `super()`), through nested comprehensions and lambdas. */
export function enclosingClass(scope: Scope): number | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.kind === 'function' && s.cls !== undefined) return s.cls;
  return undefined;
}
