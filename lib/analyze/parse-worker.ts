/**
 * Worker-thread side of the two-thread extraction (split.ts in this folder): parses each file and walks it into
 * flat arrays (lib/extract/split.ts `parseToParts`), transferring the arrays' buffer back; the main thread
 * matches and collects. Files are handled one per message, in the order sent, so the event loop turns between
 * files and native trees are freed. `warm` loads grammars and query plans before the first file; `stop` closes
 * the port between files (the worker is never terminated mid-parse).
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { parseToParts, prepareLanguage, type ParsedParts } from '../extract/split.ts';
import { languageRuntime, type LanguageId } from '../lang/index.ts';

export interface ParseJob { id: number; text: string; language: LanguageId }
/** `init` (first message): the port replies go to, and the counter bumped (and notified) after each reply. */
export type ParseMessage = ParseJob | { init: { port: MessagePort; posted: Int32Array } } | { warm: LanguageId[] } | { stop: true };
export type ParseReply = { id: number; parts: ParsedParts } | { id: number; error: string };

const port = parentPort;
let out: MessagePort | undefined;
let posted: Int32Array | undefined;
if (port) {
  port.on('message', (m: ParseMessage) => {
    if ('init' in m) { out = m.init.port; posted = m.init.posted; return; }
    if ('stop' in m) { port.close(); out?.close(); return; }
    if ('warm' in m) {
      for (const language of m.warm) { try { prepareLanguage(languageRuntime(language)); } catch { /* reported per file later */ } }
      return;
    }
    let reply: ParseReply;
    try {
      reply = { id: m.id, parts: parseToParts(languageRuntime(m.language), m.text) };
    } catch (err) {
      reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
    }
    out!.postMessage(reply, 'parts' in reply ? [reply.parts.buffer] : []);
    Atomics.add(posted!, 0, 1);
    Atomics.notify(posted!, 0);
  });
}
