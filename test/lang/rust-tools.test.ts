/**
 * The tools on a Rust crate (test/fixtures/rust/basics, indexed by the real pipeline): context, impact through a
 * trait's dispatch, rename (the definition, calls through paths, `use` lists and re-exports), Rust's keywords refused,
 * cypher.
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
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'rust', 'basics');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
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
