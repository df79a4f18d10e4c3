/**
 * Every view of the web UI on every language the indexer has besides TypeScript and JavaScript (views.test.ts
 * covers those): one fixture repository per language, indexed here, each view opened in a real browser and
 * checked against what the API answers for the same request. Nothing in the page may assume TypeScript.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { ROOT, browserMissing, graphReady, hash, launch, openAt, postJson, serve, tempDir, type Served } from './harness.ts';

const missing = browserMissing();
const run = missing ? test.skip : test.serial;
if (missing) test(`browser tests skipped: ${missing}`, (t) => { t.pass(); });

/** One fixture repository per language (under test/fixtures), and the language name the index gives its files. */
const REPOS: { language: string; fixture: string }[] = [
  { language: 'python', fixture: 'python/mixed-service' },
  { language: 'go', fixture: 'go/basics' },
  { language: 'java', fixture: 'java/maven' },
  { language: 'kotlin', fixture: 'kotlin/gradle' },
  { language: 'csharp', fixture: 'csharp/app' },
  { language: 'c', fixture: 'c/basics' },
  { language: 'cpp', fixture: 'cpp/basics' },
  { language: 'rust', fixture: 'rust/basics' },
  { language: 'swift', fixture: 'swift/basics' },
  { language: 'php', fixture: 'php/app' },
  { language: 'ruby', fixture: 'ruby/gem' },
];

let base = '';
let served: Served;
let loader: SnapshotLoader;
let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
const repoName = (fixture: string) => fixture.replace('/', '-');

test.before(async () => {
  if (missing) return;
  base = tempDir('cg-web-languages-');
  const home = path.join(base, 'home');
  for (const { fixture } of REPOS) {
    const dir = path.join(base, repoName(fixture));
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', fixture), dir, { recursive: true });
    await analyzeRepository(dir, { home, embedder: 'lexical' });
  }
  loader = new SnapshotLoader({ home });
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

interface Target { uid: string; name: string; filePath: string; callers: number }

/** The repository's functions and methods with the most callers (ties broken by uid), found through the API. */
async function mostCalled(repo: string): Promise<Target[]> {
  const query = `MATCH (c)-[r:CALLS]->(f) WHERE f:Function OR f:Method
    RETURN f.uid AS uid, f.name AS name, f.filePath AS filePath, count(DISTINCT c) AS callers ORDER BY callers DESC, uid LIMIT 5`;
  const r = await api('/tools/cypher', { repo, query });
  if (!r.rows?.length) throw new Error(`${repo}: no called function (${JSON.stringify(r).slice(0, 300)})`);
  return r.rows as Target[];
}

const open = (address: string) => openAt(context, served, address);

for (const { language, fixture } of REPOS) {
  const repo = repoName(fixture);
  run(`${language}: overview, status line, focus, symbol panel, files, impact, search, processes and rename preview`, async (t) => {
    const candidates = await mostCalled(repo);
    const target = candidates[0];
    t.true(target.callers >= 1);

    // Overview and the status line naming the language.
    const { page, errors } = await open(hash(repo, 'overview'));
    await page.waitForSelector('#overview-graph[data-layout="done"], #module-graph[data-layout="done"]', { timeout: 20000 });
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#status-languages')?.textContent ?? ''), `\\b${language} \\d+`);

    // Focus: the neighbourhood drawn, every caller the context tool knows listed on the caller side.
    const ctx = await api('/tools/context', { repo, uid: target.uid });
    await page.goto(`${served.url}/${hash(repo, 'focus', target.uid)}`);
    const drawn = await graphReady(page, '#focus-graph');
    t.true(Number(drawn.nodes) > 1, `${target.uid}: ${drawn.nodes} nodes`);
    await page.waitForSelector('#focus-callers .symbol-link');
    const callers = await page.$$eval('#focus-callers .symbol-link', (l) => l.map((x) => (x as HTMLElement).dataset.uid));
    for (const c of ctx.incoming.calls as { uid: string }[]) t.true(callers.includes(c.uid), `${c.uid} not in ${callers.join()}`);

    // Symbol panel over the files view: callers as context answers, the definition's lines highlighted.
    await page.goto(`${served.url}/${hash(repo, 'files', target.filePath)}?symbol=${encodeURIComponent(target.uid)}`);
    await page.waitForSelector('#symbol-source .src-line.hl');
    t.is(await page.textContent('#symbol-name'), target.name);
    t.is(await page.locator('#symbol-panel section[data-rel="callers"] li').count(), ctx.incoming.calls.length);
    const highlighted = await page.$$eval('#symbol-source .src-line.hl', (l) => l.map((x) => Number((x as HTMLElement).dataset.line)));
    t.deepEqual(highlighted, Array.from({ length: ctx.symbol.endLine - ctx.symbol.line + 1 }, (_, i) => ctx.symbol.line + i));
    // The file itself: its symbols as the API lists them, and its language.
    await page.waitForSelector('#file-symbols');
    const file = await api('/files/read', { repo, path: target.filePath });
    t.is(await page.locator('#file-symbols li').count(), file.symbols.length);
    t.regex((await page.textContent("#file-detail"))!, new RegExp(`${language} · \\d+ lines`));

    // Impact: the risk and the depth lists the tool gives.
    await page.goto(`${served.url}/${hash(repo, 'impact', target.uid)}`);
    await page.waitForSelector('#impact-risk');
    const impact = await api('/tools/impact', { repo, target_uid: target.uid });
    t.is(await page.textContent('#impact-risk'), impact.risk);
    for (const [depth, list] of Object.entries(impact.byDepth) as [string, unknown[]][]) {
      t.is(await page.locator(`#impact-depths section[data-depth="${depth}"] li`).count(), list.length);
    }

    // Search: the symbol's own name finds it.
    await page.keyboard.press('/');
    await page.keyboard.type(target.name);
    await page.waitForSelector(`#search-results[data-query="${target.name}"] li.hit`);
    const hits = await page.$$eval('#search-results li.hit', (l) => l.map((x) => (x as HTMLElement).dataset.uid));
    t.true(hits.includes(target.uid), `${target.uid} not in ${hits.join()}`);
    await page.keyboard.press('Escape');

    // Processes: the list, and the first one as a sequence diagram.
    const flows = await api('/graph/processes', { repo });
    await page.goto(`${served.url}/${hash(repo, 'processes')}`);
    if (flows.processes.length) {
      await page.waitForSelector('#process-list .process-link');
      t.is(await page.locator('#process-list .process-link').count(), flows.processes.length);
      await page.locator('#process-list .process-link').first().click();
      await page.waitForSelector('#sequence');
      const seq = await api('/graph/process', { repo, process: flows.processes[0].uid });
      t.is(await page.locator('#sequence g.step').count(), seq.steps.length);
    }

    // Rename preview: the edits the tool would make, grouped by file, nothing written; a rename the language's
    // rules refuse (a C macro) shows the tool's error and code instead. At least one candidate must preview.
    let previewed = 0;
    for (const candidate of candidates.slice(0, 3)) {
      const newName = `${candidate.name}Renamed`;
      await page.goto(`${served.url}/${hash(repo, 'rename', candidate.uid)}`);
      await page.fill('#rename-new-name', newName);
      await page.click('#rename-preview');
      const r = await api('/tools/rename', { repo, symbol_uid: candidate.uid, new_name: newName, dry_run: true });
      if (r.error) {
        await page.waitForSelector(`#rename-result .error[data-code="${r.error.code}"]`);
        continue;
      }
      await page.waitForSelector('#rename-summary');
      // The definition and at least one call site are graph edits.
      t.true(r.summary.graphEdits >= 2, JSON.stringify(r.summary));
      t.is(await page.locator('.diff-file').count(), r.changes.length);
      t.is(await page.locator('.edits.graph .diff-edit').count(), r.summary.graphEdits);
      t.false(fs.readFileSync(path.join(base, repo, candidate.filePath), 'utf8').includes(newName));
      previewed++;
    }
    t.true(previewed >= 1, 'no rename preview among the most called symbols');

    t.deepEqual(errors, []);
    await page.close();
  });
}
