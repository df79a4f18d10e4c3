/** The JSON of ECMAScript project files: JSONC (tsconfig's comments and trailing commas), and repository-relative paths. */
import path from 'node:path';
import { parseJsonc } from '../jsonc.ts';

const posix = path.posix;

export { parseJsonc };

/** Joins and normalises a relative path; undefined when it leaves the repository. */
export function join(dir: string, rel: string): string | undefined {
  const j = posix.normalize(dir ? `${dir}/${rel}` : rel).replace(/\/$/, '');
  if (j === '..' || j.startsWith('../') || j.startsWith('/')) return undefined;
  return j === '.' ? '' : j;
}
