/**
 * English related words (`lib/search/model/english-related.txt`, made from WordNet by
 * bench/search-model/lexicon.ts; copied beside the bundles in `dist/` by build.mjs): for a stemmed word, the
 * stemmed words of code vocabulary that name the same or a broader idea, each with a weight. People describe a
 * change in words the code does not use (`quit` for `exit`, `deletion` for `delete`); this is what a code
 * corpus cannot teach. Read once per process, on the first query that needs it.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LEXICON_FILE_NAME = 'english-related.txt';
/** The table of a source checkout (what bench/search-model/lexicon.ts writes). */
export const DEFAULT_LEXICON_FILE = fileURLToPath(new URL(`./model/${LEXICON_FILE_NAME}`, import.meta.url));

/** A word's related terms, heaviest first. */
export type Related = ReadonlyArray<{ term: string; weight: number }>;

let table: Map<string, Related> | undefined;

/** Parses the table's text: `key<TAB>term:weight term:weight`, `#` lines are its provenance and licence. */
export function parseLexicon(text: string): Map<string, Related> {
  const out = new Map<string, Related>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const rel: Array<{ term: string; weight: number }> = [];
    for (const item of line.slice(tab + 1).split(' ')) {
      const colon = item.lastIndexOf(':');
      const weight = Number(item.slice(colon + 1));
      if (colon > 0 && weight > 0) rel.push({ term: item.slice(0, colon), weight });
    }
    if (rel.length) out.set(line.slice(0, tab), rel);
  }
  return out;
}

/** The shipped table; empty (expansion off) when its file is not installed. */
export function lexicon(): Map<string, Related> {
  if (table) return table;
  const file = [fileURLToPath(new URL(`./${LEXICON_FILE_NAME}`, import.meta.url)), DEFAULT_LEXICON_FILE].find((f) => fs.existsSync(f));
  table = file ? parseLexicon(fs.readFileSync(file, 'utf8')) : new Map();
  return table;
}

/** Replaces the table for this process (benches weigh other tables; nothing else should). */
export function replaceLexicon(t: Map<string, Related>): void {
  table = t;
}
