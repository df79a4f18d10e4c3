/**
 * Every tool answers on a C# repository (test/fixtures/csharp/app, indexed by the real pipeline): context (a partial
 * class's parts together), impact (an override reaches the callers of the interface method), detect_changes, rename
 * (C#'s identifier and keyword rules), query, cypher.
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

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'csharp', 'app');
const MODELS = 'src/Shop.Core/Models';
const SERVICES = 'src/Shop.Core/Services';
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: an extension method with its callers; a method of one part of a partial class calling another part', async (t) => {
  // Label is overloaded (a User's, a Role's): the one for User by its uid
  const r = await context({ uid: `Method:${SERVICES}/UserExtensions.cs:UserExtensions.Label`, include_content: false }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, `Method:${SERVICES}/UserExtensions.cs:UserExtensions.Label`);
  t.deepEqual(r.incoming.calls.map((c) => c.uid), [`Method:${SERVICES}/UserService.Query.cs:UserService.Allowed`]);
  const find = await context({ name: 'UserService.Find' }, snapshot) as { outgoing: { calls: Array<{ uid: string }> }; incoming: { calls: Array<{ uid: string }> } };
  t.deepEqual(find.incoming.calls.map((c) => c.uid), [`Method:${SERVICES}/UserService.Query.cs:UserService.Allowed`]);
  t.is(nodeOf(snapshot.graph, `Method:${SERVICES}/UserExtensions.cs:UserExtensions.Label`)?.language, 'csharp');
});

test('impact: an override reaches the callers of the interface method it implements', async (t) => {
  const r = await impact({ target: 'Admin.Describe', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === `Method:${SERVICES}/UserService.cs:UserService.Who`));
});

test('detect_changes: a diff hunk maps to the C# method it touches', async (t) => {
  const diff = [
    `diff --git a/${MODELS}/Role.cs b/${MODELS}/Role.cs`, `--- a/${MODELS}/Role.cs`, `+++ b/${MODELS}/Role.cs`,
    '@@ -9,1 +9,1 @@', '-        public bool Allows(string what) => _name == "admin" || what.StartsWith("read");', '+        public bool Allows(string what) => _name == "admin";', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [[`Method:${MODELS}/Role.cs:Role.Allows`, 'modified']]);
});

test('rename: a method at its declaration and every typed call', async (t) => {
  const res = await rename({ symbol_name: 'User.Can', new_name: 'May' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [`${MODELS}/User.cs:27:17 Can→May`, `${SERVICES}/UserService.Query.cs:20:22 Can→May`, 'tests/Shop.Tests/UserServiceTests.cs:9:36 Can→May']);
});

test('rename: C# keywords, invalid identifiers and a constructor are refused', async (t) => {
  for (const bad of ['class', 'namespace', 'string', 'null', '1abc', 'a-b']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'User.Can', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  const ctor = await t.throwsAsync(rename({ symbol_name: 'Admin.Admin', new_name: 'Root' }, snapshot));
  t.regex(ctor!.message, /constructor/);
});

test('query: XML doc comments are searchable', async (t) => {
  const r = await runQuery({ query: 'keeps users in memory', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes(`Class:${SERVICES}/UserService.cs:UserService`));
});

test('cypher: C# nodes carry their language and original kind', async (t) => {
  const r = await cypher({ query: `MATCH (c) WHERE c.language = 'csharp' AND c.filePath STARTS WITH '${MODELS}' AND (c:Class OR c:Interface OR c:Enum) RETURN c.name AS name, c.kind AS kind ORDER BY name` }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [
    { name: 'Admin', kind: 'class' }, { name: 'IEntity', kind: 'interface' }, { name: 'Level', kind: 'enum' }, { name: 'Money', kind: 'struct' },
    { name: 'Point', kind: 'record' }, { name: 'Role', kind: 'class' }, { name: 'User', kind: 'class' },
  ]);
});

test('rename: a type is renamed in the other files of its namespace and where `using` opens it', async (t) => {
  const res = await rename({ symbol_uid: 'Class:src/Shop.Core/Models/Role.cs:Role', new_name: 'Kind' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/Shop.Core/Models/Role.cs:3:18 Role→Kind',
    'src/Shop.Core/Models/User.cs:15:28 Role→Kind',
    'src/Shop.Core/Models/User.cs:23:17 Role→Kind',
    'src/Shop.Core/Models/User.cs:23:49 Role→Kind',
    'src/Shop.Core/Models/User.cs:33:44 Role→Kind',
    'src/Shop.Core/Services/UserExtensions.cs:9:41 Role→Kind',
  ]);
});
