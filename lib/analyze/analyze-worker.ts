/**
 * Whole analyzes in a worker thread (lib/analyze/in-worker.ts): a server re-indexing after a rename apply, or a
 * watcher re-indexing after each change, keeps its event loop for other requests meanwhile. Jobs are taken one
 * after another for as long as the thread lives, so a long-lived worker runs its later analyzes with warm code and
 * with the previous index of the repository already in memory.
 */
import { parentPort } from 'node:worker_threads';
import { isCodegraphError } from '../errors.ts';
import { analyzeRepository } from './index.ts';
import { ResidentIndexes } from './resident.ts';
import type { AnalyzeSummary } from './summary.ts';

export interface AnalyzeJob { root: string; name?: string; home?: string; lockWaitMs?: number }
export type AnalyzeReply =
  | { log: string }
  | { done: true; summary: AnalyzeSummary }
  | { error: string; code?: string; details?: unknown; stack?: string };

let queue: Promise<void> = Promise.resolve();
// what each analyze leaves for the next one of the same repository (resident.ts)
const resident = new ResidentIndexes();
parentPort?.on('message', (job: AnalyzeJob) => {
  queue = queue.then(() => analyzeRepository(job.root, { name: job.name, home: job.home, lockWaitMs: job.lockWaitMs, resident, log: (line) => parentPort!.postMessage({ log: line } satisfies AnalyzeReply) })
    .then((result) => parentPort!.postMessage({ done: true, summary: result.summary } satisfies AnalyzeReply))
    .catch((err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      parentPort!.postMessage({ error: e.message, stack: e.stack, ...(isCodegraphError(err) ? { code: err.code, details: err.details } : {}) } satisfies AnalyzeReply);
    }));
});
