/**
 * Worker-thread side of the extraction pool: one file per message, so the event loop turns between files
 * and native tree-sitter trees are freed (DESIGN.md §9). A `stop` message closes the port between files;
 * the worker is never terminated mid-parse.
 */
import { parentPort } from 'node:worker_threads';
import { extractFile, type LanguageId } from '../extract/index.ts';

export interface ExtractJob { id: number; path: string; text: string; language: LanguageId }
export type ExtractReply = { id: number; facts: unknown } | { id: number; error: string };

const port = parentPort;
if (port) {
  port.on('message', (m: ExtractJob | { stop: true }) => {
    if ('stop' in m) { port.close(); return; }
    let reply: ExtractReply;
    try {
      reply = { id: m.id, facts: extractFile(m.path, m.text, m.language) };
    } catch (err) {
      reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
}
