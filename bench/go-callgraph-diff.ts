/**
 * Go's call graph against go/types: for every call in a pinned Go corpus (bench/go-corpora.ts; non-test files), the
 * static callee go/types gives (bench/go-oracle: a declared function, a method, an interface's method) compared with
 * the call occurrence codegraph records at the called name (bench/nominal-sites.ts). Interface calls are compared
 * with the interface's method, which is what both name statically; the implementations codegraph adds as `dispatch`
 * edges are counted apart.
 * The interfaces' implementations are checked too: go/types' `Implements` of every named type (or a pointer to it)
 * and every interface of the corpus, neither generic, against our IMPLEMENTS edges between them.
 *
 *   node --import tsx bench/go-callgraph-diff.ts [--corpus NAME]... [--misses N] [--json]
 *
 * Needs Debian's golang-go (`go` on the PATH). Prints per corpus: files, lines, the oracle's project calls, our
 * precision and recall, and with --misses the first N disagreements.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GO_CORPORA, goCorpus } from './go-corpora.ts';
import { indexFolder, scoreSites, type OracleSite, type SiteScore, runSiteDiffCli } from './nominal-sites.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the oracle (once per machine and version of its source) and returns its path. */
export function goOracle(): string {
  const version = createHash('sha256').update(readFileSync(path.join(here, 'go-oracle', 'main.go'))).digest('hex').slice(0, 12);
  const bin = path.join(os.tmpdir(), 'codegraph-go-oracle', `go-oracle-${version}`);
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

/** The oracle's implementations of a folder's interfaces: `type file:line:col>interface file:line:col`. */
export function goImplements(root: string, gopath: string): string[] {
  const out = execFileSync(goOracle(), ['-implements', root], { env: { ...process.env, GOPATH: gopath, GO111MODULE: 'off', GOFLAGS: '', GOPROXY: 'off' }, maxBuffer: 1 << 30, encoding: 'utf8' });
  const at = (p: { file: string; line: number; col: number }): string => `${p.file}:${p.line}:${p.col}`;
  return out.split('\n').filter(Boolean).map((l) => { const r = JSON.parse(l); return `${at(r.type)}>${at(r.iface)}`; });
}

export interface GoDiff extends SiteScore {
  corpus: string; half: string; files: number; lines: number; dispatchEdges: number;
  /** Implementations: the oracle's, ours (IMPLEMENTS edges between the corpus' types outside tests), both. */
  impl: { oracle: number; ours: number; common: number; missed: string[]; extra: string[] };
}

/** Scores one corpus. */
export function goDiff(name: string): GoDiff {
  const { gopath, root, corpus } = goCorpus(name);
  const sites = goSites(root, gopath);
  const { result, files, lines } = indexFolder(root, new Set(['testdata', 'vendor']));
  const score = scoreSites(result, sites, (f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  let dispatchEdges = 0;
  result.graph.forEachEdge((_k, e) => { if (e.type === 'CALLS' && e.reason === 'dispatch') dispatchEdges++; });
  // implementations, by the positions of the two types' names
  const uidAt = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'definition') uidAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  const production = (uid: string): boolean => { const f = uid.split(':')[1] ?? ''; return f.endsWith('.go') && !f.endsWith('_test.go'); };
  const oracle = new Set(goImplements(root, gopath).map((pair) => pair.split('>').map((p) => uidAt.get(p) ?? `?${p}`).join(' > ')));
  const ours = new Set<string>();
  result.graph.forEachEdge((_k, e, source, target) => { if (e.type === 'IMPLEMENTS' && production(source) && production(target)) ours.add(`${source} > ${target}`); });
  const common = [...ours].filter((p) => oracle.has(p)).length;
  const impl = { oracle: oracle.size, ours: ours.size, common, missed: [...oracle].filter((p) => !ours.has(p)).sort(), extra: [...ours].filter((p) => !oracle.has(p)).sort() };
  return { corpus: name, half: corpus.half, files, lines, dispatchEdges, impl, ...score };
}

/** Whether the command line asks for the disagreements (`--misses N`). */
function argvMisses(): boolean { return process.argv.includes('--misses'); }

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSiteDiffCli(process.argv.slice(2), Object.keys(GO_CORPORA), goDiff, (name, d) =>
    `${name} (${d.half}): ${d.files} files, ${d.lines} lines; oracle project calls ${d.oracleProject}; ours ${d.ours}; precision ${(100 * d.precision).toFixed(1)}%, recall ${(100 * d.recall).toFixed(1)}%; dispatch edges ${d.dispatchEdges}; ` +
    `implementations: oracle ${d.impl.oracle}, ours ${d.impl.ours}, common ${d.impl.common}` +
    (argvMisses() ? d.impl.missed.map((p) => `\n   impl missed ${p}`).join('') + d.impl.extra.map((p) => `\n   impl extra ${p}`).join('') : ''));
}
