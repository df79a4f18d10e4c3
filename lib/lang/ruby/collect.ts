/**
 * Ruby's collector: one file's flat tree (lib/extract/flat-tree.ts) to FileFacts with an `rb` part (facts.ts). A
 * walk in source order keeps the lexical nesting of classes and modules, `self` (an instance inside `def`, the class
 * object in a class body, `def self.x` and `class << self`), visibility sections (`private`, `module_function`) and
 * locals the way Ruby's parser decides them: a bare name is a local from its first assignment (or as a parameter)
 * on, a method call before it. Blocks see the locals around them; `def`, `class` and `module` start afresh.
 */
import type { FlatTree } from '../../extract/flat-tree.ts';
import type { LanguageNames } from '../../extract/language.ts';
import type { Match, MatchSource } from '../../extract/query-match.ts';
import { toPos, type FileFacts, type Pos, type SymbolFact, type SymbolLabel } from '../../extract/facts.ts';
import type { RbCall, RbConst, RbFacts, RbVal } from './facts.ts';

/** Names in scope; a `through` scope binds its own names but declares new ones in its parent (a rescue clause's). */
interface Scope { names: Map<string, number>; parent: Scope | undefined; through?: true }

/** Where code runs: the enclosing symbol (`from`), the class whose self it is, and whether self is the class object. */
interface Ctx {
  from: number;
  cls: number;
  single: boolean;
  /** In a class or module body (not inside a method): where `private`, `attr_*` and `include` apply. */
  body?: BodyState;
  /** The enclosing method's symbol (its name is `super`'s). */
  method: number;
  /**
   * The lines of the innermost block the code is in (`describe … do … end`, `Class.new do … end`), outside any class
   * body: a `def` there defines a method of whatever the block runs on (an RSpec example group, a new class), not a
   * method of Object callable everywhere.
   */
  block?: readonly [number, number];
}

/** A class or module body's running state: the visibility section and `module_function` mode. */
interface BodyState { vis: 'public' | 'private' | 'protected'; moduleFunction: boolean; singleton: boolean }

/** Methods that call the method their first argument names. */
const SEND_NAMES: ReadonlySet<string> = new Set(['send', 'public_send', '__send__']);
/** A name a method can be called by (a setter too; not an operator). */
const METHOD_NAME = /^[A-Za-z_][A-Za-z0-9_]*[?!=]?$/;

const OTHER: RbVal = { k: 'other' };
const SECTION_WORDS = new Set(['private', 'public', 'protected', 'module_function']);

/** The pseudo-variables the grammar reads as identifiers: keywords with a value, never a method call. */
const PSEUDO_VARIABLES: Record<string, string> = { __FILE__: 'String', __LINE__: 'Integer', __ENCODING__: 'Encoding' };
const MAX_SIGNATURE = 200;

/** Literal node types and the core class of their values. */
const LITERALS: Record<string, string> = {
  string: 'String', chained_string: 'String', heredoc_beginning: 'String', string_array: 'Array', symbol_array: 'Array',
  simple_symbol: 'Symbol', delimited_symbol: 'Symbol', integer: 'Integer', float: 'Float', rational: 'Rational', complex: 'Complex',
  array: 'Array', hash: 'Hash', regex: 'Regexp', range: 'Range', true: 'TrueClass', false: 'FalseClass', nil: 'NilClass',
  subshell: 'String', character: 'String', lambda: 'Proc',
};

/** Collects a Ruby file's facts. */
export function collectRuby(flat: FlatTree, names: LanguageNames, text: string, filePath: string, _matches: Match[] | MatchSource, parseErrors: number): FileFacts {
  return new RbCollector(flat, names, text, filePath).collect(parseErrors);
}

class RbCollector {
  private readonly fieldName: Array<string | undefined> = [];
  private readonly symbols: SymbolFact[] = [];
  private readonly rb: RbFacts = { requires: [], consts: [], calls: [], locals: [], classes: {}, methods: {}, ivars: [] };
  private readonly lines: Uint32Array;

  constructor(private readonly t: FlatTree, private readonly names: LanguageNames, private readonly text: string, private readonly path: string) {
    for (const [n, id] of names.fieldIds) this.fieldName[id] = n;
    this.lines = t.lineStartList();
  }

  collect(parseErrors: number): FileFacts {
    const top: Ctx = { from: -1, cls: -1, single: false, method: -1 };
    this.statements(0, top, { names: new Map(), parent: undefined });
    return {
      path: this.path, language: 'ruby', lines: this.t.lineCount(), parseErrors,
      symbols: this.symbols, imports: [], exports: [], modules: [], locals: [], calls: [], refs: [],
      rb: this.rb,
    };
  }

  // ------------------------------------------------------------------ tree access
  private type(i: number): string { return this.names.typeName(this.t.type[i]) ?? ''; }
  private named(i: number): boolean { return this.names.namedById[this.t.type[i]] === 1; }
  private fieldOf(i: number): string | undefined { const f = this.t.field[i]; return f ? this.fieldName[f] : undefined; }
  private kids(i: number): number[] { const out: number[] = []; for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) out.push(c); return out; }
  private namedKids(i: number): number[] { return this.kids(i).filter((c) => this.named(c) && this.type(c) !== 'comment'); }
  private child(i: number, field: string): number { for (let c = this.t.firstChild(i); c >= 0; c = this.t.next[c]) if (this.fieldOf(c) === field) return c; return -1; }
  private txt(i: number): string { return this.text.slice(this.t.start[i], this.t.end[i]); }
  private rowOf(offset: number): number { return this.t.rowOf(offset); }
  private lineOf(i: number): number { return this.rowOf(this.t.start[i]) + 1; }
  private endLineOf(i: number): number { return this.rowOf(Math.max(this.t.start[i], this.t.end[i] - 1)) + 1; }
  private pos(i: number): Pos {
    const start = this.t.start[i];
    const row = this.rowOf(start);
    return toPos(row + 1, start - this.lines[row] + 1, this.t.end[i] - start);
  }
  /** Position of `len` units at an offset. */
  private posAt(offset: number, len: number): Pos {
    const row = this.rowOf(offset);
    return toPos(row + 1, offset - this.lines[row] + 1, len);
  }

  /** A symbol literal's name (`:name`, `:"name"`), or undefined. */
  private symbolName(i: number): { name: string; at: Pos } | undefined {
    const ty = this.type(i);
    if (ty === 'simple_symbol') return { name: this.txt(i).slice(1), at: this.posAt(this.t.start[i] + 1, this.t.end[i] - this.t.start[i] - 1) };
    if (ty === 'string' || ty === 'delimited_symbol') {
      const parts = this.namedKids(i);
      if (parts.length === 1 && this.type(parts[0]) === 'string_content') return { name: this.txt(parts[0]), at: this.pos(parts[0]) };
    }
    return undefined;
  }

  /**
   * The method a `send`'s first argument names (`:name`, `"name"`, `:"name="`), at the name without a setter's `=`
   * (what a rename of the attribute edits), or undefined.
   */
  private sentName(i: number): { name: string; at: Pos } | undefined {
    const sym = this.symbolName(i);
    if (!sym || !METHOD_NAME.test(sym.name)) return undefined;
    if (!sym.name.endsWith('=')) return sym;
    const start = this.t.end[i] - sym.name.length - (this.type(i) === 'simple_symbol' ? 0 : 1);
    return { name: sym.name, at: this.posAt(start, sym.name.length - 1) };
  }

  /** A string literal's content when it has no interpolation. */
  private stringText(i: number): { text: string; at: Pos } | undefined {
    if (this.type(i) !== 'string') return undefined;
    const parts = this.namedKids(i);
    if (parts.length !== 1 || this.type(parts[0]) !== 'string_content') return undefined;
    return { text: this.txt(parts[0]), at: this.pos(parts[0]) };
  }

  // ------------------------------------------------------------------ symbols
  private addSymbol(label: SymbolLabel, kind: string, name: string, node: number, at: Pos, parent: number, exported: boolean, extra: Partial<SymbolFact> = {}): number {
    const p = parent >= 0 ? this.symbols[parent] : undefined;
    const sym: SymbolFact = {
      name, label, kind, line: this.lineOf(node), endLine: this.endLineOf(node), at, parent,
      qualifiedName: p ? `${p.qualifiedName}.${name}` : name, exported: exported && (p ? p.exported : true), ...extra,
    };
    const doc = this.docBefore(node);
    if (doc) sym.doc = doc;
    return this.symbols.push(sym) - 1;
  }

  /** The first line of the `#` comment block right above a definition (a `private def` counts from `private`). */
  private docBefore(node: number): string | undefined {
    let n = node;
    const par = this.t.parent[n];
    if (par >= 0 && this.type(par) === 'argument_list') { const call = this.t.parent[par]; if (call >= 0) n = call; }
    const parent = this.t.parent[n];
    if (parent < 0) return undefined;
    let prev = -1;
    for (let c = this.t.firstChild(parent); c >= 0 && c !== n; c = this.t.next[c]) prev = c;
    const block: number[] = [];
    let row = this.rowOf(this.t.start[n]);
    while (prev >= 0 && this.type(prev) === 'comment' && this.rowOf(this.t.start[prev]) === row - 1) {
      block.unshift(prev);
      row--;
      let p = -1;
      for (let c = this.t.firstChild(parent); c >= 0 && c !== prev; c = this.t.next[c]) p = c;
      prev = p;
    }
    for (const c of block) {
      const line = this.txt(c).replace(/^#+\s?/, '').trim();
      if (line && !/^(?:frozen_string_literal|encoding|rubocop:|:nodoc:)/.test(line)) return line;
    }
    return undefined;
  }

  /** Declaration text up to the body, whitespace collapsed. */
  private signature(node: number, upTo: number): string {
    const s = this.text.slice(this.t.start[node], this.t.end[upTo]).replace(/\s+/g, ' ').trim();
    return s.length > MAX_SIGNATURE ? s.slice(0, MAX_SIGNATURE) : s;
  }

  // ------------------------------------------------------------------ statements and definitions
  private statements(i: number, ctx: Ctx, scope: Scope): RbVal {
    let last: RbVal = OTHER;
    for (const c of this.namedKids(i)) last = this.expr(c, ctx, scope);
    return last;
  }

  private declare(scope: Scope, name: string, v?: RbVal): number {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const l = s.names.get(name);
      if (l !== undefined) { this.rb.locals[l].n++; return l; }
    }
    const l = this.rb.locals.push(v ? { name, v, n: 1 } : { name, n: 1 }) - 1;
    let target = scope;
    while (target.through && target.parent) target = target.parent;
    target.names.set(name, l);
    return l;
  }

  private lookup(scope: Scope, name: string): number | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const l = s.names.get(name);
      if (l !== undefined) return l;
    }
    return undefined;
  }

  private classDef(i: number, ctx: Ctx, isModule: boolean): RbVal {
    const nameNode = this.child(i, 'name');
    if (nameNode < 0) return OTHER;
    const c = this.constPath(nameNode, ctx);
    if (!c) { this.statements(i, ctx, { names: new Map(), parent: undefined }); return OTHER; }
    const { path, at, top } = c;
    const sup = isModule ? -1 : this.child(i, 'superclass');
    let supIdx: number | undefined;
    if (sup >= 0) {
      const target = this.namedKids(sup)[0];
      if (target !== undefined) {
        if (this.type(target) === 'constant' || this.type(target) === 'scope_resolution') supIdx = this.addConst(target, ctx, 'heritage');
        else this.expr(target, ctx, { names: new Map(), parent: undefined });
      }
    }
    const upTo = sup >= 0 ? sup : nameNode;
    const parent = ctx.cls >= 0 && ctx.from === ctx.cls ? ctx.cls : -1;
    const s = this.addSymbol('Class', isModule ? 'module' : 'class', path[path.length - 1], i, at[at.length - 1], parent, true, { signature: this.signature(i, upTo) });
    if (path.length > 1) this.symbols[s].qualifiedName = (parent >= 0 ? `${this.symbols[parent].qualifiedName}.` : '') + path.join('.');
    this.rb.classes[s] = top ? { path, top } : { path };
    if (supIdx !== undefined) this.rb.classes[s].sup = supIdx;
    const body = this.child(i, 'body');
    if (body >= 0) this.statements(body, { from: s, cls: s, single: true, method: -1, body: { vis: 'public', moduleFunction: false, singleton: false } }, { names: new Map(), parent: undefined });
    return { k: 'other' };
  }

  private methodDef(i: number, ctx: Ctx, singleton: boolean): number {
    const nameNode = this.child(i, 'name');
    if (nameNode < 0) return -1;
    let name = this.txt(nameNode);
    let at = this.pos(nameNode);
    if (this.type(nameNode) === 'setter') {
      const id = this.child(nameNode, 'name');
      name = `${id >= 0 ? this.txt(id) : name.replace(/=$/, '')}=`;
    }
    const objNode = singleton ? this.child(i, 'object') : -1;
    const body = ctx.body;
    const inClass = ctx.cls >= 0 && !!body;
    const onSelf = objNode >= 0 && this.type(objNode) === 'self';
    // `def obj.x` on another object: a method of that object, no symbol we can place
    const isStatic = onSelf || (inClass && body!.singleton);
    const params = this.child(i, 'parameters');
    const upTo = params >= 0 ? params : nameNode;
    let s: number;
    const sig = this.signature(i, upTo);
    if (singleton && !onSelf) {
      s = -1;
    } else if (inClass) {
      const exported = body!.vis === 'public' && !(name === 'initialize');
      s = this.addSymbol('Method', name === 'initialize' ? 'constructor' : (isStatic ? 'singleton_method' : 'method'), name, i, at, ctx.cls, exported, { signature: sig, isStatic: isStatic || undefined });
      if (body!.moduleFunction && !isStatic) (this.rb.methods[s] ??= {}).moduleFunction = true;
    } else if (ctx.from === -1 || ctx.cls === -1) {
      s = this.addSymbol('Function', 'function', name, i, at, -1, true, { signature: sig });
      if (ctx.block) (this.rb.methods[s] ??= {}).block = [ctx.block[0], ctx.block[1]];
    } else {
      // a `def` inside a method body defines a method of the class when the method runs: not a symbol we place
      s = -1;
    }
    const inner: Ctx = s >= 0
      ? { from: s, cls: ctx.cls, single: isStatic, method: s }
      : { ...ctx };
    if (s >= 0 && !inClass) { inner.cls = -1; inner.single = false; }
    const scope: Scope = { names: new Map(), parent: undefined };
    if (params >= 0) this.parameters(params, inner, scope);
    const bodyNode = this.child(i, 'body');
    if (bodyNode >= 0) {
      const ret = this.type(bodyNode) === 'body_statement' ? this.statements(bodyNode, inner, scope) : this.expr(bodyNode, inner, scope);
      if (s >= 0 && ret.k !== 'other') (this.rb.methods[s] ??= {}).ret = ret;
    }
    return s;
  }

  private parameters(i: number, ctx: Ctx, scope: Scope): void {
    for (const p of this.namedKids(i)) {
      const ty = this.type(p);
      if (ty === 'identifier') this.declare(scope, this.txt(p));
      else if (ty === 'optional_parameter' || ty === 'keyword_parameter') {
        const n = this.child(p, 'name');
        const v = this.child(p, 'value');
        const val = v >= 0 ? this.expr(v, ctx, scope) : undefined;
        if (n >= 0) this.declare(scope, this.txt(n), val);
      } else if (ty === 'splat_parameter' || ty === 'hash_splat_parameter' || ty === 'block_parameter') {
        const n = this.child(p, 'name');
        if (n >= 0) this.declare(scope, this.txt(n));
      } else if (ty === 'destructured_parameter') this.parameters(p, ctx, scope);
    }
  }

  // ------------------------------------------------------------------ constants
  /** A constant path's segments and positions (`A::B`, `::C`); undefined when a segment is no constant. */
  private constSegments(i: number): { path: string[]; at: Pos[]; top?: true } | undefined {
    const ty = this.type(i);
    if (ty === 'constant') return { path: [this.txt(i)], at: [this.pos(i)] };
    if (ty !== 'scope_resolution') return undefined;
    const name = this.child(i, 'name');
    if (name < 0 || this.type(name) !== 'constant') return undefined;
    const scope = this.child(i, 'scope');
    if (scope < 0) return { path: [this.txt(name)], at: [this.pos(name)], top: true };
    const head = this.constSegments(scope);
    if (!head) return undefined;
    return { path: [...head.path, this.txt(name)], at: [...head.at, this.pos(name)], top: head.top };
  }

  private addConst(i: number, ctx: Ctx, use: RbConst['use']): number | undefined {
    const seg = this.constSegments(i);
    if (!seg) return undefined;
    const c: RbConst = { path: seg.path, at: seg.at, nest: this.nestOf(ctx), use, from: ctx.from, line: this.lineOf(i) };
    if (seg.top) c.top = true;
    return this.rb.consts.push(c) - 1;
  }

  /** The class or module whose body the context is lexically in. */
  private nestOf(ctx: Ctx): number { return ctx.cls; }

  /** A class's or module's name as written; its qualifier (`A` of `class A::B`) is recorded as a constant read. */
  private constPath(i: number, ctx: Ctx): { path: string[]; at: Pos[]; top?: true } | undefined {
    const seg = this.constSegments(i);
    if (!seg) return undefined;
    // the qualifier of `class A::B` is a constant read in the enclosing nesting
    if (seg.path.length > 1) {
      const c: RbConst = { path: seg.path.slice(0, -1), at: seg.at.slice(0, -1), nest: this.nestOf(ctx), use: 'value', from: ctx.from, line: this.lineOf(i) };
      if (seg.top) c.top = true;
      this.rb.consts.push(c);
    }
    return seg;
  }

  // ------------------------------------------------------------------ expressions
  private expr(i: number, ctx: Ctx, scope: Scope): RbVal {
    const ty = this.type(i);
    switch (ty) {
      case 'comment': return OTHER;
      case 'class': return this.classDef(i, ctx, false);
      case 'module': return this.classDef(i, ctx, true);
      case 'singleton_class': {
        const value = this.child(i, 'value');
        const body = this.child(i, 'body');
        if (value >= 0 && this.type(value) === 'self' && ctx.body && body >= 0) {
          this.statements(body, { ...ctx, single: true, body: { vis: 'public', moduleFunction: false, singleton: true } }, { names: new Map(), parent: undefined });
        } else if (body >= 0) this.statements(body, { ...ctx, body: undefined }, { names: new Map(), parent: undefined });
        return OTHER;
      }
      case 'method': this.methodDef(i, ctx, false); return { k: 'lit', type: 'Symbol' };
      case 'singleton_method': this.methodDef(i, ctx, true); return { k: 'lit', type: 'Symbol' };
      case 'identifier': {
        const name = this.txt(i);
        const l = this.lookup(scope, name);
        if (l !== undefined) return { k: 'local', l };
        if (Object.hasOwn(PSEUDO_VARIABLES, name)) return { k: 'lit', type: PSEUDO_VARIABLES[name] };
        // `private`, `module_function` on a line of their own open a section
        if (ctx.body && SECTION_WORDS.has(name) && this.declaration(name, [], i, ctx, scope)) return OTHER;
        return this.addCall(name, this.pos(i), i, ctx, undefined, 0);
      }
      case 'constant': case 'scope_resolution': {
        const c = this.addConst(i, ctx, 'value');
        if (c !== undefined) return { k: 'const', c };
        const s = this.child(i, 'scope');
        if (s >= 0) this.expr(s, ctx, scope);
        return OTHER;
      }
      case 'self': return { k: 'self' };
      case 'instance_variable': return { k: 'ivar', name: this.txt(i) };
      case 'super': return this.superCall(i, ctx, 0, 'zsuper');
      case 'call': return this.call(i, ctx, scope);
      case 'assignment': return this.assignment(i, ctx, scope);
      case 'operator_assignment': return this.assignment(i, ctx, scope);
      case 'parenthesized_statements': case 'begin_block': case 'end_block': return this.statements(i, ctx, scope);
      case 'begin': case 'body_statement': return this.statements(i, ctx, scope);
      case 'block': case 'do_block': return this.block(i, ctx, scope);
      case 'lambda': {
        const params = this.child(i, 'parameters');
        const inner: Scope = { names: new Map(), parent: scope };
        if (params >= 0) this.parameters(params, ctx, inner);
        const body = this.child(i, 'body');
        if (body >= 0) this.expr(body, ctx, inner);
        return { k: 'lit', type: 'Proc' };
      }
      case 'rescue': {
        // `rescue Timeout => e`: e is an instance of the one class rescued (of several, any: unknown), bound in the
        // clause alone, so that each clause's `e` has its own class
        const rescued: RbVal[] = [];
        const inner: Scope = { names: new Map(), parent: scope, through: true };
        for (const c of this.namedKids(i)) {
          const f = this.fieldOf(c);
          if (f === 'exceptions') { for (const x of this.namedKids(c)) rescued.push(this.expr(x, ctx, scope)); }
          else if (f === 'variable') {
            for (const v of this.namedKids(c)) {
              if (this.type(v) !== 'identifier') continue;
              const one = rescued.length === 1 && rescued[0].k === 'const' ? rescued[0].c : undefined;
              const l = this.rb.locals.push(one !== undefined ? { name: this.txt(v), v: { k: 'inst', c: one }, n: 1 } : { name: this.txt(v), n: 1 }) - 1;
              inner.names.set(this.txt(v), l);
            }
          } else this.expr(c, ctx, inner);
        }
        return OTHER;
      }
      case 'for': {
        const pattern = this.child(i, 'pattern');
        if (pattern >= 0) this.declareTargets(pattern, ctx, scope);
        for (const c of this.namedKids(i)) if (c !== pattern) this.expr(c, ctx, scope);
        return OTHER;
      }
      case 'in_clause': {
        const pattern = this.child(i, 'pattern');
        if (pattern >= 0) this.declarePattern(pattern, ctx, scope);
        for (const c of this.namedKids(i)) if (c !== pattern) this.expr(c, ctx, scope);
        return OTHER;
      }
      case 'pair': {
        const key = this.child(i, 'key');
        const value = this.child(i, 'value');
        if (key >= 0 && this.type(key) !== 'hash_key_symbol' && this.type(key) !== 'simple_symbol') this.expr(key, ctx, scope);
        if (value >= 0) this.expr(value, ctx, scope);
        else if (key >= 0 && this.type(key) === 'hash_key_symbol') {
          // `f(name:)`: the value is the local or method `name`
          const name = this.txt(key);
          if (this.lookup(scope, name) === undefined) this.addCall(name, this.pos(key), key, ctx, undefined, 0);
        }
        return OTHER;
      }
      case 'alias': {
        const name = this.child(i, 'name');
        const old = this.child(i, 'alias');
        if (ctx.body && name >= 0 && old >= 0) this.alias(this.txt(name), this.pos(name), this.txt(old), i, ctx);
        return OTHER;
      }
      case 'undef': case 'hash_key_symbol': case 'global_variable': case 'class_variable': case 'nil': case 'true': case 'false':
      case 'heredoc_end': case 'escape_sequence': case 'string_content': case 'uninterpreted': case 'forward_argument': case 'forward_parameter':
        return LITERALS[ty] ? { k: 'lit', type: LITERALS[ty] } : OTHER;
      case 'conditional': case 'binary': case 'if': case 'unless': case 'case': case 'while': case 'until': case 'if_modifier':
      case 'unless_modifier': case 'while_modifier': case 'until_modifier': case 'rescue_modifier': {
        const parts = this.namedKids(i);
        const vals = parts.map((c) => this.expr(c, ctx, scope));
        // `x || Foo.new`, `a ? b : c`: the value when every branch agrees
        if (ty === 'binary') {
          const op = this.kids(i).find((c) => !this.named(c));
          const text = op !== undefined ? this.txt(op) : '';
          if ((text === '||' || text === 'or') && vals.length === 2) return vals[1].k === 'other' ? vals[0] : vals[1];
        }
        if (ty === 'conditional' && vals.length === 3) return vals[1];
        return OTHER;
      }
      default: {
        const lit = LITERALS[ty];
        for (const c of this.namedKids(i)) this.expr(c, ctx, scope);
        return lit ? { k: 'lit', type: lit } : OTHER;
      }
    }
  }

  private block(i: number, outer: Ctx, scope: Scope): RbVal {
    const inner: Scope = { names: new Map(), parent: scope };
    const ctx: Ctx = outer.cls === -1 && !outer.body ? { ...outer, block: [this.lineOf(i), this.endLineOf(i)] } : outer;
    const params = this.child(i, 'parameters');
    if (params >= 0) this.parameters(params, ctx, inner);
    for (const c of this.namedKids(i)) {
      if (c === params) continue;
      const ty = this.type(c);
      if (ty === 'block_body' || ty === 'body_statement') this.statements(c, ctx, inner);
      else this.expr(c, ctx, inner);
    }
    return { k: 'lit', type: 'Proc' };
  }

  /** Declares the names a `for` target or multiple assignment binds. */
  private declareTargets(i: number, ctx: Ctx, scope: Scope): void {
    const ty = this.type(i);
    if (ty === 'identifier') this.declare(scope, this.txt(i));
    else if (ty === 'left_assignment_list' || ty === 'destructured_left_assignment' || ty === 'rest_assignment') for (const c of this.namedKids(i)) this.declareTargets(c, ctx, scope);
    else this.assignTarget(i, ctx, scope, OTHER);
  }

  /** Declares the identifiers a pattern (`in {name:}`, `in [a, b]`) binds; constants in it are read. */
  private declarePattern(i: number, ctx: Ctx, scope: Scope): void {
    const ty = this.type(i);
    if (ty === 'identifier') { this.declare(scope, this.txt(i)); return; }
    if (ty === 'hash_key_symbol') { this.declare(scope, this.txt(i)); return; }
    if (ty === 'constant' || ty === 'scope_resolution') { this.addConst(i, ctx, 'value'); return; }
    if (ty === 'keyword_pattern') {
      const value = this.child(i, 'value');
      if (value >= 0) this.declarePattern(value, ctx, scope);
      else { const key = this.child(i, 'key'); if (key >= 0) this.declare(scope, this.txt(key).replace(/:$/, '')); }
      return;
    }
    for (const c of this.namedKids(i)) this.declarePattern(c, ctx, scope);
  }

  private assignment(i: number, ctx: Ctx, scope: Scope): RbVal {
    const left = this.child(i, 'left');
    const right = this.child(i, 'right');
    const leftType = left >= 0 ? this.type(left) : '';
    // `X = Struct.new(:a) do … end`, `X = Class.new(Base) do … end`: a class
    if ((leftType === 'constant') && right >= 0 && this.classValue(left, right, ctx, scope)) return OTHER;
    const v = right >= 0 ? this.expr(right, ctx, scope) : OTHER;
    if (left >= 0) this.assignTarget(left, ctx, scope, v, this.type(i) === 'operator_assignment');
    return v;
  }

  private assignTarget(left: number, ctx: Ctx, scope: Scope, v: RbVal, op = false): void {
    const ty = this.type(left);
    if (ty === 'identifier') {
      const name = this.txt(left);
      const l = this.lookup(scope, name);
      if (l === undefined) this.declare(scope, name, v.k === 'other' ? undefined : v);
      else if (!op) { this.rb.locals[l].n++; if (!this.rb.locals[l].v && v.k !== 'other') this.rb.locals[l].v = v; }
    } else if (ty === 'instance_variable') {
      if (ctx.cls >= 0 && !ctx.single && v.k !== 'other') this.rb.ivars.push({ cls: ctx.cls, name: this.txt(left), v });
    } else if (ty === 'constant') {
      this.constantDef(left, ctx, v);
    } else if (ty === 'call') {
      // `obj.attr = v`: a call of `attr=`; `obj.attr ||= v` reads it as well
      const recv = this.child(left, 'receiver');
      const method = this.child(left, 'method');
      if (method >= 0 && recv >= 0) {
        const r = this.expr(recv, ctx, scope);
        this.addCall(`${this.txt(method)}=`, this.pos(method), method, ctx, r, 1);
        if (op) this.addCall(this.txt(method), this.pos(method), method, ctx, r, 0);
      } else this.expr(left, ctx, scope);
    } else if (ty === 'left_assignment_list' || ty === 'destructured_left_assignment' || ty === 'rest_assignment') {
      for (const c of this.namedKids(left)) this.assignTarget(c, ctx, scope, OTHER);
    } else if (ty === 'scope_resolution') {
      this.addConst(left, ctx, 'value');
    } else this.expr(left, ctx, scope);
  }

  /** A constant assigned in a class body or at the top level: a symbol (Property in a class, Variable at the top). */
  private constantDef(left: number, ctx: Ctx, v: RbVal): void {
    if (ctx.from !== ctx.cls) return; // inside a method: a dynamic assignment Ruby refuses
    const name = this.txt(left);
    const parent = ctx.cls;
    const s = this.addSymbol(parent >= 0 ? 'Property' : 'Variable', 'constant', name, this.t.parent[left], this.pos(left), parent, true, { isStatic: parent >= 0 || undefined });
    if (v.k !== 'other') (this.rb.methods[s] ??= {}).ret = v;
  }

  /** `X = Struct.new(…) do … end`, `X = Class.new(Base) { … }`, `X = Data.define(…)`: X is a class whose body is the block. */
  private classValue(left: number, right: number, ctx: Ctx, scope: Scope): boolean {
    if (this.type(right) !== 'call' || ctx.from !== ctx.cls) return false;
    const recv = this.child(right, 'receiver');
    const method = this.child(right, 'method');
    if (recv < 0 || method < 0) return false;
    const r = this.txt(recv), m = this.txt(method);
    const kind = (r === 'Struct' || r === '::Struct') && m === 'new' ? 'struct' : (r === 'Class' || r === '::Class') && m === 'new' ? 'class' : (r === 'Data' && m === 'define') ? 'data' : (r === 'Module' && m === 'new') ? 'module' : undefined;
    if (!kind) return false;
    const args = this.child(right, 'arguments');
    const parent = ctx.cls;
    const s = this.addSymbol('Class', kind, this.txt(left), this.t.parent[left], this.pos(left), parent, true, { signature: this.signature(this.t.parent[left], method) });
    this.rb.classes[s] = { path: [this.txt(left)] };
    const bodyCtx: Ctx = { from: s, cls: s, single: true, method: -1, body: { vis: 'public', moduleFunction: false, singleton: false } };
    if (args >= 0) {
      const first = this.namedKids(args)[0];
      if (kind === 'class' && first !== undefined && (this.type(first) === 'constant' || this.type(first) === 'scope_resolution')) {
        this.rb.classes[s].sup = this.addConst(first, ctx, 'heritage');
      } else {
        // Struct's and Data's members are attributes
        for (const a of this.namedKids(args)) {
          const sym = this.symbolName(a);
          if (sym) this.attribute(sym.name, sym.at, a, bodyCtx, kind === 'data' ? 'attr_reader' : 'attr_accessor');
          else this.expr(a, ctx, scope);
        }
      }
    }
    const block = this.child(right, 'block');
    if (block >= 0) {
      const body = this.namedKids(block).find((c) => this.type(c) === 'body_statement' || this.type(c) === 'block_body');
      if (body !== undefined) this.statements(body, bodyCtx, { names: new Map(), parent: undefined });
    }
    return true;
  }

  private attribute(name: string, at: Pos, node: number, ctx: Ctx, kind: string): void {
    const body = ctx.body!;
    const s = this.addSymbol('Property', kind, name, node, at, ctx.cls, body.vis === 'public', body.singleton ? { isStatic: true } : {});
    const m = (this.rb.methods[s] ??= {});
    if (kind !== 'attr_writer') m.reads = true;
    if (kind !== 'attr_reader') m.writes = true;
  }

  private alias(name: string, at: Pos, old: string, node: number, ctx: Ctx): void {
    const body = ctx.body!;
    const s = this.addSymbol('Method', 'alias', name, node, at, ctx.cls, body.vis === 'public', body.singleton ? { isStatic: true } : {});
    (this.rb.methods[s] ??= {}).aliasOf = old;
  }

  // ------------------------------------------------------------------ calls
  private addCall(name: string, at: Pos, node: number, ctx: Ctx, recv: RbVal | undefined, argc: number, sup?: RbCall['sup']): RbVal {
    const call: RbCall = { name, at, line: this.lineOf(node), from: ctx.from, argc, cls: ctx.cls };
    if (recv) call.recv = recv;
    if (sup) call.sup = sup;
    if (ctx.single) call.single = true;
    return { k: 'call', c: this.rb.calls.push(call) - 1 };
  }

  private superCall(i: number, ctx: Ctx, argc: number, sup: 'super' | 'zsuper'): RbVal {
    const name = ctx.method >= 0 ? this.symbols[ctx.method].name : '';
    if (!name) return OTHER;
    return this.addCall(name, this.pos(i), i, ctx, undefined, argc, sup);
  }

  private call(i: number, ctx: Ctx, scope: Scope): RbVal {
    const recvNode = this.child(i, 'receiver');
    const method = this.child(i, 'method');
    const args = this.child(i, 'arguments');
    const block = this.child(i, 'block');
    const argNodes = args >= 0 ? this.namedKids(args) : [];
    if (method < 0) {
      // `f.(x)`: calls the receiver's `call`
      const r = recvNode >= 0 ? this.expr(recvNode, ctx, scope) : OTHER;
      for (const a of argNodes) this.expr(a, ctx, scope);
      if (block >= 0) this.expr(block, ctx, scope);
      return this.addCall('call', this.pos(i), i, ctx, r, argNodes.length);
    }
    const mType = this.type(method);
    if (mType === 'super') {
      for (const a of argNodes) this.expr(a, ctx, scope);
      const v = this.superCall(method, ctx, argNodes.length, 'super');
      if (block >= 0) this.expr(block, ctx, scope);
      return v;
    }
    const name = this.txt(method);
    if (recvNode < 0 && this.declaration(name, argNodes, i, ctx, scope)) {
      if (block >= 0 && !this.doneBlocks.has(i)) this.expr(block, ctx, scope);
      return OTHER;
    }
    let recv: RbVal | undefined;
    if (recvNode >= 0) {
      const rt = this.type(recvNode);
      if (rt === 'constant' || rt === 'scope_resolution') {
        const c = this.addConst(recvNode, ctx, 'recv');
        recv = c !== undefined ? { k: 'const', c } : this.expr(recvNode, ctx, scope);
      } else recv = this.expr(recvNode, ctx, scope);
    }
    for (const a of argNodes) this.expr(a, ctx, scope);
    const argc = argNodes.filter((a) => this.type(a) !== 'block_argument').length;
    // `send(:name, …)` (public_send, __send__) with the name written as a symbol or a plain string calls that name on
    // the receiver: the call is recorded at the name, so a rename edits it there too
    const sent = SEND_NAMES.has(name) && argNodes.length > 0 ? this.sentName(argNodes[0]) : undefined;
    const v = sent
      ? this.addCall(sent.name, sent.at, method, ctx, recv, argc - 1)
      : this.addCall(name, this.pos(method), method, ctx, recv, argc);
    if (block >= 0) this.expr(block, ctx, scope);
    return v;
  }

  /**
   * A bare call that declares rather than calls: `require`/`require_relative`/`load`/`autoload` (imports), and in a
   * class body `include`/`extend`/`prepend`, `attr_*`, visibility sections, `module_function`, `alias_method`,
   * `define_method`. True when handled.
   */
  private declaration(name: string, args: number[], node: number, ctx: Ctx, scope: Scope): boolean {
    switch (name) {
      case 'require': case 'require_relative': case 'load': {
        const s = args.length >= 1 ? this.stringText(args[0]) : undefined;
        if (!s) return false;
        this.rb.requires.push({ kind: name, path: s.text, line: this.lineOf(node), at: s.at, from: ctx.from });
        for (const a of args.slice(1)) this.expr(a, ctx, scope);
        return true;
      }
      case 'autoload': {
        const sym = args.length === 2 ? this.symbolName(args[0]) : undefined;
        const s = args.length === 2 ? this.stringText(args[1]) : undefined;
        if (!sym || !s) return false;
        this.rb.requires.push({ kind: 'autoload', path: s.text, line: this.lineOf(node), at: s.at, from: ctx.from, name: sym.name });
        return true;
      }
      case 'let': case 'let!': case 'subject': case 'subject!': return this.letHelper(args, node, ctx);
      default: break;
    }
    const body = ctx.body;
    if (!body || ctx.cls < 0) return false;
    const cls = ctx.cls;
    switch (name) {
      case 'include': case 'extend': case 'prepend': {
        if (args.length === 0) return false;
        const facts = this.rb.classes[cls];
        for (const a of args) {
          const ty = this.type(a);
          if (ty === 'self' && name === 'extend') { if (facts) facts.extendSelf = true; continue; }
          const c = ty === 'constant' || ty === 'scope_resolution' ? this.addConst(a, ctx, 'heritage') : undefined;
          if (c === undefined) { this.expr(a, ctx, scope); continue; }
          if (facts && !body.singleton) (facts.mixins ??= []).push({ kind: name, c, line: this.lineOf(a) });
        }
        return true;
      }
      case 'attr_reader': case 'attr_writer': case 'attr_accessor': case 'attr': {
        let any = false;
        for (const a of args) {
          const sym = this.symbolName(a);
          if (!sym) { this.expr(a, ctx, scope); continue; }
          this.attribute(sym.name, sym.at, a, ctx, name === 'attr' ? 'attr_reader' : name);
          any = true;
        }
        return any || args.length > 0;
      }
      case 'private': case 'public': case 'protected': case 'module_function': case 'private_class_method': case 'public_class_method': case 'private_constant': {
        if (args.length === 0) {
          if (name === 'module_function') body.moduleFunction = true;
          else if (name === 'private' || name === 'public' || name === 'protected') body.vis = name;
          return true;
        }
        for (const a of args) {
          const ty = this.type(a);
          if (ty === 'method' || ty === 'singleton_method') {
            const s = this.methodDef(a, ctx, ty === 'singleton_method');
            if (s >= 0) this.visibility(s, name);
            continue;
          }
          const sym = this.symbolName(a);
          if (sym) {
            for (let s = this.symbols.length - 1; s >= 0; s--) {
              if (this.symbols[s].parent === cls && this.symbols[s].name === sym.name) { this.visibility(s, name); break; }
            }
            continue;
          }
          this.expr(a, ctx, scope);
        }
        return true;
      }
      case 'alias_method': {
        const a = args.length === 2 ? this.symbolName(args[0]) : undefined;
        const b = args.length === 2 ? this.symbolName(args[1]) : undefined;
        if (!a || !b) return false;
        this.alias(a.name, a.at, b.name, node, ctx);
        return true;
      }
      case 'define_method': {
        const a = args.length >= 1 ? this.symbolName(args[0]) : undefined;
        if (!a) return false;
        const s = this.addSymbol('Method', 'define_method', a.name, node, a.at, cls, body.vis === 'public', body.singleton ? { isStatic: true } : {});
        const block = this.child(node, 'block');
        if (block >= 0) this.block(block, { from: s, cls, single: body.singleton, method: s }, { names: new Map(), parent: undefined });
        for (const x of args.slice(1)) this.expr(x, ctx, scope);
        if (block >= 0) this.doneBlocks.add(node);
        return true;
      }
      default: return false;
    }
  }

  /** define_method's block was read with the method as its context; the caller must not read it again. */
  private readonly doneBlocks = new Set<number>();

  /**
   * RSpec's `let(:node) { … }` (`let!`, `subject(:item) { … }`) outside a class body: it defines a helper method of
   * the example group, `node`, whose value is its block's, as a `def node` in that block would (callable bare inside
   * the block only). True when handled (a name and a block); an anonymous `subject { … }` names no helper.
   */
  private letHelper(args: number[], node: number, ctx: Ctx): boolean {
    const blockNode = this.child(node, 'block');
    const sym = args.length === 1 ? this.symbolName(args[0]) : undefined;
    if (!sym || blockNode < 0 || !ctx.block || ctx.body || !(ctx.from === -1 || ctx.cls === -1)) return false;
    const s = this.addSymbol('Function', 'function', sym.name, node, sym.at, -1, true, { signature: this.signature(node, blockNode) });
    if (ctx.block) (this.rb.methods[s] ??= {}).block = [ctx.block[0], ctx.block[1]];
    const inner: Ctx = { from: s, cls: -1, single: false, method: s };
    const scope: Scope = { names: new Map(), parent: undefined };
    let ret: RbVal = OTHER;
    for (const c of this.namedKids(blockNode)) {
      const ty = this.type(c);
      if (ty === 'block_body' || ty === 'body_statement') ret = this.statements(c, inner, scope);
      else if (ty !== 'block_parameters') this.expr(c, inner, scope);
    }
    if (ret.k !== 'other') (this.rb.methods[s] ??= {}).ret = ret;
    this.doneBlocks.add(node);
    return true;
  }

  private visibility(s: number, word: string): void {
    const sym = this.symbols[s];
    if (word === 'private' || word === 'protected' || word === 'private_class_method' || word === 'private_constant') sym.exported = false;
    else if (word === 'public' || word === 'public_class_method') sym.exported = this.symbols[sym.parent]?.exported ?? true;
    else if (word === 'module_function') (this.rb.methods[s] ??= {}).moduleFunction = true;
  }
}
