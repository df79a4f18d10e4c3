/**
 * codegraph as an installable package: `npm pack` ships the bundles, the bin, the native sources and a
 * shrinkwrap (and no sources or tests), and the packed contents installed globally into a temporary prefix give
 * a working `codegraph` on the PATH: analyze, a tool, and setup naming the portable `codegraph mcp`. Offline: the
 * install takes the dependencies this checkout already has (no registry is asked).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let base = '';
let files: string[] = [];
let packageDir = '';

test.before(() => {
  if (!fs.existsSync(path.join(root, 'dist', 'cli.mjs'))) execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: 'ignore' });
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-pack-')));
  // What `npm pack` runs around packing (prepare only rebuilds dist/, which the suite has just built).
  execFileSync(npm, ['run', '--silent', 'prepack'], { cwd: root, stdio: 'ignore' });
  let out: string;
  try {
    out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', base], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } finally {
    execFileSync(npm, ['run', '--silent', 'postpack'], { cwd: root, stdio: 'ignore' });
  }
  const info = JSON.parse(out)[0] as { filename: string; files: Array<{ path: string }> };
  files = info.files.map((f) => f.path).sort();
  fs.mkdirSync(path.join(base, 'unpacked'));
  execFileSync('tar', ['xzf', path.join(base, info.filename), '-C', path.join(base, 'unpacked')]);
  packageDir = path.join(base, 'unpacked', 'package');
});

test.after.always(() => { if (base) fs.rmSync(base, { recursive: true, force: true }); });

test('npm pack ships the bin, the bundles, the native sources, docs and a shrinkwrap; no sources, tests or source maps', (t) => {
  for (const f of ['bin/codegraph.mjs', 'bin/postinstall.mjs', 'dist/cli.mjs', 'dist/handlers.mjs',
    'dist/extract-worker.mjs', 'dist/code-search-nbow.bin', 'native/build.mjs', 'native/tree_flat.c', 'npm-shrinkwrap.json', 'package.json', 'README.md', 'docs/tools.md']) {
    t.true(files.includes(f), f);
  }
  t.true(files.some((f) => /^dist\/cli-.+\.mjs$/.test(f)), 'the CLI\'s chunks');
  if (fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    t.true(files.includes('dist/web/index.html'), 'the web UI');
    t.true(files.some((f) => /^dist\/web\/.+\.js$/.test(f)), 'the web UI\'s script');
  }
  for (const f of files) {
    t.false(/^(test|lib|runtime|handlers|index-store|bench|node_modules|\.dev)\//.test(f), f);
    t.false(f.endsWith('.map'), f);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  t.is(pkg.private, undefined);
  t.deepEqual(pkg.bin, { codegraph: 'bin/codegraph.mjs' });
  t.false(fs.existsSync(path.join(root, 'npm-shrinkwrap.json')), 'postpack removed the shrinkwrap from the checkout');
});

test('installed globally into a temporary prefix: codegraph on the PATH analyzes, answers and sets up `codegraph mcp`', (t) => {
  // The dependencies this checkout already installed stand in for the registry.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(packageDir, 'node_modules'));
  const prefix = path.join(base, 'prefix');
  const install = spawnSync(npm, ['install', '-g', '--offline', '--ignore-scripts', '--install-links=false', '--no-audit', '--no-fund', '--prefix', prefix, packageDir], { encoding: 'utf8' });
  t.is(install.status, 0, install.stderr);
  const binDir = process.platform === 'win32' ? prefix : path.join(prefix, 'bin');
  t.true(fs.existsSync(path.join(binDir, 'codegraph')));
  const home = path.join(base, 'home');
  const repo = path.join(base, 'repo');
  fs.cpSync(path.join(root, 'test', 'fixtures', 'tools', 'app'), repo, { recursive: true });
  fs.mkdirSync(path.join(home, '.cursor'), { recursive: true });
  const env = { ...process.env, PATH: `${binDir}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}/usr/bin:/bin`, HOME: home, CODEGRAPH_HOME: path.join(base, 'cg'), NO_COLOR: '1' };
  const run = (...args: string[]) => spawnSync('codegraph', args, { cwd: repo, encoding: 'utf8', env });

  t.regex(run('--version').stdout, /^codegraph \d+\.\d+\.\d+\n$/);
  const analyzed = run('analyze');
  t.is(analyzed.status, 0, analyzed.stderr);
  const ctx = run('context', 'validateUser', '--json');
  t.is(ctx.status, 0, ctx.stderr);
  t.is(JSON.parse(ctx.stdout).symbol.uid, 'Function:src/auth/validate.ts:validateUser');
  const setup = run('setup', '--dry-run');
  t.is(setup.status, 0, setup.stderr);
  t.regex(setup.stdout, /\+ {6}"command": "codegraph",\n\+ {6}"args": \[\n\+ {8}"mcp"/);
  t.false(setup.stdout.includes('not on your PATH'));
  // The install hook never fails an install (here told to skip the native build).
  const hook = spawnSync(process.execPath, [path.join(packageDir, 'bin', 'postinstall.mjs')], { encoding: 'utf8', env: { ...env, CODEGRAPH_NATIVE: '0' } });
  t.is(hook.status, 0);
  t.regex(hook.stderr, /native parser skipped/);
});
