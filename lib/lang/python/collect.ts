/**
 * Python's collector: one file's flat tree (lib/extract/flat-tree.ts) and its query matches (tags.scm) to FileFacts.
 * The matches give the comments and Python 2 statements; a walk of the tree in source order finds definitions, calls
 * and decorators and builds Python's scopes (module, class, function, lambda, comprehension) with LEGB lookup: a name
 * bound anywhere in a function is local to all of it unless declared `global`/`nonlocal`, a class body's names are
 * not seen by the functions inside it, and a comprehension's targets are its own. Names are resolved once every scope is complete.
 */
import type { FlatTree } from '../../extract/flat-tree.ts';
import { forEachCapture, type Match, type MatchSource } from '../../extract/query-match.ts';
import {
  bindingIndex, bindsLocal, symbolBinding, toPos,
  type CallFact, type Expr, type FileFacts, type LocalFact, type NamedArgFact, type Pos, type RefFact, type SymbolFact, type SymbolLabel,
} from '../../extract/facts.ts';
import { parseStringAnnotation, stringAnnotationType } from './string-annotation.ts';
import { annotationNames, callableOf, replaceName, typingAnnotation, typeParamsOf, typeVarBound, ENUM_BASES, isOverloadDecorator, isTypingName, TYPING_MODULES } from './typing.ts';
import { pathValue, SYS_PATH_CALLS, type PathTree, type PathValue } from './sys-path.ts';
import { unshared, type PyNames } from './tree.ts';
import { enclosingClass, moduleOf, narrowedThrough, scopeOutsideComprehension, MAX_UNION, type Scope } from './scopes.ts';
import { PyLambdas } from './lambdas.ts';
import type { Narrowing } from './narrowing.ts';
import { isPlatformTest, staticCondition, type ConditionReader } from './conditions.ts';
import { injectedDependencies } from './fastapi.ts';
import { genericParams } from './generic-calls.ts';
import { isBuiltinName, zipKeepsArguments } from './builtins.ts';
import { literalUnion } from './literals.ts';
import { containerBase, indexKey, indexKindOf, isTypedDictBase } from './subscripts.ts';
import { BINARY_OPERATOR_METHODS } from './operators.ts';
import { markFallbacks } from './fallbacks.ts';
import { recordFacts, RECORD_COPIES } from './records.ts';
import { getterAccess } from './descriptors.ts';

export type { PyNames };

/** `typing.cast` as imported: its value is an instance of the type its first argument names. */
const CASTS = new Set(['typing.cast', 'typing_extensions.cast']);
/** Functions of the standard library that give a value of their first argument's type (typeshed's `(obj: T, …) -> T`). */
const SAME_TYPE = new Set(['copy.copy', 'copy.deepcopy', 'dataclasses.replace']);
/** Builtins whose result is made of their first argument (its elements; `type`: its class), resolve.ts `builtinResult`. */
const ELEMENT_BUILTINS = new Set(['next', 'iter', 'reversed', 'sorted', 'list', 'tuple', 'set', 'frozenset', 'dict', 'enumerate', 'min', 'max', 'anext', 'aiter', 'type']);

/** Collects a Python file's facts. */
export function collectPython(flat: FlatTree, names: PyNames, text: string, filePath: string, matches: Match[] | MatchSource, parseErrors: number, roles: ReadonlyArray<string | undefined>): FileFacts {
  return unshared(new PyCollector(flat, names, text, filePath).collect(matches, roles, parseErrors), new Set());
}

class PyCollector extends PyLambdas {
  /** Nodes the queries gave a role (node index → role). */
  private readonly role = new Map<number, string>();
  /** Class symbol → its attributes by name (Property symbols). */
  private readonly classAttrs = new Map<number, Map<string, number>>();
  /** Names last assigned a path a script computes (`HERE = os.path.dirname(__file__)`), for `sys.path` roots. */
  private readonly pathVars = new Map<string, PathValue>();
  /** A lambda's node → the calls and references of its body (`[calls from, to, refs from, to)`): a name it is bound to owns them. */
  /** What the function being visited yields (`yield v`: v; `yield from xs`: an element of xs), for its calls' elements. */
  private yields: Expr[] = [];
  /** Where each local is written by name (parameters, assignment targets), for sharedLocalOccurrences. */
  private readonly localWrites = new Map<number, Pos[]>();
  /** Methods' first parameters declared another class (local index → the method's class), for selfClass. */
  private readonly declaredSelf = new Map<number, number>();
  private treeReader?: ConditionReader & PathTree;

  constructor(t: FlatTree, names: PyNames, text: string, private readonly path: string) {
    super(t, names, text);
  }

  collect(matches: Match[] | MatchSource, roles: ReadonlyArray<string | undefined>, parseErrors: number): FileFacts {
    forEachCapture(matches, (pattern, capture, node) => {
      const r = roles[pattern];
      if (r && ROLE_CAPTURES.has(capture)) this.role.set(node, r);
    });
    const root = 0;
    const module: Scope = { kind: 'module', parent: undefined, names: new Map(), sym: -1 };
    // pass 1: declarations of every scope (a function's locals are known before its body is read)
    this.declareBlock(root, module);
    // pass 2: expressions, calls, references
    this.visitChildren(root, module);
    if (/(^|\/)__init__\.pyi?$/.test(this.path)) this.bindImportedSubmodules(module);
    for (const p of this.pending) this.bind(p);
    this.sharedLocalOccurrences();
    this.finishEntryReads();
    this.finishSoFarReads();
    this.finishLocals();
    this.exported();
    markFallbacks(this, root, this.symbols, this.py);
    const comments: Array<{ line: number; text: string }> = [];
    for (const [k, r] of this.role) if (r === 'py.comment') comments.push({ line: this.lineOf(k), text: this.text.slice(this.t.start[k] + 1, this.t.end[k]).trim() });
    comments.sort((a, b) => a.line - b.line);
    if (comments.length) this.py.comments = comments;
    for (const [, r] of this.role) if (r === 'py.python2') { this.py.python2 = true; break; }
    return {
      path: this.path, language: 'python', lines: this.t.lineCount(), parseErrors,
      symbols: this.symbols, imports: [], exports: [], modules: [], locals: this.locals, calls: this.calls, refs: this.refs,
      py: this.py,
    };
  }

  /** Records where local l is given a value by name (a parameter, an assignment's target). */
  private localWritten(l: number, at: Pos): void {
    const list = this.localWrites.get(l);
    if (list) list.push(at); else this.localWrites.set(l, [at]);
  }

  /**
   * A nested `def` or `class` whose name the function also binds otherwise (a parameter, an assignment: `def f(h=None):
   * if not h: def h(…): …`) is one variable with the local, as a checker declares it: every place the local is
   * written or read is an occurrence of the definition too (bare: no reference edge), so a rename keeps them one name.
   */
  private sharedLocalOccurrences(): void {
    if (!this.sharedLocals.size) return;
    const places = new Map<number, Array<[Pos, boolean]>>();
    const add = (b: number | undefined, at: Pos, called: boolean): void => {
      if (b === undefined || !bindsLocal(b) || !this.sharedLocals.has(bindingIndex(b))) return;
      const l = bindingIndex(b);
      const list = places.get(l);
      if (list) list.push([at, called]); else places.set(l, [[at, called]]);
    };
    for (const r of this.refs) if (r.value.k === 'id') add(r.value.b, r.at, false);
    for (const c of this.calls) if (c.callee.k === 'id') add(c.callee.b, c.at, true);
    for (const [l, syms] of this.sharedLocals) {
      const at: Array<[Pos, boolean]> = [...(this.localWrites.get(l) ?? []).map((p): [Pos, boolean] => [p, false]), ...(places.get(l) ?? [])];
      for (const s of syms) {
        const sym = this.symbols[s];
        for (const [p, called] of at) {
          const ref: RefFact = { value: { k: 'id', name: sym.name, b: symbolBinding(s) }, kind: 'value', at: p, from: sym.parent, bare: true };
          if (called) ref.called = true;
          this.refs.push(ref);
        }
      }
    }
  }

  // ------------------------------------------------------------------ pass 1: declarations
  /** Declares the names a block binds in `scope` (recursing into compound statements, not into nested scopes). */
  private declareBlock(i: number, scope: Scope): void {
    for (const c of this.kids(i)) this.declareStatement(c, scope);
  }

  private declareStatement(i: number, scope: Scope): void {
    const ty = this.type(i);
    switch (ty) {
      case 'function_definition': case 'class_definition': return; // declared when visited (pass 2 makes their symbols)
      case 'decorated_definition': return;
      case 'import_statement': case 'import_from_statement': case 'future_import_statement': return; // bound at visit
      case 'global_statement': for (const n of this.namedKids(i)) (scope.globals ??= new Set()).add(this.txt(n)); return;
      case 'nonlocal_statement': for (const n of this.namedKids(i)) (scope.nonlocals ??= new Set()).add(this.txt(n)); return;
      case 'expression_statement': for (const c of this.namedKids(i)) this.declareExpression(c, scope); return;
      case 'for_statement': this.declareTarget(this.child(i, 'left'), scope); break;
      case 'with_statement': break;
      case 'except_clause': break;
      default: break;
    }
    if (ty === 'with_item') {
      const v = this.child(i, 'value');
      if (v >= 0 && this.type(v) === 'as_pattern') this.declareTarget(this.asTarget(v), scope);
    }
    if (ty === 'except_clause') {
      const v = this.child(i, 'value');
      if (v >= 0 && this.type(v) === 'as_pattern') this.declareTarget(this.asTarget(v), scope);
    }
    if (ty === 'match_statement') {
      // each case binds its pattern's captures and what its body assigns
      for (const body of this.children(i, 'body')) {
        for (const cc of this.kids(body)) {
          if (this.type(cc) !== 'case_clause') continue;
          for (const c of this.kids(cc)) {
            if (this.type(c) === 'case_pattern') this.declareCaptures(c, scope);
            else if (this.type(c) === 'block') this.declareStatement(c, scope);
          }
        }
      }
      return;
    }
    if (ty === 'case_clause') return;
    for (const c of this.kids(i)) {
      const ct = this.type(c);
      if (ct === 'block' || ct === 'else_clause' || ct === 'elif_clause' || ct === 'except_clause' || ct === 'finally_clause' || ct === 'with_clause' || ct === 'with_item' || ct === 'if_statement') this.declareStatement(c, scope);
      else if (this.isStatement(ct)) this.declareStatement(c, scope);
    }
  }

  /**
   * Declares the names a `case` pattern captures: a bare name (a `dotted_name` of one name, not a class pattern's
   * class), `as` aliases, `*rest` and `**rest`.
   */
  private declareCaptures(i: number, scope: Scope): void {
    const ty = this.type(i);
    if (ty === 'dotted_name') {
      const parts = this.namedKids(i);
      const parent = this.t.parent[i];
      const isClass = parent >= 0 && this.type(parent) === 'class_pattern' && this.namedKids(parent)[0] === i;
      if (parts.length === 1 && !isClass && this.txt(parts[0]) !== '_') this.declareTarget(parts[0], scope);
      return;
    }
    if (ty === 'identifier') { if (this.txt(i) !== '_') this.declareTarget(i, scope); return; }
    if (ty === 'keyword_pattern') { const kids = this.namedKids(i); if (kids.length > 1) this.declareCaptures(kids[kids.length - 1], scope); return; }
    for (const c of this.namedKids(i)) this.declareCaptures(c, scope);
  }

  private isStatement(ty: string): boolean {
    return ty.endsWith('_statement') || ty === 'function_definition' || ty === 'class_definition' || ty === 'decorated_definition' || ty === 'block';
  }

  /** The target of `x as target` (the as_pattern_target's content). */
  private asTarget(asPattern: number): number {
    const a = this.child(asPattern, 'alias');
    if (a < 0) return -1;
    const inner = this.namedKids(a);
    return inner.length === 1 ? inner[0] : a;
  }

  /**
   * An `except` clause's value: `except (A, B) as e` binds e to an instance of A or B (an instance of each type
   * named); without `as`, the types are only read.
   */
  private exceptValue(i: number, scope: Scope): void {
    const v = this.child(i, 'value');
    if (v >= 0 && this.type(v) === 'as_pattern') {
      const types = this.expr(this.namedKids(v)[0] ?? -1, scope);
      const inst: Expr = types.k === 'list' ? { k: 'union', types: types.items.map((x) => ({ k: 'call', callee: x }) as Expr) } : { k: 'call', callee: types };
      this.assignTarget(this.asTarget(v), inst, scope, i);
    } else if (v >= 0) this.expr(v, scope);
  }

  private declareExpression(i: number, scope: Scope): void {
    const ty = this.type(i);
    if (ty === 'assignment') {
      this.declareTarget(this.child(i, 'left'), scope);
      const r = this.child(i, 'right');
      if (r >= 0 && this.type(r) === 'assignment') this.declareExpression(r, scope);
    } else if (ty === 'augmented_assignment') this.declareTarget(this.child(i, 'left'), scope);
  }

  /**
   * Declares the names `:=` binds anywhere in a function's body, a comprehension's included (PEP 572: they are the
   * function's locals), not in the scopes nested in it.
   */
  private declareWalruses(body: number, scope: Scope): void {
    const stack = [body];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const ty = this.type(i);
      if (ty === 'function_definition' || ty === 'class_definition' || ty === 'decorated_definition' || ty === 'lambda') continue;
      if (ty === 'named_expression') this.declareTarget(this.child(i, 'name'), scope);
      for (const c of this.namedKids(i)) stack.push(c);
    }
  }

  /** Declares the names an assignment target binds (a placeholder local: pass 2 gives it its value). */
  private declareTarget(i: number, scope: Scope): void {
    if (i < 0) return;
    const ty = this.type(i);
    if (ty === 'identifier') {
      const name = this.txt(i);
      if (scope.kind === 'function' && !scope.globals?.has(name) && !scope.nonlocals?.has(name) && !scope.names.has(name)) {
        scope.names.set(name, { k: 'local', l: this.newLocal(name) });
      }
      return;
    }
    if (ty === 'pattern_list' || ty === 'tuple_pattern' || ty === 'list_pattern' || ty === 'tuple' || ty === 'list' || ty === 'parenthesized_expression' || ty === 'list_splat_pattern' || ty === 'as_pattern_target') {
      for (const c of this.namedKids(i)) this.declareTarget(c, scope);
    }
  }

  // ------------------------------------------------------------------ pass 2: statements
  private visitChildren(i: number, scope: Scope): void {
    for (const c of this.kids(i)) this.visit(c, scope);
  }

  private visit(i: number, scope: Scope): void {
    const ty = this.type(i);
    switch (ty) {
      case 'function_definition': this.functionDef(i, scope, []); return;
      case 'class_definition': this.classDef(i, scope, []); return;
      case 'decorated_definition': this.decorated(i, scope); return;
      case 'import_statement': this.importStatement(i, scope); return;
      case 'import_from_statement': this.importFrom(i, scope); return;
      case 'future_import_statement': return;
      case 'nonlocal_statement': return;
      case 'global_statement': {
        // each name is the module's variable (a rename edits it)
        for (const n of this.namedKids(i)) this.refs.push({ value: this.nameExpr(this.txt(n), scope, false), kind: 'value', at: this.pos(n), from: this.owner(scope) });
        return;
      }
      case 'expression_statement': this.expressionStatement(i, scope); return;
      case 'for_statement': {
        const iter = this.expr(this.child(i, 'right'), scope);
        this.loops++;
        this.assignTarget(this.child(i, 'left'), { k: 'element', of: iter }, scope, i);
        for (const c of this.kids(i)) if (this.fieldOf(c) !== 'left' && this.fieldOf(c) !== 'right') this.visit(c, scope);
        this.loops--;
        return;
      }
      case 'while_statement': this.loops++; this.visitChildren(i, scope); this.loops--; return;
      case 'with_item': {
        const v = this.child(i, 'value');
        if (v >= 0 && this.type(v) === 'as_pattern') {
          const value = this.expr(this.namedKids(v)[0] ?? -1, scope);
          // `with C() as x`: x is what C().__enter__() returns (`async with`: what awaiting C().__aenter__() gives)
          const stmt = this.t.parent[this.t.parent[i]];
          const isAsync = stmt >= 0 && this.kids(stmt).some((c) => this.type(c) === 'async');
          this.assignTarget(this.asTarget(v), { k: 'call', callee: { k: 'member', obj: value, name: isAsync ? '__aenter__' : '__enter__' } }, scope, i);
        } else if (v >= 0) this.expr(v, scope);
        return;
      }
      case 'except_clause': {
        this.exceptValue(i, scope);
        for (const c of this.kids(i)) if (this.fieldOf(c) !== 'value') this.visit(c, scope);
        return;
      }
      case 'if_statement': case 'elif_clause': {
        const cond = this.child(i, 'condition');
        if (ty === 'if_statement' && scope.kind === 'module' && cond >= 0 && this.isMainGuard(cond)) this.py.mainGuard ??= this.lineOf(i);
        this.visitIf(i, scope, (c) => this.visit(c, scope));
        return;
      }
      case 'type_alias_statement': this.typeAlias(i, scope); return;
      case 'return_statement': case 'delete_statement': case 'raise_statement': case 'assert_statement': case 'print_statement': case 'exec_statement':
        for (const c of this.namedKids(i)) this.expr(c, scope);
        // `assert isinstance(x, C)`: below it in the block, x is a C
        if (ty === 'assert_statement') { const c = this.namedKids(i)[0]; if (c !== undefined) for (const [name, type] of this.narrowings(c, scope, [])) this.narrowed.set(name, { scope, type }); }
        return;
      case 'block': this.inBlock(() => this.visitChildren(i, scope)); return;
      case 'comment': return;
      default:
        if (this.named(i) && !this.isStatement(ty) && !STRUCTURAL.has(ty)) { this.expr(i, scope); return; }
        this.visitChildren(i, scope);
    }
  }

  private expressionStatement(i: number, scope: Scope): void {
    for (const c of this.namedKids(i)) {
      const ty = this.type(c);
      if (ty === 'assignment') this.assignment(c, scope);
      else if (ty === 'augmented_assignment') this.augmented(c, scope);
      else this.expr(c, scope);
    }
  }

  // ------------------------------------------------------------------ definitions
  private decorated(i: number, scope: Scope): void {
    const def = this.child(i, 'definition');
    const decos: number[] = [];
    for (const c of this.kids(i)) if (this.type(c) === 'decorator') decos.push(c);
    if (def < 0) { for (const d of decos) this.decoratorExpr(d, scope); return; }
    if (this.type(def) === 'function_definition') this.functionDef(def, scope, decos, i);
    else if (this.type(def) === 'class_definition') this.classDef(def, scope, decos, i);
  }

  /** A decorator's expression: evaluated where the definition is made; a bare name (`@dec`) is a call of it. */
  private decoratorExpr(d: number, scope: Scope): { text: string; expr: Expr } | undefined {
    const e = this.namedKids(d)[0];
    if (e === undefined) return undefined;
    const ty = this.type(e);
    const value = this.expr(e, scope);
    if (ty === 'identifier' || ty === 'attribute') {
      const nameNode = ty === 'identifier' ? e : this.child(e, 'attribute');
      if (nameNode >= 0) this.calls.push({ callee: value, at: this.pos(nameNode), from: scope.sym });
    }
    const calleeNode = ty === 'call' ? this.child(e, 'function') : e;
    return { text: this.dotted(calleeNode) ?? '', expr: value };
  }

  private functionDef(i: number, scope: Scope, decos: number[], outer = i): void {
    const nameNode = this.child(i, 'name');
    if (nameNode < 0) return;
    const name = this.txt(nameNode);
    const refs0 = this.refs.length, calls0 = this.calls.length;
    const decorators = decos.map((d) => this.decoratorExpr(d, scope)).filter((d): d is { text: string; expr: Expr } => !!d);
    const decoTexts = decorators.map((d) => d.text);
    const owner = this.owner(scope);
    const inClass = scope.kind === 'class';
    let label: SymbolLabel = 'Function';
    let kind = 'function';
    if (inClass) {
      label = 'Method';
      kind = name === '__init__' ? 'constructor' : 'method';
      if (decoTexts.includes('property') || decoTexts.some((d) => d.endsWith('.getter') || d === 'cached_property' || d === 'functools.cached_property')) kind = 'property';
      else if (decoTexts.some((d) => d.endsWith('.setter'))) kind = 'setter';
      else if (decoTexts.some((d) => d.endsWith('.deleter'))) kind = 'deleter';
      else if (decoTexts.includes('staticmethod')) kind = 'staticmethod';
      else if (decoTexts.includes('classmethod')) kind = 'classmethod';
    }
    if (decoTexts.some((d) => isOverloadDecorator(this.canonicalText(d)))) kind = inClass ? 'method_signature' : 'function_signature';
    const body = this.child(i, 'body');
    const sym: SymbolFact = {
      name, label, kind, line: this.lineOf(outer), endLine: this.endLineOf(i), at: this.pos(nameNode), parent: owner,
      qualifiedName: this.qualified(scope, name), exported: false,
      signature: this.signature(i, body),
    };
    if (this.isAsync(i)) sym.returnsAsync = true;
    const doc = this.docOf(body) ?? this.commentAbove(outer);
    if (doc) sym.doc = doc;
    const s = this.addSymbol(sym);
    this.recordDecorators(s, decos, decoTexts);
    if (decos.length) recordFacts(this.reader(), this.py, s, decos);
    // `@router.get(…, dependencies=[Depends(dep)])`: the route runs dep too
    if (decos.length) injectedDependencies(this, decos, this.refs, this.calls, refs0, calls0, s);
    // a property setter/deleter shares the getter's name: the name stays the getter's
    if (kind !== 'setter' && kind !== 'deleter') this.bindName(scope, name, { k: 'sym', s });
    const ret = this.child(i, 'return_type');
    if (ret >= 0) sym.returns = this.annotation(ret, scope);
    // the function's own scope: parameters, then its body's declarations
    const fs: Scope = { kind: 'function', parent: scope, names: new Map(), sym: s };
    if (inClass && kind !== 'staticmethod') fs.cls = scope.sym;
    const params = this.child(i, 'parameters');
    const l0 = this.locals.length;
    // (`__new__` takes its class first, as a classmethod does: `super().__new__(cls)`, `cls()`)
    if (params >= 0) this.parameters(params, fs, scope, inClass ? (name === '__new__' ? 'classmethod' : kind) : undefined);
    // an overloaded descriptor `__get__`: which reads each signature takes (descriptors.ts)
    if (name === '__get__' && kind === 'method_signature' && params >= 0) (this.py.getters ??= {})[s] = getterAccess(this.reader(), params);
    if (name === '__getitem__' && kind === 'method_signature' && params >= 0) (this.py.indexers ??= {})[s] = indexKindOf(this.reader(), params);
    // `def m(self: T) -> T` / `def make(cls: type[T]) -> T` with T a TypeVar: the instance it is called on, as `-> Self`
    // (and so is T inside the result, `-> list[T]`, `-> T | None`)
    const selfVar = fs.cls !== undefined && sym.returns && params >= 0 ? this.selfTypeVar(params, scope) : undefined;
    if (selfVar && sym.returns) sym.returns = replaceName(sym.returns, selfVar, { k: 'this', cls: fs.cls! });
    // a result reading a TypeVar its parameters read: what a call's arguments bind (generic-calls.ts); `self`/`cls`
    // is the receiver, not an argument
    // (a generic class's `__init__`: the class's TypeVars its arguments bind, `Box(Item())` is a Box[Item])
    const generic = name === '__init__' && fs.cls !== undefined ? this.py.generics?.[fs.cls]?.params : undefined;
    const result = generic ? { k: 'list' as const, items: generic } : sym.returns;
    if (result && params >= 0) {
      const ps = genericParams(result, this.locals.slice(fs.cls !== undefined ? l0 + 1 : l0).map((l) => l.type ?? null), (n) => this.mayBeTypeVar(n, scope));
      if (ps) sym.params = ps;
    }
    if (body >= 0) {
      this.declareBlock(body, fs);
      this.declareWalruses(body, fs);
      const returns: Expr[] = [];
      const outerYields = this.yields;
      this.yields = [];
      this.flow.inFunction(body, () => this.visitBody(body, fs, returns));
      const yields = this.yields;
      this.yields = outerYields;
      // (a result declared `Callable[…]` says only "a function": the returns too, which may name the nested def it
      // is, what a call of the result runs; resolve.ts returnValue)
      const declaredCallable = sym.returns !== undefined && callableOf(sym.returns) !== undefined;
      if ((!sym.returns || declaredCallable) && returns.length > 0 && !this.isGenerator(body)) sym.returnsValue = returns.length === 1 ? returns[0] : { k: 'union', types: returns.slice(0, MAX_UNION) };
      // an undeclared generator: its call iterates over what it yields, as a checker infers `Generator[Y, …]`
      // (not an async one: its calls are async iterators)
      else if (!sym.returns && yields.length > 0 && !sym.returnsAsync && this.isGenerator(body)) sym.returnsValue = { k: 'list', items: [{ k: 'union', types: yields.slice(0, MAX_UNION) }] };
    }
  }

  /** True when name n is a TypeVar of the module (`T = TypeVar("T")`) or imported (which may be one). */
  private mayBeTypeVar(n: string, scope: Scope): boolean {
    const b = this.lookup(n, scope, false);
    const init = b?.k === 'sym' ? this.symbols[b.s].init : undefined;
    return b?.k === 'imp' || (init?.k === 'call' && init.callee.k === 'id' && init.callee.name === 'TypeVar');
  }

  /** T when the first parameter is annotated `T`, `type[T]` or `Type[T]`, with name T a TypeVar of the module. */
  private selfTypeVar(params: number, scope: Scope): string | undefined {
    const p = this.namedKids(params)[0];
    return p === undefined ? undefined : this.typeVarNamed(p, scope);
  }

  /** T when parameter p is annotated `T`, `type[T]` or `Type[T]`, with name T a TypeVar of the module. */
  private typeVarNamed(p: number, scope: Scope): string | undefined {
    if (this.type(p) !== 'typed_parameter' && this.type(p) !== 'typed_default_parameter') return undefined;
    const m = /^["']?(?:(?:typing\.)?[Tt]ype\[\s*)?(\w+)\s*\]?["']?$/.exec(this.txt(this.child(p, 'type')).trim());
    if (!m) return undefined;
    const b = this.lookup(m[1], scope, false);
    const init = b?.k === 'sym' ? this.symbols[b.s].init : undefined;
    return init?.k === 'call' && init.callee.k === 'id' && init.callee.name === 'TypeVar' ? m[1] : undefined;
  }

  /** A function body's statements, collecting the values of its `return`s. */
  private visitBody(body: number, scope: Scope, returns: Expr[]): void {
    const walk = (i: number): void => {
      for (const c of this.kids(i)) {
        const ty = this.type(c);
        if (ty === 'return_statement') {
          const v = this.namedKids(c)[0];
          if (v !== undefined) returns.push(this.expr(v, scope));
        } else if (ty === 'block' || ty === 'if_statement' || ty === 'elif_clause' || ty === 'else_clause' || ty === 'try_statement' || ty === 'except_clause' || ty === 'finally_clause' || ty === 'with_statement' || ty === 'for_statement' || ty === 'while_statement' || ty === 'match_statement' || ty === 'case_clause') {
          this.visitCompound(c, scope, walk);
        } else this.visit(c, scope);
      }
    };
    this.inBlock(() => walk(body));
  }

  /** A compound statement inside a function body: its own parts visited, its blocks walked for returns. */
  private visitCompound(i: number, scope: Scope, walk: (i: number) => void): void {
    const ty = this.type(i);
    if (ty !== 'for_statement' && ty !== 'while_statement') { this.compound(i, ty, scope, walk); return; }
    for (const m of this.assignedMembers(i)) this.narrowed.delete(m); // (what a loop assigns may come round again)
    this.flow.inLoop(i, () => this.compound(i, ty, scope, walk));
  }

  private compound(i: number, ty: string, scope: Scope, walk: (i: number) => void): void {
    if (ty === 'block') { this.flow.inBlock(i, () => this.inBlock(() => walk(i))); return; }
    if (ty === 'for_statement') {
      // (the iterable is read once, before the loop)
      const iter = this.flow.inLoop(-1, () => this.expr(this.child(i, 'right'), scope));
      this.assignTarget(this.child(i, 'left'), { k: 'element', of: iter }, scope, i);
      for (const c of this.kids(i)) {
        const f = this.fieldOf(c);
        if (f === 'left' || f === 'right') continue;
        if (this.type(c) === 'block' || this.type(c) === 'else_clause') this.visitCompound(c, scope, walk); else this.visit(c, scope);
      }
      return;
    }
    if (ty === 'except_clause') {
      this.exceptValue(i, scope);
      for (const c of this.kids(i)) if (this.fieldOf(c) !== 'value') { if (this.type(c) === 'block') walk(c); else this.visit(c, scope); }
      return;
    }
    const part = (c: number): void => {
      const ct = this.type(c);
      if (ct === 'block' || ct === 'elif_clause' || ct === 'else_clause' || ct === 'except_clause' || ct === 'finally_clause' || ct === 'case_clause') this.visitCompound(c, scope, walk);
      else if (ct === 'with_clause') for (const w of this.kids(c)) this.visit(w, scope);
      else this.visit(c, scope);
    };
    if (ty === 'if_statement' || ty === 'elif_clause') this.visitIf(i, scope, part);
    else if (ty === 'case_clause') this.caseClause(i, scope, part);
    else for (const c of this.kids(i)) part(c);
  }

  /**
   * A `case` of a `match` on a name: a class pattern (`case Point(x=0):`, alternatives of them) makes the name an
   * instance of the class in the guard and the body, as `isinstance` does; `as p` binds p to that instance (to the
   * subject without a class pattern), and a bare capture (`case other:`) to the subject.
   */
  private caseClause(i: number, scope: Scope, part: (c: number) => void): void {
    const match = this.t.parent[this.t.parent[i]];
    this.flow.inArm(match, i, () => this.caseArm(match, i, scope, part));
  }

  private caseArm(match: number, i: number, scope: Scope, part: (c: number) => void): void {
    const subjects = match >= 0 && this.type(match) === 'match_statement' ? this.children(match, 'subject') : [];
    const subjectName = subjects.length === 1 && this.type(subjects[0]) === 'identifier' ? this.txt(subjects[0]) : undefined;
    const subject: Expr | undefined = subjectName === undefined ? undefined : this.nameExpr(subjectName, scope);
    const classesOf = (p: number): Expr[] | undefined => {
      const ty = this.type(p);
      if (ty === 'case_pattern') { const k = this.namedKids(p); return k.length === 1 ? classesOf(k[0]) : undefined; }
      if (ty === 'class_pattern') {
        const name = this.namedKids(p)[0];
        const parts = name !== undefined && this.type(name) === 'dotted_name' ? this.namedKids(name) : [];
        if (!parts.length) return undefined;
        let e: Expr = this.nameExpr(this.txt(parts[0]), scope);
        for (const q of parts.slice(1)) e = { k: 'member', obj: e, name: this.txt(q) };
        return [{ k: 'call', callee: e }];
      }
      if (ty === 'union_pattern') {
        const out: Expr[] = [];
        for (const c of this.namedKids(p)) { const cs = classesOf(c); if (!cs) return undefined; out.push(...cs); }
        return out;
      }
      return undefined;
    };
    const instance = (cs: Expr[]): Expr => (cs.length === 1 ? cs[0] : { k: 'union', types: cs.slice(0, MAX_UNION) });
    const narrow: Array<[string, Expr]> = [];
    for (const c of this.kids(i)) {
      if (this.type(c) !== 'case_pattern') continue;
      this.expr(c, scope);
      const top = this.namedKids(c);
      const only = top.length === 1 ? top[0] : -1;
      const cs = classesOf(c);
      if (cs && subjectName !== undefined) narrow.push([subjectName, instance(cs)]);
      if (only >= 0 && this.type(only) === 'as_pattern') {
        const kids = this.namedKids(only);
        const alias = kids[kids.length - 1];
        const inner = kids.length > 1 ? classesOf(kids[0]) : undefined;
        if (alias !== undefined && this.type(alias) === 'identifier') this.assignName(alias, inner ? instance(inner) : subject, scope, c, undefined, -1);
      } else if (only >= 0 && this.type(only) === 'dotted_name' && this.namedKids(only).length === 1 && subject) {
        const n = this.namedKids(only)[0];
        if (this.txt(n) !== '_') this.assignName(n, subject, scope, c, undefined, -1);
      }
    }
    this.narrowedIn(narrow, scope, () => { for (const c of this.kids(i)) if (this.type(c) !== 'case_pattern') part(c); });
  }

  /**
   * The parts of an `if` (or `elif`) in order, its consequence with the names an `isinstance(name, C)` condition
   * narrows read as instances of C (of any of the classes a tuple lists; each test of an `and`), until assigned.
   */
  private visitIf(i: number, scope: Scope, part: (c: number) => void): void {
    const cond = this.child(i, 'condition');
    const truth = this.staticTruth(cond);
    // a condition that always holds: the clauses after it never run
    let settled = truth === true;
    const s0 = this.symbols.length, i0 = this.py.imports.length;
    let platform = cond >= 0 && isPlatformTest(this.txt(cond));
    // what the tests before an `elif` or `else` rule out: `if isinstance(x, C): … else: x.m()`, x is no C there
    const excluded: Array<[string, Expr]> = cond >= 0 ? this.exclusions(cond, scope, []) : [];
    const ends: Array<ReadonlyMap<string, Narrowing> | null> = [];
    for (const c of this.kids(i)) {
      const field = this.fieldOf(c);
      this.blockEnd = new Map();
      if (field === 'consequence' && cond >= 0) {
        if (truth === false) this.unreached(scope, () => part(c));
        else this.flow.inArm(i, c, () => this.narrowedIn(this.narrowings(cond, scope, []), scope, () => part(c)));
        if (this.exits(c, true)) this.flow.armLeaves(c);
      } else if (field === 'alternative') {
        if (settled) { this.unreached(scope, () => part(c)); continue; }
        // `if not isinstance(x, C): … else: x.m()`: x is a C in the else branch
        const ruledOut = [...excluded];
        if (this.type(c) === 'else_clause' && cond >= 0) this.flow.inArm(i, c, () => this.narrowedIn([...ruledOut, ...this.negatedNarrowings(cond, scope)], scope, () => part(c)));
        else this.flow.inArm(i, c, () => this.narrowedIn(ruledOut, scope, () => part(c)));
        if (this.type(c) === 'else_clause' && this.exits(this.child(c, 'body'), true)) this.flow.armLeaves(c);
        if (this.type(c) === 'elif_clause') { const ec = this.child(c, 'condition'); if (ec >= 0) this.exclusions(ec, scope, excluded); }
        if (this.type(c) === 'elif_clause' && this.staticTruth(this.child(c, 'condition')) === true) settled = true;
        if (this.type(c) === 'elif_clause' && isPlatformTest(this.txt(this.child(c, 'condition')))) platform = true;
      } else part(c);
      if (field === 'consequence' || field === 'alternative') ends.push(this.exits(field === 'consequence' ? c : this.child(c, this.type(c) === 'elif_clause' ? 'consequence' : 'body')) ? null : this.blockEnd);
    }
    if (truth === undefined && !settled && this.kids(i).some((c) => this.type(c) === 'else_clause')) this.joinArms(ends);
    if (platform) for (let k = s0; k < this.symbols.length; k++) (this.py.platformed ??= []).push(k);
    if (platform) for (let k = i0; k < this.py.imports.length; k++) this.py.imports[k].platformed = true;
    // `if not isinstance(x, C): raise …` (or return, continue, break): below it in the block, x is a C
    const body = this.child(i, 'consequence');
    if (this.type(i) === 'if_statement' && cond >= 0 && body >= 0 && this.exits(body)) {
      for (const [name, type] of this.negatedNarrowings(cond, scope)) this.narrowed.set(name, { scope, type });
      // (`if isinstance(x, C): return …`: below it, x is no C)
      if (!this.kids(i).some((c) => this.fieldOf(c) === 'alternative')) for (const [name, type] of this.exclusions(cond, scope, [])) this.narrowed.set(name, { scope, type });
    }
  }

  /** A condition decided before the program runs (`sys.version_info >= (3, 8)`: conditions.ts), else undefined. */
  private staticTruth(cond: number): boolean | undefined {
    return cond < 0 ? undefined : staticCondition(this.reader(), cond);
  }

  /** The tree with names read through the file's imports, as conditions.ts, sys-path.ts and records.ts read it. */
  private reader(): ConditionReader & PathTree {
    return this.treeReader ??= {
      type: (i) => this.type(i), txt: (i) => (i < 0 ? '' : this.txt(i)), namedKids: (i) => (i < 0 ? [] : this.namedKids(i)), kids: (i) => this.kids(i),
      named: (i) => this.named(i), child: (i, f) => (i < 0 ? -1 : this.child(i, f)), canonical: (i) => this.canonical(i), stringText: (i) => this.stringContent(i)?.text,
    };
  }

  /**
   * A branch that cannot run on the Python version conditions are decided for, read as a type checker reads it: its
   * definitions are symbols (marked `unreached`) that bind no names, its imports bind none, its calls and references
   * are not kept.
   */
  private unreached(scope: Scope, f: () => void): void {
    const c0 = this.calls.length, r0 = this.refs.length, s0 = this.symbols.length, i0 = this.py.imports.length;
    const had = this.unreachedIn.has(scope);
    this.unreachedIn.add(scope);
    try {
      f();
    } finally {
      if (!had) this.unreachedIn.delete(scope);
    }
    this.calls.length = c0;
    this.refs.length = r0;
    for (let k = s0; k < this.symbols.length; k++) (this.py.unreached ??= []).push(k);
    for (let k = i0; k < this.py.imports.length; k++) this.py.imports[k].unreached = true;
  }

  /** Records symbol `s`'s decorators (their texts), and whether the first is written as a call (`@app.route('/')`). */
  private recordDecorators(s: number, decos: number[], decoTexts: string[]): void {
    if (decoTexts.length) (this.py.decorators ??= {})[s] = decoTexts;
    if (decos.length && this.type(this.namedKids(decos[0])[0] ?? -1) === 'call') (this.py.decoratorCalled ??= []).push(s);
  }

  private parameters(params: number, fs: Scope, outer: Scope, methodKind: string | undefined): void {
    let first = true;
    // (an argument's position: `self` and `cls` are the receiver's)
    let position = 0;
    // a method's parameter list as written (names and kinds, separators too) and each parameter's local: an
    // unannotated parameter of an override takes the annotation of the overridden method's (resolve.ts inheritedParam)
    const sig = methodKind !== undefined && fs.sym !== undefined ? { p: [] as string[], l: [] as number[] } : undefined;
    if (sig) (this.py.sigs ??= {})[fs.sym!] = sig;
    for (const p of this.namedKids(params)) {
      const ty = this.type(p);
      if (sig && (ty === 'keyword_separator' || ty === 'positional_separator')) { sig.p.push(ty === 'keyword_separator' ? '*' : '/'); sig.l.push(-1); }
      let nameNode = -1, typeNode = -1, valueNode = -1;
      let splat: 'list' | 'dict' | undefined;
      if (ty === 'identifier') nameNode = p;
      else if (ty === 'typed_parameter') {
        const inner = this.namedKids(p)[0];
        if (inner !== undefined && this.type(inner) === 'identifier') nameNode = inner;
        else if (inner !== undefined && (this.type(inner) === 'list_splat_pattern' || this.type(inner) === 'dictionary_splat_pattern')) {
          nameNode = this.namedKids(inner)[0] ?? -1;
          splat = this.type(inner) === 'list_splat_pattern' ? 'list' : 'dict';
        }
        typeNode = this.child(p, 'type');
      } else if (ty === 'default_parameter' || ty === 'typed_default_parameter') {
        nameNode = this.child(p, 'name');
        typeNode = this.child(p, 'type');
        valueNode = this.child(p, 'value');
      } else if (ty === 'list_splat_pattern' || ty === 'dictionary_splat_pattern') {
        nameNode = this.namedKids(p)[0] ?? -1;
        splat = ty === 'list_splat_pattern' ? 'list' : 'dict';
      } else continue;
      if (nameNode < 0 || this.type(nameNode) !== 'identifier') { if (sig) { sig.p.push('?'); sig.l.push(-1); } if (!(first && fs.cls !== undefined)) position++; first = false; continue; }
      const name = this.txt(nameNode);
      const refs0 = this.refs.length, calls0 = this.calls.length;
      const loc: LocalFact = { name };
      const l = this.locals.push(loc) - 1;
      this.paramLocals.add(l);
      if (sig) { sig.p.push(splat === 'list' ? `*${name}` : splat === 'dict' ? `**${name}` : name); sig.l.push(l); }
      fs.names.set(name, { k: 'local', l });
      this.localWritten(l, this.pos(nameNode));
      if (first && fs.cls !== undefined && !splat) {
        // `self` (`cls` in a classmethod, and in a metaclass's methods nothing more is known)
        loc.type = methodKind === 'classmethod' ? { k: 'typeof', of: { k: 'this', cls: fs.cls } } : { k: 'this', cls: fs.cls };
        // annotated with a class (a mixin's `self: "Host"`): an instance of it, as declared; a TypeVar of the module,
        // `Self` or `Any` (which turns the checker off, not what runs) stays the receiver (its assignments `self.x = …`
        // still declare the class's attributes: selfClass)
        if (typeNode >= 0) {
          const declared = this.annotation(typeNode, outer);
          const receiver = declared.k === 'this' || declared.k === 'any' || (declared.k === 'typeof' && declared.of.k === 'this');
          if (!receiver && !this.typeVarNamed(p, outer)) { loc.type = declared; this.declaredSelf.set(l, fs.cls); }
        }
      } else if (typeNode >= 0) {
        const t = this.annotation(typeNode, outer);
        loc.type = splat === 'list' ? { k: 'array', of: t } : splat === 'dict' ? { k: 'map', of: t, key: { k: 'lit' } } : t;
      } else if (splat) {
        // `*args` is a tuple and `**kwargs` a dict whatever they hold (`kwargs.items()` is the dict's)
        loc.type = splat === 'list' ? { k: 'array', of: { k: 'other' } } : { k: 'map', of: { k: 'other' }, key: { k: 'lit' } };
      } else if (valueNode >= 0) {
        const v = this.expr(valueNode, outer);
        if (v.k !== 'lit') loc.init = v;
      }
      if (valueNode >= 0 && typeNode >= 0) this.expr(valueNode, outer);
      if (fs.sym !== undefined) injectedDependencies(this, [valueNode, typeNode], this.refs, this.calls, refs0, calls0, fs.sym);
      // a parameter declared `Callable[[A, B], R]` (or Optional of one): what a lambda passed to it receives
      const fn = !splat && loc.type ? callableOf(loc.type) : undefined;
      if (fn?.params && fs.sym !== undefined && !(first && fs.cls !== undefined)) {
        (this.symbols[fs.sym].callbackParams ??= {})[position] = fn.params;
        ((this.py.callbackKeys ??= {})[fs.sym] ??= {})[name] = position;
      }
      if (!(first && fs.cls !== undefined)) position++;
      first = false;
    }
  }

  private classDef(i: number, scope: Scope, decos: number[], outer = i): void {
    const nameNode = this.child(i, 'name');
    if (nameNode < 0) return;
    const name = this.txt(nameNode);
    const decorators = decos.map((d) => this.decoratorExpr(d, scope)).filter((d): d is { text: string; expr: Expr } => !!d);
    const bases: Expr[] = [];
    const baseArgs: Array<Expr[] | null> = [];
    const baseTexts: string[] = [], baseNodes: number[] = [];
    let metaclass: Expr | undefined;
    const supers = this.child(i, 'superclasses');
    if (supers >= 0) {
      for (const b of this.namedKids(supers)) {
        if (this.type(b) === 'keyword_argument') {
          const v = this.child(b, 'value');
          const e = v >= 0 ? this.expr(v, scope) : undefined;
          if (e && this.txt(this.child(b, 'name')) === 'metaclass') metaclass = e;
          continue;
        }
        // `Generic[T]`, `Base[int]`: the class written before the brackets, its type arguments read as types
        const sub = this.type(b) === 'subscript';
        bases.push(this.expr(sub ? this.child(b, 'value') : b, scope));
        baseArgs.push(sub ? this.children(b, 'subscript').slice(0, 4).map((a) => this.annotation(a, scope)) : null);
        baseTexts.push(this.dotted(sub ? this.child(b, 'value') : b) ?? '');
        baseNodes.push(sub ? this.child(b, 'value') : b);
      }
    }
    let label: SymbolLabel = 'Class';
    let kind = 'class';
    const last = (t: string): string => t.slice(t.lastIndexOf('.') + 1);
    if (baseTexts.some((t) => last(t) === 'Protocol')) { label = 'Interface'; kind = 'protocol'; }
    else if (baseTexts.some((t) => ENUM_BASES.has(last(t)))) { label = 'Enum'; kind = 'enum'; }
    const body = this.child(i, 'body');
    const sym: SymbolFact = {
      name, label, kind, line: this.lineOf(outer), endLine: this.endLineOf(i), at: this.pos(nameNode), parent: this.owner(scope),
      qualifiedName: this.qualified(scope, name), exported: false, signature: this.signature(i, body),
    };
    if (bases.length) sym.extends = bases;
    const doc = this.docOf(body) ?? this.commentAbove(outer);
    if (doc) sym.doc = doc;
    const s = this.addSymbol(sym);
    const decoTexts = decorators.map((d) => d.text);
    this.recordDecorators(s, decos, decoTexts);
    if (baseArgs.some((a) => a)) {
      const container = containerBase(baseNodes, baseArgs, (h) => { const n = this.txt(this.type(h) === 'attribute' ? this.child(h, 'attribute') : h); return this.isTyping(h, scope) ? n : undefined; });
      (this.py.generics ??= {})[s] = container ? { params: typeParamsOf(baseTexts, baseArgs), bases: baseArgs, container } : { params: typeParamsOf(baseTexts, baseArgs), bases: baseArgs };
    }
    if (metaclass) (this.py.metaclasses ??= {})[s] = metaclass;
    if (baseNodes.some((b) => isTypedDictBase(this.canonical(b)))) (this.py.typedDicts ??= []).push(s);
    this.bindName(scope, name, { k: 'sym', s });
    const cs: Scope = { kind: 'class', parent: scope, names: new Map(), sym: s };
    this.classAttrs.set(s, new Map());
    if (body >= 0) {
      this.declareBlock(body, cs);
      this.visitChildren(body, cs);
    }
    recordFacts(this.reader(), this.py, s, decos, baseNodes, body, this.classAttrs.get(s));
  }

  private typeAlias(i: number, scope: Scope): void {
    const left = this.child(i, 'left');
    const right = this.child(i, 'right');
    const nameNode = left >= 0 ? this.findIdentifier(left) : -1;
    if (nameNode < 0) return;
    const name = this.txt(nameNode);
    const sym: SymbolFact = {
      name, label: 'TypeAlias', kind: 'type_alias', line: this.lineOf(i), endLine: this.endLineOf(i), at: this.pos(nameNode),
      parent: this.owner(scope), qualifiedName: this.qualified(scope, name), exported: false,
      signature: this.txt(i).replace(/\s+/g, ' ').slice(0, 200),
    };
    if (right >= 0) sym.type = this.annotation(right, scope);
    const s = this.addSymbol(sym);
    this.bindName(scope, name, { k: 'sym', s });
  }

  // ------------------------------------------------------------------ assignments
  /**
   * `__slots__ = ("ok", "pos")` in a class body: each string names an attribute of the class's instances, an occurrence
   * of it (pyright renames it with the attribute; left behind, an assignment of the renamed attribute would fail).
   */
  private slots(right: number, scope: Scope): void {
    const ty = this.type(right);
    const items = ty === 'string' ? [right] : ty === 'tuple' || ty === 'expression_list' || ty === 'list' || ty === 'parenthesized_expression' ? this.namedKids(right) : [];
    const cls: Expr = { k: 'id', name: this.symbols[scope.sym].name, b: symbolBinding(scope.sym) };
    for (const item of items) {
      const s = this.type(item) === 'string' ? this.stringContent(item) : undefined;
      if (!s || !/^[A-Za-z_]\w*$/.test(s.text) || s.text === '__dict__' || s.text === '__weakref__') continue;
      this.refs.push({ value: { k: 'member', obj: cls, name: s.text }, kind: 'value', at: s.at, from: this.owner(scope), bare: true });
    }
  }

  private assignment(i: number, scope: Scope): void {
    const left = this.child(i, 'left');
    const typeNode = this.child(i, 'type');
    const right = this.child(i, 'right');
    if (scope.kind === 'class' && right >= 0 && this.type(left) === 'identifier' && this.txt(left) === '__slots__') this.slots(right, scope);
    let value: Expr | undefined;
    // a type alias (`X: TypeAlias = Union[A, B]`, or implicitly `X = Optional[A]` outside functions): its value is
    // read as the annotation it is
    const alias = right >= 0 && (typeNode >= 0 ? /(?:^|\.)TypeAlias$/.test(this.txt(typeNode).trim())
      : scope.kind !== 'function' && this.type(left) === 'identifier' && this.isTypingSubscript(right, scope));
    if (alias) value = this.annotation(right, scope);
    else if (right >= 0) value = this.type(right) === 'assignment' ? this.chained(right, scope) : this.expr(right, scope);
    const comment = typeNode < 0 ? this.typeComment(i) : undefined; // (PEP 484's `# type: T`, as a checker reads it)
    const type = typeNode >= 0 ? this.annotation(typeNode, scope) : comment ? this.forwardRef(comment.text, comment.at, scope) : undefined;
    // `__all__ = [...]`
    if (scope.kind === 'module' && left >= 0 && this.type(left) === 'identifier' && this.txt(left) === '__all__') this.dunderAll(right, false);
    // a name holding a path a script computes, for a later `sys.path.insert(0, name)`
    if (left >= 0 && this.type(left) === 'identifier') {
      const v = right >= 0 ? pathValue(right, this.reader(), this.path, this.pathVars) : undefined;
      if (v) this.pathVars.set(this.txt(left), v); else this.pathVars.delete(this.txt(left));
    }
    this.assignTarget(left, value, scope, i, type, right);
    if (type && right >= 0 && !alias) this.declaredLambdas(right, type);
    // `T = TypeVar("T", bound=B)` at module level: T is a TypeVar (`py.typeVars`), with its bound
    const tv = scope.kind === 'module' && right >= 0 && this.type(left) === 'identifier' && this.type(right) === 'call' ? scope.names.get(this.txt(left)) : undefined;
    const bound = tv?.k === 'sym' ? typeVarBound(this.reader(), right, (n) => this.nameExpr(n, scope)) : undefined;
    if (tv?.k === 'sym' && bound !== undefined) (this.py.typeVars ??= {})[tv.s] = bound;
  }

  /** `Optional[A]`, `typing.Union[A, B]`, `list[A]`: a subscript of a generic that typing (or the builtins) give. */
  private isTypingSubscript(i: number, scope: Scope): boolean {
    if (this.type(i) !== 'subscript') return false;
    const head = this.child(i, 'value');
    const ty = head >= 0 ? this.type(head) : '';
    const name = ty === 'identifier' ? this.txt(head) : ty === 'attribute' ? this.txt(this.child(head, 'attribute')) : '';
    return isTypingName(name) && this.isTyping(head, scope);
  }

  /** `a = b = v`: every target gets v. */
  private chained(i: number, scope: Scope): Expr {
    const right = this.child(i, 'right');
    const v = right >= 0 ? (this.type(right) === 'assignment' ? this.chained(right, scope) : this.expr(right, scope)) : { k: 'other' } as Expr;
    this.assignTarget(this.child(i, 'left'), v, scope, i);
    return v;
  }

  private augmented(i: number, scope: Scope): void {
    const left = this.child(i, 'left');
    const right = this.child(i, 'right');
    if (scope.kind === 'module' && left >= 0 && this.type(left) === 'identifier' && this.txt(left) === '__all__') this.dunderAll(right, true);
    this.expr(left, scope);
    if (right >= 0) this.expr(right, scope);
  }

  /** Records `__all__`'s names (a list or tuple of plain strings), or marks it open. */
  private dunderAll(value: number, add: boolean): void {
    if (value < 0) return;
    const ty = this.type(value);
    if (ty !== 'list' && ty !== 'tuple') { this.py.allOpen = true; return; }
    const out = add ? (this.py.all ?? []) : [];
    for (const e of this.namedKids(value)) {
      const s = this.type(e) === 'string' ? this.stringContent(e) : undefined;
      if (!s) { this.py.allOpen = true; continue; }
      out.push({ name: s.text, at: s.at });
    }
    this.py.all = out;
  }

  /**
   * Binds an assignment target to its value: a module or class name becomes (or updates) a symbol, a function's
   * name its local, `self.x = v` an attribute of the class; anything else (`a[k] = v`, `obj.x = v`) is a reference.
   */
  private assignTarget(i: number, value: Expr | undefined, scope: Scope, stmt: number, type?: Expr, valueNode = -1): void {
    if (i < 0) return;
    const ty = this.type(i);
    if (ty === 'identifier') { this.assignName(i, value, scope, stmt, type, valueNode); return; }
    if (ty === 'pattern_list' || ty === 'tuple_pattern' || ty === 'list_pattern' || ty === 'tuple' || ty === 'list' || ty === 'as_pattern_target') {
      const items = this.namedKids(i);
      items.forEach((c, k) => {
        const inner = this.type(c) === 'list_splat_pattern' ? this.namedKids(c)[0] ?? -1 : c;
        this.assignTarget(inner, value && this.type(c) !== 'list_splat_pattern' ? (value.k === 'list' && value.items.length === items.length ? value.items[k] : { k: 'element', of: value, at: k }) : undefined, scope, stmt);
      });
      return;
    }
    if (ty === 'parenthesized_expression') { const inner = this.namedKids(i)[0]; if (inner !== undefined) this.assignTarget(inner, value, scope, stmt, type, valueNode); return; }
    if (ty === 'attribute') {
      const obj = this.child(i, 'object');
      const attr = this.child(i, 'attribute');
      // an isinstance test no longer holds; reads below in the block give the call assigned, as a checker narrows it
      const dotted = this.dotted(i) ?? '';
      this.narrowed.delete(dotted); this.membersAssigned.add(dotted);
      if (value?.k === 'call' && dotted) this.narrowed.set(dotted, { scope, type: value, assigned: true });
      const cls = this.selfClass(obj, scope);
      if (cls >= 0 && attr >= 0) { this.instanceAttribute(cls, attr, value, type, scope, stmt); return; }
      this.expr(i, scope, true);
      return;
    }
    this.expr(i, scope, true);
  }

  /** The class whose instance `obj` is when it is a method's `self` (the first parameter, not reassigned), else -1. */
  private selfClass(obj: number, scope: Scope): number {
    if (obj < 0 || this.type(obj) !== 'identifier') return -1;
    let s: Scope | undefined = scope;
    while (s && s.kind === 'comprehension') s = s.parent;
    if (!s || s.kind !== 'function' || s.cls === undefined) return -1;
    const b = s.names.get(this.txt(obj));
    if (!b || b.k !== 'local') return -1;
    const loc = this.locals[b.l];
    return loc.type?.k === 'this' ? loc.type.cls : this.declaredSelf.get(b.l) ?? -1;
  }

  private instanceAttribute(cls: number, attr: number, value: Expr | undefined, type: Expr | undefined, scope: Scope, stmt: number): void {
    const name = this.txt(attr);
    const attrs = this.classAttrs.get(cls)!;
    const known = attrs.get(name);
    if (known !== undefined) {
      const p = this.symbols[known];
      if (type && !p.type) p.type = type;
      if (value) this.addSymbolValue(known, value);
      this.refs.push({ value: { k: 'member', obj: { k: 'this', cls }, name }, kind: 'value', at: this.pos(attr), from: scope.sym });
      return;
    }
    // a method of the class with that name: an assignment to it (a value read), no new symbol
    const sym: SymbolFact = {
      name, label: 'Property', kind: 'attribute', line: this.lineOf(stmt), endLine: this.endLineOf(stmt), at: this.pos(attr), parent: cls,
      qualifiedName: `${this.symbols[cls].qualifiedName}.${name}`, exported: false,
    };
    if (type) sym.type = type;
    if (value) sym.init = value;
    const s = this.addSymbol(sym);
    attrs.set(name, s);
  }

  private addSymbolValue(s: number, value: Expr): void {
    const sym = this.symbols[s];
    if (!sym.init) { sym.init = value; return; }
    sym.reassigned = true;
    const prev = sym.init;
    const types = prev.k === 'union' ? prev.types : [prev];
    if (types.length < MAX_UNION) sym.init = { k: 'union', types: [...types, value] };
  }

  private assignName(i: number, value: Expr | undefined, scope: Scope, stmt: number, type: Expr | undefined, valueNode: number): void {
    const name = this.txt(i);
    if (this.narrowed.get(name)?.scope === scope) this.narrowed.delete(name); // an isinstance test no longer holds
    let target = scope;
    if (scope.kind === 'comprehension') target = scope; // a walrus in a comprehension binds outside it (rare; kept local)
    if (scope.kind === 'function' && scope.globals?.has(name)) target = moduleOf(scope);
    if (scope.kind === 'function' && scope.nonlocals?.has(name)) {
      // assigns a local of an enclosing function
      const b = this.lookup(name, scope.parent, true);
      if (b && b.k === 'local') { if (value) { this.anytime = true; this.addValue(b.l, value); this.anytime = false; } }
      else if (b && b.k === 'sym') this.symbols[b.s].reassigned = true;
      return;
    }
    const prev = target.names.get(name);
    // in a branch that cannot run: no value for a name, a new symbol bound to none
    const unreached = this.unreachedIn.has(target);
    if (unreached && (prev || target.kind === 'function' || target.kind === 'comprehension')) return;
    if (target.kind === 'function' || target.kind === 'comprehension') {
      if (prev && prev.k === 'local') {
        this.localWritten(prev.l, this.pos(i));
        if (type && !this.locals[prev.l].type) this.locals[prev.l].type = type;
        if (value) this.addValue(prev.l, value);
      } else if (prev && prev.k === 'sym') this.symbols[prev.s].reassigned = true;
      return;
    }
    // module or class level: a symbol
    if (prev && prev.k === 'sym') {
      const p = this.symbols[prev.s];
      if (type && !p.type) p.type = type;
      if (value) this.addSymbolValue(prev.s, value);
      else p.reassigned = true;
      this.refs.push({ value: { k: 'id', name, b: symbolBinding(prev.s) }, kind: 'value', at: this.pos(i), from: this.owner(scope) });
      return;
    }
    if (prev && prev.k === 'imp') {
      // a name imported then assigned (`try: import x except ImportError: x = None`)
      return;
    }
    const inClass = target.kind === 'class';
    const owner = inClass ? target.sym : -1;
    let label: SymbolLabel = inClass ? 'Property' : 'Variable';
    let kind = inClass ? 'class_attribute' : 'variable';
    if (valueNode >= 0 && this.type(valueNode) === 'lambda') { label = inClass ? 'Method' : 'Function'; kind = 'lambda'; }
    if (inClass && this.symbols[owner].label === 'Enum' && !type) kind = 'enum_member';
    else if (inClass && type && !value) kind = 'field';
    if (type && (type.k === 'id' || type.k === 'member') && type.name === 'TypeAlias') { label = 'TypeAlias'; kind = 'type_alias'; }
    const sym: SymbolFact = {
      name, label, kind, line: this.lineOf(stmt), endLine: this.endLineOf(stmt), at: this.pos(i), parent: owner,
      qualifiedName: inClass ? `${this.symbols[owner].qualifiedName}.${name}` : name, exported: false,
    };
    const sig = this.txt(stmt).split('\n')[0].replace(/\s+/g, ' ');
    sym.signature = sig.length > 200 ? `${sig.slice(0, 199)}…` : sig;
    if (type && label !== 'TypeAlias') sym.type = type;
    if (label === 'TypeAlias' && value) sym.type = value;
    else if (value) sym.init = value;
    if (label === 'Function' || label === 'Method') {
      if (value && value.k === 'fn' && value.ret) sym.returnsValue = value.ret;
    }
    const doc = this.commentAbove(stmt);
    if (doc) sym.doc = doc;
    const s = this.addSymbol(sym);
    if (!unreached) {
      target.names.set(name, { k: 'sym', s });
      if (inClass) this.classAttrs.get(owner)!.set(name, s);
    }
    // a lambda bound to the name: the calls and references of its body are the symbol's (it runs them)
    const span = kind === 'lambda' ? this.lambdaBodies.get(valueNode) : undefined;
    if (span) {
      for (let k = span[0]; k < span[1]; k++) if (this.calls[k].from === owner) this.calls[k].from = s;
      for (let k = span[2]; k < span[3]; k++) if (this.refs[k].from === owner) this.refs[k].from = s;
    }
  }

  // ------------------------------------------------------------------ names
  // ------------------------------------------------------------------ expressions
  /**
   * The shape of an expression, recording its calls and name references on the way. `written`: the expression is an
   * assignment's target (its names are written, not read).
   */
  protected expr(i: number, scope: Scope, written = false): Expr {
    if (i < 0) return { k: 'other' };
    const ty = this.type(i);
    switch (ty) {
      case 'identifier': {
        const name = this.txt(i);
        const e = this.nameExpr(name, scope, !written);
        if (written) return e;
        this.refs.push({ value: e, kind: 'value', at: this.pos(i), from: this.owner(scope) });
        const n = this.narrowed.get(name);
        if (n && (n.scope === scope || narrowedThrough(scope, name, n.scope))) return { k: 'narrowed', of: e, type: n.type };
        const b = scope.kind === 'function' ? scope.names.get(name) : undefined;
        return (b?.k === 'local' && this.readValue(b.l, e)) || e;
      }
      case 'attribute': {
        const objNode = this.child(i, 'object');
        const attr = this.child(i, 'attribute');
        const obj = this.expr(objNode, scope);
        if (attr < 0) return { k: 'other' };
        const e: Expr = { k: 'member', obj, name: this.txt(attr) };
        if (!this.isCallee(i)) this.refs.push({ value: e, kind: 'value', at: this.pos(attr), from: this.owner(scope) });
        // (a member called is the member its class declares, not what an assignment narrowed it to: `p.run = patched`)
        const n = written ? undefined : this.narrowed.get(this.dotted(i) ?? '');
        if (n?.assigned && this.isCallee(i)) return e;
        return n && scopeOutsideComprehension(scope) === n.scope ? { k: 'narrowed', of: e, type: n.type } : e;
      }
      case 'call': return this.callExpr(i, scope);
      case 'parenthesized_expression': { const inner = this.namedKids(i)[0]; return inner === undefined ? { k: 'other' } : this.expr(inner, scope, written); }
      case 'await': { const inner = this.namedKids(i)[0]; return { k: 'await', inner: this.expr(inner ?? -1, scope) }; }
      case 'subscript': {
        const of = this.expr(this.child(i, 'value'), scope);
        const subs = this.children(i, 'subscript');
        const keys = subs.map((s) => this.expr(s, scope));
        // `xs[1:]`: a slice of a sequence is a sequence of the same elements
        if (subs.length === 1 && this.type(subs[0]) === 'slice') return { k: 'element', of, index: true, slice: true };
        // (the key, which picks a tuple's item or an overload of `__getitem__`: subscripts.ts)
        const by = subs.length === 1 ? indexKey(this.reader(), subs[0], keys[0], (n) => this.stringContent(n)?.text) : undefined;
        const at = by?.k === 'lit' && by.type === 'int' ? Number(by.v) : undefined;
        if (!by) return { k: 'element', of, index: true };
        return at !== undefined && Number.isInteger(at) && at >= 0 && at < 16 ? { k: 'element', of, at, index: true, by } : { k: 'element', of, index: true, by };
      }
      case 'conditional_expression': {
        const parts = this.namedKids(i).map((p) => this.expr(p, scope));
        return parts.length === 3 ? { k: 'union', types: [parts[0], parts[2]] } : { k: 'other' };
      }
      // `root / "name"`, `a + b`: what the operand's operator method gives (a `Path`'s `/` is a `Path`)
      case 'binary_operator': {
        const left = this.expr(this.child(i, 'left'), scope);
        const right = this.expr(this.child(i, 'right'), scope);
        const op = this.child(i, 'operator');
        const methods = op >= 0 ? BINARY_OPERATOR_METHODS.get(this.txt(op)) : undefined;
        return methods ? { k: 'operator', left, right, method: methods[0], reflected: methods[1] } : { k: 'other' };
      }
      case 'boolean_operator': {
        const left = this.child(i, 'left');
        const l = this.expr(left, scope);
        const op = [...this.kids(i)].find((c) => !this.named(c));
        const and = op !== undefined && this.type(op) === 'and';
        // `isinstance(x, C) and x.m()`: x is a C on the right
        const r = and ? this.narrowedIn(this.narrowings(left, scope, []), scope, () => this.expr(this.child(i, 'right'), scope)) : this.expr(this.child(i, 'right'), scope);
        return and ? { k: 'and', left: l, right: r } : { k: 'union', types: [l, r] };
      }
      case 'named_expression': {
        const v = this.expr(this.child(i, 'value'), scope);
        const n = this.child(i, 'name');
        if (n >= 0) this.assignName(n, v, scopeOutsideComprehension(scope), i, undefined, -1);
        return v;
      }
      case 'lambda': return this.lambda(i, scope);
      case 'yield': {
        const from = [...this.kids(i)].some((c) => this.type(c) === 'from');
        const v = this.namedKids(i)[0];
        const e = v === undefined ? { k: 'lit' as const } : this.expr(v, scope);
        this.yields.push(from ? { k: 'element', of: e } : e);
        // `r = yield from g`: what the generator g returns; a plain `yield` gives what is sent in (not known)
        return from ? { k: 'await', inner: e, from: true } : { k: 'other' };
      }
      // `return a, b` and `x, y = a, b` are tuples without parentheses
      case 'list': case 'tuple': case 'expression_list': {
        // (`[*a, *b, c]`: a splatted iterable stands for its elements, what iterating over the literal gives)
        const items = this.namedKids(i).map((c): Expr => {
          if (this.type(c) !== 'list_splat') return this.expr(c, scope);
          const inner = this.namedKids(c)[0];
          return { k: 'element', of: inner === undefined ? { k: 'other' } : this.expr(inner, scope) };
        });
        return { k: 'list', items: items.slice(0, 8) };
      }
      // a literal mapping (`{"a": f, "b": g}`, a dispatch table): its values are what an index or `.get` gives
      // (the resolver keeps them only where pyright would: one value, or functions)
      case 'dictionary': {
        const keys: Expr[] = [];
        const values: Expr[] = [];
        for (const c of this.namedKids(i)) {
          if (this.type(c) !== 'pair') { this.expr(c, scope); continue; }
          const k = this.child(c, 'key');
          const v = this.child(c, 'value');
          if (k >= 0) keys.push(this.expr(k, scope));
          if (v >= 0) values.push(this.expr(v, scope));
        }
        // with no value kept (`{}`, or more kinds than a union holds) it is still a dict: its own methods are
        // the builtin's, as the checker reads `dict[Unknown, Unknown]`, while its values stay unknown
        const of = literalUnion(values) ?? { k: 'any' };
        return { k: 'map', of, key: literalUnion(keys) ?? { k: 'other' }, values: true };
      }
      case 'set': {
        const of = literalUnion(this.namedKids(i).map((c) => this.expr(c, scope)));
        return of ? { k: 'array', of, values: true } : { k: 'other' };
      }
      case 'list_comprehension': case 'set_comprehension': case 'generator_expression': case 'dictionary_comprehension':
        return this.comprehension(i, scope);
      case 'string': case 'concatenated_string': {
        for (const c of this.namedKids(i)) if (this.type(c) === 'interpolation' || this.type(c) === 'string') this.expr(c, scope);
        return { k: 'lit' };
      }
      case 'interpolation': { const e = this.child(i, 'expression'); if (e >= 0) this.expr(e, scope); return { k: 'lit' }; }
      case 'integer': case 'float': case 'true': case 'false': case 'none': case 'ellipsis': return { k: 'lit' };
      case 'keyword_argument': { const v = this.child(i, 'value'); if (v >= 0) this.expr(v, scope); return { k: 'other' }; }
      case 'list_splat': case 'dictionary_splat': case 'parenthesized_list_splat': { for (const c of this.namedKids(i)) this.expr(c, scope); return { k: 'other' }; }
      case 'as_pattern': { for (const c of this.namedKids(i)) this.expr(c, scope); return { k: 'other' }; }
      case 'comment': return { k: 'other' };
      default:
        for (const c of this.namedKids(i)) this.expr(c, scope);
        return { k: 'other' };
    }
  }

  /** True when an attribute node is the function of a call (its name is a call site, not a value reference). */
  private isCallee(i: number): boolean {
    const p = this.t.parent[i];
    return p >= 0 && this.type(p) === 'call' && this.fieldOf(i) === 'function';
  }

  private callExpr(i: number, scope: Scope): Expr {
    const fn = this.child(i, 'function');
    const argsNode = this.child(i, 'arguments');
    let callee: Expr;
    let nameNode = -1;
    const fty = fn >= 0 ? this.type(fn) : '';
    if (fty === 'identifier') {
      nameNode = fn;
      const name = this.txt(fn);
      callee = this.nameExpr(name, scope, true);
      // `super()` (and `super(C, self)`) in a method: the class's bases
      if (name === 'super') {
        const cls = enclosingClass(scope);
        if (cls !== undefined) {
          this.visitArgs(argsNode, scope);
          const e: Expr = { k: 'super', cls };
          // `super(C, self)`: the lookup starts after C
          const first = argsNode >= 0 ? this.namedKids(argsNode).find((a) => this.type(a) !== 'keyword_argument') : undefined;
          const after = first !== undefined ? this.classRef(first, scope) : undefined;
          if (after) e.after = after;
          this.calls.push({ callee, at: this.pos(fn), from: this.owner(scope) });
          return e;
        }
      }
    } else if (fty === 'attribute') {
      nameNode = this.child(fn, 'attribute');
      callee = this.expr(fn, scope);
    } else callee = this.expr(fn, scope);
    // what the call gives depends on its first argument: an iterable's elements (`next(it)`, `sorted(xs)`), a type
    // (`typing.cast(T, v)`)
    const canonical = fty === 'identifier' || fty === 'attribute' ? this.canonical(fn) ?? '' : '';
    const cast = CASTS.has(canonical);
    const first: { asType: boolean; value?: Expr } | undefined = cast || (fty === 'identifier' && ELEMENT_BUILTINS.has(canonical)) ? { asType: cast } : undefined;
    const positional: Array<Expr | null> = [], named: NamedArgFact[] = [];
    const args = this.visitArgs(argsNode, scope, first, positional, named);
    this.keyedLambdas(canonical, callee, argsNode, positional);
    this.lambdaContext(argsNode, this.calls.length);
    const call: CallFact = { callee, at: nameNode >= 0 ? this.pos(nameNode) : toPos(this.lineOf(i), 1, 0), from: this.owner(scope) };
    if (named.length) call.named = named;
    if (named.length && RECORD_COPIES.has(canonical) && positional[0]) call.namedOf = positional[0];
    if (args.length) {
      const text = fn >= 0 ? this.dotted(fn) ?? '' : '';
      call.args = args.map((a) => ({ value: a.value, at: a.at, callee: text, ...(a.key ? { key: a.key } : {}) }));
    }
    this.calls.push(call);
    const pathArg = SYS_PATH_CALLS.get(this.canonical(fn) ?? '');
    if (pathArg !== undefined) this.sysPath(argsNode, pathArg, i);
    // (the value cast too: a function cast to a `Callable` is what a call of the result runs)
    if (cast) return first!.value ? (positional[1] ? { k: 'as', type: first!.value, of: positional[1] } : { k: 'as', type: first!.value }) : { k: 'other' };
    if (SAME_TYPE.has(canonical) && positional[0]) return positional[0];
    const e: Expr = { k: 'call', callee };
    if (first?.value) e.args = [first.value];
    // the positional arguments, what a generic callee's TypeVars are solved from (generic-calls.ts); of a builtin's
    // name only the first is read, by the builtins above
    else if ((callee.k === 'id' ? !isBuiltinName(callee.name) || (canonical === 'zip' && zipKeepsArguments(this.reader(), argsNode)) || canonical === 'filter' : callee.k === 'member') && positional.some((a) => a)) e.args = positional;
    return e;
  }

  /** `sys.path.insert(0, p)`, `sys.path.append(p)`, `site.addsitedir(p)`: p as an import root, when it is known. */
  private sysPath(argsNode: number, at: number, call: number): void {
    const args = argsNode >= 0 ? this.namedKids(argsNode).filter((a) => this.type(a) !== 'keyword_argument') : [];
    const v = at < args.length ? pathValue(args[at], this.reader(), this.path, this.pathVars) : undefined;
    if (!v) return;
    (this.py.sysPath ??= []).push({ path: v.path, ...(v.base === 'cwd' ? { cwd: true as const } : {}), line: this.lineOf(call) });
  }

  /**
   * The dotted name of an expression with its first name read through the file's imports so far: `osp.join` after
   * `import os.path as osp` is `os.path.join`, `join` after `from os.path import join` too.
   */
  private canonical(i: number): string | undefined {
    const dotted = this.dotted(i);
    return dotted === undefined ? undefined : this.canonicalText(dotted);
  }

  /** canonical of a dotted name as written (also in a string annotation: `"_t.Iterator[X]"`). */
  private canonicalText(dotted: string): string {
    const dot = dotted.indexOf('.');
    const head = dot < 0 ? dotted : dotted.slice(0, dot);
    const full = this.importedAs.get(head);
    return full === undefined ? dotted : full + (dot < 0 ? '' : dotted.slice(dot));
  }

  /** A call's arguments, visited; names and attributes passed as values are returned (callback candidates). */
  /**
   * (`first`: the first positional argument's shape is kept in `first.value`, read as a type with `asType`;
   * `positional`: receives the values of the positional arguments before any splat, the first four, null for a literal)
   */
  private visitArgs(argsNode: number, scope: Scope, first?: { asType: boolean; value?: Expr }, positional?: Array<Expr | null>, named?: NamedArgFact[]): Array<{ value: Expr; at: Pos; key?: string }> {
    const out: Array<{ value: Expr; at: Pos; key?: string }> = [];
    if (argsNode < 0) return out;
    if (this.type(argsNode) !== 'argument_list') { this.expr(argsNode, scope); return out; }
    for (const a of this.namedKids(argsNode)) {
      const ty = this.type(a);
      if (ty === 'keyword_argument') {
        const v = this.child(a, 'value');
        const k = this.child(a, 'name');
        if (named && k >= 0) named.push({ name: this.txt(k), at: this.pos(k) });
        const value = this.expr(v, scope);
        if (v >= 0 && (this.type(v) === 'identifier' || this.type(v) === 'attribute')) out.push({ value, at: this.pos(this.type(v) === 'attribute' ? this.child(v, 'attribute') : v), key: k >= 0 ? this.txt(k) : undefined });
        continue;
      }
      let value: Expr;
      if (first && !first.value && ty !== 'list_splat' && ty !== 'dictionary_splat') value = first.value = first.asType ? this.annotation(a, scope) : this.expr(a, scope);
      else value = this.expr(a, scope);
      if (ty === 'list_splat' || ty === 'dictionary_splat') positional = undefined;
      else if (positional && positional.length < 4) positional.push(value.k === 'lit' ? null : value);
      if (ty === 'identifier' || ty === 'attribute') out.push({ value, at: this.pos(ty === 'attribute' ? this.child(a, 'attribute') : a) });
    }
    return out;
  }

  private comprehension(i: number, scope: Scope): Expr {
    const cs: Scope = { kind: 'comprehension', parent: scope, names: new Map(), sym: this.owner(scope) };
    // the first iterable is evaluated in the enclosing scope; the targets are the comprehension's own
    let first = true;
    let body = -1;
    for (const c of this.namedKids(i)) {
      const ty = this.type(c);
      if (ty === 'for_in_clause') {
        const iter = this.expr(this.child(c, 'right'), first ? scope : cs);
        first = false;
        const left = this.child(c, 'left');
        this.declareComprehensionTarget(left, cs);
        this.assignTarget(left, { k: 'element', of: iter }, cs, c);
      } else if (ty === 'if_clause') {
        for (const e of this.namedKids(c)) this.expr(e, cs);
      } else if (body < 0) body = c;
    }
    // a dict comprehension's body is a `key: value` pair: its values are what an index or `.get` gives
    if (this.type(i) === 'dictionary_comprehension' && body >= 0 && this.type(body) === 'pair') {
      const k = this.child(body, 'key');
      const v = this.child(body, 'value');
      const key = k >= 0 ? this.expr(k, cs) : { k: 'other' } as Expr;
      return { k: 'map', of: v >= 0 ? this.expr(v, cs) : { k: 'any' }, key, values: true };
    }
    const b = body >= 0 ? this.expr(body, cs) : { k: 'other' } as Expr;
    // its elements are values (`[C(x) for x in xs]` holds C instances), not an annotation's types
    return this.type(i) === 'dictionary_comprehension' ? { k: 'map', of: { k: 'any' }, values: true } : { k: 'array', of: b, values: true };
  }

  private declareComprehensionTarget(i: number, cs: Scope): void {
    if (i < 0) return;
    if (this.type(i) === 'identifier') {
      const name = this.txt(i);
      if (!cs.names.has(name)) cs.names.set(name, { k: 'local', l: this.newLocal(name) });
      return;
    }
    for (const c of this.namedKids(i)) this.declareComprehensionTarget(c, cs);
  }

  // ------------------------------------------------------------------ annotations
  /**
   * A type annotation as a type Expr: a class named (`C`, `mod.C`, `"C"`), `Optional[X]` and `X | None` as a union with
   * a literal, `list[X]`/`Sequence[X]`/… as an array of X, `dict[K, V]`/`Mapping[K, V]` as a map of V, `type[X]` as the
   * class itself, `Callable[..., R]` as a function type. The names in it are type references.
   */
  private annotation(i: number, scope: Scope): Expr {
    if (i < 0) return { k: 'other' };
    const ty = this.type(i);
    if (ty === 'type') { const inner = this.namedKids(i)[0]; return inner === undefined ? { k: 'other' } : this.annotation(inner, scope); }
    if (ty === 'identifier' || ty === 'attribute') {
      const e = this.typeName(i, scope);
      const n = e.k === 'id' || e.k === 'member' ? e.name : '';
      if (n === 'Any' && this.isTyping(i, scope)) return { k: 'any' };
      // `Self`: the instance a method is called on
      const cls = n === 'Self' ? (scope.kind === 'class' ? scope.sym : enclosingClass(scope)) : undefined;
      if (cls !== undefined && cls >= 0 && this.isTyping(i, scope)) return { k: 'this', cls };
      if ((n === 'None' || n === 'str' || n === 'int' || n === 'float' || n === 'bool' || n === 'bytes') && ty === 'identifier') return { k: 'lit' };
      return e;
    }
    if (ty === 'none') return { k: 'lit' };
    if (ty === 'string') {
      const s = this.stringContent(i);
      const place = s ? this.stringPlace(i) : 'evaluated';
      return s ? this.forwardRef(s.text, s.at, scope, place === 'evaluated') : { k: 'other' };
    }
    if (ty === 'binary_operator' || ty === 'union_type') {
      const parts = this.namedKids(i).map((p) => this.annotation(p, scope));
      const types: Expr[] = [];
      for (const p of parts) if (p.k === 'union') types.push(...p.types); else types.push(p);
      return { k: 'union', types };
    }
    if (ty === 'generic_type' || ty === 'subscript') {
      const head = ty === 'generic_type' ? this.namedKids(i)[0] : this.child(i, 'value');
      const args: number[] = [];
      if (ty === 'generic_type') {
        const tp = this.namedKids(i).find((c) => this.type(c) === 'type_parameter');
        if (tp !== undefined) for (const a of this.namedKids(tp)) args.push(a);
      } else for (const a of this.children(i, 'subscript')) args.push(a);
      if (head === undefined || head < 0) return { k: 'other' };
      const headName = this.type(head) === 'identifier' ? this.txt(head) : this.type(head) === 'attribute' ? this.txt(this.child(head, 'attribute')) : '';
      const typing = isTypingName(headName) && this.isTyping(head, scope);
      if (typing) {
        const kind = annotationNames[headName];
        // (a Callable's parameter types: what a lambda passed where it is declared receives, lambdaContext; in a
        // `def`'s annotation the parameter list is wrapped in a `type` node)
        const ts: Expr[] = [], params: Expr[] = [];
        for (const a of args) {
          const inner = this.type(a) === 'type' ? this.namedKids(a)[0] ?? a : a;
          if (kind === 'callable' && this.type(inner) === 'list') for (const x of this.namedKids(inner)) params.push(this.annotation(x, scope));
          else if (this.type(a) !== 'list') ts.push(this.annotation(a, scope));
        }
        const t = typingAnnotation(kind, ts, args.length, args.length === 2 && this.type(args[1]) === 'ellipsis');
        return t.k === 'fntype' && params.length ? { ...t, params: params.slice(0, 8) } : t;
      }
      // a project generic (`Repo[User]`): the class with its type arguments
      const base = this.annotation(head, scope);
      const targs = args.map((a) => this.annotation(a, scope));
      return targs.length ? { k: 'generic', of: base, args: targs.slice(0, 4) } : base;
    }
    if (ty === 'list') { for (const x of this.namedKids(i)) this.annotation(x, scope); return { k: 'other' }; }
    if (ty === 'constrained_type' || ty === 'member_type' || ty === 'splat_type') { const inner = this.namedKids(i)[0]; return inner === undefined ? { k: 'other' } : this.annotation(inner, scope); }
    this.expr(i, scope);
    return { k: 'other' };
  }

  /** A name in a type position: a type reference. */
  private typeName(i: number, scope: Scope): Expr {
    if (this.type(i) === 'identifier') {
      const e = this.nameExpr(this.txt(i), scope);
      this.refs.push({ value: e, kind: 'type', at: this.pos(i), from: this.owner(scope) });
      return e;
    }
    const obj = this.child(i, 'object');
    const attr = this.child(i, 'attribute');
    const o = this.type(obj) === 'identifier' || this.type(obj) === 'attribute' ? this.typeNameObj(obj, scope) : this.expr(obj, scope);
    if (attr < 0) return { k: 'other' };
    const e: Expr = { k: 'member', obj: o, name: this.txt(attr) };
    this.refs.push({ value: e, kind: 'type', at: this.pos(attr), from: this.owner(scope) });
    return e;
  }

  private typeNameObj(i: number, scope: Scope): Expr {
    if (this.type(i) === 'identifier') {
      const e = this.nameExpr(this.txt(i), scope);
      this.refs.push({ value: e, kind: 'value', at: this.pos(i), from: this.owner(scope) });
      return e;
    }
    return this.expr(i, scope);
  }

  /**
   * Where a string read as a type stands: in an annotation (a parameter's, a result's, a variable's) or a class's bases
   * (`Iterator["Node"]`), which a checker parses with the file (pyright renames names there, a class defined further
   * down included); or in an expression evaluated as a type (`cast("V", x)`), whose string only the evaluation parses
   * and pyright's rename does not edit.
   */
  private stringPlace(i: number): 'annotation' | 'base' | 'evaluated' {
    for (let p = this.t.parent[i]; p >= 0; p = this.t.parent[p]) {
      const ty = this.type(p);
      if (ty === 'type') return 'annotation';
      if (ty === 'argument_list') return this.type(this.t.parent[p]) === 'class_definition' ? 'base' : 'evaluated';
      if (ty === 'call' || ty === 'assignment' || ty === 'expression_statement' || ty === 'block' || ty === 'module' || this.isStatement(ty)) return 'evaluated';
    }
    return 'evaluated';
  }

  /**
   * An annotation written in a string (`"pkg.C"`, `"OrderedDict[Event, T] | None"`): what it holds, read as written.
   * `unparsed`: a string a checker reads only when it evaluates it (stringPlace); its names are occurrences for review.
   */
  private forwardRef(text: string, at: Pos, scope: Scope, unparsed = false): Expr {
    const t = parseStringAnnotation(text);
    if (!t) return { k: 'other' };
    // (a name's occurrence where the string is on one line: its position inside the string)
    const line = typeof at === 'number' ? Math.floor(at / (1024 * 128)) : -1, col = typeof at === 'number' ? Math.floor(at / 128) % 1024 : 0;
    return stringAnnotationType(t, {
      name: (parts, off) => {
        let e: Expr = this.nameExpr(parts[0], scope);
        for (const p of parts.slice(1)) e = { k: 'member', obj: e, name: p };
        if (line < 0 || text.includes('\n')) return e;
        // the name a dotted one ends with (`"ds.Headers"`: the class the module `ds` holds) is its occurrence
        const last = parts.length === 1 ? off : lastPartAt(text, off, parts);
        if (last >= 0) this.refs.push({ value: e, kind: 'type', at: toPos(line, col + last, parts[parts.length - 1].length), from: this.owner(scope), ...(unparsed ? { unparsed: true as const } : {}) });
        return e;
      },
      isTyping: (parts) => this.isTypingText(parts, scope),
      self: () => {
        const cls = scope.kind === 'class' ? scope.sym : enclosingClass(scope);
        return cls !== undefined && cls >= 0 ? { k: 'this', cls } : undefined;
      },
    });
  }

  /** True when a name in an annotation is typing's (imported from typing & co., or a builtin generic not shadowed). */
  private isTyping(i: number, scope: Scope): boolean {
    if (this.type(i) === 'attribute') return TYPING_MODULES.has(this.canonical(this.child(i, 'object')) ?? '');
    return this.isTypingText([this.txt(i)], scope);
  }

  /** isTyping of a dotted name written in a string. */
  private isTypingText(parts: string[], scope: Scope): boolean {
    if (parts.length > 1) return TYPING_MODULES.has(this.canonicalText(parts.slice(0, -1).join('.')));
    const b = this.lookup(parts[0], scope, false);
    if (!b) return true; // a builtin (`list`, `dict`, `type`, `tuple`)
    if (b.k !== 'imp') return false;
    const src = this.py.imports[b.i].source;
    return src === 'typing' || src === 'typing_extensions' || src === 'collections.abc' || src === 'collections';
  }
}

/** The offset in `text` of the last of `parts`, a dotted name written from `off` (spaces around the dots allowed), or -1. */
function lastPartAt(text: string, off: number, parts: readonly string[]): number {
  let at = off + parts[0].length;
  let start = off;
  for (const p of parts.slice(1)) {
    while (text[at] === ' ') at++;
    if (text[at] !== '.') return -1;
    at++;
    while (text[at] === ' ') at++;
    if (!text.startsWith(p, at)) return -1;
    start = at;
    at += p.length;
  }
  return start;
}

/** Statement-level node types walked through (their parts are visited, they are no expressions). */
const STRUCTURAL = new Set(['block', 'module', 'else_clause', 'elif_clause', 'finally_clause', 'try_statement', 'while_statement', 'with_statement', 'with_clause', 'match_statement', 'case_clause', 'if_statement', 'for_statement', 'pass_statement', 'break_statement', 'continue_statement']);

/** Captures whose node the collector files by role (tags.scm: comments, Python 2 statements). */
const ROLE_CAPTURES = new Set(['py2', 'comment']);
