/**
 * Every tool answers on a PHP repository (test/fixtures/php/app, indexed by the real pipeline): context (a trait's
 * method with the callers that reach it through the classes using it), impact (an implementation reached through the
 * interface method's callers), detect_changes, rename (properties without their `$`, PHP's reserved words), query
 * (docblocks), cypher.
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

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'php', 'app');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a trait method with the callers that reach it through a class using the trait', async (t) => {
  const uid = 'Method:src/Concerns/HasTimestamps.php:HasTimestamps.touch';
  const r = await context({ uid, include_content: false }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, uid);
  const callers = r.incoming.calls.map((c) => c.uid);
  t.true(callers.includes('Method:src/Models/User.php:User.rename'));
  t.true(callers.includes('Method:src/Services/UserService.php:UserService.rename'));
  t.is(nodeOf(snapshot.graph, uid)?.language, 'php');
});

test('impact: an implementation reached through the interface method its callers call', async (t) => {
  const r = await impact({ target_uid: 'Method:src/Models/Model.php:Model.id', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  const d1 = r.byDepth['1'].map((x) => x.uid);
  t.true(d1.includes('Method:src/Services/UserService.php:UserService.audit'));
  t.true(d1.includes('Method:src/Services/UserRepository.php:UserRepository.add'));
});

test('detect_changes: a diff hunk maps to the PHP method it touches', async (t) => {
  const file = 'src/Models/Role.php';
  const diff = [
    `diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`,
    '@@ -12,1 +12,1 @@', '-        return ucfirst($this->value);', '+        return strtoupper($this->value);', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [[`Method:${file}:Role.title`, 'modified']]);
});

test('rename: a promoted property at its declaration (after the `$`) and every `->name`', async (t) => {
  const res = await rename({ symbol_name: 'User.name', new_name: 'fullName' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['src/Models/User.php:17:49 name→fullName', 'src/Models/User.php:23:16 name→fullName']);
});

test('rename: a method at its declaration and every typed call', async (t) => {
  const res = await rename({ symbol_name: 'User.label', new_name: 'caption' }, snapshot);
  const files = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.split(':')[0]);
  t.deepEqual([...new Set(files)].sort(), ['src/Http/UserController.php', 'src/Models/User.php', 'src/Services/UserService.php', 'tests/UserServiceTest.php', 'views/user.phtml']);
});

test('rename: a method may take a property\'s name (PHP keeps `->name` and `->name()` apart), not another method\'s', async (t) => {
  const res = await rename({ symbol_name: 'User.label', new_name: 'name' }, snapshot);
  t.true(editList(res).some((e) => e.startsWith('src/Models/User.php') && e.includes('label→name')));
  const e = await t.throwsAsync(rename({ symbol_name: 'User.label', new_name: 'rename' }, snapshot));
  t.is((e as CodegraphError).code, 'RENAME_REFUSED');
});

test('rename: PHP reserved words (any case), a `$` name, invalid identifiers and a constructor are refused', async (t) => {
  for (const [symbol, bad] of [['User', 'Class'], ['User', 'function'], ['app', 'List'], ['User.label', '$label'], ['User.label', '1abc'], ['User', 'int']]) {
    const e = await t.throwsAsync(rename({ symbol_name: symbol, new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, `${symbol} → ${bad}`);
  }
  // PHP calls `__construct` by its name
  const ctor = await t.throwsAsync(rename({ symbol_name: 'User.__construct', new_name: 'build' }, snapshot));
  t.regex(ctor!.message, /'__construct' is a constructor: PHP calls it by its name, so rename the class instead/);
});

test('query: docblocks are searchable', async (t) => {
  const r = await runQuery({ query: 'registers and renames users', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes('Class:src/Services/UserService.php:UserService'));
});

test('cypher: PHP nodes carry their language and original kind (traits, enums, promoted properties)', async (t) => {
  const r = await cypher({ query: "MATCH (c) WHERE c.language = 'php' AND c.filePath STARTS WITH 'src/Models' AND (c:Class OR c:Interface OR c:Enum) RETURN c.name AS name, c.kind AS kind ORDER BY name" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string }> };
  t.deepEqual(r.rows, [{ name: 'Entity', kind: 'interface' }, { name: 'Model', kind: 'class' }, { name: 'Role', kind: 'enum' }, { name: 'User', kind: 'class' }]);
  const traits = await cypher({ query: "MATCH (a)-[r:CodeRelation {type: 'EXTENDS'}]->(b) WHERE b.kind = 'trait' RETURN a.name AS user, b.name AS trait, r.reason AS reason" }, snapshot) as unknown as { rows: unknown[] };
  t.deepEqual(traits.rows, [{ user: 'User', trait: 'HasTimestamps', reason: 'mixin' }]);
});

test('rename: a class is renamed at its `use` imports and in the other files of its namespace', async (t) => {
  const res = await rename({ symbol_uid: 'Class:src/Services/UserRepository.php:UserRepository', new_name: 'Repo' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'src/Services/UserRepository.php:7:7 UserRepository→Repo',
    'src/Services/UserService.php:16:41 UserRepository→Repo',
    'src/bootstrap.php:7:18 UserRepository→Repo', 'src/bootstrap.php:12:32 UserRepository→Repo', 'src/bootstrap.php:23:47 UserRepository→Repo',
    'tests/UserServiceTest.php:6:18 UserRepository→Repo', 'tests/UserServiceTest.php:12:40 UserRepository→Repo',
  ]);
});
