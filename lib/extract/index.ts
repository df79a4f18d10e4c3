/**
 * Per-file extraction: parse one file with tree-sitter and record its facts (symbols, imports, exports, calls,
 * references, scopes resolved within the file). Pure and synchronous; the result is plain JSON, so the
 * pipeline can cache it by content hash and run it in worker threads.
 */
import { languageOf, languageRuntime, queryFingerprint, type LanguageId } from '../lang/index.ts';
import type { FileFacts } from './facts.ts';
import { collectFlat, parseFlat } from './halves.ts';

export type { LanguageId };
export type { FileFacts } from './facts.ts';
export * as facts from './facts.ts';
export { languageOf };

/**
 * Version of the FileFacts this module produces; the pipeline drops cached facts made by another version.
 * Bump FACTS_REVISION when the extractor's code changes what it records; query edits change it by themselves.
 */
const FACTS_REVISION = 57;
export const EXTRACT_VERSION = `${FACTS_REVISION}-${queryFingerprint()}`;

/** Parses one file and extracts its facts (pure: no I/O). */
export function extractFile(filePath: string, text: string, language: LanguageId): FileFacts {
  const rt = languageRuntime(language);
  const { flat, parseErrors } = parseFlat(rt, text);
  return collectFlat(rt, flat, filePath, text, parseErrors);
}
