/**
 * The resolver's side of the `this` type: a method declared to return `this` returns its receiver (a subclass
 * instance stays one), and `this` as a type is an instance of the class it is written in. The extractor writes
 * `: this` as { k: 'this', cls }; here the fact is also written by hand (the resolver's contract) and stripped
 * back to `other` (what the resolver does without it).
 */
import test from 'ava';
import { resolveProject } from '../../lib/resolve/index.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { extractFile, defaultProjectConfig } from '../../lib/lang/index.ts';

const builder = `export class Builder {
  tag(t: string): this { return this; }
  done(): number { return 1; }
}
export class Fancy extends Builder {
  shine(): number { return 2; }
}
`;
const use = `import { Builder, Fancy } from './builder';
export function plain(b: Builder): number { return b.tag('x').done(); }
export function fancy(f: Fancy): number { return f.tag('y').shine(); }
`;

function calls(mode: 'extracted' | 'hand' | 'stripped'): Set<string> {
  const a = extractFile('builder.ts', builder, 'typescript');
  const tagAt = a.symbols.findIndex((s) => s.name === 'tag');
  if (mode === 'stripped') a.symbols[tagAt] = { ...a.symbols[tagAt], returns: { k: 'other' } };
  if (mode === 'hand') {
    const tag = a.symbols.findIndex((s) => s.name === 'tag');
    a.symbols[tag] = { ...a.symbols[tag], returns: { k: 'this', cls: a.symbols[tag].parent } };
  }
  const r = resolveProject([a, extractFile('use.ts', use, 'typescript')], defaultProjectConfig());
  return new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
}

test('a method returning `this` returns its receiver: the subclass keeps its own members', (t) => {
  const with_ = calls('hand');
  t.true(with_.has('Function:use.ts:plain -> Method:builder.ts:Builder.done'), [...with_].join('; '));
  t.true(with_.has('Function:use.ts:fancy -> Method:builder.ts:Fancy.shine'), [...with_].join('; '));
  const without = calls('stripped');
  t.false(without.has('Function:use.ts:fancy -> Method:builder.ts:Fancy.shine'));
  t.deepEqual([...calls('extracted')].sort(), [...with_].sort(), 'the extractor writes what the hand-written fact says');
});
