/**
 * A module's type as a type argument, `importDep<typeof import("rollup")>({ … })`: tree-sitter-typescript reads
 * the `<` as a comparison (`importDep < typeof import("rollup") > ({ … })`, which parses without an error), so the
 * call was lost. The parser is given a same-length rewrite (lib/extract/language.ts `parseText`): `import("rollup")`
 * after `typeof` and a `<` or `,` becomes a name of its length (`import__________`), a type query of an unknown name,
 * which is what an outside module's type is to the facts anyway; the facts read the text as written.
 */

const MODULE_TYPE_ARGUMENT = /([<,]\s*typeof\s+)import(\s*\(\s*(['"])[^'"\n]*\3\s*\))/g;

/** The text with each `typeof import("m")` after `<` or `,` made a name of the same length (see the module doc). */
export function moduleTypeArguments(text: string): string {
  if (!text.includes('typeof import')) return text;
  return text.replace(MODULE_TYPE_ARGUMENT, (_all, head: string, call: string) => `${head}import${call.replace(/[^\n]/g, '_')}`);
}
