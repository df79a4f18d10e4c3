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
import { languageRuntime, type LanguageId } from '../lang/index.ts';
import { FlatTree, partsOf } from './flat-tree.ts';
import type { FileFacts } from './facts.ts';
import { collectFlat, parseFlat } from './halves.ts';
import { matchSource, nativeProgram } from './query-program.ts';
import { nativeParser } from './native.ts';
import { parseableText } from './repair.ts';

/** One file parsed and walked, ready to transfer (`buffer` in the transfer list). */
export interface ParsedParts {
  language: LanguageId;
  count: number;
  buffer: ArrayBuffer;
  parseErrors: number;
  /** Anonymous token texts (type id, text) learned by the parsing thread since its previous ParsedParts. */
  anonymous: Array<[number, string]>;
  /** The native matcher's buffer for this file (lib/extract/query-program.ts), when it matched already. */
  matches?: Int32Array;
  /** True when `parseToParts` made these parts (so a file with syntax errors was also tried repaired). */
  repairTried?: boolean;
}

/** By language: the anonymous type ids this thread has already passed on in a ParsedParts. */
const sentAnonymous = new Map<LanguageId, Uint8Array>();

/** The first half: parse `text`, count its syntax errors, walk it into flat arrays (pure: no I/O). */
export function parseToParts(text: string, language: LanguageId): ParsedParts {
  const rt = languageRuntime(language);
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

/** The second half: match (unless `parsed.matches` has them) and collect the facts of a file parsed by `parseToParts` (on any thread). */
export function collectParts(filePath: string, text: string, parsed: ParsedParts): FileFacts {
  // parsed elsewhere without the repair parseFlat tries on a file with syntax errors (lib/extract/repair.ts)
  if (parsed.parseErrors && !parsed.repairTried) parsed = withRepair(parsed, text);
  const rt = languageRuntime(parsed.language);
  const known = rt.names.anonymous;
  for (const [t, name] of parsed.anonymous) if (known[t] === undefined) known[t] = name;
  const flat = FlatTree.of(partsOf(parsed.buffer, parsed.count), rt.names.namedById, text);
  const matches = parsed.matches ? matchSource(parsed.matches, flat, rt.captureNames) : undefined;
  return collectFlat(rt, flat, filePath, text, parsed.parseErrors, matches);
}

/**
 * `parsed` (a parse of `text` with syntax errors, made without the repair) or, when the same-length repair of
 * `text` parses with fewer errors, that parse: the choice parseFlat makes. Natively only the repaired text is
 * parsed, with the language's query program, so either tree comes with its native matches (the first parse is
 * not redone, and the JavaScript matcher does not run: a file with syntax errors costs one native parse more).
 */
function withRepair(parsed: ParsedParts, text: string): ParsedParts {
  const fixed = parseableText(parsed.language, text);
  if (fixed === text) return parsed;
  const rt = languageRuntime(parsed.language);
  if (!rt.native) return parseToParts(text, parsed.language);
  const again = nativeParser()!.parse(rt.grammar, fixed, nativeProgram(rt));
  if (again.errors >= parsed.parseErrors) return { ...parsed, repairTried: true };
  return { language: parsed.language, count: again.count, buffer: again.buffer, parseErrors: again.errors, anonymous: [], matches: again.matches, repairTried: true };
}
