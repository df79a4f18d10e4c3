import test from 'ava';
import { detectModules } from '../../lib/modules/index.ts';
import { traceProcesses } from '../../lib/processes/index.ts';
import { syntheticGraph } from './synthetic.ts';
import { buildTies } from '../../lib/modules/ties.ts';
import { CodeGraph } from '../../lib/graph/code-graph.ts';
import { graphData, nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { inEdgesOf } from '../helpers/graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';

test('synthetic repository: one module per feature folder, bounded flows, identical on a second run', (t) => {
  const run = () => {
    const g = syntheticGraph({ areas: 30 });
    const m = detectModules(g);
    const p = traceProcesses(g);
    return { g, m, p };
  };
  const { g, m, p } = run();
  // Each feature area should come out as its own module, named after its folder.
  const featureModules = m.modules.filter((x) => /^feature\d+/.test(x.name));
  t.true(featureModules.length >= 28, `feature modules: ${featureModules.length} of ${m.communities}: ${m.modules.map((x) => x.name).join(', ')}`);
  for (let a = 0; a < 30; a++) {
    const svc = nodeOf(g, `Class:src/features/feature${a}/feature${a}-service.ts:Feature${a}Service`)!;
    const repo = nodeOf(g, `Class:src/features/feature${a}/feature${a}-repository.ts:Feature${a}Repository`)!;
    t.is(svc.module, repo.module, `feature${a}`);
  }
  t.true(m.modules.every((x) => x.size >= 3));
  // Helpers every feature calls do not land in whichever feature calls them most: they keep their folder.
  const shared = graphData(g).nodes.filter((n) => n.filePath?.startsWith('src/shared/') && n.label !== 'File').map((n) => n.module);
  t.deepEqual([...new Set(shared)], ['shared']);
  t.true(p.processes > 0 && p.processes <= 10 + 3 * Math.sqrt(nodesWithLabel(g, 'Function').length + nodesWithLabel(g, 'Method').length) + 1);
  t.true(nodesWithLabel(g, 'Process').every((x) => !String(x.entry).startsWith('Function:test/')));
  const again = run();
  t.deepEqual(again.m, m);
  t.deepEqual(again.p, p);
});

test('a graph above the small-graph size (one run, queue-based moving) gives the same modules and flows whatever the insertion order', (t) => {
  const base = syntheticGraph({ areas: 30 });
  t.true(buildTies(base).uids.length > 500); // the large-graph path of partition()
  const reversed = GraphBuilder.fromJSON({ nodes: structuredClone(graphData(base).nodes).reverse(), edges: structuredClone(graphData(base).edges).reverse() }).toGraph();
  const summary = (g: CodeGraph) => {
    detectModules(g);
    traceProcesses(g);
    return {
      modules: nodesWithLabel(g, 'Community').map((c) => [c.name, c.size, c.cohesion, inEdgesOf(g, c.uid, 'MEMBER_OF').map((e) => e.source).sort()]),
      flows: nodesWithLabel(g, 'Process').map((p) => [p.name, p.entryKind, inEdgesOf(g, p.uid, 'STEP_IN_PROCESS').map((e) => [e.source, e.step])]),
    };
  };
  const a = summary(base), b = summary(reversed);
  t.true(a.modules.length >= 28);
  t.deepEqual(b, a);
});
