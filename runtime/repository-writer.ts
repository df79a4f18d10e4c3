/**
 * The write path of served snapshots, composed here at the edge: lib/rename's all-or-nothing file writer and
 * lib/analyze's incremental re-index, handed to the SnapshotLoader (index-store knows neither).
 */
import type { RepositoryWriter } from '../index-store/loader.ts';
import { writeFilesAtomically } from '../lib/rename/apply.ts';
import { analyzeInWorker, type AnalyzeThread } from '../lib/analyze/in-worker.ts';

/**
 * A writer that writes through lib/rename and re-indexes with analyze; `log` receives analyze's messages. With
 * `thread` (a server that watches its repositories) the re-index runs there, after or before the watcher's own.
 */
export function repositoryWriter(log?: (message: string) => void, thread?: AnalyzeThread): RepositoryWriter {
  return {
    write: (root, changes) => writeFilesAtomically(root, changes),
    // In a worker thread: a server's other requests are answered meanwhile. Another analyze running is not waited
    // for: the apply is reported at once, with the warning that the index needs analyze.
    reindex: async (root, name, home) => {
      if (thread) await thread.run(root, { name, home, log, lockWaitMs: 0 });
      else await analyzeInWorker(root, { name, home, log, lockWaitMs: 0 });
    },
  };
}
