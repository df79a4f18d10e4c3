/**
 * The ECMAScript collector plugin (JavaScript, TypeScript, TSX): what the collector needs to know of ECMAScript beyond
 * the common roles — its own roles (./roles.ts: CommonJS, ES5 classes, ESM export statements, JSDoc, mixins), and
 * the hooks below: member modifiers and function heads as written, `require` as an import, React's hooks, JSDoc
 * types (./jsdoc-types.ts), TypeScript's global generic types.
 */
import type { CollectorPlugin, TypeNames } from '../../../extract/plugin.ts';
import { bindingIndex, bindsSymbol, type Expr, type SymbolFact } from '../../../extract/facts.ts';
import { ARRAY_TYPES, MAP_TYPES, MODIFIER_WORDS, SAME_MEMBERS, UNTYPED } from './constants.ts';
import { addPendingExpandos, inlineRequire, requireBinding } from './commonjs.ts';
import { constructorFields } from './constructor-fields.ts';
import { jsdocApply, jsdocCast, jsdocImportBindings, jsdocTypedefs } from './jsdoc-types.ts';
import { hooked, hookValue, reactHook, stateValue } from './react.ts';
import { es, EcmaFile } from './state.ts';
import { startOf } from '../../../extract/collector/util.ts';
import { isGlobalName } from '../globals.ts';

/** TypeScript's library types a file names without declaring them (ARRAY_TYPES and the like aside). */
const LIB_TYPES = new Set([
  'Promise', 'PromiseLike', 'Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable',
  'ReturnType', 'InstanceType', 'Parameters', 'ConstructorParameters', 'ThisType', 'Awaited', 'Uppercase', 'Lowercase',
  'Capitalize', 'Uncapitalize', 'PropertyKey', 'PropertyDescriptor', 'Function', 'Object', 'String', 'Number', 'Boolean',
  'Symbol', 'BigInt', 'Date', 'RegExp', 'Error', 'TypeError', 'RangeError', 'SyntaxError', 'Iterable', 'Iterator',
  'IterableIterator', 'AsyncIterable', 'AsyncIterator', 'AsyncIterableIterator', 'Generator', 'AsyncGenerator',
  'TemplateStringsArray', 'ArrayLike', 'ArrayBuffer', 'DataView', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array',
  'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Uint8ClampedArray',
  'WeakRef', 'WeakSet', 'JSON', 'Math', 'Reflect', 'Proxy', 'Intl', 'globalThis', 'NodeJS', 'Element', 'HTMLElement',
  'Node', 'Event', 'Document', 'Window', 'Buffer',
]);
import './roles.ts';

/** The traps of lib.es2015.proxy.d.ts's `ProxyHandler<T>`, each taking the proxy's target first. */
const PROXY_TRAPS = ['apply', 'construct', 'defineProperty', 'deleteProperty', 'get', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions', 'set', 'setPrototypeOf'];

/** TypeScript's global generic types (JSDoc's too: JavaScript files are typed the same way). */
const TYPES: TypeNames = {
  same: SAME_MEMBERS, array: ARRAY_TYPES, mutableArray: new Set(['Array']), map: MAP_TYPES, promise: new Set(['Promise', 'PromiseLike']), record: new Set(['Record']),
  omit: 'Omit', pick: 'Pick', returnType: 'ReturnType', instanceType: 'InstanceType', parameters: 'Parameters', thisType: 'ThisType', awaited: 'Awaited', extract: 'Extract', exclude: 'Exclude', untyped: UNTYPED, any: 'any',
  fromIterable: new Set(['Set', 'WeakSet']),
  fromMapped: new Set(['Array.from']),
  fromEntries: new Set(['Map', 'WeakMap']),
  entriesObject: 'Object.fromEntries',
  handlers: new Map([['ProxyHandler', PROXY_TRAPS]]),
};

/** The value of `import.meta`: the global interface the checker types it with. */
const IMPORT_META: Expr = { k: 'as', type: { k: 'id', name: 'ImportMeta' } };

/** The plugin of every ECMAScript language. */
export const ecmascriptCollector: CollectorPlugin = {
  state() { return new EcmaFile(this); },
  types: TYPES,
  syntax: { nullish: ['null', 'undefined'], emptyTypes: ['void', 'never'], keywordLiterals: new Set(['true', 'false', 'null', 'undefined']), thisParam: 'this', modifiers: MODIFIER_WORDS, constructorName: 'constructor', typeParamsAmongMembers: true, typeOnlyLabels: new Set(['Interface', 'TypeAlias']) },

  memberModifiers(d, prefix, name) {
    return {
      isStatic: /\bstatic\b/.test(prefix), getter: /\bget\s*$/.test(prefix), setter: /\bset\s*$/.test(prefix),
      isPrivate: name.startsWith('#') || /\bprivate\b/.test(prefix),
    };
  },

  /**
   * `async` functions return promises of what their return statements give; generators return iterators (their
   * return statements are not their result at all).
   */
  functionHead(fn) {
    const t = this.text;
    let i = fn.start;
    const end = Math.min(t.length, i + 300);
    // the head up to the parameters or the arrow: `async`, `function*`, `*gen()`, `static async m()`
    for (; i < end; i++) {
      const ch = t.charCodeAt(i);
      if (ch === 40 || ch === 123 || ch === 61 || ch === 60) break; // ( { = <
      if (ch === 42) return 'generator'; // *
    }
    return /\basync\b/.test(t.slice(fn.start, i)) ? 'async' : 'plain';
  },

  // the body of a top-level constructor function (`function F() {}` with `F.prototype.m = …` in the file): `this`
  // is an F, as the checker reads it
  functionScope(scope) {
    const names = es(this).prototypeNames;
    if (!names.size) return;
    const fs = this.fnSymOf.get(scope.node!);
    if (fs !== undefined && this.symbols[fs].parent === -1 && this.symbols[fs].label === 'Function' && this.symbols[fs].kind === 'function' && names.has(this.symbols[fs].name)) scope.classSym = fs;
  },

  bindVariable(value, name, scope) { return requireBinding.call(this, value, name, scope); },

  // `const instance = { get() {…}, route: function () {…} }` inside a function in JavaScript (fastify's factory,
  // which returns it): a Variable of the function, so that its methods are symbols that the calls on what the
  // function returns reach, as the checker's do (TypeScript code types such objects; the query is JavaScript's)
  localSymbol(value) { return es(this).declaredMethodObjects.has(startOf(value)); },

  // `const { a, b: c } = require('m')`: named imports
  bindEntry(init, key, name, keyNode, scope) {
    const source = es(this).requireSource.get(init);
    if (source === undefined) return false;
    this.bindImport({ kind: 'require-named', source, imported: key, local: this.ident(name), at: this.pos(keyNode) }, name, scope);
    return true;
  },

  // `import.meta` is typed by the global interface `ImportMeta`, which a project's declarations extend (Vite's `env`)
  nodeValue(node) {
    return es(this).importMeta.size && es(this).importMeta.has(node) ? IMPORT_META : undefined;
  },

  callValue(node, c) {
    // `require('./x')` used in place (`require('./x')(app)`, `exports.Suite = require('./suite')`): the module's value
    if (!c.isNew && es(this).requireSource.has(node)) return inlineRequire.call(this, node);
    if (c.isNew || c.callee === node) return undefined;
    const hook = reactHook.call(this, c.callee);
    if (hook) {
      const value = hookValue.call(this, hook.hook, c.args ?? [], this.callTypeArg.get(node)?.[0]);
      if (value) return hooked(hook.source, value);
    }
    // `Promise.all([a(), b()])`: the list's items (the result is a promise of a tuple of what each gives)
    const callee = this.expr(c.callee);
    if (callee.k === 'member' && callee.name === 'all' && callee.obj.k === 'id' && callee.obj.name === 'Promise' && !callee.obj.b && c.args) {
      const list = this.listItems.get(this.realSlots(c.args, true)[0]);
      if (list) return { k: 'call', callee, args: [this.listValue(list)] };
    }
    return undefined;
  },

  // `require('m')`, and `import('m')` (its value a promise of the namespace)
  loadsModule(callee, node) {
    if (callee.k === 'id' && !callee.b && callee.name === 'require') return true;
    return node.end - node.start === 6 && this.text.startsWith('import', node.start);
  },

  firstElement(value) { return stateValue.call(this, value); },
  docCast(node) { return jsdocCast.call(this, node); },
  docsReplayed() { jsdocImportBindings.call(this); jsdocTypedefs.call(this); },

  // a top-level constructor function given a base by its prototype (`Model.prototype = Object.create(Document.prototype)`,
  // `util.inherits(Model, Document)`): the base's members are its instances' (no base of its own written otherwise)
  symbolsKnown() {
    addPendingExpandos.call(this);
    for (const { name, base } of es(this).protoBases) {
      const b = this.root.names.get(this.ident(name));
      if (!bindsSymbol(b)) continue;
      const s = bindingIndex(b), sym = this.symbols[s];
      if (sym.parent === -1 && sym.label === 'Function' && sym.kind !== 'arrow_function' && !this.work[s].extendsNodes) this.work[s].extendsNodes = [base];
    }
  },

  // (not the runtime's globals, nor TypeScript's own types: a project declares few names globally)
  globalName(name) { return !isGlobalName(name) && !LIB_TYPES.has(name) && !ARRAY_TYPES.has(name) && !MAP_TYPES.has(name) && !SAME_MEMBERS.has(name); },

  building(symbols) {
    if (this.docComments.size) jsdocApply.call(this, symbols);
    if (this.assignTargets.length) constructorFields.call(this, symbols);
    for (const sym of symbols) if (sym.label === 'TypeAlias' && sym.type?.k === 'union' && !sym.type.either) markUnionShared(sym.type, symbols);
    // what `declare global { … }` declares (its top-level declarations; their members follow them)
    const blocks = es(this).globalBlocks;
    if (blocks.length) for (const s of symbols) if (s.parent === -1 && blocks.some(([a, b]) => s.line >= a && s.line <= b)) s.global = true;
    // what `declare module './x' { … }` declares in a module (an augmentation of that module; in a script it would
    // declare an ambient module of that name instead)
    const augments = es(this).augmentBlocks;
    if (augments.length && (this.imports.length || symbols.some((s) => s.exported && !augments.some(([a, b]) => s.line >= a && s.line <= b)))) {
      for (const s of symbols) {
        if (s.parent !== -1 || s.label !== 'Interface') continue;
        const block = augments.find(([a, b]) => s.line >= a && s.line <= b);
        if (block) s.augments = block[2];
      }
    }
  },
};

/**
 * The members of a union of object types that every part declares (`type M = { type: 'a'; id: string } | { type: 'b';
 * id: number }`: `type` and `id`, not a name one part lacks): the union's one property, whose declarations the
 * language service renames together. Only a union whose every part is an object type written there: a named part
 * (`{ k: 1 } | Other`) has members this file does not list.
 */
function markUnionShared(union: Expr & { k: 'union' }, symbols: SymbolFact[]): void {
  const parts: Expr[] = [];
  const flatten = (e: Expr): void => { if (e.k === 'union' && !e.either) e.types.forEach(flatten); else parts.push(e); };
  flatten(union);
  if (parts.length < 2 || !parts.every((p) => p.k === 'object' && p.decls)) return;
  const decls = parts.map((p) => (p as Expr & { k: 'object' }).decls!);
  for (const { name } of decls[0]) {
    if (!decls.every((d) => d.some((x) => x.name === name))) continue;
    for (const d of decls) for (const x of d) if (x.name === name) symbols[x.s].unionShared = true;
  }
}
