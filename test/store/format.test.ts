import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Reference } from '../../lib/refs/reference-index.ts';
import {
  cleanupGenerations, createGeneration, publishGeneration, readPointer, readRefs, writeGeneration, SNAPSHOT_SCHEMA,
} from '../../index-store/format.ts';
import { tempDir } from '../analyze/_helpers.ts';

const refs: Reference[] = [
  { target: 'Function:src/a.ts:f', filePath: 'src/a.ts', line: 1, column: 17, length: 1, kind: 'definition', confidence: 1, reason: 'definition' },
  { target: 'Function:src/a.ts:f', filePath: 'src/b.ts', line: 3, column: 5, length: 1, kind: 'call', from: 'Function:src/b.ts:g', confidence: 0.95, reason: 'import' },
  { target: 'Class:src/c.ts:C', filePath: 'src/b.ts', line: 9, column: 12, length: 1, kind: 'shorthand', confidence: 0.3, reason: 'name-only' },
  { target: 'Class:src/c.ts:C', filePath: 'src/c.ts', line: 2, column: 1, length: 1, kind: 'future-kind' as Reference['kind'], confidence: 0.5, reason: 'x' },
];

function generation(dir: string) {
  writeGeneration(dir, {
    meta: { schema: SNAPSHOT_SCHEMA, generation: path.basename(dir), name: 'n', root: '/r', indexedAt: new Date().toISOString(), commit: null, embedder: 'none', extractVersion: '1', stats: { files: 0, nodes: 0, edges: 0, communities: 0, processes: 0, embeddings: 0 }, configFiles: {}, summary: {} },
    graph: { nodes: [], edges: [] }, refs, files: { files: [], skipped: [] }, facts: [],
  });
}

test('references survive the column-wise encoding exactly, unknown kinds included', (t) => {
  const index = tempDir();
  const g = createGeneration(path.join(index, '.codegraph'));
  generation(g.dir);
  t.deepEqual(readRefs(g.dir), refs);
  t.true(fs.readFileSync(path.join(g.dir, 'refs.json'), 'utf8').length < JSON.stringify(refs).length);
});

test('the index folder gets a .gitignore of *, and CURRENT names the published generation', (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const a = createGeneration(indexDir);
  t.is(fs.readFileSync(path.join(indexDir, '.gitignore'), 'utf8'), '*\n');
  t.is(readPointer(indexDir), undefined);
  generation(a.dir);
  publishGeneration(indexDir, a.name);
  t.is(readPointer(indexDir), a.name);
  const b = createGeneration(indexDir);
  t.not(a.name, b.name);
  generation(b.dir);
  publishGeneration(indexDir, b.name);
  const c = createGeneration(indexDir);
  cleanupGenerations(indexDir, [b.name, a.name]);
  t.deepEqual(fs.readdirSync(indexDir).filter((n) => n.startsWith('g-')).sort(), [a.name, b.name].sort());
  t.false(fs.existsSync(c.dir));
  // No temporary files are left beside CURRENT.
  t.deepEqual(fs.readdirSync(indexDir).filter((n) => n.endsWith('.tmp')), []);
});

test('a pointer that is garbage or points outside is ignored', (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  fs.mkdirSync(indexDir);
  for (const bad of ['', 'nonsense', '../g-x', 'g-a/../../etc', 'g-a\\b']) {
    fs.writeFileSync(path.join(indexDir, 'CURRENT'), bad);
    t.is(readPointer(indexDir), undefined, bad);
  }
});
