/**
 * A language's collector plugin: what the collector needs to know of a language beyond the common roles
 * (docs/indexing.md, "How to add a language"). A plugin has two parts:
 *
 * - roles of its own, registered once with `registerRoles` (the module that defines them calls it when it is
 *   loaded): for each role name its queries set, a pass-1 handler (`match`: what filing a match records) and/or a
 *   pass-2 handler (`define`: what replaying a definition declares). A role with `define` and no `match` is filed
 *   as every definition is (its `@def`, `@name`, `@body`, `@value`, `@type` captures) and replayed in source order.
 *   Role names are one namespace for every language: name a language's own roles after it (`py.global`).
 * - the CollectorPlugin object of its LanguageSpec: syntax words and global type names the common handlers read,
 *   and hooks the collector calls at fixed points of its passes.
 *
 * Handlers and hooks run as methods of the Collector (`this`), whose state and helpers they use as its own methods
 * do (lib/extract/collector/collector.ts); `this.lang` is the plugin's per-file state (`state()`).
 */
import type { Collector } from './collector/collector.ts';
import type { DefRec } from './collector/roles.ts';
import type { Scope } from './collector/scope.ts';
import type { Caps, Node } from './collector/util.ts';
import type { Expr, SymbolFact } from './facts.ts';
import { registerRoleHandlers } from './collector/roles.ts';

export type { Collector, DefRec, Scope, Caps, Node };

/** Pass 1: files one match of role number `role` (its captures read with `get(c, name)`). */
export type MatchHandler = (this: Collector, c: Caps, role: number) => void;

/**
 * Pass 2: declares a definition replayed in `scope` under the enclosing symbol `cur` (-1 at file level); `name` is
 * the `@name` capture's text ('default' without one); `exported`/`isDefault` say whether it sits in an export
 * statement at the top level. Returns the symbol made (its span then encloses what follows), or -1.
 */
export type DefineHandler = (this: Collector, d: DefRec, scope: Scope, cur: number, name: string, exported: boolean, isDefault: boolean, topLevel: boolean) => number;

/** What a role does in each pass. */
export interface RoleHandlers { match?: MatchHandler; define?: DefineHandler }

/**
 * Registers roles of a language (names not taken by the common vocabulary nor another language); returns their
 * numbers by name (what a handler pushing a definition of such a role puts in `DefRec.role`).
 */
export function registerRoles<N extends string>(roles: Readonly<Record<N, RoleHandlers>>): Readonly<Record<N, number>> {
  return registerRoleHandlers(roles) as Record<N, number>;
}

/**
 * The language's global generic types the type shapes know (`Array<T>`, `list[T]`): by name, what a generic type
 * written with them is. Names the project declares or imports are its own, never these.
 */
export interface TypeNames {
  /** Types whose members are their first argument's (`Partial<T>`, `Readonly<T>`). */
  same: ReadonlySet<string>;
  /** Arrays of their first argument (iterables too: iterating gives an element). */
  array: ReadonlySet<string>;
  /**
   * Of `array`, the mutable arrays (`Array<T>`); the others (`ReadonlyArray<T>`, `Iterable<T>`, `Set<T>`) are no
   * subtypes of `any[]`, which an array test (`Array.isArray(x)`) narrows them to, so their elements are then unknown.
   */
  mutableArray?: ReadonlySet<string>;
  /** Maps whose values are their second argument (keys the first). */
  map: ReadonlySet<string>;
  /** Promises of their first argument (awaiting gives one). */
  promise: ReadonlySet<string>;
  /** Records: any key gives their second argument. */
  record: ReadonlySet<string>;
  /** Types with their first argument's members but the keys of their second (`Omit<T, 'a'>`), or only those (`Pick`). */
  omit?: string;
  pick?: string;
  /** `ReturnType<typeof f>` / `InstanceType<typeof C>`: what calling f gives, an instance of C. */
  returnType?: string;
  instanceType?: string;
  /** `Parameters<typeof f>`: the tuple of f's parameter types. */
  parameters?: string;
  /** `ThisType<T>`: a marker of an object literal's contextual type, whose methods' `this` is a T. */
  thisType?: string;
  /** `Awaited<T>`: what awaiting a T gives. */
  awaited?: string;
  /** `Extract<U, X>`, `Exclude<U, X>`: the parts of a union that are X, that are not. */
  extract?: string;
  exclude?: string;
  /** Predefined types that say nothing about a value's members (`unknown`, `object`), and the type `any` among them. */
  untyped: ReadonlySet<string>;
  any?: string;
  /** Global collections constructed from an iterable of their elements (`new Set(users)`: an array of users here). */
  fromIterable?: ReadonlySet<string>;
  /**
   * Global functions whose second argument is a callback over the first's elements, written `Global.name`
   * (`Array.from(users, (u) => …)`: u is an element of users).
   */
  fromMapped?: ReadonlySet<string>;
  /**
   * Global generic interfaces of methods each taking their type argument first (`ProxyHandler<T>`, whose traps get the
   * target T): a literal they type has methods whose first parameter is a T.
   */
  handlers?: ReadonlyMap<string, readonly string[]>;
  /** Global maps constructed from an iterable of `[key, value]` entries (`new Map(pairs)`: a map of their values). */
  fromEntries?: ReadonlySet<string>;
  /** The global function making an object of `[key, value]` entries, written `Global.name` (`Object.fromEntries`). */
  entriesObject?: string;
}

/** Words of the language's syntax the common handlers read in the text. */
export interface SyntaxWords {
  /** Literals with no members (`null`, `undefined`; `None`): a branch that is one adds nothing to a value. */
  nullish: readonly string[];
  /** Types that, beside the nullish ones, hold no value with members in a union (TypeScript's `void`, `never`). */
  emptyTypes?: readonly string[];
  /** Keyword literals a discriminant may be (`true`, `false`, `null`, `undefined`): their tags (KEYWORD_TAG). */
  keywordLiterals?: ReadonlySet<string>;
  /** The name of a parameter that declares `this`'s type and is no parameter (TypeScript's `this:`). */
  thisParam?: string;
  /** Words that may stand between a doc comment and the declaration it documents (`export`, `const`, `async`). */
  modifiers: ReadonlySet<string>;
  /** The name of a class's constructor method (`constructor`; `__init__`): its kind is `constructor`. */
  constructorName?: string;
  /**
   * A class's or interface's type parameters share one table with its instance members (TypeScript), so a member
   * named like one is renamed with it: the parameter's occurrences are recorded as occurrences of that member.
   */
  typeParamsAmongMembers?: boolean;
  /**
   * Labels of declarations that name a type only (TypeScript's interfaces and type aliases): a name read as a value
   * passes over them to a value of an enclosing scope or the globals, as types and values are two namespaces.
   */
  typeOnlyLabels?: ReadonlySet<string>;
}

/** A class member's modifiers as the declaration writes them. */
export interface MemberModifiers { isStatic: boolean; getter: boolean; setter: boolean; isPrivate: boolean }

/** A call recorded in pass 1: its callee node, whether it is a `new`, its argument nodes. */
export interface CallRecord { callee: Node; isNew: boolean; args?: Node[] }

/** The collector's knowledge of one language beyond its roles. Every member is optional. */
export interface CollectorPlugin {
  /** The plugin's per-file state, made when a collector starts a file (`this.lang`). */
  state?(this: Collector): unknown;
  types?: TypeNames;
  syntax?: SyntaxWords;
  /** A class member's modifiers, from its definition (`prefix`: its text from the definition's start to its name). */
  memberModifiers?(this: Collector, d: DefRec, prefix: string, name: string): MemberModifiers;
  /** Whether a function is async or a generator (what calling it gives is then no plain value). */
  functionHead?(this: Collector, fn: Node): 'async' | 'generator' | 'plain';
  /** A function scope just opened (the language may give its `this` a class). */
  functionScope?(this: Collector, scope: Scope): void;
  /** A variable declared with `value` binds `name` otherwise than as a variable (an import): true when it did. */
  bindVariable?(this: Collector, value: Node, name: Node, scope: Scope): boolean;
  /** A variable declared inside a function with `value` is a symbol of that function (not a local): true when so. */
  localSymbol?(this: Collector, value: Node): boolean;
  /** An entry `key` of a destructured initializer binds `name` otherwise (an import): true when it did. */
  bindEntry?(this: Collector, init: Node, key: string, name: Node, keyNode: Node, scope: Scope): boolean;
  /** Whether a call with this callee loads a module (`require('m')`, `import('m')`): no call site, no function called. */
  loadsModule?(this: Collector, callee: Expr, calleeNode: Node): boolean;
  /** The value of a call the language gives a meaning of its own (undefined: the common shapes). */
  callValue?(this: Collector, node: Node, call: CallRecord): Expr | undefined;
  /** The value of a node of the language's own syntax the common shapes do not know (undefined: none). */
  nodeValue?(this: Collector, node: Node): Expr | undefined;
  /** What the first name of an array pattern over `value` is, when the language knows (undefined: nothing). */
  firstElement?(this: Collector, value: Node): Expr | undefined;
  /** The type a doc comment right before a parenthesised expression asserts (undefined: none). */
  docCast?(this: Collector, node: Node): Expr | undefined;
  /** The first line of the doc of a declaration starting at `start` (undefined: the comment syntax's rule). */
  doc?(this: Collector, start: number): string | undefined;
  /** At the start of building the facts, with every symbol declared (ECMAScript: bases given by prototypes). */
  symbolsKnown?(this: Collector): void;
  /** After pass 2's replay, when the file has doc comments: what they declare (types, imports). */
  docsReplayed?(this: Collector): void;
  /** A free name (declared nowhere in the file) the project may declare globally: its occurrences are kept as references. */
  globalName?(this: Collector, name: string): boolean;
  /** Before the facts are made, with the symbols' syntax known: what the language adds to them (doc types). */
  building?(this: Collector, symbols: SymbolFact[]): void;
}
