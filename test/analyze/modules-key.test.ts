import test from 'ava';
import { modulesKey, withoutLines } from '../../lib/analyze/incremental.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';

test('withoutLines: cuts line and endLine members at any depth, nothing else', (t) => {
  const value = {
    line: 3, a: 'line', b: '"line":4', endLine: 9, pipeline: 2, nested: [{ line: 1, x: 'y' }, { endLine: 2 }], lineage: 5, c: { line: 7 },
  };
  const cut = withoutLines(JSON.stringify(value));
  t.is(cut, JSON.stringify({ a: 'line', b: '"line":4', pipeline: 2, nested: [{ x: 'y' }, {}], lineage: 5, c: {} }));
});

const graph = (nodes: GraphNode[], edges: Array<[number, number, string, number?]>): CodeGraph => {
  const g = new GraphBuilder();
  for (const n of nodes) g.addNode(n);
  for (const [s, d, type, line] of edges) g.addEdge({ source: nodes[s].uid, target: nodes[d].uid, type: type as 'CALLS', confidence: 0.9, reason: 'r', ...(line !== undefined ? { line } : {}) });
  return g.toGraph();
};

test('modulesKey: the same for graphs that differ in lines only; any other property, node or edge changes it', (t) => {
  const f = (line: number, extra: Partial<GraphNode> = {}): GraphNode[] => [
    { uid: 'File:a.py', label: 'File', name: 'a.py', filePath: 'a.py', line: 1, endLine: 40 + line },
    { uid: 'Function:a.py:f', label: 'Function', name: 'f', filePath: 'a.py', line, endLine: line + 2, ...extra },
    { uid: 'Function:a.py:g', label: 'Function', name: 'g', filePath: 'a.py', line: line + 5, endLine: line + 6 },
  ];
  const base = modulesKey(graph(f(3), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), undefined);
  t.is(modulesKey(graph(f(10), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 11]]), undefined), base);
  t.not(modulesKey(graph(f(3, { name: 'h' }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), undefined), base);
  t.not(modulesKey(graph(f(3, { signature: 'f(x)' }), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), undefined), base);
  t.not(modulesKey(graph(f(3), [[0, 1, 'DEFINES'], [2, 1, 'CALLS', 4]]), undefined), base);
  t.not(modulesKey(graph(f(3), [[0, 1, 'DEFINES']]), undefined), base);
  t.not(modulesKey(graph(f(3), [[0, 1, 'DEFINES'], [1, 2, 'CALLS', 4]]), { resolution: 2 }), base);
});
