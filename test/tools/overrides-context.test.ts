/** `context` of methods with overrides: both directions, in order, counted, and paged under a small budget. */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context } from '../../handlers/context.ts';
import type { BudgetedContext } from '../../handlers/context-budget.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { indexFixture, readFixture } from '../indexer/harness.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'overrides');
const Q = (name: string) => `Method:src/query.ts:${name}`;
const uids = (list: Array<{ uid: string }>) => list.map((x) => x.uid);

function fixtureSnapshot() {
  const files = readFixture(FIXTURE);
  return memorySnapshot({ graph: indexFixture(files).graph, files: Object.fromEntries(files) });
}

test('context of an abstract method lists what overrides it; of an override, what it overrides (nearest only)', async (t) => {
  const s = fixtureSnapshot();
  const base = await context({ uid: Q('QueryBuilder.getQuery') }, s) as BudgetedContext;
  t.deepEqual(uids(base.incoming.overrides), ['SelectQuery', 'InsertQuery', 'UpdateQuery', 'DeleteQuery', 'UpsertQuery', 'CountQuery', 'Odd'].map((c) => Q(`${c}.getQuery`)));
  t.is(base.counts.incoming.overrides, 7);
  t.deepEqual(base.outgoing.overrides, []);
  t.true(base.incoming.overrides.every((r) => r.reason === 'heritage' && r.confidence === 1));

  const mid = await context({ uid: Q('CountQuery.getQuery') }, s) as BudgetedContext;
  t.deepEqual(uids(mid.outgoing.overrides), [Q('QueryBuilder.getQuery')]);
  t.deepEqual(uids(mid.incoming.overrides), [Q('DistinctCountQuery.getQuery'), Q('FastCount.getQuery')]);

  // implementing an interface: the class's method and an object literal's method
  const iface = await context({ uid: 'Method:src/query.ts:Describable.describe' }, s) as BudgetedContext;
  t.deepEqual(uids(iface.incoming.overrides), [Q('QueryBuilder.describe'), 'Method:src/run.ts:plain.describe']);
  const del = await context({ uid: Q('DeleteQuery.describe') }, s) as BudgetedContext;
  t.deepEqual(uids(del.outgoing.overrides), [Q('QueryBuilder.describe')]);
});

test('over a small budget the overrides lists are cut, counted and read on with section and offset', async (t) => {
  // a base method with 80 implementations, each in a class of its own
  const g = new GraphBuilder();
  const base = 'Method:src/base.ts:Base.run';
  g.addNode({ uid: 'Class:src/base.ts:Base', label: 'Class', name: 'Base', filePath: 'src/base.ts', line: 1 });
  g.addNode({ uid: base, label: 'Method', name: 'run', filePath: 'src/base.ts', line: 2 });
  g.addEdge({ source: 'Class:src/base.ts:Base', target: base, type: 'HAS_METHOD', confidence: 1, reason: 'structure' });
  for (let i = 0; i < 80; i++) {
    const file = `src/impl${String(i).padStart(2, '0')}.ts`;
    g.addNode({ uid: `Class:${file}:Impl${i}`, label: 'Class', name: `Impl${i}`, filePath: file, line: 1 });
    g.addNode({ uid: `Method:${file}:Impl${i}.run`, label: 'Method', name: 'run', filePath: file, line: 2 });
    g.addEdge({ source: `Class:${file}:Impl${i}`, target: `Method:${file}:Impl${i}.run`, type: 'HAS_METHOD', confidence: 1, reason: 'structure' });
    g.addEdge({ source: `Class:${file}:Impl${i}`, target: 'Class:src/base.ts:Base', type: 'EXTENDS', confidence: 1, reason: 'heritage', line: 1 });
    g.addEdge({ source: `Method:${file}:Impl${i}.run`, target: base, type: 'OVERRIDES', confidence: 1, reason: 'heritage', line: 2 });
  }
  const s = memorySnapshot({ graph: g.toGraph() });
  const whole = await context({ uid: base, max_chars: 100_000 }, s) as BudgetedContext;
  t.is(whole.incoming.overrides.length, 80);
  t.false(whole.truncated);
  const cut = await context({ uid: base, max_chars: 2000 }, s) as BudgetedContext;
  t.true(cut.truncated);
  t.is(cut.counts.incoming.overrides, 80);
  t.true(cut.incoming.overrides.length < 80);
  const m = cut.more?.find((x) => x.section === 'incoming.overrides');
  t.truthy(m, 'the cut overrides list is named in more');
  const got = [...cut.incoming.overrides];
  let next: number | undefined = m!.next_offset;
  while (next !== undefined) {
    const page = await context({ uid: base, section: 'incoming.overrides', offset: next, max_chars: 2000 }, s) as BudgetedContext;
    t.true(JSON.stringify(page).length <= 2000);
    got.push(...page.incoming.overrides);
    next = page.more?.find((x) => x.section === 'incoming.overrides')?.next_offset;
  }
  t.deepEqual(uids(got), uids(whole.incoming.overrides));
});
