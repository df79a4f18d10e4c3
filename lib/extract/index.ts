/**
 * Per-file extraction: parse one file with tree-sitter and record its facts (symbols, imports, exports, calls,
 * references, scopes resolved within the file). Pure and synchronous; the result is plain JSON, so the
 * pipeline can cache it by content hash and run it in worker threads. The language is given as its runtime
 * (lib/extract/runtime.ts); the registry (lib/lang/index.ts) binds this to language ids (`extractFile`).
 */
import type { FileFacts } from './facts.ts';
import type { LanguageRuntime } from './language.ts';
import { collectFlat, parseFlat } from './halves.ts';

export type { FileFacts } from './facts.ts';
export * as facts from './facts.ts';

/**
 * Revision of what the extractor's code records; with the query files' fingerprint it makes the facts' version
 * (lib/lang/index.ts EXTRACT_VERSION). Bump it when the extractor's code changes what it records; query edits
 * change the version by themselves.
 */
export const FACTS_REVISION = 258;

/** Parses one file of the runtime's language and extracts its facts (pure: no I/O). */
export function extractWith(rt: LanguageRuntime, filePath: string, text: string): FileFacts {
  const { flat, parseErrors } = parseFlat(rt, text);
  return collectFlat(rt, flat, filePath, text, parseErrors);
}
