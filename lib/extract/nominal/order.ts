/**
 * Symbols must come after their parent (the graph's HAS_METHOD edges are made in symbol order). A nominal language
 * may declare a member before its type (Go's `func (s *S) Run()` above `type S struct`): such a file's symbols are
 * renumbered, parents first and otherwise in source order, and every index the facts hold follows.
 */
import { bindingIndex, bindsSymbol, symbolBinding, type Expr, type FileFacts } from '../facts.ts';
import type { NominalFacts, NominalSymbol } from './facts.ts';

/** Renumbers a file's symbols so that every parent precedes its members (nothing changes when they already do). */
export function remapSymbols(facts: FileFacts): void {
  const syms = facts.symbols;
  if (syms.every((s, i) => s.parent < i)) return;
  const order: number[] = [];
  const placed = new Uint8Array(syms.length);
  const place = (i: number): void => {
    if (placed[i]) return;
    placed[i] = 1;
    const p = syms[i].parent;
    if (p >= 0) place(p);
    order.push(i);
  };
  for (let i = 0; i < syms.length; i++) place(i);
  const to = new Int32Array(syms.length);
  order.forEach((old, i) => { to[old] = i; });
  const map = (s: number): number => (s >= 0 ? to[s] : s);
  facts.symbols = order.map((old) => ({ ...syms[old], parent: map(syms[old].parent) }));
  for (const s of facts.symbols) remapSymbolExprs(s as unknown as Record<string, unknown>, map);
  for (const c of facts.calls) { c.from = map(c.from); remapExpr(c.callee, map); for (const a of c.args ?? []) remapExpr(a.value, map); }
  for (const r of facts.refs) { r.from = map(r.from); remapExpr(r.value, map); }
  for (const l of facts.locals) { if (l.type) remapExpr(l.type, map); if (l.init) remapExpr(l.init, map); }
  const nominal = facts.nominal as NominalFacts;
  const sym: Record<number, NominalSymbol> = {};
  for (const [k, v] of Object.entries(nominal.sym)) {
    sym[map(Number(k))] = v;
    if (v.recv) remapExpr(v.recv, map);
    if (v.self) remapExpr(v.self, map);
    for (const e of v.payload ?? []) remapExpr(e, map);
    for (const e of [...(v.embeds ?? []), ...(v.bases ?? [])]) remapExpr(e, map);
  }
  nominal.sym = sym;
  for (const o of nominal.ops ?? []) { o.from = map(o.from); remapExpr(o.obj, map); }
}

function remapSymbolExprs(s: Record<string, unknown>, map: (s: number) => number): void {
  for (const key of ['type', 'init', 'returns']) if (s[key]) remapExpr(s[key] as Expr, map);
  for (const key of ['extends', 'implements', 'params']) for (const e of (s[key] as Array<Expr | null> | undefined) ?? []) if (e) remapExpr(e, map);
}

/** Rewrites the symbol indexes an expression holds (`this`'s class, a symbol binding), in place. */
function remapExpr(e: Expr, map: (s: number) => number, seen = new Set<object>()): void {
  if (seen.has(e)) return;
  seen.add(e);
  const o = e as Record<string, unknown>;
  if ((e.k === 'this' || e.k === 'super') && typeof o.cls === 'number') o.cls = map(o.cls as number);
  if (e.k === 'id' && bindsSymbol(e.b)) e.b = symbolBinding(map(bindingIndex(e.b)));
  for (const v of Object.values(o)) {
    if (Array.isArray(v)) { for (const x of v) if (x && typeof x === 'object' && 'k' in x) remapExpr(x as Expr, map, seen); }
    else if (v && typeof v === 'object' && 'k' in v) remapExpr(v as Expr, map, seen);
  }
}
