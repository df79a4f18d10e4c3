/**
 * runtime/heap.ts: a small repository's analyze changes V8's flags only while it runs. V8 checks a code cache
 * against a hash of every flag, so a cache made before is accepted again exactly when every flag is back: that
 * makes the flags' state observable here. Also the explicit collection, and the C-heap arena limit the CLI loader
 * sets through the addon (native/tree_flat.c limitMallocArenas).
 */
import test from 'ava';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { COLLECT_BEFORE_SEARCH_LINES, collectGarbage, SMALL_REPOSITORY_BYTES, SmallRepositoryHeap } from '../../runtime/heap.ts';

// Otherwise V8 finds the script in its in-process compilation cache and never checks the code cache (nor its flag
// hash) at all. Set before the cache below is made, so it is part of the hash that cache carries.
v8.setFlagsFromString('--no-compilation-cache');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = 'function f(a) { return a + 1; } f(1);';

/** Whether V8 accepts a code cache made under the flags this test file started with. */
const cache = new vm.Script(SOURCE, { filename: 'heap-flags.js' }).createCachedData();
const accepted = (): boolean => !new vm.Script(SOURCE, { filename: 'heap-flags.js', cachedData: cache }).cachedDataRejected;

test.serial('a small repository: the young generation stays small from start to end, then V8\'s flags are as before', (t) => {
  t.true(accepted());
  const heap = SmallRepositoryHeap.start();
  t.false(accepted(), 'start changed a flag');
  heap.walked(SMALL_REPOSITORY_BYTES);
  t.false(accepted(), 'at the limit the repository is still small');
  heap.parsed(COLLECT_BEFORE_SEARCH_LINES.from);
  heap.phase('resolve');
  heap.phase('search'); // the collection before search
  t.false(accepted());
  heap.end();
  t.true(accepted(), 'end restored every flag');
  heap.end();
  t.true(accepted(), 'end twice is harmless');
});

test.serial('a large repository: V8\'s defaults as soon as the walk says so', (t) => {
  const heap = SmallRepositoryHeap.start();
  heap.walked(SMALL_REPOSITORY_BYTES + 1);
  t.true(accepted(), 'the flags are back right after the walk');
  heap.phase('search');
  heap.end();
  t.true(accepted());
});

test.serial('with CODEGRAPH_DEFAULT_JIT=1 no flag changes', (t) => {
  process.env.CODEGRAPH_DEFAULT_JIT = '1';
  try {
    const heap = SmallRepositoryHeap.start();
    t.true(accepted());
    heap.phase('search');
    heap.end();
    t.true(accepted());
  } finally {
    delete process.env.CODEGRAPH_DEFAULT_JIT;
  }
});

test.serial('collectGarbage collects, leaves no gc global and no flag changed', async (t) => {
  let ref: WeakRef<object> | undefined;
  (() => { ref = new WeakRef({ big: new Array(1000).fill(1) }); })();
  // A WeakRef keeps its target until the current job ends.
  await new Promise((resolve) => setImmediate(resolve));
  t.not(ref!.deref(), undefined, 'not collected yet (otherwise this test proves nothing)');
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  collectGarbage(); // the gc function is made once and reused
  t.is(ref!.deref(), undefined, 'an unreachable object is gone after the collection');
  t.is((globalThis as { gc?: unknown }).gc, undefined);
  t.true(accepted());
});

test('the addon limits the C heap\'s arenas, and refuses a count that is not a positive integer', (t) => {
  const addon = createRequire(import.meta.url)(path.join(root, 'native', 'build', 'tree_flat.node')) as { limitMallocArenas(n: unknown): boolean };
  const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);
  t.is(addon.limitMallocArenas(8), glibc);
  for (const bad of [0, -1, 'two', undefined]) t.throws(() => addon.limitMallocArenas(bad), { instanceOf: TypeError, message: /positive integer/ });
});

/** Whether an object that became unreachable before `step` is gone after it (no allocation in between). */
async function collectedBy(step: () => void): Promise<boolean> {
  let ref: WeakRef<object> | undefined;
  (() => { ref = new WeakRef({ n: [1, 2, 3] }); })();
  await new Promise((resolve) => setImmediate(resolve)); // a WeakRef keeps its target until the current job ends
  step();
  return ref!.deref() === undefined;
}

test.serial('the collection before search happens only for a small repository whose lines are in the band where the budget is tight', async (t) => {
  const run = async (bytes: number, lines: number | undefined): Promise<boolean> => {
    const heap = SmallRepositoryHeap.start();
    heap.walked(bytes);
    if (lines !== undefined) heap.parsed(lines);
    try { return await collectedBy(() => heap.phase('search')); } finally { heap.end(); }
  };
  t.true(await run(1 << 20, COLLECT_BEFORE_SEARCH_LINES.from));
  t.true(await run(1 << 20, COLLECT_BEFORE_SEARCH_LINES.to));
  t.false(await run(1 << 20, COLLECT_BEFORE_SEARCH_LINES.from - 1), 'fewer lines: the budget is out of reach anyway');
  t.false(await run(1 << 20, COLLECT_BEFORE_SEARCH_LINES.to + 1), 'more lines: well within the budget without it');
  t.false(await run(1 << 20, undefined), 'no line count: no collection');
  t.false(await run(SMALL_REPOSITORY_BYTES + 1, 20_000), 'a large repository: V8\'s defaults');
  t.true(accepted());
});
