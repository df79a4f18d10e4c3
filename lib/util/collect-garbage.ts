/**
 * A full, memory-reducing garbage collection of this thread's heap, asked for where an analyze has just made
 * most of its garbage and allocates much next: once the parse's facts and the resolver are written (before
 * modules), and once search's keyword index is made (before learning and embedding).
 *
 * Why it is needed: V8 sets its old-generation limit after each full collection to a multiple of the live heap
 * (up to 4× while collections are cheap), and an analyze makes one such collection early in the parse, on a
 * small heap; the facts, the resolver's memos and the garbage of modules and processes then pile up to the
 * end without another, and the young generation, grown to its largest by the parse's surviving objects, stays
 * that size. Peak RSS is then about twice the live heap. There is no flag for that here (no V8 flags), but the
 * inspector protocol's `HeapProfiler.collectGarbage`, asked through an in-process session, runs V8's
 * low-memory collection: full collections until nothing more is freed, the young generation shrunk and the
 * freed pages returned to the system.
 */
import type * as Inspector from 'node:inspector';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Collects garbage (the collection runs as a task, so the caller's frames must let go of what is to be freed
 * before awaiting this). Resolves without collecting when this Node has no inspector.
 */
export function collectGarbage(): Promise<void> {
  let session: Inspector.Session;
  try {
    session = new (require('node:inspector') as typeof Inspector).Session();
    session.connect();
  } catch {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    // (disconnecting inside the reply's callback never returns: the session is let go on the next turn)
    const done = (): void => {
      setImmediate(() => {
        try { session.disconnect(); } catch { /* already closed */ }
        resolve();
      });
    };
    try { session.post('HeapProfiler.collectGarbage', done); } catch { done(); }
  });
}
