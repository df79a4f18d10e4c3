/** Aggregate functions as accumulators: one per group per aggregate call. */
import { runtimeError } from './errors.ts';
import type { ExecCtx } from './runtime.ts';
import { CFloat, intFromBig, isInt, isNumber, keyOf, num, orderCompare, typeName, type Value } from './values.ts';

export interface Accumulator {
  /** Adds one row's argument value(s); `extra` is the second argument (percentiles). */
  add(v: Value, ctx: ExecCtx, extra?: Value): void;
  result(): Value;
}

/** Creates an accumulator for `name` (lower case); `star` is count(*). */
export function makeAccumulator(name: string, distinct: boolean, star: boolean): Accumulator {
  const acc = base(name, star);
  if (!distinct) return acc;
  const seen = new Set<string>();
  return {
    add(v, ctx, extra) {
      if (v === null) return;
      const k = keyOf(v);
      if (seen.has(k)) return;
      seen.add(k);
      ctx.budget.checkRows(seen.size);
      acc.add(v, ctx, extra);
    },
    result: () => acc.result(),
  };
}

function notNumber(name: string, v: Value): Error {
  return runtimeError('TypeError', 'InvalidArgumentType', `${name}() cannot aggregate a value of type ${typeName(v)}`);
}

function base(name: string, star: boolean): Accumulator {
  switch (name) {
    case 'count':
      // Classes, not closures: one allocation per group matters when there are 100k groups.
      return star ? new CountStar() : new CountValues();
    case 'collect': {
      const out: Value[] = [];
      return {
        add(v, ctx) {
          if (v === null) return;
          out.push(v);
          if ((out.length & 0xffff) === 0) { ctx.budget.checkList(out.length); ctx.budget.allocate(0x10000); }
        },
        result: () => out,
      };
    }
    case 'sum': {
      let i: number | bigint = 0, f = 0, isFloat = false;
      return {
        add(v) {
          if (v === null) return;
          if (!isNumber(v)) throw notNumber('sum', v);
          if (isInt(v) && !isFloat) {
            const r: number | bigint = typeof i === 'number' && typeof v === 'number' ? i + v : 0;
            i = typeof i === 'number' && typeof v === 'number' && Number.isSafeInteger(r as number) ? r : intFromBig(BigInt(i) + BigInt(v));
          } else {
            if (!isFloat) { f = Number(i); isFloat = true; }
            f += num(v);
          }
        },
        result: () => (isFloat ? new CFloat(f) : i),
      };
    }
    case 'avg': {
      let sum = 0, n = 0;
      return {
        add(v) { if (v === null) return; if (!isNumber(v)) throw notNumber('avg', v); sum += num(v); n++; },
        result: () => (n === 0 ? null : new CFloat(sum / n)),
      };
    }
    case 'min': case 'max': {
      let best: Value = null;
      const sign = name === 'min' ? -1 : 1;
      return {
        add(v) { if (v === null) return; if (best === null || orderCompare(v, best) * sign > 0) best = v; },
        result: () => best,
      };
    }
    case 'stdev': case 'stdevp': {
      const xs: number[] = [];
      return {
        add(v) { if (v === null) return; if (!isNumber(v)) throw notNumber(name, v); xs.push(num(v)); },
        result: () => {
          const n = xs.length;
          if (n === 0 || (name === 'stdev' && n === 1)) return new CFloat(0);
          const mean = xs.reduce((a, b) => a + b, 0) / n;
          const ss = xs.reduce((a, b) => a + (b - mean) * (b - mean), 0);
          return new CFloat(Math.sqrt(ss / (name === 'stdev' ? n - 1 : n)));
        },
      };
    }
    case 'percentilecont': case 'percentiledisc': {
      const xs: Value[] = [];
      let p: number | undefined;
      return {
        add(v, _ctx, extra) {
          if (extra === null || extra === undefined || !isNumber(extra)) throw runtimeError('ArgumentError', 'NumberOutOfRange', `${name}() percentile must be a number between 0.0 and 1.0`);
          const q = num(extra);
          if (!(q >= 0 && q <= 1)) throw runtimeError('ArgumentError', 'NumberOutOfRange', `${name}() percentile must be between 0.0 and 1.0, not ${q}`);
          p = q;
          if (v === null) return;
          if (!isNumber(v)) throw notNumber(name, v);
          xs.push(v);
        },
        result: () => {
          if (xs.length === 0 || p === undefined) return null;
          const sorted = [...xs].sort(orderCompare);
          if (name === 'percentiledisc') {
            const idx = p === 0 ? 0 : Math.ceil(p * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
          }
          const pos = p * (sorted.length - 1);
          const lo = Math.floor(pos), hi = Math.ceil(pos);
          const a = num(sorted[lo] as number), b = num(sorted[hi] as number);
          return new CFloat(a + (b - a) * (pos - lo));
        },
      };
    }
  }
  throw runtimeError('SyntaxError', 'UnknownFunction', `unknown aggregate ${name}`);
}

class CountStar implements Accumulator {
  n = 0;
  add(): void { this.n++; }
  result(): Value { return this.n; }
}

class CountValues implements Accumulator {
  n = 0;
  add(v: Value): void { if (v !== null) this.n++; }
  result(): Value { return this.n; }
}
