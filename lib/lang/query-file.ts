/** A language's query file as its spec lists it (lib/extract/language.ts QueryFile). */
import type { QueryFile } from '../extract/language.ts';
import { queryText } from './query-text.ts';

/** The query file at `rel` (relative to lib/lang), its text read on first use. */
export function queryFile(rel: string): QueryFile {
  let text: string | undefined;
  return { file: rel, text: () => (text ??= queryText(rel)) };
}
