/**
 * What the browser tests share: Debian's Chromium driven by playwright-core (no browser download), the web UI
 * built from the current sources into a folder of the test's own, and a web-UI server over a registry the test
 * fills. Without a browser the tests skip, saying why; under CI=true they fail instead (.ci/run installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createWebServer } from '../../runtime/http/web-server.ts';
import type { ApiServer } from '../../runtime/http/api-server.ts';
import type { SnapshotSource } from '../../runtime/snapshot-source.ts';
// @ts-expect-error: a plain ES module without types (build.mjs imports it too)
import { buildWebUi } from '../../runtime/web/build-web.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
// The flags this machine needs: no sandbox (root), no GPU, and no background connections (the network is closed).
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** Why the browser tests cannot run here, or undefined when they can. Under CI a missing browser is an error. */
export function browserMissing(): string | undefined {
  if (fs.existsSync(CHROMIUM)) return undefined;
  const why = `no Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run does it)`;
  if (process.env.CI === 'true') throw new Error(`browser tests must run under CI: ${why}`);
  return why;
}

/** A fresh temporary folder; the caller removes it. */
export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

let built: Promise<string> | undefined;
/** The web UI built from the current sources into a folder of this test process. */
export function builtWebRoot(): Promise<string> {
  built ??= (async () => {
    const out = tempDir('cg-web-ui-');
    // shared by every test of the process, so it goes when the process does
    process.once('exit', () => fs.rmSync(out, { recursive: true, force: true }));
    await buildWebUi(ROOT, (file: string, data: Uint8Array) => fs.writeFileSync(file, data), out);
    return out;
  })();
  return built;
}

export interface Served { server: ApiServer; url: string }

/** Starts a web-UI server on a free port over `source`, serving the freshly built page. */
export async function serve(source: SnapshotSource, extra: Partial<Parameters<typeof createWebServer>[0]> = {}): Promise<Served> {
  const server = createWebServer({ source, port: 0, quiet: true, webRoot: await builtWebRoot(), log: () => {}, ...extra });
  const url = await server.start();
  return { server, url };
}

/** POSTs `body` as JSON to one of the served routes (`/tools/context`, `/graph/module`) and returns its JSON answer. */
export async function postJson(served: Served, route: string, body: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${served.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** A new page (see newPage) opened at `address` (`#/<repo>/<view>…`) of the served web UI. */
export async function openAt(context: BrowserContext, served: Served, address: string): Promise<{ page: Page; errors: string[] }> {
  const p = await newPage(context);
  await p.page.goto(`${served.url}/${address}`);
  return p;
}

/** Launches Chromium with a fresh profile. */
export async function launch(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = tempDir('cg-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1400, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page that fails the test on a script error (collected in `errors`). */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** Waits until the graph in `selector` is drawn and its layout has stopped; returns its data-* attributes. */
export async function graphReady(page: Page, selector: string): Promise<Record<string, string>> {
  await page.waitForSelector(`${selector}[data-layout="done"]`, { timeout: 20000 });
  return page.$eval(selector, (el) => ({ ...(el as HTMLElement).dataset }) as Record<string, string>);
}

/** Clicks a node where sigma draws it on the canvas (a real click through sigma's picking). */
export async function clickNode(page: Page, selector: string, key: string): Promise<void> {
  const pos = await page.evaluate((k) => (window as unknown as { codegraphView: { viewportPosition(key: string): { x: number; y: number } | undefined } }).codegraphView.viewportPosition(k), key);
  if (!pos) throw new Error(`node ${key} is not drawn`);
  const box = (await page.locator(selector).boundingBox())!;
  await page.mouse.click(box.x + pos.x, box.y + pos.y);
}

/** A `#/<repo>/<view>/<arg>` address. */
export function hash(repo: string, view: string, arg?: string): string {
  return `#/${encodeURIComponent(repo)}/${view}${arg ? `/${encodeURIComponent(arg)}` : ''}`;
}
