import { first, get, pushTo, rowOf, startOf, type Node } from './util.ts';
import { EV_POINT, Role, fileBy, type FileHandler } from './roles.ts';

/** The names assertion functions take by convention (`assertAdmin`, `ensure_user`, `invariant`, `expectNode`). */
const ASSERTION_NAME = /^(?:[aA]ssert|[eE]nsure|[iI]nvariant|[eE]xpect|[vV]erify|[cC]heck|[mM]ust|[rR]equire)(?![a-z])/;

/** Pass 1 of the collector: what filing a match of each common role records. */

// ------------------------------------------------------------------ pass 1
/**
 * `file`'s handler of each role, one function per role (or group of roles): V8 optimises the hot ones alone,
 * where one switch over every role was one large function, compiled whole and thrown away (deoptimised) each
 * time a case met late ran.
 */
/** Fills the tables of the common pass-1 handlers: what filing a match of each role records. */
export function registerMatchHandlers(): void {
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
    on([Role['call.template']], function (c) {
      const node = get(c, 'call')!;
      const n = this.templateSubs.get(node) ?? 0;
      this.templateSubs.set(node, get(c, 'sub') ? n + 1 : n);
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
    on([Role['objlit.key'], Role['assign.key']], function (c, role) {
      const key = get(c, 'key')!;
      const assigned = role === Role['assign.key'];
      this.keyRefs.set(key, { obj: get(c, assigned ? 'target' : 'type')!, name: this.ident(key), kind: get(c, 'short') ? 'shorthand' : 'value', typed: true, from: -1, assigned });
      this.point(key, key);
      return;
    });
    on([Role['rest.param.type']], function (c) { this.restType.set(get(c, 'name')!, get(c, 'type')!); return; });
    on([Role['assign.literal']], function (c) { this.assignedLiterals.push({ target: get(c, 'target')!, value: get(c, 'value')! }); return; });
    on([Role['objlit.typed']], function (c) { this.typedLiterals.push({ object: get(c, 'object')!, type: get(c, 'type')! }); return; });
    on([Role['expr.object.entry']], function (c) {
      const key = get(c, 'key')!;
      // (a quoted key with escapes or substitutions names what its text does not show: any name may be that one)
      const q = this.text.charCodeAt(startOf(key));
      if ((q === 34 || q === 39) && this.plainString(key) === undefined) { pushTo(this.objectEntries, get(c, 'object')!, { at: key, open: true }); return; }
      pushTo(this.objectEntries, get(c, 'object')!, { at: key, key, value: get(c, 'value') ?? key });
      return;
    });
    on([Role['expr.object.spread']], function (c) { const v = get(c, 'value')!; pushTo(this.objectEntries, get(c, 'object')!, { at: v, value: v, spread: true }); return; });
    on([Role['expr.object.open']], function (c) { pushTo(this.objectEntries, get(c, 'object')!, { at: get(c, 'entry')!, open: true }); return; });
    on([Role['type.mapped.same']], function (c) { this.sameMembers.set(get(c, 'object')!, get(c, 'inner')!); return; });
    on([Role['type.mapped.over']], function (c) { this.mappedOver.set(get(c, 'object')!, { over: get(c, 'inner')!, key: get(c, 'k')! }); return; });
    on([Role['type.mapped.prefix']], function (c) { const p = get(c, 'prefix')!; this.mappedPrefix.set(get(c, 'object')!, this.text.slice(p.start, p.end)); return; });
    on([Role['type.query']], function (c) { this.typeQueries.set(get(c, 'query')!, get(c, 'inner')!); return; });
    on([Role['fn.assigned']], function (c) { this.assignedFns.set(get(c, 'fn')!, { obj: get(c, 'object')!, name: get(c, 'name')! }); return; });
    on([Role['type.lookup']], function (c) {
      const key = get(c, 'key'), lookup = get(c, 'lookup')!, at = get(c, 'at');
      this.lookupTypes.set(lookup, key ?? at ? { of: get(c, 'of')!, key: (key ?? at)!, from: -1 } : { of: get(c, 'of')!, key: get(c, 'anykey')!, any: true, from: -1 });
      // (a string key names a member: an occurrence of it, from the enclosing symbol)
      if (key) this.point(lookup, key);
      return;
    });
    on([Role['expr.wrap']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'wrap' }); return; });
    on([Role['expr.operand']], function (c) { this.operandOf.set(get(c, 'wrap')!, get(c, 'inner')!); return; });
    on([Role['expr.and']], function (c) { this.ands.set(get(c, 'and')!, { left: get(c, 'left')!, right: get(c, 'right')! }); return; });
    on([Role['expr.either']], function (c) {
      const node = get(c, 'either')!;
      // `c ? new X() : undefined`, `x ?? null`: a nullish branch has no members (the value is the others')
      // (nor has an empty object literal, `props || {}`: the checker's union of the branches drops `{}` as a subtype of
      // the other's object type, and a member read of it where it would not compile)
      for (let k = 0, p = c.at + 2; k < c.n; k++, p += 2) {
        if (c.names[c.buf[p]] !== 'branch') continue;
        const branch = c.refs[c.buf[p + 1]]!;
        if (!this.isNullish(branch) && !this.isEmptyObject(branch)) pushTo(this.unions, node, branch);
      }
      return;
    });
    // at the `return` keyword: a returned function starts a scope of its own at the value's position
    on([Role['return']], function (c) { this.push(startOf(get(c, 'stmt')!), EV_POINT, { ret: get(c, 'value')! }); return; });
    on([Role['return.key']], function (c) { pushTo(this.returnKeys, get(c, 'value')!, { key: get(c, 'key')!, short: get(c, 'short') !== undefined }); return; });
    on([Role['return.body']], function (c) { this.arrowBodies.push({ fn: get(c, 'fn')!, body: get(c, 'value')! }); return; });
    on([Role['assign.target']], function (c) {
      const target = get(c, 'target')!, value = get(c, 'value');
      this.assignTargets.push(target);
      if (value) this.assignValue.set(target, value);
      return;
    });
    on([Role['param.pattern']], function (c) {
      const pattern = get(c, 'pattern')!, value = get(c, 'value');
      this.patternType.set(pattern, get(c, 'type')!);
      if (value) this.patternDefault.set(pattern, { value });
      return;
    });
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
    on([Role['pattern.rest']], function (c) {
      const pattern = get(c, 'pattern')!;
      // (an object pattern's rest, `{ a, ...rest }`, or an array pattern's, `[a, ...rest]`)
      (this.text.charCodeAt(pattern.start) === 123 ? this.objectRest : this.arrayRest).set(get(c, 'name')!, pattern);
      return;
    });
    on([Role['pattern.assigned']], function (c) { this.assignedPatterns.push(get(c, 'pattern')!); return; });
    on([Role['pattern.of']], function (c) { this.patternOf.set(get(c, 'pattern')!, get(c, 'value')!); return; });
    on([Role['pattern.nested']], function (c) { this.patternNested.set(get(c, 'pattern')!, { outer: get(c, 'outer')!, key: get(c, 'key')! }); return; });
    on([Role['call.typearg'], Role['call.typearg2'], Role['call.typearg3']], function (c, role) {
      const call = get(c, 'call')!;
      const at = role === Role['call.typearg'] ? 0 : role === Role['call.typearg2'] ? 1 : 2;
      const list = this.callTypeArg.get(call);
      if (list) list[at] = get(c, 'type')!; else { const l: Node[] = []; l[at] = get(c, 'type')!; this.callTypeArg.set(call, l); }
      return;
    });
    on([Role['new.typearg'], Role['new.typearg2']], function (c, role) {
      const n = get(c, 'new')!;
      const rec = this.newTypeArgs.get(n) ?? { name: get(c, 'name')! };
      if (role === Role['new.typearg']) rec.arg = get(c, 'arg'); else rec.arg2 = get(c, 'arg');
      this.newTypeArgs.set(n, rec);
      return;
    });
    on([Role['narrow.instanceof']], function (c) { this.narrowings.push({ name: get(c, 'name')!, type: get(c, 'type')!, body: get(c, 'body')! }); return; });
    on([Role['narrow.instanceof.test']], function (c) {
      const name = get(c, 'name')!;
      if (!this.narrowable(name)) return;
      if (this.isThis(name)) this.narrowsThis = true;
      this.placedTests.push({ name, type: get(c, 'type')!, test: get(c, 'test')! });
      return;
    });
    // (the callee where the name is the one argument; else the call, whose other arguments may bind the guard's type
    // parameters: `is(value, Param)` of `is<T>(value: any, type: T): value is InstanceType<T>`)
    on([Role['narrow.guard.test']], function (c) {
      const name = get(c, 'name')!, test = get(c, 'test')!;
      if (!this.narrowable(name)) return;
      const alone = /^\s*,?\s*\)$/.test(this.text.slice(this.end(name), this.end(test)));
      this.placedTests.push({ name, guard: alone ? get(c, 'fn')! : test, test });
      return;
    });
    on([Role['narrow.tag.case']], function (c) {
      const name = get(c, 'name')!, cases = get(c, 'cases')!;
      if (!this.isTag(get(c, 'tag')!)) return;
      pushTo(this.tagCases, cases, { name, key: get(c, 'key')!, tag: get(c, 'tag')!, node: get(c, 'case')! });
      this.tagTest(name, get(c, 'key')!, { start: cases.start, end: cases.end }, 'switch');
      return;
    });
    on([Role['flow.stmt'], Role['flow.loop'], Role['flow.expr'], Role['flow.test']], function (c, role) {
      const n = get(c, 'construct')!, cond = get(c, 'cond'), branch = get(c, 'branch'), op = get(c, 'op');
      this.flowConstructs.push({
        start: n.start, end: this.end(n), kind: role === Role['flow.stmt'] ? 'stmt' : role === Role['flow.loop'] ? 'loop' : role === Role['flow.expr'] ? 'expr' : 'test',
        cond: cond && { start: cond.start, end: this.end(cond) }, branch: branch && { start: branch.start, end: this.end(branch) },
        ...(op ? { op: { text: this.text.slice(op.start, this.end(op)), end: this.end(op) } } : {}),
      });
      return;
    });
    on([Role['narrow.tag.test']], function (c) {
      if (!this.isTag(get(c, 'tag')!)) return;
      // (a path of properties, `this.state.kind === 'a'`: its reads narrowed through narrowPath)
      const name = get(c, 'name')!;
      if (!this.narrowable(name)) return;
      this.tagCompares.push({ name, key: get(c, 'key')!, tag: get(c, 'tag')!, test: get(c, 'test')!, ...(this.isPath(name) ? { path: true as const } : {}) });
      return;
    });
    on([Role['narrow.truthy.test']], function (c) {
      const key = get(c, 'key')!;
      this.tagCompares.push({ name: get(c, 'name')!, key, tag: key, test: get(c, 'test')!, truthy: get(c, 'not') ? 'falsy' : 'truthy' });
      return;
    });
    on([Role['narrow.in.test']], function (c) {
      const key = get(c, 'key')!;
      this.tagCompares.push({ name: get(c, 'name')!, key, tag: key, test: get(c, 'test')!, has: true });
      return;
    });
    on([Role['narrow.in.path.test']], function (c) {
      const key = get(c, 'key')!;
      this.tagCompares.push({ name: get(c, 'recv')!, key, tag: key, test: get(c, 'test')!, has: true, path: true });
      return;
    });
    on([Role['narrow.path.test']], function (c) {
      const tag = get(c, 'tag');
      if (tag && !this.isTag(tag)) return;
      const recv = get(c, 'recv')!;
      this.pathTests.push({ recv, text: this.text.slice(recv.start, this.end(recv)).replace(/\s+/g, '') });
      return;
    });
    on([Role['flow.exit']], function (c) { this.flowExits.push(get(c, 'construct')!.start); return; });
    on([Role['flow.exit.if']], function (c) { const n = get(c, 'if')!; this.exitIfs.set(n.start, n); return; });
    on([Role['narrow.tag.default']], function (c) { this.tagDefaults.set(get(c, 'cases')!, { name: get(c, 'name')!, key: get(c, 'key')!, node: get(c, 'case')! }); return; });
    on([Role['flow.clause.exit']], function (c) { this.exitClauses.add(get(c, 'construct')!.start); return; });
    on([Role['flow.clause']], function (c) { const n = get(c, 'construct')!; this.caseClauses.push({ start: n.start, end: this.end(n) }); return; });
    on([Role['flow.truthy']], function (c) { this.truthyNames.add(get(c, 'construct')!); return; });
    on([Role['flow.inert']], function (c) { this.inertNames.add(get(c, 'construct')!); return; });
    on([Role['fntype.predicate']], function (c) { this.fnTypePredicate.set(get(c, 'fntype')!, get(c, 'type')!); return; });
    on([Role['returns.predicate']], function (c) {
      // (of the first parameter only, `this:` aside: a guard call's first argument is the name it narrows)
      const owner = get(c, 'owner')!, type = get(c, 'type')!;
      const head = this.text.slice(owner.start, type.start);
      const subject = /([A-Za-z_$][\w$]*)\s+is\s*$/.exec(head)?.[1];
      const params = head.slice(head.indexOf('(') + 1);
      const first = /^\s*(?:this\s*:[^,]*,\s*)?(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(params)?.[1];
      if (head.indexOf('(') < 0 || !subject || !first || subject === first || subject === 'this') this.predicateOf.set(owner, type);
      return;
    });
    on([Role['returns.asserts']], function (c) {
      // (of the first parameter only: a call's one argument is the name it narrows)
      const owner = get(c, 'owner')!, subject = this.ident(get(c, 'subject')!);
      const head = this.text.slice(owner.start, get(c, 'type')!.start);
      const first = /\(\s*([A-Za-z_$][\w$]*)/.exec(head.slice(head.search(/[(<]/) < 0 ? 0 : head.indexOf('(')));
      if (first && first[1] === subject) this.assertsOf.set(owner, get(c, 'type')!);
      return;
    });
    on([Role['returns.asserts.cond']], function (c) {
      // (of the first parameter only: the call's first argument is the condition)
      const owner = get(c, 'owner')!, subject = this.ident(get(c, 'subject')!);
      const head = this.text.slice(owner.start, get(c, 'subject')!.start);
      const first = /\(\s*([A-Za-z_$][\w$]*)/.exec(head.slice(head.search(/[(<]/) < 0 ? 0 : head.indexOf('(')));
      if (first && first[1] === subject) this.assertsCondOf.add(owner);
      return;
    });
    on([Role['flow.assert']], function (c) {
      // (callees named as assertions only, as for narrow.assert; any name of a dotted callee, `assert.ok`, `check.that`)
      const fn = get(c, 'fn')!, cond = get(c, 'cond')!, stmt = get(c, 'stmt')!;
      if (!this.text.slice(fn.start, this.end(fn)).split('.').some((n) => ASSERTION_NAME.test(n.trim()))) return;
      this.assertCalls.push({ start: stmt.start, end: this.end(stmt), cond: { start: cond.start, end: this.end(cond) }, fn, stmt });
      return;
    });
    on([Role['narrow.assert']], function (c) {
      // (only callees named as assertions are by convention, `assertAdmin`, `ensureUser`, `invariant`: every other
      // `f(x);` would mark each later occurrence of x for nothing, in facts and time; the resolver still requires the
      // callee's `asserts x is T`)
      const fn = get(c, 'fn')!;
      const callee = /[\w$]+$/.exec(this.text.slice(fn.start, fn.end))?.[0] ?? '';
      if (!ASSERTION_NAME.test(callee) || !this.narrowable(get(c, 'name')!)) return;
      this.narrowings.push({ name: get(c, 'name')!, guard: fn, exit: get(c, 'stmt')!, asserts: true });
      return;
    });
    on([Role['returns.predicate.this']], function (c) { this.thisPredicateOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
    on([Role['narrow.guard.self']], function (c) { if (this.narrowable(get(c, 'name')!)) this.narrowings.push({ name: get(c, 'name')!, guard: get(c, 'call')!, body: get(c, 'body')!, self: true }); return; });
    on([Role['flow.alias']], function (c) { this.conditionAliases.push({ name: get(c, 'name')!, value: get(c, 'value')! }); return; });
    on([Role['narrow.guard.self.test']], function (c) { if (this.narrowable(get(c, 'name')!)) this.placedTests.push({ name: get(c, 'name')!, test: get(c, 'test')!, self: true }); return; });
    on([Role['narrow.guard.self.exit']], function (c) { if (this.narrowable(get(c, 'name')!)) this.narrowings.push({ name: get(c, 'name')!, guard: get(c, 'call')!, exit: get(c, 'if')!, self: true }); return; });
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
    on([Role['type.generic.argn']], function (c) {
      // (the first and second arguments' own matches set those; a generic type always has them before this one)
      const prev = this.generics.get(get(c, 'generic')!);
      if (prev) (prev.more ??= []).push(get(c, 'arg')!);
      return;
    });
    on([Role['new.typeargn']], function (c) {
      const prev = this.newTypeArgs.get(get(c, 'new')!);
      if (prev) (prev.more ??= []).push(get(c, 'arg')!);
      return;
    });
    on([Role['type.object.prop']], function (c) { pushTo(this.objectTypes, get(c, 'object')!, { name: get(c, 'name')!, type: get(c, 'type')! }); return; });
    on([Role['type.object.index']], function (c) { this.objectIndex.set(get(c, 'object')!, get(c, 'type')!); return; });
    on([Role['type.object.call']], function (c) { pushTo(this.objectCalls, get(c, 'object')!, { sig: get(c, 'sig')!, returns: get(c, 'type')! }); return; });
    on([Role['type.object.new']], function (c) { pushTo(this.objectNews, get(c, 'object')!, { sig: get(c, 'sig')!, returns: get(c, 'type')! }); return; });
    on([Role['type.object.call.param']], function (c) { pushTo(this.sigParams, get(c, 'sig')!, get(c, 'param')!); return; });
    on([Role['type.object.name']], function (c) { pushTo(this.objectNames, get(c, 'object')!, get(c, 'name')!); return; });
    on([Role['expr.await']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'await' }); return; });
    on([Role['expr.element']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'element' }); return; });
    on([Role['expr.element.key']], function (c) { this.elementKey.set(get(c, 'wrap')!, get(c, 'key')!); return; });
    on([Role['expr.element.name']], function (c) {
      const wrap = get(c, 'wrap')!, key = get(c, 'key')!;
      this.elementName.set(wrap, key);
      // (`u['name']` names a member: an occurrence of it, from the enclosing symbol)
      this.point(wrap, key);
      return;
    });
    on([Role['expr.element.at']], function (c) {
      const key = get(c, 'key')!, text = this.text.slice(key.start, key.end);
      if (/^\d{1,2}$/.test(text)) this.elementAt.set(get(c, 'wrap')!, Number(text));
      return;
    });
    on([Role['type.array']], function (c) { this.wraps.set(get(c, 'wrap')!, { inner: get(c, 'inner'), kind: 'array' }); return; });
    on([Role['type.readonly']], function (c) { const wrap = get(c, 'wrap')!; this.wraps.set(wrap, { inner: get(c, 'inner'), kind: 'wrap' }); this.readonlyTypes.add(wrap); return; });
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
      // (the language's predefined types that say nothing of a value's members, `any` among them, are no literals)
      const types = this.types;
      if (!types.untyped.has(word)) this.simple.set(n, 'lit');
      else if (word === types.any && n.end - n.start === word.length) this.simple.set(n, 'any');
      return;
    });
    on([Role['scope.static']], function (c) {
      this.staticScopes.add(first(c));
      this.fileScope(first(c), 'method');
      return;
    });
    on([Role['expr.this']], function (c) { this.simple.set(first(c), 'this'); this.point(first(c), first(c)); return; });
    on([Role['expr.super']], function (c) { this.simple.set(first(c), 'super'); this.point(first(c), first(c)); return; });
    on([Role['jsx']], function (c) { this.jsx.add(first(c)); return; });
    on([Role['jsx.attr']], function (c) {
      const key = get(c, 'key')!;
      const fn = get(c, 'fn');
      const had = this.jsxAttrs.get(key);
      if (had) { if (fn) had.fn = fn; return; }
      this.jsxAttrs.set(key, fn ? { element: get(c, 'name')!, fn, from: -1 } : { element: get(c, 'name')!, value: get(c, 'value'), from: -1 });
      this.point(key, key);
      return;
    });
    on([Role['comment']], function (c) { this.comments.add(first(c)); return; });
    // (a comment telling the checker to let the next line's errors pass, `// @ts-expect-error`: that line, 1-based)
    on([Role['unchecked']], function (c) { this.uncheckedLines.push(rowOf(first(c)) + 2); return; });
    on([Role['decorated']], function (c) { this.decoratorBefore.set(get(c, 'next')!, get(c, 'deco')!); return; });
    on([Role['decorator']], function (c) { this.decoratorSpans.push(get(c, 'deco')!); return; });
    on([Role['this.param']], function (c) { this.thisParamType.set(get(c, 'param')!, get(c, 'type')!); return; });
    on([Role['param.slot']], function (c) { pushTo(this.slotsOf, get(c, 'fn')!, get(c, 'param')!); return; });
    on([Role['fntype.param']], function (c) { pushTo(this.fnTypeParams, get(c, 'fntype')!, { name: get(c, 'name')!, type: get(c, 'type') }); return; });
    on([Role['type.union']], function (c) { pushTo(this.unions, get(c, 'union')!, get(c, 'member')!); return; });
    on([Role['type.conditional']], function (c) { const n = get(c, 'union')!; pushTo(this.unions, n, get(c, 'member')!); this.conditionals.add(n); return; });
    on([Role['type.conditional.test']], function (c) { this.conditionalTests.set(get(c, 'union')!, { check: get(c, 'check')!, ext: get(c, 'ext')! }); return; });
    on([Role['type.conditional.whole']], function (c) { this.conditionalWholes.set(get(c, 'union')!, get(c, 'check')!); return; });
    on([Role['type.conditional.instance']], function (c) { this.conditionalResults.set(get(c, 'union')!, { check: get(c, 'check')!, isNew: true }); return; });
    on([Role['type.conditional.result']], function (c) { this.conditionalResults.set(get(c, 'union')!, { check: get(c, 'check')!, isNew: false }); return; });
    on([Role['type.mapped.key']], function (c) { this.mappedKeys.set(get(c, 'object')!, { key: get(c, 'key')!, keys: get(c, 'keys')! }); return; });
    on([Role['expr.const.strings']], function (c) { pushTo(this.constStrings, get(c, 'list')!, get(c, 'item')!); return; });
    on([Role['type.object.empty']], function (c) { this.emptyObjects.add(get(c, 'object')!); return; });
    on([Role['expr.const.spread']], function (c) { this.constSpreads.set(get(c, 'item')!, get(c, 'inner')!); return; });
    on([Role['fntype.returns']], function (c) { this.fnTypeReturns.set(get(c, 'fntype')!, get(c, 'type')!); return; });
    on([Role['type.intersection']], function (c) { pushTo(this.intersections, get(c, 'inter')!, get(c, 'member')!); return; });
    on([Role['returns']], function (c) { this.returnsOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
    on([Role['annotated']], function (c) { this.annotOf.set(get(c, 'owner')!, get(c, 'type')!); return; });
    on([Role['var.var']], function (c) { this.varKind.set(first(c), 'var'); return; });
    on([Role['var.let']], function (c) { this.varKind.set(first(c), 'let'); return; });
    on([Role['heritage.extends'], Role['heritage.implements']], function (c, role) {
      // (a tags-style `@reference.implementation` pattern names the base by `@name`)
      const n = get(c, role === Role['heritage.extends'] ? 'extends' : 'implements') ?? get(c, 'name')!;
      const clause = get(c, 'clause');
      this.push(startOf(n), EV_POINT, { heritage: role === Role['heritage.extends'] ? 'extends' : 'implements', node: n, clause });
      this.heritageSpans.push(clause ?? n);
      return;
    });
    // module structure: specifiers and the names imports bind
    on([Role['import.module']], function (c) {
      const { source, sourceNode } = this.moduleSource(c);
      this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'import' });
    });
    on([Role['import.dynamic']], function (c) {
      const { source, sourceNode } = this.moduleSource(c);
      this.modules.push({ source, line: rowOf(sourceNode!) + 1, kind: 'dynamic' });
      const call = get(c, 'call');
      if (call) this.dynamicSource.set(call, source);
    });
    on([Role['import.default'], Role['import.namespace']], function (c, role) {
      this.fileImport(c, role === Role['import.default'] ? 'default' : 'namespace');
    });
    on([Role['import.named']], function (c) {
      const { source } = this.moduleSource(c);
      const name = get(c, 'name')!, alias = get(c, 'alias');
      const imported = this.ident(name);
      this.skipIds.add(name);
      this.bindImport({ kind: 'named', source, imported, local: alias ? this.ident(alias) : imported, at: this.pos(name) }, alias ?? name);
    });
}
