/** The JSON of ECMAScript project files: JSONC (tsconfig's comments and trailing commas), and repository-relative paths. */
import path from 'node:path';
// (its ESM build: the UMD one requires its parts at run time, which a bundle does not carry)
import { parse, type ParseError } from 'jsonc-parser/lib/esm/main.js';

const posix = path.posix;

/** JSON with comments and trailing commas (tsconfig style); undefined when the text is not such JSON. */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length ? undefined : value;
}

/** Joins and normalises a relative path; undefined when it leaves the repository. */
export function join(dir: string, rel: string): string | undefined {
  const j = posix.normalize(dir ? `${dir}/${rel}` : rel).replace(/\/$/, '');
  if (j === '..' || j.startsWith('../') || j.startsWith('/')) return undefined;
  return j === '.' ? '' : j;
}
