/**
 * PHP's call graph against PHP's own name resolution (bench/php-oracle/oracle.php on nikic/php-parser's NameResolver
 * and a table of the corpus's classes and functions): for the sites that decides — `new C`, `C::m()` with
 * `self`/`static`/`parent`, `f()`, `$this->m()` — the project declaration that runs, against the call occurrence
 * codegraph records there (bench/nominal-sites.ts). `$x->m()` on any other receiver is not decided by it and not
 * scored here.
 *
 * Corpora are the sources Debian packages ship, pinned (the test and the bench refuse another version):
 * - tune: php-parser 4.15.4-1 (nikic/php-parser, /usr/share/php/PhpParser);
 * - held out (never tuned on): php-league-commonmark 2.3.9-1+deb12u1 (/usr/share/php/League/CommonMark), php-monolog
 *   2.9.1-1 (/usr/share/php/Monolog; also the hand-checked sample bench/hand-samples/monolog.tsv).
 *
 *   apt-get install -y php-cli php-parser php-league-commonmark php-monolog
 *   node --import tsx bench/php-callgraph-diff.ts [--corpus php-parser|commonmark|monolog] [--misses N] [--json]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexFolder, runSiteDiffCli, scoreSites, type OracleSite, type SiteScore } from './nominal-sites.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface PhpCorpus { half: 'tune' | 'held-out'; pkg: string; version: string; dir: string }

export const PHP_CORPORA: Record<string, PhpCorpus> = {
  'php-parser': { half: 'tune', pkg: 'php-parser', version: '4.15.4-1', dir: '/usr/share/php/PhpParser' },
  commonmark: { half: 'held-out', pkg: 'php-league-commonmark', version: '2.3.9-1+deb12u1', dir: '/usr/share/php/League/CommonMark' },
  monolog: { half: 'held-out', pkg: 'php-monolog', version: '2.9.1-1', dir: '/usr/share/php/Monolog' },
};

/** The installed version of a Debian package, or undefined. */
export function debianVersion(pkg: string): string | undefined {
  try { return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined; } catch { return undefined; }
}

/** The oracle's sites of a folder (needs `php` and Debian's php-parser). */
export function phpSites(root: string): OracleSite[] {
  const out = execFileSync('php', ['-d', 'memory_limit=2G', path.join(here, 'php-oracle', 'oracle.php'), root], { maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.split('\n').filter(Boolean).map((l) => {
    const [file, line, col, name, kind, callee] = l.split('\t');
    const site: OracleSite = { file, line: Number(line), col: Number(col), name, kind };
    if (callee !== 'ext') { const m = /^(.*):(\d+):(\d+)$/.exec(callee)!; site.callee = { file: m[1], line: Number(m[2]), col: Number(m[3]) }; }
    return site;
  });
}

export interface PhpDiff extends SiteScore { corpus: string; half: string; files: number; lines: number; sites: number }

/** Scores one folder (a corpus's, or a fixture's). */
export function phpDiff(root: string, corpus = path.basename(root), half = ''): PhpDiff {
  const sites = phpSites(root);
  const { result, files, lines } = indexFolder(root);
  return { corpus, half, files, lines, sites: sites.length, ...scoreSites(result, sites, (f) => f.endsWith('.php')) };
}

/** Scores a pinned corpus (refusing another installed version: its figures would not be the pinned ones). */
export function phpCorpusDiff(name: string): PhpDiff {
  const c = PHP_CORPORA[name];
  const v = debianVersion(c.pkg);
  if (v !== c.version) throw new Error(`${c.pkg} ${v ?? 'is not installed'}; the corpus is pinned at ${c.version} (apt-get install -y ${c.pkg}=${c.version})`);
  return phpDiff(c.dir, name, c.half);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runSiteDiffCli(process.argv.slice(2), Object.keys(PHP_CORPORA), phpCorpusDiff, (_name, d) =>
    `${d.corpus} (${d.half}): ${d.files} files, ${d.lines} lines; oracle sites ${d.sites}, project calls ${d.oracleProject}; ours ${d.ours}, right ${d.tp}; precision ${(100 * d.precision).toFixed(1)}%, recall ${(100 * d.recall).toFixed(1)}%`);
}
