/**
 * Node built-ins that a default analyze never needs, loaded on first use: it parses on the native thread (no
 * worker) and reads HEAD from the repository's files (no git process), and loading each module costs 1–3 ms of
 * every run's start.
 */
import type * as ChildProcess from 'node:child_process';
import type * as WorkerThreads from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The node:worker_threads module (loaded on the first call). */
export function workerThreads(): typeof WorkerThreads {
  return require('node:worker_threads') as typeof WorkerThreads;
}

/** The node:child_process module (loaded on the first call). */
export function childProcess(): typeof ChildProcess {
  return require('node:child_process') as typeof ChildProcess;
}
