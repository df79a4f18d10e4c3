import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository, buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { readPointer, readFileTable, readMeta } from '../../index-store/format.ts';
import { readRegistry } from '../../index-store/registry.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { listAll, SMALL_PROJECT, tempDir, tempRepo, writeTree } from './_helpers.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { indexStatus } from '../../lib/analyze/status.ts';

const snapshotState = (root: string, home: string) => ({
  files: listAll(path.join(root, '.codegraph')),
  pointer: readPointer(path.join(root, '.codegraph')),
  registry: fs.existsSync(path.join(home, 'registry.json')) ? fs.readFileSync(path.join(home, 'registry.json'), 'utf8') : undefined,
});

/** Moves a file's mtime into the past so the stat pre-check may trust it (as if indexed long ago). */
function age(root: string, ...rels: string[]): void {
  const old = new Date(Date.now() - 60_000);
  for (const rel of rels) fs.utimesSync(path.join(root, rel), old, old);
}

test('analyze writes a generation, the pointer, the .gitignore and the registry entry', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'small');
  const r = await analyzeRepository(root, { home });
  t.is(r.repo.name, 'small');
  t.is(r.repo.path, root);
  t.is(r.repo.stats.files, 3);
  t.is(r.summary.files.parsed, 3);
  t.is(fs.readFileSync(path.join(root, '.codegraph/.gitignore'), 'utf8'), '*\n');
  const gen = readPointer(path.join(root, '.codegraph'))!;
  t.is(path.join(root, '.codegraph', gen), r.dir);
  for (const f of ['meta.json', 'graph.json', 'refs/0.json', 'unresolved/0.json', 'files.json', 'facts/0.json']) t.true(fs.existsSync(path.join(r.dir, f)), f);
  const meta = readMeta(r.dir);
  t.is(meta.root, root);
  t.is(meta.stats.files, 3);
  const table = readFileTable(r.dir);
  t.deepEqual(table.files.map((f) => f.path), ['src/main.ts', 'src/math.ts', 'src/util/strings.ts']);
  t.regex(table.files[0].hash, /^[0-9a-f]{64}$/);
  t.is(table.files[1].lines, 4);
  t.deepEqual(readRegistry(home), [r.repo]);
  t.false(fs.existsSync(path.join(root, '.codegraph/analyze.lock')));
});

test('incremental: a no-op run parses nothing and writes nothing', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  const before = snapshotState(root, home);
  const r = await analyzeRepository(root, { home });
  t.true(r.summary.upToDate);
  t.is(r.summary.files.parsed, 0);
  t.deepEqual(snapshotState(root, home), before);
});

test('incremental: one changed file is parsed again, the rest come from the cache', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  age(root, 'src/main.ts', 'src/math.ts', 'src/util/strings.ts');
  await analyzeRepository(root, { home, force: true }); // records the aged mtimes
  fs.writeFileSync(path.join(root, 'src/math.ts'), 'export function add(a: number, b: number): number {\n  return b + a;\n}\n\nexport const zero = 0;\n');
  const r = await analyzeRepository(root, { home });
  t.false(r.summary.upToDate);
  t.deepEqual(r.summary.files, { indexed: 3, parsed: 1, reused: 2, added: 0, changed: 1, deleted: 0, resolved: 1 }, 'an export no other file names: that file alone resolved');
  const math = readFileTable(r.dir).files.find((f) => f.path === 'src/math.ts')!;
  t.is(math.lines, 6);
});

test('incremental: a touched file with the same content is not parsed again (hash is the truth)', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  const now = new Date();
  fs.utimesSync(path.join(root, 'src/math.ts'), now, now);
  const r = await analyzeRepository(root, { home });
  t.true(r.summary.upToDate);
  t.is(r.summary.files.parsed, 0);
});

test('incremental: same size and mtime but different bytes is still caught when the stat is recent', async (t) => {
  const { root, home } = tempRepo({ 'a.ts': 'export const a = 1;\n' });
  await analyzeRepository(root, { home });
  const st = fs.statSync(path.join(root, 'a.ts'));
  fs.writeFileSync(path.join(root, 'a.ts'), 'export const b = 1;\n'); // same length
  fs.utimesSync(path.join(root, 'a.ts'), st.atime, st.mtime);      // same mtime
  const r = await analyzeRepository(root, { home });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.changed, 1);
});

test('incremental: added and deleted files are counted', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  fs.rmSync(path.join(root, 'src/util/strings.ts'));
  writeTree(root, { 'src/new.ts': 'export const n = 1;\n' });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.files, { indexed: 3, parsed: 1, reused: 2, added: 1, changed: 0, deleted: 1, resolved: 3 });
  t.deepEqual(readFileTable(r.dir).files.map((f) => f.path), ['src/main.ts', 'src/math.ts', 'src/new.ts']);
});

test('incremental: a changed configuration file (tsconfig) rebuilds even when no source changed', async (t) => {
  const { root, home } = tempRepo({ ...SMALL_PROJECT, 'tsconfig.json': '{"compilerOptions": {}}\n' });
  await analyzeRepository(root, { home });
  t.true('tsconfig.json' in readMeta(readPointerDir(root)).configFiles);
  fs.writeFileSync(path.join(root, 'tsconfig.json'), '{"compilerOptions": {"baseUrl": "."}}\n');
  const r = await analyzeRepository(root, { home });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.parsed, 0);
  t.true((await analyzeRepository(root, { home })).summary.upToDate);
});

test('incremental: a configuration file that appears (or vanishes) rebuilds', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  writeTree(root, { 'src/util/tsconfig.json': '{"compilerOptions": {"baseUrl": "."}}\n' });
  t.false((await analyzeRepository(root, { home })).summary.upToDate);
  t.true((await analyzeRepository(root, { home })).summary.upToDate);
  fs.rmSync(path.join(root, 'src/util/tsconfig.json'));
  t.false((await analyzeRepository(root, { home })).summary.upToDate);
});

test('incremental: a project file of another language that appears (pyproject.toml, go.mod) rebuilds, and its roots resolve', async (t) => {
  const { root, home } = tempRepo({ 'app.py': 'from pkg.mod import f\n\nf()\n', 'lib/pkg/__init__.py': '', 'lib/pkg/mod.py': 'def f():\n    pass\n' });
  const first = await analyzeRepository(root, { home });
  t.is(first.summary.edges.CALLS ?? 0, 0, 'without the project file, `pkg` is no package of the repository');
  writeTree(root, { 'pyproject.toml': '[tool.setuptools]\npackage-dir = {"" = "lib"}\n' });
  t.true(indexStatus(root).configFilesAddedOrRemoved);
  const second = await analyzeRepository(root, { home });
  t.false(second.summary.upToDate);
  t.is(second.summary.edges.CALLS, 1, 'app.py calls lib/pkg/mod.py\'s f through the declared root');
  t.true((await analyzeRepository(root, { home })).summary.upToDate);
  t.true(indexStatus(root).upToDate);
  writeTree(root, { 'tools/go.mod': 'module example.com/tools\n' });
  t.false((await analyzeRepository(root, { home })).summary.upToDate);
});

test('status: a workspace file beside the sources (pnpm-workspace.yaml) reads as up to date after analyze', async (t) => {
  const { root, home } = tempRepo({ ...SMALL_PROJECT, 'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n' });
  await analyzeRepository(root, { home });
  const status = indexStatus(root);
  t.false(status.configFilesAddedOrRemoved);
  t.true(status.upToDate);
});

test('incremental: a snapshot another build of codegraph made is resolved again, not kept as up to date (an upgrade may resolve differently)', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const first = await analyzeRepository(root, { home });
  // what an older build leaves: the same extractor's facts, another resolver's stamp
  const metaFile = path.join(first.dir, 'meta.json');
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  meta.incremental.stamp = 'another-build';
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  const status = indexStatus(root);
  t.false(status.upToDate);
  t.regex(status.rebuild ?? '', /another build of codegraph/);
  const r = await analyzeRepository(root, { home });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.parsed, 0, 'the facts are the same extractor\'s: taken from the cache');
  t.is(r.summary.files.resolved, 3, 'every file resolved by this build');
  t.deepEqual(r.repo.stats, first.repo.stats);
  t.true((await analyzeRepository(root, { home })).summary.upToDate);
  t.true(indexStatus(root).upToDate);
});

test('incremental: a no-op run does not need the facts cache; a lost cache means re-parsing, not wrong results', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const first = await analyzeRepository(root, { home });
  fs.rmSync(path.join(first.dir, 'facts', '0.json'));
  t.true((await analyzeRepository(root, { home })).summary.upToDate);
  writeTree(root, { 'src/new.ts': 'export const n = 1;\n' });
  const logs: string[] = [];
  const r = await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.is(r.summary.files.parsed, 4);
  t.is(r.summary.files.added, 1);
  t.is(r.summary.files.changed, 0);
  t.true(logs.some((l) => /facts cache could not be read/.test(l)));
  t.deepEqual(readFileTable(r.dir).files.map((f) => f.path), ['src/main.ts', 'src/math.ts', 'src/new.ts', 'src/util/strings.ts']);
});

test('incremental: the snapshot files equal a forced rebuild byte for byte (cached facts are written back as read)', async (t) => {
  const { root, home } = tempRepo({ ...SMALL_PROJECT, 'src/caller.ts': "import { add } from './math';\nexport const three = add(1, 2);\n" });
  await analyzeRepository(root, { home });
  writeTree(root, { 'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b + 0;\n}\n' });
  const incremental = await analyzeRepository(root, { home });
  t.is(incremental.summary.files.parsed, 1);
  const files = ['graph.json', 'refs/0.json', 'unresolved/0.json', 'files.json', 'facts/0.json'];
  const read = (dir: string) => files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const a = read(incremental.dir);
  const forced = await analyzeRepository(root, { home, force: true });
  t.is(forced.summary.files.parsed, 4);
  t.deepEqual(a, read(forced.dir));
  t.is(a[4].split('\n').length, 4 + 2); // one line per file
});

test('--force parses every file again', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  const r = await analyzeRepository(root, { home, force: true });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.parsed, 3);
});

test('old generations are cleaned: the published one and its predecessor remain', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const gens: string[] = [];
  for (let i = 0; i < 4; i++) {
    writeTree(root, { 'src/counter.ts': `export const n = ${i};\n` });
    gens.push(path.basename((await analyzeRepository(root, { home })).dir));
  }
  const present = fs.readdirSync(path.join(root, '.codegraph')).filter((n) => n.startsWith('g-')).sort();
  t.deepEqual(present, gens.slice(-2).sort());
});

test('an analyze long after the last one removes the older generations as it starts; the published one stays', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const first = await analyzeRepository(root, { home });
  writeTree(root, { 'src/counter.ts': 'export const n = 1;\n' });
  const second = await analyzeRepository(root, { home });
  const indexDir = path.join(root, '.codegraph');
  const gens = () => fs.readdirSync(indexDir).filter((n) => n.startsWith('g-')).sort();
  t.deepEqual(gens(), [path.basename(first.dir), path.basename(second.dir)].sort());
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(indexDir, 'CURRENT'), old, old);
  const noop = await analyzeRepository(root, { home });
  t.true(noop.summary.upToDate);
  t.deepEqual(gens(), [path.basename(second.dir)]);
  t.is(readPointer(indexDir), path.basename(second.dir));
  // A run that writes a generation while the removal of older ones is under way keeps its own.
  const third = await analyzeRepository(root, { home });
  writeTree(root, { 'src/counter.ts': 'export const n = 2;\n' });
  fs.utimesSync(path.join(indexDir, 'CURRENT'), old, old);
  const fourth = await analyzeRepository(root, { home });
  t.false(fourth.summary.upToDate);
  t.true(third.summary.upToDate);
  t.deepEqual(gens(), [path.basename(second.dir), path.basename(fourth.dir)].sort()); // new + the one it replaced
  t.is(readPointer(indexDir), path.basename(fourth.dir));
  t.is(readMeta(fourth.dir).generation, path.basename(fourth.dir));
  t.true(fs.existsSync(path.join(fourth.dir, 'graph.json')));
});

// modules, processes and search run while the new generation's first files are being written.
for (const phase of ['parse', 'resolve', 'modules', 'processes', 'search', 'write'] as const) {
  test(`a failure during '${phase}' leaves the previous snapshot and the registry untouched`, async (t) => {
    const { root, home } = tempRepo(SMALL_PROJECT);
    await analyzeRepository(root, { home });
    writeTree(root, { 'src/more.ts': 'export const more = 1;\n' });
    const before = snapshotState(root, home);
    const err = await t.throwsAsync(analyzeRepository(root, { home, onPhase: (p) => { if (p === phase) throw new Error(`injected in ${p}`); } }));
    t.is(err?.message, `injected in ${phase}`);
    t.deepEqual(snapshotState(root, home), before);
    // And the next run recovers normally.
    const r = await analyzeRepository(root, { home });
    t.is(r.repo.stats.files, 4);
  });
}

test('a registry write failing after the pointer switch puts the previous generation back', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home });
  writeTree(root, { 'src/more.ts': 'export const more = 1;\n' });
  const before = snapshotState(root, home);
  // A registry that cannot be replaced: registry.json is a folder (permissions do not stop root).
  const badHome = path.join(path.dirname(home), 'bad-home');
  fs.mkdirSync(path.join(badHome, 'registry.json'), { recursive: true });
  fs.writeFileSync(path.join(badHome, 'registry.json', 'x'), 'x');
  const phases: string[] = [];
  const err = await t.throwsAsync(analyzeRepository(root, { home: badHome, onPhase: (p) => phases.push(p) }));
  t.is(phases.at(-1), 'write'); // it got as far as writing, so the switch happened and was undone
  t.regex(err!.message, /EISDIR|ENOTEMPTY|EEXIST|directory/i);
  t.deepEqual(snapshotState(root, home), before);
});

test('a failed first analyze leaves no .codegraph folder and no registry entry', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  await t.throwsAsync(analyzeRepository(root, { home, onPhase: (p) => { if (p === 'search') throw new Error('boom'); } }));
  t.false(fs.existsSync(path.join(root, '.codegraph')));
  t.deepEqual(readRegistry(home), []);
});

test('registry: --name, same path updates its entry, a name clash with another path is refused', async (t) => {
  const base = tempDir();
  const home = path.join(base, 'home');
  const a = path.join(base, 'one/app');
  const b = path.join(base, 'two/app');
  writeTree(a, SMALL_PROJECT);
  writeTree(b, SMALL_PROJECT);
  await analyzeRepository(a, { home });
  const err = await t.throwsAsync(analyzeRepository(b, { home }), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'VALIDATION_ERROR');
  t.regex(err!.message, /already indexed at .*one\/app.*--name/);
  t.false(fs.existsSync(path.join(b, '.codegraph')));
  await analyzeRepository(b, { home, name: 'app-two' });
  t.deepEqual(readRegistry(home).map((e) => [e.name, e.path]), [['app', a], ['app-two', b]]);
  // Re-analyzing keeps the chosen name; --name renames the same entry.
  await analyzeRepository(b, { home, force: true });
  await analyzeRepository(a, { home, name: 'renamed' });
  t.deepEqual(readRegistry(home).map((e) => [e.name, e.path]), [['app-two', b], ['renamed', a]]);
});

test('bad names are refused', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  for (const name of ['', ' x', 'a/b', 'a\\b', 'x'.repeat(101), 'tab\tname']) {
    const err = await t.throwsAsync(analyzeRepository(root, { home, name }), { instanceOf: CodegraphError });
    t.is((err as CodegraphError).code, 'VALIDATION_ERROR', name);
  }
  t.false(fs.existsSync(path.join(root, '.codegraph')));
});

test('bad input: a path that does not exist, a file, an empty repository', async (t) => {
  const base = tempDir();
  const home = path.join(base, 'home');
  const missing = await t.throwsAsync(analyzeRepository(path.join(base, 'nope'), { home }), { instanceOf: CodegraphError });
  t.is((missing as CodegraphError).code, 'INVALID_PATH');
  t.regex(missing!.message, /does not exist/);
  writeTree(base, { 'file.ts': 'x' });
  const file = await t.throwsAsync(analyzeRepository(path.join(base, 'file.ts'), { home }), { instanceOf: CodegraphError });
  t.regex(file!.message, /not a directory/);
  fs.mkdirSync(path.join(base, 'empty'));
  const empty = await t.throwsAsync(analyzeRepository(path.join(base, 'empty'), { home }), { instanceOf: CodegraphError });
  t.is((empty as CodegraphError).code, 'INVALID_PATH');
  t.regex(empty!.message, /no source files to index under .*\(indexed: .*\.ts .*\.py\b/);
  writeTree(base, { 'docs-only/README.md': '# hi', 'docs-only/node_modules/x/index.js': '' });
  const docs = await t.throwsAsync(analyzeRepository(path.join(base, 'docs-only'), { home }), { instanceOf: CodegraphError });
  t.regex(docs!.message, /skipped: .*dependency-dir 1.*unsupported-language 1/);
  t.deepEqual(listAll(path.join(base, 'empty')), []);
  t.false(fs.existsSync(path.join(base, 'docs-only/.codegraph')));
  t.false(fs.existsSync(home));
});

test('bad input: binary, invalid UTF-8, minified, bundled and oversized files are counted skips', async (t) => {
  const { root, home } = tempRepo({
    'src/ok.ts': 'export const ok = 1;\n',
    'src/binary.js': new Uint8Array([0x63, 0x6f, 0x6e, 0x00, 0x01, 0x02]),
    'src/latin1.ts': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a]), // "// été" in Latin-1
    'src/vendor.min.js': 'var a=1;',
    'src/packed.js': 'var a=function(){return 1};'.repeat(60),
    'src/gen.ts': '// @generated\nexport const g = 1;\n',
    'src/compiled.js': 'exports.a = 1;\n//# sourceMappingURL=compiled.js.map\n',
    'src/huge.ts': `export const big = "${'x'.repeat(3000)}";\n`,
  });
  const r = await analyzeRepository(root, { home, maxFileBytes: 2048 });
  t.is(r.repo.stats.files, 2); // src/ok.ts and the generated src/gen.ts
  t.deepEqual(r.summary.skips, { binary: 1, bundled: 1, 'invalid-utf8': 1, minified: 2, 'too-large': 1 });
  // The skips are remembered: an unchanged skipped file is not read again, and still counted.
  const again = await analyzeRepository(root, { home, maxFileBytes: 2048 });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('generated code is indexed and marked: calls into it resolve; a skip an earlier codegraph recorded for it is read again', async (t) => {
  const { root, home } = tempRepo({
    'src/client.gen.ts': '// This file is auto-generated by @hey-api/openapi-ts\nexport function readUsers(): string[] { return []; }\n',
    'src/app.ts': "import { readUsers } from './client.gen';\nexport function list() { return readUsers(); }\n",
  });
  // (older than the index by more than its racy window, so an unchanged stat is trusted)
  const past = new Date(Date.now() - 60_000);
  for (const f of ['src/client.gen.ts', 'src/app.ts']) fs.utimesSync(path.join(root, f), past, past);
  const r = await analyzeRepository(root, { home });
  t.is(r.repo.stats.files, 2);
  t.deepEqual(r.summary.skips, {});
  const mem = await buildSnapshotInMemory(root);
  const g = graphData(mem.graph);
  t.true(g.nodes.find((n) => n.uid === 'File:src/client.gen.ts')?.generated);
  t.is(g.nodes.find((n) => n.uid === 'File:src/app.ts')?.generated, undefined);
  t.true(g.edges.some((e) => e.type === 'CALLS' && e.source === 'Function:src/app.ts:list' && e.target === 'Function:src/client.gen.ts:readUsers'));

  // An index written when generated files were skipped: its table lists the file as skipped for `generated`.
  const dir = path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);
  const table = readFileTable(dir);
  const rec = table.files.find((f) => f.path === 'src/client.gen.ts')!;
  table.files = table.files.filter((f) => f !== rec);
  table.skipped.push({ path: rec.path, reason: 'generated', size: rec.size, mtimeMs: rec.mtimeMs, hash: rec.hash });
  const text = JSON.stringify(table);
  fs.writeFileSync(path.join(dir, 'files.json'), text);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8'));
  if (meta.sizes) meta.sizes['files.json'] = Buffer.byteLength(text);
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta));
  t.is(readFileTable(dir).files.length, 1);
  const again = await analyzeRepository(root, { home });
  t.false(again.summary.upToDate);
  t.is(again.repo.stats.files, 2);
  t.deepEqual(again.summary.skips, {});
});

test('bad input: symbolic link loops and links outside are counted, not followed', async (t) => {
  const { root, home } = tempRepo({ 'src/a.ts': 'export const a = 1;\n' });
  fs.symlinkSync('..', path.join(root, 'src/up'));
  fs.symlinkSync('/etc', path.join(root, 'etc'));
  const r = await analyzeRepository(root, { home });
  t.is(r.repo.stats.files, 1);
  t.is(r.summary.skips['symlink-loop'], 1);
  t.is(r.summary.skips['symlink-outside'], 1);
});

test('bad input: files with syntax errors are indexed and their errors counted', async (t) => {
  const { root, home } = tempRepo({
    'src/broken.ts': 'export function good(): number {\n  return 1;\n}\n\nexport function bad( {\n  return 2;\n',
    'src/ok.ts': 'export const ok = 1;\n',
  });
  const r = await analyzeRepository(root, { home });
  t.is(r.repo.stats.files, 2);
  const table = readFileTable(r.dir);
  const broken = table.files.find((f) => f.path === 'src/broken.ts')!;
  t.true((broken.parseErrors ?? 0) > 0);
  t.is(table.files.find((f) => f.path === 'src/ok.ts')!.parseErrors, undefined);
  t.is(r.summary.parseErrors.total, broken.parseErrors!);
  t.deepEqual(r.summary.parseErrors.files, [{ path: 'src/broken.ts', count: broken.parseErrors }]);
  // What the parser recovered is indexed: the function is there.
  const snap = await buildSnapshotInMemory(root, { search: false });
  t.true(graphData(snap.graph).nodes.some((n) => n.name === 'good' && n.filePath === 'src/broken.ts'));
});

test('buildSnapshotInMemory writes nothing to the repository or a registry', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const before = listAll(root);
  const snap = await buildSnapshotInMemory(root);
  t.deepEqual(listAll(root), before);
  t.false(fs.existsSync(home));
  t.is(snap.repo.name, 'repo');
  t.deepEqual([...snap.files.keys()], ['src/main.ts', 'src/math.ts', 'src/util/strings.ts']);
  t.true(snap.graph.hasNode('File:src/main.ts'));
  t.is(snap.host.readFile('src/math.ts'), SMALL_PROJECT['src/math.ts']);
  t.is(snap.host.readFile('../outside.ts'), undefined);
});

function readPointerDir(root: string): string {
  return path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);
}


test('a Python package named like build output (src/build/) is indexed, and build output beside it is not', async (t) => {
  const { root, home } = tempRepo({
    'pyproject.toml': '[project]\nname = "build"\n[project.scripts]\npyproject-build = "build.__main__:entrypoint"\n',
    'src/build/__init__.py': 'from ._builder import ProjectBuilder\n\n__all__ = ["ProjectBuilder"]\n',
    'src/build/_builder.py': 'class ProjectBuilder:\n    def build(self):\n        return 1\n',
    'src/build/__main__.py': 'from ._builder import ProjectBuilder\n\n\ndef entrypoint():\n    ProjectBuilder().build()\n',
    'build/lib/build/__init__.py': 'from ._builder import ProjectBuilder\n',
  }, 'pkg');
  const r = await analyzeRepository(root, { home });
  t.deepEqual(readFileTable(r.dir).files.map((f) => f.path).filter((p) => p.endsWith('.py')),
    ['src/build/__init__.py', 'src/build/__main__.py', 'src/build/_builder.py']);
  const snap = await buildSnapshotInMemory(root, { search: false });
  t.true(graphData(snap.graph).edges.some((e) => e.type === 'CALLS' && e.source === 'Function:src/build/__main__.py:entrypoint'
    && e.target === 'Method:src/build/_builder.py:ProjectBuilder.build'));
});
