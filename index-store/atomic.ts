/** Crash-safe file primitives: durable writes, write-then-rename, and a small inter-process lock. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CodegraphError } from '../lib/errors.ts';

/** Writes a file and flushes it to disk before returning (used inside a not-yet-published generation). */
export function writeFileDurable(file: string, data: string | Uint8Array): void {
  const fd = fs.openSync(file, 'w', 0o644);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes a file now (into the page cache: fast) and flushes it to disk on libuv's thread pool: the flush runs
 * while the caller computes, with no further turn of this thread's event loop needed (a chain of async
 * open/write/sync steps would only advance when this thread is idle). Resolves once the data is on disk.
 */
export function writeFileFlushing(file: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  const fd = fs.openSync(file, 'w', 0o644);
  try {
    if (Array.isArray(data)) writeAll(fd, data as readonly Uint8Array[]);
    else {
      const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data as Uint8Array;
      for (let off = 0; off < buf.length;) off += fs.writeSync(fd, buf, off, buf.length - off);
    }
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return new Promise((resolve, reject) => {
    fs.fsync(fd, (err) => {
      try { fs.closeSync(fd); } catch { /* the flush result is what matters */ }
      if (err) reject(err); else resolve();
    });
  });
}

/** Most buffers one writev takes (Linux's IOV_MAX). */
const IOV_MAX = 1024;

/** Writes `parts` in order with writev (no concatenated copy), resuming after a short write. */
function writeAll(fd: number, parts: readonly Uint8Array[]): void {
  let i = 0;
  let head: Uint8Array | undefined; // the rest of parts[i] after a short write
  while (i < parts.length) {
    const batch: Uint8Array[] = [head ?? parts[i]];
    for (let k = i + 1; k < parts.length && batch.length < IOV_MAX; k++) batch.push(parts[k]);
    let written = fs.writevSync(fd, batch);
    head = undefined;
    for (const b of batch) {
      if (written >= b.length) { written -= b.length; i++; continue; }
      head = b.subarray(written); // a short write: go on from here
      break;
    }
  }
}

/** Replaces `file` atomically: write a temporary sibling, flush, rename over. Readers see old or new, never half. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileDurable(tmp, data);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(path.dirname(file));
}

/**
 * Flushes every file and folder under `dir` (files another module wrote into a generation, e.g. lib/search's,
 * so the whole generation is on disk before meta.json marks it complete), off the main thread, every file
 * concurrently (the file system can batch them). A missing `dir` is fine.
 */
export async function fsyncTreeAsync(dir: string): Promise<void> {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
  await Promise.all(entries.map((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return fsyncTreeAsync(p);
    if (!e.isFile()) return undefined;
    const fd = fs.openSync(p, 'r');
    return new Promise<void>((resolve, reject) => {
      fs.fsync(fd, (err) => {
        try { fs.closeSync(fd); } catch { /* as above */ }
        if (err) reject(err); else resolve();
      });
    });
  }));
  fsyncDir(dir);
}

/** fsyncDir on libuv's thread pool: resolves once flushed (or when the platform cannot flush a folder). */
export function fsyncDirAsync(dir: string): Promise<void> {
  let fd: number;
  try { fd = fs.openSync(dir, 'r'); } catch { return Promise.resolve(); }
  return new Promise((resolve) => {
    fs.fsync(fd, () => {
      try { fs.closeSync(fd); } catch { /* as fsyncDir: best effort */ }
      resolve();
    });
  });
}

/** Flushes a directory entry change (rename) where the platform allows it. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic, just not yet durable.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const LOCK_WAIT_MS = 30_000;

/**
 * Runs `fn` holding an exclusive lock file (created with O_EXCL, holding our pid). A lock whose owner process
 * is gone is taken over; a live one is waited for, up to `waitMs` (30 s), then `busyMessage` is thrown.
 */
export async function withLock<T>(lockFile: string, busyMessage: string, fn: () => Promise<T> | T, waitMs = LOCK_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (tryLock(lockFile)) break;
    if (Date.now() > deadline) throw new CodegraphError('INTERNAL', busyMessage);
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

function tryLock(lockFile: string): boolean {
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') { fs.mkdirSync(path.dirname(lockFile), { recursive: true }); return false; } // folder removed meanwhile
    if (code !== 'EEXIST') throw err;
  }
  let owner = NaN;
  let ageMs = 0;
  try {
    owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
    ageMs = Date.now() - fs.statSync(lockFile).mtimeMs;
  } catch { return false; }
  if (Number.isInteger(owner) && owner > 0) {
    // Held by this process (another task of ours) or by a live process: wait.
    if (owner === process.pid || processAlive(owner)) return false;
  } else if (ageMs < 5000) {
    return false; // just created, pid not written yet
  }
  // Stale (owner gone, or garbage for a while): remove and retry once; a racing taker wins through O_EXCL.
  fs.rmSync(lockFile, { force: true });
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** writeFileAtomic's temporary name: `.<name>.<pid>.<8 hex>.tmp`. */
const ATOMIC_TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes the temporary files writeFileAtomic (or, with its `pattern`, another writer naming them with its pid
 * as the first group) left in `dir` when its process was killed between write and rename: the pid in the name
 * is no longer running. Files of live processes are left alone. Best effort; returns the files removed.
 */
export function removeStaleTemps(dir: string, pattern: RegExp = ATOMIC_TEMP): string[] {
  const removed: string[] = [];
  for (const file of filesOfDeadProcesses(dir, pattern)) {
    try {
      if (!fs.lstatSync(file).isFile()) continue;
      fs.rmSync(file);
      removed.push(file);
    } catch { /* gone meanwhile, or next time */ }
  }
  return removed;
}

/** The entries of `dir` (full paths) whose names match `pattern` with the pid of a process no longer running as its first group. */
function filesOfDeadProcesses(dir: string, pattern: RegExp): string[] {
  let names: string[];
  try { names = fs.readdirSync(dir); } catch { return []; }
  return names.filter((name) => { const m = pattern.exec(name); return m !== null && !processAlive(Number(m[1])); }).map((name) => path.join(dir, name));
}

/** A journal's name: `writes-<pid>-<8 hex>.json` in the index folder. */
const JOURNAL = /^writes-(\d+)-[0-9a-f]{8}\.json$/;

/**
 * The temporary files a multi-file write (rename apply) is about to create beside its targets, recorded in the
 * index folder before the first is created, so a write killed half-way (kill -9, power loss) leaves none behind
 * for good: the next write or analyze of the repository removes what a dead process's journal lists
 * (recoverInterruptedWrites). Without an index folder there is no journal (the caller cleans the target folders).
 */
export class TempJournal {
  private constructor(private readonly file: string | undefined) {}

  /** Records `temps` (absolute paths) durably before they are created. */
  static open(indexDir: string, temps: readonly string[]): TempJournal {
    if (!fs.existsSync(indexDir)) return new TempJournal(undefined);
    const file = path.join(indexDir, `writes-${process.pid}-${randomBytes(4).toString('hex')}.json`);
    writeFileDurable(file, JSON.stringify({ pid: process.pid, temps }));
    fsyncDir(indexDir);
    return new TempJournal(file);
  }

  /** The write is over and its temporary files are gone: the journal goes too. */
  close(): void {
    if (this.file) fs.rmSync(this.file, { force: true });
  }
}

/**
 * Finishes what killed writers left: for each journal in `indexDir` whose process is gone, removes the
 * temporary files it lists (only those still there, and only files named as temporary files) and the journal.
 * Returns the files removed.
 */
export function recoverInterruptedWrites(indexDir: string): string[] {
  const removed: string[] = [];
  for (const file of filesOfDeadProcesses(indexDir, JOURNAL)) {
    let temps: unknown = [];
    try { temps = (JSON.parse(fs.readFileSync(file, 'utf8')) as { temps?: unknown }).temps; } catch { /* a journal cut short lists nothing yet */ }
    for (const t of Array.isArray(temps) ? temps : []) {
      if (typeof t !== 'string' || !path.isAbsolute(t) || !/\.codegraph-\d+-[0-9a-f]{8}\.tmp$/.test(t)) continue;
      try { if (fs.lstatSync(t).isFile()) { fs.rmSync(t); removed.push(t); } } catch { /* already gone */ }
    }
    fs.rmSync(file, { force: true });
  }
  return removed;
}
