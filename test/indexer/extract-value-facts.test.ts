/**
 * Facts that need the resolver's matching rule (lib/resolve reads each): returned values of unannotated
 * functions (`returnsValue`), function bindings assigned again (`reassigned`), `Map<K, V>`, object type literals
 * and intersections. resolve-extraction-gaps.test.ts holds each one's positive case from a real corpus; this file
 * holds where they must not apply, since a wrong CALLS edge is worse than a missing one.
 */
import test from 'ava';
import type { FileFacts } from '../../lib/extract/facts.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { indexFixture } from './harness.ts';

const NODE = `export class Node {
  child(i: number): Node { return this; }
  cut(from: number): Node { return this; }
}
export class Leaf extends Node {
  cut(from: number): Leaf { return this; }
}
export class Other {
  cut(from: number): Other { return this; }
  read(): number { return 1; }
}
`;

function index(files: Record<string, string>) {
  return indexFixture(new Map(Object.entries({ 'node.ts': NODE, ...files })));
}

/** CALLS edges resolved by more than the name alone, as `source -> target`. */
function calls(files: Record<string, string>): Set<string> {
  return new Set(graphData(index(files).graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
}

const ts = (text: string): FileFacts => extractFile('use.ts', text, 'typescript');
const from = (edges: Set<string>, caller: string): string[] => [...edges].filter((e) => e.startsWith(`${caller} ->`));

test('returnsValue: one return, every return as a union, an arrow body, async ones marked; none for generators, setters, constructors or a declared type', (t) => {
  const f = ts(`export class A {
  one() { return this.two(); }
  many(x: boolean) { if (x) return this.one(); return /* no */ this.two(); }
  two(): A { return this; }
  async later() { return this.two(); }
  *gen() { return this.two(); }
  set v(x: number) { return; }
  constructor() { return; }
  body = () => this.two();
  void() { }
}
`);
  const rv = (n: string) => f.symbols.find((s) => s.qualifiedName === `A.${n}`)?.returnsValue;
  t.is(rv('one')?.k, 'call');
  const many = rv('many');
  t.deepEqual(many?.k === 'union' ? many.types.map((x) => x.k) : [], ['call', 'call']);
  t.is(rv('body')?.k, 'call');
  // an async method's result is a promise of what it returns
  t.is(rv('later')?.k, 'call');
  t.true(f.symbols.find((s) => s.qualifiedName === 'A.later')?.returnsAsync);
  t.falsy(f.symbols.find((s) => s.qualifiedName === 'A.one')?.returnsAsync);
  for (const n of ['two', 'gen', 'v', 'constructor', 'void']) t.is(rv(n), undefined, n);
});

test('an unannotated method returning `this` returns its receiver (a subclass keeps its override)', (t) => {
  const edges = calls({
    'b.ts': `import { Node, Leaf } from './node';
export class Box extends Leaf { self() { return this; } }
export function f(b: Box): void { b.self().cut(0); }
`,
  });
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Leaf.cut'), [...edges].join('; '));
  t.false(edges.has('Function:b.ts:f -> Method:node.ts:Node.cut'));
});

test('returned values that disagree dispatch to each one\'s member; async functions give no receiver', (t) => {
  const edges = calls({
    'b.ts': `import { Node, Other } from './node';
export function pick(x: boolean, a: Node, b: Other) { if (x) return a; return b; }
export function same(x: boolean, a: Node, b: Node) { return x ? a : b; }
export async function later(a: Node) { return a; }
export function use1(a: Node, b: Other): void { pick(true, a, b).cut(0); }
export function use2(a: Node): void { same(true, a, a).child(0); }
export function use3(a: Node): void { later(a).cut(0); }
`,
  });
  t.deepEqual(from(edges, 'Function:b.ts:use1').filter((e) => e.includes('cut')).sort(), ['Function:b.ts:use1 -> Method:node.ts:Node.cut', 'Function:b.ts:use1 -> Method:node.ts:Other.cut']);
  t.true(edges.has('Function:b.ts:use2 -> Method:node.ts:Node.child'), [...edges].join('; '));
  t.deepEqual(from(edges, 'Function:b.ts:use3').filter((e) => e.includes('cut')), [], 'a promise has no cut');
});

test('a result declared as a constrained type parameter is not read as the constraint: the call instantiates it from its argument', (t) => {
  const edges = calls({
    'b.ts': `import { Node, Leaf } from './node';
export function keep<T extends Node>(x: T): T { return x; }
export function inside<T extends Node>(x: T): void { x.cut(0); }
export function use(l: Leaf): void { keep(l).cut(0); }
`,
  });
  t.true(edges.has('Function:b.ts:inside -> Method:node.ts:Node.cut'), [...edges].join('; '));
  // the argument binds T (a Leaf), as the checker infers it: Leaf.cut, never the constraint's Node.cut
  t.deepEqual(from(edges, 'Function:b.ts:use').filter((e) => e.includes('cut')), ['Function:b.ts:use -> Method:node.ts:Leaf.cut']);
});

test('reassigned: a typed function binding assigned again is not fixed; an untyped one has its first function\'s type, as the checker says', (t) => {
  const r = index({
    'b.ts': `type Fn = () => void;
let run: Fn = (): void => {};
let lazy = (): void => {};
const fixed = (): void => {};
let once = (): void => {};
export function setRun(fn: () => void): void { run = fn; lazy = fn; }
export function go(): void { run(); lazy(); fixed(); once(); }
export function locals(dflt: () => void, other: () => void): void {
  let cb = fixedLocal;
  cb();
  cb = other;
}
function fixedLocal(): void {}
export class Holder {
  handler: Fn = (): void => {};
  plain = (): void => {};
  fire(): void { this.handler(); this.plain(); }
  replace(fn: () => void): void { this.handler = fn; this.plain = fn; }
}
`,
  });
  const edges = new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS').map((e) => `${e.source} -> ${e.target}`));
  t.false(edges.has('Function:b.ts:go -> Function:b.ts:run'), 'a typed binding: not even a name-only guess');
  t.true(edges.has('Function:b.ts:go -> Function:b.ts:lazy'), 'an untyped binding has its first function\'s type');
  t.true(edges.has('Function:b.ts:go -> Function:b.ts:fixed'));
  t.true(edges.has('Function:b.ts:go -> Function:b.ts:once'), 'a let never assigned again is fixed');
  t.false(edges.has('Function:b.ts:locals -> Function:b.ts:fixedLocal'), 'a local alias assigned again');
  t.false(edges.has('Method:b.ts:Holder.fire -> Method:b.ts:Holder.handler'), 'a typed field assigned again');
  t.true(edges.has('Method:b.ts:Holder.fire -> Method:b.ts:Holder.plain'), 'an untyped field has its first function\'s type');
  const facts = extractFile('b.ts', `let a = () => 1; a = () => 2; const b = () => 3;`, 'typescript');
  t.deepEqual(facts.symbols.map((s) => [s.name, s.reassigned ?? false]), [['a', true], ['b', false]]);
});

test('Map<K, V>: get gives a V, forEach passes a V; other members are built-in, a union with undefined is the map', (t) => {
  const r = index({
    'b.ts': `import { Node } from './node';
export class Index {
  private readonly byId: Map<string, Node> = new Map();
  private cache?: ReadonlyMap<string, Node> | undefined;
  first(id: string): void { this.byId.get(id)!.child(0); this.cache?.get(id)?.cut(1); }
  all(): void { this.byId.forEach((n, key) => n.cut(0)); this.byId.has('x'); this.byId.clear(); }
}
`,
  });
  const edges = new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
  t.true(edges.has('Method:b.ts:Index.first -> Method:node.ts:Node.child'), [...edges].join('; '));
  t.true(edges.has('Method:b.ts:Index.first -> Method:node.ts:Node.cut'));
  t.true(edges.has('Method:b.ts:Index.all -> Method:node.ts:Node.cut'));
  t.is(r.unresolvedCalls.byFile['b.ts'] ?? 0, 0, 'has/clear are built-in map methods, not unresolved calls');
});

test('object type literals: a typed property has its type, a method signature gives its declared result; a missing one gives nothing', (t) => {
  const edges = calls({
    'b.ts': `import { Node, Other } from './node';
export function f(r: { node: Node; other: Other; make(): Node }): void {
  r.node.child(0);
  r.make().cut(1);
  (r as { missing: Node }).other.read();
}
export type Rec = { other: Other } | undefined;
export function g(r: Rec): void { r!.other.read(); }
`,
  });
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Node.child'), [...edges].join('; '));
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Node.cut'), 'a method signature of an object type is read as a property of a function type');
  t.false(edges.has('Function:b.ts:f -> Method:node.ts:Other.read'));
  t.true(edges.has('Function:b.ts:g -> Method:node.ts:Other.read'));
});

test('intersections: a member one part declares; none when parts disagree or a part is outside the project', (t) => {
  const edges = calls({
    'b.ts': `import { Node, Other } from './node';
import type { Thing } from 'somewhere';
export class Mixin { mix(): void {} }
export type Both = Node & Mixin & Other;
export function f(x: Node & Mixin): void { x.child(0); x.mix(); }
export function clash(x: Node & Other): void { x.cut(0); }
export function outside(x: Node & Thing): void { x.child(0); }
export function hole<T>(x: Node & T): void { x.child(0); }
export class Trait {
  run(this: Both): void { this.mix(); this.read(); }
}
`,
  });
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Node.child'), [...edges].join('; '));
  t.true(edges.has('Function:b.ts:f -> Method:b.ts:Mixin.mix'));
  t.deepEqual(from(edges, 'Function:b.ts:clash'), [], 'Node.cut or Other.cut: the checker\'s call');
  t.deepEqual(from(edges, 'Function:b.ts:outside'), [], 'Thing may declare child too');
  // a type parameter's part adds nothing the checker can see (its constraint is unknown): Node's member answers
  t.deepEqual(from(edges, 'Function:b.ts:hole'), ['Function:b.ts:hole -> Method:node.ts:Node.child']);
  t.true(edges.has('Method:b.ts:Trait.run -> Method:b.ts:Mixin.mix'), 'a method\'s `this:` parameter types `this`');
  t.true(edges.has('Method:b.ts:Trait.run -> Method:node.ts:Other.read'));
});

test('a value of a function type gives its declared result when called; the function it holds stays unknown', (t) => {
  const r = index({
    'b.ts': `import { Node } from './node';
type Make = () => Node | undefined;
export function f(make: Make, other: (n: number) => Node): void {
  make()!.child(0);
  other(1).cut(2);
}
`,
  });
  const edges = new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS').map((e) => `${e.source} -> ${e.target} ${e.reason}`));
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Node.child return-type'), [...edges].join('; '));
  t.true(edges.has('Function:b.ts:f -> Method:node.ts:Node.cut return-type'));
  t.is([...edges].filter((e) => e.startsWith('Function:b.ts:f ->')).length, 2, 'make() and other() themselves have no target');
  t.is(r.unresolvedCalls.byFile['b.ts'], 2, 'make() and other() are unresolved calls, not external ones');
});
