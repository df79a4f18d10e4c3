/**
 * index-store/git-head.ts reads HEAD's commit from the repository's files as `git rev-parse --verify HEAD` does:
 * loose and packed refs, a detached HEAD, a worktree's `.git` file and commondir, a symbolic ref, a sub-folder,
 * an unborn branch and no repository at all; it gives up (undefined) where git might answer otherwise.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { headFromFiles } from '../../index-store/git-head.ts';
import { headCommit, headCommitAsync } from '../../index-store/git.ts';
import { git, gitInitCommit, tempDir, writeTree } from '../analyze/_helpers.ts';

/** What git itself says HEAD is (null: no commit, or no repository). */
function gitHead(dir: string): string | null {
  try {
    const out = execFileSync('git', ['-C', dir, 'rev-parse', '--verify', '--quiet', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out || null;
  } catch {
    return null;
  }
}

/** The file reader, headCommit and headCommitAsync all agree with git on `dir`. */
async function agrees(t: import('ava').ExecutionContext, dir: string, what: string): Promise<void> {
  const expected = gitHead(dir);
  t.is(headFromFiles(dir), expected, `${what}: from files`);
  t.is(headCommit(dir), expected, `${what}: headCommit`);
  t.is(await headCommitAsync(dir), expected, `${what}: headCommitAsync`);
}

test('HEAD from files agrees with git: loose, packed, detached, symbolic, sub-folder, worktree, unborn, none', async (t) => {
  const root = tempDir();
  writeTree(root, { 'src/a.ts': 'export const a = 1;\n' });
  gitInitCommit(root);
  t.regex(headFromFiles(root) ?? '', /^[0-9a-f]{40}$/);
  await agrees(t, root, 'loose ref');
  await agrees(t, path.join(root, 'src'), 'sub-folder');

  fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
  git(root, 'commit', '-qam', 'second');
  git(root, 'pack-refs', '--all');
  t.false(fs.existsSync(path.join(root, '.git/refs/heads/main')), 'the branch is only in packed-refs now');
  await agrees(t, root, 'packed ref');

  git(root, 'checkout', '-q', '--detach', 'HEAD~1');
  await agrees(t, root, 'detached HEAD');
  git(root, 'checkout', '-q', 'main');

  git(root, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
  git(root, 'symbolic-ref', 'HEAD', 'refs/heads/alias');
  await agrees(t, root, 'symbolic ref');
  git(root, 'symbolic-ref', 'HEAD', 'refs/heads/main');

  const wt = path.join(tempDir(), 'wt');
  git(root, 'worktree', 'add', '-q', '-b', 'side', wt, 'HEAD~1');
  t.true(fs.statSync(path.join(wt, '.git')).isFile());
  await agrees(t, wt, 'worktree');
  fs.writeFileSync(path.join(wt, 'b.ts'), 'b\n');
  git(wt, 'add', 'b.ts');
  git(wt, 'commit', '-qm', 'on side');
  await agrees(t, wt, 'worktree after a commit (its branch is a loose ref in the common folder)');
  await agrees(t, root, 'main beside the worktree');

  git(root, 'checkout', '-q', '--orphan', 'empty');
  t.is(headFromFiles(root), null);
  await agrees(t, root, 'orphan branch');

  const fresh = tempDir();
  git(fresh, 'init', '-q');
  await agrees(t, fresh, 'git init, no commit');
  const plain = tempDir();
  await agrees(t, plain, 'no repository');
  t.is(headFromFiles(plain), null);
});

test('HEAD from files gives up where git might answer otherwise', (t) => {
  const root = tempDir();
  writeTree(root, { 'a.ts': 'a\n' });
  gitInitCommit(root);
  const saved = process.env.GIT_DIR;
  process.env.GIT_DIR = path.join(root, '.git');
  try {
    t.is(headFromFiles(root), undefined, 'GIT_DIR moves the repository');
  } finally {
    if (saved === undefined) delete process.env.GIT_DIR; else process.env.GIT_DIR = saved;
  }
  fs.mkdirSync(path.join(root, '.git', 'reftable'));
  t.is(headFromFiles(root), undefined, 'a reftable store');
  fs.rmdirSync(path.join(root, '.git', 'reftable'));
  fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/../../config\n');
  t.is(headFromFiles(root), undefined, 'a ref name leaving the repository');
  const odd = tempDir();
  fs.writeFileSync(path.join(odd, '.git'), 'not a gitdir line\n');
  t.is(headFromFiles(odd), undefined, 'a .git file without gitdir');
});
