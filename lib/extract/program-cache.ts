/**
 * Query programs made when the bundle is built, so that a CLI process loads each language's native program
 * (query-program.ts) instead of building it (the build walks every type id of the grammar through the compiled
 * query engine), and with it the capture names and pattern roles the collector needs, so that the query is
 * parsed and compiled only when the JavaScript matcher runs: together ≈ 10–15 ms of cold JavaScript per process. build.mjs writes dist/query-programs.json
 * beside the bundles (lib/extract/program-cache-write.ts), from the same code as the bundle it ships with; a run
 * takes an entry only when its language's query text and the grammar's fingerprint are those it was made for,
 * and the native side checks the program whole again when it is registered (a refused one is built as before).
 * Sources run through tsx find no such file beside them and always build.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Name of the cache file, beside the bundle that reads it. */
export const PROGRAM_CACHE_FILE = 'query-programs.json';

/** One language's program, with what it was made for. */
export interface ProgramCacheEntry {
  /** languageQueryKey of the language's query files. */
  queries: string;
  /** The native grammar fingerprint the program carries. */
  grammar: number;
  /** The program's Int32Array, little-endian bytes in base64. */
  program: string;
  /** The compiled query's capture names, in capture-id order (QueryEngine.captureNames). */
  captureNames: string[];
  /** Each pattern's role (`#set! role`), null for none. */
  roles: Array<string | null>;
}

/** What the native matcher and the collector need of a language's query, without parsing or compiling it. */
export interface CachedQuery {
  program: Int32Array;
  captureNames: readonly string[];
  roles: ReadonlyArray<string | undefined>;
}

const tables = new Map<string, Record<string, ProgramCacheEntry> | null>();

/** The default cache file: beside this module's bundle. */
function defaultFile(): string | undefined {
  try { return fileURLToPath(new URL(`./${PROGRAM_CACHE_FILE}`, import.meta.url)); } catch { return undefined; }
}

const decoded = new Map<string, CachedQuery | null>();

/**
 * The cached query of language `id` when it was made for these queries and this grammar; undefined otherwise
 * (no file, another query text or grammar, or an entry that does not read back whole). The same object for
 * every call, so its arrays can key memo tables.
 */
export function cachedQuery(id: string, queries: string, grammar: number, file = defaultFile()): CachedQuery | undefined {
  if (file === undefined) return undefined;
  let table = tables.get(file);
  if (table === undefined) {
    table = null;
    try { table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ProgramCacheEntry>; } catch { /* no cache: build */ }
    tables.set(file, table);
  }
  const e = table?.[id];
  if (!e || e.queries !== queries || e.grammar !== grammar) return undefined;
  const key = `${file}\0${id}`;
  let q = decoded.get(key);
  if (q === undefined) {
    q = decode(e);
    decoded.set(key, q);
  }
  return q ?? undefined;
}

/** An entry's values, or null when one is missing or malformed. */
function decode(e: ProgramCacheEntry): CachedQuery | null {
  if (typeof e.program !== 'string' || !Array.isArray(e.captureNames) || !Array.isArray(e.roles)) return null;
  if (!e.captureNames.every((n) => typeof n === 'string') || !e.roles.every((r) => r === null || typeof r === 'string')) return null;
  const bytes = Buffer.from(e.program, 'base64');
  if (bytes.length === 0 || bytes.length % 4 !== 0) return null;
  const program = new Int32Array(bytes.length / 4);
  new Uint8Array(program.buffer).set(bytes); // little-endian on every platform Node's prebuilt addons target
  return { program, captureNames: e.captureNames, roles: e.roles.map((r) => r ?? undefined) };
}

/** A cache entry (what program-cache-write.ts stores). */
export function programCacheEntry(queries: string, grammar: number, program: Int32Array, captureNames: readonly string[],
  roles: ReadonlyArray<string | undefined>): ProgramCacheEntry {
  return {
    queries, grammar, program: Buffer.from(program.buffer, program.byteOffset, program.byteLength).toString('base64'),
    captureNames: [...captureNames], roles: roles.map((r) => r ?? null),
  };
}
