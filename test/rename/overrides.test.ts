/**
 * rename of a method family along OVERRIDES, on the per-language override fixtures as the indexer indexes them: the
 * family is what the language ties (never a same-named method it does not), and the call sites reached through the
 * base type are graph edits.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rename } from '../../handlers/rename.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { indexFixture, readFixture } from '../indexer/harness.ts';
import { editList } from './helpers.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

function snapshotOf(folder: string) {
  const files = readFixture(path.join(FIXTURES, folder));
  const r = indexFixture(files);
  return memorySnapshot({ graph: r.graph, refs: [...r.refs.all], files: Object.fromEntries(files) });
}

test('TypeScript: renaming one implementation renames the abstract method, every implementation and override, and the calls through the base', async (t) => {
  const s = snapshotOf('indexer/overrides');
  const res = await rename({ symbol_uid: 'Method:src/query.ts:InsertQuery.getQuery', new_name: 'toSql' }, s);
  const tied = res.tied_symbols.map((x) => x.uid).sort();
  t.deepEqual(tied, ['QueryBuilder', 'SelectQuery', 'UpdateQuery', 'DeleteQuery', 'UpsertQuery', 'CountQuery', 'DistinctCountQuery', 'FastCount', 'Odd']
    .map((c) => `Method:src/query.ts:${c}.getQuery`).sort());
  const graph = editList(res).filter((e) => e.endsWith('(graph)'));
  // the call through the base type (`q: QueryBuilder`) and through a subclass are graph edits, applied
  t.true(graph.includes('src/run.ts:11:12 getQuery→toSql (graph)'), graph.join('\n'));
  t.true(graph.includes('src/run.ts:16:28 getQuery→toSql (graph)'), graph.join('\n'));
  // what is left to text search in run.ts is the fixture's assertion comments
  t.deepEqual(editList(res).filter((e) => e.startsWith('src/run.ts') && !e.endsWith('(graph)')).map((e) => e.split(':')[1]), ['12', '17']);
  // a method of another name, and the other family's describe, are untouched
  t.false(graph.some((e) => e.includes('getQueryText') || e.includes('describe')));
  // the same family from any member
  const fromBase = await rename({ symbol_uid: 'Method:src/query.ts:QueryBuilder.getQuery', new_name: 'toSql' }, s);
  t.deepEqual(editList(fromBase), editList(res));
});

test('TypeScript: an interface method renames with the class method and the object literal method implementing it, not with statics', async (t) => {
  const s = snapshotOf('indexer/overrides');
  const res = await rename({ symbol_uid: 'Method:src/query.ts:Describable.describe', new_name: 'explain' }, s);
  t.deepEqual(res.tied_symbols.map((x) => x.uid).sort(), ['Method:src/query.ts:DeleteQuery.describe', 'Method:src/query.ts:QueryBuilder.describe', 'Method:src/run.ts:plain.describe'].sort());
  t.false(res.tied_symbols.some((x) => x.uid === 'Method:src/query.ts:Odd.describe'), 'a static describe is no member of the family');
});

test('Rust: a trait method renames with the impl-for-trait methods', async (t) => {
  const s = snapshotOf('rust/overrides');
  const res = await rename({ symbol_uid: 'Method:src/lib.rs:QueryBuilder.get_query', new_name: 'to_sql' }, s);
  const tied = res.tied_symbols.map((x) => x.uid);
  for (const ty of ['Select', 'Insert', 'Update', 'Delete', 'Upsert']) t.true(tied.includes(`Method:src/lib.rs:${ty}.get_query`), ty);
  t.true(tied.includes('Method:src/lib.rs:Count.get_query#2'));
});

test('C#: a method hiding with `new` is not renamed with the virtual one; Go: the types implementing an interface structurally are', async (t) => {
  const cs = await rename({ symbol_uid: 'Method:src/Query.cs:QueryBuilder.Label', new_name: 'Title' }, snapshotOf('csharp/overrides'));
  t.deepEqual(cs.tied_symbols, []);
  const go = await rename({ symbol_uid: 'Method:q/query.go:QueryBuilder.GetQuery', new_name: 'ToSQL' }, snapshotOf('go/overrides'));
  t.deepEqual(go.tied_symbols.map((x) => x.uid).sort(), ['Select', 'Insert', 'Update', 'Delete', 'Upsert', 'Count'].map((ty) => `Method:q/query.go:${ty}.GetQuery`).sort());
  // Count's own Describe shadows the embedded Base's: not one family
  const shadow = await rename({ symbol_uid: 'Method:q/query.go:Count.Describe', new_name: 'Explain' }, snapshotOf('go/overrides'));
  t.deepEqual(shadow.tied_symbols, []);
});
