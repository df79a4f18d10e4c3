import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFilesAtomically, type WriteOps } from '../../lib/rename/apply.ts';
import { sha256 } from '../../lib/rename/text.ts';
import { CodegraphError } from '../../lib/errors.ts';
import type { FileWrite } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { APP_FILES, FORMAT, appFixture } from './fixture-app.ts';

/** A temp folder with files; returns its path. Removed after the test. */
function tempRepo(t: import('ava').ExecutionContext, files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-rename-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const [p, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  }
  return root;
}

function read(root: string, p: string): string { return fs.readFileSync(path.join(root, p), 'utf8'); }
function listAll(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).map((p) => p.split(path.sep).join('/')).sort();
}
const change = (p: string, before: string, after: string): FileWrite => ({ path: p, expectedHash: sha256(before), text: after });

test('writes every file, keeps file modes, leaves no temporary files', async (t) => {
  const root = tempRepo(t, { 'a.ts': 'a', 'src/b.ts': 'b', 'bin/run.sh': 'echo a' });
  fs.chmodSync(path.join(root, 'bin/run.sh'), 0o755);
  await writeFilesAtomically(root, [change('a.ts', 'a', 'A'), change('src/b.ts', 'b', 'B'), change('bin/run.sh', 'echo a', 'echo A')]);
  t.deepEqual([read(root, 'a.ts'), read(root, 'src/b.ts'), read(root, 'bin/run.sh')], ['A', 'B', 'echo A']);
  t.is(fs.statSync(path.join(root, 'bin/run.sh')).mode & 0o777, 0o755);
  t.deepEqual(listAll(root), ['a.ts', 'bin', 'bin/run.sh', 'src', 'src/b.ts']);
});

test('a file changed since indexing: STALE_INDEX and nothing written, not even the unchanged files', async (t) => {
  const root = tempRepo(t, { 'a.ts': 'a', 'b.ts': 'b edited' });
  const err = await t.throwsAsync(writeFilesAtomically(root, [change('a.ts', 'a', 'A'), change('b.ts', 'b', 'B')]));
  t.is((err as CodegraphError).code, 'STALE_INDEX');
  t.deepEqual((err as CodegraphError).details, { files: ['b.ts'] });
  t.deepEqual([read(root, 'a.ts'), read(root, 'b.ts')], ['a', 'b edited']);
  t.deepEqual(listAll(root), ['a.ts', 'b.ts']);
});

test('paths leading out of the root are refused and nothing is written', async (t) => {
  const outside = tempRepo(t, { 'secret.txt': 'secret' });
  const root = tempRepo(t, { 'a.ts': 'a', 'sub/x.ts': 'x' });
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
  fs.symlinkSync(outside, path.join(root, 'outdir'));
  const bad: Array<[string, RegExp]> = [
    ['../secret.txt', /'\.\.' is not allowed/],
    ['sub/../../secret.txt', /'\.\.' is not allowed/],
    [path.join(outside, 'secret.txt'), /absolute/],
    ['C:\\secret.txt', /absolute/],
    ['link.txt', /outside the repository/],
    ['outdir/secret.txt', /outside the repository/],
    ['nope.ts', /no such file/],
    ['sub', /not a regular file/],
    ['', /empty path/],
  ];
  for (const [p, why] of bad) {
    const err = await t.throwsAsync(writeFilesAtomically(root, [change('a.ts', 'a', 'A'), { path: p, expectedHash: sha256('secret'), text: 'pwned' }]));
    t.is((err as CodegraphError).code, 'INVALID_PATH', p);
    t.regex(err!.message, why, p);
    t.is(read(root, 'a.ts'), 'a');
    t.is(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'secret');
  }
});

test('a symlink inside the root is followed; two paths to one file are refused', async (t) => {
  const root = tempRepo(t, { 'real.ts': 'r' });
  fs.symlinkSync('real.ts', path.join(root, 'alias.ts'));
  await writeFilesAtomically(root, [change('alias.ts', 'r', 'R')]);
  t.is(read(root, 'real.ts'), 'R');
  t.true(fs.lstatSync(path.join(root, 'alias.ts')).isSymbolicLink());
  const err = await t.throwsAsync(writeFilesAtomically(root, [change('real.ts', 'R', '1'), change('alias.ts', 'R', '2')]));
  t.regex(err!.message, /same file as 'real.ts'/);
  t.is(read(root, 'real.ts'), 'R');
});

/** Real file operations with one of them failing on its nth call. */
function failing(op: keyof WriteOps, nth: number): WriteOps {
  let calls = 0;
  const real: WriteOps = {
    realpath: (p) => fs.promises.realpath(p), stat: (p) => fs.promises.stat(p), readFile: (p) => fs.promises.readFile(p),
    writeFile: (p, d, o) => fs.promises.writeFile(p, d, o), chmod: (p, m) => fs.promises.chmod(p, m),
    rename: (a, b) => fs.promises.rename(a, b), unlink: (p) => fs.promises.unlink(p),
  };
  const wrapped = { ...real };
  (wrapped as Record<string, unknown>)[op] = async (...args: unknown[]) => {
    if (++calls === nth) throw new Error(`injected ${op} failure`);
    return (real[op] as (...a: unknown[]) => Promise<unknown>)(...args);
  };
  return wrapped;
}

test('a failure part-way through the commit restores the files already written', async (t) => {
  const root = tempRepo(t, { 'a.ts': 'a', 'b.ts': 'b', 'c.ts': 'c' });
  const changes = [change('a.ts', 'a', 'A'), change('b.ts', 'b', 'B'), change('c.ts', 'c', 'C')];
  // rename #1 commits a.ts, #2 (b.ts) fails: a.ts must come back, c.ts never changes.
  const err = await t.throwsAsync(writeFilesAtomically(root, changes, failing('rename', 2)));
  t.is((err as CodegraphError).code, 'INTERNAL');
  t.regex(err!.message, /writing b\.ts failed \(injected rename failure\); restored the 1 file\(s\) already written/);
  t.deepEqual([read(root, 'a.ts'), read(root, 'b.ts'), read(root, 'c.ts')], ['a', 'b', 'c']);
  t.deepEqual(listAll(root), ['a.ts', 'b.ts', 'c.ts'], 'no temporary files left');
});

test('a failure while preparing writes nothing', async (t) => {
  const root = tempRepo(t, { 'a.ts': 'a', 'b.ts': 'b' });
  const err = await t.throwsAsync(writeFilesAtomically(root, [change('a.ts', 'a', 'A'), change('b.ts', 'b', 'B')], failing('writeFile', 2)));
  t.regex(err!.message, /could not prepare.*nothing was written/);
  t.deepEqual([read(root, 'a.ts'), read(root, 'b.ts')], ['a', 'b']);
  t.deepEqual(listAll(root), ['a.ts', 'b.ts']);
});

test('a file changed between the check and its commit: STALE_INDEX and the earlier files restored', async (t) => {
  const root = tempRepo(t, { 'a.ts': 'a', 'b.ts': 'b' });
  const ops = failing('unlink', -1);
  let reads = 0;
  const realRead = ops.readFile;
  // Reads: a, b (check), a (commit re-check) then b changes just before its commit re-check.
  ops.readFile = async (p) => { if (++reads === 4) fs.writeFileSync(path.join(root, 'b.ts'), 'b changed'); return realRead(p); };
  const err = await t.throwsAsync(writeFilesAtomically(root, [change('a.ts', 'a', 'A'), change('b.ts', 'b', 'B')], ops));
  t.is((err as CodegraphError).code, 'STALE_INDEX');
  t.regex(err!.message, /b\.ts changed while the rename was being written; restored the 1 file/);
  t.deepEqual([read(root, 'a.ts'), read(root, 'b.ts')], ['a', 'b changed']);
});

test('a UTF-8 byte order mark is kept, and a hash of the text without it is accepted', async (t) => {
  const root = tempRepo(t, { 'a.ts': '\uFEFFconst a = 1;' });
  await writeFilesAtomically(root, [{ path: 'a.ts', expectedHash: sha256('const a = 1;'), text: 'const b = 1;' }]);
  t.deepEqual([...fs.readFileSync(path.join(root, 'a.ts')).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  t.is(read(root, 'a.ts'), '\uFEFFconst b = 1;');
});

test('rename apply writes exactly the previewed graph edits; text_search edits only when asked', async (t) => {
  const root = tempRepo(t, APP_FILES);
  const f = appFixture();
  const snapshot = () => memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...APP_FILES }, root });
  const preview = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp' }, snapshot());
  const applied = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp', dry_run: false }, snapshot());
  t.true(applied.applied);
  t.is(applied.applied_edits, preview.summary.editsToApply);
  t.deepEqual(applied.changes, preview.changes, 'the apply reports what the preview listed');
  t.is(read(root, 'src/format.ts'), APP_FILES['src/format.ts']
    .replace('export function formatDate', 'export function formatStamp')
    .replace('export { formatDate as', 'export { formatStamp as')
    .replace('{ formatDate }', '{ formatDate: formatStamp }'));
  t.is(read(root, 'src/view.tsx'), APP_FILES['src/view.tsx']
    .replace("import { formatDate } from", "import { formatStamp } from")
    .replace("import { formatDate as fd }", "import { formatStamp as fd }")
    .replace('= formatDate(props', '= formatStamp(props'));
  for (const p of ['README.md', 'config/app.json', 'src/other.ts']) t.is(read(root, p), APP_FILES[p], p);

  const root2 = tempRepo(t, APP_FILES);
  const all = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp', dry_run: false, include_text_search: true },
    memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...APP_FILES }, root: root2 }));
  t.is(all.applied_edits, all.summary.totalEdits);
  t.is(read(root2, 'README.md'), 'Call `formatStamp` to format.\nformatDates is another word; so is $formatDate and formatDate_.\n');
  t.is(read(root2, 'config/app.json'), '{ "formatter": "formatStamp" }\n');
  t.is(read(root2, 'src/other.ts'), APP_FILES['src/other.ts'].replace('// a different formatDate', '// a different formatStamp'));
});

test('rename apply onto a stale disk file is refused by the writer and writes nothing', async (t) => {
  const root = tempRepo(t, APP_FILES);
  fs.appendFileSync(path.join(root, 'src/view.tsx'), '// edited on disk after indexing\n');
  const f = appFixture();
  const err = await t.throwsAsync(rename({ symbol_uid: FORMAT, new_name: 'fmt', dry_run: false },
    memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...APP_FILES }, root })));
  t.is((err as CodegraphError).code, 'STALE_INDEX');
  t.is(read(root, 'src/format.ts'), APP_FILES['src/format.ts']);
});
