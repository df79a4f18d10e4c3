/**
 * Every tool answers on a C repository (test/fixtures/c/basics, indexed by the real pipeline): context, impact,
 * detect_changes, rename (graph edits at the definition and every call; C's keywords, type names, `main` and macros
 * refused), query, cypher.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { rename } from '../../handlers/rename.ts';
import { runQuery } from '../../handlers/query.ts';
import { cypher } from '../../handlers/cypher.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'c', 'basics');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a C function with its callers and callees', async (t) => {
  const r = await context({ name: 'cart_add' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> }; outgoing: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Function:src/cart.c:cart_add');
  t.deepEqual(r.incoming.calls.map((c) => c.uid), ['Function:src/main.c:main']);
  t.deepEqual(r.outgoing.calls.map((c) => c.uid).sort(), ['Function:include/shop/cart.h:CART_FULL', 'Function:src/cart.c:checked']);
  t.is(snapshot.graph.getNodeAttributes('Function:src/cart.c:cart_add').language, 'c');
});

test('impact: upstream of a static inline helper in a header reaches its callers through the files including it', async (t) => {
  const r = await impact({ target: 'item_price', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.deepEqual(r.byDepth['1'].map((x) => x.uid), ['Function:src/cart.c:cart_total']);
  t.true(r.byDepth['2'].some((x) => x.uid === 'Function:src/main.c:main'));
});

test('detect_changes: a diff hunk maps to the C function it touches', async (t) => {
  const diff = [
    'diff --git a/src/cart.c b/src/cart.c', '--- a/src/cart.c', '+++ b/src/cart.c',
    '@@ -26,2 +26,2 @@ int cart_total(const cart_t *c) {', '   int sum = 0;', '-  for (size_t i = 0; i < c->count; i++) sum += item_price(&c->items[i]);', '+  for (size_t i = 0; i < c->count; ++i) sum += item_price(&c->items[i]);', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [['Function:src/cart.c:cart_total', 'modified']]);
});

test('rename: graph edits cover the definition, its prototype and every call across files', async (t) => {
  const res = await rename({ symbol_name: 'cart_total', new_name: 'cart_sum' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  // the prototype in the header is renamed with the definition and the call
  t.deepEqual(graph, ['include/shop/cart.h:29:5 cart_total→cart_sum', 'src/cart.c:25:5 cart_total→cart_sum', 'src/main.c:15:16 cart_total→cart_sum']);
});

test('rename: C keywords, type names, invalid identifiers, main and macros are refused', async (t) => {
  for (const bad of ['struct', 'sizeof', '_Bool', '1abc', 'a-b', 'NULL']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'cart_new', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  const main = await t.throwsAsync(rename({ symbol_name: 'main', new_name: 'start' }, snapshot));
  t.regex(main!.message, /entry point/);
  const macro = await t.throwsAsync(rename({ symbol_name: 'CART_FULL', new_name: 'CART_IS_FULL' }, snapshot));
  t.true(macro instanceof CodegraphError);
  t.regex(macro!.message, /is a macro/);
});

test('query: doc comments of C definitions are searchable', async (t) => {
  const r = await runQuery({ query: 'item in a cart', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes('Class:include/shop/cart.h:item'));
});

test('cypher: C nodes carry their language and kinds', async (t) => {
  const r = await cypher({ query: "MATCH (f:Function) WHERE f.language = 'c' AND f.kind = 'macro' RETURN f.name AS name ORDER BY name" }, snapshot) as unknown as { rows: Array<{ name: string }> };
  t.deepEqual(r.rows.map((x) => x.name), ['CART_FULL']);
  const calls = await cypher({ query: "MATCH (a)-[:CALLS]->(b:Function {name: 'cart_new'}) RETURN a.name AS caller" }, snapshot) as unknown as { rows: Array<{ caller: string }> };
  t.deepEqual(calls.rows.map((x) => x.caller), ['main']);
});
