/** Request and response shapes of the rename tool (spec fields exact; extras documented in docs/rename.md). */
import type { ReferenceKind } from '../refs/reference-index.ts';

export interface RenameRequest {
  symbol_name?: string;
  symbol_uid?: string;
  new_name: string;
  file_path?: string;
  /** Narrows symbol_name by label (Function, Method, …) or language-specific kind. */
  kind?: string;
  /** true (default): preview only. false: write the edits. */
  dry_run: boolean;
  /** Also write `text_search` edits on apply (default false: only `graph` edits are written). */
  include_text_search: boolean;
  /** With dry_run false: the preview's `preview_id`; the apply writes only if it would write exactly that. */
  preview_id?: string;
  repo?: string;
}

export type Confidence = 'graph' | 'text_search';

export interface RenameEdit {
  line: number;
  /** 1-based UTF-16 column of old_text's first character. */
  column: number;
  old_text: string;
  new_text: string;
  confidence: Confidence;
  /** The source line, trimmed, for review. */
  context: string;
  /** For graph edits: what the occurrence is (definition, call, import, export, type, value, jsx, shorthand). */
  kind?: ReferenceKind;
  /** True when an apply of this same request writes this edit (graph edits always; text_search on request). */
  apply: boolean;
}

export interface FileChange {
  file_path: string;
  edits: RenameEdit[];
}

export interface RenameSummary {
  totalEdits: number;
  filesAffected: number;
  graphEdits: number;
  textSearchEdits: number;
  /** Edits an apply of this request writes (those with `apply: true`). */
  editsToApply: number;
  /** Files an apply of this request writes. */
  filesToWrite: number;
}

export interface RenamedSymbol {
  uid: string;
  name: string;
  type: string;
  filePath?: string;
  line?: number;
}

export interface RenameResponse {
  changes: FileChange[];
  summary: RenameSummary;
  /** true when the edits were written to disk. */
  applied: boolean;
  /** Edits written (0 in a preview; equals summary.editsToApply after an apply). */
  applied_edits: number;
  symbol: RenamedSymbol;
  new_name: string;
  /** Other symbols renamed with it: merged declarations, overridden/implemented members. */
  tied_symbols: RenamedSymbol[];
  /** Things a reviewer should know (possible shadowing, occurrences the index could not confirm). */
  warnings: string[];
  /**
   * Fingerprint of exactly what an apply of this request writes now (every edit with `apply: true` and the
   * text of each file it writes). Pass it back with dry_run false to apply what was previewed and nothing else.
   */
  preview_id: string;
}
