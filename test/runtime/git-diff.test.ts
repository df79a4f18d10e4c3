/**
 * The repository host's gitDiff (index-store/git.ts) where its process layout matters: the untracked listing
 * starts before the diff (and, for `compare`, before the ref is verified), so every failure must still surface
 * as one GIT_ERROR saying why, with no stray rejection. Scopes and their texts: test/store/host.test.ts.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { gitDiff } from '../../index-store/git.ts';
import { CodegraphError } from '../../lib/errors.ts';
import type { DiffScope } from '../../index-store/snapshot.ts';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (e) => { unhandled.push(e); });

function tempDir(t: { teardown(fn: () => void): void }): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-gitdiff-')));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function repo(t: { teardown(fn: () => void): void }): string {
  const root = tempDir(t);
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root, LC_ALL: 'C' }, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@codegraph.invalid', 'commit', '-q', '--no-gpg-sign', '-m', 'one');
  return root;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

test('outside a repository every scope is GIT_ERROR "not a git repository", compare included, with no stray rejection', async (t) => {
  const plain = tempDir(t);
  fs.writeFileSync(path.join(plain, 'a.ts'), 'x\n');
  for (const [scope, ref] of [['unstaged'], ['staged'], ['all'], ['compare', 'HEAD'], ['compare', 'main']] as [DiffScope, string?][]) {
    const err = await t.throwsAsync(gitDiff(plain, scope, ref), { instanceOf: CodegraphError }, scope);
    t.is(err!.code, 'GIT_ERROR');
    t.regex(err!.message, /not a git repository/, `${scope} ${ref ?? ''}`);
  }
  await settle();
  t.deepEqual(unhandled, []);
});

test('compare: refs that are no commit (a path, a tree, a range, an option) are GIT_ERROR naming the ref; bad scopes too', async (t) => {
  const root = repo(t);
  fs.writeFileSync(path.join(root, 'new.ts'), 'export const n = 2;\n'); // untracked: the listing has work to do
  for (const bad of ['a.ts', 'HEAD^{tree}', 'HEAD~1..HEAD', 'no-such-branch']) {
    const err = await t.throwsAsync(gitDiff(root, 'compare', bad), { instanceOf: CodegraphError }, bad);
    t.is(err!.code, 'GIT_ERROR');
    t.true(err!.message.includes(bad), err!.message);
  }
  for (const bad of ['--output=/tmp/x', '-p', 'HEAD\n--cached']) {
    const err = await t.throwsAsync(gitDiff(root, 'compare', bad), { instanceOf: CodegraphError }, bad);
    t.regex(err!.message, /invalid base_ref/);
  }
  t.is((await t.throwsAsync(gitDiff(root, 'compare'), { instanceOf: CodegraphError }))!.code, 'GIT_ERROR');
  t.is((await t.throwsAsync(gitDiff(root, 'sideways' as DiffScope), { instanceOf: CodegraphError }))!.code, 'GIT_ERROR');
  // The same repository still answers: the untracked file is new against HEAD.
  t.regex(await gitDiff(root, 'compare', 'HEAD'), /^\+\+\+ b\/new\.ts$/m);
  await settle();
  t.deepEqual(unhandled, []);
});
