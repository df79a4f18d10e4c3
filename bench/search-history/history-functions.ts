/**
 * The functions each commit of a pinned repository's recent history changed (the innermost Function or Method of
 * the commit's version of each changed file holding a touched line, as mine.ts finds a question's answer), as
 * uids of the pinned snapshot's naming (`Label:file:qualifiedName`). For estimating a per-function history
 * prior in the evaluation; cached under $TMPDIR/codegraph-history.
 */
import fs from 'node:fs';
import path from 'node:path';
import { languageOf } from '../../lib/lang/index.ts';
import { changedFunctions, git, gitDirOf, touchedLines } from './mine.ts';
import type { HistoryRepo } from './repos.ts';

const WORK = path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-history');
/** Commits with more changed source files than this are refactors: their files count, not their functions. */
const MAX_PARSED_FILES = 20;

/** sha → uids of the functions the commit changed, for the last `count` non-merge commits up to the pin. */
export function functionHistory(r: HistoryRepo, mirror: string, count: number): Map<string, string[]> {
  const cache = path.join(WORK, `fnhist-${r.repo.replace('/', '+')}-${r.commit.slice(0, 10)}-${count}.json`);
  if (fs.existsSync(cache)) return new Map(Object.entries(JSON.parse(fs.readFileSync(cache, 'utf8')) as Record<string, string[]>));
  const gitDir = gitDirOf(mirror, r.repo);
  const out = new Map<string, string[]>();
  const log = git(gitDir, ['log', '--no-merges', '--no-renames', '-p', '-U0', '--format=%x1e%H', `-n${count}`, r.commit]);
  for (const block of log.split('\x1e')) {
    const nl = block.indexOf('\n');
    const sha = (nl < 0 ? block : block.slice(0, nl)).trim();
    if (!sha) continue;
    const ranges = touchedLines(block.slice(nl + 1));
    const files = [...ranges.keys()].filter((f) => languageOf(f) !== undefined);
    const uids: string[] = [];
    if (files.length <= MAX_PARSED_FILES) {
      for (const file of files) {
        let text: string;
        try { text = git(gitDir, ['show', `${sha}:${file}`]); } catch { continue; }
        for (const f of changedFunctions(file, text, ranges.get(file)!)) uids.push(`${f.label}:${file}:${f.qualifiedName}`);
      }
    }
    out.set(sha, uids);
  }
  fs.writeFileSync(cache, JSON.stringify(Object.fromEntries(out)));
  return out;
}
