/** What a literal dict or set holds, as the collector records it. */
import type { Expr } from '../../extract/facts.ts';
import { MAX_UNION } from './scopes.ts';

/**
 * The values a literal holds as one expression; undefined when it holds none, or more distinct ones than a union
 * keeps (a registry of twenty classes cut to its first six would name some of them as if they were all).
 */
export function literalUnion(values: Expr[]): Expr | undefined {
  const distinct = new Map<string, Expr>();
  for (const v of values) {
    distinct.set(JSON.stringify(v), v);
    if (distinct.size > MAX_UNION) return undefined;
  }
  const out = [...distinct.values()];
  return out.length === 0 ? undefined : out.length === 1 ? out[0] : { k: 'union', types: out };
}
