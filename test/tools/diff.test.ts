import test from 'ava';
import { parseUnifiedDiff, unquote, type FileDiff } from '../../lib/git/diff.ts';
import { forwardApply, reverseApply } from '../../lib/git/reconstruct.ts';
import fs from 'node:fs';
import path from 'node:path';
import { tempRepo } from './git-repo.ts';

const BASE = 'line1\nline2\nline3\nline4\nline5\nline6\nline7\nline8\nline9\nline10\n';

test('hunks carry old and new line numbers of removed and added lines, with any context size', (t) => {
  const repo = tempRepo({ 'a.txt': BASE });
  t.teardown(repo.cleanup);
  repo.write('a.txt', BASE.replace('line3\n', 'line3 changed\n').replace('line7\n', '').replace('line9\n', 'line9\nnew after 9\n'));
  for (const u of ['-U0', '-U3', '-U1']) {
    const [f] = parseUnifiedDiff(repo.git('diff', u));
    t.is(f.oldPath, 'a.txt');
    t.is(f.newPath, 'a.txt');
    t.is(f.status, 'modified');
    t.deepEqual(f.hunks.flatMap((h) => h.removed), [3, 7], u);
    t.deepEqual(f.hunks.flatMap((h) => h.added), [3, 9], u);
    t.deepEqual(f.hunks.flatMap((h) => h.addedText), ['line3 changed', 'new after 9'], u);
    // A replacement's added line goes after the removed one (old 3); 'new after 9' after old line 9.
    // The removed line 7 sat after new line 6.
    t.deepEqual(f.hunks.flatMap((h) => h.insertedAfterOld), [3, 9], u);
    t.deepEqual(f.hunks.flatMap((h) => h.removedAfterNew), [2, 6], u);
    t.is(reverseApply(repo.read('a.txt'), f), BASE, u);
  }
});

test('added, deleted, renamed files and a deletion-only diff', (t) => {
  const repo = tempRepo({ 'keep.ts': BASE, 'gone.ts': 'export const x = 1;\nexport const y = 2;\n', 'old name.ts': 'a\nb\nc\nd\ne\n' });
  t.teardown(repo.cleanup);
  repo.write('new.ts', 'export const z = 3;\n');
  repo.remove('gone.ts');
  repo.git('mv', 'old name.ts', 'new name.ts');
  repo.write('keep.ts', BASE.replace('line4\nline5\n', ''));
  repo.git('add', '-A');
  const files = parseUnifiedDiff(repo.git('diff', '--cached', '-M'));
  const by: Record<string, FileDiff> = Object.fromEntries(files.map((f) => [f.newPath ?? f.oldPath, f]));
  t.deepEqual(files.map((f) => [f.oldPath, f.newPath, f.status]).sort(), [
    ['gone.ts', null, 'deleted'], ['keep.ts', 'keep.ts', 'modified'], ['old name.ts', 'new name.ts', 'renamed'], [null, 'new.ts', 'added'],
  ].sort());
  t.deepEqual(by['gone.ts'].hunks[0].removed, [1, 2]);
  t.deepEqual(by['gone.ts'].hunks[0].added, []);
  t.is(reverseApply('', by['gone.ts']), 'export const x = 1;\nexport const y = 2;\n');
  t.deepEqual(by['new.ts'].hunks[0].added, [1]);
  t.is(reverseApply('export const z = 3;\n', by['new.ts']), '');
  t.is(by['new name.ts'].similarity, 100);
  t.deepEqual(by['new name.ts'].hunks, []);
  // Deletion only: no added lines, removed 4 and 5, which sat after new line 3.
  t.deepEqual(by['keep.ts'].hunks.flatMap((h) => h.removed), [4, 5]);
  t.deepEqual(by['keep.ts'].hunks.flatMap((h) => h.added), []);
  t.deepEqual(by['keep.ts'].hunks.flatMap((h) => h.removedAfterNew), [3, 3]);
  t.is(reverseApply(repo.read('keep.ts'), by['keep.ts']), BASE);
});

test('binary files in the diff are flagged, with and without --binary, and do not disturb the next file', (t) => {
  const repo = tempRepo({ 'img.bin': Buffer.from([0, 1, 2, 3, 0, 255]) as unknown as string, 'b.ts': 'one\n' });
  t.teardown(repo.cleanup);
  repo.write('img.bin', Buffer.from([0, 9, 9, 9, 0, 255, 7]));
  repo.write('new.bin', Buffer.from([0, 0, 1]));
  repo.write('b.ts', 'two\n');
  repo.git('add', '-A');
  for (const flag of [[], ['--binary']]) {
    const files = parseUnifiedDiff(repo.git('diff', '--cached', ...flag));
    const by: Record<string, FileDiff> = Object.fromEntries(files.map((f) => [f.newPath ?? f.oldPath, f]));
    t.true(by['img.bin'].binary);
    t.is(by['img.bin'].status, 'modified');
    t.true(by['new.bin'].binary);
    t.is(by['new.bin'].status, 'added');
    t.false(by['b.ts'].binary);
    t.deepEqual(by['b.ts'].hunks[0].addedText, ['two']);
  }
});

test('quoted paths with spaces, tabs and non-ASCII characters', (t) => {
  const repo = tempRepo({ 'caf\u00e9 menu.ts': 'a\n', 'tab\there.ts': 'x\n' });
  t.teardown(repo.cleanup);
  repo.write('caf\u00e9 menu.ts', 'b\n');
  repo.write('tab\there.ts', 'y\n');
  const files = parseUnifiedDiff(repo.git('diff'));
  t.deepEqual(files.map((f) => f.newPath).sort(), ['caf\u00e9 menu.ts', 'tab\there.ts']);
  t.is(unquote('"a/caf\\303\\251.ts"'), 'a/caf\u00e9.ts');
  t.is(unquote('plain.ts'), 'plain.ts');
});

test('no newline at end of file is tracked per side, so the old text is rebuilt byte for byte', (t) => {
  const repo = tempRepo({ 'a.ts': 'a\nb' });
  t.teardown(repo.cleanup);
  repo.write('a.ts', 'a\nb\nc\n');
  const [f] = parseUnifiedDiff(repo.git('diff'));
  t.true(f.oldNoNewlineAtEnd);
  t.is(reverseApply('a\nb\nc\n', f), 'a\nb');
  repo.commit('second');
  repo.write('a.ts', 'a\nB');
  const [g] = parseUnifiedDiff(repo.git('diff'));
  t.true(g.newNoNewlineAtEnd);
  t.is(reverseApply('a\nB', g), 'a\nb\nc\n');
  // A text that does not match the diff's new side cannot be reversed.
  t.is(reverseApply('something else\n', g), undefined);
});

test('a plain `diff -u` without git headers, and lines that look like headers inside a hunk', (t) => {
  const text = [
    '--- src/a.ts\t2024-01-01 00:00:00',
    '+++ src/a.ts\t2024-01-02 00:00:00',
    '@@ -1,3 +1,3 @@',
    ' keep',
    '--- this was a line starting with two dashes',
    '+++ and this one with two pluses',
    ' end',
    '--- src/b.ts',
    '+++ src/b.ts',
    '@@ -2 +2 @@',
    '-x',
    '+y',
  ].join('\n');
  const files = parseUnifiedDiff(text);
  t.deepEqual(files.map((f) => f.newPath), ['src/a.ts', 'src/b.ts']);
  t.deepEqual(files[0].hunks[0].removedText, ['-- this was a line starting with two dashes']);
  t.deepEqual(files[0].hunks[0].addedText, ['++ and this one with two pluses']);
  t.deepEqual(files[1].hunks[0].removed, [2]);
  t.deepEqual(parseUnifiedDiff(''), []);
  t.deepEqual(parseUnifiedDiff('not a diff at all\n'), []);
});

test('mode-only changes and CRLF diffs', (t) => {
  const repo = tempRepo({ 'run.sh': 'echo hi\n', 'w.ts': 'a\r\nb\r\n' });
  t.teardown(repo.cleanup);
  fs.chmodSync(path.join(repo.root, 'run.sh'), 0o755);
  repo.write('w.ts', 'a\r\nB\r\n');
  const files = parseUnifiedDiff(repo.git('diff', 'HEAD'));
  const by = Object.fromEntries(files.map((f) => [f.newPath, f]));
  t.deepEqual(by['run.sh'].hunks, []);
  t.is(by['run.sh'].status, 'modified');
  t.deepEqual(by['w.ts'].hunks[0].removedText, ['b\r']);
  t.is(reverseApply('a\r\nB\r\n', by['w.ts']), 'a\r\nb\r\n');
});

test('forwardApply rebuilds the new side from the old; a hunk with less context after than before ends the file', (t) => {
  const repo = tempRepo({ 'a.txt': BASE });
  t.teardown(repo.cleanup);
  const cut = BASE.replace('line9\nline10\n', '');
  repo.write('a.txt', cut);
  const [f] = parseUnifiedDiff(repo.git('diff'));
  t.is(forwardApply(BASE, f), cut);
  t.is(reverseApply(cut, f), BASE);
  // A deletion at the end reverses on the old text too (its removed lines just follow the hunk): only the short
  // trailing context (0 lines after, 3 before) says the new text must end with the hunk.
  t.is(reverseApply(BASE, f), BASE + 'line9\nline10\n');
  t.is(reverseApply(BASE, f, { endsAtShortContext: true }), undefined);
  t.is(reverseApply(cut, f, { endsAtShortContext: true }), BASE);
  t.is(forwardApply(BASE, f, { endsAtShortContext: true }), cut);
  // An addition at the end, the other way round.
  repo.write('a.txt', BASE + 'line11\n');
  const [g] = parseUnifiedDiff(repo.git('diff'));
  t.is(forwardApply(BASE + 'line11\n', g, { endsAtShortContext: true }), undefined);
  t.is(forwardApply(BASE, g, { endsAtShortContext: true }), BASE + 'line11\n');
  // A text at neither side.
  t.is(forwardApply('something else\n', g), undefined);
});
