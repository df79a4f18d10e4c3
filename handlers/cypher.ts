/** `cypher`: read-only openCypher over the snapshot's graph (DESIGN.md §5; language and limits in docs/cypher.md). */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import { codeGraphView } from '../lib/cypher/code-graph-adapter.ts';
import { toCodegraphCypherError } from '../lib/cypher/errors.ts';
import { DEFAULT_MAX_ROWS, runCypher, type CypherResult } from '../lib/cypher/index.ts';
import { DEFAULT_MAX_CHARS, maxCharsField } from './budget.ts';

export interface CypherRequest {
  query?: string;
  /** Alias of `query`. */
  statement?: string;
  params: Record<string, unknown>;
  max_rows: number;
  max_chars: number;
  repo?: string;
}

export type CypherResponse = CypherResult;

/** Longest query text accepted (a query is a few lines; anything larger is a mistake or an attack). */
export const MAX_QUERY_LENGTH = 100_000;
/** Largest `max_chars` a caller may ask for: the engine's own output budget. */
export const MAX_ANSWER_CHARS = 64_000_000;
/** Largest `max_rows` a caller may ask for. */
export const MAX_ROWS_LIMIT = 100_000;

const schema = Joi.object({
  query: Joi.string().min(1).max(MAX_QUERY_LENGTH).description('Cypher query (read-only: MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION)'),
  statement: Joi.string().min(1).max(MAX_QUERY_LENGTH).description('Alias of query (use it when your client drops an argument named `query`)'),
  params: Joi.object().unknown(true).default({}).description('Query parameters, referenced as $name'),
  max_rows: Joi.number().integer().min(1).max(MAX_ROWS_LIMIT).default(DEFAULT_MAX_ROWS)
    .description(`Most rows returned (default ${DEFAULT_MAX_ROWS}); truncated is true when more existed`),
  max_chars: maxCharsField(DEFAULT_MAX_CHARS, MAX_ANSWER_CHARS),
  repo: repoField,
}).xor('query', 'statement');

export const cypher = defineTool<CypherRequest, Snapshot, CypherResponse>({
  name: 'cypher',
  description: [
    'Read-only openCypher query over the code graph; returns {columns, rows, row_count, truncated}, rows keyed by column.',
    'Node labels: File, Folder, Function, Class, Method, Interface, TypeAlias, Enum, Variable, Property, Community, Process.',
    'Node properties: uid (also n.id), name, label, kind, filePath, line (also n.startLine), endLine, exported, signature,',
    'doc, module. Every relationship is a CodeRelation whose `type` property is CONTAINS, DEFINES, HAS_METHOD, IMPORTS,',
    'CALLS, EXTENDS, IMPLEMENTS, OVERRIDES (a method to the method it overrides or implements), REFERENCES, MEMBER_OF or',
    'STEP_IN_PROCESS (plus confidence, reason, line, count, step);',
    "[:CALLS] and [:CALLS|IMPORTS] are shorthands for [:CodeRelation {type: 'CALLS'}]; type(r) is 'CodeRelation', use r.type.",
    "Example: MATCH (c)-[:CALLS]->(f:Function {name: 'validateUser'}) RETURN c.name, c.filePath.",
    'Write clauses are refused (READ_ONLY); queries have a 5 s budget (TIMEOUT); unbounded * paths stop at 10 hops.',
    `Rows stop at max_rows or when the answer reaches max_chars (default ${DEFAULT_MAX_CHARS.toLocaleString('en-US')} characters, about 7k tokens):`,
    'truncated is then true; read on with ORDER BY … SKIP n, return fewer columns, or raise max_chars.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(req, snapshot) {
    const text = (req.query ?? req.statement)!;
    try {
      return runCypher(codeGraphView(snapshot.graph), text, req.params, { maxRows: req.max_rows, maxOutputChars: req.max_chars === MAX_ANSWER_CHARS ? MAX_ANSWER_CHARS : req.max_chars - 200 });
    } catch (err) {
      throw toCodegraphCypherError(err);
    }
  },
});
