/**
 * Test-only entry point: run a query and get engine values back (the TCK compares them with expected values),
 * optionally with the write mode that lets the TCK's setup queries CREATE the scenario graph.
 * Nothing in production imports this module.
 */
import { compileQuery } from './compile.ts';
import type { PropertyGraph } from './graph.ts';
import { guard } from './index.ts';
import { parse } from './parser.ts';
import { Budget, type BudgetOptions, type ExecCtx } from './runtime.ts';
import type { Value } from './values.ts';

export interface ValueResult {
  columns: string[];
  rows: Value[][];
}

/** Runs `query` with Cypher-valued parameters and returns raw values per row (columns in order). */
export function runForTest(graph: PropertyGraph, query: string, params: ReadonlyMap<string, Value> = new Map(), options: BudgetOptions & { allowWrites?: boolean } = {}): ValueResult {
  return guard(() => {
    const allowWrites = options.allowWrites === true;
    const compiled = compileQuery(parse(query, { allowWrites }), query, graph, params, { allowWrites });
    const ctx: ExecCtx = { graph, params, budget: new Budget(options) };
    const rows: Value[][] = [];
    for (const row of compiled.run(ctx)) rows.push(compiled.colSlots.map((s) => row[s] ?? null));
    return { columns: compiled.columns, rows };
  });
}
