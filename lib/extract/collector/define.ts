/** Pass 2 of the collector: what replaying a definition of each role declares (symbols, their scopes and spans). */
import { colOf, get, rowOf, startOf } from './util.ts';
import { functionScope, type Scope } from './scope.ts';
import { Role, defineBy, type DefineHandler } from './roles.ts';
import { OWN_NAME, PROTOTYPE_OF } from './es-constants.ts';
import { bindingIndex, bindsSymbol, localBinding, symbolBinding, toPos, type SymbolLabel } from '../facts.ts';

/** `define`'s handler of each definition role (one function each, as `file`'s). */
/** Fills the tables of the common pass-2 handlers: what replaying a definition of each role declares. */
export function registerDefineHandlers(): void {
  const on = (roles: Role[], f: DefineHandler): void => { for (const r of roles) defineBy[r] = f; };
    on([Role['def.function'], Role['def.function.signature']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const existing = scope.names.get(name);
      if (bindsSymbol(existing)) {
        const prev = this.symbols[bindingIndex(existing)], pw = this.work[bindingIndex(existing)];
        if (prev.label === 'Function' && pw.signatureOnly && pw.scope === scope) {
          this.mergeOverload(bindingIndex(existing), d, d.role === Role['def.function.signature']);
          return d.role === Role['def.function.signature'] ? -1 : this.span(bindingIndex(existing), d.def);
        }
      }
      const s = this.addSymbol(d, scope, cur, name, 'Function', d.role === Role['def.function.signature'] ? 'function_signature' : 'function', exported, isDefault);
      this.work[s].signatureOnly = d.role === Role['def.function.signature'];
      this.work[s].returnsNode = this.returnsOf.get(d.def);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.class'], Role['def.class.abstract']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'Class', d.role === Role['def.class.abstract'] ? 'abstract_class' : 'class', exported, isDefault);
      this.classSymOf.set(d.def, s);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    // a class expression a function returns (a mixin: `return class Tagged extends Base {…}`, `(Base) => class extends
    // Base {…}`): a class of that function, named as written or, when anonymous, after the function
    on([Role['def.class.returned']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      if (cur < 0 || this.classSymOf.has(d.def)) return -1;
      const own = d.name ? name : this.symbols[cur].name;
      const s = this.addSymbol(d, scope, cur, own, 'Class', 'class', false, false);
      this.classSymOf.set(d.def, s);
      return this.span(s, d.def);
    });
    on([Role['def.default']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const kind = this.scopeKindOf.get(d.def);
      const label: SymbolLabel = kind === 'class' ? 'Class' : 'Function';
      const s = this.addSymbol(d, scope, cur, 'default', label, kind === 'class' ? 'class' : kind === 'arrow' ? 'arrow_function' : 'function_expression', true, true);
      if (label === 'Class') this.classSymOf.set(d.def, s); else this.work[s].returnsNode = this.returnsOf.get(d.def);
      return this.span(s, d.def);
    });
    on([Role['def.var']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      if (this.requireDecl.has(d.def) || (d.name && this.claimed.has(d.name))) return -1;
      const vk = this.varKind.get(d.def) ?? 'const';
      const target = vk === 'var' ? functionScope(scope) : scope;
      if (d.value && d.name && this.requireBinding(d.value, d.name, target)) return -1;
      const valueKind = d.value ? this.scopeKindOf.get(d.value) : undefined;
      if (valueKind === 'arrow' || valueKind === 'function') {
        const s = this.addSymbol(d, scope, cur, name, 'Function', valueKind === 'arrow' ? 'arrow_function' : 'function_expression', exported, isDefault);
        this.work[s].returnsNode = this.returnsOf.get(d.value!);
        this.work[s].typeNode = this.annotOf.get(d.def);
        if (this.work[s].typeNode) this.declaredFnType.set(d.value!, this.work[s].typeNode!);
        target.names.set(name, symbolBinding(s));
        return this.span(s, d.def);
      }
      if (valueKind === 'class') {
        const s = this.addSymbol(d, scope, cur, name, 'Class', 'class', exported, isDefault);
        this.classSymOf.set(d.value!, s);
        target.names.set(name, symbolBinding(s));
        return this.span(s, d.def);
      }
      const type = this.annotOf.get(d.def);
      if (target === this.root && cur === -1) {
        const s = this.addSymbol(d, scope, cur, name, 'Variable', vk, exported, isDefault);
        this.work[s].typeNode = type;
        this.work[s].initNode = d.value;
        target.names.set(name, symbolBinding(s));
        return this.span(s, d.def);
      }
      const l = this.localNodes.length;
      // (`let end;` assigned later: its value is what the assignments give, see build)
      this.localNodes.push({ name, type, init: d.value, evolving: !d.value && !type && vk !== 'const' ? functionScope(scope) : undefined });
      if (this.docComments.size) this.localDecls.push({ l, def: d.def });
      target.names.set(name, localBinding(l));
      return -1;
    });
    on([Role['def.method'], Role['def.method.signature'], Role['def.method.abstract'], Role['def.field']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const cls = scope.kind === 'class' ? scope.classSym : -1;
      if (cls < 0) return -1;
      const valueKind = d.value ? this.scopeKindOf.get(d.value) : undefined;
      const isField = d.role === Role['def.field'];
      const fnField = isField && (valueKind === 'arrow' || valueKind === 'function');
      const label: SymbolLabel = isField && !fnField ? 'Property' : 'Method';
      const prefix = this.text.slice(startOf(d.def), startOf(d.name!));
      const isStatic = /\bstatic\b/.test(prefix);
      const key = `${cls}\u0000${isStatic ? 's' : ''}${name}`;
      if (label === 'Method') {
        const prev = this.memberKeys.get(key);
        if (prev !== undefined && this.work[prev].signatureOnly && !/\b[gs]et\s*$/.test(prefix)) {
          this.mergeOverload(prev, d, d.role === Role['def.method.signature']);
          return d.role === Role['def.method.signature'] ? -1 : this.span(prev, d.def);
        }
      }
      const kind = isField ? (fnField ? 'field_function' : 'field')
        : name === 'constructor' ? 'constructor'
        : /\bget\s*$/.test(prefix) ? 'getter' : /\bset\s*$/.test(prefix) ? 'setter'
        : d.role === Role['def.method.abstract'] ? 'abstract_method' : d.role === Role['def.method.signature'] ? 'method_signature' : 'method';
      const clsSym = this.symbols[cls];
      const priv = name.startsWith('#') || /\bprivate\b/.test(prefix);
      const s = this.addSymbol(d, scope, cls, name, label, kind, clsSym.exported && !priv, false);
      const sym = this.symbols[s];
      const w = this.work[s];
      if (priv) w.isPrivate = true;
      if (isStatic) sym.isStatic = true;
      if (d.role === Role['def.method.signature']) w.signatureOnly = true;
      w.returnsNode = this.returnsOf.get(d.def) ?? (d.value ? this.returnsOf.get(d.value) : undefined);
      if (isField) { w.typeNode = d.type; w.initNode = fnField ? undefined : d.value; }
      if (label === 'Method' || !this.memberKeys.has(key)) this.memberKeys.set(key, s);
      return this.span(s, d.def);
    });
    on([Role['def.param.property']], function (d, scope, cur, name, exported, isDefault, topLevel) {
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
    });
    on([Role['def.interface']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'Interface', 'interface', exported, isDefault);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.interface.method'], Role['def.interface.property']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      if (cur < 0 || this.symbols[cur].label !== 'Interface') return -1;
      const isMethod = d.role === Role['def.interface.method'];
      const key = `${cur}\u0000${name}`;
      const prev = this.memberKeys.get(key);
      if (prev !== undefined && isMethod && this.symbols[prev].label === 'Method') {
        this.mergeOverload(prev, d, true);
        return -1;
      }
      const s = this.addSymbol(d, scope, cur, name, isMethod ? 'Method' : 'Property', isMethod ? 'method_signature' : 'property_signature', this.symbols[cur].exported, false);
      this.work[s].returnsNode = this.returnsOf.get(d.def);
      if (!isMethod) this.work[s].typeNode = d.type;
      this.memberKeys.set(key, s);
      return -1;
    });
    on([Role['def.type']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'TypeAlias', 'type_alias', exported, isDefault);
      this.work[s].typeNode = d.value;
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.enum']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'Enum', 'enum', exported, isDefault);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.this.field'], Role['def.this.fnfield'], Role['def.this.later'], Role['def.this.key']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // `this.count = 0` in a JavaScript constructor declares the property, unless the class already has it; so
      // does `this.suite = new Suite()` in a top-level constructor function (`function Mocha() {…}` with
      // `Mocha.prototype.m = …` in the file), as the checker reads it; and, when the class does not have it yet, an
      // assignment in another method (or nested in the constructor), outside functions of its own
      const cls = d.role === Role['def.this.fnfield'] ? (this.isConstructorFunction(cur) ? cur : -1)
        : d.role === Role['def.this.later'] || d.role === Role['def.this.key'] ? this.methodThisClass(scope, cur)
        : cur >= 0 && this.symbols[cur].kind === 'constructor' ? this.symbols[cur].parent : -1;
      // (`this[kQueue] = …`: the key names a symbol-keyed member, `[kQueue]`; the key itself stays a reference)
      const keyed = d.role === Role['def.this.key'];
      if (keyed) name = `[${name}]`;
      if (cls < 0 || this.memberKeys.has(`${cls}\u0000${name}`)) return -1;
      // (a member the class body writes further down is the declaration: `_onChange(cb) { this._onChangeCallback =
      // cb }` before `_onChangeCallback() {}`, `this.handle = this.handle.bind(this)` in a constructor)
      if (d.role !== Role['def.this.fnfield']) {
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
      this.memberKeys.set(`${cls}\u0000${name}`, s);
      if (!keyed) this.declaredProps.add(d.name!);
      return fnField ? this.span(s, d.def) : -1;
    });
    on([Role['def.enum.member']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // members of an enum: properties of the Enum symbol (`Kind.A` resolves to them)
      if (cur < 0 || this.symbols[cur].label !== 'Enum') return -1;
      this.addSymbol(d, scope, cur, name, 'Property', 'enum_member', this.symbols[cur].exported, false);
      return -1;
    });
    on([Role['def.namespace']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const existing = scope.names.get(name);
      if (bindsSymbol(existing) && this.symbols[bindingIndex(existing)].kind === 'namespace') return this.span(bindingIndex(existing), d.def);
      const s = this.addSymbol(d, scope, cur, name, 'Variable', 'namespace', exported, isDefault);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.cjs.objmethod'], Role['def.objmethod']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // `module.exports = { m() {} }`: methods of the module's object (the `default` Variable made for it below, or
      // `proto` of `const proto = module.exports = {…}`); any other assignment's object literal is no symbol
      if (d.role === Role['def.cjs.objmethod'] && !this.moduleExportsAssign.has(d.host!)) return -1;
      if (cur < 0 || this.symbols[cur].label !== 'Variable' || this.symbols[cur].parent !== -1) return -1;
      const s = this.addSymbol(d, scope, cur, name, 'Method', 'object_method', this.symbols[cur].exported || d.role === Role['def.cjs.objmethod'], false);
      // the key is also the module's export of that name (`require('./response').set`), as for `module.exports = { a }`
      // (not a getter's or setter's: `get register() {…}` exports what the getter returns, webpack's serialization.js)
      if (d.role === Role['def.cjs.objmethod'] && !/\b[gs]et\s*$/.test(this.text.slice(d.def.start, d.name!.start))) this.exports.push({ kind: 'local', name, value: { k: 'id', name, b: symbolBinding(s) } });
      this.work[s].returnsNode = this.returnsOf.get(d.value ?? d.def);
      // `this` inside a method (or plain function value, not an arrow) of an untyped object literal is the object,
      // as the checker reads it; a typed one (`const p: Provider = {…}`) is its declared type to the checker
      const fnNode = d.value ?? d.def;
      if (this.scopeKindOf.get(fnNode) === 'function' && !this.work[cur].typeNode) this.prototypeOwner.set(fnNode, cur);
      return this.span(s, d.def);
    });
    on([Role['def.assigned']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
      if (kind !== 'function' && kind !== 'arrow' && kind !== 'class') return this.assignedAlias(d, scope, cur, name);
      if (cur !== -1 || scope !== this.root) return -1;
      const owner = this.root.names.get(this.ident(d.type!));
      if (!bindsSymbol(owner)) return -1;
      const parent = this.symbols[bindingIndex(owner)];
      // a module-level object, a class, or a constructor function (`Counter.create = function () {}`)
      if (parent.parent !== -1 || (parent.label !== 'Variable' && parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
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
      else if (kind === 'function' && !this.work[bindingIndex(owner)].typeNode && this.work[bindingIndex(owner)].initNode && this.isObjectLiteral(this.work[bindingIndex(owner)].initNode!) && !this.assignsThis(d.value!)) this.prototypeOwner.set(d.value!, bindingIndex(owner));
      this.work[s].returnsNode = this.returnsOf.get(d.value!);
      return this.span(s, d.def);
    });
    on([Role['def.prototype']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
      if (kind !== 'function' && kind !== 'arrow') return -1;
      if (cur !== -1 || scope !== this.root) return -1;
      const ownerName = PROTOTYPE_OF.exec(this.text.slice(d.type!.start, d.type!.end))![1];
      const owner = this.root.names.get(ownerName);
      if (!bindsSymbol(owner)) return -1;
      const parent = this.symbols[bindingIndex(owner)];
      if (parent.parent !== -1 || (parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
      this.skipIds.add(d.name!);
      const s = this.addSymbol(d, scope, bindingIndex(owner), name, 'Method', 'prototype_method', parent.exported, false);
      this.work[s].returnsNode = this.returnsOf.get(d.value!);
      // `this` inside a plain function assigned to the prototype is an instance of the owner
      if (kind === 'function') this.prototypeOwner.set(d.value!, bindingIndex(owner));
      return this.span(s, d.def);
    });
    on([Role['def.cjs.module']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // the function or class assigned to `module.exports` at the top level: named by its own name, else `default`
      // (what an ESM import of the module gets), as `export default function () {}` is
      const kind = this.scopeKindOf.get(d.def);
      if (topLevel && this.methodObjects.has(d.def)) {
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
    });
    on([Role['def.cjs']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const kind = d.value ? this.scopeKindOf.get(d.value) : undefined;
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
    });
}
