/**
 * node:worker_threads, loaded on first use: a default analyze parses on the native thread and starts no worker,
 * and loading the module costs ≈ 2 ms of every run's start.
 */
import type * as WorkerThreads from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The node:worker_threads module (loaded on the first call). */
export function workerThreads(): typeof WorkerThreads {
  return require('node:worker_threads') as typeof WorkerThreads;
}
