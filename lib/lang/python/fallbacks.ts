/**
 * Module-level fallbacks: what a module defines or imports in an `except` clause (`try: from _speedups import
 * escape` / `except ImportError: def escape…`). The name's other declaration is the one meant; the fallback only
 * stands in when it fails. A type checker resolving an import of the name prefers the declarations outside `except`
 * clauses (pyright's alias resolution), so the resolver's module names do too (resolve.ts `topNames`).
 */
import type { SymbolFact } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';

/** What finding the clauses needs of the tree (lib/lang/python/tree.ts). */
export interface SuiteReader {
  type(i: number): string;
  kids(i: number): number[];
  lineOf(i: number): number;
  endLineOf(i: number): number;
}

/** Statements whose parts run in the module's own scope (a `def` or `class` body does not). */
const COMPOUND = new Set([
  'module', 'block', 'if_statement', 'elif_clause', 'else_clause', 'try_statement', 'finally_clause', 'with_statement',
  'for_statement', 'while_statement', 'match_statement', 'case_clause',
]);

/**
 * Marks the module-level symbols and imports made inside an `except` clause: `py.fallbacks` (symbol indices) and
 * the imports' `fallback`. Lines suffice: an `except` clause starts a line of its own and ends before the next one.
 */
export function markFallbacks(r: SuiteReader, root: number, symbols: readonly SymbolFact[], py: PyFacts): void {
  const ranges: Array<[number, number]> = [];
  const walk = (i: number): void => {
    for (const c of r.kids(i)) {
      const ty = r.type(c);
      if (ty === 'except_clause' || ty === 'except_group_clause') ranges.push([r.lineOf(c), r.endLineOf(c)]);
      else if (COMPOUND.has(ty)) walk(c);
    }
  };
  walk(root);
  if (!ranges.length) return;
  const inside = (line: number): boolean => ranges.some(([a, b]) => line >= a && line <= b);
  symbols.forEach((s, i) => { if (s.parent === -1 && inside(s.line)) (py.fallbacks ??= []).push(i); });
  for (const imp of py.imports) if (imp.from === -1 && inside(imp.line)) imp.fallback = true;
}
