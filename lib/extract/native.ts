/**
 * The native parse (native/tree_flat.c, built by native/build.mjs): tree-sitter's parse and the flat copy of
 * the tree in one call, and a background thread that parses files ahead of the one being collected. It gives
 * the same FlatTree, node for node, as the node-tree-sitter walk in flat-tree.ts (test/indexer/native-parse.test.ts),
 * without the ~2 N-API calls per syntax node that walk pays.
 *
 * Optional: when the addon was not built (no C compiler or Node headers) or fails to load, or with
 * CODEGRAPH_NATIVE=0, `nativeParser()` is undefined and extraction uses node-tree-sitter.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** One parsed file: `buffer` in FlatTree.parts() layout for `count` nodes; `errors` = ERROR and MISSING nodes. */
export interface NativeParsed { buffer: ArrayBuffer; count: number; errors: number }

type Result = [ArrayBuffer, number, number];

interface Addon {
  parse(language: unknown, text: string): Result;
  grammarNames(language: unknown): [Array<string | null>, number[], Array<string | null>];
  queueNew(): unknown;
  queueSubmit(queue: unknown, language: unknown, text: string): void;
  queueTake(queue: unknown): Result;
  queueReady(queue: unknown): boolean;
  queueClose(queue: unknown): void;
}

const parsed = ([buffer, count, errors]: Result): NativeParsed => ({ buffer, count, errors });

const ADDON_PATH = path.join('native', 'build', 'tree_flat.node');

let addon: Addon | null | undefined;

/** The addon beside this module's package (lib/extract/ in a clone, dist/ in the bundle); undefined when absent. */
function load(): Addon | undefined {
  if (addon !== undefined) return addon ?? undefined;
  addon = null;
  if (process.env.CODEGRAPH_NATIVE === '0') return undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const file = path.join(dir, ADDON_PATH);
    if (!fs.existsSync(file)) continue;
    try {
      addon = createRequire(import.meta.url)(file) as Addon;
    } catch { /* built for another platform, or damaged: node-tree-sitter parses instead */ }
    break;
  }
  return addon ?? undefined;
}

/** Parses files natively in the calling thread or on a background thread (see NativeQueue). */
export interface NativeParser {
  /** Parses `text` with `grammar` (a grammar package's language object) and copies its tree. */
  parse(grammar: unknown, text: string): NativeParsed;
  /** The grammar's tables, as tree-sitter's API gives them (see GrammarNames). */
  grammarNames(grammar: unknown): GrammarNames;
  /** A background parsing thread (started on the first submit). */
  queue(): NativeQueue;
}

/** Files parsed on a background thread, taken back in submission order. */
export interface NativeQueue {
  /** Hands a file to the thread (the text is copied: the caller may drop it). */
  submit(grammar: unknown, text: string): void;
  /** The oldest submitted file not yet taken, waiting for the thread if it is not parsed yet; throws if it failed. */
  take(): NativeParsed;
  /** True when the oldest submitted file is parsed (take would not wait); false too when nothing is queued. */
  ready(): boolean;
  /** Stops the thread; files not taken are dropped. */
  close(): void;
}

/** A grammar's names: by symbol id its name (an anonymous token's text) and TSSymbolType; by field id its name. */
export interface GrammarNames {
  symbols: Array<string | null>;
  /** 0 regular (named), 1 anonymous, 2 supertype, 3 auxiliary. */
  kinds: number[];
  /** Index 0 is null (no field). */
  fields: Array<string | null>;
}

let parser: NativeParser | null | undefined;

/** The native parser, or undefined when it is not available here (then node-tree-sitter parses). */
export function nativeParser(): NativeParser | undefined {
  if (parser !== undefined) return parser ?? undefined;
  const a = load();
  parser = a ? {
    parse: (grammar, text) => parsed(a.parse(grammar, text)),
    grammarNames: (grammar) => { const [symbols, kinds, fields] = a.grammarNames(grammar); return { symbols, kinds, fields }; },
    queue: () => {
      const q = a.queueNew();
      return {
        submit: (grammar, text) => a.queueSubmit(q, grammar, text),
        take: () => parsed(a.queueTake(q)),
        ready: () => a.queueReady(q),
        close: () => a.queueClose(q),
      };
    },
  } : null;
  return parser ?? undefined;
}
