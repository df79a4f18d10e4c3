/** `detect_changes`: which symbols and flows a git diff touches, and how risky it is (DESIGN.md §5). */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { DiffScope, Snapshot } from '../index-store/snapshot.ts';
import { detectFromDiff, type DetectChangesResult } from '../lib/git/detect.ts';

export interface DetectChangesRequest {
  scope?: DiffScope;
  base_ref?: string;
  diff?: string;
  limit: number;
  repo?: string;
}

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
  repo: repoField,
});

export const detectChanges = defineTool<DetectChangesRequest, Snapshot, DetectChangesResult>({
  name: 'detect_changes',
  description: [
    'Maps a git diff onto the code graph: which symbols were added, modified or deleted (deleted lines count), the',
    'symbols that depend on them (callers up to 3 hops, tests excluded), the execution flows touched with their',
    'changed steps, and a risk level none/low/medium/high/critical. scope: unstaged (default), staged, all, or',
    'compare with base_ref; or pass `diff` text and git is not asked. Use after editing to verify the effect.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(req, snapshot) {
    let text = req.diff;
    if (text === undefined) {
      const scope: DiffScope = req.scope ?? (req.base_ref ? 'compare' : 'unstaged');
      text = await snapshot.host.gitDiff(scope, scope === 'compare' ? req.base_ref : undefined);
    }
    return detectFromDiff(snapshot, text, req.limit);
  },
});
