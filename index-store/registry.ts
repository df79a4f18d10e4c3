/**
 * The global registry, `$CODEGRAPH_HOME/registry.json` (default ~/.codegraph): one entry per indexed
 * repository (DESIGN.md §3). Replaced atomically under a lock, so concurrent analyzes never lose an entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CodegraphError } from '../lib/errors.ts';
import type { RepoInfo } from './snapshot.ts';
import { removeStaleTemps, withLock, writeFileAtomic } from './atomic.ts';

const REGISTRY_FILE = 'registry.json';
const REGISTRY_VERSION = 1;

interface RegistryFile {
  version: number;
  repos: RepoInfo[];
}

/** The registry folder: explicit `home`, else $CODEGRAPH_HOME, else ~/.codegraph. */
export function codegraphHome(home?: string): string {
  return path.resolve(home ?? process.env.CODEGRAPH_HOME ?? path.join(os.homedir(), '.codegraph'));
}

/** Path of registry.json under a home folder. */
export function registryPath(home?: string): string { return path.join(codegraphHome(home), REGISTRY_FILE); }

/** All entries, sorted by name; an absent or unreadable registry is empty. */
export function readRegistry(home?: string): RepoInfo[] {
  let text: string;
  try { text = fs.readFileSync(registryPath(home), 'utf8'); } catch { return []; }
  try {
    const data = JSON.parse(text) as RegistryFile;
    return Array.isArray(data.repos) ? [...data.repos].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : [];
  } catch {
    throw new CodegraphError('INTERNAL', `the registry ${registryPath(home)} is not valid JSON; fix or delete it`);
  }
}

/**
 * Checks that `name` may be used for the repository at `root`: free, or already that repository's.
 * Throws VALIDATION_ERROR naming the other path otherwise.
 */
export function checkName(entries: readonly RepoInfo[], name: string, root: string): void {
  const clash = entries.find((e) => e.name === name && e.path !== root);
  if (clash) {
    throw new CodegraphError('VALIDATION_ERROR',
      `a repository named '${name}' is already indexed at ${clash.path}; choose another name with --name`, { name, path: clash.path });
  }
}

/** The name a repository gets: `requested`, else its existing entry's name, else the folder's base name. */
export function chooseName(entries: readonly RepoInfo[], root: string, requested?: string): string {
  if (requested) return requested;
  const existing = entries.find((e) => e.path === root);
  return existing ? existing.name : path.basename(root) || 'root';
}

/** Adds or replaces the entry for `info.path` (same path → same entry, possibly renamed). */
export async function upsertRepo(info: RepoInfo, home?: string): Promise<void> {
  await mutate(home, (repos) => {
    checkName(repos, info.name, info.path);
    return [...repos.filter((e) => e.path !== info.path), info];
  });
}

/** Removes the entry of the repository at `root`; returns whether there was one. */
export async function removeRepo(root: string, home?: string): Promise<boolean> {
  let removed = false;
  await mutate(home, (repos) => {
    const rest = repos.filter((e) => e.path !== root);
    removed = rest.length !== repos.length;
    return rest;
  });
  return removed;
}

async function mutate(home: string | undefined, change: (repos: RepoInfo[]) => RepoInfo[]): Promise<void> {
  const dir = codegraphHome(home);
  fs.mkdirSync(dir, { recursive: true });
  await withLock(path.join(dir, `${REGISTRY_FILE}.lock`), `the registry ${dir} is locked by another codegraph process`, () => {
    const next = change(readRegistry(home)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const data: RegistryFile = { version: REGISTRY_VERSION, repos: next };
    removeStaleTemps(dir); // a registry write killed before its rename
    writeFileAtomic(path.join(dir, REGISTRY_FILE), JSON.stringify(data, null, 2) + '\n');
  });
}
