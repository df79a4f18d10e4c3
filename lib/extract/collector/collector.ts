/**
 * Turns the matches of a language's query into FileFacts. The query says what each node means (a `role` per
 * pattern); this module only interprets roles, so it serves every language whose queries use the same roles.
 *
 * Two passes: (1) every match is filed by role, keyed by node identity (the FlatTree hands out one NodeRef
 * object per node of a file); (2) scopes, symbols and occurrences are replayed in source order to build
 * the lexical scope tree, the symbol nesting and each occurrence's enclosing symbol. Names are looked up in
 * the scope tree only once every declaration is known (hoisting).
 */
import * as narrowing from './narrowing.ts';
import * as narrowPlaces from './narrow-places.ts';
import * as build from './build.ts';
import * as expressions from './expressions.ts';
import { registerMatchHandlers } from './match.ts';
import { registerDefineHandlers } from './define.ts';
import { BLOCK_LINE_LEAD, CYCLE, CYCLE_VALUE, IDENT, LazyMap, NO_END, NodeFlags, NodeSet, colOf, eventOrder, first, firstDocLine, get, isAsciiIdStart, isSpace, isWordChar, matchSourceOf, pushTo, rowOf, skipSpaces, sortIfNeeded, startOf, type Caps, type Node } from './util.ts';
import { functionScope, localScopeStart, thisClass, thisOwner, thisTypeAt, type Scope, type ScopeKind } from './scope.ts';
import { EV_DECL, EV_DEF, EV_EXPORT, EV_NODE, EV_POINT, EV_SCOPE, KIND_DECL, KIND_DEF, KIND_SCOPE, Role, defineBy, fileBy, roleCodes, roleKind, type DefRec, type IdRec, type SymbolWork } from './roles.ts';
import { bindingIndex, bindsLocal, bindsSymbol, importBinding, localBinding, symbolBinding, toPos, type ExportFact, type Expr, type FileFacts, type ImportFact, type LanguageId, type LocalFact, type ModuleRef, type Pos, type RefKind, type Binding, type SymbolFact, type SymbolLabel } from '../facts.ts';
import { lineStartsOf } from '../flat-tree.ts';
import type { Match, MatchSource } from '../query-match.ts';
import { oneSpaced } from '../spaces.ts';
import type { CollectorPlugin, SyntaxWords, TypeNames } from '../plugin.ts';
import type { CommentSyntax } from '../language.ts';

/** Collects the facts of one parsed file from its query matches. */
export class Collector {
  readonly text: string;
  readonly root: Scope;
  /** The flags behind every NodeSet of this collector (declared first: the sets below are made with it). */
  readonly nodeFlags = new NodeFlags();
  // pass 1: filed matches
  /** Replay's events as three parallel lists (position, type, record): no object per event. */
  readonly evP: number[] = [];
  readonly evT: number[] = [];
  readonly evX: any[] = [];
  readonly scopeKindOf = new Map<Node, ScopeKind>();
  readonly classSymOf = new LazyMap<Node, number>();
  /** Functions and methods with type parameters of their own → the function node whose parameters bind them. */
  readonly genericFnNode = new LazyMap<number, Node>();
  /** Plain functions whose `this` is a symbol's instance (`X.prototype.m = function …`: X): function node → symbol. */
  readonly thisOwner = new LazyMap<Node, number>();
  readonly varKind = new LazyMap<Node, 'var' | 'let'>();
  /** Declarations an import binds (`const x = require('m')`): no variable of their own. */
  readonly importDecls = new NodeSet(this.nodeFlags, 1);
  /** `import('m')` calls and their specifier: the value is a promise of m's namespace. */
  readonly dynamicSource = new LazyMap<Node, string>();
  /** Destructuring patterns of declarations → their initializer. */
  readonly patternInit = new LazyMap<Node, Node>();
  /** Destructuring patterns of typed parameters → the parameter's type. */
  readonly patternType = new LazyMap<Node, Node>();
  /**
   * A typed destructured parameter's default (`({ x }: Point = { x: 0 })`): pattern → the value, and the symbol
   * enclosing the parameter (set where its names are declared).
   */
  readonly patternDefault = new LazyMap<Node, { value: Node; from?: number }>();
  /** Destructuring patterns of parameters → the parameter slot (what the parameter receives: contextual typing). */
  readonly patternSlot = new LazyMap<Node, Node>();
  /** Calls with type arguments → the first three (by position; see typeArgsOf). */
  readonly callTypeArg = new LazyMap<Node, Node[]>();
  /** The first name of an array pattern (`const [state, setState] = …`) → the declarator's value. */
  readonly firstOf = new LazyMap<Node, Node>();
  /** Nested destructuring patterns → the pattern around them and the key they destructure. */
  readonly patternNested = new LazyMap<Node, { outer: Node; key: Node }>();
  /** `xs[1]`: the position a small integer index names. */
  readonly elementAt = new LazyMap<Node, number>();
  /** A tuple type's items: each position's node and its type. */
  readonly tupleItems = new LazyMap<Node, Map<Node, Node>>();
  /** The items of an array literal that is a call's first argument, a variable's value, returned, iterated, a receiver or a conditional's branch. */
  readonly listItems = new LazyMap<Node, Node[]>();
  /** A name in an array pattern: the pattern and the name's position in it (`[, v]`: 1). */
  readonly arrayElement = new LazyMap<Node, { pattern: Node; index: number }>();
  /** The rest of an array pattern (`...tail` of `[head, ...tail]`), by name node: its pattern. */
  readonly arrayRest = new LazyMap<Node, Node>();
  /** Patterns a destructuring assignment takes apart (`[a, b] = [b, a]`); in pass 2 the outermost only, by start. */
  assignedPatterns: Node[] = [];
  /** The rest name of an object pattern → the pattern (`{ a, ...rest }`: rest has the other members of its value). */
  readonly objectRest = new LazyMap<Node, Node>();
  /** An array pattern of a `for … of` loop and the iterated value (`for (const [k, v] of map)`: each is an entry). */
  readonly patternOf = new LazyMap<Node, Node>();
  /** A binary expression under `!` → its right operand (the grammar's precedence puts `a && n!` as `(a && n)!`). */
  readonly operandOf = new LazyMap<Node, Node>();
  /** `a && b`: its operands (the value is b's, unless a may be `any`: see Expr `and`). */
  readonly ands = new LazyMap<Node, { left: Node; right: Node }>();
  /** `if (x instanceof C) body`: occurrences of x's binding inside body are C instances. */
  /** `if (Array.isArray(x))`'s branches: `yes` in the consequence, not in the else branch. */
  /** (`exit`: `body` is an `if` whose consequence may exit: the narrowing holds after it, where the test failed, see exitSpan) */
  readonly isArrayNarrowings: Array<{ name: Node; body: Node; yes: boolean; by?: Node; exit?: true }> = [];
  /** (`body`: where the narrowing holds, an `if`'s consequence; `exit`: an early exit's `if`, see exitSpan) */
  readonly narrowings: Array<{ name: Node; type?: Node; guard?: Node; guard2?: Node; body?: { start: number; end: number }; exit?: Node; not?: true; self?: true; asserts?: true; via?: Node }> = [];
  /** `x instanceof C` (`type`) and guard calls `isFoo(x)` (`guard`: the callee, or the call where it takes more arguments) wherever they are (see narrowByPlaces). */
  readonly placedTests: Array<{ name: Node; type?: Node; guard?: Node; test: Node; self?: true }> = [];
  /** `const ok = cond` (no type): the name and its value, whose tests narrow where the name is tested (see narrowByPlaces). */
  readonly conditionAliases: Array<{ name: Node; value: Node }> = [];
  /** Method calls on a name (`x.isLeaf()`) that narrow it where they failed, by the method's `this is T` if it has one. */
  readonly selfTests = new LazyMap<Node, true>();
  /** Discriminant narrowings (`if (x.kind === 'a')`), and the cases of each `switch (x.kind)` body in order. */
  readonly tagNarrowings: Array<{ name: Node; key: Node; tags: string[]; body: { start: number; end: number }; not?: boolean; path?: true }> = [];
  readonly tagCases = new LazyMap<Node, Array<{ name: Node; key: Node; tag: Node; node: Node }>>();
  /** The `default:` clause of such a `switch`, by its body. */
  readonly tagDefaults = new LazyMap<Node, { name: Node; key: Node; node: Node }>();
  /** `if (x.kind !== 'a') return`: narrows x after the statement, to the end of the block it is in (known after replay). */
  readonly tagExits: Array<{ name: Node; key: Node; tags: string[]; exit: Node; not?: boolean; path?: true }> = [];
  /**
   * Every discriminant test the narrowings above read, by the name tested (`x` of `x.kind === 'a'`): the key and
   * where it narrows (a body, an early exit's `if`, a switch body) — see markWholeReads.
   */
  readonly tagTests = new LazyMap<Node, Array<{ key: string; span: { start: number; end: number }; how?: 'exit' | 'switch' }>>();
  /** Conditional statements and expressions (`if`, loops, `switch`, `?:`, `&&`, `||`, `??`): where a test may narrow. */
  /**
   * (`test`: a comparison, a negation, `typeof` — what may narrow a value, or be kept in a const to narrow it later;
   * `cond`: the condition, or a logical operator's left operand; `branch`: a consequence the rest is no path from)
   */
  /** (`loop`: a loop statement; `op`, of a logical expression: its operator and where the operator ends) */
  readonly flowConstructs: Array<{ start: number; end: number; kind: 'stmt' | 'loop' | 'expr' | 'test'; cond?: { start: number; end: number }; branch?: { start: number; end: number }; op?: { text: string; end: number } }> = [];
  /** Every comparison of a name's member with a string (`x.kind === 'a'`), wherever it is (see narrowByConditions). */
  /** (`has`: a `'key' in x` test, `key` its string: see HAS_TAG; `truthy`: a truthiness test of `x.key`, `falsy` with `!`) */
  /** (`path`: `name` is a path, `item.tokens[0]` of `'tokens' in item.tokens[0]`, see narrowPath) */
  readonly tagCompares: Array<{ name: Node; key: Node; tag: Node; test: Node; has?: true; truthy?: 'truthy' | 'falsy'; path?: true }> = [];
  /** Where `return`, `throw`, `break` and `continue` statements start. */
  readonly flowExits: number[] = [];
  /** `if` statements without `else` whose consequence ends in an exit, by where they start. */
  readonly exitIfs = new LazyMap<number, Node>();
  /** A `switch`'s case and default clauses, in source order (where an early exit in one narrows: see exitSpan). */
  readonly caseClauses: Array<{ start: number; end: number }> = [];
  /** Where the clauses whose last statement is an exit start (they do not fall into the next one). */
  readonly exitClauses = new Set<number>();
  /** Names tested for truthiness only (`!x`, `x && …`, `if (x)`). */
  readonly truthyNames = new Set<Node>();
  /** Names written where they are neither read nor narrowed (a type predicate's `x` of `x is T`). */
  readonly inertNames = new Set<Node>();
  /** The names locals and parameters are declared by. */
  readonly localNames = new Set<Node>();
  /** Reads `x.key` whose narrowing by the discriminant `key` is all known (see markWholeReads). */
  readonly wholeReads = new LazyMap<Node, string>();
  /** Identifiers narrowed by a discriminant: the member name and the tags it may hold there. */
  readonly tagged = new LazyMap<Node, { key: string; tags: string[]; not?: boolean }>();
  /**
   * Identifiers narrowed by a discriminant of another member too (`if (!ext.name) throw …` then `if ('renderer' in
   * ext)`): those narrowings, applied before the one `tagged` holds, as the checker applies every test on the way.
   */
  readonly taggedAlso = new LazyMap<Node, Array<{ key: string; tags: string[]; not?: boolean }>>();
  /** A tag written as an enum member (`NodeTypes.ELEMENT`): its text (ENUM_TAG and the name) → the member's node. */
  readonly enumTags = new LazyMap<string, Node>();
  /** Type guards (`(x): x is Foo`): function node → the predicate's type node. */
  readonly predicateOf = new LazyMap<Node, Node>();
  /** Assertion functions (`assertAdmin(u): asserts u is Admin`, of their first parameter): function node → the type node. */
  readonly assertsOf = new LazyMap<Node, Node>();
  /** Assertion functions of a condition (`invariant(cond, message): asserts cond`, of their first parameter). */
  readonly assertsCondOf = new Set<Node>();
  /**
   * Calls of assertions as statements (`invariant(x instanceof A, "…")`): the statement, its callee and first argument,
   * whose tests narrow the rest of the block where the callee asserts it (see narrowByPlaces).
   */
  readonly assertCalls: Array<{ start: number; end: number; cond: { start: number; end: number }; fn: Node; stmt: Node }> = [];
  /** Occurrences narrowed only by a test in an assertion call's argument → that call's callee (see narrow). */
  readonly assertVia = new LazyMap<Node, Node>();
  /** Identifier occurrences after `assertAdmin(u);` → the assertion's callee node. */
  readonly assertedBy = new LazyMap<Node, Node>();
  /** Method guards (`isLeaf(): this is Leaf`): method node → the predicate's type node. */
  readonly thisPredicateOf = new LazyMap<Node, Node>();
  /** Identifier occurrences inside `if (guard(x)) …` → the guard's callee node. */
  readonly guardedBy = new LazyMap<Node, Node | [Node, Node]>();
  /** The guard calls around an occurrence's nearest one (guardedBy), nearest last: where that call is no guard, theirs hold. */
  readonly guardedOuter = new LazyMap<Node, Array<Node | [Node, Node]>>();
  /** Identifier occurrences inside `if (x.isLeaf()) …` → the method guard's call node. */
  readonly selfGuardedBy = new LazyMap<Node, Node>();
  /** Occurrences under `if (Array.isArray(x))`: true in its consequence (the array parts of x's type), false in its else. */
  readonly arrayPart = new LazyMap<Node, boolean>();
  /** The name an `isArray(x)` narrowing of an occurrence in arrayPart calls (absent for `Array.isArray` itself). */
  readonly arrayPartBy = new LazyMap<Node, Node>();
  /** Function types that are type guards → the predicate's type. */
  readonly fnTypePredicate = new LazyMap<Node, Node>();
  /** Function nodes → the values their `return` statements (or expression body) give. */
  readonly returned = new Map<Node, Node[]>();
  /** Keys of object literals returned (a return statement's or an arrow body's value → its keys; see returnedKeys). */
  readonly returnKeys = new Map<Node, Array<{ key: Node; short: boolean }>>();
  /** A call written where its value has a contextual type (see CallFact.ctx) → that type. */
  readonly callContexts = new Map<Node, Expr>();
  /** Arrow functions and their bodies (an expression body is the returned value; a block is not). */
  readonly arrowBodies: Array<{ fn: Node; body: Node }> = [];
  /** Assignment targets (`f = …`, `this.handler = …`): function symbols assigned there are not fixed. */
  readonly assignTargets: Node[] = [];
  /** Locals assigned after their declaration. */
  readonly reassignedLocals = new Set<number>();
  /** Identifier occurrences narrowed by an instanceof guard → the type node. */
  readonly narrowedTo = new LazyMap<Node, Node>();
  /** Identifier occurrences where an instanceof test failed (`else`, after `if (x instanceof C) return`) → the types. */
  readonly excludedFrom = new LazyMap<Node, Node[]>();
  readonly claimed = new NodeSet(this.nodeFlags, 8);
  readonly skipIds = new NodeSet(this.nodeFlags, 16);
  readonly kindOverride = new LazyMap<Node, RefKind>();
  /**
   * Names in a namespace place (the left of a qualified type name, `s.error<…>`): a name of namespace meaning,
   * which a parameter, local or type parameter of the same name (no namespace) does not shadow.
   */
  readonly namespacePlaces = new LazyMap<Node, true>();
  readonly calls = new Map<Node, { callee: Node; isNew: boolean; from: number; args?: Node[]; propArgs?: Array<{ key: Node; value: Node }>; via?: Node }>();
  /** Function nodes passed as call arguments → the call node (for `via` on the calls inside them). */
  readonly argCall = new Map<Node, Node>();
  /** Conditional arguments → their branches. */
  readonly branchesOf = new LazyMap<Node, Node[]>();
  /** Member-name occurrences outside expressions: typed object-literal keys and destructuring keys. */
  /**
   * A JSX attribute's name (`<Button label="go" />`) → its element's name, its value where that is a string (a
   * discriminant, as a literal's key written with a string), the function given as its value, and the symbol it is
   * written in.
   */
  readonly jsxAttrs = new LazyMap<Node, { element: Node; value?: Node; fn?: Node; from: number }>();
  readonly keyRefs = new LazyMap<Node, { obj: Node; name: string; kind: RefKind; typed: boolean; from: number; assigned?: boolean; pushed?: boolean; bare?: boolean }>();
  /**
   * Keys of patterns whose value is another pattern's member or an untyped parameter (`const { o: { insert } } = x`,
   * `({ a }) => …`): occurrences of the member they name, once the pattern's value is known (build).
   */
  readonly patternKeys: Array<{ key: Node; pattern: Node; name: string; kind: RefKind; from: number }> = [];
  /** The keys of nested patterns already pushed to patternKeys (each pattern's names declare them once). */
  readonly nestedKeysSeen = new Set<Node>();
  readonly members = new Map<Node, { object: Node; property: Node; from: number }>();
  /** Paths a discriminant is tested through (`node.tuple[0]` of `node.tuple[0].kind === 'variadic'`), and their text. */
  /** (`end`: where the function holding the test ends, set by markTestedPaths) */
  readonly pathTests: Array<{ recv: Node; text: string; end?: number }> = [];
  /** Receivers of member reads after such a test of the same path (see markTestedPaths). */
  readonly testedPaths = new Set<Node>();
  /** Receivers of member reads where an `in` test of the same path held, with those tests (see narrowPath). */
  readonly pathTagged = new LazyMap<Node, Array<{ key: string; tags: string[]; test: Node; not?: boolean }>>();
  readonly wraps = new Map<Node, { inner?: Node; type?: Node; kind: 'wrap' | 'await' | 'as' | 'element' | 'array' | 'spread' }>();
  /** Types written with a read-only operator (`readonly T[]`): an array type there is no mutable one (Expr `ro`). */
  readonly readonlyTypes = new Set<Node>();

  /**
   * The value at the end of a chain of assignments (`a = b.c = value`: value), else `node` itself; a parenthesized
   * expression is no chain (`(function () {…})` stays what it is).
   */
  chainEnd(node: Node): Node {
    let n = node;
    for (let hops = 0; hops < 8; hops++) {
      const w = this.wraps.get(n);
      if (!w || w.kind !== 'wrap' || !w.inner || this.text.charCodeAt(n.start) === 40 /* ( */) break;
      n = w.inner;
    }
    return n;
  }
  /**
   * The function or class a declaration's value holds under parentheses and type assertions (`((s) => …) as
   * CreateStore`, `(() => …) satisfies Fn`, `fn!`), with the outermost asserted type (the value's type, as an
   * annotation would be) and the nearest (the function's contextual type: `unknown` in `(fn) as unknown as Hook`);
   * undefined when the value is no such function or class.
   */
  assertedFunction(node: Node): { fn: Node; type?: Node; near?: Node } | undefined {
    const { inner, type, near } = this.unasserted(node);
    const kind = this.scopeKindOf.get(inner);
    return inner !== node && (kind === 'arrow' || kind === 'function' || kind === 'class') ? { fn: inner, type, near } : undefined;
  }
  /**
   * The expression under parentheses, type assertions, `satisfies`, `!` and the other `expr.wrap` forms (each inner
   * node is its wrapper's child, so the walk ends), with the outermost `as` type met on the way and the innermost.
   */
  unasserted(node: Node): { inner: Node; type?: Node; near?: Node } {
    let n = node;
    let type: Node | undefined;
    let near: Node | undefined;
    for (let w = this.wraps.get(n); w && (w.kind === 'wrap' || w.kind === 'as') && w.inner; w = this.wraps.get(n)) {
      if (w.kind === 'as' && w.type) { type ??= w.type; near = w.type; }
      n = w.inner;
    }
    return { inner: n, type, near };
  }
  readonly simple = new LazyMap<Node, 'lit' | 'any' | 'this' | 'super'>();
  readonly thisCls = new LazyMap<Node, number>();
  /** A `this` of no class or declared `this:` type → the function whose `this` it is (see literalThis). */
  readonly thisFnOf = new LazyMap<Node, Node>();
  /** Each `this` → the scope whose `this` it is, kept only where a test narrows `this` (`this instanceof C`). */
  readonly thisOwners = new LazyMap<Node, Scope>();
  /** Whether a test narrows `this` in this file (see thisOwners). */
  narrowsThis = false;
  /** Whether a test narrows a path of properties in this file (`this.scope instanceof C`: see forEachPathOccurrence). */
  narrowsPaths = false;
  /** Member reads that are other member reads' receivers, by where they start, made on first use (see forEachPathOccurrence). */
  memberList: Node[] | undefined;
  /** The name of a second `namespace N { … }` block of a file, and the namespace symbol the first made. */
  readonly reopened: Array<{ name: Node; s: number; from: number; at?: Pos }> = [];
  /** A function of an object literal with a contextual type → that type, what `this` is inside it (literalThis). */
  readonly thisCtx = new Map<Node, Expr & { k: 'litthis' | 'argthis' }>();
  readonly returnsOf = new LazyMap<Node, Node>();
  readonly annotOf = new LazyMap<Node, Node>();
  /** The identifier records, in the order first met (each also in its node's `id` slot: see `idOf`). */
  readonly idList: IdRec[] = [];
  readonly jsx = new NodeSet(this.nodeFlags, 32);
  readonly comments = new NodeSet(this.nodeFlags, 64);
  /** Lines the language's checker is told not to hold to its types (see the `unchecked` fact), in source order. */
  readonly uncheckedLines: number[] = [];
  /**
   * Decorators the syntax tree puts beside what they decorate rather than inside it (a TypeScript class member's,
   * an exported class's): the decorated node (or the next decorator) → the decorator just before it.
   */
  readonly decoratorBefore = new LazyMap<Node, Node>();
  readonly slotsOf = new Map<Node, Node[]>();
  readonly slotLocal = new Map<Node, number>();
  readonly slotType = new LazyMap<Node, Node>();
  /** A typed rest parameter's name → its declared (array) type (`...vals: Todo[]`). */
  readonly restType = new LazyMap<Node, Node>();
  /** Object literals a type asserts or that satisfy one (`{ … } satisfies T`, `{ … } as T`): the literal and T. */
  readonly typedLiterals: Array<{ object: Node; type: Node }> = [];
  /** Object and array literals assigned to a member or an element (`this.state = { … }`, `xs[0] = { … }`). */
  readonly assignedLiterals: Array<{ target: Node; value: Node }> = [];
  /** A local declared with a type and a value (`const xs: Point[] = …` in a function body), and where it is. */
  readonly typedLocalValues: Array<{ value: Node; type: Node; from: number }> = [];
  /** A parameter's default written as an object literal (`p: Point = { x: 0 }`): slot → the value and its symbol. */
  readonly slotDefault = new LazyMap<Node, { value: Node; from: number }>();
  readonly fnTypeParams = new LazyMap<Node, Array<{ name: Node; type?: Node }>>();
  /** Function values bound to a declared type (`const f: Handler = (req) => …`): function node → type node. */
  readonly declaredFnType = new LazyMap<Node, Node>();
  readonly unions = new LazyMap<Node, Node[]>();
  /** Conditional types (`c extends X ? A : B`), whose branches `unions` holds: one branch, the checker's choice. */
  readonly conditionals = new Set<Node>();
  /** A conditional type's checked and extends types (`kind extends RootKind ? … : …`). */
  readonly conditionalTests = new LazyMap<Node, { check: Node; ext: Node }>();
  /** Conditional types that are their checked type whatever it is (`r extends infer _ ? _ : never`): node → that type. */
  readonly conditionalWholes = new LazyMap<Node, Node>();
  /** Conditional types that are what constructing (`isNew`) or calling their checked type gives (`T extends new (…) => infer R ? R : any`). */
  readonly conditionalResults = new LazyMap<Node, { check: Node; isNew: boolean }>();
  /** A mapped type's key parameter and the keys it ranges over (`{ [r in NodeKind]: … }`). */
  readonly mappedKeys = new LazyMap<Node, { key: Node; keys: Node }>();
  /** Array literals asserted `as const` (`["a", "b"] as const`): their string items are recorded. */
  readonly constStrings = new LazyMap<Node, Node[]>();
  /** A spread item of such an array (`...others`): what it spreads. */
  readonly constSpreads = new LazyMap<Node, Node>();
  /** Empty object types (`{}`). */
  readonly emptyObjects = new Set<Node>();
  /** Type parameters by their declaring name node (a mapped type's key's local). */
  readonly typeParamLocal = new Map<Node, number>();
  /** Type parameters' declarations filed in pass 1, by their name's start (a second pattern may add the scope, `@in`). */
  readonly declOf = new Map<number, { role: number; in?: Node; nested?: Node }>();
  readonly intersections = new LazyMap<Node, Node[]>();
  /** Type alias symbol → the unions and intersections its value is made of (aliasParts). */
  readonly aliasPartsOf = new LazyMap<number, ReadonlySet<Node>>();
  /** Object literal values → their entries (a key and its value, a spread, or a key that is not a plain name). */
  /** Locals that declare a type (type parameters): what a name read as a type may bind (see lookupType). */
  readonly typeLocals = new Set<number>();
  /** Whether a binding declares a type only (a type parameter; a symbol of the language's typeOnlyLabels): see lookupValue. */
  readonly typeOnlyBinding = (b: Binding): boolean => bindsLocal(b) ? this.typeLocals.has(bindingIndex(b))
    : bindsSymbol(b) && !!this.plugin.syntax?.typeOnlyLabels?.has(this.symbols[bindingIndex(b)].label);
  /** A class's or interface's own type parameters (locals) → the owner symbol and the parameter's declared name. */
  readonly ownedTypeParams = new Map<number, { owner: number; node: Node }>();
  /** Homomorphic mapped types that keep each member's type (`{ [k in keyof t]: t[k] }`) → the type `t` they copy. */
  /** (`mappedOver`: those giving each member another type, `{ [K in keyof P]: Ref<P[K]> }` → P and the key K) */
  readonly mappedOver = new LazyMap<Node, { over: Node; key: Node }>();
  /** Mapped types whose keys are remapped to template literals starting with text (`as \`debug${K}\``): that text. */
  readonly mappedPrefix = new LazyMap<Node, string>();
  readonly sameMembers = new Map<Node, Node>();
  readonly objectEntries = new Map<Node, Array<{ at: Node; key?: Node; value?: Node; spread?: boolean; open?: boolean }>>();
  /** `obj[name]` with a name as the index → that name node. */
  readonly elementKey = new LazyMap<Node, Node>();
  /** A tagged template call (``sql`select ${a}` ``) → how many substitutions its template holds. */
  readonly templateSubs = new LazyMap<Node, number>();
  /** `new Map<K, V>()`, `new Set<T>()`: the constructor's name and type arguments. */
  readonly newTypeArgs = new LazyMap<Node, { name: Node; arg?: Node; arg2?: Node; more?: Node[] }>();
  /** `obj['name']`: the string's text node (a member access by name). */
  readonly elementName = new LazyMap<Node, Node>();
  /** Element accesses with a string key (`u['name']`) → the enclosing symbol. */
  readonly elementFrom = new LazyMap<Node, number>();
  /** `typeof x` in a type → x. */
  readonly typeQueries = new LazyMap<Node, Node>();
  /** `T['name']`: the object type and the key's text node. */
  readonly lookupTypes = new LazyMap<Node, { of: Node; key: Node; any?: true; from: number }>();
  /** Function types → their return type. */
  readonly fnTypeReturns = new LazyMap<Node, Node>();
  /** Generic types → their name and type arguments (the first, the second, the others in any order: see typeArgList). */
  readonly generics = new LazyMap<Node, { name: Node; arg: Node; arg2?: Node; more?: Node[] }>();
  /** Object type literals → their typed property signatures. */
  readonly objectTypes = new LazyMap<Node, Array<{ name: Node; type: Node }>>();
  /** Call signatures of object types, and each signature's parameters. */
  readonly objectCalls = new LazyMap<Node, Array<{ sig: Node; returns: Node }>>();
  /** Construct signatures of object types (`{ new (p: P): T }`), like objectCalls. */
  readonly objectNews = new LazyMap<Node, Array<{ sig: Node; returns: Node }>>();
  readonly sigParams = new LazyMap<Node, Node[]>();
  /** Object types with an index signature or a mapped type: object type node → the value type. */
  readonly objectIndex = new LazyMap<Node, Node>();
  /** Member names of object type literals (see Expr `object`'s `others`). */
  readonly objectNames = new LazyMap<Node, Node[]>();
  /** Object types whose members are symbols (a type alias's): object type node → each member's name and symbol. */
  readonly objectDecls = new LazyMap<Node, Array<{ name: string; s: number }>>();
  readonly fnSymOf = new Map<Node, number>();
  readonly thisParamType = new LazyMap<Node, Node>();
  /** `this` occurrences typed by their function's `this:` parameter. */
  readonly thisType = new LazyMap<Node, Node>();
  readonly pendingExports: Array<() => void> = [];
  // pass 2 results
  readonly symbols: SymbolFact[] = [];
  readonly work: SymbolWork[] = [];
  readonly localNodes: Array<{ name: string; type?: Node; dflt?: Node; init?: Node; initFrom?: { node: Node; key: string; isType?: boolean }; fromPattern?: { pattern: Node; key: string }; stateOf?: Node; elementOf?: Node; arrayAt?: { pattern: Node; index: number }; restOf?: Node; objectRestOf?: Node; ctx?: LocalFact['ctx']; ctxType?: { type: Node; param: number; returns: number }; ctxAssign?: { obj: Node; name: Node; param: number }; ctxEntry?: { type: Node; name: string; param: number }; ctxKey?: { value: Expr; param: number }; evolving?: Scope; pushed?: Scope }> = [];
  /** Class members written as methods or fields, by name → where their definitions start. */
  readonly memberDeclsAt = new Map<string, number[]>();
  /** What `x = value` assigns, by target node (see assignedOf). */
  readonly assignValue = new LazyMap<Node, Node>();
  /** A local declared without a value or type (`let end;`) → the values assigned to it, in source order. */
  readonly assignedOf = new Map<number, Array<Node | null>>();
  /** Functions assigned to a member (`handlers.focus = (view) => …`): the member's object and name. */
  readonly assignedFns = new LazyMap<Node, { obj: Node; name: Node }>();
  readonly memberKeys = new LazyMap<string, number>();
  // facts
  readonly imports: ImportFact[] = [];
  readonly exports: ExportFact[] = [];
  readonly modules: ModuleRef[] = [];

  /** The role number of each query pattern (0: none). */
  roleNo: Uint16Array = new Uint16Array(0);
  /** The role of each query pattern (from its `#set! role`); numbered once per language (`roleCodes`). */
  set roles(roles: ReadonlyArray<string | undefined>) { this.roleNo = roleCodes(roles); }
  /** How many nodes the file's tree has (node keys are below it), when known: the NodeSets' flags are made that size at once. */
  set nodeCount(n: number) { this.nodeFlags.hint = n; }
  /** Where the text's lines start (offset of each row), when the caller has that table already (the FlatTree's). */
  set lineStarts(starts: ArrayLike<number>) { this.docLineStarts = starts; }

  /** The language's plugin (lib/extract/plugin.ts), its global types and syntax words, and its per-file state. */
  readonly plugin: CollectorPlugin;
  readonly types: TypeNames;
  readonly syntax: SyntaxWords;
  readonly lang: unknown;

  constructor(text: string, readonly filePath: string, readonly language: LanguageId, plugin: CollectorPlugin | undefined, readonly commentSyntax: CommentSyntax) {
    this.plugin = plugin ?? NO_PLUGIN;
    this.types = this.plugin.types ?? NO_TYPES;
    this.syntax = this.plugin.syntax ?? NO_SYNTAX;
    this.lang = this.plugin.state?.call(this);
    this.text = text;
    this.root = { kind: 'program', start: 0, argOf: undefined, end: NO_END, parent: undefined, names: new LazyMap(), classSym: -1, thisType: undefined, node: undefined };
  }

  /** Runs both passes and returns the file's facts; `matches` as a list or as a match buffer (query-program.ts `matchSource`). */
  collect(matches: Match[] | MatchSource, lines: number, parseErrors: number): FileFacts {
    const roles = this.roleNo;
    // the buffer walked in place: no object per match (a list, the JavaScript matcher's, is encoded as one first)
    const src = Array.isArray(matches) ? matchSourceOf(matches) : matches;
    const buf = src.buffer;
    const c: Caps = { buf, at: 0, n: 0, names: src.names, refs: src.refs };
    for (let p = 0; p < buf.length; p += 2 + 2 * c.n) {
      c.at = p; c.n = buf[p + 1];
      this.file(c, roles[buf[p]]);
    }
    this.replay();
    if (this.docComments.size) this.plugin.docsReplayed?.call(this);
    for (const f of this.pendingExports) f();
    this.markExported();
    return this.build(lines, parseErrors);
  }


  /** Whether offset `p` lies in a pattern a destructuring assignment takes apart. */
  private assigned(p: number): boolean {
    const ps = this.assignedPatterns;
    let lo = 0, hi = ps.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ps[mid].end <= p) lo = mid + 1; else if (ps[mid].start > p) hi = mid - 1; else return true;
    }
    return false;
  }

  /** Files a scope of kind `kind` opened by `node` (pass 1), replayed in pass 2 at its start. */
  fileScope(node: Node, kind: ScopeKind): void {
    this.scopeKindOf.set(node, kind);
    this.push(startOf(node), EV_SCOPE, { node, kind });
  }

  /** Files one match of role number `role` (pass 1). */
  file(c: Caps, role: number): void {
    if (!role) return;
    const handle = fileBy[role];
    if (handle !== undefined) { handle.call(this, c, role); return; }
    const kind = roleKind[role];
    if (kind === KIND_SCOPE) { this.fileScope(first(c), Role[role].slice(6) as ScopeKind); return; }
    if (kind === KIND_DEF) { this.fileDef(c, role, false); return; }
    if (kind === KIND_DECL) {
      const name = get(c, 'name')!;
      this.skipIds.add(name);
      const at = get(c, 'in');
      // (a second pattern that only names the scope of a name another declares: one declaration, in that scope)
      const same = this.declOf.get(name.start);
      if (same && same.role === role) { same.in ??= at; same.nested ??= get(c, 'nested'); return; }
      const rec = { role, name, type: get(c, 'type'), value: get(c, 'value'), slot: get(c, 'param'), pattern: get(c, 'pattern'), key: get(c, 'key'), dflt: get(c, 'dflt'), in: at, nested: get(c, 'nested') };
      if (role === Role['decl.type.param']) this.declOf.set(name.start, rec);
      this.push(startOf(name), EV_DECL, rec);
      return;
    }
    if (role === Role['var.pattern']) this.patternInit.set(get(c, 'pattern')!, get(c, 'value')!);
  }

  /**
   * Files a definition (its `@def` or `@param`, `@name`, `@body`, `@value`, `@type` captures), replayed in pass 2 at its
   * start (`atName`: at its name, for one whose node starts before the scope it belongs to).
   */
  fileDef(c: Caps, role: number, atName: boolean): void {
    const rec: DefRec = { role, def: get(c, 'def') ?? get(c, 'param')!, name: get(c, 'name'), body: get(c, 'body'), value: get(c, 'value'), type: get(c, 'type'), host: get(c, 'host'), part: get(c, 'part') };
    if (rec.name) this.skipIds.add(rec.name);
    // (the class members written in class bodies, known before any definition is replayed: an assignment to
    // `this.x` in a method before a method `x() {}` declares nothing)
    if (rec.name && (role === Role['def.method'] || role === Role['def.field'])) pushTo(this.memberDeclsAt, this.ident(rec.name), startOf(rec.def));
    this.push(startOf(rec.name && atName ? rec.name : rec.def), EV_DEF, rec);
  }

  /** The module specifier a match captures as `@source` ('' without one), and the capture. */
  moduleSource(c: Caps): { source: string; sourceNode: Node | undefined } {
    const sourceNode = get(c, 'source');
    return { source: sourceNode ? this.stringAt(sourceNode) : '', sourceNode };
  }

  /**
   * An import binding a whole module (`@local`, the name; `@source`): its default export, its namespace, or its
   * value (`require`). A `@decl` captured with it is a declaration the import binds (no variable of its own).
   */
  fileImport(c: Caps, kind: 'default' | 'namespace' | 'require'): void {
    const { source } = this.moduleSource(c);
    const local = get(c, 'local')!;
    const decl = get(c, 'decl');
    if (decl) this.importDecls.add(decl);
    const fact: ImportFact = { kind, source, local: this.ident(local), at: this.pos(local) };
    if (kind === 'default') fact.imported = 'default';
    this.bindImport(fact, local);
  }

  /** Binds import `fact` to the name `localNode` in `scope` (the file's, by default). */
  bindImport(fact: ImportFact, localNode: Node, scope: Scope = this.root): void {
    const i = this.imports.length;
    this.imports.push(fact);
    this.claimed.add(localNode);
    this.skipIds.add(localNode);
    scope.names.set(fact.local, importBinding(i));
  }

  point(node: Node, at: Node): void {
    this.push(startOf(at), EV_NODE, node);
  }

  push(p: number, t: number, x: any): void {
    this.evP.push(p);
    this.evT.push(t);
    this.evX.push(x);
  }

  // ------------------------------------------------------------------ pass 2
  replay(): void {
    const evP = this.evP, evT = this.evT, evX = this.evX;
    if (this.decoratorBefore.size) {
      // a decorated definition's span opens at its first decorator (see decoratedStart)
      for (let i = 0; i < evP.length; i++) if (evT[i] === EV_DEF && evP[i] === startOf((evX[i] as DefRec).def)) evP[i] = this.decoratedStart((evX[i] as DefRec).def);
    }
    if (this.assignedPatterns.length > 1) {
      // (outermost patterns only, by start, for assigned's search: a pattern assigned inside another's default lies
      // within it)
      const list = this.assignedPatterns.sort((a, b) => a.start - b.start || b.end - a.end), outer: Node[] = [];
      for (const n of list) if (!outer.length || n.start >= outer[outer.length - 1].end) outer.push(n);
      this.assignedPatterns = outer;
    }
    const order = eventOrder(evP, evT);
    let scope = this.root;
    const symStack: Array<{ s: number; end: number; start: number }> = [];
    const exportStack: Array<{ end: number; isDefault: boolean }> = [];
    for (let j = 0; j < evP.length; j++) {
      const i = order === undefined ? j : order[j];
      const p = evP[i], x = evX[i];
      while (scope.end <= p) scope = scope.parent!;
      while (symStack.length && symStack[symStack.length - 1].end <= p) symStack.pop();
      while (exportStack.length && exportStack[exportStack.length - 1].end <= p) exportStack.pop();
      const cur = symStack.length ? symStack[symStack.length - 1].s : -1;
      switch (evT[i]) {
        case EV_EXPORT: exportStack.push(x); break;
        case EV_SCOPE: scope = this.openScope(x, p, scope); break;
        case EV_DEF: {
          const ex = exportStack.length ? exportStack[exportStack.length - 1] : undefined;
          const s = this.define(x, scope, cur, ex);
          // a symbol holds the definitions inside the span its handler gave it (its whole definition, as a rule)
          const sp = this.symSpans[this.symSpans.length - 1];
          if (s >= 0) symStack.push({ s, end: sp?.sym === s ? sp.end : this.end((x as DefRec).def), start: p });
          break;
        }
        case EV_DECL: this.declare(x, scope, cur); break;
        case EV_POINT: this.pointEvent(x, scope, cur); break;
        case EV_NODE: this.nodeEvent(x, scope, cur, symStack); break;
      }
      // identifiers are not events (there are many): they take their scope from a second sweep below
    }
    this.sweepIds();
    // (exitSpan searches them by where they start)
    if (this.caseClauses.length > 1) this.caseClauses.sort((a, b) => a.start - b.start);
    this.narrowByPlaces();
    if (this.narrowings.length) this.narrow();
    // (an early exit's narrowing last: a test inside the rest of the block is nearer to what it holds)
    for (const late of [false, true]) {
      for (const { name, body, yes, by, exit } of this.isArrayNarrowings) {
        if (!!exit !== late || (exit && this.exitIfs.get(body.start) !== body)) continue;
        this.forEachOccurrence(name, exit ? this.exitSpan(body) : body, (node) => {
          if (this.arrayPart.has(node)) return;
          this.arrayPart.set(node, yes);
          if (by) this.arrayPartBy.set(node, by);
        });
      }
    }
    if (this.tagCompares.length) this.narrowByConditions();
    if (this.pathTests.length) this.markTestedPaths();
    if (this.tagNarrowings.length || this.tagCases.size || this.tagExits.length) this.narrowByTags();
    this.markWholeReads();
  }

  /** A scope event of `replay`: the scope it opens (inside `parent`). */
  openScope(x: any, p: number, parent: Scope): Scope {
    const node = x.node as Node;
    // every scope has the same fields from the start (one hidden class for the hot lookups)
    const scope: Scope = { kind: x.kind, start: p, argOf: undefined, end: this.end(node), parent, names: new LazyMap(), classSym: this.classSymOf.get(node) ?? this.thisOwner.get(node) ?? -1, thisType: undefined, node };
    if (x.kind === 'arrow' || x.kind === 'function') scope.argOf = this.argCall.get(node);
    if ((x.kind === 'function' || x.kind === 'method') && this.thisParamType.size) {
      for (const slot of this.slotsOf.get(node) ?? []) {
        const t = this.thisParamType.get(slot);
        if (t) scope.thisType = t;
      }
    }
    // a named function or class expression that became a symbol (`module.exports = class Foo {…}`) is bound
    // to its name inside itself
    const own = this.ownNameOf.get(node);
    if (own !== undefined) scope.names.set(this.symbols[own].name, symbolBinding(own));
    // the language may give a function's `this` a class (ECMAScript: a constructor function's body)
    if (x.kind === 'function' && scope.classSym < 0) this.plugin.functionScope?.call(this, scope);
    this.scopeSpans.push({ p, end: scope.end, scope });
    return scope;
  }

  /** A point event of `replay` (a returned value or a heritage clause) in `scope` under symbol `cur`. */
  pointEvent(x: any, scope: Scope, cur: number): void {
    if (x.ret) {
      // a returned value belongs to the innermost function around it
      const fn = functionScope(scope);
      if (fn !== this.root && fn.node) pushTo(this.returned, fn.node, x.ret as Node);
      return;
    }
    if (x.heritage) {
      // a class's heritage sits in its class scope; an interface's in its type scope, under its symbol
      const cls = scope.kind === 'class' ? scope.classSym : scope.kind === 'type' && cur >= 0 && this.symbols[cur].label === 'Interface' ? cur : -1;
      if (cls >= 0) {
        const sym = this.work[cls];
        // `extends Repo<User>`: the clause, which reads as the generic type (type arguments included)
        const n = x.clause && this.generics.has(x.clause) ? x.clause : x.node;
        if (x.heritage === 'extends') (sym.extendsNodes ??= []).push(n); else (sym.implementsNodes ??= []).push(n);
      }
      return;
    }
  }

  /** A node event of `replay` (a call, member, key or `this`) in `scope` under symbol `cur`. */
  nodeEvent(node: Node, scope: Scope, cur: number, symStack: Array<{ s: number; end: number; start: number }>): void {
    const call = this.calls.get(node);
    if (call) {
      call.from = cur;
      // inside an anonymous function passed as an argument, below the enclosing symbol: the outermost such call
      const symStart = symStack.length ? symStack[symStack.length - 1].start : -1;
      for (let sc: Scope | undefined = scope; sc && sc.start > symStart && sc !== this.root; sc = sc.parent) {
        if (sc.argOf) call.via = sc.argOf;
      }
      return;
    }
    const key = this.keyRefs.get(node);
    if (key) { key.from = cur; return; }
    const attr = this.jsxAttrs.size ? this.jsxAttrs.get(node) : undefined;
    if (attr) { attr.from = cur; return; }
    const lookup = this.lookupTypes.get(node);
    if (lookup) { lookup.from = cur; return; }
    if (this.elementName.size && this.elementName.has(node)) { this.elementFrom.set(node, cur); return; }
    const member = this.members.get(node);
    if (member) { member.from = cur; return; }
    const sk = this.simple.get(node);
    if (sk === 'this' || sk === 'super') {
      scope = this.thisScope(node, scope);
      let typed = sk === 'this' ? thisTypeAt(scope) : undefined;
      // the `this` type inside the `this:` annotation itself (`this: this & { el: E }`) is the class's instance
      if (typed && node.start >= typed.start && node.start < this.end(typed)) typed = undefined;
      const own = typed ? -1 : thisClass(scope);
      const cls = own >= 0 || typed ? own : this.thisInterface(scope, cur);
      if (typed) this.thisType.set(node, typed); else this.thisCls.set(node, cls);
      if (sk === 'this' && this.narrowsThis) this.thisOwners.set(node, thisOwner(scope));
      // (a function's own `this` of no class: an object literal's method, typed by the literal's context if it has one)
      if (sk === 'this' && !typed && cls < 0) {
        for (let s: Scope | undefined = scope; s && s.kind !== 'class' && s.kind !== 'program'; s = s.parent) {
          if (s.kind === 'function' || s.kind === 'method') { if (s.kind === 'function' && s.node) this.thisFnOf.set(node, s.node); break; }
        }
      }
      // `this` in a static method is the class itself (its static side), not an instance
      // (and `super` there is the base class's static side: `static getDefaults() { return super.getDefaults() }`)
      if (!typed && this.inStaticMethod(scope, cur)) this.staticThis.add(node);
    }
    return;
  }

  /**
   * The interface whose `this` type a `this` inside its declaration is (`assert: () => this['infer']`: the interface's
   * instance, as a class's own `this` is its class's); -1 outside an interface. Nothing inside an interface declares
   * a `this` of its own, so the nearest declaration scope decides.
   */
  thisInterface(scope: Scope, cur: number): number {
    let s: Scope | undefined = scope;
    while (s && s.kind === 'type') s = s.parent;
    if (!s || s === scope || cur < 0) return -1;
    const owner = this.symbols[cur].label === 'Interface' ? cur : this.symbols[cur].parent;
    return owner >= 0 && this.symbols[owner].label === 'Interface' ? owner : -1;
  }
  /** The heritage clauses' nodes (`extends mixin(this.Base)`), filed in pass 1. */
  readonly heritageSpans: Node[] = [];
  /** The decorators' nodes (`@dec(this.x)`), filed in pass 1. */
  readonly decoratorSpans: Node[] = [];

  /**
   * The scope whose `this` a `this` or `super` at `node` is: a class's heritage clause is evaluated before the class
   * exists, and its decorators and its members' are applied outside it, so there it is the `this` around the class
   * (of the enclosing method or function), not the class's — as the checker reads them. `from`: the span a decorator
   * must hold to count (after leaving a class, one around that class, not one of its own).
   */
  thisScope(node: Node, scope: Scope, from: { start: number; end: number } = node): Scope {
    const deco = this.decoratorSpans.length ? this.decoratorAround(from) : undefined;
    if (deco) {
      const end = this.end(deco);
      let s: Scope | undefined = scope;
      // (a function or class inside the decorator's arguments has a `this` of its own; an arrow keeps the decorator's)
      for (; s && s.start >= deco.start && s.end <= end; s = s.parent) {
        if (s.kind !== 'arrow' && s.kind !== 'block') return this.heritageThisScope(node, scope);
      }
      // the class decorated: the one the decorator is in, or the class of the method it is in (JavaScript's grammar
      // puts a method's decorators, and its parameters', inside the method; TypeScript's puts a member's beside it)
      const cls = s?.kind === 'method' ? s.parent : s;
      if (cls?.kind === 'class' && cls.parent) return this.thisScope(node, cls.parent, cls);
      // (`@dec export class A`: the decorator is outside the class already)
      return scope;
    }
    return this.heritageThisScope(node, scope);
  }

  /** The innermost decorator holding `span`, if any. */
  private decoratorAround(span: { start: number; end: number }): Node | undefined {
    let best: Node | undefined;
    for (const d of this.decoratorSpans) {
      if (d.start <= span.start && span.end <= this.end(d) && (!best || d.start > best.start)) best = d;
    }
    return best;
  }

  /** thisScope for a `this` in no decorator: a class's heritage clause reads the `this` around the class. */
  private heritageThisScope(node: Node, scope: Scope): Scope {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.kind === 'function' || s.kind === 'method' || s.kind === 'program') return scope;
      if (s.kind !== 'class') continue;
      const inHeritage = this.heritageSpans.some((h) => h.start >= s!.start && h.start <= node.start && node.start < this.end(h) && this.end(h) <= s!.end);
      return inHeritage && s.parent ? this.thisScope(node, s.parent, s) : scope;
    }
    return scope;
  }

  /** Identifier records in source order (set by sweepIds). */
  sortedIds: IdRec[] = [];

  /** Assigns each identifier its scope and enclosing symbol with a merge of two sorted sequences. */
  sweepIds(): void {
    const recs: IdRec[] = [];
    for (let i = 0; i < this.idList.length; i++) recs.push(this.idList[i]);
    sortIfNeeded(recs, (a, b) => a.node.start - b.node.start);
    this.sortedIds = recs;
    // Scopes and symbols as sorted intervals: rebuilt from the scope/def events.
    const spans: Array<{ p: number; end: number; scope?: Scope; sym?: number }> = [];
    for (const s of this.scopeSpans) spans.push(s);
    for (const s of this.symSpans) spans.push(s);
    sortIfNeeded(spans, (a, b) => a.p - b.p || (a.sym !== undefined ? 0 : 1) - (b.sym !== undefined ? 0 : 1));
    let si = 0;
    let scope = this.root;
    const symStack: Array<{ s: number; end: number }> = [];
    for (let i = 0; i < recs.length; i++) {
      const r = recs[i], p = r.node.start;
      while (si < spans.length && spans[si].p <= p) {
        const sp = spans[si++];
        if (sp.scope) { if (sp.end > p) scope = sp.scope; } else if (sp.end > p) symStack.push({ s: sp.sym!, end: sp.end });
        while (scope.end <= p) scope = scope.parent!;
      }
      while (scope.end <= p) scope = scope.parent!;
      while (symStack.length && symStack[symStack.length - 1].end <= p) symStack.pop();
      r.scope = scope;
      r.from = symStack.length ? symStack[symStack.length - 1].s : -1;
    }
  }

  readonly scopeSpans: Array<{ p: number; end: number; scope: Scope }> = [];
  readonly symSpans: Array<{ p: number; end: number; sym: number }> = [];

  define(d: DefRec, scope: Scope, cur: number, ex: { end: number; isDefault: boolean } | undefined): number {
    const name = d.name ? this.ident(d.name) : 'default';
    const topLevel = cur === -1 && scope === this.root;
    const exported = topLevel && ex !== undefined;
    const isDefault = exported && ex!.isDefault;
    const handle = defineBy[d.role];
    return handle === undefined ? -1 : handle.call(this, d, scope, cur, name, exported, isDefault, topLevel);
  }


  // ------------------------------------------------------------------ doc comments
  /**
   * Doc comments that may declare types (JSDoc's `/** … *\/`; filed by the language's own role), by end offset: a
   * declaration's doc is the one ending right before it. The language's plugin reads them (`docsReplayed`,
   * `building`); the maps below are what it gives the facts.
   */
  readonly docComments = new LazyMap<number, Node>();
  /** Symbols whose doc comment sits before another node than their declaration (`module.exports = function …`). */
  readonly docHostOf = new LazyMap<number, number>();
  /** Named function and class expressions that are symbols → the symbol (their name is bound inside them). */
  readonly ownNameOf = new LazyMap<Node, number>();
  /** Local variables declared by a declarator (a doc comment before it may type them). */
  readonly localDecls: Array<{ l: number; def: Node }> = [];
  /** Types of locals and parameters a doc comment declares, by local index. */
  readonly localTypes = new LazyMap<number, Expr>();
  /** Values of destructured entries a doc comment types (a member of the parameter's type), by local index. */
  readonly localInits = new LazyMap<number, Expr>();
  /** Entries of destructured parameters (pattern node, local, key). */
  readonly patternLocals = new LazyMap<Node, Array<{ l: number; key: string }>>();
  /** A defaulted destructured parameter (`{ a } = {}`): its slot (the assignment) → its pattern. */
  readonly slotPattern = new LazyMap<Node, Node>();
  /** Offsets where the text's lines start (the tree's own table when `lineStarts` was given, else made on first use). */
  docLineStarts: ArrayLike<number> | undefined;

  /** The innermost scope around an offset. */
  scopeAt(pos: number): Scope {
    const spans = this.scopeSpans;
    let lo = 0, hi = spans.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (spans[mid].p <= pos) lo = mid + 1; else hi = mid; }
    let sc: Scope | undefined = lo > 0 ? spans[lo - 1].scope : this.root;
    while (sc && sc !== this.root && (sc.start > pos || sc.end <= pos)) sc = sc.parent;
    return sc ?? this.root;
  }

  /** A node-like record for a name inside a comment (a typedef's name), for positions only. */
  syntheticNode(start: number, length: number): Node {
    const starts = (this.docLineStarts ??= lineStartsOf(this.text));
    let lo = 0, hi = starts.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (starts[mid] <= start) lo = mid + 1; else hi = mid; }
    const row = lo - 1;
    return { key: -1, typeId: -1, start, end: start + length, row, col: start - starts[row], endRow: row, owner: undefined, memo: undefined, id: undefined };
  }

  /**
   * True inside a static method of a class, or a function a static field holds (through arrows and blocks; a plain
   * function stops the search).
   */
  inStaticMethod(scope: Scope, cur: number): boolean {
    for (let sc: Scope | undefined = scope; sc; sc = sc.parent) {
      if (sc.kind === 'method') return !!sc.node && this.staticScopes.has(sc.node);
      if (sc.kind === 'arrow' && sc.node && this.staticScopes.has(sc.node)) return true;
      // directly in the class body: a field's value (`static x = this.make()`), whose field is the enclosing symbol
      if (sc.kind === 'class') return cur >= 0 && this.symbols[cur].parent === sc.classSym && !!this.symbols[cur].isStatic;
      if (sc.kind === 'function' || sc.kind === 'program') return false;
    }
    return false;
  }

  /**
   * The nodes of static methods and of the functions static fields hold, marked where their member is defined (from
   * its modifiers, `private static`, `@dec() static` alike), before their bodies are walked.
   */
  readonly staticScopes = new NodeSet(this.nodeFlags, 2048);

  readonly staticThis = new NodeSet(this.nodeFlags, 128);



  readonly paramProps = new NodeSet(this.nodeFlags, 256);
  /** Property names declared by `this.x = …` in a JavaScript constructor (their member access is the definition). */
  readonly declaredProps = new NodeSet(this.nodeFlags, 512);
  /** Names of parameter properties → their Property symbol. */
  readonly paramPropOf = new LazyMap<Node, number>();

  /** Symbols exported by name (`export { a }`, `export default a`, CommonJS) and the members of exported classes. */
  markExported(): void {
    let changed = false;
    for (const e of this.exports) {
      if (e.kind !== 'local' && e.kind !== 'cjs') continue;
      const v = e.value;
      if (v.k === 'id' && bindsSymbol(v.b) && !this.symbols[bindingIndex(v.b)].exported) { this.symbols[bindingIndex(v.b)].exported = true; changed = true; }
    }
    if (!changed) return;
    for (let i = 0; i < this.symbols.length; i++) {
      const sym = this.symbols[i];
      if (sym.parent >= 0 && !sym.exported && !this.work[i].isPrivate && this.symbols[sym.parent].exported && sym.parent < this.symbols.length) {
        const pl = this.symbols[sym.parent].label;
        if (pl === 'Class' || pl === 'Interface' || pl === 'Variable') sym.exported = true;
      }
    }
  }

  /**
   * The function a local declared without a value or type (JSDoc's included) is declared in: where the values assigned
   * to it are its value (see build); undefined for any other local.
   */
  evolvingScope(l: number): Scope | undefined {
    const evolving = this.localNodes[l].evolving ?? this.localNodes[l].pushed;
    return evolving && !this.localTypes.has(l) ? evolving : undefined;
  }

  /**
   * The unions and intersections type alias `s`'s value is made of: the value itself when it is one, and each such part
   * of one of them (`A | B | C` is `(A | B) | C`), however deep; a conditional type's branches are not its parts.
   */
  aliasParts(s: number): ReadonlySet<Node> {
    let parts = this.aliasPartsOf.get(s);
    if (parts) return parts;
    const own = new Set<Node>();
    const todo = this.work[s].typeNode ? [this.work[s].typeNode!] : [];
    while (todo.length) {
      const n = todo.pop()!;
      if (this.conditionals.has(n)) continue;
      const members = this.unions.get(n) ?? this.intersections.get(n);
      if (!members || own.has(n)) continue;
      own.add(n);
      todo.push(...members);
    }
    this.aliasPartsOf.set(s, own);
    return own;
  }

  /** Whether `node` is an empty array literal (`[]`). */
  isEmptyArray(node: Node): boolean {
    return /^\[\s*\]$/.test(this.text.slice(node.start, this.end(node)));
  }

  span(s: number, def: Node): number {
    const end = this.end(def);
    this.symSpans.push({ p: this.decoratedStart(def), end, sym: s });
    return s;
  }

  /**
   * Where a definition starts when its decorators count as its own: `@Get() find() {}` calls Get from find, and
   * `@Injectable() export class S` from S — the checker's reading, where decorators belong to the declaration.
   */
  decoratedStart(def: Node): number {
    let first = def;
    for (let d = this.decoratorBefore.get(def); d !== undefined; d = this.decoratorBefore.get(d)) first = d;
    return startOf(first);
  }

  /** An overload's further declaration `d` of symbol `s` (a signature, or the implementation). */
  mergeOverload(s: number, d: DefRec, isSignature: boolean): void {
    const prev = this.symbols[s], w = this.work[s];
    (prev.more ??= []).push(this.pos(d.name!));
    this.fnSymOf.set(d.def, s);
    if (isSignature) (w.overloads ??= []).push(d.def);
    if (!isSignature) {
      w.signatureOnly = false;
      prev.endLine = d.def.endRow + 1;
      prev.signature = this.signature(d);
      w.returnsNode ??= this.returnsOf.get(d.def);
      prev.kind = prev.label === 'Function' ? 'function' : prev.kind === 'method_signature' ? 'method' : prev.kind;
    }
  }

  /**
   * A new symbol (its index). `signature`, when given, is the symbol's signature as is, and no doc line is read
   * (typedefs: the comment that declares them is their text).
   */
  addSymbol(d: DefRec, scope: Scope, parent: number, name: string, label: SymbolLabel, kind: string, exported: boolean, isDefault: boolean, signature?: string): number {
    const s = this.symbols.length;
    const start = startOf(d.def);
    const qualifiedName = parent >= 0 ? `${this.symbols[parent].qualifiedName}.${name}` : name;
    const sym: SymbolFact = {
      name, label, kind,
      line: rowOf(d.def) + 1,
      endLine: d.def.endRow + 1,
      at: d.name ? this.pos(d.name) : toPos(rowOf(d.def) + 1, colOf(d.def) + 1, 0),
      parent, qualifiedName, exported,
    };
    this.work.push({ defNode: d.def, scope, signatureOnly: false, isPrivate: false, typeNode: undefined, initNode: undefined, returnsNode: undefined, extendsNodes: undefined, implementsNodes: undefined });
    if (isDefault) sym.isDefault = true;
    if (label !== 'Method' && label !== 'Property' && scope.kind !== 'class' && scope.kind !== 'type') { const at = localScopeStart(scope); if (at !== undefined) sym.localScope = at; }
    if (label === 'Function' || label === 'Method') { this.fnSymOf.set(d.def, s); if (d.value) this.fnSymOf.set(d.value, s); }
    if (signature !== undefined) sym.signature = signature;
    else {
      const sig = this.signature(d);
      if (sig) sym.signature = sig;
      const doc = this.docBefore(start);
      if (doc) sym.doc = doc;
    }
    this.symbols.push(sym);
    return s;
  }

  declare(x: { role: Role; name: Node; type?: Node; value?: Node; slot?: Node; pattern?: Node; key?: Node; dflt?: Node; in?: Node; nested?: Node }, scope: Scope, cur: number): void {
    // a name a destructuring assignment takes (`[a, b] = [b, a]`, `({ p: c } = o)`) declares nothing: it is the
    // variable in scope, assigned (a use of it, which keeps its declared type)
    if (x.role === Role['decl.pattern'] && this.assignedPatterns.length && this.assigned(x.name.start)) { this.skipIds.delete(x.name); return; }
    // (a declaration that names the scope it belongs to, `@in`, an outer one: that scope, when it is open here)
    if (x.in) {
      let sc: Scope | undefined = scope;
      while (sc && !(sc.node && sc.node.start === x.in.start && sc.node.end === x.in.end)) sc = sc.parent;
      if (sc) scope = sc;
    }
    if (x.slot && x.type) this.slotType.set(x.slot, x.type);
    else if (x.slot && x.value) {
      // a parameter without a type takes its default's (`opts = {} as Options`: an Options, whose keys an object
      // literal passed there names)
      const w = this.wraps.get(x.value);
      if (w && w.kind === 'as' && w.type) this.slotType.set(x.slot, w.type);
    }
    if (x.slot && x.value && !this.wraps.has(x.value)) this.slotDefault.set(x.slot, { value: x.value, from: cur });
    if (x.pattern && this.patternDefault.size) { const d = this.patternDefault.get(x.pattern); if (d) d.from ??= cur; }
    if (this.claimed.has(x.name)) return;
    // (a named function expression that is a symbol of its own, `return function normalize(…) {…}`: its name is that
    // symbol's inside it, see ownNameOf)
    if (scope.node && this.ownNameOf.size && this.ownNameOf.has(scope.node) && /^(?:async\s+)?function\s*\*?\s*$/.test(this.text.slice(scope.node.start, x.name.start))) return;
    const name = this.ident(x.name);
    const prop = this.paramPropOf.get(x.name);
    if (prop !== undefined) {
      scope.names.set(name, symbolBinding(prop));
      return;
    }
    let initFrom: { node: Node; key: string; isType?: boolean } | undefined;
    if (x.pattern) {
      const init = this.patternInit.get(x.pattern);
      const typeNode = init ? undefined : this.patternType.get(x.pattern);
      if (typeNode) {
        // `({ a, b: c }: Deps)`: the names are Deps's members, and the keys occurrences of them
        const key = x.key ? this.ident(x.key) : name;
        initFrom = { node: typeNode, key, isType: true };
        const keyNode = x.key ?? x.name;
        const ch = this.text.charCodeAt(keyNode.start);
        if (ch !== 91 && ch !== 34 && ch !== 39) this.keyRefs.set(keyNode, { obj: typeNode, name: key, kind: x.key ? 'value' : 'shorthand', typed: true, from: cur });
      }
      if (init) {
        const key = x.key ? this.ident(x.key) : name;
        // (the language may bind the entry otherwise: `const { a, b: c } = require('m')` imports a and b)
        if (this.plugin.bindEntry?.call(this, init, key, x.name, x.key ?? x.name, scope)) return;
        initFrom = { node: init, key };
        // the key names a member of the initializer: `{ a }` (shorthand) or `{ a: b }`
        const keyNode = x.key ?? x.name;
        const ch = this.text.charCodeAt(keyNode.start);
        if (ch !== 91 && ch !== 34 && ch !== 39) this.keyRefs.set(keyNode, { obj: init, name: key, kind: x.key ? 'value' : 'shorthand', typed: false, from: cur });
      }
    }
    // a parameter's pattern without a type, or a pattern nested in another: a member of what the parameter (or the
    // outer pattern) receives
    // (or an entry of a pattern for-of takes apart: a member of an element)
    const fromPattern = x.pattern && !initFrom && (this.patternSlot.has(x.pattern) || this.patternNested.has(x.pattern) || this.patternOf.has(x.pattern)) ? { pattern: x.pattern, key: x.key ? this.ident(x.key) : name } : undefined;
    if (fromPattern) {
      const keyNode = x.key ?? x.name;
      const ch = this.text.charCodeAt(keyNode.start);
      if (ch !== 91 && ch !== 34 && ch !== 39) this.patternKeys.push({ key: keyNode, pattern: x.pattern!, name: fromPattern.key, kind: x.key ? 'value' : 'shorthand', from: cur });
    }
    const l = this.localNodes.length;
    // (a type parameter is also kept apart: a parameter of its name, `<node>(node: node)`, does not hide it from types)
    if (x.role === Role['decl.type.param']) { this.typeLocals.add(l); this.typeParamLocal.set(x.name, l); (scope.types ??= new Map()).set(name, localBinding(l)); }
    // `const [observer] = React.useState(() => new Observer(…))`: the state
    const stateOf = x.role === Role['decl.pattern'] ? this.firstOf.get(x.name) : undefined;
    const arrayAt = x.role === Role['decl.pattern'] && !x.pattern ? this.arrayElement.get(x.name) : undefined;
    const restOf = x.role === Role['decl.pattern'] && !x.pattern && !arrayAt && this.arrayRest.size ? this.arrayRest.get(x.name) : undefined;
    const objectRestOf = x.role === Role['decl.pattern'] && !x.pattern && this.objectRest.size ? this.objectRest.get(x.name) : undefined;
    // the keys of the patterns this one is nested in (`{ nested: { depth } }`, `{ list: [first] }`: `nested` and
    // `list` name members of the outer pattern's value), once each
    for (let p = x.pattern ?? arrayAt?.pattern, hops = 0; p && hops < 8; hops++) {
      const nested = this.patternNested.size ? this.patternNested.get(p) : undefined;
      if (!nested || this.nestedKeysSeen.has(nested.key)) break;
      this.nestedKeysSeen.add(nested.key);
      const ch = this.text.charCodeAt(nested.key.start);
      if (ch !== 91 && ch !== 34 && ch !== 39) this.patternKeys.push({ key: nested.key, pattern: nested.outer, name: this.ident(nested.key), kind: 'value', from: cur });
      p = nested.outer;
    }
    this.localNames.add(x.name);
    this.localNodes.push({ name, type: x.type ?? (x.role === Role['decl.pattern'] && this.restType.size ? this.restType.get(x.name) : undefined), init: x.role === Role['decl.element'] ? undefined : x.value, initFrom, fromPattern, stateOf, elementOf: x.role === Role['decl.element'] ? x.value : undefined, arrayAt, restOf });
    if (x.dflt) this.localNodes[l].dflt = x.dflt;
    if (objectRestOf) this.localNodes[l].objectRestOf = objectRestOf;
    // an entry of a destructured parameter nothing types yet (JavaScript): its JSDoc may (see jsdocApply)
    if (x.pattern && !initFrom && this.docComments.size) pushTo(this.patternLocals, x.pattern, { l: this.localNodes.length - 1, key: x.key ? this.ident(x.key) : name });
    if (x.slot) this.slotLocal.set(x.slot, l);
    const fnOwner = x.role === Role['decl.type.param'] && scope.node ? this.fnSymOf.get(scope.node) : undefined;
    if (fnOwner !== undefined && (scope.kind === 'function' || scope.kind === 'method' || scope.kind === 'arrow' || scope.kind === 'type')) {
      // a function's or method's own type parameters (`function first<T>(xs: T[]): T`): its calls bind them
      const w = this.symbols[fnOwner];
      (w.typeParams ??= []).push(l);
      this.genericFnNode.set(fnOwner, scope.node!);
    } else if (x.role === Role['decl.type.param'] && !x.nested) {
      // a class's or interface's own type parameters, in order (`class Repo<T>`: a `Repo<User>` has T = User); not
      // one a type inside it declares (`@nested`: `infer U` of a conditional type, a mapped type's key), which neither
      // takes a type argument of the class nor shares its table with the members
      const owner = scope.kind === 'class' ? scope.classSym : scope.kind === 'type' && cur >= 0 && this.symbols[cur].label === 'Interface' ? cur : -1;
      if (owner >= 0) { (this.symbols[owner].typeParams ??= []).push(l); this.ownedTypeParams.set(l, { owner, node: x.name }); }
      // a type alias's own parameters (`type UnaryFunction<T, R> = …`; not those of a function type inside it)
      else if (scope.kind === 'type' && cur >= 0 && this.symbols[cur].label === 'TypeAlias' && scope.node === this.work[cur].defNode) (this.symbols[cur].typeParams ??= []).push(l);
    }
    scope.names.set(name, localBinding(l));
  }

  /** The expression shape of a node (memoised; identifiers are looked up in their scope). */
  expr(node: Node): Expr {
    if (node.owner === this && node.memo !== undefined) return node.memo === CYCLE ? CYCLE_VALUE : node.memo as Expr;
    // marked before it is computed: a shape that reaches itself again (a type naming itself through a `this:`
    // annotation, say) reads as unknown there instead of recursing until the stack runs out
    this.own(node);
    node.memo = CYCLE;
    const e = this.exprUncached(node);
    node.memo = e;
    return e;
  }

  /**
   * Makes `node`'s working slots (NodeRef `owner`, `memo`, `id`) this collector's, clearing what another collector
   * of the same tree left there. The slots stand for Maps keyed by node (the densest two: every expression's
   * value, every identifier's record): no hashing, no table growth, no entry per node.
   */
  own(node: Node): void {
    if (node.owner !== this) { node.owner = this; node.memo = undefined; node.id = undefined; }
  }

  /** The identifier record of `node`, if a query captured it as one. */
  idOf(node: Node): IdRec | undefined {
    return node.owner === this ? node.id as IdRec | undefined : undefined;
  }

  /** Records `node` as an identifier of `kind` (a second capture of the same node replaces the record, in place). */
  setId(node: Node, kind: RefKind): void {
    this.own(node);
    const r = node.id as IdRec | undefined;
    if (r !== undefined) { r.kind = kind; r.scope = undefined; r.from = -1; return; }
    const rec: IdRec = { node, kind, scope: undefined, from: -1 };
    node.id = rec;
    this.idList.push(rec);
  }

  /** Names captured as the called name of a tags-style call (`@reference.call` + `@name`). */
  readonly namedCallees = new Set<Node>();

  // ------------------------------------------------------------------ text helpers
  end(node: Node): number {
    return node.end;
  }

  ident(node: Node): string {
    const s = startOf(node);
    const text = this.text;
    const ch = text.charCodeAt(s);
    if (ch === 34 || ch === 39) return this.stringAt(node, s + 1); // a string used as a name: import {"a-b" as c}
    // An ASCII name (nearly every one) is scanned by hand: the same match as IDENT, without running a Unicode
    // regex per identifier (a tenth of the collector's time on large files). Anything else takes the regex.
    const from = ch === 35 /* # */ ? s + 1 : s;
    if (isAsciiIdStart(text.charCodeAt(from))) {
      let j = from + 1;
      let c = text.charCodeAt(j);
      while (isAsciiIdStart(c) || (c >= 48 && c <= 57)) c = text.charCodeAt(++j);
      if (!(c >= 0x80)) return text.slice(s, j);
    }
    IDENT.lastIndex = s;
    const m = IDENT.exec(this.text);
    return m ? m[0] : this.text.slice(s, this.end(node));
  }

  /** Text of a string fragment (module specifiers): up to the closing quote. */
  stringAt(node: Node, from?: number): string {
    const s = from ?? startOf(node);
    const q = this.text.charCodeAt(s - 1);
    const end = this.text.indexOf(String.fromCharCode(q), s);
    return end < 0 ? this.text.slice(s, this.end(node)) : this.text.slice(s, end);
  }

  pos(node: Node): Pos {
    const name = this.ident(node);
    // (a string used as a name, `'~run'(d) {…}`, `import {"a-b" as c}`: the name is what stands inside its quotes)
    const q = this.text.charCodeAt(startOf(node));
    return toPos(rowOf(node) + 1, colOf(node) + (q === 34 || q === 39 ? 2 : 1), name.length);
  }

  signature(d: DefRec): string | undefined {
    const s = startOf(d.def);
    let end = d.body ? startOf(d.body) : this.text.indexOf('\n', s);
    if (end < 0) end = this.text.length;
    if (!d.body) end = Math.min(end, this.end(d.def));
    let sig = oneSpaced(this.text.slice(s, end)).trim();
    if (sig.endsWith('=>')) sig = sig.slice(0, -2).trim();
    if (sig.length > 200) sig = `${sig.slice(0, 197)}...`;
    return sig || undefined;
  }

  /** Where a comment before `start` would end: back over whitespace and modifiers such as `export const`. */
  beforeModifiers(start: number): number {
    const t = this.text;
    let i = start;
    for (;;) {
      while (i > 0 && isSpace(t.charCodeAt(i - 1))) i--;
      let j = i;
      while (j > 0 && isWordChar(t.charCodeAt(j - 1))) j--;
      if (j < i && this.syntax.modifiers.has(t.slice(j, i))) { i = j; continue; }
      break;
    }
    return i;
  }

  /**
   * First line of the doc of a declaration starting at `start`: the language's own rule (its plugin's `doc`), else the
   * comment right before it (skipping modifiers such as `export const`), by the language's comment syntax.
   */
  docBefore(start: number): string | undefined {
    if (this.plugin.doc) return this.plugin.doc.call(this, start);
    const t = this.text;
    const i = this.beforeModifiers(start);
    const block = this.commentSyntax.block;
    if (block && i >= block[1].length && t.startsWith(block[1], i - block[1].length)) {
      const open = t.lastIndexOf(block[0], i - block[1].length);
      if (open < 0) return undefined;
      return firstDocLine(t, open + block[0].length, i - block[1].length, BLOCK_LINE_LEAD);
    }
    // line comments: the contiguous block of them right above (a blank line between parts a file's or a section's
    // header from the declaration below it)
    const lead = this.commentSyntax.line[0];
    if (lead === undefined) return undefined;
    let newlines = 0;
    for (let k = i; k < start && isSpace(t.charCodeAt(k)); k++) if (t.charCodeAt(k) === 10 && ++newlines > 1) return undefined;
    const lineStart = t.lastIndexOf('\n', i - 1) + 1;
    if (!t.startsWith(lead, skipSpaces(t, lineStart)) || skipSpaces(t, lineStart) >= i) return undefined;
    let first = lineStart;
    for (;;) {
      if (first === 0) break;
      const prevStart = t.lastIndexOf('\n', first - 2) + 1;
      if (!t.startsWith(lead, skipSpaces(t, prevStart))) break;
      first = prevStart;
    }
    return firstDocLine(t, first, i, lineCommentLead(lead));
  }
}

/**
 * The collector's methods written in the modules beside this one (one concern each), installed on its prototype:
 * they read and write the collector's state as its own methods do.
 */
type Methods<M> = { [K in keyof M]: M[K] };
export interface Collector extends Methods<typeof narrowing> {}
export interface Collector extends Methods<typeof narrowPlaces> {}
export interface Collector extends Methods<typeof build> {}
export interface Collector extends Methods<typeof expressions> {}
Object.assign(Collector.prototype, narrowing, narrowPlaces, build, expressions);
registerMatchHandlers();
registerDefineHandlers();

/** A plugin with no hooks: a language whose roles are the common ones. */
const NO_PLUGIN: CollectorPlugin = {};
const NO_SET: ReadonlySet<string> = new Set();
/** No global generic types. */
const NO_TYPES: TypeNames = { same: NO_SET, array: NO_SET, map: NO_SET, promise: NO_SET, record: NO_SET, untyped: NO_SET };
/** No syntax words. */
const NO_SYNTAX: SyntaxWords = { nullish: [], modifiers: NO_SET };

const leads = new Map<string, RegExp>();
/** What starts a line of a line comment (`// `, `# `), removed before reading it. */
function lineCommentLead(open: string): RegExp {
  let r = leads.get(open);
  if (!r) {
    const esc = (x: string): string => x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    r = new RegExp(`^\\s*${esc(open)}${esc(open.slice(-1))}*`);
    leads.set(open, r);
  }
  return r;
}
