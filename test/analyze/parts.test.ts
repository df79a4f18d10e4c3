/**
 * The per-file parts of a generation (index-store/parts.ts) in analyze: a one-file run links the buckets of unchanged
 * files from the previous generation and writes one bucket of each part, with a snapshot equal to a forced rebuild's;
 * a run interrupted after linking leaves the previous generation whole.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readFactsFile, readMeta, readPointer, readRefs, readUnresolved } from '../../index-store/format.ts';
import { bucketOf } from '../../index-store/parts.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { listAll, tempRepo, writeTree } from './_helpers.ts';

/** A project of `n` modules calling one another (and an unknown function), so every file has references and sites. */
function project(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const name = `src/m${String(i).padStart(3, '0')}.ts`;
    files[name] = i === 0
      ? 'export function f0(x: number): number {\n  return x + 1;\n}\n'
      : `import { f${i - 1} } from './m${String(i - 1).padStart(3, '0')}';\nexport function f${i}(x: number): number {\n  unknown${i}(x);\n  return f${i - 1}(x) * ${i};\n}\n`;
  }
  return files;
}

const N = 150; // 4 buckets

async function edited() {
  const files = project(N);
  const { root, home } = tempRepo(files);
  const old = new Date(Date.now() - 60_000);
  for (const f of Object.keys(files)) fs.utimesSync(path.join(root, f), old, old);
  const first = await analyzeRepository(root, { home, embedder: 'lexical' });
  const target = 'src/m042.ts';
  writeTree(root, { [target]: files[target].replace('  return', '  const local = 1;\n  return') });
  return { root, home, first, target };
}

const inode = (file: string): number => fs.statSync(file).ino;

test('a body edit links every bucket but the edited file\'s and writes that one; the parts equal a forced rebuild\'s', async (t) => {
  const { root, home, first, target } = await edited();
  const buckets = readMeta(first.dir).parts!.buckets;
  t.is(buckets, 4);
  const second = await analyzeRepository(root, { home, embedder: 'lexical' });
  t.is(second.summary.files.resolved, 1);
  const changed = bucketOf(target, buckets);
  for (const part of ['facts', 'refs', 'unresolved']) {
    for (let k = 0; k < buckets; k++) {
      const same = inode(path.join(first.dir, part, `${k}.json`)) === inode(path.join(second.dir, part, `${k}.json`));
      t.is(same, k !== changed, `${part}/${k}.json`);
    }
  }
  const forced = await analyzeRepository(root, { home, embedder: 'lexical', force: true });
  t.is(forced.summary.files.resolved, N);
  for (const part of ['facts', 'refs', 'unresolved']) {
    for (let k = 0; k < buckets; k++) {
      const file = (dir: string): string => fs.readFileSync(path.join(dir, part, `${k}.json`), 'utf8');
      t.is(file(second.dir), file(forced.dir), `${part}/${k}.json`);
    }
  }
  t.deepEqual(readMeta(second.dir).parts, readMeta(forced.dir).parts);
  t.is(second.summary.references, forced.summary.references);
  t.true(readRefs(second.dir).some((r) => r.filePath === target && r.line === 5));
  t.deepEqual(readUnresolved(second.dir), readUnresolved(forced.dir));
  const facts = readFactsFile(path.join(second.dir, 'facts', `${changed}.json`)).facts as { path: string }[];
  t.true(facts.some((f) => f.path === target));
});

test('the previous generation removed, a generation that links its parts still reads whole', async (t) => {
  const { root, home, first } = await edited();
  const second = await analyzeRepository(root, { home, embedder: 'lexical' });
  const refs = JSON.stringify(readRefs(second.dir));
  fs.rmSync(first.dir, { recursive: true });
  t.is(JSON.stringify(readRefs(second.dir)), refs);
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  t.is((await loader.get()).refs.size, readMeta(second.dir).parts!.refs.reduce((a, b) => a + b, 0));
});

for (const phase of ['modules', 'search', 'write'] as const) {
  test(`a run failing during '${phase}', after its parts were linked, leaves the previous generation whole and readable`, async (t) => {
    const { root, home, first } = await edited();
    const before = listAll(path.join(root, '.codegraph'));
    const refs = JSON.stringify(readRefs(first.dir));
    const err = await t.throwsAsync(analyzeRepository(root, { home, embedder: 'lexical', onPhase: (p) => { if (p === phase) throw new Error(`injected in ${p}`); } }));
    t.is(err?.message, `injected in ${phase}`);
    t.deepEqual(listAll(path.join(root, '.codegraph')), before);
    t.is(readPointer(path.join(root, '.codegraph')), path.basename(first.dir));
    t.is(JSON.stringify(readRefs(first.dir)), refs);
    for (const part of ['facts', 'refs', 'unresolved']) t.is(fs.statSync(path.join(first.dir, part, '0.json')).nlink, 1, part);
    const loader = new SnapshotLoader({ home });
    t.teardown(() => loader.close());
    t.true((await loader.get()).graph.order > 0);
    // and the next run takes it over as if nothing had happened
    const r = await analyzeRepository(root, { home, embedder: 'lexical' });
    t.is(r.summary.files.resolved, 1);
  });
}
