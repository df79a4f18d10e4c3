#!/usr/bin/env node
// Entry of the `codegraph` command: runs the esbuild bundle (built by `npm install`/`npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(root, 'dist', 'cli.mjs');
if (!existsSync(bundle)) {
  // A fresh checkout without a build: build once, quietly.
  const r = spawnSync(process.execPath, [path.join(root, 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) { process.stderr.write('codegraph: build failed\n'); process.exit(1); }
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
