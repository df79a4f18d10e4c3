import test from 'ava';
import { modulesKey, sameForModules } from '../../lib/analyze/incremental.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { addCodeEdge, graphData, type GraphView } from '../../lib/graph/code-graph.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';

const graph = (nodes: GraphNode[], edges: Array<[number, number, string, number?]>): GraphView => {
  const g = new GraphBuilder();
  for (const n of nodes) g.addNode(structuredClone(n));
  for (const [s, d, type, line] of edges) g.addEdge({ source: nodes[s].uid, target: nodes[d].uid, type: type as 'CALLS', confidence: 0.9, reason: 'r', ...(line !== undefined ? { line } : {}) });
  return g.toArrayGraph();
};

/** A generation's graph as written: the graph, then what modules and processes add to it, through JSON. */
const written = (g: GraphView): ReturnType<typeof graphData> => {
  g.addNode('Community:c', { uid: 'Community:c', label: 'Community', name: 'c', kind: 'community' } as GraphNode);
  g.addNode('Process:p', { uid: 'Process:p', label: 'Process', name: 'p', kind: 'process', module: 'c' } as GraphNode);
  const { nodes } = graphData(g);
  for (const n of [...nodes]) {
    if (n.label === 'Community' || n.label === 'Process') continue;
    n.module = 'c';
    addCodeEdge(g, { source: n.uid, target: 'Community:c', type: 'MEMBER_OF', confidence: 1, reason: 'community' });
  }
  addCodeEdge(g, { source: nodes[1].uid, target: 'Process:p', type: 'STEP_IN_PROCESS', confidence: 1, reason: 'process', step: 1 });
  return JSON.parse(JSON.stringify(graphData(g)));
};

test('sameForModules: true for graphs that differ in lines only; any other property, node or edge tells them apart', (t) => {
  const f = (line: number, extra: Partial<GraphNode> = {}): GraphNode[] => [
    { uid: 'File:a.py', label: 'File', name: 'a.py', filePath: 'a.py', line: 1, endLine: 40 + line },
    { uid: 'Function:a.py:f', label: 'Function', name: 'f', filePath: 'a.py', line, endLine: line + 2, ...extra },
    { uid: 'Function:a.py:g', label: 'Function', name: 'g', filePath: 'a.py', line: line + 5, endLine: line + 6, parameters: [{ name: 'x', line }] } as GraphNode,
  ];
  const previous = written(graph(f(3), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]));
  t.true(sameForModules(graph(f(3), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), previous));
  t.true(sameForModules(graph(f(10), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 11]]), previous), 'lines moved, at any depth');
  t.true(sameForModules(graph(f(3, { doc: undefined }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), previous), 'an undefined property is an absent one');
  t.false(sameForModules(graph(f(3, { name: 'h' }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), previous), 'a property changed');
  t.false(sameForModules(graph(f(3, { signature: 'f(x)' }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), previous), 'a property added');
  t.false(sameForModules(graph(f(3, { module: 'c' }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), previous), 'a module before modules ran');
  t.false(sameForModules(graph(f(3), [[0, 1, 'DEFINES'], [2, 1, 'CALLS', 4]]), previous), 'an edge turned around');
  t.false(sameForModules(graph(f(3), [[0, 1, 'DEFINES']]), previous), 'an edge fewer');
  t.false(sameForModules(graph(f(3), [[1, 2, 'CALLS', 4], [0, 1, 'DEFINES']]), previous), 'edges in another order');
  t.false(sameForModules(graph(f(3).slice(0, 2), [[0, 1, 'DEFINES']]), written(graph(f(3).slice(0, 2), [[0, 1, 'DEFINES'], [0, 1, 'CALLS', 2]]))), 'a node fewer');
});

test('modulesKey: the options and the code are what it tells apart', (t) => {
  t.is(modulesKey(undefined), modulesKey({}));
  t.not(modulesKey({ resolution: 2 }), modulesKey(undefined));
});
