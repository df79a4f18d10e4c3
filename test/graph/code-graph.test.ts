import test from 'ava';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { addCodeEdge, codeGraphFromData, createCodeGraph, denseGraph, graphData, nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import type { GraphEdge } from '../../lib/graph/schema.ts';
import { UidAllocator, makeUid } from '../../lib/graph/schema.ts';

test('edges between the same ends and type merge, keeping count, max confidence and first line', (t) => {
  const g = new GraphBuilder();
  g.addNode({ uid: 'Function:a.ts:f', label: 'Function', name: 'f' });
  g.addNode({ uid: 'Function:a.ts:g', label: 'Function', name: 'g' });
  g.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'CALLS', confidence: 0.3, reason: 'name-only', line: 9 });
  g.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'CALLS', confidence: 0.95, reason: 'same-file', line: 4 });
  t.is(g.edgeCount, 1);
  t.deepEqual(g.outEdges('Function:a.ts:f', 'CALLS').map((e: GraphEdge) => [e.count, e.confidence, e.reason, e.line]), [[2, 0.95, 'same-file', 4]]);
  t.is(g.inEdges('Function:a.ts:g').length, 1);
  t.deepEqual(g.outEdges('Function:a.ts:f', 'IMPORTS'), []);
});

test('duplicate uids and dangling edges are refused; serialisation round-trips', (t) => {
  const g = new GraphBuilder();
  g.addNode({ uid: 'File:a.ts', label: 'File', name: 'a.ts' });
  t.throws(() => g.addNode({ uid: 'File:a.ts', label: 'File', name: 'a.ts' }));
  t.throws(() => g.addEdge({ source: 'File:a.ts', target: 'nope', type: 'CONTAINS', confidence: 1, reason: 'structure' }));
  const copy = GraphBuilder.fromJSON(JSON.parse(JSON.stringify(g)));
  t.deepEqual(copy.toJSON(), g.toJSON());
  t.is(copy.byLabel('File').length, 1);
});

test('uid allocator numbers repeats from #2', (t) => {
  const a = new UidAllocator();
  const base = makeUid('Function', 'src/a.ts', 'f');
  t.deepEqual([a.allocate(base), a.allocate(base), a.allocate(base)], [base, `${base}#2`, `${base}#3`]);
});

test('merging finds every earlier edge by its ends and type, whichever target a source reached first (against a plain reference)', (t) => {
  // a source's first target is found through its edge list, later targets through a map: many sources, targets and types mixed
  let seed = 7;
  const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const types = ['CALLS', 'REFERENCES', 'IMPORTS'] as const;
  const g = new GraphBuilder();
  for (let i = 0; i < 12; i++) g.addNode({ uid: `Function:a.ts:f${i}`, label: 'Function', name: `f${i}` });
  const ref = new Map<string, { count: number; confidence: number; line: number }>();
  const order: string[] = [];
  for (let k = 0; k < 600; k++) {
    const s = rand(12), d = rand(i2(s)) + (s % 3 === 0 ? 5 : 0), type = types[rand(3)], confidence = (1 + rand(10)) / 10, line = 1 + rand(50);
    const key = `${s} ${d} ${type}`;
    const had = ref.get(key);
    if (had) { had.count++; had.confidence = Math.max(had.confidence, confidence); had.line = Math.min(had.line, line); } else { ref.set(key, { count: 1, confidence, line }); order.push(key); }
    if (k % 2) g.addEdge({ source: `Function:a.ts:f${s}`, target: `Function:a.ts:f${d}`, type, confidence, reason: 'r', line });
    else g.addEdgeAt(s, d, { source: `Function:a.ts:f${s}`, target: `Function:a.ts:f${d}`, type, confidence, reason: 'r', line });
  }
  t.is(g.edgeCount, order.length);
  t.deepEqual(g.edges.map((e: GraphEdge) => `${e.source.slice(15)} ${e.target.slice(15)} ${e.type}`), order.map((k) => { const [s, d, ty] = k.split(' '); return `${s} ${d} ${ty}`; }));
  t.deepEqual(g.edges.map((e: GraphEdge) => [e.count ?? 1, e.confidence, e.line]), order.map((k) => { const r = ref.get(k)!; return [r.count, r.confidence, r.line]; }));
  for (let i = 0; i < 12; i++) {
    t.deepEqual(g.outEdgeIds(`Function:a.ts:f${i}`), g.edges.flatMap((e: GraphEdge, id: number) => (e.source === `Function:a.ts:f${i}` ? [id] : [])));
    t.deepEqual(g.inEdgeIds(`Function:a.ts:f${i}`), g.edges.flatMap((e: GraphEdge, id: number) => (e.target === `Function:a.ts:f${i}` ? [id] : [])));
  }
  // a few sources with a single target: 12 nodes draw few enough targets for some
  function i2(s: number): number { return s % 3 === 0 ? 1 + (s % 2) : 12; } // targets 5 or 5-6 for every third source
});

test('the builder hands over a graphology multi directed graph holding the very node and edge objects, edges keyed by position', (t) => {
  const b = new GraphBuilder();
  const f = b.addNode({ uid: 'Function:a.ts:f', label: 'Function', name: 'f' });
  b.addNode({ uid: 'Function:a.ts:g', label: 'Function', name: 'g' });
  const call = b.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'CALLS', confidence: 1, reason: 'same-file' });
  b.addEdge({ source: 'Function:a.ts:f', target: 'Function:a.ts:g', type: 'REFERENCES', confidence: 1, reason: 'same-file' });
  b.addEdge({ source: 'Function:a.ts:g', target: 'Function:a.ts:g', type: 'CALLS', confidence: 0.9, reason: 'same-file' });
  const g = b.toGraph();
  t.true(g.multi);
  t.is(g.type, 'directed');
  t.is(g.order, 2);
  t.is(g.size, 3);
  t.is(g.getNodeAttributes('Function:a.ts:f'), f);
  t.is(g.getEdgeAttributes('0'), call);
  t.deepEqual(g.edges(), ['0', '1', '2']);
  t.deepEqual(g.edges('Function:a.ts:f', 'Function:a.ts:g').sort(), ['0', '1']);
  t.is(g.selfLoopCount, 1);
  t.is(g.outDegree('Function:a.ts:f'), 2);
  t.is(nodeOf(g, 'Function:a.ts:f'), f);
  t.is(nodeOf(g, 'nope'), undefined);
  t.deepEqual(nodesWithLabel(g, 'Function').map((n) => n.name), ['f', 'g']);
  // serialised and loaded again (with or without stored end positions): the same graph
  const data = JSON.parse(JSON.stringify(graphData(g)));
  const d = denseGraph(g);
  for (const copy of [codeGraphFromData(data), codeGraphFromData(data, { src: Array.from(d.src), dst: Array.from(d.dst) })]) {
    t.deepEqual(copy.export(), g.export());
  }
});

test('positional arrays follow graphology order and grow with the graph, earlier positions unchanged', (t) => {
  const g = createCodeGraph();
  for (const name of ['a', 'b', 'c']) g.addNode(`Function:x.ts:${name}`, { uid: `Function:x.ts:${name}`, label: 'Function', name });
  addCodeEdge(g, { source: 'Function:x.ts:a', target: 'Function:x.ts:b', type: 'CALLS', confidence: 1, reason: 'r' });
  addCodeEdge(g, { source: 'Function:x.ts:c', target: 'Function:x.ts:a', type: 'CALLS', confidence: 1, reason: 'r' });
  const first = denseGraph(g);
  t.deepEqual([...first.src], [0, 2]);
  t.deepEqual([...first.dst], [1, 0]);
  t.is(denseGraph(g), first, 'nothing added: the same arrays');
  g.addNode('Community:x', { uid: 'Community:x', label: 'Community', name: 'x' });
  t.is(addCodeEdge(g, { source: 'Function:x.ts:b', target: 'Community:x', type: 'MEMBER_OF', confidence: 1, reason: 'community' }), '2');
  const later = denseGraph(g);
  t.deepEqual([...later.src], [0, 2, 1]);
  t.deepEqual([...later.dst], [1, 0, 3]);
  t.deepEqual(later.nodes.map((n) => n.name), ['a', 'b', 'c', 'x']);
  t.is(later.position.get('Community:x'), 3);
  g.forEachEdge((key, e, source, target) => {
    t.is(later.edges[Number(key)], e);
    t.is(later.nodes[later.src[Number(key)]].uid, source);
    t.is(later.nodes[later.dst[Number(key)]].uid, target);
  });
  // a dropped node (a user's graph): indexed afresh
  g.dropNode('Function:x.ts:c');
  t.deepEqual(denseGraph(g).nodes.map((n) => n.name), ['a', 'b', 'x']);
  t.deepEqual([...denseGraph(g).src], [0, 1]);
});
