/** One edit as the planner holds it: the wire fields plus the string offset it applies at. */
import type { ReferenceKind } from '../refs/reference-index.ts';
import type { Confidence, RenameEdit } from './types.ts';

export interface PlannedEdit {
  path: string;
  /** UTF-16 offset of old_text in the file text the plan was computed on. */
  offset: number;
  line: number;
  column: number;
  oldText: string;
  newText: string;
  confidence: Confidence;
  kind?: ReferenceKind;
  context: string;
  apply: boolean;
}

/** Deterministic edit order: file, then position. */
export function compareEdits(a: PlannedEdit, b: PlannedEdit): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.offset - b.offset;
}

/** The wire form of an edit. */
export function toWireEdit(e: PlannedEdit): RenameEdit {
  return {
    line: e.line, column: e.column, old_text: e.oldText, new_text: e.newText, confidence: e.confidence,
    context: e.context, ...(e.kind ? { kind: e.kind } : {}), apply: e.apply,
  };
}
