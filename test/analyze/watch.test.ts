/**
 * Watching a repository (lib/analyze/watch.ts): edits, new files in new folders, deletions and broken files are
 * re-indexed by themselves; the index folder and VCS folders are not changes; a failed re-index is reported and
 * the next change indexes; bad roots are refused; `codegraph analyze --watch` and `codegraph mcp --watch` keep
 * their index current from the command line.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';
import { RepositoryWatcher, type WatchEvent } from '../../lib/analyze/watch.ts';
import { indexDirOf, readGraphData, readPointer } from '../../index-store/format.ts';
import { isCodegraphError } from '../../lib/errors.ts';
import { tempRepo } from './_helpers.ts';
import { coldBytes, snapshotBytes } from './_snapshots.ts';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codegraph.mjs');

const REPO = {
  'package.json': '{ "name": "watched", "version": "1.0.0" }\n',
  'src/a.ts': 'export function alpha(): number {\n  return beta();\n}\nexport function beta(): number {\n  return 1;\n}\n',
};

/** Function names in the published snapshot, sorted. */
function functions(root: string): string[] {
  const dir = indexDirOf(root);
  const gen = readPointer(dir);
  if (!gen) return [];
  return readGraphData(path.join(dir, gen)).nodes.filter((n) => n.label === 'Function').map((n) => n.name).sort();
}

/** Collects a watcher's events; `next(n)` waits until n have arrived (or fails after a while). */
function events() {
  const got: WatchEvent[] = [];
  const waiters: (() => void)[] = [];
  return {
    got,
    onIndexed: (e: WatchEvent) => { got.push(e); for (const w of waiters.splice(0)) w(); },
    async next(n: number, ms = 120_000): Promise<WatchEvent> {
      const end = Date.now() + ms;
      while (got.length < n) {
        if (Date.now() > end) throw new Error(`only ${got.length} of ${n} re-indexes`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 100); });
      }
      return got[n - 1];
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('an edit, a new file in a new folder, a file written there later and a deletion are each re-indexed', async (t) => {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  const ev = events();
  const w = RepositoryWatcher.start(root, { home, initial: false, onIndexed: ev.onIndexed, debounceMs: 50 });
  t.teardown(() => w.close());
  t.deepEqual(w.watchedFolders(), ['', 'src']);

  fs.writeFileSync(path.join(root, 'src/a.ts'), REPO['src/a.ts'] + 'export function gamma(): number {\n  return alpha();\n}\n');
  const first = await ev.next(1);
  t.deepEqual(first.changed, ['src/a.ts']);
  t.like(first.summary.files, { changed: 1, added: 0, deleted: 0 });
  t.true(first.latencyMs > 0);
  t.deepEqual(functions(root), ['alpha', 'beta', 'gamma']);

  fs.mkdirSync(path.join(root, 'src/deep'));
  fs.writeFileSync(path.join(root, 'src/deep/d.ts'), 'export function delta(): number {\n  return 4;\n}\n');
  await w.idle();
  await ev.next(2);
  await w.idle();
  t.true(w.watchedFolders().includes('src/deep'), 'the new folder is watched');
  t.true(functions(root).includes('delta'));

  // Only the new folder's own watcher sees this one.
  fs.writeFileSync(path.join(root, 'src/deep/e.ts'), 'export function epsilon(): number {\n  return 5;\n}\n');
  const third = await ev.next(ev.got.length + 1);
  await w.idle();
  t.true(functions(root).includes('epsilon'), JSON.stringify(third.changed));

  fs.rmSync(path.join(root, 'src/a.ts'));
  const n = ev.got.length;
  await ev.next(n + 1);
  await w.idle();
  t.like(ev.got[ev.got.length - 1].summary.files, { deleted: 1 });
  t.deepEqual(functions(root), ['delta', 'epsilon']);
});

test('the index folder and VCS folders are not changes; close stops watching', async (t) => {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  fs.mkdirSync(path.join(root, '.git'));
  const ev = events();
  const w = RepositoryWatcher.start(root, { home, initial: false, onIndexed: ev.onIndexed, debounceMs: 20 });
  t.false(w.watchedFolders().some((f) => f.startsWith('.git') || f.startsWith('.codegraph')));
  fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  fs.writeFileSync(path.join(root, '.codegraph', 'scratch'), 'x');
  await pause(400);
  await w.idle();
  t.is(ev.got.length, 0);
  await w.close();
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'export function late(): void {}\n');
  await pause(400);
  t.is(ev.got.length, 0);
  t.false(functions(root).includes('late'));
});

test('a broken file is indexed as far as it parses; a failed re-index is reported and the next change indexes', async (t) => {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  const ev = events();
  const logs: string[] = [];
  const w = RepositoryWatcher.start(root, { home, initial: false, onIndexed: ev.onIndexed, log: (l) => logs.push(l), debounceMs: 20 });
  t.teardown(() => w.close());

  fs.writeFileSync(path.join(root, 'src/broken.ts'), 'export function ok(): number { return 1; }\nexport function (((;\n');
  const e = await ev.next(1);
  t.true(e.summary.parseErrors.total > 0);
  t.true(functions(root).includes('ok'));

  // The index folder replaced by a file: the analyze cannot write, says why, and the snapshot is not touched.
  const indexDir = indexDirOf(root);
  const before = functions(root);
  fs.renameSync(indexDir, indexDir + '.saved');
  fs.writeFileSync(indexDir, 'not a folder');
  fs.writeFileSync(path.join(root, 'src/c.ts'), 'export function charlie(): void {}\n');
  await pause(200);
  await w.idle();
  t.true(logs.some((l) => /re-indexing .* failed: .*index folder/.test(l)), logs.join('\n'));
  t.is(ev.got.length, 1);
  fs.rmSync(indexDir);
  fs.renameSync(indexDir + '.saved', indexDir);
  t.deepEqual(functions(root), before, 'nothing was lost');

  fs.writeFileSync(path.join(root, 'src/c.ts'), 'export function charlie(): number { return 3; }\n');
  await ev.next(2);
  await w.idle();
  t.true(functions(root).includes('charlie'));
});

test('the initial run catches up with changes made while nothing watched; watchers share a thread', async (t) => {
  const one = tempRepo(REPO, 'one');
  const two = tempRepo(REPO, 'two');
  await analyzeRepository(one.root, { home: one.home });
  await analyzeRepository(two.root, { home: one.home });
  fs.writeFileSync(path.join(one.root, 'src/new.ts'), 'export function offline(): void {}\n');
  const thread = new AnalyzeThread();
  const ev1 = events(), ev2 = events();
  const w1 = RepositoryWatcher.start(one.root, { home: one.home, thread, onIndexed: ev1.onIndexed });
  const w2 = RepositoryWatcher.start(two.root, { home: one.home, thread, onIndexed: ev2.onIndexed });
  t.teardown(async () => { await w1.close(); await w2.close(); await thread.close(); });
  t.false((await ev1.next(1)).summary.upToDate);
  t.true((await ev2.next(1)).summary.upToDate);
  t.true(functions(one.root).includes('offline'));
  t.is(thread.thread, 'worker');
});

test('several edits in a row, each re-indexed in the watcher\'s thread from the index it kept: every snapshot equals a cold analyze\'s', async (t) => {
  const { root, home } = tempRepo({
    ...REPO,
    'src/b.ts': "import { alpha } from './a';\n\nexport function gamma(): number {\n  return alpha() + 1;\n}\n",
  });
  await analyzeRepository(root, { home });
  const ev = events();
  const w = RepositoryWatcher.start(root, { home, initial: false, onIndexed: ev.onIndexed, debounceMs: 50 });
  t.teardown(() => w.close());
  const a = path.join(root, 'src/a.ts');
  const b = path.join(root, 'src/b.ts');
  const edits: Array<[string, () => void]> = [
    ['a statement added to a body', () => fs.writeFileSync(a, fs.readFileSync(a, 'utf8').replace('  return 1;', '  const one = 1;\n  return one;'))],
    ['a call added', () => fs.writeFileSync(b, fs.readFileSync(b, 'utf8').replace('  return alpha() + 1;', '  beta();\n  return alpha() + 1;'))],
    ['a function appended', () => fs.appendFileSync(a, 'export function delta(): number {\n  return beta();\n}\n')],
    ['an import of it', () => fs.writeFileSync(b, fs.readFileSync(b, 'utf8').replace("import { alpha } from './a';", "import { alpha, delta } from './a';\nimport { beta } from './a';").replace('  beta();', '  beta();\n  delta();'))],
    ['a comment', () => fs.appendFileSync(b, '// the end\n')],
  ];
  for (const [name, edit] of edits) {
    // (a re-index that starts after the write walks the edited tree)
    const before = ev.got.length;
    edit();
    const e = await ev.next(before + 1);
    await w.idle();
    t.false(e.summary.upToDate, name);
    const dir = path.join(indexDirOf(root), readPointer(indexDirOf(root))!);
    const incremental = snapshotBytes(dir);
    const cold = await coldBytes(root);
    t.deepEqual(Object.keys(incremental), Object.keys(cold), `${name}: the same snapshot files`);
    for (const k of Object.keys(cold)) t.true(incremental[k] === cold[k], `${name}: ${k} differs from a cold analyze`);
  }
  t.true(functions(root).includes('delta'));
});

test('bad roots are refused with INVALID_PATH', (t) => {
  const { root } = tempRepo(REPO);
  for (const bad of [path.join(root, 'missing'), path.join(root, 'src/a.ts')]) {
    const err = t.throws(() => RepositoryWatcher.start(bad, { initial: false }));
    t.true(isCodegraphError(err) && err.code === 'INVALID_PATH', String(err));
  }
});

/** Lines of a child's stream, and a wait for one matching. */
function lines(stream: NodeJS.ReadableStream) {
  const all: string[] = [];
  let buf = '';
  stream.on('data', (d) => {
    buf += d;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) { all.push(buf.slice(0, nl)); buf = buf.slice(nl + 1); }
  });
  return {
    all,
    async match(re: RegExp, ms = 120_000): Promise<string> {
      const end = Date.now() + ms;
      for (;;) {
        const hit = all.find((l) => re.test(l));
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`no line matching ${re}: ${all.join('\n')}`);
        await pause(100);
      }
    },
  };
}

test('codegraph analyze --watch: indexes, then a line per change, until SIGINT', async (t) => {
  const { root, home } = tempRepo(REPO);
  const child = spawn(process.execPath, [bin, 'analyze', root, '--watch', '--json'], { env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = lines(child.stdout), err = lines(child.stderr);
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  t.teardown(() => { child.kill('SIGKILL'); });
  await err.match(/^watching .* \(2 folders\)/);
  // (the first summary goes to stdout, the watching line to stderr: either can come first)
  t.is(JSON.parse(await out.match(/"indexed"/)).files.indexed, 1);
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'import { alpha } from "./a";\nexport function bravo(): number {\n  return alpha();\n}\n');
  const summary = JSON.parse(await out.match(/"changedPaths"/));
  t.deepEqual(summary.changedPaths, ['src/b.ts']);
  t.true(summary.latencyMs >= 0);
  t.true(functions(root).includes('bravo'));
  child.kill('SIGINT');
  t.is(await exited, 0);
});

test('codegraph mcp --watch: a tool call right after a save sees what the save added, without retrying', async (t) => {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  const child = spawn(process.execPath, [bin, 'mcp', '--watch'], { cwd: root, env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] });
  t.teardown(() => { child.kill('SIGKILL'); });
  const out = lines(child.stdout);
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await out.match(/"id":1/);
  const count = async (id: number, name: string): Promise<string> => {
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'cypher', arguments: { query: `MATCH (f:Function {name: '${name}'}) RETURN count(*) AS n` } } });
    return out.match(new RegExp(`"id":${id}\\b`));
  };
  const one = (reply: string): boolean => /\\"n\\": ?1/.test(reply) || /"n":1/.test(reply);
  // (an agent's call comes after its save reached the server: here a moment after, well within the quiet time and the re-index)
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'export function watchedAddition(): number {\n  return 2;\n}\n');
  await pause(50);
  const reply = await count(2, 'watchedAddition');
  t.true(one(reply), `the first call after the save sees the added function: ${reply}`);
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'export function renamedAddition(): number {\n  return 2;\n}\n');
  await pause(50);
  const again = await count(3, 'renamedAddition');
  t.true(one(again), `and the next save too: ${again}`);
  child.stdin.end();
});

test('codegraph mcp --watch started outside every indexed repository watches nothing and says so', async (t) => {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  const elsewhere = path.dirname(home);
  const child = spawn(process.execPath, [bin, 'mcp', '--watch'], { cwd: elsewhere, env: { ...process.env, CODEGRAPH_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] });
  t.teardown(() => { child.kill('SIGKILL'); });
  const err = lines(child.stderr), out = lines(child.stdout);
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\n');
  await out.match(/"id":1/);
  t.regex(await err.match(/nothing is watched/), /no indexed repository contains .*; nothing is watched/);
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  child.stdin.end();
  t.is(await exited, 0);
});
