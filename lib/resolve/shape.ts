/**
 * A file's outward shape: the part of its facts that resolving another file can read. The shared evaluator
 * (evaluate.ts and its eval-*.ts) reaches another file's facts through its symbols (names, labels, kinds, declared
 * types, initial values, returned values, heritage, parameters), its imports, exports, module specifiers and locals
 * (bindings an initial or returned value names), and through a local's contextual type the call that local's
 * function is passed to (`ctx.call`). It reads no position of another file, and no other call or reference: those
 * are read only when the file itself is resolved. Two versions of a file with the same outward shape resolve every
 * other file alike, so an edit that keeps it (a body-only edit: other statements, other calls, lines added or
 * removed) needs only the file itself resolved again (lib/analyze/pipeline.ts, incremental resolve).
 *
 * Only for files the shared evaluator resolves: a family with its own relations resolver (lib/extract/relations.ts)
 * may read anything of its files, so resolve/index.ts resolves everything when one of them changed.
 */
import { bindingIndex, bindsLocal, localBinding, type CallFact, type FileFacts, type LocalFact } from '../extract/facts.ts';

/** The outward shape of a file's facts, as a string to compare (see the module comment). */
export function outwardShape(facts: FileFacts): string {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(facts).sort()) {
    switch (key) {
      // positions, counts, the file's own sites, and the locals and calls only they reach (below)
      case 'lines': case 'parseErrors': case 'refs': case 'calls': case 'locals': break;
      case 'symbols': out.symbols = facts.symbols.map(({ line: _l, endLine: _e, at: _a, more: _m, ...rest }) => rest); break;
      case 'imports': out.imports = facts.imports.map(({ at: _a, ...rest }) => rest); break;
      case 'exports': out.exports = facts.exports.map((e) => (e.kind === 'from' ? { ...e, at: 0 } : e)); break;
      case 'modules': out.modules = facts.modules.map(({ line: _l, ...rest }) => rest); break;
      default: out[key] = facts[key];
    }
  }
  // The locals another file can reach — named by a binding in what is kept above, in such a local, or in the call
  // a reached local's contextual type reads — and those calls, numbered again in their order: a body's own locals
  // and calls (an added `const`, another call) shift every later index without changing what others read.
  const reach = new Reach(facts.locals, facts.calls);
  reach.walk(out);
  const localRank = new Map<number, number>();
  [...reach.locals].sort((a, b) => a - b).forEach((l, i) => localRank.set(l, i));
  const callRank = new Map<number, number>();
  [...reach.calls].sort((a, b) => a - b).forEach((c, i) => callRank.set(c, i));
  out.locals = [...localRank.keys()].map((l) => facts.locals[l] ?? null);
  out.calls = [...callRank.keys()].map((c) => {
    const call = facts.calls[c];
    if (!call) return null;
    const { at: _a, args, ...rest } = call;
    return { ...rest, args: args?.map(({ at: _x, ...a }) => a) };
  });
  return JSON.stringify(out, function (this: unknown, key: string, value: unknown) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const o = value as Record<string, unknown>;
      if (o.k === 'id' && bindsLocal(o.b as number | undefined)) return { ...o, b: localBinding(localRank.get(bindingIndex(o.b as number)) ?? -1) };
      if (key === 'ctx' && typeof o.call === 'number') return { ...o, call: callRank.get(o.call) ?? -1 };
    }
    if (key === 'typeParams' && Array.isArray(value)) return value.map((l) => localRank.get(l as number) ?? -1);
    return value;
  });
}

/** The locals and calls reachable from a part of the facts (see outwardShape). */
class Reach {
  readonly locals = new Set<number>();
  readonly calls = new Set<number>();
  constructor(private readonly allLocals: readonly LocalFact[], private readonly allCalls: readonly CallFact[]) {}

  walk(v: unknown, key?: string): void {
    if (Array.isArray(v)) {
      if (key === 'typeParams') { for (const l of v) this.local(l as number); return; }
      for (const x of v) this.walk(x);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.k === 'id' && bindsLocal(o.b as number | undefined)) this.local(bindingIndex(o.b as number));
    for (const k in o) this.walk(o[k], k);
  }

  private local(l: number): void {
    if (this.locals.has(l)) return;
    this.locals.add(l);
    const loc = this.allLocals[l];
    if (!loc) return;
    this.walk(loc);
    if (loc.ctx && !this.calls.has(loc.ctx.call)) {
      this.calls.add(loc.ctx.call);
      const call = this.allCalls[loc.ctx.call];
      if (call) { this.walk(call.callee); if (call.args) for (const a of call.args) this.walk(a.value); }
    }
  }
}
