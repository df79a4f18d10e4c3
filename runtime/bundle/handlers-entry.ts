/**
 * Entry of dist/handlers.mjs: the tool handlers plus what another runtime needs to run them on a saved
 * snapshot without this package's node_modules (a read-only snapshot reader, the registry loader, the repo
 * selector, the tool runner). Native code (tree-sitter, model runtimes) is loaded only when used.
 */
export * from '../../handlers/index.ts';
export type { Snapshot, SnapshotHost, RepoInfo } from '../../index-store/snapshot.ts';
export { loadSavedSnapshot, type SavedSnapshotOptions } from './saved-snapshot.ts';
// The registry-backed loader (what the CLI uses): reads every registered snapshot. Its hosts write (rename
// apply) only when given a writer: repositoryWriter re-indexes after writing, which needs the indexer's
// native parser installed.
export { SnapshotLoader, type SnapshotLoaderOptions, type RepositoryWriter } from '../../index-store/loader.ts';
export { repositoryWriter } from '../repository-writer.ts';
export { staticSource, selectSnapshot, type SnapshotSource } from '../snapshot-source.ts';
export { runTool, toolEntries, findTool } from '../tool-runner.ts';
export { ERROR_STATUS, isCodegraphError, toCodegraphError } from '../../lib/errors.ts';
