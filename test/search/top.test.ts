import test from 'ava';
import { topK } from '../../lib/search/top.ts';
import { VectorMatrix } from '../../lib/search/vectors.ts';

/** The reference: sort every qualifying row, best first, equal values by row. */
function bySort(values: ArrayLike<number>, k: number, above: number, candidates?: ArrayLike<number>): Array<{ row: number; score: number }> {
  const rows = candidates ? Array.from(candidates) : Array.from({ length: values.length }, (_, i) => i);
  return rows.filter((r) => values[r] > above).map((row) => ({ row, score: values[row] }))
    .sort((a, b) => b.score - a.score || a.row - b.row).slice(0, Math.max(0, k));
}

test('topK equals a full sort on random values with many ties, for every k, with and without candidates', (t) => {
  let seed = 7;
  const rand = (): number => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
  for (let round = 0; round < 40; round++) {
    const n = 1 + Math.floor(rand() * 300);
    // Values from a small set, so equal values (ordered by row) are common; some at or below the floor.
    const values = Float64Array.from({ length: n }, () => Math.floor(rand() * 12) / 4 - 0.5);
    const candidates = Array.from({ length: n }, (_, i) => i).filter(() => rand() < 0.5).reverse();
    for (const k of [0, 1, 2, 5, 17, n, n + 3]) {
      t.deepEqual(topK(values, k), bySort(values, k, 1e-9));
      t.deepEqual(topK(values, k, 0.5), bySort(values, k, 0.5));
      t.deepEqual(topK(values, k, 0, candidates), bySort(values, k, 0, candidates));
    }
  }
});

test('topK skips NaN and values at the floor, and reads Float32 scores exactly', (t) => {
  const values = Float32Array.from([0.1, NaN, 0, 0.30000001192092896, -1, 0.1]);
  t.deepEqual(topK(values, 10, 0), [{ row: 3, score: values[3] }, { row: 0, score: values[0] }, { row: 5, score: values[5] }]);
  t.deepEqual(topK(values, 10, values[0]), [{ row: 3, score: values[3] }]);
});

test('VectorMatrix.similarities equals the plain dot product for dense, sparse and odd-sized vectors', (t) => {
  let seed = 11;
  const rand = (): number => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32 - 0.5; };
  for (const [count, dim] of [[37, 128], [5, 13], [64, 512], [1, 8]] as const) {
    const rows = Float32Array.from({ length: count * dim }, rand);
    const m = VectorMatrix.fromRows(rows, count, dim);
    for (const density of [1, 0.5, 0.05, 0]) {
      const q = Float32Array.from({ length: dim }, () => (Math.abs(rand()) < density / 2 ? rand() : 0));
      const got = Array.from(m.similarities(q));
      const want = Array.from({ length: count }, (_, i) => { let s = 0; for (let j = 0; j < dim; j++) s += q[j] * rows[i * dim + j]; return s; });
      got.forEach((g, i) => t.true(Math.abs(g - want[i]) < 1e-9, `${count}×${dim}, density ${density}, row ${i}: ${g} vs ${want[i]}`));
    }
  }
});
