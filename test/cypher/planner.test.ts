/** The planner starts from the most selective element and pushes predicates down (checked on its plan). */
import test from 'ava';
import { codeGraphView } from '../../lib/cypher/code-graph-adapter.ts';
import { explainCypher, runCypher } from '../../lib/cypher/index.ts';
import { syntheticGraph } from './synthetic.ts';
import { graphData, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { inEdgesOf } from '../helpers/graph.ts';

const graph = syntheticGraph({ nodes: 5000, edges: 20000, seed: 7 });
const view = codeGraphView(graph);
const fn = nodesWithLabel(graph, 'Function')[3];

test('an inline property map or a WHERE equality on an indexed value starts the match with an index seek', (t) => {
  for (const q of [
    "MATCH (c)-[:CALLS]->(f:Function {name: $name}) RETURN c",
    'MATCH (c)-[:CALLS]->(f:Function) WHERE f.name = $name RETURN c',
    'MATCH (c)-[:CALLS]->(f) WHERE $name = f.name AND c.exported RETURN c',
    "MATCH (f)<-[:CodeRelation {type: 'CALLS'}]-(c) WHERE f.name IN [$name, 'nope'] RETURN c",
  ]) {
    const plan = explainCypher(view, q, { name: fn.name });
    t.regex(plan[0], /^NodeIndexSeek\(f/, `${q}\n${plan.join('\n')}`);
    t.regex(plan[1], /^Expand\(f\)<-\[  rel\d+:CALLS\]-\(c\)$|^Expand\(f\)<-\[  rel\d+:CALLS\]-\(c\)/, plan.join('\n'));
  }
  const r = runCypher(view, 'MATCH (c)-[:CALLS]->(f:Function) WHERE f.name = $name RETURN count(*) AS n', { name: fn.name });
  t.is(r.rows[0].n, inEdgesOf(graph, fn.uid, 'CALLS').length);
});

test('a uid lookup and a bound variable are the cheapest starts', (t) => {
  t.regex(explainCypher(view, 'MATCH (a)-[:CALLS]->(b {id: $id}) RETURN a', { id: fn.uid })[0], /^NodeIndexSeek\(b/);
  const plan = explainCypher(view, 'MATCH (f:Function {name: $name}) WITH f MATCH (x)-[:IMPORTS]->(y)<-[:DEFINES]-()-[:DEFINES]->(f) RETURN x', { name: fn.name });
  t.regex(plan[0], /^NodeIndexSeek\(f/);
  t.is(plan[1], 'Argument(f)', plan.join('\n'));
});

test('an unconstrained relationship pattern scans relationships; a rare type beats a large label', (t) => {
  t.regex(explainCypher(view, 'MATCH ()-[r]->() RETURN r.type, count(*)')[0], /^RelationshipScan/);
  // REFERENCES edges are far fewer than Function nodes times their fan-out.
  const refs = graphData(graph).edges.filter((e) => e.type === 'REFERENCES').length;
  t.true(refs < nodesWithLabel(graph, 'Function').length);
  t.regex(explainCypher(view, 'MATCH (a:Function)-[:REFERENCES]->(b) RETURN count(*)')[0], /^RelationshipScan\(a\)-\[  rel\d+:REFERENCES\]/);
  // A small label with a common relationship starts from the label.
  const labelled = explainCypher(view, 'MATCH (c:Class)-[:MEMBER_OF]->(m) RETURN count(*)');
  t.regex(labelled[0], /^NodeByLabelScan\(c:Class\)/, labelled.join('\n'));
});

test('WHERE conjuncts are attached where their variables are bound, and constant ones run first', (t) => {
  const plan = explainCypher(view, 'MATCH (a:Function)-[:CALLS]->(b) WHERE $on AND b.exported RETURN a', { on: false });
  t.is(plan[0], 'Filter(1)');
  const r = runCypher(view, 'MATCH (a:Function)-[:CALLS]->(b) WHERE $on AND b.exported RETURN count(*) AS n', { on: false });
  t.deepEqual(r.rows, [{ n: 0 }]);
});

test('a constant type equality narrows the relationships walked, with the same answer as the shorthand', (t) => {
  const a = runCypher(view, "MATCH (x)-[r]->(y) WHERE r.type = 'IMPORTS' RETURN count(*) AS n");
  const b = runCypher(view, 'MATCH (x)-[:IMPORTS]->(y) RETURN count(*) AS n');
  t.deepEqual(a.rows, b.rows);
  t.is(a.rows[0].n, graphData(graph).edges.filter((e) => e.type === 'IMPORTS').length);
  t.regex(explainCypher(view, "MATCH (x)-[r]->(y) WHERE r.type = 'IMPORTS' RETURN count(*)")[0], /RelationshipScan\(.*:IMPORTS\]/);
});
