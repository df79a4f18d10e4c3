#!/usr/bin/env node
// Entry of the `codegraph` command: runs the esbuild bundle (built by `npm install`/`npm run build`) through
// bin/cli-loader.mjs, which compiles it with a V8 code cache.
import { createRequire } from 'node:module';
import { loadCli } from './cli-loader.mjs';

// Built-ins through require, child_process only when needed (see cli-loader.mjs: ES imports of built-ins cost).
const require = createRequire(import.meta.url);
const path = require('node:path');
const root = path.dirname(path.dirname(require('node:url').fileURLToPath(import.meta.url)));
if (!require('node:fs').existsSync(path.join(root, 'dist', 'cli.mjs'))) {
  // A fresh checkout without a build: build once, quietly.
  const r = require('node:child_process').spawnSync(process.execPath, [path.join(root, 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) { process.stderr.write('codegraph: build failed\n'); process.exit(1); }
}
const { cli, finish } = await loadCli({ parses: process.argv[2] === 'analyze' });
finish(await cli.main(process.argv.slice(2)));
