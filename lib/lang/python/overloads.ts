/** Which `@overload` signatures belong to which function of a Python file. */
import type { SymbolFact } from '../../extract/facts.ts';
import { isSignatureKind } from './typing.ts';

/**
 * For each function or method a call of its name reaches, its `@overload` signatures in order: those of its name in
 * its scope just above its implementation, or, where no implementation follows them (a stub), by the last signature.
 */
export function overloadSignatures(symbols: readonly SymbolFact[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const open = new Map<string, number[]>();
  symbols.forEach((o, i) => {
    if (o.label !== 'Function' && o.label !== 'Method') return;
    const key = `${o.parent}:${o.name}`;
    const list = open.get(key);
    if (isSignatureKind(o.kind)) { if (list) list.push(i); else open.set(key, [i]); return; }
    if (list) { out.set(i, list); open.delete(key); }
  });
  for (const list of open.values()) out.set(list[list.length - 1], list);
  return out;
}
