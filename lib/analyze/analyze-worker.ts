/**
 * A whole analyze in a worker thread (lib/analyze/in-worker.ts): a server re-indexing after a rename apply
 * keeps its event loop for other requests meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { isCodegraphError } from '../errors.ts';
import { analyzeRepository } from './index.ts';

export interface AnalyzeJob { root: string; name?: string; home?: string; lockWaitMs?: number }
export type AnalyzeReply =
  | { log: string }
  | { done: true }
  | { error: string; code?: string; details?: unknown; stack?: string };

parentPort?.once('message', (job: AnalyzeJob) => {
  analyzeRepository(job.root, { name: job.name, home: job.home, lockWaitMs: job.lockWaitMs, log: (line) => parentPort!.postMessage({ log: line } satisfies AnalyzeReply) })
    .then(() => parentPort!.postMessage({ done: true } satisfies AnalyzeReply))
    .catch((err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      parentPort!.postMessage({ error: e.message, stack: e.stack, ...(isCodegraphError(err) ? { code: err.code, details: err.details } : {}) } satisfies AnalyzeReply);
    });
});
