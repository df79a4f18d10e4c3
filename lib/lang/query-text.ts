/**
 * Text of a tree-sitter query file, by its path relative to lib/lang. The sources read it from beside this
 * module; build.mjs replaces this module in every bundle with one that carries the texts inlined (`.scm`
 * imported as text), so a bundle needs no query files on disk and computing the extractor's version at
 * import time reads nothing.
 */
import { readFileSync } from 'node:fs';

/** The query file's text (`javascript/core.scm`, …). */
export function queryText(rel: string): string {
  return readFileSync(new URL(rel, import.meta.url), 'utf8');
}
