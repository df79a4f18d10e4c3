/**
 * Issue 27 items 4 and 5: a rename apply on a served repository. The re-index after the write runs in a worker
 * thread (other calls are answered meanwhile), and when it cannot run the answer is what happened: applied,
 * with a warning that the index needs `analyze` — never 500 after the files were written.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { indexStatus } from '../../lib/analyze/status.ts';
import { analyzeInWorker } from '../../lib/analyze/in-worker.ts';
import { tempDir, writeShopRepo } from './fixtures.ts';

async function served(t: Parameters<typeof tempDir>[0], extraFiles = 0) {
  const base = tempDir(t, 'cg-apply-');
  const repo = writeShopRepo(path.join(base, 'shop'));
  for (let i = 0; i < extraFiles; i++) {
    fs.writeFileSync(path.join(repo, 'src', `m${i}.ts`), `import { addItem, Cart } from './cart';\n${Array.from({ length: 20 }, (_, k) => `export function f${i}_${k}(c: Cart): void { addItem(c, ${k}); f${i}_${(k + 1) % 20}; }`).join('\n')}\n`);
  }
  const home = path.join(base, 'home');
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  const loader = new SnapshotLoader({ home, watch: true, writer: repositoryWriter() });
  const server = createEvalServer({ source: loader, port: 0, quiet: true, log: () => {} });
  const url = await server.start();
  t.teardown(() => server.stop());
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() as Record<string, any> };
  };
  return { repo, home, post };
}

test('an apply whose re-index cannot run (another analyze holds the lock) is applied, with a warning to run analyze', async (t) => {
  const { repo, home, post } = await served(t);
  // Another live process holds the analyze lock.
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  t.teardown(() => { holder.kill(); });
  const lock = path.join(repo, '.codegraph', 'analyze.lock');
  fs.writeFileSync(lock, String(holder.pid));
  const applied = await post('/rename', { symbol_name: 'addItem', new_name: 'addProduct', dry_run: false });
  t.is(applied.status, 200, JSON.stringify(applied.body));
  t.true(applied.body.applied);
  t.true(applied.body.applied_edits > 0);
  const warning = (applied.body.warnings as string[]).find((w) => /index could not be refreshed/.test(w));
  t.truthy(warning, JSON.stringify(applied.body.warnings));
  t.regex(warning!, /another codegraph analyze is running/);
  t.regex(warning!, /codegraph analyze /);
  t.true(fs.readFileSync(path.join(repo, 'src', 'cart.ts'), 'utf8').includes('function addProduct('));
  // The index is stale, and says so; once the other analyze is gone, analyze brings it up to date.
  t.false(indexStatus(repo).upToDate);
  holder.kill();
  await new Promise((r) => holder.once('exit', r));
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  t.true(indexStatus(repo).upToDate);
  t.is((await post('/context', { name: 'addProduct' })).body.status, 'found');
});

test('while an apply re-indexes, other calls are answered (the re-index runs in a worker thread)', async (t) => {
  const { repo, post } = await served(t, 150);
  let applying = true;
  const apply = post('/rename', { symbol_name: 'addItem', new_name: 'addProduct', dry_run: false }).finally(() => { applying = false; });
  const times: number[] = [];
  while (applying) {
    const started = performance.now();
    const res = await post('/context', { name: 'checkout' });
    if (!applying) break;
    times.push(performance.now() - started);
    t.is(res.status, 200);
    await new Promise((r) => setTimeout(r, 20));
  }
  const applied = await apply;
  t.is(applied.status, 200, JSON.stringify(applied.body));
  t.deepEqual(applied.body.warnings.filter((w: string) => /index/.test(w)), []);
  t.true(fs.readFileSync(path.join(repo, 'src', 'm0.ts'), 'utf8').includes('addProduct(c, 0)'));
  times.sort((a, b) => a - b);
  t.true(times.length >= 3, `${times.length} calls answered during the apply`);
  t.true(times[Math.floor(times.length / 2)] < 250, `context during the apply: ${times.map((x) => x.toFixed(0)).join(', ')} ms`);
  t.is((await post('/context', { name: 'addProduct' })).body.status, 'found');
});

test('analyzeInWorker runs the analyze in a worker thread and reports its failures as analyze would', async (t) => {
  const base = tempDir(t, 'cg-inworker-');
  const repo = writeShopRepo(path.join(base, 'shop'));
  const home = path.join(base, 'home');
  const logs: string[] = [];
  t.deepEqual(await analyzeInWorker(repo, { home, log: (l) => logs.push(l) }), { thread: 'worker' });
  t.true(indexStatus(repo).upToDate);
  const err = await t.throwsAsync(analyzeInWorker(path.join(base, 'missing'), { home }));
  t.is((err as { code?: string }).code, 'INVALID_PATH');
});
