/**
 * The collector of nominally typed languages (Go, Java, Kotlin, C#, …): one file's flat tree and its query matches
 * (roles.ts's vocabulary) to FileFacts with a `nominal` part (facts.ts). The queries say what each node is; this
 * module knows no language. One pass over the tree in preorder keeps the lexical scopes (blocks, functions, classes)
 * and the enclosing symbols: definitions become symbols, declarations locals, names read are bound to the locals in
 * scope or left free (the resolver looks a free name up in the enclosing types, the file, its imports and its
 * package), calls become call sites and every other name that may be a symbol's becomes a reference. Expression
 * and type shapes (Expr) are built after the pass, when every binding is known.
 */
import type { FlatTree } from '../flat-tree.ts';
import type { LanguageNames } from '../language.ts';
import type { Match, MatchSource } from '../query-match.ts';
import {
  bindingIndex, bindsLocal, localBinding, toPos,
  type ArgFact, type Binding, type Expr, type FileFacts, type LocalFact, type Pos, type RefFact, type SymbolFact, type SymbolLabel,
} from '../facts.ts';
import type { NominalCall, NominalFacts, NominalSymbol } from './facts.ts';
import { DEF_ROLES, splitRole, subjectOf, type Rec } from './roles.ts';
import type { DocType, DocTypes, NominalSyntax } from './syntax.ts';
import { blockCommentBefore, docBefore, signatureOf, wordsBefore } from './text.ts';
import { remapSymbols } from './order.ts';
import { ImplicitParams } from './implicit-params.ts';
import { calleeText, docTypeExpr } from './exprs.ts';

/**
 * `recv`: the node of the object a receiver lambda's body runs on (NominalSyntax.receiverCallbacks); `builder`: the
 * call a lambda is handed to last, whose parameter's function type may give it a receiver (`html { … }`).
 */
/** A receiver lambda's receiver: a value's node, a type's (`fn`: a function type, or an alias of one, whose receiver it is), a call's parameter. */
type Receiver = number | { type: number; fn?: true } | { call: number; arg?: number };
/** The declared type of what a lambda is the value of: its type node, or a variable's written before (a local's, else a field's of class `cls`). */
type Declared = number | { local: number } | { field: string; cls: number };
interface Scope { names: Map<string, Binding>; parent: Scope | undefined; recv?: number | { type: number; fn?: true }; builder?: { call: number; arg?: number }; declared?: Declared; params?: number }

/** A context of the walk: a definition's span (its symbol), a scope's, a namespace block's. */
interface Ctx {
  end: number;
  sym: number;
  /** The class whose `this` this context is in (-1: none). */
  cls: number;
  scope: Scope;
  /** A variable's or field's symbol (popped when a sibling declaration starts). */
  isVar?: boolean;
  /** A namespace block: the namespace symbols inside take its name as their prefix. */
  ns?: string;
  /** A definition's parameters are counted while the walk is between its name and its body. */
  paramsFrom?: number;
  paramsTo?: number;
}

const CLASS_LIKE = new Set<SymbolLabel>(['Class', 'Interface', 'Enum']);
const MAX_ARGS = 4;
/** Arguments kept for picking an overload by their types (a longer list is told by its count). */
const MAX_ARGV = 8;

/** The collector of a nominal language, as a LanguageSpec's `collect`. */
export function nominalCollector(syntax: NominalSyntax) {
  return (flat: FlatTree, names: LanguageNames, text: string, filePath: string, matches: Match[] | MatchSource, parseErrors: number, roles: ReadonlyArray<string | undefined>): FileFacts =>
    new NominalCollector(flat, names, text, filePath, syntax).collect(matches, roles, parseErrors);
}

class NominalCollector {
  private readonly n: number;
  // records filed from the matches, by subject node
  private readonly defAt = new Map<number, Rec>();
  private readonly declAt = new Map<number, Rec>();
  /** Regions compiled only when a macro is (`cond.defined`) or is not (`cond.undefined`) defined. */
  private readonly condAt = new Map<number, Rec[]>();
  /** Regions that are an include guard (`#ifndef X_H` `#define X_H` …): no condition of the build. */
  private readonly guards = new Set<number>();
  /** The conditional regions around the walk's node, innermost last (a branch's region ends where its `#else` starts). */
  private readonly conds: Array<{ end: number; macro: string; defined: boolean }> = [];
  private readonly exprAt = new Map<number, Rec>();
  private readonly typeAt = new Map<number, Rec>();
  private readonly scopeAt = new Set<number>();
  private readonly idAt = new Set<number>();
  private readonly nsAt = new Map<number, Rec>();
  private readonly importRecs: Rec[] = [];
  private pkgRec: Rec | undefined;
  private readonly heritage = new Map<number, Rec[]>();
  private readonly annotations = new Map<number, Rec[]>();
  private readonly tupleItems = new Map<number, number[]>();
  /** An anonymous structure type's fields (`type.object.prop`), by the type's node: each name and its type's node. */
  private readonly objectProps = new Map<number, Array<{ name: number; item: number }>>();
  private readonly keyAt = new Map<number, Rec>();
  /** Scopes inside which a name has a narrower type (a type switch's case, a smart cast's branch). */
  private readonly narrowAt = new Map<number, Rec[]>();
  private readonly implicitAt = new Map<number, Rec>();
  private readonly receiverAt = new Map<number, Rec>();
  /** Free names (and `this`) inside receiver lambdas: the receivers' nodes, innermost first. */
  private readonly implicitRecv = new Map<number, Array<Receiver>>();
  /** Lambdas handed last to a call (`decl.builder`), by their scope node. */
  private readonly builderAt = new Map<number, Rec>();
  /** The `builder` receiver expression of each such call (one object, so the resolver evaluates it once). */
  private readonly builderExprs = new Map<number, Expr>();
  /** Implicit parameters of lambdas handed to calls (`builderParam`), given their value once the walk is done. */
  private readonly builderParams: Array<{ l: number; b: { call: number; arg?: number }; param?: number }> = [];
  /** Parameters of lambdas that are a declaration's value: the declared type's node and the parameter's position. */
  private readonly declaredParams: Array<{ l: number; type: Declared; param: number }> = [];
  /** Assignments to a member of `this` (`$this->repo = new Repo()`): the value of a property declared without a type. */
  private readonly memberInitAt = new Map<number, Rec>();
  /**
   * Operator sites (role `op`), by site node: of two patterns giving one site a value to operate on, the later in the
   * query stands (`v[i] = x` is an IndexMut, not also an Index); those giving a type (a field's derives) add up.
   */
  private readonly opAt = new Map<number, Array<{ rec: Rec; pattern: number }>>();
  private readonly opSites: Array<{ node: number; from: number }> = [];
  // the walk's results
  private readonly symbols: SymbolFact[] = [];
  private readonly extra: Record<number, NominalSymbol> = {};
  private readonly locals: LocalFact[] = [];
  private readonly localValue: Array<{ doc?: DocType; type?: number; rest?: boolean; value?: number; iter?: number; iterKey?: boolean; each?: boolean; some?: boolean; tuple?: { values: number; at: number }; part?: { whole: number; at: number }; field?: { of: number; name: number }; out?: { call: number; arg: number } }> = [];
  private readonly tparams: number[] = [];
  /** Binding of each identifier or type name read (0: free). */
  private readonly binding = new Map<number, Binding>();
  private readonly pathHeads = new Set<number>(); // heads of paths (`bytes` of Rust's `bytes::f`): a module or a type, never a local variable
  /** The class around each `this`/`super`, and the symbol a definition node made. */
  private readonly thisCls = new Map<number, number>();
  /** Blanket impls (`impl<T: Foo> Bar for T`): their body's nodes, the class around them, and the type parameter their `self` is. */
  private readonly blankets: Array<{ from: number; to: number; cls: number; type: number }> = [];
  /** The type a `this` inside a blanket impl is (its type parameter's node). */
  private readonly thisType = new Map<number, number>();
  private readonly symOfDef = new Map<number, number>();
  private readonly defNodeOf = new Map<number, number>();
  /** Nodes whose name is no reference of its own (a call's callee, a declaration's name). */
  private readonly consumed: Uint8Array;
  private readonly callSites: Array<{ node: number; from: number }> = [];
  private readonly refSites: Array<{ node: number; kind: 'value' | 'type' | 'key'; from: number }> = [];
  private readonly memo = new Map<number, Expr>();
  private readonly fieldName: Array<string | undefined> = [];

  constructor(private readonly t: FlatTree, private readonly names: LanguageNames, private readonly text: string, private readonly path: string, private readonly syntax: NominalSyntax) {
    this.n = t.count;
    this.consumed = new Uint8Array(t.count);
    for (const [name, id] of names.fieldIds) this.fieldName[id] = name;
  }

  collect(matches: Match[] | MatchSource, roles: ReadonlyArray<string | undefined>, parseErrors: number): FileFacts {
    this.file(matches, roles);
    this.walk();
    const calls = this.calls();
    const refs = this.refs();
    this.finishLocals();
    const nominal: NominalFacts = { imports: this.imports(), sym: this.extra };
    if (this.pkgRec) nominal.pkg = this.dotted(this.pkgRec.caps.name);
    if (this.tparams.length) nominal.tparams = this.tparams;
    if (this.opSites.length) {
      nominal.ops = this.opSites.flatMap(({ node, from }) => this.opAt.get(node)!.sort((a, b) => a.pattern - b.pattern).map(({ rec }) => {
        const at = this.pos(node);
        return rec.caps.object !== undefined ? { obj: this.expr(rec.caps.object), steps: rec.kind!, at, from } : { obj: this.typeExpr(rec.caps.type), type: true as const, steps: rec.kind!, at, from };
      }));
    }
    const directive = this.syntax.fileDirective?.(this.text);
    if (directive !== undefined) nominal.build = directive;
    const facts: FileFacts = {
      path: this.path, language: this.syntax.language, lines: this.t.lineCount(), parseErrors,
      symbols: this.symbols, imports: [], exports: [], modules: [], locals: this.locals, calls, refs, nominal,
    };
    remapSymbols(facts);
    return facts;
  }

  // ------------------------------------------------------------------ filing the matches
  private file(matches: Match[] | MatchSource, roles: ReadonlyArray<string | undefined>): void {
    const split = roles.map((r) => (r ? splitRole(r) : undefined));
    const add = (pattern: number, caps: Record<string, number>): void => {
      const r = split[pattern];
      if (!r) return;
      // a `@kind` capture gives the kind as written where a grammar keeps the word in a leaf (C#'s `this` modifier)
      const rec: Rec = { role: r.role, kind: caps.kind !== undefined ? this.name(caps.kind) : r.kind, caps };
      const subject = caps[subjectOf(r.role)];
      if (subject === undefined) return;
      const role = r.role;
      if (role === 'decl.narrow') push(this.narrowAt, subject, rec);
      else if (role === 'decl.implicit') this.implicitAt.set(subject, rec);
      else if (role === 'decl.receiver') this.receiverAt.set(subject, rec);
      else if (role === 'decl.builder') this.builderAt.set(subject, rec);
      else if (role === 'cond.defined' || role === 'cond.undefined') push(this.condAt, subject, rec);
      else if (role === 'cond.guard') this.guards.add(subject);
      else if (role.startsWith('def.')) this.defAt.set(subject, merged(this.defAt.get(subject), rec));
      else if (role.startsWith('decl.')) this.declAt.set(subject, merged(this.declAt.get(subject), rec));
      else if (role.startsWith('expr.key')) this.keyAt.set(caps.key, rec);
      else if (role.startsWith('expr.')) {
        // the first role a node is given stands; another pattern of the same role adds its captures and kind
        const prev = this.exprAt.get(subject);
        if (!prev) this.exprAt.set(subject, rec);
        else if (prev.role === role) this.exprAt.set(subject, merged(prev, rec));
      }
      else if (role === 'type.tuple.item') push(this.tupleItems, subject, caps.item);
      else if (role === 'type.object.prop') { if (caps.name !== undefined && caps.item !== undefined) push(this.objectProps, subject, { name: caps.name, item: caps.item }); }
      else if (role.startsWith('type.')) { if (!this.typeAt.has(subject)) this.typeAt.set(subject, rec); }
      else if (role.startsWith('heritage.')) push(this.heritage, subject, rec);
      else if (role === 'annotation') push(this.annotations, subject, rec);
      else if (role === 'scope') this.scopeAt.add(subject);
      else if (role === 'id') this.idAt.add(subject);
      else if (role === 'import') this.importRecs.push(rec);
      else if (role === 'package') this.pkgRec ??= rec;
      else if (role === 'namespace') this.nsAt.set(subject, rec);
      else if (role === 'member.init') this.memberInitAt.set(subject, rec);
      else if (role === 'op' && rec.kind && (caps.object ?? caps.type) !== undefined) {
        const list = this.opAt.get(subject) ?? [];
        const prev = caps.object !== undefined ? list.findIndex((o) => o.rec.caps.object !== undefined) : -1;
        if (prev < 0) list.push({ rec, pattern });
        else if (list[prev].pattern < pattern) list[prev] = { rec, pattern };
        this.opAt.set(subject, list);
      }
    };
    if (Array.isArray(matches)) {
      for (const m of matches) {
        const caps: Record<string, number> = {};
        for (const c of m.captures) if (caps[c.name] === undefined) caps[c.name] = c.node.key;
        add(m.pattern, caps);
      }
      return;
    }
    const { buffer, names } = matches;
    for (let k = 0; k < buffer.length;) {
      const pattern = buffer[k], count = buffer[k + 1];
      const caps: Record<string, number> = {};
      for (let c = 0; c < count; c++) {
        const name = names[buffer[k + 2 + c * 2]];
        if (caps[name] === undefined) caps[name] = buffer[k + 3 + c * 2];
      }
      add(pattern, caps);
      k += 2 + count * 2;
    }
  }

  // ------------------------------------------------------------------ the walk
  private walk(): void {
    const root: Scope = { names: new Map(), parent: undefined };
    const stack: Ctx[] = [{ end: this.n, sym: -1, cls: -1, scope: root }];
    let fileNs: string | undefined;
    for (let i = 0; i < this.n; i++) {
      while (stack.length > 1 && stack[stack.length - 1].end <= i) stack.pop();
      if (this.pending.length && this.pending[0].at <= i) this.bindPending(i);
      if (this.condAt.size) {
        while (this.conds.length && this.conds[this.conds.length - 1].end <= i) this.conds.pop();
        const regions = this.condAt.get(i);
        if (regions && !this.guards.has(i)) {
          const add = regions.filter((r) => r.caps.name !== undefined).map((r) => ({ end: r.caps.stop ?? this.end(i), macro: this.name(r.caps.name), defined: r.role === 'cond.defined' }));
          // two regions from one node (an `#elif`: its own condition, and being its `#if`'s alternative): the longer first
          for (const c of add.sort((a, b) => b.end - a.end)) if (!this.conds.some((o) => o.end === c.end && o.macro === c.macro && o.defined === c.defined)) this.conds.push(c);
        }
      }
      let top = stack[stack.length - 1];
      const ns = this.nsAt.get(i);
      if (ns) {
        const name = this.dotted(ns.caps.name);
        const outer = this.nsOf(stack) ?? fileNs;
        const full = outer ? `${outer}.${name}` : name;
        this.consumeTree(ns.caps.name);
        const s = this.addSymbol(i, ns.caps.name, 'Variable', 'namespace', -1, full);
        this.symbols[s].qualifiedName = full;
        this.symbols[s].name = full;
        if (ns.caps.body !== undefined) stack.push({ end: this.end(i), sym: top.sym, cls: top.cls, scope: top.scope, ns: full });
        else fileNs = full;
        continue;
      }
      // (before a definition at the node opens its context: a field's derived calls are its type's)
      if (this.opAt.has(i)) this.opSites.push({ node: i, from: this.from(stack) });
      const def = this.defAt.get(i);
      if (def) {
        if (top.isVar) { stack.pop(); top = stack[stack.length - 1]; }
        const ctx = this.define(def, i, stack, fileNs);
        if (ctx) stack.push(ctx);
        top = stack[stack.length - 1];
      }
      // (a narrowing's scope need not be a block: Kotlin's `if (x is T) x.f()` narrows in the call alone)
      if ((this.scopeAt.has(i) || this.narrowAt.has(i)) && !def) {
        stack.push({ end: this.end(i), sym: top.sym, cls: top.cls, scope: { names: new Map(), parent: top.scope } });
        const narrow = this.narrowAt.get(i);
        if (narrow?.length === 1) this.narrow(narrow[0], stack[stack.length - 1].scope);
        const implicit = this.implicitAt.get(i);
        if (implicit) this.implicitParam(implicit, stack[stack.length - 1].scope);
        const receiver = this.receiverAt.get(i);
        if (receiver?.caps.iter !== undefined && receiver.caps.method !== undefined && this.syntax.receiverCallbacks?.has(this.name(receiver.caps.method))) {
          stack[stack.length - 1].scope.recv = receiver.caps.iter;
        } else if (receiver?.caps.type !== undefined && receiver.caps.method === undefined) {
          // a lambda whose declared type is a function type with a receiver (`val f: Ctx.() -> Unit = { … }`)
          stack[stack.length - 1].scope.recv = { type: receiver.caps.type };
        } else if (receiver?.caps.fntype !== undefined) {
          // a lambda whose declared type names an alias of a function type with a receiver (`val f: Transform<T> = { … }`)
          stack[stack.length - 1].scope.recv = { type: receiver.caps.fntype, fn: true };
        } else {
          const builder = this.builderAt.get(i);
          // a lambda that is a declaration's value (@declared: the declared type, NominalSyntax.declaredLambdaParam)
          if (builder?.caps.declared !== undefined && this.syntax.declaredLambdaParam) stack[stack.length - 1].scope.declared = builder.caps.declared;
          else if (builder?.caps.assigned !== undefined && this.syntax.declaredLambdaParam) {
            // a lambda assigned to a variable declared before (@assigned: its name; kind `field`: written through
            // `this.`): a local's declared type, else the enclosing class's field's
            const top = stack[stack.length - 1];
            const name = this.name(builder.caps.assigned);
            const b = builder.kind === 'field' ? undefined : lookup(top.scope, name);
            if (b !== undefined && bindsLocal(b)) top.scope.declared = { local: bindingIndex(b) };
            else if (b === undefined && top.cls >= 0) top.scope.declared = { field: name, cls: top.cls };
          } else if (builder?.caps.call !== undefined) {
            // a lambda among the arguments (`convert({ … }, x)`): the parameter at its position
            const arg = builder.caps.args !== undefined ? this.position(builder.caps.args, i) : undefined;
            stack[stack.length - 1].scope.builder = arg === undefined || arg < 0 ? { call: builder.caps.call } : { call: builder.caps.call, arg };
            if (!stack[stack.length - 1].scope.names.has(this.syntax.implicitParam ?? '')) this.builderParam(i, stack[stack.length - 1].scope);
          }
        }
      }
      top = stack[stack.length - 1];
      const decl = this.declAt.get(i);
      if (decl) {
        const ctx = this.declare(decl, i, stack, fileNs);
        if (ctx) stack.push(ctx);
        continue;
      }
      const mi = this.memberInitAt.get(i);
      if (mi) this.memberInit(mi, stack);
      const ex = this.exprAt.get(i);
      if (ex) this.expression(ex, i, stack);
      if (this.consumed[i]) continue;
      if (this.keyAt.has(i)) { this.refSites.push({ node: i, kind: 'key', from: this.from(stack) }); continue; }
      if (this.idAt.has(i)) {
        let b = lookup(top.scope, this.name(i));
        if (b !== undefined && this.pathHeads.has(i) && bindsLocal(b) && !this.tparams.includes(bindingIndex(b))) b = undefined; // (`A::size()` of a type parameter A stays)
        if (b !== undefined) this.binding.set(i, b);
        else { this.refSites.push({ node: i, kind: 'value', from: this.from(stack) }); this.noteReceivers(i, top.scope); }
        continue;
      }
      const ty = this.typeAt.get(i);
      if (ty) this.typeName(ty, i, stack);
    }
  }

  /** Locals declared with a value, bound once the walk is past it (in the order their values end). */
  private readonly pending: Array<{ at: number; scope: Scope; name: string; b: Binding }> = [];

  /** Keeps `pending` ordered by where each binding starts (the first is the next due). */
  private defer(p: { at: number; scope: Scope; name: string; b: Binding }): void {
    let k = this.pending.length;
    while (k > 0 && this.pending[k - 1].at > p.at) k--;
    this.pending.splice(k, 0, p);
  }

  private bindPending(i: number): void {
    let k = 0;
    while (k < this.pending.length && this.pending[k].at <= i) { const p = this.pending[k++]; p.scope.names.set(p.name, p.b); }
    this.pending.splice(0, k);
  }

  /** The symbol calls and references at this point are made from: the innermost definition's. */
  private from(stack: Ctx[]): number {
    return stack[stack.length - 1].sym;
  }

  private nsOf(stack: Ctx[]): string | undefined {
    for (let k = stack.length - 1; k >= 0; k--) if (stack[k].ns !== undefined) return stack[k].ns;
    return undefined;
  }

  /** A definition: its symbol, and the context its span opens. */
  /** Whether a type parameter list (its children's `name` fields) declares `name`. */
  private namesTypeParam(list: number, name: string): boolean {
    for (let c = this.t.firstChild(list); c >= 0; c = this.t.next[c]) {
      for (let n = this.t.firstChild(c); n >= 0; n = this.t.next[n]) if (this.t.field[n] !== undefined && this.fieldName[this.t.field[n]] === 'name' && this.name(n) === name) return true;
    }
    return false;
  }

  private define(def: Rec, node: number, stack: Ctx[], fileNs: string | undefined): Ctx | undefined {
    const top = stack[stack.length - 1];
    const base = DEF_ROLES[def.role];
    const nameNode = def.caps.name;
    if (!base || nameNode === undefined) return undefined;
    // a type named by one of its own declaration's type parameters (@tparams) is none: Rust's blanket impls
    if (def.caps.tparams !== undefined && this.namesTypeParam(def.caps.tparams, this.name(nameNode))) {
      // (its `self` is a value of that parameter, whose bounds' methods `self.foo()` calls)
      const body = def.caps.body;
      if (body !== undefined) this.blankets.push({ from: body, to: this.end(body), cls: stack[stack.length - 1].cls, type: nameNode });
      return undefined;
    }
    let parent = this.container(stack);
    // a property declared in a constructor's parameter list (PHP's promoted parameters) is its class's
    const promoted = base.label === 'Property' && parent >= 0 && this.symbols[parent].kind === 'constructor';
    if (promoted) parent = this.symbols[parent].parent;
    const parentLabel = parent >= 0 ? this.symbols[parent].label : undefined;
    let label: SymbolLabel = base.label;
    let kind = def.kind ?? base.kind;
    if (label === 'Function' && parentLabel && CLASS_LIKE.has(parentLabel)) { label = 'Method'; if (!def.kind) kind = 'method'; }
    if (label === 'Variable' && parentLabel && CLASS_LIKE.has(parentLabel)) { label = 'Property'; if (!def.kind) kind = 'field'; }
    this.consumed[nameNode] = 1;
    let qualified: string | undefined;
    const recv = def.caps.recv;
    if (recv !== undefined && parent < 0) {
      const recvName = this.typeBaseName(recv);
      if (recvName) qualified = `${recvName}.${this.name(nameNode)}`;
      // C++'s `A::f` declarator: the receiver and the name, no reference of their own
      if (this.t.parent[nameNode] >= 0 && this.exprAt.get(this.t.parent[nameNode])?.role === 'expr.path') this.consumeTree(this.t.parent[nameNode]);
    }
    const s = this.addSymbol(node, nameNode, label, kind, parent, qualified);
    const sym = this.symbols[s];
    const x = this.extraOf(s);
    const ns = this.nsOf(stack) ?? fileNs;
    if (ns !== undefined && parent < 0) x.ns = ns;
    if (this.conds.length) x.conds = this.conds.map((c) => ({ macro: c.macro, defined: c.defined }));
    if (recv !== undefined) x.recv = this.lazyType(recv);
    if (def.caps.payload !== undefined) {
      const items: Expr[] = [];
      for (let c = this.t.firstChild(def.caps.payload); c >= 0; c = this.t.next[c]) if (this.t.field[c] !== undefined && this.fieldName[this.t.field[c]] === 'type') items.push(this.lazyType(c));
      if (items.length) x.payload = items;
    }
    if (def.caps.self !== undefined) x.self = this.lazyType(def.caps.self);
    if (def.caps.explicit !== undefined) x.explicit = true;
    if (def.caps.type !== undefined) sym.type = this.lazyType(def.caps.type);
    if (def.caps.returns !== undefined) sym.returns = this.lazyType(def.caps.returns);
    // a doc comment's type where the declaration writes none, or one that names no class (`array` of `@var User[]`)
    if ((label === 'Function' || label === 'Method') && this.syntax.docTypes) {
      const t = this.docTypesAt(node)?.returns;
      if (t) this.docFallbacks.push({ sym, key: 'returns', t });
    }
    if ((label === 'Property' || label === 'Variable') && this.syntax.docTypes) {
      const d = this.docTypesAt(node);
      const t = d?.vars[`$${this.name(nameNode)}`] ?? d?.var;
      if (t) this.docFallbacks.push({ sym, key: 'type', t });
    }
    if (def.caps.value !== undefined) {
      sym.init = this.lazyExpr(def.caps.value);
      const v = this.exprAt.get(def.caps.value);
      if (v?.role === 'expr.lit' && !v.kind) this.nullInit.add(sym);
    }
    for (const h of this.heritage.get(node) ?? []) {
      const t = this.lazyType(h.caps.type);
      if (h.role === 'heritage.extends') (sym.extends ??= []).push(t);
      else if (h.role === 'heritage.implements') (sym.implements ??= []).push(t);
      else if (h.role === 'heritage.embed') (x.embeds ??= []).push(t);
      else if (h.role === 'heritage.mixin') (x.mixins ??= []).push(t);
      else if (h.role === 'heritage.static') (x.statics ??= []).push(t);
      else (x.bases ??= []).push(t);
      this.refSites.push({ node: h.caps.type, kind: 'type', from: s });
      this.consumeTree(h.caps.type);
    }
    for (const a of this.annotations.get(node) ?? []) {
      const arg = a.caps.arg !== undefined ? this.stringOf(a.caps.arg) : undefined;
      (x.ann ??= []).push(arg !== undefined ? { name: this.dotted(a.caps.name), arg } : { name: this.dotted(a.caps.name) });
    }
    const isClass = CLASS_LIKE.has(label);
    const scope: Scope = promoted ? top.scope
      : { names: new Map(), parent: isClass && parentLabel && CLASS_LIKE.has(parentLabel) ? this.nestedTypeScope(stack, parent) : top.scope };
    const body = def.caps.body;
    const ctx: Ctx = { end: this.end(node), sym: s, cls: isClass ? s : top.cls, scope };
    if (label === 'Function' || label === 'Method') {
      x.arity = [0, 0];
      if (this.syntax.labels) { x.labels = []; x.optional = []; }
      ctx.paramsFrom = this.t.end[nameNode];
      ctx.paramsTo = body !== undefined ? this.t.start[body] : this.t.end[node];
      // a result written after the parameters ends them: Go's named results (`(res T, err error)`) and the
      // parameters of a function type the declaration returns are locals, no parameters a call gives
      const result = def.caps.returns;
      if (result !== undefined && this.t.start[result] >= ctx.paramsFrom && this.t.start[result] < ctx.paramsTo) ctx.paramsTo = this.t.start[result];
    }
    if (label === 'Property' || label === 'Variable') ctx.isVar = true;
    return ctx;
  }

  /**
   * The scope a type declared in another type's body sees: the enclosing type's type parameters, not its other locals
   * (a primary constructor's parameters, Kotlin's `class A(builder: B)`, are no names of a nested class's body).
   */
  private nestedTypeScope(stack: Ctx[], outer: number): Scope {
    const k = stack.findIndex((c) => c.sym === outer);
    if (k < 0) return stack[stack.length - 1].scope;
    const outerScope = stack[k].scope;
    const names = new Map<string, Binding>();
    const seen = new Set<string>();
    for (let sc: Scope | undefined = stack[stack.length - 1].scope; sc; sc = sc.parent) {
      for (const [name, b] of sc.names) {
        if (seen.has(name)) continue;
        seen.add(name);
        if (bindsLocal(b) && this.tparams.includes(bindingIndex(b))) names.set(name, b);
      }
      if (sc === outerScope) break;
    }
    return { names, parent: outerScope.parent };
  }

  /** The symbol new definitions are members of: the innermost class-like or function symbol around (-1: the file). */
  private container(stack: Ctx[]): number {
    for (let k = stack.length - 1; k > 0; k--) {
      const s = stack[k].sym;
      if (s < 0) continue;
      const l = this.symbols[s].label;
      if (CLASS_LIKE.has(l) || l === 'Function' || l === 'Method') return s;
    }
    return -1;
  }

  private addSymbol(node: number, nameNode: number, label: SymbolLabel, kind: string, parent: number, qualified?: string): number {
    const s = this.symbols.length;
    const name = this.name(nameNode);
    const t = this.t;
    const mods = wordsBefore(this.text, t.start[node], t.start[nameNode]);
    const parentSym = parent >= 0 ? this.symbols[parent] : undefined;
    const sym: SymbolFact = {
      name, label, kind,
      line: t.rowOf(t.start[node]) + 1,
      endLine: t.rowOf(Math.max(t.start[node], t.end[node] - 1)) + 1,
      at: this.pos(nameNode),
      parent,
      qualifiedName: qualified ?? (parentSym ? `${parentSym.qualifiedName}.${name}` : name),
      exported: this.syntax.exported(name, mods, { label, parentLabel: parentSym?.label, parentKind: parentSym?.kind, parentExported: parentSym ? parentSym.exported : true }),
    };
    if (mods.some((w) => this.syntax.staticWords.has(w))) sym.isStatic = true;
    const sig = signatureOf(this.text, t.start[node], this.bodyStart(node), t.end[node]);
    if (sig) sym.signature = sig;
    const doc = docBefore(this.text, t.start[node], this.syntax.comments, this.syntax.leadWords);
    if (doc) sym.doc = doc;
    this.symbols.push(sym);
    if (mods.length) this.extraOf(s).mods = mods;
    this.symOfDef.set(node, s);
    this.defNodeOf.set(s, node);
    return s;
  }

  private bodyStart(node: number): number {
    const d = this.defAt.get(node);
    const body = d?.caps.body;
    return body !== undefined ? this.t.start[body] : -1;
  }

  private extraOf(s: number): NominalSymbol {
    return (this.extra[s] ??= {});
  }

  /** A declaration: a local in the current scope, or a symbol at file or class level (`decl.var`). */
  private declare(d: Rec, nameNode: number, stack: Ctx[], fileNs: string | undefined): Ctx | undefined {
    let top = stack[stack.length - 1];
    this.consumed[nameNode] = 1;
    const name = this.name(nameNode);
    if (d.role === 'decl.var') {
      // a variable at file level or in a class body is a symbol; in a function, a local
      const container = this.container(stack);
      const cl = container >= 0 ? this.symbols[container].label : undefined;
      if (cl === undefined || CLASS_LIKE.has(cl)) {
        if (top.isVar) { stack.pop(); top = stack[stack.length - 1]; }
        const rec: Rec = { role: 'def.var', kind: d.kind, caps: { ...d.caps, def: d.caps.def ?? nameNode } };
        const ctx = this.define(rec, rec.caps.def, stack, fileNs);
        if (ctx) {
          const s = ctx.sym;
          const values = d.caps.values;
          if (values !== undefined && this.symbols[s].init === undefined) {
            const v = this.parallelValue(nameNode, values);
            if (v) this.symbols[s].init = v;
          }
          this.symOfDef.set(nameNode, s);
        }
        return ctx;
      }
    }
    if (d.role === 'decl.param') {
      // a parameter of the definition whose parameter list the walk is in
      for (let k = stack.length - 1; k > 0; k--) {
        const c = stack[k];
        if (c.paramsFrom === undefined) continue;
        const at = this.t.start[nameNode];
        if (at >= c.paramsFrom && at < c.paramsTo!) {
          const x = this.extraOf(c.sym);
          const arity = x.arity ??= [0, 0];
          const sym = this.symbols[c.sym];
          if (d.kind === 'rest') { arity[1] = -1; x.rest = sym.params?.length ?? 0; }
          else {
            if (arity[1] >= 0) arity[1]++;
            if (d.caps.value === undefined) arity[0]++;
          }
          if (d.kind === 'this') x.ext = true;
          // (@dims: brackets written after the name, Java's `byte b[]`: an array of the type)
          const ty = d.caps.type !== undefined ? this.lazyType(d.caps.type) : null;
          (sym.params ??= []).push(ty && d.caps.dims !== undefined ? { k: 'array', of: ty } : ty);
          if (x.labels) {
            const label = this.name(d.caps.label ?? nameNode);
            x.labels.push(label === '_' ? '' : label);
            x.optional!.push(d.caps.value !== undefined || d.kind === 'rest');
          }
        }
        break;
      }
    }
    const l = this.locals.length;
    this.locals.push({ name });
    const v: NominalCollector['localValue'][number] = {};
    if (this.syntax.docTypes) v.doc = this.docTypeOfLocal(d, nameNode, name, stack);
    if (d.caps.type !== undefined) { v.type = d.caps.type; if (d.kind === 'rest' || d.caps.dims !== undefined) v.rest = true; }
    if (d.caps.value !== undefined) v.value = d.caps.value;
    if (d.kind === 'out' && d.caps.call !== undefined && d.caps.arg !== undefined) v.out = { call: d.caps.call, arg: d.caps.arg };
    if (d.kind === 'callback') {
      // a lambda's parameter: an element of the receiver, or the receiver, by the method it is handed to
      // (@params: the lambda's parameter list, where it has one, `(k, v) -> …`: this one's place in it)
      const params = d.caps.params !== undefined ? { at: this.position(d.caps.params, nameNode), of: this.argCount(d.caps.params)! } : undefined;
      const cb = d.caps.iter !== undefined && d.caps.method !== undefined ? this.callbackValue(this.name(d.caps.method), d.caps.iter, params) : undefined;
      if (cb) Object.assign(v, cb);
    } else if (d.caps.iter !== undefined) {
      v.iter = d.caps.iter;
      if (d.kind === 'key') v.iterKey = true;
      // a name an option's pattern binds (Rust's `if let Some(x) = v`, kind `some`): the value's element, or the value
      else if (d.kind === 'some') v.some = true;
      // a loop that takes each element as iterated: a map gives its entries (C#'s KeyValuePair), not its values
      else if (d.kind === 'each') v.each = true;
    }
    // a parameter of a lambda handed to a call, written without a type: the called function's parameter type's (NominalSyntax.lambdaParamTypes)
    const builder = top.scope.builder;
    if (top.scope.declared !== undefined && d.role === 'decl.param' && d.caps.type === undefined) {
      // (its place among the lambda's parameters: `(a, b) -> …`'s list, or the lambda itself for `t -> …`)
      this.declaredParams.push({ l, type: top.scope.declared, param: this.position(this.t.parent[nameNode], nameNode) });
    } else if (builder && this.syntax.lambdaParamTypes && (d.role === 'decl.param' || d.kind === 'callback')) {
      let param = (top.scope.params = (top.scope.params ?? 0) + 1) - 1;
      // (where the lambda's parameter list is a node of its own, the name's place in it: a destructured parameter,
      // Kotlin's `{ (k, v), x -> … }`, declares no parameter of that count)
      const list = this.syntax.lambdaParams !== undefined ? this.t.parent[this.t.parent[nameNode]] : -1;
      if (list >= 0 && this.names.typeName(this.t.type[list]) === this.syntax.lambdaParams) param = this.position(list, nameNode);
      if (d.caps.type === undefined && v.iter === undefined && v.value === undefined) this.builderParams.push({ l, b: builder, param });
    }
    if (d.caps.values !== undefined) v.tuple = { values: d.caps.values, at: nameNode };
    // `let (a, b) = f()?` (@items: the tuple pattern, @whole: its value; `for (k, v) in pairs`, @iter: each element's):
    // the part at the name's position (a tuple struct pattern's path, `Ast::Literal(x)`, or the value's node is no item)
    const whole = d.caps.whole ?? d.caps.iter;
    if (whole !== undefined && d.caps.items !== undefined) v.part = { whole, at: this.position(d.caps.items, nameNode, whole) };
    // `let S { a, b: c } = x` (@of: the value, @field: the field a name binds other than its own): x's field
    if (d.caps.of !== undefined) v.field = { of: d.caps.of, name: d.caps.field ?? nameNode };
    this.localValue.push(v);
    if (d.role === 'decl.typeparam') {
      this.tparams.push(l);
      // a type's own parameters, in order: what `Box<User>`'s arguments bind (a method's own are its business)
      const owner = top.sym >= 0 ? this.symbols[top.sym] : undefined;
      if (owner && (CLASS_LIKE.has(owner.label) || owner.label === 'TypeAlias')) (owner.typeParams ??= []).push(l);
      // a method's own count: explicit type arguments at a call pick among its overloads by it
      else if (owner && (owner.label === 'Method' || owner.label === 'Function')) { const x = this.extraOf(top.sym); x.tparams = (x.tparams ?? 0) + 1; }
    }
    // Go's `a, err := f()` declares only the names the scope does not have yet
    if (d.kind === 'redeclare' && top.scope.names.has(name)) { this.locals.pop(); this.localValue.pop(); return undefined; }
    // a name is in scope once its value is read (`t := t.Option()` reads the t declared before; so does a loop's
    // collection, `for _, e := range e.Args`)
    const value = d.caps.value ?? d.caps.values ?? d.caps.whole ?? d.caps.of ?? d.caps.iter;
    if (value !== undefined && this.t.start[value] > this.t.start[nameNode]) this.defer({ at: this.end(value), scope: top.scope, name, b: localBinding(l) });
    else top.scope.names.set(name, localBinding(l));
    return undefined;
  }

  /**
   * `this.name = value` in a method: the first such value is the initialiser of the enclosing class's property
   * `name` when the property declares neither a type nor a value (PHP's untyped properties set by the constructor).
   */
  private memberInit(r: Rec, stack: Ctx[]): void {
    const cls = stack[stack.length - 1].cls;
    if (cls < 0 || r.caps.name === undefined || r.caps.value === undefined) return;
    const name = this.name(r.caps.name);
    for (let s = cls + 1; s < this.symbols.length; s++) {
      const sym = this.symbols[s];
      // the class's symbols follow it; a symbol outside it ends them
      if (sym.parent < cls) return;
      if (sym.parent !== cls || sym.name !== name || sym.label !== 'Property') continue;
      if (sym.type === undefined && (sym.init === undefined || this.nullInit.has(sym)) && !this.docFallbacks.some((d) => d.sym === sym)) {
        sym.init = this.lazyExpr(r.caps.value);
        this.nullInit.delete(sym);
      }
      return;
    }
  }

  private readonly docMemo = new Map<number, DocTypes | undefined>();
  /** Properties whose declared value is a bare literal without a type (`= null`): an assignment through `this` says more. */
  private readonly nullInit = new Set<SymbolFact>();
  private readonly docFallbacks: Array<{ sym: SymbolFact; key: 'returns' | 'type'; t: DocType }> = [];
  /** The types the doc comment right before a node declares (memoised by the node's start). */
  private docTypesAt(node: number): DocTypes | undefined {
    const at = this.t.start[node];
    if (this.docMemo.has(at)) return this.docMemo.get(at);
    const block = this.syntax.comments.block;
    const c = block ? blockCommentBefore(this.text, at, block) : undefined;
    const d = c !== undefined ? this.syntax.docTypes!(c) : undefined;
    this.docMemo.set(at, d);
    return d;
  }

  /**
   * A parameter's type from its function's doc comment (`@param User $u`), or a local's from the doc comment before
   * the statement declaring it (`/** @var User $u *\/ $u = …;`).
   */
  private docTypeOfLocal(d: Rec, nameNode: number, name: string, stack: Ctx[]): DocType | undefined {
    if (d.role === 'decl.param') {
      for (let k = stack.length - 1; k > 0; k--) {
        const c = stack[k];
        if (c.paramsFrom === undefined) continue;
        const def = this.defNodeOf.get(c.sym);
        return def === undefined ? undefined : this.docTypesAt(def)?.params[name];
      }
      return undefined;
    }
    if (d.role !== 'decl.local') return undefined;
    // the statement around the declaration: the outermost node starting where the declaration's expression does
    let n = this.t.parent[nameNode];
    while (n >= 0 && this.t.parent[n] >= 0 && this.t.start[this.t.parent[n]] === this.t.start[n]) n = this.t.parent[n];
    const doc = n >= 0 ? this.docTypesAt(n) : undefined;
    return doc?.vars[name] ?? doc?.var;
  }

  /** A name of a narrower type inside a scope: a local of that name and type there, shadowing the outer one. */
  private narrow(r: Rec, scope: Scope): void {
    if (r.caps.name === undefined || r.caps.type === undefined) return;
    const l = this.locals.length;
    this.locals.push({ name: this.name(r.caps.name) });
    this.localValue.push({ type: r.caps.type });
    scope.names.set(this.name(r.caps.name), localBinding(l));
  }

  /**
   * A lambda's implicit parameter (Kotlin's `it`) where the lambda is the argument of a method that hands it the
   * elements of its receiver (`users.forEach { it.save() }`): an element of the receiver.
   */
  private implicitParam(r: Rec, scope: Scope): void {
    // (kind `catch`: a `catch` without a pattern, which binds NominalSyntax.catchBinding)
    const c = r.kind === 'catch' ? this.syntax.catchBinding : undefined;
    if (c) { this.locals.push({ name: c.name, type: { k: 'id', name: c.type } }); this.localValue.push({}); scope.names.set(c.name, localBinding(this.locals.length - 1)); }
    const name = this.syntax.implicitParam;
    if (!name || r.caps.iter === undefined || r.caps.method === undefined) return;
    const v = this.callbackValue(this.name(r.caps.method), r.caps.iter);
    if (!v) return;
    const l = this.locals.length;
    this.locals.push({ name });
    this.localValue.push(v);
    scope.names.set(name, localBinding(l));
  }

  /**
   * A lambda handed to a call with no parameter list of its own: its implicit parameter (Kotlin's `it`) is the first
   * parameter of the function type the called function's parameter there declares (`parse: (List<String>) -> Unit`).
   */
  private builderParam(lambda: number, scope: Scope): void {
    const name = this.syntax.implicitParam;
    const b = scope.builder;
    if (!name || !b || !this.syntax.lambdaParams) return;
    if (this.hasParamList(lambda)) return;
    const names = this.syntax.implicitParams;
    this.implicitNames ??= names ? new ImplicitParams(this.text, names) : undefined;
    for (const param of [0, ...(this.implicitNames?.used(this.t.start[lambda], this.t.end[lambda]) ?? [])]) {
      const l = this.locals.length;
      this.locals.push({ name: param ? names![param - 1] : name });
      this.localValue.push({});
      this.builderParams.push({ l, b, param });
      scope.names.set(param ? names![param - 1] : name, localBinding(l));
    }
  }
  private implicitNames?: ImplicitParams;

  /** Whether a lambda writes a parameter list (NominalSyntax.lambdaParams), as its child or inside one (Swift's `lambda_function_type`). */
  private hasParamList(lambda: number): boolean {
    for (let c = this.t.firstChild(lambda); c >= 0; c = this.t.next[c]) {
      if (this.names.typeName(this.t.type[c]) === this.syntax.lambdaParams) return true;
      for (let g = this.t.firstChild(c); g >= 0; g = this.t.next[g]) if (this.names.typeName(this.t.type[g]) === this.syntax.lambdaParams) return true;
    }
    return false;
  }

  /** A receiver lambda's receiver: its object's value, or what the call it is handed to gives it (`builder`). */
  private recvExpr(r: Receiver): Expr {
    if (typeof r === 'number') return this.expr(r);
    if ('type' in r) return r.fn ? { k: 'as', type: this.typeExpr(r.type), recv: true } : { k: 'as', type: this.typeExpr(r.type) };
    const key = r.call * 64 + (r.arg ?? 63);
    let e = this.builderExprs.get(key);
    // `f(a) { … }`: the call is the inner one, which counts the trailing lambda
    const first = this.t.firstChild(r.call);
    const call = !this.exprAt.has(r.call) && first >= 0 && this.exprAt.get(first)?.kind === 'trailing' ? first : r.call;
    if (!e) {
      let ce = this.expr(call);
      // a constructor's lambda argument (C#'s `new Foo(x => x.Bar())`): the count picks the constructor
      const argc = ce.k === 'new' ? this.argCount(this.exprAt.get(call)?.caps.args) : undefined;
      if (ce.k === 'new' && argc !== undefined) ce = { ...ce, argc };
      this.builderExprs.set(key, (e = r.arg === undefined ? { k: 'builder', call: ce } : { k: 'builder', call: ce, arg: r.arg }));
    }
    return e;
  }

  /** The local recvRef gave each receiver, by the receiver's node (and argument, for a lambda handed to a call). */
  private readonly recvLocals = new Map<string, number>();

  /**
   * A receiver as a free name or `this` inside its lambda names it: its value when a leaf (`this`, a name), else a
   * name bound to a local holding its value, one per receiver. Written in place, the receivers of each level of
   * nested receiver lambdas would hold those around them again, and the stored facts (JSON: a tree) would grow
   * fourfold per level of `A().apply { g().also { … } }`; through a local each is written once.
   */
  private recvRef(r: Receiver): Expr {
    const key = typeof r === 'number' ? `n${r}` : 'type' in r ? `t${r.type}` : `c${r.call}:${r.arg ?? ''}`;
    let l = this.recvLocals.get(key);
    if (l === undefined) {
      const e = this.recvExpr(r);
      if (e.k === 'this' || e.k === 'super' || e.k === 'as' || (e.k === 'id' && !e.recv)) return e;
      l = this.locals.length;
      this.recvLocals.set(key, l);
      this.locals.push({ name: 'this', init: e });
      this.localValue.push({});
    }
    return { k: 'id', name: 'this', b: localBinding(l) };
  }

  /** Records the receivers of the receiver lambdas around `node` (innermost first), if it is inside any. */
  private noteReceivers(node: number, scope: Scope): void {
    let out: Receiver[] | undefined;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.recv !== undefined) (out ??= []).push(s.recv);
      else if (s.builder !== undefined && !this.syntax.plainLambdas) (out ??= []).push(s.builder);
    }
    if (out) this.implicitRecv.set(node, out);
  }

  /**
   * What a callback's parameter is, by the method it is handed to: an element of the receiver, the receiver, unknown;
   * for a lambda of two parameters (`params`: this one's place and their count), a map's key and value or two
   * elements (NominalSyntax.pairCallbacks).
   */
  private callbackValue(method: string, recv: number, params?: { at: number; of: number }): { iter: number; each?: true; iterKey?: true } | { value: number } | undefined {
    if (params && params.of === 2) {
      const pair = this.syntax.pairCallbacks?.get(method);
      if (pair) return pair[params.at] === 'key' ? { iter: recv, iterKey: true } : { iter: recv };
    }
    if (params && params.at > 0) return undefined;
    if (this.syntax.elementCallbacks?.has(method)) return { iter: recv, each: true };
    if (this.syntax.selfCallbacks?.has(method)) return { value: recv };
    return undefined;
  }

  /** A call, `new` or `this`: the call site, and the callee's name taken as the call's (no reference of its own). */
  private expression(ex: Rec, node: number, stack: Ctx[]): void {
    const role = ex.role;
    if (role === 'expr.member' && ex.kind === 'path' && ex.caps.object !== undefined) this.pathHeads.add(ex.caps.object);
    if (role === 'expr.this' || role === 'expr.super') {
      const cls = stack[stack.length - 1].cls;
      this.thisCls.set(node, cls);
      if (role === 'expr.this') this.noteReceivers(node, stack[stack.length - 1].scope);
      for (let i = this.blankets.length - 1; role === 'expr.this' && i >= 0; i--) {
        const b = this.blankets[i];
        if (b.cls === cls && node >= b.from && node < b.to) { this.thisType.set(node, b.type); break; }
      }
      return;
    }
    if (role === 'expr.call' || role === 'expr.new') {
      this.callSites.push({ node, from: this.from(stack) });
      const c = ex.caps;
      if (c.callee !== undefined) {
        this.consumed[c.callee] = 1;
        const inner = this.exprAt.get(c.callee);
        if (inner?.role === 'expr.member' && inner.caps.name !== undefined) this.consumed[inner.caps.name] = 1;
        if (inner?.role === 'expr.path') this.consumeTree(c.callee);
        if (this.idAt.has(c.callee)) {
          const b = lookup(stack[stack.length - 1].scope, this.name(c.callee));
          if (b !== undefined) this.binding.set(c.callee, b);
          else this.noteReceivers(c.callee, stack[stack.length - 1].scope);
        }
      }
      if (c.name !== undefined) {
        this.consumed[c.name] = 1;
        if (c.object === undefined && !this.syntax.methodNamespace) {
          const b = lookup(stack[stack.length - 1].scope, this.name(c.name));
          if (b !== undefined) this.binding.set(c.name, b);
          else this.noteReceivers(c.name, stack[stack.length - 1].scope);
        }
      }
      // a declared variable's type stays a reference of its own: where no constructor of it runs, nothing else names it
      if (c.type !== undefined && ex.kind !== 'declared') this.consumeTypeName(c.type);
      return;
    }
    if (role === 'expr.path' && !this.consumed[node]) {
      this.refSites.push({ node, kind: this.typeAt.has(node) && !this.idAt.has(this.pathLast(node)) ? 'type' : 'value', from: this.from(stack) });
      this.consumeTree(node);
      return;
    }
    if (role === 'expr.member' && ex.caps.name !== undefined && !this.consumed[node]) {
      this.consumed[ex.caps.name] = 1;
      this.refSites.push({ node, kind: 'value', from: this.from(stack) });
    }
  }

  /** A type written somewhere: a reference to what it names (a qualified one once, at its last name). */
  private typeName(ty: Rec, node: number, stack: Ctx[]): void {
    if (ty.role === 'type.name') {
      const name = this.name(node);
      const b = lookup(stack[stack.length - 1].scope, name);
      if (b !== undefined) { this.binding.set(node, b); return; }
      if (this.syntax.builtinTypes?.has(name)) return;
      this.refSites.push({ node, kind: 'type', from: this.from(stack) });
      return;
    }
    if (ty.role === 'type.qualified' || (ty.role === 'type.generic' && ty.caps.qualifier !== undefined)) {
      this.refSites.push({ node, kind: 'type', from: this.from(stack) });
      if (ty.caps.name !== undefined) this.consumed[ty.caps.name] = 1;
    }
  }

  /** Marks the name a type node is referred to by as no reference of its own (the call or heritage records it). */
  private consumeTypeName(node: number): void {
    this.consumed[node] = 1;
    const ty = this.typeAt.get(node);
    if (ty?.role === 'type.generic' && ty.caps.name !== undefined) this.consumeTypeName(ty.caps.name);
    else if (ty?.role === 'type.qualified' && ty.caps.name !== undefined) this.consumed[ty.caps.name] = 1;
    else if (ty?.role === 'type.wrap' && ty.caps.inner !== undefined) this.consumeTypeName(ty.caps.inner);
    else if (ty?.role === 'type.path') this.consumeTree(node);
  }

  /** Marks a whole subtree's names as no references of their own (a namespace's name). */
  private consumeTree(node: number): void {
    const end = this.end(node);
    for (let i = node; i < end; i++) this.consumed[i] = 1;
  }

  // ------------------------------------------------------------------ shapes
  /** A node's value shape (memoised). */
  expr(node: number): Expr {
    let e = this.memo.get(node);
    if (e) return e;
    this.memo.set(node, OTHER);
    e = this.exprUncached(node);
    this.memo.set(node, e);
    return e;
  }

  private exprUncached(node: number): Expr {
    const ex = this.exprAt.get(node);
    if (ex) {
      const c = ex.caps;
      switch (ex.role) {
        case 'expr.member': return c.object !== undefined && c.name !== undefined ? { k: 'member', obj: this.expr(c.object), name: this.name(c.name) } : OTHER;
        case 'expr.call': {
          const callee = this.calleeOf(c);
          const out: Expr & { k: 'call' } = { k: 'call', callee };
          const argc = this.argCount(c.args);
          // a trailing lambda written after the parentheses is one argument more (as at the call site)
          if (argc !== undefined) out.argc = ex.kind === 'trailing' ? argc + 1 : argc;
          else if (ex.kind === 'infix' && c.arg !== undefined) out.argc = 1;
          // a free name's call may be a builtin whose result its arguments give (`new(T)`, `append(xs, x)`)
          if (callee.k === 'id' && callee.b === undefined && argc) out.args = this.firstArgs(c.args!, 2);
          return out;
        }
        case 'expr.new': return c.type !== undefined ? { k: 'new', callee: this.typeExpr(c.type) } : OTHER;
        // an operator that calls a method of its left operand (Kotlin's `a / b`, `a.div(b)`; kind: the method) with
        // its right one (@arg): its value is that call's, and it is no call site (no name of the method is written there)
        case 'expr.op': {
          if (c.object === undefined || !ex.kind) return OTHER;
          const out: Expr & { k: 'call' } = { k: 'call', callee: { k: 'member', obj: this.expr(c.object), name: ex.kind } };
          if (c.arg !== undefined) out.args = [this.expr(c.arg)];
          return out;
        }
        case 'expr.this': {
          // a qualified `this` (Java's `Outer.this`): the enclosing instance of the class it names
          if (c.type !== undefined) return { k: 'as', type: this.typeExpr(c.type) };
          // inside a receiver lambda `this` is its receiver
          const recv = this.implicitRecv.get(node);
          if (recv) return this.recvRef(recv[0]);
          const blanket = this.thisType.get(node);
          return blanket !== undefined ? { k: 'as', type: this.typeExpr(blanket) } : { k: 'this', cls: this.thisCls.get(node) ?? -1 };
        }
        case 'expr.super': return c.type !== undefined ? { k: 'super', cls: this.thisCls.get(node) ?? -1, named: this.typeExpr(c.type) } : { k: 'super', cls: this.thisCls.get(node) ?? -1 };
        case 'expr.cast': return c.type !== undefined ? { k: 'as', type: this.typeExpr(c.type) } : OTHER;
        case 'expr.wrap': return c.inner !== undefined ? this.expr(c.inner) : OTHER;
        // a conditional's value (Kotlin's `if (c) a else b`): either branch's
        case 'expr.either': return c.a !== undefined && c.b !== undefined ? { k: 'union', types: [this.expr(c.a), this.expr(c.b)], either: true } : OTHER;
        // (kind `range`: a range of the elements, Rust's `&v[1..]`, is a slice of them, no element)
        case 'expr.index': return c.object === undefined ? OTHER : ex.kind === 'range' ? { k: 'element', of: this.expr(c.object), key: '(slice)' } : { k: 'element', of: this.expr(c.object), index: true };
        // what a pointer points to (Rust's `*x`): a smart pointer's element, else the value a reference reaches
        case 'expr.deref': return c.object !== undefined ? { k: 'element', of: this.expr(c.object), key: '(deref)' } : OTHER;
        case 'expr.lit': return ex.kind ? { k: 'lit', type: ex.kind } : LIT;
        // a lambda's parameter count (@params: its parameter list; kind `1`: one bare parameter) picks overloads
        case 'expr.fn': return c.params !== undefined ? { k: 'fn', n: this.argCount(c.params) } : ex.kind === '1' ? { k: 'fn', n: 1 } : { k: 'fn' };
        case 'expr.collection': return COLLECTION;
        case 'expr.path': return this.pathExpr(node, false);
        default: return OTHER;
      }
    }
    if (this.idAt.has(node)) return this.idExpr(node);
    if (this.typeAt.has(node)) return this.typeExpr(node);
    return OTHER;
  }

  private idExpr(node: number): Expr {
    const b = this.binding.get(node);
    if (b !== undefined) return { k: 'id', name: this.name(node), b };
    const recv = this.implicitRecv.get(node);
    return recv ? { k: 'id', name: this.name(node), recv: recv.map((r) => this.recvRef(r)) } : { k: 'id', name: this.name(node) };
  }

  private calleeOf(c: Record<string, number>): Expr {
    if (c.callee !== undefined) return this.expr(c.callee);
    if (c.name === undefined) return OTHER;
    if (c.object !== undefined) return { k: 'member', obj: this.expr(c.object), name: this.name(c.name) };
    return this.idExpr(c.name);
  }

  /** The shapes of the first `n` arguments of an argument list. */
  private firstArgs(args: number, n: number): Expr[] {
    const out: Expr[] = [];
    for (let a = this.t.firstChild(args); a >= 0 && out.length < n; a = this.t.next[a]) if (this.isNamed(a) && !this.isComment(a)) out.push(this.argValue(a));
    return out;
  }

  /** The number of arguments of an argument list node (its named children but comments). */
  /** Each argument's label ('' for none): the text of its child node of type `labelType`. */
  private argLabels(args: number, labelType: string): string[] {
    const out: string[] = [];
    for (let a = this.t.firstChild(args); a >= 0; a = this.t.next[a]) {
      if (!this.isNamed(a) || this.isComment(a)) continue;
      let label = '';
      for (let c = this.t.firstChild(a); c >= 0; c = this.t.next[c]) if (this.names.typeName(this.t.type[c]) === labelType) { label = this.name(c); break; }
      out.push(label === '_' ? '' : label); // `f(_:)`, a reference to the function, writes `_` for no label
    }
    return out;
  }

  private argCount(args: number | undefined): number | undefined {
    if (args === undefined) return undefined;
    let n = 0;
    for (let c = this.t.firstChild(args); c >= 0; c = this.t.next[c]) if (this.isNamed(c) && !this.isComment(c)) n++;
    return n;
  }

  /** A type node's shape. */
  typeExpr(node: number): Expr {
    let e = this.memo.get(-1 - node);
    if (e) return e;
    this.memo.set(-1 - node, OTHER);
    e = this.typeUncached(node);
    this.memo.set(-1 - node, e);
    return e;
  }

  private typeUncached(node: number): Expr {
    const ty = this.typeAt.get(node);
    if (!ty) {
      // an anonymous structure type (Go's `struct{ name string; x *Foo }`): its fields' types by name
      const props = this.objectProps.get(node);
      if (props) return { k: 'object', props: props.map((p) => ({ name: this.name(p.name), type: this.typeExpr(p.item) })) };
      if (this.idAt.has(node)) return this.idExpr(node);
      const ex = this.exprAt.get(node);
      if (ex) return this.expr(node);
      return OTHER;
    }
    const c = ty.caps;
    switch (ty.role) {
      case 'type.name': return this.idExpr(node);
      case 'type.qualified': {
        if (c.name === undefined) return OTHER;
        const obj = c.qualifier !== undefined ? this.typeExpr(c.qualifier) : OTHER;
        return { k: 'member', obj: obj.k === 'other' && c.qualifier !== undefined ? { k: 'id', name: this.dotted(c.qualifier) } : obj, name: this.name(c.name) };
      }
      case 'type.generic': {
        if (c.name === undefined) return OTHER;
        // a qualified generic whose grammar writes the names flat (Kotlin's `Outer.Inner<T>`)
        const of: Expr = c.qualifier !== undefined ? { k: 'member', obj: this.typeExpr(c.qualifier), name: this.name(c.name) } : this.typeExpr(c.name);
        const args: Expr[] = [];
        if (c.args !== undefined) {
          const skip = this.syntax.nonTypeArguments;
          for (let a = this.t.firstChild(c.args); a >= 0 && args.length < MAX_TYPE_ARGS; a = this.t.next[a]) if (this.isNamed(a) && !this.isComment(a) && !skip?.has(this.names.typeName(this.t.type[a]) ?? '')) args.push(this.typeExpr(a));
        }
        return args.length ? { k: 'generic', of, args } : of;
      }
      case 'type.array': return c.element !== undefined ? { k: 'array', of: this.typeExpr(c.element) } : OTHER;
      case 'type.map': return c.value !== undefined ? { k: 'map', of: this.typeExpr(c.value), key: c.key !== undefined ? this.typeExpr(c.key) : OTHER } : OTHER;
      case 'type.wrap': return c.inner !== undefined ? this.typeExpr(c.inner) : OTHER;
      case 'type.tuple': {
        const items = (this.tupleItems.get(node) ?? []).map((i) => this.typeExpr(i));
        return items.length === 1 ? items[0] : { k: 'list', items };
      }
      case 'type.fn': {
        const fn: Expr & { k: 'fntype' } = { k: 'fntype', returns: c.returns !== undefined ? this.typeExpr(c.returns) : OTHER };
        if (c.recv !== undefined) fn.recv = this.typeExpr(c.recv);
        // the parameters' types (a named parameter, `(argv: List<String>) -> Unit`, by its last child)
        if (c.params !== undefined) {
          const ps: Array<Expr | null> = [];
          for (let a = this.t.firstChild(c.params); a >= 0; a = this.t.next[a]) {
            if (!this.isNamed(a) || this.isComment(a)) continue;
            let t = this.typeExpr(a);
            if (t.k === 'other') { let last = -1; for (let x = this.t.firstChild(a); x >= 0; x = this.t.next[x]) if (this.isNamed(x)) last = x; if (last >= 0) t = this.typeExpr(last); }
            ps.push(t.k === 'other' ? null : t);
          }
          fn.params = ps;
        }
        return fn;
      }
      case 'type.path': return this.pathExpr(node, true);
      default: return OTHER;
    }
  }

  /** The name a type node ends in (`*pkg.List[T]` → List), for a receiver. */
  private typeBaseName(node: number): string | undefined {
    const ty = this.typeAt.get(node);
    if (!ty) return this.idAt.has(node) ? this.name(node) : undefined;
    const c = ty.caps;
    switch (ty.role) {
      case 'type.name': return this.name(node);
      case 'type.qualified': return c.name !== undefined ? this.name(c.name) : undefined;
      case 'type.generic': return c.name !== undefined ? this.typeBaseName(c.name) : undefined;
      case 'type.wrap': return c.inner !== undefined ? this.typeBaseName(c.inner) : undefined;
      case 'type.path': return this.name(this.pathLast(node));
      default: return undefined;
    }
  }

  /**
   * The segments of a path written from its outermost name (`a::b::f`, nested as a qualifier and the rest): each a
   * node naming one segment. An empty qualifier (`::f`, the global scope) gives no segment.
   */
  private pathSegments(node: number): number[] {
    const segs: number[] = [];
    for (let n = node, k = 0; k < 64; k++) {
      const r = this.exprAt.get(n)?.role === 'expr.path' ? this.exprAt.get(n) : this.typeAt.get(n)?.role === 'type.path' ? this.typeAt.get(n) : undefined;
      if (!r || r.caps.name === undefined) { segs.push(n); break; }
      if (r.caps.qualifier !== undefined) segs.push(r.caps.qualifier);
      n = r.caps.name;
    }
    return segs;
  }

  /** The node naming a path segment: a generic's (`Box<int>`) or a template function's (`f<int>`) name, else itself. */
  private segmentName(seg: number): number {
    const ty = this.typeAt.get(seg);
    if (ty?.role === 'type.generic' && ty.caps.name !== undefined) return this.segmentName(ty.caps.name);
    const ex = this.exprAt.get(seg);
    if (ex?.role === 'expr.wrap' && ex.caps.inner !== undefined && this.t.firstChild(ex.caps.inner) < 0) return ex.caps.inner;
    return seg;
  }

  /** A path as a chain of members from its first segment (`a::b::f` → a.b.f). */
  private pathExpr(node: number, asType: boolean): Expr {
    const segs = this.pathSegments(node);
    let e: Expr = OTHER;
    for (let i = 0; i < segs.length; i++) {
      const name = this.name(this.segmentName(segs[i]));
      if (i === 0) {
        const first = this.segmentName(segs[0]);
        e = asType && this.typeAt.has(first) ? this.typeExpr(first) : this.idAt.has(first) ? this.idExpr(first) : { k: 'id', name };
      } else e = { k: 'member', obj: e, name };
    }
    // `std::shared_ptr<T>`: the last segment's type arguments are the path's
    const last = segs[segs.length - 1];
    if (asType && segs.length > 1 && this.typeAt.get(last)?.role === 'type.generic') {
      const g = this.typeExpr(last);
      if (g.k === 'generic') e = { k: 'generic', of: e, args: g.args };
    }
    return e;
  }

  /** The node of a path's last name (where a call or reference through it is). */
  private pathLast(node: number): number {
    const segs = this.pathSegments(node);
    return this.segmentName(segs[segs.length - 1]);
  }

  /** Shapes made after the walk: a placeholder now, filled in by `fill` (bindings are all known then). */
  private readonly lazy: Array<{ e: Expr; node: number; type: boolean }> = [];
  private lazyType(node: number): Expr {
    const e = { k: 'other' } as Expr;
    this.lazy.push({ e, node, type: true });
    return e;
  }
  private lazyExpr(node: number): Expr {
    const e = { k: 'other' } as Expr;
    this.lazy.push({ e, node, type: false });
    return e;
  }

  /** `a, b := x, y` (the value at the name's position) or `a, b := f()` (the element of the call's result there). */
  private parallelValue(nameNode: number, values: number): Expr | undefined {
    const items: number[] = [];
    for (let c = this.t.firstChild(values); c >= 0; c = this.t.next[c]) if (this.isNamed(c) && !this.isComment(c)) items.push(c);
    const parent = this.t.parent[nameNode];
    let index = 0;
    for (let c = this.t.firstChild(parent); c >= 0 && c !== nameNode; c = this.t.next[c]) if (this.t.type[c] === this.t.type[nameNode] && this.t.field[c] === this.t.field[nameNode]) index++;
    if (items.length === 1 && this.isNamed(values) && this.exprAt.has(values)) return this.expr(values);
    if (items.length === 1) return index === 0 && items.length === 1 && !this.isTupleSite(items[0]) ? this.expr(items[0]) : { k: 'element', of: this.expr(items[0]), at: index };
    return items[index] !== undefined ? this.expr(items[index]) : undefined;
  }

  /** The position in a pattern's list of the item holding `node` (its punctuation not counted; `_` counted), or -1. */
  private position(list: number, node: number, skip = -1): number {
    let item = node;
    while (item >= 0 && this.t.parent[item] !== list) item = this.t.parent[item];
    if (item < 0) return -1;
    let i = 0;
    for (let c = this.t.firstChild(list); c >= 0 && c !== item; c = this.t.next[c]) if (c !== skip && (this.isNamed(c) ? !this.isComment(c) : this.name(c) === '_')) i++;
    return i;
  }

  /** Whether a value may give several results (a call: `a, b := f()`). */
  private isTupleSite(node: number): boolean {
    return this.exprAt.get(node)?.role === 'expr.call';
  }

  // ------------------------------------------------------------------ facts
  /** The type a lambda's Declared names: the node's, the local's declared one, or the class's field's (its symbol's type, read by now). */
  private declaredType(d: Declared): Expr | undefined {
    if (typeof d === 'number') return this.typeExpr(d);
    if ('local' in d) { const n = this.localValue[d.local]?.type; return n === undefined ? undefined : this.typeExpr(n); }
    return this.symbols.find((s) => s.parent === d.cls && s.name === d.field && s.label === 'Property')?.type ?? undefined;
  }

  private finishLocals(): void {
    for (const f of this.lazy) Object.assign(f.e, f.type ? this.typeExpr(f.node) : this.expr(f.node));
    for (const { sym, key, t } of this.docFallbacks) if (!sym[key] || sym[key]!.k === 'other') sym[key] = docTypeExpr(t);
    for (const { l, b, param } of this.builderParams) {
      const e = this.recvExpr(b);
      if (e.k === 'builder') this.locals[l].init = { ...e, param: param ?? 0 };
    }
    for (const { l, type, param } of this.declaredParams) {
      // `Consumer<Option> h = o -> …`: o is the declared functional type's type argument there
      const t = this.declaredType(type);
      if (!t) continue;
      const at = t.k === 'generic' && t.of.k === 'id' ? this.syntax.declaredLambdaParam?.(t.of.name, param) : undefined;
      if (t.k === 'generic' && at !== undefined && at < t.args.length) this.locals[l].type = t.args[at];
    }
    for (let l = 0; l < this.locals.length; l++) {
      const v = this.localValue[l];
      const local = this.locals[l];
      if (v.type !== undefined && !this.syntax.inferredTypes?.has(this.name(v.type))) {
        const t = this.typeExpr(v.type);
        if (t.k !== 'other') local.type = v.rest ? { k: 'array', of: t } : t;
      }
      if (!local.type && v.doc) local.type = v.rest ? { k: 'array', of: docTypeExpr(v.doc) } : docTypeExpr(v.doc);
      if (v.value !== undefined) local.init = this.expr(v.value);
      else if (v.iter !== undefined) {
        const el: Expr = { k: 'element', of: this.expr(v.iter), ...(v.iterKey ? { key: '(key)' } : v.each ? { key: '(each)' } : v.some ? { key: '(some)' } : {}) };
        local.init = v.part && v.part.at >= 0 ? { k: 'element', of: el, at: v.part.at } : el;
      }
      else if (v.tuple) {
        const init = this.parallelValue(v.tuple.at, v.tuple.values);
        if (init) local.init = init;
      } else if (v.part && v.part.at >= 0) local.init = { k: 'element', of: this.expr(v.part.whole), at: v.part.at };
      else if (v.field) local.init = { k: 'member', obj: this.expr(v.field.of), name: this.name(v.field.name) };
      else if (v.out) {
        const call = this.expr(v.out.call);
        let at = 0;
        for (let a = this.t.firstChild(this.t.parent[v.out.arg]); a >= 0 && a !== v.out.arg; a = this.t.next[a]) if (this.isNamed(a) && !this.isComment(a)) at++;
        if (call.k === 'call') local.init = { k: 'out', call, at };
      }
    }
  }

  private calls(): NominalCall[] {
    const out: NominalCall[] = [];
    for (const { node, from } of this.callSites) {
      const ex = this.exprAt.get(node)!;
      const c = ex.caps;
      const isNew = ex.role === 'expr.new';
      const e = this.expr(node);
      const callee = isNew ? (e.k === 'new' ? e.callee : OTHER) : (e.k === 'call' ? e.callee : OTHER);
      const at = this.calleePos(c, isNew, node);
      const call: NominalCall = { callee, at, from };
      if (isNew) call.isNew = true;
      if (ex.kind === 'literal') call.literal = true;
      if (ex.kind === 'declared') call.declared = true;
      const named = c.callee ?? c.name;
      if (this.syntax.bangMacros && callee.k === 'id' && named !== undefined && this.text[this.t.end[named]] === '!') call.macro = true;
      // a variable declared without an initialiser (`A a;`) or a `new` written without parentheses (`new A`, kind
      // `bare`) passes its constructor no argument
      let argc = ex.kind === 'declared' || ex.kind === 'bare' ? this.argCount(c.args) ?? 0 : this.argCount(c.args);
      // a trailing lambda written after the parentheses (Kotlin's `f(a) { … }`) is one argument more
      if (argc !== undefined && ex.kind === 'trailing') argc++;
      // an infix call (Kotlin's `a and b`, kind `infix`): its one argument, @arg
      if (ex.kind === 'infix' && c.arg !== undefined) {
        call.argc = 1;
        if (this.syntax.overloads) call.argv = [this.argValue(c.arg)];
      }
      if (argc !== undefined) {
        const args = this.argFacts(c.args!, callee);
        if (args.length) call.args = args;
        call.argc = argc;
        if (argc > 0 && this.syntax.overloads) {
          call.argv = this.firstArgs(c.args!, MAX_ARGV);
          // the trailing lambda (`@trailing`) is the last argument: a function for overloads to tell apart
          // (written after the parentheses, it fills the last parameter, whatever the count before it)
          if (c.trailing !== undefined && call.argv.length === argc - 1 && argc <= MAX_ARGV) {
            const fn = this.argValue(c.trailing);
            if (fn.k === 'fn') call.argv.push({ ...fn, trailing: true });
          }
        }
        // a trait's method called by its path (`Ord::cmp(&a, &b)`): the first argument is the receiver
        else if (argc > 0 && c.callee !== undefined && this.exprAt.get(c.callee)?.kind === 'path') call.argv = this.firstArgs(c.args!, 1);
        // a declared variable's one argument may be a value of its type: a copy, not the constructor the count picks
        else if (argc === 1 && ex.kind === 'declared') call.argv = this.firstArgs(c.args!, 1);
        if (argc > 0 && this.syntax.labels) call.labels = this.argLabels(c.args!, this.syntax.labels.argument);
      }
      // explicit type arguments (`F<T>(x)`, `o.F<T>(x)`, @targs of a member's generic name): how many
      if (this.syntax.overloads && !isNew) {
        const m = c.callee !== undefined ? this.exprAt.get(c.callee) : undefined;
        if (callee.k === 'generic') call.targs = callee.args.length;
        else if (m?.role === 'expr.member' && m.caps.targs !== undefined) call.targs = this.argCount(m.caps.targs);
      }
      out.push(call);
    }
    return out;
  }

  /** Arguments that name something (a function passed as a value): what a registration's handler is. */
  private argFacts(args: number, callee: Expr): ArgFact[] {
    const out: ArgFact[] = [];
    let k = 0;
    for (let a = this.t.firstChild(args); a >= 0 && k < MAX_ARGS; a = this.t.next[a]) {
      if (!this.isNamed(a) || this.isComment(a)) continue;
      k++;
      const value = this.argValue(a);
      if (value.k === 'id' && value.b === undefined || value.k === 'member') out.push({ value, at: this.namePos(a), callee: calleeText(callee) });
    }
    return out;
  }

  /** An argument's value (through an argument wrapper node that only holds it). */
  private argValue(a: number): Expr {
    const e = this.expr(a);
    if (e.k !== 'other') return e;
    let only = -1;
    for (let c = this.t.firstChild(a); c >= 0; c = this.t.next[c]) if (this.isNamed(c) && !this.isComment(c)) { if (only >= 0) return e; only = c; }
    return only >= 0 ? this.expr(only) : e;
  }

  private calleePos(c: Record<string, number>, isNew: boolean, node: number): Pos {
    if (isNew && c.type !== undefined) return this.typeNamePos(c.type);
    if (c.name !== undefined) return this.pos(c.name);
    if (c.callee !== undefined) {
      const inner = this.exprAt.get(c.callee);
      if (inner?.role === 'expr.member' && inner.caps.name !== undefined) return this.pos(inner.caps.name);
      if (inner?.role === 'expr.path') return this.pos(this.pathLast(c.callee));
      if (this.idAt.has(c.callee)) return this.pos(c.callee);
      if (inner?.role === 'expr.wrap' && inner.caps.inner !== undefined) return this.calleePos({ callee: inner.caps.inner }, false, node);
      // a function named with explicit type arguments (`Get<T>(x)`): its name
      if (this.typeAt.get(c.callee)?.role === 'type.generic') return this.typeNamePos(c.callee);
      // an element of a name (Go's `F[T](x, y)`, a function with its type argument): the name
      if (inner?.role === 'expr.index' && inner.caps.object !== undefined) return this.calleePos({ callee: inner.caps.object }, false, node);
    }
    return toPos(this.t.rowOf(this.t.start[node]) + 1, this.col(this.t.start[node]) + 1, 0);
  }

  /** Position of the name a type node is written with (its last name). */
  private typeNamePos(node: number): Pos {
    const ty = this.typeAt.get(node);
    if (ty?.role === 'type.generic' && ty.caps.name !== undefined) return this.typeNamePos(ty.caps.name);
    if (ty?.role === 'type.qualified' && ty.caps.name !== undefined) return this.pos(ty.caps.name);
    if (ty?.role === 'type.wrap' && ty.caps.inner !== undefined) return this.typeNamePos(ty.caps.inner);
    if (ty?.role === 'type.path') return this.pos(this.pathLast(node));
    return this.pos(node);
  }

  /** Position of the name of a node that is one (an identifier, a member's name). */
  private namePos(node: number): Pos {
    const ex = this.exprAt.get(node);
    if (ex?.role === 'expr.member' && ex.caps.name !== undefined) return this.pos(ex.caps.name);
    if (ex?.role === 'expr.path') return this.pos(this.pathLast(node));
    return this.pos(node);
  }

  private refs(): RefFact[] {
    const out: RefFact[] = [];
    for (const { node, kind, from } of this.refSites) {
      if (kind === 'key') {
        const rec = this.keyAt.get(node)!;
        const owner = rec.caps.owner !== undefined ? this.expr(rec.caps.owner) : OTHER;
        if (owner.k === 'other') continue;
        out.push({ value: { k: 'member', obj: owner, name: this.name(node) }, kind: 'value', at: this.pos(node), from, key: true });
        continue;
      }
      if (kind === 'type') {
        const value = this.typeExpr(node);
        if (value.k === 'other') continue;
        out.push({ value, kind: 'type', at: this.typeNamePos(node), from });
        continue;
      }
      const value = this.expr(node);
      if (value.k === 'other') continue;
      out.push({ value, kind: 'value', at: this.namePos(node), from });
    }
    return out;
  }

  private imports(): NominalFacts['imports'] {
    const out: NominalFacts['imports'] = [];
    // a grammar without fields may need several patterns for one import (one path): their captures merge; the
    // several paths of one declaration (Rust's `use a::{b, c}`) stay apart
    const byPath = new Map<string, Rec>();
    const recs: Rec[] = [];
    for (const r of this.importRecs) {
      const key = r.caps.def !== undefined && r.caps.path !== undefined ? `${r.caps.def}:${r.caps.path}` : undefined;
      const seen = key !== undefined ? byPath.get(key) : undefined;
      if (seen) { seen.caps = { ...seen.caps, ...r.caps }; if (r.kind) seen.kind = r.kind; continue; }
      const copy: Rec = { role: r.role, kind: r.kind, caps: { ...r.caps } };
      if (key !== undefined) byPath.set(key, copy);
      recs.push(copy);
    }
    for (const r of recs) {
      const c = r.caps;
      if (c.path === undefined) continue;
      const isString = this.isStringNode(c.path);
      let path = isString ? this.stringOf(c.path) ?? '' : this.dotted(c.path);
      // an item of a grouped import (Rust's `use a::b::{C, d::E}`): the group's path first, and an outer group's
      // before it (`use a::{b::{C}}`: `prefix` the outer path, `prefix2` the inner)
      if (c.prefix2 !== undefined) { path = `${this.dotted(c.prefix2)}.${path}`; this.consumeTree(c.prefix2); }
      if (c.prefix !== undefined) { path = `${this.dotted(c.prefix)}.${path}`; this.consumeTree(c.prefix); }
      const last = isString ? c.path : this.lastName(c.path);
      const imp: NominalFacts['imports'][number] = { path, at: isString ? this.stringPos(c.path) : this.pos(last), line: this.t.rowOf(this.t.start[r.caps.def ?? c.path]) + 1 };
      if (c.alias !== undefined) imp.alias = this.name(c.alias);
      if (c.all !== undefined || r.kind === 'all') imp.all = true;
      if (c.static !== undefined || r.kind === 'static') imp.static = true;
      if (c.global !== undefined) imp.global = true;
      if (r.kind === 'file') imp.file = true;
      this.consumeTree(c.path);
      out.push(imp);
    }
    return out;
  }

  // ------------------------------------------------------------------ text
  private end(node: number): number {
    let j = node;
    while (j >= 0 && this.t.next[j] < 0) j = this.t.parent[j];
    return j < 0 ? this.n : this.t.next[j];
  }

  private isNamed(i: number): boolean { return this.names.namedById[this.t.type[i]] === 1; }
  private isComment(i: number): boolean { const n = this.names.typeName(this.t.type[i]); return n !== undefined && n.endsWith('comment'); }
  private isStringNode(i: number): boolean { const c = this.text.charCodeAt(this.t.start[i]); return c === 34 || c === 96 || c === 39; }

  /** A name node's text (an identifier; a node holding one name: its text without spaces). */
  name(i: number): string {
    const s = this.text.slice(this.t.start[i], this.t.end[i]);
    return s.charCodeAt(0) === 96 /* ` */ && s.endsWith('`') ? s.slice(1, -1) : s.charCodeAt(0) === 64 /* @ */ ? s.slice(1) : s;
  }

  /** A qualified name's text with its separators as dots and no spaces or comments (`a . b` → `a.b`). */
  dotted(i: number): string {
    const parts: string[] = [];
    const end = this.end(i);
    for (let k = i; k < end; k++) {
      if (this.t.firstChild(k) >= 0 || !this.isNamed(k) || this.isComment(k)) continue;
      parts.push(this.name(k));
    }
    return parts.length ? parts.join('.') : this.name(i);
  }

  /** The last name leaf of a qualified name node. */
  private lastName(i: number): number {
    let last = i;
    const end = this.end(i);
    for (let k = i; k < end; k++) if (this.t.firstChild(k) < 0 && this.isNamed(k) && !this.isComment(k)) last = k;
    return last;
  }

  /** A string literal's content (no escapes read), or undefined for another node. */
  private stringOf(i: number): string | undefined {
    const s = this.text.slice(this.t.start[i], this.t.end[i]);
    const q = s.charCodeAt(0);
    if (q !== 34 && q !== 96 && q !== 39) return undefined;
    return s.slice(1, s.length > 1 && s.charCodeAt(s.length - 1) === q ? -1 : undefined);
  }

  private stringPos(i: number): Pos {
    const s = this.t.start[i] + 1;
    return toPos(this.t.rowOf(s) + 1, this.col(s) + 1, Math.max(0, this.t.end[i] - this.t.start[i] - 2));
  }

  private col(offset: number): number {
    return offset - this.t.lineStartList()[this.t.rowOf(offset)];
  }

  pos(i: number): Pos {
    const start = this.t.start[i];
    const name = this.name(i);
    const from = this.text.charCodeAt(start) === 96 || this.text.charCodeAt(start) === 64 ? start + 1 : start;
    return toPos(this.t.rowOf(start) + 1, this.col(from) + 1, name.length);
  }
}

const OTHER: Expr = { k: 'other' };
/**
 * Two patterns' records of one definition or declaration (a grammar without fields may need several patterns for
 * one construct, each with the captures it can anchor): the later one's role, a kind from either, every capture.
 */
function merged(earlier: Rec | undefined, later: Rec): Rec {
  if (!earlier) return later;
  const kind = later.kind ?? (later.role === earlier.role ? earlier.kind : undefined);
  return { role: later.role, kind, caps: { ...earlier.caps, ...later.caps } };
}

const LIT: Expr = { k: 'lit' };
// type arguments kept: enough for maps and for the delegate types whose count says how many parameters a lambda takes
// (C#'s Func<A, B, R>)
const MAX_TYPE_ARGS = 4;
const COLLECTION: Expr = { k: 'lit', coll: true };

function lookup(scope: Scope | undefined, name: string): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    const b = s.names.get(name);
    if (b !== undefined) return b;
  }
  return undefined;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}
