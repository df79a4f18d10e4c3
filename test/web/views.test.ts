/**
 * Every view of the web UI end to end in a real browser (Debian's Chromium), on real indexes: the flows-app
 * fixture (TypeScript) and a small JavaScript repository written here. What the page shows is checked against
 * what the API answers for the same request.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { staticSource } from '../../runtime/snapshot-source.ts';
import { ROOT, browserMissing, clickNode, graphReady, hash, launch, newPage, openAt, postJson, serve, tempDir, type Served } from './harness.ts';

const missing = browserMissing();
const run = missing ? test.skip : test.serial;
if (missing) test(`browser tests skipped: ${missing}`, (t) => { t.pass(); });

const JS_FILES: Record<string, string> = {
  'lib/inventory.js': `class Inventory {
  constructor() { this.items = new Map(); }
  add(sku, count) { this.items.set(sku, (this.items.get(sku) || 0) + count); return this; }
  take(sku, count) {
    const have = this.items.get(sku) || 0;
    if (have < count) throw new Error('not enough ' + sku);
    this.items.set(sku, have - count);
  }
}
module.exports = { Inventory };
`,
  'lib/orders.js': `const { Inventory } = require('./inventory');
function placeOrder(inventory, sku, count) {
  inventory.take(sku, count);
  return { sku, count };
}
function restock(inventory, sku) { return inventory.add(sku, 10); }
module.exports = { placeOrder, restock, Inventory };
`,
  'lib/cold-store.js': `const { Inventory } = require('./inventory');
class ColdStore extends Inventory {
  take(sku, count) {
    if (count > 5) throw new Error('too cold to carry ' + sku);
    super.take(sku, count);
  }
}
module.exports = { ColdStore };
`,
  'bin/shop.js': `const { placeOrder, restock, Inventory } = require('../lib/orders');
function main() {
  const inventory = new Inventory();
  restock(inventory, 'apple');
  console.log(placeOrder(inventory, 'apple', 2));
}
main();
`,
};

let base = '';
let home = '';
let flows = '';
let loader: SnapshotLoader;
let served: Served;
let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, stdio: 'ignore' });

test.before(async () => {
  if (missing) return;
  base = tempDir('cg-web-views-');
  home = path.join(base, 'home');
  flows = path.join(base, 'flows-app');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'flows-app'), flows, { recursive: true });
  git(flows, 'init', '-q');
  git(flows, 'add', '-A');
  git(flows, 'commit', '-qm', 'fixture');
  const shop = path.join(base, 'js-shop');
  for (const [file, text] of Object.entries(JS_FILES)) {
    fs.mkdirSync(path.dirname(path.join(shop, file)), { recursive: true });
    fs.writeFileSync(path.join(shop, file), text);
  }
  await analyzeRepository(flows, { home, embedder: 'lexical' });
  await analyzeRepository(shop, { home, embedder: 'lexical' });
  loader = new SnapshotLoader({ home, watch: true, writer: repositoryWriter() });
  served = await serve(loader);
  browser = await launch();
  context = browser.context;
});

test.after.always(async () => {
  await browser?.close();
  await served?.server.stop();
  loader?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const api = (route: string, body: Record<string, unknown>) => postJson(served, route, body);

const open = (address: string) => openAt(context, served, address);

run('the repository picker lists every indexed repository; the status line says what is indexed and in which languages', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'overview'));
  await page.waitForSelector('#status-languages');
  t.deepEqual(await page.$$eval('#repo-picker option', (o) => o.map((x) => (x as HTMLOptionElement).value)), ['flows-app', 'js-shop']);
  const status = await page.textContent('#status-line');
  const repo = loader.list().find((r) => r.name === 'flows-app')!;
  t.true(status!.includes(`${repo.stats.files} files`), status!);
  t.true(status!.includes(`${repo.stats.communities} modules`), status!);
  t.regex(status!, /typescript \d+/);
  await page.selectOption('#repo-picker', 'js-shop');
  await page.waitForFunction(() => location.hash.startsWith('#/js-shop/'));
  await page.waitForFunction(() => /javascript \d+/.test(document.querySelector('#status-languages')?.textContent ?? ''));
  t.deepEqual(errors, []);
  await page.close();
});

run('modules overview: one node per module, sized by symbols, edges between them; clicking a node opens the module', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'overview'));
  const overview = await api('/graph/overview', { repo: 'flows-app' });
  const drawn = await graphReady(page, '#overview-graph');
  t.is(Number(drawn.nodes), overview.nodes.length);
  t.is(Number(drawn.edges), overview.edges.length);
  t.true(overview.nodes.length >= 2);
  t.deepEqual(await page.$$eval('#module-list .module-link', (b) => b.map((x) => (x as HTMLElement).dataset.uid)), overview.nodes.map((n: { uid: string }) => n.uid));
  t.true(await page.isHidden('#slice-notice'), 'a whole overview is no slice');
  const largest = overview.nodes[0];
  await clickNode(page, '#overview-graph', largest.uid);
  await page.waitForFunction((uid) => decodeURIComponent(location.hash).includes(`/module/${uid}`), largest.uid);
  const module = await graphReady(page, '#module-graph');
  t.is(Number(module.nodes), largest.size);
  t.deepEqual(errors, []);
  await page.close();
});

run('module view: its symbols drawn and listed; a symbol opens the panel; the module links to its neighbours', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'module', 'Community:order'));
  const slice = await api('/graph/module', { repo: 'flows-app', module: 'Community:order' });
  const drawn = await graphReady(page, '#module-graph');
  t.is(Number(drawn.nodes), slice.nodes.length);
  t.is(await page.locator('#module-symbols li').count(), Math.min(300, slice.nodes.length));
  await page.locator('#module-symbols .symbol-link').first().click();
  await page.waitForSelector('#symbol-panel #symbol-name');
  t.truthy(await page.textContent('#symbol-name'));
  t.deepEqual(errors, []);
  await page.close();
});

run('search (query) lists symbols and flows; Enter opens the focus view of a symbol', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'overview'));
  await page.waitForSelector('#module-list');
  await page.keyboard.press('/');
  t.is(await page.evaluate(() => document.activeElement?.id), 'search');
  await page.keyboard.type('register user');
  // The answer to the whole text (earlier answers to 'reg…' may show first).
  await page.waitForSelector('#search-results[data-query="register user"] li.hit');
  const kinds = await page.$$eval('#search-results li.hit', (l) => l.map((x) => (x as HTMLElement).dataset.kind));
  t.true(kinds.includes('symbol'));
  t.true(kinds.includes('process'));
  const first = await page.$eval('#search-results li.hit[aria-selected="true"]', (x) => (x as HTMLElement).dataset.uid!);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction((uid) => decodeURIComponent(location.hash).includes(`/focus/${uid}`), first);
  await graphReady(page, '#focus-graph');
  t.deepEqual(errors, []);
  await page.close();
});

run('focus: callers left, callees right, edges coloured by type, low-confidence edges dashed; the symbol panel opens', async (t) => {
  const uid = 'Method:src/services/user-service.ts:UserService.register';
  const { page, errors } = await open(hash('flows-app', 'focus', uid));
  const drawn = await graphReady(page, '#focus-graph');
  await page.waitForSelector('#focus-controls input[data-relation]');
  const relationTypes = await page.$$eval('#focus-controls input[data-relation]', (l) => l.filter((x) => (x as HTMLInputElement).checked).map((x) => (x as HTMLElement).dataset.relation));
  const n = await api('/graph/neighbourhood', { repo: 'flows-app', uid, depth: 2, relationTypes });
  t.is(Number(drawn.nodes), n.nodes.length);
  t.is(Number(drawn.dashed), n.edges.filter((e: { confidence: number }) => e.confidence < 0.5).length);
  // Columns: every caller is drawn left of the centre, every callee right of it.
  const xs = await page.evaluate((nodes) => {
    const v = (window as any).codegraphView;
    return nodes.map((x: { uid: string; side: string }) => [x.side, v.graph.getNodeAttribute(x.uid, 'x')]);
  }, n.nodes);
  for (const [side, x] of xs) {
    if (side === 'caller') t.true(x < 0);
    if (side === 'callee') t.true(x > 0);
    if (side === 'center') t.is(x, 0);
  }
  const callers = await page.$$eval('#focus-callers .symbol-link', (l) => l.map((x) => (x as HTMLElement).dataset.uid));
  t.true(callers.includes('Method:src/controllers/user-controller.ts:UserController.createUser'), callers.join());
  // Depth 1 asks again and draws fewer nodes.
  await page.selectOption('#focus-depth', '1');
  await page.waitForFunction((before) => Number((document.querySelector('#focus-graph') as HTMLElement | null)?.dataset.nodes) < before, n.nodes.length);
  await page.waitForSelector('#symbol-panel #symbol-name');
  t.is(await page.textContent('#symbol-name'), 'register');
  t.deepEqual(errors, []);
  await page.close();
});

run('symbol panel (context): callers, callees, references by kind, processes, source with the definition highlighted, editor link', async (t) => {
  const uid = 'Method:src/services/user-service.ts:UserService.register';
  const { page, errors } = await open(`${hash('flows-app', 'processes')}?symbol=${encodeURIComponent(uid)}`);
  await page.waitForSelector('#symbol-source');
  const ctx = await api('/tools/context', { repo: 'flows-app', uid });
  const count = async (rel: string) => page.locator(`#symbol-panel section[data-rel="${rel}"] li`).count();
  t.is(await count('callers'), ctx.incoming.calls.length);
  t.is(await count('callees'), ctx.outgoing.calls.length);
  t.is(await count('processes'), ctx.processes.length);
  t.is(await count('out-references'), Math.min(100, ctx.outgoing.references.length));
  const highlighted = await page.$$eval('#symbol-source .src-line.hl', (l) => l.map((x) => Number((x as HTMLElement).dataset.line)));
  t.deepEqual(highlighted, Array.from({ length: ctx.symbol.endLine - ctx.symbol.line + 1 }, (_, i) => ctx.symbol.line + i));
  t.is(await page.getAttribute('#editor-link', 'href'), `vscode://file${flows}/src/services/user-service.ts:${ctx.symbol.line}`);
  // A process opens the sequence view; Escape closes the panel.
  await page.locator('#symbol-panel .process-link').first().click();
  await page.waitForSelector('#sequence');
  await page.locator('#sequence').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#symbol-panel', { state: 'hidden' });
  t.false((await page.evaluate(() => location.hash)).includes('symbol='));
  t.deepEqual(errors, []);
  await page.close();
});

run('files: the tree with symbols per file; a file shows its symbols and source', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'files'));
  await page.waitForSelector('#file-tree summary');
  const files = await api('/files', { repo: 'flows-app' });
  await page.locator('#file-tree summary', { hasText: 'src/' }).first().click();
  await page.locator('#file-tree summary', { hasText: 'services/' }).click();
  await page.locator('#file-tree .file-link[data-path="src/services/user-service.ts"]').click();
  await page.waitForSelector('#file-symbols');
  const file = await api('/files/read', { repo: 'flows-app', path: 'src/services/user-service.ts' });
  t.is(await page.locator('#file-symbols li').count(), file.symbols.length);
  t.is(await page.locator('#file-detail .src-line').count(), file.text.split('\n').length);
  t.true(files.files.some((f: { path: string }) => f.path === 'src/services/user-service.ts'));
  await page.locator('#file-symbols .symbol-link', { hasText: 'register' }).click();
  await page.waitForSelector('#file-detail .src-line.hl');
  await page.waitForSelector('#symbol-panel #symbol-name');
  t.deepEqual(errors, []);
  await page.close();
});

run('impact: risk, symbols by depth, affected processes and modules; the direction can be switched', async (t) => {
  const uid = 'Class:src/data/database.ts:Database';
  const { page, errors } = await open(hash('flows-app', 'impact', uid));
  await page.waitForSelector('#impact-risk');
  const r = await api('/tools/impact', { repo: 'flows-app', target_uid: uid });
  t.is(await page.textContent('#impact-risk'), r.risk);
  for (const [depth, list] of Object.entries(r.byDepth) as [string, unknown[]][]) {
    t.is(await page.locator(`#impact-depths section[data-depth="${depth}"] li`).count(), list.length);
  }
  t.is(await page.locator('#impact-processes li').count(), r.affected_processes.length);
  t.is(await page.locator('#impact-modules li').count(), r.affected_modules.length);
  await page.selectOption('#impact-direction', 'downstream');
  const down = await api('/tools/impact', { repo: 'flows-app', target_uid: uid, direction: 'downstream' });
  await page.waitForFunction((n) => document.querySelectorAll('#impact-depths li').length === n || (n === 0 && !!document.querySelector('#impact-none')),
    Object.values(down.byDepth as Record<string, unknown[]>).reduce((a, l) => a + l.length, 0));
  t.deepEqual(errors, []);
  await page.close();
});

run('processes: the flows, and one as a step-by-step sequence diagram with lifelines', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'processes'));
  await page.waitForSelector('#process-list .process-link');
  const list = await api('/graph/processes', { repo: 'flows-app' });
  t.is(await page.locator('#process-list .process-link').count(), list.processes.length);
  await page.locator('#process-list .process-link').first().click();
  await page.waitForSelector('#sequence');
  const seq = await api('/graph/process', { repo: 'flows-app', process: list.processes[0].uid });
  t.is(await page.textContent('#process-name'), seq.process.name);
  t.is(await page.locator('#sequence g.step').count(), seq.steps.length);
  t.is(await page.locator('#sequence .participant').count(), seq.participants.length);
  // A step without a direct call from an earlier one is drawn dashed, the others solid.
  t.is(await page.locator('#sequence .message.dashed').count(), seq.steps.filter((s: { from?: number; confidence?: number }) => s.from === undefined || (s.confidence ?? 1) < 0.5).length);
  await page.locator('#sequence g.step').nth(1).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((name) => document.querySelector('#symbol-name')?.textContent === name, seq.steps[1].name);
  t.deepEqual(errors, []);
  await page.close();
});

run('changes (detect_changes): an edit in the working tree shows the changed symbols and the flows they touch', async (t) => {
  const file = path.join(flows, 'src', 'services', 'user-service.ts');
  const before = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, before.replace('validateEmail(input.email);', 'validateEmail(input.email.trim());'));
  t.teardown(() => fs.writeFileSync(file, before));
  const { page, errors } = await open(hash('flows-app', 'changes'));
  await page.waitForSelector('#changes-risk');
  const r = await api('/tools/detect_changes', { repo: 'flows-app' });
  t.true(r.changed_symbols.some((s: { name: string }) => s.name === 'register'));
  t.is(await page.locator('#changed-symbols li').count(), r.changed_symbols.length);
  t.is(await page.locator('#changed-processes li').count(), r.affected_processes.length);
  t.true((await page.textContent('#changed-symbols'))!.includes('register'));
  await page.selectOption('#changes-scope', 'staged');
  await page.click('#changes-run');
  await page.waitForSelector('#changes-none');
  t.deepEqual(errors, []);
  await page.close();
});

run('rename preview: edits grouped by file, graph and text-search edits apart; apply needs a confirm and writes', async (t) => {
  const uid = 'Function:lib/orders.js:restock';
  const { page, errors } = await open(hash('js-shop', 'rename', uid));
  await page.fill('#rename-new-name', 'refill');
  await page.click('#rename-preview');
  await page.waitForSelector('#rename-summary');
  const r = await api('/tools/rename', { repo: 'js-shop', symbol_uid: uid, new_name: 'refill', dry_run: true });
  t.is(await page.locator('.diff-file').count(), r.changes.length);
  t.is(await page.locator('.edits.graph .diff-edit').count(), r.summary.graphEdits);
  t.is(await page.locator('.edits.text .diff-edit').count(), r.summary.textSearchEdits);
  t.true((await page.textContent('#rename-summary'))!.includes(`${r.summary.totalEdits} edits`));
  // Declining the confirm writes nothing; accepting it writes through the server with the session token.
  const shopRoot = loader.list().find((x) => x.name === 'js-shop')!.path;
  const orders = path.join(shopRoot, 'lib', 'orders.js');
  page.once('dialog', (d) => void d.dismiss());
  await page.click('#rename-apply');
  await page.waitForTimeout(300);
  t.notRegex(fs.readFileSync(orders, 'utf8'), /refill/);
  page.once('dialog', (d) => void d.accept());
  await page.click('#rename-apply');
  await page.waitForSelector('#rename-applied');
  t.regex(fs.readFileSync(orders, 'utf8'), /function refill\(/);
  // the module's export key is a name of its own (as the language service renames): it keeps it, and so does its user
  t.regex(fs.readFileSync(orders, 'utf8'), /restock: refill/);
  t.regex(fs.readFileSync(path.join(shopRoot, 'bin', 'shop.js'), 'utf8'), /restock\(inventory, 'apple'\)/);
  t.deepEqual(errors, []);
  await page.close();
});

run('overrides: the focus view draws OVERRIDES in its colour with a legend entry and a filter; the panel lists them both ways', async (t) => {
  const uid = 'Method:lib/cold-store.js:ColdStore.take';
  const { page, errors } = await open(hash('js-shop', 'focus', uid));
  await graphReady(page, '#focus-graph');
  await page.waitForSelector('#focus-controls input[data-relation="OVERRIDES"]');
  const n = await api('/graph/neighbourhood', { repo: 'js-shop', uid, depth: 1 });
  t.true(n.edges.some((e: { type: string; source: string; target: string }) => e.type === 'OVERRIDES' && e.source === uid && e.target === 'Method:lib/inventory.js:Inventory.take'));
  const legend = await page.$$eval('.graph-wrap .legend .legend-item', (l) => l.map((x) => x.textContent));
  t.true(legend.includes('OVERRIDES'), legend.join());
  const colour = await page.evaluate(() => (window as any).codegraphView.graph.someEdge((_k: string, a: { relation?: string; color?: string }) => a.relation === 'OVERRIDES' && a.color === '#ef4444'));
  t.true(colour, 'the OVERRIDES edge is drawn in its colour');
  // the symbol panel: what it overrides; from the base, what overrides it
  await page.waitForSelector('#symbol-panel section[data-rel="out-overrides"] li');
  t.regex((await page.textContent('#symbol-panel section[data-rel="out-overrides"]'))!, /take/);
  await page.goto(`${served.url}/${hash('js-shop', 'focus', 'Method:lib/inventory.js:Inventory.take')}`);
  await page.waitForSelector('#symbol-panel section[data-rel="in-overrides"] li');
  t.regex((await page.textContent('#symbol-panel section[data-rel="in-overrides"]'))!, /cold-store|ColdStore|take/);
  t.deepEqual(errors, []);
  await page.close();
});

run('Cypher console: a table, and a graph when rows hold nodes; a syntax error is shown with its code', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'cypher'));
  const query = 'MATCH (c)-[r:CALLS]->(f:Function) RETURN c, r, f LIMIT 20';
  await page.fill('#cypher-query', query);
  await page.press('#cypher-query', 'Control+Enter');
  const drawn = await graphReady(page, '#cypher-graph');
  const r = await api('/tools/cypher', { repo: 'flows-app', query });
  const uids = new Set(r.rows.flatMap((row: Record<string, { uid?: string }>) => [row.c.uid, row.f.uid]));
  t.is(Number(drawn.nodes), uids.size);
  t.is(Number(drawn.edges), r.rows.length);
  await page.click('#cypher-tab-table');
  t.is(await page.locator('#cypher-table tbody tr').count(), r.row_count);
  await page.fill('#cypher-query', 'MATCH (n RETURN n');
  await page.click('#cypher-run');
  await page.waitForSelector('#cypher-result .error[data-code="CYPHER_SYNTAX"]');
  await page.fill('#cypher-query', 'MATCH (n) RETURN n.name LIMIT 3');
  await page.click('#cypher-run');
  await page.waitForSelector('#cypher-table');
  t.is(await page.locator('#cypher-graph').count(), 0, 'no nodes in the rows: no graph');
  t.deepEqual(errors, []);
  await page.close();
});

run('a JavaScript repository works in every graph view (nothing assumes TypeScript)', async (t) => {
  const { page, errors } = await open(hash('js-shop', 'overview'));
  await page.waitForSelector('#overview-graph[data-layout="done"], #module-graph[data-layout="done"]');
  await page.goto(`${served.url}/${hash('js-shop', 'focus', 'Class:lib/inventory.js:Inventory')}`);
  const drawn = await graphReady(page, '#focus-graph');
  t.true(Number(drawn.nodes) > 1);
  await page.goto(`${served.url}/${hash('js-shop', 'files', 'lib/inventory.js')}`);
  await page.waitForSelector('#file-symbols');
  t.regex((await page.textContent('#file-detail'))!, /javascript/);
  t.deepEqual(errors, []);
  await page.close();
});

run('error states: an unknown symbol, an unknown module, a server that went away', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'focus', 'Function:src/nowhere.ts:ghost'));
  await page.waitForSelector('#view .error[data-code="SYMBOL_NOT_FOUND"]');
  await page.waitForSelector('#symbol-panel .error[data-code="SYMBOL_NOT_FOUND"]');
  await page.goto(`${served.url}/${hash('flows-app', 'module', 'Community:none')}`);
  await page.waitForSelector('#view .error[data-code="NOT_FOUND"]');
  // An unknown repository name falls back to the first one.
  await page.goto(`${served.url}/${hash('no-such-repo', 'overview')}`);
  await page.waitForFunction(() => location.hash.startsWith('#/flows-app/'));
  // The server stops: the next request says it cannot be reached.
  // (its own source: stopping a server closes its source)
  const other = await serve(staticSource([await loader.get('flows-app')]));
  const p2 = await newPage(context);
  await p2.page.goto(`${other.url}/${hash('flows-app', 'cypher')}`);
  await p2.page.waitForSelector('#cypher-query');
  await other.server.stop();
  await p2.page.click('#cypher-run');
  await p2.page.waitForSelector('#cypher-result .error[data-code="NETWORK"]');
  await p2.page.close();
  t.deepEqual(errors, []);
  await page.close();
});

run('an empty registry shows how to index a repository', async (t) => {
  const empty = await serve(staticSource([]));
  t.teardown(() => empty.server.stop());
  const p = await newPage(context);
  await p.page.goto(`${empty.url}/`);
  await p.page.waitForSelector('#empty-state');
  t.is((await p.page.textContent('#empty-state p'))!.trim(), 'no repository indexed: run codegraph analyze <path>');
  t.is(await p.page.textContent('#empty-state code'), 'codegraph analyze <path>');
  t.deepEqual(p.errors, []);
  await p.page.close();
});

run('keyboard and themes: shortcuts move between views, t switches light and dark, ? shows the help', async (t) => {
  const { page, errors } = await open(hash('flows-app', 'overview'));
  await page.waitForSelector('#module-list');
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.keyboard.press('t');
  t.not(await page.evaluate(() => document.documentElement.dataset.theme), theme);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.keyboard.press('t');
  t.not(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), bg);
  for (const [key, view] of [['p', 'processes'], ['f', 'files'], ['c', 'changes'], ['y', 'cypher'], ['o', 'overview']]) {
    await page.keyboard.press(key);
    await page.waitForFunction((v) => location.hash.split('/')[2]?.split('?')[0] === v, view);
  }
  await page.keyboard.press('?');
  await page.waitForSelector('#help[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#help', { state: 'hidden' });
  // Typing in a field is not a shortcut.
  await page.keyboard.press('/');
  await page.keyboard.type('p');
  t.true((await page.evaluate(() => location.hash)).includes('/overview'));
  t.deepEqual(errors, []);
  await page.close();
});
