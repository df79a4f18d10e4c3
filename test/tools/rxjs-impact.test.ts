/** impact on the shared real-world corpus (rxjs 7.8.1 sources) equals brute-force reachability. */
import test from 'ava';
import { impact } from '../../handlers/impact.ts';
import { context } from '../../handlers/context.ts';
import { impactSeeds, type ImpactResult } from '../../lib/symbols/impact.ts';
import { DEPENDENCY_TYPES } from '../../lib/symbols/traverse.ts';
import { SYMBOL_LABELS, type RelType } from '../../lib/graph/schema.ts';
import type { ContextResult } from '../../lib/symbols/context.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { bruteForceImpact } from './oracle.ts';
import { RXJS } from './fixture.ts';
import { graphData, nodeOf } from '../../lib/graph/code-graph.ts';

const depthOf = (r: ImpactResult) => Object.fromEntries(Object.entries(r.byDepth).flatMap(([d, list]) => list.map((s) => [s.uid, Number(d)])));

test('rxjs: upstream (and downstream) impact equals brute-force reachability on a spread of symbols', async (t) => {
  const s = await buildSnapshotInMemory(RXJS, { search: false });
  const g = s.graph;
  t.true(g.order > 1000);
  const symbols = graphData(g).nodes.filter((n) => (SYMBOL_LABELS as readonly string[]).includes(n.label));
  // Every 7th symbol plus the hubs everyone reaches (the oracle scans every edge per depth, so keep it to ~150).
  const picked = symbols.filter((_, i) => i % 7 === 0);
  for (const hub of ['Class:internal/Observable.ts:Observable', 'Class:internal/Subscriber.ts:Subscriber', 'Function:internal/util/pipe.ts:pipe']) {
    const n = nodeOf(g, hub);
    if (n) picked.push(n);
  }
  t.true(picked.length > 100);
  let nonEmpty = 0;
  for (const n of picked) {
    for (const [types, maxDepth, upstream] of [[DEPENDENCY_TYPES, 3, true], [['CALLS'] as RelType[], 5, true], [DEPENDENCY_TYPES, 2, false]] as const) {
      const r = await impact({ target_uid: n.uid, relationTypes: [...types], maxDepth, direction: upstream ? 'upstream' : 'downstream', limit: 100000, max_chars: 5_000_000 }, s) as ImpactResult;
      const oracle = bruteForceImpact(g, impactSeeds(g, n).map((x) => x.uid), { upstream, maxDepth, types, minConfidence: 0, includeTests: false });
      t.deepEqual(depthOf(r), Object.fromEntries(oracle), `${n.uid} ${types} ${maxDepth} ${upstream}`);
      t.is(r.impactedCount, oracle.size);
      if (oracle.size > 0) nonEmpty++;
    }
  }
  t.true(nonEmpty > 100);
  // A hub's answer is large and says so in numbers.
  const obs = await impact({ target_uid: 'Class:internal/Observable.ts:Observable' }, s) as ImpactResult;
  t.true(obs.impactedCount > 100);
  t.is(obs.risk, 'CRITICAL');
  const ctx = await context({ name: 'Observable', kind: 'Class' }, s) as ContextResult;
  t.true(ctx.members!.some((m) => m.name === 'subscribe' && m.callers.length > 0));
  t.true(ctx.incoming.extends.some((e) => e.name === 'Subject'));
});
