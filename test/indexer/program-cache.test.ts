/**
 * lib/extract/program-cache.ts: the query programs build.mjs caches in dist/ are the programs the code builds,
 * the native side accepts them, and a cache made for other queries, another grammar or damaged is not used.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_IDS, languageQueryKey, languageRuntime } from '../../lib/lang/index.ts';
import { nativeParser } from '../../lib/extract/native.ts';
import { cachedQuery, PROGRAM_CACHE_FILE } from '../../lib/extract/program-cache.ts';
import { writeQueryPrograms } from '../../lib/lang/query-programs.ts';
import { buildProgram } from '../../lib/extract/query-program.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const native = nativeParser();

/** What nativeProgram builds for a language when nothing is cached. */
const built = (id: (typeof LANGUAGE_IDS)[number]): Int32Array => {
  const rt = languageRuntime(id);
  return buildProgram(rt.engine, native!.grammarNames(rt.grammar), rt.names.namedById);
};

test('a written cache gives back each language\'s program word for word, and the native side accepts it', (t) => {
  if (!native) { t.pass('no native parser in this build: nothing is cached'); return; }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-programs-'));
  t.deepEqual(writeQueryPrograms(dir), [...LANGUAGE_IDS]);
  const file = path.join(dir, PROGRAM_CACHE_FILE);
  for (const id of LANGUAGE_IDS) {
    const rt = languageRuntime(id);
    const got = cachedQuery(id, languageQueryKey(id), native.grammarFingerprint(rt.grammar), file)?.program;
    t.deepEqual(got, built(id), id);
    t.notThrows(() => native.program(rt.grammar, got!));
    // What the collector reads instead of compiling the query: the engine's capture names and the patterns' roles.
    const q = cachedQuery(id, languageQueryKey(id), native.grammarFingerprint(rt.grammar), file)!;
    t.deepEqual([...q.captureNames], [...rt.engine.captureNames], `${id} capture names`);
    t.deepEqual([...q.roles], [...rt.roles], `${id} roles`);
    t.is(cachedQuery(id, languageQueryKey(id), native.grammarFingerprint(rt.grammar), file), q, 'one object per language');
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a cache made for other queries or another grammar, or damaged, is not used; the native side refuses a changed program', (t) => {
  if (!native) { t.pass('no native parser in this build'); return; }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-programs-'));
  writeQueryPrograms(dir);
  const file = path.join(dir, PROGRAM_CACHE_FILE);
  const ts = languageRuntime('typescript');
  const fingerprint = native.grammarFingerprint(ts.grammar);
  t.is(cachedQuery('typescript', 'another-query-key', fingerprint, file)?.program, undefined);
  t.is(cachedQuery('typescript', languageQueryKey('typescript'), fingerprint ^ 1, file)?.program, undefined);
  t.is(cachedQuery('typescript', languageQueryKey('typescript'), fingerprint, path.join(dir, 'missing.json'))?.program, undefined);
  // The tsx program does not fit the typescript grammar (another fingerprint inside): refused when registered.
  const tsx = languageRuntime('tsx');
  const tsxProgram = cachedQuery('tsx', languageQueryKey('tsx'), native.grammarFingerprint(tsx.grammar), file)!.program;
  t.throws(() => native.program(ts.grammar, tsxProgram));
  const changed = built('typescript');
  changed[2] += 1; // the length word
  t.throws(() => native.program(ts.grammar, changed));
  // Cut to a length that is no whole number of words.
  const table = JSON.parse(fs.readFileSync(file, 'utf8'));
  table.typescript.program = table.typescript.program.slice(0, 10);
  const damaged = path.join(dir, 'damaged.json');
  fs.writeFileSync(damaged, JSON.stringify(table));
  t.is(cachedQuery('typescript', languageQueryKey('typescript'), fingerprint, damaged)?.program, undefined);
  // An entry without the capture names (a file from before they were cached) is not used either.
  const old = JSON.parse(fs.readFileSync(file, 'utf8'));
  delete old.typescript.captureNames;
  const older = path.join(dir, 'older.json');
  fs.writeFileSync(older, JSON.stringify(old));
  t.is(cachedQuery('typescript', languageQueryKey('typescript'), fingerprint, older), undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('dist/query-programs.json, when the build wrote one, holds what these sources build', (t) => {
  const file = path.join(repoRoot, 'dist', PROGRAM_CACHE_FILE);
  if (!native || !fs.existsSync(file)) { t.pass('no cache in dist (no native parser, or not built)'); return; }
  for (const id of LANGUAGE_IDS) {
    const rt = languageRuntime(id);
    const q = cachedQuery(id, languageQueryKey(id), native.grammarFingerprint(rt.grammar), file);
    t.deepEqual(q?.program, built(id), `${id}: rebuild (node build.mjs)`);
    t.deepEqual(q && [...q.captureNames], [...rt.engine.captureNames]);
  }
});
