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
    dim: number, round: boolean): Int32Array | undefined;
  vectraRow(buf: Uint8Array, at: number, packed: Float32Array, base: number, dim: number, sum: Float64Array): number;
  runTableNew(): object;
  runClassify(table: object, codePoints: Int32Array, word: Uint8Array): void;
  runsOf(table: object, text: string, pieces: Int32Array, itemEnds: Int32Array): [Int32Array, Int32Array, string[]] | Int32Array;
  lexicalFeatures(words: readonly string[], stems: readonly string[], concepts: Int32Array, dim: number): [Int32Array, Int32Array, Int32Array];
  identifierSpans(text: string, spans: Int32Array, max: number, noise: string): string[];
  postingsCount(entryTerm: Uint32Array, df: Uint32Array): void;
  postingsLayout(entryTerm: Uint32Array, entryFreq: Float32Array, starts: Int32Array, rank: Int32Array, cursor: Uint32Array, rows: Uint32Array, freqs: Float32Array): void;
  keywordCount(seq: Int32Array, ends: Int32Array, weights: Float64Array, slots: Int32Array, termAt: Int32Array, termIds: Int32Array,
    terms: number): [Int32Array, Float32Array, Int32Array, Float64Array] | Int32Array;
  /** digest64's two lanes of each piece of `text` (pieces end at `ends`) into `out`; optional: an addon built before it lacks it. */
  digests?(text: string, ends: Int32Array, seed: number, out: Uint32Array): void;
  /** KeywordIndex.forward's arrays from the postings (see native/search_kernel.c); optional, as digests. */
  postingsForward?(offsets: Uint32Array, rows: Uint32Array, freqs: Float32Array, start: Uint32Array, term: Uint32Array, freq: Float32Array): void;
}

/** What an addon must carry to be used (one built before some of these kernels is not). */
const KERNEL_FUNCTIONS = ['lexicalEmbed', 'vectraRow', 'runTableNew', 'runClassify', 'runsOf', 'lexicalFeatures', 'identifierSpans',
  'postingsCount', 'postingsLayout', 'keywordCount'] as const satisfies ReadonlyArray<keyof SearchKernel>;

const state: { kernel: SearchKernel | null | undefined; forced: boolean | undefined } = { kernel: undefined, forced: undefined };

/** The native kernels, or undefined when the JavaScript must run (see the module comment). */
export function searchKernel(): SearchKernel | undefined {
  if (state.forced === false) return undefined;
  if (state.kernel === undefined) {
    state.kernel = null;
    if (process.env.CODEGRAPH_SEARCH_NATIVE !== '0') {
      const a = nativeAddon() as Partial<SearchKernel> | undefined;
      if (a && KERNEL_FUNCTIONS.every((name) => typeof a[name] === 'function')) state.kernel = a as SearchKernel;
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

/** `a`, or a copy twice as large (at least `size`) holding its values and `fill` beyond them (the kernels' tables). */
export function grownInt32(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  if (size <= a.length) return a;
  const b = new Int32Array(Math.max(size, a.length * 2));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/** A non-ASCII word character of WORD_RUNS (lib/search/tokenize.ts): the reference the native scanner asks. */
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Runs numbered before the table is started again (bounded memory in a long-lived process). */
const MAX_RUNS = 200_000;

/**
 * Word runs numbered process-wide by the native run table: every text's runs (WORD_RUNS matches) as numbers,
 * the same run always the same number, and each run's string once (`strings[n]`). The lexical embedder and the
 * keyword builder keep what they derive from a run in arrays by its number. When the table is started again
 * (past MAX_RUNS, only at the start of a call), `generation` changes and the numbers start over.
 */
export class RunNumbers {
  /** Run strings by number. */
  readonly strings: string[] = [];
  generation = 0;
  private table: object;

  constructor(private readonly kernel: SearchKernel) { this.table = kernel.runTableNew(); }

  /** The runs of each item (a text, or an array of runs taken as they are): item i's are seq[ends[i-1] .. ends[i]). */
  of(items: ReadonlyArray<string | readonly string[]>): { seq: Int32Array; ends: Int32Array } {
    if (this.strings.length > MAX_RUNS) {
      this.table = this.kernel.runTableNew();
      this.strings.length = 0;
      this.generation++;
    }
    // One string for all items, and the pieces' lengths (negative: a run as it is): one copy out of V8.
    const itemEnds = new Int32Array(items.length);
    let text: string;
    let pieceLengths: Int32Array;
    if (items.every((item) => typeof item === 'string')) {
      // Only texts (what analyze hands over): one piece each, joined as they are.
      pieceLengths = new Int32Array(items.length);
      for (let i = 0; i < items.length; i++) { pieceLengths[i] = (items[i] as string).length; itemEnds[i] = i + 1; }
      text = items.join('');
    } else {
      const parts: string[] = [];
      const pieces: number[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (typeof item === 'string') { parts.push(item); pieces.push(item.length); }
        else if (!Array.isArray(item)) throw new TypeError('runsOf: an item is neither a string nor an array of runs');
        else for (let j = 0; j < item.length; j++) { const run = item[j]; if (typeof run !== 'string') throw new TypeError('runsOf: a run that is not a string'); parts.push(run); pieces.push(-1 - run.length); }
        itemEnds[i] = pieces.length;
      }
      text = parts.join('');
      pieceLengths = Int32Array.from(pieces);
    }
    for (;;) {
      const got = this.kernel.runsOf(this.table, text, pieceLengths, itemEnds);
      if (got instanceof Int32Array) {
        // Code points the table has not met: JavaScript's Unicode tables say which are word characters.
        const word = new Uint8Array(got.length);
        for (let i = 0; i < got.length; i++) word[i] = WORD_CHAR.test(String.fromCodePoint(got[i])) ? 1 : 0;
        this.kernel.runClassify(this.table, got, word);
        continue;
      }
      const fresh = got[2];
      for (let i = 0; i < fresh.length; i++) this.strings.push(fresh[i]);
      return { seq: got[0], ends: got[1] };
    }
  }
}

const shared: { runs: RunNumbers | undefined } = { runs: undefined };

/** The process's run numbering (one table for the embedder and the keyword builder: they meet the same runs). */
export function runNumbers(kernel: SearchKernel): RunNumbers {
  return (shared.runs ??= new RunNumbers(kernel));
}
