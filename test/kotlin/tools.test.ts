/**
 * Every tool answers on a Kotlin repository (test/fixtures/kotlin/gradle, indexed by the real pipeline): context,
 * impact (an override reaches the callers of the interface method), detect_changes, rename (Kotlin's identifier and
 * keyword rules), query, cypher.
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

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'kotlin', 'gradle');
const MODEL = 'src/main/kotlin/com/acme/model';
const SERVICE = 'src/main/kotlin/com/acme/service';
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a Kotlin extension function with its callers', async (t) => {
  const r = await context({ name: 'User.label' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, `Function:${MODEL}/Role.kt:User.label`);
  t.deepEqual(r.incoming.calls.map((c) => c.uid), [`Method:${SERVICE}/UserService.kt:UserService.names`]);
  t.is(nodeOf(snapshot.graph, `Function:${MODEL}/Role.kt:User.label`)?.language, 'kotlin');
});

test('impact: an override reaches the callers of the interface method it overrides', async (t) => {
  const r = await impact({ target: 'Admin.describe', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === `Method:${SERVICE}/UserService.kt:UserService.who`));
});

test('detect_changes: a diff hunk maps to the Kotlin method it touches', async (t) => {
  const diff = [
    `diff --git a/${MODEL}/Role.kt b/${MODEL}/Role.kt`, `--- a/${MODEL}/Role.kt`, `+++ b/${MODEL}/Role.kt`,
    '@@ -7,1 +7,1 @@', '-    fun allows(what: String): Boolean = this == ADMIN || what.startsWith("read")', '+    fun allows(what: String): Boolean = this == ADMIN', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [[`Method:${MODEL}/Role.kt:Role.allows`, 'modified']]);
});

test('rename: a method at its declaration and every typed call', async (t) => {
  const res = await rename({ symbol_name: 'User.firstRole', new_name: 'primaryRole' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [`${MODEL}/Entity.kt:13:9 firstRole→primaryRole`, `${SERVICE}/UserService.kt:33:23 firstRole→primaryRole`]);
});

test('rename: Kotlin hard keywords and invalid identifiers are refused', async (t) => {
  for (const bad of ['fun', 'val', 'object', 'when', 'null', '1abc', 'a-b']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'User.firstRole', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
});

test('query: KDoc is searchable', async (t) => {
  const r = await runQuery({ query: 'keeps users in memory', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes(`Class:${SERVICE}/UserService.kt:UserService`));
});

test('cypher: Kotlin nodes carry their language and original kind', async (t) => {
  const r = await cypher({ query: "MATCH (c) WHERE c.language = 'kotlin' AND (c:Class OR c:Interface OR c:Enum) RETURN c.name AS name, c.kind AS kind ORDER BY name" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [
    { name: 'Admin', kind: 'class' }, { name: 'Entity', kind: 'interface' }, { name: 'Point', kind: 'data_class' }, { name: 'Registry', kind: 'object' },
    { name: 'Role', kind: 'enum' }, { name: 'User', kind: 'class' }, { name: 'UserService', kind: 'class' }, { name: 'UserServiceTest', kind: 'class' },
  ]);
});

test('rename: an enum is renamed in the other files of its package, which name it without an import', async (t) => {
  const res = await rename({ symbol_uid: 'Enum:src/main/kotlin/com/acme/model/Role.kt:Role', new_name: 'Kind' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/main/kotlin/com/acme/model/Entity.kt:10:58 Role→Kind',
    'src/main/kotlin/com/acme/model/Entity.kt:13:22 Role→Kind',
    'src/main/kotlin/com/acme/model/Entity.kt:20:43 Role→Kind',
    'src/main/kotlin/com/acme/model/Role.kt:4:12 Role→Kind',
  ]);
});
