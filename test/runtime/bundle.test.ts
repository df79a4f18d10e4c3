/**
 * dist/handlers.mjs is self-contained: copied alone into a folder with no node_modules anywhere above it,
 * it loads a snapshot saved by `codegraph analyze` and answers the tools exactly as the sources do.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { writeShopRepo, tempDir } from './fixtures.ts';
import { direct, type Outcome } from './oracle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test.before(() => {
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
});

const RUNNER = `
import * as h from './handlers.mjs';

const [repo, bodies, home] = [process.argv[2], JSON.parse(process.argv[3]), process.argv[4]];
let resolvable = true;
try { await import('joi'); } catch { resolvable = false; }
const snapshot = await h.loadSavedSnapshot(repo);
const source = h.staticSource([snapshot]);
const loader = new h.SnapshotLoader({ home });
const viaRegistry = await loader.get('shop');
loader.close();
const out = { resolvable, tools: h.toolEntries().map((t) => t.name), results: {},
  registry: { repos: loader.list().map((r) => r.name), nodes: viaRegistry.graph.order, sameNodes: viaRegistry.graph.order === snapshot.graph.order } };
for (const [tool, body] of Object.entries(bodies)) {
  try { out.results[tool] = { status: 200, body: await h.runTool(source, tool, body) }; }
  catch (e) { out.results[tool] = h.isCodegraphError(e) ? { status: e.status, body: e.toBody() } : { status: 500, crash: String(e && e.stack || e) }; }
}
process.stdout.write(JSON.stringify(out));
`;

/** Analyzes the shop fixture into a temporary home; returns the repository, the home and a bare folder. */
async function savedShop(t: { teardown(fn: () => void): void }) {
  const base = tempDir(t, 'cg-bundle-');
  const repo = writeShopRepo(path.join(base, 'shop'));
  const home = path.join(base, 'home');
  await analyzeRepository(repo, { home, embedder: 'lexical' });
  const iso = path.join(base, 'iso');
  fs.mkdirSync(iso);
  fs.copyFileSync(path.join(root, 'dist', 'handlers.mjs'), path.join(iso, 'handlers.mjs'));
  fs.writeFileSync(path.join(iso, 'run.mjs'), RUNNER);
  return { base, repo, home, iso };
}

const BODIES: Record<string, Record<string, unknown>> = {
  context: { name: 'addItem' },
  impact: { target: 'checkPrice' },
  query: { query: 'add item to cart price check' },
  cypher: { query: 'MATCH (f:Function) RETURN f.name AS name ORDER BY name' },
  list_repos: {},
  rename: { symbol_name: 'checkPrice', new_name: 'validatePrice' },
  // Diff text, so no git is needed; the changed file's new side is read from the saved index or parsed.
  detect_changes: { diff: '--- a/src/cart.ts\n+++ b/src/cart.ts\n@@ -1,1 +1,1 @@\n-export class Cart {\n+export class Cart { // edited\n' },
};

type RunnerOut = { resolvable: boolean; tools: string[]; results: Record<string, Outcome & { crash?: string }>; registry: { repos: string[]; nodes: number; sameNodes: boolean } };

function runBundle(iso: string, repo: string, home: string): RunnerOut {
  const stdout = execFileSync(process.execPath, ['run.mjs', repo, JSON.stringify(BODIES), home], {
    cwd: iso, env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(stdout) as RunnerOut;
}

async function checkAgainstSources(t: import('ava').ExecutionContext, out: RunnerOut, home: string) {
  t.false(out.resolvable, 'packages cannot be resolved from the bundle folder');
  t.deepEqual(out.tools, ['query', 'context', 'impact', 'detect_changes', 'rename', 'cypher', 'list_repos']);
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  const snapshot = await loader.get('shop');
  for (const [tool, got] of Object.entries(out.results)) {
    t.is(got.crash, undefined, `${tool} crashed in the bundle: ${got.crash}`);
    t.deepEqual(got, await direct(tool, BODIES[tool], tool === 'list_repos' ? [snapshot.repo] : snapshot), tool);
  }
  t.log(Object.entries(out.results).map(([k, v]) => `${k} ${v.status}`).join(', '));
  t.is(out.results.context.status, 200, 'the context handler ran on the saved snapshot');
  t.deepEqual(out.registry.repos, ['shop'], 'the bundled registry loader lists the registry');
  t.true(out.registry.sameNodes, 'and loads the same snapshot');
  t.is(out.registry.nodes, snapshot.graph.order);
  t.is((out.results.context.body as { symbol: { uid: string } }).symbol.uid, 'Function:src/cart.ts:addItem');
}

// The extractor fingerprints its tree-sitter queries when it is imported (detect_changes imports it); the bundle
// carries them inlined, so it needs no query files beside it.
test('the bundle copied alone (no node_modules, no other file) answers like the sources', async (t) => {
  const { repo, home, iso } = await savedShop(t);
  for (let d = iso; ; d = path.dirname(d)) {
    t.false(fs.existsSync(path.join(d, 'node_modules')), `no node_modules at ${d}`);
    if (path.dirname(d) === d) break;
  }
  t.deepEqual(fs.readdirSync(iso).sort(), ['handlers.mjs', 'run.mjs']);
  const out = runBundle(iso, repo, home);
  await checkAgainstSources(t, out, home);
  const changed = out.results.detect_changes.body as { changed_symbols: { name: string; change_type: string }[] };
  t.deepEqual(changed.changed_symbols.map((s) => [s.name, s.change_type]), [['Cart', 'modified']], 'detect_changes ran (it imports the extractor)');
});

test('the CLI bundle fingerprints the extractor like the sources: an index made from the sources is reused, not re-parsed (and resolved again: its resolver is another build)', async (t) => {
  const { repo, home } = await savedShop(t);
  const stdout = execFileSync(process.execPath, [path.join(root, 'bin', 'codegraph.mjs'), 'analyze', repo, '--json'], {
    env: { ...process.env, CODEGRAPH_HOME: home }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
  const summary = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { upToDate: boolean; files: { indexed: number; parsed: number; reused: number; resolved: number } };
  t.true(summary.files.indexed > 0);
  t.is(summary.files.parsed, 0, 'no file parsed again');
  t.is(summary.files.reused, summary.files.indexed);
  t.false(summary.upToDate);
  t.is(summary.files.resolved, summary.files.indexed);
});

test('dist/extract-worker.mjs, away from the sources (no lib/lang beside it), extracts the same facts as the sources', async (t) => {
  const { extractFile, languageOf } = await import('../../lib/lang/index.ts');
  const dir = tempDir(t, 'cg-worker-');
  fs.mkdirSync(path.join(dir, 'dist'));
  for (const f of fs.readdirSync(path.join(root, 'dist'))) if (f.endsWith('.mjs')) fs.copyFileSync(path.join(root, 'dist', f), path.join(dir, 'dist', f));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir'); // tree-sitter's native code
  const rxjs = path.join(root, 'node_modules', 'rxjs', 'src', 'internal');
  const files = ['Observable.ts', 'Subscriber.ts', 'operators/map.ts', 'observable/fromEvent.ts'].map((f) => path.join(rxjs, f));
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL(`file://${path.join(dir, 'dist', 'extract-worker.mjs')}`));
  t.teardown(() => { void worker.terminate(); });
  const replies = new Map<number, unknown>();
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (m: { id: number; facts?: unknown; error?: string }) => {
      if (m.error) { reject(new Error(m.error)); return; }
      replies.set(m.id, m.facts);
      if (replies.size === files.length) resolve();
    });
    files.forEach((f, id) => worker.postMessage({ id, path: path.relative(rxjs, f), text: fs.readFileSync(f, 'utf8'), language: languageOf(f) }));
  });
  worker.postMessage({ stop: true });
  files.forEach((f, id) => {
    const rel = path.relative(rxjs, f);
    const expected = extractFile(rel, fs.readFileSync(f, 'utf8'), languageOf(f)!);
    t.true(expected.symbols.length > 0, rel);
    t.deepEqual(replies.get(id), JSON.parse(JSON.stringify(expected)), rel);
  });
});

test('the bundle hands out snapshot.graph as a graphology graph: graphology\'s own libraries run on it and its export loads into another graphology', async (t) => {
  const { repo } = await savedShop(t);
  const bundle = await import(path.join(root, 'dist', 'handlers.mjs')) as typeof import('../../runtime/bundle/handlers-entry.ts');
  const { graph } = await bundle.loadSavedSnapshot(repo);
  const { bfsFromNode } = await import('graphology-traversal');
  const { MultiDirectedGraph } = await import('graphology');
  t.true(graph.multi);
  t.is(graph.type, 'directed');
  // Who reaches checkPrice, walking edges backwards: graphology-traversal on the bundle's own graph.
  const target = graph.findNode((_uid, n) => n.name === 'checkPrice');
  t.truthy(target);
  const reached: string[] = [];
  bfsFromNode(graph, target!, (_uid, n, depth) => { if (depth > 0 && n.label === 'Function') reached.push(n.name); }, { mode: 'inbound' });
  t.true(reached.includes('addItem'), reached.join(', '));
  // A slice for a renderer (what the web UI hands sigma.js): serialised, loaded by the caller's graphology.
  const copy = MultiDirectedGraph.from(graph.export());
  t.is(copy.order, graph.order);
  t.is(copy.size, graph.size);
  t.deepEqual(copy.getNodeAttributes(target!), graph.getNodeAttributes(target!));
});

test('dist/search-worker.mjs loads no language\'s rules: building the search files needs no lib/lang module (the query engine\'s test-file rule is loaded by servers, lib/search/load.ts)', (t) => {
  const dist = path.join(root, 'dist');
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    // esbuild names each module it bundles in a comment line: `// lib/lang/index.ts`
    t.false(/^\/\/ lib\/lang\//m.test(text), `${file} holds a lib/lang module`);
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.mjs)"/g)) visit(m[1]);
  };
  visit('search-worker.mjs');
  t.true(seen.size > 2, `the worker's chunks were followed (${[...seen].join(', ')})`);
  t.true([...seen].some((f) => /^\/\/ lib\/search\/index\.ts$/m.test(fs.readFileSync(path.join(dist, f), 'utf8'))), 'lib/search/index.ts is among them');
});
