/**
 * list_repos over a real registry, repository selection through the SnapshotLoader, and the one-shot CLI
 * commands (context, impact, detect-changes) run as a user would (child process, temporary CODEGRAPH_HOME).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { listRepos } from '../../handlers/list_repos.ts';
import { impact } from '../../handlers/impact.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import type { RepoInfo } from '../../index-store/snapshot.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { fixtureFiles } from './fixture.ts';
import { tempRepo, type TempRepo } from './git-repo.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function cli(home: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const script = `const { main } = await import(${JSON.stringify(path.join(repoRoot, 'runtime/cli.ts'))}); process.exitCode = await main(${JSON.stringify(args)});`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Two indexed repositories (fixture copies in git) registered in a fresh home. */
async function twoRepos(t: { teardown(fn: () => void): void }): Promise<{ home: string; app: TempRepo; other: TempRepo }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-tools-home-'));
  const app = tempRepo(fixtureFiles(), 'codegraph-tools-app-');
  const other = tempRepo({ 'lib/only.ts': 'export function onlyHere(): number {\n  return 1;\n}\n' }, 'codegraph-tools-other-');
  t.teardown(() => { app.cleanup(); other.cleanup(); fs.rmSync(home, { recursive: true, force: true }); });
  await analyzeRepository(app.root, { home, name: 'app' });
  await analyzeRepository(other.root, { home, name: 'other' });
  return { home, app, other };
}

test('list_repos: every registered repository with name, path, indexedAt, lastCommit and stats, sorted', async (t) => {
  const { home, app, other } = await twoRepos(t);
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  const r = await listRepos({}, loader.list());
  t.deepEqual(r.repos.map((x) => [x.name, x.path]), [['app', app.root], ['other', other.root]]);
  const a = r.repos[0];
  t.deepEqual(Object.keys(a), ['name', 'path', 'indexedAt', 'lastCommit', 'stats']);
  t.deepEqual(Object.keys(a.stats), ['files', 'nodes', 'edges', 'communities', 'processes', 'embeddings']);
  t.is(a.lastCommit, app.git('rev-parse', 'HEAD').trim());
  t.false(Number.isNaN(Date.parse(a.indexedAt)));
  t.is(a.stats.files, 9);
  t.true(a.stats.nodes > 30 && a.stats.edges > 50 && a.stats.processes >= 1 && a.stats.communities >= 1);
  // Filter by name or path; unknown names list the known ones.
  t.deepEqual((await listRepos({ repo: 'other' }, loader.list())).repos.map((x) => x.name), ['other']);
  t.deepEqual((await listRepos({ repo: app.root + '/' }, loader.list())).repos.map((x) => x.name), ['app']);
  const e = await t.throwsAsync(listRepos({ repo: 'nope' }, loader.list())) as CodegraphError;
  t.is(e.code, 'REPO_NOT_FOUND');
  t.regex(e.message, /known: app, other/);
  t.deepEqual(await listRepos({}, []), { repos: [] });
  const bad = await t.throwsAsync(listRepos({ verbose: true }, [])) as CodegraphError;
  t.is(bad.code, 'VALIDATION_ERROR');
});

test('list_repos copies the registry entries instead of handing them out', async (t) => {
  const entry: RepoInfo = { name: 'x', path: '/x', indexedAt: '2024-01-01T00:00:00.000Z', lastCommit: null, stats: { files: 1, nodes: 2, edges: 3, communities: 0, processes: 0, embeddings: 0 } };
  const r = await listRepos({}, [entry]);
  r.repos[0].stats.files = 99;
  t.is(entry.stats.files, 1);
});

test('repository selection: several repositories and no repo is REPO_REQUIRED, unknown is REPO_NOT_FOUND, by name or path works', async (t) => {
  const { home, app } = await twoRepos(t);
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  const required = await t.throwsAsync(loader.get()) as CodegraphError;
  t.is(required.code, 'REPO_REQUIRED');
  t.regex(required.message, /app/);
  const unknown = await t.throwsAsync(loader.get('missing')) as CodegraphError;
  t.is(unknown.code, 'REPO_NOT_FOUND');
  t.regex(unknown.message, /app, other|app.*other/);
  const byName = await loader.get('app');
  const byPath = await loader.get(app.root);
  t.is(byName.repo.path, app.root);
  t.is(byPath.repo.name, 'app');
  const r = await impact({ target: 'hashPassword' }, byName);
  // validateUser, AuthController.login, Router.handle, and Controller.login that AuthController.login overrides
  t.true('impactedCount' in r && r.impactedCount === 4);
});

test('CLI: context, impact and detect-changes print the tools\' JSON; bad input exits non-zero with the code', async (t) => {
  const { home, app } = await twoRepos(t);
  const ctx = cli(home, 'context', 'validateUser', '--repo', 'app', '--content');
  t.is(ctx.code, 0, ctx.err);
  const c = JSON.parse(ctx.out);
  t.is(c.symbol.uid, 'Function:src/auth/validate.ts:validateUser');
  t.true(c.symbol.content.includes('constantTimeEqual'));
  const amb = JSON.parse(cli(home, 'context', 'login', '--repo', 'app').out);
  t.is(amb.status, 'ambiguous');
  t.is(amb.candidates.length, 2);

  const imp = cli(home, 'impact', 'hashPassword', '--repo', 'app', '--depth', '2', '--relations', 'calls');
  t.is(imp.code, 0, imp.err);
  const i = JSON.parse(imp.out);
  t.is(i.maxDepth, 2);
  t.deepEqual(i.relationTypes, ['CALLS']);
  t.is(i.impactedCount, 2);

  const bad = cli(home, 'impact', 'hashPassword', '--repo', 'app', '--direction', 'sideways');
  t.is(bad.code, 1);
  t.regex(bad.err, /VALIDATION_ERROR: .*direction/);
  t.is(bad.out, '');
  const noRepo = cli(home, 'context', 'validateUser');
  t.is(noRepo.code, 1);
  t.regex(noRepo.err, /REPO_REQUIRED/);
  const missing = cli(home, 'context', 'nothingLikeThis', '--repo', 'app');
  t.is(missing.code, 1);
  t.regex(missing.err, /SYMBOL_NOT_FOUND/);

  const clean = JSON.parse(cli(home, 'detect-changes', '--repo', 'app').out);
  t.is(clean.summary.risk_level, 'none');
  app.write('src/util/hash.ts', app.read('src/util/hash.ts').replace("'base64'", "'hex'"));
  const dc = cli(home, 'detect-changes', '--repo', 'app', '--scope', 'all');
  t.is(dc.code, 0, dc.err);
  t.deepEqual(JSON.parse(dc.out).changed_symbols.map((s: { uid: string }) => s.uid), ['Function:src/util/hash.ts:hashPassword']);
  const diffFile = path.join(home, 'change.diff');
  fs.writeFileSync(diffFile, app.git('diff'));
  const fromFile = JSON.parse(cli(home, 'detect-changes', '--repo', 'app', '--diff-file', diffFile).out);
  t.is(fromFile.summary.changed_count, 1);
  const compare = cli(home, 'detect-changes', '--repo', 'app', '--scope', 'compare');
  t.is(compare.code, 1);
  t.regex(compare.err, /VALIDATION_ERROR: invalid request: --base-ref is required with scope 'compare'/);
  const badRef = cli(home, 'detect-changes', '--repo', 'app', '--base-ref', 'nowhere');
  t.is(badRef.code, 1);
  t.regex(badRef.err, /GIT_ERROR: .*nowhere/);
  const noFile = cli(home, 'detect-changes', '--repo', 'app', '--diff-file', path.join(home, 'absent.diff'));
  t.is(noFile.code, 1);
  t.regex(noFile.err, /INVALID_PATH/);
});
