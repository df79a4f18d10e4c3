/**
 * The Cypher engine's public entry: parse → compile (semantic checks, planning) → execute under a budget.
 * `runCypher` is read-only by construction: it never enables the parser's test-only write mode.
 */
import { compileQuery, type CompiledQuery } from './compile.ts';
import { CypherError } from './errors.ts';
import type { PropertyGraph } from './graph.ts';
import { jsonSize, toJSONValue } from './output.ts';
import { parse } from './parser.ts';
import { Budget, type BudgetOptions, type ExecCtx } from './runtime.ts';
import { fromHost, setKey, type Value } from './values.ts';

export { codeGraphView } from './code-graph-adapter.ts';
export { MemoryGraph, type PropertyGraph, type MutableGraph } from './graph.ts';
export { CypherError, toCodegraphCypherError } from './errors.ts';

export interface CypherResult {
  columns: string[];
  /** One object per row, keyed by column name. */
  rows: Record<string, unknown>[];
  row_count: number;
  /** True when more rows existed than `maxRows` allowed. */
  truncated: boolean;
  /** Present when a limit may have shortened the answer in another way (capped unbounded `*` paths). */
  warnings?: string[];
}

export interface RunOptions extends BudgetOptions {
  /** Rows returned at most (default 1000); further rows set `truncated`. */
  maxRows?: number;
}

export const DEFAULT_MAX_ROWS = 1000;

/** Runs a read-only query; throws CypherError (map with toCodegraphCypherError at the edge). */
export function runCypher(graph: PropertyGraph, query: string, params: Record<string, unknown> = {}, options: RunOptions = {}): CypherResult {
  return guard(() => {
    const compiled = prepare(graph, query, params, false);
    const budget = new Budget(options);
    const warnings = new Set<string>(compiled.warnings);
    const ctx: ExecCtx = { graph, params: paramMap(params), budget, warnings };
    const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
    const rows: Record<string, unknown>[] = [];
    let truncated = false;
    const { columns, colSlots } = compiled;
    // The answer is sent as one JSON text: its size is counted row by row against the output budget.
    let room = budget.opts.maxOutputChars;
    for (const row of compiled.run(ctx)) {
      if (rows.length >= maxRows) { truncated = true; break; }
      const o: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) setKey(o, columns[i], toJSONValue(row[colSlots[i]], graph));
      room -= jsonSize(o, room);
      if (room < 0) {
        if (rows.length === 0) {
          throw new CypherError('Budget', 'runtime', `the first row alone is larger than the answer budget of ${budget.opts.maxOutputChars} characters; return fewer or smaller values`, { budget: 'output' });
        }
        truncated = true;
        warnings.add(`rows stop at ${rows.length}: the answer reached its budget of ${budget.opts.maxOutputChars} characters; return fewer columns or add LIMIT`);
        break;
      }
      rows.push(o);
    }
    budget.checkTime();
    return { columns, rows, row_count: rows.length, truncated, ...(warnings.size ? { warnings: [...warnings] } : {}) };
  });
}

/** The plan the engine would run (one line per MATCH step), for tests and debugging. */
export function explainCypher(graph: PropertyGraph, query: string, params: Record<string, unknown> = {}): string[] {
  return guard(() => prepare(graph, query, params, false).plan);
}

/** Parses and compiles; `allowWrites` is reserved for the TCK loader (see testing.ts). */
export function prepare(graph: PropertyGraph, query: string, params: Record<string, unknown>, allowWrites: boolean): CompiledQuery {
  const ast = parse(query, { allowWrites });
  return compileQuery(ast, query, graph, paramMap(params), { allowWrites });
}

export function paramMap(params: Record<string, unknown>): Map<string, Value> {
  const m = new Map<string, Value>();
  for (const k of Object.keys(params)) m.set(k, fromHost(params[k]));
  return m;
}

/** Turns JS engine limits hit by a query (deep recursion, huge strings) into budget errors. */
export function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) {
      throw new CypherError('Budget', 'runtime', `query exceeded an engine limit: ${e.message}`, { budget: 'memory' });
    }
    throw e;
  }
}
