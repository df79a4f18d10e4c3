/**
 * The tools on a Swift package (test/fixtures/swift/basics, indexed by the real pipeline): context of a method with
 * its callers across modules, impact through a protocol's dispatch, rename (definition and calls; keywords refused),
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
import { LANGUAGE_IDS } from '../../lib/lang/index.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'swift', 'basics');
const run = LANGUAGE_IDS.includes('swift') ? test : test.skip;
let snapshot: Snapshot;

test.before(async () => {
  if (LANGUAGE_IDS.includes('swift')) snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

run('context: a method with its callers, also from an extension in another file', async (t) => {
  const r = await context({ name: 'Memory.total' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Method:Sources/Shop/Store.swift:Memory.total');
  t.deepEqual(r.incoming.calls.map((c) => c.uid).sort(), ['Method:Sources/Shop/Store.swift:Memory.put', 'Method:Sources/Shop/Util.swift:Memory.count']);
});

run('impact: upstream of a conformer method reaches the callers of the protocol requirement (dispatch)', async (t) => {
  const r = await impact({ target: 'Memory.put', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === 'Function:Sources/App/main.swift:run'));
});

run('rename: the definition and its calls; Swift keywords refused', async (t) => {
  const res = await rename({ symbol_name: 'checked', new_name: 'clamped' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['Sources/Shop/Store.swift:14:40 checked→clamped', 'Sources/Shop/Util.swift:1:6 checked→clamped']);
  for (const bad of ['func', 'self', 'guard', '1a']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'checked', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
});

run('rename: an initializer keeps its name (Swift calls `init` for `Memory()`): refused with the reason', async (t) => {
  const e = await t.throwsAsync(rename({ symbol_uid: 'Method:Sources/Shop/Store.swift:Memory.init', new_name: 'setUp' }, snapshot));
  t.true(e instanceof CodegraphError);
  t.is((e as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(e!.message, /'init' has a built-in meaning/);
});

run('cypher: protocols are interfaces with their conformers', async (t) => {
  const r = await cypher({ query: "MATCH (c:Class)-[:IMPLEMENTS]->(i:Interface {name: 'Store'}) RETURN c.name AS name, i.kind AS kind" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [{ name: 'Memory', kind: 'protocol' }]);
});
