/**
 * Queries agents write, on the real rxjs 7.8.1 sources indexed by the real pipeline, checked against answers
 * computed directly from the CodeGraph (a differential oracle: the engine must agree with plain traversal).
 */
import path from 'node:path';
import test from 'ava';
import { cypher } from '../../handlers/cypher.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';
import { graphData, nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { outEdgesOf, inEdgesOf } from '../helpers/graph.ts';

let snap: Snapshot;
test.before(async () => {
  snap = await buildSnapshotInMemory(path.resolve('node_modules/rxjs/src'), { search: false });
});

const sorted = (xs: unknown[]) => [...xs].map(String).sort();

test('callers and callees of every function and method agree with the graph', async (t) => {
  const g = snap.graph;
  const symbols = graphData(g).nodes.filter((n) => n.label === 'Function' || n.label === 'Method');
  t.true(symbols.length > 100, `only ${symbols.length} functions/methods indexed`);
  let withCallers = 0;
  for (const s of symbols) {
    const callers = await cypher({ query: 'MATCH (f {uid: $uid})<-[:CALLS]-(c) RETURN c.uid AS uid', params: { uid: s.uid } }, snap);
    const expected = inEdgesOf(g, s.uid, 'CALLS').map((e) => e.source);
    t.deepEqual(sorted(callers.rows.map((r) => r.uid)), sorted(expected), s.uid);
    if (expected.length) withCallers++;
    const callees = await cypher({ query: "MATCH (f)-[r:CodeRelation {type: 'CALLS'}]->(c) WHERE f.id = $uid RETURN c.uid AS uid, r.confidence AS conf", params: { uid: s.uid } }, snap);
    t.deepEqual(sorted(callees.rows.map((r) => r.uid)), sorted(outEdgesOf(g, s.uid, 'CALLS').map((e) => e.target)), s.uid);
  }
  t.true(withCallers > 50);
});

test('callers of a function by name, GitNexus form', async (t) => {
  const g = snap.graph;
  const operate = graphData(g).nodes.find((n) => n.label === 'Function' && n.name === 'operate');
  t.truthy(operate, 'rxjs defines operate()');
  const r = await cypher({ query: "MATCH (caller)-[:CodeRelation {type: 'CALLS'}]->(f:Function {name: 'operate'}) RETURN caller.name AS name, caller.filePath AS file" }, snap);
  const expected = graphData(g).nodes.filter((n) => n.label === 'Function' && n.name === 'operate').flatMap((f) => inEdgesOf(g, f.uid, 'CALLS').map((e) => nodeOf(g, e.source)!));
  t.deepEqual(sorted(r.rows.map((x) => `${x.file}:${x.name}`)), sorted(expected.map((n) => `${n.filePath}:${n.name}`)));
  t.true(r.row_count > 20);
});

test('relationship counts by type and label counts agree with the graph', async (t) => {
  const g = snap.graph;
  const byType = await cypher({ query: 'MATCH ()-[r]->() RETURN r.type AS type, count(*) AS n' }, snap);
  const expected = new Map<string, number>();
  for (const e of graphData(g).edges) expected.set(e.type, (expected.get(e.type) ?? 0) + 1);
  t.deepEqual(sorted(byType.rows.map((r) => `${r.type}=${r.n}`)), sorted([...expected].map(([k, v]) => `${k}=${v}`)));
  const labels = await cypher({ query: 'MATCH (n) RETURN label(n) AS l, count(*) AS n' }, snap);
  const exp2 = new Map<string, number>();
  for (const n of graphData(g).nodes) exp2.set(n.label, (exp2.get(n.label) ?? 0) + 1);
  t.deepEqual(sorted(labels.rows.map((r) => `${r.l}=${r.n}`)), sorted([...exp2].map(([k, v]) => `${k}=${v}`)));
});

test('unused functions agree with the graph', async (t) => {
  const g = snap.graph;
  const r = await cypher({ query: 'MATCH (f:Function) WHERE NOT ()-[:CALLS|REFERENCES]->(f) RETURN f.uid AS uid', max_rows: 100_000 }, snap);
  const expected = graphData(g).nodes.filter((n) => n.label === 'Function' && inEdgesOf(g, n.uid, ['CALLS', 'REFERENCES']).length === 0).map((n) => n.uid);
  t.deepEqual(sorted(r.rows.map((x) => x.uid)), sorted(expected));
});

test('members of each module agree with the graph', async (t) => {
  const g = snap.graph;
  const communities = nodesWithLabel(g, 'Community');
  t.true(communities.length > 0);
  for (const c of communities) {
    const r = await cypher({ query: 'MATCH (m)-[:MEMBER_OF]->(c:Community {name: $name}) RETURN m.uid AS uid', params: { name: c.name }, max_rows: 100_000 }, snap);
    const sameName = communities.filter((x) => x.name === c.name);
    t.deepEqual(sorted(r.rows.map((x) => x.uid)), sorted(sameName.flatMap((x) => inEdgesOf(g, x.uid, 'MEMBER_OF').map((e) => e.source))), c.name);
  }
});

test('flows through a file agree with the graph', async (t) => {
  const g = snap.graph;
  const steps = graphData(g).edges.filter((e) => e.type === 'STEP_IN_PROCESS');
  t.true(steps.length > 0, 'processes were traced');
  const files = [...new Set(steps.map((e) => nodeOf(g, e.source)!.filePath!))].slice(0, 15);
  for (const file of files) {
    const r = await cypher({ query: 'MATCH (s)-[r:STEP_IN_PROCESS]->(p:Process) WHERE s.filePath = $file RETURN DISTINCT p.uid AS p', params: { file } }, snap);
    const expected = new Set(steps.filter((e) => nodeOf(g, e.source)!.filePath === file).map((e) => e.target));
    t.deepEqual(sorted(r.rows.map((x) => x.p)), sorted([...expected]), file);
  }
});

test('import cycles up to length 3 agree with a direct enumeration', async (t) => {
  const g = snap.graph;
  const r = await cypher({ query: 'MATCH p = (f:File)-[:IMPORTS*1..3]->(f) RETURN [n IN nodes(p) | n.uid] AS cycle', max_rows: 100_000 }, snap);
  // Direct: every closed walk of 1-3 IMPORTS edges without repeating an edge, from every file.
  const expected: string[] = [];
  const files = graphData(g).nodes.filter((n: GraphNode) => n.label === 'File');
  const walk = (start: string, cur: string, path: string[], used: Set<string>) => {
    for (const id of g.outEdges(cur)) {
      const e = g.getEdgeAttributes(id);
      if (e.type !== 'IMPORTS' || used.has(id)) continue;
      const next = [...path, e.target];
      if (e.target === start) expected.push(next.join('>'));
      if (next.length < 4) walk(start, e.target, next, new Set(used).add(id));
    }
  };
  for (const f of files) walk(f.uid, f.uid, [f.uid], new Set());
  t.deepEqual(sorted(r.rows.map((x) => (x.cycle as string[]).join('>'))), sorted(expected));
});
