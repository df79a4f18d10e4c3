/**
 * A call through an aliased import (`from m import helper as h`, then `h(1)`; or a name a package re-exports under
 * another, `from .deep import deep_helper as helper` in its `__init__`) runs what the imports name: the called name
 * is an occurrence of that definition, as a checker's definition of the name finds it (`context` lists the line),
 * though no rename edits it (the alias keeps its name: lib/rename/graph-edits.ts confirms the old name at each
 * occurrence).
 */
import { bindingIndex, bindsImport, type Expr } from '../../extract/facts.ts';

/**
 * True when `callee` is a name bound by an import whose chain of `from` imports ends at symbol `named` (through no
 * variable: `importedSymbol` gives the end of import i's chain).
 */
export function importNames(callee: Expr, named: { f: number; s: number }, importedSymbol: (i: number) => { f: number; s: number } | undefined): boolean {
  if (callee.k !== 'id' || !bindsImport(callee.b)) return false;
  const s = importedSymbol(bindingIndex(callee.b));
  return s !== undefined && s.f === named.f && s.s === named.s;
}
