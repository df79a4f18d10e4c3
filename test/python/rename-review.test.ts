/**
 * What a Python rename cannot be sure of is listed for review (`text_search`), never applied by default and never
 * lost: a name inside a string evaluated as a type (`cast("V", x)`), which pyright's rename leaves. The agreement of
 * the graph edits with pyright is test/python/rename-oracle.test.ts (fixture python/rename-rules).
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python', 'rename-rules');

let snapshot: Snapshot;
test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('a TypeVar named inside cast("V", …): the string is a text_search edit, the code a graph edit', async (t) => {
  const res = await rename({ symbol_name: 'V', file_path: 'casts.py', new_name: 'Value' }, snapshot);
  const edits = editList(res);
  t.true(edits.includes('casts.py:4:1 V→Value (graph)'), edits.join('\n'));
  t.true(edits.includes('casts.py:29:28 V→Value (graph)'), edits.join('\n')); // -> V
  t.true(edits.includes('casts.py:31:20 V→Value (text_search)'), edits.join('\n')); // cast("V", value)
  t.false(edits.some((e) => e.startsWith('casts.py:31:') && e.endsWith('(graph)')));
});

test('a class named inside cast("t.List[Node]", …): text_search; in an annotation\'s string: graph', async (t) => {
  const res = await rename({ symbol_name: 'Node', file_path: 'casts.py', new_name: 'Vertex' }, snapshot);
  const edits = editList(res);
  t.true(edits.includes('casts.py:10:35 Node→Vertex (graph)'), edits.join('\n')); // -> "t.List[Node]"
  t.true(edits.includes('casts.py:35:27 Node→Vertex (text_search)'), edits.join('\n'));
});

test('a module\'s `filter = filter`: renaming the module\'s name leaves the builtin on the right for review', async (t) => {
  const res = await rename({ symbol_name: 'filter', file_path: 'builtins_again.py', new_name: 'keep_if' }, snapshot);
  const edits = editList(res);
  t.true(edits.includes('builtins_again.py:4:1 filter→keep_if (graph)'), edits.join('\n'));
  t.true(edits.includes('builtins_again.py:4:10 filter→keep_if (text_search)'), edits.join('\n'));
});
