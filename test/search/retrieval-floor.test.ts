import test from 'ava';
import { evaluate } from '../../bench/search-eval.ts';
import { QUERIES } from '../../bench/search-queries.ts';

// Floors reached by bench/search-eval.ts on rxjs 7.8.1 with the built-in embedder (docs/benchmarks.md,
// "Search"). A change to tokenising, fields, embedder or fusion that loses retrieval quality fails here.
const FLOOR = { hybridAcc1: 0.37, hybridAcc5: 0.69, hybridMrr: 0.51 };

test('hybrid retrieval on rxjs stays at or above its floor, and above keyword-only', async (t) => {
  t.true(QUERIES.length >= 50);
  const r = await evaluate();
  t.log(JSON.stringify(r.modes));
  const { hybrid, keyword } = r.modes;
  t.true(hybrid.acc1 >= FLOOR.hybridAcc1, `Acc@1 ${hybrid.acc1}`);
  t.true(hybrid.acc5 >= FLOOR.hybridAcc5, `Acc@5 ${hybrid.acc5}`);
  t.true(hybrid.mrr >= FLOOR.hybridMrr, `MRR ${hybrid.mrr}`);
  t.true(hybrid.acc5 >= keyword.acc5 && hybrid.mrr >= keyword.mrr, 'fusion adds to keyword-only');
});
