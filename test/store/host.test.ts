import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createRepoHost, listTextFiles, readInside } from '../../index-store/host.ts';
import { gitDiff, headCommit } from '../../index-store/git.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { git, gitInitCommit, tempDir, writeTree } from '../analyze/_helpers.ts';

test('readFile is confined to the root: no .., no absolute paths, no links leading outside', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  writeTree(root, { 'src/a.ts': 'A', 'src/bin.dat': new Uint8Array([1, 0, 2]), 'latin1.txt': new Uint8Array([0xe9]) });
  writeTree(base, { 'secret.txt': 'S', 'repo-sibling/x.ts': 'X' });
  fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'leak.txt'));
  fs.symlinkSync(path.join(base, 'repo-sibling'), path.join(root, 'sib'));
  fs.symlinkSync('src/a.ts', path.join(root, 'inside-link.ts'));
  t.is(readInside(root, 'src/a.ts'), 'A');
  t.is(readInside(root, 'src/../src/a.ts'), 'A');
  t.is(readInside(root, 'inside-link.ts'), 'A');
  for (const bad of ['../secret.txt', '../repo-sibling/x.ts', path.join(base, 'secret.txt'), 'leak.txt', 'sib/x.ts', '', '.', 'src', 'nope.ts', 'src/bin.dat', 'latin1.txt', 'a\0b']) {
    t.is(readInside(root, bad), undefined, bad);
  }
});

test('listFiles: every text file the walk allows, code or not; binaries, ignored and dependency files left out', (t) => {
  const root = tempDir();
  writeTree(root, {
    '.gitignore': 'secret.env\n',
    'src/a.ts': 'a', 'README.md': '# r', 'config.yaml': 'a: 1', 'package.json': '{}', 'empty.txt': '',
    'logo.png': 'not really a png', 'data.bin': new Uint8Array([0, 1, 2]), 'secret.env': 'K=V',
    'node_modules/x/index.js': '', 'dist/out.js': '', '.codegraph/CURRENT': 'g-x',
  });
  t.deepEqual(listTextFiles(root), ['README.md', 'config.yaml', 'empty.txt', 'package.json', 'src/a.ts']);
});

function repoWithHistory(): string {
  const root = tempDir();
  writeTree(root, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 1;\n', 'sub/c.ts': 'c\n' });
  gitInitCommit(root);
  return root;
}

test('gitDiff scopes: unstaged, staged, all; untracked files are new in the working-tree scopes', async (t) => {
  const root = repoWithHistory();
  fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 2;\n');     // unstaged
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 2;\n');
  git(root, 'add', 'src/b.ts');                                                // staged
  writeTree(root, { 'src/new.ts': 'export const n = 1;\nexport const m = 2;' }); // untracked, no final newline
  const unstaged = await gitDiff(root, 'unstaged');
  const staged = await gitDiff(root, 'staged');
  const all = await gitDiff(root, 'all');
  t.regex(unstaged, /^diff --git a\/src\/a\.ts b\/src\/a\.ts$/m);
  t.notRegex(unstaged, /src\/b\.ts/);
  t.regex(unstaged, /\+\+\+ b\/src\/new\.ts\n@@ -0,0 \+1,2 @@\n\+export const n = 1;\n\+export const m = 2;\n\\ No newline at end of file\n/);
  t.regex(staged, /src\/b\.ts/);
  t.notRegex(staged, /src\/a\.ts|src\/new\.ts/);
  for (const f of ['src/a.ts', 'src/b.ts', 'src/new.ts']) t.true(all.includes(`b/${f}`), f);
  t.regex(all, /^-export const a = 1;$/m);
  t.regex(all, /^\+export const a = 2;$/m);
});

test('gitDiff compare: working tree against a ref; unknown refs and option-like refs are GIT_ERROR', async (t) => {
  const root = repoWithHistory();
  const first = headCommit(root)!;
  fs.writeFileSync(path.join(root, 'sub/c.ts'), 'c2\n');
  git(root, 'commit', '-qam', 'second');
  const d = await gitDiff(root, 'compare', first);
  t.regex(d, /^-c$/m);
  t.regex(d, /^\+c2$/m);
  t.is(await gitDiff(root, 'compare', 'HEAD'), '');
  for (const bad of ['no-such-branch', '--output=/tmp/x', 'HEAD~99']) {
    const err = await t.throwsAsync(gitDiff(root, 'compare', bad), { instanceOf: CodegraphError });
    t.is((err as CodegraphError).code, 'GIT_ERROR', bad);
  }
  const missing = await t.throwsAsync(gitDiff(root, 'compare'), { instanceOf: CodegraphError });
  t.regex(missing!.message, /base_ref/);
});

test('gitDiff outside a repository is GIT_ERROR; a repository without commits still answers', async (t) => {
  const plain = tempDir();
  writeTree(plain, { 'a.ts': 'a' });
  const err = await t.throwsAsync(gitDiff(plain, 'unstaged'), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'GIT_ERROR');
  t.regex(err!.message, /not a git repository/);
  t.is(headCommit(plain), null);
  const fresh = tempDir();
  writeTree(fresh, { 'a.ts': 'a\n' });
  git(fresh, 'init', '-q');
  t.regex(await gitDiff(fresh, 'all'), /new file mode[\s\S]*\+a/);
  git(fresh, 'add', 'a.ts');
  t.regex(await gitDiff(fresh, 'staged'), /\+\+\+ b\/a\.ts/);
});

test('gitDiff paths are relative to an indexed root below the git top level', async (t) => {
  const top = repoWithHistory();
  fs.writeFileSync(path.join(top, 'sub/c.ts'), 'changed\n');
  fs.writeFileSync(path.join(top, 'src/a.ts'), 'changed\n');
  writeTree(top, { 'sub/new.ts': 'n\n' });
  const d = await gitDiff(path.join(top, 'sub'), 'unstaged');
  t.regex(d, /^diff --git a\/c\.ts b\/c\.ts$/m);
  t.regex(d, /^diff --git a\/new\.ts b\/new\.ts$/m);
  t.notRegex(d, /a\.ts/);
});

test('the host wires readFile, listFiles, gitDiff and refuses embed without a search index', async (t) => {
  const root = repoWithHistory();
  const host = createRepoHost({ root });
  t.is(host.readFile('src/a.ts'), 'export const a = 1;\n');
  t.deepEqual(host.listFiles(), ['src/a.ts', 'src/b.ts', 'sub/c.ts']);
  t.is(await host.gitDiff('unstaged'), '');
  t.is(host.writeFiles, undefined);
  const err = await t.throwsAsync(host.embed(['x']), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'INDEX_MISSING');
});
