/**
 * Extraction with the native parser's background thread (lib/extract/native.ts): that thread parses each file
 * and copies its tree into flat arrays, in C (no JavaScript, so no worker start-up and no second V8 warm-up), up
 * to IN_FLIGHT files ahead of this thread, which matches the queries and collects the facts in order. The parse
 * leaves the critical path: what this thread waits for is only the first file. When the next file is not parsed
 * yet, this thread serialises the facts of files it collected before (the text the facts cache stores) instead of
 * waiting.
 *
 * A single file (an incremental run's usual case) is extracted here (`extractHere`, which parses natively in
 * this thread): there is nothing to overlap. A file whose language the native parser does not take, or whose
 * native parse fails, is extracted whole here too, so this only changes speed, never results.
 */
import { collectParts } from '../extract/split.ts';
import { textToParse } from '../extract/halves.ts';
import { nativeParser, type NativeQueue } from '../extract/native.ts';
import { languageRuntime } from '../lang/index.ts';
import type { LanguageRuntime } from '../extract/language.ts';
import { factsBytes } from '../../index-store/parts.ts';
import { extractHere, type ExtractItem, type ExtractOutcome, type ExtractResult } from './pool.ts';

/** Files handed to the thread ahead of the one collected here (their texts and results wait in C memory). */
const IN_FLIGHT = 32;
/** Turn the event loop this often (progress output, signals). */
const YIELD_EVERY = 100;

/** The native background parser of one analyze run. */
export class NativeAhead {
  /** Files parsed by `run` on the native thread in this process so far (tests check the path taken). */
  static parsedAhead = 0;

  private constructor(private readonly queue: NativeQueue) {}

  /** A background parser, or undefined when the native parser is not available. */
  static start(): NativeAhead | undefined {
    const p = nativeParser();
    return p ? new NativeAhead(p.queue()) : undefined;
  }

  /** Extracts every item in order (results in item order). */
  async run(items: readonly ExtractItem[], tick: (done: number) => void): Promise<ExtractOutcome> {
    if (items.length === 1) {
      const results = [extractHere(items[0])];
      tick(1);
      return { results, inWorkers: 0 };
    }
    const results: ExtractResult[] = new Array(items.length);
    const queued = new Uint8Array(items.length);
    let next = 0; // next item to consider handing to the thread
    let inFlight = 0;
    const fill = (): void => {
      for (; next < items.length && inFlight < IN_FLIGHT; next++) {
        const it = items[next];
        const rt = nativeRuntime(it);
        if (!rt) continue; // extracted here when its turn comes
        try {
          this.queue.submit(rt.grammar, textToParse(rt, it.text));
          queued[next] = 1;
          inFlight++;
        } catch { /* extracted here */ }
      }
    };
    let ahead = 0;
    let serialised = 0; // results before this one have their facts' JSON (or need none)
    for (let i = 0; i < items.length; i++) {
      fill();
      const it = items[i];
      if (queued[i]) {
        inFlight--;
        // Rather than wait for the parse thread, serialise facts collected earlier: the facts cache needs those
        // bytes anyway (the facts are final once collected: resolution only reads them), and this thread would
        // idle. Kept as bytes, off the JavaScript heap: a string kept until the write would survive collections.
        while (serialised < i && !this.queue.ready()) {
          const r = results[serialised++];
          if ('facts' in r && r.text === undefined) r.text = factsBytes(r.facts);
        }
        try {
          const { buffer, count, errors } = this.queue.take();
          results[i] = { facts: collectParts(languageRuntime(it.language), it.path, it.text, { language: it.language, buffer, count, parseErrors: errors, anonymous: [] }) };
          ahead++;
        } catch {
          results[i] = extractHere(it); // the same error, or the facts, as extraction here gives
        }
      } else results[i] = extractHere(it);
      tick(i + 1);
      if ((i + 1) % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    }
    NativeAhead.parsedAhead += ahead;
    return { results, inWorkers: 0 };
  }

  /** Stops the thread. */
  close(): void {
    this.queue.close();
  }
}

/** The item's language runtime when the native parser takes that language. */
function nativeRuntime(it: ExtractItem): LanguageRuntime | undefined {
  try {
    const rt = languageRuntime(it.language);
    return rt.native ? rt : undefined;
  } catch {
    return undefined; // the grammar does not load: extractHere reports it
  }
}
