/** Path and identifier helpers shared by module detection and flow tracing. */

/** Test and mock files: never entry points, and their ties count little when clustering. */
const TEST_PATH = /(?:^|\/)(?:__tests__|__mocks__|__fixtures__|tests?|specs?|e2e)\/|[._-](?:test|spec|e2e)\.[cm]?[jt]sx?$/i;

/** True when the relative path belongs to a test, spec or mock file. */
export function isTestPath(filePath: string | undefined): boolean {
  return filePath !== undefined && TEST_PATH.test(filePath);
}

/** True for declaration files (no bodies: nothing runs there). */
export function isDeclarationPath(filePath: string | undefined): boolean {
  return filePath !== undefined && /\.d\.[cm]?ts$/.test(filePath);
}

/** Folder part of a relative path ('' for a file at the root). */
export function dirOf(filePath: string | undefined): string {
  if (!filePath) return '';
  const i = filePath.lastIndexOf('/');
  return i < 0 ? '' : filePath.slice(0, i);
}

/** Splits an identifier or file name into lower-case words: `getUserById` → get, user, by, id. */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  const re = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;
  for (const m of text.matchAll(re)) out.push(m[0].toLowerCase());
  return out;
}
