/** `impact`: blast radius of a symbol, by depth (DESIGN.md §5; risk rules in docs/tools.md). */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { symbolFields, type AmbiguousResult } from './context.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import { REL_TYPES, type GraphNode, type RelType } from '../lib/graph/schema.ts';
import { lookupSymbol } from '../lib/symbols/lookup.ts';
import { overloadSetOf } from '../lib/symbols/overloads.ts';
import { stubSetOf } from '../lib/symbols/stubs.ts';
import { analyzeImpact } from '../lib/symbols/impact.ts';
import { DEFAULT_MAX_CHARS, maxCharsField, offsetField } from './budget.ts';
import { IMPACT_SECTIONS, fitAmbiguous, fitImpact, type BudgetedImpact, type ImpactSection } from './impact-budget.ts';
import { DEPENDENCY_TYPES, type Direction } from '../lib/symbols/traverse.ts';

export interface ImpactRequest {
  target?: string;
  target_uid?: string;
  direction: Direction;
  maxDepth: number;
  relationTypes: RelType[];
  includeTests: boolean;
  minConfidence: number;
  limit: number;
  max_chars: number;
  section?: ImpactSection;
  offset?: number;
  file_path?: string;
  kind?: string;
  repo?: string;
}

export type ImpactResponse = BudgetedImpact | AmbiguousResult;

/** Deepest traversal allowed: beyond this the whole graph is usually reached and the answer says little. */
export const MAX_DEPTH = 10;

const schema = Joi.object({
  target: Joi.string().trim().min(1).max(1000).description('Symbol name, plain or qualified (`UserService.validate`)'),
  target_uid: Joi.string().min(1).max(4096).description('Symbol uid from an earlier result (exact)'),
  direction: Joi.string().lowercase().valid('upstream', 'downstream').default('upstream')
    .description('upstream: what depends on the target (breaks if it changes); downstream: what the target depends on'),
  maxDepth: Joi.number().integer().min(1).max(MAX_DEPTH).default(3).description('Hops to follow'),
  relationTypes: Joi.array().items(Joi.string().uppercase().valid(...REL_TYPES)).single().min(1).default([...DEPENDENCY_TYPES])
    .description(`Relations to follow; default ${DEPENDENCY_TYPES.join(', ')}`),
  includeTests: Joi.boolean().default(false).description('Include symbols in test files (*.test.*, *.spec.*, test/ and __tests__/ folders)'),
  minConfidence: Joi.number().min(0).max(1).default(0).description('Ignore edges resolved with lower confidence (0..1)'),
  limit: Joi.number().integer().min(1).max(100_000).default(2000).description('Most symbols listed in byDepth; counts cover everything and `truncated` says when the list was cut'),
  max_chars: maxCharsField(DEFAULT_MAX_CHARS),
  section: Joi.string().valid(...IMPACT_SECTIONS).description('Read only this list from offset (byDepth in its nearest-first order; unresolved: its sites; targetMembers: the target\'s own members): after an answer whose `more` names it'),
  offset: offsetField,
  ...symbolFields,
  repo: repoField,
}).or('target', 'target_uid').with('offset', 'section');

export const impact = defineTool<ImpactRequest, Snapshot, ImpactResponse>({
  name: 'impact',
  description: [
    'Blast radius of changing a symbol. upstream (default): every symbol that calls, imports, extends, implements or',
    'references it, transitively up to maxDepth (default 3); downstream: what it depends on. Each impacted symbol',
    'appears once, at its shortest depth, with the relation and confidence that reached it. For a class the callers',
    'of its methods and constructor count. Overrides (relation OVERRIDES) are followed: an override\'s callers include',
    'those calling the method it overrides; an abstract or interface method reaches its implementations. Also: affected processes (earliest step hit), affected modules, and a',
    'risk level LOW/MEDIUM/HIGH/CRITICAL. Test files are excluded unless includeTests is true. Use before changing',
    'or renaming a widely used symbol. `unresolved` lists the call sites the index could not resolve whose name may',
    'run the target (a method: calls on a receiver; a function or class: any call of its name); they are not in',
    'impactedCount nor the risk level, and riskReason mentions them: read them before calling a change safe.',
    `The answer keeps to max_chars (default ${DEFAULT_MAX_CHARS.toLocaleString('en-US')} characters, about 7k tokens): impactedCount and`,
    'summary count everything, direct dependents (depth 1) come first, and `more` names each cut list with',
    'the `section` and `offset` that read on.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(req, snapshot) {
    const found = lookupSymbol(snapshot.graph, { uid: req.target_uid, name: req.target, filePath: req.file_path, kind: req.kind });
    // the overloads of one method are one target, as a class's members are part of it (docs/tools.md § Overload sets)
    // (and so are a declaration and its stub file's, or its module's)
    const set = found.status === 'ambiguous' ? overloadSetOf(snapshot.graph, found.candidates) : stubSetOf(snapshot.graph, found.node);
    if (found.status === 'ambiguous' && !set) return fitAmbiguous(found, req.max_chars);
    const target = set ? set[0] : (found as { node: GraphNode }).node;
    const relationTypes = REL_TYPES.filter((t) => req.relationTypes.includes(t));
    const offset = req.offset ?? 0;
    const full = analyzeImpact(snapshot.graph, target, {
      direction: req.direction, maxDepth: req.maxDepth, relationTypes, minConfidence: req.minConfidence,
      includeTests: req.includeTests, limit: req.section === 'byDepth' ? offset + req.limit : req.limit,
    }, set?.slice(1), snapshot.unresolved);
    return fitImpact(full, req.max_chars, req.section, offset);
  },
});
