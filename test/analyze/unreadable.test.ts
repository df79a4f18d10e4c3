/**
 * Unreadable files and folders (EACCES). Permissions do not bind root, so when the tests run as root the
 * analyze runs in a child process as the unprivileged user `nobody`.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tempDir, writeTree } from './_helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NOBODY = 65534;

function analyzeAs(root: string, home: string): { status: number | null; out: string; err: string } {
  const script = `
    const { analyzeRepository } = await import(${JSON.stringify(path.join(repoRoot, 'lib/analyze/index.ts'))});
    const logs = [];
    const r = await analyzeRepository(${JSON.stringify(root)}, { home: ${JSON.stringify(home)}, log: (m) => logs.push(m) });
    process.stdout.write(JSON.stringify({ summary: r.summary, logs }));`;
  const asRoot = process.getuid?.() === 0;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot, encoding: 'utf8', ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    env: { ...process.env, HOME: home, TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json') },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/**
 * Running as root, the child must run as `nobody`, which needs to reach the project's files (tsx, the sources).
 * A clone inside a folder only root may enter (e.g. `mktemp -d`, mode 700) cannot be simulated: skip, saying why.
 */
function nobodyReachesProject(): boolean {
  if (process.getuid?.() !== 0) return true;
  const r = spawnSync(process.execPath, ['-e', `require.resolve('tsx'); require('fs').accessSync(${JSON.stringify(path.join(repoRoot, 'lib/analyze/index.ts'))})`], {
    cwd: repoRoot, uid: NOBODY, gid: NOBODY, stdio: 'ignore',
  });
  return r.status === 0;
}
const unreadableTest = nobodyReachesProject() ? test : test.skip;
if (unreadableTest === test.skip) process.stderr.write(`unreadable.test: skipped: user nobody cannot enter ${repoRoot} (permissions of a parent folder)\n`);

unreadableTest('unreadable files and folders are counted skips with a message; the rest is indexed', (t) => {
  const base = tempDir();
  fs.chmodSync(base, 0o777);
  const root = path.join(base, 'repo');
  const home = path.join(base, 'home');
  writeTree(root, {
    'src/ok.ts': 'export const ok = 1;\n',
    'src/secret.ts': 'export const secret = 1;\n',
    'private/hidden.ts': 'export const hidden = 1;\n',
  });
  fs.mkdirSync(home);
  for (const d of [root, path.join(root, 'src'), home]) fs.chmodSync(d, 0o777);
  fs.chmodSync(path.join(root, 'src/ok.ts'), 0o644);
  fs.chmodSync(path.join(root, 'src/secret.ts'), 0o000);
  fs.chmodSync(path.join(root, 'private'), 0o000);
  const r = analyzeAs(root, home);
  t.is(r.status, 0, r.err);
  const { summary, logs } = JSON.parse(r.out) as { summary: { files: { indexed: number }; skips: Record<string, number> }; logs: string[] };
  t.is(summary.files.indexed, 1);
  t.is(summary.skips.unreadable, 2);
  t.true(logs.some((l) => l.includes('src/secret.ts') && l.includes('EACCES')), logs.join('\n'));
  fs.chmodSync(path.join(root, 'private'), 0o755);
});
