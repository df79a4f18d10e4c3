import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments, type SearchFields } from '../../lib/search/documents.ts';
import { coocToBuffer, documentTerms, embedTerms, learnCooccurrence, primeDocumentTerms, type CoocModel } from '../../lib/search/embedders/cooccurrence.ts';
import { coocSumsToBuffer, updateCooccurrence, withSums, type StoredBags } from '../../lib/search/embedders/cooc-update.ts';

const files = appFiles();
const bags: ReadonlyArray<ReadonlyMap<string, number>> = buildDocuments(appGraph(files), (p) => files[p]).map((d) => documentTerms(d.fields));

/** Documents whose weighted terms are `bags` (fresh fields objects, so nothing is memoised across models). */
const docsOf = (list: ReadonlyArray<ReadonlyMap<string, number>>): Array<{ fields: SearchFields }> => list.map((bag) => {
  const fields = {} as SearchFields;
  primeDocumentTerms(fields, () => bag);
  return { fields };
});

/** bags.bin's content for `list`, over a dictionary that also holds words no bag has (as the keyword index's does). */
function stored(list: ReadonlyArray<ReadonlyMap<string, number>>): StoredBags {
  const dict = [...new Set(['zz-keyword-only', ...list.flatMap((b) => [...b.keys()])])].sort();
  const id = new Map(dict.map((t, i) => [t, i] as const));
  const offsets = new Uint32Array(list.length + 1);
  const terms: number[] = [], weights: number[] = [];
  list.forEach((b, r) => { for (const [t, w] of b) { terms.push(id.get(t)!); weights.push(w); } offsets[r + 1] = terms.length; });
  return { offsets, terms: Uint32Array.from(terms), weights: Float64Array.from(weights), dict };
}

/** Same bytes: the model file and its sums. */
const bytes = (m: CoocModel): string => coocToBuffer(m).toString('base64') + coocSumsToBuffer(m)!.toString('base64');

/** A term's document frequency in `list`. */
const df = (list: ReadonlyArray<ReadonlyMap<string, number>>, term: string): number => list.filter((b) => b.has(term)).length;

/** Updates the model of `before` to `after` (same rows) and checks it against learning `after` from scratch. */
function check(t: import('ava').ExecutionContext, before: ReadonlyArray<ReadonlyMap<string, number>>, after: ReadonlyArray<ReadonlyMap<string, number>>): Uint8Array {
  const old = learnCooccurrence(docsOf(before));
  const cold = learnCooccurrence(docsOf(after));
  // what analyze reads back: the stored model and its sums
  const previous = withSums({ ...old, sums: undefined }, coocSumsToBuffer(old)!)!;
  const changed = after.map((b, r) => (b === before[r] ? undefined : b));
  const up = updateCooccurrence(previous, stored(before), changed);
  if (!up) { t.fail('the update did not apply'); return new Uint8Array(0); }
  t.is(bytes(up.model), bytes(cold));
  t.is(up.model.id, cold.id);
  after.forEach((b, r) => {
    t.deepEqual(Array.from(up.embed(r)), Array.from(embedTerms(cold, b)), `row ${r}`);
    if (up.same[r]) t.deepEqual(Array.from(embedTerms(old, before[r])), Array.from(embedTerms(cold, b)), `row ${r} kept its vector`);
  });
  t.is(up.same.filter((x, r) => x && after[r] !== before[r]).length, 0);
  return up.same;
}

test('an updated model is the one learned from scratch, bit for bit, whatever the edit moves', (t) => {
  t.true(bags.length > 10);
  // a word some documents hold, in none of the others: it leaves the model once only one document holds it
  const pair = [...new Set(bags.flatMap((b) => [...b.keys()]))].find((w) => df(bags, w) === 2)!;
  const [a, b] = bags.flatMap((x, r) => (x.has(pair) ? [r] : []));
  const after = bags.map((x, r) => {
    if (r === a) { const m = new Map(x); m.delete(pair); m.set('jittered', 2); return m; } // a kept term dropped, a new word
    if (r === 3) return new Map([...x, ['jittered', 1], ['delay', 3]]); // 'jittered' now in two documents: kept
    return x;
  });
  t.not(a, b);
  check(t, bags, after);
  // and back
  check(t, after, bags);
});

test('a document whose terms the edit does not touch keeps its vector', (t) => {
  // two documents gain words no other document holds (their weights change, no document frequency of a kept term does)
  const fresh = bags.findIndex((b) => b.size > 3);
  const after = bags.map((x, r) => (r === fresh ? new Map([...x, ['qqonlyhere', 1]]) : x));
  const same = check(t, bags, after);
  t.true(same.some((x) => x === 1));
  t.is(same[fresh], 0);
});

test('the update refuses what it cannot make: another number of rows, a model without its sums or not of these bags', (t) => {
  const old = learnCooccurrence(docsOf(bags));
  const none = bags.map(() => undefined);
  t.is(updateCooccurrence(old, stored(bags), none.slice(1)), undefined);
  t.is(updateCooccurrence({ ...old, sums: undefined }, stored(bags), none), undefined);
  t.is(updateCooccurrence(old, stored(bags.map((b, r) => (r < 5 ? b : new Map()))), none), undefined);
  t.is(withSums(old, coocSumsToBuffer(old)!.subarray(0, 20)), undefined);
});
