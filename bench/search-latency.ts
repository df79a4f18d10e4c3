/**
 * Search timings on rxjs 7.8.1: build (built-in embedder), load (what a server pays at start), query
 * latency through the `query` tool (p50/p95, built-in embedder, loaded index), and embedding throughput
 * with the tiny random transformers model (timing only: its weights mean nothing).
 *   node --import tsx bench/search-latency.ts [--runs N] [--no-tiny]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rxjsCorpus } from './search-corpus.ts';
import { QUERIES } from './search-queries.ts';
import { buildSearch, embedWith } from '../lib/search/index.ts';
import { loadSearch } from '../lib/search/load.ts';
import { buildDocuments } from '../lib/search/documents.ts';
import { query } from '../handlers/query.ts';
import { memorySnapshot } from '../test/helpers/memory-snapshot.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const pct = (xs: number[], p: number): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const ms = (x: number): string => `${x.toFixed(2)} ms`;

const corpus = await rxjsCorpus();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'codegraph-search-latency-'));
try {
  const dir = path.join(tmp, 'builtin');
  let t = performance.now();
  const built = await buildSearch({ graph: corpus.graph, readSource: corpus.readSource, dir, embedder: 'builtin', log: () => {} });
  const buildMs = performance.now() - t;
  t = performance.now();
  const index = (await loadSearch(dir))!;
  const loadMs = performance.now() - t;
  console.log(`rxjs 7.8.1 src: ${built.embeddings} symbols (graph: ${corpus.source}), built-in embedder`);
  console.log(`  buildSearch ${ms(buildMs)}, loadSearch ${ms(loadMs)}`);

  const snap = memorySnapshot({ graph: corpus.graph, files: {}, search: index, embed: (x) => embedWith(dir, x) });
  for (const { q } of QUERIES.slice(0, 5)) await query({ query: q }, snap); // warm-up
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const { q } of QUERIES) {
      const s = performance.now();
      await query({ query: q }, snap);
      times.push(performance.now() - s);
    }
  }
  console.log(`  query tool (${times.length} calls): p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(Math.max(...times))}`);
  const withGoal: number[] = [];
  for (const { q } of QUERIES) {
    const s = performance.now();
    await query({ query: q, goal: 'operator', task_context: 'writing an rxjs pipeline for a search box', include_content: false }, snap);
    withGoal.push(performance.now() - s);
  }
  console.log(`  query tool with goal + task_context: p50 ${ms(pct(withGoal, 50))}, p95 ${ms(pct(withGoal, 95))}`);

  if (!process.argv.includes('--no-tiny')) {
    const model = path.join(tmp, 'tiny-bert');
    execFileSync(process.execPath, [path.resolve('test/vendor/make-test-model.mjs'), model, '2000', '32', '2', '4', '64'], { stdio: 'pipe' });
    const tdir = path.join(tmp, 'tiny');
    t = performance.now();
    const tb = await buildSearch({ graph: corpus.graph, readSource: corpus.readSource, dir: tdir, embedder: model, log: (m) => console.log('  ' + m) });
    const tinyMs = performance.now() - t;
    // Pure embedding throughput, without the keyword index and file writes.
    const texts = buildDocuments(corpus.graph, corpus.readSource).map((d) => d.embedText);
    t = performance.now();
    for (let i = 0; i < texts.length; i += 32) await embedWith(tdir, texts.slice(i, i + 32));
    const embedMs = performance.now() - t;
    console.log(`tiny random BERT (vocab 2000, hidden 32, 2 layers), ${tb.embedder}:`);
    console.log(`  buildSearch ${ms(tinyMs)}; embedding ${texts.length} symbol texts: ${ms(embedMs)} = ${(texts.length / (embedMs / 1000)).toFixed(0)} texts/s (batches of 32)`);
    const tindex = (await loadSearch(tdir))!;
    const tsnap = memorySnapshot({ graph: corpus.graph, files: {}, search: tindex, embed: (x) => embedWith(tdir, x) });
    const tt: number[] = [];
    for (const { q } of QUERIES) { const s = performance.now(); await query({ query: q }, tsnap); tt.push(performance.now() - s); }
    console.log(`  query tool (query embedded by the model): p50 ${ms(pct(tt, 50))}, p95 ${ms(pct(tt, 95))}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
