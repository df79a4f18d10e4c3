/** Compile-time scopes and the environment the expression compiler and the matcher share. */
import type { Expr, PatternPart, Query } from './ast.ts';
import type { CypherError, CypherErrorKind } from './errors.ts';
import type { PropertyGraph } from './graph.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import type { Value } from './values.ts';
import type { SType } from './types.ts';

/** What a variable holds, as far as the compiler knows ('value' = anything). */
export type VarKind = 'node' | 'rel' | 'relList' | 'path' | 'value';

export interface VarInfo {
  slot: number;
  kind: VarKind;
  /** Hidden variables (anonymous pattern elements) are never visible to RETURN *. */
  hidden?: boolean;
  /** Static type of a 'value' variable, when known (e.g. `WITH 1 AS x`). */
  stype?: SType;
}

export type Scope = ReadonlyMap<string, VarInfo>;

/** A compiled pattern match: extends one input row into zero or more rows. */
export interface MatchPlan {
  run(row: Row, ctx: ExecCtx): Iterable<Row>;
  /** Push mode: calls `cb` per match with a row valid only during the call (faster for consumers that fold). */
  each(row: Row, ctx: ExecCtx, cb: (row: Row) => void): void;
  /** Input scope plus the pattern's variables. */
  scope: Scope;
  /** Slots the match binds (set to null by OPTIONAL MATCH when nothing matched). */
  newSlots: number[];
  /** Human-readable plan (for tests and EXPLAIN-like debugging). */
  describe: string[];
}

/** One aggregate call found in a projection. */
export interface AggSpec {
  name: string;
  distinct: boolean;
  star: boolean;
  arg?: Ev;
  extra?: Ev;
  /** Where the aggregate's result is stored in the output row. */
  slot: number;
  /** Structural key, so identical calls share one accumulator. */
  key: string;
}

/** Options that change how an expression compiles. */
export interface ExprOpts {
  /** Aggregates allowed here (projection items, ORDER BY of an aggregating projection). */
  agg?: AggSpec[];
  /** True inside an aggregate's argument (nested aggregates are refused). */
  inAgg?: boolean;
  /** Sub-expressions equal (structurally) to a key read that slot instead (projection items, grouping keys). */
  subst?: ReadonlyMap<string, number>;
  /** Where the aggregation is not allowed, the clause name for the message. */
  where?: string;
}

/** Services the expression compiler needs from the query compiler. */
export interface CompileEnv {
  readonly src: string;
  readonly graph: PropertyGraph;
  readonly params: ReadonlyMap<string, Value>;
  newSlot(): number;
  /** Notes for the caller about a query that is valid but probably not what was meant. */
  warn(message: string): void;
  /** A compile-time error at an offset (SyntaxError unless another class is given). */
  error(at: number, detail: string, message: string, kind?: CypherErrorKind): CypherError;
  /** Compiles a pattern with an optional WHERE against `scope` (pattern predicates, comprehensions, EXISTS). */
  compileMatch(parts: PatternPart[], where: Expr | undefined, scope: Scope, opts: { allowNewVars: boolean; optional?: boolean }): MatchPlan;
  /** Compiles a correlated subquery (EXISTS { MATCH … }); it yields rows for one input row. */
  compileSubquery(q: Query, scope: Scope): (row: Row, ctx: ExecCtx) => Iterable<Row>;
}
