/**
 * Worker-thread side of the search stage beside modules and processes (search-beside.ts): builds the search
 * files (lib/search `buildSearch`) from the graph's nodes as they are after resolve — search reads only the
 * symbol nodes, in graph order, never what modules and processes add (and of those only the properties
 * documents are made from: they come packed) — while the main thread runs modules,
 * processes and the writes. Log lines and progress go back as messages. One job per worker.
 */
import { parentPort } from 'node:worker_threads';
import type { GraphNode } from '../graph/schema.ts';
import { readInside } from '../../index-store/host.ts';
import { CodegraphError } from '../errors.ts';
import { collectGarbage } from '../util/collect-garbage.ts';
import type { BuildSearchResult, PackedSymbols } from '../search/index.ts';

export interface SearchJob {
  root: string;
  /**
   * The searchable nodes of the graph after resolve, in graph order, as the properties search reads
   * (lib/search/documents.ts packSearchable); else (a node the packed form cannot carry) `nodes`.
   */
  symbols?: PackedSymbols;
  /** Every node of the graph after resolve, in graph order (edges are not needed), when `symbols` is not given. */
  nodes?: GraphNode[];
  /** Texts the main thread read this run, by path (others are read from disk). */
  texts: Array<[string, string]>;
  /** Every indexed file's content hash, by path (the documents' keys). */
  hashes: Array<[string, string]>;
  dir: string;
  previousDir?: string;
  embedder?: string;
  fresh: boolean;
  /** Collect garbage once the keyword index is made (lib/search BuildSearchOptions.collectGarbage). */
  collect?: boolean;
}
export type SearchReply = { log: string } | { progress: number } | { done: BuildSearchResult }
  | { error: string; stack?: string; code?: string; details?: unknown };

const port = parentPort;
if (port) {
  // Loaded now, while the main thread still parses and resolves.
  const search = import('../search/index.ts');
  port.once('message', async (job: SearchJob) => {
    let reply: SearchReply;
    try {
      const { buildSearch, unpackSearchable } = await search;
      // (search reads the nodes alone, in order: no graph is built of them)
      const graph = job.symbols ? unpackSearchable(job.symbols) : job.nodes!;
      const texts = new Map(job.texts);
      const hashes = new Map(job.hashes);
      const res = await buildSearch({
        graph, dir: job.dir, previousDir: job.previousDir, embedder: job.embedder,
        log: (message) => port.postMessage({ log: message } satisfies SearchReply),
        readSource: (p) => texts.get(p) ?? readInside(job.root, p),
        fileDigest: (p) => hashes.get(p),
        fresh: job.fresh,
        collectGarbage: job.collect ? collectGarbage : undefined,
        progress: (d) => port.postMessage({ progress: d } satisfies SearchReply),
      });
      reply = { done: res };
    } catch (err) {
      const e = err as { message?: string; stack?: string; code?: unknown; details?: unknown };
      reply = err instanceof Error
        ? { error: err.message, stack: e.stack, ...(err instanceof CodegraphError ? { code: err.code, details: e.details } : {}) }
        : { error: String(err) };
    }
    port.postMessage(reply);
    port.close();
  });
}
