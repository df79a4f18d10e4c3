/**
 * Writes whole-file replacements inside a repository, all or nothing. Used by the runtime's
 * SnapshotHost.writeFiles (which re-indexes afterwards); the rename handler itself never touches the disk.
 *
 * 1. Confinement: every path is relative, without `..`, and resolves (symlinks followed) to a regular file
 *    inside the real root; two paths reaching the same file are refused.
 * 2. Freshness: each file's current sha256 must equal `expectedHash`, else STALE_INDEX and nothing is written.
 *    Readers drop a leading UTF-8 BOM, so a hash of the text without it also matches; the BOM is kept.
 * 3. Prepare: each new text goes to a temporary file beside its target (same directory, same mode).
 * 4. Commit: temporary files are renamed over their targets one by one (each re-checked just before); if one
 *    fails, the files already replaced get their original bytes back and the rest stay untouched.
 * Temporary files are named `.<file>.codegraph-<pid>-<hex>.tmp` and listed in a journal in the index folder
 * before the first is made, so a writer killed half-way leaves none for good: the next write (or analyze)
 * removes the ones a dead process listed, and those of dead processes beside the files it writes.
 */
import { promises as nodeFs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FileWrite } from '../../index-store/snapshot.ts';
import { CodegraphError } from '../errors.ts';
import { TempJournal, recoverInterruptedWrites, removeStaleTemps } from '../../index-store/atomic.ts';
import { sha256 } from './text.ts';

/** The file operations used, injectable so tests can make one fail part-way. */
export interface WriteOps {
  realpath(p: string): Promise<string>;
  stat(p: string): Promise<{ isFile(): boolean; mode: number }>;
  readFile(p: string): Promise<Buffer>;
  writeFile(p: string, data: string | Buffer, opts: { mode: number; flag: string }): Promise<void>;
  chmod(p: string, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(p: string): Promise<void>;
}

const defaultOps: WriteOps = {
  realpath: (p) => nodeFs.realpath(p),
  stat: (p) => nodeFs.stat(p),
  readFile: (p) => nodeFs.readFile(p),
  writeFile: (p, d, o) => nodeFs.writeFile(p, d, o),
  chmod: (p, m) => nodeFs.chmod(p, m),
  rename: (a, b) => nodeFs.rename(a, b),
  unlink: (p) => nodeFs.unlink(p),
};

interface Prepared {
  change: FileWrite;
  real: string;
  mode: number;
  original: Buffer;
  /** The text to write (with the original's BOM kept). */
  text: string;
  /** The temporary file's name (journaled before it is created), and whether it exists now. */
  tempName: string;
  temp?: string;
  /** The name a restore of the original writes through, should one be needed. */
  restoreName: string;
}

/** A temporary file of a writer (the pid is the first group). */
const TEMP_NAME = /^\..+\.codegraph-(\d+)-[0-9a-f]{8}\.tmp$/;

/** A fresh temporary name beside `real`, carrying this process's pid (so a later run can tell it is stale). */
function tempBeside(real: string): string {
  return path.join(path.dirname(real), `.${path.basename(real)}.codegraph-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function invalid(p: string, why: string): CodegraphError {
  return new CodegraphError('INVALID_PATH', `refusing to write '${p}': ${why}`, { path: p });
}

/** Checks a requested path's shape before touching the file system; returns its segments. */
function segmentsOf(p: unknown): string[] {
  if (typeof p !== 'string' || p === '') throw invalid(String(p), 'empty path');
  if (p.includes('\0')) throw invalid(p, 'NUL in path');
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p) || /^[a-zA-Z]:/.test(p)) throw invalid(p, 'absolute paths are not allowed');
  const segs = p.split(/[\\/]/);
  if (segs.some((s) => s === '..')) throw invalid(p, "'..' is not allowed");
  return segs.filter((s) => s !== '' && s !== '.');
}

/** Writes `changes` (relative paths) under `root` atomically as a set; see the module comment for guarantees. */
export async function writeFilesAtomically(root: string, changes: readonly FileWrite[], ops: WriteOps = defaultOps): Promise<void> {
  if (changes.length === 0) return;
  let realRoot: string;
  try { realRoot = await ops.realpath(root); } catch { throw new CodegraphError('INVALID_PATH', `repository root '${root}' does not exist`); }
  const inside = (p: string) => p.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep);

  // 1. Confinement, and 2. freshness — before anything is written.
  const prepared: Prepared[] = [];
  const seen = new Map<string, string>();
  const stale: string[] = [];
  for (const change of changes) {
    const segs = segmentsOf(change.path);
    if (segs.length === 0) throw invalid(change.path, 'not a file');
    let real: string;
    try { real = await ops.realpath(path.join(realRoot, ...segs)); } catch { throw invalid(change.path, 'no such file in the repository'); }
    if (!inside(real)) throw invalid(change.path, 'it resolves outside the repository (symlink)');
    const st = await ops.stat(real);
    if (!st.isFile()) throw invalid(change.path, 'not a regular file');
    const dup = seen.get(real);
    if (dup !== undefined) throw invalid(change.path, `it is the same file as '${dup}'`);
    seen.set(real, change.path);
    const original = await ops.readFile(real);
    const bom = original.subarray(0, 3).equals(UTF8_BOM);
    if (sha256(original) !== change.expectedHash && !(bom && sha256(original.subarray(3)) === change.expectedHash)) stale.push(change.path);
    const text = bom && !change.text.startsWith('\uFEFF') ? '\uFEFF' + change.text : change.text;
    prepared.push({ change, real, mode: st.mode & 0o7777, original, text, tempName: tempBeside(real), restoreName: tempBeside(real) });
  }
  if (stale.length) {
    throw new CodegraphError('STALE_INDEX', `${stale.length} file(s) changed since they were indexed (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}); nothing was written — re-run analyze and retry`, { files: stale });
  }

  // What an earlier writer killed half-way left behind goes first; then this write's own names are journaled.
  const indexDir = path.join(realRoot, '.codegraph');
  recoverInterruptedWrites(indexDir);
  for (const dir of new Set(prepared.map((p) => path.dirname(p.real)))) removeStaleTemps(dir, TEMP_NAME);
  const journal = TempJournal.open(indexDir, prepared.flatMap((p) => [p.tempName, p.restoreName]));
  try {
    await prepareAndCommit(prepared, ops);
  } finally {
    await removeTemps(prepared, ops);
    journal.close();
  }
}

/** Steps 3 and 4 (see the module comment). */
async function prepareAndCommit(prepared: Prepared[], ops: WriteOps): Promise<void> {
  // 3. Prepare every temporary file; a failure here leaves the targets untouched.
  try {
    for (const p of prepared) {
      await ops.writeFile(p.tempName, p.text, { mode: p.mode, flag: 'wx' });
      p.temp = p.tempName;
      await ops.chmod(p.tempName, p.mode);
    }
  } catch (err) {
    await removeTemps(prepared, ops);
    throw new CodegraphError('INTERNAL', `could not prepare the rename (${message(err)}); nothing was written`);
  }

  // 4. Commit one by one; on failure put back what was replaced.
  const done: Prepared[] = [];
  for (const p of prepared) {
    try {
      const now = await ops.readFile(p.real);
      if (!now.equals(p.original)) throw new CodegraphError('STALE_INDEX', `${p.change.path} changed while the rename was being written`, { files: [p.change.path] });
      await ops.rename(p.temp!, p.real);
      p.temp = undefined;
      done.push(p);
    } catch (err) {
      const unrestored = await restore(done, ops);
      await removeTemps(prepared, ops);
      const what = `writing ${p.change.path} failed (${message(err)})`;
      if (unrestored.length) {
        throw new CodegraphError('INTERNAL', `${what}; could NOT restore ${unrestored.join(', ')} — check these files`, { unrestored });
      }
      const restoredMsg = done.length ? `; restored the ${done.length} file(s) already written` : '; nothing was written';
      if (err instanceof CodegraphError && err.code === 'STALE_INDEX') throw new CodegraphError('STALE_INDEX', `${err.message}${restoredMsg}`, err.details);
      throw new CodegraphError('INTERNAL', `${what}${restoredMsg}`);
    }
  }
}

/** Puts original bytes back (temp + rename, newest first); returns the paths that could not be restored. */
async function restore(done: readonly Prepared[], ops: WriteOps): Promise<string[]> {
  const failed: string[] = [];
  for (const p of [...done].reverse()) {
    const temp = p.restoreName;
    try {
      await ops.writeFile(temp, p.original, { mode: p.mode, flag: 'wx' });
      await ops.chmod(temp, p.mode);
      await ops.rename(temp, p.real);
    } catch {
      failed.push(p.change.path);
      await ops.unlink(temp).catch(() => {});
    }
  }
  return failed;
}

async function removeTemps(prepared: Prepared[], ops: WriteOps): Promise<void> {
  for (const p of prepared) {
    if (p.temp) { await ops.unlink(p.temp).catch(() => {}); p.temp = undefined; }
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
