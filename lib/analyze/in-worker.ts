/**
 * `analyzeRepository` in a worker thread, for a process that serves requests meanwhile (the re-index after a
 * rename apply): parsing, resolving and writing a snapshot take seconds on a large repository, which on the
 * server's own thread every other request would wait for. Without the worker script (a bundle built without
 * it) the analyze runs here, as before.
 */
import { CodegraphError, type ErrorCode } from '../errors.ts';
import { analyzeRepository } from './index.ts';
import { workerStarter } from './pool.ts';
import type { AnalyzeJob, AnalyzeReply } from './analyze-worker.ts';

export interface InWorkerOptions {
  name?: string;
  home?: string;
  /** How long to wait for another analyze of the repository (default 30 s). */
  lockWaitMs?: number;
  log?: (message: string) => void;
}

/** Analyzes `root` (incrementally) in a worker thread; rejects as analyzeRepository would. Resolves to where it ran. */
export async function analyzeInWorker(root: string, options: InWorkerOptions = {}): Promise<{ thread: 'worker' | 'this' }> {
  const start = workerStarter('analyze-worker');
  if (!start) { await analyzeRepository(root, options); return { thread: 'this' }; }
  const worker = start();
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      worker.on('message', (m: AnalyzeReply) => {
        if ('log' in m) { options.log?.(m.log); return; }
        settled = true;
        if ('done' in m) { resolve(); return; }
        const err = m.code ? new CodegraphError(m.code as ErrorCode, m.error, m.details) : new Error(m.error);
        if (m.stack) err.stack = m.stack;
        reject(err);
      });
      worker.on('error', (err) => { if (!settled) { settled = true; reject(err); } });
      worker.once('exit', (code) => { if (!settled) { settled = true; reject(new Error(`the analyze worker stopped (exit code ${code}) before finishing`)); } });
      worker.postMessage({ root, name: options.name, home: options.home, lockWaitMs: options.lockWaitMs } satisfies AnalyzeJob);
    });
  } finally {
    await worker.terminate();
  }
  return { thread: 'worker' };
}
