/** Path and identifier helpers shared by module detection and flow tracing: which files are tests, folders, words of a name. */
import { isTestFile } from '../lang/index.ts';

/**
 * True when the relative path is a test, spec or mock file by its language's rule (lib/lang/<id>/rules.ts): never
 * an entry point, and its ties count little when clustering.
 */
export function isTestPath(filePath: string | undefined): boolean {
  return isTestFile(filePath);
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

/** Splits an identifier or file name into lower-case words: `getHTTPResponse` → get, http, response. */
export function splitWords(text: string): string[] {
  // A hand-written scan: names are split by the thousand, and a global regex with matchAll costs far more cold.
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      out.push(text.slice(i, j)); i = j; continue;
    }
    if (isUpper(c)) {
      let j = i + 1;
      while (j < n && isUpper(text.charCodeAt(j))) j++;
      // `HTTPResponse`: the last capital starts the next word when lower case follows.
      if (j < n && isLower(text.charCodeAt(j))) {
        if (j - i > 1) { out.push(text.slice(i, j - 1).toLowerCase()); i = j - 1; }
        let k = i + 1;
        while (k < n && isLower(text.charCodeAt(k))) k++;
        out.push(text.slice(i, k).toLowerCase()); i = k; continue;
      }
      out.push(text.slice(i, j).toLowerCase()); i = j; continue;
    }
    if (isLower(c)) {
      let j = i + 1;
      while (j < n && isLower(text.charCodeAt(j))) j++;
      out.push(text.slice(i, j)); i = j; continue;
    }
    i++;
  }
  return out;
}

function isDigit(c: number): boolean { return c >= 48 && c <= 57; }
function isUpper(c: number): boolean { return c >= 65 && c <= 90; }
function isLower(c: number): boolean { return c >= 97 && c <= 122; }
