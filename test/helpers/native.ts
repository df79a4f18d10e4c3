/**
 * Tests of the optional native addon (native/, built by `node build.mjs` when a C compiler is there). They run
 * when the addon is built and loads, and otherwise skip with the reason in their title: a machine without a
 * compiler, or CODEGRAPH_NATIVE=0, passes the suite (every other test holds with and without the addon).
 */
import test, { type ExecutionContext } from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { nativeParser } from '../../lib/extract/native.ts';

const ADDON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../native/build/tree_flat.node');

/** Why the native addon is not usable in this process, or undefined when it is. */
export function nativeMissing(): string | undefined {
  if (nativeParser()) return undefined;
  if (process.env.CODEGRAPH_NATIVE === '0') return 'CODEGRAPH_NATIVE=0';
  if (!fs.existsSync(ADDON)) return 'native/build/tree_flat.node is not built (no C compiler or Node headers: see `node build.mjs`)';
  try {
    createRequire(import.meta.url)(ADDON);
    return 'native/build/tree_flat.node loads, but lib/extract/native.ts did not take it';
  } catch (err) {
    return `native/build/tree_flat.node does not load: ${err instanceof Error ? err.message : String(err)}`;
  }
}

type Impl = (t: ExecutionContext) => void | Promise<void>;

const missing = nativeMissing();
const skipped = (title: string): string => `${title} (skipped: ${missing})`;

/** ava's `test` (and `test.serial`) for a test that needs the addon: registered as skipped, saying why, without it. */
export const nativeTest = Object.assign(
  (title: string, impl: Impl): void => { if (missing) test.skip(skipped(title), impl); else test(title, impl); },
  { serial: (title: string, impl: Impl): void => { if (missing) test.serial.skip(skipped(title), impl); else test.serial(title, impl); } },
);
