/**
 * The repository walk: every file under the root that .gitignore and the skip rules let through, in sorted
 * order, with size and mtime. Symbolic links are never followed (see skip-rules.ts for why); loops, links
 * leaving the root and links to things already inside it are classified by their real path and counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IgnoreStack, parseIgnoreFile, type IgnoreFile, type IgnoreRule } from './ignore.ts';
import {
  BUILD_OUTPUT_DIRS, DEFAULT_MAX_FILE_BYTES, DEPENDENCY_DIRS, VCS_DIRS, type SkipCounts, type SkipReason,
} from './skip-rules.ts';

/** A file the walk lets through. */
export interface WalkEntry {
  /** Relative, '/'-separated. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** A path the walk left out, with the reason. */
export interface WalkSkip {
  path: string;
  reason: SkipReason;
}

export interface WalkOptions {
  /** Decides whether a file is wanted at all (by name); refused files count as `unsupported-language`. */
  accept?(relPath: string): boolean;
  /** Files larger than this are skipped as `too-large` (default 1 MiB). */
  maxFileBytes?: number;
  /**
   * File names that make a folder a source package (the languages' `packageMarkers`): a folder named like build
   * output (`build/`, `coverage/`) that holds one directly is source, not output, and is walked.
   */
  packageMarkers?: readonly string[];
  /** Told each folder the walk enters ('' for the root), before its files: what a watcher watches. */
  onFolder?(relPath: string): void;
}

export interface WalkResult {
  /** Real path of the root. */
  root: string;
  files: WalkEntry[];
  skipped: WalkSkip[];
  skips: SkipCounts;
}

/** Walks `root` (which must be an existing directory) synchronously. */
export function walkRepository(root: string, options: WalkOptions = {}): WalkResult {
  const realRoot = fs.realpathSync(root);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const markers = options.packageMarkers ?? [];
  const files: WalkEntry[] = [];
  const skipped: WalkSkip[] = [];
  const skips: SkipCounts = {};
  const skip = (p: string, reason: SkipReason): void => {
    skipped.push({ path: p, reason });
    skips[reason] = (skips[reason] ?? 0) + 1;
  };

  const base = ancestorIgnores(realRoot);
  // (a `src` folder indexed on its own: its folders are under a source folder, as they are in the whole checkout)
  const rootIsSource = path.basename(realRoot) === 'src';

  const visit = (dirAbs: string, dirRel: string, parent: IgnoreStack): void => {
    let stack = parent;
    options.onFolder?.(dirRel);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch {
      if (dirRel !== '') skip(dirRel, 'unreadable');
      return;
    }
    // The listing says whether the folder has a rule file (by its exact name, as git looks it up on a case-sensitive
    // file system): most folders have none, and a read tried anyway failed with an error object (typeorm: 2,006 of
    // its 2,010 folders, 40% of the walk's CPU). Under 15% of a one-file run: kept as work nothing read removed.
    if (entries.some((e) => e.name === '.gitignore')) {
      const own = readIgnore(path.join(dirAbs, '.gitignore'));
      if (own) stack = stack.child({ base: dirRel, rules: own });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const ent of entries) {
      const rel = dirRel === '' ? ent.name : `${dirRel}/${ent.name}`;
      const abs = path.join(dirAbs, ent.name);
      if (ent.isSymbolicLink()) {
        const reason = classifyLink(abs, realRoot);
        if (stack.ignores(rel, reason === 'symlink-dir')) { skip(rel, 'gitignored'); continue; }
        skip(rel, reason === 'symlink-dir' ? 'symlink-duplicate' : reason);
        continue;
      }
      if (ent.isDirectory()) {
        if (ent.name === INDEX_DIR_NAME) continue; // our own index: not part of the repository, not a skip
        const dirReason = dirSkipReason(ent.name, rootIsSource || underSource(rel), abs, markers);
        if (dirReason) { skip(rel, dirReason); continue; }
        if (stack.ignores(rel, true)) { skip(rel, 'gitignored'); continue; }
        visit(abs, rel, stack);
        continue;
      }
      if (!ent.isFile()) continue; // sockets, FIFOs, devices: not files anyone indexes
      if (ent.name === '.gitignore') continue;
      if (stack.ignores(rel, false)) { skip(rel, 'gitignored'); continue; }
      if (options.accept && !options.accept(rel)) { skip(rel, 'unsupported-language'); continue; }
      let st: fs.Stats;
      try { st = fs.statSync(abs); } catch { skip(rel, 'unreadable'); continue; }
      if (st.size > maxBytes) { skip(rel, 'too-large'); continue; }
      files.push({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
    }
  };
  visit(realRoot, '', IgnoreStack.of(base));
  return { root: realRoot, files, skipped, skips };
}

const INDEX_DIR_NAME = '.codegraph';

/** Why a folder is skipped, if it is (`inSource`: the folder lies under a `src` folder, see underSource). */
function dirSkipReason(name: string, inSource: boolean, abs: string, markers: readonly string[]): SkipReason | undefined {
  if (VCS_DIRS.has(name)) return 'vcs-dir';
  if (DEPENDENCY_DIRS.has(name)) return 'dependency-dir';
  // Output holds packages below it (setuptools' build/lib/pkg/), never a marker of its own; and compilers write it
  // beside the sources, not into them, so a `build/` under a `src/` folder is code (nitro's src/build/, a Java
  // package `…/src/main/java/org/x/build/`).
  if (BUILD_OUTPUT_DIRS.has(name) && !inSource && !hasMarker(abs, markers)) return 'build-output-dir';
  return undefined;
}

/** Whether a folder's path (relative to the root, `/`-separated) runs through a `src` folder. */
function underSource(rel: string): boolean {
  return rel.startsWith('src/') || rel.includes('/src/');
}

/** Whether a folder holds one of the markers: a file name, or `*.ext` for any file of that extension. */
function hasMarker(abs: string, markers: readonly string[]): boolean {
  const names = markers.filter((m) => !m.startsWith('*.'));
  const exts = markers.filter((m) => m.startsWith('*.')).map((m) => m.slice(1));
  if (names.some((m) => fs.existsSync(path.join(abs, m)))) return true;
  if (!exts.length) return false;
  try {
    return fs.readdirSync(abs).some((f) => exts.some((e) => f.endsWith(e)));
  } catch {
    return false;
  }
}

/**
 * Classifies a symbolic link by its real path. A link to a folder that contains the link is a loop; a link
 * to a folder elsewhere inside the root is a duplicate of what the walk reaches anyway ('symlink-dir').
 */
function classifyLink(abs: string, realRoot: string): SkipReason | 'symlink-dir' {
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? 'symlink-loop' : code === 'ENOENT' || code === 'ENOTDIR' ? 'symlink-broken' : 'unreadable';
  }
  if (!isInside(real, realRoot)) return 'symlink-outside';
  let isDir = false;
  try { isDir = fs.statSync(real).isDirectory(); } catch { return 'unreadable'; }
  if (!isDir) return 'symlink-duplicate';
  const linkDir = fs.realpathSync(path.dirname(abs));
  return isInside(linkDir, real) ? 'symlink-loop' : 'symlink-dir';
}

/** True when `p` is `dir` or lies below it (both real, absolute). */
export function isInside(p: string, dir: string): boolean {
  if (p === dir) return true;
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return p.startsWith(prefix);
}

/**
 * Rule files that apply to the root from outside the walk, as git applies them: `.git/info/exclude` of the
 * enclosing work tree and the `.gitignore` of every folder from the work tree's top down to the root's parent.
 * If those rules ignore the root itself or a folder above it (the user asked for an ignored folder on
 * purpose), they are dropped.
 */
function ancestorIgnores(realRoot: string): IgnoreFile[] {
  let top: string | undefined;
  for (let d = realRoot; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) { top = d; break; }
    if (path.dirname(d) === d) break;
  }
  if (!top) return [];
  const posixRel = (from: string, to: string) => path.relative(from, to).split(path.sep).join('/');
  // Rule files with their folder: .git/info/exclude (top), then each folder from the top to the root's parent.
  const found: { dir: string; rules: IgnoreRule[] }[] = [];
  const exclude = readIgnore(path.join(top, '.git', 'info', 'exclude'));
  if (exclude) found.push({ dir: top, rules: exclude });
  if (top !== realRoot) {
    const parts = posixRel(top, realRoot).split('/');
    for (let i = 0; i < parts.length; i++) {
      const dir = path.join(top, ...parts.slice(0, i));
      const rules = readIgnore(path.join(dir, '.gitignore'));
      if (rules) found.push({ dir, rules });
    }
    // Seen from the top, the folders down to the root must not be ignored themselves.
    const fromTop = IgnoreStack.of(found.map((f) => ({ base: posixRel(top!, f.dir), rules: f.rules })));
    for (let i = 1; i <= parts.length; i++) if (fromTop.ignores(parts.slice(0, i).join('/'), true)) return [];
  }
  return found.map((f) => ({ base: '', prefix: posixRel(f.dir, realRoot) || undefined, rules: f.rules }));
}

function readIgnore(file: string) {
  let text: string;
  try { text = fs.readFileSync(file, 'utf8'); } catch { return undefined; }
  const rules = parseIgnoreFile(text);
  return rules.length ? rules : undefined;
}
