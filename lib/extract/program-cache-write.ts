/**
 * Writes dist/query-programs.json at build time (program-cache.ts): every language's native query program, as
 * nativeProgram would build it in a CLI process. Bundled by build.mjs as its own entry and called once after
 * the bundles are written. Without the native parser there is nothing to cache: the file is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_IDS, languageQueryKey, languageRuntime } from '../lang/index.ts';
import { nativeParser } from './native.ts';
import { PROGRAM_CACHE_FILE, programCacheEntry, type ProgramCacheEntry } from './program-cache.ts';
import { buildProgram } from './query-program.ts';
import { writeFileAtomic } from '../../index-store/atomic.ts';

/** Writes the cache file into `dir` (atomically); returns the languages written. */
export function writeQueryPrograms(dir: string): string[] {
  const file = path.join(dir, PROGRAM_CACHE_FILE);
  const native = nativeParser();
  const entries: Record<string, ProgramCacheEntry> = {};
  if (native) {
    for (const id of LANGUAGE_IDS) {
      const rt = languageRuntime(id);
      if (!rt.native) continue;
      const program = buildProgram(rt.engine, native.grammarNames(rt.grammar), rt.names.namedById);
      entries[id] = programCacheEntry(languageQueryKey(id), native.grammarFingerprint(rt.grammar), program, rt.engine.captureNames, rt.roles);
    }
  }
  if (Object.keys(entries).length === 0) { fs.rmSync(file, { force: true }); return []; }
  writeFileAtomic(file, JSON.stringify(entries) + '\n');
  return Object.keys(entries);
}
