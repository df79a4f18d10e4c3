/**
 * The folders an MCP client works in: the folder the server was started in, then the workspace roots the client
 * reports (MCP `roots`), kept current when the client says they changed. They pick the default repository.
 */
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { defaultRepo } from '../default-repo.ts';
import type { SnapshotSource } from '../snapshot-source.ts';

/** Asks the client for its roots once initialized (and again on change); returns the current folder list. */
export function clientFolders(server: Server, workingFolder: string | undefined, log: (line: string) => void): () => string[] {
  let roots: string[] = [];
  const refresh = async (): Promise<void> => {
    if (!server.getClientCapabilities()?.roots) return;
    try {
      const res = await server.listRoots();
      roots = res.roots.filter((r) => r.uri.startsWith('file://')).map((r) => fileURLToPath(r.uri));
    } catch (err) {
      log(`could not read the client's workspace roots: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const previous = server.oninitialized;
  server.oninitialized = () => { previous?.(); void refresh(); };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => { await refresh(); });
  return () => (workingFolder ? [workingFolder, ...roots] : roots);
}

/** A sentence for the server's instructions naming the repository calls without `repo` will use, if one is clear now. */
export function defaultRepoNote(source: SnapshotSource, workingFolder: string | undefined): string | undefined {
  let repos;
  try { repos = source.list(); } catch { return undefined; }
  const hit = defaultRepo(repos, workingFolder ? [workingFolder] : []);
  if (!hit) return undefined;
  return `Calls without \`repo\` use the repository '${hit.name}' (${hit.path})${repos.length > 1 ? ', the one this server was started in' : ''}.`;
}
