/**
 * The yardstick for analyze's speed: a bare tree-sitter parse of the same files with the same grammars and
 * nothing else (no queries, no extraction). `bareParse` is what bench/analyze.ts compares cold analyze with.
 *
 *   node --import tsx bench/parse-baseline.ts [folder]     (default: node_modules/rxjs/src)
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareParser, languageOf, type LanguageId } from '../lib/lang/index.ts';

export interface BareParseResult {
  files: number;
  lines: number;
  /** Wall time of the parses alone, milliseconds. */
  ms: number;
  /** CPU time (user + system) of this process during the parses, milliseconds. */
  cpuMs: number;
}

/** Parses every file once (parsers built beforehand, outside the timing) and reports the time. */
export function bareParse(files: ReadonlyArray<{ path: string; text: string }>): BareParseResult {
  const parsers = new Map<LanguageId, ReturnType<typeof bareParser>>();
  const jobs: Array<{ lang: LanguageId; text: string }> = [];
  let lines = 0;
  for (const f of files) {
    const lang = languageOf(f.path);
    if (!lang) continue;
    if (!parsers.has(lang)) parsers.set(lang, bareParser(lang));
    jobs.push({ lang, text: f.text });
    for (let i = f.text.indexOf('\n'); i >= 0; i = f.text.indexOf('\n', i + 1)) lines++;
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const j of jobs) parsers.get(j.lang)!.parse(j.text);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { files: jobs.length, lines, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Indexable files under a folder (relative paths), skipping node_modules and links (which analyze never indexes as they are). */
export function readCorpus(root: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (e.name !== 'node_modules') walk(rel); } else if (e.isFile() && languageOf(rel)) out.push({ path: rel, text: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  walk('');
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = process.argv[2] ?? 'node_modules/rxjs/src';
  const files = readCorpus(root);
  bareParse(files); // warm-up: grammar loading, JIT
  const runs = [bareParse(files), bareParse(files), bareParse(files)];
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  console.log(`bare parse of ${root}: ${best.files} files, ${best.lines} lines: ${best.ms.toFixed(0)} ms wall, ${best.cpuMs.toFixed(0)} ms CPU (best of 3)`);
}
