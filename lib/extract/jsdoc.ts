/**
 * JSDoc in JavaScript files: the tags that give types (`@param`, `@type`, `@returns`, `@typedef`, `@callback`,
 * `@property`, `@template`) and a parser for the type expressions inside their braces. The TypeScript checker reads
 * these as the annotations TypeScript code would carry; the collector does the same, so the resolver types
 * receivers in JavaScript by the same facts (`Expr`) it uses for TypeScript annotations.
 *
 * Names inside a type are resolved by the caller (`TypeNames`), which knows the scope the comment sits in.
 */
import type { Expr } from './facts.ts';

/** One tag of a doc comment: its name, the type in braces and the name after it (with offsets in the comment). */
export interface JsdocTag {
  tag: string;
  type?: string;
  name?: string;
  /** Offset of `name` in the comment text. */
  nameAt?: number;
  /** For `@template {C} T, U`: every name declared. */
  names?: string[];
}

/** Resolves the names a type mentions: a plain name, and `import("./x")`. */
export interface TypeNames {
  name(name: string): Expr;
  importOf(source: string): Expr;
}

const TAG = /@([A-Za-z]+)/g;
const TEMPLATE_NAMES = /[\w$]+(?:\s*,\s*[\w$]+)*/y;
const PARAM_NAME = /\[?\s*([\w$]+(?:\.[\w$]+)*)/y;
/** Thrown (one shared value, no stack) when a type does not parse: the caller answers `other`. */
const FAIL = Object.freeze({ fail: true });

/** The tags of a doc comment (`/** … *\/` text), in order; text outside tags is skipped. */
export function jsdocTags(comment: string): JsdocTag[] {
  // blank out `/**`, `*/` and the ` * ` of continuation lines, keeping every offset (names are found by position)
  const text = `   ${comment.slice(3, comment.endsWith('*/') ? -2 : undefined)}`.replace(/\n([ \t]*)\*(?!\/)/g, (m) => `\n${' '.repeat(m.length - 1)}`);
  const out: JsdocTag[] = [];
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    // a tag starts a line or follows a space/brace (`{@link x}` is inline text, not a tag)
    const before = m.index > 0 ? text[m.index - 1] : ' ';
    if (before !== ' ' && before !== '\n' && before !== '\t' && before !== '*') continue;
    const tag: JsdocTag = { tag: m[1] };
    let i = skipSpace(text, TAG.lastIndex);
    if (text[i] === '{') {
      const end = closing(text, i);
      if (end < 0) { out.push(tag); continue; }
      tag.type = text.slice(i + 1, end).replace(/\s+/g, ' ').trim();
      i = skipSpace(text, end + 1);
    }
    if (tag.tag === 'template') {
      TEMPLATE_NAMES.lastIndex = i;
      const list = TEMPLATE_NAMES.exec(text);
      if (list) tag.names = list[0].split(',').map((x) => x.trim());
    } else {
      // `name`, `[name]`, `[name=default]`, `obj.key`
      PARAM_NAME.lastIndex = i;
      const nm = PARAM_NAME.exec(text);
      if (nm) { tag.name = nm[1]; tag.nameAt = i + nm[0].length - nm[1].length; }
    }
    TAG.lastIndex = Math.max(TAG.lastIndex, i);
    out.push(tag);
  }
  return out;
}

function skipSpace(t: string, i: number): number {
  while (i < t.length && (t[i] === ' ' || t[i] === '\t' || t[i] === '\n' || t[i] === '\r')) i++;
  return i;
}

/** Index of the `}` closing the `{` at `open` (nested braces counted), -1 if none. */
function closing(t: string, open: number): number {
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    const c = t[i];
    if (c === '{') depth++;
    else if (c === '}') { depth--; if (depth === 0) return i; }
    else if (c === '@' && depth === 1 && /\n\s*$/.test(t.slice(Math.max(open, i - 40), i))) return -1; // the next tag: unbalanced
  }
  return -1;
}

/** Global generic types whose members are their first type argument's members. */
const SAME_MEMBERS = new Set(['Partial', 'Readonly', 'Required', 'NonNullable']);
/** Global generic types whose elements are their first argument (for-of, `xs[i]`, `forEach`). */
const ARRAY_TYPES = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator', 'Iterator', 'AsyncIterable']);
const MAP_TYPES = new Set(['Map', 'ReadonlyMap', 'WeakMap']);
/** Names that say nothing about a value's members. */
const UNTYPED = new Set(['any', 'unknown', 'object', 'Object', 'Function', 'function', 'void', 'undefined', 'null', 'never', 'EXPECTED_ANY', 'EXPECTED_OBJECT', 'EXPECTED_FUNCTION']);
const PRIMITIVE = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'String', 'Number', 'Boolean', 'true', 'false', 'RegExp', 'Date']);

const OTHER: Expr = { k: 'other' };

type Tok = { t: 'id' | 'str' | 'num' | 'p'; v: string };

function tokenize(s: string): Tok[] | undefined {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < s.length && /[\w$]/.test(s[j])) j++;
      out.push({ t: 'id', v: s.slice(i, j) });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(s[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < s.length && /[\w.]/.test(s[j])) j++;
      out.push({ t: 'num', v: s.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const j = s.indexOf(c, i + 1);
      if (j < 0) return undefined;
      out.push({ t: 'str', v: s.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (s.startsWith('...', i)) { out.push({ t: 'p', v: '...' }); i += 3; continue; }
    if (s.startsWith('=>', i)) { out.push({ t: 'p', v: '=>' }); i += 2; continue; }
    out.push({ t: 'p', v: c });
    i++;
  }
  return out;
}

/**
 * The shape of a JSDoc type expression (`Foo`, `Foo|null`, `Array<Foo>`, `Foo[]`, `Object<string, Foo>`,
 * `import("./x").Foo`, `function(Foo): Bar`, `(a: Foo) => Bar`, `{a: Foo}`, `?Foo`, `...Foo`). Anything it
 * does not understand is `other` (unknown), never a guess.
 */
export function jsdocType(text: string, names: TypeNames): Expr {
  const toks = tokenize(text);
  if (!toks || toks.length === 0) return OTHER;
  const p = new TypeParser(toks, names);
  try {
    const e = p.union();
    return p.done() ? e : OTHER;
  } catch {
    return OTHER;
  }
}

class TypeParser {
  private i = 0;
  constructor(private readonly toks: Tok[], private readonly names: TypeNames) {}

  done(): boolean { return this.i >= this.toks.length; }
  private peek(k = 0): Tok | undefined { return this.toks[this.i + k]; }
  private isP(v: string, k = 0): boolean { const t = this.toks[this.i + k]; return !!t && t.t === 'p' && t.v === v; }
  private eat(v: string): boolean { if (this.isP(v)) { this.i++; return true; } return false; }
  private expect(v: string): void { if (!this.eat(v)) throw FAIL; }

  union(): Expr {
    this.eat('|');
    const types = [this.intersection()];
    while (this.eat('|')) types.push(this.intersection());
    return types.length === 1 ? types[0] : { k: 'union', types };
  }

  private intersection(): Expr {
    const types = [this.prefix()];
    while (this.eat('&')) types.push(this.prefix());
    return types.length === 1 ? types[0] : { k: 'intersection', types };
  }

  private prefix(): Expr {
    if (this.eat('?') || this.eat('!')) {
      // `?` alone (any) or `?Foo` (nullable)
      const t = this.peek();
      if (!t || (t.t === 'p' && (t.v === '|' || t.v === ',' || t.v === '>' || t.v === ')' || t.v === '}' || t.v === ']' || t.v === '='))) return OTHER;
      return this.prefix();
    }
    if (this.eat('...')) return { k: 'array', of: this.prefix() };
    const t = this.peek();
    if (t && t.t === 'id' && (t.v === 'typeof' || t.v === 'keyof' || t.v === 'readonly' || t.v === 'unique') && this.peek(1)?.t !== 'p') {
      this.i++;
      const inner = this.prefix();
      return t.v === 'readonly' ? inner : OTHER;
    }
    return this.postfix(this.primary());
  }

  private postfix(e: Expr): Expr {
    for (;;) {
      if (this.isP('[') && this.isP(']', 1)) { this.i += 2; e = { k: 'array', of: e }; continue; }
      if (this.isP('[')) { this.i++; this.union(); this.expect(']'); e = OTHER; continue; } // indexed access
      if (this.eat('=')) continue; // optional parameter
      if (this.isP('?') && !this.isP(':', 1)) { this.i++; continue; } // `Foo?` nullable
      if (this.eat('!')) continue;
      return e;
    }
  }

  private primary(): Expr {
    const t = this.peek();
    if (!t) throw FAIL;
    if (t.t === 'str' || t.t === 'num') { this.i++; return { k: 'lit' }; }
    if (t.t === 'p') {
      if (t.v === '*') { this.i++; return OTHER; }
      if (t.v === '(') return this.parenOrArrow();
      if (t.v === '{') return this.object();
      if (t.v === '[') { this.i++; while (!this.isP(']')) { this.union(); if (!this.eat(',')) break; } this.expect(']'); return OTHER; } // tuple
      if (t.v === '<') { this.generics(); return this.parenOrArrow(); } // `<T>(x: T) => T`
      throw FAIL;
    }
    // a name
    this.i++;
    if (t.v === 'function' && this.isP('(')) return this.closureFunction();
    if (t.v === 'import' && this.isP('(')) {
      this.i++;
      const s = this.peek();
      if (!s || s.t !== 'str') throw FAIL;
      this.i++;
      this.expect(')');
      let e = this.names.importOf(s.v);
      while (this.isP('.') && this.peek(1)?.t === 'id') { e = { k: 'member', obj: e, name: this.peek(1)!.v }; this.i += 2; }
      return this.withArgs(e, undefined);
    }
    if (t.v === 'new' && this.isP('(')) { this.parenOrArrow(); return OTHER; }
    const path = [t.v];
    while (this.isP('.') && this.peek(1)?.t === 'id') { path.push(this.peek(1)!.v); this.i += 2; }
    if (path.length === 1 && (UNTYPED.has(t.v) || PRIMITIVE.has(t.v))) {
      if (this.isP('<') || (this.isP('.') && this.isP('<', 1))) {
        // `Object<string, Foo>`, `Object.<string, Foo>`: an index signature
        const args = this.generics();
        if (t.v === 'Object' && args.length === 2) return { k: 'object', props: [], index: args[1] };
      }
      return PRIMITIVE.has(t.v) ? { k: 'lit' } : OTHER;
    }
    let e = this.names.name(path[0]);
    for (let k = 1; k < path.length; k++) e = { k: 'member', obj: e, name: path[k] };
    return this.withArgs(e, path.length === 1 ? path[0] : undefined);
  }

  /** Type arguments after a name (`Foo<A, B>`, `Array.<A>`), read like the TypeScript collector reads them. */
  private withArgs(e: Expr, global: string | undefined): Expr {
    if (!(this.isP('<') || (this.isP('.') && this.isP('<', 1)))) return e;
    const args = this.generics();
    if (args.length === 0) return e;
    const free = e.k === 'id' && !e.b;
    if (!free) return e.k === 'id' ? { k: 'generic', of: e, args: args.slice(0, 2) } : e;
    const name = global ?? '';
    if (SAME_MEMBERS.has(name)) return args[0];
    if (ARRAY_TYPES.has(name)) return { k: 'array', of: args[0] };
    if (MAP_TYPES.has(name) && args[1]) return { k: 'map', of: args[1] };
    if ((name === 'Promise' || name === 'PromiseLike') && args[0]) return { k: 'promise', of: args[0] };
    if (name === 'Record' && args[1]) return { k: 'object', props: [], index: args[1] };
    return e;
  }

  private generics(): Expr[] {
    this.eat('.');
    this.expect('<');
    const args: Expr[] = [];
    while (!this.isP('>')) {
      // `<T extends X>` in a function type's own parameters: skip the constraint
      args.push(this.union());
      if (this.peek()?.t === 'id' && this.peek()!.v === 'extends') { this.i++; this.union(); }
      if (!this.eat(',')) break;
    }
    this.expect('>');
    return args;
  }

  /** `function(A, B): R` (Closure syntax; `this:` and `new:` parameters skipped). */
  private closureFunction(): Expr {
    this.expect('(');
    const params: Array<Expr | null> = [];
    while (!this.isP(')')) {
      const t = this.peek();
      if (t && t.t === 'id' && (t.v === 'this' || t.v === 'new') && this.isP(':', 1)) { this.i += 2; this.union(); }
      else params.push(this.union());
      if (!this.eat(',')) break;
    }
    this.expect(')');
    const returns = this.eat(':') ? this.union() : OTHER;
    return { k: 'fntype', returns, params };
  }

  /** `(A|B)` or an arrow function type `(a: A, b?: B) => R` (told apart by the `=>` after the closing parenthesis). */
  private parenOrArrow(): Expr {
    let depth = 0, j = this.i;
    for (; j < this.toks.length; j++) {
      const t = this.toks[j];
      if (t.t !== 'p') continue;
      if (t.v === '(') depth++;
      else if (t.v === ')' && --depth === 0) break;
    }
    const next = this.toks[j + 1];
    if (next && next.t === 'p' && next.v === '=>') {
      const save = this.i;
      const fn = this.arrow();
      if (fn) return fn;
      this.i = save;
    }
    this.expect('(');
    const e = this.union();
    this.expect(')');
    return e;
  }

  private arrow(): Expr | undefined {
    this.expect('(');
    const params: Array<Expr | null> = [];
    while (!this.isP(')')) {
      this.eat('...');
      const n = this.peek();
      if (!n || n.t !== 'id') return undefined;
      this.i++;
      this.eat('?');
      const type = this.eat(':') ? this.union() : null;
      if (n.v !== 'this') params.push(type);
      if (!this.eat(',')) break;
    }
    this.expect(')');
    if (!this.eat('=>')) return undefined;
    return { k: 'fntype', returns: this.union(), params };
  }

  /** `{a: A, b?: B, [k: string]: C}`; methods make it unknown. */
  private object(): Expr {
    this.expect('{');
    const props: Array<{ name: string; type: Expr }> = [];
    let index: Expr | undefined;
    while (!this.isP('}')) {
      if (this.isP('[')) {
        this.i++;
        this.union();
        if (this.eat(':')) this.union();
        this.expect(']');
        this.expect(':');
        index = this.union();
      } else {
        const n = this.peek();
        if (!n || (n.t !== 'id' && n.t !== 'str')) throw FAIL;
        this.i++;
        this.eat('?');
        if (this.isP('(')) { this.arrow(); return OTHER; }
        this.expect(':');
        props.push({ name: n.v, type: this.union() });
      }
      if (!this.eat(',') && !this.eat(';')) break;
    }
    this.expect('}');
    return index ? { k: 'object', props, index } : { k: 'object', props };
  }
}
