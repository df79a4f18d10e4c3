/**
 * Run by unknown-keys.test.ts in a child started with --expose-gc: on the real rxjs sources, how much heap a
 * thousand distinct property names and relation types no node or edge has leave behind once the queries are
 * answered (the adapter built and warmed first). Prints one JSON line.
 */
import path from 'node:path';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { codeGraphView } from '../../lib/cypher/code-graph-adapter.ts';
import { runCypher } from '../../lib/cypher/index.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heap = (): number => { gc(); gc(); return process.memoryUsage().heapUsed; };

const snap = await buildSnapshotInMemory(path.resolve('node_modules/rxjs/src'), { search: false, log: () => {} });
// (the engine as the cypher tool runs it, on the same cached view, but with a long time budget: a loaded machine
// must not turn a heap measurement into a TIMEOUT)
const run = async (query: string): Promise<unknown> => runCypher(codeGraphView(snap.graph), query, {}, { timeoutMs: 600_000 }).rows[0];
const keys = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

// Warm-up: the adapter's adjacency and the columns of real keys exist before the measurement starts.
const known = await run('MATCH (n)-[r]->(m) WHERE n.name IS NOT NULL AND r.confidence > 0 RETURN count(*) AS c');
const before = heap();
const answers = {
  nodes: await run(`MATCH (n) WHERE ${keys('zz', 250).map((k) => `n.${k} IS NULL`).join(' AND ')} RETURN count(n) AS c`),
  rels: await run(`MATCH ()-[r]->() WHERE ${keys('yy', 250).map((k) => `r.${k} IS NULL`).join(' AND ')} RETURN count(r) AS c`),
  seek: await run(`MATCH (n {${keys('xx', 250).map((k) => `${k}: 1`).join(', ')}}) RETURN count(n) AS c`),
  types: await run(`MATCH (a)-[:${keys('WW', 250).join('|')}]->(b) RETURN count(*) AS c`),
};
const after = heap();
console.log(JSON.stringify({ before, after, nodes: snap.graph.order, edges: snap.graph.size, known, answers }));
