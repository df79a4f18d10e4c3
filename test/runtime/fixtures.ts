/** In-memory repositories for the runtime tests: a small shop with symbols, calls, a module and a process. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';

export const CART = `export class Cart {
  items: number[] = [];
  total(): number { return this.items.reduce((a, b) => a + b, 0); }
}

export function addItem(cart: Cart, price: number): void {
  cart.items.push(checkPrice(price));
}

function checkPrice(price: number): number {
  if (price < 0) throw new Error('negative price');
  return price;
}
`;
export const CHECKOUT = `import { Cart, addItem } from './cart';

export function checkout(prices: number[]): number {
  const cart = new Cart();
  for (const p of prices) addItem(cart, p);
  return cart.total();
}
`;

/** A snapshot named `name` of the shop repository (graph, references, files) held in memory. */
export function shopSnapshot(name = 'shop'): Snapshot {
  const b = new GraphBuilder();
  const node = (n: GraphNode) => b.addNode({ language: 'typescript', exported: true, module: 'Cart', ...n });
  node({ uid: 'File:src/cart.ts', label: 'File', name: 'cart.ts', filePath: 'src/cart.ts', line: 1, endLine: 9 });
  node({ uid: 'File:src/checkout.ts', label: 'File', name: 'checkout.ts', filePath: 'src/checkout.ts', line: 1, endLine: 8 });
  node({ uid: 'Class:src/cart.ts:Cart', label: 'Class', name: 'Cart', qualifiedName: 'Cart', filePath: 'src/cart.ts', line: 1, endLine: 4 });
  node({ uid: 'Method:src/cart.ts:Cart.total', label: 'Method', name: 'total', qualifiedName: 'Cart.total', filePath: 'src/cart.ts', line: 3, endLine: 3, exported: false });
  node({ uid: 'Function:src/cart.ts:addItem', label: 'Function', name: 'addItem', qualifiedName: 'addItem', filePath: 'src/cart.ts', line: 6, endLine: 8 });
  node({ uid: 'Function:src/checkout.ts:checkout', label: 'Function', name: 'checkout', qualifiedName: 'checkout', filePath: 'src/checkout.ts', line: 3, endLine: 7 });
  b.addNode({ uid: 'Community:Cart', label: 'Community', name: 'Cart', size: 4, cohesion: 1 });
  b.addNode({ uid: 'Process:checkout', label: 'Process', name: 'checkout → total', steps: 3, entry: 'Function:src/checkout.ts:checkout', terminal: 'Method:src/cart.ts:Cart.total', modules: ['Cart'] });
  const rel = { confidence: 1, reason: 'import' } as const;
  b.addEdge({ source: 'File:src/cart.ts', target: 'Class:src/cart.ts:Cart', type: 'DEFINES', confidence: 1, reason: 'structure' });
  b.addEdge({ source: 'File:src/cart.ts', target: 'Function:src/cart.ts:addItem', type: 'DEFINES', confidence: 1, reason: 'structure' });
  b.addEdge({ source: 'File:src/checkout.ts', target: 'Function:src/checkout.ts:checkout', type: 'DEFINES', confidence: 1, reason: 'structure' });
  b.addEdge({ source: 'Class:src/cart.ts:Cart', target: 'Method:src/cart.ts:Cart.total', type: 'HAS_METHOD', confidence: 1, reason: 'structure' });
  b.addEdge({ source: 'File:src/checkout.ts', target: 'File:src/cart.ts', type: 'IMPORTS', line: 1, ...rel });
  b.addEdge({ source: 'Function:src/checkout.ts:checkout', target: 'Function:src/cart.ts:addItem', type: 'CALLS', line: 5, ...rel });
  b.addEdge({ source: 'Function:src/checkout.ts:checkout', target: 'Method:src/cart.ts:Cart.total', type: 'CALLS', line: 6, confidence: 0.85, reason: 'typed-receiver' });
  b.addEdge({ source: 'Function:src/checkout.ts:checkout', target: 'Class:src/cart.ts:Cart', type: 'CALLS', line: 4, confidence: 1, reason: 'constructor' });
  for (const uid of ['Class:src/cart.ts:Cart', 'Method:src/cart.ts:Cart.total', 'Function:src/cart.ts:addItem', 'Function:src/checkout.ts:checkout']) {
    b.addEdge({ source: uid, target: 'Community:Cart', type: 'MEMBER_OF', confidence: 1, reason: 'community' });
  }
  const steps = ['Function:src/checkout.ts:checkout', 'Function:src/cart.ts:addItem', 'Method:src/cart.ts:Cart.total'];
  steps.forEach((uid, i) => b.addEdge({ source: uid, target: 'Process:checkout', type: 'STEP_IN_PROCESS', step: i + 1, confidence: 1, reason: 'process' }));
  const ref = (target: string, filePath: string, line: number, column: number, length: number, kind: 'definition' | 'call' | 'import' | 'type' | 'value') =>
    ({ target, filePath, line, column, length, kind, confidence: 1, reason: kind === 'definition' ? 'definition' : 'import' });
  return memorySnapshot({
    name,
    graph: b.toGraph(),
    files: { 'src/cart.ts': CART, 'src/checkout.ts': CHECKOUT },
    refs: [
      ref('Class:src/cart.ts:Cart', 'src/cart.ts', 1, 14, 4, 'definition'),
      ref('Function:src/cart.ts:addItem', 'src/cart.ts', 6, 17, 7, 'definition'),
      ref('Class:src/cart.ts:Cart', 'src/checkout.ts', 1, 10, 4, 'import'),
      ref('Function:src/cart.ts:addItem', 'src/checkout.ts', 1, 16, 7, 'import'),
      ref('Class:src/cart.ts:Cart', 'src/checkout.ts', 4, 20, 4, 'call'),
      ref('Function:src/cart.ts:addItem', 'src/checkout.ts', 5, 29, 7, 'call'),
    ],
    diff: '',
  });
}

/** The program's entry: a `main` run at top level, so the indexer has an execution flow to trace. */
export const MAIN = `import { checkout } from './checkout';

export function main(): void {
  console.log(checkout([1, 2, 3]));
}

main();
`;

/** Writes the shop repository's files into `dir` (a real folder to analyze). */
export function writeShopRepo(dir: string): string {
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'cart.ts'), CART);
  fs.writeFileSync(path.join(dir, 'src', 'checkout.ts'), CHECKOUT);
  fs.writeFileSync(path.join(dir, 'src', 'main.ts'), MAIN);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true }) + '\n');
  return dir;
}

/** A fresh temporary folder removed when the test ends. */
export function tempDir(t: { teardown(fn: () => void): void }, prefix = 'cg-runtime-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One repository: `repo` may be omitted. */
export function oneRepo(): SnapshotSource { return staticSource([shopSnapshot('shop')]); }
/** Two repositories: `repo` is required. */
export function twoRepos(): SnapshotSource { return staticSource([shopSnapshot('shop'), shopSnapshot('store')]); }

/** A log sink that keeps lines for assertions instead of writing to stderr. */
export function logSink(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => { lines.push(line); } };
}
