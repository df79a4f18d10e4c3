/**
 * Extraction on this thread and worker threads at once, from one queue. Workers can be started before the
 * files are known (`ExtractPool.start`), so their start-up (loading the extractor and the grammars) overlaps
 * the walk and the reads; this thread extracts from the first file on, and the workers join when ready.
 *
 * A worker replies with the facts as JSON text: this thread parses it (about as fast as a structured clone)
 * and keeps the text, so the facts cache gets those files' lines without serialising them again. FileFacts are plain
 * JSON by contract (the facts cache round-trips them through JSON the same way).
 *
 * Workers are stopped by message between files (never `terminate()`d mid-parse, which aborts the process).
 * If the worker script is not available (a bundle built without it) or a worker dies, its files are extracted
 * in this thread, so the pool only ever changes speed, never results.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { scriptWorkerStarter } from '../util/worker-script.ts';
import { type FileFacts } from '../extract/index.ts';
import type { ExtractJob, ExtractReply, WorkerMessage } from './extract-worker.ts';
import { extractFile, type LanguageId } from '../lang/index.ts';
import { joinFacts, type FactsText } from '../../index-store/parts.ts';

export interface ExtractItem { path: string; text: string; language: LanguageId }
/**
 * `text`: the facts' JSON (what the facts cache stores for them) when it was made already: a worker's reply, or
 * UTF-8 bytes serialised while this thread waited for the native parse thread.
 */
export type ExtractResult = { facts: FileFacts; text?: FactsText } | { error: string };

/**
 * Files below which a pool is not worth its start-up (a worker costs ~40-60 ms of CPU to start and load the
 * grammars); used when the pool is started after the files are known (incremental runs).
 */
export const POOL_MIN_FILES = 48;

/**
 * Workers to use when the caller does not say: none below four cores, one from four up. Measured on rxjs/src
 * on a 2-core machine: this thread plus one worker finished the parse phase
 * only ~2-4% sooner when the machine was idle, for ~20% more CPU, and much later when it was not; on gyp (Python)
 * too, ~24% more CPU — a cold extraction already keeps the second core busy with the parse thread and V8's
 * background compilation and GC of this thread (compiling the extractor costs more than running it), and a worker
 * has to compile it again. With two or more spare cores that contention is gone (not measured here).
 */
export function defaultWorkers(): number {
  return availableCores() >= 4 ? 1 : 0;
}

/** Cores this process may use (honours CPU affinity, e.g. a container limited to one core). */
export function availableCores(): number {
  try {
    return os.availableParallelism();
  } catch {
    return 1;
  }
}

/** Yield to the event loop this often when no worker is helping, so native trees are freed (DESIGN.md §9). */
const YIELD_EVERY = 100;
/** Jobs each worker holds at once: the next one is there when it finishes, even while this thread extracts. */
const IN_FLIGHT = 3;

/**
 * How to start a worker: the script next to this module — `<script>.mjs` in a bundle (dist/), or
 * `<script>.ts` from source, loaded through tsx's API because a worker does not apply the parent's
 * `--import tsx` hooks to its entry. Undefined when neither is available (the pool then runs nothing).
 */
export function workerStarter(script = 'extract-worker'): (() => Worker) | undefined {
  return scriptWorkerStarter(script, import.meta.url);
}

export interface ExtractOutcome {
  /** One result per item, in item order. */
  results: ExtractResult[];
  /** How many items the workers extracted (the rest ran in this thread). */
  inWorkers: number;
}

/** One worker and what it is working on. */
interface Slot {
  worker: Worker;
  /** Item ids sent and not answered yet. */
  busy: Set<number>;
  alive: boolean;
  /** Set while a run() is using the pool: called on every reply and on the worker's exit. */
  onEvent?: () => void;
  replies: ExtractReply[];
}

/** Worker threads for extraction, started ahead of the work; `run` uses them with this thread. */
export class ExtractPool {
  private readonly slots: Slot[] = [];

  private constructor() {}

  /** Starts `workers` threads now (0, or none available → a pool that extracts in this thread only). */
  static start(workers: number): ExtractPool {
    const pool = new ExtractPool();
    const start = workers > 0 ? workerStarter() : undefined;
    if (start) for (let i = 0; i < workers; i++) pool.spawn(start);
    return pool;
  }

  /** Threads besides this one. */
  get size(): number { return this.slots.filter((s) => s.alive).length; }

  /** Has each worker load these languages' grammars now, before the first file arrives. */
  warm(languages: readonly LanguageId[]): void {
    for (const s of this.slots) if (s.alive) s.worker.postMessage({ warm: [...new Set(languages)] } satisfies WorkerMessage);
  }

  /**
   * Extracts every item: this thread takes the next file whenever it is free (unless `here` is false), each
   * worker keeps a few files queued. Results are in item order whoever extracted them.
   */
  async run(items: readonly ExtractItem[], tick: (done: number) => void, here = true): Promise<ExtractOutcome> {
    const results: (ExtractResult | undefined)[] = new Array(items.length);
    const redo: number[] = [];
    let next = 0;
    let done = 0;
    let inWorkers = 0;
    const slots = this.slots.filter((s) => s.alive);
    const take = (): number | undefined => (redo.length ? redo.pop() : next < items.length ? next++ : undefined);
    const feed = (s: Slot): void => {
      while (s.alive && s.busy.size < IN_FLIGHT) {
        const id = take();
        if (id === undefined) return;
        const it = items[id];
        s.busy.add(id);
        s.worker.postMessage({ id, path: it.path, text: it.text, language: it.language, json: true } satisfies ExtractJob);
      }
    };
    let wake: (() => void) | undefined;
    for (const s of slots) {
      s.worker.ref(); // its replies are awaited
      s.onEvent = () => {
        for (const m of s.replies.splice(0)) {
          if (!s.busy.delete(m.id) || results[m.id]) continue;
          results[m.id] = 'error' in m ? { error: m.error } : 'head' in m ? parseReply(m.head, m.body) : { facts: m.facts as FileFacts };
          inWorkers++;
          tick(++done);
        }
        if (!s.alive) { redo.push(...s.busy); s.busy.clear(); } // a dead worker's files are done here
        feed(s);
        wake?.();
      };
      s.onEvent();
    }
    try {
      for (;;) {
        const id = here || slots.every((s) => !s.alive) ? take() : undefined;
        if (id !== undefined) {
          results[id] = extractHere(items[id]);
          tick(++done);
          // Let replies in (and the workers be fed) between files; alone, yield now and then for the trees.
          if (slots.some((s) => s.alive) || done % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
          continue;
        }
        if (slots.every((s) => s.busy.size === 0) && redo.length === 0 && next >= items.length) break;
        await new Promise<void>((r) => { wake = r; });
        wake = undefined;
      }
    } finally {
      for (const s of slots) { s.onEvent = undefined; s.worker.unref(); }
    }
    return { results: results as ExtractResult[], inWorkers };
  }

  /** Stops the workers (between files). */
  close(): void {
    for (const s of this.slots) if (s.alive) s.worker.postMessage({ stop: true } satisfies WorkerMessage);
  }

  private spawn(start: () => Worker): void {
    let worker: Worker;
    try {
      worker = start();
    } catch {
      return;
    }
    const slot: Slot = { worker, busy: new Set(), alive: true, replies: [] };
    worker.on('message', (m: ExtractReply) => { slot.replies.push(m); slot.onEvent?.(); });
    worker.on('error', () => {}); // followed by 'exit'
    worker.on('exit', () => { slot.alive = false; slot.onEvent?.(); });
    // Idle (started ahead of the work, or between runs) it must not keep the process alive; run() refs it.
    worker.unref();
    this.slots.push(slot);
  }
}

/** Extracts every item; with `workers` > 0 in that many worker threads only, else in this thread. */
export async function extractAll(items: readonly ExtractItem[], workers: number, tick: (done: number) => void): Promise<ExtractOutcome> {
  const pool = ExtractPool.start(workers > 0 && items.length > 1 ? Math.min(workers, items.length) : 0);
  try {
    return await pool.run(items, tick, false);
  } finally {
    pool.close();
  }
}

function parseReply(head: string, body: string): ExtractResult {
  return { facts: joinFacts(head, body) as FileFacts, text: { head, body } };
}

export function extractHere(it: ExtractItem): ExtractResult {
  try {
    return { facts: extractFile(it.path, it.text, it.language) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
