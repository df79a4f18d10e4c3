/** JSON with comments and trailing commas (tsconfig.json, pyrightconfig.json), as the editors' own parser reads it. */
// (its ESM build: the UMD one requires its parts at run time, which a bundle does not carry)
import { parse, type ParseError } from 'jsonc-parser/lib/esm/main.js';

/** The value of a JSONC text (a leading byte-order mark allowed); undefined when the text is not such JSON. */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length ? undefined : value;
}
