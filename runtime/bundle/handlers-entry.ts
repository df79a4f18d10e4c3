/**
 * Entry of dist/handlers.mjs: the tool handlers plus what another runtime needs to run them on a saved
 * snapshot without this package's node_modules (the snapshot loader, the repo selector, the tool runner).
 */
export * from '../../handlers/index.ts';
export { SnapshotLoader, type SnapshotLoaderOptions } from '../../index-store/loader.ts';
export type { Snapshot, SnapshotHost, RepoInfo } from '../../index-store/snapshot.ts';
export { staticSource, selectSnapshot, type SnapshotSource } from '../snapshot-source.ts';
export { runTool, toolEntries, findTool } from '../tool-runner.ts';
export { ERROR_STATUS, isCodegraphError, toCodegraphError } from '../../lib/errors.ts';
