/** `detect_changes`: which symbols and flows a git diff touches, and how risky it is (DESIGN.md §5). */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { DiffScope, Snapshot } from '../index-store/snapshot.ts';
import { detectFromDiff, type DetectChangesResult } from '../lib/git/detect.ts';
import { parseUnifiedDiff } from '../lib/git/diff.ts';
import { CodegraphError } from '../lib/errors.ts';
import { DEFAULT_MAX_CHARS, fitSections, jsonSize, maxCharsField, offsetField, type SectionCut } from './budget.ts';

export interface DetectChangesRequest {
  scope?: DiffScope;
  base_ref?: string;
  diff?: string;
  limit: number;
  max_chars: number;
  section?: DetectSection;
  offset?: number;
  repo?: string;
}

/** The lists of the answer, in the order they are shown and shared out under the budget. */
export const DETECT_SECTIONS = ['changed_symbols', 'affected_processes', 'affected_symbols', 'files', 'affected_modules'] as const;
export type DetectSection = typeof DETECT_SECTIONS[number];
const WEIGHTS: Record<DetectSection, number> = { changed_symbols: 3, affected_processes: 2, affected_symbols: 2, files: 1, affected_modules: 0.5 };

/** The answer: the analysis, cut to its budget; `more` lists what was cut and where to read on. */
export type DetectChangesResponse = DetectChangesResult & { more?: SectionCut[] };

/** Largest diff text accepted in a request (the servers' body limit applies first). */
export const MAX_DIFF_CHARS = 50_000_000;

const schema = Joi.object({
  scope: Joi.string().lowercase().valid('unstaged', 'staged', 'all', 'compare')
    .description('unstaged (default): working tree vs the git index; staged: index vs HEAD; all: working tree vs HEAD; compare: working tree vs base_ref'),
  base_ref: Joi.string().min(1).max(1000)
    .when('scope', { is: 'compare', then: Joi.required(), otherwise: Joi.when('scope', { is: Joi.exist(), then: Joi.forbidden() }) })
    .messages({ 'any.required': "'base_ref' is required with scope 'compare'", 'any.unknown': "'base_ref' is only used with scope 'compare'" })
    .description("Branch, tag or commit to compare with (scope 'compare'; given alone it implies that scope)"),
  diff: Joi.string().allow('').max(MAX_DIFF_CHARS).description('Unified diff text to analyse instead of asking git'),
  limit: Joi.number().integer().min(1).max(100_000).default(500).description('Most entries in affected_symbols (counts cover everything)'),
  max_chars: maxCharsField(DEFAULT_MAX_CHARS),
  section: Joi.string().valid(...DETECT_SECTIONS).description('Read only this list, from offset (after an answer whose `more` names it)'),
  offset: offsetField,
  repo: repoField,
}).with('offset', 'section');

export const detectChanges = defineTool<DetectChangesRequest, Snapshot, DetectChangesResponse>({
  name: 'detect_changes',
  description: [
    'Maps a git diff onto the code graph: which symbols were added, modified or deleted (deleted lines count), the',
    'symbols that depend on them (callers up to 3 hops, tests excluded), the execution flows touched with their',
    'changed steps, and a risk level none/low/medium/high/critical. scope: unstaged (default), staged, all, or',
    'compare with base_ref; or pass `diff` text and git is not asked. Use after editing to verify the effect.',
    `The answer keeps to max_chars (default ${DEFAULT_MAX_CHARS.toLocaleString('en-US')} characters, about 7k tokens): the summary counts are`,
    'exact, long lists are cut (changed symbols first), and `more` names each cut list with the `section` and',
    '`offset` that read on.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(req, snapshot) {
    let text = req.diff;
    // Text that holds no file diff at all (a message, a hunk without its headers) would read as "no changes": a
    // change the agent made would look safe. An empty text is an empty change.
    if (text !== undefined && text.trim() !== '' && parseUnifiedDiff(text).length === 0) {
      const message = "'diff' holds no file diff: expected git diff output (diff --git, or ---/+++ headers before the hunks); leave diff out to let git produce it";
      throw new CodegraphError('VALIDATION_ERROR', `invalid request: ${message}`, [{ field: 'diff', message }]);
    }
    if (text === undefined) {
      const scope: DiffScope = req.scope ?? (req.base_ref ? 'compare' : 'unstaged');
      text = await snapshot.host.gitDiff(scope, scope === 'compare' ? req.base_ref : undefined);
    }
    return fitToBudget(detectFromDiff(snapshot, text, req.limit), req);
  },
});

/** Cuts the answer's lists to `max_chars` (or pages one list with `section`/`offset`). */
function fitToBudget(full: DetectChangesResult, req: DetectChangesRequest): DetectChangesResponse {
  const lists = Object.fromEntries(DETECT_SECTIONS.map((k) => [k, full[k] as readonly unknown[]])) as Record<DetectSection, readonly unknown[]>;
  const empty = { ...full, ...Object.fromEntries(DETECT_SECTIONS.map((k) => [k, []])) };
  if (!req.section && jsonSize(full) <= req.max_chars) return full;
  const sections = DETECT_SECTIONS.map((name) => ({ name, items: lists[name], weight: WEIGHTS[name] }));
  const { kept, cuts } = fitSections(sections, req.max_chars, jsonSize(empty), req.section, req.offset ?? 0);
  const out = { ...full } as DetectChangesResponse;
  for (const name of DETECT_SECTIONS) (out as unknown as Record<string, unknown>)[name] = kept.get(name);
  if (cuts.length) { out.truncated = true; out.more = cuts; }
  return out;
}
