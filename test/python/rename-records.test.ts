/**
 * Renaming a record's field (a dataclass, a named tuple, an attrs class, a pydantic model) renames the keyword
 * arguments that name it, as `graph` edits, and no keyword of the same name that names something else: applied to
 * copies of test/fixtures/python/record-fields and record-copies, the renamed code still runs as before.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rename } from '../../handlers/rename.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python');

/** A copy of a fixture folder, analyzed, with a loader whose snapshots can write (rename's apply). */
async function repo(t: import('ava').ExecutionContext, fixture: string) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-py-records-')));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.cpSync(path.join(FIXTURES, fixture), root, { recursive: true });
  const home = path.join(root, '.home');
  await analyzeRepository(root, { home, embedder: 'lexical' });
  const loader = new SnapshotLoader({ home, writer: repositoryWriter() });
  t.teardown(() => loader.close());
  return { root, loader };
}

function graphEdits(res: Parameters<typeof editList>[0]): string[] {
  return editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
}

function run(root: string, file: string): string {
  return execFileSync('python3', [file], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

test('a dataclass field: its keywords at constructions are graph edits; a parameter of the same name elsewhere is not', async (t) => {
  const { root, loader } = await repo(t, 'record-fields');
  const res = await rename({ symbol_uid: 'Property:records.py:Point.x', new_name: 'abscissa', dry_run: false }, await loader.get());
  t.true(res.applied);
  t.deepEqual(graphEdits(res), [
    'build.py:7:15 x→abscissa',   // p = Point(x=1, y=2)
    'build.py:13:12 x→abscissa',  // Point3(x=1, y=2, z=3), a dataclass deriving from Point
    'build.py:51:7 x→abscissa',   // p.x
    'records.py:9:5 x→abscissa',
  ]);
  const build = fs.readFileSync(path.join(root, 'build.py'), 'utf8');
  t.true(build.includes('    p = Point(abscissa=1, y=2)\n'));
  t.true(build.includes('    Point3(abscissa=1, y=2, z=3)\n'));
  // an own `__init__`'s parameter, a function's parameter, `**kwargs` passed on: kept
  for (const kept of ['    Plain(x=5)\n', '    unrelated(x=1, width=2)\n', '    forward(x=1, y=2)\n']) t.true(build.includes(kept), kept);
  // the same name's other occurrences are listed for review, never applied
  t.true(editList(res).includes('build.py:34:15 x→abscissa (text_search)'));
});

test('a record renamed and applied still runs: constructions through cls, an inherited __init__, replace and _replace', async (t) => {
  const { root, loader } = await repo(t, 'record-copies');
  const before = run(root, 'copies.py');
  const res = await rename({ symbol_uid: 'Property:copies.py:Point.x', new_name: 'abscissa', dry_run: false }, await loader.get());
  t.true(res.applied);
  t.deepEqual(graphEdits(res).filter((e) => e.startsWith('copies.py')), [
    'copies.py:13:5 x→abscissa',
    'copies.py:18:20 x→abscissa',  // return cls(x=0, y=0)
    'copies.py:45:18 x→abscissa',  // Labelled(x=1, y=2)
    'copies.py:48:32 x→abscissa',  // dataclasses.replace(q, x=3)
    'copies.py:50:15 x→abscissa',  // Sized(x=4): Point's __init__
    'copies.py:52:15 x→abscissa',  // Boxed(x=5, size=6, depth=7)
    'copies.py:59:15 x→abscissa',  // p.x
    'copies.py:59:25 x→abscissa',  // r.x
    'copies.py:59:30 x→abscissa',  // s.x
  ]);
  t.is(run(root, 'copies.py'), before);
  const pair = await rename({ symbol_uid: 'Property:copies.py:Pair.right', new_name: 'second', dry_run: false }, await loader.get());
  t.true(pair.applied);
  t.true(fs.readFileSync(path.join(root, 'copies.py'), 'utf8').includes('pair = Pair(left=8)._replace(second=9)'));
  t.is(run(root, 'copies.py'), before);
});

test('attrs and pydantic fields: keywords renamed, but a private attrs field and an aliased pydantic field keep theirs', async (t) => {
  const { root, loader } = await repo(t, 'record-copies');
  const port = await rename({ symbol_uid: 'Property:thirdparty.py:Classic.port', new_name: 'service_port', dry_run: false }, await loader.get());
  t.true(port.applied);
  t.true(fs.readFileSync(path.join(root, 'thirdparty.py'), 'utf8').includes('c = Classic(host="h", service_port=1)'));
  const size = await rename({ symbol_uid: 'Property:thirdparty.py:Defined.size', new_name: 'length', dry_run: false }, await loader.get());
  t.true(size.applied);
  const text = fs.readFileSync(path.join(root, 'thirdparty.py'), 'utf8');
  t.true(text.includes('d = Defined(length=1)'));
  t.true(text.includes('d2 = attrs.evolve(d, length=2)'));
  const secret = await rename({ symbol_uid: 'Property:thirdparty.py:Auto._secret', new_name: '_token', dry_run: true }, await loader.get());
  t.false(editList(secret).some((e) => e.includes('secret=') || / secret→/.test(e)), 'the keyword `secret` is not the name `_secret`');
  const count = await rename({ symbol_uid: 'Property:thirdparty.py:Model.count', new_name: 'total', dry_run: true }, await loader.get());
  t.deepEqual(graphEdits(count).filter((e) => e.startsWith('thirdparty.py')), ['thirdparty.py:28:5 count→total', 'thirdparty.py:51:48 count→total']);
});
