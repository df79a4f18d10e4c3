/**
 * The size limits on a large synthetic repository (25,000 functions, written and analyzed here): the page opens
 * on its module overview, no answer the page receives holds more than 2,000 nodes, and the page says when it
 * shows a slice. (How fast it opens is measured by bench/web-ui.ts, not asserted here.)
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { SLICE_LIMIT } from '../../lib/graph/slice.ts';
import { browserMissing, graphReady, hash, launch, newPage, postJson, serve, tempDir, type Served } from './harness.ts';
import { LARGE, writeSyntheticRepo } from './synthetic-repo.ts';

const missing = browserMissing();
const run = missing ? test.skip : test.serial;
if (missing) test(`browser tests skipped: ${missing}`, (t) => { t.pass(); });

let base = '';
let loader: SnapshotLoader;
let served: Served;
let browser: Awaited<ReturnType<typeof launch>>;
let functions = 0;

test.before(async () => {
  if (missing) return;
  base = tempDir('cg-web-large-');
  const repo = path.join(base, 'synthetic');
  functions = writeSyntheticRepo(repo, LARGE);
  await analyzeRepository(repo, { home: path.join(base, 'home'), embedder: 'lexical' });
  loader = new SnapshotLoader({ home: path.join(base, 'home') });
  served = await serve(loader);
  browser = await launch();
});

test.after.always(async () => {
  await browser?.close();
  await served?.server.stop();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

/** Every graph answer the page receives, by route, with its node count. */
function watchSlices(page: import('playwright-core').Page): Array<{ route: string; nodes: number; truncated: boolean }> {
  const seen: Array<{ route: string; nodes: number; truncated: boolean }> = [];
  page.on('response', (r: Response) => {
    const route = new URL(r.url()).pathname;
    if (!route.startsWith('/graph/') && route !== '/tools/cypher') return;
    void r.json().then((body) => {
      const nodes = Array.isArray(body.nodes) ? body.nodes.length : Array.isArray(body.rows) ? body.rows.length : Array.isArray(body.processes) ? body.processes.length : 0;
      seen.push({ route, nodes, truncated: body.truncated === true });
    }).catch(() => undefined);
  });
  return seen;
}

run('a 25,000-function repository opens on its module overview; the whole-repository view is a marked slice of 2,000', async (t) => {
  t.is(functions, 25_001);
  const { page, errors } = await newPage(browser.context);
  const seen = watchSlices(page);
  await page.goto(`${served.url}/${hash('synthetic', 'overview')}`);
  const overview = await graphReady(page, '#overview-graph');
  t.true(Number(overview.nodes) >= 10, `modules drawn: ${overview.nodes}`);
  t.true(Number(overview.nodes) <= SLICE_LIMIT);
  // The largest module, then the whole repository: bounded, and the page says so.
  const all = await postJson(served, '/graph/module', { repo: 'synthetic' }) as { nodes: unknown[]; total: { nodes: number }; truncated: boolean };
  t.is(all.nodes.length, SLICE_LIMIT);
  t.true(all.truncated);
  t.true(all.total.nodes >= 25_000);
  await page.locator('#module-list .module-link').first().click();
  const module = await graphReady(page, '#module-graph');
  t.true(Number(module.nodes) <= SLICE_LIMIT);
  t.true(Number(module.nodes) > 0);
  // A hub's neighbourhood at the deepest setting stays bounded too.
  await page.goto(`${served.url}/${hash('synthetic', 'focus', 'Function:src/shared/log.ts:trace')}`);
  await page.waitForSelector('#focus-depth');
  await graphReady(page, '#focus-graph');
  await page.selectOption('#focus-depth', '5');
  await page.waitForFunction(() => Number((document.querySelector('#focus-graph') as HTMLElement | null)?.dataset.nodes) > 50, undefined, { timeout: 60000 });
  await graphReady(page, '#focus-graph');
  await page.waitForTimeout(500);
  t.true(seen.length >= 4, JSON.stringify(seen));
  for (const s of seen) t.true(s.nodes <= SLICE_LIMIT, `${s.route}: ${s.nodes}`);
  t.deepEqual(errors, []);
  await page.close();
});

run('when the page shows a slice it says so', async (t) => {
  const { page, errors } = await newPage(browser.context);
  // The hub has a caller in each of the 1,000 files: one hop is already more than a neighbourhood's 500.
  await page.goto(`${served.url}/${hash('synthetic', 'focus', 'Function:src/shared/log.ts:trace')}`);
  await page.waitForSelector('#focus-depth');
  // The default depth (2) is a slice too: wait for its notice, then for the one the new depth brings.
  await page.waitForSelector('#slice-notice:not([hidden])', { timeout: 60000 });
  const before = await page.textContent('#slice-notice');
  await page.selectOption('#focus-depth', '1');
  await page.waitForFunction((old) => {
    const el = document.querySelector('#slice-notice') as HTMLElement | null;
    return el !== null && !el.hidden && el.textContent !== old;
  }, before, { timeout: 60000 });
  t.regex((await page.textContent('#slice-notice'))!, /^Showing a slice: 500 of 1,001 symbols/);
  t.is(Number(await page.$eval('#focus-graph', (el) => (el as HTMLElement).dataset.nodes)), 500);
  t.deepEqual(errors, []);
  await page.close();
});
