/**
 * JSON for the snapshot files in pure ASCII: every character outside ASCII is written as a `\uXXXX` escape
 * (the same value for JSON.parse). A file of ASCII bytes decodes into a one-byte string by a plain copy, and
 * V8 parses a string-heavy one-byte text much faster: one character outside Latin-1 anywhere (a `→` in a
 * process name, a doc comment) made the whole decoded text two-byte — webpack's and three's graph.json parsed
 * in 86-88 ms instead of 33-35 (the facts, mostly objects and numbers, parses at the same speed either way). Files written by older versions (raw
 * UTF-8) still read the same.
 */
import fs from 'node:fs';
import { isAscii } from 'node:buffer';

/** `JSON.stringify(value)` as ASCII bytes (non-ASCII characters escaped). */
export function jsonBytes(value: unknown): Buffer {
  return asciiBytes(JSON.stringify(value));
}

/**
 * JSON text as ASCII bytes. The UTF-8 encoding is made first: it is as long as the text exactly when the text
 * is ASCII, so the common case costs no separate scan.
 */
export function asciiBytes(json: string): Buffer {
  const utf8 = Buffer.from(json, 'utf8');
  return utf8.length === json.length ? utf8 : Buffer.from(escapeNonAscii(json), 'latin1');
}

/** JSON bytes in ASCII: `bytes` itself when it is ASCII already (e.g. a line of a current facts bucket). */
export function asciiOf(bytes: Uint8Array): Uint8Array {
  return isAscii(bytes) ? bytes : asciiBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}

/**
 * Replaces every UTF-16 code unit above 0x7F by its `\uXXXX` escape. Only valid on JSON text, where such
 * characters occur inside string literals only; surrogate pairs become two escapes, which JSON.parse joins.
 */
export function escapeNonAscii(json: string): string {
  return json.replace(NON_ASCII, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** A file's text: decoded as Latin-1 (a copy, one-byte) when it is ASCII, as UTF-8 otherwise. */
export function readText(file: string): string {
  return decodeText(fs.readFileSync(file));
}

/** Bytes as text: Latin-1 when they are ASCII (the same characters, no UTF-8 decoding), UTF-8 otherwise. */
export function decodeText(buf: Buffer): string {
  return buf.toString(isAscii(buf) ? 'latin1' : 'utf8');
}
