/**
 * The call graph against the TypeScript compiler on real code bases (pinned devDependencies, see
 * bench/callgraph-corpora.ts): the floors below are what the indexer honestly reaches on each
 * (bench/callgraph-diff.ts --corpus NAME prints the figures and samples). rxjs is the corpus the resolver was
 * first tuned on; the others were measured before any rule was added for them.
 */
import test from 'ava';
import { callgraphDiff } from '../../bench/callgraph-diff.ts';
import { corpus } from '../../bench/callgraph-corpora.ts';

const floors: Array<{ name: string; minEdges: number; precision: number; recall: number }> = [
  { name: 'rxjs', minEdges: 1000, precision: 0.99, recall: 0.98 },
  { name: 'query-core', minEdges: 350, precision: 0.99, recall: 0.985 },
  { name: 'prosemirror-model', minEdges: 350, precision: 0.99, recall: 0.975 },
  { name: 'ajv', minEdges: 1400, precision: 0.99, recall: 0.98 },
  // pinned after the rules were written from what they showed as unpinned folders
  { name: 'mobx', minEdges: 700, precision: 0.99, recall: 0.99 },
  { name: 'three', minEdges: 7000, precision: 0.98, recall: 0.97 },
  // CommonJS JavaScript, pinned with the rules written from what they showed (superagent's precision counts the
  // name-only guesses at members its loops add: without them it is exact)
  { name: 'request', minEdges: 100, precision: 0.99, recall: 0.99 },
  { name: 'superagent', minEdges: 90, precision: 0.85, recall: 0.98 },
  { name: 'router', minEdges: 50, precision: 0.99, recall: 0.99 },
];

for (const f of floors) {
  test(`CALLS edges agree with the TypeScript type checker on ${f.name}: precision ≥ ${f.precision}, recall ≥ ${f.recall}`, (t) => {
    const c = corpus(f.name);
    const d = callgraphDiff(c.root, c.compilerOptions, c.keep);
    t.true(d.compilerEdges > f.minEdges, `the compiler found ${d.compilerEdges} edges: the oracle itself must be working`);
    t.true(d.precision >= f.precision, `precision ${d.precision.toFixed(3)}; false positives: ${d.falsePositives.slice(0, 5).map((p) => `${p.source} → ${p.target}`).join('; ')}`);
    t.true(d.recall >= f.recall, `recall ${d.recall.toFixed(3)}; misses: ${d.misses.slice(0, 5).map((p) => `${p.source} → ${p.target}`).join('; ')}`);
    // the guaranteed reasons are exact: an import, this/super members, static members (rxjs has all of them)
    if (f.name === 'rxjs') {
      for (const r of ['import', 'same-file', 'this-member', 'super-member', 'static-member']) {
        const s = d.byReason[r];
        t.truthy(s && s.edges > 0, r);
        if (s) t.is(s.correct, s.edges, `${r}: ${s.correct}/${s.edges}`);
      }
    }
  });
}
