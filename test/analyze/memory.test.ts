/**
 * What an analyze lets go of before its last stages (the peak of its memory is there): a garbage collection asked
 * for through lib/util/collect-garbage.ts frees what nothing holds, and the resolver's result does not hold
 * the resolver (its facts and memos) with it.
 */
import test from 'ava';
import { collectGarbage } from '../../lib/util/collect-garbage.ts';
import { resolveProject } from '../../lib/resolve/index.ts';
import { extractFile, loadProjectConfig } from '../../lib/lang/index.ts';

/** A WeakRef to an object made here and referenced nowhere else (a function, so no local of the test keeps it). */
function weakGarbage(): WeakRef<object> {
  return new WeakRef({ rows: Array.from({ length: 10_000 }, (_, i) => ({ i })) });
}

test('collectGarbage frees an object nothing references', async (t) => {
  const ref = weakGarbage();
  // a WeakRef's target lives at least to the end of the job that made it: the collection runs on a later turn
  await collectGarbage();
  t.is(ref.deref(), undefined);
});

test('collectGarbage keeps what is referenced', async (t) => {
  const kept = { rows: [1, 2, 3] };
  const ref = new WeakRef(kept);
  await collectGarbage();
  t.is(ref.deref(), kept);
});

/** Resolves two Python files, returning the result and WeakRefs to the facts objects the resolver was given. */
function resolveDropping(): { result: ReturnType<typeof resolveProject>; facts: WeakRef<object>[] } {
  const files = new Map([
    ['pkg/a.py', 'from pkg.b import helper\n\ndef main():\n    return helper(1)\n'],
    ['pkg/b.py', 'def helper(x):\n    return x + 1\n'],
  ]);
  const facts = [...files].map(([p, text]) => extractFile(p, text, 'python'));
  const result = resolveProject(facts, loadProjectConfig([...files.keys()], () => undefined));
  return { result, facts: facts.map((f) => new WeakRef(f)) };
}

test('the resolver\'s result does not keep the facts it was given', async (t) => {
  const { result, facts } = resolveDropping();
  await collectGarbage();
  t.true(result.arrays.order > 0);
  t.deepEqual(facts.map((f) => f.deref() === undefined), facts.map(() => true));
  // the graphology view is still made on demand, from the arrays alone
  t.true(result.graph.order === result.arrays.order);
});
