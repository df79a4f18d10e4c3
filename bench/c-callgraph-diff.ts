/**
 * C's and C++'s call graphs against clang: for every call in a pinned corpus, the function clang's semantic analysis
 * says it calls (bench/c-oracle/calls.py, libclang from Debian's python3-clang-14; calls made by a macro's expansion
 * left out) compared with the call occurrence codegraph records at the called name (bench/nominal-sites.ts). Only
 * calls whose callee is defined in the corpus count as the oracle's project calls.
 *
 *   nice -n 10 node --import tsx bench/c-callgraph-diff.ts [--corpus NAME]... [--misses N] [--json]
 *
 * Corpora. C: the tree-sitter runtime the npm package tree-sitter ships (tuned on), and libxcrypt from Debian's
 * libxcrypt-source (held out: read, never tuned on; `apt-get install libxcrypt-source`). C++: the Node binding the
 * npm package tree-sitter ships (its `src/`, against node-addon-api's and Node's headers) and the single-header
 * libraries cxxopts and args (libcxxopts-dev, libargs-dev) tuned on, and CLI11, the
 * header-only library Debian's libcli11-dev ships (held out; `apt-get install libcli11-dev`), each header parsed as
 * a translation unit of its own.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexFolder, scoreSites, type OracleSite, runSiteDiffCli } from './nominal-sites.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');

interface Corpus {
  /** The corpus's folder; for a single-header library, the header (copied alone into a folder of its own). */
  root: string;
  version: () => string;
  half: 'tune' | 'held out';
  /** Include folders: relative to the root, or absolute. */
  includes: string[];
  skip?: string[];
  lang?: 'c' | 'c++';
  /** The files that are translation units (default: `.c`). */
  units?: RegExp;
  defines?: string[];
}

const dpkgVersion = (pkg: string) => (): string => execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' });
const npmVersion = (pkg: string) => (): string => JSON.parse(readFileSync(path.join(repo, 'node_modules', pkg, 'package.json'), 'utf8')).version;

export const C_CORPORA: Record<string, Corpus> = {
  'tree-sitter-runtime': {
    root: path.join(repo, 'node_modules/tree-sitter/vendor/tree-sitter/lib'),
    version: npmVersion('tree-sitter'),
    half: 'tune', includes: ['include', 'src'], skip: ['binding_rust', 'binding_web'],
  },
  libxcrypt: {
    root: '/usr/src/libxcrypt',
    version: dpkgVersion('libxcrypt-source'),
    half: 'held out', includes: ['lib', '.'], skip: ['debian'],
  },
  'tree-sitter-node-binding': {
    root: path.join(repo, 'node_modules/tree-sitter/src'),
    version: npmVersion('tree-sitter'),
    half: 'tune', lang: 'c++', units: /\.cc$/,
    includes: ['../vendor/tree-sitter/lib/include', path.join(repo, 'node_modules/node-addon-api'), '/usr/include/node'],
    defines: ['NAPI_VERSION=8', 'NAPI_CPP_EXCEPTIONS'],
  },
  cxxopts: {
    root: '/usr/include/cxxopts.hpp',
    version: dpkgVersion('libcxxopts-dev'),
    half: 'tune', lang: 'c++', units: /\.hpp$/, includes: [],
  },
  args: {
    root: '/usr/include/args.hxx',
    version: dpkgVersion('libargs-dev'),
    half: 'tune', lang: 'c++', units: /\.hxx$/, includes: [],
  },
  cli11: {
    root: '/usr/include/CLI',
    version: dpkgVersion('libcli11-dev'),
    half: 'held out', lang: 'c++', units: /\.hpp$/, includes: ['..'],
  },
};

/** Every translation unit of a folder (relative paths, sorted), skipping hidden folders and `skip` names. */
function unitFiles(root: string, skip: ReadonlySet<string>, units: RegExp): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!e.name.startsWith('.') && !skip.has(e.name)) walk(rel); } else if (units.test(e.name)) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** The oracle's call sites of a corpus. */
export function clangSites(c: Corpus, root: string, files: readonly string[]): OracleSite[] {
  const args = [path.join(here, 'c-oracle/calls.py'), root, '--lang', c.lang ?? 'c', ...c.includes.flatMap((d) => ['-I', d]), ...(c.defines ?? []).flatMap((d) => ['-D', d]), ...files];
  const out = execFileSync('/usr/bin/python3', args, { maxBuffer: 1 << 30, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OracleSite);
}

/** Scores one corpus. */
export function cDiff(name: string) {
  const c = C_CORPORA[name];
  if (!existsSync(c.root)) throw new Error(`corpus ${name} is not on this machine (${c.root})`);
  if (statSync(c.root).isDirectory()) return cDiffAt(name, c, c.root);
  // a one-file corpus is indexed from a folder of its own, removed afterwards
  const root = mkdtempSync(path.join(os.tmpdir(), `c-corpus-${name}-`));
  try {
    copyFileSync(c.root, path.join(root, path.basename(c.root)));
    return cDiffAt(name, c, root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Scores one corpus whose files are under `root`. */
function cDiffAt(name: string, c: Corpus, root: string) {
  const skip = new Set(c.skip ?? []);
  const units = c.units ?? /\.c$/;
  const files = unitFiles(root, skip, units);
  const sites = clangSites(c, root, files);
  const { result, files: indexed, lines } = indexFolder(root, skip);
  const score = scoreSites(result, sites, (f) => units.test(f));
  // sites where clang saw no project definition though we give one: a definition the oracle's parse left out (an
  // `#if` on a build's generated header, which the oracle replaces by an empty file), or a library function the
  // project also defines (a libc for another target)
  const undefinedForClang = score.wrong.filter((w) => !w.oracle.includes(':')).length;
  const known = score.ours - undefinedForClang;
  return { corpus: name, version: c.version(), half: c.half, files: indexed, lines, undefinedForClang, precisionKnown: known ? score.tp / known : 1, ...score };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSiteDiffCli(process.argv.slice(2), Object.keys(C_CORPORA), cDiff, (name, d) =>
    `${name} ${d.version} (${d.half}): ${d.files} files, ${d.lines} lines; clang project calls ${d.oracleProject}; ours ${d.ours}; precision ${(100 * d.precision).toFixed(1)}% (${(100 * d.precisionKnown).toFixed(1)}% where clang knows a project definition; ${d.undefinedForClang} sites where it knows none), recall ${(100 * d.recall).toFixed(1)}%`);
}
