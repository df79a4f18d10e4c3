/**
 * Recursive-descent parser for the read-only openCypher subset: text → typed AST. Write clauses are recognised
 * as clauses (never by scanning raw text) and refused with a ReadOnly error, unless the test-only
 * `allowWrites` option is set (the TCK runner's graph loader).
 */
import type { BinaryOp, Clause, Direction, Expr, MapProjItem, NodePattern, PatternPart, Projection, ProjectionItem, Query, RelPattern, SingleQuery, SortItem } from './ast.ts';
import { CypherError, syntaxError } from './errors.ts';
import { tokenize, type Token } from './lexer.ts';
import { CFloat, intFromBig, type Value } from './values.ts';

export interface ParseOptions {
  /** Test-only: parse CREATE / DELETE instead of refusing them. Never enabled by the production entry point. */
  allowWrites?: boolean;
}

/** Clause keywords that write or administer; any of them at a clause position is refused with READ_ONLY. */
const WRITE_CLAUSES = new Set(['CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'FOREACH', 'LOAD', 'DROP', 'ALTER', 'GRANT', 'REVOKE', 'DENY', 'RENAME', 'TERMINATE', 'INSERT']);

/** Read-only procedures the engine answers itself; `CALL` of anything else is refused with READ_ONLY. */
export const KNOWN_PROCEDURES = new Set(['db.labels', 'db.relationshiptypes', 'db.propertykeys']);

/** Words that cannot be used as bare variable names in expressions. */
const RESERVED = new Set(['AND', 'OR', 'XOR', 'NOT', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END',
  'AS', 'STARTS', 'ENDS', 'CONTAINS', 'WHERE', 'MATCH', 'OPTIONAL', 'RETURN', 'WITH', 'UNWIND', 'UNION', 'ORDER', 'BY',
  'SKIP', 'LIMIT', 'DISTINCT', 'ASC', 'DESC', 'ASCENDING', 'DESCENDING', 'CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH',
  'REMOVE', 'FOREACH', 'CALL', 'YIELD', 'LOAD']);

/** Parses a whole query (UNION of single queries, optional trailing semicolon). */
export function parse(src: string, options: ParseOptions = {}): Query {
  return new Parser(src, options).query();
}

class Parser {
  private readonly toks: Token[];
  private i = 0;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly src: string, private readonly opts: ParseOptions) {
    this.toks = tokenize(src);
    for (let k = 0; k < src.length; k++) if (src[k] === '\n') this.lineStarts.push(k + 1);
  }

  // ---- token helpers -----------------------------------------------------------------------------------
  private peek(o = 0): Token { return this.toks[Math.min(this.i + o, this.toks.length - 1)]; }
  private next(): Token { return this.toks[this.i++]; }
  private get prevEnd(): number { return this.i > 0 ? this.toks[this.i - 1].end : 0; }
  private isKw(t: Token, kw: string): boolean { return t.type === 'ident' && !t.quoted && t.value.toUpperCase() === kw; }
  private atKw(kw: string, o = 0): boolean { return this.isKw(this.peek(o), kw); }
  private eatKw(kw: string): boolean { if (this.atKw(kw)) { this.i++; return true; } return false; }
  private expectKw(kw: string): Token { if (!this.atKw(kw)) this.fail([kw]); return this.next(); }
  private atOp(op: string, o = 0): boolean { const t = this.peek(o); return t.type === 'op' && t.value === op; }
  private eatOp(op: string): boolean { if (this.atOp(op)) { this.i++; return true; } return false; }
  private expectOp(op: string): Token { if (!this.atOp(op)) this.fail([`'${op}'`]); return this.next(); }

  /** Line and column of an offset. */
  pos(at: number): { line: number; column: number } {
    let lo = 0, hi = this.lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (this.lineStarts[mid] <= at) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: at - this.lineStarts[lo] + 1 };
  }

  private describe(t: Token): string {
    if (t.type === 'eof') return 'end of input';
    if (t.type === 'string') return 'a string literal';
    if (t.type === 'param') return `$${t.value}`;
    return `'${this.src.slice(t.start, t.end)}'`;
  }

  private fail(expected: string[], detail = 'UnexpectedSyntax'): never {
    const t = this.peek();
    throw syntaxError(detail, `expected ${expected.join(' or ')} but found ${this.describe(t)}`, { line: t.line, column: t.column }, expected);
  }

  private errAt(at: number, detail: string, message: string): CypherError {
    return syntaxError(detail, message, this.pos(at));
  }

  /** A name: identifier, quoted identifier or keyword (labels, types, property keys, map keys). */
  private name(what: string): string {
    const t = this.peek();
    if (t.type !== 'ident') this.fail([what]);
    this.i++;
    return t.value;
  }

  /** A variable name: any identifier that is not a reserved word (quoted names always qualify). */
  private atVariable(o = 0): boolean {
    const t = this.peek(o);
    return t.type === 'ident' && (t.quoted === true || !RESERVED.has(t.value.toUpperCase()));
  }
  private variable(): string {
    if (!this.atVariable()) this.fail(['a variable name']);
    return this.next().value;
  }

  // ---- query structure ------------------------------------------------------------------------------------
  query(): Query {
    const parts: SingleQuery[] = [this.singleQuery()];
    const unionAll: boolean[] = [];
    while (this.atKw('UNION')) {
      this.i++;
      unionAll.push(this.eatKw('ALL'));
      parts.push(this.singleQuery());
    }
    this.eatOp(';');
    if (this.peek().type !== 'eof') this.fail(['a clause', 'end of input']);
    return { parts, unionAll };
  }

  private singleQuery(): SingleQuery {
    const clauses: Clause[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type === 'eof' || this.atOp(';') || this.atOp('}') || this.atKw('UNION')) break;
      clauses.push(this.clause());
    }
    if (clauses.length === 0) this.fail(['a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN)']);
    return { clauses };
  }

  private clause(): Clause {
    const t = this.peek();
    const at = t.start;
    const kw = t.type === 'ident' && !t.quoted ? t.value.toUpperCase() : '';
    switch (kw) {
      case 'MATCH': {
        this.i++;
        return this.matchRest(at, false);
      }
      case 'OPTIONAL': {
        this.i++;
        this.expectKw('MATCH');
        return this.matchRest(at, true);
      }
      case 'UNWIND': {
        this.i++;
        const expr = this.expr();
        this.expectKw('AS');
        const alias = this.variable();
        return { k: 'unwind', expr, alias, at, end: this.prevEnd };
      }
      case 'WITH': {
        this.i++;
        const proj = this.projection();
        const where = this.eatKw('WHERE') ? this.expr() : undefined;
        return { k: 'with', proj, where, at, end: this.prevEnd };
      }
      case 'RETURN': {
        this.i++;
        return { k: 'return', proj: this.projection(), at, end: this.prevEnd };
      }
      case 'CALL':
        return this.callClause();
    }
    if (WRITE_CLAUSES.has(kw)) {
      if (this.opts.allowWrites && kw === 'CREATE') {
        this.i++;
        return { k: 'create', patterns: this.patternList(), at, end: this.prevEnd };
      }
      if (this.opts.allowWrites && (kw === 'DELETE' || kw === 'DETACH')) {
        this.i++;
        const detach = kw === 'DETACH';
        if (detach) this.expectKw('DELETE');
        const exprs = [this.expr()];
        while (this.eatOp(',')) exprs.push(this.expr());
        return { k: 'delete', exprs, detach, at, end: this.prevEnd };
      }
      const p = this.pos(at);
      throw new CypherError('ReadOnly', 'compile', `${kw === 'DETACH' ? 'DETACH DELETE' : kw === 'LOAD' ? 'LOAD CSV' : kw} is not allowed: cypher queries are read-only (line ${p.line}, column ${p.column})`, { detail: 'ReadOnly', ...p });
    }
    this.fail(['a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN)']);
  }

  private matchRest(at: number, optional: boolean): Clause {
    const patterns = this.patternList();
    const where = this.eatKw('WHERE') ? this.expr() : undefined;
    return { k: 'match', optional, patterns, where, at, end: this.prevEnd };
  }

  private callClause(): Clause {
    const at = this.next().start;
    if (this.atOp('{')) {
      throw this.errAt(at, 'UnexpectedSyntax', 'CALL { … } subqueries are not supported');
    }
    let name = this.name('a procedure name');
    while (this.eatOp('.')) name += '.' + this.name('a procedure name');
    if (!KNOWN_PROCEDURES.has(name.toLowerCase())) {
      const p = this.pos(at);
      throw new CypherError('ReadOnly', 'compile', `CALL ${name} is not allowed: only the read-only procedures ${[...KNOWN_PROCEDURES].join(', ')} can be called (line ${p.line}, column ${p.column})`, { detail: 'ProcedureNotAllowed', ...p });
    }
    let args: Expr[] | undefined;
    if (this.eatOp('(')) {
      args = [];
      if (!this.atOp(')')) { args.push(this.expr()); while (this.eatOp(',')) args.push(this.expr()); }
      this.expectOp(')');
    }
    let yields: { name: string; alias?: string }[] | undefined;
    let yieldStar = false;
    let where: Expr | undefined;
    if (this.eatKw('YIELD')) {
      if (this.eatOp('*')) yieldStar = true;
      else {
        yields = [];
        do {
          const n = this.name('a result field');
          const alias = this.eatKw('AS') ? this.variable() : undefined;
          yields.push({ name: n, alias });
        } while (this.eatOp(','));
        if (this.eatKw('WHERE')) where = this.expr();
      }
    }
    return { k: 'call', proc: name.toLowerCase(), args, yields, yieldStar, where, at, end: this.prevEnd };
  }

  private projection(): Projection {
    const distinct = this.eatKw('DISTINCT');
    let star = false;
    const items: ProjectionItem[] = [];
    if (this.eatOp('*')) {
      star = true;
      while (this.eatOp(',')) items.push(this.projectionItem());
    } else {
      items.push(this.projectionItem());
      while (this.eatOp(',')) items.push(this.projectionItem());
    }
    let order: SortItem[] | undefined;
    if (this.atKw('ORDER')) {
      this.i++;
      this.expectKw('BY');
      order = [this.sortItem()];
      while (this.eatOp(',')) order.push(this.sortItem());
    }
    const skip = this.eatKw('SKIP') || this.eatKw('OFFSET') ? this.expr() : undefined;
    const limit = this.eatKw('LIMIT') ? this.expr() : undefined;
    return { distinct, star, items, order, skip, limit };
  }

  private projectionItem(): ProjectionItem {
    const expr = this.expr();
    const text = this.src.slice(expr.at, expr.end);
    if (this.eatKw('AS')) return { expr, alias: this.variable(), text };
    return { expr, text };
  }

  private sortItem(): SortItem {
    const expr = this.expr();
    let desc = false;
    if (this.eatKw('DESC') || this.eatKw('DESCENDING')) desc = true;
    else if (this.eatKw('ASC') || this.eatKw('ASCENDING')) desc = false;
    return { expr, desc };
  }

  // ---- patterns -------------------------------------------------------------------------------------------
  private patternList(): PatternPart[] {
    const parts = [this.patternPart()];
    while (this.eatOp(',')) parts.push(this.patternPart());
    return parts;
  }

  private patternPart(): PatternPart {
    const at = this.peek().start;
    let pathVar: string | undefined;
    if (this.atVariable() && this.atOp('=', 1)) { pathVar = this.next().value; this.i++; }
    const t = this.peek();
    if (t.type === 'ident' && !t.quoted && this.atOp('(', 1) && (t.value.toLowerCase() === 'shortestpath' || t.value.toLowerCase() === 'allshortestpaths')) {
      this.i += 2;
      const inner = this.patternElement(false);
      this.expectOp(')');
      return { ...inner, pathVar, shortest: t.value.toLowerCase() === 'shortestpath' ? 'shortestPath' : 'allShortestPaths', at, end: this.prevEnd };
    }
    const el = this.patternElement(false);
    return { ...el, pathVar, at, end: this.prevEnd };
  }

  /** NodePattern (RelPattern NodePattern)*; with `needRel`, at least one relationship (pattern expressions). */
  private patternElement(needRel: boolean): PatternPart {
    const at = this.peek().start;
    if (this.atOp('(') && this.atOp('(', 1)) {
      // Parenthesised pattern element.
      this.i++;
      const inner = this.patternElement(needRel);
      this.expectOp(')');
      return { ...inner, at, end: this.prevEnd };
    }
    const nodes: NodePattern[] = [this.nodePattern()];
    const rels: RelPattern[] = [];
    while (this.atOp('-') || (this.atOp('<') && this.atOp('-', 1))) {
      rels.push(this.relPattern());
      nodes.push(this.nodePattern());
    }
    if (needRel && rels.length === 0) this.fail(["'-'", "'<-'"]);
    return { nodes, rels, at, end: this.prevEnd };
  }

  private nodePattern(): NodePattern {
    const at = this.peek().start;
    this.expectOp('(');
    let v: string | undefined;
    if (this.atVariable()) v = this.next().value;
    const labels: string[] = [];
    while (this.eatOp(':')) {
      labels.push(this.name('a label name'));
      // GQL-style `:A|B` or `:A&B` label expressions are not openCypher.
    }
    let props: Expr | undefined;
    if (this.atOp('{')) props = this.mapLiteral();
    else if (this.peek().type === 'param') { const t = this.next(); props = { k: 'param', name: t.value, at: t.start, end: t.end }; }
    this.expectOp(')');
    return { v, labels, props, at, end: this.prevEnd };
  }

  private relPattern(): RelPattern {
    const at = this.peek().start;
    let left = false;
    if (this.eatOp('<')) left = true;
    this.expectOp('-');
    let v: string | undefined;
    const types: string[] = [];
    let props: Expr | undefined;
    let range: RelPattern['range'];
    if (this.eatOp('[')) {
      if (this.atVariable()) v = this.next().value;
      if (this.eatOp(':')) {
        types.push(this.name('a relationship type'));
        while (this.eatOp('|')) { this.eatOp(':'); types.push(this.name('a relationship type')); }
      }
      if (this.atOp('..') || (this.peek().type === 'int' && !this.atOp('*'))) {
        throw syntaxError('InvalidRelationshipPattern', 'a variable-length relationship needs * before its bounds (e.g. [:T*1..3])', { line: this.peek().line, column: this.peek().column });
      }
      if (this.eatOp('*')) {
        range = {};
        if (this.atOp('-')) throw syntaxError('InvalidRelationshipPattern', 'variable-length bounds cannot be negative', { line: this.peek().line, column: this.peek().column });
        if (this.peek().type === 'int') range.min = this.rangeInt();
        if (this.eatOp('..')) {
          if (this.atOp('-')) throw syntaxError('InvalidRelationshipPattern', 'variable-length bounds cannot be negative', { line: this.peek().line, column: this.peek().column });
          if (this.peek().type === 'int') range.max = this.rangeInt();
        } else if (range.min !== undefined) {
          range.max = range.min;
        }
      }
      if (this.atOp('{')) props = this.mapLiteral();
      else if (this.peek().type === 'param') { const t = this.next(); props = { k: 'param', name: t.value, at: t.start, end: t.end }; }
      this.expectOp(']');
    }
    this.expectOp('-');
    let right = false;
    if (this.eatOp('>')) right = true;
    const dir: Direction = left && !right ? 'in' : right && !left ? 'out' : 'both';
    return { v, types, dir, props, range, at, end: this.prevEnd };
  }

  private rangeInt(): number {
    const t = this.next();
    const v = this.intLiteral(t, false);
    return typeof v === 'bigint' ? Number.MAX_SAFE_INTEGER : v;
  }

  // ---- expressions ------------------------------------------------------------------------------------------
  expr(): Expr { return this.orExpr(); }

  private bin(op: BinaryOp, l: Expr, r: Expr): Expr {
    return { k: 'bin', op, l, r, at: l.at, end: r.end };
  }

  private orExpr(): Expr {
    let l = this.xorExpr();
    while (this.eatKw('OR')) l = this.bin('or', l, this.xorExpr());
    return l;
  }
  private xorExpr(): Expr {
    let l = this.andExpr();
    while (this.eatKw('XOR')) l = this.bin('xor', l, this.andExpr());
    return l;
  }
  private andExpr(): Expr {
    let l = this.notExpr();
    while (this.eatKw('AND')) l = this.bin('and', l, this.notExpr());
    return l;
  }
  private notExpr(): Expr {
    if (this.atKw('NOT')) {
      const at = this.next().start;
      const e = this.notExpr();
      return { k: 'not', e, at, end: e.end };
    }
    return this.comparison();
  }

  private comparisonOp(): BinaryOp | undefined {
    const t = this.peek();
    if (t.type !== 'op') return undefined;
    switch (t.value) {
      case '=': case '<>': case '<': case '>': case '<=': case '>=': return t.value;
      case '!=': return '<>';
    }
    return undefined;
  }

  private comparison(): Expr {
    const first = this.stringListNull();
    const operands: Expr[] = [first];
    const ops: BinaryOp[] = [];
    for (;;) {
      const op = this.comparisonOp();
      if (!op) break;
      this.i++;
      ops.push(op);
      operands.push(this.stringListNull());
    }
    if (ops.length === 0) return first;
    // a < b < c means a < b AND b < c.
    let result = this.bin(ops[0], operands[0], operands[1]);
    for (let k = 1; k < ops.length; k++) result = this.bin('and', result, this.bin(ops[k], operands[k], operands[k + 1]));
    return result;
  }

  private stringListNull(): Expr {
    let l = this.addSub();
    for (;;) {
      if (this.atKw('STARTS') && this.atKw('WITH', 1)) { this.i += 2; l = this.bin('startsWith', l, this.addSub()); continue; }
      if (this.atKw('ENDS') && this.atKw('WITH', 1)) { this.i += 2; l = this.bin('endsWith', l, this.addSub()); continue; }
      if (this.atKw('CONTAINS')) { this.i++; l = this.bin('contains', l, this.addSub()); continue; }
      if (this.atOp('=~')) { this.i++; l = this.bin('=~', l, this.addSub()); continue; }
      if (this.atKw('IN')) { this.i++; l = this.bin('in', l, this.addSub()); continue; }
      if (this.atKw('IS')) {
        this.i++;
        const negated = this.eatKw('NOT');
        this.expectKw('NULL');
        l = { k: 'isNull', e: l, negated, at: l.at, end: this.prevEnd };
        continue;
      }
      return l;
    }
  }

  private addSub(): Expr {
    let l = this.mulDiv();
    for (;;) {
      if (this.atOp('+')) { this.i++; l = this.bin('+', l, this.mulDiv()); continue; }
      if (this.atOp('-')) { this.i++; l = this.bin('-', l, this.mulDiv()); continue; }
      return l;
    }
  }
  private mulDiv(): Expr {
    let l = this.power();
    for (;;) {
      const t = this.peek();
      if (t.type === 'op' && (t.value === '*' || t.value === '/' || t.value === '%')) {
        this.i++;
        l = this.bin(t.value as BinaryOp, l, this.power());
        continue;
      }
      return l;
    }
  }
  private power(): Expr {
    let l = this.unary();
    while (this.eatOp('^')) l = this.bin('^', l, this.unary());
    return l;
  }
  private unary(): Expr {
    const t = this.peek();
    if (t.type === 'op' && (t.value === '-' || t.value === '+')) {
      this.i++;
      const n = this.peek();
      // A negative literal is parsed as one value so that -9223372036854775808 fits.
      if (t.value === '-' && (n.type === 'int' || n.type === 'float')) {
        this.i++;
        const value: Value = n.type === 'int' ? this.intLiteral(n, true) : this.floatLiteral(n, true);
        const lit: Expr = { k: 'lit', value, at: t.start, end: n.end };
        return this.postfix(lit);
      }
      const e = this.unary();
      return t.value === '-' ? { k: 'neg', e, at: t.start, end: e.end } : { k: 'pos', e, at: t.start, end: e.end };
    }
    return this.postfix(this.atom());
  }

  private postfix(base: Expr): Expr {
    let e = base;
    for (;;) {
      if (this.atOp('.')) {
        this.i++;
        const key = this.name('a property name');
        e = { k: 'prop', obj: e, key, at: e.at, end: this.prevEnd };
        continue;
      }
      if (this.atOp('[')) {
        this.i++;
        if (this.eatOp('..')) {
          const to = this.atOp(']') ? undefined : this.expr();
          this.expectOp(']');
          e = { k: 'slice', obj: e, to, at: e.at, end: this.prevEnd };
          continue;
        }
        const first = this.expr();
        if (this.eatOp('..')) {
          const to = this.atOp(']') ? undefined : this.expr();
          this.expectOp(']');
          e = { k: 'slice', obj: e, from: first, to, at: e.at, end: this.prevEnd };
          continue;
        }
        this.expectOp(']');
        e = { k: 'index', obj: e, index: first, at: e.at, end: this.prevEnd };
        continue;
      }
      if (this.atOp(':') && this.peek(1).type === 'ident') {
        const labels: string[] = [];
        while (this.atOp(':') && this.peek(1).type === 'ident') { this.i++; labels.push(this.next().value); }
        e = { k: 'labels', e, labels, at: e.at, end: this.prevEnd };
        continue;
      }
      return e;
    }
  }

  private intLiteral(t: Token, negate: boolean): number | bigint {
    const text = t.value;
    let big: bigint;
    const lower = text.toLowerCase();
    if (lower.startsWith('0x')) {
      if (!/^0x[0-9a-f]+$/.test(lower)) throw this.errAt(t.start, 'InvalidNumberLiteral', `invalid hexadecimal literal '${text}'`);
      big = BigInt(lower);
    } else if (lower.startsWith('0o')) {
      if (!/^0o[0-7]+$/.test(lower)) throw this.errAt(t.start, 'InvalidNumberLiteral', `invalid octal literal '${text}'`);
      big = BigInt(lower);
    } else {
      if (!/^[0-9]+$/.test(text)) throw this.errAt(t.start, 'InvalidNumberLiteral', `invalid integer literal '${text}'`);
      big = BigInt(text);
    }
    if (negate) big = -big;
    try {
      return intFromBig(big);
    } catch {
      throw this.errAt(t.start, 'IntegerOverflow', `integer literal ${negate ? '-' : ''}${text} is out of the 64-bit range`);
    }
  }

  private floatLiteral(t: Token, negate: boolean): CFloat {
    const x = parseFloat(t.value);
    if (!Number.isFinite(x)) throw this.errAt(t.start, 'FloatingPointOverflow', `float literal ${t.value} is out of range`);
    return new CFloat(negate ? -x : x);
  }

  private atom(): Expr {
    const t = this.peek();
    const at = t.start;
    switch (t.type) {
      case 'int': this.i++; return { k: 'lit', value: this.intLiteral(t, false), at, end: t.end };
      case 'badnum': throw this.errAt(t.start, 'InvalidNumberLiteral', `invalid number literal '${t.value}'`);
      case 'float': this.i++; return { k: 'lit', value: this.floatLiteral(t, false), at, end: t.end };
      case 'string': this.i++; return { k: 'lit', value: t.value, at, end: t.end };
      case 'param': this.i++; return { k: 'param', name: t.value, at, end: t.end };
      case 'op':
        if (t.value === '[') return this.listAtom();
        if (t.value === '{') return this.mapLiteral();
        if (t.value === '(') return this.parenAtom();
        break;
      case 'ident': {
        if (!t.quoted) {
          const kw = t.value.toUpperCase();
          switch (kw) {
            case 'TRUE': this.i++; return { k: 'lit', value: true, at, end: t.end };
            case 'FALSE': this.i++; return { k: 'lit', value: false, at, end: t.end };
            case 'NULL': this.i++; return { k: 'lit', value: null, at, end: t.end };
            case 'CASE': return this.caseExpr();
            case 'ALL': case 'ANY': case 'NONE': case 'SINGLE':
              if (this.atOp('(', 1)) return this.quantifier();
              break;
            case 'REDUCE':
              if (this.atOp('(', 1)) return this.reduceExpr();
              break;
            case 'EXISTS':
              if (this.atOp('{', 1)) return this.existsSubquery();
              break;
            case 'COUNT':
              if (this.atOp('{', 1)) return this.existsSubquery(true);
              if (this.atOp('(', 1) && this.atOp('*', 2) && this.atOp(')', 3)) {
                this.i += 4;
                return { k: 'call', name: 'count', distinct: false, args: [], star: true, at, end: this.prevEnd };
              }
              break;
          }
        }
        // Function call: name(.name)* '('
        let o = 1;
        while (this.atOp('.', o) && this.peek(o + 1).type === 'ident') o += 2;
        if (this.atOp('(', o)) return this.functionCall();
        if (this.atVariable()) {
          this.i++;
          const v: Expr = { k: 'var', name: t.value, at, end: t.end };
          if (this.atOp('{')) return this.mapProjection(v);
          return v;
        }
        break;
      }
    }
    this.fail(['an expression']);
  }

  private functionCall(): Expr {
    const at = this.peek().start;
    let name = this.next().value;
    while (this.eatOp('.')) name += '.' + this.next().value;
    this.expectOp('(');
    const distinct = this.eatKw('DISTINCT');
    const args: Expr[] = [];
    if (!this.atOp(')')) {
      args.push(this.expr());
      while (this.eatOp(',')) args.push(this.expr());
    }
    this.expectOp(')');
    return { k: 'call', name: name.toLowerCase(), distinct, args, at, end: this.prevEnd };
  }

  private mapLiteral(): Expr {
    const at = this.expectOp('{').start;
    const entries: [string, Expr][] = [];
    if (!this.atOp('}')) {
      do {
        const key = this.name('a map key');
        this.expectOp(':');
        entries.push([key, this.expr()]);
      } while (this.eatOp(','));
    }
    this.expectOp('}');
    return { k: 'map', entries, at, end: this.prevEnd };
  }

  private mapProjection(obj: Expr): Expr {
    this.expectOp('{');
    const items: MapProjItem[] = [];
    if (!this.atOp('}')) {
      do {
        if (this.eatOp('.')) {
          if (this.eatOp('*')) items.push({ k: 'all' });
          else items.push({ k: 'prop', key: this.name('a property name') });
        } else if (this.peek().type === 'ident' && this.atOp(':', 1)) {
          const key = this.next().value;
          this.i++;
          items.push({ k: 'entry', key, e: this.expr() });
        } else {
          items.push({ k: 'var', name: this.variable() });
        }
      } while (this.eatOp(','));
    }
    this.expectOp('}');
    return { k: 'mapProj', obj, items, at: obj.at, end: this.prevEnd };
  }

  /** `[` starts a list literal, a list comprehension or a pattern comprehension. */
  private listAtom(): Expr {
    const at = this.peek().start;
    // List comprehension: [v IN list WHERE … | …]
    if (this.atVariable(1) && this.atKw('IN', 2)) {
      this.i += 1;
      const v = this.next().value;
      this.i++; // IN
      const list = this.expr();
      const where = this.eatKw('WHERE') ? this.expr() : undefined;
      const proj = this.eatOp('|') ? this.expr() : undefined;
      this.expectOp(']');
      return { k: 'listComp', v, list, where, proj, at, end: this.prevEnd };
    }
    // Pattern comprehension: [(a)-->(b) WHERE … | …] or [p = (a)-->(b) | …]
    const save = this.i;
    if (this.atOp('(', 1) || (this.atVariable(1) && this.atOp('=', 2))) {
      this.i++;
      try {
        let pathVar: string | undefined;
        const pat = this.peek().start;
        if (this.atVariable() && this.atOp('=', 1)) { pathVar = this.next().value; this.i++; }
        const el = this.patternElement(true);
        if (this.atKw('WHERE') || this.atOp('|')) {
          const where = this.eatKw('WHERE') ? this.expr() : undefined;
          this.expectOp('|');
          const proj = this.expr();
          this.expectOp(']');
          return { k: 'patternComp', pattern: { ...el, pathVar, at: pat }, where, proj, at, end: this.prevEnd };
        }
      } catch (e) {
        if (!(e instanceof CypherError) || e.kind !== 'SyntaxError') throw e;
      }
      this.i = save;
    }
    this.expectOp('[');
    const items: Expr[] = [];
    if (!this.atOp(']')) {
      items.push(this.expr());
      while (this.eatOp(',')) items.push(this.expr());
    }
    this.expectOp(']');
    return { k: 'list', items, at, end: this.prevEnd };
  }

  /** `(` starts a parenthesised expression or a pattern predicate `(a)-[:T]->(b)`. */
  private parenAtom(): Expr {
    const at = this.peek().start;
    const save = this.i;
    try {
      const el = this.patternElement(true);
      return { k: 'pattern', pattern: el, at, end: this.prevEnd };
    } catch (e) {
      if (!(e instanceof CypherError) || e.kind !== 'SyntaxError') throw e;
      this.i = save;
    }
    this.expectOp('(');
    const e = this.expr();
    this.expectOp(')');
    // Keep the parentheses in the span (column names use the source text).
    return { ...e, at, end: this.prevEnd } as Expr;
  }

  private caseExpr(): Expr {
    const at = this.next().start;
    const test = this.atKw('WHEN') ? undefined : this.expr();
    const whens: [Expr, Expr][] = [];
    while (this.eatKw('WHEN')) {
      const w = this.expr();
      this.expectKw('THEN');
      whens.push([w, this.expr()]);
    }
    if (whens.length === 0) this.fail(['WHEN']);
    const els = this.eatKw('ELSE') ? this.expr() : undefined;
    this.expectKw('END');
    return { k: 'case', test, whens, else: els, at, end: this.prevEnd };
  }

  private quantifier(): Expr {
    const t = this.next();
    const at = t.start;
    this.expectOp('(');
    const v = this.variable();
    this.expectKw('IN');
    const list = this.expr();
    const where = this.eatKw('WHERE') ? this.expr() : undefined;
    this.expectOp(')');
    return { k: 'quant', q: t.value.toLowerCase() as 'all', v, list, where, at, end: this.prevEnd };
  }

  private reduceExpr(): Expr {
    const at = this.next().start;
    this.expectOp('(');
    const acc = this.variable();
    this.expectOp('=');
    const init = this.expr();
    this.expectOp(',');
    const v = this.variable();
    this.expectKw('IN');
    const list = this.expr();
    this.expectOp('|');
    const expr = this.expr();
    this.expectOp(')');
    return { k: 'reduce', acc, init, v, list, expr, at, end: this.prevEnd };
  }

  private existsSubquery(count = false): Expr {
    const at = this.next().start;
    this.expectOp('{');
    const t = this.peek();
    if (t.type === 'ident' && !t.quoted && ['MATCH', 'OPTIONAL', 'WITH', 'UNWIND', 'RETURN', 'CALL'].includes(t.value.toUpperCase())) {
      const parts: SingleQuery[] = [this.singleQuery()];
      const unionAll: boolean[] = [];
      while (this.atKw('UNION')) { this.i++; unionAll.push(this.eatKw('ALL')); parts.push(this.singleQuery()); }
      this.expectOp('}');
      return { k: 'exists', patterns: [], query: { parts, unionAll }, count, at, end: this.prevEnd };
    }
    const patterns = this.patternList();
    const where = this.eatKw('WHERE') ? this.expr() : undefined;
    this.expectOp('}');
    return { k: 'exists', patterns, where, count, at, end: this.prevEnd };
  }
}
