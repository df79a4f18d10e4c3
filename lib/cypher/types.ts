/**
 * Static types: what the compiler can tell about an expression's value without running it. Used to refuse
 * queries the openCypher spec rejects at compile time (a literal where a boolean is required, a property of
 * a number, a path matched as a node) instead of failing later or silently returning nothing.
 */
import type { Expr } from './ast.ts';
import type { Scope } from './scope.ts';
import { CFloat } from './values.ts';

export type SType = 'any' | 'null' | 'bool' | 'int' | 'float' | 'string' | 'list' | 'map' | 'node' | 'rel' | 'path';

// No prototype: a name from the query (`constructor`, `__proto__`) must not find an Object member.
const RETURNS: Record<string, SType> = Object.setPrototypeOf({
  count: 'int', size: 'int', length: 'int', id: 'int', tointeger: 'int', sign: 'int',
  labels: 'list', keys: 'list', nodes: 'list', relationships: 'list', range: 'list', split: 'list', collect: 'list', tail: 'list',
  type: 'string', tostring: 'string', tolower: 'string', toupper: 'string', trim: 'string', ltrim: 'string', rtrim: 'string',
  substring: 'string', replace: 'string', left: 'string', right: 'string', label: 'string',
  tofloat: 'float', avg: 'float', sqrt: 'float', rand: 'float', pi: 'float', e: 'float',
  startnode: 'node', endnode: 'node', properties: 'map', toboolean: 'bool', exists: 'bool', isempty: 'bool',
}, null);

/** The static type of `e` in `scope` ('any' when unknown). */
export function staticType(e: Expr, scope: Scope): SType {
  switch (e.k) {
    case 'lit': {
      const v = e.value;
      if (v === null) return 'null';
      if (typeof v === 'boolean') return 'bool';
      if (typeof v === 'number' || typeof v === 'bigint') return 'int';
      if (typeof v === 'string') return 'string';
      if (v instanceof CFloat) return 'float';
      if (Array.isArray(v)) return 'list';
      if (v instanceof Map) return 'map';
      return 'any';
    }
    case 'list': case 'listComp': case 'patternComp': return 'list';
    case 'map': case 'mapProj': return 'map';
    case 'var': {
      const info = scope.get(e.name);
      if (!info) return 'any';
      switch (info.kind) {
        case 'node': return 'node';
        case 'rel': return 'rel';
        case 'relList': return 'list';
        case 'path': return 'path';
        default: return info.stype ?? 'any';
      }
    }
    case 'exists': return e.count ? 'int' : 'bool';
    case 'not': case 'isNull': case 'labels': case 'quant': case 'pattern': return 'bool';
    case 'bin':
      switch (e.op) {
        case 'and': case 'or': case 'xor': case '=': case '<>': case '<': case '>': case '<=': case '>=': case '=~': case 'in':
        case 'startsWith': case 'endsWith': case 'contains': return 'bool';
        case '+': {
          const l = staticType(e.l, scope), r = staticType(e.r, scope);
          if (l === 'list' || r === 'list') return 'list';
          if (l === 'string' || r === 'string') return l === 'any' || r === 'any' ? 'any' : 'string';
          if (l === 'int' && r === 'int') return 'int';
          if ((l === 'float' || l === 'int') && (r === 'float' || r === 'int')) return 'float';
          return 'any';
        }
        case '-': case '*': case '/': case '%': {
          const l = staticType(e.l, scope), r = staticType(e.r, scope);
          if (l === 'int' && r === 'int') return 'int';
          if ((l === 'float' || l === 'int') && (r === 'float' || r === 'int')) return 'float';
          return 'any';
        }
        case '^': return 'float';
      }
      return 'any';
    case 'neg': case 'pos': {
      const t = staticType(e.e, scope);
      return t === 'int' || t === 'float' ? t : 'any';
    }
    case 'call': return RETURNS[e.name] ?? 'any';
    default: return 'any';
  }
}

/** Argument types functions accept; a statically known other type is a compile-time error. */
// No prototype: a name from the query (`constructor`, `__proto__`) must not find an Object member.
export const ARG_TYPES: Record<string, SType[]> = Object.setPrototypeOf({
  size: ['list', 'string'],
  length: ['path', 'list', 'string'],
  type: ['rel'],
  labels: ['node'],
  properties: ['node', 'rel', 'map'],
  keys: ['node', 'rel', 'map'],
  startnode: ['rel'],
  endnode: ['rel'],
  nodes: ['path'],
  relationships: ['path'],
  id: ['node', 'rel'],
}, null);

/** Whether a value of static type `t` could be one of `allowed` (unknown and null always could). */
export function couldBe(t: SType, allowed: readonly SType[]): boolean {
  return t === 'any' || t === 'null' || allowed.includes(t);
}

/** Element type of a list expression when all its elements have one known type (list literals). */
export function elementType(e: Expr, scope: Scope): SType {
  if (e.k !== 'list' || e.items.length === 0) return 'any';
  const first = staticType(e.items[0], scope);
  for (const it of e.items) if (staticType(it, scope) !== first) return 'any';
  return first;
}
