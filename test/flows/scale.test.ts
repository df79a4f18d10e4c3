import test from 'ava';
import { detectModules } from '../../lib/modules/index.ts';
import { traceProcesses } from '../../lib/processes/index.ts';
import { syntheticGraph } from './synthetic.ts';

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
    const svc = g.node(`Class:src/features/feature${a}/feature${a}-service.ts:Feature${a}Service`)!;
    const repo = g.node(`Class:src/features/feature${a}/feature${a}-repository.ts:Feature${a}Repository`)!;
    t.is(svc.module, repo.module, `feature${a}`);
  }
  t.true(m.modules.every((x) => x.size >= 3));
  // Helpers every feature calls do not land in whichever feature calls them most: they keep their folder.
  const shared = g.nodes.filter((n) => n.filePath?.startsWith('src/shared/') && n.label !== 'File').map((n) => n.module);
  t.deepEqual([...new Set(shared)], ['shared']);
  t.true(p.processes > 0 && p.processes <= 10 + 3 * Math.sqrt(g.byLabel('Function').length + g.byLabel('Method').length) + 1);
  t.true(g.byLabel('Process').every((x) => !String(x.entry).startsWith('Function:test/')));
  const again = run();
  t.deepEqual(again.m, m);
  t.deepEqual(again.p, p);
});
