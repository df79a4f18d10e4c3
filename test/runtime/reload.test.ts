/**
 * The eval server over the real loader: snapshots stay in memory between requests, and a re-index on disk
 * is picked up without a pause — every request during the reload is answered, first from the old
 * snapshot, then from the new one.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { writeShopRepo, tempDir, logSink } from './fixtures.ts';

test('re-analyzing a served repository swaps the snapshot with no failed request', async (t) => {
  const base = tempDir(t, 'cg-reload-');
  const repo = writeShopRepo(path.join(base, 'shop'));
  const home = path.join(base, 'home');
  await analyzeRepository(repo, { home, embedder: 'lexical' });

  const loader = new SnapshotLoader({ home, watch: true });
  const sink = logSink();
  const server = createEvalServer({ source: loader, port: 0, quiet: true, log: sink.log });
  const url = await server.start();
  t.teardown(() => server.stop());

  const ask = async (name: string) => {
    const res = await fetch(`${url}/context`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    return { status: res.status, body: await res.json() as { status?: string; error?: { code: string } } };
  };
  const first = await ask('addItem');
  t.is(first.status, 200);
  const snapshotBefore = await loader.get('shop');
  t.is(await loader.get('shop'), snapshotBefore, 'the same in-memory snapshot serves every request');
  t.is((await ask('removeItem')).status, 404, 'not there yet');

  fs.appendFileSync(path.join(repo, 'src', 'cart.ts'), '\nexport function removeItem(cart: Cart): void {\n  cart.items.pop();\n}\n');
  const statuses: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      statuses.push((await ask('addItem')).status);
    }
  })();
  await analyzeRepository(repo, { home, embedder: 'lexical' });

  const end = Date.now() + 20000;
  let after = await ask('removeItem');
  while (after.status !== 200 && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    after = await ask('removeItem');
  }
  polling = false;
  await poller;
  t.is(after.status, 200, 'the new symbol is served after the re-index');
  t.is(after.body.status, 'found');
  t.true(statuses.length > 0);
  t.deepEqual([...new Set(statuses)], [200], `every request during the reload answered: ${statuses.length} requests`);
  t.not(await loader.get('shop'), snapshotBefore, 'a new snapshot object replaced the old one');
});

test('rename with dry_run false over HTTP writes through the host, re-indexes, and the next call sees it; a stale file is 409', async (t) => {
  const base = tempDir(t, 'cg-apply-');
  const repo = writeShopRepo(path.join(base, 'shop'));
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

  // Stale: the file changed on disk after indexing → refused, nothing written.
  const cartFile = path.join(repo, 'src', 'cart.ts');
  const edited = fs.readFileSync(cartFile, 'utf8') + '\n// edited after indexing\n';
  fs.writeFileSync(cartFile, edited);
  const checkoutBefore = fs.readFileSync(path.join(repo, 'src', 'checkout.ts'), 'utf8');
  const stale = await post('/rename', { symbol_name: 'addItem', new_name: 'addProduct', dry_run: false });
  t.is(stale.status, 409);
  t.is(stale.body.error.code, 'STALE_INDEX');
  t.is(fs.readFileSync(cartFile, 'utf8'), edited);
  t.is(fs.readFileSync(path.join(repo, 'src', 'checkout.ts'), 'utf8'), checkoutBefore);

  // Re-index, then apply.
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  await loader.reload('shop');
  const preview = await post('/rename', { symbol_name: 'addItem', new_name: 'addProduct' });
  t.is(preview.status, 200);
  t.false(preview.body.applied);
  t.true(fs.readFileSync(cartFile, 'utf8').includes('function addItem('), 'a preview writes nothing');
  const applied = await post('/rename', { symbol_name: 'addItem', new_name: 'addProduct', dry_run: false });
  t.is(applied.status, 200, JSON.stringify(applied.body));
  t.true(applied.body.applied);
  t.true(fs.readFileSync(cartFile, 'utf8').includes('function addProduct('));
  t.true(fs.readFileSync(path.join(repo, 'src', 'checkout.ts'), 'utf8').includes('addProduct(cart, p)'));
  const found = await post('/context', { name: 'addProduct' });
  t.is(found.status, 200);
  t.is(found.body.status, 'found');
  const gone = await post('/context', { name: 'addItem' });
  t.is(gone.status, 404);
  t.is(gone.body.error.code, 'SYMBOL_NOT_FOUND');
});
