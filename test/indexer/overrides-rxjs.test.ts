/**
 * OVERRIDES on real code: rxjs 7.8.1's sources (a pinned devDependency), against the TypeScript checker
 * (bench/overrides-oracle.ts, the nearest declaration on every heritage path), with a few pairs read by hand.
 */
import test from 'ava';
import { corpus } from '../../bench/callgraph-corpora.ts';
import { overridesDiff } from '../../bench/overrides-oracle.ts';

test('rxjs: every OVERRIDES pair of a class or interface method is the checker\'s, and none is missed', (t) => {
  const c = corpus('rxjs');
  const d = overridesDiff(c.root, c.compilerOptions, 'paths');
  t.true(d.ours >= 40, `${d.ours} pairs`);
  t.deepEqual(d.extra, [], 'pairs the checker does not have');
  t.deepEqual(d.missed, [], 'pairs the checker has that the graph misses');
  const has = (source: string, target: string) => t.true(d.pairs.includes(`Method:internal/${source} -> Method:internal/${target}`), `${source} -> ${target}`);
  // an override of an override points at its direct parent
  has('testing/TestScheduler.ts:TestScheduler.flush', 'scheduler/VirtualTimeScheduler.ts:VirtualTimeScheduler.flush');
  has('scheduler/VirtualTimeScheduler.ts:VirtualTimeScheduler.flush', 'scheduler/AsyncScheduler.ts:AsyncScheduler.flush');
  t.false(d.pairs.includes('Method:internal/testing/TestScheduler.ts:TestScheduler.flush -> Method:internal/scheduler/AsyncScheduler.ts:AsyncScheduler.flush'));
  // a class implementing an interface, an interface extending one, a static side
  has('Observable.ts:Observable.subscribe', 'types.ts:Subscribable.subscribe');
  has('types.ts:SubscriptionLike.unsubscribe', 'types.ts:Unsubscribable.unsubscribe');
  has('Subject.ts:Subject.create', 'Observable.ts:Observable.create');
  // a subclass overriding a method its base declares, through a class that passes it on
  has('observable/dom/WebSocketSubject.ts:WebSocketSubject._subscribe', 'Subject.ts:AnonymousSubject._subscribe');
});
