/**
 * JSON objects some of whose members are parsed when first read. An incremental analyze reads every file's cached
 * facts, but resolving only the changed files reads most of the others' facts not at all: their calls, references
 * and locals (most of the facts cache's bytes) are read only when that file itself is resolved, or when another file's
 * evaluation reaches one of its locals. Parsing them all made a one-file run's largest allocation and garbage; here
 * only their bytes are located (a scan that creates no object) and each such member becomes an accessor that parses
 * its own bytes on first read and then turns into a plain data property, in the same place among the keys, so the
 * object reads, enumerates and serialises as the one JSON.parse makes. (Members read anyway stay plain: an
 * accessor costs a second parse and a property reconfiguration.)
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Members whose JSON is shorter are parsed with their object (an empty list is not worth an accessor). */
const LAZY_MIN_BYTES = 64;

/** Index just past the JSON string whose opening quote is at `i`. */
function skipString(b: Uint8Array, i: number): number {
  i++;
  for (;;) {
    const c = b[i++];
    if (c === QUOTE) return i;
    if (c === BACKSLASH) i++;
  }
}

/** Index just past the JSON value starting at `i` (no whitespace: JSON.stringify's output). */
function skipValue(b: Uint8Array, i: number, end: number): number {
  const c = b[i];
  if (c === QUOTE) return skipString(b, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    while (i < end) {
      const x = b[i];
      if (x === QUOTE) { i = skipString(b, i); continue; }
      i++;
      if (x === OPEN_BRACE || x === OPEN_BRACKET) depth++;
      else if ((x === CLOSE_BRACE || x === CLOSE_BRACKET) && --depth === 0) return i;
    }
    return end;
  }
  while (i < end && b[i] !== COMMA && b[i] !== CLOSE_BRACE && b[i] !== CLOSE_BRACKET) i++;
  return i;
}

/**
 * The object whose compact JSON (as JSON.stringify writes it: no whitespace) is the ASCII bytes `b[start, end)`,
 * with its members named in `lazy` (arrays or objects) parsed on their first read. Undefined when the bytes are not
 * one object in that form (the caller parses them whole).
 */
export function lazyObject(b: Buffer, start: number, end: number, lazy: ReadonlySet<string>): Record<string, unknown> | undefined {
  if (end - start < 2 || b[start] !== OPEN_BRACE || b[end - 1] !== CLOSE_BRACE) return undefined;
  const later: Array<{ key: string; from: number; to: number }> = [];
  let head = '';
  let copied = start;
  let i = start + 1;
  while (i < end - 1) {
    if (b[i] !== QUOTE) return undefined;
    const keyEnd = skipString(b, i);
    if (b[keyEnd] !== COLON) return undefined;
    const from = keyEnd + 1;
    if (b[from] <= 0x20) return undefined; // whitespace: not JSON.stringify's compact form
    const to = skipValue(b, from, end - 1);
    if (to - from >= LAZY_MIN_BYTES && (b[from] === OPEN_BRACKET || b[from] === OPEN_BRACE)) {
      const key = JSON.parse(b.toString('latin1', i, keyEnd)) as string;
      if (lazy.has(key)) {
        // the member keeps its place among the keys: its value is written as 0 until it is read
        head += b.toString('latin1', copied, from) + '0';
        copied = to;
        later.push({ key, from, to });
      }
    }
    i = to;
    if (b[i] === COMMA) i++;
    else if (i !== end - 1) return undefined;
  }
  if (!later.length) return JSON.parse(b.toString('latin1', start, end)) as Record<string, unknown>;
  head += b.toString('latin1', copied, end);
  const o = JSON.parse(head) as Record<string, unknown>;
  for (const { key, from, to } of later) {
    const settle = (value: unknown): void => { Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true }); };
    Object.defineProperty(o, key, {
      enumerable: true, configurable: true,
      get() { const value = JSON.parse(b.toString('latin1', from, to)) as unknown; settle(value); return value; },
      set(value: unknown) { settle(value); },
    });
  }
  return o;
}
