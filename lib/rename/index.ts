/** The rename domain: plan (phase 1 checks, phase 2 locations), wire response, and the atomic file writer. */
export { planRename, toResponse, fileWrites, applyEdits, previewId, unindexedWrites, type RenamePlan } from './plan.ts';
export { writeFilesAtomically, type WriteOps } from './apply.ts';
export type { RenameRequest, RenameResponse, RenameEdit, FileChange, RenameSummary, Confidence } from './types.ts';
