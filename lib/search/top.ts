/** Top-k selection shared by the keyword and the vector index. */

/**
 * Rows with the `k` largest values above `above`, best first; equal values by row (deterministic). Looks at
 * `candidates` (row numbers) when given, else at every row of `values`. A bounded min-heap: O(n log k).
 */
export function topK(values: ArrayLike<number>, k: number, above = 1e-9, candidates?: ArrayLike<number>): Array<{ row: number; score: number }> {
  const heapRow: number[] = [];
  const heapVal: number[] = [];
  // "a is worse than b": smaller value, or the same value at a later row.
  const worse = (a: number, b: number): boolean => heapVal[a] < heapVal[b] || (heapVal[a] === heapVal[b] && heapRow[a] > heapRow[b]);
  const swap = (a: number, b: number): void => {
    const r = heapRow[a]; heapRow[a] = heapRow[b]; heapRow[b] = r;
    const v = heapVal[a]; heapVal[a] = heapVal[b]; heapVal[b] = v;
  };
  const n = candidates ? candidates.length : values.length;
  for (let c = 0; c < n && k > 0; c++) {
    const i = candidates ? candidates[c] : c;
    const v = values[i];
    if (!(v > above)) continue;
    if (heapRow.length < k) {
      heapRow.push(i); heapVal.push(v);
      let x = heapRow.length - 1;
      while (x > 0) { const p = (x - 1) >> 1; if (worse(x, p)) { swap(x, p); x = p; } else break; }
    } else if (v > heapVal[0] || (v === heapVal[0] && i < heapRow[0])) {
      heapRow[0] = i; heapVal[0] = v;
      let x = 0;
      for (;;) {
        const l = 2 * x + 1, r = l + 1;
        let m = x;
        if (l < heapRow.length && worse(l, m)) m = l;
        if (r < heapRow.length && worse(r, m)) m = r;
        if (m === x) break;
        swap(x, m); x = m;
      }
    }
  }
  const out = heapRow.map((row, i) => ({ row, score: heapVal[i] }));
  out.sort((a, b) => b.score - a.score || a.row - b.row);
  return out;
}
