/** Edit distances between short strings (names, keys): what "did you mean" suggestions rank by. */

/**
 * Edit distance with adjacent transpositions (optimal string alignment), giving up (returning max+1) once every
 * cell of two consecutive rows exceeds `max`.
 */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A transposition reaches back two rows: give up only when this row and the one before both exceed max.
    if (rowMin > max && prevMin > max) return max + 1;
    prevMin = rowMin;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length];
}
