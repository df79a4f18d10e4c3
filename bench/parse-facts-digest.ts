/**
 * A digest of the facts the extractor gives every file of a set of corpora: one line per corpus (files, and a
 * hash of every file's FileFacts JSON in path order), and with `--files` one line per file. Two commits whose
 * digests agree extract byte-identical facts, so they build identical graphs; a refactor of the extractor is
 * checked with it before and after.
 *
 *   node --import tsx bench/parse-facts-digest.ts [--files] [folder …]
 *   (default: the pinned corpora under node_modules and test/fixtures)
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { extractFile, languageOf } from '../lib/lang/index.ts';
import { readCorpus } from './parse-baseline.ts';

const DEFAULT = [
  'node_modules/rxjs/src', 'node_modules/three/src', 'node_modules/@tanstack/query-core/src', 'node_modules/prosemirror-model/src',
  'node_modules/zod/v4', 'node_modules/ajv/lib', 'node_modules/mobx/src', 'test/fixtures',
];

/** The digest of one folder's facts (and each file's, when `perFile` is given). */
export function factsDigest(root: string, perFile?: (file: string, hash: string) => void): { files: number; hash: string } {
  const all = createHash('sha256');
  const files = readCorpus(root);
  for (const f of files) {
    const json = JSON.stringify(extractFile(f.path, f.text, languageOf(f.path)!));
    all.update(f.path).update('\0').update(json).update('\0');
    perFile?.(f.path, createHash('sha256').update(json).digest('hex').slice(0, 16));
  }
  return { files: files.length, hash: all.digest('hex').slice(0, 16) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const files = args.includes('--files');
  const roots = args.filter((a) => a !== '--files');
  for (const root of roots.length ? roots : DEFAULT) {
    const d = factsDigest(root, files ? (f, h) => console.log(`  ${h} ${root}/${f}`) : undefined);
    console.log(`${d.hash} ${root} (${d.files} files)`);
  }
}
