#!/usr/bin/env node
// Entry of the `codegraph` command: runs the esbuild bundle dist/cli.mjs (built by `npm install` or
// `npm run build`; a fresh checkout without one is built here first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(root, 'dist', 'cli.mjs');
if (!existsSync(bundle)) {
  const r = spawnSync(process.execPath, [path.join(root, 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) { process.stderr.write('codegraph: build failed\n'); process.exit(1); }
}
const { main } = await import(pathToFileURL(bundle).href);
exitAfterCommand(await main(process.argv.slice(2)));

/**
 * Ends the process once a command's main() has returned. Every command awaits its own writes (analyze its
 * flushes and registry update, the servers their shutdown), so only Node's teardown is left, which returns V8's
 * heap to the system page by page; process.exit skips it. Output still queued (a pipe is asynchronous on some
 * systems) keeps the normal exit, so nothing printed is lost.
 */
function exitAfterCommand(code) {
  if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(code);
  process.exitCode = code;
}
