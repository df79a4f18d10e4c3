/**
 * Incremental analyze against cold analyze on a real corpus: a copy of the corpus is analyzed, then edited by a
 * seeded sequence of random edits (a statement added to a function body, blank lines inserted, a call of a name the
 * file already calls, a function appended, an `export` removed (TypeScript and JavaScript)); after each edit the incremental snapshot's graph
 * export, references, unresolved call sites, the per-file parts' files and search files are compared byte for byte with a cold analyze of a copy of the same tree.
 * Prints one line per edit (what changed, files resolved, modules and flows taken over, identical or not) and exits 1 on
 * any difference.
 *
 *   node --import tsx bench/incremental-diff.ts [--corpus DIR] [--steps N] [--seed N] [--kept]
 *
 * `--kept`: the incremental runs are a long-lived thread's, as under `--watch` (lib/analyze/resident.ts: the last
 * index in memory), with search in its worker at any size.
 *
 * Default corpus: rxjs 7.8.1 `node_modules/rxjs/src` (what bench/analyze.ts measures); its TypeScript, JavaScript
 * and Python files are edited (a Python corpus: `--corpus node_modules/node-gyp/gyp`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { ResidentIndexes } from '../lib/analyze/resident.ts';
import { exportLines } from '../lib/analyze/export.ts';
import { readGraphData, readRefs, readUnresolved } from '../index-store/format.ts';
import { bodyEdit } from './analyze.ts';
import { seededRandom } from '../lib/util/seeded-random.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const corpus = path.resolve(opt('--corpus') ?? path.join(repoRoot, 'node_modules/rxjs/src'));
const steps = Number(opt('--steps') ?? 12);
const resident = argv.includes('--kept') ? new ResidentIndexes() : undefined;
/** The incremental runs' options: a long-lived thread's with `--kept`. */
const keptOptions = resident ? { resident, searchWorker: true } : {};
/** The same seed, the same edits. */
const random = seededRandom(Number(opt('--seed') ?? 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

function sources(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map(String)
    .filter((f) => /\.(ts|tsx|js|py)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.codegraph')).sort();
}

function snapshotBytes(dir: string): Map<string, Buffer | string> {
  const out = new Map<string, Buffer | string>();
  out.set('export', [...exportLines(readGraphData(dir))].join('\n'));
  out.set('refs', JSON.stringify(readRefs(dir)));
  out.set('unresolved', JSON.stringify(readUnresolved(dir)));
  // the per-file parts themselves, bucket by bucket (linked or written, each equals a cold analyze's)
  for (const part of ['facts', 'bodies', 'refs', 'unresolved']) {
    for (const f of fs.readdirSync(path.join(dir, part)).sort()) out.set(`${part}/${f}`, fs.readFileSync(path.join(dir, part, f)));
  }
  const search = path.join(dir, 'search');
  if (fs.existsSync(search)) for (const f of fs.readdirSync(search).sort()) out.set(`search/${f}`, fs.readFileSync(path.join(search, f)));
  return out;
}

const same = (a: Buffer | string | undefined, b: Buffer | string | undefined): boolean =>
  a !== undefined && b !== undefined && (typeof a === 'string' ? a === b : Buffer.isBuffer(b) && a.equals(b));

/** One random edit of one file's text (undefined: this kind does not apply to it). */
function edit(text: string, step: number, python: boolean): { kind: string; text: string } | undefined {
  const lines = text.split('\n');
  const lang = python ? 'python' : 'typescript';
  const local = python ? `bench_local_${step} = ${step}` : `const benchLocal${step} = ${step};`;
  switch (pick(['body', 'blank', 'call', 'append', 'unexport'])) {
    case 'body': { const t = bodyEdit(text, lang, step); return t === undefined ? undefined : { kind: 'statement in a body', text: t }; }
    case 'blank': { lines.splice(Math.floor(random() * lines.length), 0, '', ''); return { kind: 'blank lines', text: lines.join('\n') }; }
    case 'call': {
      const keywords = python ? /^(if|elif|for|while|with|return|print|not|and|or|in|assert|yield|lambda|except)$/ : /^(if|for|while|switch|catch|function|return|typeof)$/;
      const called = [...text.matchAll(/\b([a-z][A-Za-z0-9_]*)\(/g)].map((m) => m[1]).filter((n) => !keywords.test(n));
      const t = called.length ? bodyEdit(text, lang, step)?.replace(local, `${pick(called)}()`) : undefined;
      return t === undefined ? undefined : { kind: 'call in a body', text: t };
    }
    case 'append': return { kind: 'function appended', text: python ? `${text}\n\ndef incremental_added_${step}():\n    return ${step}\n` : `${text}\nexport function incrementalAdded${step}(): number {\n  return ${step};\n}\n` };
    default: return !python && text.includes('export function') ? { kind: 'export removed', text: text.replace('export function', 'function') } : undefined;
  }
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-incremental-diff-'));
  let differences = 0;
  try {
    const root = path.join(tmp, 'repo');
    fs.cpSync(corpus, root, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
    const home = path.join(tmp, 'home');
    await analyzeRepository(root, { home, ...keptOptions });
    const files = sources(root);
    console.log(`corpus ${corpus}: ${files.length} files, ${steps} edits, seed ${opt('--seed') ?? 1}${resident ? ', kept in memory between runs' : ''}`);
    for (let step = 0; step < steps; step++) {
      let change: { kind: string; text: string } | undefined;
      let file = '';
      for (let tries = 0; !change && tries < 20; tries++) {
        file = pick(files);
        change = edit(fs.readFileSync(path.join(root, file), 'utf8'), step, file.endsWith('.py'));
      }
      if (!change) continue;
      fs.writeFileSync(path.join(root, file), change.text);
      const inc = await analyzeRepository(root, { home, ...keptOptions });
      const cold = path.join(tmp, `cold-${step}`);
      fs.cpSync(root, cold, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
      const ref = await analyzeRepository(cold, { home: path.join(tmp, `home-cold-${step}`) });
      const a = snapshotBytes(inc.dir), b = snapshotBytes(ref.dir);
      const differing = [...new Set([...a.keys(), ...b.keys()])].filter((k) => !same(a.get(k), b.get(k)));
      differences += differing.length ? 1 : 0;
      const s = inc.summary;
      console.log(`${String(step).padStart(3)} ${change.kind.padEnd(20)} ${file}: resolved ${s.files.resolved}/${s.files.indexed}, modules ${s.modulesReused ? 'taken over' : 'detected'}, flows ${s.processesReused ? 'taken over' : 'traced'}, `
        + `${differing.length ? `DIFFERENT: ${differing.join(', ')}` : 'identical to cold'}`);
      fs.rmSync(cold, { recursive: true, force: true });
      fs.rmSync(path.join(tmp, `home-cold-${step}`), { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(differences ? `${differences} edits gave a snapshot different from a cold analyze` : 'every incremental snapshot equals the cold one');
  if (differences) process.exitCode = 1;
}

await main();
