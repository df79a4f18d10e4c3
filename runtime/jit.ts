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
