/** Error codes every channel reports the same way (DESIGN.md §6). */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  REPO_REQUIRED: 400,
  REPO_NOT_FOUND: 404,
  SYMBOL_NOT_FOUND: 404,
  CYPHER_SYNTAX: 400,
  READ_ONLY: 403,
  STALE_INDEX: 409,
  PAYLOAD_TOO_LARGE: 413,
  TIMEOUT: 504,
  INTERNAL: 500,
  // Not in the DESIGN table but needed at the edges; mapped to the closest HTTP meaning.
  NOT_FOUND: 404,        // unknown route / path / resource
  GIT_ERROR: 400,        // not a git repository, unknown ref
  INVALID_PATH: 400,     // analyze path missing, not a directory
  RENAME_REFUSED: 409,   // collision, same name, library symbol
  INDEX_MISSING: 404,    // repository registered but its snapshot is gone
  FORBIDDEN: 403,        // servers: Host header or Origin refused (DNS rebinding, cross-origin browser request)
  UNSUPPORTED_MEDIA_TYPE: 415, // servers: a request body that is not application/json
  BUSY: 503,             // servers: as many expensive queries running and waiting as the server takes at once
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An expected failure, carried as a value with a code until the edge of the program (HTTP, MCP, CLI)
 * turns it into output. `details` is JSON-safe extra data (field errors, candidates, suggestions).
 */
export class CodegraphError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'CodegraphError';
    this.code = code;
    this.details = details;
  }
  /** HTTP status for this error's code. */
  get status(): number { return ERROR_STATUS[this.code]; }
  /** The wire body: `{error: {code, message, details?}}`. */
  toBody(): { error: { code: ErrorCode; message: string; details?: unknown } } {
    return { error: { code: this.code, message: this.message, ...(this.details !== undefined ? { details: this.details } : {}) } };
  }
}

/** Normalises anything thrown into a CodegraphError; unknown errors become INTERNAL without their stack. */
export function toCodegraphError(err: unknown): CodegraphError {
  if (err instanceof CodegraphError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new CodegraphError('INTERNAL', `internal error: ${message}`);
}

/** True when `x` is a CodegraphError (also across bundle copies of this module). */
export function isCodegraphError(x: unknown): x is CodegraphError {
  return x instanceof CodegraphError || (typeof x === 'object' && x !== null && (x as { name?: unknown }).name === 'CodegraphError' && typeof (x as { code?: unknown }).code === 'string');
}

/** REPO_NOT_FOUND for a repository asked for by `repo`, listing the names of those indexed (`(none)` when empty). */
export function repoNotFound(repo: string, names: readonly string[]): CodegraphError {
  return new CodegraphError('REPO_NOT_FOUND', `no indexed repository '${repo}'; known: ${names.length ? names.join(', ') : '(none)'}`, { repos: [...names] });
}
