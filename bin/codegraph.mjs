#!/usr/bin/env node
// Entry of the `codegraph` command: runs the esbuild bundle (built by `npm install`/`npm run build`) through
// bin/cli-loader.mjs, which compiles it with a V8 code cache.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadCli } from './cli-loader.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
if (!existsSync(path.join(root, 'dist', 'cli.mjs'))) {
  // A fresh checkout without a build: build once, quietly.
  const r = spawnSync(process.execPath, [path.join(root, 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) { process.stderr.write('codegraph: build failed\n'); process.exit(1); }
}
const { cli, finish } = await loadCli();
finish(await cli.main(process.argv.slice(2)));
