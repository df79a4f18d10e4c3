/**
 * ECMAScript's own roles (lib/extract/plugin.ts): CommonJS (`require`, `module.exports`, `exports.x`), ES5 classes
 * (prototype methods, constructor functions, members assigned to objects), ESM export statements, JSDoc comments,
 * TypeScript's parameter properties, mixins, React's `useState` pattern, `Array.isArray` narrowing. The common roles
 * of lib/extract/collector do the rest.
 */
import type { Collector } from '../../../extract/collector/collector.ts';
import { colOf, first, get, rowOf, startOf, type Node } from '../../../extract/collector/util.ts';
import { lookup, type Scope } from '../../../extract/collector/scope.ts';
import { EV_DEF, EV_EXPORT, type DefRec, type DefineHandler } from '../../../extract/collector/roles.ts';
import { bindingIndex, bindsSymbol, symbolBinding, toPos, type SymbolLabel } from '../../../extract/facts.ts';
import { registerRoles, type MatchHandler } from '../../../extract/plugin.ts';
import { es } from './state.ts';
import { AS_DEFAULT, EXPORT_DEFAULT, OWN_NAME, PROTOTYPE_OF } from './constants.ts';
import { assignedAlias, assignsThis, expandoOwner, isChained, isConstructorFunction, isObjectLiteral, isThisAlias, thisClassAt } from './commonjs.ts';

const pushKey: MatchHandler = function (c) {
  const fn = this.ident(get(c, 'fn')!);
  if (fn !== 'push' && fn !== 'unshift') return;
  const key = get(c, 'key')!;
  this.keyRefs.set(key, { obj: get(c, 'target')!, name: this.ident(key), kind: get(c, 'short') ? 'shorthand' : 'value', typed: false, from: -1, pushed: true });
  this.point(key, key);
  return;
};

const patternFirst: MatchHandler = function (c) { this.firstOf.set(get(c, 'name')!, get(c, 'value')!); return; };

const isArrayNarrowing: MatchHandler = function (c) {
  // (`isArray(x)` through a name: the resolver checks that the name is `Array.isArray` or an array guard)
  const by = get(c, 'fn');
  if (!by) {
    const obj = get(c, 'obj')!, prop = get(c, 'prop')!;
    if (this.ident(obj) !== 'Array' || this.ident(prop) !== 'isArray') return;
  }
  const name = get(c, 'name')!, yes = get(c, 'body'), no = get(c, 'else'), stmt = get(c, 'if');
  if (yes) this.isArrayNarrowings.push(by ? { name, body: yes, yes: true, by } : { name, body: yes, yes: true });
  if (no) this.isArrayNarrowings.push(by ? { name, body: no, yes: false, by } : { name, body: no, yes: false });
  // (an `if` without `else`, its one branch the consequence: where that exits, the rest of the block is the other side)
  if (stmt && !yes !== !no) this.isArrayNarrowings.push(by ? { name, body: stmt, yes: !yes, by, exit: true } : { name, body: stmt, yes: !yes, exit: true });
  return;
};

/**
 * A qualified name in a type (`Divisor.Declaration`, `s.error<…>`): a type reference, whose leftmost name has
 * namespace meaning (a type parameter `s` does not shadow `namespace s`).
 */
const qualifiedTypeName: MatchHandler = function (c) {
  this.kindOverride.set(get(c, 'member')!, 'type');
  this.namespacePlaces.set(get(c, 'object')!, true);
};

const docComment: MatchHandler = function (c) {
  const n = first(c);
  if (this.text.startsWith('/**', n.start) && !this.text.startsWith('/**/', n.start)) this.docComments.set(n.end, n);
  return;
};

const prototypeBase: MatchHandler = function (c) {
  // the names the query leaves open: `Object.create(Y.prototype)`, `Object.setPrototypeOf(X.prototype,
  // Y.prototype)`, `util.inherits(X, Y)` / `inherits(X, Y)`
  const word = (k: string): string | undefined => { const n = get(c, k); return n ? this.ident(n) : undefined; };
  const fn = word('fn'), obj = word('obj');
  const protos = (word('p1') ?? 'prototype') === 'prototype' && (word('p2') ?? 'prototype') === 'prototype';
  const ok = fn === 'inherits' ? !get(c, 'p1') : obj === 'Object' && (fn === 'create' || fn === 'setPrototypeOf') && protos;
  if (ok) es(this).protoBases.push({ name: get(c, 'name')!, base: get(c, 'base')! });
  return;
};

// a class expression a function returns (a mixin: `return class Tagged extends Base {…}`, `(Base) => class extends
// Base {…}`), or one passed as an argument (`ViewPlugin.fromClass(class {…})`): a class of the enclosing symbol,
// named as written or, when anonymous, after that symbol
const classExpression: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  if (cur < 0 || this.classSymOf.has(d.def)) return -1;
  const own = d.name ? name : this.symbols[cur].name;
  const s = this.addSymbol(d, scope, cur, own, 'Class', 'class', false, false);
  this.classSymOf.set(d.def, s);
  return this.span(s, d.def);
};

// a named function expression a function returns (`return function normalize (opts) {…}`): a function of that
// function, which the call of the factory's result reaches; its name is bound in no enclosing scope
const returnedFunction: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  if (cur < 0) return -1;
  const s = this.addSymbol(d, scope, cur, name, 'Function', 'function_expression', false, false);
  this.work[s].returnsNode = this.returnsOf.get(d.def);
  this.ownNameOf.set(d.def, s);
  return this.span(s, d.def);
};

const defaultExport: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  const kind = this.scopeKindOf.get(d.def);
  const label: SymbolLabel = kind === 'class' ? 'Class' : 'Function';
  const s = this.addSymbol(d, scope, cur, 'default', label, kind === 'class' ? 'class' : kind === 'arrow' ? 'arrow_function' : 'function_expression', true, true);
  if (label === 'Class') this.classSymOf.set(d.def, s); else this.work[s].returnsNode = this.returnsOf.get(d.def);
  return this.span(s, d.def);
};

const parameterProperty: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  if (this.paramProps.has(d.def)) return -1;
  this.paramProps.add(d.def);
  let sc: Scope | undefined = scope;
  while (sc && sc.kind !== 'class') sc = sc.parent;
  if (!sc || sc.classSym < 0) return -1;
  const priv = /\bprivate\b/.test(this.text.slice(startOf(d.def), startOf(d.name!)));
  const s = this.addSymbol(d, scope, sc.classSym, name, 'Property', 'parameter_property', this.symbols[sc.classSym].exported && !priv, false);
  if (priv) this.work[s].isPrivate = true;
  this.work[s].typeNode = d.type;
  // inside the constructor the parameter's name is the property's declaration too (one rename)
  this.paramPropOf.set(d.name!, s);
  return -1;
};

const thisMember: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  // `this.count = 0` in a JavaScript constructor declares the property, unless the class already has it; so
  // does `this.suite = new Suite()` in a top-level constructor function (`function Mocha() {…}` with
  // `Mocha.prototype.m = …` in the file), as the checker reads it; and, when the class does not have it yet, an
  // assignment in another method (or nested in the constructor), outside functions of its own
  const alias = d.role === R['def.this.alias'];
  if (alias && !isThisAlias.call(this, d.type!, scope)) return -1;
  const cls = d.role === R['def.this.fnfield'] ? (isConstructorFunction.call(this, cur) ? cur : -1)
    : d.role === R['def.this.later'] || d.role === R['def.this.key'] || alias ? thisClassAt.call(this, scope, cur, name)
    : cur >= 0 && this.symbols[cur].kind === 'constructor' ? this.symbols[cur].parent : -1;
  // (`this[kQueue] = …`: the key names a symbol-keyed member, `[kQueue]`; the key itself stays a reference)
  const keyed = d.role === R['def.this.key'];
  if (keyed) name = `[${name}]`;
  if (cls < 0) return -1;
  const declared = this.memberKeys.get(`${cls}\u0000${name}`);
  if (declared !== undefined) { laterValue.call(this, declared, d.value); return -1; }
  // (a member the class body writes further down is the declaration: `_onChange(cb) { this._onChangeCallback =
  // cb }` before `_onChangeCallback() {}`, `this.handle = this.handle.bind(this)` in a constructor)
  if (d.role !== R['def.this.fnfield']) {
    const def = this.work[cls].defNode, at = this.memberDeclsAt.get(name);
    if (at && at.some((p) => p > def.start && p < this.end(def))) return -1;
  }
  // `this.render = function () {…}`: a method held by the instance (like a class field holding an arrow); the
  // calls inside it are its own
  const valueKind = d.value ? this.scopeKindOf.get(d.value) : undefined;
  const fnField = valueKind === 'function' || valueKind === 'arrow';
  const s = this.addSymbol(d, scope, cls, name, fnField ? 'Method' : 'Property', fnField ? 'field_function' : 'field', this.symbols[cls].exported && !name.startsWith('#'), false);
  // (a keyed member's name is `[kQueue]`: its definition spans the brackets around the key, as a computed method
  // name does)
  if (keyed) {
    const k = d.name!, from = startOf(k), to = this.end(k);
    if (this.text.charCodeAt(from - 1) === 91 /* [ */ && this.text.charCodeAt(to) === 93 /* ] */) this.symbols[s].at = toPos(rowOf(k) + 1, colOf(k), to - from + 2);
  }
  if (fnField) this.work[s].returnsNode = this.returnsOf.get(d.value!);
  else this.work[s].initNode = d.value;
  if (!fnField && d.value && this.isNullish(d.value)) es(this).nullishFields.set(s, { nullish: d.value, others: 0 });
  this.memberKeys.set(`${cls}\u0000${name}`, s);
  if (!keyed) this.declaredProps.add(d.name!);
  // (the alias's member name is a declaration, as `this.x`'s is: no reference of its own)
  if (alias) this.skipIds.add(d.name!);
  return fnField ? this.span(s, d.def) : -1;
};

/**
 * Another `this.x = value` of a property declared `this.x = null` (or `undefined`): the checker types a JavaScript
 * property so declared by the class's other assignments (`this.cache = null` in the constructor, `this.cache = new
 * Cache()` in a method), so that one value is the property's; of several, none is (their union is not kept).
 */
function laterValue(this: Collector, s: number, value: Node | undefined): void {
  const field = es(this).nullishFields.get(s);
  if (!field || !value || this.isNullish(value) || this.work[s].initNode === value) return;
  field.others++;
  this.work[s].initNode = field.others === 1 ? value : field.nullish;
}

// `self.x = …` (any object name, as a block's statement): filed as a definition without claiming the member's
// name, which stays a reference unless the object is an alias of `this` (see thisMember)
const thisAliasAssignment: MatchHandler = function (c) {
  const def = get(c, 'def')!;
  this.push(startOf(def), EV_DEF, { role: R['def.this.alias'], def, name: get(c, 'name')!, value: get(c, 'value'), type: get(c, 'type') } satisfies DefRec);
};

// `Agent.prototype[name] = function (…) {…}`: no member we can name, but `this` inside is an instance of the owner
const computedPrototypeAssignment: MatchHandler = function (c) {
  if (this.ident(get(c, 'p1')!) !== 'prototype') return;
  const def = get(c, 'def')!;
  this.push(startOf(def), EV_DEF, { role: R['def.prototype.computed'], def, value: get(c, 'value'), type: get(c, 'type') } satisfies DefRec);
};

const computedPrototypeMethod: DefineHandler = function (d, scope) {
  const owner = lookup(scope, this.ident(d.type!));
  if (!bindsSymbol(owner)) return -1;
  const sym = this.symbols[bindingIndex(owner)];
  if (sym.parent === -1 && (sym.label === 'Class' || (sym.label === 'Function' && sym.kind !== 'arrow_function'))) this.thisOwner.set(d.value!, bindingIndex(owner));
  return -1;
};

const objectMethod: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  // `module.exports = { m() {} }`: methods of the module's object (the `default` Variable made for it below, or
  // `proto` of `const proto = module.exports = {…}`); any other assignment's object literal is no symbol
  if (d.role === R['def.cjs.objmethod'] && !es(this).moduleExportsAssign.has(d.host!)) return -1;
  // (a module-level Variable, or one a function declares for its object of methods: see localObject)
  if (cur < 0 || this.symbols[cur].label !== 'Variable') return -1;
  // (`get error() { return chalk.red }`: an accessor, so `colors.error(x)` calls what the getter returns, as for a
  // class's getter)
  const accessor = /\b([gs])et\s*$/.exec(this.text.slice(d.def.start, d.name!.start))?.[1];
  const kind = accessor === 'g' ? 'getter' : accessor === 's' ? 'setter' : 'object_method';
  const s = this.addSymbol(d, scope, cur, name, 'Method', kind, this.symbols[cur].exported || d.role === R['def.cjs.objmethod'], false);
  // the key is also the module's export of that name (`require('./response').set`), as for `module.exports = { a }`
  // (not a getter's or setter's: `get register() {…}` exports what the getter returns, webpack's serialization.js)
  if (d.role === R['def.cjs.objmethod'] && !accessor) this.exports.push({ kind: 'local', name, value: { k: 'id', name, b: symbolBinding(s) } });
  this.work[s].returnsNode = this.returnsOf.get(d.value ?? d.def);
  // `this` inside a method (or plain function value, not an arrow) of an untyped object literal is the object,
  // as the checker reads it; a typed one (`const p: Provider = {…}`) is its declared type to the checker
  const fnNode = d.value ?? d.def;
  if (this.scopeKindOf.get(fnNode) === 'function' && !this.work[cur].typeNode) this.thisOwner.set(fnNode, cur);
  return this.span(s, d.def);
};

const assignedMember: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
  if (kind !== 'function' && kind !== 'arrow' && kind !== 'class') return assignedAlias.call(this, d, scope, cur, name);
  const o = expandoOwner.call(this, d, scope, cur);
  if (o < 0) {
    // `instance.listen = function () { this.get() }` on a function's object of methods: no member of it (the checker
    // adds none that its callers see), but `this` inside is the object
    const local = kind === 'function' && (cur !== -1 || scope !== this.root) ? lookup(scope, this.ident(d.type!)) : undefined;
    if (bindsSymbol(local) && this.symbols[bindingIndex(local)].label === 'Variable' && this.symbols[bindingIndex(local)].parent !== -1) this.thisOwner.set(d.value!, bindingIndex(local));
    return -1;
  }
  const owner = symbolBinding(o);
  const parent = this.symbols[o];
  this.skipIds.add(d.name!);
  if (kind === 'class') {
    // `internals.Route = class { … }` (hapi style): a class named by the property
    const c = this.addSymbol(d, scope, bindingIndex(owner), name, 'Class', 'class', parent.exported, false);
    // `Dep.Template = class {…}` on a class or constructor function: a static member of it
    if (parent.label === 'Class' || parent.label === 'Function') this.symbols[c].isStatic = true;
    this.classSymOf.set(d.value!, c);
    return this.span(c, d.def);
  }
  const s = this.addSymbol(d, scope, bindingIndex(owner), name, 'Method', 'assigned_function', parent.exported, false);
  if (parent.label === 'Class' || parent.label === 'Function') this.symbols[s].isStatic = true;
  // `app.set = function () { this.get() }` on a module-level object: `this` is that object, as the checker reads
  // it — unless the function assigns `this.x = …` (a constructor function to the checker, its own instance)
  // (an object literal: `Object.create(proto)` is `any` to the checker)
  else if (kind === 'function' && !this.work[bindingIndex(owner)].typeNode && this.work[bindingIndex(owner)].initNode && isObjectLiteral.call(this, this.work[bindingIndex(owner)].initNode!) && !assignsThis.call(this, d.value!)) this.thisOwner.set(d.value!, bindingIndex(owner));
  this.work[s].returnsNode = this.returnsOf.get(d.value!);
  return this.span(s, d.def);
};

const prototypeMethod: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
  // (any other value, `F.prototype.parser = new Parser()`, `F.prototype.del = F.prototype.delete`: an instance
  // property holding it, as the checker declares it)
  const held = isChained.call(this, d) || (kind !== 'function' && kind !== 'arrow');
  if (cur !== -1 || scope !== this.root) return -1;
  const ownerName = PROTOTYPE_OF.exec(this.text.slice(d.type!.start, d.type!.end))![1];
  const owner = this.root.names.get(ownerName);
  if (!bindsSymbol(owner)) return -1;
  const parent = this.symbols[bindingIndex(owner)];
  if (parent.parent !== -1 || (parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
  if (held && this.memberKeys.has(`${bindingIndex(owner)}\u0000${name}`)) return -1;
  this.skipIds.add(d.name!);
  if (held) {
    // `F.prototype.send = F.prototype.write = function …`: an instance member holding what the inner name is (a
    // call through it runs that function); the inner assignment is a definition of its own
    const p = this.addSymbol(d, scope, bindingIndex(owner), name, 'Property', 'assigned_value', parent.exported, false);
    this.work[p].initNode = d.value;
    this.memberKeys.set(`${bindingIndex(owner)}\u0000${name}`, p);
    return this.span(p, d.name!);
  }
  const s = this.addSymbol(d, scope, bindingIndex(owner), name, 'Method', 'prototype_method', parent.exported, false);
  this.work[s].returnsNode = this.returnsOf.get(d.value!);
  // `this` inside a plain function assigned to the prototype is an instance of the owner
  if (kind === 'function') this.thisOwner.set(d.value!, bindingIndex(owner));
  return this.span(s, d.def);
};

const moduleValue: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  // the function or class assigned to `module.exports` at the top level: named by its own name, else `default`
  // (what an ESM import of the module gets), as `export default function () {}` is
  const kind = this.scopeKindOf.get(d.def);
  if (topLevel && es(this).methodObjects.has(d.def)) {
    // `module.exports = { get(field) {…}, set(…) {…} }`: the object is a Variable named `default` (what an ESM
    // import of the module gets), so its methods are symbols and `this` inside them is the object
    const s = this.addSymbol(d, scope, cur, 'default', 'Variable', 'const', true, true);
    this.work[s].initNode = d.def;
    if (d.host) this.docHostOf.set(s, d.host.start);
    return this.span(s, d.def);
  }
  if (!topLevel || (kind !== 'function' && kind !== 'arrow' && kind !== 'class') || this.classSymOf.has(d.def) || this.fnSymOf.has(d.def)) return -1;
  const own = kind === 'arrow' ? undefined : OWN_NAME.exec(this.text.slice(d.def.start, Math.min(d.def.end, d.def.start + 200)));
  const nameNode = own ? this.syntheticNode(d.def.start + own[0].length - own[1].length, own[1].length) : undefined;
  const label: SymbolLabel = kind === 'class' ? 'Class' : 'Function';
  const s = this.addSymbol({ ...d, name: nameNode }, scope, cur, own ? own[1] : 'default', label, kind === 'class' ? 'class' : kind === 'arrow' ? 'arrow_function' : 'function_expression', true, true);
  if (label === 'Class') this.classSymOf.set(d.def, s); else this.work[s].returnsNode = this.returnsOf.get(d.def);
  // its doc comment sits before `module.exports =`
  if (d.host) this.docHostOf.set(s, d.host.start);
  if (own) this.ownNameOf.set(d.def, s);
  return this.span(s, d.def);
};

const commonjsExport: DefineHandler = function (d, scope, cur, name, exported, isDefault, topLevel) {
  const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
  if (topLevel && isChained.call(this, d)) {
    // `exports.reset = exports.empty = function empty() {…}`: the outer export is a name holding what the inner one
    // is (a call through it runs that, as for `const reset = empty`); the inner assignment is a definition of its own
    const v = this.addSymbol(d, scope, cur, name, 'Variable', 'assigned_value', true, false);
    this.work[v].initNode = d.value;
    return this.span(v, d.name!);
  }
  if (!topLevel || !kind || kind === 'method' || kind === 'block' || kind === 'type') {
    // `exports.x = value`: an export of whatever the value is
    const value = d.value!;
    this.pendingExports.push(() => this.exports.push({ kind: 'local', name, value: this.expr(value) }));
    return -1;
  }
  const label: SymbolLabel = kind === 'class' ? 'Class' : 'Function';
  const s = this.addSymbol(d, scope, cur, name, label, kind === 'class' ? 'class' : kind === 'arrow' ? 'arrow_function' : 'function_expression', true, false);
  if (label === 'Class') this.classSymOf.set(d.value!, s); else this.work[s].returnsNode = this.returnsOf.get(d.value!);
  return this.span(s, d.def);
};

/** `require('m')` (the callee's name is checked here: the query leaves it open). */
const requireCall: MatchHandler = function (c) {
  if (this.ident(get(c, 'fn')!) !== 'require') return;
  const { source, sourceNode } = this.moduleSource(c);
  es(this).requireSource.set(get(c, 'call')!, source);
  this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'require' });
};

/**
 * `import { default as foo } from 'x'`: a default import (tree-sitter-javascript has no name node for `default`;
 * tree-sitter-typescript's identifier there is no use of a name).
 */
const namedDefaultImport: MatchHandler = function (c) {
  const { source } = this.moduleSource(c);
  const alias = get(c, 'alias')!, name = get(c, 'name');
  if (name) this.skipIds.add(name);
  this.bindImport({ kind: 'default', source, imported: 'default', local: this.ident(alias), at: this.pos(alias) }, alias);
};

/** `export { default } from './x'`, `export { default as Button } from './x'` (no name node for `default`). */
const defaultReexport: MatchHandler = function (c) {
  const { source, sourceNode } = this.moduleSource(c);
  const spec = get(c, 'spec')!, alias = get(c, 'alias');
  if (alias) this.skipIds.add(alias);
  this.exports.push({ kind: 'from', name: alias ? this.ident(alias) : 'default', imported: 'default', source, at: toPos(rowOf(spec) + 1, colOf(spec) + 1, 7) });
  this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
};

/** An `export` statement: the top-level definitions inside it are exported (`export default …`: as the default). */
const exportStatement: MatchHandler = function (c) {
  const node = get(c, 'export')!;
  const s = startOf(node);
  EXPORT_DEFAULT.lastIndex = s;
  this.push(s, EV_EXPORT, { end: this.end(node), isDefault: EXPORT_DEFAULT.test(this.text) });
};

/** `export default name` and TypeScript's `export = name`. */
const exportName: MatchHandler = function (c, role) {
  const name = get(c, 'name')!;
  this.kindOverride.set(name, 'export');
  this.pendingExports.push(() => this.exports.push(role === R['export.equals'] ? { kind: 'cjs', value: this.expr(name) } : { kind: 'local', name: 'default', value: this.expr(name), statement: true }));
};

/** `export { a, b as c }`. */
const exportLocal: MatchHandler = function (c) {
  const name = get(c, 'name')!, alias = get(c, 'alias');
  this.kindOverride.set(name, 'export');
  if (alias) this.skipIds.add(alias);
  const exported = alias ? this.ident(alias) : asDefault(this, name) ? 'default' : this.ident(name);
  this.pendingExports.push(() => this.exports.push({ kind: 'local', name: exported, value: this.expr(name) }));
};

/** `export { a, b as c } from './x'`. */
const exportFrom: MatchHandler = function (c) {
  const { source, sourceNode } = this.moduleSource(c);
  const name = get(c, 'name')!, alias = get(c, 'alias');
  this.skipIds.add(name);
  if (alias) this.skipIds.add(alias);
  const imported = this.ident(name);
  this.exports.push({ kind: 'from', name: alias ? this.ident(alias) : asDefault(this, name) ? 'default' : imported, imported, source, at: this.pos(name) });
  this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
};

/** `export * from './x'`. */
const exportStar: MatchHandler = function (c) {
  const { source, sourceNode } = this.moduleSource(c);
  this.exports.push({ kind: 'star', source });
  this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
};

/** `export * as ns from './x'`. */
const exportStarAs: MatchHandler = function (c) {
  const { source, sourceNode } = this.moduleSource(c);
  const alias = get(c, 'alias')!;
  this.skipIds.add(alias);
  this.exports.push({ kind: 'star-as', name: this.ident(alias), source });
  this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
};

/**
 * An assignment to a member: `module.exports = v`, `exports.name = v`, `module.exports.name = v` (exports),
 * `F.prototype.m = function …` (a prototype method), `obj.name = function …` (a member of a module-level object,
 * class or constructor function); anything else declares nothing.
 */
const memberAssignment: MatchHandler = function (c) {
  const object = get(c, 'object')!, nameNode = get(c, 'name')!, value = get(c, 'value')!, assign = get(c, 'assign')!;
  const target = this.text.slice(object.start, nameNode.start).replace(/[\s.?]/g, '');
  const name = this.ident(nameNode);
  if (target === 'module' && name === 'exports') {
    es(this).moduleExportsAssign.add(assign);
    // `module.exports = function () {}` / `= class Foo {}`: the module's value is a symbol of its own
    this.push(startOf(value), EV_DEF, { role: R['def.cjs.module'], def: value, value, host: assign } satisfies DefRec);
    this.pendingExports.push(() => this.exports.push({ kind: 'cjs', value: this.expr(value) }));
  } else if (target === 'exports' || target === 'moduleexports') {
    this.skipIds.add(nameNode);
    this.push(startOf(assign), EV_DEF, { role: R['def.cjs'], def: assign, name: nameNode, value } satisfies DefRec);
  } else if (PROTOTYPE_OF.test(this.text.slice(object.start, object.end))) {
    es(this).prototypeNames.add(PROTOTYPE_OF.exec(this.text.slice(object.start, object.end))![1]);
    // `Counter.prototype.inc = function () {}`: an instance method of the constructor function (or class)
    this.push(startOf(assign), EV_DEF, { role: R['def.prototype'], def: assign, name: nameNode, value, type: object } satisfies DefRec);
  } else if (/^[$_\p{ID_Start}][$\p{ID_Continue}]*$/u.test(target) && this.text.slice(object.start, object.end) === target) {
    // `internals.helper = function () {}`, `Klass.create = () => …`: a method of a module-level object or class
    this.push(startOf(assign), EV_DEF, { role: R['def.assigned'], def: assign, name: nameNode, value, type: object } satisfies DefRec);
  }
};

/** An entry of an object literal assigned to a member: an export when the member is `module.exports`. */
const assignedEntry: MatchHandler = function (c) {
  const name = get(c, 'name')!, value = get(c, 'value') ?? name, assign = get(c, 'assign')!;
  const exported = this.ident(name);
  this.pendingExports.push(() => { if (es(this).moduleExportsAssign.has(assign)) this.exports.push({ kind: 'local', name: exported, value: this.expr(value) }); });
};

/** `this.x = …` in a class's constructor (the query leaves the method's name open): a definition. */
const constructorField: MatchHandler = function (c, role) {
  if (this.ident(get(c, 'ctor')!) !== 'constructor') return;
  this.fileDef(c, role, false);
};

/** A method of an object literal assigned to something: kept (in pass 2) when that is `module.exports`. */
const exportedObjectMethod: MatchHandler = function (c, role) {
  const rec: DefRec = { role, def: get(c, 'def')!, name: get(c, 'name'), body: get(c, 'body'), value: get(c, 'value'), host: get(c, 'assign') };
  es(this).methodObjects.add(get(c, 'object')!);
  this.skipIds.add(rec.name!);
  this.push(startOf(rec.def), EV_DEF, rec);
};


/** A TypeScript parameter property (`constructor(private svc: Svc)`): replayed at its name, inside the constructor. */
const parameterPropertyMatch: MatchHandler = function (c, role) { this.fileDef(c, role, true); };

/** `a as default` after an export specifier's name: tree-sitter-javascript keeps no alias node for `default`. */
function asDefault(col: Collector, name: Node): boolean {
  AS_DEFAULT.lastIndex = name.end;
  return AS_DEFAULT.test(col.text);
}

/** ECMAScript's roles, registered with the collector, by name → number. */
export const R = registerRoles({
  'push.key': { match: pushKey },
  'pattern.first': { match: patternFirst },
  'narrow.isarray': { match: isArrayNarrowing },
  'doc.comment': { match: docComment },
  'heritage.proto': { match: prototypeBase },
  'require.call': { match: requireCall },
  'require.namespace': { match: function (c) { this.fileImport(c, 'require'); } },
  'import.named.default': { match: namedDefaultImport },
  'export.from.default': { match: defaultReexport },
  'export.statement': { match: exportStatement },
  'export.default.name': { match: exportName },
  'export.equals': { match: exportName },
  'member.type': { match: qualifiedTypeName },
  // (`new.target` is the other meta property: left out)
  'expr.meta': { match: function (c) { const n = first(c); if (this.text.startsWith('import', n.start)) es(this).importMeta.add(n); } },
  'scope.global': { match: function (c) { const b = get(c, 'block')!; es(this).globalBlocks.push([b.row + 1, b.endRow + 1]); } },
  'scope.augment': {
    match: function (c) {
      const b = get(c, 'block')!, name = this.plainString(get(c, 'name')!);
      if (name) es(this).augmentBlocks.push([b.row + 1, b.endRow + 1, name]);
    },
  },
  'export.local': { match: exportLocal },
  'export.from': { match: exportFrom },
  'export.star': { match: exportStar },
  'export.star.as': { match: exportStarAs },
  'assign.member': { match: memberAssignment },
  'assign.entry': { match: assignedEntry },
  'def.class.returned': { define: classExpression },
  'def.class.arg': { define: classExpression },
  'def.function.returned': { define: returnedFunction },
  'def.default': { define: defaultExport },
  'def.param.property': { match: parameterPropertyMatch, define: parameterProperty },
  'def.this.field': { match: constructorField, define: thisMember },
  'def.this.fnfield': { define: thisMember },
  'def.this.later': { define: thisMember },
  'def.this.key': { define: thisMember },
  'def.this.alias': { match: thisAliasAssignment, define: thisMember },
  'def.cjs.objmethod': { match: exportedObjectMethod, define: objectMethod },
  'def.objmethod': { define: objectMethod },
  'object.methods': { match: function (c) { es(this).declaredMethodObjects.add(startOf(get(c, 'object')!)); } },
  'def.assigned': { define: assignedMember },
  'def.prototype': { define: prototypeMethod },
  'def.prototype.computed': { match: computedPrototypeAssignment, define: computedPrototypeMethod },
  'def.cjs.module': { define: moduleValue },
  'def.cjs': { define: commonjsExport },
  // (made by the collector's JSDoc reading, lib/lang/javascript/collect/jsdoc-types.ts: no pattern sets it)
  'def.typedef': {},
});
