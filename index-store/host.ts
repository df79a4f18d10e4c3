/**
 * The SnapshotHost of an indexed repository on disk: every read confined to the root (real-path check, so a
 * symbolic link pointing outside is refused), the same walk as analyze for listFiles, git for diffs, the
 * snapshot's embedder for query texts, and the rename write path.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FileWrite, SnapshotHost, WriteReport } from './snapshot.ts';
import { CodegraphError } from '../lib/errors.ts';
import { decodeUtf8 } from '../lib/files/source.ts';
import { walkRepository, isInside } from '../lib/files/walk.ts';
import { BINARY_EXTENSIONS, extensionOf, looksBinary, BINARY_SNIFF_BYTES } from '../lib/files/skip-rules.ts';
import { embedWith } from '../lib/search/index.ts';
import { gitDiff } from './git.ts';

export interface RepoHostOptions {
  /** Real absolute path of the repository root. */
  root: string;
  /** Folder with the search files (for embed); undefined when no search was built. */
  searchDir?: string;
  /**
   * Writes files all-or-nothing (engineer G's writeFilesAtomically). When absent the host is read-only and
   * has no writeFiles.
   */
  write?(root: string, changes: FileWrite[]): Promise<void>;
  /** Runs after a successful write: re-index and swap the served snapshot. */
  afterWrite?(paths: string[]): Promise<void>;
}

/** Builds the host of a repository on disk. */
export function createRepoHost(opts: RepoHostOptions): SnapshotHost {
  const root = opts.root;
  const host: SnapshotHost = {
    readFile: (relPath) => readInside(root, relPath),
    listFiles: () => listTextFiles(root),
    gitDiff: (scope, baseRef) => gitDiff(root, scope, baseRef),
    embed: async (texts) => {
      if (!opts.searchDir) throw new CodegraphError('INDEX_MISSING', 'this snapshot has no search index; run codegraph analyze again');
      return embedWith(opts.searchDir, texts);
    },
  };
  const write = opts.write;
  if (write) {
    host.writeFiles = async (changes): Promise<WriteReport> => {
      await write(root, changes);
      if (!opts.afterWrite) return { reindexed: false, warnings: [] };
      try {
        await opts.afterWrite(changes.map((c) => c.path));
        return { reindexed: true, warnings: [] };
      } catch (err) {
        // The files are written: that is the outcome to report, not a failure of the whole request.
        const why = err instanceof Error ? err.message : String(err);
        return { reindexed: false, warnings: [`the files were written, but the index could not be refreshed (${why}); run \`codegraph analyze ${root}\` before trusting other tools on these files`] };
      }
    };
  }
  return host;
}

/** Absolute real path of `relPath` when it lies inside `root` (links included), else undefined. */
export function resolveInside(root: string, relPath: string): string | undefined {
  if (typeof relPath !== 'string' || relPath === '' || relPath.includes('\0') || path.isAbsolute(relPath)) return undefined;
  const abs = path.resolve(root, relPath);
  if (!isInside(abs, root) || abs === root) return undefined;
  // Most calls probe for files that are not there (package manifests): a stat that reports absence without an
  // error object is far cheaper than the realpath failing, and the native realpath is one system call where the
  // JavaScript one reads every link of the path.
  let real: string;
  try {
    if (!fs.statSync(abs, { throwIfNoEntry: false })) return undefined;
    real = fs.realpathSync.native(abs);
  } catch { return undefined; }
  return isInside(real, root) ? real : undefined;
}

/** Text of a file inside `root`, or undefined (absent, outside, unreadable, binary, not UTF-8). */
export function readInside(root: string, relPath: string): string | undefined {
  const real = resolveInside(root, relPath);
  if (!real) return undefined;
  let bytes: Buffer;
  try { bytes = fs.readFileSync(real); } catch { return undefined; }
  if (looksBinary(bytes)) return undefined;
  return decodeUtf8(bytes);
}

/** Every text file the walk lets through (any language, .md/.json/.yaml included), sorted. */
export function listTextFiles(root: string): string[] {
  const { files } = walkRepository(root);
  const out: string[] = [];
  const head = Buffer.alloc(BINARY_SNIFF_BYTES);
  for (const f of files) {
    if (BINARY_EXTENSIONS.has(extensionOf(f.path))) continue;
    if (f.size > 0 && !isTextHead(path.join(root, f.path), head)) continue;
    out.push(f.path);
  }
  return out;
}

function isTextHead(abs: string, buf: Buffer): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(abs, 'r');
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return !looksBinary(buf.subarray(0, n));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
