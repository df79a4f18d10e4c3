/**
 * The compiled QueryEngine (query-match.ts) serialised into one Int32Array "program" per language, which the
 * native matcher (native/query_match.c) interprets on the native parse thread, and the way back from its match
 * buffers to Match objects. The language knowledge stays in the .scm files and query-match.ts's compilation:
 * the program carries only its results (steps, root lists by type id, type codes, named-ness, flags), computed
 * eagerly for every type id, which is possible because the native parser knows every type name up front.
 * The layout is described at the top of native/query_match.c; the two must change together.
 *
 * CODEGRAPH_NATIVE_MATCH=0 turns native matching off (the JavaScript matcher runs instead: A/B and tests).
 */
import type { LanguageRuntime } from './language.ts';
import { ERROR_TYPE, type FlatTree } from './flat-tree.ts';
import { nativeParser, type GrammarNames, type NativeProgram } from './native.ts';
import { BufferMatch, withOuter, type Match, type MatchSource, type QueryEngine, type Root, type Step } from './query-match.ts';

const MAGIC = 0x51474331;
const VERSION = 1;
const HEADER = 9;
const F_ALT = 1, F_NAMED = 2, F_OPTIONAL = 4, F_IMMEDIATE = 8, F_LAST = 16, F_CAPTURING = 32;
const R_DEDUPE = 1, R_SUBSETS = 2, R_SIMPLE = 4;

/** FNV-1a over the grammar's symbol names and kinds and field names, as native/tree_flat.c computes it. */
export function grammarFingerprint(tables: GrammarNames): number {
  let h = 2166136261;
  const enc = new TextEncoder();
  const bytes = (s: string | null): void => {
    const text = s ?? '';
    // ASCII names (nearly all) hash their char codes, which are their UTF-8 bytes: no encoder call per name
    if (/^[\x00-\x7f]*$/.test(text)) { for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0; return; }
    for (const b of enc.encode(text)) h = Math.imul(h ^ b, 16777619) >>> 0;
  };
  const byte = (b: number): void => { h = Math.imul(h ^ (b & 0xff), 16777619) >>> 0; };
  tables.symbols.forEach((name, i) => { bytes(name); byte(0); byte(tables.kinds[i]); });
  for (let i = 1; i < tables.fields.length; i++) { bytes(tables.fields[i]); byte(0); }
  return h | 0;
}

/** Serialises `engine` (for a grammar with these tables; `namedById` its named-ness by type id) into a program. */
export function buildProgram(engine: QueryEngine, tables: GrammarNames, namedById: Uint8Array): Int32Array {
  const symbols = tables.symbols.length;
  if (symbols >= ERROR_TYPE) throw new Error(`query program: ${symbols} symbols do not fit`);
  const w: number[] = new Array(HEADER).fill(0);
  const stepOf = (s: Step): number => {
    const at = w.length;
    const alts = s.alt ? s.alts.map((a) => withOuter(a, s)) : [];
    const flags = (s.alt ? F_ALT : 0) | (s.named ? F_NAMED : 0) | (s.optional ? F_OPTIONAL : 0) | (s.immediate ? F_IMMEDIATE : 0)
      | (s.last ? F_LAST : 0) | (s.capturing ? F_CAPTURING : 0);
    w.push(flags, s.code, s.field, s.negated.length, s.captures.length, s.children.length, alts.length, ...s.negated, ...s.captures);
    const slots = w.length;
    for (let k = 0; k < s.children.length + alts.length; k++) w.push(0);
    // children after their step: the native side refuses anything else, so a program cannot loop
    s.children.forEach((c, k) => { w[slots + k] = stepOf(c); });
    alts.forEach((a, k) => { w[slots + s.children.length + k] = stepOf(a); });
    return at;
  };
  const rootAt = new Map<Root, number>();
  const rootOf = (r: Root): number => {
    let at = rootAt.get(r);
    if (at === undefined) {
      at = w.length;
      w.push(r.pattern, (r.dedupe ? R_DEDUPE : 0) | (r.subsets ? R_SUBSETS : 0) | (r.simple ? R_SIMPLE : 0), 0);
      w[at + 2] = stepOf(r.step);
      rootAt.set(r, at);
    }
    return at;
  };
  const listAt = new Map<string, number>();
  // every type id, then ERROR, then an id the grammar does not have (what any other id gets)
  const ids = [...Array.from({ length: symbols }, (_, i) => i), ERROR_TYPE, symbols];
  const entries = ids.map((t) => {
    const { roots, code } = engine.tablesFor(t);
    const offsets = roots.map(rootOf);
    const key = offsets.join(',');
    let list = listAt.get(key);
    if (list === undefined) { list = w.length; w.push(offsets.length, ...offsets); listAt.set(key, list); }
    return [code, namedById[t] === 1 ? 1 : 0, list];
  });
  const types = w.length;
  for (const e of entries) w.push(...e);
  w[0] = MAGIC; w[1] = VERSION; w[2] = w.length; w[3] = symbols; w[4] = tables.fields.length - 1;
  w[5] = grammarFingerprint(tables); w[6] = engine.captureNames.length; w[7] = engine.patternCount; w[8] = types;
  return Int32Array.from(w);
}

const programs = new WeakMap<LanguageRuntime, NativeProgram | null>();

/**
 * The language's registered native program, made on first use; undefined when matching natively is off
 * (CODEGRAPH_NATIVE_MATCH=0), the native parser does not take the language, or the program is refused.
 */
export function nativeProgram(rt: LanguageRuntime): NativeProgram | undefined {
  if (process.env.CODEGRAPH_NATIVE_MATCH === '0' || !rt.native) return undefined;
  let p = programs.get(rt);
  if (p === undefined) {
    p = null;
    const native = nativeParser();
    if (native) {
      // The program dist/query-programs.json carries for this language, when it was made for this query text
      // and grammar (languageRuntime looked it up); the native side checks it whole, and one it refuses is built here.
      try {
        if (rt.cachedProgram) p = native.program(rt.grammar, rt.cachedProgram);
      } catch { /* refused: built below */ }
      if (!p) {
        try {
          p = native.program(rt.grammar, buildProgram(rt.engine, native.grammarNames(rt.grammar), rt.names.namedById));
        } catch { /* refused: the JavaScript matcher runs, with the same results */ }
      }
    }
    programs.set(rt, p);
  }
  return p ?? undefined;
}

/**
 * The Match list of a native match buffer over `flat` (the matches QueryEngine.run would have made, as
 * BufferMatches: whoever reads them gets their captures from the buffer, not from Match and Capture objects).
 */
export function matchesFrom(buffer: Int32Array, flat: FlatTree, captureNames: readonly string[]): Match[] {
  const source = matchSource(buffer, flat, captureNames);
  const out: Match[] = [];
  for (let p = 0; p < buffer.length; p += 2 + 2 * buffer[p + 1]) out.push(new BufferMatch(buffer[p], p, source));
  return out;
}

/**
 * A native match buffer over `flat` as the collector reads it (Collector.collect walks the buffer itself: no
 * object per match), with the node record of every captured node made now, so capture reads are array reads.
 */
export function matchSource(buffer: Int32Array, flat: FlatTree, captureNames: readonly string[]): MatchSource {
  for (let p = 0; p < buffer.length;) {
    const end = p + 2 + 2 * buffer[p + 1];
    for (let q = p + 3; q < end; q += 2) flat.ref(buffer[q]);
    p = end;
  }
  return { buffer, names: internedNames(captureNames), refs: flat.refList() };
}

const interned = new WeakMap<readonly string[], readonly string[]>();
/** The capture names as internalised strings (property keys), so the collector's name tests compare pointers. */
function internedNames(names: readonly string[]): readonly string[] {
  let out = interned.get(names);
  if (!out) { out = names.map((n) => Object.keys({ [n]: 0 })[0]); interned.set(names, out); }
  return out;
}
