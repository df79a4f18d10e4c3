import { pushTo, startOf } from './util.ts';
import { bindTypeOnly, functionScope } from './scope.ts';
import { Role, defineBy, type DefineHandler } from './roles.ts';
import { bindingIndex, bindsSymbol, localBinding, symbolBinding, toPos, type SymbolLabel } from '../facts.ts';
import type { MemberModifiers } from '../plugin.ts';

/** Pass 2 of the collector: what replaying a definition of each role declares (symbols, their scopes and spans). */

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
      if (d.role === Role['def.function.signature']) this.work[s].overloads = [d.def];
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
    on([Role['def.var']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      if (this.importDecls.has(d.def) || (d.name && this.claimed.has(d.name))) return -1;
      const vk = this.varKind.get(d.def) ?? 'const';
      const target = vk === 'var' ? functionScope(scope) : scope;
      // (the language may bind the name otherwise: `x = require('m')` is an import)
      if (d.value && d.name && this.plugin.bindVariable?.call(this, d.value, d.name, target)) return -1;
      // (through a chain of assignments, `var proto = module.exports = function (options) {…}`: the function)
      // (or under parentheses and type assertions, `export const create = ((s) => …) as Create`: the function, typed
      // by the assertion as by an annotation; an annotation, where there is one, types it)
      const asserted = d.value ? this.assertedFunction(d.value) : undefined;
      const held = asserted ? asserted.fn : d.value ? this.chainEnd(d.value) : undefined;
      const valueKind = held ? this.scopeKindOf.get(held) : undefined;
      if (held !== d.value && (valueKind === 'arrow' || valueKind === 'function' || valueKind === 'class')) d = { ...d, value: held };
      if (valueKind === 'arrow' || valueKind === 'function') {
        const s = this.addSymbol(d, scope, cur, name, 'Function', valueKind === 'arrow' ? 'arrow_function' : 'function_expression', exported, isDefault);
        this.work[s].returnsNode = this.returnsOf.get(d.value!);
        this.work[s].typeNode = this.annotOf.get(d.def) ?? asserted?.type;
        // (the function itself is typed by the assertion nearest to it: through `as unknown as Hook` by `unknown`,
        // which types neither its parameters nor the keys it returns, though its callers see a Hook)
        const context = asserted?.near ?? this.work[s].typeNode;
        if (context) this.declaredFnType.set(d.value!, context);
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
      if ((target === this.root && cur === -1) || (cur >= 0 && vk !== 'let' && d.value && this.plugin.localSymbol?.call(this, d.value))) {
        const s = this.addSymbol(d, scope, cur, name, 'Variable', vk, exported, isDefault);
        this.work[s].typeNode = type;
        this.work[s].initNode = d.value;
        target.names.set(name, symbolBinding(s));
        return this.span(s, d.def);
      }
      const l = this.localNodes.length;
      // (`let end;` assigned later: its value is what the assignments give, see build)
      if (d.name) this.localNames.add(d.name);
      // (`const out = []`: an array whose element type evolves with what is pushed into it, see arrayPushes)
      const pushed = d.value && !type && this.isEmptyArray(d.value) ? functionScope(scope) : undefined;
      // (`let best = null`, `let found = undefined`: as declared with no value, the checker's auto-typed `let`)
      const evolving = !type && vk !== 'const' && (!d.value || this.isNullish(d.value)) ? functionScope(scope) : undefined;
      this.localNodes.push({ name, type, init: d.value, evolving, ...(pushed ? { pushed } : {}) });
      if (this.docComments.size) this.localDecls.push({ l, def: d.def });
      if (type && d.value) this.typedLocalValues.push({ value: d.value, type, from: cur });
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
      const mods = this.plugin.memberModifiers ? this.plugin.memberModifiers.call(this, d, this.text.slice(startOf(d.def), startOf(d.name!)), name) : NO_MODIFIERS;
      const isStatic = mods.isStatic;
      const key = `${cls}\u0000${isStatic ? 's' : ''}${name}`;
      if (isField && valueKind === 'class' && !this.memberKeys.has(key)) {
        // a field holding a class expression (`private ChildPolicyHelper = class {…}`, grpc-js): a class named by the
        // field, a member of its owner, whose methods are symbols of their own (`new this.ChildPolicyHelper(this)`)
        const c = this.addSymbol(d, scope, cls, name, 'Class', 'class', this.symbols[cls].exported && !mods.isPrivate, false);
        if (isStatic) this.symbols[c].isStatic = true;
        this.classSymOf.set(d.value!, c);
        this.memberKeys.set(key, c);
        return this.span(c, d.def);
      }
      if (label === 'Method') {
        const prev = this.memberKeys.get(key);
        // (abstract overloads, `abstract execute(a?): R; abstract execute(a?, token?): R;`, are one method's signatures
        // as those of an implemented method are: a call is of that method, whichever signature the checker picks)
        const abstractAgain = prev !== undefined && d.role === Role['def.method.abstract'] && this.symbols[prev].kind === 'abstract_method' && this.symbols[prev].label === 'Method';
        if (prev !== undefined && (this.work[prev].signatureOnly || abstractAgain) && !mods.getter && !mods.setter) {
          const sig = d.role === Role['def.method.signature'] || abstractAgain;
          this.mergeOverload(prev, d, sig);
          return sig ? -1 : this.span(prev, d.def);
        }
      }
      const kind = isField ? (fnField ? 'field_function' : 'field')
        : name === this.syntax.constructorName ? 'constructor'
        : mods.getter ? 'getter' : mods.setter ? 'setter'
        : d.role === Role['def.method.abstract'] ? 'abstract_method' : d.role === Role['def.method.signature'] ? 'method_signature' : 'method';
      const clsSym = this.symbols[cls];
      const priv = mods.isPrivate;
      const s = this.addSymbol(d, scope, cls, name, label, kind, clsSym.exported && !priv, false);
      const sym = this.symbols[s];
      const w = this.work[s];
      if (priv) w.isPrivate = true;
      if (isStatic) {
        sym.isStatic = true;
        if (!isField || fnField) this.staticScopes.add(fnField ? d.value! : d.def);
      }
      if (d.role === Role['def.method.signature']) { w.signatureOnly = true; w.overloads = [d.def]; }
      if (d.role === Role['def.method.abstract']) w.overloads = [d.def];
      w.returnsNode = this.returnsOf.get(d.def) ?? (d.value ? this.returnsOf.get(d.value) : undefined);
      if (isField) { w.typeNode = d.type; w.initNode = fnField ? undefined : d.value; }
      // a field holding a function with a declared type (`traverse: TraverseApply<T> = (data, ctx) => …`): its
      // unannotated parameters are that type's, as for a const so declared
      if (fnField && d.type) this.declaredFnType.set(d.value!, d.type);
      if (label === 'Method' || !this.memberKeys.has(key)) this.memberKeys.set(key, s);
      return this.span(s, d.def);
    });
    on([Role['def.interface']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'Interface', 'interface', exported, isDefault);
      bindTypeOnly(scope, name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.interface.method'], Role['def.interface.property']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // (a type alias's members belong to one object type of its value, `d.host`: each part of `A & { … }` has its own)
      if (cur < 0 || this.symbols[cur].label !== (d.host ? 'TypeAlias' : 'Interface')) return -1;
      // (a part of a union or an intersection: one of the operations the alias's value is made of, not one written
      // inside a member's type or a type argument)
      if (d.part && !this.aliasParts(cur).has(d.part)) return -1;
      const isMethod = d.role === Role['def.interface.method'];
      const key = d.host ? `${cur}\u0000${startOf(d.host)}\u0000${name}` : `${cur}\u0000${name}`;
      // (an accessor signature, `get adapter(): DialectAdapter`, is read as a class's accessor is: reading it gives its type)
      const mods = isMethod && this.plugin.memberModifiers ? this.plugin.memberModifiers.call(this, d, this.text.slice(startOf(d.def), startOf(d.name!)), name) : NO_MODIFIERS;
      const prev = this.memberKeys.get(key);
      if (prev !== undefined && isMethod && this.symbols[prev].label === 'Method' && !mods.getter && !mods.setter && this.symbols[prev].kind === 'method_signature') {
        this.mergeOverload(prev, d, true);
        return -1;
      }
      const kind = !isMethod ? 'property_signature' : mods.getter ? 'getter' : mods.setter ? 'setter' : 'method_signature';
      const s = this.addSymbol(d, scope, cur, name, isMethod ? 'Method' : 'Property', kind, this.symbols[cur].exported, false);
      this.work[s].returnsNode = this.returnsOf.get(d.def);
      // (the first of a method's signatures: later ones join it, see mergeOverload, and a call sees them all)
      if (kind === 'method_signature') this.work[s].overloads = [d.def];
      if (!isMethod) this.work[s].typeNode = d.type;
      this.memberKeys.set(key, s);
      if (d.host) pushTo(this.objectDecls, d.host, { name, s });
      return -1;
    });
    on([Role['def.type']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'TypeAlias', 'type_alias', exported, isDefault);
      this.work[s].typeNode = d.value;
      bindTypeOnly(scope, name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.enum']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      const s = this.addSymbol(d, scope, cur, name, 'Enum', 'enum', exported, isDefault);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
    on([Role['def.enum.member']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // members of an enum: properties of the Enum symbol (`Kind.A` resolves to them)
      if (cur < 0 || this.symbols[cur].label !== 'Enum') return -1;
      const s = this.addSymbol(d, scope, cur, name, 'Property', 'enum_member', this.symbols[cur].exported, false);
      // (in the enum's body, a bare name of a member is that member: `Segment = 4 * _multiplier`)
      if (scope.kind === 'block' && scope.start > this.work[cur].defNode.start) scope.names.set(name, symbolBinding(s));
      return -1;
    });
    on([Role['def.namespace']], function (d, scope, cur, name, exported, isDefault, topLevel) {
      // a dotted name (`namespace app.models.fbs {…}`): each name a namespace of the one before, the block the last's
      const written = d.name ? this.text.slice(d.name.start, d.name.end) : name;
      if (written.includes('.')) {
        // (each name's own position: the declaration a rename of that namespace edits, and in a block written again,
        // an occurrence of it)
        let offset = 0;
        const segments = written.split('.').map((raw) => {
          const lead = raw.length - raw.trimStart().length;
          const at = offset + lead;
          offset += raw.length + 1;
          const before = written.slice(0, at);
          const nl = before.lastIndexOf('\n');
          const row = d.name!.row + (nl < 0 ? 0 : before.split('\n').length - 1);
          const col = nl < 0 ? d.name!.col + at : at - nl - 1;
          const part = raw.trim();
          return { part, pos: toPos(row + 1, col + 1, part.length) };
        });
        const existing = scope.names.get(segments[0].part);
        let s = bindsSymbol(existing) && this.symbols[bindingIndex(existing)].kind === 'namespace' ? bindingIndex(existing) : -1;
        if (s < 0) {
          s = this.addSymbol(d, scope, cur, segments[0].part, 'Variable', 'namespace', exported, isDefault);
          this.symbols[s].at = segments[0].pos;
          scope.names.set(segments[0].part, symbolBinding(s));
        } else this.reopened.push({ name: d.name!, s, from: cur, at: segments[0].pos });
        let inner = innerNamespaces.get(this);
        if (!inner) innerNamespaces.set(this, inner = new Map());
        for (let i = 1; i < segments.length; i++) {
          const key = `${s}\u0000${segments[i].part}`;
          let next = inner.get(key);
          if (next === undefined) {
            inner.set(key, next = this.addSymbol(d, scope, s, segments[i].part, 'Variable', 'namespace', this.symbols[s].exported, false));
            this.symbols[next].at = segments[i].pos;
          } else this.reopened.push({ name: d.name!, s: next, from: cur, at: segments[i].pos });
          s = next;
        }
        return this.span(s, d.def);
      }
      const existing = scope.names.get(name);
      if (bindsSymbol(existing) && this.symbols[bindingIndex(existing)].kind === 'namespace') {
        // (a second block of the namespace merges with the first: its name is an occurrence of the same symbol)
        if (d.name) this.reopened.push({ name: d.name, s: bindingIndex(existing), from: cur });
        return this.span(bindingIndex(existing), d.def);
      }
      const s = this.addSymbol(d, scope, cur, name, 'Variable', 'namespace', exported, isDefault);
      scope.names.set(name, symbolBinding(s));
      return this.span(s, d.def);
    });
}

/** The namespaces a dotted namespace name declares inside another, per collector: `${parent}\0${name}` → symbol. */
const innerNamespaces = new WeakMap<object, Map<string, number>>();

/** A member written with no modifiers (a language whose plugin reads none). */
const NO_MODIFIERS: MemberModifiers = { isStatic: false, getter: false, setter: false, isPrivate: false };
