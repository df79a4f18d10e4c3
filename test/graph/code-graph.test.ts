import test from 'ava';
import { CodeGraph } from '../../lib/graph/code-graph.ts';
import { UidAllocator, makeUid } from '../../lib/graph/schema.ts';

test('edges between the same ends and type merge, keeping count, max confidence and first line', (t) => {
  const g = new CodeGraph();
  g.addNode({ uid: 'Function:a.ts:f', label: 'Function', name: 'f' });
  g.addNode({ uid: 'Function:a.ts:g', label: 'Function', name: 'g' });
  g.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'CALLS', confidence: 0.3, reason: 'name-only', line: 9 });
  g.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'CALLS', confidence: 0.95, reason: 'same-file', line: 4 });
  t.is(g.edgeCount, 1);
  t.deepEqual(g.outEdges('Function:a.ts:f', 'CALLS').map((e) => [e.count, e.confidence, e.reason, e.line]), [[2, 0.95, 'same-file', 4]]);
  t.is(g.inEdges('Function:a.ts:g').length, 1);
  t.deepEqual(g.outEdges('Function:a.ts:f', 'IMPORTS'), []);
});

test('duplicate uids and dangling edges are refused; serialisation round-trips', (t) => {
  const g = new CodeGraph();
  g.addNode({ uid: 'File:a.ts', label: 'File', name: 'a.ts' });
  t.throws(() => g.addNode({ uid: 'File:a.ts', label: 'File', name: 'a.ts' }));
  t.throws(() => g.addEdge({ source: 'File:a.ts', target: 'nope', type: 'CONTAINS', confidence: 1, reason: 'structure' }));
  const copy = CodeGraph.fromJSON(JSON.parse(JSON.stringify(g)));
  t.deepEqual(copy.toJSON(), g.toJSON());
  t.is(copy.byLabel('File').length, 1);
});

test('uid allocator numbers repeats from #2', (t) => {
  const a = new UidAllocator();
  const base = makeUid('Function', 'src/a.ts', 'f');
  t.deepEqual([a.allocate(base), a.allocate(base), a.allocate(base)], [base, `${base}#2`, `${base}#3`]);
});
