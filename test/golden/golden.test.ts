/**
 * Golden exports: every small fixture repository is analyzed as `codegraph analyze` does and its
 * `export --format jsonl` is compared, line for line, with the file committed under test/golden/exports/.
 * A change that alters any node or edge of any fixture shows here as a reviewed diff, so "graphs identical"
 * is proved in CI rather than claimed. To accept an intended change: `UPDATE_GOLDEN=1 npx ava test/golden`.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { exportLines } from '../../lib/analyze/export.ts';
import { tempDir } from '../analyze/_helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../fixtures');
const goldenDir = path.join(here, 'exports');
const update = process.env.UPDATE_GOLDEN === '1';

/** Fixture repositories with a golden export: each folder of these parents, plus the named single ones. */
const PARENTS = ['indexer', 'callgraph-samples', 'rename', 'search', 'tools', 'python', 'c', 'cpp', 'rust', 'swift', 'go', 'java', 'kotlin', 'csharp', 'php', 'ruby'];
const SINGLE = ['flows-app'];
/** Fixture folders that are not repositories (a stored snapshot of an old format). */
const NOT_REPOSITORIES = new Set(['search--format-1']);

function fixtureRepos(): Array<{ name: string; dir: string }> {
  const out: Array<{ name: string; dir: string }> = [];
  for (const parent of PARENTS) {
    for (const entry of fs.readdirSync(path.join(fixtures, parent), { withFileTypes: true })) {
      if (entry.isDirectory() && !NOT_REPOSITORIES.has(`${parent}--${entry.name}`)) out.push({ name: `${parent}--${entry.name}`, dir: path.join(fixtures, parent, entry.name) });
    }
  }
  for (const name of SINGLE) out.push({ name, dir: path.join(fixtures, name) });
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The export of a fixture analyzed from a fresh copy (the fixture folder itself is never written). */
async function exportOf(dir: string): Promise<string> {
  const base = tempDir('cg-golden-');
  const root = path.join(base, 'repo');
  fs.cpSync(dir, root, { recursive: true });
  const { dir: generation } = await analyzeRepository(root, { home: path.join(base, 'home') });
  let text = '';
  for (const line of exportLines(readGraphData(generation))) text += line + '\n';
  return text;
}

for (const { name, dir } of fixtureRepos()) {
  test(`golden export: ${name}`, async (t) => {
    const actual = await exportOf(dir);
    const file = path.join(goldenDir, `${name}.jsonl`);
    if (update) {
      fs.mkdirSync(goldenDir, { recursive: true });
      fs.writeFileSync(file, actual);
    }
    if (!fs.existsSync(file)) { t.fail(`no golden export ${path.relative(process.cwd(), file)}: write it with UPDATE_GOLDEN=1`); return; }
    const expected = fs.readFileSync(file, 'utf8');
    if (actual === expected) { t.pass(); return; }
    const a = actual.split('\n'), e = expected.split('\n');
    const missing = e.filter((l) => !a.includes(l)).slice(0, 5);
    const added = a.filter((l) => !e.includes(l)).slice(0, 5);
    t.fail(`export differs from ${path.relative(process.cwd(), file)} (${e.length - 1} lines expected, ${a.length - 1} now)\n` +
      `first lines gone:\n${missing.join('\n')}\nfirst lines new:\n${added.join('\n')}\n` +
      'accept an intended change with UPDATE_GOLDEN=1 npx ava test/golden');
  });
}
