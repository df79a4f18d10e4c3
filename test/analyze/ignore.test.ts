import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { IgnoreStack, parseIgnoreFile } from '../../lib/files/ignore.ts';
import { walkRepository } from '../../lib/files/walk.ts';
import { git, tempDir, writeTree } from './_helpers.ts';

const stack = (text: string, base = '') => IgnoreStack.of([{ base, rules: parseIgnoreFile(text) }]);

test('comments, blank lines and escapes', (t) => {
  const s = stack('# comment\n\n\\#hash.ts\n\\!bang.ts\n');
  t.true(s.ignores('#hash.ts', false));
  t.true(s.ignores('!bang.ts', false));
  t.false(s.ignores('comment', false));
  t.false(s.ignores('# comment', false));
});

test('unanchored patterns match at any depth; anchored ones only under the rule file', (t) => {
  const s = stack('*.log\n/top.txt\nsrc/gen.ts\n');
  t.true(s.ignores('a.log', false));
  t.true(s.ignores('x/y/a.log', false));
  t.true(s.ignores('top.txt', false));
  t.false(s.ignores('x/top.txt', false));
  t.true(s.ignores('src/gen.ts', false));
  t.false(s.ignores('lib/src/gen.ts', false));
});

test('negation: the last matching rule wins', (t) => {
  const s = stack('*.log\n!keep.log\n');
  t.true(s.ignores('a.log', false));
  t.false(s.ignores('keep.log', false));
  t.false(s.ignores('deep/keep.log', false));
  const s2 = stack('!keep.log\n*.log\n');
  t.true(s2.ignores('keep.log', false));
});

test('directory-only patterns do not match files', (t) => {
  const s = stack('out/\n');
  t.true(s.ignores('out', true));
  t.true(s.ignores('a/out', true));
  t.false(s.ignores('out', false));
});

test('double star at the start, middle and end', (t) => {
  const s = stack('**/cache\na/**/z.ts\nlogs/**\n');
  t.true(s.ignores('cache', true));
  t.true(s.ignores('x/y/cache', false));
  t.true(s.ignores('a/z.ts', false));
  t.true(s.ignores('a/b/c/z.ts', false));
  t.false(s.ignores('b/a/z.ts', false));
  t.true(s.ignores('logs/x', false));
  t.true(s.ignores('logs/x/y.txt', false));
  t.false(s.ignores('logs', true)); // `logs/**` matches what is inside, not the folder itself
});

test('wildcards never cross a slash; classes and ranges', (t) => {
  const s = stack('src/*.ts\nfile?.js\n[abc]x.ts\n[!a-c]y.ts\n');
  t.true(s.ignores('src/a.ts', false));
  t.false(s.ignores('src/deep/a.ts', false));
  t.true(s.ignores('file1.js', false));
  t.false(s.ignores('file10.js', false));
  t.true(s.ignores('bx.ts', false));
  t.false(s.ignores('dx.ts', false));
  t.true(s.ignores('dy.ts', false));
  t.false(s.ignores('by.ts', false));
});

test('trailing spaces are trimmed unless escaped', (t) => {
  const s = stack('trail.ts   \nspace\\ \n');
  t.true(s.ignores('trail.ts', false));
  t.true(s.ignores('space ', false));
  t.false(s.ignores('space', false));
});

test('nested rule files: relative to their folder, deeper wins', (t) => {
  const s = IgnoreStack.of([{ base: '', rules: parseIgnoreFile('*.gen.ts\n') }])
    .child({ base: 'pkg', rules: parseIgnoreFile('/local.ts\n!keep.gen.ts\n') });
  t.true(s.ignores('pkg/local.ts', false));
  t.false(s.ignores('local.ts', false));
  t.false(s.ignores('pkg/sub/local.ts', false));
  t.true(s.ignores('pkg/a.gen.ts', false));
  t.false(s.ignores('pkg/keep.gen.ts', false));
  t.true(s.ignores('keep.gen.ts', false));
});

/** The oracle: git itself, on a tree exercising every rule at once (nested files, info/exclude, negation). */
test('the walk keeps exactly the files git does not ignore', (t) => {
  const root = tempDir();
  git(root, 'init', '-q');
  writeTree(root, {
    '.gitignore': [
      '*.log', '!keep.log', '/anchored.txt', 'build-*/', 'docs/**/*.tmp', '**/cache', 'secret?.ts', '[abc]x.ts',
      'data/', '\\#hash.ts', 'trailing.ts   ', 'a/**/z.ts', 'ignored-dir', '!ignored-dir/back.ts', 'tmpfiles/*', '!tmpfiles/keep.ts',
    ].join('\n') + '\n',
    'sub/.gitignore': '*.ts\n!keep.ts\n/local.js\n',
    'sub/deep/.gitignore': '!*.ts\n',
    '.git/info/exclude': 'excluded.js\n',
    'a.log': '', 'keep.log': '', 'x/keep.log': '', 'x/b.log': '',
    'anchored.txt': '', 'x/anchored.txt': '',
    'build-1/f.ts': '', 'build-1.ts': '', 'x/build-2/f.ts': '',
    'docs/a.tmp': '', 'docs/x/y/b.tmp': '', 'docs/keep.md': '',
    'cache/c.ts': '', 'x/cache/c.ts': '', 'x/cachex/c.ts': '',
    'secret1.ts': '', 'secret12.ts': '', 'ax.ts': '', 'dx.ts': '',
    'data/d.json': '', 'x/data/d.json': '', 'data.ts': '',
    '#hash.ts': '', 'trailing.ts': '',
    'a/z.ts': '', 'a/b/c/z.ts': '', 'b/a/z.ts': '',
    'ignored-dir/back.ts': '', 'ignored-dir/other.ts': '',
    'tmpfiles/keep.ts': '', 'tmpfiles/drop.ts': '',
    'sub/a.ts': '', 'sub/keep.ts': '', 'sub/local.js': '', 'sub/x/local.js': '', 'sub/deep/b.ts': '', 'sub/a.js': '',
    'excluded.js': '', 'x/excluded.js': '',
    'plain.ts': '', 'x/y/plain.ts': '',
  });
  const expected = git(root, 'ls-files', '--others', '--exclude-standard', '-z').split('\0').filter((p) => p && !p.endsWith('.gitignore')).sort();
  const walked = walkRepository(root).files.map((f) => f.path).sort();
  t.deepEqual(walked, expected);
  t.true(expected.includes('tmpfiles/keep.ts'));
  t.false(expected.includes('ignored-dir/back.ts')); // a file inside an ignored folder cannot be re-included
});

test('.git/info/exclude alone is honoured', (t) => {
  const root = tempDir();
  writeTree(root, { '.git/info/exclude': 'secret.ts\n', 'secret.ts': '', 'open.ts': '' });
  const w = walkRepository(root);
  t.deepEqual(w.files.map((f) => f.path), ['open.ts']);
  t.is(w.skips.gitignored, 1);
  t.is(w.skips['vcs-dir'], 1);
  t.true(fs.existsSync(path.join(root, 'secret.ts')));
});

test('a root below the work tree top: the parent folders\' .gitignore and info/exclude apply, as in git', (t) => {
  const top = tempDir();
  git(top, 'init', '-q');
  writeTree(top, {
    '.gitignore': '*.gen.ts\n/packages/app/local.ts\npackages/*/tmp/\n!keep.gen.ts\n',
    'packages/.gitignore': 'secret.ts\n',
    '.git/info/exclude': 'excluded.ts\n',
    'packages/app/a.ts': '', 'packages/app/b.gen.ts': '', 'packages/app/keep.gen.ts': '', 'packages/app/local.ts': '',
    'packages/app/tmp/x.ts': '', 'packages/app/secret.ts': '', 'packages/app/excluded.ts': '', 'packages/app/src/local.ts': '',
  });
  const root = path.join(top, 'packages/app');
  const expected = git(root, 'ls-files', '--others', '--exclude-standard', '-z').split('\0').filter((p) => p && !p.endsWith('.gitignore')).sort();
  t.deepEqual(expected, ['a.ts', 'keep.gen.ts', 'src/local.ts']);
  t.deepEqual(walkRepository(root).files.map((f) => f.path).sort(), expected);
});

test('a root that its parent repository ignores is still walked (the user asked for it)', (t) => {
  const top = tempDir();
  git(top, 'init', '-q');
  writeTree(top, { '.gitignore': 'generated/\n*.tmp.ts\n', 'generated/client/a.ts': '', 'generated/client/b.tmp.ts': '' });
  const w = walkRepository(path.join(top, 'generated/client'));
  t.deepEqual(w.files.map((f) => f.path), ['a.ts', 'b.tmp.ts']);
});
