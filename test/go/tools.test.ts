/**
 * Every tool answers on a Go repository (test/fixtures/go/basics, indexed by the real pipeline): context, impact
 * (interface calls reach implementations), detect_changes (diff hunks to Go symbols), rename (Go's identifier,
 * keyword and exported-capital rules), query, cypher.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { nodeOf } from '../../lib/graph/code-graph.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { rename } from '../../handlers/rename.ts';
import { runQuery } from '../../handlers/query.ts';
import { cypher } from '../../handlers/cypher.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'go', 'basics');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a Go function with its callers and callees across packages', async (t) => {
  const r = await context({ name: 'NewLogger' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Function:util/log.go:NewLogger');
  t.deepEqual(r.incoming.calls.map((c) => c.uid), ['Function:server/server.go:New']);
  const m = await context({ name: 'Server.Price' }, snapshot) as { outgoing: { calls: Array<{ uid: string }> } };
  t.deepEqual(m.outgoing.calls.map((c) => c.uid).sort(), [
    'Method:store/memory.go:Memory.Get', 'Method:store/store.go:Item.Total', 'Method:store/store.go:Store.Get', 'Method:util/log.go:Logger.Log',
  ]);
  t.is(nodeOf(snapshot.graph, 'Function:util/log.go:NewLogger')?.language, 'go');
});

test('impact: changing an implementation reaches the callers of the interface method it satisfies', async (t) => {
  const r = await impact({ target: 'Memory.Get', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === 'Method:server/server.go:Server.Price'));
});

test('detect_changes: a diff hunk maps to the Go method it touches', async (t) => {
  const diff = [
    'diff --git a/store/store.go b/store/store.go', '--- a/store/store.go', '+++ b/store/store.go',
    '@@ -18,1 +18,1 @@', '-func (it *Item) Total(n int) int { return it.Price * n }', '+func (it *Item) Total(n int) int { return it.Price * n * 2 }', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [['Method:store/store.go:Item.Total', 'modified']]);
});

test('rename: a method renamed at its declaration and every call through typed receivers', async (t) => {
  const res = await rename({ symbol_name: 'Item.Total', new_name: 'Sum' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'main.go:26:6 Total→Sum',
    'main.go:31:6 Total→Sum',
    'server/server.go:33:14 Total→Sum',
    'store/store.go:18:17 Total→Sum',
  ]);
});

test('rename: Go keywords, predeclared names, invalid identifiers and a change of exportedness are refused', async (t) => {
  for (const bad of ['func', 'range', 'len', 'nil', '1abc', 'a-b']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'NewLogger', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  const lower = await t.throwsAsync(rename({ symbol_name: 'NewLogger', new_name: 'newLogger' }, snapshot));
  t.true(lower instanceof CodegraphError);
  t.regex(lower!.message, /unexported/);
  t.is((lower as CodegraphError).code, 'VALIDATION_ERROR', 'the new name is at fault');
  const main = await t.throwsAsync(rename({ symbol_name: 'main', new_name: 'start' }, snapshot));
  t.regex(main!.message, /Go runtime/);
  t.is((main as CodegraphError).code, 'RENAME_REFUSED', 'the symbol cannot be renamed, whatever the name');
});

test('query: Go doc comments are searchable', async (t) => {
  const r = await runQuery({ query: 'looks an item up and prices it', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes('Method:server/server.go:Server.Price'));
});

test('cypher: Go nodes carry their language and original kind', async (t) => {
  const r = await cypher({ query: "MATCH (c:Class) WHERE c.language = 'go' RETURN c.name AS name, c.kind AS kind ORDER BY name" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [{ name: 'Item', kind: 'struct' }, { name: 'Logger', kind: 'struct' }, { name: 'Memory', kind: 'struct' }, { name: 'Server', kind: 'struct' }]);
  const calls = await cypher({ query: "MATCH (a)-[:CALLS]->(b:Function {name: 'NewMemory'}) RETURN a.name AS caller" }, snapshot) as unknown as { rows: Array<{ caller: string }> };
  t.deepEqual(calls.rows.map((x) => x.caller), ['main']);
});

test('rename: a package-level name is renamed in the package\'s other files, which use it without an import', async (t) => {
  const res = await rename({ symbol_name: 'ErrMissing', new_name: 'ErrNotFound' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['store/memory.go:11:15 ErrMissing→ErrNotFound', 'store/store.go:20:5 ErrMissing→ErrNotFound']);
});
