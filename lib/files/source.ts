/** Reading a repository file as indexable text: bytes, hash, binary and UTF-8 checks. */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { looksBinary, type SkipReason } from './skip-rules.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** sha256 hex of bytes (the file hash everywhere: snapshot, status, rename's stale check). */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Strict UTF-8 decoding (a leading BOM is dropped); undefined when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export type SourceRead =
  | { ok: true; text: string; hash: string; size: number }
  | { ok: false; reason: SkipReason; hash?: string; error?: string };

/** Reads a file and decides whether it is text: unreadable, binary and invalid UTF-8 come back as skips. */
export function readSource(abs: string): SourceRead {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (err) {
    return { ok: false, reason: 'unreadable', error: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
  const hash = sha256(bytes);
  if (looksBinary(bytes)) return { ok: false, reason: 'binary', hash };
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, reason: 'invalid-utf8', hash };
  return { ok: true, text, hash, size: bytes.length };
}
