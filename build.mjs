// Bundles the TypeScript sources with esbuild: dist/cli.mjs (the CLI and servers) and dist/handlers.mjs
// (the pure tool handlers plus a snapshot loader, self-contained for other runtimes).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
  // Lets bundled CommonJS dependencies call require() from inside an ES module.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: { cli: 'runtime/cli.ts' }, outdir: 'dist', outExtension: { '.js': '.mjs' }, packages: 'external' });
