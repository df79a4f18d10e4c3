/**
 * impact over OVERRIDES edges: the direction rules (docs/tools.md) on the query-builder fixture, and the traversal
 * against the brute-force oracle (test/tools/oracle.ts) on random graphs of methods that call and override each other.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { impact } from '../../handlers/impact.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { REL_TYPES, type RelType } from '../../lib/graph/schema.ts';
import { impactSeeds, type ImpactResult } from '../../lib/symbols/impact.ts';
import { DEPENDENCY_TYPES } from '../../lib/symbols/traverse.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { indexFixture, readFixture } from '../indexer/harness.ts';
import { bruteForceImpact } from './oracle.ts';

const depthOf = (r: ImpactResult) => Object.fromEntries(Object.entries(r.byDepth).flatMap(([d, list]) => list.map((s) => [s.uid, Number(d)])));
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'overrides');
const Q = (name: string) => `Method:src/query.ts:${name}`;

function fixtureSnapshot() {
  const files = readFixture(FIXTURE);
  return memorySnapshot({ graph: indexFixture(files).graph, files: Object.fromEntries(files) });
}

test('upstream of an override reaches the callers of the method it overrides (a call through the base may run it), marked OVERRIDES', async (t) => {
  const s = fixtureSnapshot();
  const r = await impact({ target_uid: Q('SelectQuery.getQuery'), maxDepth: 2 }, s) as ImpactResult;
  const d1 = r.byDepth['1'];
  const base = d1.find((x) => x.uid === Q('QueryBuilder.getQuery'));
  t.truthy(base);
  t.is(base!.relationType, 'OVERRIDES');
  t.is(base!.confidence, 1);
  // its own caller (receiver typed SelectQuery) at depth 1, the base's callers at depth 2 through the base
  t.is(depthOf(r)['Function:src/run.ts:runSelect'], 1);
  t.is(depthOf(r)['Function:src/run.ts:run'], 2);
  t.is(r.byDepth['2'].find((x) => x.uid === 'Function:src/run.ts:run')!.via, Q('QueryBuilder.getQuery'));
  t.is(depthOf(r)[Q('QueryBuilder.describe')], 2);
  // never the sibling implementations of the base
  for (const sib of ['InsertQuery.getQuery', 'UpdateQuery.getQuery', 'CountQuery.getQuery', 'DistinctCountQuery.getQuery']) t.false(Q(sib) in depthOf(r), sib);
});

test('upstream of an abstract method reaches its implementations and their own callers, not the callers of their other bases', async (t) => {
  const s = fixtureSnapshot();
  const r = await impact({ target_uid: Q('QueryBuilder.getQuery'), maxDepth: 3 }, s) as ImpactResult;
  const depth = depthOf(r);
  for (const impl of ['SelectQuery', 'InsertQuery', 'UpdateQuery', 'DeleteQuery', 'UpsertQuery', 'CountQuery', 'Odd']) {
    t.is(depth[Q(`${impl}.getQuery`)], 1, impl);
    t.is(r.byDepth['1'].find((x) => x.uid === Q(`${impl}.getQuery`))!.relationType, 'OVERRIDES');
  }
  // overrides of overrides follow, one level further down
  t.is(depth[Q('DistinctCountQuery.getQuery')], 2);
  t.is(depth[Q('FastCount.getQuery')], 2);
  // a caller whose receiver is the implementation
  t.is(depth['Function:src/run.ts:runSelect'], 2);
  t.is(depth[Q('CountQuery.getQueryText')], 2);
  // the base's own callers
  t.is(depth['Function:src/run.ts:run'], 1);
  // downstream of a caller through the base: every implementation may run
  const down = await impact({ target_uid: 'Function:src/run.ts:run', direction: 'downstream', maxDepth: 2 }, s) as ImpactResult;
  t.is(depthOf(down)[Q('QueryBuilder.getQuery')], 1);
  for (const impl of ['SelectQuery', 'InsertQuery', 'CountQuery']) t.is(depthOf(down)[Q(`${impl}.getQuery`)], 2, impl);
  // leaving OVERRIDES out of relationTypes walks none of it
  const plain = await impact({ target_uid: Q('QueryBuilder.getQuery'), relationTypes: ['CALLS'], maxDepth: 3 }, s) as ImpactResult;
  t.false(Q('SelectQuery.getQuery') in depthOf(plain));
});

test('impact over OVERRIDES equals the brute-force state reachability on random method graphs, both directions', async (t) => {
  let checked = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const rnd = seededRandom(seed);
    const g = new GraphBuilder();
    const n = 14;
    const uid = (i: number) => `Method:src/m${i % 3}.ts:C${i}.m`;
    for (let i = 0; i < n; i++) g.addNode({ uid: uid(i), label: 'Method', name: 'm', filePath: i === 13 ? 'test/m.test.ts' : `src/m${i % 3}.ts`, line: i + 1 });
    const types: RelType[] = ['CALLS', 'REFERENCES', 'OVERRIDES', 'OVERRIDES'];
    for (let k = 0; k < 30; k++) {
      const a = Math.floor(rnd() * n), b = Math.floor(rnd() * n);
      if (a === b) continue;
      const type = types[Math.floor(rnd() * types.length)];
      g.addEdge({ source: uid(a), target: uid(b), type, confidence: rnd() < 0.3 ? 0.6 : 1, reason: 'heritage' });
    }
    const graph = g.toGraph();
    const s = memorySnapshot({ graph });
    for (let i = 0; i < n; i++) {
      for (const relationTypes of [[...DEPENDENCY_TYPES], ['OVERRIDES'], [...REL_TYPES]] as RelType[][]) for (const maxDepth of [1, 3, 6]) for (const minConfidence of [0, 0.9]) for (const upstream of [true, false]) {
        const includeTests = maxDepth === 6;
        const r = await impact({ target_uid: uid(i), relationTypes, maxDepth, minConfidence, includeTests, direction: upstream ? 'upstream' : 'downstream', limit: 1000 }, s) as ImpactResult;
        const oracle = bruteForceImpact(graph, impactSeeds(graph, graph.getNodeAttributes(uid(i))).map((x) => x.uid), { upstream, maxDepth, types: relationTypes, minConfidence, includeTests });
        t.deepEqual(depthOf(r), Object.fromEntries(oracle), `seed ${seed} ${uid(i)} ${relationTypes} ${maxDepth} ${minConfidence} ${upstream}`);
        checked++;
      }
    }
  }
  t.true(checked > 1000);
});
