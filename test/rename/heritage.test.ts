/**
 * rename of a member with several bases below it (test/fixtures/indexer/rename-heritage): the members of the other
 * bases of a type below are not renamed, as the TypeScript language service leaves them, but their occurrences are
 * listed as text_search for review, with a warning.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { editList } from './helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'rename-heritage');
let snapshot: Snapshot;
test.before(async () => { snapshot = await buildSnapshotInMemory(FIXTURE, { search: false }); });

test("a base's member renames with the members below it, and lists another base's as text_search", async (t) => {
  const res = await rename({ symbol_uid: 'Property:src/diamond.ts:A.id', new_name: 'key' }, snapshot);
  t.deepEqual(res.tied_symbols.map((s) => s.uid), ['Property:src/diamond.ts:C.id', 'Property:src/diamond.ts:K.id']);
  const edits = editList(res).filter((e) => e.startsWith('src/diamond.ts:'));
  // (B.id's declaration and its read, beside the comments' words)
  const text = edits.filter((e) => e.endsWith('(text_search)')).map((e) => e.split(' ')[0]);
  t.true(text.includes('src/diamond.ts:9:3') && text.includes('src/diamond.ts:22:26'), text.join(' '));
  t.deepEqual(edits.filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]), ['src/diamond.ts:5:3', 'src/diamond.ts:13:3', 'src/diamond.ts:18:3', 'src/diamond.ts:22:12', 'src/diamond.ts:22:19', 'src/diamond.ts:22:33']);
  t.true(res.warnings.some((w) => w.includes('Property:src/diamond.ts:B.id')), res.warnings.join('\n'));
});

test('a member of a type below both bases renames with both', async (t) => {
  const res = await rename({ symbol_uid: 'Property:src/diamond.ts:C.id', new_name: 'key' }, snapshot);
  t.deepEqual(res.tied_symbols.map((s) => s.uid), ['Property:src/diamond.ts:A.id', 'Property:src/diamond.ts:B.id', 'Property:src/diamond.ts:K.id']);
  t.false(res.warnings.some((w) => w.includes('not renamed with it')));
});
