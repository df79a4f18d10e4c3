/** CommonJS and ES5 class shapes: `require`, objects and constructor functions given members by assignment. */
import type { Collector } from '../../../extract/collector/collector.ts';
import { colOf, rowOf, type Node } from '../../../extract/collector/util.ts';
import { lookup, type Scope } from '../../../extract/collector/scope.ts';
import type { DefRec } from '../../../extract/collector/roles.ts';
import { bindingIndex, bindsLocal, bindsSymbol, importBinding, toPos, type Expr } from '../../../extract/facts.ts';
import { es } from './state.ts';
import { CHAINED_OBJECT } from './constants.ts';

/** An object literal, also at the end of a chain of assignments (`var app = exports = module.exports = {}`). */
export function isObjectLiteral(this: Collector, node: Node): boolean {
  let n: Node | undefined = node;
  for (let hops = 0; n && hops < 8; hops++) {
    const w = this.wraps.get(n);
    if (!w || w.kind !== 'wrap' || !w.inner) break;
    n = w.inner;
  }
  if (!n || this.scopeKindOf.has(n)) return false; // a block is no object
  // `{`, or `a = b.c = {` (a chain of plain assignments the wraps do not cover)
  CHAINED_OBJECT.lastIndex = n.start;
  return CHAINED_OBJECT.test(this.text);
}

/**
 * Whether an assignment's value is itself an assignment (`a.x = a.y = function () {…}`): the outer name holds what
 * the inner one is assigned, and the inner assignment is a definition of its own, not one inside the outer.
 */
export function isChained(this: Collector, d: DefRec): boolean {
  return d.value !== undefined && d.value !== d.def && this.wraps.get(d.value)?.kind === 'wrap' && this.text.charCodeAt(d.value.start) !== 40 /* ( */;
}

/**
 * `SchemaController.build = build` at the top level, on a module-level class, function or object: a
 * property holding another name's value or a required module's (a call through it runs what that name is, as for `const f = g`), or the
 * value of a chained assignment (`cache.remove = cache.del = function (key) {…}`).
 */
export function assignedAlias(this: Collector, d: DefRec, scope: Scope, cur: number, name: string): number {
  const chained = isChained.call(this, d);
  // (`request.Request = require('./request')`: the module's value, as `require('./x')` used in place is)
  if (!d.value || !(this.idOf(d.value) !== undefined || this.members.has(d.value) || chained || es(this).requireSource.has(d.value))) return -1;
  const o = expandoOwner.call(this, d, scope, cur);
  if (o < 0) {
    // (a function body's name not bound yet may be a function declared below, hoisted: tried again at the end)
    if (cur >= 0 && scope.kind === 'block' && !lookup(scope, this.ident(d.type!))) es(this).pendingExpandos.push({ d, scope, cur, name });
    return -1;
  }
  return addAlias.call(this, d, scope, o, name, chained);
}

/** The Property `name` of symbol `o` holding what `X.name = value` assigns (see assignedAlias). */
function addAlias(this: Collector, d: DefRec, scope: Scope, o: number, name: string, chained: boolean): number {
  const parent = this.symbols[o];
  if (this.memberKeys.has(`${o}\u0000${parent.label === 'Variable' ? '' : 's'}${name}`)) return -1;
  this.skipIds.add(d.name!);
  const s = this.addSymbol(d, scope, o, name, 'Property', 'assigned_value', parent.exported, false);
  if (parent.label !== 'Variable') this.symbols[s].isStatic = true;
  this.work[s].initNode = d.value;
  this.memberKeys.set(`${o}\u0000${parent.label === 'Variable' ? '' : 's'}${name}`, s);
  return this.span(s, chained ? d.name! : d.def);
}

/**
 * The symbol `X` of an assignment `X.name = …` that adds a member to it, as the checker reads JavaScript: at the top
 * level, a module-level object, class or function (in TypeScript, no const holding a call's or a construction's value,
 * one asserted to a type or one declared with a type); in a function's body, a function or class that same body declares
 * (debug's `function setup() { function createDebug() {…} createDebug.enable = enable; … }`). -1 for anything else.
 */
export function expandoOwner(this: Collector, d: DefRec, scope: Scope, cur: number): number {
  const ownerName = this.ident(d.type!);
  if (cur === -1 && scope === this.root) {
    const owner = this.root.names.get(ownerName);
    if (!bindsSymbol(owner)) return -1;
    const parent = this.symbols[bindingIndex(owner)];
    if (parent.parent !== -1 || (parent.label !== 'Variable' && parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
    // (TypeScript adds no member by assignment to the value a call or a construction gives: `const x = new T(); x.m =
    // …` assigns the member `m` T declares, or it is an error; nor to a value asserted to a type, `const t = … as
    // Builder`, whose members are the type's; nor to one declared with a type, `const handlers: { [event: string]: H }
    // = {}`, whose members are that type's too; an untyped object literal's const stays its owner here)
    if (parent.label === 'Variable' && this.language !== 'javascript') {
      const work = this.work[bindingIndex(owner)];
      if (work.typeNode) return -1;
      const init = work.initNode;
      if (init && (this.calls.has(init) || this.wraps.get(init)?.kind === 'as')) return -1;
    }
    return bindingIndex(owner);
  }
  // a statement of the function's own body (the body's block, whose parent is the function's scope; not a nested
  // block), naming a function or class declared there
  const fn = scope.kind === 'block' ? scope.parent : undefined;
  if (cur < 0 || !fn || (fn.kind !== 'function' && fn.kind !== 'arrow' && fn.kind !== 'method')) return -1;
  const owner = scope.names.get(ownerName) ?? fn.names.get(ownerName);
  if (!bindsSymbol(owner)) return -1;
  const parent = this.symbols[bindingIndex(owner)];
  if (parent.parent !== cur || (parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
  return bindingIndex(owner);
}

/**
 * The assignments assignedAlias put off (their function's name was not bound yet where they stand), now that every
 * declaration is: those naming a function or class their body declares below add its member after all.
 */
export function addPendingExpandos(this: Collector): void {
  for (const { d, scope, cur, name } of es(this).pendingExpandos) {
    const o = expandoOwner.call(this, d, scope, cur);
    if (o >= 0) addAlias.call(this, d, scope, o, name, isChained.call(this, d));
  }
}

/** A function whose body assigns `this.x = …` (nested functions included: an approximation). */
export function assignsThis(this: Collector, fn: Node): boolean {
  // starts of the `this.x = …` targets, sorted once (a binary search per function, not a scan)
  let starts = es(this).thisTargetStarts;
  if (!starts) {
    starts = this.assignTargets.filter((t) => this.text.startsWith('this', t.start) && !/[$\w]/.test(this.text[t.start + 4] ?? '')).map((t) => t.start).sort((a, b) => a - b);
    es(this).thisTargetStarts = starts;
  }
  let lo = 0, hi = starts.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (starts[mid] < fn.start) lo = mid + 1; else hi = mid; }
  return lo < starts.length && starts[lo] < fn.end;
}

/**
 * The class whose instance `this` is at a definition in scope `scope`, when that is directly in a non-static
 * method `cur` of a class (through blocks and arrows, not functions of its own); else -1.
 */
export function methodThisClass(this: Collector, scope: Scope, cur: number): number {
  if (cur < 0 || this.symbols[cur].label !== 'Method' || this.symbols[cur].isStatic) return -1;
  let s: Scope | undefined = scope;
  while (s && (s.kind === 'block' || s.kind === 'arrow')) s = s.parent;
  if (!s || s.kind !== 'method') return -1;
  const cls = this.symbols[cur].parent;
  return cls >= 0 && this.symbols[cls].label === 'Class' ? cls : -1;
}

/**
 * The class or constructor function a `this.x = …` at scope `scope` (under symbol `cur`) declares member `name` of,
 * as the checker reads JavaScript: a non-static method of a class (methodThisClass), or anywhere in the body of a
 * constructor function or of a function assigned to its prototype (through blocks and arrows, not functions of
 * their own); else -1. A name the file assigns to the prototype (`F.prototype.x = …`) is that member, not this one.
 */
export function thisClassAt(this: Collector, scope: Scope, cur: number, name: string): number {
  const cls = methodThisClass.call(this, scope, cur);
  if (cls >= 0) return cls;
  let s: Scope | undefined = scope;
  while (s && (s.kind === 'block' || s.kind === 'arrow')) s = s.parent;
  if (!s || s.kind !== 'function' || s.classSym < 0) return -1;
  const owner = this.symbols[s.classSym];
  if (owner.parent !== -1 || owner.label !== 'Function' || !isConstructorFunction.call(this, s.classSym)) return -1;
  // (the constructor itself, or a method of its prototype: not a function given the instance as `this` otherwise)
  if (cur !== s.classSym && (cur < 0 || this.symbols[cur].parent !== s.classSym || this.symbols[cur].kind !== 'prototype_method')) return -1;
  return prototypeAssigns.call(this, owner.name, name) ? -1 : s.classSym;
}

/** Whether the file assigns `F.prototype.name = …`. */
function prototypeAssigns(this: Collector, fn: string, name: string): boolean {
  const esc = (x: string): string => x.replace(/\$/g, '\\$');
  return new RegExp(`(?<![$\\w.])${esc(fn)}\\.prototype\\.${esc(name)}\\s*=(?!=)`).test(this.text);
}

/**
 * Whether `obj` at an assignment statement in `scope` names an alias of `this` (`var self = this`) that the same
 * function body declares, the assignment being a statement of that body too (the checker reads `self.x = …` there
 * as `this.x = …`, and not in a nested block).
 */
export function isThisAlias(this: Collector, obj: Node, scope: Scope): boolean {
  // the body's block, directly in a function or method (a `var` is bound in the function's own scope)
  const fn = scope.kind === 'block' ? scope.parent : undefined;
  if (!fn || (fn.kind !== 'function' && fn.kind !== 'method')) return false;
  const name = this.ident(obj);
  const b = scope.names.get(name) ?? fn.names.get(name);
  if (!bindsLocal(b)) return false;
  const init = this.localNodes[bindingIndex(b)].init;
  return init !== undefined && init.end - init.start === 4 && this.text.startsWith('this', init.start);
}

/** A top-level `function F() {}` with `F.prototype.m = …` in the file (its `this` is an F). */
export function isConstructorFunction(this: Collector, s: number): boolean {
  if (s < 0) return false;
  const sym = this.symbols[s];
  return sym.parent === -1 && sym.label === 'Function' && sym.kind === 'function' && es(this).prototypeNames.has(sym.name);
}

/** `x = require('m')` and `x = require('m').y`: import bindings, not variables. */
export function requireBinding(this: Collector, value: Node, nameNode: Node, scope: Scope): boolean {
  let source = es(this).requireSource.get(value);
  if (source !== undefined) {
    this.bindImport({ kind: 'require', source, local: this.ident(nameNode), at: this.pos(nameNode) }, nameNode, scope);
    return true;
  }
  const m = this.members.get(value);
  source = m ? es(this).requireSource.get(m.object) : undefined;
  if (m && source !== undefined) {
    this.bindImport({ kind: 'require-named', source, imported: this.ident(m.property), local: this.ident(nameNode), at: this.pos(m.property) }, nameNode, scope);
    return true;
  }
  return false;
}

/** A `require('m')` call not bound by a declaration: an import binding of its own (no local name). */
export function inlineRequire(this: Collector, node: Node): Expr {
  const source = es(this).requireSource.get(node)!;
  let i = es(this).inlineRequires.get(source);
  if (i === undefined) {
    i = this.imports.length;
    this.imports.push({ kind: 'require', source, local: 'require', at: toPos(rowOf(node) + 1, colOf(node) + 1, 0) });
    es(this).inlineRequires.set(source, i);
  }
  return { k: 'id', name: 'require', b: importBinding(i) };
}
