/**
 * Retrieval evaluation over rxjs 7.8.1: Acc@1, Acc@5 and MRR of keyword-only, vector-only and hybrid
 * ranking for the questions of bench/search-queries.ts, with the default built-in embedder.
 *   node --import tsx bench/search-eval.ts [--verbose] [--stand-in]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rxjsCorpus, type Corpus } from './search-corpus.ts';
import { QUERIES, type EvalQuery } from './search-queries.ts';
import { buildSearch, type RankMode } from '../lib/search/index.ts';
import { loadSearch, type SearchIndex } from '../lib/search/load.ts';
import type { CodeGraph } from '../lib/graph/code-graph.ts';
import { nodeOf } from '../lib/graph/code-graph.ts';

export interface Metrics { acc1: number; acc5: number; mrr: number; n: number }
export interface EvalResult { corpus: Corpus['source']; symbols: number; modes: Record<RankMode, Metrics>; misses: Array<{ q: string; mode: RankMode; top: string[] }> }

/** Rank (1-based) of the first gold symbol in a ranking, or 0 when absent. */
function goldRank(graph: CodeGraph, ranked: readonly string[], gold: readonly string[]): number {
  const wanted = gold.map((g) => { const [file, name] = g.split('#'); return { file, name }; });
  for (let i = 0; i < ranked.length; i++) {
    const n = nodeOf(graph, ranked[i]);
    if (!n) continue;
    if (wanted.some((w) => n.filePath === w.file && (n.name === w.name || n.qualifiedName === w.name))) return i + 1;
  }
  return 0;
}

/** Scores one index over the query set in one mode. */
export function score(index: SearchIndex, graph: CodeGraph, queries: readonly EvalQuery[], mode: RankMode, misses?: EvalResult['misses']): Metrics {
  let a1 = 0, a5 = 0, rr = 0;
  for (const { q, gold } of queries) {
    const [v] = index.embedLocally([q]);
    const ranked = index.rank({ query: q, mode, graph }, { query: v }).symbols.map((s) => s.uid);
    const r = goldRank(graph, ranked, gold);
    if (r === 1) a1++;
    if (r >= 1 && r <= 5) a5++;
    if (r > 0) rr += 1 / r;
    if (misses && r !== 1) misses.push({ q, mode, top: ranked.slice(0, 3).map((u) => `${u.split(':').slice(1).join(':')}`).concat(r ? [`gold@${r}`] : ['gold missing']) });
  }
  const n = queries.length;
  return { acc1: a1 / n, acc5: a5 / n, mrr: rr / n, n };
}

/** Builds the rxjs search index (built-in embedder) and scores the three modes. */
export async function evaluate(opts: { forceStandIn?: boolean } = {}): Promise<EvalResult> {
  const corpus = await rxjsCorpus(opts);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'codegraph-search-eval-'));
  try {
    await buildSearch({ graph: corpus.graph, readSource: corpus.readSource, dir, embedder: 'builtin', log: () => {} });
    const index = (await loadSearch(dir))!;
    const misses: EvalResult['misses'] = [];
    const modes = {
      keyword: score(index, corpus.graph, QUERIES, 'keyword', misses),
      vector: score(index, corpus.graph, QUERIES, 'vector', misses),
      hybrid: score(index, corpus.graph, QUERIES, 'hybrid', misses),
    };
    return { corpus: corpus.source, symbols: index.size, modes, misses };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const res = await evaluate({ forceStandIn: process.argv.includes('--stand-in') });
  const f = (x: number): string => x.toFixed(3);
  console.log(`rxjs 7.8.1 src, ${res.symbols} symbols (graph: ${res.corpus}), ${QUERIES.length} queries, default built-in embedder`);
  console.log('mode     Acc@1  Acc@5  MRR');
  for (const [mode, m] of Object.entries(res.modes)) console.log(`${mode.padEnd(8)} ${f(m.acc1)}  ${f(m.acc5)}  ${f(m.mrr)}`);
  if (process.argv.includes('--verbose')) for (const m of res.misses.filter((x) => x.mode === 'hybrid')) console.log(`  miss: ${m.q}\n        ${m.top.join(' | ')}`);
}
