/**
 * An annotation written in a string (`"OrderedDict[Event, T_Item]"`, `"list[Node] | None"`): the expression a type
 * checker parses out of it, as a small tree the collector reads as it reads a written annotation (collect.ts).
 */

import type { Expr } from '../../extract/facts.ts';
import { annotationNames, isTypingName, typingAnnotation } from './typing.ts';

/** A part of a string annotation: a dotted name (`at`: its offset in the text) with its subscript, or a list or `None`. */
export type StrType =
  | { k: 'name'; parts: string[]; at: number; args?: StrType[] }
  | { k: 'list'; items: StrType[] }
  | { k: 'union'; types: StrType[] }
  | { k: 'none' }
  | { k: 'ellipsis' }
  | { k: 'literal' };

const MAX_NESTING = 16;

/** The annotation a string holds, or undefined when it is not one this reading knows (a call, an operator). */
export function parseStringAnnotation(text: string, depth = 0): StrType | undefined {
  // (a type nests a few levels; a string nesting deeper, or a very long one, is no annotation read here)
  if (depth > MAX_NESTING || text.length > 2000) return undefined;
  let i = 0, open = 0;
  const n = text.length;
  const space = (): void => { while (i < n && /\s/.test(text[i])) i++; };
  const word = (): string | undefined => {
    const m = /^[A-Za-z_]\w*/.exec(text.slice(i, i + 200));
    if (!m) return undefined;
    i += m[0].length;
    return m[0];
  };
  const list = (close: string): StrType[] | undefined => {
    if (++open > MAX_NESTING) return undefined;
    const items: StrType[] = [];
    space();
    if (text[i] === close) { i++; return items; }
    for (;;) {
      const t = union();
      if (!t) return undefined;
      items.push(t);
      space();
      if (text[i] === ',') { i++; space(); if (text[i] === close) { i++; return items; } continue; }
      if (text[i] === close) { i++; return items; }
      return undefined;
    }
  };
  const primary = (): StrType | undefined => {
    space();
    const c = text[i];
    if (c === '[') { i++; const items = list(']'); return items && { k: 'list', items }; }
    if (c === '"' || c === "'") {
      // a nested string (`Literal["a"]`, a forward reference inside): what it holds, else a literal
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const inner = parseStringAnnotation(text.slice(i + 1, end), depth + 1);
      const at = i + 1;
      i = end + 1;
      return inner ? shift(inner, at) : { k: 'literal' };
    }
    if (text.startsWith('...', i)) { i += 3; return { k: 'ellipsis' }; }
    if (/[0-9-]/.test(c ?? '')) { const m = /^-?\d+/.exec(text.slice(i)); if (!m) return undefined; i += m[0].length; return { k: 'literal' }; }
    const at = i;
    const first = word();
    if (!first) return undefined;
    if (first === 'None') return { k: 'none' };
    const parts = [first];
    for (;;) {
      space();
      if (text[i] !== '.') break;
      i++;
      space();
      const w = word();
      if (!w) return undefined;
      parts.push(w);
    }
    space();
    if (text[i] !== '[') return { k: 'name', parts, at };
    i++;
    const args = list(']');
    return args && { k: 'name', parts, at, args };
  };
  const union = (): StrType | undefined => {
    const first = primary();
    if (!first) return undefined;
    const types = [first];
    for (;;) {
      space();
      if (text[i] !== '|') break;
      i++;
      const t = primary();
      if (!t) return undefined;
      types.push(t);
    }
    return types.length === 1 ? first : { k: 'union', types };
  };
  const t = union();
  space();
  return t && i === n ? t : undefined;
}

/** t with its names' offsets moved by `by` (a string nested in the text). */
function shift(t: StrType, by: number): StrType {
  switch (t.k) {
    case 'name': return t.args ? { ...t, at: t.at + by, args: t.args.map((a) => shift(a, by)) } : { ...t, at: t.at + by };
    case 'list': return { k: 'list', items: t.items.map((a) => shift(a, by)) };
    case 'union': return { k: 'union', types: t.types.map((a) => shift(a, by)) };
    default: return t;
  }
}

/** What the collector tells stringAnnotationType about the names of the file (collect.ts). */
export interface StrNames {
  /** The value the dotted name written at offset `at` of the text names (its reference recorded). */
  name(parts: string[], at: number): Expr;
  /** True when the dotted name is typing's (or a builtin generic's, not shadowed). */
  isTyping(parts: string[]): boolean;
  /** `Self`: the instance of the enclosing class, if any. */
  self(): Expr | undefined;
}

const SIMPLE = new Set(['str', 'int', 'float', 'bool', 'bytes']);

/** A string annotation's tree read as the collector reads a written annotation (collect.ts `annotation`). */
export function stringAnnotationType(t: StrType, names: StrNames): Expr {
  switch (t.k) {
    case 'none': return { k: 'lit' };
    case 'union': {
      const types: Expr[] = [];
      for (const p of t.types) { const e = stringAnnotationType(p, names); if (e.k === 'union') types.push(...e.types); else types.push(e); }
      return { k: 'union', types };
    }
    case 'list': for (const x of t.items) stringAnnotationType(x, names); return { k: 'other' };
    case 'name': {
      const last = t.parts[t.parts.length - 1];
      if (!t.args) {
        if (last === 'Any' && names.isTyping(t.parts)) return { k: 'any' };
        const self = last === 'Self' && names.isTyping(t.parts) ? names.self() : undefined;
        if (self) return self;
        if (t.parts.length === 1 && SIMPLE.has(last)) return { k: 'lit' };
        return names.name(t.parts, t.at);
      }
      const args = t.args;
      if (isTypingName(last) && names.isTyping(t.parts)) {
        const kind = annotationNames[last];
        const ts = args.filter((a) => a.k !== 'list').map((a) => stringAnnotationType(a, names));
        if (kind === 'callable') for (const a of args) if (a.k === 'list') stringAnnotationType(a, names);
        return typingAnnotation(kind, ts, args.length, args.length === 2 && args[1].k === 'ellipsis');
      }
      // a project generic (`"Box[Item]"`): the class with its type arguments
      const base = names.name(t.parts, t.at);
      const targs = args.map((a) => stringAnnotationType(a, names));
      return targs.length ? { k: 'generic', of: base, args: targs.slice(0, 4) } : base;
    }
    default: return { k: 'other' };
  }
}
