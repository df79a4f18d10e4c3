/**
 * Call shapes the TypeScript checker resolves on real corpora (bench/callgraph-diff.ts on rxjs, query-core,
 * prosemirror-model, and spot checks on mobx and chevrotain) that the indexer missed because the extracted
 * facts did not carry what the resolver needs. Each was a `test.failing` documenting the expected edge; the
 * extractor now records every one of these facts (docs/indexing.md, "Facts for types and values"), so they are
 * plain tests. The notes say which fact each needed; extract-narrowing-facts.test.ts and
 * extract-value-facts.test.ts test where the facts must not apply. Resolution-side rules have fixtures under
 * test/fixtures/indexer instead.
 */
import test from 'ava';
import { indexFixture } from './harness.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

/** CALLS edges resolved by more than the name alone (a unique method name gets a name-only guess anyway). */
function calls(files: Record<string, string>): Set<string> {
  const r = indexFixture(new Map(Object.entries(files)));
  return new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
}

const NODE = `export class Node {
  child(i: number): Node { return this; }
  cut(from: number): Node { return this; }
}
`;

// facts: type arguments of generic type references (`Array<T>`, `ReadonlyArray<T>` as the array of T);
// today `Array<Query>` is recorded as the bare name `Array`. query-core: `getAll(): Array<Query>`.
test('Array<T> and ReadonlyArray<T> annotations are arrays of T', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function first(xs: Array<Node>, ys: ReadonlyArray<Node>): void {
  xs[0].child(0);
  ys.forEach((y) => y.cut(1));
}
`,
  });
  t.true(edges.has('Function:use.ts:first -> Method:node.ts:Node.child'));
  t.true(edges.has('Function:use.ts:first -> Method:node.ts:Node.cut'));
});

// facts: the `readonly T[]` type operator read as `T[]`; today it is `other`. prosemirror: `content: readonly Node[]`.
test('readonly T[] annotations are arrays of T', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function first(xs: readonly Node[]): Node { return xs[0].child(0); }
`,
  });
  t.true(edges.has('Function:use.ts:first -> Method:node.ts:Node.child'));
});

// facts: for a function, method or getter without a declared return type, the expression it returns (when it
// has one return statement); the resolver would evaluate it as the call's result. prosemirror:
// `get parent() { return this.node(this.depth) }`, `resolve(pos) { return ResolvedPos.resolveCached(this, pos) }`.
test('an unannotated getter or method returns the type of its return expression', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'pos.ts': `import { Node } from './node';
export class Pos {
  constructor(private readonly root: Node) {}
  node(depth: number): Node { return this.root; }
  get parent() { return this.node(0); }
  sibling() { return this.parent.child(1); }
  after(): Node { return this.sibling().cut(0); }
}
`,
  });
  t.true(edges.has('Method:pos.ts:Pos.sibling -> Method:node.ts:Node.child'));
  t.true(edges.has('Method:pos.ts:Pos.after -> Method:node.ts:Node.cut'));
});

// facts: a non-null assertion `x!` is x also as an operand of a binary expression (`return n!.child(0)` works;
// `d - n!.child(0)` records the receiver as `other`). rxjs timer: `+dueTime - scheduler!.now()`.
test('a non-null assertion inside a binary expression is its operand', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function f(d: number, n?: Node): boolean { return d - 1 > 0 && n!.child(0) !== undefined; }
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.child'));
});

// facts: members of an inline object type (`record: { window: Subject }`) as the local's type; rxjs windowTime:
// `const closeWindow = (record: { window: Subject<T>; subs: Subscription }) => { record.window.complete() }`.
test('a parameter typed by an inline object type has typed members', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function f(record: { node: Node; depth: number }): Node {
  const { node } = record;
  return node.child(record.depth);
}
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.child'));
});

// facts: intersection types (`A & B`) as a type whose members are both A's and B's (the resolver would look a
// member up in each); chevrotain: `this: MixedInParser` where `type MixedInParser = ErrorHandler & LexerAdapter & …`
// (today 193 of its calls are name-only guesses).
test('a value of an intersection type has the members of each part', (t) => {
  const edges = calls({
    'parts.ts': `export class Reader { read(): number { return 1; } }
export class Writer { write(n: number): void {} }
export type Both = Reader & Writer;
`,
    'use.ts': `import type { Both } from './parts';
export function copy(x: Both): void { x.write(x.read()); }
`,
  });
  t.true(edges.has('Function:use.ts:copy -> Method:parts.ts:Reader.read'));
  t.true(edges.has('Function:use.ts:copy -> Method:parts.ts:Writer.write'));
});

// facts: whether a function-valued binding is a `let`/`var` (today an arrow function bound by `let` is a Function
// symbol like a const one, so its calls resolve to the initial value although it is reassigned). query-core:
// `let notifyFn: NotifyFunction = (cb) => cb()` replaced by `setNotifyFunction`; 6 of its 6 false positives.
test('a call through a reassigned let binding is not a call of its initial value', (t) => {
  const edges = calls({
    'notify.ts': `type Notify = (cb: () => void) => void;
let notifyFn: Notify = (cb) => { cb(); };
export function setNotify(fn: Notify): void { notifyFn = fn; }
export function notify(cb: () => void): void { notifyFn(cb); }
`,
  });
  t.false(edges.has('Function:notify.ts:notify -> Function:notify.ts:notifyFn'));
});

// facts: `x instanceof C` narrowing inside the guarded block. rxjs Subscription.remove:
// `if (teardown instanceof Subscription) teardown._removeParent(this)`.
test('instanceof narrows a receiver inside the guarded block', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function f(x: unknown): void {
  if (x instanceof Node) x.child(0);
}
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.child'));
});

// facts: type arguments (as above) so built-in containers give their element type: `Map<K, V>.get()` is a V,
// `Set<T>`'s forEach passes a T. mobx: `this.data_.get(key)!.get()`; query-core: `this.#scopes.get(scope)?.find(…)`.
test('Map<K, V>.get() is a V', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export class Index {
  private readonly byId: Map<string, Node> = new Map();
  childOf(id: string): Node | undefined { return this.byId.get(id)?.child(0); }
}
`,
  });
  t.true(edges.has('Method:use.ts:Index.childOf -> Method:node.ts:Node.child'));
});

// facts: the `this` type as a return type (today `other`); the resolver would answer the receiver's instance
// (builders: `withPrefix(p): this { …; return this }` then `x.withPrefix('p').child('c')`).
test('a method declared to return `this` returns its receiver', (t) => {
  const edges = calls({
    'node.ts': NODE + `export class Builder extends Node {
  tag(t: string): this { return this; }
}
`,
    'use.ts': `import { Builder } from './node';
export function f(b: Builder): void { b.tag('x').cut(0); }
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.cut'));
});

// facts: a destructured parameter's names typed by the parameter's annotation (`({ logger }: Deps)` → the
// local `logger` is `Deps['logger']`, as `const { a } = typed` already is); today the locals carry nothing.
test('names destructured from a typed parameter have the members\' types', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
interface Deps { root: Node; depth: number }
export function f({ root, depth }: Deps): Node { return root.cut(depth); }
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.cut'));
});

// facts: a type parameter's constraint as its local's `type` (`<T extends Base>` → local T with type Base); the
// resolver already reads it (typeSymbol), so `x: T` then `x.m()` resolves to Base.m as the checker does.
test('a receiver typed by a constrained type parameter has the constraint\'s members', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function f<T extends Node>(x: T): Node { return x.cut(0); }
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.cut'));
});

// facts: a conditional expression's value as the union of its branches (`const o = flag ? new A() : new B()`);
// today `other`. With the union rule, a member both branches share resolves.
test('a conditional expression is either branch', (t) => {
  const edges = calls({
    'node.ts': NODE,
    'use.ts': `import { Node } from './node';
export function f(flag: boolean, a: Node, b: Node): Node { const n = flag ? a : b; return n.cut(0); }
`,
  });
  t.true(edges.has('Function:use.ts:f -> Method:node.ts:Node.cut'));
});
