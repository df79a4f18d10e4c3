/**
 * Reads a saved snapshot read-only, without the indexer: what dist/handlers.mjs carries so another runtime
 * can run the tools on an index written by `codegraph analyze` (no tree-sitter, no registry needed).
 * The host reads files inside the repository and asks git for diffs; it has no writeFiles, so a rename
 * apply through it refuses clearly instead of writing behind the indexer's back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RepoInfo, Snapshot } from '../../index-store/snapshot.ts';
import { ReferenceIndex } from '../../lib/refs/reference-index.ts';
import { UnresolvedCalls } from '../../lib/refs/unresolved-calls.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { loadSearch } from '../../lib/search/load.ts';
import { INDEX_DIR, SNAPSHOT_SCHEMA, readFileTable, readGraph, readMeta, readPointer, readRefs, readUnresolved } from '../../index-store/format.ts';
import { assembleSnapshot } from '../../index-store/assemble.ts';
import { createRepoHost } from '../../index-store/host.ts';

export interface SavedSnapshotOptions {
  /** Repository name reported by list_repos (default: the folder's base name). */
  name?: string;
}

/**
 * Loads the current snapshot of an indexed repository: `root` is the repository folder (holding
 * `.codegraph/`). INDEX_MISSING when there is no readable snapshot of this format.
 */
export async function loadSavedSnapshot(root: string, options: SavedSnapshotOptions = {}): Promise<Snapshot> {
  const realRoot = realDir(root);
  const indexDir = path.join(realRoot, INDEX_DIR);
  const generation = readPointer(indexDir);
  if (!generation) throw new CodegraphError('INDEX_MISSING', `no saved snapshot under ${indexDir}; run \`codegraph analyze ${realRoot}\``);
  const dir = path.join(indexDir, generation);
  let meta;
  try {
    meta = readMeta(dir);
  } catch (err) {
    throw new CodegraphError('INDEX_MISSING', `the snapshot at ${dir} cannot be read: ${(err as Error).message}`);
  }
  if (meta.schema !== SNAPSHOT_SCHEMA) {
    throw new CodegraphError('INDEX_MISSING', `the snapshot at ${dir} has format ${meta.schema}; this bundle reads ${SNAPSHOT_SCHEMA}; run \`codegraph analyze ${realRoot}\``);
  }
  const repo: RepoInfo = { name: options.name ?? path.basename(realRoot), path: realRoot, indexedAt: meta.indexedAt, lastCommit: meta.commit, stats: meta.stats };
  return assembleSnapshot({
    repo,
    graph: readGraph(dir),
    refs: new ReferenceIndex(readRefs(dir)),
    unresolved: new UnresolvedCalls(readUnresolved(dir)),
    files: readFileTable(dir).files,
    search: await loadSearch(dir),
    host: createRepoHost({ root: realRoot, searchDir: dir }),
  });
}

function realDir(root: string): string {
  try {
    const real = fs.realpathSync(path.resolve(root));
    if (fs.statSync(real).isDirectory()) return real;
  } catch { /* reported below */ }
  throw new CodegraphError('INVALID_PATH', `not a directory: ${root}`);
}
