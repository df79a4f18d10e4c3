/**
 * `extractFile` (lib/extract/index.ts) cut in two halves that can run on two threads:
 * - `parseToParts` (native-call heavy, little JavaScript): tree-sitter parse, error count and the FlatTree
 *   walk, copied into one transferable ArrayBuffer;
 * - `collectParts` (the JavaScript-heavy half): the query engine's match and the collector, over a FlatTree
 *   rebuilt from those arrays.
 * Both run the same halves as `extractFile` (lib/extract/halves.ts), so `collectParts(parseToParts(...))` gives
 * exactly its facts (test/analyze/halves.test.ts compares them on every rxjs file and the analyze fixtures).
 *
 * The walk learns anonymous token texts on first sight (LanguageNames.anonymous), and the matcher needs them
 * to compare token types: a parsed file carries the texts its thread learned since its previous file, and
 * `collectParts` adds them to this thread's table before matching.
 */
import type { LanguageRuntime } from './language.ts';
import { FlatTree, partsOf } from './flat-tree.ts';
import type { FileFacts } from './facts.ts';
import { collectFlat, fallbackTexts, parseFlat, textToParse } from './halves.ts';
import { nativeParser } from './native.ts';

/** One file parsed and walked, ready to transfer (`buffer` in the transfer list). */
export interface ParsedParts {
  language: string;
  count: number;
  buffer: ArrayBuffer;
  parseErrors: number;
  /** Anonymous token texts (type id, text) learned by the parsing thread since its previous ParsedParts. */
  anonymous: Array<[number, string]>;
  /** True when `parseToParts` made these parts (so a file with syntax errors was also tried repaired). */
  repairTried?: boolean;
}

/** By language: the anonymous type ids this thread has already passed on in a ParsedParts. */
const sentAnonymous = new Map<string, Uint8Array>();

/** The first half: parse `text`, count its syntax errors, walk it into flat arrays (pure: no I/O). */
export function parseToParts(rt: LanguageRuntime, text: string): ParsedParts {
  const language = rt.id;
  const { flat, parseErrors } = parseFlat(rt, text);
  const { buffer, count } = flat.parts();
  let sent = sentAnonymous.get(language);
  if (!sent) { sent = new Uint8Array(65536); sentAnonymous.set(language, sent); }
  const anonymous: Array<[number, string]> = [];
  const known = rt.names.anonymous;
  for (let t = 0; t < known.length; t++) {
    const name = known[t];
    if (name !== undefined && sent[t] === 0) { sent[t] = 1; anonymous.push([t, name]); }
  }
  return { language, count, buffer, parseErrors, anonymous, repairTried: true };
}

/**
 * The second half: match and collect the facts of a file parsed by `parseToParts` or by the native parse thread
 * (on any thread); `rt` is the runtime of `parsed.language`.
 */
export function collectParts(rt: LanguageRuntime, filePath: string, text: string, parsed: ParsedParts): FileFacts {
  // parsed elsewhere without the repair parseFlat tries on a file with syntax errors (the spec's `repair`)
  if (parsed.parseErrors && !parsed.repairTried) parsed = withRepair(rt, parsed, text);
  const known = rt.names.anonymous;
  for (const [t, name] of parsed.anonymous) if (known[t] === undefined) known[t] = name;
  const flat = FlatTree.of(partsOf(parsed.buffer, parsed.count), rt.names.namedById, text);
  return collectFlat(rt, flat, filePath, text, parsed.parseErrors);
}

/**
 * `parsed` (a parse of textToParse's text with syntax errors, made without the fallbacks) or, when one of the
 * fallback texts (halves.ts `fallbackTexts`) parses with fewer errors, that parse: the choice parseFlat makes.
 * Natively only the fallbacks are parsed (the first parse is not redone).
 */
function withRepair(rt: LanguageRuntime, parsed: ParsedParts, text: string): ParsedParts {
  const others = fallbackTexts(rt, text, textToParse(rt, text));
  if (others.length === 0) return parsed;
  if (!rt.native) return parseToParts(rt, text);
  let best = { ...parsed, repairTried: true };
  for (const other of others) {
    const again = nativeParser()!.parse(rt.grammar, other);
    if (again.errors < best.parseErrors) best = { language: parsed.language, count: again.count, buffer: again.buffer, parseErrors: again.errors, anonymous: [], repairTried: true };
  }
  return best;
}
