/**
 * Entry of dist/handlers.mjs: the tool handlers plus what another runtime needs to run them on a saved
 * snapshot without this package's node_modules (a read-only snapshot reader, the repo selector, the tool
 * runner). The indexer (tree-sitter) stays out: use the CLI to analyze.
 */
export * from '../../handlers/index.ts';
export type { Snapshot, SnapshotHost, RepoInfo } from '../../index-store/snapshot.ts';
export { loadSavedSnapshot, type SavedSnapshotOptions } from './saved-snapshot.ts';
export { staticSource, selectSnapshot, type SnapshotSource } from '../snapshot-source.ts';
export { runTool, toolEntries, findTool } from '../tool-runner.ts';
export { ERROR_STATUS, isCodegraphError, toCodegraphError } from '../../lib/errors.ts';
