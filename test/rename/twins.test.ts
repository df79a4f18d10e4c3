/**
 * rename of a name declared both as a value and as a type in one module: TypeScript merges the declarations into
 * one symbol only when all are exported or all are local (test/fixtures/indexer/value-type-twins).
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { editList } from './helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'value-type-twins');
let snapshot: Snapshot;
test.before(async () => { snapshot = await buildSnapshotInMemory(FIXTURE, { search: false }); });

const graphEdits = (res: Awaited<ReturnType<typeof rename>>) => editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]);

test('an exported const and a local type of its name rename apart', async (t) => {
  const value = await rename({ symbol_uid: 'Variable:src/local-twins.ts:emptyMessage', new_name: 'noMessage' }, snapshot);
  t.deepEqual(value.tied_symbols, []);
  t.deepEqual(graphEdits(value), ['src/local-twins.ts:3:14', 'src/local-twins.ts:4:28', 'src/local-twins.ts:7:67']);
  const type = await rename({ symbol_uid: 'TypeAlias:src/local-twins.ts:emptyMessage', new_name: 'noMessage' }, snapshot);
  t.deepEqual(type.tied_symbols, []);
  t.deepEqual(graphEdits(type), ['src/local-twins.ts:4:6', 'src/local-twins.ts:7:38']);
});

test('an exported interface and const of one name still rename together', async (t) => {
  const res = await rename({ symbol_uid: 'TypeAlias:src/core.ts:Schema', new_name: 'Shape' }, snapshot);
  t.deepEqual(res.tied_symbols.map((s) => s.uid), ['Variable:src/core.ts:Schema']);
});
