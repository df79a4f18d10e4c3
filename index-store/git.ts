/**
 * Git as the snapshot host runs it: HEAD at index time, and the diff text for detect_changes' scopes.
 * Untracked files count as added in every scope that looks at the working tree (unstaged, all, compare):
 * a new file an agent just wrote is a change it wants assessed. `staged` compares the index with HEAD only.
 * Renames are reported as a deletion plus an addition (`--no-renames`), which every diff parser understands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CodegraphError } from '../lib/errors.ts';
import type { DiffScope } from './snapshot.ts';
import { decodeUtf8 } from '../lib/files/source.ts';
import { looksBinary, DEFAULT_MAX_FILE_BYTES } from '../lib/files/skip-rules.ts';
import { isInside } from '../lib/files/walk.ts';
import { childProcess } from '../lib/util/lazy-builtins.ts';
import { headFromFiles } from './git-head.ts';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const MAX_BUFFER = 512 * 1024 * 1024;

/** HEAD commit of the repository containing `root`, or null (not a repository, no commits, no git); from its files when they say (git-head.ts). */
export function headCommit(root: string): string | null {
  const fromFiles = headFromFiles(root);
  if (fromFiles !== undefined) return fromFiles;
  try {
    const out = childProcess().execFileSync('git', ['-C', root, 'rev-parse', '--verify', '--quiet', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: gitEnv() });
    const sha = out.trim();
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/**
 * headCommit without blocking: from the repository's files at once when they say; otherwise git, which analyze
 * starts first so it runs while the files are walked and read.
 */
export function headCommitAsync(root: string): Promise<string | null> {
  const fromFiles = headFromFiles(root);
  if (fromFiles !== undefined) return Promise.resolve(fromFiles);
  return git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']).then((out) => {
    const sha = out.trim();
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
  }, () => null);
}

/**
 * Unified diff text of `scope`, paths relative to `root`; GIT_ERROR when git cannot answer. The untracked
 * listing runs in parallel with the diff (two git processes; for `compare` the ref is verified first, by a third
 * that runs while the listing does, so it adds one process start to the wait, not two).
 */
export async function gitDiff(root: string, scope: DiffScope, baseRef?: string): Promise<string> {
  const common = ['diff', '--no-color', '--no-ext-diff', '--no-renames', '--relative'];
  if (!['unstaged', 'staged', 'all', 'compare'].includes(scope)) throw new CodegraphError('GIT_ERROR', `unknown diff scope '${String(scope)}'`);
  if (scope === 'compare') {
    if (!baseRef) throw new CodegraphError('GIT_ERROR', "scope 'compare' needs base_ref");
    if (baseRef.startsWith('-') || /[\0\n]/.test(baseRef)) throw new CodegraphError('GIT_ERROR', `invalid base_ref '${baseRef}'`);
  }
  const untracked = scope === 'staged' ? Promise.resolve('') : untrackedDiff(root);
  untracked.catch(() => {}); // its failure is reported through the diff's, which fails the same way
  let args: string[];
  switch (scope) {
    case 'unstaged': args = [...common]; break;
    case 'staged': args = [...common, '--cached']; break;
    case 'all': args = [...common, 'HEAD']; break;
    case 'compare': {
      const sha = await git(root, ['rev-parse', '--verify', '--quiet', `${baseRef}^{commit}`]).catch((err: Error) => {
        throw notARepo(err, root) ?? new CodegraphError('GIT_ERROR', `unknown git ref '${baseRef}'`);
      });
      args = [...common, sha.trim()];
      break;
    }
    default: throw new CodegraphError('GIT_ERROR', `unknown diff scope '${String(scope)}'`);
  }
  let text: string;
  try {
    text = await git(root, [...args, '--']);
  } catch (err) {
    const e = err as Error;
    if (notARepo(e, root)) throw notARepo(e, root);
    // `all` before the first commit: there is no HEAD, compare with the empty tree instead.
    if (scope === 'all' && /bad revision 'HEAD'|ambiguous argument 'HEAD'|unknown revision/.test(e.message)) {
      text = await git(root, [...common, EMPTY_TREE, '--']);
    } else {
      throw new CodegraphError('GIT_ERROR', `git diff failed: ${firstLine(e.message)}`);
    }
  }
  return text + (await untracked);
}

/** GIT_ERROR for a folder outside any repository (`git diff` there falls back to `--no-index` and prints its usage). */
function notARepo(err: Error, root: string): CodegraphError | undefined {
  return /not a git repository|usage: git diff --no-index/i.test(err.message) ? new CodegraphError('GIT_ERROR', `not a git repository: ${root}`) : undefined;
}

/** New-file diffs for untracked, not ignored text files under `root`. */
async function untrackedDiff(root: string): Promise<string> {
  const out = await git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', '.']);
  const realRoot = fs.realpathSync(root);
  let text = '';
  for (const rel of out.split('\0').filter(Boolean).sort()) {
    const abs = path.join(realRoot, rel);
    let bytes: Buffer;
    try {
      const st = fs.lstatSync(abs);
      if (!st.isFile() || st.size > DEFAULT_MAX_FILE_BYTES) continue;
      if (!isInside(fs.realpathSync(abs), realRoot)) continue;
      bytes = fs.readFileSync(abs);
    } catch { continue; }
    if (looksBinary(bytes)) continue;
    const body = decodeUtf8(bytes);
    if (body === undefined) continue;
    text += newFileDiff(rel.split(path.sep).join('/'), body);
  }
  return text;
}

/** The diff git would print for a new file. */
export function newFileDiff(rel: string, body: string): string {
  if (body === '') return `diff --git a/${rel} b/${rel}\nnew file mode 100644\n`;
  const lines = body.split('\n');
  const noEol = lines[lines.length - 1] !== '';
  if (!noEol) lines.pop();
  let s = `diff --git a/${rel} b/${rel}\nnew file mode 100644\n--- /dev/null\n+++ b/${rel}\n@@ -0,0 +1${lines.length === 1 ? '' : `,${lines.length}`} @@\n`;
  for (const l of lines) s += `+${l}\n`;
  if (noEol) s += '\\ No newline at end of file\n';
  return s;
}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess().execFile('git', ['-C', cwd, ...args], { encoding: 'utf8', maxBuffer: MAX_BUFFER, env: gitEnv() }, (err, stdout, stderr) => {
      if (err) reject(new Error((stderr || err.message).trim()));
      else resolve(stdout);
    });
  });
}

/** No pager, no prompts, no locale-translated messages. */
function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
}

function firstLine(s: string): string { return s.split('\n')[0]; }
