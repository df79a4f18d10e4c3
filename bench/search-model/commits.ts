/**
 * Training pairs of the code-search model from real history: (commit subject, a function the commit changed)
 * from the git history of open-source repositories that no search figure is measured on. A change description
 * says what a person wants in the words people use ("hang", "quit", "crash on empty input"); the changed
 * function is in the code's words: the pairs teach the model the gap that doc comments (written in the code's
 * own words) do not. Subjects are kept and cleaned as the localization set's are (bench/search-history/mine.ts);
 * the code side is the changed function's search document (every field, its doc included) in the commit's
 * version of the file. Nothing of the repositories is committed: this script re-creates the pairs from the
 * pinned commits below (brought with the search tool's `fetch`, default mirror folder /work/.mirror).
 *   node --import tsx bench/search-model/commits.ts [--mirror DIR] [--out FILE] [--window N] [--only owner/name,…]
 */
import fs from 'node:fs';
import path from 'node:path';
import { extractFile, languageOf } from '../../lib/lang/index.ts';
import { isTestFile } from '../../lib/symbols/test-files.ts';
import { documentsOfFile } from '../../lib/search/documents.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';
import { DEFAULT_MIRROR, describedCommits, git, gitDirOf, MAX_FILES, MAX_FUNCTIONS, touchedLines } from '../search-history/mine.ts';
import { HISTORY_REPOS } from '../search-history/repos.ts';
import type { Pair } from './pairs.ts';

/**
 * The training repositories, pinned. None is in the localization set (either half), none is one the project
 * is measured on (zod, ky, hono, fastify, click, express, httpx, rich, flask), and none is rxjs.
 */
export const TRAINING_REPOS: ReadonlyArray<{ repo: string; commit: string }> = [
  { repo: 'lodash/lodash', commit: '9429a4ee03056e5b7be9a85a54571d7630f05983' },
  { repo: 'date-fns/date-fns', commit: 'dd66398305c2b015fba3c1b3d31ccff42ee8d4cf' },
  { repo: 'yargs/yargs', commit: '2a4378bdc2eac9cf7d0cdfe0a52b1b25f779806a' },
  { repo: 'mochajs/mocha', commit: 'e6b9ee773481fd739ae24caeb42f32ac0b010f95' },
  { repo: 'Automattic/mongoose', commit: '3e212cec87dbf710216a3c6125121aefa60a4475' },
  { repo: 'sequelize/sequelize', commit: 'c7700944925914dd936e96ad2dabb4dbdf7e9477' },
  { repo: 'eslint/eslint', commit: 'c27bc926e496985eb7911c09eb60914b2e4b5d0f' },
  { repo: 'prettier/prettier', commit: '4f84a934201322ca87750e2b9b25baf296da6560' },
  { repo: 'socketio/socket.io', commit: 'd2d753fed4435015c2d83fe62e676b44e07fa3f7' },
  { repo: 'preactjs/preact', commit: 'f6c6cda581e1123095c56f9fc232b82fc518e426' },
  { repo: 'sveltejs/svelte', commit: '15720b16a5ef33e3e1f4301c77b94ec375070e73' },
  { repo: 'typeorm/typeorm', commit: '281bfba42a5813b106bcf5ba79bc7f7251bd1e73' },
  { repo: 'chartjs/Chart.js', commit: 'cb02e1d207bd4c4c40b20c259017f85f26f1e30a' },
  { repo: 'webpack/webpack', commit: 'bc3e930f75e3f6ecbdf193a0dedf6067ea3a286b' },
  { repo: 'TanStack/query', commit: '40321a0b1b3bdd0afa11f0e439642ab84cdf6afe' },
  { repo: 'psf/requests', commit: '1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e' },
  { repo: 'pytest-dev/pytest', commit: 'df87db7b0462fb764ef73fa00561adf8ad047572' },
  { repo: 'pydantic/pydantic', commit: '2151025aa51263f3016502b00010b78e4481eaa1' },
  { repo: 'encode/starlette', commit: 'cb8f84f5284dc301ca7a31eb732b9e140769dd48' },
  { repo: 'psf/black', commit: '8947c48ef2077c3a301b03c1e814dc2e3f78436e' },
];

/** Folders whose files are no library code (tests, docs, sites, examples, generated output). */
const NOT_CODE = /(?:^|\/)(?:tests?|__tests__|spec|docs?|website|site|examples?|fixtures?|benchmarks?|bench|scripts|dist|build|vendor|types|typings|playground|e2e)\//;

function isTrainingSource(file: string): boolean {
  return languageOf(file) !== undefined && !isTestFile(file) && !NOT_CODE.test(file) && !/\.d\.[cm]?ts$/.test(file) && !/\.min\.js$/.test(file);
}

/** Indexes of the innermost function or method holding each touched line (what mine.ts counts as changed). */
function changedSymbols(symbols: ReadonlyArray<{ label: string; line: number; endLine: number }>, ranges: ReadonlyArray<[number, number]>): Set<number> {
  const fns = symbols.map((s, i) => ({ s, i })).filter(({ s }) => s.label === 'Function' || s.label === 'Method');
  const out = new Set<number>();
  for (const [a, b] of ranges) {
    for (let line = a; line <= b; line++) {
      let best: (typeof fns)[number] | undefined;
      for (const f of fns) if (f.s.line <= line && line <= f.s.endLine && (!best || f.s.endLine - f.s.line < best.s.endLine - best.s.line)) best = f;
      if (best) out.add(best.i);
    }
  }
  return out;
}

/** The pairs of one repository: for each commit of its history before the pin, the subject and each changed function. */
export function commitPairs(repo: string, commit: string, mirror: string, window: number): Pair[] {
  const gitDir = gitDirOf(mirror, repo);
  const out: Pair[] = [];
  for (const { sha, parents, text } of describedCommits(gitDir, commit, window)) {
    const sources = git(gitDir, ['diff', '--no-renames', '--name-only', parents, sha]).split('\n').filter(Boolean).filter(isTrainingSource);
    if (sources.length === 0 || sources.length > MAX_FILES) continue;
    const ranges = touchedLines(git(gitDir, ['diff', '--no-renames', '-U0', parents, sha, '--', ...sources]));
    const found: Pair[] = [];
    for (const file of sources) {
      const lines = ranges.get(file);
      if (!lines) continue;
      const body = git(gitDir, ['show', `${sha}:${file}`]);
      if (body.length > 400_000) continue;
      let facts;
      try { facts = extractFile(file, body, languageOf(file)!); } catch { continue; }
      const changed = changedSymbols(facts.symbols, lines);
      if (changed.size === 0) continue;
      const nodes = facts.symbols.map((s, i) => ({
        uid: `${s.label}:${file}:${s.qualifiedName}#${i}`, label: s.label, name: s.name, qualifiedName: s.qualifiedName,
        filePath: file, signature: s.signature, doc: s.doc, line: s.line, endLine: s.endLine,
      }) as unknown as GraphNode);
      // Only the changed symbols are described (a file's document of every symbol costs far more).
      for (const d of documentsOfFile([...changed].map((i) => nodes[i]), body)) found.push({ source: `${repo}@${commit}`, text, code: d.fields });
    }
    if (found.length === 0 || found.length > MAX_FUNCTIONS) continue;
    out.push(...found);
  }
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
  const measured = new Set(HISTORY_REPOS.map((r) => r.repo));
  for (const r of TRAINING_REPOS) if (measured.has(r.repo)) throw new Error(`${r.repo} is in the localization set`);
  const mirror = arg('--mirror', DEFAULT_MIRROR);
  const window = Number(arg('--window', '1200'));
  const all: Pair[] = [];
  const only = arg('--only', '').split(',').filter(Boolean);
  for (const r of TRAINING_REPOS.filter((x) => only.length === 0 || only.includes(x.repo))) {
    const got = commitPairs(r.repo, r.commit, mirror, window);
    console.error(`${r.repo.padEnd(24)} ${got.length} pairs`);
    all.push(...got);
  }
  const out = arg('--out', path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-commit-pairs.json'));
  fs.writeFileSync(out, JSON.stringify(all));
  console.error(`${all.length} pairs -> ${out}`);
}
