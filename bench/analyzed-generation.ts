/**
 * The current generation of a folder `codegraph analyze` indexed, as the resolve benches read it: its stored facts
 * (JSON text, parsed by each run so runs start from fresh objects), every walked path and a reader of the files.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface AnalyzedGeneration {
  /** The generation folder. */
  gen: string;
  /** The stored facts of every file (the facts/ buckets joined) as one JSON array's text. */
  factsJson: string;
  /** Every path the walk recorded (indexed and skipped), sorted: what loadProjectConfig is given. */
  allPaths: string[];
  /** A file of the analyzed folder, or undefined when it cannot be read. */
  readText: (rel: string) => string | undefined;
}

/** Opens the current generation of the analyzed folder `root`. */
export function openAnalyzed(root: string): AnalyzedGeneration {
  const index = path.join(root, '.codegraph');
  const gen = path.join(index, fs.readFileSync(path.join(index, 'CURRENT'), 'utf8').trim());
  const factsJson = JSON.stringify(fs.readdirSync(path.join(gen, 'facts')).flatMap((b) => JSON.parse(fs.readFileSync(path.join(gen, 'facts', b), 'utf8')) as unknown[]));
  const table = JSON.parse(fs.readFileSync(path.join(gen, 'files.json'), 'utf8')) as { files: { path: string }[]; skipped?: { path: string }[] };
  const allPaths = [...table.files, ...(table.skipped ?? [])].map((f) => f.path).sort();
  const readText = (rel: string): string | undefined => { try { return fs.readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } };
  return { gen, factsJson, allPaths, readText };
}
