/**
 * The TCK's notation for expected values (`(:A {name: 'a'})`, `[:T]`, `<(:A)-[:T]->(:B)>`, lists, maps,
 * numbers, strings) and a canonical text form for both expected and actual values, so result tables compare
 * as multisets (or sequences) of row strings.
 */
import type { PropertyGraph } from '../../lib/cypher/graph.ts';
import { CFloat, NodeVal, PathVal, RelVal, type Value } from '../../lib/cypher/values.ts';

export type TV =
  | { k: 'null' } | { k: 'bool'; v: boolean } | { k: 'int'; v: bigint } | { k: 'float'; v: number } | { k: 'string'; v: string }
  | { k: 'list'; items: TV[] } | { k: 'map'; entries: [string, TV][] }
  | { k: 'node'; labels: string[]; props: [string, TV][] }
  | { k: 'rel'; type: string; props: [string, TV][] }
  | { k: 'path'; nodes: TV[]; rels: { rel: TV; forward: boolean }[] };

/** Parses one cell of a TCK table. */
export function parseTV(src: string): TV {
  const p = new TVParser(src);
  const v = p.value();
  p.ws();
  if (p.i !== src.length) throw new Error(`trailing text in expected value: ${src}`);
  return v;
}

class TVParser {
  i = 0;
  constructor(private readonly s: string) {}
  ws(): void { while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++; }
  peek(): string { this.ws(); return this.s[this.i]; }
  eat(c: string): boolean { if (this.peek() === c) { this.i++; return true; } return false; }
  expect(c: string): void { if (!this.eat(c)) throw new Error(`expected '${c}' at ${this.i} in ${this.s}`); }
  name(): string {
    this.ws();
    if (this.s[this.i] === '`') { const j = this.s.indexOf('`', this.i + 1); const n = this.s.slice(this.i + 1, j); this.i = j + 1; return n; }
    const m = /^[\p{L}\p{N}_]+/u.exec(this.s.slice(this.i));
    if (!m) throw new Error(`expected a name at ${this.i} in ${this.s}`);
    this.i += m[0].length;
    return m[0];
  }
  value(): TV {
    const c = this.peek();
    if (c === '[') {
      if (this.s[this.i + 1] === ':') return this.rel();
      this.i++;
      const items: TV[] = [];
      if (!this.eat(']')) { do items.push(this.value()); while (this.eat(',')); this.expect(']'); }
      return { k: 'list', items };
    }
    if (c === '{') return { k: 'map', entries: this.props() };
    if (c === '(') return this.node();
    if (c === '<') return this.path();
    if (c === "'" || c === '"') return { k: 'string', v: this.string() };
    const rest = this.s.slice(this.i);
    let m: RegExpExecArray | null;
    if ((m = /^(null|true|false)\b/.exec(rest))) { this.i += m[0].length; return m[0] === 'null' ? { k: 'null' } : { k: 'bool', v: m[0] === 'true' }; }
    if ((m = /^-?NaN\b/.exec(rest))) { this.i += m[0].length; return { k: 'float', v: NaN }; }
    if ((m = /^(-?)Inf(inity)?\b/.exec(rest))) { this.i += m[0].length; return { k: 'float', v: m[1] ? -Infinity : Infinity }; }
    if ((m = /^-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?/.exec(rest))) {
      this.i += m[0].length;
      if (m[0].includes('.') || m[2]) return { k: 'float', v: parseFloat(m[0]) };
      return { k: 'int', v: BigInt(m[0]) };
    }
    throw new Error(`cannot parse expected value at ${this.i}: ${this.s}`);
  }
  string(): string {
    const q = this.s[this.i++];
    let out = '';
    while (this.i < this.s.length && this.s[this.i] !== q) {
      if (this.s[this.i] === '\\') {
        const e = this.s[this.i + 1];
        out += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        this.i += 2;
        continue;
      }
      out += this.s[this.i++];
    }
    this.i++;
    return out;
  }
  props(): [string, TV][] {
    this.expect('{');
    const entries: [string, TV][] = [];
    if (!this.eat('}')) {
      do { const k = this.name(); this.expect(':'); entries.push([k, this.value()]); } while (this.eat(','));
      this.expect('}');
    }
    return entries;
  }
  node(): TV {
    this.expect('(');
    const labels: string[] = [];
    while (this.eat(':')) labels.push(this.name());
    const props = this.peek() === '{' ? this.props() : [];
    this.expect(')');
    return { k: 'node', labels, props };
  }
  rel(): TV {
    this.expect('[');
    this.expect(':');
    const type = this.name();
    const props = this.peek() === '{' ? this.props() : [];
    this.expect(']');
    return { k: 'rel', type, props };
  }
  path(): TV {
    this.expect('<');
    const nodes: TV[] = [this.node()];
    const rels: { rel: TV; forward: boolean }[] = [];
    while (this.peek() === '-' || this.peek() === '<') {
      const back = this.eat('<');
      this.expect('-');
      const rel = this.rel();
      this.expect('-');
      const fwd = this.eat('>');
      rels.push({ rel, forward: fwd && !back });
      nodes.push(this.node());
    }
    this.expect('>');
    return { k: 'path', nodes, rels };
  }
}

/** Converts a literal expected value (parameters) to an engine value. */
export function tvToValue(tv: TV): Value {
  switch (tv.k) {
    case 'null': return null;
    case 'bool': return tv.v;
    case 'int': return tv.v >= -9007199254740991n && tv.v <= 9007199254740991n ? Number(tv.v) : tv.v;
    case 'float': return new CFloat(tv.v);
    case 'string': return tv.v;
    case 'list': return tv.items.map(tvToValue);
    case 'map': return new Map(tv.entries.map(([k, v]) => [k, tvToValue(v)]));
    default: throw new Error(`a ${tv.k} cannot be a parameter`);
  }
}

function floatText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  return Object.is(x, -0) ? '0' : String(x);
}

const sortedEntries = (entries: [string, string][]) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const mapText = (entries: [string, string][]) => entries.length ? `{${sortedEntries(entries).map(([k, v]) => `${k}: ${v}`).join(', ')}}` : '';

/** Canonical text of an expected value. */
export function tvText(tv: TV, unorderedLists: boolean): string {
  const t = (x: TV) => tvText(x, unorderedLists);
  switch (tv.k) {
    case 'null': return 'null';
    case 'bool': return String(tv.v);
    case 'int': return `i${tv.v}`;
    case 'float': return `f${floatText(tv.v)}`;
    case 'string': return JSON.stringify(tv.v);
    case 'list': { const items = tv.items.map(t); if (unorderedLists) items.sort(); return `[${items.join(', ')}]`; }
    case 'map': return `{${sortedEntries(tv.entries.map(([k, v]) => [k, t(v)])).map(([k, v]) => `${k}: ${v}`).join(', ')}}`;
    case 'node': return `(${[...tv.labels].sort().map((l) => ':' + l).join('')}${mapText(tv.props.map(([k, v]) => [k, t(v)]))})`;
    case 'rel': return `[:${tv.type}${mapText(tv.props.map(([k, v]) => [k, t(v)]))}]`;
    case 'path': {
      let s = '<' + t(tv.nodes[0]);
      tv.rels.forEach((r, i) => { s += (r.forward ? '-' : '<-') + t(r.rel) + (r.forward ? '->' : '-') + t(tv.nodes[i + 1]); });
      return s + '>';
    }
  }
}

/** Canonical text of an actual engine value (same form as tvText). */
export function valueText(v: Value, g: PropertyGraph, unorderedLists: boolean): string {
  const t = (x: Value) => valueText(x, g, unorderedLists);
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' || typeof v === 'bigint') return `i${BigInt(v)}`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof CFloat) return `f${floatText(v.v)}`;
  if (Array.isArray(v)) { const items = v.map(t); if (unorderedLists) items.sort(); return `[${items.join(', ')}]`; }
  if (v instanceof Map) return `{${sortedEntries([...v].map(([k, x]) => [k, t(x)])).map(([k, x]) => `${k}: ${x}`).join(', ')}}`;
  const nodeText = (id: number) => `(${[...g.nodeLabels(id)].sort().map((l) => ':' + l).join('')}${mapText(g.nodeKeys(id).map((k) => [k, t(g.nodeProperty(id, k))]))})`;
  const relText = (id: number) => `[:${g.relType(id)}${mapText(g.relKeys(id).map((k) => [k, t(g.relProperty(id, k))]))}]`;
  if (v instanceof NodeVal) return nodeText(v.id);
  if (v instanceof RelVal) return relText(v.id);
  if (v instanceof PathVal) {
    let s = '<' + nodeText(v.nodes[0]);
    v.rels.forEach((r, i) => {
      const fwd = g.relSource(r) === v.nodes[i] && g.relTarget(r) === v.nodes[i + 1];
      s += (fwd ? '-' : '<-') + relText(r) + (fwd ? '->' : '-') + nodeText(v.nodes[i + 1]);
    });
    return s + '>';
  }
  return '?';
}
