/** A file the resolver cannot finish is named and the others resolve as usual (lib/resolve/index.ts relationsOf). */
import test from 'ava';
import { resolveProject } from '../../lib/resolve/index.ts';
import { extractFile, defaultProjectConfig } from '../../lib/lang/index.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import type { Expr } from '../../lib/extract/facts.ts';

const A = `import { helper } from './b';\nexport function main(): number { return helper() + local(); }\nfunction local(): number { return 1; }\n`;
const B = `export function helper(): number { return twice(2); }\nfunction twice(n: number): number { return n * 2; }\n`;
const C = `import { helper } from './b';\nexport function other(): number { return helper(); }\n`;

function facts() {
  return [extractFile('src/a.ts', A, 'typescript'), extractFile('src/b.ts', B, 'typescript'), extractFile('src/c.ts', C, 'typescript')];
}
const calls = (r: ReturnType<typeof resolveProject>) => graphData(r.graph).edges.filter((e) => e.type === 'CALLS').map((e) => `${e.source} -> ${e.target}`).sort();

test('a sound project has no failures', (t) => {
  const r = resolveProject(facts(), defaultProjectConfig());
  t.deepEqual(r.failures, []);
  t.true(r.partitioned);
});

test('a file whose resolution throws is named, keeps its symbols, and the other files keep every relation', (t) => {
  const sound = resolveProject(facts(), defaultProjectConfig());
  const broken = facts();
  // facts no extractor makes (a member access of nothing): the resolver throws on the second call of src/a.ts
  const a = broken[0];
  t.true(a.calls.length >= 2);
  a.calls[1] = { ...a.calls[1], callee: { k: 'member', obj: null, name: 'local' } as unknown as Expr };
  const r = resolveProject(broken, defaultProjectConfig());
  t.is(r.failures.length, 1);
  t.is(r.failures[0].path, 'src/a.ts');
  t.regex(r.failures[0].error, /^TypeError: /);
  // b and c, resolved after the failure, have exactly their relations of the sound run
  const ofOthers = (list: string[]) => list.filter((e) => !e.includes('src/a.ts'));
  t.deepEqual(ofOthers(calls(r)), ofOthers(calls(sound)));
  t.true(calls(r).includes('Function:src/c.ts:other -> Function:src/b.ts:helper'));
  // every symbol of the failing file is still a node
  const nodes = new Set(graphData(r.graph).nodes.map((n) => n.uid));
  for (const uid of ['Function:src/a.ts:main', 'Function:src/a.ts:local']) t.true(nodes.has(uid), uid);
});
