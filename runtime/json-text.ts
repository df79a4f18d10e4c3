/** Serialising an answer for the wire, shared by the HTTP and MCP channels. */
import { CodegraphError } from '../lib/errors.ts';

/**
 * The answer as JSON text, serialised by us rather than by the framework, so an answer too large for one string (V8's
 * limit, ~512 M characters) is a coded error body instead of the framework's bare 500.
 */
export function jsonText(result: unknown): string {
  try {
    return JSON.stringify(result);
  } catch (err) {
    if (err instanceof RangeError) {
      throw new CodegraphError('PAYLOAD_TOO_LARGE', 'the answer is too large to send as one JSON text; ask for less (fewer rows or fields, a narrower pattern, a lower limit)', { what: 'response' });
    }
    throw err;
  }
}
