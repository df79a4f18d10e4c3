import test from 'ava';
import { derivedForms } from '../../lib/search/derive.ts';
import { absentWordForms, derivedSettings, queryTerms, withDerivedForms } from '../../lib/search/query-terms.ts';
import { rankSettings, SearchIndex } from '../../lib/search/engine.ts';
import { appFiles, appGraph } from './fixture-graph.ts';

test('derived forms follow English morphology: nouns and adverbs to their stems, British to American spelling', (t) => {
  t.true(derivedForms('compression').includes('compress'));
  t.true(derivedForms('lazily').includes('lazy'));
  t.true(derivedForms('validation').includes('validate'));
  t.true(derivedForms('equality').includes('equal'));
  t.true(derivedForms('verification').includes('verify'));
  t.true(derivedForms('normalise').includes('normalize'));
  t.true(derivedForms('colour').includes('color'));
  t.true(derivedForms('cancelled').includes('canceled'));
  t.true(derivedForms('validate').includes('validation'));
  // Short words and words that are not plain lower-case letters have none; a word is never its own form.
  t.deepEqual(derivedForms('map'), []);
  t.deepEqual(derivedForms('parseDate'), []);
  t.false(derivedForms('compression').includes('compression'));
  // Within a family one ending applies: -ssion is not also read as -sion or -tion.
  t.false(derivedForms('compression').includes('compresse'));
});

test('a query word the index lacks is replaced by its forms the index has; a word it has is kept', (t) => {
  const df = (term: string): number => (['compress', 'lazy', 'stream', 'validation'].includes(term) ? 3 : 0);
  const q = withDerivedForms(queryTerms('stream compression lazily validation'), 'stream compression lazily validation', df);
  const w = new Map(q.filter((x) => !x.joined).map((x) => [x.term, x.weight]));
  t.is(w.get('compress'), derivedSettings.weight);
  t.is(w.get('lazy'), derivedSettings.weight);
  t.false(w.has('compression'));
  t.false(w.has('lazily'));
  t.is(w.get('stream'), 1);
  t.is(w.get('validation'), 1);
  t.false(w.has('validate'));
  // Nothing to stand in for a word none of whose forms the index has, nor for a query that is one identifier.
  t.deepEqual([...absentWordForms('zzzqqqxx compression', () => 0)], []);
  t.deepEqual([...absentWordForms('compression', df)], []);
});

test('the ranking finds the functions holding the verb of a noun the index lacks, in both lanes', (t) => {
  const files = appFiles();
  const idx = SearchIndex.inMemory(appGraph(files), (p) => files[p]);
  const text = 'password verification';
  // `verification` is in no symbol; `verify` is in verifyPassword's name and handleLogin's doc (`verifies`).
  t.is(idx.withAbsentWordForms(text), 'password verification verify');
  const saved = { ...derivedSettings };
  const savedRank = rankSettings.rerank;
  try {
    rankSettings.rerank = undefined;
    const firstTwo = (): string[] => idx.rank({ query: text }, { query: idx.embedLocally([text])[0] }).symbols.slice(0, 2).map((s) => s.uid.split(':').pop()!).sort();
    t.deepEqual(firstTwo(), ['handleLogin', 'verifyPassword']);
    derivedSettings.weight = 0;
    t.is(idx.withAbsentWordForms(text), text);
    t.true(firstTwo().includes('hashPassword'));
  } finally { Object.assign(derivedSettings, saved); rankSettings.rerank = savedRank; }
});
