/** Top-k selection shared by the keyword and the vector index. */

/**
 * Rows with the `k` largest values above `above`, best first; equal values by row (deterministic). Looks at
 * `candidates` (row numbers) when given, else at every row of `values`. A bounded min-heap in typed arrays:
 * O(n log k), and a value below the heap's least is rejected with one comparison (most of them, on a scan of
 * every row).
 */
export function topK(values: ArrayLike<number>, k: number, above = 1e-9, candidates?: ArrayLike<number>): Array<{ row: number; score: number }> {
  const n = candidates ? candidates.length : values.length;
  const cap = Math.max(0, Math.min(k, n));
  const heapRow = new Int32Array(cap);
  const heapVal = new Float64Array(cap);
  let size = 0;
  for (let c = 0; c < n && cap > 0; c++) {
    const i = candidates ? candidates[c] : c;
    const v = values[i];
    if (!(v > above)) continue;
    if (size < cap) {
      // Sift up: the root holds the worst (smallest value, then the later row).
      let x = size++;
      while (x > 0) {
        const p = (x - 1) >> 1;
        const pv = heapVal[p];
        if (v < pv || (v === pv && i > heapRow[p])) { heapVal[x] = pv; heapRow[x] = heapRow[p]; x = p; } else break;
      }
      heapVal[x] = v; heapRow[x] = i;
    } else {
      const rv = heapVal[0];
      if (v < rv || (v === rv && i > heapRow[0])) continue;
      // Sift down from the root.
      let x = 0;
      for (;;) {
        const l = 2 * x + 1;
        if (l >= size) break;
        let m = l;
        const r = l + 1;
        if (r < size && (heapVal[r] < heapVal[l] || (heapVal[r] === heapVal[l] && heapRow[r] > heapRow[l]))) m = r;
        const mv = heapVal[m];
        if (mv < v || (mv === v && heapRow[m] > i)) { heapVal[x] = mv; heapRow[x] = heapRow[m]; x = m; } else break;
      }
      heapVal[x] = v; heapRow[x] = i;
    }
  }
  const out = new Array<{ row: number; score: number }>(size);
  for (let x = 0; x < size; x++) out[x] = { row: heapRow[x], score: heapVal[x] };
  out.sort((a, b) => b.score - a.score || a.row - b.row);
  return out;
}
