/**
 * The facts the extractor records for one file: plain JSON (cached by content hash, possibly made in a worker),
 * everything the resolver needs and nothing it does not. Positions are 1-based lines and 1-based UTF-16 columns.
 * The two most frequent values are numbers rather than arrays or objects (Pos, Binding): the facts cache is parsed on
 * every run that changes a file, and its cost follows the number of objects more than the bytes. Read them only
 * through the helpers below.
 */
/** A language's id (lib/lang/index.ts lists them): `typescript`, `javascript`, `python`, … */
export type LanguageId = string;

export type SymbolLabel = 'Function' | 'Class' | 'Method' | 'Interface' | 'TypeAlias' | 'Enum' | 'Variable' | 'Property';

/**
 * What a name is bound to inside its file: a symbol, an import binding or a local (parameter, local variable), as
 * one number — the index times 4 plus the kind (1 symbol, 2 import, 3 local). Numbers, not `{ s }` / `{ i }` /
 * `{ l }` objects: bindings are the most frequent objects of the facts, and a small integer costs JSON.parse (and
 * the collector) no allocation. Never 0, so `e.b` is truthy exactly when the name is bound. Made by
 * symbolBinding / importBinding / localBinding, read by bindsSymbol / bindsImport / bindsLocal and bindingIndex.
 */
export type Binding = number;

const B_SYMBOL = 1, B_IMPORT = 2, B_LOCAL = 3;

/** The binding of symbol `s` of the file. */
export function symbolBinding(s: number): Binding { return s * 4 + B_SYMBOL; }
/** The binding of import `i` of the file. */
export function importBinding(i: number): Binding { return i * 4 + B_IMPORT; }
/** The binding of local `l` of the file. */
export function localBinding(l: number): Binding { return l * 4 + B_LOCAL; }
/** Whether `b` binds a symbol (false for no binding). */
export function bindsSymbol(b: Binding | undefined): b is Binding { return b !== undefined && (b & 3) === B_SYMBOL; }
/** Whether `b` binds an import (false for no binding). */
export function bindsImport(b: Binding | undefined): b is Binding { return b !== undefined && (b & 3) === B_IMPORT; }
/** Whether `b` binds a local (false for no binding). */
export function bindsLocal(b: Binding | undefined): b is Binding { return b !== undefined && (b & 3) === B_LOCAL; }
/** The index of the symbol, import or local `b` binds. */
export function bindingIndex(b: Binding): number { return b >>> 2; }

/** True when expression `e` names local `l` anywhere (a value of l that reads l, a type naming type parameter l). */
export function mentionsLocal(e: unknown, l: number, depth: number): boolean {
  if (depth > 12 || e === null || typeof e !== 'object') return depth > 12;
  if (Array.isArray(e)) return e.some((x) => mentionsLocal(x, l, depth + 1));
  const x = e as { k?: string; b?: Binding };
  if (x.k === 'id' && x.b !== undefined && bindsLocal(x.b) && bindingIndex(x.b) === l) return true;
  for (const v of Object.values(x)) if (typeof v === 'object' && mentionsLocal(v, l, depth + 1)) return true;
  return false;
}

/**
 * The shape of an expression (or a type expression) the resolver can evaluate across files.
 * `id` without `b` is a free name: a global, or a name this file does not declare.
 */
/**
 * A call signature of an object type (`{ <A>(that: A): (self: S) => R; (self: S, that: A): R }`, Effect's `dual`
 * functions): how many arguments it takes (`max` -1: a rest parameter) and its declared result.
 */
/** A call signature: its arity, declared result and (where one is written) each parameter's declared type by position. */
export interface CallSignature { min: number; max: number; returns: Expr; params?: Array<Expr | null> }

/** A signature of an overloaded type guard (see SymbolFact.guards): its arity, its parameters' type texts, its predicate. */
export interface GuardSignature { min: number; max: number; params: Array<string | null>; predicate: Expr }

export type Expr =
  /**
   * `recv`: inside receiver lambdas (Kotlin's `apply { … }`), the receivers a free name is first a member of, innermost
   * first. `entry`: a read of a parameter that none of the values its function assigns it reaches (Python): it holds
   * the argument.
   */
  | { k: 'id'; name: string; b?: Binding; recv?: Expr[]; entry?: true }
  | { k: 'this'; cls: number }
  /**
   * `st`: in a static method, where `super` is the base class itself (its static side), not an instance. `after`: the
   * class the lookup starts after in `cls`'s order (Python's `super(C, self)`), when not `cls` itself. `named`: the
   * supertype written (Kotlin's `super<Base>.m()`).
   */
  | { k: 'super'; cls: number; st?: true; after?: Expr; named?: Expr }
  /**
   * `o.name`. `whole`: a read of a parameter's or local's member whose narrowing by that member is all known (the
   * tests before it, see the collector's markWholeReads): where the member is a union's discriminant, its property at
   * the read is that of every member type the narrowing leaves.
   */
  | { k: 'member'; obj: Expr; name: string; whole?: true }
  /**
   * `args`: the arguments' shapes, by position (null where nothing can be learned), when any is known (the first
   * four). `argc`: how many arguments are written, when `args` does not say it (none known, or more than four);
   * -1 with a spread argument.
   */
  /** (`targs`: the type arguments written at the call, up to three, `get<Db>(…)`, `pair<User, Post>(…)`: what a generic callee's type parameters are) */
  /**
   * (`ctx`: no call written, the contextual return type of a function written where `callee` is its type: unknown
   * where that result names a type parameter nothing binds, which the checker infers from what the function returns)
   */
  | { k: 'call'; callee: Expr; args?: Array<Expr | null>; argc?: number; targs?: Expr[]; ctx?: true }
  /**
   * `args`: as a call's (what a generic class's constructor binds its type parameters to); `argc`: the count of
   * arguments, where a lambda among them is typed by the constructor's parameter (a `builder`'s call)
   */
  | { k: 'new'; callee: Expr; args?: Array<Expr | null>; argc?: number }
  /** (`from`: Python's `yield from g`, which gives what the generator g returns) */
  | { k: 'await'; inner: Expr; from?: true }
  /**
   * A value the collector models from a package's known API (a React hook's result: `useRef(x)` an object whose
   * `current` is x): `of` where the package's declarations are there, the checker's `any` where they are not (the
   * package `source` imports is not installed, so nothing can be read from the call).
   */
  | { k: 'pkg'; source: string; of: Expr }
  /** `Extract<U, X>` (`not`: `Exclude<U, X>`), a type: the parts of the union U that are X (are not). */
  | { k: 'extract'; of: Expr; by: Expr; not?: true }
  /** `Parameters<F>`, a type: the tuple of the declared types of the parameters of the function F is (`typeof f`, `T['m']`). */
  | { k: 'params'; of: Expr }
  /** `ThisType<T>`, a type: no members of its own; `this` in the methods of an object literal it types is a T. */
  | { k: 'thistype'; of: Expr }
  /** What a call leaves in its argument at position `at` (C#'s `out var x`): the type of the callee's parameter there. */
  | { k: 'out'; call: Expr; at: number }
  /** `of`: the asserted expression, when it is a name or a member (`impl as any`): what a const bound so holds. */
  /** (`recv`: the value is the receiver of the function type `type` names, through type aliases) */
  | { k: 'as'; type: Expr; of?: Expr; recv?: true }
  /** (`either`: a conditional type's branches, one of which the checker picks, not a value of any of them) */
  /**
   * (`check`, `ext`: a conditional type's test, `kind extends RootKind`: where both are string literal types the
   * resolver can list, the branch the checker takes)
   */
  | { k: 'union'; types: Expr[]; either?: true; check?: Expr; ext?: Expr }
  /** An intersection type `A & B`: a value with the members of every part. */
  /**
   * (a part is an `Omit` or `Pick` of another type, read as that type, which drops members: `omits`, the keys an `Omit`
   * written with string literals drops, `Omit<T, 'async'> & { async: true }`; `keyed`, any other such part)
   */
  /**
   * (one part with `omits` or `picks`: an `Omit`/`Pick` written with string literal keys, `Omit<Props, 'className'>`,
   * whose members are its part's without, or only, those keys; with `keyed`, one whose keys are not read)
   */
  | { k: 'intersection'; types: Expr[]; omits?: string[]; picks?: string[]; keyed?: true }
  /**
   * An element of an array value (`xs[i]`, `for (const x of xs)`). `key`: the index written as a name
   * (`obj[$mobx]` → `[$mobx]`), which may be a member declared with that computed name (`[$mobx]: Admin`).
   */
  /** `at`: the position an array pattern takes (`const [a, b] = pair`: b is at 1), which picks a tuple's element. */
  /**
   * `index`: a subscription (`x[k]`) rather than an iteration (`for`, unpacking): Python asks a class's
   * `__getitem__` for the one and its `__iter__` for the other, and a mapping gives its value or its key. `by`: the
   * key a subscription is written with, where a language picks an overload of `__getitem__` by it (in TypeScript, a key
   * written as a name, `stack[source]`, whose string literal types pick the members read).
   */
  | { k: 'element'; of: Expr; key?: string; at?: number; index?: true; slice?: true; by?: Expr }
  /**
   * `a && b`: b where it is used as an object (a's falsy values have no project members) — when a's type is known:
   * `any && b` is `any` to the checker.
   */
  | { k: 'and'; left: Expr; right: Expr }
  /** An array literal of one spread (`[...xs]`): an array of the elements of xs. */
  | { k: 'spread'; of: Expr }
  /**
   * The type `T[]`; with `values`, a literal whose elements are the values `of` (Python's `{a, b}`). `returns`: what a
   * generator of these elements returns when it is done (Python's `Generator[Y, S, R]`: R). `lib` (also on `map` and
   * `promise`): in a heritage clause, the global type written (`ReadonlySet`, `WeakMap`, `Iterable`), whose members are
   * its own, not those of the collection it reads as. `ro`: no mutable array (`readonly T[]`, `ReadonlyArray<T>`,
   * `Iterable<T>`; TypeNames.mutableArray), whose elements an array test (`Array.isArray(x)`) makes unknown.
   */
  | { k: 'array'; of: Expr; values?: true; returns?: Expr; lib?: string; ro?: true }
  /**
   * The type `Map<K, V>` (also `ReadonlyMap`, `WeakMap`): a map whose values have the type `of` (its keys `key`);
   * with `values`, a literal whose values and keys are the values `of` and `key` (Python's `{"a": f}`).
   */
  | { k: 'map'; of: Expr; key?: Expr; values?: true; lib?: string }
  /**
   * A binary operator's result (Python's `root / "name"`): what the left operand's `method` (`__truediv__`) returns,
   * else the right operand's `reflected` one (`__rtruediv__`).
   */
  | { k: 'operator'; left: Expr; right: Expr; method: string; reflected: string }
  /** A project type with type arguments (`Repo<User>`, every argument in order): `of` is its name. */
  | { k: 'generic'; of: Expr; args: Expr[] }
  /** The type `Promise<T>` (also `PromiseLike<T>`): awaiting it gives a T. */
  | { k: 'promise'; of: Expr; lib?: string }
  /**
   * An object type literal (`{ window: Subject<T>; count: number }`): its typed properties, in source order;
   * `others`: the names of its other members (method signatures, untyped properties), which have no recorded type.
   */
  /** (`decls`: the members that are symbols of this file, a type alias's object type's: each name's declaration) */
  /**
   * (`key`, `keys`: a mapped type's key parameter, a local, and the keys it ranges over, `{ [r in NodeKind]: X<r> }`:
   * reading member `m` reads `index` with the key bound to the literal `m`; `prefix`: the text every key of a mapped
   * type remapped to a template literal starts with, `as \`debug${K}\``)
   */
  | { k: 'object'; props: Array<{ name: string; type: Expr }>; index?: Expr; others?: string[]; calls?: CallSignature[]; news?: CallSignature[]; decls?: Array<{ name: string; s: number }>; key?: number; keys?: Expr; over?: Expr; prefix?: string }
  /**
   * A function type (`(x: A) => R`): calling a value of it gives an R (a constructor type `new (…) => R`: `new`
   * gives an R). `predicate`: a type guard's type (`(x: any) => x is T`).
   */
  /** (`rest`: the position of a rest parameter, `(...args: Parameters<F>) => R`, which takes every argument from there on) */
  | { k: 'fntype'; returns: Expr; params?: Array<Expr | null>; predicate?: Expr; recv?: Expr; self?: Expr; rest?: number }
  /**
   * `this` in a method (or function value) of an object literal with a contextual type: `of`, the literal's contextual
   * type, or the type the `this:` parameter of its member `key` declares. (`self` of a function type: that `this:`.)
   */
  | { k: 'litthis'; of: Expr; key: string }
  /**
   * `this` in a function expression written as an argument: the `this:` parameter of its contextual function type,
   * `of` (a `param`), as the checker reads `this.on('add', function () { this.sync() })` of `handler: (this: T) => void`.
   */
  | { k: 'argthis'; of: Expr }
  /**
   * The receiver a lambda handed to `call` runs with: the receiver type of the called function's parameter `arg`
   * (the last when absent: a trailing lambda), Kotlin's `fun html(init: HTML.() -> Unit)`: inside `html { … }`, an
   * HTML. (`fntype`'s `recv`: that receiver.)
   */
  | { k: 'builder'; call: Expr; arg?: number; param?: number }
  /**
   * The declared type of parameter `arg` of the function (with `isNew`, the constructor) that calling `callee` runs:
   * the contextual type of an object literal written as that argument, whose keys name its members. (`targs`: the
   * type arguments written at the call, `implementNode<MaxDecl>({ … })`: what the callee's type parameters are)
   */
  /** (`lits`: the call's string literal arguments, by position, `node('unit', { … })`: what they infer a type parameter to) */
  /**
   * (`keys`: the names the object literal written as that argument gives, where it gives nothing else, no spread nor
   * computed key: which of an overloaded callee's signatures can take it, see overloadArg; `fn`: the argument is a
   * function expression, which only a signature declaring a function type there takes)
   */
  /**
   * (`argv`: the call's other arguments, by position, those that are functions or such literals left out, where the
   * literal holds a function whose parameters the call types: what the checker infers the callee's type parameters
   * from before it types those functions; `cb`: the type of such a function's member is read, see argumentType)
   */
  | { k: 'param'; callee: Expr; arg: number; isNew?: true; targs?: Expr[]; lits?: Array<[number, string]>; keys?: string[]; fn?: true; argv?: Array<Expr | null>; cb?: true }
  /**
   * An object literal value (`{ select, update: fn, ...base }`): its entries in source order — a named key and its
   * value, a spread, or `open` for a key that is not a plain name (`[k]: v`, `'a-b': v`: any name may be that one).
   */
  | { k: 'objval'; entries: Array<{ name: string; value: Expr } | { spread: Expr } | { open: true }> }
  /** The type `typeof x`: whatever x is (a class itself, not an instance of it; a function; an object's value). */
  | { k: 'typeof'; of: Expr }
  /**
   * An indexed access type `T['name']`: the declared type of T's member `name` (`Router['serverSsr']`). `of` may be
   * `typeof x` (the declared type of the value x): the contextual type of `x.name = (a) => …` is `(typeof x)['name']`.
   */
  /** (`any`: the key is no string literal, `NodesByKind[kind]`: one of T's member types, `name` empty) */
  /**
   * (`key`: the key type of such an access, `NodesByKind[kind]`: where it is string literals the resolver can list,
   * the properties they name; `elem`: the key is `number`, `(typeof kinds)[number]`, an element type; `all`: the key
   * is `keyof` of the indexed type itself, `Map[keyof Map]`, the union of all its property types)
   */
  | { k: 'index'; of: Expr; name: string; any?: true; key?: Expr; elem?: true; all?: true }
  /**
   * A value inside `if (guard(x)) …` (`of` is x): a `by(x): x is T` guard makes it a T, else it is `of`. (`self`: inside
   * `if (x.isLeaf()) …`, `by` the call, whose method's `this is T` makes it a T; string arguments kept as literals,
   * `x.hasKind('leaf')`, for the type parameters they bind; `asserts`: after `by(x);`, whose `asserts x is T` makes it a T)
   */
  | { k: 'guarded'; by: Expr; of: Expr; self?: true; asserts?: true }
  /**
   * A name after a call of an assertion as a statement whose first argument held a test of it (`invariant(x instanceof
   * A)`): `then` (narrowed by the test) where the callee `by` asserts its first parameter (`asserts cond`), else `of`.
   */
  | { k: 'ifasserts'; by: Expr; then: Expr; of: Expr }
  /**
   * A name inside `if (x instanceof C)` (`of` is x, `type` is C): the member types of x's type that are C or extend
   * it (an `Item` stays an `Item` inside `if (item instanceof Base)`), else a C.
   */
  /** (`assigned`: the values assigned to a declared name, which a checker narrows it to, not a class tested) */
  /** (`self`: where a method guard failed, `type` the call, whose method's `this is T` is what the name is not) */
  | { k: 'narrowed'; of: Expr; type: Expr; not?: true; assigned?: true; self?: true }
  /**
   * A path read after a test of its discriminant (`node.tuple[0]` after `node.tuple[0].kind === 'a'`): the checker
   * narrows it there, which is not followed, so a union there gives no member (anything else is `of`).
   */
  | { k: 'tested'; of: Expr }
  /** `import('./x')`: a promise of that module's namespace. */
  | { k: 'import'; source: string }
  /**
   * A literal; `v`: a short string literal's text (no escapes), what a discriminant (`kind: 'circle'`) compares;
   * `type`: the literal's type name where the language's query tells it (`int`, `String`: overloads are picked by it);
   * `coll`: a collection literal with no type of its own (C#'s `[a, b]`), which fits array and collection parameters
   * but gives a method's type parameter nothing to be inferred from.
   */
  | { k: 'lit'; v?: string; type?: string; coll?: true }
  /**
   * A name narrowed by a discriminant (`switch (s.kind) { case 'circle': … }`, `if (s.kind === 'circle') …`): the
   * member types of `of` whose member `key` is one of `tags`.
   */
  /** (`not`: the member types whose `key` is none of `tags`, an `else` branch's) */
  /**
   * (`refs`: by position, the enum member a tag written as one names, `NodeTypes.ELEMENT`, null for a string; such a
   * tag's text starts with ENUM_TAG)
   */
  | { k: 'tagged'; of: Expr; key: string; tags: string[]; not?: true; refs?: Array<Expr | null> }
  /**
   * A name inside `if (Array.isArray(x))` (`yes`) or its else branch: the array parts of its type, or the others. `by`:
   * the name called instead (`isArray(x)`), which narrows only where it is `Array.isArray` or a guard of an array type.
   */
  | { k: 'isarray'; of: Expr; yes: boolean; by?: Expr }
  /** The type `any` as written (an annotation, `x as any`): the checker types nothing read from it. */
  | { k: 'any' }
  /**
   * A function expression or arrow that is no symbol of its own (a callback, an object literal's entry). `ret`: what
   * it returns (its expression body, or its return statements' values; not for async functions and generators);
   * `pred`: a type guard's type (`(x): x is Admin => …`); `async`: an async function (calling it gives a promise of
   * `ret`); `n`: its parameter count, where a language picks an overload by it (C#'s `Func<T, bool>` against
   * `Func<T, C, bool>`). `params`: its parameters' declared types (null where not written), where one is written and
   * there is no rest parameter: an argument literal's contextual type where it is called (`set({ _c: v })` of a
   * returned `(info: T) => …`).
   */
  | { k: 'fn'; ret?: Expr; pred?: Expr; async?: true; n?: number; trailing?: true; params?: Array<Expr | null> }
  /**
   * An array literal's items, recorded for `Promise.all([…])` only (a spread item is `other`); as a type, a tuple
   * type's (`[User, number]`). `tuple`: a literal asserted `as const`, a readonly tuple of its items by position.
   */
  | { k: 'list'; items: Expr[]; tuple?: true }
  /**
   * An array literal asserted `as const` whose items are string literals and spreads (`["a", ...others] as const`):
   * the strings, and the values spread (each another such array), whose union `(typeof kinds)[number]` is.
   */
  | { k: 'strings'; items: string[]; spreads?: Expr[] }
  | { k: 'other' };

/**
 * A position: 1-based line, 1-based UTF-16 column, length in UTF-16 units. Packed into one number,
 * `(line * 1024 + column) * 128 + length`, when the column is below 1024 and the length below 128 (all but a few
 * positions of minified or generated code), else the array [line, column, length]. Positions are the most frequent
 * arrays of the facts: a number costs JSON.parse no allocation where an array costs two objects (a Smi below line
 * 16384; exact as a double for any line below 2^36). Made by `toPos`, read by posLine / posColumn / posLength.
 */
export type Pos = number | [line: number, column: number, length: number];

const POS_COLUMNS = 1024, POS_LENGTHS = 128;

/** The position at `line`, `column` of `length` units. */
export function toPos(line: number, column: number, length: number): Pos {
  return column < POS_COLUMNS && length < POS_LENGTHS && line < 2 ** 36 ? (line * POS_COLUMNS + column) * POS_LENGTHS + length : [line, column, length];
}
/** A position's line. */
export function posLine(p: Pos): number { return typeof p === 'number' ? Math.floor(p / (POS_COLUMNS * POS_LENGTHS)) : p[0]; }
/** A position's column. */
export function posColumn(p: Pos): number { return typeof p === 'number' ? Math.floor(p / POS_LENGTHS) % POS_COLUMNS : p[1]; }
/** A position's length. */
export function posLength(p: Pos): number { return typeof p === 'number' ? p % POS_LENGTHS : p[2]; }

/** The first character of a discriminant's tag written as an enum member (`NodeTypes.ELEMENT`), not as a string. */
export const ENUM_TAG = '\u0001';
/** The tag of a `'key' in x` test (`tagged` with this one tag): the member types that may have the member `key`. */
export const HAS_TAG = '\u0002in';

/**
 * The first character of a keyword literal's tag (`true`, `false`, `null`, `undefined`: `success: true`, `typed?:
 * false`), which a discriminant may be as a string is, and a truthiness test compares (`if (r.success)`).
 */
export const KEYWORD_TAG = '\u0003';

/** The keyword tags a truthiness test rules out (`if (r.success)`: not false, null or undefined). */
export const FALSY_TAGS = ['false', 'null', 'undefined'].map((w) => KEYWORD_TAG + w);
/** The keyword tag a failed truthiness test leaves (`!r.success`: not true). */
export const TRUE_TAG = KEYWORD_TAG + 'true';
/** The keyword tags a loose comparison with `null` or `undefined` compares (`x.path != null`). */
export const NULLISH_TAGS = ['null', 'undefined'].map((w) => KEYWORD_TAG + w);

export interface SymbolFact {
  name: string;
  label: SymbolLabel;
  kind: string;
  line: number;
  endLine: number;
  /** Position of the declaring name. */
  at: Pos;
  /** Further declaring names (overload signatures). */
  more?: Pos[];
  /** Index of the enclosing symbol, -1 at file level. */
  parent: number;
  /**
   * A declaration that is no member, made inside a function's body (a test's callback, `it('…', () => { interface
   * Warrior … })`): where the scope binding its name starts (a UTF-16 offset). Declarations of one name the language
   * merges (two interfaces) merge only within one scope; two callbacks' locals of one name are two symbols.
   */
  localScope?: number;
  qualifiedName: string;
  exported: boolean;
  isDefault?: boolean;
  isStatic?: boolean;
  signature?: string;
  doc?: string;
  /**
   * A member of an object type that is one part of a union, declared by every part (a language's collector says
   * so): one of the declarations of the union's property, renamed together with the others.
   */
  unionShared?: true;
  /** Declared type (variables, properties, parameters properties). */
  type?: Expr;
  /**
   * A type alias of a homomorphic mapped type copying each member (`type Id<T> = { [K in keyof T]: T[K] } & {}`): its
   * `type` reads as T, but the checker's mapped type has a symbol whose properties lead back to T's declarations.
   */
  copies?: true;
  /** Initial value (variables, properties). */
  init?: Expr;
  /** Declared return type (functions, methods). */
  returns?: Expr;
  /** A type guard's predicate type (`isFoo(x): x is Foo` → Foo): what its argument is where the guard held. */
  predicate?: Expr;
  /**
   * An overloaded type guard's signatures, when their predicates differ (`isFailure(e, type?: Kind.Redirect): e is
   * Redirect` before `isFailure(e, type?: Kind): e is Failure`): a call narrows by the first one its arguments surely fit.
   */
  guards?: GuardSignature[];
  /** A method guard's predicate type (`isLeaf(): this is Leaf` → Leaf): what its receiver is where the guard held. */
  thisPredicate?: Expr;
  /** An assertion function's type (`assertAdmin(u): asserts u is Admin` → Admin): what its first argument is after it. */
  asserts?: Expr;
  /** An assertion function of its first parameter's truth (`invariant(cond, message): asserts cond`). */
  assertsCond?: true;
  /**
   * Functions and methods (getters included; not setters, constructors, async functions or generators) without a
   * declared return type: the value they return — the expression of their only `return` (or an arrow's expression
   * body), or `{ k: 'union', types }` of every return statement's value. A value, not a type.
   */
  returnsValue?: Expr;
  /**
   * A class's, interface's or type alias's own type parameters (local indexes, in order): what `Repo<User>`'s
   * arguments bind (`UnaryFunction<Source, R>` of `type UnaryFunction<T, R> = (source: T) => R` too).
   */
  typeParams?: number[];
  /**
   * Functions and methods (declared return type or not) whose every `return` gives one and the same function of
   * this file, through parentheses and `as` (`function $constructor(…): $constructor<T> { function _() {…} … return
   * _ as any }`): that function's symbol index — what calling (or `new`) the result runs.
   */
  returnsFn?: number;
  /**
   * Functions and methods that declare their own type parameters (`function first<T>(xs: T[]): T`, not
   * overloaded): their parameters' declared types by position (null where none), so that a call's arguments
   * bind the type parameters its declared result uses (`typeParams` then lists them). Also an interface's method
   * signatures (not overloaded): what an object literal's method the interface types receives.
   */
  params?: Array<Expr | null>;
  /** The type a method signature's `this:` parameter declares (`render?(this: Instance): VNode`). */
  thisParam?: Expr;
  /** The position of a rest parameter in `params` (`...points: Point[]`): the arguments from there on are its elements. */
  rest?: number;
  /** An `async` function or method: calling it gives a promise of its `returnsValue`. */
  returnsAsync?: boolean;
  /** A function symbol (or a class field holding a function) assigned again in its file: a call does not fix it. */
  reassigned?: boolean;
  /**
   * A field declared without a type or a value: `init` is what its class's constructor assigns to it, the checker's
   * type for it in JavaScript and, in TypeScript, where `noImplicitAny` is on (off: `any`).
   */
  ctorAssigned?: true;
  extends?: Expr[];
  implements?: Expr[];
  /**
   * Heritage clauses that pass on only some of their type's members, by position in `extends` then `implements`
   * joined: `interface X extends Omit<Base, 'a' | 'b'>` (`keys` left out), `Pick<Base, 'c'>` (`keys` the only ones
   * kept, `pick`), written as string literals or (`type`, `keys` empty) named by a type that the resolver reads as a
   * union of string literals (`Omit<Base, Keys>`); a member X declares under a key left out is its own, no override
   * of Base's.
   */
  heritageKeys?: Array<{ at: number; keys: string[]; pick?: true; type?: Expr }>;
  /**
   * A class declared in a function whose (first) base is one of that function's parameters (a mixin: `class C
   * extends Base` in `function M(Base) {…}`): the parameter's position. `class X extends M(Y)` inherits C's
   * members and, through C, Y's.
   */
  baseParam?: number;
  /**
   * For parameters declared with a function type: the types its callback's parameters receive, by parameter
   * position (`operate(init: (source: Observable<T>, subscriber: Subscriber<R>) => void)` → `{0: [Observable, Subscriber]}`).
   */
  callbackParams?: Record<number, Array<Expr | null>>;
  /** Declared in `declare global { … }`: every file names it without an import. */
  global?: true;
  /**
   * An interface declared in `declare module './x' { … }` of a module: the module it augments, as written (merged with
   * that module's top-level declaration of its name).
   */
  augments?: string;
  /** An interface's string index signature's type (`[key: string]: Point`): what a member it does not declare gives. */
  index?: Expr;
  /** An interface's construct signatures (`new (props: P): T`): what `new` of a value of its type gives. */
  news?: CallSignature[];
  /**
   * An overloaded function's or method's signatures, when they declare different results: what a call gives is the
   * result of the signatures its argument count fits, where they agree (`returns` is the first signature's). An
   * interface's call signatures (`<T>(strings: TemplateStringsArray): RawBuilder<T>`): what calling a value of its type
   * gives, the same way.
   */
  calls?: CallSignature[];
  /**
   * An overloaded function's or method's signatures' declared parameter types by position (null where none), when
   * they declare different types at a position (`params` holds null there): an object literal or a function passed
   * there takes the one signature whose type at its position can hold it (`test(config: TestConfig)` beside
   * `test(fn: TestFunction)` and `test(name: string, fn: TestFunction)`).
   */
  overloadArgs?: Array<Array<Expr | null>>;
}

export interface ImportFact {
  /**
   * named/default/namespace: ESM bindings; require: `x = require()`; require-named: `{a} = require()`; jsdoc: the
   * module a JSDoc type names (`import("./x")` in `@type {import("./x").Foo}`), bound to no name of the file.
   */
  kind: 'named' | 'default' | 'namespace' | 'require' | 'require-named' | 'jsdoc';
  source: string;
  /** Exported name asked for (named imports; 'default' for default imports). */
  imported?: string;
  local: string;
  /** Position of the imported name as written (named imports without alias: also the local name). */
  at: Pos;
}

export type ExportFact =
  /** `statement`: written `export default name` (not `export { name as default }`), which default imports of that name follow. */
  | { kind: 'local'; name: string; value: Expr; statement?: true }
  | { kind: 'from'; name: string; imported: string; source: string; at: Pos }
  | { kind: 'star'; source: string }
  | { kind: 'star-as'; name: string; source: string }
  | { kind: 'cjs'; value: Expr };

/** A module specifier the file depends on (import, re-export, require, dynamic import). */
export interface ModuleRef {
  source: string;
  line: number;
  kind: 'import' | 're-export' | 'require' | 'dynamic';
}

export interface LocalFact {
  name: string;
  /** (a type parameter: `type` its constraint, `dflt` its default, `<C extends Connection = Connection>`) */
  type?: Expr;
  dflt?: Expr;
  init?: Expr;
  /** A parameter of a function passed as argument `arg` of call `call`: typed by the callee's declaration. */
  ctx?: { call: number; arg: number; param: number };
  /**
   * A parameter of a function with a declared type (`const f: Handler = (req) => …`): typed by parameter `param`
   * of `type` (a function type, or a name for one) — of its result `returns` times over for a function returned by
   * such a function (`(): Handler => (req) => …` has `type` Handler, `returns` absent; `const mk: (e: E) => Handler =
   * (e) => (req) => …` gives the inner `req` the type of mk, `returns` 1).
   */
  /**
   * (`key`: a function written as the value of a key of an object literal passed as an argument, `run({ after: (v) =>
   * … })`, `type` being `typeof` that key's member of the parameter's type: a type parameter of the callee that the
   * call does not bind leaves it untyped, as the checker infers it from the call)
   */
  ctxType?: { type: Expr; param: number; returns?: number; key?: true };
  /** Assigned after its declaration (`let run = defaultRun; … run = other`): the function it holds is not fixed. */
  reassigned?: boolean;
  /**
   * Declared without a value or type (`let end;`): `init`, when present, is what its assignments give (see the
   * collector), not a declared value.
   */
  evolving?: boolean;
  /**
   * A parameter of a function declaration or of a class's method or constructor written with neither a type nor a
   * default (`_sceneFunc(context) {…}`): nothing types it by context, so it is `any` to the checker.
   */
  implicitAny?: true;
  /**
   * Declared `[]` with no type (`const out = []`): `init` is a list of what its own function pushes into it, the
   * checker's evolving array, which the resolver reads as `any[]` where `noImplicitAny` is off (a TypeScript file).
   */
  pushed?: true;
}

export interface ArgFact {
  value: Expr;
  at: Pos;
  /** Source text of the called expression (e.g. `app.get`), for framework entry-point detection. */
  callee: string;
  /** Set when the value is a property of an object argument (`server.route({ handler: getUser })` → 'handler'). */
  key?: string;
}

/**
 * A named argument written at a call (Python's keyword argument `Point(x=1)`; Kotlin's, C#'s and Swift's named arguments,
 * Ruby's keyword arguments): the name and where it is written. It names a parameter or a field of the callee, which a
 * rename of that field edits.
 */
export interface NamedArgFact {
  name: string;
  at: Pos;
}

export interface CallFact {
  callee: Expr;
  isNew?: boolean;
  /** Position of the called name (length 0 when the callee has no name, e.g. `super()` or `f()()`). */
  at: Pos;
  /** Enclosing symbol index, -1 for file-level code. */
  from: number;
  args?: ArgFact[];
  /**
   * The values of the first arguments (null where not read, and for each function whose parameters the call types),
   * where a callback's parameters are typed by the call: what infers the callee's type parameters for them.
   */
  argv?: Array<Expr | null>;
  /** The type arguments written at the call (`send<User, Post>(u, (r) => …)`): what type its callbacks' parameters. */
  typeArgs?: Expr[];
  /**
   * The call's contextual type where it is returned by a function whose result is declared or contextual, or initialises
   * a typed declaration (`return observable((o) => …)` in a function returning `Observable<Envelope>`): what the checker
   * infers a generic callee's type parameters from when its arguments do not.
   */
  ctx?: Expr;
  /**
   * Callee text of the call whose anonymous function argument holds this call (`router.get('/u', (req) => c.get(req))`
   * → 'router.get' on `c.get`): the outermost such call below the enclosing symbol.
   */
  via?: string;
  /** The named arguments written at the call, in order. */
  named?: NamedArgFact[];
  /**
   * The value whose fields the named arguments name when that is not what the callee makes: a copy with changes
   * (Python's `dataclasses.replace(p, x=3)`: p).
   */
  namedOf?: Expr;
}

export type RefKind = 'value' | 'type' | 'jsx' | 'shorthand' | 'export';

/** A non-call occurrence of a name that may refer to a symbol. */
export interface RefFact {
  value: Expr;
  kind: RefKind;
  at: Pos;
  from: number;
  /** A member name written as an object key (`{ a: 1 }` of a typed literal, `const { a } = obj`), not an expression. */
  key?: boolean;
  /**
   * An occurrence only, with no REFERENCES edge: a key of an object literal a function returns, which its declared
   * result type (already referenced by the function) accounts for.
   */
  bare?: boolean;
  /** The string key of an indexed access type (`T['type']`): a type's member, where no narrowing applies. */
  lookup?: true;
  /**
   * Written inside a string that the language's own rename does not read as code, though a checker evaluates it (a
   * type named in Python's `cast("V", x)` or in a base class's `Iterator["Path"]`): an occurrence for review
   * (text_search), not an edit applied by default.
   */
  unparsed?: true;
  /** The name called (with `bare`): a `call` occurrence, where a call's own does not name the symbol (Python's shared locals). */
  called?: true;
  /**
   * A type parameter of a class or interface (`value`: a lookup of its name on the owner's instance): an occurrence of
   * the member of that name the owner inherits, if any (none it declares itself), at `at` and at each of `uses`.
   */
  bases?: true;
  uses?: Pos[];
}

/**
 * The members of a file's facts read only when that file itself is resolved, but for the few locals another
 * file's evaluation reaches (lib/resolve/shape.ts leaves them out of the outward shape): an incremental analyze
 * parses them from the facts cache on first use.
 */
export const OWN_SITE_FACTS: readonly string[] = ['locals', 'calls', 'refs'];

/**
 * Everything the resolver needs from one file, JSON-serialisable so it can be cached by content hash and
 * produced in a worker thread.
 */
export interface FileFacts {
  path: string;
  language: LanguageId;
  /** Number of lines in the file. */
  lines: number;
  /** Syntax errors the parser recovered from (ERROR/MISSING nodes). */
  parseErrors: number;
  /** Subtrees nested deeper than the extractor reads (halves.ts MAX_TREE_DEPTH), left out; absent when none. */
  deepCut?: number;
  /** The file says a tool wrote it (lib/files/skip-rules.ts hasGeneratedHeader); absent when it does not. */
  generated?: true;
  /**
   * Lines (1-based, ascending) the language's checker is told to let errors pass on (TypeScript's line after `//
   * @ts-expect-error`): code there need not type-check, so what holds only where it does (a union's member read where
   * a part lacks it) does not; absent when none.
   */
  unchecked?: number[];
  symbols: SymbolFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  modules: ModuleRef[];
  locals: LocalFact[];
  calls: CallFact[];
  refs: RefFact[];
  [key: string]: unknown;
}

/** The last name of a type as written (`Ord`, `a.b.Trait<T>` → Trait, `fmt::Display` → Display); undefined for other forms. */
export function lastTypeName(e: Expr): string | undefined {
  if (e.k === 'id' || e.k === 'member') return e.name;
  if (e.k === 'generic') return lastTypeName(e.of);
  return undefined;
}

/** Whether an intersection fact is one `Omit`/`Pick` written with its keys (`Omit<Props, 'className'>`), not a real intersection. */
export function isKeysPart(e: Expr & { k: 'intersection' }): boolean {
  return e.types.length === 1 && !!(e.omits || e.picks || e.keyed);
}
