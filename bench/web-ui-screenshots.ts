/**
 * Takes the screenshots of docs/web-ui.md from the real page: the flows-app fixture analyzed into a temporary
 * registry, served by the web-UI server, driven in Debian's Chromium.
 *   node --import tsx bench/web-ui-screenshots.ts [outDir=docs/web-ui]
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { SnapshotLoader } from '../index-store/loader.ts';
import { ROOT, browserMissing, graphReady, hash, launch, serve, tempDir } from '../test/web/harness.ts';

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'web-ui'));
const why = browserMissing();
if (why) { console.error(`cannot take screenshots: ${why}`); process.exit(1); }

const base = tempDir('cg-shots-');
const repo = path.join(base, 'flows-app');
fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'flows-app'), repo, { recursive: true });
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=s@example.com', '-c', 'user.name=s', ...args], { cwd: repo, stdio: 'ignore' });
git('init', '-q'); git('add', '-A'); git('commit', '-qm', 'fixture');
await analyzeRepository(repo, { home: path.join(base, 'home'), embedder: 'lexical' });

const loader = new SnapshotLoader({ home: path.join(base, 'home') });
const { server, url } = await serve(loader);
const browser = await launch();
const page = await browser.context.newPage();
await page.setViewportSize({ width: 1440, height: 860 });
fs.mkdirSync(out, { recursive: true });
const register = 'Method:src/services/user-service.ts:UserService.register';

async function shot(name: string, address: string, ready: () => Promise<unknown>, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.goto(`${url}/`);
  await page.evaluate((t) => localStorage.setItem('codegraph.theme', t), theme);
  await page.goto(`${url}/${address}`);
  await page.reload();
  await ready();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log(`${name}.png`);
}

try {
  await shot('overview', hash('flows-app', 'overview'), () => graphReady(page, '#overview-graph'));
  await shot('module', hash('flows-app', 'module', 'Community:order'), () => graphReady(page, '#module-graph'));
  await shot('focus', `${hash('flows-app', 'focus', register)}`, async () => { await graphReady(page, '#focus-graph'); await page.waitForSelector('#symbol-source'); });
  await shot('focus-dark', `${hash('flows-app', 'focus', register)}`, async () => { await graphReady(page, '#focus-graph'); await page.waitForSelector('#symbol-source'); }, 'dark');
  await shot('files', hash('flows-app', 'files', 'src/services/user-service.ts'), () => page.waitForSelector('#file-symbols'));
  await shot('impact', hash('flows-app', 'impact', 'Class:src/data/database.ts:Database'), () => page.waitForSelector('#impact-risk'));
  await shot('process', hash('flows-app', 'processes', 'Process:placeOrder → Database.execute'), () => page.waitForSelector('#sequence'));
  await shot('rename', hash('flows-app', 'rename', 'Function:src/utils/strings.ts:slugify'), async () => {
    await page.fill('#rename-new-name', 'toSlug');
    await page.click('#rename-preview');
    await page.waitForSelector('#rename-summary');
  });
  await shot('cypher', hash('flows-app', 'cypher'), async () => {
    await page.fill('#cypher-query', "MATCH (c)-[r:CALLS]->(f) WHERE f.filePath STARTS WITH 'src/data' RETURN c, r, f LIMIT 60");
    await page.click('#cypher-run');
    await graphReady(page, '#cypher-graph');
  });
  await shot('search', hash('flows-app', 'overview'), async () => {
    await graphReady(page, '#overview-graph');
    await page.keyboard.press('/');
    await page.keyboard.type('place order');
    await page.waitForSelector('#search-results[data-query="place order"] li.hit');
  });
  // Last: a working-tree edit for the changes view (a rename preview refuses files changed since indexing).
  const service = path.join(repo, 'src', 'services', 'user-service.ts');
  fs.writeFileSync(service, fs.readFileSync(service, 'utf8').replace('validateEmail(input.email);', 'validateEmail(input.email.trim());'));
  await shot('changes', hash('flows-app', 'changes'), () => page.waitForSelector('#changes-risk'));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(base, { recursive: true, force: true });
}
