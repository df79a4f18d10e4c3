/**
 * The CLI as a person and as a script meet it: readable summaries on a terminal (a real pseudo-terminal through
 * util-linux `script`), colour only where supported and never with NO_COLOR, the tools' JSON when piped or with
 * --json, messages in CLI flags, and the default repository taken from the working folder.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { fixtureFiles } from '../tools/fixture.ts';
import { tempRepo, type TempRepo } from '../tools/git-repo.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin', 'codegraph.mjs');
const hasScript = spawnSync('script', ['--version']).status === 0;

let base = '';
let home = '';
let app: TempRepo;
let other: TempRepo;

test.before(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-cli-out-')));
  home = path.join(base, 'home');
  // The built CLI, as a user runs it (npm test builds first; run `node build.mjs` before this file alone).
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli.mjs'))) spawnSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { cwd: repoRoot, stdio: 'ignore' });
  app = tempRepo(fixtureFiles(), 'cg-cli-app-');
  other = tempRepo({ 'lib/only.ts': 'export function onlyHere(): number {\n  return 1;\n}\n' }, 'cg-cli-other-');
  await analyzeRepository(app.root, { home, name: 'app', embedder: 'lexical' });
  await analyzeRepository(other.root, { home, name: 'other', embedder: 'lexical' });
});

test.after.always(() => {
  app?.cleanup();
  other?.cleanup();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

interface Out { code: number | null; out: string; err: string }

/** `codegraph <args>` with stdout and stderr piped, in folder `cwd`. */
function piped(cwd: string, args: string[], env: Record<string, string> = {}): Out {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `codegraph <args>` on a pseudo-terminal 100 columns wide (stdout and stderr both go to it). */
function onTerminal(cwd: string, args: string[], env: Record<string, string> = {}): Out {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = `stty cols 100 2>/dev/null; ${[process.execPath, bin, ...args].map(quote).join(' ')}`;
  const r = spawnSync('script', ['-q', '-e', '-c', cmd, '/dev/null'], {
    cwd, encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home, TERM: 'xterm-256color', NO_COLOR: '', FORCE_COLOR: '', ...env },
  });
  return { code: r.status, out: r.stdout.replace(/\r\n/g, '\n'), err: r.stderr };
}

const ESC = '\x1b[';

test('piped: the tools print their JSON as before (scripts keep working); --text gives the summary anyway', (t) => {
  const r = piped(app.root, ['context', 'validateUser']);
  t.is(r.code, 0, r.err);
  t.is(JSON.parse(r.out).symbol.uid, 'Function:src/auth/validate.ts:validateUser');
  const text = piped(app.root, ['context', 'validateUser', '--text']);
  t.is(text.code, 0, text.err);
  t.regex(text.out, /^Function validateUser {2}src\/auth\/validate\.ts:\d+-\d+\n/);
  t.false(text.out.includes(ESC), 'no colour into a pipe');
  const both = piped(app.root, ['context', 'validateUser', '--text', '--json']);
  t.is(both.code, 1);
  t.regex(both.err, /--json and --text exclude each other/);
  for (const args of [['list'], ['impact', 'hashPassword'], ['query', 'password hash'], ['detect-changes'], ['cypher', 'MATCH (f:Function) RETURN f.name LIMIT 2'], ['rename', 'hashPassword', 'digest']]) {
    const res = piped(app.root, args);
    t.is(res.code, 0, `${args.join(' ')}: ${res.err}`);
    t.notThrows(() => JSON.parse(res.out), args.join(' '));
  }
});

test('on a terminal: readable summaries with colour; NO_COLOR turns colour off; --json still prints JSON', (t) => {
  if (!hasScript) { t.pass('util-linux script is not installed'); return; }
  const ctx = onTerminal(app.root, ['context', 'hashPassword']);
  t.is(ctx.code, 0, ctx.out);
  t.true(ctx.out.includes(ESC), 'colour on a colour terminal');
  const plain = onTerminal(app.root, ['context', 'hashPassword'], { NO_COLOR: '1' });
  t.false(plain.out.includes(ESC), plain.out);
  t.regex(plain.out, /^Function hashPassword {2}src\/util\/hash\.ts:\d+-\d+\n/);
  t.regex(plain.out, /\ncalled by \(\d+\)\n {2}\S+ +Function +src\/\S+:\d+/);
  for (const line of plain.out.split('\n')) t.true(line.length <= 100, `fits 100 columns: ${line}`);

  const imp = onTerminal(app.root, ['impact', 'hashPassword'], { NO_COLOR: '1' });
  t.is(imp.code, 0, imp.out);
  t.regex(imp.out, /^impact of Function hashPassword {2}src\/util\/hash\.ts:\d+ {2}\(upstream: what depends on it, depth ≤ 3\)\nrisk (LOW|MEDIUM|HIGH|CRITICAL) — /);
  t.regex(imp.out, /\ndepth 1 — will break \(\d+\)\n/);

  const list = onTerminal(app.root, ['list'], { NO_COLOR: '1' });
  t.regex(list.out, /name +files +symbols +edges +flows +indexed +path\n\* +app +9 /);
  t.regex(list.out, /\n +other +1 /);

  const json = onTerminal(app.root, ['context', 'hashPassword', '--json'], { NO_COLOR: '1' });
  t.is(JSON.parse(json.out).symbol.name, 'hashPassword');

  const amb = onTerminal(app.root, ['context', 'login'], { NO_COLOR: '1' });
  t.is(amb.code, 0);
  t.regex(amb.out, /^2 symbols match 'login'; pick one for context with --uid, or narrow with --file \/ --kind:\n/);
  t.regex(amb.out, /\n {4}--uid 'Method:src\/auth\/controller\.ts:AuthController\.login'\n/);

  const q = onTerminal(app.root, ['query', 'hash', 'password'], { NO_COLOR: '1' });
  t.is(q.code, 0, q.out);
  t.regex(q.out, /execution flow|definitions|nothing matched/);
  t.false(q.out.trimStart().startsWith('{'));
});

test('the default repository is the one containing the working folder; elsewhere the error lists names and --repo', (t) => {
  const inApp = piped(path.join(app.root, 'src', 'auth'), ['context', 'validateUser']);
  t.is(inApp.code, 0, inApp.err);
  t.is(JSON.parse(inApp.out).symbol.name, 'validateUser');
  const inOther = piped(path.join(other.root, 'lib'), ['context', 'onlyHere']);
  t.is(inOther.code, 0, inOther.err);
  t.is(JSON.parse(inOther.out).symbol.filePath, 'lib/only.ts');
  // In `other`, validateUser does not exist: the answer comes from the right repository.
  const wrong = piped(other.root, ['context', 'validateUser']);
  t.is(wrong.code, 1);
  t.regex(wrong.err, /SYMBOL_NOT_FOUND/);
  const elsewhere = piped(base, ['context', 'validateUser']);
  t.is(elsewhere.code, 1);
  t.regex(elsewhere.err, /REPO_REQUIRED: 2 repositories are indexed and the folder \S+ is in none of them; pick one with --repo NAME: app, other/);
  const named = piped(base, ['context', 'validateUser', '--repo', 'app']);
  t.is(named.code, 0, named.err);
  // list marks the current one.
  const list = piped(path.join(other.root, 'lib'), ['list', '--text']);
  t.regex(list.out, /\n\* +other /);
});

test('bad input: messages name the CLI flags, not the request fields', (t) => {
  const depth = piped(app.root, ['impact', 'hashPassword', '--depth', '50', '--direction', 'sideways']);
  t.is(depth.code, 1);
  t.regex(depth.err, /VALIDATION_ERROR: invalid request: --direction must be one of \[upstream, downstream\]; --depth must be less than or equal to 10/);
  t.false(depth.err.includes('maxDepth'));
  const empty = piped(app.root, ['context', 'x', '--file', '']);
  t.regex(empty.err, /--file is not allowed to be empty/);
  const renameAmbiguous = piped(app.root, ['rename', 'login', 'signIn']);
  t.is(renameAmbiguous.code, 1);
  t.regex(renameAmbiguous.err, /VALIDATION_ERROR: <symbol> 'login' is ambiguous: .*; pass --uid, or --file\/--kind/);
  t.false(/file_path|\buid\b \(/.test(renameAmbiguous.err), renameAmbiguous.err);
});
