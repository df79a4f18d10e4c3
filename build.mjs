// Bundles the TypeScript sources with esbuild:
// - dist/cli.mjs (+ dist/cli-*.mjs chunks beside it): the CLI and servers. Plain-JS npm packages are bundled in
//   (Node then reads and compiles a few files instead of resolving and loading hundreds: Hapi and Joi alone are
//   ~150 CommonJS files, ~0.1 s of a server's start); native addons and model runtimes stay external, resolved
//   from node_modules when used. Code split, so a command that imports its server lazily does not make every
//   other command load Hapi or the MCP SDK at start.
// - dist/extract-worker.mjs: the extraction pool's worker thread (lib/analyze/pool.ts looks for it beside the
//   chunk that starts it), sharing the CLI's chunks, and dist/search-worker.mjs, the search stage beside modules
//   and processes (lib/analyze/search-beside.ts), found the same way; dist/query-worker.mjs, the servers'
//   query threads (runtime/query-pool.ts), and dist/analyze-worker.mjs, a re-index off a server's thread
//   (lib/analyze/in-worker.ts), likewise.
// - dist/handlers.mjs: the pure tool handlers plus a snapshot loader, self-contained (every JS dependency
//   bundled in), so another runtime can run the tools on a saved snapshot with no node_modules.
// - dist/web/: the web UI that `codegraph serve` serves at / (runtime/web/build-web.mjs).
// - dist/code-search-nbow.bin: the code-search model (lib/search/model/), copied, never inlined: only an
//   analyze or query that uses it reads its 3 MB.
// - native/build/tree_flat.node: the native parse and tree copy (native/build.mjs), when a C compiler and Node's
//   headers are there; without them codegraph parses through node-tree-sitter, with the same results.
// Every bundle carries the tree-sitter query files (lib/lang/**/*.scm) inlined as text, so none reads them from
// disk (the extractor fingerprints them when it is imported).
// Outputs are written to a temporary name and renamed into place, so a process starting while a build runs
// (parallel test files, a server restart) never imports a half-written bundle.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { buildNative } from './native/build.mjs';
import { buildWebUi } from './runtime/web/build-web.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const langDir = path.join(root, 'lib', 'lang');

/** Replaces lib/lang/query-text.ts (which reads the query files from disk) with a module holding their texts. */
const inlineQueries = {
  name: 'inline-queries',
  setup(b) {
    b.onLoad({ filter: /[\\/]lib[\\/]lang[\\/]query-text\.ts$/ }, () => {
      const files = fs.readdirSync(langDir, { recursive: true }).map((f) => String(f).split(path.sep).join('/')).filter((f) => f.endsWith('.scm')).sort();
      const lines = files.map((f, i) => `import q${i} from ${JSON.stringify(`./${f}`)};`);
      lines.push(`const TEXTS = new Map([${files.map((f, i) => `[${JSON.stringify(f)}, q${i}]`).join(', ')}]);`);
      lines.push('export function queryText(rel) { const text = TEXTS.get(rel); if (text === undefined) throw new Error(`codegraph: no query file ${rel} in this bundle`); return text; }');
      return { contents: lines.join('\n'), loader: 'js', resolveDir: langDir, watchFiles: files.map((f) => path.join(langDir, f)) };
    });
  },
};
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
  loader: { '.scm': 'text' },
  plugins: [inlineQueries],
  // Lets bundled CommonJS dependencies call require() from inside an ES module.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
};

// Native addons and model runtimes cannot be inlined (nor should they: the CLI loads them only when it parses
// or embeds); handlers reach them only through the snapshot host, lazily, so the bundle loads without them.
const nativeExternal = ['tree-sitter', 'tree-sitter-*', 'onnxruntime-node', 'onnxruntime-web', 'sharp', '@xenova/transformers'];

const nativeNote = buildNative();
if (nativeNote) console.warn(`codegraph build: ${nativeNote}`);

const webUi = buildWebUi(root, writeAtomically);
const results = await Promise.all([
  build({ ...common, entryPoints: { cli: 'runtime/cli.ts', 'extract-worker': 'lib/analyze/extract-worker.ts', 'search-worker': 'lib/analyze/search-worker.ts', 'query-worker': 'runtime/query-worker.ts', 'analyze-worker': 'lib/analyze/analyze-worker.ts' }, external: nativeExternal, splitting: true, chunkNames: 'cli-[name]-[hash]' }),
  build({ ...common, entryPoints: { handlers: 'runtime/bundle/handlers-entry.ts' }, external: nativeExternal }),
]);

await webUi;

// Chunks first (their names carry a content hash), entry files last, so an entry never names a missing chunk.
const isChunk = (file) => /^cli-.+\.mjs(\.map)?$/.test(path.basename(file));
const files = results.flatMap((r) => r.outputFiles).sort((a, b) => Number(!isChunk(a.path)) - Number(!isChunk(b.path)));
const written = new Set();
for (const file of files) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  writeAtomically(file.path, file.contents);
  written.add(file.path);
}
// The code-search model (lib/search/embedders/trained-file.ts looks for it beside the bundle that reads it).
const modelFile = path.join(root, 'lib', 'search', 'model', 'code-search-nbow.bin');
if (fs.existsSync(modelFile)) {
  const target = path.join(root, 'dist', path.basename(modelFile));
  const bytes = fs.readFileSync(modelFile);
  if (!fs.existsSync(target) || !bytes.equals(fs.readFileSync(target))) writeAtomically(target, bytes);
}
// Chunks of earlier builds: kept a while for processes that started from the previous cli.mjs, then removed;
// files of earlier build layouts (a code-cached CommonJS bundle and its caches, the native query programs) at once.
const dist = path.join(root, 'dist');
const isRetired = (name) => /^(cli-cached|jit|parse-worker|query-programs)[-.]/.test(name);
for (const name of fs.readdirSync(dist)) {
  const file = path.join(dist, name);
  try {
    if (isRetired(name) || (isChunk(file) && !written.has(file) && Date.now() - fs.statSync(file).mtimeMs > 10 * 60 * 1000)) fs.rmSync(file);
  } catch { /* removed by a parallel build */ }
}

/** Writes through a temporary name, so a process starting meanwhile never reads half a file. */
function writeAtomically(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}
