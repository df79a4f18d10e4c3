/**
 * The shape of each tool's answer, declared once so clients know it (MCP `outputSchema`) and tests can hold
 * every handler to it. Objects accept fields beyond those listed (a new field is not a breaking change); the
 * listed ones are checked for type and presence.
 */
import Joi from 'joi';

const str = () => Joi.string().allow('');
/** The cut lists of an answer over its budget, with the section and offset that read on. */
const more = Joi.array().items(Joi.object({ section: Joi.string().required(), shown: Joi.number().integer().required(), total: Joi.number().integer().required(), next_offset: Joi.number().integer().required() }).unknown(true))
  .description('Lists cut to the size budget: pass section and next_offset as offset to read on');
const int = () => Joi.number().integer();
const open = (keys: Joi.PartialSchemaMap) => Joi.object(keys).unknown(true);

const candidate = open({
  uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
  qualifiedName: str(), exported: Joi.boolean(),
});
/** Fields of an ambiguous lookup (context, impact): status "ambiguous", a message and ranked candidates. */
const ambiguous = {
  message: str().description('Why the lookup is ambiguous and how to pick one'),
  candidates: Joi.array().items(candidate).description('Matching symbols, best first; pass one uid to continue'),
  candidate_count: int().description('Every matching symbol, listed or not'),
};
const side = open({ calls: int().required(), imports: int().required(), extends: int().required(), implements: int().required(), overrides: int().required(), references: int().required() });

const related = open({
  uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
  confidence: Joi.number().required(), reason: str().required(), count: int().required(), siteLine: int(), via: str(),
});
const relations = open({
  calls: Joi.array().items(related).required(), imports: Joi.array().items(related).required(), extends: Joi.array().items(related).required(),
  implements: Joi.array().items(related).required(), overrides: Joi.array().items(related).required(), references: Joi.array().items(related).required(),
});

/** Unresolved call sites (docs/tools.md § Unresolved calls): an exact count and the sites listed within the budget. */
const unresolvedCalls = open({
  count: int().required(),
  sites: Joi.array().items(open({ filePath: str().required(), line: int().required(), name: str().required(), from: str().required() })).required(),
});

const context = open({
  status: Joi.string().valid('found', 'ambiguous').required().description('"found", or "ambiguous" with candidates'),
  symbol: open({
    uid: str().required(), name: str().required(), type: str().required(), qualifiedName: str().required(), filePath: str().required(),
    line: int().required(), endLine: int().required(), exported: Joi.boolean().required(),
    kind: str(), module: str(), signature: str(), doc: str(), content: str(), contentStale: Joi.boolean(), generated: Joi.boolean(),
    overridesOutside: str().description('A method: the member declared outside the repository it overrides or implements (`Map.set`)'),
    unknownBases: Joi.array().items(Joi.string()).description('A class or interface: its bases outside the repository whose members are not known'),
  }),
  container: open({ uid: str().required(), name: str().required(), type: str().required() }),
  incoming: relations.description('Who calls, imports, extends, implements, overrides, references the symbol'),
  outgoing: relations.description('What the symbol calls, imports, extends, implements, overrides, references'),
  members: Joi.array().items(open({ uid: str().required(), name: str().required(), type: str().required(), line: int().required(), callers: Joi.array().items(related), callerCount: int() })),
  processes: Joi.array().items(open({ uid: str().required(), name: str().required(), step: int().required(), steps: int().required(), via: str() })),
  unresolved: unresolvedCalls.description('Call sites the index could not resolve whose name may run the symbol (no incoming.calls item): count exact, sites by file and line'),
  counts: open({ incoming: side.required(), outgoing: side.required(), members: int().required(), processes: int().required(), unresolved: int() }).description('Exact size of every list'),
  truncated: Joi.boolean().description('Some lists were cut to the size budget; `counts` are exact'),
  more,
  ...ambiguous,
});

const impacted = open({
  uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
  relationType: str().required(), confidence: Joi.number().required(), via: str().required(), module: str(),
});
const impact = open({
  status: Joi.string().valid('ambiguous').description('Present only when the target was ambiguous'),
  target: open({ uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(), module: str(), overridesOutside: str() }),
  direction: Joi.string().valid('upstream', 'downstream'),
  maxDepth: int(), relationTypes: Joi.array().items(Joi.string()), minConfidence: Joi.number(), includeTests: Joi.boolean(),
  impactedCount: int().description('Every impacted symbol, listed or not'),
  risk: Joi.string().valid('LOW', 'MEDIUM', 'HIGH', 'CRITICAL'), riskReason: str(),
  summary: open({ direct: int().required(), processes_affected: int().required(), modules_affected: int().required(), by_depth: Joi.object().pattern(/^\d+$/, int()) }),
  byDepth: Joi.object().pattern(/^\d+$/, Joi.array().items(impacted)).description('Impacted symbols by depth, nearest first'),
  affected_processes: Joi.array().items(open({ uid: str().required(), name: str().required(), steps: int().required(), step: int().required(), symbol: str().required(), depth: int().required(), hits: int().required() })),
  affected_modules: Joi.array().items(open({ name: str().required(), impacted: int().required(), direct: int().required() })),
  targetMembers: Joi.array().items(Joi.string()).description("The target's own members (a class's methods and properties, a file's symbols, an overload set's others), cut to the budget"),
  targetMemberCount: int().description('Every member of the target, present when targetMembers is cut'),
  unresolved: unresolvedCalls.description('upstream: call sites the index could not resolve whose name may run the target; downstream: unresolved calls made inside it. Not counted in impactedCount nor in the risk level'),
  truncated: Joi.boolean().description('byDepth lists fewer symbols than impactedCount'),
  more,
  ...ambiguous,
});

const querySymbol = open({
  uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
  module: str().required(), process: str().required(), process_uid: str(), content: str(),
});
const query = open({
  processes: Joi.array().items(open({
    name: str().required(), relevance: Joi.number().required(), steps: int().required(), module: str().required(),
    summary: str(), priority: Joi.number(), symbol_count: int(), uid: str(),
  })).required().description('Ranked execution flows'),
  process_symbols: Joi.array().items(querySymbol).required().description('Symbols of the returned flows'),
  definitions: Joi.array().items(open({ name: str().required(), type: str().required(), filePath: str().required(), line: int().required(), content: str() }))
    .description('Matches that take part in no flow'),
  warnings: Joi.array().items(Joi.string()),
});

const changedSymbol = open({
  uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
  endLine: int(), change_type: Joi.string().valid('added', 'modified', 'deleted').required(), indexed: Joi.boolean(),
});
const detectChanges = open({
  summary: open({
    changed_files: int().required(), changed_count: int().required(), affected_count: int().required(),
    risk_level: Joi.string().valid('none', 'low', 'medium', 'high', 'critical').required(), risk_reason: str(),
    added: int(), modified: int(), deleted: int(), processes_affected: int(), modules_affected: int(),
  }).required(),
  changed_symbols: Joi.array().items(changedSymbol).required(),
  affected_processes: Joi.array().items(open({
    name: str().required(), uid: str(), steps: int(),
    changed_steps: Joi.array().items(open({ uid: str(), name: str().required(), step: int().required(), change_type: str() })).required(),
    affected_steps: Joi.array().items(open({ uid: str(), name: str().required(), step: int().required(), depth: int() })),
  })).required(),
  affected_symbols: Joi.array().items(open({
    uid: str().required(), name: str().required(), type: str().required(), filePath: str().required(), line: int().required(),
    depth: int().required(), relationType: str().required(), via: str().required(),
  })),
  affected_modules: Joi.array().items(Joi.string()),
  files: Joi.array().items(open({ path: str().required(), old_path: str(), status: str().required(), binary: Joi.boolean(), additions: int(), deletions: int(), index: str(), symbols: int() })),
  truncated: Joi.boolean(),
  more,
});

const renamedSymbol = open({ uid: str().required(), name: str().required(), type: str().required(), filePath: str(), line: int() });
const rename = open({
  changes: Joi.array().items(open({
    file_path: str().required(),
    edits: Joi.array().items(open({
      line: int().required(), column: int(), old_text: str().required(), new_text: str().required(),
      confidence: Joi.string().valid('graph', 'text_search').required(), context: str().required(), kind: str(), apply: Joi.boolean(),
    })).required(),
  })).required().description('Proposed edits grouped by file'),
  summary: open({
    totalEdits: int().required(), filesAffected: int().required(), graphEdits: int().required(), textSearchEdits: int().required(),
    editsToApply: int(), filesToWrite: int(),
  }).required(),
  applied: Joi.boolean().required().description('true when the edits were written to disk'),
  applied_edits: int(), symbol: renamedSymbol, new_name: str(), tied_symbols: Joi.array().items(renamedSymbol),
  tied_symbol_count: int().description('Every symbol renamed with it, present when tied_symbols is cut to its quarter of the budget'), warnings: Joi.array().items(Joi.string()),
  truncated: Joi.boolean().description('The listing of edits was cut to the size budget (the summary counts them all)'),
  more,
});

const cypher = open({
  columns: Joi.array().items(Joi.string()).required(),
  rows: Joi.array().items(Joi.object().unknown(true)).required().description('One object per row, keyed by column'),
  row_count: int().required().description('Rows in this answer'),
  truncated: Joi.boolean().required().description('More rows existed than were returned'),
  warnings: Joi.array().items(Joi.string()),
});

const listRepos = open({
  repos: Joi.array().items(open({
    name: str().required(), path: str().required(), indexedAt: str().required(), lastCommit: Joi.string().allow(null).required(),
    stats: open({ files: int().required(), nodes: int().required(), edges: int().required(), communities: int().required(), processes: int().required(), embeddings: int().required() }).required(),
  })).required(),
});

/** Each tool's answer schema, by wire name. */
export const OUTPUT_SCHEMAS: Readonly<Record<string, Joi.ObjectSchema>> = {
  query, context, impact, detect_changes: detectChanges, rename, cypher, list_repos: listRepos,
};
