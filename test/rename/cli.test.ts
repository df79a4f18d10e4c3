/** `codegraph rename` in-process over a temporary registry: preview by default, --apply, clear errors. */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { main } from '../../runtime/cli.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'rename', 'shop');
let base = '';
let root = '';

test.before(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-rename-cli-')));
  root = path.join(base, 'shop');
  fs.cpSync(FIXTURE, root, { recursive: true });
  process.env.CODEGRAPH_HOME = path.join(base, 'home');
  await analyzeRepository(root, { embedder: 'lexical' });
});
test.after.always(() => { if (base) fs.rmSync(base, { recursive: true, force: true }); });

/** Runs the CLI with stdout/stderr captured. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const o = process.stdout.write.bind(process.stdout), e = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string) => { out += s; return true; }) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => { err += s; return true; }) as typeof process.stderr.write;
  try { return { code: await main(argv), out, err }; } finally { process.stdout.write = o; process.stderr.write = e; }
}

const money = () => fs.readFileSync(path.join(root, 'src/money.ts'), 'utf8');

test.serial('preview by default prints the response JSON and writes nothing', async (t) => {
  const before = money();
  const r = await run('rename', 'formatPrice', 'formatCents', '--file', 'money.ts');
  t.is(r.code, 0, r.err);
  const res = JSON.parse(r.out);
  t.false(res.applied);
  t.is(res.summary.graphEdits, 12);
  t.is(money(), before);
});

test.serial('--apply writes the graph edits; --uid names the symbol', async (t) => {
  const r = await run('rename', '--uid', 'Function:src/money.ts:toPrice', 'asPrice', '--apply');
  t.is(r.code, 0, r.err);
  const res = JSON.parse(r.out);
  t.true(res.applied);
  t.is(res.applied_edits, res.summary.editsToApply);
  t.regex(money(), /export function asPrice\(/);
  t.regex(fs.readFileSync(path.join(root, 'src/cart.ts'), 'utf8'), /import \{ formatPrice, asPrice, type Price \} from/);
});

test.serial('bad arguments and refusals exit non-zero with the code and message on stderr', async (t) => {
  const before = money();
  for (const [argv, pattern] of [
    [['rename', 'formatPrice'], /VALIDATION_ERROR: rename takes <symbol> <new_name> \(got 1 argument\)/],
    [['rename', '--uid', 'Function:src/money.ts:formatPrice', 'a', 'b'], /VALIDATION_ERROR: with --uid, rename takes only <new_name>/],
    [['rename', 'formatPrice', 'x', '--bogus'], /VALIDATION_ERROR: .*bogus/],
    [['rename', 'formatPrice', 'class', '--file', 'money.ts', '--apply'], /VALIDATION_ERROR: 'class' is a reserved word/],
    [['rename', 'formatPrice', 'x'], /VALIDATION_ERROR: <symbol> 'formatPrice' is ambiguous: .*; pass --uid, or --file\/--kind/],
    [['rename', 'nothingLikeThis', 'x'], /SYMBOL_NOT_FOUND/],
    [['rename', 'formatPrice', 'x', '--repo', 'nope'], /REPO_NOT_FOUND/],
  ] as const) {
    const r = await run(...argv);
    t.is(r.code, 1, argv.join(' '));
    t.regex(r.err, pattern, argv.join(' '));
    t.is(r.out, '');
  }
  t.is(money(), before);
});
