/**
 * Row operators: lazy (pull) transformations of row streams for each clause, plus a push path that folding
 * consumers (aggregation) use to run a match without a generator hop per row.
 */
import { makeAccumulator, type Accumulator } from './aggregates.ts';
import { runtimeError } from './errors.ts';
import type { MutableGraph } from './graph.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import type { AggSpec, MatchPlan } from './scope.ts';
import { NodeVal, PathVal, RelVal, keyOf, keyOfAll, orderCompare, type Value } from './values.ts';

/** A lazy row operator: consumes input rows, produces output rows. */
export type Op = (input: Iterable<Row>, ctx: ExecCtx) => Iterable<Row>;


export function concat(parts: (() => Iterable<Row>)[]): Iterable<Row> {
  return (function* () { for (const p of parts) yield* p(); })();
}

/**
 * Rows that can also be pushed: folding consumers (aggregation) call pushEach, which runs the matcher in push
 * mode with no generator hop and no row copy per match.
 */
interface PushRows extends Iterable<Row> {
  pushEach(cb: (row: Row) => void): void;
}

/** Calls `cb` for every row of `rows`; the row is only valid during the call. */
export function eachRow(rows: Iterable<Row>, cb: (row: Row) => void): void {
  const p = rows as Partial<PushRows>;
  if (typeof p.pushEach === 'function') { p.pushEach(cb); return; }
  for (const row of rows) cb(row);
}

export function matchOp(plan: MatchPlan): Op {
  const pull = function* (input: Iterable<Row>, ctx: ExecCtx): Generator<Row> {
    for (const row of input) yield* plan.run(row, ctx);
  };
  return (input, ctx): PushRows => ({
    // The first clause gets a single blank row: skip one generator layer per produced row.
    [Symbol.iterator]: () => (Array.isArray(input) && input.length === 1 ? plan.run(input[0], ctx) : pull(input, ctx))[Symbol.iterator](),
    pushEach: (cb) => eachRow(input, (row) => plan.each(row, ctx, cb)),
  });
}

export function optionalMatchOp(plan: MatchPlan): Op {
  const newSlots = plan.newSlots;
  return function* (input, ctx) {
    for (const row of input) {
      let any = false;
      for (const r of plan.run(row, ctx)) { any = true; yield r; }
      if (!any) {
        const out = row.slice();
        for (const s of newSlots) out[s] = null;
        yield out;
      }
    }
  };
}

export function unwindOp(ev: Ev, slot: number): Op {
  return function* (input, ctx) {
    for (const row of input) {
      const v = ev(row, ctx);
      if (v === null) continue;
      if (Array.isArray(v)) {
        for (const x of v) { ctx.budget.tick(); const out = row.slice(); out[slot] = x; yield out; }
      } else {
        const out = row.slice();
        out[slot] = v;
        yield out;
      }
    }
  };
}

export function deleteOp(evs: Ev[], detach: boolean): Op {
  return function* (input, ctx) {
    const g = ctx.graph as MutableGraph;
    const rows = [...input];
    for (const row of rows) {
      for (const ev of evs) {
        const v = ev(row, ctx);
        if (v instanceof RelVal) g.deleteRel(v.id);
        else if (v instanceof NodeVal) {
          if (!detach && (g.outRels(v.id).length || g.inRels(v.id).length)) throw runtimeError('SemanticError', 'DeleteConnectedNode', 'cannot delete a node that has relationships');
          g.deleteNode(v.id);
        } else if (v instanceof PathVal) {
          for (const r of v.rels) g.deleteRel(r);
          for (const n of v.nodes) g.deleteNode(n);
        }
      }
    }
    yield* rows;
  };
}

export function* project(input: Iterable<Row>, ctx: ExecCtx, evs: Ev[], slots: number[]): Generator<Row> {
  const n = evs.length;
  for (const row of input) {
    const out = row.slice();
    for (let i = 0; i < n; i++) out[slots[i]] = evs[i](row, ctx);
    yield out;
  }
}

interface Group { keys: Value[]; accs: Accumulator[] }

export function aggregate(
  input: Iterable<Row>, ctx: ExecCtx, blank: () => Row, keyEvs: Ev[], keySlots: number[], aggEvs: Ev[], aggSlots: number[], specs: AggSpec[],
): Row[] {
  // Groups by the equivalence key of the grouping values; a single primitive key skips building key strings.
  const groups = new Map<unknown, Group>();
  const order: Group[] = [];
  const nk = keyEvs.length;
  const ns = specs.length;
  // Output rows only need the grouping keys and aggregates (anything else next to an aggregate is refused at
  // compile time), so groups keep no representative input row.
  const newGroup = (keys: Value[]): Group => ({ keys, accs: specs.map((s) => makeAccumulator(s.name, s.distinct, s.star)) });
  const args = specs.map((s) => s.arg);
  const extras = specs.map((s) => s.extra);
  const key0 = keyEvs[0];
  eachRow(input, (row) => {
    ctx.budget.tick();
    let g: Group | undefined;
    if (nk === 0) {
      g = order[0];
      if (!g) { g = newGroup([]); order.push(g); }
    } else {
      let keys: Value[] | undefined;
      let k: unknown;
      if (nk === 1) {
        const v = key0(row, ctx);
        // Strings and safe integers are their own keys (numbers and strings never collide in a Map).
        k = typeof v === 'string' || (typeof v === 'number' && !Object.is(v, -0)) ? v : keyOf(v);
        g = groups.get(k);
        if (!g) keys = [v];
      } else {
        keys = new Array<Value>(nk);
        for (let i = 0; i < nk; i++) keys[i] = keyEvs[i](row, ctx);
        k = keyOfAll(keys);
        g = groups.get(k);
      }
      if (!g) {
        g = newGroup(keys!);
        groups.set(k, g);
        order.push(g);
        if ((order.length & 1023) === 0) ctx.budget.checkRows(order.length);
      }
    }
    const accs = g.accs;
    for (let i = 0; i < ns; i++) {
      const a = args[i], x = extras[i];
      accs[i].add(a ? a(row, ctx) : null, ctx, x ? x(row, ctx) : undefined);
    }
  });
  if (order.length === 0 && nk === 0) {
    // Aggregation without grouping keys over no rows still yields one row (count(*) = 0).
    order.push(newGroup([]));
  }
  const out: Row[] = [];
  for (const g of order) {
    const row = blank();
    for (let i = 0; i < nk; i++) row[keySlots[i]] = g.keys[i];
    for (let i = 0; i < ns; i++) row[specs[i].slot] = g.accs[i].result();
    for (let i = 0; i < aggEvs.length; i++) row[aggSlots[i]] = aggEvs[i](row, ctx);
    out.push(row);
  }
  return out;
}

export function* distinctRows(rows: Iterable<Row>, ctx: ExecCtx, slots: number[]): Generator<Row> {
  const seen = new Set<string>();
  const vals: Value[] = new Array(slots.length);
  for (const row of rows) {
    for (let i = 0; i < slots.length; i++) vals[i] = row[slots[i]];
    const k = keyOfAll(vals);
    if (seen.has(k)) continue;
    seen.add(k);
    if ((seen.size & 1023) === 0) ctx.budget.checkRows(seen.size);
    yield row;
  }
}

/** ORDER BY: stable sort; with a known bound (SKIP + LIMIT) only the best `keep` rows are retained. */
export function sortRows(rows: Iterable<Row>, ctx: ExecCtx, evs: Ev[], desc: boolean[], keep: number): Row[] {
  const n = evs.length;
  const items: { row: Row; keys: Value[]; seq: number }[] = [];
  const cmp = (a: { keys: Value[]; seq: number }, b: { keys: Value[]; seq: number }): number => {
    for (let i = 0; i < n; i++) {
      const c = orderCompare(a.keys[i], b.keys[i]);
      if (c !== 0) return desc[i] ? -c : c;
    }
    return a.seq - b.seq;
  };
  let seq = 0;
  const bounded = Number.isFinite(keep) && keep < 100_000;
  for (const row of rows) {
    ctx.budget.tick();
    const keys = new Array<Value>(n);
    for (let i = 0; i < n; i++) keys[i] = evs[i](row, ctx);
    items.push({ row, keys, seq: seq++ });
    if (bounded && items.length >= keep * 2 + 1024) {
      items.sort(cmp);
      items.length = keep;
    } else if ((items.length & 1023) === 0) ctx.budget.checkRows(items.length);
  }
  items.sort(cmp);
  if (bounded && items.length > keep) items.length = keep;
  return items.map((x) => x.row);
}

export function* skipLimit(rows: Iterable<Row>, skip: number, limit: number): Generator<Row> {
  if (limit <= 0) return;
  let i = 0, taken = 0;
  for (const row of rows) {
    if (i++ < skip) continue;
    yield row;
    if (++taken >= limit) return;
  }
}

export function* filterRows(rows: Iterable<Row>, ctx: ExecCtx, pred: Ev): Generator<Row> {
  for (const row of rows) if (pred(row, ctx) === true) yield row;
}
