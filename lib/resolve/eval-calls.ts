/** What calls give: results of functions and methods (declared, returned, generic), callbacks' parameters, built-ins. */
import { ELEMENT_CALLBACKS, EXT, OTHER, REASON_CONFIDENCE, UNKNOWN, addInstances, instancesValue, returnsThis, sameValue, valueArray, weaken, weakenFrom, type Evaluator, type Reason, type Subst, type SymRef, type TypeArg, type Val } from './evaluate.ts';
import { KEYWORD_TAG, bindingIndex, bindsImport, bindsLocal, bindsSymbol, localBinding, mentionsLocal, symbolBinding, type CallFact, type CallSignature, type Expr, type FileFacts, type SymbolFact } from '../extract/facts.ts';
import { atCall } from './eval-types.ts';
import { sameObjectReading } from './same-value.ts';

/** Values an overloaded call's result may be read as one of (see callResult): types whose members are declared. */
const OVERLOAD_RESULT: ReadonlySet<Val['t']> = new Set(['inst', 'obj', 'inter', 'union', 'anyof']);

/** The function, method or constructor a call runs (undefined when unknown or outside the project). */
export function callTarget(this: Evaluator, f: number, call: CallFact): (SymRef & { r: Reason; c: number }) | undefined {
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

/** A parameter of a function with a declared function type: that type's parameter (see LocalFact.ctxType). */
export function declaredParam(this: Evaluator, f: number, ctx: { type: Expr; param: number; returns?: number; key?: true }): Val {
  // (an intersection holding one function type, `((set, get) => T) & { tag?: M }`, types a function by that type)
  const signature = (v: Val): Val => (v.t === 'inter' && v.fn ? v.fn : v);
  let fn = signature(this.typeValue(f, ctx.type, 0));
  for (let k = 0; k < (ctx.returns ?? 0) && fn.t === 'fnval'; k++) fn = signature(this.typeValue(fn.f, fn.returns, 0, fn.subst));
  // a method's type (`Handlers['a']` of `interface Handlers { a(x: Foo): void }`): its declared parameter
  if (fn.t === 'sym') {
    const ms = this.sym(fn);
    const pt = ms.label === 'Method' ? ms.params?.[ctx.param] : undefined;
    if (pt && ctx.key && mentionsUnbound(pt, fn.f, fn.subst, 0)) return UNKNOWN;
    return pt ? weakenFrom(this.typeValue(fn.f, pt, 0, fn.subst), fn, 'contextual-type') : UNKNOWN;
  }
  if (fn.t === 'fnval' && fn.rest !== undefined && ctx.param >= fn.rest) return this.restParam(fn, ctx.param);
  const p = fn.t === 'fnval' ? fn.params?.[ctx.param] : undefined;
  if (!p || fn.t !== 'fnval') return UNKNOWN;
  // (a key's function of an argument literal: a type parameter its callee's call leaves to inference, `run<T>(value: T,
  // hooks: { after: (v: T) => … })`, is what the arguments make it, not its constraint)
  if (ctx.key && mentionsUnbound(p, fn.f, fn.subst, 0)) return UNKNOWN;
  return weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), fn, 'contextual-type');
}

/**
 * Whether a declared type is a type parameter other than `outer` (its class's, local indexes), or an array, promise,
 * map or union or intersection part of one: what the checker's inference makes it. (A generic type's argument,
 * `Observable<T>`, leaves the members that type's: rxjs's `operate((source, subscriber) => …)`.)
 */
function mentionsOwn(t: Expr, outer: readonly number[], depth: number): boolean {
  if (depth > 6) return true;
  switch (t.k) {
    case 'id': return bindsLocal(t.b) && !outer.includes(bindingIndex(t.b));
    case 'array': case 'promise': case 'map': return mentionsOwn(t.of, outer, depth + 1);
    case 'union': case 'intersection': return t.types.some((x) => mentionsOwn(x, outer, depth + 1));
    default: return false;
  }
}

/** Whether a declared type names, anywhere in it, a type parameter that `subst` does not bind. */
function mentionsUnbound(t: Expr, f: number, subst: Subst | undefined, depth: number): boolean {
  if (depth > 6) return true;
  switch (t.k) {
    case 'id': return bindsLocal(t.b) && !subst?.has(`${f}:${bindingIndex(t.b)}`);
    case 'array': case 'promise': return mentionsUnbound(t.of, f, subst, depth + 1);
    case 'map': return mentionsUnbound(t.of, f, subst, depth + 1) || (!!t.key && mentionsUnbound(t.key, f, subst, depth + 1));
    case 'union': case 'intersection': return t.types.some((x) => mentionsUnbound(x, f, subst, depth + 1));
    case 'generic': return t.args.some((x) => mentionsUnbound(x, f, subst, depth + 1));
    case 'index': return mentionsUnbound(t.of, f, subst, depth + 1);
    default: return false;
  }
}

/**
 * The declared type of a called function's parameter (an object literal argument's contextual type): unknown for a
 * generic function, whose parameter types the checker instantiates from the call, and for overloads (no `params`).
 */
export function argumentType(this: Evaluator, f: number, e: Expr & { k: 'param' }): Val {
  const call: CallFact = { callee: e.callee, at: 0, from: -1 };
  if (e.isNew) call.isNew = true;
  // (a const holding the function a factory's call returns, `const createSlice = buildCreateSlice()`: that function's)
  const target = this.callTarget(f, call) ?? (e.isNew ? undefined : this.heldFunction(f, e.callee));
  if (!target) {
    // a built-in collection's method that takes an element (`points.push({ x: 1 })`, `map.set(k, { … })`)
    const el = e.isNew || e.callee.k !== 'member' ? undefined : this.collectionArgument(f, e.callee, e.arg);
    if (el) return el;
    // (a built-in array's `map` written with its type argument, `registrations.map<Registration>((r) => ({ … }))`: the
    // callback's declared result is that type, so the literals it returns are typed by it, as the checker reads them)
    if (!e.isNew && e.callee.k === 'member' && e.callee.name === 'map' && e.arg === 0 && e.targs?.length === 1) {
      const recv = this.arrayReceiver(f, e.callee.obj);
      if (recv.t === 'arr' || recv.t === 'tup') return { t: 'fnval', f, returns: e.targs[0], r: 'contextual-type', c: REASON_CONFIDENCE['contextual-type'] };
    }
    // a value of a declared function type (`symbolKey: (ctx: SymbolKeyContext) => …`, `const h: Handler`): its parameter
    const fn = e.isNew ? UNKNOWN : this.deref(this.value(f, e.callee));
    // (a value of an interface or object type with call signatures, `observable.map(v, { name })` of `map:
    // IObservableMapFactory`: the type every signature taking the argument declares alike there)
    if (fn.t === 'inst' || fn.t === 'obj') return this.signatureArgument(fn, e.arg);
    // (a function expression a value holds, `const [get, set] = helper<D, State>(…)` of a returned `(info: T) => …`:
    // its declared parameter, under the type arguments of the call that returned it)
    if (fn.t === 'ext' && fn.fn?.params) {
      const p = fn.fn.params[e.arg];
      return !p || unboundTypeParam(p, fn.fn.f, fn.fn.subst) ? UNKNOWN : weaken(this.typeValue(fn.fn.f, p, 0, fn.fn.subst), 'contextual-type');
    }
    return fn.t === 'fnval' ? fnvalParam.call(this, fn, e.arg) : UNKNOWN;
  }
  const ts = this.sym(target);
  const pt = paramAt(ts, e.arg) ?? this.overloadArg(ts, target.f, e.arg, !!e.fn, e.keys);
  // (a function bound to a const of a declared function type, its parameter not annotated, `const f: Returns<F, R> =
  // ({ a }) => …`: that type's parameter, as the checker types the function by it)
  if (!pt && ts.label === 'Function' && ts.type && !ts.typeParams && !ts.more) {
    const declared = this.deref(this.typeValue(target.f, ts.type, 0));
    if (declared.t === 'fnval') return fnvalParam.call(this, declared, e.arg);
  }
  // (a method of an object literal a declared type types, its parameter not annotated, `const Editor: EditorInterface =
  // { path(editor, at, options) {…} }`: the declared member's parameter, as the checker types `Editor.path(…)` by the
  // variable's type)
  if (!pt && ts.label === 'Method' && ts.rest === undefined) return this.declaredMemberParam(target, ts, e.arg) ?? UNKNOWN;
  // (a rest parameter of a tuple type, written or named, `...[options]: Args`, `...args: Parameters<typeof f>`: the
  // tuple's item at the argument's position from the rest on, see restItem)
  if (!pt && (ts.rest === undefined || e.arg < ts.rest)) return UNKNOWN;
  // a method of a generic receiver (`box.put({ … })` on a `Box<Cat>`): its type parameters as the receiver binds them
  const callee = e.callee.k === 'member' && !e.isNew ? this.value(f, e.callee) : undefined;
  const c: Val & { t: 'sym' } = { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c, subst: callee?.t === 'sym' && callee.f === target.f && callee.s === target.s ? callee.subst : undefined };
  // … and the type arguments written at the call (`implementNode<MaxDecl>({ … })`; a constructor's, `new Store<Props>(
  // { … })`, bind its class's type parameters)
  const typeParams = ts.typeParams ?? (e.isNew && ts.kind === 'constructor' && ts.parent >= 0 ? this.files[target.f].symbols[ts.parent].typeParams : undefined);
  // (a constructor a class inherits, `new Button({ … })` of `class Button extends Component<ButtonProps>`, or the base's
  // a `super({ … })` runs: the base's type parameters as the class's heritage binds them)
  const owner = ts.kind === 'constructor' ? ts.parent : -1;
  let below: SymRef | undefined;
  if (owner >= 0 && e.callee.k === 'super' && e.callee.cls >= 0) below = { f, s: e.callee.cls };
  else if (owner >= 0 && e.isNew) {
    const cls = this.value(f, e.callee);
    if (cls.t === 'sym' && (cls.f !== target.f || cls.s !== owner) && this.sym(cls).label === 'Class') below = cls;
  }
  let subst = below ? this.bindingsFor(below.f, below.s, e.isNew ? e.targs?.map((t) => ({ f, t })) : undefined, target.f, owner, 0)
    : e.targs && typeParams ? this.explicitTypeArgs(c, typeParams, e.targs, f) : literalTypeArgs(this.files[target.f], ts, target.f, e.lits, c.subst);
  // (a literal holding functions the call types, `arrayEquals(a, b, { isEqual: (l, r) => … })`: the type parameters the
  // other arguments infer, as the checker fixes them from those before it types the literal's functions)
  if (e.argv && pt && !below && !e.targs && target.f < this.projectCount) subst = this.siblingTypeArgs(f, { callee: e.callee, at: 0, from: -1, argv: e.argv, isNew: e.isNew }, { ...c, subst }, ts, pt) ?? subst;
  // a parameter typed by a type parameter the receiver does not bind (`<T extends Limit>(x: T)`, `Partial<T>`, `T[]`):
  // the checker instantiates it from the argument itself, so its constraint's members are not the keys'
  if (!pt) return this.restItem(e.arg, target, ts, subst);
  if (unboundTypeParam(pt, target.f, subst)) return e.cb && typeParams ? this.firstPassParam(target, typeParams, pt, subst) : UNKNOWN;
  // (read at the call: a type parameter of the callee left unbound is inferred there, see holdsBodyParam)
  return weakenFrom(this.typeValue(target.f, pt, 0, typeParams ? atCall(subst) : subst), { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c }, 'contextual-type');
}

/**
 * A parameter typed by a type parameter of the callee the call leaves to inference (`constructor(config?: Config)` of
 * `Shape<Config extends ShapeConfig = ShapeConfig>`), read for a function an object literal argument holds there
 * (`new Shape({ sceneFunc(ctx, shape) {…} })`): the literal is context-sensitive, so the checker's first inference pass
 * takes nothing from it and types its functions by the parameter's default, else its constraint; unknown otherwise.
 */
export function firstPassParam(this: Evaluator, target: SymRef & { r: Reason; c: number }, typeParams: readonly number[], pt: Expr, subst: Subst | undefined): Val {
  if (pt.k !== 'id' || !bindsLocal(pt.b) || !typeParams.includes(bindingIndex(pt.b))) return UNKNOWN;
  const tp = this.files[target.f].locals[bindingIndex(pt.b)];
  const bound = tp?.dflt ?? tp?.type;
  return bound ? weakenFrom(this.typeValue(target.f, bound, 0, subst), { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c }, 'contextual-type') : UNKNOWN;
}

/**
 * The declared type of parameter `arg` of an overloaded function (file f) whose signatures differ there, for an
 * object literal (`fn` false) or a function written there: the one type of the signatures with a parameter at that
 * position that can hold it, as the checker's overload resolution finds it; a primitive (`string`) holds neither, a
 * function type only a function, and an object literal is no function. Undefined where more than one type is left,
 * or one that is not read (no declared type, an outside type), which could hold either. `keys`: the names the literal
 * gives, where it gives nothing else: a type that cannot take them (see refusesKeys) holds it neither.
 */
export function overloadArg(this: Evaluator, ts: SymbolFact, f: number, arg: number, fn: boolean, keys?: readonly string[]): Expr | undefined {
  if (!ts.overloadArgs) return undefined;
  let found: Expr | undefined, text: string | undefined;
  for (const sig of ts.overloadArgs) {
    if (arg >= sig.length) continue;
    const t = sig[arg];
    if (!t) return undefined;
    if (t.k === 'lit') continue;
    const v = this.typeValue(f, t, 0);
    if (v.t === 'unknown' || v.t === 'ext') return undefined;
    if ((v.t === 'fnval') !== fn) continue;
    if (keys && this.refusesKeys(this.deref(v), keys)) continue;
    const s = JSON.stringify(t);
    if (found && s !== text) return undefined;
    found = t; text = s;
  }
  return found;
}

/**
 * True when a fresh object literal giving exactly `keys` surely is no value of type `v`, so that no overload signature
 * declaring `v` there takes it: `v` can be constructed or called (`{ new (...args: any[]): T }`), or it is a class or
 * interface, all of it in the project, that declares members and no index signature, and one of the keys is none of
 * them (the checker's excess property check fails the signature: `register(token, { useClass: C })` is no
 * `ValueProvider<T>`'s `{ useValue: T }`). Anything else may take it (a union, an intersection, an outside type).
 */
export function refusesKeys(this: Evaluator, v: Val, keys: readonly string[]): boolean {
  if (v.t === 'obj') return !!(v.news?.length || v.calls?.length) || (keys.length > 0 && !!v.props.length && keys.some((k) => this.lacksIn(v, k)));
  if (v.t !== 'inst' || v.up || v.drops || v.only || v.keyed || !keys.length) return false;
  const sym = this.sym(v);
  if ((sym.label !== 'Interface' && sym.label !== 'Class') || this.files[v.f].language === 'javascript') return false;
  // (an empty type, `{}`'s kind, takes any literal: the checker's excess property check skips it)
  if (!this.files[v.f].symbols.some((m) => m.parent === v.s && (m.label === 'Property' || m.label === 'Method'))) return false;
  if (this.indexedAbove(v, 0) || this.hasStringIndex(v, 0)) return false;
  return keys.some((k) => this.declaresNoMember(v, k, false));
}

/**
 * The declared type of parameter `i` of a value of a function type, as an argument's contextual type (from its rest
 * parameter on, restParam's); unknown where it names a type parameter nothing binds.
 */
function fnvalParam(this: Evaluator, fn: Val & { t: 'fnval' }, i: number): Val {
  if (fn.rest !== undefined && i >= fn.rest) return this.restParam(fn, i);
  const p = fn.params?.[i];
  return !p || unboundTypeParam(p, fn.f, fn.subst) ? UNKNOWN : weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), fn, 'contextual-type');
}

/**
 * The declared type of parameter `i` of a value of a function type taken by its rest parameter (`(...args:
 * Parameters<F>) => R`, `(...items: Item[]) => R`): the tuple's item at that position from the rest on, or the array's
 * element; unknown where it is neither, or a type parameter.
 */
export function restParam(this: Evaluator, fn: Val & { t: 'fnval' }, i: number): Val {
  const r = fn.params?.[fn.rest!];
  if (!r || unboundTypeParam(r, fn.f, fn.subst)) return UNKNOWN;
  if (r.k === 'array') return unboundTypeParam(r.of, fn.f, fn.subst) ? UNKNOWN : weakenFrom(this.typeValue(fn.f, r.of, 0, fn.subst), fn, 'contextual-type');
  const t = this.typeValue(fn.f, r, 0, fn.subst);
  const item = t.t === 'tup' ? t.items[i - fn.rest!] : undefined;
  if (!item || item.t === 'unknown' || item.t === 'ext') return UNKNOWN;
  return weakenFrom(item, fn, 'contextual-type');
}

/**
 * The contextual type of argument `e.arg` taken by a rest parameter that is no array type (see argumentType): the item
 * at that position of the tuple type it evaluates to (`CondRequired<[options?: Opts], …>`, an alias, `Parameters<F>`),
 * through the callee's receiver's bindings; unknown where it is no tuple, or a type parameter.
 */
export function restItem(this: Evaluator, arg: number, target: SymRef & { r: Reason; c: number }, ts: SymbolFact, subst: Subst | undefined): Val {
  const r = ts.params?.[ts.rest!];
  if (!r || unboundTypeParam(r, target.f, subst)) return UNKNOWN;
  const t = this.typeValue(target.f, r, 0, subst);
  const item = t.t === 'tup' ? t.items[arg - ts.rest!] : undefined;
  if (!item || item.t === 'unknown' || item.t === 'ext') return UNKNOWN;
  return weakenFrom(item, { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c }, 'contextual-type');
}

/**
 * What a built-in method of a declared array, set or map takes as argument `arg` where that is an element (`push`,
 * `unshift`, `splice`'s items, `fill`'s value; a set's `add`; a map's `set`, its key and its value): the element's
 * declared type, as the checker's contextual type of a literal written there. Undefined for anything else (an array
 * typed by its values, `const xs = [{ … }]`, has no declared element).
 */
export function collectionArgument(this: Evaluator, f: number, callee: Expr & { k: 'member' }, arg: number): Val | undefined {
  const name = callee.name;
  if (!COLLECTION_ARGS.has(name)) return undefined;
  const recv = this.arrayReceiver(f, callee.obj);
  if (recv.t === 'arr' && !recv.el) {
    const takes = name === 'push' || name === 'unshift' || name === 'add' || (name === 'splice' && arg >= 2) || (name === 'fill' && arg === 0);
    return takes ? this.elementOf(recv, 'contextual-type') : undefined;
  }
  if (recv.t === 'map' && name === 'set') {
    if (arg === 1) return this.elementOf(recv, 'contextual-type');
    return arg === 0 && recv.key ? weakenFrom(this.typeValue(recv.f, recv.key, 0, recv.subst), recv, 'contextual-type') : undefined;
  }
  return undefined;
}

const COLLECTION_ARGS = new Set(['push', 'unshift', 'splice', 'fill', 'add', 'set']);

/**
 * The declared type of the parameter that takes argument i: from a rest parameter's position on (`addAll(...points:
 * Point[])` called as `addAll({ x: 1 }, { x: 2 })`), an element of its array type.
 */
function paramAt(sym: SymbolFact, i: number): Expr | null | undefined {
  if (sym.rest === undefined || i < sym.rest) return sym.params?.[i];
  const r = sym.params?.[sym.rest];
  return r?.k === 'array' ? r.of : undefined;
}

/** The declared types of the parameters that take `n` arguments (see paramAt). */
function paramsFor(sym: SymbolFact, n: number): Array<Expr | null> {
  const out: Array<Expr | null> = [];
  for (let i = 0; i < Math.max(n, sym.params?.length ?? 0); i++) out.push(paramAt(sym, i) ?? null);
  return out;
}

/** Whether a declared type is, or is an array or union part of, a type parameter that `subst` does not bind. */
function unboundTypeParam(t: Expr, f: number, subst: Subst | undefined): boolean {
  if (t.k === 'id') return bindsLocal(t.b) && !subst?.has(`${f}:${bindingIndex(t.b)}`);
  if (t.k === 'array') return unboundTypeParam(t.of, f, subst);
  if (t.k === 'union' || t.k === 'intersection') return t.types.some((x) => unboundTypeParam(x, f, subst));
  return false;
}

/** A callback's parameter, typed by the declaration of the function the callback is passed to. */
export function contextual(this: Evaluator, f: number, ctx: { call: number; arg: number; param: number }): Val {
  const call = this.files[f].calls[ctx.call];
  if (call && call.callee.k === 'member' && ctx.arg === 0 && ELEMENT_CALLBACKS[call.callee.name]?.includes(ctx.param)) {
    // `items.forEach((item) => …)`: the parameter is an element of the array (an instance of a class extending one too)
    let arr = this.arrayReceiver(f, call.callee.obj);
    // (a tuple whose items are one type, `[Mixed, Mixed, ...Array<Mixed>]`: an element is that type)
    if (arr.t === 'tup') arr = this.tupleArray(arr) ?? arr;
    if (arr.t === 'arr' || (arr.t === 'map' && call.callee.name === 'forEach' && ctx.param === 0)) return this.elementOf(arr, 'contextual-type');
  }
  // `xs.reduce((acc, x) => …, init)`: the accumulator is what the initial value is (the checker's `reduce<U>(…, init:
  // U)`, or T's own overload where init is an element)
  if (call && call.callee.k === 'member' && (call.callee.name === 'reduce' || call.callee.name === 'reduceRight') && ctx.arg === 0 && ctx.param === 0 && call.argv?.length === 2 && call.argv[1]) {
    const arr = this.arrayReceiver(f, call.callee.obj);
    if (arr.t === 'arr' || arr.t === 'tup') {
      const init = this.deref(this.heldValue(this.value(f, call.argv[1])));
      if (init.t === 'inst' || init.t === 'union' || init.t === 'map' || (init.t === 'arr' && init.of.k !== 'other')) return weaken(init, 'contextual-type');
    }
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
  // a function given to a declared array's `push` (`callbacks_.push((scope) => …)` of `callbacks_: Array<(scope: Scope)
  // => void>`), a set's `add`, a map's `set`: the element's function type's parameter, the checker's contextual type
  if (call && call.callee.k === 'member' && COLLECTION_ARGS.has(call.callee.name)) {
    const el = this.collectionArgument(f, call.callee, ctx.arg);
    const fn = el ? this.callablePart(this.deref(el)) : undefined;
    const p = fn?.params?.[ctx.param];
    if (p && fn && !unboundTypeParam(p, fn.f, fn.subst)) return weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), fn, 'contextual-type');
  }
  const target = call ? this.callTarget(f, call) : undefined;
  if (!target) return call ? this.fnValueCallback(f, call, ctx.arg, ctx.param) : UNKNOWN;
  const ts = this.sym(target);
  const t = ts.callbackParams?.[ctx.arg]?.[ctx.param];
  const pt = t ? undefined : paramAt(ts, ctx.arg) ?? this.overloadArg(ts, target.f, ctx.arg, true);
  if (!t && !pt) return UNKNOWN;
  // a callback's parameter typed by the callee's own type parameter (`visit<T extends Node>(n: T, fn: (c: T) => …)`):
  // the checker infers T from the call's arguments (an object literal's own type, a subclass), not its constraint
  // (a type's local names in a declared type are type parameters: those not its class's are the function's own)
  // (a package's callee keeps its reading: outside code, never a project member)
  // (unless the call writes every one of them: `send<User, Post>(u, (r) => …)` binds them as written)
  const written = call!.typeArgs && ts.typeParams && call!.typeArgs.length >= ts.typeParams.length;
  // (… or where the call's contextual type binds them through the callee's declared result and nothing else can,
  // `return observable((observer) => …)` in a function returning `Observable<Envelope>`: see contextTypeArgs)
  const fromContext = !written && call!.ctx && call!.callee.k !== 'member' && target.f < this.projectCount ? this.contextTypeArgs(f, call!, target, ts, ctx.arg) : undefined;
  // a method of a generic receiver (`box.map((v) => …)` on a `Box<Cat>`): its type parameters as the receiver binds them
  const callee = call!.callee.k === 'member' ? this.value(f, call!.callee) : undefined;
  const held = callee?.t === 'sym' && callee.f === target.f && callee.s === target.s ? callee.subst : undefined;
  const via: Val = { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c };
  // (… or where the call's other arguments bind every one the callback's type names, `two(new A(), (a) => a.m())`,
  // `new Pool(() => A.make(), (a) => a.reset())`: see CallFact.argv)
  const fromArgs = !written && !fromContext && call!.argv && target.f < this.projectCount ? this.siblingTypeArgs(f, call!, { ...via, subst: held } as Val & { t: 'sym' }, ts, (t ?? pt)!) : undefined;
  if (!written && !fromContext && !fromArgs && target.f < this.projectCount && (ts.label === 'Function' || ts.label === 'Method') && mentionsOwn((t ?? pt)!, ts.parent >= 0 ? this.files[target.f].symbols[ts.parent].typeParams ?? [] : [], 0)) return UNKNOWN;
  const subst = written ? this.explicitTypeArgs({ ...via, subst: held } as Val & { t: 'sym' }, ts.typeParams!, call!.typeArgs!, f) : fromContext ?? fromArgs ?? held;
  if (t) return weakenFrom(this.typeValue(target.f, t, 0, subst), via, 'contextual-type');
  // a parameter declared with a named function type (`listener: Listener<T>` of `type Listener<T> = (state: T) =>
  // void`): that type's parameter, its type arguments bound
  // (… or a union of it with types that cannot be called, `updater: Updater<S>` of `type Updater<T> = T | ((old: T) =>
  // T)`: the checker's contextual signature is the function type's, the one callable part)
  const fn = this.callablePart(this.typeValue(target.f, pt!, 0, subst));
  const p = fn?.params?.[ctx.param];
  return p && fn ? weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), via, 'contextual-type') : UNKNOWN;
}

/**
 * The function type a value of a declared type is called as: the type itself, or the one function type of a union
 * whose other parts are instances of classes and interfaces that declare no call signature; undefined otherwise.
 */
export function callablePart(this: Evaluator, v: Val): (Val & { t: 'fnval' }) | undefined {
  if (v.t === 'fnval') return v;
  if ((v.t !== 'inst' && v.t !== 'union') || v.fns?.length !== 1) return undefined;
  const insts = v.t === 'inst' ? [v] : v.of;
  return insts.every((i) => { const sym = this.sym(i); return (sym.label === 'Interface' || sym.label === 'Class') && !sym.calls; }) ? v.fns[0] : undefined;
}

/**
 * A method call on a receiver typed by a union of project types (`e` a call of a member): the instance types each
 * part's method declares it returns, as the checker's result is the union of theirs; undefined unless every part
 * declares or inherits the method and every result is a project class or interface instance.
 */
export function unionResults(this: Evaluator, f: number, e: Expr & { k: 'call' }): Val | undefined {
  // (a receiver typed by its declaration, not a value of several branches, `(c ? this.resolve(o) : this).clone()`,
  // whose parts are read less closely than the checker's: a method's `this` result is its declaring class there)
  if (e.callee.k !== 'member' || e.callee.obj.k === 'union') return undefined;
  const recv = this.deref(this.value(f, e.callee.obj));
  // (or by a union of object types, `TextPoint | ElementPoint` each declaring `getNode: () => …` of its own: a part
  // that surely lacks the member has no say, as in member)
  const objects = recv.t === 'anyof' && !recv.either && !recv.joined;
  if (recv.t !== 'union' && !objects) return undefined;
  const insts: Array<Val & { t: 'inst' }> = [];
  for (const part of recv.of as Val[]) {
    const m = this.member(part, e.callee.name);
    if (objects && m.t === 'unknown' && this.lacksIn(part, e.callee.name)) continue;
    // (a property of a function type: what that type returns)
    if (m.t === 'fnval') { if (!addInstances(insts, this.deref(this.callResult(m, e.args, f, e.argc ?? e.args?.length ?? 0, e.targs)))) return undefined; continue; }
    if (m.t !== 'sym') return undefined;
    const label = this.sym(m).label;
    if (label !== 'Method' && label !== 'Function' && !(label === 'Property' && this.sym(m).type)) return undefined;
    // (a method returning `this`, a builder's: that part itself, not the class declaring the method)
    if (returnsThis(this.sym(m), this.files[m.f])) { if (!addInstances(insts, part)) return undefined; continue; }
    if (!addInstances(insts, this.deref(this.callResult(m, e.args, f, e.argc ?? e.args?.length ?? 0, e.targs)))) return undefined;
  }
  return insts.length ? instancesValue(insts) : undefined;
}

/**
 * A callback's parameter where the callee is a value of a function type, no function of the project
 * (`provider(async (c) => …)` of `provider: (consumer: (connection: Conn) => Promise<void>) => Promise<void>`): the
 * parameter of the function type declared at the callback's position; unknown where that names a type parameter
 * nothing binds (a generic function type's own, which the checker infers from the call).
 */
export function fnValueCallback(this: Evaluator, f: number, call: CallFact, arg: number, param: number): Val {
  const fv = this.deref(this.value(f, call.callee));
  if (fv.t === 'inst' || fv.t === 'obj') return this.signatureCallback(fv, arg, param);
  const at = fv.t === 'fnval' ? fv.params?.[arg] : undefined;
  if (!at || fv.t !== 'fnval' || unboundTypeParam(at, fv.f, fv.subst)) return UNKNOWN;
  const cb = this.deref(this.typeValue(fv.f, at, 0, fv.subst));
  const p = cb.t === 'fnval' ? cb.params?.[param] : undefined;
  if (!p || cb.t !== 'fnval' || unboundTypeParam(p, cb.f, cb.subst)) return UNKNOWN;
  return weakenFrom(this.typeValue(cb.f, p, 0, cb.subst), fv, 'contextual-type');
}

/**
 * A callback's parameter where the callee is a value of an interface or object type with call signatures
 * (`EitherAsync(async (helpers) => …)` of `const EitherAsync: EitherAsyncTypeRef`, whose `<L, R>(runPromise: (helpers:
 * EitherAsyncHelpers<L>) => PromiseLike<R>)`): the parameter of the function type every signature that takes an
 * argument at the callback's position declares alike there; unknown where they differ, none declares one, or it names
 * a type parameter nothing binds.
 */
export function signatureCallback(this: Evaluator, v: Val & { t: 'inst' | 'obj' }, arg: number, param: number): Val {
  const agreed = agreedParameter.call(this, v, arg);
  if (!agreed) return UNKNOWN;
  const cb = this.deref(this.typeValue(v.f, agreed.at, 0, agreed.subst));
  const p = cb.t === 'fnval' ? cb.params?.[param] : undefined;
  if (!p || cb.t !== 'fnval' || unboundTypeParam(p, cb.f, cb.subst)) return UNKNOWN;
  return weakenFrom(this.typeValue(cb.f, p, 0, cb.subst), v, 'contextual-type');
}

/**
 * An argument's declared type where the callee is a value of an interface or object type with call signatures: the
 * type every signature that takes an argument at that position declares alike there, as the checker's overload
 * resolution gives it whichever signature it picks; unknown where they differ, one declares none, or it names a type
 * parameter nothing binds.
 */
export function signatureArgument(this: Evaluator, v: Val & { t: 'inst' | 'obj' }, arg: number): Val {
  const agreed = agreedParameter.call(this, v, arg);
  return agreed ? weakenFrom(this.typeValue(v.f, agreed.at, 0, agreed.subst), v, 'contextual-type') : UNKNOWN;
}

/**
 * The parameter type every call signature of v that takes an argument at position `arg` declares alike there, with
 * the type arguments v binds; undefined where they differ, one declares none, or it names a type parameter nothing binds.
 */
function agreedParameter(this: Evaluator, v: Val & { t: 'inst' | 'obj' }, arg: number) {
  const calls = v.t === 'obj' ? v.calls : this.sym(v).label === 'Interface' ? this.sym(v).calls : undefined;
  if (!calls) return undefined;
  const takes = calls.filter((sig) => sig.max < 0 || arg < sig.max);
  const at = takes[0]?.params?.[arg];
  if (!at || takes.some((sig) => !sig.params?.[arg] || JSON.stringify(sig.params[arg]) !== JSON.stringify(at))) return undefined;
  const subst = v.t === 'obj' ? v.subst : this.bindingsFor(v.f, v.s, v.args, v.f, v.s, 0);
  return unboundTypeParam(at, v.f, subst) ? undefined : { at, subst };
}

/**
 * The callee's type parameters as the contextual type of its call binds them through its declared result (`function
 * observable<V, E>(subscribe: (observer: Observer<V, E>) => Teardown): Observable<V, E>` returned where an
 * `Observable<Envelope, Failure>` is expected: V = Envelope, E = Failure), as the checker infers them from the return
 * type where no argument gives a candidate: only when the callback at `arg` is declared with a function type whose
 * result names none of them, and no other parameter names any. Undefined otherwise, or where the context binds none.
 */
export function contextTypeArgs(this: Evaluator, f: number, call: CallFact, target: SymRef, ts: SymbolFact, arg: number): Subst | undefined {
  const r = ts.returns, own = ts.typeParams, params = ts.params;
  if (!r || r.k !== 'generic' || !own || !params || ts.rest !== undefined) return undefined;
  const cb = params[arg];
  if (!cb || cb.k !== 'fntype') return undefined;
  const bound = new Map<string, TypeArg>();
  const ctx = this.deref(this.contextValue(f, call.ctx!, 0));
  const declared = this.typeValue(target.f, r, 0);
  if (ctx.t !== 'inst' || declared.t !== 'inst' || ctx.f !== declared.f || ctx.s !== declared.s || !ctx.args) return undefined;
  for (let i = 0; i < r.args.length; i++) {
    const a = r.args[i];
    if (a.k !== 'id' || !bindsLocal(a.b) || !own.includes(bindingIndex(a.b)) || !ctx.args[i]) continue;
    const l = bindingIndex(a.b);
    if (mentionsLocal(cb.returns, l, 0) || params.some((p, j) => j !== arg && p && mentionsLocal(p, l, 0))) return undefined;
    bound.set(`${target.f}:${l}`, ctx.args[i]);
  }
  // (every type parameter the callback's type names is bound: one left is the checker's to infer)
  if (!bound.size || own.some((l) => !bound.has(`${target.f}:${l}`) && mentionsLocal(cb, l, 0))) return undefined;
  return bound;
}

/**
 * The type parameters of the called function `c` (`ts`; a constructor called with `new`: its class's) that the call's
 * other arguments infer (`argv`, the context-sensitive ones left out), where they bind every one the callback's
 * declared type `cb` names, as the checker's inference fixes them before it types the callback; undefined otherwise.
 */
export function siblingTypeArgs(this: Evaluator, f: number, call: CallFact, c: Val & { t: 'sym' }, ts: SymbolFact, cb: Expr): Subst | undefined {
  const own = ts.typeParams ?? (call.isNew && ts.kind === 'constructor' && ts.parent >= 0 ? this.files[c.f].symbols[ts.parent].typeParams : undefined);
  if (!own || !ts.params || !call.argv || !own.some((l) => mentionsLocal(cb, l, 0))) return undefined;
  const inferred = this.inferTypeArgs(c, own, ts.rest === undefined ? ts.params : paramsFor(ts, call.argv.length), call.argv, f);
  if (!inferred || own.some((l) => mentionsLocal(cb, l, 0) && !inferred.has(`${c.f}:${l}`))) return undefined;
  return inferred;
}

/**
 * A call's contextual type (CallFact.ctx) as a value: what calling a declared function type gives where that is the
 * context of a function returning the call (`call` with `ctx`), as contextualResult, but reading a type alias's type
 * parameter left to its default (`type OpLink<T, TOut = unknown> = (…) => Results<T, TOut>` written `OpLink<T>`) as
 * bound: the alias is that default there, not something the checker infers.
 */
export function contextValue(this: Evaluator, f: number, e: Expr, depth: number): Val {
  if (e.k !== 'call' || !e.ctx || depth > 4) return this.value(f, e);
  const c = e.callee.k === 'call' ? this.contextValue(f, e.callee, depth + 1) : this.value(f, e.callee);
  const d = c.t === 'sym' ? this.deref(c) : c;
  if (c.t === 'sym' && (this.sym(c).label === 'Function' || this.sym(c).label === 'Method')) return this.value(f, e);
  if (d.t !== 'fnval' || this.unboundNoDefault(d.returns, d.f, d.subst, 0)) return UNKNOWN;
  return weakenFrom(this.typeValue(d.f, d.returns, 0, d.subst), d, 'contextual-type');
}

/** As mentionsUnbound, but a type parameter declared with a default counts as bound (to it). */
export function unboundNoDefault(this: Evaluator, t: Expr, f: number, subst: Subst | undefined, depth: number): boolean {
  if (depth > 6) return true;
  switch (t.k) {
    case 'id': return bindsLocal(t.b) && !subst?.has(`${f}:${bindingIndex(t.b)}`) && !this.files[f].locals[bindingIndex(t.b)]?.dflt;
    case 'array': case 'promise': return this.unboundNoDefault(t.of, f, subst, depth + 1);
    case 'map': return this.unboundNoDefault(t.of, f, subst, depth + 1) || (!!t.key && this.unboundNoDefault(t.key, f, subst, depth + 1));
    case 'union': case 'intersection': return t.types.some((x) => this.unboundNoDefault(x, f, subst, depth + 1));
    case 'generic': return t.args.some((x) => this.unboundNoDefault(x, f, subst, depth + 1));
    case 'index': return this.unboundNoDefault(t.of, f, subst, depth + 1);
    default: return false;
  }
}

/**
 * The result of a built-in that maps through a callback (`fn`, written in file f): `xs.map(cb)` is an array of
 * what cb returns, `xs.flatMap(cb)` of its elements, `p.then(cb)` a promise of it, `xs.filter(guard)` an array of
 * what the guard's predicate says. Undefined when that is not known (the call is then read as before: a built-in's
 * result).
 */
export function mappedResult(this: Evaluator, f: number, callee: Expr & { k: 'member' }, fn: Expr): Val | undefined {
  const name = callee.name;
  if (name === 'filter') return this.filteredResult(f, callee, fn);
  if ((name !== 'map' && name !== 'flatMap' && name !== 'then') || fn.k !== 'fn' || !fn.ret) return undefined;
  let recv = this.deref(this.value(f, callee.obj));
  if (recv.t === 'inst' && name !== 'then') recv = this.arrayBase(recv) ?? recv;
  if (name === 'then' ? recv.t !== 'prom' : recv.t !== 'arr') return undefined;
  let v = this.returnedBy(f, fn);
  if (name === 'flatMap' && v.t === 'arr') v = this.elementOf(v, 'return-type');
  if (v.t === 'unknown') return undefined;
  if (name === 'then') return v.t === 'prom' ? v : { t: 'prom', of: v, r: 'return-type', c: Math.min((recv as { c: number }).c, REASON_CONFIDENCE['return-type']) };
  const a = recv as Val & { t: 'arr' };
  return { t: 'arr', f: a.f, of: a.of, r: a.r, c: a.c, subst: a.subst, el: v };
}

/** `xs.filter(isAdmin)`, `xs.filter((x): x is Admin => …)`: an array of what the guard's predicate says. */
export function filteredResult(this: Evaluator, f: number, callee: Expr & { k: 'member' }, fn: Expr): Val | undefined {
  let pred: Val | undefined;
  // (a callback that is no function we see, `xs.filter(isKind('websocket'))` of a factory of guards)
  let unseen = fn.k !== 'fn';
  if (fn.k === 'fn') pred = fn.pred && this.typeValue(f, fn.pred, 0);
  else if (fn.k === 'id' || fn.k === 'member') {
    const g = this.value(f, fn);
    unseen = g.t !== 'sym';
    const p = g.t === 'sym' ? this.sym(g).predicate : undefined;
    if (p && g.t === 'sym') pred = weakenFrom(this.typeValue(g.f, p, 0, g.subst), g, 'return-type');
  }
  if (!pred || pred.t === 'unknown' || pred.t === 'ext') {
    // (an unseen callback may be a guard keeping one part of an array of a union, whose members the checker then reads
    // on that part alone: the elements are unknown)
    if (!unseen) return undefined;
    const recv = this.deref(this.value(f, callee.obj));
    if (recv.t !== 'arr') return undefined;
    const el = this.deref(this.elementOf(recv, 'typed-receiver'));
    return el.t === 'union' || el.t === 'anyof' ? UNKNOWN : undefined;
  }
  const recv = this.deref(this.value(f, callee.obj));
  return recv.t === 'arr' ? valueArray(recv, pred) : undefined;
}

/**
 * The result of a global's static method reading a project value (`Object.values(byId)`, `Object.entries(byId)`,
 * `Object.assign(target, …)`, `Array.from(map.values())`, `Array.from(xs, (x) => x.owner)`, `Promise.all([…])`,
 * `Promise.all(xs)`, `Promise.resolve(x)`); undefined for anything else (read as before).
 */
export function builtinResult(this: Evaluator, f: number, global: string, name: string, args: Array<Expr | null>): Val | undefined {
  if (global === 'Object' && (name === 'values' || name === 'entries')) {
    // a `Record<string, V>`, `{ [k: string]: V }`: every value is a V
    const o = this.deref(this.value(f, args[0]!));
    // (an object literal, `{ a: p as Point, b: q }`: what its values are, where they are all instances of one type;
    // the checker's element is the union of the values' types)
    if (o.t === 'objv') {
      let one: (Val & { t: 'inst' }) | undefined;
      for (const en of o.entries) {
        if (!('name' in en)) return undefined;
        const v = this.deref(this.value(o.f, en.value));
        if (v.t !== 'inst' || v.args || (one && (one.f !== v.f || one.s !== v.s))) return undefined;
        one ??= v;
      }
      if (!one) return undefined;
      return valueArray(o, name === 'values' ? one : { t: 'tup', items: [EXT, one], r: o.r, c: o.c });
    }
    // (an interface of an index signature alone, `interface Entries { [key: string]: Schema }`: its value type, as the
    // checker infers the values' type from the signature)
    if (o.t === 'inst') {
      const sym = this.sym(o);
      if (sym.label !== 'Interface' || !sym.index || sym.extends?.length || this.childrenOf(o.f, o.s)?.size) return undefined;
      const v = this.typeValue(o.f, sym.index, 0, this.bindingsFor(o.f, o.s, o.args, o.f, o.s, 0));
      if (v.t === 'unknown') return undefined;
      return valueArray(o, name === 'values' ? v : { t: 'tup', items: [EXT, v], r: o.r, c: o.c });
    }
    if (o.t !== 'obj' || !o.index || o.props.length || o.others?.length) return undefined;
    // (a mapped type over the keys of a type parameter nothing binds, `Shape<NonNullable<TIn>>` read inside its class:
    // the checker infers no value type from it, and the values are `any`)
    if (o.over && this.holdsBodyParam(o.over, o.f, o.subst, 0)) return undefined;
    const v = this.typeValue(o.f, o.index, 0, o.subst);
    if (v.t === 'unknown') return undefined;
    return valueArray(o, name === 'values' ? v : { t: 'tup', items: [EXT, v], r: o.r, c: o.c });
  }
  if (global === 'Promise' && name === 'all' && args[0]!.k === 'list' && !args[0]!.items.some((x) => x.k === 'spread')) {
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
  if (global === 'Object' && name === 'assign') return this.assignedResult(f, args);
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
 * The contextual return type of a function written where `e.callee` is its type (see the call Expr's `ctx`): what
 * calling that type gives, unknown where its declared result names a type parameter nothing binds (`run<T>(make: ()
 * => T)`: the checker infers T from what the function returns, so its constraint types nothing there).
 */
export function contextualResult(this: Evaluator, f: number, e: Expr & { k: 'call' }): Val {
  const c = this.value(f, e.callee);
  let d: Val = c;
  if (c.t === 'sym') {
    const sym = this.sym(c);
    if (sym.label === 'Function' || sym.label === 'Method') { if (sym.returns && mentionsUnbound(sym.returns, c.f, c.subst, 0)) return UNKNOWN; }
    else d = this.deref(c);
  }
  if (d.t === 'fnval' && mentionsUnbound(d.returns, d.f, d.subst, 0) && !this.typedBeyondParams(d.returns, d.f, d.subst)) return UNKNOWN;
  return this.callResult(c, undefined, f, -1);
}

/**
 * Whether a declared result that mentions type parameters nothing binds still names its members: a project class,
 * interface or type alias of an object type literal written with them as arguments (`Kleisli<M, I, E, A>` of `<I>(onError: …) => Kleisli<M, I, E, A>`), each
 * such parameter constrained by no project type, so that nothing read through it is typed by a constraint the checker
 * would not use (a literal's key typed by a bare `I` is the checker's inferred type, not I's constraint).
 */
export function typedBeyondParams(this: Evaluator, t: Expr, f: number, subst: Subst | undefined): boolean {
  if (t.k !== 'generic') return false;
  const target = this.typeSymbol(f, t.of);
  if (!target || target === 'ext') return false;
  const sym = this.sym(target);
  // (a type alias of an object type literal, `type Ret<N> = { name: N; … }`, declares its members as an interface
  // does; one of any other type, a conditional on its parameters, is what the checker's inference makes it)
  if (sym.label !== 'Interface' && sym.label !== 'Class' && !(sym.label === 'TypeAlias' && sym.type?.k === 'object')) return false;
  const free = (x: Expr, depth: number): boolean => {
    if (depth > 6) return false;
    switch (x.k) {
      case 'id': {
        if (!bindsLocal(x.b) || subst?.has(`${f}:${bindingIndex(x.b)}`)) return true;
        const constraint = this.files[f].locals[bindingIndex(x.b)]?.type;
        if (!constraint || constraint === x) return true;
        const v = this.typeValue(f, constraint, 0, subst);
        return v.t === 'ext' || v.t === 'unknown';
      }
      case 'array': case 'promise': case 'index': return free(x.of, depth + 1);
      case 'union': case 'intersection': return x.types.every((y) => free(y, depth + 1));
      case 'generic': return x.args.every((y) => free(y, depth + 1));
      default: return !mentionsUnbound(x, f, subst, depth);
    }
  };
  return t.args.every((x) => free(x, 0));
}

/**
 * The global's static method a top-level const holds (`export const extend = Object.assign`, `const assign: typeof
 * Object.assign = Object.assign`), else undefined.
 */
export function heldBuiltin(this: Evaluator, c: SymRef): { global: string; name: string } | undefined {
  const sym = this.sym(c);
  if (sym.label !== 'Variable' || sym.kind !== 'const') return undefined;
  const of = sym.init ?? (sym.type?.k === 'typeof' ? sym.type.of : undefined);
  return of?.k === 'member' && of.obj.k === 'id' && !of.obj.b && (!sym.type || (sym.type.k === 'typeof' && sym.type.of.k === 'member' && sym.type.of.name === of.name)) ? { global: of.obj.name, name: of.name } : undefined;
}

/**
 * What `Object.assign(target, ...sources)` gives: the intersection of its arguments' types, as lib.d.ts declares it
 * (`assign<T, U>(target: T, source: U): T & U`), where each argument is a value of project types or an object literal
 * whose keys are all written (`{}` adds nothing; a key it writes is a member of its own, left unknown); otherwise the
 * target when that is an instance (`Object.assign(new Foo(), extra)`) or a class or function, else undefined.
 */
export function assignedResult(this: Evaluator, f: number, args: Array<Expr | null>): Val | undefined {
  const target = (): Val | undefined => { const v = this.deref(this.value(f, args[0]!)); return v.t === 'inst' || v.t === 'union' ? v : undefined; };
  // a class or function given statics (`export default Object.assign(MultipartParser, { STATES })`): still that
  // class or function, so `new X()` and `X()` run it (the keys added are left unknown)
  if (args[0] && args[0].k !== 'spread') {
    const v = this.deref(this.value(f, args[0]));
    if (v.t === 'sym' && !v.held && (this.sym(v).label === 'Class' || this.sym(v).label === 'Function')) return v;
  }
  const insts: Array<Val & { t: 'inst' }> = [];
  const objs: Array<Val & { t: 'obj' }> = [];
  const alts: Array<Val & { t: 'anyof' }> = [];
  const keys: string[] = [];
  let hole = false;
  for (const a of args) {
    if (!a || a.k === 'spread') return target();
    const v = this.deref(this.value(f, a));
    if (v.t === 'objv') {
      for (const en of v.entries) { if (!('name' in en)) return target(); keys.push(en.name); }
    } else if (v.t === 'inst') { if (!insts.some((o) => o.f === v.f && o.s === v.s)) insts.push(v); }
    else if (v.t === 'union') alts.push({ t: 'anyof', of: v.of, r: v.r, c: v.c });
    else if (v.t === 'inter' && !v.outside) { insts.push(...v.of.filter((o) => !insts.some((x) => x.f === o.f && x.s === o.s))); if (v.objs) objs.push(...v.objs); if (v.alts) alts.push(...v.alts); hole ||= v.hole; }
    else return target();
  }
  if (!keys.length && !objs.length && !hole) {
    if (insts.length === 1 && !alts.length) return insts[0];
    if (!insts.length && alts.length === 1) return target();
  }
  if (!insts.length && !alts.length) return undefined;
  // (a literal's keys: members the checker's intersection has from that literal's type, which no part here types; a
  // key a typed part declares too is that part's member as well, `Object.assign(schema, { pattern })`: its reads are
  // occurrences of that member, as the language service renames them)
  const own = keys.filter((k) => !insts.some((x) => this.member(x, k).t === 'sym'));
  if (own.length) objs.push({ t: 'obj', f, props: [], others: own, r: 'same-file', c: 1 });
  const parts: Array<{ c: number }> = [...insts, ...alts];
  return { t: 'inter', of: insts, objs: objs.length ? objs : undefined, alts: alts.length ? alts : undefined, hole, r: 'return-type', c: Math.min(REASON_CONFIDENCE['return-type'], ...parts.map((o) => o.c)) };
}

/**
 * The branches of a value-level union when every one is an array (`Array.isArray(x) ? x : [x]`): an array whose
 * elements are the one symbol or the instance types their elements give; undefined when a branch is no array.
 */
export function arraysOf(this: Evaluator, f: number, types: readonly Expr[]): Val | undefined {
  let first: (Val & { t: 'arr' }) | undefined;
  const els: Val[] = [];
  let declared = true;
  for (const x of types) {
    // (an empty array literal, `page.next?.items ?? []`, holds none: the other branches say what the elements are)
    if (x.k === 'list' && !x.items.length) continue;
    const v = this.deref(this.value(f, x));
    if (v.t !== 'arr') return undefined;
    first ??= v;
    if (v !== first && (v.el || !sameValue(v, first))) declared = false;
    els.push(this.deref(this.elementOf(v, 'typed-receiver')));
  }
  if (!first) return undefined;
  // (arrays of one declared element type, beside empty literals, `this.children || []`, `keep ? kids.filter(keep) :
  // kids`: that array itself, its element type still as declared, so a generic class's method returning it is read
  // under its receiver's bindings, see withOwnerSubst)
  if (declared && !first.el && first.of.k !== 'other') return first;
  return this.arrayOfParts(first, els);
}

/**
 * One array standing for several (a union's parts, `T[] | readonly T[]`, a conditional's branches) whose elements
 * are `els`: the one value they agree on, or the instance types of all, as the checker reads an element of a union of
 * array types (`options.map((o) => o.expects)` of `MaybeReadonly<Schema[]>`); unknown elements otherwise.
 */
export function arrayOfParts(this: Evaluator, first: Val & { t: 'arr' }, els: readonly Val[]): Val & { t: 'arr' } {
  const literals = this.literalsValue(els);
  if (literals) return valueArray(first, literals);
  const insts: Array<Val & { t: 'inst' }> = [];
  for (const v of els) if (!addInstances(insts, v)) return valueArray(first, els.every((o) => sameValue(o, v)) ? v : UNKNOWN);
  return valueArray(first, instancesValue(insts));
}

/** What calling the function expression `fn` (written in file f) gives, as the object it holds. */
export function returnedBy(this: Evaluator, f: number, fn: Expr & { k: 'fn' }): Val {
  const v = this.callResult(this.value(f, fn));
  return v.t === 'sym' ? this.deref(v) : v;
}

/** What awaiting `v` gives: a promise's value (a union's parts each awaited, see awaitedParts), else `v` itself. */
export function awaited(this: Evaluator, v: Val): Val {
  const held = v.t === 'sym' ? this.deref(v) : v;
  if (held.t === 'prom') return this.awaitedParts(held.of, 0) ?? held.of;
  return held.t === 'anyof' ? this.awaitedParts(held, 0) ?? v : v;
}

/**
 * A union with promise parts awaited (`Promise<R> | R`, what a resolver callback may return): each promise part
 * replaced by what it resolves to, the parts that are unions flattened, as the checker's Awaited<T> distributes over
 * the union; undefined when `v` is no such union (a conditional type's branches are not: the checker picks one).
 */
export function awaitedParts(this: Evaluator, v: Val, depth: number): Val | undefined {
  if (v.t !== 'anyof' || v.either || depth > 4 || !v.of.some((p) => p.t === 'prom')) return undefined;
  const parts: Val[] = [];
  const add = (p: Val): boolean => {
    const x = p.t === 'sym' ? this.deref(p) : p;
    if (x.t === 'prom') return add(x.of);
    if (x.t === 'anyof' && !x.either) return x.of.every(add);
    if (x.t === 'unknown' || x.t === 'ext') return false;
    if (!parts.some((q) => sameValue(q, x))) parts.push(x);
    return true;
  };
  if (!v.of.every(add)) return UNKNOWN;
  return parts.length === 1 ? parts[0] : { t: 'anyof', of: parts, r: v.r, c: v.c };
}

/** An entry of a map value: the tuple `[key, value]`. */
export function entryOf(this: Evaluator, m: Val & { t: 'map' }): Val {
  return { t: 'tup', items: [this.keyOf(m), weakenFrom(this.typeValue(m.f, m.of, 0, m.subst), m, 'typed-receiver')], r: m.r, c: m.c };
}

/** A key of a map value (unknown where its type was not written: `new Map()` typed by nothing). */
export function keyOf(this: Evaluator, m: Val & { t: 'map' }): Val {
  return m.key ? weakenFrom(this.typeValue(m.f, m.key, 0, m.subst), m, 'typed-receiver') : UNKNOWN;
}

/** An element of an array value (or what an element method returns), reached by the step `r`. */
export function elementOf(this: Evaluator, a: { f: number; of: Expr; subst?: Subst; el?: Val; r: Reason; c: number }, r: Reason): Val {
  return weakenFrom(a.el ?? this.typeValue(a.f, a.of, 0, a.subst), a as Val, r);
}

/**
 * What a returned (or otherwise passed-on) value stands for: a function or method as itself, so that calling
 * the result calls it (`createRouterFactory(config)(routes)` runs the `createRouterInner` it returns); anything
 * else as the object it holds (`deref`).
 */
export function heldValue(this: Evaluator, v: Val): Val {
  if (v.t === 'sym') {
    const sym = this.sym(v);
    if (sym.label === 'Function' && !sym.reassigned) return v;
    if (sym.label === 'Method' && sym.kind !== 'getter' && sym.kind !== 'setter' && !sym.reassigned) return v;
  }
  return this.deref(v);
}

/** What a getter gives as a callee (`o.chain()` of `get chain()`): its declared type's value, or what it returns. */
export function getterResult(this: Evaluator, v: Val & { t: 'sym' }): (Val & { t: 'sym' }) | undefined {
  const sym = this.sym(v);
  const r = sym.returns ? this.typeValue(v.f, sym.returns, 0, v.subst) : sym.returnsValue ? this.heldValue(this.value(v.f, sym.returnsValue)) : undefined;
  return r && r.t === 'sym' ? weakenFrom(r, v, 'return-type') as Val & { t: 'sym' } : undefined;
}

/**
 * The function a callee holds when it is not a function name itself: the result of a call whose function
 * returns one fixed function of its file (`returnsFn`: `const ZodObject = $constructor(…)` where `$constructor`
 * ends with `return _ as any`), directly (`f()()`) or through a const or an unassigned local initialised so.
 */
export function heldFunction(this: Evaluator, f: number, e: Expr, depth = 0, fixed = false): (Val & { t: 'sym' }) | undefined {
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
export function callResult(this: Evaluator, c: Val, args?: Array<Expr | null>, argFile?: number, argc?: number, targs?: Expr[]): Val {
  // a member read through a mapped type (`getters.title()` of `{ [K in keyof P]: () => P[K] }`): what it holds there
  if (c.t === 'sym' && c.as) return this.callResult(c.as, args, argFile, argc, targs);
  // a function expression (`{ make: () => new A() }`): what it returns (an async one: a promise of it)
  if (c.t === 'ext') {
    if (!c.fn || c.fn.ret.k === 'other') return EXT;
    const v = weaken(this.heldValue(c.fn.subst ? this.assertedUnder(c.fn.f, c.fn.ret, c.fn.subst) : this.value(c.fn.f, c.fn.ret)), 'return-type');
    return !c.fn.async || v.t === 'prom' || v.t === 'unknown' ? v : { t: 'prom', of: v, r: 'return-type', c: REASON_CONFIDENCE['return-type'] };
  }
  // a value of an object type with call signatures (`const close: { (exit: E): (scope: S) => Effect<void>; (scope: S,
  // exit: E): Effect<void> } = dual(…)`): the signature the argument count picks (several: their one result)
  if (c.t === 'obj') return c.calls ? this.signatureResult(c, argc ?? args?.length ?? 0, !!targs?.length) : UNKNOWN;
  // a value of a union of project types and function types (`exp: Expression | ((eb: Builder) => Expression)`) called:
  // code that type-checks has narrowed it to the function types there (`typeof exp === 'function'`,
  // `isFunction(exp)`), so the call gives what those give where they agree
  if ((c.t === 'inst' || c.t === 'union') && c.fns) {
    let out: Val | undefined;
    for (const fn of c.fns) {
      const v = this.callResult(fn, args, argFile, argc, targs);
      if (v.t === 'unknown' || (out && !sameValue(out, v))) return UNKNOWN;
      out ??= v;
    }
    return out ?? UNKNOWN;
  }
  // a value of an interface with call signatures (`sql: Sql` of `interface Sql { <T>(…): RawBuilder<T> }`): the one
  // the argument count picks, the interface's type arguments bound
  if (c.t === 'inst') {
    const declared = this.sym(c).label === 'Interface' ? this.sym(c).calls : undefined;
    if (!declared) {
      // (none of its own: a base's, `interface Type<t> extends Callable<(data: unknown) => t | Errors>`)
      const via = this.heritageCallee(c.f, c.s, c.args, 0);
      return via ? weakenFrom(this.callResult(via, args, argFile, argc, targs), c, 'return-type') : UNKNOWN;
    }
    const subst = this.bindingsFor(c.f, c.s, c.args, c.f, c.s, 0);
    // (a result declared as a signature's own type parameter is what the call instantiates it to: unknown, unless
    // the checker takes its default there)
    const calls = declared.map((sig) => defaultedResult(this.files[c.f], c.f, sig, subst, !!targs?.length));
    if (calls.some((sig) => sig.returns.k === 'id' && bindsLocal(sig.returns.b) && !subst?.has(`${c.f}:${bindingIndex(sig.returns.b)}`))) return UNKNOWN;
    return this.signatureResult({ t: 'obj', f: c.f, props: [], calls, subst, r: c.r, c: c.c }, argc ?? args?.length ?? -1);
  }
  // a value of several types, a conditional type's branches (`instantiateType<t, $>`, of which the checker picks one)
  // or a union's parts: what calling each gives, where every one gives the same
  if (c.t === 'anyof') {
    let out: Val | undefined;
    for (const x of c.of) {
      const v = this.callResult(x, args, argFile, argc, targs);
      if (v.t === 'unknown' || (out && !sameValue(out, v))) return UNKNOWN;
      out ??= v;
    }
    return out ? weakenFrom(out, c, 'return-type') : UNKNOWN;
  }
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
    // (… or an indexed access naming a member, `rootSchema: BaseScope["schema"]` of a property `schema: Parser`: what
    // calling that member gives)
    if (d.t === 'sym' && (d.f !== c.f || d.s !== c.s) && !d.as) return weakenFrom(this.callResult(d, args, argFile, argc), c, 'return-type');
    return d.t === 'fnval' || (d.t === 'obj' && d.calls) || d.t === 'inst' ? this.callResult(d, args, argFile, argc) : UNKNOWN;
  }
  // a const holding the function a call returned (`const getEditor = setupTestEnv()`, which returns `() => editor`,
  // or is declared to return `() => Editor`): what that function returns
  if (sym.label === 'Variable' && sym.kind === 'const' && sym.init) {
    const d = this.deref(c);
    if (d.t === 'fnval' || (d.t === 'ext' && d.fn)) return weakenFrom(this.callResult(d, args, argFile, argc), c, 'return-type');
    // (… a function its call returns that is a symbol of its own, a named function expression, `return function
    // createSlice<S>(o: Options<S>): Slice<S> {…}`: its declared result under the call's arguments, as calling that
    // function by its name gives)
    const held = this.heldFunction(c.f, { k: 'id', name: sym.name, b: symbolBinding(c.s) });
    if (held && (held.f !== c.f || held.s !== c.s)) return weakenFrom(this.callResult(held, args, argFile, argc, targs), c, 'return-type');
  }
  // an overloaded one whose signatures declare different results: the signatures the argument count fits, where they
  // agree (a result declared as a signature's own type parameter is what the call instantiates it to: unknown)
  // (a count not known — a spread argument — fits every signature)
  // (a method called on `this` inside its class: the class's type parameters nothing binds are read as their
  // constraints, as the checker reads a member of a value of such a parameter: `this.getSubType(true).instantiate(…)`
  // of `getSubType(mustSucceed: true): IT` in `class Late<IT extends IAnyType>` is IAnyType's)
  if (sym.label === 'Method' && c.r === 'this-member') {
    const bound = withOwnerConstraints(this.files[c.f], c, sym);
    if (bound !== c) return this.callResult(bound, args, argFile, argc, targs);
  }
  if ((sym.label === 'Function' || sym.label === 'Method') && sym.calls) {
    const n = argc ?? args?.length ?? -1;
    const fits = (n < 0 ? sym.calls : sym.calls.filter((sig) => n >= sig.min && (sig.max < 0 || n <= sig.max))).map((sig) => defaultedResult(this.files[c.f], c.f, sig, c.subst, !!targs?.length));
    if (fits.some((sig) => sig.returns.k === 'id' && bindsLocal(sig.returns.b) && !c.subst?.has(`${c.f}:${bindingIndex(sig.returns.b)}`))) return UNKNOWN;
    let out: Val | undefined;
    // (results of other types, `Atom<V>` and `PrimitiveAtom<V> & WithInitialValue<V>`: one of them, the one the
    // checker's overload resolution picks; a member is known where every one that has it gives the same symbol)
    const others: Val[] = [];
    for (const sig of fits) {
      let v = weakenFrom(this.typeValue(c.f, sig.returns, 0, c.subst), c, 'return-type');
      if (out && !sameValue(out, v)) {
        if (!OVERLOAD_RESULT.has(v.t) || !OVERLOAD_RESULT.has(out.t)) return UNKNOWN;
        if (!others.some((o) => sameValue(o, v))) others.push(v);
        continue;
      }
      // (one generic type with other arguments, `Observable<A>` and `Observable<R>`: that type, its arguments unread)
      if (out && out.t === 'inst' && out.args && JSON.stringify(sig.returns) !== JSON.stringify(fits[0].returns)) { const { args: _unread, ...plain } = out; v = plain; }
      else if (out) continue;
      out = v;
    }
    if (out && others.length) return { t: 'anyof', of: [out, ...others], either: true, r: 'return-type', c: Math.min(...[out, ...others].map((x) => ('c' in x ? x.c : 1))) };
    return out ?? UNKNOWN;
  }
  if ((sym.label === 'Function' || sym.label === 'Method') && sym.returns) {
    // type arguments written at the call bind the type parameters (`get<Db>(…)`); else the arguments may
    const declared = sym.typeParams && !targs && sym.params && args && argFile !== undefined ? (sym.rest === undefined ? sym.params : paramsFor(sym, args.length)) : undefined;
    const subst = !sym.typeParams ? c.subst
      : targs && argFile !== undefined ? this.explicitTypeArgs(c, sym.typeParams, targs, argFile)
      : declared ? this.uninferred(c, sym.typeParams, declared, args!, this.inferTypeArgs(c, sym.typeParams, declared, args!, argFile!)) : c.subst;
    // a result declared as a type parameter (`<T extends Node>(x: T): T`) is what the call instantiates T to —
    // maybe a subclass overriding the member — so its constraint is no answer here
    // (unless it is the type parameter of the receiver's class, bound by its type arguments: `Repo<User>.find()`)
    // (or one of the function's own, bound by the call's arguments: `first(leaves)`)
    if (sym.returns.k === 'id' && bindsLocal(sym.returns.b) && !subst?.has(`${c.f}:${bindingIndex(sym.returns.b)}`)) {
      // (… or its default, where the checker takes that: see unboundDefault)
      const dflt = unboundDefault(this.files[c.f], sym, bindingIndex(sym.returns.b), !!targs?.length);
      return dflt ? weakenFrom(this.typeValue(c.f, dflt, 0, subst), c, 'return-type') : UNKNOWN;
    }
    return weakenFrom(this.typeValue(c.f, sym.returns, 0, sym.typeParams ? atCall(subst) : subst), c, 'return-type');
  }
  // a function bound to a declaration of a function type (`getMatches: GetMatchesFn = (p) => …`, `const f: Fn = …`):
  // that type's result, which the checker reads at a call, not its body's (unless the result is one of the type's
  // own type parameters, which the call instantiates)
  if ((sym.label === 'Function' || sym.label === 'Method') && sym.type) {
    const d = this.deref(this.typeValue(c.f, sym.type, 0, c.subst));
    const own = d.t === 'fnval' && d.returns.k === 'id' && bindsLocal(d.returns.b);
    if ((d.t === 'fnval' && !own) || (d.t === 'obj' && d.calls)) {
      const v = this.callResult(d, args, argFile, argc);
      if (v.t !== 'unknown') return weakenFrom(v, c, 'return-type');
    }
  }
  // a method of an object literal a declared type types (`const Editor: EditorInterface = { pointRef(e, p) { … } }`):
  // the declared type's member gives the call's result, as the checker reads `Editor.pointRef(…)` through the
  // variable's type, not the literal's
  if (sym.label === 'Method' && !sym.returns && !sym.type) {
    const v = this.declaredMemberResult(c, sym, args, argFile, argc);
    if (v) return v;
  }
  // no declared return type: the value its return statements give, evaluated where they are written
  if ((sym.label === 'Function' || sym.label === 'Method') && sym.returnsValue && !sym.reassigned) {
    // (a method of a generic class reached through a receiver that binds its type parameters, `stage.getKids()` of
    // `getKids() { return this.children }` in `Container<C>`, `Stage extends Container<Layer>`: what it gives is read
    // under those bindings, as the checker instantiates the inferred result)
    const bound = c.subst && sym.parent >= 0 && this.files[c.f].symbols[sym.parent].typeParams ? c.subst : undefined;
    const given = this.value(c.f, sym.returnsValue);
    let v = weakenFrom(this.heldValue(bound ? withOwnerSubst(given, bound) : given), c, 'return-type');
    if (bound) v = withOwnerSubst(v, bound);
    // (the functions it returns see the type arguments the call writes, `const [get] = helper<D, State>(…)`, or those
    // its arguments bind, `toThenable(getItem)(name)` of `<R, I>(fn: (input: I) => R) => (input: I): Thenable<R> => …`)
    if (sym.typeParams && targs?.length && argFile !== undefined) v = withClosureSubst(v, this.explicitTypeArgs(c, sym.typeParams, targs, argFile));
    else if (sym.typeParams && sym.params && args && argFile !== undefined) {
      const declared = sym.rest === undefined ? sym.params : paramsFor(sym, args.length);
      const subst = this.uninferred(c, sym.typeParams, declared, args, this.inferTypeArgs(c, sym.typeParams, declared, args, argFile));
      if (subst && subst !== c.subst) v = withClosureSubst(v, subst);
    }
    // an async function's result is a promise of what it returns (awaiting a promise it returns: that one)
    if (!sym.returnsAsync || v.t === 'prom') return v;
    return v.t === 'unknown' || v.t === 'ext' ? v : { t: 'prom', of: v, r: 'return-type', c: Math.min(c.c, REASON_CONFIDENCE['return-type']) };
  }
  return UNKNOWN;
}

/**
 * The member of its name that the declared type of the variable an object literal initialises gives method `c` (`sym`)
 * of that literal (`const Editor: EditorInterface = { path(…) {…} }`: `EditorInterface.path`); undefined where the
 * variable has no declared type, the type is not read or lacks the member.
 */
export function declaredMember(this: Evaluator, c: Val & { t: 'sym' }, sym: SymbolFact): Val | undefined {
  if (sym.parent < 0) return undefined;
  const owner = this.files[c.f].symbols[sym.parent];
  if (owner.label !== 'Variable' || !owner.type || owner.init?.k !== 'objval') return undefined;
  const t = this.deref(this.typeValue(c.f, owner.type, 0));
  if (t.t !== 'inst' && t.t !== 'obj' && t.t !== 'inter') return undefined;
  const m = this.member(t, sym.name);
  // (the literal's own method again, through a type that reads the variable back, `typeof Editor`: no answer)
  return m.t === 'unknown' || (m.t === 'sym' && m.f === c.f && m.s === c.s) ? undefined : m;
}

/**
 * The declared type of parameter `arg` of method `c` of an object literal that initialises a variable declared with a
 * type: that type's member of its name's parameter (a function type's, a method signature's), as an argument literal's
 * contextual type; undefined where the variable has no declared type, the member is not read, or the parameter's type
 * names a type parameter nothing binds (the checker infers it from the call).
 */
export function declaredMemberParam(this: Evaluator, target: SymRef & { r: Reason; c: number }, sym: SymbolFact, arg: number): Val | undefined {
  const c: Val & { t: 'sym' } = { t: 'sym', f: target.f, s: target.s, r: target.r, c: target.c };
  const m = this.declaredMember(c, sym);
  if (!m) return undefined;
  const ms = m.t === 'sym' ? this.sym(m) : undefined;
  // (a generic member, `nodes: <T extends Node>(editor, options?: EditorNodesOptions<T>) => …`: its parameter read at
  // the call, as argumentType reads a generic method's, a type parameter left unbound being the call's to infer; one
  // that is that type parameter itself is no type of the literal's keys)
  if (ms && ms.label === 'Method') {
    const p = ms.rest === undefined ? ms.params?.[arg] : undefined;
    if (!p || m.t !== 'sym') return undefined;
    if (!ms.typeParams) return !mentionsUnbound(p, m.f, m.subst, 0) ? weakenFrom(this.typeValue(m.f, p, 0, m.subst), c, 'contextual-type') : undefined;
    return !unboundTypeParam(p, m.f, m.subst) ? weakenFrom(this.typeValue(m.f, p, 0, atCall(m.subst)), c, 'contextual-type') : undefined;
  }
  const fn = this.deref(m);
  if (fn.t !== 'fnval' || fn.rest !== undefined) return undefined;
  const p = fn.params?.[arg];
  if (!p) return undefined;
  if (!mentionsUnbound(p, fn.f, fn.subst, 0)) return weakenFrom(this.typeValue(fn.f, p, 0, fn.subst), c, 'contextual-type');
  return !unboundTypeParam(p, fn.f, fn.subst) ? weakenFrom(this.typeValue(fn.f, p, 0, atCall(fn.subst)), c, 'contextual-type') : undefined;
}

/**
 * The result of calling method `c` of an object literal that initialises a variable declared with a type: the
 * declared type's member of its name called (a function type, a method signature, a property of a function type);
 * undefined where the variable has no declared type, the type lacks the member or its result is not read.
 */
export function declaredMemberResult(this: Evaluator, c: Val & { t: 'sym' }, sym: SymbolFact, args: Array<Expr | null> | undefined, argFile: number | undefined, argc: number | undefined): Val | undefined {
  const m = this.declaredMember(c, sym);
  if (!m) return undefined;
  const v = this.callResult(m.t === 'sym' ? m : this.deref(m), args, argFile, argc);
  return v.t === 'unknown' ? undefined : weakenFrom(v, c, 'return-type');
}

/**
 * The default of a type parameter a call's result is declared as and nothing binds, where the checker takes the
 * default: a function's own parameter that no parameter type mentions and no type argument is written for
 * (`raw<R = Fragment>(sql: string): R`: inference has no candidate), or its class's or interface's parameter where
 * the receiver's type was written without that argument (`d: Driver` of `interface Driver<C extends Connection =
 * Connection> { get(): C }`, or with fewer arguments than it has parameters) and the constraint, if any, is the
 * default itself (inside the class, `this.get()` is read through the constraint).
 */
/**
 * `subst` with the function's own type parameters that a string literal argument infers (`node('unit', { … })` of
 * `node<k extends Kind>(kind: k, schema: Schemas[k])`: k is `'unit'`), each a constrained parameter some parameter is
 * typed by alone, as the checker infers the literal's type for it; `subst` itself where there are none.
 */
function literalTypeArgs(facts: FileFacts, ts: SymbolFact, tf: number, lits: ReadonlyArray<[number, string]> | undefined, subst: Subst | undefined): Subst | undefined {
  if (!lits || !ts.typeParams || !ts.params) return subst;
  let out: Map<string, TypeArg> | undefined;
  for (const [j, v] of lits) {
    if (ts.rest !== undefined && j >= ts.rest) break;
    const p = ts.params[j];
    if (!p || p.k !== 'id' || !bindsLocal(p.b) || !ts.typeParams.includes(bindingIndex(p.b)) || !constrained(facts, p)) continue;
    const key = `${tf}:${bindingIndex(p.b)}`;
    if (subst?.has(key) || out?.has(key)) continue;
    (out ??= new Map(subst ?? [])).set(key, { f: tf, t: p, v: { t: 'ext', lits: [v] } });
  }
  return out ?? subst;
}

/** True when the type parameter `t` names (a local of `facts`) has a constraint (`k extends Kind`). */
function constrained(facts: FileFacts, t: Expr & { k: 'id' }): boolean {
  return bindsLocal(t.b) && facts.locals[bindingIndex(t.b)]?.type !== undefined;
}

/**
 * Call signature `sig` (written in file f) with its result read as its default where the result is a type parameter
 * nothing binds that has one, no parameter of the signature mentions (inference has no candidate) and no type
 * argument is written for (`<const def, r = instantiate<def>>(def: def): r`, the result of `r extends infer _ ? _ :
 * never`): the checker instantiates r to that default, read with the signature's other parameters as the call binds
 * them; `sig` itself otherwise.
 */
function defaultedResult(facts: FileFacts, f: number, sig: CallSignature, subst: Subst | undefined, typeArgsWritten: boolean): CallSignature {
  const r = sig.returns;
  if (typeArgsWritten || r.k !== 'id' || !bindsLocal(r.b) || !sig.params) return sig;
  const l = bindingIndex(r.b);
  const dflt = facts.locals[l]?.dflt;
  if (!dflt || subst?.has(`${f}:${l}`) || sig.params.some((p) => p && mentionsBinding(p, localBinding(l), 0))) return sig;
  return { ...sig, returns: dflt };
}

function unboundDefault(facts: FileFacts, sym: SymbolFact, l: number, typeArgsWritten: boolean): Expr | undefined {
  const loc = facts.locals[l];
  if (!loc?.dflt) return undefined;
  if (sym.typeParams?.includes(l)) {
    if (typeArgsWritten || sym.params?.some((p) => p && mentionsBinding(p, localBinding(l), 0))) return undefined;
    return loc.dflt;
  }
  const owner = sym.parent >= 0 ? facts.symbols[sym.parent] : undefined;
  const i = owner?.typeParams?.indexOf(l) ?? -1;
  if (i < 0 || (loc.type && JSON.stringify(loc.type) !== JSON.stringify(loc.dflt))) return undefined;
  return loc.dflt;
}

/**
 * Method `c` with the type parameters of its class (not its own) that `c.subst` leaves unbound bound to their
 * constraints, where they have one (a method called on `this` inside the class: see callResult).
 */
function withOwnerConstraints(facts: FileFacts, c: Val & { t: 'sym' }, sym: SymbolFact): Val & { t: 'sym' } {
  const owner = sym.parent >= 0 ? facts.symbols[sym.parent] : undefined;
  if (!owner?.typeParams) return c;
  let out: Map<string, TypeArg> | undefined;
  for (const l of owner.typeParams) {
    const key = `${c.f}:${l}`, constraint = facts.locals[l]?.type;
    if (!constraint || c.subst?.has(key) || sym.typeParams?.includes(l)) continue;
    (out ??= new Map(c.subst ?? [])).set(key, { f: c.f, t: constraint });
  }
  return out ? { ...c, subst: out } : c;
}

/** Whether an expression names binding `b` anywhere in it. */
function mentionsBinding(e: unknown, b: number, depth: number): boolean {
  if (depth > 12 || e === null || typeof e !== 'object') return false;
  if (Array.isArray(e)) return e.some((x) => mentionsBinding(x, b, depth + 1));
  const o = e as { k?: string; b?: number };
  if (o.k === 'id' && o.b === b) return true;
  for (const v of Object.values(o)) if (typeof v === 'object' && mentionsBinding(v, b, depth + 1)) return true;
  return false;
}

/**
 * The signatures of an overload set whose result may have members: one declared to give a primitive (`void`,
 * `string`) is left out beside others, since a member read on the call's result type-checks only against those
 * (`attest(x).snap()` of `{ (...args: [msg]): void; <T>(actual: T): Assertions<T> }`).
 */
function withMembers(fits: CallSignature[]): CallSignature[] {
  const typed = fits.filter((sig) => !(sig.returns.k === 'lit' && sig.returns.v === undefined));
  return typed.length ? typed : fits;
}

/**
 * The result of calling a value of an object type with call signatures with `argc` arguments (-1: unknown);
 * `typeArgsWritten`: the call writes type arguments (no signature's own type parameter is left to its default).
 */
export function signatureResult(this: Evaluator, o: Val & { t: 'obj' }, argc: number, typeArgsWritten = false): Val {
  if (argc < 0) return UNKNOWN;
  let out: Val | undefined;
  const fits = o.calls!.filter((sig) => argc >= sig.min && (sig.max < 0 || argc <= sig.max)).map((sig) => defaultedResult(this.files[o.f], o.f, sig, o.subst, typeArgsWritten));
  for (const sig of withMembers(fits)) {
    const v = weakenFrom(this.typeValue(o.f, sig.returns, 0, o.subst), o, 'return-type');
    if (out && !sameValue(out, v)) return UNKNOWN;
    out ??= v;
  }
  return out ?? UNKNOWN;
}

/** Two values standing for one type, an object type read twice under the same bindings included (see sameObjectReading). */
function sameReading(a: Val, b: Val): boolean {
  return sameValue(a, b) || (a.t === 'obj' && b.t === 'obj' && sameObjectReading(a, b));
}

/**
 * The one value a union's parts give once its promises are awaited (`X | Promise<X>`: X); unknown without a promise
 * part, or where parts give others (`X | Promise<Y>` infers `X | Y`, which is not read).
 */
function promisedPart(v: Val & { t: 'anyof' }): Val {
  // (an object type alias read in each part, `StorageValue<S> | Promise<StorageValue<S>>`, is one type)
  let out: Val | undefined;
  for (const x of v.of) if (x.t === 'prom') { if (out && !sameReading(out, x.of)) return UNKNOWN; out = x.of; }
  if (!out || v.of.some((x) => x.t !== 'prom' && !sameReading(out!, x))) return UNKNOWN;
  return out;
}

/** Where a type written in a generic alias is read: the alias's file, and each of its parameters' argument. */
interface AliasFrame { f: number; to?: Map<number, { t: Expr; at: AliasFrame }> }

/**
 * The type parameters of a generic function or method that a call's arguments bind, added to the receiver's
 * (`c.subst`), as the checker infers them: a parameter declared `T` takes the argument's value, `T[]` an element of
 * an array argument, `Promise<T>` what a promise resolves to, `T | undefined` as T, and a function or constructor
 * type returning T (`theClass: new (...args) => T`, `make: () => T`) an instance of a class argument or what a
 * function argument returns. Two arguments giving T different values leave T unbound.
 */
export function inferTypeArgs(this: Evaluator, c: Val & { t: 'sym' }, typeParams: readonly number[], declared: ReadonlyArray<Expr | null>, args: Array<Expr | null>, argFile: number): Subst | undefined {
  const own = new Map<string, TypeArg>(c.subst ?? []);
  const params = new Set(typeParams.map((l) => `${c.f}:${l}`));
  const conflicts = new Set<string>();
  // (`at`: where a type written in a generic alias is read, its file and its parameters' arguments, each an Expr of
  // the frame that wrote it: the function's own declaration is the outermost frame)
  const bind = (pt: Expr, arg: () => Val, depth: number, at: AliasFrame = { f: c.f }): void => {
    if (depth > 4) { this.cut++; return; }
    if (pt.k === 'id' && bindsLocal(pt.b) && at.to) {
      const mapped = at.to.get(bindingIndex(pt.b));
      // (no level of its own: the argument is read in the frame that wrote it, an outer one, so this cannot cycle)
      if (mapped) bind(mapped.t, arg, depth, mapped.at);
      return;
    }
    if (pt.k === 'id' && bindsLocal(pt.b)) {
      const key = `${c.f}:${bindingIndex(pt.b)}`;
      if (!params.has(key)) return;
      const v = arg();
      // (a function expression passed for a type parameter, `span(name, () => prepare())` of `span<F>(name, fn: F):
      // ReturnType<F>`, binds it: what calling F gives is what the function returns)
      if (v.t === 'unknown' || (v.t === 'ext' && !v.fn && !v.lits)) return;
      const prev = own.get(key)?.v;
      // (two arguments of one generic object type, `FlatRef<Node>[]` read twice: the same reading, not a conflict)
      if (prev && !sameReading(prev, v)) conflicts.add(key);
      else if (!prev) own.set(key, { f: c.f, t: pt, v });
      return;
    }
    if (pt.k === 'array') return bind(pt.of, () => { const a = this.deref(arg()); return a.t === 'arr' ? a.el ?? this.typeValue(a.f, a.of, 0, a.subst) : UNKNOWN; }, depth + 1, at);
    // (of a union, `StorageValue | Promise<StorageValue>` for `R | Promise<R>`, the promise part: the checker infers
    // from the constituents that match, the other parts left to the naked R)
    if (pt.k === 'promise') return bind(pt.of, () => { const p = this.deref(arg()); return p.t === 'prom' ? p.of : p.t === 'anyof' && !p.either ? promisedPart(p) : UNKNOWN; }, depth + 1, at);
    // (and a generic alias part, `InjectionToken<T> = constructor<T> | string | symbol`: the part a class argument is;
    // a constructor or function type written there, `someClass: { new (...args: any[]): T } | Function`, too)
    // (a naked type parameter part, `init: T | (() => T)`, binds only what the other parts did not: the checker gives
    // such an inference the lower priority, so `make(() => new Svc())` is a Svc, not the function)
    if (pt.k === 'union') {
      const before = new Set(own.keys());
      const nakedKey = (m: Expr): string | undefined => (m.k === 'id' && bindsLocal(m.b) && !at.to && params.has(`${c.f}:${bindingIndex(m.b)}`) ? `${c.f}:${bindingIndex(m.b)}` : undefined);
      for (const m of pt.types) if (!nakedKey(m) && (m.k === 'id' || m.k === 'generic' || m.k === 'object' || m.k === 'fntype' || m.k === 'promise')) bind(m, arg, depth + 1, at);
      for (const m of pt.types) {
        const key = nakedKey(m);
        if (key && (before.has(key) || !own.has(key))) bind(m, arg, depth + 1, at);
      }
      return;
    }
    // a generic alias (`token: constructor<T>` of `type constructor<T> = { new (...args: any[]): T }`): its type, read
    // with the alias's parameters standing for the arguments written here
    if (pt.k === 'generic') {
      const alias = this.typeSymbol(at.f, pt.of);
      const a = alias && alias !== 'ext' ? this.sym(alias) : undefined;
      if (!alias || alias === 'ext' || !a || a.label !== 'TypeAlias' || !a.type || !a.typeParams) return;
      const to = new Map<number, { t: Expr; at: AliasFrame }>();
      a.typeParams.forEach((l, i) => { if (pt.args[i]) to.set(l, { t: pt.args[i], at }); });
      return bind(a.type, arg, depth + 1, { f: alias.f, to });
    }
    // an object type of one construct signature and nothing else (`{ new (...args: any[]): T }`): that constructor type
    if (pt.k === 'object' && pt.news?.length === 1 && !pt.calls?.length && !pt.props.length && !pt.index && !pt.others?.length) {
      return bind({ k: 'fntype', returns: pt.news[0].returns }, arg, depth, at);
    }
    if (pt.k === 'fntype') {
      return bind(pt.returns, () => {
        const a = arg();
        // a function expression (`box.map((v) => v.owner)` binding `map<U>(f: (v: T) => U)`'s U): what it returns
        if (a.t === 'ext' && a.fn) return this.callResult(a);
        // (a value of a function type, `fn: (input: string) => StorageValue`: what calling it gives)
        if (a.t === 'fnval') return this.heldValue(this.callResult(a));
        if (a.t !== 'sym') return UNKNOWN;
        const as = this.sym(a);
        // a class where a function type is expected is a constructor type (`new (...args) => T`): an instance
        if (as.label === 'Class') return weaken({ t: 'inst', f: a.f, s: a.s, r: a.r, c: a.c }, 'typed-receiver');
        return as.label === 'Function' || as.label === 'Method' ? this.callResult(a) : UNKNOWN;
      }, depth + 1, at);
    }
  };
  declared.forEach((pt, i) => {
    const a = args[i];
    if (!pt || !a) return;
    // (an argument declared with the same generic alias, `param.transform` of `transform: InjectionToken<Transform<any,
    // any>>` passed for `token: InjectionToken<T>`: its type arguments, as the checker infers from alias to alias first)
    const same = pt.k === 'generic' ? this.sameAliasArgs(c.f, pt, argFile, a) : undefined;
    if (same) { (pt as Expr & { k: 'generic' }).args.forEach((x, k) => { if (same.t.args[k]) bind(x, () => this.typeValue(same.f, same.t.args[k], 0, same.subst), 1); }); return; }
    let memo: Val | undefined;
    bind(pt, () => {
      if (memo) return memo;
      // (a string literal, `node('unit', { unit: 1 })` of `node<k extends Kind>(kind: k, schema: Schemas[k])`: the
      // checker infers the literal's type for a type parameter with a constraint, which picks an indexed access's member)
      if (a.k === 'lit' && a.v !== undefined && !a.v.startsWith(KEYWORD_TAG) && pt.k === 'id' && constrained(this.files[c.f], pt)) return (memo = { t: 'ext', lits: [a.v] });
      const v = this.value(argFile, a);
      // a class passed as a value stays the class (a constructor argument); anything else is what it holds
      memo = v.t === 'sym' && this.sym(v).label === 'Class' ? v : this.heldValue(v);
      return memo;
    }, 0);
  });
  for (const k of conflicts) own.delete(k);
  return own.size ? own : undefined;
}

/**
 * The declared type of argument `a` (file argFile) where it is a reference to the generic alias that parameter type `pt`
 * (file f) names (`InjectionToken<X>` for `InjectionToken<T>`), written on the property or variable it reads, with the
 * type arguments its receiver binds; undefined otherwise, and for a name the collector may have narrowed (a local).
 */
export function sameAliasArgs(this: Evaluator, f: number, pt: Expr & { k: 'generic' }, argFile: number, a: Expr): { f: number; t: Expr & { k: 'generic' }; subst?: Subst } | undefined {
  if (a.k !== 'member') return undefined;
  const alias = this.typeSymbol(f, pt.of);
  if (!alias || alias === 'ext' || this.sym(alias).label !== 'TypeAlias') return undefined;
  const v = this.value(argFile, a);
  if (v.t !== 'sym' || v.held || v.as) return undefined;
  const sym = this.sym(v);
  if (sym.label !== 'Property' || sym.type?.k !== 'generic') return undefined;
  const named = this.typeSymbol(v.f, sym.type.of);
  if (!named || named === 'ext' || named.f !== alias.f || named.s !== alias.s) return undefined;
  return { f: v.f, t: sym.type, subst: v.subst };
}

/**
 * `subst` with the function's own type parameters that an argument given at the call may bind, but that
 * inferTypeArgs could not (an argument we cannot type, a literal), bound to unknown: the checker infers them from
 * those arguments, maybe to a subtype of the constraint or a literal type whose members are not the constraint's
 * (`joinPaths(a, b): StatePath<S, E>` then `.steps[0].event.type` is the inferred event's `type`, not
 * `EventObject.type`). Nested in the result they are read as their constraint otherwise, as they are inside the
 * function. A parameter no argument reaches leaves its type parameters to their default or constraint, as the
 * checker's inference without candidates does.
 */
export function uninferred(this: Evaluator, c: Val & { t: 'sym' }, typeParams: readonly number[], declared: ReadonlyArray<Expr | null>, args: ReadonlyArray<Expr | null>, subst: Subst | undefined): Subst | undefined {
  let own: Map<string, TypeArg> | undefined;
  for (const l of typeParams) {
    const key = `${c.f}:${l}`;
    if (subst?.has(key)) continue;
    const b = localBinding(l);
    if (!declared.some((pt, i) => pt && args[i] && mentionsBinding(pt, b, 0))) continue;
    own ??= new Map(subst ?? []);
    own.set(key, { f: c.f, t: OTHER, v: UNKNOWN });
  }
  return own ?? subst;
}

/**
 * Value `v`, read inside a generic class's method, with the class's type parameters bound by `subst` (the receiver's
 * bindings) where it carries none of its own: its type expressions name them free. Bindings are keyed by file and
 * declaration, so a value from elsewhere is unaffected.
 */
function withOwnerSubst(v: Val, subst: Subst): Val {
  switch (v.t) {
    case 'sym': case 'arr': case 'elemfn': case 'arrfn': case 'map': case 'obj': return v.subst ? v : { ...v, subst };
    case 'inst': return v.args ? { ...v, args: v.args.map((a) => (a && !a.subst ? { ...a, subst } : a)) } : v;
    case 'prom': return { ...v, of: withOwnerSubst(v.of, subst) };
    case 'tup': return { ...v, items: v.items.map((x) => withOwnerSubst(x, subst)) };
    default: return v;
  }
}

/**
 * `v`, a value a generic function returned, with the function expressions it is or holds by position (a tuple's items)
 * given `subst`, the type arguments its call wrote: what they return is read under them (see assertedUnder).
 */
function withClosureSubst(v: Val, subst: Subst): Val {
  if (v.t === 'ext' && v.fn && !v.fn.subst) return { ...v, fn: { ...v.fn, subst } };
  if (v.t === 'tup') return { ...v, items: v.items.map((x) => withClosureSubst(x, subst)) };
  return v;
}

/**
 * What a function expression returning `ret` gives under `subst`, its enclosing generic function's type arguments:
 * an assertion to a type (`(…) as T`) is that type under them; anything else is `ret`'s value.
 */
export function assertedUnder(this: Evaluator, f: number, ret: Expr, subst: Subst): Val {
  return ret.k === 'as' ? this.typeValue(f, ret.type, 0, subst) : this.value(f, ret);
}

/** The type parameters of a generic function or method bound to the type arguments a call writes (`get<Db>(…)`). */
export function explicitTypeArgs(this: Evaluator, c: Val & { t: 'sym' }, typeParams: readonly number[], targs: readonly Expr[], argFile: number): Subst {
  const own = new Map<string, TypeArg>(c.subst ?? []);
  for (let i = 0; i < targs.length && i < typeParams.length; i++) own.set(`${c.f}:${typeParams[i]}`, { f: argFile, t: targs[i] });
  return own;
}

/**
 * The type arguments a generic class's constructor call binds (`new Box(user)` of `class Box<T> { constructor(v: T)
 * … }`: T = User), as inferTypeArgs binds a function's; undefined when the class declares no constructor with
 * typed parameters or nothing is bound.
 */
export function constructedArgs(this: Evaluator, c: Val & { t: 'sym' }, args: Array<Expr | null>, argFile: number): TypeArg[] | undefined {
  const cls = this.sym(c);
  const ctorIndex = this.childrenOf(c.f, c.s)?.get('constructor')?.[0];
  const ctor = ctorIndex === undefined ? undefined : this.files[c.f].symbols[ctorIndex];
  if (!ctor?.params || !cls.typeParams) return undefined;
  const own = this.inferTypeArgs({ t: 'sym', f: c.f, s: ctorIndex!, r: c.r, c: c.c }, cls.typeParams, ctor.rest === undefined ? ctor.params : paramsFor(ctor, args.length), args, argFile);
  if (!own) return undefined;
  // (a type parameter the arguments leave unbound is a hole, which bindingsFor skips)
  const out = cls.typeParams.map((l) => own.get(`${c.f}:${l}`) as TypeArg);
  return out.some((a) => a) ? out : undefined;
}
