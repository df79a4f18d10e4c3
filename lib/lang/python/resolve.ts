/**
 * Python's resolver: the relations of a project's Python files (imports, calls, heritage, references, occurrences),
 * from their facts (lib/lang/python/collect.ts) and module lookup (modules.ts), written through the shared
 * resolver's sink (node positions, edges, reference occurrences, call counts).
 *
 * Values are evaluated as a Python engineer reads them: a module's attributes (its names, what it imports, `from m
 * import *`, its submodules), a class's members through its C3 linearisation, instances typed by annotations
 * (`Optional[X]`, `X | None`, `list[X]` elements, `dict[K, V]` values), by `self.x = C(…)`, dataclass fields, what a
 * function returns, `with C() as x`, `for x in xs`. A value nothing types (an unannotated parameter, an outside
 * package's object) is unknown, and a call on it is counted unresolved, never guessed.
 */
import { bindingIndex, bindsImport, bindsLocal, bindsSymbol, posLine, type CallFact, type Expr, type RefFact, type SymbolFact } from '../../extract/facts.ts';
import type { LanguageRelations, RelationSink } from '../../extract/relations.ts';
import { importedName as importedDottedName, type PyFacts, type PyImport } from './facts.ts';
import { pythonOutsideTypes } from './outside.ts';
import { CONTAINER_OPERATOR_METHODS } from './operators.ts';
import { PyModules, type PyModule, type PySettings } from './modules.ts';
import { isBuiltinName } from './builtins.ts';
import { runsCoroutine } from './stdlib.ts';
import { CONTAINER_METHODS, builtinResult, concatenated, containerResult, generatorResult, sliceOf } from './containers.ts';
import { overloadSignatures } from './overloads.ts';
import { getterSignature } from './descriptors.ts';
import { withRuntimeRoots } from './sys-path.ts';
import { ClassOrder } from './class-order.ts';
import { InheritedParams } from './inherited-params.ts';
import { RecordFields } from './record-fields.ts';
import { isSignatureKind, readsSelf } from './typing.ts';
import { Subscripts, type Subscript } from './subscripts.ts';
import { ownBounds, solveTypeVars } from './generic-calls.ts';
import { assignableOrDeclared, castNarrowed, holdsCast } from './casts.ts';
import { importNames } from './aliases.ts';
import { LoadedModules } from './loaded.ts';
import { Redefinitions } from './redefinitions.ts';
import { classOf, classVia, holdsProject, narrowedTo, union, withVia, EXT, SELF_KEY, UNKNOWN, type Env, type Sym, type Val, type Via } from './values.ts';

/** An occurrence inside a string only a checker's evaluation reads (RefFact.unparsed): below a rename's graph edits. */
const UNPARSED_CONFIDENCE = 0.4;

const CONFIDENCE: Record<string, number> = {
  'same-file': 1, import: 1, 'module-member': 1, 'this-member': 0.95, 'super-member': 0.95, constructor: 1,
  'typed-receiver': 0.9, 'inferred-receiver': 0.85, 'union-member': 0.7,
};

/** contextlib's decorators that turn a generator function into a context manager factory, as written. */
const CONTEXT_MANAGER_DECORATORS = new Set(['contextmanager', 'asynccontextmanager', 'contextlib.contextmanager', 'contextlib.asynccontextmanager']);
const MAX_DEPTH = 24;
/** The symbol kinds of a property's getter, setter and deleter. */
const PROPERTY_PARTS: ReadonlySet<string> = new Set(['property', 'setter', 'deleter']);

/** Resolves the relations of a project's Python files (`pyFiles`: their file numbers). */
export class PythonResolver implements LanguageRelations {
  private readonly modules: PyModules;
  private readonly fileOf = new Map<string, number>();
  private readonly valMemo = new Map<Expr, Val | null>();
  private readonly exportMemo = new Map<string, Val | null>();
  private readonly topMemo = new Map<number, Map<string, number>>();
  private readonly reimportMemo = new Map<number, Map<string, number[]>>();
  private readonly allMemo = new Map<number, Set<string> | undefined>();
  private readonly unreachedMemo = new Map<number, Set<number>>();
  private readonly genericMemo = new Map<number, boolean>();
  /** Class attributes whose assigned values are being evaluated (symbolValue), by file and symbol: reads of one in its own value. */
  private readonly valuing = new Set<number>();
  /** Per file: a function's `@overload` signatures, by the symbol a call of the name reaches (overloadsOf). */
  private readonly overloadMemo = new Map<number, Map<number, number[]>>();
  /**
   * How many times the depth limit has cut an evaluation short. A value or a module's name computed while this grew
   * depends on how deep its first requester was (a name first asked for at the limit is unknown there), so it is
   * not memoised: asked again from a shallower place it is computed whole. Otherwise the first requester's depth
   * would decide the value for every later one (an imported class unknown in every file that imports it).
   */
  private cuts = 0;

  constructor(private readonly sink: RelationSink, pyFiles: readonly number[], settings: PySettings) {
    const files = sink.files;
    for (const f of pyFiles) this.fileOf.set(files[f].path, f);
    const paths = pyFiles.map((f) => files[f].path);
    this.modules = new PyModules(paths, withRuntimeRoots(settings, pyFiles.map((f) => ({ path: files[f].path, py: files[f].py as PyFacts })), paths));
    // console scripts (`acme = "acme.cli:main"`): the function each names starts a flow
    for (const script of settings.scripts ?? []) {
      const [mod, fn] = script.target.split(':');
      const m = this.modules.resolve('', mod);
      const mf = m && this.fileOfModule(m);
      if (mf === undefined || mf === null) continue;
      const parts = fn.split('.');
      let s = this.topNames(mf).get(parts[0]);
      if (s === undefined || s % 2 !== 0) continue;
      let sym = s >> 1;
      for (const p of parts.slice(1)) {
        const l = this.membersOf(mf, sym).get(p);
        if (!l) { sym = -1; break; }
        sym = l[0];
      }
      if (sym >= 0) sink.markEntry(mf, sym, 'command', `console_scripts:${script.name}`);
    }
  }

  private py(f: number): PyFacts { return this.sink.files[f].py as PyFacts; }
  /** Records (dataclasses, attrs, NamedTuple, pydantic) and the fields their keyword arguments name. */
  private readonly records = new RecordFields({
    py: (f) => this.py(f), sym: (f, s) => this.sym(f, s), mro: (f, s) => this.mro(f, s), ownInit: (f, s) => this.ownInit(f, s),
    decoratorSymbols: (f, s) => (this.py(f).decorators?.[s] ?? []).map((t) => this.dottedSymbol(f, t)).filter((x): x is Sym => !!x), paths: () => this.sink.files.map((x) => x.path),
  });
  private sym(f: number, s: number): SymbolFact { return this.sink.files[f].symbols[s]; }
  /** Subscripts and iterations of instances (overloaded `__getitem__`, container bases). */
  private readonly subscripts = new Subscripts({
    sym: (f, s) => this.sym(f, s), value: (f, e, d) => this.value(f, e, d), typeValue: (f, t, d, env, b) => this.typeValue(f, t, d, env, b),
    returnValue: (f, s, d, env) => this.returnValue(f, s, d, env), mro: (f, s) => this.mro(f, s), envAt: (f, s, env, k) => this.envAt(f, s, env, k),
    overloadsOf: (f, s) => this.overloadsOf(f, s), indexKinds: (f) => this.py(f).indexers, container: (f, s) => this.py(f).generics?.[s]?.container,
    typedDict: (f, s) => this.py(f).typedDicts?.includes(s) === true, member: (v, name, d) => this.memberValue(v, name, d), namedFields: (f, s) => (this.records.isNamedTuple(f, s) ? (this.py(f).fields?.[s] ?? []).map((x) => this.sym(f, x).name) : undefined),
  });
  /** Classes' members, linearisations and metaclasses. */
  private readonly classes = new ClassOrder({
    py: (f) => this.py(f), symbols: (f) => this.sink.files[f].symbols, unreachedOf: (f) => this.unreachedOf(f), value: (f, e, d) => this.value(f, e, d),
    baseName: (f, e) => pythonOutsideTypes.baseName(this.sink.files[f], e) ?? undefined,
  });
  /** Names a module or a class body defines more than once (redefinitions.ts). */
  private readonly redefs = new Redefinitions({
    py: (f) => this.py(f), symbols: (f) => this.sink.files[f].symbols, unreachedOf: (f) => this.unreachedOf(f), membersOf: (f, s) => this.membersOf(f, s),
    symbolValue: (f, s, via) => this.symbolValue(f, s, via, 0),
  });
  /** The modules sure to be loaded where a file's code runs: a submodule is its package's attribute only then. */
  private readonly loaded = new LoadedModules({
    modules: () => this.modules, path: (f) => this.sink.files[f].path, py: (f) => this.py(f), fileOfModule: (m) => this.fileOfModule(m),
    bindsName: (m, name) => { const mf = this.fileOfModule(m); return mf !== undefined && this.topNames(mf).has(name); },
  });
  private readonly inherited = new InheritedParams({ py: (f) => this.py(f), symbols: (f) => this.sink.files[f].symbols, locals: (f) => this.sink.files[f].locals, mro: (f, s) => this.mro(f, s), membersOf: (f, s) => this.membersOf(f, s) });

  /** Every relation of one Python file. */
  relations(f: number): void {
    this.imports(f);
    this.heritage(f);
    const facts = this.sink.files[f];
    for (const c of facts.calls) this.call(f, c);
    this.decorators(f);
    for (const r of facts.refs) this.reference(f, r);
    this.dunderAll(f);
  }

  // ---------------------------------------------------------------- modules and their names
  /** The module an import of file f names. */
  private moduleOf(f: number, source: string): PyModule | undefined {
    return this.modules.resolve(this.sink.files[f].path, source);
  }

  private fileOfModule(m: PyModule): number | undefined {
    return m.file !== undefined ? this.fileOf.get(m.file) : undefined;
  }

  /** Top-level names of a file: symbol or import index (symbols as s*2, imports as i*2+1). */
  /** True when a module's top level has a `from m import *`. */
  private starImports(f: number): boolean {
    return this.py(f).imports.some((imp) => imp.kind === 'star' && imp.from === -1 && !imp.unreached);
  }

  private topNames(f: number): Map<string, number> {
    let t = this.topMemo.get(f);
    if (t) return t;
    t = new Map();
    const facts = this.sink.files[f];
    const unreached = this.unreachedOf(f);
    const fallbacks = this.py(f).fallbacks;
    const fallback = (i: number): boolean => !!fallbacks?.includes(i);
    facts.symbols.forEach((s, i) => {
      if (s.parent !== -1 || unreached?.has(i)) return;
      const prev = t!.get(s.name);
      // an `@overload` signature yields the name to the def that follows it (the implementation); a function or class
      // defined again by `def` or `class` to the later one, which an import binds (as a checker resolves the import),
      // unless the later one is an `except` clause's fallback for the earlier; so does a `def` or `class` after a
      // variable of the name (`if PY2: byte_ord = ord` / `else: def byte_ord…`: the definition is what a checker and
      // a current interpreter take, and a plain rebinding leaves the later one)
      const earlier = prev === undefined ? undefined : facts.symbols[prev >> 1];
      if (earlier === undefined || isSignatureKind(earlier.kind)
        || ((definesCallable(earlier) || earlier.label === 'Variable') && definesCallable(s) && (!fallback(i) || fallback(prev! >> 1)))) t!.set(s.name, i * 2);
    });
    this.py(f).imports.forEach((imp, i) => {
      if (imp.from !== -1 || imp.kind === 'star' || imp.unreached) return;
      const prev = t!.get(imp.local);
      // an import the name's `def` or `class` is only the fallback of (`try: from _c import f` / `except: def f…`)
      if (prev === undefined || (!imp.fallback && !(prev & 1) && fallback(prev >> 1) && definesCallable(facts.symbols[prev >> 1]))) t!.set(imp.local, i * 2 + 1);
    });
    this.topMemo.set(f, t);
    return t;
  }

  /** The symbols of file f defined in a branch a version check rules out (they are no names, no members). */
  private unreachedOf(f: number): Set<number> | undefined {
    const list = this.py(f).unreached;
    if (!list) return undefined;
    let set = this.unreachedMemo.get(f);
    if (!set) this.unreachedMemo.set(f, set = new Set(list));
    return set;
  }

  /** The names `from m import *` takes from file f: its `__all__`, else its public top-level names. */
  private starNames(f: number): Set<string> | undefined {
    if (this.allMemo.has(f)) return this.allMemo.get(f);
    const py = this.py(f);
    const out = py.all && !py.allOpen ? new Set(py.all.map((a) => a.name)) : undefined;
    this.allMemo.set(f, out);
    return out;
  }

  /** Attribute `name` of a module: a name of its file (followed through imports), a star import's, a submodule. */
  private moduleAttr(m: PyModule, name: string, depth: number): Val {
    const key = `${m.file ?? ''}\u0000${m.dir ?? ''}\u0000${name}`;
    const hit = this.exportMemo.get(key);
    if (hit !== undefined) return hit ?? UNKNOWN;
    this.exportMemo.set(key, null); // cycle guard (`__init__.py` importing itself)
    const cuts = this.cuts;
    let out: Val = UNKNOWN;
    const f = this.fileOfModule(m);
    if (f !== undefined && depth >= MAX_DEPTH) this.cuts++;
    else if (f !== undefined) {
      const top = this.topNames(f).get(name);
      if (top !== undefined) out = top % 2 === 0 ? this.symbolValue(f, top >> 1, 'module-member', depth + 1) : this.importValue(f, top >> 1, depth + 1);
      else out = this.starredName(f, name, depth) ?? UNKNOWN;
    }
    if (out.t === 'unknown') {
      const sub = this.modules.submodule(m, name);
      if (sub) out = { t: 'mod', m: sub };
      else if (f === undefined && m.dir === undefined) out = EXT;
    }
    if (this.cuts === cuts) this.exportMemo.set(key, out);
    else this.exportMemo.delete(key);
    return out;
  }

  /** A name file f's module-level `from m import *` imports bring in (the first that has it). */
  private starredName(f: number, name: string, depth: number): Val | undefined {
    for (const imp of this.py(f).imports) {
      if (imp.kind !== 'star' || imp.from !== -1 || imp.unreached) continue;
      const src = this.moduleOf(f, imp.source);
      if (!src) continue;
      const sf = this.fileOfModule(src);
      const names = sf !== undefined ? this.starNames(sf) : undefined;
      if (names ? !names.has(name) : name.startsWith('_')) continue;
      const v = this.moduleAttr(src, name, depth + 1);
      if (v.t !== 'unknown') return withVia(v, 'import');
    }
    return undefined;
  }

  /** What the module-level imports of file f that bind `name` hold, together (none: undefined). */
  private importedAs(f: number, name: string, depth: number): Val | undefined {
    const vals: Val[] = [];
    this.py(f).imports.forEach((imp, i) => { if (imp.from === -1 && imp.local === name && !imp.unreached) vals.push(this.importValue(f, i, depth + 1)); });
    return vals.length ? union(vals) : undefined;
  }

  /** What an import binding of file f holds. */
  private importValue(f: number, i: number, depth: number): Val {
    const imp = this.py(f).imports[i];
    if (imp.kind === 'module') {
      // `import a.b.c` binds `a`
      const m = this.modules.resolveHead(this.sink.files[f].path, imp.source);
      return m ? { t: 'mod', m } : EXT;
    }
    const m = this.moduleOf(f, imp.source);
    if (!m || this.installedInstead(f, imp, m)) return EXT;
    if (imp.kind === 'module-as') return { t: 'mod', m };
    if (imp.kind === 'from') {
      const v = this.moduleAttr(m, imp.imported!, depth + 1);
      return v.t === 'unknown' ? UNKNOWN : withVia(v, 'import');
    }
    return UNKNOWN;
  }

  /**
   * True for `from a import x` where the `a` found is a project module beside the file (no root holds it) that has no
   * x: some other `a`, the installed package it is named like (`from pydantic import create_model` in a project's
   * `contrib/pydantic/creator.py`), as `import a.b.c` of a folder holding no `a.b.c` is (modules.ts resolveHead).
   */
  private installedInstead(f: number, imp: PyImport, m: PyModule): boolean {
    if (imp.kind !== 'from' || !this.modules.foundBeside(this.sink.files[f].path, imp.source)) return false;
    const name = imp.imported!;
    const mf = this.fileOfModule(m);
    if (mf !== undefined && (this.topNames(mf).has(name) || this.topNames(mf).has('__getattr__') || this.starImports(mf))) return false;
    return this.modules.submodule(m, name) === undefined;
  }

  /**
   * What a name import i of file f binds holds where the file reads it: each import of the name in the same scope
   * (`try: from .speedups import apply_mask` / `except ImportError: from .utils import apply_mask`, or the arms of an
   * `if`), as a checker names every declaration of the name there (one whose module is not found drops out); but under
   * a platform test the first, as before (a checker takes its own platform's). An import of the name from another
   * module still takes the first (topNames), as a checker resolves that import.
   */
  private importedName(f: number, i: number, depth: number): Val {
    const imp = this.py(f).imports[i];
    const same = this.reimports(f).get(`${imp.from}\u0000${imp.local}`);
    return same ? union(same.map((k) => this.importValue(f, k, depth))) : this.importValue(f, i, depth);
  }

  /**
   * Attribute `name` read on module m (`use.mask(…)`): a name the module imports more than once is each import's value,
   * as a checker names every declaration of the module's attribute; otherwise moduleAttr.
   */
  private moduleMember(m: PyModule, name: string, depth: number): Val {
    const f = this.fileOfModule(m);
    const top = f === undefined ? undefined : this.topNames(f).get(name);
    const same = top !== undefined && top % 2 === 1 ? this.reimports(f!).get(`-1\u0000${name}`) : undefined;
    return same ? union(same.map((k) => this.importValue(f!, k, depth))) : this.moduleAttr(m, name, depth);
  }

  /** The names file f imports more than once in one scope (key: owner symbol and name), with those imports. */
  private reimports(f: number): Map<string, number[]> {
    let out = this.reimportMemo.get(f);
    if (out) return out;
    const all = new Map<string, number[]>();
    this.py(f).imports.forEach((imp, k) => {
      if (imp.kind === 'star' || imp.unreached || imp.implicit) return;
      const key = `${imp.from}\u0000${imp.local}`;
      const l = all.get(key);
      if (l) l.push(k); else all.set(key, [k]);
    });
    const imps = this.py(f).imports;
    out = new Map([...all].filter(([, l]) => l.length > 1 && !l.some((k) => imps[k].platformed)));
    this.reimportMemo.set(f, out);
    return out;
  }

  // ---------------------------------------------------------------- classes (class-order.ts)
  private membersOf(f: number, s: number): Map<string, number[]> { return this.classes.membersOf(f, s); }
  private isClass(f: number, s: number): boolean { return this.classes.isClass(f, s); }
  /** The C3 linearisation of a class (itself first; ClassOrder.mro). */
  mro(f: number, s: number): Array<Sym | 'ext'> { return this.classes.mro(f, s); }
  /** Member `name` through a class's linearisation (ClassOrder.findMember). */
  findMember(f: number, s: number, name: string, after?: Sym): Sym | 'ext' | undefined { return this.classes.findMember(f, s, name, after); }

  // ---------------------------------------------------------------- values
  /** The value of an expression of file f. */
  value(f: number, e: Expr, depth: number): Val {
    if (depth > MAX_DEPTH) { this.cuts++; return UNKNOWN; }
    const hit = this.valMemo.get(e);
    if (hit !== undefined) return hit ?? UNKNOWN;
    this.valMemo.set(e, null);
    const cuts = this.cuts;
    const v = this.evaluate(f, e, depth + 1);
    if (this.cuts === cuts) this.valMemo.set(e, v);
    else this.valMemo.delete(e);
    return v;
  }

  private evaluate(f: number, e: Expr, depth: number): Val {
    switch (e.k) {
      case 'id': {
        const b = e.b;
        if (bindsSymbol(b)) return this.symbolValue(f, bindingIndex(b), 'same-file', depth);
        if (bindsImport(b)) return this.importedName(f, bindingIndex(b), depth);
        if (bindsLocal(b)) return this.localValue(f, bindingIndex(b), depth, e.entry);
        // a free name: one a module-level `from m import *` brings in, else a builtin
        const starred = this.starredName(f, e.name, depth);
        if (starred) return starred;
        return isBuiltinName(e.name) ? EXT : UNKNOWN;
      }
      case 'this': return e.cls >= 0 ? { t: 'inst', f, s: e.cls, via: 'this-member' } : UNKNOWN;
      case 'typeof': {
        return classOf(this.value(f, e.of, depth), undefined, true);
      }
      case 'super': {
        if (e.cls < 0) return UNKNOWN;
        if (!e.after) return { t: 'super', f, s: e.cls, inst: true };
        // `super(C, self)`: C must be a class in the order, else the lookup is not known
        const a = this.value(f, e.after, depth);
        return a.t === 'sym' ? { t: 'super', f, s: e.cls, inst: true, after: { f: a.f, s: a.s } } : a.t === 'ext' ? EXT : UNKNOWN;
      }
      case 'member': return this.attributeIn(f, this.value(f, e.obj, depth), e.name, depth, rootImport(e.obj));
      case 'call': return this.callResult(f, e, depth);
      case 'operator': return this.operatorResult(this.value(f, e.left, depth), this.value(f, e.right, depth), e.method, e.reflected, depth);
      case 'await': {
        const v = this.value(f, e.inner, depth);
        return e.from ? generatorResult(v) : this.awaited(f, e, v, depth);
      }
      // `Box[int]` as a value (a type alias's): the class
      case 'generic': return this.value(f, e.of, depth);
      // `typing.cast(T, v)`: an instance of T; of a `Callable` T, one holding v where v is a project function
      // (`handler = cast(Callable[[int], None], on_event)`: a call of handler runs on_event, whatever T declares)
      case 'as': {
        const t = this.typeValue(f, e.type, depth);
        if (t.t !== 'callable' || t.held || !e.of) return t;
        const v = this.value(f, e.of, depth + 1);
        return v.t === 'sym' && (this.sym(v.f, v.s).label === 'Function' || this.sym(v.f, v.s).label === 'Method') ? { ...t, held: v } : t;
      }
      case 'union': return union(e.types.map((x) => this.value(f, x, depth)));
      case 'and': return this.value(f, e.right, depth);
      case 'narrowed': {
        const declared = (): Val => this.value(f, e.of, depth);
        if (e.assigned && holdsCast(e.type)) return narrowedTo(castNarrowed(e, this.sink.files[f].locals, declared, (x) => this.value(f, x, depth), (a, b) => this.mro(a.f, a.s).some((c) => c !== 'ext' && c.f === b.f && c.s === b.s)), declared);
        // inside `if isinstance(x, C):`, x is a C (an outside class: an outside object); else what x holds
        const t = this.value(f, e.type, depth);
        if (t.t === 'unknown') return this.value(f, e.of, depth);
        // (a declared name assigned an outside value keeps the project types it declares: the value is `Any` to a
        // checker, or not assignable to them, and either way the declared type stays)
        if (t.t === 'ext' && e.assigned) { const d = this.value(f, e.of, depth); return holdsProject(d) ? d : t; }
        const kept = e.assigned
          ? assignableOrDeclared(t, declared, (a, b) => this.mro(a.f, a.s).some((c) => c !== 'ext' && c.f === b.f && c.s === b.s),
            (c) => this.sym(c.f, c.s).label === 'Interface', (c) => this.mro(c.f, c.s).includes('ext'))
          : t;
        return narrowedTo(kept, declared);
      }
      case 'extract': {
        // in the `else` of `if isinstance(x, C):`, x is what it holds but a C: the parts of a union that are not
        // instances of C or of a class below it (an instance of C alone leaves nothing known)
        const of = this.value(f, e.of, depth);
        const by = this.value(f, e.by, depth);
        if (!e.not || by.t !== 'sym' || !this.isClass(by.f, by.s)) return of;
        const isC = (v: Val): boolean => v.t === 'inst' && this.mro(v.f, v.s).some((m) => m !== 'ext' && m.f === by.f && m.s === by.s);
        if (of.t !== 'union') return isC(of) ? { t: 'unknown' } : of;
        const kept = of.vals.filter((v) => !isC(v));
        return kept.length === of.vals.length ? of : kept.length === 0 ? { t: 'unknown' } : kept.length === 1 ? kept[0] : { t: 'union', vals: kept };
      }
      case 'element': {
        const of = this.value(f, e.of, depth);
        const sub: Subscript = { f, slice: e.slice, by: e.by };
        return e.slice ? sliceOf(of, (v) => this.elementOf(v, undefined, depth, true, sub)) : this.elementOf(of, e.at, depth, e.index === true, sub);
      }
      case 'list': return { t: 'list', items: e.items.map((x) => this.value(f, x, depth)) };
      case 'array': return { t: 'array', of: e.values ? this.literalValues(this.value(f, e.of, depth)) : this.typeValue(f, e.of, depth) };
      case 'map': {
        const read = (x: Expr): Val => (e.values ? this.literalValues(this.value(f, x, depth)) : this.typeValue(f, x, depth));
        return e.key ? { t: 'map', of: read(e.of), key: read(e.key) } : { t: 'map', of: read(e.of) };
      }
      case 'lit': return EXT;
      case 'any': return UNKNOWN;
      // an implicit alias's value (`Maker = Callable[[str], Req]`): the callable type it names
      case 'fntype': return { t: 'callable', returns: this.typeValue(f, e.returns, depth + 1, undefined, false) };
      default: return UNKNOWN;
    }
  }

  /**
   * `await x`: a call of an `async def` is already what its coroutine returns; an instance of a project class whose
   * `__await__` is declared `Generator[Y, S, R]` gives an R (`await connect(uri)` of a class `Connect`), as `await` runs
   * that generator; anything else stays x.
   */
  private awaited(f: number, e: Expr & { k: 'await' }, v: Val, depth: number): Val {
    if (v.t !== 'inst') return v;
    if (e.inner.k === 'call') {
      const c = this.value(f, e.inner.callee, depth);
      if (c.t === 'sym' && this.sym(c.f, c.s).returnsAsync) return v;
    }
    const r = generatorResult(this.resultOf(this.memberValue(v, '__await__', depth + 1), depth + 1));
    return r.t === 'unknown' ? v : r;
  }

  /**
   * What a dict or set literal's entries are to the checker: one value, or functions (a dispatch table, any of which
   * an entry's call runs); values of several classes or kinds are `object` to pyright (not strict), so unknown.
   */
  private literalValues(v: Val): Val {
    if (v.t !== 'union') return v;
    const isFunction = (x: Val): boolean => {
      const label = x.t === 'sym' ? this.sym(x.f, x.s).label : undefined;
      return label === 'Function' || label === 'Method';
    };
    return v.vals.every(isFunction) ? v : UNKNOWN;
  }

  /**
   * An element of `of`: what a subscription gives (`index`: `x[k]`, a mapping's value) or an iteration (`for`, an
   * unpacking: a mapping's key); `at` picks a tuple's item, `sub` is the subscript as written.
   */
  private elementOf(of: Val, at: number | undefined, depth: number, index = false, sub?: Subscript): Val {
    switch (of.t) {
      case 'array': return of.of;
      case 'map': return index ? of.of : of.key ?? UNKNOWN;
      case 'list': return at !== undefined && at < of.items.length ? of.items[at] : union(of.items);
      case 'union': return union(of.vals.map((v) => this.elementOf(v, at, depth, index, sub)));
      // an Enum class iterated or indexed (`for c in Color`, `Color["RED"]`): its members, instances of it
      case 'sym': {
        if (this.sym(of.f, of.s).label === 'Enum') return { t: 'inst', f: of.f, s: of.s, via: 'inferred-receiver' };
        // a generic class given type arguments (`Manager = _BaseManager[Response]`, `Box[int]()`): still that class,
        // which calling constructs (its TypeVars left unbound)
        if (index && this.isClass(of.f, of.s) && this.hasGenericAncestry(of.f, of.s)) {
          const own = this.findMember(of.f, of.s, '__class_getitem__');
          if (!own || own === 'ext') return of;
        }
        return UNKNOWN;
      }
      case 'inst': {
        // a project class indexed (`__getitem__`) or iterated (`__iter__`): what that method gives; an outside one's,
        // the elements of the builtin container the class derives from (subscripts.ts)
        const m = this.findMember(of.f, of.s, index ? '__getitem__' : '__iter__');
        if (m && m !== 'ext') return index ? this.subscripts.indexed(of, m, sub, depth) : this.elementOf(this.returnValue(m.f, m.s, depth), undefined, depth + 1);
        return m === 'ext' ? this.subscripts.inherited(of, index, sub, depth, at) : UNKNOWN;
      }
      case 'ext': return EXT;
      default: return UNKNOWN;
    }
  }

  /** A type annotation's value: an instance of the class it names (a union, a container of them…). */
  /**
   * (`env`: the type arguments of the generic class read; `bounds`: an unbound TypeVar is its declared bound, as in a
   * parameter's or an attribute's type — not in a call's result, which the checker solves from the arguments)
   */
  typeValue(f: number, t: Expr, depth: number, env?: Env, bounds = true): Val {
    if (depth > MAX_DEPTH) { this.cuts++; return UNKNOWN; }
    switch (t.k) {
      case 'id': {
        // a TypeVar: the type argument bound to it, else its declared bound
        const tv = this.typeVarOf(f, t);
        if (tv) return env?.get(tv.key) ?? (tv.bound && bounds ? this.typeValue(tv.f, tv.bound, depth + 1) : EXT);
        return this.typeOfValue(this.value(f, t, depth), depth);
      }
      case 'member': return this.typeOfValue(this.value(f, t, depth), depth);
      case 'generic': {
        // `Box[Item]`: an instance of Box whose TypeVars stand for the arguments
        const base = this.typeValue(f, t.of, depth + 1, env, bounds);
        if (base.t !== 'inst') return base;
        const bound = this.bindParams(base.f, base.s, t.args.map((a) => this.typeValue(f, a, depth + 1, env, bounds)));
        return bound ? { ...base, env: bound } : base;
      }
      case 'union': return union(t.types.map((x) => this.typeValue(f, x, depth + 1, env, bounds)));
      case 'array': {
        const of = this.typeValue(f, t.of, depth + 1, env, bounds);
        return t.returns ? { t: 'array', of, ret: this.typeValue(f, t.returns, depth + 1, env, bounds) } : { t: 'array', of };
      }
      case 'map': return t.key ? { t: 'map', of: this.typeValue(f, t.of, depth + 1, env, bounds), key: this.typeValue(f, t.key, depth + 1, env, bounds) } : { t: 'map', of: this.typeValue(f, t.of, depth + 1, env, bounds) };
      case 'list': return { t: 'list', items: t.items.map((x) => this.typeValue(f, x, depth + 1, env, bounds)) };
      case 'typeof': {
        // `type[Self]`, a classmethod's `cls`: the class itself, read as `self`'s members are
        if (t.of.k === 'this') return this.value(f, t, depth);
        return classOf(this.typeValue(f, t.of, depth + 1, env, bounds), 'typed-receiver', false);
      }
      case 'lit': return EXT;
      // `Callable[…, R]`: calling it gives an R (an unbound TypeVar there is solved by the checker, not read)
      case 'fntype': return { t: 'callable', returns: this.typeValue(f, t.returns, depth + 1, env, false) };
      case 'this': return env?.get(SELF_KEY) ?? this.value(f, t, depth);
      case 'call': {
        // `Optional[…]` written as an expression (a type alias `X = Optional[C]`): a subscript's element
        return UNKNOWN;
      }
      case 'element': {
        // `X = List[C]` as a value: read the subscript as the annotation it is
        return UNKNOWN;
      }
      default: return UNKNOWN;
    }
  }

  /** A name naming a module-level TypeVar (`T = TypeVar("T", bound=B)`, also imported): its key and bound. */
  private typeVarOf(f: number, e: Expr & { k: 'id' }): { key: string; f: number; bound: Expr | null } | undefined {
    let at: Sym | undefined;
    if (bindsSymbol(e.b)) at = { f, s: bindingIndex(e.b) };
    else if (bindsImport(e.b)) at = this.importedSymbol(f, bindingIndex(e.b));
    const bound = at && this.py(at.f).typeVars?.[at.s];
    return at && bound !== undefined ? { key: `${at.f}:${at.s}`, f: at.f, bound } : undefined;
  }

  /** A generic class's TypeVars bound to type arguments, by position (undefined when none is bound). */
  private bindParams(f: number, s: number, args: Val[]): Env | undefined {
    const params = this.py(f).generics?.[s]?.params ?? [];
    let env: Map<string, Val> | undefined;
    let k = 0;
    for (const p of params) {
      const tv = p.k === 'id' ? this.typeVarOf(f, p) : undefined;
      if (!tv) continue;
      const a = args[k++];
      if (a && a.t !== 'unknown') (env ??= new Map()).set(tv.key, a);
    }
    return env;
  }

  /**
   * The type arguments class K's TypeVars stand for in an instance of class (f, s) (`env`: its own): through the type
   * arguments its bases write (`class IntBox(Box[int])`). Undefined when none is known.
   */
  private envAt(f: number, s: number, env: Env | undefined, k: Sym): Env | undefined {
    if (!env && !this.hasGenericAncestry(f, s)) return undefined;
    return this.envThrough(f, s, env, k, 0) ?? undefined;
  }

  private envThrough(f: number, s: number, env: Env | undefined, k: Sym, depth: number): Env | undefined | null {
    if (f === k.f && s === k.s) return env;
    if (depth > 12) return null;
    const args = this.py(f).generics?.[s]?.bases;
    const bases = this.classes.bases(f, s);
    for (let i = 0; i < bases.length; i++) {
      const b = bases[i];
      if (b === 'ext') continue;
      const written = args?.[i];
      const benv = written ? this.bindParams(b.f, b.s, written.map((a) => this.typeValue(f, a, 1, env))) : undefined;
      const r = this.envThrough(b.f, b.s, benv, k, depth + 1);
      if (r !== null) return r;
    }
    return null;
  }

  /** True when a class or one in its linearisation is generic (has type parameters or bases with type arguments). */
  private hasGenericAncestry(f: number, s: number): boolean {
    const key = f * 0x100000 + s;
    let hit = this.genericMemo.get(key);
    if (hit === undefined) {
      hit = this.mro(f, s).some((c) => c !== 'ext' && this.py(c.f).generics?.[c.s] !== undefined);
      this.genericMemo.set(key, hit);
    }
    return hit;
  }

  /**
   * What a name read as a type stands for: an instance of the class it names, what a type alias names (`X: TypeAlias
   * = …`, or `X = Union[A, B]`, whose value is already read as a type: each class an instance).
   */
  private typeOfValue(v: Val, depth: number): Val {
    switch (v.t) {
      case 'sym': {
        const sym = this.sym(v.f, v.s);
        if (this.isClass(v.f, v.s)) return { t: 'inst', f: v.f, s: v.s, via: 'typed-receiver' };
        if (sym.label === 'TypeAlias' && sym.type) return this.typeValue(v.f, sym.type, depth + 1);
        return UNKNOWN;
      }
      case 'union': return union(v.vals.map((x) => this.typeOfValue(x, depth + 1)));
      case 'array': case 'map': case 'list': case 'callable': return v;
      case 'ext': return EXT;
      default: return UNKNOWN;
    }
  }

  /** The value a symbol is as a name: a function or class itself, what a variable or attribute holds. */
  private symbolValue(f: number, s: number, via: Via, depth: number, env?: Env): Val {
    const sym = this.sym(f, s);
    switch (sym.label) {
      case 'Function': case 'Method': case 'Class': case 'Interface': case 'Enum': case 'TypeAlias':
        return { t: 'sym', f, s, via };
      default: {
        // a variable or attribute: its declared type, else what it was assigned (a value several times assigned is each of its values)
        // (declared `Any`: what it was assigned says nothing to a type checker, as for a local)
        if (sym.type) {
          const v = this.typeValue(f, sym.type, depth + 1, env);
          if (v.t === 'callable' && sym.init) return { ...v, held: this.value(f, sym.init, depth + 1) };
          // (declared at module level and bound by imports, `cell_len: Callable[…]` then `from x import cell_len` in
          // each branch of a test: what they import is what a call runs)
          if (v.t === 'callable' && sym.parent === -1) { const held = this.importedAs(f, sym.name, depth); if (held) return { ...v, held }; }
          if (v.t !== 'unknown' || sym.type.k === 'any') return v;
        }
        if (sym.init && env && sym.init.k === 'id' && bindsLocal(sym.init.b)) {
          // assigned a parameter declared with the class's TypeVars (`self.item = item` of `item: T`), read through an
          // instance whose type arguments bind them: what they stand for, as a checker specializes the inferred type
          const t = this.sink.files[f].locals[bindingIndex(sym.init.b)]?.type;
          const v = t && t.k !== 'this' && t.k !== 'typeof' ? this.typeValue(f, t, depth + 1, env) : UNKNOWN;
          if (v.t !== 'unknown') return v;
        }
        if (sym.init) {
          // (a class's attribute: a read of it in its own value, `self.q = self.q[1:] + …`, is what it held before)
          const key = f * 0x100000 + s;
          const own = sym.parent >= 0 && !this.valuing.has(key);
          if (own) this.valuing.add(key);
          try { return this.value(f, sym.init, depth + 1); } finally { if (own) this.valuing.delete(key); }
        }
        return UNKNOWN;
      }
    }
  }

  /** What local l holds: its declared type, else what it is assigned (`entry`: a parameter's argument, unknown when undeclared). */
  private localValue(f: number, l: number, depth: number, entry?: true): Val {
    const loc = this.sink.files[f].locals[l];
    if (!loc) return UNKNOWN;
    if (loc.type) {
      const v = this.typeValue(f, loc.type, depth + 1);
      if (v.t === 'callable' && loc.init) return { ...v, held: this.value(f, loc.init, depth + 1) };
      if (v.t !== 'unknown' || loc.type.k === 'any') return v;
    }
    if (loc.type && (loc.type.k === 'this' || loc.type.k === 'typeof')) return this.value(f, loc.type, depth + 1);
    const inherited = loc.type ? undefined : this.inherited.annotationOf(f, l);
    if (inherited) return this.typeValue(inherited.f, inherited.type, depth + 1, this.envAt(inherited.own.f, inherited.own.s, undefined, inherited.base), false);
    if (loc.init && !entry) return this.value(f, loc.init, depth + 1);
    return loc.ctx && !loc.type ? this.lambdaParam(f, l, loc.ctx, depth) : UNKNOWN;
  }

  /**
   * A lambda's parameter, the lambda passed as argument `arg` of a call: parameter `param` of the `Callable[…]` the
   * callee (a class: its `__init__`) declares there, as a checker infers it.
   */
  private lambdaParam(f: number, l: number, ctx: { call: number; arg: number; param: number }, depth: number): Val {
    const call = this.sink.files[f].calls[ctx.call];
    if (!call) return UNKNOWN;
    const v = this.value(f, call.callee, depth + 1);
    const fn = v.t === 'sym' && this.isClass(v.f, v.s) ? this.runsInit(v.f, v.s) : v.t === 'sym' ? v : undefined;
    if (!fn) return UNKNOWN;
    const sym = this.sym(fn.f, fn.s);
    if (v.t === 'sym' && this.methodFromClass(f, call.callee, sym, depth)) return UNKNOWN;
    const arg = ctx.arg >= 0 ? ctx.arg : this.py(fn.f).callbackKeys?.[fn.s]?.[this.py(f).lambdaKeys?.[l] ?? ''];
    const t = arg === undefined ? undefined : sym.callbackParams?.[arg]?.[ctx.param];
    return t ? this.typeValue(fn.f, t, depth + 1) : UNKNOWN;
  }

  /**
   * Attribute `name` of a value, read in file f: a package's submodule that is no name of the package is its
   * attribute only where it is sure to be loaded (loaded.ts; `via`: the import binding the name the read starts
   * from), else unknown.
   */
  private attributeIn(f: number, obj: Val, name: string, depth: number, via?: number): Val {
    const v = this.memberValue(obj, name, depth);
    if (obj.t !== 'mod' || v.t !== 'mod') return v;
    const mf = this.fileOfModule(obj.m);
    if (mf !== undefined && (this.topNames(mf).has(name) || (this.starImports(mf) && this.starredName(mf, name, depth + 1)))) return v;
    return this.loaded.has(f, v.m, via) ? v : UNKNOWN;
  }

  /** Attribute `name` of a value. */
  private memberValue(obj: Val, name: string, depth: number): Val {
    switch (obj.t) {
      case 'mod': return this.moduleMember(obj.m, name, depth + 1);
      case 'sym': {
        if (!this.isClass(obj.f, obj.s)) {
          // a property read from its class (`@headers.setter` in the class body): builtins.property's object
          if (PROPERTY_PARTS.has(this.sym(obj.f, obj.s).kind)) return EXT;
          // a function decorated by a project class (`@curry def add`) is an instance of it: `add.bind(…)`
          const cls = this.decoratingClass(obj.f, obj.s);
          if (cls) return this.memberValue({ t: 'inst', f: cls.f, s: cls.s, via: 'inferred-receiver' }, name, depth + 1);
          // a function an outside decorator made (`@click.command()`, `@lru_cache`): its members are the outside object's (`main.get_usage`, `f.cache_clear`)
          if (this.decoratorValue(obj.f, obj.s, depth).t === 'ext') return EXT;
          // a method one made (`@memoized_property`, `@reify`, `@lru_cache`) is the outside object, or, for a
          // property-like one, what the method returns: both outside where its declared result is outside code
          // (`self.file_config.get(…)` of a `-> ConfigParser`); a project result may be what is read (not known)
          return this.outsideDecorated(obj.f, obj.s, depth) ? EXT : UNKNOWN;
        }
        const m = this.findMember(obj.f, obj.s, name);
        const via = obj.via === 'same-file' || obj.via === 'import' || obj.via === 'module-member' || obj.via === 'this-member' ? obj.via : 'typed-receiver';
        if (!m) {
          // not in the class's linearisation: its metaclass's (`Task._create(…)` of `class Task(metaclass=M)`), the class object being the metaclass's instance
          const meta = this.classes.metaclassOf(obj.f, obj.s, depth);
          if (meta === 'ext') return EXT;
          const mm = meta && this.findMember(meta.f, meta.s, name);
          if (!mm) return UNKNOWN;
          return mm === 'ext' ? EXT : this.memberSymbol(mm, name, true, via, depth);
        }
        if (m === 'ext') return EXT;
        return this.memberSymbol(m, name, false, via, depth);
      }
      case 'inst': {
        // `self.__class__`: the class of the instance (a checker's `type[Self]`), whose call makes another instance
        if (name === '__class__') return { t: 'sym', f: obj.f, s: obj.s, via: classVia(obj.via) };
        let m = this.findMember(obj.f, obj.s, name);
        // (an attribute no class declares: what the class's `__getattr__` returns, as a checker reads it)
        if (!m) { const get = this.findMember(obj.f, obj.s, '__getattr__'); return get && get !== 'ext' ? this.returnValue(get.f, get.s, depth + 1) : UNKNOWN; }
        if (m === 'ext') return EXT;
        let owner = this.sym(m.f, m.s).parent;
        if (this.valuing.has(m.f * 0x100000 + m.s) && owner >= 0) {
          // read in its own value (a subclass's `self.q = self.q[1:] + self.q[:1]`): before that assignment the
          // instance holds what the classes after the owner in the linearisation assigned, as a checker infers it
          m = this.findMember(obj.f, obj.s, name, { f: m.f, s: owner });
          if (!m || m === 'ext') return UNKNOWN;
          owner = this.sym(m.f, m.s).parent;
        }
        // (`self` in its own class's methods: its TypeVars are themselves, read as their bounds: generic-calls.ts ownBounds)
        const own = obj.via === 'this-member' && !obj.env && obj.f === m.f && obj.s === owner;
        const env = owner < 0 ? undefined : own ? ownBounds(this.py(m.f).generics?.[owner]?.params, (p) => this.typeVarOf(m.f, p), (bf, b) => this.typeValue(bf, b, depth + 1)) : this.envAt(obj.f, obj.s, obj.env, { f: m.f, s: owner });
        return this.memberSymbol(m, name, true, obj.via === 'this-member' ? 'this-member' : obj.via === 'inferred-receiver' ? 'inferred-receiver' : 'typed-receiver', depth, env);
      }
      case 'super': {
        const m = this.findMember(obj.f, obj.s, name, obj.after ?? { f: obj.f, s: obj.s });
        if (!m) return UNKNOWN;
        if (m === 'ext') return EXT;
        return this.memberSymbol(m, name, obj.inst, 'super-member', depth);
      }
      case 'union': return union(obj.vals.map((v) => this.memberValue(v, name, depth + 1)));
      case 'ext': return EXT;
      // list/dict methods: those giving the elements are read (CONTAINER_METHODS)
      case 'array': case 'map': case 'list': return CONTAINER_METHODS.has(name) ? { t: 'method', recv: obj, name } : EXT;
      case 'ctx': return EXT; // contextlib's manager object
      default: return UNKNOWN;
    }
  }

  /** A class member as read from an instance (`onInstance`) or the class: a method, or what an attribute holds. */
  private memberSymbol(m: Sym, _name: string, onInstance: boolean, via: Via, depth: number, env?: Env): Val {
    const sym = this.sym(m.f, m.s);
    if (sym.label === 'Method') {
      // a property reads as what its getter returns
      if (onInstance && sym.kind === 'property') return this.returnValue(m.f, m.s, depth + 1, env);
      return env ? { t: 'sym', f: m.f, s: m.s, via, env } : { t: 'sym', f: m.f, s: m.s, via };
    }
    if (sym.label === 'Class' || sym.label === 'Interface' || sym.label === 'Enum') return { t: 'sym', f: m.f, s: m.s, via };
    if (sym.label === 'Property' && sym.kind === 'enum_member') {
      const owner = sym.parent;
      return owner >= 0 ? { t: 'inst', f: m.f, s: owner, via } : UNKNOWN;
    }
    const v = this.symbolValue(m.f, m.s, via, depth + 1, env);
    if (sym.kind === 'class_attribute' && v.t === 'inst') {
      // a descriptor (`background = ColorProperty(…)` in the class body, its class defining `__get__`) read from an
      // instance or the class is what its `__get__` returns, as the runtime and a checker have it
      const get = this.findMember(v.f, v.s, '__get__');
      if (get && get !== 'ext' && this.sym(get.f, get.s).label === 'Method') {
        const owner = this.sym(get.f, get.s).parent;
        // (overloaded: the first signature that takes the read, as a checker picks it; none: nothing known)
        const sig = getterSignature(this.overloadsOf(get.f, get.s), this.py(get.f).getters, onInstance);
        if (sig === null) return UNKNOWN;
        return this.returnValue(get.f, sig ?? get.s, depth + 1, owner >= 0 ? this.envAt(v.f, v.s, v.env, { f: get.f, s: owner }) : undefined);
      }
    }
    return v.t === 'inst' && via !== 'this-member' ? { ...v, via: v.via === 'typed-receiver' ? 'typed-receiver' : 'inferred-receiver' } : v;
  }

  /** What calling a value gives. */
  private callResult(f: number, e: Expr & { k: 'call' }, depth: number): Val {
    if (e.callee.k === 'member' && (e.callee.name === '__enter__' || e.callee.name === '__aenter__')) {
      // `with cm() as x` of a `@contextmanager` function: x is what its generator yields
      const obj = this.value(f, e.callee.obj, depth + 1);
      if (obj.t === 'ctx') return obj.of;
      if (obj.t === 'union' && obj.vals.some((v) => v.t === 'ctx')) {
        return union(obj.vals.map((v) => (v.t === 'ctx' ? v.of : this.resultOf(this.memberValue(v, '__enter__', depth + 1), depth + 1))));
      }
    }
    let callee = this.value(f, e.callee, depth);
    // a builtin over an iterable's elements (not shadowed: a free name)
    if (e.callee.k === 'id' && !e.callee.b && callee.t === 'ext' && isBuiltinName(e.callee.name)) {
      const made = builtinResult(e.callee.name, (e.args ?? []).map((a) => (a ? this.value(f, a, depth) : null)), (v) => this.elementOf(v, undefined, depth + 1));
      if (made) return made;
    }
    // a method returning `Self` (or `self`): the instance it is called on, of the receiver's class
    if (e.callee.k === 'member' && callee.t === 'sym' && this.returnsSelf(callee.f, callee.s)) {
      const recv = this.receiverInstance(this.value(f, e.callee.obj, depth));
      if (recv.t !== 'unknown') return recv;
    }
    // `Self` inside a method's declared result (`-> Nodes[Self]`): the instance it is called on, as above
    if (e.callee.k === 'member' && callee.t === 'sym' && readsSelf(this.sym(callee.f, callee.s).returns ?? { k: 'other' })) {
      const recv = this.receiverInstance(this.value(f, e.callee.obj, depth));
      if (recv.t === 'inst') callee = { ...callee, env: new Map(callee.env).set(SELF_KEY, recv) };
    }
    // a named tuple's `_replace` (an instance) and `_make` (from the class): typeshed's `Self`, of the receiver's class
    if (e.callee.k === 'member' && (e.callee.name === '_replace' || e.callee.name === '_make') && callee.t === 'ext') {
      const obj = this.value(f, e.callee.obj, depth);
      if ((e.callee.name === '_replace') === (obj.t === 'inst')) { const recv = this.receiverInstance(obj); if (recv.t !== 'unknown') return recv; }
    }
    // `object.__new__(cls)` (typeshed's `-> Self`, through `super()` too): an instance of the class passed
    if (e.callee.k === 'member' && e.callee.name === '__new__' && callee.t === 'ext' && e.args?.[0]) {
      const cls = this.value(f, e.args[0], depth);
      if (cls.t === 'sym' && this.isClass(cls.f, cls.s)) return { t: 'inst', f: cls.f, s: cls.s, via: 'inferred-receiver' };
    }
    // `functools.partial(fn, …)`: an object whose call runs fn (and gives what fn gives)
    if (callee.t === 'ext' && e.args?.[0] && this.isPartial(f, e.callee)) {
      const fn = this.value(f, e.args[0], depth);
      if (fn.t === 'sym' && !this.isClass(fn.f, fn.s)) return { t: 'callable', returns: this.resultOf(fn, depth + 1), held: fn };
    }
    // asyncio's runners give what the coroutine they run returns (typeshed's `_T` of `Awaitable[_T]`, which a call of
    // an `async def` already is here): `loop.run_until_complete(coro)` on an outside loop, `asyncio.run(coro)`,
    // `await asyncio.wait_for(coro, t)`, `await asyncio.shield(coro)`
    if (e.args?.[0] && callee.t === 'ext' && e.callee.k === 'member' && runsCoroutine(e.callee)) return this.value(f, e.args[0], depth);
    // a generic class constructed: an instance whose TypeVars its `__init__`'s arguments bind
    if (callee.t === 'sym' && e.args && this.isClass(callee.f, callee.s) && this.py(callee.f).generics?.[callee.s]) {
      const env = this.constructedEnv(f, e, callee, depth);
      if (env) return { t: 'inst', f: callee.f, s: callee.s, via: 'inferred-receiver', env };
    }
    // a function generic in a TypeVar: its result with the TypeVars its arguments bind
    if (callee.t === 'sym' && e.args) {
      const env = this.solvedEnv(f, e, callee, depth);
      if (env) return this.resultOf({ ...callee, env }, depth);
    }
    const result = this.resultOf(callee, depth);
    if (result.t === 'unknown' && callee.t === 'sym' && e.args) return this.overloadResult(f, e, callee, depth) ?? result;
    return result;
  }

  /**
   * What a call of an overloaded function gives when its implementation declares nothing known (`-> Any`, or a stub
   * with signatures only): the first generic `@overload` whose declared result the call's arguments bind
   * (`build(objcls: Callable[P, T], …) -> T` given a class: an instance of it), as a checker picks the overload the
   * arguments match. Signatures without TypeVars are not decided (their parameters' types are not matched).
   */
  private overloadResult(f: number, e: Expr & { k: 'call' }, callee: Val & { t: 'sym' }, depth: number): Val | undefined {
    for (const sig of this.overloadsOf(callee.f, callee.s) ?? []) {
      const at: Val & { t: 'sym' } = { ...callee, s: sig };
      const env = this.solvedEnv(f, e, at, depth, true);
      const r = env ? this.resultOf({ ...at, env }, depth) : undefined;
      if (r && r.t !== 'unknown') return r;
    }
    return undefined;
  }

  /** The `@overload` signatures of the function a call of symbol (f, s) reaches (overloads.ts). */
  private overloadsOf(f: number, s: number): number[] | undefined {
    let m = this.overloadMemo.get(f);
    if (!m) this.overloadMemo.set(f, m = overloadSignatures(this.sink.files[f].symbols));
    return m.get(s);
  }

  /** True for `functools.partial` as written: the module's attribute, or the name imported from it. */
  private isPartial(f: number, callee: Expr): boolean {
    if (callee.k === 'member') return callee.name === 'partial' && callee.obj.k === 'id' && callee.obj.name === 'functools';
    if (callee.k !== 'id' || callee.name !== 'partial' || !callee.b || !bindsImport(callee.b)) return false;
    const imp = this.py(f).imports[bindingIndex(callee.b)];
    return imp !== undefined && importedDottedName(imp) === 'functools.partial';
  }

  /**
   * The TypeVars of function or method `callee` that call e's positional arguments bind (generic-calls.ts), with
   * those its receiver's type arguments bind (`callee.env`), which come first. A generic class's own TypeVars are
   * its instance's, not solved from a method's arguments (pyright reads `Box.of(x)` on the bare class as a Box of
   * unknown); a plain method read from its class (which takes the instance as an argument) is not solved. An
   * `@overload` signature only when `overload` (overloadResult).
   */
  private solvedEnv(f: number, e: Expr & { k: 'call' }, callee: Val & { t: 'sym' }, depth: number, overload = false): Env | undefined {
    const sym = this.sym(callee.f, callee.s);
    if (!sym.params || !e.args || (isSignatureKind(sym.kind) && !overload) || (sym.label !== 'Function' && sym.label !== 'Method')) return undefined;
    if (this.methodFromClass(f, e.callee, sym, depth)) return undefined;
    const own = new Set<string>();
    if (sym.label === 'Method' && sym.parent >= 0) for (const p of this.py(callee.f).generics?.[sym.parent]?.params ?? []) { const tv = p.k === 'id' ? this.typeVarOf(callee.f, p) : undefined; if (tv) own.add(tv.key); }
    const solved = this.solve(f, e, callee.f, sym.params, depth);
    let env: Map<string, Val> | undefined;
    for (const [key, vals] of solved) {
      if (own.has(key) || callee.env?.has(key) || vals.length === 0) continue;
      (env ??= new Map(callee.env)).set(key, vals.length === 1 ? vals[0] : union(vals));
    }
    return env;
  }

  /**
   * True for a plain method (not static, not a classmethod) read from its class (`Box.put`, not `box.put`): a call
   * passes the instance as its first argument, so the arguments do not line up with its parameters after `self`.
   */
  private methodFromClass(f: number, callee: Expr, sym: SymbolFact, depth: number): boolean {
    return sym.label === 'Method' && sym.kind !== 'staticmethod' && sym.kind !== 'classmethod'
      && callee.k === 'member' && this.value(f, callee.obj, depth + 1).t === 'sym';
  }

  /** The type arguments of class (f, s) its own `__init__` takes from call e's arguments (none for an inherited one). */
  private constructedEnv(f: number, e: Expr & { k: 'call' }, cls: Val & { t: 'sym' }, depth: number): Env | undefined {
    const init = this.membersOf(cls.f, cls.s).get('__init__')?.[0];
    const params = init === undefined ? undefined : this.sym(cls.f, init).params;
    if (!params) return undefined;
    const solved = this.solve(f, e, cls.f, params, depth);
    let env: Map<string, Val> | undefined;
    for (const p of this.py(cls.f).generics?.[cls.s]?.params ?? []) {
      const tv = p.k === 'id' ? this.typeVarOf(cls.f, p) : undefined;
      const vals = tv && solved.get(tv.key);
      if (tv && vals?.length) (env ??= new Map()).set(tv.key, vals.length === 1 ? vals[0] : union(vals));
    }
    return env;
  }

  /** The TypeVars call e's positional arguments bind in parameter annotations `params` of file pf (generic-calls.ts). */
  private solve(f: number, e: Expr & { k: 'call' }, pf: number, params: ReadonlyArray<Expr | null>, depth: number): Map<string, Val[]> {
    const args = (e.args ?? []).map((a) => (a ? this.value(f, a, depth + 1) : undefined));
    return solveTypeVars<Val>({
      typeVarKey: (tf, t) => this.typeVarOf(tf, t)?.key,
      classNamed: (tf, t) => { const v = this.value(tf, t, depth + 1); return v.t === 'sym' && this.isClass(v.f, v.s) ? { f: v.f, s: v.s } : undefined; },
      typeArgs: (v, k) => {
        const params = this.py(k.f).generics?.[k.s]?.params ?? [];
        const env = v.t === 'inst' ? this.envAt(v.f, v.s, v.env, k) : undefined;
        const out: Array<[string, Val | undefined]> = [];
        for (const p of params) { const tv = p.k === 'id' ? this.typeVarOf(k.f, p) : undefined; if (tv) out.push([tv.key, env?.get(tv.key)]); }
        return out;
      },
      resultOf: (v) => this.resultOf(v, depth + 1),
      derives: (a, b) => this.mro(a.f, a.s).some((c) => c !== 'ext' && c.f === b.f && c.s === b.s),
      isClass: (cf, cs) => this.isClass(cf, cs),
    }, pf, params, args);
  }

  /**
   * True for a method declared to return `Self` (or its first parameter's TypeVar), or returning undeclared `self`,
   * or in a classmethod `cls(…)` (directly or through a local assigned only that): a checker infers `Self` for each,
   * so `Child.create()` of a `Base.create` is a Child.
   */
  private returnsSelf(f: number, s: number): boolean {
    const sym = this.sym(f, s);
    if (sym.label !== 'Method') return false;
    if (sym.returns) return sym.returns.k === 'this';
    const r = sym.returnsValue;
    if (!r) return false;
    const locals = this.sink.files[f].locals;
    const clsCall = (e: Expr | undefined): boolean => sym.kind === 'classmethod' && e?.k === 'call' && e.callee.k === 'id' && bindsLocal(e.callee.b)
      && locals[bindingIndex(e.callee.b)]?.type?.k === 'typeof' && (locals[bindingIndex(e.callee.b)]!.type as Expr & { k: 'typeof' }).of.k === 'this';
    const one = (e: Expr): boolean => {
      if (e.k === 'this' || clsCall(e)) return true;
      if (e.k !== 'id' || !bindsLocal(e.b)) return false;
      const loc = locals[bindingIndex(e.b)];
      if (loc?.type?.k === 'this') return true;
      return !loc?.type && !loc?.reassigned && clsCall(loc?.init);
    };
    return r.k === 'union' ? r.types.length > 0 && r.types.every(one) : one(r);
  }

  /** The instance a receiver stands for: itself, an instance of a class called on, of a `super()`'s class. */
  private receiverInstance(obj: Val): Val {
    switch (obj.t) {
      case 'inst': return { ...obj, via: obj.via === 'this-member' ? 'this-member' : 'inferred-receiver' };
      case 'sym': return this.isClass(obj.f, obj.s) ? { t: 'inst', f: obj.f, s: obj.s, via: 'inferred-receiver' } : UNKNOWN;
      case 'super': return { t: 'inst', f: obj.f, s: obj.s, via: 'this-member' };
      case 'union': return union(obj.vals.map((v) => this.receiverInstance(v)));
      default: return UNKNOWN;
    }
  }

  /**
   * What `left <op> right` gives: the left operand's operator method's result, else the right operand's reflected
   * method's (a project class's `__radd__` after a builtin's `+`). An outside value's operator gives an outside
   * value (`Path(p) / "x"`); an operand of unknown type, or a project class that inherits the operator from an
   * outside base (whose result may be `Self`), gives nothing known.
   */
  private operatorResult(left: Val, right: Val, method: string, reflected: string, depth: number): Val {
    if (depth > MAX_DEPTH) return UNKNOWN;
    // `Node | Leaf`, `Node | None` of classes (an implicit type alias, an `isinstance` tuple's kin): the union type
    if (method === '__or__' && (this.isClassValue(left) || this.isClassValue(right))) return union([left, right]);
    const fromRight = (): Val | undefined => {
      if (right.t !== 'inst') return undefined;
      const m = this.classes.operatorMember(right.f, right.s, reflected);
      return m && m !== 'ext' ? this.resultOf(this.memberValue(right, reflected, depth + 1), depth + 1) : undefined;
    };
    switch (left.t) {
      case 'ext': return fromRight() ?? EXT;
      case 'inst': {
        const m = this.classes.operatorMember(left.f, left.s, method);
        if (m && m !== 'ext') return this.resultOf(this.memberValue(left, method, depth + 1), depth + 1);
        return m ? UNKNOWN : fromRight() ?? UNKNOWN;
      }
      case 'union': return union(left.vals.map((v) => this.operatorResult(v, right, method, reflected, depth + 1)));
      case 'array': case 'list': case 'map': return (!CONTAINER_OPERATOR_METHODS.has(method) && fromRight()) || (method === '__add__' && concatenated(left, right)) || UNKNOWN;
      default: return (method === '__add__' && concatenated(left, right)) || UNKNOWN;
    }
  }

  /** True for a project class, or a union of them (`A | B` read as a value). */
  private isClassValue(v: Val): boolean {
    return v.t === 'sym' ? this.isClass(v.f, v.s) : v.t === 'union' && v.vals.every((x) => this.isClassValue(x));
  }

  private resultOf(callee: Val, depth: number): Val {
    switch (callee.t) {
      case 'sym': {
        const sym = this.sym(callee.f, callee.s);
        if (this.isClass(callee.f, callee.s)) return { t: 'inst', f: callee.f, s: callee.s, via: 'inferred-receiver' };
        if (sym.label === 'Function' || sym.label === 'Method') {
          if (this.isContextManager(callee.f, callee.s)) {
            // `Generator[T, …]` / `Iterator[T]` declared: the manager enters as T
            const r = this.returnValue(callee.f, callee.s, depth + 1);
            return { t: 'ctx', of: r.t === 'array' ? r.of : r.t === 'list' ? union(r.items) : UNKNOWN };
          }
          // a classmethod constructor (`return cls(...)`) gives the class it is called on: its declared result
          return this.returnValue(callee.f, callee.s, depth + 1, callee.env);
        }
        return UNKNOWN;
      }
      case 'inst': {
        const m = this.findMember(callee.f, callee.s, '__call__');
        return m && m !== 'ext' ? this.returnValue(m.f, m.s, depth + 1) : m === 'ext' ? EXT : UNKNOWN;
      }
      case 'union': return union(callee.vals.map((v) => this.resultOf(v, depth + 1)));
      case 'method': return containerResult(callee.recv, callee.name);
      case 'callable': return callee.returns;
      case 'ext': return EXT;
      default: return UNKNOWN;
    }
  }

  /**
   * The project class a function's outermost decorator names (`@curry`, `@mod.Cached`, written without arguments),
   * whose instance the decorated name is; undefined for a decorator that is a function or not the project's.
   */
  private decoratingClass(f: number, s: number): Sym | undefined {
    const text = this.py(f).decorators?.[s]?.[0];
    if (!text || this.py(f).decoratorCalled?.includes(s) || this.sym(f, s).label !== 'Function') return undefined;
    const v = this.dottedSymbol(f, text);
    return v && this.isClass(v.f, v.s) ? v : undefined;
  }

  /** What function (f, s)'s outermost decorator is, as a dotted name read in its module (unknown when it has none). */
  private decoratorValue(f: number, s: number, depth: number): Val {
    const text = this.py(f).decorators?.[s]?.[0];
    return text && this.sym(f, s).label === 'Function' ? this.dottedValue(f, text, depth + 1) : UNKNOWN;
  }

  /** True for a method whose outermost decorator is outside code and whose declared result is outside code too. */
  private outsideDecorated(f: number, s: number, depth: number): boolean {
    const sym = this.sym(f, s);
    const text = this.py(f).decorators?.[s]?.[0];
    if (sym.label !== 'Method' || !sym.returns || !text || this.dottedValue(f, text, depth + 1).t !== 'ext') return false;
    return this.typeValue(f, sym.returns, depth + 1).t === 'ext';
  }

  /** The project symbol a dotted name written at module level names (`curry`, `mod.Cached`), if it is one. */
  private dottedSymbol(f: number, text: string): Sym | undefined {
    const v = this.dottedValue(f, text, 1);
    return v.t === 'sym' ? { f: v.f, s: v.s } : undefined;
  }

  /** What a dotted name written at module level is (`curry`, `mod.Cached`, `click.command`): a builtin's is outside. */
  private dottedValue(f: number, text: string, depth: number): Val {
    if (depth > MAX_DEPTH || !/^[A-Za-z_][\w.]*$/.test(text)) return UNKNOWN;
    const [head, ...rest] = text.split('.');
    const t = this.topNames(f).get(head);
    let v: Val = t === undefined ? (isBuiltinName(head) ? EXT : UNKNOWN) : t % 2 === 0 ? { t: 'sym', f, s: t >> 1, via: 'same-file' } : this.importValue(f, t >> 1, depth);
    for (const r of rest) v = this.attributeIn(f, v, r, depth + 1);
    return v;
  }

  /** True for a generator function made a context manager by contextlib's `@contextmanager` (or its async twin). */
  private isContextManager(f: number, s: number): boolean {
    const decos = this.py(f).decorators?.[s];
    return decos !== undefined && decos.some((d) => CONTEXT_MANAGER_DECORATORS.has(d));
  }

  /** What a function or method returns: its declared result, else the values of its returns. */
  private returnValue(f: number, s: number, depth: number, env?: Env): Val {
    const sym = this.sym(f, s);
    if (sym.returns) {
      const declared = this.typeValue(f, sym.returns, depth + 1, env, false);
      if (declared.t !== 'callable' || !sym.returnsValue) return declared;
      // declared `Callable[…]` and returning only its own defs (`return gettext`, `return partial(namefunc, …)`): a call of the result runs them
      const rv = sym.returnsValue;
      // (literals aside: `return None` where no function fits, which no call runs)
      const returned = (rv.k === 'union' ? rv.types : [rv]).filter((e) => e.k !== 'lit');
      const held = (v: Val): Val => (v.t === 'callable' && v.held ? v.held : v);
      const defs = returned.map((e) => (e.k === 'id' || e.k === 'call' ? held(this.value(f, e, depth + 1)) : UNKNOWN));
      const own = defs.length > 0 && defs.every((v) => v.t === 'sym' && v.f === f && this.sym(v.f, v.s).label === 'Function' && this.sym(v.f, v.s).parent === s);
      // (a returned value, as an undeclared result's is: `inferred-receiver`)
      return own ? { ...declared, held: union(defs.map((v) => (v.t === 'sym' ? { ...v, via: 'inferred-receiver' as const } : v))) } : declared;
    }
    if (sym.returnsValue) {
      const v = this.value(f, sym.returnsValue, depth + 1);
      const inferred = (x: Val): Val => (x.t === 'inst' ? { ...x, via: 'inferred-receiver' } : x.t === 'union' ? union(x.vals.map(inferred)) : x);
      // (a generator's elements too: `yield self` is the caller's inferred receiver, not its own `self`)
      return v.t === 'list' ? { t: 'list', items: v.items.map(inferred) } : inferred(v);
    }
    return UNKNOWN;
  }

  // ---------------------------------------------------------------- relations
  private imports(f: number): void {
    const sink = this.sink;
    const from = sink.filePos(f);
    const seen = new Set<number>();
    for (const [i, imp] of this.py(f).imports.entries()) {
      const m = this.moduleOf(f, imp.source);
      const targets: number[] = [];
      if (m && !this.installedInstead(f, imp, m)) {
        const mf = this.fileOfModule(m);
        if (mf !== undefined) targets.push(mf);
        if (imp.kind === 'from') {
          // `from pkg import mod`: the submodule's file too
          const v = this.moduleAttr(m, imp.imported!, 0);
          if (v.t === 'mod') { const sf = this.fileOfModule(v.m); if (sf !== undefined) targets.push(sf); }
          else {
            // the symbol the name is (a variable's value is not: `from .consts import LIMIT` names the variable)
            const named = v.t === 'sym' ? { f: v.f, s: v.s } : this.importedSymbol(f, i);
            const by = imp.from >= 0 ? sink.symbolPos(f, imp.from) : from;
            if (named) sink.occurrence(named.f, named.s, f, imp.at, 'import', by, 1, 'import');
            if (named && imp.aliasAt) sink.occurrence(named.f, named.s, f, imp.aliasAt, 'import', by, 1, 'import');
          }
        }
      }
      for (const t of targets) {
        if (t === f || seen.has(t)) continue;
        seen.add(t);
        sink.edge(from, sink.filePos(t), 'IMPORTS', 1, 'import', imp.line);
      }
    }
  }

  private heritage(f: number): void {
    const sink = this.sink;
    const syms = sink.files[f].symbols;
    for (let s = 0; s < syms.length; s++) {
      const sym = syms[s];
      if (sym.extends) {
        for (const e of sym.extends) {
          const v = this.value(f, e, 1);
          if (v.t !== 'sym' || !this.isClass(v.f, v.s)) continue;
          const base = this.sym(v.f, v.s);
          const type = base.label === 'Interface' && sym.label !== 'Interface' ? 'IMPLEMENTS' : 'EXTENDS';
          sink.edge(sink.symbolPos(f, s), sink.symbolPos(v.f, v.s), type, 1, v.f === f ? 'heritage' : 'import', sym.line);
        }
        if (this.isClass(f, s)) this.inheritedInit(f, s);
      }
    }
  }

  private call(f: number, c: CallFact): void {
    const sink = this.sink;
    const from = c.from >= 0 ? sink.symbolPos(f, c.from) : sink.filePos(f);
    const name = c.callee.k === 'id' || c.callee.k === 'member' ? c.callee.name : undefined;
    // `x.__class__(…)` makes an instance of x's class (what the call gives: memberValue), but the site names
    // `object.__class__`, an outside declaration, as a checker names it: no edge there
    if (c.callee.k === 'member' && name === '__class__') { sink.countCall(f, 'external'); return; }
    // a name defined again at module level, called from a function (which runs once the module has): each definition
    const defs = c.callee.k === 'id' && bindsSymbol(c.callee.b) && c.from >= 0 && (this.sym(f, c.from).label === 'Function' || this.sym(f, c.from).label === 'Method')
      ? this.redefs.redefinitions(f, bindingIndex(c.callee.b)) : undefined;
    const callee = defs ? union(defs.map((d) => this.symbolValue(f, d, 'same-file', 0))) : this.redefs.withRedefinitions(f, this.value(f, c.callee, 0));
    const targets = (c.callee.k === 'member' ? this.calledProperty(f, c.callee) : undefined) ?? this.callTargets(callee);
    this.calledVariable(f, c, callee, from);
    if (c.named) this.namedFields(f, c, callee, from);
    if (targets === 'ext') { sink.countCall(f, 'external'); return; }
    if (!targets || targets.length === 0) {
      // (a parameter's or a local's name says nothing of the function it holds: no site of that name; nor does an
      // attribute's or variable's declared `Callable[…]`, whose read is the call's reference: calledVariable)
      const named = name !== undefined && !(c.callee.k === 'id' && bindsLocal(c.callee.b)) && !(callee.t === 'callable' && (c.callee.k === 'id' || c.callee.k === 'member') && this.namedSymbol(f, c.callee, callee));
      sink.countCall(f, 'unresolved', named ? { name, member: c.callee.k === 'member', line: posLine(c.at), from } : undefined);
      return;
    }
    sink.countCall(f, 'resolved');
    const line = posLine(c.at);
    const several = targets.length > 1;
    for (const t of targets) {
      const reason = several ? 'union-member' : t.reason;
      const conf = Math.min(CONFIDENCE[reason] ?? 0.8, CONFIDENCE[t.reason] ?? 0.8);
      sink.edge(from, sink.symbolPos(t.run.f, t.run.s), 'CALLS', conf, reason, line);
      // the called name, or an alias imports bind (aliases.ts), is an occurrence of what it names (a class for a
      // construction); a bare name bound to a local (a parameter `Loader=Loader` called as `Loader(stream)`) is the local's
      if (name && (this.sym(t.named.f, t.named.s).name === name || importNames(c.callee, t.named, (i) => this.importedSymbol(f, i))) && !(c.callee.k === 'id' && bindsLocal(c.callee.b))) sink.occurrence(t.named.f, t.named.s, f, c.at, 'call', from, conf, reason);
    }
  }

  /**
   * A call of what an attribute or a variable holds (`self._writer(msg)`, `handler()`) reads that attribute or
   * variable: an occurrence of it (a rename edits the call) and a reference edge, whatever the call then runs.
   */
  private calledVariable(f: number, c: CallFact, callee: Val, from: number): void {
    const e = c.callee;
    if (e.k !== 'id' && e.k !== 'member') return;
    if (e.k === 'id' && bindsLocal(e.b)) return;
    const target = this.namedSymbol(f, e, callee);
    if (!target) return;
    const label = this.sym(target.f, target.s).label;
    if (label === 'Property' || label === 'Variable') this.read(target, f, c.at, 'value', from, readReason(f, e, target));
  }

  /**
   * The keyword arguments that name a record's fields (record-fields.ts) are occurrences of them, which a rename of
   * a field edits: at a construction of the record (`Point(x=1)`, callee c), a copy with changes (`dataclasses.replace(p,
   * x=1)`), a named tuple's `p._replace(x=1)`. A keyword no field has is left alone (a parameter, or `**kwargs`'s).
   */
  private namedFields(f: number, c: CallFact, callee: Val, from: number): void {
    // (a named tuple's `p._replace(x=1)`: only when p is one)
    const replace = !c.namedOf && c.callee.k === 'member' && c.callee.name === '_replace' ? c.callee.obj : undefined;
    const copied = c.namedOf ?? replace;
    const v = copied ? this.value(f, copied, 0) : callee;
    if (copied ? v.t !== 'inst' : v.t !== 'sym' || !this.isClass(v.f, v.s)) return;
    const cls = v as Val & { t: 'inst' | 'sym' };
    if (replace && !this.records.isNamedTuple(cls.f, cls.s)) return;
    const fields = this.records.ofConstruction(cls.f, cls.s);
    if (!fields) return;
    const reason = cls.via === 'same-file' || cls.via === 'import' || cls.via === 'module-member' ? 'constructor' : cls.via;
    for (const a of c.named!) {
      const t = fields.get(a.name);
      if (t) this.sink.occurrence(t.f, t.s, f, a.at, 'keyword', from, CONFIDENCE[reason] ?? 0.8, reason);
    }
  }

  /** An occurrence of symbol t read at `at` in file f, and a REFERENCES edge from `from` to it (none to itself). */
  private read(t: Sym, f: number, at: CallFact['at'], kind: 'value' | 'type' | 'call', from: number, reason: string, unparsed?: boolean, bare?: boolean): void {
    const sink = this.sink;
    // (a name in a string pyright's rename does not read: below the confidence a rename applies, so listed for review)
    sink.occurrence(t.f, t.s, f, at, kind, from, unparsed ? UNPARSED_CONFIDENCE : 1, unparsed ? 'unparsed-string' : reason);
    const tp = sink.symbolPos(t.f, t.s);
    // (a bare occurrence, a slot's string, is no reference of the class to its own attribute)
    if (tp !== from && !bare && kind !== 'call') sink.refEdge(from, tp, CONFIDENCE[reason] ?? 0.9, reason, posLine(at), kind);
  }

  /**
   * `x.p(…)` where p is a property (or a cached property) of every class x may be: the getter, which the call runs
   * first and names, as a type checker's definition of `p` does; what the getter returns is then called, but its
   * `__call__` is not the named callee. Undefined when x is not such an instance.
   */
  private calledProperty(f: number, callee: Expr & { k: 'member' }): Array<{ run: Sym; named: Sym; reason: string }> | undefined {
    const obj = this.value(f, callee.obj, 0);
    const out: Array<{ run: Sym; named: Sym; reason: string }> = [];
    for (const o of obj.t === 'union' ? obj.vals : [obj]) {
      if (o.t !== 'inst' && !(o.t === 'super' && o.inst)) return undefined;
      const m = this.findMember(o.f, o.s, callee.name, o.t === 'super' ? o.after ?? { f: o.f, s: o.s } : undefined);
      if (!m || m === 'ext') return undefined;
      const sym = this.sym(m.f, m.s);
      if (sym.label !== 'Method' || sym.kind !== 'property') return undefined;
      const reason = o.t === 'super' ? 'super-member' : o.via === 'this-member' || o.via === 'inferred-receiver' ? o.via : 'typed-receiver';
      if (!out.some((x) => x.run.f === m.f && x.run.s === m.s)) out.push({ run: m, named: m, reason });
    }
    return out.length ? out : undefined;
  }

  /** What a call of value v runs (`run`) and names (`named`), or 'ext', or undefined when unknown. */
  private callTargets(v: Val): Array<{ run: Sym; named: Sym; reason: string }> | 'ext' | undefined {
    switch (v.t) {
      case 'sym': {
        const sym = this.sym(v.f, v.s);
        if (this.isClass(v.f, v.s)) {
          // `C()` runs C's own `__init__`; a C that inherits its `__init__` is itself what the call makes (the
          // inherited one is reached through C's own edge, see inheritedInit), so `context`/`impact` of C see every
          // place that creates one and a base's `__init__` does not collect its subclasses' constructions
          const init = this.ownInit(v.f, v.s);
          return [{ run: init ?? { f: v.f, s: v.s }, named: { f: v.f, s: v.s }, reason: v.via === 'same-file' || v.via === 'import' || v.via === 'module-member' ? 'constructor' : v.via }];
        }
        if (sym.label === 'Function' || sym.label === 'Method') return [{ run: { f: v.f, s: v.s }, named: { f: v.f, s: v.s }, reason: v.via }];
        return undefined;
      }
      case 'inst': {
        const m = this.findMember(v.f, v.s, '__call__');
        if (m === 'ext') return 'ext';
        return m ? [{ run: m, named: m, reason: v.via }] : undefined;
      }
      case 'union': {
        const out: Array<{ run: Sym; named: Sym; reason: string }> = [];
        let ext = false;
        for (const x of v.vals) {
          const t = this.callTargets(x);
          if (t === 'ext') ext = true;
          else if (t) for (const y of t) if (!out.some((o) => o.run.f === y.run.f && o.run.s === y.run.s)) out.push(y);
        }
        if (out.length) return out;
        return ext ? 'ext' : undefined;
      }
      case 'ext': case 'array': case 'map': case 'list': case 'method': return 'ext';
      case 'callable': return v.held ? this.callTargets(v.held) : undefined;
      case 'mod': return undefined;
      default: return undefined;
    }
  }

  /** The project `__init__` a construction of class (f, s) runs, when no outside base comes before it in the order. */
  private runsInit(f: number, s: number): Sym | undefined {
    const init = this.findMember(f, s, '__init__');
    return init && init !== 'ext' && this.sym(init.f, init.s).label === 'Method' && !this.initAfterExt(f, s, init) ? init : undefined;
  }

  /** True when member m is declared in class (f, s) itself. */
  private declaredIn(m: Sym, f: number, s: number): boolean {
    return m.f === f && this.sym(m.f, m.s).parent === s;
  }

  /** Class (f, s)'s own `__init__`, if it defines one. */
  private ownInit(f: number, s: number): Sym | undefined {
    const init = this.runsInit(f, s);
    return init && this.declaredIn(init, f, s) ? init : undefined;
  }

  /**
   * A class that inherits a project `__init__` runs it when created: a CALLS edge from the class to it, beside the
   * edges of `C()` to C, so `impact` of a base's `__init__` still reaches every subclass's constructions through C.
   */
  private inheritedInit(f: number, s: number): void {
    // a stub file's class is never created: its module's class is
    if (this.sink.files[f].path.endsWith('.pyi')) return;
    const init = this.runsInit(f, s);
    if (!init || this.declaredIn(init, f, s)) return;
    const sink = this.sink;
    sink.edge(sink.symbolPos(f, s), sink.symbolPos(init.f, init.s), 'CALLS', CONFIDENCE['super-member'], 'super-member', this.sym(f, s).line);
  }

  /** True when an outside base comes before the class that defines `__init__` in the linearisation. */
  private initAfterExt(f: number, s: number, init: Sym): boolean {
    for (const c of this.mro(f, s)) {
      if (c === 'ext') return true;
      if (c.f === init.f && this.sym(init.f, init.s).parent === c.s) return false;
    }
    return false;
  }

  private reference(f: number, r: RefFact): void {
    const sink = this.sink;
    const e = r.value;
    if (e.k !== 'id' && e.k !== 'member') return;
    // a bare name bound to a local is the local's, not what it holds
    if (e.k === 'id' && bindsLocal(e.b)) return;
    const target = this.namedSymbol(f, e, this.value(f, e, 0));
    const targets = target ? [target] : e.k === 'member' ? this.unionMembers(f, e) : [];
    const from = r.from >= 0 ? sink.symbolPos(f, r.from) : sink.filePos(f);
    for (const t of targets) this.read(t, f, r.at, r.kind === 'type' ? 'type' : r.called ? 'call' : 'value', from, targets.length > 1 ? 'union-member' : readReason(f, e, t), r.unparsed, r.bare);
  }

  /**
   * `x.name` read where x may be instances (or classes) of several project classes: each one's member, as a checker
   * names every declaration there; none when a part is anything else (an outside object may hold another).
   */
  private unionMembers(f: number, e: Expr & { k: 'member' }): Sym[] {
    const obj = this.value(f, e.obj, 0);
    if (obj.t !== 'union') return [];
    const out: Sym[] = [];
    for (const o of obj.vals) {
      if ((o.t !== 'sym' && o.t !== 'inst') || !this.isClass(o.f, o.s)) return [];
      const m = this.findMember(o.f, o.s, e.name);
      if (!m || m === 'ext') return [];
      if (!out.some((x) => x.f === m.f && x.s === m.s)) out.push(m);
    }
    return out;
  }

  /** The symbol a name or attribute itself names (not what a variable holds). */
  private namedSymbol(f: number, e: Expr & { k: 'id' | 'member' }, v: Val): Sym | undefined {
    if (e.k === 'id') {
      if (bindsSymbol(e.b)) return { f, s: bindingIndex(e.b) };
      if (bindsImport(e.b)) {
        // an imported variable is what the name names, whatever it holds (`Manager = _Base[Response]`, `Alias = C`)
        const imported = this.importedSymbol(f, bindingIndex(e.b));
        if (imported && this.sym(imported.f, imported.s).label === 'Variable') return imported;
        return v.t === 'sym' ? { f: v.f, s: v.s } : imported;
      }
      // a free name a star import brings in
      return !e.b && v.t === 'sym' ? { f: v.f, s: v.s } : undefined;
    }
    // an attribute: the member symbol it reads (a method, a class attribute, a module's name)
    const obj = this.value(f, e.obj, 0);
    switch (obj.t) {
      case 'mod': {
        const mf = this.fileOfModule(obj.m);
        if (mf === undefined) return undefined;
        const top = this.topNames(mf).get(e.name);
        // a name the module has from a `from m import *` (`toolz.mapcat` through toolz/__init__.py's star import of
        // itertoolz): the definition it brings, under its own name
        if (top === undefined) return v.t === 'sym' && this.sym(v.f, v.s).name === e.name && v.f !== mf && this.starImports(mf) ? { f: v.f, s: v.s } : undefined;
        if (top % 2 === 0) return { f: mf, s: top >> 1 };
        return v.t === 'sym' ? { f: v.f, s: v.s } : undefined;
      }
      case 'sym': case 'inst': {
        if (!this.isClass(obj.f, obj.s)) return undefined;
        const m = this.findMember(obj.f, obj.s, e.name);
        return m && m !== 'ext' ? m : undefined;
      }
      case 'super': {
        const m = this.findMember(obj.f, obj.s, e.name, obj.after ?? { f: obj.f, s: obj.s });
        return m && m !== 'ext' ? m : undefined;
      }
      default: return undefined;
    }
  }

  /** The symbol an import names when it names a variable (whose value is not a symbol). */
  private importedSymbol(f: number, i: number, depth = 0): Sym | undefined {
    const imp = this.py(f).imports[i];
    if (imp.kind !== 'from' || depth > 8) return undefined;
    const m = this.moduleOf(f, imp.source);
    const mf = m && this.fileOfModule(m);
    if (mf === undefined || mf === null) return undefined;
    const top = this.topNames(mf).get(imp.imported!);
    if (top === undefined) return undefined;
    // a package that imports the name in turn (`from ._streams import AnyByteStream` in abc/__init__.py): its source's
    return top % 2 === 0 ? { f: mf, s: top >> 1 } : this.importedSymbol(mf, top >> 1, depth + 1);
  }

  /**
   * A decorated function or class is registered with its decorator (`@app.route('/x')`, `@click.command()`,
   * `@router.get(…)`): a callback REFERENCES edge whose callee is the decorator's text, which flows read as a route or
   * a command.
   */
  private decorators(f: number): void {
    const decos = this.py(f).decorators;
    if (!decos) return;
    const sink = this.sink;
    const syms = sink.files[f].symbols;
    for (const [k, texts] of Object.entries(decos)) {
      const s = Number(k);
      const sym = syms[s];
      const from = sym.parent >= 0 ? sink.symbolPos(f, sym.parent) : sink.filePos(f);
      for (const t of texts) if (t.includes('.')) sink.callbackEdge(from, sink.symbolPos(f, s), 1, 'decorator', sym.line, t);
    }
  }

  /** `__all__`'s strings are occurrences of the names they list (a rename edits them). */
  private dunderAll(f: number): void {
    const py = this.py(f);
    if (!py.all) return;
    const top = this.topNames(f);
    for (const a of py.all) {
      const t = top.get(a.name);
      if (t === undefined) continue;
      let target: Sym | undefined;
      if (t % 2 === 0) target = { f, s: t >> 1 };
      else {
        // the symbol the import names, as its own occurrence has it (a variable's value is not: `from .ws import
        // WS_KEY as WS_KEY` listed as "WS_KEY")
        const v = this.importValue(f, t >> 1, 0);
        target = v.t === 'sym' ? { f: v.f, s: v.s } : this.importedSymbol(f, t >> 1);
      }
      if (target) this.sink.occurrence(target.f, target.s, f, a.at, 'export', this.sink.filePos(f), 1, 'export');
    }
  }
}

/** Kinds of methods called as they are (not a property's getter, setter or deleter). */

/** A `def` or `class` statement's symbol (not an `@overload` signature): what a later `def` or `class` of the name replaces. */
function definesCallable(s: SymbolFact): boolean {
  return (s.label === 'Function' || s.label === 'Class') && !isSignatureKind(s.kind);
}

export type { PyImport };

/** Why a name or attribute names symbol t: defined in the same file, imported, or a member of a typed receiver. */
/** The import binding the name a dotted read starts from (`a` of `a.b.c`), if an import binds it. */
function rootImport(e: Expr): number | undefined {
  let x = e;
  while (x.k === 'member') x = x.obj;
  return x.k === 'id' && bindsImport(x.b) ? bindingIndex(x.b) : undefined;
}

function readReason(f: number, e: Expr & { k: 'id' | 'member' }, t: { f: number }): string {
  return e.k === 'id' ? (t.f === f ? 'same-file' : 'import') : 'typed-receiver';
}
