/**
 * The command an editor runs to start the MCP server: `codegraph mcp` when `codegraph` on the PATH is a
 * codegraph install (npm install -g, npm link), else this Node and this package's entry by absolute path,
 * which works from a clone without installing anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { binPath, packageRoot } from '../package-root.ts';
import type { ServerCommand } from './edit-config.ts';

/** The server command's arguments. */
const MCP_ARGS: readonly string[] = ['mcp', '--watch'];

/** The `codegraph` executable on PATH when it belongs to a codegraph package; undefined otherwise. */
export function codegraphOnPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | undefined {
  const names = platform === 'win32' ? ['codegraph.cmd', 'codegraph.exe', 'codegraph'] : ['codegraph'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      let real: string;
      try { real = fs.realpathSync(candidate); } catch { continue; }
      if (platform === 'win32' || packageRoot(path.dirname(real)) !== undefined) return candidate;
    }
  }
  return undefined;
}

/**
 * How editors should start `codegraph mcp --watch` on this machine; `portable` says whether it is the bare command.
 * With `--watch` the server re-indexes the repository as the agent or the person edits it: an answer about code
 * just changed is an answer about that code.
 */
export function serverCommand(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): ServerCommand & { portable: boolean } {
  // On Windows an editor starts commands without a shell, which cannot run npm's .cmd shims: use node itself.
  if (platform !== 'win32' && codegraphOnPath(env, platform)) return { command: 'codegraph', args: [...MCP_ARGS], portable: true };
  const root = packageRoot();
  if (!root) return { command: 'codegraph', args: [...MCP_ARGS], portable: true };
  return { command: process.execPath, args: [binPath(root), ...MCP_ARGS], portable: false };
}
