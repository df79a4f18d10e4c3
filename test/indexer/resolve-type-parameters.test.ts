/**
 * The resolver's side of constrained type parameters: a type parameter is a local, and when the extractor
 * records its constraint as the local's `type` (`<T extends Node>`), a receiver typed `T` has the constraint's
 * members. The extractor records constraints; here the fact is also written by hand (the resolver's contract)
 * and deleted (what the resolver does without it).
 */
import test from 'ava';
import { resolveProject } from '../../lib/resolve/index.ts';
import { importBinding, localBinding } from '../../lib/extract/facts.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { extractFile, defaultProjectConfig } from '../../lib/lang/index.ts';

const node = `export class Node {
  cut(from: number): Node { return this; }
}
`;
const use = `import { Node } from './node';
export function f<T extends Node>(x: T): Node { return x.cut(0); }
`;

function resolve(mode: 'extracted' | 'hand' | 'stripped'): Set<string> {
  const a = extractFile('node.ts', node, 'typescript');
  const b = extractFile('use.ts', use, 'typescript');
  const tp = b.locals.findIndex((l) => l.name === 'T');
  if (mode === 'stripped') { const { type: _constraint, ...rest } = b.locals[tp]; b.locals[tp] = rest; }
  if (mode === 'hand') {
    const imp = b.imports.findIndex((i) => i.local === 'Node');
    b.locals[tp] = { ...b.locals[tp], type: { k: 'id', name: 'Node', b: importBinding(imp) } };
  }
  const r = resolveProject([a, b], defaultProjectConfig());
  return new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target} ${e.reason}`));
}

test('a receiver typed by a type parameter resolves through its recorded constraint, and not without one', (t) => {
  t.true(resolve('hand').has('Function:use.ts:f -> Method:node.ts:Node.cut typed-receiver'), [...resolve('hand')].join('; '));
  t.false([...resolve('stripped')].some((e) => e.includes('Node.cut')));
  t.deepEqual([...resolve('extracted')].sort(), [...resolve('hand')].sort(), 'the extractor records the constraint');
});

test('a type parameter constrained by itself (a cycle in hand-made facts) does not loop', (t) => {
  const b = extractFile('use.ts', use, 'typescript');
  const tp = b.locals.findIndex((l) => l.name === 'T');
  b.locals[tp] = { ...b.locals[tp], type: { k: 'id', name: 'T', b: localBinding(tp) } };
  const r = resolveProject([extractFile('node.ts', node, 'typescript'), b], defaultProjectConfig());
  t.false(graphData(r.graph).edges.some((e) => e.type === 'CALLS' && e.target.endsWith('Node.cut') && e.reason !== 'name-only'));
});
