/**
 * Cross-file evaluation of the expression shapes the extractor recorded: what a name, a member access, a call
 * result or a type annotation refers to. Every answer carries how it was reached (`reason`) and how sure we
 * are (`conf`, the weakest link of the chain). Everything is memoised and cycle-safe, so resolution stays
 * linear in the size of the project.
 */
import type { FileRules, ResolveRules } from './rules.ts';
import { sameObjectType, sameValue } from './same-value.ts';

export { sameValue };
import { ENUM_TAG, bindingIndex, bindsImport, bindsLocal, bindsSymbol, type CallSignature, type Expr, type FileFacts, type SymbolFact } from '../extract/facts.ts';
import * as types from './eval-types.ts';
import * as members from './eval-members.ts';
import * as exported from './eval-exports.ts';
import * as calls from './eval-calls.ts';
import * as narrowing from './eval-narrowing.ts';

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
   * `as`: what it holds there instead of its declared type (a member read through a mapped type that gives each
   * member another type, `refs.title` of `ToRefs<Props>`: Props' `title`, a `Ref<string>`).
   */
  | { t: 'sym'; f: number; s: number; r: Reason; c: number; subst?: Subst; held?: boolean; as?: Val }
  /** `args`: the type arguments it was written with (`Repo<User>`), each where it was written. */
  /**
   * `up`: `super` of a class whose base is a mixin call (`extends M(Y)`): the members of its heritage, not its own
   * (`st`: on their static side, for `super` in a static method).
   */
  /** (`fns`: the function types of a union it was read from, `Source | (() => Source)`: what calling the value calls) */
  /** (`drops`, `only`: read through `Omit<T, 'a'>` or `Pick<T, 'b'>`, it lacks those members, or has only those; `keyed`: through one whose keys are not read) */
  | { t: 'inst'; f: number; s: number; r: Reason; c: number; args?: TypeArg[]; up?: boolean; st?: boolean; fns?: Array<Val & { t: 'fnval' }>; drops?: readonly string[]; only?: readonly string[]; keyed?: true }
  | { t: 'ns'; f: number; r: Reason; c: number }
  /**
   * An array whose elements have the type `of` (written in file f); `el`: whose elements are that value instead
   * (`users.map((u) => u.owner)`: what the callback returns).
   */
  | { t: 'arr'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val; ro?: true }
  /** A built-in array method that returns an element (`shift`, `pop`, `at`, `find`, …). */
  | { t: 'elemfn'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val }
  /** A built-in array method that returns an array of the same elements (`slice`, `filter`, `concat`, …). */
  | { t: 'arrfn'; f: number; of: Expr; r: Reason; c: number; subst?: Subst; el?: Val }
  /** A `Map<K, V>` whose values have the type `of` (written in file f): `get` gives one, `forEach` passes one. */
  | { t: 'map'; f: number; of: Expr; key?: Expr; r: Reason; c: number; subst?: Subst }
  /** A value of an object type literal (`{ window: Subject<T> }`, written in file f): its properties are typed. */
  /** (`open`: reached through a type parameter's constraint: the value has at least these members, maybe more) */
  /** (`decls`: members that are symbols of file f, a type alias's: see declOf) */
  /** (`key`, `keys`, `over`, `prefix`: a mapped type's key parameter, key set, the type it maps and its keys' start, see the `object` fact) */
  | { t: 'obj'; f: number; props: Array<{ name: string; type: Expr }>; index?: Expr; others?: string[]; calls?: CallSignature[]; news?: CallSignature[]; decls?: Array<{ name: string; s: number }>; r: Reason; c: number; subst?: Subst; open?: boolean; key?: number; keys?: Expr; over?: Expr; prefix?: string }
  /**
   * An instance of one of several project types (`a: Foo | Bar`): a member is known only when every one of
   * them resolves it to the same symbol (a shared base's method), never by picking one of them.
   */
  /** (`some`: the parts a variable's initializer narrowed its declared union to, not known: see localValueUncached) */
  | { t: 'union'; of: Array<{ t: 'inst'; f: number; s: number; r: Reason; c: number }>; r: Reason; c: number; fns?: Array<Val & { t: 'fnval' }>; some?: true }
  /**
   * A value of an intersection of project types (`this: Parser & ErrorHandler`): a member is the one symbol the
   * parts that have it agree on; a part we cannot type or an outside type (`hole`) leaves every member unknown.
   */
  /** (`objs`: object type literal parts without an index signature, `Router & { extra?: X }`: each has its own members) */
  /** (`alts`: union parts, `(A | B) & { extra: X }`: a member they agree on is the intersection's too) */
  /** (`outside`: the hole is, or holds, an outside type, which may declare any member) */
  /** (`omits`, `keyed`: a part is an `Omit` or `Pick` of a type read as that type, see the `intersection` fact) */
  /** (`list`: the one array part, `Token[] & { links: Links }`: an element, an iteration, is that array's) */
  /** (`fn`: the one function type part, `((set, get) => T) & { tag?: M }`: what a function the intersection types takes) */
  | { t: 'inter'; of: Array<{ t: 'inst'; f: number; s: number; r: Reason; c: number }>; objs?: Array<Val & { t: 'obj' }>; alts?: Array<Val & { t: 'anyof' }>; hole: boolean; outside?: true; omits?: readonly string[]; keyed?: true; list?: Val & { t: 'arr' }; fn?: Val & { t: 'fnval' }; r: Reason; c: number }
  /**
   * A value of a union whose member types are not all project classes or interfaces (`{ target: Group; kind: 'a' } |
   * (Common & { kind: 'b' })`, a discriminated union): a member is known when every member type that has it gives
   * the same symbol or the same instance type (see sameValue); a member type that surely lacks it has no say.
   */
  /** (`either`: a conditional type's branches, one of which the checker picks) */
  /** (`joined`: array or tuple types of one member of a union's parts, see joinedMember: an element is their elements' join) */
  | { t: 'anyof'; of: Val[]; either?: true; joined?: true; r: Reason; c: number }
  /** A promise (`Promise<T>`, an async function's result): awaiting it, or its `then` callback, gives `of`. */
  | { t: 'prom'; of: Val; r: Reason; c: number }
  /**
   * An object literal value (written in file f): a member is the value of its key's entry, the last one written
   * (a spread after it may replace it: then the spread's member, if known).
   */
  | { t: 'objv'; f: number; entries: Array<{ name: string; value: Expr } | { spread: Expr } | { open: true }>; r: Reason; c: number }
  /** A value of a function type (`factory: () => R`, written in file f): calling it gives an R. */
  | { t: 'fnval'; f: number; returns: Expr; params?: Array<Expr | null>; rest?: number; predicate?: Expr; r: Reason; c: number; subst?: Subst; self?: Expr }
  /**
   * Outside the project (a built-in, a package), or a function expression of the project that is no symbol (`fn`:
   * where it is written and what it returns): its members are built-ins, calling it gives what it returns.
   */
  /**
   * (`lits`: a string literal type or a union of them, `"union"`, `RootKind` of `(typeof rootKinds)[number]`: the
   * strings, which decide conditional types and pick the members an indexed access names)
   */
  /** (`any`: the checker's `any`, a type of a package whose declarations are not installed: see ANY) */
  /**
   * (`fn.subst`: the type parameters of the generic function that returned it, bound by that call's type arguments:
   * `() => … as T` of `createCacheHelper<Data, State>(…)` gives a State)
   */
  | { t: 'ext'; fn?: { f: number; ret: Expr; async?: true; subst?: Subst; params?: Array<Expr | null> }; lits?: readonly string[]; any?: true }
  | { t: 'unknown' }
  /** A tuple (a map's entry `[key, value]`, `Object.entries`' pairs): each position's value (unknown where not known). */
  | { t: 'tup'; items: Val[]; r: Reason; c: number };

/**
 * A type argument as written (`User` in `Repo<User>`, in file f), with the substitution in force there; or, for a
 * generic function's type parameter, the value a call's argument gave it (`v`: `first(leaves)` binds T to Leaf).
 */
export interface TypeArg { f: number; t: Expr; subst?: Subst; v?: Val }
/** Type parameters of a class or interface (key `file:local`) bound to type arguments. */
export type Subst = ReadonlyMap<string, TypeArg>;

/**
 * The type argument `t` written in file f with `subst` in force. A bare type parameter bound there (`d` of
 * `class BaseRange<d> extends PrimitiveConstraint<d>`, `type attachmentsOf<d> = NarrowedAttachments<d> & …`) is the
 * argument it is bound to, as the checker's instantiation substitutes it: a chain of classes or aliases passing their
 * parameter on costs no reading of its own, however long (the nesting bound counts readings, and a parameter passed
 * through five bases took five of its eight).
 */
export function typeArgOf(f: number, t: Expr, subst: Subst | undefined): TypeArg {
  if (subst && t.k === 'id' && bindsLocal(t.b)) {
    const a = subst.get(`${f}:${bindingIndex(t.b)}`);
    if (a) return a;
  }
  return { f, t, subst };
}

export const EXT: Val = Object.freeze({ t: 'ext' }) as Val;
/** The checker's `any` of a package whose declarations are not installed: outside, and absorbing an intersection it is part of. */
export const ANY: Val = Object.freeze({ t: 'ext', any: true }) as Val;
/** The element type of an array whose elements are known as a value (`el`), not as a type. */
export const OTHER: Expr = Object.freeze({ k: 'other' }) as Expr;
export const UNKNOWN: Val = Object.freeze({ t: 'unknown' }) as Val;
/** What a union's member type gave for a name in unionMember: its member and whether that is a literal-typed property (memberlessIn). */
export interface PartAnswer { m: Val; literal: boolean }
/** A union's member type that surely lacks the name (lacksIn): no say in unionMember. */
export const LACKING: PartAnswer = { m: UNKNOWN, literal: false };
/** A memo entry being computed (value, exportOf): a caller reaching it again is in a cycle, and gets unknown. */
export const PENDING: Val = Object.freeze({ t: 'unknown' }) as Val;
/** findMember's entry being computed. */
export const PENDING_MEMBER: SymRef = Object.freeze({ f: -1, s: -1 });

/**
 * An answer kept by a pure memo (see Evaluator.cut): `need` is how much deeper than its caller the computation went,
 * so it is reused only where computing it again would not meet the depth limit either.
 */
export interface Kept<T> { v: T; need: number }
export const MAX_DEPTH = 48;
/** Built-in array methods whose result is an element. */
export const ELEMENT_METHODS = new Set(['shift', 'pop', 'at', 'find', 'findLast']);
/** Built-in array methods whose result is an array of the same elements. */
export const SAME_ARRAY_METHODS = new Set(['slice', 'filter', 'concat', 'reverse', 'sort', 'splice', 'toReversed', 'toSorted']);
/** Built-in array methods taking a callback, and which callback parameters are elements. */
export const ELEMENT_CALLBACKS: Record<string, number[]> = {
  forEach: [0], map: [0], filter: [0], some: [0], every: [0], find: [0], findIndex: [0], findLast: [0],
  findLastIndex: [0], flatMap: [0], reduce: [1], reduceRight: [1], sort: [0, 1],
};
export const FUNCTION_MEMBERS = new Set(['call', 'apply', 'bind', 'name', 'length', 'prototype', 'toString']);

/** Where a specifier leads, with a project file as its file index. */
export type ModuleAnswer = { f: number } | { external: string; untyped?: true } | { missing: true };

export type ExportEntry = { k: 'sym'; s: number } | { k: 'value'; e: Expr; statement?: true } | { k: 'from'; source: string; imported: string } | { k: 'ns'; source: string };
export interface ExportTable { names: Map<string, ExportEntry>; stars: string[]; cjs?: Expr }

/** Per-project evaluation state. */
export class Evaluator {
  readonly valMemo = new Map<Expr, Val>();
  /** The names of the methods that declare `this is T` (see selfGuardType), made on first use. */
  selfGuardNames: Set<string> | undefined;
  // Memo tables by position, then by name: a composed `file:symbol:…:name` key string cost an allocation, its
  // flattening and hashing on every lookup (findMember and exportOf run for most member accesses).
  /** exportOf's answers: file → name → value (null: none, or being computed). */
  readonly exportMemo: Array<Map<string, Val | null> | undefined> = [];
  /** findMember's answers: file → symbol → [instance side, static side] → name → member (null: none, or being computed). */
  readonly memberMemo: Array<Array<Map<string, SymRef | 'ext' | null>[] | undefined> | undefined> = [];
  readonly exportTables: Array<ExportTable | undefined> = [];
  readonly children: Array<Map<number, Map<string, number[]>> | undefined> = [];
  /** module()'s answers by file, then specifier (shared objects: callers only read them). */
  readonly moduleTargets: Array<Map<string, ModuleAnswer>> = [];
  /** Nesting of the unmemoised evaluations (types through members through types …): a guard against cycles. */
  depth = 0;
  /**
   * Cycle guards and depth limits met so far. An evaluation that met none gives the same answer whenever it runs
   * again (every memo it reads was final, and is), provided it starts shallow enough not to meet the depth limit
   * then: such answers of the functions asked most often (typeValue, typeSymbol, importValue, localValue) are kept
   * ("pure memos"), which only skips work the evaluation would redo. Answers of other shapes than a symbol, an
   * instance, external or unknown are not kept: inferTypeArgs compares those by identity.
   */
  cut = 0;
  /** Deepest `depth` reached since the outermost pure memo began computing. */
  peak = 0;
  /** boundHeritageMember's questions (class, member name) being answered: one asked again inside is a cycle. */
  readonly heritageAsked = new Set<string>();
  /** Generic type aliases being instantiated (key `file:symbol`), with how many times each is on the stack. */
  readonly aliasesReading = new Map<string, number>();
  /** After a throw out of an evaluation (ProjectBuilder.relationsOf): none is under way any more. */
  recover(): void {
    this.depth = 0;
    this.peak = 0;
    this.heritageAsked.clear();
    this.aliasesReading.clear();
    this.cut++;
  }
  readonly typeMemo = new Map<Expr, Kept<Val>>();
  /** A kept answer, reused: the depth computing it would have reached counts for the computation asking. */
  reuse<T>(kept: Kept<T>): T {
    if (this.depth + kept.need > this.peak) this.peak = this.depth + kept.need;
    return kept.v;
  }
  readonly typeSymbolMemo = new Map<Expr, Kept<(SymRef & { c: number; r: Reason }) | 'ext' | undefined>>();
  readonly importMemo: Array<Array<Kept<Val> | undefined> | undefined> = [];
  readonly localMemo: Array<Array<Kept<Val> | undefined> | undefined> = [];

  /** Each file's language rules (by file index). */
  readonly rulesOf: readonly ResolveRules[];

  /**
   * `files`: the project's, then (from `projectCount` on) the dependencies' type declarations, which type values but
   * are outside code: where their types cannot be followed, a value is external (as an unread package's), not unknown.
   */
  constructor(readonly files: readonly FileFacts[], private readonly rules: FileRules, private readonly fileIndex: ReadonlyMap<string, number>, readonly projectCount = files.length) {
    for (let i = 0; i < files.length; i++) this.moduleTargets.push(new Map());
    this.rulesOf = rules.of;
  }

  private readonly loose: Array<boolean | undefined> = [];
  private readonly looseArrays: Array<boolean | undefined> = [];

  /**
   * What the receiver `obj` (file f) of a method call is to the polymorphic `this` its method declares or returns:
   * its value, where `super` in an instance method is the calling class's own `this` (the subclass's).
   */
  receiverOf(f: number, obj: Expr): Val {
    return this.deref(this.value(f, obj.k === 'super' && !obj.st && obj.cls >= 0 ? { k: 'this', cls: obj.cls } : obj));
  }

  /**
   * `this` in file f, in a method of class `cls` or of the object literal symbol `cls` holds (-1: neither). Where the
   * options in force leave TypeScript's `noImplicitThis` off, the checker reads a literal's `this` as `any`, which names
   * no member; the literal is still most often what runs, a guess by name (`name-only`: no rename edit, a call of low
   * confidence).
   */
  thisValue(f: number, cls: number): Val {
    if (cls < 0) return this.rulesOf[f].untypedThisAny ? ANY : UNKNOWN;
    const label = this.files[f].symbols[cls].label;
    const r: Reason = (label === 'Variable' || label === 'Property') && this.looseThis(f) ? 'name-only' : 'this-member';
    return { t: 'inst', f, s: cls, r, c: REASON_CONFIDENCE[r] };
  }

  /** Whether file f reads an array declared `[]` as `any[]` (FileRules.looseAny). */
  looseAny(f: number): boolean {
    return this.looseArrays[f] ??= this.rules.looseAny(f, this.files[f].path);
  }

  /** Whether file f types `this` outside a class as `any` (FileRules.looseThis). */
  looseThis(f: number): boolean {
    return this.loose[f] ??= this.rules.looseThis(f, this.files[f].path);
  }

  /** The project's global declarations by name, in file order (see projectGlobal). */
  globals: Map<string, SymRef[]> | undefined;
  /** (see augmentTable) */
  augments: Map<string, SymRef[]> | undefined;

  /**
   * A free name the project declares globally: at the top of a declaration file that is no module (`global.d.ts`:
   * `declare const __DEV__: boolean`) or in a `declare global { … }` block. Several files merging one global
   * (`interface ArkEnv` augmented in each package) are one symbol to the checker: the first file's declaration
   * stands for them (globalNamesakes finds the others).
   */
  /** The namespace `import('source')` names in file f (EXT for a package's, UNKNOWN for a file that is not there). */
  importedNamespace(f: number, source: string): Val {
    const target = this.module(f, source);
    if ('external' in target) return EXT;
    if ('missing' in target) return UNKNOWN;
    return { t: 'ns', f: target.f, r: 'namespace-import', c: REASON_CONFIDENCE['namespace-import'] };
  }

  projectGlobal(name: string): Val | undefined {
    const r = this.globalTable().get(name)?.[0];
    return r ? { t: 'sym', f: r.f, s: this.mergedValue(r.f, r.s), r: 'import', c: REASON_CONFIDENCE.import } : undefined;
  }

  globalTable(): Map<string, SymRef[]> {
    if (!this.globals) {
      const g = new Map<string, SymRef[]>();
      for (let f = 0; f < this.projectCount; f++) {
        const file = this.files[f];
        const script = file.path.endsWith('.d.ts') && !file.imports.length && !file.exports.length && !file.symbols.some((s) => s.exported);
        file.symbols.forEach((s, i) => {
          if (s.parent !== -1 || !(script || s.global)) return;
          const had = g.get(s.name);
          if (had) had.push({ f, s: i }); else g.set(s.name, [{ f, s: i }]);
        });
      }
      this.globals = g;
    }
    return this.globals;
  }

  /**
   * The interfaces of `declare module './x' { … }` blocks (SymbolFact.augments) by the module they augment and their
   * name (`${file}\u0000${name}`).
   */
  augmentTable(): Map<string, SymRef[]> {
    if (!this.augments) {
      const t = new Map<string, SymRef[]>();
      for (let f = 0; f < this.projectCount; f++) {
        this.files[f].symbols.forEach((s, i) => {
          if (s.parent !== -1 || !s.augments) return;
          const target = this.augmentedFile(f, s.augments, s.name);
          if (target === undefined) return;
          const k = `${target}\u0000${s.name}`;
          const had = t.get(k);
          if (had) had.push({ f, s: i }); else t.set(k, [{ f, s: i }]);
        });
      }
      this.augments = t;
    }
    return this.augments;
  }

  /** True for a value a dependency's declarations give (a symbol, an instance or a type written there). */
  outside(v: Val): boolean {
    if (this.projectCount === this.files.length) return false;
    switch (v.t) {
      case 'sym': case 'inst': case 'ns': case 'arr': case 'elemfn': case 'arrfn': case 'map': case 'obj': case 'objv': case 'fnval': return v.f >= this.projectCount;
      case 'union': return v.of.some((x) => x.f >= this.projectCount);
      case 'anyof': return v.of.some((x) => this.outside(x));
      case 'inter': return v.of.some((x) => x.f >= this.projectCount) || !!v.objs?.some((x) => x.f >= this.projectCount);
      case 'prom': return this.outside(v.of);
      default: return false;
    }
  }

  sym(r: SymRef): SymbolFact { return this.files[r.f].symbols[r.s]; }

  /** Whether file `f`'s import `source` is a package whose declarations were looked for and not found (`any`). */
  untypedPackage(f: number, source: string): boolean {
    const m = this.module(f, source);
    return ('external' in m && !!m.untyped) || 'missing' in m;
  }

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
        if (!b) { if (e.name !== 'exports') return this.rulesOf[f].isGlobalName(e.name) ? this.runtimeGlobal(f, e.name) : this.projectGlobal(e.name) ?? UNKNOWN; } else if (bindsSymbol(b)) return { t: 'sym', f, s: this.mergedValue(f, bindingIndex(b)), r: 'same-file', c: 1 };
      } else if (k === 'this') return this.thisValue(f, e.cls);
      else if (k === 'lit' || (k === 'fn' && !e.ret && !e.params)) return EXT;
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

  compute(f: number, e: Expr): Val {
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
        {
          const ov = this.value(f, e.obj);
          const o = this.deref(ov);
          const m = this.member(o, e.name);
          if (m.t === 'unknown' && ov.t === 'sym') {
            // a namespace declared beside a value of its name (`declare namespace Divisor { interface Declaration }` +
            // `const Divisor = {…}`): a name the value lacks is the namespace's (`Divisor.Declaration` in a type)
            const ns = this.namespaceTwinMember(ov.f, ov.s, e.name);
            if (ns) return weakenFrom(ns, ov, 'static-member');
          }
          // a member a dependency's type has but its declarations do not let us follow: outside code
          return m.t === 'unknown' && this.outside(o) ? EXT : m;
        }
      case 'id': {
        const b = e.b;
        if (!b) return e.name === 'exports' ? this.ownExports(f) : this.rulesOf[f].isGlobalName(e.name) ? this.runtimeGlobal(f, e.name) : this.projectGlobal(e.name) ?? UNKNOWN;
        if (bindsSymbol(b)) return { t: 'sym', f, s: this.mergedValue(f, bindingIndex(b)), r: 'same-file', c: 1 };
        if (bindsImport(b)) return this.importValue(f, bindingIndex(b));
        return this.localValue(f, bindingIndex(b));
      }
      case 'this': return this.thisValue(f, e.cls);
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
        if (e.ctx) return this.contextualResult(f, e);
        // `p.catch(cb)`, `p.finally(cb)`: the same promise (what cb gives instead is nothing a member call can read
        // in code that type-checks, unless both have the member)
        if (e.callee.k === 'member' && (e.callee.name === 'catch' || e.callee.name === 'finally')) {
          const recv = this.deref(this.value(f, e.callee.obj));
          if (recv.t === 'prom') return recv;
        }
        // `o.m.bind(o)`, `f.bind(null, a)`: the function itself, bound (calling the result runs it)
        if (e.callee.k === 'member' && e.callee.name === 'bind') {
          const fn = this.value(f, e.callee.obj);
          if (fn.t === 'sym' && (this.sym(fn).label === 'Function' || this.sym(fn).label === 'Method')) return fn;
          // (a value of a function type, `storage.getItem.bind(storage)` of `getItem: (name: string) => V`: of that
          // type without its `this`, and without the parameters the arguments after the first fill)
          const d = this.deref(fn);
          if (d.t === 'fnval') {
            const { self: _self, params, rest, ...bound } = d;
            return (e.args ? e.args.length : e.argc ?? 0) > 1 ? bound : { ...bound, ...(params && { params }), ...(rest !== undefined && { rest }) };
          }
        }
        // `f.call(self, …args)`, `f.apply(self, args)`: what calling f gives (the checker's `strictBindCallApply`)
        if (e.callee.k === 'member' && (e.callee.name === 'call' || e.callee.name === 'apply')) {
          const fn = this.value(f, e.callee.obj);
          if (fn.t === 'sym' && (this.sym(fn).label === 'Function' || this.sym(fn).label === 'Method')) {
            const args = e.callee.name === 'call' ? e.args?.slice(1) : undefined;
            const argc = e.callee.name === 'call' ? Math.max(0, (e.argc ?? e.args?.length ?? 0) - 1) : 0;
            return this.callResult(fn, args, f, argc);
          }
        }
        if (e.callee.k === 'member' && e.args?.[0]) {
          const mapped = this.mappedResult(f, e.callee, e.args[0]);
          if (mapped) return mapped;
        }
        // `xs.reduce((a, b) => …)` with no initial value: an element of the array (the accumulator starts as one)
        if (e.callee.k === 'member' && (e.callee.name === 'reduce' || e.callee.name === 'reduceRight') && (e.args ? e.args.length : e.argc) === 1) {
          const arr = this.arrayReceiver(f, e.callee.obj);
          if (arr.t === 'arr') return this.elementOf(arr, 'typed-receiver');
        }
        if (e.callee.k === 'member' && e.callee.obj.k === 'id' && !e.callee.obj.b && e.args?.[0]) {
          const built = this.builtinResult(f, e.callee.obj.name, e.callee.name, e.args);
          if (built) return built;
        }
        const c = this.value(f, e.callee);
        // (a const holding one of them, `export const extend = Object.assign`: the same call)
        if (c.t === 'sym' && e.callee.k === 'id' && e.args?.[0]) {
          const held = this.heldBuiltin(c);
          const built = held && this.builtinResult(f, held.global, held.name, e.args);
          if (built) return built;
        }
        // a method declared to return `this` (a builder) returns its receiver, whatever subclass that is (through
        // `super.m()`, the class calling it: `this` there is the subclass's)
        if (c.t === 'sym' && e.callee.k === 'member' && returnsThis(this.sym(c), this.files[c.f])) {
          const obj = e.callee.obj;
          const recv = this.receiverOf(f, obj);
          return recv.t === 'inst' || recv.t === 'union' ? weakenFrom(recv, c, 'return-type') : this.callResult(c, e.args, f, e.argc ?? e.args?.length ?? 0);
        }
        // (… and one declared to return `Promise<this>`, or async returning `this`: a promise of its receiver)
        if (c.t === 'sym' && e.callee.k === 'member' && returnsThisPromise(this.sym(c), this.files[c.f])) {
          const obj = e.callee.obj;
          const recv = this.receiverOf(f, obj);
          if (recv.t === 'inst' || recv.t === 'union') { const of = weakenFrom(recv, c, 'return-type'); return { t: 'prom', of, r: 'return-type', c: (of as { c: number }).c }; }
        }
        // a method of a union receiver whose member types each declare their own (`query: SelectQueryBuilder |
        // RawBuilder` then `query.withPlugin(p)`): one of them runs, and the checker's result is the union of their
        // results, here where each is an instance type
        if (c.t === 'unknown' && e.callee.k === 'member') {
          const parts = this.unionResults(f, e);
          if (parts) return parts;
        }
        // (no `args` and no `argc`: none written)
        const r = this.callResult(c, e.args, f, e.argc ?? e.args?.length ?? 0, e.targs);
        return r.t === 'unknown' && this.outside(c) ? EXT : r;
      }
      case 'new': {
        let c = this.value(f, e.callee);
        // a property assigned once, holding a class or constructor function (`new client.Request()` of
        // `client.Request = require('./request')`): that (as the call's target, see newCall)
        if (c.t === 'sym' && this.sym(c).label === 'Property' && this.sym(c).kind === 'assigned_value' && !this.sym(c).reassigned && this.sym(c).init) {
          const held = this.value(c.f, this.sym(c).init!);
          if (held.t === 'sym' && (this.sym(held).label === 'Class' || newableFunction(this.sym(held)))) c = { ...held, r: held.c < c.c ? held.r : c.r, c: Math.min(held.c, c.c) };
        }
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
        // a value of a constructor type (`Made: new () => Counter`) or of an object type with construct signatures
        // (`const User = defineModel(…)` declared to return `{ new (props: P): User }`): the instance type it declares
        if (c.t === 'sym' || c.t === 'fnval' || c.t === 'obj') {
          const d = c.t === 'sym' ? this.deref(c) : c;
          if (d.t === 'fnval') return weakenFrom(this.typeValue(d.f, d.returns, 0, d.subst), d, 'return-type');
          // (a binding declared `typeof C` of a project class, `static Root: typeof Root`: an instance of C)
          if (d.t === 'sym' && d !== c && this.sym(d).label === 'Class') return weaken({ t: 'inst', f: d.f, s: d.s, r: d.r, c: d.c }, 'typed-receiver');
          // (overloads: the one the number of arguments picks, when the arguments are known)
          if (d.t === 'obj' && d.news) return d.news.length === 1 ? weakenFrom(this.typeValue(d.f, d.news[0].returns, 0, d.subst), d, 'return-type') : this.signatureResult({ ...d, calls: d.news }, e.args?.length ?? -1);
          // an interface with construct signatures (`ModelStatic<User>`): its type arguments bind what they return
          const news = d.t === 'inst' ? this.sym(d).news : undefined;
          if (d.t === 'inst' && news) {
            const subst = this.bindingsFor(d.f, d.s, d.args, d.f, d.s, 0);
            return this.signatureResult({ t: 'obj', f: d.f, props: [], calls: news, subst, r: d.r, c: d.c }, news.length === 1 ? news[0].min : e.args?.length ?? -1);
          }
        }
        return c.t === 'ext' || this.outside(c) ? EXT : UNKNOWN;
      }
      case 'await': {
        const v = this.value(f, e.inner);
        // a promise (also one a variable holds) gives what it resolves to; anything else is itself
        const held = v.t === 'sym' ? this.deref(v) : v;
        if (held.t === 'prom') return this.awaitedParts(held.of, 0) ?? held.of;
        // (a union with promise parts, `Promise<R> | R`: each part awaited, as the checker's Awaited<T> distributes)
        if (held.t === 'anyof') { const r = this.awaitedParts(held, 0); if (r) return r; }
        // (an instance of a project type that is a promise by its heritage, `interface Task<A> extends PromiseLike<A>`,
        // `class TaskImpl<A> implements Task<A>`: what the promise resolves to, as the checker's Awaited<T> reads it)
        if (held.t === 'inst') { const r = this.awaitedThenable(held, 0); if (r) return r; }
        return v.t === 'ext' ? UNKNOWN : v;
      }
      case 'as': return this.typeValue(f, e.type, 0);
      // (a package not installed is the checker's `any`: nothing read from the value is known)
      case 'pkg': return this.untypedPackage(f, e.source) ? EXT : this.value(f, e.of);
      case 'param': return this.argumentType(f, e);
      case 'narrowed': return this.narrowedByClass(f, e);
      // (after `invariant(x instanceof A);`: narrowed where the callee asserts its argument, `asserts cond`)
      case 'ifasserts': return this.value(f, this.assertsCondition(f, e.by) ? e.then : e.of);
      case 'tested': {
        const v = this.value(f, e.of);
        const d = v.t === 'sym' ? this.deref(v) : v;
        return d.t === 'union' || d.t === 'anyof' || (d.t === 'inter' && d.alts) ? UNKNOWN : v;
      }
      case 'tagged': {
        // `switch (ast._tag) { case 'Objects': ast.recur(…) }`: the member types whose `_tag` is 'Objects'
        const v = this.value(f, e.of);
        // (a tag written as an enum member, `case NodeTypes.ELEMENT:`, is that member; a value that is none, `a.kind ===
        // b.kind`, `Shape.Circle` of an object, may narrow the checker's type or not: unknown)
        const tags = e.refs ? e.tags.map((t, i) => (e.refs![i] ? this.enumTag(f, e.refs![i]!) : t)) : e.tags;
        const d = v.t === 'sym' ? this.deref(v) : v;
        // (but a type that is no union has nothing to discriminate: `{ test: Number.isFinite }` typed by one interface
        // keeps it, as the checker's contextual type and its narrowing do)
        if (tags.includes(UNKNOWN_TAG)) return this.undiscriminated(d) ? v : UNKNOWN;
        return this.narrowedByTag(d, e.key, tags, e.not) ?? v;
      }
      case 'litthis': {
        // `this` in a typed literal's method: the literal's contextual type, or what the member's signature declares
        // with `this:` (the checker's contextual `this`)
        const ctx = this.value(f, e.of);
        const m = this.member(this.deref(ctx), e.key);
        const self = m.t === 'sym' ? this.sym(m).thisParam : undefined;
        if (self && m.t === 'sym') return weakenFrom(this.typeValue(m.f, self, 0, m.subst), m, 'contextual-type');
        const fn = m.t === 'fnval' ? m : m.t === 'sym' ? this.deref(m) : m;
        if (fn.t === 'fnval' && fn.self) return weakenFrom(this.typeValue(fn.f, fn.self, 0, fn.subst), fn, 'contextual-type');
        // (a `ThisType<T>` in the literal's contextual type, or an enclosing literal's: a T)
        const marked = this.thisTypeOf(f, e.of, 0);
        const v = marked && marked.t !== 'unknown' && marked.t !== 'ext' ? weakenFrom(marked, ctx, 'contextual-type') : ctx;
        // (where noImplicitThis is off, only a `this:` parameter types it: the checker reads the rest as `any`)
        return this.looseThis(f) ? weaken(v, 'name-only') : v;
      }
      case 'argthis': {
        // `this` in a function expression passed as an argument: the `this:` its parameter's function type declares
        // (none declared: what the checker reads as `any`)
        const fn = this.deref(this.value(f, e.of));
        if (fn.t !== 'fnval' || !fn.self) return UNKNOWN;
        // (the polymorphic `this` type, `handler: Listener<this, E>`: the call's receiver, whatever subclass it is)
        const of = e.of;
        if (typeArgOf(fn.f, fn.self, fn.subst).t.k === 'this' && of.k === 'param' && !of.isNew && of.callee.k === 'member') {
          const obj = of.callee.obj;
          const recv = this.receiverOf(f, obj);
          if (recv.t === 'inst') return weakenFrom(recv, fn, 'contextual-type');
        }
        return weakenFrom(this.typeValue(fn.f, fn.self, 0, fn.subst), fn, 'contextual-type');
      }
      case 'isarray': {
        // `if (Array.isArray(x))`: the parts of x's union that are arrays (else branch: the others)
        const v = this.value(f, e.of);
        if (e.by && !this.arrayTest(f, e.by)) return v;
        const d = v.t === 'sym' ? this.deref(v) : v;
        // (a read-only array or an iterable, `readonly T[]`, `Iterable<T>`, is no subtype of the test's `any[]`, which
        // the checker narrows it to: its elements are `any` there, alone or as a part of a union)
        if (e.yes && d.t === 'arr' && d.ro) return valueArray(d, UNKNOWN);
        if (e.yes && d.t === 'anyof' && d.of.some((x) => x.t === 'arr' && x.ro)) return valueArray({ f, r: d.r, c: d.c }, UNKNOWN);
        if (d.t !== 'anyof') return v;
        // (… and the test failed keeps it: `Fieldset | readonly Fieldset[]` stays both)
        const kept = d.of.filter((x) => (x.t === 'arr') === e.yes || (!e.yes && x.t === 'arr' && x.ro));
        if (kept.length === d.of.length || kept.length === 0) return v;
        if (kept.length === 1) return kept[0];
        const insts = kept.filter((x): x is Val & { t: 'inst' } => x.t === 'inst');
        if (insts.length === kept.length) return { t: 'union', of: insts, r: d.r, c: d.c };
        return { t: 'anyof', of: kept, r: d.r, c: d.c };
      }
      case 'guarded': {
        // `if (isFoo(x)) x.m()`: a guard declared `(v): v is Foo` makes x a Foo here; `if (isA(x) || isB(x))` makes
        // it one of both
        if (e.self) return this.selfNarrowed(f, e.of, e.by);
        const guards = e.by.k === 'union' ? e.by.types : [e.by];
        const insts: Array<Val & { t: 'inst' }> = [];
        let one: Val | undefined;
        for (const by of guards) {
          const v = this.guardType(f, by, e.asserts);
          if (!v) {
            // (a guard to an object type that is one of the value's union parts, `jar is ToughJar` on `PromiseJar |
            // ToughJar`: that part, as the checker narrows the union to the parts the guard's type is)
            const t = guards.length === 1 ? this.guardType(f, by, e.asserts, true) : undefined;
            if (t?.t === 'obj') {
              const was = this.deref(this.value(f, e.of));
              if (was.t === 'anyof' && !was.either && was.of.some((p) => sameValue(p.t === 'sym' ? this.deref(p) : p, t))) return t;
            }
            if (t && this.narrowsAny(f, e.of, t)) return t;
            return this.value(f, e.of);
          }
          if (guards.length === 1) one = v;
          else if (!addInstances(insts, v)) return this.value(f, e.of);
        }
        // (a guard of a type the value's class or interface already is, `isSchema(s): s is ISchema` on a Schema that
        // implements it: the checker keeps the value's own type, its members and type arguments)
        if (one?.t === 'inst') {
          const was = this.value(f, e.of), d = this.deref(was);
          if (d.t === 'inst' && this.inheritsFrom(d, one)) return was;
          // (a guard of a type the value's is not, nor the other way round, each requiring a member the other surely
          // lacks, `isTransformDescriptor(param)` inside `isTokenDescriptor(param)`: the checker narrows to their
          // intersection, whose members are either's)
          if (d.t === 'inst' && this.apart(d, one) && this.apart(one, d)) return { t: 'inter', of: [d, one], hole: false, r: one.r, c: Math.min(d.c, one.c) };
        }
        if (one) return one;
        // (several guards: their types joined, less the subtypes among them where the value was no union, see
        // withoutSubtypes, and less what tests that failed around the value take away)
        const was = this.deref(this.value(f, e.of));
        return this.lessExclusions(f, e.of, instancesValue(was.t !== 'union' && was.t !== 'anyof' ? this.withoutSubtypes(insts) : insts));
      }
      case 'element': {
        // `const [a, b] = [x, y]`, `[a, b] = [b, a]`: the checker types an array literal taken apart where it is
        // written by the pattern, a tuple: the item at that position (not through a spread before it), not the union
        // of the items an array of them has
        if (e.at !== undefined && e.of.k === 'list') {
          const item = e.of.items[e.at];
          return item && !e.of.items.slice(0, e.at + 1).some((x) => x.k === 'other' || x.k === 'spread') ? this.value(f, item) : UNKNOWN;
        }
        const arr = this.deref(this.value(f, e.of));
        // `const [key, value] = entry`: the tuple's element at that position
        // (at a position not written, `codecs[i]`, `for (const c of codecs)`: the one type every item is, if any)
        if (arr.t === 'tup') return e.at !== undefined ? arr.items[e.at] ?? UNKNOWN : this.tupleArray(arr)?.el ?? UNKNOWN;
        if (arr.t === 'anyof' && arr.joined) return this.joinedElement(arr.of, e.at) ?? UNKNOWN;
        // (an array type with object type parts, `Token[] & { links: Links }`: its array's element, as the checker reads
        // an index or an iteration of the intersection)
        if (arr.t === 'inter' && arr.list && e.key === undefined) return this.elementOf(arr.list, 'typed-receiver');
        // `for (const entry of map)`: an entry
        if (arr.t === 'map') return this.entryOf(arr);
        // `obj[$mobx]` on a type declaring `[$mobx]: Admin`: that member (same name written the same way)
        if (e.key && (arr.t === 'inst' || arr.t === 'union' || arr.t === 'inter')) {
          const m = this.member(arr, e.key);
          if (m.t === 'sym') return m;
        }
        // `stack[source]` of `source: 'undo' | 'redo'`: the members those names pick, as the checker reads `Stack['undo' |
        // 'redo']` (a key of any other type reads on, below)
        if (e.by && (arr.t === 'inst' || arr.t === 'obj' || arr.t === 'union' || arr.t === 'inter')) {
          const keys = this.deref(this.value(f, e.by));
          if (keys.t === 'ext' && keys.lits?.length) return this.pickedMembers(arr, keys.lits, 0);
        }
        if (arr.t === 'obj' && arr.index) return weakenFrom(this.typeValue(arr.f, arr.index, 0, arr.subst), arr, 'typed-receiver');
        // (object types only, of which several have index signatures, a mapped type's among them: what they agree on)
        if (arr.t === 'inter' && !arr.of.length && !arr.alts && !arr.hole && arr.objs) {
          let got: Val | undefined;
          for (const p of arr.objs) {
            if (!p.index) continue;
            const v = weakenFrom(this.typeValue(p.f, p.index, 0, p.subst), p, 'typed-receiver');
            if (got && !sameValue(got, v)) return UNKNOWN;
            got ??= v;
          }
          if (got) return got;
        }
        // (an instance of a class extending `Array<T>`: a T, also at a key no member of it is named by, `clients[n]`)
        const asArray = arr.t === 'inst' && !e.key?.startsWith('[Symbol.') ? this.arrayBase(arr) : undefined;
        if (asArray) return this.elementOf(asArray, 'typed-receiver');
        // (an interface with a string index signature read at a computed key that names no member of it, `entries[key]`
        // of `interface Entries { [key: string]: Schema }`: its value type, as the checker reads it)
        if (arr.t === 'inst' && e.at === undefined && !asArray) {
          const index = this.sym(arr).index;
          if (index) return weakenFrom(this.typeValue(arr.f, index, 0, this.bindingsFor(arr.f, arr.s, arr.args, arr.f, arr.s, 0)), arr, 'typed-receiver');
        }
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
        // (object literals through every branch, `c ? { cb: a.cb } : { cb: b.cb }`: one of them, whose member is
        // known where every literal gives the same, see literalsValue)
        const vals = e.types.map((x) => this.value(f, x));
        // (outside values through every branch, `isServer ? useEffect : useLayoutEffect`: an outside value)
        // (plain ones only: literals' keys and outside functions' known results are not merged here)
        if (vals.every((v) => v.t === 'ext' && !v.lits && !v.fn && !v.any)) return EXT;
        const literals = this.literalsValue(vals);
        if (literals) return literals;
        const tuples = this.tuplesValue(vals);
        if (tuples) return tuples;
        for (let v of vals) {
          if (v.t === 'sym' && (this.sym(v).label === 'Variable' || this.sym(v).label === 'Property' || isAccessor(this.sym(v)))) {
            // a variable or property holding an instance (`cond ? innerFrom(x) : EMPTY`), a getter giving one
            // (`this.pos ?? Vector.Zero`): that instance
            const d = this.deref(v);
            if (d.t === 'inst' || d.t === 'union') v = d;
            // a const object literal with a declared type (`opts.encoder ?? jsonEncoder`, `const jsonEncoder: Encoder =
            // {…}`): an instance of that type beside the other branch, as the checker reduces the union
            else if (d.t === 'sym' && this.sym(v).type) {
              const t = weakenFrom(this.typeValue(v.f, this.sym(v).type!, 0), v, 'typed-receiver');
              if (t.t === 'inst') v = t;
              // (an object type a type alias declares, `const json: Handler = {…}` of `type Handler = { … }`: the
              // alias's members, where every branch is one of it, `[json, form]`)
              else if (t.t === 'obj' && t.decls) v = t;
            }
          }
          if (addInstances(insts, v)) continue;
          if (v.t === 'obj') {
            if (insts.length || (one && !sameValue(one, v))) return UNKNOWN;
            one = v;
            continue;
          }
          if (v.t !== 'sym' || (one && (one.t !== 'sym' || one.f !== v.f || one.s !== v.s))) return UNKNOWN;
          if (!one || v.c < (one as { c: number }).c) one = v;
        }
        if (one && insts.length) return UNKNOWN;
        // (the checker reduces such a union by subtypes: `options.storage || new LocalFileStorage()` is a FileStorage
        // when LocalFileStorage implements FileStorage, so its members are FileStorage's)
        if (!one && insts.length > 1) {
          const kept = insts.filter((x) => !insts.some((y) => (y.f !== x.f || y.s !== x.s) && this.inheritsFrom(x, y)));
          if (kept.length < insts.length) return instancesValue(kept);
        }
        return one ?? instancesValue(insts);
      }
      case 'import': {
        // `await import('./x')`, `import('./x').then((m) => …)`: a promise of x's namespace
        const ns = this.importedNamespace(f, e.source);
        return ns.t === 'ns' ? { t: 'prom', of: ns, r: 'namespace-import', c: ns.c } : ns;
      }
      case 'and': {
        // `a && b`: b's value, when a's type is known (an `any` a would make the whole `any`) — or when a is a name
        // declared with a type that is no `any` (`entity: T`, `exists?: object`: members we do not read, but a truthy
        // one leaves b's type to the checker, `entity && helper(entity)`)
        const l = this.deref(this.value(f, e.left));
        return l.t === 'unknown' && !this.declaredNotAny(f, e.left) ? UNKNOWN : this.value(f, e.right);
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
        if (!e.items.length) return UNKNOWN;
        // (`[get, set] as const`: a readonly tuple, each position its item's value; none known after a spread)
        if (e.tuple) {
          const spread = e.items.findIndex((x) => x.k === 'spread' || x.k === 'other');
          return { t: 'tup', items: (spread < 0 ? e.items : e.items.slice(0, spread)).map((x) => this.value(f, x)), r: 'same-file', c: 1 };
        }
        // (a spread item, `[...outgoing.map(…), ...pending.map(…)]`, adds the elements of what it spreads)
        const el = this.value(f, { k: 'union', types: e.items.map((x) => (x.k === 'spread' ? { k: 'element', of: x.of } : x)) });
        return el.t === 'unknown' || el.t === 'ext' ? UNKNOWN : valueArray({ f, r: 'same-file', c: 1 }, el);
      }
      case 'fn': {
        if (!e.ret && !e.params) return EXT;
        // (one with declared parameters and no known result: calling it gives an outside value, see callResult)
        const fn: NonNullable<(Val & { t: 'ext' })['fn']> = { f, ret: e.ret ?? OTHER };
        if (e.async && e.ret) fn.async = true;
        if (e.params) fn.params = e.params;
        return { t: 'ext', fn };
      }
      case 'objval': return { t: 'objv', f, entries: e.entries, r: 'same-file', c: 1 };
      default: return UNKNOWN;
    }
  }

  /**
   * Whether `e` is a local declared with a type that is surely no `any`, though its members may be unknown to us: a
   * predefined type (`object`, `string`: `any` is a kind of its own) or a type parameter constrained by one or by
   * nothing (`entity: T` of `<T extends object>`). An alias may stand for `any`: not read.
   */
  declaredNotAny(f: number, e: Expr): boolean {
    if (e.k !== 'id' || !bindsLocal(e.b)) return false;
    let t = this.files[f].locals[bindingIndex(e.b)]?.type;
    for (let hops = 0; t && hops < 4; hops++) {
      if (t.k === 'other') return true;
      if (t.k !== 'id' || !bindsLocal(t.b)) return false;
      const param = this.files[f].locals[bindingIndex(t.b)];
      if (!param || param.init) return false; // (a local, not a type parameter)
      if (!param.type) return true;
      t = param.type;
    }
    return false;
  }

  localValue(f: number, l: number): Val {
    // a pure memo (see cut): every use of a local asks again (a typed parameter: its type each time)
    return this.keptValue(this.localMemo, f, l, this.localValueUncached);
  }

  /**
   * `compute(f, k)` through a pure memo by file and index (see cut): a kept answer when one can be reused, else the
   * computed one, kept when computing it met no cycle guard or depth limit and its shape may be shared.
   */
  keptValue(memo: Array<Array<Kept<Val> | undefined> | undefined>, f: number, k: number, compute: (this: Evaluator, f: number, k: number) => Val): Val {
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

  localValueUncached(f: number, l: number): Val {
    const loc = this.files[f].locals[l];
    if (loc.type) {
      const v = weaken(this.typeValue(f, loc.type, 0), 'typed-receiver');
      // a union initialized with an object literal (`const s: A | B = { … }`): the checker narrows it there to the
      // parts the literal is assignable to, which is not read, so a member the parts declare apart is no one's
      return v.t === 'union' && loc.init?.k === 'objval' ? { ...v, some: true } : v;
    }
    // a parameter with a default and a contextual type (`(n, parent = null) => …` of a declared `PatchFn`): the checker
    // types it by the context, the default only where there is none (here: where the context is not known)
    if (loc.init && (loc.ctx || loc.ctxType)) {
      const c = loc.ctx ? this.contextual(f, loc.ctx) : this.declaredParam(f, loc.ctxType!);
      if (c.t !== 'unknown') return c;
    }
    // (`const out = []` where the project leaves `noImplicitAny` off: `any[]`, whatever is pushed)
    if (loc.pushed && this.looseAny(f)) return EXT;
    if (loc.init) return this.value(f, loc.init);
    if (loc.ctx) return this.contextual(f, loc.ctx);
    if (loc.ctxType) return this.declaredParam(f, loc.ctxType);
    return UNKNOWN;
  }

  /** The value a symbol reference stands for when used as a receiver (`x.m()`: the object x holds). */
  deref(v: Val): Val {
    if (v.t !== 'sym') return v;
    if (v.as) return v.as;
    if (this.depth > MAX_DEPTH) { this.cut++; return UNKNOWN; }
    if (++this.depth > this.peak) this.peak = this.depth;
    try {
      const d = this.derefSym(v);
      return d.t === 'unknown' && v.f >= this.projectCount ? EXT : d;
    } finally { this.depth--; }
  }

  derefSym(v: Val & { t: 'sym' }): Val {
    const sym = this.sym(v);
    switch (sym.label) {
      case 'Class': case 'Interface': case 'Enum': return v;
      // fn.call / fn.bind / fn.apply; a merged namespace's members, or those assigned to a constructor function
      case 'Function': {
        if (this.merged(v.f, v.s) || this.childrenOf(v.f, v.s)) return v;
        // a function bound to a declared object type (`const job: SchedulerJob = () => …` of `interface SchedulerJob
        // extends Function { id?: number }`): its members are that type's, as the checker reads `job.id`
        if (sym.type && sym.type.k !== 'fntype') {
          const t = this.typeValue(v.f, sym.type, 0, v.subst);
          if (t.t === 'inst') return weakenFrom(t, v, 'typed-receiver');
        }
        return EXT;
      }
      case 'Method':
        if (sym.kind === 'getter' && sym.returns) return weakenFrom(this.typeValue(v.f, sym.returns, 0, v.subst), v, 'return-type');
        // (an unannotated getter beside a setter whose parameter is declared, `set cookie(jar: Cookie)`: that type, which
        // the checker takes for the pair before the getter's body)
        if (sym.kind === 'getter' && sym.parent >= 0) {
          const set = this.childrenOf(v.f, sym.parent)?.get(sym.name)?.map((i) => this.files[v.f].symbols[i]).find((o) => o.kind === 'setter' && !!o.isStatic === !!sym.isStatic && o.params?.[0]);
          if (set) return weakenFrom(this.typeValue(v.f, set.params![0]!, 0, v.subst), v, 'return-type');
        }
        // an unannotated getter: the value its return statements give (`get parent() { return this.node(0) }`)
        if (sym.kind === 'getter' && sym.returnsValue) return weakenFrom(this.deref(this.value(v.f, sym.returnsValue)), v, 'return-type');
        return EXT;
      case 'Variable': case 'Property': {
        if (sym.kind === 'enum_member') return EXT; // a number or a string
        if (sym.kind === 'namespace' || this.childrenOf(v.f, v.s)) return v;
        if (sym.type) return weakenFrom(this.typeValue(v.f, sym.type, 0, v.subst), v, 'typed-receiver');
        if (!sym.init || (sym.ctorAssigned && this.looseAny(v.f))) return UNKNOWN;
        const iv = this.value(v.f, sym.init);
        // a copy of a const object literal declared with a type (`scaler = IdScaler` of `const IdScaler: YScaler =
        // {…}`): the checker types the copy by that declared type, not by the literal (a field or a `let` may later
        // hold any other YScaler), so its members are the type's
        if (iv.t === 'sym' && (iv.f !== v.f || iv.s !== v.s)) {
          const copied = this.sym(iv);
          if (copied.label === 'Variable' && copied.type && copied.init?.k === 'objval' && this.childrenOf(iv.f, iv.s)) {
            const t = this.typeValue(iv.f, copied.type, 0);
            if (t.t !== 'unknown') return weakenFrom(weakenFrom(t, iv, 'typed-receiver'), v, 'typed-receiver');
          }
        }
        return weakenFrom(this.deref(iv), v, 'typed-receiver');
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
        if (o.drops?.includes(name) || (o.only && !o.only.includes(name))) return UNKNOWN;
        const m = o.up ? this.heritageMember(o, name, !!o.st) : this.findMember(o, name, false);
        if (m && m !== 'ext') return { t: 'sym', f: m.f, s: m.s, r: o.r, c: o.c, subst: this.substOf(o, m) };
        // (findMember counts a base that is a type parameter as outside: the bindings may say what it is)
        if (!o.up) { const b = this.boundHeritageMember(o.f, o.s, o.args, name, 0); if (b) return weakenFrom(b, o, 'typed-receiver'); }
        // a built-in array method of a class extending `Array<T>` (`entries.find(…)`, `entries.slice()`)
        if (m === 'ext') { const a = this.arrayBase(o); if (a) return this.member(a, name); }
        // a name an interface declares nowhere up its heritage is its string index signature's (`interface Dict {
        // [key: string]: Point }`: `d.origin` is a Point), as the checker reads a declared member first
        if (!m && !o.up) {
          const index = this.sym(o).index;
          if (index) return weakenFrom(this.typeValue(o.f, index, 0, this.bindingsFor(o.f, o.s, o.args, o.f, o.s, 0)), o, 'typed-receiver');
          // `this.hooks` in a method of an untyped object literal (`{ hooks: new Hooks(), addHook() { this.hooks.add() } }`):
          // the entry's value, as `obj.hooks` outside gives it
          const sym = this.sym(o);
          if (sym.label === 'Variable' && !sym.type && sym.init?.k === 'objval') {
            const iv = this.value(o.f, sym.init);
            if (iv.t === 'objv') return weakenFrom(this.objectMember(iv, name), o, 'this-member');
          }
        }
        return m === 'ext' ? EXT : UNKNOWN;
      }
      case 'union': case 'anyof': {
        // (each part's member asked once for both folds: asked again per fold, a union nested in a part's member
        // type doubled the work at every level)
        const answers: PartAnswer[] = [];
        const agreed = this.unionMember(o.of as Val[], name, false, answers, o.t === 'anyof' && o.either);
        // (where they disagree, a member type that declares the name with a literal type, `data?: undefined` beside
        // `data: Data`, has no say: code that reads a member of it type-checks only where that type is ruled out)
        const out = agreed.t === 'unknown' ? this.unionMember(o.of as Val[], name, true, answers, o.t === 'anyof' && o.either) : agreed;
        // (of parts an initializer narrowed to, not known: only a symbol every part that has the member gives)
        if (o.t === 'union' && o.some && out.t === 'sym' && answers.some((a) => a && a !== LACKING && !(a.m.t === 'sym' && a.m.f === out.f && a.m.s === out.s))) return UNKNOWN;
        // (parts declaring it with types of their own: the union of those types, see joinedMember)
        if (out.t === 'unknown' && !(o.t === 'union' && o.some) && !(o.t === 'anyof' && o.either)) {
          return this.joinedMember(o.of as Val[], name, answers) ?? out;
        }
        return out;
      }
      case 'inter': {
        // a part we cannot type (a mapped or conditional type: `o & { [k in key]-?: defined<o[k]> }`) beside project
        // types: a member one of those declares is that member (the checker's property of the intersection has its
        // declaration among its own), unless an outside part could declare it too
        // (an object type literal part's declaration of the name is the checker's answer whatever else the parts are;
        // object type literal parts that surely lack it have no say)
        if (o.hole) {
          const own = this.declaredByObjectPart(o, name);
          if (own) return own;
          const objsMay = !!o.objs?.some((p) => !this.lacksIn(p, name) || p.decls?.some((d) => d.name === name));
          return o.outside || objsMay || o.alts ? UNKNOWN : this.declaredByOnePart(o, name);
        }
        // (a part read through an `Omit`/`Pick` whose keys are not read, `Except<Options, 'retry'> & { retry?: R }`: a
        // member an object type literal part declares is that declaration alone, as the keys left out are most often
        // those declared again; where the part kept it, the checker's property has both declarations, one of them left)
        if (o.keyed && o.objs) for (const p of o.objs) { const d = p.decls && declOf(p, name); if (d) return d; }
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
          const d = p.decls && declOf(p, name);
          const prop = d ? undefined : p.props.find((x) => x.name === name);
          if (d || prop) {
            if (ext) return UNKNOWN;
            const v = d ?? weakenFrom(this.typeValue(p.f, prop!.type, 0, p.subst), p, 'typed-receiver');
            // (`{ reduce: {} }` beside `reduce: (…) => R`: `X & {}` is X, so the empty type has no say)
            if (emptyObject(v)) continue;
            if (out) { out = this.agreeing(out, v); if (!out) return UNKNOWN; } else out = v;
          } else if (p.others?.includes(name)) return UNKNOWN;
        }
        // a union part (`(A | B) & { strategy: S }`): what its member types agree on — not a name an `Omit` of it drops,
        // `Omit<S, 'expects'> & { expects: number }` (S a union, or constrained by one: the union is the Omit's)
        const dropped = !!o.omits?.includes(name) && o.of.length === 0 && o.alts?.length === 1;
        for (const a of dropped ? [] : o.alts ?? []) {
          const v = this.intersectedMember(a, name);
          if (!v) continue;
          if (v.t === 'ext' || v.t === 'unknown') {
            // (none of its types declares the name a part before it answered: `(A | B) & { cache: C }`'s `cache` is
            // C, as the checker distributes the intersection over the union)
            if (v.t === 'unknown' && out && this.declaresNone(a, name)) continue;
            // (… nor where each of its types that declares it agrees with them: `Code & (Code | Func)`'s `code` is
            // Code's, Func declaring none)
            if (v.t === 'unknown' && out && a.of.every((y) => this.declaresNone(y, name) || sameValue(this.member(y, name), out!))) continue;
            if (v.t === 'ext' || !this.lacksIn(a, name)) return UNKNOWN;
            continue;
          }
          if (out) { out = this.agreeing(out, v); if (!out) return UNKNOWN; } else out = v;
        }
        // a name no part declares is an index signature's (`RouterCore & { [k: string]: V }`: a V); the checker
        // reads a declared member before any index signature
        // a homomorphic mapped type part whose mapped type declares the name (`Atoms<TFeatures> & Atoms_All`, each `{ [K in
        // keyof S]?: Atom<S[K]> }`): that declaration, which the checker's property of the intersection has among its own
        // whatever the other parts hold (parts mapping other declarations of it: no answer)
        if (!out && !ext && o.objs && o.objs.filter((p) => p.over).length > 0) {
          for (const p of o.objs) {
            const m = p.over && p.index && p.key !== undefined ? this.mappedMember(p, name) : undefined;
            if (!m) continue;
            if (out && !(out.t === 'sym' && m.t === 'sym' && out.f === m.f && out.s === m.s)) return UNKNOWN;
            out ??= m;
          }
          if (out) return out;
        }
        if (!out && !ext) {
          // (mapped types whose key sets we can list answer only their keys: `{ [_ in kind]: A } & { [r in right]?: B }`)
          // (several that may hold the name: the value they agree on; a mapped type whose keys we list and hold the
          // name before one whose keys we cannot list, `{ [_ in kind]: A<kind> } & { [r in rightOf<kind>]?: A<r> }`,
          // arktype's own and rightward keys: such parts name keys apart)
          let indexed = o.objs?.filter((p) => p.index);
          if (indexed?.length) {
            if (indexed.every((p) => p.key === undefined)) return this.indexMember(indexed[0], name) ?? UNKNOWN;
            const listed = indexed.filter((p) => this.listsKey(p, name));
            if (listed.length) indexed = listed;
            let got: Val | undefined;
            for (const p of indexed) {
              const v = this.indexMember(p, name);
              if (!v) continue;
              if (got && !sameValue(got, v)) return UNKNOWN;
              got ??= v;
            }
            return got ?? UNKNOWN;
          }
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
        // a member of a type alias's object type: its declaration, a symbol (its type is the symbol's)
        const d = o.decls && declOf(o, name);
        if (d) return d;
        // `{ [K in keyof P]: Ref<P[K]> }`: P's member (the checker's property of the mapped type links to its
        // declaration), holding a `Ref<P[name]>`
        if (o.over && o.index && o.key !== undefined) { const m = this.mappedMember(o, name); if (m) return m; }
        // a property of an object type literal: an instance of its declared type (methods are not recorded)
        const p = o.props.find((x) => x.name === name);
        if (p) return weakenFrom(this.typeValue(o.f, p.type, 0, o.subst), o, 'typed-receiver');
        // `{ [k: string]: T }`, `Record<K, T>`: any other key gives a T
        return o.index ? this.indexMember(o, name) ?? UNKNOWN : UNKNOWN;
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
      case 'tup': {
        // a tuple whose items are one type (`[Mixed, Mixed, ...Array<Mixed>]`): its array methods are an array's of it
        const arr = this.tupleArray(o);
        return arr ? this.member(arr, name) : UNKNOWN;
      }
      case 'ext': return EXT;
      default: return UNKNOWN;
    }
  }

  /**
   * Tuples through every branch (`const [draft, state] = c ? plugin.proxyMap_(v) : createProxy(v)`): one tuple whose
   * item at each position is the same value in every branch, or the instances of each; unknown there otherwise, and
   * where one branch's instance type extends another's (the checker reduces the union of tuples by subtypes, whole
   * tuples, not items). Undefined where a branch is no tuple.
   */
  tuplesValue(vals: Val[]): (Val & { t: 'tup' }) | undefined {
    if (vals.length < 2) return undefined;
    const tups: Array<Val & { t: 'tup' }> = [];
    for (const v of vals) { const d = this.deref(v); if (d.t !== 'tup') return undefined; tups.push(d); }
    const width = Math.max(...tups.map((x) => x.items.length));
    const items: Val[] = [];
    for (let i = 0; i < width; i++) {
      let one: Val | undefined;
      const insts: Array<Val & { t: 'inst' }> = [];
      let known = true;
      for (const x of tups) {
        const v = x.items[i];
        if (!v || v.t === 'unknown') { known = false; break; }
        if (addInstances(insts, v)) continue;
        if (one && !sameValue(one, v)) { known = false; break; }
        one ??= v;
      }
      if (known && one && insts.length) known = false;
      if (known && insts.some((x) => insts.some((y) => (y.f !== x.f || y.s !== x.s) && this.inheritsFrom(x, y)))) known = false;
      items.push(!known ? UNKNOWN : one ?? instancesValue(insts));
    }
    return { t: 'tup', items, r: tups[0].r, c: Math.min(...tups.map((x) => x.c)) };
  }

  /** A tuple whose items are all one known type, as an array of it (undefined for any other tuple). */
  tupleArray(o: Val & { t: 'tup' }): (Val & { t: 'arr'; el: Val }) | undefined {
    const first = o.items[0];
    if (!first || first.t === 'unknown' || first.t === 'ext' || !o.items.every((x) => sameValue(x, first))) return undefined;
    return { t: 'arr', f: 0, of: OTHER, el: first, r: o.r, c: o.c };
  }

  /**
   * A member of a homomorphic mapped type (`{ [K in keyof P]: Ref<P[K]> }` read through `ToRefs<Props>`): the member
   * of P it maps, a symbol, holding the type written with K bound to its name; undefined where P has no such symbol.
   */
  mappedMember(o: Val & { t: 'obj' }, name: string): Val | undefined {
    const over = this.typeValue(o.f, o.over!, 0, o.subst);
    if (over.t !== 'inst' && over.t !== 'obj') return undefined;
    const m = this.member(over, name);
    if (m.t !== 'sym' || m.held) return undefined;
    const label = this.sym(m).label;
    if (label !== 'Property' && label !== 'Method') return undefined;
    const as = this.indexMember(o, name);
    return as ? { ...m, as } : undefined;
  }

  /**
   * Member `name` of an object type through its index signature: its value type; a mapped type's (`{ [r in K]: X<r>
   * }`) with the key bound to the literal `name`, as the checker instantiates it, and none where K is strings we can
   * list that do not hold `name`.
   */
  indexMember(o: Val & { t: 'obj' }, name: string): Val | undefined {
    if (!o.index) return undefined;
    if (o.key === undefined) return weakenFrom(this.typeValue(o.f, o.index, 0, o.subst), o, 'typed-receiver');
    const keys = o.keys && this.typeValue(o.f, o.keys, 0, o.subst);
    if (keys && keys.t === 'ext' && keys.lits && !keys.lits.includes(name)) return undefined;
    const subst = new Map(o.subst ?? []);
    subst.set(`${o.f}:${o.key}`, { f: o.f, t: { k: 'lit', v: name } });
    return weakenFrom(this.typeValue(o.f, o.index, 0, subst), o, 'typed-receiver');
  }

  /** Whether `o` is a mapped type whose key set is strings we can list, `name` among them. */
  listsKey(o: Val & { t: 'obj' }, name: string): boolean {
    if (o.key === undefined || !o.keys) return false;
    const keys = this.typeValue(o.f, o.keys, 0, o.subst);
    return keys.t === 'ext' && !!keys.lits && keys.lits.includes(name);
  }

  /**
   * The member `name` of a union's member types `parts`: the same symbol (or, for object types, the same instance
   * type) through every one, or nothing: which type the value has is the checker's call (a member type that surely
   * lacks the member does not count: see lacksIn; a class's member is always a symbol). `skipLiteral`: nor does one
   * that declares it with a literal type while another answers (see memberlessIn). `answers`: each part's member as
   * an earlier fold over the same parts and name found it (filled in as parts are reached). `pick`: the parts are a
   * conditional type's branches, one of which is the type, so one where the read is an error has no say (branchLacks).
   */
  unionMember(parts: Val[], name: string, skipLiteral: boolean, answers: PartAnswer[] = [], pick = false): Val {
    let out: Val | undefined;
    let outLiteral = false;
    for (let i = 0; i < parts.length; i++) {
      const a = this.partAnswer(parts, i, name, answers, pick);
      if (a === LACKING) continue;
      const { m, literal } = a;
      if (skipLiteral && literal) continue;
      // (a string literal type every member type declares alike, `kind: "index"` through both branches of a helper
      // type: that type)
      if (m.t === 'ext' && m.lits) { if (out && !sameValue(out, m)) return UNKNOWN; out ??= m; continue; }
      if (m.t !== 'sym' && m.t !== 'inst') return UNKNOWN;
      // (two declarations, each member type's own, `{ kind: 'a'; node: Root } | { kind: 'b'; node: Root }`: the
      // checker's property of the union, of the instance type both declare)
      // (a name every part of one alias's union declares: the checker's property of the union, which the language
      // service links to the parts' declarations only where the code reads it; typed here, no occurrence of one)
      // (its type is the one with members where another part declares it `?: undefined`: see memberlessIn)
      if (out && this.sameAliasMember(out, m)) {
        if (outLiteral && !literal && m.t === 'sym') { out = { ...m, held: true }; outLiteral = false; }
        else if (out.t === 'sym' && !out.held) out = { ...out, held: true };
        continue;
      }
      if (out && !sameValue(out, m)) { out = this.agreeing(out, m); if (!out) return UNKNOWN; continue; }
      if (!out || m.c < (out as { c: number }).c) { out = m; outLiteral = literal; }
    }
    return out ?? UNKNOWN;
  }

  /** Part i's member `name` as unionMember reads it (LACKING where the part surely lacks it), asked once per fold. */
  partAnswer(parts: readonly Val[], i: number, name: string, answers: PartAnswer[], pick = false): PartAnswer {
    const a = answers[i];
    if (a) return a;
    const x = parts[i], m = this.member(x, name);
    return (answers[i] = m.t === 'unknown' && (pick ? this.branchLacks(x, name) : this.lacksIn(x, name)) ? LACKING : { m, literal: this.memberlessIn(x, m, name) });
  }

  /**
   * `a.name` where `a` is a union part of an intersection: as member, but a conditional type's branch whose member is
   * the empty object type (`d["reducibleTo"] extends d["kind"] ? {} : { reduce: {} }`, arktype's) has no say, since
   * `X & {}` is X (undefined where no branch has a say); unknown where the branches left disagree, as member says.
   */
  intersectedMember(a: Val & { t: 'anyof' }, name: string): Val | undefined {
    if (!a.either) return this.member(a, name);
    const left: Val[] = [];
    for (const x of a.of) {
      const m = this.member(x, name);
      if (m.t === 'unknown' && this.branchLacks(x, name)) continue;
      if (emptyObject(m.t === 'sym' ? this.deref(m) : m)) continue;
      left.push(x);
    }
    if (left.length === a.of.length) return this.member(a, name);
    return left.length === 0 ? undefined : this.member(left.length === 1 ? left[0] : { ...a, of: left }, name);
  }

  /**
   * Several object literal values standing for one (a conditional's branches, the items of an array literal, the
   * elements of arrays spread together): a union of them (see `anyof`), whose member is the value every literal gives
   * for it, as the checker reads a member of a union of object literal types. Undefined unless all are object literals.
   */
  literalsValue(vs: readonly Val[]): Val | undefined {
    if (!vs.length || !vs.every((v) => v.t === 'objv')) return undefined;
    const distinct = vs.filter((v, i) => vs.indexOf(v) === i);
    return distinct.length === 1 ? distinct[0] : { t: 'anyof', of: distinct, r: 'same-file', c: Math.min(...distinct.map((v) => (v as { c: number }).c)) };
  }

  /**
   * One answer for a member two parts of an intersection give (`out` first): the same value, or, where they are two
   * declarations (`Common & { strategy: Strategy }` over `strategy?: Strategy`: the checker's property has both), the
   * instance type both declare; undefined where they disagree.
   */
  agreeing(out: Val, v: Val): Val | undefined {
    if (sameValue(out, v)) return out;
    if (out.t !== 'sym' && v.t !== 'sym') return undefined;
    const a = out.t === 'sym' ? this.deref(out) : out, b = v.t === 'sym' ? this.deref(v) : v;
    // (a declaration beside a typed property of an object type with no symbols, of one type: the checker's property
    // of the intersection has that declaration, so a read of it is one of the declaration)
    if (out.t === 'sym' && v.t !== 'sym' && a.t === 'obj' && b.t === 'obj' && sameObjectType(a, b)) return out;
    // (one object type, a type alias's, read in two places whose bindings it does not mention: `identity:
    // IdentityConfig` declared by a class's config type and by the object type a subclass's heritage binds its type
    // parameter to, `Builder<T, { identity: IdentityConfig }>`)
    if (a.t === 'obj' && b.t === 'obj' && sameObjectType(a, b)) return b.c < a.c ? b : a;
    if (a.t !== 'inst' || !sameValue(a, b)) return undefined;
    return (b as { c: number }).c < a.c ? b : a;
  }

  /**
   * Two members of the object types one type alias's union names (`type E = { type: 'a' } | { type: 'b' }`): the
   * checker's property of the union, which has both declarations.
   */
  sameAliasMember(a: Val, b: Val): boolean {
    if (a.t !== 'sym' || b.t !== 'sym' || a.f !== b.f) return false;
    const syms = this.files[a.f].symbols, x = syms[a.s], y = syms[b.s];
    return x.parent === y.parent && x.parent >= 0 && x.name === y.name && x.label === y.label && syms[x.parent].label === 'TypeAlias';
  }

  typeNames: Set<string> | undefined;

  readonly mergedMemo: Array<Array<number[] | null | undefined> | undefined> = [];

  readonly twinIndex: Array<Array<number[] | undefined> | undefined> = [];


}

/** Declarations a namespace of the same name merges with. */
export const MERGING_LABELS: ReadonlySet<string> = new Set(['Class', 'Function', 'Enum', 'Interface']);

/**
 * The symbol declaring member `name` of object type `o` (a type alias's member), reached as `o` was; undefined when it
 * declares none, or two (`{ a: X } & { a: Y }`: the checker's property of the intersection has both).
 */
export function declOf(o: Val & { t: 'obj' }, name: string): Val | undefined {
  let s = -1;
  for (const d of o.decls!) if (d.name === name) { if (s >= 0 && s !== d.s) return undefined; s = d.s; }
  return s < 0 ? undefined : { t: 'sym', f: o.f, s, r: o.r, c: o.c, subst: o.subst };
}

/** The empty object type `{}` (no member of any kind): one part of an intersection it adds nothing to. */
export function emptyObject(v: Val): boolean {
  return v.t === 'obj' && !v.open && v.props.length === 0 && !v.index && !v.others?.length && !v.calls?.length && !v.news?.length && !v.decls?.length;
}

/** Labels of declarations that are values (a class is a value and a type). */
export const VALUE_LABELS: ReadonlySet<string> = new Set(['Function', 'Class', 'Enum', 'Variable']);

/**
 * A method declared to return `this`, or returning `this` without a declared type (TypeScript infers `this`), itself
 * or through a local of file `file` declared with no type from `this` (`let schema = this; … return schema`: the
 * checker gives the local the polymorphic `this` type, which every later assignment must keep).
 */
export function returnsThis(sym: SymbolFact, file: FileFacts): boolean {
  return sym.returns ? sym.returns.k === 'this' : isThis(sym.returnsValue, file);
}

/** A method declared to return `Promise<this>` (`save(): Promise<this>`), or an async one returning `this` undeclared. */
function returnsThisPromise(sym: SymbolFact, file: FileFacts): boolean {
  return sym.returns ? sym.returns.k === 'promise' && sym.returns.of.k === 'this' : !!sym.returnsAsync && isThis(sym.returnsValue, file);
}

/** `this`, or a local of `file` declared from `this` with no type of its own (see returnsThis). */
function isThis(e: Expr | undefined, file: FileFacts): boolean {
  if (e?.k === 'this') return true;
  if (e?.k !== 'id' || !bindsLocal(e.b)) return false;
  const loc = file.locals[bindingIndex(e.b)];
  return !!loc && !loc.type && !loc.evolving && loc.init?.k === 'this';
}

/** Values a pure memo may hand out again: their identity means nothing (see sameValue). */
export function shareable(v: Val): boolean {
  return v.t === 'sym' || v.t === 'inst' || v.t === 'ext' || v.t === 'unknown';
}

/** An array whose elements are the value `el`, reached as `at` was (its file, reason and confidence). */
export function valueArray(at: { f: number; r: Reason; c: number }, el: Val): Val & { t: 'arr' } {
  return { t: 'arr', f: at.f, of: OTHER, r: at.r, c: at.c, el };
}

/** Adds the instance types `v` stands for (an instance, or each of a union's) to `insts`, each once; false for any other value. */
/** A plain function (no arrow), which `new` can call: a JavaScript constructor function when it has members. */
export function newableFunction(sym: SymbolFact): boolean {
  return sym.label === 'Function' && sym.kind !== 'arrow_function';
}

export function addInstances(insts: Array<Val & { t: 'inst' }>, v: Val): boolean {
  if (v.t === 'inst') { if (!insts.some((o) => o.f === v.f && o.s === v.s)) insts.push(v); return true; }
  if (v.t !== 'union') return false;
  for (const o of v.of) if (!insts.some((x) => x.f === o.f && x.s === o.s)) insts.push(o);
  return true;
}

/** One instance type as itself, several as their union (at the weakest confidence), none as unknown. */
export function instancesValue(insts: Array<Val & { t: 'inst' }>): Val {
  if (insts.length <= 1) return insts[0] ?? UNKNOWN;
  return { t: 'union', of: insts, r: 'typed-receiver', c: Math.min(...insts.map((o) => o.c)) };
}

/** Lowers a value's confidence to a reason's level (keeping the weaker of the two). */
export function weaken(v: Val, r: Reason): Val {
  if (v.t === 'ext' || v.t === 'unknown') return v;
  const c = REASON_CONFIDENCE[r];
  return c < v.c ? reasoned(v, r, c) : v;
}

/** Result `v` reached through `via`: confidence is the weakest of both, plus the step's own reason. */
export function weakenFrom(v: Val, via: Val, r: Reason): Val {
  if (v.t === 'ext' || v.t === 'unknown') return v;
  const out = weaken(v, r) as Exclude<Val, { t: 'ext' } | { t: 'unknown' }>;
  if (via.t !== 'ext' && via.t !== 'unknown' && via.c < out.c) return reasoned(out, via.r, via.c);
  return out;
}

/**
 * A copy of `v` with another reason and confidence. Symbols and instances, most of what is weakened, are
 * written out field by field: a spread of values of a dozen shapes is a megamorphic clone, slow on every call.
 */
export function reasoned(v: Exclude<Val, { t: 'ext' } | { t: 'unknown' }>, r: Reason, c: number): Val {
  if (v.t === 'sym') return { t: 'sym', f: v.f, s: v.s, r, c, subst: v.subst, held: v.held };
  if (v.t === 'inst') return v.fns ? { t: 'inst', f: v.f, s: v.s, r, c, args: v.args, fns: v.fns } : { t: 'inst', f: v.f, s: v.s, r, c, args: v.args };
  return { ...v, r, c };
}

/** A discriminant's tag written as something that is no project enum's member: it narrows to what we cannot say. */
export const UNKNOWN_TAG = `${ENUM_TAG}?`;

/** Kinds of the symbols under a function that are its members (a constructor function's), not nested functions. */
export const FUNCTION_MEMBER_KINDS = new Set(['assigned_function', 'prototype_method', 'assigned_value', 'field', 'field_function']);

/** `exports` or `module.exports` as written in a module (not a binding of that name). */
export function isOwnExports(e: Expr): boolean {
  if (e.k === 'id') return e.name === 'exports' && !e.b;
  return e.k === 'member' && e.name === 'exports' && e.obj.k === 'id' && !e.obj.b && e.obj.name === 'module';
}

/** The evaluator's methods written in the modules beside this one (one concern each), installed on its prototype. */
type Methods<M> = { [K in keyof M]: M[K] };
export interface Evaluator extends Methods<typeof types> {}
export interface Evaluator extends Methods<typeof members> {}
export interface Evaluator extends Methods<typeof exported> {}
export interface Evaluator extends Methods<typeof calls> {}
export interface Evaluator extends Methods<typeof narrowing> {}
Object.assign(Evaluator.prototype, types, members, exported, calls, narrowing);

/** Whether a symbol is a getter or setter, a property's accessor: reading it gives its value, not a function. */
function isAccessor(sym: SymbolFact): boolean {
  return sym.label === 'Method' && (sym.kind === 'getter' || sym.kind === 'setter');
}
