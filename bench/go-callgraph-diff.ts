/**
 * Go's call graph against go/types: for every call in a pinned Go corpus (bench/go-corpora.ts; non-test files), the
 * static callee go/types gives (bench/go-oracle: a declared function, a method, an interface's method) compared with
 * the call occurrence codegraph records at the called name (bench/nominal-sites.ts). Interface calls are compared
 * with the interface's method, which is what both name statically; the implementations codegraph adds as `dispatch`
 * edges are counted apart.
 *
 *   node --import tsx bench/go-callgraph-diff.ts [--corpus NAME]... [--misses N] [--json]
 *
 * Needs Debian's golang-go (`go` on the PATH). Prints per corpus: files, lines, the oracle's project calls, our
 * precision and recall, and with --misses the first N disagreements.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GO_CORPORA, goCorpus } from './go-corpora.ts';
import { indexFolder, scoreSites, type OracleSite, type SiteScore, runSiteDiffCli } from './nominal-sites.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the oracle (once per machine) and returns its path. */
export function goOracle(): string {
  const bin = path.join(os.tmpdir(), 'codegraph-go-oracle', 'go-oracle');
  if (!existsSync(bin)) {
    mkdirSync(path.dirname(bin), { recursive: true });
    execFileSync('go', ['build', '-o', bin, '.'], { cwd: path.join(here, 'go-oracle'), env: { ...process.env, GO111MODULE: 'off', GOFLAGS: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return bin;
}

/** The oracle's call sites of a folder (GOPATH mode, so the corpus' imports are found in its GOPATH). */
export function goSites(root: string, gopath: string): OracleSite[] {
  const out = execFileSync(goOracle(), [root], { env: { ...process.env, GOPATH: gopath, GO111MODULE: 'off', GOFLAGS: '', GOPROXY: 'off' }, maxBuffer: 1 << 30, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OracleSite);
}

export interface GoDiff extends SiteScore { corpus: string; half: string; files: number; lines: number; dispatchEdges: number }

/** Scores one corpus. */
export function goDiff(name: string): GoDiff {
  const { gopath, root, corpus } = goCorpus(name);
  const sites = goSites(root, gopath);
  const { result, files, lines } = indexFolder(root, new Set(['testdata', 'vendor']));
  const score = scoreSites(result, sites, (f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  let dispatchEdges = 0;
  result.graph.forEachEdge((_k, e) => { if (e.type === 'CALLS' && e.reason === 'dispatch') dispatchEdges++; });
  return { corpus: name, half: corpus.half, files, lines, dispatchEdges, ...score };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSiteDiffCli(process.argv.slice(2), Object.keys(GO_CORPORA), goDiff, (name, d) =>
    `${name} (${d.half}): ${d.files} files, ${d.lines} lines; oracle project calls ${d.oracleProject}; ours ${d.ours}; precision ${(100 * d.precision).toFixed(1)}%, recall ${(100 * d.recall).toFixed(1)}%; dispatch edges ${d.dispatchEdges}`);
}
