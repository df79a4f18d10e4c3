/**
 * The call graph against the TypeScript compiler on a real code base (rxjs 7.8.1 src, pinned): the floors
 * below are what the indexer honestly reaches (bench/callgraph-diff.ts prints the figures and samples).
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callgraphDiff } from '../../bench/callgraph-diff.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'rxjs', 'src');

test('CALLS edges agree with the TypeScript type checker on rxjs/src: precision ≥ 0.98, recall ≥ 0.96', (t) => {
  const d = callgraphDiff(root);
  t.true(d.compilerEdges > 1000, `the compiler found ${d.compilerEdges} edges: the oracle itself must be working`);
  t.true(d.precision >= 0.98, `precision ${d.precision.toFixed(3)}; false positives: ${d.falsePositives.slice(0, 5).map((p) => `${p.source} → ${p.target}`).join('; ')}`);
  t.true(d.recall >= 0.96, `recall ${d.recall.toFixed(3)}; misses: ${d.misses.slice(0, 5).map((p) => `${p.source} → ${p.target}`).join('; ')}`);
  // the guaranteed reasons are exact: an import, a same-file binding, this/super members and constructors
  for (const r of ['import', 'same-file', 'this-member', 'super-member']) {
    const s = d.byReason[r];
    t.truthy(s && s.edges > 0, r);
    if (s) t.is(s.correct, s.edges, `${r}: ${s.correct}/${s.edges}`);
  }
});
