// Types of native/build.mjs (plain JavaScript: build.mjs runs it before anything is compiled).

/** Where the addon is written: native/build/tree_flat.node. */
export const ADDON: string;

/**
 * Builds the addon if needed; returns a one-line note when it could not (the build goes on without it).
 * `out` (default ADDON) is where it is written, `cc` (default $CC, else `cc`) the compiler.
 */
export function buildNative(options?: { out?: string; cc?: string }): string | undefined;
