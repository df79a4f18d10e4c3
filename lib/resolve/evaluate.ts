/**
 * Cross-file evaluation of the expression shapes the extractor recorded: what a name, a member access, a call
 * result or a type annotation refers to. Every answer carries how it was reached (`reason`) and how sure we
 * are (`conf`, the weakest link of the chain). Everything is memoised and cycle-safe, so resolution stays
 * linear in the size of the project.
 */
import { bindingIndex, bindsImport, bindsLocal, bindsSymbol, symbolBinding, type Binding, type CallFact, type CallSignature, type Expr, type FileFacts, type LocalFact, type SymbolFact } from '../extract/facts.ts';
import type { FileRules, ResolveRules } from './rules.ts';

/** How an edge was resolved and its confidence (DESIGN.md §4, lib/graph/schema.ts). */
export const REASON_CONFIDENCE = {
  'same-file': 1,
  import: 0.95,
  'namespace-import': 0.95,
  're-export': 0.95,
  commonjs: 0.9,
  'this-member': 0.9,
  'super-member': 0.95,
  'static-member': 0.95,
  constructor: 0.95,
  'typed-receiver': 0.85,
  'return-type': 0.8,
  'contextual-type': 0.8,
  // a method of a union receiver whose member types each declare their own: one of them runs
  'union-member': 0.7,
  'name-only': 0.3,
} as const;
export type Reason = keyof typeof REASON_CONFIDENCE;

/** A reference to a symbol: file index and symbol index in that file's facts. */
export interface SymRef { f: number; s: number }

/** What an expression evaluates to. */
export type Val =
  /**
   * `subst`: what its owner's type parameters stand for, when it was reached through `Repo<User>` (see Subst).
   * `held`: reached through an object literal's key (`summary.formatPrice` of `{ formatPrice }`): the name written
   * there is the key's, not an occurrence of the symbol (renaming the symbol keeps the key).
   */
  | { t: 'sym'; f: number; s: number; r: Reason; c: number; subst?: Subst; held?: boolean }
  /** `args`: the type arguments it was written with (`Repo<User>`), each where it was written. */
  /**
   * `up`: `super` of a class whose base is a mixin call (`extends M(Y)`): the members of its heritage, not its own
   * (`st`: on their static side, for `super` in a static method).
   */
  | { t: 'inst'; f: number; s: number; r: Reason; c: number; args?: TypeArg[]; up?: boolean; st?: boolean }
  | { t: 'ns'; f: number; r: Reason; c: number }
  /**
   * An array whose elements have the type `of` (written in file f); `el`: whose elements are that value instead
   * (`users.map((u) => u.owner)`: what the callback returns).
   */
  | { t: 'arr'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val }
  /** A built-in array method that returns an element (`shift`, `pop`, `at`, `find`, …). */
  | { t: 'elemfn'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val }
  /** A built-in array method that returns an array of the same elements (`slice`, `filter`, `concat`, …). */
  | { t: 'arrfn'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val }
  /** A `Map<K, V>` whose values have the type `of` (written in file f): `get` gives one, `forEach` passes one. */
  | { t: 'map'; f: number; of: Expr; key?: Expr; r: Reason; c: number; subst?: Subst }
  /** A value of an object type literal (`{ window: Subject<T> }`, written in file f): its properties are typed. */
  /** (`open`: reached through a type parameter's constraint: the value has at least these members, maybe more) */
  | { t: 'obj'; f: number; props: Array<{ name: string; type: Expr }>; index?: Expr; others?: string[]; calls?: CallSignature[]; r: Reason; c: number; subst?: Subst; open?: boolean }
  /**
   * An instance of one of several project types (`a: Foo | Bar`): a member is known only when every one of
   * them resolves it to the same symbol (a shared base's method), never by picking one of them.
   */
  | { t: 'union'; of: Array<{ t: 'inst'; f: number; s: number; r: Reason; c: number }>; r: Reason; c: number }
  /**
   * A value of an intersection of project types (`this: Parser & ErrorHandler`): a member is the one symbol the
   * parts that have it agree on; a part we cannot type or an outside type (`hole`) leaves every member unknown.
   */
  /** (`objs`: object type literal parts without an index signature, `Router & { extra?: X }`: each has its own members) */
  /** (`alts`: union parts, `(A | B) & { extra: X }`: a member they agree on is the intersection's too) */
  | { t: 'inter'; of: Array<{ t: 'inst'; f: number; s: number; r: Reason; c: number }>; objs?: Array<Val & { t: 'obj' }>; alts?: Array<Val & { t: 'anyof' }>; hole: boolean; r: Reason; c: number }
  /**
   * A value of a union whose member types are not all project classes or interfaces (`{ target: Group; kind: 'a' } |
   * (Common & { kind: 'b' })`, a discriminated union): a member is known when every member type that has it gives
   * the same symbol or the same instance type (see sameValue); a member type that surely lacks it has no say.
   */
  | { t: 'anyof'; of: Val[]; r: Reason; c: number }
  /** A promise (`Promise<T>`, an async function's result): awaiting it, or its `then` callback, gives `of`. */
  | { t: 'prom'; of: Val; r: Reason; c: number }
  /**
   * An object literal value (written in file f): a member is the value of its key's entry, the last one written
   * (a spread after it may replace it: then the spread's member, if known).
   */
  | { t: 'objv'; f: number; entries: Array<{ name: string; value: Expr } | { spread: Expr } | { open: true }>; r: Reason; c: number }
  /** A value of a function type (`factory: () => R`, written in file f): calling it gives an R. */
  | { t: 'fnval'; f: number; returns: Expr; params?: Array<Expr | null>; predicate?: Expr; r: Reason; c: number; subst?: Subst }
  /**
   * Outside the project (a built-in, a package), or a function expression of the project that is no symbol (`fn`:
   * where it is written and what it returns): its members are built-ins, calling it gives what it returns.
   */
  | { t: 'ext'; fn?: { f: number; ret: Expr; async?: true } }
  | { t: 'unknown' }
  /** A tuple (a map's entry `[key, value]`, `Object.entries`' pairs): each position's value (unknown where not known). */
  | { t: 'tup'; items: Val[]; r: Reason; c: number };

/**
 * A type argument as written (`User` in `Repo<User>`, in file f), with the substitution in force there; or, for a
 * generic function's type parameter, the value a call's argument gave it (`v`: `first(leaves)` binds T to Leaf).
 */
interface TypeArg { f: number; t: Expr; subst?: Subst; v?: Val }
/** Type parameters of a class or interface (key `file:local`) bound to type arguments. */
type Subst = ReadonlyMap<string, TypeArg>;

const EXT: Val = Object.freeze({ t: 'ext' }) as Val;
/** The element type of an array whose elements are known as a value (`el`), not as a type. */
const OTHER: Expr = Object.freeze({ k: 'other' }) as Expr;
const UNKNOWN: Val = Object.freeze({ t: 'unknown' }) as Val;
/** A memo entry being computed (value, exportOf): a caller reaching it again is in a cycle, and gets unknown. */
const PENDING: Val = Object.freeze({ t: 'unknown' }) as Val;
/** findMember's entry being computed. */
const PENDING_MEMBER: SymRef = Object.freeze({ f: -1, s: -1 });

/**
 * An answer kept by a pure memo (see Evaluator.cut): `need` is how much deeper than its caller the computation went,
 * so it is reused only where computing it again would not meet the depth limit either.
 */
interface Kept<T> { v: T; need: number }
const MAX_DEPTH = 48;
/** Built-in array methods whose result is an element. */
const ELEMENT_METHODS = new Set(['shift', 'pop', 'at', 'find', 'findLast']);
/** Built-in array methods whose result is an array of the same elements. */
const SAME_ARRAY_METHODS = new Set(['slice', 'filter', 'concat', 'reverse', 'sort', 'splice', 'toReversed', 'toSorted']);
/** Built-in array methods taking a callback, and which callback parameters are elements. */
const ELEMENT_CALLBACKS: Record<string, number[]> = {
  forEach: [0], map: [0], filter: [0], some: [0], every: [0], find: [0], findIndex: [0], findLast: [0],
  findLastIndex: [0], flatMap: [0], reduce: [1], reduceRight: [1], sort: [0, 1],
};
const FUNCTION_MEMBERS = new Set(['call', 'apply', 'bind', 'name', 'length', 'prototype', 'toString']);

/** Where a specifier leads, with a project file as its file index. */
type ModuleAnswer = { f: number } | { external: string } | { missing: true };

type ExportEntry = { k: 'sym'; s: number } | { k: 'value'; e: Expr } | { k: 'from'; source: string; imported: string } | { k: 'ns'; source: string };
interface ExportTable { names: Map<string, ExportEntry>; stars: string[]; cjs?: Expr }

/** Per-project evaluation state. */
export class Evaluator {
  private readonly valMemo = new Map<Expr, Val>();
  // Memo tables by position, then by name: a composed `file:symbol:…:name` key string cost an allocation, its
  // flattening and hashing on every lookup (findMember and exportOf run for most member accesses).
  /** exportOf's answers: file → name → value (null: none, or being computed). */
  private readonly exportMemo: Array<Map<string, Val | null> | undefined> = [];
  /** findMember's answers: file → symbol → [instance side, static side] → name → member (null: none, or being computed). */
  private readonly memberMemo: Array<Array<Map<string, SymRef | 'ext' | null>[] | undefined> | undefined> = [];
  private readonly exportTables: Array<ExportTable | undefined> = [];
  private readonly children: Array<Map<number, Map<string, number[]>> | undefined> = [];
  /** module()'s answers by file, then specifier (shared objects: callers only read them). */
  private readonly moduleTargets: Array<Map<string, ModuleAnswer>> = [];
  /** Nesting of the unmemoised evaluations (types through members through types …): a guard against cycles. */
  private depth = 0;
  /**
   * Cycle guards and depth limits met so far. An evaluation that met none gives the same answer whenever it runs
   * again (every memo it reads was final, and is), provided it starts shallow enough not to meet the depth limit
   * then: such answers of the functions asked most often (typeValue, typeSymbol, importValue, localValue) are kept
   * ("pure memos"), which only skips work the evaluation would redo. Answers of other shapes than a symbol, an
   * instance, external or unknown are not kept: inferTypeArgs compares those by identity.
   */
  private cut = 0;
  /** Deepest `depth` reached since the outermost pure memo began computing. */
  private peak = 0;
  private readonly typeMemo = new Map<Expr, Kept<Val>>();
  /** A kept answer, reused: the depth computing it would have reached counts for the computation asking. */
  private reuse<T>(kept: Kept<T>): T {
    if (this.depth + kept.need > this.peak) this.peak = this.depth + kept.need;
    return kept.v;
  }
  private readonly typeSymbolMemo = new Map<Expr, Kept<(SymRef & { c: number; r: Reason }) | 'ext' | undefined>>();
  private readonly importMemo: Array<Array<Kept<Val> | undefined> | undefined> = [];
  private readonly localMemo: Array<Array<Kept<Val> | undefined> | undefined> = [];

  /** Each file's language rules (by file index). */
  private readonly rulesOf: readonly ResolveRules[];

  constructor(readonly files: readonly FileFacts[], private readonly rules: FileRules, private readonly fileIndex: ReadonlyMap<string, number>) {
    for (let i = 0; i < files.length; i++) this.moduleTargets.push(new Map());
    this.rulesOf = rules.of;
  }

  sym(r: SymRef): SymbolFact { return this.files[r.f].symbols[r.s]; }

  /** Where a module specifier of file `f` leads; `file` targets come back as file indexes. */
  module(f: number, source: string): ModuleAnswer {
    // asked again for every use of an import: the answer is kept, not only the resolver's target
    const m = this.moduleTargets[f];
    let a = m.get(source);
    if (!a) {
      const t = this.rules.resolve(f, this.files[f].path, source);
      if ('file' in t) {
        const idx = this.fileIndex.get(t.file);
        a = idx === undefined ? { missing: true } : { f: idx };
      } else a = t;
      m.set(source, a);
    }
    return a;
  }

  // ---------------------------------------------------------------- expressions
  /** Value of an expression in file `f` (a symbol reference, an instance, a namespace, external, unknown). */
  value(f: number, e: Expr): Val {
    // Kinds that reach no other evaluation (no cycle to guard) and cost less than a memo entry's two Map writes
    // are computed each time: most expressions are evaluated once, and these are a quarter of them.
    // (Member accesses, the most frequent kind, are tested first: each string comparison is a builtin call in cold code.)
    const k = e.k;
    if (k !== 'member') {
      if (k === 'id') {
        const b = e.b;
        if (!b) { if (e.name !== 'exports') return this.rulesOf[f].isGlobalName(e.name) ? EXT : UNKNOWN; } else if (bindsSymbol(b)) return { t: 'sym', f, s: this.mergedValue(f, bindingIndex(b)), r: 'same-file', c: 1 };
      } else if (k === 'this') return e.cls >= 0 ? { t: 'inst', f, s: e.cls, r: 'this-member', c: REASON_CONFIDENCE['this-member'] } : UNKNOWN;
      else if (k === 'lit' || (k === 'fn' && !e.ret)) return EXT;
    }
    const memo = this.valMemo.get(e);
    if (memo) {
      if (memo === PENDING) { this.cut++; return UNKNOWN; }
      return memo;
    }
    this.valMemo.set(e, PENDING); // cycle guard
    const v = this.compute(f, e);
    this.valMemo.set(e, v);
    return v;
  }

  private compute(f: number, e: Expr): Val {
    switch (e.k) {
      // (the most frequent kind first: each case is a string comparison, a builtin call in cold code)
      case 'member':
        // `module.exports.f()`: this module's own exports, as `exports.f()`
        if (e.name === 'exports' && e.obj.k === 'id' && !e.obj.b && e.obj.name === 'module') return this.ownExports(f);
        if (e.obj.k === 'id' && bindsImport(e.obj.b)) {
          const added = this.addedExport(f, bindingIndex(e.obj.b), e.name);
          if (added) return added;
        }
        // `exports.Suite` in mocha.js (`exports = module.exports = Mocha; exports.Suite = Suite`): the name the file
        // added beside its value, as `require('./mocha').Suite` gives it
        if (isOwnExports(e.obj)) {
          const own = this.ownAddedExport(f, e.name);
          if (own) return own;
        }
        return this.member(this.deref(this.value(f, e.obj)), e.name);
      case 'id': {
        const b = e.b;
        if (!b) return e.name === 'exports' ? this.ownExports(f) : this.rulesOf[f].isGlobalName(e.name) ? EXT : UNKNOWN;
        if (bindsSymbol(b)) return { t: 'sym', f, s: this.mergedValue(f, bindingIndex(b)), r: 'same-file', c: 1 };
        if (bindsImport(b)) return this.importValue(f, bindingIndex(b));
        return this.localValue(f, bindingIndex(b));
      }
      case 'this': return e.cls >= 0 ? { t: 'inst', f, s: e.cls, r: 'this-member', c: REASON_CONFIDENCE['this-member'] } : UNKNOWN;
      case 'super': {
        if (e.cls < 0) return UNKNOWN;
        // `class X extends M(Y)`: super's members are those of M's class and, through it, Y's
        if (this.sym({ f, s: e.cls }).extends?.[0]?.k === 'call') return { t: 'inst', f, s: e.cls, r: 'super-member', c: REASON_CONFIDENCE['super-member'], up: true, st: e.st };
        const base = this.superClass({ f, s: e.cls });
        if (base === 'ext') return EXT;
        // in a static method: the base class itself, whose static members `super.m()` calls
        if (e.st) return base ? { t: 'sym', f: base.f, s: base.s, r: 'super-member', c: REASON_CONFIDENCE['super-member'] } : UNKNOWN;
        return base ? { t: 'inst', f: base.f, s: base.s, r: 'super-member', c: REASON_CONFIDENCE['super-member'] } : UNKNOWN;
      }
      case 'call': {
        // `p.catch(cb)`, `p.finally(cb)`: the same promise (what cb gives instead is nothing a member call can read
        // in code that type-checks, unless both have the member)
        if (e.callee.k === 'member' && (e.callee.name === 'catch' || e.callee.name === 'finally')) {
          const recv = this.deref(this.value(f, e.callee.obj));
          if (recv.t === 'prom') return recv;
        }
        if (e.callee.k === 'member' && e.args?.[0]) {
          const mapped = this.mappedResult(f, e.callee, e.args[0]);
          if (mapped) return mapped;
        }
        if (e.callee.k === 'member' && e.callee.obj.k === 'id' && !e.callee.obj.b && e.args?.[0]) {
          const built = this.builtinResult(f, e.callee.obj.name, e.callee.name, e.args);
          if (built) return built;
        }
        const c = this.value(f, e.callee);
        // a method declared to return `this` (a builder) returns its receiver, whatever subclass that is
        if (c.t === 'sym' && e.callee.k === 'member' && returnsThis(this.sym(c))) {
          const recv = this.deref(this.value(f, e.callee.obj));
          return recv.t === 'inst' || recv.t === 'union' ? weakenFrom(recv, c, 'return-type') : this.callResult(c, e.args, f, e.argc);
        }
        return this.callResult(c, e.args, f, e.argc, e.targs);
      }
      case 'new': {
        const c = this.value(f, e.callee);
        if (c.t === 'sym' && this.sym(c).label === 'Class') {
          // a generic class: its type parameters as the constructor's arguments bind them (`new Box(user)`)
          const args = e.args && this.sym(c).typeParams ? this.constructedArgs(c, e.args, f) : undefined;
          return weaken(args ? { t: 'inst', f: c.f, s: c.s, r: c.r, c: c.c, args } : { t: 'inst', f: c.f, s: c.s, r: c.r, c: c.c }, 'typed-receiver');
        }
        if (c.t === 'sym' && newableFunction(this.sym(c))) {
          const returned = this.sym(c).returnsValue;
          // `new WebGLState(gl)` of a function returning an object literal: that object (what `new` gives then)
          if (returned?.k === 'objval') return weakenFrom(this.value(c.f, returned), c, 'return-type');
          // `new Counter()` of a constructor function: an instance whose members are its prototype methods
          if (this.childrenOf(c.f, c.s)) return weaken({ t: 'inst', f: c.f, s: c.s, r: c.r, c: c.c }, 'typed-receiver');
        }
        // `new Ctor()` of `Ctor: typeof A | typeof B`: an instance of either
        const classes = this.eitherClass(c);
        if (classes) return instancesValue(classes.map((k) => ({ t: 'inst', f: k.f, s: k.s, r: 'typed-receiver', c: Math.min(k.c, REASON_CONFIDENCE['typed-receiver']) })));
        return c.t === 'ext' ? EXT : UNKNOWN;
      }
      case 'await': {
        const v = this.value(f, e.inner);
        // a promise (also one a variable holds) gives what it resolves to; anything else is itself
        const held = v.t === 'sym' ? this.deref(v) : v;
        if (held.t === 'prom') return held.of;
        return v.t === 'ext' ? UNKNOWN : v;
      }
      case 'as': return this.typeValue(f, e.type, 0);
      case 'narrowed': return this.narrowedByClass(f, e);
      case 'tagged': {
        // `switch (ast._tag) { case 'Objects': ast.recur(…) }`: the member types whose `_tag` is 'Objects'
        const v = this.value(f, e.of);
        return this.narrowedByTag(v.t === 'sym' ? this.deref(v) : v, e.key, e.tags) ?? v;
      }
      case 'isarray': {
        // `if (Array.isArray(x))`: the parts of x's union that are arrays (else branch: the others)
        const v = this.value(f, e.of);
        const d = v.t === 'sym' ? this.deref(v) : v;
        if (d.t !== 'anyof') return v;
        const kept = d.of.filter((x) => (x.t === 'arr') === e.yes);
        if (kept.length === d.of.length || kept.length === 0) return v;
        if (kept.length === 1) return kept[0];
        const insts = kept.filter((x): x is Val & { t: 'inst' } => x.t === 'inst');
        if (insts.length === kept.length) return { t: 'union', of: insts, r: d.r, c: d.c };
        return { t: 'anyof', of: kept, r: d.r, c: d.c };
      }
      case 'guarded': {
        // `if (isFoo(x)) x.m()`: a guard declared `(v): v is Foo` makes x a Foo here; `if (isA(x) || isB(x))` makes
        // it one of both
        const guards = e.by.k === 'union' ? e.by.types : [e.by];
        const insts: Array<Val & { t: 'inst' }> = [];
        let one: Val | undefined;
        for (const by of guards) {
          const v = this.guardType(f, by);
          if (!v) return this.value(f, e.of);
          if (guards.length === 1) one = v;
          else if (!addInstances(insts, v)) return this.value(f, e.of);
        }
        return one ?? instancesValue(insts);
      }
      case 'element': {
        const arr = this.deref(this.value(f, e.of));
        // `const [key, value] = entry`: the tuple's element at that position
        if (arr.t === 'tup') return e.at !== undefined ? arr.items[e.at] ?? UNKNOWN : UNKNOWN;
        // `for (const entry of map)`: an entry
        if (arr.t === 'map') return this.entryOf(arr);
        // `obj[$mobx]` on a type declaring `[$mobx]: Admin`: that member (same name written the same way)
        if (e.key && (arr.t === 'inst' || arr.t === 'union' || arr.t === 'inter')) {
          const m = this.member(arr, e.key);
          if (m.t === 'sym') return m;
        }
        if (arr.t === 'obj' && arr.index) return weakenFrom(this.typeValue(arr.f, arr.index, 0, arr.subst), arr, 'typed-receiver');
        return arr.t === 'arr' ? this.elementOf(arr, 'typed-receiver') : UNKNOWN;
      }
      case 'union': {
        // a value that is one of several (`c ? a : b`, `a || b`): the same symbol through every branch, or the
        // instances of each (a union value, see member); anything else is unknown
        // (arrays through every branch, `Array.isArray(x) ? x : [x]`: an array of what their elements agree on)
        const arrays = this.arraysOf(f, e.types);
        if (arrays) return arrays;
        let one: Val | undefined;
        const insts: Array<Val & { t: 'inst' }> = [];
        for (const x of e.types) {
          let v = this.value(f, x);
          if (v.t === 'sym' && (this.sym(v).label === 'Variable' || this.sym(v).label === 'Property')) {
            // a variable or property holding an instance (`cond ? innerFrom(x) : EMPTY`): that instance
            const d = this.deref(v);
            if (d.t === 'inst' || d.t === 'union') v = d;
            // a const object literal with a declared type (`opts.encoder ?? jsonEncoder`, `const jsonEncoder: Encoder =
            // {…}`): an instance of that type beside the other branch, as the checker reduces the union
            else if (d.t === 'sym' && this.sym(v).type) {
              const t = weakenFrom(this.typeValue(v.f, this.sym(v).type!, 0), v, 'typed-receiver');
              if (t.t === 'inst') v = t;
            }
          }
          if (addInstances(insts, v)) continue;
          if (v.t !== 'sym' || (one && (one.t !== 'sym' || one.f !== v.f || one.s !== v.s))) return UNKNOWN;
          if (!one || v.c < (one as { c: number }).c) one = v;
        }
        if (one && insts.length) return UNKNOWN;
        return one ?? instancesValue(insts);
      }
      case 'import': {
        // `await import('./x')`, `import('./x').then((m) => …)`: a promise of x's namespace
        const target = this.module(f, e.source);
        if ('external' in target) return EXT;
        if ('missing' in target) return UNKNOWN;
        const ns: Val = { t: 'ns', f: target.f, r: 'namespace-import', c: REASON_CONFIDENCE['namespace-import'] };
        return { t: 'prom', of: ns, r: 'namespace-import', c: ns.c };
      }
      case 'and': {
        // `a && b`: b's value, when a's type is known (an `any` a would make the whole `any`)
        const l = this.deref(this.value(f, e.left));
        return l.t === 'unknown' ? UNKNOWN : this.value(f, e.right);
      }
      case 'spread': {
        // `[...xs]`: an array of xs's elements (a Set is an array of its elements here; a Map gives pairs: unknown)
        const v = this.deref(this.value(f, e.of));
        if (v.t === 'map') return valueArray(v, this.entryOf(v));
        return v.t === 'arr' ? v : UNKNOWN;
      }
      case 'lit': return EXT;
      case 'list': {
        // an array literal (`[a(), b()]`): an array of what its items give (the same symbol or instance types)
        const el = this.value(f, { k: 'union', types: e.items });
        return el.t === 'unknown' || el.t === 'ext' ? UNKNOWN : valueArray({ f, r: 'same-file', c: 1 }, el);
      }
      case 'fn': return e.ret ? { t: 'ext', fn: e.async ? { f, ret: e.ret, async: true } : { f, ret: e.ret } } : EXT;
      case 'objval': return { t: 'objv', f, entries: e.entries, r: 'same-file', c: 1 };
      default: return UNKNOWN;
    }
  }

  /**
   * x inside `if (x instanceof C)`: as the checker narrows, the member types of x's type that are C or extend it
   * (`item: Item` stays an Item inside `if (item instanceof Base)`, so `item.clone()` is Item's override), else a C.
   */
  private narrowedByClass(f: number, e: Expr & { k: 'narrowed' }): Val {
    const to = this.typeValue(f, e.type, 0);
    if (to.t !== 'inst') return to;
    const d = this.deref(this.value(f, e.of));
    if (d.t === 'inst' && d.s === to.s && d.f === to.f) return d;
    if (d.t !== 'inst' && d.t !== 'union') return to;
    const kept = (d.t === 'inst' ? [d] : d.of).filter((x) => this.extendsClass(x, to));
    return kept.length ? weakenFrom(instancesValue(kept), to, 'typed-receiver') : to;
  }

  /** True when the class of `x` is `cls` or extends it (through project classes). */
  private extendsClass(x: SymRef, cls: SymRef): boolean {
    let c: SymRef | 'ext' | undefined = { f: x.f, s: x.s };
    for (let hops = 0; c && c !== 'ext' && hops < 16; hops++) {
      if (c.f === cls.f && c.s === cls.s) return true;
      c = this.sym(c).label === 'Class' ? this.superClass(c) : undefined;
    }
    return false;
  }

  /**
   * What a type guard says its argument is where it held: the predicate of a function or method (`isFoo(v): v is
   * Foo`), or of the function type a value holds (`const isMap = make(Map) as (x: any) => x is Map`, or the
   * `(x: any) => x is T` a generic factory returns with T bound). A class or interface (or several); a structural
   * predicate (`v is { lift: … }`) only adds to what the value already was: undefined then.
   */
  private guardType(f: number, by: Expr): Val | undefined {
    const g = this.value(f, by);
    let v: Val | undefined;
    if (g.t === 'sym') {
      const sym = this.sym(g);
      if (sym.predicate && (sym.label === 'Function' || sym.label === 'Method')) v = weakenFrom(this.typeValue(g.f, sym.predicate, 0), g, 'typed-receiver');
      else if (sym.label === 'Variable' || sym.label === 'Property') {
        const d = this.deref(g);
        if (d.t === 'fnval' && d.predicate) v = weakenFrom(this.typeValue(d.f, d.predicate, 0, d.subst), d, 'typed-receiver');
      }
    }
    return v && (v.t === 'inst' || v.t === 'union' || v.t === 'inter') ? v : undefined;
  }

  /**
   * `o.name` of an object literal value: the value of the last entry that can give it. A spread gives its own
   * member when it surely has one; a spread that surely lacks the name (a namespace that does not export it, an
   * object literal without the key) passes on to the entries before it; anything else leaves the answer unknown.
   */
  private objectMember(o: Val & { t: 'objv' }, name: string): Val {
    const v = this.objectEntry(o, name, 0);
    return v === 'absent' ? UNKNOWN : v;
  }

  private objectEntry(o: Val & { t: 'objv' }, name: string, depth: number): Val | 'absent' {
    if (depth > 8) { this.cut++; return UNKNOWN; }
    for (let i = o.entries.length - 1; i >= 0; i--) {
      const en = o.entries[i];
      if ('open' in en) return UNKNOWN;
      if ('spread' in en) {
        const sp = this.deref(this.value(o.f, en.spread));
        if (sp.t === 'ns') {
          // `{ ..._schemas, ..._checks }`: a namespace's exports (a star re-export from a package may add any name)
          const m = this.exportOf(sp.f, name);
          if (m) return weakenFrom(weakenFrom(m, sp, 'namespace-import'), o, 'same-file');
          if (this.exportTable(sp.f).stars.some((st) => !('f' in this.module(sp.f, st)))) return UNKNOWN;
          continue;
        }
        if (sp.t === 'objv') {
          const m = this.objectEntry(sp, name, depth + 1);
          if (m === 'absent') continue;
          return m.t === 'unknown' || m.t === 'ext' ? m : weakenFrom(m, o, 'same-file');
        }
        const m = this.member(sp, name);
        return m.t === 'sym' ? weakenFrom(m, o, 'same-file') : UNKNOWN;
      }
      if (en.name === name) {
        const v = weakenFrom(this.value(o.f, en.value), o, 'same-file');
        return v.t === 'sym' ? { ...v, held: true } : v;
      }
    }
    return 'absent';
  }

  private localValue(f: number, l: number): Val {
    // a pure memo (see cut): every use of a local asks again (a typed parameter: its type each time)
    return this.keptValue(this.localMemo, f, l, this.localValueUncached);
  }

  /**
   * `compute(f, k)` through a pure memo by file and index (see cut): a kept answer when one can be reused, else the
   * computed one, kept when computing it met no cycle guard or depth limit and its shape may be shared.
   */
  private keptValue(memo: Array<Array<Kept<Val> | undefined> | undefined>, f: number, k: number, compute: (this: Evaluator, f: number, k: number) => Val): Val {
    const byFile = (memo[f] ??= []);
    const kept = byFile[k];
    if (kept && this.depth + kept.need <= MAX_DEPTH) return this.reuse(kept);
    const cut = this.cut, peak = this.peak, base = this.depth;
    this.peak = base;
    const v = compute.call(this, f, k);
    if (this.cut === cut && shareable(v)) byFile[k] = { v, need: this.peak - base };
    if (peak > this.peak) this.peak = peak;
    return v;
  }

  private localValueUncached(f: number, l: number): Val {
    const loc = this.files[f].locals[l];
    if (loc.type) return weaken(this.typeValue(f, loc.type, 0), 'typed-receiver');
    if (loc.init) return this.value(f, loc.init);
    if (loc.ctx) return this.contextual(f, loc.ctx);
    if (loc.ctxType) return this.declaredParam(f, loc.ctxType);
    return UNKNOWN;
  }

  /** A parameter of a function with a declared function type: that type's parameter (see LocalFact.ctxType). */
  private declaredParam(f: number, ctx: { type: Expr; param: number; returns?: number }): Val {
    let fn = this.typeValue(f, ctx.type, 0);
    for (let k = 0; k < (ctx.returns ?? 0) && fn.t === 'fnval'; k++) fn = this.typeValue(fn.f, fn.returns, 0, fn.subst);
    // a method's type (`Handlers['a']` of `interface Handlers { a(x: Foo): void }`): its declared parameter
    if (fn.t === 'sym') {
      const ms = this.sym(fn);
      const pt = ms.label === 'Method' ? ms.params?.[ctx.param] : undefined;
      return pt ? weakenFrom(this.typeValue(fn.f, pt, 0, fn.subst), fn, 'contextual-type') : UNKNOWN;
    }
    const p = fn.t === 'fnval' ? fn.params?.[ctx.param] : undefined;
    if (!p || fn.t !== 'fnval') return UNKNOWN;
    return weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), fn, 'contextual-type');
  }

  /** A callback's parameter, typed by the declaration of the function the callback is passed to. */
  private contextual(f: number, ctx: { call: number; arg: number; param: number }): Val {
    const call = this.files[f].calls[ctx.call];
    if (call && call.callee.k === 'member' && ctx.arg === 0 && ELEMENT_CALLBACKS[call.callee.name]?.includes(ctx.param)) {
      // `items.forEach((item) => …)`: the parameter is an element of the array
      const arr = this.deref(this.value(f, call.callee.obj));
      if (arr.t === 'arr' || (arr.t === 'map' && call.callee.name === 'forEach' && ctx.param === 0)) return this.elementOf(arr, 'contextual-type');
    }
    if (call && call.callee.k === 'member' && call.callee.name === 'forEach' && ctx.arg === 0 && ctx.param === 1) {
      // `map.forEach((value, key) => …)`: the key
      const map = this.deref(this.value(f, call.callee.obj));
      if (map.t === 'map') return this.keyOf(map);
    }
    if (call && call.callee.k === 'member' && call.callee.name === 'then' && ctx.arg === 0 && ctx.param === 0) {
      // `find().then((x) => …)`: x is what the promise resolves to
      const p = this.deref(this.value(f, call.callee.obj));
      if (p.t === 'prom') return p.of;
    }
    const target = call ? this.callTarget(f, call) : undefined;
    if (!target) return UNKNOWN;
    const t = this.sym(target).callbackParams?.[ctx.arg]?.[ctx.param];
    if (!t) return UNKNOWN;
    // a method of a generic receiver (`box.map((v) => …)` on a `Box<Cat>`): its type parameters as the receiver binds them
    const callee = call!.callee.k === 'member' ? this.value(f, call!.callee) : undefined;
    const subst = callee?.t === 'sym' && callee.f === target.f && callee.s === target.s ? callee.subst : undefined;
    return weakenFrom(this.typeValue(target.f, t, 0, subst), { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c }, 'contextual-type');
  }

  /** The function, method or constructor a call runs (undefined when unknown or outside the project). */
  callTarget(f: number, call: CallFact): (SymRef & { r: Reason; c: number }) | undefined {
    if (call.callee.k === 'super') {
      const base = call.callee.cls >= 0 ? this.superClass({ f, s: call.callee.cls }) : undefined;
      if (!base || base === 'ext') return undefined;
      const ctor = this.superConstructor({ f, s: call.callee.cls }, base);
      return ctor && ctor !== 'ext' ? { ...ctor, r: 'super-member', c: REASON_CONFIDENCE['super-member'] } : undefined;
    }
    const v = this.value(f, call.callee);
    if (v.t !== 'sym') return undefined;
    const label = this.sym(v).label;
    if (call.isNew) {
      if (label !== 'Class') return undefined;
      const ctor = this.findMember(v, 'constructor', false);
      return ctor && ctor !== 'ext' ? { ...ctor, r: v.r, c: v.c } : undefined;
    }
    return label === 'Function' || label === 'Method' ? { f: v.f, s: v.s, r: v.r, c: v.c } : undefined;
  }

  /** Value bound by an import or require of file `f`. */
  importValue(f: number, i: number): Val {
    // a pure memo (see cut): every use of an imported name asks again
    return this.keptValue(this.importMemo, f, i, this.importValueUncached);
  }

  private importValueUncached(f: number, i: number): Val {
    const imp = this.files[f].imports[i];
    const target = this.module(f, imp.source);
    if ('external' in target) return EXT;
    if ('missing' in target) return UNKNOWN;
    const tf = target.f;
    const reason: Reason = imp.kind === 'require' || imp.kind === 'require-named' ? 'commonjs' : 'import';
    let v: Val | undefined;
    switch (imp.kind) {
      case 'namespace': return { t: 'ns', f: tf, r: 'namespace-import', c: REASON_CONFIDENCE['namespace-import'] };
      case 'require': v = this.moduleValue(tf); break;
      // `import("./x")` in a JSDoc type: the module as `require` gives it (`module.exports = X` → X), else its namespace
      case 'jsdoc': { const m = this.moduleValue(tf); return m.t === 'ns' ? { ...m, r: 'import', c: REASON_CONFIDENCE.import } : weaken(m, 'import'); }
      case 'default': v = this.exportOf(tf, 'default') ?? (this.exportTable(tf).cjs ? this.moduleValue(tf) : undefined); break;
      default: v = this.exportOf(tf, imp.imported!) ?? (this.exportTable(tf).cjs ? this.member(this.deref(this.moduleValue(tf)), imp.imported!) : undefined);
    }
    return v ? weaken(v, reason) : UNKNOWN;
  }

  /**
   * `R.buildReply` where `R = require('./reply')` and reply.js does `module.exports = Reply` then
   * `module.exports.buildReply = buildReply`: the name the module added beside its value (what `require` returns
   * has both: the checker merges them too); likewise `import("./x").Options` in JSDoc for a typedef of such a
   * module. Undefined when the module has no such name or no `module.exports = X`.
   */
  private addedExport(f: number, i: number, name: string): Val | undefined {
    const imp = this.files[f].imports[i];
    if (imp.kind !== 'require' && imp.kind !== 'jsdoc') return undefined;
    const target = this.module(f, imp.source);
    if (!('f' in target)) return undefined;
    const t = this.exportTable(target.f);
    if (!t.cjs || name === 'default') return undefined;
    const entry = t.names.get(name);
    if (!entry || entry.k === 'from' || entry.k === 'ns') return undefined;
    const v = this.exportOf(target.f, name);
    return v && v.t !== 'unknown' ? weaken(v, imp.kind === 'jsdoc' ? 'import' : 'commonjs') : undefined;
  }

  /** What file `f` assigned to `exports.name` beside `module.exports = X` (undefined without such a name). */
  private ownAddedExport(f: number, name: string): Val | undefined {
    const t = this.exportTable(f);
    if (!t.cjs || name === 'default') return undefined;
    const entry = t.names.get(name);
    if (!entry || entry.k !== 'value') return undefined;
    const v = this.exportOf(f, name);
    return v && v.t !== 'unknown' ? v : undefined;
  }

  /**
   * A CommonJS module's own `exports` (`exports.f()` calls what `exports.f = …` assigned): what `require` of
   * this file returns.
   */
  private ownExports(f: number): Val {
    const v = this.moduleValue(f);
    return v.t === 'ns' ? { ...v, r: 'same-file', c: 1 } : v;
  }

  /** What `require(file)` returns: `module.exports = X` → X, else the namespace. */
  moduleValue(tf: number): Val {
    const cjs = this.exportTable(tf).cjs;
    // `module.exports = { add, minus: sub }`: its keys are the module's export names (a namespace of them)
    if (cjs && cjs.k !== 'objval') {
      const v = this.value(tf, cjs);
      if (v.t !== 'unknown') return v;
    }
    return { t: 'ns', f: tf, r: 'commonjs', c: REASON_CONFIDENCE.commonjs };
  }

  /**
   * What a member's declared types may read its class's type parameters as: the instance's type arguments, when
   * the member is declared on that class itself (an inherited one sees the base's parameters, not bound here).
   */
  private substOf(o: Val & { t: 'inst' }, m: SymRef): Subst | undefined {
    return this.bindingsFor(o.f, o.s, o.args, m.f, this.sym(m).parent, 0);
  }

  /**
   * The type-parameter bindings in force for the members of symbol `os` of file `of` (the owner), starting from
   * class `cs` of file `cf` written with `args` and going up its heritage (`class UserRepo extends Repo<User>`: Repo's
   * T is User for UserRepo's instances); undefined when nothing binds them. (Positions as numbers: no objects per
   * member access.)
   */
  private bindingsFor(cf: number, cs: number, args: TypeArg[] | undefined, of: number, os: number, depth: number): Subst | undefined {
    if (os < 0) return undefined;
    if (depth > 8) { this.cut++; return undefined; }
    const sym = this.files[cf].symbols[cs];
    let own: Map<string, TypeArg> | undefined;
    if (args && sym.typeParams) {
      own = new Map();
      sym.typeParams.forEach((l, i) => { if (args[i]) own!.set(`${cf}:${l}`, args[i]); });
    }
    if (cf === of && cs === os) return own?.size ? own : undefined;
    // extends, then implements (indexed: no joined copy per call, this runs for every member of an instance)
    const ext = sym.extends, nExt = ext ? ext.length : 0, n = nExt + (sym.implements ? sym.implements.length : 0);
    for (let k = 0; k < n; k++) {
      const h = k < nExt ? ext![k] : sym.implements![k - nExt];
      if (h.k !== 'generic') continue;
      const base = this.typeSymbol(cf, h.of);
      if (!base || base === 'ext') continue;
      const found = this.bindingsFor(base.f, base.s, h.args.map((t) => ({ f: cf, t, subst: own })), of, os, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** The value a symbol reference stands for when used as a receiver (`x.m()`: the object x holds). */
  deref(v: Val): Val {
    if (v.t !== 'sym') return v;
    if (this.depth > MAX_DEPTH) { this.cut++; return UNKNOWN; }
    if (++this.depth > this.peak) this.peak = this.depth;
    try { return this.derefSym(v); } finally { this.depth--; }
  }

  private derefSym(v: Val & { t: 'sym' }): Val {
    const sym = this.sym(v);
    switch (sym.label) {
      case 'Class': case 'Interface': case 'Enum': return v;
      // fn.call / fn.bind / fn.apply; a merged namespace's members, or those assigned to a constructor function
      case 'Function': return this.merged(v.f, v.s) || this.childrenOf(v.f, v.s) ? v : EXT;
      case 'Method':
        if (sym.kind === 'getter' && sym.returns) return weakenFrom(this.typeValue(v.f, sym.returns, 0, v.subst), v, 'return-type');
        // an unannotated getter: the value its return statements give (`get parent() { return this.node(0) }`)
        if (sym.kind === 'getter' && sym.returnsValue) return weakenFrom(this.deref(this.value(v.f, sym.returnsValue)), v, 'return-type');
        return EXT;
      case 'Variable': case 'Property': {
        if (sym.kind === 'enum_member') return EXT; // a number or a string
        if (sym.kind === 'namespace' || this.childrenOf(v.f, v.s)) return v;
        if (sym.type) return weakenFrom(this.typeValue(v.f, sym.type, 0, v.subst), v, 'typed-receiver');
        if (sym.init) return weakenFrom(this.deref(this.value(v.f, sym.init)), v, 'typed-receiver');
        return UNKNOWN;
      }
      default: return UNKNOWN;
    }
  }

  /** `o.name` where `o` is already dereferenced. */
  member(o: Val, name: string): Val {
    switch (o.t) {
      case 'ns': {
        const v = this.exportOf(o.f, name);
        // a module's own exports (`exports.f()` in the file that assigns `exports.f`) are same-file values
        if (v) return o.r === 'same-file' ? v : weakenFrom(v, o, 'namespace-import');
        return this.exportTable(o.f).stars.some((s) => !('f' in this.module(o.f, s))) ? EXT : UNKNOWN;
      }
      case 'sym': {
        const sym = this.sym(o);
        if (sym.label === 'Enum') {
          const member = this.childrenOf(o.f, o.s)?.get(name);
          return member ? weakenFrom({ t: 'sym', f: o.f, s: member[0], r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member') : this.mergedMember(o, name) ?? EXT;
        }
        if (sym.label === 'Class' && name === 'prototype') return weakenFrom({ t: 'inst', f: o.f, s: o.s, r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
        if (sym.label === 'Class' || sym.label === 'Interface') {
          const m = this.findMember(o, name, true);
          if (m && m !== 'ext') return weakenFrom({ t: 'sym', f: m.f, s: m.s, r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
          const ns = this.mergedMember(o, name);
          if (ns) return ns;
          return m === 'ext' || FUNCTION_MEMBERS.has(name) ? EXT : UNKNOWN;
        }
        if (sym.label === 'Function') {
          // `Counter.create()` of `Counter.create = function () {}`; `greet.loudly` of `namespace greet`
          const own = this.childrenOf(o.f, o.s)?.get(name)?.find((i) => this.files[o.f].symbols[i].isStatic);
          if (own !== undefined) return weakenFrom({ t: 'sym', f: o.f, s: own, r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
          if (name === 'prototype' && this.childrenOf(o.f, o.s)) return weakenFrom({ t: 'inst', f: o.f, s: o.s, r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
          return this.mergedMember(o, name) ?? EXT;
        }
        const kids = this.childrenOf(o.f, o.s)?.get(name);
        if (kids) return weakenFrom({ t: 'sym', f: o.f, s: kids[0], r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
        // an object literal's other keys are no symbols: its declared type has them (`const p: Provider = {…}`)
        if (sym.type && (sym.label === 'Variable' || sym.label === 'Property')) {
          return weakenFrom(this.member(this.typeValue(o.f, sym.type, 0), name), o, 'typed-receiver');
        }
        // … or, untyped, its entries do (`const _internals = { hashFile, nowNs: () => … }`: `nowNs` is a symbol,
        // `hashFile` the function the shorthand names)
        if (sym.init?.k === 'objval' && sym.label === 'Variable') {
          const iv = this.value(o.f, sym.init);
          if (iv.t === 'objv') return weakenFrom(this.objectMember(iv, name), o, 'static-member');
        }
        return UNKNOWN;
      }
      case 'inst': {
        const m = o.up ? this.heritageMember(o, name, !!o.st) : this.findMember(o, name, false);
        if (m && m !== 'ext') return { t: 'sym', f: m.f, s: m.s, r: o.r, c: o.c, subst: this.substOf(o, m) };
        return m === 'ext' ? EXT : UNKNOWN;
      }
      case 'union': case 'anyof': {
        // the same symbol (or, for object types, the same instance type) through every member type, or nothing:
        // which type the value has is the checker's call (a member type that surely lacks the member does not count:
        // see lacksIn; a class's member is always a symbol)
        let out: Val | undefined;
        for (const x of o.of as Val[]) {
          const m = this.member(x, name);
          if (m.t === 'unknown' && this.lacksIn(x, name)) continue;
          if ((m.t !== 'sym' && m.t !== 'inst') || (out && !sameValue(out, m))) return UNKNOWN;
          if (!out || m.c < (out as { c: number }).c) out = m;
        }
        return out ?? UNKNOWN;
      }
      case 'inter': {
        if (o.hole) return UNKNOWN;
        // the one answer the parts that declare `name` agree on (declared by several parts with different answers:
        // the checker's call)
        let out: Val | undefined;
        let ext = false;
        for (const x of o.of) {
          const m = this.member(x, name);
          if (m.t === 'ext') { ext = true; continue; }
          if (m.t !== 'sym') continue; // this part has no such member
          if (out && !sameValue(out, m)) return UNKNOWN;
          if (!out || m.c < (out as { c: number }).c) out = m;
        }
        // an object type literal part (`AnyRouter & { _preloads?: Map<…> }`): a member it declares is its typed
        // property (no answer if a class part declares it too, or if it is a method signature); one it lacks is the
        // other parts' business
        for (const p of o.objs ?? []) {
          const prop = p.props.find((x) => x.name === name);
          if (prop) {
            if (ext) return UNKNOWN;
            const v = weakenFrom(this.typeValue(p.f, prop.type, 0, p.subst), p, 'typed-receiver');
            if (out && !sameValue(out, v)) return UNKNOWN;
            if (!out) out = v;
          } else if (p.others?.includes(name)) return UNKNOWN;
        }
        // a union part (`(A | B) & { strategy: S }`): what its member types agree on
        for (const a of o.alts ?? []) {
          const v = this.member(a, name);
          if (v.t === 'ext' || v.t === 'unknown') { if (v.t === 'ext' || !this.lacksIn(a, name)) return UNKNOWN; continue; }
          if (out && !sameValue(out, v)) return UNKNOWN;
          if (!out) out = v;
        }
        // a name no part declares is an index signature's (`RouterCore & { [k: string]: V }`: a V); the checker
        // reads a declared member before any index signature
        if (!out && !ext) {
          const indexed = o.objs?.find((p) => p.index);
          if (indexed) return weakenFrom(this.typeValue(indexed.f, indexed.index!, 0, indexed.subst), indexed, 'typed-receiver');
        }
        // a member also reachable through a part with an outside base could be either: no answer
        return out ? (ext ? UNKNOWN : out) : ext ? EXT : UNKNOWN;
      }
      case 'objv': return this.objectMember(o, name);
      case 'map':
        if (name === 'get') return { t: 'elemfn', f: o.f, of: o.of, r: o.r, c: o.c, subst: o.subst };
        // `map.values()`: an iterable of the values (for-of, spread, `.forEach` of an iterator); `map.entries()` of entries
        if (name === 'entries') return { t: 'arrfn', f: o.f, of: OTHER, r: o.r, c: o.c, el: this.entryOf(o) };
        if (name === 'keys' && o.key) return { t: 'arrfn', f: o.f, of: o.key, r: o.r, c: o.c, subst: o.subst };
        return name === 'values' ? { t: 'arrfn', f: o.f, of: o.of, r: o.r, c: o.c, subst: o.subst } : EXT;
      case 'prom': return EXT; // then, catch, finally: built-ins (a `then` callback's parameter: see contextual)
      case 'obj': {
        // a property of an object type literal: an instance of its declared type (methods are not recorded)
        const p = o.props.find((x) => x.name === name);
        if (p) return weakenFrom(this.typeValue(o.f, p.type, 0, o.subst), o, 'typed-receiver');
        // `{ [k: string]: T }`, `Record<K, T>`: any other key gives a T
        return o.index ? weakenFrom(this.typeValue(o.f, o.index, 0, o.subst), o, 'typed-receiver') : UNKNOWN;
      }
      case 'arr':
        if (SAME_ARRAY_METHODS.has(name)) return { t: 'arrfn', f: o.f, of: o.of, r: o.r, c: o.c, subst: o.subst, el: o.el };
        // `xs.entries()`: index and element pairs; `xss.flat()`: the elements of the element arrays
        if (name === 'entries') return { t: 'arrfn', f: o.f, of: OTHER, r: o.r, c: o.c, el: { t: 'tup', items: [EXT, this.elementOf(o, 'typed-receiver')], r: o.r, c: o.c } };
        if (name === 'flat') {
          const inner = this.deref(this.elementOf(o, 'typed-receiver'));
          return inner.t === 'arr' ? { t: 'arrfn', f: o.f, of: OTHER, r: o.r, c: o.c, el: this.elementOf(inner, 'typed-receiver') } : EXT;
        }
        return ELEMENT_METHODS.has(name) ? { t: 'elemfn', f: o.f, of: o.of, r: o.r, c: o.c, subst: o.subst, el: o.el } : EXT;
      case 'ext': return EXT;
      default: return UNKNOWN;
    }
  }

  /**
   * The member types of a union (`u`: project types, or object types) whose discriminant `key` is one of `tags`; a
   * member type whose discriminant we cannot read stays. Undefined when nothing is narrowed.
   */
  private narrowedByTag(u: Val, key: string, tags: readonly string[]): Val | undefined {
    if (u.t !== 'union' && u.t !== 'anyof') return undefined;
    const kept = (u.of as Val[]).filter((x) => { const t = this.tagOf(x, key); return t === undefined || tags.includes(t); });
    if (kept.length === u.of.length || kept.length === 0) return undefined;
    if (kept.length === 1) return kept[0];
    const c = Math.min(...kept.map((x) => (x as { c: number }).c));
    return u.t === 'union' ? { t: 'union', of: kept as Array<Val & { t: 'inst' }>, r: u.r, c } : { t: 'anyof', of: kept, r: u.r, c };
  }

  /** The string a member type declares for its discriminant `key` (`readonly _tag = 'Objects'`, `kind: 'circle'`). */
  private tagOf(x: Val, key: string): string | undefined {
    const lit = (e: Expr | undefined): string | undefined => (e?.k === 'lit' ? e.v : undefined);
    if (x.t === 'inst') {
      const m = this.findMember(x, key, false);
      if (!m || m === 'ext') return undefined;
      const sym = this.sym(m);
      return lit(sym.type) ?? (sym.type ? undefined : lit(sym.init));
    }
    if (x.t === 'obj') return lit(x.props.find((p) => p.name === key)?.type);
    if (x.t === 'inter') {
      for (const p of x.objs ?? []) { const t = lit(p.props.find((q) => q.name === key)?.type); if (t !== undefined) return t; }
      for (const p of x.of) { const t = this.tagOf(p, key); if (t !== undefined) return t; }
    }
    return undefined;
  }

  /** True when a member type of a union surely has no member `name`: a class (see lacks) or a closed object type. */
  private lacksIn(x: Val, name: string): boolean {
    if (x.t === 'inst') return this.lacks(x, name);
    if (x.t === 'obj') return !x.open && !x.index && !x.props.some((p) => p.name === name) && !x.others?.includes(name);
    if (x.t === 'anyof') return x.of.every((y) => this.lacksIn(y, name));
    return false;
  }

  /**
   * A TypeScript class (and every class or interface above it) that is all in the project and declares no member `name`, on
   * either side: code that type-checks reads `name` on a union holding it only where a narrowing (`'reset' in
   * handler`, a discriminant, `instanceof`) has left the other member types, so the member is theirs. Interfaces are
   * left out (an index signature there is not recorded, and would answer any name).
   */
  private lacks(x: { f: number; s: number }, name: string): boolean {
    // (TypeScript only: the checker does not hold JavaScript to its JSDoc types, so nothing there says it narrowed)
    if (this.sym(x).label !== 'Class' || this.files[x.f].language === 'javascript') return false;
    return this.findMember(x, name, false) === undefined && this.findMember(x, name, true) === undefined && !this.mergedMember({ t: 'sym', f: x.f, s: x.s, r: 'same-file', c: 1 }, name);
  }

  /**
   * `o.name` on a receiver typed by a union of project types: each member type's symbol for `name` (distinct).
   * The call goes to one of them, so no CALLS edge is drawn unless they agree (see member), but the name is an
   * occurrence of each, as the TypeScript language service counts it (renaming one renames the access).
   */
  unionMembers(f: number, e: Expr): Array<Val & { t: 'sym' }> {
    if (e.k !== 'member') return [];
    const o = this.deref(this.value(f, e.obj));
    if (o.t !== 'union') return [];
    const out: Array<Val & { t: 'sym' }> = [];
    for (const x of o.of) {
      const m = this.member(x, e.name);
      if (m.t === 'sym' && !out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
    }
    return out;
  }

  /**
   * The members a union receiver's call may dispatch to: when every member type resolves `e.name` (to two or
   * more distinct symbols — one shared symbol is `member`'s answer), each of them; else undefined.
   */
  unionCallees(f: number, e: Expr): Array<Val & { t: 'sym' }> | undefined {
    if (e.k !== 'member') return undefined;
    const o = this.deref(this.value(f, e.obj));
    // (also the static side of `typeof A | typeof B`: `Ctor.create()` runs A's or B's)
    if (o.t !== 'union' && !(o.t === 'anyof' && this.eitherClass(o))) return undefined;
    const out: Array<Val & { t: 'sym' }> = [];
    for (const x of o.of as Val[]) {
      const m = this.member(x, e.name);
      if (m.t === 'unknown' && (x.t === 'inst' || x.t === 'sym') && this.lacks(x, e.name)) continue;
      if (m.t !== 'sym') return undefined;
      if (!out.some((y) => y.f === m.f && y.s === m.s)) out.push(m);
    }
    return out.length > 1 ? out : undefined;
  }

  /** The classes a value typed `typeof A | typeof B` (a parameter, or a variable or property so declared) may be. */
  eitherClass(v: Val): Array<Val & { t: 'sym' }> | undefined {
    const d = v.t === 'sym' && (this.sym(v).label === 'Variable' || this.sym(v).label === 'Property') ? this.deref(v) : v;
    if (d.t !== 'anyof' || !d.of.every((x) => x.t === 'sym' && this.sym(x).label === 'Class')) return undefined;
    return d.of as Array<Val & { t: 'sym' }>;
  }

  /**
   * The functions a callee holding one of several (`const addTo = previous ? addToStart : addToEnd; addTo(…)`,
   * `(opts.hashFn || hashKey)(key)`) may be: each branch that is a project function or method (two or more
   * distinct, or one beside branches we cannot see); undefined when the callee is no such choice.
   */
  eitherCallees(f: number, e: Expr): Array<Val & { t: 'sym' }> | undefined {
    let choice: Expr | undefined = e;
    for (let hops = 0; choice && choice.k === 'id' && choice.b && hops < 4; hops++) {
      const b: Binding = choice.b;
      if (bindsLocal(b)) {
        const loc: LocalFact = this.files[f].locals[bindingIndex(b)];
        choice = loc.reassigned ? undefined : loc.init;
      } else if (bindsSymbol(b)) {
        const sym: SymbolFact = this.files[f].symbols[bindingIndex(b)];
        choice = sym.label === 'Variable' && !sym.reassigned && sym.kind === 'const' ? sym.init : undefined;
      } else {
        // an imported const choosing a function (`export const safeCancel: Fn = hasIdle ? (id) => … : polyfill`)
        const v = this.importValue(f, bindingIndex(b));
        const sym = v.t === 'sym' ? this.sym(v) : undefined;
        if (v.t === 'sym' && sym && sym.label === 'Variable' && !sym.reassigned && sym.kind === 'const' && sym.init) { f = v.f; choice = sym.init; } else choice = undefined;
      }
    }
    if (!choice || choice.k !== 'union') return undefined;
    const out: Array<Val & { t: 'sym' }> = [];
    for (const branch of choice.types) {
      const v = this.value(f, branch);
      if (v.t !== 'sym') continue;
      const label = this.sym(v).label;
      if ((label === 'Function' || label === 'Method') && !out.some((o) => o.f === v.f && o.s === v.s)) out.push(v);
    }
    return out.length ? out : undefined;
  }

  /**
   * The result of a built-in that maps through a callback (`fn`, written in file f): `xs.map(cb)` is an array of
   * what cb returns, `xs.flatMap(cb)` of its elements, `p.then(cb)` a promise of it, `xs.filter(guard)` an array of
   * what the guard's predicate says. Undefined when that is not known (the call is then read as before: a built-in's
   * result).
   */
  private mappedResult(f: number, callee: Expr & { k: 'member' }, fn: Expr): Val | undefined {
    const name = callee.name;
    if (name === 'filter') return this.filteredResult(f, callee, fn);
    if ((name !== 'map' && name !== 'flatMap' && name !== 'then') || fn.k !== 'fn' || !fn.ret) return undefined;
    const recv = this.deref(this.value(f, callee.obj));
    if (name === 'then' ? recv.t !== 'prom' : recv.t !== 'arr') return undefined;
    let v = this.returnedBy(f, fn);
    if (name === 'flatMap' && v.t === 'arr') v = this.elementOf(v, 'return-type');
    if (v.t === 'unknown') return undefined;
    if (name === 'then') return v.t === 'prom' ? v : { t: 'prom', of: v, r: 'return-type', c: Math.min((recv as { c: number }).c, REASON_CONFIDENCE['return-type']) };
    const a = recv as Val & { t: 'arr' };
    return { t: 'arr', f: a.f, of: a.of, r: a.r, c: a.c, subst: a.subst, el: v };
  }

  /** `xs.filter(isAdmin)`, `xs.filter((x): x is Admin => …)`: an array of what the guard's predicate says. */
  private filteredResult(f: number, callee: Expr & { k: 'member' }, fn: Expr): Val | undefined {
    let pred: Val | undefined;
    if (fn.k === 'fn') pred = fn.pred && this.typeValue(f, fn.pred, 0);
    else if (fn.k === 'id' || fn.k === 'member') {
      const g = this.value(f, fn);
      const p = g.t === 'sym' ? this.sym(g).predicate : undefined;
      if (p && g.t === 'sym') pred = weakenFrom(this.typeValue(g.f, p, 0, g.subst), g, 'return-type');
    }
    if (!pred || pred.t === 'unknown' || pred.t === 'ext') return undefined;
    const recv = this.deref(this.value(f, callee.obj));
    return recv.t === 'arr' ? valueArray(recv, pred) : undefined;
  }

  /**
   * The result of a global's static method reading a project value (`Object.values(byId)`, `Object.entries(byId)`,
   * `Object.assign(target, …)`, `Array.from(map.values())`, `Array.from(xs, (x) => x.owner)`, `Promise.all([…])`,
   * `Promise.all(xs)`, `Promise.resolve(x)`); undefined for anything else (read as before).
   */
  private builtinResult(f: number, global: string, name: string, args: Array<Expr | null>): Val | undefined {
    if (global === 'Object' && (name === 'values' || name === 'entries')) {
      // a `Record<string, V>`, `{ [k: string]: V }`: every value is a V
      const o = this.deref(this.value(f, args[0]!));
      if (o.t !== 'obj' || !o.index || o.props.length || o.others?.length) return undefined;
      const v = this.typeValue(o.f, o.index, 0, o.subst);
      if (v.t === 'unknown') return undefined;
      return valueArray(o, name === 'values' ? v : { t: 'tup', items: [EXT, v], r: o.r, c: o.c });
    }
    if (global === 'Promise' && name === 'all' && args[0]!.k === 'list') {
      // `await Promise.all([a(), b()])`: a tuple of what each item's promise resolves to (a value that is no
      // promise is itself)
      const items = args[0]!.items.map((x) => this.awaited(this.value(f, x)));
      return { t: 'prom', of: { t: 'tup', items, r: 'return-type', c: REASON_CONFIDENCE['return-type'] }, r: 'return-type', c: REASON_CONFIDENCE['return-type'] };
    }
    if (global === 'Promise' && name === 'all') {
      // `await Promise.all(ids.map(async (id) => find(id)))`: an array of what its elements resolve to
      const a = this.deref(this.value(f, args[0]!));
      if (a.t !== 'arr') return undefined;
      const el = this.awaited(this.elementOf(a, 'return-type'));
      return el.t === 'unknown' ? undefined : { t: 'prom', of: valueArray(a, el), r: 'return-type', c: REASON_CONFIDENCE['return-type'] };
    }
    if (global === 'Promise' && name === 'resolve') {
      // `Promise.resolve(x)`: a promise of x (of what x resolves to, when x is a promise)
      const v = this.awaited(this.value(f, args[0]!));
      return v.t === 'unknown' ? undefined : { t: 'prom', of: v, r: 'return-type', c: REASON_CONFIDENCE['return-type'] };
    }
    if (global === 'Object' && (name === 'freeze' || name === 'seal' || name === 'preventExtensions')) {
      // `Object.freeze(this)`: its argument (read-only, the same members)
      const v = this.value(f, args[0]!);
      return v.t === 'unknown' || v.t === 'ext' ? undefined : v;
    }
    if (global === 'Object' && name === 'assign') {
      // `Object.assign(new Foo(), extra)`: the target, with more members
      const v = this.deref(this.value(f, args[0]!));
      return v.t === 'inst' || v.t === 'union' ? v : undefined;
    }
    if (global === 'Array' && name === 'from') {
      const src = this.deref(this.value(f, args[0]!));
      const arr: Val | undefined = src.t === 'arr' ? src : src.t === 'map' ? valueArray(src, this.entryOf(src)) : undefined;
      if (!arr) return undefined;
      const fn = args[1];
      if (!fn) return arr;
      if (fn.k !== 'fn' || !fn.ret) return undefined;
      const v = this.returnedBy(f, fn);
      return v.t === 'unknown' ? undefined : valueArray(arr, v);
    }
    return undefined;
  }

  /**
   * The branches of a value-level union when every one is an array (`Array.isArray(x) ? x : [x]`): an array whose
   * elements are the one symbol or the instance types their elements give; undefined when a branch is no array.
   */
  private arraysOf(f: number, types: readonly Expr[]): Val | undefined {
    let first: (Val & { t: 'arr' }) | undefined;
    const els: Val[] = [];
    for (const x of types) {
      const v = this.deref(this.value(f, x));
      if (v.t !== 'arr') return undefined;
      first ??= v;
      els.push(this.deref(this.elementOf(v, 'typed-receiver')));
    }
    if (!first) return undefined;
    const insts: Array<Val & { t: 'inst' }> = [];
    for (const v of els) if (!addInstances(insts, v)) return valueArray(first, els.every((o) => sameValue(o, v)) ? v : UNKNOWN);
    return valueArray(first, instancesValue(insts));
  }

  /** What calling the function expression `fn` (written in file f) gives, as the object it holds. */
  private returnedBy(f: number, fn: Expr & { k: 'fn' }): Val {
    const v = this.callResult(this.value(f, fn));
    return v.t === 'sym' ? this.deref(v) : v;
  }

  /** What awaiting `v` gives: a promise's value, else `v` itself. */
  private awaited(v: Val): Val {
    const held = v.t === 'sym' ? this.deref(v) : v;
    return held.t === 'prom' ? held.of : v;
  }

  /** An entry of a map value: the tuple `[key, value]`. */
  private entryOf(m: Val & { t: 'map' }): Val {
    return { t: 'tup', items: [this.keyOf(m), weakenFrom(this.typeValue(m.f, m.of, 0, m.subst), m, 'typed-receiver')], r: m.r, c: m.c };
  }

  /** A key of a map value (unknown where its type was not written: `new Map()` typed by nothing). */
  private keyOf(m: Val & { t: 'map' }): Val {
    return m.key ? weakenFrom(this.typeValue(m.f, m.key, 0, m.subst), m, 'typed-receiver') : UNKNOWN;
  }

  /** An element of an array value (or what an element method returns), reached by the step `r`. */
  private elementOf(a: { f: number; of: Expr; subst?: Subst; el?: Val; r: Reason; c: number }, r: Reason): Val {
    return weakenFrom(a.el ?? this.typeValue(a.f, a.of, 0, a.subst), a as Val, r);
  }

  /**
   * What a returned (or otherwise passed-on) value stands for: a function or method as itself, so that calling
   * the result calls it (`createRouterFactory(config)(routes)` runs the `createRouterInner` it returns); anything
   * else as the object it holds (`deref`).
   */
  private heldValue(v: Val): Val {
    if (v.t === 'sym') {
      const sym = this.sym(v);
      if (sym.label === 'Function' && !sym.reassigned) return v;
      if (sym.label === 'Method' && sym.kind !== 'getter' && sym.kind !== 'setter' && !sym.reassigned) return v;
    }
    return this.deref(v);
  }

  /** What a getter gives as a callee (`o.chain()` of `get chain()`): its declared type's value, or what it returns. */
  getterResult(v: Val & { t: 'sym' }): (Val & { t: 'sym' }) | undefined {
    const sym = this.sym(v);
    const r = sym.returns ? this.typeValue(v.f, sym.returns, 0, v.subst) : sym.returnsValue ? this.heldValue(this.value(v.f, sym.returnsValue)) : undefined;
    return r && r.t === 'sym' ? weakenFrom(r, v, 'return-type') as Val & { t: 'sym' } : undefined;
  }

  /**
   * The function a callee holds when it is not a function name itself: the result of a call whose function
   * returns one fixed function of its file (`returnsFn`: `const ZodObject = $constructor(…)` where `$constructor`
   * ends with `return _ as any`), directly (`f()()`) or through a const or an unassigned local initialised so.
   */
  heldFunction(f: number, e: Expr, depth = 0, fixed = false): (Val & { t: 'sym' }) | undefined {
    if (depth > 4) { this.cut++; return undefined; }
    // `const toReadonlyArray: <S>(self: S) => … = toReadonlyArray_ as any` (Effect): the function asserted away
    if (e.k === 'as') return e.of ? this.heldFunction(f, e.of, depth + 1, fixed) : undefined;
    if (e.k === 'call') {
      const c = this.value(f, e.callee);
      if (c.t !== 'sym') return undefined;
      const sym = this.sym(c);
      if ((sym.label !== 'Function' && sym.label !== 'Method') || sym.reassigned || sym.returnsFn === undefined) return undefined;
      return weakenFrom({ t: 'sym', f: c.f, s: sym.returnsFn, r: 'same-file', c: 1 }, c, 'return-type') as Val & { t: 'sym' };
    }
    if (e.k === 'member') {
      // `new checks.$ZodCheckGreaterThan(…)`: a const reached through a namespace or an object
      const v = this.value(f, e);
      const sym = v.t === 'sym' ? this.sym(v) : undefined;
      if (v.t !== 'sym' || !sym || sym.label !== 'Variable' || sym.kind !== 'const' || !sym.init) return undefined;
      const held = this.heldFunction(v.f, sym.init, depth + 1, true);
      return held && weakenFrom(held, v, 'same-file') as Val & { t: 'sym' };
    }
    if (e.k !== 'id' || !e.b) return undefined;
    if (bindsSymbol(e.b)) {
      const sym = this.files[f].symbols[bindingIndex(e.b)];
      // a function a const's initialiser names (`fixed`: reached through a const, not a parameter's default)
      if (fixed && sym.label === 'Function' && !sym.reassigned) return { t: 'sym', f, s: bindingIndex(e.b), r: 'same-file', c: 1 };
      if (sym.label !== 'Variable' || sym.kind !== 'const' || !sym.init) return undefined;
      const held = this.heldFunction(f, sym.init, depth + 1, true);
      return held && weakenFrom(held, { t: 'sym', f, s: bindingIndex(e.b), r: 'same-file', c: 1 }, 'same-file') as Val & { t: 'sym' };
    }
    if (bindsImport(e.b)) {
      const v = this.importValue(f, bindingIndex(e.b));
      if (v.t !== 'sym') return undefined;
      const held = this.heldFunction(v.f, { k: 'id', name: this.sym(v).name, b: symbolBinding(v.s) }, depth + 1, fixed);
      return held && weakenFrom(held, v, 'import') as Val & { t: 'sym' };
    }
    const loc = this.files[f].locals[bindingIndex(e.b)];
    return loc.reassigned || !loc.init ? undefined : this.heldFunction(f, loc.init, depth + 1);
  }

  /**
   * Value of calling `c`: an instance of the declared return type. `args` (written in file `argFile`) bind the type
   * parameters of a generic function or method from its parameters' declared types (see inferTypeArgs).
   */
  callResult(c: Val, args?: Array<Expr | null>, argFile?: number, argc?: number, targs?: Expr[]): Val {
    // a function expression (`{ make: () => new A() }`): what it returns (an async one: a promise of it)
    if (c.t === 'ext') {
      if (!c.fn) return EXT;
      const v = weaken(this.heldValue(this.value(c.fn.f, c.fn.ret)), 'return-type');
      return !c.fn.async || v.t === 'prom' || v.t === 'unknown' ? v : { t: 'prom', of: v, r: 'return-type', c: REASON_CONFIDENCE['return-type'] };
    }
    // a value of an object type with call signatures (`const close: { (exit: E): (scope: S) => Effect<void>; (scope: S,
    // exit: E): Effect<void> } = dual(…)`): the signature the argument count picks (several: their one result)
    if (c.t === 'obj') return c.calls ? this.signatureResult(c, argc ?? args?.length ?? 0) : UNKNOWN;
    if (c.t === 'elemfn') return this.elementOf(c, 'typed-receiver');
    if (c.t === 'arrfn') return { t: 'arr', f: c.f, of: c.of, r: c.r, c: c.c, subst: c.subst, el: c.el };
    // a value of a function type (`resourceFactory: () => Unsubscribable | void`): its declared result
    if (c.t === 'fnval') return weakenFrom(this.typeValue(c.f, c.returns, 0, c.subst), c, 'return-type');
    if (c.t !== 'sym') return UNKNOWN;
    const sym = this.sym(c);
    // a const or property declared with a function type or such an object type (`export const close: (self: Scope,
    // exit: Exit) => Effect<void> = effect.scopeClose`): its declared result
    if ((sym.label === 'Variable' || sym.label === 'Property') && sym.type) {
      const d = this.deref(c);
      return d.t === 'fnval' || (d.t === 'obj' && d.calls) ? this.callResult(d, args, argFile, argc) : UNKNOWN;
    }
    // a const holding the function a call returned (`const getEditor = setupTestEnv()`, which returns `() => editor`,
    // or is declared to return `() => Editor`): what that function returns
    if (sym.label === 'Variable' && sym.kind === 'const' && sym.init) {
      const d = this.deref(c);
      if (d.t === 'fnval' || (d.t === 'ext' && d.fn)) return weakenFrom(this.callResult(d, args, argFile, argc), c, 'return-type');
    }
    if ((sym.label === 'Function' || sym.label === 'Method') && sym.returns) {
      // type arguments written at the call bind the type parameters (`get<Db>(…)`); else the arguments may
      const subst = !sym.typeParams ? c.subst
        : targs && argFile !== undefined ? this.explicitTypeArgs(c, sym.typeParams, targs, argFile)
        : sym.params && args && argFile !== undefined ? this.inferTypeArgs(c, sym.typeParams, sym.params, args, argFile) : c.subst;
      // a result declared as a type parameter (`<T extends Node>(x: T): T`) is what the call instantiates T to —
      // maybe a subclass overriding the member — so its constraint is no answer here
      // (unless it is the type parameter of the receiver's class, bound by its type arguments: `Repo<User>.find()`)
      // (or one of the function's own, bound by the call's arguments: `first(leaves)`)
      if (sym.returns.k === 'id' && bindsLocal(sym.returns.b) && !subst?.has(`${c.f}:${bindingIndex(sym.returns.b)}`)) return UNKNOWN;
      return weakenFrom(this.typeValue(c.f, sym.returns, 0, subst), c, 'return-type');
    }
    // no declared return type: the value its return statements give, evaluated where they are written
    if ((sym.label === 'Function' || sym.label === 'Method') && sym.returnsValue && !sym.reassigned) {
      const v = weakenFrom(this.heldValue(this.value(c.f, sym.returnsValue)), c, 'return-type');
      // an async function's result is a promise of what it returns (awaiting a promise it returns: that one)
      if (!sym.returnsAsync || v.t === 'prom') return v;
      return v.t === 'unknown' || v.t === 'ext' ? v : { t: 'prom', of: v, r: 'return-type', c: Math.min(c.c, REASON_CONFIDENCE['return-type']) };
    }
    return UNKNOWN;
  }

  /** The result of calling a value of an object type with call signatures with `argc` arguments (-1: unknown). */
  private signatureResult(o: Val & { t: 'obj' }, argc: number): Val {
    if (argc < 0) return UNKNOWN;
    let out: Val | undefined;
    for (const sig of o.calls!) {
      if (argc < sig.min || (sig.max >= 0 && argc > sig.max)) continue;
      const v = weakenFrom(this.typeValue(o.f, sig.returns, 0, o.subst), o, 'return-type');
      if (out && !sameValue(out, v)) return UNKNOWN;
      out ??= v;
    }
    return out ?? UNKNOWN;
  }

  /**
   * The type parameters of a generic function or method that a call's arguments bind, added to the receiver's
   * (`c.subst`), as the checker infers them: a parameter declared `T` takes the argument's value, `T[]` an element of
   * an array argument, `Promise<T>` what a promise resolves to, `T | undefined` as T, and a function or constructor
   * type returning T (`theClass: new (...args) => T`, `make: () => T`) an instance of a class argument or what a
   * function argument returns. Two arguments giving T different values leave T unbound.
   */
  private inferTypeArgs(c: Val & { t: 'sym' }, typeParams: readonly number[], declared: ReadonlyArray<Expr | null>, args: Array<Expr | null>, argFile: number): Subst | undefined {
    const own = new Map<string, TypeArg>(c.subst ?? []);
    const params = new Set(typeParams.map((l) => `${c.f}:${l}`));
    const conflicts = new Set<string>();
    const bind = (pt: Expr, arg: () => Val, depth: number): void => {
      if (depth > 4) { this.cut++; return; }
      if (pt.k === 'id' && bindsLocal(pt.b)) {
        const key = `${c.f}:${bindingIndex(pt.b)}`;
        if (!params.has(key)) return;
        const v = arg();
        if (v.t === 'unknown' || v.t === 'ext') return;
        const prev = own.get(key)?.v;
        if (prev && !sameValue(prev, v)) conflicts.add(key);
        else if (!prev) own.set(key, { f: c.f, t: pt, v });
        return;
      }
      if (pt.k === 'array') return bind(pt.of, () => { const a = this.deref(arg()); return a.t === 'arr' ? a.el ?? this.typeValue(a.f, a.of, 0, a.subst) : UNKNOWN; }, depth + 1);
      if (pt.k === 'promise') return bind(pt.of, () => { const p = this.deref(arg()); return p.t === 'prom' ? p.of : UNKNOWN; }, depth + 1);
      if (pt.k === 'union') { for (const m of pt.types) if (m.k === 'id') bind(m, arg, depth + 1); return; }
      if (pt.k === 'fntype') {
        return bind(pt.returns, () => {
          const a = arg();
          // a function expression (`box.map((v) => v.owner)` binding `map<U>(f: (v: T) => U)`'s U): what it returns
          if (a.t === 'ext' && a.fn) return this.callResult(a);
          if (a.t !== 'sym') return UNKNOWN;
          const as = this.sym(a);
          // a class where a function type is expected is a constructor type (`new (...args) => T`): an instance
          if (as.label === 'Class') return weaken({ t: 'inst', f: a.f, s: a.s, r: a.r, c: a.c }, 'typed-receiver');
          return as.label === 'Function' || as.label === 'Method' ? this.callResult(a) : UNKNOWN;
        }, depth + 1);
      }
    };
    declared.forEach((pt, i) => {
      const a = args[i];
      if (!pt || !a) return;
      let memo: Val | undefined;
      bind(pt, () => {
        if (memo) return memo;
        const v = this.value(argFile, a);
        // a class passed as a value stays the class (a constructor argument); anything else is what it holds
        memo = v.t === 'sym' && this.sym(v).label === 'Class' ? v : this.heldValue(v);
        return memo;
      }, 0);
    });
    for (const k of conflicts) own.delete(k);
    return own.size ? own : undefined;
  }

  /** The type parameters of a generic function or method bound to the type arguments a call writes (`get<Db>(…)`). */
  private explicitTypeArgs(c: Val & { t: 'sym' }, typeParams: readonly number[], targs: readonly Expr[], argFile: number): Subst {
    const own = new Map<string, TypeArg>(c.subst ?? []);
    for (let i = 0; i < targs.length && i < typeParams.length; i++) own.set(`${c.f}:${typeParams[i]}`, { f: argFile, t: targs[i] });
    return own;
  }

  /**
   * The type arguments a generic class's constructor call binds (`new Box(user)` of `class Box<T> { constructor(v: T)
   * … }`: T = User), as inferTypeArgs binds a function's; undefined when the class declares no constructor with
   * typed parameters or nothing is bound.
   */
  private constructedArgs(c: Val & { t: 'sym' }, args: Array<Expr | null>, argFile: number): TypeArg[] | undefined {
    const cls = this.sym(c);
    const ctorIndex = this.childrenOf(c.f, c.s)?.get('constructor')?.[0];
    const ctor = ctorIndex === undefined ? undefined : this.files[c.f].symbols[ctorIndex];
    if (!ctor?.params || !cls.typeParams) return undefined;
    const own = this.inferTypeArgs({ t: 'sym', f: c.f, s: ctorIndex!, r: c.r, c: c.c }, cls.typeParams, ctor.params, args, argFile);
    if (!own) return undefined;
    // (a type parameter the arguments leave unbound is a hole, which bindingsFor skips)
    const out = cls.typeParams.map((l) => own.get(`${c.f}:${l}`) as TypeArg);
    return out.some((a) => a) ? out : undefined;
  }

  // ---------------------------------------------------------------- types
  /** Instance value of a type expression written in file `f`. */
  typeValue(f: number, t: Expr, depth: number, subst?: Subst): Val {
    if (depth === 0 && !subst) {
      // a type as written, with nothing bound: asked again for every use of a typed name (a pure memo)
      const kept = this.typeMemo.get(t);
      if (kept && this.depth + kept.need <= MAX_DEPTH) return this.reuse(kept);
      const cut = this.cut, peak = this.peak, base = this.depth;
      this.peak = base;
      const v = this.typeValueCounted(f, t, 0, undefined);
      if (this.cut === cut && shareable(v)) this.typeMemo.set(t, { v, need: this.peak - base });
      if (peak > this.peak) this.peak = peak;
      return v;
    }
    return this.typeValueCounted(f, t, depth, subst);
  }

  private typeValueCounted(f: number, t: Expr, depth: number, subst: Subst | undefined): Val {
    if (depth > 8 || this.depth > MAX_DEPTH) { this.cut++; return UNKNOWN; }
    if (++this.depth > this.peak) this.peak = this.depth;
    try { return this.typeValueAt(f, t, depth, subst); } finally { this.depth--; }
  }

  private typeValueAt(f: number, t: Expr, depth: number, subst?: Subst): Val {
    // a type parameter bound by the receiver's type arguments (`T` of `Repo<T>` reached through `Repo<User>`)
    if (subst && t.k === 'id' && bindsLocal(t.b)) {
      const a = subst.get(`${f}:${bindingIndex(t.b)}`);
      if (a) return a.v ?? this.typeValue(a.f, a.t, depth + 1, a.subst);
    }
    // a type name, the most frequent kind, skips the tests of the others (each a builtin call in cold code)
    const k = t.k;
    if (k === 'id' || k === 'member') return this.namedType(f, t, depth, subst);
    if (t.k === 'generic') {
      // a generic type alias (`type UnaryFunction<T, R> = (source: T) => R`): its type, with its parameters bound
      // to the arguments written here
      const alias = this.typeSymbol(f, t.of);
      if (alias && alias !== 'ext') {
        const a = this.sym(alias);
        if (a.label === 'TypeAlias' && a.type && a.typeParams) {
          const own = new Map<string, TypeArg>();
          a.typeParams.forEach((l, i) => { if (t.args[i]) own.set(`${alias.f}:${l}`, { f, t: t.args[i], subst }); });
          return this.typeValue(alias.f, a.type, depth + 1, own);
        }
      }
      const base = this.typeValue(f, t.of, depth + 1, subst);
      return base.t === 'inst' ? { ...base, args: t.args.map((a) => ({ f, t: a, subst })) } : base;
    }
    // `typeof x`: x itself (`Observer: typeof QueryObserver` is the class: `new Observer()` constructs one)
    // (a function bound with a declared type has that type: `typeof retryIf` of `const retryIf: Cond = …` is a Cond)
    if (t.k === 'typeof') {
      const v = this.value(f, t.of);
      const vs = v.t === 'sym' ? this.sym(v) : undefined;
      if (v.t === 'sym' && vs && vs.label === 'Function' && vs.type) return weakenFrom(this.typeValue(v.f, vs.type, depth + 1), v, 'typed-receiver');
      return weaken(this.heldValue(v), 'typed-receiver');
    }
    // `T['name']`: the declared type of T's member `name` (`(typeof x)['name']`: of the member of x's declared type)
    if (t.k === 'index') return this.indexedType(f, t, depth, subst);
    // `ReturnType<typeof f>` (a call of f), `InstanceType<typeof C>` (a new C): what that expression gives
    if (t.k === 'call' || t.k === 'new') return weaken(this.heldValue(this.value(f, t)), 'typed-receiver');
    // the `this` type (a return or parameter type): an instance of the class it is written in
    if (t.k === 'this') return t.cls >= 0 ? { t: 'inst', f, s: t.cls, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] } : UNKNOWN;
    // (the type parameters in force travel with arrays, maps, object types and function types: `items: T[]` in
    // `Repo<T>` reached through `Repo<User>` has User elements)
    if (t.k === 'array') return { t: 'arr', f, of: t.of, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    // a tuple type: each position's type
    if (t.k === 'list') return { t: 'tup', items: t.items.map((x) => this.typeValue(f, x, depth + 1, subst)), r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
    if (t.k === 'intersection') {
      const insts: Array<Val & { t: 'inst' }> = [];
      const objs: Array<Val & { t: 'obj' }> = [];
      const alts: Array<Val & { t: 'anyof' }> = [];
      let hole = false, ext = false;
      const add = (v: Val): void => {
        if (v.t === 'inst') { if (!insts.some((o) => o.f === v.f && o.s === v.s)) insts.push(v); }
        else if (v.t === 'inter') { hole ||= v.hole; for (const o of v.of) add(o); if (v.objs) objs.push(...v.objs); if (v.alts) alts.push(...v.alts); }
        else if (v.t === 'anyof') alts.push(v);
        // a union of project classes as a part (`(A | B) & { x: X }`): what they agree on
        else if (v.t === 'union') alts.push({ t: 'anyof', of: v.of, r: v.r, c: v.c });
        else if (v.t === 'ext') ext = true;
        // an object type literal knows all its member names (typed or not; an index signature answers only the
        // names no part declares); read through a type parameter's constraint it may have any
        else if (v.t === 'obj') { objs.push(v); if (v.open) hole = true; }
        else hole = true;
      };
      for (const m of t.types) add(this.typeValue(f, m, depth + 1, subst));
      // object type literals only, written in one file (`{ [P in K]: T } & { [k: string]: T }`): one object type
      if (insts.length === 0 && !ext && !alts.length && objs.length === t.types.length && objs.every((o) => o.f === objs[0].f)) {
        const others = objs.flatMap((o) => o.others ?? []);
        return { ...objs[0], props: objs.flatMap((o) => o.props), index: objs.find((o) => o.index)?.index, others: others.length ? others : undefined };
      }
      // object types of several files, or with a union part (`Common & { kind: 'a' }`, `(A | B) & { x: X }`): an
      // intersection of them, without class parts
      if (insts.length === 0 && (ext || hole || objs.length + alts.length < 2)) return ext && !hole && !objs.length && !alts.length ? EXT : UNKNOWN;
      // an outside part (`Foo & Record<string, unknown>`) may declare any member: nothing is certain
      const parts: Array<{ c: number }> = [...insts, ...objs, ...alts];
      return { t: 'inter', of: insts, objs: objs.length ? objs : undefined, alts: alts.length ? alts : undefined, hole: hole || ext, r: 'typed-receiver', c: Math.min(...parts.map((o) => o.c)) };
    }
    if (t.k === 'fntype') return { t: 'fnval', f, returns: t.returns, params: t.params, predicate: t.predicate, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    if (t.k === 'map') return { t: 'map', f, of: t.of, key: t.key, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    if (t.k === 'promise') return { t: 'prom', of: this.typeValue(f, t.of, depth + 1, subst), r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
    if (t.k === 'object') return { t: 'obj', f, props: t.props, index: t.index, others: t.others, calls: t.calls, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    if (t.k === 'union') {
      // `T | undefined`, `T | null`: T; several project types: a union value (see member)
      let ext = false;
      const insts: Array<Val & { t: 'inst' }> = [];
      const others: Val[] = [];
      let classes: Array<Val & { t: 'sym' }> | undefined;
      for (const m of t.types) {
        // a project type's name the file does not declare or import (`@type {A|B}` in JSDoc naming B without
        // importing it): the checker cannot resolve it, so the whole union is `any` to it
        if (m.k === 'id' && !m.b && !this.rulesOf[f].isGlobalName(m.name) && this.projectTypeNames().has(m.name)) return UNKNOWN;
        const v = this.typeValue(f, m, depth + 1, subst);
        if (addInstances(insts, v)) continue;
        // `typeof A | typeof B`: one of the classes themselves (`new Ctor()` constructs either)
        if (m.k === 'typeof' && v.t === 'sym' && this.sym(v).label === 'Class') {
          if (!(classes ??= []).some((o) => o.f === v.f && o.s === v.s)) classes.push(v);
          continue;
        }
        if (v.t === 'ext') ext = true;
        else if (v.t === 'arr' || v.t === 'map' || v.t === 'obj' || v.t === 'fnval' || v.t === 'inter' || v.t === 'prom' || v.t === 'anyof') others.push(v);
      }
      if (classes) {
        if (insts.length || others.length || ext) return UNKNOWN;
        return classes.length === 1 ? classes[0] : { t: 'anyof', of: classes, r: 'typed-receiver', c: Math.min(...classes.map((o) => o.c)) };
      }
      // `Unsubscribable | (() => void)`: a function has no project member, so a member is the instances' (calling the
      // value is no call of theirs: the union stays what it was when a parenthesised function type read as unknown)
      if (insts.length && others.length && others.every((o) => o.t === 'fnval')) others.length = 0;
      // `T[] | undefined`, `Map<K, V> | null`, `{ a: A } | undefined`, `(A & B) | null`: that one value
      if (others.length === 1 && insts.length === 0 && !ext) return others[0];
      // object types and intersections beside each other or beside classes (a discriminated union): the members
      // they agree on (an outside type among them may have any member: unknown)
      if (others.length) {
        // (an array beside them, `Subscription[] | Subscription`: its members are built-ins, so the union's members
        // stay unknown — but `Array.isArray(x)` picks the part it tests, see 'isarray')
        if (ext || !others.every((o) => o.t === 'obj' || o.t === 'inter' || o.t === 'anyof' || o.t === 'arr')) return UNKNOWN;
        const of: Val[] = [...insts, ...others];
        return { t: 'anyof', of, r: 'typed-receiver', c: Math.min(...of.map((o) => (o as { c: number }).c)) };
      }
      if (insts.length) return instancesValue(insts);
      return ext ? EXT : UNKNOWN;
    }
    return this.namedType(f, t, depth, subst);
  }

  /** typeValueAt of a type name (or of a kind no case above takes): the instance of the type it names. */
  private namedType(f: number, t: Expr, depth: number, subst: Subst | undefined): Val {
    // a type parameter whose constraint is no type name (`Handlers extends Array<RequestHandler>`, `T extends A | B`,
    // `T extends { run(): void }`): a value of it has the constraint's members (an object type: maybe more)
    if (t.k === 'id' && bindsLocal(t.b)) {
      const constraint = this.files[f].locals[bindingIndex(t.b)]?.type;
      if (constraint && constraint !== t && constraint.k !== 'id' && constraint.k !== 'member' && constraint.k !== 'generic') {
        const v = this.typeValue(f, constraint, depth + 1, subst);
        return v.t === 'obj' ? { ...v, open: true } : v;
      }
    }
    const target = this.typeSymbol(f, t);
    if (target === 'ext') return EXT;
    if (!target) return UNKNOWN;
    const sym = this.sym(target);
    if (sym.label === 'Class' || sym.label === 'Interface' || this.isConstructorFunction(target)) return { t: 'inst', f: target.f, s: target.s, r: 'typed-receiver', c: Math.min(target.c, REASON_CONFIDENCE['typed-receiver']) };
    if (sym.label === 'TypeAlias' && sym.type) {
      const v = this.typeValue(target.f, sym.type, depth + 1, subst);
      // a type parameter read as its constraint (`T extends ZodTrait`): T may have more members than the constraint
      return v.t === 'obj' && t.k === 'id' && bindsLocal(t.b) ? { ...v, open: true } : v;
    }
    return sym.label === 'Enum' || sym.kind === 'enum_member' ? EXT : UNKNOWN;
  }

  /**
   * An indexed access type `T['name']`: the declared type of member `name` of T — a property's or field's declared
   * type (or what a getter gives; an unannotated field's initialiser, as the checker infers it), a property of an
   * object type literal, an index signature's type. A method has no type we can give (a function type is no value of
   * ours): unknown. `(typeof x)['name']` reads x's declared type when x has one (`const handlers: Handlers = {}`
   * then `handlers.focus = (view) => …`: Handlers' member, not the function assigned to it).
   */
  private indexedType(f: number, t: Expr & { k: 'index' }, depth: number, subst?: Subst): Val {
    let o: Val;
    if (t.of.k === 'typeof') {
      const v = this.value(f, t.of.of);
      const vs = v.t === 'sym' ? this.sym(v) : undefined;
      o = v.t === 'sym' && vs && (vs.label === 'Variable' || vs.label === 'Property') && vs.type
        ? weakenFrom(this.typeValue(v.f, vs.type, depth + 1, v.subst), v, 'typed-receiver')
        : this.deref(v);
    } else o = this.typeValue(f, t.of, depth + 1, subst);
    if (o.t !== 'inst' && o.t !== 'obj' && o.t !== 'union' && o.t !== 'inter') return o.t === 'ext' ? EXT : UNKNOWN;
    const m = this.member(o, t.name);
    if (m.t !== 'sym') return m;
    const ms = this.sym(m);
    // a method's type (`go: Router['go']`): calling a value of it calls that method's signature, as `typeof f` does f
    if (ms.label === 'Method' && ms.kind !== 'getter') return ms.kind === 'setter' ? UNKNOWN : weaken(m, 'typed-receiver');
    if (ms.label !== 'Method' && ms.label !== 'Property' && ms.label !== 'Variable') return UNKNOWN;
    return this.deref(m);
  }

  /**
   * A JavaScript constructor function (`function Mocha() {…}` with `Mocha.prototype.m = …` or `this.x = …` members):
   * as a JSDoc type (`@returns {Mocha}`) it names its instances, as the checker reads it.
   */
  private isConstructorFunction(r: SymRef): boolean {
    const sym = this.sym(r);
    if (sym.label !== 'Function' || sym.kind !== 'function' || sym.parent !== -1 || this.files[r.f].language !== 'javascript') return false;
    const kids = this.childrenOf(r.f, r.s);
    if (!kids) return false;
    const syms = this.files[r.f].symbols;
    for (const list of kids.values()) if (list.some((i) => !syms[i].isStatic)) return true;
    return false;
  }

  /** Names of the project's top-level classes, interfaces and type aliases (built once). */
  private projectTypeNames(): ReadonlySet<string> {
    if (this.typeNames) return this.typeNames;
    const out = new Set<string>();
    for (const file of this.files) for (const s of file.symbols) if (s.parent === -1 && (s.label === 'Class' || s.label === 'Interface' || s.label === 'TypeAlias')) out.add(s.name);
    this.typeNames = out;
    return out;
  }

  private typeNames: Set<string> | undefined;

  /** The symbol a type (or heritage) expression names, with the confidence of the path to it. */
  typeSymbol(f: number, t: Expr): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
    // a pure memo (see cut): heritage, JSDoc and annotation types name the same few symbols again and again
    const kept = this.typeSymbolMemo.get(t);
    if (kept && this.depth + kept.need <= MAX_DEPTH) return this.reuse(kept);
    const cut = this.cut, peak = this.peak, base = this.depth;
    this.peak = base;
    const v = this.typeSymbolUncached(f, t);
    if (this.cut === cut) this.typeSymbolMemo.set(t, { v, need: this.peak - base });
    if (peak > this.peak) this.peak = peak;
    return v;
  }

  private typeSymbolUncached(f: number, t: Expr): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
    switch (t.k) {
      case 'id': {
        if (!t.b) return 'ext'; // a global type (Promise, Array, HTMLElement …) or one we cannot see
        if (bindsLocal(t.b)) {
          // a type parameter: its constraint when the extractor records one as the local's type (`T extends Base`)
          const constraint = this.files[f].locals[bindingIndex(t.b)]?.type;
          if (!constraint || constraint === t) return undefined;
          if (this.depth > MAX_DEPTH) { this.cut++; return undefined; }
          if (++this.depth > this.peak) this.peak = this.depth;
          try { return this.typeSymbol(f, constraint); } finally { this.depth--; }
        }
        const v = bindsSymbol(t.b) ? { t: 'sym', f, s: this.mergedValue(f, bindingIndex(t.b)), r: 'same-file', c: 1 } as Val : this.importValue(f, bindingIndex(t.b));
        if (v.t === 'sym') return { f: v.f, s: this.mergedType(v.f, v.s), c: v.c, r: v.r };
        if (v.t === 'ext') return 'ext';
        // a type imported from a module that is not there (a declaration file left out, a generated one not yet
        // made) is `any` to the checker: an outside type, on whose values nothing is guessed by name
        return bindsImport(t.b) && 'missing' in this.module(f, this.files[f].imports[bindingIndex(t.b)].source) ? 'ext' : undefined;
      }
      case 'member': {
        // `import("./x").Options` of a module whose value is a class (`module.exports = X`): its typedef `Options`
        const added = t.obj.k === 'id' && bindsImport(t.obj.b) ? this.addedExport(f, bindingIndex(t.obj.b), t.name) : undefined;
        const v = added ?? this.member(this.deref(this.value(f, t.obj)), t.name);
        if (v.t === 'sym') return { f: v.f, s: this.mergedType(v.f, v.s), c: v.c, r: v.r };
        return v.t === 'ext' ? 'ext' : undefined;
      }
      case 'lit': return 'ext';
      case 'generic': return this.typeSymbol(f, t.of);
      case 'call': {
        // `class X extends M(Y)` (a mixin): the class M returns
        const v = this.value(f, t);
        if (v.t === 'sym' && this.sym(v).label === 'Class') return { f: v.f, s: v.s, c: v.c, r: v.r };
        return v.t === 'ext' ? 'ext' : undefined;
      }
      default: return undefined;
    }
  }

  /** The class a class extends (its first heritage), or 'ext' when that is outside the project. */
  superClass(cls: SymRef): SymRef | 'ext' | undefined {
    const ext = this.sym(cls).extends?.[0];
    if (!ext) return undefined;
    const t = this.typeSymbol(cls.f, ext);
    if (t === 'ext') return 'ext';
    return t && (this.sym(t).label === 'Class' || this.sym(t).label === 'Interface') ? { f: t.f, s: t.s } : undefined;
  }

  /** A member of a class/interface, searched up its heritage. 'ext' when an ancestor is outside the project. */
  findMember(cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
    const byFile = (this.memberMemo[cls.f] ??= []);
    const sides = (byFile[cls.s] ??= [new Map(), new Map()]);
    const table = sides[wantStatic ? 1 : 0];
    const memo = table.get(name);
    if (memo !== undefined) {
      if (memo === PENDING_MEMBER) { this.cut++; return undefined; }
      return memo ?? undefined;
    }
    table.set(name, PENDING_MEMBER); // cycle guard
    const found = this.findMemberUncached(cls, name, wantStatic);
    table.set(name, found ?? null);
    return found;
  }

  private findMemberUncached(cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
    const own = this.ownMember(cls, name, wantStatic);
    if (own) return own;
    // a class or interface merged with interfaces of its name in its scope (`interface FabricObject extends
    // SvgExport {}` beside `class FabricObject extends Base {}`): their members and heritage are its own too
    const merged = this.mergedTypes(cls, wantStatic);
    if (!merged) return this.heritageMember(cls, name, wantStatic);
    for (const t of merged) { const m = this.ownMember(t, name, wantStatic); if (m) return m; }
    let sawExternal = false;
    for (const t of [cls, ...merged]) {
      const m = this.heritageMember(t, name, wantStatic);
      if (m === 'ext') sawExternal = true; else if (m) return m;
    }
    return sawExternal ? 'ext' : undefined;
  }

  /** A member `cls` declares itself (for `wantStatic`, on its static side), not inherited. */
  private ownMember(cls: SymRef, name: string, wantStatic: boolean): SymRef | undefined {
    const own = this.childrenOf(cls.f, cls.s)?.get(name);
    if (!own) return undefined;
    const files = this.files[cls.f].symbols;
    // (of an accessor pair, the getter: a setter gives nothing to a read or a call)
    const pick = own.find((i) => !!files[i].isStatic === wantStatic && files[i].kind !== 'setter') ?? own.find((i) => !!files[i].isStatic === wantStatic);
    if (pick !== undefined) return { f: cls.f, s: pick };
    // a class's static `deserialize` is no answer for an instance's `deserialize` (inherited from its base), and
    // the other way round (so is a constructor function's `F.create` for an F); other owners (objects, interfaces)
    // have no static side
    const label = files[cls.s].label;
    return label !== 'Class' && label !== 'Function' ? { f: cls.f, s: own[0] } : undefined;
  }

  /**
   * The other declarations TypeScript merges into class or interface `cls` (interfaces, or the class, of the same
   * name in the same scope); interfaces have no static side. Undefined when there are none.
   */
  private mergedTypes(cls: SymRef, wantStatic: boolean): SymRef[] | undefined {
    const syms = this.files[cls.f].symbols;
    const label = syms[cls.s].label;
    if (label !== 'Class' && label !== 'Interface') return undefined;
    const group = this.twins(cls.f, cls.s);
    if (!group) return undefined;
    let out: SymRef[] | undefined;
    for (const i of group) {
      if (i === cls.s) continue;
      const l = syms[i].label;
      if (l === 'Interface' ? wantStatic : l !== 'Class' || label === 'Class') continue;
      (out ??= []).push({ f: cls.f, s: i });
    }
    return out;
  }

  /** A member of a class/interface's heritage (not its own), searched up it; 'ext' when an ancestor is outside the project. */
  heritageMember(cls: SymRef, name: string, wantStatic: boolean): SymRef | 'ext' | undefined {
    const sym = this.sym(cls);
    let sawExternal = false;
    // extends, then implements (indexed: no joined copy per question)
    const ext = sym.extends, nExt = ext ? ext.length : 0, n = nExt + (sym.implements ? sym.implements.length : 0);
    for (let k = 0; k < n; k++) {
      const h = k < nExt ? ext![k] : sym.implements![k - nExt];
      const t = this.typeSymbol(cls.f, h);
      if (t === 'ext') { sawExternal = true; continue; }
      if (!t) { sawExternal = true; continue; } // an unresolvable base: whatever it has, we cannot see it
      const base = this.sym(t);
      // (a JavaScript constructor function is a base too: `util.inherits(Model, Document)`)
      if (base.label !== 'Class' && base.label !== 'Interface' && !newableFunction(base)) continue;
      const m = this.findMember(t, name, wantStatic);
      if (m && m !== 'ext') return m;
      // `extends M(Y)`: what M's class lacks (its own base is M's parameter) is Y's, the argument
      const mixed = h.k === 'call' ? this.mixinArgument(cls.f, h, t) : undefined;
      if (mixed && mixed !== 'ext') {
        const mm = this.findMember(mixed, name, wantStatic);
        if (mm === 'ext') sawExternal = true; else if (mm) return mm;
      } else if (m === 'ext' || mixed === 'ext') sawExternal = true;
    }
    return sawExternal ? 'ext' : undefined;
  }

  /**
   * The class or interface a mixin call passes as its class's base (`M(Y)` of `function M(Base) { return class C
   * extends Base {…} }`: Y), for C = `returned`; undefined when `h` is no such call.
   */
  mixinArgument(f: number, h: Expr & { k: 'call' }, returned: SymRef): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
    const at = this.sym(returned).baseParam;
    const arg = at === undefined ? undefined : h.args?.[at];
    if (!arg) return undefined;
    const t = this.typeSymbol(f, arg);
    if (t === 'ext' || !t) return t;
    const label = this.sym(t).label;
    return label === 'Class' || label === 'Interface' ? t : undefined;
  }

  /** The constructor `super(…)` runs in class `cls` whose base is `base`: the base's, or a mixin argument's when M's class has none. */
  superConstructor(cls: SymRef, base: SymRef): SymRef | 'ext' | undefined {
    return this.sym(cls).extends?.[0]?.k === 'call' ? this.heritageMember(cls, 'constructor', false) : this.findMember(base, 'constructor', false);
  }

  // ---------------------------------------------------------------- declaration merging
  /**
   * Same-file, same-scope declarations sharing a name that TypeScript merges: a namespace with a class, function
   * or enum of that name (`class Point {}` + `namespace Point { export function origin() }`), or an interface.
   */
  merged(f: number, s: number): number[] | undefined {
    // asked for the same symbols over and over (every member access on them): kept per symbol, null for none
    const byFile = (this.mergedMemo[f] ??= []);
    const memo = byFile[s];
    if (memo !== undefined) return memo ?? undefined;
    const syms = this.files[f].symbols;
    const sym = syms[s];
    let out: number[] | undefined;
    if (sym.label === 'Class' || sym.label === 'Function' || sym.label === 'Enum' || sym.label === 'Interface' || sym.kind === 'namespace') {
      const group = this.twins(f, s)?.filter((i) => MERGING_LABELS.has(syms[i].label) || syms[i].kind === 'namespace');
      if (group && group.length > 1 && group.some((i) => syms[i].kind === 'namespace')) out = group;
    }
    byFile[s] = out ?? null;
    return out;
  }

  private readonly mergedMemo: Array<Array<number[] | null | undefined> | undefined> = [];

  /**
   * What a name stands for as a value: a namespace merged with a class, function or enum stands for that
   * declaration; an interface or type alias sharing its name with a value declared beside it
   * (`export interface X {…}` + `export function X() {…}` or `export const X = …`) stands for that value.
   */
  private mergedValue(f: number, s: number): number {
    const syms = this.files[f].symbols;
    const sym = syms[s];
    if (sym.kind === 'namespace') return this.merged(f, s)?.find((i) => syms[i].label === 'Class' || syms[i].label === 'Function' || syms[i].label === 'Enum') ?? s;
    if (sym.label !== 'Interface' && sym.label !== 'TypeAlias') return s;
    return this.twins(f, s)?.find((i) => VALUE_LABELS.has(syms[i].label) && syms[i].kind !== 'namespace') ?? s;
  }

  /** A resolved name in a type position: its type meaning (see mergedType); anything else as it is. */
  asType(v: Val): Val {
    if (v.t !== 'sym') return v;
    const s = this.mergedType(v.f, v.s);
    return s === v.s ? v : { ...v, s };
  }

  /** What a name stands for as a type: a function or variable sharing its name with an interface, type alias or class beside it stands for that type. */
  private mergedType(f: number, s: number): number {
    const syms = this.files[f].symbols;
    if (syms[s].label !== 'Function' && syms[s].label !== 'Variable') return s;
    return this.twins(f, s)?.find((i) => syms[i].label === 'Interface' || syms[i].label === 'TypeAlias' || syms[i].label === 'Class') ?? s;
  }

  /** The declarations of one scope sharing symbol `s`'s name (two or more), by TypeScript's value and type meanings. */
  private twins(f: number, s: number): number[] | undefined {
    let bySym = this.twinIndex[f];
    if (!bySym) {
      // each symbol's group looked up once per file (mergedValue and mergedType ask for most names a file
      // resolves: a `parent\0name` key string per question cost its building and hashing)
      const idx = new Map<string, number[]>();
      const syms = this.files[f].symbols;
      for (let i = 0; i < syms.length; i++) {
        const x = syms[i];
        if (!VALUE_LABELS.has(x.label) && x.label !== 'Interface' && x.label !== 'TypeAlias') continue;
        const k = `${x.parent}\u0000${x.name}`;
        const l = idx.get(k);
        if (l) l.push(i); else idx.set(k, [i]);
      }
      bySym = new Array<number[] | undefined>(syms.length);
      let groups = 0;
      for (const l of idx.values()) if (l.length > 1) groups++;
      // (a symbol of another kind sharing a group's scope and name gets that group too, as the key lookup gave it)
      if (groups) for (let i = 0; i < syms.length; i++) { const l = idx.get(`${syms[i].parent}\u0000${syms[i].name}`); if (l && l.length > 1) bySym[i] = l; }
      this.twinIndex[f] = bySym;
    }
    return bySym[s];
  }

  private readonly twinIndex: Array<Array<number[] | undefined> | undefined> = [];

  /** `X.name` where X is a class, function or enum merged with a namespace that declares `name`. */
  private mergedMember(o: Val & { t: 'sym' }, name: string): Val | undefined {
    const syms = this.files[o.f].symbols;
    for (const i of this.merged(o.f, o.s) ?? []) {
      if (syms[i].kind !== 'namespace') continue;
      const kids = this.childrenOf(o.f, i)?.get(name);
      if (kids) return weakenFrom({ t: 'sym', f: o.f, s: kids[0], r: 'static-member', c: REASON_CONFIDENCE['static-member'] }, o, 'static-member');
    }
    return undefined;
  }


  /** Members (methods, properties) of a symbol by name. */
  childrenOf(f: number, s: number): Map<string, number[]> | undefined {
    let idx = this.children[f];
    if (!idx) {
      idx = new Map();
      const syms = this.files[f].symbols;
      for (let i = 0; i < syms.length; i++) {
        const p = syms[i].parent;
        if (p < 0) continue;
        const pl = syms[p].label;
        // nested functions are not members; functions assigned to a constructor function (`F.create = …`,
        // `F.prototype.m = …`) are
        // (and `F.Template = class {…}`, a static class member, and `F.build = build`, a property; and `this.x = …`
        // in its body, an instance property or method)
        if (pl === 'Method' || (pl === 'Function' && !FUNCTION_MEMBER_KINDS.has(syms[i].kind) && !(syms[i].label === 'Class' && syms[i].isStatic))) continue;
        let m = idx.get(p);
        if (!m) idx.set(p, (m = new Map()));
        const list = m.get(syms[i].name);
        if (list) list.push(i); else m.set(syms[i].name, [i]);
      }
      this.children[f] = idx;
    }
    return idx.get(s);
  }

  // ---------------------------------------------------------------- exports
  private exportTable(f: number): ExportTable {
    let t = this.exportTables[f];
    if (t) return t;
    t = { names: new Map(), stars: [] };
    const facts = this.files[f];
    for (let s = 0; s < facts.symbols.length; s++) {
      const sym = facts.symbols[s];
      if (!sym.exported || sym.parent !== -1) continue;
      const name = sym.isDefault ? 'default' : sym.name;
      if (!t.names.has(name)) t.names.set(name, { k: 'sym', s });
    }
    for (const e of facts.exports) {
      switch (e.kind) {
        case 'local': if (!t.names.has(e.name)) t.names.set(e.name, { k: 'value', e: e.value }); break;
        case 'from': t.names.set(e.name, { k: 'from', source: e.source, imported: e.imported }); break;
        case 'star-as': t.names.set(e.name, { k: 'ns', source: e.source }); break;
        case 'star': t.stars.push(e.source); break;
        case 'cjs': t.cjs = e.value; if (!t.names.has('default') && e.value.k !== 'objval') t.names.set('default', { k: 'value', e: e.value }); break;
      }
    }
    this.exportTables[f] = t;
    return t;
  }

  /** What file `f` exports under `name` (following re-exports and `export *`), or undefined. */
  exportOf(f: number, name: string): Val | undefined {
    const table = (this.exportMemo[f] ??= new Map());
    const memo = table.get(name);
    if (memo !== undefined) {
      if (memo === PENDING) { this.cut++; return undefined; }
      return memo ?? undefined;
    }
    table.set(name, PENDING); // cycle guard
    const v = this.exportUncached(f, name);
    table.set(name, v ?? null);
    return v;
  }

  private exportUncached(f: number, name: string): Val | undefined {
    const t = this.exportTable(f);
    const entry = t.names.get(name);
    if (entry) {
      switch (entry.k) {
        case 'sym': return { t: 'sym', f, s: this.mergedValue(f, entry.s), r: 'same-file', c: 1 };
        case 'value': {
          const v = this.value(f, entry.e);
          return v.t === 'unknown' ? undefined : v;
        }
        case 'from': {
          const m = this.module(f, entry.source);
          if ('f' in m) return this.exportOf(m.f, entry.imported);
          return 'external' in m ? EXT : undefined;
        }
        case 'ns': {
          const m = this.module(f, entry.source);
          if ('f' in m) return { t: 'ns', f: m.f, r: 're-export', c: REASON_CONFIDENCE['re-export'] };
          return 'external' in m ? EXT : undefined;
        }
      }
    }
    if (name !== 'default') {
      let sawExternal = false;
      for (const source of t.stars) {
        const m = this.module(f, source);
        if ('f' in m) {
          const v = this.exportOf(m.f, name);
          if (v) return v;
        } else if ('external' in m) sawExternal = true;
      }
      if (sawExternal) return EXT;
    }
    return undefined;
  }
}

/** Declarations a namespace of the same name merges with. */
const MERGING_LABELS: ReadonlySet<string> = new Set(['Class', 'Function', 'Enum', 'Interface']);

/** Labels of declarations that are values (a class is a value and a type). */
const VALUE_LABELS: ReadonlySet<string> = new Set(['Function', 'Class', 'Enum', 'Variable']);

/** A method declared to return `this`, or returning `this` without a declared type (TypeScript infers `this`). */
function returnsThis(sym: SymbolFact): boolean {
  return sym.returns ? sym.returns.k === 'this' : sym.returnsValue?.k === 'this';
}

/** Values a pure memo may hand out again: their identity means nothing (see sameValue). */
function shareable(v: Val): boolean {
  return v.t === 'sym' || v.t === 'inst' || v.t === 'ext' || v.t === 'unknown';
}

/** An array whose elements are the value `el`, reached as `at` was (its file, reason and confidence). */
function valueArray(at: { f: number; r: Reason; c: number }, el: Val): Val & { t: 'arr' } {
  return { t: 'arr', f: at.f, of: OTHER, r: at.r, c: at.c, el };
}

/** Adds the instance types `v` stands for (an instance, or each of a union's) to `insts`, each once; false for any other value. */
/** A plain function (no arrow), which `new` can call: a JavaScript constructor function when it has members. */
export function newableFunction(sym: SymbolFact): boolean {
  return sym.label === 'Function' && sym.kind !== 'arrow_function';
}

function addInstances(insts: Array<Val & { t: 'inst' }>, v: Val): boolean {
  if (v.t === 'inst') { if (!insts.some((o) => o.f === v.f && o.s === v.s)) insts.push(v); return true; }
  if (v.t !== 'union') return false;
  for (const o of v.of) if (!insts.some((x) => x.f === o.f && x.s === o.s)) insts.push(o);
  return true;
}

/** One instance type as itself, several as their union (at the weakest confidence), none as unknown. */
function instancesValue(insts: Array<Val & { t: 'inst' }>): Val {
  if (insts.length <= 1) return insts[0] ?? UNKNOWN;
  return { t: 'union', of: insts, r: 'typed-receiver', c: Math.min(...insts.map((o) => o.c)) };
}

/**
 * Two values standing for the same thing (the same symbol or instance type; any two outside values — a function
 * expression's is one too; otherwise the same object).
 */
function sameValue(a: Val, b: Val): boolean {
  if (a === b || (a.t === 'ext' && b.t === 'ext')) return true;
  if ((a.t === 'sym' || a.t === 'inst') && a.t === b.t) return a.f === (b as typeof a).f && a.s === (b as typeof a).s;
  return false;
}

/** Lowers a value's confidence to a reason's level (keeping the weaker of the two). */
export function weaken(v: Val, r: Reason): Val {
  if (v.t === 'ext' || v.t === 'unknown') return v;
  const c = REASON_CONFIDENCE[r];
  return c < v.c ? reasoned(v, r, c) : v;
}

/** Result `v` reached through `via`: confidence is the weakest of both, plus the step's own reason. */
function weakenFrom(v: Val, via: Val, r: Reason): Val {
  if (v.t === 'ext' || v.t === 'unknown') return v;
  const out = weaken(v, r) as Exclude<Val, { t: 'ext' } | { t: 'unknown' }>;
  if (via.t !== 'ext' && via.t !== 'unknown' && via.c < out.c) return reasoned(out, via.r, via.c);
  return out;
}

/**
 * A copy of `v` with another reason and confidence. Symbols and instances, most of what is weakened, are
 * written out field by field: a spread of values of a dozen shapes is a megamorphic clone, slow on every call.
 */
function reasoned(v: Exclude<Val, { t: 'ext' } | { t: 'unknown' }>, r: Reason, c: number): Val {
  if (v.t === 'sym') return { t: 'sym', f: v.f, s: v.s, r, c, subst: v.subst, held: v.held };
  if (v.t === 'inst') return { t: 'inst', f: v.f, s: v.s, r, c, args: v.args };
  return { ...v, r, c };
}

/** Kinds of the symbols under a function that are its members (a constructor function's), not nested functions. */
const FUNCTION_MEMBER_KINDS = new Set(['assigned_function', 'prototype_method', 'assigned_value', 'field', 'field_function']);

/** `exports` or `module.exports` as written in a module (not a binding of that name). */
function isOwnExports(e: Expr): boolean {
  if (e.k === 'id') return e.name === 'exports' && !e.b;
  return e.k === 'member' && e.name === 'exports' && e.obj.k === 'id' && !e.obj.b && e.obj.name === 'module';
}
