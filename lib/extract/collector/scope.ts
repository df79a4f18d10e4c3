/** Lexical scopes of the collector: the scope tree replay builds, and name lookup in it. */
import { LazyMap, type Node } from './util.ts';
import { bindsLocal, type Binding } from '../facts.ts';

export type ScopeKind = 'program' | 'block' | 'function' | 'arrow' | 'method' | 'class' | 'type';
export interface Scope {
  kind: ScopeKind;
  start: number;
  /** The call this function is an argument of (anonymous callbacks). */
  argOf?: Node;
  end: number;
  parent: Scope | undefined;
  names: LazyMap<string, Binding>;
  /** Class symbol owning a class scope (-1: anonymous class). */
  classSym: number;
  /** A function's declared `this:` type. */
  thisType?: Node;
  /** The syntax node that opens the scope. */
  node?: Node;
  /** Type parameters declared here, by name (see lookupType). */
  types?: Map<string, Binding>;
  /** A value a later type-only declaration of the same name took the place of in `names` (see lookupValue). */
  values?: Map<string, Binding>;
}


export function lookup(scope: Scope | undefined, name: string): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    // most block scopes bind nothing: no hash lookup there
    if (s.names.size === 0) continue;
    const b = s.names.get(name);
    if (b) return b;
  }
  return undefined;
}

/**
 * `name` read as a value at a scope: a binding that declares only a type there (a type parameter, an interface, a type
 * alias: `typeOnly`) is passed over, as types and values are two namespaces (`Decode(…)` in a method of `class
 * Validator<Decode>` calls the imported function `Decode`; `x instanceof Error` beside `type Error = …` reads the
 * global), unless a value of that name is declared in the same scope (`const X = …; type X = …`).
 */
export function lookupValue(scope: Scope | undefined, name: string, typeOnly: (b: Binding) => boolean): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    if (s.names.size === 0) continue;
    const b = s.names.get(name);
    if (b === undefined) continue;
    if (!typeOnly(b)) return b;
    const v = s.values?.get(name);
    if (v !== undefined && !typeOnly(v)) return v;
  }
  return undefined;
}

/** Binds `name` in `scope` to a declaration of a type only, keeping a value it takes the place of for lookupValue. */
export function bindTypeOnly(scope: Scope, name: string, b: Binding): void {
  const prev = scope.names.get(name);
  if (prev !== undefined) (scope.values ??= new Map()).set(name, prev);
  scope.names.set(name, b);
}

/** `name` of namespace meaning at a scope: locals (parameters, variables, type parameters) have none and are passed over. */
export function lookupNamespace(scope: Scope | undefined, name: string): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    if (s.names.size === 0) continue;
    const b = s.names.get(name);
    if (b && !bindsLocal(b)) return b;
  }
  return undefined;
}

/**
 * `name` read as a type at a scope: a local there binds it only when it declares a type (a type parameter), as types
 * and values are two namespaces (`<node extends Node>(node: node)`: the annotation names the type parameter).
 */
export function lookupType(scope: Scope | undefined, name: string, typeLocal: (b: Binding) => boolean): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    const t = s.types?.get(name);
    if (t) return t;
    if (s.names.size === 0) continue;
    const b = s.names.get(name);
    if (b && (!bindsLocal(b) || typeLocal(b))) return b;
  }
  return undefined;
}

export function functionScope(scope: Scope): Scope {
  let s = scope;
  while (s.parent && s.kind !== 'function' && s.kind !== 'arrow' && s.kind !== 'method') s = s.parent;
  return s;
}

/**
 * The class `this` refers to at a scope: through arrows and blocks, stopped by plain functions (a function
 * assigned to `X.prototype.m` has X as its classSym).
 */
export function thisClass(scope: Scope): number {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    if (s.kind === 'class' || s.kind === 'function') return s.classSym;
    if (s.kind === 'program') return -1;
  }
  return -1;
}

/** The scope whose `this` a `this` at `scope` is: the nearest plain function, method, class body or the program. */
export function thisOwner(scope: Scope): Scope {
  let s = scope;
  while (s.parent && s.kind !== 'function' && s.kind !== 'method' && s.kind !== 'class') s = s.parent;
  return s;
}

/** The declared `this:` type of the nearest plain function, if it has one (arrows and blocks see through). */
export function thisTypeAt(scope: Scope): Node | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    // a method may declare `this:` too (chevrotain's traits: `this: MixedInParser`); without one it is its class
    if (s.kind === 'function' || s.kind === 'method') return s.thisType;
    if (s.kind === 'class' || s.kind === 'program') return undefined;
  }
  return undefined;
}

/**
 * Where the scope binding a declaration starts, when that scope is inside a function's body (a callback's local:
 * `interface Warrior` in each test of a file); undefined at file level and in blocks outside functions (`declare
 * global { … }`), where same-named declarations of a merging kind are one symbol's.
 */
export function localScopeStart(scope: Scope): number | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    if (s.kind === 'function' || s.kind === 'arrow' || s.kind === 'method') return scope.start;
  }
  return undefined;
}
