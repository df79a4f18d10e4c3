/** `codegraph query`, run as a user would: child process, temp CODEGRAPH_HOME, a copy of the fixture app. */
import test from 'ava';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { APP_DIR } from './fixture-graph.ts';
import { REPO_ROOT } from './tiny-model.ts';

function cli(home: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const script = `const { main } = await import(${JSON.stringify(path.join(REPO_ROOT, 'runtime/cli.ts'))}); process.exitCode = await main(${JSON.stringify(args)});`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, CODEGRAPH_HOME: home, CODEGRAPH_EMBEDDER: 'builtin' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('analyze then query prints the tool JSON; bad input exits non-zero with the error code', (t) => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'codegraph-query-cli-'));
  t.teardown(() => rmSync(tmp, { recursive: true, force: true }));
  const root = path.join(tmp, 'app');
  cpSync(APP_DIR, root, { recursive: true });
  const home = path.join(tmp, 'home');
  const a = cli(home, 'analyze', root);
  t.is(a.code, 0, a.err);
  const q = cli(home, 'query', 'retry', 'with', 'backoff', '--limit', '3', '--max-symbols', '4', '--content');
  t.is(q.code, 0, q.err);
  const r = JSON.parse(q.out) as { processes: unknown[]; process_symbols: Array<{ content?: string }>; definitions: Array<{ name: string; content?: string }> };
  t.true(Array.isArray(r.processes) && Array.isArray(r.process_symbols) && Array.isArray(r.definitions));
  t.true(r.processes.length <= 3);
  t.true(r.definitions.length <= 4);
  for (const d of r.definitions) t.is(typeof d.content, 'string');
  // With symbols indexed, the function whose doc comment says "exponential backoff" comes first.
  const all = [...r.process_symbols, ...r.definitions] as Array<{ name: string; relevance: number }>;
  if (all.length > 0) t.is(all.sort((x, y) => y.relevance - x.relevance)[0].name, 'withRetry');
  else t.log('the indexer found no symbols in the fixture (placeholder indexer?)');

  const bad = cli(home, 'query', 'x', '--limit', '0');
  t.is(bad.code, 1);
  t.regex(bad.err, /VALIDATION_ERROR: .*limit/);
  const empty = cli(home, 'query');
  t.is(empty.code, 1);
  t.regex(empty.err, /VALIDATION_ERROR: .*query/);
  const unknown = cli(home, 'query', 'x', '--repo', 'nope');
  t.is(unknown.code, 1);
  t.regex(unknown.err, /REPO_NOT_FOUND/);
});
