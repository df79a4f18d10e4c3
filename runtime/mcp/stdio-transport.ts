/**
 * MCP over stdio, one JSON-RPC message per line, for a server that must outlive bad input. The SDK's own
 * stdio transport closes itself when a line passes its buffer limit (the server then exits silently) and
 * answers nothing to a line that is not JSON. Here every bad line gets the JSON-RPC error the specification
 * names, and the server keeps serving:
 * - a line longer than the limit: read and dropped up to its end, answered with -32600 (Invalid Request);
 * - a line that is not JSON: -32700 (Parse error);
 * - JSON that is no JSON-RPC message (an array, a number, a request without a method): -32600, with the id
 *   the line carried when it had one.
 * The error has id null when the line's id cannot be known (JSON-RPC 2.0, section 5).
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Longest message line accepted: the HTTP servers' body limit. */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface LineTransportOptions {
  /** Longest line in bytes (default 8 MiB); longer lines are dropped and answered with an error. */
  maxLineBytes?: number;
  /** Where a note about each refused line goes (the server's stderr log). */
  log?: (line: string) => void;
}

/** A stdio transport that answers malformed and oversized lines with JSON-RPC errors instead of closing. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  private readonly log: (line: string) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of the current line dropped so far because it is over the limit (0: not dropping). */
  private dropped = 0;
  private started = false;
  private closed = false;

  constructor(private readonly input: Readable = process.stdin, private readonly output: Writable = process.stdout, options: LineTransportOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.log = options.log ?? (() => {});
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.output.off('error', this.onOutputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (;;) {
      const nl = buf.indexOf(0x0a);
      if (nl < 0) { this.take(buf); return; }
      this.take(buf.subarray(0, nl));
      this.endLine();
      buf = buf.subarray(nl + 1);
      if (this.closed) return;
    }
  };

  /** Adds part of the current line, or drops it once the line is over the limit. */
  private take(part: Buffer): void {
    if (!part.length) return;
    if (this.dropped) { this.dropped += part.length; return; }
    if (this.size + part.length > this.maxLineBytes) {
      this.dropped = this.size + part.length;
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
  }

  private endLine(): void {
    if (this.dropped) {
      const bytes = this.dropped;
      this.dropped = 0;
      this.refuse(null, ErrorCode.InvalidRequest, `message of ${bytes} bytes is larger than the limit of ${this.maxLineBytes} bytes; it was dropped`);
      return;
    }
    const line = (this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.refuse(null, ErrorCode.ParseError, `Parse error: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = idOf(value);
      this.refuse(id, ErrorCode.InvalidRequest, `Invalid Request: not a JSON-RPC 2.0 message (${Array.isArray(value) ? 'batches are not supported' : 'expected an object with jsonrpc "2.0" and a method, result or error'})`);
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    this.log(`mcp: refused a message: ${message}`);
    // JSON-RPC requires id null when the request's id could not be read; the SDK's types do not allow it.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  private readonly onEnd = (): void => { void this.close(); };
  private readonly onInputError = (err: Error): void => { this.onerror?.(err); };
  /** stdout gone (the client closed its end): nothing more can be answered. */
  private readonly onOutputError = (err: Error): void => { this.onerror?.(err); void this.close(); };
}

/** The id of a request-like value, when it has a usable one. */
function idOf(value: unknown): string | number | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
