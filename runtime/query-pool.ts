/**
 * Runs budgeted tools (cypher) in worker threads, so the servers' event loop stays free for cheap calls while
 * a query runs to its 5 s budget, and bounds how many such queries run and wait at once:
 * - `workers` threads (default: two, one on a single core) each run one query at a time;
 * - up to `maxQueued` more wait for a free thread, each at most its time budget, then TIMEOUT (`budget: queue`);
 *   beyond that a request is refused at once with BUSY (503);
 * - a query still running `graceMs` past its budget (a step the engine's clock cannot interrupt) is stopped
 *   by terminating its thread: TIMEOUT (`budget: time`); one that outgrows the thread's heap limit ends it:
 *   TIMEOUT (`budget: memory`). Either way the process and every other request carry on.
 * Each thread keeps its own copy of the graphs it has queried (read from the snapshot's generation folder when
 * it came from disk, else copied over once), the latest snapshot of each repository only.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { CodegraphError } from '../lib/errors.ts';
import { scriptWorkerStarter } from '../lib/util/worker-script.ts';
import { generationDirOf } from '../index-store/loader.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import { denseGraph } from '../lib/graph/code-graph.ts';
import type { GraphEdge, GraphNode } from '../lib/graph/schema.ts';
import type { GraphSource, QueryJob, QueryReply } from './query-worker.ts';

/** Tools run by the pool: those with a time budget whose handlers read only the snapshot's graph. */
export const POOLED_TOOLS: ReadonlySet<string> = new Set(['cypher']);

export interface QueryPoolOptions {
  /** Worker threads (default: 2, or 1 on a single core). */
  workers?: number;
  /** Requests that may wait for a free thread (default 16); more are refused with BUSY. */
  maxQueued?: number;
  /** How long a request may wait for a thread, and how long a query may run, in ms (default 5000: the engine's budget). */
  budgetMs?: number;
  /** How long past its budget a query may run before its thread is terminated (default 2000 ms). */
  graceMs?: number;
  /** Heap limit of each thread in MB (default: a quarter of the machine's memory, 512..4096). */
  maxHeapMb?: number;
  /** Where unexpected failures are reported (stderr by default). */
  log?: (line: string) => void;
}

interface Job {
  tool: string;
  request: Record<string, unknown>;
  snapshot: Snapshot;
  queuedAt: number;
  resolve(result: unknown): void;
  reject(err: unknown): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** Snapshot keys whose graph this thread holds, least recently used first. */
  graphs: number[];
  job?: Job & { id: number; key: number; retried?: boolean };
}

/** Graphs a thread keeps at most (one per repository; the least recently used goes first). */
const GRAPHS_PER_WORKER = 8;
/** How long loading a graph into a thread may take before the thread is given up. */
const LOAD_LIMIT_MS = 120_000;

const keys = new WeakMap<Snapshot, number>();
let nextKey = 1;
/** A number naming one snapshot object (a reloaded repository is a new snapshot, hence a new key). */
function keyOf(snapshot: Snapshot): number {
  let k = keys.get(snapshot);
  if (k === undefined) keys.set(snapshot, (k = nextKey++));
  return k;
}

/** A pool of query threads; `offload` plugs it into runTool. */
export class QueryPool {
  private readonly size: number;
  private readonly maxQueued: number;
  private readonly budgetMs: number;
  private readonly graceMs: number;
  private readonly maxHeapMb: number;
  private readonly log: (line: string) => void;
  private readonly start: (() => Worker) | undefined;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** The latest snapshot key per repository path: an older one is dropped from every thread. */
  private readonly latest = new Map<string, number>();
  private nextJob = 1;
  private closed = false;

  constructor(options: QueryPoolOptions = {}) {
    this.size = Math.max(1, options.workers ?? Math.min(2, cores()));
    this.maxQueued = Math.max(0, options.maxQueued ?? 16);
    this.budgetMs = options.budgetMs ?? 5000;
    this.graceMs = options.graceMs ?? 2000;
    this.maxHeapMb = options.maxHeapMb ?? Math.max(512, Math.min(4096, Math.floor(os.totalmem() / 4 / 2 ** 20)));
    this.log = options.log ?? ((line) => { process.stderr.write(line + '\n'); });
    this.start = scriptWorkerStarter('query-worker', import.meta.url, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
  }

  /** Whether queries run in threads here (false in a bundle without the worker script: they run in-line). */
  get available(): boolean { return this.start !== undefined && !this.closed; }

  /** For runTool: runs `tool` in a thread when it is pooled; undefined means "run it in-line". */
  readonly offload = (tool: string, request: Record<string, unknown>, snapshot: Snapshot): Promise<unknown> | undefined =>
    POOLED_TOOLS.has(tool) && this.available ? this.run(tool, request, snapshot) : undefined;

  /** Queries running and waiting now. */
  load(): { running: number; queued: number } {
    return { running: this.slots.filter((s) => s.job).length, queued: this.queue.length };
  }

  /**
   * Bytes of heap each idle thread holds after a full collection (a thread running a query is skipped): what
   * queries left behind, for tests and diagnostics.
   */
  async heapUsed(): Promise<number[]> {
    return Promise.all(this.slots.filter((s) => !s.job).map((s) => new Promise<number>((resolve) => {
      const onMessage = (msg: QueryReply) => {
        if (msg.type !== 'heap') return;
        s.worker.off('message', onMessage);
        s.worker.unref();
        resolve(msg.used);
      };
      s.worker.on('message', onMessage);
      s.worker.ref(); // the reply is awaited
      s.worker.postMessage({ type: 'heap' } satisfies QueryJob);
    })));
  }

  /** Runs a validated request of a pooled tool on the snapshot's graph in a thread. */
  run(tool: string, request: Record<string, unknown>, snapshot: Snapshot): Promise<unknown> {
    if (this.closed) return Promise.reject(new CodegraphError('INTERNAL', 'the query pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { tool, request, snapshot, queuedAt: performance.now(), resolve, reject };
      const slot = this.freeSlot();
      if (slot) { this.dispatch(slot, job); return; }
      if (this.queue.length >= this.maxQueued) {
        reject(new CodegraphError('BUSY', `${this.size} queries are running and ${this.queue.length} waiting, the most this server takes at once; retry shortly`, { running: this.size, queued: this.queue.length }));
        return;
      }
      job.timer = setTimeout(() => {
        const i = this.queue.indexOf(job);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new CodegraphError('TIMEOUT', `no query thread was free within the ${this.budgetMs} ms budget (${this.size} busy); retry shortly`, { budget: 'queue' }));
      }, this.budgetMs);
      this.queue.push(job);
    });
  }

  /** Terminates every thread; queued and running requests fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closing = new CodegraphError('INTERNAL', 'the server is stopping');
    for (const job of this.queue.splice(0)) { clearTimeout(job.timer); job.reject(closing); }
    await Promise.all(this.slots.map((s) => {
      if (s.job) { clearTimeout(s.job.timer); s.job.reject(closing); s.job = undefined; }
      return s.worker.terminate().catch(() => 0);
    }));
    this.slots.length = 0;
  }

  private freeSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.job);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return undefined;
  }

  private spawn(): Slot {
    const worker = this.start!();
    const slot: Slot = { worker, graphs: [] };
    worker.on('message', (msg: QueryReply) => this.reply(slot, msg));
    worker.on('error', (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!oom) this.log(`query thread failed: ${err.stack ?? err.message}`);
      this.lose(slot, oom
        ? new CodegraphError('TIMEOUT', `the query ran out of its memory budget (${this.maxHeapMb} MB); narrow it or return less`, { budget: 'memory' })
        : new CodegraphError('INTERNAL', 'internal error; the server log has the details'));
    });
    worker.on('exit', () => this.lose(slot, new CodegraphError('INTERNAL', 'the query thread stopped; the server log has the details')));
    // An idle pool must not keep a finished command alive (after the listeners: adding one refs the worker again).
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** Sends a job to a thread, with the graph's source when the thread does not hold it yet. */
  private dispatch(slot: Slot, job: Job, retried = false): void {
    clearTimeout(job.timer);
    const key = keyOf(job.snapshot);
    this.noteLatest(job.snapshot, key);
    const id = this.nextJob++;
    slot.job = { ...job, id, key, retried };
    const held = slot.graphs.indexOf(key);
    if (held >= 0) slot.graphs.splice(held, 1);
    slot.graphs.push(key);
    while (slot.graphs.length > GRAPHS_PER_WORKER) slot.worker.postMessage({ type: 'drop', key: slot.graphs.shift()! } satisfies QueryJob);
    const load = held >= 0 ? undefined : graphSource(job.snapshot, retried);
    slot.job.timer = setTimeout(() => this.kill(slot, new CodegraphError('TIMEOUT', `loading the graph for the query took over ${LOAD_LIMIT_MS} ms`, { budget: 'time' })), LOAD_LIMIT_MS);
    slot.worker.postMessage({ type: 'run', job: id, key, load, tool: job.tool, request: job.request, repo: job.snapshot.repo } satisfies QueryJob);
  }

  private reply(slot: Slot, msg: QueryReply): void {
    const job = slot.job;
    if (msg.type === 'heap' || !job || job.id !== msg.job) return;
    switch (msg.type) {
      case 'loaded':
        // The engine's own clock stops the query at its budget; the thread is ended only if it cannot.
        clearTimeout(job.timer);
        job.timer = setTimeout(() => this.kill(slot, new CodegraphError('TIMEOUT', `query exceeded its time budget of ${this.budgetMs} ms and was stopped`, { budget: 'time' })), this.budgetMs + this.graceMs);
        return;
      case 'load-failed':
        slot.graphs = slot.graphs.filter((k) => k !== job.key);
        if (!job.retried) { this.finish(slot); this.dispatch(slot, job, true); return; }
        this.log(`query thread could not load the graph of '${job.snapshot.repo.name}': ${msg.message}`);
        job.reject(new CodegraphError('INTERNAL', 'internal error; the server log has the details'));
        break;
      case 'done':
        job.resolve(msg.result);
        break;
      case 'failed':
        if (msg.internal) {
          this.log(`internal error: ${msg.internal}`);
          job.reject(new CodegraphError('INTERNAL', 'internal error; the server log has the details'));
        } else {
          job.reject(new CodegraphError(msg.error.code as never, msg.error.message, msg.error.details));
        }
        break;
    }
    this.finish(slot);
    this.next(slot);
  }

  private finish(slot: Slot): void {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = undefined;
  }

  /** Gives a free thread the oldest waiting job. */
  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.dispatch(slot, job);
  }

  /** Ends a thread that overran its limit; its job fails with `err`, and a new thread takes the queue. */
  private kill(slot: Slot, err: CodegraphError): void {
    this.lose(slot, err);
    void slot.worker.terminate();
  }

  /** Forgets a thread (terminated, crashed or out of memory) and fails its job. */
  private lose(slot: Slot, err: CodegraphError): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    slot.worker.removeAllListeners('message');
    const job = slot.job;
    this.finish(slot);
    job?.reject(err);
    if (this.closed) return;
    const waiting = this.queue.shift();
    if (waiting) this.dispatch(this.spawn(), waiting);
  }

  /** Remembers a repository's newest snapshot; threads drop the graph of the one it replaced. */
  private noteLatest(snapshot: Snapshot, key: number): void {
    const path = snapshot.repo.path;
    const old = this.latest.get(path);
    if (old === key) return;
    this.latest.set(path, key);
    if (old === undefined) return;
    for (const s of this.slots) {
      const at = s.graphs.indexOf(old);
      if (at < 0) continue;
      s.graphs.splice(at, 1);
      s.worker.postMessage({ type: 'drop', key: old } satisfies QueryJob);
    }
  }
}

/** Where a thread reads the snapshot's graph: its generation folder, or (in memory, or on a retry) a copy. */
function graphSource(snapshot: Snapshot, copy: boolean): GraphSource {
  const dir = copy ? undefined : generationDirOf(snapshot);
  if (dir) return { dir };
  const d = denseGraph(snapshot.graph);
  return { data: { nodes: d.nodes as GraphNode[], edges: d.edges as GraphEdge[] }, ends: { src: d.src, dst: d.dst } };
}

function cores(): number {
  try { return os.availableParallelism(); } catch { return 1; }
}
