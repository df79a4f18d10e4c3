/**
 * Mines the localization set: for each pinned repository (repos.ts), the commits before the pinned one whose
 * subject describes a change to the code, with the files and the functions each commit changed. A changed
 * function is the innermost Function or Method of the commit's version of a file whose lines the commit
 * touched (extractFile on that version); it is kept when the pinned snapshot still has a symbol of that file,
 * qualified name and kind (that snapshot is what gets indexed). Nothing of the repositories is committed:
 * this script re-creates the set from the pinned commits.
 *   node --import tsx bench/search-history/mine.ts [--mirror DIR] [--out FILE] [--repo owner/name,owner/name]
 * `--repo` mines only those repositories and replaces their questions in the set file, keeping the others.
 * The repositories come from the search tool's `fetch` (default mirror folder /work/.mirror, one
 * `<owner>+<name>/repo` git directory each).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractFile, languageOf } from '../../lib/lang/index.ts';
import { isTestFile } from '../../lib/symbols/test-files.ts';
import { HISTORY_REPOS, type HistoryRepo } from './repos.ts';

/** One question of the set: a commit subject and what the commit changed. */
export interface HistoryQuery {
  repo: string;
  commit: string;
  /** The subject as written. */
  subject: string;
  /** The subject without conventional-commit type/scope and pull-request numbers: what is asked. */
  query: string;
  /** Changed source files (relative to the repository root). */
  files: string[];
  /** Changed functions: file, qualified name, label. */
  functions: Array<{ file: string; qualifiedName: string; label: string }>;
}

export const DEFAULT_MIRROR = '/work/.mirror';
export const DEFAULT_SET = path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-history', 'set.json');

/** Most changed files / functions a question may have: larger commits are refactors, not localizable changes. */
export const MAX_FILES = 3;
export const MAX_FUNCTIONS = 4;
/** Subjects that describe no behaviour of the code (releases, dependency bumps, tooling). */
export const SKIP_SUBJECT = /^(?:v?\d+\.\d+|release|bump|merge|revert|version packages|update dependencies|chore|docs?|test|tests|ci|build|style|lint|types?)\b|\bdeps\b|dependabot|typo/i;
const FUNCTION_LABELS = new Set(['Function', 'Method']);

export function gitDirOf(mirror: string, repo: string): string {
  return path.join(mirror, repo.replace('/', '+'), 'repo');
}

export function git(gitDir: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Whether a path is one of the repository's source files (in an included folder, an indexed language, no test). */
export function isSource(r: HistoryRepo, file: string): boolean {
  return r.include.some((p) => file === p || file.startsWith(p)) && languageOf(file) !== undefined && !isTestFile(file)
    && !/\.d\.[cm]?ts$/.test(file) && !/(?:^|\/)(?:dist|build|examples?|fixtures?|benchmarks?|scripts)\//.test(file);
}

/** `fix(runtime-core): handle x (#123)` → `handle x`. */
export function cleanSubject(subject: string): string {
  return subject
    .replace(/^\s*\[[^\]]*\]\s*/, '')
    .replace(/^[a-z]+(?:\([^)]*\))?!?:\s*/i, '')
    .replace(/\s*\((?:#\d+(?:,\s*)?)+\)/g, '')
    .replace(/\s*(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|ref[s]?)\s+#\d+/gi, '')
    .replace(/\s+#\d+\b/g, '')
    .trim();
}

/** New-side line ranges a diff's hunks touched (a pure deletion touches the line it sits at). */
export function touchedLines(diff: string): Map<string, Array<[number, number]>> {
  const out = new Map<string, Array<[number, number]>>();
  let file: string | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) { file = line.startsWith('+++ b/') ? line.slice(6) : undefined; continue; }
    const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!m || !file) continue;
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    let list = out.get(file);
    if (!list) out.set(file, (list = []));
    list.push(count === 0 ? [start, start + 1] : [start, start + count - 1]);
  }
  return out;
}

/** The innermost function-like symbol holding each touched line. */
export function changedFunctions(file: string, text: string, ranges: Array<[number, number]>): Array<{ qualifiedName: string; label: string }> {
  const lang = languageOf(file)!;
  let symbols;
  try { symbols = extractFile(file, text, lang).symbols; } catch { return []; }
  const fns = symbols.filter((s) => FUNCTION_LABELS.has(s.label));
  const out = new Map<string, { qualifiedName: string; label: string }>();
  for (const [a, b] of ranges) {
    for (let line = a; line <= b; line++) {
      let best: (typeof fns)[number] | undefined;
      for (const s of fns) if (s.line <= line && line <= s.endLine && (!best || s.endLine - s.line < best.endLine - best.line)) best = s;
      if (best) out.set(`${best.label}:${best.qualifiedName}`, { qualifiedName: best.qualifiedName, label: best.label });
    }
  }
  return [...out.values()];
}

/** A commit whose subject describes a change: its hash, its one parent, the subject and the subject cleaned. */
export interface DescribedCommit { sha: string; parents: string; subject: string; text: string }

/**
 * The commits of the history up to `commit` (the last `window`, newest first) whose subject describes a change: one
 * parent, no release or housekeeping subject (a `fix:`/`feat:`/`perf:`/`refactor:` prefix is read past), at least
 * three words once cleaned.
 */
export function describedCommits(gitDir: string, commit: string, window: number): DescribedCommit[] {
  const log = git(gitDir, ['log', '--no-merges', `-n${window}`, '--format=%H%x1f%P%x1f%s', commit]).split('\n').filter(Boolean);
  const out: DescribedCommit[] = [];
  for (const entry of log) {
    const [sha, parents, subject] = entry.split('\x1f');
    if (!parents || parents.includes(' ') || SKIP_SUBJECT.test(subject.replace(/^[a-z]+(?:\([^)]*\))?!?:\s*/i, (p) => (/^(fix|feat|perf|refactor)/i.test(p) ? '' : p)))) continue;
    const text = cleanSubject(subject);
    if (text.split(/\s+/).length < 3) continue;
    out.push({ sha, parents, subject, text });
  }
  return out;
}

/** The questions of one repository, newest commit first. */
export function mineRepo(r: HistoryRepo, mirror: string): HistoryQuery[] {
  const gitDir = gitDirOf(mirror, r.repo);
  const atPin = new Set(git(gitDir, ['ls-tree', '-r', '--name-only', r.commit]).split('\n'));
  const out: HistoryQuery[] = [];
  for (const { sha: commit, parents, subject, text: query } of describedCommits(gitDir, r.commit, r.window)) {
    const changed = git(gitDir, ['diff', '--no-renames', '--name-only', parents, commit]).split('\n').filter(Boolean);
    const sources = changed.filter((f) => isSource(r, f));
    if (sources.length === 0 || sources.length > MAX_FILES || sources.some((f) => !atPin.has(f))) continue;
    const ranges = touchedLines(git(gitDir, ['diff', '--no-renames', '-U0', parents, commit, '--', ...sources]));
    const functions: HistoryQuery['functions'] = [];
    for (const file of sources) {
      const lines = ranges.get(file);
      if (!lines) continue;
      const text = git(gitDir, ['show', `${commit}:${file}`]);
      for (const f of changedFunctions(file, text, lines)) functions.push({ file, ...f });
    }
    if (functions.length === 0 || functions.length > MAX_FUNCTIONS) continue;
    out.push({ repo: r.repo, commit, subject, query, files: sources, functions });
  }
  return out;
}

/** Writes `root` as the pinned snapshot of a repository (git archive), once. */
export function checkout(r: HistoryRepo, mirror: string, root: string): void {
  if (fs.existsSync(path.join(root, '.pinned')) && fs.readFileSync(path.join(root, '.pinned'), 'utf8') === r.commit) return;
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const tar = execFileSync('git', ['--git-dir', gitDirOf(mirror, r.repo), 'archive', '--format=tar', r.commit], { maxBuffer: 1024 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', root], { input: tar });
  fs.writeFileSync(path.join(root, '.pinned'), r.commit);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
  const mirror = arg('--mirror', DEFAULT_MIRROR);
  const outFile = arg('--out', DEFAULT_SET);
  const only = arg('--repo', '').split(',').filter(Boolean);
  for (const o of only) if (!HISTORY_REPOS.some((r) => r.repo === o)) throw new Error(`${o} is not in repos.ts`);
  // With --repo, the other repositories' questions are kept as they are (in repos.ts order).
  const kept: HistoryQuery[] = only.length && fs.existsSync(outFile) ? (JSON.parse(fs.readFileSync(outFile, 'utf8')) as HistoryQuery[]) : [];
  const all: HistoryQuery[] = [];
  for (const r of HISTORY_REPOS) {
    if (only.length && !only.includes(r.repo)) { all.push(...kept.filter((q) => q.repo === r.repo)); continue; }
    const qs = mineRepo(r, mirror);
    console.log(`${r.repo.padEnd(24)} ${r.half}  ${qs.length} questions`);
    all.push(...qs);
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, JSON.stringify(all, null, 1));
  console.log(`${all.length} questions -> ${outFile}`);
}
