// Bundles the TypeScript sources with esbuild:
// - dist/cli.mjs: the CLI and servers; npm packages stay external (resolved from node_modules at run time).
// - dist/handlers.mjs: the pure tool handlers plus a snapshot loader, self-contained (every JS dependency
//   bundled in), so another runtime can run the tools on a saved snapshot with no node_modules.
// Outputs are written to a temporary name and renamed into place, so a process starting while a build runs
// (parallel test files, a server restart) never imports a half-written bundle.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
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
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  write: false,
  // Lets bundled CommonJS dependencies call require() from inside an ES module.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
};

// Native addons and model runtimes cannot be inlined; handlers reach them only through the snapshot host,
// lazily, so the bundle still loads without them.
const nativeExternal = ['tree-sitter', 'tree-sitter-*', 'onnxruntime-node', 'onnxruntime-web', 'sharp', '@xenova/transformers', 'vectra'];

const results = await Promise.all([
  build({ ...common, entryPoints: { cli: 'runtime/cli.ts' }, packages: 'external' }),
  build({ ...common, entryPoints: { handlers: 'runtime/bundle/handlers-entry.ts' }, external: nativeExternal }),
]);

fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
for (const file of results.flatMap((r) => r.outputFiles)) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, file.contents);
  fs.renameSync(tmp, file.path);
}
