/**
 * The write path of served snapshots, composed here at the edge: lib/rename's all-or-nothing file writer and
 * lib/analyze's incremental re-index, handed to the SnapshotLoader (index-store knows neither).
 */
import type { RepositoryWriter } from '../index-store/loader.ts';
import { writeFilesAtomically } from '../lib/rename/apply.ts';
import { analyzeRepository } from '../lib/analyze/index.ts';

/** A writer that writes through lib/rename and re-indexes with analyze; `log` receives analyze's messages. */
export function repositoryWriter(log?: (message: string) => void): RepositoryWriter {
  return {
    write: (root, changes) => writeFilesAtomically(root, changes),
    reindex: async (root, name, home) => { await analyzeRepository(root, { name, home, log }); },
  };
}
