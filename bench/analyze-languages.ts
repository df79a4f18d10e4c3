/**
 * Analyze beside the bare parse, one corpus per indexed language: bench/analyze.ts's cold, no-op and
 * one-file-changed runs (each in its own process through the shipped CLI) and its bare parse of the same files,
 * printed as one row per language (CPU time of the child processes, all threads: on the shared machine wall time
 * mostly measures the neighbours).
 *
 *   node --import tsx bench/analyze-languages.ts [--runs N] [--only python,go,…] [--checkouts DIR] [--no-build]
 *
 * The corpora, each pinned:
 * - npm packages in node_modules (package-lock.json pins them): rxjs 7.8.1 `src` (TypeScript), node-gyp 11.5.0's gyp
 *   (Python), tree-sitter 0.25's vendored C runtime `lib/` (C), sharp 0.33.5's `src/` (C++, its `.h` headers
 *   included: their text is C++).
 * - Debian packages: cobra 1.6.1 (Go, bench/go-corpora.ts), java.util.stream of openjdk-17-source
 *   (bench/java-corpora.ts), serde 1.0.152 (Rust, `librust-serde-dev`, in /usr/share/cargo/registry), nikic/php-parser
 *   4.15.4 (PHP, `php-parser`, in /usr/share/php/PhpParser).
 * - Git checkouts at pinned commits, under `--checkouts DIR` (default $TMPDIR/codegraph-lang-checkouts), one
 *   folder per repository named below: `git clone <url> DIR/<name> && git -C DIR/<name> checkout <commit>`.
 *   ajalt/clikt fa2e48c (Kotlin, the hand-sampled code base), serilog/serilog 60935b4 (C#, likewise),
 *   apple/swift-argument-parser 2f77f2f (Swift). A missing checkout is reported and its row skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDist, measureAnalyze, median, type Run } from './analyze.ts';
import { goCorpus } from './go-corpora.ts';
import { javaCorpus } from './java-corpora.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A checkout of a repository at a commit: `name` is its folder under --checkouts. */
interface Checkout { name: string; url: string; commit: string; sub: string }

interface LanguageCorpus { language: string; label: string; folder: (checkouts: string) => string; checkout?: Checkout }

const CHECKOUTS: Record<string, Checkout> = {
  clikt: { name: 'clikt', url: 'https://github.com/ajalt/clikt', commit: 'fa2e48c', sub: 'clikt/src' },
  serilog: { name: 'serilog', url: 'https://github.com/serilog/serilog', commit: '60935b4', sub: 'src/Serilog' },
  argparser: { name: 'swift-argument-parser', url: 'https://github.com/apple/swift-argument-parser', commit: '2f77f2f', sub: 'Sources' },
};

const inCheckout = (c: Checkout) => (checkouts: string): string => path.join(checkouts, c.name, c.sub);

export const LANGUAGE_CORPORA: LanguageCorpus[] = [
  { language: 'typescript', label: 'rxjs 7.8.1 src', folder: () => path.join(repoRoot, 'node_modules/rxjs/src') },
  { language: 'python', label: 'gyp (node-gyp 11.5.0)', folder: () => path.join(repoRoot, 'node_modules/node-gyp/gyp') },
  { language: 'go', label: 'cobra 1.6.1 (Debian)', folder: () => goCorpus('cobra').root },
  { language: 'java', label: 'java.util.stream (openjdk-17-source)', folder: () => javaCorpus('stream').root },
  { language: 'kotlin', label: 'clikt fa2e48c clikt/src', folder: inCheckout(CHECKOUTS.clikt), checkout: CHECKOUTS.clikt },
  { language: 'csharp', label: 'serilog 60935b4 src/Serilog', folder: inCheckout(CHECKOUTS.serilog), checkout: CHECKOUTS.serilog },
  { language: 'c', label: 'tree-sitter 0.25 runtime lib/', folder: () => path.join(repoRoot, 'node_modules/tree-sitter/vendor/tree-sitter/lib') },
  { language: 'cpp', label: 'sharp 0.33.5 src/', folder: () => path.join(repoRoot, 'node_modules/sharp/src') },
  { language: 'rust', label: 'serde 1.0.152 (Debian)', folder: () => '/usr/share/cargo/registry/serde-1.0.152' },
  { language: 'swift', label: 'swift-argument-parser 2f77f2f Sources', folder: inCheckout(CHECKOUTS.argparser), checkout: CHECKOUTS.argparser },
  { language: 'php', label: 'php-parser 4.15.4 (Debian)', folder: () => '/usr/share/php/PhpParser' },
];

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const runs = Number(opt('--runs') ?? 3);
  const only = opt('--only')?.split(',');
  const checkouts = path.resolve(opt('--checkouts') ?? path.join(os.tmpdir(), 'codegraph-lang-checkouts'));
  if (!argv.includes('--no-build')) buildDist();
  const rows: string[] = [];
  const cpu = (xs: Run[]): number => median(xs.map((r) => r.cpuMs));
  const wall = (xs: Run[]): number => median(xs.map((r) => r.wallMs));
  console.log('| language | corpus | files | lines | bare parse CPU | cold CPU (× bare) | no-op CPU / wall | one file CPU / wall | cold phases (wall ms, median run) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of LANGUAGE_CORPORA) {
    if (only && !only.includes(c.language)) continue;
    let folder: string;
    try {
      folder = c.folder(checkouts);
      if (!fs.existsSync(folder)) throw new Error(c.checkout ? `no checkout: git clone ${c.checkout.url} ${path.join(checkouts, c.checkout.name)} && git -C ${path.join(checkouts, c.checkout.name)} checkout ${c.checkout.commit}` : `${folder} is missing`);
    } catch (err) {
      console.error(`${c.language}: skipped (${(err as Error).message})`);
      continue;
    }
    const m = await measureAnalyze(folder, runs, { full: false });
    const bare = m.all.bare;
    const cold = m.all.cold;
    const byPipe = [...cold].sort((a, b) => a.summaries[0].timings.total - b.summaries[0].timings.total)[Math.floor(cold.length / 2)];
    const phases = Object.entries(byPipe.summaries[0].timings).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v}`).join(', ');
    const f0 = (n: number): string => n.toFixed(0);
    const row = `| ${c.language} | ${c.label} | ${bare[0].files} | ${bare[0].lines!.toLocaleString('en')} | ${f0(cpu(bare))} ms | ${f0(cpu(cold))} ms (${(cpu(cold) / cpu(bare)).toFixed(1)}×) | `
      + `${f0(cpu(m.all.noop))} / ${f0(wall(m.all.noop))} ms | ${f0(cpu(m.all.one))} / ${f0(wall(m.all.one))} ms | ${phases} |`;
    console.log(row);
    rows.push(row);
  }
  console.log(`median of ${runs} runs; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end (${os.cpus().length} cores)`);
}

await main();
