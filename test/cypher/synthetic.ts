/**
 * A deterministic synthetic code graph of any size (seeded), shaped like an indexed repository: files define
 * functions, classes and methods; calls follow a skewed distribution (a few hubs called very often); files
 * import files; every symbol belongs to a community. Used by the budget tests and bench/cypher.ts.
 */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { NodeLabel, RelType } from '../../lib/graph/schema.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';


export interface SyntheticOptions {
  nodes: number;
  edges: number;
  seed?: number;
}

/** Builds a graph with about `nodes` nodes and exactly `edges` edges (duplicates are re-drawn). */
export function syntheticGraph({ nodes, edges, seed = 42 }: SyntheticOptions): CodeGraph {
  const rand = seededRandom(seed);
  const g = new GraphBuilder();
  const files: string[] = [];
  const symbols: string[] = [];
  const communities: string[] = [];
  const nFiles = Math.max(1, Math.floor(nodes / 20));
  const nCommunities = Math.max(1, Math.floor(nodes / 500));
  for (let c = 0; c < nCommunities; c++) {
    const uid = `Community:m${c}`;
    g.addNode({ uid, label: 'Community', name: `m${c}`, size: 0, cohesion: 0.5 });
    communities.push(uid);
  }
  for (let f = 0; f < nFiles; f++) {
    const path = `src/d${f % 50}/f${f}.ts`;
    const uid = `File:${path}`;
    g.addNode({ uid, label: 'File', name: `f${f}.ts`, filePath: path, line: 1, endLine: 200 });
    files.push(uid);
  }
  const labels: NodeLabel[] = ['Function', 'Function', 'Function', 'Method', 'Method', 'Class', 'Variable', 'Interface'];
  let i = 0;
  while (files.length + symbols.length + communities.length < nodes) {
    const f = i % nFiles;
    const label = labels[Math.floor(rand() * labels.length)];
    const name = `${label === 'Class' || label === 'Interface' ? 'T' : 'fn'}${i}`;
    const path = `src/d${f % 50}/f${f}.ts`;
    const uid = `${label}:${path}:${name}`;
    g.addNode({ uid, label, name, filePath: path, line: 1 + (i % 180), endLine: 5 + (i % 180), exported: rand() < 0.5, module: `m${i % nCommunities}` });
    symbols.push(uid);
    i++;
  }
  const add = (source: string, type: RelType, target: string) => {
    const before = g.edgeCount;
    g.addEdge({ source, target, type, confidence: rand() < 0.1 ? 0.3 : 0.9, reason: 'import', line: 1 + Math.floor(rand() * 100) });
    return g.edgeCount > before;
  };
  // Structure first: every symbol is defined by its file and belongs to a community.
  symbols.forEach((s, k) => { if (g.edgeCount < edges) add(files[k % nFiles], 'DEFINES', s); });
  symbols.forEach((s, k) => { if (g.edgeCount < edges) add(s, 'MEMBER_OF', communities[k % nCommunities]); });
  // Then calls (skewed towards low indexes: hubs), imports and references until the edge budget is spent.
  const skewed = () => symbols[Math.floor(Math.pow(rand(), 3) * symbols.length)];
  const any = () => symbols[Math.floor(rand() * symbols.length)];
  let guard = 0;
  while (g.edgeCount < edges && guard++ < edges * 10) {
    const r = rand();
    if (r < 0.7) add(any(), 'CALLS', skewed());
    else if (r < 0.85) add(files[Math.floor(rand() * nFiles)], 'IMPORTS', files[Math.floor(rand() * nFiles)]);
    else add(any(), 'REFERENCES', skewed());
  }
  return g.toGraph();
}
