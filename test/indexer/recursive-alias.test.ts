/**
 * A recursive type alias whose conditional branches instantiate it again with `infer`red parts nothing binds (an ORM's
 * `FindOptionsWhere`): each reading of it is bounded by the alias's size, not exponential in the nesting bound, and
 * the members read through it still resolve.
 */
import test from 'ava';
import { Evaluator } from '../../lib/resolve/evaluate.ts';
import { indexFixture } from './harness.ts';
import { outEdgesOf } from '../helpers/graph.ts';

const FILES = new Map<string, string>([
  ['tsconfig.json', '{"compilerOptions":{"strict":true,"target":"es2022"}}'],
  ['src/where.ts', [
    'export class FindOperator<T> { constructor(readonly value: T) {} describe(): string { return "op"; } }',
    'export type WhereProperty<P, Prop = P> =',
    '  P extends Promise<infer I> ? WhereProperty<NonNullable<I>>',
    '  : P extends Array<infer I> ? WhereProperty<NonNullable<I>>',
    '  : P extends Set<infer I> ? WhereProperty<NonNullable<I>>',
    '  : P extends string ? Prop | FindOperator<Prop>',
    '  : P extends object ? Where<Prop> | FindOperator<Prop>',
    '  : Prop | FindOperator<Prop>;',
    'export type Where<E> = { [K in keyof E]?: WhereProperty<NonNullable<E[K]>> };',
    'export function describeAll(p: WhereProperty<unknown>, q: WhereProperty<string>): string {',
    '  return p.describe() + q.describe();',
    '}',
  ].join('\n')],
]);

test('a recursive conditional alias read with unbound inferred parts stays linear, and its calls resolve', (t) => {
  const proto = Evaluator.prototype as unknown as { typeValueCounted: (...a: unknown[]) => unknown };
  const original = proto.typeValueCounted;
  let readings = 0;
  proto.typeValueCounted = function (this: unknown, ...a: unknown[]) { readings++; return original.apply(this, a); };
  let result;
  try { result = indexFixture(FILES); } finally { proto.typeValueCounted = original; }
  // (three branches recursing down to the nesting bound of eight made over a million readings)
  t.true(readings < 2_000, `${readings} type readings`);
  const calls = outEdgesOf(result.graph, 'Function:src/where.ts:describeAll').filter((e) => e.type === 'CALLS').map((e) => e.target).sort();
  t.deepEqual(calls, ['Method:src/where.ts:FindOperator.describe']);
});
