/** Execution-time types shared by the compiler, matcher and executor: rows, the context and the budget. */
import { CypherError } from './errors.ts';
import type { PropertyGraph } from './graph.ts';
import type { Value } from './values.ts';

/** A row: one value per variable slot (slots are allocated per query at compile time). */
export type Row = Value[];

/** A compiled expression. */
export type Ev = (row: Row, ctx: ExecCtx) => Value;

/** Limits for one query. Defaults protect a shared server from hostile or careless queries. */
export interface BudgetOptions {
  /** Wall-clock budget in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Maximum rows held at once by a buffering operator (ORDER BY, DISTINCT, aggregation; default 1,000,000). */
  maxMaterializedRows?: number;
  /** Maximum elements of one list value (range, collect, concatenation; default 1,000,000). */
  maxListSize?: number;
  /** Upper bound used for an unbounded variable-length relationship `*` / `*2..` (default 10). */
  maxVarLengthHops?: number;
  /** List elements a query may create in total, across all lists (default 10,000,000): bounds memory. */
  maxTotalListElements?: number;
  /** Longest string a query may build (concatenation, replace, toUpper, …; default 10,000,000 characters). */
  maxStringLength?: number;
  /** Characters a query may create in total in new strings (replace, toUpper, reverse, …; default 100,000,000): bounds memory. */
  maxTotalStringChars?: number;
  /** Size of the answer as JSON text (default 64,000,000 characters): rows stop there, with `truncated` and a warning. */
  maxOutputChars?: number;
}

export const DEFAULT_BUDGET: Required<BudgetOptions> = {
  timeoutMs: 5000,
  maxMaterializedRows: 1_000_000,
  maxListSize: 1_000_000,
  maxVarLengthHops: 10,
  maxTotalListElements: 10_000_000,
  maxStringLength: 10_000_000,
  maxTotalStringChars: 100_000_000,
  maxOutputChars: 64_000_000,
};

/** Cooperative budget: hot loops call tick(); every 1024 ticks the clock is read (JS is single-threaded). */
export class Budget {
  readonly deadline: number;
  readonly opts: Required<BudgetOptions>;
  private ticks = 0;
  constructor(opts: BudgetOptions = {}) {
    this.opts = { ...DEFAULT_BUDGET, ...stripUndefined(opts) };
    this.deadline = performance.now() + this.opts.timeoutMs;
  }
  /** Counts one unit of work; throws a Budget error once the time budget is spent. */
  tick(): void {
    if ((++this.ticks & 1023) === 0) this.checkTime();
  }
  /** Counts `n` units of work at once (bulk operations such as building a list). */
  tickMany(n: number): void {
    this.ticks += n;
    if (n >= 1024 || (this.ticks & 1023) < n) this.checkTime();
  }
  checkTime(): void {
    if (performance.now() > this.deadline) {
      throw new CypherError('Budget', 'runtime', `query exceeded its time budget of ${this.opts.timeoutMs} ms; narrow the pattern or add LIMIT`, { budget: 'time' });
    }
  }
  /** Refuses a list that would be longer than the list budget. */
  checkList(n: number): void {
    if (n > this.opts.maxListSize) {
      throw new CypherError('Budget', 'runtime', `a list of ${n} elements exceeds the budget of ${this.opts.maxListSize}`, { budget: 'list' });
    }
  }
  private allocated = 0;
  /** Counts `n` new list elements against the per-query total (memory proportional to what a query builds). */
  allocate(n: number): void {
    this.allocated += n;
    if (this.allocated > this.opts.maxTotalListElements) {
      throw new CypherError('Budget', 'runtime', `query built more than ${this.opts.maxTotalListElements} list elements in total`, { budget: 'list' });
    }
  }
  /** Refuses a string longer than the string budget. */
  checkString(n: number): void {
    if (n > this.opts.maxStringLength) {
      throw new CypherError('Budget', 'runtime', `a string of ${n} characters exceeds the budget of ${this.opts.maxStringLength}`, { budget: 'string' });
    }
  }
  private chars = 0;
  /**
   * Checks a new string of `n` characters before it is built: its length against the string budget, and the
   * characters all new strings of the query hold against the total (a concatenation shares its parts and is
   * checked by length only; replace, toUpper, reverse and the like copy).
   */
  allocateString(n: number): void {
    this.checkString(n);
    this.chars += n;
    if (this.chars > this.opts.maxTotalStringChars) {
      throw new CypherError('Budget', 'runtime', `query built more than ${this.opts.maxTotalStringChars} characters of strings in total`, { budget: 'string' });
    }
    this.tickMany(n >>> 6); // copying costs time too: one unit per 64 characters
  }
  /** Refuses buffering more rows than the materialisation budget. */
  checkRows(n: number): void {
    if (n > this.opts.maxMaterializedRows) {
      throw new CypherError('Budget', 'runtime', `query holds more than ${this.opts.maxMaterializedRows} intermediate rows; narrow the pattern or aggregate earlier`, { budget: 'rows' });
    }
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** What compiled code sees while running. */
export interface ExecCtx {
  graph: PropertyGraph;
  params: ReadonlyMap<string, Value>;
  budget: Budget;
  /** Notes for the caller about answers that limits may have shortened (e.g. capped `*` paths). */
  warnings?: Set<string>;
}
