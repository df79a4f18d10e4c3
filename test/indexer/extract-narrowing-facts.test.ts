/**
 * The facts added for the extraction gaps (resolve-extraction-gaps.test.ts shows each one's positive case):
 * what they look like in FileFacts, and the cases where they must NOT apply — a wrong CALLS edge is worse
 * than a missing one, so every rule here has its boundary tested.
 */
import test from 'ava';
import { importBinding, type Expr, type FileFacts } from '../../lib/extract/facts.ts';
import { indexFixture } from './harness.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { extractFile } from '../../lib/lang/index.ts';

const NODE = `export class Node {
  child(i: number): Node { return this; }
  cut(from: number): Node { return this; }
}
export class Leaf extends Node {
  cut(from: number): Leaf { return this; }
  text(): string { return ''; }
}
export class Other {
  cut(from: number): Other { return this; }
}
`;

/** CALLS edges resolved by more than the name alone, as `source -> target`. */
function calls(files: Record<string, string>): Set<string> {
  const r = indexFixture(new Map(Object.entries(files)));
  return new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
}

/** A caller's edges, sorted. */
const from = (edges: Set<string>, caller: string): string[] => [...edges].filter((e) => e.startsWith(`${caller} ->`)).sort();
const ts = (text: string): FileFacts => extractFile('use.ts', text, 'typescript');
const local = (f: FileFacts, name: string) => f.locals.find((l) => l.name === name);
const strip = (e: Expr | undefined): unknown => JSON.parse(JSON.stringify(e ?? null));

test('a type parameter records its constraint as its type, an unconstrained one records none', (t) => {
  const f = ts(`import { Node } from './node';
export function f<T extends Node, U>(x: T, y: U): void {}
`);
  t.deepEqual(strip(local(f, 'T')?.type), { k: 'id', name: 'Node', b: importBinding(0) });
  t.is(local(f, 'U')?.type, undefined);
});

test('the this type is { k: this, cls } of the class or interface it is written in', (t) => {
  const f = ts(`export class B { tag(): this { return this; } }
export interface I { tag(): this }
`);
  const cls = f.symbols.findIndex((s) => s.name === 'B');
  t.deepEqual(f.symbols.find((s) => s.qualifiedName === 'B.tag')?.returns, { k: 'this', cls });
  const iface = f.symbols.findIndex((s) => s.name === 'I');
  t.deepEqual(f.symbols.find((s) => s.qualifiedName === 'I.tag')?.returns, { k: 'this', cls: iface });
});

test('Array<T>, ReadonlyArray<T> and readonly T[] are arrays of T (the last two marked read-only); Map<K, V> a map of V keyed by K; a project Array type is not', (t) => {
  const f = ts(`import { Node } from './node';
export function f(a: Array<Node>, b: ReadonlyArray<Node>, c: readonly Node[], d: Map<string, Node>): void {}
`);
  const node = { k: 'id', name: 'Node', b: importBinding(0) };
  t.deepEqual(strip(local(f, 'a')?.type), { k: 'array', of: node });
  t.deepEqual(strip(local(f, 'b')?.type), { k: 'array', of: node, ro: true });
  t.deepEqual(strip(local(f, 'c')?.type), { k: 'array', of: node, ro: true });
  t.deepEqual(strip(local(f, 'd')?.type), { k: 'map', of: node, key: { k: 'other' } }, 'Map<K, V> keeps its value and key types');
  const g = ts(`class Array<T> { first(): T | undefined { return undefined; } }
export function f(a: Array<number>): void {}
`);
  const a = local(g, 'a')?.type;
  t.true(a?.k === 'generic' && a.of.k === 'id' && a.of.name === 'Array' && !!a.of.b, 'a project class named Array is that class (with its type argument)');
});

test('either-values: c ? a : b, a ?? b and a || b are unions; a && b is b (its falsy alternatives have no members) unless a is any', (t) => {
  const f = ts(`export function f(c: boolean, a: object, b: object): void {
  const x = c ? a : b;
  const y = a ?? b;
  const z = a || b;
  const w = a && b;
}
`);
  for (const n of ['x', 'y', 'z']) t.is(local(f, n)?.init?.k, 'union', n);
  const w = local(f, 'w')?.init;
  t.true(w?.k === 'and' && w.right.k === 'id' && w.right.name === 'b', 'a && b is b (when a is no any)');
});

test('either-values: what both branches agree on, else a dispatch edge to each branch\'s own member', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node, Leaf, Other } from './node';
export function agree(c: boolean, a: Leaf, b: Node): void { (c ? a : b).child(0); }
export function differ(c: boolean, a: Leaf, b: Node): void { (c ? a : b).cut(0); }
export function unrelated(a: Node | undefined, b: Other): void { (a ?? b).cut(0); }
`,
  });
  t.true(edges.has('Function:use.ts:agree -> Method:node.ts:Node.child'), [...edges].join('; '));
  // a Leaf is a Node: the checker reduces the union by subtypes, so Node.cut is what it calls (impact reaches Leaf.cut's
  // callers through OVERRIDES); unrelated types stay a union, an edge to each one's member (reason union-member)
  t.deepEqual(from(edges, 'Function:use.ts:differ'), ['Function:use.ts:differ -> Method:node.ts:Node.cut']);
  t.deepEqual(from(edges, 'Function:use.ts:unrelated'), ['Function:use.ts:unrelated -> Method:node.ts:Node.cut', 'Function:use.ts:unrelated -> Method:node.ts:Other.cut']);
});

test('x! inside a binary expression is x; a parenthesised assertion keeps its whole operand', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node, Other } from './node';
export function right(d: number, n?: Node): number { return d + n!.child(0).cut(1) ? 1 : 0; }
export function nested(a: boolean, d: number, n?: Node): boolean { return a && d + n!.child(2) !== undefined; }
export function whole(a: Other | undefined, n?: Node): void { (a || n)!.cut(0); }
`,
  });
  t.true(edges.has('Function:use.ts:right -> Method:node.ts:Node.child'), [...edges].join('; '));
  t.true(edges.has('Function:use.ts:right -> Method:node.ts:Node.cut'));
  t.true(edges.has('Function:use.ts:nested -> Method:node.ts:Node.child'));
  t.deepEqual(from(edges, 'Function:use.ts:whole'), ['Function:use.ts:whole -> Method:node.ts:Node.cut', 'Function:use.ts:whole -> Method:node.ts:Other.cut'], 'Other | Node: each one\'s cut');
});

test('names destructured from a typed parameter are its members, and their keys are occurrences of them', (t) => {
  const files = {
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
interface Deps { root: Node; depth: number }
export function f({ root: r, depth }: Deps): Node { return r.cut(depth); }
export const g = ({ root }: Deps, { root: other }: { root: Node }): Node => root.child(0);
export function h({ root }: Deps = { root: new Node(), depth: 0 }): void { root.cut(0); }
`,
  };
  const edges = calls(files);
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.cut'), [...edges].join('; '));
  t.true(edges.has('Function:use.ts:g -> Method:node.ts:Node.child'));
  const r = indexFixture(new Map(Object.entries(files)));
  const root = r.refs.byTarget('Property:use.ts:Deps.root').filter((o) => o.kind !== 'definition');
  // (the default's key too: the default is typed by the parameter's declared type)
  t.deepEqual(root.map((o) => `${o.line}:${o.column}:${o.kind}`), ['3:21:value', '4:21:shorthand', '5:21:shorthand', '5:38:value'], JSON.stringify(root));
});

test('instanceof narrows the same binding inside the guarded statement only', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node, Leaf, Other } from './node';
export function inside(x: Node): void {
  if (x instanceof Leaf) { x.text(); }
}
export function after(x: Node): void {
  if (x instanceof Leaf) { }
  x.cut(0);
}
export function orElse(x: unknown): void {
  if (x instanceof Leaf) { } else { (x as Node).child(0); }
}
export function shadowed(x: unknown): void {
  if (x instanceof Leaf) { const g = (x: Other): Other => x.cut(1); }
}
`,
  });
  t.true(edges.has('Function:use.ts:inside -> Method:node.ts:Leaf.text'), [...edges].join('; '));
  t.true(edges.has('Function:use.ts:after -> Method:node.ts:Node.cut'), 'outside the guard x is a Node');
  t.false(edges.has('Function:use.ts:after -> Method:node.ts:Leaf.cut'));
  t.true(edges.has('Function:use.ts:orElse -> Method:node.ts:Node.child'));
  t.true([...edges].some((e) => e.endsWith(' -> Method:node.ts:Other.cut')), 'the inner function\'s own x is not the narrowed one: ' + [...edges].join('; '));
  t.false([...edges].some((e) => e.endsWith(' -> Method:node.ts:Leaf.cut')));
});

test('instanceof does not narrow a module-level symbol (its occurrences stay references of it)', (t) => {
  const f = ts(`import { Leaf } from './node';
export let current: unknown;
export function f(): void { if (current instanceof Leaf) current; }
`);
  const uses = f.refs.filter((r) => r.value.k === 'id' && r.value.name === 'current');
  t.is(uses.length, 2);
});
