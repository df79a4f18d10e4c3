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
      case 'lines': case 'parseErrors': case 'deepCut': case 'unchecked': case 'refs': case 'calls': case 'locals': break;
      case 'symbols': out.symbols = outwardSymbols(facts.symbols); break;
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

/**
 * The symbols without their positions. A `localScope` is an offset in the file, but what another file reads of it is
 * only which of this file's symbols share a scope (their declarations merge: eval-members.ts twins), so it is
 * numbered by its rank among the file's scopes: a line added above a test's callback keeps the shape.
 */
function outwardSymbols(symbols: FileFacts['symbols']): unknown[] {
  let scopes: Map<number, number> | undefined;
  for (const s of symbols) if (s.localScope !== undefined) (scopes ??= new Map()).set(s.localScope, 0);
  if (scopes) [...scopes.keys()].sort((a, b) => a - b).forEach((o, i) => scopes!.set(o, i));
  return symbols.map(({ line: _l, endLine: _e, at: _a, more: _m, ...rest }) => {
    if (rest.localScope !== undefined) rest.localScope = scopes!.get(rest.localScope);
    return rest;
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
      // (and its contextual type, which binds a generic callee's type parameters: CallFact.ctx)
      if (call) { this.walk(call.callee); if (call.args) for (const a of call.args) this.walk(a.value); if (call.ctx) this.walk(call.ctx); }
    }
  }
}

type Entry = Record<string, unknown>;

/** A change of a file's outward shape confined to whole top-level symbols (changedNames). */
export interface ShapeChange {
  /** The names under which other files can see the change (the changed symbols' names and qualified names' parts). */
  names: string[];
  /** The JSON of the kept part of the shape: if it mentions a changed name, its meaning may move with it. */
  kept: string;
}

/**
 * The names under which other files can see a change of a file's outward shape (`before` and `after`, two
 * outwardShape strings), when the change is confined to whole top-level symbols: symbols added, removed or changed
 * together with their members, and the locals and calls only they reach (appended after the kept ones). Another
 * file reads a symbol of this file only by looking its name up (an import, a module attribute, a member, a name-only
 * candidate, a global), so a file whose facts never mention one of these names resolves as before. Undefined when
 * the change is not of that kind — then every file is resolved again — among them a changed default export (looked
 * up by no written name) and a change of whether the file exports anything at all (a declaration file without
 * exports is global). The caller checks that no kept part of any changed file mentions a changed name.
 */
export function changedNames(before: string, after: string): ShapeChange | undefined {
  const a = JSON.parse(before) as Record<string, unknown>, b = JSON.parse(after) as Record<string, unknown>;
  const rest: unknown[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'symbols') continue;
    const x = a[key], y = b[key];
    if (key === 'locals' || key === 'calls') {
      // kept entries are numbered alike, so the changed symbols' own locals and calls come after them
      if (!Array.isArray(x) || !Array.isArray(y)) return undefined;
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) if (JSON.stringify(x[i]) !== JSON.stringify(y[i])) return undefined;
      rest.push(x.slice(0, n));
    } else if (JSON.stringify(x) !== JSON.stringify(y)) return undefined;
    else rest.push(x);
  }
  const sa = (a.symbols ?? []) as Entry[], sb = (b.symbols ?? []) as Entry[];
  if (!Array.isArray(sa) || !Array.isArray(sb)) return undefined;
  if (sa.some((s) => s.exported) !== sb.some((s) => s.exported)) return undefined;
  // the kept symbols: the longest run equal at the start and at the end (a symbol inserted between others shifts
  // the ones after it, which stay equal — a member's parent compared by its distance — unless they name a symbol
  // of the file by its index: then they differ)
  const json = (l: Entry[]): string[] => l.map((x, i) => JSON.stringify(typeof x.parent === 'number' && x.parent >= 0 ? { ...x, parent: i - x.parent } : x));
  const ja = json(sa), jb = json(sb);
  let head = 0;
  while (head < ja.length && head < jb.length && ja[head] === jb[head]) head++;
  let tail = 0;
  while (tail < ja.length - head && tail < jb.length - head && ja[ja.length - 1 - tail] === jb[jb.length - 1 - tail]) tail++;
  for (let i = 0; i < head; i++) rest.push(sa[i]);
  for (let i = ja.length - tail; i < ja.length; i++) rest.push(sa[i]);
  const names = new Set<string>();
  for (const list of [sa, sb]) {
    const end = list.length - tail;
    for (let i = head; i < end; i++) {
      const s = list[i];
      // a member changes with its whole type: its type's name is then among the names (a lookup of the member
      // by an implicit name, a constructor, an iterator, goes through the type)
      if (typeof s.parent !== 'number' || (s.parent !== -1 && (s.parent < head || s.parent >= end)) || s.isDefault) return undefined;
      for (const v of [s.name, s.qualifiedName]) {
        // (names are searched for in the JSON text of facts: one that JSON escapes is written otherwise there)
        if (typeof v !== 'string' || !PLAIN_NAME.test(v)) return undefined;
        const tokens = v.split(NOT_NAME).filter((t) => t);
        if (!tokens.length) return undefined;
        for (const t of tokens) names.add(t);
      }
    }
  }
  return { names: [...names].sort(), kept: JSON.stringify(rest) };
}

const NOT_NAME = /[^A-Za-z0-9_$]+/;
const PLAIN_NAME = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/;

function nameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
}

/**
 * True when `text` (JSON, as a string or its ASCII bytes) holds one of `names` as a whole name: not inside a longer
 * name, unless an escape sequence (`\n`, `\u0041`) ends just before it, which reads as a boundary here too.
 */
export function mentions(text: string | Uint8Array, names: readonly string[]): boolean {
  const bytes = typeof text === 'string' ? undefined : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const at = (i: number): number => (bytes ? bytes[i] : (text as string).charCodeAt(i));
  const len = bytes ? bytes.length : (text as string).length;
  for (const name of names) {
    for (let i = bytes ? bytes.indexOf(name, 0, 'latin1') : (text as string).indexOf(name); i >= 0;
      i = bytes ? bytes.indexOf(name, i + 1, 'latin1') : (text as string).indexOf(name, i + 1)) {
      const end = i + name.length;
      if (end < len && nameChar(at(end)) && nameChar(name.charCodeAt(name.length - 1))) continue;
      if (i === 0 || !nameChar(at(i - 1)) || !nameChar(name.charCodeAt(0))) return true;
      // a backslash among the six characters before: the name may follow an escape
      for (let k = i - 1; k >= 0 && k >= i - 6; k--) if (at(k) === 0x5c) return true;
    }
  }
  return false;
}
