/**
 * Parser for the subset of the tree-sitter query language our `.scm` files use. The indexer matches these
 * patterns itself (lib/extract/query-match.ts) instead of compiling them with tree-sitter: the native compile
 * costs ~1–1.7 ms per nested pattern on the TypeScript grammar, once per process, and cannot be cached.
 *
 * Supported: `(type …)`, `(_)`, `_`, `"token"`, `field: pattern`, `!field`, `[alternatives]`, `?`, anchors `.`,
 * captures (several on one node), grouping `((pattern) @c (#set! key "value"))`, text predicates (`#eq?`,
 * `#match?`, `#any-of?` and their negated and `any-` forms: lib/extract/query-predicates.ts), and the directives of
 * tags and highlight queries, accepted and ignored (`#strip!`, `#set-adjacent!`, `#select-adjacent!`, `#is?`,
 * `#is-not?`). Anything else (`*`, `+`, sibling sequences, `MISSING`, supertypes `a/b`, other predicates) is
 * rejected with the offending position, so a query edit cannot silently mean something other than what tree-sitter
 * would make of it.
 */
import { IGNORED_PREDICATES, TEXT_PREDICATES, type PredicateArg, type QPredicate } from './query-predicates.ts';

/** One pattern element: a node (named, anonymous token or wildcard) or an alternation. */
export interface QNode {
  kind: 'node' | 'alt';
  /** Node type name (`identifier`, `let`); undefined for a wildcard. */
  type?: string;
  /** `(x)` and `(_)` are named; `"x"` and `_` are not. */
  named: boolean;
  field?: string;
  negated: string[];
  captures: string[];
  optional: boolean;
  /** The node must be the next named child after the previous element (or the first one): `. (x)`. */
  immediate: boolean;
  /** The node must be its parent's last named child: `(x) .`. */
  last: boolean;
  children: QNode[];
  /** Alternatives of an alternation. */
  alts: QNode[];
}

/** A top-level pattern with its `#set!` properties and its text predicates. */
export interface QPattern { root: QNode; props: Record<string, string>; source: string; predicates?: QPredicate[] }

/** Error in a query file: says where and what. */
export class QuerySyntaxError extends Error {
  constructor(message: string, text: string, at: number) {
    const line = text.slice(0, at).split('\n').length;
    const lineText = text.split('\n')[line - 1] ?? '';
    super(`query line ${line}: ${message}\n  ${lineText.trim()}`);
    this.name = 'QuerySyntaxError';
  }
}

/** Parses a whole query text into its patterns (in order: the pattern index is the position). */
export function parseQuery(text: string): QPattern[] {
  return new QueryParser(text).patterns();
}

class QueryParser {
  private i = 0;
  /** The text predicates of the pattern being parsed. */
  private predicates: QPredicate[] = [];
  constructor(private readonly s: string) {}

  patterns(): QPattern[] {
    const out: QPattern[] = [];
    for (;;) {
      this.skip();
      if (this.i >= this.s.length) return out;
      const start = this.i;
      const props: Record<string, string> = {};
      this.predicates = [];
      const root = this.element(props, true);
      if (!root) this.fail(`unexpected '${this.s[this.i]}'`);
      if (root.optional) this.fail('a quantifier on a whole pattern is not supported', start);
      const p: QPattern = { root, props, source: this.s.slice(start, this.i) };
      if (this.predicates.length) p.predicates = this.predicates;
      out.push(p);
    }
  }

  /** One element: node, token, wildcard, alternation or group; undefined at ')' / ']'. */
  private element(props: Record<string, string>, top: boolean): QNode | undefined {
    this.skip();
    const c = this.s[this.i];
    let node: QNode;
    if (c === '(') {
      const at = this.i;
      this.i++;
      this.skip();
      const d = this.s[this.i];
      if (d === '(' || d === '[') {
        // a group: one pattern plus predicates
        const inner = this.element(props, false);
        if (!inner) this.fail('empty group', at);
        for (;;) {
          this.skip();
          if (this.s[this.i] === ')') { this.i++; break; }
          if (this.s.startsWith('(#', this.i)) { this.predicate(props); continue; }
          this.fail('sibling sequences in a group are not supported (only one pattern plus predicates)');
        }
        node = inner;
        if (!top) this.fail('nested groups are not supported', at);
      } else {
        node = this.nodeBody(props);
      }
    } else if (c === '[') {
      this.i++;
      const alts: QNode[] = [];
      for (;;) {
        this.skip();
        if (this.s[this.i] === ']') { this.i++; break; }
        const a = this.element(props, false);
        if (!a) this.fail('expected an alternative');
        if (a.optional || a.field || a.immediate || a.last) this.fail('quantifiers, fields and anchors inside an alternative are not supported');
        alts.push(a);
      }
      if (alts.length === 0) this.fail('empty alternation');
      node = { kind: 'alt', named: true, negated: [], captures: [], optional: false, immediate: false, last: false, children: [], alts };
    } else if (c === '"') {
      node = this.leaf(this.string(), false);
    } else if (c === '_' && !/[\w-]/.test(this.s[this.i + 1] ?? '')) {
      this.i++;
      node = this.leaf(undefined, false);
    } else if (c === ')' || c === ']' || c === undefined) {
      return undefined;
    } else {
      this.fail(`unexpected '${c}'`);
    }
    this.suffix(node);
    return node;
  }

  private leaf(type: string | undefined, named: boolean): QNode {
    return { kind: 'node', type, named, negated: [], captures: [], optional: false, immediate: false, last: false, children: [], alts: [] };
  }

  /** After '(' of a node: its type, then children, fields, anchors, negated fields, predicates. */
  private nodeBody(props: Record<string, string>): QNode {
    const name = this.ident('a node type');
    if (name === 'MISSING') this.fail('(MISSING …) is not supported');
    if (this.s[this.i] === '/') this.fail('supertype steps (a/b) are not supported');
    const node = this.leaf(name === '_' ? undefined : name, true);
    let anchor = false;
    for (;;) {
      this.skip();
      const c = this.s[this.i];
      if (c === ')') {
        this.i++;
        if (anchor) {
          if (node.children.length === 0) this.fail('an anchor needs a child pattern');
          const lastChild = node.children[node.children.length - 1];
          if (lastChild.optional) this.fail('an anchor next to an optional pattern is not supported');
          lastChild.last = true;
        }
        return node;
      }
      if (c === '.') {
        if (anchor) this.fail('two anchors in a row');
        this.i++; anchor = true; continue;
      }
      if (c === '!') {
        this.i++;
        node.negated.push(this.ident('a field name'));
        continue;
      }
      if (this.s.startsWith('(#', this.i)) { this.predicate(props); continue; }
      let field: string | undefined;
      const m = /^([A-Za-z_][\w]*)\s*:/.exec(this.s.slice(this.i, this.i + 64));
      if (m) { field = m[1]; this.i += m[0].length; }
      const child = this.element(props, false);
      if (!child) this.fail('expected a child pattern');
      if (field) child.field = field;
      if (anchor) {
        if (child.optional) this.fail('an anchor next to an optional pattern is not supported');
        const prev = node.children[node.children.length - 1];
        if (prev?.optional) this.fail('an anchor next to an optional pattern is not supported');
        child.immediate = true;
        anchor = false;
      }
      node.children.push(child);
    }
  }

  /** Quantifier and captures after an element (in either order). */
  private suffix(node: QNode): void {
    for (;;) {
      this.skip();
      const c = this.s[this.i];
      if (c === '?') { this.i++; node.optional = true; continue; }
      if (c === '*' || c === '+') this.fail(`the quantifier '${c}' is not supported`);
      if (c === '@') { this.i++; node.captures.push(this.ident('a capture name')); continue; }
      return;
    }
  }

  /** `(#set! key "value")`, a text predicate, or an ignored directive; any other predicate is refused. */
  private predicate(props: Record<string, string>): void {
    const at = this.i;
    this.i += 2;
    const pm = /^[\w.!?-]+/.exec(this.s.slice(this.i, this.i + 64));
    if (!pm) this.fail('expected a predicate name');
    const name = pm[0];
    this.i += name.length;
    if (TEXT_PREDICATES.has(name) || IGNORED_PREDICATES.has(name)) {
      const args = this.predicateArgs();
      if (TEXT_PREDICATES.has(name)) this.predicates.push({ op: name, args });
      return;
    }
    if (name !== 'set!') this.fail(`the predicate #${name} is not supported`, at);
    this.skip();
    const key = this.ident('a property name');
    this.skip();
    const value = this.s[this.i] === '"' ? this.string() : this.ident('a property value');
    this.skip();
    if (this.s[this.i] !== ')') this.fail('#set! takes a key and one value');
    this.i++;
    props[key] = value;
  }

  /** A predicate's arguments up to its `)`: captures (`@name`) and strings (quoted or bare words). */
  private predicateArgs(): PredicateArg[] {
    const args: PredicateArg[] = [];
    for (;;) {
      this.skip();
      const c = this.s[this.i];
      if (c === ')') { this.i++; return args; }
      if (c === undefined) this.fail('unterminated predicate');
      if (c === '@') { this.i++; args.push({ capture: this.ident('a capture name') }); continue; }
      args.push({ text: c === '"' ? this.string() : this.ident('a predicate argument') });
    }
  }

  private ident(what: string): string {
    const m = /^[A-Za-z_][\w.!-]*/.exec(this.s.slice(this.i, this.i + 128));
    if (!m) this.fail(`expected ${what}`);
    let id = m[0];
    if (id.endsWith('.') ) id = id.replace(/\.+$/, '');
    this.i += id.length;
    return id;
  }

  private string(): string {
    let out = '';
    this.i++;
    for (;;) {
      const c = this.s[this.i++];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') return out;
      if (c === '\\') {
        const e = this.s[this.i++];
        out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === '0' ? '\0' : e;
      } else out += c;
    }
  }

  /** Skips whitespace and `;` comments. */
  private skip(): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 9 || c === 13) { this.i++; continue; }
      if (c === 59) { const nl = s.indexOf('\n', this.i); this.i = nl < 0 ? s.length : nl + 1; continue; }
      return;
    }
  }

  private fail(message: string, at = this.i): never {
    throw new QuerySyntaxError(message, this.s, at);
  }
}
