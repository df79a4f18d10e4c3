/**
 * A project with generated code (test/fixtures/indexer/generated-code: an OpenAPI client `client/sdk.gen.ts`,
 * TanStack Router's `routeTree.gen.ts`): the generated files are indexed, so rename's graph edits in and out of them
 * are TypeScript's, `context` shows their callers, and both answers say which files a tool writes.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { context } from '../../handlers/context.ts';
import { diffRenames, eligibleSymbols } from '../rename/rename-diff.ts';
import { TsRenameOracle, listTsFiles } from '../rename/ts-oracle.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'generated-code');
let snapshot: Snapshot;
test.before(async () => { snapshot = await buildSnapshotInMemory(FIXTURE, { search: false }); });

test('graph edits in and out of generated files: TypeScript findRenameLocations exactly', (t) => {
  const report = diffRenames(snapshot, new TsRenameOracle(FIXTURE, listTsFiles(FIXTURE)), eligibleSymbols(snapshot));
  const differing = report.symbols.filter((s) => s.status !== 'compared' || s.extra.length || s.missed.length)
    .map((s) => `${s.uid}: ${s.status} ${[...s.extra.map((e) => `+${e}`), ...s.missed.map((m) => `-${m}`)].join(' | ')}`);
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing, []);
  t.true(report.symbols.some((s) => s.uid.startsWith('Method:src/client/sdk.gen.ts:')), 'a generated file\'s symbol is compared');
});

test('a rename with edits in generated files says so; one without does not', async (t) => {
  const route = await rename({ symbol_uid: 'Variable:src/routes/users.ts:Route', new_name: 'UsersPage' }, snapshot);
  t.true(editList(route).includes('src/routeTree.gen.ts:8:10 Route→UsersPage (graph)'), editList(route).join('\n'));
  t.regex(route.warnings.join('\n'), /1 file\(s\) with edits say a tool generated them \(src\/routeTree\.gen\.ts\)/);
  const load = await rename({ symbol_uid: 'Function:src/routes/users.ts:loadUsers', new_name: 'fetchUsers' }, snapshot);
  t.false(load.warnings.some((w) => w.includes('generated')), load.warnings.join('\n'));
});

test('context says a symbol, or a file, is generated; others are not', async (t) => {
  const gen = await context({ uid: 'Method:src/client/sdk.gen.ts:UsersService.readUsers' }, snapshot);
  t.is(gen.status, 'found');
  if (gen.status !== 'found') return;
  t.true(gen.symbol.generated);
  t.true(gen.incoming.calls.some((c) => c.uid === 'Function:src/routes/users.ts:loadUsers'));
  const file = await context({ uid: 'File:src/routeTree.gen.ts' }, snapshot);
  t.true(file.status === 'found' && file.symbol.generated);
  const own = await context({ uid: 'Function:src/routes/users.ts:loadUsers' }, snapshot);
  t.true(own.status === 'found' && own.symbol.generated === undefined);
});
