/**
 * HEAD's commit read from the repository's own files, so analyze and status need no `git` process (a process
 * start, and Node's child_process module, on every run). It answers what `git rev-parse --verify HEAD` answers
 * for the layouts it knows — a `.git` folder or a `.git` file (worktrees, submodules), `commondir`, loose and
 * packed refs, symbolic refs, a detached HEAD — and gives up (undefined: ask git) on anything else: GIT_* settings
 * that move the repository, a reftable store, another user's repository (git's safe.directory), a walk that would
 * cross into another file system, unreadable files.
 */
import fs from 'node:fs';
import path from 'node:path';

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Environment variables under which git looks for the repository elsewhere than this reader would. */
const MOVING_ENV = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_CEILING_DIRECTORIES', 'GIT_DISCOVERY_ACROSS_FILESYSTEM'];

/** The commit HEAD names (a sha), null when `root` is in no repository or HEAD has no commit yet, undefined when unsure. */
export function headFromFiles(root: string): string | null | undefined {
  try {
    if (MOVING_ENV.some((v) => process.env[v] !== undefined)) return undefined;
    const gitDir = findGitDir(path.resolve(root));
    if (gitDir === null || gitDir === undefined) return gitDir;
    const uid = process.getuid?.();
    if (uid !== undefined && fs.statSync(gitDir).uid !== uid) return undefined;
    const commondirFile = path.join(gitDir, 'commondir');
    const commonDir = fs.existsSync(commondirFile) ? path.resolve(gitDir, fs.readFileSync(commondirFile, 'utf8').trim()) : gitDir;
    if (fs.existsSync(path.join(commonDir, 'reftable'))) return undefined;
    return resolveRef(fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim(), gitDir, commonDir, 0);
  } catch {
    return undefined;
  }
}

/**
 * The repository folder for `dir`: the nearest `.git` folder (with a HEAD) or `.git` file's `gitdir:` at or
 * above it; null when there is none up to the file system's root, undefined when the walk would leave `dir`'s
 * file system (git stops there) or a `.git` is of a kind git might judge differently.
 */
function findGitDir(dir: string): string | null | undefined {
  const dev = fs.statSync(dir).dev;
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.statSync(d).dev !== dev) return undefined;
    const dotGit = path.join(d, '.git');
    const st = fs.lstatSync(dotGit, { throwIfNoEntry: false });
    if (st?.isDirectory()) return fs.existsSync(path.join(dotGit, 'HEAD')) ? dotGit : undefined;
    if (st?.isFile()) {
      const m = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'));
      const target = m && path.resolve(d, m[1].trim());
      return target && fs.existsSync(path.join(target, 'HEAD')) ? target : undefined;
    }
    if (st) return undefined; // a symbolic link or something else named .git
    if (path.dirname(d) === d) return null;
  }
}

/** The sha a HEAD or ref file's content names, following `ref:` links (loose files first, then packed-refs). */
function resolveRef(content: string, gitDir: string, commonDir: string, depth: number): string | null | undefined {
  if (SHA.test(content)) return content;
  if (!content.startsWith('ref: ') || depth > 5) return undefined;
  const name = content.slice(5).trim();
  if (!name.startsWith('refs/') || name.split('/').some((part) => part === '..' || part === '')) return undefined;
  for (const base of gitDir === commonDir ? [gitDir] : [gitDir, commonDir]) {
    const file = path.join(base, name);
    if (fs.existsSync(file)) return resolveRef(fs.readFileSync(file, 'utf8').trim(), gitDir, commonDir, depth + 1);
  }
  const packed = path.join(commonDir, 'packed-refs');
  if (fs.existsSync(packed)) {
    for (const line of fs.readFileSync(packed, 'utf8').split('\n')) {
      if (line.startsWith('#') || line.startsWith('^')) continue;
      const space = line.indexOf(' ');
      if (space > 0 && line.slice(space + 1).trim() === name) return SHA.test(line.slice(0, space)) ? line.slice(0, space) : undefined;
    }
  }
  return null; // a branch with no commit yet (`git init`, an orphan branch)
}
