/**
 * Query programs made when the bundle is built, so that a CLI process loads each language's native program
 * (query-program.ts) instead of building it: the build walks every type id of the grammar through the compiled
 * query engine, ≈ 5–10 ms of cold JavaScript per language and process. build.mjs writes dist/query-programs.json
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
}

const tables = new Map<string, Record<string, ProgramCacheEntry> | null>();

/** The default cache file: beside this module's bundle. */
function defaultFile(): string | undefined {
  try { return fileURLToPath(new URL(`./${PROGRAM_CACHE_FILE}`, import.meta.url)); } catch { return undefined; }
}

/** The cached program of language `id` when it was made for these queries and this grammar; undefined otherwise. */
export function cachedProgram(id: string, queries: string, grammar: number, file = defaultFile()): Int32Array | undefined {
  if (file === undefined) return undefined;
  let table = tables.get(file);
  if (table === undefined) {
    table = null;
    try { table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ProgramCacheEntry>; } catch { /* no cache: build */ }
    tables.set(file, table);
  }
  const e = table?.[id];
  if (!e || e.queries !== queries || e.grammar !== grammar || typeof e.program !== 'string') return undefined;
  const bytes = Buffer.from(e.program, 'base64');
  if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
  const out = new Int32Array(bytes.length / 4);
  new Uint8Array(out.buffer).set(bytes); // little-endian on every platform Node's prebuilt addons target
  return out;
}

/** A cache entry for a program (what program-cache-write.ts stores). */
export function programCacheEntry(queries: string, grammar: number, program: Int32Array): ProgramCacheEntry {
  return { queries, grammar, program: Buffer.from(program.buffer, program.byteOffset, program.byteLength).toString('base64') };
}
