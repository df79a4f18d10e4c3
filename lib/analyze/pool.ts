/**
 * Extraction in worker threads for cold runs: each worker takes one file at a time from a shared queue.
 * Workers are stopped between files by message (never `terminate()`d mid-parse, which aborts the process).
 * If the worker script is not available (a bundle built without it) or a worker dies, the remaining files
 * are extracted in this thread, so the pool only ever changes speed, never results.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { extractFile, type FileFacts, type LanguageId } from '../extract/index.ts';
import type { ExtractJob, ExtractReply } from './extract-worker.ts';

export interface ExtractItem { path: string; text: string; language: LanguageId }
export type ExtractResult = { facts: FileFacts } | { error: string };

/**
 * Workers to use when the caller does not say: none. Measured on rxjs/src (bench/analyze.ts, docs/benchmarks.md)
 * on a shared 2-core machine, a pool of 2 was slower than one thread (each worker loads the grammars and
 * compiles the queries again, and the cores are busy anyway); `--workers 2` remains for idle multi-core machines.
 */
export function defaultWorkers(_items: readonly ExtractItem[]): number {
  return 0;
}

/** Yield to the event loop this often in this thread, so native trees are freed (DESIGN.md §9). */
const YIELD_EVERY = 100;

/**
 * How to start a worker: the script next to this module — `extract-worker.mjs` in a bundle (dist/), or
 * `extract-worker.ts` from source, loaded through tsx's API because a worker does not apply the parent's
 * `--import tsx` hooks to its entry. Undefined when neither is available (the pool then runs nothing).
 */
function workerStarter(): (() => Worker) | undefined {
  const self = import.meta.url;
  try {
    if (!self.endsWith('.ts')) {
      const url = new URL('./extract-worker.mjs', self);
      return fs.existsSync(fileURLToPath(url)) ? () => new Worker(url) : undefined;
    }
    const url = new URL('./extract-worker.ts', self);
    const tsxApi = import.meta.resolve('tsx/esm/api');
    if (!fs.existsSync(fileURLToPath(url))) return undefined;
    const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
    return () => new Worker(boot, { eval: true });
  } catch {
    return undefined;
  }
}

export interface ExtractOutcome {
  /** One result per item, in item order. */
  results: ExtractResult[];
  /** How many items the workers extracted (the rest ran in this thread). */
  inWorkers: number;
}

/** Extracts every item; with `workers` > 0 in a pool, else in this thread with regular yields. */
export async function extractAll(items: readonly ExtractItem[], workers: number, tick: (done: number) => void): Promise<ExtractOutcome> {
  const results: (ExtractResult | undefined)[] = new Array(items.length);
  let next = 0;
  let done = 0;
  let inWorkers = 0;
  const start = workers > 0 && items.length > 1 ? workerStarter() : undefined;
  if (start) {
    const n = Math.min(workers, items.length);
    await Promise.all(Array.from({ length: n }, () => runWorker(start)));
  }
  // Whatever the pool did not finish (no pool, or a worker died): here, yielding every 100 files.
  for (let i = 0; i < items.length; i++) {
    if (results[i]) continue;
    results[i] = extractHere(items[i]);
    tick(++done);
    if (done % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
  }
  return { results: results as ExtractResult[], inWorkers };

  function runWorker(start: () => Worker): Promise<void> {
    return new Promise((resolve) => {
      let worker: Worker;
      try {
        worker = start();
      } catch {
        resolve();
        return;
      }
      const feed = (): void => {
        if (next >= items.length) { worker.postMessage({ stop: true }); return; }
        const id = next++;
        const it = items[id];
        const job: ExtractJob = { id, path: it.path, text: it.text, language: it.language };
        worker.postMessage(job);
      };
      worker.on('message', (m: ExtractReply) => {
        results[m.id] = 'error' in m ? { error: m.error } : { facts: m.facts as FileFacts };
        inWorkers++;
        tick(++done);
        feed();
      });
      // A dead worker's in-flight file is left for the fallback loop below; the other workers keep going.
      worker.on('error', () => {});
      worker.on('exit', () => resolve());
      feed();
    });
  }
}

function extractHere(it: ExtractItem): ExtractResult {
  try {
    return { facts: extractFile(it.path, it.text, it.language) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
