/**
 * Hand-checked call samples for the languages this machine has no checker for (Kotlin, C#, Swift, PHP's typed
 * receivers): a fixed, seeded sample of call sites of a real code base at a pinned commit, each with what codegraph
 * says the call runs, and a verdict written by a person who read the code (bench/hand-samples/<name>.tsv). The
 * sample is drawn again from the same code and seed; a verdict file whose sites differ from the draw is refused (the
 * code or the draw changed). A verdict file with a sixth column, `runs` (what runs at the site: uids, `|` between
 * alternatives, `-` for nothing of the project), is not drawn again: its sites are checked against the code, its
 * figures printed as read, and today's answers on the same sites graded against `runs`, so a later build is
 * measured on the sample that was read.
 *
 *   node --import tsx bench/hand-sample.ts <name> <folder> [--draw]
 *
 * `--draw` prints the sample (site, the called name, our answer) to write verdicts for; without it, the figures of
 * the verdict file (`--misses` also lists the graded sites today's answers get wrong or miss). The folder is the code base's checkout at the commit the verdict file names in its header
 * (`git clone <repository> && git checkout <commit>`); its code is read, never copied here.
 *
 * Verdicts: `right` (ours is what runs, or the declared method of an interface call), `wrong` (ours is not what
 * runs), `missed` (a project function or method runs and ours has none), `none` (nothing of the project runs:
 * a library or a function value; ours has none, right), `extra` (nothing of the project runs but ours names one).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { posColumn, posLine } from '../lib/extract/facts.ts';
import { extractFile, language, languageOf, loadProjectConfig } from '../lib/lang/index.ts';
import { resolveProject } from '../lib/resolve/index.ts';
import { seededRandom } from '../lib/util/seeded-random.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZE = 100;

/** Every call site of a folder's non-test files (sorted) with our answer: the called symbol, or '-' for none. */
function sites(root: string): Array<{ site: string; name: string; ours: string }> {
  const all: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!e.name.startsWith('.')) walk(rel); } else all.push(rel);
    }
  };
  walk('');
  all.sort();
  const facts = [];
  const texts = new Map<string, string>();
  for (const rel of all) {
    if (!languageOf(rel)) continue;
    const text = readFileSync(path.join(root, rel), 'utf8');
    const id = languageOf(rel, text)!;
    texts.set(rel, text);
    facts.push(extractFile(rel, text, id));
  }
  const result = resolveProject(facts, loadProjectConfig(all, (rel) => texts.get(rel) ?? (() => { try { return readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } })()));
  const oursAt = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'call' || r.kind === 'type') oursAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  const out: Array<{ site: string; name: string; ours: string }> = [];
  for (const f of facts) {
    if (language(f.language).rules.isTestFile(f.path)) continue;
    const lines = texts.get(f.path)!.split('\n');
    for (const c of f.calls) {
      const line = posLine(c.at), col = posColumn(c.at);
      const name = /^[\p{L}\p{N}_]+/u.exec(lines[line - 1]?.slice(col - 1) ?? '')?.[0] ?? '';
      if (!name) continue;
      const site = `${f.path}:${line}:${col}`;
      out.push({ site, name, ours: oursAt.get(site) ?? '-' });
    }
  }
  return out.sort((a, b) => (a.site < b.site ? -1 : a.site > b.site ? 1 : 0));
}

/** A seeded draw of `n` sites (mulberry32 over the sorted list: the same code gives the same sample). */
function draw<T>(items: readonly T[], n: number, seed: number): T[] {
  const rand = seededRandom(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [idx[i], idx[j]] = [idx[j], idx[i]]; }
  return idx.slice(0, n).sort((a, b) => a - b).map((i) => items[i]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [name, folder, flag] = process.argv.slice(2);
  const sample = draw(sites(folder), SIZE, 30);
  if (flag === '--draw') {
    for (const s of sample) console.log(`${s.site}\t${s.name}\t${s.ours}`);
  } else {
    const rows = readFileSync(path.join(here, 'hand-samples', `${name}.tsv`), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
    const graded = rows.every((r) => r.length >= 6 && r[5] !== '');
    if (!graded) {
      const sites = sample.map((s) => `${s.site}\t${s.ours}`);
      const written = rows.map((r) => `${r[0]}\t${r[2]}`);
      if (JSON.stringify(sites) !== JSON.stringify(written)) throw new Error(`${name}: the verdicts are for another draw (the code, the commit or codegraph's answers changed): draw again`);
    }
    console.log(figures(`${name}`, rows.map((r) => r[3])));
    if (graded) {
      // The sample stays the one read (never drawn again: a build that changes which nodes are calls would change
      // the draw); each site is checked to be in the code still, and today's answer is graded against what runs.
      const now = new Map(sites(folder).map((s) => [s.site, s.ours]));
      for (const r of rows) {
        const [, file, line, col] = /^(.*):(\d+):(\d+)$/.exec(r[0])!;
        const text = readFileSync(path.join(folder, file), 'utf8').split('\n')[Number(line) - 1] ?? '';
        if (!text.slice(Number(col) - 1).startsWith(r[1])) throw new Error(`${name}: ${r[0]} is not '${r[1]}' in this checkout (another commit?)`);
      }
      const verdicts = rows.map((r) => grade(now.get(r[0]) ?? '-', r[5].split('|')));
      const changed = rows.filter((r) => (now.get(r[0]) ?? '-') !== r[2]).length;
      console.log(figures(`${name} (today's answers on the same sites; ${changed} changed since read)`, verdicts));
      if (flag === '--misses') rows.forEach((r, i) => { if (verdicts[i] !== 'right' && verdicts[i] !== 'none') console.log(`${verdicts[i]}\t${r[0]}\t${r[1]}\tours ${now.get(r[0]) ?? '-'}\truns ${r[5]}`); });
    }
  }
}

/** The verdict for an answer (`-` for none) when `runs` is what runs there (`-` for nothing of the project). */
function grade(ours: string, runs: string[]): string {
  if (runs.includes('-')) return ours === '-' ? 'none' : 'extra';
  if (ours === '-') return 'missed';
  return runs.includes(ours) ? 'right' : 'wrong';
}

/** One line of figures over a list of verdicts. */
function figures(label: string, verdicts: string[]): string {
  const count = (v: string): number => verdicts.filter((x) => x === v).length;
  const right = count('right'), wrong = count('wrong'), missed = count('missed'), none = count('none'), extra = count('extra');
  const ours = right + wrong + extra, project = right + wrong + missed;
  return `${label}: ${verdicts.length} sites; project calls ${project}, ours ${ours}; right ${right}, wrong ${wrong}, extra ${extra}, missed ${missed}, none ${none}; ` +
    `precision ${(100 * right / Math.max(ours, 1)).toFixed(1)}%, recall ${(100 * right / Math.max(project, 1)).toFixed(1)}%`;
}
