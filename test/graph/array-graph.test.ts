/**
 * The pipeline's ArrayGraph answers every read of GraphView as the graphology code graph of the same data does, in
 * the same order (modules, processes and search read it in the one and tests and servers in the other), before and
 * after nodes and edges are added.
 */
import test from 'ava';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { addCodeEdge, codeGraphFromData, denseGraph, toCodeGraph, type GraphView } from '../../lib/graph/code-graph.ts';
import type { GraphEdge, GraphNode, RelType } from '../../lib/graph/schema.ts';

/** A builder with repeated (source, target) pairs of several types, self loops and fan-in from many sources. */
function sample(seed: number): GraphBuilder {
  let x = seed;
  const rnd = (n: number): number => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const b = new GraphBuilder();
  for (let i = 0; i < 40; i++) b.addNode({ uid: `Function:f${i % 7}.ts:n${i}`, label: 'Function', name: `n${i}`, filePath: `f${i % 7}.ts` } as GraphNode);
  const types: RelType[] = ['CALLS', 'REFERENCES', 'IMPORTS', 'HAS_METHOD'];
  for (let k = 0; k < 300; k++) {
    const s = rnd(40), t = rnd(3) === 0 ? rnd(4) : rnd(40);
    b.addEdge({ source: b.nodes[s].uid, target: b.nodes[t].uid, type: types[rnd(4)], confidence: 0.9, reason: 'r', line: k } as GraphEdge);
  }
  return b;
}

type Row = [string, string, string, string];

function reads(g: GraphView): unknown {
  const nodes: string[] = [];
  g.forEachNode((uid, n) => nodes.push(`${uid}|${n.name}`));
  const edges: Row[] = [];
  g.forEachEdge((k, e, s, t) => edges.push([k, e.type, s, t]));
  const ins: Record<string, Row[]> = {};
  const firstIn: Record<string, string> = {};
  g.forEachNode((uid) => {
    const list: Row[] = [];
    g.forEachInEdge(uid, (k, e, s, t, sa, ta) => { list.push([k, e.type, s, t]); if (sa.uid !== s || ta.uid !== t) throw new Error('ends'); });
    ins[uid] = list;
    g.someInEdge(uid, (k) => ((firstIn[uid] = k), true));
  });
  const d = denseGraph(g);
  return { order: g.order, size: g.size, nodes, edges, ins, firstIn, src: [...d.src], dst: [...d.dst], some: g.someNode((_u, n) => n.name === 'n5') };
}

test('an ArrayGraph reads as the graphology graph of the same data, before and after additions', (t) => {
  for (const seed of [1, 2, 3]) {
    const arrays = sample(seed).toArrayGraph();
    const graphology = codeGraphFromData({ nodes: [...arrays.nodes], edges: [...arrays.edges] }, { src: [...arrays.endPositions().src], dst: [...arrays.endPositions().dst] });
    t.deepEqual(reads(arrays), reads(graphology));
    // what modules and processes add afterwards: a node, then edges into it from many sources, one pair twice
    for (const g of [arrays, graphology] as GraphView[]) {
      g.addNode('Community:c', { uid: 'Community:c', label: 'Community', name: 'c' } as GraphNode);
      for (let i = 0; i < 40; i += 3) addCodeEdge(g, { source: `Function:f${i % 7}.ts:n${i}`, target: 'Community:c', type: 'MEMBER_OF', confidence: 1, reason: 'community' });
      addCodeEdge(g, { source: 'Function:f0.ts:n0', target: 'Community:c', type: 'STEP_IN_PROCESS', confidence: 1, reason: 'process' });
      addCodeEdge(g, { source: 'Community:c', target: 'Community:c', type: 'CALLS', confidence: 1, reason: 'loop' });
    }
    t.deepEqual(reads(arrays), reads(graphology));
    t.deepEqual(reads(toCodeGraph(arrays)), reads(graphology));
  }
});

test('an ArrayGraph refuses what graphology refuses: a taken uid, an edge to an absent node, an absent node read', (t) => {
  const g = sample(4).toArrayGraph();
  t.throws(() => g.addNode(g.nodes[0].uid, g.nodes[0]));
  t.throws(() => addCodeEdge(g, { source: g.nodes[0].uid, target: 'Function:nowhere', type: 'CALLS', confidence: 1, reason: 'r' }));
  t.throws(() => g.getNodeAttributes('Function:nowhere'));
  t.throws(() => g.addDirectedEdgeWithKey('0', g.nodes[0].uid, g.nodes[1].uid, { source: g.nodes[0].uid, target: g.nodes[1].uid, type: 'CALLS', confidence: 1, reason: 'r' }));
});
