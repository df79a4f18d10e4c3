/**
 * V8 tuning for the CLI process. A one-shot command such as `analyze` runs most of its code a few hundred
 * times, not millions: with V8's default interrupt budget (66 kB of bytecode) TurboFan optimises many
 * functions whose optimised code never pays back its compilation within the run, and the compile jobs compete
 * with the work for the machine's cores. A larger budget lets only the really hot loops reach TurboFan.
 * Measured with bench/analyze-ab.ts (docs/benchmarks.md ## Analyze): cold analyze of rxjs −8% wall, −12% CPU;
 * four copies of rxjs −4% wall, −7% CPU. Long-running servers only reach their optimised code a little later.
 */
import v8 from 'node:v8';

/** Bytecode budget before V8 considers a function for TurboFan (V8's default: 67584). */
export const INTERRUPT_BUDGET = 150_000;

/** The V8 flags tuneJit sets (build.mjs also writes them into dist/cli-cached.json for bin/cli-loader.mjs). */
export const JIT_FLAGS: readonly string[] = [`--interrupt-budget=${INTERRUPT_BUDGET}`];

let applied = false;

/** Raises V8's interrupt budget once per process (before the heavy chunks load, so their functions get it). */
export function tuneJit(): void {
  if (applied || process.env.CODEGRAPH_DEFAULT_JIT === '1') return;
  applied = true;
  for (const flag of JIT_FLAGS) v8.setFlagsFromString(flag);
}

/**
 * For a one-shot analyze once its parse phase is over: no TurboFan from there on (`--no-turbofan`: Sparkplug at
 * most; code already optimised stays so). Resolve, modules and processes run each function some thousands of times
 * in a run, and TurboFan's compiles of them — 35–44% of a cold resolve's instructions on webpack and openai's SDK —
 * cost more than the optimised code saves before the run ends, on the core the parse thread and the search worker
 * use. Measured with bench/analyze-ab.ts against the previous build (docs/benchmarks.md, "Session 9: no TurboFan
 * after the parse"): cold webpack −15%, openai −8%, rxjs even in wall time (−11% CPU); one file changed on webpack
 * −12%, on four copies of rxjs even.
 * The parse phase keeps TurboFan: the collector's hot loops repay it. Returns the function that turns TurboFan
 * back on, to be called when the command is done: a long-running process needs its optimising tier, and V8's
 * flags are part of the key of the code cache the CLI saves at exit (restored, the key is the one a new process
 * checks, so the cache stays accepted). Nothing changes when the process was started with its own TurboFan or
 * tier flags, or with CODEGRAPH_DEFAULT_JIT=1.
 */
export function noTurbofanFromHere(): () => void {
  if (startedWithFlag(/^--(no-)?(turbofan|max-opt)/) || process.env.CODEGRAPH_DEFAULT_JIT === '1') return () => {};
  v8.setFlagsFromString('--no-turbofan');
  return () => v8.setFlagsFromString('--turbofan');
}


/** Whether the process was started with a flag matching `pattern` (command line or NODE_OPTIONS): then it is the user's. */
export function startedWithFlag(pattern: RegExp): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => pattern.test(a));
}
