// PLACEHOLDER until the indexer work lands: same signatures.
/** Languages the indexer understands. */
export type LanguageId = 'typescript' | 'tsx' | 'javascript';

/** Language of a file by its name, or undefined when it is not indexed. */
export function languageOf(filePath: string): LanguageId | undefined {
  if (/\.d\.[cm]?ts$/.test(filePath)) return 'typescript';
  if (/\.[cm]?ts$/.test(filePath)) return 'typescript';
  if (/\.tsx$/.test(filePath)) return 'tsx';
  if (/\.(?:[cm]?js|jsx)$/.test(filePath)) return 'javascript';
  return undefined;
}

/**
 * Everything the resolver needs from one file, JSON-serialisable so it can be cached by content hash and
 * produced in a worker thread. Its inner shape belongs to the indexer.
 */
export interface FileFacts {
  path: string;
  language: LanguageId;
  /** Number of lines in the file. */
  lines: number;
  /** Syntax errors the parser recovered from (ERROR/MISSING nodes). */
  parseErrors: number;
  [key: string]: unknown;
}

/** Parses one file and extracts its facts (pure: no I/O). */
export function extractFile(filePath: string, text: string, language: LanguageId): FileFacts {
  return { path: filePath, language, lines: text.split('\n').length, parseErrors: 0 };
}
