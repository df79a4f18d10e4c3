// Compiles native/tree_flat.c with tree-sitter's runtime (the C sources node-tree-sitter ships in
// vendor/tree-sitter/lib) into native/build/tree_flat.node, straight with the C compiler ($CC, else `cc` on the
// PATH), without node-gyp (which would try to download Node's headers when offline).
// Node's own headers are taken from npm_config_nodedir, else beside the running node (<prefix>/include/node).
//
// Optional by design: when there is no compiler or no headers, the build says so in one line and codegraph
// parses through node-tree-sitter instead (lib/extract/native.ts), slower but with the same results. An addon
// left from an earlier build is removed then, since it was made from other inputs (other sources, another
// compiler) than the ones that failed. Rebuilt only when an input changed (a stamp of the inputs' hash sits
// beside the output).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Where the addon is written (lib/extract/native.ts looks for it here). */
export const ADDON = path.join(here, 'build', 'tree_flat.node');

function nodeHeaders() {
  const dirs = [];
  if (process.env.npm_config_nodedir) dirs.push(path.join(process.env.npm_config_nodedir, 'include', 'node'));
  dirs.push(path.resolve(path.dirname(process.execPath), '..', 'include', 'node'));
  return dirs.find((d) => fs.existsSync(path.join(d, 'node_api.h')));
}

/**
 * Builds the addon if needed; returns a one-line note when it could not (the build goes on without it).
 * `options.out` (default ADDON) is where it is written, `options.cc` (default $CC, else `cc`) the compiler.
 */
export function buildNative(options = {}) {
  const out = options.out ?? ADDON;
  if (process.env.CODEGRAPH_NATIVE === '0') return 'native parser skipped (CODEGRAPH_NATIVE=0)';
  let tsRoot;
  try { tsRoot = path.dirname(require.resolve('tree-sitter/package.json')); } catch { return 'native parser not built: the tree-sitter package is not installed'; }
  const lib = path.join(tsRoot, 'vendor', 'tree-sitter', 'lib');
  const libC = path.join(lib, 'src', 'lib.c');
  if (!fs.existsSync(libC)) return `native parser not built: ${libC} is missing`;
  const headers = nodeHeaders();
  if (!headers) return 'native parser not built: no Node headers (node_api.h) found; set npm_config_nodedir';
  const cc = options.cc ?? (process.env.CC || 'cc');
  const sources = [path.join(here, 'tree_flat.c')];
  const args = ['-O2', '-std=c11', '-fPIC', '-shared', '-fvisibility=hidden', '-D_POSIX_C_SOURCE=200112L', '-D_DEFAULT_SOURCE',
    '-DNAPI_VERSION=8', `-I${headers}`, `-I${path.join(lib, 'include')}`, `-I${path.join(lib, 'src')}`,
    libC, ...sources, '-o'];
  if (process.platform === 'darwin') args.push('-undefined', 'dynamic_lookup');
  const stamp = createHash('sha256').update(JSON.stringify([cc, args, ...sources.map((f) => fs.readFileSync(f, 'utf8')),
    fs.readFileSync(path.join(tsRoot, 'package.json'), 'utf8'), fs.readFileSync(path.join(headers, 'node_api.h'), 'utf8')])).digest('hex');
  const stampFile = `${out}.stamp`;
  if (fs.existsSync(out) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return undefined;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  const r = spawnSync(cc, [...args, tmp, '-lpthread', '-lm'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    fs.rmSync(tmp, { force: true });
    fs.rmSync(out, { force: true });
    fs.rmSync(stampFile, { force: true });
    const why = r.error ? r.error.message : (r.stderr || '').trim().split('\n').slice(-3).join(' | ');
    return `native parser not built (${cc} failed: ${why}); parsing goes through node-tree-sitter`;
  }
  fs.renameSync(tmp, out); // a process loading the addon meanwhile sees the old file or the new one, whole
  fs.writeFileSync(stampFile, stamp);
  return undefined;
}
