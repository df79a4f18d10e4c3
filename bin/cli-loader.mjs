// Loads the CLI bundle with a V8 code cache. A one-shot command such as `analyze` otherwise spends ≈ 7% of its
// instructions parsing and compiling the bundle's functions to bytecode on the main thread, every run
// (docs/benchmarks.md ## Analyze, "Session 6: a code cache for the CLI"). Node 20 has no compile cache for ES
// modules, so build.mjs also emits the CLI as one CommonJS file (dist/cli-cached-<hash>.cjs, named in
// dist/cli-cached.json); this module compiles it through vm.Script with the bytecode a previous run saved
// (dist/cli-cached-<hash>.<key>.v8cache, where <key> covers Node's version and flags), and saves it when
// there was none or V8 rejected it. build.mjs trains the cache with one analyze of the indexer's fixtures.
// Without the manifest, or with CODEGRAPH_CODE_CACHE=0, it imports the ES-module bundle dist/cli.mjs instead.
import { createRequire } from 'node:module';

// Node's own modules through require: an ES import of a built-in builds a module facade that reads every export
// (node:fs's lazy stream getters included); ≈ 1 ms of this module's import, for the few functions used here.
const require = createRequire(import.meta.url);
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createHash } = require('node:crypto');
const { fileURLToPath, pathToFileURL } = require('node:url');

const packageRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const defaultDist = path.join(packageRoot, 'dist');

/**
 * Lets the threads other than the main one share one C-heap arena (native/tree_flat.c limitMallocArenas): glibc
 * otherwise gives V8's compile and GC threads, the parse thread and the search worker an arena each, and every
 * arena keeps the pages it grew to (rxjs's cold analyze: 5 MB more peak RSS). Only threads that have not
 * allocated yet are affected, hence this early, before the bundle loads. Only for a command that parses
 * (`analyze`), which loads the addon anyway (≈ 2 ms): the servers answer from snapshots and map no native code.
 * Without the addon (not built, CODEGRAPH_NATIVE=0) nothing changes.
 */
function shareMallocArenas() {
  if (process.env.CODEGRAPH_NATIVE === '0') return;
  try {
    require(path.join(packageRoot, 'native', 'build', 'tree_flat.node')).limitMallocArenas(2);
  } catch { /* no addon, or one built before this export: the default arenas */ }
}

/** How CommonJS wraps a module's text; build.mjs writes the bundle already wrapped (the manifest says `wrapped`). */
export const CJS_WRAPPER_OPEN = '(function (exports, require, module, __filename, __dirname) {';
export const CJS_WRAPPER_CLOSE = '\n})';

/**
 * The key of V8's cache validity besides the source: Node's version, architecture and flags (command line and
 * NODE_OPTIONS, as V8 checks them), so runs under other flags keep a cache of their own instead of replacing
 * each other's.
 */
function flagsKey() {
  const jit = process.env.CODEGRAPH_DEFAULT_JIT === '1' ? 'default-jit' : 'cli-jit';
  const key = [process.version, process.arch, process.execArgv, process.env.NODE_OPTIONS ?? '', jit];
  return createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 12);
}

/** The code cache of `bundle` (the bundle's file name), kept in `dir`, for this Node and these flags. */
export function cacheFileOf(dir, bundle) {
  return path.join(dir, `${bundle.replace(/\.cjs$/, '')}.${flagsKey()}.v8cache`);
}

/** Writes `data` to `file` through a temporary name, so no reader sees half a cache; failures are ignored. */
function writeQuietly(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch {
    try { fs.rmSync(tmp, { force: true }); } catch { /* nothing to remove */ }
  }
}

/**
 * Loads the CLI from `options.dist` (default: dist/ beside bin/), with the code cache in `options.cacheDir`
 * (default: the same folder); `options.parses` says the command will parse files (see shareMallocArenas).
 * Resolves to `{ cli, cache, saveCache, finish }`, where `cli` is the module (main, directCommands), `cache` says
 * how its code was compiled ('accepted', 'rejected', 'none' = no cache yet, 'off' = the ES-module bundle),
 * `saveCache()` stores the bytecode compiled so far when the cache was missing or
 * rejected (call it when the command is done, so the functions it ran are in it), and `finish(code)` saves it
 * and ends the process (exitAfterCommand).
 */
export async function loadCli(options = {}) {
  if (options.parses) shareMallocArenas();
  const dist = options.dist ?? defaultDist;
  const cacheDir = options.cacheDir ?? dist;
  const esm = async () => ({ cli: await import(pathToFileURL(path.join(dist, 'cli.mjs')).href), cache: 'off', saveCache() {}, finish: exitAfterCommand });
  if (process.env.CODEGRAPH_CODE_CACHE === '0') return esm();
  let manifest;
  try { manifest = JSON.parse(fs.readFileSync(path.join(dist, 'cli-cached.json'), 'utf8')); } catch { return esm(); }
  const bundleName = manifest.bundle;
  const file = path.join(dist, bundleName);
  let source;
  // Latin-1 is a plain copy; build.mjs checks that the bundle is pure ASCII, where it reads the same as UTF-8.
  try { source = fs.readFileSync(file, manifest.wrapped ? 'latin1' : 'utf8'); } catch { return esm(); }
  // The CLI's V8 flags are part of what the cache is valid for: set them before compiling (runtime/jit.ts; the
  // manifest carries them, which spares this an ES-module import).
  if (Array.isArray(manifest.jitFlags)) {
    if (process.env.CODEGRAPH_DEFAULT_JIT !== '1') for (const flag of manifest.jitFlags) require('node:v8').setFlagsFromString(flag);
  } else (await import(pathToFileURL(path.join(dist, 'jit.mjs')).href)).tuneJit();
  const cacheFile = cacheFileOf(cacheDir, bundleName);
  let cachedData;
  try { cachedData = fs.readFileSync(cacheFile); } catch { /* first run after a build without training */ }
  // The bundle's own dynamic imports of ES-only packages go through the main loader (lib/util/import-module.ts).
  globalThis[Symbol.for('codegraph.importModule')] ??= (specifier) => import(specifier);
  const script = new vm.Script(manifest.wrapped ? source : `${CJS_WRAPPER_OPEN}${source}${CJS_WRAPPER_CLOSE}`, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  const saveCache = () => { if (cache !== 'accepted') writeQuietly(cacheFile, script.createCachedData()); };
  return { cli: module.exports, cache, saveCache, finish(code) { saveCache(); exitAfterCommand(code); } };
}

/**
 * Ends the process once a command's main() has returned: every command awaits its own writes (analyze its
 * flushes and registry update, the servers their shutdown), so nothing is left but Node's teardown, which
 * disposes of V8's heap page by page (≈ 20–25 ms after a cold analyze: munmap, madvise, mprotect of every
 * page). process.exit skips that. Output still queued (a pipe is asynchronous on some systems) keeps the
 * normal exit.
 */
export function exitAfterCommand(code) {
  if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(code);
  process.exitCode = code;
}
