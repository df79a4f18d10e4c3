/** A snapshot's content as tests compare it with a cold analyze's (incremental runs, watchers, kept workers). */
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { exportLines } from '../../lib/analyze/export.ts';
import { readFactsParts, readGraphData, readRefs, readUnresolved } from '../../index-store/format.ts';
import { tempDir } from './_helpers.ts';

/** A generation's graph export, references, unresolved sites, facts and search files, by part. */
export function snapshotBytes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  out.export = [...exportLines(readGraphData(dir))].join('\n');
  out.refs = JSON.stringify(readRefs(dir));
  out.unresolved = JSON.stringify(readUnresolved(dir));
  const { parts, failed } = readFactsParts(dir);
  if (failed.length) throw new Error(`unreadable facts: ${failed.join(', ')}`);
  out.facts = JSON.stringify(parts.flatMap((p) => p.facts).sort((a, b) => ((a as { path: string }).path < (b as { path: string }).path ? -1 : 1)));
  const search = path.join(dir, 'search');
  if (fs.existsSync(search)) for (const f of fs.readdirSync(search).sort()) out[`search/${f}`] = fs.readFileSync(path.join(search, f)).toString('base64');
  return out;
}

/** Copies the repository (without its index) into a fresh folder and analyzes it there: the cold reference. */
export async function coldBytes(root: string): Promise<Record<string, string>> {
  const base = tempDir('cg-cold-');
  const copy = path.join(base, path.basename(root));
  fs.cpSync(root, copy, { recursive: true, filter: (src) => path.basename(src) !== '.codegraph' });
  const r = await analyzeRepository(copy, { home: path.join(base, 'home') });
  const bytes = snapshotBytes(r.dir);
  fs.rmSync(base, { recursive: true, force: true });
  return bytes;
}
