/**
 * Writes dist/query-programs.json at build time (program-cache.ts): every language's native query program, as
 * nativeProgram would build it in a CLI process. Bundled by build.mjs as its own entry (lib/lang/query-programs.ts,
 * which gives it every language) and called once after the bundles are written. Without the native parser there is nothing to cache: the file is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LanguageSpec } from './language.ts';
import { languageQueryKey, languageRuntime } from './runtime.ts';
import { nativeParser } from './native.ts';
import { PROGRAM_CACHE_FILE, programCacheEntry, type ProgramCacheEntry } from './program-cache.ts';
import { buildProgram } from './query-program.ts';
import { writeFileAtomic } from '../../index-store/atomic.ts';

/** Writes the cache file of these languages into `dir` (atomically); returns the languages written. */
export function writeQueryPrograms(dir: string, languages: readonly LanguageSpec[]): string[] {
  const file = path.join(dir, PROGRAM_CACHE_FILE);
  const native = nativeParser();
  const entries: Record<string, ProgramCacheEntry> = {};
  if (native) {
    for (const spec of languages) {
      const rt = languageRuntime(spec);
      if (!rt.native) continue;
      const program = buildProgram(rt.engine, native.grammarNames(rt.grammar), rt.names.namedById);
      entries[spec.id] = programCacheEntry(languageQueryKey(spec), native.grammarFingerprint(rt.grammar), program, rt.engine.captureNames, rt.roles);
    }
  }
  if (Object.keys(entries).length === 0) { fs.rmSync(file, { force: true }); return []; }
  writeFileAtomic(file, JSON.stringify(entries) + '\n');
  return Object.keys(entries);
}
