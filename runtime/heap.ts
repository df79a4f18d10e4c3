/**
 * How a one-shot `codegraph analyze` keeps a small repository's peak RSS down. Node and tree-sitter alone take
 * ~64 MB, and the budget is 400 MB per 100k lines (87 MB for rxjs's 21.7k lines), so on a small repository
 * V8's default heap sizing is most of what can be cut. Measured on rxjs (docs/benchmarks.md, "Session 10: a small
 * repository's heap"): peak RSS 118–122 MB before; 96–97 with the young generation kept small; 85–87 with the
 * collection before search too (and the shared C-heap arena of bin/cli-loader.mjs); wall +2% (the collection).
 * Above SMALL_REPOSITORY_BYTES of source the budget is far from reached and V8's defaults are faster (webpack,
 * 4 MB of source: +11% wall with a small young generation), so the run goes back to them once the walk says so.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { startedWithFlag } from './jit.ts';

/** Source size (bytes of the files the walk found in a language analyze reads) up to which analyze keeps the heap small. */
export const SMALL_REPOSITORY_BYTES = 2 * 1024 * 1024;

/**
 * The band of repository sizes (lines of the files analyzed) where the collection before search is worth its
 * 13-19 ms: where the budget of 400 MB per 100k lines is reachable but tight. Below, the budget is under what
 * Node, tree-sitter and the CLI take for any repository (~70 MB: 17.5k lines' worth); above, a run keeps well
 * within it without (mobx, 8k lines: −1.5 MB for +14 ms; rx4, 87k lines: 207 MB per 100k lines).
 */
export const COLLECT_BEFORE_SEARCH_LINES = { from: 17_500, to: 35_000 } as const;

/** V8's default `--semi-space-growth-factor`. */
const DEFAULT_GROWTH = 2;

/** The heap policy of one analyze run: create it before the run, tell it the walk's size and each phase, end it after. */
export class SmallRepositoryHeap {
  /** The run is on a small repository and not over: the young generation is kept small (the flag is set). */
  private small: boolean;
  private collectBeforeSearch = false;

  private constructor(enabled: boolean) {
    this.small = enabled;
    // The young generation stays at its first size (1 MB semi-spaces) instead of growing to 16 MB ones: the
    // growth factor is read at each growth, so setting it now takes effect.
    if (enabled) v8.setFlagsFromString('--semi-space-growth-factor=1');
  }

  /**
   * The policy for this process: off when it was started with its own semi-space flags or with
   * CODEGRAPH_DEFAULT_JIT=1 (V8's defaults throughout), and then every method does nothing.
   */
  static start(): SmallRepositoryHeap {
    return new SmallRepositoryHeap(!startedWithFlag(/^--(max-|min-)?semi-space-(size|growth-factor)/) && process.env.CODEGRAPH_DEFAULT_JIT !== '1');
  }

  /** The walk found `sourceBytes` of source files: above SMALL_REPOSITORY_BYTES, V8's defaults from now on. */
  walked(sourceBytes: number): void {
    if (sourceBytes > SMALL_REPOSITORY_BYTES) this.restoreDefaults();
  }

  /** Every file's facts are at hand: `lines` in all (decides the collection before search). */
  parsed(lines: number): void {
    this.collectBeforeSearch = lines >= COLLECT_BEFORE_SEARCH_LINES.from && lines <= COLLECT_BEFORE_SEARCH_LINES.to;
  }

  /**
   * A phase starts. Before search (which with the writes after it is where a small run's RSS peaks), one full
   * collection: resolve, modules and processes leave their garbage in the old generation, which V8 would grow
   * rather than collect so soon; collected, the rest of the run reuses that space (−5 MB of peak on rxjs, for
   * 13–19 ms: +2% wall). Only for a repository in COLLECT_BEFORE_SEARCH_LINES.
   */
  phase(phase: string): void {
    if (this.small && this.collectBeforeSearch && phase === 'search') collectGarbage();
  }

  /**
   * The run is over: V8's default growth again. The flag is part of the key of the code cache the CLI saves at
   * exit (bin/cli-loader.mjs), so a value left changed would make every next run reject and rewrite it.
   */
  end(): void {
    this.restoreDefaults();
  }

  private restoreDefaults(): void {
    if (!this.small) return;
    this.small = false;
    v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
  }
}

let gc: (() => void) | undefined;

/**
 * A full garbage collection now. V8 exposes `gc` only to contexts made while `--expose-gc` is set, so this makes
 * one with the flag set and unsets it at once (flags are part of the code cache's key, as in `end`).
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    try {
      gc = vm.runInNewContext('gc') as () => void;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  gc();
}
