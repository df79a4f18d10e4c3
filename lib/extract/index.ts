/**
 * Per-file extraction: parse one file with tree-sitter and record its facts (symbols, imports, exports, calls,
 * references, scopes resolved within the file). Pure and synchronous; the result is plain JSON, so the
 * pipeline can cache it by content hash and run it in worker threads.
 */
import { languageOf, languageRuntime, queryFingerprint, type LanguageId } from '../lang/index.ts';
import { Collector } from './collect.ts';
import { FlatTree } from './flat-tree.ts';
import type { FileFacts } from './facts.ts';
import { countErrors, countLines } from './file-counts.ts';

export type { LanguageId };
export type { FileFacts } from './facts.ts';
export * as facts from './facts.ts';
export { languageOf };

/**
 * Version of the FileFacts this module produces; the pipeline drops cached facts made by another version.
 * Bump FACTS_REVISION when the extractor's code changes what it records; query edits change it by themselves.
 */
const FACTS_REVISION = 13;
export const EXTRACT_VERSION = `${FACTS_REVISION}-${queryFingerprint()}`;

/** Parses one file and extracts its facts (pure: no I/O). */
export function extractFile(filePath: string, text: string, language: LanguageId): FileFacts {
  const rt = languageRuntime(language);
  const tree = rt.parser.parse(text);
  try {
    const parseErrors = tree.rootNode.hasError ? countErrors(tree) : 0;
    const flat = FlatTree.from(tree, text, rt.names, rt.engine.plan);
    const matches = rt.engine.run(flat);
    const collector = new Collector(text, filePath, language);
    collector.roles = rt.roles;
    return collector.collect(matches, countLines(text), parseErrors);
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
}
