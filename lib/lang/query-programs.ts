/** build.mjs's entry that writes dist/query-programs.json: every language's native query program (lib/extract/program-cache.ts). */
import { writeQueryPrograms as write } from '../extract/program-cache-write.ts';
import { LANGUAGES } from './index.ts';

/** Writes the cache file of every language into `dir`; returns the languages written. */
export function writeQueryPrograms(dir: string): string[] {
  return write(dir, LANGUAGES);
}
