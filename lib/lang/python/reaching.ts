/** Which of a Python local's assigned values reach a read: the flow places the collector records while it walks. */
import type { Expr } from '../../extract/facts.ts';

/** Where a value was assigned: the `if`/`match` arms around it, its innermost block, how many loops. */
interface Place { arms: ReadonlyArray<[stmt: number, arm: number]>; block: number; loops: number }

/**
 * Where the function being visited is: the arms of `if`/`match` statements around the statement (the statement's node
 * and the arm's), the blocks around it (innermost last, from the function's body) and how many loops. A local's values
 * are recorded with the place they were assigned in (null: from a nested function, at no known place), so that a read
 * sees only the values that reach it (`reaching`).
 */
export class ReachingValues {
  private arms: Array<[stmt: number, arm: number]> = [];
  private blocks: number[] = [];
  private loops = 0;
  private readonly places = new Map<number, Array<Place | null>>();

  /** Runs `f` for the body `body` of a nested function, which starts outside any arm, block or loop of this one. */
  inFunction<T>(body: number, f: () => T): T {
    const arms = this.arms, blocks = this.blocks, loops = this.loops;
    this.arms = []; this.blocks = [body]; this.loops = 0;
    try { return f(); } finally { this.arms = arms; this.blocks = blocks; this.loops = loops; }
  }

  /** Runs `f` inside arm `arm` of `if`/`match` statement `stmt`. */
  inArm<T>(stmt: number, arm: number, f: () => T): T {
    this.arms.push([stmt, arm]);
    try { return f(); } finally { this.arms.pop(); }
  }

  /** Runs `f` inside block `block`. */
  inBlock<T>(block: number, f: () => T): T {
    this.blocks.push(block);
    try { return f(); } finally { this.blocks.pop(); }
  }

  /** Runs `f` inside a loop (`inside`), or, inside one, outside it (a `for` statement's iterable, read once before it). */
  inLoop<T>(inside: boolean, f: () => T): T {
    this.loops += inside ? 1 : -1;
    try { return f(); } finally { this.loops -= inside ? 1 : -1; }
  }

  /** Records that local `l` was given its next value here (`anywhere`: by a nested function, at no known place). */
  assigned(l: number, anywhere: boolean): void {
    let list = this.places.get(l);
    if (!list) this.places.set(l, list = []);
    list.push(anywhere ? null : { arms: [...this.arms], block: this.blocks[this.blocks.length - 1] ?? -1, loops: this.loops });
  }

  /**
   * Of `values`, the values assigned to local `l` so far in order, those that reach a read here, when they are fewer
   * (else undefined: the local as a whole): a value assigned in another arm of an `if`/`match` around the read does not
   * reach it (`if h is None: h = make() elif h.ready():` reads the h from before the `if`), nor one a later assignment
   * in a block around the read replaces (`x = a; x = b; x.m()`), as a checker's flow analysis has them. In a loop, only
   * below such an assignment in the same iteration (else a later one may come round again); a value assigned in a
   * loop replaces nothing outside it (the loop may not run).
   */
  reaching(l: number, values: readonly Expr[]): Expr | undefined {
    const where = this.places.get(l);
    if (!where || values.length < 2 || where.length !== values.length || where.some((w) => w === null)) return undefined;
    const here = this.arms;
    const keep: number[] = [];
    let dominated = false;
    for (let k = 0; k < values.length; k++) {
      const w = where[k]!;
      let excluded = false;
      for (let d = 0; d < w.arms.length && d < here.length; d++) {
        if (w.arms[d][0] !== here[d][0]) break;
        if (w.arms[d][1] !== here[d][1]) { excluded = true; break; }
        if (d === w.arms.length - 1) break;
      }
      if (excluded) continue;
      // a value assigned in a block around the read (its arms a prefix of the read's, in a block the read is in)
      // replaces every value before it
      const prefix = w.arms.length <= here.length && w.arms.every(([s, a], d) => here[d][0] === s && here[d][1] === a);
      if (prefix && w.loops === this.loops && w.block >= 0 && this.blocks.includes(w.block)) { keep.length = 0; dominated = true; }
      keep.push(k);
    }
    if (this.loops > 0 && !dominated) return undefined;
    if (keep.length === values.length || keep.length === 0) return undefined;
    return keep.length === 1 ? values[keep[0]] : { k: 'union', types: keep.map((k) => values[k]) };
  }
}
