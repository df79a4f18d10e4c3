import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments, type SearchFields } from '../../lib/search/documents.ts';
import { KeywordBuilder } from '../../lib/search/keyword.ts';
import { BAG_SPEC, documentTerms } from '../../lib/search/embedders/cooccurrence.ts';

const files = appFiles();
const docs = buildDocuments(appGraph(files), (p) => files[p]);

test('replacing rows of a keyword index gives the index of the replaced documents, byte for byte', (t) => {
  const before = KeywordBuilder.build(docs);
  const only = (w: string): boolean => docs.filter((d) => Object.values(d.fields).join(' ').includes(w)).length === 1;
  // a row losing every word it alone had (those terms leave the dictionary), one gaining new words, the last one emptied
  const lone = docs.findIndex((d) => d.fields.name && only(d.fields.name));
  t.true(lone >= 0);
  const empty: SearchFields = { name: '', owner: '', path: '', signature: '', doc: '', comments: '', strings: '', body: '' };
  const replaced = new Map<number, SearchFields>([
    [lone, { ...docs[(lone + 1) % docs.length].fields }],
    [2, { ...docs[2].fields, doc: 'jittered linear delay, jittered again', body: `${docs[2].fields.body} zzyzx` }],
    [docs.length - 1, empty],
  ]);
  const at = [...replaced.keys()].sort((a, b) => a - b);
  const after = docs.map((d, i) => ({ fields: replaced.get(i) ?? d.fields }));
  const spliced = before.withRows(at, at.map((i) => replaced.get(i)!));
  t.deepEqual(spliced.toBuffer(), KeywordBuilder.build(after).toBuffer());
  // the edit both added terms and made some leave the dictionary
  t.true(spliced.termId('zzyzx') >= 0);
  t.true(before.terms.some((w) => spliced.termId(w) < 0));
  // no row replaced: the same index
  t.deepEqual(before.withRows([], []).toBuffer(), before.toBuffer());
});

test('a builder given the learned model\'s bag rule makes each document\'s weighted terms as documentTerms does, in the same order, and the same index', (t) => {
  // Runs where the bag and the fields' own rules part: stop words with stems of their own (`does` → `doe`), compound
  // names that are keywords whole (`typeOf`), keywords' plurals (`classes` → `class`), change words, one letter.
  const odd: SearchFields = {
    name: 'typeOf', owner: 'Classes.does', path: 'lib/the_has/x_y', signature: 'fix(a: number, doesThing: string): Set<Of>',
    doc: 'It does things when the classes are added; fixes `typeOf` via the doe.', comments: '# TODO ha has was x', strings: 'a b c "fixed" classes',
    body: 'if x typeOf __proto__ Classes does doe doe the_has ha fix fixes',
  };
  const all = [...docs.map((d) => ({ ...d.fields })), odd];
  const made = new Map<SearchFields, Map<string, number>>();
  const withBags = KeywordBuilder.build(all.map((fields) => ({ fields })), { ...BAG_SPEC, made: (f, bag) => { made.set(f, bag); } });
  t.is(made.size, all.length);
  for (const f of all) t.deepEqual([...made.get(f)!], [...documentTerms({ ...f })]);
  t.true(made.get(odd)!.has('doe') && made.get(odd)!.has('class'));
  t.deepEqual(withBags.toBuffer(), KeywordBuilder.build(all.map((fields) => ({ fields }))).toBuffer());
});
