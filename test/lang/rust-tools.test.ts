/**
 * The tools on a Rust crate (test/fixtures/rust/basics, indexed by the real pipeline): context, impact through a
 * trait's dispatch and through an operator's implicit call (test/fixtures/rust/operators), detect_changes, rename (the
 * definition, calls through paths, `use` lists and re-exports), Rust's keywords refused, query, cypher.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { rename } from '../../handlers/rename.ts';
import { cypher } from '../../handlers/cypher.ts';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { runQuery } from '../../handlers/query.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'rust', 'basics');
const OPERATORS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'rust', 'operators');
let snapshot: Snapshot;
let operators: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
  operators = await buildSnapshotInMemory(OPERATORS, { workers: 0 });
});

test('context: an impl method with its callers across modules, crates and tests', async (t) => {
  const r = await context({ name: 'Item.new' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Method:src/model/item.rs:Item.new');
  t.deepEqual(r.incoming.calls.map((c) => c.uid).sort(), [
    'Function:src/main.rs:main', 'Function:src/store.rs:fill', 'Function:tests/totals.rs:totals_add_up',
    'Method:src/model/item.rs:Item.discounted', 'Method:src/store.rs:Memory.put',
  ]);
});

test('impact: upstream of a trait impl method reaches the callers of the trait method (dispatch)', async (t) => {
  const r = await impact({ target: 'Memory.put', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  const d1 = r.byDepth['1'].map((x) => x.uid).sort();
  t.true(d1.includes('Function:src/store.rs:fill'));
  t.true(d1.includes('Function:src/main.rs:main'));
});

test('rename: the definition and every call through a path', async (t) => {
  const res = await rename({ symbol_name: 'checked', new_name: 'clamp_price' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['src/model/item.rs:9:47 checked→clamp_price', 'src/model/item.rs:22:4 checked→clamp_price']);
});

test('rename: a call through the crate name, from another crate of the package, is a graph edit', async (t) => {
  // `shop_core::total(&m)` in the binary names the library's function through the crate path, not a local alias.
  const res = await rename({ symbol_name: 'total', new_name: 'grand_total' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.true(graph.includes('src/main.rs:13:24 total→grand_total'), graph.join('\n'));
  t.true(graph.includes('src/lib.rs:7:8 total→grand_total'), graph.join('\n'));
});

test('rename: Rust keywords and invalid identifiers are refused', async (t) => {
  for (const bad of ['fn', 'impl', 'Self', '1abc', 'a-b', 'crate']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'fill', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
});

test('cypher: Rust traits are interfaces and impl methods belong to their type', async (t) => {
  const r = await cypher({ query: "MATCH (c:Class {name: 'Memory'})-[:IMPLEMENTS]->(i:Interface) RETURN i.name AS name, i.kind AS kind" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [{ name: 'Store', kind: 'trait' }]);
});

test('impact: upstream of an operator impl reaches the code that uses the operator (an implicit call)', async (t) => {
  // `a + b` in `sum` runs Fp's `impl Add`; `v[1]` in `Vec2.second` runs Vec2's deref to its slice
  const add = await impact({ target: 'Fp.add', direction: 'upstream' }, operators) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(add.byDepth['1'].some((x) => x.uid === 'Function:src/lib.rs:sum'));
  const deref = await impact({ target: 'Vec2.deref', direction: 'upstream' }, operators) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(deref.byDepth['1'].some((x) => x.uid === 'Method:src/lib.rs:Vec2.second'));
  t.false(deref.byDepth['1'].some((x) => x.uid === 'Method:src/lib.rs:Vec2.set'), 'a written place takes deref_mut');
});

test('detect_changes: a diff hunk maps to the Rust method it touches', async (t) => {
  const diff = [
    'diff --git a/src/model/item.rs b/src/model/item.rs', '--- a/src/model/item.rs', '+++ b/src/model/item.rs',
    '@@ -14,3 +14,3 @@ impl Item {', '     pub fn discounted(&self, pct: i64) -> Item {', '-        let p = self.price - self.price * pct / 100;', '+        let p = self.price - (self.price * pct) / 100;', '         //           ^ value Property:src/model/item.rs:Item.price', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [['Method:src/model/item.rs:Item.discounted', 'modified']]);
});

test('query: a Rust function is found by its doc comment', async (t) => {
  const r = await runQuery({ query: 'totals the prices of items', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes('Function:src/lib.rs:total'));
});

test('rename: a struct is renamed in the files that bring it in by a `use` list and name it bare', async (t) => {
  const res = await rename({ symbol_uid: 'Class:src/store.rs:Memory', new_name: 'InMemory' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/main.rs:1:30 Memory→InMemory', 'src/main.rs:5:17 Memory→InMemory',
    'src/store.rs:10:12 Memory→InMemory', 'src/store.rs:14:6 Memory→InMemory', 'src/store.rs:15:21 Memory→InMemory',
    'src/store.rs:16:9 Memory→InMemory', 'src/store.rs:20:16 Memory→InMemory',
  ]);
});
