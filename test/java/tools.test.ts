/**
 * Every tool answers on a Java repository (test/fixtures/java/maven, indexed by the real pipeline): context,
 * impact (an override reaches the callers of the method it overrides), detect_changes (diff hunks to Java
 * members), rename (overloads and constructors; Java's identifier and keyword rules), query, cypher.
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

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'java', 'maven');
const MODEL = 'src/main/java/com/acme/model';
const SERVICE = 'src/main/java/com/acme/service';
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a Java method with its callers and callees across packages', async (t) => {
  const r = await context({ name: 'User.can' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> }; outgoing: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, `Method:${MODEL}/User.java:User.can`);
  t.deepEqual(r.incoming.calls.map((c) => c.uid).sort(), [`Method:${SERVICE}/UserService.java:UserService.allowed`, 'Method:src/test/java/com/acme/service/UserServiceTest.java:UserServiceTest.adds']);
  t.deepEqual(r.outgoing.calls.map((c) => c.uid), [`Method:${MODEL}/Role.java:Role.allows`]);
  t.is(nodeOf(snapshot.graph, `Method:${MODEL}/User.java:User.can`)?.language, 'java');
});

test('impact: an override reaches the callers of the interface method it implements', async (t) => {
  const r = await impact({ target: 'Admin.id', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === `Method:${SERVICE}/UserService.java:UserService.who`));
});

test('detect_changes: a diff hunk maps to the Java method it touches', async (t) => {
  const diff = [
    `diff --git a/${MODEL}/Role.java b/${MODEL}/Role.java`, `--- a/${MODEL}/Role.java`, `+++ b/${MODEL}/Role.java`,
    '@@ -8,1 +8,1 @@', '-        return this == ADMIN || what.startsWith("read");', '+        return this == ADMIN || what.startsWith("get");', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [[`Method:${MODEL}/Role.java:Role.allows`, 'modified']]);
});

test('rename: a method and its overloads (tied: one name in the source), at the declarations and every call', async (t) => {
  const res = await rename({ symbol_name: 'UserService.add', new_name: 'register' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/main/java/com/acme/service/UserService.java:12:17 add→register',
    'src/main/java/com/acme/service/UserService.java:20:17 add→register',
    'src/main/java/com/acme/service/UserService.java:21:42 add→register',
    'src/main/java/com/acme/web/UserController.java:13:24 add→register',
    'src/test/java/com/acme/service/UserServiceTest.java:5:27 add→register',
  ]);
});

test('rename: Java keywords, literals, invalid identifiers and a constructor are refused', async (t) => {
  for (const bad of ['class', 'null', 'true', 'goto', '1abc', 'a-b']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'User.can', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  const ctor = await t.throwsAsync(rename({ symbol_name: 'Admin.Admin', new_name: 'Root' }, snapshot));
  t.regex(ctor!.message, /constructor/);
  t.is((ctor as CodegraphError).code, 'RENAME_REFUSED');
});

test('query: Javadoc is searchable', async (t) => {
  const r = await runQuery({ query: 'keeps users in memory', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes(`Class:${SERVICE}/UserService.java:UserService`));
});

test('cypher: Java nodes carry their language and original kind', async (t) => {
  const r = await cypher({ query: `MATCH (c) WHERE c.language = 'java' AND c.filePath STARTS WITH '${MODEL}' AND (c:Class OR c:Interface OR c:Enum) RETURN c.name AS name, c.kind AS kind ORDER BY name` }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [
    { name: 'Admin', kind: 'class' }, { name: 'Entity', kind: 'interface' }, { name: 'Point', kind: 'record' }, { name: 'Role', kind: 'enum' }, { name: 'User', kind: 'class' },
  ]);
});

test('rename: a class is renamed in the other files of its package, which name it without an import', async (t) => {
  const res = await rename({ symbol_name: 'Role', new_name: 'Kind' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/main/java/com/acme/model/Admin.java:6:21 Role→Kind',
    'src/main/java/com/acme/model/Role.java:4:13 Role→Kind',
    'src/main/java/com/acme/model/User.java:9:24 Role→Kind',
    'src/main/java/com/acme/model/User.java:15:30 Role→Kind',
    'src/main/java/com/acme/model/User.java:26:17 Role→Kind',
    'src/main/java/com/acme/model/User.java:31:14 Role→Kind',
  ]);
});
