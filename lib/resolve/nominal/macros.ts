/**
 * Macro invocations (NominalCall.macro: Rust's `tri!(x)`). Macros are a namespace of their own, and a `macro_rules!`
 * macro is seen by its textual scope: after its definition in its file, and in the modules declared after it there
 * (`#[macro_use] mod macros;` lends a child module's macros to its parent the same way). The attributes and the
 * order of `mod` lines are not read here; instead: the file's own definition before the call, else the one definition
 * of the name in the call's crate, else of several the one in the nearest enclosing module's file, else none.
 */
import type { SymRef, World } from './world.ts';

export class Macros {
  private byName: Map<string, SymRef[]> | undefined;

  constructor(private readonly w: World) {}

  /** The macro an invocation of `name` at `line` of file f runs, with how surely; undefined when none or several. */
  find(f: number, name: string, line: number): { target: SymRef; sameFile: boolean } | undefined {
    const all = this.index().get(name);
    if (!all) return undefined;
    let own: SymRef | undefined;
    for (const r of all) if (r.f === f && this.w.sym(r).line <= line && (!own || this.w.sym(r).line > this.w.sym(own).line)) own = r;
    if (own) return { target: own, sameFile: true };
    const root = this.crateOf(f);
    const crate = all.filter((r) => r.f !== f && this.crateOf(r.f) === root);
    if (crate.length === 1) return { target: crate[0], sameFile: false };
    // several: those of the enclosing module nearest the call's (its package key the longest prefix of the file's)
    const pkg = this.w.filePkg[f];
    let best = -1;
    let at: SymRef[] = [];
    for (const r of crate) {
      const p = this.w.filePkg[r.f];
      if (p !== pkg && !pkg.startsWith(`${p}.`)) continue;
      if (p.length > best) { best = p.length; at = [r]; } else if (p.length === best) at.push(r);
    }
    return at.length === 1 ? { target: at[0], sameFile: false } : undefined;
  }

  private crateOf(f: number): string | undefined {
    return this.w.rules.pathRoot?.('crate', this.w.files[f].path, this.w.settings);
  }

  private index(): Map<string, SymRef[]> {
    if (this.byName) return this.byName;
    const out = new Map<string, SymRef[]>();
    for (const f of this.w.fileIds) {
      this.w.files[f].symbols.forEach((s, i) => {
        if (s.kind !== 'macro') return;
        const l = out.get(s.name);
        if (l) l.push({ f, s: i }); else out.set(s.name, [{ f, s: i }]);
      });
    }
    this.byName = out;
    return out;
  }
}
