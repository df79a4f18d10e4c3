/** The budget helpers every tool shapes its answer with. */
import test from 'ava';
import { fitCount, jsonSize, shareBudget } from '../../handlers/budget.ts';

const items = (n: number, size: number) => Array.from({ length: n }, (_, i) => 'x'.repeat(size - 2 - String(i).length) + i);

test('fitCount keeps items in order while they fit, and at least min', (t) => {
  const list = items(10, 10); // each 10 chars of JSON + 1 for the comma
  t.is(fitCount(list, 55), 5);
  t.is(fitCount(list, 1000), 10);
  t.is(fitCount(list, 5), 1);
  t.is(fitCount(list, 5, 0), 0);
  t.is(fitCount([], 100), 0);
  t.is(jsonSize({ a: 1 }), 7);
});

test('shareBudget: short lists whole, long lists split the rest evenly (or by weight), nothing over budget', (t) => {
  const short = items(2, 10);
  const long1 = items(100, 10);
  const long2 = items(100, 10);
  const keep = shareBudget([short, long1, long2], 422);
  t.is(keep[0], 2); // 22 chars
  t.deepEqual(keep.slice(1), [18, 18]); // 400 left, 200 each, 11 per item
  const weighted = shareBudget([long1, long2], 330, [2, 1]);
  t.deepEqual(weighted, [20, 10]);
  t.deepEqual(shareBudget([[], long1], 110), [0, 10]);
  // Every non-empty list shows at least one item, even over a tiny budget.
  t.deepEqual(shareBudget([long1, long2], 3), [1, 1]);
  const all = shareBudget([short, items(3, 10)], 10_000);
  t.deepEqual(all, [2, 3]);
});
