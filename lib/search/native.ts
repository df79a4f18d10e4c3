/**
 * The search stage's native kernels (native/search_kernel.c, carried by the parse addon): the lexical embedder's
 * accumulation and the Vectra row printer, loops a cold analyze would otherwise run value by value in V8's
 * interpreter. Each gives exactly the JavaScript's bytes (test/search/native-kernel.test.ts), so the JavaScript
 * beside each call is the fallback: without the addon (no compiler, CODEGRAPH_NATIVE=0), with an addon built
 * before these kernels, or with CODEGRAPH_SEARCH_NATIVE=0 (the switch for comparisons and benches).
 */
import { nativeAddon } from '../extract/native.ts';

/** The kernels (see native/search_kernel.c for the argument layouts). */
export interface SearchKernel {
  lexicalEmbed(runSeq: Int32Array, textEnds: Int32Array, at: Int32Array, runStart: Int32Array, runWords: Int32Array,
    featStart: Int32Array, featCode: Int32Array, wordInfo: Int32Array, logTable: Float64Array, out: Float32Array,
    dim: number, round: boolean): void;
  vectraRow(buf: Uint8Array, at: number, packed: Float32Array, base: number, dim: number, sum: Float64Array): number;
}

const state: { kernel: SearchKernel | null | undefined; forced: boolean | undefined } = { kernel: undefined, forced: undefined };

/** The native kernels, or undefined when the JavaScript must run (see the module comment). */
export function searchKernel(): SearchKernel | undefined {
  if (state.forced === false) return undefined;
  if (state.kernel === undefined) {
    state.kernel = null;
    if (process.env.CODEGRAPH_SEARCH_NATIVE !== '0') {
      const a = nativeAddon() as Partial<SearchKernel> | undefined;
      if (a && typeof a.lexicalEmbed === 'function' && typeof a.vectraRow === 'function') state.kernel = a as SearchKernel;
    }
  }
  return state.kernel ?? undefined;
}

/**
 * Forces the JavaScript path (`false`) or allows the kernels again (`undefined`: the environment decides), for
 * tests and benches comparing the two in one process.
 */
export function useSearchKernel(enabled: false | undefined): void {
  state.forced = enabled;
}
