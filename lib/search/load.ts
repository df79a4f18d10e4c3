/**
 * The loader of the search files (index.ts writes them): the query engine's index, read on its first use. Apart from
 * index.ts so that building them (the search worker) does not load the query engine, whose test-file rule is every
 * language's (lib/lang).
 */
import { SearchIndex } from './engine.ts';
import { storedSearch } from './index.ts';

export { SearchIndex } from './engine.ts';

/**
 * Loads what buildSearch wrote; the result goes into `snapshot.search` (undefined when nothing was built, or
 * by another format). Only meta.json is read now: the index itself is read on its first use (SearchIndex.load).
 */
export async function loadSearch(dir: string): Promise<SearchIndex | undefined> {
  const stored = storedSearch(dir);
  return stored && SearchIndex.lazy(stored.count, stored.embedder, stored.parts);
}
