import type { Collector } from './collector.ts';
import { NodeSet, byStart, colOf, pushTo, rowOf, type Node } from './util.ts';
import { functionScope, lookup } from './scope.ts';
import { KEYWORD_TAG, bindingIndex, isKeysPart, bindsLocal, bindsSymbol, localBinding, mentionsLocal, symbolBinding, posColumn, posLength, posLine, toPos, type ArgFact, type CallFact, type CallSignature, type Expr, type FileFacts, type GuardSignature, type LocalFact, type RefFact, type RefKind, type SymbolFact } from '../facts.ts';

/** The end of the collector's work: the file's facts (symbols, locals, calls, references) built from what both passes recorded. */

// ------------------------------------------------------------------ facts
export function build(this: Collector, lines: number, parseErrors: number): FileFacts {
  // what the language knows of its symbols before their facts are made (ECMAScript: prototype bases)
  this.plugin.symbolsKnown?.call(this);
  // (before any value is made: `this` in a typed literal's methods reads its contextual type)
  if (this.thisFnOf.size) this.literalThis();
  // type guards by symbol: the predicate of the symbol's function (a declaration, or a const's arrow)
  const predicates = new Map<number, Node>();
  // (a method's `this is T` is no argument's: its receiver's, see thisPredicate)
  if (this.predicateOf.size) this.fnSymOf.forEach((i, fn) => { const t = this.predicateOf.get(fn); if (t && !this.thisPredicateOf.has(fn)) predicates.set(i, t); });
  const assertions = new Map<number, Node>();
  if (this.assertsOf.size) this.fnSymOf.forEach((i, fn) => { const t = this.assertsOf.get(fn); if (t) assertions.set(i, t); });
  const assertsCond = this.assertsCondOf.size ? new Set<number>() : undefined;
  if (assertsCond) this.fnSymOf.forEach((i, fn) => { if (this.assertsCondOf.has(fn)) assertsCond.add(i); });
  const selfPredicates = new Map<number, Node>();
  if (this.thisPredicateOf.size) this.fnSymOf.forEach((i, fn) => { const t = this.thisPredicateOf.get(fn); if (t) selfPredicates.set(i, t); });
  // each fact filled in place (its keys in the order they were set, as the facts cache keeps them)
  const symbols = this.symbols;
  for (let i = 0; i < symbols.length; i++) {
    const fact = symbols[i];
    const { typeNode, initNode, returnsNode, extendsNodes, implementsNodes } = this.work[i];
    if (typeNode) fact.type = this.expr(typeNode);
    if (typeNode && fact.label === 'TypeAlias' && this.sameMembers.size && copiesMembers(this, typeNode)) fact.copies = true;
    if (initNode) fact.init = this.expr(initNode);
    if (returnsNode) fact.returns = this.expr(returnsNode);
    const predicate = predicates.get(i);
    if (predicate) fact.predicate = this.expr(predicate);
    const selfPredicate = selfPredicates.get(i);
    if (selfPredicate) fact.thisPredicate = this.expr(selfPredicate);
    const assertion = assertions.get(i);
    if (assertion) fact.asserts = this.expr(assertion);
    if (assertsCond?.has(i)) fact.assertsCond = true;
    // (a heritage `Omit`/`Pick` names its base; its keys are the heritageKeys below)
    if (extendsNodes) fact.extends = extendsNodes.map((n) => this.heritageBase(n));
    if (implementsNodes) fact.implements = implementsNodes.map((n) => this.heritageBase(n));
    if (extendsNodes || implementsNodes) {
      const keys = [...(extendsNodes ?? []), ...(implementsNodes ?? [])].flatMap((n, at) => {
        const k = this.heritageKeys(n);
        return k ? [{ at, ...k }] : [];
      });
      if (keys.length) fact.heritageKeys = keys;
    }
  }
  this.baseParams(symbols);
  // what the language adds to the facts once they are made (ECMAScript: JSDoc types, global declarations)
  this.plugin.building?.call(this, symbols);
  this.returnValues(symbols);
  this.markReassigned(symbols);
  // a destructured parameter: one unnamed local for the parameter, so that it is typed like any other (contextual
  // types below); its names read members of it
  for (const slot of this.patternSlot.values()) {
    if (this.slotLocal.has(slot)) continue;
    this.slotLocal.set(slot, this.localNodes.length);
    this.localNodes.push({ name: '' });
  }
  // a destructured parameter's declared type is the parameter's (`({ x, y }: Point)`: the keys of a literal passed
  // there are Point's)
  if (this.patternType.size) this.patternType.forEach((type, pattern) => {
    const slot = this.patternSlot.get(pattern);
    if (slot && !this.slotType.has(slot)) this.slotType.set(slot, type);
  });
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
  const fnContexts = this.declaredFnType.size || this.returnsOf.size ? this.functionContexts() : undefined;
  if (fnContexts) for (const [fn, ctx] of fnContexts) {
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
  const callFacts = new Map<Node, CallFact>();
  const argKeys: ArgKey[] = [];
  const calleeNodes = new NodeSet(this.nodeFlags, 1024);
  if (this.namedCallees.size) this.memberCallees();
  this.calls.forEach((c, node) => {
    if (c.callee === node) return; // only arguments seen (should not happen)
    calleeNodes.add(c.callee);
    const callee = this.expr(c.callee);
    if (callee.k === 'fn') return;
    // a call that loads a module (`require('m')`, `import('m')`: a ModuleRef) calls no function
    if (this.plugin.loadsModule?.call(this, callee, c.callee)) return;
    const nameNode = this.nameNodeOf(c.callee);
    const fact: CallFact = { callee, at: nameNode ? this.pos(nameNode) : toPos(rowOf(node) + 1, colOf(node) + 1, 0), from: c.from };
    if (c.isNew) fact.isNew = true;
    else { const targs = this.typeArgsOf(node); if (targs) fact.typeArgs = targs; }
    if (c.via) { const via = this.calls.get(c.via); if (via) fact.via = this.calleeText(via.callee); }
    if (c.args) {
      const args: ArgFact[] = [];
      const ordered = this.realSlots(c.args, true);
      // (the arguments that are functions whose parameters the call types: the checker's context-sensitive ones)
      let sensitive: Set<number> | undefined;
      const fromMapped = ordered.length > 1 && callee.k === 'member' && callee.obj.k === 'id' && !callee.obj.b && !!this.types.fromMapped?.has(`${callee.obj.name}.${callee.name}`);
      for (let i = 0; i < ordered.length; i++) {
        // an object literal argument: its keys are members of the callee's declared parameter i (and an array
        // literal's items its elements)
        if (this.objectEntries.size || this.listItems.size) {
          this.argumentKeys(ordered[i], this.argumentParam(node, c, callee, ordered, i), c.from, 0, argKeys);
        }
        // a function argument: its parameters are typed by the callee's declaration of parameter i
        const branches = this.branchesOf.get(ordered[i]);
        for (let b = -1; b < (branches ? branches.length : 0); b++) {
          const slots = this.slotsOf.get(b < 0 ? ordered[i] : branches![b]);
          if (!slots) continue;
          const ps = this.realSlots(slots);
          for (let j = 0; j < ps.length; j++) {
            const l = this.slotLocal.get(ps[j]);
            if (l === undefined || this.localNodes[l].type) continue;
            // `Array.from(users, (u) => …)`: u is an element of the first argument, as for-of's would be
            if (i === 1 && j === 0 && fromMapped && !this.text.startsWith('...', ordered[0].start)) this.localNodes[l].elementOf = ordered[0];
            else {
              this.localNodes[l].ctx = { call: calls.length, arg: i, param: j };
              (sensitive ??= new Set()).add(i);
              // `xs.reduce((acc, x) => …)` with no initial value: the accumulator is an element of the receiver (where
              // the callee's own declaration says nothing, a project method named so)
              if (i === 0 && j === 0 && ordered.length === 1 && callee.k === 'member' && (callee.name === 'reduce' || callee.name === 'reduceRight') && !this.localNodes[l].init) {
                const recv = this.members.get(c.callee)?.object;
                if (recv) this.localNodes[l].elementOf = recv;
              }
            }
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
      // a callback's parameters typed by the callee's own type parameters are what the call's other arguments infer
      // them to (`two(new A(), (a) => a.m())` of `two<T>(x: T, fn: (v: T) => void)`): those arguments' values, the
      // context-sensitive ones left out, as the checker's first inference pass leaves them
      if (sensitive && ordered.length > sensitive.size) {
        const argv = this.inferenceArgs(ordered, (k) => sensitive!.has(k));
        if (argv) fact.argv = argv;
      }
    }
    calls.push(fact);
    callFacts.set(node, fact);
  });
  // a parameter's default written as an object literal (`p: Point = { x: 0 }`, `(a = { x: 0 }) => …` of a declared
  // function type): its keys are members of the parameter's type, declared or contextual, as the checker types them
  if (this.slotDefault.size) this.slotDefault.forEach(({ value, from }, slot) => {
    if (!this.objectEntries.has(this.unwrapped(value))) return;
    const l = this.slotLocal.get(slot);
    const loc = l === undefined ? undefined : this.localNodes[l];
    const typeNode = this.slotType.get(slot);
    if (typeNode) this.argumentKeys(value, { k: 'as', type: this.expr(typeNode) }, from, 0, argKeys);
    else if (loc && (loc.ctx || loc.ctxType || loc.ctxAssign || loc.ctxEntry || loc.ctxKey)) this.argumentKeys(value, { k: 'as', type: { k: 'typeof', of: { k: 'id', name: loc.name, b: localBinding(l!) } } }, from, 0, argKeys);
  });
  // a literal a type asserts or that satisfies one (`{ home: { handle: (req) => … } } satisfies Record<string,
  // Handler>`): its nested literals' keys and its functions' parameters are typed by the members' types (its own keys
  // are objlit.key's)
  for (const { object, type } of this.typedLiterals) {
    const entries = this.objectEntries.get(object);
    const first = entries?.find((en) => en.key && this.keyRefs.has(en.key));
    this.argumentKeys(object, { k: 'as', type: this.expr(type) }, first ? this.keyRefs.get(first.key!)!.from : -1, 0, argKeys);
  }
  // a literal assigned to a member or an element (`this.state = { … }`, `s.pos = { … }`, `xs[0] = { … }`): its keys
  // name members of the target's type, the declared type of that member or element, as the checker types them
  // (a contextual type, `as typeof target`: a union there is the checker's to discriminate by the literal's values, as
  // an argument's, not a read of the target's every member type)
  for (const { target, value } of this.assignedLiterals) {
    const obj = this.expr(target);
    if (obj.k === 'member' || obj.k === 'element') this.argumentKeys(value, { k: 'as', type: { k: 'typeof', of: obj } }, this.members.get(target)?.from ?? -1, 0, argKeys);
    // (a declared variable, `steps = [{ state }]` of `let steps: Step[]`: its declared type, not what it was assigned)
    else if (obj.k === 'id' && obj.b) {
      const type = bindsLocal(obj.b) ? this.localNodes[bindingIndex(obj.b)]?.type : bindsSymbol(obj.b) ? this.work[bindingIndex(obj.b)]?.typeNode : undefined;
      if (type) this.argumentKeys(value, { k: 'as', type: this.expr(type) }, this.idOf(target)?.from ?? -1, 0, argKeys);
    }
  }
  // an array literal a function with a declared array result returns (`async (): Promise<User[]> => … return [{ id
  // }]`): its items are elements; an object literal's nested literals (`(): Options => ({ props: { title } })`) are
  // typed by the members' types (its own keys are return.key's)
  if (this.returnsOf.size) this.returned.forEach((values, fn) => {
    let type: Node | undefined | null = null;
    for (const v of values) {
      const u = this.unwrapped(v);
      const list = this.listItems.size ? this.listItems.has(u) : false;
      const entries = list ? undefined : this.objectEntries.get(u);
      const call = !list && !entries ? this.calls.get(u) : undefined;
      if (!list && !entries && !call) continue;
      if (type === null) type = this.returnedType(fn);
      if (!type) continue;
      const from = this.fnSymOf.get(fn) ?? -1;
      if (call) { this.argumentKeys(v, { k: 'as', type: this.expr(type) }, from, 0, argKeys); continue; }
      if (list) { this.argumentKeys(v, { k: 'as', type: this.expr(type) }, from, 0, argKeys); continue; }
      for (const en of entries!) {
        if (en.key && en.value && en.value !== en.key) this.argumentKeys(en.value, { k: 'member', obj: { k: 'as', type: this.expr(type) }, name: this.ident(en.key) }, from, 1, argKeys);
        // (a spread of literals, `...(cond ? { exit } : {})`: their keys are the returned literal's own)
        else if (en.spread && en.value) this.argumentKeys(en.value, { k: 'as', type: this.expr(type) }, from, 1, argKeys);
      }
    }
  });
  // a function of a declared function type, or returned where one is declared (`const init: Factory = () => ({ count:
  // 0 })`, `(): Handler => (req) => ({ … })`): what it returns is typed by that type's result
  if (fnContexts && this.objectEntries.size) for (const [fn, ctx] of fnContexts) {
    if (!this.returned.has(fn)) continue;
    let obj: Expr = { k: 'as', type: this.expr(ctx.type) };
    for (let k = 0; k < ctx.returns; k++) obj = { k: 'call', callee: obj, argc: -1, ctx: true };
    this.argumentKeys(fn, obj, this.fnSymOf.get(fn) ?? -1, 0, argKeys);
  }
  // (and one a local's declared array type types, `const xs: Point[] = [{ x: 1 }]` in a function body)
  // (and the spreads of literals in one a local's declared type types, `const c: Config = { ...(x ? { exit } : {}) }`)
  for (const { value, type, from } of this.typedLocalValues) {
    const u = this.unwrapped(value);
    // (either branch too, `const more: Step[] = ready ? [{ state }] : []`, `opts ?? { retries: 3 }`)
    if ((this.listItems.size && this.listItems.has(u)) || this.unions.has(u)) { this.argumentKeys(value, { k: 'as', type: this.expr(type) }, from, 0, argKeys); continue; }
    const entries = this.objectEntries.get(u);
    if (!entries) continue;
    let t: Expr | undefined;
    for (const en of entries) {
      if (en.spread && en.value) this.argumentKeys(en.value, { k: 'as', type: (t ??= this.expr(type)) }, from, 1, argKeys);
      // (a key's value, `limit: { rule: 1 }`, `list: [{ rule: 1 }]`, `getInitial: (_, input) => { return { status:
      // 'active', input } }`: typed by the member's type, its functions' results by the member's result, as for a
      // module-level const's literal)
      else if (en.key && en.value && en.value !== en.key) this.argumentKeys(en.value, { k: 'member', obj: { k: 'as', type: (t ??= this.expr(type)) }, name: this.ident(en.key) }, from, 1, argKeys);
    }
  }
  // (a typed destructured parameter's: `({ x, y }: Point = { x: 0, y: 0 })`)
  if (this.patternDefault.size) this.patternDefault.forEach(({ value, from }, pattern) => {
    const typeNode = this.patternType.get(pattern);
    if (!typeNode || from === undefined || !this.objectEntries.has(this.unwrapped(value)) || this.wraps.has(value)) return;
    this.argumentKeys(value, { k: 'as', type: this.expr(typeNode) }, from, 0, argKeys);
  });
  // a component's attributes (`<Button label="go" />`): keys of its props, the declared type of the component's
  // first parameter, as the checker reads them (intrinsic elements, `<div>`, and dashed names, `aria-label`, none)
  if (this.jsxAttrs.size) {
    const props = new Map<Node, Expr>();
    const component = (element: Node): boolean => { const c = this.text.charCodeAt(element.start); return c < 97 || c > 122; };
    this.jsxAttrs.forEach(({ element }) => { if (component(element) && !props.has(element)) props.set(element, { k: 'param', callee: this.expr(element), arg: 0 }); });
    // (an attribute written with a string, `kind="a"`, picks the member types of a union of props, as an argument
    // literal's key does)
    this.jsxAttrs.forEach(({ element, value }, key) => {
      const tag = value ? this.plainString(value) : undefined;
      if (tag !== undefined && props.has(element)) props.set(element, { k: 'tagged', of: props.get(element)!, key: this.ident(key), tags: [tag] });
    });
    this.jsxAttrs.forEach(({ element, fn, from }, key) => {
      const obj = props.get(element);
      if (!obj || this.text.slice(key.start, key.end).includes('-')) return;
      argKeys.push({ key, obj, short: false, from });
      // (a function given as the attribute, `onSelect={(i) => …}`: its unannotated parameters are the member's)
      const slots = fn ? this.slotsOf.get(fn) : undefined;
      if (!slots) return;
      const member: Expr = { k: 'member', obj, name: this.ident(key) };
      const ordered = this.realSlots(slots);
      for (let j = 0; j < ordered.length; j++) {
        const l = this.slotLocal.get(ordered[j]);
        const loc = l === undefined ? undefined : this.localNodes[l];
        if (loc && !loc.type && !loc.ctx && !loc.ctxType && !loc.ctxAssign && !loc.ctxEntry && !loc.ctxKey) loc.ctxKey = { value: member, param: j };
      }
    });
  }
  let pushes: Map<number, Expr[]> | undefined;
  // (the parameters of function declarations and of classes' methods and constructors: nothing types them by context)
  const contextless = new Set<number>();
  this.fnSymOf.forEach((s, fn) => {
    const kind = symbols[s].kind;
    const slots = kind === 'function' || kind === 'method' || kind === 'constructor' ? this.slotsOf.get(fn) : undefined;
    if (slots) for (const slot of this.realSlots(slots)) { const l = this.slotLocal.get(slot); if (l !== undefined) contextless.add(l); }
  });
  const locals: LocalFact[] = this.localNodes.map((l, i) => {
    const f: LocalFact = { name: l.name };
    if (l.type) f.type = this.expr(l.type);
    else if (this.localTypes.has(i)) f.type = this.localTypes.get(i);
    if (l.dflt) f.dflt = this.expr(l.dflt);
    if (l.init) f.init = this.pathValue(l.init);
    else if (this.localInits.has(i)) f.init = this.localInits.get(i);
    else if (l.initFrom) {
      const obj = this.expr(l.initFrom.node);
      f.init = { k: 'member', obj: l.initFrom.isType ? { k: 'as', type: obj } : obj, name: l.initFrom.key };
    }
    else if (l.stateOf && this.plugin.firstElement?.call(this, l.stateOf)) f.init = this.plugin.firstElement.call(this, l.stateOf);
    else if (l.fromPattern) {
      const obj = this.patternValue(l.fromPattern.pattern, 0);
      if (obj) f.init = { k: 'member', obj, name: l.fromPattern.key };
    }
    else if (l.elementOf) f.init = { k: 'element', of: this.expr(l.elementOf) };
    else if (l.arrayAt) {
      const of = this.patternValue(l.arrayAt.pattern, 0);
      if (of) f.init = { k: 'element', of, at: l.arrayAt.index };
    }
    else if (l.objectRestOf) {
      // (the rest of an object pattern: its value, whose other members it has; the keys taken out are not read on it)
      const of = this.patternValue(l.objectRestOf, 0);
      if (of) f.init = of;
    }
    else if (l.restOf) {
      // (the rest of an array pattern: an array of the elements, as `[...xs]` is; of a tuple, unknown)
      const of = this.patternValue(l.restOf, 0);
      if (of) f.init = { k: 'spread', of };
    }
    if (l.ctx) f.ctx = l.ctx;
    else if (l.ctxType) {
      f.ctxType = { type: this.expr(l.ctxType.type), param: l.ctxType.param };
      if (l.ctxType.returns) f.ctxType.returns = l.ctxType.returns;
    }
    else if (l.ctxEntry) f.ctxType = { type: { k: 'index', of: this.expr(l.ctxEntry.type), name: l.ctxEntry.name }, param: l.ctxEntry.param };
    else if (l.ctxAssign) f.ctxType = { type: { k: 'index', of: { k: 'typeof', of: this.expr(l.ctxAssign.obj) }, name: this.ident(l.ctxAssign.name) }, param: l.ctxAssign.param };
    else if (l.ctxKey) f.ctxType = { type: { k: 'typeof', of: l.ctxKey.value }, param: l.ctxKey.param, key: true };
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
    // (`const out = []` then `out.push(a)`: an array of what is pushed in its own function, as the checker's evolving
    // array type; `pushed` lets the resolver read it as `any[]` where the project leaves `noImplicitAny` off)
    if (l.pushed && !f.type && !this.reassignedLocals.has(i)) {
      f.pushed = true;
      f.init = { k: 'list', items: (pushes ??= this.arrayPushes()).get(i) ?? [] };
    }
    if (this.reassignedLocals.has(i)) f.reassigned = true;
    if (contextless.has(i) && !f.type && !f.init && !f.ctx && !f.ctxType) f.implicitAny = true;
    return f;
  });
  const refs: RefFact[] = [];
  // a type parameter named like an instance member of its class or interface is renamed with that member (the
  // language keeps them in one table): its declaration and uses are occurrences of the member (no edge)
  const paramMembers = this.plugin.syntax?.typeParamsAmongMembers ? this.paramMembers(symbols) : undefined;
  for (const { name, s, from, at } of this.reopened) {
    // (`at`: one name of a dotted namespace name, `namespace app.models.fbs`)
    if (at !== undefined || this.ident(name) === symbols[s].name) refs.push({ value: { k: 'id', name: symbols[s].name, b: symbolBinding(s) }, kind: 'value', at: at ?? this.pos(name), from, bare: true });
  }
  paramMembers?.forEach((m, l) => {
    const d = this.ownedTypeParams.get(l)!;
    refs.push({ value: { k: 'id', name: symbols[m].name, b: symbolBinding(m) }, kind: 'type', at: this.pos(d.node), from: d.owner, bare: true });
  });
  // … and one named like no member of its own may be named like one its class or interface inherits, which the same
  // search finds in the bases: its declaration is a lookup of that name on the owner's instance, its uses ride along
  const inheritable = this.plugin.syntax?.typeParamsAmongMembers ? this.inheritableParams(symbols, paramMembers) : undefined;
  this.idList.forEach((r) => {
    const node = r.node;
    if (this.skipIds.has(node) || calleeNodes.has(node)) return;
    const e = this.expr(node);
    const member = paramMembers && e.k === 'id' && bindsLocal(e.b) ? paramMembers.get(bindingIndex(e.b)) : undefined;
    if (member !== undefined) {
      refs.push({ value: { k: 'id', name: symbols[member].name, b: symbolBinding(member) }, kind: 'type', at: toPos(rowOf(node) + 1, colOf(node) + 1, symbols[member].name.length), from: r.from, bare: true });
      return;
    }
    const inherited = inheritable && e.k === 'id' && bindsLocal(e.b) ? inheritable.get(bindingIndex(e.b)) : undefined;
    if (inherited && e.k === 'id') { (inherited.uses ??= []).push(toPos(rowOf(node) + 1, colOf(node) + 1, e.name.length)); return; }
    // (a free name is kept when the language says the project may declare it globally: `__DEV__` of a global.d.ts)
    if (e.k !== 'id' || (e.b ? bindsLocal(e.b) : !this.plugin.globalName?.call(this, e.name))) return;
    const kind: RefKind = this.jsx.has(node) ? 'jsx' : this.kindOverride.get(node) ?? r.kind;
    // an identifier's `id` value carries its own name (`pos` would scan it again)
    refs.push({ value: e, kind, at: toPos(rowOf(node) + 1, colOf(node) + 1, e.name.length), from: r.from });
  });
  inheritable?.forEach((r) => refs.push(r));
  this.members.forEach((m, node) => {
    if (calleeNodes.has(node) || this.declaredProps.has(m.property)) return;
    const e = this.expr(node);
    if (e.k !== 'member' || e.obj.k === 'lit' || e.obj.k === 'other') return;
    refs.push({ value: e, kind: this.jsx.has(node) ? 'jsx' : this.kindOverride.get(node) ?? 'value', at: this.pos(m.property), from: m.from });
  });
  if (this.returnKeys.size) this.returnedKeys();
  // keys naming members: `const p: Provider = { a: 1 }` (typed object literal), `const { a, b: c } = obj`
  const declared = new Set<number>();
  for (const sym of this.symbols) if (posLength(sym.at) > 0) declared.add(posLine(sym.at) * 65536 + posColumn(sym.at));
  // (the literal each typed key is written in: its string values discriminate a union type, as an argument's do)
  let literalOf: Map<Node, Node> | undefined;
  this.keyRefs.forEach((k, node) => {
    // a key that declares a symbol (an object-literal method) is tied to the type's member by an IMPLEMENTS edge
    if (declared.has((rowOf(node) + 1) * 65536 + colOf(node) + 1)) return;
    const typeNode = k.assigned ? this.declaredType(k.obj) : k.obj;
    // (an untyped local initialised with another value, `let inner = options` then `inner = { ...inner, value }`: the
    // initialiser's type, which the checker declares the local with)
    const initType = !typeNode && k.assigned && k.typed ? this.initialiserType(k.obj) : undefined;
    if (!typeNode && !initType) return;
    let obj: Expr = initType ? { k: 'as', type: initType } : k.typed ? { k: 'as', type: this.expr(typeNode!) } : k.pushed ? { k: 'element', of: this.expr(typeNode!) } : this.expr(typeNode!);
    // (a literal pushed to a typed array, `tokens.push({ type: 'text', … })`, is discriminated as an argument is)
    if (k.typed || k.pushed) {
      if (!literalOf) { literalOf = new Map(); for (const [lit, entries] of this.objectEntries) for (const en of entries) if (en.key) literalOf.set(en.key, lit); }
      const lit = literalOf.get(node);
      if (lit) obj = this.discriminated(this.objectEntries.get(lit)!, obj);
    }
    if (obj.k === 'lit' || obj.k === 'other' || obj.k === 'fn') return;
    const ref: RefFact = { value: { k: 'member', obj, name: k.name }, kind: k.kind, at: this.pos(node), from: k.from, key: true };
    if (k.bare) ref.bare = true;
    refs.push(ref);
  });
  // an object literal nested in one a declared type types (`const c: Config = { limit: { rule: 1 } }`): typed by the
  // member's type (the top-level keys are objlit.key's)
  for (let s = 0; s < symbols.length; s++) {
    const typeNode = this.work[s].typeNode;
    const entries = this.typedInitializerEntries(s);
    // (an array literal a declared array type types, `const users: User[] = [{ id: 1 }]`: its items are elements)
    const initNode = typeNode && !entries ? this.work[s].initNode : undefined;
    if (initNode && this.listItems.size && this.listItems.has(this.unwrapped(initNode))) this.argumentKeys(initNode, { k: 'as', type: this.expr(typeNode!) }, s, 0, argKeys);
    if (!typeNode || !entries) continue;
    let type: Expr | undefined;
    for (const en of entries) {
      if (en.key && en.value && en.value !== en.key) this.argumentKeys(en.value, { k: 'member', obj: { k: 'as', type: (type ??= this.expr(typeNode)) }, name: this.ident(en.key) }, s, 1, argKeys);
      // (a spread of literals, `...(cond ? { exit } : {})`: their keys are the literal's own)
      else if (en.spread && en.value) this.argumentKeys(en.value, { k: 'as', type: (type ??= this.expr(typeNode)) }, s, 1, argKeys);
    }
  }
  // (a call written where its value has a contextual type: a declared one's initialiser too, `const o: Observable<E> =
  // observable((o) => …)`)
  for (let s = 0; s < symbols.length; s++) {
    const { typeNode, initNode } = this.work[s];
    if (typeNode && initNode && this.calls.has(this.unwrapped(initNode))) this.argumentKeys(initNode, { k: 'as', type: this.expr(typeNode) }, s, 0, argKeys);
  }
  for (const { value, type, from } of this.typedLocalValues) if (this.calls.has(this.unwrapped(value))) this.argumentKeys(value, { k: 'as', type: this.expr(type) }, from, 0, argKeys);
  this.callContexts.forEach((ctx, node) => { const fact = callFacts.get(node); if (fact) fact.ctx = ctx; });
  for (const k of argKeys) {
    if (declared.has((rowOf(k.key) + 1) * 65536 + colOf(k.key) + 1) || this.keyRefs.has(k.key)) continue;
    refs.push({ value: { k: 'member', obj: k.obj, name: this.ident(k.key) }, kind: k.short ? 'shorthand' : 'value', at: this.pos(k.key), from: k.from, key: true, bare: true });
  }
  // the string key of an indexed access type (`ArkEnv['onFail']`, `d['schema']`): the member of that type it names
  this.lookupTypes.forEach((l, node) => {
    if (l.any) return;
    const of = this.expr(l.of);
    if (of.k === 'other' || of.k === 'lit') return;
    if (this.nullableLookup(of, l.of, node)) return;
    refs.push({ value: { k: 'member', obj: { k: 'as', type: of }, name: this.text.slice(l.key.start, l.key.end) }, kind: 'value', at: this.pos(l.key), from: l.from, key: true, lookup: true });
  });
  // the string key of an element access (`u['name']`): the member it reads, as the checker resolves it
  // (a called one, `handler['reset']()`, is its call's: see calls)
  this.elementFrom.forEach((from, node) => {
    if (calleeNodes.has(node)) return;
    const key = this.elementName.get(node)!;
    const e = this.expr(node);
    if (e.k !== 'member' || e.obj.k === 'lit' || e.obj.k === 'other') return;
    refs.push({ value: e, kind: this.kindOverride.get(node) ?? 'value', at: this.pos(key), from, key: true });
  });
  for (const k of this.patternKeys) {
    if (declared.has((rowOf(k.key) + 1) * 65536 + colOf(k.key) + 1)) continue;
    if (this.defaultedPattern(k.pattern)) continue;
    const obj = this.patternValue(k.pattern, 0);
    if (obj) refs.push({ value: { k: 'member', obj, name: k.name }, kind: k.kind, at: this.pos(k.key), from: k.from, key: true });
  }
  const out: FileFacts = {
    path: this.filePath, language: this.language, lines, parseErrors,
    symbols, imports: this.imports, exports: this.exports, modules: this.modules, locals, calls, refs,
  };
  if (this.uncheckedLines.length) out.unchecked = [...new Set(this.uncheckedLines)].sort((a, b) => a - b);
  return out;
}

/** A key of an object literal whose contextual type is `obj`'s (see argumentKeys). */
interface ArgKey { key: Node; obj: Expr; short: boolean; from: number }

/**
 * The keys of an object literal `node` whose contextual type is the value `obj` gives (an argument's: the called
 * function's declared parameter type), through parentheses, `as const`, either branch of a conditional, the items of
 * an array literal (elements of an array type) and nested object literals (a key's own object is typed by that
 * member's type), as the checker types them; keys that are no plain names (`[k]`, `'a-b'`) name nothing known.
 */
export function argumentKeys(this: Collector, node: Node, obj: Expr, from: number, depth: number, out: ArgKey[]): void {
  if (depth > 4) return;
  node = this.unwrapped(node);
  // (a call written there: its contextual type, see CallFact.ctx)
  const written = this.calls.get(node);
  if (written) { if (!written.isNew && written.callee !== node && !this.callContexts.has(node)) this.callContexts.set(node, obj); return; }
  // a function written where `obj` is its type (a key's value, `init: () => ({ count: 0 })`, an argument, a value of
  // a declared function type): the literals it returns are typed by what calling `obj` gives, the checker's
  // contextual return type (not where the function declares its own result, nor a generator's)
  const returned = this.returned.size ? this.returned.get(node) : undefined;
  if (returned) {
    if (this.returnsOf.has(node)) return;
    const head = this.functionHead(node);
    if (head === 'generator') return;
    const call: Expr = { k: 'call', callee: obj, argc: -1, ctx: true };
    for (const v of returned) this.argumentKeys(v, head === 'async' ? { k: 'await', inner: call } : call, from, depth + 1, out);
    return;
  }
  const branches = this.branchesOf.get(node) ?? this.unions.get(node);
  if (branches) { for (const b of branches) this.argumentKeys(b, obj, from, depth + 1, out); return; }
  // (`cond && { entry }`: the right operand, which the checker types by the same context)
  const and = this.ands.size ? this.ands.get(node) : undefined;
  if (and) { this.argumentKeys(and.right, obj, from, depth + 1, out); return; }
  // (an array literal's items: elements of the type's array, or by position of a tuple type, `(): [Props, Ctx] =>
  // [{ … }, { … }]`, where no spread or comment moves them)
  const items = this.listItems.size ? this.listItems.get(node) : undefined;
  if (items) {
    const placed = items.every((x) => !this.comments.has(x) && !this.text.startsWith('...', x.start));
    for (let i = 0; i < items.length; i++) {
      const element: Expr = placed ? { k: 'element', of: obj, at: i } : { k: 'element', of: obj };
      this.argumentKeys(items[i], element, from, depth + 1, out);
      // a function written as an item (`traverse(node, [(n, delta) => …])` of `matchers: Matcher[]`): its unannotated
      // parameters are those of the element's declared function type, as the checker types them by context
      const slots = this.slotsOf.get(this.unwrapped(items[i]));
      if (slots) this.keyContext(slots, element);
    }
    return;
  }
  const entries = this.objectEntries.get(node);
  if (!entries) return;
  obj = this.discriminated(entries, obj);
  for (const en of entries) {
    // a spread of literals (`...(onExit ? { exit: onExit } : {})`, `...(ready && { entry })`): their keys are this
    // literal's, typed by the same contextual type, as the checker reads a spread there
    if (en.spread && en.value) { this.argumentKeys(en.value, obj, from, depth + 1, out); continue; }
    if (!en.key) continue;
    out.push({ key: en.key, obj, short: en.value === en.key, from });
    if (!en.value || en.value === en.key) continue;
    const member: Expr = { k: 'member', obj, name: this.ident(en.key) };
    this.argumentKeys(en.value, member, from, depth + 1, out);
    // a function written as the key's value (`{ reduce: (inner) => …, describe(node) {…} }`): its unannotated
    // parameters are those of the member's declared function type, as the checker types them by context
    const slots = this.slotsOf.get(this.unwrapped(en.value));
    if (slots) this.keyContext(slots, member);
  }
}

/**
 * The names an object literal (`node`, maybe wrapped) gives its keys, where it gives nothing else (no spread, no
 * computed or quoted key): what tells an overloaded callee's signatures apart (see overloadArg).
 */
export function literalKeys(this: Collector, node: Node): string[] | undefined {
  const entries = this.objectEntries.get(this.unwrapped(node));
  if (!entries || entries.some((en) => !en.key || en.spread || en.open)) return undefined;
  return entries.map((en) => this.ident(en.key!));
}

/** Types a function's unannotated parameters (its `slots`) by the declared function type of `value`, by position. */
export function keyContext(this: Collector, slots: NonNullable<ReturnType<Collector['slotsOf']['get']>>, value: Expr): void {
  const ordered = this.realSlots(slots);
  let typed: Expr | undefined;
  for (let j = 0; j < ordered.length; j++) {
    const l = this.slotLocal.get(ordered[j]);
    const loc = l === undefined ? undefined : this.localNodes[l];
    if (loc && !loc.type && !loc.ctx && !loc.ctxType && !loc.ctxAssign && !loc.ctxEntry && !loc.ctxKey) loc.ctxKey = { value: (typed ??= forCallback(value)), param: j };
  }
}

/** `value` (a member of an argument's type, see argumentParam) with its argument marked as read for a function written there (`cb`). */
function forCallback(value: Expr): Expr {
  switch (value.k) {
    case 'param': return value.fn ? value : { ...value, cb: true };
    case 'member': { const obj = forCallback(value.obj); return obj === value.obj ? value : { ...value, obj }; }
    case 'element': { const of = forCallback(value.of); return of === value.of ? value : { ...value, of }; }
    case 'tagged': { const of = forCallback(value.of); return of === value.of ? value : { ...value, of }; }
    default: return value;
  }
}

/**
 * The contextual type `obj` of an object literal with these entries, as its keys written with a string (`type:
 * 'added'`) discriminate a union there, as the checker does: the member types whose discriminant is that string (see
 * 'tagged'); or with an enum member, `type: NodeTypes.TEXT`: the member types that declare that member there.
 */
export function discriminated(this: Collector, entries: NonNullable<ReturnType<Collector['objectEntries']['get']>>, obj: Expr): Expr {
  for (const en of entries) {
    if (!en.key || !en.value || en.value === en.key) continue;
    const tag = this.plainString(en.value) ?? this.booleanTag(en.value);
    if (tag !== undefined) obj = { k: 'tagged', of: obj, key: this.ident(en.key), tags: [tag] };
    else if (this.members.has(en.value) && /^[\w$]+(?:\s*\.\s*[\w$]+)+$/.test(this.text.slice(en.value.start, this.end(en.value))) && this.isTag(en.value)) {
      obj = { k: 'tagged', of: obj, key: this.ident(en.key), tags: [this.tagText(en.value)], refs: [this.expr(en.value)] };
    }
  }
  return obj;
}

/**
 * `this` inside a method (or a function value, not an arrow) of an object literal that has a contextual type (`const
 * m: Mover = { move(dx) { this.x += dx } }`, an argument's literal, a returned one, one that satisfies a type or is
 * assigned to a member, nested literals): that type, as the checker reads it (a `ThisType<T>` in it is not read: a
 * member the type does not declare stays unknown). Fills `thisCtx` before any `this` is evaluated.
 */
export function literalThis(this: Collector): void {
  const wanted = new Set<Node>();
  this.thisFnOf.forEach((fn) => wanted.add(fn));
  // the literal and key holding each such function, and the literal (and key) holding each nested literal
  const owner = new Map<Node, { lit: Node; key: Node }>();
  const parentOf = new Map<Node, { lit: Node; key: Node }>();
  for (const [lit, entries] of this.objectEntries) {
    for (const en of entries) {
      if (!en.key || !en.value || en.value === en.key) continue;
      const v = this.unwrapped(en.value);
      if (wanted.has(v)) owner.set(v, { lit, key: en.key });
      else if (this.objectEntries.has(v)) parentOf.set(v, { lit, key: en.key });
    }
  }
  this.argumentThis(wanted, owner);
  if (!owner.size) return;
  // where a literal is written with a declared type: a typed declaration's value (a local's too), a returned value of
  // a function with a declared result, `satisfies`/`as`; a member or element it is assigned to
  const declared = new Map<Node, Expr>();
  const typed = (value: Node | undefined, type: Node | undefined): void => {
    if (!value || !type) return;
    const u = this.unwrapped(value);
    if (this.objectEntries.has(u) && !declared.has(u)) declared.set(u, { k: 'as', type: this.expr(type) });
  };
  for (let s = 0; s < this.symbols.length; s++) typed(this.work[s].initNode, this.work[s].typeNode);
  for (const l of this.localNodes) typed(l.init, l.type);
  for (const { object, type } of this.typedLiterals) typed(object, type);
  if (this.returnsOf.size) this.returned.forEach((values, fn) => { const type = this.returnedType(fn); if (type) for (const v of values) typed(v, type); });
  for (const { target, value } of this.assignedLiterals) {
    const u = this.unwrapped(value);
    if (!this.objectEntries.has(u) || declared.has(u)) continue;
    const obj = this.expr(target);
    if (obj.k === 'member' || obj.k === 'element') declared.set(u, { k: 'as', type: { k: 'typeof', of: obj } });
  }
  // … or passed to a function: the called function's declared parameter
  let args: Map<Node, Expr> | undefined;
  const argument = (lit: Node): Expr | undefined => {
    if (!args) {
      args = new Map();
      for (const [node, c] of this.calls) {
        if (!c.args || c.callee === node) continue;
        const ordered = this.realSlots(c.args, true);
        for (let i = 0; i < ordered.length; i++) {
          const u = this.unwrapped(ordered[i]);
          if (!this.objectEntries.has(u)) continue;
          args.set(u, this.argumentParam(node, c, this.expr(c.callee), ordered, i));
        }
      }
    }
    return args.get(lit);
  };
  const memo = new Map<Node, Expr | null>();
  const contextOf = (lit: Node, depth: number): Expr | undefined => {
    const known = memo.get(lit);
    if (known !== undefined) return known ?? undefined;
    let ctx = declared.get(lit) ?? argument(lit);
    const parent = ctx || depth > 4 ? undefined : parentOf.get(lit);
    if (parent) {
      const outer = contextOf(parent.lit, depth + 1);
      if (outer) ctx = { k: 'member', obj: outer, name: this.ident(parent.key) };
    }
    if (ctx) ctx = this.discriminated(this.objectEntries.get(lit)!, ctx);
    memo.set(lit, ctx ?? null);
    return ctx;
  };
  owner.forEach(({ lit, key }, fn) => { const ctx = contextOf(lit, 0); if (ctx) this.thisCtx.set(fn, { k: 'litthis', of: ctx, key: this.ident(key) }); });
}

/**
 * `this` inside a function expression (not an arrow) written as a call's argument and held by no literal
 * (`this.on('add', function () { this.sync() })`): the `this:` its parameter's function type declares, read from the
 * called function's parameter as a literal argument's contextual type is.
 */
export function argumentThis(this: Collector, wanted: Set<Node>, held: Map<Node, unknown>): void {
  for (const [node, c] of this.calls) {
    if (!c.args || c.callee === node) continue;
    const ordered = this.realSlots(c.args, true);
    for (let i = 0; i < ordered.length; i++) {
      const u = this.unwrapped(ordered[i]);
      if (!wanted.has(u) || held.has(u)) continue;
      this.thisCtx.set(u, { k: 'argthis', of: this.argumentParam(node, c, this.expr(c.callee), ordered, i, true) });
    }
  }
}

/**
 * The declared type of argument `i` (of `ordered`, the call's arguments) of call `node` (`c`, its callee `callee`) as
 * the resolver reads it: the called function's (with `isNew`, the constructor's) parameter, under the type arguments
 * the call writes (`implementNode<MaxDecl>({ … })`; `new Store<Props>({ … })`: the class's, as the constructor's
 * parameter types it) and the string literals it passes; an object literal's keys (see literalKeys), or `fn` for a
 * function written there, pick among overloads.
 */
export function argumentParam(this: Collector, node: Node, c: { isNew: boolean }, callee: Expr, ordered: readonly Node[], i: number, fn?: true): Expr & { k: 'param' } {
  const param: Expr & { k: 'param' } = { k: 'param', callee, arg: i };
  if (fn) param.fn = true;
  if (c.isNew) param.isNew = true;
  const targs = c.isNew ? this.newTypeArgsOf(node) : this.typeArgsOf(node);
  if (targs) param.targs = targs;
  const lits = this.stringArguments(ordered);
  if (lits) param.lits = lits;
  const keys = fn ? undefined : this.literalKeys(ordered[i]);
  if (keys) param.keys = keys;
  // (a literal holding functions whose parameters the call types, `arrayEquals(a, b, { isEqual: (l, r) => … })`: the
  // checker infers nothing from it in its first pass, only from the other arguments)
  if (!fn && ordered.length > 1 && this.sensitiveLiteral(ordered[i], 0)) {
    const argv = this.inferenceArgs(ordered, (k, a) => k === i || this.slotsOf.has(this.unwrapped(a)) || this.sensitiveLiteral(a, 0));
    if (argv) param.argv = argv;
  }
  return param;
}

/**
 * The values of a call's first arguments (`ordered`) the checker's first inference pass reads (CallFact.argv, a `param`
 * expression's argv): those `skip` names and those we cannot read are null; undefined when none is left.
 */
export function inferenceArgs(this: Collector, ordered: readonly Node[], skip: (k: number, a: Node) => boolean): Array<Expr | null> | undefined {
  const argv = ordered.slice(0, 4).map((a, k) => {
    if (skip(k, a)) return null;
    const e = this.expr(a);
    return e.k === 'other' ? null : e;
  });
  return argv.some((a) => a) ? argv : undefined;
}

/**
 * Whether `node` is an object literal (maybe wrapped, or nested in one) holding a function with a parameter written
 * without a type: a context-sensitive argument, whose type the checker's first inference pass leaves out.
 */
export function sensitiveLiteral(this: Collector, node: Node, depth: number): boolean {
  const entries = depth > 3 ? undefined : this.objectEntries.get(this.unwrapped(node));
  if (!entries) return false;
  for (const en of entries) {
    if (!en.value || en.value === en.key) continue;
    const slots = this.slotsOf.get(this.unwrapped(en.value));
    if (slots && this.realSlots(slots).some((s) => { const l = this.slotLocal.get(s); return l !== undefined && !this.localNodes[l].type; })) return true;
    if (this.sensitiveLiteral(en.value, depth + 1)) return true;
  }
  return false;
}

/** `true` or `false` written as a literal's value (`{ typed: true, … }`): a tag, as a boolean literal type discriminates. */
export function booleanTag(this: Collector, node: Node): string | undefined {
  const len = node.end - node.start;
  if (len !== 4 && len !== 5) return undefined;
  const text = this.text.slice(node.start, node.end);
  return text === 'true' || text === 'false' ? KEYWORD_TAG + text : undefined;
}

/** The plain string literals among a call's arguments (see plainString), by position; undefined when there are none. */
export function stringArguments(this: Collector, ordered: readonly Node[]): Array<[number, string]> | undefined {
  let out: Array<[number, string]> | undefined;
  for (let j = 0; j < ordered.length; j++) {
    const v = this.plainString(ordered[j]);
    if (v !== undefined) (out ??= []).push([j, v]);
  }
  return out;
}

/** The text of a string literal without escapes or substitutions (`'added'`, `"added"`), else undefined. */
export function plainString(this: Collector, node: Node): string | undefined {
  const q = this.text[node.start];
  if ((q !== "'" && q !== '"') || node.end - node.start < 2 || this.text[node.end - 1] !== q) return undefined;
  const s = this.text.slice(node.start + 1, node.end - 1);
  return s.includes('\\') || s.includes(q) ? undefined : s;
}

/**
 * What a destructuring pattern takes apart: a parameter (its unnamed local), an initializer, a typed parameter's
 * type, or the outer pattern's member for a nested one.
 */
export function patternValue(this: Collector, pattern: Node, depth: number): Expr | undefined {
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
 * An array literal's items (a spread item `...xs` is `{ k: 'spread', of: xs }`, which holds xs's elements at no known
 * position); a long one (a table of data) or one of literals only is no use to the resolver: `other`. A longer list of
 * names alone (`[...SharedSystems, GlUboSystem, GlBufferSystem, …]`, a registry of classes) is kept, up to a bound.
 */
export function listValue(this: Collector, nodes: Node[]): Expr {
  const items = nodes.filter((n) => !this.isComment(n));
  if (items.length > 8 && (items.length > MAX_NAME_LIST || !items.every((n) => NAME_ITEM.test(this.text.slice(n.start, n.end))))) return { k: 'other' };
  const out = items.sort(byStart).map((n): Expr => {
    if (!this.text.startsWith('...', n.start)) return this.expr(n);
    const e = this.expr(n);
    return e.k === 'spread' ? e : { k: 'other' };
  });
  return out.every((e) => e.k === 'lit' || e.k === 'other') ? { k: 'other' } : { k: 'list', items: out };
}

/** How many names a list of names alone may hold and still be read (see listValue). */
const MAX_NAME_LIST = 64;
/** An item that is a name or a spread of one. */
const NAME_ITEM = /^(?:\.\.\.)?[A-Za-z_$][\w$]*$/;

/** The position of `name` among the elements of the array pattern `pattern` (commas before it, outside brackets). */
export function patternIndex(this: Collector, pattern: Node, name: Node): number {
  let index = 0, depth = 0;
  for (let i = pattern.start + 1; i < name.start; i++) {
    const ch = this.text.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123) depth++; // ( [ {
    else if (ch === 41 || ch === 93 || ch === 125) depth--;
    else if (ch === 44 && depth === 0) index++;
  }
  return index;
}

/**
 * The keys of object literals a function returns are members of its declared result (`(): Bound => ({ rule })`),
 * as the checker types them by that contextual type; not an async function's or a generator's, whose declared
 * result wraps what they return.
 */
export function returnedKeys(this: Collector): void {
  this.returned.forEach((values, fn) => {
    const type = this.returnedType(fn);
    if (!type) return;
    const from = this.fnSymOf.get(fn) ?? -1;
    for (const v of values) {
      for (const { key, short } of this.returnKeys.get(v) ?? []) {
        if (!this.keyRefs.has(key)) this.keyRefs.set(key, { obj: type, name: this.ident(key), kind: short ? 'shorthand' : 'value', typed: true, from, bare: true });
      }
    }
  });
}

/**
 * The type a function's returned values have by its declared result: the result itself, or T of an async function's
 * `Promise<T>`; none for a generator, or without a declared result.
 */
export function returnedType(this: Collector, fn: Node): Node | undefined {
  const type = this.returnsOf.get(fn);
  if (!type) return undefined;
  const paren = this.text.indexOf('(', fn.start);
  const head = this.text.slice(fn.start, paren < 0 || paren > type.start ? type.start : paren);
  if (/\*/.test(head)) return undefined;
  // an async function's returned literal is the value its declared `Promise<T>` resolves to: a T
  if (!/\basync\b/.test(head)) return type;
  const g = this.generics.get(type);
  const name = g && this.expr(g.name);
  return !g || !name || name.k !== 'id' || name.b || !this.types.promise.has(name.name) ? undefined : g.arg;
}

/** What an unannotated function returns (its return statements' values), for the resolver to evaluate. */
export function returnValues(this: Collector, symbols: SymbolFact[]): void {
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
    // (`return null` beside `return this.pending[id]`: a nullish value has no members, the others' are the result's, as
    // the checker's union reads where it is narrowed)
    const exprs = values.filter((n) => !this.isComment(n) && !this.isNullish(n)).sort(byStart).map((n) => this.expr(n));
    if (exprs.length === 0 || exprs.every((e) => e.k === 'other')) return;
    symbols[s].returnsValue = exprs.length === 1 ? exprs[0] : { k: 'union', types: exprs };
    if (head === 'async') symbols[s].returnsAsync = true;
  });
}

/** Function symbols and typed variables assigned after their declaration (`let notify = …; notify = fn`): a call does not fix them. */
export function markReassigned(this: Collector, symbols: SymbolFact[]): void {
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
    // (and a variable or a class's field declared with a type, `let timeStart: Timer = doNothing`, `private _easing:
    // Easing = linear`: the checker names only the type's signature; one without a type has its value's type, a call
    // of it is one of that function, so it is left alone)
    if (sym.label === 'Function' || sym.kind === 'field_function' || (sym.label === 'Variable' && sym.kind !== 'const' && sym.type) || (sym.label === 'Property' && sym.kind === 'field' && sym.type)) sym.reassigned = true;
  }
}

/**
 * A heritage clause's base; a global collection type (read as an array, a map, a promise of its elements) keeps the
 * name written, since the members a class inherits or implements are that type's (`ReadonlyMap` declares no `set`).
 */
export function heritageBase(this: Collector, n: Node): Expr {
  const e = baseOf(this.expr(n));
  if (e.k !== 'array' && e.k !== 'map' && e.k !== 'promise') return e;
  const g = this.generics.get(n);
  const name = g ? this.expr(g.name) : undefined;
  return name?.k === 'id' && !name.b ? { ...e, lib: name.name } : e;
}

/** The type an `Omit`/`Pick` with its keys is of (see keysOf); any other type itself. */
function baseOf(e: Expr): Expr {
  return e.k === 'intersection' && isKeysPart(e) ? e.types[0] : e;
}

/** Whether a type is an `Omit` or a `Pick` of another (also under `Partial<…>` and its kin), whatever its keys. */
export function dropsKeys(this: Collector, node: Node): boolean {
  const types = this.types;
  for (let depth = 0; depth < 4; depth++) {
    const g = this.generics.get(node);
    if (!g) return false;
    const name = this.expr(g.name);
    if (name.k !== 'id' || name.b) return false;
    if (name.name === types.omit || name.name === types.pick) return true;
    if (!types.same.has(name.name)) return false;
    node = g.arg;
  }
  return false;
}

/**
 * The keys a heritage clause leaves out or keeps (`Omit<Base, 'a' | 'b'>`, `Pick<Base, 'c'>`, also under `Partial<…>`
 * and its kin): written as string literals, or (`type`, `keys` empty) named by a type the resolver reads (`Omit<Base,
 * BroadenedKeys>` of `type BroadenedKeys = 'a' | 'b'`); undefined for any other clause.
 */
export function heritageKeys(this: Collector, node: Node): { keys: string[]; pick?: true; type?: Expr } | undefined {
  const types = this.types;
  if (!types.omit && !types.pick) return undefined;
  for (let depth = 0; depth < 4; depth++) {
    const g = this.generics.get(node);
    if (!g) return undefined;
    const name = this.expr(g.name);
    if (name.k !== 'id' || name.b) return undefined;
    if (types.same.has(name.name) && name.name !== types.omit && name.name !== types.pick) { node = g.arg; continue; }
    if ((name.name !== types.omit && name.name !== types.pick) || !g.arg2) return undefined;
    const keys = literalUnion(this.text.slice(g.arg2.start, g.arg2.end));
    const pick = name.name === types.pick ? { pick: true as const } : {};
    if (keys) return { keys, ...pick };
    // (a type alias of string literals, here or imported, gives the same keys once the resolver reads it)
    const type = this.expr(g.arg2);
    return type.k === 'id' || type.k === 'member' ? { keys: [], ...pick, type } : undefined;
  }
  return undefined;
}

/**
 * The strings of a union of string literals as written (`'a' | 'b'`, a leading `|`, parentheses, comments between the
 * members); undefined when any member is something else or a literal has an escape.
 */
function literalUnion(text: string): string[] | undefined {
  const keys: string[] = [];
  let expectKey = true;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '(' || c === ')') { i++; continue; }
    if (c === '|') { if (!expectKey || keys.length === 0) expectKey = true; i++; continue; }
    if (c === '/' && text[i + 1] === '/') { const end = text.indexOf('\n', i); i = end < 0 ? text.length : end; continue; }
    if (c === '/' && text[i + 1] === '*') { const end = text.indexOf('*/', i + 2); if (end < 0) return undefined; i = end + 2; continue; }
    if ((c === '\'' || c === '"') && expectKey) {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const key = text.slice(i + 1, end);
      if (key.includes('\\') || key.includes('\n')) return undefined;
      keys.push(key);
      expectKey = false;
      i = end + 1;
      continue;
    }
    return undefined;
  }
  return keys.length > 0 && !expectKey ? keys : undefined;
}

/**
 * Classes that extend a parameter of the function around them (a mixin: `function M<T extends Ctor>(Base: T) {
 * class C extends Base {…} return C }`): that parameter's position, so that `class X extends M(Y)` finds Y's
 * members through C (the resolver's heritage through a call).
 */
export function baseParams(this: Collector, symbols: SymbolFact[]): void {
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

/**
 * Function values with a declared type: bound to an annotated binding (that type), or returned by a function
 * with a declared result (that result) or with a declared type itself (its type's result, one level deeper).
 * Outer functions start before the functions they return, so one pass in source order reaches every level.
 */
export function functionContexts(this: Collector): Map<Node, { type: Node; returns: number }> {
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
export function declaredParams(this: Collector, symbols: SymbolFact[]): void {
  for (const [s, fn] of this.genericFnNode) {
    const sym = symbols[s];
    // (one without a declared result keeps them too: the type arguments written at a call bind its parameters'
    // types, `createStore<Todo>({ … })`)
    if (sym.more) { delete sym.typeParams; continue; }
    this.setParams(sym, fn);
  }
  for (let s = 0; s < symbols.length; s++) {
    const sym = symbols[s];
    // an interface's string index signature (what a member it does not declare gives)
    if (sym.label === 'Interface' && this.objectIndex.size) {
      const index = this.objectIndex.get(this.work[s].defNode);
      if (index) sym.index = this.expr(index);
    }
    // an interface's call signatures (what calling a value of its type gives)
    if (sym.label === 'Interface' && this.objectCalls.size) {
      const calls = this.objectCalls.get(this.work[s].defNode);
      if (calls) sym.calls = [...calls].sort((a, b) => a.sig.start - b.sig.start).map((c) => this.signatureOf(c.sig, c.returns));
    }
    // an interface's construct signatures (what `new` of a value of its type gives)
    if (sym.label === 'Interface' && this.objectNews.size) {
      const news = this.objectNews.get(this.work[s].defNode);
      if (news) sym.news = [...news].sort((a, b) => a.sig.start - b.sig.start).map((c) => ({ ...this.arity(c.sig), returns: this.expr(c.returns) }));
    }
    if (sym.params || sym.more) continue;
    if (sym.kind === 'method_signature' || (sym.kind === 'constructor' && sym.parent >= 0 && symbols[sym.parent].typeParams)) this.setParams(sym, this.work[s].defNode);
  }
  // every other function's and method's (not overloaded): what the keys of an object literal passed to it name
  this.fnSymOf.forEach((s, fn) => {
    const sym = symbols[s];
    if (!sym.params && !sym.more && (sym.label === 'Function' || sym.label === 'Method')) this.setParams(sym, fn);
  });
  // an overloaded one's: a call sees only the overload signatures (never the implementation's), and a position where
  // every signature declares the same type is that type whichever signature the checker picks (one signature and
  // the implementation: that signature's)
  for (let s = 0; s < symbols.length; s++) {
    const sym = symbols[s], sigs = this.work[s].overloads;
    if (!sym.more || !sigs || (sym.label !== 'Function' && sym.label !== 'Method')) continue;
    if (!sym.params) this.overloadParams(sym, sigs);
    this.overloadResults(sym, sigs);
    if (sym.predicate && this.predicateOf.size) this.overloadGuards(sym, sigs);
  }
}

/**
 * `sym.guards` of an overloaded type guard whose signatures' predicates differ: each signature's arity, parameter type
 * texts and predicate, for a call's arguments to pick the one the checker's overload resolution takes.
 */
export function overloadGuards(this: Collector, sym: SymbolFact, sigs: Node[]): void {
  if (sigs.length < 2) return;
  const out: GuardSignature[] = [];
  for (const sig of sigs) {
    const pred = this.predicateOf.get(sig);
    if (!pred) return;
    let min = 0, max = 0;
    const params: Array<string | null> = [];
    for (const slot of this.realSlots(this.slotsOf.get(sig) ?? [])) {
      const t = this.text.slice(slot.start, Math.min(slot.end, slot.start + 64));
      if (t.startsWith('...')) return;
      max++;
      if (!/^[\w$]+\s*\?/.test(t) && !/^[\w$]+\s*(?::[^=]*)?=(?!>)/.test(t)) min = max;
      const type = this.slotType.get(slot);
      params.push(type ? this.text.slice(type.start, type.end) : null);
    }
    out.push({ min, max, params, predicate: this.expr(pred) });
  }
  const first = JSON.stringify(out[0].predicate);
  if (out.some((o) => JSON.stringify(o.predicate) !== first)) sym.guards = out;
}

/**
 * `sym.calls` of an overloaded function whose signatures declare different results (`getMetadata(): Storage;
 * getMetadata(name: string): Meta`): each signature's arity and declared result, so that a call's argument count
 * picks what it gives (`sym.returns` is the first signature's). Not when a signature declares no result.
 */
export function overloadResults(this: Collector, sym: SymbolFact, sigs: Node[]): void {
  if (sigs.length < 2) return;
  const out: CallSignature[] = [];
  for (const sig of sigs) {
    const ret = this.returnsOf.get(sig);
    if (!ret) return;
    let min = 0, max = 0;
    for (const slot of this.realSlots(this.slotsOf.get(sig) ?? [])) {
      const t = this.text.slice(slot.start, Math.min(slot.end, slot.start + 64));
      if (t.startsWith('...')) { max = -1; break; }
      max++;
      // (`name?: T`, `name = x`, `{ a }: T = {}`: optional)
      if (!/^[\w$]+\s*\?/.test(t) && !/^[\w$]+\s*(?::[^=]*)?=(?!>)/.test(t) && !(/^[[{]/.test(t) && /[}\]]\s*(?::[^=]*)?=(?!>)/.test(this.text.slice(slot.start, slot.end)))) min = max;
    }
    out.push({ min, max, returns: this.expr(ret) });
  }
  const first = JSON.stringify(out[0].returns);
  if (out.some((o) => JSON.stringify(o.returns) !== first)) sym.calls = out;
}

/**
 * `sym.params` of an overloaded function: by position, the type every signature taking an argument there declares
 * alike (a shorter signature cannot take it), else null.
 */
export function overloadParams(this: Collector, sym: SymbolFact, sigs: Node[]): void {
  const out: Array<Expr | null> = [];
  const texts: Array<string | null> = [];
  const each: Array<Array<Expr | null>> = [];
  let differ = false;
  for (const sig of sigs) {
    const slots = this.slotsOf.get(sig);
    if (!slots) return;
    const real = this.realSlots(slots);
    // (a rest parameter takes any later argument: positions no longer line up)
    if (real.some((slot) => this.text.startsWith('...', slot.start))) return;
    const own: Array<Expr | null> = [];
    for (let i = 0; i < real.length; i++) {
      const t = this.slotType.get(real[i]);
      const e = t ? this.expr(t) : null;
      own.push(e);
      const text = e ? JSON.stringify(e) : null;
      if (i >= out.length) { out.push(e); texts.push(text); } else if (texts[i] !== text) { out[i] = null; texts[i] = null; differ = true; }
    }
    each.push(own);
  }
  if (out.some((p) => p)) sym.params = out;
  // (the signatures the declarations agree nowhere on one position: each one's, for the argument's kind to pick)
  if (differ) sym.overloadArgs = each;
}

/** `sym.params`: the declared types of `fn`'s parameters (null where none), when any has one. */
export function setParams(this: Collector, sym: SymbolFact, fn: Node): void {
  const slots = this.slotsOf.get(fn);
  if (!slots) return;
  const real = this.realSlots(slots);
  // (a declared `this:` parameter: what `this` is in an object literal's method this signature types, see 'litthis')
  if (real.length < slots.length) {
    const self = slots.find((s) => this.isThisParam(s));
    const type = self && this.thisParamType.get(self);
    if (type) sym.thisParam = this.expr(type);
  }
  // (a rest parameter, the last, `...points: Point[]`: the type its name is declared with; the arguments from its
  // position on are its elements)
  const last = real.length ? real[real.length - 1] : undefined;
  let restType: Node | undefined;
  if (last && this.restType.size && this.text.startsWith('...', last.start)) this.restType.forEach((type, name) => { if (name.start > last.start && name.start < last.end) restType = type; });
  const params = real.map((slot) => { const t = slot === last && restType ? restType : this.slotType.get(slot); return t ? this.expr(t) : null; });
  if (!params.some((p) => p)) return;
  sym.params = params;
  if (restType) sym.rest = real.length - 1;
}

/** The entries of symbol s's object-literal initializer when its declaration has a type (`const c: Config = { … }`). */
export function typedInitializerEntries(this: Collector, s: number): ReturnType<Collector['objectEntries']['get']> {
  const { typeNode, initNode } = this.work[s];
  return typeNode && initNode ? this.objectEntries.get(this.unwrapped(initNode)) : undefined;
}

/**
 * The functions of an object literal a declared type types (`const handlers: Handlers = { a: (x) => …, b(x) {…} }`):
 * their unannotated parameters are those of the type's member, `Handlers['a']`.
 */
export function typedEntries(this: Collector, count: number): void {
  const typed: Array<[Node, NonNullable<ReturnType<Collector['objectEntries']['get']>>]> = [];
  for (let s = 0; s < count; s++) {
    const typeNode = this.work[s].typeNode;
    const entries = this.typedInitializerEntries(s);
    if (typeNode && entries) typed.push([typeNode, entries]);
  }
  // … a local's (`const app: App = { use(plugin) {…} }` in a function body; a parameter's default)
  for (const l of this.localNodes) {
    if (!l.type || !l.init) continue;
    const entries = this.objectEntries.get(this.unwrapped(l.init));
    if (entries) typed.push([l.type, entries]);
  }
  // … and an object literal a function with a declared result returns (`(): Behavior => ({ onFetch: (ctx) => … })`)
  if (this.returnsOf.size) for (const [fn, values] of this.returned) {
    const declared = this.returnsOf.get(fn);
    if (!declared) continue;
    for (const v of values) { const entries = this.objectEntries.get(this.unwrapped(v)); if (entries) typed.push([declared, entries]); }
  }
  for (const [typeNode, entries] of typed) {
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
export function paramTypes(this: Collector, params: ReadonlyArray<{ name: Node; type?: Node }>): Array<Expr | null> {
  return params.filter((p) => !this.isThisParam(p.name)).sort((a, b) => a.name.start - b.name.start).map((p) => (p.type ? this.expr(p.type) : null));
}

/** The callee of a call whose pattern captured only the called name: the name (until memberCallees looks further). */
export function calleeByName(this: Collector, name: Node): Node {
  this.namedCallees.add(name);
  return name;
}

/** A call's callee captured as a name that is a member's property (`obj.m` of `obj.m()`): that member instead. */
export function memberCallees(this: Collector): void {
  const byProperty = new Map<Node, Node>();
  this.members.forEach((m, node) => { if (this.namedCallees.has(m.property)) byProperty.set(m.property, node); });
  this.calls.forEach((c) => { const m = byProperty.get(c.callee); if (m) c.callee = m; });
}

/**
 * The class's or interface's own type parameters (locals) named like none of its own members → a lookup of the name on
 * the owner's instance (`bases` set), at the parameter's declaration, to which build adds the uses: the language's
 * search for a member renames a type parameter of its name in a type below (mobx-state-tree's `ComplexType<C, S, T>`
 * under `BaseType`'s `readonly T!: T`).
 */
export function inheritableParams(this: Collector, symbols: SymbolFact[], own: Map<number, number> | undefined): Map<number, RefFact> | undefined {
  let out: Map<number, RefFact> | undefined;
  this.ownedTypeParams.forEach((d, l) => {
    if (own?.has(l)) return;
    const o = symbols[d.owner];
    if (!o.extends?.length && !o.implements?.length) return;
    const obj: Expr = { k: 'as', type: { k: 'id', name: o.name, b: symbolBinding(d.owner) } };
    (out ??= new Map()).set(l, { value: { k: 'member', obj, name: this.localNodes[l].name }, kind: 'type', at: this.pos(d.node), from: d.owner, bare: true, bases: true });
  });
  return out;
}

/** The class's or interface's own type parameters (locals) named like one of its instance members → that member. */
export function paramMembers(this: Collector, symbols: SymbolFact[]): Map<number, number> | undefined {
  if (!this.ownedTypeParams.size) return undefined;
  let out: Map<number, number> | undefined;
  this.ownedTypeParams.forEach((d, l) => {
    const name = this.localNodes[l].name;
    const m = symbols.findIndex((s) => s.parent === d.owner && s.name === name && !s.isStatic && (s.label === 'Property' || s.label === 'Method'));
    if (m >= 0) (out ??= new Map()).set(l, m);
  });
  return out;
}

/**
 * True for the key of an indexed access type on a type parameter whose constraint holds `null` or `undefined` (`T['params']`
 * of `T extends ParameterizedObject | undefined`): the checker looks the key up on that union, which its nullish part
 * lacks (under strictNullChecks), so it names no member; not in the true branch of a conditional type testing that
 * parameter against another type than `any` or `unknown`, where the checker reads it as the intersection with that type.
 */
export function nullableLookup(this: Collector, of: Expr, ofNode: Node, lookup: Node): boolean {
  let e = of;
  while (e.k === 'narrowed') e = e.of;
  if (e.k !== 'id' || e.b === undefined || !bindsLocal(e.b)) return false;
  const l = bindingIndex(e.b);
  if (!this.typeLocals.has(l)) return false;
  const constraint = this.localNodes[l]?.type;
  const nullable = (n: Node, depth: number): boolean => {
    const parts = this.unions.get(n);
    return !!parts && !this.conditionals.has(n) && depth < 8 && parts.some((p) => this.isNullish(p) || nullable(p, depth + 1));
  };
  if (!constraint || !nullable(constraint, 0)) return false;
  const name = this.text.slice(ofNode.start, ofNode.end);
  let substituted = false;
  this.conditionalTests.forEach((test, cond) => {
    if (substituted || cond.start > lookup.start || lookup.end > cond.end || this.text.slice(test.check.start, test.check.end) !== name) return;
    const branch = [...(this.unions.get(cond) ?? [])].sort((a, b) => a.start - b.start)[0];
    const ext = this.text.slice(test.ext.start, test.ext.end).trim();
    if (branch && branch.start <= lookup.start && lookup.end <= branch.end && ext !== 'any' && ext !== 'unknown') substituted = true;
  });
  return !substituted;
}

/**
 * True for a pattern of an untyped parameter with a default (`(arg, { subscribe = true } = {}) => …` of a declared
 * function type), or one nested in it: the language service reads its keys on the default's type, not on the
 * parameter's contextual type, so they name no member of the latter.
 */
export function defaultedPattern(this: Collector, pattern: Node): boolean {
  let p = pattern;
  for (let depth = 0; depth < 8; depth++) {
    const nested = this.patternNested.get(p);
    if (!nested) break;
    p = nested.outer;
  }
  const slot = this.patternSlot.get(p);
  // (the slot is the parameter with its default, `{ a } = {}`, when there is one)
  if (!slot || this.slotType.has(slot) || slot.end <= p.end || !/^\s*=/.test(this.text.slice(p.end, slot.end))) return false;
  // (of a function typed by its context; elsewhere the parameter's type is the default's, whose keys these are)
  const l = this.slotLocal.get(slot);
  const local = l === undefined ? undefined : this.localNodes[l];
  // (a method or a function-valued key of an object literal its context types, `{ inject(x, { path } = {}) {…} }`,
  // is typed by its context as much as a function passed or assigned is)
  return !!local && (local.ctx !== undefined || local.ctxType !== undefined || local.ctxEntry !== undefined || local.ctxAssign !== undefined || local.ctxKey !== undefined);
}

/**
 * Whether a type is a homomorphic mapped type copying each member (`{ [K in keyof T]: T[K] }`), alone or beside an
 * empty object type (`… & {}`): read as T, but a type of its own to the checker (SymbolFact `copies`).
 */
function copiesMembers(c: Collector, node: Node): boolean {
  if (c.sameMembers.has(node)) return true;
  const parts = c.intersections.get(node);
  if (!parts) return false;
  const rest = parts.filter((p) => !c.emptyObjects.has(p));
  return rest.length === 1 && c.sameMembers.has(rest[0]);
}

/**
 * What each array local declared `[]` gets pushed in its own function (`out.push(a, b)`, `out.unshift(c)`), by local.
 * A push inside a nested function is not counted: the checker reads the array there as `any[]`, and what it pushes
 * does not evolve the type outside.
 */
export function arrayPushes(this: Collector): Map<number, Expr[]> {
  const out = new Map<number, Expr[]>();
  for (const c of this.calls.values()) {
    if (c.isNew || !c.args) continue;
    const m = this.members.get(c.callee);
    if (!m) continue;
    const method = this.ident(m.property);
    if (method !== 'push' && method !== 'unshift') continue;
    const id = this.idOf(m.object);
    if (!id?.scope) continue;
    const b = lookup(id.scope, this.ident(m.object));
    if (!bindsLocal(b)) continue;
    const l = bindingIndex(b), own = this.localNodes[l].pushed;
    if (!own || functionScope(id.scope) !== own) continue;
    // (a spread argument, `out.push(...xs)`, is not read: its elements are unknown here, so the array's are)
    for (const a of c.args) pushTo(out, l, this.text.startsWith('...', a.start) ? { k: 'other' } : this.expr(a));
  }
  return out;
}
