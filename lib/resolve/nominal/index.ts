/**
 * The resolver of nominally typed languages (Go, Java, Kotlin, C#, …), plugged into the resolver core as a family's
 * own relations (ResolveRules.relations, lib/extract/relations.ts). It builds the project's packages, types and
 * members once (world.ts, members.ts), then for each file writes: IMPORTS between files, EXTENDS/IMPLEMENTS (declared,
 * Go's embedding, structural implementations), HAS_METHOD for methods declared outside their type's body, CALLS
 * (lexical and imported names, implicit `this`, typed receivers up the heritage, constructors, extension methods,
 * and calls through interfaces or overridden methods fanned out to what may run, marked `dispatch` with a lower
 * confidence), REFERENCES and the reference index's occurrences, call counts, and the entry points the language's
 * conventions declare. It names no language: the language's NominalRules answer what differs.
 */
import { bindsLocal, posLine, type CallFact, type Expr, type FileFacts, type Pos, type RefFact } from '../../extract/facts.ts';
import type { LanguageRelations, RelationSink, UnresolvedSite } from '../../extract/relations.ts';
import { calleeText } from '../../extract/nominal/exprs.ts';
import type { NominalCall, NominalOp } from '../../extract/nominal/facts.ts';
import { Names } from './lookup.ts';
import { labelsFit } from './call-fit.ts';
import { Macros } from './macros.ts';
import { Members } from './members.ts';
import type { EntryCandidate, NominalRules } from './rules.ts';
import { CONFIDENCE, Evaluator, type CallRes, type Reason } from './values.ts';
import { World, type SymRef, type TypeEnt } from './world.ts';

export type { NominalRules };

/** The family resolver of a nominal language, as its rules' `relations`. */
export function nominalRelations(rules: NominalRules) {
  return (sink: RelationSink, files: readonly number[], settings: unknown): LanguageRelations => new NominalResolver(sink, files, settings, rules);
}

const TYPE_LABELS = new Set(['Class', 'Interface', 'Enum', 'TypeAlias']);

/**
 * The most methods one call fans out to as `dispatch` edges (none above it: NominalResolver.dispatch). Ordinary code
 * bases stay under it (a call's candidates topped at 57, tokio's, in a sweep of eighteen); the code it cuts has
 * hundreds per call.
 */
const MAX_DISPATCH = 64;

class NominalResolver implements LanguageRelations {
  private readonly w: World;
  private readonly m: Members;
  private readonly names: Names;
  private readonly ev: Evaluator;

  constructor(private readonly sink: RelationSink, fileIds: readonly number[], settings: unknown, private readonly rules: NominalRules) {
    this.w = new World(sink.files, fileIds, rules, settings);
    this.m = new Members(this.w);
    this.names = new Names(this.w, this.m);
    this.w.joinParts((ent) => this.names.partTarget(ent));
    this.ev = new Evaluator(this.w, this.m, this.names, rules);
    this.m.resolveBase = (f, e, from) => this.ev.base(f, e, from);
  }

  /** The names of this file's calls of a function read as an element of it (Go's `F[T](x)`): no read of F there. */
  private readonly calledElements = new Set<Pos>();

  relations(f: number): void {
    const facts = this.sink.files[f];
    for (const { f: g, line } of this.names.importFiles(f)) if (g !== f) this.sink.edge(this.sink.filePos(f), this.sink.filePos(g), 'IMPORTS', 1, 'import', line);
    this.structure(f, facts);
    this.calledElements.clear();
    for (const call of facts.calls) this.call(f, call as NominalCall);
    for (const ref of facts.refs) this.reference(f, ref);
    for (const op of this.w.nominal(f).ops ?? []) this.operator(f, op);
    this.entries(f, facts);
  }

  private pos(f: number, from: number): number {
    return from >= 0 ? this.sink.symbolPos(f, from) : this.sink.filePos(f);
  }

  private symPos(r: SymRef): number {
    return this.sink.symbolPos(r.f, r.s);
  }

  // ---------------------------------------------------------------- heritage and members
  private structure(f: number, facts: FileFacts): void {
    const syms = facts.symbols;
    for (let s = 0; s < syms.length; s++) {
      const sym = syms[s];
      const r = { f, s };
      if (TYPE_LABELS.has(sym.label)) {
        const ent = this.w.typeOf(r);
        if (!ent) continue;
        for (const b of this.m.bases(ent)) {
          if (!('ent' in b) || b.from.f !== f || b.from.s !== s) continue;
          const type = b.via === 'implements' ? 'IMPLEMENTS' : 'EXTENDS';
          // a block that only adds to a type (Rust's `impl Trait for T`) states the type's heritage
          const source = this.rules.partKinds?.has(sym.kind) ? this.w.primary(ent) : r;
          this.sink.edge(this.symPos(source), this.symPos(this.w.primary(b.ent)), type, 1, b.via === 'embeds' ? 'embedding' : b.via === 'mixin' ? 'mixin' : 'heritage', sym.line);
        }
        // the static side's bases (Kotlin's companion object's supertypes): the type's name is a value of those
        // types (reason `static`: OVERRIDES goes through it only for a member that overrides nothing of the
        // instances' bases, lib/resolve/overrides.ts)
        if (this.w.primary(ent).f === f && this.w.primary(ent).s === s) {
          for (const b of this.m.staticBases(ent)) this.sink.edge(this.symPos(r), this.symPos(this.w.primary(b)), this.w.isInterface(b) ? 'IMPLEMENTS' : 'EXTENDS', 1, 'static', sym.line);
        }
        // a class that declares no constructor but runs an inherited one (PHP) or a default one calling its base's
        // (Java's `super()`): `new C()` is an edge to C, and C's own edge to what runs, so `impact` of the base's
        // constructor still reaches C's constructions
        // (a header that declares the constructor, C#'s `record R(int X) : Base(X)`, is one, though no symbol)
        if ((this.rules.inheritedConstructors || this.rules.defaultConstructors) && this.w.primary(ent).f === f && this.w.primary(ent).s === s && !this.w.isInterface(ent)
          && (this.rules.inheritedConstructors ? this.ev.ownConstructors(ent) : this.ev.instanceConstructors(ent)).length === 0 && !this.rules.primaryConstructor?.(sym)) {
          const runs = this.rules.inheritedConstructors ? this.ev.inheritedConstructors(ent) : this.ev.defaultConstructorCalls(ent);
          for (const c of runs) this.sink.edge(this.symPos(r), this.symPos(c), 'CALLS', CONFIDENCE['super-member'], 'super-member', sym.line);
        }
        // structural implementations, found once for each interface (from its first part)
        if (this.rules.structural && this.w.isInterface(ent) && this.w.primary(ent).f === f && this.w.primary(ent).s === s) {
          for (const t of this.m.structural(ent)) this.sink.edge(this.symPos(this.w.primary(t)), this.symPos(r), 'IMPLEMENTS', 0.9, 'structural', this.w.sym(this.w.primary(t)).line);
        }
      } else if (sym.label === 'Method' && sym.parent >= 0 && this.rules.partKinds?.has(syms[sym.parent].kind)) {
        // a method of a block that adds to a type (Rust's `impl`, Swift's `extension`): the type has it too
        const owner = this.w.typeOf({ f, s: sym.parent });
        const primary = owner && this.w.primary(owner);
        if (primary && (primary.f !== f || primary.s !== sym.parent)) this.sink.edge(this.symPos(primary), this.symPos(r), 'HAS_METHOD', 1, 'structure', sym.line);
      } else if (sym.label === 'Method' && sym.parent < 0) {
        // a method declared outside its type's body (Go's receivers): its type has it
        const owner = this.m.ownerOf(r);
        if (owner) this.sink.edge(this.symPos(this.w.primary(owner)), this.symPos(r), 'HAS_METHOD', 1, 'structure', sym.line);
      }
    }
  }

  // ---------------------------------------------------------------- calls
  private call(f: number, call: NominalCall): void {
    const from = this.pos(f, call.from);
    const argc = call.argc;
    const site = argc !== undefined && (call.argv || call.labels || call.targs) ? { n: argc, argv: call.argv, labels: call.labels, targs: call.targs, f, from: call.from } : argc;
    const res: CallRes | undefined = call.macro ? this.macroCall(f, call, site) : call.declared ? this.ev.declaredCall(f, call.callee, call.from, site) : call.isNew ? this.ev.newCall(f, call.callee, call.from, site) : this.ev.call(f, call.callee, call.from, site);
    // a declared variable whose type declares no constructor for its arguments is no call (its type is a reference)
    if (!res) return;
    // a composite literal of no project type (a slice, a map, a library struct) calls nothing
    if (call.literal && !('targets' in res)) return;
    const line = posLine(call.at);
    if ('conversion' in res) {
      this.occurrence(this.w.primary(res.conversion), f, call.at, 'type', from, CONFIDENCE['same-file'], 'conversion');
      this.callbacks(f, call, from);
      return;
    }
    if ('ext' in res) { this.sink.countCall(f, 'external'); this.implicitCalls(res.implicit, from, call); this.messageHandlers(f, call, from); this.callbacks(f, call, from); return; }
    // a field or variable of a function type called: a read of it, and a call of no declared function
    if ('held' in res) {
      this.sink.countCall(f, 'external');
      this.occurrence(res.held, f, call.at, 'value', from, res.c, res.reason);
      this.sink.refEdge(from, this.symPos(res.held), res.c, res.reason, line, 'value');
      this.callbacks(f, call, from);
      return;
    }
    if ('unresolved' in res || !res.targets.length) { this.sink.countCall(f, 'unresolved', this.site(f, call, from, line)); this.callbacks(f, call, from); return; }
    this.sink.countCall(f, 'resolved');
    const reason = res.reason === 'local' ? 'same-file' : res.reason;
    // a declaration in a file the default build leaves out (another platform's) keeps its callers, less surely
    const best = this.w.rank(res.targets[0]);
    for (const t of res.targets) this.sink.edge(from, this.symPos(t), 'CALLS', this.w.rank(t) > best ? res.c * 0.8 : res.c, reason, line);
    // the name written at the call: the class for a constructor (`new Foo()` names Foo), else the callee
    if (res.ctor) { if (!call.declared) this.occurrence(this.w.primary(res.ctor), f, call.at, 'type', from, res.c, reason); }
    else this.occurrence(res.written ?? res.targets[0], f, call.at, 'call', from, res.c, reason);
    if (call.callee.k === 'element') this.calledElements.add(call.at);
    if (!res.ctor && call.callee.k === 'member' && call.callee.obj.k !== 'super') this.dispatch(res.targets, from, line, argc, call.labels);
    this.implicitCalls(res.implicit, from, call);
    this.callbacks(f, call, from);
  }

  private macros: Macros | undefined;
  /**
   * A macro invocation (NominalCall.macro): the macro its textual scope or crate gives (Macros), else what the name
   * means otherwise (an imported or a library macro) unless that is a project function, which a macro call never runs.
   */
  private macroCall(f: number, call: NominalCall, site: Parameters<Evaluator['call']>[3]): CallRes {
    const name = call.callee.k === 'id' ? call.callee.name : undefined;
    const m = name === undefined ? undefined : (this.macros ??= new Macros(this.w)).find(f, name, posLine(call.at));
    if (m) return { targets: [m.target], reason: m.sameFile ? 'same-file' : 'same-package', c: CONFIDENCE[m.sameFile ? 'same-file' : 'same-package'] };
    const res = this.ev.call(f, call.callee, call.from, site);
    return 'targets' in res && res.targets.some((t) => this.w.sym(t).kind !== 'macro') ? { unresolved: true } : res;
  }

  /**
   * What an unresolved call names: its callee's name, and whether it may run a method (a receiver written, or a bare
   * call inside a type of a language whose bare calls there are calls on `this`). A local's name is no site.
   */
  private site(f: number, call: NominalCall, from: number, line: number): UnresolvedSite | undefined {
    const callee = call.callee;
    if (callee.k === 'member') return { name: callee.name, member: true, line, from };
    if (callee.k !== 'id' || bindsLocal(callee.b)) return undefined;
    return { name: callee.name, member: this.rules.implicitThis && this.insideType(f, call.from), line, from };
  }

  /** True when symbol s of file f is, or lies in, a method or a type. */
  private insideType(f: number, s: number): boolean {
    const syms = this.sink.files[f].symbols;
    for (let i = s, n = 0; i >= 0 && n < 64; i = syms[i].parent, n++) {
      if (syms[i].label === 'Method' || TYPE_LABELS.has(syms[i].label)) return true;
    }
    return false;
  }

  private handlers: Map<TypeEnt, SymRef[]> | undefined;
  /**
   * A library call that hands a message to the project's handlers of its type (NominalRules.messageHandlers: MediatR's
   * `mediator.Send(command)`): CALLS edges, marked `dispatch`, to the handle method of each project type whose
   * handler interface takes the message's type as its first type argument.
   */
  private messageHandlers(f: number, call: NominalCall, from: number): void {
    const rule = this.rules.messageHandlers;
    if (!rule || call.callee.k !== 'member' || !rule.methods.has(call.callee.name) || !call.argv?.length) return;
    const message = this.ev.value(f, call.argv[0], call.from);
    if (message.t !== 'inst') return;
    if (!this.handlers) {
      this.handlers = new Map();
      for (const ent of this.w.types.values()) {
        for (const p of ent.parts) {
          const sym = this.w.sym(p);
          for (const e of [...(sym.implements ?? []), ...(this.w.extra(p).bases ?? [])]) {
            if (e.k !== 'generic' || !e.args.length || !rule.bases.has(lastTypeName(e.of) ?? '')) continue;
            const t = this.ev.type(p.f, e.args[0], p.s);
            if (t.t !== 'inst') continue;
            const handles = this.m.find(ent, rule.handle).filter((r) => this.w.sym(r).label === 'Method' && this.m.ownerOf(r) === ent);
            const list = this.handlers.get(t.e) ?? [];
            for (const r of handles) if (!list.some((x) => x.f === r.f && x.s === r.s)) list.push(r);
            this.handlers.set(t.e, list);
          }
        }
      }
    }
    for (const r of this.handlers.get(message.e) ?? []) this.sink.edge(from, this.symPos(r), 'CALLS', CONFIDENCE.dispatch, 'dispatch', posLine(call.at));
  }

  /**
   * An operator whose operand's project type implements it (`a == b` with `impl PartialEq for A`): CALLS edges to the
   * methods that run, marked `implicit`, and no occurrence (no name of theirs is written there).
   */
  private operator(f: number, op: NominalOp): void {
    const targets = this.ev.operatorTargets(f, op);
    if (!targets.length) return;
    const from = this.pos(f, op.from);
    for (const t of targets) this.sink.edge(from, this.symPos(t), 'CALLS', CONFIDENCE.implicit, 'implicit', posLine(op.at));
  }

  /**
   * The project methods a call runs without naming them (a receiver's `deref`): CALLS edges, marked `implicit`, and no
   * occurrence (no name of theirs is written at the site, so a rename has nothing to edit there).
   */
  private implicitCalls(implicit: SymRef[] | undefined, from: number, call: NominalCall): void {
    if (!implicit) return;
    for (const t of implicit) this.sink.edge(from, this.symPos(t), 'CALLS', CONFIDENCE.implicit, 'implicit', posLine(call.at));
  }

  /**
   * A call through an interface or of a method subtypes override: the methods that may run instead, as edges marked
   * `dispatch` with a lower confidence (impact and flows see them; a reader can tell them from the static callee).
   * Over MAX_DISPATCH candidates a call gets none: an interface every listener or message class implements
   * (RxJava's `Observer.onNext`, protobuf-go's messages, diesel's `QueryFragment`) would give each of its call sites
   * hundreds of edges that say nothing about which one runs, and the OVERRIDES edges already take impact from the
   * interface method to them. The candidates depend on the targets and the argument count only, so they are worked
   * out once per pair.
   */
  private dispatch(targets: SymRef[], from: number, line: number, argc: number | undefined, labels: readonly string[] | undefined): void {
    for (const r of this.dispatchTargets(targets, argc, labels)) this.sink.edge(from, this.symPos(r), 'CALLS', CONFIDENCE.dispatch, 'dispatch', line);
  }

  private readonly dispatchMemo = new Map<string, SymRef[]>();
  private dispatchTargets(targets: SymRef[], argc: number | undefined, labels: readonly string[] | undefined): SymRef[] {
    const key = `${argc ?? ''}:${labels?.join(':') ?? ''}:${targets.map((t) => this.w.key(t)).join(',')}`;
    const hit = this.dispatchMemo.get(key);
    if (hit) return hit;
    const out: SymRef[] = [];
    const seen = new Set<number>();
    for (const t of targets) {
      const sym = this.w.sym(t);
      if (sym.label !== 'Method' || sym.isStatic || sym.kind === 'constructor') continue;
      const owner = this.m.ownerOf(t);
      if (!owner) continue;
      for (const sub of this.m.subtypes(owner)) {
        // a method that cannot take the call's arguments (their count, the labels they are written with: Swift's
        // `request(_:didFailTask:)` beside `request(_:didCompleteTask:)`) is an overload beside the target, not an override of it
        const impl = this.m.findImpl(sub, sym.name).filter((r) => this.w.sym(r).label === 'Method' && this.m.ownerOf(r) !== owner && !targets.some((x) => x.f === r.f && x.s === r.s) && this.ev.fit.takes(r, argc, false) && (!labels || labelsFit(this.w, r, labels)));
        for (const r of this.ev.fit.byArity(impl, argc, false)) {
          const k = this.w.key(r);
          if (seen.has(k) || this.m.ownerOf(r) === owner) continue;
          seen.add(k);
          out.push(r);
        }
      }
    }
    const kept = out.length > MAX_DISPATCH ? [] : out;
    this.dispatchMemo.set(key, kept);
    return kept;
  }

  /** Functions passed as arguments (handlers, callbacks): REFERENCES edges, and registrations the language declares. */
  private callbacks(f: number, call: CallFact, from: number): void {
    if (!call.args) return;
    const callee = calleeText(call.callee);
    for (const a of call.args) {
      const t = this.refTarget(f, a.value, call.from);
      if (!t) continue;
      const sym = this.w.sym(t.r);
      if (sym.label !== 'Function' && sym.label !== 'Method') continue;
      this.sink.callbackEdge(from, this.symPos(t.r), t.c, t.reason, posLine(a.at), callee);
      this.occurrence(t.r, f, a.at, 'value', from, t.c, t.reason);
      const reg = this.registration(call.callee);
      if (reg) this.sink.markEntry(t.r.f, t.r.s, reg, callee);
    }
  }

  private registration(callee: Expr): 'route' | 'command' | 'listener' | 'script' | undefined {
    if (callee.k !== 'member') return undefined;
    const recv = calleeText(callee.obj);
    for (const r of this.rules.registrations ?? []) if (r.method.test(callee.name) && (!r.receiver || r.receiver.test(recv))) return r.kind;
    return undefined;
  }

  // ---------------------------------------------------------------- references
  private reference(f: number, ref: RefFact): void {
    const from = this.pos(f, ref.from);
    if (ref.kind === 'type') {
      const v = this.ev.type(f, ref.value, ref.from);
      if (v.t !== 'inst') return;
      const target = this.w.primary(v.e);
      if (ref.from >= 0 && this.w.typeOf({ f, s: ref.from }) === v.e) { this.occurrence(target, f, ref.at, 'type', from, 1, 'same-file'); return; }
      this.occurrence(target, f, ref.at, 'type', from, 1, 'type');
      this.sink.refEdge(from, this.symPos(target), 1, 'type', posLine(ref.at), 'type');
      return;
    }
    if (this.calledElements.has(ref.at)) return;
    const t = this.refTarget(f, ref.value, ref.from);
    if (!t) return;
    const kind = this.w.isType(t.r) ? 'type' : 'value';
    this.occurrence(t.r, f, ref.at, kind, from, t.c, t.reason);
    if (ref.from >= 0 && t.r.f === f && t.r.s === ref.from) return;
    this.sink.refEdge(from, this.symPos(t.r), t.c, t.reason, posLine(ref.at), kind === 'type' ? 'type' : 'value');
  }

  /** The symbol a name or member read names (a field, a function passed as a value, a type used as a value). */
  private refTarget(f: number, e: Expr, from: number): { r: SymRef; reason: Reason; c: number } | undefined {
    if (e.k === 'id') {
      if (e.b) return undefined;
      const via = this.ev.implicitMember(f, e, from);
      if (via) return this.refTarget(f, via, from);
      const found = this.names.value(f, from, e.name);
      if (!found) return undefined;
      if ('ent' in found) return { r: this.w.primary(found.ent), reason: found.reason === 'nested' ? 'nested' : found.reason, c: CONFIDENCE[found.reason === 'nested' ? 'nested' : found.reason] };
      if ('r' in found) return { r: found.r[0], reason: found.reason, c: CONFIDENCE[found.reason] };
      return undefined;
    }
    if (e.k !== 'member') return undefined;
    const obj = this.ev.dealias(e.obj.k === 'super' ? this.ev.value(f, { k: 'this', cls: e.obj.cls }, from) : this.ev.value(f, e.obj, from));
    let rs: SymRef[] | undefined;
    let reason: Reason = 'typed-receiver';
    let c: number = CONFIDENCE['typed-receiver'];
    if (obj.t === 'pkg') { rs = this.w.packages.get(obj.key)?.get(e.name); reason = 'import'; c = CONFIDENCE.import; }
    else if (obj.t === 'type') {
      const nested = this.m.nestedType(obj.e, e.name);
      rs = nested ? [this.w.primary(nested)] : this.m.find(obj.e, e.name);
      reason = 'static-member'; c = CONFIDENCE['static-member'];
    } else if (obj.t === 'inst') {
      rs = this.m.find(obj.e, e.name);
      c = Math.min(obj.c, c);
      if (e.obj.k === 'this') reason = 'this-member';
    }
    if (!rs?.length) return undefined;
    return { r: rs[0], reason, c };
  }

  private occurrence(r: SymRef, f: number, at: Pos, kind: 'call' | 'import' | 'export' | 'type' | 'value', from: number, c: number, reason: string): void {
    this.sink.occurrence(r.f, r.s, f, at, kind, from, c, reason);
  }

  // ---------------------------------------------------------------- entry points
  private entries(f: number, facts: FileFacts): void {
    const entryOf = this.rules.entryOf;
    if (!entryOf) return;
    const syms = facts.symbols;
    for (let s = 0; s < syms.length; s++) {
      const sym = syms[s];
      if (sym.label !== 'Function' && sym.label !== 'Method') continue;
      const r = { f, s };
      const x = this.w.extra(r);
      const owner = this.m.ownerOf(r);
      const c: EntryCandidate = {
        name: sym.name, label: sym.label, kind: sym.kind, isStatic: !!sym.isStatic, mods: x.mods ?? [], annotations: x.ann ?? [],
        arity: x.arity, pkg: this.w.nominal(f).pkg ?? '',
        owner: owner ? { name: owner.name, annotations: owner.parts.flatMap((p) => this.w.extra(p).ann ?? []), bases: this.baseNames(owner) } : undefined,
      };
      const e = entryOf(c);
      if (e) this.sink.markEntry(f, s, e.kind, e.by);
    }
  }

  /** Every base type's name up a type's heritage (library ones as written). */
  private baseNames(ent: TypeEnt): string[] {
    const out: string[] = [];
    const seen = new Set<TypeEnt>();
    const walk = (t: TypeEnt): void => {
      if (seen.has(t)) return;
      seen.add(t);
      for (const b of this.m.bases(t)) { if ('ent' in b) { out.push(b.ent.name); walk(b.ent); } else out.push(b.ext); }
    };
    walk(ent);
    return out;
  }
}

/** The last name of a written type (`IRequestHandler`, `MediatR.IRequestHandler` → IRequestHandler). */
function lastTypeName(e: Expr): string | undefined {
  return e.k === 'id' || e.k === 'member' ? e.name : undefined;
}
