import fs from 'node:fs';
import test from 'ava';
import { runTck, summarize } from './tck.ts';

const floor = JSON.parse(fs.readFileSync(new URL('./tck-floor.json', import.meta.url), 'utf8')) as { inScope: number; all: number };

test('openCypher TCK: read-only scenarios pass at or above the recorded floor', (t) => {
  const outcomes = runTck();
  const s = summarize(outcomes);
  const pct = (x: { passed: number; applicable: number }) => `${x.passed}/${x.applicable} (${((100 * x.passed) / x.applicable).toFixed(1)}%)`;
  t.log(`TCK in scope (clauses and expressions of issue 7): ${pct(s.inScope)}`);
  t.log(`TCK all read-only scenarios (incl. temporal, quantifiers, use cases): ${pct(s.all)}`);
  console.log(`TCK in scope: ${pct(s.inScope)}; all read-only: ${pct(s.all)}`);
  // The feature files must actually have been found and read.
  t.true(s.inScope.applicable > 1800, `only ${s.inScope.applicable} in-scope scenarios found`);
  t.true(s.inScope.passed >= floor.inScope, `in-scope TCK passes dropped to ${s.inScope.passed} (floor ${floor.inScope})`);
  t.true(s.all.passed >= floor.all, `TCK passes dropped to ${s.all.passed} (floor ${floor.all})`);
});
