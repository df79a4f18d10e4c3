/**
 * The narrowing layer of a Python file's collector: what an `isinstance` test, an exit below a negated test, or the
 * values that reach a read tell of a name where it is read, as a type checker narrows it. The collector's walk
 * (collect.ts) calls these at each `if`, `elif`, `else`, `match` arm and block.
 */
import type { Expr } from '../../extract/facts.ts';
import type { Scope } from './scopes.ts';
import { PyImports } from './imports.ts';
import { pick, ReachingValues } from './reaching.ts';
import { holdsCast } from './casts.ts';

/** What a name or member is narrowed to where it is read, and the scope that holds (`assigned`: by an assignment). */
export interface Narrowing { scope: Scope; type: Expr; assigned?: true }

/** The collector's narrowings (above its imports and scopes, below its walk). */
export class PyNarrowing extends PyImports {
  /** Names an enclosing `if isinstance(name, C):` narrows, with the scope that test is in and the instance type. */
  protected readonly narrowed = new Map<string, Narrowing>();
  /** Members (dotted) assigned in the block being visited: below it they may hold either value, nothing narrowed. */
  protected membersAssigned = new Set<string>();
  /** The members the block visited last narrowed by assignment, as they stood at its end (joinArms reads them). */
  protected blockEnd = new Map<string, Narrowing>();
  /** Where the function being visited is, and where each local's values were assigned: which reach a read. */
  protected readonly flow = new ReachingValues();
  /** Locals that are parameters (their values are their arguments', not only the ones assigned). */
  protected readonly paramLocals = new Set<number>();
  /** Set while a nested function assigns an enclosing function's local (`nonlocal`): at no known place of it. */
  protected anytime = false;
  /** Reads of parameters marked as seeing the argument only (`entry`), with their local and their outermost loop (-1: none). */
  private readonly entryReads: Array<[number, Expr & { k: 'id' }, number]> = [];
  /**
   * Reads of locals standing for the values assigned so far that reach them (the holder put in the read's place, the
   * read, the local, how many values it had then, which of them reach): decided once the function's values are all known.
   */
  private readonly soFarReads: Array<[holder: Expr, read: Expr, l: number, count: number, keep: number[]]> = [];

  /**
   * What a false `isinstance(x, C)` (or each test of a false `… or …`) rules out, added to `out`: x is what it was
   * but a C (a part of a union that is a C, or a subclass of one, is dropped), as a checker narrows the `else` branch.
   * (Not the body of `if not isinstance(x, C):`: read so, a call there reached members pyright does not name on a
   * corpus nobody tuned on.)
   * A key ruled out twice (`if isinstance(x, A): … elif isinstance(x, B): … else:`) drops both.
   */
  protected exclusions(cond: number, scope: Scope, out: Array<[string, Expr]>): Array<[string, Expr]> {
    for (const { key, subject: x, classes } of this.isinstanceTests(cond, 'or')) {
      // (what x is narrowed to already, `if not isinstance(x, Base): return` above, is what the test rules a part out of)
      const before = this.narrowed.get(key);
      let subject = before && before.scope === scope ? before.type : this.classRef(x, scope);
      // (a function's local: the values that reach the test, as a read there would have them, not all it is ever given)
      const local = subject?.k === 'id' && !(before && before.scope === scope) && scope.kind === 'function' ? scope.names.get(key) : undefined;
      if (subject && local?.k === 'local') subject = this.readValue(local.l, subject) ?? subject;
      if (!subject) continue;
      for (const c of classes) {
        const cls = this.classRef(c, scope);
        if (!cls) break;
        const k = out.findIndex(([name]) => name === key);
        const prev = k >= 0 ? out[k][1] : subject;
        const next: [string, Expr] = [key, { k: 'extract', of: prev, by: cls, not: true }];
        if (k >= 0) out[k] = next; else out.push(next);
      }
    }
    return out;
  }

  /** The narrowings a false `not isinstance(x, C)` (or `not (… and …)`'s tests) gives. */
  protected negatedNarrowings(cond: number, scope: Scope): Array<[string, Expr]> {
    let c = cond;
    while (this.type(c) === 'parenthesized_expression') c = this.namedKids(c)[0] ?? -1;
    if (c >= 0 && this.type(c) === 'comparison_operator') {
      // `if type(x) is not C: return`: below it, x is a C
      const test = this.typeTest(c, true);
      const cls = test && this.classRef(test.classes[0], scope);
      return test && cls ? [[test.key, { k: 'call', callee: cls }]] : [];
    }
    return c >= 0 && this.type(c) === 'not_operator' ? this.narrowings(this.child(c, 'argument'), scope, []) : [];
  }

  /** True when a block's last statement leaves it (`return`, `raise`, `continue`, `break`; the first two only with `function`). */
  protected exits(block: number, leavesFunction = false): boolean {
    const last = block < 0 ? undefined : this.namedKids(block).at(-1);
    const ty = last === undefined ? '' : this.type(last);
    return ty === 'return_statement' || ty === 'raise_statement' || (!leavesFunction && (ty === 'continue_statement' || ty === 'break_statement'));
  }

  /** Runs a block's statements; a narrowing made in it (after an exit, an assert) ends with it. */
  protected inBlock(f: () => void): void {
    const saved = new Map(this.narrowed);
    const assigned = this.membersAssigned; this.membersAssigned = new Set();
    try {
      f();
    } finally {
      this.blockEnd = new Map();
      for (const m of this.membersAssigned) { const n = this.narrowed.get(m); if (n?.assigned) this.blockEnd.set(m, n); }
      this.narrowed.clear();
      for (const [k, v] of saved) this.narrowed.set(k, v);
      for (const m of this.membersAssigned) { this.narrowed.delete(m); assigned.add(m); }
      this.membersAssigned = assigned;
    }
  }

  /**
   * Below an `if` with an `else`, a member every arm that goes on ends assigned (`if k: self.b = A()` / `else: self.b =
   * B()`, each arm's blockEnd; null: an arm that leaves) holds one of those values, as a checker narrows the member on
   * each assignment, a declared one too; a member some arm leaves as it was keeps what the block says of it.
   */
  protected joinArms(ends: ReadonlyArray<ReadonlyMap<string, Narrowing> | null>): void {
    const going = ends.filter((e): e is ReadonlyMap<string, Narrowing> => e !== null);
    if (!going.length) return;
    for (const [m, first] of going[0]) {
      const all = going.map((e) => e.get(m));
      if (all.some((n) => !n || n.scope !== first.scope)) continue;
      const types = all.map((n) => n!.type);
      this.narrowed.set(m, { scope: first.scope, type: types.length === 1 ? types[0] : { k: 'union', types }, assigned: true });
    }
  }

  /** A local's value, recorded with where it was assigned (see ReachingValues). */
  protected override addValue(l: number, value: Expr): void {
    super.addValue(l, value);
    this.flow.assigned(l, this.anytime);
  }

  /**
   * What a read of local `l` (named `e`) holds beyond its binding: the values that reach it (ReachingValues); a declared
   * local's narrowed to the calls and names assigned, as a checker narrows on assignment (a literal takes the declared type).
   * A parameter's only when an assignment above the read replaced its argument (`m = Message()`, then `m.add_byte(…)`);
   * a read of one that no assignment reaches is marked `entry` (it holds the argument, not what is assigned below).
   */
  protected readValue(l: number, e: Expr): Expr | undefined {
    const values = this.localValues.get(l) ?? [];
    if (this.paramLocals.has(l)) {
      // a declared parameter is narrowed on assignment, as a checker narrows a declared name: where the argument may
      // still reach the read (`if jar is None: jar = CookieJar()`), it is either (`jar.update()` runs the declared
      // class's or CookieJar's); a literal assigned, or a name declared `Any`, keeps the declared type (casts.ts reads
      // `x = cast(T, x)`)
      const declared = this.locals[l].type;
      if (declared) {
        const r = values.length && declared.k !== 'any' ? this.flow.reachingParam(l, values) : undefined;
        if (!r || !(holdsCast(r.value) || assignedCalls(r.value))) return undefined;
        return { k: 'narrowed', of: e, type: r.argument ? { k: 'union', types: [r.value, e] } : r.value, assigned: true };
      }
      const loop = e.k === 'id' ? this.flow.argumentOnly(l, values) : undefined;
      if (loop !== undefined && e.k === 'id') {
        // (marked in place: the name is bound once its scope is complete, on this object)
        e.entry = true;
        this.entryReads.push([l, e, loop]);
        return e;
      }
      return values.length ? this.flow.dominating(l, values) : undefined;
    }
    if (!values.length) return undefined;
    const reaching = this.flow.reaching(l, values);
    if (!this.locals[l].type) return reaching ?? this.soFar(l, e, values);
    if (!values.every((v) => v.k === 'call' || v.k === 'id' || v.k === 'member' || (v.k === 'as' && this.locals[l].type?.k !== 'any'))) return undefined;
    return { k: 'narrowed', of: e, type: reaching ?? (values.length === 1 ? values[0] : { k: 'union', types: [...values] }), assigned: true };
  }

  /**
   * A holder for a read of local `l` that every value assigned so far may reach, when a value assigned later cannot:
   * it becomes the read itself, or, when the function assigns the local again below (`u = u.include(…)`), the values
   * that reach it (finishSoFarReads), as a checker's flow analysis has them.
   */
  private soFar(l: number, e: Expr, values: readonly Expr[]): Expr | undefined {
    const keep = this.flow.reachingSoFar(l, values);
    if (!keep) return undefined;
    const holder = { k: 'other' } as Expr;
    this.soFarReads.push([holder, e, l, values.length, keep]);
    return holder;
  }

  /** Fills each read's holder (soFar) once the names are bound and every local's values are known. */
  protected finishSoFarReads(): void {
    for (const [holder, read, l, count, keep] of this.soFarReads) {
      const values = this.localValues.get(l)!;
      Object.assign(holder, values.length > count ? pick(values, keep) : read);
    }
  }

  /**
   * Unmarks the `entry` reads of parameters their function never assigns (the mark would say nothing), and those in a
   * loop that assigns the parameter (its value may come round again).
   */
  protected finishEntryReads(): void {
    for (const [l, read, loop] of this.entryReads) if (!this.localValues.get(l)?.length || (loop >= 0 && this.flow.assignedIn(l, loop))) delete read.entry;
  }

  /** Runs `f` with the names of `narrow` narrowed in `scope`, then restores what they were. */
  protected narrowedIn<T>(narrow: Array<[string, Expr]>, scope: Scope, f: () => T): T {
    if (!narrow.length) return f();
    const saved = narrow.map(([name]) => [name, this.narrowed.get(name)] as const);
    for (const [name, type] of narrow) this.narrowed.set(name, { scope, type });
    try {
      return f();
    } finally {
      for (const [name, prev] of saved) { if (prev) this.narrowed.set(name, prev); else this.narrowed.delete(name); }
    }
  }

  /** The (name, instance type) pairs an `isinstance(name, C)` test gives, each test of an `and`. */
  protected narrowings(cond: number, scope: Scope, out: Array<[string, Expr]>): Array<[string, Expr]> {
    for (const { key, classes } of this.isinstanceTests(cond, 'and')) {
      const types: Expr[] = [];
      for (const c of classes) {
        const cls = this.classRef(c, scope);
        if (!cls) { types.length = 0; break; }
        types.push({ k: 'call', callee: cls });
      }
      if (types.length) out.push([key, types.length === 1 ? types[0] : { k: 'union', types }]);
    }
    return out;
  }

  /**
   * The `isinstance(x, C)` tests of a condition, through parentheses and the tests an `op` joins (`and`: where it
   * held, each did; `or`: where it failed, each did): x's dotted name (a name, or a member reached through names,
   * `isinstance(self.cache, C)`: a checker narrows that reference too), its node and the class nodes (C, or a tuple's).
   */
  private isinstanceTests(cond: number, op: 'and' | 'or', out: Array<{ key: string; subject: number; classes: number[] }> = []): Array<{ key: string; subject: number; classes: number[] }> {
    const ty = this.type(cond);
    if (ty === 'parenthesized_expression') return this.isinstanceTests(this.namedKids(cond)[0] ?? -1, op, out);
    if (ty === 'boolean_operator') {
      if (this.txt(this.child(cond, 'operator')) === op) { this.isinstanceTests(this.child(cond, 'left'), op, out); this.isinstanceTests(this.child(cond, 'right'), op, out); }
      return out;
    }
    if (ty === 'comparison_operator') {
      // `type(x) is C` (or `==`): where it held, x is a C (where it failed, x may be a subclass's: nothing ruled out)
      const test = op === 'and' ? this.typeTest(cond, false) : undefined;
      if (test) out.push(test);
      return out;
    }
    const fn = ty === 'call' ? this.child(cond, 'function') : -1;
    if (fn < 0 || this.type(fn) !== 'identifier' || this.txt(fn) !== 'isinstance') return out;
    const argsNode = this.child(cond, 'arguments');
    const args = argsNode >= 0 ? this.namedKids(argsNode) : [];
    const key = args.length === 2 ? this.dotted(args[0]) : undefined;
    if (key !== undefined) out.push({ key, subject: args[0], classes: this.type(args[1]) === 'tuple' ? this.namedKids(args[1]) : [args[1]] });
    return out;
  }

  /**
   * A comparison `type(x) is C` or `type(x) == C` (`is not`, `!=` when `negated`), either way round: x's dotted
   * name, its node and C's node; else undefined.
   */
  private typeTest(cond: number, negated: boolean): { key: string; subject: number; classes: number[] } | undefined {
    const operands = this.namedKids(cond);
    const ops = this.kids(cond).filter((c) => !this.named(c)).map((c) => this.txt(c).replace(/\s+/g, ' '));
    if (operands.length !== 2 || ops.length !== 1 || !(negated ? ops[0] === 'is not' || ops[0] === '!=' : ops[0] === 'is' || ops[0] === '==')) return undefined;
    const typeOf = (i: number): number => {
      const fn = this.type(i) === 'call' ? this.child(i, 'function') : -1;
      const args = fn >= 0 && this.type(fn) === 'identifier' && this.txt(fn) === 'type' ? this.namedKids(this.child(i, 'arguments')) : [];
      return args.length === 1 && this.type(args[0]) !== 'keyword_argument' ? args[0] : -1;
    };
    let subject = typeOf(operands[0]), cls = operands[1];
    if (subject < 0) { subject = typeOf(operands[1]); cls = operands[0]; }
    const key = subject >= 0 ? this.dotted(subject) : undefined;
    return key !== undefined ? { key, subject, classes: [cls] } : undefined;
  }

  /** A class named by a name or a dotted name, as an expression whose names are bound but not recorded as read again. */
  protected classRef(i: number, scope: Scope): Expr | undefined {
    const ty = this.type(i);
    if (ty === 'identifier') return this.nameExpr(this.txt(i), scope);
    if (ty !== 'attribute') return undefined;
    const obj = this.classRef(this.child(i, 'object'), scope);
    const attr = this.child(i, 'attribute');
    return obj && attr >= 0 ? { k: 'member', obj, name: this.txt(attr) } : undefined;
  }
}

/** True when every value assigned (one, or a union of them) is a call or a name, which narrow a declared name to what they give. */
function assignedCalls(v: Expr): boolean {
  const parts = v.k === 'union' ? v.types : [v];
  return parts.every((p) => p.k === 'call' || p.k === 'id' || p.k === 'member');
}
