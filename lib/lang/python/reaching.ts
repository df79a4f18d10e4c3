/** Which of a Python local's assigned values reach a read: the flow places the collector records while it walks. */
import type { Expr } from '../../extract/facts.ts';

/**
 * Where a value was assigned: the `if`/`match` arms around it, its innermost block, how many loops, and the outermost
 * loop of its function around it (-1: none).
 */
interface Place { arms: ReadonlyArray<[stmt: number, arm: number]>; block: number; loops: number; loop: number }

/**
 * Where the function being visited is: the arms of `if`/`match` statements around the statement (the statement's node
 * and the arm's), the blocks around it (innermost last, from the function's body) and the loops. A local's values
 * are recorded with the place they were assigned in (null: from a nested function, at no known place), so that a read
 * sees only the values that reach it (`reaching`).
 */
export class ReachingValues {
  private arms: Array<[stmt: number, arm: number]> = [];
  private blocks: number[] = [];
  /** The loop statements around the place, outermost first. */
  private loopNodes: number[] = [];
  private readonly places = new Map<number, Array<Place | null>>();
  /** Arms (their nodes) whose block leaves the function at its end (`return`, `raise`): nothing assigned in them goes on. */
  private readonly leftArms = new Set<number>();

  private get loops(): number { return this.loopNodes.length; }

  /** Runs `f` for the body `body` of a nested function, which starts outside any arm, block or loop of this one. */
  inFunction<T>(body: number, f: () => T): T {
    const arms = this.arms, blocks = this.blocks, loops = this.loopNodes;
    this.arms = []; this.blocks = [body]; this.loopNodes = [];
    try { return f(); } finally { this.arms = arms; this.blocks = blocks; this.loopNodes = loops; }
  }

  /** Runs `f` inside arm `arm` of `if`/`match` statement `stmt`. */
  inArm<T>(stmt: number, arm: number, f: () => T): T {
    this.arms.push([stmt, arm]);
    try { return f(); } finally { this.arms.pop(); }
  }

  /** Records that arm `arm` (of an `if`) ends by leaving the function (`return`, `raise`). */
  armLeaves(arm: number): void {
    this.leftArms.add(arm);
  }

  /** Runs `f` inside block `block`. */
  inBlock<T>(block: number, f: () => T): T {
    this.blocks.push(block);
    try { return f(); } finally { this.blocks.pop(); }
  }

  /**
   * Runs `f` inside loop statement `loop`, or, with `loop` -1 inside one, outside the innermost (a `for` statement's
   * iterable, read once before it).
   */
  inLoop<T>(loop: number, f: () => T): T {
    const saved = this.loopNodes;
    this.loopNodes = loop >= 0 ? [...saved, loop] : saved.slice(0, -1);
    try { return f(); } finally { this.loopNodes = saved; }
  }

  /** Records that local `l` was given its next value here (`anywhere`: by a nested function, at no known place). */
  assigned(l: number, anywhere: boolean): void {
    let list = this.places.get(l);
    if (!list) this.places.set(l, list = []);
    list.push(anywhere ? null : { arms: [...this.arms], block: this.blocks[this.blocks.length - 1] ?? -1, loops: this.loops, loop: this.loopNodes[0] ?? -1 });
  }

  /**
   * Of `values`, the values assigned to local `l` so far in order, those that reach a read here, when they are fewer
   * (else undefined: the local as a whole): a value assigned in another arm of an `if`/`match` around the read does not
   * reach it (`if h is None: h = make() elif h.ready():` reads the h from before the `if`), nor one assigned in an arm
   * that then leaves the function (`if not ok: m = Message(); …; return`), nor one a later assignment in a block
   * around the read replaces (`x = a; x = b; x.m()`), as a checker's flow analysis has them. In a loop, only below
   * such an assignment in the same iteration (else a later one may come round again); a value assigned in a loop
   * replaces nothing outside it (the loop may not run).
   */
  reaching(l: number, values: readonly Expr[]): Expr | undefined {
    if (values.length < 2) return undefined;
    const keep = this.reachingSoFar(l, values);
    return keep && keep.length < values.length ? pick(values, keep) : undefined;
  }

  /**
   * The indices of the values assigned to local `l` so far (`values`) that reach a read here, when no value assigned
   * later can (the read is in no loop, or an assignment above it in the same iteration replaced the rest); else
   * undefined. Later assignments (`u = u.include(…)` below `u.include(…)`) are not the read's either.
   */
  reachingSoFar(l: number, values: readonly Expr[]): number[] | undefined {
    const kept = this.kept(l, values);
    if (!kept || kept.keep.length === 0) return undefined;
    return this.loops > 0 && !kept.dominated ? undefined : kept.keep;
  }

  /**
   * Of a parameter's assigned `values`, those that reach a read here when an assignment in a block around the read
   * replaced the argument (`m = Message()` above `m.add_byte(…)`, in the same arm and iteration), else undefined:
   * the argument may still reach the read.
   */
  dominating(l: number, values: readonly Expr[]): Expr | undefined {
    const kept = this.kept(l, values);
    return kept?.dominated && kept.keep.length ? pick(values, kept.keep) : undefined;
  }

  /**
   * Of a declared parameter's assigned `values`, those that reach a read here, and whether the argument may reach it
   * too (no assignment above the read in a block around it replaced it: `if jar is None: jar = CookieJar()`); undefined
   * when none reaches, or one assigned later in a loop around the read may come round again.
   */
  reachingParam(l: number, values: readonly Expr[]): { value: Expr; argument: boolean } | undefined {
    const kept = this.kept(l, values);
    if (!kept || !kept.keep.length || (this.loops > 0 && !kept.dominated)) return undefined;
    return { value: pick(values, kept.keep), argument: !kept.dominated };
  }

  /**
   * Whether a read here of parameter `l` sees only its argument: none of the values assigned so far (`values`)
   * reaches it. -1 when none assigned later can either (the read is in no loop); a loop statement's node when one
   * assigned later in that loop (the read's outermost) would come round again (`assignedIn` says at the end); else
   * undefined.
   */
  argumentOnly(l: number, values: readonly Expr[]): number | undefined {
    const loop = this.loopNodes[0] ?? -1;
    if (!values.length) return this.places.get(l)?.length ? undefined : loop;
    const kept = this.kept(l, values);
    return kept && !kept.keep.length ? loop : undefined;
  }

  /** True when local `l` is assigned inside loop statement `loop` (or by a nested function). */
  assignedIn(l: number, loop: number): boolean {
    return (this.places.get(l) ?? []).some((w) => w === null || w.loop === loop);
  }

  /** The indices of the values of local `l` that reach a read here, and whether an assignment above it replaced all before. */
  private kept(l: number, values: readonly Expr[]): { keep: number[]; dominated: boolean } | undefined {
    const where = this.places.get(l);
    if (!where || !values.length || where.length !== values.length || where.some((w) => w === null)) return undefined;
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
      // an arm around the value that left the function, unless the read is in it too
      if (!excluded) excluded = w.arms.some(([, a], d) => this.leftArms.has(a) && here[d]?.[1] !== a);
      if (excluded) continue;
      // a value assigned in a block around the read (its arms a prefix of the read's, in a block the read is in)
      // replaces every value before it
      const prefix = w.arms.length <= here.length && w.arms.every(([s, a], d) => here[d][0] === s && here[d][1] === a);
      if (prefix && w.loops === this.loops && w.block >= 0 && this.blocks.includes(w.block)) { keep.length = 0; dominated = true; }
      keep.push(k);
    }
    return { keep, dominated };
  }
}

/** The values at `keep`, one or a union. */
export function pick(values: readonly Expr[], keep: readonly number[]): Expr {
  return keep.length === 1 ? values[keep[0]] : { k: 'union', types: keep.map((k) => values[k]) };
}
