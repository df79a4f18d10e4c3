/**
 * Is a published generation whole? `analyze` asks before it calls an index current, `status` before it says
 * "up to date", so a snapshot cut short (a full disk, a killed copy, a restore gone wrong) is rebuilt by a
 * plain analyze instead of being served as INDEX_MISSING forever.
 *
 * A generation records the size of every file it holds (meta.json `sizes`, written last); checking them costs
 * one stat per file (the facts cache excepted: analyze re-parses what it cannot read). A reader that fails to parse a generation leaves a BROKEN note in it (best effort), which
 * catches damage that keeps the size. A generation written before sizes were recorded is checked by parsing
 * its JSON files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readText } from './ascii-json.ts';

/** The note a reader leaves in a generation it could not read. */
export const BROKEN_NOTE = 'BROKEN';
/** The generation's own description, written last: not listed in `sizes`. */
const META_FILE = 'meta.json';
/**
 * The incremental cache (facts.json before the per-file parts, then the facts/ and bodies/ buckets): not served, and
 * analyze re-parses what it cannot read, so it never makes a generation broken.
 */
const isCacheFile = (rel: string): boolean => rel === 'facts.json' || rel.startsWith('facts/') || rel.startsWith('bodies/');
/** Files parsed to check a generation that records no sizes. */
const JSON_FILES = ['graph.json', 'files.json'];

/** Size of every file under `dir` (relative, '/'-separated), meta.json and the BROKEN note excepted. */
export function fileSizes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (sub: string) => {
    for (const e of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (e.isFile() && rel !== META_FILE && rel !== BROKEN_NOTE) out[rel] = fs.statSync(path.join(dir, rel)).size;
    }
  };
  walk('');
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Why the generation in `dir` cannot be served as it is, or undefined when it is whole. */
export function generationDefect(dir: string): string | undefined {
  let meta: { sizes?: Record<string, number> };
  try {
    meta = JSON.parse(readText(path.join(dir, META_FILE))) as typeof meta;
  } catch (err) {
    return `${META_FILE} cannot be read (${(err as Error).message})`;
  }
  try {
    const note = fs.readFileSync(path.join(dir, BROKEN_NOTE), 'utf8').trim();
    return `a reader could not load it: ${note || 'no reason given'}`;
  } catch { /* no note: good */ }
  if (meta.sizes && typeof meta.sizes === 'object') {
    for (const [rel, size] of Object.entries(meta.sizes)) {
      if (isCacheFile(rel)) continue;
      let actual: number;
      try { actual = fs.statSync(path.join(dir, rel)).size; } catch { return `${rel} is missing`; }
      if (actual !== size) return `${rel} is ${actual} bytes, ${size} were written`;
    }
    return undefined;
  }
  for (const name of JSON_FILES) {
    try { JSON.parse(readText(path.join(dir, name))); } catch (err) { return `${name} cannot be read (${(err as Error).message})`; }
  }
  return undefined;
}

/** Leaves the BROKEN note in a generation a reader could not load (ignored when the folder is not writable). */
export function markBroken(dir: string, reason: string): void {
  try {
    if (fs.existsSync(path.join(dir, META_FILE))) fs.writeFileSync(path.join(dir, BROKEN_NOTE), reason + '\n');
  } catch { /* read-only index: analyze still finds the damage by the sizes */ }
}
