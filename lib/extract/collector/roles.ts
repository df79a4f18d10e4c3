/** The roles query patterns set (`#set! role`), numbered for the collector's handler tables, and the records pass 1 files. */
import type { Collector } from './collector.ts';
import { get, type Caps, type Node } from './util.ts';
import type { Scope } from './scope.ts';
import type { RefKind } from '../facts.ts';

/**
 * The roles a query pattern can have (its `#set! role`), numbered: `file`, `module` and `define` switch on these
 * numbers (a jump table, where a switch on strings compared ~70 strings per match). Each language's role strings
 * become numbers once (`roleCodes`); a role string missing here is an error there, so a new role needs a line here.
 * The groups are contiguous ranges (the is…Role tests below); `def.assigned` to `def.typedef` are the collector's own.
 */
export enum Role {
  none,
  'id', 'id.type', 'id.shorthand', 'member', 'call', 'new', 'call.arg', 'call.arg.branch', 'call.arg.prop',
  'push.key', 'objlit.key', 'expr.object.entry', 'expr.object.spread', 'expr.object.open', 'type.query', 'expr.wrap',
  'expr.operand', 'expr.either', 'return', 'return.body', 'param.pattern', 'pattern.param', 'pattern.nested', 'pattern.array', 'pattern.of',
  'pattern.first', 'call.typearg', 'narrow.instanceof', 'narrow.tag.case', 'narrow.tag.if', 'narrow.tag.exit', 'narrow.guard', 'narrow.guard.either', 'narrow.instanceof.exit', 'narrow.guard.exit', 'narrow.isarray', 'fntype.predicate',
  'returns.predicate', 'type.generic', 'type.generic.arg', 'type.generic.arg2', 'type.object.prop',
  'type.object.index', 'type.object.call', 'type.object.call.param', 'expr.await', 'expr.element', 'expr.element.key', 'expr.element.at', 'type.array', 'expr.as', 'expr.literal',
  'fn.assigned', 'type.lookup', 'expr.and', 'new.typearg', 'new.typearg2', 'type.object.name', 'expr.element.name',
  'expr.spread.array', 'arg.list.item', 'type.tuple.item',
  'expr.this', 'expr.super', 'jsx', 'comment', 'doc.comment', 'this.param', 'param.slot', 'fntype.param',
  'type.union', 'fntype.returns', 'type.intersection', 'returns', 'annotated', 'var.var', 'var.let',
  'heritage.extends', 'heritage.implements', 'heritage.proto', 'var.pattern', 'decorated',
  // scopes (the kind is the text after `scope.`)
  'scope.arrow', 'scope.block', 'scope.class', 'scope.function', 'scope.method', 'scope.type',
  // definitions
  'def.function', 'def.function.signature', 'def.class', 'def.class.abstract', 'def.class.returned', 'def.default', 'def.var',
  'def.method', 'def.method.signature', 'def.method.abstract', 'def.field', 'def.param.property', 'def.interface',
  'def.interface.method', 'def.interface.property', 'def.type', 'def.enum', 'def.this.field', 'def.this.fnfield', 'def.this.later', 'def.this.key',
  'def.enum.member', 'def.namespace', 'def.cjs.objmethod', 'def.objmethod', 'def.assigned', 'def.prototype',
  'def.cjs.module', 'def.cjs', 'def.typedef',
  // declarations
  'decl.element', 'decl.local', 'decl.param', 'decl.param.typed', 'decl.pattern', 'decl.type.param',
  // module facts (imports, exports, CommonJS assignments)
  'import.module', 'import.dynamic', 'require.call', 'import.default', 'import.namespace', 'require.namespace',
  'import.named', 'import.named.default', 'export.from.default', 'export.statement', 'export.default.name', 'export.equals', 'export.local', 'export.from',
  'export.star', 'export.star.as', 'assign.member', 'assign.entry', 'assign.key', 'assign.target',
}
export const isScopeRole = (r: Role): boolean => r >= Role['scope.arrow'] && r <= Role['scope.type'];
export const isDefRole = (r: Role): boolean => r >= Role['def.function'] && r <= Role['def.typedef'];
export const isDeclRole = (r: Role): boolean => r >= Role['decl.element'] && r <= Role['decl.type.param'];
export const isModuleRole = (r: Role): boolean => r >= Role['import.module'] && r <= Role['assign.target'];

export const roleCodeCache = new WeakMap<ReadonlyArray<string | undefined>, Uint8Array>();
/** Each pattern's role number (0: no role) for a language's `roles` (its patterns' role strings), made once per language. */
export function roleCodes(roles: ReadonlyArray<string | undefined>): Uint8Array {
  let codes = roleCodeCache.get(roles);
  if (codes) return codes;
  codes = new Uint8Array(roles.length);
  for (let i = 0; i < roles.length; i++) {
    const r = roles[i];
    if (!r) continue;
    const code = (Role as unknown as Record<string, unknown>)[r];
    if (typeof code !== 'number' || code === Role.none) throw new Error(`collect.ts: query role ${JSON.stringify(r)} has no number in enum Role`);
    codes[i] = code;
  }
  roleCodeCache.set(roles, codes);
  return codes;
}

export type FileHandler = (this: Collector, c: Caps, role: Role) => void;
/** The handlers of `file` by role number (Collector's static block). */
export const fileBy: Array<FileHandler | undefined> = [];
export type DefineHandler = (this: Collector, d: DefRec, scope: Scope, cur: number, name: string, exported: boolean, isDefault: boolean, topLevel: boolean) => number;
/** The handlers of `define` by role number (Collector's static block). */
export const defineBy: Array<DefineHandler | undefined> = [];

export interface DefRec { role: Role; def: Node; name?: Node; body?: Node; value?: Node; type?: Node; host?: Node }
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
  isPrivate: boolean;
  typeNode: Node | undefined;
  initNode: Node | undefined;
  returnsNode: Node | undefined;
  extendsNodes: Node[] | undefined;
  implementsNodes: Node[] | undefined;
}

export interface IdRec { node: Node; kind: RefKind; scope?: Scope; from: number }

