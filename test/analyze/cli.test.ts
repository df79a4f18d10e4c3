/**
 * The analyze/list/status/clean/export commands through the CLI's `main`, as a user runs them: output
 * captured from stdout/stderr, exit codes, a temp CODEGRAPH_HOME. Serial, because output capture and the
 * environment are process-wide.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { main } from '../../runtime/cli.ts';
import { SMALL_PROJECT, tempRepo, writeTree } from './_helpers.ts';

async function cli(home: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const saved = { home: process.env.CODEGRAPH_HOME, out: process.stdout.write, err: process.stderr.write };
  let out = '';
  let err = '';
  process.env.CODEGRAPH_HOME = home;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => { out += String(chunk); const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined; cb?.(); return true; }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => { err += String(chunk); return true; }) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    if (saved.home === undefined) delete process.env.CODEGRAPH_HOME; else process.env.CODEGRAPH_HOME = saved.home;
  }
}

test.serial('analyze → list → status → export → clean, end to end', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'proj');
  const a = await cli(home, 'analyze', root);
  t.is(a.code, 0, a.err);
  t.regex(a.out, /^proj: indexed 3 files/);
  t.regex(a.out, /skipped\s+2\s+unsupported-language 2/);
  t.notRegex(a.err, /\x1b\[/); // not a terminal: no progress drawing

  const list = JSON.parse((await cli(home, 'list')).out) as { repos: { name: string; path: string; stats: { files: number } }[] };
  t.deepEqual(list.repos.map((r) => [r.name, r.path, r.stats.files]), [['proj', root, 3]]);
  t.deepEqual(JSON.parse((await cli(home, 'list', '--repo', 'proj')).out), list);
  const unknown = await cli(home, 'list', '--repo', 'nope');
  t.is(unknown.code, 1);
  t.regex(unknown.err, /REPO_NOT_FOUND: .*known: proj/);

  t.regex((await cli(home, 'status', path.join(root, 'src'))).out, /^proj: up to date/);
  fs.writeFileSync(path.join(root, 'src/math.ts'), 'export const changed = 1;\n');
  writeTree(root, { 'src/added.ts': 'export const x = 1;\n', 'src/ignored.min.js': 'x' });
  fs.rmSync(path.join(root, 'src/util/strings.ts'));
  const st = JSON.parse((await cli(home, 'status', root, '--json')).out);
  t.like(st, { name: 'proj', upToDate: false, changed: ['src/math.ts'], added: ['src/added.ts'], deleted: ['src/util/strings.ts'] });
  t.regex((await cli(home, 'status', root)).out, /out of date[\s\S]*changed \(1\):\n {4}src\/math\.ts/);

  const e1 = await cli(home, 'export', root, '--format', 'jsonl');
  t.is(e1.code, 0, e1.err);
  const lines = e1.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { element: string; uid?: string });
  t.true(lines.length >= 3);
  const firstEdge = lines.findIndex((l) => l.element === 'edge');
  t.true(lines.every((l, i) => (firstEdge === -1 || i < firstEdge ? l.element === 'node' : l.element === 'edge')));
  const uids = lines.filter((l) => l.element === 'node').map((l) => l.uid!);
  t.deepEqual(uids, [...uids].sort());
  t.true(uids.includes('File:src/math.ts'));
  t.is((await cli(home, 'export', root)).out, e1.out); // deterministic, jsonl by default

  const c = await cli(home, 'clean', root);
  t.is(c.code, 0, c.err);
  t.regex(c.out, /index removed, registry entry removed/);
  t.false(fs.existsSync(path.join(root, '.codegraph')));
  t.deepEqual(JSON.parse((await cli(home, 'list')).out), { repos: [] });
  const gone = await cli(home, 'status', root);
  t.is(gone.code, 1);
  t.regex(gone.err, /INDEX_MISSING: no codegraph index/);
});

test.serial('bad input is a clear message and a non-zero exit, never a stack trace', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT);
  const cases: [string[], RegExp][] = [
    [['analyze', path.join(root, 'nope')], /INVALID_PATH: path does not exist/],
    [['analyze', path.join(root, 'src/math.ts')], /INVALID_PATH: not a directory/],
    [['analyze', root, '--bogus'], /VALIDATION_ERROR: .*bogus/],
    [['analyze', root, root], /VALIDATION_ERROR: analyze takes one path/],
    [['analyze', root, '--name', 'a/b'], /VALIDATION_ERROR: invalid repository name/],
    [['export', root, '--format', 'csv'], /VALIDATION_ERROR: unsupported --format 'csv'/],
    [['export', root], /INDEX_MISSING/],
    [['clean', root], /INDEX_MISSING/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(home, ...args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.err, message, args.join(' '));
    t.notRegex(r.err, /\n\s+at /, args.join(' '));
  }
  t.false(fs.existsSync(path.join(root, '.codegraph')));
  t.false(fs.existsSync(home));
});

test.serial('clean of a registered repository whose folder is gone removes the entry', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'vanishing');
  t.is((await cli(home, 'analyze', root)).code, 0);
  fs.rmSync(root, { recursive: true });
  const r = await cli(home, 'clean', root);
  t.is(r.code, 0, r.err);
  t.regex(r.out, /vanishing: no index folder, registry entry removed/);
  t.deepEqual(JSON.parse((await cli(home, 'list')).out), { repos: [] });
});

test.serial('clean --repo takes the registered name; an unknown name or a name with a path is refused and nothing is removed', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'named');
  t.is((await cli(home, 'analyze', root, '--name', 'shop')).code, 0);
  const unknown = await cli(home, 'clean', '--repo', 'shopp');
  t.is(unknown.code, 1);
  t.regex(unknown.err, /REPO_NOT_FOUND: no indexed repository 'shopp'; known: shop/);
  const both = await cli(home, 'clean', root, '--repo', 'shop');
  t.is(both.code, 1);
  t.regex(both.err, /VALIDATION_ERROR: clean takes a path or --repo, not both/);
  t.true(fs.existsSync(path.join(root, '.codegraph')));
  t.is(JSON.parse((await cli(home, 'list')).out).repos.length, 1);
  const r = await cli(home, 'clean', '--repo', 'shop');
  t.is(r.code, 0, r.err);
  t.regex(r.out, /shop: index removed, registry entry removed/);
  t.false(fs.existsSync(path.join(root, '.codegraph')));
  t.deepEqual(JSON.parse((await cli(home, 'list')).out), { repos: [] });
});

test.serial('commands loaded on their own are the very commands of the full list; help and unknown names use the list', async (t) => {
  const { directCommands } = await import('../../runtime/cli.ts');
  const { commands } = await import('../../runtime/commands/index.ts');
  t.true(Object.keys(directCommands).includes('analyze'));
  for (const [name, load] of Object.entries(directCommands)) {
    const cmd = await load();
    t.is(cmd.name, name);
    t.is(commands.find((c) => c.name === name), cmd, name);
  }
  const home = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'codegraph-help-'));
  const h = await cli(home, '--help');
  t.is(h.code, 0);
  for (const c of commands) t.regex(h.out, new RegExp(`^  ${c.name}\\s+${c.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  const u = await cli(home, 'analyse');
  t.is(u.code, 2);
  t.regex(u.err, /unknown command 'analyse'[\s\S]*commands:/);
  const usage = await cli(home, 'analyze', '--help');
  t.is(usage.code, 0);
  t.regex(usage.out, /^usage: codegraph analyze \[path\]/);
  fs.rmSync(home, { recursive: true, force: true });
});
