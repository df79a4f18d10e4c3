/**
 * How fast the web UI opens a large repository: the synthetic 25,000-function repository of the browser tests
 * (test/web/synthetic-repo.ts) is analyzed once, served, and opened in Debian's Chromium on its module
 * overview; printed: the server's overview answer (first and warm), and the time from navigation to the
 * overview graph's first drawing, median of the runs, each in a fresh page (what a user waits for).
 *   node --import tsx bench/web-ui.ts [runs=5]
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { SnapshotLoader } from '../index-store/loader.ts';
import { browserMissing, hash, launch, serve, tempDir } from '../test/web/harness.ts';
import { LARGE, writeSyntheticRepo } from '../test/web/synthetic-repo.ts';

const runs = Number(process.argv[2] ?? 5);
const why = browserMissing();
if (why) { console.error(`cannot run: ${why}`); process.exit(1); }

const base = tempDir('cg-bench-web-');
const repo = path.join(base, 'synthetic');
const functions = writeSyntheticRepo(repo, LARGE);
let t0 = performance.now();
const analyzed = await analyzeRepository(repo, { home: path.join(base, 'home'), embedder: 'lexical' });
console.log(`synthetic repository: ${functions} functions, ${analyzed.repo.stats.files} files, ${analyzed.repo.stats.nodes} nodes, ${analyzed.repo.stats.edges} edges, ${analyzed.repo.stats.communities} modules (analyzed in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

const loader = new SnapshotLoader({ home: path.join(base, 'home') });
await loader.get('synthetic');
const { server, url } = await serve(loader);
const overview = async () => {
  const t = performance.now();
  const res = await fetch(`${url}/graph/overview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const text = await res.text();
  return { ms: performance.now() - t, bytes: text.length, modules: JSON.parse(text).nodes.length };
};
const first = await overview();
const warm = await overview();
console.log(`POST /graph/overview: first ${first.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms, ${first.modules} modules, ${(first.bytes / 1024).toFixed(0)} KiB`);

const browser = await launch();
const times: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const page = await browser.context.newPage();
    t0 = performance.now();
    await page.goto(`${url}/${hash('synthetic', 'overview')}`);
    await page.waitForSelector('#overview-graph[data-drawn]', { timeout: 60000 });
    // data-drawn is the page's own clock at sigma's first render; navigation start is 0 on that clock.
    const drawn = Number(await page.$eval('#overview-graph', (el) => (el as HTMLElement).dataset.drawn));
    times.push(drawn);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  loader.close();
  fs.rmSync(base, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log(`navigation → overview drawn: median ${times[Math.floor(times.length / 2)]} ms (runs: ${times.join(', ')} ms)`);
