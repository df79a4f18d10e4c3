/**
 * `import(specifier)` for packages that are not bundled (ES-only ones such as @xenova/transformers). The CLI's
 * code-cached CommonJS bundle runs inside vm.Script (bin/cli-loader.mjs), where a plain `import()` would need
 * an experimental loader option: that loader registers its own module's import function under this symbol.
 */
const HOOK = Symbol.for('codegraph.importModule');

/** Imports `specifier` through the loader's hook when there is one, else directly. */
export function importModule<T = unknown>(specifier: string): Promise<T> {
  const hook = (globalThis as Record<symbol, unknown>)[HOOK] as ((s: string) => Promise<T>) | undefined;
  return hook ? hook(specifier) : import(specifier) as Promise<T>;
}
