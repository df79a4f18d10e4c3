/**
 * Extraction on two threads by kind of work: a worker thread parses each file and walks it into flat arrays
 * (tree-sitter: native calls, little JavaScript; lib/analyze/parse-worker.ts), this thread matches and collects
 * (lib/extract/split.ts `collectParts`: the JavaScript that needs V8's warm-up, so it warms up once, here).
 * File i is collected here while the worker parses the next ones (up to IN_FLIGHT ahead). While the next parsed
 * file is not there yet — at first, the worker's start-up — this thread extracts files from the back of the list
 * whole instead of waiting. The whole-extraction pool (pool.ts) instead has every thread warm up the matcher
 * and collector, which did not pay on two cores.
 *
 * Replies come back on a MessagePort read synchronously (`receiveMessageOnPort`); when the next file is not
 * parsed yet this thread sleeps on a shared counter the worker bumps after each reply (`Atomics.wait`), so no
 * event-loop turn is needed per file. If the worker is not available or dies, or a half fails on a file, that
 * file is extracted whole in this thread (`extractFile`), so the split only changes speed, never results.
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import { workerThreads } from '../util/lazy-builtins.ts';
import { languageRuntime, type LanguageId } from '../lang/index.ts';
import { collectParts } from '../extract/split.ts';
import { availableCores, extractHere, workerStarter, type ExtractItem, type ExtractOutcome, type ExtractResult } from './pool.ts';
import type { ParseMessage, ParseReply } from './parse-worker.ts';

/**
 * Files to extract before the parse worker is used by default. Measured on 2 cores with rxjs copies
 * (docs/benchmarks.md ## Analyze): 252 files lose (the worker's ~100 ms start-up before its first parsed file
 * and its CPU on the core V8's background compilation and GC of this thread already use), 504 break even,
 * 1004 win (parse phase −15%, process −8%).
 */
export const SPLIT_MIN_FILES = 500;

/**
 * 'on' (split whenever there are files), 'off', or 'auto' (from SPLIT_MIN_FILES files, with two cores or
 * more): the caller's choice, else `CODEGRAPH_SPLIT=1` / `=0` (benchmarks compare both on one build), else auto.
 */
export function splitMode(choice: boolean | undefined): 'on' | 'off' | 'auto' {
  if (choice !== undefined) return choice ? 'on' : 'off';
  const env = process.env.CODEGRAPH_SPLIT;
  if (env === '0' || env === '1') return env === '1' ? 'on' : 'off';
  return availableCores() >= 2 ? 'auto' : 'off';
}

/** Files queued in the worker ahead of this thread (enough that it never runs dry while this thread collects). */
const IN_FLIGHT = 16;

/** Longest sleep before checking whether the worker is still alive (it never takes this long per file). */
const WAIT_MS = 200;

/** A parse worker started ahead of the work; `run` extracts with it. */
export class ParseAhead {
  /** Files parsed by parse workers in this process so far (tests check that a forced split really split). */
  static parsedInWorkers = 0;
  private alive = true;
  private readonly port: MessagePort;
  /** [0]: replies posted by the worker so far. */
  private readonly posted: Int32Array;
  private received = 0;
  private sent = 0;

  private constructor(private readonly worker: Worker) {
    const { port1, port2 } = new (workerThreads().MessageChannel)();
    this.port = port1;
    this.posted = new Int32Array(new SharedArrayBuffer(4));
    worker.on('error', () => {}); // followed by 'exit'
    worker.on('exit', () => { this.alive = false; });
    worker.unref(); // idle it must not keep the process alive
    port1.unref();
    worker.postMessage({ init: { port: port2, posted: this.posted } } satisfies ParseMessage, [port2]);
  }

  /** Starts the worker now; undefined when its script is not available (then extract in this thread). */
  static start(): ParseAhead | undefined {
    const start = workerStarter('parse-worker');
    if (!start) return undefined;
    try {
      return new ParseAhead(start());
    } catch {
      return undefined;
    }
  }

  /** Has the worker load these languages' grammars now, before the first file arrives. */
  warm(languages: readonly LanguageId[]): void {
    if (this.alive) this.worker.postMessage({ warm: [...new Set(languages)].sort() } satisfies ParseMessage);
  }

  /**
   * Extracts every item: the worker parses files from the front (a few queued ahead), this thread matches and
   * collects them in order; whenever the next parsed file is not there yet (at first: the worker's start-up),
   * this thread extracts a file from the back whole itself instead of waiting. Results are in item order.
   */
  async run(items: readonly ExtractItem[], tick: (done: number) => void, steal = true): Promise<ExtractOutcome> {
    const results: ExtractResult[] = new Array(items.length);
    const base = this.sent;
    const got = new Map<number, ParseReply>();
    let lo = 0; // next file the worker parses for us
    let hi = items.length; // files from hi on were extracted here
    let posted = 0; // files 0..posted-1 went to the worker
    let inWorkers = 0;
    let done = 0;
    const post = (): void => {
      while (this.alive && posted < hi && posted - lo < IN_FLIGHT) {
        const it = items[posted];
        this.worker.postMessage({ id: base + posted, text: it.text, language: it.language } satisfies ParseMessage);
        posted++;
      }
    };
    if (this.alive) this.worker.ref();
    try {
      post();
      while (lo < hi) {
        this.drain(got);
        const reply = got.get(base + lo);
        if (reply === undefined && this.alive && hi > posted && steal) {
          // nothing parsed yet: extract the last file not sent to the worker here, whole
          hi--;
          results[hi] = extractHere(items[hi]);
          tick(++done);
          continue;
        }
        if (reply === undefined && this.alive) {
          await this.waitReply();
          continue;
        }
        got.delete(base + lo);
        const i = lo++;
        const it = items[i];
        if (reply && 'parts' in reply) {
          try {
            results[i] = { facts: collectParts(languageRuntime(reply.parts.language), it.path, it.text, reply.parts) };
            inWorkers++;
          } catch {
            results[i] = extractHere(it); // the same error, or the facts, as in-thread extraction gives
          }
        } else results[i] = extractHere(it); // a parse error in the worker, or the worker is gone
        tick(++done);
        post();
      }
    } finally {
      ParseAhead.parsedInWorkers += inWorkers;
      this.sent += posted;
      if (this.alive) this.worker.unref();
    }
    return { results, inWorkers };
  }

  /** Stops the worker (between files). */
  close(): void {
    if (this.alive) this.worker.postMessage({ stop: true } satisfies ParseMessage);
    this.port.close();
  }

  /** Moves every reply already posted into `got` (no waiting). */
  private drain(got: Map<number, ParseReply>): void {
    const { receiveMessageOnPort } = workerThreads();
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      this.received++;
      const rep = m.message as ParseReply;
      got.set(rep.id, rep);
    }
  }

  /** Sleeps until the worker posts another reply (or a while passed: then lets a worker's 'exit' event in). */
  private async waitReply(): Promise<void> {
    if (Atomics.wait(this.posted, 0, this.received, WAIT_MS) === 'timed-out') await new Promise((r) => setImmediate(r));
  }
}
