/**
 * rename of a global declaration augmented in several modules (`declare global { interface ArkEnv … }` in each
 * package): TypeScript merges them into one symbol, so every declaration and every use, bound by no import, is a
 * graph edit (test/fixtures/indexer/global-declarations through the real indexer).
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { editList } from './helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'global-declarations');
let snapshot: Snapshot;
test.before(async () => { snapshot = await buildSnapshotInMemory(FIXTURE, { search: false }); });

test('a global interface and namespace augmented in two modules rename together with every use', async (t) => {
  const res = await rename({ symbol_uid: 'Interface:src/env.ts:ArkEnv', new_name: 'Env' }, snapshot);
  t.deepEqual(res.tied_symbols.map((s) => s.uid).sort(), ['Interface:src/augment.ts:ArkEnv', 'Variable:src/augment.ts:ArkEnv', 'Variable:src/env.ts:ArkEnv']);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]);
  t.deepEqual(graph, [
    'src/augment.ts:5:20', 'src/augment.ts:8:20', 'src/augment.ts:9:37', // the augmenting declarations, ArkEnv['onFail']
    'src/env.ts:7:20', 'src/env.ts:10:20',
    'src/merged.ts:1:27', 'src/merged.ts:1:41', 'src/merged.ts:1:55', // bound by no import: global uses
    'src/use.ts:1:27', 'src/use.ts:1:45',
  ]);
});
