/** The `rename` tool: coordinated multi-file rename of one symbol, previewed by default. */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import { fileWrites, planRename, previewId, toResponse, unindexedWrites } from '../lib/rename/index.ts';
import type { FileChange, RenameEdit, RenameRequest, RenameResponse } from '../lib/rename/index.ts';
import { DEFAULT_MAX_CHARS, fitCount, jsonSize, maxCharsField, offsetField, type SectionCut } from './budget.ts';

/**
 * The answer: the edits as many as `max_chars` holds (the summary counts them all), `more` where to read on; the
 * symbols renamed with it cut to a quarter of the budget, `tied_symbol_count` counting them all when cut.
 */
export type RenameAnswer = RenameResponse & { truncated: boolean; more?: SectionCut[]; tied_symbol_count?: number };

/** Share of the budget the tied symbols may take: the edits are what a reviewer reads. */
const TIED_SHARE = 0.25;

const schema = Joi.object({
  symbol_name: Joi.string().min(1).max(1024).description('Current name of the symbol (or Class.member); required unless symbol_uid is given'),
  symbol_uid: Joi.string().min(1).max(4096).description('Symbol uid from an earlier tool result; preferred, needs no disambiguation'),
  new_name: Joi.string().min(1).max(1024).required().description('New name; must be a valid identifier in the symbol\'s language'),
  file_path: Joi.string().min(1).max(4096).description('Defining file (relative path or its tail) to pick among symbols sharing a name'),
  kind: Joi.string().min(1).max(64).description('Narrows symbol_name by label (Function, Class, Method, …) or language-specific kind'),
  dry_run: Joi.boolean().default(true).description('true (default): preview only. false: write the edits to disk'),
  include_text_search: Joi.boolean().default(false).description('With dry_run false, also write the text_search edits (default: graph edits only)'),
  preview_id: Joi.string().pattern(/^[0-9a-f]{24}$/).description('With dry_run false: the preview_id of the preview you reviewed; the apply writes only if it would write exactly those edits (STALE_INDEX otherwise). Required to write files outside the index'),
  max_chars: maxCharsField(DEFAULT_MAX_CHARS),
  offset: offsetField.description('Edits to skip in the listing (files in order, edits by line), to read on after an answer with truncated: true'),
  repo: repoField,
}).or('symbol_name', 'symbol_uid');

export const rename = defineTool<RenameRequest & { max_chars: number; offset?: number }, Snapshot, RenameAnswer>({
  name: 'rename',
  description: [
    'Rename a symbol across the repository. Preview by default (dry_run true); dry_run false writes the files.',
    'Identify the symbol by symbol_uid (best) or symbol_name (+ file_path when several share the name).',
    'Edits are grouped by file; confidence "graph" edits come from resolved references (declaration, calls,',
    'imports, re-exports, types, JSX, shorthand properties, overriding/implementing members) and are safe;',
    '"text_search" edits are other whole-word occurrences (comments, strings, docs, config, unresolved code)',
    'to review. An apply writes the graph edits, plus text_search edits when include_text_search is true',
    '(each edit says `apply`). Refuses invalid or reserved names, collisions in the same scope, library',
    'symbols, and files changed since indexing (STALE_INDEX); nothing is written when refused. Pass the preview\'s',
    'preview_id with dry_run false to write exactly what was previewed (needed for files outside the index).',
    `The listing keeps to max_chars (default ${DEFAULT_MAX_CHARS.toLocaleString('en-US')} characters, about 7k tokens): the summary counts every`,
    'edit, and a cut listing says truncated: true with the `offset` that reads on (an apply writes every edit',
    'whatever the listing shows).',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: async (req, snapshot) => {
    const plan = planRename(snapshot, req);
    if (req.dry_run) return fitRename(toResponse(plan, false), req.max_chars, req.offset ?? 0);
    // The apply writes what the preview showed, or nothing: files can change between the two requests.
    const id = previewId(plan);
    if (req.preview_id !== undefined && req.preview_id !== id) {
      throw new CodegraphError('STALE_INDEX', 'the edits an apply would write now differ from the preview (a file changed since); nothing was written — preview again and apply with its preview_id', { preview_id: id });
    }
    const outside = unindexedWrites(plan);
    if (req.preview_id === undefined && outside.length) {
      throw new CodegraphError('RENAME_REFUSED', `the apply would write ${outside.length} file(s) the index does not cover (${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}), which nothing vouches for since the preview; apply with the preview's preview_id, or without include_text_search`, { files: outside, preview_id: id });
    }
    const writes = fileWrites(plan);
    if (writes.length > 0) {
      if (!snapshot.host.writeFiles) throw new CodegraphError('RENAME_REFUSED', 'this runtime opened the repository read-only; rename can only preview here (dry_run: true)');
      const report = await snapshot.host.writeFiles(writes);
      const response = toResponse(plan, true);
      // Written either way: a re-index that failed is said here, never turned into an error after the fact.
      response.warnings.push(...(report?.warnings ?? []));
      return fitRename(response, req.max_chars, req.offset ?? 0);
    }
    return fitRename(toResponse(plan, true), req.max_chars, req.offset ?? 0);
  },
});

/** Cuts the listing of edits (files in order, edits by line) to `maxChars` from `offset`; the summary stays whole. */
function fitRename(whole: RenameResponse, maxChars: number, offset: number): RenameAnswer {
  if (offset === 0 && jsonSize(whole) <= maxChars - 20) return { ...whole, truncated: false };
  // An interface method implemented by hundreds of classes ties them all: listed whole they would crowd the edits
  // out (or pass the budget alone). Every one's edits are in the listing whatever this list shows.
  let full: RenameResponse & { tied_symbol_count?: number } = whole;
  const tiedRoom = Math.floor(maxChars * TIED_SHARE);
  if (jsonSize(whole.tied_symbols) > tiedRoom) {
    const kept = fitCount(whole.tied_symbols, tiedRoom - 40);
    full = { ...whole, tied_symbols: whole.tied_symbols.slice(0, kept), tied_symbol_count: whole.tied_symbols.length };
  }
  const tiedCut = full.tied_symbols.length < whole.tied_symbols.length;
  const edits: Array<{ file: string; edit: RenameEdit }> = full.changes.flatMap((c) => c.edits.map((edit) => ({ file: c.file_path, edit })));
  const fixed = jsonSize({ ...full, changes: [], truncated: true, more: [{ section: 'changes', shown: 0, total: edits.length, next_offset: 0 }] });
  const rest = edits.slice(offset);
  // Each file opened in the listing costs its path once besides its edits.
  const n = fitCount(rest, maxChars - fixed - 50, 1, (x) => jsonSize(x.edit) + x.file.length + 30);
  const changes: FileChange[] = [];
  for (const { file, edit } of rest.slice(0, n)) {
    const last = changes[changes.length - 1];
    if (last && last.file_path === file) last.edits.push(edit); else changes.push({ file_path: file, edits: [edit] });
  }
  const end = offset + n;
  const out: RenameAnswer = { ...full, changes, truncated: end < edits.length || offset > 0 || tiedCut };
  if (end < edits.length) out.more = [{ section: 'changes', shown: n, total: edits.length, next_offset: end }];
  return out;
}
