/**
 * Calls through a symbol that stands for another name (NominalRules.callAlias: C's `#define unlink _unlink`, then
 * `unlink(path)` calls `_unlink`): what a call of that name runs from the call's place.
 */
import type { CallRes } from './values.ts';
import type { SymRef, World } from './world.ts';

/**
 * A call of `name` found as `rs`, each standing for another name: the targets a call of those names gives (`callName`
 * resolves one from the call's place; of several definitions under `#if` branches, each's), an outside call where
 * none names a project function, unresolved where one cannot be resolved; undefined where one of `rs` stands for no
 * other name. The call's name itself refers to the first of `rs` (`written`).
 */
export function aliasCall(w: World, rs: readonly SymRef[], name: string, callName: (to: string) => CallRes): CallRes | undefined {
  if (!rs.length || !w.rules.callAlias) return undefined;
  const names = new Set<string>();
  for (const r of rs) {
    const to = w.rules.callAlias?.(w.sym(r));
    if (to === undefined || to === name) return undefined;
    names.add(to);
  }
  const targets: SymRef[] = [];
  let first: Extract<CallRes, { targets: SymRef[] }> | undefined;
  let c = 1;
  let ext = false;
  for (const to of [...names].sort()) {
    const res = callName(to);
    if ('ext' in res) { ext = true; continue; }
    if (!('targets' in res) || !res.targets.length) return { unresolved: true };
    for (const t of res.targets) if (!targets.some((x) => x.f === t.f && x.s === t.s)) targets.push(t);
    first ??= res;
    c = Math.min(c, res.c);
  }
  if (!first) return ext ? { ext: true } : { unresolved: true };
  return { targets, reason: first.reason, c, written: rs[0] };
}
