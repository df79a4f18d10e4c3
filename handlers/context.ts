/** `context`: everything about one symbol in one call (DESIGN.md §5). */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import { lookupSymbol, type SymbolCandidate } from '../lib/symbols/lookup.ts';
import { symbolContext } from '../lib/symbols/context.ts';
import { overloadSetContext, overloadSetOf } from '../lib/symbols/overloads.ts';
import { stubSetOf } from '../lib/symbols/stubs.ts';
import { DEFAULT_MAX_CHARS, maxCharsField, offsetField } from './budget.ts';
import { CONTEXT_SECTIONS, fitContext, type BudgetedContext, type ContextSection } from './context-budget.ts';
import { fitAmbiguous } from './impact-budget.ts';

export interface ContextRequest {
  name?: string;
  uid?: string;
  file_path?: string;
  kind?: string;
  include_content: boolean;
  max_chars: number;
  section?: ContextSection;
  offset?: number;
  repo?: string;
}

export interface AmbiguousResult {
  status: 'ambiguous';
  message: string;
  /** The best candidates, as many as the budget holds. */
  candidates: SymbolCandidate[];
  /** Every candidate, listed or not. */
  candidate_count: number;
  truncated: boolean;
}

export type ContextResponse = BudgetedContext | AmbiguousResult;

/** Request fields shared by the symbol-addressed tools. */
export const symbolFields = {
  file_path: Joi.string().min(1).max(4096).description('Path of the defining file (relative; a suffix is enough) to pick among same-named symbols'),
  kind: Joi.string().min(1).max(100).description('Symbol kind: Function, Class, Method, Interface, TypeAlias, Enum, Variable, Property (or a language kind)'),
};

const schema = Joi.object({
  name: Joi.string().trim().min(1).max(1000).description('Symbol name, plain (`validate`) or qualified (`UserService.validate`)'),
  uid: Joi.string().min(1).max(4096).description('Symbol uid from an earlier result; exact, needs no disambiguation'),
  ...symbolFields,
  include_content: Joi.boolean().default(false).description('Include the symbol\'s source text in `symbol.content`'),
  max_chars: maxCharsField(DEFAULT_MAX_CHARS),
  section: Joi.string().valid(...CONTEXT_SECTIONS).description('Read only this list (or the source text, by lines), from offset: after an answer whose `more` names it'),
  offset: offsetField,
  repo: repoField,
}).or('name', 'uid').with('offset', 'section');

export const context = defineTool<ContextRequest, Snapshot, ContextResponse>({
  name: 'context',
  description: [
    '360-degree view of one symbol: where it is defined, who calls / imports / extends / implements / overrides /',
    'references it (incoming) and what it calls, imports, extends, overrides and references (outgoing), each with',
    'confidence and the reason it was resolved (a method\'s `overrides`: the methods it overrides or implements, and',
    'those overriding it); the execution flows (processes) it takes part in with its step; its module. For a class, its',
    'methods with their callers. Look up by `uid` (exact) or `name` narrowed by `file_path` / `kind`. Several',
    'matches return status "ambiguous" with ranked candidates; pass one candidate\'s uid to continue. The overloads of',
    'one method are answered together: `overloads` lists them, each relation\'s `via` names the overload it belongs to;',
    'so are a module\'s declaration and its stub file\'s (Python\'s `m.pyi` beside `m.py`).',
    `The answer keeps to max_chars (default ${DEFAULT_MAX_CHARS.toLocaleString('en-US')} characters, about 7k tokens): \`counts\` are`,
    'exact, callers and callees come first, long lists are cut, and `more` names each cut list with the',
    '`section` and `offset` that read on.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(req, snapshot) {
    const found = lookupSymbol(snapshot.graph, { uid: req.uid, name: req.name, filePath: req.file_path, kind: req.kind });
    const withContent = req.include_content || req.section === 'content';
    if (found.status === 'ambiguous') {
      // the overloads of one method are one answer, not a choice to make (docs/tools.md § Overload sets)
      const set = overloadSetOf(snapshot.graph, found.candidates);
      if (!set) return fitAmbiguous(found, req.max_chars);
      return fitContext(overloadSetContext(snapshot, set, withContent), req.max_chars, req.section, req.offset);
    }
    // a declaration and its stub file's (or its module's) are one symbol: the callers of either concern both
    const stubbed = stubSetOf(snapshot.graph, found.node);
    if (stubbed) return fitContext(overloadSetContext(snapshot, stubbed, withContent), req.max_chars, req.section, req.offset);
    return fitContext(symbolContext(snapshot, found.node, withContent), req.max_chars, req.section, req.offset);
  },
});
