/**
 * Turns the matches of a language's query into FileFacts. The query says what each node means (a `role` per
 * pattern); this module only interprets roles, so it serves every language whose queries use the same roles.
 *
 * Two passes: (1) every match is filed by role, keyed by node identity (the FlatTree hands out one NodeRef
 * object per node of a file); (2) scopes, symbols and occurrences are replayed in source order to build
 * the lexical scope tree, the symbol nesting and each occurrence's enclosing symbol. Names are looked up in
 * the scope tree only once every declaration is known (hoisting).
 */
import type {
  ArgFact, Binding, CallFact, ExportFact, Expr, FileFacts, ImportFact, LocalFact, ModuleRef, Pos, RefFact,
  RefKind, SymbolFact, SymbolLabel,
} from './facts.ts';
import {
  bindingIndex, bindsImport, bindsLocal, bindsSymbol, importBinding, localBinding, posColumn, posLength, posLine, symbolBinding, toPos,
} from './facts.ts';
import type { LanguageId } from './facts.ts';
import { lineStartsOf, type NodeRef } from './flat-tree.ts';
import type { Match, MatchSource } from './query-match.ts';
import { jsdocImportTags, jsdocTags, jsdocType, type JsdocTag } from './jsdoc.ts';
import { oneSpaced } from './spaces.ts';

type Node = NodeRef;

const startOf = (n: Node): number => n.start;
const rowOf = (n: Node): number => n.row;
const colOf = (n: Node): number => n.col;

const IDENT = /#?[$_\p{ID_Start}\\][$\u200c\u200d\p{ID_Continue}\\]*/uy;
const EXPORT_DEFAULT = /export\s+default\b/y;
/** Global generic types whose members are their first type argument's members. */
const SAME_MEMBERS = new Set(['Partial', 'Readonly', 'Required', 'NonNullable', 'Pick', 'Omit']);
/** Global generic types that are arrays of their (first) type argument (iterables too: for-of gives an element). */
const ARRAY_TYPES = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator', 'Generator', 'AsyncGenerator', 'AsyncIterable', 'AsyncIterableIterator']);
/** Global generic types that map keys to values of their second type argument. */
const MAP_TYPES = new Set(['Map', 'ReadonlyMap', 'WeakMap']);
/** Predefined types that say nothing about a value's members. */
const UNTYPED = new Set(['any', 'unknown', 'object']);
const MODIFIER_WORDS = new Set(['export', 'default', 'const', 'let', 'var', 'async', 'static', 'public', 'private', 'protected', 'readonly', 'abstract', 'declare', 'override', 'function', 'class', 'interface', 'type', 'enum']);

type ScopeKind = 'program' | 'block' | 'function' | 'arrow' | 'method' | 'class' | 'type';
interface Scope {
  kind: ScopeKind;
  start: number;
  /** The call this function is an argument of (anonymous callbacks). */
  argOf?: Node;
  end: number;
  parent: Scope | undefined;
  names: LazyMap<string, Binding>;
  /** Class symbol owning a class scope (-1: anonymous class). */
  classSym: number;
  /** A function's declared `this:` type. */
  thisType?: Node;
  /** The syntax node that opens the scope. */
  node?: Node;
}

/**
 * The roles a query pattern can have (its `#set! role`), numbered: `file`, `module` and `define` switch on these
 * numbers (a jump table, where a switch on strings compared ~70 strings per match). Each language's role strings
 * become numbers once (`roleCodes`); a role string missing here is an error there, so a new role needs a line here.
 * The groups are contiguous ranges (the is…Role tests below); `def.assigned` to `def.typedef` are the collector's own.
 */
enum Role {
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
const isScopeRole = (r: Role): boolean => r >= Role['scope.arrow'] && r <= Role['scope.type'];
const isDefRole = (r: Role): boolean => r >= Role['def.function'] && r <= Role['def.typedef'];
const isDeclRole = (r: Role): boolean => r >= Role['decl.element'] && r <= Role['decl.type.param'];
const isModuleRole = (r: Role): boolean => r >= Role['import.module'] && r <= Role['assign.target'];

const roleCodeCache = new WeakMap<ReadonlyArray<string | undefined>, Uint8Array>();
/** Each pattern's role number (0: no role) for a language's `roles` (its patterns' role strings), made once per language. */
function roleCodes(roles: ReadonlyArray<string | undefined>): Uint8Array {
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

type FileHandler = (this: Collector, c: Caps, role: Role) => void;
/** The handlers of `file` by role number (Collector's static block). */
const fileBy: Array<FileHandler | undefined> = [];
type DefineHandler = (this: Collector, d: DefRec, scope: Scope, cur: number, name: string, exported: boolean, isDefault: boolean, topLevel: boolean) => number;
/** The handlers of `define` by role number (Collector's static block). */
const defineBy: Array<DefineHandler | undefined> = [];

interface DefRec { role: Role; def: Node; name?: Node; body?: Node; value?: Node; type?: Node; host?: Node }
// event types, also their order at the same position; EV_NODE (a call, member, key or `this`: its node alone, no
// record) sorts as EV_POINT (the record of a returned value or a heritage clause), in the order they were filed
const EV_EXPORT = 0, EV_DEF = 1, EV_SCOPE = 2, EV_DECL = 3, EV_POINT = 4, EV_NODE = 5;

/**
 * What pass 2 keeps of a symbol besides its fact (`symbols[i]` ↔ `work[i]`): syntax nodes that `build` turns into
 * the fact's expressions, and flags of its own. Apart from the fact, so that `build` fills the fact in place (no
 * copy without these keys of every symbol, whose own keys come in many orders) and these reads see one shape.
 */
interface SymbolWork {
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

interface IdRec { node: Node; kind: RefKind; scope?: Scope; from: number }

/** Collects the facts of one parsed file from its query matches. */
export class Collector {
  private readonly text: string;
  private readonly root: Scope;
  /** The flags behind every NodeSet of this collector (declared first: the sets below are made with it). */
  private readonly nodeFlags = new NodeFlags();
  // pass 1: filed matches
  /** Replay's events as three parallel lists (position, type, record): no object per event. */
  private readonly evP: number[] = [];
  private readonly evT: number[] = [];
  private readonly evX: any[] = [];
  private readonly scopeKindOf = new Map<Node, ScopeKind>();
  private readonly classSymOf = new LazyMap<Node, number>();
  /** Functions and methods with type parameters of their own → the function node whose parameters bind them. */
  private readonly genericFnNode = new LazyMap<number, Node>();
  /** Plain functions assigned to `X.prototype.m`: function node → X's symbol (what `this` is inside). */
  private readonly prototypeOwner = new LazyMap<Node, number>();
  /** Names X of `X.prototype.m = …` assignments (constructor functions). */
  private readonly prototypeNames = new Set<string>();
  private readonly varKind = new LazyMap<Node, 'var' | 'let'>();
  private readonly requireDecl = new NodeSet(this.nodeFlags, 1);
  /** `require('m')` call nodes → 'm'. */
  private readonly requireSource = new LazyMap<Node, string>();
  /** `import('m')` calls and their specifier: the value is a promise of m's namespace. */
  private readonly dynamicSource = new LazyMap<Node, string>();
  /** Assignments whose target is `module.exports`. */
  private readonly moduleExportsAssign = new NodeSet(this.nodeFlags, 2);
  /** Object literals assigned to a member (`module.exports = {…}`) that hold methods or function-valued keys. */
  private readonly methodObjects = new NodeSet(this.nodeFlags, 4);
  /** Destructuring patterns of declarations → their initializer. */
  private readonly patternInit = new LazyMap<Node, Node>();
  /** Destructuring patterns of typed parameters → the parameter's type. */
  private readonly patternType = new LazyMap<Node, Node>();
  /** Destructuring patterns of parameters → the parameter slot (what the parameter receives: contextual typing). */
  private readonly patternSlot = new LazyMap<Node, Node>();
  /** Calls with type arguments → the first one. */
  private readonly callTypeArg = new LazyMap<Node, Node>();
  /** The first name of an array pattern (`const [state, setState] = …`) → the declarator's value. */
  private readonly firstOf = new LazyMap<Node, Node>();
  /** Nested destructuring patterns → the pattern around them and the key they destructure. */
  private readonly patternNested = new LazyMap<Node, { outer: Node; key: Node }>();
  /** `xs[1]`: the position a small integer index names. */
  private readonly elementAt = new LazyMap<Node, number>();
  /** A tuple type's items: each position's node and its type. */
  private readonly tupleItems = new LazyMap<Node, Map<Node, Node>>();
  /** The items of an array literal that is a call's first argument, a variable's value, returned, iterated, a receiver or a conditional's branch. */
  private readonly listItems = new LazyMap<Node, Node[]>();
  /** A name in an array pattern: the pattern and the name's position in it (`[, v]`: 1). */
  private readonly arrayElement = new LazyMap<Node, { pattern: Node; index: number }>();
  /** An array pattern of a `for … of` loop and the iterated value (`for (const [k, v] of map)`: each is an entry). */
  private readonly patternOf = new LazyMap<Node, Node>();
  /** A binary expression under `!` → its right operand (the grammar's precedence puts `a && n!` as `(a && n)!`). */
  private readonly operandOf = new LazyMap<Node, Node>();
  /** `a && b`: its operands (the value is b's, unless a may be `any`: see Expr `and`). */
  private readonly ands = new LazyMap<Node, { left: Node; right: Node }>();
  /** `if (x instanceof C) body`: occurrences of x's binding inside body are C instances. */
  /** `if (Array.isArray(x))`'s branches: `yes` in the consequence, not in the else branch. */
  private readonly isArrayNarrowings: Array<{ name: Node; body: Node; yes: boolean }> = [];
  /** (`body`: where the narrowing holds, an `if`'s consequence; `exit`: an early exit's `if`, see exitSpan) */
  private readonly narrowings: Array<{ name: Node; type?: Node; guard?: Node; guard2?: Node; body?: Node; exit?: Node }> = [];
  /** `X.prototype = Object.create(Y.prototype)` and its kin: a constructor function's name → its base's expression. */
  private readonly protoBases: Array<{ name: Node; base: Node }> = [];
  /** Discriminant narrowings (`if (x.kind === 'a')`), and the cases of each `switch (x.kind)` body in order. */
  private readonly tagNarrowings: Array<{ name: Node; key: Node; tags: string[]; body: { start: number; end: number } }> = [];
  private readonly tagCases = new LazyMap<Node, Array<{ name: Node; key: Node; tag: Node; node: Node }>>();
  /** `if (x.kind !== 'a') return`: narrows x after the statement, to the end of the block it is in (known after replay). */
  private readonly tagExits: Array<{ name: Node; key: Node; tags: string[]; exit: Node }> = [];
  /** Identifiers narrowed by a discriminant: the member name and the tags it may hold there. */
  private readonly tagged = new LazyMap<Node, { key: string; tags: string[] }>();
  /** Type guards (`(x): x is Foo`): function node → the predicate's type node. */
  private readonly predicateOf = new LazyMap<Node, Node>();
  /** Identifier occurrences inside `if (guard(x)) …` → the guard's callee node. */
  private readonly guardedBy = new LazyMap<Node, Node | [Node, Node]>();
  /** Occurrences under `if (Array.isArray(x))`: true in its consequence (the array parts of x's type), false in its else. */
  private readonly arrayPart = new LazyMap<Node, boolean>();
  /** Function types that are type guards → the predicate's type. */
  private readonly fnTypePredicate = new LazyMap<Node, Node>();
  /** Function nodes → the values their `return` statements (or expression body) give. */
  private readonly returned = new Map<Node, Node[]>();
  /** Arrow functions and their bodies (an expression body is the returned value; a block is not). */
  private readonly arrowBodies: Array<{ fn: Node; body: Node }> = [];
  /** Assignment targets (`f = …`, `this.handler = …`): function symbols assigned there are not fixed. */
  private readonly assignTargets: Node[] = [];
  /** Locals assigned after their declaration. */
  private readonly reassignedLocals = new Set<number>();
  /** Identifier occurrences narrowed by an instanceof guard → the type node. */
  private readonly narrowedTo = new LazyMap<Node, Node>();
  private readonly claimed = new NodeSet(this.nodeFlags, 8);
  private readonly skipIds = new NodeSet(this.nodeFlags, 16);
  private readonly kindOverride = new LazyMap<Node, RefKind>();
  private readonly calls = new Map<Node, { callee: Node; isNew: boolean; from: number; args?: Node[]; propArgs?: Array<{ key: Node; value: Node }>; via?: Node }>();
  /** Function nodes passed as call arguments → the call node (for `via` on the calls inside them). */
  private readonly argCall = new Map<Node, Node>();
  /** Conditional arguments → their branches. */
  private readonly branchesOf = new LazyMap<Node, Node[]>();
  /** Member-name occurrences outside expressions: typed object-literal keys and destructuring keys. */
  private readonly keyRefs = new LazyMap<Node, { obj: Node; name: string; kind: RefKind; typed: boolean; from: number; assigned?: boolean; pushed?: boolean }>();
  private readonly members = new Map<Node, { object: Node; property: Node; from: number }>();
  private readonly wraps = new Map<Node, { inner?: Node; type?: Node; kind: 'wrap' | 'await' | 'as' | 'element' | 'array' | 'spread' }>();
  private readonly simple = new LazyMap<Node, 'lit' | 'any' | 'this' | 'super'>();
  private readonly thisCls = new LazyMap<Node, number>();
  private readonly returnsOf = new LazyMap<Node, Node>();
  private readonly annotOf = new LazyMap<Node, Node>();
  /** The identifier records, in the order first met (each also in its node's `id` slot: see `idOf`). */
  private readonly idList: IdRec[] = [];
  private readonly jsx = new NodeSet(this.nodeFlags, 32);
  private readonly comments = new NodeSet(this.nodeFlags, 64);
  /**
   * Decorators the syntax tree puts beside what they decorate rather than inside it (a TypeScript class member's,
   * an exported class's): the decorated node (or the next decorator) → the decorator just before it.
   */
  private readonly decoratorBefore = new LazyMap<Node, Node>();
  private readonly slotsOf = new Map<Node, Node[]>();
  private readonly slotLocal = new Map<Node, number>();
  private readonly slotType = new LazyMap<Node, Node>();
  private readonly fnTypeParams = new LazyMap<Node, Array<{ name: Node; type?: Node }>>();
  /** Function values bound to a declared type (`const f: Handler = (req) => …`): function node → type node. */
  private readonly declaredFnType = new LazyMap<Node, Node>();
  private readonly unions = new LazyMap<Node, Node[]>();
  private readonly intersections = new LazyMap<Node, Node[]>();
  /** Object literal values → their entries (a key and its value, a spread, or a key that is not a plain name). */
  private readonly objectEntries = new Map<Node, Array<{ at: Node; key?: Node; value?: Node; spread?: boolean; open?: boolean }>>();
  /** `obj[name]` with a name as the index → that name node. */
  private readonly elementKey = new LazyMap<Node, Node>();
  /** `new Map<K, V>()`, `new Set<T>()`: the constructor's name and type arguments. */
  private readonly newTypeArgs = new LazyMap<Node, { name: Node; arg?: Node; arg2?: Node }>();
  /** `obj['name']`: the string's text node (a member access by name). */
  private readonly elementName = new LazyMap<Node, Node>();
  /** `typeof x` in a type → x. */
  private readonly typeQueries = new LazyMap<Node, Node>();
  /** `T['name']`: the object type and the key's text node. */
  private readonly lookupTypes = new LazyMap<Node, { of: Node; key: Node }>();
  /** Function types → their return type. */
  private readonly fnTypeReturns = new LazyMap<Node, Node>();
  /** Generic types → their name and first type argument. */
  private readonly generics = new LazyMap<Node, { name: Node; arg: Node; arg2?: Node }>();
  /** Object type literals → their typed property signatures. */
  private readonly objectTypes = new LazyMap<Node, Array<{ name: Node; type: Node }>>();
  /** Call signatures of object types, and each signature's parameters. */
  private readonly objectCalls = new LazyMap<Node, Array<{ sig: Node; returns: Node }>>();
  private readonly sigParams = new LazyMap<Node, Node[]>();
  /** Object types with an index signature or a mapped type: object type node → the value type. */
  private readonly objectIndex = new LazyMap<Node, Node>();
  /** Member names of object type literals (see Expr `object`'s `others`). */
  private readonly objectNames = new LazyMap<Node, Node[]>();
  private readonly fnSymOf = new Map<Node, number>();
  private readonly thisParamType = new LazyMap<Node, Node>();
  /** `this` occurrences typed by their function's `this:` parameter. */
  private readonly thisType = new LazyMap<Node, Node>();
  private readonly pendingExports: Array<() => void> = [];
  // pass 2 results
  private readonly symbols: SymbolFact[] = [];
  private readonly work: SymbolWork[] = [];
  private readonly localNodes: Array<{ name: string; type?: Node; init?: Node; initFrom?: { node: Node; key: string; isType?: boolean }; fromPattern?: { pattern: Node; key: string }; stateOf?: Node; elementOf?: Node; arrayAt?: { pattern: Node; index: number }; ctx?: LocalFact['ctx']; ctxType?: { type: Node; param: number; returns: number }; ctxAssign?: { obj: Node; name: Node; param: number }; ctxEntry?: { type: Node; name: string; param: number }; evolving?: Scope }> = [];
  /** Class members written as methods or fields, by name → where their definitions start. */
  private readonly memberDeclsAt = new Map<string, number[]>();
  /** What `x = value` assigns, by target node (see assignedOf). */
  private readonly assignValue = new LazyMap<Node, Node>();
  /** A local declared without a value or type (`let end;`) → the values assigned to it, in source order. */
  private readonly assignedOf = new Map<number, Array<Node | null>>();
  /** Functions assigned to a member (`handlers.focus = (view) => …`): the member's object and name. */
  private readonly assignedFns = new LazyMap<Node, { obj: Node; name: Node }>();
  private readonly memberKeys = new LazyMap<string, number>();
  // facts
  private readonly imports: ImportFact[] = [];
  private readonly exports: ExportFact[] = [];
  private readonly modules: ModuleRef[] = [];

  /** The role number of each query pattern (0: none). */
  private roleNo: Uint8Array = new Uint8Array(0);
  /** The role of each query pattern (from its `#set! role`); numbered once per language (`roleCodes`). */
  set roles(roles: ReadonlyArray<string | undefined>) { this.roleNo = roleCodes(roles); }
  /** How many nodes the file's tree has (node keys are below it), when known: the NodeSets' flags are made that size at once. */
  set nodeCount(n: number) { this.nodeFlags.hint = n; }
  /** Where the text's lines start (offset of each row), when the caller has that table already (the FlatTree's). */
  set lineStarts(starts: ArrayLike<number>) { this.docLineStarts = starts; }

  constructor(text: string, private readonly filePath: string, private readonly language: LanguageId) {
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
    if (this.docComments.size) { this.jsdocImportTags(); this.jsdocTypedefs(); }
    for (const f of this.pendingExports) f();
    this.markExported();
    return this.build(lines, parseErrors);
  }

  // ------------------------------------------------------------------ pass 1
  /**
   * `file`'s handler of each role, one function per role (or group of roles): V8 optimises the hot ones alone,
   * where one switch over every role was one large function, compiled whole and thrown away (deoptimised) each
   * time a case met late ran.
   */
  static {
    const on = (roles: Role[], f: FileHandler): void => { for (const r of roles) fileBy[r] = f; };
      on([Role['id']], function (c) { this.setId(first(c), 'value'); return; });
      on([Role['id.type']], function (c) { this.setId(first(c), 'type'); return; });
      on([Role['id.shorthand']], function (c) { this.setId(first(c), 'shorthand'); return; });
      on([Role['member']], function (c) {
        const object = get(c, 'object')!, property = get(c, 'property')!, node = get(c, 'member')!;
        this.members.set(node, { object, property, from: -1 });
        this.skipIds.add(property);
        this.point(node, property);
        return;
      });
      on([Role['call'], Role['new']], function (c, role) {
        // (a tags-style `@reference.call` pattern captures only the called name: the callee is that name, or the
        // member whose property it is, found in build)
        const node = get(c, 'call')!, callee = get(c, 'callee') ?? this.calleeByName(get(c, 'name')!);
        const prev = this.calls.get(node);
        if (prev) { prev.callee = callee; prev.isNew = role === Role['new']; } else this.calls.set(node, { callee, isNew: role === Role['new'], from: -1 });
        this.point(node, node);
        return;
      });
      on([Role['call.arg']], function (c) {
        const node = get(c, 'call')!, arg = get(c, 'arg')!;
        let rec = this.calls.get(node);
        if (!rec) this.calls.set(node, (rec = { callee: node, isNew: false, from: -1 }));
        (rec.args ??= []).push(arg);
        this.argCall.set(arg, node);
        return;
      });
      on([Role['call.arg.branch']], function (c) {
        const branch = get(c, 'branch')!;
        pushTo(this.branchesOf, get(c, 'arg')!, branch);
        this.argCall.set(branch, get(c, 'call')!);
        return;
      });
      on([Role['call.arg.prop']], function (c) {
        const node = get(c, 'call')!;
        let rec = this.calls.get(node);
        if (!rec) this.calls.set(node, (rec = { callee: node, isNew: false, from: -1 }));
        (rec.propArgs ??= []).push({ key: get(c, 'key')!, value: get(c, 'arg')! });
        return;
      });
      on([Role['push.key']], function (c) {
        const fn = this.ident(get(c, 'fn')!);
        if (fn !== 'push' && fn !== 'unshift') return;
        const key = get(c, 'key')!;
        this.keyRefs.set(key, { obj: get(c, 'target')!, name: this.ident(key), kind: get(c, 'short') ? 'shorthand' : 'value', typed: false, from: -1, pushed: true });
        this.point(key, key);
        return;
      });
      on([Role['objlit.key'], Role['assign.key']], function (c, role) {
        const key = get(c, 'key')!;
        const assigned = role === Role['assign.key'];
        this.keyRefs.set(key, { obj: get(c, assigned ? 'target' : 'type')!, name: this.ident(key), kind: get(c, 'short') ? 'shorthand' : 'value', typed: true, from: -1, assigned });
        this.point(key, key);
        return;
      });
      on([Role['expr.object.entry']], function (c) {
        const key = get(c, 'key')!;
        pushTo(this.objectEntries, get(c, 'object')!, { at: key, key, value: get(c, 'value') ?? key });
        return;
      });
      on([Role['expr.object.spread']], function (c) { const v = get(c, 'value')!; pushTo(this.objectEntries, get(c, 'object')!, { at: v, value: v, spread: true }); return; });
      on([Role['expr.object.open']], function (c) { pushTo(this.objectEntries, get(c, 'object')!, { at: get(c, 'entry')!, open: true }); return; });
      on([Role['type.query']], function (c) { this.typeQueries.set(get(c, 'query')!, get(c, 'inner')!); return; });
      on([Role['fn.assigned']], function (c) { this.assignedFns.set(get(c, 'fn')!, { obj: get(c, 'object')!, name: get(c, 'name')! }); return; });
      on([Role['type.lookup']], function (c) { this.lookupTypes.set(get(c, 'lookup')!, { of: get(c, 'of')!, key: get(c, 'key')! }); return; });
      on([Role['expr.wrap']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'wrap' }); return; });
      on([Role['expr.operand']], function (c) { this.operandOf.set(get(c, 'wrap')!, get(c, 'inner')!); return; });
      on([Role['expr.and']], function (c) { this.ands.set(get(c, 'and')!, { left: get(c, 'left')!, right: get(c, 'right')! }); return; });
      on([Role['expr.either']], function (c) {
        const node = get(c, 'either')!;
        // `c ? new X() : undefined`, `x ?? null`: a nullish branch has no members (the value is the others')
        for (let k = 0, p = c.at + 2; k < c.n; k++, p += 2) {
          if (c.names[c.buf[p]] !== 'branch') continue;
          const branch = c.refs[c.buf[p + 1]]!;
          if (!this.isNullish(branch)) pushTo(this.unions, node, branch);
        }
        return;
      });
      // at the `return` keyword: a returned function starts a scope of its own at the value's position
      on([Role['return']], function (c) { this.push(startOf(get(c, 'stmt')!), EV_POINT, { ret: get(c, 'value')! }); return; });
      on([Role['return.body']], function (c) { this.arrowBodies.push({ fn: get(c, 'fn')!, body: get(c, 'value')! }); return; });
      on([Role['assign.target']], function (c) {
        const target = get(c, 'target')!, value = get(c, 'value');
        this.assignTargets.push(target);
        if (value) this.assignValue.set(target, value);
        return;
      });
      on([Role['param.pattern']], function (c) { this.patternType.set(get(c, 'pattern')!, get(c, 'type')!); return; });
      on([Role['pattern.param']], function (c) {
        const pattern = get(c, 'pattern')!, param = get(c, 'param')!;
        this.patternSlot.set(pattern, param);
        if (param !== pattern) this.slotPattern.set(param, pattern);
        return;
      });
      on([Role['pattern.array']], function (c) {
        const pattern = get(c, 'pattern')!, name = get(c, 'name')!;
        this.arrayElement.set(name, { pattern, index: this.patternIndex(pattern, name) });
        return;
      });
      on([Role['pattern.of']], function (c) { this.patternOf.set(get(c, 'pattern')!, get(c, 'value')!); return; });
      on([Role['pattern.nested']], function (c) { this.patternNested.set(get(c, 'pattern')!, { outer: get(c, 'outer')!, key: get(c, 'key')! }); return; });
      on([Role['pattern.first']], function (c) { this.firstOf.set(get(c, 'name')!, get(c, 'value')!); return; });
      on([Role['call.typearg']], function (c) { this.callTypeArg.set(get(c, 'call')!, get(c, 'type')!); return; });
      on([Role['new.typearg'], Role['new.typearg2']], function (c, role) {
        const n = get(c, 'new')!;
        const rec = this.newTypeArgs.get(n) ?? { name: get(c, 'name')! };
        if (role === Role['new.typearg']) rec.arg = get(c, 'arg'); else rec.arg2 = get(c, 'arg');
        this.newTypeArgs.set(n, rec);
        return;
      });
      on([Role['narrow.instanceof']], function (c) { this.narrowings.push({ name: get(c, 'name')!, type: get(c, 'type')!, body: get(c, 'body')! }); return; });
      on([Role['narrow.tag.case']], function (c) {
        pushTo(this.tagCases, get(c, 'cases')!, { name: get(c, 'name')!, key: get(c, 'key')!, tag: get(c, 'tag')!, node: get(c, 'case')! });
        return;
      });
      on([Role['narrow.tag.if']], function (c) {
        const test = get(c, 'test')!, key = get(c, 'key')!, tag = get(c, 'tag')!;
        // `===` or `==` between the member and the string (not `!==`, `<`…)
        const op = this.operatorBetween(key, tag);
        if ((op === '===' || op === '==') && test.start < key.start) this.tagNarrowings.push({ name: get(c, 'name')!, key, tags: [this.text.slice(tag.start, tag.end)], body: get(c, 'body')! });
        return;
      });
      on([Role['narrow.tag.exit']], function (c) {
        const key = get(c, 'key')!, tag = get(c, 'tag')!;
        const op = this.operatorBetween(key, tag);
        if (op === '!==' || op === '!=') this.tagExits.push({ name: get(c, 'name')!, key, tags: [this.text.slice(tag.start, tag.end)], exit: get(c, 'if')! });
        return;
      });
      on([Role['narrow.isarray']], function (c) {
        const obj = get(c, 'obj')!, prop = get(c, 'prop')!;
        if (this.ident(obj) !== 'Array' || this.ident(prop) !== 'isArray') return;
        const name = get(c, 'name')!, yes = get(c, 'body'), no = get(c, 'else');
        if (yes) this.isArrayNarrowings.push({ name, body: yes, yes: true });
        if (no) this.isArrayNarrowings.push({ name, body: no, yes: false });
        return;
      });
      on([Role['narrow.instanceof.exit']], function (c) { this.narrowings.push({ name: get(c, 'name')!, type: get(c, 'type')!, exit: get(c, 'if')! }); return; });
      on([Role['narrow.guard.exit']], function (c) { this.narrowings.push({ name: get(c, 'name')!, guard: get(c, 'fn')!, exit: get(c, 'if')! }); return; });
      on([Role['narrow.guard']], function (c) { this.narrowings.push({ name: get(c, 'name')!, guard: get(c, 'fn')!, body: get(c, 'body')! }); return; });
      on([Role['narrow.guard.either']], function (c) {
        if (this.ident(get(c, 'name')!) === this.ident(get(c, 'name2')!)) this.narrowings.push({ name: get(c, 'name')!, guard: get(c, 'fn')!, guard2: get(c, 'fn2')!, body: get(c, 'body')! });
        return;
      });
      on([Role['fntype.predicate']], function (c) { this.fnTypePredicate.set(get(c, 'fntype')!, get(c, 'type')!); return; });
      on([Role['returns.predicate']], function (c) { this.predicateOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
      on([Role['type.generic']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'wrap' }); return; });
      on([Role['type.generic.arg']], function (c) {
        const node = get(c, 'generic')!, prev = this.generics.get(node);
        if (prev) { prev.name = get(c, 'name')!; prev.arg = get(c, 'arg')!; } else this.generics.set(node, { name: get(c, 'name')!, arg: get(c, 'arg')! });
        return;
      });
      on([Role['type.generic.arg2']], function (c) {
        const node = get(c, 'generic')!, prev = this.generics.get(node);
        if (prev) prev.arg2 = get(c, 'arg')!; else this.generics.set(node, { name: get(c, 'name')!, arg: get(c, 'arg')!, arg2: get(c, 'arg')! });
        return;
      });
      on([Role['type.object.prop']], function (c) { pushTo(this.objectTypes, get(c, 'object')!, { name: get(c, 'name')!, type: get(c, 'type')! }); return; });
      on([Role['type.object.index']], function (c) { this.objectIndex.set(get(c, 'object')!, get(c, 'type')!); return; });
      on([Role['type.object.call']], function (c) { pushTo(this.objectCalls, get(c, 'object')!, { sig: get(c, 'sig')!, returns: get(c, 'type')! }); return; });
      on([Role['type.object.call.param']], function (c) { pushTo(this.sigParams, get(c, 'sig')!, get(c, 'param')!); return; });
      on([Role['type.object.name']], function (c) { pushTo(this.objectNames, get(c, 'object')!, get(c, 'name')!); return; });
      on([Role['expr.await']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'await' }); return; });
      on([Role['expr.element']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'element' }); return; });
      on([Role['expr.element.key']], function (c) { this.elementKey.set(get(c, 'wrap')!, get(c, 'key')!); return; });
      on([Role['expr.element.name']], function (c) { this.elementName.set(get(c, 'wrap')!, get(c, 'key')!); return; });
      on([Role['expr.element.at']], function (c) {
        const key = get(c, 'key')!, text = this.text.slice(key.start, key.end);
        if (/^\d{1,2}$/.test(text)) this.elementAt.set(get(c, 'wrap')!, Number(text));
        return;
      });
      on([Role['type.array']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'array' }); return; });
      on([Role['arg.list.item']], function (c) { pushTo(this.listItems, get(c, 'list')!, get(c, 'item')!); return; });
      on([Role['type.tuple.item']], function (c) {
        const list = get(c, 'list')!, at = get(c, 'pos')!, item = get(c, 'item')!;
        let items = this.tupleItems.get(list);
        if (!items) this.tupleItems.set(list, (items = new Map()));
        // a labelled item (`[user: User]`) is matched twice: its type is the item
        if (!items.has(at) || item !== at) items.set(at, item);
        return;
      });
      on([Role['expr.spread.array']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'spread' }); return; });
      on([Role['expr.as']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), type: get(c, 'type'), kind: 'as' }); return; });
      on([Role['expr.literal']], function (c) {
        const n = first(c);
        const word = this.text.slice(n.start, n.start + 7).replace(/[^a-z].*$/s, '');
        if (!UNTYPED.has(word)) this.simple.set(n, 'lit');
        else if (word === 'any' && n.end - n.start === 3) this.simple.set(n, 'any');
        return;
      });
      on([Role['expr.this']], function (c) { this.simple.set(first(c), 'this'); this.point(first(c), first(c)); return; });
      on([Role['expr.super']], function (c) { this.simple.set(first(c), 'super'); this.point(first(c), first(c)); return; });
      on([Role['jsx']], function (c) { this.jsx.add(first(c)); return; });
      on([Role['comment']], function (c) { this.comments.add(first(c)); return; });
      on([Role['decorated']], function (c) { this.decoratorBefore.set(get(c, 'next')!, get(c, 'deco')!); return; });
      on([Role['doc.comment']], function (c) {
        const n = first(c);
        if (this.text.startsWith('/**', n.start) && !this.text.startsWith('/**/', n.start)) this.docComments.set(n.end, n);
        return;
      });
      on([Role['this.param']], function (c) { this.thisParamType.set(get(c, 'param')!, get(c, 'type')!); return; });
      on([Role['param.slot']], function (c) { pushTo(this.slotsOf, get(c, 'fn')!, get(c, 'param')!); return; });
      on([Role['fntype.param']], function (c) { pushTo(this.fnTypeParams, get(c, 'fntype')!, { name: get(c, 'name')!, type: get(c, 'type') }); return; });
      on([Role['type.union']], function (c) { pushTo(this.unions, get(c, 'union')!, get(c, 'member')!); return; });
      on([Role['fntype.returns']], function (c) { this.fnTypeReturns.set(get(c, 'fntype')!, get(c, 'type')!); return; });
      on([Role['type.intersection']], function (c) { pushTo(this.intersections, get(c, 'inter')!, get(c, 'member')!); return; });
      on([Role['returns']], function (c) { this.returnsOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
      on([Role['annotated']], function (c) { this.annotOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
      on([Role['var.var']], function (c) { this.varKind.set(first(c), 'var'); return; });
      on([Role['var.let']], function (c) { this.varKind.set(first(c), 'let'); return; });
      on([Role['heritage.proto']], function (c) {
        // the names the query leaves open: `Object.create(Y.prototype)`, `Object.setPrototypeOf(X.prototype,
        // Y.prototype)`, `util.inherits(X, Y)` / `inherits(X, Y)`
        const word = (k: string): string | undefined => { const n = get(c, k); return n ? this.ident(n) : undefined; };
        const fn = word('fn'), obj = word('obj');
        const protos = (word('p1') ?? 'prototype') === 'prototype' && (word('p2') ?? 'prototype') === 'prototype';
        const ok = fn === 'inherits' ? !get(c, 'p1') : obj === 'Object' && (fn === 'create' || fn === 'setPrototypeOf') && protos;
        if (ok) this.protoBases.push({ name: get(c, 'name')!, base: get(c, 'base')! });
        return;
      });
      on([Role['heritage.extends'], Role['heritage.implements']], function (c, role) {
        // (a tags-style `@reference.implementation` pattern names the base by `@name`)
        const n = get(c, role === Role['heritage.extends'] ? 'extends' : 'implements') ?? get(c, 'name')!;
        this.push(startOf(n), EV_POINT, { heritage: role === Role['heritage.extends'] ? 'extends' : 'implements', node: n, clause: get(c, 'clause') });
        return;
      });
  }

  private file(c: Caps, role: Role): void {
    if (!role) return;
    const handle = fileBy[role];
    if (handle !== undefined) { handle.call(this, c, role); return; }
    if (isScopeRole(role)) {
      const node = first(c);
      const kind = Role[role].slice(6) as ScopeKind;
      this.scopeKindOf.set(node, kind);
      this.push(startOf(node), EV_SCOPE, { node, kind });
      return;
    }
    if (role === Role['def.this.field'] && this.ident(get(c, 'ctor')!) !== 'constructor') return;
    if (role === Role['def.cjs.objmethod']) {
      // a method of an object literal assigned to something: kept (in pass 2) when that is `module.exports`
      const rec: DefRec = { role, def: get(c, 'def')!, name: get(c, 'name'), body: get(c, 'body'), value: get(c, 'value'), host: get(c, 'assign') };
      this.methodObjects.add(get(c, 'object')!);
      this.skipIds.add(rec.name!);
      this.push(startOf(rec.def), EV_DEF, rec);
      return;
    }
    if (isDefRole(role)) {
      const rec: DefRec = { role, def: get(c, 'def') ?? get(c, 'param')!, name: get(c, 'name'), body: get(c, 'body'), value: get(c, 'value'), type: get(c, 'type') };
      if (rec.name) this.skipIds.add(rec.name);
      // (the class members written in class bodies, known before any definition is replayed: an assignment to
      // `this.x` in a method before a method `x() {}` declares nothing)
      if (rec.name && (role === Role['def.method'] || role === Role['def.field'])) pushTo(this.memberDeclsAt, this.ident(rec.name), startOf(rec.def));
      this.push(startOf(rec.name && role === Role['def.param.property'] ? rec.name : rec.def), EV_DEF, rec);
      return;
    }
    if (isDeclRole(role)) {
      const name = get(c, 'name')!;
      this.skipIds.add(name);
      this.push(startOf(name), EV_DECL, { role, name, type: get(c, 'type'), value: get(c, 'value'), slot: get(c, 'param'), pattern: get(c, 'pattern'), key: get(c, 'key') });
      return;
    }
    if (isModuleRole(role)) this.module(role, c);
    else if (role === Role['var.pattern']) this.patternInit.set(get(c, 'pattern')!, get(c, 'value')!);
  }

  private module(role: Role, c: Caps): void {
    const sourceNode = get(c, 'source');
    const source = sourceNode ? this.stringAt(sourceNode) : '';
    switch (role) {
      case Role['import.module']: this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'import' }); return;
      case Role['import.dynamic']: {
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'dynamic' });
        const call = get(c, 'call');
        if (call) this.dynamicSource.set(call, source);
        return;
      }
      case Role['require.call']:
        if (this.ident(get(c, 'fn')!) !== 'require') return;
        this.requireSource.set(get(c, 'call')!, source);
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'require' });
        return;
      case Role['import.default']: case Role['import.namespace']: case Role['require.namespace']: {
        const local = get(c, 'local')!;
        const kind = role === Role['import.default'] ? 'default' : role === Role['import.namespace'] ? 'namespace' : 'require';
        const decl = get(c, 'decl');
        if (decl) this.requireDecl.add(decl);
        const fact: ImportFact = { kind, source, local: this.ident(local), at: this.pos(local) };
        if (kind === 'default') fact.imported = 'default';
        this.bindImport(fact, local);
        return;
      }
      case Role['import.named']: {
        const name = get(c, 'name')!, alias = get(c, 'alias');
        const imported = this.ident(name);
        this.skipIds.add(name);
        this.bindImport({ kind: 'named', source, imported, local: alias ? this.ident(alias) : imported, at: this.pos(name) }, alias ?? name);
        return;
      }
      case Role['import.named.default']: {
        // `import { default as foo } from 'x'` (tree-sitter-javascript has no name node for `default`): a default import
        const alias = get(c, 'alias')!;
        this.bindImport({ kind: 'default', source, imported: 'default', local: this.ident(alias), at: this.pos(alias) }, alias);
        return;
      }
      case Role['export.from.default']: {
        // `export { default } from './x'`, `export { default as Button } from './x'` (no name node for `default`)
        const spec = get(c, 'spec')!, alias = get(c, 'alias');
        if (alias) this.skipIds.add(alias);
        this.exports.push({ kind: 'from', name: alias ? this.ident(alias) : 'default', imported: 'default', source, at: toPos(rowOf(spec) + 1, colOf(spec) + 1, 7) });
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
        return;
      }
      case Role['export.statement']: {
        const node = get(c, 'export')!;
        const s = startOf(node);
        EXPORT_DEFAULT.lastIndex = s;
        this.push(s, EV_EXPORT, { end: this.end(node), isDefault: EXPORT_DEFAULT.test(this.text) });
        return;
      }
      case Role['export.default.name']: case Role['export.equals']: {
        const name = get(c, 'name')!;
        this.kindOverride.set(name, 'export');
        this.pendingExports.push(() => this.exports.push(role === Role['export.equals'] ? { kind: 'cjs', value: this.expr(name) } : { kind: 'local', name: 'default', value: this.expr(name) }));
        return;
      }
      case Role['export.local']: {
        const name = get(c, 'name')!, alias = get(c, 'alias');
        this.kindOverride.set(name, 'export');
        if (alias) this.skipIds.add(alias);
        const exported = alias ? this.ident(alias) : this.asDefault(name) ? 'default' : this.ident(name);
        this.pendingExports.push(() => this.exports.push({ kind: 'local', name: exported, value: this.expr(name) }));
        return;
      }
      case Role['export.from']: {
        const name = get(c, 'name')!, alias = get(c, 'alias');
        this.skipIds.add(name);
        if (alias) this.skipIds.add(alias);
        const imported = this.ident(name);
        this.exports.push({ kind: 'from', name: alias ? this.ident(alias) : this.asDefault(name) ? 'default' : imported, imported, source, at: this.pos(name) });
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
        return;
      }
      case Role['export.star']:
        this.exports.push({ kind: 'star', source });
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
        return;
      case Role['export.star.as']: {
        const alias = get(c, 'alias')!;
        this.skipIds.add(alias);
        this.exports.push({ kind: 'star-as', name: this.ident(alias), source });
        this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 're-export' });
        return;
      }
      case Role['assign.member']: {
        // `module.exports = v`, `exports.name = v`, `module.exports.name = v`; anything else is no export
        const object = get(c, 'object')!, nameNode = get(c, 'name')!, value = get(c, 'value')!, assign = get(c, 'assign')!;
        const target = this.text.slice(object.start, nameNode.start).replace(/[\s.?]/g, '');
        const name = this.ident(nameNode);
        if (target === 'module' && name === 'exports') {
          this.moduleExportsAssign.add(assign);
          // `module.exports = function () {}` / `= class Foo {}`: the module's value is a symbol of its own
          this.push(startOf(value), EV_DEF, { role: Role['def.cjs.module'], def: value, value, host: assign } satisfies DefRec);
          this.pendingExports.push(() => this.exports.push({ kind: 'cjs', value: this.expr(value) }));
        } else if (target === 'exports' || target === 'moduleexports') {
          this.skipIds.add(nameNode);
          this.push(startOf(assign), EV_DEF, { role: Role['def.cjs'], def: assign, name: nameNode, value } satisfies DefRec);
        } else if (PROTOTYPE_OF.test(this.text.slice(object.start, object.end))) {
          this.prototypeNames.add(PROTOTYPE_OF.exec(this.text.slice(object.start, object.end))![1]);
          // `Counter.prototype.inc = function () {}`: an instance method of the constructor function (or class)
          this.push(startOf(assign), EV_DEF, { role: Role['def.prototype'], def: assign, name: nameNode, value, type: object } satisfies DefRec);
        } else if (/^[$_\p{ID_Start}][$\p{ID_Continue}]*$/u.test(target) && this.text.slice(object.start, object.end) === target) {
          // `internals.helper = function () {}`, `Klass.create = () => …`: a method of a module-level object or class
          this.push(startOf(assign), EV_DEF, { role: Role['def.assigned'], def: assign, name: nameNode, value, type: object } satisfies DefRec);
        }
        return;
      }
      case Role['assign.entry']: {
        const name = get(c, 'name')!, value = get(c, 'value') ?? name, assign = get(c, 'assign')!;
        const exported = this.ident(name);
        this.pendingExports.push(() => { if (this.moduleExportsAssign.has(assign)) this.exports.push({ kind: 'local', name: exported, value: this.expr(value) }); });
        return;
      }
    }
  }

  /** `a as default` after an export specifier's name: tree-sitter-javascript keeps no alias node for `default`. */
  private asDefault(name: Node): boolean {
    AS_DEFAULT.lastIndex = name.end;
    return AS_DEFAULT.test(this.text);
  }

  private bindImport(fact: ImportFact, localNode: Node, scope: Scope = this.root): void {
    const i = this.imports.length;
    this.imports.push(fact);
    this.claimed.add(localNode);
    this.skipIds.add(localNode);
    scope.names.set(fact.local, importBinding(i));
  }

  private point(node: Node, at: Node): void {
    this.push(startOf(at), EV_NODE, node);
  }

  private push(p: number, t: number, x: any): void {
    this.evP.push(p);
    this.evT.push(t);
    this.evX.push(x);
  }

  // ------------------------------------------------------------------ pass 2
  private replay(): void {
    const evP = this.evP, evT = this.evT, evX = this.evX;
    if (this.decoratorBefore.size) {
      // a decorated definition's span opens at its first decorator (see decoratedStart)
      for (let i = 0; i < evP.length; i++) if (evT[i] === EV_DEF && evP[i] === startOf((evX[i] as DefRec).def)) evP[i] = this.decoratedStart((evX[i] as DefRec).def);
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
          if (s >= 0) symStack.push({ s, end: this.end((x as DefRec).def), start: p });
          break;
        }
        case EV_DECL: this.declare(x, scope, cur); break;
        case EV_POINT: this.pointEvent(x, scope, cur); break;
        case EV_NODE: this.nodeEvent(x, scope, cur, symStack); break;
      }
      // identifiers are not events (there are many): they take their scope from a second sweep below
    }
    this.sweepIds();
    if (this.narrowings.length) this.narrow();
    for (const { name, body, yes } of this.isArrayNarrowings) this.forEachOccurrence(name, body, (node) => { if (!this.arrayPart.has(node)) this.arrayPart.set(node, yes); });
    if (this.tagNarrowings.length || this.tagCases.size || this.tagExits.length) this.narrowByTags();
  }

  /** A scope event of `replay`: the scope it opens (inside `parent`). */
  private openScope(x: any, p: number, parent: Scope): Scope {
    const node = x.node as Node;
    // every scope has the same fields from the start (one hidden class for the hot lookups)
    const scope: Scope = { kind: x.kind, start: p, argOf: undefined, end: this.end(node), parent, names: new LazyMap(), classSym: this.classSymOf.get(node) ?? this.prototypeOwner.get(node) ?? -1, thisType: undefined, node };
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
    // the body of a top-level constructor function (`function F() {}` with `F.prototype.m = …` in the file):
    // `this` is an F, as the checker reads it
    if (x.kind === 'function' && this.prototypeNames.size && scope.classSym < 0) {
      const fs = this.fnSymOf.get(node);
      if (fs !== undefined && this.symbols[fs].parent === -1 && this.symbols[fs].label === 'Function' && this.symbols[fs].kind === 'function' && this.prototypeNames.has(this.symbols[fs].name)) scope.classSym = fs;
    }
    this.scopeSpans.push({ p, end: scope.end, scope });
    return scope;
  }

  /** A point event of `replay` (a returned value or a heritage clause) in `scope` under symbol `cur`. */
  private pointEvent(x: any, scope: Scope, cur: number): void {
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
  private nodeEvent(node: Node, scope: Scope, cur: number, symStack: Array<{ s: number; end: number; start: number }>): void {
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
    const member = this.members.get(node);
    if (member) { member.from = cur; return; }
    const sk = this.simple.get(node);
    if (sk === 'this' || sk === 'super') {
      let typed = sk === 'this' ? thisTypeAt(scope) : undefined;
      // the `this` type inside the `this:` annotation itself (`this: this & { el: E }`) is the class's instance
      if (typed && node.start >= typed.start && node.start < this.end(typed)) typed = undefined;
      if (typed) this.thisType.set(node, typed); else this.thisCls.set(node, thisClass(scope));
      // `this` in a static method is the class itself (its static side), not an instance
      // (and `super` there is the base class's static side: `static getDefaults() { return super.getDefaults() }`)
      if (!typed && this.inStaticMethod(scope)) this.staticThis.add(node);
    }
    return;
  }

  /**
   * `if (x instanceof C) …`: inside the guarded statement, occurrences of the same binding of x (a parameter or
   * local; symbols keep their own references) are C instances, as the checker narrows them.
   */
  private narrow(): void {
    for (const { name, type, guard, guard2, body, exit } of this.narrowings) {
      this.forEachOccurrence(name, body ?? this.exitSpan(exit!), (node) => {
        // (an early exit's narrowing holds in the rest of the block, where an `if` of its own may narrow further)
        if (type) { if (!exit || !this.narrowedTo.has(node)) this.narrowedTo.set(node, type); } else if (guard && !this.narrowedTo.has(node) && (!exit || !this.guardedBy.has(node))) this.guardedBy.set(node, guard2 ? [guard, guard2] : guard);
      });
    }
  }

  /**
   * Calls `fn` for each occurrence inside `body` (offsets) of the binding `name` names, when that is a parameter or
   * local (symbols keep their own references), `name` itself aside.
   */
  private forEachOccurrence(name: Node, body: { start: number; end: number }, fn: (node: Node) => void): void {
    const rec = this.idOf(name);
    if (!rec?.scope) return;
    const text = this.ident(name);
    const b = lookup(rec.scope, text);
    if (!bindsLocal(b)) return;
    const recs = this.sortedIds;
    let lo = 0, hi = recs.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (recs[mid].node.start < body.start) lo = mid + 1; else hi = mid; }
    for (let i = lo; i < recs.length && recs[i].node.start < body.end; i++) {
      const r = recs[i];
      if (r.scope && r.node !== name && this.ident(r.node) === text && lookup(r.scope, text) === b) fn(r.node);
    }
  }

  /**
   * `switch (x.kind) { case 'a': case 'b': … }` and `if (x.kind === 'a') …`: inside the case (with the empty cases
   * that fall into it) or the guarded statement, occurrences of the same binding of x (a parameter or local) are the
   * member types whose `kind` is one of those strings, as the checker narrows a discriminated union.
   */
  private narrowByTags(): void {
    const all = [...this.tagNarrowings];
    // (the block after an early exit: from the `if`'s end to the end of the innermost scope around it)
    for (const x of this.tagExits) all.push({ name: x.name, key: x.key, tags: x.tags, body: this.exitSpan(x.exit) });
    this.tagCases.forEach((cases) => {
      const ordered = [...cases].sort((a, b) => a.node.start - b.node.start);
      let pending: string[] = [];
      for (const c of ordered) {
        pending.push(this.text.slice(c.tag.start, c.tag.end));
        // a case with no statements falls into the next one: its tag joins that one's
        const rest = this.text.slice(c.tag.end + 1, c.node.end).replace(/^\s*:\s*/, '');
        if (rest === '') continue;
        all.push({ name: c.name, key: c.key, tags: pending, body: c.node });
        pending = [];
      }
    });
    for (const { name, key, tags, body } of all) {
      const k = this.ident(key);
      this.forEachOccurrence(name, body, (node) => { if (!this.narrowedTo.has(node)) this.tagged.set(node, { key: k, tags }); });
    }
  }

  /** Where an early exit's narrowing holds: from the end of its `if` to the end of the innermost scope around it. */
  private exitSpan(exit: Node): { start: number; end: number } {
    return { start: exit.end, end: this.scopeAt(exit.start).end };
  }

  /** The operator written between two nodes of a comparison (`===` in `x.kind === 'a'`; quotes and spaces left out). */
  private operatorBetween(left: Node, right: Node): string {
    return this.text.slice(left.end, right.start).replace(/[\s'"`]/g, '');
  }

  /** Identifier records in source order (set by sweepIds). */
  private sortedIds: IdRec[] = [];

  /** Assigns each identifier its scope and enclosing symbol with a merge of two sorted sequences. */
  private sweepIds(): void {
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

  private readonly scopeSpans: Array<{ p: number; end: number; scope: Scope }> = [];
  private readonly symSpans: Array<{ p: number; end: number; sym: number }> = [];

  private define(d: DefRec, scope: Scope, cur: number, ex: { end: number; isDefault: boolean } | undefined): number {
    const name = d.name ? this.ident(d.name) : 'default';
    const topLevel = cur === -1 && scope === this.root;
    const exported = topLevel && ex !== undefined;
    const isDefault = exported && ex!.isDefault;
    const handle = defineBy[d.role];
    return handle === undefined ? -1 : handle.call(this, d, scope, cur, name, exported, isDefault, topLevel);
  }

  /** `define`'s handler of each definition role (one function each, as `file`'s). */
  static {
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

  // ------------------------------------------------------------------ JSDoc (JavaScript files)
  /** Doc comments (`/** … *\/`) by end offset: a declaration's doc is the one ending right before it. */
  private readonly docComments = new LazyMap<number, Node>();
  /** Symbols whose doc comment sits before another node than their declaration (`module.exports = function …`). */
  private readonly docHostOf = new LazyMap<number, number>();
  /** Named function and class expressions that are symbols → the symbol (their name is bound inside them). */
  private readonly ownNameOf = new LazyMap<Node, number>();
  private readonly docTagMemo = new LazyMap<Node, JsdocTag[]>();
  /** `@typedef` / `@callback` names of the file → their TypeAlias symbol (types only: never values). */
  private readonly typedefs = new LazyMap<string, number>();
  /** Local variables declared by a declarator (their `@type` sits before it). */
  private readonly localDecls: Array<{ l: number; def: Node }> = [];
  /** JSDoc types of locals and parameters, by local index. */
  private readonly jsdocLocal = new LazyMap<number, Expr>();
  /** Entries of JSDoc-typed destructured parameters: a member of the parameter's type, by local index. */
  private readonly jsdocLocalInit = new LazyMap<number, Expr>();
  /** Entries of destructured parameters (pattern node, local, key). */
  private readonly patternLocals = new LazyMap<Node, Array<{ l: number; key: string }>>();
  /** A defaulted destructured parameter (`{ a } = {}`): its slot (the assignment) → its pattern. */
  private readonly slotPattern = new LazyMap<Node, Node>();
  /** `import("./x")` in JSDoc types → the import binding standing for that module. */
  private readonly jsdocImports = new LazyMap<string, number>();
  /** Offsets where the text's lines start (the tree's own table when `lineStarts` was given, else made on first use). */
  private docLineStarts: ArrayLike<number> | undefined;

  /** The doc comment's tags right before `start` (whitespace and modifiers such as `export const` between). */
  private docTagsBefore(start: number): JsdocTag[] | undefined {
    const i = this.beforeModifiers(start);
    const c = this.docComments.get(i);
    if (!c) return undefined;
    let tags = this.docTagMemo.get(c);
    if (!tags) this.docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
    return tags;
  }

  /** The innermost scope around an offset. */
  private scopeAt(pos: number): Scope {
    const spans = this.scopeSpans;
    let lo = 0, hi = spans.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (spans[mid].p <= pos) lo = mid + 1; else hi = mid; }
    let sc: Scope | undefined = lo > 0 ? spans[lo - 1].scope : this.root;
    while (sc && sc !== this.root && (sc.start > pos || sc.end <= pos)) sc = sc.parent;
    return sc ?? this.root;
  }

  /** Name resolution for the types of one doc comment: its `@template` names, the file's typedefs, then the scope. */
  private typeNames(scope: Scope, templates?: Map<string, Expr>) {
    return {
      name: (n: string): Expr => {
        // `@returns {this}`: the class the comment's declaration belongs to
        if (n === 'this') { const cls = thisClass(scope); return cls >= 0 ? { k: 'this', cls } : { k: 'other' }; }
        const tp = templates?.get(n);
        if (tp) return tp;
        const td = this.typedefs.get(n);
        if (td !== undefined) return { k: 'id', name: n, b: symbolBinding(td) };
        const b = lookup(scope, n);
        return b ? { k: 'id', name: n, b } : { k: 'id', name: n };
      },
      importOf: (source: string): Expr => {
        let i = this.jsdocImports.get(source);
        if (i === undefined) {
          i = this.imports.length;
          this.imports.push({ kind: 'jsdoc', source, local: `import("${source}")`, at: toPos(1, 1, 0) });
          this.jsdocImports.set(source, i);
        }
        return { k: 'id', name: `import("${source}")`, b: importBinding(i) };
      },
    };
  }

  /** `@template {C} T` of a comment: T reads as its constraint C, unconstrained as unknown. */
  private templatesOf(tags: JsdocTag[], scope: Scope): Map<string, Expr> | undefined {
    let out: Map<string, Expr> | undefined;
    for (const tag of tags) {
      if (tag.tag !== 'template' || !tag.names) continue;
      out ??= new Map();
      const constraint = tag.type ? jsdocType(tag.type, this.typeNames(scope, out)) : { k: 'other' } as Expr;
      for (const n of tag.names) out.set(n, constraint);
    }
    return out;
  }

  /**
   * `@import { Parser } from './index.js'` (TypeScript 5.5) in a doc comment: a type-only import, bound at the top
   * of the file for the types of doc comments (a name the file declares or imports itself keeps that meaning).
   */
  private jsdocImportTags(): void {
    for (const c of [...this.docComments.values()].sort(byStart)) {
      const body = this.text.slice(c.start, c.end);
      if (!body.includes('@import')) continue;
      for (const b of jsdocImportTags(body)) {
        if (this.root.names.get(b.local) !== undefined) continue;
        const node = this.syntheticNode(c.start + b.at, b.length);
        const fact: ImportFact = { kind: b.kind, source: b.source, local: b.local, at: toPos(node.row + 1, node.col + 1, b.length) };
        if (b.imported !== undefined) fact.imported = b.imported;
        this.root.names.set(b.local, importBinding(this.imports.length));
        this.imports.push(fact);
      }
    }
  }

  /**
   * `@typedef {T} Name` and `@callback Name` (with its `@param`/`@returns`): TypeAlias symbols of the file, exported
   * as TypeScript exports a module's typedefs. Registered first, so types may name typedefs written later.
   */
  private jsdocTypedefs(): void {
    const pending: Array<{ s: number; tags: JsdocTag[]; k: number }> = [];
    for (const c of [...this.docComments.values()].sort(byStart)) {
      // most doc comments declare no typedef: skip them without parsing their tags
      const body = this.text.slice(c.start, c.end);
      if (!body.includes('@typedef') && !body.includes('@callback')) continue;
      let tags = this.docTagMemo.get(c);
      if (!tags) this.docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
      for (let k = 0; k < tags.length; k++) {
        const tag = tags[k];
        if ((tag.tag !== 'typedef' && tag.tag !== 'callback') || !tag.name || tag.nameAt === undefined || tag.name.includes('.')) continue;
        if (this.typedefs.has(tag.name)) continue;
        const nameNode = this.syntheticNode(c.start + tag.nameAt, tag.name.length);
        // its signature is the tag's own text; no doc line (an object that loses a key is slow to read and copy)
        const signature = `@${tag.tag} ${tag.type ? `{${tag.type.length > 150 ? `${tag.type.slice(0, 147)}...` : tag.type}} ` : ''}${tag.name}`;
        const s = this.addSymbol({ role: Role['def.typedef'], def: c, name: nameNode }, this.root, -1, tag.name, 'TypeAlias', tag.tag, true, false, signature);
        this.typedefs.set(tag.name, s);
        pending.push({ s, tags, k });
      }
    }
    for (const { s, tags, k } of pending) {
      const tag = tags[k];
      const names = this.typeNames(this.root, this.templatesOf(tags, this.root));
      if (tag.tag === 'typedef') {
        let type = tag.type ? jsdocType(tag.type, names) : { k: 'other' } as Expr;
        // `@typedef {Object} Options` + `@property {T} name` lines: an object type
        if (type.k === 'other' || type.k === 'any' || (type.k === 'id' && !type.b)) {
          const props: Array<{ name: string; type: Expr }> = [];
          for (let j = k + 1; j < tags.length && tags[j].tag !== 'typedef' && tags[j].tag !== 'callback'; j++) {
            const p = tags[j];
            if ((p.tag === 'property' || p.tag === 'prop') && p.type && p.name && !p.name.includes('.')) props.push({ name: p.name, type: jsdocType(p.type, names) });
          }
          if (props.length) type = { k: 'object', props };
        }
        this.typedefTypes.set(s, type);
      } else {
        const params: Array<Expr | null> = [];
        let returns: Expr = { k: 'other' };
        for (let j = k + 1; j < tags.length && tags[j].tag !== 'typedef' && tags[j].tag !== 'callback'; j++) {
          const p = tags[j];
          if (p.tag === 'param' && p.name && !p.name.includes('.')) params.push(p.type ? jsdocType(p.type, names) : null);
          else if ((p.tag === 'returns' || p.tag === 'return') && p.type) returns = jsdocType(p.type, names);
        }
        this.typedefTypes.set(s, { k: 'fntype', returns, params });
      }
    }
  }

  private readonly typedefTypes = new LazyMap<number, Expr>();

  /** A node-like record for a name inside a comment (a typedef's name), for positions only. */
  private syntheticNode(start: number, length: number): Node {
    const starts = (this.docLineStarts ??= lineStartsOf(this.text));
    let lo = 0, hi = starts.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (starts[mid] <= start) lo = mid + 1; else hi = mid; }
    const row = lo - 1;
    return { key: -1, typeId: -1, start, end: start + length, row, col: start - starts[row], endRow: row, owner: undefined, memo: undefined, id: undefined };
  }

  /**
   * The JSDoc types of the file's declarations: `@param` of every function (symbol or callback) types its
   * parameters, `@returns` a function symbol's result, `@type` a variable, field or `this.x = …` property, and
   * typedefs their alias. Only where no TypeScript annotation exists (JavaScript files have none).
   */
  private jsdocApply(symbols: SymbolFact[]): void {
    for (const [s, type] of this.typedefTypes) symbols[s].type = type;
    const classTemplates = this.jsdocClassTemplates(symbols);
    /** The templates in force in member `s`'s comment: its class's (`@template T` on `class Repo`) and its own. */
    const withClass = (s: number | undefined, own: Map<string, Expr> | undefined): Map<string, Expr> | undefined =>
      inForce(s === undefined ? undefined : classTemplates?.get(symbols[s].parent), own);
    // functions: every function node with parameter slots, its doc before the declaration that holds it
    const seen = new Set<Node>();
    // (forEach: a for-of over a Map's entries makes an array per entry)
    this.slotsOf.forEach((slots, fn) => {
      const s = this.fnSymOf.get(fn);
      const host = s !== undefined ? this.docHostOf.get(s) ?? this.work[s].defNode.start : fn.start;
      const tags = this.docTagsBefore(host);
      if (!tags) return;
      seen.add(fn);
      const scope = this.scopeAt(host);
      // a generic function (`@template T`, `@param {T} x`, `@returns {T}`): its template names are its type parameters
      const generic = s !== undefined ? this.jsdocGenerics(symbols[s], tags, scope) : undefined;
      const names = this.typeNames(scope, withClass(s, generic ?? this.templatesOf(tags, scope)));
      const ordered = this.realSlots(slots);
      const params: Array<Expr | null> | undefined = generic && ordered.map(() => null);
      if (this.patternLocals.size) this.jsdocPatterns(ordered, tags, names);
      for (const tag of tags) {
        if (tag.tag !== 'param' || !tag.type || !tag.name || tag.name.includes('.')) continue;
        for (let i = 0; i < ordered.length; i++) {
          const l = this.slotLocal.get(ordered[i]);
          if (l === undefined || this.localNodes[l].name !== tag.name) continue;
          const type = jsdocType(tag.type, names);
          if (!this.localNodes[l].type) this.jsdocLocal.set(l, type);
          if (params) params[i] = type;
          // a function-typed parameter (`@param {function(Compilation): void} cb`): its callback's parameter types
          if (s !== undefined && type.k === 'fntype' && type.params && !symbols[s].callbackParams?.[i]) (symbols[s].callbackParams ??= {})[i] = type.params;
        }
      }
      if (params && params.some((p) => p)) symbols[s!].params = params;
      if (s !== undefined && !symbols[s].returns) this.jsdocReturns(symbols[s], tags, scope, generic, classTemplates?.get(symbols[s].parent));
    });
    // functions without parameters still declare results
    this.fnSymOf.forEach((s, fn) => {
      if (seen.has(fn) || this.slotsOf.has(fn) || symbols[s].returns) return;
      const w = this.work[s];
      if (fn !== w.defNode && this.slotsOf.has(w.defNode)) return;
      const host = this.docHostOf.get(s) ?? w.defNode.start;
      const tags = this.docTagsBefore(host);
      if (tags) this.jsdocReturns(symbols[s], tags, this.scopeAt(host), this.jsdocGenerics(symbols[s], tags, this.scopeAt(host)), classTemplates?.get(symbols[s].parent));
    });
    // variables, fields and properties
    for (let s = 0; s < this.symbols.length; s++) {
      const w = this.symbols[s], at = this.work[s].defNode.start;
      if ((w.label !== 'Variable' && w.label !== 'Property') || symbols[s].type) continue;
      const tags = this.docTagsBefore(at);
      const type = tags && this.jsdocTypeTag(tags, this.scopeAt(at), classTemplates?.get(symbols[s].parent));
      if (type) symbols[s].type = type;
    }
    for (const { l, def } of this.localDecls) {
      if (this.localNodes[l].type) continue;
      const tags = this.docTagsBefore(def.start);
      const type = tags && this.jsdocTypeTag(tags, this.scopeAt(def.start));
      if (type) this.jsdocLocal.set(l, type);
    }
  }

  /**
   * Destructured parameters (`weakError({ module, chunkGraph })`): the n-th `@param` (dotted names aside) types the
   * n-th parameter, so an entry is that type's member; `@param {ChunkGraph} options.chunkGraph` types the entry itself.
   */
  private jsdocPatterns(ordered: readonly Node[], tags: JsdocTag[], names: ReturnType<Collector['typeNames']>): void {
    const params = tags.filter((t) => t.tag === 'param' && t.name && !t.name.includes('.'));
    for (let i = 0; i < ordered.length && i < params.length; i++) {
      const slot = ordered[i];
      // `{ logger } = {}`: the slot is the assignment, the entries belong to its pattern
      const entries = this.patternLocals.get(slot) ?? this.patternLocals.get(this.slotPattern.get(slot)!);
      if (!entries) continue;
      const whole = params[i].type ? jsdocType(params[i].type!, names) : undefined;
      const prefix = `${params[i].name}.`;
      for (const { l, key } of entries) {
        if (this.localNodes[l].type || this.localNodes[l].init) continue;
        const own = tags.find((t) => t.tag === 'param' && t.type && t.name === prefix + key);
        if (own) this.jsdocLocal.set(l, jsdocType(own.type!, names));
        else if (whole && whole.k !== 'other') this.jsdocLocalInit.set(l, { k: 'member', obj: { k: 'as', type: whole }, name: key });
      }
    }
  }

  private jsdocReturns(sym: SymbolFact, tags: JsdocTag[], scope: Scope, generic?: Map<string, Expr>, classTemplates?: Map<string, Expr>): void {
    // (a getter's `@type {T}` is its type: what reading it gives)
    const tag = tags.find((t) => (t.tag === 'returns' || t.tag === 'return') && t.type)
      ?? (sym.kind === 'getter' ? tags.find((t) => t.tag === 'type' && t.type) : undefined);
    if (!tag) return;
    // a result typed by a template parameter is what the call instantiates it to: a generic function's type parameter
    // (the call's arguments bind it), else not typed here; the class's templates are its type parameters, which the
    // receiver's type arguments bind (`Repo<User>`)
    const templates = generic ? undefined : this.templatesOf(tags, scope);
    const own = generic ?? (templates ? new Map([...templates.keys()].map((k) => [k, { k: 'other' } as Expr])) : undefined);
    sym.returns = jsdocType(tag.type!, this.typeNames(scope, inForce(classTemplates, own)));
  }

  /**
   * The `@template` names of classes' doc comments (`@template T` before `class Repo`): the class's type parameters
   * (a local each, typed by its constraint), which its members' JSDoc types name and `Repo<User>` binds. Undefined
   * when no class has any.
   */
  private jsdocClassTemplates(symbols: SymbolFact[]): Map<number, Map<string, Expr>> | undefined {
    let out: Map<number, Map<string, Expr>> | undefined;
    for (let s = 0; s < symbols.length; s++) {
      const sym = symbols[s];
      if (sym.label !== 'Class' || sym.typeParams) continue;
      const tags = this.docTagsBefore(this.docHostOf.get(s) ?? this.work[s].defNode.start);
      if (!tags || !tags.some((t) => t.tag === 'template' && t.names)) continue;
      (out ??= new Map()).set(s, this.templateLocals(sym, tags, this.scopeAt(this.work[s].defNode.start)));
    }
    return out;
  }

  /**
   * The `@template` names of a function or method's doc comment as its own type parameters (not overloaded, with a
   * `@returns`): a local each (typed by its constraint, as inside the function the checker reads it), listed in
   * `typeParams`; the names read as those locals. Undefined for anything else.
   */
  private jsdocGenerics(sym: SymbolFact, tags: JsdocTag[], scope: Scope): Map<string, Expr> | undefined {
    if ((sym.label !== 'Function' && sym.label !== 'Method') || sym.more || sym.typeParams) return undefined;
    if (!tags.some((t) => t.tag === 'template' && t.names) || !tags.some((t) => (t.tag === 'returns' || t.tag === 'return') && t.type)) return undefined;
    return this.templateLocals(sym, tags, scope);
  }

  /**
   * A local for each `@template` name of `tags` (typed by its constraint), listed as `sym`'s `typeParams`; the names
   * read as those locals.
   */
  private templateLocals(sym: SymbolFact, tags: JsdocTag[], scope: Scope): Map<string, Expr> {
    const out = new Map<string, Expr>();
    const typeParams: number[] = [];
    for (const tag of tags) {
      if (tag.tag !== 'template' || !tag.names) continue;
      const constraint = tag.type ? jsdocType(tag.type, this.typeNames(scope, out)) : undefined;
      for (const n of tag.names) {
        const l = this.localNodes.length;
        this.localNodes.push({ name: n });
        if (constraint && constraint.k !== 'other') this.jsdocLocal.set(l, constraint);
        typeParams.push(l);
        out.set(n, { k: 'id', name: n, b: localBinding(l) });
      }
    }
    sym.typeParams = typeParams;
    return out;
  }

  /** The type of a `@type {T}` tag, if the comment has one. */
  private jsdocTypeTag(tags: JsdocTag[], scope: Scope, classTemplates?: Map<string, Expr>): Expr | undefined {
    const tag = tags.find((t) => t.tag === 'type' && t.type);
    if (!tag) return undefined;
    return jsdocType(tag.type!, this.typeNames(scope, inForce(classTemplates, this.templatesOf(tags, scope))));
  }

  /** `/** @type {Foo} *\/ (x)`: the asserted type of a parenthesised expression, if a type comment precedes it. */
  private jsdocCast(node: Node): Expr | undefined {
    let i = node.start;
    while (i > 0 && isSpace(this.text.charCodeAt(i - 1))) i--;
    const c = this.docComments.get(i);
    if (!c) return undefined;
    let tags = this.docTagMemo.get(c);
    if (!tags) this.docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
    const tag = tags.find((t) => t.tag === 'type' && t.type);
    if (!tag) return undefined;
    const scope = this.scopeAt(node.start);
    return jsdocType(tag.type!, this.typeNames(scope, this.templatesOf(tags, scope)));
  }

  /** An object literal, also at the end of a chain of assignments (`var app = exports = module.exports = {}`). */
  private isObjectLiteral(node: Node): boolean {
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
   * `SchemaController.build = build` at the top level, on a module-level class, constructor function or object: a
   * property holding another name's value (a call through it runs what that name is, as for `const f = g`).
   */
  private assignedAlias(d: DefRec, scope: Scope, cur: number, name: string): number {
    if (cur !== -1 || scope !== this.root || !d.value || !(this.idOf(d.value) !== undefined || this.members.has(d.value))) return -1;
    const owner = this.root.names.get(this.ident(d.type!));
    if (!bindsSymbol(owner)) return -1;
    const parent = this.symbols[bindingIndex(owner)];
    if (parent.parent !== -1 || (parent.label !== 'Variable' && parent.label !== 'Class' && !(parent.label === 'Function' && parent.kind !== 'arrow_function'))) return -1;
    if (this.memberKeys.has(`${bindingIndex(owner)}\u0000${parent.label === 'Variable' ? '' : 's'}${name}`)) return -1;
    this.skipIds.add(d.name!);
    const s = this.addSymbol(d, scope, bindingIndex(owner), name, 'Property', 'assigned_value', parent.exported, false);
    if (parent.label !== 'Variable') this.symbols[s].isStatic = true;
    this.work[s].initNode = d.value;
    this.memberKeys.set(`${bindingIndex(owner)}\u0000${parent.label === 'Variable' ? '' : 's'}${name}`, s);
    return this.span(s, d.def);
  }

  /** True inside a `static` method of a class (through arrows and blocks; a plain function stops the search). */
  private inStaticMethod(scope: Scope): boolean {
    for (let sc: Scope | undefined = scope; sc; sc = sc.parent) {
      if (sc.kind === 'method') return !!sc.node && this.text.startsWith('static', sc.node.start) && !/[$\w]/.test(this.text[sc.node.start + 6] ?? '');
      if (sc.kind === 'function' || sc.kind === 'class' || sc.kind === 'program') return false;
    }
    return false;
  }

  private readonly staticThis = new NodeSet(this.nodeFlags, 128);

  /** A `require('m')` call not bound by a declaration: an import binding of its own (no local name). */
  private inlineRequire(node: Node): Expr {
    const source = this.requireSource.get(node)!;
    let i = this.inlineRequires.get(source);
    if (i === undefined) {
      i = this.imports.length;
      this.imports.push({ kind: 'require', source, local: 'require', at: toPos(rowOf(node) + 1, colOf(node) + 1, 0) });
      this.inlineRequires.set(source, i);
    }
    return { k: 'id', name: 'require', b: importBinding(i) };
  }

  private readonly inlineRequires = new LazyMap<string, number>();

  /** A function whose body assigns `this.x = …` (nested functions included: an approximation). */
  private assignsThis(fn: Node): boolean {
    // starts of the `this.x = …` targets, sorted once (a binary search per function, not a scan)
    let starts = this.thisTargetStarts;
    if (!starts) {
      starts = this.assignTargets.filter((t) => this.text.startsWith('this', t.start) && !/[$\w]/.test(this.text[t.start + 4] ?? '')).map((t) => t.start).sort((a, b) => a - b);
      this.thisTargetStarts = starts;
    }
    let lo = 0, hi = starts.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (starts[mid] < fn.start) lo = mid + 1; else hi = mid; }
    return lo < starts.length && starts[lo] < fn.end;
  }

  private thisTargetStarts: number[] | undefined;

  private readonly paramProps = new NodeSet(this.nodeFlags, 256);
  /** Property names declared by `this.x = …` in a JavaScript constructor (their member access is the definition). */
  private readonly declaredProps = new NodeSet(this.nodeFlags, 512);
  /** Names of parameter properties → their Property symbol. */
  private readonly paramPropOf = new LazyMap<Node, number>();

  /** Symbols exported by name (`export { a }`, `export default a`, CommonJS) and the members of exported classes. */
  private markExported(): void {
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
  private evolvingScope(l: number): Scope | undefined {
    const evolving = this.localNodes[l].evolving;
    return evolving && !this.jsdocLocal.has(l) ? evolving : undefined;
  }

  /**
   * The class whose instance `this` is at a definition in scope `scope`, when that is directly in a non-static
   * method `cur` of a class (through blocks and arrows, not functions of its own); else -1.
   */
  private methodThisClass(scope: Scope, cur: number): number {
    if (cur < 0 || this.symbols[cur].label !== 'Method' || this.symbols[cur].isStatic) return -1;
    let s: Scope | undefined = scope;
    while (s && (s.kind === 'block' || s.kind === 'arrow')) s = s.parent;
    if (!s || s.kind !== 'method') return -1;
    const cls = this.symbols[cur].parent;
    return cls >= 0 && this.symbols[cls].label === 'Class' ? cls : -1;
  }

  /** A top-level `function F() {}` with `F.prototype.m = …` in the file (its `this` is an F). */
  private isConstructorFunction(s: number): boolean {
    if (s < 0) return false;
    const sym = this.symbols[s];
    return sym.parent === -1 && sym.label === 'Function' && sym.kind === 'function' && this.prototypeNames.has(sym.name);
  }

  private span(s: number, def: Node): number {
    const end = this.end(def);
    this.symSpans.push({ p: this.decoratedStart(def), end, sym: s });
    return s;
  }

  /**
   * Where a definition starts when its decorators count as its own: `@Get() find() {}` calls Get from find, and
   * `@Injectable() export class S` from S — the checker's reading, where decorators belong to the declaration.
   */
  private decoratedStart(def: Node): number {
    let first = def;
    for (let d = this.decoratorBefore.get(def); d !== undefined; d = this.decoratorBefore.get(d)) first = d;
    return startOf(first);
  }

  /** An overload's further declaration `d` of symbol `s` (a signature, or the implementation). */
  private mergeOverload(s: number, d: DefRec, isSignature: boolean): void {
    const prev = this.symbols[s], w = this.work[s];
    (prev.more ??= []).push(this.pos(d.name!));
    this.fnSymOf.set(d.def, s);
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
  private addSymbol(d: DefRec, scope: Scope, parent: number, name: string, label: SymbolLabel, kind: string, exported: boolean, isDefault: boolean, signature?: string): number {
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

  /** `x = require('m')` and `x = require('m').y`: import bindings, not variables. */
  private requireBinding(value: Node, nameNode: Node, scope: Scope): boolean {
    let source = this.requireSource.get(value);
    if (source !== undefined) {
      this.bindImport({ kind: 'require', source, local: this.ident(nameNode), at: this.pos(nameNode) }, nameNode, scope);
      return true;
    }
    const m = this.members.get(value);
    source = m ? this.requireSource.get(m.object) : undefined;
    if (m && source !== undefined) {
      this.bindImport({ kind: 'require-named', source, imported: this.ident(m.property), local: this.ident(nameNode), at: this.pos(m.property) }, nameNode, scope);
      return true;
    }
    return false;
  }

  private declare(x: { role: Role; name: Node; type?: Node; value?: Node; slot?: Node; pattern?: Node; key?: Node }, scope: Scope, cur: number): void {
    if (x.slot && x.type) this.slotType.set(x.slot, x.type);
    if (this.claimed.has(x.name)) return;
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
        const source = this.requireSource.get(init);
        if (source !== undefined) {
          // `const { a, b: c } = require('m')`: named imports
          this.bindImport({ kind: 'require-named', source, imported: key, local: name, at: this.pos(x.key ?? x.name) }, x.name, scope);
          return;
        }
        initFrom = { node: init, key };
        // the key names a member of the initializer: `{ a }` (shorthand) or `{ a: b }`
        const keyNode = x.key ?? x.name;
        const ch = this.text.charCodeAt(keyNode.start);
        if (ch !== 91 && ch !== 34 && ch !== 39) this.keyRefs.set(keyNode, { obj: init, name: key, kind: x.key ? 'value' : 'shorthand', typed: false, from: cur });
      }
    }
    // a parameter's pattern without a type, or a pattern nested in another: a member of what the parameter (or the
    // outer pattern) receives
    const fromPattern = x.pattern && !initFrom && (this.patternSlot.has(x.pattern) || this.patternNested.has(x.pattern)) ? { pattern: x.pattern, key: x.key ? this.ident(x.key) : name } : undefined;
    const l = this.localNodes.length;
    // `const [observer] = React.useState(() => new Observer(…))`: the state
    const stateOf = x.role === Role['decl.pattern'] ? this.firstOf.get(x.name) : undefined;
    const arrayAt = x.role === Role['decl.pattern'] && !x.pattern ? this.arrayElement.get(x.name) : undefined;
    this.localNodes.push({ name, type: x.type, init: x.role === Role['decl.element'] ? undefined : x.value, initFrom, fromPattern, stateOf, elementOf: x.role === Role['decl.element'] ? x.value : undefined, arrayAt });
    // an entry of a destructured parameter nothing types yet (JavaScript): its JSDoc may (see jsdocApply)
    if (x.pattern && !initFrom && this.docComments.size) pushTo(this.patternLocals, x.pattern, { l: this.localNodes.length - 1, key: x.key ? this.ident(x.key) : name });
    if (x.slot) this.slotLocal.set(x.slot, l);
    const fnOwner = x.role === Role['decl.type.param'] && scope.node ? this.fnSymOf.get(scope.node) : undefined;
    if (fnOwner !== undefined && (scope.kind === 'function' || scope.kind === 'method' || scope.kind === 'arrow' || scope.kind === 'type')) {
      // a function's or method's own type parameters (`function first<T>(xs: T[]): T`): its calls bind them
      const w = this.symbols[fnOwner];
      (w.typeParams ??= []).push(l);
      this.genericFnNode.set(fnOwner, scope.node!);
    } else if (x.role === Role['decl.type.param']) {
      // a class's or interface's own type parameters, in order (`class Repo<T>`: a `Repo<User>` has T = User)
      const owner = scope.kind === 'class' ? scope.classSym : scope.kind === 'type' && cur >= 0 && this.symbols[cur].label === 'Interface' ? cur : -1;
      if (owner >= 0) (this.symbols[owner].typeParams ??= []).push(l);
      // a type alias's own parameters (`type UnaryFunction<T, R> = …`; not those of a function type inside it)
      else if (scope.kind === 'type' && cur >= 0 && this.symbols[cur].label === 'TypeAlias' && scope.node === this.work[cur].defNode) (this.symbols[cur].typeParams ??= []).push(l);
    }
    scope.names.set(name, localBinding(l));
  }

  // ------------------------------------------------------------------ facts
  private build(lines: number, parseErrors: number): FileFacts {
    // a top-level constructor function given a base by its prototype (`Model.prototype = Object.create(Document.prototype)`,
    // `util.inherits(Model, Document)`): the base's members are its instances' (no base of its own written otherwise)
    for (const { name, base } of this.protoBases) {
      const b = this.root.names.get(this.ident(name));
      if (!bindsSymbol(b)) continue;
      const s = bindingIndex(b), sym = this.symbols[s];
      if (sym.parent === -1 && sym.label === 'Function' && sym.kind !== 'arrow_function' && !this.work[s].extendsNodes) this.work[s].extendsNodes = [base];
    }
    // type guards by symbol: the predicate of the symbol's function (a declaration, or a const's arrow)
    const predicates = new Map<number, Node>();
    if (this.predicateOf.size) this.fnSymOf.forEach((i, fn) => { const t = this.predicateOf.get(fn); if (t) predicates.set(i, t); });
    // each fact filled in place (its keys in the order they were set, as facts.json keeps them)
    const symbols = this.symbols;
    for (let i = 0; i < symbols.length; i++) {
      const fact = symbols[i];
      const { typeNode, initNode, returnsNode, extendsNodes, implementsNodes } = this.work[i];
      if (typeNode) fact.type = this.expr(typeNode);
      if (initNode) fact.init = this.expr(initNode);
      if (returnsNode) fact.returns = this.expr(returnsNode);
      const predicate = predicates.get(i);
      if (predicate) fact.predicate = this.expr(predicate);
      if (extendsNodes) fact.extends = extendsNodes.map((n) => this.expr(n));
      if (implementsNodes) fact.implements = implementsNodes.map((n) => this.expr(n));
    }
    this.baseParams(symbols);
    if (this.docComments.size) this.jsdocApply(symbols);
    this.returnValues(symbols);
    this.markReassigned(symbols);
    // a destructured parameter: one unnamed local for the parameter, so that it is typed like any other (contextual
    // types below); its names read members of it
    for (const slot of this.patternSlot.values()) {
      if (this.slotLocal.has(slot)) continue;
      this.slotLocal.set(slot, this.localNodes.length);
      this.localNodes.push({ name: '' });
    }
    this.declaredParams(symbols);
    // declared callback parameter types, by parameter position (only function types have them)
    if (this.fnTypeParams.size && this.slotType.size) this.fnSymOf.forEach((s, fn) => {
      const slots = this.slotsOf.get(fn);
      if (!slots) return;
      const ordered = this.realSlots(slots);
      for (let i = 0; i < ordered.length; i++) {
        const type = this.slotType.get(ordered[i]);
        const params = type ? this.fnTypeParams.get(type) : undefined;
        if (!params) continue;
        (symbols[s].callbackParams ??= {})[i] = this.paramTypes(params);
      }
    });
    // a function bound to a declared type (`const f: Handler = (req) => …`), or returned by a function whose result
    // type is declared (`(): Handler => (req) => …`, `const mk: (e: E) => Handler = (e) => (req) => …`): its
    // unannotated parameters are that type's parameters
    // (none without declared function types or declared results)
    if (this.declaredFnType.size || this.returnsOf.size) for (const [fn, ctx] of this.functionContexts()) {
      const slots = this.slotsOf.get(fn);
      if (!slots) continue;
      const ordered = this.realSlots(slots);
      for (let j = 0; j < ordered.length; j++) {
        const l = this.slotLocal.get(ordered[j]);
        if (l !== undefined && !this.localNodes[l].type && !this.localNodes[l].ctx) this.localNodes[l].ctxType = { type: ctx.type, param: j, returns: ctx.returns };
      }
    }
    // a function assigned to a member (`handlers.focus = (view) => …`): its unannotated parameters are those of the
    // member's declared type, `(typeof handlers)['focus']`
    for (const [fn, a] of this.assignedFns) {
      const slots = this.slotsOf.get(fn);
      if (!slots) continue;
      const ordered = this.realSlots(slots);
      for (let j = 0; j < ordered.length; j++) {
        const l = this.slotLocal.get(ordered[j]);
        const loc = l === undefined ? undefined : this.localNodes[l];
        if (loc && !loc.type && !loc.ctx && !loc.ctxType) loc.ctxAssign = { obj: a.obj, name: a.name, param: j };
      }
    }
    this.typedEntries(symbols.length);
    const calls: CallFact[] = [];
    const calleeNodes = new NodeSet(this.nodeFlags, 1024);
    if (this.namedCallees.size) this.memberCallees();
    this.calls.forEach((c, node) => {
      if (c.callee === node) return; // only arguments seen (should not happen)
      calleeNodes.add(c.callee);
      const callee = this.expr(c.callee);
      if (callee.k === 'id' && !callee.b && callee.name === 'require') return;
      if (callee.k === 'fn') return;
      // `import(…)` loads a module (a ModuleRef, its value a promise of the namespace): no function is called
      if (c.callee.end - c.callee.start === 6 && this.text.startsWith('import', c.callee.start)) return;
      const nameNode = this.nameNodeOf(c.callee);
      const fact: CallFact = { callee, at: nameNode ? this.pos(nameNode) : toPos(rowOf(node) + 1, colOf(node) + 1, 0), from: c.from };
      if (c.isNew) fact.isNew = true;
      if (c.via) { const via = this.calls.get(c.via); if (via) fact.via = this.calleeText(via.callee); }
      if (c.args) {
        const args: ArgFact[] = [];
        const ordered = this.realSlots(c.args, true);
        for (let i = 0; i < ordered.length; i++) {
          // a function argument: its parameters are typed by the callee's declaration of parameter i
          const branches = this.branchesOf.get(ordered[i]);
          for (let b = -1; b < (branches ? branches.length : 0); b++) {
            const slots = this.slotsOf.get(b < 0 ? ordered[i] : branches![b]);
            if (!slots) continue;
            const ps = this.realSlots(slots);
            for (let j = 0; j < ps.length; j++) {
              const l = this.slotLocal.get(ps[j]);
              if (l !== undefined && !this.localNodes[l].type) this.localNodes[l].ctx = { call: calls.length, arg: i, param: j };
            }
          }
        }
        let text: string | undefined; // the callee's text, made once per call
        for (let k = 0; k < c.args.length; k++) {
          const a = c.args[k];
          if (this.comments.has(a)) continue;
          const value = this.expr(a);
          if (value.k === 'id' ? !value.b || bindsLocal(value.b) : value.k !== 'member') continue;
          const nn = this.nameNodeOf(a);
          if (!nn) continue;
          args.push({ value, at: this.pos(nn), callee: (text ??= this.calleeText(c.callee)) });
        }
        for (const { key, value: v } of c.propArgs ?? []) {
          const value = this.expr(v);
          if (value.k === 'id' ? !value.b || bindsLocal(value.b) : value.k !== 'member') continue;
          const nn = this.nameNodeOf(v);
          if (!nn) continue;
          args.push({ value, at: this.pos(nn), callee: (text ??= this.calleeText(c.callee)), key: this.ident(key) });
        }
        if (args.length) fact.args = args;
      }
      calls.push(fact);
    });
    const locals: LocalFact[] = this.localNodes.map((l, i) => {
      const f: LocalFact = { name: l.name };
      if (l.type) f.type = this.expr(l.type);
      else if (this.jsdocLocal.has(i)) f.type = this.jsdocLocal.get(i);
      if (l.init) f.init = this.expr(l.init);
      else if (this.jsdocLocalInit.has(i)) f.init = this.jsdocLocalInit.get(i);
      else if (l.initFrom) {
        const obj = this.expr(l.initFrom.node);
        f.init = { k: 'member', obj: l.initFrom.isType ? { k: 'as', type: obj } : obj, name: l.initFrom.key };
      }
      else if (l.stateOf && this.stateValue(l.stateOf)) f.init = this.stateValue(l.stateOf);
      else if (l.fromPattern) {
        const obj = this.patternValue(l.fromPattern.pattern, 0);
        if (obj) f.init = { k: 'member', obj, name: l.fromPattern.key };
      }
      else if (l.elementOf) f.init = { k: 'element', of: this.expr(l.elementOf) };
      else if (l.arrayAt) {
        const of = this.patternValue(l.arrayAt.pattern, 0);
        if (of) f.init = { k: 'element', of, at: l.arrayAt.index };
      }
      if (l.ctx) f.ctx = l.ctx;
      else if (l.ctxType) {
        f.ctxType = { type: this.expr(l.ctxType.type), param: l.ctxType.param };
        if (l.ctxType.returns) f.ctxType.returns = l.ctxType.returns;
      }
      else if (l.ctxEntry) f.ctxType = { type: { k: 'index', of: this.expr(l.ctxEntry.type), name: l.ctxEntry.name }, param: l.ctxEntry.param };
      else if (l.ctxAssign) f.ctxType = { type: { k: 'index', of: { k: 'typeof', of: this.expr(l.ctxAssign.obj) }, name: this.ident(l.ctxAssign.name) }, param: l.ctxAssign.param };
      // a local declared without a value (`let end; if (…) end = a; else end = b;`): one of the values assigned to
      // it, as the checker's type of such a `let` evolves with them (not one that reads the local itself)
      if (l.evolving && !f.type) {
        f.evolving = true;
        const assigned = this.assignedOf.get(i);
        if (assigned && assigned.length <= 6 && !assigned.includes(null)) {
          const values = (assigned as Node[]).map((n) => this.expr(n));
          if (!values.some((v) => mentionsLocal(v, i, 0))) f.init = values.length === 1 ? values[0] : { k: 'union', types: values };
        }
      }
      if (this.reassignedLocals.has(i)) f.reassigned = true;
      return f;
    });
    const refs: RefFact[] = [];
    this.idList.forEach((r) => {
      const node = r.node;
      if (this.skipIds.has(node) || calleeNodes.has(node)) return;
      const e = this.expr(node);
      if (e.k !== 'id' || !e.b || bindsLocal(e.b)) return;
      const kind: RefKind = this.jsx.has(node) ? 'jsx' : this.kindOverride.get(node) ?? r.kind;
      // an identifier's `id` value carries its own name (`pos` would scan it again)
      refs.push({ value: e, kind, at: toPos(rowOf(node) + 1, colOf(node) + 1, e.name.length), from: r.from });
    });
    this.members.forEach((m, node) => {
      if (calleeNodes.has(node) || this.declaredProps.has(m.property)) return;
      const e = this.expr(node);
      if (e.k !== 'member' || e.obj.k === 'lit' || e.obj.k === 'other') return;
      refs.push({ value: e, kind: this.jsx.has(node) ? 'jsx' : 'value', at: this.pos(m.property), from: m.from });
    });
    // keys naming members: `const p: Provider = { a: 1 }` (typed object literal), `const { a, b: c } = obj`
    const declared = new Set<number>();
    for (const sym of this.symbols) if (posLength(sym.at) > 0) declared.add(posLine(sym.at) * 65536 + posColumn(sym.at));
    this.keyRefs.forEach((k, node) => {
      // a key that declares a symbol (an object-literal method) is tied to the type's member by an IMPLEMENTS edge
      if (declared.has((rowOf(node) + 1) * 65536 + colOf(node) + 1)) return;
      const typeNode = k.assigned ? this.declaredType(k.obj) : k.obj;
      if (!typeNode) return;
      const obj: Expr = k.typed ? { k: 'as', type: this.expr(typeNode) } : k.pushed ? { k: 'element', of: this.expr(typeNode) } : this.expr(typeNode);
      if (obj.k === 'lit' || obj.k === 'other' || obj.k === 'fn') return;
      refs.push({ value: { k: 'member', obj, name: k.name }, kind: k.kind, at: this.pos(node), from: k.from, key: true });
    });
    return {
      path: this.filePath, language: this.language, lines, parseErrors,
      symbols, imports: this.imports, exports: this.exports, modules: this.modules, locals, calls, refs,
    };
  }

  /**
   * What a destructuring pattern takes apart: a parameter (its unnamed local), an initializer, a typed parameter's
   * type, or the outer pattern's member for a nested one.
   */
  private patternValue(pattern: Node, depth: number): Expr | undefined {
    if (depth > 8) return undefined;
    const slot = this.patternSlot.get(pattern);
    const typeNode = this.patternType.get(pattern);
    if (typeNode) return { k: 'as', type: this.expr(typeNode) };
    const init = this.patternInit.get(pattern);
    if (init) return this.expr(init);
    const iterated = this.patternOf.get(pattern);
    if (iterated) return { k: 'element', of: this.expr(iterated) };
    if (slot) {
      const l = this.slotLocal.get(slot);
      return l === undefined ? undefined : { k: 'id', name: '', b: localBinding(l) };
    }
    const nested = this.patternNested.get(pattern);
    if (!nested) return undefined;
    const outer = this.patternValue(nested.outer, depth + 1);
    return outer && { k: 'member', obj: outer, name: this.ident(nested.key) };
  }

  /**
   * An array literal's items (a spread item is `other`); a long one (a table of data) or one of literals only is no
   * use to the resolver: `other`.
   */
  private listValue(nodes: Node[]): Expr {
    const items = nodes.filter((n) => !this.isComment(n));
    if (items.length > 8) return { k: 'other' };
    const out = items.sort(byStart).map((n) => this.text.startsWith('...', n.start) ? { k: 'other' } as Expr : this.expr(n));
    return out.every((e) => e.k === 'lit' || e.k === 'other') ? { k: 'other' } : { k: 'list', items: out };
  }

  /** The position of `name` among the elements of the array pattern `pattern` (commas before it, outside brackets). */
  private patternIndex(pattern: Node, name: Node): number {
    let index = 0, depth = 0;
    for (let i = pattern.start + 1; i < name.start; i++) {
      const ch = this.text.charCodeAt(i);
      if (ch === 40 || ch === 91 || ch === 123) depth++; // ( [ {
      else if (ch === 41 || ch === 93 || ch === 125) depth--;
      else if (ch === 44 && depth === 0) index++;
    }
    return index;
  }

  /** What an unannotated function returns (its return statements' values), for the resolver to evaluate. */
  private returnValues(symbols: SymbolFact[]): void {
    for (const { fn, body } of this.arrowBodies) if (this.scopeKindOf.get(body) !== 'block') pushTo(this.returned, fn, body);
    this.returned.forEach((values, fn) => {
      const s = this.fnSymOf.get(fn);
      if (s === undefined) return;
      const w = this.symbols[s];
      if ((w.label === 'Function' || w.label === 'Method') && w.kind !== 'constructor' && w.kind !== 'setter' && this.functionHead(fn) === 'plain') {
        const held = this.returnedFunction(values);
        if (held !== undefined && held !== s) symbols[s].returnsFn = held;
      }
      if (this.work[s].returnsNode || symbols[s].returnsValue || (w.label !== 'Function' && w.label !== 'Method')) return;
      if (w.kind === 'setter' || w.kind === 'constructor') return;
      const head = this.functionHead(fn);
      if (head === 'generator') return;
      const exprs = values.filter((n) => !this.isComment(n)).sort(byStart).map((n) => this.expr(n));
      if (exprs.length === 0 || exprs.every((e) => e.k === 'other')) return;
      symbols[s].returnsValue = exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
      if (head === 'async') symbols[s].returnsAsync = true;
    });
  }

  /** Function symbols assigned after their declaration (`let notify = …; notify = fn`): a call does not fix them. */
  private markReassigned(symbols: SymbolFact[]): void {
    for (const target of this.assignTargets) {
      // (an evolving `let` assigned in a closure reads as `any` there: the name itself is the target)
      const written = this.expr(target);
      const e = written.k === 'as' && written.of ? written.of : written;
      let s: number | undefined;
      if (e.k === 'id' && bindsLocal(e.b)) {
        const l = bindingIndex(e.b), value = this.assignValue.get(target);
        this.reassignedLocals.add(l);
        // (only assignments in the declaring function: the checker's `let` evolves in its own function's flow, and
        // one assigned in a closure, `function init() { state = new State() }`, is `any` elsewhere)
        const evolving = this.evolvingScope(l), scope = this.idOf(target)?.scope;
        if (value && evolving) pushTo(this.assignedOf, l, scope && functionScope(scope) === evolving ? value : null);
        continue;
      }
      if (e.k === 'id' && bindsSymbol(e.b)) s = bindingIndex(e.b);
      else if (e.k === 'member' && e.obj.k === 'this' && e.obj.cls >= 0) {
        // the assignment that declares `this.x = function …` in a constructor is no reassignment
        const m = this.members.get(target);
        if (m && this.declaredProps.has(m.property)) continue;
        s = this.memberKeys.get(`${e.obj.cls}\u0000${e.name}`);
      }
      if (s === undefined) continue;
      const sym = symbols[s];
      if (sym.label === 'Function' || sym.kind === 'field_function') sym.reassigned = true;
    }
  }

  /**
   * Classes that extend a parameter of the function around them (a mixin: `function M<T extends Ctor>(Base: T) {
   * class C extends Base {…} return C }`): that parameter's position, so that `class X extends M(Y)` finds Y's
   * members through C (the resolver's heritage through a call).
   */
  private baseParams(symbols: SymbolFact[]): void {
    let fnOf: Map<number, Node> | undefined;
    for (let i = 0; i < symbols.length; i++) {
      const sym = symbols[i];
      const base = sym.label === 'Class' && sym.parent >= 0 ? sym.extends?.[0] : undefined;
      if (!base || base.k !== 'id' || !bindsLocal(base.b)) continue;
      if (!fnOf) { fnOf = new Map(); this.fnSymOf.forEach((s, fn) => { if (this.slotsOf.has(fn)) fnOf!.set(s, fn); }); }
      const fn = fnOf.get(sym.parent);
      const slots = fn && this.slotsOf.get(fn);
      if (!slots) continue;
      const j = this.realSlots(slots).findIndex((slot) => this.slotLocal.get(slot) === bindingIndex(base.b!));
      if (j >= 0) sym.baseParam = j;
    }
  }

  /** The expression shape of a node (memoised; identifiers are looked up in their scope). */
  private expr(node: Node): Expr {
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
  private own(node: Node): void {
    if (node.owner !== this) { node.owner = this; node.memo = undefined; node.id = undefined; }
  }

  /** The identifier record of `node`, if a query captured it as one. */
  private idOf(node: Node): IdRec | undefined {
    return node.owner === this ? node.id as IdRec | undefined : undefined;
  }

  /** Records `node` as an identifier of `kind` (a second capture of the same node replaces the record, in place). */
  private setId(node: Node, kind: RefKind): void {
    this.own(node);
    const r = node.id as IdRec | undefined;
    if (r !== undefined) { r.kind = kind; r.scope = undefined; r.from = -1; return; }
    const rec: IdRec = { node, kind, scope: undefined, from: -1 };
    node.id = rec;
    this.idList.push(rec);
  }

  private exprUncached(node: Node): Expr {
    const operand = this.operandOf.get(node);
    if (operand) return this.expr(operand);
    const id = this.idOf(node);
    if (id) {
      const name = this.ident(node);
      const b = lookup(id.scope ?? this.root, name);
      const plain: Expr = b ? { k: 'id', name, b } : { k: 'id', name };
      // a `let` declared without a value, read in a closure: `any` there to the checker (its evolving type holds
      // in its own function only)
      const evolving = bindsLocal(b) ? this.evolvingScope(bindingIndex(b)) : undefined;
      if (evolving && id.scope && functionScope(id.scope) !== evolving) return { k: 'as', type: { k: 'any' }, of: plain };
      const narrowed = this.narrowedTo.get(node);
      if (narrowed) return { k: 'narrowed', of: plain, type: this.expr(narrowed) };
      const guard = this.guardedBy.get(node);
      if (Array.isArray(guard)) return { k: 'guarded', by: { k: 'union', types: guard.map((g) => this.expr(g)) }, of: plain };
      const guarded: Expr = guard ? { k: 'guarded', by: this.expr(guard), of: plain } : plain;
      const tag = this.tagged.size ? this.tagged.get(node) : undefined;
      const part = this.arrayPart.size ? this.arrayPart.get(node) : undefined;
      const parted: Expr = part === undefined ? guarded : { k: 'isarray', of: guarded, yes: part };
      return tag ? { k: 'tagged', of: parted, key: tag.key, tags: tag.tags } : parted;
    }
    const m = this.members.get(node);
    if (m) return { k: 'member', obj: this.expr(m.object), name: this.ident(m.property) };
    const dynamic = this.dynamicSource.get(node);
    if (dynamic !== undefined) return { k: 'import', source: dynamic };
    const c = this.calls.get(node);
    // `require('./x')` used in place (`require('./x')(app)`, `exports.Suite = require('./suite')`): the module's value
    if (c && !c.isNew && this.requireSource.has(node)) return this.inlineRequire(node);
    if (c && c.callee !== node) return this.exprCall(node, c);
    return this.exprType(node) ?? this.exprOther(node);
  }

  /** The value of a call (`c` its record): an IIFE's result, a React hook's value, `new`, or the call itself. */
  private exprCall(node: Node, c: { callee: Node; isNew: boolean; args?: Node[] }): Expr {
    // an immediately invoked function (`(() => { …; return create })()`) is worth what it returns
    const iife = c.isNew ? undefined : this.iifeValue(c.callee);
    if (iife) return iife;
    const hook = c.isNew ? undefined : this.reactHook(c.callee);
    if (hook) {
      const hooked = this.hookValue(hook, c.args ?? [], this.callTypeArg.get(node));
      if (hooked) return hooked;
    }
    if (c.isNew) {
      // `new Map<string, Loader>()`, `new Set<Sub>()` of the global collections: typed as `Map<…>`, `Set<…>` are
      const ta = this.newTypeArgs.get(node);
      const callee = this.expr(c.callee);
      if (ta && callee.k === 'id' && !callee.b) {
        if (ta.arg && ARRAY_TYPES.has(callee.name)) return { k: 'as', type: { k: 'array', of: this.expr(ta.arg) } };
        if (ta.arg2 && MAP_TYPES.has(callee.name)) return { k: 'as', type: { k: 'map', of: this.expr(ta.arg2), key: this.expr(ta.arg!) } };
        if (ta.arg && callee.name === 'Promise') return { k: 'as', type: { k: 'promise', of: this.expr(ta.arg) } };
      }
      // (the arguments: what a generic class's constructor binds its type parameters to)
      const args = c.args && this.argValues(c.args);
      return args ? { k: 'new', callee, args } : { k: 'new', callee };
    }
    const out: Expr = { k: 'call', callee: this.expr(c.callee) };
    // `Promise.all([a(), b()])`: the list's items (the result is a promise of a tuple of what each gives)
    const list = out.callee.k === 'member' && out.callee.name === 'all' && out.callee.obj.k === 'id' && out.callee.obj.name === 'Promise' && !out.callee.obj.b && c.args
      ? this.listItems.get(this.realSlots(c.args, true)[0]) : undefined;
    if (list) {
      out.args = [this.listValue(list)];
      return out;
    }
    const args = c.args && this.argValues(c.args);
    if (args) out.args = args;
    // the first type argument written at the call (`registry.get<typeof Image>('image')`, `container.get<Db>(DB)`)
    const targ = this.callTypeArg.size ? this.callTypeArg.get(node) : undefined;
    if (targ) out.targs = [this.expr(targ)];
    // how many arguments (when `args` does not say it): what picks an overloaded call signature
    if (c.args && c.args.length) {
      const slots = this.realSlots(c.args, true);
      const n = slots.some((a) => this.text.startsWith('...', a.start)) ? -1 : slots.length;
      if (!args || args.length !== n) out.argc = n;
    }
    return out;
  }

  /** The shape of a type node (unions, intersections, object types, `typeof`, generics), or undefined for any other node. */
  private exprType(node: Node): Expr | undefined {
    const u = this.unions.get(node);
    if (u) return { k: 'union', types: [...u].sort(byStart).map((n) => this.expr(n)) };
    const both = this.intersections.get(node);
    if (both) {
      // `A & B & C` nests to the left: one flat list of parts
      const types: Expr[] = [];
      for (const n of [...both].sort(byStart)) { const e = this.expr(n); if (e.k === 'intersection') types.push(...e.types); else types.push(e); }
      return { k: 'intersection', types };
    }
    const o = this.objectTypes.get(node);
    const index = this.objectIndex.get(node);
    const calls = this.objectCalls.get(node);
    if (o || index || calls) {
      const out: Expr = { k: 'object', props: [...(o ?? [])].sort((a, b) => a.name.start - b.name.start).map((p) => ({ name: this.ident(p.name), type: this.expr(p.type) })) };
      if (index) out.index = this.expr(index);
      if (calls) out.calls = [...calls].sort((a, b) => a.sig.start - b.sig.start).map((c) => ({ ...this.arity(c.sig), returns: this.expr(c.returns) }));
      const names = this.objectNames.get(node);
      if (names) {
        const others = names.map((n) => this.ident(n)).filter((n) => !out.props.some((p) => p.name === n));
        if (others.length) out.others = [...new Set(others)];
      }
      return out;
    }
    const query = this.typeQueries.get(node);
    if (query) return { k: 'typeof', of: this.expr(query) };
    // (`[...xs]` is a wrap: an array of xs's elements)
    const items = this.listItems.size ? this.listItems.get(node) : undefined;
    if (items && !this.wraps.has(node)) return this.listValue(items);
    const tuple = this.tupleItems.size ? this.tupleItems.get(node) : undefined;
    if (tuple) return { k: 'list', items: [...tuple.keys()].sort(byStart).map((at) => this.expr(tuple.get(at)!)) };
    const and = this.ands.get(node);
    if (and) return { k: 'and', left: this.expr(and.left), right: this.expr(and.right) };
    const lookup = this.lookupTypes.get(node);
    if (lookup) return { k: 'index', of: this.expr(lookup.of), name: this.text.slice(lookup.key.start, lookup.key.end) };
    const g = this.generics.get(node);
    if (g) {
      // a generic type reads as its name; the global `Partial<T>` (and its kin) has T's members
      const inner = this.expr(g.name);
      // a project type with type arguments (`Repo<User>`): its name and the arguments (first two)
      if (inner.k === 'id' && inner.b && g.arg) return { k: 'generic', of: inner, args: g.arg2 ? [this.expr(g.arg), this.expr(g.arg2)] : [this.expr(g.arg)] };
      if (inner.k !== 'id' || inner.b) return inner;
      if (SAME_MEMBERS.has(inner.name)) return this.expr(g.arg);
      // `Array<T>`, `ReadonlyArray<T>`, `Set<T>`: the array of T (as `T[]`: elements, for-of, forEach)
      if (ARRAY_TYPES.has(inner.name)) return { k: 'array', of: this.expr(g.arg) };
      if (MAP_TYPES.has(inner.name) && g.arg2) return { k: 'map', of: this.expr(g.arg2), key: this.expr(g.arg!) };
      // `Promise<T>`: awaiting gives a T
      if ((inner.name === 'Promise' || inner.name === 'PromiseLike') && g.arg) return { k: 'promise', of: this.expr(g.arg) };
      // `Record<K, T>`: any key gives a T
      if (inner.name === 'Record' && g.arg2) return { k: 'object', props: [], index: this.expr(g.arg2) };
      // `ReturnType<typeof f>`: what calling f gives; `InstanceType<typeof C>`: an instance of C
      const query = g.arg && (inner.name === 'ReturnType' || inner.name === 'InstanceType') ? this.typeQueries.get(g.arg) : undefined;
      if (query) return inner.name === 'ReturnType' ? { k: 'call', callee: this.expr(query) } : { k: 'new', callee: this.expr(query) };
      return inner;
    }
    return undefined;
  }

  /** How many arguments a call signature takes: its required parameters, and all (-1 with a rest parameter); `this:` is none. */
  private arity(sig: Node): { min: number; max: number } {
    let min = 0, max = 0;
    for (const p of this.sigParams.get(sig) ?? []) {
      const t = this.text.slice(p.start, Math.min(p.end, p.start + 64));
      if (/^this\s*[:?]/.test(t)) continue;
      if (t.startsWith('...')) return { min, max: -1 };
      max++;
      // `name?: T`, `name = x` (optional_parameter, or a default)
      if (!/^[\w$]+\s*\?/.test(t) && !/^[\w$]+\s*(?::[^=]*)?=(?!>)/.test(t)) min = max;
    }
    return { min, max };
  }

  /** The shape of a node that is neither a name, a member, a call nor a type: wrappers, literals, `this`, functions. */
  private exprOther(node: Node): Expr {
    const w = this.wraps.get(node);
    if (w) {
      if (w.kind === 'as' && w.type) {
        // (a name asserted to a type, `toReadonlyArray_ as any`, keeps what it names: the function a const holds)
        const of = w.inner ? this.expr(w.inner) : undefined;
        return of && ((of.k === 'id' && of.b) || of.k === 'member') ? { k: 'as', type: this.expr(w.type), of } : { k: 'as', type: this.expr(w.type) };
      }
      if (w.kind === 'await' && w.inner) return { k: 'await', inner: this.expr(w.inner) };
      if (w.kind === 'element' && w.inner) {
        const name = this.elementName.get(node);
        if (name) return { k: 'member', obj: this.expr(w.inner), name: this.text.slice(name.start, name.end) };
        const key = this.elementKey.get(node);
        // (`obj[Symbol.iterator]`: the member declared `[Symbol.iterator]`)
        const keyText = key && (this.idOf(key) !== undefined ? this.ident(key) : this.text.slice(key.start, key.end).replace(/\s+/g, ''));
        if (keyText) return { k: 'element', of: this.expr(w.inner), key: `[${keyText}]` };
        const at = this.elementAt.size ? this.elementAt.get(node) : undefined;
        return at === undefined ? { k: 'element', of: this.expr(w.inner) } : { k: 'element', of: this.expr(w.inner), at };
      }
      if (w.kind === 'array' && w.inner) return { k: 'array', of: this.expr(w.inner) };
      if (w.kind === 'spread' && w.inner) return { k: 'spread', of: this.expr(w.inner) };
      // `/** @type {Foo} */ (x)`: a JSDoc type assertion
      if (w.kind === 'wrap' && this.docComments.size && this.text.charCodeAt(node.start) === 40) {
        const cast = this.jsdocCast(node);
        if (cast) return { k: 'as', type: cast };
      }
      if (w.inner) return this.expr(w.inner);
    }
    const s = this.simple.get(node);
    if (s === 'lit') return this.literal(node);
    if (s === 'any') return { k: 'any' };
    const entries = this.objectEntries.get(node);
    if (entries) return this.objectValue(entries);
    if (s === 'this') {
      const typed = this.thisType.get(node);
      if (typed) return { k: 'as', type: this.expr(typed) };
      const cls = this.thisCls.get(node) ?? -1;
      if (cls >= 0 && this.staticThis.has(node)) return { k: 'id', name: this.symbols[cls].name, b: symbolBinding(cls) };
      return { k: 'this', cls };
    }
    if (s === 'super') return this.staticThis.has(node) ? { k: 'super', cls: this.thisCls.get(node) ?? -1, st: true } : { k: 'super', cls: this.thisCls.get(node) ?? -1 };
    // a class or function expression that became a symbol (`internals.X = class {…}`) stands for that symbol
    const named = this.classSymOf.get(node) ?? this.fnSymOf.get(node);
    if (named !== undefined) return { k: 'id', name: this.symbols[named].name, b: symbolBinding(named) };
    const sk = this.scopeKindOf.get(node);
    if (sk === 'arrow' || sk === 'function') {
      // what it returns: `users.map((u) => u.owner)` is an array of owners, `fns.make()` of `{ make: () => new A() }` an A
      const ret = this.functionResult(node, true);
      const out: Expr = ret && ret.k !== 'other' && ret.k !== 'lit' ? { k: 'fn', ret } : { k: 'fn' };
      // (`async (x) => …` gives a promise of what it returns)
      if (out.ret && this.functionHead(node) === 'async') out.async = true;
      // a type guard (`(x): x is Admin => …`): what `xs.filter(guard)` keeps
      const predicate = this.predicateOf.size ? this.predicateOf.get(node) : undefined;
      if (predicate) out.pred = this.expr(predicate);
      return out;
    }
    const ret = sk === 'type' ? this.fnTypeReturns.get(node) : undefined;
    if (ret) {
      const params = this.fnTypeParams.get(node);
      const out: Expr = { k: 'fntype', returns: this.expr(ret) };
      if (params) out.params = this.paramTypes(params);
      const predicate = this.fnTypePredicate.get(node);
      if (predicate) out.predicate = this.expr(predicate);
      return out;
    }
    // a string literal (an initialiser, `readonly _tag = 'Objects'`): its text, what a discriminant compares
    const q = this.text.charCodeAt(node.start);
    if (q === 34 || q === 39) return this.literal(node);
    return { k: 'other' };
  }

  /** A literal; a short string literal without escapes (`'circle'`) keeps its text. */
  private literal(node: Node): Expr {
    const q = this.text.charCodeAt(node.start);
    const len = node.end - node.start;
    if ((q !== 34 && q !== 39) || len < 2 || len > 66 || this.text.charCodeAt(node.end - 1) !== q) return { k: 'lit' };
    const v = this.text.slice(node.start + 1, node.end - 1);
    return v.includes('\\') || v.includes(String.fromCharCode(q)) ? { k: 'lit' } : { k: 'lit', v };
  }

  /**
   * The arguments of a call as values (for the type parameters a generic function's result takes from them): names,
   * members, calls, `new`, `this`, assertions and awaits; null for anything else. Undefined when none is known.
   */
  private argValues(argNodes: Node[]): Array<Expr | null> | undefined {
    const ordered = this.realSlots(argNodes, true);
    let known = false;
    const out = ordered.slice(0, 4).map((a) => {
      const e = this.expr(a);
      const useful = e.k === 'id' ? !!e.b : e.k === 'member' || e.k === 'call' || e.k === 'new' || e.k === 'this' || e.k === 'as' || e.k === 'narrowed' || e.k === 'await' || e.k === 'element' || (e.k === 'fn' && !!(e.ret || e.pred));
      if (useful) known = true;
      return useful ? e : null;
    });
    return known ? out : undefined;
  }

  /**
   * A React hook whose result is (part of) its argument, called by its name from 'react' (or Preact's hooks):
   * `useState`, `useMemo`, `useCallback`, `useRef`, `useContext` (with `createContext`), imported by name or
   * through `import * as React` / `import React`. The checker types their results from their arguments' types (the hooks are generic).
   */
  private reactHook(callee: Node): string | undefined {
    const e = this.expr(callee);
    const imp = (b: Binding | undefined) => (bindsImport(b) ? this.imports[bindingIndex(b)] : undefined);
    if (e.k === 'id') {
      const i = imp(e.b);
      return i && i.kind === 'named' && REACT_SOURCES.has(i.source) && REACT_HOOKS.has(i.imported!) ? i.imported : undefined;
    }
    if (e.k === 'member' && e.obj.k === 'id') {
      const i = imp(e.obj.b);
      return i && (i.kind === 'namespace' || i.kind === 'default') && REACT_SOURCES.has(i.source) && REACT_HOOKS.has(e.name) ? e.name : undefined;
    }
    return undefined;
  }

  /**
   * What a hook call gives: `useMemo(() => v)` v, `useCallback(fn)` fn, `useRef(v)` an object whose `current` is v
   * (`useState`'s state is the first element of its result: see `stateOf` in declare).
   */
  private hookValue(hook: string, args: Node[], typeArg: Node | undefined): Expr | undefined {
    const arg = this.realSlots(args, true)[0];
    // `createContext<T>(dflt)`: a context whose value is a T (or what the default is); `useContext(ctx)` reads it
    if (hook === 'createContext') {
      const value = typeArg ? { k: 'as', type: this.expr(typeArg) } as Expr : arg ? this.expr(arg) : undefined;
      return value && { k: 'objval', entries: [{ name: CONTEXT_VALUE, value }] };
    }
    if (!arg) return undefined;
    switch (hook) {
      case 'useContext': return { k: 'member', obj: this.expr(arg), name: CONTEXT_VALUE };
      case 'useMemo': return this.functionResult(arg) ?? { k: 'call', callee: this.expr(arg) };
      case 'useCallback': return this.expr(arg);
      case 'useRef': return { k: 'objval', entries: [{ name: 'current', value: this.expr(arg) }] };
      default: return undefined;
    }
  }

  /** `useState(init)` / `useState(() => init)`: the state, what the first element of the result holds. */
  private stateValue(call: Node): Expr | undefined {
    const c = this.calls.get(call);
    if (!c || c.isNew || this.reactHook(c.callee) !== 'useState' || !c.args) return undefined;
    const arg = this.realSlots(c.args, true)[0];
    return arg && (this.functionResult(arg) ?? this.expr(arg));
  }

  /**
   * What an anonymous function (arrow or function expression) returns, when `fn` is one (not a generator; an async
   * one only with `async`: what its promise resolves to).
   */
  private functionResult(fn: Node, async = false): Expr | undefined {
    for (let w = this.wraps.get(fn); w && w.kind === 'wrap' && w.inner; w = this.wraps.get(fn)) fn = w.inner;
    const kind = this.scopeKindOf.get(fn);
    if (kind !== 'arrow' && kind !== 'function') return undefined;
    const head = this.functionHead(fn);
    if (this.fnSymOf.has(fn) || (head !== 'plain' && !(async && head === 'async'))) return undefined;
    const exprs = this.returnedNodes(fn).map((n) => this.expr(n));
    if (exprs.length === 0) return undefined;
    return exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
  }

  /** The values an anonymous function returns (its return statements', an arrow's expression body), in source order. */
  private returnedNodes(fn: Node): Node[] {
    // (returnValues may have added an expression body to `returned` already: each node once)
    const values = new Set(this.returned.get(fn));
    for (const { fn: f, body } of this.arrowBodies) if (f === fn && this.scopeKindOf.get(body) !== 'block') values.add(body);
    return [...values].filter((n) => !this.isComment(n)).sort(byStart);
  }

  /**
   * The value an immediately invoked anonymous function gives: its only returned value, or the union of them
   * (an arrow's expression body counts as one). Not for async functions and generators (a promise, an iterator).
   */
  private iifeValue(callee: Node): Expr | undefined {
    let fn = callee;
    for (let w = this.wraps.get(fn); w && w.kind === 'wrap' && w.inner; w = this.wraps.get(fn)) fn = w.inner;
    const kind = this.scopeKindOf.get(fn);
    if ((kind !== 'arrow' && kind !== 'function') || this.fnSymOf.has(fn) || this.functionHead(fn) !== 'plain') return undefined;
    // a function of this file returned under an assertion (`return createAsyncThunk as CreateAsyncThunk`) is itself
    const exprs = this.returnedNodes(fn).map((n) => {
      const held = this.returnedFunction([n]);
      return held !== undefined ? { k: 'id', name: this.symbols[held].name, b: symbolBinding(held) } as Expr : this.expr(n);
    });
    if (exprs.length === 0) return undefined;
    return exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
  }

  /**
   * The one function of this file every `return` of `fn` gives (through parentheses and `as`), declared return
   * type or not: `return _ as any` where `function _() {…}`.
   */
  private returnedFunction(values: Node[]): number | undefined {
    let out: number | undefined;
    for (const v of values) {
      if (this.isComment(v)) continue;
      let n = v;
      for (let w = this.wraps.get(n); w && (w.kind === 'wrap' || w.kind === 'as') && w.inner; w = this.wraps.get(n)) n = w.inner;
      const e = this.expr(n);
      if (e.k !== 'id' || !bindsSymbol(e.b) || this.symbols[bindingIndex(e.b)].label !== 'Function' || (out !== undefined && out !== bindingIndex(e.b))) return undefined;
      out = bindingIndex(e.b);
    }
    return out;
  }

  /**
   * An object literal value: its entries in source order. A getter or setter (`get x() {…}`) is no plain value
   * (`other`: what it gives is unknown here).
   */
  private objectValue(entries: Array<{ at: Node; key?: Node; value?: Node; spread?: boolean; open?: boolean }>): Expr {
    const out: Array<{ name: string; value: Expr } | { spread: Expr } | { open: true }> = [];
    for (const en of [...entries].sort((a, b) => a.at.start - b.at.start)) {
      if (en.open) out.push({ open: true });
      else if (en.spread) out.push({ spread: this.expr(en.value!) });
      else if (en.value !== en.key && this.scopeKindOf.get(en.value!) === 'function' && /^(?:async\s+)?[gs]et\s/.test(this.text.slice(en.value!.start, en.key!.start))) out.push({ name: this.ident(en.key!), value: { k: 'other' } });
      else out.push({ name: this.ident(en.key!), value: this.expr(en.value!) });
    }
    return { k: 'objval', entries: out };
  }

  private isComment(n: Node): boolean {
    return this.text.charCodeAt(n.start) === 47 && (this.text.charCodeAt(n.start + 1) === 47 || this.text.charCodeAt(n.start + 1) === 42);
  }

  /**
   * `async` functions return promises of what their return statements give; generators return iterators (their
   * return statements are not their result at all).
   */
  private functionHead(fn: Node): 'async' | 'generator' | 'plain' {
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
  }

  /** The annotation of the variable an identifier names (a typed local, parameter or module variable). */
  private declaredType(id: Node): Node | undefined {
    const e = this.expr(id);
    if (e.k !== 'id' || !e.b) return undefined;
    if (bindsLocal(e.b)) return this.localNodes[bindingIndex(e.b)].type;
    if (bindsSymbol(e.b)) return this.symbols[bindingIndex(e.b)].label === 'Variable' ? this.work[bindingIndex(e.b)].typeNode : undefined;
    return undefined;
  }

  /** Argument or parameter nodes in source order, without comments and (parameters only) TypeScript `this` parameters. */
  private realSlots(nodes: Node[], args = false): readonly Node[] {
    // nearly always none to drop and in order: the list itself (callers only read it)
    // (a call's arguments keep `this` and `this.x`: only a parameter list has a `this` parameter to leave out)
    let i = 0;
    while (i < nodes.length && !this.comments.has(nodes[i]) && (args || !this.isThisParam(nodes[i])) && (i === 0 || nodes[i].start >= nodes[i - 1].start)) i++;
    if (i === nodes.length) return nodes;
    const out = nodes.filter((n) => !this.comments.has(n) && (args || !this.isThisParam(n)));
    // nearly always in source order already (matches come in preorder): a sort only when not
    for (let i = 1; i < out.length; i++) if (out[i].start < out[i - 1].start) return out.sort(byStart);
    return out;
  }

  /**
   * Function values with a declared type: bound to an annotated binding (that type), or returned by a function
   * with a declared result (that result) or with a declared type itself (its type's result, one level deeper).
   * Outer functions start before the functions they return, so one pass in source order reaches every level.
   */
  private functionContexts(): Map<Node, { type: Node; returns: number }> {
    const out = new Map<Node, { type: Node; returns: number }>();
    for (const [fn, type] of this.declaredFnType) out.set(fn, { type, returns: 0 });
    const outers = [...this.returned.keys()].sort(byStart);
    for (const fn of outers) {
      const declared = this.returnsOf.get(fn);
      const own = out.get(fn);
      const ctx = declared ? { type: declared, returns: 0 } : own ? { type: own.type, returns: own.returns + 1 } : undefined;
      if (!ctx) continue;
      for (const v of this.returned.get(fn)!) {
        const kind = this.scopeKindOf.get(v);
        if ((kind === 'arrow' || kind === 'function') && !out.has(v)) out.set(v, ctx);
      }
    }
    return out;
  }

  /**
   * Declared parameter types by position (`params`), where a call's arguments or an object literal read them: a generic
   * function's (not for overloads: which signature a call takes is the checker's call), a generic class's constructor's
   * (`new Box(user)` binds the class's T by them), an interface's method signatures' (what the methods of an object
   * literal the interface types receive: `const h: Handler = { on(e) {…} }`).
   */
  private declaredParams(symbols: SymbolFact[]): void {
    for (const [s, fn] of this.genericFnNode) {
      const sym = symbols[s];
      if (sym.more || !sym.returns) { delete sym.typeParams; continue; }
      this.setParams(sym, fn);
    }
    for (let s = 0; s < symbols.length; s++) {
      const sym = symbols[s];
      if (sym.params || sym.more) continue;
      if (sym.kind === 'method_signature' || (sym.kind === 'constructor' && sym.parent >= 0 && symbols[sym.parent].typeParams)) this.setParams(sym, this.work[s].defNode);
    }
  }

  /** `sym.params`: the declared types of `fn`'s parameters (null where none), when any has one. */
  private setParams(sym: SymbolFact, fn: Node): void {
    const slots = this.slotsOf.get(fn);
    if (!slots) return;
    const params = this.realSlots(slots).map((slot) => { const t = this.slotType.get(slot); return t ? this.expr(t) : null; });
    if (params.some((p) => p)) sym.params = params;
  }

  /**
   * The functions of an object literal a declared type types (`const handlers: Handlers = { a: (x) => …, b(x) {…} }`):
   * their unannotated parameters are those of the type's member, `Handlers['a']`.
   */
  private typedEntries(count: number): void {
    for (let s = 0; s < count; s++) {
      const { typeNode, initNode } = this.work[s];
      if (!typeNode || !initNode) continue;
      let obj = initNode;
      for (let w = this.wraps.get(obj); w && w.kind === 'wrap' && w.inner; w = this.wraps.get(obj)) obj = w.inner;
      const entries = this.objectEntries.get(obj);
      if (!entries) continue;
      for (const en of entries) {
        if (!en.key || !en.value || en.value === en.key) continue;
        const slots = this.slotsOf.get(en.value);
        if (!slots) continue;
        const ordered = this.realSlots(slots);
        for (let j = 0; j < ordered.length; j++) {
          const l = this.slotLocal.get(ordered[j]);
          const loc = l === undefined ? undefined : this.localNodes[l];
          if (loc && !loc.type && !loc.ctx && !loc.ctxType && !loc.ctxAssign) loc.ctxEntry = { type: typeNode, name: this.ident(en.key), param: j };
        }
      }
    }
  }

  /** Declared types of a function type's parameters in order (`this` left out), null where one has none. */
  private paramTypes(params: ReadonlyArray<{ name: Node; type?: Node }>): Array<Expr | null> {
    return params.filter((p) => !this.isThisParam(p.name)).sort((a, b) => a.name.start - b.name.start).map((p) => (p.type ? this.expr(p.type) : null));
  }

  private isNullish(n: Node): boolean {
    const len = n.end - n.start;
    return (len === 4 && this.text.startsWith('null', n.start)) || (len === 9 && this.text.startsWith('undefined', n.start));
  }

  private isThisParam(n: Node): boolean {
    return this.text.charCodeAt(n.start) === 116 /* t */ && this.text.startsWith('this', n.start) && !/[$\w]/.test(this.text[n.start + 4] ?? '');
  }

  /** Names captured as the called name of a tags-style call (`@reference.call` + `@name`). */
  private readonly namedCallees = new Set<Node>();

  /** The callee of a call whose pattern captured only the called name: the name (until memberCallees looks further). */
  private calleeByName(name: Node): Node {
    this.namedCallees.add(name);
    return name;
  }

  /** A call's callee captured as a name that is a member's property (`obj.m` of `obj.m()`): that member instead. */
  private memberCallees(): void {
    const byProperty = new Map<Node, Node>();
    this.members.forEach((m, node) => { if (this.namedCallees.has(m.property)) byProperty.set(m.property, node); });
    this.calls.forEach((c) => { const m = byProperty.get(c.callee); if (m) c.callee = m; });
  }

  /** The node holding the called/used name: the identifier itself or a member's property. */
  private nameNodeOf(node: Node): Node | undefined {
    if (this.idOf(node) !== undefined) return node;
    const m = this.members.get(node);
    if (m) return m.property;
    const named = this.elementName.get(node);
    if (named) return named;
    const w = this.wraps.get(node);
    if (w && w.kind === 'wrap' && w.inner) return this.nameNodeOf(w.inner);
    return undefined;
  }

  private calleeText(node: Node): string {
    const t = oneSpaced(this.text.slice(startOf(node), this.end(node)));
    return t.length > 120 ? `${t.slice(0, 117)}...` : t;
  }

  // ------------------------------------------------------------------ text helpers
  private end(node: Node): number {
    return node.end;
  }

  private ident(node: Node): string {
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
  private stringAt(node: Node, from?: number): string {
    const s = from ?? startOf(node);
    const q = this.text.charCodeAt(s - 1);
    const end = this.text.indexOf(String.fromCharCode(q), s);
    return end < 0 ? this.text.slice(s, this.end(node)) : this.text.slice(s, end);
  }

  private pos(node: Node): Pos {
    const name = this.ident(node);
    return toPos(rowOf(node) + 1, colOf(node) + 1, name.length);
  }

  private signature(d: DefRec): string | undefined {
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
  private beforeModifiers(start: number): number {
    const t = this.text;
    let i = start;
    for (;;) {
      while (i > 0 && isSpace(t.charCodeAt(i - 1))) i--;
      let j = i;
      while (j > 0 && isWordChar(t.charCodeAt(j - 1))) j--;
      if (j < i && MODIFIER_WORDS.has(t.slice(j, i))) { i = j; continue; }
      break;
    }
    return i;
  }

  /** First line of the comment right before `start` (skipping modifiers such as `export const`). */
  private docBefore(start: number): string | undefined {
    const t = this.text;
    const i = this.beforeModifiers(start);
    if (i >= 2 && t.charCodeAt(i - 1) === 47 && t.charCodeAt(i - 2) === 42) { // */
      const open = t.lastIndexOf('/*', i - 2);
      if (open < 0) return undefined;
      return firstDocLine(t, open + 2, i - 2, BLOCK_LINE_LEAD);
    }
    // line comments: the contiguous block of `//` lines right above
    const lineStart = t.lastIndexOf('\n', i - 1) + 1;
    if (!t.startsWith('//', skipSpaces(t, lineStart)) || skipSpaces(t, lineStart) >= i) return undefined;
    let first = lineStart;
    for (;;) {
      if (first === 0) break;
      const prevStart = t.lastIndexOf('\n', first - 2) + 1;
      if (!t.startsWith('//', skipSpaces(t, prevStart))) break;
      first = prevStart;
    }
    return firstDocLine(t, first, i, LINE_COMMENT_LEAD);
  }
}

function pushTo<K, V>(m: Map<K, V[]> | LazyMap<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}

const byStart = (a: Node, b: Node): number => a.start - b.start;

/**
 * The root scope's end: past any offset, and a small integer (Infinity made every Scope's `end`, and every span's,
 * a double field: a heap number per scope, and float compares).
 */
const NO_END = 0x3fffffff;

/** Sorts `a` by `cmp` unless it is in order already (the usual case here): the same result, as sort is stable. */
function sortIfNeeded<T>(a: T[], cmp: (x: T, y: T) => number): void {
  for (let i = 1; i < a.length; i++) {
    if (cmp(a[i - 1], a[i]) > 0) { a.sort(cmp); return; }
  }
}

/**
 * The order in which replay takes its events (indexes into `evP`/`evT`): by position, then type (EV_NODE as
 * EV_POINT), then as filed; undefined when they are in that order already. Each event becomes one number
 * (position, type, index) that a Float64Array sorts natively, where a comparator sort of event objects called
 * back into JavaScript ~n log n times (a file has thousands of events).
 */
function eventOrder(evP: number[], evT: number[]): ArrayLike<number> | undefined {
  const n = evP.length;
  const rank = (k: number): number => (evT[k] === EV_NODE ? EV_POINT : evT[k]);
  let i = 1;
  while (i < n && (evP[i - 1] < evP[i] || (evP[i - 1] === evP[i] && rank(i - 1) <= rank(i)))) i++;
  if (i >= n) return undefined;
  // (p * 8 + type) * 2^21 + index stays below 2^53 while p < 2^28 and n <= 2^21; past that, a comparator
  let fits = n <= 0x200000;
  for (let k = 0; fits && k < n; k++) if (evP[k] >= 0x10000000) fits = false;
  if (!fits) {
    const order = Array.from({ length: n }, (_, k) => k);
    return order.sort((a, b) => evP[a] - evP[b] || rank(a) - rank(b) || a - b);
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (evP[k] * 8 + rank(k)) * 0x200000 + k;
  keys.sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = keys[k] % 0x200000;
  return order;
}

/**
 * The captures of the match being filed, read in place from its match buffer (see BufferMatch): one object per
 * file, moved from match to match, where each match had a captures array and a Capture object per capture.
 */
interface Caps { buf: Int32Array; at: number; n: number; names: readonly string[]; refs: MatchSource['refs'] }

/** The node of the capture named `name` (the first such), if the match has one. */
function get(c: Caps, name: string): Node | undefined {
  for (let k = 0, p = c.at + 2; k < c.n; k++, p += 2) if (c.names[c.buf[p]] === name) return c.refs[c.buf[p + 1]];
  return undefined;
}

/** The flags of a NodeFlags before its first `add` (length 0: never written). */
const NO_FLAGS = new Uint16Array(0);

/** The empty Map behind every LazyMap not written yet (never written itself). */
const NO_MAP: ReadonlyMap<unknown, unknown> = new Map();

/**
 * A Map made on its first `set`: most of the collector's ~60 per-file maps stay empty in most files (a Map is
 * allocated with its table, ~200 bytes, where this is one small object), and a read of an unset one hashes nothing.
 */
/** The JSDoc template names in force: a class's (`cls`), with a member's own (`own`) over them. */
function inForce(cls: Map<string, Expr> | undefined, own: Map<string, Expr> | undefined): Map<string, Expr> | undefined {
  return cls ? new Map([...cls, ...(own ?? [])]) : own;
}

class LazyMap<K, V> {
  private m: Map<K, V> | undefined = undefined;

  get size(): number { return this.m === undefined ? 0 : this.m.size; }
  get(k: K): V | undefined { return this.m === undefined ? undefined : this.m.get(k); }
  has(k: K): boolean { return this.m !== undefined && this.m.has(k); }
  set(k: K, v: V): this { (this.m ??= new Map()).set(k, v); return this; }
  delete(k: K): boolean { return this.m !== undefined && this.m.delete(k); }
  forEach(f: (v: V, k: K) => void): void { if (this.m !== undefined) this.m.forEach((v, k) => f(v, k)); }
  keys(): IterableIterator<K> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).keys(); }
  values(): IterableIterator<V> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).values(); }
  entries(): IterableIterator<[K, V]> { return (this.m ?? (NO_MAP as ReadonlyMap<K, V>)).entries(); }
  [Symbol.iterator](): IterableIterator<[K, V]> { return this.entries(); }
}

/**
 * A flag word per node of one file, by node index, shared by a collector's NodeSets (one bit each): one array
 * per file, made at the tree's size, where each set grew a byte array of its own by doubling.
 */
class NodeFlags {
  bits = NO_FLAGS;
  /** The file's node count, if known (the first write makes the array that long). */
  hint = 0;

  /** The flag words, long enough to hold node key `k`. */
  reach(k: number): Uint16Array {
    if (k < this.bits.length) return this.bits;
    const bits = new Uint16Array(Math.max(k + 1, this.hint, 256, 2 * this.bits.length));
    bits.set(this.bits);
    return (this.bits = bits);
  }
}

/**
 * A set of one file's nodes (one bit of the collector's NodeFlags), for the collector's many membership tests;
 * nodes made by the collector (key -1) go to a Set.
 */
class NodeSet {
  private made: Set<Node> | undefined = undefined;

  constructor(private readonly flags: NodeFlags, private readonly bit: number) {}

  add(n: Node): void {
    const k = n.key;
    if (k < 0) { (this.made ??= new Set()).add(n); return; }
    this.flags.reach(k)[k] |= this.bit;
  }

  has(n: Node): boolean {
    const k = n.key;
    if (k < 0) return this.made !== undefined && this.made.has(n);
    const bits = this.flags.bits;
    return k < bits.length && (bits[k] & this.bit) !== 0;
  }
}

/** The node of the match's first capture. */
function first(c: Caps): Node {
  return c.refs[c.buf[c.at + 3]]!;
}

/** A list of matches (the JavaScript matcher's, or BufferMatches a test picked) as a match buffer of its own. */
function matchSourceOf(matches: Match[]): MatchSource {
  let size = 0;
  for (const m of matches) size += 2 + 2 * m.captures.length;
  const buffer = new Int32Array(size), names: string[] = [], ids = new Map<string, number>(), nodes: Node[] = [];
  let p = 0;
  for (const m of matches) {
    buffer[p++] = m.pattern;
    buffer[p++] = m.captures.length;
    for (const x of m.captures) {
      let id = ids.get(x.name);
      if (id === undefined) { id = names.length; names.push(x.name); ids.set(x.name, id); }
      buffer[p++] = id;
      buffer[p++] = nodes.length;
      nodes.push(x.node);
    }
  }
  return { buffer, names, refs: nodes };
}

function lookup(scope: Scope | undefined, name: string): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    // most block scopes bind nothing: no hash lookup there
    if (s.names.size === 0) continue;
    const b = s.names.get(name);
    if (b) return b;
  }
  return undefined;
}

function functionScope(scope: Scope): Scope {
  let s = scope;
  while (s.parent && s.kind !== 'function' && s.kind !== 'arrow' && s.kind !== 'method') s = s.parent;
  return s;
}

/**
 * The class `this` refers to at a scope: through arrows and blocks, stopped by plain functions (a function
 * assigned to `X.prototype.m` has X as its classSym).
 */
function thisClass(scope: Scope): number {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    if (s.kind === 'class' || s.kind === 'function') return s.classSym;
    if (s.kind === 'program') return -1;
  }
  return -1;
}

/** A character that starts a name (and continues one): ASCII letters, `$`, `_`, and `\` of a Unicode escape. */
function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 36 || c === 95 || c === 92;
}

/** An object literal after zero or more plain assignments (`exports = module.exports = {`). */
const CHAINED_OBJECT = /(?:[$\w]+(?:\s*\.\s*[$\w]+)*\s*=(?!=)\s*)*\{/y;

/** The own name of a function or class expression (`function name(`, `async function* name(`, `class Name`). */
const OWN_NAME = /^(?:async\s+)?(?:function\s*\*?|class)\s+([$_\p{ID_Start}][$\p{ID_Continue}]*)/u;

/** Modules whose hooks (REACT_HOOKS) give back (part of) their argument. */
const REACT_SOURCES: ReadonlySet<string> = new Set(['react', 'preact/hooks', 'preact/compat']);
/** True when expression `e` reads local `l` anywhere (a value assigned to l that reads l: `node = node.next`). */
function mentionsLocal(e: unknown, l: number, depth: number): boolean {
  if (depth > 12 || e === null || typeof e !== 'object') return depth > 12;
  if (Array.isArray(e)) return e.some((x) => mentionsLocal(x, l, depth + 1));
  const x = e as { k?: string; b?: number };
  if (x.k === 'id' && x.b !== undefined && bindsLocal(x.b) && bindingIndex(x.b) === l) return true;
  for (const v of Object.values(x)) if (typeof v === 'object' && mentionsLocal(v, l, depth + 1)) return true;
  return false;
}

const REACT_HOOKS: ReadonlySet<string> = new Set(['useState', 'useMemo', 'useCallback', 'useRef', 'useContext', 'createContext']);
/** The key under which a context object made by `createContext` holds its value (no real key has this name). */
const CONTEXT_VALUE = '(context value)';

/** `X.prototype` (the object of a prototype method assignment), X captured. */
const PROTOTYPE_OF = /^([$_\p{ID_Start}][$\p{ID_Continue}]*)\s*\.\s*prototype$/u;

/** ` as default` right after a name (sticky: tested at the name's end). */
const AS_DEFAULT = /\s+as\s+default\b/y;

/** The memo of an expression being computed (see `Collector.expr`). */
const CYCLE = Symbol('cycle');
/** What an expression that reaches itself is worth: nothing known, and no guess by name on it. */
const CYCLE_VALUE: Expr = { k: 'any' };

/** The declared `this:` type of the nearest plain function, if it has one (arrows and blocks see through). */
function thisTypeAt(scope: Scope): Node | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    // a method may declare `this:` too (chevrotain's traits: `this: MixedInParser`); without one it is its class
    if (s.kind === 'function' || s.kind === 'method') return s.thisType;
    if (s.kind === 'class' || s.kind === 'program') return undefined;
  }
  return undefined;
}

function isSpace(c: number): boolean { return c === 32 || c === 9 || c === 10 || c === 13; }
function isWordChar(c: number): boolean { return (c >= 97 && c <= 122) || (c >= 65 && c <= 90); }
function skipSpaces(t: string, i: number): number { while (i < t.length && (t.charCodeAt(i) === 32 || t.charCodeAt(i) === 9)) i++; return i; }

/** What starts a line of a block comment (` * `) and of a line comment (`// `), removed before reading it. */
const BLOCK_LINE_LEAD = /^\s*\*+/;
const LINE_COMMENT_LEAD = /^\s*\/\/+/;

/**
 * The first line of `t[from, to)` that, without its `lead`, is neither blank nor a tag (`@param …`), trimmed and
 * cut at 200 characters. Lines are read one at a time up to that one: doc comments run to dozens of lines of
 * examples, and only their first line of prose is wanted.
 */
function firstDocLine(t: string, from: number, to: number, lead: RegExp): string | undefined {
  for (let at = from; at <= to;) {
    let nl = t.indexOf('\n', at);
    if (nl < 0 || nl > to) nl = to;
    const s = t.slice(at, nl).replace(lead, '').trim();
    if (s && !s.startsWith('@')) return s.length > 200 ? `${s.slice(0, 197)}...` : s;
    at = nl + 1;
  }
  return undefined;
}
