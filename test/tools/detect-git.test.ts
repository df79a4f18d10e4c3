/** detect_changes on real git repositories (a committed copy of the tools fixture), real host, real indexer. */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectChanges } from '../../handlers/detect_changes.ts';
import type { DetectChangesResult } from '../../lib/git/detect.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { fixtureRepo, fixtureFiles } from './fixture.ts';

const changes = (r: DetectChangesResult) => r.changed_symbols.map((s) => [s.uid, s.change_type]);

test('unchanged tree: risk none, nothing changed, in every scope', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  for (const req of [{}, { scope: 'staged' }, { scope: 'all' }, { scope: 'compare', base_ref: 'HEAD' }]) {
    const r = await detectChanges(req, snapshot);
    t.is(r.summary.risk_level, 'none', JSON.stringify(req));
    t.is(r.summary.changed_files, 0);
    t.deepEqual(r.changed_symbols, []);
  }
});

test('a modified function body: symbol, callers, flows with the changed step, in unstaged and all scopes', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  repo.write('src/util/hash.ts', repo.read('src/util/hash.ts').replace("toString('base64')", "toString('hex')"));
  for (const scope of ['unstaged', 'all']) {
    const r = await detectChanges({ scope }, snapshot);
    t.deepEqual(changes(r), [['Function:src/util/hash.ts:hashPassword', 'modified']], scope);
    t.deepEqual(r.affected_symbols.map((s) => [s.uid, s.depth]), [
      // (Controller.login: AuthController.login overrides it, so its callers may run the change)
      ['Function:src/auth/validate.ts:validateUser', 1], ['Method:src/auth/controller.ts:AuthController.login', 2],
      ['Method:src/auth/base.ts:Controller.login', 3], ['Method:src/router.ts:Router.handle', 3],
    ]);
    const flow = r.affected_processes.find((p) => p.changed_steps.length > 0)!;
    t.deepEqual(flow.changed_steps.map((s) => [s.name, s.step, s.change_type]), [['hashPassword', 6, 'modified']]);
    t.deepEqual(flow.affected_steps.map((s) => [s.name, s.step]), [['handle', 3], ['login', 4], ['validateUser', 5]]);
    t.is(r.files[0].index, 'old');
    t.not(r.summary.risk_level, 'none');
  }
  // Nothing staged yet; once staged, `staged` sees it and `unstaged` does not.
  t.is((await detectChanges({ scope: 'staged' }, snapshot)).summary.changed_count, 0);
  repo.git('add', '-A');
  t.is((await detectChanges({ scope: 'staged' }, snapshot)).summary.changed_count, 1);
  t.is((await detectChanges({ scope: 'unstaged' }, snapshot)).summary.changed_count, 0);
});

test('deletion-only diff: a removed function is deleted and its callers are affected', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  const text = repo.read('src/util/hash.ts');
  repo.write('src/util/hash.ts', text.slice(0, text.indexOf('/** Compares')) + text.slice(text.indexOf('/** Nobody')));
  const r = await detectChanges({}, snapshot);
  t.is(r.files[0].additions, 0);
  t.true(r.files[0].deletions > 0);
  t.deepEqual(changes(r), [['Function:src/util/hash.ts:constantTimeEqual', 'deleted']]);
  t.deepEqual(r.affected_symbols.filter((s) => s.depth === 1).map((s) => s.uid), ['Function:src/auth/validate.ts:validateUser']);
  t.true(r.affected_processes.some((p) => p.changed_steps.some((s) => s.change_type === 'deleted' && s.name === 'constantTimeEqual')));
});

test('an edit against the indexed version: indexed symbols changed, a new file added, a deleted file deleted with its symbols', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  // logout renamed to signOut, a new method, validateUser edited; a file deleted and an untracked file added.
  repo.write('src/auth/controller.ts', repo.read('src/auth/controller.ts')
    .replace('logout(): Response {', 'signOut(): Response {')
    .replace(/\n}\n$/, "\n\n  refresh(): Response {\n    return this.respond(200, 'again');\n  }\n}\n"));
  repo.write('src/auth/validate.ts', repo.read('src/auth/validate.ts').replace('return constantTimeEqual(hashed, STORED);', 'return hashed.length > 0 && constantTimeEqual(hashed, STORED);'));
  repo.remove('src/index.ts');
  repo.write('src/extra.ts', 'export function extra(): number {\n  return 1;\n}\n');
  const r = await detectChanges({ scope: 'all' }, snapshot);
  // The index describes the old side and nothing is parsed: the renamed method is logout modified (its first
  // line changed), the method added inside the class modifies the class, the new file is added as a file
  // (its symbols are known once it is indexed); the deleted file's symbols are the index's.
  t.deepEqual(changes(r), [
    ['Class:src/auth/controller.ts:AuthController', 'modified'],
    ['Method:src/auth/controller.ts:AuthController.logout', 'modified'],
    ['Function:src/auth/validate.ts:validateUser', 'modified'],
    ['File:src/extra.ts', 'added'],
    ['File:src/index.ts', 'deleted'],
    ['Function:src/index.ts:main', 'deleted'],
  ]);
  t.deepEqual(r.changed_symbols.filter((s) => !s.indexed).map((s) => s.uid), ['File:src/extra.ts']);
  t.deepEqual({ added: r.summary.added, modified: r.summary.modified, deleted: r.summary.deleted }, { added: 1, modified: 3, deleted: 2 });
  t.deepEqual(r.files.map((f) => [f.path, f.status, f.index]).sort(), [
    ['src/auth/controller.ts', 'modified', 'old'], ['src/auth/validate.ts', 'modified', 'old'], ['src/extra.ts', 'added', 'none'], ['src/index.ts', 'deleted', 'old'],
  ]);
  // main was step 1 of every flow: each flow lists it as a deleted step.
  for (const p of r.affected_processes.filter((x) => x.changed_steps.length)) t.is(p.changed_steps[0].step, 1);
});

test('compare with a base ref, after re-indexing: the index describes the new side', async (t) => {
  const { repo } = await fixtureRepo();
  t.teardown(repo.cleanup);
  const base = repo.git('rev-parse', 'HEAD').trim();
  repo.write('src/util/hash.ts', repo.read('src/util/hash.ts') + '\n/** Added later. */\nexport function pepper(s: string): string {\n  return s + hashPassword(s);\n}\n');
  repo.commit('add pepper');
  const snapshot = await buildSnapshotInMemory(repo.root, { search: false, workers: 0 });
  const r = await detectChanges({ scope: 'compare', base_ref: base }, snapshot);
  t.deepEqual(changes(r), [['Function:src/util/hash.ts:pepper', 'added']]);
  t.true(r.changed_symbols[0].indexed);
  t.is(r.files[0].index, 'new');
  // base_ref alone implies compare
  t.deepEqual(changes(await detectChanges({ base_ref: base }, snapshot)), changes(r));
  const branch = await detectChanges({ scope: 'compare', base_ref: 'main~1' }, snapshot);
  t.deepEqual(changes(branch), changes(r));
});

test('a binary file in the diff is listed and changes no symbol', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]));
  repo.commit('logo');
  repo.write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 9, 9]));
  const r = await detectChanges({}, snapshot);
  t.deepEqual(r.files.map((f) => [f.path, f.binary]), [['assets/logo.png', true]]);
  t.deepEqual(r.changed_symbols, []);
  t.is(r.summary.risk_level, 'none');
});

test('git failures: an unknown ref and a folder that is not a repository are GIT_ERRORs', async (t) => {
  const { repo, snapshot } = await fixtureRepo();
  t.teardown(repo.cleanup);
  const bad = await t.throwsAsync(detectChanges({ scope: 'compare', base_ref: 'no-such-branch' }, snapshot)) as CodegraphError;
  t.is(bad.code, 'GIT_ERROR');
  t.regex(bad.message, /no-such-branch/);
  const dash = await t.throwsAsync(detectChanges({ scope: 'compare', base_ref: '--output=/tmp/x' }, snapshot)) as CodegraphError;
  t.is(dash.code, 'GIT_ERROR');
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-tools-nogit-'));
  t.teardown(() => fs.rmSync(plain, { recursive: true, force: true }));
  fs.writeFileSync(path.join(plain, 'a.ts'), fixtureFiles()['src/util/hash.ts']);
  const s2 = await buildSnapshotInMemory(plain, { search: false, workers: 0 });
  const e = await t.throwsAsync(detectChanges({}, s2)) as CodegraphError;
  t.is(e.code, 'GIT_ERROR');
  t.regex(e.message, /not a git repository/);
  // With diff text, git is not needed.
  const r = await detectChanges({ diff: '--- a/a.ts\n+++ b/a.ts\n@@ -3 +3 @@\n-  return Buffer.from(password).toString(\'base64\');\n+  return password;\n' }, s2);
  t.deepEqual(changes(r), [['Function:a.ts:hashPassword', 'modified']]);
});
