/**
 * `analyzeRepository` in a worker thread, for a process that serves requests meanwhile (the re-index after a
 * rename apply, a watcher's re-index after each change): parsing, resolving and writing a snapshot take seconds on
 * a large repository, which on the server's own thread every other request would wait for. Without the worker
 * script (a bundle built without it) the analyze runs here, as before.
 */
import type { Worker } from 'node:worker_threads';
import { CodegraphError, type ErrorCode } from '../errors.ts';
import { analyzeRepository } from './index.ts';
import { ResidentIndexes } from './resident.ts';
import { workerStarter } from './pool.ts';
import { workerThreads } from '../util/lazy-builtins.ts';
import type { AnalyzeJob, AnalyzeReply } from './analyze-worker.ts';
import type { AnalyzeSummary } from './summary.ts';

export interface InWorkerOptions {
  name?: string;
  home?: string;
  /** How long to wait for another analyze of the repository (default 30 s). */
  lockWaitMs?: number;
  log?: (message: string) => void;
}

interface Waiting {
  resolve(summary: AnalyzeSummary): void;
  reject(err: Error): void;
  log?: (message: string) => void;
}

/**
 * One analyze thread kept for many jobs, run one after another: a later analyze finds the code it runs already
 * compiled and optimised, which on a one-file change is most of a fresh process's time, and the facts and graph
 * of the repository's last analyze in memory (resident.ts) instead of reading them back.
 */
export class AnalyzeThread {
  private worker?: Worker;
  private readonly waiting: Waiting[] = [];
  private readonly start: (() => Worker) | undefined;
  /** The kept indexes of the jobs run in this thread (`here`); the worker keeps its own. */
  private readonly resident = new ResidentIndexes();
  private closed = false;

  /**
   * `here`: run the jobs in this thread (a command that serves nothing meanwhile, warm from its own first analyze).
   * `script`: the worker's script instead of the one beside this module (a bench run from the sources measuring the
   * bundle's worker, dist/analyze-worker.mjs, whose own helper threads then start from the bundle too).
   */
  constructor(options: { here?: boolean; script?: URL } = {}) {
    const script = options.script;
    this.start = options.here ? undefined : script ? () => new (workerThreads().Worker)(script) : workerStarter('analyze-worker');
  }

  /** Where the jobs run: a worker thread, or this one (asked with `here`, or a bundle without the worker script). */
  get thread(): 'worker' | 'this' { return this.start ? 'worker' : 'this'; }

  /** Analyzes `root` incrementally; rejects as analyzeRepository would. */
  run(root: string, options: InWorkerOptions = {}): Promise<AnalyzeSummary> {
    if (this.closed) return Promise.reject(new CodegraphError('INTERNAL', 'the analyze thread is closed'));
    if (!this.start) return analyzeRepository(root, { ...options, resident: this.resident }).then((r) => r.summary);
    const worker = this.worker ?? this.spawn(this.start);
    return new Promise<AnalyzeSummary>((resolve, reject) => {
      this.waiting.push({ resolve, reject, log: options.log });
      worker.postMessage({ root, name: options.name, home: options.home, lockWaitMs: options.lockWaitMs } satisfies AnalyzeJob);
    });
  }

  /** Stops the thread; jobs still waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.failAll(new Error('the analyze thread was closed before the analyze finished'));
  }

  private spawn(start: () => Worker): Worker {
    const worker = start();
    this.worker = worker;
    worker.on('message', (m: AnalyzeReply) => {
      if ('log' in m) { this.waiting[0]?.log?.(m.log); return; }
      const job = this.waiting.shift();
      if (!job) return;
      if ('done' in m) { job.resolve(m.summary); return; }
      const err = m.code ? new CodegraphError(m.code as ErrorCode, m.error, m.details) : new Error(m.error);
      if (m.stack) err.stack = m.stack;
      job.reject(err);
    });
    const lost = (err: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined; // the next job starts a new thread
      this.failAll(err);
    };
    worker.on('error', lost);
    worker.once('exit', (code) => lost(new Error(`the analyze worker stopped (exit code ${code}) before finishing`)));
    return worker;
  }

  private failAll(err: Error): void {
    for (const job of this.waiting.splice(0)) job.reject(err);
  }
}

/** Analyzes `root` (incrementally) in a worker thread of its own; rejects as analyzeRepository would. Resolves to where it ran. */
export async function analyzeInWorker(root: string, options: InWorkerOptions = {}): Promise<{ thread: 'worker' | 'this' }> {
  const thread = new AnalyzeThread();
  try {
    await thread.run(root, options);
  } finally {
    await thread.close();
  }
  return { thread: thread.thread };
}
