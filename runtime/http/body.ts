/**
 * Reads a JSON request body with a hard size limit. Hapi's own reader destroys the socket when a streamed
 * (chunked or compressed) body passes its limit, so the client never sees why; this one keeps nothing past
 * the limit and answers 413, and refuses prototype-poisoning keys the way Hapi's parser does.
 */
import type { Readable } from 'node:stream';
import { CodegraphError } from '../../lib/errors.ts';

/** Reads `stream` (already decompressed) to at most `maxBytes` and parses it as JSON; empty → undefined. */
export async function readJsonBody(stream: Readable | null | undefined, maxBytes: number): Promise<unknown> {
  if (!stream || typeof (stream as Readable).on !== 'function') return undefined;
  const text = await readLimited(stream, maxBytes);
  if (text.trim() === '') return undefined;
  return parseJson(text);
}

/** Parses JSON text; INVALID_JSON on a syntax error or a `__proto__` / `constructor.prototype` key. */
export function parseJson(text: string): unknown {
  try {
    // The reviver costs time on every key, so it only runs when a dangerous key can be present at all.
    if (!/"(?:__proto__|constructor)"/.test(text)) return JSON.parse(text);
    return JSON.parse(text, function (key, value) {
      if (key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)) {
        throw new PoisonError();
      }
      return value;
    });
  } catch (err) {
    if (err instanceof PoisonError) throw new CodegraphError('INVALID_JSON', `request body is not valid JSON: a '__proto__' or 'constructor.prototype' key is not allowed`);
    throw new CodegraphError('INVALID_JSON', `request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

class PoisonError extends Error {}

/**
 * Past the limit the rest of the body is read and dropped (up to DISCARD_LIMIT more bytes) before the 413
 * goes out: a client still writing would otherwise get a reset instead of the answer. A body larger than
 * that is cut off by closing the connection.
 */
function readLimited(stream: Readable, maxBytes: number): Promise<string> {
  const discardLimit = maxBytes + Math.max(DISCARD_LIMIT, 4 * maxBytes);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => new CodegraphError('PAYLOAD_TOO_LARGE', `request body is larger than the limit of ${maxBytes} bytes`);
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const length = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      size += length;
      if (size > discardLimit) {
        cleanup();
        stream.destroy();
        reject(tooLarge());
      } else if (size <= maxBytes) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      } else if (chunks.length) {
        chunks.length = 0; // over the limit: keep nothing, just drain
      }
    };
    const onEnd = () => {
      cleanup();
      if (size > maxBytes) reject(tooLarge());
      else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (err: unknown) => {
      cleanup();
      const status = (err as { output?: { statusCode?: number } })?.output?.statusCode;
      if (status === 400) reject(new CodegraphError('INVALID_JSON', 'could not read the request body: invalid compressed payload'));
      else reject(err);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/** How much of an oversized body is drained (and dropped) so the client can read the 413. */
const DISCARD_LIMIT = 16 * 1024 * 1024;
