/** Removing a repository's index: its `.codegraph` folder and its registry entry. */
import fs from 'node:fs';
import path from 'node:path';
import { CodegraphError, repoNotFound } from '../errors.ts';
import { INDEX_DIR, POINTER_FILE } from '../../index-store/format.ts';
import { readRegistry, removeRepo } from '../../index-store/registry.ts';
import { withLock } from '../../index-store/atomic.ts';
import { locateIndex } from './status.ts';

export interface CleanResult {
  root: string;
  /** Registry name, when it was registered. */
  name?: string;
  removedIndex: boolean;
  removedEntry: boolean;
}

/** The folder of the repository registered as `name`; REPO_NOT_FOUND, listing the registered names, when none is. */
export function registeredPath(name: string, home?: string): string {
  const entries = readRegistry(home);
  const entry = entries.find((e) => e.name === name);
  if (!entry) {
    const names = entries.map((e) => e.name);
    throw repoNotFound(name, names);
  }
  return entry.path;
}

/**
 * Removes the index of the repository at or above `start` (waiting for a running analyze to finish) and its
 * registry entry. A registered repository whose folder or index is already gone just loses its entry.
 */
export async function cleanRepository(start: string, options: { home?: string } = {}): Promise<CleanResult> {
  const abs = path.resolve(start);
  const real = fs.existsSync(abs) ? fs.realpathSync(abs) : abs;
  const registered = readRegistry(options.home).find((e) => e.path === real || e.path === abs);
  let root: string | undefined;
  try {
    root = locateIndex(abs).root;
  } catch (err) {
    if (!(err instanceof CodegraphError) || !registered) throw err;
  }
  root ??= registered!.path;
  const entry = readRegistry(options.home).find((e) => e.path === root);
  const indexDir = path.join(root, INDEX_DIR);
  let removedIndex = false;
  if (fs.existsSync(indexDir)) {
    await withLock(path.join(indexDir, 'analyze.lock'), `an analyze is running on ${root}; try again when it ends`, () => {
      // The pointer goes first: from then on readers see "no index", never a half-deleted generation.
      fs.rmSync(path.join(indexDir, POINTER_FILE), { force: true });
      fs.rmSync(indexDir, { recursive: true, force: true });
    });
    removedIndex = true;
  }
  const removedEntry = await removeRepo(root, options.home);
  return { root, name: entry?.name, removedIndex, removedEntry };
}
