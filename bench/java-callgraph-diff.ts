/**
 * Java's call graph against javac: for every method call and `new` in a pinned Java corpus (bench/java-corpora.ts),
 * the static callee javac's attribution gives (bench/java-oracle/Oracle.java: JavacTask.analyze, Trees.getElement)
 * compared with the call occurrence codegraph records at the called name (bench/nominal-sites.ts). A call of an
 * interface or overridable method is compared with the method javac names; the overrides codegraph adds as
 * `dispatch` edges are counted apart.
 *
 *   node --import tsx bench/java-callgraph-diff.ts [--corpus NAME]... [--misses N] [--json]
 *
 * Needs a JDK 17 (`java` on the PATH). Prints per corpus: files, lines, the oracle's project calls, our precision and
 * recall, and with --misses the first N disagreements.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JAVA_CORPORA, javaCorpus } from './java-corpora.ts';
import { indexFolder, scoreSites, type OracleSite, type SiteScore, runSiteDiffCli } from './nominal-sites.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The oracle's call sites of a folder; `options` are javac's (a JDK module's sources: `--patch-module m=<folder>`). */
export function javaSites(root: string, options: readonly string[] = []): OracleSite[] {
  const out = execFileSync('java', [path.join(here, 'java-oracle', 'Oracle.java'), root, ...options], { maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OracleSite);
}

export interface JavaDiff extends SiteScore { corpus: string; half: string; files: number; lines: number; dispatchEdges: number }

/** Scores one corpus. */
export function javaDiff(name: string): JavaDiff {
  const { root, corpus } = javaCorpus(name);
  const sites = javaSites(root, ['--patch-module', `java.base=${root}`]);
  const { result, files, lines } = indexFolder(root);
  const score = scoreSites(result, sites, (f) => f.endsWith('.java'));
  let dispatchEdges = 0;
  result.graph.forEachEdge((_k, e) => { if (e.type === 'CALLS' && e.reason === 'dispatch') dispatchEdges++; });
  return { corpus: name, half: corpus.half, files, lines, dispatchEdges, ...score };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSiteDiffCli(process.argv.slice(2), Object.keys(JAVA_CORPORA), javaDiff, (name, d) =>
    `${name} (${d.half}): ${d.files} files, ${d.lines} lines; oracle project calls ${d.oracleProject}; ours ${d.ours}; precision ${(100 * d.precision).toFixed(1)}%, recall ${(100 * d.recall).toFixed(1)}%; dispatch edges ${d.dispatchEdges}`);
}
