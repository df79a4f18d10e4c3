/** Errors raised by the Cypher engine, classified like the openCypher TCK, mapped to codegraph codes at the edge. */
import { CodegraphError } from '../errors.ts';

/** Error classes of the openCypher TCK, plus the engine's own (ReadOnly, Budget). */
export type CypherErrorKind =
  | 'SyntaxError' | 'SemanticError' | 'TypeError' | 'ArgumentError' | 'ArithmeticError' | 'EntityNotFound'
  | 'ParameterMissing' | 'ProcedureError' | 'ReadOnly' | 'Budget';

export type CypherPhase = 'compile' | 'runtime';

export interface CypherErrorInit {
  /** TCK detail code, e.g. `UndefinedVariable`, `InvalidArgumentType`. */
  detail?: string;
  line?: number;
  column?: number;
  /** What the parser expected at the error position. */
  expected?: string[];
  /** Which budget was exceeded (Budget errors): time, rows, list, expansion. */
  budget?: string;
}

/** A failure of a Cypher query: where it happened (compile/runtime), what class, and the TCK detail. */
export class CypherError extends Error {
  readonly kind: CypherErrorKind;
  readonly phase: CypherPhase;
  readonly detail?: string;
  readonly line?: number;
  readonly column?: number;
  readonly expected?: string[];
  readonly budget?: string;
  constructor(kind: CypherErrorKind, phase: CypherPhase, message: string, init: CypherErrorInit = {}) {
    super(message);
    this.name = 'CypherError';
    this.kind = kind;
    this.phase = phase;
    this.detail = init.detail;
    this.line = init.line;
    this.column = init.column;
    this.expected = init.expected;
    this.budget = init.budget;
  }
}

/** A compile-time SyntaxError with a TCK detail code. */
export function syntaxError(detail: string, message: string, pos?: { line: number; column: number }, expected?: string[]): CypherError {
  return new CypherError('SyntaxError', 'compile', pos ? `${message} (line ${pos.line}, column ${pos.column})` : message, {
    detail, line: pos?.line, column: pos?.column, expected,
  });
}

/** A runtime error of the given class (TypeError, ArgumentError, …). */
export function runtimeError(kind: CypherErrorKind, detail: string, message: string): CypherError {
  return new CypherError(kind, 'runtime', message, { detail });
}

/**
 * Maps an engine error to the codegraph error every channel reports: compile-time problems are CYPHER_SYNTAX
 * (with line/column when known), write clauses READ_ONLY, exceeded budgets TIMEOUT, and runtime evaluation
 * errors (type mismatches, division by zero) VALIDATION_ERROR on the `query` field.
 */
export function toCodegraphCypherError(err: unknown): unknown {
  if (!(err instanceof CypherError)) {
    // JS engine limits (e.g. a string grown past V8's maximum) are the query's budget too.
    if (err instanceof RangeError) return new CodegraphError('TIMEOUT', `query exceeded its memory budget: ${err.message}`, { budget: 'memory' });
    return err;
  }
  const base = { kind: err.kind, ...(err.detail ? { detail: err.detail } : {}) };
  switch (err.kind) {
    case 'ReadOnly':
      return new CodegraphError('READ_ONLY', err.message, { ...base, ...(err.line ? { line: err.line, column: err.column } : {}) });
    case 'Budget':
      return new CodegraphError('TIMEOUT', err.message, { ...base, budget: err.budget });
    default:
      if (err.phase === 'compile') {
        return new CodegraphError('CYPHER_SYNTAX', err.message, {
          ...base, ...(err.line ? { line: err.line, column: err.column } : {}), ...(err.expected ? { expected: err.expected } : {}),
        });
      }
      return new CodegraphError('VALIDATION_ERROR', `invalid query: ${err.message}`, [{ field: 'query', message: err.message, ...base }]);
  }
}
