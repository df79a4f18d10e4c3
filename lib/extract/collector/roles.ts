/** The roles query patterns set (`#set! role`), numbered for the collector's handler tables, and the records pass 1 files. */
import type { Collector } from './collector.ts';
import { type Caps, type Node } from './util.ts';
import type { Scope } from './scope.ts';
import type { RefKind } from '../facts.ts';

/**
 * The common roles a query pattern can have (its `#set! role`), numbered: `file` and `define` dispatch on these
 * numbers (a jump table, where a switch on strings compared ~70 strings per match). A language's own roles are
 * registered by its plugin (registerRoleHandlers, lib/extract/plugin.ts) and numbered after these. Each language's
 * role strings become numbers once (`roleCodes`); a role string no table has is an error there.
 */
export enum Role {
  none,
  'id', 'id.type', 'id.shorthand', 'member', 'call', 'new', 'call.arg', 'call.arg.branch', 'call.arg.prop', 'call.template',
  'objlit.key', 'expr.object.entry', 'expr.object.spread', 'expr.object.open', 'type.query', 'type.mapped.same', 'type.mapped.over', 'type.mapped.prefix', 'expr.wrap',
  'expr.operand', 'expr.either', 'return', 'return.body', 'return.key', 'param.pattern', 'pattern.param', 'pattern.nested', 'pattern.array', 'pattern.of', 'pattern.rest', 'pattern.assigned',
  'call.typearg', 'narrow.instanceof', 'narrow.tag.case', 'narrow.tag.default', 'flow.stmt', 'flow.loop', 'flow.expr', 'flow.test', 'narrow.tag.test', 'narrow.in.test', 'narrow.truthy.test', 'narrow.path.test', 'narrow.in.path.test', 'flow.exit', 'flow.exit.if', 'flow.clause', 'flow.clause.exit', 'flow.truthy', 'flow.inert', 'fntype.predicate',
  'returns.predicate', 'type.generic', 'type.generic.arg', 'type.generic.arg2', 'type.object.prop',
  'type.object.index', 'type.object.call', 'type.object.new', 'type.object.call.param', 'expr.await', 'expr.element', 'expr.element.key', 'expr.element.at', 'type.array', 'type.readonly', 'expr.as', 'expr.literal',
  'fn.assigned', 'type.lookup', 'expr.and', 'new.typearg', 'new.typearg2', 'type.object.name', 'expr.element.name',
  'expr.spread.array', 'arg.list.item', 'type.tuple.item',
  'expr.this', 'expr.super', 'jsx', 'jsx.attr', 'comment', 'unchecked', 'this.param', 'param.slot', 'fntype.param',
  'type.union', 'type.conditional', 'type.conditional.test', 'type.conditional.whole', 'type.conditional.instance', 'type.conditional.result', 'type.mapped.key', 'expr.const.strings', 'type.object.empty', 'expr.const.spread', 'fntype.returns', 'type.intersection', 'returns', 'annotated', 'var.var', 'var.let',
  'heritage.extends', 'heritage.implements', 'var.pattern', 'decorated', 'decorator',
  // a static initialiser block (`static { … }`): a method scope whose `this` is the class
  'scope.static',
  // scopes (the kind is the text after `scope.`)
  'scope.arrow', 'scope.block', 'scope.class', 'scope.function', 'scope.method', 'scope.type',
  // definitions
  'def.function', 'def.function.signature', 'def.class', 'def.class.abstract', 'def.var',
  'def.method', 'def.method.signature', 'def.method.abstract', 'def.field', 'def.interface',
  'def.interface.method', 'def.interface.property', 'def.type', 'def.enum', 'def.enum.member', 'def.namespace',
  // declarations
  'decl.element', 'decl.local', 'decl.param', 'decl.param.typed', 'decl.pattern', 'decl.type.param',
  // module facts
  'import.module', 'import.dynamic', 'import.default', 'import.namespace', 'import.named', 'assign.key', 'assign.target',
  // an object literal a type asserts or that satisfies one (`{ … } satisfies Record<string, Handler>`)
  'objlit.typed',
  // an object or array literal assigned to a member or an element (`this.state = { … }`, `xs[0] = { … }`)
  'assign.literal',
  // a rest parameter's declared type (`...vals: Todo[]`)
  'rest.param.type',
  // a call's second and third type arguments (`pair<User, Post>(…)`)
  'call.typearg2', 'call.typearg3',
  // a method's `this is T` predicate, and the receivers a call of it narrows (`if (node.isLeaf()) node.weight`); a
  // method call on a name anywhere, which narrows that name where it failed, if the method is a guard (narrowByPlaces)
  'returns.predicate.this', 'narrow.guard.self', 'narrow.guard.self.exit', 'narrow.guard.self.test',
  // an assertion function's `asserts x is T`, and the calls of it as statements that narrow their argument after them
  'returns.asserts', 'narrow.assert',
  // a generic type's and a construction's type arguments after the second (`PgUpdateBase<any, any, any, …>`)
  'type.generic.argn', 'new.typeargn',
  // `x instanceof C` and a guard call `isFoo(x)` anywhere: narrowed where the conditions around them decide (narrowByPlaces)
  'narrow.instanceof.test', 'narrow.guard.test',
  // an assertion function of a condition (`asserts cond`), and the calls of assertions as statements whose first
  // argument may hold such tests (`invariant(x instanceof A)`: narrowByPlaces)
  'returns.asserts.cond', 'flow.assert',
  // a const holding a condition (`const ok = isA(x) && ready`): a test of it narrows as the condition would (narrowByPlaces)
  'flow.alias',
  // (the first number a language's own roles take)
  'first.language.role',
}

/** What `file` does with a match of a role that has no handler of its own: file it as a scope, definition or declaration. */
export const KIND_SCOPE = 1, KIND_DEF = 2, KIND_DECL = 3;
/** The kind of each role number (0: none: the role's handler files it). */
export const roleKind = new Uint8Array(4096);
for (let r = Role['scope.arrow']; r <= Role['scope.type']; r++) roleKind[r] = KIND_SCOPE;
for (let r = Role['def.function']; r <= Role['def.namespace']; r++) roleKind[r] = KIND_DEF;
for (let r = Role['decl.element']; r <= Role['decl.type.param']; r++) roleKind[r] = KIND_DECL;

/** Every role's number by name: the common ones, then the registered languages' own. */
const roleNumbers = new Map<string, number>();
for (let r = Role.none + 1; r < Role['first.language.role']; r++) roleNumbers.set(Role[r], r);
let nextRole: number = Role['first.language.role'];

/**
 * Registers a language's own roles (lib/extract/plugin.ts `registerRoles`): numbers them after the common ones and
 * puts their handlers in the tables. A name the common vocabulary or another registration has is refused.
 */
export function registerRoleHandlers(roles: Readonly<Record<string, { match?: FileHandler; define?: DefineHandler }>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, h] of Object.entries(roles)) {
    if (roleNumbers.has(name)) throw new Error(`collector: the role ${JSON.stringify(name)} is registered already`);
    if (nextRole >= roleKind.length) throw new Error('collector: too many roles');
    const r = nextRole++;
    roleNumbers.set(name, r);
    if (h.match) fileBy[r] = h.match;
    if (h.define) { defineBy[r] = h.define; if (!h.match) roleKind[r] = KIND_DEF; }
    out[name] = r;
  }
  return out;
}

/** The name of a role number. */
export function roleName(r: number): string | undefined {
  return r < Role['first.language.role'] ? Role[r] : [...roleNumbers].find(([, n]) => n === r)?.[0];
}

export const roleCodeCache = new WeakMap<ReadonlyArray<string | undefined>, Uint16Array>();
/** Each pattern's role number (0: no role) for a language's `roles` (its patterns' role strings), made once per language. */
export function roleCodes(roles: ReadonlyArray<string | undefined>): Uint16Array {
  let codes = roleCodeCache.get(roles);
  if (codes) return codes;
  codes = new Uint16Array(roles.length);
  for (let i = 0; i < roles.length; i++) {
    const r = roles[i];
    if (!r) continue;
    const code = roleNumbers.get(r);
    if (code === undefined) throw new Error(`collector: query role ${JSON.stringify(r)} is neither a common role nor one a language registered`);
    codes[i] = code;
  }
  roleCodeCache.set(roles, codes);
  return codes;
}

export type FileHandler = (this: Collector, c: Caps, role: number) => void;
/** The handlers of `file` by role number (Collector's static block). */
export const fileBy: Array<FileHandler | undefined> = [];
export type DefineHandler = (this: Collector, d: DefRec, scope: Scope, cur: number, name: string, exported: boolean, isDefault: boolean, topLevel: boolean) => number;
/** The handlers of `define` by role number (Collector's static block). */
export const defineBy: Array<DefineHandler | undefined> = [];

/**
 * A definition filed in pass 1 (its captures), replayed in pass 2 (`part`: the union or intersection that `host`, an
 * object type of a type alias's value, is a part of).
 */
export interface DefRec { role: number; def: Node; name?: Node; body?: Node; value?: Node; type?: Node; host?: Node; part?: Node }
// event types, also their order at the same position; EV_NODE (a call, member, key or `this`: its node alone, no
// record) sorts as EV_POINT (the record of a returned value or a heritage clause), in the order they were filed
export const EV_EXPORT = 0, EV_DEF = 1, EV_SCOPE = 2, EV_DECL = 3, EV_POINT = 4, EV_NODE = 5;

/**
 * What pass 2 keeps of a symbol besides its fact (`symbols[i]` ↔ `work[i]`): syntax nodes that `build` turns into
 * the fact's expressions, and flags of its own. Apart from the fact, so that `build` fills the fact in place (no
 * copy without these keys of every symbol, whose own keys come in many orders) and these reads see one shape.
 */
export interface SymbolWork {
  defNode: Node;
  scope: Scope;
  signatureOnly: boolean;
  /** The overload signatures' nodes (not the implementation's), when the symbol has any: what a call sees. */
  overloads?: Node[];
  isPrivate: boolean;
  typeNode: Node | undefined;
  initNode: Node | undefined;
  returnsNode: Node | undefined;
  extendsNodes: Node[] | undefined;
  implementsNodes: Node[] | undefined;
}

export interface IdRec { node: Node; kind: RefKind; scope?: Scope; from: number }

