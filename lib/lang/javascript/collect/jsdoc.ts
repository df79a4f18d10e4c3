/**
 * JSDoc in JavaScript files: the tags that give types (`@param`, `@type`, `@returns`, `@typedef`, `@callback`,
 * `@property`, `@template`) and a parser for the type expressions inside their braces. The TypeScript checker reads
 * these as the annotations TypeScript code would carry; the collector does the same, so the resolver types
 * receivers in JavaScript by the same facts (`Expr`) it uses for TypeScript annotations.
 *
 * Names inside a type are resolved by the caller (`TypeNames`), which knows the scope the comment sits in.
 */
import type { Expr } from '../../../extract/facts.ts';
import { oneSpaced } from '../../../extract/spaces.ts';

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

const TEMPLATE_NAMES = /[\w$]+(?:\s*,\s*[\w$]+)*/y;
const PARAM_NAME = /\[?\s*([\w$]+(?:\.[\w$]+)*)/y;
/** Thrown (one shared value, no stack) when a type does not parse: the caller answers `other`. */
const FAIL = Object.freeze({ fail: true });

/** The tags of a doc comment (`/** … *\/` text), in order; text outside tags is skipped. */
export function jsdocTags(comment: string): JsdocTag[] {
  const text = blankDecoration(comment);
  const out: JsdocTag[] = [];
  // Scanned by hand (indexOf and character codes, no regular expression per tag): large JSDoc-typed code bases
  // (webpack, three) have tens of thousands of doc comments, read once each in a cold process.
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let j = at + 1;
    while (j < text.length && isAsciiLetter(text.charCodeAt(j))) j++;
    if (j === at + 1) continue;
    // a tag starts a line or follows a space/brace (`{@link x}` is inline text, not a tag)
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (before !== 32 && before !== 10 && before !== 9 && before !== 42 /* * */) { at = j - 1; continue; }
    const tag: JsdocTag = { tag: text.slice(at + 1, j) };
    let i = skipSpace(text, j);
    if (text.charCodeAt(i) === 123 /* { */) {
      const end = closing(text, i);
      if (end < 0) { out.push(tag); at = j - 1; continue; }
      tag.type = oneSpaced(text.slice(i + 1, end)).trim();
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
    at = Math.max(j, i) - 1; // the next tag is looked for from here on (after the type, before the name)
    out.push(tag);
  }
  return out;
}

/** One binding of a JSDoc `@import` tag; `at`: offset of the name written first (the imported one) in the comment. */
export interface JsdocImport { kind: 'named' | 'default' | 'namespace'; imported?: string; local: string; source: string; at: number; length: number }

// (a default import may come first: `@import Cache, { Etag } from "./Cache"`, `@import A, * as ns from "./a"`)
const IMPORT_TAG = /@import\s+(?:([\w$]+)\s*,\s*(?=[{*]))?(?:\{([^}]*)\}|\*\s*as\s+([\w$]+)|([\w$]+))\s*from\s*(['"])([^'"\n]*)\5/g;
const IMPORT_ENTRY = /(?:\btype\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?/g;

/**
 * The bindings of the `@import` tags of a doc comment (TypeScript 5.5: `@import { A, B as C } from './x'`,
 * `@import * as ns from './x'`, `@import D from './x'`): type-only imports of a JavaScript file, module-wide.
 */
export function jsdocImportTags(comment: string): JsdocImport[] {
  const text = blankDecoration(comment);
  const out: JsdocImport[] = [];
  IMPORT_TAG.lastIndex = 0;
  for (let m = IMPORT_TAG.exec(text); m; m = IMPORT_TAG.exec(text)) {
    const source = m[6];
    if (m[1] !== undefined) out.push({ kind: 'default', imported: 'default', local: m[1], source, at: m.index + m[0].indexOf(m[1], 7), length: m[1].length });
    if (m[2] !== undefined) {
      const base = m.index + m[0].indexOf('{') + 1;
      IMPORT_ENTRY.lastIndex = 0;
      for (let e = IMPORT_ENTRY.exec(m[2]); e; e = IMPORT_ENTRY.exec(m[2])) {
        const imported = e[1];
        if (imported === 'type' && !e[2]) continue;
        out.push({ kind: 'named', imported, local: e[2] ?? imported, source, at: base + e.index + e[0].indexOf(imported), length: imported.length });
      }
    } else if (m[3] !== undefined) {
      out.push({ kind: 'namespace', local: m[3], source, at: m.index + m[0].lastIndexOf(m[3], m[0].indexOf('from')), length: m[3].length });
    } else {
      out.push({ kind: 'default', imported: 'default', local: m[4], source, at: m.index + m[0].indexOf(m[4], 7), length: m[4].length });
    }
  }
  return out;
}

/**
 * The comment with `/**`, `*\/` and the ` * ` of continuation lines blanked out, every offset kept (names are
 * found by position): a line's leading spaces, tabs and one `*` (not a `*\/`) become spaces.
 */
function blankDecoration(comment: string): string {
  const body = comment.slice(3, comment.endsWith('*/') ? -2 : undefined);
  let out = '   ';
  let from = 0;
  for (let nl = body.indexOf('\n'); nl >= 0; nl = body.indexOf('\n', nl + 1)) {
    let k = nl + 1;
    while (k < body.length && (body.charCodeAt(k) === 32 || body.charCodeAt(k) === 9)) k++;
    if (body.charCodeAt(k) !== 42 /* * */ || body.charCodeAt(k + 1) === 47 /* / */) continue;
    out += body.slice(from, nl + 1) + ' '.repeat(k + 1 - (nl + 1));
    from = k + 1;
  }
  return from === 0 ? out + body : out + body.slice(from);
}

function isAsciiLetter(c: number): boolean { return (c >= 65 && c <= 90) || (c >= 97 && c <= 122); }

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
/**
 * `{any}`, `{*}`, and `{object}` / `{Object}`, on which the checker finds no member either (reading one is an error
 * JavaScript may make, typed `any`): the type `any`.
 */
const ANY: Expr = { k: 'any' };
const ANY_WORDS: ReadonlySet<string> = new Set(['any', '*', 'object', 'Object']);

type Tok = { t: 'id' | 'str' | 'num' | 'p'; v: string };

/** `[A-Za-z_$]` */
function isIdStart(c: number): boolean { return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36; }
function isDigit(c: number): boolean { return c >= 48 && c <= 57; }

/** The tokens of a type expression (character codes, not a regular expression per character: see jsdocTags). */
function tokenize(s: string): Tok[] | undefined {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) { i++; continue; }
    if (isIdStart(c)) {
      let j = i + 1;
      while (j < s.length && (isIdStart(s.charCodeAt(j)) || isDigit(s.charCodeAt(j)))) j++; // [\w$]
      out.push({ t: 'id', v: s.slice(i, j) });
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 45 /* - */ && isDigit(s.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < s.length && (isIdStart(s.charCodeAt(j)) && s.charCodeAt(j) !== 36 || isDigit(s.charCodeAt(j)) || s.charCodeAt(j) === 46)) j++; // [\w.]
      out.push({ t: 'num', v: s.slice(i, j) });
      i = j;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      const j = s.indexOf(s[i], i + 1);
      if (j < 0) return undefined;
      out.push({ t: 'str', v: s.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (s.startsWith('...', i)) { out.push({ t: 'p', v: '...' }); i += 3; continue; }
    if (s.startsWith('=>', i)) { out.push({ t: 'p', v: '=>' }); i += 2; continue; }
    out.push({ t: 'p', v: s[i] });
    i++;
  }
  return out;
}

/**
 * The shape of a JSDoc type expression (`Foo`, `Foo|null`, `Array<Foo>`, `Foo[]`, `Object<string, Foo>`,
 * `import("./x").Foo`, `function(Foo): Bar`, `(a: Foo) => Bar`, `{a: Foo}`, `?Foo`, `...Foo`, `typeof Foo`, `[A, B]`,
 * `InstanceType<typeof Foo>`). Anything it
 * does not understand is `other` (unknown), never a guess.
 */
export function jsdocType(text: string, names: TypeNames): Expr {
  // a bare name (`Compilation`, `string`; the commonest type by far) is what the parser would make of it, without
  // tokens and a parser: a primitive, an untyped word, or the name resolved
  if (isPlainName(text) && !PREFIX_WORDS.has(text)) return PRIMITIVE.has(text) ? { k: 'lit' } : ANY_WORDS.has(text) ? ANY : UNTYPED.has(text) ? OTHER : names.name(text);
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

/** Words `prefix` reads as type operators (`typeof x`, `keyof T`): not names even alone. */
const PREFIX_WORDS: ReadonlySet<string> = new Set(['typeof', 'keyof', 'readonly', 'unique']);

/** One `id` token and nothing else: `[A-Za-z_$][\w$]*`. */
function isPlainName(s: string): boolean {
  if (s.length === 0 || !isIdStart(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) { const c = s.charCodeAt(i); if (!isIdStart(c) && !isDigit(c)) return false; }
  return true;
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
      // `typeof Foo`, `typeof import("./x").Foo`: the value itself (a class, not an instance of it)
      if (t.v === 'typeof') return inner.k === 'id' || inner.k === 'member' ? { k: 'typeof', of: inner } : OTHER;
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
      if (t.v === '*') { this.i++; return ANY; }
      if (t.v === '(') return this.parenOrArrow();
      if (t.v === '{') return this.object();
      if (t.v === '[') {
        // a tuple (`[Foo, Bar]`): each position's type (a labelled or rest element: unknown, as the collector reads them)
        this.i++;
        const items: Expr[] = [];
        while (!this.isP(']')) { items.push(this.union()); if (!this.eat(',')) break; }
        this.expect(']');
        return items.length ? { k: 'list', items } : OTHER;
      }
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
      return PRIMITIVE.has(t.v) ? { k: 'lit' } : ANY_WORDS.has(t.v) ? ANY : OTHER;
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
    if (MAP_TYPES.has(name) && args[1]) return { k: 'map', of: args[1], key: args[0] };
    if ((name === 'Promise' || name === 'PromiseLike') && args[0]) return { k: 'promise', of: args[0] };
    if (name === 'Record' && args[1]) return { k: 'object', props: [], index: args[1] };
    // `InstanceType<typeof Foo>`: an instance of Foo; `ReturnType<typeof f>`: what calling f gives
    if (name === 'InstanceType' && args[0].k === 'typeof') return { k: 'new', callee: args[0].of };
    if (name === 'ReturnType' && args[0].k === 'typeof') return { k: 'call', callee: args[0].of };
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
