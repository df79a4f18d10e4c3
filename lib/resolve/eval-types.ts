/** Types as values: what a type expression (annotation, heritage, type argument) stands for, and which symbol it names. */
import { ANY, EXT, MAX_DEPTH, OTHER, emptyObject, REASON_CONFIDENCE, UNKNOWN, addInstances, instancesValue, sameValue, shareable, weaken, weakenFrom, type Evaluator, type Reason, type Subst, type SymRef, type TypeArg, type Val, typeArgOf } from './evaluate.ts';
import { bindingIndex, bindsImport, bindsLocal, bindsSymbol, isKeysPart, type Expr, type SymbolFact } from '../extract/facts.ts';

// ---------------------------------------------------------------- types
/** Instance value of a type expression written in file `f`. */
export function typeValue(this: Evaluator, f: number, t: Expr, depth: number, subst?: Subst): Val {
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

export function typeValueCounted(this: Evaluator, f: number, t: Expr, depth: number, subst: Subst | undefined): Val {
  // (how deep one type's reading may nest: twelve more than doubled a large repository's cold analyze, CPU and memory,
  // so the bound stays at eight; a type parameter passed on as it is costs no level (typeArgOf), which is what members
  // attached five bases below needed; the evaluator's own depth still bounds a cycle)
  if (depth > 8 || this.depth > MAX_DEPTH) { this.cut++; return UNKNOWN; }
  if (++this.depth > this.peak) this.peak = this.depth;
  try {
    const v = this.typeValueAt(f, t, depth, subst);
    // a type written in a dependency's declarations that we cannot follow (mapped, conditional): outside, not unknown
    return v.t === 'unknown' && f >= this.projectCount ? EXT : v;
  } finally { this.depth--; }
}

export function typeValueAt(this: Evaluator, f: number, t: Expr, depth: number, subst?: Subst): Val {
  // a type parameter bound by the receiver's type arguments (`T` of `Repo<T>` reached through `Repo<User>`): its
  // argument, read at the parameter's own depth, since replacing a parameter nests no type (helpers passing theirs on,
  // `Id<{ s: S } & WithRequired<Entry<D>, 'data'>>`, were cut short of the entry's members when each counted a level)
  if (subst && t.k === 'id' && bindsLocal(t.b)) {
    const a = subst.get(`${f}:${bindingIndex(t.b)}`);
    if (a) return a.v ?? this.typeValue(a.f, a.t, depth, a.subst);
  }
  // a type name, the most frequent kind, skips the tests of the others (each a builtin call in cold code)
  const k = t.k;
  if (k === 'id' || k === 'member') return this.namedType(f, t, depth, subst);
  // a type parameter in the true branch of a conditional type testing it (`T extends RouterLike ? T['_def'] : …`):
  // what a type argument binds it to, else the checker's `T & RouterLike` there: the intersection of its constraint
  // and what the test says it extends; where the test says nothing we can read (`T extends any`, an outside type, a
  // string) or the constraint is a union (or has one as a part), the parameter as elsewhere (the checker distributes
  // the intersection over the union: a member is then every part's that declares it, each meeting the tested type,
  // which one value here cannot hold; reading the tested type alone took 32 edits from valibot's `TSchema['type']`)
  if (k === 'narrowed' && !t.not && t.of.k === 'id' && bindsLocal(t.of.b)) {
    const a = subst?.get(`${f}:${bindingIndex(t.of.b)}`);
    if (a) return a.v ?? this.typeValue(a.f, a.t, depth + 1, a.subst);
    const v = this.typeValue(f, t.type, depth + 1, subst);
    const of = this.typeValue(f, t.of, depth + 1, subst);
    if (v.t === 'unknown' || v.t === 'ext' || of.t === 'union' || of.t === 'anyof' || (of.t === 'inter' && of.alts)) return of;
    return this.typeValue(f, { k: 'intersection', types: [t.of, t.type] }, depth + 1, subst);
  }
  // a string literal type: a built-in string, whose text decides conditional types and indexed accesses
  if (k === 'lit') return t.v === undefined ? EXT : { t: 'ext', lits: [t.v] };
  if (t.k === 'generic') {
    // a generic type alias (`type UnaryFunction<T, R> = (source: T) => R`): its type, with its parameters bound
    // to the arguments written here
    const alias = this.typeSymbol(f, t.of);
    if (alias && alias !== 'ext') {
      const a = this.sym(alias);
      if (a.label === 'TypeAlias' && a.type && a.typeParams) {
        const own = this.boundParams(alias.f, a.typeParams, t.args.map((x) => typeArgOf(f, x, subst)));
        // A recursive alias instantiated again inside its own reading with arguments that say nothing (each unknown:
        // an `infer`red part nothing binds, `T extends Promise<infer I> ? Where<NonNullable<I>> : …`) adds nothing the
        // reading under way does not give, as the checker defers such an instantiation; read, each level of a chain of
        // conditionals recursing in two branches doubled the work down to the nesting bound.
        const key = `${alias.f}:${alias.s}`;
        const reading = this.aliasesReading.get(key) ?? 0;
        if (reading > 0 && [...own.values()].every((arg) => (arg.v ?? this.typeValue(arg.f, arg.t, depth + 1, arg.subst)).t === 'unknown')) {
          this.cut++;
          return UNKNOWN;
        }
        this.aliasesReading.set(key, reading + 1);
        try {
          return this.typeValue(alias.f, a.type, depth + 1, own);
        } finally {
          if (reading === 0) this.aliasesReading.delete(key); else this.aliasesReading.set(key, reading);
        }
      }
    }
    const base = this.typeValue(f, t.of, depth + 1, subst);
    return base.t === 'inst' ? { ...base, args: t.args.map((a) => typeArgOf(f, a, subst)) } : base;
  }
  // `typeof x`: x itself (`Observer: typeof QueryObserver` is the class: `new Observer()` constructs one)
  // (a function bound with a declared type has that type: `typeof retryIf` of `const retryIf: Cond = …` is a Cond)
  if (t.k === 'typeof') {
    const v = typeOperand(this, f, t.of);
    const vs = v.t === 'sym' ? this.sym(v) : undefined;
    if (v.t === 'sym' && vs && vs.label === 'Function' && vs.type) return weakenFrom(this.typeValue(v.f, vs.type, depth + 1), v, 'typed-receiver');
    return weaken(this.heldValue(v), 'typed-receiver');
  }
  // `T['name']`: the declared type of T's member `name` (`(typeof x)['name']`: of the member of x's declared type)
  if (t.k === 'index') return this.indexedType(f, t, depth, subst);
  // `ReturnType<typeof f>` (a call of f), `InstanceType<typeof C>` (a new C): what that expression gives
  // (`ReturnType<D['getConnection']>`: the member of a D as the type parameters in force bind D)
  if (t.k === 'call' && !t.args && t.callee.k === 'member' && t.callee.obj.k === 'as') {
    const o = this.deref(this.typeValue(f, t.callee.obj.type, depth + 1, subst));
    return weaken(this.heldValue(this.callResult(this.member(o, t.callee.name))), 'typed-receiver');
  }
  // `InstanceType<T>` of a type that is no `typeof` query: an instance of the class T stands for (a type parameter bound
  // to a class passed as a value, `is(x, Param)`), unknown where T is anything else (its constraint, a constructor type)
  if (t.k === 'new' && t.callee.k === 'as') {
    const c = this.typeValue(f, t.callee.type, depth + 1, subst);
    return c.t === 'sym' && this.sym(c).label === 'Class' ? { t: 'inst', f: c.f, s: c.s, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] } : UNKNOWN;
  }
  // `ReturnType<F>` of a type that is no `typeof` query nor a member's: what calling the function F stands for gives (a
  // type parameter bound to a function passed as a value, `span(name, () => prepare())`), unknown for anything else
  if (t.k === 'call' && t.callee.k === 'as') {
    const c = this.typeValue(f, t.callee.type, depth + 1, subst);
    const fn = c.t === 'sym' && (this.sym(c).label === 'Function' || this.sym(c).label === 'Method') ? c : c.t === 'fnval' || (c.t === 'ext' && c.fn) ? c : undefined;
    return fn ? weaken(this.heldValue(this.callResult(fn)), 'typed-receiver') : UNKNOWN;
  }
  if (t.k === 'call' || t.k === 'new') return weaken(this.heldValue(this.value(f, t)), 'typed-receiver');
  // `Awaited<T>` (an await in a type is that): what awaiting a T gives
  if (t.k === 'await') return this.awaited(this.typeValue(f, t.inner, depth + 1, subst));
  if (t.k === 'params') return this.parameterTypes(f, t.of, depth, subst);
  // (`ThisType<T>` alone: the global marker interface, outside the project)
  if (t.k === 'thistype') return EXT;
  if (t.k === 'extract') return this.extracted(f, t, depth, subst);
  // the `this` type (a return or parameter type): an instance of the class it is written in
  if (t.k === 'this') return t.cls >= 0 ? { t: 'inst', f, s: t.cls, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] } : UNKNOWN;
  // (the type parameters in force travel with arrays, maps, object types and function types: `items: T[]` in
  // `Repo<T>` reached through `Repo<User>` has User elements)
  if (t.k === 'array') return t.ro ? { t: 'arr', f, of: t.of, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst, ro: true } : { t: 'arr', f, of: t.of, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
  // a tuple type: each position's type
  if (t.k === 'list') {
    // (a rest item last, `[A, B, ...C[]]`: what every position from there on holds, C; one before other items makes
    // the positions after it unknown, and is unknown itself)
    const items = t.items.map((x, i) => {
      if (x.k !== 'spread') return this.typeValue(f, x, depth + 1, subst);
      const arr = i === t.items.length - 1 ? this.typeValue(f, x.of, depth + 1, subst) : UNKNOWN;
      return arr.t === 'arr' ? this.elementOf(arr, 'typed-receiver') : UNKNOWN;
    });
    const rest = t.items.findIndex((x) => x.k === 'spread');
    if (rest >= 0 && rest < t.items.length - 1) items.length = rest + 1;
    return { t: 'tup', items, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
  }
  if (t.k === 'intersection') {
    // `Omit<T, 'a'>`, `Pick<T, 'b'>`: an object type T without (or with only) those members; any other T as itself
    // (the wrapper is no level of its own: the depth bound counts the types read through)
    if (isKeysPart(t)) {
      const v = this.typeValue(f, t.types[0], depth, subst);
      // (an `Omit` of a type with a string index signature: its `keyof` is `string`, so the `Exclude` the checker's
      // `Omit` is made of keeps every string and the result has the index signatures alone, no member by name)
      if (!t.picks && v.t === 'inst' && !v.up && this.hasStringIndex(v, 0)) return EXT;
      return keptKeys(v, t);
    }
    // (`Methods & ThisType<Store>`: the marker adds no member, see thisTypeOf)
    if (t.types.some((m) => m.k === 'thistype')) {
      const parts = t.types.filter((m) => m.k !== 'thistype');
      if (parts.length === 0) return EXT;
      return this.typeValue(f, parts.length === 1 ? parts[0] : { k: 'intersection', types: parts }, depth + 1, subst);
    }
    // (a part naming a type of a package whose declarations are not there is `any` to the checker, and so is the
    // intersection: none of its members is a declaration's, not even an object type literal part's; a generic type
    // given a union holding one may be `any` or not, `DistributiveOmit<http.IncomingMessage | Http2ServerRequest, K>`
    // is, depending on how the alias reads it: not followed)
    for (const m of t.types) {
      const u = this.readsUnreadPackageType(f, m);
      if (u) return u === 'any' ? ANY : UNKNOWN;
    }
    // modules' namespaces (`typeof Attributes & typeof Traversing`, cheerio's methods mixed into its prototype): every
    // export of each, as an object spreading them gives them
    if (t.types.every((m) => m.k === 'typeof' && this.deref(this.value(f, m.of)).t === 'ns')) {
      return { t: 'objv', f, entries: t.types.map((m) => ({ spread: (m as Expr & { k: 'typeof' }).of })), r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
    }
    const insts: Array<Val & { t: 'inst' }> = [];
    const objs: Array<Val & { t: 'obj' }> = [];
    const alts: Array<Val & { t: 'anyof' }> = [];
    let hole = false, ext = false, keyed = !!t.keyed;
    const omits: string[] = t.omits ? [...t.omits] : [];
    const lists: Val[] = [];
    const fns: Array<Val & { t: 'fnval' }> = [];
    const add = (v: Val): void => {
      if (v.t === 'inst') { if (!insts.some((o) => o.f === v.f && o.s === v.s)) insts.push(v); if (v.keyed) keyed = true; }
      // (an intersection of object type literals with parts we cannot read, `Promise<T> & { status: S }`, or with a
      // union part too, is a part we cannot read itself, whose object type literals still declare their members)
      else if (v.t === 'inter' && v.hole && !v.of.length) { hole = true; if (v.objs) objs.push(...v.objs); if (v.omits) omits.push(...v.omits); keyed ||= !!v.keyed; }
      else if (v.t === 'inter') { hole ||= v.hole; ext ||= !!v.outside; keyed ||= !!v.keyed; if (v.omits) omits.push(...v.omits); for (const o of v.of) add(o); if (v.objs) objs.push(...v.objs); if (v.alts) alts.push(...v.alts); }
      else if (v.t === 'anyof') alts.push(v);
      // a union of project classes as a part (`(A | B) & { x: X }`): what they agree on
      else if (v.t === 'union') alts.push({ t: 'anyof', of: v.of, r: v.r, c: v.c });
      else if (v.t === 'ext') ext = true;
      else if (v.t === 'arr' || v.t === 'tup') { lists.push(v); hole = true; }
      // (a function type part declares no member by name: its signature is kept, see below)
      else if (v.t === 'fnval') fns.push(v);
      // an object type literal knows all its member names (typed or not; an index signature answers only the
      // names no part declares); read through a type parameter's constraint it may have any
      else if (v.t === 'obj') { objs.push(v); if (v.open) hole = true; }
      else hole = true;
    };
    // (string literal types: `kind & ConstraintKind` is the strings both hold)
    let lits: readonly string[] | undefined;
    let allLits = true;
    // (a type parameter no argument binds here, `T & Opts` in the body of `<T extends { url: string }>`: the checker
    // reads it as its constraint, whose members are all it has there, and one without a constraint as `unknown`,
    // which adds none)
    let read = 0;
    for (const m of t.types) {
      // (`any` written as a part, or a type argument `any` binding a parameter part, `Attributes<any>` of
      // `{ className?: string } & T`: the checker's intersection is `any`, no member of it a declaration's)
      if (checksAny(m, f, subst, 0)) return ANY;
      const param = this.typeParamPart(f, m, depth + 1, subst);
      if (param === 'none') continue;
      read++;
      const v = param ?? this.typeValue(f, m, depth + 1, subst);
      // (a part the checker reads as `any`, through an alias of it or of an intersection with it: the whole is `any`)
      if (v.t === 'ext' && v.any) return ANY;
      if (v.t === 'ext' && v.lits) lits = lits ? lits.filter((x) => v.lits!.includes(x)) : v.lits; else allLits = false;
      add(v);
    }
    if (allLits && lits) return { t: 'ext', lits };
    // a function type with object type parts (`((set, get, api) => T) & { $$mutators?: M }`): the members are the
    // object parts', and a function the intersection types takes the function type's parameters (as the checker's
    // contextual signature is the one call signature of the intersection)
    if (fns.length === 1 && fns.length + objs.length === read && !insts.length && !alts.length && !ext && !hole && objs.every((o) => !o.calls?.length && !o.news?.length)) {
      return { t: 'inter', of: [], objs: objs.length ? objs : undefined, hole: false, fn: fns[0], r: 'typed-receiver', c: Math.min(fns[0].c, ...objs.map((o) => o.c)) };
    }
    // an array or tuple type branded by object types that declare computed keys only (`Array<Match> & { readonly
    // [phase]?: P }`, `[at: Location, matches: M] & { … }`): its elements are the array's, as the checker reads
    // an index, a pattern or a loop through the array part; a brand's keys are never read by name
    if (lists.length === 1 && !insts.length && !alts.length && !ext && lists.length + objs.length === read && objs.every(brandOnly)) return lists[0];
    // object type literals only, written in one file (`{ [P in K]: T } & { [k: string]: T }`): one object type
    // (not two index signatures of which one is a mapped type's: each answers its own keys, see indexMember)
    // (nor parts read under different type parameter bindings, `{ observers: Observer<T>[] } & Observer<T>`, whose
    // member types each part's own bindings type: one object type would keep only the first part's)
    const mapped = objs.filter((o) => o.index).length > 1 && objs.some((o) => o.key !== undefined);
    if (!mapped && insts.length === 0 && !ext && !alts.length && objs.length && objs.length === read && objs.every((o) => o.f === objs[0].f && o.subst === objs[0].subst)) {
      const others = objs.flatMap((o) => o.others ?? []);
      const decls = objs.flatMap((o) => o.decls ?? []);
      const indexed = objs.find((o) => o.index);
      // (a remapped mapped type's key start holds for the whole only when its index signature is the only one)
      const prefix = indexed?.prefix !== undefined && objs.filter((o) => o.index).length === 1 ? indexed.prefix : undefined;
      return { ...objs[0], props: objs.flatMap((o) => o.props), index: indexed?.index, key: indexed?.key, keys: indexed?.keys, prefix, others: others.length ? others : undefined, decls: decls.length ? decls : undefined };
    }
    // object types of several files, or with a union part (`Common & { kind: 'a' }`, `(A | B) & { x: X }`): an
    // intersection of them, without class parts
    // (unless an object type literal part declares members: those are its declarations whatever else the parts are,
    // `Promise<T> & { status: S }`, see declaredByObjectPart)
    // (an array with object type parts, `Token[] & { links: Links }`: its elements are the array's, kept as `list`)
    const list = lists.length === 1 && lists[0].t === 'arr' && !ext && !insts.length && !alts.length ? lists[0] as Val & { t: 'arr' } : undefined;
    if (insts.length === 0 && (ext || hole || objs.length + alts.length < 2) && !((ext || hole) && objs.some((o) => o.decls?.length))) {
      if (list) return { t: 'inter', of: [], objs: objs.length ? objs : undefined, hole: true, list, r: 'typed-receiver', c: Math.min(list.c, ...objs.map((o) => o.c)) };
      return ext && !hole && !objs.length && !alts.length ? EXT : UNKNOWN;
    }
    // an outside part (`Foo & Record<string, unknown>`) may declare any member: nothing is certain
    const parts: Array<{ c: number }> = [...insts, ...objs, ...alts];
    return { t: 'inter', of: insts, objs: objs.length ? objs : undefined, alts: alts.length ? alts : undefined, hole: hole || ext, ...(ext ? { outside: true as const } : {}), ...(keyed ? { keyed: true as const } : {}), ...(omits.length ? { omits } : {}), ...(list ? { list } : {}), r: 'typed-receiver', c: Math.min(...parts.map((o) => o.c)) };
  }
  if (t.k === 'fntype') {
    const fn: Val & { t: 'fnval' } = { t: 'fnval', f, returns: t.returns, params: t.params, predicate: t.predicate, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    if (t.self) fn.self = t.self;
    if (t.rest !== undefined) fn.rest = t.rest;
    return fn;
  }
  if (t.k === 'map') return { t: 'map', f, of: t.of, key: t.key, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
  if (t.k === 'promise') return { t: 'prom', of: this.typeValue(f, t.of, depth + 1, subst), r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
  if (t.k === 'object') {
    // a homomorphic mapped type over a type parameter that is an array or tuple type (`{ [K in keyof T]: ISchema<T[K]>
    // }`, T bound to a tuple or constrained to one): the checker maps the elements, so the result is an array or tuple
    // (over a list type written as such, `keyof string[]` lists the array's own keys: not read so)
    if (t.over && t.key !== undefined && t.index && !t.props.length && namesTypeParam(t.over)) {
      const mapped = this.mappedList(f, t as Expr & { k: 'object' }, depth, subst);
      if (mapped) return mapped;
    }
    const o: Val & { t: 'obj' } = { t: 'obj', f, props: t.props, index: t.index, others: t.others, calls: t.calls, news: t.news, decls: t.decls, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'], subst };
    if (t.key !== undefined) { o.key = t.key; o.keys = t.keys; if (t.over) o.over = t.over; }
    if (t.prefix !== undefined) o.prefix = t.prefix;
    return o;
  }
  if (t.k === 'union' && t.either) {
    // a test of `any` (`Constrain<any, Fn>` of `(T extends C ? T : never) | C`, `Route<any>`'s T): the checker takes
    // both branches, whose union is `any` where the true one is the checked parameter itself
    const anyTest = (types: Expr[]): Val => types.some((x) => isParam(x, t.check!)) ? ANY : this.typeValue(f, { k: 'union', types }, depth, subst);
    if (t.check && t.types.length === 2 && checksAny(t.check, f, subst, 0)) return anyTest(t.types);
    // a test of string literal types (`kind extends RootKind`, kind bound to "union"): the branch the checker takes
    // where every string checked is among those extended, or none is (a mix distributes over both: not decided)
    // (a type parameter nothing binds here is no strings: not read, the most frequent test by far)
    if (t.check && t.ext && t.types.length === 2 && !(t.check.k === 'id' && bindsLocal(t.check.b) && !subst?.has(`${f}:${bindingIndex(t.check.b)}`))) {
      const c = this.typeValue(f, t.check, depth + 1, subst);
      if (c.t === 'ext' && c.any) return anyTest(t.types);
      // (no string at all, `'intersection' & d['kind']` of another kind: never, which extends anything)
      if (c.t === 'ext' && c.lits && c.lits.length === 0 && t.check.k === 'intersection') return this.typeValue(f, t.types[0], depth, subst);
      const e = c.t === 'ext' && c.lits ? this.typeValue(f, t.ext, depth + 1, subst) : undefined;
      if (c.t === 'ext' && c.lits && e && e.t === 'ext' && e.lits) {
        const inside = c.lits.filter((x) => e.lits!.includes(x)).length;
        if (inside === c.lits.length) return this.typeValue(f, t.types[0], depth, subst);
        if (inside === 0) return this.typeValue(f, t.types[1], depth, subst);
      }
    }
    // a conditional type's branches: the checker picks one, so a member is the one branch's that has it (or the one
    // the branches having it agree on), never each branch's as for a value of a union; a branch we cannot type
    // (`never`, `{}`, an `infer`red part) has no say
    // (a branch is no deeper than its conditional: helper types nest conditionals three deep, `merge<base, props>`;
    // the evaluator's own depth still bounds a cycle)
    // (a test of a class's type parameter nothing binds where it is read, `TBase extends ArrayConfig ? ArrayBuilder<…> :
    // ColumnBuilder<TBase>` of a field read inside the class: the checker defers it, and reads a member of it on its
    // constraint, the union of both branches: a method is each branch's, as of a union)
    if (t.check?.k === 'id' && bindsLocal(t.check.b) && !subst?.has(`${f}:${bindingIndex(t.check.b)}`) && t.types.length === 2 && ownTypeParams(this.files[f].symbols).classes.has(bindingIndex(t.check.b))) {
      return this.typeValue(f, { k: 'union', types: t.types }, depth, subst);
    }
    // (… and so is a test of a type holding a function's or class's type parameter nothing binds, through the type
    // arguments bound ones stand for, where the check is no bare parameter: `TRoot['transformer'] extends true ? Yes :
    // No` with TRoot bound to `inferClientTypes<TRouter>` inside `wsLink<TRouter>(opts)`; a bare constrained parameter
    // is distributed over its constraint by the checker, which may pick a branch: not read so)
    if (t.check && t.types.length === 2 && t.check.k !== 'id' && this.holdsBodyParam(t.check, f, subst, 0)) {
      return this.typeValue(f, { k: 'union', types: t.types }, depth, subst);
    }
    // (… and so is a bare test of a parameter that, through the type arguments bound ones stand for, is a function's,
    // method's or class's own parameter nothing binds and nothing constrains, `Dist<S> = S extends Local ? A : B` read
    // as `Dist<State>` inside `class Room<State>`: with no constraint to distribute over, the checker reads both)
    if (t.check?.k === 'id' && t.types.length === 2 && this.unconstrainedBodyParam(t.check, f, subst, 0)) {
      return this.typeValue(f, { k: 'union', types: t.types }, depth, subst);
    }
    const known: Val[] = [];
    for (const m of t.types) {
      const v = this.typeValue(f, m, depth, subst);
      if (v.t !== 'unknown' && !emptyObject(v)) known.push(v);
    }
    if (known.length <= 1) return known[0] ?? UNKNOWN;
    // (branches that are one type, `C extends true ? Partial<T> : T`: that type, whichever the checker picks)
    // (not where a branch is a type parameter the checker infers, `T extends Expected ? T : Expected` of a generic
    // function's own `T`: the checker types by the inferred T, not by its constraint)
    if (known.every((v) => sameValue(v, known[0])) && !t.types.some((x) => inferred(x, f, subst, 0))) return known[0];
    return { t: 'anyof', of: known, either: true, r: 'typed-receiver', c: Math.min(...known.map((o) => ('c' in o ? o.c : REASON_CONFIDENCE['typed-receiver']))) };
  }
  if (t.k === 'union') {
    // a union of tuple types (`[undefined, T] | [Error, undefined]`, a result tuple): one tuple whose item at each
    // position is the union of the parts' items there, as the checker reads an element of the union (what
    // `const [err, value] = r` binds; `T | undefined` is T, as for any union below); the item union is built at
    // depth + 1, past the memo, since it is made anew on each reading
    const lists = tupleParts(t);
    if (lists) {
      const width = Math.max(...lists.map((l) => l.items.length));
      const items: Expr[] = [];
      for (let i = 0; i < width; i++) items.push({ k: 'union', types: lists.flatMap((l) => (l.items[i] ? [l.items[i]] : [])) });
      return this.typeValue(f, { k: 'list', items }, depth + 1, subst);
    }
    // `T | undefined`, `T | null`: T; several project types: a union value (see member)
    let ext = false;
    const insts: Array<Val & { t: 'inst' }> = [];
    const others: Val[] = [];
    let classes: Array<Val & { t: 'sym' }> | undefined;
    // (string literal types all: `"a" | "b"`, `RootKind | ConstraintKind`; undefined once a part is anything else)
    let lits: string[] | undefined, notLits = false;
    // (primitive parts, `number | boolean`: built-ins, whose members are the union's only where no other part has any)
    let primitives = false;
    for (const m of t.types) {
      if (m.k === 'lit' && m.v === undefined) { primitives = true; notLits = true; lits = undefined; continue; }
      // a project type's name the file does not declare or import (`@type {A|B}` in JSDoc naming B without
      // importing it): the checker cannot resolve it, so the whole union is `any` to it — unless the project declares
      // it globally (`declare type B = import('./b.js').B` in a declaration file that is no module)
      if (m.k === 'id' && !m.b && !this.rulesOf[f].isGlobalName(m.name) && this.projectTypeNames().has(m.name) && !this.projectGlobal(m.name)) return UNKNOWN;
      const v = this.unionPartValue(f, m, depth, subst);
      // (a part the checker reads as `any`, a type of a package not installed: `any` absorbs the union)
      if (v.t === 'ext' && v.any) return ANY;
      if (!notLits) { if (v.t === 'ext' && v.lits) { lits ??= []; for (const x of v.lits) if (!lits.includes(x)) lits.push(x); } else { notLits = true; lits = undefined; } }
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
    // (calling it is a call of the function types, which code that type-checks has narrowed it to: kept as `fns`)
    let fns: Array<Val & { t: 'fnval' }> | undefined;
    if (insts.length && others.length && others.every((o) => o.t === 'fnval')) { fns = others.slice() as Array<Val & { t: 'fnval' }>; others.length = 0; }
    // `T[] | undefined`, `Map<K, V> | null`, `{ a: A } | undefined`, `(A & B) | null`: that one value
    if (others.length === 1 && insts.length === 0 && !ext) return others[0];
    // function types alone whose parameters are the same types (`Predicate<T> | Casted<T, N>`, one giving `boolean`,
    // one a type predicate): the checker calls the union, and types a function it is the contextual type of, by their
    // one union signature (different parameters: no signature, the parameters untyped), which gives what they agree on
    if (others.length > 1 && insts.length === 0 && !ext && others.every((o) => o.t === 'fnval')) return this.unionSignature(others as Array<Val & { t: 'fnval' }>, depth);
    // arrays only, `T[] | readonly T[]` (`MaybeReadonly<T[]>`), `A[] | B[]`: an array of their elements, as the checker
    // reads an element or calls a method of a union of array types
    // (an array with object type parts among them, `Token[] | TokensList` of `TokensList = Token[] & { links: Links }`:
    // its array part, as an element or an iteration of the union reads it)
    if (others.length > 1 && insts.length === 0 && !ext && others.every((o) => o.t === 'arr' || (o.t === 'inter' && o.list))) {
      const arrs = others.map((o) => (o.t === 'inter' ? o.list! : o as Val & { t: 'arr' }));
      return this.arrayOfParts(arrs[0], arrs.map((a) => this.deref(this.elementOf(a, 'typed-receiver'))));
    }
    // object types and intersections beside each other or beside classes (a discriminated union): the members
    // they agree on (an outside type among them may have any member: unknown)
    if (others.length) {
      // (an array beside them, `Subscription[] | Subscription`: its members are built-ins, so the union's members
      // stay unknown — but `Array.isArray(x)` picks the part it tests, see 'isarray')
      // (a promise beside them, `Promise<R> | R`: no member of the union is known through it, but awaiting the union
      // gives each part awaited, see awaitedParts)
      if (ext || !others.every((o) => o.t === 'obj' || o.t === 'inter' || o.t === 'anyof' || o.t === 'arr' || o.t === 'prom')) return UNKNOWN;
      const of: Val[] = [...insts, ...others];
      return { t: 'anyof', of, r: 'typed-receiver', c: Math.min(...of.map((o) => (o as { c: number }).c)) };
    }
    if (insts.length) return fns ? { ...(instancesValue(insts) as Val & { t: 'inst' | 'union' }), fns } : instancesValue(insts);
    if (lits && lits.length) return { t: 'ext', lits };
    return ext || (primitives && !others.length) ? EXT : UNKNOWN;
  }
  return this.namedType(f, t, depth, subst);
}

/**
 * The one signature of a union of function types whose parameters are identical (their count, rest and each type;
 * `this` types and results not compared, as the checker's union signature): the first, giving their result where
 * every one gives the same value and unknown otherwise, its type predicate kept only where all write the same one.
 * Unknown where the parameters differ or cannot be told identical.
 */
export function unionSignature(this: Evaluator, fns: ReadonlyArray<Val & { t: 'fnval' }>, depth: number): Val {
  const [first] = fns;
  if (!first.params) return UNKNOWN;
  for (const fn of fns) {
    if (fn === first) continue;
    if (!fn.params || fn.params.length !== first.params.length || fn.rest !== first.rest) return UNKNOWN;
    for (let i = 0; i < first.params.length; i++) if (!identicalTypes(first.f, first.params[i], first.subst, fn.f, fn.params[i], fn.subst)) return UNKNOWN;
  }
  const result = this.typeValue(first.f, first.returns, depth + 1, first.subst);
  const agreed = result.t !== 'unknown' && fns.every((fn) => fn === first || sameValue(this.typeValue(fn.f, fn.returns, depth + 1, fn.subst), result));
  const predicate = fns.every((fn) => fn.predicate && first.predicate && identicalTypes(first.f, first.predicate, first.subst, fn.f, fn.predicate, fn.subst));
  const { predicate: _p, self: _s, ...sig } = first;
  return { ...sig, returns: agreed ? first.returns : OTHER, ...(predicate ? { predicate: first.predicate } : {}) };
}

/**
 * Whether two declared types (each written in its file with its bindings) are the same type as written: the same
 * argument a bare type parameter is bound to, or the same text naming no type parameter. Untyped (`null`) is no type.
 */
function identicalTypes(fa: number, a: Expr | null, sa: Subst | undefined, fb: number, b: Expr | null, sb: Subst | undefined): boolean {
  if (!a || !b) return false;
  const x = typeArgOf(fa, a, sa), y = typeArgOf(fb, b, sb);
  if (x === y) return true;
  if (x.v || y.v || x.f !== y.f) return false;
  if (x.t === y.t) return !mentionsTypeParam(x.t, 0) || x.subst === y.subst;
  return !mentionsTypeParam(x.t, 0) && JSON.stringify(x.t) === JSON.stringify(y.t);
}

/** Whether a type names a type parameter (a local binding) anywhere in it. */
function mentionsTypeParam(e: unknown, depth: number): boolean {
  if (depth > 12 || e === null || typeof e !== 'object') return depth > 12;
  if (Array.isArray(e)) return e.some((x) => mentionsTypeParam(x, depth + 1));
  const x = e as { k?: string; b?: number };
  if (x.k === 'id' && x.b !== undefined && bindsLocal(x.b)) return true;
  for (const v of Object.values(x)) if (typeof v === 'object' && mentionsTypeParam(v, depth + 1)) return true;
  return false;
}

/** typeValueAt of a type name (or of a kind no case above takes): the instance of the type it names. */
export function namedType(this: Evaluator, f: number, t: Expr, depth: number, subst: Subst | undefined): Val {
  // a type parameter whose constraint is no type name (`Handlers extends Array<RequestHandler>`, `T extends A | B`,
  // `T extends { run(): void }`): a value of it has the constraint's members (an object type: maybe more); a generic
  // type's instance with its arguments (`T extends StatePath<any, any>`: a member typed by the path's own parameters
  // is what the arguments written make it, `any` there, not those parameters' constraints)
  if (t.k === 'id' && bindsLocal(t.b)) {
    const constraint = this.files[f].locals[bindingIndex(t.b)]?.type;
    if (constraint && constraint !== t && constraint.k !== 'id' && constraint.k !== 'member') {
      const v = this.typeValue(f, constraint, depth + 1, subst);
      return v.t === 'obj' ? { ...v, open: true } : v;
    }
  }
  const target = this.typeSymbol(f, t);
  if (target === 'ext') return this.readsUnreadPackageType(f, t) === 'any' ? ANY : EXT;
  if (!target) return UNKNOWN;
  const sym = this.sym(target);
  if (sym.label === 'Class' || sym.label === 'Interface' || this.isConstructorFunction(target)) return { t: 'inst', f: target.f, s: target.s, r: 'typed-receiver', c: Math.min(target.c, REASON_CONFIDENCE['typed-receiver']) };
  if (sym.label === 'TypeAlias' && sym.type) {
    // (an alias that only names another type, `type SelectionOperation = SetSelectionOperation`, is no level of its own)
    const renames = (sym.type.k === 'id' && !bindsLocal(sym.type.b)) || sym.type.k === 'member';
    const v = this.typeValue(target.f, sym.type, renames ? depth : depth + 1, subst);
    // a type parameter read as its constraint (`T extends ZodTrait`): T may have more members than the constraint
    return v.t === 'obj' && t.k === 'id' && bindsLocal(t.b) ? { ...v, open: true } : v;
  }
  return sym.label === 'Enum' || sym.kind === 'enum_member' ? EXT : UNKNOWN;
}

/**
 * A part of a union, read one level below it; a part naming a type alias of a union (`NodeOperation | TextOperation`)
 * is read at the union's own level, its parts then one below, as the checker flattens a union of unions.
 */
export function unionPartValue(this: Evaluator, f: number, m: Expr, depth: number, subst: Subst | undefined): Val {
  // (each nested alias of a union cost two levels of the nesting bound: an `Operation` of aliases of unions of
  // aliases of generic aliases, each written `ExtendedType<'…', Base…>`, lost its object types' members past eight)
  if ((m.k === 'id' && !bindsLocal(m.b)) || m.k === 'member') {
    const target = this.typeSymbol(f, m);
    if (target && target !== 'ext') {
      const sym = this.sym(target);
      if (sym.label === 'TypeAlias' && sym.type?.k === 'union' && !sym.type.either && !sym.typeParams) return this.typeValue(target.f, sym.type, depth, subst);
    }
  }
  return this.typeValue(f, m, depth + 1, subst);
}

/**
 * Whether a class or interface has a string index signature, its own or its heritage's: declared (`[key: string]: T`),
 * or from an `Omit` of a type the checker reads as `any` (a package not installed: `Omit<any, K>` maps every string).
 */
export function hasStringIndex(this: Evaluator, ref: SymRef, depth: number): boolean {
  const sym = this.sym(ref);
  if (sym.index) return true;
  if (depth > 8 || !sym.extends) return false;
  for (let k = 0; k < sym.extends.length; k++) {
    const h = sym.extends[k];
    // (`extends Omit<X, 'a'>` is recorded as X with the keys beside it, the collector's baseOf)
    const omitted = sym.heritageKeys?.find((x) => x.at === k);
    if (omitted && !omitted.pick) {
      const v = this.typeValue(ref.f, h, 0);
      if (v.t === 'ext' && v.any) return true;
    }
    const t = this.typeSymbol(ref.f, h);
    if (!t || t === 'ext') continue;
    const base = this.sym(t);
    if ((base.label === 'Interface' || base.label === 'Class') && this.hasStringIndex(t, depth + 1)) return true;
    // (an interface extending `any` has the checker's string index signature of `any`: a base alias read as `any`, or
    // one we cannot read at all, `type Config = Parameters<…>[0]` of a package's augmentation of `Window`, may be it)
    if (base.label === 'TypeAlias' && !omitted) {
      const v = this.typeValue(ref.f, h, depth + 1);
      if (v.t === 'unknown' || (v.t === 'ext' && v.any)) return true;
    }
  }
  return false;
}

/**
 * A part of an intersection that is a type parameter no type argument binds here: 'none' without a constraint (the
 * checker's `unknown`, no member), its constraint's object type closed where that is an object type literal (all the
 * members the checker sees in the parameter's scope), undefined for anything else (read as elsewhere).
 */
export function typeParamPart(this: Evaluator, f: number, t: Expr, depth: number, subst: Subst | undefined): Val | 'none' | undefined {
  if (t.k !== 'id' || !bindsLocal(t.b) || subst?.has(`${f}:${bindingIndex(t.b)}`)) return undefined;
  const local = this.files[f].locals[bindingIndex(t.b)];
  if (!local) return undefined;
  if (!local.type) return this.typeSymbol(f, t) ? undefined : 'none';
  if (local.type.k !== 'object') return undefined;
  const v = this.typeValue(f, local.type, depth, subst);
  return v.t === 'obj' ? { ...v, open: undefined } : undefined;
}

/**
 * How type `t` of file `f` reads a type of a package whose declarations we do not have (`http.IncomingMessage`
 * without `@types/node`, a name imported from a package not installed), which the checker reads as `any`: 'any' where
 * it is that type or a union holding one (`any` absorbs the union), 'maybe' where a generic type is given such a union
 * (the alias decides), undefined where it reads none.
 */
export function readsUnreadPackageType(this: Evaluator, f: number, t: Expr): 'any' | 'maybe' | undefined {
  const unread = (m: Expr): boolean => {
    // (an instance of a generic type of that package, `React.ComponentProps<'a'>`, is `any` too)
    if (m.k === 'generic') m = m.of;
    while (m.k === 'member') m = m.obj;
    // (a free name of a module's global declarations, `NodeJS.ErrnoException` of Node's, where they are not installed)
    if (m.k === 'id' && !m.b) { const source = this.rulesOf[f].globalTypeSource?.(m.name); return !!source && this.untypedPackage(f, source); }
    if (m.k !== 'id' || !m.b || !bindsImport(m.b)) return false;
    const imp = this.files[f].imports[bindingIndex(m.b)];
    const target = this.module(f, imp.source);
    // (or a project module's re-export of such a package's type: `export { TypeCheck } from '…/compiler'`)
    if ('f' in target) return imp.kind === 'named' && !!imp.imported && this.exportFromUntypedPackage(target.f, imp.imported);
    return 'external' in target && !!target.untyped;
  };
  const anyUnion = (m: Expr): boolean => m.k === 'union' && m.types.some((p) => unread(p) || anyUnion(p));
  if (unread(t) || anyUnion(t)) return 'any';
  return t.k === 'generic' && t.args.some(anyUnion) ? 'maybe' : undefined;
}

/**
 * Type parameters `params` (locals of file pf) bound to `args` by position; one past the last argument written takes
 * its default, read with the parameters before it bound (`Update<Table, string>` of `interface Update<TTable, TQuery,
 * TFrom extends Table | View = Table>`: TFrom is Table, not its constraint), as the checker fills missing arguments.
 */
export function boundParams(this: Evaluator, pf: number, params: readonly number[], args: readonly TypeArg[]): Map<string, TypeArg> {
  const own = new Map<string, TypeArg>();
  for (let i = 0; i < params.length; i++) {
    const key = `${pf}:${params[i]}`;
    if (args[i]) { own.set(key, args[i]); continue; }
    const dflt = i >= args.length && args.length ? this.files[pf].locals[params[i]]?.dflt : undefined;
    if (dflt) own.set(key, { f: pf, t: dflt, subst: own });
  }
  return own;
}

/**
 * An indexed access type `T['name']`: the declared type of member `name` of T — a property's or field's declared
 * type (or what a getter gives; an unannotated field's initialiser, as the checker infers it), a property of an
 * object type literal, an index signature's type. A method has no type we can give (a function type is no value of
 * ours): unknown. `(typeof x)['name']` reads x's declared type when x has one (`const handlers: Handlers = {}`
 * then `handlers.focus = (view) => …`: Handlers' member, not the function assigned to it).
 */
export function indexedType(this: Evaluator, f: number, t: Expr & { k: 'index' }, depth: number, subst?: Subst): Val {
  // `(typeof kinds)[number]` of `const kinds = ["a", ...others] as const`: the strings it holds
  if (t.elem && t.of.k === 'typeof') return this.constStrings(f, t.of.of, depth);
  // `Config['setOperators'][number]`, `Item[][number]`: the element type of an array type (a tuple's where its items
  // are one type)
  if (t.elem) {
    const arr = this.typeValue(f, t.of, depth + 1, subst);
    if (arr.t === 'arr') return this.elementOf(arr, 'typed-receiver');
    if (arr.t === 'tup' && arr.items.length && arr.items.every((x) => sameValue(x, arr.items[0]))) return arr.items[0];
    // (`T[number]` of `typeof Systems`, a const array of classes: one of those classes, as values)
    const classes = this.queriedClasses(f, t.of, subst, 0);
    if (classes) return classes.length === 1 ? classes[0] : { t: 'anyof', of: classes, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
    return UNKNOWN;
  }
  let o: Val;
  if (t.of.k === 'typeof') {
    const v = this.value(f, t.of.of);
    const vs = v.t === 'sym' ? this.sym(v) : undefined;
    o = v.t === 'sym' && vs && (vs.label === 'Variable' || vs.label === 'Property') && vs.type
      ? weakenFrom(this.typeValue(v.f, vs.type, depth + 1, v.subst), v, 'typed-receiver')
      : this.deref(v);
  } else o = this.typeValue(f, t.of, depth + 1, subst);
  // (an element of an array type by a key that is no literal, a mapped type's `T[K]` over an array: the element type)
  if (o.t === 'arr' && t.any) return this.elementOf(o, 'typed-receiver');
  // (a tuple's item by position, `Parameters<typeof f>[0]`)
  if (o.t === 'tup') return /^\d+$/.test(t.name) ? o.items[Number(t.name)] ?? UNKNOWN : UNKNOWN;
  // (an indexed access on `any`, `React.JSX.IntrinsicElements['input']` of a package not installed, is `any`)
  if (o.t !== 'inst' && o.t !== 'obj' && o.t !== 'union' && o.t !== 'inter') return o.t === 'ext' ? (o.any ? ANY : EXT) : UNKNOWN;
  if (t.any) {
    // a key of string literal types (`NodesByKind[kind]`, kind bound to "union" or ranging over `RootKind`): the
    // member types those names pick, one of them (a union: a method each declares is a dispatch to each)
    const keys = t.key && this.typeValue(f, t.key, depth + 1, subst);
    if (keys && keys.t === 'ext' && keys.lits?.length) return this.pickedMembers(o, keys.lits, depth);
    const any = this.anyMemberType(o, depth);
    // (`Map[keyof Map]`: the union of all its property types, whose methods are each part's, as the checker reads a
    // member of a union; instances of project types only)
    if (t.all && any.t === 'anyof' && !any.either) {
      const insts: Array<Val & { t: 'inst' }> = [];
      if (any.of.every((p) => addInstances(insts, p))) return instancesValue(insts);
    }
    return any;
  }
  // (… and one an object type literal written as a type argument declares so, `CreateRootTypes<{ transformer: any }>`:
  // no declaration of its own, the same `any`)
  if (o.t === 'obj' && !o.decls && o.props.some((p) => p.name === t.name && p.type.k === 'any')) return ANY;
  const m = this.member(o, t.name);
  if (m.t !== 'sym') return m;
  const ms = this.sym(m);
  // a method's type (`go: Router['go']`): calling a value of it calls that method's signature, as `typeof f` does f
  if (ms.label === 'Method' && ms.kind !== 'getter') return ms.kind === 'setter' ? UNKNOWN : weaken(m, 'typed-receiver');
  if (ms.label !== 'Method' && ms.label !== 'Property' && ms.label !== 'Variable') return UNKNOWN;
  // (a property declared `any`, `AnyRootTypes['transformer']` of `{ transformer: any }`: the checker's `any`, which a
  // conditional type testing it takes both branches of, and an intersection or union holding it is)
  if (ms.type?.k === 'any') return ANY;
  return this.deref(m);
}

/**
 * `Parameters<F>`: a tuple of the declared types of the parameters of the function F is (`typeof f`, a method through
 * `T['m']`, a function type), up to a rest parameter; unknown where F is none of those. (An overloaded function's
 * positions are those all its signatures agree on, see overloadParams: the checker takes the last signature's.)
 */
export function parameterTypes(this: Evaluator, f: number, of: Expr, depth: number, subst: Subst | undefined): Val {
  const fn = this.typeValue(f, of, depth + 1, subst);
  const r: Reason = 'typed-receiver';
  if (fn.t === 'fnval') {
    if (!fn.params) return UNKNOWN;
    return { t: 'tup', items: fn.params.map((p) => (p ? this.typeValue(fn.f, p, depth + 1, fn.subst) : UNKNOWN)), r, c: Math.min(fn.c, REASON_CONFIDENCE[r]) };
  }
  if (fn.t !== 'sym') return UNKNOWN;
  const s = this.sym(fn);
  if ((s.label !== 'Function' && s.label !== 'Method') || !s.params) return UNKNOWN;
  const own = s.params.slice(0, s.rest ?? s.params.length);
  return { t: 'tup', items: own.map((p) => (p ? this.typeValue(fn.f, p, depth + 1, fn.subst) : UNKNOWN)), r, c: Math.min(fn.c, REASON_CONFIDENCE[r]) };
}

/**
 * The member types of `o` that `names` pick (`NodesByKind["union" | "morph"]`): one, or several read as one of them
 * (a member is the one they agree on, no dispatch to each: code over such a union narrows it with method guards,
 * `refinement.hasKind("divisor")`, which are not read, so a dispatch or a rename of each part's member would be wrong
 * there); unknown where a name picks no typed property.
 */
export function pickedMembers(this: Evaluator, o: Val, names: readonly string[], depth: number): Val {
  const out: Val[] = [];
  for (const name of names) {
    const m = this.member(o, name);
    let v: Val = m;
    if (m.t === 'sym') {
      const ms = this.sym(m);
      if (ms.label !== 'Property' && ms.label !== 'Variable') return UNKNOWN;
      v = this.deref(m);
    }
    if (v.t === 'unknown' || v.t === 'ext') return UNKNOWN;
    if (!out.some((x) => sameValue(x, v))) out.push(v);
  }
  if (out.length === 1) return out[0];
  return { t: 'anyof', of: out, either: true, r: 'typed-receiver', c: Math.min(REASON_CONFIDENCE['typed-receiver'], ...out.map((x) => ('c' in x ? x.c : 1))) };
}

/**
 * The strings of an `as const` array literal a const holds (`["a", ...others] as const`, others another such const),
 * as a string literal type's value: what `(typeof kinds)[number]` is.
 */
export function constStrings(this: Evaluator, f: number, e: Expr, depth: number): Val {
  const out: string[] = [];
  const walk = (f: number, e: Expr, hops: number): boolean => {
    if (hops > 8) return false;
    const v = this.value(f, e);
    if (v.t !== 'sym') return false;
    const s = this.sym(v);
    if (s.label !== 'Variable' || s.kind !== 'const' || s.init?.k !== 'strings') return false;
    for (const x of s.init.items) if (!out.includes(x)) out.push(x);
    for (const sp of s.init.spreads ?? []) if (!walk(v.f, sp, hops + 1)) return false;
    return true;
  };
  return walk(f, e, depth) && out.length ? { t: 'ext', lits: out } : UNKNOWN;
}

/**
 * `T[K]` whose key is no string literal (`NodesByKind[kind]`): one of the property types of T (an interface and
 * the interfaces it extends, or an object type) — either of them, read as an either-value, so that a member is
 * known only where those that have it agree (every node kind's `equals` is BaseNode's). Unknown when T has a
 * part we cannot list (an outside base, an index signature) or no typed property.
 */
export function anyMemberType(this: Evaluator, o: Val, depth: number): Val {
  const out: Val[] = [];
  const add = (v: Val): boolean => {
    if (v.t === 'unknown' || v.t === 'ext') return false;
    if (!out.some((x) => sameValue(x, v))) out.push(v);
    return true;
  };
  if (o.t === 'obj') {
    if (o.index || o.open || o.others?.length) return UNKNOWN;
    for (const p of o.props) if (!add(this.typeValue(o.f, p.type, depth + 1, o.subst))) return UNKNOWN;
  } else if (o.t === 'inst') {
    const seen = new Set<string>();
    const names = new Set<string>();
    const walk = (r: SymRef, hops: number): boolean => {
      const key = `${r.f}:${r.s}`;
      if (seen.has(key)) return true;
      seen.add(key);
      const sym = this.sym(r);
      if (sym.label !== 'Interface' || hops > 8 || sym.implements?.length) return false;
      for (const [name, list] of this.childrenOf(r.f, r.s) ?? []) if (list.some((i) => !this.files[r.f].symbols[i].isStatic)) names.add(name);
      for (const h of sym.extends ?? []) {
        const b = this.typeSymbol(r.f, h);
        if (!b || b === 'ext' || !walk(b, hops + 1)) return false;
      }
      return true;
    };
    if (!walk(o, 0)) return UNKNOWN;
    for (const name of [...names].sort()) {
      const m = this.member(o, name);
      if (m.t !== 'sym') return UNKNOWN;
      const ms = this.sym(m);
      if (ms.label !== 'Property' || !ms.type) return UNKNOWN;
      if (!add(this.deref(m))) return UNKNOWN;
    }
  } else return UNKNOWN;
  if (out.length === 0) return UNKNOWN;
  if (out.length === 1) return out[0];
  return { t: 'anyof', of: out, r: 'typed-receiver', c: Math.min(REASON_CONFIDENCE['typed-receiver'], ...out.map((x) => ('c' in x ? x.c : 1))) };
}

/**
 * A JavaScript constructor function (`function Mocha() {…}` with `Mocha.prototype.m = …` or `this.x = …` members):
 * as a JSDoc type (`@returns {Mocha}`) it names its instances, as the checker reads it.
 */
export function isConstructorFunction(this: Evaluator, r: SymRef): boolean {
  const sym = this.sym(r);
  if (sym.label !== 'Function' || sym.kind !== 'function' || sym.parent !== -1 || this.files[r.f].language !== 'javascript') return false;
  const kids = this.childrenOf(r.f, r.s);
  if (!kids) return false;
  const syms = this.files[r.f].symbols;
  for (const list of kids.values()) if (list.some((i) => !syms[i].isStatic)) return true;
  return false;
}

/** Names of the project's top-level classes, interfaces and type aliases (built once). */
export function projectTypeNames(this: Evaluator): ReadonlySet<string> {
  if (this.typeNames) return this.typeNames;
  const out = new Set<string>();
  for (let f = 0; f < this.projectCount; f++) for (const s of this.files[f].symbols) if (s.parent === -1 && (s.label === 'Class' || s.label === 'Interface' || s.label === 'TypeAlias')) out.add(s.name);
  this.typeNames = out;
  return out;
}

/** The symbol a type (or heritage) expression names, with the confidence of the path to it. */
export function typeSymbol(this: Evaluator, f: number, t: Expr): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
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

export function typeSymbolUncached(this: Evaluator, f: number, t: Expr): (SymRef & { c: number; r: Reason }) | 'ext' | undefined {
  switch (t.k) {
    case 'id': {
      if (!t.b) {
        // a global type the project declares (`declare global { interface ArkEnv … }`), else the runtime's (Promise,
        // Array, HTMLElement …) or one we cannot see
        const g = this.projectGlobal(t.name);
        return g && g.t === 'sym' ? { f: g.f, s: this.mergedType(g.f, g.s), c: g.c, r: g.r } : 'ext';
      }
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
      if (!added) {
        // `ArkEnv.meta`, `Divisor.Declaration`: the type a namespace of that name declares (beside an interface or a
        // value sharing the name, whose members are no types)
        const ov = typeOperand(this, f, t.obj);
        const ns = ov.t === 'sym' ? this.namespaceType(ov, t.name) : undefined;
        if (ns) return ns;
      }
      const v = added ?? this.member(this.deref(typeOperand(this, f, t.obj)), t.name);
      if (v.t === 'sym') return { f: v.f, s: this.mergedType(v.f, v.s), c: v.c, r: v.r };
      return v.t === 'ext' ? 'ext' : undefined;
    }
    case 'lit': return 'ext';
    case 'generic': return this.typeSymbol(f, t.of);
    // (`Omit<Base, 'a'>` names Base)
    case 'intersection': return isKeysPart(t) ? this.typeSymbol(f, t.types[0]) : undefined;
    case 'call': {
      // `class X extends M(Y)` (a mixin): the class M returns
      const v = this.value(f, t);
      if (v.t === 'sym' && this.sym(v).label === 'Class') return { f: v.f, s: v.s, c: v.c, r: v.r };
      return v.t === 'ext' ? 'ext' : undefined;
    }
    default: return undefined;
  }
}

/**
 * What a member's declared types may read its class's type parameters as: the instance's type arguments, when
 * the member is declared on that class itself (an inherited one sees the base's parameters, not bound here).
 */
export function substOf(this: Evaluator, o: Val & { t: 'inst' }, m: SymRef): Subst | undefined {
  return this.bindingsFor(o.f, o.s, o.args, m.f, this.sym(m).parent, 0);
}

/**
 * The type-parameter bindings in force for the members of symbol `os` of file `of` (the owner), starting from
 * class `cs` of file `cf` written with `args` and going up its heritage (`class UserRepo extends Repo<User>`: Repo's
 * T is User for UserRepo's instances); undefined when nothing binds them. (Positions as numbers: no objects per
 * member access.)
 */
export function bindingsFor(this: Evaluator, cf: number, cs: number, args: TypeArg[] | undefined, of: number, os: number, depth: number): Subst | undefined {
  if (os < 0) return undefined;
  if (depth > 8) { this.cut++; return undefined; }
  const sym = this.files[cf].symbols[cs];
  const own = args && sym.typeParams ? this.boundParams(cf, sym.typeParams, args) : undefined;
  if (cf === of && cs === os) return own?.size ? own : undefined;
  // a member the class's merged interface declares (`interface Base<TTable> { readonly _: { table: TTable } }` beside
  // `class Base<TTable>`): the interface's own type parameters, bound by position to the same arguments
  if (args && this.mergedTypes({ f: cf, s: cs }, false)?.some((t) => t.f === of && t.s === os)) {
    const twin = this.files[of].symbols[os];
    const bound = twin.typeParams ? this.boundParams(of, twin.typeParams, args) : undefined;
    return bound?.size ? bound : undefined;
  }
  // extends, then implements (indexed: no joined copy per call, this runs for every member of an instance)
  const ext = sym.extends, nExt = ext ? ext.length : 0, n = nExt + (sym.implements ? sym.implements.length : 0);
  for (let k = 0; k < n; k++) {
    const h = k < nExt ? ext![k] : sym.implements![k - nExt];
    // (a base named without arguments, `class Plugin extends RendererComponent`, may itself bind the parameters of
    // one further up: `RendererComponent extends Component<Renderer>`)
    const generic = h.k === 'generic';
    if (!generic && h.k !== 'id' && h.k !== 'member') continue;
    const base = this.typeSymbol(cf, generic ? h.of : h);
    if (!base || base === 'ext') continue;
    const found = this.bindingsFor(base.f, base.s, generic ? h.args.map((t) => typeArgOf(cf, t, own)) : undefined, of, os, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * What awaiting an instance of a project class or interface gives where its heritage is a promise (`extends
 * PromiseLike<Either<L, R>>`, directly or through project bases such as an implemented interface): the value it
 * resolves to, its type arguments bound; undefined where no base is one.
 */
export function awaitedThenable(this: Evaluator, o: Val & { t: 'inst' }, depth: number): Val | undefined {
  if (depth > 4 || o.f >= this.projectCount) return undefined;
  const sym = this.sym(o);
  if (sym.label !== 'Class' && sym.label !== 'Interface') return undefined;
  const subst = this.bindingsFor(o.f, o.s, o.args, o.f, o.s, 0);
  for (const h of [...(sym.extends ?? []), ...(sym.implements ?? [])]) {
    const v = this.typeValue(o.f, h, 0, subst);
    if (v.t === 'prom') return v.of;
    if (v.t === 'inst') { const r = this.awaitedThenable(v, depth + 1); if (r) return r; }
  }
  return undefined;
}

/** The tuple types a union is made of (`[A, B] | [C, D] | [E]`, nested unions flattened), or undefined where a part is another type. */
/**
 * A value named in a type (`typeof x`, the object of `A.B`): as an expression, except that `import('./x')` there is
 * the module's namespace itself (`import('./ids.js').IdSet`, `typeof import('./x')`), not the promise a dynamic
 * import expression gives.
 */
function typeOperand(ev: Evaluator, f: number, e: Expr): Val {
  if (e.k === 'import') return ev.importedNamespace(f, e.source);
  if (e.k === 'member' && e.obj.k === 'import') return ev.member(ev.deref(ev.importedNamespace(f, e.obj.source)), e.name);
  return ev.value(f, e);
}

function tupleParts(t: Expr & { k: 'union' }): Array<Expr & { k: 'list' }> | undefined {
  if (t.types.length < 2 || t.either) return undefined;
  const out: Array<Expr & { k: 'list' }> = [];
  const add = (m: Expr): boolean => {
    if (m.k === 'list') { out.push(m); return true; }
    return m.k === 'union' && !m.either && m.types.every(add);
  };
  return t.types.every(add) ? out : undefined;
}

/**
 * `this` in the methods of an object literal whose contextual type `ctx` (a literal's: a declared type, or a member
 * of the enclosing literal's) has a `ThisType<T>` part (`methods: Methods & ThisType<Store & Methods>`): a T, the
 * literal's own contextual type first, then each enclosing literal's, as the checker looks for it; undefined where
 * none has one.
 */
export function thisTypeOf(this: Evaluator, f: number, ctx: Expr, depth: number): Val | undefined {
  if (depth > 4) return undefined;
  if (ctx.k === 'tagged') return this.thisTypeOf(f, ctx.of, depth + 1);
  if (ctx.k === 'as') {
    const found = thisTypeArg(this, f, ctx.type, 0);
    return found && this.typeValue(found.f, found.t, 0);
  }
  if (ctx.k !== 'member') return undefined;
  const o = this.deref(this.value(f, ctx.obj));
  const m = o.t === 'inst' || o.t === 'obj' || o.t === 'inter' ? this.member(o, ctx.name) : undefined;
  const type = m && m.t === 'sym' ? this.sym(m).type : undefined;
  const found = type && m && m.t === 'sym' ? thisTypeArg(this, m.f, type, 0) : undefined;
  if (found && m && m.t === 'sym') return this.typeValue(found.f, found.t, 0, m.subst);
  return this.thisTypeOf(f, ctx.obj, depth + 1);
}

/** The `T` of a `ThisType<T>` part of type `t` (written in file f; through a type alias without type parameters). */
function thisTypeArg(ev: Evaluator, f: number, t: Expr, hops: number): { f: number; t: Expr } | undefined {
  if (t.k === 'thistype') return { f, t: t.of };
  if (t.k === 'intersection') {
    for (const m of t.types) { const x = thisTypeArg(ev, f, m, hops); if (x) return x; }
    return undefined;
  }
  if ((t.k === 'id' || t.k === 'member') && hops < 3) {
    const a = ev.typeSymbol(f, t);
    if (!a || a === 'ext') return undefined;
    const s = ev.sym(a);
    return s.label === 'TypeAlias' && s.type && !s.typeParams ? thisTypeArg(ev, a.f, s.type, hops + 1) : undefined;
  }
  return undefined;
}

/** True when `x` is the type parameter `p` names (in a conditional's true branch, as the branch narrows it). */
function isParam(x: Expr, p: Expr): boolean {
  if (x.k === 'narrowed') x = x.of;
  return p.k === 'id' && x.k === 'id' && p.b !== undefined && bindsLocal(p.b) && x.b === p.b;
}

/**
 * True when a conditional type's check is `any`: written so, or a type parameter a type argument `any` binds
 * (`Route<any>`'s parameter, also through parameters passing it on).
 */
function checksAny(t: Expr, f: number, subst: Subst | undefined, hops: number): boolean {
  if (t.k === 'any') return true;
  if (t.k !== 'id' || !subst || hops > 6 || !bindsLocal(t.b)) return false;
  const a = subst.get(`${f}:${bindingIndex(t.b)}`);
  if (!a) return false;
  if (a.v) return a.v.t === 'ext' && !!a.v.any;
  return checksAny(a.t, a.f, a.subst, hops + 1);
}

/**
 * Whether a type written in file f (with `subst` in force) is, or holds, a type parameter nothing binds, through the
 * type arguments bound ones stand for (`TActual` of `Validate<TActual, …>` bound to a generic function's own `T`):
 * what the checker infers at a call.
 */
function inferred(t: Expr, f: number, subst: Subst | undefined, depth: number): boolean {
  if (depth > 6) return true;
  switch (t.k) {
    case 'id': {
      if (!bindsLocal(t.b)) return false;
      const a = subst?.get(`${f}:${bindingIndex(t.b)}`);
      return !a || (!a.v && inferred(a.t, a.f, a.subst, depth + 1));
    }
    case 'array': case 'promise': return inferred(t.of, f, subst, depth + 1);
    case 'union': case 'intersection': return t.types.some((x) => inferred(x, f, subst, depth + 1));
    case 'generic': return t.args.some((x) => inferred(x, f, subst, depth + 1));
    case 'index': return inferred(t.of, f, subst, depth + 1);
    // (a type parameter a conditional type's test narrows in its true branch: the parameter)
    case 'narrowed': return inferred(t.of, f, subst, depth + 1);
    default: return false;
  }
}

/** An object type literal that declares computed keys only (a brand: `{ readonly [phase]?: P }`), nothing by name. */
function brandOnly(o: Val & { t: 'obj' }): boolean {
  const computed = (name: string): boolean => name.startsWith('[');
  return !o.open && !o.index && !o.calls?.length && !o.news?.length && o.props.every((p) => computed(p.name)) && (o.decls ?? []).every((d) => computed(d.name)) && (o.others ?? []).every(computed);
}

/**
 * Whether a type written in file f (with `subst` in force) holds a type parameter of a function, method or class that
 * nothing binds, through the type arguments bound ones stand for: read inside that declaration's body, where the
 * checker defers a conditional type testing it (a call binds the parameters its arguments reach, see uninferred).
 */
export function holdsBodyParam(this: Evaluator, t: Expr, f: number, subst: Subst | undefined, depth: number): boolean {
  if (depth > 6) return false;
  switch (t.k) {
    case 'id': {
      if (!bindsLocal(t.b)) return false;
      const a = subst?.get(`${f}:${bindingIndex(t.b)}`);
      if (a) return !a.v && this.holdsBodyParam(a.t, a.f, a.subst, depth + 1);
      return !subst?.has(AT_CALL) && ownTypeParams(this.files[f].symbols).bodies.has(bindingIndex(t.b));
    }
    case 'union': case 'intersection': return t.types.some((x) => this.holdsBodyParam(x, f, subst, depth + 1));
    case 'generic': return t.args.some((x) => this.holdsBodyParam(x, f, subst, depth + 1));
    case 'index': return this.holdsBodyParam(t.of, f, subst, depth + 1);
    // (a tuple wrapping it, `[S] extends [Schema]`, the usual way to keep a test from distributing)
    case 'list': return t.items.some((x) => this.holdsBodyParam(x, f, subst, depth + 1));
    default: return false;
  }
}

/**
 * Whether a type written in file f (with `subst` in force) is a bare type parameter that stands, through the type
 * arguments bound ones stand for, for a function's, method's or class's own type parameter that nothing binds and
 * that declares no constraint: read inside that declaration's body, a conditional type testing it is deferred and has
 * no constraint to be decided by.
 */
export function unconstrainedBodyParam(this: Evaluator, t: Expr, f: number, subst: Subst | undefined, depth: number): boolean {
  if (depth > 6 || t.k !== 'id' || !bindsLocal(t.b)) return false;
  const a = subst?.get(`${f}:${bindingIndex(t.b)}`);
  if (a) return !a.v && this.unconstrainedBodyParam(a.t, a.f, a.subst, depth + 1);
  const l = bindingIndex(t.b);
  return !subst?.has(AT_CALL) && ownTypeParams(this.files[f].symbols).bodies.has(l) && !this.files[f].locals[l]?.type;
}

/**
 * The key that marks a substitution as a call's (`atCall`): a callee's type parameter it leaves unbound is one the
 * checker infers there (from the arguments, else its default or constraint), not one a body reads deferred.
 */
const AT_CALL = 'call';
/** `subst` marked as a call's, for reading the callee's declared types at that call (see holdsBodyParam). */
export function atCall(subst: Subst | undefined): Subst {
  const out = new Map(subst ?? []);
  out.set(AT_CALL, { f: -1, t: OTHER });
  return out;
}

/** The type parameters (locals) a file's declarations own: its classes', and its functions', methods' and classes'. */
interface OwnTypeParams { classes: Set<number>; bodies: Set<number> }
const ownParams = new WeakMap<readonly SymbolFact[], OwnTypeParams>();
/** OwnTypeParams of a file's symbols, read in one pass and kept per file. */
function ownTypeParams(symbols: readonly SymbolFact[]): OwnTypeParams {
  let out = ownParams.get(symbols);
  if (!out) {
    out = { classes: new Set(), bodies: new Set() };
    for (const s of symbols) {
      if (!s.typeParams || (s.label !== 'Class' && s.label !== 'Function' && s.label !== 'Method')) continue;
      for (const l of s.typeParams) { out.bodies.add(l); if (s.label === 'Class') out.classes.add(l); }
    }
    ownParams.set(symbols, out);
  }
  return out;
}

/**
 * A value of an object type or an instance without the members an `Omit` drops, or with only those a `Pick` keeps (a
 * mapped type's or an index signature's keys are not listed, so those, and values of any other kind, are left as they
 * are).
 */
function keptKeys(v: Val, t: Expr & { k: 'intersection' }): Val {
  if (v.t === 'inst' && !v.up) return t.picks ? { ...v, only: t.picks } : t.omits ? { ...v, drops: t.omits } : { ...v, keyed: true };
  if (!t.omits && !t.picks) return v;
  if (v.t !== 'obj' || v.index || v.key !== undefined) return v;
  const keep = (name: string): boolean => (t.picks ? t.picks.includes(name) : !t.omits!.includes(name));
  const decls = v.decls?.filter((d) => keep(d.name));
  const others = v.others?.filter(keep);
  return { ...v, props: v.props.filter((p) => keep(p.name)), decls: decls?.length ? decls : undefined, others: others?.length ? others : undefined };
}

/**
 * A homomorphic mapped type (`t`, with `over` and `key`) over an array or tuple type: an array of its template with
 * the key left as the element index, or a tuple of the template instantiated at each position; undefined where what
 * it maps is no list.
 */
export function mappedList(this: Evaluator, f: number, t: Expr & { k: 'object' }, depth: number, subst: Subst | undefined): Val | undefined {
  const over = this.typeValue(f, t.over!, depth + 1, subst);
  if (over.t === 'arr') return { t: 'arr', f, of: OTHER, el: this.typeValue(f, t.index!, depth + 1, subst), r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
  if (over.t !== 'tup') return undefined;
  const items = over.items.map((_, i) => {
    const at = new Map(subst ?? []);
    at.set(`${f}:${t.key}`, { f, t: { k: 'lit', v: String(i) } });
    return this.typeValue(f, t.index!, depth + 1, at);
  });
  return { t: 'tup', items, r: 'typed-receiver', c: REASON_CONFIDENCE['typed-receiver'] };
}

/** A type parameter's name (a local in type position), also as a conditional type's true branch narrows it. */
function namesTypeParam(e: Expr): boolean {
  const x = e.k === 'narrowed' ? e.of : e;
  return x.k === 'id' && bindsLocal(x.b);
}

/**
 * The classes of a `typeof` query of a const array literal whose items are classes or spreads of other such consts
 * (`typeof DefaultSystems` of `const DefaultSystems = [...SharedSystems, TextureSystem]`), as class values, the type
 * reached through the type arguments in force; undefined for anything else.
 */
export function queriedClasses(this: Evaluator, f: number, t: Expr, subst: Subst | undefined, depth: number): Array<Val & { t: 'sym' }> | undefined {
  if (depth > 8) return undefined;
  if (t.k === 'id' && bindsLocal(t.b)) {
    const a = subst?.get(`${f}:${bindingIndex(t.b)}`);
    return a && !a.v ? this.queriedClasses(a.f, a.t, a.subst, depth + 1) : undefined;
  }
  if (t.k !== 'typeof') return undefined;
  const out: Array<Val & { t: 'sym' }> = [];
  const walk = (f: number, e: Expr, hops: number): boolean => {
    if (hops > 8) return false;
    const v = this.value(f, e);
    if (v.t !== 'sym') return false;
    const s = this.sym(v);
    if (s.label === 'Class') { if (!out.some((x) => x.f === v.f && x.s === v.s)) out.push(v); return true; }
    if (s.label !== 'Variable' || s.kind !== 'const' || s.type || s.init?.k !== 'list' || !s.init.items.length) return false;
    return s.init.items.every((x) => (x.k === 'spread' ? walk(v.f, x.of, hops + 1) : walk(v.f, x, hops + 1)));
  };
  return walk(f, t.of, 0) && out.length ? out : undefined;
}
