/**
 * Worker-thread side of the extraction pool: one file per message, so the event loop turns between files
 * and native tree-sitter trees are freed (DESIGN.md §9). The facts go back as an object, or as JSON text when
 * the job asks (the pool does: it keeps the text for the facts cache). A `warm` message loads grammars ahead of the first file; a `stop` message closes the port
 * between files; the worker is never terminated mid-parse.
 */
import { parentPort } from 'node:worker_threads';
import { extractFile, type LanguageId } from '../lang/index.ts';
import { splitFacts } from '../../index-store/parts.ts';


/** `json`: reply with the facts' two stored JSON lines (index-store/parts.ts splitFacts: what the pool asks for) instead of the facts object. */
export interface ExtractJob { id: number; path: string; text: string; language: LanguageId; json?: boolean }
export type WorkerMessage = ExtractJob | { warm: LanguageId[] } | { stop: true };
export type ExtractReply = { id: number; head: string; body: string } | { id: number; facts: unknown } | { id: number; error: string };

const port = parentPort;
if (port) {
  port.on('message', (m: WorkerMessage) => {
    if ('stop' in m) { port.close(); return; }
    if ('warm' in m) {
      // Extracting an empty file loads the language's grammar and builds its parser and query plan.
      for (const language of m.warm) { try { extractFile('warm', '', language); } catch { /* reported per file later */ } }
      return;
    }
    let reply: ExtractReply;
    try {
      const facts = extractFile(m.path, m.text, m.language);
      if (m.json) {
        const { head, body } = splitFacts(facts);
        reply = { id: m.id, head: JSON.stringify(head), body: JSON.stringify(body) };
      } else reply = { id: m.id, facts };
    } catch (err) {
      reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
}
