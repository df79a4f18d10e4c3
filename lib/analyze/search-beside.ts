/**
 * The search stage in a worker thread beside resolve, modules and processes. `buildSearch` reads only the
 * symbol nodes (in graph order), the file texts and hashes and the previous generation — nothing relations,
 * modules or processes add — so the pipeline hands it the graph's symbols (packed: only what documents are made
 * of, lib/search/documents.ts packSearchable) as soon as resolve has made them all
 * (before any relation) and resolves relations, runs modules, processes and the graph write meanwhile, then
 * waits for it before finishing (the generation is published only after). The worker is started when the parse
 * phase starts if the previous snapshot shows a large project, else when resolve starts, so it has loaded
 * lib/search by then. On for large projects only (searchWorkerMode, SEARCH_WORKER_MIN_SYMBOLS).
 *
 * Failure is today's failure: an error in the worker rejects `result()` with the same message (a
 * CodegraphError keeps its code); a failure elsewhere first waits for the worker to end (`settle`), since it
 * writes into the new generation folder the caller then removes. Log lines and progress come back as messages.
 */
import type { Worker } from 'node:worker_threads';
import { CodegraphError, type ErrorCode } from '../errors.ts';
import type { BuildSearchResult } from '../search/index.ts';
import { workerStarter } from './pool.ts';
import type { SearchJob, SearchReply } from './search-worker.ts';

/**
 * Projects with at least this many symbols search in a worker by default. On the 2-core machine the worker
 * hides the search stage behind resolve, modules and processes on large projects (three.js, 10k symbols: cold
 * analyze 39% faster with it) and costs more than it hides on small ones (rxjs, 974 symbols: 15% slower with
 * it): its start-up and its share of the second core, which the parse thread and V8's background work also use.
 * gyp (Python, 2,048 symbols, search a third of its run) likewise: the main thread's CPU drops by a third with the
 * worker, but the process's does not, and its peak RSS grows by a fifth (over 400 MB per 100k lines).
 */
export const SEARCH_WORKER_MIN_SYMBOLS = 4000;

/** Whether search runs in a worker: the caller's choice (tests, benches), else `auto`, by project size. */
export function searchWorkerMode(choice: boolean | undefined): 'on' | 'off' | 'auto' {
  return choice === undefined ? 'auto' : choice ? 'on' : 'off';
}

/** Whether a project of `symbols` symbols searches in a worker under `mode`. */
export function wantsSearchWorker(mode: 'on' | 'off' | 'auto', symbols: number): boolean {
  return mode === 'on' || (mode === 'auto' && symbols >= SEARCH_WORKER_MIN_SYMBOLS);
}

/** A search worker started ahead of its job. */
export class SearchBeside {
  /** Search jobs sent to workers in this process (tests check that a forced worker really ran). */
  static jobs = 0;
  private exited: Promise<void>;
  private outcome: Promise<BuildSearchResult> | undefined;
  private sent = false;

  private constructor(private readonly worker: Worker) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('error', () => {}); // followed by 'exit'; the job's promise reports it
    worker.unref(); // idle it must not keep the process alive
  }

  /** Starts the worker now; undefined when its script is not available (search then runs in this thread). */
  static start(): SearchBeside | undefined {
    const start = workerStarter('search-worker');
    if (!start) return undefined;
    try {
      return new SearchBeside(start());
    } catch {
      return undefined;
    }
  }

  /** Hands over the job (`job.symbols`' arrays are transferred); `result()` then gives its outcome. */
  send(job: SearchJob, log: (m: string) => void, progress: (done: number) => void): void {
    const w = this.worker;
    w.ref(); // its reply is awaited
    this.sent = true;
    SearchBeside.jobs++;
    this.outcome = new Promise<BuildSearchResult>((resolve, reject) => {
      let settled = false;
      w.on('message', (m: SearchReply) => {
        if ('log' in m) log(m.log);
        else if ('progress' in m) progress(m.progress);
        else if ('done' in m) { settled = true; resolve(m.done); }
        else {
          settled = true;
          const err = m.code ? new CodegraphError(m.code as ErrorCode, m.error, m.details) : new Error(m.error);
          if (m.stack) err.stack = m.stack;
          reject(err);
        }
      });
      w.once('exit', (code) => { if (!settled) reject(new Error(`the search worker stopped (exit code ${code}) before finishing`)); });
    });
    this.outcome.catch(() => {}); // observed by result() or settle()
    w.postMessage(job, job.symbols ? [job.symbols.lengths.buffer as ArrayBuffer, job.symbols.numbers.buffer as ArrayBuffer] : []);
  }

  /** The search stage's result (rejects as buildSearch would have thrown). */
  result(): Promise<BuildSearchResult> {
    if (!this.outcome) return Promise.reject(new Error('internal: search job not sent'));
    return this.outcome;
  }

  /** Ends the worker: waits for a job in progress to finish (it writes files), else stops it at once. */
  async settle(): Promise<void> {
    if (this.sent) {
      await this.outcome!.catch(() => {});
    } else {
      await this.worker.terminate(); // idle (at most loading lib/search): nothing to interrupt
    }
    await this.exited;
  }
}
